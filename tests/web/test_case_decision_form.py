"""The weighted decision form of the case page (issue 37): the advisor's weighted proposal is the
form's default, recording it as it stands needs no reason, departing from it asks for one, and
the form's errors are in the page's language and name what was entered.

The stored ruling is a Laws 13/14 ruling cut down by hand to what the case page reads: two
plausible results on the corrected deal with even weights (what its "for the scorer" block
proposes to enter, app/api/card_traveller.py ``for_cards``). Worked by hand (Law 77, neither side
vulnerable): 4H S = is NS +420 (4 x 30 = 120 trick points, the game bonus 300 not vulnerable);
5DX E -3 is NS +500 (doubled not vulnerable: 100 + 200 + 200). 12C1(c) at
50% each: 0.5 x 420 + 0.5 x 500 = 460; at 70% / 30%: 294 + 150 = 444.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.casefile.cases import CaseDetails, CaseKind, NewCase, Pair
from engine.casefile.events import EventDetails
from engine.casefile.users import Actor, Role
from tests.web.test_case_page import DIRECTOR, _as, _errors, _field_error, _people

RULING: dict[str, Any] = {
    "board": "Club pairs, board 7", "action": "assigned_adjusted_score", "adjusted_score": True,
    "adjusted_score_optional": False, "score_law": "12C1(b)",
    "assigned": {"contract": "4H", "declarer": "S", "tricks": 10, "result": "4H S =", "score_ns": 420},
    "scores": {"table": 450, "after_adjustment": None, "suggested": 420, "plausible": [
        {"result": "4H S =", "tricks": 10, "score_ns": 420, "weight": "1/2", "label": "4H S = (NS +420)",
         "evidence": "the contract reached, played double dummy on the corrected deal"},
        {"result": "5DX E -3", "tricks": 8, "score_ns": 500, "weight": "1/2", "label": "5DX E -3 (NS +500)",
         "evidence": "par on the corrected deal (the double-dummy auction's contract)"}]},
    "steps": [{"law": "13A", "text": "The board is corrected."}],
    "laws_edition": "2017", "engine_version": "0.1.0",
}
PROPOSAL = "50% 4H S =, 50% 5DX E -3"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, str], int]]:
    """The app with tokens configured and one Laws 13/14 case awaiting decision."""
    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    tokens = _people(database)
    with TestClient(create_app(solver=object(), database_url=database),  # type: ignore[arg-type]
                    raise_server_exceptions=False) as client:
        state = client.app.state  # type: ignore[attr-defined]
        event = state.events.create_event(EventDetails("Klubowy turniej par", dt.date(2026, 11, 27)))
        details = CaseDetails(event.id, "7", "2", "4", Pair("5", "Nowak - Lis"), Pair("9"), DIRECTOR)
        new = NewCase(details, CaseKind.INCORRECT_CARDS, {"event": event.id, "board": "7"}, RULING, "0.1.0", "2017",
                      420, 450)
        case = state.cases.create_case(new, Actor(DIRECTOR, Role.DIRECTOR))
        yield client, tokens, case.id


def _value(page: str, name: str) -> str:
    m = re.search(rf'name="{name}" value="([^"]*)"', page)
    return m.group(1) if m else ""


def _form(page: str) -> dict[str, str]:
    """The decision form as the page offers it, to post back unchanged."""
    form = re.search(r'<form method="post" action="/cases/\d+/decision".*?</form>', page, flags=re.S)
    assert form is not None
    body = form.group(0)
    fields = dict(re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', body))
    return fields | {"reason": ""}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_weighted_proposal_is_the_forms_default_and_recording_it_needs_no_reason(site, lang):
    client, tokens, case_id = site
    _as(client, tokens, DIRECTOR)
    page = client.get(f"/cases/{case_id}?lang={lang}").text
    assert (_value(page, "score_ns"), _value(page, "result"), _value(page, "law")) == ("+460", PROPOSAL, "12C1(c)")
    assert (_value(page, "weight_0"), _value(page, "weight_1")) == ("50", "50")
    note = {"pl": "Formularz zawiera propozycję doradcy. Zapisz ją bez zmian, a uzasadnienie nie jest potrzebne",
            "en": "The form holds the advisor's proposal. Record it as it stands and no reason is needed"}[lang]
    assert note in html.unescape(page)
    r = client.post(f"/cases/{case_id}/decision", data=_form(page), follow_redirects=False)
    assert r.status_code == 303, _errors(r.text)
    shown = client.get(f"/cases/{case_id}?lang={lang}").text
    assert re.search(rf'id="decision-score">{PROPOSAL}, NS \+460 \(12C1\(c\)\)<', shown)
    assert 'id="decision-reason"' not in shown  # no reason was asked or given


def test_departing_from_the_proposal_asks_the_reason_in_polish_naming_both(site):
    client, tokens, case_id = site
    _as(client, tokens, DIRECTOR)
    form = _form(client.get(f"/cases/{case_id}?lang=pl").text) | {"weight_0": "70", "weight_1": "30"}
    r = client.post(f"/cases/{case_id}/decision", data=form)
    assert r.status_code == 422
    said = _field_error(r.text, "reason")
    assert said == ("Uzasadnienie: wpisany zapis "
                    "(70% 4H S =, 30% 5DX E -3 (+444)) różni się od propozycji doradcy "
                    f"({PROPOSAL} (+460)): podaj uzasadnienie")
    assert _value(r.text, "weight_0") == "70"  # what the director typed is kept
    form["reason"] = "Para NS nie doszłaby do kontry"
    assert client.post(f"/cases/{case_id}/decision", data=form, follow_redirects=False).status_code == 303


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "сумма весов 90%, а не 100%"), ("el", "τα βάρη αθροίζουν 90%, όχι 100%"),
    ("pl", "wagi sumują się do 90%, a nie do 100%")])
def test_weights_not_adding_up_are_said_in_the_pages_language(site, lang, said):
    client, tokens, case_id = site
    _as(client, tokens, DIRECTOR)
    form = _form(client.get(f"/cases/{case_id}?lang={lang}").text) | {"weight_0": "60", "weight_1": "30",
                                                                      "reason": "x"}
    r = client.post(f"/cases/{case_id}/decision", data=form)
    assert r.status_code == 422
    assert said in _field_error(r.text, "weights"), _errors(r.text)


def test_the_api_takes_the_proposal_without_a_reason_too(site):
    client, tokens, case_id = site
    _as(client, tokens, None)
    body = {"score_ns": 460, "result": PROPOSAL, "law": "12C1(c)", "reason": "",
            "weighted": [{"result": "5DX E -3", "score_ns": 500, "percent": 50},
                         {"result": "4H S =", "score_ns": 420, "percent": 50}]}
    r = client.post(f"/v1/cases/{case_id}/decision", json=body, headers={"Authorization": f"Bearer {tokens[DIRECTOR]}"})
    assert r.status_code == 200, r.text
    assert r.json()["decision"]["differs_from_suggestion"] is False


@pytest.mark.slow
def test_in_chromium_the_polish_director_records_the_proposal_as_it_stands(browser, tmp_path):
    # the case stored first (open mode: no tokens, the page is the director's), then served by uvicorn
    from tests.browser import PageProblems, served

    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    with TestClient(create_app(solver=object(), database_url=database)) as client:  # type: ignore[arg-type]
        state = client.app.state  # type: ignore[attr-defined]
        event = state.events.create_event(EventDetails("Klubowy turniej par", dt.date(2026, 11, 27)))
        details = CaseDetails(event.id, "7", "2", "4", Pair("5", "Nowak - Lis"), Pair("9"), DIRECTOR)
        case = state.cases.create_case(NewCase(details, CaseKind.INCORRECT_CARDS, {"event": event.id, "board": "7"},
                                               RULING, "0.1.0", "2017", 420, 450), Actor(DIRECTOR, Role.DIRECTOR))
    with served({"ADVISOR_DATABASE_URL": database}) as url:
        ctx = browser.new_context(viewport={"width": 1100, "height": 900})
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        problems = PageProblems(page)
        page.goto(f"{url}/cases/{case.id}?lang=pl")
        assert (page.input_value("#d-weight-0"), page.input_value("#d-weight-1")) == ("50", "50")
        assert page.input_value("#d-score") == "+460" and page.input_value("#d-result") == PROPOSAL
        assert "Zapisz ją bez zmian, a uzasadnienie nie jest potrzebne" in page.inner_text("#decision-prefilled")
        page.fill("#d-weight-0", "70")
        page.fill("#d-weight-1", "30")
        page.click("#form-decision button[type=submit]")
        page.wait_for_selector("#errors")
        assert "różni się od propozycji doradcy (50% 4H S =, 50% 5DX E -3 (+460))" in page.inner_text("#errors")
        page.fill("#d-weight-0", "50")
        page.fill("#d-weight-1", "50")
        page.click("#form-decision button[type=submit]")
        page.wait_for_selector("#decision-score")
        assert page.inner_text("#decision-score") == f"{PROPOSAL}, NS +460 (12C1(c))"
        ctx.close()
        assert problems.found == []
