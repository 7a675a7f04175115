"""What the case file's page modules share (:mod:`app.web.casefile`): a form whose fields vary
(``Posted``), reading a stored id from a URL or a form, a problem said next to its form field (from a
pydantic error too), the event's case-file settings, and the index with the reason (404) for
an event or a case not stored."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from pydantic import ValidationError

from app.i18n import gettext
from app.web.page_common import Render
from app.web.problems import Problem
from app.web.words import pydantic_text
from engine.casefile.cases import EventSettings
from engine.casefile.events import NotStoredError


async def _posted(request: Request) -> dict[str, str]:
    """The posted form's text fields (a form whose fields vary: the weights of the plausible results)."""
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


Posted = Annotated[dict[str, str], Depends(_posted)]


def _id(text: str) -> int | None:
    """A stored id from a URL or a form: 1 to 9 digits, else ``None``."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 9 and int(text) > 0 else None


def say(lang: str, field: str, message: str) -> Problem:
    """A problem with the page's form field ``field`` (e.g. ``"reason"``, ``"ns_number"``):
    ``"<the field in words>: <message>"``, placed next to that field."""
    words = gettext(lang, f"where_{field}") if field else ""
    text = f"{words}: {message}" if words and words != f"where_{field}" else message
    return Problem(field, text[:1].upper() + text[1:])


def _message(lang: str, err: Mapping[str, Any]) -> str:
    """A pydantic error's message, in the director's words for the usual ones (empty, too long)."""
    kind, ctx = err.get("type"), err.get("ctx") or {}
    if kind in ("string_too_short", "missing", "too_short"):
        return gettext(lang, "need_field")
    if kind in ("string_too_long", "too_long") and "max_length" in ctx:
        return gettext(lang, "too_long", n=ctx["max_length"])
    return pydantic_text(lang, err)


def _model_problems(lang: str, exc: ValidationError, fields: Mapping[str, str]) -> list[Problem]:
    out = []
    for err in exc.errors(include_url=False):
        loc = [str(x) for x in err["loc"]]
        field = fields.get(loc[0], "") if loc else ""
        out.append(say(lang, field, _message(lang, err)))
    return out


def event_settings(request: Request, event_id: int) -> EventSettings:
    """The case-file settings of ``event_id`` (the defaults for an event not stored)."""
    try:
        settings: EventSettings = request.app.state.cases.settings(event_id)
        return settings
    except NotStoredError:
        return EventSettings()


def not_found(render: Render, request: Request, lang: str, text: str) -> HTMLResponse:
    """The index with ``text`` as the reason (404): the event or the case asked for is not stored."""
    return render(request, "index.html", lang, 404, errors=[Problem("", text[:1].upper() + text[1:])],
                  events=request.app.state.events.recent_events(10))
