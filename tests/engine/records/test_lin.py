"""The LIN reader (engine/records/lin.py) on every real BBO file of ../shared/data/lin-files.

Expected values come from outside the code: the folder's README (records, claims, boards not
played, counted from the source repositories), BBO's own list of results in the vugraph
session's ``rs|`` line, and one board worked by hand from its LIN text.
"""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from app.cli import main as cli_main
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.model import Seat
from engine.model.cards import Card
from engine.model.play import PlayRecord
from engine.model.seats import Vulnerability
from engine.records.lin import LinRecord, loads, looks_like_lin, read_records
from engine.records.pbn_text import decode
from tests.helpers import SPONVO30_PLAY

LIN_DIR = Path(__file__).resolve().parents[4] / "shared" / "data" / "lin-files"
pytestmark = pytest.mark.skipif(not LIN_DIR.is_dir(), reason="../shared/data/lin-files is not beside the repository")


def records(folder: str) -> list[tuple[Path, LinRecord]]:
    return [(p, r) for p in sorted((LIN_DIR / folder).glob("*.lin")) for r in read_records(decode(p.read_bytes()))]


def test_a_board_worked_by_hand():
    # jarekczek/pbntools test/bbo/3399598383.lin: dealer North (md|3), South S358T H28 D34579 C89,
    # West S6Q H7JQ D8TKA C47JK, North SA H35TKA D2J C235QA, East (left out) the rest.
    # Auction N 1H, E 2S, S P, W 2NT, N 3C, P P P: 3C by North (North named clubs first), East
    # leads CT. Tricks by hand: N wins 1, 2, 3 (CQ, HA, HK), S ruffs 4 (C9), N 5, 6 (SA, CA),
    # W 7 (CJ), N ruffs 8 (C2), N 9 (HT), W ruffs 10 (CK), W 11, 12 (DA, DK), N ruffs 13 (C5):
    # North-South 9 tricks, 3C made.
    (record,) = read_records(decode((LIN_DIR / "jarekczek__pbntools" / "test__bbo__3399598383.lin").read_bytes()))
    assert record.dealer is Seat.NORTH and record.board == "1" and record.vulnerability is Vulnerability.NONE
    deal = record.deal()
    assert deal.hand(Seat.EAST) == frozenset(Card.from_str(c) for c in
                                              "S2 S4 S7 S9 SJ SK H4 H6 H9 D6 DQ C6 CT".split())
    assert record.calls == ("1H", "2S", "P", "2NT", "3C", "P", "P", "P")
    assert record.final_contract() == ("3C", Seat.NORTH)
    game = record.to_game()
    assert game.tags["Deal"] == "N:A.AKT53.J2.AQ532 KJ9742.964.Q6.T6 T853.82.97543.98 Q6.QJ7.AKT8.KJ74"
    assert (game.tags["Contract"], game.tags["Declarer"], game.tags["Result"]) == ("3C", "N", "9")
    assert game.tags["South"] == "jdr9999" and game.tags["East"] == "myriam1745"
    assert game.play_cards()[:4] == tuple(Card.from_str(c) for c in ("CT", "C8", "C4", "CQ"))
    assert game.play_section is not None and game.play_section.leader is Seat.EAST


def test_the_vugraph_session_agrees_with_bbo_s_own_results():
    # The 2010 USBF semi-final segment: 30 records, open and closed rooms of boards 46-60, 8
    # players, lower-case cards, commentary and pg|| inside tricks, every record ending in a claim.
    # Its rs| line is BBO's own list of the results, in record order: each must be what the
    # record's auction and claim say.
    path = next((LIN_DIR / "forrestrice__bridge-bots").glob("*usbf_sf_14502.lin"))
    text = decode(path.read_bytes())
    results = re.search(r"rs\|([^|]*)\|", text)
    assert results is not None
    found = read_records(text)
    assert [(r.board, r.room) for r in found[:3]] == [("46", "Open"), ("46", "Closed"), ("47", "Open")]
    assert found[0].names[Seat.SOUTH] == "Meckstroth" and found[1].names[Seat.SOUTH] == "Stansby"
    assert found[1].names[Seat.EAST] == "Mahmood" and found[0].event == "2010 USBF SF A"
    written = results.group(1).split(",")
    assert len(found) == len(written) == 30
    for record, want in zip(found, written, strict=True):
        game = record.to_game()
        contract = game.contract()
        level, strain, declarer, doubled, result = re.fullmatch(r"(\d)([NSHDC])([NESW])(x*)([=+-]\d*)", want).groups()
        tricks = int(level) + 6 + (0 if result == "=" else int(result))
        assert (contract.level, contract.strain.value[0], contract.declarer.value) == (int(level), strain, declarer)
        assert contract.doubling.suffix == "X" * len(doubled), want
        assert game.result_tricks() == tricks, (record.label, want)


