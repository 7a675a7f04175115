"""The results readers' own bounds (issue 35): a JFR page's ``colspan`` capped before it is
expanded, a page of too many cells refused, a ``.bws`` whose pages hold more rows than a session
has refused before they are read, and every reader's lines and boards bounded. The hostile files
are the red team's, made from the real club files by ``tests/hostile_files.py``. (The ``.bws``
whose catalogue continues on itself is the parse sandbox's: ``tests/service/test_parse_sandbox.py``.)
"""

from __future__ import annotations

import dataclasses
import time

import pytest

from engine.errors import ResultsFileError
from engine.records.results import SessionResults, read_results
from engine.records.results.jfr import MAX_COLSPAN
from engine.records.results.model import MAX_BOARDS, MAX_CELLS, MAX_LINES, check_size
from tests import hostile_files as hostile

pytestmark = pytest.mark.skipif(not hostile.CLUB.is_dir(),
                                reason="../shared/data/club-files is not beside the repository")


def test_a_colspan_of_a_hundred_million_is_read_as_the_page_without_it() -> None:
    # The red team's page: colspan="100000000" on the heading cell "N-S" (took 1.3 GiB before the cap).
    # Capped at MAX_COLSPAN cells, the heading row only grows; the nine traveller lines are the page's own.
    page = hostile.wide_jfr()
    assert b'colspan="100000000"' in page and len(page) < 13_000
    got = read_results(page)
    assert got.lines == read_results(hostile.JFR.read_bytes()).lines
    assert len(got.lines) == 9 and got.boards == ("1",)


def test_a_jfr_page_of_more_cells_than_a_session_has_is_refused() -> None:
    # MAX_CELLS / MAX_COLSPAN cells of the widest span, and one more: MAX_CELLS + MAX_COLSPAN cells once expanded.
    row = b"<tr>" + b'<td class="n" colspan="999">x</td>' * (MAX_CELLS // MAX_COLSPAN + 1) + b"</tr>"
    page = hostile.JFR.read_bytes().replace(b"<tr>", row + b"<tr>", 1)
    with pytest.raises(ResultsFileError) as caught:
        read_results(page)
    assert caught.value.key == "results_too_many_cells" and caught.value.params["limit"] == MAX_CELLS
    # 1,000 cells fewer (the page's own are about 400): read, the colspan capped, the lines the page's own.
    fewer = b"<tr>" + b'<td class="n" colspan="999">x</td>' * ((MAX_CELLS - 1000) // MAX_COLSPAN) + b"</tr>"
    fits = hostile.JFR.read_bytes().replace(b"<tr>", fewer + b"<tr>", 1)
    assert len(read_results(fits).lines) == 9


@pytest.mark.slow  # builds and reads 5 MiB (about 3 s)
def test_a_bws_whose_rows_overlap_is_refused_before_its_rows_are_read() -> None:
    # 5 MiB of ReceivedData pages, each of whose ~496 rows is the same real row: 1.22 million lines.
    data = hostile.overlapping_bws()
    added = (len(data) - hostile.BWS.stat().st_size) // hostile.PAGE
    assert len(data) == 5 * 1024 * 1024 and added * hostile.rows_per_page() > 1_200_000
    started = time.monotonic()
    with pytest.raises(ResultsFileError) as caught:
        read_results(data)
    assert caught.value.key == "results_too_many_lines" and caught.value.params["limit"] == MAX_LINES
    assert "20000 traveller lines" in caught.value.message
    assert time.monotonic() - started < 30  # generous: refused from the pages' headers (about 2 s here)


def test_a_bws_with_a_few_overlapping_pages_reads_each_row_the_pages_give() -> None:
    # Two added pages: 288 real lines + 2 x rows_per_page copies, under MAX_LINES: read, not refused.
    size = hostile.BWS.stat().st_size + 2 * hostile.PAGE
    got = read_results(hostile.overlapping_bws(size))
    assert len(got.lines) == 288 + 2 * hostile.rows_per_page()


def _with_lines(results: SessionResults, n: int) -> SessionResults:
    lines = (results.lines * (n // len(results.lines) + 1))[:n]
    return dataclasses.replace(results, lines=lines)


def test_lines_and_boards_are_bounded_at_their_limits() -> None:
    real = read_results(hostile.USEBIO.read_bytes())
    assert len(real.lines) == 512 and len(real.hand_records) == 27
    assert len(check_size(_with_lines(real, MAX_LINES)).lines) == MAX_LINES
    with pytest.raises(ResultsFileError) as caught:
        check_size(_with_lines(real, MAX_LINES + 1))
    assert caught.value.key == "results_too_many_lines"
    records = real.hand_records[0]
    many = tuple(dataclasses.replace(records, board=str(b)) for b in range(1, MAX_BOARDS + 2))
    assert len(check_size(dataclasses.replace(real, hand_records=many[:MAX_BOARDS])).hand_records) == MAX_BOARDS
    with pytest.raises(ResultsFileError) as caught:
        check_size(dataclasses.replace(real, hand_records=many))
    assert caught.value.key == "results_too_many_boards" and caught.value.params["limit"] == MAX_BOARDS


def test_the_lines_that_could_not_be_read_count_as_lines() -> None:
    # issue 36: each unreadable line is kept with the event, so a file of 20,000 readable lines
    # and one unreadable gives more lines than a session holds
    real = read_results(hostile.USEBIO.read_bytes())
    broken = read_results(hostile.USEBIO.read_bytes().replace(b"<CONTRACT>", b"<CONTRACT>9", 1))
    assert len(broken.problems) == 1 and len(broken.lines) == len(real.lines) - 1
    assert len(check_size(_with_lines(broken, MAX_LINES - 1)).lines) == MAX_LINES - 1
    with pytest.raises(ResultsFileError) as caught:
        check_size(_with_lines(broken, MAX_LINES))
    assert caught.value.key == "results_too_many_lines"
