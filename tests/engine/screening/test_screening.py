"""Screening whole files (engine/screening/events.py), the `advisor screen` command and POST /v1/screenings.

The real files are the three revoke records of ../shared/data (tests/helpers.py); the bad
records are written here by hand on the deal of Sponvo30 board 21, so every reason below
was worked out from the deal:

    N: S T8752  H 6     D AQ65   C JT9
    E: S AQJ9   H J     D T873   C Q843
    S: S K3     H 9872  D KJ94   C A52
    W: S 64     H AKQT543  D 2   C K76

4H by West, so North leads; a ``[Play "N"]`` row is North, East, South, West.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence

import pytest

from app.api.schemas.screening import ScreeningResponse
from app.cli import main as cli_main
from app.main import create_app
from app.service.limits import UPLOAD_BYTES
from engine.dd.results import CardScores
from engine.model.position import Position
from engine.records.pbn import load, loads
from engine.screening.events import screen_games, screen_paths
from engine.screening.report import SKIP_LEAD_UNKNOWN, SKIP_NO_CARDS, SKIP_NO_PLAY, ScreeningRow
from tests.helpers import A1A10909, FINAL2, SPONVO30, SPONVO30_DEAL, laptop

# Clubs to West's king (trick 1), then West's HA with everybody following (trick 2).
TWO_CLEAN_TRICKS = "CJ C3 C2 CK\nH6 HJ H2 HA"
# East's C3 moved to West: East 12 cards, West 14.
DEAL_14_12 = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q84 K3.9872.KJ94.A52 64.AKQT543.2.K763"


def game(board: str, *, play: str | None = TWO_CLEAN_TRICKS + "\n*", deal: str = SPONVO30_DEAL,
         contract: str = "4H") -> str:
    """One game of PBN text: 4H by West, vulnerable NS, Result 9; ``play=None``: no [Play] section."""
    section = f'[Play "N"]\n{play}\n' if play is not None else ""
    return (f'[Board "{board}"]\n[Room "Open"]\n[Deal "{deal}"]\n[Declarer "W"]\n[Contract "{contract}"]\n'
            f'[Vulnerable "NS"]\n[Result "9"]\n{section}\n')


class NoSolver:
    """A solver that must not be called: a game without a revoke never reaches it."""

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        raise AssertionError("the solver was called for a game without a revoke")


def screen_text(text: str) -> tuple[ScreeningRow, ...]:
    report = screen_games((("hand.pbn", g) for g in loads(text)), solver=NoSolver())
    return report.rows


# --- records that cannot be ruled on, no play, clean: the solver is never called ---------------------


def test_a_card_played_twice_is_flagged_with_the_reason():
    # Trick 3: West (who won trick 2 with HA) "leads HA again"; North S2, East D3, South H9.
    [row] = screen_text(game("2", play=TWO_CLEAN_TRICKS + "\nS2 D3 H9 HA\n*"))
    assert (row.status, row.board, row.room, row.line) == ("flagged", "2", "Open", 1)
    assert row.reason == "HA is played twice: card 5 and card 9 of the record (trick 3, card 1 (W to play))"
    assert (row.contract, row.declarer, row.recorded_result) == ("4H", "W", 9)
    assert row.revokes == () and row.suggested_result is None


def test_a_14_12_deal_is_flagged_with_the_reason():
    [row] = screen_text(game("3", deal=DEAL_14_12))
    assert row.status == "flagged"
    assert row.reason == ("every hand must hold 13 cards: E has 12, W has 14 (Law 13: incorrect number of cards; "
                          "a revoke ruling needs the complete deal)")


def test_three_players_failing_to_follow_is_a_recording_error_not_a_ruling():
    # Trick 2: West leads HA; North (H6), East (HJ) and South (H9872) all discard.
    [row] = screen_text(game("6", play="CJ C3 C2 CK\nS2 S9 D4 HA\n*"))
    assert row.status == "flagged"
    assert row.reason is not None
    assert row.reason.startswith("trick 2: 3 players fail to follow suit while holding it (N played S2 on trick 2 "
                                 "while holding H6 (hearts led); E played S9")
    assert "mis-transcribed" in row.reason


def test_a_play_tag_naming_the_wrong_opening_leader_is_flagged_with_a_hint():
    # [Play "E"] for 4H by West: the first column is East's, but North (West's LHO) leads.
    text = game("9", play="C3 C2 CK CJ\n*").replace('[Play "N"]', '[Play "E"]')
    [row] = screen_text(text)
    assert row.status == "flagged"
    assert row.reason == (
        "C3 at trick 1, card 1 (N to play) is not in N's hand; the deal gives it to E. The record is inconsistent "
        "with the deal (a card in the wrong column, or a mistyped card) [the Play tag names E as the opening "
        "leader, but declarer W's left-hand opponent is N: the Declarer or the Play tag is wrong]")


def test_a_passed_out_board_with_a_play_section_is_flagged():
    [row] = screen_text(game("5", contract="Pass"))
    assert row.status == "flagged" and row.contract is None
    # the line is the Contract tag's: the game's 5th line
    assert row.reason == ("board 5, room Open: the board was passed out: there is no contract and no play to rule "
                          "on (line 5)")


def test_counts_skipped_clean_and_flagged_without_calling_the_solver():
    text = (game("1") + game("2", play=TWO_CLEAN_TRICKS + "\nS2 D3 H9 HA\n*") + game("3", deal=DEAL_14_12)
            + game("4", play=None) + game("7", play="- C3 C2 CK\n*") + game("8", play="*"))
    report = screen_games((("hand.pbn", g) for g in loads(text)), solver=NoSolver())
    n = report.counts
    assert (n.files, n.games, n.with_play, n.clean, n.ruled, n.flagged) == (1, 6, 3, 1, 0, 2)
    assert dict(n.skipped) == {SKIP_NO_PLAY: 1, SKIP_LEAD_UNKNOWN: 1, SKIP_NO_CARDS: 1}
    assert n.games == n.skipped_total + n.with_play
    assert [r.board for r in report.flagged_rows] == ["2", "3"] and report.ruled_rows == ()


def test_a_game_with_no_play_is_skipped_not_flagged():
    report = screen_games([("hand.pbn", g) for g in loads(game("4", play=None))], solver=NoSolver())
    assert report.rows == ()
    assert dict(report.counts.skipped) == {SKIP_NO_PLAY: 1}
    assert report.counts.with_play == 0


def test_files_are_found_recursively_sorted_and_an_unreadable_file_does_not_stop_the_run(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "two.PBN").write_text(game("2", play=TWO_CLEAN_TRICKS + "\nS2 D3 H9 HA\n*"))
    (tmp_path / "a.pbn").write_text(game("1"))
    (tmp_path / "broken.pbn").write_text('[Board "9"\n')  # no closing quote and bracket
    (tmp_path / "notes.txt").write_text(game("5", contract="Pass"))  # not a PBN file: not read
    calls: list[tuple[int, int]] = []
    report = screen_paths(tmp_path, solver=NoSolver(), progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    assert [(r.file, r.board) for r in report.rows] == [("b/two.PBN", "2"), ("broken.pbn", None)]
    broken = report.rows[1]
    assert broken.status == "flagged" and broken.line == 1
    assert broken.reason == "file not read: malformed tag line: '[Board \"9\"' (line 1)"
    n = report.counts
    assert (n.files, n.unreadable_files, n.games, n.clean, n.flagged) == (3, 1, 2, 1, 1)


def test_a_missing_path_raises_before_screening(tmp_path):
    with pytest.raises(FileNotFoundError):
        screen_paths(tmp_path / "nowhere", solver=NoSolver())


# --- the three real revoke files, with the real solver ---------------------------------------------


@pytest.fixture(scope="module")
def real_report(dds):
    return screen_paths([SPONVO30, FINAL2, A1A10909], solver=dds)


@pytest.mark.slow
def test_the_three_real_files_list_their_known_revoke_and_nothing_else(real_report):
    n = real_report.counts
    # Board tags: 48 + 28 + 40; [Play] tags: 48 + 28 + 39 (A1A10909 has one game without play).
    assert (n.files, n.games, n.with_play) == (3, 116, 115)
    assert dict(n.skipped) == {SKIP_NO_PLAY: 1}
    assert (n.ruled, n.flagged, n.clean) == (3, 0, 112)
    assert [(r.file, r.board, r.room) for r in real_report.rows] == [
        ("Sponvo30.pbn", "21", "Closed"), ("FINAL2.PBN", "4", "Open"), ("A1A10909.PBN", "20", "Closed")]


@pytest.mark.slow
def test_sponvo30_board_21_closed_as_readme_rules_it(real_report):
    row = real_report.rows[0]
    # docs/director.md: South's D4 on trick 3 (hearts led), established, 64A2 one trick; the claim valued double
    # dummy (3 of the last 4 tricks): 8 at the table, 9 after adjustment, 4H W -1, NS +50; 64C does not apply.
    assert row == ScreeningRow(
        file="Sponvo30.pbn", board="21", room="Closed", line=1476, status="ruled",
        revokes=("T3 S D4 on H, 64A2 x1",), contract="4H", declarer="W", table_tricks=8, after_adjustment=9,
        suggested_tricks=9, suggested_result="4H W -1", suggested_law="64A2", score_ns_suggested=50,
        law_64c_applies=False, claim_assumed=True, recorded_result=9, marked_revokes=("D4",), reason=None,
        finding="revoke",  # no recording error reads it better: no exchange of cards removes the revoke
        result_check="adjusted", result_detail="recorded 9; of the 4 tricks not played, the declarer's side won 4 if "
        "it is the table result, 3 if it is the adjusted one (double dummy: 3)")  # tests/engine/screening/test_recording.py


@pytest.mark.slow
def test_final2_board_4_open_north_ruffs_holding_s9(real_report):
    row = real_report.rows[1]
    # North's H3 on West's SK at trick 5, not marked ^R; 64A2 one trick; EW vulnerable: 4H W -1 is NS +100.
    assert row.revokes == ("T5 N H3 on S, 64A2 x1",)
    assert (row.line, row.contract, row.declarer) == (179, "4H", "W")
    assert (row.after_adjustment, row.suggested_result, row.score_ns_suggested) == (9, "4H W -1", 100)
    assert (row.law_64c_applies, row.recorded_result, row.marked_revokes) == (False, 9, ())


@pytest.mark.slow
def test_a1a10909_board_20_closed_west_ruffs_and_wins_64a1(real_report):
    row = real_report.rows[2]
    # West's D7 on North's C9 at trick 5, marked ^R; West won it (64A1). No claim figure: the 5 tricks not
    # played out are valued double dummy, 3 for NS (as tests/api/test_real_boards.py's claim of 3): table 9,
    # two tricks transferred, 11: 2D S +3, NS +150. The record's own Result is 10.
    assert row.revokes == ("T5 W D7 on C, 64A1 x2",)
    assert (row.contract, row.declarer, row.claim_assumed) == ("2D", "S", True)
    assert (row.table_tricks, row.after_adjustment, row.suggested_result) == (9, 11, "2D S +3")
    assert (row.score_ns_suggested, row.recorded_result, row.marked_revokes) == (150, 10, ("D7",))


# --- the API and the command line -------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(dds):
    with laptop(create_app(solver=dds)) as c:
        yield c


@pytest.mark.slow
def test_the_api_returns_the_same_report_as_screen_games(client, dds):
    data = SPONVO30.read_bytes()
    r = client.post("/v1/screenings", files={"file": ("x.pbn", data)})
    assert r.status_code == 200, r.text
    want = ScreeningResponse.from_report(screen_games((("x.pbn", g) for g in load(SPONVO30)), solver=dds))
    assert r.json() == want.model_dump(mode="json")
    assert [row["revokes"] for row in r.json()["rows"]] == [["T3 S D4 on H, 64A2 x1"]]
    assert r.json()["counts"]["skipped"] == {}


def test_the_api_flags_bad_records_and_decodes_cp1252(client):
    room = "Fermée – 1"  # é and the en dash (0x96) are cp1252, not UTF-8; latin-1 has no en dash
    text = game("2", play=TWO_CLEAN_TRICKS + "\nS2 D3 H9 HA\n*").replace('"Open"', f'"{room}"')
    r = client.post("/v1/screenings", files={"file": ("C:\\events\\hand.pbn", text.encode("cp1252"))})
    assert r.status_code == 200, r.text
    [row] = r.json()["rows"]
    assert (row["file"], row["status"], row["board"], row["room"]) == ("hand.pbn", "flagged", "2", room)
    assert row["reason"].startswith("HA is played twice")


def test_the_api_refuses_a_file_over_the_limit_and_a_file_that_is_not_pbn(client):
    r = client.post("/v1/screenings", files={"file": ("big.pbn", b" " * (UPLOAD_BYTES + 1))})
    assert r.status_code == 413
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "file"] and "larger than 5 MiB" in item["msg"]
    r = client.post("/v1/screenings", files={"file": ("bad.pbn", b'[Board "1"\n')})
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "file"] and "malformed tag line" in item["msg"]
    assert client.post("/v1/screenings").status_code == 422  # no file at all
    assert client.get("/healthz").status_code == 200


@pytest.mark.slow
def test_the_cli_writes_valid_json_and_csv(tmp_path, capsys, client):
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    assert cli_main(["screen", str(SPONVO30), "--json", str(out_json), "--csv", str(out_csv), "--no-progress"]) == 0
    table = capsys.readouterr().out
    assert "T3 S D4 on H, 64A2 x1" in table and "4H W -1" in table
    assert "Games read: 48" in table and "clean 47, ruled 1, flagged 0" in table
    doc = json.loads(out_json.read_text(encoding="utf-8"))
    api = client.post("/v1/screenings", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}).json()
    assert doc == api  # the CLI's JSON is the API's
    with out_csv.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 1
    assert rows[0]["revokes"] == "T3 S D4 on H, 64A2 x1"
    assert (rows[0]["board"], rows[0]["room"], rows[0]["suggested_result"], rows[0]["score_ns_suggested"]) == (
        "21", "Closed", "4H W -1", "50")
    assert (rows[0]["claim_assumed"], rows[0]["marked_revokes"], rows[0]["reason"]) == ("true", "D4", "")


def test_the_cli_json_to_stdout_and_the_table_to_stderr(tmp_path, capsys):
    path = tmp_path / "hand.pbn"
    path.write_text(game("3", deal=DEAL_14_12) + game("4", play=None))
    assert cli_main(["screen", str(tmp_path), "--json", "-", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["counts"]["skipped"] == {SKIP_NO_PLAY: 1} and doc["counts"]["flagged"] == 1
    assert doc["rows"][0]["reason"].startswith("every hand must hold 13 cards: E has 12, W has 14")
    assert "hand.pbn board 3, room Open (line 1): every hand must hold 13 cards" in err
    assert "skipped: 1 (no play record 1)" in err


def test_the_cli_exits_2_when_the_path_does_not_exist(tmp_path, capsys):
    assert cli_main(["screen", str(tmp_path / "nowhere"), "--no-progress"]) == 2
    assert "no such file or directory" in capsys.readouterr().err
