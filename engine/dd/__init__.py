"""The double-dummy layer: the only place that touches the solver (endplay/DDS).

``SolverRunner`` (lock, cache, ordering) wraps a backend; ``EndplayBackend`` is the real
one, built lazily because importing endplay costs about 0.6 s and 80 MB.
"""

from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores
from engine.dd.runner import SolverRunner


def default_solver(*, cache_entries: int = 100_000, threads: int = 1) -> SolverRunner:
    """A runner around the endplay backend (imports endplay)."""
    from engine.dd.endplay_backend import EndplayBackend

    return SolverRunner(EndplayBackend(threads=threads), cache_entries=cache_entries)


__all__ = ["CardScores", "DoubleDummySolver", "SolverRunner", "default_solver"]
