"""The storage adapter (app/storage) on real databases, SQLite and PostgreSQL, and the
hand-record reader (engine/records/handrecords.py) it is fed from."""

from __future__ import annotations

import datetime as dt
from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from app.storage import SqlEventRepository, database_url, make_engine, open_repository
from app.storage.models import Base
from engine.casefile.events import EventDetails, LawsEdition, UnknownEventError
from engine.errors import InvalidBoardError
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import (
    HandRecord,
    board_key,
    deal_problem,
    dealer_for_board,
    hand_records_from_pbn,
    vulnerability_for_board,
)
from tests.helpers import SPONVO30_DEAL

DETAILS = EventDetails(name="Spring Pairs", date=dt.date(2025, 4, 5), session="2",
                       laws_edition=LawsEdition.LAWS_2007, scoring_profile="acbl")
R21 = HandRecord("21", Seat.NORTH, Vulnerability.NS, Deal.from_pbn(SPONVO30_DEAL))


def test_migrations_make_the_schema_the_models_describe(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        with repo.engine.connect() as c:
            diffs = compare_metadata(MigrationContext.configure(c), Base.metadata)
            tables = set(inspect(c).get_table_names())
        assert diffs == []
        assert {"events", "boards", "files", "alembic_version"} <= tables
    finally:
        repo.close()
    open_repository(database_url).close()  # applying them again changes nothing and does not fail


def test_events_round_trip_and_boards_are_all_or_none(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        assert event.id >= 1 and event.boards == 0 and event.created.tzinfo is not None
        assert repo.get_event(event.id).details == DETAILS
        r7 = HandRecord("7", Seat.SOUTH, Vulnerability.ALL, R21.deal)
        added = repo.add_hand_records(event.id, [R21, r7])
        assert (added.added, added.unchanged) == (("21", "7"), ())
        assert [r.board for r in repo.boards(event.id)] == ["7", "21"]  # by number, not by text
        assert repo.board(event.id, " 07 ") == r7
        other = HandRecord("21", Seat.NORTH, Vulnerability.EW, R21.deal)
        new = HandRecord("8", Seat.WEST, Vulnerability.NONE, R21.deal)
        with pytest.raises(InvalidBoardError, match=r"board 21 .* vulnerability \(stored NS, in this file EW\)"):
            repo.add_hand_records(event.id, [new, other])
        assert repo.board(event.id, "8") is None and repo.board(event.id, "21") == R21
        second = repo.create_event(DETAILS)
        assert repo.boards(second.id) == []  # boards belong to one event
        with pytest.raises(UnknownEventError):
            repo.boards(second.id + 100)
        file_id = repo.add_file(second.id, "round2.pbn", "[Board \"1\"]\n")
        assert repo.get_file(file_id) == (second.id, "round2.pbn", "[Board \"1\"]\n")
        assert repo.get_file(file_id + 100) is None
    finally:
        repo.close()


def test_recent_events_newest_first_with_their_board_counts(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        assert repo.recent_events() == []
        first = repo.create_event(DETAILS)
        repo.add_hand_records(first.id, [R21, HandRecord("7", Seat.SOUTH, Vulnerability.ALL, R21.deal)])
        second = repo.create_event(EventDetails(name="Round 2", date=dt.date(2025, 4, 6)))
        recent = repo.recent_events()
        assert [(e.id, e.details.name, e.boards) for e in recent] == [(second.id, "Round 2", 0),
                                                                      (first.id, "Spring Pairs", 2)]
        assert [e.id for e in repo.recent_events(1)] == [second.id]
    finally:
        repo.close()


def test_two_uploads_of_the_same_boards_at_once_store_each_board_once(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event_id = repo.create_event(DETAILS).id
        records = [HandRecord(str(n), dealer_for_board(n), vulnerability_for_board(n), R21.deal) for n in range(1, 9)]
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: repo.add_hand_records(event_id, records), range(4)))
        assert sum(len(r.added) for r in results) == 8  # each board added by exactly one upload
        assert len(repo.boards(event_id)) == 8
    finally:
        repo.close()


def test_default_database_is_a_sqlite_file_in_the_data_dir(tmp_path: pytest.TempPathFactory,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("ADVISOR_DATABASE_URL", raising=False)
    url = database_url()
    assert url == f"sqlite:///{tmp_path}/advisor.sqlite3"
    monkeypatch.setenv("ADVISOR_DATABASE_URL", "postgresql+psycopg://u:p@127.0.0.1/x")
    assert database_url() == "postgresql+psycopg://u:p@127.0.0.1/x"
    assert database_url("sqlite:///elsewhere.db") == "sqlite:///elsewhere.db"
    repo = SqlEventRepository(make_engine(url))
    repo.close()


# --------------------------------------------------------------------------------------------
# engine/records/handrecords.py
# --------------------------------------------------------------------------------------------


def test_law_2_board_cycle() -> None:
    # Law 2 table: board 1 N None, 2 E NS, 3 S EW, 4 W All, 5 N NS, ..., 16 W EW, 17 as board 1.
    assert [dealer_for_board(n).value for n in (1, 2, 3, 4, 5, 17)] == ["N", "E", "S", "W", "N", "N"]
    assert [vulnerability_for_board(n).value for n in range(1, 17)] == \
        "None NS EW All NS EW All None EW All None NS All None NS EW".split()
    assert vulnerability_for_board(21) is Vulnerability.NS


def test_missing_dealer_and_vulnerability_follow_the_board_number() -> None:
    records = hand_records_from_pbn(f'[Board "0021"]\n[Deal "{SPONVO30_DEAL}"]\n')
    assert records == [R21]
    with pytest.raises(InvalidBoardError, match="board 7a: no \\[Dealer\\] tag"):
        hand_records_from_pbn(f'[Board "7a"]\n[Deal "{SPONVO30_DEAL}"]\n')


def test_a_deal_given_from_another_seat_is_the_same_board() -> None:
    rotated = "W:64.AKQT543.2.K76 T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52"
    text = f'[Board "21"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{rotated}"]\n'
    assert hand_records_from_pbn(text)[0].deal_pbn == SPONVO30_DEAL


def test_the_same_board_twice_with_different_hands_is_refused() -> None:
    other = SPONVO30_DEAL.replace("T8752", "AT875").replace("AQJ9", "QJ92")
    text = (f'[Board "21"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{SPONVO30_DEAL}"]\n\n'
            f'[Board "21"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{other}"]\n')
    with pytest.raises(InvalidBoardError, match=r"board 21 is in the file twice .*deal .*dealer \(line 1 N, "
                                                r"line 6 E\)"):
        hand_records_from_pbn(text)


def test_deal_problems_in_a_directors_words() -> None:
    assert deal_problem(R21.deal) is None
    dup = Deal.from_pbn("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K7J")
    assert deal_problem(dup) == "the CJ is in North's and West's hands (the C6 is in no hand)"
    moved = Deal.from_pbn("N:T8752.6.AQ65.JT96 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K7")
    assert deal_problem(moved) == "North holds 14 cards, West holds 12 cards, every hand must hold 13"
    short = Deal.from_pbn("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 -")
    assert deal_problem(short) == ("West holds 0 cards, every hand must hold 13 (the S6, S4, HA, HK, HQ, HT and "
                                   "7 more are in no hand)")


def test_board_key() -> None:
    assert [board_key(b) for b in ("7", " 07", "021", "7a")] == ["7", "7", "21", "7a"]
    with pytest.raises(InvalidBoardError):
        board_key("  ")


@pytest.mark.parametrize(("tags", "message"), [
    ('[Vulnerable "Maybe"]', "board 3: the vulnerability 'Maybe' is not None, NS, EW or All"),
    ('[Dealer "X"]', "board 3: the dealer 'X' is not N, E, S or W"),
])
def test_an_unreadable_dealer_or_vulnerability_names_the_board(tags: str, message: str) -> None:
    with pytest.raises(InvalidBoardError) as caught:
        hand_records_from_pbn(f'[Board "3"]\n[Deal "{SPONVO30_DEAL}"]\n{tags}\n')
    assert caught.value.message == message and caught.value.path == "file"


def test_a_damaged_file_is_not_pbn_and_its_line_is_not_echoed() -> None:
    with pytest.raises(InvalidBoardError) as caught:
        hand_records_from_pbn(f'[Board "3"]\n[Deal "{SPONVO30_DEAL}"]\n[Dealer N SECRET\n')
    assert caught.value.message.startswith("not a PBN file") and "line 3" in caught.value.message
    assert "SECRET" not in caught.value.message
