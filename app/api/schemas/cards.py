"""Request and response models of ``POST /v1/rulings/incorrect-cards`` (Laws 13 and 14), and
their mapping to and from the engine. Shared by the HTTP API and ``advisor incorrect-cards``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from app.api.schemas.common import CardText, SeatCode, StepOut, explanation, relocated
from app.api.schemas.revoke_ruling import FromTravellerOut, RevokeRulingResponse
from app.api.schemas.scores import ScoresOut, ScoringIn
from app.api.scorer import ForScorerOut
from app.api.scores import scores_block
from app.api.travellers import PairsIn
from app.service.request_body import RequestModel
from engine import __version__ as engine_version
from engine.errors import InvalidBoardError
from engine.laws.card_count import CardCountFacts, Discovery, MissingCardFound
from engine.laws.defective_trick import DefectKind
from engine.laws.facts import Noticed
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal, parse_hand
from engine.model.seats import SEATS, Seat, Side, Vulnerability
from engine.rulings.incorrect_cards_advice import (
    IncorrectCardsAdvice,
    IncorrectCardsCase,
    OffenderGain,
    ScoredResult,
    TableBeside,
)
from engine.scoring import PROFILES, Fault, Profile, profile

MAX_HAND_CARDS = 17
"""More cards than this in one hand is not a hand found at a table but a typing error (422)."""
MAX_TOTAL_CARDS = 56
"""More cards than this in the four hands (52 and a few surplus cards) is a typing error (422)."""

_EXAMPLE: dict[str, JsonValue] = {
    "hands": {"N": "T8752.6.AQ65.JT", "E": "AQJ9.J.T873.Q843", "S": "K3.9872.KJ94.A52",
              "W": "64.AKQT543.2.K976"},
    "hand_record": "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76",
    "dealer": "N", "vulnerable": "NS", "contract": "4H", "declarer": "W", "table_tricks": 10,
    "discovered": "after_play",
}


class IncorrectCardsRequest(RequestModel):
    """A Law 13 / 14 case: the hands as found, what is known of the board, and the director's facts."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [_EXAMPLE]})
    hands: dict[SeatCode, Annotated[str, Field(max_length=80)]] = Field(
        description="The four hands as found at the table, each a PBN hand 'spades.hearts.diamonds.clubs' "
                    "(may hold 12, 13 or 14 cards, or a card twice); '-' for an empty hand.")
    hand_record: str | None = Field(None, max_length=200, description="The hand record (PBN deal, 52 distinct "
                                    "cards), when known: it tells which cards moved and which copy is surplus.")
    board: str | None = Field(None, max_length=120, description="How to name the board, e.g. 'Board 21'.")
    dealer: SeatCode = "N"
    vulnerable: Literal["None", "NS", "EW", "All"] = "None"
    contract: str | None = Field(None, max_length=8, description="The contract reached, e.g. '2NTX'; omitted "
                                 "when the board was passed out or the auction is not over.")
    declarer: SeatCode | None = None
    play: list[Annotated[str, CardText]] | list[Annotated[list[Annotated[str, CardText]], Field(max_length=5)]] = \
        Field(default_factory=list, max_length=60,
              description="The cards played so far from the opening lead: a list of cards, or a list of tricks "
                          "(each the cards in the order played). Given trick by trick, a trick may hold five cards "
                          "(a player played two: Law 67B2) or three (a player did not play to it: 67B1).")
    table_tricks: int | None = Field(None, ge=0, le=13, description="Declarer's side's tricks at the table when "
                                     "play ended, if the play record does not show all 13 tricks.", strict=True)
    discovered: Discovery = Field(description="When it came to light: before_call (no player with an incorrect "
                                  "hand has called), during_auction, during_play, after_play.")
    card_seen: bool = Field(False, strict=True, description="A player saw another player's card (13A2).")
    calls_unaffected: bool = Field(False, description="The director judges the deal can be corrected and played "
                                   "normally without change of call (13B1).", strict=True)
    surplus_played_to_quitted_trick: bool | None = Field(None, strict=True,
                                                         description="13C; omitted: read from the play.")
    missing_found: MissingCardFound | None = Field(None, description="Law 14: where the missing card was found; "
                                                   "omitted: not searched yet.")
    defective_trick: int | None = Field(None, ge=1, le=13, strict=True,
                                        description="14B1: the trick where it was found.")
    defect: DefectKind | None = Field(None, description="14B1 when the play is not given trick by trick: the "
                                      "offender did not play to the defective trick (failed_to_play, 67B1) or "
                                      "played the card to it with another (played_too_many, 67B2).")
    faced_card: Annotated[str, CardText] | None = Field(None, description="67B2: the card the offender faced in "
                                                        "playing to the defective trick, if the director can tell.")
    revoke_noticed: Noticed | None = Field(None, description="When attention was first drawn to a revoke that "
                                           "the restored card reveals (64B4/64B5: after_next_deal_call, "
                                           "after_round_ended); omitted: as `discovered`.")
    fault: dict[Literal["NS", "EW"], Fault] | None = Field(None, description="12C2(a) responsibility by side, "
                                                           "overriding the default (players with incorrect hands "
                                                           "failed to count their cards).")
    scoring: ScoringIn | None = Field(None, description="The field or the other room, to score the plausible "
                                      "results as a weighted score.")
    auction_would_be_unchanged: bool = Field(True, description="The director judges the table's contract would "
                                             "have been reached with correct hands (then an assigned score is "
                                             "proposed from the double-dummy result).", strict=True)
    event: int | None = Field(None, ge=1, le=2**31 - 1, strict=True, description="An event whose hand records hold "
                              "`board` (then `board` is its number): the hand record, dealer and vulnerability "
                              "come from it when not given.")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event` and `board`: the table on "
                              "the board's traveller (`POST /v1/events/{id}/results`); contract, declarer and "
                              "`table_tricks` come from its line when not given, and `scoring` from the rest of the "
                              "traveller in its form (the response's `from_traveller` says which).")
    pairs: PairsIn | None = Field(None, description="With `event` and `board`: the table's pair numbers, "
                                  "`{\"ns\": \"2NS\", \"ew\": \"3EW\"}`, instead of (or as well as) `table`.")

    @model_validator(mode="after")
    def _shape(self) -> IncorrectCardsRequest:
        missing = [s for s in "NESW" if s not in self.hands]
        if missing:
            raise InvalidBoardError(f"give all four hands (missing: {', '.join(missing)}); '-' for an empty one",
                                    key="hands_missing", params={"seats": ", ".join(missing)})
        from_line = self.event is not None and (self.table is not None or self.pairs is not None)
        if (self.contract is None) != (self.declarer is None) and not from_line:
            raise InvalidBoardError("give both `contract` and `declarer`, or neither", key="contract_and_declarer")
        if self.event is None and (self.table is not None or self.pairs is not None):
            raise InvalidBoardError("`table` and `pairs` pick a line of a stored event's traveller: give `event` "
                                    "and `board` with them", key="traveller_without_event")
        if self.event is not None and self.board is None:
            raise InvalidBoardError("with `event`, give `board` (its number)", path="board", key="cards_event_board")
        return self

    def profile(self) -> Profile:
        """The jurisdiction profile (``scoring.profile``, else WBF): its usual procedural penalty,
        and how the plausible results are scored (weighted 12C1(c) or split 12C1(e))."""
        return profile(self.scoring.profile) if self.scoring is not None else PROFILES["wbf"]

    def to_case(self) -> IncorrectCardsCase:
        """The engine's case; raises InvalidBoardError with the field in ``path``."""
        found: dict[Seat, tuple[Card, ...]] = {}
        for code, text in self.hands.items():
            seat = Seat(code)
            cards = parse_hand(text, seat, path=f"hands/{code}")
            if len(cards) > MAX_HAND_CARDS:
                raise InvalidBoardError(f"{seat.value}'s hand lists {len(cards)} cards; a hand found at the table "
                                        f"holds at most a few more than 13", path=f"hands/{code}", key="hand_too_long",
                                        params={"seat": seat.value, "n": len(cards)})
            found[seat] = cards
        total = sum(len(c) for c in found.values())
        if total > MAX_TOTAL_CARDS:
            raise InvalidBoardError(f"the four hands list {total} cards; a board has 52 (and at most a few surplus "
                                    "cards from another pack)", path="hands", key="hands_too_many",
                                    params={"n": total})
        record = None
        if self.hand_record is not None:
            try:
                record = Deal.from_pbn(self.hand_record)
                record.verify_complete()
            except InvalidBoardError as exc:
                raise relocated(exc, "hand_record") from None
        contract = None
        if self.contract is not None and self.declarer is not None:
            contract = Contract.from_str(self.contract, Seat(self.declarer))
        facts = CardCountFacts(
            discovered=self.discovered, card_seen=self.card_seen, calls_unaffected=self.calls_unaffected,
            surplus_played_to_quitted_trick=self.surplus_played_to_quitted_trick, missing_found=self.missing_found,
            defective_trick=self.defective_trick,
            fault={Side(k): v for k, v in self.fault.items()} if self.fault else None,
            auction_would_be_unchanged=self.auction_would_be_unchanged, defect=self.defect,
            faced_card=Card.from_str(self.faced_card) if self.faced_card else None,
            revoke_noticed=self.revoke_noticed,
        )
        tricks = None
        if self.play and all(isinstance(t, list) for t in self.play):
            tricks = tuple(tuple(Card.from_str(c) for c in t) for t in self.play if isinstance(t, list))
            play = tuple(c for t in tricks for c in t)
        else:
            play = tuple(Card.from_str(c) for c in self.play if isinstance(c, str))
        return IncorrectCardsCase(found, facts, record, Seat(self.dealer), Vulnerability.from_str(self.vulnerable),
                                  contract, play, self.table_tricks, self.board or "", tricks)


