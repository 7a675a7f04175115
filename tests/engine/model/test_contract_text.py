"""The contract box reads what directors type (issue 25, item 5; issue 37: the words of each
language): suit symbols, PBN's letters, and each language's own words and abbreviations; a word
naming two suits is refused, never guessed.

Every expected form is PBN's (``Contract.from_str``), worked by hand from the source each word
comes from (engine/model/contract_text.py's docstring):
- Polish: the catalogue's suit names (app/i18n/pl/page.json ``suit_*``: piki, kiery, kara,
  trefle, bez atu; statement.json ``suit_*.one``: pika, kiera, karo, trefla), Paweł Kańduła's
  article (../shared/seeds/001: "7 pik", "2 trefl", "Asa karo"), the genitive plural of a count of
  five (pięć pików, kierów, kar, trefli), PZBS's abbreviations Ki, Ka, P, T, BA, and Prawo 19 of the
  PZBS Laws: "kontra", "rekontra", "pas".
- Russian: app/i18n/ru ``suit_*`` (пики, червы, бубны, трефы, без козыря), ``suit_*.one`` (пику,
  черву, бубну, трефу), the genitive plural after пять (пик, червей, бубен, треф), the letters П Ч Б Т
  and БК; контра, реконтра, пас of the Russian Laws.
- Greek: app/i18n/el ``suit_*`` (μπαστούνια, κούπες, καρό, σπαθιά, χωρίς ατού), Νόμος 1 of the Greek
  Laws (πίκες, καρά), ΧΑ; κόντρα, ρεκόντρα, πάσο (Νόμος 22).
"""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.model.contract import Contract, Doubling, Strain
from engine.model.contract_text import FORMS, WORDS, contract_words, fold, read_contract_text
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


@pytest.mark.parametrize(("typed", "pbn"), [
    # issue 37's own examples: kier (♥) as a Polish director writes it, whole or cut short
    ("4 kiery", "4H"), ("4Kier", "4H"), ("4Ki", "4H"), ("4 KIERÓW", "4H"), ("4 kiera", "4H"),
    ("4Ka", "4D"), ("4 karo", "4D"), ("4 kara", "4D"), ("5 kar", "5D"),  # kar: not Ka + R (redoubled)
    ("2 piki", "2S"), ("2 pik", "2S"), ("2 pika", "2S"), ("5 pików", "5S"),
    ("5 trefli", "5C"), ("2 trefl", "2C"), ("2 trefle", "2C"), ("2 trefla", "2C"),
    ("3 bez atu", "3NT"), ("3 Bez Atu", "3NT"), ("3 b.a.", "3NT"),
    # Prawo 19: „kontra”, „rekontra”
    ("4 kiery kontra", "4HX"), ("4Kier kontra", "4HX"), ("3 bez atu rekontra", "3NTXX"), ("2Ka Kontra", "2DX"),
    ("4 hearts", "4H"), ("4Ki x", "4HX"),  # English words and PBN's doubling on a Polish page too
])
def test_polish_words(typed, pbn):
    assert read_contract_text(typed, "pl") == pbn


@pytest.mark.parametrize(("typed", "pbn"), [
    ("4 червы", "4H"), ("4 черви", "4H"), ("4 черву", "4H"), ("5 червей", "5H"),
    ("3 бубны", "3D"), ("5 бубен", "5D"), ("2 пики", "2S"), ("5 пик", "5S"), ("2 трефы", "2C"), ("5 треф", "5C"),
    ("3 БК", "3NT"), ("3 без козыря", "3NT"), ("3 без козырей", "3NT"),
    ("4 червы контра", "4HX"), ("4 червы реконтра", "4HXX"), ("4Ч КОНТРА", "4HX"),
])
def test_russian_words(typed, pbn):
    assert read_contract_text(typed, "ru") == pbn


