"""PROTOTYPE benchmark (issue 33): the numba port of the claim search (benchmarks/numba_prototype/claim_core_numba.py)
against the pure-Python search on the real-deal positions of bench_claims.py.

Run: ``.venv/bin/python benchmarks/numba_prototype/bench_claim_core.py --positions picks.json [--big-budget 20000000]
[--memo dict tt] [--skip-python]`` (``pip install numba``; the JSON from ``bench_claims.py --json``).
Per position: the Python search (``engine.rulings.claim_search.search``, budget 400,000 a pass, the
double-dummy root order given), the numba search with the same budget (both complete: the same value
and nodes, checked), then the numba search with ``--big-budget`` (does it finish, in what time).
Times are the search alone (no ruling, no solver); "core" is the compiled call without the Python
set-up (the model, the memo's allocation).

``--rulings``: the full rulings instead (bench_claims.py's ``run_one``), the numba core standing in
for ``engine.rulings.claim.search``: the same table as bench_claims.py, and each ruling compared
with the JSON's (awarded, range, doubtful points).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "benchmarks" / "numba_prototype"))

from profile_claims import load, setting_and_claim  # noqa: E402

from engine.dd import default_solver  # noqa: E402
from engine.rulings.claim_search import search  # noqa: E402


def main() -> None:
    """Print one line per position and a summary per size."""
    import claim_core_numba as cc

    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", required=True)
    ap.add_argument("--only", nargs="*", default=[])
    ap.add_argument("--min-size", type=int, default=2)
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--big-budget", type=int, default=20_000_000)
    ap.add_argument("--memo", nargs="*", default=["dict", "tt"])
    ap.add_argument("--skip-python", action="store_true")
    args = ap.parse_args()
    from bench_claims import Pick
    picks = [Pick(**d) for d in json.loads(Path(args.positions).read_text())["picks"]]
    if args.only:
        picks = load(args.positions, args.only)
    picks = [p for p in picks if p.size >= args.min_size]
    solver = default_solver()
    t = time.perf_counter()
    s0, c0 = setting_and_claim(picks[0])
    for m in args.memo:
        cc.core_search(s0, c0, node_budget=1000, memo=m)
    print(f"first calls (compile or cache load, {'+'.join(args.memo)}): {time.perf_counter() - t:.2f} s", flush=True)
    rows = []
    for p in picks:
        setting, claim = setting_and_claim(p)
        root = solver.solve_positions([setting.position])[setting.position]
        line = f"{p.size:>2} {p.file.split('/')[-1][:22]:<22} g{p.game:<3}"
        row = {"size": p.size}
        if not args.skip_python:
            t0 = time.perf_counter()
            r = search(setting, claim, node_budget=args.budget, dd_root=root)
            py = time.perf_counter() - t0
            row["py"] = (r.at_least, r.at_most, r.complete, r.nodes, py)
            line += f" | py [{r.at_least},{r.at_most}]{'' if r.complete else '*'} {r.nodes:>9,} {py:7.2f}s"
        for m in args.memo:
            st: list = []
            t0 = time.perf_counter()
            got = cc.core_search(setting, claim, node_budget=args.budget, dd_root=root, memo=m, stats_out=st)
            nb = time.perf_counter() - t0
            core = sum(x[1] for x in st)
            if "py" in row:
                want = (*row["py"][:4], r.line)
                same = (got.at_least, got.at_most, got.complete, got.nodes, got.line) == want
                verdict = "=" if same else f"!= {(got.at_least, got.at_most, got.complete, got.nodes)}"
                line += f" | {m} {verdict} {nb:6.3f}s core {got.nodes / core:>11,.0f}/s"
            st = []
            t0 = time.perf_counter()
            big = cc.core_search(setting, claim, node_budget=args.big_budget, dd_root=root, memo=m, stats_out=st)
            bt = time.perf_counter() - t0
            big = (big.at_most, big.at_least, big.complete, big.nodes)
            row[m] = (big, bt, sum(x[1] for x in st), max(x[0] for x in st))
            line += (f" | {m} big [{big[1]},{big[0]}]{'' if big[2] else '*'} {big[3]:>11,} {bt:6.2f}s "
                     f"({big[3] / max(1e-9, sum(x[1] for x in st)):,.0f}/s, memo {max(x[0] for x in st):,})")
        rows.append(row)
        print(line, flush=True)
    print("size  n  " + "  ".join(f"{m}: complete, time p50/p95/max (s), nodes/s median" for m in args.memo))
    for size in sorted({r["size"] for r in rows}):
        rs = [r for r in rows if r["size"] == size]
        out = f"{size:>4} {len(rs):>2}"
        for m in args.memo:
            ts = sorted(r[m][1] for r in rs)
            rate = statistics.median(r[m][0][3] / max(1e-9, r[m][2]) for r in rs)
            p95 = ts[max(0, -(-95 * len(ts) // 100) - 1)]
            out += (f"  {m}: {sum(r[m][0][2] for r in rs)}/{len(rs)}, {statistics.median(ts):.3f}/{p95:.3f}/"
                    f"{max(ts):.3f}, {rate:,.0f}")
        print(out)


if __name__ == "__main__" and "--rulings" not in sys.argv:
    main()


def rulings() -> None:
    """``--rulings``: the full rulings of bench_claims.py with the numba core in place of the search
    (``engine.rulings.claim.search`` replaced for this process), compared with the JSON's."""
    import claim_core_numba as cc
    from bench_claims import Pick, report, run_one

    import engine.rulings.claim as claim_mod

    ap = argparse.ArgumentParser()
    ap.add_argument("--rulings", action="store_true")
    ap.add_argument("--positions", required=True)
    ap.add_argument("--budget", type=int, default=400_000)
    ap.add_argument("--memo", default="dict")
    ap.add_argument("--json")
    args = ap.parse_args()
    claim_mod.search = lambda *a, **k: cc.core_search(*a, memo=args.memo, **k)  # type: ignore[assignment]
    data = json.loads(Path(args.positions).read_text())["picks"]
    picks = [Pick(**d) for d in data]
    before = {(p.file, p.game, p.size): p.results for p in picks}
    s0, c0 = setting_and_claim(picks[0])
    t = time.perf_counter()
    cc.core_search(s0, c0, node_budget=1000, memo=args.memo)
    print(f"first call: {time.perf_counter() - t:.2f} s; budget {args.budget:,} a pass", flush=True)
    differ = 0
    for p in picks:
        old = before[(p.file, p.game, p.size)]
        run_one(p, 45.0, node_budget=args.budget)
        r = p.results
        same = (r["awarded"], r["range"], r["points"]) == (old["awarded"], old["range"], old["points"])
        differ += not same
        print(f"  {p.size:>2} {p.file.split('/')[-1][:24]:<24} g{p.game:<3} awarded {r['awarded']} {r['range']}"
              f"{' INTERVAL' if r['interval'] else ''} {r['points']} doubtful, {r['ms']:8,.1f} ms, {r['nodes']:>10,} "
              f"nodes | python: {old['awarded']} {old['range']} {old['points']} doubtful, {old['ms']:9,.1f} ms "
              f"{'' if same else ' DIFFERENT'}", flush=True)
    report(picks)
    print(f"{differ} rulings differ from the JSON's")
    if args.json:
        from dataclasses import asdict
        Path(args.json).write_text(json.dumps({"picks": [asdict(q) for q in picks]}, indent=1))


if __name__ == "__main__" and "--rulings" in sys.argv:
    rulings()
    sys.exit(0)
