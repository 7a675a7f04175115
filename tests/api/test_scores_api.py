"""``/v1/scores/*`` and ``advisor scores``: the worked examples of docs/scoring.md sections 4 and 5
through the API, and 422s for bad weights, impossible results and unknown profiles."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli import main as cli_main
from app.main import create_app
from engine.dd import SolverRunner
from tests.helpers import laptop

FIELD = [420, 420, 170, -50, 450]
FORTY_SIXTY = [{"contract": "4S", "declarer": "S", "tricks": 10, "weight": "40%"},
               {"contract": "4S", "declarer": "S", "tricks": 9, "weight": "60%"}]


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def post(client: TestClient, kind: str, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    r = client.post(f"/v1/scores/{kind}", json=body)
    assert r.status_code == status, r.text
    out: dict[str, Any] = r.json()
    return out


def test_pairs_board_weighted_40_60_is_30_and_70_percent(client):
    out = post(client, "weighted", {"outcomes": FORTY_SIXTY, "form": "matchpoints", "field": FIELD})
    assert [(o["score_ns"], o["ns"]) for o in out["outcomes"]] == [(420, 6), (-50, 1)]
    assert (out["ns"], out["ew"], out["top"], out["ns_percent"], out["ew_percent"]) == (3, 7, 10, 30, 70)
    assert {o["score_ns"]: o["mp"] for o in out["others"]}[170] == pytest.approx(1.2)


def test_teams_weighted_is_minus_6_imps(client):
    out = post(client, "weighted", {"outcomes": FORTY_SIXTY, "form": "imps", "other_room_ns": 420})
    assert out["ns"] == pytest.approx(-6.0)


def test_without_weights_the_outcomes_get_even_weights_to_edit(client):
    out = post(client, "weighted", {"outcomes": [{"score_ns": 420}, {"score_ns": -50}], "field": FIELD})
    assert out["weights_defaulted"] and [o["weight"] for o in out["outcomes"]] == ["1/2", "1/2"]
    assert out["ns"] == pytest.approx(3.5)  # (6 + 1) / 2


def test_acbl_profile_does_not_weight_it_splits(client):
    outcomes = [{"score_ns": 420, "weight": "1/2"}, {"score_ns": -50, "weight": "1/3"},
                {"score_ns": 450, "weight": "1/6"}]
    out = post(client, "weighted", {"outcomes": outcomes, "field": FIELD, "profile": "acbl", "non_offending": "NS"})
    assert out["ns"] is None
    split = out["split"]
    assert (split["score_for_ns"], split["score_for_ew"], split["balances"]) == (420, 450, False)
    # half matchpoints (1 per score beaten), top 5: NS +420 gets 3; EW charged NS +450: 5 - 4.5
    assert (split["ns"], split["ew"]) == (3, 0.5)


def test_artificial_with_the_session_rule_south_africa(client):
    out = post(client, "artificial", {"fault": {"NS": "not_at_fault", "EW": "directly_at_fault"},
                                      "other_boards_percent": {"NS": 71.6}, "top": 34})
    assert out["NS"]["percent"] == pytest.approx(71.6) and round(out["NS"]["matchpoints"]) == 24
    assert (out["EW"]["label"], out["EW"]["percent"], out["EW"]["imps"]) == ("Average minus", 40, -3)


def test_matchpoints_and_imps_endpoints(client):
    mp = post(client, "matchpoints", {"scores": [420, 170, -50]})
    assert [r["ns"] for r in mp["results"]] == [4, 2, 0] and mp["top"] == 4
    assert post(client, "imps", {"ns_score": 140, "other_room_ns": 170})["teams_imps"] == -1
    butler = post(client, "imps", {"scores": [420, 420, 170, -50, 450, 400]})
    assert butler["datum"] == 350 and butler["results"][0]["butler"] == 2


@pytest.mark.parametrize(("kind", "body", "loc", "needle"), [
    ("weighted", {"outcomes": [{"score_ns": 420, "weight": "0.3"}, {"score_ns": -50, "weight": "0.6"}],
                  "field": FIELD}, ["body", "outcomes"], "sum to 9/10"),
    ("weighted", {"outcomes": [{"score_ns": 420, "weight": "1.5"}, {"score_ns": -50, "weight": "-0.5"}],
                  "field": FIELD}, ["body", "outcomes", 1, "weight"], "negative"),
    ("weighted", {"outcomes": [{"contract": "4S", "declarer": "S", "tricks": 14}], "field": FIELD},
     ["body", "outcomes", 0, "tricks"], "0 to 13"),
    ("weighted", {"outcomes": [{"score_ns": 420}], "field": FIELD, "profile": "fifa"}, ["body", "profile"],
     "unknown profile"),
    ("weighted", {"outcomes": [{"score_ns": 420}], "form": "imps"}, ["body", "other_room_ns"], "other room"),
    ("artificial", {"fault": {"NS": "not_at_fault"}, "profile": "fifa"}, ["body", "profile"], "unknown profile"),
])
def test_bad_scoring_input_is_422_with_the_field(client, kind, body, loc, needle):
    [item] = post(client, kind, body, 422)["detail"]
    assert item["loc"] == loc and needle in item["msg"]


def test_an_impossible_score_is_422(client):
    r = client.post("/v1/scores/matchpoints", json={"scores": [425, 170]})
    assert r.status_code == 422 and "multiple of 10" in r.text


def test_cli_mirrors_the_api(client, capsys, tmp_path):
    body = {"outcomes": FORTY_SIXTY, "form": "imps", "other_room_ns": 420}
    path = tmp_path / "w.json"
    path.write_text(json.dumps(body))
    assert cli_main(["scores", "weighted", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == client.post("/v1/scores/weighted", json=body).json()
    path.write_text(json.dumps({**body, "profile": "fifa"}))
    assert cli_main(["scores", "weighted", str(path)]) == 2
    assert "profile: unknown profile" in capsys.readouterr().err


# --- the scores block of a ruling -------------------------------------------------------------------------

# A generated board (benchmarks/cases.py, seed 64, case 30): 2C by West, EW vulnerable; at trick 10
# dummy (East) discards the DA on a club lead while holding C6 and C3. Double dummy, declarer's side
# takes 5 tricks after C6 and 6 after C3 (64C step), so two results are plausible without the revoke.
DUMMY_REVOKE = {
    "deal": "N:9852.85.QJ.QJ952 AK6.J7.AKT4.8763 QJ43.942.98753.T T7.AKQT63.62.AK4", "contract": "2C",
    "declarer": "W", "vulnerable": "EW",
    "play": ("S9 SA S4 ST SK S3 S7 S2 DT D3 D6 DQ S8 S6 SJ HQ H9 H6 H5 H7 D5 D2 DJ D4 S5 C7 SQ CA HA H8 HJ H2 "
             "C4 CJ C8 CT CQ DA H4 CK HK C2 C3 D7 C6 D8 H3 C9").split(),
    "rest_valued_double_dummy": True,  # 12 tricks entered: the last one claimed, its figure not known
}


def test_a_revoke_ruling_carries_its_scores_and_weights_the_plausible_results(client):
    body = {**DUMMY_REVOKE, "scoring": {"field": [200, 100, 300, -110]}}
    r = client.post("/v1/rulings/revoke", json=body)
    assert r.status_code == 200, r.text
    scores = r.json()["scores"]
    assert (scores["table"], scores["suggested"]) == (200, 200)  # 2C W -2, 100 a trick vulnerable
    assert [(p["result"], p["score_ns"], p["weight"]) for p in scores["plausible"]] == [
        ("2C W -2", 200, "1/2"), ("2C W -3", 300, "1/2")]  # the non-offenders' best last
    w = scores["weighted"]
    # by hand, top 8: +200 beats 100 and -110, ties 200: 5; +300 beats three, ties one: 7
    assert [o["ns"] for o in w["outcomes"]] == [5, 7]
    assert (w["ns"], w["ns_percent"], w["ew_percent"]) == (6, 75, 25)


def test_an_incorrect_cards_ruling_offers_the_contract_and_par_as_outcomes(client):
    from pathlib import Path

    case = json.loads((Path(__file__).parent.parent / "cases" / "incorrect_cards_14_12.json").read_text())
    r = client.post("/v1/rulings/incorrect-cards", json={**case, "scoring": {"other_room_ns": -140}})
    assert r.status_code == 200, r.text
    scores = r.json()["scores"]
    assert (scores["table"], scores["suggested"]) == (-420, 50)
    assert [(p["result"], p["score_ns"]) for p in scores["plausible"]] == [("4H W -1", 50), ("2H E +1", -140)]
    # teams: +50 against -140 is 190: 5 IMPs; -140 against -140: 0; even weights: 2.5
    assert scores["weighted"]["ns"] == pytest.approx(2.5)


def test_an_unknown_profile_in_a_ruling_is_422_under_scoring(client):
    r = client.post("/v1/rulings/revoke", json={**DUMMY_REVOKE, "scoring": {"field": [200], "profile": "fifa"}})
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "scoring", "profile"]


def test_a_split_score_weights_each_side_on_its_own_outcomes(client):
    # NOS (NS) on 40/60 of +420/-50 (30%); the offenders charged 100% of +420 (EW: 10 - 6 = 4 of 10)
    out = post(client, "weighted", {"outcomes": FORTY_SIXTY, "field": FIELD, "non_offending": "NS",
                                    "offending_outcomes": [{"score_ns": 420, "weight": "1"}]})
    split = out["split"]
    assert (split["ns"], split["ns_percent"], split["ew"], split["ew_percent"]) == (3, 30, 4, 40)
    assert out["ns"] is None and not split["balances"]


# --- one plausible result: the suggested score itself is scored against what was given ------------------

def test_a_revoke_ruling_with_one_plausible_result_scores_the_suggested_result_in_imps_and_matchpoints(client):
    from tests.helpers import FINAL2

    # FINAL2.PBN board 4, open room: 4H by W, EW vulnerable, North's H3 revoke; 64A2 leaves 9 tricks:
    # 4H W -1, NS +100 (vulnerable undertrick). The evidence gives no other result to weight.
    body = {"pbn": FINAL2.read_text(encoding="latin-1"), "board": "4", "room": "Open", "rest_valued_double_dummy": True}
    r = client.post("/v1/rulings/revoke", json={**body, "scoring": {"other_room_ns": -420}})
    assert r.status_code == 200, r.text
    scores = r.json()["scores"]
    assert scores["suggested"] == 100 and scores["plausible"] == []
    w = scores["weighted"]
    # teams, by hand: +100 here, -420 in the other room: 100 + 420 = 520, in the 500-590 band: 11 IMPs to NS
    assert [(o["label"], o["weight"], o["ns"], o["ew"]) for o in w["outcomes"]] == [
        ("4H W -1 (NS +100)", "1", 11, -11)]
    assert (w["form"], w["ns"], w["ew"]) == ("imps", 11, -11)
    # pairs, by hand: +100 against 100, -420, -620, 140: ties one (1), beats two (4), loses to one: 5 of 8
    w = client.post("/v1/rulings/revoke", json={**body, "scoring": {"field": [100, -420, -620, 140]}}).json()[
        "scores"]["weighted"]
    assert (w["form"], w["ns"], w["top"], w["ns_percent"], w["ew_percent"]) == ("matchpoints", 5, 8, 62.5, 37.5)


def test_an_incorrect_cards_ruling_with_one_result_scores_it_against_the_field_and_the_other_room(client):
    from tests.api.test_incorrect_cards import N8_HANDS, N8_PLAY

    # N8 (tests/api/test_incorrect_cards.py): the H9 restored to East at trick 11, a revoke: 4S S =, NS +420
    # (North-South not vulnerable); no adjusted score, so no plausible results to weight.
    case = {"hands": N8_HANDS, "contract": "4S", "declarer": "S", "vulnerable": "EW", "play": N8_PLAY[:44],
            "discovered": "during_play", "missing_found": "elsewhere"}
    out = client.post("/v1/rulings/incorrect-cards", json={**case, "scoring": {"field": [420, 450, 170]}}).json()
    assert out["scores"]["suggested"] == 420 and out["scores"]["plausible"] == []
    w = out["scores"]["weighted"]
    # by hand: +420 against 420, 450, 170: ties one (1), beats one (2), loses to one: 3 of top 6, 50%
    assert [(o["label"], o["ns"]) for o in w["outcomes"]] == [("4S S = (NS +420)", 3)]
    assert (w["ns"], w["ew"], w["top"], w["ns_percent"]) == (3, 3, 6, 50)
    # teams, by hand: +420 against +170: 250, in the 220-260 band: 6 IMPs to NS
    w = client.post("/v1/rulings/incorrect-cards", json={**case, "scoring": {"other_room_ns": 170}}).json()[
        "scores"]["weighted"]
    assert (w["ns"], w["ew"]) == (6, -6)


def test_an_artificial_score_alone_is_not_scored_against_the_field(client):
    from tests.api.test_incorrect_cards import N2_FOUND

    # N2 without the hand record: no result can be assigned, only Average minus to both (12C2): no
    # suggested result, so nothing to matchpoint
    out = client.post("/v1/rulings/incorrect-cards", json={"hands": N2_FOUND, "discovered": "after_play",
                                                           "scoring": {"field": [100, 200]}}).json()
    assert out["scores"]["suggested"] is None and out["scores"]["weighted"] is None


@pytest.mark.parametrize("kind, body", [
    ("weighted", {"outcomes": FORTY_SIXTY, "field": FIELD}),
    ("matchpoints", {"scores": [420, 420, 170, -50]}),
])
@pytest.mark.parametrize("named", [{"board": "7"}, {"table": 3}, {"pairs": {"ns": "2NS", "ew": "3EW"}}])
def test_a_traveller_table_named_without_its_event_is_a_clear_error(client, kind, body, named):
    """`board`, `table` or `pairs` name a line of a stored traveller: without `event` there is none
    to read, so the request says what to add instead of scoring the typed field."""
    out = post(client, kind, body | named, 422)
    assert "give `event` with them" in json.dumps(out)
