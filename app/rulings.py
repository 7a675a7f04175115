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
from engine.laws.editions import DEFAULT, Edition, edition


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


def rule_revoke(body: RevokeRulingRequest, repo: EventRepository, solver: DoubleDummySolver) -> RevokeAdvice:
    """Rule on the revokes of the board ``body`` describes (Laws 61-64 of the edition
    :func:`edition_for` gives, Law 77 scores).

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
