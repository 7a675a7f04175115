"""The Law 13/14 form started from the event's hand record (issue 34): "this card was in that
hand" rows instead of four hands typed anew; the four-hand entry stays for a deal with no hand
record.

The board is Sponvo30.pbn board 21 (tests/cases/incorrect_cards_14_12.json): the hand record
gives North the C9; at the table it was in West's hand (West 14 cards, North 12). Built by hand:
North T8752.6.AQ65.JT (the C9 taken out), West 64.AKQT543.2.K976 (the C9 added), East and South as
the record. Both sides held an incorrect hand (7B1), so the double-dummy result on the corrected
deal, 4H W -1 (NS +50, tests/api/test_incorrect_cards.py), is assigned as it stands.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.web.cards_moves import built_text, hands_from_moves, record_cards
from engine.dd import SolverRunner
from engine.errors import InvalidBoardError
from tests.helpers import laptop

CASE = json.loads((Path(__file__).parent.parent / "cases" / "incorrect_cards_14_12.json").read_text())
RECORD = CASE["hand_record"]


def test_the_hands_as_found_are_the_hand_record_with_the_moved_card():
    hands = hands_from_moves(RECORD, ["C9", "", ""], ["W", "", ""])
    assert hands == CASE["hands"]  # the four hands the director used to type
    missing = hands_from_moves(RECORD, ["SA"], ["missing"])  # East's SA not at the table (Law 14)
    assert missing["E"] == "QJ9.J.T873.Q843" and missing["N"] == "T8752.6.AQ65.JT9"


@pytest.mark.parametrize(("cards", "where", "path", "key"), [
    (["C9", "C9"], ["W", "E"], "move_card/1", "move_card_twice"),
    (["C9"], [""], "move_to/0", "move_to_missing"),
    (["", ""], ["", "W"], "move_card/1", "move_card_missing"),
    (["C9"], ["N"], "move_to/0", "move_to_owner"),  # North's own card "found" in North's hand
    (["X9"], ["W"], "move_card/0", ""),
])
def test_a_row_that_does_not_make_sense_names_its_row(cards, where, path, key):
    with pytest.raises(InvalidBoardError) as e:
        hands_from_moves(RECORD, cards, where)
    assert e.value.path == path
    if key:
        assert e.value.key == key


def test_the_card_list_is_the_hand_record_by_seat_spades_first_high_to_low():
    by_seat = record_cards(RECORD)
    assert [s for s, _ in by_seat] == ["N", "E", "S", "W"]
    north = [c.code for c in by_seat[0][1]]
    assert north == ["ST", "S8", "S7", "S5", "S2", "H6", "DA", "DQ", "D6", "D5", "CJ", "CT", "C9"]
    assert [(c.symbol, c.rank) for c in by_seat[0][1][:1]] == [("\u2660", "10")]
    assert record_cards("N:AKQ") == []  # not a deal: the form offers the four hands only


@pytest.mark.parametrize(("lang", "moves", "said"), [
    ("en", [("C9", "W")], "The hands as found: the hand record with 1 card not where it puts it (♣9 in W's hand)."),
    ("en", [("C9", "W"), ("SA", "missing")], "with 2 cards not where it puts them (♣9 in W's hand; ♠A missing)."),
    # Polish: 1 one, 2-4 few, 5+ many ("kartą" / "kartami"); Russian: 1 "карта", 2-4 "карты", 5+ "карт"
    ("pl", [("C9", "W")], "z 1 kartą nie na swoim miejscu"),
    ("pl", [("C9", "W"), ("SA", "missing")], "z 2 kartami nie na swoim miejscu"),
    ("ru", [("C9", "W")], "1 карта не на своём месте"),
    ("ru", [("C9", "W"), ("SA", "missing")], "2 карты не на своём месте"),
    ("ru", [("C9", "W"), ("SA", "missing"), ("H6", "E"), ("D2", "S"), ("C2", "N")], "5 карт не на своём месте"),
    ("el", [("C9", "W")], "με 1 φύλλο εκτός θέσης"),
    ("el", [("C9", "W"), ("SA", "missing")], "με 2 φύλλα εκτός θέσης"),
])
def test_the_sentence_on_the_ruling_takes_the_plural_form_of_its_language(lang, moves, said):
    assert said in built_text(lang, moves)


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds), raise_server_exceptions=False) as c:
        yield c


def _event(client: TestClient) -> str:
    pbn = f'[Board "21"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{RECORD}"]\n'
    r = client.post("/upload", files={"file": ("board-21.pbn", pbn.encode())}, data={"lang": "en"})
    assert r.status_code == 200, r.text[:2000]
    m = re.search(r'/events/(\d+)/boards/21/', r.text)
    assert m is not None
    return m.group(1)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.slow
def test_the_form_from_the_event_offers_the_rows_and_rules_on_them(client):
    event = _event(client)
    page = client.get(f"/events/{event}/boards/21/cards?lang=en").text
    assert 'id="cards-moves"' in page and page.count('name="move_card"') == 4
    assert 'id="cards-type-hands"' in page and 'name="hand_N"' in page  # typing stays possible
    assert re.search(r'name="hand_N"[^>]*required', page) is None
    form = {"lang": "en", "event": event, "board": "21", "hand_record": RECORD, "dealer": "N", "vulnerable": "NS",
            "contract": "4H", "declarer": "W", "table_tricks": "10", "discovered": "after_play",
            "move_card": ["C9", "", "", ""], "move_to": ["W", "", "", ""]}
    r = client.post("/incorrect-cards", data=form)
    assert r.status_code == 200, r.text[:2000]
    text = _text(r.text)
    assert "Cards held as found: N 12, E 13, S 13, W 14" in text
    assert "4H W -1 Score (North-South): +50" in _text(re.search(r'<section class="enter".*?</section>', r.text,
                                                                 re.S).group(0))  # type: ignore[union-attr]
    assert "(♣9 in W's hand)" in text
    # the rows come back selected on the ruling's form
    assert re.search(r'<option value="C9" selected>', r.text) and re.search(r'<option value="W" selected>', r.text)
    bad = client.post("/incorrect-cards", data=form | {"move_card": ["C9", "C9", "", ""],
                                                       "move_to": ["W", "E", "", ""], "lang": "pl"})
    assert bad.status_code == 422 and 'id="err-move_card/1"' in bad.text
    assert "Karta nie na swoim miejscu, wiersz 2: ♣9 podano dwa razy" in _text(bad.text) or \
        "C9 podano dwa razy" in _text(bad.text)


def test_the_jurisdictions_are_named_as_their_bodies_write_them(client):
    # issue 37: the select showed the profiles' codes "wbf ebu acbl"; the bodies write WBF, EBU, ACBL
    page = client.get("/?lang=ru").text
    select = re.search(r'<select id="c-profile" name="profile">(.*?)</select>', page, re.S)
    assert select is not None
    assert re.findall(r"<option[^>]*>([^<]*)</option>", select.group(1)) == ["WBF", "EBU", "ACBL"]


@pytest.mark.slow
def test_without_a_hand_record_the_four_hands_are_typed(client):
    page = client.get("/?lang=en").text
    assert 'id="cards-moves"' not in page and re.search(r'name="hand_N"[^>]*required', page)


# --- Chromium: the director's flow in English and Polish -------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("lang", "found_in", "built", "assigned"), [
    ("en", "in West's hand", "The hands as found: the hand record with 1 card not where it puts it",
     "assigned adjusted score"),
    ("pl", "w ręce W", "Ręce w stanie zastanym: zapis rozdania z 1 kartą nie na swoim miejscu",
     "przypisany wynik rozjemczy"),
])
def test_the_director_says_where_the_card_was_instead_of_typing_four_hands(page: Any, tmp_path: Path, lang, found_in,
                                                                            built, assigned):
    from tests.browser import SHOTS, upload_hand_records

    upload_hand_records(page, tmp_path)
    href = page.locator("a.cards-link").nth(20).get_attribute("href")  # board 21 of the 24
    assert href is not None and "/boards/21/cards" in href
    page.goto(page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + href.replace("lang=en", f"lang={lang}"))
    assert page.locator("#cards-moves").is_visible()
    assert not page.locator("#hand-N").is_visible()  # the four hands are folded away, not required
    page.select_option("#move-card-0", "C9")
    page.select_option("#move-to-0", label=found_in)
    page.fill("#c-contract", "4H")
    page.select_option("#c-declarer", "W")
    page.fill("#c-tricks", "10")
    page.click("#form-cards button[type=submit]")
    page.wait_for_selector("#suggested")
    text = page.inner_text("#suggested")
    assert "4H W -1" in text and "+50" in text and assigned in text.lower()
    assert built in page.inner_text("#cards-built")
    page.screenshot(path=str(SHOTS / f"cards-from-record-{lang}.png"), full_page=True)
