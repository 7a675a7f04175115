"""Request and response models of ``POST /v1/rulings/claim`` (Laws 68-71), and their mapping to
and from the engine (:func:`engine.rulings.claim_after_revoke.adjudicate_claim_after_revoke`: the
claim, with the revoke laws first when its play shows a revoke; else
:func:`engine.rulings.claim.adjudicate_claim`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from app.api.board_source import stored_hand_record
from app.api.schemas.common import CardText, SeatCode, StepOut, SuitCode, explanation, relocated
from app.api.schemas.revoke_ruling import FromTravellerOut, RevokeRulingResponse
from app.api.schemas.scores import ScoresOut, ScoringIn
from app.api.scores import scores_block
from app.api.travellers import PairsIn, require_contract, table_on_traveller
from app.service.request_body import RequestModel
from engine import __version__ as engine_version
from engine.casefile.events import EventRepository, UnknownEventError
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.laws.claims import (
    CARELESS,
    Category,
    Claim,
    ClaimKind,
    Do,
    Findings,
    PlayerClass,
    Stated,
    Statement,
    SuitOrder,
    TrumpsStated,
    Unaware,
)
from engine.laws.editions import DEFAULT, Edition, edition
from engine.model.board import BoardRecord
from engine.model.cards import Card, Suit
from engine.model.contract import Contract, Strain
from engine.model.deal import parse_hand
from engine.model.position import Position
from engine.model.seats import Seat, Vulnerability
from engine.records.boards import board_from_parts
from engine.rulings.claim import DEFAULT_TIME_LIMIT, validate_claim
from engine.rulings.claim_after_revoke import adjudicate_claim_after_revoke
from engine.rulings.claim_ruling import ClaimRuling, ClaimSetting, LinePlay
from engine.rulings.claim_search import DEFAULT_NODE_BUDGET, JOB_NODE_BUDGET, SYNC_CARDS, node_budget_for

CarelessCode = Literal["careless_order", "careless_block", "careless_ruff", "unaware_trump", "careless_departure",
                       "unaware_winner", "any_order", "any_discard", "any_follow"]
_ORDER_ITEM = r"^(?:suit:[SHDCshdc]|[SHDCshdc](?:10|[2-9TJQKAtjqka])|(?:10|[2-9TJQKAtjqka])[SHDCshdc])$"

_EXAMPLE: dict[str, JsonValue] = {
    "position": {"hands": {"N": "..5432.", "E": ".KQJT..", "S": "AK.A..9", "W": "QJ..T.2"},
                 "trump": "C", "leader": "S", "declarer": "S", "contract": "4C", "tricks_won": {"NS": 9, "EW": 0}},
    "vulnerable": "None",
    "claim": {"by": "S", "tricks": 4, "kind": "contested",
              "statement": {"text": "all mine", "trumps": "not_mentioned"},
              "findings": {"unaware_of_trump": "likely", "class_of_player": "club"}},
}


class FinesseIn(BaseModel):
    """A stated finesse (70E1)."""

    model_config = ConfigDict(extra="forbid")
    card: str = CardText
    against: SeatCode | None = Field(None, description="The opponent whose card it must beat, if said.")


class RuffIn(BaseModel):
    """A stated ruff: `suit` ruffed in the hand of `in` ("ruff a club in dummy")."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    suit: SuitCode
    in_hand: SeatCode = Field(alias="in")


class ConcedeIn(BaseModel):
    """Tricks the statement gives up ("giving you a spade")."""

    model_config = ConfigDict(extra="forbid")
    suit: SuitCode
    count: int = Field(1, ge=1, le=13, strict=True)


StepCode = Literal["draw_trumps", "cash", "lead", "finesse", "ruff", "cross_ruff", "concede", "discard",
                   "ruffing_finesse", "unblock", "squeeze"]

_STEP_NEEDS: dict[str, tuple[str, ...]] = {
    "draw_trumps": (), "cash": ("suit",), "lead": ("card",), "finesse": ("card",), "ruff": ("suit", "in"),
    "cross_ruff": ("suit", "in", "other_suit"), "concede": ("suit",), "discard": ("card",),
    "ruffing_finesse": ("card",), "unblock": ("card",), "squeeze": (),
}
"""The fields each kind of step must give."""


