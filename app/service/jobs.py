"""Long work as jobs: screenings of big files and claim rulings run in background threads, with
progress and cancel.

``POST /v1/screenings`` with a file over the synchronous cap (or with ``job=true``) answers 202
at once with a job; ``GET /v1/screenings/jobs/{id}`` gives its state, its progress in games and,
when done, the report; ``DELETE`` cancels it. A small file is screened in its request, still
registered here (so that it is counted, and cancelled at shutdown) but not reachable by id.

Each kind of job waits in its own queue (issue 35: one holder's claims never fill the screenings'
queue): :data:`SCREENING` (a file sent to ``POST /v1/screenings``), :data:`UPLOAD` (the screening of
a big file uploaded on the page), :data:`CLAIM` (a big claim, or ``job=true``) and :data:`RULING`
(a small claim ruled while its director waits: the interactive lane, places of its own, so that no
job holds it up). Each queue runs at most its ``running`` jobs at once and lets at most its
``queued`` more wait; beyond that a new job is refused with :class:`SolverBusyError` (HTTP 503
with ``Retry-After``); so are synchronous screenings beyond ``max_inline`` at once. A queue starts
the waiting job of the holder with the fewest jobs running in it first, then that of the holder
served longest ago (the oldest job among equals): one holder's queued jobs do not keep another's
waiting.

A holder (a token holder, or a client address in laptop mode: :func:`app.service.share.holder_key`)
has at most ``per_holder`` jobs of one kind queued or running at once (the claim kind counts both
claim queues); one more is :class:`TooManyJobsError` (HTTP 429 with ``Retry-After``). Every job
keeps its ``owner`` (the actor's name), who may cancel it, as may a director
(:data:`app.service.access.POLICY`).

Every screening and big claim runs in the solver's batch lane (:mod:`engine.dd.work`): rulings go
first, and jobs hold at most their share of the workers. A job is cancelled between two games (a
claim: two searches): by ``DELETE``, by the shutdown, or (a synchronous screening) when its client
goes away. Finished jobs are kept ``keep_seconds`` (at most ``keep_finished`` of them), then
forgotten (404).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.casefile.events import NotStoredError
from engine.dd.work import Cancel, Lane, Work, current, working
from engine.errors import SolverBusyError, WorkCancelledError

log = logging.getLogger(__name__)

SCREENING = "screening"
"""The queue (and kind) of screenings of files sent to ``POST /v1/screenings``."""
UPLOAD = "upload"
"""The queue (and kind) of the screenings of big files uploaded on the page (``POST /upload``)."""
CLAIM = "claim"
"""The queue (and kind) of claim rulings as jobs: more than ``ADVISOR_CLAIM_JOB_CARDS`` cards a hand,
a node budget above the interactive one, or ``job=true``; the batch lane."""
RULING = "ruling"
"""The queue of small claim rulings (kind :data:`CLAIM`) whose director waits for the answer: the
interactive lane and places of their own."""
PER_HOLDER = 3
"""The default of ``ADVISOR_JOBS_PER_HOLDER``: jobs of one kind a holder may have queued or running."""


@dataclass(frozen=True, slots=True)
class QueueLimits:
    """One queue's bounds.

    Attributes:
        running: jobs of the queue running at once (each in its own thread), at least 1.
        queued: jobs allowed to wait for a place; one more is refused (503).
        lane: the solver lane its jobs' solves wait in.
    """

    running: int
    queued: int
    lane: Lane = Lane.BATCH


class TooManyJobsError(SolverBusyError):
    """A holder asked for one job more than ``per_holder`` of a kind (HTTP 429 with ``Retry-After``).

    Attributes:
        kind: the job's kind (:data:`SCREENING`, :data:`UPLOAD`, :data:`CLAIM`).
        limit: the jobs of that kind a holder may have queued or running at once.
    """

    def __init__(self, kind: str, limit: int) -> None:
        super().__init__(f"you already have {limit} {kind} jobs waiting or running (at most {limit} each): wait "
                         "for one to end, or cancel one")
        self.kind = kind
        self.limit = limit


class JobState(StrEnum):
    """Where a job is in its life."""

    QUEUED = "queued"
    """Waiting for one of the ``max_running`` places."""
    RUNNING = "running"
    """Screening games (``done`` of ``total``)."""
    DONE = "done"
    """Finished; ``result`` holds the report."""
    FAILED = "failed"
    """Stopped by an unexpected error (``error`` says which); a bad game never does this."""
    CANCELLED = "cancelled"
    """Stopped before the end (``error`` says why: cancelled, the client went away, shutdown)."""


FINISHED = frozenset({JobState.DONE, JobState.FAILED, JobState.CANCELLED})
"""The states a job does not leave."""


@dataclass(eq=False)
class Job:
    """One screening, as a job or inside its request.

    Attributes:
        id: the job's id, 22 random URL-safe characters (unguessable: the id is the capability to
            read the report).
        name: the file's name, as uploaded.
        total: games to screen.
        work: its solver lane (batch) and cancel flag.
        run: the work itself: called with the job, returns the result; calls :meth:`advance`.
            ``None`` once the job has finished: what it closed over (the parsed file) is let go,
            and a finished job keeps its report only.
        inline: a synchronous screening, run in its request's thread (not reachable by id).
        meta: what the caller keeps with it (the page's event and file ids), never shown by the API.
        kind: :data:`SCREENING`, :data:`UPLOAD` or :data:`CLAIM`; queue: the queue it waits in (its
            kind's, or :data:`RULING` for a small claim).
        owner: the name of the actor who started it (may cancel it); ``None``: nobody known.
        holder: whose share of the jobs it counts against (:func:`app.service.share.holder_key`);
            ``None``: no one's (a job the service starts itself, a test's).
        state: see :class:`JobState`.
        done: games screened so far, 0..``total``.
        created / started / finished: Unix times in seconds (``None`` until it happens).
        result: the value ``run`` returned, once ``DONE``.
        error: why it failed or was cancelled; ``None`` otherwise.
        ended: set when the job ends (:meth:`wait`).
    """

    id: str
    name: str
    total: int
    work: Work
    run: Callable[[Job], Any] | None
    inline: bool = False
    meta: dict[str, Any] = field(default_factory=dict)
    kind: str = SCREENING
    queue: str = SCREENING
    owner: str | None = None
    holder: str | None = None
    state: JobState = JobState.QUEUED
    done: int = 0
    created: float = field(default_factory=time.time)
    started: float | None = None
    finished: float | None = None
    result: Any = None
    error: str | None = None
    ended: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the job to end (done, failed or cancelled); whether it has."""
        return self.ended.wait(timeout)

    def advance(self, done: int, total: int) -> None:
        """Progress callback (``engine.screening.events.Progress``): ``done`` of ``total`` games screened."""
        self.done, self.total = done, total

    def cancel(self, reason: str) -> None:
        """Ask the job to stop (between two games) because of ``reason``."""
        if self.work.cancel is not None:
            self.work.cancel.set(reason)


class JobManager:
    """Runs jobs in background threads, a bounded number of each queue at once.

    Args:
        max_running: screenings of files (:data:`SCREENING`, and :data:`UPLOAD` unless ``queues``
            says otherwise) running at once (each in its own thread).
        max_queued: screenings allowed to wait for a place; beyond it :meth:`submit` refuses.
        max_inline: synchronous screenings (in their requests) allowed at once.
        keep_seconds: how long a finished job stays readable.
        keep_finished: at most this many finished jobs are kept (the oldest go first).
        queues: the other queues' bounds by name (default: :data:`CLAIM` 1 running and 16 waiting,
            batch lane; :data:`RULING` 2 running and 8 waiting, interactive lane); a queue named
            here replaces its default.
        per_holder: jobs of one kind a holder may have queued or running at once (at least 1).
    """

    def __init__(self, *, max_running: int = 2, max_queued: int = 16, max_inline: int = 4,
                 keep_seconds: float = 3600.0, keep_finished: int = 100,
                 queues: dict[str, QueueLimits] | None = None, per_holder: int = PER_HOLDER) -> None:
        self.max_running = max(1, max_running)
        self.max_queued = max(0, max_queued)
        self.max_inline = max(1, max_inline)
        self.keep_seconds = keep_seconds
        self.keep_finished = keep_finished
        self.per_holder = max(1, per_holder)
        screening = QueueLimits(self.max_running, self.max_queued)
        self.queues: dict[str, QueueLimits] = {
            SCREENING: screening, UPLOAD: screening, CLAIM: QueueLimits(1, 16),
            RULING: QueueLimits(2, 8, Lane.INTERACTIVE), **(queues or {})}
        """Every queue's bounds, by name."""
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()  # by id, oldest first
        self._inline: set[Job] = set()
        self._threads: set[threading.Thread] = set()
        self._last_start: dict[tuple[str, str | None], float] = {}  # (queue, holder) -> time.monotonic()
        self._closed = False
        self.finished = {state.value: 0 for state in FINISHED}
        """Jobs and synchronous screenings finished since start, by final state."""

    def submit(self, name: str, total: int, run: Callable[[Job], Any], meta: dict[str, Any] | None = None, *,
               kind: str | None = None, queue: str | None = None, owner: str | None = None,
               holder: str | None = None) -> Job:
        """Queue a job; it starts as soon as one of its queue's places is free.

        Args:
            name: the file's name (a claim: ``"claim"``). total: the games it holds (a claim: searches).
            run: the work: ``run(job)`` returns the result and calls ``job.advance``.
            meta: kept with the job for the caller.
            kind: :data:`SCREENING`, :data:`UPLOAD` or :data:`CLAIM` (default: ``meta["kind"]``, else
                a screening). queue: the queue it waits in (default: its kind's).
            owner: who started it (its actor's name; default ``meta["owner"]``).
            holder: whose share it counts against; ``None``: no one's.

        Raises:
            TooManyJobsError: ``holder`` already has ``per_holder`` jobs of this kind queued or running.
            SolverBusyError: the queue's ``queued`` jobs already wait, or the service is shutting down.
            KeyError: an unknown queue.
        """
        meta = dict(meta or {})
        kind = kind or str(meta.get("kind") or SCREENING)
        queue = queue or kind
        limits = self.queues[queue]
        job = Job(secrets.token_urlsafe(16), name, total, Work(limits.lane, Cancel()), run, meta=meta, kind=kind,
                  queue=queue, owner=owner if owner is not None else meta.get("owner"), holder=holder)
        with self._lock:
            if self._closed:
                raise SolverBusyError("the service is shutting down")
            if holder is not None:
                mine = sum(j.holder == holder and j.kind == kind and j.state not in FINISHED
                           for j in self._jobs.values())
                if mine >= self.per_holder:
                    raise TooManyJobsError(kind, self.per_holder)
            queued = sum(j.queue == queue and j.state is JobState.QUEUED for j in self._jobs.values())
            if queued >= limits.queued:
                raise SolverBusyError(f"{queued} {kind} jobs are already waiting; try again later")
            self._jobs[job.id] = job
            self._prune()
            self._start_next()
        return job

    def run_inline(self, name: str, total: int, run: Callable[[Job], Any]) -> Any:
        """Run a screening in the caller's thread (a synchronous request), in the batch lane, with the
        caller's cancel flag (set when its client goes away; a new one when it has none).

        Returns:
            What ``run`` returned.

        Raises:
            SolverBusyError: ``max_inline`` synchronous screenings already run, or shutdown.
            WorkCancelledError: it was cancelled (client gone, shutdown) before the end.
        """
        caller = current()
        job = Job(secrets.token_urlsafe(16), name, total, Work(Lane.BATCH, caller.cancel or Cancel()), run,
                  inline=True, state=JobState.RUNNING, started=time.time())
        with self._lock:
            if self._closed:
                raise SolverBusyError("the service is shutting down")
            if len(self._inline) >= self.max_inline:
                raise SolverBusyError(f"{len(self._inline)} screenings are already running; try again later, "
                                      "or send the file as a job (job=true)")
            self._inline.add(job)
        try:
            with working(job.work):
                result = run(job)
            self._end(job, JobState.DONE)
            return result
        except WorkCancelledError as exc:
            self._end(job, JobState.CANCELLED, str(exc))
            raise
        except BaseException as exc:
            self._end(job, JobState.FAILED, str(exc))
            raise
        finally:
            with self._lock:
                self._inline.discard(job)

    def get(self, job_id: str) -> Job:
        """The job with this id.

        Raises:
            NotStoredError: no such job (never was, or finished more than ``keep_seconds`` ago).
        """
        with self._lock:
            self._prune()
            job = self._jobs.get(job_id)
        if job is None:
            raise NotStoredError(f"there is no screening job {job_id[:40]!r} (finished jobs are kept "
                                 f"{self.keep_seconds / 60:g} minutes)", path="job_id")
        return job

    def cancel(self, job_id: str, reason: str = "cancelled") -> Job:
        """Cancel a job: a queued one at once, a running one between two games; a finished one is
        left as it is. The job.

        Raises:
            NotStoredError: no such job.
        """
        job = self.get(job_id)
        with self._lock:
            if job.state is JobState.QUEUED:
                job.cancel(reason)
                self._end_locked(job, JobState.CANCELLED, reason)
                return job
        if job.state not in FINISHED:
            job.cancel(reason)
        return job

    def stats(self) -> dict[str, Any]:
        """Counts for ``/healthz``, read under the manager's lock only: jobs ``queued`` and
        ``running`` (all queues), synchronous screenings ``inline``, ``kept`` finished jobs,
        ``finished`` since start by state, the screenings' limits, each running job's progress
        (``{"done", "total"}``), ``queues``: each queue's ``queued``, ``running`` and bounds, and
        ``per_holder``."""
        with self._lock:
            jobs = list(self._jobs.values())
            inline = list(self._inline)
        running = [j for j in jobs if j.state is JobState.RUNNING]
        queues = {name: {"queued": sum(j.queue == name and j.state is JobState.QUEUED for j in jobs),
                         "running": sum(j.queue == name for j in running),
                         "max_running": limits.running, "max_queued": limits.queued, "lane": limits.lane.value}
                  for name, limits in self.queues.items()}
        return {
            "queued": sum(j.state is JobState.QUEUED for j in jobs), "running": len(running),
            "inline": len(inline), "kept": sum(j.state in FINISHED for j in jobs), "finished": dict(self.finished),
            "max_running": self.max_running, "max_queued": self.max_queued, "max_inline": self.max_inline,
            "progress": [{"done": j.done, "total": j.total} for j in running + inline],
            "queues": queues, "per_holder": self.per_holder,
        }

    def begin_shutdown(self, reason: str = "the service is shutting down") -> None:
        """Refuse new work and ask every queued and running screening to stop (without waiting: safe
        in a signal handler)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            jobs = [*self._jobs.values(), *self._inline]
            for job in jobs:
                if job.state is JobState.QUEUED:
                    job.cancel(reason)
                    self._end_locked(job, JobState.CANCELLED, reason)
        for job in jobs:
            if job.state is JobState.RUNNING:
                log.warning("screening %s (%s) cancelled at %d of %d games: %s", job.id[:8] if not job.inline else
                            "in a request", job.name, job.done, job.total, reason)
                job.cancel(reason)

    def shutdown(self, timeout: float, reason: str = "the service is shutting down") -> bool:
        """:meth:`begin_shutdown`, then wait at most ``timeout`` seconds for the running screenings
        to stop; whether they all did (a job thread still running is a daemon: it does not keep the
        process alive)."""
        self.begin_shutdown(reason)
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                busy = bool(self._inline) or any(j.state is JobState.RUNNING for j in self._jobs.values())
            if not busy:
                return True
            if time.monotonic() >= deadline:
                log.warning("screenings still running after %.1f s of shutdown: left behind", timeout)
                return False
            time.sleep(0.02)

    # --- inside ----------------------------------------------------------------------------------

    def _start_next(self) -> None:
        """Start queued jobs while their queues have free places, in each queue the job of the holder
        with the fewest jobs running there first, then of the holder whose last job there started
        longest ago (one never served first), the oldest among equals (the caller holds the lock)."""
        if self._closed:
            return
        jobs = list(self._jobs.values())
        running: dict[str, int] = {}
        by_holder: dict[tuple[str, str | None], int] = {}
        for j in jobs:
            if j.state is JobState.RUNNING:
                running[j.queue] = running.get(j.queue, 0) + 1
                by_holder[j.queue, j.holder] = by_holder.get((j.queue, j.holder), 0) + 1
        while True:
            waiting = [j for j in jobs if j.state is JobState.QUEUED
                       and running.get(j.queue, 0) < self.queues[j.queue].running]
            if not waiting:
                return
            job = min(waiting, key=lambda j: (by_holder.get((j.queue, j.holder), 0),
                                              self._last_start.get((j.queue, j.holder), 0.0), j.created))
            job.state, job.started = JobState.RUNNING, time.time()
            self._last_start[job.queue, job.holder] = time.monotonic()
            if len(self._last_start) > 1000:  # holders long gone: forget them (the order only)
                self._last_start.clear()
            running[job.queue] = running.get(job.queue, 0) + 1
            by_holder[job.queue, job.holder] = by_holder.get((job.queue, job.holder), 0) + 1
            thread = threading.Thread(target=self._run, args=(job,), name=f"{job.kind}-{job.id[:8]}", daemon=True)
            self._threads.add(thread)
            thread.start()

    def _run(self, job: Job) -> None:
        """A job's thread: run it as batch work, record how it ended, start the next one."""
        run = job.run
        try:
            if run is None:  # ended before it started (cancelled while queued)
                return
            with working(job.work):
                job.result = run(job)
            del run  # the games it closed over go with it
            self._end(job, JobState.DONE)
        except WorkCancelledError as exc:
            self._end(job, JobState.CANCELLED, str(exc))
        except Exception as exc:
            log.exception("%s job %s (%s) failed", job.kind, job.id, job.name)
            self._end(job, JobState.FAILED, f"unexpected error (please report): {type(exc).__name__}: {exc}")
        finally:
            with self._lock:
                self._threads.discard(threading.current_thread())
                self._start_next()

    def _end(self, job: Job, state: JobState, error: str | None = None) -> None:
        with self._lock:
            self._end_locked(job, state, error)

    def _end_locked(self, job: Job, state: JobState, error: str | None = None) -> None:
        job.state, job.error, job.finished = state, error, time.time()
        job.run = None  # a finished job keeps its report, not the parsed file its work closed over
        self.finished[state.value] += 1
        job.ended.set()

    def _prune(self) -> None:
        """Forget finished jobs older than ``keep_seconds``, and the oldest beyond ``keep_finished``
        (the caller holds the lock)."""
        now = time.time()
        finished = [j for j in self._jobs.values() if j.state in FINISHED]
        drop = [j for j in finished if j.finished is not None and now - j.finished > self.keep_seconds]
        drop += [j for j in finished[: max(0, len(finished) - self.keep_finished)] if j not in drop]
        for job in drop:
            del self._jobs[job.id]
