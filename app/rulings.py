"""The revoke ruling of one API request, shared by ``POST /v1/rulings/revoke`` and the
director's page: the board (a PBN game, the parts, or a stored event's hand record), the TD's
facts, then the engine (:func:`engine.advisor.advise_revoke`)."""

from __future__ import annotations

from app.events import board_for
from app.schemas import RevokeRulingRequest
from engine.advisor import RevokeAdvice, advise_revoke
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.events import EventRepository


def rule_revoke(body: RevokeRulingRequest, repo: EventRepository, solver: DoubleDummySolver) -> RevokeAdvice:
    """Rule on the revokes of the board ``body`` describes (Laws 61-64, Law 77 scores).

    Blocks on the solver: call it from a worker thread, never on the event loop.

    Raises:
        InvalidBoardError: bad or contradictory input, ``path`` naming the request field
            (under ``pbn`` when the board came as PBN text).
        SolverError: the solver failed or is busy.
    """
    try:
        board = board_for(body, repo)  # with `event`: the stored hand record
        return advise_revoke(board, facts=body.to_facts(), solver=solver)
    except InvalidBoardError as exc:  # the play record is validated once, inside the engine
        raise body.locate(exc) from None
