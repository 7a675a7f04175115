"""An upload whose file names no event and no date (issue 37: a KoPS2www board page, which names
neither) stores the event under the file's name and today's date; the pick page says both were
assumed, in the page's language, and the upload form's legend says what a blank box becomes.
A file that names them (a PBN with ``Event`` and ``Date`` tags) has nothing said assumed.

The KoPS page: tests/data/kops/jarekczek__pbntools/p1.html (its README says what it holds)."""

from __future__ import annotations

import datetime as dt
import html
import re
import uuid
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.test_every_page_in_every_language import problems
from tests.web.test_web_upload import _TABLES

KOPS = Path(__file__).resolve().parents[1] / "data" / "kops" / "jarekczek__pbntools" / "p1.html"
MONTHS_PL = ("stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września",
             "października", "listopada", "grudnia")


def test_a_file_naming_no_event_nor_date_says_both_were_assumed(client: TestClient) -> None:
    form = client.get("/?lang=pl").text
    assert "Turniej (puste pola: z pliku, a gdy plik ich nie podaje: nazwa pliku i dzisiejsza data)" in form
    data = KOPS.read_bytes() + f"<!-- {uuid.uuid4()} -->".encode()  # new bytes: a new event, not "seen before"
    r = client.post("/upload", files={"file": ("p1.html", data)}, data={"lang": "pl"})
    assert r.status_code == 200, r.text[:2000]
    said = re.search(r'<p id="event-assumed" class="note">(.*?)</p>', r.text, re.S)
    assert said, "nothing said of the assumed name and date"
    today = dt.date.today()
    assert html.unescape(said.group(1)) == (
        "Plik nie podaje nazwy turnieju: turniej nazwano jak plik, p1.html (przyjęte). "
        f"Plik nie podaje daty: turniej opatrzono dzisiejszą datą, {today.day} {MONTHS_PL[today.month - 1]} "
        f"{today.year} (przyjęte).")
    assert problems(r.text, "pl") == []


def test_a_file_naming_its_event_and_date_says_nothing_assumed(client: TestClient) -> None:
    r = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                    data={"lang": "pl"})
    assert r.status_code == 200
    assert 'id="event-assumed"' not in r.text
