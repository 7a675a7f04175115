"""The case file's rules (pure): what may be appended to a case's history, checked against the
case as stored before the store appends it (:class:`engine.casefile.cases.CaseRepository`).

The director's decision (:func:`check_decision`, Law 12C, Law 77) and its score
(:func:`check_score`: points North-South, a weighted score 12C1(c) or an artificial one 12C2), the
appeals committee's review (:func:`check_review`, Law 93B), an amendment of the facts
(:func:`check_amendment`, :func:`amend_details`) and a withdrawal (:func:`check_withdrawal`); the
times of an imported history (:func:`check_imported_times`) and an event's time zone
(:func:`check_time_zone`). Each raises :class:`~engine.casefile.cases.CaseRuleError` (HTTP 422) or
:class:`~engine.casefile.cases.CaseConflictError` (HTTP 409).
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import zoneinfo
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.casefile.cases import (
    MAX_SCORE,
    Case,
    CaseConflictError,
    CaseDetails,
    CaseRuleError,
    Decision,
    EnteredScore,
    HistoryEntry,
    Json,
    Pair,
    Review,
    ReviewOutcome,
    WeightedPart,
)

AMENDABLE = {"round": 20, "table": 20, "ns_number": 20, "ns_names": 200, "ew_number": 20, "ew_names": 200,
             "director": 120}
"""The facts of a case a director may amend (:func:`check_amendment`), with their longest length
in characters; the event, the board and the ruling are never amended (a wrong board is a new
case, the mistaken one withdrawn)."""

REQUIRED_FACTS = frozenset({"ns_number", "ew_number", "director"})
"""Amendable facts that may not be blank."""


def _fact(d: CaseDetails, name: str) -> str:
    return {"round": d.round, "table": d.table, "ns_number": d.ns.number, "ns_names": d.ns.names,
            "ew_number": d.ew.number, "ew_names": d.ew.names, "director": d.director}[name]


def amend_details(d: CaseDetails, facts: Mapping[str, Json]) -> CaseDetails:
    """``d`` with the facts of an ``amended`` entry's ``facts`` (``{name: {"old": .., "new": ..}}``)
    applied; names not in :data:`AMENDABLE` are ignored."""
    new = {k: str(v.get("new", "")) for k, v in facts.items() if k in AMENDABLE and isinstance(v, Mapping)}
    value = {name: new.get(name, _fact(d, name)) for name in AMENDABLE}
    return CaseDetails(event_id=d.event_id, board=d.board, round=value["round"], table=value["table"],
                       ns=Pair(value["ns_number"], value["ns_names"]), ew=Pair(value["ew_number"], value["ew_names"]),
                       director=value["director"])


def check_amendment(case: Case, facts: Mapping[str, str], reason: str) -> dict[str, Json]:
    """The change of an ``amended`` entry: the director corrects the case's facts (round, table,
    pairs, names, director: :data:`AMENDABLE`) with a reason; nothing is written over, the entry
    says ``{"reason": .., "facts": {name: {"old": .., "new": ..}}}`` for each fact that changes.

    Raises:
        CaseRuleError: path ``reason`` (none given), the fact's name (too long, or a required
            fact left blank), or ``facts`` (nothing changes).
        CaseConflictError: the case was withdrawn.
    """
    if case.withdrawn is not None:
        raise CaseConflictError(f"case {case.id} was withdrawn: its facts can no longer be amended",
                                key="case_amend_withdrawn", params={"case": case.id})
    changed: dict[str, Json] = {}
    for name, value in facts.items():
        if name not in AMENDABLE:
            raise CaseRuleError(f"{name!r} is not a fact of the case that can be amended", path=name,
                                key="case_not_amendable", params={"name": name})
        new = value.strip()
        if len(new) > AMENDABLE[name]:
            raise CaseRuleError(f"at most {AMENDABLE[name]} characters", path=name, key="case_fact_too_long",
                                params={"n": AMENDABLE[name]})
        if not new and name in REQUIRED_FACTS:
            raise CaseRuleError("this cannot be left blank", path=name, key="case_fact_blank")
        old = _fact(case.details, name)
        if new != old:
            changed[name] = {"old": old, "new": new}
    if not reason.strip():
        raise CaseRuleError("give the reason for the amendment", path="reason", key="case_amend_reason")
    if not changed:
        raise CaseRuleError("nothing is changed: the facts are as the case already has them", path="facts",
                            key="case_amend_nothing")
    return {"reason": reason.strip(), "facts": changed}


def check_withdrawal(case: Case, reason: str) -> dict[str, Json]:
    """The change of a ``withdrawn`` entry: a case saved by mistake is withdrawn with a reason; it
    stays in the store, in its history and in the ruling log (status ``withdrawn``).

    Raises:
        CaseRuleError: path ``reason``: none given.
        CaseConflictError: the case is already withdrawn.
    """
    if case.withdrawn is not None:
        raise CaseConflictError(f"case {case.id} is already withdrawn", key="case_already_withdrawn",
                                params={"case": case.id})
    if not reason.strip():
        raise CaseRuleError("give the reason for withdrawing the case", path="reason", key="case_withdraw_reason")
    return {"reason": reason.strip()}


def check_score(score: EnteredScore, path: str = "") -> EnteredScore:
    """``score`` if it is a score a director could enter, rounded to 0.01 of a point.

    A score has either ``score_ns`` or ``artificial`` (not both, not neither). Weighted parts
    have weights over 0 summing to 100 % and their weighted sum is ``score_ns`` (to 0.5 of a point).

    Raises:
        CaseRuleError: ``path`` + the field (``score_ns``, ``weighted``, ``artificial``...) and why.
    """
    at = (path + "/") if path else ""
    numbers = [("score_ns", score.score_ns), ("score_ew", score.score_ew),
               *((f"weighted/{i}/score_ns", w.score_ns) for i, w in enumerate(score.weighted)),
               *((f"weighted/{i}/percent", w.percent) for i, w in enumerate(score.weighted))]
    for name, value in numbers:
        if value is not None and (not math.isfinite(value) or abs(value) > MAX_SCORE):
            raise CaseRuleError(f"{value!r} is not a bridge score (at most {MAX_SCORE} points either way)",
                                path=at + name, key="case_not_a_score", params={"value": f"{value:g}",
                                                                                "most": MAX_SCORE})
    if score.score_ns is None and not score.artificial:
        raise CaseRuleError("give the score entered (score_ns, North-South's points) or an artificial adjusted "
                            "score (artificial, 12C2)", path=at + "score_ns", key="case_score_missing")
    if score.score_ns is not None and score.artificial:
        raise CaseRuleError("a score is either in points (score_ns) or artificial (12C2), not both",
                            path=at + "artificial", key="case_score_both")
    if score.kept_by is not None:
        _check_kept(score, at)
    elif score.weighted:
        if score.score_ns is None:
            raise CaseRuleError("a weighted score (12C1(c)) needs score_ns, the weighted sum", path=at + "score_ns",
                                key="case_weighted_no_sum")
        bad = next((i for i, w in enumerate(score.weighted) if not 0 < w.percent <= 100), None)
        if bad is not None:
            raise CaseRuleError("a weight is a percentage over 0 and at most 100", path=f"{at}weighted/{bad}/percent",
                                key="case_weight_range", params={"weight": f"{score.weighted[bad].percent:g}%",
                                                                 "result": score.weighted[bad].result})
        total = sum(w.percent for w in score.weighted)
        if abs(total - 100) > 0.01:
            raise CaseRuleError(f"the weights add up to {total:g}%, not 100%", path=at + "weighted",
                                key="case_weights_total", params={"total": f"{total:g}%"})
        weighted_sum = sum(w.score_ns * w.percent for w in score.weighted) / 100
        if abs(weighted_sum - score.score_ns) > 0.5:
            raise CaseRuleError(f"the weighted results give {weighted_sum:+.2f}, not {score.score_ns:+g}: "
                                "score_ns is the weighted sum (12C1(c))", path=at + "score_ns",
                                key="case_weighted_sum", params={"sum": f"{weighted_sum:+.2f}",
                                                                 "entered": f"{score.score_ns:+g}"})
    ns = round(score.score_ns, 2) if score.score_ns is not None else None
    ew = round(score.score_ew, 2) if score.score_ew is not None else None
    if ew is not None and ns is not None and ew == -ns and score.kept_by is None:
        ew = None  # a balancing score is not split
    return EnteredScore(ns, score.result.strip(), score.law.strip(), ew, score.weighted, score.artificial,
                        score.kept_by)


def _check_weights(parts: Sequence[WeightedPart], at: str) -> float:
    """The weighted sum of ``parts`` (North-South's points), their weights checked (each over 0 and
    at most 100 %, summing to 100 %)."""
    bad = next((i for i, w in enumerate(parts) if not 0 < w.percent <= 100), None)
    if bad is not None:
        raise CaseRuleError("a weight is a percentage over 0 and at most 100", path=f"{at}weighted/{bad}/percent",
                            key="case_weight_range", params={"weight": f"{parts[bad].percent:g}%",
                                                             "result": parts[bad].result})
    total = sum(w.percent for w in parts)
    if abs(total - 100) > 0.01:
        raise CaseRuleError(f"the weights add up to {total:g}%, not 100%", path=at + "weighted",
                            key="case_weights_total", params={"total": f"{total:g}%"})
    return sum(w.score_ns * w.percent for w in parts) / 100


def _check_kept(score: EnteredScore, at: str) -> None:
    """A split in which ``score.kept_by`` keeps the table result (12C1(b), 12C1(e)): both sides'
    figures given, the other side's weighted parts given, and that side's figure their weighted
    sum (North-South: ``score_ns``; East-West: ``score_ew``, their own view, the negated sum)."""
    if score.kept_by not in ("NS", "EW"):
        raise CaseRuleError(f"{score.kept_by!r} is not a side: NS or EW", path=at + "table_result_kept_by",
                            key="case_kept_side", params={"side": str(score.kept_by)})
    if score.artificial:
        raise CaseRuleError("a side that keeps the table result is scored in points, not an artificial score",
                            path=at + "artificial", key="case_score_both")
    if score.score_ns is None or score.score_ew is None or not score.weighted:
        raise CaseRuleError("one side keeps the table result: give score_ns and score_ew (each side's own "
                            "points) and the other side's weighted results (weighted)", path=at + "weighted",
                            key="case_kept_incomplete")
    weighted_sum = _check_weights(score.weighted, at)
    entered, name = (score.score_ns, "score_ns") if score.kept_by == "EW" else (-score.score_ew, "score_ew")
    if abs(weighted_sum - entered) > 0.5:
        shown = weighted_sum if name == "score_ns" else -weighted_sum
        given = score.score_ns if name == "score_ns" else score.score_ew
        raise CaseRuleError(f"the weighted results give {shown:+.2f}, not {given:+g}: {name} is the weighted sum "
                            "for the side that does not keep the table result (12C1(c))", path=at + name,
                            key="case_weighted_sum", params={"sum": f"{shown:+.2f}", "entered": f"{given:+g}"})


def weighting_text(parts: Sequence[WeightedPart]) -> str:
    """A weighted score's parts as a director writes them: ``"50% 4H S =, 50% 4H S -1"``."""
    return ", ".join(f"{p.percent:g}% {p.result}" for p in parts)