class StatedIn(BaseModel):
    """One step of the statement, in the order it was said (engine :class:`engine.laws.claims.Do`
    says what each does): ``{"do": "draw_trumps"}``, ``{"do": "cash", "suit": "C"}``,
    ``{"do": "lead", "card": "SA"}``, ``{"do": "finesse", "card": "SQ", "against": "W"}``,
    ``{"do": "ruff", "suit": "C", "in": "N", "count": 2}``, ``{"do": "cross_ruff", "suit": "C", "in": "N",
    "other_suit": "H"}``, ``{"do": "concede", "suit": "D", "count": 1, "card": "C2"}`` (a loser on a loser
    with ``card``), ``{"do": "discard", "card": "C2", "on": "DA"}`` (or ``"suit": "D"``: on the first
    diamond led), ``{"do": "ruffing_finesse", "card": "DQ", "against": "E", "discard": "C2"}``,
    ``{"do": "unblock", "card": "CK"}``, ``{"do": "squeeze", "keep": ["HA", "C2"]}`` (the stated end
    position; without ``keep``: a squeeze stated, its menaces kept as any card that can still win)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    do: StepCode
    suit: SuitCode | None = None
    card: Annotated[str, CardText] | None = None
    in_hand: SeatCode | None = Field(None, alias="in", description="The hand that ruffs.")
    against: SeatCode | None = Field(None, description="The opponent finessed against, if said.")
    count: int = Field(1, ge=1, le=13, strict=True)
    on: Annotated[str, CardText] | None = Field(None, description="discard: the lead it is thrown on.")
    other_suit: SuitCode | None = None
    discard: Annotated[str, CardText] | None = None
    keep: list[Annotated[str, CardText]] = Field(default_factory=list, max_length=26)

    @model_validator(mode="after")
    def _has_what_it_needs(self) -> StatedIn:
        given = {"suit": self.suit, "card": self.card, "in": self.in_hand, "other_suit": self.other_suit,
                 "keep": self.keep or None}
        missing = [f for f in _STEP_NEEDS[self.do] if given[f] is None]
        if self.do == "discard" and self.on is None and self.suit is None:
            missing.append("on")
        if missing:
            raise ValueError(f"the step '{self.do}' needs {', '.join(missing)}")
        return self

    def to_stated(self, path: str) -> Stated:
        """The engine's :class:`Stated` (``path``: where a card that cannot be read is reported)."""
        seat = self.in_hand or self.against
        return Stated(
            Do(self.do), suit=Suit(self.suit) if self.suit else None,
            card=_card(self.card, f"{path}/card") if self.card else None, seat=Seat(seat) if seat else None,
            count=self.count, on=_card(self.on, f"{path}/on") if self.on else None,
            other_suit=Suit(self.other_suit) if self.other_suit else None,
            discard=_card(self.discard, f"{path}/discard") if self.discard else None,
            keep=frozenset(_card(c, f"{path}/keep/{i}") for i, c in enumerate(self.keep)))

    def code(self) -> str:
        """The step in a short code for ``stated_line``: ``draw_trumps``, ``suit:C`` (cash), ``DA`` (lead),
        ``finesse:SQ``, ``ruff:C:N``, ``concede:D:1``, ``discard:C2:DA`` ..."""
        if self.do == "cash":
            return f"suit:{self.suit}"
        if self.do == "lead":
            return (self.card or "").upper()
        parts = [self.do, self.card or self.suit or "", self.in_hand or self.on or ""]
        return ":".join(p for p in parts if p)


