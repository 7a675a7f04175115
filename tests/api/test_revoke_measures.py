"""Issue 34 over HTTP: the director's own figure (``likely_without_revoke``, ``likely_reason``) and
the offender's card (``offender_card``) given with the play, and the ruling's 64C measures.

The board is Sponvo30.pbn board 21, closed room (tests/helpers.py): 4H by West, North-South
vulnerable; South's D4 on a heart at trick 3 while holding H987 is an established revoke; the
record stops after trick 9 and the tricks not entered are valued double dummy. Bad input is a 422
naming the field, said as the director reads it.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY

URL = "/v1/rulings/revoke"


def board_21(**changes: Any) -> dict[str, Any]:
    """The revoke request for Sponvo30 board 21 by parts, the rest valued double dummy."""
    return {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
            "play": list(SPONVO30_PLAY), "rest_valued_double_dummy": True, **changes}


def _refused(client: TestClient, body: dict[str, Any]) -> tuple[str, str]:
    r = client.post(URL, json=body)
    assert r.status_code == 422, r.text
    [error] = r.json()["detail"]
    return str(error["loc"][-1]), error["msg"]


def test_the_directors_figure_out_of_0_to_13_is_refused_by_name(client: TestClient) -> None:
    where, why = _refused(client, board_21(likely_without_revoke=14))
    assert where == "likely_without_revoke" and "0 to 13 tricks for the declarer's side, not 14" in why


def test_a_reason_without_the_figure_is_refused_by_name(client: TestClient) -> None:
    where, why = _refused(client, board_21(likely_reason="declarer would have drawn trumps"))
    assert where == "likely_reason" and "needs the figure itself" in why


def test_the_directors_figure_twice_is_refused(client: TestClient) -> None:
    facts = {"trick": 3, "offender": "S", "revoke_trick_won_by": "W", "offending_side_tricks_after": 0,
             "likely_without_revoke": 10}
    where, why = _refused(client, board_21(table_result=9, rest_valued_double_dummy=False, play=SPONVO30_PLAY[:8],
                                           revoke_facts=facts, likely_without_revoke=10))
    assert where == "likely_without_revoke" and "once" in why


def test_an_offender_card_that_is_not_a_card_is_refused_by_name(client: TestClient) -> None:
    where, why = _refused(client, board_21(offender_card="HX"))
    assert where == "offender_card" and "HX" in why


def test_the_polish_answer_says_the_field_in_polish(client: TestClient) -> None:
    r = client.post(URL + "?lang=pl", json=board_21(likely_without_revoke=14))
    assert r.status_code == 422
    [error] = r.json()["detail"]
    assert error["loc"][-1] == "likely_without_revoke" and "nie 14" in error["msg"] and "not 14" not in error["msg"]


def test_a_ruling_without_a_revoke_has_no_measure(client: TestClient) -> None:
    """Two tricks, no revoke, the claim's figure: nothing to measure, no measure used."""
    r = client.post(URL, json=board_21(play=SPONVO30_PLAY[:8], rest_valued_double_dummy=False,
                                       claim_declarer_tricks=8))
    assert r.status_code == 200, r.text
    assert r.json()["revokes"] == [] and r.json()["measures"] == [] and r.json()["measure_why"] is None


def test_a_case_keeps_the_directors_figure_and_card_and_a_rerun_rules_the_same(client: TestClient) -> None:
    """The case file stores the request as given: the director's figure, its reason and the
    offender's card come back from ``GET /v1/cases/{id}``, and the re-run (the same request ruled
    again) finds no difference."""
    from tests.api.test_case_file import PAIRS
    from tests.api.test_events import hand_record_file, new_event, upload

    event = new_event(client)
    assert upload(client, event, hand_record_file()).status_code == 200
    given = {"likely_without_revoke": 10, "likely_reason": "declarer would have drawn trumps", "offender_card": "H7"}
    body = {"event": event, "board": "21", "round": "30", "table": "4", "pairs": PAIRS, "director": "Jan Kowalski",
            "contract": "4H", "declarer": "W", "play": list(SPONVO30_PLAY), "rest_valued_double_dummy": True} | given
    r = client.post("/v1/cases", json=body)
    assert r.status_code == 201, r.text
    case_id, ruling = r.json()["id"], r.json()["ruling"]
    stored = client.get(f"/v1/cases/{case_id}").json()
    assert {k: stored["request"][k] for k in given} == given
    rerun = client.post(f"/v1/cases/{case_id}/rerun")
    assert rerun.status_code == 200 and rerun.json()["same"] is True, rerun.json()["differences"]
    assert rerun.json()["ruling"]["measures"] == ruling["measures"]


def _played_out(**changes: Any) -> dict[str, Any]:
    """Board 21 played out, 8 tricks at the table (4H W -2)."""
    return board_21(rest_valued_double_dummy=False, table_result=8, **changes)


def _measures(out: dict[str, Any]) -> list[tuple[str, int, str, bool]]:
    return [(m["kind"], m["tricks"], m["result"], m["used"]) for m in out["measures"]]


