"""The claim searches already done, kept for the next ruling that asks the same question.

docs/claims.md 2.3: "a director toggling a point back and forth is served from memory". A
doubtful point's figure is the search with its category ruled not normal; when the director then
rules it so, the same search is asked again, and an appeals committee re-runs a ruling with one
finding changed. Only complete searches are kept (an interval depends on the time it was given).
Keys are value types (the position, the show-outs, the penalty cards, the tricks won, the claim
with every finding and switch), so a hit is the same question, never a near one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")

SEARCH_MEMO_ENTRIES = 512
"""Complete searches kept (each a few kB: its worst line and figures)."""


class SearchMemo(Generic[T]):
    """A bounded, thread-safe least-recently-used map from a search's question to its answer
    (claim jobs run in worker threads beside the requests)."""

    def __init__(self, entries: int = SEARCH_MEMO_ENTRIES) -> None:
        self._entries = entries
        self._data: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> T | None:
        """The answer kept for ``key``, or ``None``."""
        with self._lock:
            got = self._data.get(key)
            if got is not None:
                self._data.move_to_end(key)
            return got

    def put(self, key: Hashable, value: T) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used answer past the bound."""
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._entries:
                self._data.popitem(last=False)

    def clear(self) -> None:
        """Forget every answer."""
        with self._lock:
            self._data.clear()
