"""The HTTP API: ``create_app()`` builds a FastAPI app around one shared solver.

Run: ``uvicorn --factory app.main:create_app --host 127.0.0.1 --port 8000``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

import anyio
from fastapi import Depends, FastAPI, File, HTTPException, Query, Request, UploadFile
from fastapi.responses import JSONResponse

from app.api import claim_jobs, rulings
from app.api.adjusted import router as adjusted_router
from app.api.card_traveller import cards_from_event, cards_response
from app.api.case_amendments import router as case_amendments_router
from app.api.case_decisions import router as case_decisions_router
from app.api.case_export import router as case_export_router
from app.api.cases import router as cases_router
from app.api.events import router as events_router
from app.api.ruling_log import router as ruling_log_router
from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse, rule_claim
from app.api.schemas.common import ErrorResponse
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import RevokeRulingResponse
from app.api.schemas.screening import ScreeningResponse
from app.api.scores import router as scores_router
from app.api.screenings import SYNC_GAMES, ScreeningJobResponse, env_float, env_int, job_manager_from_env, screen_upload
from app.api.screenings import router as screenings_router
from app.service import access, auth
from app.service.api_docs import install_api_docs
from app.service.disconnect import CancelOnDisconnect
from app.service.errors import install_error_handlers
from app.service.jobs import JobManager
from app.service.language import LanguageMiddleware, documented_language
from app.service.limits import UPLOAD_BODY_BYTES, install_body_limits, read_upload
from app.service.middleware import allowed_hosts as allowed_hosts_with
from app.service.middleware import install_same_site, install_security
from app.service.shutdown import on_stop_signal
from app.storage import open_repository
from app.storage.cases import SqlCaseRepository, SqlUserRepository
from app.web import install_web
from engine import __version__
from engine.dd import DoubleDummySolver, pooled_solver, solver_stats
from engine.errors import InvalidBoardError, PbnError
from engine.records.files import read_games
from engine.records.pbn_text import upload_text
from engine.rulings.incorrect_cards import advise_incorrect_cards


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
        jobs: JobManager = app.state.jobs
        stopping: list[float] = []  # when the stop signal came (time.monotonic)

        def stop() -> None:  # in the signal handler: cancel the screenings, start the shutdown's clock
            stopping.append(time.monotonic())
            jobs.begin_shutdown()
            if own is not None:  # rulings still in flight then get a 503 instead of holding up the exit
                timer = threading.Timer(shutdown_seconds, own.close_backend)
                timer.daemon = True
                timer.start()

        with on_stop_signal(stop):
            yield
        left = shutdown_seconds - (time.monotonic() - stopping[0] if stopping else 0.0)
        await anyio.to_thread.run_sync(lambda: jobs.shutdown(max(0.0, left)))
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
    app.add_middleware(CancelOnDisconnect)
    app.add_middleware(LanguageMiddleware)  # /v1: ?lang= or Accept-Language (app.service.language)
    lang = [Depends(documented_language)]
    app.include_router(scores_router(), dependencies=lang)
    app.include_router(events_router(), dependencies=lang)
    app.include_router(cases_router(), dependencies=lang)
    app.include_router(case_decisions_router(), dependencies=lang)
    app.include_router(case_amendments_router(), dependencies=lang)
    app.include_router(ruling_log_router(), dependencies=lang)
    app.include_router(case_export_router(), dependencies=lang)
    app.include_router(adjusted_router(), dependencies=lang)
    app.include_router(screenings_router(), dependencies=lang)
    app.include_router(claim_jobs.router(), dependencies=lang)
    install_web(app)

    @app.get("/healthz", summary="Liveness check, with the solver's cache and worker figures and the screenings")
    async def healthz(request: Request) -> dict[str, object]:
        """``{"status": "ok", ...}`` while the service answers; ``solver`` gives the cache's
        entries, hits and misses and, with worker processes, ``workers``: live, idle, busy and
        waiting by lane (interactive, batch), starting, restarts and the stalled ones;
        ``screenings``: jobs queued and running (with their progress), synchronous screenings
        running, finished jobs kept."""
        # `async def`: it never waits in the thread pool behind rulings; it only reads counters.
        return {"status": "ok", "version": __version__, "solver": solver_stats(request.app.state.solver),
                "screenings": request.app.state.jobs.stats()}

    unauthorised: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."}}

    @app.post(
        "/v1/rulings/revoke", dependencies=lang,
        response_model=RevokeRulingResponse,
        responses={**unauthorised,
                   422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."},
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
        body, from_traveller = rulings.prefill_from_traveller(body, request.app.state.events)
        advice = rulings.rule_revoke(body, request.app.state.events, request.app.state.solver)
        out = RevokeRulingResponse.from_advice(advice, body.scoring)
        return out.model_copy(update={"from_traveller": from_traveller}) if from_traveller else out

    @app.post(
        "/v1/rulings/incorrect-cards", dependencies=lang,
        response_model=IncorrectCardsResponse,
        responses={**unauthorised,
                   422: {"model": ErrorResponse, "description": "Bad or contradictory input: the field and the "
                                                                "reason."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on an incorrect number of cards, a surplus or a missing card (Laws 13, 14)",
    )
    def rule_incorrect_cards(body: IncorrectCardsRequest, request: Request) -> IncorrectCardsResponse:
        """Find what is wrong with the hands as found (which hand has too many or too few, which
        cards moved, which card is surplus or missing), choose the law path from when it was
        discovered and the facts (13A1..13D, 14A, 14B1..14B4), replay the corrected deal double
        dummy (DD table, par, the contract reached, the result from the point of discovery), and
        propose the score: assigned (12C1(b)) when it can be judged, else artificial by fault
        (12C2). A restored card (14B4) or a defective trick (14B1, Law 67B) goes through the
        revoke laws. Hands of unequal length never reach the solver.
        """
        # A plain `def`: FastAPI runs it in its thread pool, so the event loop never waits on DDS.
        body, from_traveller = cards_from_event(body, request.app.state.events)
        advice = advise_incorrect_cards(body.to_case(), solver=request.app.state.solver, profile=body.profile())
        return cards_response(advice, body.scoring).model_copy(update={"from_traveller": from_traveller})

    @app.post(
        "/v1/rulings/claim", dependencies=lang,
        response_model=ClaimRulingResponse,
        responses={**unauthorised,
                   202: {"model": claim_jobs.ClaimJobResponse, "description": "A big position (or job=true): the "
                                                                               "job, to poll."},
                   422: {"model": ErrorResponse, "description": "Bad or contradictory input: the field and the "
                                                                "reason."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Rule on a claim or concession (Laws 68-71)",
    )
    def rule_claim_route(
        body: ClaimRulingRequest, request: Request,
        job: Annotated[bool | None, Query(description="true: always answer 202 with a job; false: never; default: a "
                                          "job when a hand holds more than 8 cards at the claim "
                                          "(`ADVISOR_CLAIM_JOB_CARDS`).")] = None,
    ) -> Any:
        """Adjudicate a disputed claim (70), a withdrawn agreement (69B) or a concession (71): the
        fewest tricks the claiming side takes when the opponents may play any card and its own side
        only normal plays (the statement, 70C trumps, 70D1, 70E1 finesses, 70E2 suit order, the class
        of player), with the worst line trick by trick, every doubtful point with its figure, the
        double-dummy value for reference, and the score when the whole board is known. A search that
        reaches its node budget answers with an interval for the director.

        A claim with more than 8 cards in a hand (or `job=true`) is answered 202 at once with a job
        (`Location: /v1/rulings/claim/jobs/{job}`): poll it for the progress and the ruling.
        """
        # A plain `def`: FastAPI runs it in its thread pool; DDS is reached only through the runner.
        setting = body.to_setting(request.app.state.events)
        if claim_jobs.needs_job(request, setting, job):
            started = claim_jobs.start_claim_job(request, body, setting)
            out = claim_jobs.ClaimJobResponse.from_job(started).model_dump(mode="json")
            return JSONResponse(status_code=202, content=out, headers={"Location": claim_jobs.job_location(started)})
        ruling = rule_claim(body, request.app.state.events, request.app.state.solver, setting=setting)
        return ClaimRulingResponse.from_ruling(ruling, body)

    @app.post(
        "/v1/screenings", dependencies=lang, max_body_size=UPLOAD_BODY_BYTES,
        response_model=ScreeningResponse,
        responses={**unauthorised,
                   202: {"model": ScreeningJobResponse, "description": "A big file (or job=true): the job, to poll."},
                   413: {"model": ErrorResponse, "description": "The file is larger than 5 MiB."},
                   422: {"model": ErrorResponse, "description": "No file, or a file that is not PBN."},
                   503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
        summary="Screen every game of a PBN file for revokes",
    )
    def screen_file(
        request: Request,
        file: Annotated[UploadFile, File(description="A PBN file (multipart form field `file`), at most 5 MiB; "
                                         "UTF-8, cp1252 or latin-1.")],
        job: Annotated[bool | None, Query(description="true: always answer 202 with a job; false: never (a 422 "
                                          "for a file over the synchronous cap); default: a job above the cap.")]
        = None,
    ) -> Any:
        """Read every game of the uploaded PBN file: games without a play record are skipped,
        play records without a revoke are counted as clean, games with a revoke get the same
        ruling as `/v1/rulings/revoke` (no claim figure: the tricks not played out are valued
        double dummy), and records that cannot be ruled on (passed out, a card not held or
        played twice, a deal with 14 and 12 cards...) are flagged with the reason.

        A file of at most 500 games (`ADVISOR_SYNC_SCREENING_GAMES`) is screened in the request:
        200 with the report. A bigger one, or `job=true`, is answered 202 at once with a job
        (`Location: /v1/screenings/jobs/{job}`): poll it for the progress and the report. Rulings
        go before screenings on the solver; a screening whose client disconnects is cancelled.
        """
        # A plain `def`: the solver blocks, so FastAPI runs this in its thread pool.
        data = read_upload(file.file)
        if data is None:
            raise HTTPException(status_code=413)  # the project's 413 (app.service.errors.too_large)
        name = (file.filename or "").replace("\\", "/").rsplit("/", 1)[-1] or "upload.pbn"
        try:
            text = upload_text(data)  # "not a PBN file: ..." for empty, UTF-16, binary, tag-less bytes
        except PbnError as exc:
            raise InvalidBoardError(f"{name}: {exc.message}", path="file", key="file_named",
                                    params={"name": name, "reason": exc}) from None
        try:
            games = read_games(text)  # PBN or LIN, by the content
        except PbnError as exc:
            raise InvalidBoardError(f"{name}: not a readable PBN file: {exc.message}", path="file",
                                    key="file_unreadable", params={"name": name, "reason": exc}) from None
        return screen_upload(request, name, games, job)

    install_api_docs(app)
    install_same_site(app, None if allowed_hosts is None else allowed_hosts_with(allowed_hosts, setting=""))
    install_body_limits(app)  # inside the security headers, outside every other middleware (the access check too)
    install_security(app)  # last: the outermost middleware, so every answer gets the headers and the request id
    return app
