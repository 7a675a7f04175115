""""For the scorer": the score given back to the scoring program (engine.scoring.scorer,
app.api.scorer, app.api.adjusted), worked by hand: the forms from ../shared/docs/club-formats.md
("Write-back": Bridgemate's remark list, USEBIO's ``A6040``, JFR's ``ARB``), the matchpoints by
Law 78A on board 1 of Compscore3's USEBIO file (mp_pairs_howell.xml: North-South's scores
-400, -100, -50, -100, -100, -100; pairs 5 v 2 played 4H by South two down, -100)."""

from __future__ import annotations

import csv
import html
import io
from fractions import Fraction
from typing import Any

import defusedxml.ElementTree as SafeET
import pytest
from fastapi.testclient import TestClient

from app.api.scorer import WeightedEntryOut, split_of, weighted_at_imps
from app.api.travellers import TableOnTraveller
from engine.casefile.events import StoredTraveller
from engine.model.seats import Seat
from engine.records.results import TravellerLine
from engine.scoring.scorer import artificial_entry, assigned_entry, weighted_entry
from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, REVOKE_5V2, post, sample
from tests.helpers import decided_case

HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"
FIELD_5V2 = [-400, -50, -100, -100, -100]  # board 1, every line but pairs 5 v 2


def test_artificial_scores_in_each_programs_form() -> None:
    a = artificial_entry(60, 40)
    assert (a.bridgemate, a.usebio, a.jfr) == ("60%-40%", "A6040", "ARB")
    a = artificial_entry(50, 40)  # both partly/directly at fault: Bridgemate lists all nine 40/50/60 pairs
    assert (a.bridgemate, a.usebio) == ("50%-40%", "A5040")
    a = artificial_entry(63.5, 40)  # 12C2(c): the session's 63.5% is not in Bridgemate's fixed list
    assert (a.bridgemate, a.usebio) == ("Arbitral score", None)
    with pytest.raises(ValueError):
        artificial_entry(120, 40)


def test_an_assigned_score_as_the_scorer_enters_it() -> None:
    a = assigned_entry("4H S -1", -50)
    assert a is not None and (a.contract, a.declarer, a.tricks, a.score_ns) == ("4H", Seat.SOUTH, 9, -50)
    a = assigned_entry("3NTX W +1", -750)  # 3NT doubled by West, ten tricks
    assert a is not None and (a.contract, a.tricks) == ("3NTX", 10)
    assert assigned_entry("60% / 40%", 0) is None and assigned_entry("4H S -1", -50.5) is None


def test_a_weighted_score_with_each_components_matchpoints_against_the_field() -> None:
    # Half 4H S = (+420), half 4H S -1 (-50) against -400, -50, -100, -100, -100 (2 a score beaten):
    # +420 beats all five: 10 of 10; -50 beats four and ties one: 8 + 1 = 9; weighted 9.5, 95% / 5%
    w = weighted_entry([("4H S =", 420, Fraction(1, 2)), ("4H S -1", -50, Fraction(1, 2))], FIELD_5V2)
    assert [(c.ns_mp, c.ew_mp) for c in w.components] == [(10, 0), (9, 1)]
    assert (w.top, w.ns_mp, w.ew_mp, w.ns_percent, w.ew_percent) == (10, 9.5, 0.5, 95, 5)
    # 70% of -50 (9 MP) and 30% of -400 (beats none, ties the field's one -400: 1 MP):
    # 0.7 x 9 + 0.3 x 1 = 6.6 of 10
    w = weighted_entry([("4H S -1", -50, Fraction(7, 10)), ("5C W =", -400, Fraction(3, 10))], FIELD_5V2)
    assert [c.ns_mp for c in w.components] == [9, 1] and w.ns_mp == pytest.approx(6.6)
    assert weighted_entry([("a", 1, Fraction(1))], None).top is None


needs_files = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def _event(client: TestClient) -> int:
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    return event_id


