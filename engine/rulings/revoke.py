"""Use cases: the revoke ruling end to end (Laws 61-64, with Law 77 scores).

``advise_revoke`` runs the pure law functions, hands every position they need to the
double-dummy solver in one batch, and assembles the ruling with the law cited at each step.
A second batch (the value after every card of the record) is solved only when Law 64C1 needs
the evidence of damage the revoke induced later in the play (:class:`InducedDamage`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.claim_correction import corrected_claim, corrected_setting
from engine.dd.analysis import analyse_play
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.laws.editions import LAWS_2017, Edition
from engine.laws.equity import (
    EquityDecision,
    LaterLoss,
    RevokeEquity,
    decide_equity,
    declarer_tricks_from,
    declarer_tricks_won,
    later_losses,
    positions_needed,
    revoke_equity,
)
from engine.laws.facts import Noticed, RevokeFacts, RevokeReport
from engine.laws.reported import reported_equity, reported_establishment, reported_ownership, reported_revoke
from engine.laws.revoke import Correction, Establishment, Revoke, RevokeKind, assess_establishment, detect_revokes
from engine.laws.steps import Step
from engine.laws.transfer import Transfer, TrickOwnership, automatic_transfers, tricks_after_transfers
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.rulings.claim import ClaimRuling, ClaimSetting, adjudicate_claim
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
    """

    double_dummy: int
    table_plus_swing: int
    losses: tuple[LaterLoss, ...]
    judged_induced: bool


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
        card the first standing offender could have played instead of the revoke card.

        ``likely_without_revokes`` assumes the offender's best card for his side; another legal
        card changes it by the difference of their double-dummy values. Empty without one.
        """
        first = self.first_standing
        if first is None or first.equity is None or self.likely_without_revokes is None:
            return ()
        q = first.equity
        return tuple((card, min(13, max(0, self.likely_without_revokes - (q.dd_before - value))))
                     for card, value in q.dd_by_card)

    def plausible_results(self) -> tuple[PlausibleResult, ...]:
        """The distinct results of :meth:`likely_by_card`, the candidates of a weighted score
        (12C1(c)), most favourable to the non-offending side last; none better for the offending
        side than the result after the automatic adjustment (64C never lets the offenders gain)."""
        first, c, v = self.first_standing, self.board.contract, self.board.vulnerability
        by_tricks: dict[int, list[str]] = {}
        for card, tricks in self.likely_by_card():
            by_tricks.setdefault(tricks, []).append(str(card))
        if first is None or not by_tricks:
            return ()
        offenders_first = first.revoke.offending_side is c.declaring_side
        why = {t: f"{first.revoke.offender.value} plays {' or '.join(cards)} instead of {first.revoke.card} "
                  "(double dummy after it)" for t, cards in by_tricks.items()}
        if self.induced is not None:  # 64C1: were the later losses induced by the revoke? The director judges.
            for t, text in ((self.induced.table_plus_swing, "the table result plus the revoke card's swing (if the "
                             "later losses were not induced by the revoke)"),
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


def advise_revoke(board: BoardRecord, *, facts: RevokeFacts, solver: DoubleDummySolver,
                  edition: Edition = LAWS_2017) -> RevokeAdvice:
    """Rule on the revokes of one board: Laws 61-64 of ``edition`` (2017 by default; see
    :mod:`engine.laws.editions` for what 2007 changes), scored under Law 77.

    The play record may stop before trick 13: then play ended in a claim (``claim_declarer_tricks``,
    or ``rest_valued_double_dummy``: the rest valued double dummy, labelled as assumed), or it was
    played out and ``table_result`` gives the split of the tricks not entered (Law 79A); after
    play ended one of the three is needed, never guessed. With the revoke noticed during play
    the record stops where attention was drawn (possibly in the middle of a trick): without a
    table result play is still going and the ruling says what happens at the table now, its
    result provisional; with one, the play went on after the revoke was dealt with and was
    played out, and the table result counts. With ``facts.reported`` and no play through the
    revoke trick, the ruling comes from the director's facts alone (64A/64B; 64C not checked).

    Args:
        board: the deal, contract, vulnerability and play record.
        facts: when the revoke was noticed, the claim or the table result, penalty cards, lead
            restrictions, a revoke reported without the play.
        solver: the double-dummy solver (one batch per ruling; not called for a facts-only ruling).
        edition: the Laws edition the board was played under.

    Returns:
        The :class:`RevokeAdvice`, every step citing its law.

    Raises:
        InvalidBoardError: an incomplete or inconsistent deal or play record, or facts that do
            not fit it (a claim figure out of range, a table result the play entered contradicts,
            a reported revoke the play does not show, a penalty card not held, the director's
            64C figure out of range, with the play through the revoke trick, or a reason for it
            without the figure...), or a record that stops before trick 13 after play ended with no
            word on how it ended (``play_end_unknown``; ``play_mid_trick`` when it stops inside a
            trick).
        SolverError: the solver failed.
    """
    contract = board.contract
    record = board.play_record()
    side = contract.declaring_side
    unplayed = 13 - record.completed_tricks
    if facts.claim_declarer_tricks is not None and not 0 <= facts.claim_declarer_tricks <= unplayed:
        raise InvalidBoardError(
            f"the claim gives the declarer's side {facts.claim_declarer_tricks} tricks, but only {unplayed} "
            f"trick(s) were not completed in the play record",
            path="claim_declarer_tricks", key="claim_over", params={"n": facts.claim_declarer_tricks, "left": unplayed},
        )
    if facts.reported is not None and facts.table_result is None:
        raise InvalidBoardError("with the revoke's facts (revoke_facts), give the table result: the declarer's side's "
                                "tricks as agreed at the table", path="table_result", key="reported_needs_table")
    played_out = _played_out(record, contract, facts)
    if facts.reported is not None and facts.reported.likely_reason.strip() \
            and facts.reported.likely_without_revoke is None:
        raise InvalidBoardError("a reason for the likely result without the revoke needs the figure itself "
                                "(likely_without_revoke, the declarer's side's tricks)",
                                path="revoke_facts/likely_without_revoke", key="reported_reason_without_figure")
    _check_claim(record, facts)
    if facts.reported is not None and record.completed_tricks < facts.reported.trick:
        return _advise_reported(board, record, facts, edition)
    if facts.reported is not None and facts.reported.likely_without_revoke is not None:
        raise InvalidBoardError(
            f"the play through the revoke trick (trick {facts.reported.trick}) is given, so 64C is measured double "
            "dummy from the position before the revoke: leave out the director's figure (likely_without_revoke), or "
            "the play from the revoke trick on", path="revoke_facts/likely_without_revoke",
            key="reported_likely_with_play", params={"trick": facts.reported.trick})
    revokes = detect_revokes(record, contract, facts)
    assessed = tuple((r, assess_establishment(r, revokes, record, contract, facts, edition)) for r in revokes)
    _how_play_ended(record, facts)  # after the record and the facts were read: their errors say more
    # Noticed during play, then played out: the correction is in the table result, not replayed.
    resumed = played_out is not None and facts.noticed is Noticed.DURING_PLAY
    corrected = [] if resumed else [r for r, e in assessed if e.correction is not None]
    valued = tuple(r for r, e in assessed if e.established or (e.correction is not None and not resumed))
    # WBFLC minute, 12 January 2000: a claim after a revoke that is corrected is ruled from the
    # corrected position (the revoke card back in the offender's hand, a penalty card if 62B1 says so).
    fix = next(((r, e) for r, e in assessed if r in corrected and r.play_index >= 0), None) if corrected else None
    adjudicated = _adjudicate(board, facts, solver, fix)
    claim_replayed = adjudicated is not None and fix is not None and adjudicated.awarded is not None
    needs_rest = not record.is_complete and facts.claim_declarer_tricks is None and played_out is None and \
        (adjudicated is None or adjudicated.awarded is None)
    answers = solver.solve_positions(positions_needed(record, valued, value_rest=needs_rest))

    # The tricks the record does not show: the claim's figure, or their double-dummy value.
    if record.is_complete:
        claim = ClaimInfo(0, 0, False)
    elif played_out is not None:
        claim = ClaimInfo(unplayed, played_out, False, played_out=True)
    elif facts.claim_declarer_tricks is not None:
        claim = ClaimInfo(unplayed, facts.claim_declarer_tricks, False)
    elif adjudicated is not None and adjudicated.awarded is not None:
        mine = adjudicated.claim.by.side is side
        awarded = adjudicated.awarded if mine else adjudicated.tricks_left - adjudicated.awarded
        if claim_replayed:  # ruled from the revoke trick on: the record's tricks from there are not the claim's
            awarded -= record.tricks_won_by(side.seats, after=13 - adjudicated.tricks_left)
        claim = ClaimInfo(unplayed, max(0, min(unplayed, awarded)), False, adjudicated=True)
    else:
        end = record.position_before(len(record.cards))
        claim = ClaimInfo(unplayed, declarer_tricks_from(answers, end, contract), True)
    table = TrickOwnership(record.winners, claim.declarer_tricks, claim.tricks - claim.declarer_tricks, side)
    if facts.reported is not None:
        _check_report(facts.reported, record, revokes, table)

    equities = {r.play_index: revoke_equity(record, contract, r, answers) for r in valued}
    # A corrected revoke (62A, 62C3, 62D1) is replayed: the tricks from it on are re-valued
    # double dummy from the corrected position, the offender choosing his legal card.
    basis = table
    if corrected:
        first = corrected[0]
        k0 = first.trick
        rest_decl = equities[first.play_index].dd_before - declarer_tricks_won(record, contract, first.play_index)
        if claim_replayed and adjudicated is not None and adjudicated.awarded is not None \
                and adjudicated.tricks_left == 14 - k0:  # the claim ruled from the corrected position
            mine = adjudicated.claim.by.side is side
            rest_decl = adjudicated.awarded if mine else adjudicated.tricks_left - adjudicated.awarded
        basis = TrickOwnership(record.winners[: k0 - 1], rest_decl, 14 - k0 - rest_decl, side)
    transfers = automatic_transfers(assessed, basis, facts, edition)
    after = tricks_after_transfers(basis.declarer_tricks, revokes, transfers, side)

    rulings = tuple(
        RevokeRuling(r, e, t, equities.get(r.play_index) if e.established else None)
        for (r, e), t in zip(assessed, transfers, strict=True)
    )
    first_valued = next((equities[r.play_index] for r in valued), None)
    standing = [(x.revoke, x.transfer, x.equity) for x in rulings
                if x.equity is not None and x.establishment.correction is None]
    law64c = decide_equity(standing, basis_tricks=basis.declarer_tricks, after_adjustment=after, declaring_side=side,
                           edition=edition)
    induced = _induced_damage(record, contract, standing, law64c, facts, solver) if not corrected else None
    if induced is not None and induced.judged_induced:
        law64c = decide_equity(standing, basis_tricks=basis.declarer_tricks, after_adjustment=after,
                               declaring_side=side, induced_double_dummy=induced.double_dummy, edition=edition)
    likely = law64c.likely_without_revokes
    suggested = law64c.tricks if law64c.tricks is not None else after
    suggested_law = law64c.law if law64c.applies else _result_law(rulings)
    provisional = facts.noticed is Noticed.DURING_PLAY and played_out is None and not record.is_complete
    steps = _explain(board, rulings, claim, table.declarer_tricks, after, likely, law64c, suggested, basis, facts,
                     induced, edition, record, claim_replayed)
    if adjudicated is not None:  # the claim's own ruling, before the table result it feeds
        at = next((i for i, s in enumerate(steps) if s.key in ("table_result", "table_result_claim",
                                                                "table_result_dd")), len(steps))
        own = tuple(s for s in adjudicated.steps if s.key != "claim.score")  # the board's score comes below
        steps = (*steps[:at], *own, *steps[at:])
    v = board.vulnerability
    return RevokeAdvice(
        board=board, rulings=rulings, table_tricks=table.declarer_tricks, after_adjustment=after,
        likely_without_revokes=likely,
        double_dummy_without_revoke=first_valued.dd_before if first_valued else None,
        claim=claim, law_64c=law64c, suggested_tricks=suggested, suggested_law=suggested_law,
        score_ns_table=score_ns(contract, table.declarer_tricks, v),
        score_ns_after_adjustment=score_ns(contract, after, v),
        score_ns_suggested=score_ns(contract, suggested, v), steps=steps, induced=induced, edition=edition,
        provisional=provisional,
    )


def _adjudicate(board: BoardRecord, facts: RevokeFacts, solver: DoubleDummySolver,
                fix: tuple[Revoke, Establishment] | None) -> ClaimRuling | None:
    """The claim that ended play, adjudicated (Laws 69-71) when the director gave it
    (``facts.claim_detail``); ``None`` otherwise. From the position where the record stops, or,
    when ``fix`` names a revoke that is corrected (62A), from the corrected position
    (:mod:`engine.claim_correction`; WBFLC minute, 12 January 2000, item 3).

    Raises:
        InvalidBoardError: as :func:`engine.rulings.claim.adjudicate_claim`.
    """
    detail = facts.claim_detail
    if detail is None:
        return None
    if fix is not None:
        revoke, est = fix
        setting = corrected_setting(board, revoke, penalty_card=est.penalty_card)
        return adjudicate_claim(setting, corrected_claim(detail, board, revoke), solver)
    return adjudicate_claim(ClaimSetting.of_board(board), detail, solver)


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


def _advise_reported(board: BoardRecord, record: PlayRecord, facts: RevokeFacts, edition: Edition) -> RevokeAdvice:
    """The ruling from a revoke the director reports without the play through the revoke trick:
    63A1 (play went on), 64A/64B from who won the revoke trick and how many tricks the offending
    side won after it, the table result (Law 79A); 64C is not checked (no position to solve)."""
    report, table_result = facts.reported, facts.table_result
    if report is None or table_result is None:
        raise InvalidBoardError("a revoke reported without the play needs the table result", path="table_result",
                                key="reported_needs_table_result")
    contract, side, v = board.contract, board.contract.declaring_side, board.vulnerability
    revoke = reported_revoke(report, board.deal, contract)
    establishment = reported_establishment(report, facts)
    ownership = reported_ownership(report, contract, table_result, record)
    transfers = automatic_transfers(((revoke, establishment),), ownership, facts, edition)
    after = tricks_after_transfers(ownership.declarer_tricks, (revoke,), transfers, side)
    k = report.trick
    text = (f"it needs the position before the revoke, so it could not be checked double dummy; enter the play up "
            f"to and including trick {k} with the table result to check whether the non-offending side is "
            "insufficiently compensated (64C1)")
    directors = reported_equity(report, contract, after)
    if directors is not None:  # the 2007 64C is one paragraph
        directors = replace(directors, law=edition.paragraph(directors.law))
    law64c = directors or EquityDecision(False, "64C", text, None, None, Step("", text, "eq.unchecked", {"trick": k}))
    suggested = law64c.tricks if law64c.tricks is not None else after
    rulings = (RevokeRuling(revoke, establishment, transfers[0], None),)
    entered = record.completed_tricks
    claim = ClaimInfo(13 - entered, table_result - record.tricks_won_by(side.seats), False, played_out=True)
    steps = _explain(board, rulings, claim, table_result, after, None, law64c, suggested, ownership, facts, None,
                     edition)
    return RevokeAdvice(
        board=board, rulings=rulings, table_tricks=table_result, after_adjustment=after, likely_without_revokes=None,
        double_dummy_without_revoke=None, claim=claim, law_64c=law64c, suggested_tricks=suggested,
        suggested_law=law64c.law if law64c.applies else _result_law(rulings),
        score_ns_table=score_ns(contract, table_result, v),
        score_ns_after_adjustment=score_ns(contract, after, v), score_ns_suggested=score_ns(contract, suggested, v),
        steps=steps, facts_only=True, edition=edition, directors_likely=report.likely_without_revoke,
        directors_reason=report.likely_reason.strip() if report.likely_without_revoke is not None else "",
    )


def _induced_damage(record: PlayRecord, contract: Contract,
                    standing: list[tuple[Revoke, Transfer | None, RevokeEquity]], law64c: EquityDecision,
                    facts: RevokeFacts, solver: DoubleDummySolver) -> InducedDamage | None:
    """Law 64C1: when the hand played double dummy from the position before the first standing
    revoke would give the non-offending side more than the table result plus the revoke cards'
    swing, the non-offenders' later plays that lost tricks (from the DD value after every card;
    one batch for the record). ``None`` when both sides revoked or the measures agree."""
    likely = law64c.likely_without_revokes
    sides = {r.offending_side for r, _, _ in standing}
    if not standing or likely is None or len(sides) != 1:
        return None
    first, _, q = standing[0]
    nos, declaring = first.offending_side.other, contract.declaring_side
    better = q.dd_before > likely if nos is declaring else q.dd_before < likely
    if not better:
        return None
    analysis = analyse_play(solver, record, declaring)
    plays = [(c.index, c.seat, c.card, c.cost) for c in analysis.cards[first.play_index + 1:]]
    return InducedDamage(q.dd_before, likely, later_losses(plays, nos), facts.losses_induced_by_revoke)


def _result_law(rulings: tuple[RevokeRuling, ...]) -> str:
    """The law that decided the result after the automatic adjustment: the transfers' paragraphs
    (64A1, 64A2), else the 64B exemptions that stopped them, else the corrections (62A, 62D1,
    62C3); with no revoke, Law 77 (the table result is scored as it stands)."""
    transfers = [x.transfer for x in rulings if x.transfer is not None]
    laws = [t.law for t in transfers if t.tricks] or [t.law for t in transfers]
    if laws:
        return "+".join(dict.fromkeys(laws))
    corr = [x.establishment.correction.value for x in rulings if x.establishment.correction is not None]
    return "+".join(dict.fromkeys(corr)) if corr else "77"


def _explain(board: BoardRecord, rulings: tuple[RevokeRuling, ...], claim: ClaimInfo, table: int, after: int,
             likely: int | None, law64c: EquityDecision, suggested: int, basis: TrickOwnership,
             facts: RevokeFacts, induced: InducedDamage | None, edition: Edition = LAWS_2017,
             record: PlayRecord | None = None, claim_replayed: bool = False) -> tuple[Step, ...]:
    """The ruling's steps in English, each with the key and values of its translatable message;
    under an edition other than 2017, a first step says so and the paragraphs are the edition's.
    Noticed during play with play still going, the steps say what happens at the table now and
    the last one gives a provisional result, not a score to enter."""
    c = board.contract
    during = facts.noticed is Noticed.DURING_PLAY
    provisional = during and not claim.played_out and claim.tricks > 0
    steps: list[Step] = []
    when_play_ends = f"{'the automatic adjustment' if edition.remedy == LAWS_2017.remedy else edition.remedy} is " \
        "applied when play ends."
    if edition != LAWS_2017:
        steps.append(Step("64", f"Ruled under the {edition.code} Laws of Duplicate Bridge: Law 64 calls the trick "
                          f"transfer {edition.remedy}; the paragraphs cited are those of the {edition.code} code.",
                          edition.key("ruled"), {"laws": edition.code.value}))
    reported = next((x.revoke for x in rulings if x.revoke.kind is RevokeKind.REPORTED), None)
    if reported is not None and facts.reported is not None:
        rep = facts.reported
        steps.append(Step("64A", f"Ruled from the facts the director established, without the play through the "
                          f"revoke trick: {rep.offender.value} revoked on trick {rep.trick}, {rep.won_by.value} won "
                          f"that trick, and the offending side won {rep.offending_side_tricks_after} trick(s) after "
                          "it.",
                          "reported", {"seat": rep.offender.value, "trick": rep.trick, "winner": rep.won_by.value,
                                       "after": rep.offending_side_tricks_after}))
    if claim.played_out and during and 0 < claim.tricks:
        steps.append(Step("79A", f"Attention was drawn to the revoke during play; play then went on to the end: the "
                          f"table result ({table} tricks) counts the {claim.tricks} trick(s) after those completed in "
                          f"the record, {claim.declarer_tricks} of them to the declarer's side.", "resumed",
                          {"n": claim.tricks, "table": table, "decl": claim.declarer_tricks}))
    elif claim.played_out and claim.tricks == 13:
        steps.append(Step("79A", f"The play was not entered: the board was played out, and the table result "
                          f"({table} tricks) is the one agreed at the table.", "played_out_unentered",
                          {"table": table}))
    elif claim.played_out and 0 < claim.tricks < 13:
        entered = 13 - claim.tricks
        # English plural (the page says it in each language through the catalogue's plural forms)
        others = "the other trick was" if claim.tricks == 1 else f"the other {claim.tricks} tricks were"
        steps.append(Step("79A", f"The play was entered up to trick {entered}; {others} played "
                          f"out, not claimed: the table result ({table} tricks) gives the declarer's side "
                          f"{claim.declarer_tricks} of them.", "played_out",
                          {"entered": entered, "n": claim.tricks, "table": table, "decl": claim.declarer_tricks}))
    elif claim.tricks and facts.noticed is Noticed.DURING_PLAY and not claim.assumed:
        steps.append(Step("64A", f"Play is still in progress: the {claim.tricks} trick(s) still to be played are "
                          f"counted as the director gave them ({claim.declarer_tricks} for the declarer's side); "
                          f"{when_play_ends}", edition.key("projection_given"),
                          {"n": claim.tricks, "decl": claim.declarer_tricks}))
    elif claim.tricks and facts.noticed is Noticed.DURING_PLAY:
        steps.append(Step("64A", f"Play is still in progress: the {claim.tricks} trick(s) still to be played are "
                          f"projected double dummy ({claim.declarer_tricks} for the declarer's side); "
                          f"{when_play_ends}", edition.key("projection"),
                          {"n": claim.tricks, "decl": claim.declarer_tricks}))
    elif claim.tricks:
        how = ("valued double dummy (rest_valued_double_dummy: the claim's figure is not known): an assumption; "
               "the claim's figure (claim_declarer_tricks) replaces it" if claim.assumed
               else "as the claim or concession gave them")
        if claim.adjudicated:
            steps.append(Step("68", f"Play ended with {claim.tricks} trick(s) not played out; the claim is adjudicated "
                              f"(Laws 69-71, below): the declarer's side gets {claim.declarer_tricks} of them.",
                              "claim_adjudicated", {"n": claim.tricks, "decl": claim.declarer_tricks}))
        else:
            steps.append(Step("68", f"Play ended with {claim.tricks} trick(s) not played out; the declarer's side "
                              f"gets {claim.declarer_tricks} of them, {how}.", "claim_dd" if claim.assumed else "claim",
                              {"n": claim.tricks, "decl": claim.declarer_tricks}))
        if facts.claim_contested and not claim.adjudicated:
            steps.append(Step("70A", "The claim was disputed: the director rules on it as equitably as possible to "
                              "both sides, any doubtful point against the claimer (Laws 69-71); until then the "
                              f"tricks not played are counted as {'valued double dummy' if claim.assumed else 'given'}"
                              ".", "claim_disputed_dd" if claim.assumed else "claim_disputed"))
    if not provisional:  # play still going: there is no table result yet, only the projection above
        # "Table result" only when the table gave the figure: a claim's figure, or the tricks not
        # played out valued double dummy (assumed), is named as what it is
        valued = bool(claim.tricks) and not claim.played_out
        label = ("Result counted with the tricks not played out valued double dummy (assumed)" if claim.assumed
                 else "Result counted with the claim's figure") if valued else "Table result"
        steps.append(Step("77", f"{label}: {table} tricks for the declarer's side, {c.result_str(table)}.",
                          ("table_result_dd" if claim.assumed else "table_result_claim") if valued
                          else "table_result", {"tricks": table, "result": c.result_str(table)}))
    if not rulings:
        marked = ", ".join(str(x) for x in board.marked_revokes)
        extra = (f" The record marks {marked} as a revoke, but the player held no card of the suit led: "
                 "check the record." if marked else "")
        steps.append(Step("61A", "No revoke: every player followed suit when able, and no listed penalty card "
                          "or lead restriction was broken." + extra, "no_revoke_marked" if marked else "no_revoke",
                          {"marked": marked}))
    for x in rulings:
        r, e = x.revoke, x.establishment
        steps.append(Step("61A", f"Revoke on trick {r.trick}: {r.describe()}.", "revoke",
                          {"trick": r.trick, "what": r.phrase()}))
        reason: object = e.phrase or e.reason
        if not e.established:
            pen_key = "pen_62B1" if e.penalty_card else "pen_62B2" if r.offending_side is c.declaring_side else ""
            pen = " The withdrawn card becomes a major penalty card (62B1)." if e.penalty_card else \
                " The card is replaced without further rectification (62B2)." if r.offending_side is c.declaring_side \
                else ""
            steps.append(Step("62A", f"Not established ({e.reason}): to be corrected, the offender substituting a "
                              f"legal card; no trick transfer.{pen}", "not_established" + (f"_{pen_key}" if pen_key
                                                                                            else ""),
                              {"reason": reason}))
            if provisional:
                steps.extend(_now_steps(r, e, record))
            continue
        steps.append(Step(e.law, f"Established: {e.reason}.", "established", {"reason": reason}))
        if provisional and e.correction is None:
            steps.append(Step("63B", "Now: the revoke is established, so it is not corrected (63B); play goes on, and "
                              "the trick adjustment is decided when play ends.", "during_established"))
        if e.correction is Correction.TRICK_TWELVE and r.kind is RevokeKind.REPORTED:
            steps.append(Step("62D1", "It is corrected all the same: the director has tricks 12 and 13 decided with "
                              "the legal card; enter the play of the board to value them double dummy. No automatic "
                              "transfer (64B6).", "corrected_62D1_reported"))
        elif e.correction is Correction.TRICK_TWELVE:
            steps.append(Step("62D1", "It is corrected all the same: tricks 12 and 13 are replayed with the legal "
                              "card (valued double dummy); no automatic transfer (64B6).", "corrected_62D1"))
        if e.correction is Correction.BOTH_SIDES_SAME_TRICK:
            steps.append(Step("62C3", "Both revokes on this trick are corrected; cards withdrawn by the defending "
                              "side become penalty cards; no automatic transfer (64B8).", "corrected_62C3"))
        t = x.transfer
        if t is not None and e.correction is None:
            flag = " (capped: flag for the TD)" if t.capped else ""
            if edition.remedy == LAWS_2017.remedy or t.capped:
                steps.append(Step(t.law, f"{t.reason}. Tricks transferred to the non-offending side: {t.tricks}{flag}.",
                                  "transfer_capped" if t.capped else "transfer",
                                  {"reason": t.phrase or t.reason, "n": t.tricks}))
            else:
                steps.append(Step(t.law, f"{t.reason}. {edition.remedy.capitalize()}: tricks transferred to the "
                                  f"non-offending side: {t.tricks}.", edition.key("transfer"),
                                  {"reason": t.phrase or t.reason, "n": t.tricks}))
        if x.equity is not None:
            q = x.equity
            alts = ", ".join(f"{card} {n}" for card, n in q.dd_by_card)
            repeated = t is not None and "64B2" in t.exemptions  # its equity is judged under 64C2(a)
            steps.append(Step(edition.paragraph("64C2(a)") if repeated else "64C",
                              f"Double dummy, declarer's side: {q.dd_before} tricks with the best legal card "
                              f"for the offending side ({q.best_card}), {q.dd_after} after the revoke card as played; "
                              f"the revoke card changed the result by {q.change:+d}. Each legal card: {alts}.",
                              "dd_evidence", {"before": q.dd_before, "card": str(q.best_card), "after": q.dd_after,
                                              "change": f"{q.change:+d}", "alts": alts}))
            if len({n for _, n in q.dd_by_card}) > 1:  # the card chosen matters: name the assumption
                steps.append(Step("64C", f"Assumed: in place of the revoke card, {r.offender.value} plays the legal "
                                  f"card best for his side ({q.best_card}). Another legal card the director judges he "
                                  "would have played replaces it: the offender's card on the ruling page "
                                  "(offender_card), or the plausible results weighted (12C1(c)).", "assumed_best_card",
                                  {"seat": r.offender.value, "card": str(q.best_card)}))
    if basis.declarer_tricks != table or len(basis.winners) < len(board.play) // 4:
        k0 = len(basis.winners) + 1
        if claim_replayed:
            steps.append(Step("62", f"After the correction, tricks {k0}-13 are those of the claim, ruled from the "
                              "corrected position (WBFLC minute, 12 January 2000, doubt against the revoker): the "
                              f"declarer's side takes {basis.rest_declarer} of them ({basis.declarer_tricks} in all).",
                              "replay_claim", {"k0": k0, "rest": basis.rest_declarer, "total": basis.declarer_tricks}))
        else:
            steps.append(Step("62", f"After the correction, tricks {k0}-13 are replayed: valued double dummy from the "
                          f"corrected position, the offender choosing his legal card, the declarer's side takes "
                          f"{basis.rest_declarer} of them ({basis.declarer_tricks} in all).", "replay",
                          {"k0": k0, "rest": basis.rest_declarer, "total": basis.declarer_tricks}))
    if rulings:
        if after != table or basis.declarer_tricks != table:
            remedy = "automatic adjustment" if edition.remedy == LAWS_2017.remedy else edition.remedy
            steps.append(Step(_result_law(rulings), f"After corrections and {remedy}: {after} tricks, "
                              f"{c.result_str(after)}.", edition.key("after_adjustment"),
                              {"tricks": after, "result": c.result_str(after)}))
        if likely is not None and not (induced is not None and induced.judged_induced):
            steps.append(Step("64C", f"Likely result without the revoke(s): {likely} tricks "
                              "(table result plus what each revoke card changed double dummy).", "likely",
                              {"tricks": likely}))
        if induced is not None:
            steps.append(_induced_step(c, induced, claim))
        if claim.played_out and during and any(x.establishment.correction is Correction.NOT_ESTABLISHED
                                               for x in rulings):
            steps.append(Step("62A", "The revoke was corrected at the table: no trick transfer, and Law 64C does not "
                              "apply to a corrected revoke. The table result stands, unless the director adjusts "
                              "under Law 16 (information from the withdrawn card is unauthorised for the offender's "
                              "partner, 16C) or for the consequences of the penalty card (62B, Law 50).",
                              "resumed_corrected"))
        directors = facts.reported.likely_without_revoke if reported is not None and facts.reported else None
        if directors is not None and facts.reported is not None:
            why = facts.reported.likely_reason.strip()
            steps.append(Step("64C", f"Likely result without the revoke: {directors} tricks for the declarer's side "
                              f"({c.result_str(directors)}), the director's own figure, not double dummy"
                              + (f": {why}." if why else "."), "likely_director_reason" if why else "likely_director",
                              {"tricks": directors, "result": c.result_str(directors), "reason": why}))
        if reported is not None and directors is None:
            steps.append(Step(law64c.law, "Not checked: " + law64c.reason + ".", "law64c_unchecked",
                              {"reason": law64c.phrase or law64c.reason}))
        else:
            steps.append(Step(law64c.law, ("Applies: " if law64c.applies else "Does not apply: ") + law64c.reason
                              + ".", "law64c_applies" if law64c.applies else "law64c_not",
                              {"reason": law64c.phrase or law64c.reason}))
        if provisional:
            steps.append(Step(law64c.law if law64c.applies else _result_law(rulings),
                              f"Provisional, not a score to enter: play is not over. If the {claim.tricks} trick(s) "
                              f"still to be played go as projected, the result would be {c.result_str(suggested)}. "
                              "When play ends, rule again with the table result (table_result).", "provisional",
                              {"n": claim.tricks, "result": c.result_str(suggested)}))
        else:
            steps.append(Step(law64c.law if law64c.applies else _result_law(rulings),
                              f"Score to enter: {c.result_str(suggested)}.", "enter",
                              {"result": c.result_str(suggested)}))
    return tuple(steps)


def _now_steps(r: Revoke, e: Establishment, record: PlayRecord | None) -> list[Step]:
    """What happens at the table now for a revoke noticed during play before it was established
    (62A, 62B, 62C, Law 50, 16C): the offender withdraws the card and plays a legal one; a
    defender's card from his unfaced hand stays face up as a major penalty card (62B1, 50B: a
    card exposed in revoking and then correcting is major, whatever its rank), with declarer's
    lead options (50D) and the partner's unauthorised information (16C, 50E); declarer's or
    dummy's card is replaced (62B2); cards played after it to the trick may be withdrawn (62C)."""
    who, card = r.offender.value, str(r.card) if r.card else "?"
    out: list[Step] = []
    if e.penalty_card:
        out.append(Step("50D", f"Now: {who} withdraws the {card} and plays a legal card. The {card} stays face up on "
                        "the table as a major penalty card (62B1; 50B: a card exposed in revoking and then "
                        f"correcting is a major penalty card whatever its rank): {who} must play it at the first "
                        "legal opportunity (50D1), and whenever his partner has the lead while it is on the table, "
                        "declarer may require or forbid the lead of its suit (50D2). What the card shows is "
                        "unauthorised information for his partner (16C2, 50E2); the duty to play it is authorised "
                        "for everyone (50E1).", "during_penalty_card", {"seat": who, "card": card}))
    else:
        out.append(Step("62B2", f"Now: {who} withdraws the {card} and plays a legal card; the {card} is replaced "
                        "without further rectification (62B2): it is not a penalty card.", "during_replaced",
                        {"seat": who, "card": card}))
    if record is not None and 0 <= r.play_index < len(record.cards):
        after = min(len(record.cards), r.trick * 4) - r.play_index - 1  # cards played to the trick after it
        if after > 0:
            out.append(Step("62C1", f"Cards were played to trick {r.trick} after the {card}: each member of the "
                            "non-offending side may withdraw his and play another (62C1); after that, the offender's "
                            "partner may withdraw his, which becomes a penalty card if he is a defender (62C2).",
                            "during_62C", {"trick": r.trick, "card": card}))
    return out


