"""A claim opened from a traveller line (issue 33): ``POST /v1/rulings/claim`` with ``event``,
``board`` and ``table`` or ``pairs``, as ``POST /v1/rulings/revoke`` takes them, on the real
mp_pairs_howell.xml of ../shared/data/club-files (Compscore3, matchpoints). The contract and the
declarer come from the line (the deal and vulnerability from the event's board), the result to
enter is scored against the rest of the traveller, and a claim case keeps the line and is ruled
from it again. Before, a claim request knew no ``table``/``pairs`` (422) and a claim case's
``traveller_line`` was refused.

Board 1 (dealer North, love all), pairs 5 v 2: 4H by South, lead CA, 8 tricks, 4H S -2, NS -100;
the rest of the section: 5C W = (-400), 3H S -1 (-50), 4H S -2 (-100) three times.

The play, worked by hand (West leads; hearts trumps):
 1 W CA C4 C2 C6 (W)   2 W CK C5 CJ CQ (W)   3 W SA S8 S2 S6 (W)   4 W SK S9 S3 S7 (W)
 5 W H3 H2 H8 HJ (S)   6 S HA C3 H6 HT (S)   7 S SQ ST D2 S4 (S)   8 S H4 C7 H7 D5 (N: dummy's H7)
 9 N D3 D6 DQ D9 (S)  10 S D4 D7 DA D8 (N)
North-South have won 6 tricks, East-West 4. With North on lead: N H9 DJ DT, E SJ S5 DK, S HK HQ H5,
W CT C9 C8; no trump is out. South claims the last three and East-West dispute it: on any line North
leads, every card South holds is a trump above all and East's DK falls to a ruff or the HK (East must
follow to a diamond with it; South, void in diamonds, can only ruff): 3 of 3, the claim stands.
6 + 3 = 9 tricks: 4H S -1, NS -50.

Against the rest (matchpoints, 2 a score beaten and 1 a tie, top 10): -50 beats -400 and the three
-100s (8) and ties the -50 (1): 9 of 10, 90%. The traveller's own line (4H S -2, -100) would get 5.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.test_cards_case_traveller import import_is_refused_by_name
from tests.api.test_claim_route_revoke import finished
from tests.api.test_events import error
from tests.api.test_traveller_imps import BUTLER, MP_HOWELL, _event, pytestmark, sample

__all__ = ["pytestmark"]  # the traveller tests' skip without ../shared/data/club-files

PLAY = ("CA C4 C2 C6 CK C5 CJ CQ SA S8 S2 S6 SK S9 S3 S7 H3 H2 H8 HJ HA C3 H6 HT SQ ST D2 S4 "
        "H4 C7 H7 D5 D3 D6 DQ D9 D4 D7 DA D8").split()
LINE = {"pairs": {"ns": "5", "ew": "2"}}
CLAIM = {"by": "S", "tricks": 3}
CASE = {"kind": "claim", "board": "1", "round": "3", "table": "", "director": "Jan Kowalski",
        "pairs": {"ns": {"number": "5"}, "ew": {"number": "2"}}}


def _scored(out: dict[str, Any]) -> tuple[Any, ...]:
    w = out["scores"]["weighted"] or {}
    return out["result"], out["score_ns"], w.get("form"), w.get("ns"), w.get("top"), w.get("ns_percent")


def test_a_claim_opened_from_a_traveller_line_takes_its_contract_and_is_scored_against_the_field(
        client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    r = client.post("/v1/rulings/claim", json={"event": event_id, "board": "1", **LINE, "play": PLAY,
                                               "claim": CLAIM})
    assert r.status_code == 200, r.text[:800]
    out = r.json()
    assert (out["tricks_left"], out["awarded"], out["claim_stands"], out["declarer_tricks"]) == (3, 3, True, 9)
    assert _scored(out) == ("4H S -1", -50, "matchpoints", 9.0, 10, 90.0)
    came = out["from_traveller"]
    assert (came["result"], came["lead"], came["filled"]) == ("4H S -2", "CA", ["contract", "declarer", "scoring"])
    assert (came["form"], sorted(came["field"])) == ("matchpoints", [-400, -100, -100, -100, -50])
    assert out["revoke"] is None  # no revoke in this play
    # the contract typed is kept (the traveller then gives only the field)
    typed = client.post("/v1/rulings/claim", json={"event": event_id, "board": "1", **LINE, "contract": "4H",
                                                   "declarer": "S", "play": PLAY, "claim": CLAIM}).json()
    assert _scored(typed) == _scored(out) and typed["from_traveller"]["filled"] == ["scoring"]
    # a job (job=true) keeps the line it was ruled from
    job = client.post("/v1/rulings/claim?job=true", json={"event": event_id, "board": "1", **LINE, "play": PLAY,
                                                          "claim": CLAIM})
    assert job.status_code == 202, job.text[:500]
    done = finished(client, job.headers["location"])["ruling"]
    assert _scored(done) == _scored(out) and done["from_traveller"] == came


BUTLER_PLAY = ("S2 C6 S3 S4 CA C5 C2 C3 CK C7 C9 C4 CQ S6 S5 CT D5 D3 DT D2 SJ S8 C8 S7 H4 H2 H6 H7 S9 H5 SK SA "
               "HA H3 H8 HJ H9 HK CJ HQ").split()


def test_a_claim_on_a_butler_traveller_is_scored_in_butler_imps(client: TestClient) -> None:
    """butler_howell.xml (Compscore3, Butler pairs), board 2 (dealer East, North-South vulnerable), pairs 2 v 7:
    5C by East, lead S2, 10 tricks on the line (5C E -1, NS +50); the rest -460, -490, -430.

    The play, worked by hand (clubs trumps): 1 S S2 C6 S3 S4 (W ruffs)  2 W CA C5 C2 C3 (W)  3 W CK C7 C9 C4
    (W)  4 W CQ S6 S5 CT (W; trumps drawn)  5 W D5 D3 DT D2 (E: the finesse)  6 E SJ S8 C8 S7 (W ruffs)
    7 W H4 H2 H6 H7 (S)  8 S S9 H5 SK SA (E)  9 E HA H3 H8 HJ (E)  10 E H9 HK CJ HQ (W ruffs). East-West have
    won nine of the ten tricks, North-South one (trick 7). Dummy (West) is on lead with
    DJ D9 D7, East DA DQ HT, North DK D8 D6, South SQ ST D4. East claims the last three without a word: they
    need the diamond finesse (the DQ over North's DK), and an unstated line whose success depends on finding one
    opponent rather than the other with a card is not accepted (70E1): East may play the DA on dummy's diamond
    and lose the DQ to the DK later: 2 of 3. 9 + 2 = 11 tricks, 5C E =, NS -400 (East-West not vulnerable).

    Butler (tests/api/test_traveller_imps.py works it): -400 with the rest -460 -490 -430, top (-400) and bottom
    (-490) dropped, mean(-460, -430) = -445, datum -450; -400 + 450 = 50: 2 IMPs to North-South."""
    event_id = _event(client, sample(BUTLER))
    r = client.post("/v1/rulings/claim", json={"event": event_id, "board": "2", "pairs": {"ns": "2", "ew": "7"},
                                               "play": BUTLER_PLAY, "claim": {"by": "E", "tricks": 3}})
    assert r.status_code == 200, r.text[:800]
    out = r.json()
    assert (out["tricks_left"], out["awarded"], out["double_dummy"], out["claim_stands"]) == (3, 2, 3, False)
    w = out["scores"]["weighted"]
    assert (out["result"], out["score_ns"], w["form"], w["ns"], w["ew"]) == ("5C E =", -400, "butler", 2.0, -2.0)
    came = out["from_traveller"]
    assert (came["result"], came["form"], came["filled"]) == ("5C E -1", "butler", ["contract", "declarer", "scoring"])


def test_a_traveller_line_the_claim_cannot_be_read_from_is_a_422_naming_the_field(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    r = client.post("/v1/rulings/claim", json={"board": "1", **LINE, "deal": "N:" + ".".join(["AKQJ"] * 3),
                                               "contract": "4H", "declarer": "S", "play": PLAY, "claim": CLAIM})
    error(r, 422, ["body"], "give `event` and `board` with them")
    r = client.post("/v1/rulings/claim", json={"event": event_id, "board": "1", "pairs": {"ns": "5", "ew": "9"},
                                               "play": PLAY, "claim": CLAIM})
    error(r, 422, ["body", "pairs"], "board 1: the traveller has no line for pairs 5 v 9")
    # board 26, pairs 5 v 10: an artificial score (A5050), no contract on the line: the director gives it
    r = client.post("/v1/rulings/claim", json={"event": event_id, "board": "26", "pairs": {"ns": "5", "ew": "10"},
                                               "play": ["SA"], "claim": CLAIM})
    msg = error(r, 422, ["body", "pairs"], "holds no contract", "give the contract and the declarer")
    assert "board 26" in msg and "5 v 10" in msg, msg  # the director is told which line


def test_a_claim_case_keeps_its_traveller_line_and_is_ruled_from_it_again(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    seen = client.post("/v1/rulings/claim", json={"event": event_id, "board": "1", **LINE, "play": PLAY,
                                                  "claim": CLAIM}).json()
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": LINE, "play": PLAY,
                                       "claim": CLAIM})
    assert r.status_code == 201, r.text[:800]
    case_id, ruling = r.json()["id"], r.json()["ruling"]
    assert _scored(ruling) == _scored(seen) == ("4H S -1", -50, "matchpoints", 9.0, 10, 90.0)
    assert ruling["from_traveller"] == seen["from_traveller"]
    # the case keeps the line, not what was read from it: a re-run reads the traveller again
    stored = client.get(f"/v1/cases/{case_id}").json()
    assert stored["request"]["pairs"] == {"ns": "5", "ew": "2"} and stored["request"]["event"] == event_id
    assert not {"contract", "declarer", "scoring"} & set(stored["request"])
    assert stored["suggested_ns"] == -50
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200, r.text
    assert (r.json()["same"], r.json()["differences"]) == (True, [])
    import_is_refused_by_name(client, event_id, "1", "pairs 5 v 2")


def test_a_claim_case_on_a_line_is_ruled_on_the_events_board_not_a_deal_or_a_position(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": LINE, "claim": CLAIM,
                                       "position": {"hands": {"N": "...", "E": "...", "S": "...", "W": "..."},
                                                    "trump": "H", "leader": "N"}})
    error(r, 422, ["body", "traveller_line"], "a claim on a traveller line is ruled on the event's board")
    assert client.get(f"/v1/cases?event={event_id}").json() == []  # nothing stored
