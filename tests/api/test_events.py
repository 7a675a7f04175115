"""Events and hand records through the HTTP API, on a real database: SQLite and PostgreSQL
(the ``database_url`` fixture). The hand-record file is made from the real Sponvo30.pbn (1997
European Team Championship) with its play stripped, as a dealing program would write it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from tests.helpers import SPONVO30, SPONVO30_DEAL, SPONVO30_PLAY, laptop

# Sponvo30.pbn board 21, read by hand from lines 1445-1452 of the file.
BOARD_21 = {"board": "21", "dealer": "N", "vulnerable": "NS", "deal": SPONVO30_DEAL}


def hand_record_file(changes: dict[str, str] | None = None) -> str:
    """Sponvo30.pbn as a hand-record file: per board only the Event, Board, Dealer, Vulnerable
    and Deal tags of its first game (the other room's copy dropped), no play. ``changes``:
    board -> a Deal tag value to write instead of the file's."""
    text = SPONVO30.read_text(encoding="latin-1")
    out, seen = [], set()
    for block in re.split(r"\n\s*\n", text):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, flags=re.MULTILINE))
        if "Board" not in tags or tags["Board"] in seen:
            continue
        seen.add(tags["Board"])
        if changes and tags["Board"] in changes:
            tags["Deal"] = changes[tags["Board"]]
        out.append("\n".join(f'[{k} "{tags[k]}"]' for k in ("Event", "Board", "Dealer", "Vulnerable", "Deal")
                             if k in tags and tags[k] != "#"))
    return "\n\n".join(out) + "\n"


def new_event(client: TestClient, **changes: Any) -> int:
    body = {"name": "Generali Euro Team Champs '97", "date": "1997-06-26", "session": "30"} | changes
    r = client.post("/v1/events", json=body)
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    assert isinstance(event_id, int)
    return event_id


def upload(client: TestClient, event_id: int, text: str | bytes, name: str = "hands.pbn") -> Any:
    data = text.encode("latin-1") if isinstance(text, str) else text
    return client.post(f"/v1/events/{event_id}/hand-records", files={"file": (name, data)})


def error(r: Any, status: int, loc: list[str | int], *fragments: str) -> str:
    """The ``msg`` of the error item at ``loc``, after checking the status and the fragments."""
    assert r.status_code == status, (r.status_code, r.text[:500])
    items = [d for d in r.json()["detail"] if list(d["loc"]) == loc]
    assert items, r.json()
    msg: str = items[0]["msg"]
    for f in fragments:
        assert f.lower() in msg.lower(), (f, msg)
    return msg


def test_hand_record_file_is_what_a_dealer_writes() -> None:
    text = hand_record_file()
    assert text.count("[Board ") == 24 and "[Play" not in text and "[Contract" not in text
    assert '[Board "21"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "' + SPONVO30_DEAL + '"]' in text


def test_upload_hand_records_then_pick_board_21(client: TestClient) -> None:
    event_id = new_event(client, scoring_profile="ebu")
    r = upload(client, event_id, hand_record_file())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["added"] == [str(n) for n in range(1, 25)] and body["unchanged"] == []
    assert client.get(f"/v1/events/{event_id}/boards/21").json() == BOARD_21
    assert client.get(f"/v1/events/{event_id}/boards/021").json() == BOARD_21
    boards = client.get(f"/v1/events/{event_id}/boards").json()
    assert [b["board"] for b in boards] == [str(n) for n in range(1, 25)]
    assert boards[20] == BOARD_21
    # board 1 from the file by hand: dealer N, vulnerable None
    assert boards[0] == {"board": "1", "dealer": "N", "vulnerable": "None",
                         "deal": "N:43.AQ8752.K52.83 AKJ9.T9.Q9.KJ752 62.K6.T87643.AT6 QT875.J43.AJ.Q94"}
    event = client.get(f"/v1/events/{event_id}").json()
    assert event["id"] == event_id and event["boards"] == 24 and event["date"] == "1997-06-26"
    assert (event["session"], event["laws_edition"], event["scoring_profile"]) == ("30", "2017", "ebu")


