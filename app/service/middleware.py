"""Secure by default: security headers, a request id and one access-log line on every request.

``install_security(app)`` wraps the app in :class:`SecurityMiddleware`, a pure ASGI middleware
(not Starlette's ``BaseHTTPMiddleware``: streamed bodies pass through chunk by chunk, and the
endpoints that run in the thread pool for the solver are not touched). On every HTTP response,
API, page, static file or error alike, it:

- adds the security headers (:data:`SECURITY_HEADERS`): a Content-Security-Policy that allows
  only the service itself (:data:`CSP`; a response that already carries its own, such as
  ``/docs``, keeps it), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: same-origin``
  and ``X-Frame-Options: DENY`` (``frame-ancestors 'none'`` for older browsers);
- sends back the request id as ``X-Request-ID``: the caller's own when it is sane (1 to 64
  letters, digits, ``.``, ``_``, ``-``), else a new one (32 hex digits); handlers read it as
  ``request.state.request_id``;
- adds ``"request_id"`` at the top level of every JSON error body (status 400 and above);
- turns an exception no handler caught into a 500 in the project's error shape (with the
  request id), logged with its traceback on the ``advisor.error`` logger;
- logs one JSON line on the ``advisor.access`` logger (:func:`access_fields`): never a body,
  a header or a query value.
"""

from __future__ import annotations

import datetime as dt
import html
import ipaddress
import json
import logging
import os
import re
import sys
import time
import uuid
from collections.abc import Iterable, MutableMapping, Sequence
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi import FastAPI
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import i18n
from app.service.errors import internal_error

CSP = "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
"""The Content-Security-Policy of every response: scripts, styles, images, fonts, connections
and frames from the service itself only; no inline script or style, no plugin, not framed."""

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)
"""The headers added to every response that does not already carry them (name, value)."""

REQUEST_ID_HEADER = "X-Request-ID"
"""The request id's header, read from the request and sent back on every response."""

_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_MAX_LOGGED_PATH = 2000

access_log = logging.getLogger("advisor.access")
"""One JSON line per request (INFO): see :func:`access_fields`."""
error_log = logging.getLogger("advisor.error")
"""Unhandled exceptions (ERROR), with the traceback and the request id."""


