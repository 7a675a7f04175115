"""Issue 36, "the way back": the event's decided adjustments of every kind (assigned, artificial,
weighted, split) exported as CSV, USEBIO and PBN, and the USEBIO and PBN files read back into a
fresh event made from the same original file: the same lines, the same figures. Every figure is
worked by hand here from the decided score and the file's traveller (Law 78A matchpoints, 2 a
score beaten; Butler IMPs against the datum, top and bottom dropped, mean rounded to 10;
cross-IMPs summed over the comparisons and divided by their number).

Compscore3's mp_pairs_howell.xml, one decision on each of boards 1-4 (so that no decision's field
holds another: the field "as it now stands" is the file's), North-South's scores in file order:

- board 1 (none vulnerable): 3 v 11 -400, 5 v 2 -100, 6 v 10 -50, 8 v 4 -100, 9 v 7 -100,
  12 v 1 -100. 9 v 7 weighted 50% 4H S = (+420), 50% 4H S -1 (-50), against the other five:
  +420 beats all five, 10 MP; -50 beats -400 and three -100s (8) and ties -50 (1), 9; weighted
  9.5, East-West 10 - 9.5 = 0.5.
- board 2 (North-South vulnerable): 3 v 11 +100, 5 v 2 -430, 6 v 10 +100, 8 v 4 +50, 9 v 7 +100,
  12 v 1 +50. 8 v 4 split: North-South on +100, East-West on their own -50 (scored as if
  North-South had +50). North-South's +100 against (+100, -430, +100, +100, +50): beats -430 and
  +50 (4), ties three +100s (3): 7. North-South +50 beats -430 (2) and ties +50 (1): 3, so
  East-West get 10 - 3 = 7 (7 + 7: the split does not balance).
- board 3: 5 v 2 (5D W -1 at the table) assigned 3S S +2 (eleven tricks): North-South +200.
- board 4: 12 v 2 (4H N =) artificial 60% / 30% (both sides at fault in part, the 12C2 split):
  USEBIO's A6030.

The CSV is not a results file any program (nor the advisor's upload) reads: its test checks what
it holds.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from engine.records.results import TravellerLine, traveller_matchpoints
from engine.records.results.model import read_split_code, read_weighted_code
from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, post, sample
from tests.helpers import decided_case

pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")

HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"
BUTLER = "usebio/abftech__cobalt/butler_howell.xml"
DIRECTOR = {"director": "Jan Kowalski", "round": "", "table": "", "duplicate": True}


def _case(client: TestClient, event_id: int, board: str, ns: str, ew: str, ruling: dict[str, Any],
          decision: dict[str, Any]) -> int:
    body = {"event": event_id, "board": board, "pairs": {"ns": {"number": ns}, "ew": {"number": ew}}, **DIRECTOR,
            **ruling}
    return decided_case(client, body, decision)


def _revoke(contract: str, declarer: str, tricks: int, offender: str, after: int) -> dict[str, Any]:
    """A revoke at trick 5 won by the offender, ``after`` tricks to the offending side after it."""
    return {"contract": contract, "declarer": declarer, "table_result": tricks,
            "revoke_facts": {"trick": 5, "offender": offender, "revoke_trick_won_by": offender,
                             "offending_side_tricks_after": after}}


ASSIGNED = {"score_ns": 200, "result": "3S S +2", "law": "64A1", "reason": "a trick more than the suggestion"}
WEIGHTED = {"score_ns": 185, "result": "weighted", "law": "12C1(c)", "reason": "half the time 4H makes",
            "weighted": [{"result": "4H S =", "score_ns": 420, "percent": 50},
                         {"result": "4H S -1", "score_ns": -50, "percent": 50}]}
SPLIT = {"score_ns": 100, "score_ew": -50, "result": "4C E -2 / 4C E -1", "law": "12C1(b)",
         "reason": "each side on its own result"}
ARTIFICIAL = {"score_ns": None, "result": "60% / 30%", "law": "12C2", "reason": "both at fault in part",
              "artificial": {"NS": "60%", "EW": "30%"}}


def _mp_event(client: TestClient) -> int:
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    _case(client, event_id, "1", "9", "7", _revoke("4H", "S", 8, "E", 3), WEIGHTED)
    split = _case(client, event_id, "2", "8", "4", _revoke("4C", "E", 9, "N", 2), SPLIT)
    _case(client, event_id, "3", "5", "2", _revoke("3S", "S", 10, "E", 1), ASSIGNED)
    _case(client, event_id, "4", "12", "2", _revoke("4H", "N", 10, "E", 1), ARTIFICIAL)
    page = client.get(f"/cases/{split}").text  # the case page says what to type for each side
    assert ("Split score (12C1(b)): no scoring program takes two scores on one line; North-South are scored on +100, "
            "East-West on their own -50: type North-South 70.00% and East-West 70.00% on this board.") in page
    return event_id


def _by_pairs(lines: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(ln["ns_pair"], ln["ew_pair"]): ln for ln in lines}


def _read_back(client: TestClient, name: str, data: bytes, original: str,
               boards: tuple[str, ...] = ("2",)) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A fresh event from ``original``, the export uploaded into it: each board's traveller before and after."""
    fresh = new_event(client)
    assert post(client, fresh, sample(original)).status_code == 200
    before = [client.get(f"/v1/events/{fresh}/boards/{b}/traveller").json() for b in boards]
    r = client.post(f"/v1/events/{fresh}/results", files={"file": (name, data, "application/octet-stream")})
    assert r.status_code == 200, r.text
    assert r.json()["problems"] == []
    after = [client.get(f"/v1/events/{fresh}/boards/{b}/traveller").json() for b in boards]
    return list(zip(before, after, strict=True))


