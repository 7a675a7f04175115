"""Adjusted scores as a director awards them: weighted (12C1(c)), split (12C1(e)), and
artificial (12C2) with the 12C2(c) session rule. Pure functions, no solver.

Weights apply to the matchpoints or IMPs of each outcome, never to raw points (docs/scoring.md
section 4.2: the teams example gives -6.0 IMPs, not -7). Points are North-South's view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from engine.errors import InvalidBoardError
from engine.model.seats import Side
from engine.scoring.imps import teams_imps
from engine.scoring.matchpoints import matchpoints, percent, top
from engine.scoring.profiles import Profile


class Fault(StrEnum):
    """A contestant's responsibility for an irregularity when no result can be obtained (12C2(a))."""

    NONE = "not_at_fault"
    PARTLY = "partly_at_fault"
    DIRECTLY = "directly_at_fault"


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """The 12C2(a)/(b) artificial adjusted score for one fault, before the 12C2(c) session rule.

    Attributes:
        label: ``"Average plus"``, ``"Average"`` or ``"Average minus"``.
        percent: matchpoints in pairs, percent of the top: 60, 50 or 40.
        imps: at IMP play, +3, 0 or -3 IMPs (the organiser may vary it: see :class:`Profile`).
    """

    label: str
    percent: int
    imps: int


ARTIFICIAL: dict[Fault, ArtificialScore] = {
    Fault.NONE: ArtificialScore("Average plus", 60, 3),
    Fault.PARTLY: ArtificialScore("Average", 50, 0),
    Fault.DIRECTLY: ArtificialScore("Average minus", 40, -3),
}
"""12C2(a): average plus to a contestant in no way at fault, average to one partly at fault,
average minus to one directly at fault; 12C2(b): +3 / 0 / -3 IMPs."""


# --- weights ---------------------------------------------------------------------------------------

def parse_weight(value: str | int | float, *, path: str = "weight") -> Fraction:
    """A weight as an exact fraction: ``"2/5"``, ``"0.4"``, ``"40%"``, ``0.4`` or ``1``.

    Raises:
        InvalidBoardError: ``path``; not a number, or negative.
    """
    text = str(value).strip()
    try:
        w = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InvalidBoardError(f"not a weight: {value!r} (write 2/5, 0.4 or 40%)", path=path, key="not_a_weight",
                                params={"text": value}) from None
    if w < 0:
        raise InvalidBoardError(f"a weight cannot be negative: {value!r}", path=path, key="weight_negative",
                                params={"text": value})
    return w


def check_weights(weights: Sequence[Fraction], *, path: str = "outcomes") -> None:
    """12C1(c): the weights are the probabilities of the outcomes: none negative, summing to 1.

    Raises:
        InvalidBoardError: ``path`` (or ``path/<i>/weight``), saying what the weights sum to.
    """
    if not weights:
        raise InvalidBoardError("give at least one outcome", path=path, key="no_outcome")
    for i, w in enumerate(weights):
        if w < 0:
            raise InvalidBoardError(f"the weight of outcome {i + 1} is negative ({w})", path=f"{path}/{i}/weight",
                                    key="outcome_weight_negative", params={"n": i + 1, "weight": str(w)})
    total = sum(weights, Fraction(0))
    if total != 1:
        raise InvalidBoardError(f"the weights sum to {total} ({float(total):.4g}), not 1: they are the "
                                "probabilities of the outcomes (12C1(c))", path=path, key="weights_sum",
                                params={"total": str(total), "decimal": f"{float(total):.4g}"})


PERCENT_TOLERANCE = Fraction(1, 100)
"""Percentages entered for a weighted score may miss 100 by this much (0.01 %, the case file's
rule: a third is typed 33.33 or 33.3333)."""


