"""Where the claim search's time goes (issue 33): the search alone (``engine.rulings.claim_search.search``,
the double-dummy root order given, no solver in the loop) on chosen positions of bench_claims.py.

Run: ``.venv/bin/python benchmarks/profile_claims.py --positions picks.json [--only 8:NTOHUO23:22 ...]
[--cprofile out.prof]``, or under a sampling profiler:
``.venv/bin/py-spy record -r 250 -o prof.txt -f raw -- .venv/bin/python benchmarks/profile_claims.py ...``
(``pip install py-spy``). ``--only SIZE:FILE-PART:GAME`` picks positions of the bench_claims.py JSON
(``--json``); without it, every position of 7 cards or more whose search took over a second there.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_claims import DATA, Pick, claim_board, typical_statement  # noqa: E402

from engine.dd import default_solver  # noqa: E402
from engine.laws.claims import Claim, Statement  # noqa: E402
from engine.model.seats import Seat  # noqa: E402
from engine.rulings.claim_ruling import ClaimSetting  # noqa: E402
from engine.rulings.claim_search import search  # noqa: E402


def load(path: str, only: list[str]) -> list[Pick]:
    """The picks of a bench_claims.py JSON, filtered by ``--only`` (or the slow ones)."""
    picks = [Pick(**d) for d in json.loads(Path(path).read_text())["picks"]]
    if only:
        out = []
        for spec in only:
            size, part, game = spec.split(":")
            out += [p for p in picks if p.size == int(size) and part in p.file and p.game == int(game)]
        return out
    return [p for p in picks if p.size >= 7 and p.results.get("search_ms", 0) > 1000]


def setting_and_claim(p: Pick) -> tuple[ClaimSetting, Claim]:
    """The pick's position and claim, as bench_claims.py builds them."""
    setting = ClaimSetting.of_board(claim_board(DATA / p.file, p.game, p.size))
    seat = Seat.from_str(p.claimer)
    st = typical_statement(setting.position, seat.side) if p.role == "declarer+statement" else Statement()
    return setting, Claim(seat, p.tricks, statement=st)


def main() -> None:
    """Run the searches (under cProfile with ``--cprofile``) and print nodes, time and nodes/s."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", required=True)
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--cprofile")
    args = ap.parse_args()
    solver = default_solver()
    cases = []
    for p in load(args.positions, args.only):
        setting, claim = setting_and_claim(p)
        cases.append((p, setting, claim, solver.solve_positions([setting.position])[setting.position]))
    prof = cProfile.Profile() if args.cprofile else None
    for p, setting, claim, root in cases:
        if prof:
            prof.enable()
        t = time.perf_counter()
        r = search(setting, claim, node_budget=args.budget, dd_root=root)
        dt = time.perf_counter() - t
        if prof:
            prof.disable()
        print(f"{p.size} cards {p.file} game {p.game}: [{r.at_least}, {r.at_most}] complete={r.complete} "
              f"{r.nodes:,} nodes {dt:.2f} s {r.nodes / dt:,.0f} nodes/s", flush=True)
    if prof:
        prof.dump_stats(args.cprofile)
        pstats.Stats(args.cprofile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
