"""Seats said in the language of the sentence (issue 25, item 14): a ruling's steps in Russian and
Greek name the seat as the page's tables do (Юг, Νότος), in the case the sentence needs
(Russian "в руке Юга", Greek "ο παίκτης του Νότου"), never as the engine's letter ("S"); the
API's ``params`` keep the letter. Polish says seats as its tables do: N, E, S, W.

The ruling is Sponvo 30 board 21 (tests/api/test_api.py): West declares 4H; on trick 3 West leads
HK and South discards D4 holding H987, a revoke by South (Law 61A).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.i18n import catalogue, error_text, step_text
from app.i18n.seats import SeatWord, seat_code
from app.main import create_app
from engine.errors import InvalidBoardError
from engine.laws.steps import Step
from tests.api.test_api import URL, WITH_REVOKE, parts
from tests.helpers import laptop

# What may carry a seat letter in a sentence: a card ("D4", "SA"), a result in the TD's notation
# ("4H W -1", as the page's tables and the scoring slips write it), a side ("EW", "NS").
_NOTATION = re.compile(r"\b\d(?:NT|[SHDC])X{0,2} [NESW] (?:=|[+-]\d+)|\b[SHDC](?:10|[2-9TJQKA])\b|\b(?:NS|EW)\b")
_LETTER = re.compile(r"(?<![\w♠♥♦♣/])[NESW](?![\w/])")


def bare_letters(text: str) -> list[str]:
    """The seat letters a sentence shows outside a card, a result or a side."""
    return _LETTER.findall(_NOTATION.sub(" ", text))


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with laptop(create_app(), raise_server_exceptions=False) as c:
        yield c


def test_the_check_sees_a_bare_letter():
    assert bare_letters("S сыграл D4 во взятке 3; 4H W -1 (EW)") == ["S"]
    assert bare_letters("Юг сыграл D4 во взятке 3; 4H W -1 (EW)") == []


@pytest.mark.parametrize(("lang", "revoke"), [
    ("ru", "Фальшренонс во взятке 3: Юг сыграл ♦4 во взятке 3, имея ♥987 (ход в масть ♥)."),
    ("el", "Ρενόνς στη λεβέ 3: ο παίκτης του Νότου έπαιξε το ♦4 στη λεβέ 3 ενώ είχε ♥987 (βγαλσιά στο χρώμα ♥)."),
    ("pl", "Fałszywy renons w lewie 3: S zagrał ♦4 w lewie 3, mając ♥987 (wyjście w ♥)."),
], ids=["ru", "el", "pl"])
def test_a_ruling_names_the_seats_as_the_tables_do(client, lang, revoke):
    r = client.post(f"{URL}?lang={lang}", json=parts(play=WITH_REVOKE, vulnerable="NS", claim_declarer_tricks=1))
    assert r.status_code == 200, r.text
    steps = r.json()["steps"]
    said = next(s for s in steps if s["key"] == "revoke")
    assert said["text"] == revoke
    assert said["params"]["what"]["params"]["seat"] == "S"  # the API's params stay the engine's
    cat = catalogue(lang)  # the word the tables use for South (Юг, Νότος, S), in its sentence's case
    case = "gen" if lang == "el" else "nom"  # Greek: "ο παίκτης του Νότου"
    assert cat["seat_S.nom"].endswith(cat["seat_S"]) and cat[f"seat_S.{case}"] in said["text"]
    if lang != "pl":
        assert [(s["key"], bare_letters(s["text"])) for s in steps if bare_letters(s["text"])] == []
        assert all(not bare_letters(line) for line in r.json()["explanation"])


def test_a_seat_takes_the_case_its_sentence_asks_for():
    moved = Step("", "", "cc.f.moved", {"card": "SJ", "seat": "E", "owner": "N"})
    assert step_text("ru", moved) == "♠J была в руке Востока; по протоколу раскладов она принадлежит Северу."
    assert step_text("el", moved) == ("Το ♠J ήταν στο χέρι του παίκτη της Ανατολής· η καταγραφή της διανομής "
                                      "το δίνει στον παίκτη του Βορρά.")
    assert step_text("pl", moved).count(" E") and step_text("pl", moved).count(" N")
    won = Step("", "", "tr.64A2", {"winner": "West", "seat": "S"})  # an English name, as some steps carry it
    assert step_text("ru", won).startswith("взятку с фальшренонсом выиграл Запад, а не нарушивший игрок Юг")
    assert step_text("el", won).startswith("τη λεβέ της ρενόνς κέρδισε ο παίκτης της Δύσης, "
                                           "όχι ο υπαίτιος παίκτης του Νότου")


def test_an_error_names_the_seat_in_the_language():
    error = InvalidBoardError("S was not dealt the H9", key="penalty_card_not_dealt",
                              params={"seat": "S", "card": "H9"})
    assert error_text("ru", error) == "Югу не сдавалась карта H9"
    assert error_text("el", error) == "ο παίκτης του Νότου δεν πήρε στη μοιρασιά το H9"
    assert error_text("en", error) == "S was not dealt the H9"


def test_a_value_that_is_not_a_seat_is_said_as_it_is():
    assert seat_code("a player") is None and seat_code("") is None and seat_code("west") == "W"
    assert step_text("ru", Step("", "", "est.63A1", {"seat": "a player", "next": 4})).startswith("a player")
    with pytest.raises(ValueError, match="not a case"):
        format(SeatWord("N", catalogue("ru").get), "loc")


def test_a_plausible_results_evidence_names_the_seat_in_its_case():
    from app.web.words import evidence_text

    english = "S plays H9 or H8 instead of D4 (double dummy after it)"
    assert evidence_text("el", english) == ("ο παίκτης του Νότου παίζει ♥9 ή ♥8 αντί για ♦4 "
                                            "(με ανοιχτά φύλλα στη συνέχεια)")
    assert evidence_text("ru", english).startswith("Юг играет ♥9 или ♥8 вместо ♦4")


def test_a_steps_cards_are_said_as_the_tables_show_them():
    """The trick table shows South's revoke card as ♦4 and a ten as 10: so do the sentences
    beside it; a contract or a result in the TD's notation ("4H W -1") is not a card."""
    from app.i18n.seats import card_symbols

    assert card_symbols("C3, CT") == "♣3, ♣10" and card_symbols("4H W -1") == "4H W -1"
    penalty = Step("", "", "revoke.penalty_card", {"seat": "S", "card": "D4", "trick": 3, "cards": "HT, H9"})
    assert step_text("ru", penalty) == "Юг сыграл ♦4 во взятке 3 вместо штрафной карты ♥10, ♥9"


