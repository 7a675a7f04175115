"""A table of a stored traveller, as a request names it (``event``, ``board``, and ``table``
and/or ``pairs``): shared by the ruling requests and the scores services, which take the field
from the traveller instead of a typed list of scores."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from engine.casefile.events import EventRepository, StoredTraveller, UnknownEventError
from engine.errors import InvalidBoardError
from engine.model.seats import Seat
from engine.records.handrecords import board_key
from engine.records.results import PASSED_OUT, TravellerLine
from engine.records.results.against import MATCH, TravellerForm, traveller_form
from engine.records.results.model import pair_number
from engine.scoring.field import ACROSS, DIRECTOR, NO_SETTING, SCORING_OF, FieldConvention, convention_for


class PairsIn(BaseModel):
    """The pair numbers of a table, as the movement and the results file give them."""

    model_config = ConfigDict(extra="forbid")
    ns: str = Field(min_length=1, max_length=20, description="North-South's pair number, e.g. '2NS' or '2'.")
    ew: str = Field(min_length=1, max_length=20, description="East-West's pair number, e.g. '3EW' or '3'.")


@dataclass(frozen=True, slots=True)
class TableOnTraveller:
    """The traveller line a request names and the rest of its field.

    Attributes:
        line: the named line; others: the other lines of its section (of every section when the
            event's field convention scores across sections: issue 36), file order.
        traveller: the stored traveller (upload, program, scoring, every line).
        traveller_event: the event's id.
        scoring: the scoring form the director set on the event, as the readers spell it
            (``"MP"``, ``"BUTLER"``...), ``""``: the file's.
    """

    line: TravellerLine
    others: tuple[TravellerLine, ...]
    traveller: StoredTraveller
    traveller_event: int = 0
    scoring: str = ""

    @property
    def field(self) -> list[int]:
        """North-South's scores of the other lines with a table score (artificial ones left out); at
        teams (the form told by the match) the other room's alone, ``[]`` when it has none: a teams
        table is never scored against the other matches' tables."""
        found = self.form
        if found.told_by == MATCH:
            room = found.other_room
            return [room.ns_score] if room is not None and room.ns_score is not None else []
        return [ln.ns_score for ln in self.others if ln.ns_score is not None]

    @property
    def form(self) -> TravellerForm:
        """How the table is scored against the rest of the traveller: matchpoints, Butler,
        cross-IMPs or teams (:func:`engine.records.results.against.traveller_form`, from the file's
        scoring form)."""
        return traveller_form(self.scoring or self.traveller.scoring, self.line, self.others)


def same_pair(given: str, on_line: str, side: str) -> bool:
    """Pair numbers compared as a director says them: ``"2"``, ``"2NS"`` and ``"2 NS"`` are the
    same North-South pair; a section prefix ``"(A) 2"`` is dropped."""
    a, b = pair_number(given)[1], pair_number(on_line)[1]
    return a == b or a.removesuffix(side) == b.removesuffix(side)


def stored_traveller(repo: EventRepository, event: int, board: str) -> StoredTraveller:
    """The stored traveller of ``board`` in ``event``.

    Raises:
        InvalidBoardError: path ``event`` (no such event), ``board`` (no traveller: upload the
            session's results first).
    """
    key = board_key(board)
    try:
        found = repo.traveller(event, key)
    except UnknownEventError as exc:
        raise InvalidBoardError(exc.message, path="event", key=exc.key, params=exc.params) from None
    if found is None:
        raise InvalidBoardError(f"board {key} of event {event} has no traveller: upload the session's results "
                                "first", path="board", key="no_traveller", params={"board": key, "event": event})
    return found


def table_on_traveller(repo: EventRepository, event: int, board: str, table: int | None,
                       pairs: PairsIn | None, place: int | None = None) -> TableOnTraveller:
    """The line of ``board``'s stored traveller at ``table`` and/or between ``pairs``; a pair
    number written with its section as USEBIO writes it (``"(B) 1NS"``) names that section's line
    alone (two sections may number their pairs alike: NZ Scorer's A and B both have 1NS v 1EW).
    ``place`` (1, 2, ...), given with neither ``table`` nor ``pairs``, names the line by its place on
    the traveller: a file that numbers neither tables nor pairs (a PBN written one game per table).

    Raises:
        InvalidBoardError: as :func:`stored_traveller`; path ``table`` (or ``pairs`` when no table
            is given): no line, or several, match.
    """
    found = stored_traveller(repo, event, board)
    section = (pair_number(pairs.ns)[0] or pair_number(pairs.ew)[0]).upper() if pairs is not None else ""
    lines = [ln for i, ln in enumerate(found.lines, start=1)
             if (place is None or table is not None or pairs is not None or i == place)
             and (table is None or ln.table == table)
             and (not section or ln.section.upper() == section)
             and (pairs is None or (same_pair(pairs.ns, ln.ns_pair, "NS") and same_pair(pairs.ew, ln.ew_pair, "EW")))]
    which = " and ".join(x for x in (f"table {table}" if table is not None else "",
                                     f"pairs {pairs.ns} v {pairs.ew}" if pairs is not None else "",
                                     f"line {place}" if place is not None and table is None and pairs is None
                                     else "") if x)
    path = "table" if table is not None else "pairs"
    key = board_key(board)
    if not lines:
        raise InvalidBoardError(f"board {key}: the traveller has no line for {which}", path=path,
                                key="traveller_no_line", params={"board": key, "which": which})
    if len(lines) > 1:
        raise InvalidBoardError(f"board {key}: {len(lines)} traveller lines match {which} (several sections or "
                                "rounds): give the pair numbers as well", path=path, key="traveller_ambiguous",
                                params={"board": key, "n": len(lines), "which": which})
    line = lines[0]
    conv = traveller_convention(repo, event, found)
    across = conv.sections == ACROSS
    return TableOnTraveller(line, tuple(ln for ln in found.lines if (across or ln.section == line.section)
                                        and ln is not line), found, event,
                            SCORING_OF[conv.form] if conv.source("form") == DIRECTOR else "")


def traveller_convention(repo: EventRepository, event: int, found: StoredTraveller) -> FieldConvention:
    """The field convention ``found`` (a stored traveller of ``event``) is scored under: the
    director's setting on the event over the file over the program's known convention over Law
    78A (:func:`engine.scoring.field.convention_for`; issue 36)."""
    try:
        setting = repo.get_event(event).details.field
    except UnknownEventError:
        setting = NO_SETTING
    return convention_for(found.scoring, found.program, found.mp_units, setting)


def normal_results(repo: EventRepository, named: TableOnTraveller) -> int | None:
    """The number of results the named table's matchpoints are factored to under the event's field
    convention (:meth:`engine.scoring.field.FieldConvention.results_for`: the table and its field's
    lines, those with a table score, the session's most lines), ``None`` when not factored; never
    at teams (the form told by the match: the other room alone is the field)."""
    if named.form.told_by == MATCH:
        return None
    conv = traveller_convention(repo, named.traveller_event, named.traveller)
    scored = len(named.field) + 1
    most = dict(named.traveller.most_lines).get("*" if conv.sections == ACROSS else named.line.section, 0)
    big = conv.results_for(len(named.others) + 1, scored, most)
    return big if big != scored and big >= 2 else None


def require_contract(line: TravellerLine, path: str) -> tuple[str, Seat]:
    """The contract and the declarer the traveller ``line`` holds (to prefill a ruling request
    from); else :class:`InvalidBoardError` at the request's ``path`` (``"table"`` or
    ``"pairs"``, the field that named the line), asking the director for the contract and the
    declarer (a passed-out board, an artificial score, a line the program left empty)."""
    if line.contract is None or line.contract == PASSED_OUT or line.declarer is None:
        which = f"table {line.table}" if line.table is not None else f"pairs {line.ns_pair} v {line.ew_pair}"
        raise InvalidBoardError(f"board {line.board}: the traveller line of {which} holds no contract "
                                f"({line.result or 'not played'}): give the contract and the declarer",
                                path=path, key="traveller_line_no_contract",
                                params={"board": line.board, "which": which, "result": line.result or "-"})
    return line.contract, line.declarer
