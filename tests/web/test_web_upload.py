"""The upload and the contract box on the page, over HTTP (issue 25, items 4 and 5; issue 26,
the page's side of "Read the session"). The figures are worked by hand in the tests named."""

from __future__ import annotations

import html as html_text
import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from tests.api.test_scores_api import DUMMY_REVOKE
from tests.helpers import hand_records_only, laptop

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def _dummy_revoke(contract: str) -> dict[str, str]:
    return {"source": "parts", **{k: v for k, v in DUMMY_REVOKE.items() if k not in ("play", "contract")},
            "contract": contract, "play": " ".join(DUMMY_REVOKE["play"]), "scoring": "matchpoints",
            "field": "200 100 300 -110"}


@pytest.mark.parametrize(("typed", "lang"), [("2♣", "en"), ("2c", "en"), ("2T", "pl"), ("2Т", "ru"),
                                             ("2 trefle", "pl"), ("2 TREFLE", "pl"), ("2 трефы", "ru"),
                                             ("2 σπαθιά", "el"), ("2 clubs", "en")])
def test_the_contract_box_takes_what_directors_type(client, typed, lang):
    # tests/web/test_web.py: 2C W -2 and -3, half each, against 200 100 300 -110 is 75% to North-South
    r = client.post("/ruling", data=_dummy_revoke(typed) | {"lang": lang})
    assert r.status_code == 200, r.text[:2000]
    assert re.search(r'id="weighted">[^<]*75[.,]00', r.text)


@pytest.mark.parametrize(("typed", "lang", "said"), [
    ("2K", "pl", "„2K”: K oznacza dwa kolory (kiery i kara), więc kontraktu nie zgadujemy: wpisz np. 4♥, 4H, "
                 "4 kiery, 4Kier, 4Ki; 4 karo, 4Ka"),
    ("2Κ", "el", "το Κ σημαίνει δύο χρώματα (κούπες και καρά)"),
])
def test_a_letter_naming_two_suits_is_refused_in_the_directors_words(client, typed, lang, said):
    r = client.post("/ruling", data=_dummy_revoke(typed) | {"lang": lang})
    assert r.status_code == 422
    assert said in r.text


# --- item 4 and issue 26: the upload ----------------------------------------------------------------

CLUB = Path(__file__).resolve().parent.parent.parent.parent / "shared" / "data" / "club-files"
HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"


def _unique_hand_records() -> bytes:
    """Sponvo30.pbn's hand records with a comment naming this run: bytes no other test uploaded."""
    return f"% {uuid.uuid4()}\n{hand_records_only()}".encode()


def _event_of(html: str) -> str:
    m = re.search(r'action="/events/(\d+)/boards/1/play"', html)
    assert m is not None, html[:3000]
    return m.group(1)


def test_the_event_is_named_dated_and_sessioned_as_typed(client):
    r = client.post("/upload", files={"file": ("deals.pbn", _unique_hand_records())},
                    data={"lang": "en", "event_name": "Club pairs", "event_date": "2026-11-24",
                          "event_session": "Evening"})
    assert r.status_code == 200
    event = client.get(f"/v1/events/{_event_of(r.text)}").json()
    assert (event["name"], event["date"], event["session"], event["boards"]) == ("Club pairs", "2026-11-24",
                                                                                 "Evening", 24)


def test_left_blank_the_event_is_named_and_dated_by_the_files_tags(client):
    text = f'% {uuid.uuid4()}\n[Event "Spring pairs"]\n[Date "2026.03.14"]\n{hand_records_only()}'
    r = client.post("/upload", files={"file": ("deals.pbn", text.encode())}, data={"lang": "en"})
    event = client.get(f"/v1/events/{_event_of(r.text)}").json()
    assert (event["name"], event["date"]) == ("Spring pairs", "2026-03-14")


def test_a_date_that_is_no_date_is_refused_by_its_field(client):
    r = client.post("/upload", files={"file": ("deals.pbn", _unique_hand_records())},
                    data={"lang": "pl", "event_date": "24.13.2026"})
    assert r.status_code == 422
    assert "„24.13.2026” to nie data: podaj ją jako RRRR-MM-DD" in html_text.unescape(r.text)


