"""The alternatives of an adjusted score kept as a case (issue 38): ``POST /v1/cases`` with ``kind``
"alternatives", on the ABF Compscore3 USEBIO Howell (the file of tests/api/test_alternatives.py, whose
deals and travellers it carries). The case keeps the request and the evidence as answered; its
proposal is the weighted score (12C1(c)) or, where the profile does not weight, 12C1(e)'s two
scores; the director confirms or changes it; the score that stands is scored on the field as it
now stands. Every figure is worked by hand in the comments (the room counted from the XML, double
dummy by endplay's ``solve_board`` called directly)."""

from __future__ import annotations

import csv
import io
from collections import Counter
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.test_alternatives import HOWELL, direct_dd, howell_event, room_counts
from tests.api.test_events import error

pytestmark = pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")


@pytest.fixture
def event(client: TestClient) -> int:
    return howell_event(client)


def case_body(event: int, **changes: Any) -> dict[str, Any]:
    """Board 21 at pairs 11 v 9 (3S by East made 10): had East bid game, 4S by East (Law 16B)."""
    return {"kind": "alternatives", "event": event, "board": "21", "round": "2", "table": "4",
            "pairs": {"ns": {"number": "11"}, "ew": {"number": "9"}}, "director": "A. Director",
            "traveller_line": {"pairs": {"ns": "11", "ew": "9"}}, "law": "16B",
            "alternatives": [{"contract": "4S", "declarer": "E"}]} | changes


def log_rows(client: TestClient, event: int) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event}/rulings.csv").text)))


def test_create_get_confirm_the_weighted_proposal_and_the_ruling_log(client: TestClient, event: int) -> None:
    r = client.post("/v1/cases", json=case_body(event))
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    assert r.json()["kind"] == "alternatives" and r.headers["location"] == f"/v1/cases/{case_id}"
    got = client.get(f"/v1/cases/{case_id}").json()
    assert got["kind"] == "alternatives" and got["status"] == "awaiting decision"
    # the request as given, the traveller line folded into it as POST /v1/rulings/alternatives takes it
    assert got["request"]["law"] == "16B" and got["request"]["pairs"] == {"ns": "11", "ew": "9"}
    assert got["request"]["alternatives"] == [{"contract": "4S", "declarer": "E"}]
    ruling = got["ruling"]
    # the table: 3S by East made 10, East-West not vulnerable: 90 + 50 + 30 = 170 to East-West
    assert got["table_ns"] == -170 and ruling["table_result"]["result"] == "3S E +1"
    alt = ruling["alternatives"][0]
    # the evidence as it was answered: five other tables in 4S by East (the XML: one 9, four 10), and
    # every lead South holds, as endplay gives it directly
    assert room_counts("21", ("11", "9"), "4S", "EW") == Counter({9: 1, 10: 4})
    assert alt["room"] == {"matched": "contract", "tables": 5, "tricks": {"9": 1, "10": 4}}
    assert alt["double_dummy"]["by_lead"] == direct_dd(ruling["deal"], "S", "E")
    # the proposal: 4S E -1 (+50, North-South vulnerable, East-West not: 50 a trick) at 1/5, 4S E = (-420) at 4/5
    assert ruling["proposal"] == {"form": "weighted", "law": "12C1(c)", "parts": [
        {"result": "4S E -1", "score_ns": 50, "weight": "1/5", "percent": 20.0},
        {"result": "4S E =", "score_ns": -420, "weight": "4/5", "percent": 80.0}]}
    assert got["suggested_ns"] is None  # a weighted score's points average is no score the scorer enters
    # confirming the proposal needs no reason: 20% x 50 + 80% x -420 = 10 - 336 = -326
    decision = {"score_ns": -326, "result": "20% 4S E -1, 80% 4S E =", "law": "12C1(c)",
                "weighted": [{"result": "4S E -1", "score_ns": 50, "percent": 20},
                             {"result": "4S E =", "score_ns": -420, "percent": 80}]}
    r = client.post(f"/v1/cases/{case_id}/decision", json=decision)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["decision"]["differs_from_suggestion"] is False and out["status"] == "decided"
    # on the field as it now stands (the five others: +50 once, -420 four times; top 10, 2 a score beaten):
    # +50 beats four and ties one: 8 + 1 = 9; -420 ties four: 4. 1/5 x 9 + 4/5 x 4 = 1.8 + 3.2 = 5.0 of 10
    w = out["for_scorer"]["weighted"]
    assert [(c["label"], c["weight"], c["ns_mp"]) for c in w["components"]] == [("4S E -1", "1/5", 9),
                                                                              ("4S E =", "4/5", 4)]
    assert (w["top"], w["ns_mp"], w["ew_mp"], w["ns_percent"]) == (10, pytest.approx(5.0), pytest.approx(5.0),
                                                                  pytest.approx(50.0))
    # the list and the ruling log: the row says its kind, the parts and their matchpoints for the scorer
    listed = client.get("/v1/cases", params={"event": event}).json()
    assert [(c["id"], c["kind"], c["status"]) for c in listed] == [(case_id, "alternatives", "decided")]
    [row] = log_rows(client, event)
    assert (row["kind"], row["suggested_score_ns"], row["decision_law"], row["decision_score_ns"]) == (
        "alternatives", "", "12C1(c)", "-326")
    assert row["final_score_ns"] == ""  # weighted: the scorer enters the parts' matchpoints, not the average
    assert row["for_scorer"] == "weighted: NS 50.00%, EW 50.00% (1/5 4S E -1 +50 9 MP; 4/5 4S E = -420 4 MP)"


