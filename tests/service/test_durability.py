"""Nothing lost (issue 14): the case file against a real server, a real database and real clients.

Durability: 8 clients write 208 cases, decisions and reviews to ``uvicorn`` on an SQLite file
(and on PostgreSQL); the server is killed with SIGKILL half-way (no shutdown) and started again
on the same database.
Every write that was acknowledged (201/200 received) must be there, whole; a write in flight at
the kill may or may not be there, but whole; nothing half-written exists. The clients then find
out what became of their unanswered write (as a director's client would: by looking) and finish.
On SQLite, a quarter of the way, docs/operations.md's backup (``sqlite3 advisor.sqlite3 ".backup backup.sqlite3"``)
is taken while they write: it must be whole and hold every write acknowledged before it began.

The server runs with tokens, as on a federation's server: two directors and an appeals committee
made by ``advisor users add`` on the same database before the start. So the token holders
survive the crash too, every write goes through the argon2 check (its cache is empty after the
restart), and the history says who wrote what.

Concurrency: 16 directors saving at once, on SQLite (WAL) and on PostgreSQL: no error, no lost
write; several directors recording decisions on the same case at once: the history numbers
them 1..n with no gap and no duplicate.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections import Counter
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers import SPONVO30, SPONVO30_PLAY, LiveServer, hand_records_only

pytestmark = pytest.mark.slow  # real servers killed and restarted, hundreds of writes: Python 3.11 only

CLIENTS = 8
# 8 cases created, decided and reviewed, one created and decided: 26 writes a client. The count does not
# change what is proven: the kill still lands half way (at least 104 acknowledged, every client with writes
# left and at least one in flight), the backup is still taken a quarter of the way while all 8 write; 400
# writes (17 cases a client) proved the same in twice the time.
CASES_PER_CLIENT = 9
WRITES = 208
BOARDS = [str(b) for b in range(1, 25)]
FACTS = [(8, 5), (9, 4), (7, 6), (10, 3), (8, 4)]  # (table result, the offending side's tricks after the revoke)
OUTCOMES = ["uphold", "vary", "cancel"]


def _users_add(env: dict[str, str], name: str, role: str) -> str:
    """``advisor users add NAME --role ROLE`` on the server's database (``env``): the token it prints."""
    out = subprocess.run([sys.executable, "-m", "app.cli", "users", "add", name, "--role", role],
                         env=env, capture_output=True, text=True, check=True,
                         cwd=LiveServer.ROOT)
    token = out.stdout.strip()
    assert token.startswith("adv_") and "\n" not in token, out.stdout
    return token


def _env(data_dir: Path, database_url: str | None = None) -> dict[str, str]:
    """The server's environment: its data directory, one solver worker, and ``database_url``
    when given (else the SQLite file in ``data_dir``)."""
    env = {k: v for k, v in os.environ.items() if k != "ADVISOR_DATABASE_URL"}
    env |= {"ADVISOR_DATA_DIR": str(data_dir), "ADVISOR_DD_WORKERS": "1"}
    return env | ({"ADVISOR_DATABASE_URL": database_url} if database_url else {})


def _new_event(url: str, token: str | None = None) -> int:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(base_url=url, timeout=30, headers=headers) as c:
        event = c.post("/v1/events", json={"name": "Sponvo30", "date": "1997-06-26", "session": "30"})
        assert event.status_code == 201, event.text
        ev = int(event.json()["id"])
        up = c.post(f"/v1/events/{ev}/hand-records", files={"file": ("Sponvo30.pbn", hand_records_only(SPONVO30))})
        assert up.status_code == 200 and len(up.json()["added"]) == 24, up.text
    return ev


def _case_body(event: int, tag: str, n: int, director: str) -> dict[str, Any]:
    """A case at table ``tag``: mostly a revoke from the facts only (no solver), every sixth one
    Sponvo30 board 21 with its real play (the solver replays it)."""
    body: dict[str, Any] = {"event": event, "round": "30", "table": tag, "director": director,
                            "pairs": {"ns": {"number": str(n % 40 + 1), "names": f"North-South of {tag}"},
                                      "ew": {"number": str(n % 37 + 41), "names": f"East-West of {tag}"}},
                            "contract": "4H", "declarer": "W"}
    if n % 6 == 5:
        return {**body, "board": "21", "play": SPONVO30_PLAY, "claim_declarer_tricks": 3}
    table_result, after = FACTS[n % len(FACTS)]
    return {**body, "board": BOARDS[n % len(BOARDS)], "table_result": table_result,
            "revoke_facts": {"trick": 3, "offender": "S", "revoke_trick_won_by": "W",
                             "offending_side_tricks_after": after}}


