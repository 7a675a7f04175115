"""Suits, ranks and cards: immutable, hashable value types.

Notation is PBN's: a card is suit letter then rank, ``"SA"``, ``"HT"``; ``"H10"`` and the
rank-first ``"TH"``/``"10H"`` are accepted on input. ``str(card)`` is always ``"HT"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import total_ordering

from engine.errors import InvalidBoardError, clip


class Suit(StrEnum):
    """The four suits, valued by their PBN letter. Order of iteration: S, H, D, C."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``"♠"``."""
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]


class Rank(IntEnum):
    """Card ranks 2..14 (ace high), as in Law 1."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """PBN rank character: ``"2"``..``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return RANK_LETTERS[self.value - 2]

    @classmethod
    def from_letter(cls, text: str) -> Rank:
        """Parse ``"A"``, ``"t"``, ``"10"``...; raises ``InvalidBoardError`` for anything else."""
        t = text.upper()
        if t == "10":
            t = "T"
        if len(t) != 1 or t not in RANK_LETTERS:
            raise InvalidBoardError(f"not a card rank: {clip(text)!r}", key="not_a_rank", params={"text": clip(text)})
        return cls(RANK_LETTERS.index(t) + 2)


RANK_LETTERS = "23456789TJQKA"


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Ordered by suit (S > H > D > C) then rank, for stable display only."""

    suit: Suit
    rank: Rank

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``"SA"``, ``"h10"``, ``"TH"``; raises ``InvalidBoardError`` naming the text."""
        card = _PARSED.get(text)
        if card is not None:
            return card
        card = cls._parse(text)
        if len(_PARSED) < 4096:  # every spelling of the 52 cards fits many times over
            _PARSED[text] = card
        return card

    @classmethod
    def _parse(cls, text: str) -> Card:
        t = text.strip().upper()
        if len(t) >= 2 and t[0] in "SHDC":
            suit, rank = t[0], t[1:]
        elif len(t) >= 2 and t[-1] in "SHDC":
            suit, rank = t[-1], t[:-1]
        else:
            raise InvalidBoardError(f"not a card: {clip(text)!r} (expected e.g. 'SA', 'HT', 'D10')",
                                    key="not_a_card", params={"text": clip(text)})
        try:
            return cls(Suit(suit), Rank.from_letter(rank))
        except InvalidBoardError:
            raise InvalidBoardError(
                f"not a card: {clip(text)!r} (expected e.g. 'SA', 'HT', 'D10')", key="not_a_card",
                params={"text": clip(text)}
            ) from None

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.letter}"

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    @property
    def index(self) -> int:
        """A dense index 0..51 (spades 0-12 ... clubs 39-51, two first): used for bit masks."""
        return SUIT_ORDER.index(self.suit) * 13 + (self.rank - 2)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (-SUIT_ORDER.index(self.suit), self.rank) < (-SUIT_ORDER.index(other.suit), other.rank)


_PARSED: dict[str, Card] = {}
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
FULL_DECK: frozenset[Card] = frozenset(Card(s, Rank(r)) for s in SUIT_ORDER for r in range(2, 15))


def holding_str(cards: frozenset[Card] | set[Card], suit: Suit) -> str:
    """The ranks held in one suit, high to low, as PBN writes them (``"AKT2"``; ``""`` if void)."""
    return "".join(c.rank.letter for c in sorted((c for c in cards if c.suit == suit), reverse=True))