def test_changing_the_weights_needs_a_reason(client: TestClient, event: int) -> None:
    case_id = client.post("/v1/cases", json=case_body(event)).json()["id"]
    even = {"score_ns": -185, "result": "50% 4S E -1, 50% 4S E =", "law": "12C1(c)",
            "weighted": [{"result": "4S E -1", "score_ns": 50, "percent": 50},
                         {"result": "4S E =", "score_ns": -420, "percent": 50}]}  # (50 - 420) / 2 = -185
    error(client.post(f"/v1/cases/{case_id}/decision", json=even), 422, ["body", "reason"],
          "differs from the advisor's proposal", "20% 4S E -1, 80% 4S E =")
    r = client.post(f"/v1/cases/{case_id}/decision", json=even | {"reason": "East would often stop in 3S"})
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["differs_from_suggestion"] is True
    # 1/2 x 9 + 1/2 x 4 = 6.5 of 10 for North-South
    assert r.json()["for_scorer"]["weighted"]["ns_mp"] == pytest.approx(6.5)


def test_12c1e_proposes_two_scores_and_confirming_them_needs_no_reason(client: TestClient, event: int) -> None:
    body = case_body(event, profile="acbl")
    error(client.post("/v1/cases", json=body), 422, ["body", "offending_side"], "12C1(e)")
    r = client.post("/v1/cases", json=body | {"offending_side": "EW"})
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    got = client.get(f"/v1/cases/{case_id}").json()
    # North-South (not offending): the most favourable likely result (weight >= 1/3): 4S E = only, -420.
    # East-West (offending): the most unfavourable at all probable (>= 1/6): 4S E -1 (1/5), scored as if
    # North-South had +50, East-West's own -50.
    proposal = got["ruling"]["proposal"]
    assert (proposal["form"], proposal["law"], proposal["score_ns"], proposal["score_ew"], proposal["result"]) == (
        "split", "12C1(e)", -420, -50, "4S E = / 4S E -1")
    assert got["suggested_ns"] == -420
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": -420, "score_ew": -50,
                                                           "result": "4S E = / 4S E -1", "law": "12C1(e)"})
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["differs_from_suggestion"] is False
    # each side on its own score against the field: North-South -420 ties four: 4 of 10; East-West on +50
    # for North-South, which would be 9: 10 - 9 = 1
    sp = r.json()["for_scorer"]["split"]
    assert (sp["ns_mp"], sp["ew_mp"], sp["top"]) == (4, 1, 10)
    [row] = log_rows(client, event)
    assert row["kind"] == "alternatives" and row["suggested_score_ns"] == "-420"
    assert "NS 4 MP, EW 1 MP of 10" in row["for_scorer"]


def test_a_bad_alternative_is_a_422_at_its_field_and_nothing_is_kept(client: TestClient, event: int) -> None:
    body = case_body(event, alternatives=[{"contract": "8S", "declarer": "E"}])
    error(client.post("/v1/cases", json=body), 422, ["body", "alternatives", 0, "contract"], "not a contract")
    assert client.get("/v1/cases", params={"event": event}).json() == []


