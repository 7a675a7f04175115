"""How a case is written into a spreadsheet file (the ruling log, the adjusted results): the
order of an event's cases, a cell that a spreadsheet shows and never runs (OWASP, CSV
injection), a figure kept a number, and the note of an imported case.
"""

from __future__ import annotations

from engine.casefile.cases import Action, Case


def _num(value: float | None) -> str:
    return "" if value is None else (f"{value:g}" if value != int(value) else str(int(value)))


def case_order(c: Case) -> tuple[int, str, str, str, int]:
    """The sort key of an event's cases: board by number, then round, table and case id."""
    b = c.details.board
    return (int(b) if b.isdigit() else 10**6, b, c.details.round.zfill(6), c.details.table.zfill(6), c.id)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting with one of these is run as a formula by a spreadsheet (OWASP, CSV injection)."""


class Number(float):
    """A figure of the ruling log that this code produced from a stored number (a case id, a
    score): written as it is, never neutralised, so that ``-100`` stays a number."""


def cell(value: str | Number | int) -> str:
    """A ruling-log cell a spreadsheet will show, never run: text starting with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a single quote in front (OWASP's CSV injection
    rule: ``=HYPERLINK(...)`` -> ``'=HYPERLINK(...)``); a :class:`Number` or an ``int`` (figures
    this code made) is written as a number (``-100`` stays ``-100``)."""
    if isinstance(value, Number):
        return _num(value)
    if isinstance(value, int):
        return str(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def imported_note(c: Case) -> str:
    """Who imported ``c`` and when (``"imported by NAME at TIME"``; TIME ISO 8601 UTC), or ``""``
    for a case made here: its history then holds entries recorded elsewhere (issue 23)."""
    mark = next((e for e in reversed(c.history) if e.action is Action.IMPORTED), None)
    return f"imported by {mark.actor} at {mark.at.isoformat(timespec='seconds')}" if mark is not None else ""
