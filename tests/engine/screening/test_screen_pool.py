"""Screening on worker processes (engine/screening/pool.py): the report equals a one-process run's."""

from __future__ import annotations

import json

import pytest

from app.cli import main as cli_main
from engine.screening.events import screen_paths
from engine.screening.pool import merge_reports, screen_file, screen_paths_parallel
from tests.engine.records.test_lin import SPONVO30_LIN
from tests.helpers import DATA, small_corpus

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/pbn-files is not beside the repository")]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = small_corpus(tmp_path_factory.mktemp("corpus"), SPONVO30_LIN, "vugraph.lin")
    (root / "broken.pbn").write_text('[Board "1"\n[Deal "N:..."]\n')  # a malformed tag line: one flagged row
    return root


def test_two_worker_processes_give_the_one_process_report(folder, dds):
    one = screen_paths(folder, solver=dds)
    two = screen_paths_parallel(folder, workers=2)
    assert two == one
    # What it holds (tests/engine/screening/test_screening.py and tests/engine/screening/test_recording.py work these out by hand):
    # Sponvo30 21 Closed, FINAL2 4 Open, A1A10909 20 Closed and the LIN copy of Sponvo30 21 ruled;
    # ROUND01 13 Open a probable recording error; broken.pbn unreadable.
    n = two.counts
    assert (n.files, n.unreadable_files, n.ruled, n.recording_errors) == (6, 1, 4, 1)
    assert [r.file for r in two.ruled_rows] == ["A1A10909.PBN", "FINAL2.PBN", "Sponvo30.pbn", "vugraph.lin"]


def test_merging_the_reports_of_single_files_adds_their_counts(folder, dds):
    parts = [screen_file(str(folder / name), name) for name in ("Sponvo30.pbn", "ROUND01.PBN")]
    merged = merge_reports(parts)
    assert merged.counts.games == 48 + 32  # the [Board] tags of the two files
    assert dict(merged.counts.skipped) == dict(parts[1].counts.skipped)  # Sponvo30 skips none
    assert merged.rows == parts[0].rows + parts[1].rows
    assert (merged.counts.ruled, merged.counts.flagged, merged.counts.recording_errors) == (1, 1, 1)


def test_the_cli_screens_on_two_workers_and_says_what_it_found(folder, capsys):
    assert cli_main(["screen", str(folder), "--workers", "2", "--json", "-", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["counts"]["recording_errors"] == 1
    [error] = [r for r in doc["rows"] if r["finding"] == "probable recording error"]
    assert (error["file"], error["board"], error["corrected_play"]) == (
        "ROUND01.PBN", "13", "CQ C3 C4 C2 CJ C6 CK C5 CA C8 C9 CT")  # tests/engine/screening/test_recording.py, by hand
    assert "of the flagged, probable recording errors (not ruled): 1" in err
    # Sponvo30 21: its Result 9 is the adjusted result (tests/engine/screening/test_recording.py). Its LIN copy states
    # the claim (mc|8): a fact, so the ruling uses it (no double-dummy guess) and there is nothing to check.
    sponvo = [r for r in doc["rows"] if r["board"] == "21"]
    assert [(r["file"], r["result_check"], r["claim_assumed"]) for r in sponvo] == [
        ("Sponvo30.pbn", "adjusted", True), ("vugraph.lin", None, False)]
    assert [(r["table_tricks"], r["suggested_result"]) for r in sponvo] == [(8, "4H W -1"), (8, "4H W -1")]
    assert "recorded results: the adjusted one" in err

