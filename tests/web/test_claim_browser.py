"""Issue 33's done-when for the page, in a real browser (Debian's Chromium via Playwright, uvicorn on
127.0.0.1), in all four languages: the session's USEBIO results uploaded on the page, a claim
opened from the board's traveller line (contract, declarer, claimer and opening lead prefilled),
the statement entered with the buttons in an order, one step moved, the claim ruled, and the
ruling showing the stated line in words in the order entered, never a code.

Board 1 of Compscore3's mp_pairs_howell.xml (../shared/data/club-files/usebio/abftech__cobalt):
pairs 5 v 2 played 4H by South, lead the club ace (tests/web/test_results_page.py reads the line).
The play entered: eight tricks (CA C5 C2 C6, SA S9 S2 S6, CK C4 CJ CQ, SK S8 S3 S7, CT D2 S4 H4,
HA H3 H2 H8, HK C3 H6 HT, DQ D9 D3 D5), South on lead with D4 HQ HJ H5 SQ opposite North's DA DJ
DT H9 H7, no trump out; South claims four, giving up a diamond."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.api.test_results_api import CLUB
from tests.browser import SHOTS, PageProblems

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")]

PLAY = ("CA C5 C2 C6 SA S9 S2 S6 CK C4 CJ CQ SK S8 S3 S7 CT D2 S4 H4 HA H3 H2 H8 HK C3 H6 HT DQ D9 D3 D5")
SIDE = ["\u2660Q", "\u2665Q", "\u2665J", "\u26659", "\u26657", "\u26655", "\u2666A", "\u2666J", "\u266610",
        "\u26664"]  # the claiming side's cards left: South's and North's
# the steps pressed: draw trumps, lead the ♠Q, give up a diamond; then "give up" moved up one
PRESSED = {
    "en": ["Draw trumps", "Lead the ♠Q", "Give up a trick in diamonds"],
    "pl": ["Ściągnąć atuty", "Zagrać ♠Q", "Oddać lewę w karach"],
    "ru": ["Снять козыри", "Сыграть ♠Q", "Отдать взятку в бубнах"],
    "el": ["Μαζεύω τα ατού", "Παίζω το ♠Q", "Δίνω μια λεβέ στα καρό"],
}
_CODE = re.compile(r"[a-z]+_[a-z_]+|suit:|\b[SHDC](?:10|[2-9TJQKA]):[NESW]\b|careless_|unaware_trump|draw_trumps|"
                   r"\b[SHDC](?:10|[2-9TJQKA])\b")


def _steps(page: Any, selector: str) -> list[str]:
    return [t.strip() for t in page.locator(selector).all_inner_texts()]


def test_a_claim_from_a_traveller_line_with_the_statement_by_buttons_in_four_languages(browser: Any,
                                                                                       server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)
    page.goto(f"{server}/?lang=en")
    page.set_input_files("#file", str(CLUB / "usebio/abftech__cobalt/mp_pairs_howell.xml"))
    page.click("#form-upload button[type=submit]")
    page.locator("tr[data-board='1'] a.traveller-link").click()
    page.wait_for_url(re.compile(r"/events/\d+/boards/1/traveller"))
    traveller = page.url.split("?")[0]
    for lang, pressed in PRESSED.items():
        page.goto(f"{traveller}?lang={lang}")
        page.locator("#traveller tr[data-ns='5'][data-ew='2'] a.claim-link").click()
        page.locator("#step-builder").wait_for(state="visible")  # the script wired the statement
        assert page.input_value("#cl-contract") == "4H" and page.input_value("#cl-declarer") == "S"
        assert page.input_value("#cl-by") == "S" and page.input_value("#cl-play") == "CA"
        assert page.locator("#from-traveller").is_visible() and not page.locator("#cl-st-steps").is_visible()
        if lang == "en":  # the claimer follows the declarer until the director picks him
            page.select_option("#cl-declarer", "E")
            assert page.input_value("#cl-by") == "E"
            page.select_option("#cl-declarer", "S")
            page.select_option("#cl-by", "N")
            page.select_option("#cl-declarer", "W")
            assert page.input_value("#cl-by") == "N"
            page.select_option("#cl-declarer", "S")
            page.select_option("#cl-by", "S")
        page.fill("#cl-play", PLAY)
        page.fill("#cl-tricks", "4")
        # the card select: the claiming side's cards still held, after the play entered
        cards = [o.split(" ")[0] for o in page.locator("#ph-card option").all_inner_texts()[1:]]
        assert sorted(cards) == sorted(SIDE)
        page.click("button[data-add=draw_trumps]")
        page.select_option("#ph-card", "SQ")
        page.click("button[data-add=lead]")
        page.select_option("#ph-suit", "D")
        page.click("button[data-add=concede]")
        assert _steps(page, "#steps-list .step-words") == pressed
        listed = page.inner_text("#steps-list")  # the steps and their buttons, in words
        assert not _CODE.search(listed), (lang, listed)
        assert page.input_value("#cl-st-steps") == "draw trumps\nlead SQ\nconcede D"
        page.locator("#steps-list li").nth(2).locator("button[data-move=up]").focus()
        page.keyboard.press("Enter")  # by the keyboard: "give up a diamond" before the lead of the ♠Q
        moved = [pressed[0], pressed[2], pressed[1]]
        assert _steps(page, "#steps-list .step-words") == moved
        assert page.input_value("#cl-st-steps") == "draw trumps\nconcede D\nlead SQ"
        page.click("#claim-rule")
        page.locator("#claim-answer").wait_for()
        assert _steps(page, "#stated-steps li") == moved
        assert _steps(page, "#steps-list .step-words") == moved  # the form keeps the list for a re-rule
        shown = " ".join(page.locator(s).inner_text() for s in ("#claim-answer", "#doubtful-points", "#worst-line",
                                                                 "#stated-line", "#claim-steps", "#from-traveller"))
        assert not _CODE.search(shown), (lang, _CODE.search(shown))
        assert "4H S" in page.inner_text("#claim-result")
        if lang == "pl":
            page.screenshot(path=str(SHOTS / "claim-from-traveller-pl.png"), full_page=True)
    ctx.close()
    assert problems.found == [], problems.found
