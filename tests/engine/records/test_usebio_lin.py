"""Deals from a USEBIO traveller line's ``LIN_DATA`` (issue 36): the sessions played online (BBO
Extractor, RealBridge) carry no HANDSET, but each line holds the table's BBO LIN record (deal,
auction, play), URL-encoded.

Real files: tests/data/results-corpus/usebio/jacquicollier__ukbridge-club-website/00201789+001571.xml
(BBO Extractor 1.4.7, Crawley BC, 18 boards of 8 lines) and realbridge/usebio.xml (RealBridge 1.3.7,
21 boards of 8 lines). The hands asserted below are written out by hand from the files' text (the
``md`` tag of board 1's first line, quoted beside them), the fourth hand completed by hand from the
cards the three written hands lack. Dealer and vulnerability are compared with Law 2's table
(written out here, not the engine's) and with the LIN's ``md`` digit and ``sv`` read by a regular
expression on the raw file.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from engine.model import Seat
from engine.model.deal import Deal
from engine.model.seats import Vulnerability
from engine.records.results import read_results

CORPUS = Path(__file__).resolve().parents[2] / "data" / "results-corpus"
CLUB = CORPUS / "usebio" / "jacquicollier__ukbridge-club-website"
BBO = CLUB / "00201789+001571.xml"
REALBRIDGE = CLUB / "realbridge" / "usebio.xml"

# Law 2: dealer N, E, S, W in turn; vulnerability by the 16-board cycle (written out from the law).
LAW2_DEALER = {1: "N", 2: "E", 3: "S", 0: "W"}
LAW2_VUL = ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None", "NS", "EW"]
LIN_DEALER = {"1": "S", "2": "W", "3": "N", "4": "E"}  # BBO's md digit
LIN_VUL = {"o": "None", "n": "NS", "e": "EW", "b": "All"}


def _lin_of_lines(path: Path) -> list[tuple[str, str]]:
    """``(board number, URL-decoded LIN)`` of every traveller line, by a regular expression on the raw
    text (not the reader)."""
    text = path.read_text(encoding="utf-8")
    out = []
    for board in re.findall(r"<BOARD>(.*?)</BOARD>", text, re.S):
        number = re.search(r"<BOARD_NUMBER>\s*(\d+)\s*</BOARD_NUMBER>", board)
        assert number is not None
        out += [(str(int(number.group(1))), unquote(lin)) for lin in re.findall(r"<LIN_DATA>(.*?)</LIN_DATA>", board)]
    return out


@pytest.mark.parametrize(("path", "boards"), [(BBO, 18), (REALBRIDGE, 21)])
def test_each_board_of_an_online_session_gets_its_deal_from_its_lines_lin(path: Path, boards: int) -> None:
    """One hand record per board (the files' 18 and 21 boards, each line with a LIN_DATA), no problem."""
    lines = _lin_of_lines(path)
    assert len({b for b, _ in lines}) == boards
    r = read_results(path.read_bytes())
    assert r.problems == ()
    assert [h.board for h in r.hand_records] == [str(n) for n in range(1, boards + 1)]


def test_bbo_extractor_board_1_hands_as_its_lin_writes_them() -> None:
    """Board 1, every line: ``md|3S3AH78TD378JC234A,S589H356QD5TC57JK,S4QKH249JKD26QKC8,|``: dealer 3
    (North); South S A3 H T87 D J873 C A432, West S 985 H Q653 D T5 C KJ75, North S KQ4 H KJ942
    D KQ62 C 8; East left out, so the 13 cards the others lack: S JT762 H A D A94 C QT96."""
    lin = dict(_lin_of_lines(BBO))["1"]
    assert "md|3S3AH78TD378JC234A,S589H356QD5TC57JK,S4QKH249JKD26QKC8,|" in lin
    (board1,) = [h for h in read_results(BBO.read_bytes()).hand_records if h.board == "1"]
    assert board1.deal == Deal.from_pbn("N:KQ4.KJ942.KQ62.8 JT762.A.A94.QT96 A3.T87.J873.A432 985.Q653.T5.KJ75")
    assert (board1.dealer, board1.vulnerability) == (Seat.NORTH, Vulnerability.NONE)


def test_realbridge_board_1_hands_as_its_lin_writes_them() -> None:
    """Board 1: ``md|3SJ43HAKJ7DK85CJ73,SK72HQ63DQ62CA952,SAT86HT82DT9743CT,|``: South S J43 H AKJ7
    D K85 C J73, West S K72 H Q63 D Q62 C A952, North S AT86 H T82 D T9743 C T; East the rest:
    S Q95 H 954 D AJ C KQ864."""
    lin = dict(_lin_of_lines(REALBRIDGE))["1"]
    assert "md|3SJ43HAKJ7DK85CJ73,SK72HQ63DQ62CA952,SAT86HT82DT9743CT,|" in lin
    (board1,) = [h for h in read_results(REALBRIDGE.read_bytes()).hand_records if h.board == "1"]
    assert board1.deal == Deal.from_pbn("N:AT86.T82.T9743.T Q95.954.AJ.KQ864 J43.AKJ7.K85.J73 K72.Q63.Q62.A952")


@pytest.mark.parametrize("path", [BBO, REALBRIDGE])
def test_dealer_and_vulnerability_are_law_2_s_and_the_lin_s(path: Path) -> None:
    """Every line's LIN ``md`` digit and ``sv`` equal Law 2's for the board number, and so does each
    hand record."""
    for board, lin in _lin_of_lines(path):
        n = int(board)
        md = re.search(r"md\|(\d)", lin)
        sv = re.search(r"sv\|(\w)\|", lin)
        assert md is not None and sv is not None
        assert LIN_DEALER[md.group(1)] == LAW2_DEALER[n % 4], board
        assert LIN_VUL[sv.group(1).lower()] == LAW2_VUL[(n - 1) % 16], board
    for h in read_results(path.read_bytes()).hand_records:
        n = int(h.board)
        assert (h.dealer.value, h.vulnerability.value) == (LAW2_DEALER[n % 4], LAW2_VUL[(n - 1) % 16])


def _with_board_3_line(path: Path, line: int, change: tuple[str, str]) -> bytes:
    """The file with the ``line``-th (1-based) LIN_DATA of board 3 changed by ``change`` (old, new)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("<BOARD_NUMBER>3</BOARD_NUMBER>")
    at = start
    for _ in range(line):
        at = text.index("<LIN_DATA>", at + 1)
    end = text.index("</LIN_DATA>", at)
    old, new = change
    assert old in text[at:end]
    return (text[:at] + text[at:end].replace(old, new, 1) + text[end:]).encode("utf-8")


def _board_3_md(path: Path) -> str:
    """The ``md`` value of board 3's first LIN_DATA as written (URL-encoded: hands joined by ``%2C``)."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"md\|([^|]*)\|", text[text.index("<BOARD_NUMBER>3</BOARD_NUMBER>"):])
    assert found is not None
    return found.group(1)


def test_lines_whose_lin_deals_differ_leave_the_board_s_deal_out_and_say_so() -> None:
    """Board 3, line 5's LIN with South's and West's hands swapped (a deal of 52 cards still): the
    deal is not picked from either line; board 3 is named, the other 17 boards read, every line kept."""
    md = _board_3_md(BBO)
    south, west, rest = md[1:].split("%2C", 2)
    swapped = md[0] + "%2C".join((west, south, rest))
    r = read_results(_with_board_3_line(BBO, 5, (md, swapped)))
    assert "3" not in {h.board for h in r.hand_records}
    assert len(r.hand_records) == 17
    assert len(r.lines) == 144
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field, problem.key) == ("3", None, "deal", "results_lin_deals_differ")
    assert dict(problem.params)["other"] == "line 5"
    assert not problem.on_line


