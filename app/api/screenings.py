"""Screenings over HTTP: a small file in its request, a big one as a job (``/v1/screenings/jobs``).

:func:`screen_upload` is what ``POST /v1/screenings`` does once the file is read: a file of at
most ``sync_games`` games (``ADVISOR_SYNC_SCREENING_GAMES``, default 500) is screened in the
request and answered 200 with the report; a bigger one, or any with ``job=true``, becomes a job
(:mod:`app.service.jobs`) answered 202 with its id and ``Location``. The router reads and cancels jobs.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from app.api.schemas.common import ErrorResponse
from app.api.schemas.screening import ScreeningResponse
from app.service.jobs import CLAIM, PER_HOLDER, RULING, SCREENING, Job, JobManager, QueueLimits
from engine.casefile.events import NotStoredError
from engine.dd.protocol import DoubleDummySolver
from engine.dd.work import Lane
from engine.errors import InvalidBoardError
from engine.records.pbn_game import PbnGame
from engine.screening.events import screen_games
from engine.screening.report import ScreeningReport

_N = TypeVar("_N", int, float)

SYNC_GAMES = 500
"""The default cap of a synchronous screening, in games (``ADVISOR_SYNC_SCREENING_GAMES``)."""


def env_int(name: str, default: int) -> int:
    """The environment variable ``name`` as an integer, ``default`` when unset or empty.

    Raises:
        ValueError: it is set to something that is not a whole number (the service does not start).
    """
    return _env(name, default, int, "a whole number")


def env_float(name: str, default: float) -> float:
    """The environment variable ``name`` as a number of seconds, ``default`` when unset or empty.

    Raises:
        ValueError: it is set to something that is not a number.
    """
    return _env(name, default, float, "a number")


def _env(name: str, default: _N, parse: Callable[[str], _N], what: str) -> _N:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return parse(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not {what}") from None


def job_manager_from_env() -> JobManager:
    """The job manager configured by ``ADVISOR_SCREENING_JOBS`` (screenings running at once, in each
    of the two screening queues, files sent to the API and files uploaded on the page: default 2),
    ``ADVISOR_CLAIM_JOBS`` (claim jobs running at once, default 1), ``ADVISOR_CLAIM_RULINGS`` (small
    claims ruled while their director waits, at once: default 2, the interactive lane) and
    ``ADVISOR_JOBS_PER_HOLDER`` (jobs of one kind a holder may have queued or running, default 3).

    Raises:
        ValueError: one of them is not a whole number.
    """
    return JobManager(max_running=env_int("ADVISOR_SCREENING_JOBS", 2),
                      queues={CLAIM: QueueLimits(max(1, env_int("ADVISOR_CLAIM_JOBS", 1)), 16),
                              RULING: QueueLimits(max(1, env_int("ADVISOR_CLAIM_RULINGS", 2)), 8, Lane.INTERACTIVE)},
                      per_holder=env_int("ADVISOR_JOBS_PER_HOLDER", PER_HOLDER))


class JobProgress(BaseModel):
    """How far a screening job is, in games."""

    done: int = Field(description="Games screened so far.")
    total: int = Field(description="Games in the file.")


class ScreeningJobResponse(BaseModel):
    """A screening job: its state and progress, and the report once it is done."""

    job: str = Field(description="The job's id: GET or DELETE /v1/screenings/jobs/{job}.")
    state: Literal["queued", "running", "done", "failed", "cancelled"] = Field(
        description="queued (waiting for a place), running, done (the report is here), failed or cancelled "
                    "(error says why).")
    file: str = Field(description="The uploaded file's name.")
    progress: JobProgress
    created: dt.datetime
    started: dt.datetime | None
    finished: dt.datetime | None
    cancelling: bool = Field(description="A cancel was asked for and the job has not stopped yet.")
    error: str | None = Field(description="Why the job failed or was cancelled.")
    report: ScreeningResponse | None = Field(description="The screening's report, once the job is done; the same "
                                             "as a synchronous POST /v1/screenings of the file would give.")

    @classmethod
    def from_job(cls, job: Job) -> ScreeningJobResponse:
        """The API's view of a job (the report serialised once it is done)."""
        def when(t: float | None) -> dt.datetime | None:
            return None if t is None else dt.datetime.fromtimestamp(t, dt.UTC)

        report = job.result if isinstance(job.result, ScreeningReport) else None
        return cls(job=job.id, state=job.state.value, file=job.name, progress=JobProgress(done=job.done,
                   total=job.total), created=when(job.created) or dt.datetime.now(dt.UTC), started=when(job.started),
                   finished=when(job.finished), cancelling=job.state.value == "running" and job.work.cancelled,
                   error=job.error, report=ScreeningResponse.from_report(report) if report is not None else None)


def job_location(job: Job) -> str:
    """The job's URL path."""
    return f"/v1/screenings/jobs/{job.id}"