def request_id_from(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """The request id for a request with these raw ASGI headers: its ``X-Request-ID`` when that
    is 1 to 64 characters among ``A-Z a-z 0-9 . _ -``, else a new random id (32 hex digits)."""
    for name, value in headers:
        if name.lower() == b"x-request-id":
            text = value.decode("latin-1").strip()
            if _SANE_ID.fullmatch(text):
                return text
            break
    return uuid.uuid4().hex


def access_fields(scope: Scope, status: int | None, duration_s: float, sent: int, request_id: str) -> dict[str, Any]:
    """The access-log line of one request, as a dict (logged as one JSON line):

    ``time`` (ISO 8601, UTC, ms), ``method``, ``path`` (without the query, at most 2000
    characters), ``query`` (the query's parameter names in order, never their values),
    ``status`` (``null`` when no response was sent: the client went away), ``duration_ms``
    (float, 0.1 ms), ``bytes`` (response body bytes sent), ``request_id``, ``client`` (the peer's
    address, or ``null``). Never a body, a header (so never a token) nor a query value.
    """
    query = scope.get("query_string", b"").decode("latin-1")
    client = scope.get("client")
    return {
        "time": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "method": scope.get("method", ""),
        "path": str(scope.get("path", ""))[:_MAX_LOGGED_PATH],
        "query": [name for name, _ in parse_qsl(query, keep_blank_values=True)][:50],
        "status": status,
        "duration_ms": round(duration_s * 1000, 1),
        "bytes": sent,
        "request_id": request_id,
        "client": client[0] if client else None,
    }


def _header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes | None:
    return next((v for k, v in headers if k.lower() == name), None)


def _is_json(headers: list[tuple[bytes, bytes]]) -> bool:
    kind = (_header(headers, b"content-type") or b"").split(b";")[0].strip().lower()
    return (kind == b"application/json" or kind.endswith(b"+json")) and _header(headers, b"content-encoding") is None


def _with_request_id(body: bytes, request_id: str) -> bytes | None:
    """``body`` (a JSON object) with ``"request_id"`` added at its top level; None when it is
    not a JSON object or already has one."""
    try:
        doc = json.loads(body)
    except ValueError:
        return None
    if not isinstance(doc, dict) or "request_id" in doc:
        return None
    doc["request_id"] = request_id
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


class SecurityMiddleware:
    """The pure ASGI middleware described in this module's docstring. ``app``: the ASGI app to
    wrap. Only ``http`` scopes are changed; ``lifespan`` and ``websocket`` pass through."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one ASGI request (see the class)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        rid = request_id_from(scope.get("headers", ()))
        state: MutableMapping[str, Any] = scope.setdefault("state", {})
        state["request_id"] = rid
        start = time.perf_counter()
        status: int | None = None
        sent = 0
        held: Message | None = None  # an error's JSON start line, held until its body is complete
        chunks: list[bytes] = []

        async def send_secured(message: Message) -> None:
            nonlocal status, sent, held
            if message["type"] == "http.response.start":
                status = int(message["status"])
                headers = list(message.get("headers", ()))
                present = {k.lower() for k, _ in headers}
                headers += [(n.lower().encode(), v.encode()) for n, v in SECURITY_HEADERS
                            if n.lower().encode() not in present]
                headers = [(k, v) for k, v in headers if k.lower() != b"x-request-id"]
                headers.append((b"x-request-id", rid.encode()))
                message = {**message, "headers": headers}
                if status >= 400 and _is_json(headers):
                    held = message
                    return
            elif message["type"] == "http.response.body" and held is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                body = b"".join(chunks)
                first, held = held, None
                changed = _with_request_id(body, rid)
                if changed is not None:
                    body = changed
                    first["headers"] = [(k, v) for k, v in first["headers"] if k.lower() != b"content-length"]
                    first["headers"].append((b"content-length", str(len(body)).encode()))
                await send(first)
                message = {"type": "http.response.body", "body": body, "more_body": False}
            if message["type"] == "http.response.body":
                sent += len(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, send_secured)
        except Exception:
            error_log.error(json.dumps({"event": "unhandled_exception", "request_id": rid,
                                        "method": scope.get("method", ""), "path": scope.get("path", "")}),
                            exc_info=True, extra={"request_id": rid})
            if status is not None:  # the answer had begun: nothing better can be sent
                raise
            await internal_error(rid)(scope, receive, send_secured)
        finally:
            fields = access_fields(scope, status, time.perf_counter() - start, sent, rid)
            access_log.info(json.dumps(fields, ensure_ascii=False), extra={"access": fields})


def _ensure_log_output() -> None:
    """The ``advisor`` loggers log INFO and above; when logging is not configured at all (no
    handler on ``advisor`` nor on the root logger, as under plain uvicorn), their lines go to
    stderr as they are (each already one JSON line)."""
    parent = logging.getLogger("advisor")
    if parent.level == logging.NOTSET:
        parent.setLevel(logging.INFO)
    if not parent.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        parent.addHandler(handler)


def install_security(app: FastAPI) -> None:
    """Wrap ``app`` in :class:`SecurityMiddleware` and make sure its log lines go somewhere.
    Call it last in ``create_app()``: middleware added later would sit outside it, and its
    answers would miss the headers."""
    _ensure_log_output()
    app.add_middleware(SecurityMiddleware)




# ---------------------------------------------------------------------------------------------
# No writes from other sites; only this service's own host names (issue 23)

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods that change something: refused when another site sent them (:class:`SameOriginWrites`)."""

LOOPBACK_HOSTS: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")
"""The host names always allowed (:func:`allowed_hosts`): this machine's own. A browser sends one
of them only to a page it opened on this machine, never to a rebound foreign name."""

_DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]
"""An origin: (scheme, host name in lower case without brackets, port)."""


