"""Issue 35, a full disk: a write the store cannot make is a 503 that says the disk is full
(it was a 500 "internal error"), ``/healthz`` says the database cannot write (it said ok), what
was saved before stays readable, and once space is back the service writes again.

Real parts: ``uvicorn`` on an SQLite file in a process of its own; the full disk is that
process's file-size limit lowered from outside (``prlimit``, RLIMIT_FSIZE: every write past
4 KiB of a file then fails with EFBIG, which SQLite reports as a disk I/O error; Python ignores
SIGXFSZ), and raised again to free the space.
"""

from __future__ import annotations

import resource
from pathlib import Path

import httpx
import pytest

from tests.helpers import LiveServer

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(resource, "prlimit"), reason="needs Linux's prlimit")]


def test_a_full_disk_is_a_503_that_says_so_and_healthz_says_the_database_cannot_write(tmp_path: Path) -> None:
    server = LiveServer({"ADVISOR_DATA_DIR": str(tmp_path / "data"), "ADVISOR_DD_WORKERS": "1"},
                        tmp_path / "server.log")
    url = server.start()  # laptop mode: no tokens, 127.0.0.1
    try:
        before = httpx.post(f"{url}/v1/events", json={"name": "Spring Pairs", "date": "2026-04-01"}, timeout=30)
        assert before.status_code == 201, before.text
        soft, hard = resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE)
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (4096, hard))  # the disk fills up
        try:
            r = httpx.post(f"{url}/v1/events", json={"name": "Autumn Pairs", "date": "2026-10-01"}, timeout=30)
            assert r.status_code == 503, r.text
            item = r.json()["detail"][0]
            assert item["type"] == "store_cannot_write" and "disk is full" in item["msg"]
            assert "nothing was saved" in item["msg"]
            pl = httpx.post(f"{url}/v1/events?lang=pl", json={"name": "x", "date": "2026-10-01"}, timeout=30)
            assert pl.status_code == 503 and "dysk serwera jest pełny" in pl.json()["detail"][0]["msg"]
            health = httpx.get(f"{url}/healthz", timeout=30).json()
            assert health["status"] == "degraded" and health["database"]["writes"] == "failing"
            assert health["database"]["reason"] and health["database"]["since"]
            kept = httpx.get(f"{url}/v1/events/{before.json()['id']}", timeout=30)
            assert kept.status_code == 200 and kept.json()["name"] == "Spring Pairs"  # nothing acknowledged lost
        finally:
            resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (soft, hard))  # space is freed
        again = httpx.post(f"{url}/v1/events", json={"name": "Autumn Pairs", "date": "2026-10-01"}, timeout=30)
        assert again.status_code == 201, again.text
        assert httpx.get(f"{url}/healthz", timeout=30).json()["database"] == {"writes": "ok"}
    finally:
        server.stop()
