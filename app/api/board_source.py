"""The board a ruling request names by a stored event (``event`` and ``board``): the event's
hand record of the board (deal, dealer, vulnerability) and the label the ruling shows for it.

Shared by the revoke request's board (:func:`app.api.events.board_for`) and the claim request's
(:meth:`app.api.schemas.claim.ClaimRulingRequest.to_board`), so that neither request module needs
the other's: ``app.api.schemas.revoke`` takes a claim (:class:`app.api.schemas.claim.ClaimIn`),
and the claim request reads its board here, never through the revoke request (which would make
an import circle: tests/api/test_import_cycles.py).
"""

from __future__ import annotations

from engine.casefile.events import EventRepository, UnknownEventError
from engine.errors import InvalidBoardError
from engine.records.handrecords import HandRecord, board_key


def stored_hand_record(repo: EventRepository, event_id: int, board: str) -> tuple[HandRecord, str]:
    """The hand record of ``board`` in the stored event ``event_id``, and the ruling's label for
    it (``"<event name>, board <n>"``).

    Raises:
        InvalidBoardError: path ``event`` (no such event), ``board`` (the event holds no such
            board: upload its hand records first).
    """
    try:
        event = repo.get_event(event_id)
        record = repo.board(event_id, board)
    except UnknownEventError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    if record is None:
        raise InvalidBoardError(f"board {board_key(board or '?')} is not in event {event_id} "
                                f"({event.details.name!r}, {event.boards} boards): upload its hand records first",
                                path="board")
    return record, f"{event.details.name}, board {record.board}"