# Counted in the source repositories (../shared/data/lin-files/README.md): records (boards),
# claims, claims inside a trick, boards passed out or not played, plays that stop with no claim.
README_COUNTS = {
    "jarekczek__pbntools": (785, 273, 141, 10, 3),
    "yichijin__bridgescape": (360, 166, 78, None, None),
    "forrestrice__bridge-bots": (31, 30, 18, 0, 0),
    "dominicprice__endplay": (8, None, None, 0, None),
    "Rick-Wilson__EDGAR-Defense-Toolkit": (12, None, None, 0, None),
    "emkael__deal-convert": (32, 0, 0, 32, 0),
    "kevinywlui__lin2pbn": (1, 0, 0, 0, 0),
}


@pytest.mark.parametrize("folder", sorted(README_COUNTS))
def test_every_file_reads_with_the_readme_s_counts_and_no_false_revoke(folder):
    counts: collections.Counter[str] = collections.Counter()
    for path, record in records(folder):
        game = record.to_game()
        deal = game.deal()
        deal.verify_complete()  # every record's deal is 52 cards, 13 a hand
        played = [c for c in record.cards if c is not None]
        assert len(played) == len(record.cards), f"{path.name}: a card token that is not a card"
        counts["records"] += 1
        counts["claims"] += record.claim is not None
        counts["mid-trick claims"] += record.claim is not None and len(played) % 4 != 0
        counts["not played"] += not played
        counts["stopped, no claim"] += record.claim is None and 0 < len(played) < 52
        if not played:
            continue
        contract = game.contract()
        play = PlayRecord.build(deal, contract.strain.trump, contract.declarer.lho, game.play_cards())
        # Online play cannot revoke; nor could these vugraph players' records be read as revokes.
        assert detect_revokes(play, contract, RevokeFacts()) == (), f"{path.name}: {record.label}"
        if record.claim is not None:  # a claim counts the tricks won so far: at least those, at most all left
            won = sum(t.winner(contract.strain.trump).side == contract.declaring_side
                      for t in play.tricks if t.is_complete)
            assert won <= record.claim <= won + 13 - len(played) // 4, f"{path.name}: claim {record.claim}"
    want = dict(zip(("records", "claims", "mid-trick claims", "not played", "stopped, no claim"),
                    README_COUNTS[folder], strict=True))
    assert {k: counts[k] for k, v in want.items() if v is not None} == {k: v for k, v in want.items() if v is not None}


def test_records_one_per_line_with_crlf_and_no_qx():
    # EDGAR's file: 12 boards on 12 CRLF lines, each with qx|o<n>| and a non-standard zz| tag.
    path = next((LIN_DIR / "Rick-Wilson__EDGAR-Defense-Toolkit").glob("*.lin"))
    found = read_records(decode(path.read_bytes()))
    assert [r.board for r in found] == [str(n) for n in range(1, 13)]
    assert [r.lineno for r in found] == list(range(1, 13))
    # endplay's: 8 boards one per line with no qx|: a new record starts at each md|.
    endplay = read_records(decode(next((LIN_DIR / "dominicprice__endplay").glob("*.lin")).read_bytes()))
    assert len(endplay) == 8 and len({r.names[Seat.SOUTH] for r in endplay}) >= 1
    assert endplay[0].calls[:4] == ("P", "P", "1H", "2H")  # "mb|2H!" alerted: the mark dropped


def test_a_hand_record_file_in_lin_has_deals_and_no_play():
    # emkael/deal-convert's test.lin: 32 deals (16 boards, open and closed rooms), no calls, no cards.
    games = loads(decode(next((LIN_DIR / "emkael__deal-convert").glob("*.lin")).read_bytes()))
    assert len(games) == 32
    assert all("Contract" not in g.tags and g.play_section is None for g in games)
    assert games[0].tags["Board"] == "1" and games[0].tags["Vulnerable"] == "None"
    assert games[0].deal() == games[1].deal()  # the same board in both rooms


def test_a_file_cut_mid_record_keeps_what_was_read():
    text = ("qx|o3|pn|a,b,c,d|md|1SAKQJHAKQJDAKQCA,S2345H234D234C234,S6789H5678D5678C5,|sv|b|"
            "mb|7N|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|pc|H")
    (record,) = read_records(text)
    assert record.board == "3" and record.dealer is Seat.SOUTH and record.vulnerability is Vulnerability.ALL
    assert record.final_contract() == ("7NT", Seat.SOUTH)
    # West (South's left) leads S2, North S6, East ST, South SA: four cards read, the cut one not.
    assert record.to_game().play_cards() == tuple(Card.from_str(c) for c in ("S2", "S6", "ST", "SA"))
    assert "Result" not in record.to_game().tags


