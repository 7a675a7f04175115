"""The request and response of ``POST /v1/rulings/alternatives`` (issue 38): the alternatives a
director weighs after misinformation or unauthorised information, each with its double-dummy
figures, the room's results and its outcomes, then the weighted score (12C1(c)) or the two
scores of 12C1(e). Trick counts are the declarer's side's, 0-13; points are North-South's."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from app.api.schemas.common import CardText, SeatCode
from app.api.schemas.scores import ScoringIn, SideCode, Weight, WeightedResponse
from app.api.travellers import PairsIn
from app.service.request_body import RequestModel

LawCode = Literal["16B", "21B", "40B", "73C", "75", "other"]
Tricks = Annotated[int, Field(ge=0, le=13, strict=True, description="Declarer's side's tricks, 0..13.")]

EXAMPLE: dict[str, JsonValue] = {
    "deal": "N:98.9762.AJT32.54 J5432.T8.K865.J2 AKQ7.AKJ5.Q9.AK3 T6.Q43.74.QT9876", "dealer": "N",
    "vulnerable": "None",
    "table_result": {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "H2"},
    "law": "40B", "alternatives": [{"contract": "5CX", "declarer": "W"}, {"contract": "3NT", "declarer": "S"}],
    "weights": ["60%", "40%"],
}


class TableResultIn(BaseModel):
    """What happened at the table. With ``event`` and ``table``/``pairs`` each field left out is
    taken from the traveller line."""

    model_config = ConfigDict(extra="forbid")
    contract: str | None = Field(None, max_length=8, description="The table's contract, e.g. '4S', '3NTX'.")
    declarer: SeatCode | None = None
    tricks: Tricks | None = None
    lead: Annotated[str, CardText] | None = Field(None, description="The opening lead made at the table, e.g. 'HA'.")


class AlternativeIn(BaseModel):
    """One alternative the director weighs: a contract (level, strain, doubled or redoubled) and its
    declarer; optionally its lead, and the director's own trick figure instead of a proposal."""

    model_config = ConfigDict(extra="forbid")
    contract: str = Field(max_length=8, description="e.g. '4S', '3NT', '4HX', '6SXX'.")
    declarer: SeatCode = Field(description="N, E, S or W: without the auction any seat could have declared it.")
    lead: Annotated[str, CardText] | None = Field(None, description="The lead expected in it (declarer's LHO must "
                                                  "hold it); null: the table's when the same player is on lead.")
    tricks: Tricks | None = Field(None, description="The director's own figure (one outcome), instead of the proposal.")