def test_a_file_with_play_records_gives_its_deals(client: TestClient) -> None:
    event_id = new_event(client)
    r = upload(client, event_id, SPONVO30.read_bytes(), name="Sponvo30.pbn")
    assert r.status_code == 200, r.text
    assert len(r.json()["added"]) == 24  # 48 games, both rooms: one board each
    assert client.get(f"/v1/events/{event_id}/boards/21").json() == BOARD_21


def test_reupload_identical_is_kept_and_a_different_board_is_422(client: TestClient) -> None:
    event_id = new_event(client)
    assert upload(client, event_id, hand_record_file()).status_code == 200
    again = upload(client, event_id, hand_record_file())
    assert again.status_code == 200 and again.json()["added"] == []
    assert len(again.json()["unchanged"]) == 24
    # board 21 with North's S2 and East's SA swapped: a valid deal, but not the stored one
    swapped = SPONVO30_DEAL.replace("T8752", "AT875").replace("AQJ9", "QJ92")
    extra = '\n[Board "25"]\n[Dealer "N"]\n[Vulnerable "EW"]\n[Deal "' + SPONVO30_DEAL + '"]\n'
    r = upload(client, event_id, hand_record_file({"21": swapped}) + extra)
    error(r, 422, ["body", "file"], "board 21", "already stored", "deal", swapped)
    assert client.get(f"/v1/events/{event_id}/boards/21").json() == BOARD_21  # never overwritten
    assert client.get(f"/v1/events/{event_id}/boards/25").status_code == 404  # all or none
    assert client.get(f"/v1/events/{event_id}").json()["boards"] == 24


def test_a_board_with_51_cards_is_422_naming_it(client: TestClient) -> None:
    event_id = new_event(client)
    short = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K7"  # West without the C6
    msg = error(upload(client, event_id, hand_record_file({"7": short})), 422, ["body", "file"],
                "board 7: West holds 12 cards", "C6 is in no hand")
    assert "board 21" not in msg
    assert client.get(f"/v1/events/{event_id}").json()["boards"] == 0


@pytest.mark.parametrize("data", [
    b"", b"\x89PNG\r\n\x1a\n\x00\x00SECRET-BYTES\xff\xfe", b"[Board \x00SECRET-BYTES\n\xff", b"just some notes\n",
    b'[Event "no deals here"]\n[Board "1"]\n',
], ids=["empty", "binary", "binary-with-bracket", "text", "no-deal"])
def test_a_file_that_is_not_pbn_is_422_without_its_bytes(client: TestClient, data: bytes) -> None:
    event_id = new_event(client)
    r = upload(client, event_id, data)
    error(r, 422, ["body", "file"], "not a PBN file")
    assert "SECRET" not in r.text


def test_unknown_event_and_board_are_404(client: TestClient) -> None:
    error(client.get("/v1/events/9999"), 404, ["path", "event_id"], "no event 9999")
    error(client.get("/v1/events/9999/boards"), 404, ["path", "event_id"], "no event 9999")
    error(upload(client, 9999, hand_record_file()), 404, ["path", "event_id"], "no event 9999")
    assert client.get(f"/v1/events/{2**40}").status_code == 422  # beyond the database's integer: a 422, not a 500
    event_id = new_event(client)
    error(client.get(f"/v1/events/{event_id}/boards/7"), 404, ["path", "board"], f"board 7 is not in event {event_id}")


@pytest.mark.parametrize(("changes", "loc"), [
    ({"date": "yesterday"}, ["body", "date"]),
    ({"name": ""}, ["body", "name"]),
    ({"laws_edition": "1997"}, ["body", "laws_edition"]),
    ({"scoring_profile": "fifa"}, ["body", "scoring_profile"]),
    ({"colour": "red"}, ["body", "colour"]),
])
def test_bad_event_fields_are_422(client: TestClient, changes: dict[str, str], loc: list[str]) -> None:
    body = {"name": "Spring Pairs", "date": "2025-04-05"} | changes
    r = client.post("/v1/events", json=body)
    assert r.status_code == 422, r.text
    assert any(list(d["loc"]) == loc and d["msg"] for d in r.json()["detail"]), r.json()