def score_words(score: EnteredScore) -> str:
    """A score entered, language-neutral (numbers, results, percentages), for an error naming what
    was entered: ``"+50"``, ``"70% 4H W -1, 30% 4H W = (-91)"``, ``"60%/40%"`` (artificial,
    North-South's first), ``"+420/-620"`` (split)."""
    if score.artificial:
        return "/".join(score.artificial.get(k, "-") for k in ("NS", "EW"))
    if score.kept_by is not None and score.score_ns is not None and score.score_ew is not None:
        if score.kept_by == "NS":
            return f"NS {score.score_ns:+g} / EW: {weighting_text(score.weighted)} ({score.score_ew:+g})"
        return f"NS: {weighting_text(score.weighted)} ({score.score_ns:+g}) / EW {score.score_ew:+g}"
    points = f"{score.score_ns:+g}" if score.score_ns is not None else "-"
    if score.score_ew is not None:
        points += f"/{score.score_ew:+g}"
    return f"{weighting_text(score.weighted)} ({points})" if score.weighted else points


def same_weighting(score: EnteredScore, proposal: Sequence[WeightedPart]) -> bool:
    """Whether ``score`` is the weighted ``proposal`` exactly: the same results' points with the
    same weights (to 0.01 %), in any order, not split."""
    def parts(ws: Sequence[WeightedPart]) -> list[tuple[int, float]]:
        return sorted((w.score_ns, round(w.percent, 2)) for w in ws)

    return bool(proposal) and score.score_ew is None and not score.artificial and score.kept_by is None \
        and parts(score.weighted) == parts(proposal)


