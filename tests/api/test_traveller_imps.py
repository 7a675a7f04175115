"""IMPs against the traveller (issue 26): a ruling or a weighted score on an event scored in IMPs
gets its scores in the event's own form, Butler or cross-IMPs at IMP pairs (the real Compscore3
files in ../shared/data/club-files) or IMPs against the other room at teams (no sample file has
teams: :data:`TEAMS_PBN` is a two-table match built by hand). Every figure is worked by hand
from the Law 78B scale (docs/scoring.md section 2) and quoted beside its assertion; weights apply
to each result's IMPs, never to raw points (12C1(c), docs/scoring.md section 4.2)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.records.results import read_results, travellers
from engine.records.results.against import traveller_form
from engine.scoring.pairs_imps import pairs_imps
from tests.api.test_events import error, new_event
from tests.api.test_results_api import CLUB, post, sample
from tests.engine.records.test_results_readers import PBN_FILES

BUTLER = "usebio/abftech__cobalt/butler_howell.xml"
CROSS = "usebio/abftech__cobalt/cross_imp_howell.xml"

TEAMS_PBN = b"""% A two-table teams match, built by hand for this test (no sample file has teams)
[Event "Hand-built teams match"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "IMP"]
[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;IMP_NS"]
 1  1  1  2 4S   S  9   -50 -10
 2  1  2  1 4S   S 10   420  10
"""
"""Table 1: team 1 North-South, team 2 East-West, 4S by South one down (-50 at love); table 2,
the other room: team 2 North-South, team 1 East-West, 4S by South made (+420). Team 1's two
scores sum to -50 - 420 = -470: -10 IMPs (78B: 430-490 is 10)."""

pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def _event(client: TestClient, data: bytes, name: str = "session") -> int:
    event_id = new_event(client)
    r = post(client, event_id, data, name)
    assert r.status_code == 200, r.text
    return event_id


# --- the form, told by the file ------------------------------------------------------------------

def test_the_form_is_told_by_the_file() -> None:
    butler = read_results(sample(BUTLER))
    line, *others = butler.traveller("2")
    assert (traveller_form(butler.scoring, line, others).form, traveller_form(butler.scoring, line, others).told_by) \
        == ("butler", "file")
    cross = read_results(sample(CROSS))
    line, *others = cross.traveller("1")
    assert traveller_form(cross.scoring, line, others).form == "cross_imps"
    # OKbridge's PBN says only IMP_NS: its own IMPs are cross-IMPs per comparison, so that is the form
    ok = read_results((PBN_FILES / "1999-OKbridge_Tournament" / "OKB_v20.pbn").read_bytes())
    line, *others = ok.traveller("1")
    found = traveller_form(ok.scoring, line, others)
    assert (ok.scoring, found.form, found.told_by) == ("IMP", "cross_imps", "program_imps")
    teams = read_results(TEAMS_PBN)
    line, room = teams.traveller("1")
    found = traveller_form(teams.scoring, line, [room])
    assert (found.form, found.told_by, found.other_room) == ("teams", "match", room)
    mp = read_results(sample("usebio/abftech__cobalt/mp_pairs_howell.xml"))
    line, *others = mp.traveller("1")
    assert traveller_form(mp.scoring, line, others).form == "matchpoints"


@pytest.mark.parametrize("rel", [BUTLER, CROSS])
def test_each_table_result_scored_against_its_traveller_gets_the_programs_imps(rel: str) -> None:
    """The check that the forms are right: every line's own score, put back in its table's place
    and scored against the rest, gets the program's NS_BUTLER_POINTS / NS_CROSS_IMP_POINTS (to the
    hundredth the file prints)."""
    r = read_results(sample(rel))
    checked = 0
    for lines in travellers(r.lines).values():
        for ln in lines:
            others = [o.ns_score for o in lines if o is not ln and o.ns_score is not None]
            form = traveller_form(r.scoring, ln, [o for o in lines if o is not ln]).form
            assert ln.ns_score is not None and ln.ns_imps is not None
            assert abs(float(pairs_imps(ln.ns_score, others, form)) - ln.ns_imps) <= 0.005 + 1e-9, ln
            checked += 1
    assert checked == {BUTLER: 140, CROSS: 108}[rel]


# --- /v1/scores/weighted from the traveller ---------------------------------------------------------

def test_weighted_butler_against_the_traveller(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    # board 2 (North-South vulnerable), pairs 2 v 7: 5C by East, 10 tricks, NS +50; the rest -460, -490, -430.
    # Half 5C E -1 (+50), half 5C E = (-400 at love for East-West).
    # +50: the traveller 50 -460 -490 -430, top and bottom dropped, mean(-460, -430) = -445 -> datum -450;
    #      50 + 450 = 500 -> 11 IMPs (the file's own NS_BUTLER_POINTS for the line).
    # -400: -400 -460 -490 -430, -400 and -490 dropped, the same datum -450; -400 + 450 = 50 -> 2 IMPs.
    # Weighted: 11/2 + 2/2 = 6.5 IMPs to North-South, -6.5 to East-West. (Raw points weighted would be
    # -175 against -450: 275 -> 7 IMPs.)
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "2", "pairs": {"ns": "2", "ew": "7"},
        "outcomes": [{"contract": "5C", "declarer": "E", "tricks": 10, "weight": "1/2"},
                     {"contract": "5C", "declarer": "E", "tricks": 11, "weight": "1/2"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("butler", "file")
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(50, 11), (-400, 2)]
    assert (w["ns"], w["ew"], w["top"], w["ns_percent"]) == (6.5, -6.5, None, None)


def test_weighted_cross_imps_against_the_traveller(client: TestClient) -> None:
    event_id = _event(client, sample(CROSS))
    # board 1 (love all), pairs 6 v 5: 6C by East, 11 tricks, NS +50; the rest -140, -460, -490.
    # +50: 190 -> 5, 510 -> 11, 540 -> 11: 27 / 3 comparisons = 9.0 (the file's NS_CROSS_IMP_POINTS).
    # -920 (6C E =): -780 -> -13, -460 -> -10, -430 -> -10: -33 / 3 = -11.0.
    # Weighted: 9/2 - 11/2 = -1.0 (raw points, -435: -295 -> -7, 25 -> 1, 55 -> 2: -4/3, would differ).
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "pairs": {"ns": "6", "ew": "5"},
        "outcomes": [{"score_ns": 50, "weight": "50%"}, {"score_ns": -920, "weight": "50%"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("cross_imps", "file")
    assert [o["ns"] for o in w["outcomes"]] == [9, -11] and (w["ns"], w["ew"]) == (-1, 1)


def test_weighted_teams_against_the_other_room(client: TestClient) -> None:
    event_id = _event(client, TEAMS_PBN, "match.pbn")
    # docs/scoring.md section 4.2, the teams example: the other room +420; 40% of 4S S = (+420) and 60% of
    # 4S S -1 (-50): 0 and -470 -> -10 IMPs; 0.4 x 0 + 0.6 x -10 = -6.0 IMPs (not -7 by raw points).
    r = client.post("/v1/scores/weighted", json={
        "event": event_id, "board": "1", "table": 1,
        "outcomes": [{"contract": "4S", "declarer": "S", "tricks": 10, "weight": "40%"},
                     {"contract": "4S", "declarer": "S", "tricks": 9, "weight": "60%"}]})
    assert r.status_code == 200, r.text
    w = r.json()
    assert (w["form"], w["form_told_by"]) == ("imps", "match")
    assert [o["ns"] for o in w["outcomes"]] == [0, -10] and (w["ns"], w["ew"]) == (-6, 6)
    # the request's own form wins, and says so: matchpoints against the one other score
    r = client.post("/v1/scores/weighted", json={"event": event_id, "board": "1", "table": 1, "form": "matchpoints",
                                                 "outcomes": [{"score_ns": 450}]})
    assert r.status_code == 200 and (r.json()["form_told_by"], r.json()["ns"]) == ("request", 2)


def test_teams_with_no_other_room_is_a_clear_error(client: TestClient) -> None:
    one_room = TEAMS_PBN.replace(b" 2  1  2  1 4S   S 10   420  10\n", b"")
    event_id = _event(client, one_room, "half.pbn")
    r = client.post("/v1/scores/weighted", json={"event": event_id, "board": "1", "table": 1, "form": "imps",
                                                 "outcomes": [{"score_ns": 450}]})
    assert r.status_code == 422, r.text
    problem = r.json()["detail"][0]
    assert problem["loc"] == ["body", "table"] and "no table score in the other room" in problem["msg"]


# --- rulings --------------------------------------------------------------------------------------------

def _revoke(client: TestClient, event_id: int, board: str, **body: Any) -> dict[str, Any]:
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": board, **body})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_revoke_on_a_butler_traveller_is_scored_in_butler_imps(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    # board 2, pairs 2 v 7, 5C E 10 tricks: North revokes at trick 5 and wins it, North-South win no later
    # trick: 64A1 transfers the revoke trick: 11 tricks, 5C E =, NS -400 -> 2 IMPs against the datum -450
    # (worked above); East-West +2.
    out = _revoke(client, event_id, "2", pairs={"ns": "2", "ew": "7"},
                  revoke_facts={"trick": 5, "offender": "N", "revoke_trick_won_by": "N",
                                "offending_side_tricks_after": 0})
    came = out["from_traveller"]
    assert (came["form"], came["form_told_by"], sorted(came["field"])) == ("butler", "file", [-490, -460, -430])
    assert out["declarer_tricks"]["after_adjustment"] == 11 and out["scores"]["suggested"] == -400
    w = out["scores"]["weighted"]
    assert (w["form"], w["ns"], w["ew"], w["top"]) == ("butler", 2, -2, None)
    assert out["for_scorer"]["weighted"] is None and out["for_scorer"]["assigned"]["score_ns"] == -400


def test_a_revoke_on_a_cross_imp_traveller_is_scored_in_cross_imps(client: TestClient) -> None:
    event_id = _event(client, sample(CROSS))
    # board 1, pairs 6 v 5, 6C E 11 tricks: South revokes at trick 3 and wins it, no later trick: 12 tricks,
    # 6C E =, NS -920 -> -11.0 cross-IMPs per comparison (worked above).
    out = _revoke(client, event_id, "1", pairs={"ns": "6", "ew": "5"},
                  revoke_facts={"trick": 3, "offender": "S", "revoke_trick_won_by": "S",
                                "offending_side_tricks_after": 0})
    assert out["scores"]["suggested"] == -920
    w = out["scores"]["weighted"]
    assert (w["form"], w["ns"], w["ew"]) == ("cross_imps", -11, 11)


def test_a_revoke_at_teams_is_scored_against_the_other_room(client: TestClient) -> None:
    event_id = _event(client, TEAMS_PBN, "match.pbn")
    # table 1, 4S S 9 tricks: East revokes at trick 5 and wins it, East-West win a later trick: 64A1
    # transfers two tricks: 11 tricks, 4S S +1, NS +450; against +420 in the other room: 30 -> 1 IMP.
    out = _revoke(client, event_id, "1", table=1,
                  revoke_facts={"trick": 5, "offender": "E", "revoke_trick_won_by": "E",
                                "offending_side_tricks_after": 1})
    came = out["from_traveller"]
    assert (came["form"], came["form_told_by"], came["other_room_ns"], came["field"]) == ("teams", "match", 420, [])
    assert out["scores"]["table"] == -50 and out["scores"]["suggested"] == 450
    w = out["scores"]["weighted"]
    assert (w["form"], w["ns"], w["ew"]) == ("imps", 1, -1)


# --- the incorrect-cards ruling on a traveller line -------------------------------------------------------

MP_HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"
BOARD_1_AS_FOUND = {"N": "98.9762.AJT32.54", "E": "J5432.T8.K865.J2", "S": "Q76.AKQJ54.Q4.Q6",
                    "W": "AKT.93.97.AKT9873"}
"""Board 1 of mp_pairs_howell.xml (its HANDSET) as found after play, West holding a second H9 from
another pack (14 cards; North holds the board's own H9)."""


def test_incorrect_cards_from_the_traveller_line_scored_against_the_field(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    # pairs 5 v 2: `4H S -2`, 8 tricks, NS -100 at love; a surplus card found after play, played to a quitted
    # trick (13C): the table result stands unless the director takes his option. -100 against the rest,
    # -400 -50 -100 -100 -100: beats -400 (2), ties three -100 (3 x 1), loses to -50: 5 of the top 10 (78A).
    r = client.post("/v1/rulings/incorrect-cards", json={
        "event": event_id, "board": "1", "pairs": {"ns": "5", "ew": "2"}, "hands": BOARD_1_AS_FOUND,
        "discovered": "after_play", "surplus_played_to_quitted_trick": True})
    assert r.status_code == 200, r.text
    out = r.json()
    came = out["from_traveller"]
    assert came["filled"] == ["contract", "declarer", "table_tricks", "scoring"]
    assert (came["result"], came["form"], sorted(came["field"])) == ("4H S -2", "matchpoints",
                                                                        [-400, -100, -100, -100, -50])
    assert [s["card"] for s in out["irregularity"]["surplus"]] == ["H9"]
    assert (out["table_score_ns"], out["score_law"], out["scores"]["suggested"]) == (-100, "13C", -100)
    # the director's option (13C) is weighed between the table result and the double-dummy result of the
    # corrected deal, 4S by East made (NS -420 at love), evenly: -100 gets 5 of 10 (above); -420 is below
    # every other score, 0; weighted 5/2 + 0/2 = 2.5 of 10, 25% to North-South, 75% to East-West.
    w = out["scores"]["weighted"]
    assert [(o["score_ns"], o["weight"], o["ns"]) for o in w["outcomes"]] == [(-100, "1/2", 5), (-420, "1/2", 0)]
    assert (w["ns"], w["top"], w["ns_percent"], w["ew_percent"]) == (2.5, 10, 25, 75), w


def test_incorrect_cards_event_errors_name_the_field(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    base = {"hands": BOARD_1_AS_FOUND, "discovered": "after_play"}
    r = client.post("/v1/rulings/incorrect-cards", json={**base, "table": 3})
    error(r, 422, ["body"], "give `event` and `board`")
    r = client.post("/v1/rulings/incorrect-cards", json={**base, "event": event_id, "board": "99"})
    error(r, 422, ["body", "board"], "board 99 is not stored in event")
    r = client.post("/v1/rulings/incorrect-cards", json={**base, "event": event_id, "board": "26",
                                                        "pairs": {"ns": "5", "ew": "10"}})
    assert "A5050" in error(r, 422, ["body", "pairs"], "holds no contract (A5050)")


BOARD_1_MOVED = {"N": "98.9762.AJT32.542", "E": "J5432.T8.K865.J", "S": "Q76.AKQJ54.Q4.Q6", "W": "AKT.3.97.AKT9873"}
"""Board 1 as found after play, East's C2 in North's hand (North 14 cards, East 12)."""


def _value(page: str, name: str) -> str:
    m = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page)
    return m.group(1) if m else ""


def test_the_cards_page_prefilled_from_the_traveller_and_scored_against_the_field(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    trav = client.get(f"/events/{event_id}/boards/1/traveller?lang=en").text
    assert f'href="/events/{event_id}/boards/1/cards?ns=5&amp;ew=2&amp;lang=en"' in trav  # the line's "Cards" link
    page = client.get(f"/events/{event_id}/boards/1/cards?ns=5&ew=2&lang=en")
    assert page.status_code == 200, page.text
    text = page.text
    assert "From the traveller: pairs 5 v 2, 4H S -2." in html.unescape(text)  # no table number: none said
    cards = text[text.index('id="form-cards"'):]
    assert (_value(cards, "contract"), _value(cards, "table_tricks"), _value(cards, "event"),
            _value(cards, "ns_pair")) == ("4H", "8", str(event_id), "5")
    assert re.search(r'id="c-declarer".*?<option value="S"\s+selected', cards, re.S)
    form = {"event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2", "contract": "4H",
            "declarer": "S", "table_tricks": "8", "discovered": "after_play", "lang": "en",
            "hand_record": "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873",
            **{f"hand_{s}": h for s, h in BOARD_1_MOVED.items()}}
    r = client.post("/incorrect-cards", data=form)
    assert r.status_code == 200, r.text
    out = html.unescape(re.sub(r"<[^>]+>", " ", r.text))
    # East's C2 found in North's hand after play: the table result is cancelled; the plausible results are the
    # contract played double dummy on the corrected deal (4H S -2, NS -100) and par (4S E =, NS -420), evenly:
    # against -400 -50 -100 -100 -100, -100 gets 5 of 10 and -420 gets 0 (as worked above), 2.5 of 10: 25%.
    box = " ".join(out.split())
    box = box[box.index("Ruling sheet"):][:1500]
    assert "Weighted score (12C1(c)): North-South 25.00%, East-West 75.00%" in box, box
    assert "4H S -2 (NS -100): weight 1/2, 5 MP to North-South" in box
    assert "For the scorer:" in box and "type North-South 25.00% and East-West 75.00%" in box
    # a line that is not on the traveller is said by the page, in the director's words
    r = client.get(f"/events/{event_id}/boards/1/cards?ns=5&ew=3&lang=en")
    assert r.status_code == 404 and "the traveller has no line for pairs 5 v 3" in html.unescape(r.text)


def test_a_decided_case_on_a_butler_traveller_gets_no_matchpoints_for_the_scorer(client: TestClient) -> None:
    """A weighted score decided on a Butler event: the scorer types its IMPs (the ruling's scores), so the
    for-the-scorer block gives the parts and weights without matchpoints against the field (it gave
    matchpoints, which a Butler event does not score, before)."""
    event_id = _event(client, sample(BUTLER))
    r = client.post("/v1/cases", json={"event": event_id, "board": "2", "round": "1", "table": "",
                                       "pairs": {"ns": {"number": "2"}, "ew": {"number": "7"}},
                                       "director": "Jan Kowalski", "contract": "5C", "declarer": "E",
                                       "table_result": 10, "revoke_facts": {"trick": 5, "offender": "N",
                                                                            "revoke_trick_won_by": "N",
                                                                            "offending_side_tricks_after": 0}})
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    r = client.post(f"/v1/cases/{case_id}/decision", json={
        "score_ns": -175, "result": "weighted", "law": "12C1(c)", "reason": "half the time 5C makes",
        "weighted": [{"result": "5C E -1", "score_ns": 50, "percent": 50},
                     {"result": "5C E =", "score_ns": -400, "percent": 50}]})
    assert r.status_code == 200, r.text
    block = client.get(f"/v1/cases/{case_id}").json()["for_scorer"]["weighted"]
    assert [(c["weight"], c["score_ns"], c["ns_mp"]) for c in block["components"]] == [("1/2", 50, None),
                                                                                     ("1/2", -400, None)]
    assert block["ns_percent"] is None


def butler_revoke_form(event_id: int) -> dict[str, str]:
    """The revoke page's form for butler_howell.xml board 2, pairs 2 v 7 (5C by East, 10 tricks):
    North revoked at trick 5, won it, and North-South won no later trick."""
    return {"source": "event", "event": str(event_id), "board": "2", "ns_pair": "2", "ew_pair": "7",
            "contract": "5C", "declarer": "E", "table_result": "10", "play": "",
            "rf_trick": "5", "rf_offender": "N", "rf_won_by": "N", "rf_after": "0", "lang": "en"}


def test_the_ruling_page_scores_a_butler_table_in_butler_imps(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    # board 2, pairs 2 v 7 (5C E -1, NS +50): North revoked at trick 5, won it, no later trick: 11 tricks, 5C E =,
    # NS -400: 2 IMPs against the datum -450 (worked above); the page's scoring box is filled as Butler
    r = client.post("/ruling", data=butler_revoke_form(event_id))
    assert r.status_code == 200, r.text
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", r.text)).split())
    assert "IMPs against the datum (Butler): North-South +2 IMP, East-West -2 IMP" in page, page[:3000]
    assert re.search(r'<option value="butler"\s+selected', r.text)


def test_the_ruling_page_scores_a_teams_table_against_the_other_room(client: TestClient) -> None:
    event_id = _event(client, TEAMS_PBN, "match.pbn")
    # table 1, 4S S 9 tricks: East revoked at trick 5, won it, East-West won a later trick: 11 tricks, +450;
    # against +420 in the other room: 30 -> 1 IMP (worked above)
    form = {"source": "event", "event": str(event_id), "board": "1", "table": "1",
            "contract": "4S", "declarer": "S", "table_result": "9", "play": "",
            "rf_trick": "5", "rf_offender": "E", "rf_won_by": "E", "rf_after": "1", "lang": "en"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", r.text)).split())
    assert "IMPs against the other room: North-South +1 IMP, East-West -1 IMP" in page, page[:3000]
    assert re.search(r'name="other_room_ns" value="420"', r.text)


def test_incorrect_cards_on_a_butler_traveller_for_the_scorer_in_imps(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    # board 2 (its HANDSET), pairs 2 v 7 (5C E -1, NS +50), found after play with East's C2 in North's hand
    hands = {"N": "K763.QJ2.K863.752", "E": "AJ54.AT96.AQT.9", "S": "QT982.K73.42.T43", "W": ".854.J975.AKQJ86"}
    r = client.post("/v1/rulings/incorrect-cards", json={
        "event": event_id, "board": "2", "pairs": {"ns": "2", "ew": "7"}, "hands": hands, "discovered": "after_play"})
    assert r.status_code == 200, r.text
    out = r.json()
    # the plausible results on the corrected deal, evenly: 5C E +1 (NS -420) and 6C E = (NS -920), East-West
    # not vulnerable. Butler against the rest, -460 -490 -430 (the datum with the result in the table's place):
    # -420: -490 and -420 dropped, mean(-460, -430) = -445 -> -450; -420 + 450 = 30 -> +1 IMP.
    # -920: -920 and -430 dropped, mean(-490, -460) = -475 -> -480; -920 + 480 = -440 -> -10 IMPs.
    # Weighted: 1/2 x 1 + 1/2 x -10 = -4.5 IMPs to North-South, +4.5 to East-West: what the scorer types.
    w = out["scores"]["weighted"]
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(-420, 1), (-920, -10)]
    assert (w["form"], w["ns"], w["ew"]) == ("butler", -4.5, 4.5)
    block = out["for_scorer"]["weighted"]
    assert [(c["weight"], c["score_ns"], c["ns_mp"], c["ns_imps"]) for c in block["components"]] == [
        ("1/2", -420, None, 1), ("1/2", -920, None, -10)]
    assert (block["form"], block["ns_imps"], block["ew_imps"], block["ns_percent"]) == ("butler", -4.5, 4.5, None)
    # the same on the page's sheet: the scores against the traveller and the IMPs the scorer types
    form = {"event": str(event_id), "board": "2", "ns_pair": "2", "ew_pair": "7", "contract": "5C", "declarer": "E",
            "table_tricks": "10", "discovered": "after_play", "lang": "en", "dealer": "E", "vulnerable": "NS",
            "hand_record": "N:K763.QJ2.K863.75 AJ54.AT96.AQT.92 QT982.K73.42.T43 .854.J975.AKQJ86",
            **{f"hand_{s}": h for s, h in hands.items()}}
    r = client.post("/incorrect-cards", data=form)
    assert r.status_code == 200, r.text
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", r.text)).split())
    assert "Weighted score (12C1(c)): North-South -4.50 IMP, East-West +4.50 IMP" in page
    assert "type North-South -4.50 IMP and East-West +4.50 IMP on this board" in page
    assert "1/2 × 6C E = (NS -920): -10 IMP for North-South against the traveller" in page, page[:4000]
