"""Laws 68 and 79A: how play ended is said, never guessed (issue 24, section 1).

A record that stops before trick 13 after play ended was either played out (the table result,
79A, counts the tricks not entered), or ended in a claim (68: its figure, or, when the director
does not know it, the rest valued double dummy and labelled as assumed). Without one of the three
the ruling would rest on a guess: it is refused. Board: Sponvo 30 board 21 (tests/api/test_api.py),
4H by West, North leads; South revokes at trick 3 (D4 on hearts, holding H987); the record has
9 complete tricks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.errors import InvalidBoardError
from engine.laws.facts import RevokeFacts, RevokeReport
from engine.model import Seat
from engine.rulings.revoke import advise_revoke
from tests.api.test_api import DEAL, WITH_REVOKE
from tests.helpers import board, laptop

URL = "/v1/rulings/revoke"
CHOICES = ("table_result", "claim_declarer_tricks", "rest_valued_double_dummy")


def parts(**more: Any) -> dict[str, Any]:
    return {"deal": DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "play": WITH_REVOKE} | more


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def test_law_79a_68_early_stop_without_a_figure_is_refused(dds: SolverRunner, client: TestClient) -> None:
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(board(DEAL, "4H", "W", WITH_REVOKE, "NS"), facts=RevokeFacts(), solver=dds)
    assert (e.value.path, e.value.key, e.value.params) == ("table_result", "play_end_unknown", {"left": 4})
    r = client.post(URL, json=parts())
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "table_result"] and all(c in item["msg"] for c in CHOICES)
    # the page: the message beside the table-result field, in the page's language
    form = {"source": "parts", "deal": DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
            "play": " ".join(WITH_REVOKE)}
    html = client.post("/ruling", data=form).text
    assert 'id="err-table_result"' in html and "say how play ended" in html
    ru = client.post("/ruling", data=form | {"lang": "ru"}).text
    assert "укажите, как закончился розыгрыш" in ru


def test_law_79a_each_choice_is_accepted_and_labelled(client: TestClient) -> None:
    # 79A: table result 8 -> the 4 tricks not entered were played out, 3 of them to West's side.
    played = client.post(URL, json=parts(table_result=8)).json()
    assert played["claim"] | {} == {"assumed": False, "declarer_tricks": 3, "tricks_not_played": 4,
                                    "played_out": True, "counted": "table_result", "adjudicated": False}
    # West's side won 5 of the 9 tricks entered (8 - 3); the claim gives it 1 of the other 4: 6.
    claimed = client.post(URL, json=parts(claim_declarer_tricks=1)).json()
    assert claimed["claim"]["counted"] == "claim" and claimed["declarer_tricks"]["table"] == 6
    valued = client.post(URL, json=parts(rest_valued_double_dummy=True)).json()
    assert valued["claim"]["assumed"] is True and valued["claim"]["counted"] == "double_dummy"
    step = next(s for s in valued["steps"] if s["law"] == "68")
    assert "assumption" in step["text"] and "claim_declarer_tricks" in step["text"]  # the field that replaces it
    both = client.post(URL, json=parts(table_result=8, rest_valued_double_dummy=True))
    assert both.status_code == 422 and both.json()["detail"][0]["loc"] == ["body", "rest_valued_double_dummy"]
    # the page: "Table result" only when the table gave it; the valued figure labelled as valued
    form = {"source": "parts", "deal": DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
            "play": " ".join(WITH_REVOKE)}
    html = client.post("/ruling", data=form | {"table_result": "8"}).text
    assert '<dt id="table-label">Table result</dt>' in html
    html = client.post("/ruling", data=form | {"rest_valued_double_dummy": "1"}).text
    assert '<dt id="table-label">Result with the tricks not played valued double dummy (assumed)</dt>' in html
    assert "were valued double dummy" in html  # the sheet's Facts line


def test_law_68_mid_trick_stop_is_a_claim_only_when_the_director_says_so(dds: SolverRunner,
                                                                        client: TestClient) -> None:
    # The record stops after South's D4, the third card of trick 3: that trick is incomplete.
    short = WITH_REVOKE[:11]
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(board(DEAL, "4H", "W", short, "NS"), facts=RevokeFacts(), solver=dds)
    assert (e.value.path, e.value.key, e.value.params) == ("play", "play_mid_trick", {"trick": 3, "n": 3})
    r = client.post(URL, json=parts(play=short))
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "play"] and "middle of trick 3" in item["msg"] and "incomplete" in item["msg"]
    # a claim in the middle of trick 3 (Law 68 allows it), said by the director: ruled, 10 tricks to come
    ok = client.post(URL, json=parts(play=short, rest_valued_double_dummy=True))
    assert ok.status_code == 200, ok.text
    assert ok.json()["claim"]["tricks_not_played"] == 11 and ok.json()["claim"]["counted"] == "double_dummy"
    # West won tricks 1 and 2; the claim gives West's side 8 of the 11 not completed: 10.
    ok = client.post(URL, json=parts(play=short, claim_declarer_tricks=8))
    assert ok.status_code == 200 and ok.json()["declarer_tricks"]["table"] == 2 + 8


def test_law_79a_facts_only_ruling_of_a_played_out_board_never_cites_law_68(dds: SolverRunner,
                                                                              client: TestClient) -> None:
    # South revoked on trick 3, West won it, North-South won 5 tricks after it; table result 8.
    # 64A2: one trick to West's side, 9: 4H W -1, NS vulnerable, EW not: NS +50. Nothing was claimed.
    report = RevokeReport(3, Seat.SOUTH, Seat.WEST, 5)
    a = advise_revoke(board(DEAL, "4H", "W", [], "NS"), facts=RevokeFacts(table_result=8, reported=report),
                      solver=dds)
    assert (a.suggested_tricks, a.score_ns_suggested) == (9, 50)
    assert all(s.law != "68" and "not played out" not in s.text for s in a.steps)
    assert [(s.law, s.params) for s in a.steps if s.key == "played_out_unentered"] == [("79A", {"table": 8})]
    body = {"deal": DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "table_result": 8,
            "revoke_facts": {"trick": 3, "offender": "S", "revoke_trick_won_by": "W",
                             "offending_side_tricks_after": 5}}
    out = client.post(URL, json=body).json()
    assert all(s["law"] != "68" for s in out["steps"]) and out["claim"]["counted"] == "table_result"
    assert out["suggested"]["result"] == "4H W -1"
