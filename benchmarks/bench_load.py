"""Fair under load (issue 15): single rulings while two big screenings run.

Starts the service on 127.0.0.1 (``ADVISOR_DD_WORKERS`` workers, default 2: one per core here),
and for each scenario, on a fresh server (empty cache):

1. posts two screenings of ``--games`` revoke games each (real deals of the corpus, every game with
   a revoke, made by :func:`benchmarks.cases.revoke_games_pbn`; two seeds, so neither file is
   answered from the other's cache): both become jobs (202);
2. runs ``--clients`` clients for ``--seconds`` seconds, each posting single revoke rulings back to
   back (half new generated cases, cold; half repeats of the three real boards, warm), while a
   monitor polls ``GET /healthz`` every 0.2 s;
3. with ``--kill``: half-way, SIGKILL of one solver worker (the service must answer 503 with
   ``Retry-After`` at worst, never a 5xx, and replace it).

Prints, per scenario: rulings answered, their p50 / p95 / max latency, 503s (and whether each had
``Retry-After``), other 5xx, client errors, the slowest ``/healthz``, the games the two screenings
got through meanwhile, the workers replaced. Then the jobs are cancelled. Asserts nothing.

Run: ``.venv/bin/python benchmarks/bench_load.py [--seconds 60] [--games 3000] [--clients 16 64]
[--baseline] [--root CHECKOUT]``. ``--baseline`` first runs the lowest client count without
screenings; ``--root`` runs the server from another checkout (e.g. a worktree of the commit before
issue 15, whose screenings run in their requests). The generated files and cases are kept in the
temp directory between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.cases import generated_cases, real_cases, revoke_games_pbn  # noqa: E402
from tests.helpers import LiveServer  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "advisor-bench-load"


def load() -> str:
    """The 1-minute load average and the core count, for the record."""
    return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs`` (0 for none)."""
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def cached(name: str, make: Any) -> Any:
    """``make()``'s text, kept in the temp directory under ``name`` (made once)."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / name
    if not path.exists():
        t = time.perf_counter()
        path.write_text(make(), encoding="utf-8")
        print(f"  made {path} in {time.perf_counter() - t:.1f} s")
    return path.read_text(encoding="utf-8")


def worker_pids(server_pid: int) -> list[int]:
    """The server's solver worker processes (its children started by multiprocessing's spawn)."""
    out = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if ppid == server_pid and b"spawn_main" in (entry / "cmdline").read_bytes():
                out.append(int(entry.name))
        except (OSError, ValueError):
            continue
    return sorted(out)


def scenario(files: list[bytes], rulings: list[dict[str, Any]], clients: int, seconds: float, kill: bool,
             log: Path, root: Path | None) -> None:
    """One scenario on a fresh server (the code under ``root``, default this checkout); prints its
    figures. A server without screening jobs (before issue 15) screens each file in its request:
    those requests are left running in the background."""
    env = {"ADVISOR_DD_WORKERS": os.environ.get("ADVISOR_DD_WORKERS", "2")}
    server = LiveServer(env, log)
    if root is not None:
        server.ROOT = root  # type: ignore[misc]
    url = server.start()
    warm = real_cases()
    try:
        jobs: list[str] = []
        answers: list[httpx.Response | Exception] = []

        def post(name: str, data: bytes) -> None:
            try:
                answers.append(httpx.post(f"{url}/v1/screenings", files={"file": (name, data)}, timeout=600))
            except httpx.HTTPError as exc:
                answers.append(exc)

        for i, data in enumerate(files):
            threading.Thread(target=post, args=(f"revokes{i + 1}.pbn", data), daemon=True).start()
        deadline = time.monotonic() + 30
        while len(answers) < len(files) and time.monotonic() < deadline:
            time.sleep(0.1)
        jobs = [a.headers["location"] for a in answers if isinstance(a, httpx.Response) and a.status_code == 202]
        if len(jobs) < len(files):
            print(f"  the screenings run in their requests (no jobs: {len(answers)} answered in 30 s)")
            jobs = []
        while not all(httpx.get(url + j, timeout=30).json()["state"] == "running" for j in jobs):
            time.sleep(0.1)
        start_done = [httpx.get(url + j, timeout=30).json()["progress"]["done"] for j in jobs]
        lat: list[float] = []
        codes: Counter[str] = Counter()
        no_retry_after = 0
        health: list[float] = []
        lock = threading.Lock()
        t0 = time.monotonic()
        stop = t0 + seconds
        counter = iter(range(10**9))

        def client() -> None:
            nonlocal no_retry_after
            with httpx.Client(timeout=120) as c:
                while time.monotonic() < stop:
                    i = next(counter)
                    body = rulings[i // 2 % len(rulings)] if i % 2 else warm[i // 2 % len(warm)]
                    t = time.perf_counter()
                    try:
                        r = c.post(f"{url}/v1/rulings/revoke", json=body)
                        code = str(r.status_code)
                        missing = r.status_code == 503 and not r.headers.get("retry-after")
                    except httpx.HTTPError as exc:
                        code, missing = type(exc).__name__, False
                    took = time.perf_counter() - t
                    with lock:
                        codes[code] += 1
                        no_retry_after += missing
                        if code == "200":
                            lat.append(took)

        def monitor() -> None:
            with httpx.Client(timeout=30) as c:
                while time.monotonic() < stop:
                    t = time.perf_counter()
                    c.get(f"{url}/healthz")
                    health.append(time.perf_counter() - t)
                    time.sleep(0.2)

        threads = [threading.Thread(target=client) for _ in range(clients)] + [threading.Thread(target=monitor)]
        for t in threads:
            t.start()
        killed = None
        if kill:
            time.sleep(seconds / 2)
            stats = httpx.get(f"{url}/healthz", timeout=30).json()["solver"]["workers"]
            killed = worker_pids(server.proc.pid)[-1]
            os.kill(killed, signal.SIGKILL)
            print(f"  SIGKILL of worker {killed} at {seconds / 2:g} s (workers then: idle {stats['idle']}, "
                  f"busy {stats['busy']})")
        for t in threads:
            t.join()
        stats = httpx.get(f"{url}/healthz", timeout=30).json()
        states = [httpx.get(url + j, timeout=30).json() for j in jobs]
        done = [s["progress"]["done"] - d for s, d in zip(states, start_done, strict=True)]
        answered = codes["200"]
        five = sum(n for c, n in codes.items() if c.isdigit() and c.startswith("5") and c != "503")
        print(f"  rulings answered {answered} ({answered / seconds:.1f}/s)  p50 {pct(lat, .5) * 1e3:.0f} ms  "
              f"p95 {pct(lat, .95) * 1e3:.0f} ms  max {max(lat, default=0) * 1e3:.0f} ms  over 2 s: "
              f"{sum(x > 2 for x in lat)}")
        print(f"  503: {codes['503']} (without Retry-After: {no_retry_after})  other 5xx: {five}  "
              f"other answers: {dict((c, n) for c, n in codes.items() if c not in ('200', '503'))}")
        print(f"  /healthz: {len(health)} polls, p50 {pct(health, .5) * 1e3:.1f} ms, max {max(health, default=0) * 1e3:.0f} ms")
        if jobs:
            print(f"  screenings meanwhile: {' + '.join(map(str, done))} games ({sum(done) / seconds:.1f} games/s), "
                  f"states {[s['state'] for s in states]}")
        w = stats["solver"].get("workers")
        if w is not None:
            print(f"  workers: live {w['live']} of {w['size']}, restarts {w['restarts']} (died idle {w['died_idle']}, "
                  f"timeouts {w['timeouts']}), batch share {w['batch_share']}  ({load()})")
        else:
            print(f"  workers: {stats['solver'].get('workers_size')}, restarts {stats['solver'].get('worker_restarts')}"
                  f"  ({load()})")
        for j in jobs:
            httpx.delete(url + j, timeout=30)
    finally:
        server.stop()


def main() -> None:
    """Build the files and the cases, then run each scenario and print its figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--clients", type=int, nargs="+", default=[16, 64])
    ap.add_argument("--no-kill", action="store_true", help="skip the scenario with a worker killed")
    ap.add_argument("--screenings", type=int, default=2, choices=(0, 1, 2), help="screenings running (default 2)")
    ap.add_argument("--baseline", action="store_true", help="first the lowest client count without screenings")
    ap.add_argument("--root", type=Path, help="run the server from this checkout (e.g. a worktree of an older commit)")
    args = ap.parse_args()
    print(f"== making the files and cases ({load()})")
    files = [cached(f"revokes-{args.games}-{seed}.pbn", lambda seed=seed: revoke_games_pbn(args.games, seed=seed))
             .encode() for seed in (1, 2)][: args.screenings]
    rulings = json.loads(cached("cases-4000.json", lambda: json.dumps(generated_cases(4000, seed=15))))
    random.Random(1).shuffle(rulings)
    log = CACHE / "server.log"
    runs = [(c, False, files) for c in args.clients] + ([] if args.no_kill else [(max(args.clients), True, files)])
    if args.baseline:
        runs.insert(0, (min(args.clients), False, []))
    for clients, kill, screened in runs:
        print(f"== {clients} clients for {args.seconds:g} s, {len(screened)} screening(s) of {args.games} revoke games "
              f"running{', a worker SIGKILLed half-way' if kill else ''} ({load()})")
        scenario(screened, rulings, clients, args.seconds, kill, log, args.root)


if __name__ == "__main__":
    main()