MP_EXPECTED = {
    "1": (("9", "7"), {"contract": None, "ns_score": None, "artificial": "W420@50/-50@50", "ns_mp": 9.5,
                       "ew_mp": 0.5}),
    "2": (("8", "4"), {"contract": None, "ns_score": None, "artificial": "S100/-50", "ns_mp": 7.0, "ew_mp": 7.0}),
    "3": (("5", "2"), {"contract": "3S", "declarer": "S", "tricks": 11, "ns_score": 200, "artificial": None}),
    "4": (("12", "2"), {"contract": None, "ns_score": None, "artificial": "A6030"}),
}


def _ours(after: dict[str, Any], side: str = "NS") -> dict[tuple[str, str], float | None]:
    """The advisor's matchpoints of a read-back traveller (North-South's, or East-West's as the top less
    those of East-West's ranking), by pairs."""
    lines = [TravellerLine(board=after["board"], ns_pair=ln["ns_pair"], ew_pair=ln["ew_pair"],
                           ns_score=ln["ns_score"], artificial=ln["artificial"]) for ln in after["lines"]]
    mps = traveller_matchpoints(lines, side=side)
    top = 2 * (len(lines) - 1)
    return {(ln.ns_pair, ln.ew_pair): None if mp is None else round(mp if side == "NS" else top - mp, 6)
            for ln, mp in zip(lines, mps, strict=True)}


