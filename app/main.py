"""The HTTP API: ``create_app()`` builds a FastAPI app around one shared solver.

Run: ``uvicorn --factory app.main:create_app --host 127.0.0.1 --port 8000``.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
from fastapi import APIRouter, Depends, FastAPI, Request

from app.api import claim_jobs, ruling_requests
from app.api.adjusted import router as adjusted_router
from app.api.alternatives import router as alternatives_router
from app.api.case_amendments import router as case_amendments_router
from app.api.case_decisions import router as case_decisions_router
from app.api.case_export import router as case_export_router
from app.api.cases import router as cases_router
from app.api.events import router as events_router
from app.api.field_routes import router as field_router
from app.api.ruling_log import router as ruling_log_router
from app.api.scores import router as scores_router
from app.api.screenings import SYNC_GAMES, env_float, env_int, job_manager_from_env
from app.api.screenings import router as screenings_router
from app.service import access, auth
from app.service.api_docs import install_api_docs
from app.service.disconnect import CancelOnDisconnect
from app.service.errors import install_error_handlers
from app.service.jobs import JobManager
from app.service.language import LanguageMiddleware, documented_language
from app.service.limits import install_body_limits
from app.service.middleware import allowed_hosts as allowed_hosts_with
from app.service.middleware import install_same_site, install_security
from app.service.parse_sandbox import ParseLimits, ParseSandbox, sandbox_of
from app.service.share import RULINGS_PER_HOLDER, HolderShare, ShareMiddleware
from app.service.shutdown import on_stop_signal
from app.storage import open_repository, write_health
from app.storage.cases import SqlCaseRepository, SqlUserRepository
from app.web import install_web
from engine import __version__
from engine.dd import DoubleDummySolver, pooled_solver, solver_stats
from engine.rulings import claim_search

log = logging.getLogger("advisor.claims")


@functools.cache
def api_routers() -> tuple[APIRouter, ...]:
    """The ``/v1`` routers but the rulings' (:func:`ruling_requests_router`), in the order an app
    includes them: made once per process and shared by every app it builds, as module-level routers
    are (their handlers keep nothing of their own: they read ``request.app.state``). FastAPI analyses
    a route's parameters when the route is made and again, in each app, when the app first matches
    it; with the same endpoints the second analysis reuses the first (measured: ``create_app``
    0.13 -> 0.02 s, an app's first three requests 0.23-0.47 -> 0.12 s)."""
    return (scores_router(), events_router(), cases_router(), case_decisions_router(), case_amendments_router(),
            ruling_log_router(), case_export_router(), adjusted_router(), screenings_router(), claim_jobs.router(),
            field_router(), alternatives_router())


def warm_claim_core() -> threading.Thread | None:
    """Compile the claim search's numba kernel, or load it from numba's cache, in a background
    thread (:func:`engine.rulings.claim_core.warm_up`: 15-30 s the first time, 0.3 s after), so that
    the first claim ruling does not pay it; logged. None when ``ADVISOR_CLAIM_CORE=python`` (the
    Python search needs nothing) or when it is already done in this process."""
    if not claim_search.core_wanted():
        return None

    def warm() -> None:
        t0 = time.monotonic()
        took = claim_search.warm_core()
        if took:  # 0: already done in this process (another app of the same process)
            log.info("the claim search's compiled core is ready (%.1f s: compiled, or loaded from numba's cache)",
                     time.monotonic() - t0)
        elif took is None:
            log.warning("the claim search's compiled core could not be loaded: claims are searched in Python")

    thread = threading.Thread(target=warm, name="claim-core-warm-up", daemon=True)
    thread.start()
    return thread


ruling_requests_router = functools.cache(ruling_requests.router)
"""The rulings' routes (:mod:`app.api.ruling_requests`), made once per process as :func:`api_routers`."""


def create_app(solver: DoubleDummySolver | None = None, database_url: str | None = None,
               require_tokens: bool | None = None, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The API app. ``solver``: the double-dummy solver to use. Default: a pool of worker
    processes (one per CPU the process may use, by its affinity and cgroup quota:
    ``engine.dd.cpus``; or ``ADVISOR_DD_WORKERS``), each with its own DDS, behind a shared cache;
    built at start-up, not at import, and stopped at shutdown.

    ``database_url``: where events and hand records are kept (SQLAlchemy URL). Default:
    ``ADVISOR_DATABASE_URL``, else an SQLite file in ``ADVISOR_DATA_DIR`` (``./var``); see
    :func:`app.storage.database_url`. The migrations are applied at start-up. The same database
    keeps the cases (``/v1/cases``) and the token holders.

    ``require_tokens``: never run open, even on 127.0.0.1 without tokens configured (default:
    ``ADVISOR_REQUIRE_TOKENS``; see :mod:`app.service.auth`).

    ``allowed_hosts``: the host names the service answers to (``Host``; any other is a 400); the
    loopback names are always among them. Default: the loopback names and ``ADVISOR_ALLOWED_HOSTS``
    (comma-separated; see :func:`app.service.middleware.allowed_hosts`); given, it replaces that setting.
    A state-changing request sent by another site is a 403 whatever the mode
    (:class:`app.service.middleware.SameOriginWrites`).
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = None
        app.state.sync_screening_games = env_int("ADVISOR_SYNC_SCREENING_GAMES", SYNC_GAMES)
        app.state.jobs = job_manager_from_env()
        app.state.claim_job_cards = claim_jobs.job_cards()
        app.state.claim_sync_seconds = claim_jobs.sync_seconds()
        app.state.share = HolderShare(env_int("ADVISOR_RULINGS_PER_HOLDER", RULINGS_PER_HOLDER))
        shutdown_seconds = env_float("ADVISOR_SHUTDOWN_SECONDS", 5.0)
        if solver is None:  # worker processes, one per usable CPU (ADVISOR_DD_WORKERS overrides)
            workers = int(os.environ.get("ADVISOR_DD_WORKERS", "0")) or None
            share = env_int("ADVISOR_SCREENING_WORKERS", 0) or None
            own = await anyio.to_thread.run_sync(lambda: pooled_solver(workers, batch_share=share))
        app.state.solver = solver if solver is not None else own
        try:
            app.state.events = await anyio.to_thread.run_sync(lambda: open_repository(database_url))
            app.state.cases = SqlCaseRepository(app.state.events.engine)
            app.state.access = auth.Access(SqlUserRepository(app.state.events.engine), require_tokens)
        except BaseException:
            if own is not None:
                own.close()
            raise
        warm_claim_core()
        parse = app.state.parse = ParseSandbox(ParseLimits.from_env())  # uploaded files read apart (issue 35)
        threading.Thread(target=parse.warm, name="parse-warm", daemon=True).start()
        jobs: JobManager = app.state.jobs
        stopping: list[float] = []  # when the stop signal came (time.monotonic)

        def stop() -> None:  # in the signal handler: cancel the screenings, start the shutdown's clock
            stopping.append(time.monotonic())
            parse.close()  # a request waiting on a file's reader returns at once
            jobs.begin_shutdown()
            if own is not None:  # rulings still in flight then get a 503 instead of holding up the exit
                timer = threading.Timer(shutdown_seconds, own.close_backend)
                timer.daemon = True
                timer.start()

        with on_stop_signal(stop):
            yield
        left = shutdown_seconds - (time.monotonic() - stopping[0] if stopping else 0.0)
        await anyio.to_thread.run_sync(lambda: jobs.shutdown(max(0.0, left)))
        parse.close()
        app.state.events.close()
        if own is not None:
            own.close()

    app = FastAPI(
        title="Adjusted-score advisor",
        version=__version__,
        summary="Rulings on revokes (Laws 61-64) and on an incorrect number of cards (Laws 13, 14), 2017 code, "
                "with a double-dummy replay, for tournament directors.",
        description="Every `/v1` endpoint explains in the language asked for: `?lang=` (en, pl, ru, el: those "
                    "installed) or `Accept-Language` (q-values honoured), English by default. Ruling steps' `text`, "
                    "`explanation` lines and error `msg`s are translated; field names, law codes, enum values and "
                    "numbers never are. `Content-Language` says the language used; an unknown `lang` is a 422.",
        lifespan=lifespan,
        docs_url=None, redoc_url=None,  # served by install_api_docs, from the service itself
        # one door: every route passes app.service.access.POLICY, nothing else checks
        dependencies=[Depends(access.door)],
    )
    install_error_handlers(app)
    app.add_middleware(ShareMiddleware)  # gives back the place the door took for a request to the solver
    app.add_middleware(CancelOnDisconnect)
    app.add_middleware(LanguageMiddleware)  # /v1: ?lang= or Accept-Language (app.service.language)
    lang = [Depends(documented_language)]
    for api in api_routers():
        app.include_router(api, dependencies=lang)
    install_web(app)

    @app.get("/healthz", summary="Liveness check, with the solver's cache and worker figures and the screenings")
    async def healthz(request: Request) -> dict[str, object]:
        """``{"status": "ok", ...}`` while the service answers; ``solver`` gives the cache's
        entries, hits and misses and, with worker processes, ``workers``: live, idle, busy and
        waiting by lane (interactive, batch), starting, restarts and the stalled ones;
        ``screenings``: jobs queued and running (with their progress; by queue: screening, upload,
        claim, ruling), synchronous screenings running, finished jobs kept; ``share``: the holders'
        places for requests to the solver (:mod:`app.service.share`); ``claim_search``: ``compiled``,
        ``compiling`` (the compiled core is being made ready, at start) or ``python``; ``database``:
        ``{"writes": "ok"}``, or, after a write failed for want of space and none has committed
        since, ``{"writes": "failing", "since": ISO time, "reason": the driver's words}`` with
        ``status`` ``"degraded"`` (issue 35); ``file_readers``: the upload readers' worker processes
        alive and the files each limit refused (:mod:`app.service.parse_sandbox`)."""
        # `async def`: it never waits in the thread pool behind rulings; it only reads counters.
        events = getattr(request.app.state, "events", None)
        health = write_health(events.engine) if events is not None else None
        since = health.failed_at if health is not None else None
        database: dict[str, object] = {"writes": "ok"} if since is None or health is None else \
            {"writes": "failing", "since": since.isoformat(timespec="seconds"), "reason": health.reason}
        return {"status": "ok" if since is None else "degraded", "version": __version__,
                "solver": solver_stats(request.app.state.solver), "screenings": request.app.state.jobs.stats(),
                "share": request.app.state.share.stats(),
                "claim_search": claim_search.core_state(), "database": database,
                "file_readers": sandbox_of(request.app.state).stats()}

    app.include_router(ruling_requests_router(), dependencies=lang)

    install_api_docs(app)
    install_same_site(app, None if allowed_hosts is None else allowed_hosts_with(allowed_hosts, setting=""))
    install_body_limits(app)  # inside the security headers, outside every other middleware (the access check too)
    install_security(app)  # last: the outermost middleware, so every answer gets the headers and the request id
    return app
