"""How a case is written into a spreadsheet file (the ruling log, the adjusted results): the
order of an event's cases, a cell that a spreadsheet shows and never runs (OWASP, CSV
injection), a figure kept a number, and the note of an imported case.
"""

from __future__ import annotations

import re

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
    rule: ``=HYPERLINK(...)`` -> ``'=HYPERLINK(...)``), and so does such text after a ``,`` or a
    ``;`` inside the cell: a spreadsheet set for Polish, Russian or Greek splits the file on
    ``;``, so ``Kowalski;=HYPERLINK(...)`` would be two cells there, the second run (issue 35):
    it is written ``Kowalski;'=HYPERLINK(...)``. A :class:`Number` or an ``int`` (figures this
    code made) is written as a number (``-100`` stays ``-100``)."""
    if isinstance(value, Number):
        return _num(value)
    if isinstance(value, int):
        return str(value)
    return _FORMULA_AFTER_SEPARATOR.sub(r"\1\2'\3", value)


_FORMULA_AFTER_SEPARATOR = re.compile("(^|[,;])( *)([" + re.escape("".join(FORMULA_STARTS)) + "])")
"""The start of the cell, or a ``,`` or ``;`` in it (a separator in one locale or another),
then spaces, then a character that starts a formula (:data:`FORMULA_STARTS`)."""


def imported_note(c: Case) -> str:
    """Who imported ``c`` and when (``"imported by NAME at TIME"``; TIME ISO 8601 UTC), or ``""``
    for a case made here: its history then holds entries recorded elsewhere (issue 23)."""
    mark = next((e for e in reversed(c.history) if e.action is Action.IMPORTED), None)
    return f"imported by {mark.actor} at {mark.at.isoformat(timespec='seconds')}" if mark is not None else ""