class StatementIn(BaseModel):
    """The claimer's statement (68C), coded by the director; `text` is kept and never parsed.

    ``steps`` is the statement in the order it was said. The older fields (``order``, then
    ``ruffs``, ``concede``, ``finesses``, ``unblock``; ``trumps: draws_first`` as a first
    ``draw_trumps``) are still read, appended in that order after ``steps``."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field("", max_length=2000, description="The words said, for the case file.")
    steps: list[StatedIn] = Field(default_factory=list, max_length=52,
                                  description="What the claimer said he would do, in the order he said it.")
    order: list[Annotated[str, Field(pattern=_ORDER_ITEM)]] = Field(
        default_factory=list, max_length=52,
        description="The stated leads in order: a card ('DA'), or 'suit:X' for \"cash suit X\" (older form of "
                    "`steps`).")
    trumps: Literal["not_mentioned", "mentioned", "draws_first"] = "not_mentioned"
    finesses: list[FinesseIn] = Field(default_factory=list, max_length=13)
    ruffs: list[RuffIn] = Field(default_factory=list, max_length=13)
    concede: list[ConcedeIn] = Field(default_factory=list, max_length=13)
    unblock: list[Annotated[str, CardText]] = Field(default_factory=list, max_length=13)
    squeeze_or_endplay: str | None = Field(None, max_length=200, description="Kept for the case file; a squeeze "
                                           "or endplay is credited only when every normal line works.")

    def all_steps(self) -> list[StatedIn]:
        """``steps``, then the older fields as steps."""
        out = list(self.steps)
        more: list[dict[str, object]] = []
        if self.trumps == "draws_first" and not any(s.do == "draw_trumps" for s in out):
            out.insert(0, StatedIn.model_validate({"do": "draw_trumps"}))
        for item in self.order:
            more.append({"do": "cash", "suit": item[5:].upper()} if item.lower().startswith("suit:")
                        else {"do": "lead", "card": item})
        more += [{"do": "ruff", "suit": r.suit, "in": r.in_hand} for r in self.ruffs]
        more += [{"do": "concede", "suit": c.suit, "count": c.count} for c in self.concede]
        more += [{"do": "finesse", "card": f.card, "against": f.against} for f in self.finesses]
        more += [{"do": "unblock", "card": c} for c in self.unblock]
        return out + [StatedIn.model_validate(m) for m in more]

    def step_path(self, i: int) -> str:
        """The request field of the engine's ``i``-th step (as :meth:`all_steps` orders them)."""
        fields = [f"claim/statement/steps/{k}" for k in range(len(self.steps))]
        if self.trumps == "draws_first" and not any(s.do == "draw_trumps" for s in self.steps):
            fields.insert(0, "claim/statement/trumps")
        for name in ("order", "ruffs", "concede", "finesses", "unblock"):
            fields += [f"claim/statement/{name}/{k}" for k in range(len(getattr(self, name)))]
        return fields[i] if 0 <= i < len(fields) else "claim/statement"

    def to_statement(self) -> Statement:
        """The engine's :class:`Statement`."""
        steps = [s.to_stated(self.step_path(i)) for i, s in enumerate(self.all_steps())]
        return Statement(text=self.text, steps=tuple(steps), trumps=TrumpsStated(self.trumps))


class FindingsIn(BaseModel):
    """The director's findings of fact (70C2, the class of player, the RA's 70E2 rule, 70D3)."""

    model_config = ConfigDict(extra="forbid")
    unaware_of_trump: Literal["likely", "unlikely", "unknown"] = Field(
        "unknown", description="70C2: was the claimer at all likely unaware of an outstanding trump? 'unknown' "
                               "counts as 'likely' (doubt against the claimer).")
    class_of_player: Literal["novice", "club", "county", "expert"] = "club"
    suit_order_regulation: Literal["none", "top_down"] = "none"
    played_after_claim: list[Annotated[str, CardText]] = Field(
        default_factory=list, max_length=52, description="Cards played after the claim, in order, accepted as "
                                                         "evidence (70D3): they are played first.")
    normal: dict[CarelessCode, bool] = Field(
        default_factory=dict, description="The director's ruling on a careless category for this player, over "
                                          "the class defaults: false = not normal (a doubtful point switched off).")

    def to_findings(self) -> Findings:
        """The engine's :class:`Findings`."""
        return Findings(
            unaware_of_trump=Unaware(self.unaware_of_trump), class_of_player=PlayerClass(self.class_of_player),
            suit_order_regulation=SuitOrder(self.suit_order_regulation),
            played_after_claim=tuple(_card(c, f"claim/findings/played_after_claim/{i}")
                                     for i, c in enumerate(self.played_after_claim)),
            switches=tuple((Category(k), v) for k, v in self.normal.items()),
        )


