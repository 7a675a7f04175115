"""``POST /v1/events/{id}/results`` and ``GET /v1/events/{id}/boards/{board}/traveller`` through
the HTTP API on a real database (SQLite and PostgreSQL), with real files from
../shared/data/club-files. Expected values are read by hand from the files (quoted below)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.service.auth import add_user
from app.storage import open_repository
from app.storage.cases import SqlUserRepository
from engine.casefile.users import Role
from engine.dd import SolverRunner
from tests.api.test_events import error, new_event

CLUB = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club-files"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def post(client: TestClient, event_id: int, data: bytes, name: str = "results", **kw: Any) -> Any:
    return client.post(f"/v1/events/{event_id}/results", files={"file": (name, data)}, **kw)


def sample(rel: str) -> bytes:
    return (CLUB / rel).read_bytes()


def test_usebio_upload_then_the_traveller_of_board_1(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_howell.xml"), "session.xml")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["kind"], body["program"], len(body["added"]), body["lines"]) == ("usebio", "Compscore3 26-Jul-22",
                                                                                   27, 161)
    assert body["boards"] == [str(n) for n in range(1, 28)]
    # HANDSET board 1: North C 54, D AJT32, H 9762, S 98; East C J2, D K865, H T8, S J5432
    deal = client.get(f"/v1/events/{event_id}/boards/1").json()["deal"]
    assert deal.startswith("N:98.9762.AJT32.54 J5432.T8.K865.J2 ")
    t = client.get(f"/v1/events/{event_id}/boards/01/traveller")
    assert t.status_code == 200, t.text
    trav = t.json()
    assert (trav["board"], trav["scoring"], trav["mp_units"], len(trav["lines"])) == ("1", "MP", 2, 6)
    # <NS_PAIR_NUMBER>3 <EW_PAIR_NUMBER>11 <CONTRACT>5C <PLAYED_BY>W <LEAD>2H <TRICKS>11 <SCORE>-400 0 / 10
    first = trav["lines"][0]
    assert {k: first[k] for k in ("ns_pair", "ew_pair", "contract", "declarer", "lead", "tricks", "result",
                                  "ns_score", "ns_mp", "ew_mp", "table")} == {
        "ns_pair": "3", "ew_pair": "11", "contract": "5C", "declarer": "W", "lead": "H2", "tricks": 11,
        "result": "5C W =", "ns_score": -400, "ns_mp": 0.0, "ew_mp": 10.0, "table": None}
    assert first["ns_names"] == "GRAHAM MCMAHON & JANICE GENTLE"


def test_bridgemate_bws_upload(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, sample("bws/jarronshih__bridgemate-ui/12tables1section.bws"), "12tables1section.bws")
    assert r.status_code == 200, r.text
    assert (r.json()["kind"], r.json()["lines"], r.json()["added"]) == ("bws", 288, [])
    lines = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()["lines"]
    assert len(lines) == 12
    art = [ln for ln in lines if ln["artificial"]]
    assert [(a["table"], a["round"], a["artificial"], a["contract"], a["declarer"], a["result"]) for a in art] == [
        (7, 7, "40%-60%", None, None, "40%-60%")]


def test_magic_contest_pbn_and_dealmaster_dlm(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, sample("pbn-scoretable/lucbellicaud__bridgetrainer/"
                                      "open2dn1nationalfinaledirecte21-22-sance1.pbn"), "seance1.pbn")
    assert r.status_code == 200, r.text
    assert (r.json()["kind"], len(r.json()["added"]), r.json()["lines"]) == ("pbn", 30, 660)
    lines = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()["lines"]
    # ` 6  1  6 39 3N  S  9 D3   "400"      - 12.6 29.4  30  70`
    row = next(ln for ln in lines if ln["table"] == 6)
    assert (row["contract"], row["result"], row["lead"], row["ns_score"], row["ns_mp"]) == (
        "3NT", "3NT S =", "D3", 400, 12.6)
    other = new_event(client)
    r = post(client, other, sample("dealing/rkcb1430__duplimate-to-html/1.dlm"), "1.dlm")
    assert r.status_code == 200 and (r.json()["kind"], len(r.json()["added"]), r.json()["lines"]) == ("dlm", 24, 0)
    error(client.get(f"/v1/events/{other}/boards/1/traveller"), 404, ["path", "board"], "no traveller")


BOMB = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><USEBIO><EVENT>&c;</EVENT></USEBIO>')


@pytest.mark.parametrize(("data", "fragment"), [
    (sample("usebio/abftech__cobalt/mp_pairs_howell.xml")[:3000], "damaged or cut short"),
    (sample("dealing/rkcb1430__duplimate-to-html/1.dlm").replace(b"Checksum=025", b"Checksum=024"), "checksum"),
    (b"PK\x03\x04" + bytes(300), "not a results file"),
    (BOMB, "refused for safety"),
    (b"", "not a results file"),
], ids=["truncated usebio", "dlm checksum", "not access named bws", "xml bomb", "empty"])
def test_bad_results_files_are_422_in_the_directors_words(client: TestClient, data: bytes, fragment: str) -> None:
    event_id = new_event(client)
    error(post(client, event_id, data, "session.bws"), 422, ["body", "file"], fragment)
    assert client.get(f"/v1/events/{event_id}").json()["boards"] == 0


def test_said_in_polish(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, b"PK\x03\x04" + bytes(300), "x.bws", headers={"Accept-Language": "pl"})
    msg = error(r, 422, ["body", "file"], "to nie jest plik wyników")
    assert "(dane binarne)" in msg and "not a" not in msg  # a zip's bytes, said as binary, all in Polish
    assert r.headers["content-language"] == "pl"


def test_a_deal_differing_from_the_stored_is_422_and_stores_nothing(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_howell.xml")).status_code == 200
    r = post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_mitchell.xml"))
    error(r, 422, ["body", "file"], "board 1 is already stored", "nothing from this file was stored")
    assert len(client.get(f"/v1/events/{event_id}/boards/1/traveller").json()["lines"]) == 6


def test_only_a_director_uploads_results(dds: SolverRunner, database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        users = SqlUserRepository(repo.engine)
        director = add_user(users, "Jan Kowalski", Role.DIRECTOR)[1]
        viewer = add_user(users, "Piotr Viewer", Role.VIEWER)[1]
    finally:
        repo.close()
    with TestClient(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        r = c.post("/v1/events", json={"name": "x", "date": "2022-07-27"},
                   headers={"Authorization": f"Bearer {director}"})
        event_id = r.json()["id"]
        data = sample("usebio/abftech__cobalt/mp_pairs_howell.xml")
        assert post(c, event_id, data, headers={"Authorization": f"Bearer {viewer}"}).status_code == 403
        assert post(c, event_id, data).status_code == 401
        assert post(c, event_id, data, headers={"Authorization": f"Bearer {director}"}).status_code == 200
        got = c.get(f"/v1/events/{event_id}/boards/1/traveller", headers={"Authorization": f"Bearer {viewer}"})
        assert got.status_code == 200 and len(got.json()["lines"]) == 6


# mp_pairs_howell board 1 (vulnerable none), pairs 5 v 2: `<CONTRACT>4H <PLAYED_BY>S <LEAD>AC <TRICKS>8
# <SCORE>-100`; the other lines: -400, -50, -100, -100, -100.
REVOKE_5V2 = {"trick": 5, "offender": "E", "revoke_trick_won_by": "E", "offending_side_tricks_after": 3}


def _ruling(client: TestClient, **body: Any) -> Any:
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_howell.xml")).status_code == 200
    return client.post("/v1/rulings/revoke", json={"event": event_id, "board": "1", **body}), event_id


def test_a_revoke_ruled_from_the_traveller_line_and_matchpointed_against_the_rest(client: TestClient) -> None:
    r, _ = _ruling(client, pairs={"ns": "5", "ew": "2"}, revoke_facts=REVOKE_5V2)
    assert r.status_code == 200, r.text
    out = r.json()
    came = out["from_traveller"]
    assert (came["ns_pair"], came["ew_pair"], came["result"], came["lead"]) == ("5", "2", "4H S -2", "CA")
    assert came["filled"] == ["contract", "declarer", "table_result", "scoring"]
    assert sorted(came["field"]) == [-400, -100, -100, -100, -50]
    assert (out["board"]["contract"], out["board"]["declarer"]) == ("4H", "S")
    # 64A1: East revoked and won the revoke trick, East-West won 3 more: two tricks go to declarer,
    # 8 + 2 = 10 tricks, 4H made, +420 at love
    assert out["declarer_tricks"]["table"] == 8 and out["declarer_tricks"]["after_adjustment"] == 10
    assert out["scores"]["table"] == -100 and out["scores"]["suggested"] == 420
    # 420 beats all five other North-South scores: 5 x 2 = 10 matchpoints, the top (78A)
    weighted = out["scores"]["weighted"]
    assert weighted is not None, out["scores"]
    assert (weighted["ns"], weighted["ew"], weighted["top"], weighted["ns_percent"]) == (10, 0, 10, 100), weighted


def test_the_traveller_line_picked_by_pair_numbers_as_written(client: TestClient) -> None:
    r, _ = _ruling(client, pairs={"ns": "5 NS", "ew": "2EW"}, revoke_facts=REVOKE_5V2)
    assert r.status_code == 200 and r.json()["from_traveller"]["ns_pair"] == "5"


def test_traveller_errors_name_the_field(client: TestClient) -> None:
    r, event_id = _ruling(client, pairs={"ns": "5", "ew": "3"}, revoke_facts=REVOKE_5V2)
    error(r, 422, ["body", "pairs"], "board 1: the traveller has no line for pairs 5 v 3")
    r = client.post("/v1/rulings/revoke", json={"table": 3, "revoke_facts": REVOKE_5V2, "contract": "4H",
                                                "declarer": "S", "deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 "
                                                "6543.876.876.876 2.5432.5432.5432"})
    error(r, 422, ["body"], "give `event` and `board`")
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "1", "table": 3,
                                                "revoke_facts": REVOKE_5V2})
    error(r, 422, ["body", "table"], "no line for table 3")  # USEBIO gives no table numbers
    # board 26, pairs 5 v 10: `<SCORE>A5050` with no contract
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "26", "pairs": {"ns": "5", "ew": "10"},
                                                "revoke_facts": REVOKE_5V2})
    assert "A5050" in error(r, 422, ["body", "pairs"], "holds no contract (A5050)")
    assert client.get(f"/v1/events/{event_id}/boards/26/traveller").status_code == 200  # nothing was changed


def test_weighted_score_against_the_stored_traveller(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_howell.xml")).status_code == 200
    # board 1, pairs 5 v 2: half 4H= (+420) and half 4H-1 (-50) against -400, -50, -100, -100, -100:
    # +420 beats all five (10 of 10); -50 beats four and ties one (4 x 2 + 1 = 9); weighted 9.5
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "pairs": {"ns": "5", "ew": "2"},
        "outcomes": [{"contract": "4H", "declarer": "S", "tricks": 10, "weight": "1/2"},
                     {"contract": "4H", "declarer": "S", "tricks": 9, "weight": "1/2"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert [o["score_ns"] for o in w["outcomes"]] == [420, -50]
    assert [o["ns"] for o in w["outcomes"]] == [10, 9] and (w["ns"], w["top"]) == (9.5, 10)
    r = client.post("/v1/scores/weighted", json={"event": event_id, "board": "1", "field": [100],
                                                 "outcomes": [{"score_ns": 420}]})
    assert r.status_code == 422 and "not `field`" in r.text


def test_matchpoints_of_the_stored_traveller_equal_the_programs(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/abftech__cobalt/mp_pairs_howell.xml")).status_code == 200
    r = client.post("/v1/scores/matchpoints", json={"event": event_id, "board": "1"})
    assert r.status_code == 200, r.text
    got = [(x["score_ns"], x["ns"]) for x in r.json()["results"]]
    # the file's NS_MATCH_POINTS of board 1, line by line
    assert got == [(-400, 0), (-100, 5), (-50, 10), (-100, 5), (-100, 5), (-100, 5)]
    # board 26 has the A5050 line: five table scores, Neuberg-factored to six results
    r = client.post("/v1/scores/matchpoints", json={"event": event_id, "board": "26"})
    assert r.status_code == 200 and len(r.json()["results"]) == 5 and r.json()["neuberg_top"] == 10


def test_jfr_pary_board_page_upload(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, sample("jfr-html/jarekczek__pbntools/WB120802/wb120802001.html"), "wb120802001.html")
    assert r.status_code == 200, r.text
    assert (r.json()["kind"], r.json()["added"], r.json()["boards"], r.json()["lines"]) == ("jfr", ["1"], ["1"], 9)
    lines = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()["lines"]
    assert (lines[0]["result"], lines[0]["ns_mp"], lines[-1]["artificial"]) == ("4H S -1", 85.71, "TD")


@pytest.mark.parametrize(("lang", "reason"), [
    ("en", "board 1, line 1: the contract '42' cannot be read"),
    ("pl", "rozdanie 1, wiersz 1: nie można odczytać pola „kontrakt”: '42'"),
])
def test_a_file_with_one_unreadable_contract_is_stored_but_that_line_and_the_answer_names_it(
        client: TestClient, lang: str, reason: str) -> None:
    # issue 36: board 1's first traveller line (NS 3 v EW 11, 5C by W, -400) with its contract typed "42"
    data = sample("usebio/abftech__cobalt/mp_pairs_howell.xml").replace(b"<CONTRACT>5C</CONTRACT>",
                                                                        b"<CONTRACT>42</CONTRACT>", 1)
    event_id = new_event(client)
    r = post(client, event_id, data, "session.xml", params={"lang": lang})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["lines"], len(body["added"])) == (160, 27)  # 161 in the file, one left out
    assert body["problems"] == [{"board": "1", "line": 1, "field": "contract", "value": "42", "reason": reason,
                                 "key": "results_bad_value",
                                 "params": {"where": "board 1, line 1", "what": "contract", "text": "42"}}]
    lines = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()["lines"]
    assert len(lines) == 5 and (lines[0]["ns_pair"], lines[0]["ew_pair"]) != ("3", "11")


def test_a_whole_file_has_no_problems(client: TestClient) -> None:
    r = post(client, new_event(client), sample("usebio/abftech__cobalt/mp_pairs_howell.xml"), "session.xml")
    assert r.status_code == 200 and r.json()["problems"] == []