CASE_FIELDS = {"event", "board", "round", "table", "pairs", "director", "kind"}


def _request_part(body: dict[str, Any]) -> dict[str, Any]:
    """The ruling request a case keeps: the body without the case's fields, with the event and the
    board it was ruled from."""
    return {**{k: v for k, v in body.items() if k not in CASE_FIELDS}, "event": body["event"],
            "board": body["board"]}


# ---------------------------------------------------------------------------------------------
# Durability: SIGKILL half-way


@dataclass
class Write:
    """One write a client means to make, and what became of it."""

    kind: str  # "create" | "decision" | "review"
    tag: str  # the case's table: unique to the case
    state: str = "todo"  # todo | acked | in flight at the kill
    answer: dict[str, Any] | None = None  # the 201/200 answer, when acknowledged
    sent: dict[str, Any] = field(default_factory=dict)
    in_flight_at_kill: bool = False
    found_after_restart: bool | None = None


class Run:
    """What the clients share: the server's address, the acknowledgements counted, the pause at
    the kill."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.lock = threading.Condition()
        self.acked = 0
        self.parked = 0
        self.done = 0
        self.resume = threading.Event()
        self.errors: list[str] = []

    def ack(self) -> None:
        """Count an acknowledged write."""
        with self.lock:
            self.acked += 1
            self.lock.notify_all()

    def park(self) -> None:
        """Wait (a client that met the dead server) until the server is back and checked."""
        with self.lock:
            self.parked += 1
            self.lock.notify_all()
        if not self.resume.wait(120):
            raise RuntimeError("the server was not restarted")

    def finish(self) -> None:
        """Count a client that has ended."""
        with self.lock:
            self.done += 1
            self.lock.notify_all()


class Director(threading.Thread):
    """A director's client: 9 cases, each created, decided and (but the last) reviewed, in order;
    a write left unanswered by the crash is looked up after the restart and made again only when
    it is not there."""

    def __init__(self, k: int, run: Run, event: int, tokens: dict[str, str]) -> None:
        super().__init__(name=f"director-{k}", daemon=True)
        self.k, self.run_, self.event, self.tokens = k, run, event, tokens
        self.director = "TD Anna" if k % 2 == 0 else "TD Piotr"
        self.writes: list[Write] = []
        for j in range(CASES_PER_CLIENT):
            tag = f"T{k}.{j}"
            self.writes += [Write("create", tag), Write("decision", tag)]
            if j < CASES_PER_CLIENT - 1:
                self.writes.append(Write("review", tag))
        self.ids: dict[str, int] = {}
        self.suggested: dict[str, int] = {}

    def body(self, w: Write) -> tuple[str, dict[str, Any], str]:
        """The write's path, body and token."""
        n = self.k * CASES_PER_CLIENT + int(w.tag.split(".")[1])
        if w.kind == "create":
            return "/v1/cases", _case_body(self.event, w.tag, n, self.director), self.tokens[self.director]
        case = self.ids[w.tag]
        if w.kind == "decision":
            suggested = self.suggested[w.tag]
            score = suggested if n % 2 == 0 else suggested + 100
            return (f"/v1/cases/{case}/decision", {"score_ns": score, "result": "as ruled", "law": "64A2",
                                                   "reason": f"decision {w.tag}"}, self.tokens[self.director])
        outcome = OUTCOMES[n % 3]
        review: dict[str, Any] = {"outcome": outcome, "members": ["A. Wilson (chair)", "B. Nowak", f"member {w.tag}"],
                                  "reasons": f"review {w.tag}", "deposit": "kept" if n % 2 else "returned"}
        if outcome == "vary":
            review |= {"score_ns": self.suggested[w.tag] - 50, "result": "varied", "law": "64C"}
        return f"/v1/cases/{case}/reviews", review, self.tokens["Appeals committee"]

    def learn(self, w: Write, answer: dict[str, Any]) -> None:
        """Keep what a created case's answer tells: its id and the suggested score."""
        if w.kind == "create":
            self.ids[w.tag] = int(answer["id"])
            self.suggested[w.tag] = int(answer["ruling"]["suggested"]["score_ns"])

    def look_up(self, client: httpx.Client, w: Write) -> dict[str, Any] | None:
        """After the restart: the write as the server has it, or ``None``."""
        if w.kind == "create":
            found = [c for c in client.get("/v1/cases", params={"event": self.event}).json() if c["table"] == w.tag]
            if not found:
                return None
            case = client.get(f"/v1/cases/{found[0]['id']}").json()
            return {"id": case["id"], "kind": case["kind"], "ruling": case["ruling"]}
        history = client.get(f"/v1/cases/{self.ids[w.tag]}/history").json()
        key = "reason" if w.kind == "decision" else "reasons"
        hits = [e for e in history if e["action"] == w.kind and e["change"].get(key) == f"{w.kind} {w.tag}"]
        return hits[0] if hits else None

    def run(self) -> None:
        """Make every write in order; a failure is kept in the run's errors."""
        try:
            self._run()
        except Exception as exc:
            self.run_.errors.append(f"{self.name}: {exc!r}")
        finally:
            self.run_.finish()

    def _client(self) -> httpx.Client:
        return httpx.Client(base_url=self.run_.url, timeout=60,
                            headers={"Authorization": f"Bearer {self.tokens[self.director]}"})

    def _run(self) -> None:
        client = self._client()
        i = 0
        while i < len(self.writes):
            w = self.writes[i]
            path, body, token = self.body(w)
            w.sent = body
            try:
                r = client.post(path, json=body, headers={"Authorization": f"Bearer {token}"})
            except httpx.TransportError:  # the server died: this write may or may not be there
                w.in_flight_at_kill = True
                client.close()
                self.run_.park()
                client = self._client()
                found = self.look_up(client, w)
                w.found_after_restart = found is not None
                if found is None:
                    continue  # not there: make it again
                if w.kind == "create":
                    self.learn(w, found)
                w.state = "found"
                i += 1
                continue
            if r.status_code not in (200, 201):
                self.run_.errors.append(f"{self.name}: {w.kind} {w.tag}: {r.status_code} {r.text[:300]}")
                return
            w.state, w.answer = "acked", r.json()
            self.learn(w, w.answer)
            self.run_.ack()
            i += 1
        client.close()


