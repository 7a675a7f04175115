"""A double-dummy position: what the solver needs, as a canonical, hashable value.

A :class:`Position` is the remaining cards of each hand, the trump suit, the leader of
the current trick and the cards already played to it. Two positions reached in different
ways are equal (and hash equal) exactly when the solver would see the same problem. It
never holds solver objects; tricks already won are not part of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InvalidBoardError
from engine.model.cards import FULL_DECK, Card, Suit
from engine.model.deal import Deal
from engine.model.seats import SEATS, Seat

_BY_INDEX: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=lambda c: c.index))


def _mask(cards: frozenset[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> frozenset[Card]:
    """The cards of a 52-bit mask (bit ``Card.index``)."""
    return frozenset(_BY_INDEX[i] for i in range(52) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class Position:
    """A position for the double-dummy solver.

    Attributes:
        hands: 52-bit card masks of the cards still held (N, E, S, W); the cards of the
            current trick are *not* in them.
        trump: the trump suit, ``None`` in no trump.
        leader: who led (or is to lead) the current trick.
        trick: the cards already played to the current trick, in play order (0-3 cards).
    """

    hands: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...]

    @classmethod
    def from_cards(
        cls, hands: dict[Seat, frozenset[Card]], trump: Suit | None, leader: Seat, trick: tuple[Card, ...] = ()
    ) -> Position:
        """Build a position from remaining hands, the trump, the leader and the current trick.

        Raises:
            InvalidBoardError: cards in two places, unequal hand lengths, a current trick of
                four or more cards, or a trick card that does not follow the leader's hand
                sizes (see :meth:`verify`).
        """
        pos = cls(tuple(_mask(hands.get(s, frozenset())) for s in SEATS), trump, leader, tuple(trick))  # type: ignore[arg-type]
        pos.verify()
        return pos

    def hand(self, seat: Seat) -> frozenset[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self.hands[SEATS.index(seat)])

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return self.leader.rotation()[len(self.trick)]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, counting the current one."""
        return bin(self.hands[SEATS.index(self.leader)]).count("1") + (1 if self.trick else 0)

    def verify(self) -> None:
        """Check the position is one DDS can solve.

        Raises:
            InvalidBoardError: a card held twice or both held and in the trick; 4+ trick cards;
                hand lengths that do not match the number of cards already in the trick.
        """
        seen = 0
        for m in self.hands:
            if seen & m:
                raise InvalidBoardError("a card is in two hands", path="position", key="position_card_twice")
            seen |= m
        if len(self.trick) > 3:
            raise InvalidBoardError("a current trick holds at most three cards", path="position",
                                    key="position_trick_size")
        tmask = _mask(frozenset(self.trick))
        if tmask & seen or len(set(self.trick)) != len(self.trick):
            raise InvalidBoardError("a card of the current trick is also held", path="position",
                                    key="position_trick_card_held")
        sizes = [bin(self.hands[SEATS.index(s)]).count("1") for s in self.leader.rotation()]
        played = len(self.trick)
        base = sizes[0]
        # players who already played to the trick hold one card fewer than those still to play
        expect = [base] * played + [base + 1] * (4 - played) if played else [base] * 4
        if sizes != expect or (played == 0 and base == 0):
            raise InvalidBoardError(
                f"hand lengths {sizes} (from {self.leader.value}) do not fit a trick with {played} card(s) played",
                path="position", key="position_hand_lengths",
                params={"sizes": str(sizes), "leader": self.leader.value, "n": played},
            )

    @classmethod
    def of_deal(cls, deal: Deal, trump: Suit | None, leader: Seat) -> Position:
        """The opening position of a complete deal with ``leader`` on lead."""
        return cls.from_cards({s: deal.hand(s) for s in SEATS}, trump, leader)

    def __str__(self) -> str:
        d = Deal.from_hands({s: self.hand(s) for s in SEATS})
        trick = " ".join(str(c) for c in self.trick)
        trump = self.trump.value if self.trump else "NT"
        return f"{d.to_pbn()} trump={trump} leader={self.leader.value} trick=[{trick}]"
