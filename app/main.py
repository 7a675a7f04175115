"""The HTTP API: ``create_app()`` builds a FastAPI app around one shared solver.

Run: ``uvicorn --factory app.main:create_app --host 127.0.0.1 --port 8000``.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import FastAPI, Request

from app.errors import install_error_handlers
from app.schemas import ErrorResponse, RevokeRulingRequest, RevokeRulingResponse
from engine import __version__
from engine.advisor import advise_revoke
from engine.dd import DoubleDummySolver, pooled_solver


def create_app(solver: DoubleDummySolver | None = None) -> FastAPI:
    """The API app. ``solver``: the double-dummy solver to use. Default: a pool of worker
    processes (one per core, or ``ADVISOR_DD_WORKERS``), each with its own DDS, behind a
    shared cache; built at start-up, not at import, and stopped at shutdown."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = None
        if solver is None:  # worker processes, one per core (ADVISOR_DD_WORKERS overrides)
            workers = int(os.environ.get("ADVISOR_DD_WORKERS", "0")) or None
            own = await anyio.to_thread.run_sync(lambda: pooled_solver(workers))
        app.state.solver = solver if solver is not None else own
        yield
        if own is not None:
            own.close()

    app = FastAPI(
        title="Adjusted-score advisor",
        version=__version__,
        summary="Rulings on revokes (Laws 61-64, 2017 code) with a double-dummy replay, for tournament directors.",
        lifespan=lifespan,
    )
    install_error_handlers(app)

    @app.get("/healthz", summary="Liveness check")
    def healthz() -> dict[str, str]:
        """``{"status": "ok"}`` while the service answers."""
        return {"status": "ok", "version": __version__}

    @app.post(
        "/v1/rulings/revoke",
        response_model=RevokeRulingResponse,
        responses={422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on the revokes of one board (Laws 61-64)",
    )
    def rule_revoke(body: RevokeRulingRequest, request: Request) -> RevokeRulingResponse:
        """Find the revokes in the play record (61A), decide establishment (63A) or correction
        (62), the automatic trick transfer (64A/64B), replay the hand double dummy without the
        revoke to judge equity (64C), and give the score to enter (Law 77, North-South's view).

        A record that stops before trick 13 ends in a claim: give `claim_declarer_tricks`, or the
        engine values the unplayed tricks double dummy and says so (`claim.assumed`).
        """
        # A plain `def`: FastAPI runs it in its thread pool, so the event loop never waits on DDS;
        # the solver runner serialises every DDS call behind one lock.
        advice = advise_revoke(body.to_board(), facts=body.to_facts(), solver=request.app.state.solver)
        return RevokeRulingResponse.from_advice(advice)

    return app
