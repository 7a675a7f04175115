"""Engine errors to HTTP answers: the only place status codes are chosen.

Every answer about bad input has the project's shape, ``{"detail": [{"loc", "msg", "type",
"law"}]}`` (HTTP 422), and never echoes the input: a request pydantic refuses, a body that is not
JSON (or not UTF-8, or nested too deeply), a form that cannot be read. Text that came from the
request and cannot be written as UTF-8 (a lone surrogate) is cleaned before it is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.formparsers import MultiPartException
from starlette.middleware.body_limit import MAX_BODY_SIZE_SCOPE_KEY

from app import i18n
from app.service.auth import AuthError
from app.service.jobs import TooManyJobsError
from app.service.request_body import UNFIT_JSON, clean_text
from app.service.share import ShareExceededError
from engine.casefile.cases import CaseConflictError
from engine.casefile.events import NotStoredError
from engine.errors import InvalidBoardError, SolverBusyError, SolverError, StoreBusyError, StoreCannotWriteError


def _loc(path: str) -> list[str | int]:
    return ["body", *(int(p) if p.isdigit() else p for p in path.split("/") if p)]


UnreadableBodyPage = Callable[[Request, str, str], Response]
"""What the director's page answers when a form it posted cannot be read: ``(request, kind,
message)`` to a response (the page with the message); ``kind`` is ``"too_large"`` (a field over
the form parser's 1 MiB), ``"unreadable"``, ``"body_too_large"`` (the body over its route's limit:
:mod:`app.service.limits`; the message is the API's), ``"busy"`` (the store is locked: 503) or
``"too_many:<key>:<n>"`` (a holder over its share, 429: the catalogue key ``api.<key>`` with ``n``). Set as
``app.state.unreadable_body_page``."""

RETRY_AFTER_SECONDS = 5
"""``Retry-After`` of a 503 (the solver or the store busy), in seconds."""


def _is_upload(request: Request) -> bool:
    return request.headers.get("content-type", "").lower().startswith("multipart/")


async def too_large(request: Request, limit: int) -> Response:
    """The 413 of a request body over its route's ``limit`` (bytes; see :mod:`app.service.limits`): the
    project's JSON shape (``loc`` ``["body", "file"]`` for a multipart upload, else ``["body"]``;
    ``type`` ``"too_large"``; the limit in MiB in the message), or for a page's form (a path
    outside ``/v1/``) the page with the reason in its language. The body is never read."""
    mib, upload = max(1, limit // 2**20), _is_upload(request)
    msg = _say("upload_too_large" if upload else "body_too_large", limit=mib)
    page: UnreadableBodyPage | None = getattr(request.app.state, "unreadable_body_page", None)
    if page is not None and not request.url.path.startswith("/v1/"):
        return await run_in_threadpool(page, request, "body_too_large", msg)
    item: dict[str, object] = {"loc": ["body", "file"] if upload else ["body"], "msg": msg, "type": "too_large",
                               "law": None}
    return JSONResponse(status_code=413, content={"detail": [item]})

_FASTAPI_PARSE_ERROR = "There was an error parsing the body"


def validation_items(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """The project's error items from pydantic's (or FastAPI's) error dicts: ``loc``, ``msg``,
    ``type`` and ``law`` (``None``) only. ``input`` and ``ctx`` are never echoed (a ``NaN`` or a
    lone surrogate in them would make the answer itself unwritable); text is cleaned with
    :func:`app.service.request_body.clean_text`; a :data:`app.service.request_body.UNFIT_JSON` error's
    ``ctx["below"]`` is appended to its ``loc``; ``"Value error, "`` is dropped from the message."""
    items = []
    for e in errors:
        loc = [x if isinstance(x, int) else clean_text(str(x)) for x in e.get("loc", ())]
        ctx = e.get("ctx") or {}
        kind = str(e.get("type", "value_error"))
        if kind == UNFIT_JSON:
            loc += [x if isinstance(x, int) else clean_text(str(x)) for x in ctx.get("below", ())]
        msg = _translated(kind, ctx) or clean_text(str(e.get("msg", ""))).removeprefix("Value error, ")
        if kind == "json_invalid":
            loc, msg = loc[:1], _json_message(ctx.get("error"), loc[1] if len(loc) > 1 else None)
        items.append({"loc": loc, "msg": msg, "type": kind, "law": None})
    return items


PYDANTIC_TYPES = ("missing", "int_type", "int_parsing", "int_from_float", "float_type", "float_parsing", "bool_type",
                  "bool_parsing", "string_type", "string_too_short", "string_too_long", "string_pattern_mismatch",
                  "literal_error", "enum", "greater_than", "greater_than_equal", "less_than", "less_than_equal",
                  "too_short", "too_long", "list_type", "dict_type", "model_type", "model_attributes_type",
                  "extra_forbidden", "json_type")
"""Pydantic's error types whose message the catalogues say in every language (``error.pydantic.<type>``,
filled from the error's ``ctx``); another type keeps pydantic's English message."""


def _translated(kind: str, ctx: dict[str, Any]) -> str | None:
    """The message of a validation error in the language of the answer, or ``None`` to keep the
    one given: an error a validator raised as a keyed :class:`InvalidBoardError` (a ``value_error``
    whose ``ctx["error"]`` it is) by its key; pydantic's own (:data:`PYDANTIC_TYPES`) by type, in a
    language other than English (English keeps pydantic's exact words)."""
    lang = i18n.current()
    error = ctx.get("error")
    if isinstance(error, InvalidBoardError) and error.key:
        return clean_text(i18n.error_text(lang, error))
    if lang == i18n.DEFAULT or kind not in PYDANTIC_TYPES:
        return None
    template = i18n.catalogue(lang).get(f"error.pydantic.{kind}")
    if not template:
        return None
    try:
        return clean_text(template.format(**{k: v for k, v in ctx.items() if k != "error"}))
    except (KeyError, IndexError, ValueError):
        return None


def _say(key: str, **params: object) -> str:
    """A sentence of an error answer in the language of the answer (``api.<key>``)."""
    return i18n.gettext(i18n.current(), f"api.{key}", **params)


def _json_message(error: object, pos: object) -> str:
    return _say("json_invalid" + ("_why" if error else "") + ("_at" if isinstance(pos, int) else ""),
                why=clean_text(str(error)).lower() if error else "",
                at=pos + 1 if isinstance(pos, int) else 0)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    e: BaseException | None = exc
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        yield e
        e = e.__cause__ or e.__context__


def unreadable_body(exc: StarletteHTTPException) -> tuple[str, str] | None:
    """``(kind, message)`` when ``exc`` is the 400 FastAPI or Starlette raise for a body they
    could not read (JSON that is not UTF-8, nested too deeply for Python's JSON reader, an
    integer of more than 4300 digits; a malformed or oversized multipart or urlencoded form);
    ``None`` for any other HTTP error. ``kind``: ``"too_large"`` or ``"unreadable"``."""
    if exc.status_code != 400:
        return None
    for e in _chain(exc):
        if isinstance(e, MultiPartException):
            if "exceeded maximum size" in e.message:
                return "too_large", _say("form_field_too_large")
            return "unreadable", _say("form_unreadable", why=clean_text(e.message))
        if isinstance(e, UnicodeDecodeError):
            return "unreadable", _say("body_not_utf8")
        if isinstance(e, RecursionError):
            return "unreadable", _say("body_too_deep")
        if isinstance(e, json.JSONDecodeError):
            return "unreadable", _json_message(e.msg, e.pos)
        if isinstance(e, ValueError) and "digits" in str(e):
            return "unreadable", _say("body_long_number")
    if exc.detail == _FASTAPI_PARSE_ERROR:
        return "unreadable", _say("body_unreadable")
    return None


def install_error_handlers(app: FastAPI) -> None:
    """422 for bad bridge facts (with the field and the reason), 404 for an event or board not
    stored (the path parameter and the reason), 503 when the solver is busy, 500 with a clear
    message when the solver fails on validated input; 401/403 for a missing or insufficient token,
    409 for a case change its state does not allow.

    Bad input is a 422 in the project's shape (never a 400 or 500): a request that does not
    validate (:func:`validation_items`), a body that cannot be read (:func:`unreadable_body`;
    a page's form gets the page instead, through ``app.state.unreadable_body_page``)."""

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(status_code=422, content={"detail": validation_items(exc.errors())})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 413 and isinstance(exc.detail, str):  # a body over its limit (app.service.limits)
            return await too_large(request, int(request.scope.get(MAX_BODY_SIZE_SCOPE_KEY) or 2**20))
        found = unreadable_body(exc)
        if found is None and isinstance(exc.detail, str):  # starlette's own: no route, method not allowed...
            path = request.url.path[:200]
            said = {404: _say("no_such_path", path=path),
                    405: _say("method_not_allowed", path=path, method=request.method)}.get(exc.status_code, exc.detail)
            shaped: dict[str, object] = {"loc": ["path"] if exc.status_code in (404, 405) else [], "msg": said,
                                         "type": f"http_{exc.status_code}", "law": None}
            return JSONResponse(status_code=exc.status_code, content={"detail": [shaped]}, headers=exc.headers)
        if found is None:
            return await http_exception_handler(request, exc)
        kind, msg = found
        page: UnreadableBodyPage | None = getattr(request.app.state, "unreadable_body_page", None)
        if page is not None and not request.url.path.startswith("/v1/"):
            return page(request, kind, msg)
        item: dict[str, object] = {"loc": ["body"], "msg": msg, "type": f"body_{kind}", "law": None}
        return JSONResponse(status_code=422, content={"detail": [item]})

    @app.exception_handler(AuthError)
    async def unauthorised(_: Request, exc: AuthError) -> JSONResponse:
        item: dict[str, object] = {"loc": ["header", "Authorization"], "msg": exc.message,
                                   "type": "unauthorized" if exc.status == 401 else "forbidden", "law": None}
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(status_code=exc.status, content={"detail": [item]}, headers=headers)

    @app.exception_handler(CaseConflictError)
    async def conflict(_: Request, exc: CaseConflictError) -> JSONResponse:
        item: dict[str, object] = {"loc": ["body", "duplicate"] if exc.cases else [],
                                   "msg": i18n.error_text(i18n.current(), exc),
                                   "type": "duplicate_case" if exc.cases else "conflict", "law": None}
        if exc.cases:
            item["cases"] = list(exc.cases)
        return JSONResponse(status_code=409, content={"detail": [item]})

    @app.exception_handler(NotStoredError)
    async def not_stored(_: Request, exc: NotStoredError) -> JSONResponse:
        lang = i18n.current()
        template = i18n.catalogue(lang).get(f"error.{exc.key}") if exc.key and lang != i18n.DEFAULT else None
        msg = template.format(**exc.params) if template else exc.message
        item: dict[str, object] = {"loc": ["path", exc.path], "msg": msg, "type": "not_found", "law": None}
        return JSONResponse(status_code=404, content={"detail": [item]})

    @app.exception_handler(InvalidBoardError)
    async def invalid_board(_: Request, exc: InvalidBoardError) -> JSONResponse:
        lang = i18n.current()
        msg = i18n.error_text(lang, exc)
        lineno = getattr(exc, "lineno", None)
        if exc.key and lineno and msg != exc.message:  # a PBN reason said in a catalogue: the line said too
            msg += i18n.gettext(lang, "api.at_line", n=lineno)
        item: dict[str, object] = {"loc": _loc(clean_text(exc.path)), "msg": clean_text(msg),
                                   "type": "invalid_board", "law": exc.law}
        return JSONResponse(status_code=422, content={"detail": [item]})

    @app.exception_handler(TooManyJobsError)
    async def too_many_jobs(request: Request, exc: TooManyJobsError) -> Response:
        return await _too_many(request, f"too_many_jobs_{exc.kind}", exc.limit, "too_many_jobs")

    @app.exception_handler(ShareExceededError)
    async def share_exceeded(request: Request, exc: ShareExceededError) -> Response:
        return await _too_many(request, "too_many_rulings", exc.limit, "too_many_requests")

    @app.exception_handler(SolverBusyError)
    async def busy(_: Request, exc: SolverBusyError) -> JSONResponse:
        item: dict[str, object] = {"loc": [], "msg": str(exc), "type": "solver_busy", "law": None}
        return JSONResponse(status_code=503, content={"detail": [item]},
                            headers={"Retry-After": str(RETRY_AFTER_SECONDS)})

    @app.exception_handler(StoreBusyError)
    async def store_busy(request: Request, _exc: StoreBusyError) -> Response:
        retry = {"Retry-After": str(RETRY_AFTER_SECONDS)}
        page: UnreadableBodyPage | None = getattr(request.app.state, "unreadable_body_page", None)
        if page is not None and not request.url.path.startswith("/v1/"):
            response = await run_in_threadpool(page, request, "busy", _say("store_busy"))
            response.headers.update(retry)
            return response
        item: dict[str, object] = {"loc": [], "msg": _say("store_busy"), "type": "store_busy", "law": None}
        return JSONResponse(status_code=503, content={"detail": [item]}, headers=retry)

    @app.exception_handler(StoreCannotWriteError)
    async def store_cannot_write(request: Request, _exc: StoreCannotWriteError) -> Response:
        page: UnreadableBodyPage | None = getattr(request.app.state, "unreadable_body_page", None)
        if page is not None and not request.url.path.startswith("/v1/"):
            response = await run_in_threadpool(page, request, "busy", _say("store_cannot_write"))
            response.status_code = 503
            return response
        item: dict[str, object] = {"loc": [], "msg": _say("store_cannot_write"), "type": "store_cannot_write",
                                   "law": None}
        return JSONResponse(status_code=503, content={"detail": [item]})

    @app.exception_handler(SolverError)
    async def solver_failed(_: Request, exc: SolverError) -> JSONResponse:
        msg = _say("solver_failed", why=exc)
        item: dict[str, object] = {"loc": [], "msg": msg, "type": "solver_error", "law": None}
        return JSONResponse(status_code=500, content={"detail": [item]})


async def _too_many(request: Request, key: str, limit: int, kind: str) -> Response:
    """The 429 of a holder over its share (issue 35): ``Retry-After``, the reason (catalogue key
    ``api.<key>`` with ``n`` = ``limit``, in the answer's language) in the project's shape with
    ``type`` ``kind``; a page's form gets the page (kind ``"too_many:<key>:<limit>"``: the page says
    it in its own language)."""
    retry = {"Retry-After": str(RETRY_AFTER_SECONDS)}
    msg = _say(key, n=limit)
    page: UnreadableBodyPage | None = getattr(request.app.state, "unreadable_body_page", None)
    if page is not None and not request.url.path.startswith("/v1/"):
        response = await run_in_threadpool(page, request, f"too_many:{key}:{limit}", msg)
        response.status_code = 429
        response.headers.update(retry)
        return response
    item: dict[str, object] = {"loc": [], "msg": msg, "type": kind, "law": None}
    return JSONResponse(status_code=429, content={"detail": [item]}, headers=retry)


def internal_error(request_id: str) -> JSONResponse:
    """The answer to an exception no handler caught: HTTP 500 in the project's error shape, with
    the request id (in the body and, through :mod:`app.service.middleware`, the ``X-Request-ID`` header)
    so that the director can report it and whoever runs the service can find its traceback."""
    msg = _say("internal_error", request_id=request_id)
    item: dict[str, object] = {"loc": [], "msg": msg, "type": "internal_error", "law": None}
    return JSONResponse(status_code=500, content={"detail": [item], "request_id": request_id})
