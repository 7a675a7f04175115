"""The event's adjusted results for the scoring program: ``GET /v1/events/{id}/adjusted.csv``,
``.xml`` (a USEBIO 1.2 traveller fragment) and ``.pbn`` (PBN games with a ScoreTable), a line per
decided case as the scorer enters it (:func:`app.api.scorer.for_case`): assigned, artificial,
weighted and split (issue 36). A weighted or split score has no form in USEBIO or PBN: the line
carries the advisor's code (:data:`engine.records.results.model.WEIGHTED_CODE`,
:data:`~engine.records.results.model.SPLIT_CODE`) and each side's figures; the readers read
both back, so that a re-read scores the other tables right.

Each line carries the section of the case's line on the stored traveller (USEBIO: a ``SECTION``
with its ``SECTION_ID`` around the boards, as EBUScore, PairsScorer and scorer-to-usebio write a
multi-section event; PBN: a ``Section`` column; CSV: a ``section`` column), and that line's pair
numbers: uploaded back into the event, the line replaces the line of the same section and pairs
(:func:`engine.casefile.events.merged_lines`), never another section's with the same numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Annotated
from xml.etree.ElementTree import Comment, Element, SubElement, indent, tostring

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from app.api.case_format import Number, case_order, cell, imported_note
from app.api.scorer import ForScorerOut, WeightedEntryOut, case_table, for_case
from engine.casefile.cases import Case, CaseRepository
from engine.casefile.events import ADJUSTED_FRAGMENT, EventRepository
from engine.errors import InvalidBoardError
from engine.records.results.model import weighted_code

EventId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The event's id.")]

ADJUSTED_COLUMNS = ("case", "board", "section", "round", "table", "ns_pair", "ew_pair", "kind", "contract", "declarer",
                    "tricks", "score_ns", "bridgemate", "usebio", "jfr", "ns_percent", "ew_percent", "components",
                    "score_ew", "code", "ns_mp", "ew_mp", "form", "ns_imps", "ew_imps", "imported")
"""The adjusted-results CSV's columns: ``section`` the section of the case's traveller line (``""``
for none or one unnamed); ``kind`` assigned | artificial | weighted | split;
``components`` a weighted score's parts, ``"1/2 4H S = (+420, 10 MP); ..."``; ``score_ew`` a
split score's East-West points (their own view); ``code`` the line's code as the USEBIO and PBN
exports write it (``A6040``, a weighted score's ``W420@50/-50@50``, a split's ``S420/-620``);
``ns_mp``/``ew_mp`` each side's matchpoints against the field (weighted, split), ``form`` and
``ns_imps``/``ew_imps`` on a traveller scored in IMPs (``butler``, ``cross_imps``, ``imps``)."""


@dataclass(frozen=True, slots=True)
class ExportLine:
    """One decided case as a traveller line of the exports (CSV, USEBIO, PBN).

    Attributes:
        case: the case; block: its score as the scorer enters it (:func:`app.api.scorer.for_case`).
        kind: ``assigned``, ``artificial``, ``weighted`` or ``split``.
        code: the SCORE code for a line with no table result: ``A6040`` (artificial), the
            weighted code ``W420@50/-50@50``, the split code ``S420/-620``
            (:mod:`engine.records.results.model`); ``""`` for an assigned score.
        ns_mp, ew_mp: each side's matchpoints against the field (weighted, split; artificial
            when the field gives a top); ns_percent, ew_percent: the same as percentages.
        form: ``matchpoints`` or the IMP form; ns_imps, ew_imps: each side's IMPs at IMPs.
        section: the section of the case's line on the stored traveller (``"B"``), ``""`` when
            the traveller names none or the case is on no line.
        ns_pair, ew_pair: the pair numbers of that line as the file gives them, else as the case
            gives them.
    """

    case: Case
    block: ForScorerOut
    kind: str
    code: str = ""
    ns_mp: float | None = None
    ew_mp: float | None = None
    ns_percent: float | None = None
    ew_percent: float | None = None
    form: str = "matchpoints"
    ns_imps: float | None = None
    ew_imps: float | None = None
    section: str = ""
    ns_pair: str = ""
    ew_pair: str = ""


def _artificial_code(ns: float, ew: float, usebio: str | None) -> str:
    """USEBIO's ``A6040``, or for percentages that do not fit it (12C2(c)'s 63.5%) ``A63.5/40``."""
    return usebio if usebio is not None else f"A{ns:g}/{ew:g}"


def export_lines(cases: Sequence[Case], events: EventRepository, fmt: str = "CSV") -> list[ExportLine]:
    """The event's decided cases (``cases``) as export lines, by board, round and table: every
    kind of decision (assigned, artificial, weighted, split; issue 36), each with the section and
    pair numbers of its line on the stored traveller (:func:`app.api.scorer.case_table`).

    Raises:
        InvalidBoardError: path ``event_id``, key ``adjusted_kept_no_code``: a case's score is a
            split where one side keeps the table result and the other gets a weighted score
            (12C1(b), 12C1(e)), which no code of the export ``fmt`` (``"CSV"``, ``"USEBIO"``,
            ``"PBN"``) says and no reader reads back: the export is refused, not written wrong.
    """
    out = []
    for c in sorted(cases, key=case_order):
        b = for_case(c, events, cases)
        if b is None:
            continue
        if b.kept is not None:
            raise InvalidBoardError(
                f"the {fmt} export of the adjusted results cannot say case {c.id}'s score (board "
                f"{c.details.board}): one side keeps the table result and the other gets a weighted score "
                "(12C1(b), 12C1(e)), for which the export has no code; type each side's figure from the case's "
                "\"for the scorer\" box", path="event_id", key="adjusted_kept_no_code",
                params={"format": fmt, "case": c.id, "board": c.details.board})
        section, ns_pair, ew_pair = _where(c, events)
        out += [replace(x, section=section, ns_pair=ns_pair, ew_pair=ew_pair) for x in _decided(c, b)]
    return out


def _where(case: Case, events: EventRepository) -> tuple[str, str, str]:
    """``(section, North-South's pair, East-West's pair)`` of the case's line on the stored
    traveller, else no section and the case's own pair numbers."""
    named = case_table(case, events)
    d = case.details
    if named is None:
        return "", d.ns.number, d.ew.number
    ln = named.line
    return ln.section, ln.ns_pair or d.ns.number, ln.ew_pair or d.ew.number


