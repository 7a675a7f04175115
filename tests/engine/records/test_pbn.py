"""The lenient PBN reader (engine/records/pbn.py) on real championship files and on small texts.

Every expected value below was read off the PBN files by hand (the play order worked out
trick by trick from the column layout), not copied from the reader's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import InvalidBoardError, PbnError
from engine.model.cards import Card
from engine.model.contract import Contract, Doubling, Strain
from engine.model.seats import Seat, Vulnerability
from engine.records.pbn import load, loads
from engine.records.pbn_game import PbnGame, games_for_board

PBN_FILES = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "pbn-files"

needs_data = pytest.mark.skipif(not PBN_FILES.is_dir(), reason="shared PBN collection not present")


def cards(text: str) -> tuple[Card, ...]:
    """``"SA HT d4"`` -> the cards."""
    return tuple(Card.from_str(t) for t in text.split())


def only_game(games: list[PbnGame], board: str, room: str | None = None) -> PbnGame:
    found = games_for_board(games, board, room)
    assert len(found) == 1
    return found[0]


# --------------------------------------------------------------------------------------------
# Real files: the three acceptance boards of shared/data/README.md
# --------------------------------------------------------------------------------------------


@needs_data
def test_sponvo30_board_21_closed() -> None:
    games = load(PBN_FILES / "1997-European_Team_Championship" / "Sponvo30.pbn")
    assert len(games) == 48  # grep -c '^\[Board '
    assert [g.room for g in games_for_board(games, "21")] == ["Open", "Closed"]
    game = only_game(games, "21", "Closed")

    assert game.lineno == 1476  # [Event "#"] opens the game
    assert game.label == "board 21, room Closed (line 1476)"
    west = game.deal().hand(Seat.WEST)
    assert west == frozenset(cards("S6 S4 HA HK HQ HT H5 H4 H3 D2 CK C7 C6"))
    assert Card.from_str("H9") in game.deal().hand(Seat.SOUTH)
    assert game.declarer() is Seat.WEST
    assert game.contract() == Contract(4, Strain.HEARTS, Doubling.UNDOUBLED, Seat.WEST)
    assert game.vulnerability() is Vulnerability.NS
    assert game.result_tricks() == 9
    assert game.score_tag() == "NS 50"
    assert game.revoke_marks() == (Card.from_str("D4"),)

    section = game.play_section
    assert section is not None
    assert section.leader is Seat.NORTH
    assert len(section.rows) == 9 and section.ended_early
    assert section.rows[2] == cards("S2 D3 D4 HK")  # column order N E S W, "^R" dropped

    # Play order: N leads trick 1, West wins it and the next four; South wins trick 6 with
    # the SK, North tricks 7 and 8.
    expected = cards(
        "CJ C3 C2 CK  HA H6 HJ H2  HK S2 D3 D4  HQ D5 D7 H7  HT D6 C4 H8"
        "  S4 S5 SQ SK  D9 D2 DQ D8  C9 C8 C5 C6  CT CQ CA C7"
    )
    assert game.play_cards() == expected
    assert len(game.play_cards()) == 36

    # '#' inheritance: the Closed game writes [Event "#"], [HomeTeam "#"], [Round "#"].
    open_room = only_game(games, "21", "Open")
    assert game.event == open_room.event == "Generali Euro Team Champs '97"
    assert game.tags["HomeTeam"] == "Spain"
    assert game.tags["Round"] == "30"
    assert game.date == "1997.06.26"


@needs_data
def test_final2_board_4_open() -> None:
    games = load(PBN_FILES / "1998-World_Bridge_Championships" / "FINAL2.PBN")
    game = only_game(games, "4", "Open")  # [Room "Open"] comes after the play section
    assert game.lineno == 179
    assert game.deal().hand(Seat.WEST) == frozenset(cards("SK SQ ST S7 S6 S2 HQ HJ H8 H6 H5 D8 C8"))
    assert game.contract() == Contract(4, Strain.HEARTS, Doubling.UNDOUBLED, Seat.WEST)
    assert game.vulnerability() is Vulnerability.EW
    assert game.result_tricks() == 9
    assert game.score_tag() == "-100"
    assert game.revoke_marks() == ()  # North's ruff at trick 5 is not marked in the file

    play = game.play_cards()
    assert len(play) == 44  # 11 rows, then '*'
    assert play[:8] == cards("C5 CJ CA C8  CT S2 CQ CK")
    assert play[16:20] == cards("SK H3 HA S5")  # trick 5: West leads SK, North ruffs H3
    assert play[36:40] == cards("S9 D3 S3 SQ")  # trick 10: North leads S9


@needs_data
def test_a1a10909_board_20_closed() -> None:
    games = load(PBN_FILES / "2000-17th_European_Youth_Team_Championships" / "A1A10909.PBN")
    game = only_game(games, "20", "Closed")
    assert game.lineno == 1438
    assert game.contract() == Contract(2, Strain.DIAMONDS, Doubling.UNDOUBLED, Seat.SOUTH)
    assert game.vulnerability() is Vulnerability.ALL
    assert game.result_tricks() == 10
    assert game.revoke_marks() == (Card.from_str("D7"),)  # "^R D7" opens the fifth line

    section = game.play_section
    assert section is not None and section.leader is Seat.WEST and section.ended_early
    assert section.rows[-1] == (Card.from_str("C8"), Card.from_str("H4"), None, Card.from_str("CJ"))

    # Columns W N E S. Trick 9 is led by South (CJ), West C8, North H4, East unknown: stop.
    expected = cards(
        "S7 S2 S9 SQ  H9 H7 HK H2  C4 C3 CK CA  D5 DQ D2 D3  C9 C5 C7 D7"
        "  D8 D9 D6 D4  DT DK DA S3  CQ C2 H3 C6  CJ C8 H4"
    )
    assert game.play_cards() == expected


# --------------------------------------------------------------------------------------------
# Small texts
# --------------------------------------------------------------------------------------------

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def game_text(play: str, *, leader: str = "N", contract: str = "1NT", declarer: str = "W") -> str:
    return (
        f'[Board "1"]\n[Room "Open"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Play "{leader}"]\n{play}\n'
    )


def test_columns_to_play_order_in_no_trump() -> None:
    # North wins trick 1 with the SA and leads trick 2 from column 1; trick 2 is won by
    # North again (HA); trick 3: North's DA wins.
    game = loads(game_text("SA ST S6 S2\nHA HT H8 H2\nDA DT D8 D2\n*"))[0]
    assert game.play_cards() == cards("SA ST S6 S2 HA HT H8 H2 DA DT D8 D2")


def test_trick_winner_decides_the_next_leader_in_a_trump_contract() -> None:
    # Hearts trump, leader E: columns E S W N. Trick 1: E leads ST, S S6, W ruffs H2, N SA.
    # West wins with the trump and leads trick 2 from column 3: W H3, N HA, E HT, S H8.
    game = loads(game_text("ST S6 H2 SA\nHT H8 H3 HA", leader="E", contract="2H", declarer="S"))[0]
    assert game.play_cards() == cards("ST S6 H2 SA H3 HA HT H8")


def test_revoke_marks_glued_and_apart() -> None:
    text = game_text("SA ^R ST S6 ^rS2\nHA HT H8^R H2!\nDA=1= $2 DT d8 D2\n*")
    game = loads(text)[0]
    assert game.revoke_marks() == cards("ST S2 H8")
    assert game.play_section is not None
    assert game.play_section.revoke_marks == frozenset(cards("ST S2 H8"))
    assert game.play_cards() == cards("SA ST S6 S2 HA HT H8 H2 DA DT D8 D2")


def test_lower_case_and_ten_written_10() -> None:
    game = loads(game_text("sa s10 s6 s2\nha H10 h8 h2"))[0]
    assert game.play_cards() == cards("SA ST S6 S2 HA HT H8 H2")


def test_unknown_card_ends_the_record_at_the_first_gap_in_play_order() -> None:
    # Trick 2 is led by North (column 1); South's card (column 3) is unknown, so only
    # North's and East's cards of trick 2 count, and the last row is never reached.
    game = loads(game_text("SA ST S6 S2\nHA HT - H2\nDA DT D8 D2"))[0]
    assert game.play_cards() == cards("SA ST S6 S2 HA HT")
    assert game.play_section is not None and not game.play_section.ended_early


def test_gap_before_the_leaders_column_counts_only_in_play_order() -> None:
    # Leader W (columns W N E S). Trick 1 is won by North (SA); trick 2 is led by North from
    # column 2; West's card (column 1, played fourth) is unknown: three cards of trick 2 count.
    game = loads(game_text("S2 SA ST S6\n- HA HT H8", leader="W"))[0]
    assert game.play_cards() == cards("S2 SA ST S6 HA HT H8")


def test_star_ends_the_section_and_short_rows_are_padded() -> None:
    game = loads(game_text("SA ST S6 S2\nHA HT\n*\nDA DT D8 D2"))[0]
    section = game.play_section
    assert section is not None and section.ended_early
    assert section.rows == (cards("SA ST S6 S2"), (Card.from_str("HA"), Card.from_str("HT"), None, None))
    assert game.play_cards() == cards("SA ST S6 S2 HA HT")


def test_commentary_is_ignored_even_when_it_breaks_a_trick() -> None:
    text = (
        '; a comment line\n[Event "Test; not a comment"]\n'
        + game_text(
            "SA {the lead,\nover two lines} ST\n{more} S6 S2 ; end of line comment\n"
            '% escape line\nHA HT H8 H2\n{[Board "2"] inside commentary}'
        )
        + '[Result "7"]\n'
    )
    (game,) = loads(text)
    assert game.event == "Test; not a comment"
    assert game.board == "1" and game.result_tricks() == 7
    assert game.play_cards() == cards("SA ST S6 S2 HA HT H8 H2")


def test_five_cards_on_a_line_is_an_error_with_its_line_number() -> None:
    text = game_text("SA ST S6 S2\nHA HT H8 H2 DA")  # the Play tag is line 7
    with pytest.raises(PbnError) as info:
        loads(text)
    assert info.value.lineno == 9
    assert "(line 9)" in str(info.value)


def test_hash_inheritance_and_game_boundaries() -> None:
    text = (
        '[Event "Cup"]\n[Board "1"]\n[Room "Open"]\n[Site "#"]\n\n'
        '[Event "#"]\n[Board "1"]\n[Room "Closed"]\n'
        '[Event "#"]\n[Board "2"]\n[Play "N"]\nSA ST S6 S2\n[Result "9"]\n'
    )
    first, second, third = loads(text)
    assert "Site" not in first.tags  # '#' with nothing to copy
    assert second.event == "Cup" and second.lineno == 6
    # No empty line before the third game: the repeated Event tag starts it.
    assert third.lineno == 9 and third.board == "2" and third.event == "Cup"
    assert second.play_section is None
    assert third.result_tricks() == 9  # a tag after the play section still belongs to it
    assert [g.room for g in games_for_board([first, second, third], "1", "closed")] == ["Closed"]


def test_tag_errors() -> None:
    (passed,) = loads('[Board "3"]\n[Declarer ""]\n[Contract "Pass"]\n[Result "?"]\n')
    with pytest.raises(PbnError, match="passed out") as info:
        passed.contract()
    assert info.value.lineno == 3
    with pytest.raises(PbnError, match="Vulnerable"):
        passed.vulnerability()
    with pytest.raises(PbnError, match="Declarer"):
        passed.declarer()
    with pytest.raises(PbnError, match="Deal"):
        passed.deal()
    assert passed.result_tricks() is None
    assert passed.play_cards() == () and passed.revoke_marks() == ()

    (bad,) = loads('[Board "4"]\n[Deal "N:AKQ"]\n[Declarer "^S"]\n[Contract "3NTX"]\n[Vulnerable "Both"]\n')
    with pytest.raises(PbnError, match="board 4"):
        bad.deal()
    assert bad.contract() == Contract(3, Strain.NOTRUMP, Doubling.DOUBLED, Seat.SOUTH)
    assert bad.vulnerability() is Vulnerability.ALL

    with pytest.raises(PbnError) as info:
        loads('[Board "5"]\n[Board\n')
    assert info.value.lineno == 2


def test_play_tag_without_leader_or_cards() -> None:
    (game,) = loads('[Board "1"]\n[Play ""]\n')
    assert game.play_section is None
    with pytest.raises(PbnError):
        loads('[Board "1"]\n[Play "?"]\nSA ST S6 S2\n')


def test_load_decodes_utf8_bom_cp1252_and_latin1(tmp_path: Path) -> None:
    cases = {
        "utf8.pbn": '\ufeff[Event "Zürich – Open"]\n[Board "1"]\n'.encode(),
        "cp1252.pbn": '[Event "Zürich – Open"]\n[Board "1"]\n'.encode("cp1252"),  # 0x96 dash
    }
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        (game,) = load(tmp_path / name)
        assert game.event == "Zürich – Open"
    (tmp_path / "latin1.pbn").write_bytes(b'[Event "A\x81B"]\n[Board "1"]\n')  # 0x81: not cp1252
    assert load(tmp_path / "latin1.pbn")[0].event == "A\x81B"


# --------------------------------------------------------------------------------------------
# The whole collection
# --------------------------------------------------------------------------------------------


@needs_data
@pytest.mark.slow  # every file of the championship corpus read: a sweep, Python 3.11 only
def test_sweep_of_the_whole_collection() -> None:
    files = sorted(p for p in PBN_FILES.rglob("*") if p.suffix.lower() == ".pbn")
    games = with_play = failed = 0
    for path in files:
        try:
            file_games = load(path)
        except PbnError:
            failed += 1
            continue
        games += len(file_games)
        for game in file_games:
            if game.play_section is None:
                continue
            with_play += 1
            try:
                game.deal()
                game.contract()
                game.play_cards()
            except InvalidBoardError:  # PbnError is one
                failed += 1
    # find -iname '*.pbn' | wc -l -> 991; grep -c '^\[Board ' summed -> 36891 (every game has
    # one); grep -c '^\[Play ' summed -> 36195.
    assert len(files) >= 991
    assert games >= 36_891
    assert with_play >= 36_195
    # Checked by hand: two passed-out boards with a [Play] tag (AlsReg6-Final.pbn), a contract
    # "1SHNT" (F7.PBN), a [Declarer "?"] (RR17.PBN) and a game without a Deal (M7MAVCHA.PBN).
    assert failed <= 5


def test_a_tag_written_twice_inside_a_game_is_kept_once_and_noted_not_a_new_game() -> None:
    # issue 36: a hand-edited second [Score] split the board in two and its ScoreTable was lost
    text = ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
            '[Score "NS 400"]\n[Score "NS 420"]\n[Contract "4S"]\n'
            '[Board "2"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')
    first, second = loads(text)
    assert (first.board, first.tags["Score"], first.tags["Contract"]) == ("1", "NS 400", "4S")
    assert first.duplicate_tags == (("Score", "NS 420", 4),)
    assert second.board == "2" and second.lineno == 6 and second.duplicate_tags == ()
