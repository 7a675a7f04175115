"""The claim page (Laws 68-71): ``GET /claim`` (the form; with ``event`` and ``board`` the stored
hand record fills it, and with ``table`` and/or the pairs ``ns``/``ew`` the traveller line: the
traveller's "Claim" link) and ``POST /claim`` (the ruling: the position at the claim drawn, the
worst normal line trick by trick beside the stated line, the double-dummy value, every doubtful
point with its switch, the steps by law, a print sheet and "Save as a case").

The form is read into the body of ``POST /v1/rulings/claim`` (:class:`app.api.schemas.claim.ClaimRulingRequest`)
by :func:`claim_body`, so that the page, the API, the CLI and the case file rule on the same
request. The statement is one ordered list of steps: the form posts it as the text form of
:mod:`app.i18n.statement` (``st_steps``, one step a line), which the director types without
JavaScript; with it, the phrase buttons append steps to a numbered list in words that can be
reordered (static/app.js), and the script writes the same text. Either way every step is said
back in words (:func:`app.i18n.statement.step_words`), never as a code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from app.api.claim_jobs import claim_job, needs_job, rule_or_job, start_claim_job
from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse
from app.i18n import fallback, gettext
from app.i18n.seats import card_symbols
from app.i18n.statement import claim_step_text, parse_steps, step_line, step_words, words_data
from app.service.jobs import FINISHED, Job, JobState
from app.service.page_language import page_lang
from app.web import views
from app.web.casefile_save import case_form
from app.web.known import known_facts, sheet_with, signed_in_director
from app.web.page_common import job_progress
from app.web.problems import Problem, field_errors, problem, validation_problems
from app.web.traveller import traveller_prefill
from app.web.words import reason
from engine.casefile.cases import CaseKind
from engine.casefile.events import NotStoredError
from engine.errors import InvalidBoardError
from engine.laws.claims import CARELESS, CATEGORY_LAW, Category
from engine.model.contract_text import read_contract_text
from engine.model.seats import SEATS
from engine.rulings.claim_ruling import ClaimRuling

Text = Annotated[str, Form()]
Render = Callable[..., HTMLResponse]

CARELESS_CODES: tuple[str, ...] = tuple(c.value for c in CARELESS)
"""The careless categories the director may rule not normal (``findings.normal``): the engine's
:data:`engine.laws.claims.CARELESS`, each said by its catalogue key ``claim_cat_<code>``."""

FORM_FIELDS = ("source", "event", "board", "deal", "contract", "declarer", "vulnerable", "play",
               "hand_N", "hand_E", "hand_S", "hand_W", "trump", "leader", "trick", "pos_declarer", "pos_contract",
               "won_ns", "won_ew", "shown_out", "by", "tricks", "kind", "st_text", "st_steps", "st_trumps",
               "unaware", "player_class", "suit_order", "played_after", "table", "ns_pair", "ew_pair",
               "place")
"""The page form's fields (all text); ``not_normal`` (the categories ruled not normal) is a list.
``table``, ``ns_pair``, ``ew_pair``, ``place``: the traveller line the claim was opened from (shown with the
ruling and on its sheet; the claim request itself takes no traveller line)."""


def _words(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _int(text: str) -> int | str:
    t = text.strip()
    return int(t) if t.isdigit() and len(t) <= 3 else t


def _typed(text: str, lang: str, path: str) -> str | None:
    """The contract box as typed (``4 kiery``, ``3BA``: :func:`read_contract_text`) in PBN's form,
    ``None`` when blank; a pass as ``PASS`` (the request refuses a passed-out board).

    Raises:
        InvalidBoardError: ``path`` (``contract``, ``position/contract``): a word naming two
            suits, or text that is no contract, said in the page's words."""
    try:
        return read_contract_text(text, lang) or None
    except InvalidBoardError as exc:
        raise InvalidBoardError(exc.message, path=path, key=exc.key, params=exc.params) from None