@needs_files
def test_the_revoke_ruling_gives_the_assigned_score_to_enter(client: TestClient) -> None:
    event_id = _event(client)
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "1", "pairs": {"ns": "5", "ew": "2"},
                                                "revoke_facts": REVOKE_5V2})
    assert r.status_code == 200, r.text
    # 64A1: two tricks to declarer, 8 + 2 = 10: 4H S = , +420 at love (board 1)
    assert r.json()["for_scorer"] == {"assigned": {"contract": "4H", "declarer": "S", "tricks": 10,
                                                   "result": "4H S =", "score_ns": 420},
                                      "artificial": None, "weighted": None, "split": None, "kept": None, "field": None}


def _case(client: TestClient, event_id: int, decision: dict[str, Any]) -> int:
    body = {"event": event_id, "board": "1", "round": "3", "table": "", "duplicate": True,  # several, meant
            "pairs": {"ns": {"number": "5"}, "ew": {"number": "2"}}, "director": "Jan Kowalski",
            "contract": "4H", "declarer": "S", "table_result": 8, "revoke_facts": REVOKE_5V2}
    return decided_case(client, body, decision)


WEIGHTED = {"score_ns": 185, "result": "weighted", "law": "12C1(c)", "reason": "half the time 4H makes",
            "weighted": [{"result": "4H S =", "score_ns": 420, "percent": 50},
                         {"result": "4H S -1", "score_ns": -50, "percent": 50}]}


@needs_files
def test_a_decided_case_for_the_scorer_and_the_events_adjusted_results(client: TestClient) -> None:
    event_id = _event(client)
    weighted = _case(client, event_id, WEIGHTED)
    r = client.get(f"/v1/cases/{weighted}")
    block = r.json()["for_scorer"]
    # against the rest of board 1's traveller (pairs 5 v 2 left out): 10 and 9 MP, 95% / 5% (above)
    assert [(c["weight"], c["ns_mp"]) for c in block["weighted"]["components"]] == [("1/2", 10), ("1/2", 9)]
    assert (block["weighted"]["ns_percent"], block["weighted"]["ew_percent"]) == (95, 5)
    art = _case(client, event_id, {"score_ns": None, "result": "60% / 40%", "law": "12C2",
                                   "reason": "no result could be obtained",
                                   "artificial": {"NS": "60%", "EW": "40%"}})
    assert client.get(f"/v1/cases/{art}").json()["for_scorer"]["artificial"] == {
        "ns_percent": 60, "ew_percent": 40, "bridgemate": "60%-40%", "usebio": "A6040", "jfr": "ARB"}
    assigned = _case(client, event_id, {"score_ns": 420, "result": "4H S =", "law": "64A1"})
    rows = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/adjusted.csv").text)))
    by_case = {int(x["case"]): x for x in rows}
    assert (by_case[assigned]["kind"], by_case[assigned]["contract"], by_case[assigned]["declarer"],
            by_case[assigned]["tricks"], by_case[assigned]["score_ns"]) == ("assigned", "4H", "S", "10", "420")
    assert (by_case[art]["bridgemate"], by_case[art]["usebio"], by_case[art]["jfr"]) == ("60%-40%", "A6040", "ARB")
    assert (by_case[weighted]["ns_percent"], by_case[weighted]["ew_percent"]) == ("95.00", "5.00")
    xml = client.get(f"/v1/events/{event_id}/adjusted.xml")
    assert xml.status_code == 200 and xml.headers["content-type"].startswith("application/xml")
    root = SafeET.fromstring(xml.content)
    lines = root.findall("EVENT/BOARD/TRAVELLER_LINE")
    assert root.findtext("EVENT/BOARD/BOARD_NUMBER") == "1" and len(lines) == 3
    texts = [{e.tag: e.text for e in ln if isinstance(e.tag, str)} for ln in lines]
    assert {"NS_PAIR_NUMBER": "5", "EW_PAIR_NUMBER": "2", "CONTRACT": "4H", "PLAYED_BY": "S", "TRICKS": "10",
            "SCORE": "420"} in texts
    assert {"NS_PAIR_NUMBER": "5", "EW_PAIR_NUMBER": "2", "SCORE": "A6040"} in texts
    assert {"NS_PAIR_NUMBER": "5", "EW_PAIR_NUMBER": "2", "SCORE": "W420@50/-50@50", "NS_MATCH_POINTS": "9.5",
            "EW_MATCH_POINTS": "0.5"} in texts
    log = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/rulings.csv").text)))
    assert {x["for_scorer"] for x in log} == {
        "weighted: NS 95.00%, EW 5.00% (1/2 4H S = +420 10 MP; 1/2 4H S -1 -50 9 MP)",
        "artificial: Bridgemate 60%-40%, USEBIO A6040, JFR ARB 60/40", "enter 4H S 10 tricks (NS +420)"}
    assert client.get("/v1/events/999999/adjusted.csv").status_code == 404
    page = html.unescape(client.get(f"/cases/{weighted}").text)
    assert "type North-South 95.00% and East-West 5.00% on this board" in page
    assert "1/2 × 4H S = (NS +420): 10 MP for North-South against the field" in page
    page = html.unescape(client.get(f"/cases/{art}?lang=pl").text)
    assert 'uwaga Bridgemate "60%-40%", zapis USEBIO A6040, kontrakt w JFR Pary ARB' in page


