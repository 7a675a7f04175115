"""What the double-dummy layer answers: per-card trick counts, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.cards import Card
from engine.model.contract import Strain
from engine.model.seats import SEATS, Seat, Side


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


TABLE_STRAINS: tuple[Strain, ...] = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)


@dataclass(frozen=True, slots=True)
class DDTable:
    """The double-dummy table of a deal: tricks each seat takes as declarer in each strain.

    Attributes:
        tricks: rows in :data:`TABLE_STRAINS` order (S, H, D, C, NT), columns N, E, S, W;
            each value is the declarer side's tricks, 0..13, with the declarer's left-hand
            opponent on lead.
    """

    tricks: tuple[tuple[int, int, int, int], ...]

    def get(self, strain: Strain, declarer: Seat) -> int:
        """Tricks the declarer's side takes with ``declarer`` playing in ``strain``."""
        return self.tricks[TABLE_STRAINS.index(strain)][SEATS.index(declarer)]
