"""The published rulings reproduced (issue 38): each entry of the alternatives corpus
(``tests/engine/rulings/alternatives_corpus/rulings.json``, named after its source) asked of
``POST /v1/rulings/alternatives`` with the entry's deal, the table's result, the law and the
committee's (or director's) alternatives with their tricks and weights.

What is checked, each against the SOURCE's own figure (the corpus, worked from the page), never the
code's output:

- each outcome comes back as the committee gave it (``rule: director``, its tricks, its weight) and
  its Law 77 score equals the score the source states; where the source's own arithmetic is wrong
  (the corpus's ``source_arithmetic``) the test is an expected failure naming the error, and a
  second test asserts the lawful figure worked by hand;
- the table's score as the source states it;
- where the source gives a final figure and its field (03-AU-5: +2.4 IMPs against the other
  room's NS -620), the route's IMP form gives it (the lawful +2.6; the page's +2.4 an xfail);
- the advisor's own double-dummy evidence (``double_dummy.by_lead`` and ``with_table_lead``) equals
  the corpus's direct-solver figures (``dd``, endplay's ``solve_board`` called by ``build.py``), and
  the table "Published rulings beside the advisor's evidence" in docs/laws.md shows exactly those
  figures (:func:`dd_words` writes each cell from the engine's answer; the test finds it in the row).

BBO 37443's split score (the non-offenders keep the table result, the offenders are weighted) is
asked with ``table_result_kept_by``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.model.contract import Contract
from engine.model.seats import Seat, Vulnerability
from engine.scoring.imps import imps
from engine.scoring.law77 import score_ns
from tests.helpers import laptop

CORPUS = Path(__file__).parent / "alternatives_corpus" / "rulings.json"
ENTRIES: list[dict[str, Any]] = json.loads(CORPUS.read_text())
BY_ID = {e["id"]: e for e in ENTRIES}
LAWS_MD = Path(__file__).resolve().parents[3] / "docs" / "laws.md"
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}



@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One service in process for the module (laptop mode, SQLite): the route stores nothing for
    these requests (no event), so the database's kind does not matter here."""
    db = tmp_path_factory.mktemp("published") / "advisor.sqlite3"
    with laptop(create_app(dds, database_url=f"sqlite:///{db}"), raise_server_exceptions=False) as c:
        yield c


ROUTE_LAWS = {"16B", "21B", "40B", "73C", "75"}
"""The laws the route names; any other law of the corpus (73F, a false inference from an
opponent's tempo) goes to it as ``other``."""


