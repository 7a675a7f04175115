"""The alternatives' "Save as a case" on the page (issue 38), without JavaScript: the answer of
``POST /alternatives`` offers the case form with the request embedded; ``POST /cases`` keeps it;
the case page shows the evidence as saved (double dummy, the room's counts, weights, the weighted
score on the field for both sides) and its decision form prefilled with the proposal, which the
director confirms without a reason. On the ABF Howell of tests/api/test_alternatives.py, board 21
at pairs 11 v 9 (3S by East made 10; 4S by East the alternative, Law 16B); the figures are worked
by hand there and in tests/api/test_alternatives_case.py."""

from __future__ import annotations

import html
import re
from collections import Counter
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from tests.api.test_alternatives import HOWELL, direct_dd, howell_event
from tests.web.test_alternatives_page import ORIGIN, text, value

pytestmark = pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")


@pytest.fixture
def event(client: TestClient) -> int:
    """The Howell session stored as an event (its hand records and travellers)."""
    return howell_event(client)


def answer(client: TestClient, event_id: int, lang: str = "en", **extra: str) -> str:
    form = {"lang": lang, "event": str(event_id), "board": "21", "ns_pair": "11", "ew_pair": "9", "law": "16B",
            "contract": "3S", "declarer": "E", "tricks": "10", "rows": "4", "a0_contract": "4S",
            "a0_declarer": "E"} | extra
    r = client.post("/alternatives", data=form, headers=ORIGIN)
    assert r.status_code == 200, r.text[:2000]
    return r.text


