"""The director's web page: server-rendered HTML (jinja2) over the same engine as the API.

``install_web(app)`` adds ``/`` (the forms), the static files and the page's routes, by page:
``POST /upload`` and an event's page (:mod:`app.web.upload`: an uploaded file becomes an event
in the database, ``app.state.events``, see ``app/api/events.py``: its hand records are stored,
the file is kept with it, and picking a board reads the file back from storage), a stored
board's play entry (:mod:`app.web.play`), ``POST /ruling`` (:mod:`app.web.ruling`: a revoke
ruling from a pasted PBN game, an uploaded file's board, or a board entered by hand; the
assumptions form re-posts here), ``POST /incorrect-cards`` (:mod:`app.web.cards`: Laws 13, 14),
the case file (:mod:`app.web.casefile`), the claim, the screening and the traveller. Everything
is served by the app itself (no CDN); the page works without JavaScript (a few lines wire the
print buttons). Languages are data: ``app/i18n``.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from app.i18n import gettext, languages
from app.i18n.seats import card_symbols, seat_params
from app.service.access import PageRefused
from app.service.auth import READ
from app.service.limits import BODY_BYTES, UPLOAD_BYTES
from app.service.page_language import page_lang, remember
from app.service.request_body import clean_text
from app.web.alternatives import install_alternatives_pages
from app.web.cards import install_cards_pages
from app.web.casefile import install_case_pages
from app.web.claim import install_claim_pages
from app.web.page_common import DISCOVERED, MISSING, NOTICED, VULS
from app.web.play import install_play_pages
from app.web.problems import Problem, field_errors
from app.web.ruling import install_ruling_page
from app.web.screening import install_screening_pages
from app.web.signin import back_to, refusal_text, who
from app.web.traveller import install_traveller_pages
from app.web.upload import _board_rows, install_upload_pages
from app.web.words import date_text, evidence_text, sheet_date_text
from engine import __version__ as engine_version
from engine.model.contract_text import contract_words
from engine.scoring import PROFILES

_HERE = Path(__file__).parent
LAWS_EDITION = "2017"


def install_web(app: FastAPI) -> None:
    """Mount the page's static files and routes on ``app``; a form the page posted that cannot
    be read (a paste over 1 MiB, a malformed multipart body) gets the page with the reason
    (``app.state.unreadable_body_page``, see :mod:`app.service.errors`); a page request the access
    policy refuses (:class:`app.service.access.PageRefused`) gets the sign-in form with the reason and
    the way back: 401 (sign in) or 403 (the role does not allow it), never the data."""
    app.mount("/static", StaticFiles(directory=_HERE / "static"), name="web-static")
    router, unreadable, refused = _router()
    app.include_router(router)
    app.state.unreadable_body_page = unreadable

    async def page_refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, PageRefused)
        return refused(request, exc)

    app.add_exception_handler(PageRefused, page_refused)


@functools.cache
def _router() -> tuple[APIRouter, Callable[[Request, str, str], HTMLResponse],
                       Callable[[Request, PageRefused], HTMLResponse]]:
    """The page's router, the page for a form that could not be read, and the sign-in page for a
    refusal: made once per process and shared by every app it builds, as :func:`app.main.api_routers`
    (the handlers read ``request.app.state``; the templates are the same files)."""
    templates = Jinja2Templates(directory=_HERE / "templates")
    templates.env.finalize = _writable
    r = APIRouter(include_in_schema=False)

    def render(request: Request, name: str, lang: str, status: int = 200, **context: Any) -> HTMLResponse:
        def t(key: str, **params: object) -> str:
            return gettext(lang, key, **params)

        def say_evidence(text: str) -> str:
            return evidence_text(lang, text)

        def day(value: dt.date) -> str:
            return date_text(lang, value)

        def sheet_day(text: str) -> str:  # a sheet's date field: an ISO date in words
            return sheet_date_text(lang, text)

        def side_word(code: str) -> object:  # "NS" as a sentence says it: {side:dat} -> "Северу-Югу"
            return seat_params(lang, {"side": code})["side"]

        base = {"lang": lang, "langs": languages(), "t": t, "say_evidence": say_evidence, "day": day,
                "sheet_day": sheet_day, "side_word": side_word,
                "contract_words": contract_words(lang),  # the contract box's words (app.js)
                "cards": card_symbols,  # "H9" -> "♥9": cards as the tables show them
                "vuls": VULS, "noticed_values": NOTICED,
                "discovered_values": DISCOVERED, "missing_values": MISSING, "form": {}, "cform": {},
                "profile_names": list(PROFILES),
                "errors": [], "field_errors": {}, "engine_version": engine_version, "laws_edition": LAWS_EDITION,
                "who": who(request), "here": request.url.path if request.method == "GET" else "/"}
        return remember(request, templates.TemplateResponse(request, name, {**base, **context}, status_code=status))

    @r.get("/favicon.ico")
    def favicon() -> FileResponse:
        """The page's icon (an SVG) for browsers that ask for /favicon.ico."""
        return FileResponse(_HERE / "static" / "favicon.svg", media_type="image/svg+xml",
                            headers={"Cache-Control": "public, max-age=86400"})

    @r.get("/", response_class=HTMLResponse)
    def index(request: Request, lang: str | None = None) -> HTMLResponse:
        return render(request, "index.html", page_lang(request, lang),
                      events=request.app.state.events.recent_events(10))

    def refused(request: Request, exc: PageRefused) -> HTMLResponse:
        """The sign-in form with why the door refused (:func:`app.web.signin.refusal_text`) and
        the way back (``next``): nothing of what was asked for."""
        lang = page_lang(request, exc.lang)
        return render(request, "signin.html", lang, exc.status, errors=[Problem("", refusal_text(lang, exc))],
                      next=back_to(request), refused=True,
                      errors_heading="errors_heading_signin" if exc.status == 401 else "errors_heading_refused")

    def unreadable(request: Request, kind: str, message: str) -> HTMLResponse:
        """The index with the reason a posted form could not be read: 413 for a field over the
        form parser's 1 MiB (a paste: upload the file instead) or a body over its route's limit
        (:mod:`app.service.limits`: the file over 5 MiB, the form over 1 MiB; never read), 422 for a
        malformed form, 503 when the store is busy (nothing was stored), 429 for a holder over its
        share of rulings or jobs (``too_many:<key>:<n>``). The form is read before
        the access policy runs: the recent events are listed only to whom may read them."""
        lang = page_lang(request, request.query_params.get("lang"))
        events = request.app.state.events.recent_events(10) if who(request).can(READ) else []
        if kind.startswith("too_many:"):  # a holder over its share of rulings or jobs (issue 35): 429
            lang = page_lang(request, request.query_params.get("lang") or getattr(request.state, "given_lang", None))
            _, key, n = kind.split(":", 2)
            text = gettext(lang, f"api.{key}", n=int(n))
            bad = [Problem("", text[:1].upper() + text[1:])]
            return render(request, "index.html", lang, 429, errors=bad, field_errors=field_errors(bad), events=events)
        if kind in ("body_too_large", "busy"):
            upload = request.url.path == "/upload"
            if kind == "busy":
                text = gettext(lang, "store_busy")
            elif upload:
                text = gettext(lang, "upload_too_large", limit=UPLOAD_BYTES // 2**20)
            elif request.url.path == "/ruling":
                text = gettext(lang, "paste_too_large")
            else:
                text = gettext(lang, "form_too_large", limit=BODY_BYTES // 2**20)
            bad = [Problem("file" if upload else "", text[:1].upper() + text[1:])]
            return render(request, "index.html", lang, 503 if kind == "busy" else 413, errors=bad,
                          field_errors=field_errors(bad), events=events)
        if kind == "too_large":
            paste = request.url.path == "/ruling"
            text = gettext(lang, "paste_too_large" if paste else "field_too_large")
            bad = [Problem("pbn" if paste else "", text[:1].upper() + text[1:])]
            return render(request, "index.html", lang, 413, errors=bad, field_errors=field_errors(bad),
                          events=events)
        text = gettext(lang, "form_unreadable")
        bad = [Problem("", text[:1].upper() + text[1:])]
        return render(request, "index.html", lang, 422, errors=bad, field_errors=field_errors(bad),
                      events=events)

    install_upload_pages(r, render)
    install_play_pages(r, render)
    install_ruling_page(r, render)
    install_cards_pages(r, render)
    install_case_pages(r, render)
    install_claim_pages(r, render)
    install_alternatives_pages(r, render)
    install_screening_pages(r, render, _board_rows)
    install_traveller_pages(r, render, page_lang)
    return r, unreadable, refused


def _writable(value: Any) -> Any:
    """Jinja's ``finalize``: every value a template prints, with a lone surrogate (text that
    cannot be written as UTF-8) replaced by U+FFFD, so the page can always be sent."""
    if isinstance(value, Markup):
        return Markup(clean_text(str(value)))
    return clean_text(value) if isinstance(value, str) else value


__all__ = ["install_web"]
