"""The contract box reads what directors type (issue 25, item 5): suit symbols, NT/N, the
language's own no-trump word and suit letters; a letter naming two suits is refused, never
guessed. The expected forms are PBN's (``Contract.from_str``), worked from the suits' names:
Polish kier/karo/pik/trefl, "bez atu"; Russian черви/бубны/пики/трефы, "без козыря"; Greek
"χωρίς ατού"."""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.model.contract import Contract, Doubling, Strain
from engine.model.contract_text import read_contract_text
from engine.model.seats import Seat


@pytest.mark.parametrize(("typed", "lang", "pbn"), [
    ("4♥", "en", "4H"), ("3♠X", "en", "3SX"), ("2♦xx", "en", "2DXX"), ("1♣", "pl", "1C"),
    ("4♡", "en", "4H"), ("3N", "en", "3NT"), ("3nt", "ru", "3NT"), ("6SR", "en", "6SXX"), ("4h*", "en", "4HX"),
    ("3BA", "pl", "3NT"), ("3 ba x", "pl", "3NTX"), ("4P", "pl", "4S"), ("2T", "pl", "2C"),
    ("3БК", "ru", "3NT"), ("3бкх", "ru", "3NTX"), ("4Ч", "ru", "4H"), ("5Б", "ru", "5D"), ("4П", "ru", "4S"),
    ("3Т", "ru", "3C"), ("4ЧХХ", "ru", "4HXX"),
    ("3ΧΑ", "el", "3NT"), ("3χά", "el", "3NT"), ("3ΧΑΧ", "el", "3NTX"), ("4♠Χ", "el", "4SX"),
])
def test_a_typed_contract_reads_as_pbn(typed, lang, pbn):
    assert read_contract_text(typed, lang) == pbn


def test_the_reading_is_the_contract_the_engine_rules_on():
    c = Contract.from_str(read_contract_text("3бкх", "ru"), Seat.SOUTH)
    assert (c.level, c.strain, c.doubling, c.declarer) == (3, Strain.NOTRUMP, Doubling.DOUBLED, Seat.SOUTH)


@pytest.mark.parametrize(("typed", "lang", "letter"), [("4K", "pl", "K"), ("4kx", "pl", "K"), ("2Κ", "el", "Κ")])
def test_a_letter_naming_two_suits_is_refused_not_guessed(typed, lang, letter):
    with pytest.raises(InvalidBoardError) as caught:
        read_contract_text(typed, lang)
    assert (caught.value.key, caught.value.path, caught.value.params["letter"]) == ("contract_ambiguous", "contract",
                                                                                   letter)


@pytest.mark.parametrize(("typed", "lang"), [
    ("3BA", "en"),  # Polish no trump is not read on the English page
    ("4P", "en"), ("8H", "en"), ("4Z", "pl"), ("K", "pl"), ("0NT", "en"), ("4ΣΑ", "el"), ("4HXXX", "en"),
])
def test_other_text_is_not_a_contract(typed, lang):
    with pytest.raises(InvalidBoardError) as caught:
        read_contract_text(typed, lang)
    assert caught.value.key == "not_a_contract"


def test_a_pass_is_left_for_the_contract_to_refuse_as_passed_out():
    with pytest.raises(InvalidBoardError) as caught:
        Contract.from_str(read_contract_text("pass", "pl"), Seat.NORTH)
    assert caught.value.key == "passed_out"
