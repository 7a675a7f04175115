"""A pool of worker processes, each owning its own DDS, for serving parallel requests.

DDS cannot run two solves at once in one process through endplay (docs/dds.md section 3),
so parallel requests need processes. Each worker runs :class:`EndplayBackend` with its own
DDS thread count and memory cap, in a private scratch directory (DDS writes ``dump.txt``
into its working directory on input errors). A request takes an idle worker, sends its
whole batch (one deal's positions stay on one worker: the transposition table stays
warm), and gives the worker back.

Who gets a worker (:mod:`engine.dd.work`): a worker that comes free goes straight to the
longest-waiting *interactive* request (a ruling); only when none waits does it go to *batch*
work (a screening), and batch work holds at most ``batch_share`` workers at once (default: all
but one, at least one). A thread's next batch prefers the worker it used last (a warm
transposition table). Interactive requests wait at most ``timeout`` seconds for a worker, and
at most ``max_waiting`` may wait at once; beyond that :class:`SolverBusyError` (HTTP 503) at
once. Batch work waits as long as it must, until it is cancelled.

Failures: a worker that dies while idle is noticed (a watcher thread on the processes'
sentinels, and a check before any hand-over) and replaced in the background, without failing
any request. A worker that dies or overruns ``timeout`` on a batch is killed and replaced;
only the request that was on it fails, with :class:`SolverUnavailableError` (HTTP 503).
:meth:`WorkerPool.stats` reports live, busy, starting and stalled workers, restarts and the
queues, without waiting on any solve.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import shutil
import tempfile
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from engine.dd.results import CardScores, DDTable
from engine.dd.work import Lane, Work, current
from engine.errors import SolverBusyError, SolverError, SolverUnavailableError
from engine.model.deal import Deal
from engine.model.position import Position

log = logging.getLogger(__name__)


def _worker_main(conn: Connection, threads: int, max_memory_mb: int, scratch_dir: str) -> None:
    """A worker's loop: build the backend, say ready, then solve batches until told to stop."""
    try:
        os.chdir(scratch_dir)
    except FileNotFoundError:  # the pool closed (and removed it) while this worker started
        return
    from engine.dd.endplay_backend import EndplayBackend

    backend = EndplayBackend(threads=threads, scratch_dir=scratch_dir, max_memory_mb=max_memory_mb, isolate_cwd=False)
    conn.send(("ready", backend.version))
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        kind, items = batch
        try:
            conn.send(("ok", backend.solve_tables(items) if kind == "tables" else backend.solve_batch(items)))
        except SolverError as exc:
            conn.send(("error", str(exc)))


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    lane: Lane | None = None  # the lane of the batch it is solving; None while idle
    busy_since: float = 0.0
    retired: bool = False


@dataclass(eq=False)
class _Ticket:
    """A request waiting for a worker; the dispatcher fills ``worker``."""

    lane: Lane
    prefer: _Worker | None
    worker: _Worker | None = None
    ready: threading.Event = field(default_factory=threading.Event)  # set with ``worker``, or at close


