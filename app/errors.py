"""Engine errors to HTTP answers: the only place status codes are chosen."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from app.auth import AuthError
from engine.cases import CaseConflictError
from engine.errors import InvalidBoardError, SolverBusyError, SolverError
from engine.events import NotStoredError


def _loc(path: str) -> list[str | int]:
    return ["body", *(int(p) if p.isdigit() else p for p in path.split("/") if p)]


def install_error_handlers(app: FastAPI) -> None:
    """422 for bad bridge facts (with the field and the reason), 404 for an event or board not
    stored (the path parameter and the reason), 503 when the solver is busy, 500 with a clear
    message when the solver fails on validated input; 401/403 for a missing or insufficient token,
    409 for a case change its state does not allow."""

    @app.exception_handler(AuthError)
    async def unauthorised(_: Request, exc: AuthError) -> JSONResponse:
        item: dict[str, object] = {"loc": ["header", "Authorization"], "msg": exc.message,
                                   "type": "unauthorized" if exc.status == 401 else "forbidden", "law": None}
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(status_code=exc.status, content={"detail": [item]}, headers=headers)

    @app.exception_handler(CaseConflictError)
    async def conflict(_: Request, exc: CaseConflictError) -> JSONResponse:
        item: dict[str, object] = {"loc": [], "msg": exc.message, "type": "conflict", "law": None}
        return JSONResponse(status_code=409, content={"detail": [item]})

    @app.exception_handler(NotStoredError)
    async def not_stored(_: Request, exc: NotStoredError) -> JSONResponse:
        item: dict[str, object] = {"loc": ["path", exc.path], "msg": exc.message, "type": "not_found", "law": None}
        return JSONResponse(status_code=404, content={"detail": [item]})

    @app.exception_handler(InvalidBoardError)
    async def invalid_board(_: Request, exc: InvalidBoardError) -> JSONResponse:
        item: dict[str, object] = {"loc": _loc(exc.path), "msg": exc.message, "type": "invalid_board", "law": exc.law}
        return JSONResponse(status_code=422, content={"detail": [item]})

    @app.exception_handler(SolverBusyError)
    async def busy(_: Request, exc: SolverBusyError) -> JSONResponse:
        item: dict[str, object] = {"loc": [], "msg": str(exc), "type": "solver_busy", "law": None}
        return JSONResponse(status_code=503, content={"detail": [item]}, headers={"Retry-After": "5"})

    @app.exception_handler(SolverError)
    async def solver_failed(_: Request, exc: SolverError) -> JSONResponse:
        msg = f"the double-dummy solver failed: {exc}"
        item: dict[str, object] = {"loc": [], "msg": msg, "type": "solver_error", "law": None}
        return JSONResponse(status_code=500, content={"detail": [item]})


def internal_error(request_id: str) -> JSONResponse:
    """The answer to an exception no handler caught: HTTP 500 in the project's error shape, with
    the request id (in the body and, through :mod:`app.middleware`, the ``X-Request-ID`` header)
    so that the director can report it and whoever runs the service can find its traceback."""
    msg = (f"the advisor failed on this request (an internal error, logged as request {request_id}); "
           "try again, and if it happens again give this request id to whoever runs the service")
    item: dict[str, object] = {"loc": [], "msg": msg, "type": "internal_error", "law": None}
    return JSONResponse(status_code=500, content={"detail": [item], "request_id": request_id})
