"""The solver's default worker count (engine/dd/cpus.py): the container's CPU quota and the
process's CPU affinity, not the host's cores.

The cgroup texts are those the kernel writes, in the layouts a service meets: this machine's
(cgroup v1 and v2 side by side, no quota), a Docker container on a cgroup v2 host (its own
cgroup namespace), a systemd service with ``CPUQuota=``, and a Docker container on a cgroup v1
host (no cgroup namespace: the path in /proc/self/cgroup is not the one mounted).
"""
# ruff: noqa: E501  (the kernel's lines are kept whole)

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.dd.cpus import (
    available_cpus,
    cgroup_cpu_quota,
    parse_mountinfo,
    parse_proc_cgroup,
    quota_from_cfs,
    quota_from_cpu_max,
    workers_for,
)

ROOT = Path(__file__).resolve().parent.parent.parent.parent

# This machine (Debian 12, a sandbox): v1 controllers beside a v2 hierarchy in /sys/fs/cgroup/unified.
HYBRID_MOUNTINFO = """\
23 1 0:21 / / rw,relatime - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
"""
HYBRID_CGROUP = """\
9:name=systemd:/
4:memory:/process_api/1911afe3f721c789206b1ac409e5938a
3:cpuset:/
2:cpuacct:/
1:cpu:/
0::/
"""

# Docker on a cgroup v2 host (cgroupns=private, the default there), `docker run --cpus 1.5`.
DOCKER_V2_MOUNTINFO = """\
1021 954 0:52 / / rw,relatime master:512 - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/X:/var/lib/docker/overlay2/l/Y
1024 1021 0:56 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw
1031 1027 0:27 / /sys/fs/cgroup ro,nosuid,nodev,noexec,relatime - cgroup2 cgroup rw,nsdelegate,memory_recursiveprot
1032 1021 259:2 /var/lib/docker/volumes/advisor-data/_data /data rw,relatime master:1 - ext4 /dev/nvme0n1p2 rw
"""
DOCKER_V2_CGROUP = "0::/\n"

# A systemd service on a cgroup v2 host, CPUQuota=300% on the service, 100% on its slice.
SYSTEMD_MOUNTINFO = "35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 " \
                    "rw,nsdelegate,memory_recursiveprot\n"
SYSTEMD_CGROUP = "0::/advisor.slice/advisor.service\n"

# Docker on a cgroup v1 host (no cgroup namespace), `docker run --cpus 2`: /proc/self/cgroup names
# the host's path, the mount shows that directory as the root of /sys/fs/cgroup/cpu,cpuacct.
DOCKER_V1_ID = "3f1c9a7be2d04c5e8f6a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6"
DOCKER_V1_MOUNTINFO = f"""\
1449 1441 0:58 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - tmpfs tmpfs rw,mode=755
1452 1449 0:29 /docker/{DOCKER_V1_ID} /sys/fs/cgroup/cpu,cpuacct ro,nosuid,nodev,noexec,relatime master:12 - cgroup cgroup rw,cpu,cpuacct
1453 1449 0:30 /docker/{DOCKER_V1_ID} /sys/fs/cgroup/cpuset ro,nosuid,nodev,noexec,relatime master:13 - cgroup cgroup rw,cpuset
1454 1449 0:31 /docker/{DOCKER_V1_ID} /sys/fs/cgroup/memory ro,nosuid,nodev,noexec,relatime master:14 - cgroup cgroup rw,memory
"""
DOCKER_V1_CGROUP = f"""\
12:memory:/docker/{DOCKER_V1_ID}
4:cpu,cpuacct:/docker/{DOCKER_V1_ID}
3:cpuset:/docker/{DOCKER_V1_ID}
0::/system.slice/containerd.service
"""


def files(contents: dict[str, str]) -> Callable[[str], str | None]:
    """A ``read`` that gives the named files' texts and ``None`` for any other path."""
    return contents.get


def test_cpu_max_texts() -> None:
    assert quota_from_cpu_max("150000 100000\n") == 1.5
    assert quota_from_cpu_max("200000 100000\n") == 2.0
    assert quota_from_cpu_max("50000 100000\n") == 0.5
    assert quota_from_cpu_max("max 100000\n") is None
    assert quota_from_cpu_max("") is None
    assert quota_from_cpu_max("garbage") is None


def test_cfs_texts() -> None:
    assert quota_from_cfs("150000\n", "100000\n") == 1.5
    assert quota_from_cfs("400000\n", "200000\n") == 2.0
    assert quota_from_cfs("-1\n", "100000\n") is None
    assert quota_from_cfs("", "100000\n") is None


