"""A claim ruling as a job (issue 27): a position with more than ``ADVISOR_CLAIM_JOB_CARDS`` cards
in a hand (default 8; the search's cost grows steeply there: docs/claims.md 2.6) is ruled in a
background thread of the job manager (:mod:`app.service.jobs`, the one screenings use), so that neither a
request nor the page waits a minute on it.

``POST /v1/rulings/claim`` answers such a claim (or any with ``job=true``) 202 with the job and
``Location: /v1/rulings/claim/jobs/{job}``; ``GET`` there gives its state, its progress in
searches (the worst line's, then one per doubtful category) and, once done, the ruling, the same
as the synchronous answer. The page shows a progress bar (``/claim/jobs/{job}``, see
:mod:`app.web.claim`). The input is validated before the job is made: a bad claim is a 422 at once.
``DELETE`` there cancels the job (its owner or a director: :data:`app.service.access.POLICY`).

Directors' rulings first (issue 35): every claim is ruled as a job, and no request waits for one
longer than the synchronous bound (:data:`SYNC_SECONDS`, 2 s; ``job=false`` included): past it, the
answer is 202 with the job. What a request may ask of the search is capped by its holder's role
(:func:`claim_caps`: ``time_limit`` and ``node_budget``, a viewer's and laptop mode's lower than a
director's). A small claim at the interactive budget (:func:`is_interactive`) waits in the
:data:`app.service.jobs.RULING` queue, in the solver's interactive lane, with places of its own; any
other in the :data:`app.service.jobs.CLAIM` queue, in the batch lane. A holder has at most
``ADVISOR_JOBS_PER_HOLDER`` claim jobs at once (429 beyond).
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse, checked_claim
from app.api.schemas.common import ErrorResponse
from app.api.screenings import env_int, holder_of, owner_of
from app.service.jobs import CLAIM, RULING, Job, JobManager, JobState
from engine.casefile.events import NotStoredError
from engine.casefile.users import OPEN_MODE, Actor, Role
from engine.rulings.claim import DEFAULT_TIME_LIMIT
from engine.rulings.claim_after_revoke import adjudicate_claim_after_revoke
from engine.rulings.claim_ruling import ClaimRuling, ClaimSetting
from engine.rulings.claim_search import DEFAULT_NODE_BUDGET, JOB_NODE_BUDGET, SYNC_CARDS, node_budget_for

JOB_CARDS = SYNC_CARDS
"""The default of ``ADVISOR_CLAIM_JOB_CARDS``: a claim whose longest hand holds more cards is a job."""

SYNC_SECONDS = 2.0
"""How long a claim request waits for its ruling before it answers with the job instead (issue 33: no
synchronous request holds its thread more than 2 s; ``ADVISOR_CLAIM_SYNC_SECONDS``). ``job=false``
waits this long at least, and no longer than the larger of it and the setting (issue 35)."""


@dataclass(frozen=True, slots=True)
class ClaimCaps:
    """The most a claim request may ask of the search, by its holder's role (issue 35).

    Attributes:
        time_limit: seconds the ruling's searches may take together (``time_limit``).
        node_budget: nodes (cards tried) each pass of one search may visit (``node_budget``).
    """

    time_limit: float
    node_budget: int


DIRECTOR_CAPS = ClaimCaps(120.0, 100_000_000)
"""A director's, a committee member's, and laptop mode's (the director's own machine, open on
127.0.0.1 only): the request's own bounds (120 s, 100 million nodes)."""
VIEWER_CAPS = ClaimCaps(DEFAULT_TIME_LIMIT, JOB_NODE_BUDGET)
"""A viewer's: the defaults of a big claim (45 s, 50 million nodes), never more, whatever the
request asks."""


def claim_caps(actor: Actor | None) -> ClaimCaps:
    """What ``actor`` may ask of a claim search: :data:`DIRECTOR_CAPS` for a director, a committee
    member or laptop mode (:data:`engine.casefile.users.OPEN_MODE`: no tokens, 127.0.0.1 only, the
    director at his own laptop), else (a viewer, nobody) :data:`VIEWER_CAPS`."""
    if actor == OPEN_MODE:
        return DIRECTOR_CAPS
    role = actor.role if actor is not None else None
    return DIRECTOR_CAPS if role in (Role.DIRECTOR, Role.COMMITTEE) else VIEWER_CAPS


@dataclass(frozen=True, slots=True)
class SearchBounds:
    """What one claim ruling's searches get: ``time_limit`` seconds in all, ``node_budget`` nodes a
    pass (the request's, else the default for the position's size, each capped by :func:`claim_caps`)."""

    time_limit: float
    node_budget: int


