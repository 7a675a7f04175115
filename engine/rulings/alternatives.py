"""The evidence for an assigned adjusted score after misinformation or unauthorised information
(issue 38): for each alternative contract the director weighs, what double dummy says it makes
(with the table's opening lead and with every card the leader holds), how the room fared in it
(the stored traveller), the outcomes a director would weigh by a stated rule, and each
outcome's Law 77 score.

The director decides what would likely have happened without the infraction (Laws 16B, 21B,
40B, 73C, 75 and others, through Law 12C1(c)); this module only proposes and prices. Double
dummy knows where every card is: a two-way guess or a hidden queen is a reason to weigh its
figure down (docs/laws.md, "Alternatives after misinformation or unauthorised information").

Shapes: trick counts are the **declarer's side's tricks, 0-13**; scores are **points from
North-South's view** (Law 77). The solver is asked only through the
:class:`engine.dd.protocol.DoubleDummySolver` port: one opening-lead position per distinct
(strain, leader), every card's figure from that one solve, cached per deal by the runner.

**A declarer who could not have declared it.** Without the auction nothing is known of who bid
what, so any seat could have declared any contract: a declarer is one of the four seats (its
side then one of the two sides), and nothing more is checked. The law the director applies is
one of :data:`LAWS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.position import Position
from engine.model.seats import Seat, Vulnerability
from engine.records.results.model import PASSED_OUT, TravellerLine
from engine.scoring.adjusted import Outcome, check_weights, even_weights
from engine.scoring.law77 import score_ns

LAWS = ("16B", "21B", "40B", "73C", "75", "other")
"""The laws an adjustment of this kind follows: unauthorised information (16B, 73C),
misinformation (21B, 40B, 75), or another infraction that changed the auction or the defence."""

ROOM_MIN_TABLES = 3
"""The fewest other tables in the alternative (the contract, else the strain, by the same side)
from which the outcomes are proposed from the room rather than from double dummy. Why three: with
one or two tables a single table's misguess or misdefence would decide the proposal; with three,
two tables agreeing already make a majority, and a club traveller (6 to 13 tables) seldom has
more than three in the same contract. The director's judgement decides either way."""

ROOM = "room_contract"
ROOM_STRAIN = "room_strain"
DD_TABLE_LEAD = "dd_table_lead"
DD_OWN_LEAD = "dd_alternative_lead"
DD_EVERY_LEAD = "dd_every_lead"
DIRECTOR = "director"
RULES = (ROOM, ROOM_STRAIN, DD_TABLE_LEAD, DD_OWN_LEAD, DD_EVERY_LEAD, DIRECTOR)
"""How an alternative's outcomes were proposed:

- ``room_contract``: at least :data:`ROOM_MIN_TABLES` other tables played the contract (level and
  strain; doubled or not) by the same side: each trick total they made, weighted by how many made it;
- ``room_strain``: else at least that many played the strain by the same side, at any level: the
  same, their trick totals;
- ``dd_table_lead``: else the double-dummy tricks with the table's opening lead (the same player
  is on lead and holds it): one outcome;
- ``dd_alternative_lead``: else the double-dummy tricks with the lead the director gave for the
  alternative: one outcome;
- ``dd_every_lead``: else each double-dummy trick total over every card the leader holds, each card
  equally likely (the spread, not a judgement of which leads are normal: the director narrows it);
- ``director``: the director gave the alternative's tricks: one outcome.
"""


@dataclass(frozen=True, slots=True)
class TableResult:
    """What happened at the table, as the director found it.

    Attributes:
        contract: the contract and its declarer.
        tricks: the declarer's side's tricks, 0-13 (``None``: not given).
        lead: the opening lead (``None``: not given).
    """

    contract: Contract
    tricks: int | None = None
    lead: Card | None = None


