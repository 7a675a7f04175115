"""The play page's contract box in Chromium (issue 37): the page's script reads the contract as
a Polish director types it, with the server's own words (``data-words``, engine/model/contract_text.py),
so the clicker starts on "4 kiery" as on "4H"; a letter naming two suits (Polish K: kier or karo)
starts nothing, and the server says why when the form is sent.

Board 21 of Sponvo30 with West declaring: North, declarer's left-hand opponent, leads to trick 1
(Law 54A: the opening lead is made by the player on declarer's left)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import upload_hand_records

pytestmark = pytest.mark.slow


def test_the_clicker_starts_on_the_polish_words_for_a_contract(page: Any, server: str, tmp_path: Path) -> None:
    upload_hand_records(page, tmp_path)
    page.click("button[aria-label='Enter the play of board 21']")
    page.locator("#clicker").wait_for(state="visible")
    page.goto(page.url.split("?")[0] + "?lang=pl")
    page.locator("#clicker").wait_for(state="visible")
    page.select_option("#declarer", "W")
    page.fill("#contract", "4H")
    started = page.inner_text("#turn")
    assert started != "Podaj kontrakt i rozgrywającego, aby zacząć."
    for typed in ("4 kiery", "4Kier", "4Ki", "4 KIERÓW kontra", "4♥"):
        page.fill("#contract", "")
        assert page.inner_text("#turn") == "Podaj kontrakt i rozgrywającego, aby zacząć.", typed
        page.fill("#contract", typed)
        assert page.inner_text("#turn") == started, typed
    page.fill("#contract", "4K")  # kier or karo: not guessed
    assert page.inner_text("#turn") == "Podaj kontrakt i rozgrywającego, aby zacząć."
