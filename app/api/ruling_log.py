"""The event's ruling log for the scorer over HTTP (``GET /v1/events/{id}/rulings.csv``): a CSV
line per case with the suggestion, the director's decision, the committee's review and the score
that stands (Law 77 points, North-South's view) and how the scorer enters it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from app.api.case_common import ERRORS, repos
from app.api.case_format import Number, case_order, cell, imported_note
from app.api.scorer import for_case, scorer_text, scorer_words
from engine.casefile.cases import Case, EnteredScore
from engine.casefile.events import EventRepository

CSV_COLUMNS = ("case", "board", "round", "table", "ns_pair", "ns_names", "ew_pair", "ew_names", "director",
               "ruled_at", "kind", "suggested_score_ns", "decision_result", "decision_law", "decision_score_ns",
               "decision_score_ew", "decision_artificial", "reason", "review", "review_score_ns", "deposit",
               "final_result", "final_law", "final_score_ns", "final_score_ew", "status", "engine_version",
               "laws_edition", "imported", "for_scorer")
"""The ruling log's columns; scores are Law 77 points, North-South's view (``score_ew``: East-West's
own, only when split); ``imported``: who imported the case and when, empty for a case made here;
``for_scorer``: the score that stands as the scorer enters it (:func:`app.api.scorer.scorer_text`)."""


def _artificial(s: EnteredScore | None) -> str:
    return " ".join(f"{k} {v}" for k, v in (s.artificial or {}).items()) if s is not None else ""


def _figure(value: float | None) -> str | Number:
    return "" if value is None else Number(value)


def ruling_log(cases: Sequence[Case], events: EventRepository | None = None, lang: str | None = None) -> str:
    """The event's ruling log for the scorer, CSV (RFC 4180, comma, header row), a line per case
    by board, round and table: the suggestion, the director's decision, the committee's review
    and the score that stands (:data:`CSV_COLUMNS`), and whether the case was imported.

    Every text cell goes through :func:`cell` (a director, a reason or a pair named
    ``=HYPERLINK(...)`` is written ``'=HYPERLINK(...)``); the figures (case id, scores) are
    written as numbers from the stored numbers, so a score of -100 stays -100. With ``events``,
    the ``for_scorer`` column is filled (a weighted score's matchpoints against the stored
    traveller): in English with the programs' codes (:func:`scorer_text`), or, with ``lang`` (the
    page's download), in that language's words (:func:`app.api.scorer.scorer_words`). A weighted
    score that stands has no ``final_score_ns``: its points average is no score the scorer enters
    (12C1(c) weights the results' matchpoints or IMPs, which ``for_scorer`` gives part by part)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)

    for c in sorted(cases, key=case_order):
        d, dec = c.details, c.decision
        review = c.reviews[-1] if c.reviews else None
        final = c.final_score()
        block = for_case(c, events, cases) if events is not None else None
        scorer = (scorer_text(block) if lang is None else scorer_words(lang, block)) if events is not None else ""
        row: list[str | Number | int] = [
            c.id, d.board, d.round, d.table, d.ns.number, d.ns.names, d.ew.number, d.ew.names, d.director,
            c.created.isoformat(timespec="seconds"), c.data.kind.value, _figure(c.data.suggested_ns),
            dec.score.result if dec else "", dec.score.law if dec else "",
            _figure(dec.score.score_ns) if dec else "", _figure(dec.score.score_ew) if dec else "",
            _artificial(dec.score if dec else None), dec.reason if dec else "",
            review.outcome.value if review else "",
            _figure(review.score.score_ns) if review and review.score else "",
            review.deposit.value if review and review.deposit else "", final.result if final else "",
            final.law if final else "", _figure(final.score_ns) if final and not final.weighted else "",
            _figure(final.score_ew) if final else "", c.status, c.data.engine_version, c.data.laws_edition,
            imported_note(c), scorer]
        w.writerow([cell(x) for x in row])
    return out.getvalue()


def router() -> APIRouter:
    """The ruling log's route. A plain ``def`` handler: the database blocks, so FastAPI runs
    it in its thread pool."""
    r = APIRouter(tags=["cases"])

    @r.get("/v1/events/{event_id}/rulings.csv", response_class=Response, responses=ERRORS,
           summary="The event's ruling log, CSV for the scorer")
    def rulings_csv(request: Request,
                    event_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> Response:
        """A line per case by board, round and table: the suggestion, the decision, the review and
        the score that stands (points North-South)."""
        events, cases = repos(request)
        text = ruling_log(cases.cases(event_id), events)
        return Response(text, media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="event-{event_id}-rulings.csv"'})

    return r