class SurplusOut(BaseModel):
    """A card not belonging to the deal (13C)."""

    card: str
    found_in: SeatCode
    certain: bool = Field(description="False: the two copies cannot be told apart without the hand record.")


class MissingOut(BaseModel):
    """A card of the pack that no hand holds (Law 14)."""

    card: str
    belongs_to: SeatCode | None


class MovedOut(BaseModel):
    """A card in the wrong hand according to the hand record (Law 13)."""

    card: str
    found_in: SeatCode
    belongs_to: SeatCode


class IrregularityOut(BaseModel):
    """What is wrong with the hands as found."""

    law: str | None = Field(description="'13' (a hand over 13 cards), '14' (cards missing), '13C' (surplus "
                            "cards only), null (the hands are correct).")
    counts: dict[SeatCode, int] = Field(description="Cards held as found.")
    surplus: list[SurplusOut]
    missing: list[MissingOut]
    moved: list[MovedOut]
    corrected_deal: str | None = Field(description="The deal as it should have been (PBN), when it can be told.")
    why_not_corrected: str | None
    description: str


class ParOut(BaseModel):
    """Par on the corrected deal, for the board's vulnerability and dealer."""

    score_ns: int = Field(description="Law 77 points, North-South's view.")
    contracts: list[str] = Field(description="e.g. '4S N/S +1', '5HX E/W -2' (sacrifices are doubled).")


