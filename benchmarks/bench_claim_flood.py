"""Directors' rulings first under a viewer's heavy claims (issue 35).

The red team's finding: any token holder, a viewer included, stalled the service with synchronous
claims (``?job=false``, ``time_limit`` 120, ``node_budget`` 5 million): with 40 of them a director's
5 ms revoke ruling took p50 1.38 s and p95 2.77 s; with 45, 107.8 s.

The scenario, on a real uvicorn server (``tests.helpers.LiveServer``, 2 solver workers, tokens
required, its own SQLite file): a viewer keeps ``--claims`` heavy claims in flight (each sent again as
soon as its answer comes, after ``Retry-After`` when refused): T11 of tests/engine/rulings/test_claims.py
(forums.ebu.co.uk, 6C by North at 12 cards a hand, a search that does not finish) with the red team's
``?job=false``, ``time_limit`` 120, ``node_budget`` 5 million. Meanwhile a director rules revokes
one after the other for ``--seconds`` (generated deals with one established revoke each: a fresh
double-dummy solve every time), and ``/healthz`` is read after each to see the claim jobs. Then the
director cancels the viewer's jobs.

Prints the director's rulings (answered, p50 / p95 / max), the viewer's answers by status, the
slowest, the jobs made and the most at once, and the cancels' statuses. Asserts nothing
(tests/service/test_load_claims.py asserts on :func:`flood`'s figures).

Run: ``.venv/bin/python benchmarks/bench_claim_flood.py [--seconds 20] [--claims 40] [--root CHECKOUT]
[--rude]`` (``--root``: the server from another checkout, e.g. a worktree of the commit before issue
35; ``--rude``: the viewer ignores ``Retry-After`` and sends each refused claim again at once).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.cases import generated_cases  # noqa: E402
from engine.casefile.users import Role  # noqa: E402
from tests.engine.rulings.test_claims import T11_DEAL  # noqa: E402
from tests.helpers import LiveServer  # noqa: E402
from tests.people import people_in  # noqa: E402

HEAVY = {"deal": T11_DEAL, "contract": "6C", "declarer": "N", "vulnerable": "None", "play": "D4 D7 DA D3 DQ".split(),
         "claim": {"by": "N", "tricks": 12}, "time_limit": 120, "node_budget": 5_000_000}
"""The viewer's claim, as the red team sent it (T11 at its doubtful point: North to play, 12 cards a hand)."""


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, nearest rank (0 for none)."""
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


@dataclass
class Flood:
    """What one run measured.

    Attributes:
        rulings: the director's revoke rulings, ``(status, seconds)`` each.
        claims: the viewer's claims, ``(status, seconds)`` each.
        jobs: the claim jobs the viewer was given (ids).
        peak_jobs: the most claim jobs queued or running at once (``/healthz``; -1 when it does not say).
        cancelled: the statuses of the director's cancels of the viewer's jobs.
        errors: the viewer's requests that got no answer (transport errors).
    """

    rulings: list[tuple[int, float]] = field(default_factory=list)
    claims: list[tuple[int, float]] = field(default_factory=list)
    jobs: set[str] = field(default_factory=set)
    peak_jobs: int = 0
    cancelled: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def answered(self) -> list[float]:
        """Seconds of the director's rulings answered 200."""
        return [s for code, s in self.rulings if code == 200]

    def codes(self) -> dict[int, int]:
        """The viewer's answers by status."""
        out: dict[int, int] = {}
        for code, _ in self.claims:
            out[code] = out.get(code, 0) + 1
        return dict(sorted(out.items()))

    def report(self) -> str:
        """The figures, two lines."""
        took = self.answered()
        slowest = max((s for _, s in self.claims), default=0.0)
        return (f"director: {len(self.rulings)} revoke rulings, {len(took)} answered 200; p50 "
                f"{pct(took, 0.5) * 1000:.0f} ms, p95 {pct(took, 0.95) * 1000:.0f} ms, max "
                f"{max(took, default=0.0) * 1000:.0f} ms\n"
                f"viewer: {len(self.claims)} claims answered {self.codes()}, slowest answer {slowest * 1000:.0f} ms, "
                f"{len(self.errors)} unanswered; {len(self.jobs)} jobs made, at most {self.peak_jobs} at once; "
                f"cancelled by the director: {self.cancelled}")