def host_pattern(name: str) -> str:
    """``name`` (a host name or address, as ``ADVISOR_ALLOWED_HOSTS`` or ``advisor serve --host``
    give it) as Starlette's ``TrustedHostMiddleware`` compares it with the ``Host`` header: lower
    case, without a port, an IPv6 address in brackets (``::1`` -> ``[::1]``, ``[::1]:8000`` ->
    ``[::1]``, ``Advisor.example:8443`` -> ``advisor.example``); ``""`` for a blank name."""
    name = name.strip().lower()
    try:
        return f"[{ipaddress.IPv6Address(name)}]"
    except ValueError:
        pass
    if name.startswith("["):
        return name.split("]", 1)[0] + "]"
    return name.split(":", 1)[0]


def allowed_hosts(extra: Iterable[str] = (), setting: str | None = None) -> list[str]:
    """The host names the service answers to: :data:`LOOPBACK_HOSTS`, then the comma-separated
    names of ``setting`` (default: the ``ADVISOR_ALLOWED_HOSTS`` environment variable; e.g.
    ``advisor.example.org,10.0.0.5``; ``*.example.org`` for a domain's sub-names), then
    ``extra``, each as :func:`host_pattern` writes it, without repeats. ``*`` alone allows any
    name (no protection against DNS rebinding: only behind a proxy that checks the name)."""
    given = os.environ.get("ADVISOR_ALLOWED_HOSTS", "") if setting is None else setting
    out: list[str] = []
    for name in (*LOOPBACK_HOSTS, *given.split(","), *extra):
        pattern = host_pattern(name)
        if pattern and pattern not in out:
            out.append(pattern)
    return out


def origin_of(url: str) -> Origin | None:
    """The origin of an absolute http(s) URL (an ``Origin`` or ``Referer`` value):
    ``("http", "127.0.0.1", 8000)``; the default port when none is written; ``None`` for
    anything else (``null``, a relative or malformed URL, another scheme)."""
    try:
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if scheme not in _DEFAULT_PORTS or not host:
        return None
    return scheme, host.lower(), port if port is not None else _DEFAULT_PORTS[scheme]


def own_origin(scope: Scope) -> Origin | None:
    """The origin of the service as this request reached it: the request's scheme (``https``
    when a trusted proxy said so: ``ADVISOR_TRUSTED_PROXIES``) and its ``Host`` header (already
    checked against :func:`allowed_hosts`); ``None`` without a usable ``Host``."""
    host = _header(list(scope.get("headers", ())), b"host")
    if host is None:
        return None
    return origin_of(f"{scope.get('scheme', 'http')}://{host.decode('latin-1')}")


def is_cross_site(scope: Scope) -> bool:
    """Whether ``scope`` is a state-changing request (:data:`STATE_CHANGING`) sent from another
    site: its ``Origin`` (or, when it has none, its ``Referer``'s origin) is not the service's own
    (:func:`own_origin`; ``Origin: null``, a sandboxed or privacy-stripped page, is refused too).
    A request with neither header (curl, an API client, a script) is not cross-site: browsers
    send ``Origin`` with every POST, PUT, PATCH and DELETE."""
    if scope.get("method", "GET") not in STATE_CHANGING:
        return False
    headers = list(scope.get("headers", ()))
    sent = _header(headers, b"origin")
    if sent is None:
        sent = _header(headers, b"referer")
        if sent is None:
            return False
    theirs = origin_of(sent.decode("latin-1"))
    return theirs is None or theirs != own_origin(scope)


_API_PATHS = frozenset({"/healthz", "/openapi.json"})


def _language(scope: Scope) -> tuple[bool, str]:
    """``(api, lang)``: whether the request is the API's (``/v1``, ``/healthz``, ``/openapi.json``)
    and the language of its answer (the API's rule, :func:`app.i18n.negotiate`, or the page's,
    :func:`app.service.page_language.page_lang`)."""
    from starlette.requests import Request

    from app.service.page_language import page_lang

    request = Request(scope)
    path = str(scope.get("path", ""))
    if path.startswith("/v1") or path in _API_PATHS:
        try:
            return True, i18n.negotiate(request.query_params.get("lang"), request.headers.get("accept-language"))
        except i18n.UnknownLanguageError:
            return True, i18n.DEFAULT
    return False, page_lang(request, request.query_params.get("lang"))