@needs_files
def test_the_export_uploaded_back_changes_only_its_own_line(client: TestClient) -> None:
    # Issue 36: the adjusted.xml fragment uploaded back into its own event replaced board 1's whole
    # traveller (6 lines became 1). Now only pairs 5 v 2's line changes: 4H S -2 (-100) becomes the
    # assigned 4H S = (+420); the other five lines stay as the program wrote them.
    event_id = _event(client)
    before = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()
    _case(client, event_id, {"score_ns": 420, "result": "4H S =", "law": "64A1"})
    xml = client.get(f"/v1/events/{event_id}/adjusted.xml").content
    r = client.post(f"/v1/events/{event_id}/results", files={"file": ("adjusted.xml", xml, "application/xml")})
    assert r.status_code == 200, r.text
    after = client.get(f"/v1/events/{event_id}/boards/1/traveller").json()
    old, new = before["lines"], after["lines"]
    assert len(new) == len(old) == 6
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    assert len(changed) == 1
    was, now = changed[0]
    assert (was["ns_pair"], was["ew_pair"], was["ns_score"]) == ("5", "2", -100)
    assert (now["ns_pair"], now["ew_pair"], now["contract"], now["tricks"], now["ns_score"]) == ("5", "2", "4H", 10, 420)


def test_a_weighted_and_a_split_score_at_teams_are_imped_against_the_other_room() -> None:
    # Issue 36: a weighted case on a teams traveller exports its IMPs. Table 1 (team 1 North-South v
    # team 2), its other room team 2 North-South v team 1 with North-South +420 there. Half +420: 420 -
    # 420 = 0, 0 IMPs; half -50: -470, -10 IMPs; weighted -5 for team 1's North-South, East-West +5.
    # Split: North-South on -50 (-10 IMPs), East-West on their own -420 (North-South +420: 0 IMPs).
    here = TravellerLine(board="1", ns_pair="1", ew_pair="2", ns_score=-100)
    other = TravellerLine(board="1", ns_pair="2", ew_pair="1", ns_score=420)
    named = TableOnTraveller(here, (other,), StoredTraveller(1, "usebio", "TeamsScorer", "IMP", 0, (here, other)))
    block = WeightedEntryOut.of(weighted_entry([("4H S =", 420, Fraction(1, 2)), ("4H S -1", -50, Fraction(1, 2))],
                                               None))
    w = weighted_at_imps(block, named)
    assert (w.form, [c.ns_imps for c in w.components], w.ns_imps, w.ew_imps) == ("imps", [0, -10], -5, 5)
    s = split_of("4H S -1 / 4H S =", -50, -420, None, named)
    assert (s.form, s.ns_imps, s.ew_imps, s.ns_mp, s.code) == ("imps", -10, 0, None, "S-50/-420")
