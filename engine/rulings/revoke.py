"""Use cases: the revoke ruling end to end (Laws 61-64, with Law 77 scores).

``advise_revoke`` runs the pure law functions, hands every position they need to the
double-dummy solver in one batch, and assembles the ruling with the law cited at each step.
A second batch (the value after every card of the record) is solved only when Law 64C1 needs
the evidence of damage the revoke induced later in the play
(:class:`engine.rulings.revoke_advice.InducedDamage`).

The ruling's shapes are in :mod:`engine.rulings.revoke_advice`, the checks of the facts against
the play record in :mod:`engine.rulings.revoke_checks`, the explanation (one step per law) in
:mod:`engine.rulings.revoke_steps`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from engine.dd.analysis import analyse_play
from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores
from engine.errors import InvalidBoardError
from engine.laws.editions import LAWS_2017, Edition
from engine.laws.equity import (
    EquityDecision,
    EquityMeasure,
    MeasureKind,
    RevokeEquity,
    decide_equity,
    declarer_tricks_from,
    declarer_tricks_won,
    later_losses,
    positions_needed,
    revoke_equity,
)
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.reported import reported_equity, reported_establishment, reported_ownership, reported_revoke
from engine.laws.revoke import Establishment, Revoke, assess_establishment, detect_revokes
from engine.laws.steps import Step
from engine.laws.transfer import Transfer, TrickOwnership, automatic_transfers, tricks_after_transfers
from engine.model.board import BoardRecord
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.model.position import Position
from engine.rulings.claim import DEFAULT_TIME_LIMIT, adjudicate_claim
from engine.rulings.claim_correction import corrected_claim, corrected_setting
from engine.rulings.claim_ruling import ClaimRuling, ClaimSetting
from engine.rulings.claim_search import DEFAULT_NODE_BUDGET
from engine.rulings.revoke_advice import ClaimInfo, InducedDamage, RevokeAdvice, RevokeRuling
from engine.rulings.revoke_checks import _check_claim, _check_report, _how_play_ended, _played_out
from engine.rulings.revoke_measures import (
    TablePlayPlan,
    choose_measure,
    directors_figure,
    figures_by_card,
    measure_why,
    measures_made,
    measures_step,
    offender_card,
    plan_table_play,
    standing_revokes,
    subsequent_revokes,
    swing_figure,
    table_play_figures,
)
from engine.rulings.revoke_steps import _explain, _result_law
from engine.scoring import score_ns


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
    return advise_revoke_and_claim(board, facts=facts, solver=solver, edition=edition)[0]


def advise_revoke_and_claim(board: BoardRecord, *, facts: RevokeFacts, solver: DoubleDummySolver,
                            edition: Edition = LAWS_2017, node_budget: int = DEFAULT_NODE_BUDGET,
                            time_limit: float = DEFAULT_TIME_LIMIT,
                            progress: Callable[[int, int], None] | None = None,
                            ) -> tuple[RevokeAdvice, ClaimRuling | None]:
    """:func:`advise_revoke`, with the claim that ended play as it was adjudicated (Laws 69-71)
    when ``facts.claim_detail`` gives it, else ``None``: from the position where the record
    stops, or, when the revoke is corrected, from the corrected position (WBFLC minute, 12 January
    2000). ``node_budget``, ``time_limit`` and ``progress`` are the claim search's, as
    :func:`engine.rulings.claim.adjudicate_claim` takes them. A claim on the claim route whose play
    shows a revoke is ruled through here (:mod:`engine.rulings.claim_after_revoke`).

    Raises:
        InvalidBoardError, SolverError: as :func:`advise_revoke`.
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
        return _advise_reported(board, record, facts, edition), None
    directors = directors_figure(facts)
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
    adjudicated = _adjudicate(board, facts, solver, fix, node_budget, time_limit, progress)
    claim_replayed = adjudicated is not None and fix is not None and adjudicated.awarded is not None
    needs_rest = not record.is_complete and facts.claim_declarer_tricks is None and played_out is None and \
        (adjudicated is None or adjudicated.awarded is None)
    # Law 64C, the table's own play without the revoke(s): replayed here, its stops solved in the batch
    tp_standing = standing_revokes(assessed)
    chosen = offender_card(facts, tp_standing[0] if tp_standing else None)
    plan = plan_table_play(record, contract, tp_standing, chosen) if not corrected else None
    batch = (*positions_needed(record, valued, value_rest=needs_rest), *(plan.positions if plan else ()))
    answers = solver.solve_positions(tuple(dict.fromkeys(batch)))

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

    equities = {r.play_index: revoke_equity(record, contract, r, answers,
                                            chosen if tp_standing and r is tp_standing[0] else None) for r in valued}
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
    m = _measure(record, contract, standing, plan, answers, claim, basis.declarer_tricks, after, directors, facts,
                 solver, edition, corrected=bool(corrected))
    law64c, induced = m.law64c, m.induced
    likely = law64c.likely_without_revokes
    suggested = law64c.tricks if law64c.tricks is not None else after
    suggested_law = law64c.law if law64c.applies else _result_law(rulings)
    provisional = facts.noticed is Noticed.DURING_PLAY and played_out is None and not record.is_complete
    steps = _explain(board, rulings, claim, table.declarer_tricks, after, likely, law64c, suggested, basis, facts,
                     induced, edition, record, claim_replayed, measures=m.step, by_card=m.by_card, chosen=chosen,
                     directors=directors)
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
        provisional=provisional, measures=m.measures, measure_used=m.used, measure_why=m.why, by_card=m.by_card,
        directors_likely=directors, directors_reason=facts.likely_reason.strip() if directors is not None and
        facts.likely_without_revoke is not None else "",
    ), adjudicated


