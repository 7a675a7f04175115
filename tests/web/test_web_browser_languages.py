"""The director's page in every language in a real browser (headless Chromium, tests/browser.py):
for every language with a catalogue folder but English, the ruling of a revoke board (Sponvo30.pbn
board 21, closed room: South's revoke in trick 3) and its print sheet, with the app in strict
mode (``ADVISOR_I18N_STRICT=1``: a text that fell back to English is marked ``⟦...⟧``). The page's
heading and the sheet's are in that language, no text is marked, and the language chosen on the
form is kept by the ruling and by the next visit. Screenshots: ``tests/.screenshots/``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.i18n import FALLBACK_CLOSE, FALLBACK_OPEN, gettext, languages
from tests.browser import SHOTS, PageProblems, served
from tests.web.test_web_languages import sponvo_board_21

pytestmark = pytest.mark.slow
OTHERS = [code for code in languages() if code != "en"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served({"ADVISOR_I18N_STRICT": "1"}) as url:
        yield url


def _marked(text: str) -> list[str]:
    """The texts strict mode marked as fallen back to English."""
    out, rest = [], text
    while FALLBACK_OPEN in rest:
        rest = rest[rest.index(FALLBACK_OPEN) + 1:]
        out.append(rest.split(FALLBACK_CLOSE, 1)[0][:120])
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_a_revoke_ruling_and_its_print_sheet_in_each_language(browser, server, lang):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)
    try:
        page.goto(f"{server}/?lang={lang}")  # the director picks the language: kept in a cookie
        assert page.locator("html").get_attribute("lang") == lang
        page.fill("#pbn", sponvo_board_21())
        page.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
        page.click("#form-paste button[type=submit]")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("td.revoke").get_attribute("data-card") == "D4"  # replayed, the revoke marked
        # the heading: "Ruling: board 21, room Closed" in the language's own words
        heading = page.inner_text("h1.no-print")
        label = gettext(lang, "label_board_room", board="21", room="Closed")
        assert heading == f"{gettext(lang, 'ruling_title')}: {label}"
        assert _marked(page.inner_text("body")) == []
        assert _marked(page.content()) == []  # nor in a title, a label or an attribute
        page.screenshot(path=str(SHOTS / f"lang-{lang}-ruling.png"), full_page=True)

        page.emulate_media(media="print")
        assert page.locator(".sheet-head").is_visible() and not page.locator("#assumptions").is_visible()
        assert page.inner_text(".sheet-head h1") == gettext(lang, "sheet_title")
        assert _marked(page.inner_text("body")) == []
        page.screenshot(path=str(SHOTS / f"lang-{lang}-ruling-print.png"), full_page=True)

        page.emulate_media(media="screen")
        page.goto(f"{server}/")  # no ?lang=: the cookie keeps the choice
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator(f'nav.langs [aria-current="true"][lang="{lang}"]').count() == 1
    finally:
        ctx.close()
    assert problems.found == [], problems.found


@pytest.mark.parametrize("lang", OTHERS)
def test_the_switcher_of_a_ruling_re_rules_in_the_language_and_keeps_it(browser, server, lang):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/")
        page.fill("#pbn", sponvo_board_21())
        page.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
        page.click("#form-paste button[type=submit]")
        assert page.locator("html").get_attribute("lang") == "en"
        page.click(f"button[name=lang_pick][value={lang}]")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("td.revoke").get_attribute("data-card") == "D4"  # the same board, re-ruled
        assert _marked(page.content()) == []
        page.goto(f"{server}/")
        assert page.locator("html").get_attribute("lang") == lang
    finally:
        ctx.close()


def test_a_browser_asking_for_a_language_gets_it_without_choosing(browser, server):
    lang = OTHERS[0] if OTHERS else "en"
    ctx = browser.new_context(locale=lang)  # Chromium sends Accept-Language from its locale
    try:
        page = ctx.new_page()
        page.goto(f"{server}/")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.inner_text("a.brand") == gettext(lang, "title")
    finally:
        ctx.close()
