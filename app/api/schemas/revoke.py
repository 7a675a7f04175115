"""Request and response models of the HTTP API, and their mapping to and from the engine."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator, model_validator

from app import i18n
from app.api.schemas.claim import ClaimIn
from app.api.schemas.common import CardText, SeatCode, StepOut, SuitCode, explanation, relocated
from app.api.scorer import ForScorerOut, for_revoke, with_imps
from app.api.scores import ScoresOut, ScoringIn, scores_block
from app.api.travellers import PairsIn
from app.service.request_body import RequestModel
from engine import __version__ as engine_version
from engine.errors import InvalidBoardError
from engine.laws.facts import FacedCard, LeadRestriction, Noticed, PenaltyCard, RevokeFacts, RevokeReport
from engine.model.board import BoardRecord
from engine.model.cards import Card, Suit
from engine.model.seats import Seat
from engine.records.boards import board_from_game, board_from_parts, pick_game
from engine.rulings.revoke_advice import RevokeAdvice
from engine.screening.events import ScreeningReport


class PenaltyCardIn(BaseModel):
    """A defender's penalty card on the table (Law 50)."""

    model_config = ConfigDict(extra="forbid")
    seat: SeatCode
    card: str = CardText
    from_trick: int = Field(1, ge=1, le=13, strict=True, description="First trick at which it must be played.")
    major: bool = Field(True, strict=True, description="Major (50D) or minor (50C) penalty card.")


class FacedCardIn(BaseModel):
    """A card face up on the table that is not a penalty card: a card of a hand faced on the
    table (e.g. declarer's, with a claim, play then continuing) or a card declarer exposed
    (48A). Failing to play it is exempt from rectification under the 2007 Law 64B3 only."""

    model_config = ConfigDict(extra="forbid")
    seat: SeatCode
    card: str = CardText
    from_trick: int = Field(1, ge=1, le=13, strict=True, description="First trick at which it lay face up.")


class LeadRestrictionIn(BaseModel):
    """A lead required (or forbidden) by an opponent's option in rectification (61A second limb)."""

    model_config = ConfigDict(extra="forbid")
    trick: int = Field(ge=1, le=13, strict=True)
    seat: SeatCode
    suit: SuitCode
    forbidden: bool = Field(False, strict=True)


_EXAMPLE_PLAY: list[JsonValue] = list(
    ("CJ C3 C2 CK HA H6 HJ H2 HK S2 D3 D4 HQ D5 D7 H7 HT D6 C4 H8 S4 S5 SQ SK "
     "D9 D2 DQ D8 C9 C8 C5 C6 CT CQ CA C7").split()
)
SPONVO30_21 = (
    '[Board "21"]\n[Dealer "N"]\n[Vulnerable "NS"]\n'
    '[Deal "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"]\n'
    '[Declarer "W"]\n[Contract "4H"]\n[Result "9"]\n[Room "Closed"]\n[Play "N"]\n'
    "CJ C3 C2 CK\nH6 HJ H2 HA\nS2 D3 ^R D4 HK\nD5 D7 H7 HQ\nD6 C4 H8 HT\nS5 SQ SK S4\n"
    "DQ D8 D9 D2\nC9 C8 C5 C6\nCT CQ CA C7\n*\n"
)


