"""An optional persistent layer under the in-memory cache (the ``diskcache`` library).

So that a restarted service and repeated CLI runs keep what they solved. Keys are a stable
digest of the canonical :class:`Position` (Python's ``hash`` is salted per process); values
are plain tuples, not pickled classes, so a new release never misreads an old entry (the
key carries a format version). Any failure of the disk layer (a corrupt or unreadable
cache file, a full disk) disables or skips it: it is never fatal.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from engine.dd.results import CardScores
from engine.model.cards import Card
from engine.model.position import Position
from engine.model.seats import Seat

log = logging.getLogger(__name__)
FORMAT = "v1"


def position_key(pos: Position) -> str:
    """A digest of the position, stable across processes and machines."""
    text = f"{FORMAT}|{pos.hands}|{pos.trump.value if pos.trump else 'NT'}|{pos.leader.value}|" + " ".join(
        str(c) for c in pos.trick)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class DiskLayer:
    """A bounded on-disk map from positions to :class:`CardScores`.

    Args:
        directory: where the cache lives (created if missing).
        size_limit_mb: the bound in megabytes; diskcache evicts least recently stored first.
    """

    def __init__(self, directory: str, size_limit_mb: int = 512) -> None:
        self.directory = directory
        self.disabled_reason: str | None = None
        self._cache: Any = None
        try:
            import diskcache

            self._cache = diskcache.Cache(directory, size_limit=size_limit_mb * 2**20)
        except Exception as exc:  # a corrupt or unreadable cache is never fatal
            self._disable(f"cannot open the disk cache in {directory}: {exc}")

    def _disable(self, why: str) -> None:
        log.warning("double-dummy disk cache disabled: %s", why)
        self.disabled_reason = why
        self._cache = None

    def get(self, key: Position) -> CardScores | None:
        """The stored answer, or ``None`` (also when the layer is disabled or the entry unreadable)."""
        if self._cache is None:
            return None
        try:
            raw = self._cache.get(position_key(key))
            if raw is None:
                return None
            to_play, left, pairs = raw
            return CardScores(Seat(to_play), int(left), tuple((Card.from_str(c), int(n)) for c, n in pairs))
        except Exception as exc:
            self._disable(f"cannot read the disk cache: {exc}")
            return None

    def put(self, key: Position, value: CardScores) -> None:
        """Store an answer; failures are logged and ignored."""
        if self._cache is None:
            return
        try:
            self._cache.set(position_key(key), (value.to_play.value, value.tricks_left,
                                                tuple((str(c), n) for c, n in value.ns_tricks)))
        except Exception as exc:
            self._disable(f"cannot write the disk cache: {exc}")

    def close(self) -> None:
        """Close the files."""
        if self._cache is not None:
            self._cache.close()