class ClaimIn(BaseModel):
    """The claim or concession."""

    model_config = ConfigDict(extra="forbid")
    by: SeatCode = Field(description="Who claimed (for a concession: who conceded).")
    tricks: int = Field(ge=0, le=13, strict=True, description="Tricks claimed (a concession: kept) among the tricks "
                                                              "still to play, the one in progress included.")
    kind: Literal["contested", "agreed_then_disputed", "concession"] = "contested"
    statement: StatementIn = Field(default_factory=lambda: StatementIn.model_validate({}))
    findings: FindingsIn = Field(default_factory=lambda: FindingsIn.model_validate({}))

    def to_claim(self) -> Claim:
        """The engine's :class:`Claim`."""
        return Claim(Seat(self.by), self.tricks, ClaimKind(self.kind), self.statement.to_statement(),
                     self.findings.to_findings())


class PositionIn(BaseModel):
    """The position at the claim as directors note it."""

    model_config = ConfigDict(extra="forbid")
    hands: dict[SeatCode, Annotated[str, Field(max_length=40)]] = Field(
        description="Each seat's remaining cards, a PBN hand 'spades.hearts.diamonds.clubs' with empty suits for "
                    "voids, e.g. 'AK5...'.")
    trump: Literal["S", "H", "D", "C", "NT"]
    leader: SeatCode = Field(description="Who led (or is to lead) the trick in progress.")
    trick: list[Annotated[str, CardText]] = Field(default_factory=list, max_length=3,
                                                  description="Cards already played to the trick in progress.")
    declarer: SeatCode | None = None
    contract: str | None = Field(None, max_length=8, description="e.g. '4H'; with `declarer` and `tricks_won`: the "
                                                                 "score.")
    tricks_won: dict[Literal["NS", "EW"], Annotated[int, Field(ge=0, le=13, strict=True)]] | None = None
    shown_out: list[Annotated[str, Field(pattern=r"^[NESW]:[SHDC]$")]] = Field(
        default_factory=list, max_length=16, description="Voids shown before the claim, 'W:S' (70E1).")

    def to_setting(self, vulnerable: str) -> ClaimSetting:
        """The engine's :class:`ClaimSetting`; raises InvalidBoardError with the field in ``path``."""
        hands: dict[Seat, frozenset[Card]] = {}
        for code in ("N", "E", "S", "W"):
            text = self.hands.get(code)
            path = f"position/hands/{code}"
            if text is None:
                raise InvalidBoardError(f"give the hand of {code} at the claim", path=path, key="claim_hand_missing",
                                        params={"seat": code})
            cards = parse_hand(text if text.strip() else "...", Seat(code), path=path)
            if len(set(cards)) != len(cards):
                raise InvalidBoardError(f"hand of {code} lists a card twice: {text!r}", path=path,
                                        key="hand_card_twice", params={"seat": code, "part": text})
            hands[Seat(code)] = frozenset(cards)
        trick = tuple(_card(c, f"position/trick/{i}") for i, c in enumerate(self.trick))
        trump = None if self.trump == "NT" else Suit(self.trump)
        try:
            pos = Position.from_cards(hands, trump, Seat(self.leader), trick)
        except InvalidBoardError as exc:
            raise relocated(exc, "position") from None
        contract = None
        if self.contract is not None:
            if self.declarer is None:
                raise InvalidBoardError("give the declarer with the contract", path="position/declarer",
                                        key="claim_declarer_missing")
            contract = Contract.from_str(self.contract, Seat(self.declarer))
            if (contract.strain.trump if contract.strain is not Strain.NOTRUMP else None) != trump:
                raise InvalidBoardError(f"the contract {self.contract} does not have {self.trump} as trumps",
                                        path="position/trump", key="claim_trump_contract",
                                        params={"contract": self.contract, "trump": self.trump})
        won = None
        if self.tricks_won is not None:
            won = (self.tricks_won.get("NS", 0), self.tricks_won.get("EW", 0))
            if sum(won) + pos.tricks_left != 13:
                raise InvalidBoardError(f"the tricks won ({won[0]} + {won[1]}) and the {pos.tricks_left} still to "
                                        "play do not make 13", path="position/tricks_won",
                                        key="claim_tricks_won", params={"ns": won[0], "ew": won[1],
                                                                        "left": pos.tricks_left})
        shown = frozenset((Seat(x[0]), Suit(x[2])) for x in self.shown_out)
        return ClaimSetting(pos, shown, won, contract, Vulnerability.from_str(vulnerable))