class DoubleDummyOut(BaseModel):
    """Double-dummy evidence on the corrected deal. Tricks: the declarer's side's, 0..13."""

    deal: str
    table: dict[str, dict[SeatCode, int]] = Field(description="Tricks for each strain (S, H, D, C, NT) and "
                                                 "declarer.")
    par: ParOut
    contract_tricks: int | None = Field(description="The contract reached, from the opening lead.")
    from_discovery: int | None = Field(description="Tricks won so far plus DD for the rest, when the play so far "
                                       "fits the corrected deal.")
    as_played: str


class ScoredResultOut(BaseModel):
    """A result to enter: declarer's side's tricks and Law 77 points, North-South's view."""

    contract: str
    declarer: SeatCode
    tricks: int
    result: str = Field(description="e.g. '2NTX E -1'.")
    score_ns: int

    @classmethod
    def of(cls, r: ScoredResult | None) -> ScoredResultOut | None:
        """Serialise, or ``None``."""
        if r is None:
            return None
        return cls(contract=str(r.contract), declarer=r.contract.declarer.value, tricks=r.tricks, result=r.result,
                   score_ns=r.score_ns)


class ArtificialOut(BaseModel):
    """An artificial adjusted score for one side (12C2)."""

    fault: Fault
    label: str = Field(description="Average plus / Average / Average minus.")
    percent: int = Field(description="Pairs: percent of the matchpoints (60 / 50 / 40).")
    imps: int = Field(description="Teams: +3 / 0 / -3 IMPs (12C2(b)).")


