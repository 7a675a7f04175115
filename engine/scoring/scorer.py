"""The score given back to the scoring program ("for the scorer"), in the forms the programs
take (../shared/docs/club-formats.md, "Write-back"):

- an assigned score: contract, declarer, tricks and North-South's points, as the scorer enters
  a table result;
- an artificial score (12C2): Bridgemate's remark from its fixed list (``"60%-40%"``, else
  ``"Arbitral score"``), the USEBIO ``SCORE`` code (``"A6040"``) and JFR Pary's arbitral entry
  (contract ``"ARB"`` with the two percentages);
- a weighted score (12C1(c)): each component with its weight and its matchpoints against the
  field, and the board's percentage for each side. No program takes a weighted score as data:
  this is what the scorer types.

Pure: no web code, no solver.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.model.contract import Contract
from engine.model.seats import Seat
from engine.scoring.adjusted import Outcome, check_weights, weighted_matchpoints

BRIDGEMATE_PERCENTS = (40, 50, 60)
"""Bridgemate's fixed remark list has the nine pairs ``"NN%-NN%"`` of these (club-formats.md)."""

BRIDGEMATE_ARBITRAL = "Arbitral score"
"""Bridgemate's remark for any other artificial score (the scorer enters the percentages)."""

JFR_ARBITRAL = "ARB"
"""JFR Pary's contract for an arbitral result (a contract beginning with ``A``)."""


@dataclass(frozen=True, slots=True)
class AssignedEntry:
    """An assigned adjusted score as the scorer enters a table result.

    Attributes:
        contract: ``"4H"``, ``"3NTX"``; declarer: the declarer's seat; tricks: the declarer's
        side's tricks (0-13); result: ``"4H S -1"``; score_ns: North-South's Law 77 points.
    """

    contract: str
    declarer: Seat
    tricks: int
    result: str
    score_ns: int


@dataclass(frozen=True, slots=True)
class ArtificialEntry:
    """An artificial adjusted score (12C2) in each program's form.

    Attributes:
        ns_percent, ew_percent: each side's percentage of the matchpoints (60, 40, or the 12C2(c)
            session figure).
        bridgemate: the ``ReceivedData.Remarks`` text: ``"60%-40%"`` (North-South first) when both
            are 40, 50 or 60, else ``"Arbitral score"``.
        usebio: the traveller ``SCORE`` code ``"A6040"`` (North-South first), ``None`` when a
            percentage is not a whole number from 0 to 99 (the code has two digits a side).
        jfr: JFR Pary's arbitral contract, ``"ARB"`` (with the two percentages).
    """

    ns_percent: float
    ew_percent: float
    bridgemate: str
    usebio: str | None
    jfr: str = JFR_ARBITRAL


@dataclass(frozen=True, slots=True)
class WeightedComponent:
    """One result of a weighted score: its label (``"4H S -1"``), weight, North-South's points
    and, against a field, each side's matchpoints (``None`` without a field)."""

    label: str
    weight: Fraction
    score_ns: int
    ns_mp: float | None
    ew_mp: float | None


@dataclass(frozen=True, slots=True)
class WeightedEntry:
    """A weighted adjusted score (12C1(c)) as the scorer types it.

    Attributes:
        components: each result with its weight (and matchpoints against the field).
        top: the board's top in matchpoints (units per score beaten x the other results);
            ``None`` without a field.
        ns_mp, ew_mp: the weighted matchpoints; ns_percent, ew_percent: the board's percentage
            for each side (``None`` without a field).
    """

    components: tuple[WeightedComponent, ...]
    top: int | None
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None
    ew_percent: float | None


def _whole(value: float) -> int | None:
    return int(value) if value == int(value) else None


def artificial_entry(ns_percent: float, ew_percent: float) -> ArtificialEntry:
    """The artificial score of each side (percent of the matchpoints, 12C2) in Bridgemate's,
    USEBIO's and JFR Pary's forms: 60/40 -> ``"60%-40%"``, ``"A6040"``, ``"ARB"``.

    Raises:
        ValueError: a percentage below 0 or above 100.
    """
    if not (0 <= ns_percent <= 100 and 0 <= ew_percent <= 100):
        raise ValueError("an artificial score is a percentage from 0 to 100")
    ns, ew = _whole(ns_percent), _whole(ew_percent)
    fixed = ns in BRIDGEMATE_PERCENTS and ew in BRIDGEMATE_PERCENTS
    remark = f"{ns}%-{ew}%" if fixed else BRIDGEMATE_ARBITRAL
    usebio = f"A{ns:02d}{ew:02d}" if ns is not None and ew is not None and ns < 100 and ew < 100 else None
    return ArtificialEntry(ns_percent, ew_percent, remark, usebio)


_PERCENT = re.compile(r"^\s*(\d{1,3}(?:\.\d+)?)\s*%\s*$")


def percent_of(text: str) -> float | None:
    """A stored side's artificial score (``"60%"``, ``"57.5%"``) as a number, ``None`` for any
    other text (``"Average plus"``)."""
    m = _PERCENT.match(text)
    return float(m.group(1)) if m else None


_RESULT = re.compile(r"^([1-7](?:NT|[SHDC])(?:XX|X)?)\s+([NESW])\s+(=|[+-]\d{1,2})$")


def assigned_entry(result: str, score_ns: int | float) -> AssignedEntry | None:
    """An entered result as a TD writes it (``"4H S -1"``, ``"3NTX W ="``, ``"2S N +2"``) with
    its North-South points as the scorer's table entry; ``None`` when ``result`` is not a single
    contract result (a weighted or artificial score) or ``score_ns`` is not whole points."""
    m = _RESULT.match(result.strip().upper())
    if m is None or score_ns != int(score_ns):
        return None
    contract, seat, delta = m.groups()
    tricks = int(contract[0]) + 6 + (0 if delta == "=" else int(delta))
    if not 0 <= tricks <= 13:
        return None
    return AssignedEntry(contract, Seat(seat), tricks, Contract.from_str(contract, Seat(seat)).result_str(tricks),
                         int(score_ns))


def weighted_entry(parts: Sequence[tuple[str, int, Fraction]], field: Sequence[int] | None,
                   units: int = 2) -> WeightedEntry:
    """A weighted score's parts ``(label, North-South points, weight)`` scored for the scorer:
    each against ``field`` (the other North-South scores of the board, Law 78A,
    :func:`engine.scoring.adjusted.weighted_matchpoints`, ``units`` per score beaten) when
    given, then the weighted matchpoints and each side's percentage of the top.

    Raises:
        InvalidBoardError: weights that are negative or do not sum to 1.
    """
    outcomes = [Outcome(score, weight, label) for label, score, weight in parts]
    if not field:
        check_weights([o.weight for o in outcomes])
        return WeightedEntry(tuple(WeightedComponent(o.label, o.weight, o.ns_score, None, None) for o in outcomes),
                             None, None, None, None, None)
    w = weighted_matchpoints(outcomes, field, units)
    comps = tuple(WeightedComponent(c.outcome.label, c.outcome.weight, c.outcome.ns_score, c.ns, c.ew)
                  for c in w.components)
    return WeightedEntry(comps, w.top, w.ns, w.ew, w.ns_percent, w.ew_percent)


__all__ = ["BRIDGEMATE_ARBITRAL", "JFR_ARBITRAL", "ArtificialEntry", "AssignedEntry", "WeightedComponent",
           "WeightedEntry", "artificial_entry", "assigned_entry", "percent_of", "weighted_entry"]
