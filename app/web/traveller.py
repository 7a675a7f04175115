"""The board's traveller on the page: ``/events/{id}/boards/{board}/traveller`` shows every
table's line of the stored traveller (``POST /v1/events/{id}/results``) with the program's own
matchpoints and the advisor's (Law 78A, :func:`engine.records.results.traveller_matchpoints`), and a
"Rule" link per table that opens the ruling form prefilled from the line
(:func:`traveller_prefill`), beside a "Cards" link (the Law 13/14 form) and a "Claim" link (the
claim form, :mod:`app.web.claim`), prefilled the same way."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.api.field import convention_words, event_convention
from app.api.travellers import PairsIn, stored_traveller, table_on_traveller
from app.i18n import gettext
from app.web.problems import Problem
from app.web.words import format_name, reason
from engine.casefile.events import EventRepository, NotStoredError
from engine.errors import InvalidBoardError
from engine.model.deal import Deal
from engine.records.handrecords import board_key
from engine.records.results import TravellerLine, traveller_matchpoints, travellers
from engine.records.results.against import MATCH, MATCHPOINTS, TEAMS, TravellerForm, team_matches, traveller_form
from engine.records.results.model import line_outcomes, pair_number
from engine.scoring.field import ACROSS, DIRECTOR, SCORING_OF, FieldConvention, Result, board_figures
from engine.scoring.field import MATCHPOINTS as FIELD_MATCHPOINTS
from engine.scoring.imps import imps
from engine.scoring.matchpoints import board_matchpoints
from engine.scoring.pairs_imps import expected_pairs_imps

Render = Callable[..., HTMLResponse]


def _mp(value: float | None) -> str:
    """Matchpoints as shown: ``"6"``, ``"2.5"``, ``""`` for none."""
    return "" if value is None else f"{value:g}"


def _imps(value: float | Fraction | None) -> str:
    """IMPs as shown: ``"+2"``, ``"-1.33"``, ``"0"``, ``""`` for none."""
    if value is None:
        return ""
    v = round(float(value), 2)
    return "0" if v == 0 else f"{v:+g}"


def _negated(value: float | Fraction | None) -> float | Fraction | None:
    return None if value is None else -value


def _forms(lines: tuple[TravellerLine, ...], scoring: str) -> dict[int, TravellerForm]:
    """How each line (by ``id``) is scored against the rest of its section's traveller
    (:func:`engine.records.results.against.traveller_form`)."""
    return {id(ln): traveller_form(scoring, ln, [o for o in group if o is not ln])
            for group in travellers(lines).values() for ln in group}


def _other_room(room: TravellerLine | None) -> dict[str, str] | None:
    """The other room of a teams table as the page says it: its teams (North-South's first), its
    result and North-South's score there; ``None`` when the table is not scored at teams."""
    if room is None:
        return None
    return {"ns": room.ns_pair, "ew": room.ew_pair, "result": room.result or "-",
            "score": "" if room.ns_score is None else f"{room.ns_score:+d}"}


def imps_by_line(lines: tuple[TravellerLine, ...], scoring: str, side: str = "NS",
                 ) -> dict[int, float | Fraction | None] | None:
    """The advisor's North-South IMPs of each line (by ``id``) when the traveller is scored in IMPs
    (the file's ``scoring``, or its lines' own IMPs: :func:`engine.records.results.against.traveller_form`),
    against the rest of its section: Butler or cross-IMPs as the file says or its figures show, at
    teams against the other room (78B); ``None`` when the traveller is matchpointed. The advisor's
    own codes count as results (issue 36): a weighted line pro rata, a split line with its
    ``side``'s score (:func:`engine.records.results.model.line_outcomes`,
    :func:`engine.scoring.pairs_imps.expected_pairs_imps`); ``side="EW"`` gives the North-South
    IMPs of East-West's ranking (East-West get their negation)."""
    forms = _forms(lines, scoring)
    if not any(f.form != MATCHPOINTS for f in forms.values()):
        return None
    out: dict[int, float | Fraction | None] = {}
    for group in travellers(lines).values():
        for ln in group:
            form = forms[id(ln)]
            own = line_outcomes(ln, side)
            field = [x for x in (line_outcomes(o, side) for o in group if o is not ln) if x is not None]
            if own is None or form.form == MATCHPOINTS or (form.form != TEAMS and not field):
                out[id(ln)] = None
            elif form.form == TEAMS:
                room = form.other_room
                out[id(ln)] = imps(ln.ns_score - room.ns_score) \
                    if ln.ns_score is not None and room and room.ns_score is not None else None
            else:
                out[id(ln)] = expected_pairs_imps(own, field, form.form)
    return out


def _under(lines: tuple[TravellerLine, ...], conv: FieldConvention,
           most_lines: tuple[tuple[str, int], ...]) -> dict[int, float | None]:
    """The advisor's North-South (key ``id(line)``) and East-West (key ``-id(line)``) matchpoints of
    every line under ``conv`` (:func:`engine.scoring.field.board_figures`: its sections apart or
    across, its factoring, ``most_lines`` the session's most lines by section, ``"*"`` across; a
    weighted line pro rata, a split line ranked on each side's own score:
    :func:`engine.records.results.model.line_outcomes`), rounded as the program prints them."""
    most = dict(most_lines)
    groups: dict[str, list[TravellerLine]] = {}
    for ln in lines:
        groups.setdefault("*" if conv.sections == ACROSS else ln.section, []).append(ln)

    def results(group: list[TravellerLine], side: str) -> list[Result]:
        out: list[Result] = []
        for ln in group:
            parts = line_outcomes(ln, side)
            zero = conv.line_score(ln.ns_score, ln.artificial)
            out.append(parts if parts is not None else zero)
        return out

    computed: dict[int, float | None] = {}
    for key, group in groups.items():
        ns = board_figures(results(group, "NS"), conv, most.get(key, 0))
        ew = board_figures(results(group, "EW"), conv, most.get(key, 0))
        for ln, mp, ew_ns in zip(group, ns.ns, ew.ns, strict=True):
            computed[id(ln)] = None if mp is None else conv.rounded(mp)
            computed[-id(ln)] = None if ew_ns is None else conv.rounded(ew.top - ew_ns)
    return computed


def traveller_rows(lines: tuple[TravellerLine, ...], units: float,
                   deal: Deal | None = None, scoring: str = "", convention: FieldConvention | None = None,
                   most_lines: tuple[tuple[str, int], ...] = ()) -> list[dict[str, Any]]:
    """Each line of a traveller for the page, file order, with the advisor's North-South and
    East-West matchpoints computed by Law 78A against the other lines of its section
    (:func:`engine.records.results.traveller_matchpoints`, in the program's units ``units`` per score
    beaten, 2 when the file gives none) beside the program's own. With the board's hand record
    ``deal``, a lead that is not in the opening leader's hand (declarer's left-hand opponent, Law
    41A) is flagged (``lead_not_held``: the seat whose hand it should be in), never silently shown
    (issue 36). A traveller scored in IMPs (``scoring``, or IMPs on its lines) shows the program's
    IMPs and the advisor's (:func:`imps_by_line`) in place of matchpoints; a teams table (its
    match's other room on the traveller: the teams the other way round) names that room
    (``other_room``: its teams, result and North-South score, what the table is scored against);
    a line whose pair numbers another section's line has too links with its section, ``(B) 1NS``;
    at point-a-board its matchpoints are against that room alone (2, 1 or 0, Law 78A with one
    other score), beside the program's ``TEAM_POINTS``. With the event's
    ``convention`` (issue 36, :func:`app.api.field.event_convention`) the matchpoints are its
    (sections apart or across, its factoring, ``most_lines`` for the session's, its rounding:
    :func:`_under`), and a form the director set replaces the file's."""
    per = int(units) if units and units == int(units) else 2
    computed: dict[int, float | None] = {}
    if convention is not None and convention.form == FIELD_MATCHPOINTS:
        computed = _under(lines, convention, most_lines)
    else:
        for group in travellers(lines).values():
            top = per * (len(group) - 1)
            ew_side = traveller_matchpoints(group, per, side="EW")  # a split line ranks East-West on their score
            for ln, mp, ew in zip(group, traveller_matchpoints(group, per), ew_side, strict=True):
                computed[id(ln)] = mp
                computed[-id(ln)] = None if ew is None else top - ew
    if convention is not None and convention.source("form") == DIRECTOR:
        scoring = SCORING_OF[convention.form]
    advisor_imps = imps_by_line(lines, scoring)
    advisor_ew = imps_by_line(lines, scoring, side="EW")
    forms = _forms(lines, scoring)
    for ln in lines:  # point-a-board teams: 78A against the other room's score alone (2, 1 or 0)
        form = forms[id(ln)]
        if form.form == MATCHPOINTS and form.told_by == MATCH:
            room = form.other_room
            mp = None if ln.ns_score is None or room is None or room.ns_score is None else \
                board_matchpoints([ln.ns_score, room.ns_score], per)[0]
            computed[id(ln)], computed[-id(ln)] = mp, None if mp is None else per - mp
    rows = []
    pairs_seen = Counter((ln.ns_pair, ln.ew_pair) for ln in lines)
    for place, ln in enumerate(lines, start=1):
        link = {"table": str(ln.table)} if ln.table is not None else {}
        if ln.ns_pair and ln.ew_pair:  # pairs numbered alike in two sections: named with the section, "(B) 1NS"
            named = ln.section and pairs_seen[(ln.ns_pair, ln.ew_pair)] > 1
            link |= {"ns": f"({ln.section}) {ln.ns_pair}" if named else ln.ns_pair,
                     "ew": f"({ln.section}) {ln.ew_pair}" if named else ln.ew_pair}
        leader = ln.declarer.lho if ln.declarer is not None else None
        odd = deal is not None and ln.lead is not None and leader is not None and ln.lead not in deal.hand(leader)
        rows.append({"line": ln, "lead": str(ln.lead) if ln.lead else "",
                     "lead_not_held": leader.value if odd and leader is not None else "",
                     "declarer": ln.declarer.value if ln.declarer else "",
                     "ns_mp": _mp(ln.ns_mp), "ew_mp": _mp(ln.ew_mp),
                     "our_ns_mp": _mp(computed[id(ln)]), "our_ew_mp": _mp(computed[-id(ln)]),
                     **({} if advisor_imps is None else {
                         "ns_mp": _imps(ln.ns_imps), "ew_mp": _imps(ln.ew_imps),
                         "our_ns_mp": _imps(advisor_imps[id(ln)]),
                         "our_ew_mp": _imps(_negated((advisor_ew or advisor_imps)[id(ln)]))}),
                     "other_room": _other_room(forms[id(ln)].other_room if forms[id(ln)].told_by == MATCH else None),
                     "rule": urlencode(link or {"place": str(place)}) if ln.contract and ln.declarer is not None
                     else ""})
    return rows


def traveller_prefill(repo: EventRepository, event: int, board: str, table: str, ns: str, ew: str,
                      place: str = "") -> tuple[dict[str, str], dict[str, str] | None]:
    """The ruling form's fields from the traveller line a "Rule" link names (``table`` and/or
    the pair numbers ``ns``/``ew``, as query text): ``(form, line)`` with ``form`` holding
    ``table``, ``ns_pair``, ``ew_pair`` and ``place`` (sent on with the ruling), ``contract``, ``declarer``,
    ``table_result`` (the declarer's side's tricks) and ``lead`` (the opening lead: the play
    box's hint, not entered into the play, since a record stopping inside trick 1 is refused with
    a table result), and ``line`` what the page says of it (pairs, result, lead); ``({}, None)``
    when nothing names a line. Pair numbers given with their section (``"(B) 1NS"``, the link of
    a traveller whose sections number their pairs alike) name that section's line and are sent on
    so. A traveller whose lines carry neither table nor pair numbers (a PBN written one game per
    table) names a line by its place on the board's traveller, ``place`` (``"3"``: the third).

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller` (no such line, several,
            no traveller); path ``table``: a table that is not a whole number.
    """
    table, ns, ew, place = table.strip(), ns.strip(), ew.strip(), place.strip()[:4]
    nth = int(place) if place.isdigit() and not table and not (ns and ew) else None
    if not table and not (ns and ew) and nth is None:
        return {}, None
    if table and not (table.isdigit() and len(table) <= 3):
        raise InvalidBoardError(f"table {table!r} is not a table number", path="table", key="traveller_no_line",
                                params={"board": board_key(board), "which": table[:20]})
    pairs = PairsIn(ns=ns[:20], ew=ew[:20]) if ns and ew else None
    named = table_on_traveller(repo, event, board, int(table) if table else None, pairs, nth)
    ln = named.line
    sectioned = pairs is not None and bool(pair_number(pairs.ns)[0] or pair_number(pairs.ew)[0])
    form = {"table": str(ln.table) if ln.table is not None and table else "",
            "ns_pair": (f"({ln.section}) {ln.ns_pair}" if sectioned else ln.ns_pair) if pairs else "",
            "ew_pair": (f"({ln.section}) {ln.ew_pair}" if sectioned else ln.ew_pair) if pairs else "",
            "contract": ln.contract or "", "declarer": ln.declarer.value if ln.declarer else "",
            "table_result": str(ln.tricks) if ln.tricks is not None else "",
            "lead": str(ln.lead) if ln.lead else "",
            "place": str(nth) if nth is not None else ""}
    line = {"table": str(ln.table) if ln.table is not None else "", "ns": ln.ns_pair or ln.ns_names,
            "ew": ln.ew_pair or ln.ew_names,
            "result": ln.result, "lead": str(ln.lead) if ln.lead else "", "program": named.traveller.program}
    return form, line


def install_traveller_pages(r: APIRouter, render: Render, lang_of: Callable[[Request, str | None], str]) -> None:
    """Add ``GET /events/{event_id}/boards/{board}/traveller`` to the page's router ``r``."""

    @r.get("/events/{event_id}/boards/{board}/traveller", response_class=HTMLResponse)
    def traveller_page(request: Request, event_id: int, board: str, lang: str | None = None) -> HTMLResponse:
        """Every table's line of the board, the program's matchpoints and the advisor's, a
        "Rule" link per table with a contract; the index with the reason (404) when the
        event, the board or its traveller is not stored."""
        lang = lang_of(request, lang)
        repo: EventRepository = request.app.state.events
        try:
            event = repo.get_event(event_id)
            found = stored_traveller(repo, event_id, board)
        except NotStoredError:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "no_event", event=event_id))])
        except InvalidBoardError as exc:
            return render(request, "index.html", lang, 404, errors=[Problem("", reason(lang, exc))])
        record = repo.board(event_id, board)
        conv = event_convention(repo, event_id, found)
        scoring = SCORING_OF[conv.form] if conv.source("form") == DIRECTOR else found.scoring
        sections = sorted({ln.section for ln in found.lines})
        rows = traveller_rows(found.lines, found.mp_units, record.deal if record is not None else None,
                              found.scoring, conv, found.most_lines)
        fixed = {p.correction.line: p.correction.by for p in repo.read_problems(event_id)
                 if p.correction is not None and p.problem.board == board_key(board)}
        for row in rows:  # a line the director corrected on the event's page (issue 36), not the program's
            row["corrected_by"] = fixed.get(row["line"], "")
        return render(request, "traveller.html", lang, event=event, board=board_key(board), record=record,
                      traveller=found, rows=rows, format_name=format_name(found.kind),
                      field_text=convention_words(conv, sections,
                                                  say=lambda key, **params: gettext(lang, key, **params)),
                      in_imps=imps_by_line(found.lines, scoring) is not None,
                      matches=team_matches(found.lines) if found.scoring in ("IMP", "PAB") else 0,
                      sections=len({ln.section for ln in found.lines}) > 1,
                      tables=any(ln.table is not None for ln in found.lines))


__all__ = ["install_traveller_pages", "traveller_prefill", "traveller_rows"]
