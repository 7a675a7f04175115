"""The case file over HTTP: ``/v1/cases`` (rule and keep, list, read, history, re-run).

The use cases (:func:`open_case`, :func:`rerun`, :func:`parse_case`, :func:`filter_cases`) are
plain functions shared by the API and the director's page; the decision and the reviews are
:mod:`app.api.case_decisions`, amendments and withdrawals :mod:`app.api.case_amendments`, the
ruling log :mod:`app.api.ruling_log`, export and import :mod:`app.api.case_export`, the models
:mod:`app.api.schemas.cases`. The rules of the case file are :mod:`engine.casefile.cases`, the store is
``app/storage/cases.py``, who may call what is :mod:`app.service.access` (one policy for every route).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from app import i18n
from app.api.alternatives import case_proposal, profile_name, rule_alternatives
from app.api.card_traveller import cards_from_event
from app.api.case_common import ERRORS, CaseId, repos, with_scorer
from app.api.claim_traveller import claim_from_traveller, with_traveller
from app.api.rulings import prefill_from_traveller, rule_revoke
from app.api.schemas.alternatives import AlternativesRequest
from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse
from app.api.schemas.cases import (
    CASE_EXAMPLE,
    CASE_FIELDS,
    CaseCreatedOut,
    CaseFieldsIn,
    CaseOut,
    CaseSummaryOut,
    DifferenceOut,
    HistoryEntryOut,
    RerunOut,
)
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse, rule_claim
from app.api.schemas.common import ErrorResponse
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import RevokeRulingResponse
from app.service.access import Acting
from app.storage.cases import SqlCaseRepository
from engine import __version__ as engine_version
from engine.casefile.cases import Action, Case, CaseConflictError, CaseDetails, CaseKind, NewCase, Pair
from engine.casefile.events import EventRepository, LawsEdition, UnknownEventError
from engine.casefile.history import differences
from engine.casefile.users import Actor
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.model.seats import Side
from engine.records.handrecords import board_key
from engine.rulings.incorrect_cards import advise_incorrect_cards
from engine.scoring.profiles import profile


def _invalid(errors: Sequence[Mapping[str, Any]], prefix: tuple[str | int, ...] = ("body",)) -> RequestValidationError:
    return RequestValidationError([{**e, "loc": (*prefix, *e.get("loc", ()))} for e in errors])


def parse_case(data: Mapping[str, Any]) -> tuple[CaseFieldsIn, dict[str, Any]]:
    """Split a ``POST /v1/cases`` body into the case's fields and the ruling request's body. A
    case's ``traveller_line`` becomes the request's ``event``, ``board`` (the number) and
    ``table``/``pairs``: the line the request is ruled on each time.

    Raises:
        RequestValidationError: a bad case field (the ruling request is checked when ruled);
            ``traveller_line`` for a claim given with ``deal`` or ``position`` (a line is a table of
            the event's board).
    """
    if not isinstance(data, Mapping):
        raise _invalid([{"type": "dict_type", "loc": (), "msg": "the body is a JSON object: the ruling request "
                         "and the case's fields", "input": None}])
    try:
        fields = CaseFieldsIn.model_validate({k: v for k, v in data.items() if k in CASE_FIELDS})
    except ValidationError as exc:
        raise _invalid(exc.errors(include_url=False, include_input=False)) from None
    rest = {k: v for k, v in data.items() if k not in CASE_FIELDS}
    line = fields.traveller_line
    if line is not None and fields.kind == "claim" and ("position" in rest or "deal" in rest):
        raise _invalid([{"type": "value_error", "loc": ("traveller_line",), "msg": "a claim on a traveller line is "
                         "ruled on the event's board with its play: give `play` (and the claim), not `deal` or "
                         "`position`", "input": None}])
    if line is not None:  # the request's own `table`/`pairs`: read from the traveller whenever it is ruled
        rest |= {"event": fields.event, "board": fields.board,
                 **line.model_dump(mode="json", exclude_none=True)}
    if fields.kind in ("claim", "alternatives"):
        if "position" not in rest and "deal" not in rest:
            rest |= {"event": fields.event, "board": fields.board}  # the event's hand record
    elif fields.kind == "revoke":
        if "pbn" in rest:
            rest["board"] = fields.board  # picks the game of the PBN text; the event only owns the case
        elif "deal" not in rest:
            rest |= {"event": fields.event, "board": fields.board}  # the event's hand record
    return fields, rest


def _details(f: CaseFieldsIn) -> CaseDetails:
    return CaseDetails(event_id=f.event, board=board_key(f.board), round=f.round.strip(), table=f.table.strip(),
                       ns=Pair(f.pairs.ns.number.strip(), f.pairs.ns.names.strip()),
                       ew=Pair(f.pairs.ew.number.strip(), f.pairs.ew.names.strip()), director=f.director.strip())


def rule(kind: CaseKind, request: Mapping[str, Any], events: EventRepository,
         solver: DoubleDummySolver, laws_edition: LawsEdition | None = None, decided: Sequence[Case] = (),
         ) -> tuple[dict[str, Any], dict[str, Any], int | None, int | None]:
    """Rule on a stored or new ruling request: ``(request as ruled, ruling JSON, suggested_ns,
    table_ns)``. Blocks on the solver. A revoke request that names no Laws edition is ruled
    under ``laws_edition`` (the case's event's) when given; the request is kept as it came. The
    ruling JSON is the case file's record: always in English, each step with its catalogue
    ``key`` and ``params`` (to be said in any language when shown), whatever language the
    request asked for (its errors are said in that one). A claim request that names no Laws edition
    has a revoke in its play ruled under ``laws_edition`` too. A request is ruled as
    ``POST /v1/rulings/revoke``, ``/incorrect-cards`` and ``/claim`` rule it
    (:func:`app.api.rulings.prefill_from_traveller`, :func:`app.api.card_traveller.cards_from_event`,
    :func:`app.api.claim_traveller.claim_from_traveller`):
    with ``event`` the stored board, with ``table``/``pairs`` what it leaves out (contract, declarer,
    result (not a claim's), the scoring against the rest of the traveller) from that traveller line,
    read again each time (the ruling's ``from_traveller`` says what). An alternatives request is
    ruled as ``POST /v1/rulings/alternatives`` rules it (:func:`rule_alternatives`: its weighted score
    on the field as it now stands, ``decided`` the event's cases, each decided one in place), its
    ruling JSON with the ``proposal`` it makes (:func:`app.api.alternatives.case_proposal`): its
    suggested points are 12C1(e)'s score for North-South, ``None`` for a weighted score (its
    points average is no score the scorer enters).

    Raises:
        RequestValidationError: the request does not validate (locations under ``body``).
        InvalidBoardError: bad bridge facts (``path`` the field); SolverError.
    """
    try:
        if kind is CaseKind.REVOKE:
            revoke = RevokeRulingRequest.model_validate(request)
            given = revoke.model_dump(mode="json", exclude_unset=True)
            if revoke.laws_edition is None and laws_edition is not None:
                revoke = revoke.model_copy(update={"laws_edition": laws_edition.value})
            # as POST /v1/rulings/revoke: the scores against the traveller line too, not only its contract and result
            revoke, came = prefill_from_traveller(revoke, events)
            advice = rule_revoke(revoke, events, solver)
            with i18n.use(i18n.DEFAULT):
                out = RevokeRulingResponse.from_advice(advice, revoke.scoring)
            if came is not None:
                out = out.model_copy(update={"from_traveller": came})
            return given, out.model_dump(mode="json"), out.scores.suggested, out.score_ns.table
        if kind is CaseKind.CLAIM:
            claim = ClaimRulingRequest.model_validate(request)
            given = claim.model_dump(mode="json", exclude_unset=True, by_alias=True)
            if claim.laws_edition is None and laws_edition is not None:  # a revoke in the play: the event's Laws
                claim = claim.model_copy(update={"laws_edition": laws_edition.value})
            # as POST /v1/rulings/claim: with `table`/`pairs` the contract, declarer and scoring from the line
            claim, came = claim_from_traveller(claim, events)
            ruled = rule_claim(claim, events, solver)
            with i18n.use(i18n.DEFAULT):
                co = with_traveller(ClaimRulingResponse.from_ruling(ruled, claim), came)
            return given, co.model_dump(mode="json"), co.score_ns, None
        if kind is CaseKind.ALTERNATIVES:
            alt = AlternativesRequest.model_validate(request)
            given = alt.model_dump(mode="json", exclude_unset=True)
            with i18n.use(i18n.DEFAULT):  # the record in English; an error is said by its key in any language
                answer = rule_alternatives(alt, events, solver, decided)
            prof = profile(profile_name(alt, events))
            proposal = case_proposal(answer, prof, Side(alt.offending_side) if alt.offending_side else None)
            kept = {**answer.model_dump(mode="json"), "profile": prof.name, "proposal": proposal}
            # a weighted score's points average, or a kept split's two figures, is no score the scorer enters
            suggested = proposal.get("score_ns") if proposal["form"] in ("split", "assigned") else None
            return given, kept, suggested, answer.table_result.score_ns
        cards = IncorrectCardsRequest.model_validate(request)
        given = cards.model_dump(mode="json", exclude_unset=True)
        # as POST /v1/rulings/incorrect-cards: with `event` the stored board, with `table`/`pairs` the contract,
        # result and scoring from the traveller line, read again each time the stored request is ruled
        prefilled, came = cards_from_event(cards, events)
        advised = advise_incorrect_cards(prefilled.to_case(), solver=solver, profile=prefilled.profile())
        with i18n.use(i18n.DEFAULT):
            ic = IncorrectCardsResponse.from_advice(advised, prefilled.scoring)
        if came is not None:
            ic = ic.model_copy(update={"from_traveller": came})
        return given, ic.model_dump(mode="json"), ic.scores.suggested, ic.table_score_ns
    except ValidationError as exc:
        raise _invalid(exc.errors(include_url=False, include_input=False)) from None


def _with_hand_record(rest: dict[str, Any], events: EventRepository, event_id: int, board: str) -> dict[str, Any]:
    """An incorrect-cards request without ``hand_record`` gets the event's stored board (deal,
    dealer, vulnerability) when the event holds it; its label names the event and board."""
    event = events.get_event(event_id)
    out = {"board": f"{event.details.name}, board {board_key(board)}", **rest}
    record = events.board(event_id, board)
    if record is not None and "hand_record" not in rest:
        out |= {"hand_record": record.deal_pbn, "dealer": rest.get("dealer", record.dealer.value),
                "vulnerable": rest.get("vulnerable", record.vulnerability.value)}
    return out


def open_case(data: Mapping[str, Any], events: EventRepository, cases: SqlCaseRepository,
              solver: DoubleDummySolver, actor: Actor) -> Case:
    """Rule on the body of ``POST /v1/cases`` and keep it as a case (one transaction after the
    ruling; the case exists only once committed). Blocks on the solver. A revoke is ruled under
    the Laws edition of the case's event unless the request names one (``laws_edition``).

    Raises:
        RequestValidationError: bad case fields or ruling request (locations under ``body``).
        InvalidBoardError: bad bridge facts; path ``event``: no such event.
        CaseConflictError: the event has a case (not withdrawn) for the board, round and table
            and ``duplicate`` is not true (its ``cases`` name it).
        SolverError: the solver failed or is busy.
    """
    fields, rest = parse_case(data)
    kind = CaseKind(fields.kind)
    try:
        event = events.get_event(fields.event)
    except UnknownEventError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    details = _details(fields)
    if not fields.duplicate:
        same = same_table(cases.cases(fields.event, details.board), details)
        if same:
            ids = ", ".join(str(i) for i in same)
            raise CaseConflictError(
                f"board {details.board}, round {details.round or '-'}, table {details.table or '-'} of this event "
                f"already has case {ids}: send \"duplicate\": true to keep another case for it",
                key="case_duplicate_api", params={"board": details.board, "round": details.round or "-",
                                                  "table": details.table or "-", "ids": ids}, cases=same)
    if kind is CaseKind.INCORRECT_CARDS:
        rest = _with_hand_record(rest, events, fields.event, fields.board)
    decided = cases.cases(fields.event) if kind is CaseKind.ALTERNATIVES else ()
    given, ruling, suggested, table = rule(kind, rest, events, solver, event.details.laws_edition, decided)
    new = NewCase(details=details, kind=kind, request=given, ruling=ruling,
                  engine_version=engine_version, laws_edition=str(ruling.get("laws_edition", "2017")),
                  suggested_ns=suggested, table_ns=table)
    return cases.create_case(new, actor)


def same_table(existing: Sequence[Case], details: CaseDetails) -> tuple[int, ...]:
    """The ids of the cases among ``existing`` (an event's cases of one board) that are not
    withdrawn and have ``details``' round and table: a new case for them would be a duplicate."""
    return tuple(c.id for c in existing if c.withdrawn is None and c.details.board == details.board
                 and c.details.round == details.round and c.details.table == details.table)


def filter_cases(cases: Sequence[Case], *, status: str | None = None, director: str | None = None,
                 since: dt.date | None = None, until: dt.date | None = None) -> list[Case]:
    """The cases of ``cases`` whose status starts with ``status`` (``"decided"``, ``"reviewed"``,
    ``"withdrawn"``, ``"awaiting decision"``), whose director contains ``director`` (any case),
    created on or after ``since`` and on or before ``until`` (UTC days)."""
    out = []
    for c in cases:
        if status and not c.status.startswith(status):
            continue
        if director and director.casefold() not in c.details.director.casefold():
            continue
        day = c.created.astimezone(dt.UTC).date()
        if (since and day < since) or (until and day > until):
            continue
        out.append(c)
    return out


MAX_DIFFERENCES = 200
"""A rerun's history entry keeps at most this many differences (the answer has them all)."""


def rerun(cases: SqlCaseRepository, events: EventRepository, solver: DoubleDummySolver, case_id: int,
          actor: Actor) -> RerunOut:
    """Rule the stored request again on the current engine (under the Laws edition the stored
    ruling applied, unless the request names one), compare with the stored ruling and append a
    ``rerun`` entry saying what differs; the stored ruling is never changed.

    A revoke request stored before ``rest_valued_double_dummy`` existed, whose play stops before
    trick 13 with neither a table result nor a claim figure, was ruled with the rest valued double
    dummy (its stored ruling says ``claim.assumed``): it is re-ruled the same way, the assumption
    labelled in the steps, never refused (:func:`stored_request`).

    Raises:
        UnknownCaseError; RequestValidationError / InvalidBoardError: the stored request no
        longer validates on this engine (nothing is appended); SolverError.
    """
    case = cases.get_case(case_id)
    request = stored_request(case.data.kind, case.data.request, case.data.ruling)
    decided = cases.cases(case.details.event_id) if case.data.kind is CaseKind.ALTERNATIVES else ()
    _, now, _, _ = rule(case.data.kind, request, events, solver, _edition(case.data.laws_edition), decided)
    diffs = differences(case.data.ruling, now)
    change = {"engine_version_stored": case.data.engine_version, "engine_version_now": engine_version,
              "same": not diffs, "differences": [{"path": d.path, "stored": d.stored, "now": d.now}
                                                 for d in diffs[:MAX_DIFFERENCES]]}
    cases.append(case_id, Action.RERUN, actor, lambda _c: change)
    return RerunOut(case=case_id, engine_version_stored=case.data.engine_version, engine_version_now=engine_version,
                    same=not diffs, differences=[DifferenceOut(path=d.path, stored=d.stored, now=d.now)
                                                 for d in diffs], ruling=now)


def stored_request(kind: CaseKind, request: Mapping[str, Any], ruling: Mapping[str, Any]) -> Mapping[str, Any]:
    """The stored request as a rerun sends it: a revoke request from before issue 24 that gave
    neither ``table_result``, ``claim_declarer_tricks`` nor ``rest_valued_double_dummy``, and whose
    stored ruling valued the tricks not played double dummy (``claim.assumed``), gets
    ``rest_valued_double_dummy: true``, which is what it was ruled with; any other request as it is."""
    claim = ruling.get("claim") if isinstance(ruling, Mapping) else None
    given = ("table_result", "claim_declarer_tricks", "rest_valued_double_dummy")
    if kind is CaseKind.REVOKE and isinstance(claim, Mapping) and claim.get("assumed") \
            and request.get("noticed", "after_play") != "during_play" and not any(k in request for k in given):
        return {**request, "rest_valued_double_dummy": True}
    return request


def _edition(code: str) -> LawsEdition | None:
    """The Laws edition a stored ruling applied, ``None`` for a code this engine does not know."""
    try:
        return LawsEdition(code)
    except ValueError:
        return None


def router() -> APIRouter:
    """The ``/v1/cases`` routes: rule and keep, list, read, history, re-run. Plain ``def``
    handlers: the solver and the database block, so FastAPI runs them in its thread pool."""
    r = APIRouter(tags=["cases"])

    @r.post("/v1/cases", status_code=201, response_model=CaseCreatedOut, summary="Rule on a board and keep it as "
            "a case", responses={**ERRORS, 503: {"model": ErrorResponse, "description": "The solver is busy."},
                                 409: {"model": ErrorResponse, "description": "The event has a case for the "
                                       "same board, round and table (not withdrawn): `cases` names it; send "
                                       "`duplicate`: true if another is meant."}})
    def create_case(
        request: Request,
        actor: Acting,
        body: Annotated[dict[str, Any], Body(openapi_examples={"revoke": {"summary": "A revoke from the event's "
                                                                          "hand record", "value": CASE_EXAMPLE}})],
    ) -> JSONResponse:
        """The body is a ruling request (`kind` "revoke", the default: the body of `POST
        /v1/rulings/revoke`; "incorrect_cards": of `POST /v1/rulings/incorrect-cards`; "claim": of
        `POST /v1/rulings/claim`; "alternatives": of `POST /v1/rulings/alternatives`, its ruling
        kept with the `proposal` the director confirms or changes: the weighted score, 12C1(c), or
        12C1(e)'s two scores where the event's profile does not weight) plus the
        case's fields: `event`, `board`, `round`, `table`, `pairs` {ns, ew: {number, names}},
        `director`; a revoke or incorrect-cards ruling on a traveller line names it in `traveller_line`
        (its `table`/`pairs`). Without `pbn` or `deal`, the board's deal comes from the event's hand records.
        It rules, stores the request and the ruling with the engine version and the Laws
        edition, and answers 201 with the case's `id` and the ruling once it is committed. A
        second case for the same board, round and table is a 409 naming the first unless
        `duplicate` is true."""
        events, cases = repos(request)
        case = open_case(body, events, cases, request.app.state.solver, actor)
        out = CaseCreatedOut(id=case.id, kind=case.data.kind.value, ruling=dict(case.data.ruling))
        return JSONResponse(out.model_dump(mode="json"), status_code=201,
                            headers={"Location": f"/v1/cases/{case.id}"})

    @r.get("/v1/cases", response_model=list[CaseSummaryOut], responses=ERRORS, summary="The cases of an event")
    def list_cases(request: Request,
                   event: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
                   board: Annotated[str | None, Query(max_length=20)] = None,
                   status: Annotated[Literal["awaiting decision", "decided", "reviewed", "withdrawn"] | None,
                                     Query()] = None,
                   director: Annotated[str | None, Query(max_length=120)] = None,
                   since: dt.date | None = None, until: dt.date | None = None) -> list[CaseSummaryOut]:
        """The cases of `event` (and `board`), oldest first: board, round, table, pairs, status and
        the score that stands. Without `event`, every case; `status`, `director` (part of the
        name), `since` and `until` (days the case was saved, UTC) narrow the list."""
        found = filter_cases(repos(request)[1].cases(event, board), status=status, director=director,
                             since=since, until=until)
        return [CaseSummaryOut.of(c) for c in found]

    @r.get("/v1/cases/{case_id}", response_model=CaseOut, responses=ERRORS, summary="A case")
    def get_case(case_id: CaseId, request: Request) -> CaseOut:
        """The case: its facts, the request and the ruling as stored, the engine and Laws
        versions, the director's decision and the committee's reviews."""
        return with_scorer(request, CaseOut.of(repos(request)[1].get_case(case_id)),
                           repos(request)[1].get_case(case_id))

    @r.get("/v1/cases/{case_id}/history", response_model=list[HistoryEntryOut], responses=ERRORS,
           summary="Every change of a case")
    def history(case_id: CaseId, request: Request) -> list[HistoryEntryOut]:
        """The case's append-only history, oldest first: who, when, what changed."""
        return [HistoryEntryOut.of(e) for e in repos(request)[1].get_case(case_id).history]

    @r.post("/v1/cases/{case_id}/rerun", response_model=RerunOut, responses=ERRORS,
            summary="Rule the stored request again on the current engine")
    def rerun_case(case_id: CaseId, request: Request,
                   actor: Acting) -> RerunOut:
        """Rule the stored request again and say what differs from the stored ruling (a new
        engine never changes a stored case silently); the stored ruling stays as it was and the
        re-run is added to the history."""
        events, cases = repos(request)
        return rerun(cases, events, request.app.state.solver, case_id, actor)

    return r
