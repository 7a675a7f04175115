"""Latency of one revoke ruling on the three real revoke boards, cold and warm.

Run: ``.venv/bin/python benchmarks/bench_rulings.py [--repeat 20]``. Prints, per board, the
cold time (a fresh cache; DDS sees a new deal) and the warm p50 (the same request again,
answered from the position cache), with the machine's load average beside the figures
(this box is shared; see ../shared/docs/dds.md section 0). Not a test: nothing asserts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.dd import default_solver
from engine.laws.facts import RevokeFacts
from engine.records.boards import board_from_game
from engine.records.pbn import load
from engine.records.pbn_game import games_for_board
from engine.rulings.revoke import advise_revoke

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn-files"
BOARDS = [
    ("1997-European_Team_Championship/Sponvo30.pbn", "21", "Closed"),
    ("1998-World_Bridge_Championships/FINAL2.PBN", "4", "Open"),
    ("2000-17th_European_Youth_Team_Championships/A1A10909.PBN", "20", "Closed"),
]


def main() -> None:
    """Print cold and warm latencies per board, in milliseconds."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (cores: {os.cpu_count()})")
    print(f"{'board':<40} {'cold ms':>8} {'warm p50 ms':>12} {'ratio':>7}")
    for rel, number, room in BOARDS:
        [game] = games_for_board(load(DATA / rel), number, room)
        board = board_from_game(game)
        solver = default_solver()  # a fresh cache
        t = time.perf_counter()
        advise_revoke(board, facts=RevokeFacts(), solver=solver)
        cold = (time.perf_counter() - t) * 1000
        warm = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            advise_revoke(board, facts=RevokeFacts(), solver=solver)
            warm.append((time.perf_counter() - t) * 1000)
        p50 = statistics.median(warm)
        print(f"{rel.split('/')[-1] + ' board ' + number:<40} {cold:8.1f} {p50:12.2f} {cold / p50:6.0f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
