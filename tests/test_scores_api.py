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

FIELD = [420, 420, 170, -50, 450]
FORTY_SIXTY = [{"contract": "4S", "declarer": "S", "tricks": 10, "weight": "40%"},
               {"contract": "4S", "declarer": "S", "tricks": 9, "weight": "60%"}]


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with TestClient(create_app(dds)) as c:
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
