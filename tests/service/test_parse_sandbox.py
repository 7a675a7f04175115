"""Issue 35, "untrusted files are parsed apart from the server": the red team's hostile files
(made from the real club files by ``tests/hostile_files.py``) each answered 422 naming the file
and the limit, within the limit, while a director's revoke ruling on the same server answers in
under a second; the server's memory returns to its level before; SIGTERM still stops a server
whose reader is in an endless loop.

Real parts: the sandbox's spawned worker processes, the real readers (access-parser), and (slow)
the service under uvicorn, its memory read from ``/proc``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.i18n import error_text
from app.service.parse_sandbox import ParseLimits, ParseSandbox, file_name
from engine.errors import InvalidBoardError, PbnError, ResultsFileError
from engine.records.results import read_results
from tests import hostile_files as hostile
from tests.helpers import SPONVO30, SPONVO30_DEAL, SPONVO30_PLAY, LiveServer

pytestmark = pytest.mark.skipif(not hostile.CLUB.is_dir(),
                                reason="../shared/data/club-files is not beside the repository")


@pytest.fixture
def sandbox() -> Iterator[ParseSandbox]:
    box = ParseSandbox(ParseLimits(seconds=2, workers=1))
    yield box
    box.close()


def reason_of(exc: ResultsFileError) -> InvalidBoardError:
    """The limit an ``upload_refused`` error names (its nested reason)."""
    assert exc.key == "upload_refused", (exc.key, exc.message)
    reason = exc.params["reason"]
    assert isinstance(reason, InvalidBoardError)
    return reason


# --- the sandbox itself (worker processes, no server) ------------------------------------------


@pytest.mark.slow  # spawns workers and waits out a 2 s limit
def test_a_bws_whose_catalogue_continues_on_itself_is_stopped_at_the_time_limit(sandbox: ParseSandbox,
                                                                                tmp_path: Path) -> None:
    looping = tmp_path / "looping.bws"
    looping.write_bytes(hostile.looping_bws())
    changed = [i for i, (a, b) in enumerate(zip(looping.read_bytes(), hostile.BWS.read_bytes(), strict=True)) if a != b]
    assert changed == [2 * 2048 + 4]  # the catalogue's next-page field (4 bytes) now says 2 (0 before)
    started = time.monotonic()
    with pytest.raises(ResultsFileError) as caught:
        sandbox.read_results(looping.read_bytes(), "looping.bws")
    took = time.monotonic() - started
    assert 2 <= took < 4, took
    assert reason_of(caught.value).key == "parse_time_limit" and caught.value.params["file"] == "looping.bws"
    assert caught.value.message.startswith("looping.bws: reading it took longer than 2 s")
    assert error_text("pl", caught.value).startswith("looping.bws: odczyt trwał dłużej niż 2 s")
    assert sandbox.refused["time"] == 1
    # the worker was killed and replaced: the next file is read, the real .bws's 288 lines
    assert len(sandbox.read_results(hostile.BWS.read_bytes(), "12tables1section.bws").lines) == 288


@pytest.mark.slow  # spawns workers; reads 5 MiB
def test_a_file_over_the_memory_limit_is_refused_and_the_next_one_read(tmp_path: Path) -> None:
    # The limit a few MiB over what an idle worker holds: the 5 MiB .bws (received, written, read
    # into pages by access-parser) needs more, the 236 KB USEBIO file less.
    probe = ParseSandbox(ParseLimits(workers=1))
    try:
        probe.warm()
        [worker] = list(probe._live)
        status = Path(f"/proc/{worker.process.pid}/status").read_text()
        idle_mib = int(next(x for x in status.splitlines() if x.startswith("VmPeak")).split()[1]) // 1024
    finally:
        probe.close()
    box = ParseSandbox(ParseLimits(seconds=10, memory_mb=idle_mib + 8, workers=1))
    try:
        with pytest.raises(ResultsFileError) as caught:
            box.read_results(hostile.overlapping_bws(), "overlapping.bws")
        assert reason_of(caught.value).key == "parse_memory_limit"
        assert caught.value.params["reason"].params["megabytes"] == idle_mib + 8  # type: ignore[attr-defined]
        assert box.refused["memory"] == 1
        assert len(box.read_results(hostile.USEBIO.read_bytes(), "mp_pairs_mitchell.xml").lines) == 512
    finally:
        box.close()


def test_what_a_reader_returns_is_bounded(tmp_path: Path) -> None:
    # The real USEBIO file's 512 lines pickle to about 68 KB: over a 0.01 MiB (10.5 KB) bound, under 1 MiB.
    box = ParseSandbox(ParseLimits(output_mb=0.01, workers=1))
    try:
        with pytest.raises(ResultsFileError) as caught:
            box.read_results(hostile.USEBIO.read_bytes(), "mp_pairs_mitchell.xml")
        assert reason_of(caught.value).key == "parse_output_limit"
        assert "more than 0.01 MiB" in caught.value.message
    finally:
        box.close()
    roomy = ParseSandbox(ParseLimits(output_mb=1, workers=1))
    try:
        assert len(roomy.read_results(hostile.USEBIO.read_bytes(), "mp_pairs_mitchell.xml").lines) == 512
    finally:
        roomy.close()


def test_the_readers_give_in_the_worker_what_they_give_in_the_server(sandbox: ParseSandbox) -> None:
    data = hostile.USEBIO.read_bytes()
    assert sandbox.read_results(data, "x.xml") == read_results(data)
    text = SPONVO30.read_text(encoding="latin-1")
    games = sandbox.read_games(text, "Sponvo30.pbn")
    # 48 [Board] tags, 24 boards (grep), each played in two rooms
    assert len(games) == 48 and games[0].tags["Event"] == "Generali Euro Team Champs '97"
    records = sandbox.hand_records(text, "Sponvo30.pbn")
    assert len(records) == 24 and len({r.board for r in records}) == 24
    # a reader's own error comes back as raised: its class, key and line
    with pytest.raises(ResultsFileError) as not_results:
        sandbox.read_results(b"\x00\x01 nothing", "junk.bin")
    assert not_results.value.key == "results_binary" and not_results.value.path == "file"
    with pytest.raises(PbnError) as not_pbn:
        sandbox.read_games('[Event "x"\n', "short.pbn")
    assert (not_pbn.value.path, not_pbn.value.lineno) == ("pbn", 1)
    assert not_pbn.value.message == "malformed tag line: '[Event \"x\"' (line 1)"


def test_a_file_name_is_said_without_its_path_or_control_characters() -> None:
    assert file_name("C:\\club\\2026\\results.bws") == "results.bws"
    assert file_name("../../etc/\x1b[31mred.xml") == "[31mred.xml"
    assert file_name(None) == "the file" and file_name("x" * 300) == "x" * 200


# --- on a real server (uvicorn) -----------------------------------------------------------------

RULING = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "claim_declarer_tricks": 3,
          "play": SPONVO30_PLAY}


def memory_kib(pid: int) -> int:
    """The process's ``VmRSS`` now, KiB (as tests/service/test_bounds.py reads it)."""
    line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS"))
    return int(line.split()[1])


