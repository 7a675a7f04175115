"""The claimer's statement (68C) as a director types it and reads it (app/i18n/statement.py): the
text form of the claim page's field and the CLI's ``--step`` read into the request's steps, each
kind of step of the engine (engine.laws.claims.Do) with what it needs; a line that cannot be read
named with its number and text in the director's language; every step said back in words in
English, Polish, Russian and Greek (never ``suit:H``, ``SQ:W``); every careless category of the
engine with its words in every language."""

from __future__ import annotations

import re

import pytest

from app.api.schemas.claim import StatedIn
from app.i18n import catalogue, error_text, languages
from app.i18n.statement import (
    KINDS,
    category_words,
    claim_step_text,
    parse_step,
    parse_steps,
    step_line,
    step_words,
    words_data,
)
from engine.errors import InvalidBoardError
from engine.laws.claims import CARELESS, Do
from engine.laws.steps import Step

# each line of the text form, and the step of POST /v1/rulings/claim it is (StatedIn's docstring)
READ = [
    ("draw trumps", {"do": "draw_trumps"}),
    ("draw_trumps", {"do": "draw_trumps"}),
    ("cash C", {"do": "cash", "suit": "C"}),
    ("cash:c", {"do": "cash", "suit": "C"}),
    ("cash ♥", {"do": "cash", "suit": "H"}),
    ("lead SA", {"do": "lead", "card": "SA"}),
    ("lead ♠10", {"do": "lead", "card": "ST"}),
    ("lead 10s", {"do": "lead", "card": "ST"}),
    ("finesse SQ", {"do": "finesse", "card": "SQ"}),
    ("finesse SQ W", {"do": "finesse", "card": "SQ", "against": "W"}),
    ("finesse:SQ:W", {"do": "finesse", "card": "SQ", "against": "W"}),
    ("ruff C N", {"do": "ruff", "suit": "C", "in": "N"}),
    ("ruff C S 2", {"do": "ruff", "suit": "C", "in": "S", "count": 2}),  # S after a suit: South
    ("ruff:S:S:2", {"do": "ruff", "suit": "S", "in": "S", "count": 2}),  # spades ruffed by South
    ("cross-ruff C N H", {"do": "cross_ruff", "suit": "C", "in": "N", "other_suit": "H"}),
    ("cross ruff C N H", {"do": "cross_ruff", "suit": "C", "in": "N", "other_suit": "H"}),
    ("cross_ruff:C:N:H", {"do": "cross_ruff", "suit": "C", "in": "N", "other_suit": "H"}),
    ("concede D", {"do": "concede", "suit": "D"}),
    ("give up D 2", {"do": "concede", "suit": "D", "count": 2}),
    ("concede D 1 C2", {"do": "concede", "suit": "D", "count": 1, "card": "C2"}),
    ("concede D C2", {"do": "concede", "suit": "D", "card": "C2"}),  # the count left out: one
    ("discard C2 on DA", {"do": "discard", "card": "C2", "on": "DA"}),
    ("discard C2 DA", {"do": "discard", "card": "C2", "on": "DA"}),
    ("discard C2 D", {"do": "discard", "card": "C2", "suit": "D"}),
    ("discard:C2:on:DA", {"do": "discard", "card": "C2", "on": "DA"}),
    ("ruffing finesse DQ", {"do": "ruffing_finesse", "card": "DQ"}),
    ("ruffing finesse DQ E C2", {"do": "ruffing_finesse", "card": "DQ", "against": "E", "discard": "C2"}),
    ("ruffing_finesse DQ C2", {"do": "ruffing_finesse", "card": "DQ", "discard": "C2"}),
    ("unblock CK", {"do": "unblock", "card": "CK"}),
    ("squeeze HA C2", {"do": "squeeze", "keep": ["HA", "C2"]}),
    ("squeeze HA,C2,S10", {"do": "squeeze", "keep": ["HA", "C2", "ST"]}),
]


@pytest.mark.parametrize(("line", "step"), READ, ids=[r[0] for r in READ])
def test_a_line_of_the_text_form_is_the_step_it_says(line, step):
    assert parse_step(line) == step
    StatedIn.model_validate(step)  # the API takes it as it is


def test_every_kind_of_step_of_the_engine_can_be_written():
    written = {parse_step(line)["do"] for line, _ in READ}
    assert written == set(KINDS) == {d.value for d in Do}


def test_the_steps_keep_the_order_written_and_blank_lines_are_skipped():
    text = "draw trumps\n\ncash C\n  concede D  \n"
    assert parse_steps(text) == [{"do": "draw_trumps"}, {"do": "cash", "suit": "C"}, {"do": "concede", "suit": "D"}]
    assert parse_steps("cash C\ndraw trumps") == [{"do": "cash", "suit": "C"}, {"do": "draw_trumps"}]
    assert parse_steps("") == [] and parse_steps("\n \n") == []


