"""Issue 36, "read what can be read": a results file with one spot that cannot be read is read
whole but that spot, which is reported with its board, line and value (``SessionResults.problems``).

Each test changes one spot of a real club file (../shared/data/club-files); the board and line
expected are found in the file's text by the test itself (the nearest ``[Board]`` tag above the
changed line, the line's number; xml.etree for USEBIO), never taken from the reader.
"""

from __future__ import annotations

import pickle
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.errors import ResultsFileError
from engine.records.results import read_results

CLUB = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "club-files"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")

SEANCE = CLUB / "pbn-scoretable/lucbellicaud__bridgetrainer/open2dn1nationalfinaledirecte21-22-sance1.pbn"
HOWELL = CLUB / "usebio/abftech__cobalt/mp_pairs_howell.xml"


def _pbn_lines() -> list[str]:
    return SEANCE.read_bytes().decode("latin-1").split("\n")


def _board_above(lines: list[str], index: int) -> str:
    """The board of the ``[Board "n"]`` tag nearest above line ``index`` (0-based)."""
    for i in range(index, -1, -1):
        if lines[i].startswith('[Board "'):
            return lines[i].split('"')[1]
    raise AssertionError("no board above")


def test_a_mistyped_contract_in_a_pbn_scoretable_is_reported_and_every_other_line_read() -> None:
    # Pianola's "42": the second row of board 1's ScoreTable, "4S N 10" typed "42 N 10"
    lines = _pbn_lines()
    index = next(i for i, ln in enumerate(lines) if ln.startswith(" 4  1  4 41 4S  N 10 D7"))
    whole = read_results(SEANCE.read_bytes())
    lines[index] = lines[index].replace(" 4S  N 10", " 42  N 10", 1)
    r = read_results("\n".join(lines).encode("latin-1"))
    assert len(whole.lines) == 660 and len(r.lines) == 659  # club-files/README.md: 660 lines
    assert [ln for ln in whole.lines if ln not in r.lines] == [whole.lines[1]]  # only that line is gone
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field, problem.value) == (_board_above(lines, index), index + 1,
                                                                            "contract", "42")
    assert problem.key == "results_bad_value" and problem.board == "1"
    assert problem.text == f"board 1, line {index + 1}: the contract '42' cannot be read"


def test_a_mistyped_contract_in_a_usebio_traveller_is_reported_and_every_other_line_read() -> None:
    text = HOWELL.read_text(encoding="utf-8")
    root = ET.fromstring(HOWELL.read_bytes())
    # the first traveller line whose contract is 5C: its board and place on the board, by xml.etree
    board_el, place = next((b, i) for b in root.iter("BOARD") for i, tl in enumerate(b.findall("TRAVELLER_LINE"), 1)
                           if tl.findtext("CONTRACT") == "5C")
    assert text.count("<CONTRACT>5C</CONTRACT>") >= 1
    r = read_results(text.replace("<CONTRACT>5C</CONTRACT>", "<CONTRACT>42</CONTRACT>", 1).encode())
    assert len(r.lines) == 160  # club-files/README.md: 161 lines
    assert len(r.hand_records) == 27
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field, problem.value, problem.key) == (
        board_el.findtext("BOARD_NUMBER"), place, "contract", "42", "results_bad_value")


def test_a_deal_that_cannot_be_read_keeps_its_board_s_lines() -> None:
    # board 1's HANDSET North spades given a card twice: the deal is reported, its lines read
    text = HOWELL.read_text(encoding="utf-8")
    root = ET.fromstring(HOWELL.read_bytes())
    handset_1 = next(b for hs in root.iter("HANDSET") for b in hs.findall("BOARD") if b.findtext("BOARD_NUMBER") == "1")
    north = next(h for h in handset_1.findall("HAND") if h.findtext("DIRECTION") == "North")
    spades = north.findtext("SPADES") or ""
    old = f"<SPADES>{spades}</SPADES>"
    at = text.index("<HANDSET")
    changed = text[:at] + text[at:].replace(old, f"<SPADES>{spades}Q</SPADES>" if "Q" not in spades
                                             else f"<SPADES>{spades}2</SPADES>", 1)
    whole = read_results(text.encode())
    r = read_results(changed.encode())
    assert r.lines == whole.lines
    assert [h.board for h in r.hand_records] == [h.board for h in whole.hand_records if h.board != "1"]
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field, problem.key) == ("1", None, "deal", "results_bad_deal")


