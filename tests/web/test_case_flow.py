"""A director's whole session on the page, in one browser test, in English and in Polish (issue
25, "Done when"): upload the hand records, set the event's time zone, deposit and appeal deadline,
rule a board and print the ruling sheet, save the ruling as a case, amend its table number,
decide, the appeals committee varies the ruling, print the case sheet, find the case in the list
of every case.

Debian's Chromium through Playwright against uvicorn on 127.0.0.1 with tokens configured (a
director and a committee member, made with ``app.service.auth.add_user``); screenshots in SHOTS.

Worked by hand (Sponvo30.pbn board 21; tests/api/test_table_flow.py): 4H by West, NS vulnerable,
South's D4 at trick 3 is an established revoke, table result 8 (4H W -2); 64A2 transfers one
trick: 4H W -1, NS +50 (EW not vulnerable, one down is 50). The committee varies to the contract
made, 4H W =: NS -420 (420 for a non-vulnerable game).

Two steps belong to other branches of issue 25 and are written for today's page; the lead
switches them on after merging (see the two flags below).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.i18n import gettext
from tests.browser import SHOTS, PageProblems, served
from tests.helpers import SPONVO30_PLAY, hand_records_only
from tests.web.test_case_page import COMMITTEE, DIRECTOR, VIEWER, _people

PLAY = SPONVO30_PLAY.split() if isinstance(SPONVO30_PLAY, str) else list(SPONVO30_PLAY)

UPLOAD_ASKS_EVENT_NAME = True
"""Item 4: the upload form asks the event's name (``event_name`` of ``#form-upload``); the test
types it and finds it on the event's board list."""

RULING_KEPT_THROUGH_SIGN_IN = True
"""Item 3: "Save as a case ... Sign in" keeps the ruling. The board is ruled on the club's
laptop signed in as a viewer (tokens are configured: ruling needs at least the viewer role);
the director signs in from the save form and is back on the same ruling, the sheet's fields
still typed, and saves the case."""

EVENT_NAME = "Club Pairs, Monday"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    database = f"sqlite:///{tmp_path_factory.mktemp('case-flow') / 'advisor.sqlite3'}"
    tokens = _people(database)
    with served({"ADVISOR_DATABASE_URL": database}) as url:
        yield url, tokens


