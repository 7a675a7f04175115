"""A case's history read (pure): the case's present state as the fold of its entries
(:func:`fold`: the latest decision, every review, the facts as amended, a withdrawal) and the
differences a rerun of the ruling records against the stored ruling (:func:`differences`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.casefile.cases import (
    Action,
    Case,
    Decision,
    Deposit,
    EnteredScore,
    HistoryEntry,
    Json,
    Review,
    ReviewOutcome,
)
from engine.casefile.rules import amend_details


def fold(case: Case, entries: Sequence[HistoryEntry], *, trust_imported: bool = False) -> Case:
    """The case with its history: the latest decision, every review, the facts as amended and
    whether it was withdrawn, from ``entries`` (oldest first; entries the store checked with
    :func:`~engine.casefile.rules.check_decision` / :func:`~engine.casefile.rules.check_review` /
    :func:`~engine.casefile.rules.check_amendment` / :func:`~engine.casefile.rules.check_withdrawal`).

    A decision or a review brought by an import (``entry.imported``) is the export's word: it is
    kept in the history and listed in ``unverified``, but it sets neither the decision, the
    reviews nor the status (issue 35: an import gave a case "reviewed: uphold" from a committee
    that never sat); a director, then a committee, here enter their own. ``trust_imported``
    folds them as if made here: the import's own check of an export's history, entry by entry."""
    decision: Decision | None = None
    reviews: list[Review] = []
    unverified: list[HistoryEntry] = []
    details = case.data.details
    amended = False
    withdrawn: str | None = None
    for e in entries:
        if e.action is Action.AMENDED:
            details = amend_details(details, e.change.get("facts") or {})
            amended = True
        elif e.action is Action.WITHDRAWN:
            withdrawn = str(e.change.get("reason", ""))
        if e.action in (Action.DECISION, Action.REVIEW) and e.imported and not trust_imported:
            unverified.append(e)
            continue
        if e.action is Action.DECISION:
            c = e.change
            decision = Decision(EnteredScore.from_json(c), c.get("reason", ""), bool(c.get("differs_from_suggestion")))
        elif e.action is Action.REVIEW:
            c = e.change
            score = EnteredScore.from_json(c["score"]) if c.get("score") else None
            reviews.append(Review(ReviewOutcome(c["outcome"]), tuple(c.get("members", ())), c.get("reasons", ""),
                                  Deposit(c["deposit"]) if c.get("deposit") else None, score))
    return Case(case.id, case.created, case.created_by, case.data, tuple(entries), decision, tuple(reviews),
                details if amended else None, withdrawn, tuple(unverified))


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
