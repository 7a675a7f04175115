"""The room's results and the rule that proposes the outcomes (engine/rulings/alternatives.py), on
traveller lines written here: which tables count, and when the room is enough (three tables).
The double-dummy figures and whole requests are checked in tests/api/test_alternatives.py."""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.model.contract import Contract
from engine.model.seats import Seat
from engine.records.results.model import TravellerLine
from engine.rulings.alternatives import LAWS, check_law, room_results


def line(contract: str | None, declarer: str | None, tricks: int | None) -> TravellerLine:
    return TravellerLine(board="1", contract=contract, declarer=Seat(declarer) if declarer else None, tricks=tricks)


FOUR_S_E = Contract.from_str("4S", Seat.EAST)


def test_the_contract_by_either_player_of_the_side_doubled_or_not() -> None:
    lines = [line("4S", "E", 10), line("4SX", "W", 9), line("4S", "W", 10), line("4S", "N", 8), line("3S", "E", 10)]
    got = room_results(lines, FOUR_S_E)
    # 4S by East-West at three tables (4S E 10, 4SX W 9, 4S W 10): enough, North's 4S and 3S E left out
    assert (got.matched, got.tables, got.tricks) == ("contract", 3, ((9, 1), (10, 2)))


def test_fewer_than_three_in_the_contract_falls_back_to_the_strain_by_the_side() -> None:
    lines = [line("4S", "E", 10), line("3S", "E", 9), line("2S", "W", 9), line("3NT", "E", 9)]
    got = room_results(lines, FOUR_S_E)
    assert (got.matched, got.tables, got.tricks) == ("strain", 3, ((9, 2), (10, 1)))


def test_lines_without_a_result_do_not_count_and_none_is_none() -> None:
    lines = [line(None, None, None), line("PASS", None, None), line("4S", "E", None), line("4H", "E", 10)]
    got = room_results(lines, FOUR_S_E)
    assert (got.matched, got.tables, got.tricks) == ("none", 0, ())


def test_two_tables_all_in_the_contract_are_the_contract() -> None:
    got = room_results([line("4S", "E", 10), line("4S", "W", 11)], FOUR_S_E)
    assert (got.matched, got.tables) == ("contract", 2)


def test_the_law_is_one_of_six() -> None:
    assert LAWS == ("16B", "21B", "40B", "73C", "75", "other")
    with pytest.raises(InvalidBoardError) as info:
        check_law("64")
    assert info.value.path == "law" and "16B, 21B, 40B, 73C, 75, other" in info.value.message
