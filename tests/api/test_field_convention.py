"""An adjusted score on the field as it now stands, through the API (issue 36): the decided cases of
an uploaded event on the same board are in place when a case's "for the scorer" block is scored,
and the event's field convention is told by the file and the program or set by the director
(``/v1/events/{id}/field``).

Board 1 of Compscore3's mp_pairs_howell.xml (../shared/data/club-files), six tables, top 10:
3 v 11 5C W = -400, 5 v 2 4H S -2 -100, 6 v 10 3H S -1 -50, 8 v 4 4H S -2 -100, 9 v 7 4H S -2
-100, 12 v 1 4H S -2 -100. Every figure is worked by hand beside its assertion (Law 78A, 2 per
score beaten; Neuberg ``(MP + 1) x N/n - 1``)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.api.schemas.scores import WeightedRequest
from app.api.scorer import ForScorerOut, WeightedEntryOut, with_imps
from app.api.scores import rule_weighted
from engine.scoring.scorer import weighted_entry
from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, REVOKE_5V2, post, sample
from tests.helpers import decided_case

HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")

WEIGHTED_5V2 = {"score_ns": 185, "result": "weighted", "law": "12C1(c)", "reason": "half the time 4H makes",
                "weighted": [{"result": "4H S =", "score_ns": 420, "percent": 50},
                             {"result": "4H S -1", "score_ns": -50, "percent": 50}]}


def _case(client: TestClient, event_id: int, ns: str, ew: str, decision: dict[str, Any]) -> int:
    """A revoke case on board 1 between ``ns`` and ``ew`` (4H S, 8 tricks at the table, East's revoke
    at trick 5: the ruling is the case's evidence) with the director's ``decision``."""
    body = {"event": event_id, "board": "1", "round": ns, "table": "",  # a round each: not a duplicate
            "pairs": {"ns": {"number": ns}, "ew": {"number": ew}}, "director": "Jan Kowalski",
            "contract": "4H", "declarer": "S", "table_result": 8, "revoke_facts": REVOKE_5V2}
    return decided_case(client, body, decision)


def _scorer(client: TestClient, case_id: int) -> dict[str, Any]:
    r = client.get(f"/v1/cases/{case_id}")
    assert r.status_code == 200, r.text
    block: dict[str, Any] = r.json()["for_scorer"]
    return block


def test_a_weighted_score_is_scored_with_the_boards_other_decided_cases_in_place(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    weighted = _case(client, event_id, "5", "2", WEIGHTED_5V2)
    # alone: against -400 -50 -100 -100 -100, +420 beats all five (10), -50 beats four and ties one (9): 9.5, 95%
    block = _scorer(client, weighted)
    assert (block["weighted"]["ns_mp"], block["weighted"]["ns_percent"], block["weighted"]["top"]) == (9.5, 95, 10)
    assert block["field"]["adjusted"] == 0 and block["field"]["results"] == 6
    # the 8 v 4 table's case decided: 4H S -1, -50 (the revoke's trick restored to declarer)
    assigned = _case(client, event_id, "8", "4", {"score_ns": -50, "result": "4H S -1", "law": "64A2",
                                                  "reason": "one trick only: the revoke trick was won by East"})
    # now 5 v 2's field is -400 -50 -50 -100 -100: +420 still 10; -50 beats -400 and two -100 (6) and ties
    # two -50 (2): 8; 1/2 x 10 + 1/2 x 8 = 9 of 10: 90% / 10%
    block = _scorer(client, weighted)
    assert [c["ns_mp"] for c in block["weighted"]["components"]] == [10, 8]
    assert (block["weighted"]["ns_mp"], block["weighted"]["ew_mp"]) == (9, 1)
    assert (block["weighted"]["ns_percent"], block["weighted"]["ew_percent"]) == (90, 10)
    assert block["field"]["adjusted"] == 1
    # 8 v 4's assigned -50 against -400, 5 v 2's weighted (1/2 +420, 1/2 -50), -50, -100, -100:
    # beats -400 (2), 1/2 x 0 + 1/2 x 1 against the weighted table (0.5), ties -50 (1), beats two -100 (4): 7.5
    block = _scorer(client, assigned)
    assert block["assigned"]["score_ns"] == -50
    assert (block["field"]["ns"], block["field"]["top"], block["field"]["ns_percent"]) == (7.5, 10, 75)
    # a third case, 9 v 7, decided artificial (60% / 40%): taken out, the rest factored to the six tables.
    # 5 v 2 against -400 -50 -50 -100 (4 others, 5 results): +420 8 of 8 -> (8 + 1) x 6/5 - 1 = 9.8;
    # -50 beats -400, -100 (4), ties two (2): 6 -> (6 + 1) x 6/5 - 1 = 7.4; weighted 8.6 of 10, 86%
    _case(client, event_id, "9", "7", {"score_ns": None, "result": "60% / 40%", "law": "12C2",
                                       "reason": "no result could be obtained", "artificial": {"NS": "60%",
                                                                                               "EW": "40%"}})
    block = _scorer(client, weighted)
    assert [c["ns_mp"] for c in block["weighted"]["components"]] == [pytest.approx(9.8), pytest.approx(7.4)]
    assert block["weighted"]["ns_mp"] == pytest.approx(8.6) and block["weighted"]["ns_percent"] == pytest.approx(86)
    assert (block["field"]["scored"], block["field"]["results"], block["field"]["taken_out"]) == (5, 6, 1)
    assert block["field"]["convention"].startswith("matchpointed, factored to 6 results (Neuberg) (Compscore3)")
    # the event's adjusted export gives the same figure (the event's cases, each with the others in place)
    csv_text = client.get(f"/v1/events/{event_id}/adjusted.csv").text
    assert "86.00" in csv_text


def test_the_events_field_convention_is_told_by_the_file_and_set_by_the_director(client: TestClient) -> None:
    event_id = new_event(client)
    r = client.get(f"/v1/events/{event_id}/field")
    assert r.status_code == 200, r.text
    assert r.json()["assumed"] == ["form", "sections", "factoring", "artificial"]  # no file yet: Law 78A assumed
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    out = client.get(f"/v1/events/{event_id}/field").json()
    assert (out["form"], out["told_by"]["form"], out["program"], out["setting"]) == ("matchpoints", "file",
                                                                                     "Compscore3", {})
    # the director sets factoring to the movement's 6 and sections across
    r = client.post(f"/v1/events/{event_id}/field", json={"factoring": "fixed", "factor_to": 6, "sections": "across"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["factoring"], out["factor_to"], out["told_by"]["factoring"], out["sections"]) == ("fixed", 6,
                                                                                                  "director", "across")
    assert client.get(f"/v1/events/{event_id}").json()["field"] == {"factoring": "fixed", "factor_to": 6,
                                                                   "sections": "across"}
    r = client.post(f"/v1/events/{event_id}/field", json={"factoring": "fixed"})
    assert r.status_code == 422 and "factor_to" in r.text
    r = client.post(f"/v1/events/{event_id}/field", json={"form": "swiss"})
    assert r.status_code == 422 and "form" in r.text
    r = client.post(f"/v1/events/{event_id}/field", json={})
    assert r.status_code == 200 and r.json()["setting"] == {}


MULTI = "usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml"


def test_a_weighted_score_on_a_multi_section_board_is_scored_across_as_the_program_does(client: TestClient) -> None:
    """scorer-to-usebio's three-section NZ Scorer file, board 1 (33 lines, NZ Scorer matchpoints across
    its sections): section C's 14 v 11 (3NT N +2, +460) given 1/2 4S N +1 (+450), 1/2 3NT N +2 (+460).
    The 32 other scores: -150, -100, -50 x2, +400, +420 x11, +430 x2, +450 x12, +460 x2.
    +450 beats 18 (36) and ties 12 (12): 48; +460 beats 30 (60) and ties 2 (2): 62; 1/2 x 48 + 1/2 x 62
    = 55 of 64 (85.9375%). Per section C (-50, +420 x3, +450 x2) it would be 1/2 x 10 + 1/2 x 12 = 11 of 12."""
    event_id = new_event(client)
    assert post(client, event_id, sample(MULTI)).status_code == 200
    body = {"event": event_id, "board": "1", "pairs": {"ns": "14", "ew": "11"},
            "outcomes": [{"contract": "4S", "declarer": "N", "tricks": 11, "weight": "1/2"},
                         {"contract": "3NT", "declarer": "N", "tricks": 11, "weight": "1/2"}]}
    r = client.post("/v1/scores/weighted", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert [o["ns"] for o in out["outcomes"]] == [48, 62]
    assert (out["ns"], out["top"], out["ns_percent"]) == (55, 64, 85.9375)
    # the director sets the sections apart: section C alone
    assert client.post(f"/v1/events/{event_id}/field", json={"sections": "apart"}).status_code == 200
    out = client.post("/v1/scores/weighted", json=body).json()
    assert (out["ns"], out["top"]) == (11, 12)


SEANCE = "pbn-scoretable/lucbellicaud__bridgetrainer/open2dn1nationalfinaledirecte21-22-sance1.pbn"


def test_a_ruling_weighted_on_a_board_with_an_artificial_line_is_factored_as_magic_contest_does(
        client: TestClient) -> None:
    """Magic Contest's FFB file, board 1: 22 tables (top 42), one A+/A+ (table 16); the 20 other table
    scores of table 8 (3S N +1, +170): +420 x14, +400, -50 x5. Weighted 1/2 3S N +1 (+170), 1/2 4S N -1
    (-50): +170 beats the five -50 (10 of 40), Neuberg to 22: (10 + 1) x 22/21 - 1 = 10.524 (the file's
    10.5 for the line as played); -50 ties five (5): (5 + 1) x 22/21 - 1 = 5.286; weighted
    (7.5 + 1) x 22/21 - 1 = 7.905 of 42, where the smaller top gave 7.5 of 40."""
    event_id = new_event(client)
    assert post(client, event_id, sample(SEANCE)).status_code == 200
    body = {"event": event_id, "board": "1", "table": 8,
            "outcomes": [{"contract": "3S", "declarer": "N", "tricks": 10, "weight": "1/2"},
                         {"contract": "4S", "declarer": "N", "tricks": 9, "weight": "1/2"}]}
    r = client.post("/v1/scores/weighted", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert [o["ns"] for o in out["outcomes"]] == [pytest.approx(242 / 21 - 1), pytest.approx(132 / 21 - 1)]
    assert (out["ns"], out["top"]) == (pytest.approx(187 / 21 - 1), 42)
    assert round(out["outcomes"][0]["ns"], 1) == 10.5
    # the request's own normal_results wins (21: not factored, the smaller top)
    r = client.post("/v1/scores/weighted", json={**body, "normal_results": 21})
    assert (r.json()["ns"], r.json()["top"]) == (7.5, 40)


def test_the_case_page_names_the_field_as_it_now_stands(client: TestClient) -> None:
    """The case page's "for the scorer" block says the board as it now stands, in the page's language."""
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    weighted = _case(client, event_id, "5", "2", WEIGHTED_5V2)
    _case(client, event_id, "8", "4", {"score_ns": -50, "result": "4H S -1", "law": "64A2",
                                       "reason": "one trick only: the revoke trick was won by East"})
    page = " ".join(client.get(f"/cases/{weighted}?lang=en").text.split())
    # 9 of 10 with 8 v 4's decided -50 in place (worked above)
    assert "type North-South 90.00% and East-West 10.00% on this board" in page
    assert "On the board as it now stands (1 other decided adjustments in place): matchpointed" in page
    assert "(Compscore3)" in page
    pl = " ".join(client.get(f"/cases/{weighted}?lang=pl").text.split())
    assert "Na rozdaniu w obecnym stanie (uwzględnione inne rozstrzygnięte korekty: 1): na punkty meczowe" in pl


def test_a_rulings_for_the_scorer_block_takes_the_rulings_factored_matchpoints() -> None:
    """The ruling's for-the-scorer block (each plausible result against the field, unfactored) takes
    the ruling's own factored matchpoints (app.api.scorer.with_imps): Magic Contest's board 1 figures
    above, 1/2 +170 and 1/2 -50 against +420 x14, +400, -50 x5 with one artificial line: 7.5 of 40
    unfactored, (7.5 + 1) x 22/21 - 1 = 7.905 of 42 factored to the 22 tables."""
    field = [420] * 14 + [400] + [-50] * 5
    parts = [("3S N +1", 170, Fraction(1, 2)), ("4S N -1", -50, Fraction(1, 2))]
    block = ForScorerOut(weighted=WeightedEntryOut.of(weighted_entry(parts, field)))
    assert block.weighted is not None and (block.weighted.ns_mp, block.weighted.top) == (7.5, 40)
    scored = rule_weighted(WeightedRequest.model_validate({
        "outcomes": [{"score_ns": 170, "weight": "1/2", "label": "3S N +1"},
                     {"score_ns": -50, "weight": "1/2", "label": "4S N -1"}],
        "field": field, "normal_results": 22}))
    out = with_imps(block, scored)
    assert out is not None and out.weighted is not None
    assert (out.weighted.ns_mp, out.weighted.top) == (pytest.approx(187 / 21 - 1), 42)
    assert [c.ns_mp for c in out.weighted.components] == [pytest.approx(242 / 21 - 1), pytest.approx(132 / 21 - 1)]
    assert out.weighted.ns_percent == pytest.approx(100 * (187 / 21 - 1) / 42)


def test_the_field_of_an_event_not_stored_is_404(client: TestClient) -> None:
    assert client.get("/v1/events/999999/field").status_code == 404
    assert client.post("/v1/events/999999/field", json={"sections": "across"}).status_code == 404
    r = client.post("/v1/events/999999/field", json={"factor_to": 0})
    assert r.status_code == 422 and "factor_to" in r.text


def test_the_matchpoints_of_a_multi_section_board_are_one_field_as_nz_scorer_scores_it(client: TestClient) -> None:
    """POST /v1/scores/matchpoints naming the NZ Scorer three-section board 1 (no table): one field of 33
    results, top 64 (it asked for a section before); +460 beats thirty and ties two: 62 (the file's)."""
    event_id = new_event(client)
    assert post(client, event_id, sample(MULTI)).status_code == 200
    r = client.post("/v1/scores/matchpoints", json={"event": event_id, "board": "1"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["top"] == 64 and len(out["results"]) == 33
    assert {row["ns"] for row in out["results"] if row["score_ns"] == 460} == {62}
    # the director sets the sections apart: a section must be named again
    assert client.post(f"/v1/events/{event_id}/field", json={"sections": "apart"}).status_code == 200
    r = client.post("/v1/scores/matchpoints", json={"event": event_id, "board": "1"})
    assert r.status_code == 422 and "several sections" in r.text