class OffenderGainOut(BaseModel):
    """Law 12B1: double dummy on the corrected deal favours the only side at fault over its table result,
    so the table result is the assigned adjusted score for both sides (an adjustment never gives
    the side at fault more than its table score, nor leaves the non-offending side with less).
    Points: Law 77, North-South's view."""

    offending_side: Literal["NS", "EW"] = Field(description="The only side at fault.")
    table: ScoredResultOut = Field(description="The table result: the assigned adjusted score for both sides.")
    double_dummy: ScoredResultOut = Field(description="Double dummy on the corrected deal (the contract reached), "
                                          "not assigned.")
    profile: str = Field(description="The profile (`scoring.profile`, default wbf): its usual procedural penalty.")
    procedural_penalty_percent: int | None = Field(description="The profile's usual procedural penalty in percent "
                                                   "of a top (EBU 25), a suggestion; null: the director's alone.")

    @classmethod
    def of(cls, g: OffenderGain | None) -> OffenderGainOut | None:
        """Serialise, or ``None``."""
        if g is None:
            return None
        table, dd = ScoredResultOut.of(g.table), ScoredResultOut.of(g.double_dummy)
        assert table is not None and dd is not None
        return cls(offending_side=g.offending.value, table=table, double_dummy=dd,
                   profile=g.profile.name, procedural_penalty_percent=g.profile.procedural_penalty)


class TableBesideOut(BaseModel):
    """The table's score for both sides beside the proposal (Laws 13, 14 with 12B1). Points are
    each side's own Law 77 points (East-West's are minus North-South's)."""

    table: ScoredResultOut = Field(description="The table result (cancelled under 13D: the bound of the "
                                   "adjustment).")
    table_points: dict[Literal["NS", "EW"], int] = Field(description="The table result's points, each side's own "
                                                         "view.")
    proposal: ScoredResultOut | None = Field(description="The result proposed for both sides; null when the "
                                             "proposal is an artificial adjusted score.")
    proposal_points: dict[Literal["NS", "EW"], int] | None = Field(description="The proposal's points, each side's "
                                                                   "own view; null when artificial.")
    artificial_percent: dict[Literal["NS", "EW"], int] | None = Field(
        description="The artificial adjusted score (12C2(a)) when that is the proposal: the director rules the "
                    "board unplayable, and it is not bounded by the table score.")
    bounded_by_table: bool = Field(description="Law 12B1 kept the proposal at the table result (`offender_gain`).")

    @classmethod
    def of(cls, b: TableBeside | None) -> TableBesideOut | None:
        """Serialise, or ``None``."""
        if b is None:
            return None
        table = ScoredResultOut.of(b.table)
        assert table is not None
        proposal = ScoredResultOut.of(b.proposal)
        points = {side.value: b.proposal_points(side) for side in Side} if b.proposal is not None else None
        return cls(table=table, table_points={side.value: b.table_points(side) for side in Side},
                   proposal=proposal, proposal_points=points,  # type: ignore[arg-type]
                   artificial_percent={side.value: a.percent for side, a in b.artificial.items()} or None,
                   bounded_by_table=b.bounded)


