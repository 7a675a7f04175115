"""The director's page in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright; no browser is downloaded) against the app served by uvicorn on 127.0.0.1.

Screenshots go to ``tests/.screenshots/`` (ignored by git). ``.ci/run`` installs Chromium;
where it cannot be installed the tests are skipped with the reason (shown by ``pytest -rs``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers import DATA
from tests.test_web import sponvo_board_21

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(__file__).parent / ".screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    env = {**os.environ, "ADVISOR_DD_WORKERS": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(15)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian packages chromium and chromium-driver; .ci/run installs "
                    "them when it can)")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    pg.goto(f"{server}/")
    yield pg
    ctx.close()


def test_paste_a_record_and_get_the_ruling_then_polish_claim_and_print(page):
    page.fill("#pbn", sponvo_board_21())
    page.click("#form-paste button[type=submit]")
    revoke = page.locator("td.revoke")
    assert revoke.count() == 1 and revoke.get_attribute("data-card") == "D4"
    assert revoke.is_visible()
    assert "4H W -1" in page.inner_text("#suggested") and "+50" in page.inner_text("#suggested")
    assert page.locator("svg.dd-chart circle.dd-revoke").count() == 1
    page.screenshot(path=str(SHOTS / "ruling-en.png"), full_page=True)

    page.click("button[name=lang][value=pl]")  # the language switch re-rules the same board
    assert page.locator("html").get_attribute("lang") == "pl"
    assert "uprawomocniony" in page.inner_text("table.revokes")
    assert "Fałszywy renons w lewie 3" in page.inner_text("ol.steps")

    page.fill("#claim", "2")  # the claim gave the declarer's side 2 of the 4 tricks not played
    page.click("#assumptions button[type=submit]")
    assert "4H W -2" in page.inner_text("#suggested") and "+100" in page.inner_text("#suggested")

    page.emulate_media(media="print")
    assert not page.locator("#assumptions").is_visible()
    assert page.locator(".sheet-head").is_visible() and page.locator(".version").is_visible()
    page.screenshot(path=str(SHOTS / "ruling-pl-print.png"), full_page=True)


def test_upload_a_file_and_pick_a_board(page):
    page.set_input_files("#file", str(DATA / "1998-World_Bridge_Championships" / "FINAL2.PBN"))
    page.click("#form-upload button[type=submit]")
    page.click("button[aria-label='Rule on board 4 Open']")
    assert page.locator("td.revoke").get_attribute("data-card") == "H3"  # North's H3 on a spade, trick 5
    assert "NS +100" in page.inner_text("dl.results") or "+100" in page.inner_text("#suggested")
    page.screenshot(path=str(SHOTS / "upload-pick.png"), full_page=True)


def test_bad_input_shows_a_clear_message(page):
    page.fill("#pbn", "[Deal \"N:AKQ\"]")
    page.click("#form-paste button[type=submit]")
    alert = page.locator("[role=alert]")
    assert alert.is_visible() and "pbn" in alert.inner_text()
    assert page.locator("#pbn").input_value() == "[Deal \"N:AKQ\"]"  # the input is kept for correction


def test_incorrect_number_of_cards_form(page):
    case = json.loads((Path(__file__).parent / "cases" / "incorrect_cards_14_12.json").read_text())
    for seat, hand in case["hands"].items():
        page.fill(f"#hand-{seat}", hand)
    page.fill("#hand_record", case["hand_record"])
    page.select_option("#c-vulnerable", "NS")
    page.fill("#c-contract", "4H")
    page.select_option("#c-declarer", "W")
    page.fill("#c-tricks", "10")
    page.click("#form-cards button[type=submit]")
    text = page.inner_text("#suggested")
    assert "assigned adjusted score" in text and "4H W -1" in text and "+50" in text


def test_the_page_is_usable_at_phone_width(browser, server):
    ctx = browser.new_context(viewport={"width": 380, "height": 800})
    pg = ctx.new_page()
    pg.goto(f"{server}/")
    pg.fill("#pbn", sponvo_board_21())
    pg.keyboard.press("Tab")  # keyboard: from the textarea on to the next control
    pg.click("#form-paste button[type=submit]")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 380  # no sideways scrolling of the page
    pg.screenshot(path=str(SHOTS / "ruling-phone.png"), full_page=True)
    ctx.close()


def test_the_ruling_sheet_prints_on_one_a4_page_with_its_fields(page):
    # Sponvo30.pbn board 21: measured 3 pages before the print layout (issue 13); one page now
    page.fill("#pbn", sponvo_board_21())
    page.click("#form-paste button[type=submit]")
    page.fill("#sheet_event", "Generali Euro Team Champs 1997")
    page.fill("#sheet_table", "7")
    page.click("#assumptions button[type=submit]")
    page.emulate_media(media="print")
    fields = page.locator(".sheet-fields")
    assert fields.is_visible()
    text = fields.inner_text()
    for word in ("Board", "board 21, room Closed", "Event", "Generali Euro Team Champs 1997", "Date", "Table",
                 "Round", "Director"):
        assert word in text
    assert page.locator(".sheet-fields dd.blank").count() == 3  # date, round, director: lines to write on
    assert page.locator("#suggested").is_visible() and not page.locator("#assumptions").is_visible()
    page.screenshot(path=str(SHOTS / "ruling-sheet-print.png"), full_page=True)
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


def test_the_language_switch_looks_the_same_on_the_form_and_on_the_ruling(page):
    def box() -> tuple[float, float]:
        b = page.locator(".langs [lang=pl]").bounding_box()
        assert b is not None
        return round(b["y"]), round(b["height"])

    on_index = box()  # a link on the index page
    page.fill("#pbn", sponvo_board_21())
    page.click("#form-paste button[type=submit]")
    assert page.locator(".langs button[lang=pl]").count() == 1  # a form button on the ruling page
    assert box() == on_index