def test_a_restarted_app_keeps_every_event(dds: SolverRunner, database_url: str) -> None:
    with laptop(create_app(dds, database_url=database_url)) as first:
        event_id = new_event(first, name="Saturday Pairs", laws_edition="2007", scoring_profile="acbl")
        assert upload(first, event_id, hand_record_file()).status_code == 200
    with laptop(create_app(dds, database_url=database_url)) as second:
        event = second.get(f"/v1/events/{event_id}").json()
        assert (event["name"], event["laws_edition"], event["scoring_profile"], event["boards"]) == \
            ("Saturday Pairs", "2007", "acbl", 24)
        assert second.get(f"/v1/events/{event_id}/boards/21").json() == BOARD_21


# --------------------------------------------------------------------------------------------
# A revoke ruling on a stored board: POST /v1/rulings/revoke with `event` and `board`
# --------------------------------------------------------------------------------------------

RULING = {"contract": "4H", "declarer": "W", "claim_declarer_tricks": 3, "play": SPONVO30_PLAY}


@pytest.mark.slow
def test_rule_board_21_from_the_event(client: TestClient) -> None:
    event_id = new_event(client)
    assert upload(client, event_id, hand_record_file()).status_code == 200
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "21", **RULING})
    assert r.status_code == 200, r.text
    out = r.json()
    # docs/api.md's ruling from the deal: 4H W -1, NS +50, law 64A2 (vulnerable NS from the file).
    assert out["suggested"] == {"declarer_tricks": 9, "result": "4H W -1", "score_ns": 50, "law": "64A2",
                                "provisional": False}
    assert out["board"]["deal"] == SPONVO30_DEAL and out["board"]["vulnerable"] == "NS"
    assert out["board"]["label"] == "Generali Euro Team Champs '97, board 21"
    assert [(x["trick"], x["player"], x["card"]) for x in out["revokes"]] == [(3, "S", "D4")]


def test_ruling_on_a_board_not_in_the_event_is_422(client: TestClient) -> None:
    event_id = new_event(client)
    assert upload(client, event_id, hand_record_file()).status_code == 200
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "30", **RULING})
    error(r, 422, ["body", "board"], f"board 30 is not in event {event_id}")
    r = client.post("/v1/rulings/revoke", json={"event": 9999, "board": "21", **RULING})
    error(r, 422, ["body", "event"], "no event 9999")
    r = client.post("/v1/rulings/revoke", json={"event": 2**40, "board": "21", **RULING})
    error(r, 422, ["body", "event"])


@pytest.mark.parametrize("extra", [{"deal": SPONVO30_DEAL}, {"vulnerable": "NS"}, {"pbn": "[Board \"21\"]"}])
def test_ruling_with_event_and_deal_is_422(client: TestClient, extra: dict[str, str]) -> None:
    r = client.post("/v1/rulings/revoke", json={"event": 1, "board": "21", **RULING, **extra})
    assert r.status_code == 422, r.text
    msgs = " ".join(d["msg"] for d in r.json()["detail"])
    assert "with `event`" in msgs and next(iter(extra)) in msgs


def test_ruling_with_event_needs_board(client: TestClient) -> None:
    r = client.post("/v1/rulings/revoke", json={"event": 1, **RULING})
    assert r.status_code == 422 and "missing: board" in r.text


# --------------------------------------------------------------------------------------------
# The director's page: an uploaded file becomes an event, picking a board reads it back
# --------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_page_stores_an_upload_as_an_event(client: TestClient) -> None:
    r = client.post("/upload", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}, data={"lang": "en"})
    assert r.status_code == 200, r.text[:500]
    found = re.search(r'id="stored-event">Stored as event (\d+)', r.text)
    token = re.search(r'name="upload" value="(\d+)"', r.text)
    assert found is not None and token is not None
    event = client.get(f"/v1/events/{found.group(1)}").json()
    # named and dated by the file's tags: [Event "Generali Euro Team Champs '97"], [Date "1997.06.26"]
    assert (event["name"], event["date"], event["boards"]) == ("Generali Euro Team Champs '97", "1997-06-26", 24)
    assert client.get(f"/v1/events/{found.group(1)}/boards/21").json() == BOARD_21
    r = client.post("/ruling", data={"source": "upload", "upload": token.group(1), "board": "21", "room": "Closed",
                                     "rest_valued_double_dummy": "1"})
    assert r.status_code == 200 and "4H W -1" in r.text
    r = client.post("/ruling", data={"source": "upload", "upload": "99999", "board": "21", "room": "Closed"})
    assert r.status_code == 422 and "not stored" in r.text