def test_the_measures_of_board_21_and_the_one_used(client: TestClient) -> None:
    """Worked by hand in tests/web/test_measures_page.py: the table's own play without the revoke
    9 (followed to the end of the record, 36 cards), the table result plus what the revoke card
    changed 9, double dummy from before the revoke 10; the record goes on past the revoke trick,
    so the table's own play decides: 9 is no more than the 9 after the transfer, 4H W -1."""
    r = client.post(URL, json=_played_out())
    assert r.status_code == 200, r.text
    out = r.json()
    assert _measures(out) == [("table_play", 9, "4H W -1", True), ("swing", 9, "4H W -1", False),
                              ("double_dummy", 10, "4H W =", False)]
    assert out["measures"][0]["followed_cards"] == 36
    assert out["measure_why"].startswith("the record goes on past the revoke trick (trick 3)")
    assert (out["law_64c"]["applies"], out["suggested"]["result"]) == (False, "4H W -1")
    pl = client.post(URL + "?lang=pl", json=_played_out()).json()
    assert pl["measure_why"].startswith("Zapis rozgrywki sięga poza lewę") and "(lewa 3)" in pl["measure_why"]


def test_the_directors_figure_with_the_play_decides(client: TestClient) -> None:
    """His 10 (4H W =): East-West would likely have taken 10, more than the 9 they have after the
    transfer: 64C1, 4H W =; the engine's three measures are still shown beside it."""
    r = client.post(URL, json=_played_out(likely_without_revoke=10, likely_reason="declarer draws trumps"))
    assert r.status_code == 200, r.text
    out = r.json()
    assert _measures(out) == [("table_play", 9, "4H W -1", False), ("swing", 9, "4H W -1", False),
                              ("double_dummy", 10, "4H W =", False), ("director", 10, "4H W =", True)]
    assert "declarer draws trumps" in out["measure_why"]
    assert (out["law_64c"]["applies"], out["suggested"]["result"], out["suggested"]["law"]) == (True, "4H W =", "64C1")


def test_the_offenders_card_is_replayed(client: TestClient) -> None:
    """South's ♥7 instead of the ♦4: the record has him follow with the ♥7 at trick 4; the ♦4 that
    takes its place does not follow hearts, so the replay stops there, after 15 cards (tricks 1-3
    and the three cards played before South in trick 4)."""
    r = client.post(URL, json=_played_out(offender_card="H7"))
    assert r.status_code == 200, r.text
    table_play = r.json()["measures"][0]
    assert (table_play["kind"], table_play["followed_cards"]) == ("table_play", 15)
    r = client.post(URL, json=_played_out(offender_card="S2"))  # not one of South's legal cards at trick 3
    assert r.status_code == 422
    [error] = r.json()["detail"]
    assert error["loc"][-1] == "offender_card" and "H9, H8, H7" in error["msg"]


DEAL_4S = "N:JT42.K754.9653.Q Q3.J2.AKQJT874.7 87.Q863.2.KT6432 AK965.AT9..AJ985"
PLAY_4S = ("HK H2 H3 HA  CA CQ C7 C2  S9 S2 S3 C6  SA S4 SQ S7  SK SJ D4 S8  C5 D3 D7 C3  C8 D5 D8 C4  "
           "C9 D6 DT CT  CK CJ D9 DJ  D2 H9 ST DQ  H4 HJ HQ HT  H6 S5 H5 DK  S6 H7 DA H8").split()
"""Issue 34's first deal (tests/engine/rulings/test_equity_measures.py, docs/laws.md): 4S by West,
South discards the C6 on trick 3 holding S87; West's SA at trick 4 drops dummy's bare SQ, its only
entry; West makes 9 (4S W -1), 10 after the transfer (64A2)."""


def test_the_issues_4s_deal_the_three_measures_differ_and_the_table_play_decides(client: TestClient) -> None:
    """Worked from the issue's text: double dummy from before the revoke 11 and the table result
    plus the revoke card's change 9 + 2 = 11 (4S W +1 both); the table's own play without the revoke
    is followed card by card to trick 13 (South's spades at tricks 3 and 4, the C6 at trick 5): 9.
    It decides (the record goes on past the revoke trick): 9 is less than the 10 West has after the
    transfer, so 64C does not apply and the ruling is 4S W =, not the +1 the older measures gave."""
    r = client.post(URL, json={"deal": DEAL_4S, "contract": "4S", "declarer": "W", "vulnerable": "None",
                                "play": PLAY_4S})
    assert r.status_code == 200, r.text
    out = r.json()
    assert _measures(out) == [("table_play", 9, "4S W -1", True), ("swing", 11, "4S W +1", False),
                              ("double_dummy", 11, "4S W +1", False)]
    assert out["measures"][0]["followed_cards"] == 52
    assert (out["law_64c"]["applies"], out["suggested"]["result"]) == (False, "4S W =")
