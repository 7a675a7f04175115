"""Shared test helpers: real records from ../shared/data, and hand-built boards."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from engine.model import Card, Contract, Deal, Seat, Vulnerability
from engine.model.board import BoardRecord

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn-files"
SPONVO30 = DATA / "1997-European_Team_Championship" / "Sponvo30.pbn"
FINAL2 = DATA / "1998-World_Bridge_Championships" / "FINAL2.PBN"
A1A10909 = DATA / "2000-17th_European_Youth_Team_Championships" / "A1A10909.PBN"

# Sponvo30.pbn board 21, closed room, in play order (read from the file's [Play "N"] columns by hand).
SPONVO30_DEAL = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"
SPONVO30_PLAY = ("CJ C3 C2 CK  HA H6 HJ H2  HK S2 D3 D4  HQ D5 D7 H7  HT D6 C4 H8  S4 S5 SQ SK  "
                 "D9 D2 DQ D8  C9 C8 C5 C6  CT CQ CA C7").split()


LOCAL = ("127.0.0.1", 50000)
"""A client address on this machine (loopback) for Starlette's in-process TestClient, whose own
default (``"testclient"``) is not an address and so never runs in laptop mode."""


def laptop(app: Any, **kwargs: Any) -> TestClient:
    """Starlette's in-process TestClient for ``app`` as the director's own browser on this machine
    (client 127.0.0.1: laptop mode while no token was ever made); ``kwargs`` as TestClient's."""
    return TestClient(app, client=LOCAL, **kwargs)


@contextmanager
def app_with_env(solver: Any, database_url: str | None = None, **env: str) -> Iterator[TestClient]:
    """:func:`laptop` on ``create_app(solver, database_url)`` (``None``: the test session's own
    SQLite file) built with the environment variables ``env`` set (e.g.
    ``ADVISOR_SYNC_SCREENING_GAMES="2"``, ``ADVISOR_I18N_STRICT="1"``), restored on leaving."""
    from app.main import create_app

    with pytest.MonkeyPatch.context() as mp:
        for name, value in env.items():
            mp.setenv(name, value)
        with laptop(create_app(solver=solver, database_url=database_url)) as c:
            yield c


def claim_ruled(client: Any, body: dict[str, Any], *, path: str = "/v1/rulings/claim?job=false",
                seconds: float = 900.0) -> httpx.Response:
    """POST the claim ``body`` to ``path`` with ``client`` (a TestClient, or an ``httpx.Client``) and
    wait for its ruling however long it takes: since issue 35 no request waits for a claim more
    than 2 s (``job=false`` included), past that it is answered 202 with the job, which is then
    polled until it ends. The answer as the request would have given it when waited for: 200 with
    the ruling (the job's, the same as the synchronous answer), or the request's own refusal
    (422...); a job that failed or was cancelled is a 500 holding the job's state, so that the
    test's assertion shows why. ``seconds``: the most to poll."""
    r: httpx.Response = client.post(path, json=body)
    if r.status_code != 202:
        return r
    where = r.headers["location"]
    deadline = time.monotonic() + seconds
    while True:
        got = client.get(where).json()
        if got["state"] == "done":
            return httpx.Response(200, json=got["ruling"])
        if got["state"] in ("failed", "cancelled") or time.monotonic() > deadline:
            return httpx.Response(500, json=got)
        time.sleep(0.05)


def board(deal: str, contract: str, declarer: str, play: list[str] | str, vul: str = "None") -> BoardRecord:
    """A board from text: ``play`` is cards in play order (a list or a space-separated string)."""
    cards = play.split() if isinstance(play, str) else play
    return BoardRecord(Deal.from_pbn(deal), Contract.from_str(contract, Seat(declarer)),
                       Vulnerability.from_str(vul), tuple(Card.from_str(c) for c in cards))


