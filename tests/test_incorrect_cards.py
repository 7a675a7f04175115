"""docs/rulings.md part B (N1-N9): Laws 13 and 14 through ``POST /v1/rulings/incorrect-cards``.

Each case's expected law path and outcome is worked by hand from the source's facts and the
2017 Laws (docs/laws.md sections 1-3 and 10). Where a source gives only "x" for small cards,
the spot cards were filled in by hand; deals the source does not give are built on Sponvo30
board 21 (../shared/data) or on R1's deal (tests/test_rulings_dd.py), as each test says.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.cli import main as cli_main
from app.main import create_app
from engine.dd import SolverRunner
from tests.test_rulings_dd import R1_PLAY

pytestmark = pytest.mark.slow
URL = "/v1/rulings/incorrect-cards"
SPONVO = {"N": "T8752.6.AQ65.JT9", "E": "AQJ9.J.T873.Q843", "S": "K3.9872.KJ94.A52", "W": "64.AKQT543.2.K76"}


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with TestClient(create_app(dds), raise_server_exceptions=False) as c:
        yield c


def rule(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post(URL, json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def laws(out: dict[str, Any]) -> list[str]:
    return [s["law"] for s in out["steps"]]


def artificial(out: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {side: (a["percent"], a["imps"]) for side, a in (out["artificial"] or {}).items()}


# --- N1: a duplicate S3, the S6 missing (13C, then 13B2: artificial, nobody at fault) ------------

N1_HANDS = {"N": "T8753.6.AQ65.JT9", "E": "AQJ9.J.T873.Q843", "S": "K2.9872.KJ94.A52", "W": "43.AKQT543.2.K76"}


def test_n1_duplicate_card_surplus_removed_then_artificial_average_plus_to_both(client):
    # West leads the S3; dummy (North) also holds the S3; the S6 is not in the pack.
    out = rule(client, hands=N1_HANDS, contract="2D", declarer="S", play=["S3"], discovered="during_play",
               missing_found="not_found")
    irr = out["irregularity"]
    assert [(x["card"], x["certain"]) for x in irr["surplus"]] == [("S3", False)]
    assert [x["card"] for x in irr["missing"]] == ["S6"]
    assert laws(out)[1:3] == ["13C", "13B2"]
    assert out["action"] == "artificial_adjusted_score" and out["assigned"] is None
    assert artificial(out) == {"NS": (60, 3), "EW": (60, 3)}  # Ave+ / Ave+: nobody at this table at fault


# --- N2: East 14, North 12, found after play (13D: the result is cancelled) -----------------------

N2_FOUND = {"N": "AQT87.987.98.AK", "E": "J9654.QJT6.AQ.QJ9", "S": "K3.A54.JT76.T876", "W": "2.K32.K5432.5432"}
N2_RECORD = "N:AQJT87.987.98.AK 9654.QJT6.AQ.QJ9 K3.A54.JT76.T876 2.K32.K5432.5432"


def _two_nt_doubled_nv(tricks: int) -> int:
    """Law 77 by hand for 2NTX not vulnerable, declarer's points."""
    if tricks >= 8:
        return 2 * 70 + 300 + 50 + 100 * (tricks - 8)
    down = 8 - tricks
    return -(100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0))


def test_n2_13d_with_the_hand_record_assigns_the_double_dummy_result_on_the_corrected_deal(client):
    from endplay.dds import calc_dd_table  # the independent oracle: DDS directly, not through our layer
    from endplay.types import Deal as EpDeal

    out = rule(client, hands=N2_FOUND, hand_record=N2_RECORD, contract="2NTX", declarer="E", table_tricks=7,
               discovered="after_play")
    irr = out["irregularity"]
    assert irr["law"] == "13" and irr["counts"] == {"N": 12, "E": 14, "S": 13, "W": 13}
    assert irr["moved"] == [{"card": "SJ", "found_in": "E", "belongs_to": "N"}]
    assert laws(out)[1] == "13D" and out["action"] == "assigned_adjusted_score"
    assert out["table_score_ns"] == 100  # 2NTX one down, not vulnerable: the result that is cancelled
    dd = calc_dd_table(EpDeal(N2_RECORD)).to_list()[4][1]  # no trump, East declaring
    assert out["assigned"]["tricks"] == dd == out["double_dummy"]["contract_tricks"]
    assert out["assigned"]["score_ns"] == -_two_nt_doubled_nv(dd)
    assert artificial(out) == {"NS": (40, -3), "EW": (40, -3)}  # the alternative: both failed to count


