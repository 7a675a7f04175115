"""A bounded LRU cache of solved positions, keyed on the canonical :class:`Position`."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.dd.results import CardScores
from engine.model.position import Position


@dataclass
class CacheStats:
    """Hit and miss counters since the cache was made."""

    hits: int = 0
    misses: int = 0


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """Least-recently-used map, e.g. from :class:`Position` to :class:`CardScores`.

    Keys are our own frozen value types, whose equality is exact (a position's remaining
    cards as masks, trump, leader, trick; a deal's four hands), never endplay's ``Deal``
    equality (docs/dds.md trap 9). Not thread-safe by itself: the runner holds its lock
    around every use.

    Args:
        max_entries: the bound; the least recently used entry goes first (about 1 KB each).
    """

    def __init__(self, max_entries: int = 100_000) -> None:
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self.max_entries = max_entries
        self._data: OrderedDict[K, V] = OrderedDict()
        self.stats = CacheStats()

    def get(self, pos: K) -> V | None:
        """The cached answer, or ``None``; counts a hit or a miss."""
        got = self._data.get(pos)
        if got is None:
            self.stats.misses += 1
            return None
        self._data.move_to_end(pos)
        self.stats.hits += 1
        return got

    def put(self, pos: K, scores: V) -> None:
        """Store an answer, evicting the least recently used entries beyond the bound."""
        self._data[pos] = scores
        self._data.move_to_end(pos)
        while len(self._data) > self.max_entries:
            self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)


PositionCache = LruCache[Position, CardScores]