class RevokeFactsIn(BaseModel):
    """A revoke as the director established it at the table, for a ruling without the play
    through the revoke trick (Laws 61-64A/B; 64C is then not checked double dummy)."""

    model_config = ConfigDict(extra="forbid")
    trick: int = Field(strict=True, description="The revoke trick, 1..12.")
    offender: SeatCode = Field(description="Who revoked (dummy's seat for a revoke from dummy, 64B3).")
    revoke_trick_won_by: SeatCode = Field(description="Who won the revoke trick (64A1 when the offender).")
    offending_side_tricks_after: int = Field(strict=True, description="Tricks the offending side won after the "
                                             "revoke trick.")
    card: str | None = Field(None, min_length=2, max_length=3, description="The revoke card, if known, e.g. 'D4'.")
    suit_led: SuitCode | None = Field(None, description="The suit the offender failed to follow, if known.")
    likely_without_revoke: int | None = Field(None, strict=True, description="The director's own figure: the "
                                              "declarer's side's tricks he judges likely had the revoke not "
                                              "occurred, 0..13. Law 64C1 is then decided with it; the ruling says "
                                              "the figure is the director's, not double dummy. Only without the "
                                              "play through the revoke trick. Omitted: 64C is not checked.")
    likely_reason: str = Field("", max_length=300, description="Why the director judges that figure (shown as "
                               "given).")

    def to_report(self) -> RevokeReport:
        """The engine's :class:`RevokeReport`. Raises InvalidBoardError (path ``revoke_facts/card``)
        for a card that cannot be read."""
        try:
            card = Card.from_str(self.card) if self.card is not None else None
        except InvalidBoardError as exc:
            raise relocated(exc, "revoke_facts/card", keep_law=False) from None
        return RevokeReport(self.trick, Seat(self.offender), Seat(self.revoke_trick_won_by),
                            self.offending_side_tricks_after, card, Suit(self.suit_led) if self.suit_led else None,
                            self.likely_without_revoke, self.likely_reason)