def test_a_rerun_of_an_alternatives_case_is_the_same(client: TestClient, event: int) -> None:
    case_id = client.post("/v1/cases", json=case_body(event)).json()["id"]
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200, r.text
    assert r.json()["same"] is True, r.json()["differences"]
    # decided, the case's own adjustment is its table's, not another table of the field: still the same
    even = {"score_ns": -185, "result": "50% 4S E -1, 50% 4S E =", "law": "12C1(c)", "reason": "x",
            "weighted": [{"result": "4S E -1", "score_ns": 50, "percent": 50},
                         {"result": "4S E =", "score_ns": -420, "percent": 50}]}
    assert client.post(f"/v1/cases/{case_id}/decision", json=even).status_code == 200
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.json()["same"] is True, r.json()["differences"]


def test_the_adjusted_results_export_carries_the_decided_weighted_score(client: TestClient, event: int) -> None:
    case_id = client.post("/v1/cases", json=case_body(event)).json()["id"]
    decision = {"score_ns": -326, "result": "20% 4S E -1, 80% 4S E =", "law": "12C1(c)",
                "weighted": [{"result": "4S E -1", "score_ns": 50, "percent": 20},
                             {"result": "4S E =", "score_ns": -420, "percent": 80}]}
    assert client.post(f"/v1/cases/{case_id}/decision", json=decision).status_code == 200
    r = client.get(f"/v1/events/{event}/adjusted.csv")
    assert r.status_code == 200, r.text
    [row] = list(csv.DictReader(io.StringIO(r.text)))
    # the line of pairs 11 v 9 on board 21: weighted, each side 5 of 10 (worked above), the parts in its code
    assert (row["board"], row["ns_pair"], row["ew_pair"], row["kind"]) == ("21", "11", "9", "weighted")
    assert (float(row["ns_mp"]), float(row["ew_mp"])) == (5.0, 5.0)
    assert row["code"] == "W50@20/-420@80"


def test_an_alternatives_case_on_a_typed_deal_is_exported_and_imported(client: TestClient, event: int) -> None:
    # a deal typed (no traveller line): board 1's deal, 5C by West made 11 after the H2 lead; the
    # alternative 5CX by West: double dummy with the table's lead, one outcome (no room without a traveller)
    from tests.api.test_alternatives import BOARD_1

    body = {"kind": "alternatives", "event": event, "board": "1", "director": "A. Director",
            "pairs": {"ns": {"number": "3"}, "ew": {"number": "11"}}, "deal": BOARD_1, "law": "75",
            "table_result": {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "H2"},
            "alternatives": [{"contract": "5CX", "declarer": "W"}]}
    r = client.post("/v1/cases", json=body)
    assert r.status_code == 201, r.text
    ruling = r.json()["ruling"]
    # North's H2 against 5C by West: 11 tricks double dummy (tests/api/test_alternatives.py, endplay directly)
    assert direct_dd(BOARD_1, "C", "W")["H2"] == 11
    assert ruling["alternatives"][0]["rule"] == "dd_table_lead"
    # 5CX = by West, nobody vulnerable: 5 x 20 x 2 = 200 + 300 game + 50 insult = 550 to East-West
    assert ruling["proposal"]["parts"] == [{"result": "5CX W =", "score_ns": -550, "weight": "1", "percent": 100.0}]
    exported = client.get(f"/v1/events/{event}/cases.json")
    assert exported.status_code == 200, exported.text
    r = client.post("/v1/cases/import", json=exported.json())
    assert r.status_code == 201, r.text
    new_id = next(iter(r.json()["cases"].values()))
    again = client.get(f"/v1/cases/{new_id}").json()
    assert again["kind"] == "alternatives" and again["ruling"]["proposal"] == ruling["proposal"]



KEPT_PARTS = [{"result": "4S E -1", "score_ns": 50, "percent": 20},
              {"result": "4S E =", "score_ns": -420, "percent": 80}]