def _decided(c: Case, b: ForScorerOut) -> list[ExportLine]:
    """The export line of one decided case's score block (none when the block holds no score)."""
    if b.assigned is not None:
        return [ExportLine(c, b, "assigned")]
    if b.artificial is not None:
        a = b.artificial
        return [ExportLine(c, b, "artificial", _artificial_code(a.ns_percent, a.ew_percent, a.usebio),
                           ns_percent=a.ns_percent, ew_percent=a.ew_percent)]
    if b.weighted is not None:
        w = b.weighted
        code = weighted_code([(x.score_ns, float(Fraction(x.weight)) * 100) for x in w.components])
        return [ExportLine(c, b, "weighted", code, w.ns_mp, w.ew_mp, w.ns_percent, w.ew_percent, w.form,
                           w.ns_imps, w.ew_imps)]
    if b.split is not None:
        sp = b.split
        return [ExportLine(c, b, "split", sp.code, sp.ns_mp, sp.ew_mp, sp.ns_percent, sp.ew_percent, sp.form,
                           sp.ns_imps, sp.ew_imps)]
    return []


def _components(w: WeightedEntryOut) -> str:
    return "; ".join(f"{x.weight} {x.label} ({x.score_ns:+d}" + (f", {x.ns_mp:g} MP" if x.ns_mp is not None else "")
                     + (f", {x.ns_imps:+g} IMP" if x.ns_imps is not None else "") + ")" for x in w.components)