def request_of(entry: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """The request the director would type for ``entry``: its deal, the table's result, the law and
    each published outcome as an alternative with the committee's tricks, weights as percentages."""
    t = entry["table_result"]
    outcomes = entry["published"]["outcomes"]
    return {"deal": entry["deal"], "dealer": entry["dealer"], "vulnerable": entry["vulnerable"],
            "table_result": {"contract": t["contract"], "declarer": t["declarer"], "tricks": t["tricks"],
                             "lead": t["lead"]},
            "law": entry["law"] if entry["law"] in ROUTE_LAWS else "other",
            "alternatives": [{"contract": o["contract"], "declarer": o["declarer"], "tricks": o["tricks"]}
                             for o in outcomes],
            "weights": [f"{o['weight']}%" for o in outcomes]} | extra


def ask(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/v1/rulings/alternatives", json=body)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def lawful(entry: dict[str, Any], c: dict[str, Any]) -> int:
    """Law 77 score of ``c`` (a contract, declarer and tricks of the corpus) on ``entry``'s board,
    by the project's Law 77 table (itself tested against the law's table elsewhere)."""
    return score_ns(Contract.from_str(c["contract"], Seat(c["declarer"])), c["tricks"],
                    Vulnerability(entry["vulnerable"]))


def _rows(check: str) -> list[Any]:
    """One param per entry; an xfail naming the source's error where ``check`` (``"outcomes"`` or
    ``"table"``) meets a score the source got wrong."""
    rows = []
    for e in ENTRIES:
        marks = []
        wrong = e.get("source_arithmetic")
        if wrong:
            items = e["published"]["outcomes"] if check == "outcomes" else [e["table_result"]]
            if any(i["score_ns"] is not None and lawful(e, i) != i["score_ns"] for i in items):
                marks.append(pytest.mark.xfail(strict=True, reason=wrong))
        rows.append(pytest.param(e, id=e["id"], marks=marks))
    return rows


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_the_route_gives_the_committees_outcomes_with_its_tricks_and_weights(client: TestClient,
                                                                             entry: dict[str, Any]) -> None:
    got = ask(client, request_of(entry))
    pub = entry["published"]["outcomes"]
    assert len(got["alternatives"]) == len(pub)
    for alt, o in zip(got["alternatives"], pub, strict=True):
        assert (alt["contract"], alt["declarer"]) == (o["contract"], o["declarer"])
        assert alt["rule"] == "director"
        assert Fraction(alt["weight"]) == Fraction(o["weight"]) / 100
        [out] = alt["outcomes"]
        assert out["tricks"] == o["tricks"]
        assert Fraction(out["weight"]) == Fraction(o["weight"]) / 100
    assert sum(Fraction(o["weight"]) for a in got["alternatives"] for o in a["outcomes"]) == 1
    assert got["weights_defaulted"] is False


@pytest.mark.parametrize("entry", _rows("outcomes"))
def test_each_outcome_scores_as_the_source_states_it(client: TestClient, entry: dict[str, Any]) -> None:
    stated = [o["score_ns"] for o in entry["published"]["outcomes"]]
    if all(s is None for s in stated):
        pytest.skip("the source states no score for its outcomes (tricks only): see the Law 77 test below")
    got = ask(client, request_of(entry))
    for alt, s in zip(got["alternatives"], stated, strict=True):
        if s is not None:
            assert alt["outcomes"][0]["score_ns"] == s


# Each outcome's Law 77 score worked by hand from the law's table (vulnerability from the source):
LAW77_BY_HAND: dict[str, list[int]] = {
    # 3NT W (EW vul) 10 tricks: 100 + 30 + 500 game bonus = -630; 7 tricks: two down vul = +200.
    "dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt": [-630, 200],
    # 3H N (all vul) 9 tricks: 90 + 50 = +140; 8 tricks: one down vul = -100.
    "dbf_appeal_09_au_6_3h_diamond_lead_screen_explanations": [140, -100],
    # 3D E (NS vul, EW not) 10: 60 + 20 + 50 = -130; 3S W 9: 90 + 50 = -140.
    "bbo_forum_37443_misinformation_split_score_3nt_multi": [-130, -140],
    # 3C S (EW vul, NS not) 9: 60 + 50 = +110.
    "nswba_2005_appeal5_3h_balance_after_slow_pass": [110],
    # 3NT W (EW vul) 4 tricks: five down vul undoubled = +500.
    "nswba_2008_appeal2_3s_explained_game_forcing_3nt_doubled": [500],
    # 4SX E (all vul) 10: 240 + 500 + 50 = -790.
    "nswba_2009_appeal2_5h_pull_of_slow_double": [-790],
    # 5DX E (EW not vul) 9: two down doubled non-vul = 100 + 200 = +300.
    "nswba_2010_appeal3_5h_pull_of_slow_double_of_5d": [300],
    # 3NT E (EW not vul) 9: 40 + 60 + 300 = -400; 8 tricks: one down non-vul = +50.
    "usbf_2016_usbc_appeal4_3nt_spade_queen_after_meckwell_2d": [-400, 50],
    # 6H S (all vul) 12: 180 + 500 + 750 = +1430; 11: one down vul = -100; 4H S 11: 120 + 30 + 500 = +650.
    "bridgewinners_td_decision_scratching_my_head_2nt_two_explanations": [1430, -100, 650],
    # 5H E (all vul) 12: 150 + 30 + 500 = -680.
    "nswba_2004_appeal2_6h_after_slow_4nt_and_5h": [-680],
    # 4HX E (none vul) 8: two down doubled non-vul = 100 + 200 = +300.
    "nswba_2005_appeal2_4s_after_pass_card_withdrawn": [300],
    # 6NT N (none vul) 9: three down undoubled non-vul = +150 to EW, NS -150.
    "acbl_2015_spring_nabc_case1_6nt_after_unalerted_2h": [-150],
    # 3CX E (all vul) 8: one down doubled vul = +200.
    "nswba_1999_appeal1_slow_double_of_3c_4h": [200],
    # 5DX W (EW not vul) 9: two down doubled non-vul = 100 + 200 = +300.
    "nswba_1999_appeal2_correctable_4s_5s_pull": [300],
    # 6D W (none vul) 11 tricks: one down non-vul = +50; 12 tricks: 6 x 20 = 120 + 300 game + 500 slam = -920.
    "ebl_2009_sanremo_appeal1_6d_slow_discard_split_weighted": [50, -920],
    # 4H N (none vul) 10: 120 + 300 = +420.
    "nswba_2006_appeal1_twerb_2s_explanation_4h": [420],
    # 5S N (NS vul) 12: 150 + 30 + 500 = +680.
    "acbl_2012_summer_nabc_case1_5s_not_6s_after_slow_5s": [680],
    # 4H W (all vul) 13: 120 + 90 + 500 = -710.
    "dbf_appeal_05_au_8_4h_not_6h_after_pause_before_4h": [-710],
    # 3NT S (NS vul) 10: 130 + 500 = +630; 3HX W (EW not vul) 6: three down doubled non-vul = 100+200+200 = +500.
    "sbf_lk_1403_chairmans_cup_3h_overcall_withheld": [630, 500],
    # 3NTX E (all vul) 8: one down doubled vul = +200 (the page prints -200).
    "usbf_2016_usbc_appeal1_3nt_doubled_diamond_lead": [200],
    # 4HX N (NS not vul) 9: one down doubled non-vul = -100.
    "acbl_1997_fall_nabc_case1_4s_after_slow_double_of_4h": [-100],
    # 3NT N (none vul) 11: 40 + 4 x 30 = 160, + 300 game = +460; 2H N 7: one down non-vul = -50.
    "bbo_forum_80632_rate_my_ruling_polish_club_1d_not_alerted": [460, -50],
    # 2H N (NS not vul) 8: 60 + 50 = +110; 2S W (EW vul) 10: 60 + 60 + 50 = -170; 4S W 10: 120 + 500 = -620.
    "wbf_2000_maastricht_appeal5_2h_explained_15_16_west_balance": [110, -170, -620],
    # 4S N (NS not vul) 10: 120 + 300 = +420; 9: one down non-vul = -50.
    "usbf_2016_usbc_appeal4_qf_4s_after_differing_2h_explanations": [420, -50],
    # 3NTX N (all vul) 6: three down doubled vul = 200 + 300 + 300 = -800; 10: 2 x 100 = 200 + 500 game
    # + 50 for the insult + one overtrick doubled vul 200 = +950.
    "usbf_2016_mixed_usbc_appeal1_3nt_doubled_after_3h_fit_jump_or_splinter": [-800, 950],
}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_each_outcome_scores_under_law_77_as_worked_by_hand(client: TestClient, entry: dict[str, Any]) -> None:
    got = ask(client, request_of(entry))
    assert [a["outcomes"][0]["score_ns"] for a in got["alternatives"]] == LAW77_BY_HAND[entry["id"]]


@pytest.mark.parametrize("entry", _rows("table"))
def test_the_table_result_scores_as_the_source_states_it(client: TestClient, entry: dict[str, Any]) -> None:
    t = entry["table_result"]
    if t["score_ns"] is None:
        pytest.skip("the source states no table score")
    got = ask(client, request_of(entry))
    assert got["table_result"]["score_ns"] == t["score_ns"]


def test_dbf_03_au_5_the_committees_imps_against_the_other_room_lawful(client: TestClient) -> None:
    # Other room NS -620. 80% of 3NT W 10 tricks (NS -630: 10 points, 0 IMPs) and 20% of 3NT W
    # 7 tricks scored under Law 77 (NS +200: 820 points, 13 IMPs): 0.8 x 0 + 0.2 x 13 = +2.6 IMPs.
    e = BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]
    got = ask(client, request_of(e, scoring={"other_room_ns": -620}))
    w = got["weighted"]
    assert w["form"] == "imps"
    assert [c["ns"] for c in w["outcomes"]] == [0, 13]
    assert [imps(10), imps(820)] == [0, 13]  # the IMP scale: 0-10 is 0, 750-890 is 13
    assert w["ns"] == pytest.approx(2.6)
    assert w["ew"] == pytest.approx(-2.6)


@pytest.mark.xfail(strict=True, reason=BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]["source_arithmetic"])
def test_dbf_03_au_5_the_committees_imps_as_published(client: TestClient) -> None:
    # The page: 80% of 0 IMPs and 20% of +12 IMPs (+100 against -620) = +2.4 IMPs, rounded to +3.
    e = BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]
    got = ask(client, request_of(e, scoring={"other_room_ns": -620}))
    assert got["weighted"]["ns"] == pytest.approx(2.4)


