"""``POST /v1/rulings/alternatives`` (issue 38): one request of four alternatives, cold and warm,
through HTTP; and its double-dummy part against the raw solver on the same positions.

Run: ``.venv/bin/python benchmarks/bench_alternatives.py [--repeat 10]``. Needs
../shared/data/club-files (the ABF Compscore3 Howell: 27 boards with their deals and travellers).

1. **Through HTTP**: a server (uvicorn, one solver worker process, a fresh SQLite in a temp
   directory) gets the results file, then for each of the 27 boards one request of four
   alternatives on its first traveller line: the table's contract doubled by its declarer, 3NT by
   North, 4S by East, 2H by South (four distinct opening-lead positions: the most solves a
   four-alternative request can need). Cold: the first request on the board (nothing cached);
   warm: the same request again, ``--repeat`` times (the solves cached per position).
2. **The double-dummy part in process**: the same four positions of each board through the
   project's runner (``engine.dd.default_solver``: validation, the cache, the in-process endplay
   backend) against endplay's ``solve_board`` called directly on the same positions (the deal
   built from its PBN, the cards decoded, as a caller of endplay does). DDS's transposition
   table is dropped before each measurement (``SetMaxThreads``: ../shared/docs/dds.md section
   1.6), and the two alternate which goes first, so that neither finds the other's work warm.

Prints the machine's load average beside the figures (the box is shared: dds.md section 0).
Not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

HOWELL = ROOT.parent / "shared" / "data" / "club-files" / "usebio" / "abftech__cobalt" / "mp_pairs_howell.xml"


def four_alternatives(line: dict[str, Any]) -> list[dict[str, str]]:
    """The table's contract doubled by its declarer, 3NT N, 4S E, 2H S."""
    own = (line["contract"] or "4H").rstrip("X")
    return [{"contract": own + "X", "declarer": line["declarer"] or "S"}, {"contract": "3NT", "declarer": "N"},
            {"contract": "4S", "declarer": "E"}, {"contract": "2H", "declarer": "S"}]


def start_server(port: int, data_dir: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "ADVISOR_DD_WORKERS": "1", "ADVISOR_DATA_DIR": data_dir}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning", "--no-access-log"],
                            cwd=data_dir, env=env, stderr=subprocess.DEVNULL)  # the access log
    from tests.helpers import wait_healthy

    if wait_healthy(f"http://127.0.0.1:{port}", proc, timeout=30):
        return proc
    proc.kill()
    raise SystemExit("the server did not start")


def through_http(repeat: int) -> None:
    from tests.helpers import free_port

    with tempfile.TemporaryDirectory(prefix="bench-alternatives-") as data_dir:
        port = free_port()
        proc = start_server(port, data_dir)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as c:
                event = c.post("/v1/events", json={"name": "ABF Howell", "date": "2022-07-27"}).json()["id"]
                up = c.post(f"/v1/events/{event}/results", files={"file": ("s.xml", HOWELL.read_bytes())})
                boards = up.json()["boards"]
                cold, warm = [], []
                for board in boards:
                    line = c.get(f"/v1/events/{event}/boards/{board}/traveller").json()["lines"][0]
                    body = {"event": event, "board": board, "law": "40B",
                            "pairs": {"ns": line["ns_pair"], "ew": line["ew_pair"]},
                            "alternatives": four_alternatives(line), "weights": ["40%", "30%", "20%", "10%"]}
                    t = time.perf_counter()
                    r = c.post("/v1/rulings/alternatives", json=body)
                    cold.append((time.perf_counter() - t) * 1000)
                    assert r.status_code == 200, r.text
                    for _ in range(repeat):
                        t = time.perf_counter()
                        c.post("/v1/rulings/alternatives", json=body)
                        warm.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                for _ in range(20):
                    c.get("/healthz")
                floor = (time.perf_counter() - t) * 1000 / 20
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    warm.sort()
    print(f"through HTTP, {len(boards)} boards x 4 alternatives (one solver worker):")
    print(f"  cold: p50 {statistics.median(cold):.1f} ms, max {max(cold):.1f} ms, total {sum(cold) / 1000:.2f} s")
    print(f"  warm ({len(warm)} requests): p50 {statistics.median(warm):.1f} ms, "
          f"p95 {warm[int(len(warm) * 0.95) - 1]:.1f} ms, max {warm[-1]:.1f} ms")
    print(f"  HTTP floor (GET /healthz): {floor:.1f} ms")


def dd_part() -> None:
    import endplay._dds as _dds
    from endplay.dds import solve_board
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    from engine.dd import default_solver
    from engine.model.contract import Contract
    from engine.model.position import Position
    from engine.model.seats import Seat
    from engine.records.results import read_results

    results = read_results(HOWELL.read_bytes())
    first = {}
    for ln in results.lines:
        first.setdefault(ln.board, ln)
    ours_total = raw_total = 0.0
    n = 0
    for i, rec in enumerate(results.hand_records):
        ln = first[rec.board]
        line = {"contract": ln.contract, "declarer": ln.declarer.value if ln.declarer else None}
        alts = [Contract.from_str(a["contract"], Seat(a["declarer"])) for a in four_alternatives(line)]
        positions = list(dict.fromkeys(Position.of_deal(rec.deal, c.strain.trump, c.declarer.lho) for c in alts))
        n += len(positions)
        denom = {None: Denom.nt}
        pbn = rec.deal_pbn

        def ours() -> float:
            solver = default_solver()  # a fresh cache; its backend's SetMaxThreads drops DDS's TT
            _dds.SetMaxThreads(1)
            t = time.perf_counter()
            solver.solve_positions(positions)
            return time.perf_counter() - t

        def raw() -> float:
            _dds.SetMaxThreads(1)  # drop the TT
            t = time.perf_counter()
            for p in positions:
                d = EpDeal(pbn)
                d.first = Player.find(p.leader.value)
                d.trump = denom.get(p.trump) or Denom.find(p.trump.value)  # type: ignore[union-attr]
                list(solve_board(d))
            return time.perf_counter() - t

        if i % 2:
            r, o = raw(), ours()
        else:
            o, r = ours(), raw()
        ours_total += o
        raw_total += r
    print(f"double-dummy part, {len(results.hand_records)} boards, {n} opening-lead positions, TT dropped each time:")
    print(f"  ours (runner, cold cache): {ours_total * 1000:.0f} ms; raw endplay solve_board: {raw_total * 1000:.0f} ms; "
          f"ratio {ours_total / raw_total:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    if not HOWELL.is_file():
        raise SystemExit(f"{HOWELL} is not there (../shared/data beside the repository)")
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    dd_part()
    through_http(args.repeat)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
