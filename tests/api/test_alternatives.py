"""``POST /v1/rulings/alternatives`` (issue 38) on a real club file: the ABF Compscore3 USEBIO
Howell (../shared/data/club-files/usebio/abftech__cobalt/mp_pairs_howell.xml), which carries its
deals (HANDSET) and every table's contract, declarer, lead and tricks. Every figure is checked
independently: double dummy by a direct call of endplay's ``solve_board`` (not through
``engine.dd``), the room's counts counted from the file's XML here, Law 77 scores and the weighted
matchpoints worked by hand (the working is in the comments)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.test_events import error, new_event

CLUB = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club-files"
HOWELL = CLUB / "usebio" / "abftech__cobalt" / "mp_pairs_howell.xml"
pytestmark = pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")

# Board 1 (HANDSET), dealer N, nobody vulnerable:
BOARD_1 = "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
# Board 21, dealer N, North-South vulnerable.


def file_lines(board: str) -> list[dict[str, str]]:
    """The board's traveller lines read straight from the XML (not through the advisor's reader)."""
    root = ET.parse(HOWELL).getroot()
    out = []
    for b in root.iter("BOARD"):
        if (b.findtext("BOARD_NUMBER") or "").strip() != board:
            continue
        for line in b.iter("TRAVELLER_LINE"):
            out.append({k: (line.findtext(k) or "").strip() for k in
                        ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE")})
    return out


def direct_dd(deal: str, strain: str, declarer: str) -> dict[str, int]:
    """Declarer's side's tricks after each card the leader holds: endplay's solve_board directly
    (the independent oracle; DDS answers the side on lead's tricks)."""
    from endplay.dds import solve_board
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    d = EpDeal(deal)
    leader = "NESW"[("NESW".index(declarer) + 1) % 4]
    d.first = Player.find(leader)
    d.trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs,
               "NT": Denom.nt}[strain]
    return {f"{'SHDC'[int(c.suit)]}{c.rank.abbr}": 13 - tricks for c, tricks in solve_board(d)}


@pytest.fixture
def event(client: TestClient) -> int:
    event_id = new_event(client, name="ABF Howell", date="2022-07-27")
    r = client.post(f"/v1/events/{event_id}/results", files={"file": ("session.xml", HOWELL.read_bytes())})
    assert r.status_code == 200, r.text
    return event_id


def ask(client: TestClient, **body: Any) -> Any:
    return client.post("/v1/rulings/alternatives", json=body)


def room_counts(board: str, own: tuple[str, str], contract: str, side: str) -> Counter[int]:
    """The tricks of the other tables in ``contract`` by ``side``, counted from the XML."""
    return Counter(int(ln["TRICKS"]) for ln in file_lines(board)
                   if (ln["NS_PAIR_NUMBER"], ln["EW_PAIR_NUMBER"]) != own and ln["CONTRACT"] == contract
                   and ln["PLAYED_BY"] in side)