def test_a_file_where_nothing_can_be_read_is_still_refused() -> None:
    # the howell file with its HANDSET gone and every traveller line but board 1's first gone,
    # whose contract is typed "42": no line nor deal can be read, so the file is refused as before
    root = ET.fromstring(HOWELL.read_bytes())
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == "HANDSET":
                parent.remove(child)
    boards = list(root.iter("BOARD"))
    for b in boards:
        for i, tl in enumerate(b.findall("TRAVELLER_LINE")):
            if b is boards[0] and i == 0:
                contract = tl.find("CONTRACT")
                assert contract is not None and tl.findtext("SCORE", "").lstrip("-").isdigit()
                contract.text = "42"
            else:
                b.remove(tl)
    with pytest.raises(ResultsFileError) as info:
        read_results(ET.tostring(root))
    assert info.value.key == "results_bad_value" and "the contract '42' cannot be read" in info.value.message


def test_the_problems_cross_the_parse_sandbox_s_pickle() -> None:
    lines = _pbn_lines()
    index = next(i for i, ln in enumerate(lines) if ln.startswith(" 4  1  4 41 4S  N 10 D7"))
    lines[index] = lines[index].replace(" 4S  N 10", " 42  N 10", 1)
    r = read_results("\n".join(lines).encode("latin-1"))
    assert pickle.loads(pickle.dumps(r)) == r and len(r.problems) == 1


# --- spots the programs write that are read, not refused (issue 36) ------------------------------

FIRST_ROW_2 = " 4  1  4 41 4S  N 10 D7   \"420\"      - 28.3 13.7  67  33"


def _seance_with_row(new_row: str) -> bytes:
    lines = _pbn_lines()
    index = lines.index(FIRST_ROW_2)
    lines[index] = new_row
    return "\n".join(lines).encode("latin-1")


def test_a_usebio_void_written_as_a_dash_is_a_void() -> None:
    # EBUScore and PairsScorer write a void "-"; Compscore3 leaves it empty: the same deal either way
    text = HOWELL.read_text(encoding="utf-8")
    assert text.count("<SPADES></SPADES>") >= 1
    whole = read_results(text.encode())
    r = read_results(text.replace("<SPADES></SPADES>", "<SPADES>-</SPADES>").encode())
    assert r.problems == () and r.hand_records == whole.hand_records and len(r.hand_records) == 27


@pytest.mark.parametrize("row", [
    # BridgeWebs: passed out in the contract column, or in the score column
    " 4  1  4 41 PO  -  -  -    -          - 28.3 13.7  67  33",
    " 4  1  4 41 -   -  -  -    PO         - 28.3 13.7  67  33",
], ids=["contract PO", "score PO"])
def test_a_board_passed_out_written_po_is_passed_out_scoring_0(row: str) -> None:
    r = read_results(_seance_with_row(row))
    assert r.problems == () and len(r.lines) == 660
    line = r.lines[1]
    assert (line.board, line.ns_pair, line.ew_pair, line.contract, line.declarer, line.tricks, line.ns_score,
            line.artificial, line.ns_mp) == ("1", "4", "41", "PASS", None, None, 0, None, 28.3)


