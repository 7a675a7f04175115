"""Nothing retyped (issue 37): a ruling started from a traveller line has the pairs, the players'
names, the event, its date and session, the round and the table prefilled on every form (the
revoke ruling's sheet fields, "Save as a case" of the revoke, Law 13/14 and claim rulings) and
printed on every sheet (the ruling, Law 13/14, claim and case sheets).

The file: Compscore3's ``mp_pairs_howell.xml`` (USEBIO, ../shared/data/club-files), board 1, the
line of pairs 5 v 2: 4H by South, 8 tricks, lead the club ace (tests/web/test_results_page.py
reads it). The pairs' names are read here from the file's own ``PARTICIPANTS`` with the standard
library, not from the advisor's reader; the event is the one the test stores (``new_event``:
"Generali Euro Team Champs '97", 1997-06-26, session 30). With tokens configured, the director
signed in is the director on every sheet and case form (a name typed on the sheet stands over his;
a viewer signed in is no director: the line stays blank)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.service.auth import COOKIE
from engine.casefile.users import Role
from engine.dd import SolverRunner
from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, post, sample
from tests.people import people_in

HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"
EVENT = ("Generali Euro Team Champs '97", "1997-06-26", "30")
"""The stored event's name, date and session (``tests.api.test_events.new_event``'s defaults)."""
PRINTED_DATE = "26 June 1997"
"""The event's date as an English sheet prints it, in words as the case sheet does."""
DEAL = "N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"
"""Board 1's hand record in the file (tests/web/test_claim_statement_page.py)."""

pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def players(pair: str) -> list[str]:
    """The names of pair ``pair``'s players as the USEBIO file lists them (``PARTICIPANTS``)."""
    root = ET.parse(CLUB / HOWELL).getroot()
    for el in root.iter("PAIR"):
        if (el.findtext("PAIR_NUMBER") or "").strip() == pair:
            return [(p.findtext("PLAYER_NAME") or "").strip() for p in el.iter("PLAYER")]
    raise AssertionError(f"no pair {pair} in the file")


def _event(client: TestClient) -> int:
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL), "session.xml").status_code == 200
    return event_id


def _value(page: str, input_id: str) -> str:
    m = re.search(rf'<input[^>]*\bid="{input_id}"[^>]*>', page)
    assert m, f"no #{input_id}"
    v = re.search(r'\bvalue="([^"]*)"', m.group(0))
    return html.unescape(v.group(1)) if v else ""


def _dd(page: str, dd_id: str) -> str:
    m = re.search(rf'<dd[^>]*\bid="{dd_id}"[^>]*>(.*?)</dd>', page, re.S)
    assert m, f"no #{dd_id}"
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", m.group(1)).split()))


def _sheet_says_the_line(page: str) -> None:
    """The printed sheet names the event, its date and session, and pairs 5 and 2 with their players."""
    assert _dd(page, "sheet-event") == EVENT[0]
    assert _dd(page, "sheet-date") == PRINTED_DATE
    assert _dd(page, "sheet-session") == EVENT[2]
    ns, ew = _dd(page, "sheet-pair-ns"), _dd(page, "sheet-pair-ew")
    assert ns.startswith("5 ") and all(name in ns for name in players("5")), ns
    assert ew.startswith("2 ") and all(name in ew for name in players("2")), ew


def _case_form_has_the_line(page: str, event_id: int) -> None:
    """The "Save as a case" form: the event preselected, pairs 5 and 2 and their players' names."""
    assert re.search(rf'<option value="{event_id}" selected>', page)
    assert _value(page, "case-ns-number") == "5" and _value(page, "case-ew-number") == "2"
    for side, pair in (("ns", "5"), ("ew", "2")):
        names = _value(page, f"case-{side}-names")
        assert all(name in names for name in players(pair)), names