def weights_from_percent(percents: Sequence[float]) -> tuple[Fraction, ...] | None:
    """Weights (summing exactly to 1) from percentages as a director enters them (12C1(c)):
    ``[20, 80]`` -> ``(1/5, 4/5)``; ``[33.3333] * 3`` -> three ``1/3``; ``[60, 15.3846, 6.15385,
    ...]`` (2/13 and 4/65 of the DD spread, as the case page prefills them) -> those fractions. A
    percentage written to at most two places is read as written (``12.34``); one written to more
    (a fraction rounded: ``15.3846``) as the simplest fraction (denominator at most 1000) it rounds
    from at those places. When these sum exactly to 1 they are the weights; else each is taken as
    its share of their total (``[33.33] * 3``: three thirds). ``None`` when the percentages miss
    100 by more than :data:`PERCENT_TOLERANCE`, or one is not positive (no weighted score)."""
    texts = [repr(float(p)) for p in percents]
    exact = [Fraction(t) / 100 for t in texts]
    total = sum(exact, Fraction(0))
    if not exact or any(w <= 0 for w in exact) or abs(total - 1) * 100 > PERCENT_TOLERANCE:
        return None

    def simplest(w: Fraction, text: str) -> Fraction:
        places = len(text.partition(".")[2]) if "e" not in text else 0
        if places <= 2:
            return w
        near = w.limit_denominator(1000)
        return near if abs(near - w) * 100 <= Fraction(1, 2 * 10**places) else w

    simple = tuple(simplest(w, t) for w, t in zip(exact, texts, strict=True))
    if sum(simple, Fraction(0)) == 1:
        return simple
    return tuple(w / total for w in exact)


def even_weights(n: int) -> tuple[Fraction, ...]:
    """``n`` equal weights summing exactly to 1 (the default the director then edits)."""
    return tuple(Fraction(1, n) for _ in range(n))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One possible result of the board: its North-South points and its weight."""

    ns_score: int
    weight: Fraction
    label: str = ""


@dataclass(frozen=True, slots=True)
class PlausibleResult:
    """A result the board could plausibly have reached without the irregularity, with the
    evidence for it (a candidate outcome of a weighted score, for the director to weigh).

    Attributes:
        result: as TDs write it, e.g. ``"4H W ="``.
        tricks: declarer's side's tricks, 0..13.
        score_ns: Law 77 points, North-South's view.
        evidence: why it is plausible, e.g. ``"the offender follows with H9 (double dummy)"``.
    """

    result: str
    tricks: int
    score_ns: int
    evidence: str


@dataclass(frozen=True, slots=True)
class ScoredOutcome:
    """An outcome scored against the field or the other room: North-South's and East-West's
    matchpoints (units) or IMPs."""

    outcome: Outcome
    ns: float
    ew: float


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted assigned adjusted score (12C1(c)), each outcome scored first, then weighted.

    Attributes:
        form: ``"matchpoints"`` or ``"imps"``.
        components: each outcome with its own score.
        ns: North-South's weighted matchpoints (units) or IMPs.
        ew: East-West's.
        top: the board's top in matchpoints (``None`` for IMPs).
        ns_percent: ``ns`` as a percentage of the top (``None`` for IMPs).
        ew_percent: the same for East-West.
        others: matchpoints only: for each other North-South score of the field, the matchpoints
            it gets from its comparison with the adjusted table, pro rata by the same weights.
    """

    form: str
    components: tuple[ScoredOutcome, ...]
    ns: float
    ew: float
    top: int | None = None
    ns_percent: float | None = None
    ew_percent: float | None = None
    others: tuple[tuple[int, float], ...] = ()


def weighted_matchpoints(outcomes: Sequence[Outcome], field: Sequence[int], units: int = 2) -> WeightedScore:
    """Weighted matchpoints: each outcome matchpointed against the ``field`` (the other North-South
    scores of the board), then weighted; the other pairs' comparison with this table pro rata.

    Raises:
        InvalidBoardError: weights that are negative or do not sum to 1; an empty field.
    """
    check_weights([o.weight for o in outcomes])
    if not field:
        raise InvalidBoardError("give the other results of the board (`field`) to matchpoint against",
                                path="field", key="field_needed")
    t = top(len(field) + 1, units)
    comps = tuple(ScoredOutcome(o, matchpoints(o.ns_score, field, units), t - matchpoints(o.ns_score, field, units))
                  for o in outcomes)
    ns, ew = _weigh(comps, lambda c: c.ns), _weigh(comps, lambda c: c.ew)
    others = tuple((s, float(sum((o.weight * Fraction(matchpoints(s, [o.ns_score], units)) for o in outcomes),
                                 Fraction(0))))
                   for s in field)
    return WeightedScore("matchpoints", comps, ns, ew, t, percent(ns, t), percent(ew, t), others)


