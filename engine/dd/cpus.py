"""How many solver workers this process should run: its container's CPU quota and its CPU affinity.

``os.cpu_count()`` counts the host's cores. In a container limited with ``--cpus 1.5`` on a
32-core host it says 32, and 32 DDS workers would share 1.5 CPUs: each solve slower, the
container throttled (CFS stalls *every* thread of the container, the event loop answering
``/healthz`` too, until the next period) and 32 x ~200 MB of DDS memory. So the default
worker count comes from what the process may really use:

- the CPU quota of its cgroup (v2 ``cpu.max``: ``"200000 100000"`` is 2 CPUs, ``"max 100000"``
  none; v1 ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us``, ``-1`` none), the smallest one on the
  way from the process's cgroup up to the root of the hierarchy (a parent's quota binds too);
- the CPUs it may be scheduled on (``os.sched_getaffinity``: ``docker --cpuset-cpus``,
  ``taskset``).

The quota is rounded **down**, at least 1: a worker is one single-threaded DDS, busy for a
whole batch, so a worker beyond the whole CPUs of the quota adds no throughput; it only makes
the container reach its quota and be throttled. The fraction left (1.5 CPUs: 1 worker and half
a CPU) goes to the web process itself (HTTP, JSON, the cache, the database). A quota under one
CPU still gets one worker: the service must solve.

The parsing functions take the files' texts, so they are tested on real-format texts;
:func:`available_cpus` reads this machine's files.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class CgroupMount:
    """One cgroup hierarchy as ``/proc/self/mountinfo`` gives it.

    ``root``: the hierarchy's directory mounted here (``/`` in a container with its own cgroup
    namespace, ``/docker/<id>`` for a cgroup v1 container without one); ``mount_point``: where
    it is mounted; ``version``: 1 or 2; ``controllers``: the v1 controllers of the mount
    (``{"cpu", "cpuacct"}``), empty for v2.
    """

    root: str
    mount_point: str
    version: int
    controllers: frozenset[str]


def _unescape(field: str) -> str:
    """mountinfo escapes space, tab, newline and backslash as octal (``\\040``)."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        field = field.replace(code, char)
    return field


def parse_mountinfo(text: str) -> list[CgroupMount]:
    """The cgroup mounts in the text of ``/proc/self/mountinfo`` (other mounts are left out).

    A line is ``ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS``;
    a line that does not have that shape is skipped.
    """
    mounts = []
    for line in text.splitlines():
        fields = line.split()
        if "-" not in fields:
            continue
        dash = fields.index("-")
        if dash < 6 or len(fields) < dash + 3:
            continue
        fstype, super_options = fields[dash + 1], fields[dash + 3] if len(fields) > dash + 3 else ""
        root, mount_point = _unescape(fields[3]), _unescape(fields[4])
        if fstype == "cgroup2":
            mounts.append(CgroupMount(root, mount_point, 2, frozenset()))
        elif fstype == "cgroup":
            mounts.append(CgroupMount(root, mount_point, 1, frozenset(super_options.split(","))))
    return mounts


def parse_proc_cgroup(text: str) -> tuple[str | None, dict[str, str]]:
    """The process's cgroups from the text of ``/proc/self/cgroup``.

    Returns the cgroup v2 path (the ``0::/path`` line, ``None`` without one) and, for cgroup v1,
    each controller's path (``{"cpu": "/docker/abc", "cpuacct": "/docker/abc", ...}`` from
    ``4:cpu,cpuacct:/docker/abc``).
    """
    v2: str | None = None
    v1: dict[str, str] = {}
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        hierarchy, controllers, path = parts
        if hierarchy == "0" and controllers == "":
            v2 = path
        else:
            for name in controllers.split(","):
                if name:
                    v1[name] = path
    return v2, v1


def quota_from_cpu_max(text: str) -> float | None:
    """CPUs allowed by a cgroup v2 ``cpu.max`` text: ``"150000 100000"`` is 1.5; ``"max 100000"``
    (no quota), an empty or malformed text: ``None``."""
    fields = text.split()
    if not fields or fields[0] == "max":
        return None
    try:
        quota = int(fields[0])
        period = int(fields[1]) if len(fields) > 1 else 100_000
    except ValueError:
        return None
    return quota / period if quota > 0 and period > 0 else None


