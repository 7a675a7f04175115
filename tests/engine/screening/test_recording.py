"""Revoke or recording error (engine/screening/recording.py), on records of the championship corpus worked
by hand from their [Play] sections (the file, board and room name each one)."""

from __future__ import annotations

import pytest

from engine.laws.facts import RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.model import Card, Seat
from engine.records.boards import board_from_game
from engine.records.files import load_games
from engine.records.pbn_game import PbnGame, games_for_board
from engine.screening.events import screen_games
from engine.screening.recording import ErrorKind, Finding, Reading, read_record
from tests.helpers import DATA, laptop

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/pbn-files is not beside the repository")


def game(path: str, board: str, room: str) -> PbnGame:
    [found] = games_for_board(load_games(DATA / path), board, room)
    return found


def reading(g: PbnGame) -> Reading:
    b = board_from_game(g)
    record = b.play_record()
    revokes = detect_revokes(record, b.contract, RevokeFacts())
    assert revokes, "the record holds at least one failure to follow"
    return read_record(g, record, b.contract, revokes)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


def test_the_issue_s_olympiad_board_the_led_card_was_mis_recorded():
    # 1996 Olympiad ROUND01 board 13, open room, 3D by East, three tricks recorded. South (QJ9 of
    # clubs) "leads" HJ; West C3 and North C4 both hold hearts; East (void) C2. South then leads CJ.
    # With CQ led the trick is legal: South wins it, leads CJ (North's CK wins), North cashes CA.
    # CQ is not played later in the record (it stops), so it is put in with nothing exchanged.
    r = reading(game("1996-10th_World_Bridge_Team_Olympiad/ROUND01.PBN", "13", "Open"))
    assert r.finding is Finding.RECORDING_ERROR
    best = r.errors[0]
    assert (best.kind, best.trick, best.seat, best.recorded, best.corrected) == (
        ErrorKind.LED_CARD, 1, Seat.SOUTH, Card.from_str("HJ"), Card.from_str("CQ"))
    assert best.later_trick is None and best.revokes_left == 0
    assert best.play == cards("CQ C3 C4 C2  CJ C6 CK C5  CA C8 C9 CT")
    # C9 (South's card of trick 3) as the lead: HJ then lands on North's CA in trick 3, a revoke.
    c9 = next(e for e in r.errors if e.corrected == Card.from_str("C9"))
    assert (c9.later_trick, c9.revokes_left) == (3, 1)


def test_a_mis_recorded_lead_in_the_middle_of_the_play():
    # 1997 Europeans Lboito24 board 2, open room, 4H by East. Trick 5: North "leads" S9; East
    # (no spade left) H4, South H3 holding ST S8, West (dummy) HQ holding S7 S6. North's H8 as the
    # lead makes every card legal; the record stops there.
    r = reading(game("1997-European_Team_Championship/Lboito24.pbn", "2", "Open"))
    assert r.finding is Finding.RECORDING_ERROR
    assert [(e.trick, e.seat, str(e.recorded), str(e.corrected)) for e in r.errors] == [(5, Seat.NORTH, "S9", "H8")]


def test_one_exchange_that_removes_three_revokes_is_a_recording_error():
    # 2000 ACBL Trials Q1JUNSCH board 9, open room: South's ST in trick 1 (on a diamond lead) and
    # West's SA and North's S8 in trick 2: three revokes. South's ST and D2 written in each other's
    # trick leave none: one mistake of the operator against three revokes.
    r = reading(game("2000-ACBL_Open_International_Team_Trials/Q1JUNSCH.PBN", "9", "Open"))
    assert r.finding is Finding.RECORDING_ERROR
    first = r.errors[0]
    assert (first.kind, first.trick, first.seat, str(first.recorded), str(first.corrected), first.later_trick) == (
        ErrorKind.WRONG_TRICK, 1, Seat.SOUTH, "ST", "D2", 2)


def test_two_players_failing_in_one_trick_with_no_correction_is_still_an_error():
    # Q1JUNSCH board 5, open room: in trick 4 South (HA) and West (HT) fail to follow East's CJ;
    # North's C2 follows, so no other lead of East's makes all three legal. The record is garbled.
    r = reading(game("2000-ACBL_Open_International_Team_Trials/Q1JUNSCH.PBN", "5", "Open"))
    assert r.finding is Finding.RECORDING_ERROR
    assert [(e.kind, e.trick) for e in r.errors] == [(ErrorKind.TWO_IN_A_TRICK, 4)]


def test_a_single_revoke_with_an_exchange_reading_is_ruled_as_a_revoke():
    # 1997 Europeans Itoruo board 1, closed room, 3NT by West. Trick 3: East's HA, South C2 holding
    # H6, which South plays on East's HK in trick 4. The two exchanged leave no revoke; but one
    # revoke is common, and the record cannot prove the exchange: ruled as a revoke, the other
    # reading kept beside it.
    r = reading(game("1997-European_Team_Championship/Itoruo.pbn", "1", "Closed"))
    assert r.finding is Finding.REVOKE
    assert [(e.kind, e.trick, str(e.recorded), str(e.corrected), e.later_trick) for e in r.errors] == [
        (ErrorKind.WRONG_TRICK, 3, "C2", "H6", 4)]