class RevokeRulingRequest(RequestModel):
    """A board and its play record: either one PBN game, or the deal, contract and play."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"pbn": SPONVO30_21, "table_result": 9},
                {
                    "deal": "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76",
                    "contract": "4H", "declarer": "W", "vulnerable": "NS",
                    "play": _EXAMPLE_PLAY, "rest_valued_double_dummy": True,
                },
            ]
        },
    )
    pbn: str | None = Field(None, max_length=200_000, description="The text of one PBN game (tags Deal, "
                            "Contract, Declarer, Vulnerable, Play). With several games, give `board` and `room`.")
    board: str | None = Field(None, max_length=20, description="With `pbn`: the board number to pick. With "
                              "`event`: the stored board to rule on.")
    room: str | None = Field(None, max_length=40, description="With `pbn`: the room (Open/Closed) to pick.")
    deal: str | None = Field(None, max_length=200, description="PBN deal, e.g. 'N:AKQ2.J.T98.76543 ...'.")
    contract: str | None = Field(None, max_length=8, description=(
        "PBN's letters, e.g. '4H', '3NT', '4HX', '6SXX' (strict: the page's contract box also reads suit "
        "symbols and the language's words; the API does not)."))
    declarer: SeatCode | None = None
    vulnerable: Literal["None", "NS", "EW", "All"] = "None"
    play: list[str | list[str]] | None = Field(
        None, max_length=52,
        description="Cards in play order from the opening lead ('T' or '10' for the ten), or the same as a list "
                    "of tricks, each in the order played (`[[\"CJ\",\"C3\",\"C2\",\"CK\"], ...]`). A record "
                    "shorter than 52 cards needs one of `table_result` (played out), `claim_declarer_tricks` (a claim) "
                    "or `rest_valued_double_dummy` (a claim whose figure is not known); with `noticed: during_play` "
                    "it is the play until attention was drawn and may stop inside a trick.")
    table_result: int | None = Field(None, strict=True, description="The declarer's side's total tricks as agreed "
                                     "at the table (Law 79A), 0..13. The play may then stop after any complete trick: "
                                     "the tricks not entered were played out, not claimed. Not with "
                                     "`claim_declarer_tricks`.")
    revoke_facts: RevokeFactsIn | None = Field(None, description="The revoke as the director established it, when "
                                               "the play cannot be rebuilt up to the revoke trick; needs "
                                               "`table_result`. `play` may then be omitted or stop before the revoke "
                                               "trick (64C is not checked); with the play through the revoke trick "
                                               "the ruling checks 64C double dummy and these facts against it.")
    claim_declarer_tricks: int | None = Field(None, ge=0, le=13, description="The declarer side's tricks from "
                                              "the claim, over the tricks not completed in the record (Law 68). "
                                              "With `noticed: during_play`: the director's projection of the tricks "
                                              "still to be played.", strict=True)
    rest_valued_double_dummy: bool = Field(False, strict=True, description="Play ended in a claim whose figure is "
                                           "not known: value the tricks not in the record double dummy (the ruling "
                                           "labels the figure as assumed; `claim_declarer_tricks` replaces it). Not "
                                           "with `table_result` or `claim_declarer_tricks`.")
    claim_by: SeatCode | None = Field(None, description="Who claimed or conceded. A member of the offending side: "
                                      "the revoke is established by his claim, disputed or not (63A3); an "
                                      "opponent: only when the offending side agreed (63A4). Omitted: agreed by both.")
    claim_contested: bool = Field(False, description="The claim was disputed: the director rules on it (Law 70). "
                                  "An opponent's disputed claim leaves the revoke unestablished (63A4 not met); "
                                  "give `claim_by` with it.", strict=True)
    noticed: Noticed = Field(Noticed.AFTER_PLAY, description="When attention was first drawn to the revoke.")
    losses_induced_by_revoke: bool = Field(False, strict=True, description="Law 64C1: the director judges that the "
                                           "non-offending side's later losses (`induced_damage.later_losses`) were "
                                           "induced by the revoke; the likely result is then the hand played "
                                           "double dummy from the position before the revoke.")
    penalty_cards: list[PenaltyCardIn] = Field(default_factory=list, max_length=13)
    lead_restrictions: list[LeadRestrictionIn] = Field(default_factory=list, max_length=13)
    faced_cards: list[FacedCardIn] = Field(default_factory=list, max_length=26, description="Cards face up on the "
                                           "table that are not penalty cards (2007 Law 64B3: failing to play one is "
                                           "not rectified; the 2017 64B3 names only penalty cards and dummy's).")
    laws_edition: Literal["2017", "2007"] | None = Field(None, description="The Laws edition to rule under. "
                                                         "Omitted: the event's edition with `event`, else 2017.")
    scoring: ScoringIn | None = Field(None, description="The field or the other room, to score the plausible "
                                      "results as a weighted score.")
    event: int | None = Field(None, ge=1, le=2**31 - 1, description="An event (`POST /v1/events`) whose hand "
                              "records hold `board`: its deal and vulnerability are used; give contract, declarer "
                              "and play.", strict=True)
    claim: ClaimIn | None = Field(None, description="The claim or concession that ended play, as for "
                                  "`POST /v1/rulings/claim` (tricks among those not completed in the record): it is "
                                  "adjudicated (Laws 69-71) instead of taken as a figure; a claim by the offending "
                                  "side establishes the revoke (63A3). Not with `claim_declarer_tricks` or "
                                  "`table_result`.")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event` and `board`: the table "
                              "on the board's traveller (`POST /v1/events/{id}/results`); contract, declarer and "
                              "table result come from its line when not given, and `scoring` from the rest of the "
                              "traveller (the response's `from_traveller` says which).")
    pairs: PairsIn | None = Field(None, description="With `event` and `board`: the table's pair numbers, "
                                  "`{\"ns\": \"2NS\", \"ew\": \"3EW\"}`, instead of (or as well as) `table`.")

    @field_validator("play")
    @classmethod
    def _play_shape(cls, play: list[str | list[str]] | None) -> list[str | list[str]] | None:
        """Cards, or tricks of cards, not mixed; at most 13 tricks of 4 cards (the last one entered
        may have fewer); no card text longer than 4 characters (the cards themselves are read with
        the board)."""
        if play is None:
            return None
        tricks = [x for x in play if isinstance(x, list)]
        if tricks and len(tricks) != len(play):
            raise InvalidBoardError("give the play either as cards in play order or as a list of tricks, not both "
                                    "mixed", key="play_mixed")
        if len(tricks) > 13:
            raise InvalidBoardError(f"a board has 13 tricks, not {len(tricks)}", key="play_over_13_tricks",
                                    params={"n": len(tricks)})
        for n, trick in enumerate(tricks, start=1):
            if len(trick) != 4 and (n < len(tricks) or not 1 <= len(trick) <= 4):
                raise InvalidBoardError(f"trick {n} has {len(trick)} card(s): every trick has 4, only the last one "
                                        "entered may have fewer (a player who played two cards or none to a trick is "
                                        "Law 67: rule it as an incorrect number of cards)", key="play_trick_size",
                                        params={"trick": n, "n": len(trick)})
        where = [((t, c), x) for t, trick in enumerate(tricks, start=1)
                 for c, x in enumerate(trick, start=1)] if tricks else \
            [((0, i), x) for i, x in enumerate(play, start=1) if isinstance(x, str)]
        if len(where) > 52:
            raise InvalidBoardError(f"the play has {len(where)} cards: a board has 52", key="play_over_52_cards",
                                    params={"n": len(where)})
        odd = next(((w, x) for w, x in where if len(x) > 4), None)
        if odd is not None:
            (t, c), text = odd
            at = f"trick {t}, card {c}" if t else f"card {c}"
            raise InvalidBoardError(f"{at}: not a card: {text[:12]!r}... (expected e.g. 'SA', 'HT', 'D10')",
                                    key="play_long_card_in_trick" if t else "play_long_card",
                                    params={"trick": t, "card": c, "text": text[:12]})
        return play

    @model_validator(mode="after")
    def _one_source(self) -> RevokeRulingRequest:
        if self.event is not None:
            return self._event_source()
        if self.table is not None or self.pairs is not None:
            raise InvalidBoardError("`table` and `pairs` pick a line of a stored event's traveller: give `event` "
                                    "and `board` with them", key="traveller_without_event")
        parts = {"deal": self.deal, "contract": self.contract, "declarer": self.declarer, "play": self.play}
        given = [k for k, v in parts.items() if v is not None]
        if self.pbn is not None and given:
            raise InvalidBoardError(f"give either `pbn` or the parts, not both (also given: {', '.join(given)})",
                                    key="pbn_and_parts", params={"fields": ", ".join(given)})
        if self.pbn is None and (self.board is not None or self.room is not None):
            raise InvalidBoardError("`board` and `room` pick a game of `pbn`; they are not used with the parts",
                                    key="board_room_without_pbn")
        missing = [k for k in parts if k not in given and (k != "play" or self.revoke_facts is None)]
        if self.pbn is None and missing:
            raise InvalidBoardError(f"give `pbn`, or all of deal, contract, declarer and play (missing: "
                                    f"{', '.join(missing)})", key="parts_missing",
                                    params={"fields": ", ".join(missing)})
        return self

    def _event_source(self) -> RevokeRulingRequest:
        """With ``event``: ``board`` picks the stored hand record, which gives the deal and the
        vulnerability; contract, declarer and play come from the request, or contract and
        declarer from the traveller line that ``table`` or ``pairs`` names."""
        clash = [k for k in ("pbn", "room", "deal", "vulnerable") if k in self.model_fields_set]
        if clash:
            raise InvalidBoardError(f"with `event`, the deal and vulnerability come from the stored board: do not "
                                    f"give {', '.join(clash)}", key="event_clash", params={"fields": ", ".join(clash)})
        from_line = self.table is not None or self.pairs is not None
        needed = ("board",) + (() if from_line else ("contract", "declarer")) + \
            (() if self.revoke_facts is not None else ("play",))
        missing = [k for k in needed if getattr(self, k) is None]
        if missing:
            raise InvalidBoardError(f"with `event`, give board, contract, declarer and play (missing: "
                                    f"{', '.join(missing)})", key="event_missing",
                                    params={"fields": ", ".join(missing)})
        return self

    def to_board(self) -> BoardRecord:
        """The engine's board; raises InvalidBoardError with the field in ``path``."""
        if self.pbn is not None:
            try:
                return board_from_game(pick_game(self.pbn, self.board, self.room))
            except InvalidBoardError as exc:
                raise self.locate(exc) from None
        if self.deal is None or self.contract is None or self.declarer is None:
            raise InvalidBoardError("give `pbn`, or all of deal, contract, declarer and play")  # checked above too
        return board_from_parts(self.deal, self.contract, self.declarer, self.vulnerable, self.cards())

    def cards(self) -> list[str]:
        """``play`` as cards in play order (a list of tricks flattened; none when omitted)."""
        tricks = self._tricks()
        return [c for trick in tricks for c in trick] if tricks is not None else [str(c) for c in self.play or ()]

    def _tricks(self) -> list[list[str]] | None:
        """``play`` as given trick by trick, or ``None`` when it is a flat list of cards."""
        if not self.play or all(isinstance(x, str) for x in self.play):
            return None
        return [list(x) for x in self.play if isinstance(x, list)]

    def locate(self, exc: InvalidBoardError) -> InvalidBoardError:
        """``exc`` with its path under ``pbn`` when the board came as PBN text (the deal and play
        fields were not sent), and a card's path ``play/<i>`` as ``play/<trick>/<card>`` (0-based)
        when the play was given trick by trick; errors in the facts keep their own path."""
        parts = exc.path.split("/")
        tricks = self._tricks()
        if tricks is not None and len(parts) == 2 and parts[0] == "play" and parts[1].isdigit():
            i = int(parts[1])
            for t, trick in enumerate(tricks):
                if i < len(trick):
                    return relocated(exc, f"play/{t}/{i}")
                i -= len(trick)
        if self.pbn is None or parts[0] not in _BOARD_FIELDS:
            return exc
        path = "pbn" if exc.path in ("", "pbn") else f"pbn/{exc.path}"
        return relocated(exc, path)

    def to_facts(self) -> RevokeFacts:
        """The TD's facts for the engine.

        Raises:
            InvalidBoardError: path ``rest_valued_double_dummy``: given with a table result or a
                claim figure (it says the figure is not known).
        """
        if self.rest_valued_double_dummy and (self.table_result is not None or self.claim_declarer_tricks is not None):
            raise InvalidBoardError("rest_valued_double_dummy says the claim's figure is not known: do not give it "
                                    "with the table result or the claim's figure", path="rest_valued_double_dummy",
                                    key="rest_dd_with_figure")
        return RevokeFacts(
            noticed=self.noticed,
            claim_declarer_tricks=self.claim_declarer_tricks,
            claim_by=Seat(self.claim_by) if self.claim_by else Seat(self.claim.by) if self.claim else None,
            claim_contested=self.claim_contested or (self.claim is not None and self.claim.kind == "contested"),
            penalty_cards=tuple(PenaltyCard(Seat(p.seat), Card.from_str(p.card), p.from_trick, p.major)
                                for p in self.penalty_cards),
            lead_restrictions=tuple(LeadRestriction(x.trick, Seat(x.seat), Suit(x.suit), x.forbidden)
                                    for x in self.lead_restrictions),
            losses_induced_by_revoke=self.losses_induced_by_revoke,
            table_result=self.table_result,
            reported=self.revoke_facts.to_report() if self.revoke_facts is not None else None,
            faced_cards=tuple(FacedCard(Seat(f.seat), Card.from_str(f.card), f.from_trick) for f in self.faced_cards),
            claim_detail=self.claim.to_claim() if self.claim is not None else None,
            rest_valued_double_dummy=self.rest_valued_double_dummy,
        )