def test_a_split_where_north_south_keep_the_table_result_end_to_end(client: TestClient, event: int) -> None:
    # North-South keep the table result, 3S E +1 (-170); East-West get 4S E's weighted score (12C1(b))
    r = client.post("/v1/cases", json=case_body(event, table_result_kept_by="NS"))
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    got = client.get(f"/v1/cases/{case_id}").json()
    # East-West's parts: 4S E -1 (+50) at 1/5, 4S E = (-420) at 4/5: 10 - 336 = -326 for North-South's view,
    # East-West's own +326; North-South's own -170. Not one weighted score for both sides.
    p = got["ruling"]["proposal"]
    assert (p["form"], p["law"], p["table_result_kept_by"], p["table_score_ns"], p["score_ns"], p["score_ew"]) == (
        "kept", "12C1(b)", "NS", -170, -170, 326)
    assert [(x["result"], x["score_ns"], x["weight"]) for x in p["parts"]] == [("4S E -1", 50, "1/5"),
                                                                              ("4S E =", -420, "4/5")]
    assert got["suggested_ns"] is None
    # one weighted score for both sides (the old proposal) is not it: it needs a reason
    both = {"score_ns": -326, "result": "20% 4S E -1, 80% 4S E =", "law": "12C1(c)", "weighted": KEPT_PARTS}
    error(client.post(f"/v1/cases/{case_id}/decision", json=both), 422, ["body", "reason"],
          "differs from the advisor's proposal", "NS -170 / EW: 20% 4S E -1, 80% 4S E = (+326)")
    # East-West's figure must be their parts' weighted sum, their view: -326 is North-South's view
    error(client.post(f"/v1/cases/{case_id}/decision",
                      json={"score_ns": -170, "score_ew": -326, "result": p["result"], "law": "12C1(b)",
                            "weighted": KEPT_PARTS, "table_result_kept_by": "NS"}), 422, ["body", "score_ew"],
          "weighted results give +326.00")
    decision = {"score_ns": -170, "score_ew": 326, "result": p["result"], "law": "12C1(b)", "weighted": KEPT_PARTS,
                "table_result_kept_by": "NS"}
    r = client.post(f"/v1/cases/{case_id}/decision", json=decision)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["decision"]["differs_from_suggestion"] is False
    assert out["decision"]["score"]["table_result_kept_by"] == "NS"
    # the field (the five others: +50 once, -420 four times; top 10): North-South's -170 beats the four
    # -420s and loses to +50: 8 of 10. East-West on their parts: +50 for North-South would be 9, East-West 1;
    # -420 ties four, 4, East-West 6: 1/5 x 1 + 4/5 x 6 = 0.2 + 4.8 = 5.0 of 10
    k = out["for_scorer"]["kept"]
    assert (k["table_result_kept_by"], k["table_score_ns"], k["top"]) == ("NS", -170, 10)
    assert (k["ns_mp"], k["ew_mp"]) == (pytest.approx(8.0), pytest.approx(5.0))
    assert (k["ns_percent"], k["ew_percent"]) == (pytest.approx(80.0), pytest.approx(50.0))
    assert out["for_scorer"]["weighted"] is None and out["for_scorer"]["split"] is None
    [row] = log_rows(client, event)
    assert (row["decision_score_ns"], row["decision_score_ew"]) == ("-170", "326")
    assert row["for_scorer"] == ("kept: NS keep the table result (-170), EW weighted (1/5 4S E -1 +50; 4/5 4S E = "
                                 "-420): NS 8 MP, EW 5 MP of 10")
    # no export code says it: each export refuses by name rather than write one score for both sides
    for ext, fmt in (("csv", "CSV"), ("xml", "USEBIO"), ("pbn", "PBN")):
        r = client.get(f"/v1/events/{event}/adjusted.{ext}")
        assert r.status_code == 422, (ext, r.text)
        said = r.json()["detail"][0]["msg"]
        assert f"the {fmt} export" in said and f"case {case_id}" in said
    r = client.get(f"/v1/events/{event}/adjusted.csv", headers={"Accept-Language": "pl"})
    assert "eksport CSV" in r.json()["detail"][0]["msg"]


BBO_37443 = "N:97.QJT964.A86.AQ J854.72.KJ7542.2 K63.85.Q.9876543 AQT2.AK3.T93.KJT"


