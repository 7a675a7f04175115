"""A stored case's scores in words, for the case page and the case lists: Law 77 points with
their sign, a score entered (assigned, weighted 12C1(c), artificial 12C2), the case's status,
the advisor's suggested score as the stored ruling gives it, and the label of the result before
any adjustment (a table result, a claim's figure, a figure valued double dummy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.api.case_decisions import proposed_kept, proposed_weighting
from app.i18n import gettext
from engine.casefile.cases import Case, CaseKind, EnteredScore, WeightedPart
from engine.casefile.rules import weighting_text


def points(value: float | None) -> str:
    """Law 77 points as shown, with their sign: ``+50``, ``-420``, ``+12.50``; ``—`` for none."""
    if value is None:
        return "\u2014"
    return f"{int(value):+d}" if float(value).is_integer() else f"{value:+.2f}"


def score_text(lang: str, s: EnteredScore | None) -> str:
    """A score entered, in words: ``4H W -1, NS +50 (64A2)``; an artificial one by side. The sides
    as ``lang``'s tables name them (``side_short_NS``: Russian ``СЮ``, Greek ``ΒΝ``)."""
    if s is None:
        return "\u2014"
    side = {k: gettext(lang, f"side_short_{k}") for k in ("NS", "EW")}
    ns, ew = side["NS"], side["EW"]
    if s.artificial:
        parts = ", ".join(f"{side.get(k, k)} {v}" for k, v in s.artificial.items())
        text = f"{s.result}, {parts}" if s.result else parts
    else:
        text = f"{s.result}, {ns} {points(s.score_ns)}" if s.result else f"{ns} {points(s.score_ns)}"
        if s.score_ew is not None:
            text += f", {ew} {points(s.score_ew)}"
    if s.weighted and not s.result:
        text += " [" + "; ".join(f"{w.percent:g}% {w.result} ({points(w.score_ns)})" for w in s.weighted) + "]"
    return f"{text} ({s.law})" if s.law else text


