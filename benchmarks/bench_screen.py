"""Screening throughput (issue 4 benchmark 2): our screen against the naive single-process loop.

Ours: ``engine.screening.events.screen_paths`` (revoke detection first; the solver only for games
with a revoke, through the cached runner). Naive: for every game with a play record, the
full ruling with one endplay ``solve_board`` per needed position and no cache (what a loop
over ``advise_revoke`` without our layer costs). Both on the same files: the first
``--files`` PBN files of ../shared/data/pbn-files in sorted order (the naive loop on the
whole corpus takes far too long); ours is also timed on the whole corpus.

Then (issue 17) the whole corpus on worker processes (``engine.screening.pool``) against one
process: the rate of each and the ratio (target: 1.8x on 2 cores), and the LIN corpus.

Run: ``.venv/bin/python benchmarks/bench_screen.py [--files 30] [--workers 2] [--skip-naive]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.dd import default_solver
from engine.dd.endplay_backend import EndplayBackend
from engine.dd.results import CardScores
from engine.errors import AdvisorError
from engine.laws.facts import RevokeFacts
from engine.model import Position
from engine.records.boards import board_from_game
from engine.records.pbn import load
from engine.rulings.revoke import advise_revoke
from engine.screening.events import pbn_files, screen_paths

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn-files"


class NoCache:
    """One endplay solve per position asked, nothing kept."""

    def __init__(self) -> None:
        self.backend = EndplayBackend()

    def solve_positions(self, positions: Any) -> dict[Position, CardScores]:
        return {p: self.backend.solve_batch([p])[0] for p in positions}


def naive(files: list[Path]) -> tuple[int, float]:
    """Games with a play record ruled, and seconds, for the naive loop."""
    solver = NoCache()
    games = 0
    t = time.perf_counter()
    for f in files:
        for g in load(f):
            if g.play_section is None:
                continue
            games += 1
            try:
                advise_revoke(board_from_game(g), facts=RevokeFacts(), solver=solver)
            except (AdvisorError, ValueError):
                pass
    return games, time.perf_counter() - t


def main() -> None:
    """Print games per second for both, their ratio, and ours on the whole corpus."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=30)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--skip-naive", action="store_true", help="only the whole-corpus figures")
    args = ap.parse_args()
    if not args.skip_naive:
        ours_against_naive(args.files)
    workers_against_one(args.workers)


def workers_against_one(workers: int) -> None:
    """The whole PBN corpus and the LIN corpus: one process, then ``workers`` processes."""
    from engine.screening.pool import screen_paths_parallel

    for name, root in (("PBN corpus", DATA), ("LIN corpus", DATA.parent / "lin-files")):
        figures = []
        for n in (1, workers):
            before = os.getloadavg()[0]
            t = time.perf_counter()
            report = screen_paths_parallel(root, workers=n)
            wall = time.perf_counter() - t
            figures.append(report.counts.games / wall)
            print(f"{name}, {n} process(es): {report.counts.games} games in {wall:5.1f} s = "
                  f"{report.counts.games / wall:7.0f} games/s (ruled {report.counts.ruled}, recording errors "
                  f"{report.counts.recording_errors}; load average before {before:.2f})")
        print(f"{name}: {workers} processes / 1 = {figures[1] / figures[0]:.2f}x (target >= 1.8x on 2 cores)")


def ours_against_naive(count: int) -> None:
    """Ours against the naive loop on the first ``count`` files, then ours on the whole corpus."""
    files = pbn_files(DATA)[:count]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {len(files)} files")
    t = time.perf_counter()
    report = screen_paths(files, solver=default_solver())
    ours = time.perf_counter() - t
    n = report.counts.with_play
    games, base = naive(files)
    print(f"ours : {n} games with play in {ours:6.1f} s = {n / ours:8.1f} games/s")
    print(f"naive: {games} games with play in {base:6.1f} s = {games / base:8.1f} games/s")
    print(f"ratio: {(n / ours) / (games / base):.1f}x (target >= 1.8x)")
    t = time.perf_counter()
    whole = screen_paths(DATA, solver=default_solver())
    wall = time.perf_counter() - t
    print(f"whole corpus: {whole.counts.games} games, {whole.counts.with_play} with play, "
          f"{whole.counts.ruled} ruled, {whole.counts.flagged} flagged in {wall:.1f} s (target < 600 s); "
          f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