_BOARD_FIELDS = ("", "pbn", "deal", "contract", "declarer", "vulnerable", "play")


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
    likely_by_card: dict[str, int] = Field(default_factory=dict, description="Table result + what the revoke card "
                                           "changed, had the offender played this legal card instead: declarer "
                                           "side's tricks (first standing revoke only).")


class DeclarerTricksOut(BaseModel):
    """Declarer side's tricks, 0..13. Two measures of the likely result without the revoke:
    ``likely_without_revokes`` (table result + what the revoke card changed) and
    ``double_dummy_without_revoke`` (double dummy from before the revoke)."""

    table: int
    after_adjustment: int
    likely_without_revokes: int | None = Field(description="Table result + what the revoke card changed: the table "
                                               "result plus what each established revoke card changed double dummy "
                                               "(the players' other errors stay as they happened).")
    double_dummy_without_revoke: int | None = Field(description="Double dummy from before the revoke: the hand "
                                                    "played double dummy from the position before the first revoke, "
                                                    "the offender playing his best legal card.")
    likely_directors_figure: int | None = Field(None, description="Facts only: the director's own figure "
                                                "(`revoke_facts.likely_without_revoke`), not double dummy, with "
                                                "which Law 64C1 was decided.")


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
    table_plus_swing: int = Field(description="The table result plus what each revoke card changed double dummy.")
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
                      "'butler', 'cross_imps' (IMP pairs) or 'teams' (IMPs against the other room).")
    form_told_by: str = Field("assumed", description="'file' (the program's scoring form), 'program_imps' (the "
                              "program's own IMPs equal this method's), 'match' (the table's other room is on the "
                              "traveller), 'assumed' (the file names no form).")
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


