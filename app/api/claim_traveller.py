"""A claim ruled on a stored event's board from a traveller line (``event``, ``board`` and
``table`` or ``pairs``), as the revoke ruling is (:func:`app.api.rulings.prefill_from_traveller`):
the contract and declarer come from the line when the request leaves them out (the deal and the
vulnerability come from the event's hand record), and the result to enter is scored against the
rest of the traveller in its form (matchpoints, Butler, cross-IMPs, teams)."""

from __future__ import annotations

from app.api.rulings import line_out, traveller_scoring
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse
from app.api.schemas.revoke_ruling import FromTravellerOut
from app.api.travellers import require_contract, table_on_traveller
from engine.casefile.events import EventRepository


def claim_from_traveller(body: ClaimRulingRequest, repo: EventRepository
                         ) -> tuple[ClaimRulingRequest, FromTravellerOut | None]:
    """The request with what it leaves out taken from the traveller line it names: contract and
    declarer, and ``scoring`` in the traveller's form (the other North-South scores of the
    section as the field for matchpoints, Butler or cross-IMPs, or the other room's score at
    teams; the event's scoring profile). The second value says what was taken (``None`` when the
    request names no line). The line's own result is not taken: the claim is what is ruled.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller` (path ``event``,
            ``board``, ``table``/``pairs``); path ``table``/``pairs``: the line holds no contract (an
            artificial score, a board not played or passed out) and the request gives none.
    """
    if body.event is None or (body.table is None and body.pairs is None):
        return body, None
    named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
    update: dict[str, object] = {}
    filled: list[str] = []
    if body.contract is None or body.declarer is None:
        contract, declarer = require_contract(named.line, "table" if body.table is not None else "pairs")
        if body.contract is None:
            update["contract"] = contract
            filled.append("contract")
        if body.declarer is None:
            update["declarer"] = declarer.value
            filled.append("declarer")
    scoring = traveller_scoring(named, repo) if body.scoring is None else None
    if scoring is not None:
        update["scoring"] = scoring
        filled.append("scoring")
    return body.model_copy(update=update), line_out(named, filled, scoring)


def with_traveller(out: ClaimRulingResponse, came: FromTravellerOut | None) -> ClaimRulingResponse:
    """The answer with the traveller line it was ruled from (``from_traveller``), when there was one."""
    return out.model_copy(update={"from_traveller": came}) if came is not None else out


__all__ = ["claim_from_traveller", "with_traveller"]
