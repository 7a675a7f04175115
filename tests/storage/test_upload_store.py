"""An upload stored as one transaction with its content hash and its session's results (issue 25,
item 4; issue 26, the page's upload), on SQLite and PostgreSQL. Counts from the club-files
README (mp_pairs_howell.xml: 27 boards, 161 lines; board 1 has 6)."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import pytest

from app.storage import open_repository
from engine.casefile.events import EventDetails
from engine.errors import InvalidBoardError
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import HandRecord
from engine.records.results import read_results
from tests.helpers import SPONVO30_DEAL

HOWELL = (Path(__file__).resolve().parent.parent.parent.parent / "shared" / "data" / "club-files" / "usebio"
          / "abftech__cobalt" / "mp_pairs_howell.xml")
DETAILS = EventDetails(name="EL Wed 10.00am Open", date=dt.date(2022, 7, 27), session="Morning")


def test_a_results_file_is_stored_with_its_hash_deals_and_lines_and_found_again(database_url: str) -> None:
    data = HOWELL.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    repo = open_repository(database_url)
    try:
        assert repo.event_for_upload(digest) is None
        event, file_id = repo.store_upload(DETAILS, None, "session.xml", None, sha256=digest,
                                           results=read_results(data))
        assert (file_id, event.boards, event.details.session) == (None, 27, "Morning")
        found = repo.event_for_upload(digest)
        assert found is not None and (found[0].id, found[0].boards, found[1]) == (event.id, 27, None)
        traveller = repo.traveller(event.id, "1")
        assert traveller is not None and len(traveller.lines) == 6
        assert repo.event_for_upload(hashlib.sha256(b"another file").hexdigest()) is None
    finally:
        repo.close()


def test_an_upload_whose_results_disagree_with_its_deals_stores_nothing(database_url: str) -> None:
    data = HOWELL.read_bytes()
    digest = hashlib.sha256(data + b"disagree").hexdigest()
    wrong = HandRecord("1", Seat.NORTH, Vulnerability.NONE, Deal.from_pbn(SPONVO30_DEAL))  # not HANDSET board 1
    repo = open_repository(database_url)
    try:
        before = [e.id for e in repo.recent_events(1)]
        with pytest.raises(InvalidBoardError):
            repo.store_upload(DETAILS, [wrong], "session.xml", "text", sha256=digest, results=read_results(data))
        assert repo.event_for_upload(digest) is None  # one transaction: no event, no file, no lines
        assert [e.id for e in repo.recent_events(1)] == before
    finally:
        repo.close()