def upload(url: str, name: str, data: bytes) -> httpx.Response:
    """``POST /v1/events/{id}/results`` of file ``name`` to a new event (each file its own: two
    files' board 1 are different deals)."""
    event = httpx.post(f"{url}/v1/events", json={"name": name, "date": "2026-11-28"}).json()["id"]
    return httpx.post(f"{url}/v1/events/{event}/results", files={"file": (name, data)}, timeout=120)


def rulings_while(url: str, busy: threading.Event) -> list[float]:
    """A director's revoke rulings, one after another while ``busy`` is set: their times, s."""
    times: list[float] = []
    while busy.is_set() or not times:
        started = time.monotonic()
        r = httpx.post(f"{url}/v1/rulings/revoke", json=RULING, timeout=60)
        times.append(time.monotonic() - started)
        assert r.status_code == 200, r.text[:300]
    return times


def wait_ready(url: str) -> None:
    deadline = time.monotonic() + 120  # the claim search's compiled core, loaded at start, in memory first
    while httpx.get(f"{url}/healthz").json().get("claim_search") == "compiling" and time.monotonic() < deadline:
        time.sleep(0.2)


def many_cells_jfr() -> bytes:
    """The real JFR page with a row of 5,001 cells of colspan 999 (each capped at 20): 100,020 cells."""
    row = b"<tr>" + b'<td class="n" colspan="999">x</td>' * 5001 + b"</tr>"
    return hostile.JFR.read_bytes().replace(b"<tr>", row + b"<tr>", 1)


