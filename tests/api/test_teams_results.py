"""A USEBIO teams file uploaded to an event (issue 36): read, not refused; its rooms on the board's
traveller with the teams as the pairs; a ruling on one room scored in IMPs against the other room of
the same match (Law 78B), or at point-a-board 2, 1 or 0 against its score. The rulings use the
HAND-WRITTEN file (tests/data/hand-written/usebio-teams/README.md: the real TeamsScorer and
EBUScoreTeams files hold no deals, which a revoke's double-dummy check needs); the real files are
uploaded and scored by weighted scores. Every figure below is worked by hand from the Law 78B scale
(or 78A against one score), quoted beside its assertion.
"""

from __future__ import annotations

import html
import re
import uuid

import pytest
from fastapi.testclient import TestClient

from tests.api.test_events import new_event
from tests.api.test_results_api import post, sample
from tests.api.test_traveller_imps import _revoke
from tests.engine.records.test_usebio_teams import HAND_WRITTEN, POINT_A_BOARD, TEAMS_SCORER


def _teams_event(client: TestClient) -> int:
    event_id = new_event(client)
    r = post(client, event_id, HAND_WRITTEN.read_bytes(), "swiss_teams_usebio12.xml")
    assert r.status_code == 200, r.text
    return event_id


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_teams_file_is_stored_with_its_rooms_and_matches(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, HAND_WRITTEN.read_bytes(), "swiss_teams_usebio12.xml")
    assert r.status_code == 200, r.text
    out = r.json()
    # 4 matches x 3 boards x 2 rooms = 24 lines; 6 deals in the HANDSET (the file's README)
    assert (out["kind"], out["program"], out["lines"], out["matches"], out["problems"]) == (
        "usebio", "hand-written issue 36", 24, 4, [])
    assert out["boards"] == ["1", "2", "3", "4", "5", "6"] and out["added"] == ["1", "2", "3", "4", "5", "6"]
    trav = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()
    assert trav["scoring"] == "IMP" and len(trav["lines"]) == 4  # two matches of round 1, two rooms each
    rooms = [(ln["round"], ln["ns_pair"], ln["ew_pair"], ln["ns_names"], ln["ew_names"], ln["result"],
              ln["ns_score"], ln["ns_imps"], ln["ew_imps"]) for ln in trav["lines"]]
    assert rooms == [(1, "1", "2", "Lions", "Tigers", "4S S =", 420, 10, -10),
                     (1, "2", "1", "Tigers", "Lions", "4S S -1", -50, -10, 10),
                     (1, "3", "4", "Bears", "Wolves", "3NT S +1", 430, 0, 0),
                     (1, "4", "3", "Wolves", "Bears", "4S N =", 420, 0, 0)]
    # a pairs file still holds no matches
    pairs = new_event(client)
    r = post(client, pairs, sample("usebio/abftech__cobalt/mp_pairs_howell.xml"), "pairs.xml")
    assert r.status_code == 200 and r.json()["matches"] == 0


def test_a_teams_file_without_deals_is_no_longer_refused(client: TestClient) -> None:
    """Before issue 36 the ``MATCH``es were skipped: a teams file without a ``HANDSET`` held "no deals
    and no traveller lines" (a 422, nothing stored)."""
    data = HAND_WRITTEN.read_bytes()
    data = data[:data.index(b"<HANDSET>")] + data[data.index(b"</HANDSET>") + len(b"</HANDSET>"):]
    event_id = new_event(client)
    r = post(client, event_id, data, "no-deals.xml")
    assert r.status_code == 200, r.text
    assert (r.json()["lines"], r.json()["matches"], r.json()["added"]) == (24, 4, [])