class IncorrectCardsResponse(BaseModel):
    """The ruling on a Law 13 / 14 case."""

    board: str
    irregularity: IrregularityOut
    action: str = Field(description="no_irregularity | correct_and_play_on | search_for_missing_card | "
                        "score_stands | score_after_revoke_ruling | assigned_adjusted_score | "
                        "artificial_adjusted_score.")
    adjusted_score: bool = Field(description="An adjusted score is due.")
    adjusted_score_optional: bool = Field(description="The law lets the director award an adjusted score without "
                                          "requiring it (13C: a surplus card played to a quitted trick): `assigned` "
                                          "and `artificial` are his option, the table result stands otherwise.")
    assigned: ScoredResultOut | None = Field(description="The proposed assigned adjusted score (12C1(b)); with "
                                             "`offender_gain`, the table result (12B1).")
    offender_gain: OffenderGainOut | None = Field(None, description="Double dummy favours a side at fault over "
                                                  "its table result (12B1): the table result is assigned instead.")
    beside_table: TableBesideOut | None = Field(None, description="The table's score for both sides beside the "
                                                "proposal, when the table result is known and something is "
                                                "proposed.")
    artificial: dict[Literal["NS", "EW"], ArtificialOut] | None = Field(
        description="The artificial adjusted score by side (12C2): the proposal when nothing is assigned, "
                    "else the alternative.")
    ruled_result: ScoredResultOut | None = Field(description="The result after the revoke laws (14B4, 67B1, 67B2).")
    revoke: RevokeRulingResponse | None = Field(description="The Law 64 ruling on the corrected deal (14B4).")
    table_score_ns: int | None = Field(description="The table result's Law 77 points, North-South's view.")
    double_dummy: DoubleDummyOut | None
    scores: ScoresOut
    score_law: str | None = Field(None, description="The law of the score to enter: 12C1(b) assigned, the revoke "
                                  "laws' paragraph (64A2, 67B1...) for the result after them, 12C2(a) artificial, "
                                  "13C when the table result stands at the director's option; null: play on.")
    explanation: list[str] = Field(description="Plain-English steps, each naming its law.")
    steps: list[StepOut]
    laws_edition: str = "2017"
    engine_version: str = engine_version
    from_traveller: FromTravellerOut | None = Field(default=None, description="When the request named a table of a "
                                                    "stored traveller (`table` or `pairs`): that line, and what the "
                                                    "ruling took from it.")
    for_scorer: ForScorerOut | None = Field(default=None, description="What the scorer enters in the scoring "
                                            "program: the proposed result as an assigned score, or the plausible "
                                            "results with their weights and their matchpoints (or IMPs) against the "
                                            "traveller; null when nothing is proposed.")

    @classmethod
    def from_advice(cls, a: IncorrectCardsAdvice, scoring: ScoringIn | None = None) -> IncorrectCardsResponse:
        """Serialise the engine's advice; ``scoring`` weights its plausible results (12C1(c)).

        Raises:
            InvalidBoardError: an unknown profile in ``scoring``.
        """
        irr, ev = a.irregularity, a.evidence
        dd = None
        if ev is not None:
            strains = ("S", "H", "D", "C", "NT")
            dd = DoubleDummyOut(
                deal=ev.deal.to_pbn(),
                table={st: {s.value: ev.table.tricks[i][j] for j, s in enumerate(SEATS)}
                       for i, st in enumerate(strains)},
                par=ParOut(score_ns=ev.par.score_ns, contracts=[str(c) for c in ev.par.contracts]),
                contract_tricks=ev.contract_tricks, from_discovery=ev.from_discovery, as_played=ev.as_played)
        return cls(
            board=a.case.label,
            irregularity=IrregularityOut(
                law=irr.law, counts={s.value: n for s, n in zip(SEATS, irr.counts, strict=True)},
                surplus=[SurplusOut(card=str(x.card), found_in=x.found_in.value, certain=x.certain)
                         for x in irr.surplus],
                missing=[MissingOut(card=str(x.card), belongs_to=x.belongs_to.value if x.belongs_to else None)
                         for x in irr.missing],
                moved=[MovedOut(card=str(x.card), found_in=x.found_in.value, belongs_to=x.belongs_to.value)
                       for x in irr.moved],
                corrected_deal=irr.corrected.to_pbn() if irr.corrected else None,
                why_not_corrected=irr.why_not_corrected, description=irr.describe()),
            action=a.action.value, adjusted_score=a.decision.adjusted,
            adjusted_score_optional=a.decision.optional_adjustment,
            assigned=ScoredResultOut.of(a.assigned), offender_gain=OffenderGainOut.of(a.offender_gain),
            beside_table=TableBesideOut.of(a.beside),
            artificial={side.value: ArtificialOut(fault=a.decision.fault[side], label=s.label, percent=s.percent,
                                                  imps=s.imps) for side, s in a.artificial.items()} or None,
            ruled_result=ScoredResultOut.of(a.ruled_result),
            revoke=RevokeRulingResponse.from_advice(a.revoke) if a.revoke is not None else None,
            table_score_ns=a.table_score_ns, double_dummy=dd, score_law=score_law(a),
            scores=scores_block(
                table=a.table_score_ns,
                after_adjustment=a.ruled_result.score_ns if a.ruled_result else None,
                suggested=_suggested_ns(a),
                plausible=a.plausible_results(), scoring=scoring, non_offending=_non_offending(a),
                suggested_result=suggested.result if (suggested := suggested_result(a)) else None),
            explanation=explanation(a.steps),
            steps=[StepOut.of(s) for s in a.steps],
        )


