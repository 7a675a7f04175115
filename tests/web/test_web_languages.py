"""The director's page whole in every language: each view rendered in every language that has a
catalogue folder (``app.i18n.languages()``, English aside), in strict mode
(``ADVISOR_I18N_STRICT=1``: a text that fell back to English comes marked ``⟦...⟧``), shows no
marked text and no English sentence; and the page remembers the director's language (the
``advisor_lang`` cookie, then ``Accept-Language``)."""

from __future__ import annotations

import datetime as dt
import html as html_text
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from app.i18n import FALLBACK_OPEN, catalogue, gettext, languages
from app.service.page_language import COOKIE, accepted
from app.web.words import board_label, date_text, evidence_text, pydantic_text
from engine.dd import SolverRunner
from tests.helpers import SPONVO30, app_with_env, hand_records_only, laptop

pytestmark = pytest.mark.slow
OTHERS = [code for code in languages() if code != "en"]
CASE = Path(__file__).parent.parent / "cases" / "incorrect_cards_14_12.json"

# English words that are in no other language's sentence; a page in Polish, Russian or Greek that
# shows one of them shows an English sentence (tags, scripts, the typed-in fields and the names of
# the languages left out: a PBN text or an event's name is the director's, not the page's; capitalised
# words are PBN tags: Deal, Declarer)
ENGLISH = re.compile(r"\b(The|There|the|is|are|was|of|and|not|with|board|room|line|cancelled|there|no such|"
                     r"tricks?|revoke|declarer|score|result|mode|configured)\b")


def sponvo_board_21() -> str:
    """Sponvo30.pbn board 21, closed room (lines 1476-1511): South's revoke in trick 3, 4H W -1."""
    lines = SPONVO30.read_text(encoding="latin-1").splitlines()
    return "\n".join(lines[1475:1511])


def visible(page: str) -> str:
    """The page's text as a reader sees it: no tags, scripts, styles, text areas, inputs' values,
    language names of the switcher or SVG titles' card codes."""
    page = re.sub(r"<(script|style|textarea|title)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<nav aria-label="[^"]*" class="langs">.*?</nav>', " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html_text.unescape(page)


def english_in(page: str) -> list[str]:
    """The fallback marks and the English words a page shows (empty: the page is all in its language)."""
    text = visible(page)
    marks = re.findall(r"⟦[^⟧]*⟧", page)
    return marks + [m.group(0) for m in ENGLISH.finditer(text)]


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("lang") / "a.sqlite3"
    with app_with_env(dds, f"sqlite:///{db}", ADVISOR_I18N_STRICT="1", ADVISOR_SYNC_SCREENING_GAMES="20") as c:
        yield c


def test_strict_mode_marks_a_text_that_fell_back_to_english(monkeypatch):
    monkeypatch.setenv("ADVISOR_I18N_STRICT", "1")
    assert gettext("pl", "no-such-key-anywhere") == "⟦no-such-key-anywhere⟧"
    assert gettext("en", "no-such-key-anywhere") == "no-such-key-anywhere"  # English is never a fallback
    monkeypatch.delenv("ADVISOR_I18N_STRICT")
    assert gettext("pl", "no-such-key-anywhere") == "no-such-key-anywhere"


def test_the_english_word_check_sees_an_english_sentence():
    page = '<p>Błąd: there is no event 7</p><textarea>[Board "21"]</textarea>'
    assert english_in(page) == ["there", "is"]
    assert english_in("<p>Rozdanie 21, pokój Closed</p>") == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_form_and_a_revoke_ruling_with_its_print_sheet(client, lang):
    form = client.get(f"/?lang={lang}").text
    assert english_in(form) == []
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1", "lang": lang,
                                     "sheet_table": "7", "sheet_date": "1997-06-26"})
    assert r.status_code == 200 and 'data-card="D4"' in r.text  # South's revoke, trick 3, replayed
    assert f'<html lang="{lang}">' in r.text
    assert english_in(r.text) == []


def law_13_form(lang: str, table_tricks: str) -> dict[str, str]:
    """The page's Law 13/14 form for tests/cases/incorrect_cards_14_12.json (4H by West)."""
    case = json.loads(CASE.read_text())
    return {f"hand_{k}": v for k, v in case["hands"].items()} | {
        "hand_record": case["hand_record"], "contract": "4H", "declarer": "W", "vulnerable": "NS",
        "table_tricks": table_tricks, "discovered": "after_play", "lang": lang}