def _card(text: str, path: str) -> Card:
    try:
        return Card.from_str(text)
    except InvalidBoardError as exc:
        raise relocated(exc, path) from None


class ClaimRulingRequest(RequestModel):
    """A claim: the board (deal, contract, declarer and the play up to the claim; or `event` and
    `board`, with `table` or `pairs` naming its traveller line), or the position at the claim
    alone; and the claim with the director's findings. A play that shows a revoke is ruled with the
    revoke laws (Laws 61-64, as `POST /v1/rulings/revoke` rules the same board with this claim)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [_EXAMPLE]})
    deal: str | None = Field(None, max_length=200, description="PBN deal, e.g. 'N:AKQ2.J.T98.76543 ...'.")
    event: int | None = Field(None, ge=1, le=2**31 - 1, strict=True, description="A stored event whose hand record "
                              "holds `board`.")
    board: str | None = Field(None, max_length=20, description="With `event`: the stored board.")
    contract: str | None = Field(None, max_length=8, description="e.g. '4H', '3NT', '4HX'.")
    declarer: SeatCode | None = None
    vulnerable: Literal["None", "NS", "EW", "All"] = "None"
    play: list[Annotated[str, CardText]] | None = Field(
        None, max_length=52, description="Cards in play order from the opening lead up to the claim (it may stop "
                                         "mid-trick). A revoke in it is ruled with the revoke laws (the answer's "
                                         "`revoke`).")
    position: PositionIn | None = Field(None, description="The position at the claim alone, instead of the board.")
    claim: ClaimIn
    node_budget: int | None = Field(None, ge=1_000, le=100_000_000, strict=True, description="Cards each search may "
                                    f"try before it answers with an interval (default {DEFAULT_NODE_BUDGET:,} up to "
                                    f"{SYNC_CARDS} cards a hand, about 2 s; {JOB_NODE_BUDGET:,} for a bigger claim, "
                                    "ruled as a job: the time limit stops it first).")

    time_limit: float | None = Field(None, ge=1, le=120, description="Seconds the ruling's searches may take "
                                     f"together before they answer with intervals (default {DEFAULT_TIME_LIMIT:g}).")
    table: int | None = Field(None, ge=1, le=999, strict=True, description="With `event` and `board`: the table "
                              "on the board's traveller (`POST /v1/events/{id}/results`), as for "
                              "`POST /v1/rulings/revoke`: contract and declarer come from its line when not given, "
                              "and `scoring` from the rest of the traveller (the response's `from_traveller` says "
                              "which).")
    pairs: PairsIn | None = Field(None, description="With `event` and `board`: the table's pair numbers, "
                                  "`{\"ns\": \"2NS\", \"ew\": \"3EW\"}`, instead of (or as well as) `table`.")
    scoring: ScoringIn | None = Field(None, description="The field or the other room, to score the result to enter "
                                      "against (the response's `scores`).")
    laws_edition: Literal["2017", "2007"] | None = Field(None, description="The Laws edition a revoke in the play is "
                                                         "ruled under. Omitted: the event's edition with `event`, "
                                                         "else 2017.")

    @model_validator(mode="after")
    def _one_source(self) -> ClaimRulingRequest:
        board_fields = [k for k in ("deal", "event", "board", "contract", "declarer", "play", "table", "pairs")
                        if getattr(self, k) is not None]
        if self.position is not None and board_fields:
            raise InvalidBoardError(f"give either the board or the position at the claim, not both (also given: "
                                    f"{', '.join(board_fields)})", key="claim_board_and_position",
                                    params={"fields": ", ".join(board_fields)})
        if self.event is None and (self.table is not None or self.pairs is not None):
            raise InvalidBoardError("`table` and `pairs` pick a line of a stored event's traveller: give `event` "
                                    "and `board` with them", key="traveller_without_event")
        if self.event is not None and self.deal is not None:
            raise InvalidBoardError("with `event`, the deal and vulnerability come from the stored board: do not "
                                    "give deal", key="event_clash", params={"fields": "deal"})
        if self.position is None:
            from_line = self.table is not None or self.pairs is not None
            need = ("event", "board", "contract", "declarer", "play") if self.event is not None else \
                ("deal", "contract", "declarer", "play")
            missing = [k for k in need
                       if getattr(self, k) is None and not (from_line and k in ("contract", "declarer"))]
            if missing:
                raise InvalidBoardError(f"give the board (deal, contract, declarer and play, or event, board, "
                                        f"contract, declarer and play) or the position at the claim (missing: "
                                        f"{', '.join(missing)})", key="claim_source_missing",
                                        params={"fields": ", ".join(missing)})
        return self

    def to_board(self, repo: EventRepository) -> BoardRecord:
        """The board with its play up to the claim: the request's deal and vulnerability, or with
        ``event`` the stored hand record of ``board`` (:func:`app.api.board_source.stored_hand_record`);
        the contract and declarer given, or with ``table``/``pairs`` those of the traveller line
        when not given (:func:`app.api.travellers.require_contract`).

        Raises:
            InvalidBoardError: path ``event``/``board`` (not stored), ``table``/``pairs`` (no such line,
                or a line without a contract), or the field that cannot be read (``deal``, ``contract``,
                ``play/<i>``).
        """
        contract: str | None = self.contract
        declarer: str | None = self.declarer
        if self.event is None:
            deal, vulnerable, label = self.deal or "", self.vulnerable, ""
        else:
            record, label = stored_hand_record(repo, self.event, self.board or "")
            deal, vulnerable = record.deal_pbn, record.vulnerability.value
            if (contract is None or declarer is None) and (self.table is not None or self.pairs is not None):
                line = table_on_traveller(repo, self.event, record.board, self.table, self.pairs).line
                held, seat = require_contract(line, "table" if self.table is not None else "pairs")
                contract, declarer = contract or held, declarer or seat.value
        if contract is None or declarer is None:
            raise InvalidBoardError("give the contract and the declarer", path="contract" if contract is None
                                    else "declarer", key="claim_source_missing",
                                    params={"fields": "contract" if contract is None else "declarer"})
        return board_from_parts(deal, contract, declarer, vulnerable, self.play or (), label)

    def to_setting(self, repo: EventRepository) -> ClaimSetting:
        """The position at the claim; raises InvalidBoardError naming the field."""
        if self.position is not None:
            return self.position.to_setting(self.vulnerable)
        return ClaimSetting.of_board(self.to_board(repo))

    def edition(self, repo: EventRepository) -> Edition:
        """The Laws edition a revoke in the play is ruled under: ``laws_edition``, else the stored
        event's (``event``), else 2017.

        Raises:
            InvalidBoardError: path ``event``: no such event.
        """
        if self.laws_edition is not None:
            return edition(self.laws_edition)
        if self.event is None:
            return DEFAULT
        try:
            return edition(repo.get_event(self.event).details.laws_edition)
        except UnknownEventError as exc:
            raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None


def checked_claim(body: ClaimRulingRequest, setting: ClaimSetting) -> Claim:
    """The engine's claim of ``body``, checked against the position (:func:`validate_claim`).

    Raises:
        InvalidBoardError: as :func:`validate_claim`; a card of the statement the claiming side
            does not hold is reported at the request's own field (``steps/<i>``, or ``order/<i>``,
            ``finesses/<i>``... for the older fields).
    """
    claim = body.claim.to_claim()
    try:
        validate_claim(setting, claim)
    except InvalidBoardError as exc:
        prefix = "claim/statement/steps/"
        if exc.path and exc.path.startswith(prefix):
            raise relocated(exc, body.claim.statement.step_path(int(exc.path[len(prefix):]))) from None
        raise
    return claim


def rule_claim(body: ClaimRulingRequest, repo: EventRepository, solver: DoubleDummySolver, *,
               setting: ClaimSetting | None = None) -> ClaimRuling:
    """Adjudicate the claim ``body`` describes (Laws 68-71); a play that shows a revoke is ruled
    with the revoke laws, under the edition :meth:`ClaimRulingRequest.edition` gives
    (:func:`engine.rulings.claim_after_revoke.adjudicate_claim_after_revoke`: the ruling's
    ``revoke``). Blocks on the solver: call it from a worker thread. ``setting``: the position
    ``body.to_setting(repo)`` gave, when already read. A request naming a traveller line
    (``table``/``pairs``) may come prefilled (:func:`app.api.claim_traveller.claim_from_traveller`);
    else the line's contract and declarer are read here.

    Raises:
        InvalidBoardError: bad or contradictory input, ``path`` naming the field (never sent to DDS).
        SolverError: the solver failed or is busy.
    """
    setting = setting or body.to_setting(repo)
    return adjudicate_claim_after_revoke(setting, checked_claim(body, setting), solver, edition=body.edition(repo),
                                         node_budget=body.node_budget or node_budget_for(setting.position.tricks_left),
                                         time_limit=body.time_limit or DEFAULT_TIME_LIMIT)


class LinePlayOut(BaseModel):
    """One card of a line after the claim."""

    trick: int = Field(description="The trick's number on the board (1..13; counted from the claim when the tricks "
                                   "won before it are not known).")
    seat: SeatCode
    card: str
    category: str | None = Field(description="Why the restricted side's card was offered (stated, cash, entry, "
                                             "concede, normal, careless_*, unaware_trump); null for the other side.")
    careless: bool = Field(description="A careless or inferior play counted as normal (a `careless_*` category or "
                                       "`unaware_trump`); a doubtful point only when `doubtful` is true too.")
    doubtful: bool = Field(description="A card of a doubtful point (its category is one of `doubtful_points`): "
                                       "ruling that category not normal gives the claiming side more. A careless "
                                       "play that gives it nothing more is no doubtful point.")
    evidence: bool = Field(description="Played after the claim and taken as evidence (70D3).")
    dd: int | None = Field(description="The claiming side's tricks after the claim if this card is played and both "
                                       "sides then play double dummy.")


class DoubtfulPointOut(BaseModel):
    """A careless choice on the worst line; the director may rule it not normal (`findings.normal`)."""

    trick: int
    seat: SeatCode
    card: str
    category: CarelessCode
    law: str
    if_not_normal: int | None = Field(description="The claiming side's tricks when this category is ruled not "
                                                  "normal; how it was found is `figure_basis` (null: that search "
                                                  "hit its budget and no bound applies).")
    figure_basis: Literal["search", "double_dummy"] | None = Field(
        description="How `if_not_normal` was found. `search`: the search with this category ruled not normal "
                    "finished: the figure Law 70 gives. `double_dummy`: that search hit its budget; the figure is "
                    "the most the claiming side can take from this point on double dummy (its best card instead of "
                    "the careless one): an upper bound, never a searched figure. Null with no figure.")


class SearchOut(BaseModel):
    """How the search went."""

    complete: bool = Field(description="False: stopped at the node budget; the award is an interval.")
    nodes: int
    ms: float


class ClaimRulingResponse(BaseModel):
    """The ruling. Trick counts: the claiming side's, among the tricks still to play at the claim."""

    tricks_left: int
    awarded: int | None = Field(description="The claiming side's tricks among those still to play; null when the "
                                            "search stopped at its budget (see `awarded_range`).")
    awarded_range: dict[str, int] = Field(description="`at_least` and `at_most` for the claiming side.")
    needs_director: bool = Field(description="True: the search did not finish (or 69B2 'likely' is open): the "
                                             "director decides within the range.")
    claim_stands: bool | None
    double_dummy: int = Field(description="The claiming side's tricks double dummy, for reference only.")
    restricted_side: Literal["NS", "EW"] = Field(description="The side held to normal play.")
    likely_if: int | None = Field(description="69B2: the claiming side's tricks if the director judges that the "
                                              "agreeing side would likely have won what double dummy gives it.")
    declarer_tricks: int | None
    result: str | None
    score_ns: int | None = Field(description="Law 77 points, North-South's view, when the whole board is known.")
    worst_line: list[LinePlayOut]
    stated_line: list[str] = Field(description="The stated order, as given.")
    doubtful_points: list[DoubtfulPointOut]
    if_all_not_normal: int | None = Field(None, description="With two doubtful points or more: the claiming side's "
                                          "tricks when the director rules every one of them not normal.")
    search: SearchOut
    explanation: list[str]
    steps: list[StepOut]
    engine_version: str
    revoke: RevokeRulingResponse | None = Field(
        default=None,
        description="When the play up to the claim shows a revoke: the revoke ruling the claim was ruled with "
        "(Laws 61-64; exactly as `POST /v1/rulings/revoke` answers the same board with this `claim`). A revoke not "
        "established when a non-offender's claim was disputed is corrected and the claim ruled from the corrected "
        "position (WBFLC minute, 12 January 2000): `tricks_left`, `awarded` and the worst line are then counted "
        "from the revoke trick; an established one stands and the trick transfer (64A) follows the claim. "
        "`declarer_tricks`, `result` and `score_ns` above are its result to enter (`revoke.suggested`), and "
        "`steps` its steps, the claim's among them.")
    scores: ScoresOut | None = Field(
        default=None,
        description="The score to enter (`suggested`, North-South's points) and, when `scoring` gives the "
        "field or the other room (or the traveller line named by `table`/`pairs` does), its matchpoints or IMPs "
        "against them (`weighted`); with a revoke, the revoke ruling's scores. Null while the award is open.")
    from_traveller: FromTravellerOut | None = Field(
        default=None,
        description="When the request named a table of a stored traveller (`table` or `pairs`): that line, "
        "and what the ruling took from it (contract, declarer, scoring).")
    laws_edition: str = Field("2017", description="The Laws edition a revoke in the play was ruled under (without a "
                              "revoke: the request's `laws_edition`, 2017 when not given).")

    @classmethod
    def from_ruling(cls, r: ClaimRuling, body: ClaimRulingRequest) -> ClaimRulingResponse:
        """The answer in the language being built; with a revoke in the play, its ruling
        (``revoke``) and scores; the scores against ``body.scoring`` (``from_traveller`` is the
        caller's, who read the traveller line).

        Raises:
            InvalidBoardError: an unknown profile in ``body.scoring`` (path ``scoring/...``).
        """
        claimer = r.claim.by.side
        revoke = RevokeRulingResponse.from_advice(r.revoke, body.scoring) if r.revoke is not None else None
        if revoke is not None:
            scores: ScoresOut | None = revoke.scores if r.score_ns is not None else None
        else:
            scores = scores_block(table=None, after_adjustment=None, suggested=r.score_ns, plausible=(),
                                  scoring=body.scoring, suggested_result=r.result) if r.score_ns is not None else None

        points = {d.category for d in r.doubtful_points}  # the line's cards of a point: its category's

        def claimer_dd(lp: LinePlay) -> int | None:
            if lp.dd is None:
                return None
            return lp.dd if r.restricted is claimer else r.tricks_left - lp.dd

        return cls(
            tricks_left=r.tricks_left, awarded=r.awarded,
            awarded_range={"at_least": r.awarded_range[0], "at_most": r.awarded_range[1]},
            needs_director=r.awarded is None or r.likely_if is not None, claim_stands=r.claim_stands,
            double_dummy=r.dd_claimer,
            restricted_side="NS" if r.restricted.value == "NS" else "EW", likely_if=r.likely_if,
            if_all_not_normal=r.if_all_not_normal,
            declarer_tricks=r.declarer_tricks, result=r.result, score_ns=r.score_ns,
            worst_line=[LinePlayOut(trick=lp.board_trick, seat=lp.seat.value, card=str(lp.card),
                                    category=lp.category.value if lp.category else None,
                                    careless=lp.category in CARELESS, doubtful=lp.category in points,
                                    evidence=lp.evidence, dd=claimer_dd(lp))
                        for lp in r.search.line],
            stated_line=[x.code() for x in body.claim.statement.all_steps()],
            doubtful_points=[DoubtfulPointOut(trick=d.trick, seat=d.seat.value, card=str(d.card),
                                              category=d.category.value, law=d.law,  # type: ignore[arg-type]
                                              if_not_normal=d.if_not_normal,
                                              figure_basis=d.figure_basis.value if d.figure_basis else None)
                             for d in r.doubtful_points],
            search=SearchOut(complete=r.search.complete, nodes=r.search.nodes, ms=round(r.search.ms, 1)),
            explanation=explanation(r.steps), steps=[StepOut.of(s) for s in r.steps], engine_version=engine_version,
            revoke=revoke, scores=scores, laws_edition=revoke.laws_edition if revoke is not None else
            (body.laws_edition or "2017"),
        )