@dataclass(frozen=True, slots=True)
class _Measured:
    """Law 64C decided with the measure chosen, and what the ruling shows of the measures."""

    law64c: EquityDecision
    induced: InducedDamage | None
    measures: tuple[EquityMeasure, ...] = ()
    used: MeasureKind | None = None
    why: Step | None = None
    step: Step | None = None
    by_card: tuple[tuple[Card, int], ...] = ()


def _measure(record: PlayRecord, contract: Contract, standing: list[tuple[Revoke, Transfer | None, RevokeEquity]],
             plan: TablePlayPlan | None, answers: Mapping[Position, CardScores], claim: ClaimInfo, basis: int,
             after: int, directors: int | None, facts: RevokeFacts, solver: DoubleDummySolver, edition: Edition,
             *, corrected: bool) -> _Measured:
    """Law 64C: the measures of the likely result without the standing revokes (table's own play,
    swing, double dummy, the director's figure), the one that decides (issue 34;
    :func:`engine.rulings.revoke_measures.choose_measure`), and the decision with it; the evidence of
    later losses the revoke induced (64C1) when the director gave no figure of his own."""
    side = contract.declaring_side
    if not standing:
        return _Measured(decide_equity(standing, basis_tricks=basis, after_adjustment=after, declaring_side=side,
                                       edition=edition), None)
    first, _, q = standing[0]
    pairs = [(r, e) for r, _, e in standing]
    tp = table_play_figures(plan, contract, answers, claim.declarer_tricks, first.offending_side) \
        if plan is not None and tuple(r for r, _ in pairs) == plan.undone else None
    swing = swing_figure(pairs, basis)
    several = len(standing) > 1 and len({r.offending_side for r, _ in pairs}) == 1
    kind = choose_measure(directors=directors, induced_judged=False, table_play=tp, record=record, first=first)
    figure = {MeasureKind.TABLE_PLAY: tp.tricks if tp else swing, MeasureKind.SWING: swing,
              MeasureKind.DIRECTOR: directors if directors is not None else swing}[kind]
    chained = [r for r, t, _ in standing if t is not None and "64B2" in t.exemptions]
    same_chain = tp is not None and chained == list(subsequent_revokes([r for r, _ in pairs]))
    sub = tp.without_subsequent if kind is MeasureKind.TABLE_PLAY and same_chain and tp is not None else None
    law64c = decide_equity(standing, basis_tricks=basis, after_adjustment=after, declaring_side=side, edition=edition,
                           likely=figure, without_subsequent=sub, directors=kind is MeasureKind.DIRECTOR)
    induced = None
    if not corrected and kind is not MeasureKind.DIRECTOR:
        induced = _induced_damage(record, contract, standing, law64c, facts, solver, kind)
    if induced is not None and induced.judged_induced:
        kind = MeasureKind.DOUBLE_DUMMY
        q_sub = next((e for r, t, e in standing if t is not None and "64B2" in t.exemptions), None)
        law64c = decide_equity(standing, basis_tricks=basis, after_adjustment=after, declaring_side=side,
                               induced_double_dummy=induced.double_dummy, edition=edition, likely=figure,
                               without_subsequent=q_sub.dd_before if q_sub is not None else None)
    likely = law64c.likely_without_revokes if law64c.likely_without_revokes is not None else figure
    made = measures_made(tp, swing, q.dd_before, directors)
    why = measure_why(kind, first=first, record=record, followed=tp.followed if tp else None,
                      reason=facts.likely_reason)
    return _Measured(law64c, induced, made, kind, why, measures_step(made, kind, why, contract, likely, several),
                     figures_by_card(kind, table_play=tp, standing=pairs, basis_tricks=basis, likely=likely))


def _adjudicate(board: BoardRecord, facts: RevokeFacts, solver: DoubleDummySolver,
                fix: tuple[Revoke, Establishment] | None, node_budget: int = DEFAULT_NODE_BUDGET,
                time_limit: float = DEFAULT_TIME_LIMIT,
                progress: Callable[[int, int], None] | None = None) -> ClaimRuling | None:
    """The claim that ended play, adjudicated (Laws 69-71) when the director gave it
    (``facts.claim_detail``); ``None`` otherwise. From the position where the record stops, or,
    when ``fix`` names a revoke that is corrected (62A), from the corrected position
    (:mod:`engine.rulings.claim_correction`; WBFLC minute, 12 January 2000, item 3).

    Raises:
        InvalidBoardError: as :func:`engine.rulings.claim.adjudicate_claim`.
    """
    detail = facts.claim_detail
    if detail is None:
        return None
    if fix is not None:
        revoke, est = fix
        setting = corrected_setting(board, revoke, penalty_card=est.penalty_card)
        return adjudicate_claim(setting, corrected_claim(detail, board, revoke), solver, node_budget=node_budget,
                                time_limit=time_limit, progress=progress)
    return adjudicate_claim(ClaimSetting.of_board(board), detail, solver, node_budget=node_budget,
                            time_limit=time_limit, progress=progress)


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
                    facts: RevokeFacts, solver: DoubleDummySolver,
                    measure: MeasureKind = MeasureKind.SWING) -> InducedDamage | None:
    """Law 64C1: when the hand played double dummy from the position before the first standing
    revoke would give the non-offending side more than the table result plus the revoke cards'
    swing (or the table's own play without it: ``measure``), the non-offenders' later plays that
    lost tricks (from the DD value after every card; one batch for the record). ``None`` when
    both sides revoked or the measures agree."""
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
    return InducedDamage(q.dd_before, likely, later_losses(plays, nos), facts.losses_induced_by_revoke, measure)