def start_job(jobs: JobManager, solver: DoubleDummySolver, name: str, games: Sequence[PbnGame],
              meta: dict[str, Any] | None = None, *, kind: str = SCREENING, holder: str | None = None) -> Job:
    """Queue the screening of ``games`` (from the file ``name``) as a job of ``kind``
    (:data:`app.service.jobs.SCREENING`, or :data:`app.service.jobs.UPLOAD` for the page's upload)
    counted against ``holder``'s share.

    Raises:
        TooManyJobsError: ``holder`` already has its share of such jobs (HTTP 429).
        SolverBusyError: too many jobs already wait (HTTP 503).
    """
    pairs = [(name, g) for g in games]
    return jobs.submit(name, len(pairs), lambda job: screen_games(pairs, solver=solver, progress=job.advance), meta,
                       kind=kind, holder=holder)


def owner_of(request: Request) -> str | None:
    """Who starts a job from ``request`` (the name of the actor :func:`app.service.access.door` let
    through): kept as the job's ``owner``, who may cancel it besides a director."""
    actor = getattr(request.state, "actor", None)
    return actor.name if actor is not None else None


def holder_of(request: Request) -> str | None:
    """Whose share of the jobs a job started from ``request`` counts against (the door's
    ``request.state.holder``: :func:`app.service.share.holder_key`)."""
    holder = getattr(request.state, "holder", None)
    return holder if isinstance(holder, str) else None


def screen_upload(request: Request, name: str, games: Sequence[PbnGame], job: bool | None) -> Any:
    """Screen an uploaded file's games: in the request (200, the report) when ``job`` is not true and
    the file holds at most ``ADVISOR_SYNC_SCREENING_GAMES`` games, else as a job (202, its id).

    Raises:
        InvalidBoardError: ``job=false`` for a file over the cap (HTTP 422).
        TooManyJobsError: the holder already has its share of screening jobs (HTTP 429).
        SolverBusyError: too many screenings already (HTTP 503), or the service is shutting down.
        WorkCancelledError: the client went away or the service is shutting down (HTTP 503).
    """
    jobs: JobManager = request.app.state.jobs
    solver = request.app.state.solver
    cap = request.app.state.sync_screening_games
    if job is False and len(games) > cap:
        raise InvalidBoardError(f"{name}: {len(games)} games is more than a synchronous screening takes ({cap}); "
                                "leave out job=false to get a job", path="job")
    if job or len(games) > cap:
        started = start_job(jobs, solver, name, games, {"owner": owner_of(request)}, holder=holder_of(request))
        body = ScreeningJobResponse.from_job(started).model_dump(mode="json")
        return JSONResponse(status_code=202, content=body, headers={"Location": job_location(started)})
    pairs = [(name, g) for g in games]
    report = jobs.run_inline(name, len(pairs), lambda j: screen_games(pairs, solver=solver, progress=j.advance))
    return ScreeningResponse.from_report(report)


def screening_job(request: Request, job_id: str) -> Job:
    """The screening job ``job_id`` (a claim ruling's job is not one: :mod:`app.api.claim_jobs`).

    Raises:
        NotStoredError: no such screening job.
    """
    job: Job = request.app.state.jobs.get(job_id)
    if job.kind == CLAIM:
        raise NotStoredError(f"there is no screening job {job_id[:40]!r}", path="job_id")
    return job


def router() -> APIRouter:
    """``GET`` and ``DELETE /v1/screenings/jobs/{job_id}``."""
    r = APIRouter()  # who may: app.service.access.POLICY (cancelling: a director or the job's owner)
    missing: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."},
        404: {"model": ErrorResponse, "description": "No such job (or it finished more than an hour ago)."}}

    @r.get("/v1/screenings/jobs/{job_id}", response_model=ScreeningJobResponse,
           responses=missing, summary="A screening job: its state, progress and report")
    def get_job(job_id: str, request: Request) -> ScreeningJobResponse:
        """The job's state (`queued`, `running`, `done`, `failed`, `cancelled`), its progress in games
        and, once done, the report (the same as a synchronous screening of the file). Poll it every
        second or two; a finished job is kept for an hour."""
        # A plain `def`: serialising a big report must not hold up the event loop (and /healthz).
        return ScreeningJobResponse.from_job(screening_job(request, job_id))

    @r.delete("/v1/screenings/jobs/{job_id}", response_model=ScreeningJobResponse,
              responses=missing, summary="Cancel a screening job")
    def cancel_job(job_id: str, request: Request) -> ScreeningJobResponse:
        """Cancel the job: a queued one at once, a running one after the game it is on (`cancelling`
        until then). A finished job is left as it is."""
        return ScreeningJobResponse.from_job(request.app.state.jobs.cancel(screening_job(request, job_id).id))

    return r