def _sign_in(page: Any, url: str, token: str, next_path: str, lang: str) -> None:
    page.goto(f"{url}/signin?lang={lang}&next={next_path}")
    page.fill("#token", token)
    page.click("#form-signin button[type=submit]")


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_session_from_upload_to_the_committee_and_both_sheets(browser, site, tmp_path: Path, lang: str) -> None:
    url, tokens = site
    t = lambda key, **p: gettext(lang, key, **p)  # noqa: E731 - the page's words in this language
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, timezone_id="UTC")
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)

    # Sign in, upload the session's hand records
    _sign_in(page, url, tokens[DIRECTOR], f"/?lang={lang}", lang)
    assert page.locator("#who").count() == 1
    deals = tmp_path / "Sponvo30-deals.pbn"
    # one file a language: the same file uploaded again would offer the first run's event (item 4)
    deals.write_text(hand_records_only() + f"% {lang} session\n", encoding="utf-8")
    page.set_input_files("#file", str(deals))
    if UPLOAD_ASKS_EVENT_NAME:
        page.fill("#form-upload [name=event_name]", EVENT_NAME)
    page.click("#form-upload button[type=submit]")
    page.locator("table.boards").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.locator("table.boards tbody tr").count() == 24
    if UPLOAD_ASKS_EVENT_NAME:
        assert EVENT_NAME in page.inner_text("main")
    cases_link = page.locator("#event-cases a").get_attribute("href") or ""
    event_id = re.search(r"/events/(\d+)/cases", cases_link)
    assert event_id is not None
    event = event_id.group(1)

    # The event's settings: its time zone, an appeal deposit, the appeal deadline
    page.goto(f"{url}/events/{event}/cases?lang={lang}")
    page.fill("#s-zone", "Europe/Warsaw")
    page.fill("#s-deadline", "22:30")
    page.check("#s-deposits")
    page.click("#form-settings button[type=submit]")
    page.wait_for_selector("#form-settings")
    assert page.input_value("#s-zone") == "Europe/Warsaw" and page.is_checked("#s-deposits")

    # Rule board 21: the first four tricks clicked (South's D4 at trick 3), table result 8; on the
    # club's laptop signed in as a viewer when the ruling is kept through the sign-in (item 3)
    play_path = f"/events/{event}/boards/21/play?lang={lang}"
    if RULING_KEPT_THROUGH_SIGN_IN:
        page.click("#who button")  # the director signs out
        _sign_in(page, url, tokens[VIEWER], play_path, lang)
    else:
        page.goto(f"{url}{play_path}")
    page.locator("#clicker").wait_for(state="visible")
    page.fill("#contract", "4H")
    page.select_option("#declarer", "W")
    for card in PLAY[:16]:
        page.click(f"#clicker button[data-card={card}]")
    page.fill("#table_result", "8")
    page.click("#form-play button[type=submit]")
    page.wait_for_selector("#suggested")
    assert "4H W -1" in page.inner_text("#suggested") and "+50" in page.inner_text("#suggested")

    # The ruling sheet: the pairs typed in the sheet's fields, the signature line, the deadline
    page.fill("#sheet_ns", "12 Kowalski - Nowak")
    page.fill("#sheet_ew", "3 Smith - Jones")
    page.fill("#sheet_table", "7")
    page.click(f"#assumptions button[type=submit][name=lang][value={lang}]")  # today: the sheet needs a re-rule
    page.wait_for_selector("#suggested")
    page.emulate_media(media="print")
    assert page.locator("#sheet-signature").is_visible()
    assert t("sheet_signature") in page.inner_text("#sheet-signature")
    assert page.inner_text("#sheet-pair-ns") == "12 Kowalski - Nowak"
    assert page.inner_text("#sheet-pair-ew") == "3 Smith - Jones"
    assert page.inner_text("#sheet-deadline") == "22:30"
    page.screenshot(path=str(SHOTS / f"flow-{lang}-1-ruling-sheet.png"), full_page=True)
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.emulate_media(media="screen")

    # "Save as a case ... Sign in": the director signs in from the save form and is back on the
    # same ruling, with what was typed for the sheet (item 3)
    if RULING_KEPT_THROUGH_SIGN_IN:
        assert page.locator("#form-case").count() == 0  # a viewer cannot save a case
        page.click("#case-signin")
        page.wait_for_selector("#form-signin")
        page.fill("#token", tokens[DIRECTOR])
        page.click("#form-signin button[type=submit]")
        page.wait_for_selector("#suggested")
        assert "4H W -1" in page.inner_text("#suggested") and "+50" in page.inner_text("#suggested")
        assert DIRECTOR in page.inner_text("#who")
        assert page.input_value("#sheet_ns") == "12 Kowalski - Nowak" and page.input_value("#sheet_table") == "7"
        assert page.get_attribute("html", "lang") == lang

    # Save it as a case: the required fields are marked
    assert page.locator("#case-required-note").is_visible()
    assert page.locator("label[for=case-director] .req").count() == 1
    page.fill("#case-round", "3")
    page.fill("#case-table", "7")
    page.fill("#case-ns-number", "12")
    page.fill("#case-ns-names", "Kowalski - Nowak")
    page.fill("#case-ew-number", "3")
    page.fill("#case-ew-names", "Smith - Jones")
    page.click("#form-case button[type=submit]")
    page.wait_for_url(re.compile(r"/cases/\d+"))
    case_url = page.url.split("?")[0]
    facts = _words(page.inner_text("#case-facts"))
    assert f"{t('sheet_table')} 7" in facts

    # Amend the table number: 7 -> 8, with the reason; the history keeps both
    page.fill("#a-table", "8")
    page.fill("#a-reason", "Wrong table typed")
    page.click("#form-amend button[type=submit]")
    page.wait_for_selector("#history tr[data-action=amended]")
    assert f"{t('sheet_table')} 8" in _words(page.inner_text("#case-facts"))
    assert f"{t('fact_table')}: 7 \u2192 8" in page.inner_text("#history tr[data-action=amended]")
    assert "(Europe/Warsaw)" in page.inner_text("#history")  # the event's zone

    # Decide: the suggestion as prefilled
    assert page.input_value("#d-score") == "+50"
    page.click("#form-decision button[type=submit]")
    page.wait_for_selector("#decision-score")
    assert page.inner_text("#decision-score") == "4H W -1, NS +50 (64A2)"
    page.screenshot(path=str(SHOTS / f"flow-{lang}-2-decided.png"), full_page=True)

    # The committee varies it: 4H W =, NS -420; the event takes deposits, so it is asked
    page.click("#who button")
    _sign_in(page, url, tokens[COMMITTEE], case_url.removeprefix(url) + f"?lang={lang}", lang)
    page.wait_for_selector("#form-review")
    page.check("#r-vary")
    page.click("#form-review button[type=submit]")  # nothing else given: every problem at once
    page.wait_for_selector("#errors")
    assert t("errors_heading_reviews") in page.inner_text("#errors h2")
    for field in ("members", "reasons", "review_score_ns", "deposit"):
        assert page.locator(f"#err-{field}").is_visible(), field
    page.fill("#r-score", "-420")
    page.fill("#r-result", "4H W =")
    page.fill("#r-law", "64C1")
    page.fill("#r-members", "A. Wilson (chair)\nB. Nowak\nC. Petrov")
    page.fill("#r-reasons", "West was misled by the revoke into the club loser at trick 5 (64C1).")
    page.check("#r-deposit-returned")
    page.click("#form-review button[type=submit]")
    page.wait_for_selector(".review-outcome")
    assert page.inner_text("#case-status") == t("status_reviewed_vary")
    assert page.inner_text("#case-final") == "4H W =, NS -420 (64C1)"

    # The case sheet: the pairs with their names, the deadline, the signature line
    page.emulate_media(media="print")
    assert not page.locator("#form-amend").is_visible() and not page.locator("#history").is_visible()
    facts = _words(page.inner_text("#case-facts"))
    assert "12 (Kowalski - Nowak)" in facts and "3 (Smith - Jones)" in facts and "22:30" in facts
    assert page.locator("#case-signature").is_visible()
    page.set_viewport_size({"width": 703, "height": 1039})
    page.screenshot(path=str(SHOTS / f"flow-{lang}-3-case-sheet.png"), full_page=True)
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 1100, "height": 900})

    # Every case across events, for the committee: this one, varied, table 8
    page.goto(f"{url}/cases?lang={lang}&event={event}")
    row = page.locator("#all-cases tbody tr")
    assert row.count() == 1
    cells = [c.inner_text() for c in row.locator("td").all()]
    assert cells[2:5] == ["21", "3", "8"] and cells[7] == t("status_reviewed_vary")
    page.screenshot(path=str(SHOTS / f"flow-{lang}-4-every-case.png"), full_page=True)
    ctx.close()
    assert problems.found == []