def test_a_side_is_said_as_the_tables_say_it():
    """The tables say Восток-Запад / Ανατολή-Δύση (Polish EW): so does "the non-offending side (EW)";
    Russian "для" takes the genitive."""
    not_short = Step("", "", "eq.64C1_not", {"side": "EW", "got": 9, "want": 9})
    assert step_text("ru", not_short).startswith("у ненарушившей стороны (Восток-Запад) после")
    assert step_text("el", not_short).startswith("ο αναίτιος άξονας (Ανατολή-Δύση) έχει 9 λεβέ")
    assert step_text("pl", not_short).startswith("strona niewykraczająca (EW) ma 9 lew")
    better = Step("", "", "cc.og.12B1", {"why": "x", "dd": "4H W =", "dd_score": "-420", "side": "NS",
                                         "nos": "EW", "table": "4H W -1", "table_score": "+50"})
    assert "выгоднее для Севера-Юга," in step_text("ru", better)


def test_the_hands_counts_and_a_surplus_cards_hand_in_the_tables_words():
    counts = Step("", "", "cc.f.counts", {"counts": "N 13, E 12, S 13, W 14"})
    assert step_text("ru", counts) == "Число карт в руках на момент обнаружения: Север 13, Восток 12, Юг 13, Запад 14."
    surplus = Step("13C", "", "cc.13C", {"cards": "S3 (W)"})
    assert step_text("el", surplus).count("♠3 (Δύση)") == 1
