"""Issue 23, "bounded requests": a body over its route's limit is a 413 before it is read or the
token is checked, a wrong token costs one argon2 hash at most once, a file's error quotes only a
few dozen characters of its line, a locked SQLite store is a 503 with ``Retry-After``, the page's
upload is one transaction, and a finished screening job keeps its report, not the parsed file.

Real parts: the app with the in-process solver and a fresh SQLite file through Starlette's
client, and (slow) the service under uvicorn, whose memory is read from ``/proc``.
"""

from __future__ import annotations

import gc
import json
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app import auth
from app.limits import BODY_BYTES, UPLOAD_BYTES
from app.main import create_app
from engine.dd import SolverRunner
from tests.helpers import SPONVO30, LiveServer

MIB = 1024 * 1024


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "advisor.sqlite3"


@pytest.fixture
def open_client(dds: SolverRunner, db_path: Path) -> Iterator[TestClient]:
    """Laptop mode (no token configured, a local client)."""
    with TestClient(create_app(dds, database_url=f"sqlite:///{db_path}"), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def locked(dds: SolverRunner, db_path: Path) -> Iterator[TestClient]:
    """Tokens required, none sent."""
    with TestClient(create_app(dds, database_url=f"sqlite:///{db_path}", require_tokens=True),
                    raise_server_exceptions=False) as c:
        yield c


def items(r: httpx.Response, status: int) -> list[dict[str, Any]]:
    """The project's error items of ``r`` (``loc``, ``msg``, ``type``, ``law``), after its status."""
    assert r.status_code == status, (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) == {"detail", "request_id"} and r.headers["x-request-id"] == body["request_id"]
    for item in body["detail"]:
        assert set(item) == {"loc", "msg", "type", "law"}
    found: list[dict[str, Any]] = body["detail"]
    return found


def chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    """``total`` bytes of a JSON string's inside, streamed (the client never holds them)."""
    sent = 0
    while sent < total:
        n = min(size, total - sent)
        yield b"x" * n
        sent += n


# --- body limits ----------------------------------------------------------------------------


def test_a_json_body_over_1_mib_is_a_413_before_the_token_is_asked_for(locked: TestClient) -> None:
    body = b'{"pbn": "' + b"x" * BODY_BYTES + b'"}'
    r = locked.post("/v1/rulings/revoke", content=body, headers={"Content-Type": "application/json"})
    found = items(r, 413)  # not the 401 a request without a token gets
    assert found[0]["type"] == "too_large" and "1 MiB" in found[0]["msg"]
    assert r.headers["content-security-policy"]  # the security headers too
    small = locked.post("/v1/rulings/revoke", json={"pbn": "x"})
    assert small.status_code == 401  # under the limit: the token is asked for as before


def test_a_chunked_json_body_is_cut_at_the_limit(open_client: TestClient) -> None:
    def body() -> Iterator[bytes]:  # no Content-Length: the bytes are counted as they are read
        yield b'{"pbn": "'
        yield from chunks(3 * MIB)
        yield b'"}'

    r = open_client.post("/v1/rulings/revoke", content=body(), headers={"Content-Type": "application/json"})
    assert items(r, 413)[0]["type"] == "too_large"


def test_an_upload_over_5_mib_is_a_413_and_one_under_it_is_read(open_client: TestClient) -> None:
    big = b" " * (UPLOAD_BYTES + 200 * 1024)  # over the file limit and the upload route's body limit
    for path in ("/v1/screenings", "/v1/events/1/hand-records"):
        r = open_client.post(path, files={"file": ("big.pbn", big)})
        found = items(r, 413)
        assert found[0]["type"] == "too_large" and "5 MiB" in found[0]["msg"], found
    # A JSON body of 2 MiB is fine for an import (an export of a big event), unlike a ruling request.
    r = open_client.post("/v1/cases/import", content=b'{"x": "' + b"x" * 2 * MIB + b'"}',
                         headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = open_client.post("/v1/screenings", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())})
    assert r.status_code == 200, r.text[:300]


def test_the_pages_upload_over_5_mib_gets_the_page_with_the_reason_in_its_language(open_client: TestClient) -> None:
    big = b" " * (UPLOAD_BYTES + 200 * 1024)
    r = open_client.post("/upload?lang=pl", files={"file": ("duzy.pbn", big)}, data={"lang": "pl"})
    assert r.status_code == 413 and r.headers["content-type"].startswith("text/html")
    assert "Plik jest większy niż 5 MiB" in r.text


# --- failed token checks --------------------------------------------------------------------


class Clock:
    """A monotonic clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every argon2 verification the access policy runs (the hasher's ``verify``, wrapped to
    count its calls: the real hash still runs)."""
    calls: list[str] = []
    real = auth._hasher

    class Counting:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, hash_: str, password: str) -> bool:
            calls.append(password[:16])
            return real.verify(hash_, password)

    monkeypatch.setattr(auth, "_hasher", Counting())
    return calls


def test_a_wrong_secret_on_a_known_key_is_hashed_once_then_the_key_rests(dds: SolverRunner, db_path: Path,
                                                                       counted: list[str]) -> None:
    from app.storage import open_repository
    from app.storage.cases import SqlUserRepository
    from engine.cases import Role

    repo = open_repository(f"sqlite:///{db_path}")
    try:
        users = SqlUserRepository(repo.engine)
        user, token = auth.add_user(users, "Anna Director", Role.DIRECTOR)
        clock = Clock()
        access = auth.Access(users, require_tokens=True, clock=clock)
        key = token.split("_")[1]
        wrong = f"adv_{key}_{'A' * 43}"
        for _ in range(40):  # the same wrong token 40 times: hashed once, then remembered
            assert access.holder(wrong) is None
        assert len(counted) == 1
        for i in range(40):  # 40 different wrong secrets on the key: 5 hashes, then the key rests
            assert access.holder(f"adv_{key}_{i:043d}") is None
        assert len(counted) == 1 + auth.FAILURES_PER_KEY - 1  # the first wrong one counted already
        assert access.holder(token) is None and len(counted) == auth.FAILURES_PER_KEY  # resting: not even hashed
        clock.now += auth.FAILURE_WINDOW_SECONDS + 1
        assert access.holder(token) == user  # after the window the right token works again
        assert len(counted) == auth.FAILURES_PER_KEY + 1
    finally:
        repo.close()


def test_forty_wrong_tokens_through_the_api_hash_at_most_five_times(locked: TestClient, counted: list[str]) -> None:
    from engine.cases import Role

    access: auth.Access = locked.app.state.access  # type: ignore[attr-defined]
    _, token = auth.add_user(access.users, "Anna Director", Role.DIRECTOR)
    key = token.split("_")[1]
    for i in range(40):
        r = locked.get("/v1/events/1", headers={"Authorization": f"Bearer adv_{key}_{i:043d}"})
        assert r.status_code == 401
    assert len(counted) == auth.FAILURES_PER_KEY
