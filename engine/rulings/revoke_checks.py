"""The revoke ruling's facts checked against the play record before anything is solved: how
play ended when the record stops before trick 13 (the table result, Law 79A; the claim's figure,
Law 68; or the rest valued double dummy), a claim to adjudicate (Laws 69-71), and a revoke the
director reported (``revoke_facts``) against the play through its trick.

Every check raises :class:`engine.errors.InvalidBoardError` naming the input field; trick counts
are the declarer's side's, 0..13.
"""

from __future__ import annotations

from engine.errors import InvalidBoardError
from engine.laws.facts import Noticed, RevokeFacts, RevokeReport
from engine.laws.revoke import Revoke
from engine.laws.transfer import TrickOwnership
from engine.model.contract import Contract
from engine.model.play import PlayRecord


def _check_claim(record: PlayRecord, facts: RevokeFacts) -> None:
    """Raises InvalidBoardError: the claim to adjudicate (``facts.claim_detail``) given with a
    claim figure or a table result, by another player than ``claim_by``, or on a complete record."""
    detail = facts.claim_detail
    if detail is None:
        return
    if facts.claim_declarer_tricks is not None or facts.table_result is not None:
        raise InvalidBoardError("give either the claim to adjudicate or the claim's figure (or the table result), "
                                "not both", path="claim", key="revoke_claim_and_figure")
    if facts.claim_by is not None and facts.claim_by is not detail.by:
        raise InvalidBoardError(f"the claim was made by {detail.by.value}, but claim_by says {facts.claim_by.value}",
                                path="claim_by", key="revoke_claim_by_differs",
                                params={"seat": detail.by.value, "by": facts.claim_by.value})
    if record.is_complete:
        raise InvalidBoardError("the play record holds all 13 tricks: there is no claim to adjudicate", path="claim",
                                key="claim_play_complete")



CHOICES = ("table_result", "claim_declarer_tricks", "rest_valued_double_dummy")
"""The three ways a director says how play ended when the record stops before trick 13."""



def _how_play_ended(record: PlayRecord, facts: RevokeFacts) -> None:
    """A record that stops before trick 13 after play ended must say how play ended: the table
    result (played out, Law 79A), the claim's figure (Law 68), or the director's word that the
    figure is not known and the rest is to be valued double dummy. A record stopping in the middle
    of a trick is a claim (Law 68 allows one at any time) only when the director says so. Noticed
    during play, the record stops where attention was drawn: nothing more is needed.

    Raises:
        InvalidBoardError: path ``play`` (``play_mid_trick``): the record stops inside a trick and
            nothing says play ended in a claim there; path ``table_result``
            (``play_end_unknown``): none of the three was given.
    """
    if record.is_complete or facts.noticed is Noticed.DURING_PLAY or facts.reported is not None:
        return
    said = facts.claim_declarer_tricks is not None or facts.rest_valued_double_dummy or facts.claim_detail is not None
    partial = len(record.cards) % 4
    if partial and not said and facts.table_result is None:
        k = record.completed_tricks + 1
        raise InvalidBoardError(
            f"the play entered stops in the middle of trick {k} ({partial} of its 4 cards): that trick is "
            "incomplete. Enter the rest of it, or, if play ended there in a claim (Law 68), give the claim's figure "
            "(claim_declarer_tricks) or ask for the rest to be valued double dummy (rest_valued_double_dummy)",
            path="play", key="play_mid_trick", params={"trick": k, "n": partial})
    if not said and facts.table_result is None:
        left = 13 - record.completed_tricks
        raise InvalidBoardError(
            f"the play entered stops before trick 13 ({left} trick(s) not entered): say how play ended: the table "
            "result if they were played out (table_result), the claim's figure (claim_declarer_tricks), or, for a "
            "claim whose figure is not known, value them double dummy (rest_valued_double_dummy)",
            path="table_result", key="play_end_unknown", params={"left": left})



