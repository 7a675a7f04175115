"""KoPS2www board pages (issue 37: a new Polish director's file the advisor refused): read as
JFR Pary's, with KoPS's three differences (engine/records/results/jfr.py ``is_kops``). The file is
tests/data/kops/jarekczek__pbntools/p1.html (GPL-3.0, see the README there): Chorzów, 3 October
2011, board 1. Every figure below read by eye from the page's HTML and, for the scores, worked
by Law 77 (board 1: nobody vulnerable)."""

from __future__ import annotations

from pathlib import Path

from engine.model.seats import Seat
from engine.records.results import read_results

PAGE = Path(__file__).resolve().parents[2] / "data" / "kops" / "jarekczek__pbntools" / "p1.html"


def test_a_kops_board_page_gives_its_deal_and_its_traveller() -> None:
    results = read_results(PAGE.read_bytes())
    assert (results.kind, results.program, results.scoring) == ("jfr", "KoPS2www", "MP")
    (record,) = results.hand_records
    # North ♠Q7 ♥J7 ♦83 ♣A1086542, West (left cell) ♠K105 ♥AKQ1084 ♦J ♣KJ9, East ♠843 ♥632 ♦A109752 ♣3
    assert record.deal.to_pbn() == "N:Q7.J7.83.AT86542 843.632.AT9752.3 AJ962.95.KQ64.Q7 KT5.AKQT84.J.KJ9"
    assert (record.board, record.dealer) == ("1", Seat.NORTH)
    assert len(results.lines) == 22 and results.problems == ()
    first, second, third = results.lines[:3]
    # pairs 1 v 2: 5C doubled by North, lead ♥3, down 3: 100 + 200 + 200 = 500 to East-West; 14.3% / 85.7%
    assert (first.ns_pair, first.ew_pair, first.contract, first.declarer, str(first.lead), first.tricks,
            first.ns_score, first.ns_mp, first.ew_mp) == ("1", "2", "5CX", Seat.NORTH, "H3", 8, -500, 14.3, 85.7)
    # 39 v 38: 4H by West made, written "-420" in the second column: North-South's -420 (120 + 300)
    assert (second.contract, second.declarer, second.tricks, second.ns_score) == ("4H", Seat.WEST, 10, -420)
    assert (third.contract, third.tricks, third.ns_score) == ("4H", 11, -450)  # +1: 150 + 300
    # a plus score is written in the first column: 4H doubled by West down 3, +500 to North-South
    assert [ln.ns_score for ln in results.lines if ln.contract == "4HX" and ln.tricks == 7] == [500]
