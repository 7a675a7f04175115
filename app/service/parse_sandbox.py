"""Untrusted files are read apart from the server (issue 35): every uploaded file's reader (a
session's results: :func:`engine.records.results.read_results`; PBN or LIN games:
:func:`engine.records.files.read_games`; hand records: :func:`engine.records.handrecords.hand_records_from_pbn`)
runs in a worker process of its own, bounded

- in time: :data:`PARSE_SECONDS` (``ADVISOR_PARSE_SECONDS``, 10 s) of wall clock; past it the
  worker is killed (SIGKILL) and the request gets a 422 (a ``.bws`` whose catalogue continues on
  itself sent access-parser into an endless loop that took a core, grew ~30 MiB a minute and held
  up SIGTERM);
- in memory: :data:`PARSE_MEMORY_MB` (``ADVISOR_PARSE_MEMORY_MB``, 1024 MiB) of address space,
  ``RLIMIT_AS`` set in the worker before it reads anything; a reader that needs more gets a
  ``MemoryError`` (or dies), the worker is replaced and the request gets a 422;
- in what it returns: :data:`PARSE_OUTPUT_MB` (``ADVISOR_PARSE_OUTPUT_MB``, 64 MiB) of pickled
  boards and lines (the readers' own bounds: :data:`engine.records.results.model.MAX_LINES`,
  ``MAX_BOARDS``, ``MAX_CELLS``, come first).

The 422 is a :class:`~engine.errors.ResultsFileError` of key ``upload_refused`` naming the file
and, as its nested reason, the limit passed (``parse_time_limit``, ``parse_memory_limit``,
``parse_output_limit``) or the reader's own bound (``results_too_many_lines`` ...), said in the
request's language by the catalogues (``app/i18n/*/errors.json``). Any other error of a reader
(a file that is not PBN, a damaged database...) comes back as the reader raised it.

The workers are ``spawn``-ed (never a fork of the threaded server) and kept warm: at most
:data:`PARSE_WORKERS` (``ADVISOR_PARSE_WORKERS``, 2) at once, each reused for the next file
(one round trip costs a few milliseconds: ``benchmarks/README.md``) until it has read
:data:`RECYCLE_AFTER` files or passed a limit, when it is killed and a fresh one started. A
request waits for a free worker at most :data:`PARSE_SECONDS` (then 503, busy). :meth:`ParseSandbox.close`
(called on SIGTERM) kills every worker, so no request thread stays blocked in a reader: the
server stops as it should.

This module imports only the standard library and the engine's readers at its top (no web
framework): a worker imports it to start, in about 0.15 s.
"""

from __future__ import annotations

import copyreg
import logging
import multiprocessing
import os
import pickle
import queue
import resource
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import MappingProxyType
from typing import Any

from engine.errors import InvalidBoardError, ResultsFileError, SolverBusyError
from engine.records.handrecords import HandRecord
from engine.records.pbn_game import PbnGame
from engine.records.results import SessionResults

log = logging.getLogger(__name__)


def read_only(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """``items`` as a read-only mapping (how a pickled ``MappingProxyType`` is made again)."""
    return MappingProxyType(items)


def _mapping_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Callable[..., Any], tuple[dict[Any, Any]]]:
    return read_only, (dict(proxy),)


copyreg.pickle(MappingProxyType, _mapping_proxy)
"""The readers' games keep their tags in read-only mappings (``MappingProxyType``), which pickle
has no way for: sent as a ``dict`` and made read-only again on arrival (in the worker and the
server alike, both import this module)."""

PARSE_SECONDS = 10.0
"""The longest one file may take to read, wall clock (``ADVISOR_PARSE_SECONDS``): the real files
take at most 0.4 s (a 5 MiB PBN of played games about 3 s)."""
PARSE_MEMORY_MB = 1024
"""A reading worker's address space, MiB (``ADVISOR_PARSE_MEMORY_MB``, ``RLIMIT_AS``): a
worker starts at about 35 MiB; the largest real file needs under 150 MiB."""
PARSE_OUTPUT_MB = 64
"""The most a reader may return, MiB of pickled boards and lines (``ADVISOR_PARSE_OUTPUT_MB``)."""
PARSE_WORKERS = 2
"""How many files are read at once (``ADVISOR_PARSE_WORKERS``)."""
START_SECONDS = 30.0
"""The longest a new worker may take to start (import the readers) before it is given up."""
RECYCLE_AFTER = 200
"""A worker is replaced after this many files, so that what a reader leaves behind never grows."""

