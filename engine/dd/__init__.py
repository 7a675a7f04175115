"""The double-dummy layer: the only place that touches the solver (endplay/DDS).

``SolverRunner`` (validation, shared cache, ordering, batching) wraps a backend: the
in-process ``EndplayBackend`` (one process-wide DDS lock) or a ``WorkerPool`` of processes,
each with its own DDS. Both are built lazily: importing endplay costs about 0.6 s and 80 MB.
"""

from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores
from engine.dd.runner import SolverRunner


def default_solver(*, cache_entries: int = 100_000, threads: int = 1) -> SolverRunner:
    """A runner around the in-process endplay backend (imports endplay; one DDS lock).

    For the CLI, tests and single-user tools. A server uses :func:`pooled_solver`.
    """
    from engine.dd.endplay_backend import EndplayBackend

    return SolverRunner(EndplayBackend(threads=threads), cache_entries=cache_entries)


def pooled_solver(workers: int | None = None, *, cache_entries: int = 100_000, timeout: float = 30.0,
                  max_waiting: int = 32) -> SolverRunner:
    """A runner around a pool of worker processes (default: one per core), each with its own DDS.

    The cache lives in this process and is shared by every request. ``runner.close()`` stops
    the workers.

    Raises:
        SolverError: a worker could not start.
    """
    from engine.dd.pool import WorkerPool

    return SolverRunner(WorkerPool(workers, timeout=timeout, max_waiting=max_waiting), cache_entries=cache_entries)


__all__ = ["CardScores", "DoubleDummySolver", "SolverRunner", "default_solver", "pooled_solver"]
