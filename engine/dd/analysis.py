"""Play analysis: the double-dummy value of a play record before and after every card.

For the director's chart (issue 7) and for the committee asking "where did the result
change?": the value of the position before each card, with the value of every legal card
there, so that each card's cost (what it gave away against double-dummy play) is visible.
It is built from :meth:`DoubleDummySolver.solve_positions`: the positions of one record go
to the solver as one batch in play order, so DDS's transposition table stays warm (about
0.2 ms a position after the first, docs/dds.md section 1.1) and a repeated analysis is
served from the cache.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores
from engine.errors import SolverError
from engine.model.cards import Card
from engine.model.play import PlayRecord
from engine.model.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class CardAnalysis:
    """One card of the record, valued double dummy. Tricks are ``side``'s, over the whole hand.

    Attributes:
        side: whose tricks ``before``, ``after`` and ``by_card`` count.
        index: the card's place in the record, 0-based (trick ``index // 4 + 1``).
        seat: who played it.
        card: the card.
        before: ``side``'s total tricks (won so far plus DD from here) before the card.
        after: the same after the card (``before`` if the card was the best available).
        by_card: ``side``'s total tricks after each legal card the player had, best first
            for the player's side. A revoke card is not among them (it was not legal).
    """

    side: Side
    index: int
    seat: Seat
    card: Card
    before: int
    after: int
    by_card: tuple[tuple[Card, int], ...]

    @property
    def cost(self) -> int:
        """Tricks the card cost the player's side against double-dummy play (0 = no error).

        Negative when the card gained (a revoke can gain; a legal card cannot).
        """
        return self.before - self.after if self.seat.side is self.side else self.after - self.before


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The double-dummy value of a play record card by card, from ``side``'s point of view.

    Attributes:
        side: whose tricks are counted (usually the declaring side).
        start: ``side``'s DD tricks before the opening lead.
        cards: one :class:`CardAnalysis` per card of the record, in play order.
        end: ``side``'s total at the end of the record (tricks won plus DD for the rest, if
            the record stops before trick 13).
    """

    side: Side
    start: int
    cards: tuple[CardAnalysis, ...]
    end: int


def analyse_play(solver: DoubleDummySolver, record: PlayRecord, side: Side) -> PlayAnalysis:
    """The DD value of ``record`` before and after each card, in ``side``'s tricks (0..13).

    Args:
        solver: the double-dummy layer (one batch of ``len(record.cards) + 1`` positions at most).
        record: a validated play record (it may stop early, as in a claim, or hold a revoke).
        side: whose tricks to count.

    Raises:
        SolverError: the solver failed or left a position unanswered.
        SolverBusyError: the solver is saturated (retry later).
    """
    cards = record.cards
    n = len(cards)
    positions = [record.position_before(i) for i in range(min(n + 1, 52))]
    answers = solver.solve_positions(positions)

    def won(i: int) -> int:  # side's tricks among the tricks completed within the first i cards
        return sum(1 for w in record.winners[: i // 4] if w.side is side)

    def scores(i: int) -> CardScores:
        try:
            return answers[positions[i]]
        except KeyError:
            raise SolverError(f"no double-dummy answer before card {i + 1} of the record") from None

    def total(i: int) -> int:
        if i >= 52:
            return won(52)
        cs = scores(i)
        ns = cs.best_ns()
        return won(i) + (ns if side is Side.NS else cs.tricks_left - ns)

    totals = [total(i) for i in range(n + 1)]
    out: list[CardAnalysis] = []
    for i, pc in enumerate(cards):
        cs = scores(i)
        base = won(i)
        vals = sorted(((c, base + cs.side_tricks(c, side)) for c, _ in cs.ns_tricks), reverse=True)
        vals.sort(key=lambda cv: -cv[1] if pc.seat.side is side else cv[1])  # stable: high cards first on ties
        out.append(CardAnalysis(side, i, pc.seat, pc.card, totals[i], totals[i + 1], tuple(vals)))
    return PlayAnalysis(side, totals[0], tuple(out), totals[n])
