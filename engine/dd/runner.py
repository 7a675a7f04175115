"""The one entry point to the solver: validation, the shared cache, ordering, batching.

A runner wraps a *backend* that solves a batch of validated positions: the in-process
endplay backend (one process-wide lock around DDS) or a pool of worker processes
(:class:`engine.dd.pool.WorkerPool`), each owning its own DDS.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar

from engine.dd.cache import LruCache, PositionCache
from engine.dd.disk import DiskLayer
from engine.dd.results import CardScores, DDTable
from engine.errors import InvalidBoardError, SolverError
from engine.model.deal import Deal
from engine.model.position import Position


class PositionBackend(Protocol):
    """Solves batches of validated positions (in the order given, to keep DDS's TT warm) and
    double-dummy tables of validated deals."""

    def solve_tables(self, deals: Sequence[Deal]) -> list[DDTable]:
        """One table per deal, same order; chunked to the solver's limits.

        Raises:
            SolverBusyError / SolverError: as :meth:`solve_batch`.
        """
        ...

    def solve_batch(self, positions: Sequence[Position]) -> list[CardScores]:
        """One answer per position, same order.

        Raises:
            SolverBusyError: the backend is saturated or timed out (the caller may retry).
            SolverError: the solver failed.
        """
        ...


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
KC = TypeVar("KC", contravariant=True)


class _Store(Protocol[KC, V]):  # the disk layer's shape
    def get(self, key: KC, /) -> V | None: ...
    def put(self, key: KC, value: V, /) -> None: ...


def play_order(positions: Sequence[Position]) -> list[Position]:
    """Distinct positions, earliest in the play first (most cards left), stable otherwise.

    Positions of one ruling come from one deal; solving them in play order keeps DDS's
    transposition table warm (docs/dds.md section 1.1: later positions cost about 0.2 ms).
    """
    todo = list(dict.fromkeys(positions))
    todo.sort(key=lambda p: -(p.tricks_left * 4 - len(p.trick)))
    return todo


class SolverRunner:
    """Validation, a shared bounded cache and batching around a backend.

    Every position is validated before it can reach DDS (DDS checks nothing and crashes or
    answers garbage on bad input). Cached answers are returned at once; the misses of one
    request go to the backend as one batch in play order. The cache is shared by every
    request and protected by its own lock; the backend decides how DDS itself is serialised.

    Args:
        backend: what solves batches.
        cache_entries: the cache bound, in entries (about 1 KB each).
        disk: an optional persistent layer, asked after the in-memory cache misses.
    """

    def __init__(self, backend: PositionBackend, *, cache_entries: int = 100_000,
                 disk: DiskLayer | None = None) -> None:
        self.backend = backend
        self.cache = PositionCache(cache_entries)
        self.tables: LruCache[Deal, DDTable] = LruCache(max(1, cache_entries // 10))
        self.disk = disk
        self._cache_lock = threading.Lock()

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        """Answers for every position (see :class:`engine.dd.protocol.DoubleDummySolver`).

        Raises:
            InvalidBoardError: a position that DDS could not solve (never sent to DDS).
            SolverBusyError: the solver stayed busy past its timeout or its queue is full.
            SolverError: DDS failed on a validated position, or a worker died.
        """
        todo = play_order(positions)
        for p in todo:
            p.verify()
        return self._through_cache(todo, self.cache, self.backend.solve_batch, self.disk)

    def solve_tables(self, deals: Sequence[Deal]) -> dict[Deal, DDTable]:
        """The double-dummy table of every deal (cached; the misses solved in one batch).

        Raises:
            InvalidBoardError: a deal that is not 52 distinct cards, 13 a hand (never sent to DDS).
            SolverBusyError / SolverError: as :meth:`solve_positions`.
        """
        todo = list(dict.fromkeys(deals))
        for d in todo:
            d.verify_complete()
        return self._through_cache(todo, self.tables, self.backend.solve_tables, None)

    def _through_cache(self, todo: list[K], cache: LruCache[K, V], solve: Callable[[list[K]], list[V]],
                       disk: _Store[K, V] | None) -> dict[K, V]:
        """Cached answers first (memory, then ``disk``); the misses in one ``solve`` call, stored."""
        out: dict[K, V] = {}
        with self._cache_lock:
            for key in todo:
                got = cache.get(key)
                if got is None and disk is not None:
                    got = disk.get(key)
                    if got is not None:
                        cache.put(key, got)
                if got is not None:
                    out[key] = got
        misses = [key for key in todo if key not in out]
        if not misses:
            return out
        try:
            solved = solve(misses)
        except (InvalidBoardError, SolverError):
            raise
        except Exception as exc:  # never let a solver surprise escape as a crash of the request
            raise SolverError(f"the double-dummy solver failed: {exc}") from exc
        with self._cache_lock:
            for key, value in zip(misses, solved, strict=True):
                cache.put(key, value)
                if disk is not None:
                    disk.put(key, value)
                out[key] = value
        return out

    def close_backend(self) -> None:
        """Stop the backend's workers now, if it has any (the pool's ``close``: requests still
        waiting or solving get :class:`SolverUnavailableError`); the cache stays usable."""
        close = getattr(self.backend, "close", None)
        if close is not None:
            close()

    def close(self) -> None:
        """Stop the backend's workers, if it has any (a no-op for the in-process backend), and close
        the disk cache."""
        self.close_backend()
        if self.disk is not None:
            self.disk.close()
