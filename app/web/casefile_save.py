""""Save as a case" on the ruling views: the form (``case_form.html``) a ruling view offers,
with the ruling request that produced it, its event and board; ``POST /cases``, which rules on
the posted request again and keeps it as a case (``app.api.cases.open_case``); and the event's
appeal deadline on the ruling sheet."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.api.cases import open_case, parse_case
from app.i18n import fallback, gettext
from app.service import auth
from app.service.access import Acting
from app.service.page_language import page_lang
from app.web.casefile_common import _id, _message, event_settings, say
from app.web.known import signed_in_director
from app.web.page_common import Render, Text
from app.web.problems import Problem, field_errors
from app.web.signin import who
from app.web.words import reason
from engine.casefile.cases import CaseKind
from engine.casefile.events import EventDetails, EventRepository, NotStoredError
from engine.errors import AdvisorError, InvalidBoardError
from engine.records.boards import pick_game
from engine.records.files import read_games
from engine.records.handrecords import board_key
from engine.records.pbn import loads

_INHERITED = re.compile(r'\[\s*(\w+)\s*"#"\s*\]')
"""A PBN tag whose value is the previous game's (``[Event "#"]``)."""


def one_game(text: str, board: str | None, room: str | None) -> str:
    """The PBN text of the one game ``board`` and ``room`` pick from ``text`` (an uploaded
    file's game, to keep with the case instead of the whole file), its ``#`` tags written out
    with the values they inherit. The whole ``text`` when the game cannot be cut out unchanged
    (a comment across games...): the cut-out game must read back with the same tags and play.
    """
    try:
        games = read_games(text)  # PBN or LIN
        chosen = pick_game(text, board or None, room or None)
    except AdvisorError:
        return text
    later = [g.lineno for g in games if g.lineno > chosen.lineno]
    lines = text.removeprefix("\ufeff").splitlines()
    tags = chosen.tags

    def inherited(m: re.Match[str]) -> str:
        return f'[{m.group(1)} "{tags[m.group(1)]}"]' if m.group(1) in tags else ""

    piece = "\n".join(_INHERITED.sub(inherited, line) for line in
                      lines[chosen.lineno - 1:(min(later) - 1) if later else len(lines)]).strip() + "\n"
    try:
        [alone] = loads(piece)
    except (AdvisorError, ValueError):
        return text
    same = dict(alone.tags) == dict(chosen.tags) and alone.play_section == chosen.play_section
    return piece if same else text


