"""The case file: a ruling kept with its evidence, the director's decision and the appeals
committee's review, every change an entry of an append-only history.

A case (:class:`Case`) belongs to an event and holds what the director found at the table
(board, round, table, the pairs, the director), the ruling request as given and the engine's
ruling as returned (JSON, with the engine version and the Laws edition it was made under).
Nothing in it is ever written over: the director's decision (Law 12C, Law 77) and the
committee's reviews (Law 93B) are entries of the case's history (:class:`HistoryEntry`), and
the case's present state is the fold of that history (:func:`engine.casefile.history.fold`). The
rules of what may be appended (:func:`engine.casefile.rules.check_decision`,
:func:`engine.casefile.rules.check_review`...) are pure functions in :mod:`engine.casefile.rules`;
the store (:class:`CaseRepository`, the port) appends an entry only after the rule has passed, in
the same transaction that read the case. This module holds the value types, the case file's
errors and the port; who may act is :mod:`engine.casefile.users`.

Scores are Law 77 points from North-South's view unless said otherwise; a weighted score
(12C1(c)) may be fractional and is kept to 0.01 of a point.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine.casefile.events import NotStoredError
from engine.casefile.users import Actor
from engine.errors import AdvisorError, InvalidBoardError

Json = Any
"""A JSON value as ``json.loads`` returns it (dicts, lists, strings, numbers, booleans, None)."""

MAX_SCORE = 10_000
"""No bridge score reaches this many points (7NTXX vulnerable with overtricks is under 3,000)."""


class CaseKind(StrEnum):
    """Which ruling the case holds: a revoke (Laws 61-64), an incorrect number of cards (13, 14),
    a claim or concession (68-71), or the alternatives of an adjusted score after misinformation or
    unauthorised information (16B, 21B, 40B, 73C, 75 and others through 12C1(c) or 12C1(e): the
    request of ``POST /v1/rulings/alternatives``, issue 38)."""

    REVOKE = "revoke"
    INCORRECT_CARDS = "incorrect_cards"
    CLAIM = "claim"
    ALTERNATIVES = "alternatives"


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
        kept_by: ``"NS"`` or ``"EW"`` when one side keeps the table result and the other gets the
            weighted score (12C1(b), 12C1(e)): ``weighted`` are then the other side's parts
            (North-South's points), and the keeping side's figure is its table points
            (``score_ns`` when North-South keep it; ``score_ew``, East-West's own view, when
            East-West do), the other side's the weighted sum (``score_ns``, or ``score_ew`` as
            East-West's own view: the negation of the parts' weighted sum). ``None`` otherwise.
    """

    score_ns: float | None
    result: str
    law: str
    score_ew: float | None = None
    weighted: tuple[WeightedPart, ...] = ()
    artificial: Mapping[str, str] | None = None
    kept_by: str | None = None

    def to_json(self) -> dict[str, Json]:
        """The score as a JSON object (the API's field names)."""
        return {"score_ns": self.score_ns, "result": self.result, "law": self.law, "score_ew": self.score_ew,
                "weighted": [{"result": w.result, "score_ns": w.score_ns, "percent": w.percent}
                             for w in self.weighted],
                "artificial": dict(self.artificial) if self.artificial is not None else None,
                **({"table_result_kept_by": self.kept_by} if self.kept_by is not None else {})}

    @classmethod
    def from_json(cls, data: Mapping[str, Json]) -> EnteredScore:
        """The inverse of :meth:`to_json` (for entries the store already checked)."""
        return cls(score_ns=data.get("score_ns"), result=data.get("result", ""), law=data.get("law", ""),
                   score_ew=data.get("score_ew"),
                   weighted=tuple(WeightedPart(w["result"], w["score_ns"], w["percent"])
                                  for w in data.get("weighted") or ()),
                   artificial=data.get("artificial"), kept_by=data.get("table_result_kept_by"))


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
        kind: revoke, incorrect cards, claim or alternatives.
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
        unverified: the decisions and reviews an import brought (the export's word, never checked
            by a holder of that role here): kept in the history, they set no decision, review or
            status (issue 35).
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
    unverified: tuple[HistoryEntry, ...] = ()

    @property
    def details(self) -> CaseDetails:
        """Board, round, table, pairs, director, event: as amended (the latest ``amended``
        entry), else as created (:attr:`data`)."""
        return self.amended if self.amended is not None else self.data.details

    @property
    def status(self) -> str:
        """``"awaiting decision"``, ``"decided"``, ``"reviewed: <outcome>"`` (the latest review),
        ``"imported, not verified"`` (an import brought a decision or a review and no director here
        has decided since: :attr:`unverified`), or ``"withdrawn"`` (a case withdrawn as a mistake,
        whatever it held)."""
        if self.withdrawn is not None:
            return "withdrawn"
        if self.reviews:
            return f"reviewed: {self.reviews[-1].outcome.value}"
        if self.decision is not None:
            return "decided"
        return "imported, not verified" if self.unverified else "awaiting decision"

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
