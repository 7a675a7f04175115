"""A big file uploaded on the director's page: screened as a job, with a progress bar.

``POST /upload`` with a file of more games than a synchronous screening takes
(``ADVISOR_SYNC_SCREENING_GAMES``) stores the event and the file as usual, starts a screening job
(:mod:`app.service.jobs`: every game with a revoke is ruled on, in the solver's batch lane) and redirects
to ``/screenings/{job}``. That page shows a progress bar; ``app.js`` polls
``/screenings/{job}/progress`` (a small JSON) every second and reloads the page when the job ends,
and without JavaScript a ``<noscript>`` meta refresh reloads it every 2 seconds. Once done, the
page is the usual pick page: the games with a revoke first, each with the result to enter, then
those that cannot be ruled on, then the event's boards. ``POST /screenings/{job}/cancel`` stops it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from app.api.screenings import holder_of, owner_of, start_job
from app.i18n import error_text, fallback, gettext
from app.service.jobs import FINISHED, UPLOAD, Job, JobManager, JobState
from app.service.page_language import page_lang
from app.web.page_common import job_progress
from app.web.problems import Problem
from engine.casefile.events import EventRepository, NotStoredError
from engine.records.pbn_game import PbnGame
from engine.screening.report import ScreeningReport

Render = Callable[..., HTMLResponse]
CANCELLED_HERE = "cancelled on the page"
"""The reason a job cancelled from its page keeps (English, as the API shows it; the page says it
in its language, key ``screening_cancelled_here``)."""
BoardRows = Callable[[EventRepository, int], list[dict[str, str]]]


def is_big(request: Request, games: Sequence[PbnGame]) -> bool:
    """Whether an uploaded file is screened as a job (more games than a synchronous screening takes)."""
    cap: int = request.app.state.sync_screening_games
    return len(games) > cap


def start_page_job(request: Request, name: str, games: Sequence[PbnGame], event_id: int, file_id: int,
                   lang: str, note: str | None, travellers: Mapping[str, Any] | None = None) -> Response:
    """Start the screening job of a big upload and redirect to its page (303). ``travellers``: what
    the upload stored of the session's results (the pick page's note: lines, boards, format,
    program, teams matches), said again on the job's finished page (issue 37: a big per-table PBN
    stores its traveller lines too).

    Raises:
        TooManyJobsError: the holder already has its share of upload jobs (HTTP 429: the page says why).
        SolverBusyError: too many screening jobs already wait.
    """
    meta = {"event": event_id, "upload": file_id, "note": note, "owner": owner_of(request),
            "travellers": dict(travellers) if travellers else None}
    job = start_job(request.app.state.jobs, request.app.state.solver, name, games, meta, kind=UPLOAD,
                    holder=holder_of(request))
    return RedirectResponse(f"/screenings/{job.id}?lang={lang}", status_code=303)


def _rows(report: ScreeningReport, lang: str) -> list[dict[str, Any]]:
    """The pick page's rows from a screening: ruled games (a revoke, with the result to enter) first,
    then the flagged ones (the reason: the engine's English, as the screening kept it; marked in
    strict mode), each in file order. The result's side as the language's tables name it (``СЮ``)."""
    rows = []
    for r in report.rows:
        if r.board is None:
            continue
        result = (f"{r.suggested_result} ({gettext(lang, 'side_short_NS')} {r.score_ns_suggested:+d})"
                  if r.status == "ruled" and r.suggested_result and r.score_ns_suggested is not None else None)
        rows.append({"board": r.board, "room": r.room or "",
                     "contract": f"{r.contract or ''} {r.declarer or ''}".strip(),
                     "revoke": True if r.status == "ruled" else None,
                     "reason": error_text(lang, r.reason_error) if r.reason_error is not None else
                     fallback(lang, r.reason) if r.reason else r.reason, "result": result,
                     "check": r.result_check})
    rows.sort(key=lambda row: row["revoke"] is not True)
    return rows


def install_screening_pages(r: APIRouter, render: Render, board_rows: BoardRows) -> None:
    """Add ``/screenings/{job}`` (the progress page, then the games), its ``/progress`` JSON and
    its ``/cancel`` form to the page's router ``r``."""

    def find(request: Request, job_id: str) -> Job | None:
        jobs: JobManager = request.app.state.jobs
        try:
            job = jobs.get(job_id)
        except NotStoredError:
            return None
        return job if "upload" in job.meta else None  # the API's jobs are not shown on the page

    @r.get("/screenings/{job_id}", response_class=HTMLResponse)
    def screening_page(request: Request, job_id: str, lang: str | None = None) -> HTMLResponse:
        """The progress page while the job runs; once done, the pick page of its games."""
        lang = page_lang(request, lang)
        job = find(request, job_id)
        if job is None:
            return render(request, "index.html", lang, 404, errors=[Problem("", gettext(lang, "no_screening"))])
        note = job.meta.get("note")
        errors = [Problem("file", note)] if note else []
        if job.state is JobState.DONE and isinstance(job.result, ScreeningReport):
            c = job.result.counts
            screened = {"games": c.games, "clean": c.clean, "ruled": c.ruled, "flagged": c.flagged,
                        "skipped": c.skipped_total}
            repo = request.app.state.events
            return render(request, "pick.html", lang, filename=job.name, games=_rows(job.result, lang),
                          token=job.meta["upload"], event_id=job.meta["event"], event_name=job.name,
                          boards=board_rows(repo, job.meta["event"]), errors=errors, screened=screened,
                          travellers=job.meta.get("travellers"),
                          lang_path=f"/screenings/{job.id}")
        why = gettext(lang, "screening_cancelled_here") if job.error == CANCELLED_HERE else \
            fallback(lang, job.error or "")
        return render(request, "screening.html", lang, job=job, running=job.state not in FINISHED,
                      state=job.state.value, errors=errors, lang_path=f"/screenings/{job.id}", why=why)

    @r.get("/screenings/{job_id}/progress")
    def screening_progress(request: Request, job_id: str) -> JSONResponse:
        """``{"state", "done", "total"}`` of the page's job (for app.js), 404 when unknown."""
        return job_progress(find(request, job_id))

    @r.post("/screenings/{job_id}/cancel")
    def screening_cancel(request: Request, job_id: str, lang: Annotated[str, Form()] = "") -> Response:
        """Cancel the page's job (after the game it is on), then back to its page (303)."""
        lang = page_lang(request, lang)
        job = find(request, job_id)
        if job is not None:
            request.app.state.jobs.cancel(job.id, CANCELLED_HERE)
        return RedirectResponse(f"/screenings/{job_id}?lang={lang}", status_code=303)


__all__ = ["install_screening_pages", "is_big", "start_page_job"]