def test_the_same_file_uploaded_twice_offers_the_existing_event(client):
    data = _unique_hand_records()
    first = client.post("/upload", files={"file": ("deals.pbn", data)}, data={"lang": "en"})
    event = _event_of(first.text)
    newest = client.get("/?lang=en").text
    again = client.post("/upload", files={"file": ("same-deals.pbn", data)}, data={"lang": "en"})
    assert again.status_code == 200
    assert 'id="upload-seen"' in again.text and f"it is event {event}," in again.text
    assert _event_of(again.text) == event
    assert client.get("/?lang=en").text == newest  # the recent events: no second one
    forced = client.post("/upload", files={"file": ("deals.pbn", data)}, data={"lang": "en", "again": "1"})
    assert _event_of(forced.text) != event and 'id="upload-seen"' not in forced.text


def test_a_usebio_results_file_makes_the_event_with_its_deals_and_travellers(client):
    data = (CLUB / HOWELL).read_bytes() + f"<!-- {uuid.uuid4()} -->".encode()
    r = client.post("/upload", files={"file": ("session.xml", data)},
                    data={"lang": "en", "event_date": "2022-07-27"})
    assert r.status_code == 200, r.text[:3000]
    event = _event_of(r.text)
    # the club-files README: 27 boards, 161 lines, 27 deals; <EVENT_DESCRIPTION> names the event
    assert "161 traveller lines; boards: 27 (USEBIO XML, Compscore3 26-Jul-22)" in r.text
    assert len(re.findall(r'<tr data-board="', r.text)) == 27
    stored = client.get(f"/v1/events/{event}").json()
    assert (stored["name"], stored["date"], stored["boards"]) == ("EL Wed 10.00am Open (27-Jul-22)", "2022-07-27", 27)
    # HANDSET board 1: North S 98, H 9762, D AJT32, C 54 (tests/api/test_results_api.py)
    assert client.get(f"/v1/events/{event}/boards/1").json()["deal"].startswith("N:98.9762.AJT32.54 ")
    traveller = client.get(f"/v1/events/{event}/boards/1/traveller").json()
    first = traveller["lines"][0]
    assert (len(traveller["lines"]), first["contract"], first["declarer"], first["ns_score"]) == (6, "5C", "W", -400)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "board 1, line 1: the contract &#39;42&#39; cannot be read"),
    ("pl", "rozdanie 1, wiersz 1: nie można odczytać pola „kontrakt”: &#39;42&#39;"),
])
def test_a_results_file_with_one_unreadable_contract_is_stored_and_the_page_names_the_spot(client, lang, said):
    # issue 36: board 1's first line (5C by W) typed "42": the rest stored, that line named on the page
    data = (CLUB / HOWELL).read_bytes().replace(b"<CONTRACT>5C</CONTRACT>", b"<CONTRACT>42</CONTRACT>", 1)
    data += f"<!-- {uuid.uuid4()} -->".encode()
    r = client.post("/upload", files={"file": ("session.xml", data)}, data={"lang": lang})
    assert r.status_code == 200, r.text[:3000]
    problems = re.search(r'<section aria-labelledby="h-read-problems" id="read-problems">(.*?)</section>', r.text, re.S)
    assert problems is not None
    assert [m.split("<br>")[0] for m in re.findall(r'<td class="reason">(.*?)</td>', problems.group(1), re.S)] == [said]
    assert len(client.get(f"/v1/events/{_event_of(r.text)}/boards/1/traveller").json()["lines"]) == 5


def test_a_whole_results_file_shows_no_problems(client):
    data = (CLUB / HOWELL).read_bytes() + f"<!-- {uuid.uuid4()} -->".encode()
    r = client.post("/upload", files={"file": ("session.xml", data)}, data={"lang": "en"})
    assert r.status_code == 200 and 'id="read-problems"' not in r.text


def test_a_file_neither_pbn_nor_results_is_refused_in_the_directors_words(client):
    r = client.post("/upload", files={"file": ("session.xml", b"<USEBIO><EVENT>")}, data={"lang": "en"})
    assert r.status_code == 422
    assert "session.xml: " in r.text and "Traceback" not in r.text


def test_a_file_that_is_no_results_is_refused_under_a_heading_about_the_file(client):
    # issue 37, a new Polish director: a KoPS2www board page (jarekczek/pbntools test/test_2_kops) is
    # not read; the page said "Nie można orzec na podstawie tych danych" (cannot rule on these data)
    page = b'<html><head><meta name="GENERATOR" content="KoPS2www, JFR 2005"></head><body>ROZDANIE NR 1</body></html>'
    r = client.post("/upload", files={"file": ("p1.html", page)}, data={"lang": "pl"})
    assert r.status_code == 422
    heading = re.search(r'<div class="error" role="alert" id="errors">\s*<h2>([^<]*)</h2>', r.text)
    assert heading is not None and heading.group(1) == "Nie można wczytać pliku"
    assert re.search(r'<h2 id="h-upload">Wczytaj plik</h2>', r.text)  # every format, not "plik PBN"