def test_an_auction_that_did_not_end_and_no_play_has_no_contract():
    text = "pn|a,b,c,d|md|2S68KH234D569AC8TJ,S245JH578TD24C46A,S7QAH6D78TKC23579,|ah|Board 12|mb|p|mb|p|mb|1H|mb|p|"
    (record,) = read_records(text)
    assert record.final_contract() is None and "Contract" not in record.to_game().tags


def test_lin_is_told_from_pbn_by_its_content():
    assert looks_like_lin("pn|a,b,c,d|st||md|3S358TH28D34579C89,,,|")
    assert looks_like_lin("\r\nqx|o1|md|1SAK,,,|")
    assert not looks_like_lin('[Event "x"]\n[Board "1"]\n')
    assert not looks_like_lin('[Event "x"]\n{ commentary with pn|x| in it }\n')


# Sponvo30.pbn board 21, closed room (tests/helpers.py), written as a vugraph operator's LIN by
# hand: dealer North (3), hands South, West, North (East left out), North-South vulnerable, the
# auction P P 1D 4H P P P from North, the play card by card, and the claim: 8 tricks for West (the
# 5 won in the 9 tricks played, and 3 of the last 4, what they are worth double dummy).
SPONVO30_LIN = (
    "vg|1997 European Team Championship,Round 30,I,21,21,A,0,B,0|\r\n"
    "pn|Lanteron L,Grotheim G,Goded F,Aa T,,,,|pg||\r\n"
    "qx|c21|md|3SK3H9872DKJ94CA52,S64HAKQT543D2CK76,ST8752H6DAQ65CJT9,|sv|n|"
    "mb|p|mb|p|mb|1d|mb|4H|mb|p|mb|p|mb|p|pg||\r\n"
    + "".join(f"pc|{card.lower() if i % 3 else card}|" + ("pg||\r\n" if i % 4 == 3 else "")
              for i, card in enumerate(SPONVO30_PLAY))
    + "nt|Revoke! D4 by South, seen later|mc|8|pg||\r\n"
)


def test_the_cli_rules_on_a_lin_board_as_on_the_same_pbn_board(tmp_path, capsys):
    path = tmp_path / "vugraph.lin"
    path.write_text(SPONVO30_LIN, encoding="utf-8", newline="")
    assert cli_main(["revoke", str(path), "--board", "21", "--room", "c"]) == 0
    text = capsys.readouterr().out
    # As for the PBN record (tests/api/test_real_boards.py): South's D4 on a spade lead in trick 3 is
    # established; South's side won a later trick: one trick transferred (64A2), 4H W -1. The claim
    # is the record's (mc|8: 3 of the last 4), not a double-dummy guess.
    assert "Revoke on trick 3: S played D4" in text
    assert "[64A2]" in text and "Result to enter: 4H W -1  (NS +50" in text


def test_screening_a_folder_reads_lin_files_beside_pbn_ones(tmp_path, capsys):
    (tmp_path / "vugraph.LIN").write_text(SPONVO30_LIN, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("pn|not read: not a record file's name|")
    assert cli_main(["screen", str(tmp_path), "--json", "-", "--no-progress"]) == 0
    doc = json.loads(capsys.readouterr().out)
    [row] = doc["rows"]
    assert (row["file"], row["board"], row["room"]) == ("vugraph.LIN", "21", "Closed")
    assert row["suggested_result"] == "4H W -1"


@pytest.mark.slow  # every BBO file screened: a sweep, Python 3.11 only
def test_the_whole_lin_corpus_screens_with_no_revoke(capsys):
    assert cli_main(["screen", str(LIN_DIR), "--json", "-", "--no-progress"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # 1,229 boards (README: 785 + 360 + 31 + 8 + 12 + 32 + 1); none ruled, none flagged.
    assert doc["counts"]["games"] == 1229
    assert doc["counts"]["ruled"] == 0 and doc["counts"]["flagged"] == 0


def test_a_lin_claim_gives_the_tricks_not_played():
    from engine.records.boards import board_from_game
    from engine.records.files import claim_tricks

    def split(text: str) -> int | None:
        (game,) = loads(text)
        board = board_from_game(game)
        return claim_tricks(game, board.play_record(), board.contract)

    # 9 tricks played, West's side won 5 of them (tests/api/test_real_boards.py): mc|8 leaves 3 of the last 4
    assert split(SPONVO30_LIN) == 3
    assert split(SPONVO30_LIN.replace("mc|8|", "mc|13|")) is None  # 8 of 4 tricks left: contradicts the record
    assert split(SPONVO30_LIN.replace("mc|8|", "mc|4|")) is None  # fewer than the 5 already won
    assert split(SPONVO30_LIN.replace("mc|8|", "")) is None  # no claim figure
