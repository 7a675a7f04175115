"""Issue 36's done-when on the page, in a real browser (Debian's Chromium via Playwright, uvicorn on
127.0.0.1): a results file with a bad line uploaded through the page, the report on the event's
page, the line corrected there, the corrected line on the board's traveller with its matchpoints,
then the event's export downloaded from the event's page.

The file: Magic Contest's real PBN (../shared/data/club-files/pbn-scoretable/lucbellicaud__
bridgetrainer, Open /2 DN1 séance 1) in a temp copy with board 1's row ``6 1 6 39 3N S 9 D3
"400"`` typed ``42`` in place of ``3N``. Worked by hand: board 1 is none vulnerable (Law 2), so
3NT by South making 9 tricks is +400 (Law 77: 3 x 30 + 10 + 300). Board 1's traveller then has
22 lines: fourteen +420, the +400, +170, five -50 and one artificial A+/A+. The +400 beats +170
and the five -50s: 6 x 2 = 12 matchpoints among the 21 table scores (top 40); with the
artificial line the traveller has 22 results, so Neuberg: (12 + 1) x 22 / 21 - 1 = 12.619 of 42,
and East-West 42 - 12.619 = 29.381. Magic Contest's own column for that row says 12.6 / 29.4."""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.api.adjusted import ADJUSTED_COLUMNS
from tests.browser import SHOTS, watched_page

CLUB = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club-files"
SEANCE = CLUB / "pbn-scoretable/lucbellicaud__bridgetrainer/open2dn1nationalfinaledirecte21-22-sance1.pbn"
ROW = b" 6  1  6 39 3N  S  9 D3"

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not SEANCE.is_file(), reason="../shared/data/club-files is not beside the repository")]


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    with watched_page(browser, accept_downloads=True) as pg:
        yield pg


def _bad_copy(folder: Path) -> tuple[Path, int]:
    """The séance with board 1's 3N typed 42 (and a comment naming this run, so that no earlier
    upload of the same bytes is offered instead), and the changed row's line in the file."""
    data = SEANCE.read_bytes()
    assert data.count(ROW) == 1
    lines = (f"% {uuid.uuid4()}\n".encode() + data.replace(ROW, b" 6  1  6 39 42  S  9 D3")).split(b"\n")
    number = next(i for i, ln in enumerate(lines, start=1) if ln.startswith(b" 6  1  6 39 42"))
    path = folder / "seance1.pbn"
    path.write_bytes(b"\n".join(lines))
    return path, number


def test_upload_a_bad_line_correct_it_on_the_event_page_see_it_on_the_traveller_and_export(
        page: Any, server: str, tmp_path: Path) -> None:
    path, number = _bad_copy(tmp_path)
    page.goto(f"{server}/?lang=en")
    page.set_input_files("#file", str(path))
    page.click("#form-upload button[type=submit]")
    page.locator("#read-problems").wait_for()
    href = page.locator("#event-cases a").get_attribute("href")  # /events/N/cases?lang=en
    assert href is not None
    event_id = href.split("/")[2]
    page.click("#event-cases a")  # the director leaves the upload's page: the report is kept with the event
    page.goto(f"{server}/events/{event_id}?lang=en")
    # the page's script prefilled the event's name from the file's Latin-1 [Event] tag as the server reads it
    assert "Séance 1" in page.inner_text("#stored-event")
    row = page.locator("#read-problems tr.problem")
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert cells[:4] == ["1", str(number), "contract", "42"]
    assert f"board 1, line {number}: the contract '42' cannot be read" in cells[4] and "seance1.pbn" in cells[4]
    assert cells[5] == "not corrected"
    page.screenshot(path=str(SHOTS / "read-problems-1-report.png"), full_page=True)

    # the form, pre-filled from the file, the bad field as written
    page.click("#read-problems details.correct-line summary")
    problem = row.get_attribute("data-problem")
    assert [page.input_value(f"#cx_{n}-{problem}") for n in ("table", "round", "ns_pair", "ew_pair", "contract",
                                                             "declarer", "lead", "tricks", "ns_score")] == [
        "6", "1", "6", "39", "42", "S", "D3", "9", "400"]
    assert "as written: 42" in page.inner_text(".bad-field")
    # a bad value first: the page again, the reason beside the field
    page.fill(f"#cx_contract-{problem}", "3NT")
    page.fill(f"#cx_tricks-{problem}", "14")
    page.click(f"#correct-{problem} button[type=submit]")
    page.locator("#errors").wait_for()
    said = f"board 1, line {number}: the tricks '14' is out of range (0 to 13)"
    assert said in page.inner_text("#errors") and page.inner_text("#err-cx_tricks") == said
    assert page.input_value(f"#cx_contract-{problem}") == "3NT"  # what was typed is kept
    # then right; the score left empty: Law 77's
    page.fill(f"#cx_tricks-{problem}", "9")
    page.fill(f"#cx_ns_score-{problem}", "")
    page.click(f"#correct-{problem} button[type=submit]")
    page.locator("#line-corrected").wait_for()
    assert "Board 1: the corrected line was added to the traveller" in page.inner_text("#line-corrected")
    status = page.inner_text(f"#problem-{problem} td.problem-status")
    assert status.startswith("corrected by open mode") and "3NT S =, +400" in status
    assert page.locator(f"#correct-{problem}").count() == 0
    page.screenshot(path=str(SHOTS / "read-problems-2-corrected.png"), full_page=True)

    # the traveller: 22 lines, the corrected one with its matchpoints worked above
    page.click("tr[data-board='1'] a.traveller-link")
    page.locator("#traveller").first.wait_for()  # the page has loaded (a busy machine may lag the click)
    assert page.locator("#traveller tbody tr").count() == 22
    line = page.locator("#traveller tr[data-table='6'][data-ns='6'][data-ew='39']")
    assert line.locator("td.result").inner_text().splitlines() == [
        "3NT S =", "corrected on the event's page by open mode (no tokens configured)"]
    assert line.locator("td.advisor-mp").inner_text() == "12.6 / 29.4"  # 12.619 as Magic Contest prints: 1 decimal
    assert line.locator("td.program-mp").inner_text() == ""  # the program never scored it
    # a +420 now beats 7 and ties 13 of the 21: 27 of 40, Neuberg (27 + 1) x 22/21 - 1 = 28.333 (27.6 before the
    # correction, 20 scores); Magic Contest's column 28.3
    first = page.locator("#traveller tr[data-table='3'][data-ns='3'][data-ew='42']")
    assert first.locator("td.advisor-mp").inner_text() == "28.3 / 13.7"  # to one decimal, as the program prints
    page.screenshot(path=str(SHOTS / "read-problems-3-traveller.png"), full_page=True)

    # the export, from the event's page
    page.goto(f"{server}/events/{event_id}?lang=en")
    with page.expect_download() as got:
        page.click("#event-adjusted-csv")
    download = got.value
    assert download.suggested_filename == f"event-{event_id}-adjusted.csv"
    text = Path(download.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == ADJUSTED_COLUMNS and rows[1:] == []  # no adjustment decided yet: the header only
