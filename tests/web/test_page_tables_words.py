"""What a Polish, Russian or Greek director reads where the page shows a side or a card: the side
of a score as the language's tables name it (Russian ``СЮ``/``ВЗ``, Greek ``ΒΝ``/``ΑΔ``, Polish and
English ``NS``/``EW``), a card as the tables show it (``♦4``, ``♥10``, not the engine's ``D4``),
and the play page's "not your turn" sentence with its seats declined. In process, its own
database; the board is Sponvo30.pbn board 21, closed room (tests/web/test_web_languages.py):
4H by West, North-South vulnerable, South's revoke (D4 on a heart while holding H987) in trick 3;
the record stops after trick 9. The expected texts are written out by hand."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from app.i18n import catalogue, gettext
from app.i18n.seats import SeatWord
from app.main import create_app
from app.web.screening import _rows
from engine.dd import SolverRunner
from engine.screening.report import ScreeningRow
from tests.helpers import laptop
from tests.web.test_web_languages import law_13_form, sponvo_board_21

# "NS" and "EW" in each language's tables (their column heads: "Пара СЮ", "Ζεύγος ΒΝ", "Para NS")
SIDES = {"en": ("NS", "EW"), "pl": ("NS", "EW"), "ru": ("СЮ", "ВЗ"), "el": ("ΒΝ", "ΑΔ")}


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("tables") / "a.sqlite3"
    with laptop(create_app(dds, database_url=f"sqlite:///{db}")) as c:
        yield c


def _ruling(client: TestClient, lang: str) -> str:
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1",
                                     "lang": lang})
    assert r.status_code == 200, r.text
    return html.unescape(r.text)


@pytest.mark.parametrize("lang", sorted(SIDES))
def test_the_results_column_names_the_side_as_the_tables_do(client: TestClient, lang: str) -> None:
    """The ruling's results: 8 tricks counted (4H W -2: two undertricks, West not vulnerable, 100 to
    North-South), 9 after the one trick transferred (4H W -1, 50), the result to enter 4H W -1."""
    ns, _ = SIDES[lang]
    page = _ruling(client, lang)
    results = re.search(r'<dl class="results">(.*?)</dl>', page, re.S)
    assert results is not None
    text = re.sub(r"<[^>]+>", "", results.group(1))
    assert f"8 (4H W -2, {ns} +100)" in text
    assert f"9 (4H W -1, {ns} +50)" in text
    assert f"4H W -1 ({ns} +50)" in text
    if ns != "NS":
        assert "NS" not in text


@pytest.mark.parametrize("lang", sorted(SIDES))
def test_the_offender_card_choice_shows_the_cards_as_the_tables_do(client: TestClient, lang: str) -> None:
    """South's legal cards instead of the revoke card: the hearts he held, ♥9, ♥8 and ♥7, in
    every language (the option's value stays the engine's code, what the form sends)."""
    page = _ruling(client, lang)
    select = re.search(r'<select id="offender_card" name="offender_card">(.*?)</select>', page, re.S)
    assert select is not None
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select.group(1))
    assert [value for value, _ in options] == ["H9", "H8", "H7"]
    assert [label.split(":")[0] for _, label in options] == ["♥9", "♥8", "♥7"]
    choice = re.search(r'<p class="choice" id="offender-choice">([^<]*)</p>', page)
    assert choice is not None and "♥9" in choice.group(1) and "H9" not in choice.group(1)


def _case(client: TestClient, lang: str) -> str:
    view = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1",
                                        "lang": lang}).text
    fields = {html.unescape(n): html.unescape(v) for n, v in
              re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', view.split('id="form-case"')[1])}
    r = client.post("/cases", follow_redirects=False, data=fields | {
        "case_event": "new", "new_event_name": f"Euro 97 {lang}", "new_event_date": "1997-06-26",
        "ns_number": "12", "ew_number": "3", "case_director": "Anna"})
    assert r.status_code == 303, r.text
    case = client.get(r.headers["location"])
    assert case.status_code == 200
    return html.unescape(case.text)


@pytest.mark.parametrize("lang", ["pl", "ru", "el"])
def test_the_case_files_request_shows_the_cards_as_the_sentences_do(client: TestClient, lang: str) -> None:
    """The request echoed on the case page: trick 3 of the record, HK S2 D3 D4 (South's revoke),
    trick 5, HT D6 C4 H8 (a ten), as the tables show them."""
    page = _case(client, lang)
    facts = re.search(r'<dl class="facts-list" id="request-facts">(.*?)</dl>', page, re.S)
    assert facts is not None
    trick = gettext(lang, "trick")
    assert f"<dt>{trick} 3</dt><dd>♥K ♠2 ♦3 ♦4</dd>" in facts.group(1)
    assert f"<dt>{trick} 5</dt><dd>♥10 ♦6 ♣4 ♥8</dd>" in facts.group(1)
    evidence = re.search(r'<dl class="evidence" id="evidence">(.*?)</dl>', page, re.S)
    assert evidence is not None and "♦4" in evidence.group(1) and "D4" not in evidence.group(1)


def test_the_english_case_file_keeps_the_engines_letters(client: TestClient) -> None:
    page = _case(client, "en")
    assert "<dt>Trick 3</dt><dd>HK S2 D3 D4</dd>" in page
    assert '<p class="big" id="suggested-score">4H W -1, NS +50 (64A2)</p>' in page


@pytest.mark.parametrize("lang", sorted(SIDES))
def test_the_case_file_and_the_case_list_name_the_sides_as_the_tables_do(client: TestClient, lang: str) -> None:
    """The suggested score (4H W -1, 50 to North-South, Law 64A2) and the list's pairs (NS 12 v EW 3)."""
    ns, ew = SIDES[lang]
    page = _case(client, lang)
    assert f'<p class="big" id="suggested-score">4H W -1, {ns} +50 (64A2)</p>' in page
    event_id = re.search(r'href="/events/(\d+)/cases', page)
    assert event_id is not None
    listing = html.unescape(client.get(f"/events/{event_id.group(1)}/cases?lang={lang}").text)
    assert f"<td>{ns} 12 – {ew} 3</td>" in listing
    assert f"<td>{ns} +50</td>" in listing


@pytest.mark.parametrize("lang", ["ru", "el"])
def test_the_law_13_artificial_scores_name_the_sides_as_the_tables_do(client: TestClient, lang: str) -> None:
    ns, ew = SIDES[lang]
    r = client.post("/incorrect-cards", data=law_13_form(lang, table_tricks="10"))
    assert r.status_code == 200
    line = re.search(r"<p>[^<]*:\s*(.*?)<span class=\"law\">\(12C2\(a\)\)</span></p>", html.unescape(r.text), re.S)
    assert line is not None
    assert line.group(1).strip().startswith(f"{ns} ") and f"; {ew} " in line.group(1)


@pytest.mark.parametrize("lang", sorted(SIDES))
def test_the_pick_lists_result_names_the_side_as_the_tables_do(lang: str) -> None:
    """A ruled game of a screened file: its result to enter, 4H W -1, 50 to North-South."""
    row = ScreeningRow(file="a.pbn", board="21", room="Closed", line=1, status="ruled", contract="4H",
                       declarer="W", suggested_result="4H W -1", score_ns_suggested=50)
    [shown] = _rows(SimpleNamespace(rows=(row,)), lang)  # type: ignore[arg-type]
    assert shown["result"] == f"4H W -1 ({SIDES[lang][0]} +50)"


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "♦4 — в руке Юга, а сейчас ход Запада."),
    ("el", "Το ♦4 είναι στο χέρι του Νότου· σειρά έχει η Δύση."),
    ("pl", "♦4 jest w ręce S: teraz kolej W."),
])
def test_the_clicker_says_whose_hand_and_whose_turn_in_the_seats_case(lang: str, said: str) -> None:
    """The play page's refusal of a card out of turn (South's ♦4 while West is to play), its
    catalogue sentence filled as app.js fills it: each seat in the case the sentence asks for
    (app/i18n/seats.py); the browser's own rendering: tests/web/test_browser.py
    (``test_a_card_out_of_turn_is_refused_with_the_seats_declined``)."""
    words = catalogue(lang).get
    assert gettext(lang, "clicker_not_turn", card="♦4", seat=SeatWord("S", words),
                   turn=SeatWord("W", words)) == said


@pytest.mark.parametrize(("lang", "south"), [("pl", "S"), ("ru", "Юг"), ("el", "Νότος")])
def test_the_charts_revoke_card_as_the_tables_show_it(client: TestClient, lang: str, south: str) -> None:
    """The double-dummy chart: South's revoke card, ♦4, the 12th card played (the last of trick
    3), labelled and listed as the tables show it, its seat as the tables name it."""
    page = _ruling(client, lang)
    label = re.search(r'class="dd-revoke-label"[^>]*>([^<]+)</text>', page)
    assert label is not None and label.group(1) == f"{gettext(lang, 'revoke_marker')} ♦4"
    assert f"<td>12. ♦4 ({south})</td>" in page
    assert re.search(r"<td>\d+\. [SHDC]", page) is None  # no card in the engine's letters