def quota_from_cfs(quota_us: str, period_us: str) -> float | None:
    """CPUs allowed by cgroup v1 ``cpu.cfs_quota_us`` and ``cpu.cfs_period_us`` texts:
    ``"200000"``, ``"100000"`` is 2.0; a quota of ``-1`` (none) or a malformed text: ``None``."""
    try:
        quota, period = int(quota_us.strip()), int(period_us.strip())
    except ValueError:
        return None
    return quota / period if quota > 0 and period > 0 else None


def _dirs_up(mount: CgroupMount, path: str) -> list[PurePosixPath]:
    """The process's cgroup directory under ``mount`` and every parent up to the mount point.

    The path in ``/proc/self/cgroup`` is relative to the hierarchy's root; the mount shows the
    hierarchy from ``mount.root``, so that prefix is taken off. A directory that does not exist
    (a v1 container that sees its own cgroup as the mount's root) simply has no files.
    """
    relative = PurePosixPath(path)
    root = PurePosixPath(mount.root)
    if relative.is_relative_to(root):
        relative = relative.relative_to(root)
    here = PurePosixPath(mount.mount_point) / str(relative).lstrip("/")
    top = PurePosixPath(mount.mount_point)
    dirs = [here]
    while here != top and here.is_relative_to(top):
        here = here.parent
        dirs.append(here)
    return dirs


def cgroup_cpu_quota(mountinfo: str, proc_cgroup: str, read: Callable[[str], str | None]) -> float | None:
    """The tightest CPU quota (in CPUs, e.g. 1.5) on the process's cgroups, or ``None`` without one.

    ``mountinfo`` and ``proc_cgroup``: the texts of ``/proc/self/mountinfo`` and
    ``/proc/self/cgroup``; ``read(path)``: a file's text, or ``None`` when it cannot be read.
    Looks in cgroup v2 (``cpu.max``) and in the v1 hierarchy holding the ``cpu`` controller
    (``cpu.cfs_quota_us``/``cpu.cfs_period_us``), in the process's cgroup and every parent.
    """
    v2_path, v1_paths = parse_proc_cgroup(proc_cgroup)
    quotas: list[float] = []
    for mount in parse_mountinfo(mountinfo):
        if mount.version == 2 and v2_path is not None:
            for d in _dirs_up(mount, v2_path):
                text = read(str(d / "cpu.max"))
                quota = quota_from_cpu_max(text) if text is not None else None
                if quota is not None:
                    quotas.append(quota)
        elif mount.version == 1 and "cpu" in mount.controllers and "cpu" in v1_paths:
            for d in _dirs_up(mount, v1_paths["cpu"]):
                quota_text, period_text = read(str(d / "cpu.cfs_quota_us")), read(str(d / "cpu.cfs_period_us"))
                quota = (quota_from_cfs(quota_text, period_text)
                         if quota_text is not None and period_text is not None else None)
                if quota is not None:
                    quotas.append(quota)
    return min(quotas) if quotas else None


def workers_for(quota: float | None, affinity: int) -> int:
    """The default number of solver workers: the quota rounded down (at least 1), at most
    ``affinity`` (the CPUs the process may run on); without a quota, ``affinity``.

    ``workers_for(1.5, 8)`` is 1, ``workers_for(2.0, 8)`` 2, ``workers_for(0.5, 8)`` 1,
    ``workers_for(None, 3)`` 3, ``workers_for(4.0, 2)`` 2 (why rounded down: the module docstring).
    """
    cpus = max(1, affinity)
    if quota is None:
        return cpus
    return max(1, min(cpus, math.floor(quota + 1e-9)))


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def available_cpus() -> int:
    """How many CPUs this process may really use: its cgroup CPU quota (rounded down, at least 1)
    and its CPU affinity, never more than either; ``os.cpu_count()`` where the system tells
    neither (not Linux)."""
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        affinity = os.cpu_count() or 1
    mountinfo, proc_cgroup = _read("/proc/self/mountinfo"), _read("/proc/self/cgroup")
    quota = cgroup_cpu_quota(mountinfo, proc_cgroup, _read) if mountinfo and proc_cgroup else None
    return workers_for(quota, affinity)