@pytest.mark.parametrize(("line", "step"), READ, ids=[r[0] for r in READ])
def test_a_step_written_back_reads_as_the_same_step(line, step):
    assert StatedIn.model_validate(parse_step(step_line(step))) == StatedIn.model_validate(step)


def test_the_text_form_written_back_is_the_documented_one():
    assert [step_line(s) for _, s in READ[:3]] == ["draw trumps", "draw trumps", "cash C"]
    assert step_line({"do": "ruff", "suit": "C", "in": "S", "count": 2}) == "ruff C S 2"
    assert step_line({"do": "concede", "suit": "D", "count": 1, "card": "C2"}) == "concede D C2"
    assert step_line({"do": "concede", "suit": "D", "count": 2, "card": "C2"}) == "concede D 2 C2"
    assert step_line({"do": "discard", "card": "C2", "on": "DA"}) == "discard C2 on DA"
    assert step_line({"do": "cross_ruff", "suit": "C", "in": "N", "other_suit": "H"}) == "cross-ruff C N H"
    assert step_line({"do": "ruffing_finesse", "card": "DQ", "against": "E", "discard": "C2"}) == \
        "ruffing finesse DQ E C2"


BAD = [  # the line, its place, the error's key, the English message (the line quoted)
    ("cash X", 2, "claim_step_not_suit", "'cash X': 'X' is not a suit (S, H, D or C)"),
    ("ruff C", 0, "claim_step_needs_seat", "'ruff C': give the player"),
    ("ruff C Q", 0, "claim_step_not_seat", "'ruff C Q': 'Q' is not a player (N, E, S or W)"),
    ("lead", 1, "claim_step_needs_card", "'lead': give the card"),
    ("lead XY", 1, "claim_step_not_card", "'lead XY': 'XY' is not a card (e.g. SA, HT, C2)"),
    ("discard C2", 0, "claim_step_needs_on", "'discard C2': give the card led or the suit the card is thrown on"),
    ("discard C2 on X9", 0, "claim_step_not_on", "'discard C2 on X9': 'X9' is not a card or a suit"),
    ("lead SA SK", 0, "claim_step_extra", "'lead SA SK': 'SK' is one word too many"),
    ("squeeze", 0, "claim_step_needs_card", "'squeeze': give the card"),
    ("squeeze HA H1", 0, "claim_step_not_card", "'squeeze HA H1': 'H1' is not a card (e.g. SA, HT, C2)"),
    ("play SA", 3, "claim_step_kind", "'play SA': 'play' is not a kind of step (give one of: draw trumps, cash, "
     "lead, finesse, ruff, cross-ruff, concede, discard, ruffing finesse, unblock, squeeze)"),
]