def test_dbf_03_au_5_rounded_to_a_whole_imp_in_favour_of_the_non_offenders(client: TestClient) -> None:
    # The page's own calculation: "De 2,4 imp rundes op til 3 (afrunding til fordel for den
    # ikke-fejlende side)": East-West offended (16B), North-South's weighted IMPs rounded up. The
    # lawful +2.6 (above) rounds up the same: North-South +3, East-West -3.
    e = BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]
    rounding = "non_offenders_whole_imp"
    w = ask(client, request_of(e, scoring={"other_room_ns": -620}, offending_side="EW", rounding=rounding))["weighted"]
    assert w["ns"] == pytest.approx(2.6)
    assert (w["rounding"], w["ns_rounded"], w["ew_rounded"]) == (rounding, 3, -3)
    assert "+2.60 -> +3" in w["explanation"][-1]
    # had North-South offended, the same +2.6 is rounded against them: +2, East-West -2
    w = ask(client, request_of(e, scoring={"other_room_ns": -620}, offending_side="NS", rounding=rounding))["weighted"]
    assert (w["ns_rounded"], w["ew_rounded"]) == (2, -2)
    # exact (the default): no rounded figures
    w = ask(client, request_of(e, scoring={"other_room_ns": -620}))["weighted"]
    assert (w["rounding"], w["ns_rounded"]) == (None, None)


