"""A deal: the four hands, as value types.

A :class:`Deal` may hold any cards (a Law 13 deal with 14 and 12 cards is representable);
:meth:`Deal.verify_complete` checks the shape a revoke ruling and the solver need: 52
distinct cards, 13 in each hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import InvalidBoardError, clip
from engine.model.cards import SUIT_ORDER, Card, Rank, holding_str
from engine.model.seats import SEATS, Seat


def parse_hand(text: str, seat: Seat | None = None, *, path: str = "deal") -> tuple[Card, ...]:
    """Parse one PBN hand, ``"AKQ2.J.T98.76543"`` (spades.hearts.diamonds.clubs), any length.

    ``-`` is an empty (unknown) hand; ranks may be written ``10``. Cards are returned in the
    order written and a card written twice is returned twice: a hand found at the table under
    Law 13 may hold 12, 14 or a duplicate card, so counting is the caller's business.

    Raises:
        InvalidBoardError: ``path`` as given; not four suits, or a character that is not a rank.
    """
    who = f"hand of {seat.value}" if seat else "hand"
    part = text.strip()
    shown = clip(part)
    if part == "-":
        return ()
    suits = part.split(".")
    if len(suits) != 4:
        raise InvalidBoardError(f"{who} must have four suits separated by dots: {shown!r}", path=path,
                                key="hand_suits_of" if seat else "hand_suits",
                                params={"seat": seat.value if seat else "", "part": shown})
    cards: list[Card] = []
    for suit, holding in zip(SUIT_ORDER, suits, strict=True):
        for ch in holding.upper().replace("10", "T"):
            try:
                cards.append(Card(suit, Rank.from_letter(ch)))
            except InvalidBoardError:
                raise InvalidBoardError(f"{who}: {ch!r} is not a rank in {shown!r}", path=path,
                                        key="hand_rank_of" if seat else "hand_rank",
                                        params={"seat": seat.value if seat else "", "char": ch,
                                                "part": shown}) from None
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands, one per seat, N/E/S/W order. Each hand is a frozenset of cards."""

    north: frozenset[Card]
    east: frozenset[Card]
    south: frozenset[Card]
    west: frozenset[Card]

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, frozenset[Card] | set[Card]]) -> Deal:
        """Build from a ``{Seat: cards}`` mapping; a missing seat is an empty hand."""
        return cls(*(frozenset(hands.get(s, ())) for s in SEATS))

    def hand(self, seat: Seat) -> frozenset[Card]:
        """The cards of ``seat``'s hand."""
        return (self.north, self.east, self.south, self.west)[SEATS.index(seat)]

    def holder(self, card: Card) -> Seat | None:
        """The seat holding ``card``, or ``None`` if no hand holds it."""
        for seat in SEATS:
            if card in self.hand(seat):
                return seat
        return None

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal, ``"N:AKQ2.J.T98.76543 ..."`` (first seat then four hands clockwise).

        Hands are ``spades.hearts.diamonds.clubs``; ``-`` stands for an unknown hand (empty
        here). Ranks may be written ``10``. Raises ``InvalidBoardError`` (path ``"deal"``) for
        a malformed string; duplicate cards and wrong hand sizes are *not* errors here (see
        :meth:`verify_complete`).
        """
        t = " ".join(text.split())
        if len(t) < 2 or t[1] != ":" or t[0].upper() not in "NESW":
            raise InvalidBoardError(
                f"deal must start with the first seat and a colon, e.g. 'N:...': {clip(text)!r}",
                path="deal", key="deal_first_seat", params={"text": clip(text)},
            )
        first = Seat.from_str(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise InvalidBoardError(
                f"deal must give four hands separated by spaces, got {len(parts)}: {clip(text)!r}",
                path="deal", key="deal_four_hands", params={"n": len(parts), "text": clip(text)},
            )
        hands: dict[Seat, frozenset[Card]] = {}
        for seat, part in zip(first.rotation(), parts, strict=True):
            cards = parse_hand(part, seat)
            if len(set(cards)) != len(cards):
                raise InvalidBoardError(f"hand of {seat.value} lists a card twice: {clip(part)!r}", path="deal",
                                        key="hand_card_twice", params={"seat": seat.value, "part": clip(part)})
            hands[seat] = frozenset(cards)
        return cls.from_hands(hands)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """PBN deal string starting with ``first``, e.g. ``"N:AKQ2.J.T98.76543 ..."``."""
        hands = (".".join(holding_str(self.hand(s), suit) for suit in SUIT_ORDER) for s in first.rotation())
        return f"{first.value}:" + " ".join(hands)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def verify_complete(self) -> None:
        """Check 52 distinct cards, 13 in each hand (what Law 64 rulings and DDS need).

        Raises:
            InvalidBoardError: path ``"deal"``, law ``"13"`` or ``"14"``, naming the duplicate
                cards and the hands of the wrong size.
        """
        counts = Counter(c for s in SEATS for c in self.hand(s))
        dup = sorted(c for c, n in counts.items() if n > 1)
        if dup:
            cards = ", ".join(f"{c} ({'/'.join(s.value for s in SEATS if c in self.hand(s))})" for c in dup)
            raise InvalidBoardError(
                f"the deal holds the same card in two hands: {cards} (Law 13C: a surplus card)",
                path="deal",
                law="13C", key="deal_card_twice", params={"cards": cards},
            )
        sizes = {s: len(self.hand(s)) for s in SEATS}
        wrong = {s: n for s, n in sizes.items() if n != 13}
        if wrong:
            detail = ", ".join(f"{s.value} has {n}" for s, n in wrong.items())
            law = "14" if all(n <= 13 for n in sizes.values()) else "13"
            raise InvalidBoardError(
                f"every hand must hold 13 cards: {detail} (Law {law}: incorrect number of cards; "
                "a revoke ruling needs the complete deal)",
                path="deal",
                law=law, key="deal_13_each", params={"detail": detail, "law": law},
            )
