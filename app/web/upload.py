"""Uploading a file (``POST /upload``: a PBN or LIN file, or a session's results file: USEBIO,
``.bws``, ...): it becomes an event in the database (its hand records, the file itself and the
traveller lines, in one transaction), then the pick page lists its games with a revoke first (a
big file is screened as a job: :mod:`app.web.screening`); and a stored event's page
(``/events/{id}``: its boards, with the cases kept on each, and the spots of its results files
that could not be read, each traveller line correctable there: ``POST
/events/{id}/problems/{problem_id}/correction``, issue 36)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from fastapi import APIRouter, File, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.api.events import correct_read_problem
from app.api.field import convention_words, event_convention
from app.api.field_routes import first_traveller
from app.i18n import error_text, gettext
from app.service.jobs import TooManyJobsError
from app.service.limits import UPLOAD_BODY_BYTES, read_upload
from app.service.page_language import page_lang
from app.service.parse_sandbox import ParseSandbox, sandbox_of
from app.web.casefile_common import Posted, event_settings
from app.web.page_common import VULS, Render, Text, _not_pbn
from app.web.problems import Problem, field_errors
from app.web.read_problems import form_field, problem_rows, typed_line
from app.web.screening import is_big, start_page_job
from app.web.words import date_text, format_name, reason
from engine.casefile.events import EventDetails, EventRepository, NotStoredError
from engine.errors import AdvisorError, InvalidBoardError, PbnError, SolverBusyError
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.records.boards import board_from_game
from engine.records.handrecords import HandRecord, board_key
from engine.records.pbn_game import PbnGame
from engine.records.pbn_text import upload_text
from engine.records.results import SessionResults, TravellerLine
from engine.records.results.against import team_matches
from engine.scoring.field import convention_for
from engine.screening.recording import Finding, finding_error, read_record


def install_upload_pages(r: APIRouter, render: Render) -> None:
    """Add ``POST /upload`` (at most :data:`app.service.limits.UPLOAD_BODY_BYTES`) and
    ``GET /events/{id}`` to ``r``."""

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
                          field_errors=field_errors(found), errors_heading="upload_error_title")

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
        sandbox = sandbox_of(request.app.state)  # every reader in a bounded worker process (issue 35)
        try:
            text = upload_text(data)
            games = sandbox.read_games(text, name)  # PBN or LIN, by the content
            if not any("Deal" in g.tags for g in games):
                raise PbnError("no game with a [Deal] tag was found")
        except PbnError as exc:  # not PBN or LIN: a session's results file (USEBIO, .bws, .dlm ...), by the content
            try:
                results = sandbox.read_results(data, name)
            except InvalidBoardError as other:
                unknown = other.key in ("results_not_recognised", "results_empty", "results_binary")
                said = _not_pbn(lang, exc) if unknown else reason(lang, other)
                return bad([Problem("file", said if other.key == "upload_refused" else f"{name}: {said}")])
            except SolverBusyError:
                return bad([Problem("file", gettext(lang, "readers_busy"))], 503)
            if not results.hand_records and not results.lines:
                return bad([Problem("file", f"{name}: {gettext(lang, 'error.results_nothing')}")])
            text, games = None, []
        except InvalidBoardError as refused:  # the PBN or LIN reader passed a limit: upload_refused names the file
            return bad([Problem("file", reason(lang, refused))])
        except SolverBusyError:
            return bad([Problem("file", gettext(lang, "readers_busy"))], 503)
        else:
            results = _score_tables(sandbox, data, name)
        details = _upload_details(uform, typed_date, games, results, name)
        assumed = _assumed(lang, uform, typed_date, games, results, details)
        if seen is not None:  # the same bytes made an event before: that event is offered, none is made
            event_id, token, note = seen[0].id, seen[1], None
        else:
            event_id, token, note = _store_upload(repo, name, text, games, lang, details, digest, results,
                                                  sandbox.hand_records)
        if is_big(request, games):  # screened as a job: a progress bar, then the games (app/web/screening.py)
            try:
                return start_page_job(request, name, games, event_id, token or 0, lang, note,
                                      _traveller_note(results) if seen is None else None)
            except TooManyJobsError as exc:  # this holder's share of upload jobs (issue 35)
                over = render(request, "index.html", lang, 429,
                              errors=[Problem("file", gettext(lang, "api.too_many_jobs_upload", n=exc.limit))])
                over.headers["Retry-After"] = "5"
                return over
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
                      travellers=_traveller_note(results), read_problems=_read_problems(request, lang, event_id),
                      field_text=field_text(repo, event_id, lang),
                      seen_file=name if seen is not None else None, assumed=assumed if seen is None else None,
                      errors=[Problem("file", note)] if note else [])

    @r.get("/events/{event_id}", response_class=HTMLResponse)
    def event_page(request: Request, event_id: int, lang: str | None = None, corrected: str = "") -> HTMLResponse:
        lang = page_lang(request, lang)
        repo = request.app.state.events
        try:
            repo.get_event(event_id)
        except NotStoredError:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "no_event", event=event_id))])
        done = next((p for p in repo.read_problems(event_id) if str(p.id) == corrected and p.correction), None)
        return stored_event(request, lang, event_id, corrected=done.problem.board if done else None)

    def stored_event(request: Request, lang: str, event_id: int, status: int = 200,
                     **extra: Any) -> HTMLResponse:
        """The event's page (pick.html): its boards with their cases, its read problems."""
        repo = request.app.state.events
        event = repo.get_event(event_id)
        boards = _boards_with_cases(request, event_id)
        return render(request, "pick.html", lang, status, **{
            "filename": event.details.name, "games": [], "token": "", "event_id": event_id,
            "event_name": event.details.name, "event": event, "boards": boards,
            "team_matches": _stored_matches(repo, event_id, [b["board"] for b in boards]),
            "read_problems": _read_problems(request, lang, event_id),
            "field_text": field_text(repo, event_id, lang), "revisit": True, **extra})

    @r.post("/events/{event_id}/problems/{problem_id}/correction", response_class=HTMLResponse,
            response_model=None)
    def correct_line(request: Request, event_id: int, problem_id: int, form: Posted) -> Response:
        """A traveller line that could not be read, as the director corrected it on the event's
        page (:func:`app.api.events.correct_read_problem`): 303 to the event's page, the line on
        its traveller; else the page again (422) with the reason at the top and beside the
        field, the form open with what was typed."""
        lang = page_lang(request, form.get("lang"))
        repo = request.app.state.events
        actor = getattr(request.state, "actor", None)
        typed = typed_line(form)
        try:
            correct_read_problem(repo, event_id, problem_id, typed, actor.name if actor is not None else "-")
        except NotStoredError as missing:  # no such event, or no such problem in it
            return render(request, "index.html", lang, 404, errors=[Problem("", error_text(lang, missing))])
        except InvalidBoardError as exc:
            said = Problem(form_field(exc.path) if exc.path != "problem" else "", reason(lang, exc))
            return stored_event(request, lang, event_id, 422, errors=[said], field_errors=field_errors([said]),
                                errors_heading="errors_heading_correction",
                                read_problems=_read_problems(request, lang, event_id, typed, problem_id))
        return RedirectResponse(f"/events/{event_id}?lang={lang}&corrected={problem_id}#problem-{problem_id}",
                                status_code=303)


