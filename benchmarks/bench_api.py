"""End-to-end figures through the HTTP API (issue 4 benchmarks 1, 3 and 4).

Starts the service on 127.0.0.1 (a free port; ``ADVISOR_DD_WORKERS`` workers, default 2) and:

1. single ruling, cold and warm: the three real revoke boards and 50 generated revoke cases,
   each posted once to a fresh server (cold) and again (warm, from the shared cache); against
   a naive baseline, in this process, that calls endplay's ``solve_board`` once per position
   the ruling needs, with no cache ("pure DDS time");
3. load: ``--clients`` concurrent clients for ``--seconds`` (loopback only, bounded), half the
   requests new generated cases (cold), half repeats; failed requests, p50/p95, worker
   processes replaced;
4. memory: peak RSS (VmHWM) of the server and its worker processes after the load.

Run: ``.venv/bin/python benchmarks/bench_api.py [--seconds 60] [--clients 16]``. Prints
figures with the machine's load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.api.schemas.revoke import RevokeRulingRequest  # noqa: E402
from benchmarks.cases import generated_cases, real_cases  # noqa: E402
from engine.dd.endplay_backend import EndplayBackend  # noqa: E402
from engine.dd.results import CardScores  # noqa: E402
from engine.model import Position  # noqa: E402
from engine.rulings.revoke import advise_revoke  # noqa: E402


def load() -> str:
    """The 1-minute load average and the core count, for the record."""
    return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class Recorder:
    """A solver that records the positions a ruling asks for and answers them with endplay."""

    def __init__(self, backend: EndplayBackend) -> None:
        self.backend = backend
        self.asked: list[Position] = []

    def solve_positions(self, positions: Any) -> dict[Position, CardScores]:
        self.asked = list(positions)
        return dict(zip(self.asked, self.backend.solve_batch(self.asked), strict=True))


def naive_dds_seconds(bodies: list[dict[str, Any]]) -> float:
    """Seconds of pure DDS for the naive baseline: one solve_board per needed position, no cache."""
    backend = EndplayBackend()
    rec = Recorder(backend)
    total = 0.0
    for body in bodies:
        req = RevokeRulingRequest(**body)
        advise_revoke(req.to_board(), facts=req.to_facts(), solver=rec)  # learn the positions
        EndplayBackend(threads=1)  # SetMaxThreads drops the transposition tables: cold again
        t = time.perf_counter()
        for p in rec.asked:
            backend.solve_batch([p])
        total += time.perf_counter() - t
    return total


def engine_cold_seconds(bodies: list[dict[str, Any]]) -> float:
    """Seconds for our engine alone, cold, in this process: request model, board, laws and an
    empty cache over the in-process backend, DDS's TT dropped before each case (no HTTP, no IPC)."""
    from engine.dd import SolverRunner

    backend = EndplayBackend()
    total = 0.0
    for body in bodies:
        EndplayBackend(threads=1)  # drop the transposition tables: cold again
        runner = SolverRunner(backend)
        t = time.perf_counter()
        req = RevokeRulingRequest(**body)
        advise_revoke(req.to_board(), facts=req.to_facts(), solver=runner)
        total += time.perf_counter() - t
    return total


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "ADVISOR_DD_WORKERS": os.environ.get("ADVISOR_DD_WORKERS", "2")}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env)
    from tests.helpers import wait_healthy

    if wait_healthy(f"http://127.0.0.1:{port}", proc, timeout=20):
        return proc
    proc.kill()
    raise SystemExit("the server did not start")


def tree_pids(pid: int) -> list[int]:
    """``pid`` and its descendants (from the parent ids in /proc/*/stat)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def peak_rss_mb(pid: int) -> float:
    total = 0
    for p in tree_pids(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def main() -> None:
    """Run the three benchmarks and print their figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--clients", type=int, default=16)
    args = ap.parse_args()
    bodies = real_cases() + generated_cases(50)
    print(f"== 1. single ruling, {len(bodies)} cases ({load()})")
    base = naive_dds_seconds(bodies)
    engine = engine_cold_seconds(bodies)
    port = free_port()
    server = start_server(port)
    url = f"http://127.0.0.1:{port}/v1/rulings/revoke"
    try:
        with httpx.Client(timeout=60) as c:
            floor = []
            for _ in range(200):
                t = time.perf_counter()
                c.get(f"http://127.0.0.1:{port}/healthz")
                floor.append(time.perf_counter() - t)
            cold, warm = [], []
            for body in bodies:
                t = time.perf_counter()
                assert c.post(url, json=body).status_code == 200
                cold.append(time.perf_counter() - t)
            for body in bodies:
                t = time.perf_counter()
                assert c.post(url, json=body).status_code == 200
                warm.append(time.perf_counter() - t)
        print(f"naive baseline, pure DDS:   total {base:7.2f} s")
        print(f"ours cold, end to end:      total {sum(cold):7.2f} s  p50 {pct(cold, .5) * 1e3:6.1f} ms  "
              f"p95 {pct(cold, .95) * 1e3:6.1f} ms  ratio to baseline {sum(cold) / base:.2f}x (target <= 1.3x)")
        print(f"ours cold, engine in-process: total {engine:7.2f} s  ratio to baseline {engine / base:.2f}x "
              "(no HTTP, no worker hop)")
        print(f"HTTP floor (GET /healthz):  p50 {pct(floor, .5) * 1e3:6.2f} ms  x {len(bodies)} requests = "
              f"{pct(floor, .5) * len(bodies):.2f} s")
        print(f"ours warm (repeat request): p50 {pct(warm, .5) * 1e3:6.2f} ms  p95 {pct(warm, .95) * 1e3:6.2f} ms "
              "(target p50 < 5 ms)")

        print(f"== 3. load: {args.clients} clients for {args.seconds:g} s ({load()})")
        fresh = generated_cases(3000, seed=7)
        lat: list[float] = []
        fails: list[str] = []
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds
        counter = iter(range(10**9))
        workers_before = set(tree_pids(server.pid)[1:])

        def client() -> None:
            with httpx.Client(timeout=60) as c:
                while time.monotonic() < stop:
                    i = next(counter)
                    body = fresh[i % len(fresh)] if i % 2 else bodies[i % len(bodies)]
                    t = time.perf_counter()
                    try:
                        r = c.post(url, json=body)
                        ok = r.status_code == 200
                        why = f"{r.status_code}"
                    except httpx.HTTPError as exc:
                        ok, why = False, type(exc).__name__
                    with lock:
                        lat.append(time.perf_counter() - t)
                        if not ok:
                            fails.append(why)

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        replaced = len(workers_before - set(tree_pids(server.pid)[1:]))
        print(f"requests {len(lat)}  failed {len(fails)} {sorted(set(fails))}  "
              f"p50 {pct(lat, .5) * 1e3:.1f} ms  p95 {pct(lat, .95) * 1e3:.1f} ms  "
              f"throughput {len(lat) / args.seconds:.1f} req/s  worker processes replaced {replaced}")
        print(f"== 4. memory: peak RSS of the server and its workers {peak_rss_mb(server.pid):.0f} MB ({load()})")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
