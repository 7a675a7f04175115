"""The case file's figures (issue 14): writes through the real server, and the token check.

For SQLite (a file in a temp dir: WAL, synchronous=FULL) and, when ``ADVISOR_TEST_POSTGRES_URL``
is set, PostgreSQL (that database is emptied first, as the tests do): starts the service on
127.0.0.1 (``uvicorn --factory app.main:create_app``, 1 solver worker, laptop mode), makes an
event with Sponvo30.pbn's hand records, then for 1, 8 and 16 clients:

- cases/s: ``--cases`` cases (revokes from the facts only, so the solver is not called: the
  figure is the API and the database) created by the clients at once, and the p50/p95 latency
  of ``POST /v1/cases``;
- decisions/s and the p50/p95 latency of ``POST /v1/cases/{id}/decision`` on those cases.

Then the token check in this process: one argon2id verify (what the first request with a token
costs) against the cached check (every later request within 30 s).

Run: ``.venv/bin/python benchmarks/bench_cases.py [--cases 400]``. Prints figures with the
machine's load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers import SPONVO30, LiveServer, empty_postgres, hand_records_only  # noqa: E402

FACTS = [(8, 5), (9, 4), (7, 6), (10, 3)]


def load() -> str:
    """The 1-minute load average and the core count, for the record."""
    return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def case_body(event: int, n: int) -> dict[str, Any]:
    """A facts-only revoke case on board ``n % 24 + 1`` (no solver call)."""
    table_result, after = FACTS[n % len(FACTS)]
    return {"event": event, "board": str(n % 24 + 1), "round": "1", "table": str(n), "director": "TD",
            "pairs": {"ns": {"number": "1"}, "ew": {"number": "2"}}, "contract": "4H", "declarer": "W",
            "table_result": table_result, "revoke_facts": {"trick": 3, "offender": "S", "revoke_trick_won_by": "W",
                                                           "offending_side_tricks_after": after}}


def at_once(clients: int, jobs: list[Any], send: Any) -> tuple[float, list[float], list[Any]]:
    """Run ``send(client, job)`` over ``jobs`` from ``clients`` threads (each its own keep-alive
    connection); (wall seconds, latencies, answers). Raises on any answer but 200/201."""
    latencies: list[float] = []
    answers: list[Any] = []
    errors: list[str] = []
    lock = threading.Lock()
    todo = iter(jobs)
    gate = threading.Barrier(clients + 1)

    def worker() -> None:
        with httpx.Client(timeout=60) as client:
            gate.wait()
            while True:
                with lock:
                    job = next(todo, None)
                if job is None:
                    return
                t = time.perf_counter()
                r = send(client, job)
                dt = time.perf_counter() - t
                with lock:
                    latencies.append(dt)
                    if r.status_code not in (200, 201):
                        errors.append(f"{r.status_code} {r.text[:200]}")
                    else:
                        answers.append(r.json())

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for th in threads:
        th.start()
    gate.wait()
    t0 = time.perf_counter()
    for th in threads:
        th.join()
    wall = time.perf_counter() - t0
    if errors:
        raise RuntimeError(f"{len(errors)} failed: {errors[:3]}")
    return wall, latencies, answers


def bench_database(name: str, env: dict[str, str], log: Path, cases: int) -> None:
    """The write figures on one database."""
    server = LiveServer(env, log)
    url = server.start()
    try:
        print(f"\n{name} ({load()})")
        print(f"{'clients':>7}  {'cases/s':>8}  {'create p50':>10}  {'p95':>7}  {'decisions/s':>11}  "
              f"{'decision p50':>12}  {'p95':>7}")
        for clients in (1, 8, 16):
            with httpx.Client(base_url=url, timeout=60) as c:
                event = c.post("/v1/events", json={"name": f"bench {clients}", "date": "2026-11-24"}).json()["id"]
                c.post(f"/v1/events/{event}/hand-records", files={"file": ("h.pbn", hand_records_only(SPONVO30))})
                c.post("/v1/cases", json=case_body(event, 0))  # warm: the first case's imports and caches
            wall, create_lat, made = at_once(clients, [case_body(event, n) for n in range(cases)],
                                             lambda client, body: client.post(f"{url}/v1/cases", json=body))
            decisions = [(m["id"], m["ruling"]["suggested"]["score_ns"]) for m in made]
            dwall, decide_lat, _ = at_once(clients, decisions, lambda client, d: client.post(
                f"{url}/v1/cases/{d[0]}/decision", json={"score_ns": d[1], "result": "r", "law": "64A2"}))
            print(f"{clients:>7}  {cases / wall:8.1f}  {pct(create_lat, .5) * 1e3:7.1f} ms  "
                  f"{pct(create_lat, .95) * 1e3:4.1f} ms  {len(decisions) / dwall:11.1f}  "
                  f"{pct(decide_lat, .5) * 1e3:9.1f} ms  {pct(decide_lat, .95) * 1e3:4.1f} ms")
    finally:
        server.stop()


def bench_token_check() -> None:
    """argon2id verify (a token seen for the first time) against the cached check."""
    from app.service.auth import Access, _hasher, add_user
    from app.storage import open_repository
    from app.storage.cases import SqlUserRepository
    from engine.casefile.users import Role

    with tempfile.TemporaryDirectory() as folder:
        repo = open_repository(f"sqlite:///{folder}/users.sqlite3")
        try:
            users = SqlUserRepository(repo.engine)
            _, token = add_user(users, "TD", Role.DIRECTOR)
            found = users.find(token.split("_")[1])
            assert found is not None
            stored_hash = found[1]
            verify = []
            for _ in range(20):
                t = time.perf_counter()
                _hasher.verify(stored_hash, token)
                verify.append(time.perf_counter() - t)
            access = Access(users, require_tokens=True)
            t = time.perf_counter()
            assert access.holder(token) is not None  # first: look-up + verify
            first = time.perf_counter() - t
            cached = []
            for _ in range(2000):
                t = time.perf_counter()
                access.holder(token)
                cached.append(time.perf_counter() - t)
        finally:
            repo.close()
    print(f"\nToken check ({load()})")
    print(f"  argon2id verify alone:        p50 {pct(verify, .5) * 1e3:7.2f} ms  p95 {pct(verify, .95) * 1e3:7.2f} ms")
    print(f"  first check (look-up+verify): {first * 1e3:7.2f} ms")
    print(f"  cached check:                 p50 {pct(cached, .5) * 1e6:7.2f} us  p95 {pct(cached, .95) * 1e6:7.2f} us")


def main() -> None:
    """Print the figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cases", type=int, default=400, help="cases created (and decided) per client count")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = {"ADVISOR_DD_WORKERS": "1", "ADVISOR_DATA_DIR": folder}
        log = Path(folder) / "server.log"
        bench_database("SQLite (WAL, synchronous=FULL)", {**base, "ADVISOR_DATABASE_URL": ""}, log, args.cases)
        pg = os.environ.get("ADVISOR_TEST_POSTGRES_URL", "").strip()
        if pg:
            empty_postgres(pg)
            bench_database("PostgreSQL", {**base, "ADVISOR_DATABASE_URL": pg}, log, args.cases)
        else:
            print("\nPostgreSQL: ADVISOR_TEST_POSTGRES_URL is not set (. .ci/postgres starts one)")
    bench_token_check()


if __name__ == "__main__":
    main()