class AlternativesRequest(RequestModel):
    """The board (``deal``, ``dealer``, ``vulnerable``; or ``event`` and ``board`` with ``table`` or
    ``pairs`` for the traveller line), the table's result, the law, the alternatives and optionally
    the weights (one for each alternative, summing to 100%)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [EXAMPLE]})
    deal: str | None = Field(None, max_length=200, description="PBN deal, e.g. 'N:AKQ2.J.T98.76543 ...'.")
    dealer: SeatCode = "N"
    vulnerable: Literal["None", "NS", "EW", "All"] = "None"
    event: int | None = Field(None, ge=1, le=2**31 - 1, strict=True, description="A stored event whose hand record "
                              "holds `board` (and whose traveller gives the room's results and the field).")
    board: str | None = Field(None, max_length=20, description="With `event`: the board.")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event`: the table's number on "
                              "the traveller.")
    pairs: PairsIn | None = Field(None, description="With `event`: the table's pair numbers.")
    table_result: TableResultIn | None = Field(None, description="The table's contract, declarer, tricks and lead; "
                                               "with `table`/`pairs` what is left out comes from the traveller line.")
    law: LawCode = Field(description="The law the director applies: 16B, 21B, 40B, 73C, 75 or other.")
    alternatives: list[AlternativeIn] = Field(min_length=1, max_length=10)
    weights: list[Weight] | None = Field(None, max_length=10, description="One weight for each alternative "
                                         "('40%', '2/5', 0.4), summing to 100%; null: even weights.")
    offending_side: SideCode | None = Field(None, description="The side that offended: needed where the profile "
                                            "does not weight (12C1(e), acbl).")
    table_result_kept_by: SideCode | None = Field(
        None, description="A split score (12C1(b), 12C1(e)): the side that keeps the table result (needs the table's "
        "tricks); the other side gets the weighted score of the alternatives, each side scored on the field on its "
        "own. Null: both sides get the weighted score.")
    rounding: Literal["exact", "non_offenders_whole_imp"] = Field(
        "exact", description="How a weighted IMP figure is entered: 'exact' (as weighted), or "
        "'non_offenders_whole_imp' (to a whole IMP in favour of the non-offending side, as the Danish Bridge "
        "Federation's appeals committee does: 03-AU-5, +2.4 entered as +3). Needs `offending_side`; IMP forms only.")
    profile: str | None = Field(None, max_length=20, description="wbf, ebu or acbl; default the event's, else wbf.")
    scoring: ScoringIn | None = Field(None, description="Without `event`: the field (or the other room) to score "
                                      "the weighted score against.")


class DoubleDummyOut(BaseModel):
    """Double dummy from the opening lead (declarer's left-hand opponent on lead)."""

    leader: SeatCode
    with_table_lead: int | None = Field(description="Declarer's side's tricks after the table's lead; null when "
                                        "another player is on lead or no lead was given.")
    with_alternative_lead: int | None = Field(description="After the alternative's own lead; null without one.")
    by_lead: dict[str, int] = Field(description="Every card the leader holds -> declarer's side's tricks.")
    range: list[int] = Field(description="[fewest, most] tricks over every lead: after the best and the worst lead.")


class RoomOut(BaseModel):
    """The room's results in the alternative from the stored traveller (the table itself left out)."""

    matched: Literal["contract", "strain", "none"] = Field(description="The contract by that side, else the "
                                                           "strain by that side at any level, else none.")
    tables: int
    tricks: dict[str, int] = Field(description="Declarer's side's tricks -> tables.")


class OutcomeOut(BaseModel):
    """One outcome the director would weigh, with its Law 77 score."""

    tricks: int
    result: str = Field(description="e.g. '4S E -1'.")
    share: str = Field(description="Its part of the alternative, exact (e.g. '2/5').")
    weight: str = Field(description="Its weight in the adjusted score: the alternative's weight x share, exact.")
    weight_decimal: float
    score_ns: int = Field(description="Law 77 points, North-South's view.")


class AlternativeOut(BaseModel):
    """One alternative with its evidence."""

    contract: str
    declarer: SeatCode
    lead: str | None
    weight: str
    weight_decimal: float
    double_dummy: DoubleDummyOut
    room: RoomOut
    rule: str = Field(description="How the outcomes were proposed: room_contract, room_strain, dd_table_lead, "
                      "dd_alternative_lead, dd_every_lead or director.")
    rule_text: str = Field(description="The rule in words, in the language of the answer.")
    outcomes: list[OutcomeOut]


class SideOutcomeOut(BaseModel):
    """One result a side is scored on, with its weight."""

    result: str = Field(description="e.g. '3D E +1'.")
    score_ns: int = Field(description="Law 77 points, North-South's view.")
    weight: str = Field(description="Exact, e.g. '1/2'.")


class SideScoreOut(BaseModel):
    """What one side is scored on in a split score (``table_result_kept_by``)."""

    side: SideCode
    keeps_table_result: bool
    outcomes: list[SideOutcomeOut] = Field(description="The table result alone (weight 1), or the weighted score's "
                                           "outcomes.")
    figure: float | None = Field(default=None, description="The side's own matchpoints or IMPs on the field (null with "
                                 "nothing to score against).")
    percent: float | None = Field(default=None, description="Matchpoints: the side's percentage of the top.")


class TableResultOut(BaseModel):
    """The table's result as ruled on."""

    contract: str
    declarer: SeatCode
    tricks: int | None
    lead: str | None
    result: str | None
    score_ns: int | None
    lead_not_used: str | None = Field(None, description="The traveller line's lead when the player on lead does "
                                      "not hold it (the results file's slip): not used; give `table_result.lead`.")


class AlternativesResponse(BaseModel):
    """Each alternative's evidence and outcomes, then the weighted score on the field as it stands."""

    law: str
    board: str | None
    deal: str
    dealer: SeatCode
    vulnerable: str
    table_result: TableResultOut
    alternatives: list[AlternativeOut]
    weights_defaulted: bool = Field(description="No weights were given: even weights, for the director to set.")
    room_min_tables: int = Field(description="The fewest tables from which outcomes are proposed from the room.")
    weighted: WeightedResponse | None = Field(description="As `POST /v1/scores/weighted` answers it: each outcome "
                                              "scored on the field, then weighted (12C1(c)); or the two scores of "
                                              "12C1(e) in `split`. Null with nothing to score against.")
    field: str | None = Field(None, description="With `event`: how the board is scored, in words, in the answer's "
                              "language (`lang` or Accept-Language).")
    traveller: bool = Field(default=False, description="The board has a stored traveller (the room's results come "
                            "from it); false for a pasted deal or a board of hand records only: every `room` is empty.")
    table_result_kept_by: SideCode | None = Field(default=None, description="As asked: the side that keeps the table "
                                                  "result.")
    sides: list[SideScoreOut] | None = Field(default=None, description="With `table_result_kept_by`: North-South's and "
                                             "East-West's own assignments (the two need not balance).")


__all__ = ["AlternativeIn", "AlternativeOut", "AlternativesRequest", "AlternativesResponse", "DoubleDummyOut",
           "OutcomeOut", "RoomOut", "SideOutcomeOut", "SideScoreOut", "TableResultIn", "TableResultOut"]
