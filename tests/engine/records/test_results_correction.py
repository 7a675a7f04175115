"""Issue 36: a traveller line the director corrects is read with the readers' own functions
(:mod:`engine.records.results.correction`), and the reader keeps what the file had on the line
for the form. Scores worked by hand from Law 77's table."""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.model.seats import Seat, Vulnerability
from engine.records.results import read_results
from engine.records.results.correction import corrected_line, prefill
from engine.records.results.model import ReadProblem
from tests.engine.records.test_results_problems import CLUB, HOWELL

pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def _problem(board: str = "2") -> ReadProblem:
    return ReadProblem(board, 40, "contract", "42", "results_bad_value",
                       (("text", "42"), ("what", "contract"), ("where", f"board {board}, line 40")),
                       f"board {board}, line 40: the contract '42' cannot be read")


def test_a_usebio_line_keeps_what_the_file_had() -> None:
    # board 1's first line: <NS_PAIR_NUMBER>3 <EW_PAIR_NUMBER>11 <CONTRACT>5C <PLAYED_BY>W <LEAD>2H
    # <TRICKS>11 <SCORE>-400, its contract typed 42
    data = HOWELL.read_bytes().replace(b"<CONTRACT>5C</CONTRACT>", b"<CONTRACT>42</CONTRACT>", 1)
    (problem,) = read_results(data).problems
    assert prefill(problem) == {"section": "", "table": "", "round": "", "ns_pair": "3", "ew_pair": "11",
                                "contract": "42", "declarer": "W", "lead": "2H", "tricks": "11", "ns_score": "-400"}
    line = corrected_line(problem, prefill(problem) | {"contract": "5C"})
    # 5C by West making 11, board 1 none vulnerable: 5 x 20 + 300 = 400 to East-West
    assert (line.contract, line.declarer, str(line.lead), line.tricks, line.ns_score) == ("5C", Seat.WEST, "H2", 11,
                                                                                          -400)


@pytest.mark.parametrize(("typed", "vul", "score"), [
    # board 2 is North-South vulnerable (Law 2): 3NT= by South, 100 + 500 = 600
    ({"contract": "3N", "declarer": "S", "tricks": "9"}, None, 600),
    # the stored hand record's vulnerability wins over the board number's: none, 400
    ({"contract": "3N", "declarer": "S", "tricks": "9"}, Vulnerability.NONE, 400),
    # 4S doubled by East down 2, East-West not vulnerable on board 2: 100 + 200 = 300 to North-South
    ({"contract": "4S X", "declarer": "E", "tricks": "8"}, None, 300),
    # passed out: 0, no declarer or tricks needed
    ({"contract": "Pass"}, None, 0),
    # a score given that is Law 77's is taken
    ({"contract": "3N", "declarer": "S", "tricks": "9", "ns_score": "600"}, None, 600),
])
def test_the_score_is_law_77_s(typed: dict[str, str], vul: Vulnerability | None, score: int) -> None:
    assert corrected_line(_problem(), typed, vul).ns_score == score


@pytest.mark.parametrize(("typed", "path", "key"), [
    ({"contract": ""}, "contract", "correction_missing"),
    ({"contract": "8S", "declarer": "S", "tricks": "9"}, "contract", "results_bad_value"),
    ({"contract": "3N", "tricks": "9"}, "declarer", "correction_missing"),
    ({"contract": "3N", "declarer": "S", "tricks": "-1"}, "tricks", "results_out_of_range"),
    ({"contract": "3N", "declarer": "S", "tricks": "9", "ns_score": "-600"}, "ns_score", "correction_score_differs"),
    ({"contract": "3N", "declarer": "S", "tricks": "9", "table": "x"}, "table", "results_bad_value"),
    ({"contract": "3N", "declarer": "S", "tricks": "9", "ns_pair": "1" * 41}, "ns_pair", "results_bad_value"),
])
def test_a_bad_value_names_its_field(typed: dict[str, str], path: str, key: str) -> None:
    with pytest.raises(InvalidBoardError) as caught:
        corrected_line(_problem(), typed)
    assert (caught.value.path, caught.value.key) == (path, key)
    assert caught.value.message.startswith("board 2, line 40: ")


def test_a_deal_problem_has_no_line_to_correct() -> None:
    deal = ReadProblem("3", None, "deal", "", "results_bad_deal", (("board", "3"),), "board 3: ...")
    with pytest.raises(InvalidBoardError) as caught:
        corrected_line(deal, {"contract": "3N", "declarer": "S", "tricks": "9"})
    assert caught.value.key == "correction_not_a_line" and not deal.on_line