@pytest.mark.parametrize(("row", "code"), [
    (" 4  1  4 41 A5050 -  -  -    -          - 28.3 13.7  67  33", "A5050"),
    (" 4  1  4 41 A6040 -  -  -    -          - 28.3 13.7  67  33", "A6040"),
    (" 4  1  4 41 -   -  -  -    A          - 28.3 13.7  67  33", "A"),
    (" 4  1  4 41 -   -  -  -    A+         - 28.3 13.7  67  33", "A+"),
    (" 4  1  4 41 -   -  -  -    A-         - 28.3 13.7  67  33", "A-"),
])
def test_bridgewebs_artificial_codes_are_artificial_lines_with_their_code(row: str, code: str) -> None:
    r = read_results(_seance_with_row(row))
    assert r.problems == () and len(r.lines) == 660
    line = r.lines[1]
    assert (line.board, line.ns_pair, line.contract, line.ns_score, line.artificial) == ("1", "4", None, None, code)


@pytest.mark.parametrize("after", ['[Board "1"]', '[Result ""]'])
def test_a_second_score_tag_on_a_board_is_reported_and_the_board_read(after: str) -> None:
    # Magic Contest's board 1 hand-edited with a second [Score]: its 22 lines were dropped in silence
    lines = _pbn_lines()
    index = lines.index(after) + 1  # the first such line is board 1's
    assert _board_above(lines, index) == "1"
    lines.insert(index, '[Score "NS 420"]')
    lines.insert(index, '[Score "NS 400"]')
    whole = read_results(SEANCE.read_bytes())
    r = read_results("\n".join(lines).encode("latin-1"))
    assert len(r.lines) == 660 and len(r.traveller("1")) == 22 and len(r.boards) == 30
    assert r.hand_records == whole.hand_records
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field, problem.value, problem.key) == (
        "1", index + 2, "Score", "NS 420", "results_duplicate_tag")


# --- encodings (issue 36: UTF-16 was "binary data", a Latin-1 name "S\ufffdance") -----------------

@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("path", [SEANCE, HOWELL], ids=["pbn", "usebio"])
def test_a_utf16_file_reads_as_the_same_file_in_8_bit(path: Path, encoding: str) -> None:
    # "utf-16" writes a byte order mark; the -le/-be spellings write none
    original = path.read_bytes()
    text = original.decode("latin-1" if path == SEANCE else "utf-8")
    if path == HOWELL:
        text = text.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>', 1)
    whole, r = read_results(original), read_results(text.encode(encoding))
    assert (r.kind, r.event, r.lines, r.hand_records, r.problems) == (
        whole.kind, whole.event, whole.lines, whole.hand_records, ())
    assert len(r.lines) == (660 if path == SEANCE else 161)


def test_a_latin1_usebio_event_name_is_read_as_latin1() -> None:
    text = HOWELL.read_text(encoding="utf-8").replace("EL Wed 10.00am Open (27-Jul-22)", "Séance 1", 1)
    r = read_results(text.encode("latin-1"))  # no encoding declared: UTF-8 by XML's rule, but it is not
    assert r.event == "Séance 1" and len(r.lines) == 161


def test_the_seance_pbn_s_latin1_event_name_reads() -> None:
    assert b"S\xe9ance 1" in SEANCE.read_bytes()
    assert read_results(SEANCE.read_bytes()).event == "Open /2 DN1 National Finale directe 21-22 - Séance 1"


def test_a_pbn_deal_that_cannot_be_used_is_reported_and_its_board_s_lines_kept() -> None:
    # board 1's [Deal] with North's diamond ten written twice (T984 -> TT84): 14 cards in a hand
    lines = _pbn_lines()
    old = '[Deal "N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8"]'
    index = lines.index(old)
    lines[index] = old.replace("T984", "TT84", 1)
    whole = read_results(SEANCE.read_bytes())
    r = read_results("\n".join(lines).encode("latin-1"))
    assert r.lines == whole.lines and len(r.traveller("1")) == 22
    assert [h.board for h in r.hand_records] == [str(n) for n in range(2, 31)]
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.field) == ("1", None, "deal")
    assert problem.text.startswith("board 1: ")
