"""Long work as jobs: screenings of big files run in background threads, with progress and cancel.

``POST /v1/screenings`` with a file over the synchronous cap (or with ``job=true``) answers 202
at once with a job; ``GET /v1/screenings/jobs/{id}`` gives its state, its progress in games and,
when done, the report; ``DELETE`` cancels it. A small file is screened in its request, still
registered here (so that it is counted, and cancelled at shutdown) but not reachable by id.

Every screening runs in the solver's batch lane (:mod:`engine.dd.work`): rulings go first, and
screenings hold at most their share of the workers. At most ``max_running`` jobs run at once;
up to ``max_queued`` more wait their turn, and beyond that a new job is refused with
:class:`SolverBusyError` (HTTP 503 with ``Retry-After``); so are synchronous screenings beyond
``max_inline`` at once. A job is cancelled between two games: by ``DELETE``, by the shutdown, or
(a synchronous screening) when its client goes away. Finished jobs are kept ``keep_seconds``
(at most ``keep_finished`` of them), then forgotten (404).
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
    """Runs screenings as jobs in background threads, a bounded number at once.

    Args:
        max_running: jobs screening at once (each in its own thread).
        max_queued: jobs allowed to wait for a place; beyond it :meth:`submit` refuses.
        max_inline: synchronous screenings (in their requests) allowed at once.
        keep_seconds: how long a finished job stays readable.
        keep_finished: at most this many finished jobs are kept (the oldest go first).
    """

    def __init__(self, *, max_running: int = 2, max_queued: int = 16, max_inline: int = 4,
                 keep_seconds: float = 3600.0, keep_finished: int = 100) -> None:
        self.max_running = max(1, max_running)
        self.max_queued = max(0, max_queued)
        self.max_inline = max(1, max_inline)
        self.keep_seconds = keep_seconds
        self.keep_finished = keep_finished
        self._lock = threading.Lock()
        self._jobs: OrderedDict[str, Job] = OrderedDict()  # by id, oldest first
        self._inline: set[Job] = set()
        self._threads: set[threading.Thread] = set()
        self._closed = False
        self.finished = {state.value: 0 for state in FINISHED}
        """Jobs and synchronous screenings finished since start, by final state."""

    def submit(self, name: str, total: int, run: Callable[[Job], Any], meta: dict[str, Any] | None = None) -> Job:
        """Queue a screening job; it starts as soon as one of the ``max_running`` places is free.

        Args:
            name: the file's name. total: the games it holds.
            run: the screening: ``run(job)`` returns the report and calls ``job.advance``.
            meta: kept with the job for the caller.

        Raises:
            SolverBusyError: ``max_queued`` jobs already wait, or the service is shutting down.
        """
        job = Job(secrets.token_urlsafe(16), name, total, Work(Lane.BATCH, Cancel()), run, meta=dict(meta or {}))
        with self._lock:
            if self._closed:
                raise SolverBusyError("the service is shutting down")
            queued = sum(j.state is JobState.QUEUED for j in self._jobs.values())
            if queued >= self.max_queued:
                raise SolverBusyError(f"{queued} screening jobs are already waiting; try again later")
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
        ``running``, synchronous screenings ``inline``, ``kept`` finished jobs, ``finished`` since
        start by state, the limits, and each running job's progress (``{"done", "total"}``)."""
        with self._lock:
            jobs = list(self._jobs.values())
            inline = list(self._inline)
        running = [j for j in jobs if j.state is JobState.RUNNING]
        return {
            "queued": sum(j.state is JobState.QUEUED for j in jobs), "running": len(running),
            "inline": len(inline), "kept": sum(j.state in FINISHED for j in jobs), "finished": dict(self.finished),
            "max_running": self.max_running, "max_queued": self.max_queued, "max_inline": self.max_inline,
            "progress": [{"done": j.done, "total": j.total} for j in running + inline],
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
        """Start queued jobs while places are free (the caller holds the lock)."""
        running = sum(j.state is JobState.RUNNING for j in self._jobs.values())
        for job in list(self._jobs.values()):
            if running >= self.max_running or self._closed:
                return
            if job.state is JobState.QUEUED:
                job.state, job.started = JobState.RUNNING, time.time()
                running += 1
                thread = threading.Thread(target=self._run, args=(job,), name=f"screening-{job.id[:8]}", daemon=True)
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
            log.exception("screening job %s (%s) failed", job.id, job.name)
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
