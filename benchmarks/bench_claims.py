"""Claim rulings on real deals: the full ruling time per size, against one raw DDS solve of the
same positions (issue 33, "Speed").

Run: ``.venv/bin/python benchmarks/bench_claims.py [--per-size 4] [--sizes 2-13] [--seed 33]
[--time-limit 45] [--node-budget N] [--json out.json] [--positions picks.json]``
(``ADVISOR_CLAIM_CORE=python`` for the Python search).

**Positions.** Real boards of ``../shared/data`` (the PBN files with play records in ``pbn-files``,
the LIN files in ``lin-files``), read in an order the seed fixes: each board's recorded play is
taken up to the end of a trick, leaving 2 to 13 cards a hand (at 13, up to the opening lead),
``--per-size`` positions per size, at most one position a board and two a file. The claim is made by
the side actually winning the rest: the side to play when, double dummy, it takes at least half of
the tricks left; it claims that double-dummy number (all the rest when it takes them all). Per size
one slot is a defender's claim (70D2; none at 13 cards), one a declarer's claim with a typical
statement (draw trumps when the opponents hold any, then cash each suit the side heads, longest
first), the rest declarer's claims with no statement (the widest normal set). Findings: the defaults
(club player, no suit-order rule, awareness of trumps unknown). The picks are printed with their
file, board, room and trick, and ``--json`` writes them (with every figure) so that ``--positions``
can re-run exactly those. ``benchmarks/claim_positions.json`` holds the 48 picks of the defaults
(seed 33, 4 a size; the figures in benchmarks/README.md).

**Figures.** Per position, in this process: the full ruling, ``engine.rulings.claim.adjudicate_claim``
through a fresh ``engine.dd.default_solver()`` (its own empty cache, DDS's transposition table
dropped), with the node budget the app gives (``engine.rulings.claim_search.node_budget_for``: 4 M
a search up to 8 cards, 50 M for a bigger claim, ruled as a job) or ``--node-budget``, wall time;
whether it answered an interval (the search stopped at its node budget or time limit); the main
search's nodes; and the raw DDS time of the claim position: one endplay
``solve_board`` (all cards) on a backend whose transposition table was just dropped. Per size:
p50 / p95 / max of the ruling time, intervals, nodes, DDS median, and the ratio of the summed
ruling time to the summed DDS time. The issue's targets: up to 8 cards p95 <= 1 s; 9-13 cards a
single figure within 15 s for at least 90% of the positions.

Only public functions are called (``adjudicate_claim``, ``ClaimSetting.of_board``, the claim value
types), so the script runs against whichever search is on the branch; ``ADVISOR_CLAIM_CORE=python``
runs the Python search. The compiled core is made ready before the first ruling, as the app does at
its start. Not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.dd import default_solver  # noqa: E402
from engine.dd.endplay_backend import EndplayBackend  # noqa: E402
from engine.laws.claims import Claim, Do, Stated, Statement, TrumpsStated  # noqa: E402
from engine.model.board import BoardRecord  # noqa: E402
from engine.model.cards import Suit  # noqa: E402
from engine.model.position import Position  # noqa: E402
from engine.model.seats import Seat, Side  # noqa: E402
from engine.records.boards import board_from_game  # noqa: E402
from engine.records.files import load_games  # noqa: E402
from engine.rulings.claim import adjudicate_claim  # noqa: E402
from engine.rulings.claim_ruling import ClaimSetting  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass
class Pick:
    """One claim position: where it comes from and the claim made there."""

    size: int  # cards a hand at the claim
    file: str  # relative to ../shared/data
    game: int  # index of the game in the file (the board and room below say the same to a reader)
    board: str
    room: str
    trick: int  # the claim is made at this trick of the board (14 - size)
    in_trick: int  # cards already played to it (0; 1 at 13 cards: the claim after the opening lead)
    claimer: str  # seat
    role: str  # "declarer", "declarer+statement", "defender"
    tricks: int  # claimed, of the tricks left
    dd: int  # the claiming side's tricks double dummy, of the tricks left
    results: dict[str, Any] = field(default_factory=dict)


def record_files() -> list[Path]:
    """Every PBN and LIN file of the corpus, in a fixed order."""
    out = [p for p in (DATA / "pbn-files").rglob("*") if p.suffix.lower() == ".pbn"]
    out += [p for p in (DATA / "lin-files").rglob("*") if p.suffix.lower() == ".lin"]
    return sorted(out)


def cut(size: int) -> int:
    """Cards played before a claim with ``size`` cards a hand: whole tricks, and at 13 cards the
    opening lead (the declarer's side is never on lead at trick 1)."""
    return 4 * (13 - size) + (1 if size == 13 else 0)


def claim_board(path: Path, game_index: int, size: int) -> BoardRecord:
    """The board of ``path``'s game ``game_index`` with its play cut at the claim (:func:`cut`)."""
    board = board_from_game(load_games(path)[game_index], str(path.relative_to(DATA)))
    return BoardRecord(board.deal, board.contract, board.vulnerability, board.play[:cut(size)], board.label,
                       board.recorded_result, board.marked_revokes)


def typical_statement(pos: Position, side: Side) -> Statement:
    """What a declarer typically says: "drawing trumps, then the hearts and the clubs": draw
    trumps when the opponents hold one, then cash each plain suit the side heads, longest first."""
    mine = [pos.hand(s) for s in side.seats]
    theirs = [pos.hand(s) for s in side.other.seats]
    steps: list[Stated] = []
    words: list[str] = []
    trump = pos.trump
    if trump is not None and any(c.suit is trump for h in theirs for c in h) and any(c.suit is trump for h in mine
                                                                                      for c in h):
        steps.append(Stated(Do.DRAW_TRUMPS))
        words.append("drawing trumps")
    heads = []
    for su in SUITS:
        if su is trump:
            continue
        ours = [c for h in mine for c in h if c.suit is su]
        opp = [c for h in theirs for c in h if c.suit is su]
        if ours and (not opp or max(c.index for c in ours) > max(c.index for c in opp)):
            heads.append((-len(ours), su))
    for _, su in sorted(heads, key=lambda x: (x[0], SUITS.index(x[1]))):
        steps.append(Stated(Do.CASH, suit=su))
        words.append(f"the {su.name.lower()}")
    return Statement(text=", then ".join(words) or "the rest are mine", steps=tuple(steps),
                     trumps=TrumpsStated.DRAWS_FIRST if steps and steps[0].do is Do.DRAW_TRUMPS
                     else TrumpsStated.NOT_MENTIONED)


def slots(size: int, per_size: int) -> list[str]:
    """The roles of one size's positions: a defender's claim (not at 13 cards: after the opening
    lead the declarer's side is to play), a declarer's with a statement, the rest declarer's
    claims without one."""
    out = ["declarer"] * per_size
    if per_size >= 2 and size < 13:
        out[-1] = "defender"
    if per_size >= 3:
        out[-2] = "declarer+statement"
    return out


def pick_positions(sizes: list[int], per_size: int, seed: int) -> list[Pick]:
    """Claim positions from the corpus, in an order fixed by ``seed`` (see the module's docstring)."""
    backend = EndplayBackend()
    rnd = random.Random(seed)
    files = record_files()
    rnd.shuffle(files)
    wanted = {k: slots(k, per_size) for k in sizes}
    picks: list[Pick] = []
    for path in files:
        if not any(wanted.values()):
            break
        try:
            games = load_games(path)
        except Exception:
            continue
        order = list(range(len(games)))
        rnd.shuffle(order)
        from_file = 0
        for gi in order:
            if from_file >= 2 or not any(wanted.values()):
                break
            game = games[gi]
            if game.play_section is None:
                continue
            try:
                board = board_from_game(game, str(path.relative_to(DATA)))
                rec = board.play_record()
            except Exception:
                continue
            done = rec.completed_tricks
            open_sizes = [k for k in sizes if wanted[k] and 13 - k <= min(done, 11) and len(rec.cards) > cut(k)]
            if not open_sizes:
                continue
            most = max(len(wanted[k]) for k in open_sizes)
            size = rnd.choice([k for k in open_sizes if len(wanted[k]) == most])
            pos = rec.position_before(cut(size))
            left = pos.tricks_left
            ns = backend.solve_batch([pos])[0].best_ns()
            lead_side = pos.to_play.side
            dd = ns if lead_side is Side.NS else left - ns
            if 2 * dd < left or dd == 0:
                continue  # the side on lead is not the one winning the rest
            decl = board.contract.declarer
            role = "declarer" if lead_side is decl.side else "defender"
            slot = next((r for r in wanted[size] if r.startswith(role)), None)
            if slot is None:
                continue
            if slot == "declarer+statement" and not typical_statement(pos, lead_side).steps:
                slot = "declarer" if "declarer" in wanted[size] else None
                if slot is None:
                    continue
            wanted[size].remove(slot)
            claimer = decl if role == "declarer" else pos.to_play
            picks.append(Pick(size, str(path.relative_to(DATA)), gi, game.board or "?", game.room or "",
                              14 - size, cut(size) % 4, claimer.value, slot, dd, dd))
            from_file += 1
    return sorted(picks, key=lambda p: (p.size, p.file, p.game))


def run_one(pick: Pick, time_limit: float, node_budget: int | None = None) -> None:
    """Rule on ``pick`` (fresh solver) and time one raw DDS solve of its position; fill ``pick.results``.
    ``node_budget``: the ruling's (default: the engine's)."""
    board = claim_board(DATA / pick.file, pick.game, pick.size)
    setting = ClaimSetting.of_board(board)
    pos = setting.position
    claimer = Seat.from_str(pick.claimer)
    statement = typical_statement(pos, claimer.side) if pick.role == "declarer+statement" else Statement()
    claim = Claim(claimer, pick.tricks, statement=statement)
    solver = default_solver()  # an empty cache; a new backend drops DDS's transposition table
    t0 = time.perf_counter()
    try:  # as the app gives it: a bigger budget for a claim ruled as a job (more than 8 cards a hand)
        from engine.rulings.claim_search import node_budget_for
        budget = node_budget if node_budget is not None else node_budget_for(pos.tricks_left)
        extra = {"node_budget": budget}
    except ImportError:  # an older engine: its default
        extra = {"node_budget": node_budget} if node_budget is not None else {}
    ruling = adjudicate_claim(setting, claim, solver, time_limit=time_limit, **extra)
    ms = (time.perf_counter() - t0) * 1000
    backend = EndplayBackend()  # the transposition table dropped again: a fresh solve
    t1 = time.perf_counter()
    backend.solve_batch([pos])
    dd_ms = (time.perf_counter() - t1) * 1000
    lo, hi = ruling.awarded_range
    found = getattr(ruling, "search", None)  # read defensively: the script runs against whatever is on main
    pick.results = {
        "ms": ms, "dd_ms": dd_ms, "interval": lo != hi or not getattr(found, "complete", True),
        "awarded": ruling.awarded, "range": [lo, hi], "dd": ruling.dd_claimer, "nodes": getattr(found, "nodes", 0),
        "search_ms": getattr(found, "ms", 0.0), "points": len(getattr(ruling, "doubtful_points", ())),
        "statement": statement.text,
    }


def pct(xs: list[float], q: float) -> float:
    """The q-quantile by the nearest-rank method (p95 of 4 values is the largest)."""
    s = sorted(xs)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def report(picks: list[Pick]) -> None:
    """One row per size, then the issue's targets."""
    print(f"{'cards':>5} {'n':>3} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'intvl':>5} {'<DD':>4} "
          f"{'nodes med':>10} {'nodes max':>10} {'DDS ms med':>10} {'ratio':>8}")
    for size in sorted({p.size for p in picks}):
        rows = [p.results for p in picks if p.size == size and p.results]
        if not rows:
            continue
        ms = [r["ms"] for r in rows]
        dd = [r["dd_ms"] for r in rows]
        nodes = [r["nodes"] for r in rows]
        below = sum(1 for r in rows if r["range"][1] < r["dd"])
        print(f"{size:>5} {len(rows):>3} {pct(ms, .5):>9,.1f} {pct(ms, .95):>9,.1f} {max(ms):>9,.1f} "
              f"{sum(r['interval'] for r in rows):>5} {below:>4} {statistics.median(nodes):>10,.0f} "
              f"{max(nodes):>10,} {statistics.median(dd):>10.2f} {sum(ms) / sum(dd):>7.0f}x")
    small = [p.results["ms"] for p in picks if p.size <= 8 and p.results]
    big = [p.results for p in picks if p.size >= 9 and p.results]
    if small:
        print(f"up to 8 cards: p95 {pct(small, .95):,.0f} ms over {len(small)} positions (target <= 1,000 ms); "
              f"{sum(1 for x in small if x > 2000)} over 2 s")
    if big:
        ok = sum(1 for r in big if not r["interval"] and r["ms"] <= 15_000)
        print(f"9-13 cards: {ok} of {len(big)} a single figure within 15 s ({100 * ok / len(big):.0f}%, target >= 90%)")


def main() -> None:
    """Pick (or read) the positions, rule on each, print the per-size table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-size", type=int, default=4)
    ap.add_argument("--sizes", default="2-13")
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds for one ruling's searches (default: the engine's DEFAULT_TIME_LIMIT)")
    ap.add_argument("--node-budget", type=int, default=None,
                    help="nodes a search may visit (default: as the app gives it, node_budget_for(cards))")
    ap.add_argument("--json", help="write the picks and every figure here")
    ap.add_argument("--positions", help="re-run the picks of an earlier --json file")
    args = ap.parse_args()
    from engine.rulings.claim import DEFAULT_TIME_LIMIT

    limit = args.time_limit if args.time_limit is not None else DEFAULT_TIME_LIMIT
    lo, hi = (int(x) for x in args.sizes.split("-"))
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()}); time limit {limit:.0f} s")
    if args.positions:
        picks = [Pick(**{k: v for k, v in d.items() if k != "results"})
                 for d in json.loads(Path(args.positions).read_text())["picks"]]
        picks = [p for p in picks if lo <= p.size <= hi]
    else:
        t = time.perf_counter()
        picks = pick_positions(list(range(lo, hi + 1)), args.per_size, args.seed)
        print(f"picked {len(picks)} positions in {time.perf_counter() - t:.1f} s")
    from engine.rulings.claim_search import core_wanted, warm_core

    # as the app does at start: numba's kernel compiled or loaded before the first ruling
    took = warm_core() if core_wanted() else None
    core = f"compiled core ready in {took:.2f} s" if took is not None else "Python"
    print(f"claim search: {core}; node budget {args.node_budget or 'as the app gives it'}")
    for p in picks:
        run_one(p, limit, args.node_budget)
        r = p.results
        print(f"  {p.size:>2} cards  {p.file} game {p.game} (board {p.board} {p.room}) trick {p.trick}: "
              f"{p.claimer} ({p.role}) claims {p.tricks}, DD {r['dd']}; awarded {r['awarded']} {r['range']}"
              f"{' INTERVAL' if r['interval'] else ''}; {r['ms']:,.0f} ms, {r['nodes']:,} nodes, "
              f"{r['points']} doubtful; DDS {r['dd_ms']:.2f} ms", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps({"picks": [asdict(q) for q in picks]}, indent=1))
    report(picks)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
