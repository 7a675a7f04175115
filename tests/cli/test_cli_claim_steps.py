"""``advisor claim`` with the statement as steps in order (issue 33, point 7): each ``--step`` in
the text form the claim page's field reads (:mod:`app.i18n.statement`, one parser for both), after
the steps of ``--statement``; a step that cannot be read is refused naming it, in the language
asked for, before any solver runs. The position is docs/claims.md's T03 (White Book 8.70.4(a)),
as tests/web/test_claim_page.py gives it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main as cli_main
from app.cli.claim import claim_request
from app.cli.parser import _parser
from tests.web.test_claim_page import T03


def _position(tmp_path: Path) -> str:
    pos = tmp_path / "t03.json"
    pos.write_text(json.dumps({"hands": T03, "trump": "C", "leader": "S", "declarer": "S", "contract": "4C",
                               "tricks_won": {"NS": 9, "EW": 0}}))
    return str(pos)


def test_the_steps_go_to_the_request_in_the_order_given(tmp_path: Path) -> None:
    args = _parser().parse_args(["claim", "--position", _position(tmp_path), "--by", "S", "--tricks", "4",
                                 "--step", "draw_trumps", "--step", "cash:D", "--step", "concede:H",
                                 "--step", "ruff C N 2", "--step", "discard:C9:on:DA"])
    assert claim_request(args)["claim"]["statement"]["steps"] == [
        {"do": "draw_trumps"}, {"do": "cash", "suit": "D"}, {"do": "concede", "suit": "H"},
        {"do": "ruff", "suit": "C", "in": "N", "count": 2}, {"do": "discard", "card": "C9", "on": "DA"}]


def test_the_steps_follow_those_of_the_statement_json(tmp_path: Path) -> None:
    statement = json.dumps({"text": "trumps first", "steps": [{"do": "lead", "card": "SA"}]})
    args = _parser().parse_args(["claim", "--position", _position(tmp_path), "--by", "S", "--tricks", "4",
                                 "--statement", statement, "--step", "draw trumps", "--step", "cash D"])
    assert claim_request(args)["claim"]["statement"] == {
        "text": "trumps first", "steps": [{"do": "lead", "card": "SA"}, {"do": "draw_trumps"},
                                          {"do": "cash", "suit": "D"}]}


def test_a_careless_category_of_the_engine_is_a_choice_of_not_normal(tmp_path: Path) -> None:
    from engine.laws.claims import CARELESS

    for c in CARELESS:
        args = _parser().parse_args(["claim", "--position", _position(tmp_path), "--by", "S", "--tricks", "4",
                                     "--not-normal", c.value])
        assert claim_request(args)["claim"]["findings"]["normal"] == {c.value: False}


def test_a_step_that_cannot_be_read_is_refused_in_the_language_asked_for(tmp_path: Path, capsys) -> None:
    run = ["claim", "--position", _position(tmp_path), "--by", "S", "--tricks", "4", "--step", "draw_trumps",
           "--step", "ruff:C"]
    assert cli_main([*run, "--lang", "pl"]) == 2
    err = capsys.readouterr().err
    assert "claim/statement/steps/1" in err and "'ruff:C': podaj gracza" in err
    assert cli_main(run) == 2
    assert "'ruff:C': give the player" in capsys.readouterr().err


@pytest.mark.slow
def test_a_stated_draw_trumps_first_gives_the_claimer_the_trump(tmp_path: Path) -> None:
    # T03: South (AK of spades, ace of hearts, the C9) claims the last four, West's C2 a trump out.
    # Unaware and silent: the heart ace cashed first, West ruffs: 3 (70C). "Draw trumps" said as
    # the first step: the C9 draws the C2, then the three winners: 4 (70C1, White Book 8.70.4)
    run = [sys.executable, "-m", "app.cli", "claim", "--position", _position(tmp_path), "--by", "S", "--tricks", "4",
           "--unaware", "likely", "--json"]
    silent = subprocess.run(run, capture_output=True, text=True, timeout=120, check=False)
    said = subprocess.run([*run, "--step", "draw_trumps", "--step", "cash:S"], capture_output=True, text=True,
                          timeout=120, check=False)
    assert silent.returncode == said.returncode == 0, silent.stderr + said.stderr
    assert (json.loads(silent.stdout)["awarded"], json.loads(said.stdout)["awarded"]) == (3, 4)
