"""Law 62 (with 50, 16C, 63A1, 64C): a revoke noticed during play, worked by hand from the 2017 text.

The deal is built for rulings.md R20 (BBO Laws forum, "SB" story): 6S by South, North-South
vulnerable, West leads H2. Declarer cashes SA and SK, then leads CQ from hand; West ruffs with SJ
while holding CA54, and attention is drawn before West plays to trick 5. The revoke is not
established (63A1 needs the offending side to have played to the next trick): it must be corrected
(62A), and West's card, from a defender's unfaced hand, becomes a major penalty card (62B1; 50B: a
card exposed in revoking and then correcting). In the source, West later won CA, had to lead the
penalty card, declarer claimed, and "the score stands": 6S S = (+1430).

Hands (N E S W): N SQ43 HAK5 DAKQ4 C763; E S5 HQJ73 D87632 CK82; S SAKT987 H64 D5 CQJT9;
W SJ62 HT982 DJT9 CA54. Trick 1: W H2, N HA, E H3, S H4 (North). Trick 2: N S3, E S5, S SA, W S2
(South). Trick 3: S SK, W S6, N S4, E H7 (South; East has no spade left). Trick 4: S CQ, W SJ: the
record stops there, where attention was drawn. Declarer's side won 3 of the 3 completed tricks.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.laws.facts import Noticed, RevokeFacts
from engine.rulings.revoke import advise_revoke
from tests.helpers import board, laptop

R20_DEAL = "N:Q43.AK5.AKQ4.763 5.QJ73.87632.K82 AKT987.64.5.QJT9 J62.T982.JT9.A54"
R20_PLAY = "H2 HA H3 H4 S3 S5 SA S2 SK S6 S4 H7 CQ SJ"
URL = "/v1/rulings/revoke"
BODY = {"deal": R20_DEAL, "contract": "6S", "declarer": "S", "vulnerable": "NS", "play": R20_PLAY.split(),
        "noticed": "during_play"}


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def test_law_62a_62b1_50d_16c_noticed_during_play_says_what_to_do_now(dds: SolverRunner) -> None:
    a = advise_revoke(board(R20_DEAL, "6S", "S", R20_PLAY, "NS"), facts=RevokeFacts(noticed=Noticed.DURING_PLAY),
                      solver=dds)
    [x] = a.rulings
    assert not x.establishment.established and x.establishment.law == "62A" and x.transfer is None
    assert a.provisional
    keys = [s.key for s in a.steps]
    # what happens now: West withdraws SJ, plays a club; SJ a major penalty card (62B1, 50B), 50D1/50D2, 16C/50E
    now = next(s for s in a.steps if s.key == "during_penalty_card")
    assert now.law == "50D" and now.params == {"seat": "W", "card": "SJ"}
    for law in ("62B1", "50B", "50D1", "50D2", "16C2", "50E2", "50E1"):
        assert law in now.text
    # no table result yet, no score to enter: a provisional projection, and the field that replaces it
    assert "enter" not in keys and "table_result" not in keys and keys[-1] == "provisional"
    assert "table_result" in a.steps[-1].text and "Provisional, not a score to enter" in a.steps[-1].text


def test_law_62a_through_the_api_and_the_page_is_provisional(client: TestClient) -> None:
    out = client.post(URL, json=BODY).json()
    assert out["suggested"]["provisional"] is True and out["claim"]["counted"] == "projection"
    assert [(r["trick"], r["player"], r["card"], r["established"]) for r in out["revokes"]] == [(4, "W", "SJ", False)]
    assert not any(s["text"].startswith("Score to enter") for s in out["steps"])
    form = {"source": "parts", "deal": R20_DEAL, "contract": "6S", "declarer": "S", "vulnerable": "NS",
            "play": R20_PLAY, "noticed": "during_play"}
    html = client.post("/ruling", data=form).text
    assert 'id="provisional"' in html and 'id="suggested"' not in html  # no "Score to enter" box
    assert "Provisional: play is not over" in html and "major penalty card" in html
    assert "rule again with the table result when it ends" in html  # the sheet says provisional
    pl = client.post("/ruling?lang=pl", data=form | {"lang": "pl"}).text
    assert "Tymczasowo: rozgrywka się nie skończyła" in pl and "duża karta przygwożdżona" in pl


def test_law_62a_64c_corrected_then_played_out_the_table_result_stands(dds: SolverRunner) -> None:
    # R20: the play went on after the correction; 6S made (12 tricks). 62A: no transfer; 64C does
    # not apply to a corrected revoke; the table result stands: 6S S =, NS vulnerable: 180 + 500 +
    # 750 = +1430. Before issue 24 this was refused (a table result "during play").
    a = advise_revoke(board(R20_DEAL, "6S", "S", R20_PLAY, "NS"),
                      facts=RevokeFacts(noticed=Noticed.DURING_PLAY, table_result=12), solver=dds)
    assert not a.provisional and a.claim.played_out and (a.claim.tricks, a.claim.declarer_tricks) == (10, 9)
    [x] = a.rulings
    assert not x.establishment.established and x.transfer is None  # corrected: no trick transfer (62A)
    assert (a.table_tricks, a.after_adjustment, a.suggested_tricks) == (12, 12, 12)
    assert (a.suggested_result, a.score_ns_suggested, a.suggested_law) == ("6S S =", 1430, "62A")
    assert not a.law_64c.applies
    keys = [s.key for s in a.steps]
    assert "resumed" in keys and "resumed_corrected" in keys and keys[-1] == "enter"
    stands = next(s for s in a.steps if s.key == "resumed_corrected")
    assert "64C does not apply" in stands.text and "Law 16" in stands.text and "62B" in stands.text
    assert "replay" not in keys  # the corrected trick was played at the table, not valued double dummy


def test_law_62a_played_out_through_the_api_and_the_page(client: TestClient) -> None:
    out = client.post(URL, json=BODY | {"table_result": 12})
    assert out.status_code == 200, out.text
    body = out.json()
    assert body["suggested"] == {"declarer_tricks": 12, "result": "6S S =", "score_ns": 1430, "law": "62A",
                                 "provisional": False}
    assert body["claim"]["counted"] == "table_result"
    form = {"source": "parts", "deal": R20_DEAL, "contract": "6S", "declarer": "S", "vulnerable": "NS",
            "play": R20_PLAY, "noticed": "during_play", "table_result": "12"}
    html = client.post("/ruling", data=form).text
    assert 'id="suggested"' in html and "6S S =" in html and "+1430" in html
    assert "The tricks not entered were played out: the table result (12 tricks) counts them." in html