def test_the_quota_is_rounded_down_at_least_one_at_most_the_affinity() -> None:
    assert workers_for(1.5, 8) == 1   # half a CPU left for the web process, no throttled second worker
    assert workers_for(1.99, 8) == 1
    assert workers_for(2.0, 8) == 2
    assert workers_for(0.5, 8) == 1   # a small quota still solves
    assert workers_for(4.0, 2) == 2   # the affinity binds: `--cpuset-cpus 0,1`
    assert workers_for(None, 3) == 3  # no quota: every CPU the process may run on
    assert workers_for(None, 0) == 1


def test_mountinfo_keeps_only_the_cgroup_mounts_with_their_roots() -> None:
    mounts = parse_mountinfo(DOCKER_V1_MOUNTINFO)
    assert [(m.mount_point, m.version) for m in mounts] == [
        ("/sys/fs/cgroup/cpu,cpuacct", 1), ("/sys/fs/cgroup/cpuset", 1), ("/sys/fs/cgroup/memory", 1)]
    assert mounts[0].root == f"/docker/{DOCKER_V1_ID}"
    assert mounts[0].controllers == {"rw", "cpu", "cpuacct"}
    assert [m.version for m in parse_mountinfo(HYBRID_MOUNTINFO)] == [1, 1, 1, 1, 2]


def test_proc_cgroup_gives_the_v2_path_and_each_v1_controller() -> None:
    v2, v1 = parse_proc_cgroup(DOCKER_V1_CGROUP)
    assert v2 == "/system.slice/containerd.service"
    assert v1["cpu"] == v1["cpuacct"] == f"/docker/{DOCKER_V1_ID}"
    assert parse_proc_cgroup("0::/\n") == ("/", {})


def test_this_machines_layout_without_a_quota() -> None:
    read = files({"/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1\n", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n"})
    assert cgroup_cpu_quota(HYBRID_MOUNTINFO, HYBRID_CGROUP, read) is None
    # the same machine with a quota on the cpu hierarchy's root
    read = files({"/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "150000\n", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000\n"})
    assert cgroup_cpu_quota(HYBRID_MOUNTINFO, HYBRID_CGROUP, read) == 1.5


def test_docker_on_cgroup_v2_with_cpus_1_5_gets_one_worker() -> None:
    read = files({"/sys/fs/cgroup/cpu.max": "150000 100000\n"})
    quota = cgroup_cpu_quota(DOCKER_V2_MOUNTINFO, DOCKER_V2_CGROUP, read)
    assert quota == 1.5
    assert workers_for(quota, 16) == 1
    unlimited = files({"/sys/fs/cgroup/cpu.max": "max 100000\n"})
    assert cgroup_cpu_quota(DOCKER_V2_MOUNTINFO, DOCKER_V2_CGROUP, unlimited) is None


def test_a_parents_quota_binds_too() -> None:
    read = files({"/sys/fs/cgroup/advisor.slice/advisor.service/cpu.max": "300000 100000\n",
                  "/sys/fs/cgroup/advisor.slice/cpu.max": "100000 100000\n"})
    assert cgroup_cpu_quota(SYSTEMD_MOUNTINFO, SYSTEMD_CGROUP, read) == 1.0
    read = files({"/sys/fs/cgroup/advisor.slice/advisor.service/cpu.max": "300000 100000\n",
                  "/sys/fs/cgroup/advisor.slice/cpu.max": "max 100000\n"})
    assert cgroup_cpu_quota(SYSTEMD_MOUNTINFO, SYSTEMD_CGROUP, read) == 3.0


def test_docker_on_cgroup_v1_reads_the_mounted_directory_not_the_hosts_path() -> None:
    read = files({"/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "200000\n",
                  "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n"})
    assert cgroup_cpu_quota(DOCKER_V1_MOUNTINFO, DOCKER_V1_CGROUP, read) == 2.0


def test_on_this_machine_the_count_never_exceeds_the_affinity() -> None:
    assert 1 <= available_cpus() <= len(os.sched_getaffinity(0))


def test_a_process_pinned_to_one_cpu_gets_a_pool_of_one_worker() -> None:
    # the real wiring: pooled_solver() with no count, in a process that may run on CPU 0 only
    # (as `taskset -c 0` or `docker --cpuset-cpus 0` would leave it), starts one worker
    code = ("import os\n"
            "os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})\n"
            "from engine.dd import pooled_solver\n"
            "from engine.dd.cpus import available_cpus\n"
            "runner = pooled_solver()\n"
            "print(available_cpus(), runner.backend.size, len(runner.backend.pids()))\n"
            "runner.close()\n")
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("this process may run on one CPU only: pinning it changes nothing")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "MPLBACKEND": "Agg"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "1", "1"]
