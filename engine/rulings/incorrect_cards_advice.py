"""The shapes of a ruling on an incorrect number of cards (Laws 13, 14): the case as the director
reports it, the double-dummy evidence on the corrected deal, a scored result, what the offending
side gained (12B1), and the whole advice with its plausible results (12C1(c)).

Trick counts are the declarer's side's, 0..13; scores are points, North-South's view. Built by
:func:`engine.rulings.incorrect_cards.advise_incorrect_cards`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.dd.results import DDTable, ParResult
from engine.laws.card_count import Action, CardCountDecision, CardCountFacts
from engine.laws.card_irregularity import CardIrregularity
from engine.laws.steps import Step
from engine.model.cards import Card
from engine.model.contract import Contract, Doubling
from engine.model.deal import Deal
from engine.model.seats import Seat, Side, Vulnerability
from engine.rulings.revoke_advice import RevokeAdvice
from engine.scoring import ArtificialScore, PlausibleResult, Profile


@dataclass(frozen=True, slots=True)
class IncorrectCardsCase:
    """A Law 13 / 14 case as the director reports it.

    Attributes:
        found: each seat's cards as found at the table (12, 13, 14 cards; a card may be there twice).
        facts: when it was discovered and what the director established.
        hand_record: the deal as it should have been (52 distinct cards, 13 each), if known.
        dealer: the dealer (for par).
        vulnerability: the board's vulnerability.
        contract: the contract reached with its declarer, or ``None`` (passed out, or the
            auction is not over).
        play: the cards played so far, in order from the opening lead (made with the hands as found).
        tricks: the same play given trick by trick, when the director gave it so: a trick may
            then hold five cards (a player played two, 67B2) or three (a player did not play,
            67B1). ``play`` is then its cards in order.
        table_tricks: the declarer's side's tricks at the table when play ended (a claim), if
            the play record does not show all 13 tricks.
        label: how to name the board to the director.
    """

    found: Mapping[Seat, tuple[Card, ...]]
    facts: CardCountFacts
    hand_record: Deal | None = None
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    contract: Contract | None = None
    play: tuple[Card, ...] = ()
    table_tricks: int | None = None
    label: str = ""
    tricks: tuple[tuple[Card, ...], ...] | None = None



@dataclass(frozen=True, slots=True)
class DDEvidence:
    """Double-dummy evidence on the corrected deal. Tricks are the declarer's side's, 0..13.

    Attributes:
        deal: the corrected deal.
        table: its DD table (every strain, every declarer).
        par: its par for the board's vulnerability and dealer.
        contract_tricks: DD tricks of the contract reached, from the opening lead; ``None``
            without a contract.
        from_discovery: tricks won in the play so far plus DD for the rest, when the play so
            far fits the corrected deal and stops before trick 13; else ``None``.
        as_played: what the solver can say about the deal as it was actually played.
        as_played_counts: the cards each hand held as found, e.g. ``"N 12, E 13, S 13, W 14"``.
    """

    deal: Deal
    table: DDTable
    par: ParResult
    contract_tricks: int | None
    from_discovery: int | None
    as_played: str
    as_played_counts: str = ""



@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result to enter: the contract, declarer's side's tricks, the result as TDs write it
    and the Law 77 score in points, North-South view. Used for an assigned adjusted score
    (12C1(b)) and for the result after the revoke laws (14B4, 67B)."""

    contract: Contract
    tricks: int
    result: str
    score_ns: int



@dataclass(frozen=True, slots=True)
class OffenderGain:
    """Law 12B1 on Laws 13 and 14: the result the advisor would otherwise assign (double dummy on
    the corrected deal) is better than the table result for a side at fault, so it is not assigned:
    an adjustment never gives the side at fault more than its table score, and never leaves the
    non-offending side worse than its table score because of the other side's irregularity. The
    table result is then the assigned adjusted score for both sides (the proposal can only move
    towards the non-offending side). Only when exactly one side is at fault (12C2(a)
    responsibility not "none"). Points are Law 77, North-South's view; tricks the declarer's
    side's, 0..13.

    Attributes:
        offending: the only side at fault.
        table: the table result (cancelled under 13D, still the bound of the adjustment).
        double_dummy: the result double dummy gives on the corrected deal (the contract reached).
        profile: the jurisdiction profile (its usual procedural penalty).
    """

    offending: Side
    table: ScoredResult
    double_dummy: ScoredResult
    profile: Profile



