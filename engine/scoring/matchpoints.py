"""Law 78A matchpoints, percentages and Neuberg factoring (docs/scoring.md section 2.1).

Scores are North-South's points; matchpoints are in *units*: ``units`` per score beaten (2 in
WBF/EBU practice, 1 in North American half-matchpoints), half of that per score equalled.
"""

from __future__ import annotations

from collections.abc import Sequence


def top(results: int, units: int = 2) -> int:
    """The top on a board with ``results`` scores: ``units * (results - 1)``."""
    return units * (results - 1)


def matchpoints(score: int, others: Sequence[int], units: int = 2) -> float:
    """Law 78A: ``units`` for each of ``others`` that ``score`` beats, ``units / 2`` for each it
    equals, 0 for each that beats it. North-South's view; East-West get ``top - this``."""
    return float(sum(units if score > o else units / 2 if score == o else 0 for o in others))


def board_matchpoints(scores: Sequence[int], units: int = 2) -> tuple[float, ...]:
    """North-South matchpoints of every score of a board, each against all the others."""
    return tuple(matchpoints(s, [*scores[:i], *scores[i + 1:]], units) for i, s in enumerate(scores))


def neuberg(mp: float, results_in_group: int, results_normal: int, units: int = 2) -> float:
    """Neuberg factoring (the WBF formula for boards with fewer results):
    ``(mp + units/2) * N / n - units/2``; with ``units=1`` this is ``M = N*S/n + (N-n)/(2n)``.

    Raises:
        ValueError: ``results_in_group`` is not 1 or more.
    """
    if results_in_group < 1:
        raise ValueError("Neuberg factoring needs at least one result in the group")
    return (mp + units / 2) * results_normal / results_in_group - units / 2


def percent(mp: float, board_top: float) -> float:
    """Matchpoints as a percentage of the top (50.0 when the top is 0: a board played once)."""
    return 50.0 if board_top == 0 else round(100.0 * mp / board_top, 10)
