"""Engine errors said through the catalogues: for a table of bad inputs a director can give, the
English template of the error's key (``app/i18n/en/errors.json``), filled with its parameters,
is exactly the engine's English message; the Polish one is different text with the same numbers;
and the API says it in the language asked for."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from app.i18n import catalogue, error_template_text, error_text, gettext
from engine.errors import InvalidBoardError, PbnError
from engine.model import Card, Contract, Deal, Seat
from engine.records.boards import board_from_game, board_from_parts, pick_game
from engine.records.handrecords import hand_records_from_pbn
from engine.records.pbn import loads
from engine.records.pbn_text import check_text, upload_text
from engine.records.playtext import play_text_problems, read_card
from engine.scoring.adjusted import check_weights, parse_weight
from engine.scoring.profiles import profile

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _raised(call: Callable[[], object]) -> InvalidBoardError:
    with pytest.raises(InvalidBoardError) as info:
        call()
    return info.value


def _first_problem(text: str) -> InvalidBoardError:
    _, problems = play_text_problems(text)
    return problems[0]


BAD: dict[str, Callable[[], InvalidBoardError]] = {
    "contract 8H": lambda: _raised(lambda: Contract.from_str("8H", Seat.SOUTH)),
    "passed out": lambda: _raised(lambda: Contract.from_str("Pass", Seat.SOUTH)),
    "contract 4Z": lambda: _raised(lambda: Contract.from_str("4Z", Seat.SOUTH)),
    "card SZ": lambda: _raised(lambda: Card.from_str("SZ")),
    "card QQ": lambda: _raised(lambda: Card.from_str("QQ")),
    "deal no colon": lambda: _raised(lambda: Deal.from_pbn("AKQJ.AKQ.AKQ.AKQ")),
    "deal three hands": lambda: _raised(lambda: Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876")),
    "hand three suits": lambda: _raised(lambda: Deal.from_pbn("N:AKQJ.AKQ.AKQ T987.JT9.JT9.JT9 - -")),
    "hand bad rank": lambda: _raised(lambda: Deal.from_pbn("N:AKQX.AKQ.AKQ.AKQ - - -")),
    "hand card twice": lambda: _raised(lambda: Deal.from_pbn("N:AKQA.AKQ.AKQ.AKQ - - -")),
    "declarer Z": lambda: _raised(lambda: board_from_parts(DEAL, "4S", "Z", "None", [])),
    "vulnerable Q": lambda: _raised(lambda: board_from_parts(DEAL, "4S", "S", "Q", [])),
    "play bad card": lambda: _raised(lambda: board_from_parts(DEAL, "4S", "S", "None", ["SA", "X9"])),
    "card not held": lambda: _raised(lambda: board_from_parts(DEAL, "4S", "S", "None", ["SA"]).play_record()),
    "card played twice": lambda: _raised(
        lambda: board_from_parts(DEAL, "4S", "N", "None", ["S7", "S6", "S2", "SA", "S7"]).play_record()),
    "deal 14 and 12": lambda: _raised(
        lambda: board_from_parts("N:AKQJ2.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 .5432.5432.5432", "4S", "S",
                                 "None", []).play_record()),
    "typed card": lambda: _raised(lambda: read_card("zz")),
    "typed trick of five": lambda: _first_problem("SA S2 S3 S4 S5"),
    "typed bad card in a trick": lambda: _first_problem("SA S2 ZZ S4"),
    "typed short trick": lambda: _first_problem("SA S2\nH2 H3 H4 H5"),
    "typed trick of one": lambda: _first_problem("SA\nH2 H3 H4 H5"),
    "pbn empty": lambda: _raised(lambda: check_text("")),
    "pbn blank": lambda: _raised(lambda: check_text("\n\n")),
    "pbn no tag": lambda: _raised(lambda: check_text("hello")),
    "pbn binary": lambda: _raised(lambda: upload_text(b"\x00\x01\x02 [Board \"1\"]")),
    "pbn no play": lambda: _raised(lambda: board_from_game(pick_game('[Board "1"]\n[Deal "' + DEAL + '"]\n'))),
    "pbn bad contract": lambda: _raised(lambda: loads('[Board "3"]\n[Contract "9Q"]\n')[0].contract()),
    "pbn no contract": lambda: _raised(lambda: loads('[Board "3"]\n[Room "Closed"]\n')[0].contract()),
    "pbn bad deal": lambda: _raised(lambda: loads('[Board "4"]\n[Deal "N:AKQ"]\n')[0].deal()),
    "pbn bad vulnerable": lambda: _raised(lambda: loads('[Board "4"]\n[Vulnerable "Maybe"]\n')[0].vulnerability()),
    "hand record no board": lambda: _raised(lambda: hand_records_from_pbn('[Deal "' + DEAL + '"]\n')),
    "hand record bad dealer": lambda: _raised(
        lambda: hand_records_from_pbn('[Board "x"]\n[Dealer "Q"]\n[Deal "' + DEAL + '"]\n')),
    "hand record short hand": lambda: _raised(
        lambda: hand_records_from_pbn('[Board "2"]\n[Deal "N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 '
                                      '2.5432.5432.5432"]\n')),
    "weight": lambda: _raised(lambda: parse_weight("lots")),
    "weight negative": lambda: _raised(lambda: parse_weight("-1/2")),
    "weights sum": lambda: _raised(lambda: check_weights([Fraction(1, 2), Fraction(1, 5)])),
    "no outcome": lambda: _raised(lambda: check_weights([])),
    "profile": lambda: _raised(lambda: profile("zonal")),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_english_template_with_the_errors_params_is_the_engines_message(case):
    exc = BAD[case]()
    assert exc.key, f"{case}: the error has no catalogue key ({exc.message!r})"
    assert f"error.{exc.key}" in catalogue("en")
    said = error_template_text("en", exc) or ""
    if isinstance(exc, PbnError) and exc.lineno:
        said += gettext("en", "api.at_line", n=exc.lineno)
    assert said == exc.message


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_polish_template_says_it_otherwise_with_the_same_figures(case):
    import re

    exc = BAD[case]()
    said = error_text("pl", exc)
    english = error_template_text("en", exc) or ""
    assert said != english
    assert sorted(re.findall(r"\b\d+\b", said)) == sorted(re.findall(r"\b\d+\b", english))


def test_a_played_card_not_held_is_said_in_polish():
    exc = BAD["card not held"]()
    assert error_text("pl", exc) == ("SA w lewie 1, karta 1 (zagrywa W) nie jest w ręce W; według rozdania ma ją N. "
                                     "Zapis nie zgadza się z rozdaniem (karta w złej kolumnie albo literówka)")


def test_every_engine_raise_carries_a_catalogue_key():
    """A static look: no ``InvalidBoardError`` / ``PbnError`` / ``IllegalPlayError`` is built in
    the engine without ``key=`` (it would reach a director in English only)."""
    import ast
    from pathlib import Path

    keyless = []
    for path in sorted((Path(__file__).parent.parent.parent / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in {"InvalidBoardError", "PbnError", "IllegalPlayError"} and \
                    not any(k.arg == "key" for k in node.keywords):
                keyless.append(f"{path.name}:{node.lineno}")
    assert keyless == []