def search_bounds(request: Request, body: ClaimRulingRequest, setting: ClaimSetting) -> SearchBounds:
    """The bounds of ``body``'s searches: what it asks (else :data:`DEFAULT_TIME_LIMIT` and
    :func:`engine.rulings.claim_search.node_budget_for` the position), capped by the role of the
    actor the door let through."""
    caps = claim_caps(getattr(request.state, "actor", None))
    budget = node_budget_for(longest_hand(setting), getattr(request.app.state, "claim_job_cards", JOB_CARDS))
    return SearchBounds(min(body.time_limit or DEFAULT_TIME_LIMIT, caps.time_limit),
                        min(body.node_budget or budget, caps.node_budget))


def is_interactive(request: Request, setting: ClaimSetting, bounds: SearchBounds) -> bool:
    """Whether a claim asked for at once is ruled in the interactive :data:`app.service.jobs.RULING`
    queue: no hand holds more than ``app.state.claim_job_cards`` cards and each search pass stops at
    the interactive budget (:data:`engine.rulings.claim_search.DEFAULT_NODE_BUDGET`, about 2 s)."""
    limit: int = getattr(request.app.state, "claim_job_cards", JOB_CARDS)
    return longest_hand(setting) <= limit and bounds.node_budget <= DEFAULT_NODE_BUDGET


def sync_seconds() -> float:
    """Seconds a claim request waits for its ruling before answering 202 with the job
    (``ADVISOR_CLAIM_SYNC_SECONDS``, default 2).

    Raises:
        ValueError: the variable is set to something that is not a number of seconds (0 to 60).
    """
    text = os.environ.get("ADVISOR_CLAIM_SYNC_SECONDS", "").strip()
    if not text:
        return SYNC_SECONDS
    value = float(text)
    if not 0 <= value <= 60:
        raise ValueError(f"ADVISOR_CLAIM_SYNC_SECONDS must be 0 to 60 seconds, not {text!r}")
    return value


def rule_or_job(request: Request, body: ClaimRulingRequest, setting: ClaimSetting,
                meta: dict[str, Any] | None = None, *, job: bool | None = None) -> ClaimRuling | Job:
    """The ruling of ``body``'s claim if it is ready within ``app.state.claim_sync_seconds`` (with
    ``job=False``: the larger of that and :data:`SYNC_SECONDS`), else its job (still running, to
    poll): the claim is ruled as a job either way, so a long search never holds the request's thread.

    Raises:
        InvalidBoardError: as :func:`start_claim_job`; TooManyJobsError: the holder's share of claim
        jobs is taken (429); SolverBusyError: too many jobs already wait.
    """
    started = start_claim_job(request, body, setting, meta, at_once=True)
    wait: float = getattr(request.app.state, "claim_sync_seconds", SYNC_SECONDS)
    if job is False:
        wait = max(wait, SYNC_SECONDS)
    if started.wait(wait) and started.state is JobState.DONE and isinstance(started.result, ClaimRuling):
        return started.result
    return started


def job_cards() -> int:
    """Cards in a hand above which a claim runs as a job (``ADVISOR_CLAIM_JOB_CARDS``, default 8).

    Raises:
        ValueError: the variable is set to something that is not a whole number.
    """
    return env_int("ADVISOR_CLAIM_JOB_CARDS", JOB_CARDS)


def longest_hand(setting: ClaimSetting) -> int:
    """The most cards a hand held at the claim (its card in the trick in progress counted): the
    tricks still to play."""
    return setting.position.tricks_left


def needs_job(request: Request, setting: ClaimSetting, job: bool | None) -> bool:
    """Whether the claim at ``setting`` is answered 202 with its job at once (not waited for): with
    ``job=true``; never with ``job=false`` (waited for up to the synchronous bound: :func:`rule_or_job`);
    else when its longest hand holds more than ``app.state.claim_job_cards`` cards."""
    if job is not None:
        return job
    limit: int = getattr(request.app.state, "claim_job_cards", JOB_CARDS)
    return longest_hand(setting) > limit


def start_claim_job(request: Request, body: ClaimRulingRequest, setting: ClaimSetting,
                    meta: dict[str, Any] | None = None, *, at_once: bool = False) -> Job:
    """Queue the ruling of ``body``'s claim at ``setting`` (already read from the request) as a job;
    its result is the engine's :class:`ClaimRuling`, its progress in searches. As
    :func:`app.api.schemas.claim.rule_claim`, a play that shows a revoke is ruled with the revoke laws.
    The searches' bounds are :func:`search_bounds` (capped by role). ``at_once``: the request waits
    for it (:func:`rule_or_job`): a small claim (:func:`is_interactive`) then goes to the interactive
    :data:`app.service.jobs.RULING` queue; any other claim to :data:`app.service.jobs.CLAIM`. The
    job's owner is the request's actor, its share the request's holder; ``meta["bounds"]`` keeps
    its :class:`SearchBounds`.

    Raises:
        InvalidBoardError: as :func:`engine.rulings.claim.validate_claim`, path ``event`` (before any
            job is made).
        TooManyJobsError: the holder already has its share of claim jobs (HTTP 429).
        SolverBusyError: too many jobs already wait in its queue (HTTP 503).
    """
    claim = checked_claim(body, setting)
    bounds = search_bounds(request, body, setting)
    solver = request.app.state.solver
    jobs: JobManager = request.app.state.jobs
    laws = body.edition(request.app.state.events)

    def run(job: Job) -> ClaimRuling:  # as rule_claim: a revoke in the play is ruled with the revoke laws
        def progress(done: int, total: int) -> None:  # after each search: stop there when cancelled
            job.advance(done, total)
            job.work.check()

        return adjudicate_claim_after_revoke(setting, claim, solver, edition=laws, node_budget=bounds.node_budget,
                                             time_limit=bounds.time_limit, progress=progress)

    queue = RULING if at_once and is_interactive(request, setting, bounds) else CLAIM
    return jobs.submit("claim", 1, run, {"kind": CLAIM, "body": body, "bounds": bounds, **(meta or {})}, kind=CLAIM,
                       queue=queue,
                       owner=owner_of(request), holder=holder_of(request))


