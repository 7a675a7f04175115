"""``POST /v1/events/{id}/results`` and ``GET /v1/events/{id}/boards/{board}/traveller`` through
the HTTP API on a real database (SQLite and PostgreSQL), with real files from
../shared/data/club-files. Expected values are read by hand from the files (quoted below)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.auth import add_user
from app.main import create_app
from app.storage import open_repository
from app.storage.cases import SqlUserRepository
from engine.cases import Role
from engine.dd import SolverRunner
from tests.test_events import error, new_event

CLUB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "club-files"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


@pytest.fixture
def client(dds: SolverRunner, database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        yield c


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
    error(r, 422, ["body", "file"], "to nie jest plik wyników")


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
