"""Fair under load (issue 15): rulings before screenings, long screenings as jobs, work for a client
that went away cancelled, a worker killed while idle replaced unnoticed, a bounded shutdown.

Real parts only: the service under uvicorn in its own process with 2 solver worker processes,
real DDS, real files (revoke games made on the corpus's deals), SIGKILL and SIGTERM of real
processes. No figure of time is asserted here (those are in benchmarks/bench_load.py), except the
shutdown's bound, with a wide margin.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from benchmarks.cases import revoke_games_pbn
from tests.helpers import SPONVO30, SPONVO30_DEAL, SPONVO30_PLAY, LiveServer

pytestmark = pytest.mark.slow

BIG = 200  # games in a file screened as a job (over the server's synchronous cap below)
MID = 100  # games in a file screened in its request
ENV = {"ADVISOR_DD_WORKERS": "2", "ADVISOR_SYNC_SCREENING_GAMES": "150"}
RULING = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "claim_declarer_tricks": 3,
          "play": SPONVO30_PLAY}


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    """Two big files and a middle one: real deals of the corpus, each game with a revoke (two seeds:
    other contracts and plays on the same deals, so the second file is not answered by the cache)."""
    return {"big1": revoke_games_pbn(BIG, seed=1).encode(), "big2": revoke_games_pbn(BIG, seed=2).encode(),
            "mid": revoke_games_pbn(MID, seed=3).encode()}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The service with 2 workers, screenings over 150 games as jobs."""
    log = tmp_path_factory.mktemp("load") / "server.log"
    with LiveServer(ENV, log) as live:
        yield live


def health(url: str) -> dict[str, Any]:
    r = httpx.get(f"{url}/healthz", timeout=10)
    assert r.status_code == 200
    body: dict[str, Any] = r.json()
    return body


def wait_until(test: Callable[[], Any], what: str, seconds: float = 120) -> Any:
    """Poll ``test()`` until it returns something true (at most ``seconds``); that value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = test()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def post_file(url: str, name: str, data: bytes, **params: str) -> httpx.Response:
    return httpx.post(f"{url}/v1/screenings", files={"file": (name, data)}, params=params, timeout=120)


def job(url: str, location: str) -> dict[str, Any]:
    r = httpx.get(f"{url}{location}", timeout=30)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def worker_pids(server_pid: int) -> list[int]:
    """The solver worker processes of the server: its children that loaded DDS (endplay's libdds), not
    the file readers (``advisor-reader``, app.service.parse_sandbox) nor multiprocessing's tracker."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
            maps = (entry / "maps").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == server_pid and b"spawn_main" in cmdline and "libdds" in maps:
            out.append(int(entry.name))
    return sorted(out)


def test_a_ruling_is_answered_while_two_big_screenings_run_and_a_job_can_be_cancelled(server, files):
    url = server.url
    locations: list[str] = []
    try:
        for name in ("big1", "big2"):
            r = post_file(url, f"{name}.pbn", files[name])
            assert r.status_code == 202, r.text
            assert r.headers["location"] == f"/v1/screenings/jobs/{r.json()['job']}"
            locations.append(r.headers["location"])
            progress = r.json()["progress"]  # a game or two may already be done when the 202 is written
            assert progress["total"] == BIG and 0 <= progress["done"] < BIG
        wait_until(lambda: all(job(url, loc)["progress"]["done"] >= 1 for loc in locations), "both jobs under way")
        stats = health(url)
        assert stats["screenings"]["running"] == 2
        assert stats["solver"]["workers"]["busy"]["batch"] <= 1  # screenings hold at most all workers but one

        r = httpx.post(f"{url}/v1/rulings/revoke", json=RULING, timeout=60)
        assert r.status_code == 200, r.text
        assert r.json()["suggested"]["result"] == "4H W -1"
        states = [job(url, loc) for loc in locations]
        assert [s["state"] for s in states] == ["running", "running"]  # answered while both screenings ran
        assert all(s["progress"]["done"] < BIG for s in states)

        for loc in locations:
            r = httpx.delete(f"{url}{loc}", timeout=30)
            assert r.status_code == 200 and r.json()["state"] in ("running", "cancelled")
        wait_until(lambda: all(job(url, loc)["state"] != "running" for loc in locations), "both jobs stopped")
        ended = [job(url, loc) for loc in locations]
        assert [s["state"] for s in ended] == ["cancelled", "cancelled"]
        assert all(s["error"] == "cancelled" and s["report"] is None for s in ended)
        assert health(url)["screenings"]["running"] == 0
    finally:  # a failure above must not leave two big jobs holding the workers for the next tests
        for loc in locations:
            httpx.delete(f"{url}{loc}", timeout=30)


def test_a_job_reports_what_a_synchronous_screening_reports(server):
    url = server.url
    data = SPONVO30.read_bytes()
    r = post_file(url, "Sponvo30.pbn", data, job="true")
    assert r.status_code == 202, r.text
    location = r.headers["location"]
    done = wait_until(lambda: (s := job(url, location))["state"] == "done" and s, "the job done")
    assert done["progress"] == {"done": 48, "total": 48} and done["error"] is None
    sync = post_file(url, "Sponvo30.pbn", data)
    assert sync.status_code == 200
    assert done["report"] == sync.json()
    assert [row["revokes"] for row in done["report"]["rows"]] == [["T3 S D4 on H, 64A2 x1"]]
    r = httpx.delete(f"{url}{location}", timeout=30)  # a finished job is left as it is
    assert r.status_code == 200 and r.json()["state"] == "done"
    r = httpx.get(f"{url}/v1/screenings/jobs/no-such-job", timeout=30)
    assert r.status_code == 404
    assert r.json()["detail"][0]["loc"] == ["path", "job_id"]
    r = post_file(url, "big.pbn", b"\n\n".join([data] * 4), job="false")  # 192 games over the cap of 150
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "job"]