def _num(value: float | None, fmt: str = "g") -> str:
    return "" if value is None else format(round(value, 2) + 0.0, fmt)


def _fig(value: float | None) -> str | Number:
    """A CSV cell of a figure this code computed (matchpoints, IMPs): a :class:`Number`, written as
    is (``-6.5`` stays a number), or ``""``."""
    return "" if value is None else Number(round(value, 2) + 0.0)


def adjusted_csv(cases: Sequence[Case], events: EventRepository) -> str:
    """The event's decided cases as the scorer enters them, CSV (RFC 4180, header row,
    :data:`ADJUSTED_COLUMNS`), a line per case by board, round and table, every kind of decision;
    text cells through :func:`app.api.case_format.cell` (no formula runs in a spreadsheet). The
    CSV is for the scorer's eyes and spreadsheets: no scoring program reads it as results, and
    the advisor's results upload does not either (USEBIO and PBN are the files that go back)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(ADJUSTED_COLUMNS)
    for x in export_lines(cases, events, "CSV"):
        c, b, d = x.case, x.block, x.case.details
        row: list[str | int | Number] = [c.id, d.board, x.section, d.round, d.table, x.ns_pair, x.ew_pair, x.kind]
        score_ew: str | int = ""
        if b.assigned is not None:
            a = b.assigned
            row += [a.contract, a.declarer, a.tricks, a.score_ns, "", "", "", "", "", ""]
        elif b.artificial is not None:
            r = b.artificial
            row += ["", "", "", "", r.bridgemate, r.usebio or "", r.jfr, f"{r.ns_percent:g}", f"{r.ew_percent:g}", ""]
        elif b.weighted is not None:
            row += ["", "", "", "", "", "", "", _num(x.ns_percent, ".2f"), _num(x.ew_percent, ".2f"),
                    _components(b.weighted)]
        elif b.split is not None:
            row += ["", "", "", b.split.score_ns, "", "", "", _num(x.ns_percent, ".2f"), _num(x.ew_percent, ".2f"), ""]
            score_ew = b.split.score_ew
        imps = x.form != "matchpoints"
        row += [score_ew, x.code, _fig(x.ns_mp), _fig(x.ew_mp), x.form if imps else "", _fig(x.ns_imps),
                _fig(x.ew_imps), imported_note(c)]
        w.writerow([cell(v) for v in row])
    return out.getvalue()


_USEBIO_IMPS = {"butler": "BUTLER_POINTS", "cross_imps": "CROSS_IMP_POINTS"}
"""The USEBIO 1.2 traveller elements of a line's pairs IMPs (``NS_`` / ``EW_`` before)."""


