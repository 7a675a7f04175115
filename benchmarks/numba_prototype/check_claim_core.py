"""PROTOTYPE check (issue 33): the numba port (benchmarks/numba_prototype/claim_core_numba.py) against
the pure-Python search (engine.rulings.claim_search.search) on random claim positions, and their speeds.

Run: ``.venv/bin/python benchmarks/numba_prototype/check_claim_core.py [--n 200] [--seed 1] [--sizes 2-7]
[--memo dict|tt]`` (needs ``pip install numba``). Each position: a random deal of 2-7 cards a hand,
random trump and leader, 0-3 cards of the trick already played, random show-outs, the side to play
(or the other) claiming all or some of the rest, with a random statement (none, cash a suit, lead a
card, finesse, unblock, ruff, concede, draw trumps) and random findings (class of player, 70C
awareness, the 70E2 rule, sometimes cards played after the claim); sometimes a major penalty card,
the double-dummy order at the root, or the claimer playing any card. Both searches must give the
same bounds, completeness, node count (the port visits the same tree in the same order) and worst
line. Prints the mismatches, then the time of each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "numba_prototype"))

from engine.laws.claims import (  # noqa: E402
    Claim,
    Do,
    Findings,
    PlayerClass,
    Stated,
    Statement,
    SuitOrder,
    TrumpsStated,
    Unaware,
)
from engine.model.cards import FULL_DECK, Suit  # noqa: E402
from engine.model.position import Position  # noqa: E402
from engine.model.seats import SEATS  # noqa: E402
from engine.rulings.claim_ruling import ClaimSetting  # noqa: E402
from engine.rulings.claim_search import search  # noqa: E402

CARD = sorted(FULL_DECK, key=lambda c: c.index)
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def random_case(rnd: random.Random, n: int):  # type: ignore[no-untyped-def]
    """A random claim position with ``n`` cards a hand at the start of the current trick."""
    deck = list(range(52))
    rnd.shuffle(deck)
    hands = [set(deck[i * n:(i + 1) * n]) for i in range(4)]
    trump = rnd.choice([None, *SUITS])
    leader = rnd.randrange(4)
    trick: list[int] = []
    for k in range(rnd.choice([0, 0, 0, 1, 2, 3])):
        seat = (leader + k) % 4
        h = hands[seat]
        if trick:
            follow = [c for c in h if c // 13 == trick[0] // 13]
            pool = follow or list(h)
        else:
            pool = list(h)
        c = rnd.choice(sorted(pool))
        h.discard(c)
        trick.append(c)
    pos = Position.from_cards({SEATS[s]: frozenset(CARD[c] for c in hands[s]) for s in range(4)}, trump,
                              SEATS[leader], tuple(CARD[c] for c in trick))
    to_play = (leader + len(trick)) % 4
    claimer = SEATS[to_play] if rnd.random() < 0.7 else SEATS[(to_play + 1) % 4]
    side = [s for s in range(4) if SEATS[s].side is claimer.side]
    mine = set().union(*(hands[s] for s in side))
    left = pos.tricks_left
    tricks = left if rnd.random() < 0.6 else rnd.randrange(0, left + 1)
    steps: list[Stated] = []
    for _ in range(rnd.choice([0, 0, 1, 2, 3])):
        kind = rnd.choice(["cash", "lead", "finesse", "unblock", "ruff", "concede", "draw"])
        if kind == "cash":
            steps.append(Stated(Do.CASH, suit=rnd.choice(SUITS)))
        elif kind in ("lead", "finesse", "unblock") and mine:
            do = {"lead": Do.LEAD, "finesse": Do.FINESSE, "unblock": Do.UNBLOCK}[kind]
            steps.append(Stated(do, card=CARD[rnd.choice(sorted(mine))]))
        elif kind == "ruff":
            steps.append(Stated(Do.RUFF, suit=rnd.choice(SUITS), seat=SEATS[rnd.choice(side)]))
        elif kind == "concede":
            steps.append(Stated(Do.CONCEDE, suit=rnd.choice(SUITS)))
        elif kind == "draw":
            steps.append(Stated(Do.DRAW_TRUMPS))
    statement = Statement(steps=tuple(steps), trumps=rnd.choice([TrumpsStated.NOT_MENTIONED] * 3 +
                                                                  [TrumpsStated.MENTIONED]))
    after: list[int] = []  # cards played after the claim (70D3), legal ones
    if rnd.random() < 0.15:
        hs = [set(h) for h in hands]
        tr = list(trick)
        lead = leader
        for _ in range(rnd.choice([1, 2])):
            seat = (lead + len(tr)) % 4
            if not hs[seat]:
                break
            follow = [c for c in hs[seat] if tr and c // 13 == tr[0] // 13]
            c = rnd.choice(sorted(follow or hs[seat]))
            hs[seat].discard(c)
            tr.append(c)
            after.append(c)
            if len(tr) == 4:
                break
    findings = Findings(unaware_of_trump=rnd.choice(list(Unaware)), class_of_player=rnd.choice(list(PlayerClass)),
                        suit_order_regulation=rnd.choice([SuitOrder.NONE, SuitOrder.NONE, SuitOrder.TOP_DOWN]),
                        played_after_claim=tuple(CARD[c] for c in after))
    shown = frozenset((SEATS[s], su) for s in range(4) for i, su in enumerate(SUITS)  # some voids shown
                      if not any(c // 13 == i for c in hands[s]) and rnd.random() < 0.4)
    penalty: frozenset = frozenset()
    opp = [s for s in range(4) if s not in side]
    if rnd.random() < 0.1:
        s = rnd.choice(opp)
        if hands[s]:
            penalty = frozenset({CARD[rnd.choice(sorted(hands[s]))]})
    setting = ClaimSetting(pos, shown_out=shown, penalty_cards=penalty)
    claim = Claim(claimer, tricks, statement=statement, findings=findings)
    return setting, claim


def main() -> None:
    """Compare on ``--n`` positions; print mismatches and the times."""
    import claim_core_numba as cc

    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="2-7")
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--memo", default="dict", choices=["dict", "tt"])
    ap.add_argument("--dd-every", type=int, default=4, help="every k-th position gets the DD root order")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.sizes.split("-"))
    rnd = random.Random(args.seed)
    t = time.perf_counter()
    cc.core_search(*random_case(random.Random(0), 3), memo=args.memo)  # compile (or load the cache)
    print(f"first call (compile or cache load): {time.perf_counter() - t:.2f} s")
    solver = None
    bad = 0
    py_t = nb_t = 0.0
    py_nodes = 0
    for i in range(args.n):
        n = lo + i % (hi - lo + 1)
        setting, claim = random_case(rnd, n)
        any_card = rnd.random() < 0.1
        dd_root = None
        if args.dd_every and i % args.dd_every == 0:
            if solver is None:
                from engine.dd import default_solver
                solver = default_solver()
            dd_root = solver.solve_positions([setting.position])[setting.position]
        t0 = time.perf_counter()
        r = search(setting, claim, node_budget=args.budget, claimer_plays_any_card=any_card, dd_root=dd_root)
        t1 = time.perf_counter()
        got = cc.core_search(setting, claim, node_budget=args.budget, claimer_plays_any_card=any_card, dd_root=dd_root,
                             memo=args.memo)
        t2 = time.perf_counter()
        py_t += t1 - t0
        nb_t += t2 - t1
        py_nodes += r.nodes
        want = (r.at_most, r.at_least, r.complete, r.nodes, r.line)
        got = (got.at_most, got.at_least, got.complete, got.nodes, got.line)
        if got != want:
            bad += 1
            print(f"MISMATCH #{i} ({n} cards): python {want}, numba {got}; {setting.position} {claim}")
    print(f"{args.n} positions, {bad} mismatches; python {py_t:.2f} s ({py_nodes / py_t:,.0f} nodes/s), "
          f"numba {nb_t:.3f} s ({py_nodes / nb_t:,.0f} nodes/s): {py_t / nb_t:.0f}x")


if __name__ == "__main__":
    main()
