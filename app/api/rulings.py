"""The revoke ruling of one API request, shared by ``POST /v1/rulings/revoke`` and the
director's page: the board (a PBN game, the parts, or a stored event's hand record), the TD's
facts, then the engine (:func:`engine.rulings.revoke.advise_revoke`)."""

from __future__ import annotations

from app.api.events import board_for
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import FromTravellerOut
from app.api.schemas.scores import ScoringIn
from app.api.travellers import TableOnTraveller, normal_results, require_contract, table_on_traveller
from engine.casefile.events import EventRepository
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.laws.editions import DEFAULT, Edition, edition
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice


def edition_for(body: RevokeRulingRequest, repo: EventRepository) -> Edition:
    """The Laws edition of a ruling: the request's ``laws_edition``, else the edition of the
    stored event the board belongs to (``event``), else 2017.

    Raises:
        UnknownEventError: ``event`` names no stored event (call after :func:`board_for`, which
            reports it as a bad field).
    """
    if body.laws_edition is not None:
        return edition(body.laws_edition)
    if body.event is not None:
        return edition(repo.get_event(body.event).details.laws_edition)
    return DEFAULT


def prefill_from_traveller(body: RevokeRulingRequest, repo: EventRepository
                           ) -> tuple[RevokeRulingRequest, FromTravellerOut | None]:
    """The request with what it leaves out taken from the traveller line it names: contract,
    declarer, table result (the declarer's side's tricks, when the request says nothing of how
    play ended: :func:`takes_line_result`), and
    ``scoring`` in the traveller's form (:func:`engine.records.results.against.traveller_form`): the other
    North-South scores of the section as the field for matchpoints, Butler or cross-IMPs, or the
    other room's score for teams; the event's scoring profile. What was taken is listed in the
    second value.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller`; path ``table``/``pairs``: the line holds no
            contract (an artificial score, a board not played or passed out) and the request gives none.
    """
    if body.event is None or (body.table is None and body.pairs is None):
        return body, None
    named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
    line = named.line
    update: dict[str, object] = {}
    filled: list[str] = []
    if body.contract is None or body.declarer is None:
        require_contract(line, "table" if body.table is not None else "pairs")
    if body.contract is None and line.contract is not None:
        update["contract"] = line.contract
        filled.append("contract")
    if body.declarer is None and line.declarer is not None:
        update["declarer"] = line.declarer.value
        filled.append("declarer")
    if takes_line_result(body) and line.tricks is not None:
        update["table_result"] = line.tricks
        filled.append("table_result")
    scoring = traveller_scoring(named, repo) if body.scoring is None else None
    if scoring is not None:
        update["scoring"] = scoring
        filled.append("scoring")
    return body.model_copy(update=update), line_out(named, filled, scoring)


def takes_line_result(body: RevokeRulingRequest) -> bool:
    """Whether the traveller line's result may fill ``table_result``: only when the request says
    nothing of how play ended. Not when it gives the table result, even as ``null`` (the
    director's field left empty on purpose: the page then asks how play ended, as it does without
    a traveller), a claim's figure, a claim to adjudicate, or the rest valued double dummy (each
    says play ended otherwise than the line's figure tells)."""
    return "table_result" not in body.model_fields_set and body.claim_declarer_tricks is None and \
        body.claim is None and not body.rest_valued_double_dummy


def traveller_scoring(named: TableOnTraveller, repo: EventRepository) -> ScoringIn | None:
    """How the named table is scored against the rest of its traveller, in the traveller's form
    (:attr:`app.api.travellers.TableOnTraveller.form`): the other North-South scores of the section as
    the field for matchpoints, Butler or cross-IMPs, or the other room's score at teams, with the
    event's profile; ``None`` when there is nothing to score against."""
    found = named.form
    room = found.other_room.ns_score if found.other_room is not None else None
    if not (room is not None if found.form == "teams" else named.field):
        return None
    profile = repo.get_event(named.traveller_event).details.scoring_profile
    return ScoringIn.model_validate({"other_room_ns": room, "form": "imps", "profile": profile}
                                    if found.form == "teams" else
                                    {"field": named.field[:200], "form": found.form, "profile": profile,
                                     "normal_results": normal_results(repo, named) if found.form == "matchpoints"
                                     else None})


def line_out(named: TableOnTraveller, filled: list[str], scoring: ScoringIn | None) -> FromTravellerOut:
    """The ``from_traveller`` block of a ruling: the named line, the request fields taken from it
    (``filled``) and, when ``scoring`` came from it, the field or the other room."""
    line, found = named.line, named.form
    return FromTravellerOut(event=named.traveller_event, board=line.board, section=line.section, round=line.round,
                            table=line.table, ns_pair=line.ns_pair, ew_pair=line.ew_pair, ns_names=line.ns_names,
                            ew_names=line.ew_names, result=line.result, lead=str(line.lead) if line.lead else None,
                            filled=filled, field=list(scoring.field or []) if scoring is not None else [],
                            program=named.traveller.program, form=found.form, form_told_by=found.told_by,
                            other_room_ns=scoring.other_room_ns if scoring is not None else None)


def rule_revoke(body: RevokeRulingRequest, repo: EventRepository, solver: DoubleDummySolver) -> RevokeAdvice:
    """Rule on the revokes of the board ``body`` describes (Laws 61-64 of the edition
    :func:`edition_for` gives, Law 77 scores). A request naming a traveller line (``table``/``pairs``)
    comes here prefilled (:func:`prefill_from_traveller`: each caller keeps what it says was taken).

    Blocks on the solver: call it from a worker thread, never on the event loop.

    Raises:
        InvalidBoardError: bad or contradictory input, ``path`` naming the request field
            (under ``pbn`` when the board came as PBN text).
        SolverError: the solver failed or is busy.
    """
    try:
        board = board_for(body, repo)  # with `event`: the stored hand record
        return advise_revoke(board, facts=body.to_facts(), solver=solver, edition=edition_for(body, repo))
    except InvalidBoardError as exc:  # the play record is validated once, inside the engine
        raise body.locate(exc) from None
