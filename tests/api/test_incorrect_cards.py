"""docs/rulings.md part B (N1-N9): Laws 13 and 14 through ``POST /v1/rulings/incorrect-cards``.

Each case's expected law path and outcome is worked by hand from the source's facts and the
2017 Laws (docs/laws.md sections 1-3 and 10). Where a source gives only "x" for small cards,
the spot cards were filled in by hand; deals the source does not give are built on Sponvo30
board 21 (../shared/data) or on R1's deal (tests/engine/rulings/test_rulings_dd.py), as each test says.
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
from tests.engine.rulings.test_rulings_dd import R1_DEAL, R1_PLAY
from tests.helpers import laptop

pytestmark = pytest.mark.slow
URL = "/v1/rulings/incorrect-cards"
SPONVO = {"N": "T8752.6.AQ65.JT9", "E": "AQJ9.J.T873.Q843", "S": "K3.9872.KJ94.A52", "W": "64.AKQT543.2.K76"}


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds), raise_server_exceptions=False) as c:
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


def test_n5_variant_13c_surplus_card_in_a_quitted_trick_adjusted_score_is_the_directors_option(client):
    # 13C: "... an adjusted score MAY be awarded": play continues (or the result stands); the
    # adjusted score is proposed as the director's option, not as the ruling
    out = rule(client, hands=N5_HANDS, contract="3NT", declarer="S", play=["SA", "S2", "S9", "S3"],
               discovered="during_play")
    assert laws(out)[1:3] == ["13C", "13C"] and "option" in out["steps"][2]["text"]
    assert out["action"] == "correct_and_play_on" and not out["adjusted_score"] and out["adjusted_score_optional"]
    assert out["assigned"] is not None  # the corrected deal is known (the SA removed): an assigned score can be
    # West held 14 cards (he failed to count): EW directly at fault, NS not at fault
    assert artificial(out) == {"NS": (60, 3), "EW": (40, -3)}
    after = rule(client, hands=N5_HANDS, contract="3NT", declarer="S", play=["SA", "S2", "S9", "S3"],
                 discovered="after_play", table_tricks=9)
    assert after["action"] == "score_stands" and after["adjusted_score_optional"]
    assert after["scores"]["suggested"] == after["table_score_ns"] == 400  # 3NT S =, not vulnerable


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


# --- 14B1 / Law 67B: a card found among the played cards; a defective trick ------------------------
# R1's deal and play (4S by S, 9 tricks), given trick by trick.
R1_TRICKS_PLAYED = [t.split() for t in R1_TRICKS]
R1_HANDS = {"N": "Q743.A6.854.K532", "E": "J.987543.A92.JT9", "S": "AK852.KQT2.JT3.A", "W": "T96.J.KQ76.Q8764"}
# 67B2: at trick 1 East played his D2 with the H3 stuck behind it. One heart short, he follows hearts
# one card higher each time from trick 5 on, and at trick 10 (South's HT) he has no heart left and
# discards the C9; at trick 13 he has no card at all. The H3 is found among the played cards (14B1).
B2_TRICKS = [["DK", "D4", "D2", "H3", "D3"], *R1_TRICKS_PLAYED[1:4],
             "SA S6 S4 H4".split(), "S2 S9 SQ H5".split(), "HA H7 H2 HJ".split(), "H6 H8 HK C4".split(),
             "HQ C6 C2 H9".split(), "HT C7 C3 C9".split(), "CA C8 C5 CT".split(), "S8 ST S7 CJ".split(),
             "CQ CK S5".split()]
B2_HANDS = dict(R1_HANDS, E="J.98754.A92.JT9")


def _b2(client, **facts):
    return rule(client, hands=B2_HANDS, hand_record=R1_DEAL, contract="4S", declarer="S", vulnerable="EW",
                play=B2_TRICKS, discovered="after_play", **facts)


def test_14b1_67b2_two_cards_to_one_trick_restored_card_reveals_a_later_revoke(client):
    # 67B2: the D2 (faced) stays in trick 1, the H3 goes back to East's hand, held continuously.
    # Trick 1 stays West's (the DK). At trick 10 East discarded the C9 while holding the H3: a
    # revoke, established by West's play to trick 11. South won trick 10, not East; West won
    # trick 12 (ST): 64A2, one trick. The table result: North-South won tricks 4-11 and 13 (9),
    # so 10 tricks: 4S S =, North-South not vulnerable, +420.
    out = _b2(client)
    assert out["irregularity"]["missing"] == [{"card": "H3", "belongs_to": "E"}]
    assert laws(out)[1:3] == ["14B1", "67B2"]
    assert "D2 stays among the played cards" in out["steps"][2]["text"]
    assert "H3 is restored to his hand" in out["steps"][2]["text"]
    [rev] = out["revoke"]["revokes"]
    assert (rev["trick"], rev["player"], rev["card"], rev["suit_led"]) == (10, "E", "C9", "H")
    assert (rev["law"], rev["tricks_transferred"]) == ("64A2", 1)
    assert out["table_score_ns"] == -50  # 9 tricks: 4S S -1
    assert out["ruled_result"] == {"contract": "4S", "declarer": "S", "tricks": 10, "result": "4S S =",
                                   "score_ns": 420}


def test_14b1_67b2_revoke_found_after_the_round_ended_gets_no_transfer_64b5(client):
    # the same, but attention was first drawn to the revoke after the round ended: 64B5
    out = _b2(client, revoke_noticed="after_round_ended")
    [rev] = out["revoke"]["revokes"]
    assert (rev["law"], rev["tricks_transferred"]) == ("64B5", 0)
    assert out["ruled_result"]["tricks"] == 9 and out["ruled_result"]["score_ns"] == -50


def test_67b1_a_player_who_did_not_play_to_a_trick_is_deemed_to_have_revoked(client):
    # Every hand holds its 13 cards, but West did not play to trick 9 (South's HQ, North's C2,
    # East's H8): he has a card too many. 67B1: deemed revoke on trick 9; East-West won trick 12:
    # one trick under 64A2. 9 tricks at the table -> 10: 4S S =, +420.
    tricks = [*R1_TRICKS_PLAYED[:8], ["HQ", "C2", "H8"], *R1_TRICKS_PLAYED[9:]]
    out = rule(client, hands=R1_HANDS, hand_record=R1_DEAL, contract="4S", declarer="S", vulnerable="EW",
               play=tricks, discovered="after_play")
    assert laws(out)[1:3] == ["67B", "67B1"] and "W did not play a card to trick 9" in out["steps"][2]["text"]
    assert out["table_score_ns"] == -50
    assert out["ruled_result"]["tricks"] == 10 and out["ruled_result"]["score_ns"] == 420


def test_14b1_with_a_play_that_cannot_tell_67b1_from_67b2_asks_for_it(client):
    # West's C4 found among the played cards, the play given card by card (four to a trick): the
    # record cannot show which player played too few or too many cards to which trick
    hands = dict(R1_HANDS, W="T96.J.KQ76.Q876")
    body = {"hands": hands, "contract": "4S", "declarer": "S", "vulnerable": "EW", "play": R1_PLAY.split(),
            "discovered": "after_play", "missing_found": "among_played_cards"}
    out = rule(client, **body)
    assert laws(out)[1:3] == ["14B1", "67B"] and "trick by trick" in out["steps"][2]["text"]
    assert out["ruled_result"] is None
    # the director says West did not play to trick 8 (67B1): deemed revoke; EW won trick 12: one trick
    out = rule(client, **body, defect="failed_to_play", defective_trick=8)
    assert laws(out)[1:3] == ["14B1", "67B1"]
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


# --- the command line: docs/laws.md's worked 14/12 example (Sponvo30.pbn board 21, the C9 moved) ----

EXAMPLE = Path(__file__).resolve().parent.parent / "cases" / "incorrect_cards_14_12.json"


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