def test_n2_13d_without_the_hand_record_is_average_minus_to_both(client):
    out = rule(client, hands=N2_FOUND, contract="2NTX", declarer="E", table_tricks=7, discovered="after_play")
    assert laws(out)[1:3] == ["13D", "12C2(a)"]
    assert out["action"] == "artificial_adjusted_score" and out["double_dummy"] is None
    assert artificial(out) == {"NS": (40, -3), "EW": (40, -3)}


# --- N3 / N4: 14-12 found during play (13B2), artificial by responsibility -----------------------

def test_n3_east_14_west_12_gives_north_south_average_plus_not_the_clubs_average(client, dds):
    hands = dict(SPONVO, E="AQJ9.J.T873.Q8643", W="64.AKQT543.2.K7")  # the C6 moved from West to East
    before = dds.cache.stats.misses
    out = rule(client, hands=hands, contract="4H", declarer="W", vulnerable="NS", discovered="during_play")
    assert laws(out)[1:3] == ["13B2", "12C2(a)"]
    # 12C2(a): North-South in no way at fault get average plus (the club gave them average)
    assert artificial(out) == {"NS": (60, 3), "EW": (40, -3)}
    assert out["double_dummy"] is None and dds.cache.stats.misses == before  # unequal hands never reach DDS


def test_n4_declarer_and_dummy_holding_14_and_12_are_at_fault(client):
    hands = dict(SPONVO, N="T8752.6.AQ654.JT9", S="K3.9872.KJ9.A52")  # the D4 moved from South to North
    out = rule(client, hands=hands, contract="3D", declarer="S", discovered="during_play")
    assert laws(out)[1] == "13B2"
    assert artificial(out) == {"NS": (40, -3), "EW": (60, 3)}


def test_n4_once_the_moved_card_is_played_the_deal_cannot_be_played_normally(client):
    hands = dict(SPONVO, N="T8752.6.AQ654.JT9", S="K3.9872.KJ9.A52")
    record = "N:" + " ".join(SPONVO[s] for s in "NESW")
    out = rule(client, hands=hands, hand_record=record, contract="3D", declarer="S", calls_unaffected=True,
               play=["D2", "D4", "D3", "D9"], discovered="during_play")  # dummy played the moved D4
    assert laws(out)[1] == "13B2" and out["adjusted_score"]


# --- N5: a surplus SA from the previous board led to a trick (13C) --------------------------------

N5_HANDS = {"N": "T8752.6.AQ65.JT9", "E": "KQJ9.J.T873.Q843", "S": "A3.9872.KJ94.A52", "W": "A64.AKQT543.2.K76"}


def test_n5_surplus_card_not_in_a_quitted_trick_no_adjusted_score(client):
    out = rule(client, hands=N5_HANDS, contract="3NT", declarer="S", play=["SA", "S2", "S9"],
               discovered="during_play")
    assert out["irregularity"]["surplus"] == [{"card": "SA", "found_in": "W", "certain": True}]
    assert laws(out)[1:3] == ["13C", "13C"] and "53-57" in out["steps"][2]["text"]
    assert out["action"] == "correct_and_play_on" and not out["adjusted_score"] and out["artificial"] is None


def test_n5_variant_surplus_card_in_a_quitted_trick_opens_an_adjusted_score(client):
    out = rule(client, hands=N5_HANDS, contract="3NT", declarer="S", play=["SA", "S2", "S9", "S3"],
               discovered="during_play")
    assert laws(out)[1:3] == ["13C", "12A2"] and out["adjusted_score"]
    assert out["action"] == "assigned_adjusted_score"  # the corrected deal is known: the SA removed


# --- N6: two extra cards found during the auction (13C): removed, the result stands ---------------

N6_HANDS = dict(SPONVO, W="64.AKQT543.AK2.K76")  # West holds a second DA and DK