def _ruling_of(client: httpx.Client, request: dict[str, Any], cache: dict[str, Any]) -> Any:
    """The ruling the running engine gives ``request`` (``POST /v1/rulings/revoke``), cached by request."""
    key = json.dumps(request, sort_keys=True)
    if key not in cache:
        r = client.post("/v1/rulings/revoke", json=request)
        assert r.status_code == 200, r.text
        cache[key] = r.json()
    return cache[key]


def _file_is_whole(db: Path | str) -> int:
    """Check the service's database (an SQLite file, or a database URL): sound, no history row
    without its case, every case starting with its 'created' entry, each history numbered 1..n;
    its number of history rows."""
    from sqlalchemy import create_engine, text

    engine = create_engine(f"sqlite:///file:{db}?mode=ro&uri=true" if isinstance(db, Path) else db)
    try:
        with engine.connect() as con:
            if engine.dialect.name == "sqlite":
                assert con.exec_driver_sql("PRAGMA integrity_check").fetchall() == [("ok",)]
                assert con.exec_driver_sql("PRAGMA foreign_key_check").fetchall() == []
            assert con.execute(text("SELECT COUNT(*) FROM case_history h LEFT JOIN cases c ON c.id = h.case_id "
                                    "WHERE c.id IS NULL")).scalar() == 0
            assert con.execute(text("SELECT COUNT(*) FROM cases c LEFT JOIN case_history h ON h.case_id = c.id "
                                    "AND h.seq = 1 AND h.action = 'created' WHERE h.id IS NULL")).scalar() == 0
            assert con.execute(text("SELECT COUNT(*) FROM (SELECT case_id FROM case_history GROUP BY case_id "
                                    "HAVING MIN(seq) != 1 OR MAX(seq) != COUNT(*)) AS gaps")).scalar() == 0
            return int(con.execute(text("SELECT COUNT(*) FROM case_history")).scalar() or 0)
    finally:
        engine.dispose()