@pytest.mark.parametrize("lang", OTHERS)
def test_a_law_13_view_and_its_print_sheet(client, lang):
    r = client.post("/incorrect-cards", data=law_13_form(lang, table_tricks="10"))
    assert r.status_code == 200 and "13D" in r.text
    assert english_in(r.text) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_form_errors_422_in_the_pages_words(client, lang):
    # pydantic: not a whole number
    not_a_number = client.post("/incorrect-cards", data=law_13_form(lang, table_tricks="ten"))
    assert not_a_number.status_code == 422 and 'role="alert"' in not_a_number.text
    assert gettext(lang, "not_whole_number") in not_a_number.text
    assert english_in(not_a_number.text) == []
    no_event = client.get(f"/events/999/boards/1/play?lang={lang}")
    assert no_event.status_code == 404 and gettext(lang, "no_event", event=999) in no_event.text
    assert english_in(no_event.text) == []
    not_pbn = client.post("/upload", files={"file": ("notes.txt", b"hello")}, data={"lang": lang})
    assert not_pbn.status_code == 422 and gettext(lang, "not_pbn") in not_pbn.text


@pytest.mark.parametrize("lang", OTHERS)
def test_form_errors_422_from_the_engine(client, lang):
    bad_deal = client.post("/ruling", data={"source": "parts", "deal": "N:AKQ", "contract": "4H",
                                            "declarer": "W", "play": "CJ", "lang": lang})
    assert bad_deal.status_code == 422 and 'role="alert"' in bad_deal.text
    assert english_in(bad_deal.text) == []
    bad_pbn = client.post("/ruling", data={"source": "pbn", "pbn": "hello", "lang": lang})
    assert bad_pbn.status_code == 422
    assert english_in(bad_pbn.text) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_an_upload_its_pick_list_and_a_cancelled_screening(client, lang):
    # Sponvo30.pbn: 48 games, more than the 20 screened at once here: a job, cancelled at once
    r = client.post("/upload", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}, data={"lang": lang},
                    follow_redirects=False)
    assert r.status_code == 303
    page = r.headers["location"].split("?")[0]
    client.post(f"{page}/cancel", data={"lang": lang})
    for _ in range(600):
        if client.get(f"{page}/progress").json()["state"] in ("done", "cancelled", "failed"):
            break
        time.sleep(0.05)
    shown = client.get(f"{page}?lang={lang}")
    assert shown.status_code == 200
    assert english_in(shown.text) == []
    missing = client.get(f"/screenings/nothing-here?lang={lang}")
    assert missing.status_code == 404 and english_in(missing.text) == []


def when_screened(client: TestClient, r: httpx.Response, lang: str) -> httpx.Response:
    """The page an upload ends on once its screening is done: ``r`` itself when it was screened
    in the request, else the job's page after its progress says ``done`` (at most 60 s)."""
    page = re.search(r'data-progress-url="(/screenings/[\w-]+)/progress"', r.text)
    if page is None:
        return r
    for _ in range(1200):
        if client.get(f"{page.group(1)}/progress").json()["state"] == "done":
            break
        time.sleep(0.05)
    done = client.get(f"{page.group(1)}?lang={lang}")
    assert done.status_code == 200
    return done


