"""The incorrect-cards ruling (Laws 13, 14) on a stored event's board: the hand record, dealer
and vulnerability from the event, and, when the request names a table of the board's traveller
(``table`` or ``pairs``), the contract, declarer and table result from its line and the scores
against the rest of the traveller in its form (matchpoints, Butler, cross-IMPs, teams), as the
revoke ruling does (:func:`app.api.rulings.prefill_from_traveller`)."""

from __future__ import annotations

from fractions import Fraction

from app.api.rulings import line_out, traveller_scoring
from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse, _non_offending, suggested_result
from app.api.schemas.revoke_ruling import FromTravellerOut
from app.api.schemas.scores import ScoringIn
from app.api.scorer import AssignedOut, ForScorerOut, WeightedEntryOut, with_imps
from app.api.scores import scores_block
from app.api.travellers import table_on_traveller
from engine.casefile.events import EventRepository, NotStoredError
from engine.errors import InvalidBoardError
from engine.records.results import PASSED_OUT
from engine.rulings.incorrect_cards_advice import IncorrectCardsAdvice
from engine.scoring.scorer import assigned_entry, weighted_entry


def cards_from_event(body: IncorrectCardsRequest, repo: EventRepository
                     ) -> tuple[IncorrectCardsRequest, FromTravellerOut | None]:
    """The request with what it leaves out taken from the stored event: the hand record, dealer
    and vulnerability of ``board``; with ``table``/``pairs``, the line's contract, declarer and
    ``table_tricks`` (the declarer's side's tricks) and ``scoring`` against the rest of the
    traveller. The second value lists what came from the traveller line (``None`` without a table).

    Raises:
        InvalidBoardError: path ``event`` (no such event), ``board`` (not stored in the event), as
            :func:`app.api.travellers.table_on_traveller` (no line, several); path ``table``/``pairs``:
            the line holds no contract (an artificial score, not played) and the request gives none.
    """
    if body.event is None:
        return body, None
    try:
        record = repo.board(body.event, body.board or "?")
    except NotStoredError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    if record is None:
        raise InvalidBoardError(f"board {body.board} is not stored in event {body.event}", path="board",
                                key="board_not_in_event", params={"board": body.board, "event": body.event})
    update: dict[str, object] = {}
    if body.hand_record is None:
        update["hand_record"] = record.deal_pbn
    for name, value in (("dealer", record.dealer.value), ("vulnerable", record.vulnerability.value)):
        if name not in body.model_fields_set:
            update[name] = value
    if body.table is None and body.pairs is None:
        return body.model_copy(update=update), None
    named = table_on_traveller(repo, body.event, record.board, body.table, body.pairs)
    line = named.line
    filled: list[str] = []
    if body.contract is None or body.declarer is None:
        if line.contract is None or line.contract == PASSED_OUT or line.declarer is None:
            which = f"table {line.table}" if line.table is not None else f"pairs {line.ns_pair} v {line.ew_pair}"
            raise InvalidBoardError(f"board {line.board}: the traveller line of {which} holds no contract "
                                    f"({line.result or 'not played'}): give the contract and the declarer",
                                    path="table" if body.table is not None else "pairs",
                                    key="traveller_line_no_contract",
                                    params={"board": line.board, "which": which, "result": line.result or "-"})
        update["contract"], update["declarer"] = line.contract, line.declarer.value
        filled += ["contract", "declarer"]
    if body.table_tricks is None and line.tricks is not None:
        update["table_tricks"] = line.tricks
        filled.append("table_tricks")
    given = body.scoring
    scoring = traveller_scoring(named, repo) if given is None or (not given.field and given.other_room_ns is None) \
        else None
    if scoring is not None and given is not None and "profile" in given.model_fields_set:
        scoring = scoring.model_copy(update={"profile": given.profile})  # the director's profile kept
    if scoring is not None:
        update["scoring"] = scoring
        filled.append("scoring")
    return body.model_copy(update=update), line_out(named, filled, scoring)


def for_cards(advice: IncorrectCardsAdvice, scoring: ScoringIn | None) -> ForScorerOut | None:
    """The "for the scorer" block of an incorrect-cards ruling: the plausible results with their
    (even) weights when there are two or more, with each one's matchpoints against a matchpoint
    field, or its IMPs and the weighted IMPs on an IMP traveller (:func:`app.api.scorer.with_imps`);
    else the proposed result as the scorer enters it; ``None`` when nothing is proposed (an
    artificial score, play on)."""
    chosen = suggested_result(advice)
    scores = scores_block(table=advice.table_score_ns, after_adjustment=None,
                          suggested=chosen.score_ns if chosen is not None else None,
                          plausible=advice.plausible_results(), scoring=scoring, non_offending=_non_offending(advice),
                          suggested_result=chosen.result if chosen is not None else None)
    field = list(scoring.field or []) if scoring is not None and scoring.form in (None, "matchpoints") else None
    if len(scores.plausible) >= 2:
        try:
            entry = weighted_entry([(p.result, p.score_ns, Fraction(p.weight)) for p in scores.plausible], field)
        except InvalidBoardError:
            return None
        return with_imps(ForScorerOut(weighted=WeightedEntryOut.of(entry)), scores.weighted)
    found = assigned_entry(chosen.result, chosen.score_ns) if chosen is not None else None
    return ForScorerOut(assigned=AssignedOut.of(found)) if found is not None else None


def cards_response(advice: IncorrectCardsAdvice, scoring: ScoringIn | None) -> IncorrectCardsResponse:
    """The answer of an incorrect-cards ruling as ``POST /v1/rulings/incorrect-cards`` and
    ``advisor incorrect-cards --json`` both give it: the ruling with its "for the scorer" block
    (:func:`for_cards`); the API adds what came from a stored traveller."""
    out = IncorrectCardsResponse.from_advice(advice, scoring)
    return out.model_copy(update={"for_scorer": for_cards(advice, scoring)})


__all__ = ["cards_from_event", "cards_response", "for_cards"]