def test_a_split_where_east_west_keep_the_table_result_is_proposed_confirmed_exported_and_imported(
        client: TestClient, event: int) -> None:
    # BBO forums topic 37443 (tests/engine/rulings/alternatives_corpus): after a Multi explained as the majors,
    # East-West keep 3NT by West two down; North-South (the offenders) get 50% of 3D E +1 and 50% of 3S W =.
    # North-South vulnerable, East-West not: 3NT W -2 is +100 to North-South; 3D E +1 = 60 + 20 + 50 = 130 and
    # 3S W = 90 + 50 = 140 to East-West: North-South's 50% x -130 + 50% x -140 = -135; East-West's own -100
    body = {"kind": "alternatives", "event": event, "board": "7", "director": "A. Director",
            "pairs": {"ns": {"number": "1"}, "ew": {"number": "2"}}, "deal": BBO_37443, "dealer": "W",
            "vulnerable": "NS", "law": "75", "table_result": {"contract": "3NT", "declarer": "W", "tricks": 7},
            "alternatives": [{"contract": "3D", "declarer": "E", "tricks": 10},
                             {"contract": "3S", "declarer": "W", "tricks": 9}],
            "weights": ["1/2", "1/2"], "offending_side": "NS", "table_result_kept_by": "EW"}
    r = client.post("/v1/cases", json=body)
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    p = r.json()["ruling"]["proposal"]
    assert (p["form"], p["table_result_kept_by"], p["table_result"], p["table_score_ns"], p["score_ns"],
            p["score_ew"]) == ("kept", "EW", "3NT W -2", 100, -135, -100)
    assert [(x["result"], x["score_ns"], x["weight"]) for x in p["parts"]] == [("3D E +1", -130, "1/2"),
                                                                              ("3S W =", -140, "1/2")]
    decision = {"score_ns": -135, "score_ew": -100, "result": p["result"], "law": p["law"],
                "table_result_kept_by": "EW", "weighted": [{"result": "3S W =", "score_ns": -140, "percent": 50},
                                                           {"result": "3D E +1", "score_ns": -130, "percent": 50}]}
    r = client.post(f"/v1/cases/{case_id}/decision", json=decision)
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["differs_from_suggestion"] is False
    # no traveller: the parts and points for the scorer, no figures
    k = r.json()["for_scorer"]["kept"]
    assert (k["table_result_kept_by"], k["table_score_ns"], k["ns_mp"], k["ew_mp"]) == ("EW", 100, None, None)
    # the case file's export and import keep it, the confirmation needing no reason there either
    r = client.post("/v1/cases/import", json=client.get(f"/v1/events/{event}/cases.json").json())
    assert r.status_code == 201, r.text
    history = client.get(f"/v1/cases/{next(iter(r.json()['cases'].values()))}/history").json()
    [kept] = [h["change"] for h in history if h["action"] == "decision"]  # kept, unverified (issue 35)
    assert (kept["table_result_kept_by"], kept["score_ns"], kept["score_ew"], kept["reason"]) == ("EW", -135, -100, "")


def test_a_decided_kept_split_stands_in_the_field_as_north_souths_score(client: TestClient, event: int) -> None:
    # pairs 11 v 9 decided: North-South keep -170, East-West on 20% 4S E -1 / 80% 4S E = (above)
    case_id = client.post("/v1/cases", json=case_body(event, table_result_kept_by="NS")).json()["id"]
    p = client.get(f"/v1/cases/{case_id}").json()["ruling"]["proposal"]
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": -170, "score_ew": 326, "result": p["result"],
                                                           "law": "12C1(b)", "weighted": KEPT_PARTS,
                                                           "table_result_kept_by": "NS"})
    assert r.status_code == 200, r.text
    # board 21 at pairs 2 v 8 (4S E -1, +50), scored on 4S E = (-420) against the field as it now stands:
    # -420 four times (5 v 1, 6 v 4, 10 v 3, 12 v 7) and pairs 11 v 9 on North-South's -170: ties four,
    # loses to -170: 4 of 10. (East-West's parts taken for North-South's would give 4 + 4/5 = 4.8.)
    r = client.post("/v1/rulings/alternatives", json={
        "event": event, "board": "21", "pairs": {"ns": "2", "ew": "8"}, "law": "16B",
        "alternatives": [{"contract": "4S", "declarer": "E", "tricks": 10}]})
    assert r.status_code == 200, r.text
    assert r.json()["weighted"]["ns"] == pytest.approx(4.0)