def _induced_step(c: Contract, induced: InducedDamage, claim: ClaimInfo) -> Step:
    """Law 64C1: the two measures of the likely result, and the director's judgement between them."""
    dd, swing = induced.double_dummy, induced.table_plus_swing
    items = tuple(x.phrase() for x in induced.losses)
    none = Step("", "none by a single card entered (the difference lies in the tricks played out but not entered)",
                "induced.none_not_entered") if claim.played_out else \
        Step("", "none by a single card (the difference lies in the claim)", "induced.none_claim")
    listed = "; ".join(i.text for i in items) or none.text
    params: dict[str, object] = {"dd": dd, "dd_result": c.result_str(dd), "swing": swing,
                                 "swing_result": c.result_str(swing), "losses": items or none}
    if induced.judged_induced:
        return Step("64C1", f"The director judges that the revoke induced the non-offending side's later losses "
                    f"({listed}): the likely result without the revoke is the hand played double dummy from the "
                    f"position before it, {dd} tricks ({c.result_str(dd)}), not the table result plus the revoke "
                    f"card's swing ({swing}).", "induced_judged", params)
    return Step("64C1", f"Played double dummy from the position before the revoke, the declarer's side takes {dd} "
                f"tricks ({c.result_str(dd)}); the table result plus what the revoke card changed gives {swing} "
                f"({c.result_str(swing)}). After the revoke the non-offending side lost tricks against double-dummy "
                f"play: {listed}. The director judges whether the revoke induced these plays (a player misled about "
                f"a holding or the count): if it did, 64C1 applies with {dd} tricks; if not, they stay as they "
                "happened and the result below stands. Both results are offered as plausible outcomes (12C1(c)).",
                "induced_ask", params)