def status_text(lang: str, case: Case) -> str:
    """The case's status in ``lang``: awaiting decision, decided, reviewed (upheld / varied / cancelled),
    imported, not verified, withdrawn."""
    return gettext(lang, "status_" + case.status.replace(",", "").replace(": ", "_").replace(" ", "_"))


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The advisor's suggested score as the stored ruling gives it.

    Attributes:
        result: e.g. ``"4H W -1"``; a weighted proposal's parts, ``"50% 4H S =, 50% 4H S -1"``
            (``""`` for an artificial score).
        score_ns: North-South's points (a weighted proposal's weighted sum, to 0.01 of a point),
            ``None`` for an artificial score.
        law: e.g. ``"64A2"``, ``"12C1(b)"``, ``"12C2(a)"``.
        artificial: by side, e.g. ``{"NS": "40%", "EW": "40%"}``, when no result can be assigned.
        weighted: a weighted score's results with their proposed weights (12C1(c)):
            :func:`app.api.case_decisions.proposed_weighting`.
        score_ew: East-West's own points, their view, when the proposal is split (12C1(e)'s two
            scores of an alternatives case, :func:`app.api.case_decisions.proposed_split`).
        kept_by: ``"NS"`` or ``"EW"`` when one side keeps the table result and the other gets the
            weighted score (12C1(b), 12C1(e): :func:`app.api.case_decisions.proposed_kept`):
            ``weighted`` are then the other side's parts; ``kept_table`` the table result.
    """

    result: str
    score_ns: float | None
    law: str
    artificial: Mapping[str, str] | None = None
    weighted: tuple[WeightedPart, ...] = ()
    score_ew: float | None = None
    kept_by: str | None = None
    kept_table: str = ""


def suggestion(case: Case) -> Suggestion:
    """The suggested score of ``case``'s stored ruling: a weighted proposal (12C1(c)) when the
    ruling proposes one (:func:`app.api.case_decisions.proposed_weighting`: Laws 13/14 with two or
    more plausible results, even weights), its parts as the result and its weighted sum as the
    points; else (revoke: its ``suggested``; Laws 13/14: the table result when it stands at the
    director's option (13C), the assigned score, the result after the revoke laws, else the
    artificial score; the law is the ruling's ``score_law``)."""
    parts = proposed_weighting(case)
    if parts:
        total = round(sum(p.score_ns * p.percent for p in parts) / 100, 2)
        return Suggestion(weighting_text(parts), total, "12C1(c)", weighted=parts)
    r = case.data.ruling
    if case.data.kind is CaseKind.ALTERNATIVES:  # 12C1(e): two scores (split) or one (they balance)
        p = r.get("proposal") or {}
        kept = proposed_kept(case)
        if kept is not None:  # one side keeps the table result, the other weighted (12C1(b), 12C1(e))
            ns_points, ew_points = p.get("score_ns"), p.get("score_ew")
            return Suggestion(str(p.get("result") or ""), float(ns_points) if isinstance(ns_points, int | float)
                              else None, str(p.get("law") or "12C1(b)"), weighted=kept.parts,
                              score_ew=float(ew_points) if isinstance(ew_points, int | float) else None,
                              kept_by=kept.kept_by, kept_table=str(p.get("table_result") or ""))
        ew = p.get("score_ew") if p.get("form") == "split" else None
        return Suggestion(str(p.get("result") or ""), case.data.suggested_ns, str(p.get("law") or "12C1(e)"),
                          score_ew=float(ew) if isinstance(ew, int | float) else None)
    if case.data.kind is CaseKind.REVOKE:
        s = r.get("suggested") or {}
        return Suggestion(str(s.get("result", "")), case.data.suggested_ns, str(s.get("law", "")))
    if case.data.kind is CaseKind.CLAIM:  # the law of the decision: the last step before the score (77)
        laws = [str(st.get("law", "")) for st in r.get("steps", []) if st.get("law") != "77"]
        return Suggestion(str(r.get("result") or ""), case.data.suggested_ns, laws[-1] if laws else "70A")
    law = str(r.get("score_law") or "")
    if r.get("adjusted_score_optional"):
        return Suggestion(_table_result(r), case.data.suggested_ns, law)
    if r.get("assigned"):
        return Suggestion(str(r["assigned"].get("result", "")), case.data.suggested_ns, law)
    if r.get("ruled_result"):
        return Suggestion(str(r["ruled_result"].get("result", "")), case.data.suggested_ns, law)
    art = r.get("artificial") or {}
    if art:
        return Suggestion("", None, law, {side: f"{a.get('percent')}%" for side, a in art.items()})
    return Suggestion("", case.data.suggested_ns, law)


_RESULT_LABELS = {"none": "table_result", "table_result": "table_result", "claim": "result_with_claim",
                  "double_dummy": "result_valued_dd", "projection": "result_projected"}


def result_label(how: str) -> str:
    """The page key naming the result before any adjustment, by how the tricks not in the play
    record were counted (``ClaimOut.counted``): "Table result" only when the table gave it (all 13
    tricks played, or the table result); a claim's figure, a figure valued double dummy (assumed)
    and a projection while play goes on are labelled as what they are."""
    return _RESULT_LABELS.get(how, "table_result")


def stored_counted(ruling: Mapping[str, Any]) -> str:
    """``claim.counted`` of a stored revoke ruling; for a ruling stored before that field, read
    from ``claim.assumed``, ``claim.played_out`` and ``claim.tricks_not_played``."""
    claim = ruling.get("claim") or {}
    if not isinstance(claim, Mapping):
        return "none"
    if isinstance(claim.get("counted"), str):
        return str(claim["counted"])
    if not claim.get("tricks_not_played"):
        return "none"
    if claim.get("played_out"):
        return "table_result"
    return "double_dummy" if claim.get("assumed") else "claim"


def _table_result(ruling: Mapping[str, Any]) -> str:
    steps = [s for s in ruling.get("steps", []) if s.get("law") == "77"]
    return str(steps[0]["text"]) if steps else ""