def same_split(score: EnteredScore, split: tuple[float, float] | None) -> bool:
    """Whether ``score`` is the split ``split`` exactly: North-South's points (their view) and
    East-West's own points (their view), each to 0.005 of a point, not weighted or artificial
    (12C1(e)'s two scores as the ruling proposes them)."""
    return split is not None and score.score_ns is not None and score.score_ew is not None \
        and not score.weighted and not score.artificial and score.kept_by is None \
        and abs(score.score_ns - split[0]) <= 0.005 and abs(score.score_ew - split[1]) <= 0.005


def same_kept(score: EnteredScore, kept: KeptProposal | None) -> bool:
    """Whether ``score`` is the split ``kept`` proposes exactly: the same side keeps the table
    result, on the same points (to 0.005), and the other side's parts are the same results' points
    with the same weights (to 0.01 %), in any order (12C1(b), 12C1(e))."""
    if kept is None or score.kept_by != kept.kept_by or score.artificial:
        return False
    table = score.score_ns if kept.kept_by == "NS" else score.score_ew
    own_table = kept.table_ns if kept.kept_by == "NS" else -kept.table_ns
    return table is not None and abs(table - own_table) <= 0.005 \
        and sorted((w.score_ns, round(w.percent, 2)) for w in score.weighted) == \
        sorted((w.score_ns, round(w.percent, 2)) for w in kept.parts)