def test_weighted_score_on_one_room_against_the_other_room(client: TestClient) -> None:
    event_id = _teams_event(client)
    # board 1 (love all), the Tigers (2) North-South v the Lions (1): 4S S -1, -50. The other room of the
    # match, the Lions North-South: 4S S =, +420. Weighted half 4S S = (+420), half 4S S -1 (-50):
    # +420 - 420 = 0 -> 0 IMPs; -50 - 420 = -470 -> -10 IMPs (78B: 430-490 is 10);
    # half of 0 and half of -10: -5 IMPs to the Tigers (North-South), +5 to the Lions.
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "pairs": {"ns": "2", "ew": "1"},
        "outcomes": [{"contract": "4S", "declarer": "S", "tricks": 10, "weight": "1/2"},
                     {"contract": "4S", "declarer": "S", "tricks": 9, "weight": "1/2"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("imps", "match")
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(420, 0), (-50, -10)]
    assert (w["ns"], w["ew"], w["top"]) == (-5, 5, None)
    # the other match on the same board (Bears 3 v Wolves 4) is not this table's other room: the Wolves
    # North-South (4S N =, +420) against the Bears' room (+430): 4S N +1 at love is +450, 20 -> +1 IMP
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "pairs": {"ns": "4", "ew": "3"},
        "outcomes": [{"contract": "4S", "declarer": "N", "tricks": 11, "weight": "1"}]})
    assert r.status_code == 200 and [(o["score_ns"], o["ns"]) for o in r.json()["outcomes"]] == [(450, 1)]


def test_a_room_whose_other_room_was_not_read_is_not_scored_against_the_other_match(client: TestClient) -> None:
    """Board 1, match 1 v 2: the Tigers' room has a mistyped contract, so it is left out (and named);
    a weighted score on the Lions' room has no other room to be IMPed against: a 422 naming the
    table, not cross-IMPs against the Bears' and Wolves' tables."""
    data = HAND_WRITTEN.read_bytes().replace(b"<CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n"
                                             b"          <LEAD>DT</LEAD>", b"<CONTRACT>4Q</CONTRACT>\n          "
                                             b"<PLAYED_BY>S</PLAYED_BY>\n          <LEAD>DT</LEAD>", 1)
    event_id = new_event(client)
    r = post(client, event_id, data, "one-room-mistyped.xml")
    assert r.status_code == 200 and (r.json()["lines"], len(r.json()["problems"])) == (23, 1), r.text
    r = client.post("/v1/scores/weighted", json={"event": event_id, "board": "1", "pairs": {"ns": "1", "ew": "2"},
                                                 "outcomes": [{"score_ns": 450}]})
    assert r.status_code == 422, r.text
    problem = r.json()["detail"][0]
    assert problem["loc"] == ["body", "pairs"] and "no table score in the other room" in problem["msg"]
    # a revoke ruled on that room: the score to enter (East revoked at trick 5, won it and a later trick:
    # 10 + 2 = 12 tricks, 4S S +2, +480 at love) with no IMPs: the form is teams, the other room none
    out = _revoke(client, event_id, "1", pairs={"ns": "1", "ew": "2"},
                  revoke_facts={"trick": 5, "offender": "E", "revoke_trick_won_by": "E",
                                "offending_side_tricks_after": 1})
    came = out["from_traveller"]
    assert (came["form"], came["other_room_ns"], came["field"]) == ("teams", None, [])
    assert (out["scores"]["suggested"], out["scores"]["weighted"]) == (480, None)


def test_a_revoke_on_one_room_is_ruled_against_the_other_room(client: TestClient) -> None:
    event_id = _teams_event(client)
    # board 1, the Tigers (2) North-South, 4S by South, 9 tricks (-50): East revokes at trick 5 and wins it,
    # East-West win a later trick: 64A1 transfers two tricks: 11 tricks, 4S S +1, +450 at love. Against +420
    # in the other room (the Lions North-South): 450 - 420 = 30 -> 1 IMP (78B: 20-40 is 1) to the Tigers.
    out = _revoke(client, event_id, "1", pairs={"ns": "2", "ew": "1"},
                  revoke_facts={"trick": 5, "offender": "E", "revoke_trick_won_by": "E",
                                "offending_side_tricks_after": 1})
    came = out["from_traveller"]
    assert (came["form"], came["form_told_by"], came["other_room_ns"], came["field"]) == ("teams", "match", 420, [])
    assert out["scores"]["table"] == -50 and out["scores"]["suggested"] == 450
    w = out["scores"]["weighted"]
    assert (w["form"], w["ns"], w["ew"]) == ("imps", 1, -1)