def test_the_rounding_needs_the_offending_side_and_imps(client: TestClient) -> None:
    e = BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]
    r = client.post("/v1/rulings/alternatives",
                    json=request_of(e, scoring={"other_room_ns": -620}, rounding="non_offenders_whole_imp"))
    assert r.status_code == 422
    [d] = r.json()["detail"]
    assert d["loc"] == ["body", "offending_side"] and "which side offended" in d["msg"]
    r = client.post("/v1/rulings/alternatives", json=request_of(e, scoring={"field": [-620, -650]}, offending_side="EW",
                                                                rounding="non_offenders_whole_imp"))
    assert r.status_code == 422
    [d] = r.json()["detail"]
    assert d["loc"] == ["body", "rounding"] and "matchpointed" in d["msg"]


def test_bbo_37443_the_split_score_the_offenders_weighted_the_non_offenders_keep_the_table(client: TestClient
                                                                                             ) -> None:
    # The club director's ruling (BBO forum 37443): North-South (offenders) get 50% 3D E +1 and 50%
    # 3S W =; East-West (non-offenders) keep the table's 3NT W -2. North-South vulnerable, East-West
    # not (Law 77): 3D E +1 = 60 + 20 + 50 = 130 to EW, NS -130; 3S W = = 90 + 50 = 140, NS -140;
    # 3NT W two down, non-vulnerable undoubled, 2 x 50 = NS +100.
    e = BY_ID["bbo_forum_37443_misinformation_split_score_3nt_multi"]
    got = ask(client, request_of(e, table_result_kept_by="EW"))
    assert got["table_result"]["score_ns"] == 100
    assert got["table_result_kept_by"] == "EW"
    ns, ew = got["sides"]
    assert (ns["side"], ns["keeps_table_result"]) == ("NS", False)
    assert [(o["result"], o["score_ns"], Fraction(o["weight"])) for o in ns["outcomes"]] == [
        ("3D E +1", -130, Fraction(1, 2)), ("3S W =", -140, Fraction(1, 2))]
    assert (ew["side"], ew["keeps_table_result"]) == ("EW", True)
    assert [(o["result"], o["score_ns"], o["weight"]) for o in ew["outcomes"]] == [("3NT W -2", 100, "1")]
    assert ns["figure"] is None and ew["figure"] is None  # the thread gives no frequency table: nothing to score on
    assert got["weighted"] is None


def test_bbo_37443_the_split_score_matchpointed_on_a_typed_field(client: TestClient) -> None:
    # The same split on a constructed field (the thread's frequency table is not given): the four
    # other North-South scores +100, -130, -140, -110; top 8 (2 a score beaten).
    # North-South (weighted): -130 beats -140 (2), ties -130 (1), loses to +100 and -110: 3;
    # -140 ties -140 (1), beats nothing: 1. Weighted 1/2 x 3 + 1/2 x 1 = 2 of 8 = 25%.
    # East-West keep +100 (NS view): NS +100 ties +100 (1) and beats the other three (6) = 7, so
    # East-West get 8 - 7 = 1 of 8 = 12.5%. The two do not balance: 2 + 1 = 3, not 8.
    e = BY_ID["bbo_forum_37443_misinformation_split_score_3nt_multi"]
    got = ask(client, request_of(e, table_result_kept_by="EW", scoring={"field": [100, -130, -140, -110]}))
    sp = got["weighted"]["split"]
    assert sp["table_result_kept_by"] == "EW"
    assert (sp["score_for_ns"], sp["score_for_ew"]) == (None, 100)
    assert (sp["ns"], sp["ew"]) == (pytest.approx(2.0), pytest.approx(1.0))
    assert (sp["ns_percent"], sp["ew_percent"]) == (pytest.approx(25.0), pytest.approx(12.5))
    assert [(c["score_ns"], c["ns"]) for c in got["weighted"]["outcomes"]] == [(-130, 3), (-140, 1)]
    ns, ew = got["sides"]
    assert (ns["figure"], ew["figure"]) == (pytest.approx(2.0), pytest.approx(1.0))


def test_ebl_2009_appeal1_each_sides_weighted_part_through_the_route(client: TestClient) -> None:
    # The director's split weighted score: North-South 30% of 6D W -1 (NS +50) and 70% of 6D W =
    # (NS -920); East-West 33.3% and 66.7% of the same two results. The route weights one set of
    # outcomes for both sides, so each side's part is one request with that side's weights.
    # North-South: 0.3 x 50 + 0.7 x (-920) = 15 - 644 = -629 points (NS view).
    # East-West: 1/3 x 50 + 2/3 x (-920) = (50 - 1840) / 3 = -1790/3, about -596.67 (NS view), so
    # East-West's part is +596.67 to East-West: each side gets the weighting less favourable to itself.
    e = BY_ID["ebl_2009_sanremo_appeal1_6d_slow_discard_split_weighted"]
    parts = {}
    for side, weights in (("NS", ["30%", "70%"]), ("EW", e["published"]["weights_ew"])):
        got = ask(client, request_of(e, weights=weights))
        outs = [o for a in got["alternatives"] for o in a["outcomes"]]
        assert [o["score_ns"] for o in outs] == [50, -920]
        parts[side] = sum(Fraction(o["weight"]) * o["score_ns"] for o in outs)
        assert got["table_result"]["score_ns"] == 50
    assert parts == {"NS": Fraction(-629), "EW": Fraction(-1790, 3)}
    assert float(parts["EW"]) == pytest.approx(-596.67, abs=0.005)
    assert [Fraction(w) for w in e["published"]["weights_ew"]] == [Fraction(1, 3), Fraction(2, 3)]