def test_the_revoke_ruling_from_a_traveller_line_prefills_its_sheet_and_case_form(client: TestClient) -> None:
    event_id = _event(client)
    link = html.unescape(re.search(r'class="rule-link" href="([^"]*ns=5&amp;ew=2[^"]*)"',
                                   client.get(f"/events/{event_id}/boards/1/traveller").text).group(1))  # type: ignore[union-attr]
    play = client.get(link)
    assert play.status_code == 200
    assert 'name="ns_pair" value="5"' in play.text and 'name="ew_pair" value="2"' in play.text
    # the play page's form as a director sends it: West (a defender) revoked at trick 3, won by North;
    # East-West took 5 tricks of the 13 (South made 8), all 5 after trick 3
    form = {"lang": "en", "source": "event", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
            "contract": "4H", "declarer": "S", "table_result": "8", "play": "",
            "rf_trick": "3", "rf_offender": "W", "rf_won_by": "N", "rf_after": "5"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text[:2000]
    _sheet_says_the_line(r.text)
    # the sheet's own fields on the form (the director may still change them), and the case form
    assert _value(r.text, "sheet_event") == EVENT[0] and _value(r.text, "sheet_date") == EVENT[1]
    assert _value(r.text, "sheet_ns").startswith("5 ") and _value(r.text, "sheet_ew").startswith("2 ")
    _case_form_has_the_line(r.text, event_id)
    # what the director typed stands over what is known
    r = client.post("/ruling", data=form | {"sheet_event": "Friday pairs", "sheet_round": "4"})
    assert _dd(r.text, "sheet-event") == "Friday pairs" and _dd(r.text, "sheet-round") == "4"
    assert _value(r.text, "case-round") == "4"


def test_a_revoke_ruling_from_an_event_board_prints_the_event(client: TestClient) -> None:
    event_id = _event(client)
    form = {"lang": "en", "source": "event", "event": str(event_id), "board": "1", "contract": "4H",
            "declarer": "S", "table_result": "8", "play": "", "rf_trick": "3", "rf_offender": "W",
            "rf_won_by": "N", "rf_after": "5"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text[:2000]
    assert _dd(r.text, "sheet-event") == EVENT[0] and _dd(r.text, "sheet-date") == PRINTED_DATE
    assert _dd(r.text, "sheet-pair-ns") == ""  # no line named: no pairs guessed


def test_the_law_13_14_ruling_from_a_traveller_line_prefills_its_sheet_and_case_form(client: TestClient) -> None:
    event_id = _event(client)
    page = client.get(f"/events/{event_id}/boards/1/cards?ns=5&ew=2&lang=en")
    assert page.status_code == 200
    assert 'name="ns_pair" value="5"' in page.text
    # East's club two found in West's hand after play: W 14 cards, E 12
    form = {"lang": "en", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2", "hand_record": DEAL,
            "dealer": "N", "vulnerable": "None", "contract": "4H", "declarer": "S", "table_tricks": "8",
            "discovered": "after_play", "move_card": ["C2", "", "", ""], "move_to": ["W", "", "", ""]}
    r = client.post("/incorrect-cards", data=form)
    assert r.status_code == 200, r.text[:2000]
    _sheet_says_the_line(r.text)
    _case_form_has_the_line(r.text, event_id)


def test_the_claim_from_a_traveller_line_prefills_its_sheet_and_case_form(client: TestClient) -> None:
    event_id = _event(client)
    opened = client.get(f"/claim?event={event_id}&board=1&ns=5&ew=2&lang=en")
    assert opened.status_code == 200
    _sheet_says_the_line(opened.text)  # the printed form, before any ruling
    play = "CA C5 C2 C6 SA S9 S2 S6 CK C4 CJ CQ SK S8 S3 S7 CT D2 S4 H4 HA H3 H2 H8 HK C3 H6 HT DQ D9 D3 D5"
    form = {"lang": "en", "source": "board", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
            "contract": "4H", "declarer": "S", "play": play, "by": "S", "tricks": "5",
            "st_steps": "draw trumps\nlead D4\ncash S"}
    r = client.post("/claim", data=form)
    assert r.status_code == 200, r.text[:2000]
    _sheet_says_the_line(r.text)
    _case_form_has_the_line(r.text, event_id)
    assert _dd(r.text, "sheet-board") == "1"
    # the position's centre, no trick in progress after eight tricks: the contract, and the tricks won
    # so far: East-West won tricks 1-4 (W's ♣A, ♠A, ♣K, ♠K), South ruffed 5 and won 6-8: NS 4, EW 4
    centre = re.search(r'id="claim-position".*?<div class="centre">(.*?)</div>', r.text, re.S)
    assert centre and html.unescape(centre.group(1)) == "4H S · NS 4 \u2013 EW 4"


def test_the_case_saved_from_the_prefilled_form_prints_the_line(client: TestClient) -> None:
    event_id = _event(client)
    form = {"lang": "en", "source": "event", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
            "contract": "4H", "declarer": "S", "table_result": "8", "play": "",
            "rf_trick": "3", "rf_offender": "W", "rf_won_by": "N", "rf_after": "5"}
    view = client.post("/ruling", data=form).text
    saved = {name: html.unescape(value) for name, value in
             re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"',
                        re.search(r'<form method="post" action="/cases".*?</form>', view, re.S).group(0))}  # type: ignore[union-attr]
    saved |= {"case_event": str(event_id), "case_director": "J. Kowalski"}  # the one thing typed (laptop mode)
    r = client.post("/cases", data=saved, follow_redirects=True)
    assert r.status_code == 200, r.text[:2000]
    facts = re.search(r'id="case-facts".*?</dl>', r.text, re.S).group(0)  # type: ignore[union-attr]
    text = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", facts).split()))
    assert EVENT[0] in text and EVENT[2] in text
    for name in players("5") + players("2"):
        assert name in text


# --- the director's own name (tokens mode): the signed-in director is the sheet's and the case's director ----

DIRECTOR, VIEWER = "Krzysztof Wiśniewski", "Piotr Lis"


@pytest.fixture
def tokens_client(dds: SolverRunner, tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, str]]]:
    """The app with tokens configured (a director and a viewer stored, so no laptop mode) on a fresh
    SQLite file: ``(client, name -> token)``; the client is signed in as nobody."""
    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    tokens = people_in(database, ((DIRECTOR, Role.DIRECTOR), (VIEWER, Role.VIEWER)))
    with TestClient(create_app(dds, database_url=database), raise_server_exceptions=False) as client:
        yield client, tokens


