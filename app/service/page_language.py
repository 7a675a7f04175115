"""Which language the director's page speaks, and remembering the director's choice.

The order: the language the request names (``?lang=`` or the forms' ``lang`` field), then the
``advisor_lang`` cookie (set by a page asked for with ``?lang=`` naming a language the page has:
the switcher's links and every link of the page carry it; a form's hidden ``lang`` does not set
it, the switcher's buttons on a ruling view, ``lang_pick``, do), then the
browser's ``Accept-Language`` (by its q-values; ``pl-PL`` is ``pl``), then English. Only the
languages with a catalogue folder count (:func:`app.i18n.languages`), so a folder added later
(``app/i18n/ru``, ``app/i18n/el``) is picked up with no change here.
"""

from __future__ import annotations

from typing import TypeVar

from fastapi import Request
from starlette.responses import Response

from app.i18n import DEFAULT, languages

R = TypeVar("R", bound=Response)

COOKIE = "advisor_lang"
"""The cookie that remembers the page's language (a language code, e.g. ``pl``)."""
COOKIE_DAYS = 365
"""How long the choice is remembered."""


def accepted(header: str) -> list[str]:
    """The primary language codes of an ``Accept-Language`` header, best first (ties in the
    header's order; ``q=0`` and ``*`` left out): ``"pl-PL,pl;q=0.9,en;q=0.8"`` -> ``["pl", "en"]``."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:40]):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k.strip().lower() == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        code = name.strip().split("-")[0].lower()
        if code and code != "*" and q > 0:
            ranked.append((-q, i, code))
    out: list[str] = []
    for _, _, code in sorted(ranked):
        if code not in out:
            out.append(code)
    return out


def page_lang(request: Request, given: str | None, *, picked: bool = False) -> str:
    """The page's language for ``request``: ``given`` (the request's ``lang``) when the page has
    it, else the ``advisor_lang`` cookie's, else the best of ``Accept-Language`` the page has,
    else English. A language ``given`` to a GET, or ``picked`` on a form (the switcher's buttons
    of the ruling views, ``lang_pick``), is remembered: :func:`remember` sets the cookie."""
    have = languages()
    code = (given or "").strip().lower()
    if code in have:
        if picked or request.method == "GET":  # the switcher, every link of the page: the choice to keep
            request.state.lang_chosen = code
        return code
    cookie = (request.cookies.get(COOKIE) or "").strip().lower()
    if cookie in have:
        return cookie
    return next((c for c in accepted(request.headers.get("accept-language", "")) if c in have), DEFAULT)


def remember(request: Request, response: R) -> R:
    """``response`` with the ``advisor_lang`` cookie set when ``request`` named a language other
    than the one remembered (a year, SameSite=Lax, Secure over https), and ``Vary`` naming the
    headers the language came from."""
    chosen = getattr(request.state, "lang_chosen", None)
    if chosen and request.cookies.get(COOKIE) != chosen:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_DAYS * 86400, path="/", httponly=True,
                            samesite="lax", secure=request.url.scheme == "https")
    response.headers.append("Vary", "Accept-Language, Cookie")
    return response


__all__ = ["COOKIE", "accepted", "page_lang", "remember"]