BW_SCRATCHING = "bridgewinners_td_decision_scratching_my_head_2nt_two_explanations"
# The route's 12C1(c) figure (each outcome IMPed against the other room, then weighted) against each heart
# game the other room could have made, worked by hand: 10% of 6H= (+1430), 40% of 6H-1 (-100), 50% of 4H+1
# (+650). Against 4H= (+620): +810 13, -720 -12, +30 1 -> 1.3 - 4.8 + 0.5 = -3.0 IMPs. Against 4H+1 (+650):
# +780 13, -750 -13, 0 -> -3.9. Against 4H+2 (+680): +750 13, -780 -13, -30 -1 -> -4.4.
BW_BY_OTHER_ROOM = {620: -3.0, 650: -3.9, 680: -4.4}


@pytest.mark.parametrize(("other_room", "ns"), list(BW_BY_OTHER_ROOM.items()))
def test_bridgewinners_scratching_the_weighted_imps_against_each_heart_game(client: TestClient, other_room: int,
                                                                           ns: float) -> None:
    got = ask(client, request_of(BY_ID[BW_SCRATCHING], scoring={"other_room_ns": other_room}))
    w = got["weighted"]
    assert w["form"] == "imps"
    assert w["ns"] == pytest.approx(ns)
    assert w["ew"] == pytest.approx(-ns)


@pytest.mark.xfail(strict=True, reason=(
    "The article's '-5 imps' is not Law 12C1(c)'s figure against any heart game of 10 to 12 tricks (-3.0, -3.9, "
    "-4.4 IMPs, worked above). It is what averaging the points first gives (0.1 x 1430 + 0.4 x -100 + 0.5 x 650 "
    "= +428, against 4H= +620: -192, 5 IMPs), the method the WBF Code of Practice rules out; the article does "
    "not give the other room's result, so the error cannot be fixed on its page."))
@pytest.mark.parametrize("other_room", list(BW_BY_OTHER_ROOM))
def test_bridgewinners_scratching_the_published_minus_5_imps(client: TestClient, other_room: int) -> None:
    got = ask(client, request_of(BY_ID[BW_SCRATCHING], scoring={"other_room_ns": other_room}))
    assert got["weighted"]["ns"] == pytest.approx(-5)


def test_bridgewinners_scratching_points_averaged_against_4h_making_give_the_published_minus_5() -> None:
    # The hypothesis the xfail names, worked on the IMP scale alone (no route): averaging the points and
    # IMPing the average against 4H= gives exactly the article's -5.
    averaged = (10 * 1430 + 40 * -100 + 50 * 650) / 100
    assert averaged == 428
    assert imps(round(averaged) - 620) == -5


def test_usbf_2016_appeal1_the_lawful_scores_with_the_labels_right(client: TestClient) -> None:
    # 3NTX E made (all vul): 9 x... 3 x 30 + 10 = 100, doubled 200, + 500 game + 50 insult = NS -750;
    # one down doubled vulnerable = NS +200: the page prints +750 and -200 under 'NS'.
    e = BY_ID["usbf_2016_usbc_appeal1_3nt_doubled_diamond_lead"]
    got = ask(client, request_of(e))
    assert got["table_result"]["score_ns"] == -750
    assert got["alternatives"][0]["outcomes"][0]["score_ns"] == 200


# --- the advisor's evidence beside the committee's figures -------------------------------------


def card_words(card: str) -> str:
    """``"C3"`` -> ``"♣3"``, ``"DT"`` -> ``"♦10"``."""
    rank = "10" if card[1] == "T" else card[1]
    return SUIT[card[0]] + rank


def dd_words(alt: dict[str, Any]) -> str:
    """One cell of docs/laws.md's table from the engine's ``double_dummy`` answer for one
    alternative: ``"3NT W: 10; 7 on ♣10 ♣9 ♣4 ♣3"`` (the tricks after most leads, then each other
    figure with its leads, in the answer's card order), ``"with the ♥9: 12"`` appended when the
    table's lead applies."""
    dd = alt["double_dummy"]
    by_lead: dict[str, int] = dd["by_lead"]
    counts = Counter(by_lead.values())
    usual = max(counts, key=lambda t: (counts[t], -t))
    parts = [f"{alt['contract'].rstrip('X')} {alt['declarer']}: {usual}"]
    for t in sorted(counts):
        if t != usual:
            parts.append(f"{t} on " + " ".join(card_words(c) for c, n in by_lead.items() if n == t))
    text = "; ".join(parts)
    if dd["with_table_lead"] is not None:
        text += f" (table's lead: {dd['with_table_lead']})"
    return text


