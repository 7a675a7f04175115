"""What reading an uploaded file apart from the server costs (issue 35, :mod:`app.service.parse_sandbox`).

- In process: the median of ``--runs`` reads of a real USEBIO file (``mp_pairs_mitchell.xml``,
  236 KB, 512 lines) and of a ~5 MiB PBN text of the corpus's biggest files (``read_games``)
  directly, through the sandbox's warm worker, and through a fresh worker each time (a sandbox
  made and closed around each read: what a pool without reuse would cost).
- On a real server (uvicorn): the median time of ``--runs`` ``POST /v1/events/{id}/results`` of
  the USEBIO file, each to a new event, as a director's upload is answered.
- The red team's hostile files on that server: each one's time to its 422.

Run: ``.venv/bin/python benchmarks/bench_parse_sandbox.py [--runs 9]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402

from app.service.parse_sandbox import ParseLimits, ParseSandbox  # noqa: E402
from benchmarks.bench_bounds import five_mib_text  # noqa: E402  (the same 5 MiB of the corpus)
from engine.records.files import read_games  # noqa: E402
from engine.records.results import read_results  # noqa: E402
from tests import hostile_files as hostile  # noqa: E402
from tests.helpers import LiveServer  # noqa: E402

MIB = 1024 * 1024


def median_ms(runs: int, call: Callable[[], Any]) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def fresh(read: Callable[[ParseSandbox], Any]) -> Callable[[], Any]:
    def once() -> Any:
        box = ParseSandbox(ParseLimits(workers=1))
        try:
            return read(box)
        finally:
            box.close()
    return once


def in_process(runs: int) -> None:
    usebio = hostile.USEBIO.read_bytes()
    pbn = five_mib_text()
    print(f"load average {os.getloadavg()[0]:.2f}; USEBIO {len(usebio) / 1024:.0f} KB, "
          f"PBN {len(pbn.encode('latin-1')) / MIB:.2f} MiB ({len(read_games(pbn))} games)")
    box = ParseSandbox(ParseLimits(workers=1))
    try:
        box.warm()
        rows = [("USEBIO, read_results", lambda: read_results(usebio), lambda: box.read_results(usebio, "x.xml"),
                 fresh(lambda b: b.read_results(usebio, "x.xml"))),
                ("5 MiB PBN, read_games", lambda: read_games(pbn), lambda: box.read_games(pbn, "x.pbn"),
                 fresh(lambda b: b.read_games(pbn, "x.pbn")))]
        print("| file | in the server, ms | warm worker, ms | fresh worker each time, ms |")
        print("|---|---|---|---|")
        for name, direct, warm, new in rows:
            n = runs if "USEBIO" in name else max(3, runs // 3)
            print(f"| {name} | {median_ms(n, direct):.1f} | {median_ms(n, warm):.1f} | {median_ms(n, new):.1f} |")
    finally:
        box.close()


def on_a_server(runs: int) -> None:
    usebio = hostile.USEBIO.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        env = {"ADVISOR_DATA_DIR": tmp, "ADVISOR_DD_WORKERS": "1", "ADVISOR_PARSE_SECONDS": "10"}
        with LiveServer(env, Path(tmp) / "server.log") as server:
            url = server.url

            def upload(name: str, data: bytes) -> httpx.Response:
                event = httpx.post(f"{url}/v1/events", json={"name": name, "date": "2026-11-28"}).json()["id"]
                return httpx.post(f"{url}/v1/events/{event}/results", files={"file": (name, data)}, timeout=120)

            upload("warm.xml", usebio)
            print(f"\nA real server: POST /v1/events/{{id}}/results of the USEBIO file, median of {runs}: "
                  f"{median_ms(runs, lambda: upload('mp_pairs_mitchell.xml', usebio)):.1f} ms")
            for name, data in (("looping.bws", hostile.looping_bws()), ("overlapping.bws", hostile.overlapping_bws()),
                               ("wide.html", hostile.wide_jfr())):
                started = time.monotonic()
                r = upload(name, data)
                took = time.monotonic() - started
                said = r.text[:80] if r.status_code == 200 else r.json()["detail"][0]["msg"]
                print(f"{name}: {r.status_code} in {took:.2f} s: {said}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    in_process(args.runs)
    on_a_server(args.runs)


if __name__ == "__main__":
    main()