def test_board_1_every_figure_of_three_alternatives(client: TestClient, event: int) -> None:
    # Board 1 at pairs 3 v 11: 5C by West made, North led the H2 (the file's first line). The director
    # weighs 4H by South (the room's contract), 5CX by West and 3NT by East.
    r = ask(client, event=event, board="1", pairs={"ns": "3", "ew": "11"}, law="40B",
            alternatives=[{"contract": "4H", "declarer": "S"}, {"contract": "5CX", "declarer": "W"},
                          {"contract": "3NT", "declarer": "E"}], weights=["50%", "30%", "20%"])
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["table_result"] == {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "H2",
                                    "result": "5C W =", "score_ns": -400, "lead_not_used": None}  # 5C = nv: 100 + 300 + 0 = 400 to EW
    hearts, clubs, notrump = body["alternatives"]
    # double dummy: every card the leader holds, as endplay's solve_board gives it directly
    assert hearts["double_dummy"]["by_lead"] == direct_dd(BOARD_1, "H", "S")
    assert clubs["double_dummy"]["by_lead"] == direct_dd(BOARD_1, "C", "W")
    assert notrump["double_dummy"]["by_lead"] == direct_dd(BOARD_1, "NT", "E")
    assert len(hearts["double_dummy"]["by_lead"]) == 13 and hearts["double_dummy"]["leader"] == "W"
    # the table's lead applies only where North is on lead again (West declares) and holds the H2
    assert clubs["double_dummy"]["with_table_lead"] == direct_dd(BOARD_1, "C", "W")["H2"]
    assert hearts["double_dummy"]["with_table_lead"] is None and notrump["double_dummy"]["with_table_lead"] is None
    nt = direct_dd(BOARD_1, "NT", "E")
    assert notrump["double_dummy"]["range"] == [min(nt.values()), max(nt.values())]
    # the room, counted from the file: 4H by North-South at four other tables, 8 tricks each
    assert room_counts("1", ("3", "11"), "4H", "NS") == Counter({8: 4})
    assert hearts["room"] == {"matched": "contract", "tables": 4, "tricks": {"8": 4}}
    assert hearts["rule"] == "room_contract"
    # no other table played clubs or no trump by East-West: double dummy decides
    assert room_counts("1", ("3", "11"), "5C", "EW") == Counter() and clubs["room"]["tables"] == 0
    assert clubs["rule"] == "dd_table_lead" and notrump["rule"] == "dd_every_lead"
    # Law 77 by hand, nobody vulnerable: 4H -2 = 100 to EW; 5CX = = 5 x 20 x 2 + 300 + 50 = 550 to EW
    assert hearts["outcomes"] == [{"tricks": 8, "result": "4H S -2", "share": "1", "weight": "1/2",
                                   "weight_decimal": 0.5, "score_ns": -100}]
    assert clubs["double_dummy"]["with_table_lead"] == 11
    assert [(o["result"], o["score_ns"], o["weight"]) for o in clubs["outcomes"]] == [("5CX W =", -550, "3/10")]
    # 3NT by East over every lead: each card 1/13 of the alternative's 20%; 3NT -3 = +150, = -400,
    # +1 -430, +2 -460, +3 -490 (nv: 40 + 30 + 30 = 100 trick points, 300 game bonus, 30 an overtrick)
    by_hand = {6: 150, 7: 100, 8: 50, 9: -400, 10: -430, 11: -460, 12: -490}
    spread = Counter(nt.values())
    assert [(o["tricks"], o["share"], o["score_ns"]) for o in notrump["outcomes"]] == [
        (t, str(Fraction(n, 13)), by_hand[t]) for t, n in sorted(spread.items())]
    # the weighted matchpoints on the field as it stands: the five other tables scored NS -100, -50,
    # -100, -100, -100 (the file's SCORE); top 10 (2 a score beaten). -100 ties four: 4; -550 beats
    # none: 0; +150 beats all five: 10; -430 and worse: 0.
    w = body["weighted"]
    assert w["form"] == "matchpoints" and w["top"] == 10
    mp = {-100: 4, -550: 0, 150: 10, -430: 0, -460: 0, -490: 0}
    assert [(o["score_ns"], o["ns"]) for o in w["outcomes"]] == [(o["score_ns"], mp[o["score_ns"]]) for o in
                                                               w["outcomes"]]
    ns = Fraction(1, 2) * 4 + Fraction(1, 5) * Fraction(spread[6], 13) * 10
    assert w["ns"] == pytest.approx(float(ns)) and w["ew"] == pytest.approx(10 - float(ns))
    assert w["ns_percent"] == pytest.approx(float(ns) * 10)


