"""The claim search (engine.rulings.claim) on claim positions of 2-8 cards a hand, with the same
positions' double-dummy time beside it.

Run: ``.venv/bin/python benchmarks/bench_claims.py [--per-size 10] [--sizes 2-8] [--budget 400000]``.

Positions as in docs/claims.md 2.6(b): random deals played double-dummy-greedily (the first
DD-best card each time) to the claim point; the side on lead claims every remaining trick with
no statement, club player, no suit-order rule, awareness of trumps unknown. Per size: how many
positions the normal-min is below DD, nodes and milliseconds (median / max) of the search, how
many hit the node budget (answered as an interval), and the DDS time of the root position (a
fresh position each time, so never a cache hit). Not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.dd import default_solver
from engine.laws.claim_masks import trick_winner
from engine.laws.claims import Claim
from engine.model.cards import FULL_DECK, SUIT_ORDER, Suit
from engine.model.deal import Deal
from engine.model.position import Position
from engine.model.seats import SEATS
from engine.rulings.claim_ruling import ClaimSetting
from engine.rulings.claim_search import search


def greedy_position(solver, rnd: random.Random, cards_left: int) -> Position:  # type: ignore[no-untyped-def]
    """A random deal played double-dummy-greedily until each hand holds ``cards_left`` cards."""
    deck = sorted(FULL_DECK, key=lambda c: c.index)
    rnd.shuffle(deck)
    deal = Deal.from_hands({s: frozenset(deck[i * 13:(i + 1) * 13]) for i, s in enumerate(SEATS)})
    trump = rnd.choice([None, *Suit])
    pos = Position.of_deal(deal, trump, rnd.choice(SEATS))
    hands = {s: set(deal.hand(s)) for s in SEATS}
    leader, trick = pos.leader, []
    while len(hands[leader]) > cards_left or trick:
        p = Position.from_cards({s: frozenset(h) for s, h in hands.items()}, trump, leader, tuple(trick))
        scores = solver.solve_positions([p])[p]
        best = scores.best_ns()
        card = next(c for c, t in scores.ns_tricks if t == best)
        seat = p.to_play
        hands[seat].discard(card)
        trick.append(card)
        if len(trick) == 4:
            w = trick_winner(tuple(c.index for c in trick), SEATS.index(leader),
                             SUIT_ORDER.index(trump) if trump else -1)
            leader, trick = SEATS[w], []
    return Position.from_cards({s: frozenset(h) for s, h in hands.items()}, trump, leader)


def main() -> None:
    """Print one row per size."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-size", type=int, default=10)
    ap.add_argument("--sizes", default="2-8")
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--seed", type=int, default=27)
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.sizes.split("-"))
    solver = default_solver()
    rnd = random.Random(args.seed)
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'cards':>5} {'n':>3} {'<DD':>4} {'budget hit':>10} {'nodes med/max':>18} {'search ms med/max':>20} "
          f"{'DDS ms med/max':>15}")
    for size in range(lo, hi + 1):
        nodes, ms, dd_ms, below, hit = [], [], [], 0, 0
        for _ in range(args.per_size):
            pos = greedy_position(solver, rnd, size)
            t0 = time.perf_counter()
            ns = solver.solve_positions([pos])[pos].best_ns()
            dd_ms.append((time.perf_counter() - t0) * 1000)
            claimer = pos.leader
            dd = ns if claimer.side.value == "NS" else pos.tricks_left - ns
            r = search(ClaimSetting(pos), Claim(claimer, pos.tricks_left), node_budget=args.budget)
            nodes.append(r.nodes)
            ms.append(r.ms)
            below += r.at_most < dd
            hit += not r.complete
        print(f"{size:>5} {len(ms):>3} {below:>4} {hit:>10} {statistics.median(nodes):>9,.0f} / {max(nodes):>7,} "
              f"{statistics.median(ms):>9,.0f} / {max(ms):>8,.0f} {statistics.median(dd_ms):>6.2f} / "
              f"{max(dd_ms):>6.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