LIMIT_KEYS = frozenset({"parse_time_limit", "parse_memory_limit", "parse_output_limit", "results_too_many_lines",
                        "results_too_many_boards", "results_too_many_cells"})
"""The keys of the errors that are a limit passed: they are said with the file's name
(``upload_refused``)."""


def _read_results(data: Any) -> SessionResults:
    from engine.records.results import read_results

    return read_results(data)


def _read_games(text: Any) -> list[PbnGame]:
    from engine.records.files import read_games

    return read_games(text)


def _read_hand_records(text: Any) -> list[HandRecord]:
    from engine.records.handrecords import hand_records_from_pbn

    return hand_records_from_pbn(text)


READERS: dict[str, Callable[[Any], Any]] = {"results": _read_results, "games": _read_games,
                                            "hand_records": _read_hand_records}
"""What a worker may be asked to run: the readers, by name."""


WORKER_NAME = "advisor-reader"
"""The name a file-reading worker gives its process (at most 15 characters on Linux)."""


def _worker_main(conn: Connection, memory_bytes: int, output_bytes: int) -> None:
    """A reading worker: its address space limited to ``memory_bytes``, it answers each
    ``(reader, payload)`` it receives with a pickled ``("ok", value)``, ``("error", class,
    args, attributes)``, ``("memory",)`` (then exits: its heap may be left in pieces) or
    ``("output", size)``, until it receives ``None`` or its parent goes. It says ``("ready",)``
    first, once its limit is set and the readers imported. Its process is named
    :data:`WORKER_NAME` (``ps``, ``/proc/<pid>/comm``), apart from the solver's workers."""
    try:  # Linux: name the process for whoever runs the service (and tells it from the solver's workers)
        with open("/proc/self/comm", "w") as comm:
            comm.write(WORKER_NAME)
    except OSError:
        pass
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    logging.getLogger("access_parser").setLevel(logging.CRITICAL)
    import engine.records.files
    import engine.records.handrecords
    import engine.records.results  # noqa: F401  (imported before the first file: its time is not the file's)

    conn.send(("ready",))
    while True:
        try:
            task = conn.recv()
        except MemoryError:  # the file alone is over the limit
            conn.send(("memory",))
            return
        except (EOFError, OSError):
            return
        if task is None:
            return
        reader, payload = task
        try:
            blob = pickle.dumps(("ok", READERS[reader](payload)), protocol=pickle.HIGHEST_PROTOCOL)
        except MemoryError:
            task = payload = None
            conn.send(("memory",))
            return
        except Exception as exc:  # the reader's own error: sent back as raised
            try:
                blob = pickle.dumps(("error", type(exc), exc.args, dict(vars(exc))))
            except Exception:  # an attribute that does not pickle: the message only
                blob = pickle.dumps(("error", RuntimeError, (f"{type(exc).__name__}: {exc}",), {}))
        if len(blob) > output_bytes:
            conn.send(("output", len(blob)))
            continue
        conn.send_bytes(blob)


def _rebuilt(cls: type[BaseException], args: tuple[Any, ...], attributes: dict[str, Any]) -> BaseException:
    """An exception as the worker raised it (its class, ``args`` and attributes), without calling
    its ``__init__`` (the engine's errors take keyword-only arguments)."""
    exc = cls.__new__(cls)
    exc.args = args
    exc.__dict__.update(attributes)
    return exc


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection
    files: int = 0


@dataclass(frozen=True)
class ParseLimits:
    """A sandbox's limits: ``seconds`` of wall clock per file, ``memory_mb`` MiB of address space
    per worker, ``output_mb`` MiB of pickled result, ``workers`` files read at once."""

    seconds: float = PARSE_SECONDS
    memory_mb: int = PARSE_MEMORY_MB
    output_mb: float = PARSE_OUTPUT_MB
    workers: int = PARSE_WORKERS

    @classmethod
    def from_env(cls) -> ParseLimits:
        """From ``ADVISOR_PARSE_SECONDS``, ``ADVISOR_PARSE_MEMORY_MB``, ``ADVISOR_PARSE_OUTPUT_MB``
        and ``ADVISOR_PARSE_WORKERS`` (each at least 1; a setting that is not a number is ignored)."""

        def number(name: str, default: float) -> float:
            try:
                return max(1.0, float(os.environ.get(name, "") or default))
            except ValueError:
                log.warning("%s is not a number: %s used", name, default)
                return default

        return cls(seconds=number("ADVISOR_PARSE_SECONDS", PARSE_SECONDS),
                   memory_mb=int(number("ADVISOR_PARSE_MEMORY_MB", PARSE_MEMORY_MB)),
                   output_mb=number("ADVISOR_PARSE_OUTPUT_MB", PARSE_OUTPUT_MB),
                   workers=int(number("ADVISOR_PARSE_WORKERS", PARSE_WORKERS)))