def claim_body(form: Mapping[str, str], not_normal: list[str], lang: str = "en") -> dict[str, Any]:
    """The body of ``POST /v1/rulings/claim`` from the page's form fields (:data:`FORM_FIELDS`).

    ``source`` ``position``: the four hands, ``trump``, ``leader``, the trick in progress, and the
    contract/declarer/tricks won when given; else the board: ``event`` + ``board`` (the stored
    hand record) or ``deal``, with contract, declarer, vulnerability and the play typed. The
    statement's steps, ``st_steps``, are the text form of :mod:`app.i18n.statement`, one step a
    line in the order said (``"draw trumps\ncash C\nconcede D"``), posted as
    ``claim.statement.steps`` in that order. A malformed value of another field goes to the
    request as it is, so the request's own validation names the field. ``not_normal``: careless
    categories the director rules not normal (``findings.normal``). The contract boxes are read
    as the director types them in ``lang`` (:func:`_typed`).

    Raises:
        InvalidBoardError: a step that cannot be read (:func:`app.i18n.statement.parse_step`:
            path ``claim/statement/steps/<i>``, the message quoting the line); a contract box that
            cannot be read (path ``contract`` or ``position/contract``).
    """
    f = {k: form.get(k, "") for k in FORM_FIELDS}
    body: dict[str, Any] = {"vulnerable": f["vulnerable"] or "None"}
    if f["source"] == "position":
        pos: dict[str, Any] = {"hands": {s: f[f"hand_{s}"].strip() for s in "NESW"}, "trump": f["trump"] or "NT",
                               "leader": f["leader"] or "N", "trick": _words(f["trick"])}
        if f["pos_contract"].strip():
            pos["contract"] = _typed(f["pos_contract"], lang, "position/contract")
        if f["pos_declarer"]:
            pos["declarer"] = f["pos_declarer"]
        if f["won_ns"].strip() or f["won_ew"].strip():
            pos["tricks_won"] = {"NS": _int(f["won_ns"] or "0"), "EW": _int(f["won_ew"] or "0")}
        if f["shown_out"].strip():
            pos["shown_out"] = [w.upper() for w in _words(f["shown_out"])]
        body["position"] = pos
    else:
        if f["event"].strip():
            body |= {"event": _int(f["event"]), "board": f["board"].strip()}
            body.pop("vulnerable")  # the stored board's
        else:
            body["deal"] = f["deal"].strip()
        body |= {"contract": _typed(f["contract"], lang, "contract"), "declarer": f["declarer"] or None,
                 "play": _words(f["play"])}
    statement: dict[str, Any] = {"text": f["st_text"].strip(), "steps": parse_steps(f["st_steps"]),
                                 "trumps": f["st_trumps"] or "not_mentioned"}
    findings: dict[str, Any] = {"unaware_of_trump": f["unaware"] or "unknown",
                                "class_of_player": f["player_class"] or "club",
                                "suit_order_regulation": f["suit_order"] or "none",
                                "played_after_claim": _words(f["played_after"])}
    normal = {c: False for c in not_normal if c in CARELESS_CODES}
    if normal:
        findings["normal"] = normal
    body["claim"] = {"by": f["by"] or "S", "tricks": _int(f["tricks"] or "0"), "kind": f["kind"] or "contested",
                     "statement": statement, "findings": findings}
    return body


def statement_view(lang: str, text: str) -> dict[str, Any]:
    """The statement's steps as the form shows them: ``{"steps": [{"line", "words"}], "read": bool}``,
    each step of the text form ``text`` (``st_steps``) in its canonical line (what the page's
    script keeps) and in words in ``lang``; ``read`` False (and no steps) when a line cannot be
    read (the problem is said at the field)."""
    try:
        steps = parse_steps(text)
    except InvalidBoardError:
        return {"steps": [], "read": False}
    return {"steps": [{"line": step_line(s), "words": step_words(lang, s)} for s in steps], "read": True}


def _page(request: Request, render: Render, lang: str, status: int, form: Mapping[str, str],
          **context: Any) -> HTMLResponse:
    """``claim.html`` with the form ``form``, its statement as a list of steps in words, and what
    the page's script needs to say a step it adds (:func:`app.i18n.statement.words_data`)."""
    known = _known(request, form)
    return render(request, "claim.html", lang, status, cl=form, st=statement_view(lang, form.get("st_steps", "")),
                  st_words=words_data(lang), sheet=sheet_with({}, known, signed_in_director(request)), **context)


