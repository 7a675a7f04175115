"""Law 78B: international matchpoints, with teams, datum (Butler) and cross-IMP scoring
(docs/scoring.md section 2.2). Points are North-South's view; IMPs are signed, from the
side whose score is the first argument."""

from __future__ import annotations

from collections.abc import Sequence

# Upper bound of each band of the 78B scale, in points, and its IMPs: 0-10 -> 0, 20-40 -> 1, ...
# 3500-3990 -> 23; 4000 and more -> 24. Scores are multiples of 10, so the upper bounds are exact.
IMP_SCALE: tuple[tuple[int, int], ...] = (
    (10, 0), (40, 1), (80, 2), (120, 3), (160, 4), (210, 5), (260, 6), (310, 7), (360, 8), (420, 9),
    (490, 10), (590, 11), (740, 12), (890, 13), (1090, 14), (1290, 15), (1490, 16), (1740, 17), (1990, 18),
    (2240, 19), (2490, 20), (2990, 21), (3490, 22), (3990, 23),
)


def imps(difference: int) -> int:
    """The Law 78B IMPs for a point difference, with its sign (``imps(-470) == -10``).

    A difference that is not a multiple of 10 (against a datum that was not rounded) falls in
    the band whose upper bound it does not exceed, so 15 counts as 1 IMP.
    """
    size = abs(difference)
    for upper, value in IMP_SCALE:
        if size <= upper:
            return value if difference >= 0 else -value
    return 24 if difference >= 0 else -24


def teams_imps(ns_score: int, other_room_ns: int) -> int:
    """Teams (78B): IMPs to the team whose North-South pair scored ``ns_score`` at this table, its
    East-West pair having defended the board in the other room where North-South scored
    ``other_room_ns``: the algebraic sum of the two tables (e.g. +140 and -170 -> -30 -> -1)."""
    return imps(ns_score - other_room_ns)


def datum(scores: Sequence[int], *, discard: int = 1) -> int:
    """Butler datum: the mean North-South score after discarding the ``discard`` highest and
    lowest results (none when too few results), rounded to the nearest 10 (halves away from 0).

    Raises:
        ValueError: no scores.
    """
    if not scores:
        raise ValueError("a datum needs at least one score")
    kept = sorted(scores)
    if len(kept) > 2 * discard:
        kept = kept[discard: len(kept) - discard]
    mean = sum(kept) / len(kept)
    tens = int(abs(mean) / 10 + 0.5)
    return 10 * tens if mean >= 0 else -10 * tens


def butler_imps(ns_score: int, board_datum: int) -> int:
    """Pairs IMPs against the datum, North-South's view (East-West get the negation)."""
    return imps(ns_score - board_datum)


def cross_imps(ns_score: int, others: Sequence[int]) -> int:
    """Cross-IMPs: the sum of the IMPs of ``ns_score`` against every other North-South score."""
    return sum(imps(ns_score - o) for o in others)
