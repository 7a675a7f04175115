"""The claim search alone, compiled and in Python (issue 33): nodes a second, and the nodes and time a
search takes to finish, on the real-deal positions of bench_claims.py.

Run: ``.venv/bin/python benchmarks/bench_claim_core.py [--positions benchmarks/claim_positions.json]
[--sizes 2-13] [--budget 400000] [--big 50000000] [--python]``. Per position: the main search of the
ruling (``engine.rulings.claim_search.search``, the double-dummy root order given, no solver in the
loop), compiled at ``--budget`` and at ``--big`` (the nodes a finished search needs, and its time);
with ``--python``, the Python reference (``ADVISOR_CLAIM_CORE=python``) at ``--budget`` too, checked
equal (bounds, completeness, nodes, line). Prints one row a position and the compiled search's rate:
what ``DEFAULT_NODE_BUDGET`` can be for a synchronous ruling held under 2 s. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_claims import Pick  # noqa: E402
from profile_claims import setting_and_claim  # noqa: E402

from engine.dd import default_solver  # noqa: E402
from engine.rulings.claim_search import _MEMO, CORE_ENV, search, warm_core  # noqa: E402


def main() -> None:
    """Run the searches; print a row a position, then the rates."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", default=str(ROOT / "benchmarks" / "claim_positions.json"))
    ap.add_argument("--sizes", default="2-13")
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--big", type=int, default=50_000_000)
    ap.add_argument("--python", action="store_true", help="also the Python search at --budget, checked equal")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.sizes.split("-"))
    print(f"load average before: {os.getloadavg()[0]:.2f}; compiled core ready in {warm_core():.2f} s")
    picks = [Pick(**{k: v for k, v in d.items() if k != "results"})
             for d in json.loads(Path(args.positions).read_text())["picks"]]
    solver = default_solver()
    rates: dict[int, list[float]] = {}
    bad = 0
    for p in picks:
        if not lo <= p.size <= hi:
            continue
        setting, claim = setting_and_claim(p)
        root = solver.solve_positions([setting.position])[setting.position]
        row = f"{p.size:>2} {p.file[-28:]:>28} g{p.game:<4}"
        got = {}
        kinds = ["numba", "python"] if args.python else ["numba"]
        for kind in kinds:
            os.environ[CORE_ENV] = kind
            _MEMO.clear()
            t = time.perf_counter()
            r = search(setting, claim, node_budget=args.budget, dd_root=root)
            dt = time.perf_counter() - t
            got[kind] = (r.at_most, r.at_least, r.complete, r.nodes, r.line)
            row += f" | {kind} [{r.at_least},{r.at_most}]{'' if r.complete else '*'} {r.nodes:>9,} {dt:7.3f} s"
        if args.python and got["numba"] != got["python"]:
            bad += 1
            row += "  DIFFERENT"
        os.environ[CORE_ENV] = "numba"
        _MEMO.clear()
        t = time.perf_counter()
        r = search(setting, claim, node_budget=args.big, dd_root=root)
        dt = time.perf_counter() - t
        rates.setdefault(p.size, []).append(r.nodes / dt)
        row += f" | big [{r.at_least},{r.at_most}]{'' if r.complete else '*'} {r.nodes:>11,} {dt:7.3f} s " \
               f"{r.nodes / dt / 1e6:5.2f} M/s"
        print(row, flush=True)
    every = [x for xs in rates.values() for x in xs]
    print("compiled, nodes a second (median per size): " +
          ", ".join(f"{s}: {statistics.median(xs) / 1e6:.2f} M" for s, xs in sorted(rates.items())))
    if every:
        print(f"overall median {statistics.median(every) / 1e6:.2f} M nodes/s, lowest {min(every) / 1e6:.2f} M")
    if args.python:
        print(f"python and compiled differ on {bad} positions")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
