"""What the page's modules share: the type of the ``render`` that :func:`app.web.install_web`
gives them, a form's text field, the values the ruling forms offer (the vulnerability, when a
revoke was noticed (Law 64: ``Noticed``), when an incorrect number of cards was discovered and where a
missing card was found (Laws 13, 14)), and reading what the director typed: a whole number (a
trick count, an event), a contract as typed at the table (``4♥``, ``3BA``), and why a text is
not PBN, in the director's words."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Annotated

from fastapi import Form
from fastapi.responses import HTMLResponse, JSONResponse

from app.i18n import fallback, gettext
from app.service.jobs import Job
from app.web.problems import Problem, problem
from app.web.words import reason
from engine.errors import InvalidBoardError, PbnError
from engine.laws.card_count import Discovery, MissingCardFound
from engine.laws.facts import Noticed
from engine.model.contract_text import read_contract_text

VULS = (("None", "vul_none"), ("NS", "vul_ns"), ("EW", "vul_ew"), ("All", "vul_all"))
NOTICED = [n.value for n in Noticed]
DISCOVERED = [d.value for d in Discovery]
MISSING = [m.value for m in MissingCardFound]

Render = Callable[..., HTMLResponse]
"""``render(request, template, lang, status=200, **context)`` of :mod:`app.web`."""

Text = Annotated[str, Form()]
Texts = Annotated[list[str] | None, Form()]
"""A form field that may repeat (the rows of a form), as posted, in order."""


def _whole(text: str) -> int | str:
    """A form field holding a whole number (a trick count, an event) as the ``int`` the API's
    strict fields take (``" 8 "`` -> 8); any other text as typed (trimmed), for the model to refuse
    by its field ("Input should be a valid integer")."""
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else text


def _typed_contract(text: str, lang: str) -> tuple[str, list[Problem]]:
    """The contract box as the director typed it (``4♥``, ``3♠X``, ``3N``, Polish ``3BA``...) in
    PBN's form for the request (:func:`engine.model.contract_text.read_contract_text`), and the
    problem when it cannot be read (a letter naming two suits, text that is no contract): then
    the text is kept as typed."""
    if not text.strip():
        return text, []
    try:
        return read_contract_text(text, lang), []
    except InvalidBoardError as exc:
        return text, [problem(lang, "contract", reason(lang, exc))]


def _not_pbn(lang: str, exc: PbnError) -> str:
    """Why a text or file is not PBN, in ``lang``: the error's own template when it has a key,
    else "not a PBN file: " and the engine's reason."""
    if exc.key:
        return reason(lang, exc)
    return f"{gettext(lang, 'not_pbn')}: {fallback(lang, exc.message.removeprefix('not a PBN file: '))}"


def job_progress(job: Job | None) -> JSONResponse:
    """A page job's progress for the page's script (app.js polls it about once a second):
    ``{"state", "done", "total"}`` (games screened, or search steps, of the total), never cached;
    ``{"state": "unknown"}`` with 404 when the job is not known (finished long ago, or another's)."""
    if job is None:
        return JSONResponse({"state": "unknown"}, status_code=404)
    return JSONResponse({"state": job.state.value, "done": job.done, "total": job.total},
                        headers={"Cache-Control": "no-store"})
