"""Bounded requests: every request body is limited before it is read, spooled or authenticated.

The limits (one definition, here):

- :data:`BODY_BYTES` (1 MiB): any request body, JSON or form, unless its route says otherwise
  (a ruling request is a few KB; a pasted PBN game a few dozen);
- :data:`UPLOAD_BYTES` (5 MiB): an uploaded file (``POST /v1/screenings``,
  ``POST /v1/events/{id}/hand-records``, the page's ``POST /upload``) and an imported case file
  (``POST /v1/cases/import``: an export is about 6 KB per case, so 5 MiB holds some 800 cases);
  those routes declare ``max_body_size=UPLOAD_BODY_BYTES`` (FastAPI's own per-route limit), the
  file plus :data:`FORM_OVERHEAD_BYTES` for the multipart framing and the form's other fields.

:class:`BodyLimitMiddleware` sits just inside :mod:`app.service.middleware`'s security headers, outside
everything else (the access check included), so a body over its route's limit costs nothing: a
``Content-Length`` over the limit is answered 413 before the app runs; a body without one
(chunked) or longer than it says is counted as it is read by Starlette's
``RequestBodyLimitMiddleware`` and cut at the limit (HTTP 413), never read or spooled whole.
The 413 has the project's shape (:func:`app.service.errors.too_large`): JSON ``detail`` items, or the
page with the reason in its language.
"""

from __future__ import annotations

from typing import BinaryIO

from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from starlette.exceptions import HTTPException
from starlette.middleware.body_limit import MAX_BODY_SIZE_SCOPE_KEY, RequestBodyLimitMiddleware
from starlette.requests import Request
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.service.errors import too_large

MIB = 1024 * 1024
BODY_BYTES = 1 * MIB
"""The largest request body a route takes unless it declares its own limit (1 MiB)."""
UPLOAD_BYTES = 5 * MIB
"""The largest uploaded file (a PBN or LIN file, an exported case file): 5 MiB."""
FORM_OVERHEAD_BYTES = 64 * 1024
"""What a multipart upload adds to its file: boundaries, part headers, the other fields (64 KiB)."""
UPLOAD_BODY_BYTES = UPLOAD_BYTES + FORM_OVERHEAD_BYTES
"""The body limit of an upload route (``max_body_size=`` on its decorator)."""


def read_upload(file: BinaryIO) -> bytes | None:
    """An uploaded file's bytes, or ``None`` when it is larger than :data:`UPLOAD_BYTES` (the
    route then answers 413); reads at most ``UPLOAD_BYTES + 1`` bytes."""
    data = file.read(UPLOAD_BYTES + 1)
    return None if len(data) > UPLOAD_BYTES else data


def route_limit(app: FastAPI, scope: Scope) -> int:
    """The body limit in bytes of the route ``scope`` goes to: its ``max_body_size`` when it
    declares one, else :data:`BODY_BYTES` (also for a path no route takes)."""
    for route in iter_route_contexts(app.router.routes):  # FastAPI's view: included routers' routes too
        match, _ = route.matches(scope)
        if match is Match.FULL:
            declared = getattr(route, "max_body_size", None)
            return declared if isinstance(declared, int) else BODY_BYTES
    return BODY_BYTES


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimitMiddleware:
    """The pure ASGI middleware described in this module's docstring. ``app``: the ASGI app to
    wrap (the FastAPI app's inner stack; the routes are read from ``scope["app"]``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request: 413 at once for a declared length over the route's limit, else the
        app with the bytes counted against it."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        has_body = declared is not None or any(k.lower() == b"transfer-encoding" for k, _ in scope.get("headers", ()))
        limit = route_limit(scope["app"], scope) if has_body else BODY_BYTES
        if declared is not None and declared > limit:
            response = await too_large(Request(scope, receive), limit)
            await response(scope, receive, send)
            return
        await RequestBodyLimitMiddleware(_Shaped(self.app), max_body_size=limit)(scope, receive, send)


class _Shaped:
    """Inside the byte counter: a 413 the counter raised that no handler turned into an answer
    (read outside a route) is answered in the project's shape, not as Starlette's plain text."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except HTTPException as exc:
            if exc.status_code != 413 or started:
                raise
            response = await too_large(Request(scope, receive), int(scope.get(MAX_BODY_SIZE_SCOPE_KEY, BODY_BYTES)))
            await response(scope, receive, send)


def install_body_limits(app: FastAPI) -> None:
    """Wrap ``app`` in :class:`BodyLimitMiddleware`. Call it just before
    :func:`app.service.middleware.install_security`, after every other middleware, so that the limit
    sits outside them all (the access check included) and inside the security headers."""
    app.add_middleware(BodyLimitMiddleware)


__all__ = ["BODY_BYTES", "FORM_OVERHEAD_BYTES", "UPLOAD_BODY_BYTES", "UPLOAD_BYTES", "BodyLimitMiddleware",
           "install_body_limits", "read_upload", "route_limit"]