def hand_records_only(path: Path = SPONVO30) -> str:
    """A dealing program's hand-record file made from a PBN file of played games: for each board,
    its first game's Board, Dealer, Vulnerable and Deal tags only (no contract, no play)."""
    import re

    out, seen = [], set()
    game: dict[str, str] = {}
    text = path.read_text(encoding="latin-1")
    for line in [*text.splitlines(), ""]:
        m = re.match(r'^\[(\w+) "(.*)"\]\s*$', line)
        if m:
            if m.group(1) in game:  # a tag again: a new game began without an empty line
                game = {}
            game[m.group(1)] = m.group(2)
            if m.group(1) == "Deal" and game.get("Board") and game["Board"] not in seen:
                seen.add(game["Board"])
                out.append("\n".join(f'[{k} "{game.get(k, "")}"]' for k in ("Board", "Dealer", "Vulnerable", "Deal")))
        elif not line.strip():
            game = {}
    return "\n\n".join(out) + "\n"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str, proc: Any = None, timeout: float = 30.0) -> bool:
    """Poll ``{url}/healthz`` until it answers 200 (True); False when ``proc`` (a Popen) has
    exited or ``timeout`` seconds have passed. ``proc`` is not reaped, so its caller can still
    end what it started."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return False
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    return False


class LiveServer:
    """The service as a director runs it: ``uvicorn --factory app.main:create_app`` in a process of
    its own (its own process group, so its solver workers go with it) on 127.0.0.1 at a free port,
    with ``env`` added to this process's environment; its output goes to the file ``log``.

    ``start()`` returns the base URL once ``/healthz`` answers; ``kill()`` is a crash (SIGKILL, no
    shutdown); ``stop()`` a normal stop (SIGTERM). A new ``start()`` after either picks a new port.
    """

    ROOT = Path(__file__).resolve().parents[1]

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.proc: Any = None
        self.url = ""

    def start(self, timeout: float = 60.0) -> str:
        """Start the server and wait until ``/healthz`` answers 200; the base URL.

        Raises:
            RuntimeError: the process exited or did not answer within ``timeout`` seconds (its log
                is in the message).
        """
        port = free_port()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host", "127.0.0.1",
                 "--port", str(port), "--log-level", "warning"],
                cwd=self.ROOT, env={**os.environ, **self.env}, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)
        self.url = f"http://127.0.0.1:{port}"
        if wait_healthy(self.url, self.proc, timeout):
            return self.url
        self.kill()  # it exited or never answered (not reaped yet: kill() still ends its workers)
        raise RuntimeError(f"the server did not start; its log:\n{self.log.read_text(errors='replace')[-3000:]}")

    def kill(self) -> None:
        """A crash: SIGKILL the server process (no shutdown, no last commit) and what is left of its
        process group (the solver workers), then wait for it."""
        if self.proc is None or self.proc.returncode is not None:
            return
        os.kill(self.proc.pid, signal.SIGKILL)
        self._end_group()

    def stop(self) -> None:
        """A normal stop: SIGTERM and up to 15 s to shut down, then SIGKILL to whatever is left of
        its process group."""
        if self.proc is None or self.proc.returncode is not None:
            return
        self.proc.terminate()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:  # wait for the exit without reaping: the group id stays ours
            if os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                break
            time.sleep(0.02)
        self._end_group()

    def _end_group(self) -> None:
        """SIGKILL the server's process group (the one its start made: the server, not yet reaped,
        keeps the group's id ours), then reap the server."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(15)

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def empty_postgres(url: str) -> None:
    """Drop every table (and function) of the PostgreSQL database at ``url``, the test database,
    so the next use starts from the migrations."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.begin() as c:
            c.execute(text("DROP SCHEMA public CASCADE"))
            c.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()


def worker_database(url: str, worker: str) -> str:
    """The PostgreSQL database of one pytest-xdist worker (``worker`` is ``PYTEST_XDIST_WORKER``,
    e.g. ``gw1``): ``url``'s database with ``_gw1`` added, made on first use, so that two workers
    never empty each other's tables. ``url`` itself when not under xdist (``worker`` empty)."""
    if not worker:
        return url
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{worker}"
    engine = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as c:
            if c.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}).scalar() is None:
                c.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def small_corpus(root: Path, lin_text: str, lin_name: str = "vugraph.lin") -> Path:
    """A folder to screen: Sponvo30, FINAL2, A1A10909 (one revoke each), the 1996 Olympiad's
    ROUND01 (a mis-recorded lead, board 13 open) and ``lin_text`` as ``lin_name`` (a relative
    path; its folders are made). Returns ``root``."""
    import shutil

    for path in (SPONVO30, FINAL2, A1A10909, DATA / "1996-10th_World_Bridge_Team_Olympiad" / "ROUND01.PBN"):
        shutil.copy(path, root / path.name)
    target = root / lin_name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(lin_text, encoding="utf-8")
    return root


def decided_case(client: TestClient, body: dict[str, Any], decision: dict[str, Any]) -> int:
    """Save the case ``body`` (``POST /v1/cases``, 201) and record the director's ``decision`` on it
    (``POST /v1/cases/{id}/decision``, 200); its id."""
    r = client.post("/v1/cases", json=body)
    assert r.status_code == 201, r.text
    case_id: int = r.json()["id"]
    r = client.post(f"/v1/cases/{case_id}/decision", json=decision)
    assert r.status_code == 200, r.text
    return case_id