def claim_job(request: Request, job_id: str) -> Job:
    """The claim job ``job_id``.

    Raises:
        NotStoredError: no such claim job (a screening's id is not one), or it was forgotten.
    """
    job: Job = request.app.state.jobs.get(job_id)
    if job.kind != CLAIM:
        raise NotStoredError(f"there is no claim job {job_id[:40]!r}", path="job_id")
    return job


class ClaimJobProgress(BaseModel):
    """How far a claim job is, in searches."""

    done: int = Field(description="Searches done.")
    total: int = Field(description="Searches known to be needed (one more per doubtful category once the worst "
                                   "line is known).")


class ClaimJobResponse(BaseModel):
    """A claim job: its state and progress, and the ruling once it is done."""

    job: str = Field(description="The job's id: GET /v1/rulings/claim/jobs/{job}.")
    state: Literal["queued", "running", "done", "failed", "cancelled"]
    progress: ClaimJobProgress
    created: dt.datetime
    started: dt.datetime | None
    finished: dt.datetime | None
    error: str | None = Field(description="Why the job failed or was cancelled.")
    ruling: ClaimRulingResponse | None = Field(description="The ruling once done: what a synchronous POST "
                                               "/v1/rulings/claim gives, in the language of this request.")

    @classmethod
    def from_job(cls, job: Job) -> ClaimJobResponse:
        """The API's view of a claim job (the ruling said in the language being built)."""
        def when(t: float | None) -> dt.datetime | None:
            return None if t is None else dt.datetime.fromtimestamp(t, dt.UTC)

        ruling = None
        if isinstance(job.result, ClaimRuling):
            ruling = ClaimRulingResponse.from_ruling(job.result, job.meta["body"])
            if job.meta.get("from_traveller") is not None:  # the line the request named (claim_from_traveller)
                ruling = ruling.model_copy(update={"from_traveller": job.meta["from_traveller"]})
        return cls(job=job.id, state=job.state.value, progress=ClaimJobProgress(done=job.done, total=job.total),
                   created=when(job.created) or dt.datetime.now(dt.UTC), started=when(job.started),
                   finished=when(job.finished), error=job.error, ruling=ruling)


def job_location(job: Job) -> str:
    """The claim job's URL path."""
    return f"/v1/rulings/claim/jobs/{job.id}"


def router() -> APIRouter:
    """``GET`` and ``DELETE /v1/rulings/claim/jobs/{job_id}`` (who may: :data:`app.service.access.POLICY`;
    cancelling: a director or the job's owner)."""
    r = APIRouter()
    missing: dict[int | str, dict[str, Any]] = {
        401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."},
        404: {"model": ErrorResponse, "description": "No such claim job (or it finished more than an hour ago)."}}

    @r.get("/v1/rulings/claim/jobs/{job_id}", response_model=ClaimJobResponse, responses=missing,
           summary="A claim job: its state, progress and ruling")
    def get_claim_job(job_id: str, request: Request) -> ClaimJobResponse:
        """The job's state, its progress in searches and, once done, the ruling (the same as the
        synchronous answer). Poll it every second or two; a finished job is kept for an hour."""
        return ClaimJobResponse.from_job(claim_job(request, job_id))

    @r.delete("/v1/rulings/claim/jobs/{job_id}", response_model=ClaimJobResponse,
              responses={**missing, 403: {"model": ErrorResponse, "description": "Neither the job's owner nor a "
                                                                                  "director."}},
              summary="Cancel a claim job")
    def cancel_claim_job(job_id: str, request: Request) -> ClaimJobResponse:
        """Cancel the claim job: a queued one at once, a running one after the search it is on
        (`cancelled` once it has stopped; a finished job is left as it is). Whoever started the job
        may, and a director."""
        return ClaimJobResponse.from_job(request.app.state.jobs.cancel(claim_job(request, job_id).id,
                                                                       "cancelled"))

    return r