def _weigh(comps: Sequence[ScoredOutcome], value: Callable[[ScoredOutcome], float]) -> float:
    """The weighted sum in exact fractions (so 40% of 6 and 60% of 1 is 3, not 3.0000000000000004)."""
    return float(sum((c.outcome.weight * Fraction(value(c)) for c in comps), Fraction(0)))


def weighted_imps(outcomes: Sequence[Outcome], other_room_ns: int) -> WeightedScore:
    """Weighted IMPs at teams: each outcome IMPed against the other room, then weighted.

    Raises:
        InvalidBoardError: weights that are negative or do not sum to 1.
    """
    check_weights([o.weight for o in outcomes])
    comps = tuple(ScoredOutcome(o, teams_imps(o.ns_score, other_room_ns), -teams_imps(o.ns_score, other_room_ns))
                  for o in outcomes)
    ns = _weigh(comps, lambda c: c.ns)
    return WeightedScore("imps", comps, ns, -ns)


def split_assignment(outcomes: Sequence[Outcome], non_offending: Side, *, likely: Fraction = Fraction(1, 3),
                     at_all_probable: Fraction = Fraction(1, 6)) -> tuple[int, int]:
    """12C1(e) without weighting (ACBL-style): ``(score_for_ns, score_for_ew)`` in NS points.

    The non-offending side gets the most favourable result that was likely (weight at least
    ``likely``), the offending side the most unfavourable result that was at all probable
    (weight at least ``at_all_probable``); the two are scored separately and need not balance.
    ACBL practice read "likely" as about 1 in 3 and "at all probable" as about 1 in 6
    (docs/laws.md section 1).

    Raises:
        InvalidBoardError: no outcome reaches the thresholds.
    """
    likely_scores = [o.ns_score for o in outcomes if o.weight >= likely]
    probable_scores = [o.ns_score for o in outcomes if o.weight >= at_all_probable]
    if not likely_scores:
        raise InvalidBoardError("no outcome is likely (weight at least 1/3): give the likely results",
                                path="outcomes", key="no_likely_outcome")
    if non_offending is Side.NS:  # best for NS; for EW (offenders) the worst for EW = the best NS score
        return max(likely_scores), max(probable_scores)
    return min(probable_scores), min(likely_scores)


def table_result_kept(outcomes: Sequence[Outcome], table_score_ns: int, kept_by: Side,
                      label: str = "", *, weighting: bool = True,
                      non_offending: Side | None = None) -> dict[Side, tuple[Outcome, ...]]:
    """A split score in which one side keeps the table result (non-balancing: Law 12C1(b) and
    12C1(e) let the two sides' scores differ): ``{side: its outcomes}``, the side ``kept_by`` on
    the table result alone (``table_score_ns``, North-South points, weight 1, labelled ``label``),
    the other side on ``outcomes`` (the weighted score, 12C1(c)). Each side is then scored on the
    field on its own and the two figures need not balance.

    The usual case is 12C1(b): the non-offending side's serious error (or wild or gambling action)
    caused its own damage, so it keeps the table result while the offending side is scored on what
    would have happened without the infraction (e.g. BBO forum topic 37443: North-South, the
    offenders, on 50% 3D E +1 and 50% 3S W =; East-West keep 3NT W -2).

    Where the regulation does not weight (``weighting`` false, 12C1(e) alone), the other side is
    scored on the one result :func:`split_assignment` gives it, ``non_offending`` the side that did
    not offend (``None``: taken to be ``kept_by``, the usual 12C1(b) case).

    Raises:
        InvalidBoardError: ``outcomes`` empty, or weights negative or not summing to 1 (path
            ``outcomes``); without weighting, no outcome likely (:func:`split_assignment`).
    """
    if not outcomes:
        raise InvalidBoardError("give the weighted score's outcomes", path="outcomes", key="alternatives_none")
    check_weights([o.weight for o in outcomes])
    other = kept_by.other
    if not weighting:
        for_ns, for_ew = split_assignment(outcomes, non_offending or kept_by)
        single = for_ns if other is Side.NS else for_ew
        outcomes = [Outcome(single, Fraction(1), next(o.label for o in outcomes if o.ns_score == single))]
    return {kept_by: (Outcome(table_score_ns, Fraction(1), label),), other: tuple(outcomes)}