def test_n6_extra_cards_removed_during_the_auction_play_on(client):
    out = rule(client, hands=N6_HANDS, discovered="during_auction")
    assert sorted(x["card"] for x in out["irregularity"]["surplus"]) == ["DA", "DK"]
    assert out["irregularity"]["law"] == "13C"
    assert out["action"] == "correct_and_play_on" and not out["adjusted_score"]


def test_n6_after_play_the_result_stands_and_no_artificial_split(client):
    out = rule(client, hands=N6_HANDS, contract="4H", declarer="W", table_tricks=10, discovered="after_play")
    assert out["action"] == "score_stands" and out["artificial"] is None
    assert out["table_score_ns"] == -420  # 4H by West, 10 tricks, not vulnerable


# --- N7: the SA missing, the board passed out; found on the floor afterwards ----------------------

def test_n7_passed_out_with_a_card_missing_both_sides_partly_at_fault_50_50(client):
    hands = dict(SPONVO, E="QJ9.J.T873.Q843")
    out = rule(client, hands=hands, discovered="after_play", missing_found="elsewhere",
               fault={"NS": "partly_at_fault", "EW": "partly_at_fault"})
    assert out["irregularity"]["missing"] == [{"card": "SA", "belongs_to": "E"}]
    assert laws(out)[1:3] == ["14A3", "12A2"]
    assert out["action"] == "artificial_adjusted_score"
    assert artificial(out) == {"NS": (50, 0), "EW": (50, 0)}  # no swing


# --- N8 / N9: a missing card restored (14B2, 14B4): failure to have played it is a revoke ----------

# R1's deal and play, except that East's H9 was missing: at trick 10 (South leads HT) East,
# without the H9, discarded the CJ. Restored, East held the H9 throughout: a revoke at trick 10,
# established by trick 11. East-West won trick 12 (West's ST), so 64A2 transfers one trick.
R1_TRICKS = R1_PLAY.split("  ")
N8_PLAY = " ".join([*R1_TRICKS[:9], "HT C7 C3 CJ", "CA C8 C5 C9", "S8 ST S7 CT"]).split()
N8_HANDS = {"N": "Q743.A6.854.K532", "E": "J.87543.A92.JT9", "S": "AK852.KQT2.JT3.A", "W": "T96.J.KQ76.Q8764"}


def _restored(client: TestClient, play: list[str]) -> dict[str, Any]:
    return rule(client, hands=N8_HANDS, contract="4S", declarer="S", vulnerable="EW", play=play,
                discovered="during_play", missing_found="elsewhere")


def test_n8_card_found_in_the_next_boards_pocket_at_trick_11_revoke_one_trick(client):
    out = _restored(client, N8_PLAY[:44])
    assert out["irregularity"]["missing"] == [{"card": "H9", "belongs_to": "E"}]
    assert laws(out)[1:4] == ["14B2", "14B4", "14C"]
    [rev] = out["revoke"]["revokes"]
    assert (rev["trick"], rev["player"], rev["card"], rev["law"], rev["tricks_transferred"]) == (10, "E", "CJ",
                                                                                                 "64A2", 1)
    # 8 tricks to North-South in tricks 1-11, one of the last two double dummy, plus the transfer
    assert out["ruled_result"] == {"contract": "4S", "declarer": "S", "tricks": 10, "result": "4S S =",
                                   "score_ns": 420}


def test_n9_a_card_short_at_trick_13_found_on_the_floor_is_a_revoke(client):
    out = _restored(client, N8_PLAY)
    assert any("penalty card (Law 50)" in s["text"] for s in out["steps"])
    [rev] = out["revoke"]["revokes"]
    assert (rev["trick"], rev["player"], rev["law"]) == (10, "E", "64A2")
    assert out["ruled_result"]["tricks"] == 10 and out["ruled_result"]["score_ns"] == 420


