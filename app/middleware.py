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
import json
import logging
import re
import sys
import time
import uuid
from collections.abc import Iterable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.errors import internal_error

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


__all__ = ["CSP", "REQUEST_ID_HEADER", "SECURITY_HEADERS", "SecurityMiddleware", "access_fields", "install_security",
           "request_id_from"]