def save(client: TestClient, page: str, lang: str = "en") -> int:
    m = re.search(r'<form method="post" action="/cases" id="form-case".*?</form>', page, re.S)
    assert m, "no Save as a case form"
    form = m.group(0)
    assert value(form, "kind") == "alternatives"
    data = {name: html.unescape(v) for name, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', form)}
    data |= {"case_event": re.search(r'<option value="(\d+)" selected', form).group(1),  # type: ignore[union-attr]
             "case_director": "A. Director", "lang": lang}
    # what the traveller line tells: the board fixed, the pairs' numbers
    assert (data["case_board"], data["ns_number"], data["ew_number"]) == ("21", "11", "9")
    r = client.post("/cases", data=data, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    return int(r.headers["location"].split("/cases/")[1].split("?")[0])


def test_save_the_answer_as_a_case_see_the_evidence_and_confirm_the_proposal(client: TestClient, event: int) -> None:
    case_id = save(client, answer(client, event))
    got = client.get(f"/v1/cases/{case_id}").json()
    assert got["kind"] == "alternatives" and got["request"]["pairs"] == {"ns": "11", "ew": "9"}
    page = client.get(f"/cases/{case_id}?lang=en").text
    row = re.search(r'<tr data-row="1" data-contract="4S" data-declarer="E">.*?</tr>', page, re.S)
    assert row, "no evidence row"
    said = text(row.group(0))
    dd = direct_dd(got["ruling"]["deal"], "S", "E")  # endplay directly: every lead South holds
    lo, hi = min(dd.values()), max(dd.values())
    assert text(re.search(r'<td class="dd-range">(.*?)</td>', row.group(0)).group(1)) == (  # type: ignore[union-attr]
        f"{lo}–{hi}" if lo != hi else str(lo))
    lead = got["ruling"]["table_result"]["lead"]  # the traveller line's lead, South on lead in 3S and 4S by East
    assert lead is not None
    assert text(re.search(r'<td class="dd-table-lead">(.*?)</td>', row.group(0)).group(1)) == str(dd[lead])  # type: ignore[union-attr]
    # the room (the XML: five other tables in 4S by East, one made 9, four 10) and the outcomes' weights
    assert "5 other tables in this contract: 9 tricks ×1, 10 tricks ×4" in said
    assert "4S E -1 (NS +50) 20%" in said and "4S E = (NS -420) 80%" in said
    # the weighted score on the field when saved: 1/5 x 9 + 4/5 x 4 = 5.00 of 10 each side
    assert text(re.search(r'id="alt-case-ns">(.*?)</td>', page).group(1)) == "5.00 (50.00%)"  # type: ignore[union-attr]
    assert text(re.search(r'id="alt-case-ew">(.*?)</td>', page).group(1)) == "5.00 (50.00%)"  # type: ignore[union-attr]
    # the decision form, prefilled with the proposal: 20% x 50 + 80% x -420 = -326
    decision = re.search(r'<form method="post" action="/cases/\d+/decision".*?</form>', page, re.S).group(0)  # type: ignore[union-attr]
    assert value(decision, "score_ns") == "-326" and value(decision, "law") == "12C1(c)"
    assert (value(decision, "weight_0"), value(decision, "weight_1")) == ("20", "80")
    data = {name: html.unescape(v) for name, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', decision)}
    r = client.post(f"/cases/{case_id}/decision", data=data | {"reason": ""}, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    out = client.get(f"/v1/cases/{case_id}").json()
    assert out["status"] == "decided" and out["decision"]["differs_from_suggestion"] is False
    assert out["decision"]["score"]["score_ns"] == -326 and out["decision"]["score"]["law"] == "12C1(c)"
    # the sheet's line for the scorer: 5.00 matchpoints of 10 each side, part by part
    page = client.get(f"/cases/{case_id}?lang=en").text
    assert "50.00%" in text(re.search(r'<section[^>]*class="[^"]*scorer.*?</section>', page, re.S).group(0))  # type: ignore[union-attr]


def test_12c1e_the_decision_form_offers_both_scores_and_confirming_needs_no_reason(client: TestClient) -> None:
    # an ACBL event (no weighting): East-West offended. North-South get the most favourable likely
    # result (weight >= 1/3): 4S E = only, -420; East-West the most unfavourable at all probable
    # (>= 1/6): 4S E -1 (1/5), scored as if North-South had +50: their own -50.
    acbl = howell_event(client, "ABF Howell (ACBL rules)", scoring_profile="acbl")
    case_id = save(client, answer(client, acbl, offending_side="EW"))
    page = client.get(f"/cases/{case_id}?lang=en").text
    decision = re.search(r'<form method="post" action="/cases/\d+/decision".*?</form>', page, re.S).group(0)  # type: ignore[union-attr]
    assert (value(decision, "score_ns"), value(decision, "score_ew"), value(decision, "law")) == ("-420", "-50",
                                                                                                  "12C1(e)")
    data = {name: html.unescape(v) for name, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', decision)}
    r = client.post(f"/cases/{case_id}/decision", data=data | {"reason": ""}, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    out = client.get(f"/v1/cases/{case_id}").json()
    assert out["decision"]["differs_from_suggestion"] is False
    assert (out["decision"]["score"]["score_ns"], out["decision"]["score"]["score_ew"]) == (-420, -50)
    # each side on its own score against the field: -420 ties four of five: 4 of 10; East-West on +50
    # for North-South (beats four, ties one: 9): 10 - 9 = 1
    sp = out["for_scorer"]["split"]
    assert (sp["ns_mp"], sp["ew_mp"], sp["top"]) == (4, 1, 10)


def test_the_case_page_in_polish(client: TestClient, event: int) -> None:
    case_id = save(client, answer(client, event, lang="pl"), lang="pl")
    page = client.get(f"/cases/{case_id}?lang=pl").text
    assert "W otwarte karty, wist ze stołu" in page and "Wynik ważony na tle pola w chwili zapisania sprawy" in page
    assert "other tables in this contract" not in page


def test_a_proposal_of_many_parts_is_confirmed_as_prefilled(client: TestClient, event: int) -> None:
    # board 1, pairs 5 v 2 (4H by South, 8 tricks): 4H by South at 60% (the room: three other tables,
    # 8 tricks each) and 3NT by North at 40%, no other table in it: each double-dummy trick total
    # over West's 13 leads a part, 40% x (leads giving it) / 13. Its result text is longer than a
    # table result: it is entered as it stands, no reason asked.
    form = {"lang": "en", "event": str(event), "board": "1", "ns_pair": "5", "ew_pair": "2", "law": "16B",
            "contract": "4H", "declarer": "S", "tricks": "8", "rows": "4", "a0_contract": "4H", "a0_declarer": "S",
            "a0_weight": "60%", "a1_contract": "3NT", "a1_declarer": "N", "a1_weight": "40%"}
    r = client.post("/alternatives", data=form, headers=ORIGIN)
    assert r.status_code == 200, r.text[:2000]
    m = re.search(r'<form method="post" action="/cases" id="form-case".*?</form>', r.text, re.S)
    assert m
    data = {n: html.unescape(v) for n, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', m.group(0))}
    data |= {"case_event": str(event), "case_director": "A. Director", "lang": "en"}
    r = client.post("/cases", data=data, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    case_id = int(r.headers["location"].split("/cases/")[1].split("?")[0])
    got = client.get(f"/v1/cases/{case_id}").json()
    dd = direct_dd(got["ruling"]["deal"], "NT", "N")
    parts = got["ruling"]["proposal"]["parts"]
    assert parts[0] == {"result": "4H S -2", "score_ns": -100, "weight": "3/5", "percent": 60.0}
    assert {p["result"].split()[-1]: p["weight"] for p in parts[1:]} == {
        (f"+{t - 9}" if t > 9 else "=" if t == 9 else f"-{9 - t}"): str(Fraction(2, 5) * Fraction(n, 13))
        for t, n in Counter(dd.values()).items()}
    page = client.get(f"/cases/{case_id}?lang=en").text
    decision = re.search(r'<form method="post" action="/cases/\d+/decision".*?</form>', page, re.S)
    assert decision
    data = {n: html.unescape(v) for n, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"',
                                                        decision.group(0))}
    assert len(data["result"]) > 80
    r = client.post(f"/cases/{case_id}/decision", data=data, headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    out = client.get(f"/v1/cases/{case_id}").json()
    assert out["decision"]["differs_from_suggestion"] is False
    assert sorted((w["score_ns"], round(w["percent"], 2)) for w in out["decision"]["score"]["weighted"]) == sorted(
        (p["score_ns"], round(p["percent"], 2)) for p in parts)


def test_a_split_where_north_south_keep_the_table_result_is_prefilled_and_confirmed(client: TestClient,
                                                                                   event: int) -> None:
    # North-South keep 3S E +1 (-170); East-West get 4S E's weighted score: 20% 4S E -1 (+50), 80% 4S E =
    # (-420): North-South's view -326, East-West's own +326 (tests/api/test_alternatives_case.py)
    case_id = save(client, answer(client, event, kept_by="NS"))
    assert client.get(f"/v1/cases/{case_id}").json()["request"]["table_result_kept_by"] == "NS"
    page = client.get(f"/cases/{case_id}?lang=en").text
    decision = re.search(r'<form method="post" action="/cases/\d+/decision".*?</form>', page, re.S).group(0)  # type: ignore[union-attr]
    assert (value(decision, "score_ns"), value(decision, "score_ew")) == ("-170", "+326")
    assert (value(decision, "weight_0"), value(decision, "weight_1")) == ("20", "80")
    assert re.search(r'<option value="NS" selected>', decision)
    data = {name: html.unescape(v) for name, v in re.findall(r'<input [^>]*name="([^"]+)" value="([^"]*)"', decision)}
    r = client.post(f"/cases/{case_id}/decision", data=data | {"kept_by": "NS", "reason": ""}, headers=ORIGIN,
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    out = client.get(f"/v1/cases/{case_id}").json()
    assert out["decision"]["differs_from_suggestion"] is False
    score = out["decision"]["score"]
    assert (score["table_result_kept_by"], score["score_ns"], score["score_ew"]) == ("NS", -170, 326)
    # for the scorer: North-South's -170 beats the four -420s, loses to +50: 8 of 10 (80%); East-West
    # 1/5 x 1 + 4/5 x 6 = 5 of 10 (50%)
    page = client.get(f"/cases/{case_id}?lang=en").text
    said = text(re.search(r'<p id="scorer-kept">(.*?)</p>', page, re.S).group(1))  # type: ignore[union-attr]
    assert "North-South keep the table result (-170)" in said
    assert "type North-South 80.00% and East-West 50.00%" in said
    # with East-West's weights changed, their figure follows and a reason is asked
    r = client.post(f"/cases/{case_id}/decision", data=data | {"kept_by": "NS", "weight_0": "50", "weight_1": "50",
                                                               "reason": "even"}, headers=ORIGIN,
                    follow_redirects=False)
    assert r.status_code == 303, r.text[:2000]
    score = client.get(f"/v1/cases/{case_id}").json()["decision"]["score"]
    # (50 - 420) / 2 = -185 for North-South's view: East-West's own +185
    assert (score["score_ns"], score["score_ew"], score["result"]) == (-170, 185,
                                                                      "NS 3S E +1 / EW 50% 4S E -1, 50% 4S E =")
