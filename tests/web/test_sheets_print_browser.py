"""One sheet on one A4 page (issue 37): the revoke ruling sheet, the case sheet, the claim sheet and
(issue 38) the case sheet of the alternatives of an adjusted score,
each ruled from a traveller line of a real club file in Polish (its pairs' names, the event and
its date printed on it), printed by Debian's Chromium (Playwright's ``page.pdf(format="A4")``,
the stylesheet's own ``@page`` margins, as the print dialog's "default" margins take them) is one
page, carries the line for the scorer ("Dla sędziego liczącego") and a double-dummy chart whose
labels are no smaller than 9 pt in print.

Pages are counted in the PDF's bytes: each page is one ``/Type /Page`` object (``/Type /Pages`` is
the page tree, not a page; pypdf is not a dependency). Board 1 of Compscore3's
``mp_pairs_howell.xml`` (USEBIO, ../shared/data/club-files): pairs 5 v 2, 4H by South, 8 tricks,
lead the club ace; East (J5432.T8.K865.J2) discarding the ♦5 on the third round of clubs while
holding the ♣J is the revoke.

The longest sheet: a revoke ruling with a full 13-trick play record, in Polish and in Greek (the
languages whose texts run longest). No record of the collection ends at trick 13 with a revoke in it,
so the one nearest is played out: board 6 of the 17th European Youth Team Championships (Antalya
2000, ``A1A11111.PBN``, open room), 6H by West, whose record stops after trick 12. North's ♦9 at
trick 6 (East led the ♠K; North held ♠T75) is the revoke (``^R`` in the file). The 13th trick is
forced, worked by hand from the deal and the twelve tricks: East won trick 12 with the ♣A and has
only the ♣9 left, South the ♣K, West the ♣Q, North the ♠T; in the record's columns (North first)
``ST C9 CK CQ``, won by South's ♣K.

Every sheet is also checked for what Chromium's print would hide: a sheet wider than the paper is
shrunk whole to fit (its page count then says nothing of its text's size), so none may be wider
than the paper, and no printed text is smaller than 8 pt."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.api.test_results_api import CLUB
from tests.browser import SHOTS, watched_page
from tests.helpers import DATA

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")]

SCORER = "Dla sędziego liczącego"
"""The line for the scorer in Polish (app/i18n/pl/page.json ``scorer_title``)."""
EVENT = "Turniej par na zapis maksymalny, piątek wieczór"
"""A long event name: the sheet's head must still fit."""


YOUTH = DATA / "2000-17th_European_Youth_Team_Championships" / "A1A11111.PBN"
"""The file of the 13-trick record (module docstring)."""
PAPER_PX = 703
"""A4's width less the stylesheet's margins (210 - 2 x 12 mm = 186 mm), in CSS px (96 an inch)."""


def played_out_board_6() -> str:
    """Board 6 of ``A1A11111.PBN`` (open room) as a director pastes it, its record played out to
    trick 13 (module docstring) and its ``#`` tags (the previous game's) written out."""
    text = YOUTH.read_text(encoding="latin-1")
    game = next(g for g in re.split(r"\n\s*\n(?=\[)", text) if '[Board "6"]' in g and '[Room "Open"]' in g)
    assert game.rstrip().endswith("CT CA CJ C8\n*"), "the record no longer stops after trick 12"
    return (game.rstrip().removesuffix("*") + "ST C9 CK CQ\n"
            ).replace('[Event "#"]', '[Event "17th European Youth Team Championships"]'
                      ).replace('[Site "#"]', '[Site "Antalya, Turkey TRK"]')


