"""A revoke the director reports from the facts at the table, without the play through the
revoke trick (issue 13: "facts only").

When the quitted cards cannot be put back in order, the director still knows who revoked, on
which trick, who won that trick, how many tricks the offending side won after it, and the
table result. That is all Laws 61-64A/B need: establishment (63A1, play went on to the end),
the automatic transfer (64A1/64A2) and its exceptions (64B). Law 64C needs the position before
the revoke, so it cannot be checked double dummy; the ruling says so and asks for the play.

Pure functions; no solver. Every count is tricks, and the table result is the declarer's side's.
"""

from __future__ import annotations

from engine.errors import InvalidBoardError
from engine.laws.equity import EquityDecision, directors_equity
from engine.laws.facts import Noticed, RevokeFacts, RevokeReport
from engine.laws.revoke import Correction, Establishment, Revoke, RevokeKind, played_on
from engine.laws.steps import Step
from engine.laws.transfer import TrickOwnership
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayRecord

_PATH = "revoke_facts"
def reported_revoke(report: RevokeReport, deal: Deal, contract: Contract) -> Revoke:
    """The reported revoke as a :class:`Revoke` (kind ``REPORTED``, ``play_index`` -1), checked
    against the hand record.

    Raises:
        InvalidBoardError: path ``revoke_facts/<field>``: a trick outside 1..12 (no revoke can be
            made on trick 13 with correct hands: each player has one card left), an offending
            side's count that does not fit the tricks left, a card the offender was not dealt, a
            card of the suit led (no revoke), or a suit led of which the offender was dealt no card.
    """
    k, who = report.trick, report.offender
    name = who.name.title()
    if not 1 <= k <= 12:
        raise InvalidBoardError(
            f"a revoke is made on tricks 1 to 12, not {k}: on trick 13 each player has one card left and plays "
            "it (a hand with the wrong number of cards is Law 13/14)", path=f"{_PATH}/trick", law="61A",
            key="reported_trick", params={"trick": k})
    if not 0 <= report.offending_side_tricks_after <= 13 - k:
        raise InvalidBoardError(
            f"after trick {k} only {13 - k} tricks were played, so the offending side cannot have won "
            f"{report.offending_side_tricks_after} of them", path=f"{_PATH}/offending_side_tricks_after",
            key="reported_after", params={"trick": k, "left": 13 - k, "n": report.offending_side_tricks_after})
    held = deal.hand(who)
    if report.card is not None and report.card not in held:
        raise InvalidBoardError(
            f"{name} was not dealt the {report.card}: the hand record gives it to "
            f"{h.name.title() if (h := deal.holder(report.card)) else 'nobody'}", path=f"{_PATH}/card",
            key="reported_card_not_dealt" if h else "reported_card_not_dealt_nobody",
            params={"seat": name, "card": str(report.card), "holder": h.name.title() if h else ""})
    if report.suit_led is not None:
        if report.card is not None and report.card.suit is report.suit_led:
            raise InvalidBoardError(
                f"the {report.card} is of the suit led: playing it is following suit, not a revoke",
                path=f"{_PATH}/card", law="61A", key="reported_card_follows", params={"card": str(report.card)})
        if not any(c.suit is report.suit_led for c in held):
            raise InvalidBoardError(
                f"{name} was dealt no {report.suit_led.name.lower()}: he could not fail to follow to a "
                f"{report.suit_led.name.lower()[:-1]} lead", path=f"{_PATH}/suit_led", law="61A",
                key=f"reported_void_{report.suit_led.value}", params={"seat": name})
    return Revoke(k, 0, -1, who, report.card, report.suit_led, RevokeKind.REPORTED, frozenset(),
                  who == contract.dummy)