def test_a_client_that_goes_away_cancels_its_screening(server, files):
    url = server.url
    request = httpx.Request("POST", f"{url}/v1/screenings", files={"file": ("mid.pbn", files["mid"])})
    body = request.read()
    head = "".join(f"{k}: {v}\r\n" for k, v in request.headers.items())
    before = health(url)["screenings"]["finished"]
    with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1]))) as sock:
        sock.sendall(f"POST /v1/screenings HTTP/1.1\r\n{head}\r\n".encode() + body)
        under_way = wait_until(lambda: [p for p in health(url)["screenings"]["progress"] if p["done"] >= 1],
                               "the synchronous screening under way")
        assert under_way[0]["total"] == MID
    # the client closed the connection: the screening stops after the game it was on
    stats = wait_until(lambda: (s := health(url)["screenings"])["inline"] == 0 and s, "the screening stopped")
    assert stats["finished"]["cancelled"] == before["cancelled"] + 1
    assert stats["finished"]["done"] == before["done"]  # it did not run to the end


def test_a_worker_killed_while_idle_fails_no_request(server):
    url = server.url
    wait_until(lambda: health(url)["solver"]["workers"]["idle"] == 2, "both workers idle")
    before = health(url)["solver"]["workers"]
    pids = worker_pids(server.proc.pid)
    assert len(pids) == 2
    os.kill(pids[0], signal.SIGKILL)
    for _ in range(3):  # the first starts right after the kill
        r = httpx.post(f"{url}/v1/rulings/revoke", json={**RULING, "claim_declarer_tricks": None,
                                                                  "rest_valued_double_dummy": True}, timeout=60)
        assert r.status_code == 200, r.text
    # the watcher notices the death within 0.2 s of its own time: on a busy machine after the rulings
    after = wait_until(lambda: (w := health(url)["solver"]["workers"])["live"] == 2
                       and w["restarts"] > before["restarts"] and w, "the worker replaced")
    assert after["restarts"] == before["restarts"] + 1 and after["died_idle"] == before["died_idle"] + 1
    assert pids[0] not in worker_pids(server.proc.pid)


def test_sigterm_cancels_the_screenings_and_exits_within_the_configured_time(tmp_path, files):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = {**ENV, "ADVISOR_SHUTDOWN_SECONDS": "3", "TMPDIR": str(scratch)}
    live = LiveServer(env, tmp_path / "server.log")
    url = live.start()
    try:
        assert [p.name for p in scratch.iterdir() if p.name.startswith("advisor-dds-")]  # the solver's scratch dir
        r = post_file(url, "big1.pbn", files["big1"])
        assert r.status_code == 202
        answers: list[httpx.Response] = []
        sync = threading.Thread(target=lambda: answers.append(post_file(url, "mid.pbn", files["mid"])))
        sync.start()
        wait_until(lambda: (s := health(url)["screenings"])["running"] == 1 and s["inline"] == 1
                   and all(p["done"] >= 1 for p in s["progress"]), "a job and a synchronous screening under way")
        sent = time.monotonic()
        live.proc.send_signal(signal.SIGTERM)
        code = live.proc.wait(60)
        took = time.monotonic() - sent
        sync.join(60)
    finally:
        live.kill()
    assert code in (0, -signal.SIGTERM)  # uvicorn ends by raising the signal it caught again, once shut down
    assert took < 3 + 10, took  # ADVISOR_SHUTDOWN_SECONDS, and a wide margin for stopping the workers
    [answer] = answers
    assert answer.status_code == 503 and answer.headers["retry-after"]
    assert "shutting down" in answer.json()["detail"][0]["msg"]
    log = (tmp_path / "server.log").read_text()
    assert log.count("cancelled at") == 2 and f"of {BIG} games" in log and f"of {MID} games" in log
    assert "Traceback" not in log
    assert not [p.name for p in scratch.iterdir() if p.name.startswith("advisor-dds-")]  # removed
