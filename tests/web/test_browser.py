"""The director's page in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright; no browser is downloaded) against the app served by uvicorn on 127.0.0.1.

Screenshots go to ``tests/.screenshots/`` (ignored by git). ``.ci/run`` installs Chromium;
where it cannot be installed the tests are skipped with the reason (shown by ``pytest -rs``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import SHOTS, PageProblems, open_play_entry, upload_hand_records
from tests.helpers import DATA, SPONVO30_PLAY
from tests.web.test_web import sponvo_board_21

pytestmark = pytest.mark.slow




def test_paste_a_record_and_get_the_ruling_then_polish_claim_and_print(page):
    page.fill("#pbn", sponvo_board_21())
    page.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
    page.click("#form-paste button[type=submit]")
    page.locator("#suggested").wait_for()  # the ruling page has loaded (a busy machine may lag the click)
    revoke = page.locator("td.revoke")
    assert revoke.count() == 1 and revoke.get_attribute("data-card") == "D4"
    assert revoke.is_visible()
    assert "4H W -1" in page.inner_text("#suggested") and "+50" in page.inner_text("#suggested")
    assert page.locator("svg.dd-chart circle.dd-revoke").count() == 1
    page.screenshot(path=str(SHOTS / "ruling-en.png"), full_page=True)

    page.click("button[name=lang_pick][value=pl]")  # the language switch re-rules the same board
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
    page.locator("[role=alert]").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    alert = page.locator("[role=alert]")
    assert alert.is_visible() and "PBN text" in alert.inner_text()  # the field in words, not `pbn`
    assert page.locator("#pbn").input_value() == "[Deal \"N:AKQ\"]"  # the input is kept for correction


def test_incorrect_number_of_cards_form(page):
    case = json.loads((Path(__file__).parent.parent / "cases" / "incorrect_cards_14_12.json").read_text())
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
    problems = PageProblems(pg)
    pg.goto(f"{server}/")
    pg.fill("#pbn", sponvo_board_21())
    pg.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
    pg.keyboard.press("Tab")  # keyboard: from the textarea on to the next control
    with pg.expect_navigation():  # the form posts to /ruling: measure the ruling page, not the one leaving
        pg.click("#form-paste button[type=submit]")
    assert pg.evaluate("document.documentElement.scrollWidth") <= 380  # no sideways scrolling of the page
    pg.screenshot(path=str(SHOTS / "ruling-phone.png"), full_page=True)
    ctx.close()
    assert problems.found == []


# --- issue 13: the director at the table, from the hand records to a ruling ------------------------

def _open_board_21(page: Any, tmp_path: Path, shot: str) -> None:
    """Upload a hand-record file (deals only, made from Sponvo30.pbn), pick board 21, give 4H by West."""
    upload_hand_records(page, tmp_path)
    assert page.locator("table.boards tbody tr").count() == 24
    page.screenshot(path=str(SHOTS / f"{shot}-1-boards.png"), full_page=True)
    page.click("button[aria-label='Enter the play of board 21']")
    page.locator("#clicker").wait_for(state="visible")  # app.js (deferred) has wired the table
    assert not page.locator("#record-diagram").is_visible()
    page.fill("#contract", "4H")
    page.select_option("#declarer", "W")
    assert page.inner_text("#turn") == "North to lead to trick 1."  # declarer's left-hand opponent


def _click(page: Any, cards: list[str]) -> None:
    for card in cards:
        page.click(f"#clicker button[data-card={card}]")


def _rule(page: Any, shot: str) -> str:
    page.fill("#table_result", "8")
    page.click("#form-play button[type=submit]")
    page.wait_for_selector("#suggested, #errors")
    page.screenshot(path=str(SHOTS / f"{shot}-9-ruling.png"), full_page=True)
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    return str(page.inner_text("#suggested"))


def test_from_the_hand_records_click_the_play_and_get_the_ruling(page, tmp_path):
    _open_board_21(page, tmp_path, "table-a")
    page.screenshot(path=str(SHOTS / "table-a-2-play-page.png"))
    _click(page, SPONVO30_PLAY[:11])  # to South's card at trick 3: HK S2 D3 led, South to play
    assert page.locator("#trick-list mark.revoke").count() == 0
    _click(page, ["D4"])  # a diamond on a heart while holding H987: accepted, and marked at once
    revoke = page.locator("#trick-list mark.revoke")
    assert revoke.count() == 1 and revoke.get_attribute("data-card") == "D4" and "revoke" in revoke.inner_text().lower()
    assert "did not follow suit" in page.inner_text("#clicker-msg")
    assert page.inner_text("#turn") == "West to lead to trick 4."  # West's HK won trick 3
    page.screenshot(path=str(SHOTS / "table-a-3-revoke-marked.png"))
    page.click("#undo")  # undo gives South the D4 back
    assert page.locator("#trick-list mark.revoke").count() == 0
    assert page.locator("#clicker button[data-card=D4]").is_visible() and "South" in page.inner_text("#turn")
    _click(page, ["D4", *SPONVO30_PLAY[12:]])
    assert page.locator("#clicker button.card-btn:visible").count() == 52 - 36
    lines = page.input_value("#play").splitlines()
    assert len(lines) == 9 and lines[2] == "HK S2 D3 D4"  # the text field the form submits
    assert page.locator("#trick-list tr").count() == 9
    page.screenshot(path=str(SHOTS / "table-a-4-nine-tricks.png"), full_page=True)
    text = _rule(page, "table-a")
    assert "4H W -1" in text and "+50" in text and "64A2" in text
    assert page.locator("td.revoke").get_attribute("data-card") == "D4"


def test_the_play_stopped_after_trick_4_and_the_table_result(page, tmp_path):
    _open_board_21(page, tmp_path, "table-b")
    _click(page, SPONVO30_PLAY[:16])
    assert page.input_value("#play").count("\n") == 3  # four tricks, one a line
    text = _rule(page, "table-b")
    assert "4H W -1" in text and "+50" in text
    assert page.locator("table.tricks tbody tr").count() == 4


def test_facts_only_without_the_play(page, tmp_path):
    _open_board_21(page, tmp_path, "table-c")
    # trick 3, South revoked, West won it; West won tricks 1-3, so all 5 of NS's tricks (13 - 8) came later
    page.fill("#rf_trick", "3")
    page.select_option("#rf_offender", "S")
    page.select_option("#rf_won_by", "W")
    page.fill("#rf_after", "5")
    text = _rule(page, "table-c")
    assert "4H W -1" in text and "+50" in text and "64A2" in text
    assert page.locator("table.tricks").count() == 0 and page.locator("svg.dd-chart").count() == 0
    assert "not checked double dummy" in page.inner_text("main")
    assert "1" in page.locator("table.revokes tbody tr td").nth(5).inner_text()  # one trick transferred


def test_keyboard_entry_of_cards(page, tmp_path):
    _open_board_21(page, tmp_path, "table-k")
    page.fill("#card-input", "ha")
    page.press("#card-input", "Enter")  # West's card, but North is on lead: refused, kept in the box
    assert "North's turn" in page.inner_text("#clicker-msg") or "it is North" in page.inner_text("#clicker-msg")
    assert page.input_value("#card-input") == "ha"
    for typed in ("cj", "C3", "2c", "\u2663K", "ha", "\u26656", "hJ", "h2"):
        page.fill("#card-input", typed)
        page.press("#card-input", "Enter")
        assert page.input_value("#card-input") == ""
    assert page.input_value("#play") == "CJ C3 C2 CK\nHA H6 HJ H2"
    assert page.url.endswith("/play?lang=en")  # Enter played the card; it did not submit the form
    page.screenshot(path=str(SHOTS / "table-k-keyboard.png"))


def test_the_play_page_at_phone_width(browser, server, tmp_path):
    ctx = browser.new_context(viewport={"width": 380, "height": 800})
    pg = ctx.new_page()
    problems = PageProblems(pg)
    pg.goto(f"{server}/")
    open_play_entry(pg, tmp_path, 21)
    pg.fill("#contract", "4H")
    pg.select_option("#declarer", "W")
    _click(pg, SPONVO30_PLAY[:4])
    assert pg.evaluate("document.documentElement.scrollWidth") <= 380
    pg.screenshot(path=str(SHOTS / "table-phone.png"), full_page=True)
    ctx.close()
    assert problems.found == []


def test_the_ruling_sheet_prints_on_one_a4_page_with_its_fields(page):
    # Sponvo30.pbn board 21: measured 3 pages before the print layout (issue 13); one page now
    page.fill("#pbn", sponvo_board_21())
    page.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
    page.click("#form-paste button[type=submit]")
    page.fill("#sheet_event", "Generali Euro Team Champs 1997")
    page.fill("#sheet_table", "7")
    page.click("#assumptions button[type=submit]")
    page.wait_for_load_state()  # the re-ruled page has loaded (a busy machine may lag the click)
    page.emulate_media(media="print")
    fields = page.locator(".sheet-fields")
    assert fields.is_visible()
    text = fields.inner_text()
    for word in ("Board", "board 21, room Closed", "Event", "Generali Euro Team Champs 1997", "Date", "Table",
                 "Round", "Director"):
        assert word in text
    assert page.locator(".sheet-fields dd.blank").count() == 5  # date, round, director, the two pairs: lines to write on
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
    page.check("#rest_dd")  # the record stops at trick 9: a claim whose figure is not known
    page.click("#form-paste button[type=submit]")
    page.locator("#suggested").wait_for()  # the ruling page has loaded (a busy machine may lag the click)
    assert page.locator(".langs button[lang=pl]").count() == 1  # a form button on the ruling page
    assert box() == on_index


# --- issue 25, items 4 and 5: the upload asks the event; the board list leads on; the contract box ----

def test_upload_asks_the_event_prefilled_from_the_file_and_the_board_list_leads_on(page, tmp_path):
    import uuid

    from tests.helpers import hand_records_only

    deals = tmp_path / "spring.pbn"  # bytes no other test uploads: a new event, not one offered again
    deals.write_text(f'% {uuid.uuid4()}\n[Event "Spring pairs"]\n[Date "2026.03.14"]\n{hand_records_only()}',
                     encoding="utf-8")
    page.set_input_files("#file", str(deals))
    page.wait_for_function("document.getElementById('event_date').value !== ''")
    assert (page.input_value("#event_name"), page.input_value("#event_date")) == ("Spring pairs", "2026-03-14")
    page.fill("#event_session", "Evening")
    page.click("#form-upload button[type=submit]")
    page.locator("table.boards").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.locator("table.boards tbody tr").count() == 24
    assert "Stored as event" in page.inner_text("#stored-event") and "Spring pairs" in page.inner_text("#stored-event")
    assert "14 March 2026" in page.inner_text("#event-details") and "Evening" in page.inner_text("#event-details")
    page.screenshot(path=str(SHOTS / "upload-boards.png"), full_page=True)

    cards = page.get_attribute("tr[data-board='21'] a.cards-link", "href") or ""
    event_page = page.url.replace("/upload", cards.split("/boards/")[0])  # /events/<id>: the same board list
    page.click("tr[data-board='21'] a.cards-link")  # Laws 13/14 with the board's hand record filled
    assert page.input_value("#hand_record").startswith("N:")
    assert page.input_value("#c-vulnerable") == "NS"  # board 21: as board 5, North-South vulnerable (Law 2)
    page.goto(event_page)
    page.click("tr[data-board='21'] a.facts-link")
    page.locator("#facts-only").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.url.endswith("#facts-only") and page.locator("#facts-only").is_visible()

    page.locator("#clicker").wait_for(state="visible")
    page.fill("#contract", "4♥")  # as a director types it
    page.select_option("#declarer", "W")
    assert page.inner_text("#turn") == "North to lead to trick 1."  # declarer's left-hand opponent


def test_the_same_file_uploaded_again_offers_its_event(page, tmp_path):
    import uuid

    from tests.helpers import hand_records_only

    deals = tmp_path / "twice.pbn"
    deals.write_text(f"% {uuid.uuid4()}\n{hand_records_only()}", encoding="utf-8")
    page.set_input_files("#file", str(deals))
    page.click("#form-upload button[type=submit]")
    first = page.inner_text("#stored-event")
    page.goto(page.url.split("/upload")[0] + "/")
    page.set_input_files("#file", str(deals))
    page.click("#form-upload button[type=submit]")
    page.locator("#upload-seen").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.locator("#upload-seen").is_visible()
    # the same event, no second one; the page no longer says "Stored as event" for a file stored before (issue 37)
    event = re.search(r"Stored as event (\d+) ", first)
    assert event is not None
    assert page.get_attribute("#upload-seen-open", "href").startswith(f"/events/{event.group(1)}?")
    assert "No second event was made." in page.inner_text("#upload-seen")
    assert "Stored as" not in page.inner_text("#stored-event")


REFUSED = {
    "en": "♥A is in West's hand: it is North's turn.",
    "pl": "♥A jest w ręce W: teraz kolej N.",
    "ru": "♥A — в руке Запада, а сейчас ход Севера.",
    "el": "Το ♥A είναι στο χέρι της Δύσης· σειρά έχει ο Βορράς.",
}


def test_a_card_out_of_turn_is_refused_with_the_seats_declined(page: Any, tmp_path: Any) -> None:
    """The play page's card clicker in each language, in a real browser (headless Chromium,
    tests/browser.py): a card entered out of turn is refused with a sentence whose seats are said in
    the case the language's sentence asks for (``{seat:gen}``: app/i18n/seats.py, filled by app.js
    from the catalogue's ``seat_<N|E|S|W>.<case>``), not the bare names. The expected sentences are
    written out by hand. Board 21 of Sponvo30.pbn's hand records, 4H by West: North is on lead, and
    the director types West's ♥A (its button is disabled out of turn)."""
    open_play_entry(page, tmp_path, 21)
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