def reported_establishment(report: RevokeReport, facts: RevokeFacts) -> Establishment:
    """Law 63A1: play went on to the end (a table result was agreed), so the offending side played
    to the trick after the revoke and it is established. A revoke on trick 12 found before the
    hands were returned to the board is corrected all the same (62D1)."""
    est = played_on(report.trick)
    if report.trick == 12 and facts.noticed in (Noticed.DURING_PLAY, Noticed.AFTER_PLAY):
        ph = Step("", est.reason + "; a revoke on trick 12 noticed before the hands were returned to the board is "
                  "corrected", "est.trick12", {"base": est.phrase})
        return Establishment(True, est.law, ph.text, Correction.TRICK_TWELVE, False, ph)
    return est


def reported_ownership(report: RevokeReport, contract: Contract, table_result: int,
                       record: PlayRecord) -> TrickOwnership:
    """Who won the tricks, as far as the facts tell (for 64A/64B): the tricks in ``record``
    (the play entered, which stops before the revoke trick), the tricks before the revoke trick
    not entered counted from the table result, the revoke trick's winner, and the tricks after it
    as counts (``rest_declarer`` / ``rest_defence``).

    The tricks before the revoke trick that were not entered only make up the total: no trick
    before the revoke is ever transferred (64A), so which of them each side won does not matter.

    Raises:
        InvalidBoardError: path ``table_result`` or ``revoke_facts/...``: the table result, the
            revoke trick's winner, the offending side's tricks after it and the play entered do
            not add up.
    """
    k, side = report.trick, contract.declaring_side
    os_after = report.offending_side_tricks_after
    after_decl = os_after if report.offender.side is side else 13 - k - os_after
    at_k = int(report.won_by.side is side)
    before = table_result - after_decl - at_k  # the declarer's side's tricks among tricks 1..k-1
    if not 0 <= before <= k - 1:
        raise InvalidBoardError(
            f"the figures do not add up: with a table result of {table_result}, the declarer's side won {after_decl} "
            f"trick(s) after trick {k} and {at_k} at trick {k} (won by {report.won_by.name.title()}), which leaves "
            f"{before} for the {k - 1} trick(s) before it", path="table_result", key="reported_figures",
            params={"table": table_result, "after": after_decl, "trick": k, "at": at_k,
                    "winner": report.won_by.name.title(), "before": before, "earlier": k - 1})
    entered = record.completed_tricks
    decl_entered = record.tricks_won_by(side.seats)
    if entered > k - 1 or decl_entered > before or entered - decl_entered > k - 1 - before:
        raise InvalidBoardError(
            f"the play entered ({entered} trick(s), {decl_entered} won by the declarer's side) does not fit the facts: "
            f"the declarer's side won {before} of the {k - 1} trick(s) before the revoke trick",
            path=f"{_PATH}/trick", key="reported_play_entered",
            params={"entered": entered, "won": decl_entered, "before": before, "earlier": k - 1})
    missing_decl = before - decl_entered
    missing_def = k - 1 - entered - missing_decl
    filler = (contract.declarer,) * missing_decl + (contract.declarer.lho,) * missing_def
    return TrickOwnership(record.winners + filler + (report.won_by,), after_decl, 13 - k - after_decl, side)


def reported_equity(report: RevokeReport, contract: Contract, after_adjustment: int) -> EquityDecision | None:
    """Law 64C1 decided with the director's own figure (``report.likely_without_revoke``,
    declarer's side's tricks), when he gives one for a revoke ruled from the facts: the score is
    adjusted to it when it gives the non-offending side more tricks than the automatic adjustment
    (``after_adjustment``, declarer's side's tricks); never less (64C is not punitive and never
    favours the offending side). ``None`` without a figure (64C is then not checked).

    Raises:
        InvalidBoardError: path ``revoke_facts/likely_without_revoke``: a figure outside 0..13.
    """
    likely = report.likely_without_revoke
    if likely is None:
        return None
    if not 0 <= likely <= 13:
        raise InvalidBoardError(f"the likely result without the revoke is 0 to 13 tricks for the declarer's side, not "
                                f"{likely}", path=f"{_PATH}/likely_without_revoke", key="reported_likely_range",
                                params={"n": likely})
    return directors_equity(likely, report.offender.side.other, contract.declaring_side, after_adjustment)