def _back_up(db: Path, to: Path) -> None:
    """docs/operations.md's backup while the server runs: ``sqlite3 advisor.sqlite3 ".backup backup.sqlite3"``;
    without the sqlite3 program (outside CI), the same online backup API from Python, copying 100
    pages a step as that program does."""
    if shutil.which("sqlite3"):
        subprocess.run(["sqlite3", db.name, f".backup {to}"], cwd=db.parent, check=True, timeout=60)
        return
    assert os.environ.get("CI", "").lower() != "true", "CI=true but the sqlite3 program is missing"
    with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(to)) as target:
        source.backup(target, pages=100)


def _has_writes(db: Path, writes: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Those of ``writes`` (kind, case table) that are not in the SQLite file ``db``."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        there = {("create", t) for (t,) in con.execute("SELECT table_no FROM cases")}
        there |= {(a, t) for a, t in con.execute(
            "SELECT h.action, c.table_no FROM case_history h JOIN cases c ON c.id = h.case_id "
            "WHERE h.action IN ('decision', 'review')")}
    return [w for w in writes if w not in there]


def _check_case_file(url: str, token: str, event: int, directors: list[Director], db: Path | str,
                     *, final: bool) -> tuple[int, int]:
    """Check what the server holds against what the clients sent and were answered; returns
    (writes found, in-flight writes found). ``final``: every write must be there, exactly once."""
    writes = {(w.kind, w.tag): (d, w) for d in directors for w in d.writes}
    with httpx.Client(base_url=url, timeout=60, headers={"Authorization": f"Bearer {token}"}) as c:
        summaries = c.get("/v1/cases", params={"event": event}).json()
        tags = Counter(s["table"] for s in summaries)
        assert [t for t, n in tags.items() if n > 1] == [], "a case stored twice"
        assert set(tags) <= {tag for _, tag in writes}, "a case nobody sent"
        cache: dict[str, Any] = {}
        found, in_flight_found = 0, 0
        for s in summaries:
            d, create = writes[("create", s["table"])]
            case = c.get(f"/v1/cases/{s['id']}").json()
            history = c.get(f"/v1/cases/{s['id']}/history").json()
            # whole: the request and the ruling as sent and answered, the history numbered 1..n from 'created'
            assert case["request"] == _request_part(create.sent)
            assert case["ruling"] == _ruling_of(c, case["request"], cache)
            if create.state == "acked":
                assert create.answer == {"id": s["id"], "kind": "revoke", "ruling": case["ruling"]}
            assert (case["board"], case["round"], case["director"], case["pairs"]["ns"]["names"]) == (
                create.sent["board"], "30", d.director, f"North-South of {s['table']}")
            assert [e["seq"] for e in history] == list(range(1, len(history) + 1)), history
            assert history and history[0]["action"] == "created", f"case {s['id']} without its 'created' entry"
            assert history[0]["actor"] == d.director
            actions = [e["action"] for e in history]
            assert actions in (["created"], ["created", "decision"], ["created", "decision", "review"]), actions
            found += len(history)
            in_flight_found += create.in_flight_at_kill
            for e in history[1:]:
                _, w = writes[(e["action"], s["table"])]
                assert e["change"]["reason" if w.kind == "decision" else "reasons"] == w.sent.get(
                    "reason", w.sent.get("reasons")), "an entry of another write"
                in_flight_found += w.in_flight_at_kill
                if w.kind == "decision":
                    assert (e["actor"], e["role"]) == (d.director, "director")
                    assert e["change"]["score_ns"] == w.sent["score_ns"]
                    assert case["decision"]["score"]["score_ns"] == w.sent["score_ns"]
                    assert case["decision"]["reason"] == w.sent["reason"]
                else:
                    assert (e["actor"], e["role"]) == ("Appeals committee", "committee")
                    assert [r["reasons"] for r in case["reviews"]] == [w.sent["reasons"]]
                    assert case["status"] == f"reviewed: {w.sent['outcome']}"
                    if w.sent["outcome"] == "vary":
                        assert case["final"]["score_ns"] == w.sent["score_ns"]
                if w.state == "acked":  # the answer was this very entry, as stored
                    assert w.answer is not None and w.answer["id"] == s["id"]
                    answered = w.answer["decision"] if w.kind == "decision" else w.answer["reviews"][-1]
                    assert answered["recorded"] == {"at": e["at"], "by": e["actor"], "imported": False,
                                                    "original_by": None, "original_at": None}
        # every acknowledged write is there
        stored = {(e_kind, s["table"]) for s in summaries for e_kind in ("create",)}
        for s in summaries:
            for e in c.get(f"/v1/cases/{s['id']}/history").json()[1:]:
                stored.add((e["action"], s["table"]))
        lost = [key for key, (_, w) in writes.items() if w.state in ("acked", "found") and key not in stored]
        assert lost == [], f"acknowledged writes lost: {lost[:10]}"
        if final:
            assert stored == set(writes) and found == WRITES
            log = c.get(f"/v1/events/{event}/rulings.csv").text.splitlines()
            assert len(log) == 1 + len(summaries) == 1 + CLIENTS * CASES_PER_CLIENT
    assert _file_is_whole(db) == found
    return found, in_flight_found


def test_a_server_killed_half_way_loses_no_acknowledged_write(database_url: str, tmp_path: Path) -> None:
    data = tmp_path / "data"
    sqlite_file = Path(database_url.removeprefix("sqlite:///")) if database_url.startswith("sqlite") else None
    env = _env(data, database_url)
    tokens = {name: _users_add(env, name, role) for name, role in
              (("TD Anna", "director"), ("TD Piotr", "director"), ("Appeals committee", "committee"))}
    server = LiveServer(env, tmp_path / "server.log")
    run = Run(server.start())
    try:
        assert httpx.post(f"{run.url}/v1/events", json={"name": "x", "date": "1997-06-26"}).status_code == 401
        event = _new_event(run.url, tokens["TD Anna"])
        directors = [Director(k, run, event, tokens) for k in range(CLIENTS)]
        assert sum(len(d.writes) for d in directors) == WRITES
        for d in directors:
            d.start()
        with run.lock:  # a quarter of the writes acknowledged: a backup, as docs/operations.md says, while they go on
            assert run.lock.wait_for(lambda: run.acked >= WRITES // 4 or run.errors, timeout=60), run.errors
        before = [(w.kind, w.tag) for d in directors for w in d.writes if w.state == "acked"]
        if sqlite_file is not None:
            _back_up(sqlite_file, tmp_path / "backup.sqlite3")
            assert _file_is_whole(tmp_path / "backup.sqlite3") >= len(before)
            assert _has_writes(tmp_path / "backup.sqlite3", before) == []
        with run.lock:  # half the writes acknowledged: crash
            assert run.lock.wait_for(lambda: run.acked >= WRITES // 2 or run.errors, timeout=60), run.errors
        server.kill()
        with run.lock:  # every client has met the dead server (or had finished)
            assert run.lock.wait_for(lambda: run.parked + run.done == CLIENTS, timeout=60)
        assert run.errors == []
        acked = sum(w.state == "acked" for d in directors for w in d.writes)
        in_flight = [w for d in directors for w in d.writes if w.in_flight_at_kill]
        assert WRITES // 2 <= acked < WRITES and len(in_flight) == run.parked >= 1

        run.url = server.start()  # on the same database
        found, in_flight_found = _check_case_file(run.url, tokens["TD Anna"], event, directors,
                                                  sqlite_file or database_url, final=False)
        assert found == acked + in_flight_found  # what was in flight is there whole, or not at all

        run.resume.set()  # the clients look up what they were not answered, then finish
        for d in directors:
            d.join(120)
        assert run.errors == [] and not any(d.is_alive() for d in directors)
        looked_up = [w.found_after_restart for w in in_flight]
        assert None not in looked_up and looked_up.count(True) == in_flight_found
        found, _ = _check_case_file(run.url, tokens["TD Anna"], event, directors, sqlite_file or database_url,
                                    final=True)
        assert found == WRITES
    finally:
        run.resume.set()
        server.kill()
    text = (tmp_path / "server.log").read_text(errors="replace")
    assert "database is locked" not in text and "Traceback" not in text, text[-3000:]


# ---------------------------------------------------------------------------------------------
# Concurrency: many directors saving at once


SAVERS = 16
CASES_EACH = 5
SAME_CASE_THREADS = 8
DECISIONS_EACH = 5


def _all_at_once(n: int, work: Any) -> list[str]:
    """Run ``work(i, client)`` in ``n`` threads released together; the failures, as text."""
    gate = threading.Barrier(n)
    errors: list[str] = []

    def one(i: int) -> None:
        try:
            with httpx.Client(timeout=60) as client:
                gate.wait(30)
                work(i, client)
        except Exception as exc:
            errors.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads), "a thread still waits for its answer"
    return errors


def _expect(r: httpx.Response, status: int) -> dict[str, Any]:
    if r.status_code != status:
        raise AssertionError(f"{r.request.method} {r.request.url.path}: {r.status_code} {r.text[:300]}")
    return dict(r.json())


def test_sixteen_directors_saving_at_once_lose_nothing(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    # Laptop mode: the sixteen directors all come from 127.0.0.1, one holder of the door's share
    # (issue 35, ADVISOR_RULINGS_PER_HOLDER, 8 by default): here each is a director of his own.
    server = LiveServer({"ADVISOR_DATABASE_URL": database_url, "ADVISOR_DD_WORKERS": "1",
                         "ADVISOR_RULINGS_PER_HOLDER": str(SAVERS)}, log)
    url = server.start()  # laptop mode: no tokens, 127.0.0.1
    try:
        event = _new_event(url)
        sent: dict[str, dict[str, Any]] = {}

        def save(i: int, client: httpx.Client) -> None:  # a director: 5 cases, each ruled, kept and decided
            for j in range(CASES_EACH):
                tag = f"D{i}.{j}"
                body = _case_body(event, tag, i * CASES_EACH + j, f"TD {i}")
                case = _expect(client.post(f"{url}/v1/cases", json=body), 201)
                decision = {"score_ns": case["ruling"]["suggested"]["score_ns"] + 10 * j, "result": "as ruled",
                            "law": "64A2", "reason": f"decision {tag}"}
                decided = _expect(client.post(f"{url}/v1/cases/{case['id']}/decision", json=decision), 200)
                assert decided["decision"]["reason"] == decision["reason"]
                sent[tag] = {"id": case["id"], "body": body, "ruling": case["ruling"], "decision": decision}

        assert _all_at_once(SAVERS, save) == []
        with httpx.Client(base_url=url, timeout=60) as c:
            cases = c.get("/v1/cases", params={"event": event}).json()
            assert sorted(x["table"] for x in cases) == sorted(sent)
            for x in cases:
                mine = sent[x["table"]]
                case = c.get(f"/v1/cases/{x['id']}").json()
                history = c.get(f"/v1/cases/{x['id']}/history").json()
                assert case["id"] == mine["id"] and case["director"] == mine["body"]["director"]
                assert case["request"] == _request_part(mine["body"]) and case["ruling"] == mine["ruling"]
                assert case["decision"]["score"]["score_ns"] == mine["decision"]["score_ns"]
                assert [(e["seq"], e["action"]) for e in history] == [(1, "created"), (2, "decision")]
                assert history[1]["change"]["reason"] == mine["decision"]["reason"]

            # several directors deciding the same case at once: one history, numbered 1..n
            body = _case_body(event, "same", 0, "TD 0")
            case_id = _expect(c.post("/v1/cases", json=body), 201)["id"]
            answered: list[tuple[str, dict[str, Any]]] = []

            def decide(i: int, client: httpx.Client) -> None:
                for j in range(DECISIONS_EACH):
                    decision = {"score_ns": 50 + i, "result": "as ruled", "law": "64A2",
                                "reason": f"decision {i}.{j}"}
                    r = client.post(f"{url}/v1/cases/{case_id}/decision", json=decision)
                    answered.append((decision["reason"], _expect(r, 200)))

            assert _all_at_once(SAME_CASE_THREADS, decide) == []
            history = c.get(f"/v1/cases/{case_id}/history").json()
            n = 1 + SAME_CASE_THREADS * DECISIONS_EACH
            assert [e["seq"] for e in history] == list(range(1, n + 1))
            reasons = [e["change"]["reason"] for e in history[1:]]
            assert sorted(reasons) == sorted(f"decision {i}.{j}" for i in range(SAME_CASE_THREADS)
                                             for j in range(DECISIONS_EACH))
            # each answer was the case as its own entry left it; the case's decision is the last entry's
            at = {e["change"]["reason"]: e["at"] for e in history[1:]}
            assert len(answered) == len(reasons)
            for reason, answer in answered:
                assert answer["decision"]["reason"] == reason and answer["decision"]["recorded"]["at"] == at[reason]
            final = c.get(f"/v1/cases/{case_id}").json()["decision"]
            assert final["reason"] == reasons[-1] and final["recorded"]["at"] == history[-1]["at"]
    finally:
        server.stop()
    text = log.read_text(errors="replace")
    assert "database is locked" not in text and "Traceback" not in text, text[-3000:]