@dataclass(frozen=True, slots=True)
class Alternative:
    """One alternative the director weighs.

    Attributes:
        contract: the contract (level, strain, doubling) and its declarer.
        lead: the opening lead the director expects in it (``None``: the table's, when it applies).
        tricks: the director's own figure for it, declarer's side's tricks (``None``: proposed).
    """

    contract: Contract
    lead: Card | None = None
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Double dummy for one alternative, from the opening-lead position (declarer's LHO on lead).

    Attributes:
        leader: the seat on lead (declarer's left-hand opponent).
        by_lead: ``(card, declarer's side's tricks)`` for every card the leader holds, in the
            deal's card order (spades ace first).
        with_table_lead: the tricks after the table's lead, ``None`` when another player is on lead
            or the table's lead is not given.
        with_alternative_lead: the tricks after the alternative's own lead, ``None`` without one.
    """

    leader: Seat
    by_lead: tuple[tuple[Card, int], ...]
    with_table_lead: int | None
    with_alternative_lead: int | None

    @property
    def best_defence(self) -> int:
        """The declarer's side's tricks after the leader's best lead (double dummy's "makes")."""
        return min(t for _, t in self.by_lead)

    @property
    def worst_defence(self) -> int:
        """The tricks after the leader's worst lead."""
        return max(t for _, t in self.by_lead)


@dataclass(frozen=True, slots=True)
class Room:
    """The room's own results in an alternative, from the stored traveller (the table itself left out).

    Attributes:
        matched: ``"contract"`` (the contract by the same side), ``"strain"`` (the strain by the same
            side, any level) or ``"none"`` (no table played either).
        tables: the number of tables counted.
        tricks: ``(declarer's side's tricks, tables)`` pairs, fewest tricks first.
    """

    matched: str
    tables: int
    tricks: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class ProposedOutcome:
    """One outcome of an alternative, with its share of the alternative's weight.

    Attributes:
        tricks: the declarer's side's tricks.
        share: the outcome's part of its alternative (the room's tables that made it over the
            tables counted; 1 for one outcome).
        weight: its weight in the adjusted score: the alternative's weight times ``share``.
        score_ns: Law 77 points, North-South's view.
        result: as directors write it, ``"4S E -1"``.
    """

    tricks: int
    share: Fraction
    weight: Fraction
    score_ns: int
    result: str


@dataclass(frozen=True, slots=True)
class AlternativeEvidence:
    """One alternative with its evidence and its outcomes.

    Attributes:
        alternative: as the director gave it.
        weight: the alternative's weight (the director's, or even weights).
        double_dummy: its double-dummy figures.
        room: the room's results in it.
        rule: how its outcomes were proposed, one of :data:`RULES`.
        outcomes: the proposed outcomes, fewest tricks first.
    """

    alternative: Alternative
    weight: Fraction
    double_dummy: DoubleDummy
    room: Room
    rule: str
    outcomes: tuple[ProposedOutcome, ...]


@dataclass(frozen=True, slots=True)
class AlternativesAdvice:
    """The answer: every alternative's evidence and the outcomes of the weighted score.

    Attributes:
        law: the law the director applies (:data:`LAWS`).
        table: the table's result as given; table_score_ns: its Law 77 score (``None`` without tricks).
        alternatives: each with its evidence.
        weights_defaulted: no weights were given: even weights, for the director to set.
    """

    law: str
    table: TableResult
    table_score_ns: int | None
    alternatives: tuple[AlternativeEvidence, ...]
    weights_defaulted: bool

    @property
    def outcomes(self) -> list[Outcome]:
        """Every outcome of every alternative as the scoring's :class:`Outcome` (weights summing to 1),
        labelled ``"4S E -1"``."""
        return [Outcome(o.score_ns, o.weight, o.result) for a in self.alternatives for o in a.outcomes]


def check_law(law: str, *, path: str = "law") -> str:
    """``law`` when it is one of :data:`LAWS`.

    Raises:
        InvalidBoardError: ``path``, key ``alternatives_law``.
    """
    if law not in LAWS:
        raise InvalidBoardError(f"the law is one of {', '.join(LAWS)}, not {law[:12]!r}", path=path,
                                key="alternatives_law", params={"text": law[:12], "known": ", ".join(LAWS)})
    return law


def check_lead(deal: Deal, contract: Contract, lead: Card, *, path: str) -> None:
    """The opening lead is a card of the declarer's left-hand opponent (Law 41A).

    Raises:
        InvalidBoardError: ``path``, key ``alternatives_lead_not_held``: the leader does not hold it.
    """
    leader = contract.declarer.lho
    if lead not in deal.hand(leader):
        holder = deal.holder(lead)
        who = holder.value if holder is not None else "-"
        raise InvalidBoardError(
            f"{contract.declarer.value} declares {contract}: {leader.value} is on lead and does not hold {lead} "
            f"({who} holds it)", path=path, key="alternatives_lead_not_held",
            params={"declarer": contract.declarer.value, "contract": str(contract), "leader": leader.value,
                    "card": str(lead), "holder": who})


def room_results(lines: Sequence[TravellerLine], contract: Contract) -> Room:
    """The room's results in ``contract``'s alternative from traveller ``lines`` (the table's own
    line already left out): the lines with the same level and strain by the same side (doubled
    or not); when fewer than :data:`ROOM_MIN_TABLES` did, the lines in the strain by the same side
    at any level, if more of them; lines without a contract, a declarer or tricks are not counted."""
    side = contract.declaring_side
    played = []
    for ln in lines:
        if ln.contract in (None, PASSED_OUT) or ln.declarer is None or ln.tricks is None:
            continue
        try:
            c = Contract.from_str(ln.contract, ln.declarer)
        except InvalidBoardError:
            continue
        if c.declaring_side is side and c.strain is contract.strain:
            played.append((c, ln.tricks))
    same = [t for c, t in played if c.level == contract.level]
    if len(same) >= ROOM_MIN_TABLES or (same and len(played) == len(same)):
        return Room("contract", len(same), tuple(sorted(Counter(same).items())))
    if played:
        return Room("strain", len(played), tuple(sorted(Counter(t for _, t in played).items())))
    return Room("none", 0, ())


def _double_dummy(deal: Deal, alt: Alternative, table: TableResult, scores: dict[Card, int]) -> DoubleDummy:
    leader = alt.contract.declarer.lho
    by_lead = tuple(sorted(((c, scores[c]) for c in deal.hand(leader)), key=lambda ct: ct[0].index))
    table_lead = None
    if table.lead is not None and table.contract.declarer.lho is leader and table.lead in scores:
        table_lead = scores[table.lead]
    own = scores[alt.lead] if alt.lead is not None else None
    return DoubleDummy(leader, by_lead, table_lead, own)


def _propose(alt: Alternative, dd: DoubleDummy, room: Room) -> tuple[str, list[tuple[int, Fraction]]]:
    """The rule of :data:`RULES` and its ``(tricks, share)`` outcomes."""
    if alt.tricks is not None:
        return DIRECTOR, [(alt.tricks, Fraction(1))]
    if room.tables >= ROOM_MIN_TABLES:
        return (ROOM if room.matched == "contract" else ROOM_STRAIN,
                [(t, Fraction(n, room.tables)) for t, n in room.tricks])
    if dd.with_alternative_lead is not None:
        return DD_OWN_LEAD, [(dd.with_alternative_lead, Fraction(1))]
    if dd.with_table_lead is not None:
        return DD_TABLE_LEAD, [(dd.with_table_lead, Fraction(1))]
    spread = Counter(t for _, t in dd.by_lead)
    total = len(dd.by_lead)
    return DD_EVERY_LEAD, [(t, Fraction(n, total)) for t, n in sorted(spread.items())]


def advise_alternatives(deal: Deal, vulnerability: Vulnerability, table: TableResult, law: str,
                        alternatives: Sequence[Alternative], solver: DoubleDummySolver, *,
                        weights: Sequence[Fraction] | None = None,
                        room: Sequence[TravellerLine] = ()) -> AlternativesAdvice:
    """The evidence for each of ``alternatives`` on ``deal`` and the outcomes of the weighted score.

    Args:
        deal: the complete deal (52 cards, 13 a hand).
        vulnerability: the board's, for Law 77.
        table: the table's contract, declarer, tricks and lead.
        law: one of :data:`LAWS`.
        alternatives: 1 to 10 alternatives.
        solver: the double-dummy port (the runner: validation, the shared cache).
        weights: each alternative's weight (summing to 1), ``None``: even weights.
        room: the other tables' lines of the board's traveller (the table's own left out).

    Each alternative's outcomes follow :data:`RULES`; their weights are the alternative's weight
    times their share, so every outcome's weight sums to 1 (12C1(c)).

    Raises:
        InvalidBoardError: ``law`` (not one of :data:`LAWS`); ``alternatives`` (none, or more than
            10); ``weights`` (not one per alternative, negative, or not summing to 1: 12C1(c));
            ``table_result/lead`` or ``alternatives/<i>/lead`` (a card the leader does not hold);
            ``alternatives/<i>/tricks`` or ``table_result/tricks`` (outside 0-13); ``deal`` (not
            52 distinct cards, 13 a hand).
        SolverError: the solver failed (SolverBusyError when saturated).
    """
    check_law(law)
    deal.verify_complete()
    if not alternatives:
        raise InvalidBoardError("give at least one alternative", path="alternatives", key="alternatives_none")
    if len(alternatives) > 10:
        raise InvalidBoardError("at most 10 alternatives", path="alternatives", key="alternatives_too_many",
                                params={"n": len(alternatives)})
    if table.lead is not None:
        check_lead(deal, table.contract, table.lead, path="table_result/lead")
    for where, tricks in [("table_result/tricks", table.tricks),
                          *((f"alternatives/{i}/tricks", a.tricks) for i, a in enumerate(alternatives))]:
        if tricks is not None and not 0 <= tricks <= 13:
            raise InvalidBoardError(f"tricks are the declarer's side's, 0 to 13, not {tricks}", path=where,
                                    key="alternatives_tricks", params={"n": tricks})
    for i, a in enumerate(alternatives):
        if a.lead is not None:
            check_lead(deal, a.contract, a.lead, path=f"alternatives/{i}/lead")
    defaulted = weights is None
    if weights is None:
        weights = even_weights(len(alternatives))
    if len(weights) != len(alternatives):
        raise InvalidBoardError(f"give one weight for each alternative ({len(alternatives)}), not {len(weights)}",
                                path="weights", key="alternatives_weights_count",
                                params={"n": len(alternatives), "given": len(weights)})
    check_weights(list(weights), path="weights")
    positions = {(a.contract.strain, a.contract.declarer.lho):
                 Position.of_deal(deal, a.contract.strain.trump, a.contract.declarer.lho) for a in alternatives}
    solved = solver.solve_positions(list(positions.values()))
    out = []
    for a, w in zip(alternatives, weights, strict=True):
        cs = solved[positions[(a.contract.strain, a.contract.declarer.lho)]]
        side = a.contract.declaring_side
        scores = {c: cs.side_tricks(c, side) for c, _ in cs.ns_tricks}
        dd = _double_dummy(deal, a, table, scores)
        r = room_results(room, a.contract)
        rule, parts = _propose(a, dd, r)
        outs = tuple(ProposedOutcome(t, share, w * share, score_ns(a.contract, t, vulnerability),
                                     a.contract.result_str(t)) for t, share in parts)
        out.append(AlternativeEvidence(a, w, dd, r, rule, outs))
    table_score = score_ns(table.contract, table.tricks, vulnerability) if table.tricks is not None else None
    return AlternativesAdvice(law, table, table_score, tuple(out), defaulted)


__all__ = ["DD_EVERY_LEAD", "DD_OWN_LEAD", "DD_TABLE_LEAD", "DIRECTOR", "LAWS", "ROOM", "ROOM_MIN_TABLES",
           "ROOM_STRAIN", "RULES", "Alternative", "AlternativeEvidence", "AlternativesAdvice", "DoubleDummy",
           "ProposedOutcome", "Room", "TableResult", "advise_alternatives", "check_law", "check_lead",
           "room_results"]