def test_the_traveller_page_shows_the_rooms_and_the_rule_link_rules_against_the_other_room(
        client: TestClient) -> None:
    event_id = _teams_event(client)
    page = client.get(f"/events/{event_id}/boards/1/traveller?lang=en")
    assert page.status_code == 200, page.text
    text = _text(page.text)
    assert "Teams: 2 matches on this board, each played in two rooms with the teams the other way round." in text
    assert "Other room" in text and "Lions" in text and "Tigers" in text
    row = page.text[page.text.index('data-ns="2" data-ew="1"'):]
    row = row[:row.index("</tr>")]
    # the Tigers' room: the program's IMPs -10 / +10, the advisor's the same (against +420), the other room named
    assert "1 v 2: 4S S =, NS +420" in _text(row)
    assert re.search(r'class="program-mp">-10 / \+10<', row) and re.search(r'class="advisor-mp">-10 / \+10<', row)
    assert f'href="/events/{event_id}/boards/1/play?ns=2&amp;ew=1&amp;lang=en"' in row
    # the Rule link's page, then the ruling it posts: the same figure as the API's (worked above)
    play = client.get(f"/events/{event_id}/boards/1/play?ns=2&ew=1&lang=en")
    assert play.status_code == 200 and "pairs 2 v 1, 4S S -1" in _text(play.text)
    form = {"source": "event", "event": str(event_id), "board": "1", "ns_pair": "2", "ew_pair": "1",
            "contract": "4S", "declarer": "S", "table_result": "9", "play": "",
            "rf_trick": "5", "rf_offender": "E", "rf_won_by": "E", "rf_after": "1", "lang": "en"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text
    assert "IMPs against the other room: North-South +1 IMP, East-West -1 IMP" in _text(r.text)
    assert re.search(r'name="other_room_ns" value="420"', r.text)


@pytest.mark.parametrize(("lang", "note", "column"), [
    ("pl", "Drużyny: 2 mecze na tym rozdaniu", "Drugi pokój"),
    ("ru", "Команды: 2 матча на этой сдаче", "Другая комната"),
    ("el", "Ομαδικό: 2 αγώνες σε αυτή τη διανομή", "Άλλη αίθουσα"),
])
def test_the_teams_traveller_in_other_languages(client: TestClient, lang: str, note: str, column: str) -> None:
    event_id = _teams_event(client)
    text = _text(client.get(f"/events/{event_id}/boards/1/traveller?lang={lang}").text)
    assert note in text and column in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Teams: 4 matches, each board played in two rooms"),
    ("pl", "Drużyny: 4 mecze; każde rozdanie rozegrano w dwóch pokojach"),
    ("ru", "Команды: 4 матча; каждая сдача сыграна в двух комнатах"),
    ("el", "Ομάδες: 4 αγώνες, κάθε διανομή σε δύο αίθουσες"),
])
def test_the_upload_page_says_the_matches(client: TestClient, lang: str, said: str) -> None:
    data = HAND_WRITTEN.read_bytes() + f"<!-- {uuid.uuid4()} -->".encode()
    r = client.post("/upload", files={"file": ("teams.xml", data)}, data={"lang": lang, "event_date": "2026-11-28"})
    assert r.status_code == 200, r.text[:3000]
    assert said in _text(r.text)