def case_form(request: Request, kind: CaseKind, body: Mapping[str, Any], *, event_id: int | None = None,
              board: str = "", board_fixed: bool = False, sheet: Mapping[str, str] | None = None,
              event_name: str = "", event_date: str = "", known: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The "Save as a case" form of a ruling view (``case_form.html``): the ruling request that
    produced the view (``body``, embedded as JSON), the event (``event_id`` preselected, else
    the recent events or a new one named ``event_name``), the board (``board_fixed``: it picks
    the game or hand record the ruling came from), and round, table and director from the
    sheet fields (the director, when blank, is the signed-in director), and the pairs' numbers and
    names, round, table and event date from what is ``known`` of the table (issue 37,
    :func:`app.web.known.known_facts`: the traveller line the ruling was started from)."""
    sheet, known = sheet or {}, known or {}
    events: EventRepository = request.app.state.events
    recent = events.recent_events(10)
    if event_id is not None and all(e.id != event_id for e in recent):
        try:
            recent.insert(0, events.get_event(event_id))
        except NotStoredError:
            event_id = None
    name = event_name or sheet.get("event", "") or known.get("event", "")
    signed_in = who(request)
    director = sheet.get("director", "") or signed_in_director(request)
    if event_id is None and name:  # the sheet names a stored event
        event_id = next((e.id for e in recent if e.details.name == name), None)
    return {"kind": kind.value, "ruling_request": json.dumps(body, separators=(",", ":")),
            "events": [{"id": e.id, "name": e.details.name, "date": e.details.date.isoformat()} for e in recent],
            "values": {"case_event": str(event_id) if event_id is not None else "new",
                       "new_event_name": name, "new_event_date": event_date or sheet.get("date", "")
                       or known.get("date", "") or dt.date.today().isoformat(), "case_board": board,
                       "case_round": sheet.get("round", "") or known.get("round", ""),
                       "case_table": sheet.get("table", "") or known.get("table", ""), "case_director": director,
                       **{k: known.get(k, "")[:200 if k.endswith("names") else 20]
                          for k in ("ns_number", "ns_names", "ew_number", "ew_names")}},
            "board_fixed": board_fixed, "may_save": signed_in.can(auth.DIRECTOR), "signed_in": bool(signed_in.name)}


def revoke_case_form(request: Request, form: Mapping[str, str], body: Mapping[str, Any],
                     sheet: Mapping[str, str], known: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The "Save as a case" form of the revoke ruling view, from the page's ``form`` (its
    ``source``: a stored event's board, an uploaded file's game, a pasted game, or parts) and the
    ``body`` the view was ruled from: a stored board keeps its event and board (preselected, and in
    the embedded request, which says the traveller line it was ruled on: :func:`ruled_line`); a PBN
    game is kept alone (:func:`one_game`) with its board number, and its event and date tags suggest a
    new event. ``known``: the pairs and their names (:func:`case_form`)."""
    source = form.get("source", "pbn")
    # an emptied table result on a traveller line stays said (null): re-ruled, the case takes nothing from the line
    kept = {k: v for k, v in body.items() if v is not None or k == "table_result"}
    event_id, board, name, date = None, "", "", ""
    if source == "event":
        event_id = _id(form.get("event", ""))
        board = form.get("board", "").strip()
        return case_form(request, CaseKind.REVOKE, kept, event_id=event_id, board=board,
                         board_fixed=event_id is not None, sheet=sheet, known=known)
    if source in ("upload", "pbn") and isinstance(body.get("pbn"), str):
        text = body["pbn"]
        try:
            game = pick_game(text, body.get("board"), body.get("room"))
        except AdvisorError:
            game = None
        kept["pbn"] = one_game(text, body.get("board"), body.get("room"))
        kept.pop("board", None)
        if game is not None:
            board, name = (game.board or "").strip(), (game.event or "").strip()
            day = game.day
            date = day.isoformat() if day else ""
        if source == "upload":
            stored = request.app.state.events.get_file(_id(form.get("upload", "")) or 0) \
                if _id(form.get("upload", "")) else None
            event_id = stored[0] if stored is not None else None
    return case_form(request, CaseKind.REVOKE, kept, event_id=event_id, board=board, board_fixed=bool(board),
                     sheet=sheet, event_name=name[:200], event_date=date)


_CASE_FIELD = {("event",): "case_event", ("board",): "case_board", ("round",): "case_round",
               ("table",): "case_table", ("director",): "case_director", ("pairs", "ns", "number"): "ns_number",
               ("pairs", "ns", "names"): "ns_names", ("pairs", "ew", "number"): "ew_number",
               ("pairs", "ew", "names"): "ew_names", ("pairs",): "ns_number", ("pairs", "ns"): "ns_number",
               ("pairs", "ew"): "ew_number"}


def _case_problems(lang: str, exc: RequestValidationError) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = tuple(str(x) for x in err.get("loc", ()) if x != "body")
        field = next((_CASE_FIELD[loc[:n]] for n in (3, 2, 1) if loc[:n] in _CASE_FIELD), "")
        msg = _message(lang, err)
        if field:
            out.append(say(lang, field, msg))
        else:  # the ruling request itself (it was ruled on a moment ago: rule on the board again)
            out.append(Problem("", f"{fallback(lang, ' '.join(loc))}: {msg}" if loc else msg))
    return out


def sheet_deadline(request: Request, form: Mapping[str, str]) -> str:
    """The appeal deadline of the event a ruling view's board comes from (a stored event's
    board, or an uploaded file's event), for the ruling sheet; ``""`` when none is set."""
    event_id: int | None = None
    if form.get("source") == "event":
        event_id = _id(form.get("event", ""))
    elif form.get("source") == "upload" and _id(form.get("upload", "")):
        stored = request.app.state.events.get_file(_id(form.get("upload", "")) or 0)
        event_id = stored[0] if stored is not None else None
    return event_settings(request, event_id).appeal_deadline if event_id is not None else ""


def install_save_page(r: APIRouter, render: Render) -> None:
    """Add ``POST /cases`` (a ruling view's "Save as a case") to ``r``."""

    @r.post("/cases", response_class=HTMLResponse, response_model=None)
    def save_case(request: Request, lang: Text = "", kind: Text = "revoke", ruling_request: Text = "",
                  case_event: Text = "", new_event_name: Text = "", new_event_date: Text = "",
                  case_board: Text = "", case_round: Text = "", case_table: Text = "",
                  ns_number: Text = "", ns_names: Text = "", ew_number: Text = "", ew_names: Text = "",
                  case_director: Text = "", board_fixed: Text = "", confirm_duplicate: Text = "", *,
                  actor: Acting) -> Response:
        """Rule on the posted request again and keep it as a case (``app.api.cases.open_case``);
        303 to the case page. The form comes back with the problems next to their fields."""
        lang = page_lang(request, lang)
        values = {"case_event": case_event, "new_event_name": new_event_name, "new_event_date": new_event_date,
                  "case_board": case_board, "case_round": case_round, "case_table": case_table,
                  "ns_number": ns_number, "ns_names": ns_names, "ew_number": ew_number, "ew_names": ew_names,
                  "case_director": case_director}
        events: EventRepository = request.app.state.events
        cform = {"kind": kind if kind in ("revoke", "incorrect_cards", "claim", "alternatives") else "revoke",
                 "ruling_request": ruling_request,
                 "events": [{"id": e.id, "name": e.details.name, "date": e.details.date.isoformat()}
                            for e in events.recent_events(10)], "values": values, "board_fixed": bool(board_fixed),
                 "may_save": True, "signed_in": True}

        def again(status: int, found: list[Problem], heading: str = "errors_heading_save") -> HTMLResponse:
            return render(request, "case_new.html", lang, status, case_form=cform, errors=found,
                          field_errors=field_errors(found), errors_heading=heading)

        try:
            body = json.loads(ruling_request)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply for the reader
            body = None
        if not isinstance(body, dict):
            return again(422, [say(lang, "", gettext(lang, "case_no_request"))])
        data = {**body, "kind": cform["kind"], "board": case_board, "round": case_round, "table": case_table,
                "director": case_director, "pairs": {"ns": {"number": ns_number, "names": ns_names},
                                                     "ew": {"number": ew_number, "names": ew_names}}}
        line = ruled_line(body, str(cform["kind"]), _id(case_event), case_board)
        if line is not None:  # the request's table/pairs are the case's fields here: named apart
            data["traveller_line"] = line
        problems: list[Problem] = []
        new_event: EventDetails | None = None
        event_id = _id(case_event)
        if case_event == "new":
            name = new_event_name.strip()
            if not 1 <= len(name) <= 200:
                problems.append(say(lang, "new_event_name", gettext(lang, "need_event_name")))
            try:
                date = dt.date.fromisoformat(new_event_date.strip())
            except ValueError:
                problems.append(say(lang, "new_event_date", gettext(lang, "need_event_date",
                                                                    text=new_event_date.strip())))
            else:
                new_event = EventDetails(name=name, date=date)
        elif event_id is None:
            problems.append(say(lang, "case_event", gettext(lang, "need_event")))
        try:
            parse_case({**data, "event": event_id or 1})  # the case's own fields, before any event is made
        except RequestValidationError as exc:
            problems += _case_problems(lang, exc)
        if problems:
            return again(422, problems)
        if event_id is not None and confirm_duplicate != "1":
            try:
                same = [c for c in request.app.state.cases.cases(event_id, case_board)
                        if c.withdrawn is None and c.details.round == case_round.strip()
                        and c.details.table == case_table.strip()]
            except NotStoredError:
                same = []
            if same:
                text = gettext(lang, "case_duplicate", board=case_board.strip(), round=case_round.strip() or "\u2014",
                               table=case_table.strip() or "\u2014", ids=", ".join(f"{c.id}" for c in same))
                cform["duplicates"] = [c.id for c in same]
                return again(409, [Problem("", text)], "errors_heading_duplicate")
        if new_event is not None:
            event_id = events.create_event(new_event).id
            values["case_event"] = str(event_id)
        data["event"] = event_id
        data["duplicate"] = True  # asked above: none, or the director confirmed it (confirm_duplicate)
        if isinstance(body.get("pbn"), str) and cform["kind"] == "revoke":
            data["pbn"] = _with_board_tag(body["pbn"], case_board)
        try:
            case = open_case(data, events, request.app.state.cases, request.app.state.solver, actor)
        except RequestValidationError as exc:
            return again(422, _case_problems(lang, exc))
        except InvalidBoardError as exc:
            field = {"event": "case_event", "board": "case_board"}.get(exc.path.split("/", 1)[0], "")
            return again(422, [say(lang, field, reason(lang, exc))])
        return RedirectResponse(f"/cases/{case.id}?lang={lang}", status_code=303)


def ruled_line(body: Mapping[str, Any], kind: str, event_id: int | None, board: str) -> dict[str, Any] | None:
    """The traveller line a revoke, incorrect-cards, claim or alternatives ruling request (``body``, as the page
    ruled it) names, as a case's ``traveller_line`` (its ``table`` and/or ``pairs``), when the case is
    saved to the event and board the request is on; ``None`` otherwise (no line, or the director
    saves it to another event or board, whose traveller is not the one ruled on)."""
    ruled_board = str(body.get("board") or "").strip()
    if kind not in ("revoke", "incorrect_cards", "claim", "alternatives") or body.get("event") is None \
            or body.get("event") != event_id or not ruled_board or not board.strip() \
            or board_key(ruled_board) != board_key(board):
        return None
    line = {k: body[k] for k in ("table", "pairs") if body.get(k) is not None}
    return line or None


def _with_board_tag(text: str, board: str) -> str:
    """A one-game PBN text without a ``[Board]`` tag gets the case's board number, so that the
    case's board picks it (``app.api.cases.parse_case`` picks the game by the case's board)."""
    try:
        games = read_games(text)  # PBN or LIN
    except AdvisorError:
        return text
    if len(games) == 1 and not games[0].board and board.strip():
        return f'[Board "{board.strip()}"]\n{text}'
    return text
