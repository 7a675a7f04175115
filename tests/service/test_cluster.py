"""A screening on a Dask distributed cluster (app/service/cluster.py): a LocalCluster of 2 worker
processes, the report equal to the local run's, also when a worker is lost mid-run."""

from __future__ import annotations

import os
import signal

import pytest

from app.service.cluster import ClusterUnavailableError, screen_on_cluster
from engine.screening.events import screen_paths
from tests.engine.records.test_lin import SPONVO30_LIN
from tests.helpers import DATA, small_corpus

distributed = pytest.importorskip("distributed")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/pbn-files is not beside the repository")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = small_corpus(tmp_path_factory.mktemp("corpus"), SPONVO30_LIN, "lin/vugraph.lin")
    return root


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as local:
        yield local


def test_the_cluster_s_report_equals_the_local_run_s(folder, cluster, dds):
    local = screen_paths(folder, solver=dds)
    seen = []
    remote = screen_on_cluster(folder, cluster.scheduler_address, progress=lambda done, total: seen.append(done))
    assert remote == local
    assert (remote.counts.files, remote.counts.ruled, remote.counts.recording_errors) == (5, 4, 1)
    assert seen == [0, 1, 2, 3, 4, 5]


def test_a_worker_lost_mid_run_changes_nothing(folder, cluster, dds):
    local = screen_paths(folder, solver=dds)
    with distributed.Client(cluster) as client:
        pids = sorted(client.run(os.getpid).values())

    def kill_one(done: int, total: int) -> None:
        if done == 1:  # the first file back: the others are queued or running on the two workers
            os.kill(pids[0], signal.SIGKILL)

    assert screen_on_cluster(folder, cluster.scheduler_address, progress=kill_one) == local


def test_no_scheduler_is_a_clear_error(folder):
    with pytest.raises(ClusterUnavailableError, match=r"no Dask scheduler answers at tcp://127\.0\.0\.1:9"):
        screen_on_cluster(folder, "tcp://127.0.0.1:9", connect_seconds=1)
