"""The port every law module's positions go through: "give me these positions' answers"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.dd.results import CardScores
from engine.model.position import Position


class DoubleDummySolver(Protocol):
    """Anything that solves positions double dummy (the real runner, or a fake in tests)."""

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        """Solve every position; the answer maps each given position to its :class:`CardScores`.

        Raises:
            SolverError: the solver failed (SolverBusyError when it is saturated).
        """
        ...