def pages(pdf: bytes) -> int:
    """The pages of a PDF: its ``/Type /Page`` objects (not the ``/Type /Pages`` tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    with watched_page(browser) as pg:
        yield pg


def _event(server: str) -> int:
    with httpx.Client(base_url=server, timeout=60) as api:  # from 127.0.0.1: laptop mode
        r = api.post("/v1/events", json={"name": EVENT, "date": "2026-11-27", "session": "1"})
        assert r.status_code == 201, r.text
        event_id = int(r.json()["id"])
        data = (CLUB / "usebio/abftech__cobalt/mp_pairs_howell.xml").read_bytes()
        r = api.post(f"/v1/events/{event_id}/results", files={"file": ("session.xml", data)})
        assert r.status_code == 200, r.text
    return event_id


_SMALLEST_TEXT = """() => {
  let pt = Infinity, where = "";
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || e.closest("svg") || !e.getClientRects().length
        || getComputedStyle(e).visibility === "hidden") continue;
    const size = parseFloat(getComputedStyle(e).fontSize) * 72 / 96;
    if (size < pt) { pt = size; where = e.tagName + "." + e.className + ": " + n.textContent.trim().slice(0, 40); }
  }
  return [pt, where];
}"""
"""The smallest printed text of the page (the charts' SVG aside: :func:`_chart_labels_pt`), in
points, and where it is."""


def _printed(page: Any, name: str) -> tuple[int, str]:
    """The page as Chromium prints it: its A4 pages and its printed text (print media; the
    screenshot at the paper's width less the margins, 703 px). Fails when the sheet is wider than
    the paper (Chromium would shrink it whole) or prints any text below 8 pt."""
    size = page.viewport_size
    page.set_viewport_size({"width": PAPER_PX, "height": 1039})
    page.emulate_media(media="print")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    text = page.evaluate("document.body.innerText")
    wide = page.evaluate("document.documentElement.scrollWidth")
    smallest, where = page.evaluate(_SMALLEST_TEXT)
    pdf = page.pdf(format="A4")
    page.emulate_media(media="screen")
    page.set_viewport_size(size)
    assert wide <= PAPER_PX, f"{name}: {wide} px wide on a {PAPER_PX} px paper: Chromium shrinks it to fit"
    assert smallest >= 8 - 0.05, f"{name}: text printed at {smallest:.2f} pt ({where})"
    return pages(pdf), text


def _chart_labels_pt(page: Any) -> float:
    """The smallest font of the printed double-dummy chart's labels, in points (the chart's SVG is
    scaled to its box: the font size times the drawn width over the viewBox's), laid out as on the
    paper: A4 less the stylesheet's margins (186 mm, 703 px at 96 px an inch)."""
    size = page.viewport_size
    page.set_viewport_size({"width": 703, "height": 1039})
    page.emulate_media(media="print")
    smallest = page.evaluate("""() => {
      const svg = [...document.querySelectorAll('.chart svg')].find(e => getComputedStyle(e).display !== 'none');
      if (!svg) return null;
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      let px = Infinity;
      for (const t of svg.querySelectorAll('text')) px = Math.min(px, parseFloat(getComputedStyle(t).fontSize) * scale);
      return px * 72 / 96;
    }""")
    page.emulate_media(media="screen")
    page.set_viewport_size(size)
    assert smallest is not None, "no chart"
    return float(smallest)


def test_the_ruling_case_claim_and_alternatives_sheets_each_print_on_one_a4_page(page: Any, server: str) -> None:
    event_id = _event(server)
    page.goto(f"{server}/events/{event_id}/boards/1/traveller?lang=pl")
    page.locator("#traveller tr[data-ns='5'][data-ew='2'] a.rule-link").click()
    page.locator("#form-play").wait_for()
    page.evaluate("document.getElementById('play').value = "
                  "'CA C5 C2 C6\\nSA S9 S2 S6\\nCK C4 D5 CQ'")  # East's ♦5 with the ♣J held
    page.click("#form-play button[type=submit]")
    page.wait_for_selector("#suggested, #errors")
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    n, text = _printed(page, "sheet-1-ruling-pl")
    assert EVENT in text and "PAM HUGHES" in text and "JOAN GIACOMETTI" in text  # nothing retyped
    assert SCORER in text
    assert n == 1, f"the ruling sheet printed on {n} pages"
    assert _chart_labels_pt(page) >= 9 - 0.05

    # the case, saved from the prefilled form (only the director typed, in laptop mode)
    assert page.input_value("#case-ns-number") == "5" and "PAM HUGHES" in page.input_value("#case-ns-names")
    page.fill("#case-director", "Jan Kowalski")
    page.click("#form-case button[type=submit]")
    page.wait_for_url(re.compile(r"/cases/\d+"))
    page.click("#form-decision button[type=submit]")  # the suggestion as prefilled: what the scorer enters
    page.wait_for_selector("#decision-score")
    n, text = _printed(page, "sheet-2-case-pl")
    assert EVENT in text and "PAM HUGHES" in text and SCORER in text
    assert n == 1, f"the case sheet printed on {n} pages"

    # the claim from the same line: after eight tricks South claims the last five
    page.goto(f"{server}/events/{event_id}/boards/1/traveller?lang=pl")
    page.locator("#traveller tr[data-ns='5'][data-ew='2'] a.claim-link").click()
    page.locator("#form-claim").wait_for()
    page.fill("#cl-play", "CA C5 C2 C6 SA S9 S2 S6 CK C4 CJ CQ SK S8 S3 S7 CT D2 S4 H4 HA H3 H2 H8 HK C3 H6 HT "
                          "DQ D9 D3 D5")
    page.fill("#cl-tricks", "5")
    page.click("#claim-rule")
    page.wait_for_selector("#claim-answer, #errors")
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    n, text = _printed(page, "sheet-3-claim-pl")
    assert EVENT in text and "PAM HUGHES" in text and SCORER in text
    assert n == 1, f"the claim sheet printed on {n} pages"

    # issue 38: the alternatives from the same line (Law 16B: 4H by South or 3NT by North, 60/40), saved
    # as a case and decided as proposed; its sheet: the evidence, both sides' weighted figures, the scorer
    page.goto(f"{server}/events/{event_id}/boards/1/traveller?lang=pl")
    page.locator("#traveller tr[data-ns='5'][data-ew='2'] a.alternatives-link").click()
    page.locator("#form-alternatives").wait_for()
    page.select_option("#alt-law-select", "16B")
    page.fill("#a0_contract", "4H")
    page.select_option("#a0_declarer", "S")
    page.fill("#a0_weight", "60%")
    page.fill("#a1_contract", "3NT")
    page.select_option("#a1_declarer", "N")
    page.fill("#a1_weight", "40%")
    page.click("#alt-submit")
    page.wait_for_selector("#alt-answer, #errors")
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    page.fill("#case-director", "Jan Kowalski")
    page.click("#form-case button[type=submit]")
    page.locator("#case-confirm-duplicate").wait_for()  # the table has the revoke's case: another is meant
    page.check("#case-confirm-duplicate")
    page.click("#form-case button[type=submit]")
    page.wait_for_url(re.compile(r"/cases/\d+"))
    page.locator("#alt-case-evidence").wait_for()
    page.click("#form-decision button[type=submit]")  # the weighted proposal as prefilled
    page.wait_for_selector("#decision-score")
    n, text = _printed(page, "sheet-4-alternatives-case-pl")
    assert EVENT in text and "PAM HUGHES" in text and SCORER in text
    assert "W otwarte karty, wist ze stołu" in text and "3 inne stoły w tym kontrakcie: 8 lew ×3" in text
    # both sides' weighted figures on the field, in the scorer's line. The others: -400, -50, -100 x3
    # (top 10). 4H S -2 (-100) 5 MP at 3/5; 3NT by North over West's 13 leads (40%): -6 (-300) 2 MP at
    # 2/13, -5 (-250) 2 at 4/65, -2 (-100) 5 at 4/65, -1 (-50) 9 at 6/65, +2 (+460) 10 at 2/65.
    # 3 + 4/13 + 8/65 + 20/65 + 54/65 + 20/65 = 3 + 122/65 = 4.8769: NS 48.77%, EW 51.23%
    assert "48.77%" in text and "51.23%" in text
    assert n == 1, f"the alternatives case sheet printed on {n} pages"

def test_a_full_13_trick_ruling_sheet_prints_on_one_a4_page_in_polish_and_in_greek(page: Any, server: str) -> None:
    page.goto(f"{server}/?lang=pl")
    page.fill("#pbn", played_out_board_6())
    page.click("#form-paste button[type=submit]")
    page.locator("#suggested, #errors").first.wait_for()
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    # the sheet's head as full as a real one: a long event, the table, round, director and both pairs named
    for field, value in {"event": "Mistrzostwa Europy Juniorów w brydżu sportowym, turniej teamów, sesja popołudniowa",
                         "table": "2", "round": "11", "director": "Krzysztof Wojciechowski-Szczepański",
                         "ns": "12 (Katarzyna Przybyszewska & Grzegorz Wiśniewski-Brzęczyszczykiewicz)",
                         "ew": "7 (Małgorzata Dąbrowska & Przemysław Szczęsny)"}.items():
        page.fill(f"#sheet_{field}", value)
    page.click("#assumptions button[type=submit]")
    page.locator("#sheet-director:has-text('Krzysztof')").wait_for(state="attached")  # the re-ruled page
    assert page.locator("table.tricks tbody tr").count() == 13
    assert page.get_attribute("td.revoke", "data-card") == "D9"  # North's ♦9 at trick 6
    n, text = _printed(page, "sheet-4-ruling-13-tricks-pl")
    assert SCORER in text and "Brzęczyszczykiewicz" in text
    assert n == 1, f"the 13-trick ruling sheet printed on {n} pages in Polish"

    page.click(".langs button[lang=el]")  # the same ruling in Greek, the sheet's fields kept
    page.locator("html[lang=el] #suggested").wait_for()
    assert page.locator("table.tricks tbody tr").count() == 13
    n, text = _printed(page, "sheet-5-ruling-13-tricks-el")
    assert "Για τον βαθμολογητή" in text and "Brzęczyszczykiewicz" in text  # el page.json scorer_title
    assert n == 1, f"the 13-trick ruling sheet printed on {n} pages in Greek"


def test_the_law_13_14_sheet_prints_on_one_a4_page(page: Any, server: str) -> None:
    event_id = _event(server)
    page.goto(f"{server}/events/{event_id}/boards/1/traveller?lang=pl")
    page.locator("#traveller tr[data-ns='5'][data-ew='2'] a.cards-link").click()
    page.locator("#form-cards").wait_for()
    # East's ♣2 found in West's hand after play: West 14 cards, East 12 (tests/web/test_prefill_page.py)
    page.select_option("#move-card-0", "C2")
    page.select_option("#move-to-0", "W")
    page.click("#form-cards button[type=submit]")
    page.locator("#suggested, #errors").first.wait_for()
    assert page.locator("#errors").count() == 0, page.inner_text("#errors")
    n, text = _printed(page, "sheet-6-cards-pl")
    assert EVENT in text and "PAM HUGHES" in text and "JOAN GIACOMETTI" in text  # nothing retyped
    assert SCORER in text
    assert n == 1, f"the Law 13/14 sheet printed on {n} pages"
