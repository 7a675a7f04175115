"""Issue 36: the spots of a results upload that could not be read are kept with the event
(migration 0007_read_problems), and a director's correction of a line joins the stored traveller
and marks the problem, never deleting it. SQLite and PostgreSQL, with the real Magic Contest
file of ../shared/data/club-files, board 1's 3NT line (table 6, pairs 6 v 39, 3N S 9, +400)
typed ``42``."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.storage import open_repository
from app.storage.models import ReadProblemRow
from engine.casefile.events import EventDetails, NotStoredError
from engine.errors import InvalidBoardError
from engine.records.results import read_results
from engine.records.results.correction import corrected_line, prefill

CLUB = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "club-files"
SEANCE = CLUB / "pbn-scoretable/lucbellicaud__bridgetrainer/open2dn1nationalfinaledirecte21-22-sance1.pbn"
pytestmark = pytest.mark.skipif(not SEANCE.is_file(), reason="../shared/data/club-files is not beside the repository")
DETAILS = EventDetails(name="Open /2 DN1", date=dt.date(2022, 2, 6))
ROW = b" 6  1  6 39 3N  S  9 D3"


def _broken() -> bytes:
    data = SEANCE.read_bytes()
    assert data.count(ROW) == 1
    return data.replace(ROW, b" 6  1  6 39 42  S  9 D3")


def _line_number() -> int:
    return SEANCE.read_bytes().split(b"\n").index(next(ln for ln in SEANCE.read_bytes().split(b"\n")
                                                       if ln.startswith(ROW))) + 1


def test_the_problems_are_stored_and_a_correction_joins_the_traveller(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        results = read_results(_broken())
        stored = repo.add_results(event.id, "seance1.pbn", results)
        assert stored.lines == 659  # 660 lines (club-files/README.md) but the one typed "42"
        (kept,) = repo.read_problems(event.id)
        assert (kept.problem.board, kept.problem.line, kept.problem.field, kept.problem.value) == (
            "1", _line_number(), "contract", "42")
        assert kept.upload_name == "seance1.pbn" and kept.correction is None and kept.correctable
        # what the file had on the line, as written, for the form
        assert prefill(kept.problem) == {"section": "", "table": "6", "round": "1", "ns_pair": "6", "ew_pair": "39",
                                         "contract": "42", "declarer": "S", "lead": "D3", "tricks": "9",
                                         "ns_score": "400"}
        before = repo.traveller(event.id, "1")
        assert before is not None and len(before.lines) == 21  # 22 rows on board 1, one left out
        typed = prefill(kept.problem) | {"contract": "3NT", "ns_score": ""}
        line = corrected_line(kept.problem, typed, repo.board(event.id, "1").vulnerability)  # type: ignore[union-attr]
        done = repo.correct_problem(event.id, kept.id, line, "Jan Kowalski")
        assert done.correction is not None and done.correction.by == "Jan Kowalski"
        assert done.correction.line.ns_score == 400 and not done.correctable  # 3NT= not vulnerable (board 1): 400
        after = repo.traveller(event.id, "1")
        assert after is not None and len(after.lines) == 22 and after.lines[:21] == before.lines
        assert (after.lines[21].ns_pair, after.lines[21].ew_pair, after.lines[21].contract,
                after.lines[21].ns_score) == ("6", "39", "3NT", 400)
        # kept, marked, and refused a second time
        (again,) = repo.read_problems(event.id)
        assert again.correction is not None and again.correction.line == after.lines[21]
        assert again.correction.at.tzinfo is not None
        with pytest.raises(InvalidBoardError) as info:
            repo.correct_problem(event.id, kept.id, line, "Anna Nowak")
        assert info.value.key == "problem_corrected" and "Jan Kowalski" in info.value.message
        assert len(repo.traveller(event.id, "1").lines) == 22  # type: ignore[union-attr]
        with repo.engine.connect() as c:
            assert c.scalar(select(func.count()).select_from(ReadProblemRow)) == 1
    finally:
        repo.close()


def test_a_problem_of_another_event_or_a_superseded_upload_is_not_corrected(database_url: str) -> None:
    repo = open_repository(database_url)
    try:
        event = repo.create_event(DETAILS)
        other = repo.create_event(DETAILS)
        repo.add_results(event.id, "seance1.pbn", read_results(_broken()))
        (kept,) = repo.read_problems(event.id)
        line = corrected_line(kept.problem, prefill(kept.problem) | {"contract": "3N"})
        with pytest.raises(NotStoredError) as missing:
            repo.correct_problem(other.id, kept.id, line, "x")
        assert missing.value.key == "no_problem"
        # the whole file uploaded again: board 1's traveller now comes from the newer upload
        repo.add_results(event.id, "seance1-again.pbn", read_results(SEANCE.read_bytes()))
        (old,) = repo.read_problems(event.id)
        assert old.superseded and not old.correctable
        with pytest.raises(InvalidBoardError) as info:
            repo.correct_problem(event.id, kept.id, line, "x")
        assert info.value.key == "problem_superseded"
        assert len(repo.traveller(event.id, "1").lines) == 22  # type: ignore[union-attr]
    finally:
        repo.close()
