"""The director's web page: server-rendered HTML (jinja2) over the same engine as the API.

``install_web(app)`` adds ``/`` (the forms), ``POST /ruling`` (a revoke ruling from a pasted
PBN game, an uploaded file's board, or a board entered by hand; the assumptions form re-posts
here), ``POST /upload`` (a PBN file: pick the board), ``POST /incorrect-cards`` (Laws 13, 14)
and the static files. An uploaded file becomes an event in the database (``app.state.events``,
see ``app/api/events.py``): its hand records are stored, the file is kept with it, and picking a
board reads the file back from storage. Everything is served by the app itself (no CDN); the
page works without JavaScript (a few lines wire the print buttons). Languages are data:
``app/i18n``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, File, Form, Request, UploadFile
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup
from pydantic import JsonValue, ValidationError

from app.api.card_traveller import cards_from_event
from app.api.rulings import prefill_from_traveller, rule_revoke
from app.api.schemas.cards import IncorrectCardsRequest, score_law, table_result
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import counted
from app.api.schemas.scores import ScoringIn
from app.api.scorer import for_revoke
from app.api.scores import score_against, scores_block
from app.i18n import fallback, gettext, languages, step_text
from app.service.access import PageRefused
from app.service.auth import READ
from app.service.limits import BODY_BYTES, UPLOAD_BODY_BYTES, UPLOAD_BYTES, read_upload
from app.service.page_language import page_lang, remember
from app.service.request_body import clean_text
from app.web import views
from app.web.cards_scores import cards_against
from app.web.casefile import (
    back_to,
    case_form,
    install_case_pages,
    refusal_text,
    result_label,
    revoke_case_form,
    sheet_deadline,  # issue 25: the event's appeal deadline on the sheet
    who,
)
from app.web.claim import install_claim_pages
from app.web.problems import Problem, field_errors, problem, validation_problems
from app.web.screening import install_screening_pages, is_big, start_page_job
from app.web.traveller import install_traveller_pages, traveller_prefill
from app.web.words import board_label, date_text, evidence_text, reason
from engine import __version__ as engine_version
from engine.casefile.cases import CaseKind
from engine.casefile.events import EventDetails, EventRepository, NotStoredError
from engine.dd.analysis import analyse_play
from engine.errors import AdvisorError, InvalidBoardError, PbnError, SolverBusyError
from engine.laws.card_count import Discovery, MissingCardFound
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.model.cards import SUIT_ORDER
from engine.model.contract import Contract
from engine.model.contract_text import read_contract_text
from engine.model.seats import SEATS, Side
from engine.records.boards import board_from_game
from engine.records.files import read_games
from engine.records.handrecords import board_key, hand_records_from_pbn
from engine.records.pbn_game import PbnGame
from engine.records.pbn_text import check_text, upload_text
from engine.records.playtext import play_text_problems
from engine.records.results import SessionResults, read_results
from engine.rulings.incorrect_cards import advise_incorrect_cards
from engine.rulings.revoke_advice import RevokeAdvice
from engine.scoring import PROFILES, score_ns
from engine.screening.recording import Finding, finding_error, read_record

_HERE = Path(__file__).parent
VULS = (("None", "vul_none"), ("NS", "vul_ns"), ("EW", "vul_ew"), ("All", "vul_all"))
NOTICED = [n.value for n in Noticed]
DISCOVERED = [d.value for d in Discovery]
MISSING = [m.value for m in MissingCardFound]
LAWS_EDITION = "2017"

Text = Annotated[str, Form()]


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


def _router() -> tuple[APIRouter, Callable[[Request, str, str], HTMLResponse],
                       Callable[[Request, PageRefused], HTMLResponse]]:
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

        base = {"lang": lang, "langs": languages(), "t": t, "say_evidence": say_evidence, "day": day,
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

    @r.post("/upload", response_class=HTMLResponse, max_body_size=UPLOAD_BODY_BYTES)
    def upload(request: Request, file: Annotated[UploadFile, File()], lang: Text = "", event_name: Text = "",
               event_date: Text = "", event_session: Text = "", again: Text = "") -> Response:
        lang = page_lang(request, lang)
        data = read_upload(file.file)
        name = (file.filename or "upload.pbn").replace("\\", "/").rsplit("/", 1)[-1][:200]
        uform = {"event_name": event_name.strip()[:200], "event_date": event_date.strip()[:40],
                 "event_session": event_session.strip()[:100]}

        def bad(found: list[Problem], status: int = 422) -> HTMLResponse:
            return render(request, "index.html", lang, status, uform=uform, errors=found,
                          field_errors=field_errors(found))

        if data is None:
            return bad([Problem("file", gettext(lang, "file_too_big", name=name))], 413)
        typed_date = None
        if uform["event_date"]:
            try:
                typed_date = dt.date.fromisoformat(uform["event_date"])
            except ValueError:
                return bad([Problem("event_date", gettext(lang, "need_event_date", text=uform["event_date"]))])
        repo = request.app.state.events
        digest = hashlib.sha256(data).hexdigest()
        seen = None if again else repo.event_for_upload(digest)
        games: list[PbnGame] = []
        text: str | None = None
        results: SessionResults | None = None
        try:
            text = upload_text(data)
            games = read_games(text)  # PBN or LIN, by the content
            if not any("Deal" in g.tags for g in games):
                raise PbnError("no game with a [Deal] tag was found")
        except PbnError as exc:  # not PBN or LIN: a session's results file (USEBIO, .bws, .dlm ...), by the content
            try:
                results = read_results(data)
            except InvalidBoardError as other:
                unknown = other.key in ("results_not_recognised", "results_empty", "results_binary")
                said = _not_pbn(lang, exc) if unknown else reason(lang, other)
                return bad([Problem("file", f"{name}: {said}")])
            if not results.hand_records and not results.lines:
                return bad([Problem("file", f"{name}: {gettext(lang, 'error.results_nothing')}")])
            text, games = None, []
        else:
            results = _score_tables(data)
        details = _upload_details(uform, typed_date, games, results, name)
        if seen is not None:  # the same bytes made an event before: that event is offered, none is made
            event_id, token, note = seen[0].id, seen[1], None
        else:
            event_id, token, note = _store_upload(repo, name, text, games, lang, details, digest, results)
        if is_big(request, games):  # screened as a job: a progress bar, then the games (app/web/screening.py)
            try:
                return start_page_job(request, name, games, event_id, token or 0, lang, note)
            except SolverBusyError:
                return render(request, "index.html", lang, 503, errors=[Problem("file", gettext(lang, "solver_busy"))])
        rows = []
        for g in games:
            if g.play_section is None:
                continue
            revoke, why = _has_revoke(g, lang)
            rows.append({"board": g.tags.get("Board", ""), "room": g.tags.get("Room", ""),
                         "contract": f"{g.tags.get('Contract', '')} {g.tags.get('Declarer', '')}".strip(),
                         "revoke": revoke, "reason": why})
        rows.sort(key=lambda row: row["revoke"] is not True)  # the revokes first, then in file order
        stored = repo.get_event(event_id)
        return render(request, "pick.html", lang, filename=name, games=rows, token=token or "", event_id=event_id,
                      event_name=stored.details.name, event=stored, boards=_boards_with_cases(request, event_id),
                      travellers=_traveller_note(results), seen_file=name if seen is not None else None,
                      errors=[Problem("file", note)] if note else [])

    @r.get("/events/{event_id}", response_class=HTMLResponse)
    def event_page(request: Request, event_id: int, lang: str | None = None) -> HTMLResponse:
        lang = page_lang(request, lang)
        repo = request.app.state.events
        try:
            event = repo.get_event(event_id)
        except NotStoredError:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "no_event", event=event_id))])
        return render(request, "pick.html", lang, filename=event.details.name, games=[], token="",
                      event_id=event_id, event_name=event.details.name, event=event,
                      boards=_boards_with_cases(request, event_id))

    @r.get("/events/{event_id}/boards/{board}/play", response_class=HTMLResponse)
    def play_page(request: Request, event_id: int, board: str, lang: str | None = None, table: str = "",
                  ns: str = "", ew: str = "") -> HTMLResponse:
        """The play-entry page of a stored board; with ``table`` and/or the pairs ``ns``/``ew`` (the
        traveller's "Rule" link), the form prefilled from that traveller line."""
        lang = page_lang(request, lang)
        form = {"event": str(event_id), "board": board}
        try:
            filled, _ = traveller_prefill(request.app.state.events, event_id, board, table[:10], ns, ew)
        except InvalidBoardError as exc:
            return _play_page(request, lang, form, [problem(lang, exc.path, reason(lang, exc))], 200)
        return _play_page(request, lang, form | filled, [], 200)

    @r.get("/events/{event_id}/boards/{board}/cards", response_class=HTMLResponse)
    def cards_page(request: Request, event_id: int, board: str, lang: str | None = None, table: str = "",
                   ns: str = "", ew: str = "") -> HTMLResponse:
        """The Law 13/14 form (incorrect number of cards) with the board's hand record, dealer and
        vulnerability filled from the event; with ``table`` and/or the pairs ``ns``/``ew``, the
        contract, declarer and table result from that traveller line, and the event, board and
        line sent on with the ruling (its scores against the rest of the traveller); the index
        with the reason when the event, the board or the line is not stored."""
        lang = page_lang(request, lang)
        repo = request.app.state.events
        try:
            record = repo.board(event_id, board)
        except NotStoredError:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "no_event", event=event_id))])
        if record is None:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "board_not_in_event", board=board, event=event_id))])
        cform = {"hand_record": record.deal_pbn, "dealer": record.dealer.value,
                 "vulnerable": record.vulnerability.value, "event": str(event_id), "board": record.board}
        try:
            filled, line = traveller_prefill(repo, event_id, record.board, table[:10], ns, ew)
        except InvalidBoardError as exc:
            bad = [problem(lang, exc.path, reason(lang, exc))]
            return render(request, "index.html", lang, 404, cform=cform, errors=bad, events=repo.recent_events(10),
                          cards_board={"event": event_id, "board": record.board})
        if line is not None:
            cform |= {"table": filled["table"], "ns_pair": filled["ns_pair"], "ew_pair": filled["ew_pair"],
                      "contract": filled["contract"], "declarer": filled["declarer"],
                      "table_tricks": filled["table_result"]}
        return render(request, "index.html", lang, cform=cform, events=repo.recent_events(10),
                      cards_board={"event": event_id, "board": record.board}, traveller_line=line)

    def _play_page(request: Request, lang: str, form: Mapping[str, str], problems: list[Problem],
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
        if form.get("table") or form.get("ns_pair"):
            try:
                _, line = traveller_prefill(repo, event.id, record.board, form.get("table", ""),
                                            form.get("ns_pair", ""), form.get("ew_pair", ""))
            except InvalidBoardError:
                line = None
        return render(request, "play.html", lang, status, form={"noticed": "after_play", **form}, errors=problems,
                      traveller_line=line,
                      field_errors=field_errors(problems), event=event, record=record,
                      vul_key=dict(VULS)[record.vulnerability.value], diagram=views.hands(record.deal),
                      seats=seats, suits=[(s.value, views.SYMBOL[s], s in views.RED) for s in SUIT_ORDER])

    @r.post("/ruling", response_class=HTMLResponse)
    def ruling(request: Request, lang: Text = "", lang_pick: Text = "", source: Text = "pbn", pbn: Text = "",
               upload: Text = "", event: Text = "", board: Text = "", room: Text = "", deal: Text = "",
               contract: Text = "", declarer: Text = "", vulnerable: Text = "None", play: Text = "",
               table_result: Text = "", rf_trick: Text = "", rf_offender: Text = "", rf_won_by: Text = "",
               rf_after: Text = "", rf_card: Text = "", rf_suit_led: Text = "", rf_likely: Text = "",
               rf_likely_reason: Text = "", noticed: Text = "after_play",
               claim_declarer_tricks: Text = "", offender_card: Text = "", scoring: Text = "", field: Text = "",
               other_room_ns: Text = "", profile: Text = "wbf", weight_0: Text = "", weight_1: Text = "",
               weight_2: Text = "", weight_3: Text = "", weight_4: Text = "",
               losses_induced: Text = "", rest_valued_double_dummy: Text = "", table: Text = "",
               ns_pair: Text = "", ew_pair: Text = "",
               sheet: Annotated[dict[str, str], Depends(_sheet_posted)] = {}) -> HTMLResponse:  # noqa: B006
        lang = page_lang(request, lang_pick or lang, picked=bool(lang_pick))
        # a figure typed on the page replaces the assumption (the box may still be ticked from the last ruling)
        rest_dd = bool(rest_valued_double_dummy) and not claim_declarer_tricks.strip() and not table_result.strip()
        form = {"losses_induced": "1" if losses_induced else "",
                "rest_valued_double_dummy": "1" if rest_dd else "",
                "source": source, "pbn": pbn, "upload": upload, "event": event, "board": board, "room": room,
                "deal": deal, "contract": contract, "declarer": declarer, "vulnerable": vulnerable, "play": play,
                "table_result": table_result, "rf_trick": rf_trick, "rf_offender": rf_offender,
                "rf_won_by": rf_won_by, "rf_after": rf_after, "rf_card": rf_card, "rf_suit_led": rf_suit_led,
                "rf_likely": rf_likely, "rf_likely_reason": rf_likely_reason,
                "noticed": noticed if noticed in NOTICED else "after_play",
                "claim_declarer_tricks": claim_declarer_tricks, "scoring": scoring, "field": field,
                "other_room_ns": other_room_ns, "profile": profile,
                "table": table.strip(), "ns_pair": ns_pair.strip(), "ew_pair": ew_pair.strip()}
        problems: list[Problem] = []
        if source in ("parts", "event"):  # "4♥", "3BA": the PBN form the request takes
            contract, misread = _typed_contract(contract, lang)
            problems += misread

        def refuse(found: list[Problem]) -> HTMLResponse:
            if source == "event":
                return _play_page(request, lang, form, found, 422)
            return render(request, "index.html", lang, 422, form=form, errors=found,
                          field_errors=field_errors(found))

        body: dict[str, Any] = {"noticed": form["noticed"], "losses_induced_by_revoke": bool(losses_induced)}
        if claim_declarer_tricks.strip():
            body["claim_declarer_tricks"] = _whole(claim_declarer_tricks)
        if table_result.strip():
            body["table_result"] = _whole(table_result)
        if rest_dd:
            body["rest_valued_double_dummy"] = True
        if source == "upload":
            file_id = upload.strip()
            stored = request.app.state.events.get_file(int(file_id)) if file_id.isdigit() and len(file_id) <= 9 \
                else None
            if stored is None:
                return refuse([Problem("upload", gettext(lang, "upload_not_stored"))])
            body |= {"pbn": stored[2], "board": board or None, "room": room or None}
        elif source == "parts":
            body |= {"deal": deal, "contract": contract, "declarer": declarer or None, "vulnerable": vulnerable,
                     "play": play.replace(",", " ").split()}
        elif source == "event":
            body |= {"event": _whole(event), "board": board.strip(), "contract": contract.strip() or None,
                     "declarer": declarer or None}
            if form["table"]:  # the traveller's line: the field comes from the rest of the traveller
                body["table"] = _whole(form["table"])
            if form["ns_pair"] and form["ew_pair"]:
                body["pairs"] = {"ns": form["ns_pair"][:20], "ew": form["ew_pair"][:20]}
            tricks, bad = play_text_problems(play)
            problems += [problem(lang, p.path, reason(lang, p)) for p in bad]
            if tricks:
                body["play"] = [[str(c) for c in trick] for trick in tricks]
            facts: dict[str, int | str] = {
                k: _whole(v) if k in ("trick", "offending_side_tricks_after", "likely_without_revoke") else v.strip()
                for k, v in (("trick", rf_trick), ("offender", rf_offender), ("revoke_trick_won_by", rf_won_by),
                             ("offending_side_tricks_after", rf_after), ("card", rf_card), ("suit_led", rf_suit_led),
                             ("likely_without_revoke", rf_likely), ("likely_reason", rf_likely_reason))
                if v.strip()}
            if facts:
                body["revoke_facts"] = facts
            if not contract.strip():
                problems.append(problem(lang, "contract", gettext(lang, "need_contract")))
            if not declarer:
                problems.append(problem(lang, "declarer", gettext(lang, "need_declarer")))
            if not tricks and not facts and not bad:
                problems.append(problem(lang, "play", gettext(lang, "need_play")))
        else:
            body |= {"pbn": pbn, "board": board or None, "room": room or None}
            try:
                check_text(pbn)  # "not a PBN file: ..." at once for a paste of nothing, or of no tag
            except PbnError as exc:
                problems.append(problem(lang, "pbn", _not_pbn(lang, exc)))
        solver = request.app.state.solver
        try:
            req = RevokeRulingRequest.model_validate(body)
        except ValidationError as exc:
            found = [*problems, *validation_problems(lang, exc)]
            # a model-level complaint repeats what the checks above said field by field
            return refuse(found if not problems else [p for p in found if p.field or not problems])
        if problems:
            return refuse(problems)
        try:
            advice = rule_revoke(req, request.app.state.events, solver)
        except InvalidBoardError as exc:
            return refuse([problem(lang, exc.path, reason(lang, exc))])
        if source == "event" and (req.table is not None or req.pairs is not None) and not form["scoring"]:
            _field_from_traveller(request.app.state.events, req, form)
        hidden = {k: form[k] for k in _HIDDEN[source if source in _HIDDEN else "pbn"]}
        weights = [weight_0, weight_1, weight_2, weight_3, weight_4]
        context = _ruling_context(advice, lang, solver, offender_card, form, weights)
        context |= _sheet_context(request.app.state.events, form, sheet, context["label"], lang)
        context["case_form"] = revoke_case_form(request, form, body, context["sheet"])
        context["appeal_deadline"] = sheet_deadline(request, form)
        context["scorer"] = _scorer_block(advice, context["scored"], form)
        return render(request, "ruling.html", lang, form=form, hidden=hidden, laws_edition=advice.edition.code.value,
                      **context)

    @r.post("/incorrect-cards", response_class=HTMLResponse)
    def incorrect_cards(request: Request, lang: Text = "", lang_pick: Text = "", hand_N: Text = "", hand_E: Text = "",
                        hand_S: Text = "", hand_W: Text = "", hand_record: Text = "", dealer: Text = "N",
                        vulnerable: Text = "None", contract: Text = "", declarer: Text = "", table_tricks: Text = "",
                        play: Text = "", discovered: Text = "after_play", missing_found: Text = "",
                        card_seen: Text = "", calls_unaffected: Text = "", profile: Text = "", event: Text = "",
                        board: Text = "", table: Text = "", ns_pair: Text = "", ew_pair: Text = "") -> HTMLResponse:
        lang = page_lang(request, lang_pick or lang, picked=bool(lang_pick))
        cform = {"hand_N": hand_N, "hand_E": hand_E, "hand_S": hand_S, "hand_W": hand_W,
                 "hand_record": hand_record, "dealer": dealer, "vulnerable": vulnerable, "contract": contract,
                 "declarer": declarer, "table_tricks": table_tricks, "play": play, "discovered": discovered,
                 "missing_found": missing_found, "card_seen": bool(card_seen),
                 "calls_unaffected": bool(calls_unaffected), "profile": profile, "event": event, "board": board,
                 "table": table, "ns_pair": ns_pair, "ew_pair": ew_pair}
        body: dict[str, Any] = {
            "hands": {"N": hand_N or "-", "E": hand_E or "-", "S": hand_S or "-", "W": hand_W or "-"},
            "dealer": dealer, "vulnerable": vulnerable, "discovered": discovered,
            "card_seen": bool(card_seen), "calls_unaffected": bool(calls_unaffected),
            "play": play.replace(",", " ").split()}
        typed, misread = _typed_contract(contract, lang)
        if misread:
            return render(request, "index.html", lang, 422, cform=cform, errors=misread,
                          field_errors=field_errors(misread))
        for key, value in (("hand_record", hand_record), ("contract", typed), ("declarer", declarer),
                           ("missing_found", missing_found)):
            if value.strip():
                body[key] = value.strip()
        if table_tricks.strip():
            body["table_tricks"] = _whole(table_tricks)
        if profile.strip():
            body["scoring"] = {"profile": profile.strip()}
        if event.strip():  # a stored board, and the traveller line the ruling names
            body |= {"event": _whole(event), "board": board.strip() or None}
            if table.strip():
                body["table"] = _whole(table)
            if ns_pair.strip() and ew_pair.strip():
                body["pairs"] = {"ns": ns_pair.strip()[:20], "ew": ew_pair.strip()[:20]}
        try:
            creq, came = cards_from_event(IncorrectCardsRequest.model_validate(body), request.app.state.events)
            advice = advise_incorrect_cards(creq.to_case(), solver=request.app.state.solver, profile=creq.profile())
        except ValidationError as exc:
            bad = validation_problems(lang, exc)
            return render(request, "index.html", lang, 422, cform=cform, errors=bad, field_errors=field_errors(bad))
        except InvalidBoardError as exc:
            bad = [problem(lang, exc.path, reason(lang, exc))]
            return render(request, "index.html", lang, 422, cform=cform, errors=bad, field_errors=field_errors(bad))
        ev = advice.evidence
        found = {s.value: views.hand(advice.case.found[s]) for s in advice.case.found}
        at_table = table_result(advice)
        plausible = scores_block(table=advice.table_score_ns, after_adjustment=None, suggested=None,
                                 plausible=advice.plausible_results(), scoring=None).plausible
        scored, scorer = cards_against(advice, creq.scoring, lang)
        saved = case_form(request, CaseKind.INCORRECT_CARDS, body)
        return render(request, "cards.html", lang, cform=cform, case_form=saved, action=advice.action.value,
                      diagram=found,
                      counts={s.value: len(c) for s, c in advice.case.found.items()},
                      assigned=advice.assigned, ruled=advice.ruled_result, score_law=score_law(advice),
                      gain=advice.offender_gain,
                      table=at_table, table_cancelled=advice.decision.adjusted,
                      optional=advice.decision.optional_adjustment, plausible=plausible, scored=scored,
                      scorer=scorer, from_traveller=came,
                      artificial=[(side.value, advice.decision.fault[side].value, a)
                                  for side, a in advice.artificial.items()],
                      description=" ".join(step_text(lang, f) for f in advice.irregularity.findings()),
                      par=str(ev.par) if ev else None, centre=str(advice.case.contract or ""),
                      dd_contract=(advice.case.contract.result_str(ev.contract_tricks)
                                   if ev and advice.case.contract and ev.contract_tricks is not None else None),
                      steps=[{"law": s.law, "text": step_text(lang, s)} for s in advice.steps])

    def refused(request: Request, exc: PageRefused) -> HTMLResponse:
        """The sign-in form with why the door refused (:func:`app.web.casefile.refusal_text`) and
        the way back (``next``): nothing of what was asked for."""
        lang = page_lang(request, exc.lang)
        return render(request, "signin.html", lang, exc.status, errors=[Problem("", refusal_text(lang, exc))],
                      next=back_to(request), refused=True)

    def unreadable(request: Request, kind: str, message: str) -> HTMLResponse:
        """The index with the reason a posted form could not be read: 413 for a field over the
        form parser's 1 MiB (a paste: upload the file instead) or a body over its route's limit
        (:mod:`app.service.limits`: the file over 5 MiB, the form over 1 MiB; never read), 422 for a
        malformed form, 503 when the store is busy (nothing was stored). The form is read before
        the access policy runs: the recent events are listed only to whom may read them."""
        lang = page_lang(request, request.query_params.get("lang"))
        events = request.app.state.events.recent_events(10) if who(request).can(READ) else []
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

    install_case_pages(r, render)
    install_claim_pages(r, render)
    install_screening_pages(r, render, _board_rows)
    install_traveller_pages(r, render, page_lang)
    return r, unreadable, refused


def _writable(value: Any) -> Any:
    """Jinja's ``finalize``: every value a template prints, with a lone surrogate (text that
    cannot be written as UTF-8) replaced by U+FFFD, so the page can always be sent."""
    if isinstance(value, Markup):
        return Markup(clean_text(str(value)))
    return clean_text(value) if isinstance(value, str) else value


def _whole(text: str) -> int | str:
    """A form field holding a whole number (a trick count, an event) as the ``int`` the API's
    strict fields take (``" 8 "`` -> 8); any other text as typed (trimmed), for the model to refuse
    by its field ("Input should be a valid integer")."""
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else text


SHEET_FIELDS = ("event", "date", "table", "round", "director", "ns", "ew")
"""The ruling sheet's fields the director fills in (posted as ``sheet_<name>``)."""


async def _sheet_posted(request: Request) -> dict[str, str]:
    """The ruling sheet's fields as posted (``sheet_event``, ``sheet_date``, ``sheet_table``,
    ``sheet_round``, ``sheet_director``): trimmed, at most 120 characters, ``""`` when absent."""
    data = await request.form()
    values = {k: data.get(f"sheet_{k}") for k in SHEET_FIELDS}
    return {k: v.strip()[:120] if isinstance(v, str) else "" for k, v in values.items()}


_LINE = re.compile(r" \(line \d+\)$")


def _sheet_context(repo: EventRepository, form: Mapping[str, str], sheet: Mapping[str, str],
                   label: str, lang: str = "en") -> dict[str, Any]:
    """The board's label and the sheet's fields for ruling.html. A pasted game's label loses
    the line number (``engine.records.pbn_game.PbnGame.label``: a pasted text starts at line 1); an uploaded
    file's board is named with the file, keeping the line, and the event stored for the file
    gives the event's name and date when the director left them blank. The label is said in
    ``lang`` (:func:`app.web.words.board_label`)."""
    fields = {k: sheet.get(k, "") for k in SHEET_FIELDS}
    if form.get("source") == "pbn":
        label = _LINE.sub("", label)
    elif form.get("source") == "upload" and form.get("upload", "").isdigit() and len(form["upload"]) <= 9:
        stored = repo.get_file(int(form["upload"]))
        if stored is not None:
            event_id, name, _ = stored
            label = f"{name} {label}"
            try:
                details = repo.get_event(event_id).details
            except NotStoredError:
                details = None
            if details is not None:
                fields["event"] = fields["event"] or details.name
                fields["date"] = fields["date"] or details.date.isoformat()
    return {"label": board_label(lang, label), "sheet": fields}


def _store_upload(repo: EventRepository, name: str, text: str | None, games: list[PbnGame], lang: str,
                  details: EventDetails, digest: str,
                  results: SessionResults | None) -> tuple[int, int | None, str | None]:
    """Make an uploaded file an event (``details``, the file's content hash ``digest``), store its
    hand records, the file's text (``None``: a binary results file) and the session's results
    (deals and traveller lines), in one transaction (a failure leaves no empty event behind):
    ``(event id, file id or None, note)``. A PBN file whose deals cannot be stored as hand
    records (a board of 51 cards...) is kept all the same, for its play records; ``note`` says
    why its boards were not stored (in ``lang``).

    Raises:
        StoreBusyError: the store's lock was not free (the page answers 503).
        InvalidBoardError: a results file giving one board two different deals (the page says why).
    """
    if text is None:
        event, file_id = repo.store_upload(details, None, name, None, sha256=digest, results=results)
        return event.id, file_id, None
    try:
        event, file_id = repo.store_upload(details, hand_records_from_pbn(text), name, text, sha256=digest,
                                           results=results)
        return event.id, file_id, None
    except InvalidBoardError as exc:  # the deals cannot be hand records: the file is kept for its play records
        event, file_id = repo.store_upload(details, None, name, text, sha256=digest)
        return event.id, file_id, gettext(lang, "hand_records_not_stored", name=name, event=event.id,
                                          reason=reason(lang, exc))


def _tag(games: list[PbnGame], tag: str) -> str:
    """The first game's ``tag`` that says something (PBN's ``?`` and ``#`` say nothing), or ``""``."""
    for g in games:
        value = g.tags.get(tag, "").strip()
        if value and value not in ("?", "#", "-"):
            return value
    return ""


def _upload_details(typed: Mapping[str, str], date: dt.date | None, games: list[PbnGame],
                    results: SessionResults | None, name: str) -> EventDetails:
    """The new event's name, date and session: as the director typed them on the upload form,
    else from the file (PBN's ``Event``, ``Date`` and ``Stage`` tags; a results file's event
    name), else the file's name and today."""
    if date is None:
        tag = next((g.date for g in games if g.date), None)
        date = dt.date.today()
        if tag:
            try:
                date = dt.datetime.strptime(tag.strip(), "%Y.%m.%d").date()
            except ValueError:
                pass
    event = typed.get("event_name") or _tag(games, "Event") or (results.event.strip() if results else "") or name
    session = typed.get("event_session") or _tag(games, "Stage")
    return EventDetails(name=event[:200], date=date, session=session[:100])


def _score_tables(data: bytes) -> SessionResults | None:
    """A PBN file's traveller lines (``[ScoreTable]``...), read as a session's results, or ``None``
    when it has none or they cannot be read (the file is then taken for its deals and play)."""
    try:
        results = read_results(data)
    except AdvisorError:
        return None
    return results if results.lines else None


def _traveller_note(results: SessionResults | None) -> dict[str, Any] | None:
    """What a results upload stored, for the pick page: lines, boards, format, program."""
    if results is None or not results.lines:
        return None
    return {"lines": len(results.lines), "boards": len(results.boards), "kind": results.kind,
            "program": results.program or "-"}


def _has_revoke(game: Any, lang: str) -> tuple[bool | None, str | None]:
    """Whether a game's record shows a failure to follow suit: ``(True/False, None)``, or
    ``(None, reason)`` when the record cannot be ruled on (the engine's reason in ``lang``, e.g.
    a card played twice, a missing tag) or reads better as a recording error than as a revoke
    (:mod:`engine.screening.recording`: the same finding as a screening's)."""
    try:
        board = board_from_game(game)
        record = board.play_record()
        revokes = detect_revokes(record, board.contract, RevokeFacts())
        if revokes:  # a mistake in the record may read better than a revoke (engine.screening.recording)
            reading = read_record(game, record, board.contract, revokes)
            if reading.finding is Finding.RECORDING_ERROR:
                return None, reason(lang, finding_error(reading))
        return bool(revokes), None
    except AdvisorError as exc:
        return None, reason(lang, exc)


def _board_rows(repo: EventRepository, event_id: int) -> list[dict[str, str]]:
    """The event's hand records for the pick page: board, dealer and vulnerability."""
    return [{"board": r.board, "dealer": r.dealer.value, "vul_key": dict(VULS)[r.vulnerability.value]}
            for r in repo.boards(event_id)]


def _boards_with_cases(request: Request, event_id: int) -> list[dict[str, Any]]:
    """:func:`_board_rows` with the cases already kept on each board (``"cases"``: their ids,
    oldest first), for the board list to show and link them."""
    kept: dict[str, list[int]] = {}
    for c in request.app.state.cases.cases(event_id):
        kept.setdefault(board_key(c.details.board), []).append(c.id)
    return [{**row, "cases": kept.get(row["board"], [])} for row in _board_rows(request.app.state.events, event_id)]


_HIDDEN = {
    "pbn": ("source", "pbn", "board", "room"),
    "upload": ("source", "upload", "board", "room"),
    "parts": ("source", "deal", "contract", "declarer", "vulnerable", "play"),
    "event": ("source", "event", "board", "table", "ns_pair", "ew_pair", "contract", "declarer", "play", "rf_trick",
              "rf_offender", "rf_won_by", "rf_after", "rf_card", "rf_suit_led", "rf_likely", "rf_likely_reason"),
}
"""The form fields the ruling view's assumptions form sends back, by source, to re-rule the same board."""


def _field_from_traveller(repo: EventRepository, req: RevokeRulingRequest, form: dict[str, str]) -> None:
    """Fill the page's scoring form (``form``: ``scoring``, ``field``, ``profile``) from the
    traveller line the ruling names, as the API's ``from_traveller`` does: the other North-South
    scores of its section as the field (matchpoints, Butler or cross-IMPs, the traveller's form), or
    the other room's score at teams; the event's profile."""
    _, got = prefill_from_traveller(req, repo)
    if got is not None and "scoring" in got.filled and got.form == "teams" and got.other_room_ns is not None:
        form["scoring"], form["other_room_ns"] = "imps", str(got.other_room_ns)
        form["profile"] = repo.get_event(got.event).details.scoring_profile
    elif got is not None and "scoring" in got.filled and got.field:
        form["scoring"], form["field"] = got.form, " ".join(str(x) for x in got.field)
        form["profile"] = repo.get_event(got.event).details.scoring_profile


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


def _validation_messages(exc: ValidationError, lang: str) -> list[str]:
    return [p.text for p in validation_problems(lang, exc)]


def _not_pbn(lang: str, exc: PbnError) -> str:
    """Why a text or file is not PBN, in ``lang``: the error's own template when it has a key,
    else "not a PBN file: " and the engine's reason."""
    if exc.key:
        return reason(lang, exc)
    return f"{gettext(lang, 'not_pbn')}: {fallback(lang, exc.message.removeprefix('not a PBN file: '))}"


def _ruling_context(advice: RevokeAdvice, lang: str, solver: Any, offender_card: str, form: Mapping[str, str],
                    weights: list[str]) -> dict[str, Any]:
    """Everything ruling.html shows, from the engine's advice (and a play analysis for the chart)."""
    b, c = advice.board, advice.board.contract
    record = b.play_record()
    revoke_indexes = {x.revoke.play_index for x in advice.rulings if x.revoke.play_index < len(b.play)}

    def t(key: str, **params: object) -> str:
        return gettext(lang, key, **params)

    chart, values = None, []
    if b.play:  # facts only: no play, no chart
        analysis = analyse_play(solver, record, c.declaring_side)
        chart = views.dd_chart(analysis, revoke_indexes, title=t("chart_title"), desc=t("chart_desc"),
                               revoke_word=t("revoke_marker"), trick_word=t("trick"))
        values = [("—", analysis.start)] + [(f"{ca.index + 1}. {ca.card} ({ca.seat.value})", ca.after)
                                           for ca in analysis.cards]
    revokes = []
    for x in advice.rulings:
        sym, red, rank = views.card_label(x.revoke.card) if x.revoke.card else ("", False, "\u2014")  # not given
        e, tr = x.establishment, x.transfer
        status = "not_established" if not e.established else ("corrected" if e.correction else "established")
        law = e.correction.value if e.correction is not None else (tr.law if tr else e.law)
        revokes.append({"trick": x.revoke.trick, "player": x.revoke.offender.value, "symbol": sym, "red": red,
                        "rank": rank, "status": status, "law": law, "transferred": tr.tricks if tr else 0})
    offender_cards, choice = _offender_cards(advice, offender_card)
    results = advice.plausible_results()
    plausible = [{"result": p.result, "score_ns": p.score_ns, "evidence": evidence_text(lang, p.evidence),
                  "weight": (weights[i].strip() if i < len(weights) and weights[i].strip() else
                             str(Fraction(1, len(results))))}
                 for i, p in enumerate(results)] if len(results) > 1 else []
    first = next((x.revoke for x in advice.rulings if x.equity is not None), None)
    single = (advice.suggested_result, advice.score_ns_suggested)
    nos = first.offending_side.other.value if first else None
    scored, weights_error = _weighted(plausible, form, single, nos, lang)
    # The box shows the weighted score only when it is the ruling: 64C applies (an adjusted score,
    # 12C1(c)); otherwise the score to enter is the suggested result, scored on its own.
    enter = scored if scored is None or not scored["several"] or advice.law_64c.applies else \
        _weighted([], form, single, nos, lang)[0]
    v = b.vulnerability
    return {
        "label": b.label or f"{c} {c.declarer.value}", "contract": str(c), "declarer": c.declarer.value,
        "vul_key": dict(VULS)[v.value], "diagram": views.hands(b.deal),
        "tricks": views.trick_rows(record, revoke_indexes) if b.play else [], "revokes": revokes,
        "facts_only": advice.facts_only,
        "table_tricks": advice.table_tricks, "table_result": c.result_str(advice.table_tricks),
        "table_label": result_label(counted(advice)), "provisional": advice.provisional,
        "counted": counted(advice), "not_entered": advice.claim.tricks, "rest_decl": advice.claim.declarer_tricks,
        "score_ns_table": advice.score_ns_table, "after_adjustment": advice.after_adjustment,
        "after_result": c.result_str(advice.after_adjustment), "score_ns_after": advice.score_ns_after_adjustment,
        "likely": advice.likely_without_revokes, "law64c_law": advice.law_64c.law,
        "likely_result": _result_or_none(c, advice.likely_without_revokes),
        "dd_before": advice.double_dummy_without_revoke,
        "dd_before_result": _result_or_none(c, advice.double_dummy_without_revoke),
        "directors": advice.directors_likely, "directors_result": _result_or_none(c, advice.directors_likely),
        "directors_reason": advice.directors_reason,
        "law64c_applies": advice.law_64c.applies, "induced": advice.induced,
        "suggested_result": advice.suggested_result,
        "suggested_law": advice.suggested_law, "score_ns_suggested": advice.score_ns_suggested,
        "steps": [{"law": s.law, "text": step_text(lang, s)} for s in advice.steps],
        "chart": chart, "chart_values": values, "offender_cards": offender_cards,
        "offender_card": choice["card"] if choice else None, "offender_choice": choice, "plausible": plausible,
        "weighted": t("weighted_result", ns=scored["ns"], ew=scored["ew"]) if scored and scored["several"] else None,
        "scored": enter,
        "weights_error": weights_error, "profiles": list(PROFILES),
    }


def _scorer_block(advice: RevokeAdvice, scored: dict[str, Any] | None, form: Mapping[str, str]) -> Any:
    """The ruling sheet's "for the scorer" block (:func:`app.api.scorer.for_revoke`): the result to
    enter, and the weighted score against the page's field (``form["field"]``, matchpoints) when
    the page shows one (the director's weights are those of the box above it)."""
    field = None
    if form.get("scoring") == "matchpoints":
        try:
            field = [int(x) for x in form.get("field", "").replace(",", " ").split()]
        except ValueError:
            field = None
    block = for_revoke(advice, field)
    if block is not None and block.weighted is not None and not (scored and scored.get("several")):
        block = block.model_copy(update={"weighted": None})  # not the ruling (64C does not apply)
    return block


def _result_or_none(contract: Contract, tricks: int | None) -> str | None:
    """``tricks`` (declarer's side's) as a TD writes the result, e.g. ``"4H N +1"``; ``None`` for none."""
    return None if tricks is None else contract.result_str(tricks)


def _offender_cards(advice: RevokeAdvice, chosen: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The first established revoke's legal alternatives with the likely result after each, and
    the director's choice (default: the card best for the offending side, as 64C assumes)."""
    first, c, v = advice.first_standing, advice.board.contract, advice.board.vulnerability
    rows = [{"card": str(card), "tricks": t, "result": c.result_str(t), "score": score_ns(c, t, v)}
            for card, t in advice.likely_by_card()]
    if first is None or first.equity is None or not rows:
        return [], None
    pick_card = chosen if any(r["card"] == chosen for r in rows) else str(first.equity.best_card)
    return rows, next(r for r in rows if r["card"] == pick_card)


def _weighted(plausible: list[dict[str, Any]], form: Mapping[str, str], single: tuple[str, int] | None,
              non_offending: str | None = None, lang: str = "en") -> tuple[dict[str, Any] | None, str | None]:
    """The score against the field or the other room, when the scoring form gives one: the
    plausible results weighted with the director's weights (12C1(c)) when there are two or more,
    else the ``single`` result ``(text, NS points)`` alone. ``(score, None)`` or ``(None, error)``;
    ``score`` holds ``form`` (matchpoints or imps), ``ns``/``ew`` as text (percent or IMPs per
    side), ``several`` (weighted) and ``outcomes`` (label, weight, NS matchpoints or IMPs); the
    error and the units in ``lang``."""
    if form.get("scoring") not in ("matchpoints", "imps", "butler", "cross_imps"):
        return None, None
    if len(plausible) >= 2:
        outcomes: list[dict[str, JsonValue]] = [
            {"score_ns": p["score_ns"], "weight": p["weight"], "label": f"{p['result']} (NS {p['score_ns']:+d})"}
            for p in plausible]
    elif single is not None:
        outcomes = [{"score_ns": single[1], "weight": "1", "label": f"{single[0]} (NS {single[1]:+d})"}]
    else:
        return None, None
    try:
        against: dict[str, Any] = {"profile": form.get("profile") or "wbf"}
        if form["scoring"] != "imps":  # matchpoints, Butler and cross-IMPs: against the field
            against["field"] = [int(x) for x in form.get("field", "").replace(",", " ").split()]
        else:
            against["other_room_ns"] = int(form.get("other_room_ns", "").strip())
        w = score_against(outcomes, ScoringIn.model_validate(against),
                          Side(non_offending) if non_offending else None, form["scoring"])  # type: ignore[arg-type]
    except ValidationError as exc:
        return None, "; ".join(_validation_messages(exc, lang))
    except InvalidBoardError as exc:  # weights that are negative or do not sum to 1
        return None, reason(lang, exc)
    except ValueError:  # int(): not a score
        return None, gettext(lang, "scores_whole")
    mp = w.form == "matchpoints"
    if w.split is not None:  # a profile without weighting: each side on its own result (12C1(e))
        ns, ew = (w.split.ns_percent, w.split.ew_percent) if mp else (w.split.ns, w.split.ew)
    else:
        ns, ew = (w.ns_percent, w.ew_percent) if mp else (w.ns, w.ew)
    if ns is None or ew is None:
        return None, None
    return {"form": w.form, "ns": _points(ns, mp, lang), "ew": _points(ew, mp, lang), "several": len(outcomes) > 1,
            "outcomes": [{"label": o.label, "weight": o.weight,
                          "value": f"{o.ns:g} {gettext(lang, 'unit_mp')}" if mp else _points(o.ns, False, lang)}
                         for o in w.outcomes]}, None


def _points(value: float, percent: bool, lang: str = "en") -> str:
    """A side's score as shown: ``"62.50%"``, or IMPs with their sign (``"+11 IMP"``, ``"+2.50 IMP"``;
    the unit in ``lang``)."""
    if percent:
        return f"{value:.2f}%"
    unit = gettext(lang, "unit_imp")
    return f"{int(value):+d} {unit}" if value == int(value) else f"{value:+.2f} {unit}"


__all__ = ["install_web"]