@pytest.mark.parametrize(("line", "index", "key", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_line_that_cannot_be_read_is_named_with_its_step_and_text(line, index, key, message):
    with pytest.raises(InvalidBoardError) as info:
        parse_step(line, index)
    exc = info.value
    assert (exc.key, exc.path, exc.message) == (key, f"claim/statement/steps/{index}", message)
    assert error_text("en", exc) == message  # the English template is the message
    assert line in error_text("pl", exc) and error_text("pl", exc) != message


def test_the_problem_is_said_in_the_directors_language():
    with pytest.raises(InvalidBoardError) as info:
        parse_steps("draw trumps\ncash X")
    assert info.value.path == "claim/statement/steps/1"  # the second step
    assert error_text("pl", info.value) == "'cash X': 'X' nie jest kolorem (S, H, D lub C)"
    assert error_text("ru", info.value) == "'cash X': 'X' — не масть (S, H, D или C)"
    assert error_text("el", info.value) == "'cash X': το 'X' δεν είναι χρώμα (S, H, D ή C)"


# the statement, "draw trumps, cash the clubs, give up a diamond", in each language's words
# (a bridge player's wording, checked by hand against each catalogue's style: Polish infinitives,
# Russian infinitives, Greek in the first person as the claimer says it)
SAID = {
    "en": ["Draw trumps", "Cash the clubs", "Give up a trick in diamonds"],
    "pl": ["Ściągnąć atuty", "Ściągnąć trefle", "Oddać lewę w karach"],
    "ru": ["Снять козыри", "Отыграть трефы", "Отдать взятку в бубнах"],
    "el": ["Μαζεύω τα ατού", "Παίρνω τα σπαθιά", "Δίνω μια λεβέ στα καρό"],
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_steps_are_said_in_words_in_each_language(lang):
    steps = parse_steps("draw trumps\ncash C\nconcede D")
    assert [step_words(lang, s) for s in steps] == SAID[lang]


WORDS = [  # (lang, step, words): seats in the case the sentence needs, cards as the tables show them
    ("en", "finesse SQ W", "Finesse the ♠Q against West"),
    ("pl", "finesse SQ W", "Zaimpasować ♠Q przeciwko W"),
    ("ru", "finesse SQ W", "Прорезать ♠Q против Запада"),
    ("el", "finesse SQ W", "Κάνω εμπάς με το ♠Q εναντίον της Δύσης"),
    ("en", "ruff C N 2", "Ruff clubs in North's hand, 2 times"),
    ("pl", "ruff C N", "Przebić trefla w ręce N"),
    ("ru", "ruff C N 5", "Побить козырем трефу в руке Севера (5 раз)"),
    ("ru", "ruff C N 2", "Побить козырем трефу в руке Севера (2 раза)"),
    ("el", "ruff H S", "Κόβω μια κούπα στο χέρι του Νότου"),
    ("en", "cross-ruff C N H", "Cross-ruff: clubs ruffed in North's hand, hearts in South's"),
    ("pl", "concede D 2", "Oddać 2 lewy w karach"),
    ("pl", "concede D 5", "Oddać 5 lew w karach"),
    ("en", "concede D 1 C2", "Give up a trick in diamonds, throwing the ♣2"),
    ("ru", "concede D 1 C2", "Отдать взятку в бубнах, сбросив ♣2"),
    ("en", "discard C2 on DA", "Discard the ♣2 on the ♦A"),
    ("pl", "discard C2 D", "Wyrzucić ♣2 na pierwszą lewę w karach"),
    ("en", "ruffing finesse DQ E C2",
     "Ruffing finesse: lead the ♦Q through East, throwing the ♣2 if it is not covered"),
    ("el", "unblock CK", "Ξεμπλοκάρω το ♣K"),
    ("en", "squeeze HA C2 ST", "Squeeze, keeping ♥A ♣2 ♠10"),
    ("en", "lead ST", "Lead the ♠10"),
]


@pytest.mark.parametrize(("lang", "line", "words"), WORDS, ids=[f"{w[0]}-{w[1]}" for w in WORDS])
def test_each_kind_of_step_in_words(lang, line, words):
    assert step_words(lang, parse_step(line)) == words


_CODE = re.compile(r"suit:|[SHDC](?:10|[2-9TJQKA]):|\b[SHDC](?:10|[2-9TJQKA])\b|_")


@pytest.mark.parametrize("lang", sorted(languages()))
def test_no_step_is_said_with_a_code(lang):
    for line, step in READ:
        said = step_words(lang, step)
        assert not _CODE.search(said), (lang, line, said)


def test_the_request_fields_of_the_older_model_are_said_the_same():
    # StatedIn.model_dump(by_alias=True) gives the ruffing hand as "in" (the page's stated line)
    dumped = StatedIn.model_validate({"do": "ruff", "suit": "C", "in": "N"}).model_dump(by_alias=True,
                                                                                       exclude_none=True)
    assert step_words("en", dumped) == "Ruff clubs in North's hand"


def test_every_careless_category_of_the_engine_has_its_words_in_every_language():
    for lang in sorted(languages()):
        cat = catalogue(lang)
        for c in CARELESS:
            assert cat.get(f"claim_cat_{c.value}"), (lang, c.value)
            assert "_" not in category_words(lang, c.value)
    assert category_words("pl", "careless_order") == "nieuważna kolejność w kolorze"


def test_a_claim_rulings_step_says_categories_class_and_cards_in_words():
    cls = Step("70", "class of player: club; careless plays counted as normal: careless_order, unaware_trump",
               "claim.class", {"cls": "club", "categories": "careless_order, unaware_trump"})
    assert claim_step_text("en", cls) == ("Class of player: club player; careless plays counted as normal: careless "
                                          "order within a suit, a side winner before the outstanding trump is drawn")
    assert claim_step_text("pl", cls).startswith("Klasa gracza: gracz klubowy; nieuważne zagrania uznawane za "
                                                 "normalne: nieuważna kolejność w kolorze, ")
    point = Step("70E2", "...", "claim.doubtful", {"trick": 1, "seat": "S", "card": "S4", "category": "careless_order",
                                                     "n": 3})
    assert claim_step_text("en", point) == ("Trick 1: S plays the ♠4 (careless order within a suit), a careless "
                                            "choice; if the director rules it not normal, the claiming side takes 3")
    stated = Step("70D1", "...", "claim.stated", {"order": "draw trumps; cash the clubs"})
    said = claim_step_text("pl", stated, ["ściągnąć atuty", "ściągnąć trefle"])
    assert "(ściągnąć atuty; ściągnąć trefle)" in said


def test_the_pages_script_gets_the_same_templates():
    data = words_data("pl")
    assert data["templates"]["claim_step_concede"] == {"other": "oddać {n} lewy {suit:in}",
                                                       "one": "oddać lewę {suit:in}",
                                                       "few": "oddać {n} lewy {suit:in}",
                                                       "many": "oddać {n} lew {suit:in}"}
    assert data["suits"]["D"] == {"name": "kara", "acc": "kara", "one": "karo", "in": "w karach"}
    assert data["seats"]["W"]["name"] == "W" and words_data("ru")["seats"]["W"]["gen"] == "Запада"
    assert data["partner"] == {"N": "S", "S": "N", "E": "W", "W": "E"}