def file_name(filename: str | None, default: str = "the file") -> str:
    """An uploaded file's name as an error may say it: its last path part, control characters
    dropped, at most 200 characters; ``default`` when it has none."""
    name = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(c for c in name if c.isprintable())[:200].strip()
    return name or default


def refused(name: str, reason: InvalidBoardError) -> ResultsFileError:
    """The 422 for file ``name`` whose reading passed a limit (``reason``: the limit, a nested
    error said in the request's language): key ``upload_refused``, params ``file`` and ``reason``."""
    return ResultsFileError(f"{name}: {reason.message}", key="upload_refused", params={"file": name, "reason": reason})


def _limit(key: str, message: str, **params: object) -> ResultsFileError:
    return ResultsFileError(message, key=key, params=params)


class ParseSandbox:
    """The readers of uploaded files, run in bounded worker processes (this module's docstring).
    Thread-safe: each call takes a worker of its own."""

    def __init__(self, limits: ParseLimits | None = None) -> None:
        self.limits = limits or ParseLimits()
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._slots = threading.BoundedSemaphore(self.limits.workers)
        self._lock = threading.Lock()
        self._live: set[_Worker] = set()
        self._closed = False
        self.refused = {"time": 0, "memory": 0, "output": 0}
        """How many files passed each limit since start (``/healthz`` may show them)."""

    # --- the readers ---------------------------------------------------------------------------

    def read_results(self, data: bytes, name: str) -> SessionResults:
        """:func:`engine.records.results.read_results` of file ``name``'s bytes, in a worker.

        Raises:
            ResultsFileError: key ``upload_refused`` (a limit passed: time, memory, output, or
                the reader's own bound on lines, boards or cells), or the reader's own error.
            SolverBusyError: no worker was free within the time limit, none could start, or the
                service is stopping.
        """
        result: SessionResults = self._call("results", data, name)
        return result

    def read_games(self, text: str, name: str) -> list[PbnGame]:
        """:func:`engine.records.files.read_games` (PBN or LIN, by the content) of file ``name``'s
        text, in a worker; raises as :meth:`read_results` and as the reader (``PbnError``)."""
        result: list[PbnGame] = self._call("games", text, name)
        return result

    def hand_records(self, text: str, name: str) -> list[HandRecord]:
        """:func:`engine.records.handrecords.hand_records_from_pbn` of file ``name``'s text, in a
        worker; raises as :meth:`read_results` and as the reader (``InvalidBoardError``)."""
        result: list[HandRecord] = self._call("hand_records", text, name)
        return result

    # --- the workers -----------------------------------------------------------------------------

    def _call(self, reader: str, payload: bytes | str, name: str) -> Any:
        if not self._slots.acquire(timeout=self.limits.seconds):
            raise SolverBusyError(f"every file reader is busy: {name} was not read, try again in a few seconds")
        try:
            worker = self._take()
            try:
                reply = self._ask(worker, reader, payload)
            except BaseException:
                self._end(worker)
                raise
            if reply[0] in ("time", "memory"):  # killed: a fresh worker for the next file, started now
                self._end(worker)
                threading.Thread(target=self.warm, name="parse-warm", daemon=True).start()
            if reply[0] == "time":
                self.refused["time"] += 1
                seconds = f"{self.limits.seconds:g}"
                raise refused(name, _limit("parse_time_limit", f"reading it took longer than {seconds} s, the limit "
                                           "for one file: it was stopped (the file is damaged or made to stall the "
                                           "service)", seconds=seconds))
            if reply[0] == "memory":
                self.refused["memory"] += 1
                mb = self.limits.memory_mb
                raise refused(name, _limit("parse_memory_limit", f"reading it needed more than {mb} MiB of memory, "
                                           "the limit for one file: it was stopped (the file is damaged or made to "
                                           "stall the service)", megabytes=mb))
            worker.files += 1
            self._give_back(worker)
            if reply[0] == "output":
                self.refused["output"] += 1
                out = f"{self.limits.output_mb:g}"
                raise refused(name, _limit("parse_output_limit", f"reading it gave more than {out} MiB of boards "
                                           "and lines, the limit for one file: it was refused", megabytes=out))
            if reply[0] == "error":
                exc = _rebuilt(reply[1], reply[2], reply[3])
                if isinstance(exc, InvalidBoardError) and exc.key in LIMIT_KEYS:
                    raise refused(name, exc)
                raise exc
            return reply[1]
        finally:
            self._slots.release()

    def _ask(self, worker: _Worker, reader: str, payload: bytes | str) -> tuple[Any, ...]:
        """Send the task; the worker's reply, ``("time",)`` past the limit, ``("memory",)`` when
        it died reading (out of its address space, most likely)."""
        worker.conn.send((reader, payload))
        if not worker.conn.poll(self.limits.seconds):
            return ("time",)
        try:
            reply: tuple[Any, ...] = pickle.loads(worker.conn.recv_bytes())
        except (EOFError, OSError):
            if self._closed:
                raise SolverBusyError("the service is stopping: the file was not read") from None
            return ("memory",)
        return reply

    def _take(self) -> _Worker:
        if self._closed:
            raise SolverBusyError("the service is stopping: the file was not read")
        try:
            worker = self._idle.get_nowait()
            if worker.process.is_alive():
                return worker
            self._end(worker)
        except queue.Empty:
            pass
        return self._start()

    def _start(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        limits = self.limits
        process = self._ctx.Process(target=_worker_main, name="parse-worker", daemon=True,
                                    args=(child, limits.memory_mb * 1024 * 1024, int(limits.output_mb * 1024 * 1024)))
        process.start()
        child.close()
        worker = _Worker(process, parent)
        with self._lock:
            self._live.add(worker)
        try:
            ready = parent.poll(START_SECONDS) and parent.recv() == ("ready",)
        except (EOFError, OSError):
            ready = False
        if self._closed or not ready:
            self._end(worker)
            raise SolverBusyError("the service is stopping: the file was not read" if self._closed else
                                  "a file reader could not start: the file was not read, try again")
        return worker

    def _give_back(self, worker: _Worker) -> None:
        if worker.files >= RECYCLE_AFTER or self._closed:
            self._end(worker)
        else:
            self._idle.put(worker)

    def _end(self, worker: _Worker) -> None:
        """Kill the worker (SIGKILL: a reader in an endless loop never reads a polite request)."""
        with self._lock:
            self._live.discard(worker)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(5)
        worker.conn.close()

    def warm(self) -> None:
        """Start one worker ahead of the next file (in a thread of its own: at start-up, and after
        a worker was killed), unless one is idle already."""
        with self._lock:
            if not self._idle.empty() or len(self._live) >= self.limits.workers:
                return
        try:
            self._give_back(self._start())
        except SolverBusyError:
            pass

    def stats(self) -> dict[str, object]:
        """The workers alive and the files refused by each limit."""
        with self._lock:
            live = len(self._live)
        return {"workers": live, "refused": dict(self.refused)}

    def close(self) -> None:
        """Kill every worker (idle or reading) and refuse new files: a request waiting on a reader
        returns at once (503, the service is stopping)."""
        self._closed = True
        with self._lock:
            workers = list(self._live)
        deadline = time.monotonic() + 5
        for w in workers:
            if w.process.is_alive():
                w.process.kill()
        for w in workers:
            w.process.join(max(0.0, deadline - time.monotonic()))


_default: ParseSandbox | None = None
_default_lock = threading.Lock()


def sandbox_of(state: Any) -> ParseSandbox:
    """The app's sandbox (``app.state.parse``, made at start-up by :func:`app.main.create_app`),
    or, for an app run without its start-up, one shared by the process (made on first use)."""
    global _default
    found = getattr(state, "parse", None)
    if isinstance(found, ParseSandbox):
        return found
    with _default_lock:
        if _default is None:
            _default = ParseSandbox(ParseLimits.from_env())
        return _default