@pytest.mark.parametrize("lang", OTHERS)
def test_hand_records_the_play_page_and_a_ruling_from_the_facts(client, lang):
    deals = hand_records_only().encode()
    r = client.post("/upload", files={"file": ("Sponvo30-deals.pbn", deals)}, data={"lang": lang})
    assert r.status_code == 200 and english_in(r.text) == []
    r = when_screened(client, r, lang)  # 24 games, over this client's cap of 20: screened as a job
    event = re.search(r'action="/events/(\d+)/boards/21/play"', r.text)
    assert event is not None
    play = client.get(f"/events/{event.group(1)}/boards/21/play?lang={lang}")
    assert play.status_code == 200 and english_in(play.text) == []
    # board 21 from the hand record, the revoke as the director found it, no play: South revoked in
    # trick 3, won by West; of the 5 tricks NS took (13 - 8) all came after it (West won tricks 1-3).
    # The ruling from the facts; its heading names the event (the file) and the board
    facts = {"source": "event", "event": event.group(1), "board": "21", "contract": "4H", "declarer": "W",
             "rf_trick": "3", "rf_offender": "S", "rf_won_by": "W", "rf_after": "5", "table_result": "8",
             "lang": lang}
    ruling = client.post("/ruling", data=facts)
    assert ruling.status_code == 200 and "4H W -1" in ruling.text  # one trick transferred (64A2)
    heading = re.search(r'<h1 class="no-print">([^<]*)</h1>', ruling.text)
    assert heading is not None
    assert html_text.unescape(heading.group(1)) == \
        f"{gettext(lang, 'ruling_title')}: Sponvo30-deals.pbn, {gettext(lang, 'label_board', board='21')}"
    assert english_in(ruling.text) == []
    missing = client.post("/ruling", data=facts | {"contract": "", "declarer": ""})  # the page's own 422
    assert missing.status_code == 422 and english_in(missing.text) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_a_small_upload_lists_its_games(client, lang):
    one = sponvo_board_21().encode("latin-1")
    r = client.post("/upload", files={"file": ("board21.pbn", one)}, data={"lang": lang})
    assert r.status_code == 200 and 'class="has-revoke"' in r.text
    assert english_in(r.text) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_a_case_page(client, lang):
    view = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1", "lang": lang}).text
    fields = {html_text.unescape(n): html_text.unescape(v) for n, v in
              re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', view.split('id="form-case"')[1])}
    r = client.post("/cases", follow_redirects=False, data=fields | {
        "case_event": "new", "new_event_name": "Euro 97", "new_event_date": "1997-06-26",
        "ns_number": "12", "ew_number": "3", "case_director": "Anna"})
    assert r.status_code == 303, r.text
    case = client.get(r.headers["location"])
    assert case.status_code == 200 and f'<html lang="{lang}">' in case.text
    # the page's own words everywhere; the stored ruling's steps and its 64C line need the keys kept
    # with the case (their keys kept), checked at the end
    ruling = r'<section class="s-steps".*?</section>|<dt>[^<]*\(64C[^)]*\)</dt><dd>.*?</dd>'
    assert english_in(re.sub(ruling, " ", case.text, flags=re.S)) == []
    event_id = re.search(r'href="/events/(\d+)/cases', case.text)
    assert event_id is not None
    listing = client.get(f"/events/{event_id.group(1)}/cases?lang={lang}")
    assert listing.status_code == 200 and english_in(listing.text) == []
    missing = client.get(f"/cases/999?lang={lang}")
    assert missing.status_code == 404 and english_in(missing.text) == []
    assert english_in(case.text) == []


def test_accept_language_is_read_by_its_weights():
    assert accepted("pl-PL,pl;q=0.9,en;q=0.8") == ["pl", "en"]
    assert accepted("en;q=0.5, el;q=0.7, *;q=0.1, ru;q=0") == ["el", "en"]
    assert accepted("") == []


def test_the_page_remembers_the_language_chosen(client):
    lang = OTHERS[0] if OTHERS else "en"
    fresh = laptop(client.app)
    assert '<html lang="en">' in fresh.get("/").text  # nothing asked: English
    picked = fresh.get(f"/?lang={lang}")
    assert picked.cookies.get(COOKIE) == lang and f'<html lang="{lang}">' in picked.text
    assert f'<html lang="{lang}">' in fresh.get("/").text  # the cookie, no ?lang=
    assert '<html lang="en">' in fresh.get("/?lang=en").text
    assert '<html lang="en">' in fresh.get("/").text  # English chosen is remembered too
    # a ruling view's switcher re-rules the board in the language picked, and the choice is kept;
    # a form's own hidden lang (the language it was shown in) is not a choice
    ruled = laptop(client.app)
    shown = ruled.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1", "lang": "en", "lang_pick": lang})
    assert f'<html lang="{lang}">' in shown.text and shown.cookies.get(COOKIE) == lang
    assert f'<html lang="{lang}">' in ruled.get("/").text
    posted = laptop(client.app)
    assert posted.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1", "lang": lang}).cookies.get(
        COOKIE) is None
    browser = laptop(client.app)
    assert f'<html lang="{lang}">' in browser.get("/", headers={"Accept-Language": f"{lang}-XX,en;q=0.5"}).text
    assert '<html lang="en">' in browser.get("/", headers={"Accept-Language": "xx, yy;q=0.5"}).text


