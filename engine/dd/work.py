"""Who is asking the solver, and does its client still want the answer.

Interactive work (a ruling, a case: a director waits at the table) goes before batch work (a
screening of a whole file): the worker pool (:class:`engine.dd.pool.WorkerPool`) hands an idle
worker to a waiting interactive request first, and lets batch work hold only its share of the
workers. Work whose client went away, or that was cancelled, stops waiting for a worker.

The current work is a context variable, so the engine's ruling and screening functions need no
extra argument: each thread and each asyncio task has its own, and FastAPI's thread pool runs a
``def`` route in a copy of the request's context. A new ``threading.Thread`` starts with the
default, interactive work that nobody cancels.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import WorkCancelledError


class Lane(StrEnum):
    """Which queue a request for the solver waits in."""

    INTERACTIVE = "interactive"
    """A ruling or a case: served first, on any worker."""
    BATCH = "batch"
    """A screening: served when no interactive request waits, on at most the pool's batch share
    of the workers."""


class Cancel:
    """A flag that asks work to stop, with the reason its :class:`WorkCancelledError` will carry.

    Set once (the first reason wins); shared by every view of one piece of work (a synchronous
    screening runs in the batch lane with its request's flag). Work that cannot look at the flag
    while it runs (a compiled claim search) registers a hook (:meth:`on_set`) that stops it.
    Thread-safe.
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._hooks: list[Callable[[], None]] = []
        self.reason = ""
        """Why the work was asked to stop, e.g. ``"the client went away"``; ``""`` while it runs."""

    def set(self, reason: str) -> None:
        """Ask the work to stop because of ``reason`` (a later call keeps the first reason), and run
        the hooks registered with :meth:`on_set` (each once, in this thread)."""
        with self._lock:
            if self._event.is_set():
                return
            self.reason = reason
            self._event.set()
            hooks, self._hooks = self._hooks, []
        for hook in hooks:
            hook()

    def on_set(self, hook: Callable[[], None]) -> None:
        """Run ``hook()`` when the flag is set: at once (in this thread) when it already is. The
        hook must be quick and must not raise; it is kept until then, so it should hold only what
        stopping needs (not a whole search and its tables)."""
        with self._lock:
            if not self._event.is_set():
                self._hooks.append(hook)
                return
        hook()

    def is_set(self) -> bool:
        """Whether the work was asked to stop."""
        return self._event.is_set()

    def wait(self, timeout: float) -> bool:
        """Wait at most ``timeout`` seconds for the flag; whether it is set."""
        return self._event.wait(timeout)


@dataclass(frozen=True, slots=True)
class Work:
    """The work the current thread or task does for a client.

    Attributes:
        lane: the queue its solver requests wait in.
        cancel: set when the work is to stop (the client went away, the job was cancelled, the
            service is shutting down); ``None``: nobody cancels it.
    """

    lane: Lane = Lane.INTERACTIVE
    cancel: Cancel | None = None

    @property
    def cancelled(self) -> bool:
        """Whether the work is to stop."""
        return self.cancel is not None and self.cancel.is_set()

    def check(self) -> None:
        """Raise if the work is to stop.

        Raises:
            WorkCancelledError: ``cancel`` is set (its message: the reason it was set with).
        """
        if self.cancel is not None and self.cancel.is_set():
            raise WorkCancelledError(self.cancel.reason or "the work was cancelled")


_ANYONE = Work()
_CURRENT: ContextVar[Work] = ContextVar("advisor_dd_work", default=_ANYONE)


def current() -> Work:
    """The work of the current thread or task (default: interactive, never cancelled)."""
    return _CURRENT.get()


def new_work(lane: Lane = Lane.INTERACTIVE) -> Work:
    """Work in ``lane`` with a fresh :class:`Cancel` flag (not set)."""
    return Work(lane, Cancel())


@contextmanager
def working(work: Work) -> Iterator[Work]:
    """Run the body as ``work``: the solver calls made inside wait in its lane and stop waiting
    when it is cancelled. Restores the previous work on exit."""
    token = _CURRENT.set(work)
    try:
        yield work
    finally:
        _CURRENT.reset(token)