def adjusted_usebio(cases: Sequence[Case], events: EventRepository) -> bytes:
    """The event's decided cases as a USEBIO 1.2 traveller fragment: ``<USEBIO Version="1.2">
    <EVENT><BOARD><BOARD_NUMBER>`` with a ``TRAVELLER_LINE`` per case: ``NS_PAIR_NUMBER``,
    ``EW_PAIR_NUMBER``, then ``CONTRACT``, ``PLAYED_BY``, ``TRICKS``, ``SCORE`` (assigned), or
    ``SCORE`` ``A6040`` (artificial), or, for a weighted or split score (USEBIO has neither),
    ``SCORE`` the advisor's code (``W420@50/-50@50``, ``S420/-620``) with each side's figures:
    ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``, or at Butler / cross-IMPs ``NS_BUTLER_POINTS`` /
    ``NS_CROSS_IMP_POINTS`` and East-West's (a weighted score's parts also in a comment). A line
    of a named section is in a ``SECTION SECTION_ID="B"`` around its board, the pair numbers those
    of the case's traveller line (:func:`export_lines`). UTF-8,
    elements in USEBIO's names (usebio.org/documentation/usebio-1.2.pdf); ``PROGRAM_NAME``
    :data:`engine.casefile.events.ADJUSTED_FRAGMENT`: uploaded back, it changes only its lines."""
    root = Element("USEBIO", {"Version": "1.2"})
    event = SubElement(root, "EVENT", {"EVENT_TYPE": "PAIRS"})
    SubElement(event, "PROGRAM_NAME").text = ADJUSTED_FRAGMENT  # uploaded back, it changes only these lines
    sections: dict[str, Element] = {}
    boards: dict[tuple[str, str], Element] = {}
    for x in export_lines(cases, events, "USEBIO"):
        b, d = x.block, x.case.details
        if x.section and x.section not in sections:  # as EBUScore and PairsScorer write a section
            sections[x.section] = SubElement(event, "SECTION", {"SECTION_ID": x.section})
        if (x.section, d.board) not in boards:
            board = SubElement(sections[x.section] if x.section else event, "BOARD")
            boards[(x.section, d.board)] = board
            SubElement(board, "BOARD_NUMBER").text = d.board
        line = SubElement(boards[(x.section, d.board)], "TRAVELLER_LINE")
        SubElement(line, "NS_PAIR_NUMBER").text = x.ns_pair
        SubElement(line, "EW_PAIR_NUMBER").text = x.ew_pair
        if b.assigned is not None:
            a = b.assigned
            SubElement(line, "CONTRACT").text = a.contract
            SubElement(line, "PLAYED_BY").text = a.declarer
            SubElement(line, "TRICKS").text = str(a.tricks)
            SubElement(line, "SCORE").text = str(a.score_ns)
            continue
        SubElement(line, "SCORE").text = x.code
        if x.kind == "artificial":
            continue
        if x.ns_mp is not None and x.ew_mp is not None:
            SubElement(line, "NS_MATCH_POINTS").text = _num(x.ns_mp)
            SubElement(line, "EW_MATCH_POINTS").text = _num(x.ew_mp)
        if x.form in _USEBIO_IMPS and x.ns_imps is not None and x.ew_imps is not None:
            SubElement(line, "NS_" + _USEBIO_IMPS[x.form]).text = _num(x.ns_imps)
            SubElement(line, "EW_" + _USEBIO_IMPS[x.form]).text = _num(x.ew_imps)
        elif x.ns_imps is not None:  # teams: USEBIO's traveller has no element for a match's IMPs
            line.append(Comment(f" IMPs against the other room: NS {x.ns_imps:+g}, EW {x.ew_imps:+g} "))
        if b.weighted is not None:
            line.append(Comment(f" weighted 12C1(c): {_components(b.weighted).replace('--', '- -')} "))
    indent(root)
    body: bytes = tostring(root, encoding="utf-8", xml_declaration=False)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"


PBN_SCORE_TABLE = ("Section\\2R;Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;"
                   "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\3R;Percentage_EW\\3R;"
                   "IMP_NS\\6R;IMP_EW\\6R")
"""The export's ``[ScoreTable]`` columns, Magic Contest's names (PBN 2.1 section 4; its file
``open2dn1...pbn`` in ../shared/data/club-files/pbn-scoretable) with ``IMP_NS``/``IMP_EW``, and
``Section`` first (the section of the case's traveller line, ``-`` for none; read back by
:mod:`engine.records.results.pbn_tables`)."""


def _pbn_cell(value: object) -> str:
    text = str(value).replace("\\", "").replace('"', "")
    return f'"{text}"' if text == "" or any(ch.isspace() for ch in text) else text


def _pbn_tag(name: str, value: str) -> str:
    return f'[{name} "' + value.replace("\\", "").replace('"', "'").replace("\n", " ") + '"]'