def test_a_lin_dealing_from_another_seat_than_law_2_s_is_named() -> None:
    """Board 3 deals from South (Law 2); a LIN whose ``md`` digit says 4 (East) is named, the deal
    left out."""
    md = _board_3_md(BBO)
    assert md[0] == "1"  # BBO's 1 is South
    r = read_results(_with_board_3_line(BBO, 2, ("md|" + md, "md|4" + md[1:])))
    assert "3" not in {h.board for h in r.hand_records}
    (problem,) = r.problems
    assert problem.key == "results_lin_not_law2"
    assert (dict(problem.params)["what"], problem.value) == ("dealer", "East")


def test_a_lin_deal_with_a_card_twice_is_named() -> None:
    """Board 3, line 1's South hand given a second copy of West's first spade: not a deal; named."""
    md = _board_3_md(BBO)
    south, west, rest = md[1:].split("%2C", 2)
    spade = west[1]  # West's hand starts "S<rank>..."
    assert west[0] == "S" and spade not in south.split("H")[0]
    twice = md[0] + "%2C".join((south.replace("S", "S" + spade, 1), west, rest))
    r = read_results(_with_board_3_line(BBO, 1, (md, twice)))
    (problem,) = r.problems
    assert (problem.board, problem.key) == ("3", "results_lin_bad_deal")
    assert "3" not in {h.board for h in r.hand_records}


def test_a_handset_deal_is_kept_and_the_lin_not_read_for_it() -> None:
    """A board the file's HANDSET deals is read from the HANDSET: a file with a HANDSET for board 3
    (the hands of board 1 there) keeps that deal although its lines' LIN says otherwise."""
    text = BBO.read_text(encoding="utf-8")
    handset = ("<HANDSET><BOARD><BOARD_NUMBER>3</BOARD_NUMBER>"
               + "".join(f"<HAND><DIRECTION>{d}</DIRECTION><SPADES>{s}</SPADES><HEARTS>{h}</HEARTS>"
                         f"<DIAMONDS>{di}</DIAMONDS><CLUBS>{c}</CLUBS></HAND>"
                         for d, (s, h, di, c) in (("North", ("KQ4", "KJ942", "KQ62", "8")),
                                                  ("East", ("JT762", "A", "A94", "QT96")),
                                                  ("South", ("A3", "T87", "J873", "A432")),
                                                  ("West", ("985", "Q653", "T5", "KJ75"))))
               + "</BOARD></HANDSET>")
    r = read_results(text.replace("</EVENT>", handset + "</EVENT>", 1).encode("utf-8"))
    assert r.problems == ()
    (board3,) = [h for h in r.hand_records if h.board == "3"]
    assert board3.deal == Deal.from_pbn("N:KQ4.KJ942.KQ62.8 JT762.A.A94.QT96 A3.T87.J873.A432 985.Q653.T5.KJ75")
    assert len(r.hand_records) == 18