def test_the_signed_in_director_is_the_director_on_every_sheet_and_case_form(
        tokens_client: tuple[TestClient, dict[str, str]]) -> None:
    client, tokens = tokens_client
    client.headers["Authorization"] = f"Bearer {tokens[DIRECTOR]}"  # the event stored through the API
    event_id = _event(client)
    del client.headers["Authorization"]
    client.cookies.set(COOKIE, tokens[DIRECTOR])  # the page: signed in as the director
    revoke = {"lang": "pl", "source": "event", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
              "contract": "4H", "declarer": "S", "table_result": "8", "play": "",
              "rf_trick": "3", "rf_offender": "W", "rf_won_by": "N", "rf_after": "5"}
    r = client.post("/ruling", data=revoke)
    assert r.status_code == 200, r.text[:2000]
    assert _dd(r.text, "sheet-director") == DIRECTOR
    assert _value(r.text, "sheet_director") == DIRECTOR  # the sheet's own field, which he may still change
    assert _value(r.text, "case-director") == DIRECTOR
    # a name the director typed on the sheet stands over his own
    r = client.post("/ruling", data=revoke | {"sheet_director": "Anna Nowak"})
    assert _dd(r.text, "sheet-director") == "Anna Nowak" and _value(r.text, "case-director") == "Anna Nowak"

    cards = {"lang": "pl", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2", "hand_record": DEAL,
             "dealer": "N", "vulnerable": "None", "contract": "4H", "declarer": "S", "table_tricks": "8",
             "discovered": "after_play", "move_card": ["C2", "", "", ""], "move_to": ["W", "", "", ""]}
    r = client.post("/incorrect-cards", data=cards)
    assert r.status_code == 200, r.text[:2000]
    assert _dd(r.text, "sheet-director") == DIRECTOR and _value(r.text, "case-director") == DIRECTOR

    opened = client.get(f"/claim?event={event_id}&board=1&ns=5&ew=2&lang=pl")
    assert opened.status_code == 200
    assert _dd(opened.text, "sheet-director") == DIRECTOR  # the printed claim form, before any ruling
    # (the claim's "Save as a case" form is made as the Law 13/14 one is: app.web.casefile_save.case_form)

    # a viewer is no director: the sheet keeps the line to write the director's name on
    client.cookies.set(COOKIE, tokens[VIEWER])
    r = client.post("/ruling", data=revoke)
    assert r.status_code == 200, r.text[:2000]
    assert _dd(r.text, "sheet-director") == "" and 'id="sheet-director"' in r.text