def _non_offending(a: IncorrectCardsAdvice) -> Side | None:
    """The side in no way at fault when exactly one side is (for a split score without weighting)."""
    clean = [side for side in Side if a.decision.fault.get(side) is Fault.NONE]
    return clean[0] if len(clean) == 1 else None


def table_result(a: IncorrectCardsAdvice) -> ScoredResult | None:
    """The table result (declarer's side's tricks, Law 77 points North-South's view), when the
    contract and the table's tricks are known."""
    c, tricks, pts = a.case.contract, a.table_tricks, a.table_score_ns
    if c is None or tricks is None or pts is None:
        return None
    return ScoredResult(c, tricks, c.result_str(tricks), pts)


def suggested_result(a: IncorrectCardsAdvice) -> ScoredResult | None:
    """The result the advisor proposes to enter (the one ``_suggested_ns`` scores): the table
    result under 13C (it stands unless the director takes his option), else the assigned score
    (12C1(b)), else the result after the revoke laws; ``None`` for an artificial score or play on."""
    if a.decision.optional_adjustment:
        return table_result(a)
    return a.assigned or a.ruled_result


def score_law(a: IncorrectCardsAdvice) -> str | None:
    """The law of the score to enter: 12C1(b) for an assigned score (12B1 when double dummy
    favours a side at fault and the table result is assigned instead), the revoke laws' paragraph
    (14B4 through Law 64, or 67B1/67B2) for the result after them, 12C2(a) for an artificial
    score, 13C when the table result stands at the director's option; ``None`` otherwise."""
    if a.decision.optional_adjustment:
        return "13C"
    if a.offender_gain is not None:
        return "12B1"
    if a.assigned is not None:
        return "12C1(b)"
    if a.ruled_result is not None:
        if a.revoke is not None:
            return a.revoke.suggested_law
        return next((s.law for s in reversed(a.steps) if s.law.startswith("67B")), "64A2")
    if a.artificial:
        return "12C2(a)"
    return None


def _suggested_ns(a: IncorrectCardsAdvice) -> int | None:
    """The points the advisor proposes to enter: the assigned score, else the result after the
    revoke laws, else nothing (an artificial score or play on)."""
    if a.decision.optional_adjustment:  # 13C: the result stands unless the director takes the option
        return a.table_score_ns
    chosen = a.assigned or a.ruled_result
    return chosen.score_ns if chosen is not None else None