def test_the_switcher_lists_every_language_folder(client):
    page = client.get("/?lang=en").text
    switcher = re.search(r'<nav aria-label="[^"]*" class="langs">(.*?)</nav>', page, re.S)
    assert switcher is not None
    assert sorted(re.findall(r'\slang="(\w+)"', switcher.group(1))) == sorted(languages())
    assert FALLBACK_OPEN not in page


# --- the catalogues -----------------------------------------------------------------------------

_KEY_USE = re.compile(r"""\b(?:t|gettext\(lang,)\s*\(?\s*["']([a-z][a-z0-9_]*)["']""")
_APP = Path(__file__).resolve().parents[2] / "app"


def _page_keys() -> set[str]:
    """The catalogue keys the page names literally: ``t("key")`` in its templates,
    ``gettext(lang, "key")`` and ``t("key")`` in app/web."""
    files = [*(_APP / "web" / "templates").glob("*.html"), *(_APP / "web").glob("*.py")]
    found = {m.group(1) for f in files for m in _KEY_USE.finditer(f.read_text(encoding="utf-8"))}
    return {k for k in found if not k.endswith("_")}  # "seat_" ~ s: a family, its members are listed


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", text))


def test_every_key_the_page_names_has_an_english_text():
    en = catalogue("en")
    keys = _page_keys()
    assert len(keys) > 250  # the reader finds the page's keys (a sanity check of the pattern)
    assert sorted(k for k in keys if k not in en) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_text_is_in_every_language_with_the_same_fields(lang):
    en = json.loads((_APP / "i18n" / "en" / "page.json").read_text(encoding="utf-8"))
    theirs = catalogue(lang)
    assert sorted(k for k in en if k not in theirs) == []
    assert {k: sorted(_fields(theirs[k])) for k in en if _fields(theirs[k]) != _fields(en[k])} == {}


# --- the page's words for what the engine says in English ----------------------------------------

def test_a_boards_label_is_said_in_the_language():
    assert board_label("pl", "board 21, room Closed") == "rozdanie 21, pokój Closed"
    assert board_label("pl", "Sponvo30.pbn board 21, room Closed (line 1476)") == \
        "Sponvo30.pbn rozdanie 21, pokój Closed (wiersz 1476)"
    assert board_label("pl", "Euro 97, board 5") == "Euro 97, rozdanie 5"  # a stored event's board
    assert board_label("en", "Euro 97, board 5") == "Euro 97, board 5"
    assert board_label("pl", "4H W") == "4H W"  # a board entered by hand: its contract


def test_a_plausible_results_evidence_is_said_in_the_language():
    said = evidence_text("pl", "S plays H9 or H8 instead of D4 (double dummy after it); the table result plus the "
                               "revoke card's swing (if the later losses were not induced by the revoke)")
    assert said == ("S gra ♥9 lub ♥8 zamiast ♦4 (dalej w otwarte karty); wynik przy stole plus różnica, jaką dała "
                    "karta fałszywego renonsu (jeśli późniejsze straty nie wynikły z fałszywego renonsu)")
    assert evidence_text("en", "S plays H9 or H8 instead of D4 (double dummy after it)") == \
        "South plays H9 or H8 instead of D4 (double dummy after it)"  # the seat in words, as the page says it


def test_a_date_in_words(monkeypatch):
    monkeypatch.setenv("ADVISOR_I18N_STRICT", "1")
    assert date_text("pl", dt.date(1997, 6, 26)) == "26 czerwca 1997"
    assert date_text("en", dt.date(2026, 3, 14)) == "14 March 2026"


def test_pydantics_complaints_in_the_language(monkeypatch):
    monkeypatch.setenv("ADVISOR_I18N_STRICT", "1")
    not_int = {"type": "int_parsing", "msg": "Input should be a valid integer", "ctx": {}}
    assert pydantic_text("pl", not_int) == "to nie jest liczba całkowita"
    assert pydantic_text("en", not_int) == "Input should be a valid integer"  # the API's words in English
    too_big = {"type": "less_than_equal", "msg": "Input should be less than or equal to 13", "ctx": {"le": 13}}
    assert pydantic_text("pl", too_big) == "co najwyżej 13"
    odd = {"type": "no_such_type", "msg": "Something odd", "ctx": {}}
    assert pydantic_text("pl", odd) == "⟦Something odd⟧"
