"""The unit of every explanation the advisor gives: a law and what it decided."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a ruling: the law applied (e.g. ``"64A2"``, ``"13B2"``) and what it decided,
    in plain English for the director.

    Attributes:
        law: the law paragraph, or ``"DD"`` for evidence from the solver.
        text: the English sentence (what the API and the CLI show).
        key: the message's name in the page's language catalogues (``app/i18n``), so that
            the explanation can be shown in another language; ``""``: English only.
        params: the values the message's template fills in (numbers, seats, cards, results;
            a nested :class:`Step` for a clause that is itself translated).
    """

    law: str
    text: str
    key: str = ""
    params: Mapping[str, object] = field(default_factory=dict)

    def sentence(self) -> str:
        """``"Law 64A2: ..."``; evidence from the solver (law ``"DD"``) reads ``"Double dummy: ..."``."""
        return f"Double dummy: {self.text}" if self.law == "DD" else f"Law {self.law}: {self.text}"