def refusal(scope: Scope, status: int, key: str, loc: list[str]) -> Response:
    """The answer to a request refused before it reached a route, in the project's shape: for
    the API (``/v1``, ``/healthz``), ``{"detail": [{"loc": loc, "msg": <api.key>, "type": key, "law": null}]}``; for the
    page, a short page in its language (title ``page``'s ``<key>_title``, text ``<key>_text``,
    a link to the start page)."""
    api, lang = _language(scope)
    if api:
        item = {"loc": loc, "msg": i18n.gettext(lang, f"api.{key}"), "type": key, "law": None}
        return JSONResponse({"detail": [item]}, status_code=status)
    title, text = i18n.gettext(lang, f"{key}_title"), i18n.gettext(lang, f"{key}_text")
    home = i18n.gettext(lang, "refused_home")
    page = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            '<link rel="stylesheet" href="/static/style.css"></head><body><main>'
            f'<h1>{html.escape(title)}</h1><p role="alert">{html.escape(text)}</p>'
            f'<p><a href="/?lang={lang}">{html.escape(home)}</a></p></main></body></html>')
    return HTMLResponse(page, status_code=status, headers={"Content-Language": lang})


class SameOriginWrites:
    """A pure ASGI middleware: a state-changing request from another site (:func:`is_cross_site`)
    gets a 403 (:func:`refusal`, type ``cross_site``) before any route, form or body is read, on
    every route (API and page, sign-in and sign-out too: no login CSRF), in every mode. In laptop
    mode the service is open to the director's browser, so to every page that browser opens: this
    is what keeps those pages from posting to it. ``app``: the ASGI app to wrap."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a cross-site write, pass anything else on."""
        if scope["type"] == "http" and is_cross_site(scope):
            await refusal(scope, 403, "cross_site", ["header", "Origin"])(scope, receive, send)
            return
        await self.app(scope, receive, send)


class AllowedHosts:
    """A pure ASGI middleware: a request whose ``Host`` is not one of ``hosts`` (patterns as
    :func:`allowed_hosts` gives them) gets a 400 (:func:`refusal`, type ``host_not_allowed``)
    before anything is read or written. This stops DNS rebinding: a foreign page whose name is
    made to point at 127.0.0.1 reaches the service with its own name in ``Host``.

    Starlette's ``TrustedHostMiddleware`` decides (it parses ``Host`` with or without a port,
    IPv6 in brackets); this wrapper only answers its refusal in the project's shape."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = list(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request for an allowed host on; refuse any other."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        passed = False

        async def allowed(scope: Scope, receive: Receive, _send: Send) -> None:
            nonlocal passed
            passed = True
            await self.app(scope, receive, send)

        async def dropped(_message: Message) -> None:
            return None

        await TrustedHostMiddleware(allowed, allowed_hosts=self.hosts, www_redirect=False)(scope, receive, dropped)
        if not passed:
            await refusal(scope, 400, "host_not_allowed", ["header", "Host"])(scope, receive, send)


def install_same_site(app: FastAPI, hosts: Sequence[str] | None = None) -> None:
    """Add :class:`SameOriginWrites` and, outside it, :class:`AllowedHosts` (``hosts``, default
    :func:`allowed_hosts`) to ``app``; call it before :func:`install_security` (which must stay
    the outermost)."""
    app.add_middleware(SameOriginWrites)
    app.add_middleware(AllowedHosts, hosts=list(hosts) if hosts is not None else allowed_hosts())


__all__ = ["CSP", "LOOPBACK_HOSTS", "REQUEST_ID_HEADER", "SECURITY_HEADERS", "STATE_CHANGING", "AllowedHosts",
           "SameOriginWrites", "SecurityMiddleware", "access_fields", "allowed_hosts", "host_pattern",
           "install_same_site", "install_security", "is_cross_site", "origin_of", "own_origin", "refusal",
           "request_id_from"]
