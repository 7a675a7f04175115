"""Reading the case page's decision and review forms: points and weights as typed, the
director's decision as the API's ``DecisionIn`` (a weighted score, 12C1(c); an artificial
score, 12C2) and the appeals committee's review as ``ReviewIn``, or every problem with them by
form field."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from app.api.schemas.cases import DecisionIn, ReviewIn
from app.i18n import gettext
from app.web.casefile_common import _model_problems, say
from app.web.problems import Problem


def read_points(text: str) -> float | None:
    """Points as typed (``"+50"``, ``"-420"``, ``"12.5"``, ``"12,5"``, a Unicode minus); ``None``
    when blank.

    Raises:
        ValueError: not a number of points.
    """
    t = text.strip().replace("\u2212", "-").replace(",", ".").replace(" ", "")
    if not t:
        return None
    value = float(t)
    if not math.isfinite(value):
        raise ValueError(text)
    return float(int(value)) if value.is_integer() else value


def read_percent(text: str) -> float | None:
    """A weight as typed (``"70"``, ``"70%"``, ``"33.3"``); ``None`` when blank.

    Raises:
        ValueError: not a number.
    """
    t = text.strip().removesuffix("%").strip().replace(",", ".")
    if not t:
        return None
    value = float(t)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def decision_body(lang: str, form: Mapping[str, str], plausible: Sequence[Mapping[str, Any]],
                  prefill: Mapping[str, str]) -> tuple[DecisionIn | None, list[Problem]]:
    """The decision form as the API's :class:`DecisionIn`, or the problems with it.

    Weights given for the plausible results make a weighted score (12C1(c)): its parts are the
    results with a weight, and, while the director left the score, the result and the law as
    prefilled (``prefill``) or blank, they become the weighted sum, the parts, and 12C1(c). An
    artificial score (12C2) given by side likewise replaces the prefilled points and law. East-West's
    own points (``score_ew``: a split score, 12C1(b) or 12C1(e)'s two scores) are kept as typed,
    dropped when a weighted or artificial score replaces a prefilled one. With ``kept_by`` (``"NS"``
    or ``"EW"``: that side keeps the table result, 12C1(b), 12C1(e)) the weights are the other
    side's: its figure left as prefilled becomes their weighted sum (East-West's in their own
    view), the keeping side's stays its table points, and the result, left as prefilled, names
    both (``prefill["kept_table"]`` the table result).
    """
    problems: list[Problem] = []
    try:
        score = read_points(form.get("score_ns", ""))
    except ValueError:
        score = None
        problems.append(say(lang, "score_ns", gettext(lang, "not_points", text=form.get("score_ns", ""))))
    try:
        score_ew = read_points(form.get("score_ew", ""))
    except ValueError:
        score_ew = None
        problems.append(say(lang, "score_ew", gettext(lang, "not_points", text=form.get("score_ew", ""))))
    parts: list[tuple[str, int, float]] = []
    for i, p in enumerate(plausible):
        try:
            w = read_percent(form.get(f"weight_{i}", ""))
        except ValueError:
            problems.append(say(lang, "weights", gettext(lang, "not_percent", text=form.get(f"weight_{i}", ""))))
            continue
        if w is not None:
            parts.append((str(p.get("result", "")), int(p["score_ns"]), w))
    result, law = form.get("result", "").strip(), form.get("law", "").strip()
    untouched = {k: form.get(k, "").strip() in ("", prefill.get(k, ""))
                 for k in ("score_ns", "score_ew", "result", "law")}
    art = {k: form.get(f"art_{k.lower()}", "").strip() for k in ("NS", "EW")}
    artificial = {k: v for k, v in art.items() if v} or None
    kept_by = form.get("kept_by", "").strip() or None
    if kept_by not in (None, "NS", "EW"):
        problems.append(say(lang, "kept_by", gettext(lang, "case_kept_by_bad")))
    if kept_by and parts and not problems:  # the other side's weighted score; the keeping side's table points
        weighted = round(sum(s * pct for _, s, pct in parts) / 100, 2)
        if kept_by == "EW" and untouched["score_ns"]:
            score = weighted
        if kept_by == "NS" and untouched["score_ew"]:
            score_ew = 0.0 - weighted
        if untouched["result"]:
            others = ", ".join(f"{pct:g}% {res}" for res, _, pct in parts)
            table = prefill.get("kept_table", "")
            result = f"NS {table} / EW {others}" if kept_by == "NS" else f"NS {others} / EW {table}"
        if untouched["law"] and not law:
            law = "12C1(b)"
    elif parts and not problems:  # the weighted score replaces the prefilled suggestion
        if untouched["score_ns"]:
            score = round(sum(s * pct for _, s, pct in parts) / 100, 2)
        if untouched["score_ew"]:
            score_ew = None
        if untouched["result"]:
            result = ", ".join(f"{pct:g}% {res}" for res, _, pct in parts)
        if untouched["law"]:
            law = "12C1(c)"
    elif artificial and not problems:  # an artificial score replaces the prefilled points
        if untouched["score_ns"]:
            score = None
        if untouched["score_ew"]:
            score_ew = None
        if untouched["result"]:
            result = ""
        if untouched["law"]:
            law = "12C2(a)"
    if problems:
        return None, problems
    try:
        body = DecisionIn.model_validate({"score_ns": score, "score_ew": score_ew, "result": result, "law": law,
                                          "reason": form.get("reason", ""),
                                          "weighted": [{"result": r, "score_ns": n, "percent": pct}
                                                       for r, n, pct in parts],
                                          "artificial": artificial, "table_result_kept_by": kept_by})
    except ValidationError as exc:
        return None, _model_problems(lang, exc, {"score_ns": "score_ns", "result": "result", "law": "law",
                                                 "reason": "reason", "weighted": "weights",
                                                 "artificial": "artificial", "score_ew": "score_ew",
                                                 "table_result_kept_by": "kept_by"})
    return body, []


def review_body(lang: str, form: Mapping[str, str], uses_deposits: bool = False,
                ) -> tuple[ReviewIn | None, list[Problem]]:
    """The review form as the API's :class:`ReviewIn` (members one per line), or every problem
    with it at once (each with its field): the outcome, the members, the reasons, the
    committee's score (needed to vary, not given otherwise) and, only when the event takes
    deposits (``uses_deposits``), the deposit."""
    problems: list[Problem] = []
    outcome, deposit = form.get("outcome", ""), form.get("deposit", "")
    members = [m.strip() for m in form.get("members", "").splitlines() if m.strip()]
    if outcome not in ("uphold", "vary", "cancel"):
        problems.append(say(lang, "outcome", gettext(lang, "need_outcome")))
    if not members:
        problems.append(say(lang, "members", gettext(lang, "need_members")))
    if not form.get("reasons", "").strip():
        problems.append(say(lang, "reasons", gettext(lang, "need_reasons")))
    if deposit not in ("returned", "kept"):
        if uses_deposits:
            problems.append(say(lang, "deposit", gettext(lang, "need_deposit")))
        deposit = ""
    try:
        score = read_points(form.get("review_score_ns", ""))
    except ValueError:
        score = None
        problems.append(say(lang, "review_score_ns", gettext(lang, "not_points", text=form["review_score_ns"])))
    else:
        if outcome == "vary" and score is None:
            problems.append(say(lang, "review_score_ns", gettext(lang, "need_review_score")))
        elif outcome in ("uphold", "cancel") and score is not None:
            problems.append(say(lang, "review_score_ns", gettext(lang, "no_review_score")))
    if problems:
        return None, problems
    try:
        body = ReviewIn.model_validate({"outcome": outcome, "members": members, "reasons": form["reasons"],
                                        "deposit": deposit or None, "score_ns": score,
                                        "result": form.get("review_result", "").strip(),
                                        "law": form.get("review_law", "").strip()})
    except ValidationError as exc:
        return None, _model_problems(lang, exc, {"outcome": "outcome", "members": "members", "reasons": "reasons",
                                                 "deposit": "deposit", "score_ns": "review_score_ns",
                                                 "result": "review_result", "law": "review_law"})
    return body, []


def _rule_field(path: str, review: bool) -> str:
    """The form field of a case file rule's ``path`` (``reason``, ``score_ns``, ``weighted/0/percent``...)."""
    head = path.split("/", 1)[0]
    if review:
        return {"score_ns": "review_score_ns", "members": "members", "reasons": "reasons",
                "deposit": "deposit"}.get(head, "")
    return {"score_ns": "score_ns", "score_ew": "score_ew", "reason": "reason", "weighted": "weights",
            "table_result_kept_by": "kept_by",
            "artificial": "artificial"}.get(head, "")
