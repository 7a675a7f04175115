"""What the double-dummy layer answers: per-card trick counts, as frozen values."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.cards import Card
from engine.model.contract import Strain
from engine.model.seats import SEATS, Seat, Side, Vulnerability


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
class ParContract:
    """One par contract: ``level`` ``strain`` by ``declarers`` (one seat, or both of a side when
    either can play it), ``doubled`` for a sacrifice, and the result against the contract.

    Attributes:
        level: 1..7.
        strain: the strain.
        declarers: the seats that can declare it with the same result (N/E/S/W order).
        doubled: True for a sacrifice (par sacrifices are doubled).
        result: tricks over (+) or under (-) the contract; 0 = made exactly.
    """

    level: int
    strain: Strain
    declarers: tuple[Seat, ...]
    doubled: bool
    result: int

    def __str__(self) -> str:
        who = "/".join(s.value for s in self.declarers)
        tail = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain.value}{'X' if self.doubled else ''} {who} {tail}"


@dataclass(frozen=True, slots=True)
class ParResult:
    """The par of a deal for one vulnerability and dealer (DDS ``DealerParBin``).

    Par is the double-dummy equilibrium of the auction: the contract(s) where neither side
    gains by bidding on, the dealer's side having the first chance to bid.

    Attributes:
        score_ns: the par score in points, North-South view (Law 77).
        contracts: the par contracts (several when they score the same); empty when the
            par is a pass-out (score 0).
    """

    score_ns: int
    contracts: tuple[ParContract, ...]

    def __str__(self) -> str:
        if not self.contracts:
            return "pass-out, 0"
        return f"{', '.join(str(c) for c in self.contracts)} (NS {self.score_ns:+d})"


PAR_KEYS: tuple[tuple[Vulnerability, Seat], ...] = tuple((v, d) for v in Vulnerability for d in SEATS)
"""The 16 (vulnerability, dealer) pairs in the order :attr:`DDTable.pars` lists them."""


@dataclass(frozen=True, slots=True)
class DDTable:
    """The double-dummy table of a deal: tricks each seat takes as declarer in each strain.

    Attributes:
        tricks: rows in :data:`TABLE_STRAINS` order (S, H, D, C, NT), columns N, E, S, W;
            each value is the declarer side's tricks, 0..13, with the declarer's left-hand
            opponent on lead.
        pars: the par for each (vulnerability, dealer) of :data:`PAR_KEYS`, in that order
            (the backend computes all 16: about 10 microseconds each); empty if not computed.
    """

    tricks: tuple[tuple[int, int, int, int], ...]
    pars: tuple[ParResult, ...] = ()

    def get(self, strain: Strain, declarer: Seat) -> int:
        """Tricks the declarer's side takes with ``declarer`` playing in ``strain``."""
        return self.tricks[TABLE_STRAINS.index(strain)][SEATS.index(declarer)]

    def par(self, vulnerability: Vulnerability, dealer: Seat) -> ParResult:
        """The par for this vulnerability and dealer.

        Raises:
            LookupError: the table was built without par (a hand-made table in a test).
        """
        if len(self.pars) != len(PAR_KEYS):
            raise LookupError("this double-dummy table carries no par")
        return self.pars[PAR_KEYS.index((vulnerability, dealer))]
