"""The revoke ruling as answered over HTTP (``POST /v1/rulings/revoke``, Laws 61-64): each
revoke and its law, the declarer's side's tricks (0..13) as played, after the adjustment and
likely without the revoke, the claim, Law 64C, induced damage, the suggested result and the
scores (Law 77 points, North-South's view), and what the scorer enters; serialised from the
engine's :class:`engine.rulings.revoke.RevokeAdvice`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app import i18n
from app.api.schemas.common import SeatCode, StepOut, SuitCode, explanation
from app.api.schemas.scores import ScoresOut, ScoringIn
from app.api.scorer import ForScorerOut, for_revoke, with_imps
from app.api.scores import scores_block
from engine import __version__ as engine_version
from engine.laws.equity import MeasureKind
from engine.rulings.revoke_advice import RevokeAdvice


class RevokeOut(BaseModel):
    """One revoke and its ruling."""

    trick: int = Field(description="Trick number, 1..13.")
    player: SeatCode = Field(description="The offender's seat.")
    card: str | None = Field(description="The revoke card (null: reported without it).")
    suit_led: SuitCode | None = Field(description="The suit the offender had to play (null: reported without it).")
    kind: str = Field(description="failure_to_follow | penalty_card | lead_restriction | reported (from "
                      "`revoke_facts`, without the play).")
    by_dummy: bool
    established: bool
    establishment_law: str = Field(description="63A1..63A4, or 62A when not established.")
    correction: str | None = Field(description="62A, 62D1 or 62C3 when the revoke is corrected; else null.")
    law: str = Field(description="The law that decides the trick adjustment (64A1, 64A2, 64B1..64B8, 62A...).")
    tricks_transferred: int = Field(description="Tricks transferred to the non-offending side, 0..2.")
    exemptions: list[str] = Field(description="Every 64B paragraph that applies.")
    dd_before: int | None = Field(description="Double dummy from before the revoke: declarer side's tricks, the "
                                  "offender playing his best legal card.")
    dd_after: int | None = Field(description="Declarer side's tricks, DD, after the revoke card as played.")
    dd_by_card: dict[str, int] = Field(description="Double dummy from before the revoke, for each legal card: "
                                       "declarer side's tricks (the same unit as `likely_by_card`).")
    likely_by_card: dict[str, int] = Field(default_factory=dict, description="The likely result without the "
                                           "revoke by the measure the ruling used (`measures[].used`), had the "
                                           "offender played this legal card instead: declarer side's tricks (first "
                                           "standing revoke only; empty with the director's own figure, one figure "
                                           "for every card).")


class DeclarerTricksOut(BaseModel):
    """Declarer side's tricks, 0..13: at the table, after the adjustment, and the likely result
    without the revoke as the ruling measured it (every measure is in the ruling's ``measures``)."""

    table: int
    after_adjustment: int
    likely_without_revokes: int | None = Field(description="The likely result without the revoke(s) Law 64C was "
                                               "decided with: the figure of the measure `used` in `measures` (the "
                                               "table's own play without the revoke, the table result plus what the "
                                               "revoke card changed, double dummy from before the revoke, or the "
                                               "director's own figure).")
    double_dummy_without_revoke: int | None = Field(description="Double dummy from before the revoke: the hand "
                                                    "played double dummy from the position before the first revoke, "
                                                    "the offender playing his best legal card.")
    likely_directors_figure: int | None = Field(None, description="The director's own figure "
                                                "(`likely_without_revoke`, or `revoke_facts.likely_without_revoke` "
                                                "in a facts-only ruling), not double dummy, with which Law 64C1 was "
                                                "decided.")


class MeasureOut(BaseModel):
    """One measure of the likely result without the revoke(s) (Law 64C; docs/laws.md): the
    declarer's side's tricks over the whole hand, and the result as a TD writes it."""

    kind: MeasureKind = Field(description=(
        "table_play: the table's own play without the revoke (the revoke card replaced by the offender's "
        "legal card, the rest of the record replayed card by card while it can be followed, double dummy only "
        "from there); swing: the table result + what the revoke card changed double dummy; double_dummy: the "
        "hand played double dummy from the position before the (first) revoke; director: the director's own "
        "figure, not double dummy."))
    tricks: int = Field(description="Declarer's side's tricks, 0..13, had the revoke(s) not occurred.")
    result: str = Field(description="The same as a TD writes the result, e.g. '4S W =', '4H W -1'.")
    used: bool = Field(description="True for the one measure Law 64C was decided with (`measure_why` says why).")
    followed_cards: int | None = Field(None, description="table_play only: how many cards of the table's record "
                                       "the replay followed (0..52) before double dummy took over.")


class ClaimOut(BaseModel):
    """How the tricks not played out were counted."""

    assumed: bool = Field(description="True: valued double dummy, not given (`rest_valued_double_dummy`, or with "
                          "`noticed: during_play` the projection of the tricks still to be played).")
    declarer_tricks: int = Field(description="Declarer side's tricks among the tricks not in the play record.")
    tricks_not_played: int = Field(description="Tricks not in the play record.")
    played_out: bool = Field(False, description="True: those tricks were played out, not claimed; the table result "
                             "gives their split (`table_result`).")
    adjudicated: bool = Field(False, description="True: the claim (`claim`) was adjudicated under Laws 69-71; its "
                              "steps are in the explanation.")
    counted: Literal["none", "table_result", "claim", "double_dummy", "projection"] = Field(
        "none", description="How the tricks not in the record were counted: none (all 13 in the record), "
        "table_result (played out, Law 79A), claim (the claim's figure, Law 68), double_dummy (a claim valued "
        "double dummy: assumed), projection (play still going: projected, provisional).")


class Law64COut(BaseModel):
    """Whether Law 64C changes the result; ``reason`` in the language of the answer."""

    applies: bool
    law: str
    reason: str


class LaterLossOut(BaseModel):
    """A card a non-offender played after the revoke that lost tricks against double-dummy play."""

    trick: int = Field(description="Trick number, 1..13.")
    player: SeatCode
    card: str
    tricks_lost: int = Field(description="Tricks it cost the non-offending side, double dummy.")


class InducedDamageOut(BaseModel):
    """Law 64C1: damage the revoke may have induced later in the play. Declarer side's tricks, 0..13."""

    double_dummy_without_revoke: int = Field(description="The hand played double dummy from the position before "
                                             "the revoke, the offender playing his best legal card.")
    table_plus_swing: int = Field(description="The likely result the ruling otherwise takes: the table's own play "
                                  "without the revoke when the record goes on past the revoke trick, else the table "
                                  "result plus what each revoke card changed double dummy (`measures` names both).")
    later_losses: list[LaterLossOut] = Field(description="The non-offending side's later plays that lost tricks.")
    judged_induced: bool = Field(description="The director judged them induced by the revoke "
                                 "(`losses_induced_by_revoke`): 64C1 then uses the double-dummy result.")


class SuggestedOut(BaseModel):
    """The result to enter."""

    declarer_tricks: int
    result: str = Field(description="e.g. '4H W -1'.")
    score_ns: int = Field(description="Law 77 points, North-South's view.")
    law: str
    provisional: bool = Field(False, description="True: the revoke was noticed during play and play is not over: "
                              "a projection, not a score to enter; rule again with `table_result` when play ends.")


class ScoreNsOut(BaseModel):
    """Law 77 points, North-South's view."""

    table: int
    after_adjustment: int


class BoardOut(BaseModel):
    """The board ruled on."""

    label: str
    deal: str
    contract: str
    declarer: SeatCode
    vulnerable: str
    cards_played: int
    recorded_result: int | None = Field(description="The record's own Result tag, for comparison only.")


class FromTravellerOut(BaseModel):
    """The traveller line a ruling request named, and what was taken from it."""

    event: int
    board: str
    section: str
    round: int | None
    table: int | None
    ns_pair: str
    ew_pair: str
    ns_names: str
    ew_names: str
    result: str = Field(description="The result on the traveller, e.g. '4H S -1'.")
    lead: str | None = Field(description="The opening lead on the traveller (null when not recorded).")
    filled: list[str] = Field(description="The request fields taken from the line: 'contract', 'declarer', "
                              "'table_result', and 'scoring' when the field came from the traveller.")
    field: list[int] = Field(description="With 'scoring' filled: North-South's scores of the traveller's other lines "
                             "of the section (artificial scores left out), the field for matchpoints (78A).")
    program: str = Field(description="The program that wrote the results file.")
    form: str = Field("matchpoints", description="How the table is scored against the traveller: 'matchpoints', "
                      "'butler', 'cross_imps' (IMP pairs) or 'teams' (IMPs against the other room); "
                      "'matchpoints' told by 'match' is point-a-board teams, against the other room alone.")
    form_told_by: str = Field("assumed", description="'file' (the program's scoring form), 'program_imps' (the "
                              "program's own IMPs equal this method's), 'match' (teams: the table is scored "
                              "against the other room of its match, none when it is not on the traveller), "
                              "'assumed' (the file names no form).")
    other_room_ns: int | None = Field(None, description="Teams, with 'scoring' filled: North-South's score in the "
                                      "other room of the table's match.")


class RevokeRulingResponse(BaseModel):
    """The ruling. Trick counts: the declarer's side, 0..13. Scores: Law 77 points, North-South's view."""

    board: BoardOut
    revokes: list[RevokeOut]
    declarer_tricks: DeclarerTricksOut
    claim: ClaimOut
    law_64c: Law64COut
    induced_damage: InducedDamageOut | None = Field(description="Present when the hand played double dummy from "
                                                    "before the revoke gives the non-offending side more than the "
                                                    "table result plus the revoke card's swing (64C1).")
    measures: list[MeasureOut] = Field(default_factory=list, description="Every measure of the likely result "
                                       "without the revoke(s), in the order table_play, swing, double_dummy, "
                                       "director (only those the ruling could make); empty without a standing "
                                       "revoke. The one with `used` is the figure Law 64C was decided with.")
    measure_why: str | None = Field(None, description="Why the ruling took that measure, in the language of the "
                                    "answer; null without one.")
    suggested: SuggestedOut
    score_ns: ScoreNsOut
    facts_only: bool = Field(description="Ruled from `revoke_facts` without the play through the revoke trick: "
                             "no double-dummy evidence; Law 64C was not checked, unless the director gave his own "
                             "figure (`declarer_tricks.likely_directors_figure`).")
    scores: ScoresOut
    from_traveller: FromTravellerOut | None = Field(default=None, description="When the request named a table of "
                                                    "a stored traveller (`table` or `pairs`): that line, and what "
                                                    "the ruling took from it.")
    for_scorer: ForScorerOut | None = Field(default=None, description="What the scorer enters in the scoring "
                                            "program: the suggested result as an assigned score (contract, declarer, "
                                            "tricks, points) and, when 64C applies with several plausible results, "
                                            "those results weighted evenly with their matchpoints against the field "
                                            "(`scoring.field` or the traveller); null while play is not over.")
    explanation: list[str] = Field(description="Plain-English steps, each naming its law.")
    steps: list[StepOut]
    laws_edition: str = Field("2017", description="The Laws edition the ruling applied: the request's "
                              "`laws_edition`, else the event's, else 2017.")
    engine_version: str = engine_version

    @classmethod
    def from_advice(cls, a: RevokeAdvice, scoring: ScoringIn | None = None) -> RevokeRulingResponse:
        """Serialise the engine's advice; ``scoring`` weights its plausible results (12C1(c)).

        Raises:
            InvalidBoardError: an unknown profile in ``scoring``.
        """
        first = next((x.revoke for x in a.rulings if x.equity is not None), None)
        scores = scores_block(table=a.score_ns_table, after_adjustment=a.score_ns_after_adjustment,
                              suggested=a.score_ns_suggested, plausible=a.plausible_results(), scoring=scoring,
                              non_offending=first.offending_side.other if first else None,
                              suggested_result=a.suggested_result)
        by_card = {str(c): n for c, n in a.likely_by_card()}
        b = a.board
        revokes = []
        for x in a.rulings:
            r, e, t, q = x.revoke, x.establishment, x.transfer, x.equity
            law = e.correction.value if e.correction is not None and (t is None or not t.exemptions) else \
                (t.law if t is not None else e.law)
            revokes.append(RevokeOut(
                trick=r.trick, player=r.offender.value, card=str(r.card) if r.card else None,
                suit_led=r.suit.value if r.suit else None, kind=r.kind.value,
                by_dummy=r.by_dummy, established=e.established, establishment_law=e.law,
                correction=e.correction.value if e.correction else None, law=law,
                tricks_transferred=t.tricks if t else 0, exemptions=list(t.exemptions) if t else [],
                dd_before=q.dd_before if q else None, dd_after=q.dd_after if q else None,
                dd_by_card={str(c): n for c, n in q.dd_by_card} if q else {},
                likely_by_card=by_card if x is a.first_standing else {},
            ))
        return cls(
            board=BoardOut(label=b.label, deal=b.deal.to_pbn(), contract=str(b.contract),
                           declarer=b.contract.declarer.value, vulnerable=b.vulnerability.value,
                           cards_played=len(b.play), recorded_result=b.recorded_result),
            revokes=revokes,
            declarer_tricks=DeclarerTricksOut(table=a.table_tricks, after_adjustment=a.after_adjustment,
                                              likely_without_revokes=a.likely_without_revokes,
                                              double_dummy_without_revoke=a.double_dummy_without_revoke,
                                              likely_directors_figure=a.directors_likely),
            claim=ClaimOut(assumed=a.claim.assumed, declarer_tricks=a.claim.declarer_tricks,
                           tricks_not_played=a.claim.tricks, played_out=a.claim.played_out,
                           adjudicated=a.claim.adjudicated, counted=counted(a)),
            law_64c=Law64COut(applies=a.law_64c.applies, law=a.law_64c.law,
                              reason=i18n.step_text(i18n.current(), a.law_64c.phrase) if a.law_64c.phrase
                              else a.law_64c.reason),
            induced_damage=None if a.induced is None else InducedDamageOut(
                double_dummy_without_revoke=a.induced.double_dummy, table_plus_swing=a.induced.table_plus_swing,
                later_losses=[LaterLossOut(trick=x.trick, player=x.seat.value, card=str(x.card),
                                           tricks_lost=x.tricks_lost) for x in a.induced.losses],
                judged_induced=a.induced.judged_induced),
            measures=[MeasureOut(kind=m.kind, tricks=m.tricks, result=b.contract.result_str(m.tricks),
                                 used=m.kind is a.measure_used, followed_cards=m.followed_cards)
                      for m in a.measures],
            measure_why=i18n.step_text(i18n.current(), a.measure_why) if a.measure_why is not None else None,
            suggested=SuggestedOut(declarer_tricks=a.suggested_tricks, result=a.suggested_result,
                                   score_ns=a.score_ns_suggested, law=a.suggested_law, provisional=a.provisional),
            score_ns=ScoreNsOut(table=a.score_ns_table, after_adjustment=a.score_ns_after_adjustment),
            facts_only=a.facts_only,
            scores=scores,
            for_scorer=with_imps(for_revoke(a, scoring.field if scoring is not None and
                                            scoring.form in (None, "matchpoints") else None), scores.weighted),
            explanation=explanation(a.steps),
            steps=[StepOut.of(s) for s in a.steps],
            laws_edition=a.edition.code.value,
        )


def counted(a: RevokeAdvice) -> Literal["none", "table_result", "claim", "double_dummy", "projection"]:
    """How the ruling counted the tricks its play record does not show (``ClaimOut.counted``)."""
    if a.claim.tricks == 0:
        return "none"
    if a.claim.played_out:
        return "table_result"
    if a.provisional:
        return "projection"
    return "double_dummy" if a.claim.assumed else "claim"
