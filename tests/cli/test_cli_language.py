"""The command line in the language asked for: ``--lang`` (before or after the subcommand), else
``ADVISOR_LANG``, else English; an unknown language exits 2 with the list."""

from __future__ import annotations

import json

import pytest

from app.cli import main as cli_main
from tests.api.test_incorrect_cards import EXAMPLE
from tests.helpers import SPONVO30


def test_the_revoke_ruling_in_polish(capsys):
    assert cli_main(["revoke", str(SPONVO30), "--board", "21", "--room", "Closed", "--lang", "pl", "--rest-dd"]) == 0
    text = capsys.readouterr().out
    # South's D4 on trick 3, hearts led, South holding H987 (docs/director.md's worked example), in pl/steps.json's words
    assert "[61A] Fałszywy renons w lewie 3: S zagrał ♦4 w lewie 3, mając ♥987 (wyjście w ♥)." in text
    assert "Wynik do wpisania: 4H W -1  (NS +50; Prawo 64A2)" in text
    assert "Revoke on trick" not in text and "Result to enter" not in text


def test_lang_before_the_subcommand_and_the_environment(capsys, monkeypatch):
    assert cli_main(["--lang", "pl", "incorrect-cards", str(EXAMPLE)]) == 0
    text = capsys.readouterr().out
    assert "Przypisany wynik rozjemczy: 4H W -1  (NS +50)" in text and "wykryto po rozgrywce" in text
    monkeypatch.setenv("ADVISOR_LANG", "pl")
    assert cli_main(["incorrect-cards", str(EXAMPLE)]) == 0
    assert "Działanie: przypisany wynik rozjemczy" in capsys.readouterr().out
    assert cli_main(["incorrect-cards", str(EXAMPLE), "--lang", "en"]) == 0  # the option wins over the variable
    assert "Action: assigned adjusted score" in capsys.readouterr().out


def test_the_json_steps_carry_the_language_and_the_keys(capsys):
    assert cli_main(["incorrect-cards", str(EXAMPLE), "--json", "--lang", "pl"]) == 0
    doc = json.loads(capsys.readouterr().out)
    [findings] = [s for s in doc["steps"] if s["key"] == "cc.findings"]
    # the C9 moved from North to West (N 12, W 14): the findings step, its nested phrases in Polish
    assert findings["text"].startswith("Liczba kart w rękach w chwili wykrycia: N 12, E 13, S 13, W 14. "
                                       "♣9 była w ręce W")
    assert doc["assigned"]["result"] == "4H W -1"  # numbers and codes unchanged


def test_a_bad_board_is_said_in_polish(capsys):
    assert cli_main(["revoke", str(SPONVO30), "--board", "99", "--lang", "pl"]) == 2
    assert "advisor: nie można orzec: nie ma rozdania 99 w" in capsys.readouterr().err


def test_an_unknown_language_exits_2_with_the_list(capsys):
    assert cli_main(["revoke", str(SPONVO30), "--board", "21", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "'xx'" in err and "en" in err and "pl" in err


def test_the_artificial_scores_are_named_in_the_language_asked_for(capsys):
    # 12C2(a): a contestant directly at fault gets average minus, 40 % / -3 IMPs; the name in el/page.json
    assert cli_main(["incorrect-cards", str(EXAMPLE), "--lang", "el"]) == 0
    text = capsys.readouterr().out
    assert "Μέσος όρος μείον (40% / -3 IMP)" in text and "Average" not in text
    assert cli_main(["incorrect-cards", str(EXAMPLE)]) == 0
    assert "Average minus (40% / -3 IMPs)" in capsys.readouterr().out


# --- issue 35: the CLI never prints a database URL's password -------------------------------------

def test_an_argument_error_never_shows_a_database_password(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    url = "postgresql://advisor:s3cret@127.0.0.1:1/advisor"
    with pytest.raises(SystemExit) as info:
        main(["users", "--database", url, "list", "--bogus", url])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments" in err and "postgresql://advisor:***@127.0.0.1:1/advisor" in err
    assert "s3cret" not in err


def test_a_database_that_cannot_be_reached_is_a_message_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import main

    # port 1 on this machine refuses at once; --database may follow the action too
    assert main(["users", "list", "--database", "postgresql://advisor:s3cret@127.0.0.1:1/advisor"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("advisor: the database cannot be opened (postgresql://advisor:***@127.0.0.1:1/advisor)")
    assert "s3cret" not in err and "Traceback" not in err


def test_the_token_holders_are_managed_in_the_language_asked_for(capsys, tmp_path) -> None:
    # issue 37, a new Polish director making the tokens: `advisor users` spoke English only, and
    # `--lang` after the action was refused
    db = f"sqlite:///{tmp_path / 'users.sqlite3'}"
    assert cli_main(["users", "add", "Jan Kowalski", "--role", "director", "--database", db, "--lang", "pl"]) == 0
    said = capsys.readouterr()
    assert said.err.startswith("Token dla: Jan Kowalski (sędzia); wyświetla się tylko raz")
    assert said.out.startswith("adv_")
    assert cli_main(["users", "list", "--database", db, "--lang", "pl"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["nazwa", "rola", "aktywny", "utworzony"]
    assert table[1].split()[:4] == ["Jan", "Kowalski", "sędzia", "tak"]
    assert cli_main(["--lang", "pl", "users", "revoke", "Jan Kowalski", "--database", db]) == 0
    assert capsys.readouterr().out.startswith("Unieważniono token: Jan Kowalski")
