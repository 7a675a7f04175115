"""A screening on a Dask distributed cluster: ``advisor screen PATH --scheduler tcp://HOST:8786``.

An adapter at the edge, like storage: the engine knows nothing of Dask. Each record file is a
task (:func:`engine.screening.pool.screen_data`), sent with its bytes, so the cluster's workers
need not share the client's disk; each worker process builds its own double-dummy solver on
first need. A task whose worker is lost is run again elsewhere (Dask reschedules it; ``retries``
covers a task that fails outright). The per-file reports are merged in file order: the report
equals a local run's (:func:`engine.screening.events.screen_paths`).

Needs the ``cluster`` extra (``pip install 'advisor[cluster]'``: dask.distributed).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from engine.laws.facts import RevokeFacts
from engine.screening.events import AFTER_PLAY, Progress, record_files
from engine.screening.pool import merge_reports, screen_data
from engine.screening.report import ScreeningReport


class ClusterUnavailableError(RuntimeError):
    """dask.distributed is not installed, or the scheduler cannot be reached. Says which."""


def screen_on_cluster(paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], scheduler: str | Any, *,
                      facts: RevokeFacts = AFTER_PLAY, progress: Progress | None = None,
                      retries: int = 2, connect_seconds: float = 10) -> ScreeningReport:
    """Screen PBN and LIN files on the cluster whose scheduler is at ``scheduler``.

    Args:
        paths: files or directories (as :func:`engine.screening.events.screen_paths`), read here.
        scheduler: the scheduler's address, e.g. ``"tcp://10.0.0.5:8786"``, or a cluster object
            (``distributed.LocalCluster``).
        facts: the TD's facts applied to every ruling.
        progress: ``progress(done, total)`` in files, as the files come back (in any order).
        retries: times a failed task is run again.
        connect_seconds: how long to wait for the scheduler.

    Raises:
        FileNotFoundError: a path does not exist.
        ClusterUnavailableError: no dask.distributed, or no scheduler at that address.
    """
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterUnavailableError("a screening on a cluster needs dask.distributed: "
                                      "pip install 'advisor[cluster]'") from None
    files = record_files(paths)
    try:
        client = Client(scheduler, timeout=connect_seconds)
    except OSError as exc:
        raise ClusterUnavailableError(f"no Dask scheduler answers at {scheduler}: {exc}") from None
    with client:
        if progress is not None:
            progress(0, len(files))
        futures = [client.submit(screen_data, path.read_bytes(), name, facts, pure=False, retries=retries)
                   for path, name in files]
        if progress is not None:
            for done, _ in enumerate(as_completed(futures), start=1):
                progress(done, len(files))
        parts = client.gather(futures)
    return merge_reports(parts)
