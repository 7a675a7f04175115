"""``advisor alternatives`` (issue 38) on the ABF Howell's results file: the same figures as the API
(tests/api/test_alternatives.py), worked by hand here, the text in Polish, and a bad alternative
refused naming it before any solver runs."""

from __future__ import annotations

import json

import pytest

from app.cli import main as cli_main
from tests.api.test_alternatives import HOWELL, room_counts

pytestmark = pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")

BOARD_21 = [str(HOWELL), "--board", "21", "--pairs", "11:9", "--alt", "4S:E", "--alt", "3S:E=10",
            "--weights", "70%", "30%", "--law", "16B"]


def test_board_21_weighted_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # 4S by East at 70%: the room (five other tables) made 9 once, 10 four times, so 7/50 of 4S -1
    # (+50: 9 MP against 50 and four -420) and 14/25 of 4S = (-420: 4 MP); 3S E +1 (-170) at 30%
    # beats the four -420s: 8. 0.14 x 9 + 0.56 x 4 + 0.3 x 8 = 1.26 + 2.24 + 2.4 = 5.90; EW 4.10.
    assert room_counts("21", ("11", "9"), "4S", "EW") == {9: 1, 10: 4}
    assert cli_main(["alternatives", *BOARD_21, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(o["result"], o["weight"], o["score_ns"]) for o in out["alternatives"][0]["outcomes"]] == [
        ("4S E -1", "7/50", 50), ("4S E =", "14/25", -420)]
    assert out["table_result"]["result"] == "3S E +1" and out["table_result"]["lead"] == "CK"
    assert (out["weighted"]["ns"], out["weighted"]["ew"]) == (pytest.approx(5.9), pytest.approx(4.1))


def test_the_text_in_polish(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["alternatives", *BOARD_21, "--lang", "pl"]) == 0
    text = capsys.readouterr().out
    assert "Ważony: NS 5.90, EW 4.10 z 10" in text and "rozgrywa E, waga 7/10" in text


def test_a_bad_alternative_is_refused_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["alternatives", str(HOWELL), "--board", "21", "--pairs", "11:9", "--alt", "4S:E",
                     "--alt", "4S-E", "--law", "16B"]) == 2
    err = capsys.readouterr().err
    assert "alternatives/1" in err and "not an alternative: '4S-E'" in err


def test_a_split_score_north_south_keep_the_table_result(capsys: pytest.CaptureFixture[str]) -> None:
    # North-South keep 3S E +1 (-170): it beats the four -420s of the section's field, loses to +50:
    # 8 of 10. East-West on the weighted 70% 4S E (7/50 +50, 14/25 -420) and 30% 3S E +1 (-170):
    # North-South's side of each: +50 -> 9, -420 -> 4, -170 -> 8, so East-West 1, 6 and 2:
    # 0.14 x 1 + 0.56 x 6 + 0.3 x 2 = 0.14 + 3.36 + 0.6 = 4.10.
    assert cli_main(["alternatives", *BOARD_21, "--table-result-kept-by", "NS", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    sp = out["weighted"]["split"]
    assert (sp["table_result_kept_by"], sp["score_for_ns"], sp["ns"], sp["ew"]) == ("NS", -170, 8, pytest.approx(4.1))
    assert [s["side"] for s in out["sides"] if s["keeps_table_result"]] == ["NS"]
    assert cli_main(["alternatives", *BOARD_21, "--table-result-kept-by", "NS"]) == 0
    assert "Split score: NS keep the table result; North-South 8.00, East-West 4.10" in capsys.readouterr().out


def test_the_rounding_is_refused_on_a_matchpointed_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["alternatives", *BOARD_21, "--offending", "EW", "--rounding", "non_offenders_whole_imp"]) == 2
    assert "matchpointed" in capsys.readouterr().err
