"""The ruling log (issue 37): the event's case list and its CSV downloaded from the page say what
the scorer enters in the page's language, and a weighted score that stands part by part, each
result with its weight and its matchpoints against the traveller, never its points average.

The event is tests/api/test_export_round_trip.py's (Compscore3's mp_pairs_howell.xml, one decision
on each of boards 1-4). Worked by hand there: board 1, 9 v 7 weighted 50% 4H S = (+420), 50% 4H S -1
(-50) against the other five North-South scores (-400, -100, -50, -100, -100; 2 a score beaten,
1 a tie, top 10): +420 beats all five, 10 MP; -50 beats four and ties one, 9 MP; weighted 9.5 of
10, North-South 95.00%, East-West 5.00%. The points average, 0.5 x 420 + 0.5 x (-50) = 185, is
no score the scorer enters. Board 3, 5 v 2: assigned 3S S +2, eleven tricks, North-South +200.
"""

from __future__ import annotations

import csv
import html
import io
import re

from fastapi.testclient import TestClient

from tests.api.test_export_round_trip import _mp_event, pytestmark  # noqa: F401 (the club files' skip)


def _final_cells(page: str) -> list[str]:
    return [html.unescape(c) for c in re.findall(r'<td class="final">(.*?)</td>', page, flags=re.S)]


def test_the_case_list_and_the_ruling_log_give_each_part_with_its_matchpoints_in_polish(client: TestClient) -> None:
    event_id = _mp_event(client)
    cells = _final_cells(client.get(f"/events/{event_id}/cases?lang=pl").text)
    weighted = next(c for c in cells if "4H S =" in c)
    assert weighted == ("Wynik ważony (12C1(c)): żaden program go nie przyjmuje jako danych; wpisz w tym rozdaniu "
                        "NS 95.00% i EW 5.00%. 1/2 × 4H S = (NS +420): 10 PM dla NS względem pola; "
                        "1/2 × 4H S -1 (NS -50): 9 PM dla NS względem pola (12C1(c))")
    assert "185" not in weighted

    rows = list(csv.DictReader(io.StringIO(client.get(f"/events/{event_id}/rulings.csv?lang=pl").text)))
    by_board = {r["board"]: r for r in rows}
    assert by_board["1"]["final_score_ns"] == ""  # the average is no score to enter
    assert by_board["1"]["for_scorer"] == weighted.removesuffix(" (12C1(c))")
    assert by_board["3"]["for_scorer"] == "Wpisz jako wynik stołu: 3S, rozgrywający S, 11 lew, NS +200."
    assert by_board["3"]["final_score_ns"] == "200"


def test_the_apis_ruling_log_keeps_the_programs_codes_in_english(client: TestClient) -> None:
    event_id = _mp_event(client)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/v1/events/{event_id}/rulings.csv").text)))
    by_board = {r["board"]: r for r in rows}
    assert by_board["1"]["final_score_ns"] == ""
    assert by_board["1"]["for_scorer"] == "weighted: NS 95.00%, EW 5.00% (1/2 4H S = +420 10 MP; 1/2 4H S -1 -50 9 MP)"
    assert by_board["4"]["for_scorer"].startswith("artificial: Bridgemate")