def evidence(client: TestClient, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's answer's alternatives for ``entry``, one per distinct contract and declarer."""
    got = ask(client, request_of(entry))
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for a in got["alternatives"]:
        seen.setdefault((a["contract"].rstrip("X"), a["declarer"]), a)
    return list(seen.values())


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_the_advisors_double_dummy_equals_the_corpus_direct_solve(client: TestClient,
                                                                  entry: dict[str, Any]) -> None:
    solved = {(c["strain"], c["declarer"]): c for c in entry["dd"]["contracts"]}
    for a in evidence(client, entry):
        direct = solved[(a["contract"].rstrip("X")[1:], a["declarer"])]
        dd = a["double_dummy"]
        assert dd["leader"] == direct["leader"]
        assert dd["by_lead"] == direct["by_lead"]
        assert dd["with_table_lead"] == direct["with_table_lead"]
        assert dd["range"] == [direct["min"], direct["max"]]


def laws_table() -> dict[str, str]:
    """docs/laws.md's "Published rulings beside the advisor's evidence": each row by the corpus id
    it names (in backticks)."""
    text = LAWS_MD.read_text()
    start = text.index("### Published rulings beside the advisor's evidence")
    rows = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith("#"):
            break
        if line.startswith("| ") and "`" in line:
            rows[line.split("`")[1]] = line
    return rows


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_docs_laws_table_shows_the_engines_double_dummy_for_each_alternative(client: TestClient,
                                                                             entry: dict[str, Any]) -> None:
    row = laws_table()[entry["id"]]
    assert entry["address"] in row
    for a in evidence(client, entry):
        assert dd_words(a) in row, dd_words(a)
    for o in entry["published"]["outcomes"]:
        assert f"{o['weight']}% {o['contract']} {o['declarer']} {o['tricks']}" in row


def test_docs_laws_count_of_rulings_whose_every_figure_double_dummy_gives_after_some_lead(client: TestClient) -> None:
    # docs/laws.md: "In 16 of 25 every trick figure the committee weighed is one double dummy gives
    # after some lead; in nine it is not (BBO 37443, NSWBA 1999 Appeal 2, SBF LK 1403, EBL 2009
    # Appeal 1, USBF 2016 appeal 4, Bridge Winners "scratching my head", BBO 80632, WBF 2000 Appeal 5,
    # USBF 2016 Mixed appeal 1)".
    outside = []
    for e in ENTRIES:
        got = ask(client, request_of(e))
        for alt in got["alternatives"]:
            if alt["outcomes"][0]["tricks"] not in alt["double_dummy"]["by_lead"].values():
                outside.append(e["id"])
                break
    assert sorted(outside) == ["bbo_forum_37443_misinformation_split_score_3nt_multi",
                               "bbo_forum_80632_rate_my_ruling_polish_club_1d_not_alerted",
                               "bridgewinners_td_decision_scratching_my_head_2nt_two_explanations",
                               "ebl_2009_sanremo_appeal1_6d_slow_discard_split_weighted",
                               "nswba_1999_appeal2_correctable_4s_5s_pull",
                               "sbf_lk_1403_chairmans_cup_3h_overcall_withheld",
                               "usbf_2016_mixed_usbc_appeal1_3nt_doubled_after_3h_fit_jump_or_splinter",
                               "usbf_2016_usbc_appeal4_3nt_spade_queen_after_meckwell_2d",
                               "wbf_2000_maastricht_appeal5_2h_explained_15_16_west_balance"]
    assert len(ENTRIES) - len(outside) == 16
    assert len(ENTRIES) == 25
    assert "In **16 of 25** every trick figure" in LAWS_MD.read_text()


def proposal(client: TestClient, entry: dict[str, Any], contract: str, declarer: str,
             lead: str | None = None) -> tuple[str, list[tuple[int, Fraction, int]]]:
    """The advisor's own proposal for one alternative of ``entry`` (no tricks typed): its rule and
    ``(tricks, share, score_ns)`` outcomes."""
    body = request_of(entry, alternatives=[{"contract": contract, "declarer": declarer, "lead": lead}], weights=None)
    [alt] = ask(client, body)["alternatives"]
    return alt["rule"], [(o["tricks"], Fraction(o["share"]), o["score_ns"]) for o in alt["outcomes"]]


def test_the_advisors_own_proposal_beside_the_two_weighted_lead_problems(client: TestClient) -> None:
    # docs/laws.md: without the committee's tricks the advisor spreads each alternative over every
    # card the leader holds (no table lead is published). 03-AU-5, 3NT W: North's 4 small clubs
    # (7 tricks, NS +200) and his 9 other cards (10 tricks, NS -630): 4/13 (31%) against the
    # committee's 20%. 09-AU-6, 3H N: East's 5 diamonds (8 tricks, NS -100) and 8 other cards
    # (9 tricks, NS +140): 5/13 (38%) against the director's 40%.
    au5 = BY_ID["dbf_appeal_03_au_5_3nt_not_4s_after_slow_3nt"]
    assert proposal(client, au5, "3NT", "W") == ("dd_every_lead", [(7, Fraction(4, 13), 200),
                                                                   (10, Fraction(9, 13), -630)])
    au6 = BY_ID["dbf_appeal_09_au_6_3h_diamond_lead_screen_explanations"]
    assert proposal(client, au6, "3H", "N") == ("dd_every_lead", [(8, Fraction(5, 13), -100),
                                                                  (9, Fraction(8, 13), 140)])


def test_the_advisors_own_proposal_with_the_lead_the_ruling_turns_on(client: TestClient) -> None:
    # USBF 2016: with the table's ♣10 3NTX E makes (NS -750); the committee's small diamond from
    # South (the ♦2) beats it by one: NS +200, the ruling, with no tricks typed.
    usbf = BY_ID["usbf_2016_usbc_appeal1_3nt_doubled_diamond_lead"]
    assert proposal(client, usbf, "3NTX", "E") == ("dd_table_lead", [(9, Fraction(1), -750)])
    assert proposal(client, usbf, "3NTX", "E", "D2") == ("dd_alternative_lead", [(8, Fraction(1), 200)])
    # ACBL 2012: 5S N with the table's ♥9 lead: 12 tricks, NS +680, the ruling.
    acbl = BY_ID["acbl_2012_summer_nabc_case1_5s_not_6s_after_slow_5s"]
    assert proposal(client, acbl, "5S", "N") == ("dd_table_lead", [(12, Fraction(1), 680)])


def test_the_advisors_own_proposal_where_the_ruling_weighs_a_guess_double_dummy_does_not_make(
        client: TestClient) -> None:
    # docs/laws.md: USBF 2016 appeal 4 weighs declarer's guess at trick one (dummy's SQ or low on the S5:
    # nine tricks or eight). Asked with no tricks, the advisor takes the table's S5 and gives double dummy's
    # 11 tricks: 3NT E +2, none vulnerable, 100 + 60 + 300 = NS -460, a figure neither side argued for.
    usbf4 = BY_ID["usbf_2016_usbc_appeal4_3nt_spade_queen_after_meckwell_2d"]
    assert proposal(client, usbf4, "3NT", "E") == ("dd_table_lead", [(11, Fraction(1), -460)])


def test_bbo_80632_the_advisors_own_proposal_beside_the_directors_eleven_tricks(client: TestClient) -> None:
    # docs/laws.md: the director gave 3NT by North "+2" (11 tricks, NS +460) and kept the table's 2H N -1
    # (7 tricks, NS -50). East is on lead against North in either contract, so the table's DQ applies.
    # 3NT N with the DQ: 12 tricks, 40 + 5 x 30 + 300 = NS +490; with a top spade (SA), 11: NS +460,
    # the director's figure. 2H N with the DQ: 9 tricks, 60 + 30 + 50 = NS +140, two more than the table took.
    e = BY_ID["bbo_forum_80632_rate_my_ruling_polish_club_1d_not_alerted"]
    assert proposal(client, e, "3NT", "N") == ("dd_table_lead", [(12, Fraction(1), 490)])
    assert proposal(client, e, "3NT", "N", "SA") == ("dd_alternative_lead", [(11, Fraction(1), 460)])
    assert proposal(client, e, "2H", "N") == ("dd_table_lead", [(9, Fraction(1), 140)])
    # The weighted score in points (no field is given, so no matchpoints): 0.6 x 460 + 0.4 x -50 = +256.
    got = ask(client, request_of(e))
    outs = [o for a in got["alternatives"] for o in a["outcomes"]]
    assert sum(Fraction(o["weight"]) * o["score_ns"] for o in outs) == 256


def test_wbf_2000_appeal5_the_advisors_own_proposal_beside_the_committees_tricks(client: TestClient) -> None:
    # docs/laws.md: no lead is published, so the advisor spreads each alternative over every card the leader
    # holds. 2H N (East leads; North-South not vulnerable): 6 tricks after the D10 or a small club (4 of 13
    # cards, two down, NS -100), 7 after the other 9 (one down, NS -50); the table took 8, the committee's
    # 50%. 4S W (North leads; East-West vulnerable): 10 tricks after any of North's 6 hearts (NS -620, the
    # committee's 30%), 11 after SA CA D2 D9 DQ (120 + 30 + 500 = NS -650), 12 after C3 C9 (NS -680).
    e = BY_ID["wbf_2000_maastricht_appeal5_2h_explained_15_16_west_balance"]
    assert proposal(client, e, "2H", "N") == ("dd_every_lead", [(6, Fraction(4, 13), -100),
                                                                (7, Fraction(9, 13), -50)])
    assert proposal(client, e, "4S", "W") == ("dd_every_lead", [(10, Fraction(6, 13), -620),
                                                                (11, Fraction(5, 13), -650),
                                                                (12, Fraction(2, 13), -680)])


def test_usbf_2016_appeal4_qf_the_directors_thirds_through_the_route(client: TestClient) -> None:
    # The directors: "4S making one-third of the time and going 1 down two-thirds of the time", board 22,
    # North-South not vulnerable. Worked by hand: 1/3 x +420 + 2/3 x -50 = 140 - 100/3 = +320/3 (+106.67)
    # points to North-South; the page gives no other-room score, so no IMP figure.
    e = BY_ID["usbf_2016_usbc_appeal4_qf_4s_after_differing_2h_explanations"]
    got = ask(client, request_of(e))
    outs = [o for a in got["alternatives"] for o in a["outcomes"]]
    assert [(o["tricks"], Fraction(o["weight"]), o["score_ns"]) for o in outs] == [
        (10, Fraction(1, 3), 420), (9, Fraction(2, 3), -50)]
    assert sum(Fraction(o["weight"]) * o["score_ns"] for o in outs) == Fraction(320, 3)
    # The same weights typed as the director would ("1/3", "2/3") give the same answer.
    again = ask(client, request_of(e, weights=["1/3", "2/3"]))
    assert [Fraction(o["weight"]) for a in again["alternatives"] for o in a["outcomes"]] == [Fraction(1, 3),
                                                                                            Fraction(2, 3)]


def test_usbf_2016_appeal4_qf_the_advisors_own_proposal_beside_the_directors_thirds(client: TestClient) -> None:
    # docs/laws.md: no lead is published, so the advisor spreads 4S N over East's 13 cards: 9 tricks only after
    # East's singleton trump (the S7, the directors' "likely trump lead": 1/13, NS -50), 10 after 9 cards
    # (NS +420), 11 after C5 C7 CQ (120 + 30 + 300 = NS +450), against the directors' two-thirds down one.
    e = BY_ID["usbf_2016_usbc_appeal4_qf_4s_after_differing_2h_explanations"]
    assert proposal(client, e, "4S", "N") == ("dd_every_lead", [(9, Fraction(1, 13), -50),
                                                                (10, Fraction(9, 13), 420),
                                                                (11, Fraction(3, 13), 450)])
    assert proposal(client, e, "4S", "N", "S7") == ("dd_alternative_lead", [(9, Fraction(1), -50)])


def test_usbf_2016_mixed_appeal1_the_directors_thirds_through_the_route(client: TestClient) -> None:
    # The director: "2/3 of NS -800 on a non-heart lead. 1/3 of the table result on a heart lead", board 13,
    # all vulnerable, 3NT doubled by North. Worked by hand: 2/3 x -800 + 1/3 x +950 = (-1600 + 950) / 3
    # = -650/3 (-216.67) points to North-South; the page gives no other-room score, so no IMP figure.
    e = BY_ID["usbf_2016_mixed_usbc_appeal1_3nt_doubled_after_3h_fit_jump_or_splinter"]
    got = ask(client, request_of(e))
    outs = [o for a in got["alternatives"] for o in a["outcomes"]]
    assert [(o["tricks"], Fraction(o["weight"]), o["score_ns"]) for o in outs] == [
        (6, Fraction(2, 3), -800), (10, Fraction(1, 3), 950)]
    assert sum(Fraction(o["weight"]) * o["score_ns"] for o in outs) == Fraction(-650, 3)


def test_usbf_2016_mixed_appeal1_the_advisors_own_proposal_beside_the_directors_thirds(
        client: TestClient) -> None:
    # docs/laws.md: East is on lead against 3NTX N. With the table's H6 double dummy gives declarer 5 tricks
    # (four down doubled vulnerable, 200 + 300 + 300 + 300 = NS -1100), not the table's 10; after a spade
    # (not the SA) or the DJ, 6 tricks: NS -800, the director's "non-heart lead" figure; after a small diamond, 5.
    e = BY_ID["usbf_2016_mixed_usbc_appeal1_3nt_doubled_after_3h_fit_jump_or_splinter"]
    assert proposal(client, e, "3NTX", "N") == ("dd_table_lead", [(5, Fraction(1), -1100)])
    assert proposal(client, e, "3NTX", "N", "S7") == ("dd_alternative_lead", [(6, Fraction(1), -800)])
    assert proposal(client, e, "3NTX", "N", "D2") == ("dd_alternative_lead", [(5, Fraction(1), -1100)])