def test_board_21_outcomes_from_the_room_weighted_by_hand(client: TestClient, event: int) -> None:
    # Board 21 at pairs 11 v 9: 3S by East made 10 (-170). Had East bid game (4S by East), the room:
    # five other tables in 4S by East, one made 9 and four made 10.
    assert room_counts("21", ("11", "9"), "4S", "EW") == Counter({9: 1, 10: 4})
    r = ask(client, event=event, board="21", pairs={"ns": "11", "ew": "9"}, law="16B",
            alternatives=[{"contract": "4S", "declarer": "E"}])
    assert r.status_code == 200, r.text
    body = r.json()
    alt = body["alternatives"][0]
    assert alt["room"] == {"matched": "contract", "tables": 5, "tricks": {"9": 1, "10": 4}}
    assert alt["double_dummy"]["by_lead"] == direct_dd(body["deal"], "S", "E")
    # North-South vulnerable, East-West not: 4S -1 = +50 to NS, 4S = = -420
    assert [(o["result"], o["share"], o["score_ns"]) for o in alt["outcomes"]] == [
        ("4S E -1", "1/5", 50), ("4S E =", "4/5", -420)]
    assert body["weights_defaulted"] is True and alt["weight"] == "1"
    # the field: +50 and -420 four times. +50 ties one and beats four: 1 + 8 = 9; -420 ties four: 4.
    # weighted: 1/5 x 9 + 4/5 x 4 = 1.8 + 3.2 = 5.0 for North-South, 10 - 5 = 5.0 for East-West
    w = body["weighted"]
    assert [o["ns"] for o in w["outcomes"]] == [9, 4]
    assert (w["ns"], w["ew"], w["top"]) == (pytest.approx(5.0), pytest.approx(5.0), 10)
    assert "12C1(c)" in w["explanation"][0]


def test_12c1e_two_scores_where_the_profile_does_not_weight(client: TestClient, event: int) -> None:
    # acbl: no weighting. East-West offended (16B). Outcomes: 4S E -1 (+50) at 1/5, 4S E = (-420) at 4/5.
    # North-South (non-offending): the most favourable likely result (weight >= 1/3): -420 only -> 4 MP.
    # East-West: the most unfavourable at all probable (>= 1/6): +50 (1/5) -> NS 9, EW 10 - 9 = 1.
    base = {"event": event, "board": "21", "pairs": {"ns": "11", "ew": "9"}, "law": "16B", "profile": "acbl",
            "alternatives": [{"contract": "4S", "declarer": "E"}]}
    error(ask(client, **base), 422, ["body", "offending_side"], "does not weight", "12C1(e)")
    r = ask(client, **base, offending_side="EW")
    assert r.status_code == 200, r.text
    w = r.json()["weighted"]
    assert w["ns"] is None and w["profile"] == "acbl"
    sp = w["split"]
    assert (sp["score_for_ns"], sp["score_for_ew"], sp["ns"], sp["ew"], sp["balances"]) == (-420, 50, 4, 1, False)