def test_14b1_card_among_the_played_cards_is_a_deemed_revoke_67b1(client):
    # R1 as played (4S one down), West's C4 found stuck in the quitted cards of trick 8
    hands = dict(N8_HANDS, E="J.987543.A92.JT9", W="T96.J.KQ76.Q876")
    out = rule(client, hands=hands, contract="4S", declarer="S", vulnerable="EW", play=R1_PLAY.split(),
               discovered="after_play", missing_found="among_played_cards", defective_trick=8)
    assert laws(out)[1:3] == ["14B1", "67B1"]
    assert out["table_score_ns"] == -50  # 9 tricks: one down, not vulnerable
    # West is deemed to have revoked on trick 8; West won trick 12: one trick (64A2)
    assert out["ruled_result"]["tricks"] == 10 and out["ruled_result"]["score_ns"] == 420


def test_a_correct_deal_reports_no_irregularity(client):
    out = rule(client, hands=SPONVO, hand_record="N:" + " ".join(SPONVO[s] for s in "NESW"),
               discovered="during_play")
    assert out["action"] == "no_irregularity" and out["irregularity"]["law"] is None


# --- bad input: 422 with the field and the reason ----------------------------------------------------

@pytest.mark.parametrize(("body", "loc", "needle"), [
    ({"hands": {"N": "AKQ", "E": "-", "S": "-", "W": "-"}}, ["body", "hands", "N"], "four suits"),
    ({"hands": dict(SPONVO, E="AQJ9.J.T873.Q84X")}, ["body", "hands", "E"], "not a rank"),
    ({"hands": dict(SPONVO, N="AKQJT98765432.AKQJT98.-.-".replace("-", ""))}, ["body", "hands", "N"], "at most"),
    ({"hands": SPONVO, "hand_record": "N:T8752.6.AQ65.JT AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"},
     ["body", "hand_record"], "13 cards"),
    ({"hands": SPONVO, "play": ["CJ"]}, ["body", "contract"], "contract"),
    ({"hands": SPONVO, "hand_record": "N:T8752.J.AQ65.JT9 AQJ9.6.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"},
     ["body", "hands"], "fouled board"),
    ({"hands": SPONVO, "defective_trick": 3}, ["body", "defective_trick"], "14B1"),
])
def test_bad_input_gets_422_with_the_field(client, body, loc, needle):
    r = client.post(URL, json={"discovered": "during_play", **body})
    assert r.status_code == 422, r.text
    [item] = r.json()["detail"]
    assert item["loc"] == loc and needle in item["msg"]


def test_missing_hand_and_half_a_contract_are_422(client):
    r = client.post(URL, json={"hands": {"N": SPONVO["N"]}, "discovered": "after_play"})
    assert r.status_code == 422 and "missing: E, S, W" in r.text
    r = client.post(URL, json={"hands": SPONVO, "contract": "4H", "discovered": "after_play"})
    assert r.status_code == 422 and "both `contract` and `declarer`" in r.text


# --- the command line: the README's worked 14/12 example (Sponvo30.pbn board 21, the C9 moved) ----

EXAMPLE = Path(__file__).resolve().parent / "cases" / "incorrect_cards_14_12.json"


def test_cli_rules_the_readme_example_like_the_api(capsys, client):
    assert cli_main(["incorrect-cards", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "[13D]" in text and "C9 was in W's hand; the hand record gives it to N" in text
    # 4H by West on the corrected deal: 9 tricks double dummy, as in the revoke ruling of this board
    assert "Assigned adjusted score: 4H W -1  (NS +50)" in text
    assert cli_main(["incorrect-cards", str(EXAMPLE), "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    api = client.post(URL, json=json.loads(EXAMPLE.read_text())).json()
    assert cli == api


def test_cli_bad_case_exits_2_naming_the_field(capsys, tmp_path):
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"hands": dict(SPONVO, E="AQJ9.J.T873.Q84X"), "discovered": "after_play"}))
    assert cli_main(["incorrect-cards", str(case)]) == 2
    assert "hands/E" in capsys.readouterr().err


def test_a_play_that_does_not_fit_the_hands_as_found_is_422(client):
    # North leads (West declares); the SA is East's, not North's
    r = client.post(URL, json={"hands": SPONVO, "contract": "4H", "declarer": "W", "play": ["CJ", "C3", "C2", "CK",
                                                                                           "HA", "SA"],
                               "discovered": "during_play"})
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "play", 5] and "SA at trick 2 (N to play)" in item["msg"]
