"""Weighted scores at pairs IMPs (Butler and cross-IMPs, docs/scoring.md section 2.2), each
outcome IMPed against the rest of the traveller first, then weighted (12C1(c); docs/scoring.md
section 4.2: "Each component result is scored (matchpointed against the rest of the field, or
IMPed against the other room or the datum). The side's score on the board is the weighted
average of those scores"). Pure functions; points are North-South's view, IMPs North-South's
(East-West get the negation).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

from engine.errors import InvalidBoardError
from engine.scoring.adjusted import Outcome, ScoredOutcome, WeightedScore, check_weights
from engine.scoring.imps import butler_imps, cross_imps, datum

BUTLER = "butler"
CROSS_IMPS = "cross_imps"


def pairs_imps(ns_score: int, field: Sequence[int], method: str, *, discard: int = 1) -> Fraction:
    """North-South's pairs IMPs for ``ns_score`` (Law 77 points) at a table whose board was also
    played with the North-South scores ``field`` (the rest of the traveller):

    - ``"butler"``: IMPs (78B) against the datum of the whole traveller with ``ns_score`` in the
      table's place (:func:`engine.scoring.imps.datum`: ``discard`` top and bottom dropped, the
      mean rounded to 10), so the table's own result gets the program's figure
      (Compscore3's ``NS_BUTLER_POINTS``, tests/engine/records/test_results_readers.py);
    - ``"cross_imps"``: the IMPs against each score of ``field``, summed, divided by the number
      of comparisons (per comparison, as Compscore3's ``NS_CROSS_IMP_POINTS`` and the OKbridge
      ``IMP_NS`` are written).

    Raises:
        InvalidBoardError: path ``field``: an empty field; ValueError: an unknown method.
    """
    if not field:
        raise InvalidBoardError("give the other results of the board (`field`) to score pairs IMPs against",
                                path="field", key="field_needed")
    if method == BUTLER:
        return Fraction(butler_imps(ns_score, datum([*field, ns_score], discard=discard)))
    if method == CROSS_IMPS:
        return Fraction(cross_imps(ns_score, field), len(field))
    raise ValueError(f"unknown pairs-IMP method {method!r}")


def expected_pairs_imps(own: Sequence[tuple[int, Fraction]], others: Sequence[Sequence[tuple[int, Fraction]]],
                        method: str) -> Fraction:
    """North-South's pairs IMPs (:func:`pairs_imps`) of a table whose result is ``own`` against the
    rest of the traveller ``others``, where a line may stand for several results with their
    weights (a weighted adjusted score, 12C1(c): ``[(North-South's points, weight), ...]``, the
    weights of a line summing to 1; a table result is ``[(points, 1)]``): every combination of
    the lines' results scored as though it had happened, weighted by its probability (the
    product of the weights). A weighted table's own figure is so its parts' IMPs weighted, and
    the other tables' comparison with it is pro rata (EBU White Book 2019 4.1.1, as worked at
    forums.ebu.co.uk/discussion/969 for cross-IMPs; at Butler the datum is taken with each part
    in the table's place: the advisor's choice, docs/api.md "Butler and a weighted score").

    Raises:
        InvalidBoardError: path ``field``: no other line; ValueError: an unknown method.
    """
    total = Fraction(0)
    for combo in product(*others):
        chance = Fraction(1)
        for _, w in combo:
            chance *= w
        field = [score for score, _ in combo]
        total += sum((w * chance * pairs_imps(score, field, method) for score, w in own), Fraction(0))
    return total


def weighted_pairs_imps(outcomes: Sequence[Outcome], field: Sequence[int], method: str) -> WeightedScore:
    """A weighted score at pairs IMPs: each outcome scored by :func:`pairs_imps` against ``field``,
    then the IMPs weighted (12C1(c)), exactly (fractions), as floats in the result. ``form`` of
    the result is ``method`` (``"butler"`` or ``"cross_imps"``); no top, no percentages.

    Sources: cross-IMPs give the figures of the EBU's worked example (forums.ebu.co.uk/discussion/969,
    citing the White Book 2019 4.1.1.4-4.1.1.5: the table's figure is its parts' figures weighted,
    the other tables comparing with it pro rata; tests/engine/scoring/test_pairs_imps_weighted.py).
    Butler: each part IMPed against the datum with that part in the table's place is the
    advisor's choice, by the same principle (each outcome scored as though it had been the
    table's result): no regulation, scoring guide or program manual found says how the datum is
    taken for a weighted score (docs/api.md "Butler and a weighted score").

    Raises:
        InvalidBoardError: weights that are negative or do not sum to 1; an empty field.
    """
    check_weights([o.weight for o in outcomes])
    scored = [(o, pairs_imps(o.ns_score, field, method)) for o in outcomes]
    comps = tuple(ScoredOutcome(o, float(x), float(-x)) for o, x in scored)
    ns = sum((o.weight * x for o, x in scored), Fraction(0))
    return WeightedScore(method, comps, float(ns), float(-ns))


__all__ = ["BUTLER", "CROSS_IMPS", "expected_pairs_imps", "pairs_imps", "weighted_pairs_imps"]