def adjusted_pbn(cases: Sequence[Case], events: EventRepository) -> str:
    """The event's decided cases as PBN 2.1 games, one per board with a decided case, each with
    the board's deal, dealer and vulnerability from the event's hand records (when stored) and a
    ``[ScoreTable]`` (:data:`PBN_SCORE_TABLE`, Magic Contest's columns) with a row per case:
    an assigned score as a table result (``Contract``, ``Declarer``, ``Result`` the declarer's
    side's tricks, ``Score_NS``); an artificial one as its code in ``Score_NS`` (``A6040``, as
    BridgeWebs writes it) with each side's percentage; a weighted one as its code
    (``W420@50/-50@50``) with each side's matchpoints, percentage or IMPs; a split one as both
    score columns (``Score_NS 420``, ``Score_EW -620``, East-West's own view) with each side's
    figures. ``[Application]`` is :data:`engine.casefile.events.ADJUSTED_FRAGMENT`: uploaded back
    into the event, the file changes only its own lines (issue 36). A figure not known is ``-``."""
    lines = export_lines(cases, events, "PBN")
    out = ["% PBN 2.1", "% EXPORT", f"% adjusted results of the {ADJUSTED_FRAGMENT}", ""]
    by_board: dict[str, list[ExportLine]] = {}
    for x in lines:
        by_board.setdefault(x.case.details.board, []).append(x)
    for board, rows in by_board.items():
        event_id = rows[0].case.details.event_id
        record = events.board(event_id, board)
        out.append(_pbn_tag("Event", events.get_event(event_id).details.name))
        out.append(_pbn_tag("Board", board))
        if record is not None:
            out += [_pbn_tag("Dealer", record.dealer.value), _pbn_tag("Vulnerable", record.vulnerability.value),
                    _pbn_tag("Deal", record.deal_pbn)]
        out.append(_pbn_tag("Application", ADJUSTED_FRAGMENT))
        out.append(f'[ScoreTable "{PBN_SCORE_TABLE}"]')
        for x in rows:
            d, b = x.case.details, x.block
            contract: object = "-"
            declarer: object = "-"
            tricks: object = "-"
            score_ns: object = x.code or "-"
            score_ew: object = "-"
            if b.assigned is not None:
                contract, declarer, tricks, score_ns = (b.assigned.contract, b.assigned.declarer, b.assigned.tricks,
                                                        b.assigned.score_ns)
            elif b.split is not None:
                score_ns, score_ew = b.split.score_ns, b.split.score_ew
            cells = [x.section or "-", d.table or "-", d.round or "-", x.ns_pair or "-", x.ew_pair or "-", contract,
                     declarer, tricks,
                     score_ns, score_ew, _num(x.ns_mp) or "-", _num(x.ew_mp) or "-", _num(x.ns_percent) or "-",
                     _num(x.ew_percent) or "-", _num(x.ns_imps) or "-", _num(x.ew_imps) or "-"]
            out.append(" ".join(_pbn_cell(v) for v in cells))
        out.append("")
    return "\n".join(out) + "\n"


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

    @r.get("/{event_id}/adjusted.pbn", response_class=Response,
           summary="The event's adjusted results, PBN games with a ScoreTable")
    def adjusted_results_pbn(request: Request, event_id: EventId) -> Response:
        """The decided cases as PBN 2.1 games with Magic Contest's ``[ScoreTable]`` columns, a game
        per board (its deal from the event's hand records) and a row per case (assigned: contract,
        declarer, tricks, score; artificial: ``A6040``; weighted: its code and each side's
        matchpoints or IMPs; split: both sides' scores)."""
        events, cases = repos(request)
        events.get_event(event_id)
        return Response(adjusted_pbn(cases.cases(event_id), events), media_type="application/x-pbn; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-adjusted.pbn"'})

    return r


__all__ = ["ADJUSTED_COLUMNS", "PBN_SCORE_TABLE", "ExportLine", "adjusted_csv", "adjusted_pbn", "adjusted_usebio",
           "export_lines", "router"]