def test_a_split_score_north_south_keep_the_table_result_on_the_field(client: TestClient, event: int) -> None:
    # Board 21 at pairs 11 v 9: 3S E made 10, NS -170. Say North-South's serious error (12C1(b))
    # leaves them the table result while East-West (offenders) are scored on 4S by East from the
    # room: 1/5 4S E -1 (+50), 4/5 4S E = (-420). The field: +50 once, -420 four times; top 10.
    # North-South on -170: beats the four -420 (8), loses to +50 (0): 8 of 10, 80%.
    # East-West on the weighted score: +50 gives North-South 1 + 8 = 9, East-West 1; -420 gives
    # North-South 4 (four ties), East-West 6. East-West: 1/5 x 1 + 4/5 x 6 = 5.0 of 10, 50%.
    base = {"event": event, "board": "21", "pairs": {"ns": "11", "ew": "9"}, "law": "16B",
            "alternatives": [{"contract": "4S", "declarer": "E"}]}
    r = ask(client, **base, table_result_kept_by="NS")
    assert r.status_code == 200, r.text
    body = r.json()
    sp = body["weighted"]["split"]
    assert (sp["table_result_kept_by"], sp["score_for_ns"], sp["score_for_ew"]) == ("NS", -170, None)
    assert (sp["ns"], sp["ew"]) == (pytest.approx(8.0), pytest.approx(5.0))
    assert (sp["ns_percent"], sp["ew_percent"]) == (pytest.approx(80.0), pytest.approx(50.0))
    assert body["weighted"]["ns"] is None and body["weighted"]["top"] == 10
    ns, ew = body["sides"]
    assert ns["outcomes"] == [{"result": "3S E +1", "score_ns": -170, "weight": "1"}] and ns["keeps_table_result"]
    assert [(o["result"], o["weight"]) for o in ew["outcomes"]] == [("4S E -1", "1/5"), ("4S E =", "4/5")]
    assert body["traveller"] is True
    # the table's tricks are needed to keep the table result
    error(ask(client, deal=BOARD_1, law="40B", table_result={"contract": "5C", "declarer": "W"},
              alternatives=[{"contract": "4H", "declarer": "S"}], table_result_kept_by="EW"),
          422, ["body", "table_result", "tricks"], "give the table's tricks")


def test_the_field_in_the_language_of_the_request(client: TestClient, event: int) -> None:
    # The field's words follow Accept-Language (or ?lang=) as every other text of the answer: the
    # Howell is a Compscore3 file, matchpointed (app/i18n/<lang>/page.json field_form_matchpoints).
    base = {"event": event, "board": "21", "pairs": {"ns": "11", "ew": "9"}, "law": "16B",
            "alternatives": [{"contract": "4S", "declarer": "E"}]}
    words = {"en": "matchpointed", "pl": "na punkty meczowe", "ru": "в матчпойнтах", "el": "σε βαθμούς ματς (MP)"}
    for lang, word in words.items():
        r = client.post("/v1/rulings/alternatives", json=base, headers={"Accept-Language": lang})
        assert r.status_code == 200, r.text
        field = r.json()["field"]
        assert field.startswith(word) and "Compscore3" in field, (lang, field)
        if lang != "en":
            assert "matchpointed" not in field


def test_a_bare_deal_with_a_typed_field(client: TestClient) -> None:
    # the deal typed, no event: the table's lead and a typed field. 5CX W = (-550) at 100% beats none
    # of -100, -50, -100, -100, -100: 0 of 10.
    body = {"deal": BOARD_1, "dealer": "N", "vulnerable": "None", "law": "75",
            "table_result": {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "H2"},
            "alternatives": [{"contract": "5CX", "declarer": "W"}]}
    r = ask(client, **body)
    assert r.status_code == 200, r.text
    assert r.json()["weighted"] is None and r.json()["alternatives"][0]["room"]["tables"] == 0
    r = ask(client, **body, scoring={"field": [-100, -50, -100, -100, -100]})
    w = r.json()["weighted"]
    assert (w["ns"], w["ew"], w["top"]) == (0, 10, 10)
    # the alternative's own lead: East's... no, North's C4 (North is on lead against West)
    r = ask(client, **body | {"alternatives": [{"contract": "5C", "declarer": "W", "lead": "C4"}]})
    alt = r.json()["alternatives"][0]
    assert alt["rule"] == "dd_alternative_lead"
    assert alt["double_dummy"]["with_alternative_lead"] == direct_dd(BOARD_1, "C", "W")["C4"]