@pytest.mark.parametrize("fmt", ["xml", "pbn"])
def test_every_kind_of_decision_goes_back_and_reads_back_the_same(client: TestClient, fmt: str) -> None:
    event_id = _mp_event(client)
    export = client.get(f"/v1/events/{event_id}/adjusted.{fmt}")
    assert export.status_code == 200, export.text
    boards = tuple(MP_EXPECTED)
    read = dict(zip(boards, _read_back(client, f"adjusted.{fmt}", export.content, HOWELL, boards), strict=True))
    for board, (pairs, expected) in MP_EXPECTED.items():
        before, after = read[board]
        old, new = _by_pairs(before["lines"]), _by_pairs(after["lines"])
        assert len(after["lines"]) == len(before["lines"]) == 6 and old.keys() == new.keys()
        got = {k: new[pairs][k] for k in expected}
        assert got == expected, (fmt, board, got)
        assert all(new[k] == old[k] for k in old if k != pairs)  # the lines with no case: the program's, unchanged
    # The other tables re-read right: the advisor's matchpoints of the read-back travellers, worked by hand.
    # Board 1, each line against the five others, the weighted line pro rata (half +420, half -50):
    #   3 v 11 -400: 0.  5 v 2, 8 v 4, 12 v 1 -100: beat -400 (2), tie the two other -100s (2), lose to
    #   -50 and to both halves of the weighted line: 4.  6 v 10 -50: 2 + 6 + half a tie with the -50
    #   part (0.5): 8.5.  9 v 7: its +420 part beats all five (10), its -50 part 9: 9.5, its own figure.
    assert _ours(read["1"][1]) == {("3", "11"): 0.0, ("5", "2"): 4.0, ("6", "10"): 8.5, ("8", "4"): 4.0,
                                   ("9", "7"): 9.5, ("12", "1"): 4.0}
    # Board 2, the split line ranks North-South at +100 and East-West at North-South +50:
    #   North-South: the four +100s (3 v 11, 6 v 10, 8 v 4, 9 v 7) beat -430 and +50 and tie three: 7;
    #   5 v 2 -430: 0; 12 v 1 +50: beats -430: 2.
    #   East-West's ranking: 3 v 11, 6 v 10, 9 v 7 at +100 beat -430 and two +50s (6), tie two +100s (2):
    #   8, East-West 2; 5 v 2: East-West 10; 12 v 1 and the split at +50: 2 + 1 = 3, East-West 7 (the
    #   split's own East-West figure).
    assert _ours(read["2"][1]) == {("3", "11"): 7.0, ("5", "2"): 0.0, ("6", "10"): 7.0, ("8", "4"): 7.0,
                                   ("9", "7"): 7.0, ("12", "1"): 2.0}
    assert _ours(read["2"][1], "EW") == {("3", "11"): 2.0, ("5", "2"): 10.0, ("6", "10"): 2.0, ("8", "4"): 7.0,
                                         ("9", "7"): 2.0, ("12", "1"): 7.0}
    # Board 4: the artificial line has no result: the other five Neuberg-factored to six (as before).
    assert _ours(read["4"][1])[("12", "2")] is None


def test_the_csv_holds_every_kind_with_its_figures(client: TestClient) -> None:
    event_id = _mp_event(client)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/adjusted.csv").text)))
    by = {(r["board"], r["ns_pair"], r["ew_pair"]): r for r in rows}
    assert {k: by[k]["kind"] for k in by} == {("1", "9", "7"): "weighted", ("2", "8", "4"): "split",
                                             ("3", "5", "2"): "assigned", ("4", "12", "2"): "artificial"}
    w, s, a, x = by[("1", "9", "7")], by[("2", "8", "4")], by[("3", "5", "2")], by[("4", "12", "2")]
    assert (a["contract"], a["declarer"], a["tricks"], a["score_ns"], a["code"]) == ("3S", "S", "11", "200", "")
    assert (w["code"], w["ns_mp"], w["ew_mp"], w["ns_percent"], w["ew_percent"]) == (
        "W420@50/-50@50", "9.5", "0.5", "95.00", "5.00")
    assert (s["score_ns"], s["score_ew"], s["code"], s["ns_mp"], s["ew_mp"], s["ns_percent"], s["ew_percent"]) == (
        "100", "-50", "S100/-50", "7", "7", "70.00", "70.00")
    assert (x["usebio"], x["code"], x["ns_percent"], x["ew_percent"]) == ("A6030", "A6030", "60", "30")


def test_the_codes_read_back() -> None:
    assert read_weighted_code("W420@60/-50@40") == ((420, pytest.approx(0.6)), (-50, pytest.approx(0.4)))
    assert read_weighted_code("W420@60/-50@30") is None  # 90%: not a weighted score
    assert read_weighted_code("A6040") is None and read_split_code("S420/-620") == (420, -620)
    assert read_split_code("S420") is None


# Compscore3's butler_howell.xml. Board 2 (North-South vulnerable, East-West not), North-South's
# scores: 2 v 7 +50 (5C E -1), 3 v 6 -460, 5 v 4 -490, 8 v 1 -430. Board 4 (both vulnerable): 2 v 7
# +100, 3 v 6 +100, 5 v 4 -170, 8 v 1 -680 (4S W +2).
REVOKE_5C = {"contract": "5C", "declarer": "E", "table_result": 10,
             "revoke_facts": {"trick": 5, "offender": "N", "revoke_trick_won_by": "N",
                              "offending_side_tricks_after": 1}}
