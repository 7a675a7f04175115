"""The event's adjusted results for the scoring program: ``GET /v1/events/{id}/adjusted.csv``
and ``.xml`` (a USEBIO 1.2 traveller fragment), a line per decided case as the scorer enters it
(:func:`app.api.scorer.for_case`)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Annotated
from xml.etree.ElementTree import Comment, Element, SubElement, indent, tostring

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from app.api.case_format import case_order, cell, imported_note
from app.api.scorer import ForScorerOut, WeightedEntryOut, for_case
from engine.casefile.cases import Case, CaseRepository
from engine.casefile.events import ADJUSTED_FRAGMENT, EventRepository

EventId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The event's id.")]

ADJUSTED_COLUMNS = ("case", "board", "round", "table", "ns_pair", "ew_pair", "kind", "contract", "declarer", "tricks",
                    "score_ns", "bridgemate", "usebio", "jfr", "ns_percent", "ew_percent", "components", "imported")
"""The adjusted-results CSV's columns: ``kind`` assigned | artificial | weighted; ``components``
a weighted score's parts, ``"1/2 4H S = (+420, 10 MP); ..."``."""


def _decided(cases: Sequence[Case], events: EventRepository) -> list[tuple[Case, ForScorerOut]]:
    out = []
    for c in sorted(cases, key=case_order):
        block = for_case(c, events, cases)
        if block is not None:
            out.append((c, block))
    return out


def _components(w: WeightedEntryOut) -> str:
    return "; ".join(f"{x.weight} {x.label} ({x.score_ns:+d}" + (f", {x.ns_mp:g} MP)" if x.ns_mp is not None else ")")
                     for x in w.components)


def adjusted_csv(cases: Sequence[Case], events: EventRepository) -> str:
    """The event's decided cases as the scorer enters them, CSV (RFC 4180, header row,
    :data:`ADJUSTED_COLUMNS`), a line per case by board, round and table; text cells through
    :func:`app.api.case_format.cell` (no formula runs in a spreadsheet)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(ADJUSTED_COLUMNS)
    for c, b in _decided(cases, events):
        d = c.details
        row: list[str | int] = [c.id, d.board, d.round, d.table, d.ns.number, d.ew.number]
        if b.assigned is not None:
            a = b.assigned
            row += ["assigned", a.contract, a.declarer, a.tricks, a.score_ns, "", "", "", "", "", ""]
        elif b.artificial is not None:
            r = b.artificial
            row += ["artificial", "", "", "", "", r.bridgemate, r.usebio or "", r.jfr, f"{r.ns_percent:g}",
                    f"{r.ew_percent:g}", ""]
        elif b.weighted is not None:
            x = b.weighted
            row += ["weighted", "", "", "", "", "", "", "",
                    f"{x.ns_percent:.2f}" if x.ns_percent is not None else "",
                    f"{x.ew_percent:.2f}" if x.ew_percent is not None else "", _components(x)]
        row.append(imported_note(c))
        w.writerow([cell(v) for v in row])
    return out.getvalue()


def adjusted_usebio(cases: Sequence[Case], events: EventRepository) -> bytes:
    """The event's decided cases as a USEBIO 1.2 traveller fragment: ``<USEBIO Version="1.2">
    <EVENT><BOARD><BOARD_NUMBER>`` with a ``TRAVELLER_LINE`` per case: ``NS_PAIR_NUMBER``,
    ``EW_PAIR_NUMBER``, then ``CONTRACT``, ``PLAYED_BY``, ``TRICKS``, ``SCORE`` (assigned), or
    ``SCORE`` ``A6040`` (artificial), or ``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` with the
    weighted matchpoints (weighted: USEBIO has no weighted score; the parts go in a comment).
    UTF-8, elements in USEBIO's names (usebio.org/documentation/usebio-1.2.pdf)."""
    root = Element("USEBIO", {"Version": "1.2"})
    event = SubElement(root, "EVENT", {"EVENT_TYPE": "PAIRS"})
    SubElement(event, "PROGRAM_NAME").text = ADJUSTED_FRAGMENT  # uploaded back, it changes only these lines
    boards: dict[str, Element] = {}
    for c, b in _decided(cases, events):
        d = c.details
        if d.board not in boards:
            boards[d.board] = SubElement(event, "BOARD")
            SubElement(boards[d.board], "BOARD_NUMBER").text = d.board
        line = SubElement(boards[d.board], "TRAVELLER_LINE")
        SubElement(line, "NS_PAIR_NUMBER").text = d.ns.number
        SubElement(line, "EW_PAIR_NUMBER").text = d.ew.number
        if b.assigned is not None:
            a = b.assigned
            SubElement(line, "CONTRACT").text = a.contract
            SubElement(line, "PLAYED_BY").text = a.declarer
            SubElement(line, "TRICKS").text = str(a.tricks)
            SubElement(line, "SCORE").text = str(a.score_ns)
        elif b.artificial is not None and b.artificial.usebio is not None:
            SubElement(line, "SCORE").text = b.artificial.usebio
        elif b.weighted is not None and b.weighted.ns_mp is not None and b.weighted.ew_mp is not None:
            SubElement(line, "NS_MATCH_POINTS").text = f"{b.weighted.ns_mp:g}"
            SubElement(line, "EW_MATCH_POINTS").text = f"{b.weighted.ew_mp:g}"
            line.append(Comment(f" weighted 12C1(c): {_components(b.weighted).replace('--', '- -')} "))
    indent(root)
    body: bytes = tostring(root, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


def router() -> APIRouter:
    """``GET /v1/events/{id}/adjusted.xml`` and ``.csv``: the event's adjusted results."""
    r = APIRouter(prefix="/v1/events", tags=["cases"])  # who may: app.service.access.POLICY

    def repos(request: Request) -> tuple[EventRepository, CaseRepository]:
        events: EventRepository = request.app.state.events
        cases: CaseRepository = request.app.state.cases
        return events, cases

    @r.get("/{event_id}/adjusted.csv", response_class=Response, summary="The event's adjusted results, CSV")
    def adjusted_results_csv(request: Request, event_id: EventId) -> Response:
        """A line per decided case as the scorer enters it: the assigned score (contract,
        declarer, tricks, points), the artificial score (Bridgemate remark, USEBIO code, JFR
        entry, percentages) or the weighted score (each side's percentage and the parts)."""
        events, cases = repos(request)
        events.get_event(event_id)  # 404 for no such event
        return Response(adjusted_csv(cases.cases(event_id), events), media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-adjusted.csv"'})

    @r.get("/{event_id}/adjusted.xml", response_class=Response,
           summary="The event's adjusted results, a USEBIO traveller fragment")
    def adjusted_results_xml(request: Request, event_id: EventId) -> Response:
        """The decided cases as USEBIO 1.2 ``TRAVELLER_LINE`` elements by board (assigned:
        contract, declarer, tricks, score; artificial: ``A6040``; weighted: the matchpoints)."""
        events, cases = repos(request)
        events.get_event(event_id)
        return Response(adjusted_usebio(cases.cases(event_id), events), media_type="application/xml",
                        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-adjusted.xml"'})

    return r


__all__ = ["ADJUSTED_COLUMNS", "adjusted_csv", "adjusted_usebio", "router"]
