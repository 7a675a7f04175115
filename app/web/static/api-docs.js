// Starts Swagger UI on /docs (app/api_docs.py). A file, not an inline script: the service's
// Content-Security-Policy refuses inline scripts. The same options as FastAPI's own /docs,
// without the online validator (a request to another site).
(function () {
  "use strict";
  var node = document.getElementById("swagger-ui");
  window.ui = SwaggerUIBundle({
    url: node.getAttribute("data-openapi-url"),
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset]
  });
})();