BUTLER_WEIGHTED = {"score_ns": -175, "result": "weighted", "law": "12C1(c)", "reason": "half the time 3NT makes",
                   "weighted": [{"result": "3NT E =", "score_ns": -400, "percent": 50},
                                {"result": "3NT E -1", "score_ns": 50, "percent": 50}]}
BUTLER_SPLIT = {"score_ns": -620, "score_ew": 650, "result": "4S W = / 4S W +1", "law": "12C1(b)",
                "reason": "each side on its own result"}


@pytest.mark.parametrize("fmt", ["xml", "pbn"])
def test_a_butler_event_exports_the_imps_and_reads_them_back(client: TestClient, fmt: str) -> None:
    # The datum of four results drops the top and the bottom and rounds the mean of the other two to 10
    # (halves away from 0).
    # Board 2, 2 v 7 weighted, each part in the table's place (the advisor's choice: docs/api.md):
    #   -400: -490 -460 -430 -400 -> mean(-460, -430) = -445 -> -450; -400 - (-450) = 50: +2 IMPs
    #   +50: -490 -460 -430 +50 -> -445 -> -450; 500: +11 IMPs; half each: +6.5, East-West -6.5
    # Board 4, 8 v 1 split (field +100, +100, -170): North-South on -620: -620 -170 +100 +100 ->
    #   mean(-170, +100) = -35 -> -40; -580: -11 IMPs. East-West on their own +650, North-South -650:
    #   -650 -170 +100 +100 -> -40; -610: -12 for North-South's view, +12 IMPs for East-West.
    event_id = new_event(client)
    assert post(client, event_id, sample(BUTLER)).status_code == 200
    _case(client, event_id, "2", "2", "7", REVOKE_5C, BUTLER_WEIGHTED)
    _case(client, event_id, "4", "8", "1", _revoke("4S", "W", 12, "N", 0), BUTLER_SPLIT)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/adjusted.csv").text)))
    by = {(r["ns_pair"], r["ew_pair"]): r for r in rows}
    assert (by[("2", "7")]["form"], by[("2", "7")]["ns_imps"], by[("2", "7")]["ew_imps"]) == ("butler", "6.5", "-6.5")
    assert (by[("8", "1")]["form"], by[("8", "1")]["ns_imps"], by[("8", "1")]["ew_imps"]) == ("butler", "-11", "12")
    export = client.get(f"/v1/events/{event_id}/adjusted.{fmt}")
    (b2, b4) = _read_back(client, f"adjusted.{fmt}", export.content, BUTLER, ("2", "4"))
    for before, after in (b2, b4):
        assert len(after["lines"]) == len(before["lines"]) == 4
    new2, old2 = _by_pairs(b2[1]["lines"]), _by_pairs(b2[0]["lines"])
    new4, old4 = _by_pairs(b4[1]["lines"]), _by_pairs(b4[0]["lines"])
    assert {k: new2[("2", "7")][k] for k in ("artificial", "ns_imps", "ew_imps")} == {
        "artificial": "W-400@50/50@50", "ns_imps": 6.5, "ew_imps": -6.5}
    assert {k: new4[("8", "1")][k] for k in ("artificial", "ns_imps", "ew_imps")} == {
        "artificial": "S-620/650", "ns_imps": -11.0, "ew_imps": 12.0}
    assert all(new2[k] == old2[k] for k in old2 if k != ("2", "7"))
    assert all(new4[k] == old4[k] for k in old4 if k != ("8", "1"))


CROSS = "usebio/abftech__cobalt/cross_imp_howell.xml"
REVOKE_1NT = {"contract": "1NT", "declarer": "N", "table_result": 5,
              "revoke_facts": {"trick": 5, "offender": "E", "revoke_trick_won_by": "E",
                               "offending_side_tricks_after": 6}}
CROSS_WEIGHTED = {"score_ns": -5, "result": "weighted", "law": "12C1(c)", "reason": "1NT makes half the time",
                  "weighted": [{"result": "1NT N =", "score_ns": 90, "percent": 50},
                               {"result": "1NT N -1", "score_ns": -100, "percent": 50}]}