@dataclass(frozen=True, slots=True)
class KeptProposal:
    """A split a ruling proposes in which one side keeps the table result (12C1(b), 12C1(e)).

    Attributes:
        kept_by: ``"NS"`` or ``"EW"``, the side that keeps the table result.
        table_ns: the table result's Law 77 points, North-South's view.
        parts: the other side's weighted results (North-South's points; one part at 100 % where
            12C1(e) gives that side a single result).
    """

    kept_by: str
    table_ns: int
    parts: tuple[WeightedPart, ...]

    def words(self) -> str:
        """Language-neutral, as :func:`score_words` says an entered score: ``"NS +100 / EW: 50% 3D E +1,
        50% 3S W = (+135)"``, each side's figure in its own view."""
        weighted = sum(w.score_ns * w.percent for w in self.parts) / 100
        if self.kept_by == "NS":
            return f"NS {self.table_ns:+d} / EW: {weighting_text(self.parts)} ({-weighted:+g})"
        return f"NS: {weighting_text(self.parts)} ({weighted:+g}) / EW {-self.table_ns:+d}"


def check_decision(case: Case, score: EnteredScore, reason: str,
                   proposal: Sequence[WeightedPart] = (), split: tuple[float, float] | None = None,
                   kept: KeptProposal | None = None) -> Decision:
    """The director's decision on ``case``, if the case file's rules allow it.

    It differs from the advisor's proposal when its points are not the ruling's suggested score
    (or the suggestion was artificial and the decision is not, or the score is split) and it is
    not the weighted ``proposal`` exactly (the results and weights the ruling proposes to enter,
    12C1(c), :func:`same_weighting`), nor the ``split`` the ruling proposes (12C1(e)'s two scores:
    North-South's points and East-West's own, each their side's view, :func:`same_split`): then a
    reason is required. Confirming the proposal as it stands needs none.

    Raises:
        CaseRuleError: path ``reason`` (missing though the score differs: key
            ``case_decision_reason``, params ``entered`` and ``proposal``, :func:`score_words`;
            ``case_decision_reason_artificial`` when the proposal was an artificial score) or a
            score field.
        CaseConflictError: the committee has already reviewed the case (its decision stands), or
            the case was withdrawn.
    """
    _not_withdrawn(case)
    if case.reviews:
        outcome = case.reviews[-1].outcome.value
        raise CaseConflictError(f"case {case.id} has been reviewed by the appeals committee "
                                f"({outcome}): the director's decision can no longer change",
                                key=f"case_reviewed_{outcome}", params={"case": case.id})
    score = check_score(score)
    suggested = case.data.suggested_ns
    if suggested is None:
        differs = score.score_ns is not None
    else:
        differs = score.score_ns is None or abs(score.score_ns - suggested) > 0.005 or score.score_ew is not None
    if score.kept_by is not None:
        differs = True
    if differs and (same_weighting(score, proposal) or same_split(score, split) or same_kept(score, kept)):
        differs = False
    if differs and not reason.strip():
        entered = score_words(score)
        if kept is not None:
            shown = kept.words()
        elif split is not None:
            shown = f"{split[0]:+g}/{split[1]:+g}"
        elif proposal:
            shown = f"{weighting_text(proposal)} ({sum(w.score_ns * w.percent for w in proposal) / 100:+g})"
        elif suggested is not None:
            shown = f"{suggested:+d}"
        else:
            raise CaseRuleError(f"the score entered ({entered}) differs from the advisor's proposal, an artificial "
                                "adjusted score: give the reason", path="reason",
                                key="case_decision_reason_artificial", params={"entered": entered})
        raise CaseRuleError(f"the score entered ({entered}) differs from the advisor's proposal ({shown}): "
                            "give the reason", path="reason", key="case_decision_reason",
                            params={"entered": entered, "proposal": shown})
    return Decision(score, reason.strip(), differs)