def _played_out(record: PlayRecord, contract: Contract, facts: RevokeFacts) -> int | None:
    """With a table result (Law 79A): the declarer's side's tricks among the tricks not in the
    record, which were played out; ``None`` without one.

    Noticed during play, the record stops where attention was drawn (possibly inside a trick):
    the play then went on and was played out, and the table result counts every trick after
    the last one completed in the record.

    Raises:
        InvalidBoardError: path ``table_result``: given with a claim figure, out of 0..13, or
            contradicted by the tricks entered; path ``play``: the play entered after play ended
            stops in the middle of a trick.
    """
    t = facts.table_result
    if t is None:
        return None
    if facts.claim_declarer_tricks is not None:
        raise InvalidBoardError("give either the table result (the tricks not entered were played out) or the "
                                "claim's figure (play ended in a claim), not both", path="table_result",
                                key="table_and_claim")
    if not 0 <= t <= 13:
        raise InvalidBoardError(f"a table result is 0 to 13 tricks, not {t}", path="table_result",
                                key="table_range", params={"n": t})
    partial = len(record.cards) % 4
    if partial and facts.noticed is not Noticed.DURING_PLAY:
        raise InvalidBoardError(
            f"the play entered stops in the middle of trick {record.completed_tricks + 1} ({partial} of its 4 cards): "
            "with a table result, enter whole tricks (the tricks not entered were played out)", path="play",
            key="table_partial_trick", params={"trick": record.completed_tricks + 1, "n": partial})
    won = record.tricks_won_by(contract.declaring_side.seats)
    entered = record.completed_tricks
    if record.is_complete and won != t:
        raise InvalidBoardError(f"the 13 tricks entered give the declarer's side {won} tricks, not {t}: check the "
                                "table result or the play", path="table_result", key="table_13_differs",
                                params={"won": won, "n": t})
    if not won <= t <= won + 13 - entered:
        raise InvalidBoardError(
            f"the declarer's side won {won} of the {entered} trick(s) entered, so with {13 - entered} trick(s) left "
            f"its total is {won} to {won + 13 - entered}, not {t}: check the table result or the play",
            path="table_result", key="table_out_of_range",
            params={"won": won, "entered": entered, "left": 13 - entered, "most": won + 13 - entered, "n": t})
    return t - won



def _check_report(report: RevokeReport, record: PlayRecord, revokes: tuple[Revoke, ...],
                  ownership: TrickOwnership) -> None:
    """The reported revoke (``revoke_facts``) against the play entered through its trick: the
    play must show that revoke, and the facts must agree with it.

    Raises:
        InvalidBoardError: path ``revoke_facts/<field>`` naming the fact the play contradicts.
    """
    k, who = report.trick, report.offender
    found = next((r for r in revokes if r.trick == k and r.offender == who), None)
    if found is None:
        shown = "; ".join(r.describe() for r in revokes) or "none"
        raise InvalidBoardError(f"the play entered shows no revoke by {who.name.title()} on trick {k} (revokes in the "
                                f"play: {shown})", path="revoke_facts/trick", key="reported_not_in_play",
                                params={"seat": who.name.title(), "trick": k, "revokes": shown})
    if record.winners[k - 1] != report.won_by:
        raise InvalidBoardError(f"the play entered gives trick {k} to {record.winners[k - 1].name.title()}, not "
                                f"{report.won_by.name.title()}", path="revoke_facts/revoke_trick_won_by",
                                key="reported_winner", params={"trick": k, "winner": record.winners[k - 1].name.title(),
                                                               "said": report.won_by.name.title()})
    if report.card is not None and report.card != found.card:
        raise InvalidBoardError(f"the play entered shows the {found.card} as the revoke card, not the {report.card}",
                                path="revoke_facts/card", key="reported_card_differs",
                                params={"card": str(found.card), "said": str(report.card)})
    os_ = who.side
    after = record.tricks_won_by(os_.seats, after=k) + ownership.rest_for(os_)
    if after != report.offending_side_tricks_after:
        raise InvalidBoardError(f"the play entered and the table result give the offending side {after} trick(s) "
                                f"after trick {k}, not {report.offending_side_tricks_after}",
                                path="revoke_facts/offending_side_tricks_after", key="reported_after_differs",
                                params={"n": after, "trick": k, "said": report.offending_side_tricks_after})
