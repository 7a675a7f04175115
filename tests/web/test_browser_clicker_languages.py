"""The play page's card clicker in each language, in a real browser (headless Chromium,
tests/browser.py): a card entered out of turn is refused with a sentence whose seats are said in
the case the language's sentence asks for (``{seat:gen}``: app/i18n/seats.py, filled by app.js
from the catalogue's ``seat_<N|E|S|W>.<case>``), not the bare names. The expected sentences are
written out by hand. Board 21 of Sponvo30.pbn's hand records, 4H by West: North is on lead, and
the director types West's ♥A (its button is disabled out of turn)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import SHOTS

pytestmark = pytest.mark.slow

REFUSED = {
    "en": "♥A is in West's hand: it is North's turn.",
    "pl": "♥A jest w ręce W: teraz kolej N.",
    "ru": "♥A — в руке Запада, а сейчас ход Севера.",
    "el": "Το ♥A είναι στο χέρι της Δύσης· σειρά έχει ο Βορράς.",
}


def test_a_card_out_of_turn_is_refused_with_the_seats_declined(page: Any, tmp_path: Any) -> None:
    from tests.helpers import hand_records_only

    deals = tmp_path / "Sponvo30-deals.pbn"
    deals.write_text(hand_records_only(), encoding="utf-8")
    page.set_input_files("#file", str(deals))
    page.click("#form-upload button[type=submit]")
    page.click("button[aria-label='Enter the play of board 21']")
    page.locator("#clicker").wait_for(state="visible")
    play_url = page.url.split("?")[0]
    for lang, said in REFUSED.items():
        page.goto(f"{play_url}?lang={lang}")
        page.locator("#clicker").wait_for(state="visible")  # app.js (deferred) has wired the table
        page.fill("#contract", "4H")
        page.select_option("#declarer", "W")
        page.fill("#card-input", "ha")  # a card out of turn has its button disabled: typed
        page.press("#card-input", "Enter")
        assert page.inner_text("#clicker-msg") == said, lang
        assert page.input_value("#play") == "" and page.input_value("#card-input") == "ha"  # refused, kept
        page.screenshot(path=str(SHOTS / f"clicker-not-turn-{lang}.png"))
