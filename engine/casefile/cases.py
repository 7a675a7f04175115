"""The case file: a ruling kept with its evidence, the director's decision and the appeals
committee's review, every change an entry of an append-only history.

A case (:class:`Case`) belongs to an event and holds what the director found at the table
(board, round, table, the pairs, the director), the ruling request as given and the engine's
ruling as returned (JSON, with the engine version and the Laws edition it was made under).
Nothing in it is ever written over: the director's decision (Law 12C, Law 77) and the
committee's reviews (Law 93B) are entries of the case's history (:class:`HistoryEntry`), and
the case's present state is the fold of that history (:func:`fold`). The rules of what may be
appended (:func:`check_decision`, :func:`check_review`) are pure functions here; the store
(:class:`CaseRepository`, the port) appends an entry only after the rule has passed, in the same
transaction that read the case.

Scores are Law 77 points from North-South's view unless said otherwise; a weighted score
(12C1(c)) may be fractional and is kept to 0.01 of a point.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
import zoneinfo
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine.casefile.events import NotStoredError
from engine.errors import AdvisorError, InvalidBoardError

Json = Any
"""A JSON value as ``json.loads`` returns it (dicts, lists, strings, numbers, booleans, None)."""

MAX_SCORE = 10_000
"""No bridge score reaches this many points (7NTXX vulnerable with overtricks is under 3,000)."""


class Role(StrEnum):
    """Who may do what (issue 14): a director creates cases and records decisions, an appeals
    committee adds reviews, a viewer reads."""

    DIRECTOR = "director"
    COMMITTEE = "committee"
    VIEWER = "viewer"


class CaseKind(StrEnum):
    """Which ruling the case holds: a revoke (Laws 61-64), an incorrect number of cards (13, 14) or
    a claim or concession (68-71)."""

    REVOKE = "revoke"
    INCORRECT_CARDS = "incorrect_cards"
    CLAIM = "claim"


class ReviewOutcome(StrEnum):
    """The appeals committee's decision on the director's ruling (Law 93B)."""

    UPHOLD = "uphold"
    VARY = "vary"
    CANCEL = "cancel"


class Deposit(StrEnum):
    """What happens to the appeal deposit."""

    RETURNED = "returned"
    KEPT = "kept"


class Action(StrEnum):
    """The kinds of history entry."""

    CREATED = "created"
    DECISION = "decision"
    REVIEW = "review"
    RERUN = "rerun"
    IMPORTED = "imported"
    AMENDED = "amended"
    WITHDRAWN = "withdrawn"


class CaseRuleError(InvalidBoardError):
    """A decision or review that the case file's rules refuse (HTTP 422): ``path`` names the field."""