def flood(folder: Path, seconds: float = 20.0, claims: int = 40, root: Path | None = None,
          polite: bool = True) -> Flood:
    """Run the scenario of the module's docstring on a fresh server (its database and log in
    ``folder``; the code under ``root``, default this checkout); its figures. ``polite=False``: the
    viewer ignores ``Retry-After`` and sends each refused claim again at once.

    Raises:
        RuntimeError: the server did not start.
    """
    url = f"sqlite:///{folder / 'advisor.sqlite3'}"
    tokens = people_in(url, (("Jan Kowalski", Role.DIRECTOR), ("Piotr Lis", Role.VIEWER)))
    director = {"Authorization": f"Bearer {tokens['Jan Kowalski']}"}
    viewer = {"Authorization": f"Bearer {tokens['Piotr Lis']}"}
    env = {"ADVISOR_DATABASE_URL": url, "ADVISOR_REQUIRE_TOKENS": "1",
           "ADVISOR_DD_WORKERS": os.environ.get("ADVISOR_DD_WORKERS", "2")}
    cases = generated_cases(2000, seed=35)
    out = Flood()
    server = LiveServer(env, folder / "server.log")
    if root is not None:
        server.ROOT = root  # type: ignore[misc]
    base = server.start()
    try:
        for _ in range(600):  # the claim search's compiled core ready (loaded at start, in the background)
            if httpx.get(f"{base}/healthz", timeout=10).json().get("claim_search") != "compiling":
                break
            time.sleep(0.1)
        httpx.post(f"{base}/v1/rulings/revoke", json=cases[-1], headers=director, timeout=60)  # the first request
        stop = threading.Event()

        def claimer() -> None:
            with httpx.Client(base_url=base, headers=viewer, timeout=180) as c:
                while not stop.is_set():
                    t0 = time.perf_counter()
                    try:
                        r = c.post("/v1/rulings/claim?job=false", json=HEAVY)
                    except httpx.HTTPError as exc:
                        out.errors.append(repr(exc))
                        return
                    out.claims.append((r.status_code, time.perf_counter() - t0))
                    if r.status_code == 202:
                        out.jobs.add(r.json()["job"])
                    elif r.status_code in (429, 503) and polite:
                        stop.wait(float(r.headers.get("Retry-After", "1")))

        threads = [threading.Thread(target=claimer, daemon=True) for _ in range(claims)]
        for t in threads:
            t.start()
        time.sleep(0.5)  # the claims are in
        with httpx.Client(base_url=base, headers=director, timeout=180) as c:
            deadline = time.monotonic() + seconds
            for body in cases[:-1]:
                if time.monotonic() > deadline:
                    break
                t0 = time.perf_counter()
                r = c.post("/v1/rulings/revoke", json=body)
                out.rulings.append((r.status_code, time.perf_counter() - t0))
                queues = c.get("/healthz").json()["screenings"].get("queues")
                if queues is None:
                    out.peak_jobs = -1
                else:
                    out.peak_jobs = max(out.peak_jobs, queues["claim"]["running"] + queues["claim"]["queued"])
            stop.set()
            for t in threads:
                t.join(5)
            out.cancelled = [c.delete(f"/v1/rulings/claim/jobs/{job}").status_code for job in sorted(out.jobs)]
    finally:
        server.stop()
    return out


def main() -> None:
    """Run the scenario once and print its figures."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--claims", type=int, default=40)
    ap.add_argument("--root", type=Path, help="run the server from this checkout (e.g. a worktree of an older commit)")
    ap.add_argument("--rude", action="store_true", help="the viewer ignores Retry-After: a refused claim again at once")
    args = ap.parse_args()
    print(f"== {args.claims} heavy claims of a viewer while a director rules for {args.seconds:g} s "
          f"(load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="advisor-flood-") as folder:
        print(flood(Path(folder), args.seconds, args.claims, args.root, polite=not args.rude).report())
    print(f"== load {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
