"""``advisor revoke`` with the director's own figure, its reason and the offender's card (issue 34):
bad values are refused in the director's words (exit 2), and the ruling lists the 64C measures.
The board is Sponvo30.pbn board 21, closed room (tests/helpers.py): 4H by West, South's D4 on a
heart at trick 3 while holding H987."""

from __future__ import annotations

from app.cli import main as cli_main
from tests.helpers import SPONVO30

BOARD_21 = ["revoke", str(SPONVO30), "--board", "21", "--room", "Closed", "--rest-dd"]


def test_a_figure_outside_0_to_13_is_refused(capsys):
    assert cli_main([*BOARD_21, "--likely", "14"]) == 2
    err = capsys.readouterr().err
    assert "0 to 13 tricks for the declarer's side, not 14" in err


def test_a_reason_without_the_figure_is_refused(capsys):
    assert cli_main([*BOARD_21, "--likely-reason", "declarer would have drawn trumps"]) == 2
    assert "needs the figure itself" in capsys.readouterr().err


def test_an_offender_card_that_is_not_a_card_is_refused(capsys):
    assert cli_main([*BOARD_21, "--offender-card", "HX"]) == 2
    assert "HX" in capsys.readouterr().err


TABLE_8 = ["revoke", str(SPONVO30), "--board", "21", "--room", "Closed", "--table-result", "8"]
"""Played out, 8 tricks (4H W -2); the measures worked by hand in tests/web/test_measures_page.py:
the table's own play without the revoke 9 (the ruling's: the record goes on past trick 3), the
table result plus what the revoke card changed 9, double dummy from before the revoke 10."""


def test_the_three_measures_and_the_one_used(capsys):
    assert cli_main(TABLE_8) == 0
    text = capsys.readouterr().out
    assert (" * The table's own play without the revoke: 9 (4H W -1)\n"
            "   Table result + what the revoke card changed: 9 (4H W -1)\n"
            "   Double dummy from before the revoke: 10 (4H W =)\n") in text
    assert "The ruling used: The table's own play without the revoke. The record goes on past the revoke trick " \
           "(trick 3)" in text
    assert "Result to enter: 4H W -1  (NS +50; law 64A2)" in text  # 9 after the transfer: 64C does not apply


def test_the_directors_figure_decides(capsys):
    assert cli_main([*TABLE_8, "--likely", "10", "--likely-reason", "declarer draws trumps"]) == 0
    text = capsys.readouterr().out
    assert " * The director's own figure (not double dummy): 10 (4H W =)" in text
    assert "declarer draws trumps" in text
    assert "Result to enter: 4H W =  (NS -420; law 64C1)" in text  # East-West 10, more than the 9 after the transfer


def test_the_measures_in_polish(capsys):
    assert cli_main([*TABLE_8, "--lang", "pl"]) == 0
    text = capsys.readouterr().out
    assert " * Rozgrywka przy stole bez fałszywego renonsu: 9 (4H W -1)" in text
    assert "Orzeczenie przyjęło: Rozgrywka przy stole bez fałszywego renonsu. Zapis rozgrywki" in text