def field_text(repo: EventRepository, event_id: int, lang: str) -> str:
    """The event's field convention in ``lang`` (issue 36: how its travellers are scored, who told
    it, what is assumed: :func:`app.api.field.convention_words`), ``""`` when the event has no
    traveller and the director set nothing."""
    found = first_traveller(repo, event_id)
    event = repo.get_event(event_id)
    if found is None and event.details.field.empty:
        return ""
    conv = (event_convention(repo, event_id, found) if found is not None
            else convention_for(setting=event.details.field))
    return convention_words(conv, sorted({ln.section for ln in found.lines}) if found is not None else (),
                            say=lambda key, **params: gettext(lang, key, **params))


def _store_upload(repo: EventRepository, name: str, text: str | None, games: list[PbnGame], lang: str,
                  details: EventDetails, digest: str, results: SessionResults | None,
                  read_hand_records: Callable[[str, str], list[HandRecord]]) -> tuple[int, int | None, str | None]:
    """Make an uploaded file an event (``details``, the file's content hash ``digest``), store its
    hand records, the file's text (``None``: a binary results file) and the session's results
    (deals and traveller lines), in one transaction (a failure leaves no empty event behind):
    ``(event id, file id or None, note)``. A PBN file whose deals cannot be stored as hand
    records (a board of 51 cards...) is kept all the same, for its play records; ``note`` says
    why its boards were not stored (in ``lang``). ``read_hand_records(text, name)``: the hand-record
    reader (:meth:`app.service.parse_sandbox.ParseSandbox.hand_records`).

    Raises:
        StoreBusyError: the store's lock was not free (the page answers 503).
        InvalidBoardError: a results file giving one board two different deals (the page says why).
    """
    if text is None:
        event, file_id = repo.store_upload(details, None, name, None, sha256=digest, results=results)
        return event.id, file_id, None
    try:
        event, file_id = repo.store_upload(details, read_hand_records(text, name), name, text, sha256=digest,
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
        date = next((g.day for g in games if g.day), None) or dt.date.today()
    event = typed.get("event_name") or _tag(games, "Event") or (results.event.strip() if results else "") or name
    session = typed.get("event_session") or _tag(games, "Stage")
    return EventDetails(name=event[:200], date=date, session=session[:100])


def _assumed(lang: str, typed: Mapping[str, str], date: dt.date | None, games: list[PbnGame],
             results: SessionResults | None, details: EventDetails) -> dict[str, str]:
    """What :func:`_upload_details` assumed for want of the file saying it (issue 37: a KoPS page
    names no event and no date), for the pick page to say so: ``name`` the file's name taken as the
    event's, ``date`` today's date in words (:func:`app.web.words.date_text`), ``""`` for what the
    director typed or the file gave."""
    named = typed.get("event_name") or _tag(games, "Event") or (results.event.strip() if results else "")
    dated = date is not None or any(g.day for g in games)
    return {"name": "" if named else details.name, "date": "" if dated else date_text(lang, details.date)}


def _score_tables(sandbox: ParseSandbox, data: bytes, name: str) -> SessionResults | None:
    """A PBN file's traveller lines (``[ScoreTable]``...), read as a session's results in
    ``sandbox``, or ``None`` when it has none or they cannot be read (the file is then taken for
    its deals and play)."""
    try:
        results = sandbox.read_results(data, name)
    except AdvisorError:
        return None
    return results if results.lines else None


def _traveller_note(results: SessionResults | None) -> dict[str, Any] | None:
    """What a results upload stored, for the pick page: lines, boards, format, program, and the
    teams matches the lines hold (:func:`engine.records.results.against.team_matches`, 0 at pairs)."""
    if results is None or not results.lines:
        return None
    return {"lines": len(results.lines), "boards": len(results.boards), "kind": format_name(results.kind),
            "program": results.program or "",  # none named: the sentence names none (issue 37)
            "matches": team_matches(results.lines) if results.scoring in ("IMP", "PAB") else 0}


def _stored_matches(repo: EventRepository, event_id: int, boards: list[str]) -> int:
    """The teams matches the event's stored travellers of ``boards`` hold
    (:func:`engine.records.results.against.team_matches`; 0 for a pairs event), for its board list."""
    lines: list[TravellerLine] = []
    for board in boards:
        found = repo.traveller(event_id, board)
        if found is not None and found.scoring in ("IMP", "PAB"):
            lines.extend(found.lines)
    return team_matches(lines)


def _read_problems(request: Request, lang: str, event_id: int, typed: Mapping[str, str] | None = None,
                   typed_for: int | None = None) -> list[dict[str, Any]]:
    """The spots of the event's results uploads that could not be read, as stored (issue 36), for
    the event's page (:func:`app.web.read_problems.problem_rows`; ``typed`` what the director typed
    for problem ``typed_for`` when the page is shown again); ``[]`` when every file was read whole."""
    stored = request.app.state.events.read_problems(event_id)
    if not stored:
        return []
    return problem_rows(lang, stored, event_settings(request, event_id).time_zone, typed, typed_for)


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
