"""The double-dummy layer: the only place that touches the solver (endplay/DDS).

``SolverRunner`` (validation, shared cache, ordering, batching) wraps a backend: the
in-process ``EndplayBackend`` (one process-wide DDS lock) or a ``WorkerPool`` of processes,
each with its own DDS. Both are built lazily: importing endplay costs about 0.6 s and 80 MB.
"""

import os
from typing import Any

from engine.dd.analysis import CardAnalysis, PlayAnalysis, analyse_play
from engine.dd.disk import DiskLayer
from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores, DDTable, ParContract, ParResult
from engine.dd.runner import SolverRunner


def _disk(cache_dir: str | None) -> DiskLayer | None:
    directory = cache_dir if cache_dir is not None else os.environ.get("ADVISOR_CACHE_DIR")
    return DiskLayer(directory) if directory else None


def default_solver(*, cache_entries: int = 100_000, threads: int = 1, cache_dir: str | None = None) -> SolverRunner:
    """A runner around the in-process endplay backend (imports endplay; one DDS lock).

    For the CLI, tests and single-user tools. A server uses :func:`pooled_solver`.
    ``cache_dir`` (or the environment variable ``ADVISOR_CACHE_DIR``) adds a persistent cache.
    """
    from engine.dd.endplay_backend import EndplayBackend

    return SolverRunner(EndplayBackend(threads=threads), cache_entries=cache_entries, disk=_disk(cache_dir))


def pooled_solver(workers: int | None = None, *, cache_entries: int = 100_000, timeout: float = 30.0,
                  max_waiting: int = 32, cache_dir: str | None = None, batch_share: int | None = None) -> SolverRunner:
    """A runner around a pool of worker processes, each with its own DDS.

    ``workers`` defaults to the CPUs this process may really use: the container's CPU quota
    rounded down and the CPU affinity (:func:`engine.dd.cpus.available_cpus`), not the host's cores.

    The cache lives in this process and is shared by every request; ``cache_dir`` (or
    ``ADVISOR_CACHE_DIR``) adds a persistent layer. ``runner.close()`` stops the workers and
    removes their scratch directory. Interactive work goes first; batch work (screenings, see
    :mod:`engine.dd.work`) holds at most ``batch_share`` workers (default: all but one).

    Raises:
        SolverError: a worker could not start.
    """
    from engine.dd.cpus import available_cpus
    from engine.dd.pool import WorkerPool

    return SolverRunner(WorkerPool(workers or available_cpus(), timeout=timeout, max_waiting=max_waiting,
                                   batch_share=batch_share),
                        cache_entries=cache_entries, disk=_disk(cache_dir))


def solver_stats(solver: DoubleDummySolver) -> dict[str, Any]:
    """Figures for monitoring, read without waiting on any solve: cache ``cache_entries``,
    ``cache_hits``, ``cache_misses``; with worker processes also ``workers_size``,
    ``worker_restarts`` and ``workers`` (:meth:`engine.dd.pool.WorkerPool.stats`: live, idle, busy
    and waiting by lane, starting, stalled, restarts)."""
    out: dict[str, Any] = {}
    if isinstance(solver, SolverRunner):
        out |= {"cache_entries": len(solver.cache), "cache_hits": solver.cache.stats.hits,
                "cache_misses": solver.cache.stats.misses}
        stats = getattr(solver.backend, "stats", None)
        if callable(stats):
            pool = stats()
            out |= {"workers_size": pool["size"], "worker_restarts": pool["restarts"], "workers": pool}
    return out


__all__ = [
    "CardAnalysis", "CardScores", "DDTable", "DoubleDummySolver", "ParContract", "ParResult", "PlayAnalysis",
    "SolverRunner", "analyse_play", "default_solver", "pooled_solver", "solver_stats",
]
