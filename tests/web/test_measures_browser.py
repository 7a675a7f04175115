"""Issue 34 in a real browser (headless Chromium, Debian's, driven by Playwright; the app under
uvicorn in strict mode, ``ADVISOR_I18N_STRICT=1``: a text that fell back to English is marked
``⟦...⟧``): a director clicks the play of Sponvo30.pbn board 21 from the hand records, a revoke
at trick 3 that the record goes on past (to trick 9), gives the table result (8), and reads the
three measures of the likely result without the revoke and the one the ruling took, in English,
Polish, Russian and Greek; then he gives his own figure beside them and the ruling follows it.

The figures are worked by hand in tests/web/test_measures_page.py: the table's own play without
the revoke 9 (4H W -1, the ruling's measure: the record goes on past the revoke trick), the table
result plus what the revoke card changed 9 (4H W -1), double dummy from before the revoke 10
(4H W =); 4H W -1 to enter (64A2). With the director's 10, East-West would likely have taken 10,
more than the 9 they have after the transfer: 4H W = (64C1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from app.i18n import FALLBACK_OPEN, gettext
from tests.browser import SHOTS, PageProblems, served
from tests.helpers import SPONVO30_PLAY
from tests.web.test_browser import _click, _open_board_21

pytestmark = pytest.mark.slow

MEASURES = [("table_play", "9", "4H W -1"), ("swing", "9", "4H W -1"), ("double_dummy", "10", "4H W =")]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served({"ADVISOR_I18N_STRICT": "1"}) as url:
        yield url


def _rows(page: Any) -> list[tuple[str, str, str, str, bool]]:
    """The measures table as shown: (kind, name, tricks, result, used) per row."""
    out = []
    rows = page.locator("#measures tbody tr")
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.locator("th").evaluate("th => th.firstChild.textContent").strip()
        out.append((str(row.get_attribute("data-kind")), name, row.locator("td.tricks").inner_text().strip(),
                    row.locator("td.result").inner_text().strip(), "used" in (row.get_attribute("class") or "")))
    return out


def test_the_clicked_play_its_three_measures_in_four_languages_and_the_directors_figure(browser: Any, server: str,
                                                                                         tmp_path: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    problems = PageProblems(page)
    try:
        page.goto(f"{server}/?lang=en")
        _open_board_21(page, tmp_path, "measures")
        _click(page, SPONVO30_PLAY)  # the whole record: trick 3's D4 is the revoke, play goes on to trick 9
        assert page.locator("#trick-list mark.revoke").count() == 1
        assert page.locator("#likely").is_visible() and page.locator("#likely_reason").is_visible()  # beside the play
        page.fill("#table_result", "8")
        page.click("#form-play button[type=submit]")
        page.wait_for_selector("#suggested, #errors")
        assert page.locator("#errors").count() == 0, page.inner_text("#errors")

        for lang in ("en", "pl", "ru", "el"):
            if lang != "en":  # the language switch re-rules the same board in that language
                page.click(f"button[name=lang_pick][value={lang}]")
                page.wait_for_selector("#measures")
            assert page.locator("html").get_attribute("lang") == lang
            assert _rows(page) == [(kind, gettext(lang, f"measure_{kind}"), tricks, result, kind == "table_play")
                                   for kind, tricks, result in MEASURES]
            assert page.locator("#measures tr.used td.used").inner_text().strip() == gettext(lang, "measure_used")
            why = page.inner_text("#measure-why")
            assert why.startswith(gettext(lang, "measure_why_label")) and "3" in why
            assert "4H W -1" in page.inner_text("#suggested")
            assert FALLBACK_OPEN not in page.content(), lang  # every word of the page in the language
            page.screenshot(path=str(SHOTS / f"measures-{lang}.png"), full_page=True)

        # in Greek still: his own figure, 10 tricks, beside the measures; the ruling follows it
        page.fill("#likely", "10")
        page.fill("#likely_reason", "declarer draws trumps and ruffs the diamonds")
        page.click("#assumptions .buttons button[type=submit]")
        page.wait_for_selector("#measures")
        assert _rows(page)[-1] == ("director", gettext("el", "measure_director"), "10", "4H W =", True)
        assert [used for *_, used in _rows(page)] == [False, False, False, True]
        assert "declarer draws trumps and ruffs the diamonds" in page.inner_text("#measure-why")
        assert "4H W =" in page.inner_text("#suggested") and "64C1" in page.inner_text("#suggested")
        assert page.input_value("#likely") == "10"  # kept for the next ruling
        assert FALLBACK_OPEN not in page.content()
        page.screenshot(path=str(SHOTS / "measures-el-directors-figure.png"), full_page=True)
    finally:
        ctx.close()
    assert problems.found == [], problems.found
