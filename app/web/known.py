"""What the advisor already knows of a ruling's table (issue 37: nothing retyped): the stored
event's name, date and session, and the traveller line's round, table, pairs and players' names,
gathered once for every form and sheet of a ruling started from an event's board or a traveller
line (the revoke ruling sheet and its "Save as a case" form, the Law 13/14 and claim sheets and
theirs)."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request

from app.api.travellers import PairsIn, table_on_traveller
from app.web.signin import who
from engine.casefile.events import EventRepository, NotStoredError
from engine.casefile.users import Role
from engine.errors import InvalidBoardError

KNOWN_FIELDS = ("event", "date", "session", "round", "table", "ns", "ew",
                "ns_number", "ns_names", "ew_number", "ew_names")
"""The keys of :func:`known_facts`: ``ns``/``ew`` as a sheet prints a pair (``"3 (A SMITH & B
JONES)"``), ``*_number``/``*_names`` as a case keeps them."""


def _pair(number: str, names: str) -> str:
    return f"{number} ({names})" if number and names else number or names


def known_facts(repo: EventRepository, event: int | None, board: str, table: str = "", ns: str = "",
                ew: str = "", place: str = "") -> dict[str, str]:
    """What is known of the table a ruling names: the event's name, date (ISO, ``"2026-11-27"``)
    and session when ``event`` is stored; with ``table`` and/or the pair numbers ``ns``/``ew``
    (as a traveller's "Rule", "Cards" or "Claim" link sends them) the traveller line's round,
    table, pair numbers and the players' names (a pair named with its section, ``"(B) 1NS"``,
    keeps it); with neither, ``place`` (``"3"``: the third line of the board's traveller, the link of a
    file that numbers neither tables nor pairs, a KoPS page or a PBN written one game per table)
    names the line the same way. Every key of :data:`KNOWN_FIELDS`, ``""`` for what is not known; never raises (an
    event, board or line no longer stored gives blanks: the ruling itself says why)."""
    out = dict.fromkeys(KNOWN_FIELDS, "")
    if event is None:
        return out
    try:
        details = repo.get_event(event).details
    except NotStoredError:
        return out
    out |= {"event": details.name, "date": details.date.isoformat(), "session": details.session}
    table, ns, ew, place = table.strip()[:10], ns.strip()[:20], ew.strip()[:20], place.strip()[:4]
    nth = int(place) if place.isdigit() and not table.isdigit() and not (ns and ew) else None
    if not (table.isdigit() or (ns and ew) or nth) or not board.strip():
        return out
    try:
        ln = table_on_traveller(repo, event, board, int(table) if table.isdigit() else None,
                                PairsIn(ns=ns, ew=ew) if ns and ew else None, nth).line
    except (InvalidBoardError, NotStoredError, ValueError):
        return out
    sectioned = ns.startswith("(") or ew.startswith("(")
    ns_number = f"({ln.section}) {ln.ns_pair}" if sectioned and ln.ns_pair else ln.ns_pair
    ew_number = f"({ln.section}) {ln.ew_pair}" if sectioned and ln.ew_pair else ln.ew_pair
    out |= {"round": str(ln.round) if ln.round is not None else "",
            "table": str(ln.table) if ln.table is not None else "",
            "ns_number": ns_number, "ns_names": ln.ns_names, "ew_number": ew_number, "ew_names": ln.ew_names,
            "ns": _pair(ns_number, ln.ns_names), "ew": _pair(ew_number, ln.ew_names)}
    return out


def sheet_with(sheet: Mapping[str, str], known: Mapping[str, str], director: str = "") -> dict[str, str]:
    """A sheet's fields (``event``, ``date``, ``session``, ``table``, ``round``, ``director``,
    ``ns``, ``ew``): what the director typed (``sheet``) where he typed it, else what is
    ``known`` (:func:`known_facts`), the director's own name (``director``: the signed-in
    director) when the sheet names none."""
    keys = ("event", "date", "session", "table", "round", "director", "ns", "ew")
    out = {k: (sheet.get(k) or "").strip() or (known.get(k) or "") for k in keys}
    out["director"] = out["director"] or director
    return out


def signed_in_director(request: Request) -> str:
    """The name of the director signed in (the sheet's and the case's director when none is
    typed), ``""`` for anyone else or laptop mode."""
    signed_in = who(request)
    return signed_in.name or "" if signed_in.role is Role.DIRECTOR else ""


__all__ = ["KNOWN_FIELDS", "known_facts", "sheet_with", "signed_in_director"]
