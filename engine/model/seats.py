"""Seats (compass directions), sides (partnerships) and vulnerability."""

from __future__ import annotations

from enum import StrEnum

from engine.errors import clip


class Seat(StrEnum):
    """A player's seat, N/E/S/W. Rotation is clockwise: N -> E -> S -> W."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """Parse ``"N"``, ``"north"``...; raises ``ValueError`` for anything else."""
        t = text.strip().upper()[:1]
        for seat in cls:
            if seat.value == t:
                return seat
        raise ValueError(f"not a seat: {clip(text)!r} (expected N, E, S or W)")

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return SEATS[(SEATS.index(self) + 1) % 4]

    @property
    def partner(self) -> Seat:
        """Partner, across the table."""
        return SEATS[(SEATS.index(self) + 2) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return SEATS[(SEATS.index(self) + 3) % 4]

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    def rotation(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The four seats in playing order starting from this one."""
        i = SEATS.index(self)
        return (SEATS[i], SEATS[(i + 1) % 4], SEATS[(i + 2) % 4], SEATS[(i + 3) % 4])


SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Side(StrEnum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side."""
        return (Seat.NORTH, Seat.SOUTH) if self is Side.NS else (Seat.EAST, Seat.WEST)


class Vulnerability(StrEnum):
    """Which sides are vulnerable on the board, PBN spelling (``None``, ``NS``, ``EW``, ``All``)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        """Accept the PBN spellings and the usual variants (``Love``, ``-``, ``Both``, ``Neither``)."""
        t = text.strip().lower()
        table = {
            "none": cls.NONE, "love": cls.NONE, "-": cls.NONE, "neither": cls.NONE, "": cls.NONE,
            "ns": cls.NS, "n-s": cls.NS, "n/s": cls.NS,
            "ew": cls.EW, "e-w": cls.EW, "e/w": cls.EW,
            "all": cls.ALL, "both": cls.ALL, "b": cls.ALL,
        }
        if t not in table:
            raise ValueError(f"not a vulnerability: {clip(text)!r} (expected None, NS, EW or All)")
        return table[t]

    def is_vulnerable(self, side: Side) -> bool:
        """True when ``side`` is vulnerable on this board."""
        return self is Vulnerability.ALL or self.value == side.value
