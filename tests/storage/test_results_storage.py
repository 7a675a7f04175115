"""Traveller lines stored with their event (app/storage, migration 0003_results), SQLite and
PostgreSQL, with real results files from ../shared/data/club-files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.storage import open_repository
from app.storage.models import TravellerLineRow
from engine.casefile.events import EventDetails
from engine.errors import InvalidBoardError
from engine.records.results import read_results

CLUB = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club-files"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")
DETAILS = EventDetails(name="Wednesday", date=dt.date(2022, 7, 28))


def _results(rel: str):  # type: ignore[no-untyped-def]
    return read_results((CLUB / rel).read_bytes())


def test_usebio_deals_and_travellers_round_trip(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        results = _results("usebio/abftech__cobalt/mp_pairs_howell.xml")
        stored = repo.add_results(event.id, "mp_pairs_howell.xml", results)
        assert (stored.kind, len(stored.hand_records.added), len(stored.boards), stored.lines) == (
            "usebio", 27, 27, 161)
        assert repo.get_event(event.id).boards == 27
        assert [r.deal_pbn for r in repo.boards(event.id)] == [r.deal_pbn for r in results.hand_records]
        for board in results.boards:
            got = repo.traveller(event.id, board)
            assert got is not None and got.lines == tuple(results.traveller(board)) and got.mp_units == 2
        assert repo.traveller(event.id, "28") is None
    finally:
        repo.close()


def test_a_later_upload_supersedes_board_by_board_and_keeps_the_earlier(database_url: str) -> None:
    # mp_pairs_mitchell_02 and _adjusted_02 are the same session: board 1's 1NS v 1EW is 110 in the
    # first, A5050 in the second
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        first = repo.add_results(event.id, "02.xml", _results("usebio/abftech__cobalt/mp_pairs_mitchell_02.xml"))
        second = repo.add_results(event.id, "adj.xml",
                                  _results("usebio/abftech__cobalt/mp_pairs_mitchell_adjusted_02.xml"))
        assert len(second.hand_records.added) == 0 and len(second.hand_records.unchanged) == 27
        got = repo.traveller(event.id, "1")
        assert got is not None and got.upload_id == second.upload_id != first.upload_id
        line = next(ln for ln in got.lines if ln.ns_pair == "1NS")
        assert (line.artificial, line.ns_score, line.contract) == ("A5050", None, None)
        with repo.engine.connect() as c:  # nothing was deleted
            assert c.scalar(select(func.count()).select_from(TravellerLineRow)) == 567 * 2
    finally:
        repo.close()


def test_a_file_whose_deals_differ_from_the_stored_stores_nothing(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        repo.add_results(event.id, "howell.xml", _results("usebio/abftech__cobalt/mp_pairs_howell.xml"))
        with pytest.raises(InvalidBoardError) as info:
            repo.add_results(event.id, "mitchell.xml", _results("usebio/abftech__cobalt/mp_pairs_mitchell.xml"))
        assert info.value.key == "board_stored_differs" and "board 1 " in info.value.message
        got = repo.traveller(event.id, "1")
        assert got is not None and len(got.lines) == 6  # still the Howell's six tables
    finally:
        repo.close()


def test_bridgemate_lines_without_deals(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        stored = repo.add_results(event.id, "12tables1section.bws",
                                  _results("bws/jarronshih__bridgemate-ui/12tables1section.bws"))
        assert (stored.kind, stored.lines, len(stored.boards), repo.get_event(event.id).boards) == ("bws", 288, 24, 0)
        got = repo.traveller(event.id, "1")
        assert got is not None and len(got.lines) == 12
        art = next(ln for ln in got.lines if ln.artificial)
        assert (art.table, art.round, art.artificial) == (7, 7, "40%-60%")
    finally:
        repo.close()
