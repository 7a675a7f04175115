"""The ruling page at the table (issue 25, items 1-3, 6-8; issue 24's leftovers), over HTTP.

Worked by hand (Sponvo30.pbn board 21, closed room; tests/api/test_table_flow.py): 4H by West, NS
vulnerable, South's D4 at trick 3 is an established revoke (64A2: one trick). The record stops
after trick 9 (9 tricks shown, 4 not): without a figure for those 4, the director says the claim's
figure is not known and the engine values them double dummy; the result it counts is then not a
table result, and every language says so.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.casefile.cases import CaseDetails, CaseKind, NewCase, Pair
from engine.casefile.events import EventDetails
from engine.casefile.users import Actor, Role
from engine.dd import SolverRunner
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, laptop
from tests.web.test_web import _hand_record_event, sponvo_board_21


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def _steps(page: str) -> list[str]:
    ol = re.search(r'<ol class="steps">(.*?)</ol>', page, re.S)
    assert ol is not None
    items = re.findall(r"<li>(.*?)</li>", ol.group(1), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", li)).strip() for li in items]


WORDS_77 = {"en": "valued double dummy (assumed)", "pl": "wycenionymi w otwarte karty (założenie)",
            "ru": "оценёнными в открытую (допущение)", "el": "αποτιμημένες με ανοιχτά φύλλα (υπόθεση)"}
TABLE_77 = {"en": "Table result", "pl": "Wynik przy stole", "ru": "Результат за столом",
            "el": "Αποτέλεσμα τραπεζιού"}


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "el"])
def test_law_77_names_a_figure_valued_double_dummy_not_a_table_result(client, lang):
    """Issue 24, 1: the 4 tricks not played out are valued double dummy (the director's choice,
    no figure): step 77 says the result was counted so, never "Table result"."""
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1",
                                     "lang": lang})
    assert r.status_code == 200, r.text[:2000]
    law77 = [s for s in _steps(r.text) if s.startswith("77")]
    assert len(law77) == 1 and WORDS_77[lang] in law77[0], law77
    assert TABLE_77[lang] not in law77[0]


def test_law_77_names_the_claims_figure(client):
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "claim_declarer_tricks": "2"})
    assert r.status_code == 200, r.text[:2000]
    law77 = [s for s in _steps(r.text) if s.startswith("77")]
    assert law77 and "Result counted with the claim's figure" in law77[0] and "Table result" not in law77[0]


def test_law_77_says_table_result_when_the_table_gave_it(client):
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "table_result": "8"})
    assert r.status_code == 200, r.text[:2000]
    law77 = [s for s in _steps(r.text) if s.startswith("77")]
    assert law77 and law77[0].startswith("77 Table result: 8 tricks")


def test_a_facts_only_ruling_of_a_played_out_board_never_cites_law_68(client):
    """Issue 24, 1: played out (table result 8), no play entered, only the revoke's facts (South
    revoked on trick 3, West won it, NS took 5 tricks after it): no claim, so no Law 68 and no
    "13 tricks not played out"."""
    event, _ = _hand_record_event(client)
    r = client.post("/ruling", data={"source": "event", "event": event, "board": "21", "contract": "4H",
                                     "declarer": "W", "table_result": "8", "play": "", "rf_trick": "3",
                                     "rf_offender": "S", "rf_won_by": "W", "rf_after": "5"})
    assert r.status_code == 200, r.text[:2000]
    steps = _steps(r.text)
    assert steps and not any(s.startswith("68") for s in steps), steps
    assert "not played out" not in r.text and "13 trick" not in " ".join(steps)
    assert "4H W -1" in r.text


def test_the_case_page_labels_a_valued_figure_as_valued(tmp_path):
    """Issue 24, 1: the case's evidence line says "counted 8 (... valued double dummy; assumed)",
    not "table 8", when the tricks not played out were valued double dummy."""
    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    ruling = {"board": {"label": "Sponvo30, board 21", "deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W",
                        "vulnerable": "NS"},
              "revokes": [{"trick": 3, "player": "S", "card": "D4", "established": True, "law": "64A2",
                           "tricks_transferred": 1}],
              "declarer_tricks": {"table": 8, "after_adjustment": 9, "likely_without_revokes": 9,
                                  "double_dummy_without_revoke": 10},
              "claim": {"tricks_not_played": 4, "declarer_tricks": 1, "assumed": True, "played_out": False,
                        "counted": "double_dummy"},
              "suggested": {"declarer_tricks": 9, "result": "4H W -1", "score_ns": 50, "law": "64A2"},
              "steps": [], "laws_edition": "2017", "engine_version": "0.1.0"}
    with laptop(create_app(solver=object(), database_url=database)) as c:  # type: ignore[arg-type]
        state = c.app.state  # type: ignore[attr-defined]
        event = state.events.create_event(EventDetails("Club pairs", dt.date(2026, 11, 25)))
        details = CaseDetails(event.id, "21", "3", "7", Pair("12"), Pair("3"), "Jan Kowalski")
        new = NewCase(details, CaseKind.REVOKE, {"event": event.id, "board": "21", "contract": "4H",
                                                 "declarer": "W", "play": [SPONVO30_PLAY[0:4]],
                                                 "rest_valued_double_dummy": True}, ruling, "0.1.0", "2017", 50, 100)
        case = state.cases.create_case(new, Actor("Jan Kowalski", Role.DIRECTOR))
        page = html.unescape(c.get(f"/cases/{case.id}?lang=en").text)
        assert "counted 8 (the tricks not played out valued double dummy; assumed)" in page
        assert "table 8," not in page
        pl = html.unescape(c.get(f"/cases/{case.id}?lang=pl").text)
        assert "policzono 8 (lewy nierozegrane wycenione w otwarte karty; założenie)" in pl


def test_without_javascript_the_play_page_says_type_not_click_and_each_fault_once(client):
    """Item 8: the page as served (no script run): the instruction asks to type the cards; a
    missing contract is stated once, beside the contract (the summary links to it)."""
    event, _ = _hand_record_event(client)
    page = client.get(f"/events/{event}/boards/21/play?lang=en").text
    intro = re.search(r'<p class="intro" id="play-intro"[^>]*>(.*?)</p>', page, re.S)
    assert intro is not None and "click" not in intro.group(1).lower() and "type the cards" in intro.group(1)
    r = client.post("/ruling", data={"source": "event", "event": event, "board": "21", "contract": "",
                                     "declarer": "W", "play": "cj c3 c2 ck", "table_result": "8"})
    assert r.status_code == 422
    text = html.unescape(r.text)
    assert text.count("give the contract, e.g. 4H") == 1
    summary = re.search(r'id="errors".*?</div>', r.text, re.S)
    assert summary is not None and 'href="#err-contract"' in summary.group(0)


class _FormReader(HTMLParser):
    """The controls of one form of a page as a browser without JavaScript would post them: each
    named input's value (a checkbox only when checked), each select's selected option (else its
    first), each textarea's text."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside, self.fields = form_id, False, []  # type: ignore[var-annotated]
        self._select: str | None = None
        self._first: str | None = None
        self._chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside or (not a.get("name") and tag != "option"):
            return
        if tag == "input" and (a.get("type") not in ("checkbox", "radio", "submit", "button") or "checked" in a):
            self.fields.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self._select, self._first, self._chosen = a["name"], None, False
        elif tag == "option" and self._select is not None:
            if self._first is None:
                self._first = a.get("value", "")
            if "selected" in a and not self._chosen:
                self.fields.append((self._select, a.get("value", "")))
                self._chosen = True
        elif tag == "textarea":
            self._textarea = a["name"]
            self.fields.append((a["name"], ""))

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            name, text = self.fields[-1]
            self.fields[-1] = (name, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select is not None:
            if not self._chosen:
                self.fields.append((self._select, self._first or ""))
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def posted_form(page: str, form_id: str, **typed: str) -> dict[str, str]:
    """Form ``form_id`` of ``page`` as a browser without JavaScript posts it, with the director's
    ``typed`` values in their fields."""
    reader = _FormReader(form_id)
    reader.feed(page)
    fields = dict(reader.fields)
    assert fields, f"no form #{form_id}"
    assert set(typed) <= set(fields), set(typed) - set(fields)
    return fields | typed


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_without_javascript_a_short_trick_is_reported_once(client, lang):
    """Issue 37: the play page's form posted as served (no script: the cards typed one trick a line),
    its first trick typed with three cards (Sponvo30 board 21: CJ C3 C2, North's CK left out) and the
    second whole: the trick-1 fault is said once, beside the play (the summary has one link), not
    again in the request model's words."""
    event, _ = _hand_record_event(client)
    page = client.get(f"/events/{event}/boards/21/play?lang={lang}").text
    form = posted_form(page, "form-play", contract="4H", declarer="W", play="CJ C3 C2\nHA H6 HJ H2")
    assert form["source"] == "event" and form["board"] == "21" and form["lang"] == lang
    r = client.post("/ruling", data=form)
    assert r.status_code == 422
    summary = re.search(r'id="errors".*?</div>', r.text, re.S)
    assert summary is not None
    assert re.findall(r'<a href="#([^"]+)"', summary.group(0)) == ["err-play"]
    said = re.search(r'<p class="field-error" id="err-play">(.*?)</p>', r.text, re.S)
    assert said is not None and "<br>" not in said.group(1)
    assert {"en": "trick 1 has 3 cards", "pl": "lewa 1 ma 3 karty"}[lang] in html.unescape(said.group(1))


def test_sign_in_from_a_ruling_carries_the_ruling_and_posts_it_back(tmp_path, dds):
    """Item 3 over HTTP (tokens configured: ruling needs a token holder, saving a director): the
    ruling's form posted to /signin (Save as a case ... Sign in) comes back
    as the sign-in form carrying it; a wrong token keeps it; the right one answers with the
    ruling's form to post back to /ruling, every field as entered."""
    from app.service.auth import COOKIE
    from tests.web.test_case_page import DIRECTOR, VIEWER, _people

    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    tokens = _people(database)
    fields = {"source": "pbn", "pbn": sponvo_board_21(), "table_result": "8", "sheet_table": "7",
              "sheet_event": "Club pairs", "lang": "pl"}
    with TestClient(create_app(dds, database_url=database)) as c:
        c.cookies.set(COOKIE, tokens[VIEWER])  # a viewer may rule, not save: he signs in as the director
        ruled = c.post("/ruling", data=fields)
        assert ruled.status_code == 200 and 'id="case-signin"' in ruled.text and 'formaction="/signin"' in ruled.text
        first = c.post("/signin", data=fields | {"resume_to": "/ruling"})
        assert first.status_code == 200 and 'id="form-signin"' in first.text
        kept = re.search(r'name="resume" value="([^"]*)"', first.text)
        assert kept is not None
        resume = html.unescape(kept.group(1))
        assert json.loads(resume) == {"to": "/ruling", "fields": fields}
        wrong = c.post("/signin", data={"token": "not-a-token", "resume": resume, "lang": "pl"})
        still = re.search(r'name="resume" value="([^"]*)"', wrong.text)
        assert wrong.status_code == 401 and still is not None and html.unescape(still.group(1)) == resume
        right = c.post("/signin", data={"token": tokens[DIRECTOR], "resume": resume, "lang": "pl"})
        assert right.status_code == 200 and "advisor_token" in right.headers.get("set-cookie", "")
        back = re.search(r'<form method="post" action="/ruling" id="form-resume".*?</form>', right.text, re.S)
        assert back is not None
        posted = {html.unescape(k): html.unescape(v)
                  for k, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', back.group(0))}
        assert posted == fields
        again = c.post("/ruling", data=posted)  # signed in now: the case form is there, with the sheet's table
        assert again.status_code == 200 and 'id="form-case"' in again.text
        assert re.search(r'id="case-table" name="case_table" value="7"', again.text)
        # a resume naming another path, or not JSON, is not followed: the plain sign-in redirect
        odd = c.post("/signin", data={"token": tokens[DIRECTOR], "resume": json.dumps({"to": "//evil", "fields": {}})},
                     follow_redirects=False)
        assert odd.status_code == 303
