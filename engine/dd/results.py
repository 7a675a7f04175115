"""What the double-dummy layer answers: per-card trick counts, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.cards import Card
from engine.model.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class CardScores:
    """Double-dummy values of one position, for each legal card of the player to move.

    Attributes:
        to_play: the seat to play.
        tricks_left: tricks still to be completed, the current one included.
        ns_tricks: ``(card, tricks)`` for every legal card (equal cards listed each): the
            tricks North-South win from this position on (current trick included) if that
            card is played and both sides then play double dummy.
    """

    to_play: Seat
    tricks_left: int
    ns_tricks: tuple[tuple[Card, int], ...]

    def ns(self, card: Card) -> int:
        """North-South's tricks from here on after ``card``.

        Raises:
            KeyError: ``card`` is not a legal card of the player to move.
        """
        for c, t in self.ns_tricks:
            if c == card:
                return t
        raise KeyError(card)

    def side_tricks(self, card: Card, side: Side) -> int:
        """``side``'s tricks from here on after ``card``."""
        t = self.ns(card)
        return t if side is Side.NS else self.tricks_left - t

    def best_ns(self) -> int:
        """North-South's tricks from here with best play by the side to move."""
        vals = [t for _, t in self.ns_tricks]
        return max(vals) if self.to_play.side is Side.NS else min(vals)