class CaseConflictError(AdvisorError):
    """A change that the case's present state does not allow (HTTP 409), e.g. a review before
    the director's decision, or a decision after the committee has reviewed it, or a second case
    for a table that has one.

    Attributes:
        message: the English text. key, params: the message's name in the language catalogues
            (``error.<key>``, as :class:`~engine.errors.InvalidBoardError`'s) and its values.
        cases: the ids of the existing cases the conflict is with (a duplicate), else empty.
    """

    def __init__(self, message: str, *, key: str = "", params: Mapping[str, object] | None = None,
                 cases: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.key = key
        self.params: Mapping[str, object] = dict(params or {})
        self.cases = cases


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair (or team) at the table.

    Attributes:
        number: the pair's or team's number as the event gives it, e.g. ``"7"`` (1-20 characters).
        names: the players' or team's names, optional.
    """

    number: str
    names: str = ""


@dataclass(frozen=True, slots=True)
class CaseDetails:
    """Where and when the irregularity happened, and who ruled.

    Attributes:
        event_id: the event the case belongs to.
        board: the board number, e.g. ``"21"``.
        round: the round (may be empty).
        table: the table (may be empty).
        ns: the North-South pair or team.
        ew: the East-West pair or team.
        director: the director who ruled (name as he signs).
    """

    event_id: int
    board: str
    round: str
    table: str
    ns: Pair
    ew: Pair
    director: str


@dataclass(frozen=True, slots=True)
class WeightedPart:
    """One result of a weighted adjusted score (12C1(c)).

    Attributes:
        result: e.g. ``"4H W -1"``.
        score_ns: its Law 77 points, North-South's view.
        percent: its weight in percent (0 < percent <= 100).
    """

    result: str
    score_ns: int
    percent: float


@dataclass(frozen=True, slots=True)
class EnteredScore:
    """A score as the director or the committee enters it.

    Attributes:
        score_ns: North-South's points (Law 77; a weighted score may be fractional, to 0.01);
            ``None`` for an artificial adjusted score (12C2).
        result: what is entered, e.g. ``"4H W -1"`` or ``"60% / 40%"``.
        law: the law of the score, e.g. ``"64A2"``, ``"12C1(c)"``.
        score_ew: East-West's own points, their view, when the score is split (12C1(b): the
            sides' scores need not balance); ``None`` when it is ``-score_ns``.
        weighted: the results of a weighted score with their weights (percent, summing to 100).
        artificial: an artificial adjusted score by side, e.g. ``{"NS": "60%", "EW": "40%"}``.
    """

    score_ns: float | None
    result: str
    law: str
    score_ew: float | None = None
    weighted: tuple[WeightedPart, ...] = ()
    artificial: Mapping[str, str] | None = None

    def to_json(self) -> dict[str, Json]:
        """The score as a JSON object (the API's field names)."""
        return {"score_ns": self.score_ns, "result": self.result, "law": self.law, "score_ew": self.score_ew,
                "weighted": [{"result": w.result, "score_ns": w.score_ns, "percent": w.percent}
                             for w in self.weighted],
                "artificial": dict(self.artificial) if self.artificial is not None else None}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> EnteredScore:
        """The inverse of :meth:`to_json` (for entries the store already checked)."""
        return cls(score_ns=data.get("score_ns"), result=data.get("result", ""), law=data.get("law", ""),
                   score_ew=data.get("score_ew"),
                   weighted=tuple(WeightedPart(w["result"], w["score_ns"], w["percent"])
                                  for w in data.get("weighted") or ()),
                   artificial=data.get("artificial"))


@dataclass(frozen=True, slots=True)
class Decision:
    """The director's decision: the score actually entered.

    Attributes:
        score: what was entered.
        reason: why it differs from the advisor's suggestion ("" when it does not).
        differs: it differs from the suggestion (then ``reason`` is not empty).
    """

    score: EnteredScore
    reason: str
    differs: bool

    def to_json(self) -> dict[str, Json]:
        """The decision as the history entry's ``change``."""
        return {**self.score.to_json(), "reason": self.reason, "differs_from_suggestion": self.differs}


@dataclass(frozen=True, slots=True)
class Review:
    """An appeals committee's review of the director's ruling (Law 93B).

    Attributes:
        outcome: uphold, vary (``score`` is the committee's) or cancel (the table result stands).
        members: the committee's members, chairman first.
        reasons: the committee's reasons, as it writes them.
        deposit: the appeal deposit returned or kept; ``None`` when there was none (many events
            take no deposit: :attr:`EventSettings.uses_deposits`).
        score: the committee's score when it varies the ruling, else ``None``.
    """

    outcome: ReviewOutcome
    members: tuple[str, ...]
    reasons: str
    deposit: Deposit | None
    score: EnteredScore | None = None

    def to_json(self) -> dict[str, Json]:
        """The review as the history entry's ``change``."""
        return {"outcome": self.outcome.value, "members": list(self.members), "reasons": self.reasons,
                "deposit": self.deposit.value if self.deposit is not None else None,
                "score": self.score.to_json() if self.score else None}


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change: the holder of the token that authorised it.

    Attributes:
        name: the token holder's name; ``"open mode"`` when the service runs without tokens.
        role: the holder's role; ``None`` in open mode.
    """

    name: str
    role: Role | None


OPEN_MODE = Actor("open mode (no tokens configured)", None)
"""The actor of a change made while the service runs open (on 127.0.0.1 without tokens)."""


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an imported history entry says it was first recorded (issue 23): data brought by an
    export, never a change made here. The service cannot vouch for it: the export may have been
    edited; what it can check, it has (the case file's rules, times in order, the ruling).

    Attributes:
        actor: who the export says made the change (e.g. ``"Appeals committee"``).
        role: that holder's role, as the export says (``None``: open mode or not said).
        at: when the export says it was committed (UTC).
    """

    actor: str
    role: str | None
    at: dt.datetime


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One change of a case; entries are only ever appended.

    Attributes:
        seq: 1, 2, ... within the case (1 is ``created``).
        at: when it was committed here (UTC); for an imported entry, when it was imported.
        actor: who made it here (the token holder's name); for an imported entry, the importer.
        role: the holder's role then (``None`` in open mode).
        action: what kind of change.
        change: what changed, as JSON (a decision, a review, a rerun's differences...).
        origin: for an entry brought by an import, who and when the export says it was first
            recorded (:class:`Origin`); ``None`` for a change made in this service.
    """

    seq: int
    at: dt.datetime
    actor: str
    role: str | None
    action: Action
    change: Mapping[str, Json]
    origin: Origin | None = None

    @property
    def imported(self) -> bool:
        """Whether the entry came from an import (its :attr:`origin` is the export's word)."""
        return self.origin is not None

    @property
    def recorded(self) -> Origin:
        """Who made the change and when, as first recorded: the :attr:`origin` of an imported
        entry, else this entry's own actor, role and time."""
        return self.origin if self.origin is not None else Origin(self.actor, self.role, self.at)


@dataclass(frozen=True, slots=True)
class NewCase:
    """A case as it is first stored.

    Attributes:
        details: board, round, table, pairs, director, event.
        kind: revoke or incorrect cards.
        request: the ruling request as given (the API's JSON body without the case fields).
        ruling: the engine's ruling as returned (the API's JSON response).
        engine_version: the engine that ruled, e.g. ``"0.1.0"``.
        laws_edition: the Laws edition the ruling applied, e.g. ``"2017"``.
        suggested_ns: the score the advisor suggested, Law 77 points NS (``None``: artificial).
        table_ns: the table result's points NS, when there is one.
    """

    details: CaseDetails
    kind: CaseKind
    request: Mapping[str, Json]
    ruling: Mapping[str, Json]
    engine_version: str
    laws_edition: str
    suggested_ns: int | None
    table_ns: int | None


@dataclass(frozen=True, slots=True)
class Case:
    """A stored case: what it was created with, its history, and the state that history gives.

    Attributes:
        id: the store's number for it.
        created: when it was stored (UTC).
        created_by: who stored it.
        data: what it was created with (never changes).
        history: every change, oldest first (``created`` first).
        decision: the director's latest decision, or ``None``.
        reviews: the committee's reviews, oldest first.
        amended: the facts as the latest ``amended`` entry left them (``None``: as created).
        withdrawn: the reason of the ``withdrawn`` entry, once the case was withdrawn as a
            mistake (it stays in the store, its history and the ruling log), else ``None``.
    """

    id: int
    created: dt.datetime
    created_by: str
    data: NewCase
    history: tuple[HistoryEntry, ...] = ()
    decision: Decision | None = None
    reviews: tuple[Review, ...] = ()
    amended: CaseDetails | None = None
    withdrawn: str | None = None

    @property
    def details(self) -> CaseDetails:
        """Board, round, table, pairs, director, event: as amended (the latest ``amended``
        entry), else as created (:attr:`data`)."""
        return self.amended if self.amended is not None else self.data.details

    @property
    def status(self) -> str:
        """``"awaiting decision"``, ``"decided"``, ``"reviewed: <outcome>"`` (the latest review),
        or ``"withdrawn"`` (a case withdrawn as a mistake, whatever it held)."""
        if self.withdrawn is not None:
            return "withdrawn"
        if self.reviews:
            return f"reviewed: {self.reviews[-1].outcome.value}"
        return "decided" if self.decision is not None else "awaiting decision"

    def final_score(self) -> EnteredScore | None:
        """The score that stands: the latest review's (vary: the committee's; uphold: the
        director's; cancel: the table result, 93B), else the director's decision; ``None`` while
        no decision is recorded (or a cancel with no table result)."""
        if self.reviews:
            last = self.reviews[-1]
            if last.outcome is ReviewOutcome.VARY:
                return last.score
            if last.outcome is ReviewOutcome.CANCEL:
                table = self.data.table_ns
                return EnteredScore(float(table), "table result", "93B") if table is not None else None
        return self.decision.score if self.decision is not None else None


def fold(case: Case, entries: Sequence[HistoryEntry]) -> Case:
    """The case with its history: the latest decision, every review, the facts as amended and
    whether it was withdrawn, from ``entries`` (oldest first; entries the store checked with
    :func:`check_decision` / :func:`check_review` / :func:`check_amendment` / :func:`check_withdrawal`)."""
    decision: Decision | None = None
    reviews: list[Review] = []
    details = case.data.details
    amended = False
    withdrawn: str | None = None
    for e in entries:
        if e.action is Action.AMENDED:
            details = amend_details(details, e.change.get("facts") or {})
            amended = True
        elif e.action is Action.WITHDRAWN:
            withdrawn = str(e.change.get("reason", ""))
        if e.action is Action.DECISION:
            c = e.change
            decision = Decision(EnteredScore.from_json(c), c.get("reason", ""), bool(c.get("differs_from_suggestion")))
        elif e.action is Action.REVIEW:
            c = e.change
            score = EnteredScore.from_json(c["score"]) if c.get("score") else None
            reviews.append(Review(ReviewOutcome(c["outcome"]), tuple(c.get("members", ())), c.get("reasons", ""),
                                  Deposit(c["deposit"]) if c.get("deposit") else None, score))
    return Case(case.id, case.created, case.created_by, case.data, tuple(entries), decision, tuple(reviews),
                details if amended else None, withdrawn)


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
                                path=at + name)
    if score.score_ns is None and not score.artificial:
        raise CaseRuleError("give the score entered (score_ns, North-South's points) or an artificial adjusted "
                            "score (artificial, 12C2)", path=at + "score_ns")
    if score.score_ns is not None and score.artificial:
        raise CaseRuleError("a score is either in points (score_ns) or artificial (12C2), not both",
                            path=at + "artificial")
    if score.weighted:
        if score.score_ns is None:
            raise CaseRuleError("a weighted score (12C1(c)) needs score_ns, the weighted sum", path=at + "score_ns")
        bad = next((i for i, w in enumerate(score.weighted) if not 0 < w.percent <= 100), None)
        if bad is not None:
            raise CaseRuleError("a weight is a percentage over 0 and at most 100", path=f"{at}weighted/{bad}/percent")
        total = sum(w.percent for w in score.weighted)
        if abs(total - 100) > 0.01:
            raise CaseRuleError(f"the weights add up to {total:g}%, not 100%", path=at + "weighted")
        weighted_sum = sum(w.score_ns * w.percent for w in score.weighted) / 100
        if abs(weighted_sum - score.score_ns) > 0.5:
            raise CaseRuleError(f"the weighted results give {weighted_sum:+.2f}, not {score.score_ns:+g}: "
                                "score_ns is the weighted sum (12C1(c))", path=at + "score_ns")
    ns = round(score.score_ns, 2) if score.score_ns is not None else None
    ew = round(score.score_ew, 2) if score.score_ew is not None else None
    if ew is not None and ns is not None and ew == -ns:
        ew = None  # a balancing score is not split
    return EnteredScore(ns, score.result.strip(), score.law.strip(), ew, score.weighted, score.artificial)


def check_decision(case: Case, score: EnteredScore, reason: str) -> Decision:
    """The director's decision on ``case``, if the case file's rules allow it.

    It differs from the suggestion when its points are not the ruling's suggested score (or
    the suggestion was artificial and the decision is not, or the score is split): then a
    reason is required.

    Raises:
        CaseRuleError: path ``reason`` (missing though the score differs) or a score field.
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
    if differs and not reason.strip():
        shown = f"{suggested:+d}" if suggested is not None else "an artificial adjusted score"
        raise CaseRuleError(f"the score entered differs from the suggestion ({shown}): give the reason",
                            path="reason")
    return Decision(score, reason.strip(), differs)


def _not_withdrawn(case: Case) -> None:
    if case.withdrawn is not None:
        raise CaseConflictError(f"case {case.id} was withdrawn: nothing more is recorded on it",
                                key="case_withdrawn_closed", params={"case": case.id})


def check_review(case: Case, review: Review, *, uses_deposits: bool = False) -> Review:
    """A committee review of ``case``, if the case file's rules allow it. The deposit is asked
    only when the event takes deposits (``uses_deposits``, :attr:`EventSettings.uses_deposits`);
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


IGNORED_IN_RERUN = frozenset({"engine_version", "search"})
"""Fields of a ruling that a rerun reports apart from the differences (they are expected to change):
the engine's version, and a claim ruling's ``search`` (its nodes and milliseconds; whether it was
complete shows in ``awarded`` and ``needs_director``)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One field where a rerun's ruling differs from the stored one.

    Attributes:
        path: where, e.g. ``"revokes/0/law"``, ``"suggested/score_ns"``.
        stored: the stored value (``None`` when the field is new).
        now: the value the current engine gives (``None`` when the field is gone).
    """

    path: str
    stored: Json
    now: Json


def differences(stored: Json, now: Json, path: str = "") -> list[Difference]:
    """Every leaf where ``now`` differs from ``stored`` (two JSON values), depth first; fields of
    :data:`IGNORED_IN_RERUN` at the top level are skipped."""
    if isinstance(stored, Mapping) and isinstance(now, Mapping):
        out: list[Difference] = []
        for key in sorted(set(stored) | set(now), key=str):
            if not path and key in IGNORED_IN_RERUN:
                continue
            out += differences(stored.get(key), now.get(key), f"{path}/{key}" if path else str(key))
        return out
    if isinstance(stored, list) and isinstance(now, list) and len(stored) == len(now):
        out = []
        for i, (a, b) in enumerate(zip(stored, now, strict=True)):
            out += differences(a, b, f"{path}/{i}" if path else str(i))
        return out
    return [] if stored == now else [Difference(path, stored, now)]


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


Rule = Callable[[Case], Mapping[str, Json]]
"""A pure check run by the store inside the transaction: given the case as stored, return the
entry's ``change`` or raise (:class:`CaseRuleError`, :class:`CaseConflictError`)."""


class CaseRepository(Protocol):
    """The store of cases (the port; ``app/storage`` adapts a database). Every write is one
    transaction; a method returns only once its write is committed.

    Methods raise :class:`engine.casefile.events.UnknownEventError` for an event that is not stored and
    :class:`UnknownCaseError` for a case that is not.
    """

    def create_case(self, new: NewCase, actor: Actor, *, created: dt.datetime | None = None,
                    history: Sequence[HistoryEntry] = ()) -> Case:
        """Store ``new`` with its ``created`` entry (and, when importing, the ``history`` it had)."""
        ...

    def append(self, case_id: int, action: Action, actor: Actor, rule: Rule) -> Case:
        """Run ``rule`` on the case as stored and append its change as an entry, in one transaction."""
        ...

    def get_case(self, case_id: int) -> Case:
        """The case with its whole history."""
        ...

    def cases(self, event_id: int | None = None, board: str | None = None) -> list[Case]:
        """The cases of an event (and board), oldest first; every case when both are ``None``."""
        ...


class UnknownCaseError(NotStoredError):
    """No case with that id in the store (HTTP 404)."""

    def __init__(self, case_id: int) -> None:
        super().__init__(f"there is no case {case_id}", path="case_id")
        self.case_id = case_id


@dataclass(frozen=True, slots=True)
class User:
    """A token holder.

    Attributes:
        name: as history entries name him, e.g. ``"Jan Kowalski"`` (1-120 characters, unique).
        role: what he may do.
        key: the public part of his token (finds the stored hash; not a secret).
        active: ``False`` once the token is revoked.
        created: when the token was made (UTC).
    """

    name: str
    role: Role
    key: str
    active: bool
    created: dt.datetime


@dataclass(frozen=True, slots=True)
class EventSettings:
    """An event's settings for its case file (issue 25).

    Attributes:
        time_zone: the IANA name of the zone its times are shown in, e.g. ``"Europe/Warsaw"``
            (``""``: not set; the page shows the browser's zone); times are stored in UTC.
        uses_deposits: the event takes an appeal deposit (then the committee says whether it is
            returned or kept; otherwise the deposit is not asked).
        appeal_deadline: when appeals close, as the event announces it, e.g. ``"30 minutes after
            the end of the session"`` or ``"22:30"`` (printed on the sheets; ``""``: not set).
    """

    time_zone: str = ""
    uses_deposits: bool = False
    appeal_deadline: str = ""


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
