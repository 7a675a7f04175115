"""The spots of an event's results files that could not be read, on the event's page (issue 36):
each with its board, line, field, the value as written and the reason in the page's language,
and, for a traveller line not yet corrected, a form pre-filled with what the file had on the line
(the bad field marked, shown as written) to correct it (``POST
/events/{id}/problems/{problem_id}/correction``, :mod:`app.web.upload`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.i18n import gettext
from app.web.casefile_history import when
from app.web.words import reason
from engine.casefile.events import StoredProblem
from engine.errors import ResultsFileError
from engine.records.results.correction import prefill
from engine.records.results.model import LINE_FIELDS

LABELS = {"section": "col_section", "table": "col_table", "round": "col_round", "ns_pair": "col_ns_pair",
          "ew_pair": "col_ew_pair", "contract": "col_contract", "declarer": "declarer_label", "lead": "col_lead",
          "tricks": "col_tricks", "ns_score": "col_ns_score"}
"""Each correctable field's label in the page catalogue."""

BAD_FIELD = {"contract": "contract", "declarer": "declarer", "lead": "lead", "score": "ns_score",
             "tricks": "tricks", "result": "tricks", "round": "round", "table": "table"}
"""The form field of a reader's ``what`` (the field that could not be read)."""


def form_field(name: str) -> str:
    """The page's name of the correction form's field ``name`` (``"cx_contract"``): prefixed, so
    that the page's other forms' fields and error anchors never clash with it."""
    return f"cx_{name}"


def typed_line(form: Mapping[str, str]) -> dict[str, str]:
    """The line a correction form posted, by the names of
    :data:`engine.records.results.model.LINE_FIELDS` (missing fields empty)."""
    return {name: form.get(form_field(name), "") for name in LINE_FIELDS}


def problem_rows(lang: str, stored: list[StoredProblem], zone: str = "", typed: Mapping[str, str] | None = None,
                 typed_for: int | None = None) -> list[dict[str, Any]]:
    """The event's read problems for the page, upload by upload in file order: ``id``,
    ``board``, ``line``, ``field`` (in ``lang``), ``value`` (as written), ``reason`` (in
    ``lang``), ``file``, ``status`` (``"open"``, ``"corrected"``, ``"superseded"``, ``"deal"``:
    on a deal or the file, not a line; ``"match"``: a room of a teams match, corrected in the
    scoring program), ``corrected`` (by, when in the event's time ``zone``,
    the line's result and score) and, for a correctable one, ``fields``: the form's fields (name,
    label, value: what the file had, or what the director typed (``typed``) when the page is
    shown again for problem ``typed_for``; ``bad``: the field that could not be read)."""
    rows = []
    for s in stored:
        p = s.problem
        error = ResultsFileError(p.text, key=p.key, params=dict(p.params))
        word = gettext(lang, f"field.{p.field}") if p.field else ""
        status = "corrected" if s.correction is not None else "superseded" if s.superseded else \
            "open" if p.on_line else "match" if p.in_match else "deal"
        row: dict[str, Any] = {"id": s.id, "board": p.board, "line": "" if p.line is None else p.line,
                               "field": word if word != f"field.{p.field}" else p.field, "value": p.value,
                               "reason": reason(lang, error), "file": s.upload_name, "status": status,
                               "reopen": typed_for == s.id}
        if s.correction is not None:
            ln = s.correction.line
            row["corrected"] = {"by": s.correction.by, "at": when(s.correction.at, zone), "result": ln.result,
                                "score": "" if ln.ns_score is None else f"{ln.ns_score:+d}"}
        if s.correctable:
            values = dict(typed) if typed is not None and typed_for == s.id else prefill(p)
            bad = BAD_FIELD.get(p.field, "")
            row["fields"] = [{"name": form_field(name), "label": LABELS[name], "value": values.get(name, ""),
                              "bad": name == bad} for name in LINE_FIELDS]
        rows.append(row)
    return rows


__all__ = ["form_field", "problem_rows", "typed_line"]
