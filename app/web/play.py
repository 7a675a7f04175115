"""The play-entry page of a stored board (``/events/{id}/boards/{board}/play``): the hand
record's four hands as cards to click, the play and the facts of the revoke, prefilled from a
traveller line (its "Rule" link); the ruling it posts is :mod:`app.web.ruling`'s."""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from app.i18n import gettext
from app.service.page_language import page_lang
from app.web import views
from app.web.page_common import VULS, Render
from app.web.problems import Problem, field_errors, problem
from app.web.traveller import traveller_prefill
from app.web.words import reason
from engine.casefile.events import NotStoredError
from engine.errors import InvalidBoardError
from engine.model.cards import SUIT_ORDER
from engine.model.seats import SEATS


def install_play_pages(r: APIRouter, render: Render) -> None:
    """Add ``GET /events/{id}/boards/{board}/play`` to ``r``."""

    @r.get("/events/{event_id}/boards/{board}/play", response_class=HTMLResponse)
    def play_page(request: Request, event_id: int, board: str, lang: str | None = None, table: str = "",
                  ns: str = "", ew: str = "", place: str = "") -> HTMLResponse:
        """The play-entry page of a stored board; with ``table`` and/or the pairs ``ns``/``ew`` (the
        traveller's "Rule" link), the form prefilled from that traveller line."""
        lang = page_lang(request, lang)
        form = {"event": str(event_id), "board": board}
        try:
            filled, _ = traveller_prefill(request.app.state.events, event_id, board, table[:10], ns, ew, place)
        except InvalidBoardError as exc:
            return _play_page(render, request, lang, form, [problem(lang, exc.path, reason(lang, exc))], 200)
        return _play_page(render, request, lang, form | filled, [], 200)


def _play_page(render: Render, request: Request, lang: str, form: Mapping[str, str], problems: list[Problem],
               status: int) -> HTMLResponse:
    """The play-entry page of a stored board (the form filled with ``form``, ``problems`` by
    their fields), or the index with the reason when the event or board is not stored."""
    repo = request.app.state.events
    event_id = form.get("event", "")
    try:
        event = repo.get_event(int(event_id)) if event_id.isdigit() and len(event_id) <= 9 else None
    except NotStoredError:
        event = None
    record = repo.board(event.id, form.get("board", "")) if event is not None else None
    if event is None or record is None:
        missing = (gettext(lang, "no_event", event=event_id) if event is None else
                   gettext(lang, "board_not_in_event", board=form.get("board", ""), event=event_id))
        return render(request, "index.html", lang, 404 if status == 200 else status,
                      errors=[Problem("", missing), *problems])
    seats = {s.value: [[(str(c), views.card_label(c)) for c in sorted(
        (c for c in record.deal.hand(s) if c.suit is suit), reverse=True)] for suit in SUIT_ORDER]
        for s in SEATS}
    line = None
    if form.get("table") or form.get("ns_pair") or form.get("place"):
        try:
            _, line = traveller_prefill(repo, event.id, record.board, form.get("table", ""),
                                        form.get("ns_pair", ""), form.get("ew_pair", ""), form.get("place", ""))
        except InvalidBoardError:
            line = None
    return render(request, "play.html", lang, status, form={"noticed": "after_play", **form}, errors=problems,
                  traveller_line=line,
                  field_errors=field_errors(problems), event=event, record=record,
                  vul_key=dict(VULS)[record.vulnerability.value], diagram=views.hands(record.deal),
                  seats=seats, suits=[(s.value, views.SYMBOL[s], s in views.RED) for s in SUIT_ORDER])