@pytest.mark.slow
def test_each_hostile_file_is_a_422_within_its_limit_while_a_director_rules(tmp_path: Path) -> None:
    files = {"looping.bws": hostile.looping_bws(), "overlapping.bws": hostile.overlapping_bws(),
             "cells.html": many_cells_jfr()}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    env = {"ADVISOR_DATA_DIR": str(tmp_path), "ADVISOR_DD_WORKERS": "1", "ADVISOR_PARSE_SECONDS": "4"}
    found: dict[str, Any] = {}
    with LiveServer(env, tmp_path / "server.log") as server:
        url, pid = server.url, server.proc.pid
        wait_ready(url)
        for _ in range(3):  # warm up: a normal upload, the wide JFR page (read: its colspan capped), rulings
            assert upload(url, "mp_pairs_mitchell.xml", hostile.USEBIO.read_bytes()).json()["lines"] == 512
            assert upload(url, "wide.html", hostile.wide_jfr()).json()["lines"] == 9
            rulings_while(url, threading.Event())
        before = memory_kib(pid)
        for name in files:
            busy = threading.Event()
            busy.set()
            times: list[float] = []
            director = threading.Thread(target=lambda t=times, b=busy: t.extend(rulings_while(url, b)))
            director.start()
            started = time.monotonic()
            r = upload(url, name, (tmp_path / name).read_bytes())
            took = time.monotonic() - started
            busy.clear()
            director.join(60)
            found[name] = (r.status_code, r.json()["detail"][0], took, max(times), len(times))
        after = memory_kib(pid)
        health = httpx.get(f"{url}/healthz").json()
        assert upload(url, "mp_pairs_mitchell.xml", hostile.USEBIO.read_bytes()).status_code == 200
    looping, overlapping, cells = found["looping.bws"], found["overlapping.bws"], found["cells.html"]
    assert looping[0] == 422 and looping[1]["loc"] == ["body", "file"], looping
    assert looping[1]["msg"].startswith("looping.bws: reading it took longer than 4 s, the limit for one file")
    assert 4 <= looping[2] < 8, looping
    assert overlapping[0] == 422 and overlapping[1]["msg"].startswith(
        "overlapping.bws: the file gives more than 20000 traveller lines"), overlapping
    assert overlapping[2] < 4 + 4, overlapping  # refused from the pages' headers, within the time limit
    assert cells[0] == 422 and cells[1]["msg"].startswith("cells.html: the web page has more than 100000 table cells")
    for name, (_status, _item, _took, slowest, n) in found.items():
        assert slowest < 1.0 and n >= 1, (name, slowest, n)  # the director's rulings meanwhile
    assert health["file_readers"]["refused"]["time"] == 1
    assert after - before < 16 * 1024, (before, after)  # KiB: the server did not keep what the readers held


@pytest.mark.slow
def test_sigterm_stops_a_server_whose_reader_is_in_an_endless_loop(tmp_path: Path) -> None:
    env = {"ADVISOR_DATA_DIR": str(tmp_path), "ADVISOR_DD_WORKERS": "1", "ADVISOR_PARSE_SECONDS": "600"}
    server = LiveServer(env, tmp_path / "server.log")
    url = server.start()
    try:
        answers: list[int] = []
        sender = threading.Thread(target=lambda: answers.append(
            upload(url, "looping.bws", hostile.looping_bws()).status_code), daemon=True)
        sender.start()
        deadline = time.monotonic() + 30
        while httpx.get(f"{url}/healthz").json()["file_readers"]["workers"] < 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.0)  # the reader is in its loop
        assert sender.is_alive()
        started = time.monotonic()
        server.proc.terminate()
        while os.waitid(os.P_PID, server.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None \
                and time.monotonic() - started < 15:
            time.sleep(0.05)
        stopped = time.monotonic() - started
        sender.join(15)
    finally:
        server.kill()
    assert stopped < 10, stopped  # before: the reader held the request, and uvicorn waited for it for ever
    assert answers in ([503], []), answers  # the request got "the service is stopping" (or its connection closed)
