"""Contracts: level, strain, doubling and declarer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from engine.errors import InvalidBoardError, clip
from engine.model.cards import Suit
from engine.model.seats import Seat, Side


class Strain(StrEnum):
    """The denomination of a contract: a trump suit or no trump (``"NT"``)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` in no trump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)


class Doubling(IntEnum):
    """Undoubled, doubled or redoubled; the value is the score multiplier (Law 77)."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        """``""``, ``"X"`` or ``"XX"``, as written after the contract."""
        return {1: "", 2: "X", 4: "XX"}[self.value]


_CONTRACT = re.compile(r"^([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X|R|\*\*|\*)?$")


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract at the table: ``level`` 1-7, ``strain``, ``doubling`` and ``declarer``.

    Equality compares every field (unlike endplay's ``Contract``, which ignores doubling).
    """

    level: int
    strain: Strain
    doubling: Doubling
    declarer: Seat

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise InvalidBoardError(f"contract level must be 1 to 7, got {self.level}", path="contract",
                                    key="contract_level", params={"level": self.level})

    @classmethod
    def from_str(cls, text: str, declarer: Seat) -> Contract:
        """Parse ``"4H"``, ``"3NTX"``, ``"6SXX"``, ``"2D*"`` (PBN's ``*`` = doubled).

        Raises ``InvalidBoardError`` (path ``"contract"``) for a passed-out board or bad text.
        """
        t = text.strip().upper().replace(" ", "")
        if t in ("PASS", "P", "AP", ""):
            raise InvalidBoardError(
                "the board was passed out: there is no contract and no play to rule on",
                path="contract", key="passed_out",
            )
        m = _CONTRACT.match(t)
        if not m:
            raise InvalidBoardError(
                f"not a contract: {clip(text)!r} (expected e.g. '4H', '3NT', '4HX', '6SXX')", path="contract",
                key="not_a_contract", params={"text": clip(text)},
            )
        level, strain, dbl = m.groups()
        doubling = {None: Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "*": Doubling.DOUBLED,
                    "XX": Doubling.REDOUBLED, "R": Doubling.REDOUBLED, "**": Doubling.REDOUBLED}[dbl]
        return cls(int(level), Strain("NT" if strain in ("N", "NT") else strain), doubling, declarer)

    @property
    def dummy(self) -> Seat:
        """Declarer's partner."""
        return self.declarer.partner

    @property
    def declaring_side(self) -> Side:
        """The side of declarer and dummy."""
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer's side needs to make the contract: level + 6."""
        return self.level + 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"

    def result_str(self, tricks: int) -> str:
        """The result as TDs write it: ``"4H W +1"``, ``"4H W ="``, ``"3NTX N -2"``.

        ``tricks`` is the number of tricks won by declarer's side, 0..13.
        """
        diff = tricks - self.tricks_needed
        tail = "=" if diff == 0 else f"{diff:+d}"
        return f"{self} {self.declarer.value} {tail}"
