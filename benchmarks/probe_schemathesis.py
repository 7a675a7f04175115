"""The issue 15 probe: schemathesis over every operation of the API for ten minutes.

Starts the service on 127.0.0.1 (a free port; ``ADVISOR_DD_WORKERS`` workers, default 2; a
fresh SQLite file in a temp dir), then runs schemathesis's own command line against
``/openapi.json`` with every phase (the schema's examples, the coverage phase's boundary and
type-breaking cases, fuzzing in positive and negative modes, stateful sequences) until
``--minutes`` are spent, and prints the figures: operations, requests sent, what they were
answered, and the failures found. The checks: ``not_a_server_error`` (any 5xx; the solver's 503
with ``Retry-After`` would show here and be told apart below) and this file's
:func:`well_formed_answer` (strict UTF-8 JSON without NaN, a 422 in the project's error shape,
or the page's HTML, or CSV), loaded by schemathesis as a hooks module.

Run: ``.venv/bin/python benchmarks/probe_schemathesis.py [--minutes 10] [--seed 15]``. Prints
figures with the machine's load average; asserts nothing. The CI test with a small budget is
``tests/api/test_schemathesis.py``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import schemathesis

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.helpers (the wait for /healthz)


def _no_constant(name: str) -> None:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


@schemathesis.check
def well_formed_answer(ctx: Any, response: Any, case: Any) -> bool | None:
    """A schemathesis check: the answer's body is strict UTF-8; JSON without ``NaN`` (a 422's
    items exactly ``loc``, ``msg``, ``type``, ``law``), or HTML, or CSV.

    Raises:
        AssertionError: the body is none of these.
    """
    del ctx, case
    kind = (response.headers.get("content-type") or [""])[0]
    text = response.content.decode("utf-8")
    if kind.startswith("application/json"):
        data = json.loads(text, parse_constant=_no_constant)
        if response.status_code == 422 and not all(set(i) == {"loc", "msg", "type", "law"} for i in data["detail"]):
            raise AssertionError(f"a 422 not in the project's error shape: {text[:300]}")
    elif text and not kind.startswith(("text/html", "text/csv")):
        raise AssertionError(f"an answer that is neither JSON, HTML nor CSV: {kind!r}")
    return None


def load() -> str:
    """The 1-minute load average and the core count, for the record."""
    return f"load {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """The service on 127.0.0.1:``port`` in its own process group (its solver workers with it)."""
    env = {**os.environ, "ADVISOR_DD_WORKERS": os.environ.get("ADVISOR_DD_WORKERS", "2"),
           "ADVISOR_DATABASE_URL": f"sqlite:///{folder / 'advisor.sqlite3'}"}
    env.pop("SCHEMATHESIS_HOOKS", None)
    log = (folder / "server.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    from tests.helpers import wait_healthy

    if wait_healthy(f"http://127.0.0.1:{port}", proc):
        return proc
    os.killpg(proc.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


def run(minutes: float, seed: int) -> None:
    """Start the server, run schemathesis for ``minutes``, print the figures."""
    with tempfile.TemporaryDirectory(prefix="advisor-probe-") as tmp:
        folder = Path(tmp)
        port = free_port()
        print(f"start: {load()}", flush=True)
        server = start_server(port, folder)
        report = folder / "report.ndjson"
        env = {**os.environ, "SCHEMATHESIS_HOOKS": "benchmarks.probe_schemathesis",
               "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        cmd = [str(Path(sys.executable).with_name("schemathesis")), "run", f"http://127.0.0.1:{port}/openapi.json",
               "--max-time", str(int(minutes * 60)), "--seed", str(seed), "--workers", "2",
               "--checks", "not_a_server_error,well_formed_answer", "--continue-on-failure",
               "--suppress-health-check", "all", "--request-timeout", "60",
               "--report", "ndjson", "--report-ndjson-path", str(report)]
        started = time.monotonic()
        try:
            out = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True)  # its cache: in tmp
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(30)
        seconds = time.monotonic() - started
        print(out.stdout[-6000:])
        if out.returncode not in (0, 1):
            print(out.stderr[-3000:], file=sys.stderr)
        summarise(report, seconds)
        print(f"end: {load()}; schemathesis exit status {out.returncode}")


def summarise(report: Path, seconds: float) -> None:
    """Print the figures from schemathesis's NDJSON events: operations, requests by phase and
    by answer, the 5xx among them (the solver's 503 with ``Retry-After`` told apart), and the
    failed checks."""
    operations: set[str] = set()
    phases: collections.Counter[str] = collections.Counter()
    statuses: collections.Counter[int] = collections.Counter()
    failures: collections.Counter[str] = collections.Counter()
    busy = 0
    for line in report.read_text().splitlines():
        body = json.loads(line).get("ScenarioFinished")
        recorder = (body or {}).get("recorder") or {}
        if not recorder:
            continue
        if re.match(r"[A-Z]+ /", recorder["label"]):  # not the stateful phase's own label
            operations.add(recorder["label"])
        for interaction in recorder.get("interactions", {}).values():
            phases[body["phase"]] += 1
            response = interaction.get("response")
            if response:
                statuses[int(response["status_code"])] += 1
                busy += int(response["status_code"]) == 503 and "retry-after" in response.get("headers", {})
        for checks in recorder.get("checks", {}).values():
            for check in checks:
                if check.get("status") == "failure":
                    failures[check.get("name", "?")] += 1
    five = sum(n for s, n in statuses.items() if s >= 500)
    print(f"operations: {len(operations)}; requests: {sum(phases.values())} in {seconds:.0f} s, by phase "
          f"{dict(phases)}; answers: {dict(sorted(statuses.items()))}")
    print(f"5xx: {five} ({busy} of them the solver's 503 with Retry-After); failed checks: {dict(failures) or 0}")


def main() -> None:
    """Parse the arguments and run the probe."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="time budget (default 10)")
    parser.add_argument("--seed", type=int, default=15, help="schemathesis's seed (default 15)")
    args = parser.parse_args()
    run(args.minutes, args.seed)


if __name__ == "__main__":
    main()
