"""Issue 38's page flow in a real browser (Debian's Chromium via Playwright, uvicorn on 127.0.0.1),
in all four languages: the ABF Compscore3 Howell uploaded on the page, "Adjusted score (other
laws)" opened from board 1's traveller line of pairs 3 v 11 (5C by West made, North led the ♥2:
the form prefilled from the line), three alternatives typed in the language's own contract words,
weights 50/30/20, and the evidence side by side with the weighted score on the field. The figures
are the route's tests' (tests/api/test_alternatives.py), worked there by hand and by a direct
double-dummy solve: 4H by South, four other tables made eight tricks (4H S -2, -100); 5CX by West
with the table's ♥2 lead makes 11 double dummy (-550); 3NT by East over every lead. Weights that do
not sum to 100% are said beside the weights, in the page's language."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from tests.api.test_alternatives import BOARD_1, HOWELL, direct_dd
from tests.browser import SHOTS, PageProblems

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")]

HEARTS = {"en": "4♥", "pl": "4 kiery", "ru": "4 червы", "el": "4 κούπες"}
"""4H as a director types it in each language (engine.model.contract_text)."""
SAID = {"en": ("Weighted score on the field", "8 tricks ×4", "Weights"),
        "pl": ("Wynik ważony na tle pola", "8 lew ×4", "Wagi"),
        "ru": ("Взвешенный результат по полю", "8 взяток ×4", "Веса"),
        "el": ("Σταθμισμένη βαθμολογία στο πεδίο", "8 λεβέ ×4", "Βάρη")}


def test_the_alternatives_from_a_traveller_line_in_four_languages(browser: Any, server: str) -> None:
    nt = direct_dd(BOARD_1, "NT", "E")
    ns = Fraction(1, 2) * 4 + Fraction(1, 5) * Fraction(Counter(nt.values())[6], 13) * 10  # the route test's working
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)
    page.goto(f"{server}/?lang=en")
    page.set_input_files("#file", str(HOWELL))
    page.click("#form-upload button[type=submit]")
    page.locator("tr[data-board='1'] a.traveller-link").click()
    page.wait_for_url(re.compile(r"/events/\d+/boards/1/traveller"))
    traveller = page.url.split("?")[0]
    for lang, (title, room, weights) in SAID.items():
        page.goto(f"{traveller}?lang={lang}")
        page.locator("#traveller tr[data-ns='3'][data-ew='11'] a.alternatives-link").click()
        page.locator("#form-alternatives").wait_for()
        assert [page.input_value(f"#alt-{k}") for k in ("contract", "declarer", "tricks", "lead")] == \
            ["5C", "W", "11", "H2"]
        assert page.locator("#alt-rows-table tbody tr").count() == 4
        page.select_option("#alt-law-select", "40B")
        for row, (contract, declarer) in enumerate([(HEARTS[lang], "S"), ("5CX", "W"), ("3NT", "E")]):
            page.fill(f"#a{row}_contract", contract)
            page.select_option(f"#a{row}_declarer", declarer)
        page.fill("#a0_weight", "50%")
        page.fill("#a1_weight", "30%")
        page.fill("#a2_weight", "10%")  # 90% in all: said beside the weights
        page.click("#alt-submit")
        page.locator("#err-weights").wait_for()
        said = page.inner_text("#err-weights")
        assert said.startswith(weights) and "9/10" in said, (lang, said)
        assert page.input_value("#a0_contract") == HEARTS[lang]  # what was typed stays
        page.fill("#a2_weight", "20%")
        page.click("#alt-submit")
        page.locator("#alt-answer").wait_for()
        assert page.inner_text("#h-alt-weighted") == title
        cards = page.locator("#alt-evidence .alt-card")
        assert cards.count() == 3
        hearts, clubs, notrump = (cards.nth(i) for i in range(3))
        assert hearts.locator(".room-count").inner_text() == room
        assert hearts.locator(".rule").get_attribute("data-rule") == "room_contract"
        assert clubs.locator(".dd-table-lead").inner_text() == str(direct_dd(BOARD_1, "C", "W")["H2"]) == "11"
        assert notrump.locator(".dd-range").inner_text() == f"{min(nt.values())}–{max(nt.values())}"
        assert "-550" in clubs.locator(".alt-outcomes").inner_text()
        assert page.inner_text("#alt-ns").startswith(f"{float(ns):.2f}")
        assert page.inner_text("#alt-ew").startswith(f"{10 - float(ns):.2f}")
        # side by side: the three cards on one row at this width
        tops = {round(cards.nth(i).bounding_box()["y"]) for i in range(3)}
        assert len(tops) == 1, tops
        assert [page.input_value(f"#a{r}_weight") for r in range(3)] == ["50%", "30%", "20%"]
        if lang == "pl":
            page.screenshot(path=str(SHOTS / "alternatives-pl.png"), full_page=True)
    ctx.close()
    assert problems.found == [], problems.found


def test_a_pasted_deal_with_no_traveller_in_four_languages(browser: Any, server: str) -> None:
    # The deal box: board 1 of the Howell pasted (dealer N, nobody vulnerable), 5C W made on the ♥2,
    # the alternative 5CX by West: 11 tricks double dummy with the table's lead, 5CX W = -550 (Law 77
    # by hand: 5 x 20 x 2 = 200, + 300 game + 50 insult). The deal with one card short is said beside
    # the box, in the page's language; with no traveller the room says so.
    from app.i18n import gettext

    short = BOARD_1.rsplit(".", 1)[0] + ".AKT987"
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)
    for lang in ("en", "pl", "ru", "el"):
        page.goto(f"{server}/alternatives?lang={lang}")
        page.fill("#alt-deal-text", short)
        page.select_option("#alt-dealer", "N")
        page.select_option("#alt-vulnerable", "None")
        page.fill("#alt-contract", "5C")
        page.select_option("#alt-declarer", "W")
        page.fill("#alt-tricks", "11")
        page.fill("#alt-lead", "H2")
        page.fill("#a0_contract", "5CX")
        page.select_option("#a0_declarer", "W")
        page.click("#alt-submit")
        page.locator("#err-deal").wait_for()
        said = page.inner_text("#err-deal")
        assert said.lower().startswith(gettext(lang, "alt_where_deal").lower()), (lang, said)
        page.fill("#alt-deal-text", BOARD_1)
        page.click("#alt-submit")
        page.locator("#alt-answer").wait_for()
        assert page.inner_text("#alt-no-traveller") == gettext(lang, "alt_no_traveller")
        card = page.locator("#alt-evidence .alt-card").nth(0)
        assert card.locator(".dd-table-lead").inner_text() == str(direct_dd(BOARD_1, "C", "W")["H2"]) == "11"
        assert card.locator(".room").inner_text() == gettext(lang, "alt_room_no_traveller")
        assert "-550" in card.locator(".alt-outcomes").inner_text()
        if lang == "el":
            page.screenshot(path=str(SHOTS / "alternatives-deal-el.png"), full_page=True)
    ctx.close()
    assert problems.found == [], problems.found