def test_sponvo30_board_21_is_a_revoke_with_no_other_reading():
    # South's D4 on a spade in trick 3 holding K3 of spades (^R in the record, which is no evidence):
    # South's later spade is the SK in trick 6, on a spade lead; exchanged, D4 would fail there too.
    r = reading(game("1997-European_Team_Championship/Sponvo30.pbn", "21", "Closed"))
    assert r == Reading(Finding.REVOKE, ())


def test_the_screening_flags_the_error_and_keeps_both_readings(dds):
    g = game("1996-10th_World_Bridge_Team_Olympiad/ROUND01.PBN", "13", "Open")
    report = screen_games([("ROUND01.PBN", g)], solver=dds)
    assert (report.counts.ruled, report.counts.flagged, report.counts.recording_errors) == (0, 1, 1)
    [row] = report.rows
    assert row.status == "flagged" and row.finding == "probable recording error"
    assert row.revokes == ("T1 W C3 on H", "T1 N C4 on H")  # the revoke reading, not ruled
    assert row.reason is not None and row.reason.startswith(
        "probable recording error: trick 1: S's lead is recorded as HJ; CQ makes every card of the trick legal")
    assert row.corrected_play == "CQ C3 C4 C2 CJ C6 CK C5 CA C8 C9 CT"
    assert row.suggested_result is None  # no ruling on the less plausible reading


def test_the_recorded_result_of_sponvo30_board_21_is_the_adjusted_one(dds):
    # docs/director.md: 5 tricks won by West's side in the 9 played, the last 4 not played (3 of them to West's
    # side double dummy), one trick transferred (64A2). The record's Result 9 is 5 + 4 at the table
    # (all four to declarer) or 5 + 3 + 1 adjusted: the double-dummy split (3) says adjusted.
    report = screen_games([("Sponvo30.pbn", game("1997-European_Team_Championship/Sponvo30.pbn", "21", "Closed"))],
                          solver=dds)
    [row] = report.rows
    assert row.result_check == "adjusted"
    assert row.result_detail == ("recorded 9; of the 4 tricks not played, the declarer's side won 4 if it is the table "
                                 "result, 3 if it is the adjusted one (double dummy: 3)")


def test_a_recorded_result_that_is_the_table_result(dds):
    # Itoruo board 1, closed room, 3NT by West, 8 tricks played: East-West won tricks 1-4, 7 and 8 (6),
    # North-South 5 and 6, after South's revoke in trick 3 (won by East): 64A2, one trick to East-West.
    # Result 11 = 6 + 5 at the table, or 6 + 4 + 1 adjusted; double dummy West's side takes all 5.
    report = screen_games([("Itoruo.pbn", game("1997-European_Team_Championship/Itoruo.pbn", "1", "Closed"))],
                          solver=dds)
    [row] = report.rows
    assert (row.status, row.revokes, row.result_check) == ("ruled", ("T3 S C2 on H, 64A2 x1",), "table")
    assert "won 5 if it is the table result, 4 if it is the adjusted one (double dummy: 5)" in (row.result_detail or "")
    assert row.recording_error == "trick 3: S's C2 and H6 (recorded in trick 4) exchanged leave no revoke"


def test_the_readings_are_said_in_the_director_s_language():
    from app.i18n import catalogue, error_text

    best = reading(game("1996-10th_World_Bridge_Team_Olympiad/ROUND01.PBN", "13", "Open")).errors[0]
    keyed = best.reason_error
    assert catalogue("en")[f"error.{keyed.key}"].format(**keyed.params) == best.reason == keyed.message
    assert error_text("pl", keyed) == "lewa 1: wyjście S zapisano jako HJ; z CQ każda karta tej lewy jest prawidłowa"
    swap = reading(game("1997-European_Team_Championship/Itoruo.pbn", "1", "Closed")).errors[0].reason_error
    assert catalogue("en")[f"error.{swap.key}"].format(**swap.params) == swap.message
    assert error_text("pl", swap) == ("lewa 3: po zamianie C2 i H6 (zapisanej w lewie 4) gracza S nie ma "
                                      "fałszywego renonsu")


def test_the_page_s_upload_list_says_probable_recording_error(dds):

    from app.main import create_app

    data = (DATA / "1996-10th_World_Bridge_Team_Olympiad" / "ROUND01.PBN").read_bytes()
    with laptop(create_app(dds)) as client:
        for lang, words in (("en", "probable recording error: trick 1: S&#39;s lead is recorded as HJ; CQ makes"),
                            ("pl", "prawdopodobny błąd zapisu: lewa 1: wyjście S zapisano jako HJ; z CQ")):
            r = client.post("/upload", files={"file": ("ROUND01.PBN", data)}, data={"lang": lang})
            assert r.status_code == 200
            row = r.text[r.text.index("<td>13</td><td>Open</td>"):]
            assert words in row[:600]  # no "Rule" button for it: the revoke reading is the less plausible
            assert 'name="board" value="13"' not in row[:row.index("</tr>")]