@pytest.mark.parametrize(("typed", "pbn"), [
    ("4 κούπες", "4H"), ("4 ΚΟΥΠΕΣ", "4H"), ("4 κούπα", "4H"), ("2 καρό", "2D"), ("2 καρά", "2D"),
    ("5 σπαθιά", "5C"), ("1 σπαθί", "1C"), ("4 μπαστούνια", "4S"), ("4 πίκες", "4S"),
    ("3 χωρίς ατού", "3NT"), ("3 ΧΑ", "3NT"),
    ("4 κούπες κόντρα", "4HX"), ("4 κούπες ρεκόντρα", "4HXX"), ("3ΧΑ κοντρ", "3NTX"),
])
def test_greek_words(typed, pbn):
    assert read_contract_text(typed, "el") == pbn


@pytest.mark.parametrize(("typed", "lang"), [("pas", "pl"), ("PAS", "pl"), ("пас", "ru"), ("Πάσο", "el"),
                                             ("pass", "en"), ("pass", "ru"), ("P", "pl")])
def test_a_pass_in_each_language_is_a_passed_out_board(typed, lang):
    assert read_contract_text(typed, lang) == "PASS"
    with pytest.raises(InvalidBoardError) as caught:
        Contract.from_str(read_contract_text(typed, lang), Seat.NORTH)
    assert caught.value.key == "passed_out"


def test_the_reading_is_the_contract_the_engine_rules_on():
    c = Contract.from_str(read_contract_text("3бкх", "ru"), Seat.SOUTH)
    assert (c.level, c.strain, c.doubling, c.declarer) == (3, Strain.NOTRUMP, Doubling.DOUBLED, Seat.SOUTH)
    c = Contract.from_str(read_contract_text("4 kiery rekontra", "pl"), Seat.WEST)
    assert (c.level, c.strain, c.doubling) == (4, Strain.HEARTS, Doubling.REDOUBLED)


@pytest.mark.parametrize(("typed", "lang", "letter"), [("4K", "pl", "K"), ("4kx", "pl", "k"), ("4 K kontra", "pl", "K"),
                                                       ("2Κ", "el", "Κ")])
def test_a_letter_naming_two_suits_is_refused_not_guessed(typed, lang, letter):
    with pytest.raises(InvalidBoardError) as caught:
        read_contract_text(typed, lang)
    e = caught.value
    assert (e.key, e.path, e.params["letter"], e.params["text"]) == ("contract_ambiguous", "contract", letter, typed)
    assert e.params["forms"] == FORMS[lang]  # the accepted forms, in the page's language's words
    named = ("4Ki", "4Ka") if lang == "pl" else ("κούπες", "καρό")  # both suits the letter could be
    assert all(f in e.params["forms"] for f in named)


@pytest.mark.parametrize(("typed", "lang"), [
    ("3BA", "en"),  # Polish no trump is not read on the English page
    ("4P", "en"), ("8H", "en"), ("4Z", "pl"), ("K", "pl"), ("0NT", "en"), ("4ΣΑ", "el"), ("4HXXX", "en"),
    ("4 kiery kontra kontra", "pl"), ("4 червы", "pl"),  # Russian hearts on a Polish page
    ("4Σ", "el"),  # Greek letters are not read: Σ is σπαθιά (♣) to a Greek, S (♠) to PBN
])
def test_other_text_is_not_a_contract(typed, lang):
    with pytest.raises(InvalidBoardError) as caught:
        read_contract_text(typed, lang)
    assert caught.value.key == "not_a_contract_typed"
    assert caught.value.params == {"text": typed, "forms": FORMS[lang]}


def test_no_word_is_both_a_strain_and_a_doubling_or_named_two_ways():
    # a pass is the whole text ("P" alone), a strain follows a level ("4P"): those may share a letter
    for lang in WORDS:
        read = contract_words(lang)
        assert not set(read["strain"]) & set(read["doubling"]), lang
        assert not set(read["ambiguous"]) & set(read["strain"]), lang


def test_folding_drops_case_diacritics_spaces_and_stops():
    assert fold("4 KIERÓW") == "4kierow"
    assert fold("3 Χωρίς Ατού") == "3χωρισατου"  # final sigma folded to σ
    assert fold("3 b.a.") == "3ba"


def test_every_accepted_form_reads():
    for lang, forms in FORMS.items():
        for form in (f.strip() for part in forms.split(";") for f in part.split(",")):
            if form:
                assert read_contract_text(form, lang), (lang, form)
