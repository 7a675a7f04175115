"""How a traveller is scored, so an adjusted table is scored against the rest of it in the
event's own form (issue 26): matchpoints (78A), Butler or cross-IMPs at IMP pairs, or IMPs
against the other room at teams (78B), told by the results file:

- the program's scoring form (:attr:`SessionResults.scoring`, USEBIO's ``EVENT_TYPE``:
  ``MP_PAIRS``/``PAIRS`` -> matchpoints, ``BUTLER_PAIRS`` -> Butler, ``CROSS_IMP``/``IMP_PAIRS``
  -> cross-IMPs; a PBN ``ScoreTable`` with ``MP_NS`` -> matchpoints);
- ``"IMP"`` (USEBIO ``TEAMS``, a PBN ``ScoreTable`` with ``IMP_NS``): teams when the table's
  match has its other room on the traveller (the same board, the pairs the other way round:
  the home team's North-South pair meets the visitors' East-West pair at one table and the
  other way round at the other); else IMP pairs, Butler or cross-IMPs as the program's own
  IMPs on the traveller equal one of them (the PBN file does not name the method);
- ``"PAB"`` (USEBIO teams scored point-a-board): matchpoints against the other room alone;
- no form in the file (a ``.bws``, a dealing file): matchpoints, labelled as assumed.

Pure: no web code, no solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.records.results.model import TravellerLine, travellers
from engine.scoring.pairs_imps import BUTLER, CROSS_IMPS, pairs_imps

MATCHPOINTS = "matchpoints"
TEAMS = "teams"

FILE = "file"
"""The form is the program's own, named in the file."""
PROGRAM_IMPS = "program_imps"
"""The file says IMPs but not which: the program's own IMPs equal this method's on every line."""
MATCH = "match"
"""The file says IMPs and the table's other room is on the traveller: teams."""
ASSUMED = "assumed"
"""The file names no form: matchpoints assumed."""

_NAMED = {"MP": MATCHPOINTS, "BUTLER": BUTLER, "CROSS_IMP": CROSS_IMPS}


@dataclass(frozen=True, slots=True)
class TravellerForm:
    """How a table is scored against its traveller.

    Attributes:
        form: ``"matchpoints"``, ``"butler"``, ``"cross_imps"`` or ``"teams"`` (IMPs against the
            other room); ``"matchpoints"`` told by :data:`MATCH` is point-a-board, against the
            other room alone.
        told_by: :data:`FILE`, :data:`PROGRAM_IMPS`, :data:`MATCH` or :data:`ASSUMED`.
        other_room: teams: the other room's line (the same board, the pairs the other way round);
            ``None`` when it is not on the traveller.
    """

    form: str
    told_by: str
    other_room: TravellerLine | None = None


def _number(pair: str, side: str) -> str:
    return pair.upper().removesuffix(side)


def other_room(line: TravellerLine, others: Sequence[TravellerLine]) -> TravellerLine | None:
    """The other room of ``line``'s match: the line of ``others`` (the rest of the section's
    traveller of the board) whose North-South pair is ``line``'s East-West pair and whose
    East-West pair is ``line``'s North-South pair (team numbers, ``"2"``, ``"2NS"`` alike);
    ``None`` when there is none or the pairs are not given."""
    if not line.ns_pair or not line.ew_pair:
        return None
    found = [o for o in others if _number(o.ns_pair, "NS") == _number(line.ew_pair, "EW")
             and _number(o.ew_pair, "EW") == _number(line.ns_pair, "NS")]
    return found[0] if len(found) == 1 else None


def team_matches(lines: Sequence[TravellerLine]) -> int:
    """How many teams matches ``lines`` hold: distinct ``(section, round, the two teams)`` among the
    lines whose other room (:func:`other_room`) is on the same traveller. A USEBIO teams file's
    ``MATCH`` of three boards is one match of six lines; a pairs traveller, where no two tables
    are the same pairs the other way round, holds none."""
    found: set[tuple[str, int | None, frozenset[str]]] = set()
    for group in travellers(lines).values():
        for ln in group:
            if other_room(ln, [o for o in group if o is not ln]) is not None:
                found.add((ln.section, ln.round, frozenset((_number(ln.ns_pair, "NS"), _number(ln.ew_pair, "EW")))))
    return len(found)


def _program_method(lines: Sequence[TravellerLine]) -> str | None:
    """Butler or cross-IMPs, whichever gives every scored line of ``lines`` the program's own
    North-South IMPs (to the hundredth the programs print); ``None`` when neither or no IMPs."""
    scored = [ln for ln in lines if ln.ns_score is not None and ln.ns_imps is not None]
    if len(scored) < 2:
        return None
    for method in (CROSS_IMPS, BUTLER):
        if all(abs(float(pairs_imps(ln.ns_score or 0, [o.ns_score for o in scored if o is not ln and
                                                       o.ns_score is not None], method)) - (ln.ns_imps or 0.0))
               <= 0.005 + 1e-9 for ln in scored):
            return method
    return None


def traveller_form(scoring: str, line: TravellerLine, others: Sequence[TravellerLine]) -> TravellerForm:
    """How ``line`` is scored against ``others`` (the rest of its section's traveller), given the
    file's ``scoring`` (:attr:`SessionResults.scoring`).

    Point-a-board teams (``"PAB"``): matchpoints against the other room alone (told by
    :data:`MATCH`, ``other_room`` the room, ``None`` when it is not on the traveller): 2 for the
    higher North-South score, 1 for the same, 0, as the program's ``TEAM_POINTS``.

    An ``"IMP"`` traveller whose table has no other room, while other tables of it pair up as the
    two rooms of a match (a teams file with that room's other room left out as unreadable), is a
    teams table with no other room (``other_room`` ``None``: nothing to IMP it against, never the
    other matches' tables as a field). One whose tables pair up nowhere and whose program IMPs
    match neither pairs method is scored at cross-IMPs, labelled :data:`ASSUMED`.
    """
    if scoring == "PAB":  # point-a-board teams: 2, 1 or 0 against the other room's score alone
        return TravellerForm(MATCHPOINTS, MATCH, other_room(line, others))
    if scoring in _NAMED:
        return TravellerForm(_NAMED[scoring], FILE)
    if scoring == "IMP" or any(ln.ns_imps is not None for ln in (line, *others)):
        room = other_room(line, others)
        if room is not None:
            return TravellerForm(TEAMS, MATCH, room)
        if any(other_room(o, [x for x in others if x is not o]) is not None for o in others):
            return TravellerForm(TEAMS, MATCH)  # a teams traveller; this table's other room is not on it
        method = _program_method([line, *others])
        return TravellerForm(method, PROGRAM_IMPS) if method else TravellerForm(CROSS_IMPS, ASSUMED)
    return TravellerForm(MATCHPOINTS, ASSUMED)


__all__ = ["ASSUMED", "BUTLER", "CROSS_IMPS", "FILE", "MATCH", "MATCHPOINTS", "PROGRAM_IMPS", "TEAMS", "TravellerForm",
           "other_room", "team_matches", "traveller_form"]