def _not_withdrawn(case: Case) -> None:
    if case.withdrawn is not None:
        raise CaseConflictError(f"case {case.id} was withdrawn: nothing more is recorded on it",
                                key="case_withdrawn_closed", params={"case": case.id})


def check_review(case: Case, review: Review, *, uses_deposits: bool = False) -> Review:
    """A committee review of ``case``, if the case file's rules allow it. The deposit is asked
    only when the event takes deposits (``uses_deposits``, :attr:`~engine.casefile.cases.EventSettings.uses_deposits`);
    otherwise it may be left out (``None``).

    Raises:
        CaseRuleError: no members, no reasons, a varied ruling without its score (path
            ``score_ns``), a score given with uphold or cancel, or no deposit though the event
            takes deposits (path ``deposit``).
        CaseConflictError: the director has not yet recorded a decision (nothing to review), or
            the case was withdrawn.
    """
    _not_withdrawn(case)
    if case.decision is None:
        raise CaseConflictError(f"case {case.id} has no decision of the director yet: there is nothing to review",
                                key="case_no_decision", params={"case": case.id})
    members = tuple(m.strip() for m in review.members if m.strip())
    if not members:
        raise CaseRuleError("name the committee's members", path="members")
    if not review.reasons.strip():
        raise CaseRuleError("give the committee's reasons", path="reasons")
    score = review.score
    if review.outcome is ReviewOutcome.VARY:
        if score is None:
            raise CaseRuleError("a varied ruling needs the committee's score (score_ns)", path="score_ns")
        score = check_score(score)
    elif score is not None:
        raise CaseRuleError(f"a score goes with 'vary' only: to {review.outcome.value} the ruling, give none",
                            path="score_ns")
    if uses_deposits and review.deposit is None:
        raise CaseRuleError("the event takes appeal deposits: say whether the deposit is returned or kept",
                            path="deposit", key="case_deposit_needed")
    return Review(review.outcome, members, review.reasons.strip(), review.deposit, score)

IMPORT_CLOCK_SLACK = dt.timedelta(minutes=5)
"""How far after the import an imported entry's time may be (the exporting server's clock may run
a little ahead of this one's); anything later is refused."""


def check_imported_times(entries: Sequence[HistoryEntry], now: dt.datetime) -> None:
    """Refuse an imported history whose first-recorded times (:attr:`HistoryEntry.recorded`, oldest
    first as numbered) go backwards, or lie after ``now`` (the import, UTC) by more than
    :data:`IMPORT_CLOCK_SLACK`: a history is recorded in the order it happened.

    Raises:
        CaseRuleError: path ``history/<i>/at``, naming the entry and the times.
    """
    previous: dt.datetime | None = None
    for i, e in enumerate(entries):
        at = e.recorded.at
        if previous is not None and at < previous:
            raise CaseRuleError(f"history entry {e.seq} is dated {at.isoformat()}, before the entry above it "
                                f"({previous.isoformat()}): a history does not go back in time", path=f"history/{i}/at")
        if at > now + IMPORT_CLOCK_SLACK:
            raise CaseRuleError(f"history entry {e.seq} is dated {at.isoformat()}, after this import "
                                f"({now.isoformat(timespec='seconds')})", path=f"history/{i}/at")
        previous = at


@functools.cache
def _zone_names() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def check_time_zone(name: str) -> str:
    """``name`` stripped, if it is ``""`` or an IANA time zone the system knows (``zoneinfo``),
    e.g. ``"Europe/Warsaw"``, ``"UTC"``.

    Raises:
        CaseRuleError: path ``time_zone``: not a time zone name.
    """
    name = name.strip()
    if not name:
        return ""
    try:
        if name not in _zone_names():  # "Europe" (a folder of the database) is no zone
            raise zoneinfo.ZoneInfoNotFoundError(name)
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        raise CaseRuleError(f"{name!r} is not a time zone name (an IANA name such as Europe/Warsaw)",
                            path="time_zone", key="time_zone_unknown", params={"zone": name}) from None
    return name
