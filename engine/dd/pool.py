"""A pool of worker processes, each owning its own DDS, for serving parallel requests.

DDS cannot run two solves at once in one process through endplay (docs/dds.md section 3),
so parallel requests need processes. Each worker runs :class:`EndplayBackend` with its own
DDS thread count and memory cap, in a private scratch directory (DDS writes ``dump.txt``
into its working directory on input errors). A request takes an idle worker, sends its
whole batch (one deal's positions stay on one worker: the transposition table stays
warm), and gives the worker back. A worker that dies or overruns the timeout is killed and
replaced; only the request that was on it fails, with :class:`SolverUnavailableError`
(HTTP 503). Requests wait for an idle worker at most ``timeout`` seconds, and at most
``max_waiting`` may wait at once; beyond that :class:`SolverBusyError` (HTTP 503) at once.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from engine.dd.results import CardScores, DDTable
from engine.errors import SolverBusyError, SolverError, SolverUnavailableError
from engine.model.deal import Deal
from engine.model.position import Position


def _worker_main(conn: Connection, threads: int, max_memory_mb: int, scratch_dir: str) -> None:
    """A worker's loop: build the backend, say ready, then solve batches until told to stop."""
    os.chdir(scratch_dir)
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


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection


class WorkerPool:
    """A :class:`engine.dd.runner.PositionBackend` that solves batches in worker processes.

    Args:
        workers: how many processes (default: the number of cores).
        timeout: seconds a request may wait for a worker, and seconds a batch may take.
        max_waiting: requests allowed to wait for a worker at once.
        threads_per_worker: DDS threads in each worker (``solve_board`` uses one).
        max_memory_mb: DDS memory cap per worker.
        start_timeout: seconds a new worker may take to import endplay and say ready.

    Raises:
        SolverError: a worker could not start.
    """

    def __init__(self, workers: int | None = None, *, timeout: float = 30.0, max_waiting: int = 32,
                 threads_per_worker: int = 1, max_memory_mb: int = 200, start_timeout: float = 60.0) -> None:
        self.size = workers or os.cpu_count() or 1
        self.timeout = timeout
        self.max_waiting = max_waiting
        self.threads_per_worker = threads_per_worker
        self.max_memory_mb = max_memory_mb
        self.start_timeout = start_timeout
        self.scratch_dir = tempfile.mkdtemp(prefix="advisor-dds-")
        self.restarts = 0
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._idle: queue.Queue[_Worker] = queue.Queue()
        self._all: list[_Worker] = []
        self._lock = threading.Lock()
        self._waiting = 0
        self._closed = False
        for _ in range(self.size):
            self._idle.put(self._start())
        self.version = "endplay (DDS 2.9) in worker processes"

    def _start(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker_main, daemon=True, name="dds-worker",
                                 args=(child, self.threads_per_worker, self.max_memory_mb, self.scratch_dir))
        proc.start()
        child.close()
        if not parent.poll(self.start_timeout):
            proc.kill()
            raise SolverError("a double-dummy worker did not start")
        kind, _ = parent.recv()
        if kind != "ready":
            raise SolverError("a double-dummy worker did not start")
        w = _Worker(proc, parent)
        with self._lock:
            self._all.append(w)
        return w

    def _replace(self, w: _Worker) -> None:
        w.process.kill()
        w.process.join(5)
        w.conn.close()
        with self._lock:
            if w in self._all:
                self._all.remove(w)
            self.restarts += 1
            closed = self._closed
        if not closed:
            self._idle.put(self._start())

    def pids(self) -> list[int]:
        """The worker processes' ids (for monitoring and tests)."""
        with self._lock:
            return [w.process.pid for w in self._all if w.process.pid is not None]

    def solve_batch(self, positions: Sequence[Position]) -> list[CardScores]:
        """Solve a batch of positions on one idle worker (failure modes: the module docstring).

        Raises:
            SolverBusyError: too many requests waiting, or no worker free within ``timeout``.
            SolverUnavailableError: the worker died or overran ``timeout``; it was replaced.
            SolverError: DDS rejected a position.
        """
        answers: list[CardScores] = self._run("positions", list(positions))
        return answers

    def solve_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """DD tables of validated deals on one idle worker (same failure modes as :meth:`solve_batch`)."""
        tables: list[DDTable] = self._run("tables", list(deals))
        return tables

    def _run(self, kind: str, items: list[Any]) -> Any:
        """Send one job to an idle worker and wait for its answer.

        Raises:
            SolverBusyError: too many requests waiting, or no worker free within ``timeout``.
            SolverUnavailableError: the worker died or overran ``timeout``; it was replaced.
            SolverError: DDS rejected a position.
        """
        with self._lock:
            if self._closed:
                raise SolverUnavailableError("the double-dummy solver is shut down")
            if self._waiting >= self.max_waiting:
                raise SolverBusyError(f"the double-dummy solver has {self._waiting} requests waiting")
            self._waiting += 1
        try:
            w = self._idle.get(timeout=self.timeout)
        except queue.Empty:
            raise SolverBusyError(f"no double-dummy worker was free for {self.timeout:g} s") from None
        finally:
            with self._lock:
                self._waiting -= 1
        try:
            w.conn.send((kind, items))
            if not w.conn.poll(self.timeout):
                raise SolverUnavailableError(f"the double-dummy solver took longer than {self.timeout:g} s")
            status, payload = w.conn.recv()
        except SolverUnavailableError:
            self._replace(w)
            raise
        except (EOFError, OSError) as exc:
            self._replace(w)
            raise SolverUnavailableError("a double-dummy worker died on this request; it was replaced") from exc
        self._idle.put(w)
        if status == "error":
            raise SolverError(str(payload))
        return payload

    def close(self) -> None:
        """Stop every worker (idle ones are asked, then all are killed after a grace period)."""
        with self._lock:
            self._closed = True
            workers = list(self._all)
        for w in workers:
            try:
                w.conn.send(None)
            except (OSError, ValueError):
                pass
        for w in workers:
            w.process.join(2)
            if w.process.is_alive():
                w.process.kill()
