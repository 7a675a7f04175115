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