@pytest.mark.parametrize("fmt", ["xml", "pbn"])
def test_a_cross_imp_event_exports_the_weighted_imps(client: TestClient, fmt: str) -> None:
    # Board 2 of Compscore3's cross_imp_howell.xml (North-South vulnerable): 2 v 9 1NT N -2 (-200), the
    # others -90, +90, +150. Half 1NT N = (+90): +5 (180), 0, -2 (60): 3 over 3 comparisons, +1; half
    # 1NT N -1 (-100): 0 (10), -5 (190), -6 (250): -11/3; weighted (1 - 11/3) / 2 = -4/3, -1.33 to the
    # hundredth the programs print, East-West +1.33.
    event_id = new_event(client)
    assert post(client, event_id, sample(CROSS)).status_code == 200
    _case(client, event_id, "2", "2", "9", REVOKE_1NT, CROSS_WEIGHTED)
    block = client.get("/v1/cases/1").json()["for_scorer"]["weighted"]
    assert (block["form"], [c["ns_imps"] for c in block["components"]]) == ("cross_imps", [1.0, pytest.approx(-11 / 3)])
    assert block["ns_imps"] == pytest.approx(-4 / 3) and block["ew_imps"] == pytest.approx(4 / 3)
    export = client.get(f"/v1/events/{event_id}/adjusted.{fmt}")
    if fmt == "xml":
        assert b"<NS_CROSS_IMP_POINTS>-1.33</NS_CROSS_IMP_POINTS>" in export.content
    ((before, after),) = _read_back(client, f"adjusted.{fmt}", export.content, CROSS)
    new = _by_pairs(after["lines"])
    assert len(after["lines"]) == len(before["lines"]) == 4
    assert {k: new[("2", "9")][k] for k in ("artificial", "ns_imps", "ew_imps")} == {
        "artificial": "W90@50/-100@50", "ns_imps": -1.33, "ew_imps": 1.33}


def test_a_pbn_export_with_no_deal_is_read_for_its_score_tables() -> None:
    # An event with no hand records (a USEBIO file without HANDSET) exports PBN games with no [Deal]:
    # read back, its ScoreTable lines are the file (a PBN file with neither deals nor score tables is
    # still not PBN).
    from engine.records.results import read_results

    text = ('% PBN 2.1\n[Event "x"]\n[Board "1"]\n[Application "adjusted-score advisor"]\n'
            '[ScoreTable "PairId_NS\\\\2R;PairId_EW\\\\2R;Score_NS\\\\6R;Score_EW\\\\6R;MP_NS\\\\5R;MP_EW\\\\5R"]\n'
            '9 7 W420@50/-50@50 - 9.5 0.5\n8 4 100 -50 7 7\n')
    r = read_results(text.encode())
    assert (r.program, r.hand_records, r.problems) == ("adjusted-score advisor", (), ())
    assert [(ln.ns_pair, ln.artificial, ln.ns_mp, ln.ew_mp) for ln in r.lines] == [
        ("9", "W420@50/-50@50", 9.5, 0.5), ("8", "S100/-50", 7.0, 7.0)]


# Sections (issue 36): NZ Bridge Scorer's three-section session as scorer-to-usebio writes it
# (club-files/usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml: SECTION A, B,
# C, pairs written "(A) 1 NS"). Sections A and B number their pairs alike: on board 1 (none
# vulnerable) A's 1NS v 1EW played 4S S +1 (+450), B's 1NS v 1EW 4S S = (+420). A case on B's table,
# named "(B) 1NS" v "(B) 1EW", is decided 4S S +2: 12 tricks, 420 + 2 x 30 = +480.
NZ_SECTIONS = "usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml"
REVOKE_4S = {"contract": "4S", "declarer": "S", "table_result": 10,
             "revoke_facts": {"trick": 5, "offender": "E", "revoke_trick_won_by": "E",
                              "offending_side_tricks_after": 1}}
NZ_BOARD_1 = (b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
              b'[Deal "N:KQ4.KJ942.KQ62.8 JT762.A.A94.QT96 A3.T87.J873.A432 985.Q653.T5.KJ75"]\n')