class WorkerPool:
    """A :class:`engine.dd.runner.PositionBackend` that solves batches in worker processes.

    Args:
        workers: how many processes (default: the number of cores).
        timeout: seconds an interactive request may wait for a worker, and seconds a batch may
            take on a worker before the worker is killed.
        max_waiting: interactive requests allowed to wait for a worker at once.
        batch_share: workers that batch work (screenings) may hold at once (default: all but one,
            at least one); interactive requests may use every worker.
        stall_seconds: a worker busy on one batch for longer than this is reported as stalled
            by :meth:`stats` (default: half of ``timeout``); at ``timeout`` it is killed.
        threads_per_worker: DDS threads in each worker (``solve_board`` uses one).
        max_memory_mb: DDS memory cap per worker.
        start_timeout: seconds a new worker may take to import endplay and say ready.

    Raises:
        SolverError: a worker could not start.
    """

    def __init__(self, workers: int | None = None, *, timeout: float = 30.0, max_waiting: int = 32,
                 batch_share: int | None = None, stall_seconds: float | None = None, threads_per_worker: int = 1,
                 max_memory_mb: int = 200, start_timeout: float = 60.0) -> None:
        self.size = workers or os.cpu_count() or 1
        self.timeout = timeout
        self.max_waiting = max_waiting
        self.batch_share = max(1, min(self.size, batch_share if batch_share else self.size - 1))
        self.stall_seconds = stall_seconds if stall_seconds is not None else timeout / 2
        self.threads_per_worker = threads_per_worker
        self.max_memory_mb = max_memory_mb
        self.start_timeout = start_timeout
        self.scratch_dir = tempfile.mkdtemp(prefix="advisor-dds-")
        self.restarts = 0
        """Workers replaced since start (died idle, died on a batch, or overran ``timeout``)."""
        self.died_idle = 0
        """Of the restarts, workers found dead while idle (no request failed)."""
        self.timeouts = 0
        """Of the restarts, workers killed for overrunning ``timeout`` on a batch."""
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []  # guarded by _lock, like everything below
        self._all: list[_Worker] = []
        self._queues: dict[Lane, deque[_Ticket]] = {lane: deque() for lane in Lane}
        self._batch_busy = 0
        self._starting = 0
        self._closed = False
        self._last = threading.local()  # the worker this thread used last
        started: list[tuple[BaseProcess, Connection]] = []
        try:
            for _ in range(self.size):  # all at once: each spends about a second importing endplay
                started.append(self._spawn())
            ready = [self._await_ready(proc, conn) for proc, conn in started]
        except BaseException:
            for proc, _ in started:
                proc.kill()
            shutil.rmtree(self.scratch_dir, ignore_errors=True)
            raise
        with self._lock:
            self._all += ready
            self._idle += ready
        self._watcher = threading.Thread(target=self._watch, name="dds-pool-watcher", daemon=True)
        self._watcher.start()
        self.version = "endplay (DDS 2.9) in worker processes"

    # --- starting and replacing workers ---------------------------------------------------------

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker_main, daemon=True, name="dds-worker",
                                 args=(child, self.threads_per_worker, self.max_memory_mb, self.scratch_dir))
        proc.start()
        child.close()
        return proc, parent

    def _await_ready(self, proc: BaseProcess, conn: Connection) -> _Worker:
        """Wait for a spawned worker's "ready".

        Raises:
            SolverError: it did not say ready within ``start_timeout`` (it is killed).
        """
        try:
            ok = conn.poll(self.start_timeout) and conn.recv()[0] == "ready"
        except (EOFError, OSError):
            ok = False
        if not ok:
            proc.kill()
            proc.join(5)
            conn.close()
            raise SolverError("a double-dummy worker did not start")
        return _Worker(proc, conn)

    def _retire(self, w: _Worker, why: str) -> None:
        """Kill ``w`` (once), count a restart and start its replacement in the background."""
        with self._lock:
            if not self._forget(w, why):
                return
        self._bury(w, why)

    def _forget(self, w: _Worker, why: str) -> bool:
        """Take ``w`` out of the pool and count the restart (the caller holds ``_lock``); whether
        it was still in it (a worker is retired once)."""
        if w.retired:
            return False
        w.retired = True
        if w in self._idle:
            self._idle.remove(w)
        if w in self._all:
            self._all.remove(w)
        if w.lane is Lane.BATCH:
            self._batch_busy -= 1
        w.lane = None
        self.restarts += 1
        self.died_idle += why == "died idle"
        self.timeouts += why == "timeout"
        if not self._closed:
            self._starting += 1
        return True

    def _bury(self, w: _Worker, why: str) -> None:
        """Kill and reap a forgotten worker, then start its replacement (not while the caller
        holds ``_lock``: it may wait up to 5 s for the process)."""
        closed = self._closed
        log.warning("double-dummy worker %s %s; %s", w.process.pid, why,
                    "the pool is closed" if closed else "starting a replacement")
        w.process.kill()
        w.process.join(5)
        w.conn.close()
        if not closed:
            threading.Thread(target=self._replace, name="dds-pool-replace", daemon=True).start()

    def _replace(self) -> None:
        """Start one worker and add it to the idle ones (retrying every second while it fails)."""
        while True:
            with self._lock:
                if self._closed:
                    self._starting -= 1
                    return
            try:
                proc, conn = self._spawn()
                w = self._await_ready(proc, conn)
            except Exception as exc:
                log.error("a replacement double-dummy worker did not start (%s); trying again", exc)
                with self._lock:
                    if self._closed:
                        self._starting -= 1
                        return
                time.sleep(1.0)
                continue
            with self._lock:
                self._starting -= 1
                if not self._closed:
                    self._all.append(w)
                    self._idle.append(w)
                    self._dispatch()
                    return
            w.conn.send(None)  # closed while it started
            w.process.join(2)
            w.process.kill()
            return

    def _watch(self) -> None:
        """Notice idle workers that die (killed, out of memory) and replace them at once."""
        while True:
            with self._lock:
                if self._closed:
                    return
                idle = {w.process.sentinel: w for w in self._idle}
            if not idle:
                time.sleep(0.2)
                continue
            for sentinel in multiprocessing.connection.wait(list(idle), timeout=0.2):
                w = idle[sentinel]  # type: ignore[index]
                with self._lock:
                    still_idle = w in self._idle and not self._closed
                if still_idle:
                    self._retire(w, "died idle")

    # --- handing workers out ----------------------------------------------------------------------

    def _dispatch(self) -> None:
        """Hand idle workers to waiting tickets, interactive first (the caller holds ``_lock``)."""
        while self._idle:
            interactive, batch = self._queues[Lane.INTERACTIVE], self._queues[Lane.BATCH]
            if interactive:
                ticket = interactive.popleft()
            elif batch and self._batch_busy < self.batch_share:
                ticket = batch.popleft()
            else:
                break
            w = ticket.prefer if ticket.prefer in self._idle else self._idle[-1]
            if not w.process.is_alive():  # died idle, and the watcher has not seen it yet
                self._queues[ticket.lane].appendleft(ticket)
                self._forget(w, "died idle")
                threading.Thread(target=self._bury, args=(w, "died idle"), name="dds-pool-bury",
                                 daemon=True).start()
                continue
            self._idle.remove(w)
            w.lane, w.busy_since = ticket.lane, time.monotonic()
            if ticket.lane is Lane.BATCH:
                self._batch_busy += 1
            ticket.worker = w
            ticket.ready.set()  # wakes only its own requester

    def _acquire(self, work: Work) -> _Worker:
        """Wait for a worker in ``work``'s lane.

        Raises:
            SolverBusyError: interactive: too many requests waiting, or none free within ``timeout``.
            WorkCancelledError: ``work`` was cancelled while it waited.
            SolverUnavailableError: the pool was closed.
        """
        deadline = time.monotonic() + self.timeout
        with self._lock:
            if self._closed:
                raise SolverUnavailableError("the double-dummy solver is shut down")
            queue = self._queues[work.lane]
            if work.lane is Lane.INTERACTIVE and len(queue) >= self.max_waiting:
                raise SolverBusyError(f"the double-dummy solver has {len(queue)} requests waiting")
            ticket = _Ticket(work.lane, getattr(self._last, "worker", None))
            queue.append(ticket)
            self._dispatch()
        while True:
            left = deadline - time.monotonic()
            # wake up now and then to see a cancel flag (nobody sets the ticket for it)
            ticket.ready.wait(max(0.0, min(left, 0.25)) if work.lane is Lane.INTERACTIVE else 0.25)
            with self._lock:
                if ticket.worker is not None:
                    break
                left = deadline - time.monotonic()
                if self._closed or work.cancelled or (work.lane is Lane.INTERACTIVE and left <= 0):
                    queue.remove(ticket)
                    if self._closed:
                        raise SolverUnavailableError("the double-dummy solver is shut down")
                    work.check()
                    raise SolverBusyError(f"no double-dummy worker was free for {self.timeout:g} s")
        self._last.worker = ticket.worker
        return ticket.worker

    def _release(self, w: _Worker) -> None:
        """Give a worker back after a batch and hand it on."""
        with self._lock:
            if w.lane is Lane.BATCH:
                self._batch_busy -= 1
            w.lane = None
            if w.retired:
                return
            self._idle.append(w)
            self._dispatch()

    def pids(self) -> list[int]:
        """The live worker processes' ids (for monitoring and tests)."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def solve_batch(self, positions: Sequence[Position]) -> list[CardScores]:
        """Solve a batch of positions on one worker, in the current work's lane (failure modes:
        the module docstring).

        Raises:
            SolverBusyError: too many requests waiting, or no worker free within ``timeout``.
            WorkCancelledError: the current work was cancelled while it waited for a worker.
            SolverUnavailableError: the worker died or overran ``timeout``; it was replaced.
            SolverError: DDS rejected a position.
        """
        answers: list[CardScores] = self._run("positions", list(positions))
        return answers

    def solve_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """DD tables of validated deals on one worker (same failure modes as :meth:`solve_batch`)."""
        tables: list[DDTable] = self._run("tables", list(deals))
        return tables

    def _run(self, kind: str, items: list[Any]) -> Any:
        """Send one job to a worker (in the current work's lane) and wait for its answer.

        Raises:
            SolverBusyError / WorkCancelledError: no worker was handed over (see :meth:`_acquire`).
            SolverUnavailableError: the worker died or overran ``timeout``; it was replaced.
            SolverError: DDS rejected a position.
        """
        w = self._acquire(current())
        try:
            w.conn.send((kind, items))
            if not w.conn.poll(self.timeout):
                self._retire(w, "timeout")
                raise SolverUnavailableError(f"the double-dummy solver took longer than {self.timeout:g} s")
            status, payload = w.conn.recv()
        except (EOFError, OSError) as exc:
            self._retire(w, "died on a batch")
            raise SolverUnavailableError("a double-dummy worker died on this request; it was replaced") from exc
        self._release(w)
        if status == "error":
            raise SolverError(str(payload))
        return payload

    # --- monitoring and shutdown ----------------------------------------------------------------

    def stats(self) -> dict[str, Any]:
        """The pool's figures, read under its lock only (never waits on a solve).

        Returns:
            ``size`` (workers wanted), ``live`` (started and not retired), ``idle``, ``busy`` by lane
            (``{"interactive": n, "batch": n}``), ``starting`` (replacements not ready yet),
            ``restarts`` (of which ``died_idle`` and ``timeouts``), ``waiting`` by lane, ``batch_share``,
            and ``stalled``: the workers busy on one batch for more than ``stall_seconds``, each
            ``{"pid", "lane", "busy_seconds"}``.
        """
        now = time.monotonic()
        with self._lock:
            busy = [w for w in self._all if w.lane is not None]
            return {
                "size": self.size, "live": len(self._all), "idle": len(self._idle),
                "busy": {lane.value: sum(w.lane is lane for w in busy) for lane in Lane},
                "starting": self._starting, "restarts": self.restarts, "died_idle": self.died_idle,
                "timeouts": self.timeouts,
                "waiting": {lane.value: len(q) for lane, q in self._queues.items()},
                "batch_share": self.batch_share,
                "stalled": [{"pid": w.process.pid, "lane": w.lane.value if w.lane else None,
                             "busy_seconds": round(now - w.busy_since, 1)}
                            for w in busy if now - w.busy_since > self.stall_seconds],
            }

    def close(self) -> None:
        """Stop every worker (asked, then killed after a grace period of 2 s), fail the requests
        still waiting (:class:`SolverUnavailableError`) and remove the scratch directory."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._all)
            for queue in self._queues.values():
                for ticket in queue:
                    ticket.ready.set()  # its requester sees the pool closed
        for w in workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + 2
        for w in workers:
            w.process.join(max(0.0, deadline - time.monotonic()))
            if w.process.is_alive():
                w.process.kill()
                w.process.join(5)
        shutil.rmtree(self.scratch_dir, ignore_errors=True)
