"""The bounded requests' figures (issue 23): what a finished screening job keeps, and what a
wrong token costs.

- Jobs: a ~5 MiB PBN text made of the corpus's biggest real files is read (``read_games``) and
  screened as a job (:mod:`app.service.jobs`, the real solver) ``--jobs`` times, each from its own
  parse as an upload would be; the caller drops its games after each job. Printed: this
  process's RSS before and after, the growth per finished job, and how many parsed games
  (``PbnGame``) are still alive.
- Tokens: one wrong secret on a known key checked twice (the first costs an argon2id verify;
  the second is remembered), and 40 different wrong secrets on the key (argon2 verifies run).

Run: ``.venv/bin/python benchmarks/bench_bounds.py [--jobs 20]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.api.screenings import start_job  # noqa: E402
from app.service import auth  # noqa: E402
from app.service.jobs import FINISHED, JobManager  # noqa: E402
from app.storage import open_repository  # noqa: E402
from app.storage.cases import SqlUserRepository  # noqa: E402
from engine.casefile.users import Role  # noqa: E402
from engine.dd import default_solver  # noqa: E402
from engine.records.files import read_games  # noqa: E402
from engine.records.pbn_game import PbnGame  # noqa: E402
from tests.helpers import DATA  # noqa: E402

MIB = 1024 * 1024


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def five_mib_text() -> str:
    """The corpus's biggest PBN files joined up to about 5 MiB (an upload at its limit)."""
    files = sorted(DATA.rglob("*.pbn"), key=lambda p: p.stat().st_size, reverse=True)
    parts, size = [], 0
    for path in files:
        if size >= 5 * MIB - 250_000:
            break
        text = path.read_bytes().decode("latin-1")
        parts.append(text)
        size += len(text)
    return "\n\n".join(parts)


def jobs(count: int) -> None:
    text = five_mib_text()
    solver = default_solver()
    manager = JobManager(max_running=1, keep_finished=100)
    print(f"file: {len(text) / MIB:.2f} MiB, {len(read_games(text))} games")
    gc.collect()
    before = rss_mib()
    for i in range(count):
        games = read_games(text)
        job = start_job(manager, solver, f"big-{i}.pbn", games)
        del games
        while job.state not in FINISHED:
            time.sleep(0.05)
        if i == 0:
            print(f"first job: {job.state.value}, {len(job.result.rows)} rows")
    gc.collect()
    after = rss_mib()
    alive = sum(isinstance(o, PbnGame) for o in gc.get_objects())
    print(f"RSS before {before:.0f} MiB, after {count} finished jobs {after:.0f} MiB: "
          f"{(after - before) / count:.1f} MiB a job; parsed games still alive: {alive}")


def tokens() -> None:
    with tempfile.TemporaryDirectory() as folder:
        repo = open_repository(f"sqlite:///{folder}/advisor.sqlite3")
        users = SqlUserRepository(repo.engine)
        _, token = auth.add_user(users, "Anna Director", Role.DIRECTOR)
        access = auth.Access(users, require_tokens=True)
        key = token.split("_")[1]
        wrong = f"adv_{key}_{'A' * 43}"
        for label in ("first", "second"):
            start = time.perf_counter()
            access.holder(wrong)
            print(f"wrong secret, {label} check: {(time.perf_counter() - start) * 1000:.3f} ms")
        start = time.perf_counter()
        for i in range(40):
            access.holder(f"adv_{key}_{i:043d}")
        print(f"40 different wrong secrets on the key: {(time.perf_counter() - start) * 1000:.0f} ms")
        repo.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=20)
    args = parser.parse_args()
    tokens()
    jobs(args.jobs)


if __name__ == "__main__":
    main()
