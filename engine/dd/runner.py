"""The one entry point to the solver: validation, cache, ordering and one lock around DDS."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Protocol

from engine.dd.cache import PositionCache
from engine.dd.results import CardScores
from engine.errors import InvalidBoardError, SolverBusyError, SolverError
from engine.model.position import Position


class PositionBackend(Protocol):
    """Solves one position (the endplay backend, or a fake)."""

    def solve(self, pos: Position) -> CardScores:
        """Solve one validated position; raises SolverError on failure."""
        ...


class SolverRunner:
    """Serialises every solver call behind one lock, with a shared bounded cache.

    Two threads inside DDS at once crash the process (docs/dds.md section 3), so every
    backend call holds ``self._lock``. Positions are validated before they reach DDS, de-
    duplicated, and solved earliest first (most cards left first), which keeps one deal's
    positions back to back so DDS's transposition table stays warm.

    Args:
        backend: what solves one position.
        cache_entries: the cache bound, in entries.
        lock_timeout: seconds a request waits for the solver before :class:`SolverBusyError`.
    """

    def __init__(self, backend: PositionBackend, *, cache_entries: int = 100_000, lock_timeout: float = 30.0) -> None:
        self.backend = backend
        self.cache = PositionCache(cache_entries)
        self.lock_timeout = lock_timeout
        self._lock = threading.Lock()

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        """Answers for every position (see :class:`engine.dd.protocol.DoubleDummySolver`).

        Raises:
            InvalidBoardError: a position that DDS could not solve (never sent to DDS).
            SolverBusyError: the solver stayed busy for ``lock_timeout`` seconds.
            SolverError: DDS failed on a validated position.
        """
        todo = list(dict.fromkeys(positions))
        for p in todo:
            p.verify()
        todo.sort(key=lambda p: -(p.tricks_left * 4 - len(p.trick)))
        if not self._lock.acquire(timeout=self.lock_timeout):
            raise SolverBusyError(f"the double-dummy solver stayed busy for {self.lock_timeout:g} s")
        try:
            out: dict[Position, CardScores] = {}
            for p in todo:
                got = self.cache.get(p)
                if got is None:
                    got = self.backend.solve(p)
                    self.cache.put(p, got)
                out[p] = got
            return out
        except (InvalidBoardError, SolverError):
            raise
        except Exception as exc:  # never let a solver surprise escape as a crash of the request
            raise SolverError(f"the double-dummy solver failed: {exc}") from exc
        finally:
            self._lock.release()
