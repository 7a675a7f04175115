"""The revoke ruling's shapes (Laws 61-64, Law 77 scores): one revoke's ruling, how the tricks
not in the record were counted, the Law 64C1 evidence of induced damage, and the whole advice.

Trick counts are the declarer's side's, 0..13; scores are points, North-South's view. Built by
:func:`engine.rulings.revoke.advise_revoke`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.laws.editions import LAWS_2017, Edition
from engine.laws.equity import EquityDecision, EquityMeasure, LaterLoss, MeasureKind, RevokeEquity
from engine.laws.revoke import Establishment, Revoke
from engine.laws.steps import Step
from engine.laws.transfer import Transfer
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.scoring import PlausibleResult, score_ns

AFTER_ADJUSTMENT_EVIDENCE = "the result after the automatic adjustment: Law 64C never gives the offending side more"
"""A plausible result's evidence: a line without the revoke that would favour the offending side
is replaced by the result after the automatic adjustment (64C only restores the non-offenders)."""



@dataclass(frozen=True, slots=True)
class RevokeRuling:
    """One revoke and what the Laws make of it.

    Attributes:
        revoke: the revoke found (61A).
        establishment: established or corrected (63A, 62).
        transfer: the automatic adjustment (64A/64B); ``None`` when the revoke is corrected.
        equity: the double-dummy evidence (64C); ``None`` when the revoke is not established.
    """

    revoke: Revoke
    establishment: Establishment
    transfer: Transfer | None
    equity: RevokeEquity | None



@dataclass(frozen=True, slots=True)
class ClaimInfo:
    """How the tricks the record does not show were counted.

    Attributes:
        tricks: how many tricks were not completed in the record (0 when all 13 were played).
        declarer_tricks: the declarer's side's share of them.
        assumed: ``True`` when the engine valued them double dummy (no claim figure was given).
        played_out: ``True`` when they were played out, not claimed: the record is the play as far
            as the director rebuilt it and the table result (Law 79A) gives their split.
        adjudicated: ``True`` when the claim was adjudicated (Laws 69-71, ``facts.claim_detail``).
    """

    tricks: int
    declarer_tricks: int
    assumed: bool
    played_out: bool = False
    adjudicated: bool = False



@dataclass(frozen=True, slots=True)
class InducedDamage:
    """Law 64C1 evidence of damage the revoke may have caused later in the play.

    Shown when the non-offending side would do better with the hand played double dummy from
    the position before the revoke than with the table result plus what the revoke card
    changed: its later plays then lost tricks, and the director judges whether the revoke
    induced them (a player misled about a holding or the count). Trick counts are the
    declarer's side's, 0..13.

    Attributes:
        double_dummy: played double dummy from the position before the first revoke, the
            offender playing his best legal card (``dd_before``).
        table_plus_swing: the table result plus what each revoke card changed double dummy.
        losses: the non-offending side's later plays that lost tricks double dummy.
        judged_induced: the director judged them induced by the revoke (64C1 then uses
            ``double_dummy``).
        measure: the measure ``table_plus_swing`` comes from: ``TABLE_PLAY`` (the table's own
            play without the revoke, issue 34) or ``SWING`` (the table result plus the swing).
    """

    double_dummy: int
    table_plus_swing: int
    losses: tuple[LaterLoss, ...]
    judged_induced: bool
    measure: MeasureKind = MeasureKind.SWING



@dataclass(frozen=True, slots=True)
class RevokeAdvice:
    """The whole ruling. Trick counts are the declarer's side's, 0..13; scores are points, North-South's view.

    Attributes:
        board: the board ruled on.
        rulings: one per revoke found, in play order (empty when the record shows none).
        table_tricks: the result as played, the unplayed tricks counted as ``claim`` says.
        after_adjustment: after corrections (62) and automatic transfers (64A).
        likely_without_revokes: table result + the sum of what each established revoke card
            changed double dummy (``None`` with no established revoke).
        double_dummy_without_revoke: ``dd_before`` of the first revoke: the pure double-dummy
            result from that position.
        claim: how the tricks not in the record were counted.
        law_64c: whether equity changes the result (Law 64C).
        suggested_tricks: the result to enter.
        suggested_law: the law that gives it.
        score_ns_table / score_ns_after_adjustment / score_ns_suggested: Law 77 scores.
        steps: the explanation, one step per law applied.
        induced: the evidence of damage induced later in the play (64C1), or ``None`` when the
            double-dummy result from before the revoke is no better for the non-offending side.
        facts_only: ruled from a revoke the director reported (``RevokeFacts.reported``) without
            the play through the revoke trick: no double-dummy evidence, and ``law_64c`` says that
            64C could not be checked, unless the director gave his own figure.
        directors_likely: facts only: the director's own figure for the likely result without
            the revoke (``RevokeReport.likely_without_revoke``, declarer's side's tricks) with
            which 64C1 was decided; ``None`` when he gave none.
        directors_reason: why he judges that figure (``RevokeReport.likely_reason``, as written).
        edition: the Laws edition the ruling applied (2017 unless the event or the request
            named another).
        provisional: the revoke was noticed during play and play is not over (no table result):
            the steps say what happens at the table now, and the suggested result is only a
            projection of the tricks still to be played, not a score to enter.
        measures: every measure of the likely result without the revoke(s) the engine could
            make (and the director's own figure when he gave one), in the order
            table_play, swing, double_dummy, director (issue 34); empty with no standing revoke.
        measure_used: the measure 64C was decided with (``likely_without_revokes`` is its
            figure); ``None`` with none.
        measure_why: why that measure, as a translatable step; ``None`` with none.
        by_card: the measure used's likely result without the revoke(s) for each legal card the
            first standing offender could have played (declarer's side's tricks; empty for the
            director's figure, or with no standing revoke): :meth:`likely_by_card`.
    """

    board: BoardRecord
    rulings: tuple[RevokeRuling, ...]
    table_tricks: int
    after_adjustment: int
    likely_without_revokes: int | None
    double_dummy_without_revoke: int | None
    claim: ClaimInfo
    law_64c: EquityDecision
    suggested_tricks: int
    suggested_law: str
    score_ns_table: int
    score_ns_after_adjustment: int
    score_ns_suggested: int
    steps: tuple[Step, ...]
    induced: InducedDamage | None = None
    facts_only: bool = False
    edition: Edition = LAWS_2017
    directors_likely: int | None = None
    directors_reason: str = ""
    provisional: bool = False
    measures: tuple[EquityMeasure, ...] = ()
    measure_used: MeasureKind | None = None
    measure_why: Step | None = None
    by_card: tuple[tuple[Card, int], ...] = ()

    @property
    def suggested_result(self) -> str:
        """The suggested result as a TD writes it, e.g. ``"4H W -1"``."""
        return self.board.contract.result_str(self.suggested_tricks)

    @property
    def first_standing(self) -> RevokeRuling | None:
        """The first established revoke that is not corrected and has double-dummy evidence."""
        return next((x for x in self.rulings if x.equity is not None and x.establishment.correction is None), None)

    def likely_by_card(self) -> tuple[tuple[Card, int], ...]:
        """The likely result without the revokes (declarer's side's tricks, 0..13) for each legal
        card the first standing offender could have played instead of the revoke card, by the
        measure the ruling used (``measure_used``: the table's own play replayed with that card,
        the swing, or double dummy; issue 34). Empty without a standing revoke, or when the
        director gave his own figure (one figure, not per card).
        """
        return self.by_card

    def plausible_results(self) -> tuple[PlausibleResult, ...]:
        """The distinct results of :meth:`likely_by_card`, the candidates of a weighted score
        (12C1(c)), most favourable to the non-offending side last; none better for the offending
        side than the result after the automatic adjustment (64C never lets the offenders gain)."""
        first, c, v = self.first_standing, self.board.contract, self.board.vulnerability
        by_tricks: dict[int, list[str]] = {}
        for card, tricks in self.likely_by_card():
            by_tricks.setdefault(tricks, []).append(str(card))
        if first is None:
            return ()
        offenders_first = first.revoke.offending_side is c.declaring_side
        if not by_tricks:  # none, or the director's own figure: one figure, not a weighting of cards
            return ()
        # the page translates these clauses by their shapes (app/web/words.py): the per-card figure is
        # the measure used's, and the clause says which (the table's own play, or double dummy)
        how = "the table's own play" if self.measure_used is MeasureKind.TABLE_PLAY else "double dummy"
        why = {t: f"{first.revoke.offender.value} plays {' or '.join(cards)} instead of {first.revoke.card} "
                  f"({how} after it)" for t, cards in by_tricks.items()}
        if self.induced is not None:  # 64C1: were the later losses induced by the revoke? The director judges.
            other = "the table's own play without the revoke" if self.induced.measure is MeasureKind.TABLE_PLAY \
                else "the table result plus the revoke card's swing"
            for t, text in ((self.induced.table_plus_swing, f"{other} (if the later losses were not induced by the "
                             "revoke)"),
                            (self.induced.double_dummy, "played double dummy from before the revoke (if it induced "
                             "the later losses)")):
                why[t] = f"{why[t]}; {text}" if t in why else text
        why = self._floored(why, nos_declares=not offenders_first)
        return tuple(PlausibleResult(c.result_str(t), t, score_ns(c, t, v), why[t])
                     for t in sorted(why, reverse=offenders_first))

    def _floored(self, why: dict[int, str], *, nos_declares: bool) -> dict[int, str]:
        """Law 64C restores the non-offending side to what it would likely have had; it never gives
        the offending side more than the result after the automatic adjustment (``after_adjustment``,
        declarer's side's tricks). A candidate better for the offenders than that is replaced by it
        (evidence :data:`AFTER_ADJUSTMENT_EVIDENCE`). Both sides revoking (64C2(b)): unchanged."""
        sides = {x.revoke.offending_side for x in self.rulings if x.equity is not None
                 and x.establishment.correction is None}
        if len(sides) != 1:
            return why
        floor = self.after_adjustment
        out: dict[int, str] = {}
        for t, text in why.items():
            if (t < floor) if nos_declares else (t > floor):
                t, text = floor, AFTER_ADJUSTMENT_EVIDENCE
            out[t] = text if t not in out or out[t] == text else f"{out[t]}; {text}"
        return out