def _known(request: Request, form: Mapping[str, str]) -> dict[str, str]:
    """What is known of the claim's table (issue 37, :func:`app.web.known.known_facts`): the stored
    board's event, and the traveller line the form was opened from (``table``, ``ns_pair``/``ew_pair``, or
    ``place``)."""
    event = form.get("event", "").strip()
    return known_facts(request.app.state.events, int(event) if event.isdigit() and len(event) <= 9 else None,
                       form.get("board", ""), form.get("table", ""), form.get("ns_pair", ""), form.get("ew_pair", ""),
                       form.get("place", ""))


def install_claim_pages(r: APIRouter, render: Render) -> None:
    """Add ``GET /claim`` and ``POST /claim`` to the page's router (``render``: the page's
    template renderer)."""

    @r.get("/claim", response_class=HTMLResponse)
    def claim_form(request: Request, lang: str | None = None, event: str = "", board: str = "", table: str = "",
                   ns: str = "", ew: str = "", place: str = "") -> HTMLResponse:
        """The claim form; with ``event`` and ``board`` the stored hand record's deal and
        vulnerability; with ``table`` and/or the pairs ``ns``/``ew`` too (the traveller's "Claim"
        link) the line's contract and declarer, the claimer set to the declarer and the opening
        lead as the play's first card; the form with the reason (404) when the event, the board or
        the line is not stored."""
        lang = page_lang(request, lang)
        form = {"source": "board", "vulnerable": "None", "by": "S", "kind": "contested", "trump": "NT",
                "leader": "S", "st_trumps": "not_mentioned", "unaware": "unknown", "player_class": "club",
                "suit_order": "none"}
        diagram, centre, line = None, "", None
        if event or board:
            record = _record(request, event, board)
            if record is None:
                return _page(request, render, lang, 404, form, not_normal=[],
                             errors=[Problem("", gettext(lang, "board_not_in_event", board=board, event=event))])
            form |= {"event": event, "board": record.board, "vulnerable": record.vulnerability.value}
            diagram = views.hands(record.deal)
            centre = gettext(lang, "claim_board", board=record.board)
            try:
                filled, line = traveller_prefill(request.app.state.events, int(event), record.board, table[:10], ns,
                                                 ew, place)
            except InvalidBoardError as exc:
                return _page(request, render, lang, 404, form, not_normal=[], diagram=diagram, centre=centre,
                             errors=[problem(lang, exc.path, reason(lang, exc))])
            if line is not None:  # the claimer follows the declarer; the opening lead begins the play
                form |= {"table": filled["table"], "ns_pair": filled["ns_pair"], "ew_pair": filled["ew_pair"],
                         "place": filled["place"], "contract": filled["contract"], "declarer": filled["declarer"],
                         "by": filled["declarer"] or "S", "play": filled["lead"]}
        return _page(request, render, lang, 200, form, not_normal=[], diagram=diagram, centre=centre,
                     traveller_line=_line_words(lang, line), deal_pbn=record.deal.to_pbn() if diagram else "")

    @r.post("/claim", response_class=HTMLResponse)
    async def claim_ruling(request: Request) -> Response:
        data = await request.form()
        form = {k: str(data.get(k) or "") for k in FORM_FIELDS}
        lang = page_lang(request, str(data.get("lang_pick") or data.get("lang") or ""),
                         picked=bool(data.get("lang_pick")))
        not_normal = [str(v) for v in data.getlist("not_normal") if str(v) in CARELESS_CODES]
        toggle = str(data.get("toggle") or "")
        if toggle in CARELESS_CODES:  # a doubtful point's switch: rule it the other way and re-rule
            not_normal = [c for c in not_normal if c != toggle] if toggle in not_normal else [*not_normal, toggle]
        return await _rule(request, render, lang, form, not_normal)

    install_claim_job_pages(r, render)


def _line_words(lang: str, line: Mapping[str, str] | None) -> dict[str, str] | None:
    """A traveller line as :func:`app.web.traveller.traveller_prefill` gives it, its lead as the
    tables show a card; ``None`` for none."""
    if line is None:
        return None
    return {**line, "lead": card_symbols(line.get("lead") or "")}  # no table or lead: the sentence names none


