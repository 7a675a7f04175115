"""The unit of every explanation the advisor gives: a law and what it decided."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a ruling: the law applied (e.g. ``"64A2"``, ``"13B2"``) and what it decided,
    in plain English for the director."""

    law: str
    text: str

    def sentence(self) -> str:
        """``"Law 64A2: ..."``; evidence from the solver (law ``"DD"``) reads ``"Double dummy: ..."``."""
        return f"Double dummy: {self.text}" if self.law == "DD" else f"Law {self.law}: {self.text}"