def test_the_events_board_list_says_the_matches(client: TestClient) -> None:
    event_id = _teams_event(client)
    page = client.get(f"/events/{event_id}?lang=pl")
    assert page.status_code == 200
    text = _text(page.text)
    assert "Drużyny: 4 mecze; każde rozdanie rozegrano w dwóch pokojach" in text
    assert len(re.findall(r'<tr data-board="', page.text)) == 6
    pairs = new_event(client)
    assert post(client, pairs, sample("usebio/abftech__cobalt/mp_pairs_howell.xml"), "pairs.xml").status_code == 200
    assert 'id="teams-stored"' not in client.get(f"/events/{pairs}?lang=en").text


# --- the real files: TeamsScorer (IMPs) and EBUScoreTeams (point-a-board), no deals ------------------

def test_teamsscorer_file_uploaded_and_a_weighted_score_against_the_other_room(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, TEAMS_SCORER.read_bytes(), "multiple-teams.xml")
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["program"], out["lines"], out["matches"], out["problems"], out["added"]) == (
        "TeamsScorer 5.1.17", 240, 40, [], [])
    # board 2 (North-South vulnerable), team 1 North-South v team 3: 3S E =, -140; the other room, team 3
    # North-South: 5DX N -2, -500. Weighted half 3S E = (-140), half 4S E = (-420 at East-West's love):
    # -140 + 500 = 360 -> 8 IMPs (320-360); -420 + 500 = 80 -> 2 IMPs (50-80); half of each: 5 IMPs to team 1.
    # (Raw points weighted, -280: 220 -> 6 IMPs, would differ.)
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "2", "pairs": {"ns": "1", "ew": "3"},
        "outcomes": [{"contract": "3S", "declarer": "E", "tricks": 9, "weight": "1/2"},
                     {"contract": "4S", "declarer": "E", "tricks": 10, "weight": "1/2"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("imps", "match")
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(-140, 8), (-420, 2)] and (w["ns"], w["ew"]) == (5, -5)
    page = client.get(f"/events/{event_id}/boards/2/traveller?lang=en").text
    row = page[page.index('data-ns="1" data-ew="3"'):]
    row = row[:row.index("</tr>")]
    assert "3 v 1: 5DX N -2, NS -500" in _text(row)
    assert re.search(r'class="program-mp">\+8 / -8<', row) and re.search(r'class="advisor-mp">\+8 / -8<', row)


def test_point_a_board_file_uploaded_and_a_weighted_score_against_the_other_room(client: TestClient) -> None:
    event_id = new_event(client)
    r = post(client, event_id, POINT_A_BOARD.read_bytes(), "point-a-board-teams.xml")
    assert r.status_code == 200, r.text
    assert (r.json()["program"], r.json()["lines"], r.json()["matches"]) == ("EBUScoreTeams 1.1.3", 336, 28)
    trav = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()
    assert trav["scoring"] == "PAB" and trav["mp_units"] == 2
    # board 1 (love all), team 1 North-South v team 8: 4SX E =, -590; the other room, team 8 North-South:
    # 4C N +1, +150. Point-a-board against that one score (78A, 2 per score beaten, 1 for the same):
    # half 4SX E -2 (+300): above +150, 2; half 4SX E = (-590): below, 0; weighted 1 of 2, 50%.
    # (Against the whole traveller of board 1, 8 tables, it would be matchpointed on a top of 14.)
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "pairs": {"ns": "1", "ew": "8"},
        "outcomes": [{"contract": "4SX", "declarer": "E", "tricks": 8, "weight": "1/2"},
                     {"contract": "4SX", "declarer": "E", "tricks": 10, "weight": "1/2"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("matchpoints", "match")
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(300, 2), (-590, 0)]
    assert (w["ns"], w["top"], w["ns_percent"], w["ew_percent"]) == (1, 2, 50, 50)
    page = client.get(f"/events/{event_id}/boards/1/traveller?lang=en").text
    row = page[page.index('data-ns="1" data-ew="8"'):]
    row = row[:row.index("</tr>")]
    assert "8 v 1: 4C N +1, NS +150" in _text(row)
    assert re.search(r'class="program-mp">0 / 2<', row) and re.search(r'class="advisor-mp">0 / 2<', row)
