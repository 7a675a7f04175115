"""A board record: one deal as played at one table, with its contract and play."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayRecord
from engine.model.seats import Vulnerability


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """One board at one table.

    Attributes:
        deal: the four hands as dealt.
        contract: the final contract with declarer.
        vulnerability: the board's vulnerability.
        play: the cards in play order from the opening lead (may stop before trick 13: a claim).
        label: how to name the board to the TD, e.g. ``"Sponvo30.pbn board 21, room Closed"``.
        recorded_result: the declarer's tricks the record states (PBN ``Result``), if any;
            shown for comparison only, never used to rule.
        marked_revokes: cards the record itself marks as revokes (PBN ``^R``), shown for comparison.
    """

    deal: Deal
    contract: Contract
    vulnerability: Vulnerability
    play: tuple[Card, ...]
    label: str = ""
    recorded_result: int | None = None
    marked_revokes: tuple[Card, ...] = ()

    def play_record(self) -> PlayRecord:
        """The validated play record (see :meth:`PlayRecord.build` for the errors raised)."""
        return PlayRecord.build(self.deal, self.contract.strain.trump, self.contract.declarer.lho, self.play)
