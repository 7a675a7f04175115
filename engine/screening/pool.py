"""Screening many record files on every local core: files as tasks, each worker process with
its own parser and its own double-dummy solver.

A corpus screening is parse-bound (most games have no revoke and never reach the solver), so
the files themselves are read in the workers, not in the parent. Each worker builds one
solver (:func:`engine.dd.default_solver`, one DDS per process: DDS is not thread-safe) the
first time a file of it has a revoke, and keeps it for its later files. The parent merges the
per-file reports in file order: the report equals a one-process run's
(:func:`engine.screening.events.screen_paths`).

The same per-file task, :func:`screen_file`, is what a Dask cluster runs (``app/service/cluster.py``).
Worker processes are started with ``spawn``: a script using this module guards its top level
with ``if __name__ == "__main__":``.
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores, DDTable
from engine.laws.facts import RevokeFacts
from engine.model.deal import Deal
from engine.model.position import Position
from engine.screening.events import AFTER_PLAY, Progress, record_files, screen_named_files, screen_named_texts
from engine.screening.report import ScreeningCounts, ScreeningReport

_solver: DoubleDummySolver | None = None
_cache_dir: str | None = None


def _share_cache(cache_dir: str | None) -> None:
    """A pool worker's initializer: the solver it builds keeps its answers in ``cache_dir`` too,
    a disk cache every worker of the run shares (a deal met in two files is solved once)."""
    global _cache_dir
    _cache_dir = cache_dir


def _process_solver() -> DoubleDummySolver:
    """This process's solver, built on first use (imports endplay only then)."""
    global _solver
    if _solver is None:
        from engine.dd import default_solver

        _solver = default_solver(cache_dir=_cache_dir)
    return _solver


class _LazySolver:
    """A solver that is built only when a position is asked for (most files need none)."""

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        """As :meth:`DoubleDummySolver.solve_positions`, by this process's solver."""
        return _process_solver().solve_positions(positions)

    def solve_tables(self, deals: Sequence[Deal]) -> dict[Deal, DDTable]:
        """As :meth:`DoubleDummySolver.solve_tables`, by this process's solver."""
        return _process_solver().solve_tables(deals)


def screen_file(path: str, name: str, facts: RevokeFacts = AFTER_PLAY) -> ScreeningReport:
    """Screen one record file in this process (a worker's task): ``name`` is what its rows show.

    Never raises for the file's content: an unreadable file is one flagged row (as
    :func:`engine.screening.events.screen_paths`).
    """
    return screen_named_files([(Path(path), name)], solver=_LazySolver(), facts=facts)


def screen_data(data: bytes, name: str, facts: RevokeFacts = AFTER_PLAY) -> ScreeningReport:
    """Screen one record file given as its bytes (a cluster worker's task: the workers need not
    see the client's disk). The same report as :func:`screen_file` on a file of these bytes."""
    return screen_named_texts([(data, name)], solver=_LazySolver(), facts=facts)


def merge_reports(parts: Iterable[ScreeningReport]) -> ScreeningReport:
    """One report from the reports of disjoint sets of files, rows in the order given.

    Counts add up (files, games, each skip reason...); skip reasons are ordered most frequent
    first, as a one-process report orders them.
    """
    parts = list(parts)
    skipped: Counter[str] = Counter()
    for p in parts:
        skipped.update(dict(p.counts.skipped))
    fields = ("files", "unreadable_files", "games", "with_play", "clean", "ruled", "flagged", "recording_errors")
    totals = {f: sum(getattr(p.counts, f) for p in parts) for f in fields}
    counts = ScreeningCounts(skipped=tuple(skipped.most_common()), **totals)
    return ScreeningReport(counts, tuple(row for p in parts for row in p.rows))


def screen_paths_parallel(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], *,
                          workers: int | None = None, facts: RevokeFacts = AFTER_PLAY,
                          progress: Progress | None = None) -> ScreeningReport:
    """Screen PBN and LIN files on ``workers`` processes (default: the CPUs this process may
    use, :func:`engine.dd.cpus.available_cpus`); the same report as a one-process run.

    Args:
        paths: files or directories (searched recursively, :func:`engine.screening.events.record_files`).
        workers: worker processes; 1 runs in this process (no pool).
        facts: the TD's facts applied to every ruling.
        progress: ``progress(done, total)`` in files, once with ``done=0`` and after each file.

    Raises:
        FileNotFoundError: a path does not exist (checked before any file is screened).
    """
    from engine.dd.cpus import available_cpus

    files = record_files(paths)
    n = max(1, min(workers if workers is not None else available_cpus(), len(files)))  # one file: no pool
    if progress is not None:
        progress(0, len(files))
    parts: list[ScreeningReport] = []
    if n == 1:
        for done, (path, name) in enumerate(files, start=1):
            parts.append(screen_file(str(path), name, facts))
            if progress is not None:
                progress(done, len(files))
        return merge_reports(parts)
    chunk = 1  # one file a task: files differ in size, and a task costs about a millisecond
    # The workers share a disk cache of double-dummy answers: ADVISOR_CACHE_DIR's when it is set,
    # else one for this run. Without it a deal in two files (the corpus holds copies of whole
    # events) is solved by two workers: measured 1.67x instead of 1.79x on 2 cores.
    spawn = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="advisor-screen-dd-") as scratch, \
            ProcessPoolExecutor(max_workers=n, mp_context=spawn, initializer=_share_cache,
                                initargs=(os.environ.get("ADVISOR_CACHE_DIR") or scratch,)) as pool:
        results = pool.map(screen_file, [str(p) for p, _ in files], [name for _, name in files],
                           [facts] * len(files), chunksize=chunk)
        for done, part in enumerate(results, start=1):
            parts.append(part)
            if progress is not None:
                progress(done, len(files))
    return merge_reports(parts)