class ScreeningRowOut(BaseModel):
    """One game of a screening that was ruled on (a revoke) or flagged (cannot be ruled on).

    Trick counts: the declarer's side, 0..13. Scores: Law 77 points, North-South's view.
    The ruling's fields are null on flagged rows; ``reason`` is null on ruled rows.
    """

    file: str = Field(description="The PBN file (relative path; the upload's file name).")
    board: str | None = Field(description="Tag Board as written; null for a file that could not be read.")
    room: str | None = Field(description="Tag Room (Open/Closed...).")
    line: int | None = Field(description="Line of the game's first tag in the file.")
    status: Literal["ruled", "flagged"]
    revokes: list[str] = Field(description="One per revoke: trick, offender, card, suit led, law, tricks "
                               "transferred, e.g. 'T3 S D4 on H, 64A2 x1'.")
    contract: str | None = Field(description="e.g. '4H', '3NTX'.")
    declarer: SeatCode | None
    table_tricks: int | None = Field(description="As played; tricks not played out as the claim gives them, or "
                                     "valued double dummy (claim_assumed).")
    after_adjustment: int | None = Field(description="After corrections (62) and automatic transfers (64A).")
    suggested_tricks: int | None = Field(description="The declarer side's tricks to enter.")
    suggested_result: str | None = Field(description="e.g. '4H W -1'.")
    suggested_law: str | None
    score_ns_suggested: int | None = Field(description="Law 77 points of the suggested result, North-South's view.")
    law_64c_applies: bool | None
    claim_assumed: bool | None = Field(description="The tricks not played out were valued double dummy.")
    recorded_result: int | None = Field(description="The record's own Result tag (declarer's tricks), for "
                                        "comparison only.")
    marked_revokes: list[str] = Field(description="Cards the record itself marks ^R.")
    reason: str | None = Field(description="Flagged rows: why the game cannot be ruled on.")
    finding: Literal["revoke", "probable recording error"] | None = Field(
        None, description="A record with a failure to follow: its more plausible reading. A probable recording "
        "error is flagged, not ruled; its revokes are the revoke reading (no law).")
    recording_error: str | None = Field(None, description="The recording-error reading (the flagged row's reason, "
                                        "or the other reading of a ruled one).")
    corrected_play: str | None = Field(None, description="That reading's record: the cards in play order.")
    result_check: Literal["adjusted", "table", "either", "neither"] | None = Field(
        None, description="A ruled game with a Result: what the recorded result supports over every split of the "
        "tricks not played (the double-dummy split decides).")
    result_detail: str | None = Field(None, description="The splits behind result_check.")


class ScreeningCountsOut(BaseModel):
    """What became of the games: games = skipped + with_play; with_play = clean + ruled + flagged."""

    files: int
    unreadable_files: int = Field(description="Files that could not be parsed (each a flagged row, board null).")
    games: int = Field(description="Games read.")
    with_play: int = Field(description="Games with a play record (the opening lead known).")
    skipped: dict[str, int] = Field(description="Games skipped, by reason (no play record...).")
    clean: int = Field(description="Play records with no revoke.")
    ruled: int = Field(description="Games with a revoke, ruled on.")
    flagged: int = Field(description="Games whose record cannot be ruled on.")
    recording_errors: int = Field(0, description="Of the flagged games, the probable recording errors.")


class ScreeningResponse(BaseModel):
    """A screening of every game of a PBN file: the counts, and a row per ruled or flagged game."""

    counts: ScreeningCountsOut
    rows: list[ScreeningRowOut]
    laws_edition: str = "2017"
    engine_version: str = engine_version

    @classmethod
    def from_report(cls, report: ScreeningReport) -> ScreeningResponse:
        """Serialise the engine's report (the same fields as :meth:`ScreeningReport.as_dict`)."""
        return cls.model_validate(report.as_dict())