def _traveller_line(request: Request, lang: str, form: Mapping[str, str]) -> dict[str, str] | None:
    """The traveller line the posted form was opened from (``table``, ``ns_pair``/``ew_pair``), in
    words, or ``None`` (none named, or no longer stored)."""
    if not (form.get("event", "").isdigit() and (form.get("table") or form.get("ns_pair") or form.get("place"))):
        return None
    try:
        _, line = traveller_prefill(request.app.state.events, int(form["event"][:9]), form.get("board", ""),
                                    form.get("table", "")[:10], form.get("ns_pair", ""), form.get("ew_pair", ""),
                                    form.get("place", ""))
    except (InvalidBoardError, NotStoredError):
        return None
    return _line_words(lang, line)


async def _rule(request: Request, render: Render, lang: str, form: dict[str, str], not_normal: list[str]
                ) -> Response:
    """Rule on the claim the page posted: the ruling, the form back with the problems (422), or, for a
    big position (:func:`app.api.claim_jobs.needs_job`), a job and a redirect to its progress page (303)."""
    diagram, centre, deal_pbn = None, "", ""
    if form.get("event"):
        record = _record(request, form["event"], form.get("board", ""))
        if record is not None:
            diagram, centre = views.hands(record.deal), gettext(lang, "claim_board", board=record.board)
            deal_pbn = record.deal.to_pbn()
    line = _traveller_line(request, lang, form)

    def refuse(found: list[Problem]) -> HTMLResponse:
        return _page(request, render, lang, 422, form, not_normal=not_normal, errors=found,
                     field_errors=field_errors(found), diagram=diagram, centre=centre, traveller_line=line,
                     deal_pbn=deal_pbn)

    try:
        body = claim_body(form, not_normal, lang)
        req = ClaimRulingRequest.model_validate(body)
    except ValidationError as exc:
        return refuse(validation_problems(lang, exc))
    except InvalidBoardError as exc:
        return refuse([problem(lang, exc.path, reason(lang, exc))])
    try:
        setting = await run_in_threadpool(req.to_setting, request.app.state.events)
        meta = {"page": {"form": form, "not_normal": not_normal, "body": body}}
        if needs_job(request, setting, None):
            job = start_claim_job(request, req, setting, meta)
            return RedirectResponse(f"/claim/jobs/{job.id}?lang={lang}", status_code=303)
        got = await run_in_threadpool(rule_or_job, request, req, setting, meta)  # ready within 2 s, else the job
        if not isinstance(got, ClaimRuling):
            return RedirectResponse(f"/claim/jobs/{got.id}?lang={lang}", status_code=303)
        ruling = got
    except InvalidBoardError as exc:
        return refuse([problem(lang, exc.path, reason(lang, exc))])
    return _answer(request, render, lang, form, not_normal, body, req, ruling, traveller_line=line,
                   deal_pbn=deal_pbn)


def _answer(request: Request, render: Render, lang: str, form: Mapping[str, str], not_normal: list[str],
            body: dict[str, Any], req: ClaimRulingRequest, ruling: ClaimRuling,
            traveller_line: Mapping[str, str] | None = None, deal_pbn: str = "") -> HTMLResponse:
    """The claim page with the ruling and its "Save as a case" form."""
    out = ClaimRulingResponse.from_ruling(ruling, req)
    event = body.get("event")
    return _page(request, render, lang, 200, form, not_normal=not_normal, traveller_line=traveller_line,
                 deal_pbn=deal_pbn,
                 **claim_context(out, ruling, lang, req), case_form=case_form(
                     request, CaseKind.CLAIM, {k: v for k, v in body.items() if k not in ("event", "board")},
                     event_id=event if isinstance(event, int) else None,
                     board=str(body.get("board") or ""), board_fixed=isinstance(event, int),
                     known=_known(request, form)))


def install_claim_job_pages(r: APIRouter, render: Render) -> None:
    """Add ``/claim/jobs/{job}`` (a progress bar while a big claim is searched, then its ruling) and
    its ``/progress`` JSON (for app.js, as the screening page's) to the page's router."""

    def find(request: Request, job_id: str) -> Job | None:
        try:
            job = claim_job(request, job_id)
        except NotStoredError:
            return None
        return job if "page" in job.meta else None  # the API's claim jobs are not shown on the page

    @r.get("/claim/jobs/{job_id}", response_class=HTMLResponse)
    def claim_job_page(request: Request, job_id: str, lang: str | None = None) -> HTMLResponse:
        lang = page_lang(request, lang)
        job = find(request, job_id)
        if job is None:
            return _page(request, render, lang, 404, {}, not_normal=[],
                         errors=[Problem("", gettext(lang, "claim_no_job"))])
        page = job.meta["page"]
        if job.state is JobState.DONE and isinstance(job.result, ClaimRuling):
            return _answer(request, render, lang, page["form"], page["not_normal"], page["body"], job.meta["body"],
                           job.result)
        return render(request, "claim_job.html", lang, job=job, running=job.state not in FINISHED,
                      state=job.state.value, why=fallback(lang, job.error or ""), lang_path=f"/claim/jobs/{job.id}")

    @r.get("/claim/jobs/{job_id}/progress")
    def claim_job_progress(request: Request, job_id: str) -> JSONResponse:
        """``{"state", "done", "total"}`` of the page's claim job, 404 when unknown."""
        return job_progress(find(request, job_id))