@dataclass(frozen=True, slots=True)
class TableBeside:
    """The table's score for both sides beside the proposal (Laws 13, 14 with 12B1): what each
    side scored at the table and what the proposal gives it. Points are each side's own Law 77
    points (``points_*`` methods) or North-South's view (the :class:`ScoredResult` fields).

    Attributes:
        table: the table result (cancelled under 13D: shown as the bound of the adjustment).
        proposal: the result the advisor proposes to enter for both sides (an assigned score, the
            result after the revoke laws, or under 13C the table result itself); ``None`` when
            the proposal is an artificial adjusted score.
        artificial: the artificial adjusted score of each side (12C2(a)) when that is the
            proposal (the director rules the board unplayable: it is not bounded by the table
            score), else empty.
        bounded: Law 12B1 kept the proposal at the table result (:class:`OffenderGain`).
    """

    table: ScoredResult
    proposal: ScoredResult | None
    artificial: Mapping[Side, ArtificialScore] = field(default_factory=dict)
    bounded: bool = False

    def table_points(self, side: Side) -> int:
        """The table result's Law 77 points from ``side``'s own view (East-West: minus North-South's)."""
        return self.table.score_ns if side is Side.NS else -self.table.score_ns

    def proposal_points(self, side: Side) -> int | None:
        """The proposal's Law 77 points from ``side``'s own view; ``None`` when it is artificial."""
        if self.proposal is None:
            return None
        return self.proposal.score_ns if side is Side.NS else -self.proposal.score_ns



@dataclass(frozen=True, slots=True)
class IncorrectCardsAdvice:
    """The advisor's answer on a Law 13 / 14 case.

    Attributes:
        case: the case as given.
        irregularity: what was found.
        decision: the law path, the action and the fault of each side.
        evidence: DD evidence on the corrected deal, or ``None`` when it cannot be told.
        assigned: the proposed assigned adjusted score, when one is possible.
        artificial: the artificial adjusted score of each side (12C2), when an adjusted score
            is due: the proposal when nothing can be assigned, else the alternative.
        revoke: the Law 64 ruling on the corrected deal when a restored card makes a revoke
            (14B4), else ``None``.
        ruled_result: the result after the revoke laws (14B4 through the Law 64 engine, or the
            deemed revoke of 67B1), when the table result is known.
        table_score_ns: the table result's score, North-South view, when it is known.
        steps: every step with its law: the findings, the path, the evidence, the proposal.
        table_tricks: the table result, declarer's side's tricks 0..13, when it is known (the
            tricks that score ``table_score_ns``).
        offender_gain: the double-dummy result would favour a side at fault over its table
            result (12B1): the table result is assigned instead (``assigned`` is the table result).
        beside: the table's score for both sides beside the proposal, when the table result is
            known and something is proposed.
    """

    case: IncorrectCardsCase
    irregularity: CardIrregularity
    decision: CardCountDecision
    evidence: DDEvidence | None
    assigned: ScoredResult | None
    artificial: Mapping[Side, ArtificialScore] = field(default_factory=dict)
    revoke: RevokeAdvice | None = None
    ruled_result: ScoredResult | None = None
    table_score_ns: int | None = None
    steps: tuple[Step, ...] = ()
    table_tricks: int | None = None
    offender_gain: OffenderGain | None = None
    beside: TableBeside | None = None

    @property
    def action(self) -> Action:
        """What the director does (shortcut for ``decision.action``)."""
        return self.decision.action

    def plausible_results(self) -> tuple[PlausibleResult, ...]:
        """Candidate outcomes of a weighted assigned score on the corrected deal: the contract
        reached, played double dummy, and the par contract(s) (what a double-dummy auction
        reaches) when they score differently; empty when no score can be assigned. When the
        double-dummy result favours a side at fault (:class:`OffenderGain`), the table result
        alone (12B1: the proposal can only move towards the non-offending side)."""
        gain = self.offender_gain
        if gain is not None:
            t = gain.table
            return (PlausibleResult(t.result, t.tricks, t.score_ns, TABLE_EVIDENCE),)
        ev, contract = self.evidence, self.case.contract
        if ev is None or not (self.decision.adjusted or self.decision.optional_adjustment):
            return ()
        out: list[PlausibleResult] = []
        if self.assigned is not None:
            out.append(PlausibleResult(self.assigned.result, self.assigned.tricks, self.assigned.score_ns,
                                       DD_EVIDENCE))
        for pc in ev.par.contracts[:1]:
            par = Contract(pc.level, pc.strain, Doubling.DOUBLED if pc.doubled else Doubling.UNDOUBLED,
                           pc.declarers[0])
            tricks = pc.level + 6 + pc.result
            if ev.par.score_ns not in [p.score_ns for p in out]:
                out.append(PlausibleResult(par.result_str(tricks), tricks, ev.par.score_ns,
                                           "par on the corrected deal (the double-dummy auction's contract)"))
        return tuple(out) if contract is not None else ()



DD_EVIDENCE = "the contract reached, played double dummy on the corrected deal"
"""A plausible result's evidence: the double-dummy result of the contract on the corrected deal."""
TABLE_EVIDENCE = "the table result, the less favourable result for the side at fault (12B1)"
"""A plausible result's evidence: the table result kept because double dummy favours the side at fault (12B1)."""