def test_a_lead_the_file_gives_to_the_wrong_hand_is_not_used_and_said(client: TestClient, event: int) -> None:
    # board 10, the file's first line: 4H by West, <LEAD>8D; North is on lead and the
    # D8 is East's (the deal's East hand holds it): the scorer's slip, not the director's input
    first = file_lines("10")[0]
    assert (first["CONTRACT"], first["PLAYED_BY"], first["LEAD"]) == ("4H", "W", "8D")
    r = ask(client, event=event, board="10", pairs={"ns": first["NS_PAIR_NUMBER"], "ew": first["EW_PAIR_NUMBER"]},
            law="21B", alternatives=[{"contract": "3H", "declarer": "W"}])
    assert r.status_code == 200, r.text
    body = r.json()
    east = body["deal"].split(" ")[1].split(".")  # N: first; East's diamonds are its third suit
    assert "8" in east[2]
    assert body["table_result"]["lead"] is None and body["table_result"]["lead_not_used"] == "D8"
    assert body["alternatives"][0]["double_dummy"]["with_table_lead"] is None
    # typed by the director, the same card is refused
    error(ask(client, event=event, board="10", pairs={"ns": first["NS_PAIR_NUMBER"], "ew": first["EW_PAIR_NUMBER"]},
              law="21B", table_result={"lead": "D8"}, alternatives=[{"contract": "3H", "declarer": "W"}]),
          422, ["body", "table_result", "lead"], "N is on lead and does not hold D8 (E holds it)")


BAD = [
    ({"weights": ["50%", "40%"]}, ["body", "weights"], "sum to 9/10"),
    ({"weights": ["50%"]}, ["body", "weights"], "one weight for each alternative"),
    ({"alternatives": [{"contract": "8H", "declarer": "S"}, {"contract": "4S", "declarer": "E"}]},
     ["body", "alternatives", 0, "contract"], "not a contract: '8H'"),
    ({"alternatives": [{"contract": "4Z", "declarer": "S"}, {"contract": "4S", "declarer": "E"}]},
     ["body", "alternatives", 0, "contract"], "not a contract"),
    ({"alternatives": [{"contract": "pass", "declarer": "S"}, {"contract": "4S", "declarer": "E"}]},
     ["body", "alternatives", 0, "contract"], "passed out"),
    ({"alternatives": [{"contract": "4H", "declarer": "X"}, {"contract": "4S", "declarer": "E"}]},
     ["body", "alternatives", 0, "declarer"], ""),
    ({"alternatives": [{"contract": "4H", "declarer": "S", "lead": "SQ"}, {"contract": "4S", "declarer": "E"}]},
     ["body", "alternatives", 0, "lead"], "W is on lead and does not hold SQ (S holds it)"),
    ({"table_result": {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "SA"}},
     ["body", "table_result", "lead"], "N is on lead and does not hold SA"),
    ({"law": "12C"}, ["body", "law"], ""),
    ({"table_result": {"tricks": 11}}, ["body", "table_result", "contract"], "give the table's contract"),
]


@pytest.mark.parametrize(("change", "loc", "fragment"), BAD,
                         ids=["weights 90%", "weights count", "8H", "4Z", "pass", "declarer X", "lead not held",
                              "table lead not held", "law 12C", "no table contract"])
def test_bad_requests_are_422_naming_the_field(client: TestClient, change: dict[str, Any], loc: list[str | int],
                                              fragment: str) -> None:
    body = {"deal": BOARD_1, "law": "40B", "weights": ["50%", "50%"],
            "table_result": {"contract": "5C", "declarer": "W", "tricks": 11, "lead": "H2"},
            "alternatives": [{"contract": "4H", "declarer": "S"}, {"contract": "4S", "declarer": "E"}]} | change
    msg = error(ask(client, **body), 422, loc)
    assert fragment.lower() in msg.lower(), msg  # the director's words, at the field that is wrong


def test_an_error_in_polish(client: TestClient) -> None:
    body = {"deal": BOARD_1, "law": "40B", "table_result": {"contract": "5C", "declarer": "W"},
            "alternatives": [{"contract": "4H", "declarer": "S", "lead": "SQ"}]}
    r = client.post("/v1/rulings/alternatives?lang=pl", json=body)
    msg = error(r, 422, ["body", "alternatives", 0, "lead"], "na wiście jest W")
    assert "does not hold" not in msg
