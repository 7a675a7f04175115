"""The revoke ruling's request over HTTP (``POST /v1/rulings/revoke``, Laws 61-64): a board and
its play record (one PBN game, or the deal, contract and play), penalty cards (Law 50), faced
cards, lead restrictions (61A), a revoke as the director established it without the play
(``revoke_facts``), the claim and the scoring; its mapping to the engine's revoke facts. The
ruling as answered is :mod:`app.api.schemas.revoke_ruling`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator, model_validator

from app.api.schemas.claim import ClaimIn
from app.api.schemas.common import CardText, SeatCode, SuitCode, relocated
from app.api.schemas.scores import ScoringIn
from app.api.travellers import PairsIn
from app.service.request_body import RequestModel
from engine.errors import InvalidBoardError
from engine.laws.facts import FacedCard, LeadRestriction, Noticed, PenaltyCard, RevokeFacts, RevokeReport
from engine.model.board import BoardRecord
from engine.model.cards import Card, Suit
from engine.model.seats import Seat
from engine.records.boards import board_from_game, board_from_parts, pick_game


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
    likely_without_revoke: int | None = Field(None, strict=True, description="The director's own figure with the "
                                              "play entered: the declarer's side's tricks (0..13, over the whole "
                                              "hand) he judges likely had the revoke(s) not occurred. Law 64C is "
                                              "then decided with it, not with a double-dummy measure; the ruling "
                                              "still shows the engine's measures beside it (`measures`). Without "
                                              "the play through the revoke trick, give it in `revoke_facts` "
                                              "instead.")
    likely_reason: str = Field("", max_length=300, description="Why the director judges `likely_without_revoke` "
                               "(his words, shown as given).")
    offender_card: str | None = Field(None, min_length=2, max_length=3, description="The card the director judges "
                                      "the (first) offender would have played instead of the revoke card, e.g. "
                                      "'H9': one of his legal cards at the revoke trick (the ruling's "
                                      "`revokes[].dd_by_card` lists them). Every 64C measure replays the hand "
                                      "with it. Omitted: the legal card best for the offending side.")
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
                              "table result come from its line when not given (the table result only when nothing "
                              "says how play ended: not with `table_result` given, even as null, nor a claim or "
                              "`rest_valued_double_dummy`), and `scoring` from the rest of the "
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
                claim figure (it says the figure is not known); path ``likely_without_revoke``:
                out of 0..13 (declarer's side's tricks), or given here and in ``revoke_facts``
                too; path ``likely_reason``: a reason without the figure; path
                ``offender_card``: not a card.
        """
        if self.rest_valued_double_dummy and (self.table_result is not None or self.claim_declarer_tricks is not None):
            raise InvalidBoardError("rest_valued_double_dummy says the claim's figure is not known: do not give it "
                                    "with the table result or the claim's figure", path="rest_valued_double_dummy",
                                    key="rest_dd_with_figure")
        if self.likely_without_revoke is not None and not 0 <= self.likely_without_revoke <= 13:
            raise InvalidBoardError("the likely result without the revoke is 0 to 13 tricks for the declarer's side, "
                                    f"not {self.likely_without_revoke}", path="likely_without_revoke",
                                    key="reported_likely_range", params={"n": self.likely_without_revoke})
        if self.likely_without_revoke is not None and self.revoke_facts is not None and \
                self.revoke_facts.likely_without_revoke is not None:
            raise InvalidBoardError("give the director's own figure once: `likely_without_revoke` with the play, or "
                                    "`revoke_facts.likely_without_revoke` without it, not both",
                                    path="likely_without_revoke", key="likely_twice")
        if self.likely_reason.strip() and self.likely_without_revoke is None:
            raise InvalidBoardError("a reason for the likely result without the revoke needs the figure itself "
                                    "(likely_without_revoke, the declarer's side's tricks)", path="likely_reason",
                                    key="reported_reason_without_figure")
        try:
            offender_card = Card.from_str(self.offender_card) if self.offender_card is not None else None
        except InvalidBoardError as exc:
            raise relocated(exc, "offender_card", keep_law=False) from None
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
            likely_without_revoke=self.likely_without_revoke,
            likely_reason=self.likely_reason.strip() if self.likely_without_revoke is not None else "",
            offender_card=offender_card,
        )


_BOARD_FIELDS = ("", "pbn", "deal", "contract", "declarer", "vulnerable", "play")