EXACT = "exact"
NON_OFFENDERS_WHOLE_IMP = "non_offenders_whole_imp"
ROUNDINGS = (EXACT, NON_OFFENDERS_WHOLE_IMP)
"""How a weighted IMP figure is entered, as the regulating authority says:

- ``exact``: as weighted (the WBF Laws say nothing of rounding; the figure to two decimals);
- ``non_offenders_whole_imp``: to a whole IMP, rounded in favour of the non-offending side. The
  Danish Bridge Federation's appeals committee (Danmarks Bridgeforbunds Appelkomite, Appel
  03-AU-5, https://www.bridge.dk/lov/ak/sager/03/au-5.htm, "Beregning af scoren"): "De 2,4 imp
  rundes op til 3 (afrunding til fordel for den ikke-fejlende side)", North-South the
  non-offenders: +2.4 IMPs entered as +3.

The EBU White Book's section on calculating weighted scores (12.1.6 in the 2004 edition) was not
found to read (../shared/docs/scoring.md section 4.2), nor an ACBL rule (the ACBL did not weight
before 2016): neither is offered."""


def round_for_non_offenders(ns_imps: float | Fraction, non_offending: Side) -> int:
    """North-South's weighted IMPs ``ns_imps`` (East-West's are their negation) rounded to a whole
    IMP in favour of ``non_offending`` (:data:`NON_OFFENDERS_WHOLE_IMP`, the DBf's practice):
    North-South non-offending, up (+2.4 -> +3, -2.4 -> -2); East-West non-offending, down (+2.4 ->
    +2, -2.4 -> -3). A whole figure stays as it is.

    Raises:
        Nothing.
    """
    value = Fraction(ns_imps).limit_denominator(10**6)  # a float of a weighted sum: its exact fraction
    if non_offending is Side.NS:
        return math.ceil(value)
    return math.floor(value)


# --- artificial scores ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ArtificialAward:
    """An artificial adjusted score for one side (12C2).

    Attributes:
        fault: the side's responsibility (12C2(a)).
        label: Average plus / Average / Average minus.
        percent: pairs: percent of the matchpoints after the 12C2(c) session rule.
        imps: teams: IMPs (12C2(b), the profile's value for average plus).
        session_rule: the 12C2(c) rule changed the percentage.
    """

    fault: Fault
    label: str
    percent: float
    imps: int
    session_rule: bool = False


def percentage_on_other_boards(session_percent: float, boards: int, board_percent: float = 60.0) -> float:
    """The contestant's percentage on the other boards of the session, from the session
    percentage computed with ``board_percent`` on the adjusted board (EBU method: multiply by
    the boards played, subtract the board's percentage, divide by one board fewer).

    Raises:
        ValueError: fewer than two boards.
    """
    if boards < 2:
        raise ValueError("the session rule needs at least one other board")
    return (session_percent * boards - board_percent) / (boards - 1)


def artificial(fault: Mapping[Side, Fault], profile: Profile,
               other_boards_percent: Mapping[Side, float] | None = None) -> dict[Side, ArtificialAward]:
    """12C2: the artificial adjusted score of each side, by responsibility.

    Args:
        fault: each side's responsibility (a side not given is in no way at fault).
        profile: the jurisdiction (IMPs for average plus, whether 12C2(c) applies).
        other_boards_percent: a side's percentage on the other boards of the session: average
            plus becomes that percentage when higher than 60, average minus when lower than 40
            (12C2(c); WBFLC 1998-08-30 #1).

    Returns:
        ``{Side.NS: ..., Side.EW: ...}``.
    """
    out: dict[Side, ArtificialAward] = {}
    for side in Side:
        f = fault.get(side, Fault.NONE)
        base = ARTIFICIAL[f]
        pct = float(base.percent)
        changed = False
        other = (other_boards_percent or {}).get(side)
        if profile.session_rule and other is not None:
            if (f is Fault.NONE and other > pct) or (f is Fault.DIRECTLY and other < pct):
                pct, changed = other, True
        imps = {Fault.NONE: profile.av_plus_imps, Fault.PARTLY: 0, Fault.DIRECTLY: -profile.av_plus_imps}[f]
        out[side] = ArtificialAward(f, base.label, pct, imps, changed)
    return out
