"""``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), served with their scripts and styles from the
service itself (``app/web/static/vendor``, see its README: npm's ``swagger-ui-dist`` and
``redoc``), never from a CDN: they work offline and nobody else learns of the visit.

Neither page has an inline script (Swagger UI is started by ``/static/api-docs.js``). Each page
widens the service's Content-Security-Policy (:data:`app.service.middleware.CSP`) by what its library
needs, all of it from the service itself: both draw icons as ``data:`` SVG images; ReDoc writes
its styles into ``<style>`` elements (its own stylesheet, and empty elements it fills through
the CSSOM: allowed by their hashes) and runs its search in a worker made from a ``blob:`` of its
own script.
"""

from __future__ import annotations

from html import escape

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse

from app.service.middleware import CSP

SWAGGER_CSP = f"{CSP}; img-src 'self' data:"
"""``/docs``: the service's CSP, plus Swagger UI's ``data:`` icons."""

REDOC_STYLE_HASHES = (
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",  # an empty <style> (styled-components fills it via CSSOM)
    "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",  # the stylesheet bundled in redoc.standalone.js 2.5.4
)
REDOC_CSP = f"{CSP}; img-src 'self' data:; style-src 'self' {' '.join(REDOC_STYLE_HASHES)}; worker-src 'self' blob:"
"""``/redoc``: the service's CSP, plus ReDoc's ``data:`` icons, its own ``<style>`` elements (by
hash) and its search worker (a ``blob:`` of its own code)."""


def _page(title: str, head: str, body: str) -> str:
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n{head}</head>\n<body>\n{body}</body>\n</html>\n")


def install_api_docs(app: FastAPI) -> None:
    """Add ``GET /docs`` and ``GET /redoc`` to ``app`` (built with ``docs_url=None,
    redoc_url=None``), reading the OpenAPI document at ``app.openapi_url``. The static files
    come from the ``/static`` mount of :func:`app.web.install_web`."""
    openapi_url = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    def swagger_ui(request: Request) -> HTMLResponse:
        """The API's interactive documentation (Swagger UI), every file from this service."""
        root = escape(request.scope.get("root_path", ""))
        head = (f'<link rel="stylesheet" href="{root}/static/vendor/swagger-ui/swagger-ui.css">\n'
                f'<link rel="stylesheet" href="{root}/static/api-docs.css">\n'
                f'<link rel="icon" href="{root}/static/favicon.svg" type="image/svg+xml">\n')
        body = (f'<div id="swagger-ui" data-openapi-url="{root}{escape(openapi_url)}"></div>\n'
                f'<script src="{root}/static/vendor/swagger-ui/swagger-ui-bundle.js"></script>\n'
                f'<script src="{root}/static/api-docs.js"></script>\n')
        return HTMLResponse(_page(f"{app.title} - Swagger UI", head, body),
                            headers={"Content-Security-Policy": SWAGGER_CSP})

    @app.get("/redoc", include_in_schema=False)
    def redoc(request: Request) -> HTMLResponse:
        """The API's reference documentation (ReDoc), every file from this service."""
        root = escape(request.scope.get("root_path", ""))
        head = (f'<link rel="stylesheet" href="{root}/static/api-docs.css">\n'
                f'<link rel="icon" href="{root}/static/favicon.svg" type="image/svg+xml">\n')
        body = (f'<redoc spec-url="{root}{escape(openapi_url)}"></redoc>\n'
                f'<script src="{root}/static/vendor/redoc/redoc.standalone.js"></script>\n')
        return HTMLResponse(_page(f"{app.title} - ReDoc", head, body), headers={"Content-Security-Policy": REDOC_CSP})


__all__ = ["REDOC_CSP", "SWAGGER_CSP", "install_api_docs"]