def claim_context(out: ClaimRulingResponse, ruling: ClaimRuling, lang: str, req: ClaimRulingRequest
                  ) -> dict[str, Any]:
    """What ``claim.html`` shows of a ruling: the position at the claim (a diagram), the answer,
    the worst line by trick beside the stated line (``stated``: the request's steps in words, in
    the order the engine read them: ``steps``, then the older fields), the doubtful points (each
    card as the tables show it), the line's careless plays that are no doubtful point (ruling them
    not normal gives the claiming side nothing more: ``careless``, said beside "no doubtful point"
    so that the sheet never contradicts itself, issue 37) and the steps in ``lang``."""
    setting = ruling.setting
    pos = setting.position if setting is not None else None
    diagram = {s.value: views.hand(pos.hand(s)) for s in SEATS} if pos is not None else None
    tricks: dict[int, dict[str, Any]] = {}
    for lp in out.worst_line:
        row = tricks.setdefault(lp.trick, {"trick": lp.trick, "cells": {}})
        suit, red, rank = views.card_label(_card(lp.card))
        row["cells"][lp.seat] = {"card": lp.card, "symbol": suit, "red": red, "rank": rank,
                                 "category": lp.category, "careless": lp.careless, "doubtful": lp.doubtful,
                                 "evidence": lp.evidence,
                                 "dd": lp.dd}
    trick_cards = [str(c) for c in pos.trick] if pos is not None else []
    stated = [s.model_dump(by_alias=True, exclude_none=True) for s in req.claim.statement.all_steps()]
    clauses = [step_words(lang, s, sentence=False) for s in stated]
    return {"answer": out, "diagram": diagram, "stated": [step_words(lang, s) for s in stated],
            "points": [{"point": d, "card": card_symbols(d.card)} for d in out.doubtful_points],
            "careless": [{"trick": lp.trick, "seat": lp.seat, "card": card_symbols(lp.card), "category": lp.category,
                          "law": CATEGORY_LAW[Category(lp.category)]}
                         for lp in out.worst_line if lp.careless and not lp.doubtful and lp.category],
            "centre": card_symbols(" ".join(trick_cards)) or _centre(lang, setting),
            "line_rows": [tricks[k] for k in sorted(tricks)],
            "steps": [{"law": s.law, "text": claim_step_text(lang, s, clauses)} for s in ruling.steps]}


def _centre(lang: str, setting: Any) -> str:
    """The centre of the claim's diagram when no trick is in progress (issue 37: never empty when
    known): the contract and its declarer (``"4H S"``) and the tricks each side has won before the
    claim (``"NS 3 – EW 5"``); ``""`` when the claim names neither."""
    if setting is None:
        return ""
    parts = []
    if setting.contract is not None:
        parts.append(f"{setting.contract} {setting.contract.declarer.value}")
    if setting.tricks_won is not None:
        ns, ew = setting.tricks_won
        parts.append(f"{gettext(lang, 'side_short_NS')} {ns} \u2013 {gettext(lang, 'side_short_EW')} {ew}")
    return " · ".join(parts)


def _card(text: str) -> Any:
    from engine.model.cards import Card

    return Card.from_str(text)


def _record(request: Request, event: str, board: str) -> Any:
    """The stored board ``board`` of event ``event``, or ``None`` when either is not stored."""
    repo = request.app.state.events
    if not (event.isdigit() and len(event) <= 9):
        return None
    try:
        repo.get_event(int(event))
    except NotStoredError:
        return None
    return repo.board(int(event), board)