def test_the_jurisdictions_are_offered_by_their_names_not_codes(client):
    # issue 37: the Law 13/14 form offered "wbf", "ebu", "acbl" on the Polish page
    page = client.get("/?lang=pl").text
    assert re.search(r'<option value="wbf"\s*selected>WBF</option><option value="ebu"\s*>EBU</option>', page)


# One game per table (tests/engine/records/test_pbn_games_traveller.py): BBO's download's [Date] spelling
_TABLES = "".join(
    f'[Event "17901-1617418791"]\n[Date "2021-04-03 05:06"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    f'[Deal "N:Q7.J7.83.AT86542 843.632.AT9752.3 AJ962.95.KQ64.Q7 KT5.AKQT84.J.KJ9"]\n[North "N{t}"]\n'
    f'[South "S{t}"]\n[East "E{t}"]\n[West "W{t}"]\n[Contract "4H"]\n[Declarer "W"]\n[Result "{tricks}"]\n\n'
    for t, tricks in ((1, 10), (2, 11), (3, 9)))


def test_a_file_of_one_game_per_table_makes_a_traveller_dated_by_the_files_tag(client):
    r = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                    data={"lang": "pl"})
    assert r.status_code == 200, r.text[:3000]
    event = re.search(r'/events/(\d+)/boards/1/', r.text)
    assert event is not None
    stored = client.get(f"/v1/events/{event.group(1)}").json()
    assert (stored["name"], stored["date"]) == ("17901-1617418791", "2021-04-03")  # not today
    lines = client.get(f"/v1/events/{event.group(1)}/boards/1/traveller").json()["lines"]
    assert [ln["ns_score"] for ln in lines] == [-420, -450, 50]  # 4H W =, +1, -1 (77, nobody vulnerable)
    page = html_text.unescape(client.get(f"/events/{event.group(1)}/boards/1/traveller?lang=pl").text)
    # no program named: the file's format, and 3 lines in Polish's few-form (Babel: 2-4 wiersze)
    assert "Wynik każdego stołu zapisany w pliku (PBN, 3 wiersze)" in page
    # no table or pair numbers in the file: each line is picked by its place on the traveller, and its
    # contract, declarer and tricks fill the play page, the Law 13/14 form and the claim form
    assert [f"place={n}" in page for n in (1, 2, 3)] == [True, True, True]
    play = client.get(f"/events/{event.group(1)}/boards/1/play?place=2&lang=pl").text
    assert re.search(r'id="table_result"[^>]*value="11"', play) and re.search(r'id="contract"[^>]*value="4H"', play)
    cards = html_text.unescape(client.get(f"/events/{event.group(1)}/boards/1/cards?place=3&lang=pl").text)
    assert "pary N3 & S3 – E3 & W3, 4H W -1" in cards
    claim = client.get(f"/claim?event={event.group(1)}&board=1&place=1&lang=pl").text
    assert re.search(r'id="cl-contract"[^>]*value="4H"', claim)
    # the event's page opened again says which event it is, not that something was stored just now
    again = html_text.unescape(client.get(f"/events/{event.group(1)}?lang=pl").text)
    assert f"Turniej nr {event.group(1)} (17901-1617418791)." in again and "Zapisano jako" not in again


def test_the_board_list_links_the_facts_only_path_and_the_law_13_form_filled(client):
    r = client.post("/upload", files={"file": ("deals.pbn", _unique_hand_records())}, data={"lang": "en"})
    event = _event_of(r.text)
    assert f'href="/events/{event}/boards/21/play?lang=en#facts-only"' in r.text
    assert 'id="facts-only"' in client.get(f"/events/{event}/boards/21/play?lang=en").text
    cards = client.get(f"/events/{event}/boards/21/cards?lang=en")
    assert cards.status_code == 200
    # Sponvo30.pbn board 21: [Deal "N:..."], dealer North, North-South vulnerable (Law 2: as board 5)
    deal = re.search(r'\[Board "21"\].*?\[Deal "([^"]+)"\]', hand_records_only(), re.S)
    assert deal is not None
    assert f'id="hand_record" name="hand_record" value="{deal.group(1)}"' in cards.text
    assert re.search(r'id="c-vulnerable"[^>]*>.*?<option value="NS"\s*selected', cards.text, re.S)
    assert client.get(f"/events/{event}/boards/99/cards?lang=en").status_code == 404
