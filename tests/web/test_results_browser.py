"""The issue's done-when flow in a real browser (Debian's Chromium via Playwright, uvicorn on
127.0.0.1): the session's USEBIO results uploaded (through the API: the page's upload of results
files is another branch's), the board's traveller opened from the event page, a table's revoke
ruled with the contract and the table result prefilled from its line, and the adjusted score's
matchpoints against the rest of the traveller. Board 1 of Compscore3's mp_pairs_howell.xml
(../shared/data/club-files/usebio/abftech__cobalt): North-South's scores -400, -100, -50, -100,
-100, -100; pairs 5 v 2 played 4H by South, 8 tricks, lead the club ace."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.test_results_api import CLUB
from tests.browser import SHOTS, watched_page

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")]


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    with watched_page(browser) as pg:
        yield pg


def test_upload_usebio_open_the_traveller_rule_a_revoke_and_see_its_matchpoints(page: Any, server: str) -> None:
    with httpx.Client(base_url=server, timeout=60) as api:  # from 127.0.0.1: laptop mode
        r = api.post("/v1/events", json={"name": "Howell pairs", "date": "2022-07-26"})
        assert r.status_code == 201, r.text
        event_id = r.json()["id"]
        data = (CLUB / "usebio/abftech__cobalt/mp_pairs_howell.xml").read_bytes()
        r = api.post(f"/v1/events/{event_id}/results", files={"file": ("session.xml", data)})
        assert r.status_code == 200 and r.json()["lines"] == 161, r.text
    page.goto(f"{server}/events/{event_id}")
    page.click("tr[data-board='1'] a.traveller-link")
    page.locator("#traveller").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.locator("#traveller tbody tr").count() == 6
    # the program's matchpoints and the advisor's agree: pairs 5 v 2, -100, beats -400 and ties
    # three -100s: 2 + 3 = 5 of 10 (both columns)
    row = page.locator("#traveller tr[data-ns='5'][data-ew='2']")
    assert row.locator("td.program-mp").inner_text() == "5 / 5" and row.locator("td.advisor-mp").inner_text() == "5 / 5"
    page.screenshot(path=str(SHOTS / "traveller-1-board.png"), full_page=True)
    row.locator("a.rule-link").click()
    page.locator("#form-play").wait_for()
    assert page.input_value("#contract") == "4H" and page.input_value("#declarer") == "S"
    assert page.input_value("#table_result") == "8"
    assert "opening lead CA" in page.inner_text("#from-traveller")
    # the revoke as the director established it: East revoked at trick 5, won it, and East-West
    # won three tricks after: 64A1, two tricks to declarer: 10 tricks, 4H=, +420
    page.fill("#rf_trick", "5")
    page.select_option("#rf_offender", "E")
    page.select_option("#rf_won_by", "E")
    page.fill("#rf_after", "3")
    page.click("#form-play button[type=submit]")
    page.wait_for_selector("#suggested, #errors")
    page.screenshot(path=str(SHOTS / "traveller-2-ruling.png"), full_page=True)
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    assert "4H S =" in page.inner_text("#suggested")
    # +420 beats the other five North-South scores: 10 of 10, 100% / 0% (78A)
    scored = page.inner_text("#enter-scored")
    assert "100.00%" in scored and "0.00%" in scored
    assert page.inner_text("#scorer-assigned") == \
        "Enter as the table result: 4H by South, 10 tricks, North-South +420."
