"""A PBN written one game per table (issue 37, tried by a new Polish director on files the project
had not seen): Bridge Base Online's tournament download and pbntools' files made from Polish
results pages (JFR Pary, KoPS) carry no ``[ScoreTable]``; each table is a game of its own, its
``Contract``, ``Declarer`` and ``Result`` under the board's deal and the players in the seat tags.
Shapes as in jarekczek/pbntools (GPL-3.0) ``test/test_2_kops/PCH1003/PCH1003.pbn`` (a Chorzów
club pairs, 3 October 2011, 26 boards, 570 tables) and ``test/test_11_aba_17901/aba_17901_aba_pairs.pbn``
(``[Date "2021-04-03 05:06"]``); the files here are constructed, the deal is PCH1003's board 1.
Scores worked by Law 77 by hand (board 1: nobody vulnerable)."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.model.seats import Seat
from engine.records.pbn_game import tag_date
from engine.records.results import read_results

DEAL = "N:Q7.J7.83.AT86542 843.632.AT9752.3 AJ962.95.KQ64.Q7 KT5.AKQT84.J.KJ9"


def _game(board: str, contract: str, declarer: str, result: str, table: int, extra: str = "") -> str:
    return (f'[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
            f'[North "N{table}"]\n[South "S{table}"]\n[East "E{table}"]\n[West "W{table}"]\n{extra}'
            f'[Contract "{contract}"]\n[Declarer "{declarer}"]\n[Result "{result}"]\n\n')


def test_a_file_of_one_game_per_table_is_read_as_the_boards_traveller() -> None:
    text = _game("01", "5Cx", "N", "8", 1) + _game("01", "4H", "W", "10", 2) + _game("01", "4Hx", "W", "7", 3)
    results = read_results(text.encode("latin-1"))
    assert len(results.hand_records) == 1
    first, second, third = results.lines
    # 5C doubled by North, 8 tricks, down 3 not vulnerable: 100 + 200 + 200 = 500 to East-West (77)
    assert (first.board, first.contract, first.declarer, first.tricks, first.ns_score) == ("1", "5CX", Seat.NORTH, 8,
                                                                                           -500)
    assert (first.ns_names, first.ew_names) == ("N1 & S1", "E1 & W1")
    # 4H by West made: 4 x 30 + 300 game bonus = 420 to East-West
    assert (second.contract, second.declarer, second.ns_score) == ("4H", Seat.WEST, -420)
    # 4H doubled by West, 7 tricks, down 3 not vulnerable: +500 to North-South
    assert third.ns_score == 500
    assert (first.ns_pair, first.table) == ("", None)  # the file numbers neither pairs nor tables


def test_a_championship_record_of_two_rooms_and_a_hand_record_give_no_traveller() -> None:
    rooms = _game("1", "4H", "W", "10", 1, '[Room "Open"]\n') + _game("1", "4H", "W", "9", 2, '[Room "Closed"]\n')
    assert read_results(rooms.encode()).lines == ()  # two rooms of a match, not a field
    one = _game("1", "4H", "W", "10", 1) + _game("2", "3NT", "N", "9", 1)
    assert read_results(one.encode()).lines == ()  # one game a board: a record, not a traveller
    deals = _game("1", "", "", "", 1) + _game("1", "?", "", "", 2)
    assert read_results(deals.encode()).lines == ()


def test_a_table_whose_contract_cannot_be_read_is_named_and_the_others_kept() -> None:
    text = _game("1", "4H", "W", "10", 1) + _game("1", "4Q", "W", "10", 2) + _game("1", "3NT", "W", "9", 3)
    results = read_results(text.encode())
    assert [ln.contract for ln in results.lines] == ["4H", "3NT"]
    assert len(results.problems) == 1 and results.problems[0].board == "1"


@pytest.mark.parametrize(("tag", "day"), [
    ("2026.11.27", dt.date(2026, 11, 27)),  # PBN 2.1, section 3.3
    ("2021-04-03 05:06", dt.date(2021, 4, 3)),  # Bridge Base Online's download, via pbntools
    ("2013-11-23", dt.date(2013, 11, 23)),
    ("2026.??.??", None), ("2026.02.30", None), ("", None), (None, None), ("3.10.2011", None),
])
def test_the_date_tag_is_read_in_pbns_spelling_and_bbos(tag, day) -> None:
    assert tag_date(tag) == day