ASSIGNED_480 = {"score_ns": 480, "result": "4S S +2", "law": "64A1", "reason": "two tricks transferred"}


def _section_lines(traveller: dict[str, Any]) -> dict[tuple[str, str, str], dict[str, Any]]:
    return {(ln["section"], ln["ns_pair"], ln["ew_pair"]): ln for ln in traveller["lines"]}


@pytest.mark.parametrize("fmt", ["xml", "pbn"])
def test_a_section_b_decision_goes_back_to_section_b_s_line_alone(client: TestClient, fmt: str) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample(NZ_SECTIONS)).status_code == 200
    # The file holds no deals and a case needs its board's: a hand-written one (dealer North, none
    # vulnerable as board 1 is by Law 2), which nothing below depends on.
    r = client.post(f"/v1/events/{event_id}/hand-records", files={"file": ("board1.pbn", NZ_BOARD_1)})
    assert r.status_code == 200, r.text
    _case(client, event_id, "1", "(B) 1NS", "(B) 1EW", REVOKE_4S, ASSIGNED_480)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/adjusted.csv").text)))
    assert [(r["board"], r["section"], r["ns_pair"], r["ew_pair"], r["score_ns"]) for r in rows] == [
        ("1", "B", "1NS", "1EW", "480")]
    export = client.get(f"/v1/events/{event_id}/adjusted.{fmt}")
    assert export.status_code == 200, export.text
    if fmt == "xml":
        assert b'<SECTION SECTION_ID="B">' in export.content
    else:
        assert "\nB - - 1NS 1EW 4S S 12 480 " in export.text
    ((before, after),) = _read_back(client, f"adjusted.{fmt}", export.content, NZ_SECTIONS, ("1",))
    old, new = _section_lines(before), _section_lines(after)
    assert len(after["lines"]) == len(before["lines"]) == 33 and old.keys() == new.keys()
    assert (old[("B", "1NS", "1EW")]["ns_score"], old[("A", "1NS", "1EW")]["ns_score"]) == (420, 450)
    b = new[("B", "1NS", "1EW")]
    assert (b["contract"], b["declarer"], b["tricks"], b["ns_score"]) == ("4S", "S", 12, 480)
    assert new[("A", "1NS", "1EW")] == old[("A", "1NS", "1EW")]  # section A's 1NS v 1EW: the program's, unchanged
    assert all(new[k] == old[k] for k in old if k != ("B", "1NS", "1EW"))


def test_a_two_section_ebuscore_decision_goes_back_to_its_section() -> None:
    # EBUScore's two-section event (tests/data/results-corpus, numbers unique across A and B): a line
    # of section B exported without its section was added to the traveller as a new line (section
    # ""), B's line left as it was. Read back with its SECTION, the fragment's line is section B's.
    from engine.casefile.events import merged_lines
    from engine.records.results import read_results

    path = Path(__file__).resolve().parents[1] / "data" / "results-corpus" / "usebio" / \
        "jacquicollier__ukbridge-club-website" / "00201600+002321.xml"
    base = read_results(path.read_bytes()).traveller("1")
    (b_line,) = [ln for ln in base if (ln.section, ln.ns_pair, ln.ew_pair) == ("B", "19", "28")]
    fragment = ('<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><PROGRAM_NAME>adjusted-score advisor</PROGRAM_NAME>'
                '<SECTION SECTION_ID="B"><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>'
                '<NS_PAIR_NUMBER>19</NS_PAIR_NUMBER><EW_PAIR_NUMBER>28</EW_PAIR_NUMBER><SCORE>A6040</SCORE>'
                '</TRAVELLER_LINE></BOARD></SECTION></EVENT></USEBIO>')
    (line,) = read_results(fragment.encode()).lines
    assert line.section == "B"
    merged = merged_lines(base, [[line]])
    assert len(merged) == len(base)
    changed = [(a, b) for a, b in zip(base, merged, strict=True) if a != b]
    assert [(a.ns_score, b.artificial) for a, b in changed] == [(b_line.ns_score, "A6040")]
    assert changed[0][0] is b_line
