"""The port every law module's positions go through: "give me these positions' answers"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.dd.results import CardScores, DDTable
from engine.model.deal import Deal
from engine.model.position import Position


class DoubleDummySolver(Protocol):
    """Anything that solves positions double dummy (the real runner, or a fake in tests)."""

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        """Solve every position; the answer maps each given position to its :class:`CardScores`.

        Raises:
            SolverError: the solver failed (SolverBusyError when it is saturated).
        """
        ...

    def solve_tables(self, deals: Sequence[Deal]) -> dict[Deal, DDTable]:
        """The double-dummy table (every strain, every declarer) of each complete deal.

        Raises:
            InvalidBoardError: a deal that is not 52 distinct cards, 13 a hand.
            SolverError: the solver failed.
        """
        ...
