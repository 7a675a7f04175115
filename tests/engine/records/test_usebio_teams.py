"""USEBIO teams files (issue 36): each ``MATCH``'s ``BOARD`` read as two traveller lines, one per
room, the teams as the pairs, the home team's ``IMPS`` (or point-a-board ``TEAM_POINTS``) as
North-South's or East-West's.

Real files (tests/data/results-corpus/usebio-teams, the EBU's example sessions): TeamsScorer 5.1.17
(IMPs, 240 lines, the issue's file) and EBUScoreTeams 1.1.3 (point-a-board, 336 lines); they hold no
deals. The hand-written file (tests/data/hand-written/usebio-teams/README.md) has deals, so the
rulings that need the double-dummy solver can be tested on it. Counts are taken from the files by
``xml.etree`` (a separate path from the reader); every figure is worked by hand from the Law 78B
scale (or 78A against one score) and quoted beside its assertion.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.errors import ResultsFileError
from engine.records.results import read_results, travellers
from engine.records.results.against import other_room, team_matches, traveller_form
from engine.scoring.imps import imps
from engine.scoring.matchpoints import board_matchpoints

DATA = Path(__file__).resolve().parents[2] / "data"
TEAMS_DIR = DATA / "results-corpus" / "usebio-teams" / "jacquicollier__ukbridge-club-website"
HAND_WRITTEN = DATA / "hand-written" / "usebio-teams" / "swiss_teams_usebio12.xml"


TEAMS_SCORER = TEAMS_DIR / "multiple-teams.xml"
POINT_A_BOARD = TEAMS_DIR / "point-a-board-teams.xml"


def _rooms(path: Path) -> list[tuple[ET.Element, ET.Element, list[ET.Element]]]:
    """Every ``(MATCH, BOARD, its TRAVELLER_LINEs)`` of a file, by xml.etree."""
    root = ET.fromstring(path.read_bytes())
    return [(m, b, b.findall("TRAVELLER_LINE")) for m in root.iter("MATCH") for b in m.findall("BOARD")]


def test_teamsscorer_file_every_room_read_and_every_boards_imps_the_programs() -> None:
    """TeamsScorer 5.1.17's example session (``EVENT_TYPE`` ``TEAMS``, ``BOARD_SCORING_METHOD``
    ``IMPS``): 40 matches, 120 match-boards, 240 rooms (counted by xml.etree). Every room is read, its
    other room found, and Law 78B on the two rooms' scores gives the program's ``IMPS`` on all 120."""
    rooms = _rooms(TEAMS_SCORER)
    assert (len({id(m) for m, _, _ in rooms}), len(rooms), sum(len(t) for _, _, t in rooms)) == (40, 120, 240)
    r = read_results(TEAMS_SCORER.read_bytes())
    assert (r.program, r.scoring, len(r.lines), r.problems, r.hand_records) == (
        "TeamsScorer 5.1.17", "IMP", 240, (), ())
    assert team_matches(r.lines) == 40 and len(r.boards) == 30
    checked = 0
    for lines in travellers(r.lines).values():
        for ln in lines:
            form = traveller_form(r.scoring, ln, [o for o in lines if o is not ln])
            room = form.other_room
            assert (form.form, form.told_by) == ("teams", "match") and room is not None, ln
            assert ln.ns_score is not None and room.ns_score is not None
            assert imps(ln.ns_score - room.ns_score) == ln.ns_imps, (ln, room)
            checked += 1
    assert checked == 240
    # board 2 of round 1, team 1 v team 3 (by hand): team 1 North-South 3S E =, -140; team 3 North-South in
    # the other room, 5DX N -2, -500; team 1's sum -140 + 500 = +360: 78B, 320-360 is 8 IMPs (the file's IMPS 8)
    first, second = [ln for ln in r.traveller("2") if {ln.ns_pair, ln.ew_pair} == {"1", "3"}]
    assert (first.ns_pair, first.result, first.ns_score, second.ns_pair, second.result, second.ns_score) == (
        "1", "3S E =", -140, "3", "5DX N -2", -500)
    assert imps(-140 - -500) == 8 and (first.ns_imps, second.ns_imps) == (8, -8)
    # TEAM_NAME is empty in this file: the names are the team's players'
    assert first.ns_names == "Dexter Jones & Brian Hollies & Engelbert Foop & Shania Pillow"


def test_point_a_board_file_each_room_scored_against_the_other_alone() -> None:
    """EBUScoreTeams 1.1.3's point-a-board example (``BOARD_SCORING_METHOD`` ``PAB``): 28 matches,
    168 match-boards, 336 rooms. Each board's ``TEAM_POINTS``/``OPPOSING_TEAM_POINTS`` are each room's
    matchpoints as the teams sat; 78A against the other room's score alone (2 for the higher, 1 the
    same, 0) gives them on all 336 rooms; and no IMPs are read (``NS_CROSS_IMP_POINTS`` are the EBU's
    pair grading, not the match's score)."""
    rooms = _rooms(POINT_A_BOARD)
    assert (len({id(m) for m, _, _ in rooms}), len(rooms), sum(len(t) for _, _, t in rooms)) == (28, 168, 336)
    r = read_results(POINT_A_BOARD.read_bytes())
    assert (r.program, r.scoring, r.mp_units, len(r.lines), r.problems) == ("EBUScoreTeams 1.1.3", "PAB", 2, 336, ())
    assert team_matches(r.lines) == 28 and all(ln.ns_imps is None for ln in r.lines)
    checked = 0
    for lines in travellers(r.lines).values():
        for ln in lines:
            form = traveller_form(r.scoring, ln, [o for o in lines if o is not ln])
            room = form.other_room
            assert (form.form, form.told_by) == ("matchpoints", "match") and room is not None, ln
            assert ln.ns_score is not None and room.ns_score is not None
            assert (ln.ns_mp, ln.ew_mp) == board_matchpoints([ln.ns_score, room.ns_score], 2), (ln, room)
            checked += 1
    assert checked == 336
    # board 1, team 1 v team 8 (by hand): team 1 North-South 4SX E =, -590; team 8 North-South in the other
    # room, 4C N +1, +150: team 1's total -740, the board to team 8: 0 and 2 (the file's TEAM_POINTS 0, 2)
    first, second = [ln for ln in r.traveller("1") if {ln.ns_pair, ln.ew_pair} == {"1", "8"}]
    assert (first.ns_pair, first.ns_score, first.ns_mp, first.ew_mp) == ("1", -590, 0, 2)
    assert (second.ns_pair, second.ns_score, second.ns_mp, second.ew_mp) == ("8", 150, 2, 0)


def _data() -> bytes:
    return HAND_WRITTEN.read_bytes()


def test_hand_written_usebio_1_2_teams_file_read_room_by_room() -> None:
    """Every ``MATCH/BOARD/TRAVELLER_LINE`` becomes a line; counted apart with xml.etree."""
    root = ET.fromstring(_data())
    matches = root.findall(".//MATCH")
    rooms = [tl for m in matches for b in m.findall("BOARD") for tl in b.findall("TRAVELLER_LINE")]
    assert (len(matches), len(rooms), len(root.findall("HANDSET/BOARD"))) == (4, 24, 6)

    r = read_results(_data())
    assert (r.kind, r.scoring, r.mp_units, r.problems) == ("usebio", "IMP", 0, ())
    assert (r.program, r.event) == ("hand-written issue 36", "Hand-written Swiss teams (two rounds of three boards)")
    assert len(r.lines) == len(rooms) == 24 and len(r.hand_records) == 6
    assert r.boards == ("1", "2", "3", "4", "5", "6") and team_matches(r.lines) == 4
    # board 1, match 1 v 2 (round 1): the home team (Lions, 1) North-South in the DIRECTION NS room,
    # East-West in the other, where the Tigers (2) sat North-South
    first, second = [ln for ln in r.traveller("1") if {ln.ns_pair, ln.ew_pair} == {"1", "2"}]
    assert (first.ns_pair, first.ew_pair, first.ns_names, first.ew_names) == ("1", "2", "Lions", "Tigers")
    assert (second.ns_pair, second.ew_pair, second.ns_names, second.ew_names) == ("2", "1", "Tigers", "Lions")
    assert (first.round, first.table, first.section) == (1, None, "A")
    assert (first.result, first.ns_score, str(first.lead)) == ("4S S =", 420, "HK")
    assert (second.result, second.ns_score, str(second.lead)) == ("4S S -1", -50, "DT")
    # the file's IMPS (+10, the Lions') is North-South's in the first room and East-West's in the second
    assert (first.ns_imps, first.ew_imps, second.ns_imps, second.ew_imps) == (10, -10, -10, 10)
    # board 2, match 3 v 4: the EW room comes first in the file; the Bears (3) sat North-South in the second
    wolves_ns, bears_ns = [ln for ln in r.traveller("2") if {ln.ns_pair, ln.ew_pair} == {"3", "4"}]
    assert (wolves_ns.ns_pair, wolves_ns.ns_score, bears_ns.ns_pair, bears_ns.ns_score) == ("4", 630, "3", 660)
    assert (bears_ns.ns_imps, wolves_ns.ns_imps) == (1, -1)


def test_every_boards_imps_from_its_two_rooms_equal_the_files() -> None:
    """For each of the 12 boards of a match: the other room is found on the traveller (the teams the
    other way round), the form is teams, and Law 78B on the two rooms' scores gives the file's IMPs."""
    r = read_results(_data())
    checked = 0
    for lines in travellers(r.lines).values():
        for ln in lines:
            others = [o for o in lines if o is not ln]
            form = traveller_form(r.scoring, ln, others)
            assert (form.form, form.told_by) == ("teams", "match"), ln
            room = form.other_room
            assert room is not None and room is other_room(ln, others) and room.round == ln.round
            assert ln.ns_score is not None and room.ns_score is not None and ln.ns_imps is not None
            assert imps(ln.ns_score - room.ns_score) == ln.ns_imps, (ln, room)
            checked += 1
    assert checked == 24  # 12 boards of a match, each from both rooms


def test_one_board_worked_by_hand_from_the_imp_scale() -> None:
    """Board 5 (North-South vulnerable), Lions (1) v Bears (3): the Lions North-South, 4HX by South
    one down, -200; the Bears North-South in the other room, 3H by South made, +140. The Lions'
    sum: -200 - 140 = -340 points; Law 78B: 320-360 points is 8 IMPs, so -8 to the Lions, +8 to the
    Bears (the file's IMPS, -8)."""
    r = read_results(_data())
    lions_ns, bears_ns = [ln for ln in r.traveller("5") if {ln.ns_pair, ln.ew_pair} == {"1", "3"}]
    assert (lions_ns.ns_pair, lions_ns.result, lions_ns.ns_score) == ("1", "4HX S -1", -200)
    assert (bears_ns.ns_pair, bears_ns.result, bears_ns.ns_score) == ("3", "3H S =", 140)
    assert imps(-200 - 140) == -8 and imps(140 - -200) == 8
    assert (lions_ns.ns_imps, bears_ns.ns_imps) == (-8, 8)


def _without(data: bytes, old: bytes, new: bytes = b"", count: int = 1) -> bytes:
    assert data.count(old) >= count, old
    return data.replace(old, new, count)


def test_a_room_that_cannot_be_read_is_named_and_the_rest_read() -> None:
    # board 1, match 1 v 2, the second room's contract mistyped: that room left out and named, 23 read
    data = _without(_data(), b"<CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>DT</LEAD>",
                    b"<CONTRACT>4Q</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>DT</LEAD>")
    r = read_results(data)
    assert len(r.lines) == 23 and len(r.problems) == 1
    p = r.problems[0]
    assert (p.board, p.line, p.field, p.value, p.key) == ("1", 2, "contract", "4Q", "results_bad_value")
    assert p.text == "board 1 (match 1 v 2), line 2: the contract '4Q' cannot be read"
    # the room left alone has no other room on its traveller any more: not teams IMPs against nothing
    alone = next(ln for ln in r.traveller("1") if ln.ns_pair == "1")
    others = [o for o in r.traveller("1") if o is not alone]
    assert other_room(alone, others) is None
    # ... but it is still a teams table (the Bears and the Wolves pair up on the same traveller): never
    # scored at cross-IMPs against the other match's two tables
    found = traveller_form(r.scoring, alone, others)
    assert (found.form, found.told_by, found.other_room) == ("teams", "match", None)
    assert team_matches(r.lines) == 4  # boards 2 and 3 of the same match still pair up


def test_a_match_with_no_opposing_team_names_each_room() -> None:
    data = _without(_data(), b"<OPPOSING_TEAM>2</OPPOSING_TEAM>", b"<OPPOSING_TEAM></OPPOSING_TEAM>")
    r = read_results(data)
    assert len(r.lines) == 18 and len(r.problems) == 6  # match 1 v 2: 3 boards x 2 rooms
    assert [(p.board, p.line, p.field) for p in r.problems] == [(b, i, "opposing team") for b in "123" for i in (1, 2)]
    assert r.problems[0].text == "board 1 (match 1 v ?), line 1: the opposing team '' cannot be read"


def test_a_room_without_direction_is_placed_by_its_pairs_or_named() -> None:
    """USEBIO 1.1 lists each team's pairs (``TEAM/PAIR/PAIR_NUMBER``) and a room's pair numbers:
    without ``DIRECTION`` the room is placed by them; with neither, it is named, not guessed."""
    data = _without(_data(), b"<DIRECTION>NS</DIRECTION>\n          <CONTRACT>4S</CONTRACT>\n          "
                             b"<PLAYED_BY>S</PLAYED_BY>\n          <LEAD>HK</LEAD>",
                    b"<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>\n          "
                    b"<CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>HK</LEAD>")
    named = read_results(data)
    assert len(named.lines) == 23 and [(p.board, p.line, p.field, p.value) for p in named.problems] == [
        ("1", 1, "direction", "")]
    listed = _without(data, b'TEAM_NAME="Lions">', b'TEAM_NAME="Lions"><PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER></PAIR>')
    placed = read_results(listed)
    assert placed.problems == () and len(placed.lines) == 24
    room = next(ln for ln in placed.traveller("1") if ln.ns_score == 420)
    assert (room.ns_pair, room.ew_pair, room.ns_imps) == ("1", "2", 10)


def test_two_rooms_with_the_home_team_on_the_same_side_are_named() -> None:
    # board 3, match 1 v 2: the second room's DIRECTION written NS as well: the first room kept, the second named
    data = _without(_data(), b"<DIRECTION>EW</DIRECTION>\n          <CONTRACT>5D</CONTRACT>",
                    b"<DIRECTION>NS</DIRECTION>\n          <CONTRACT>5D</CONTRACT>")
    r = read_results(data)
    assert len(r.lines) == 23 and [(p.board, p.line, p.field, p.value, p.key) for p in r.problems] == [
        ("3", 2, "direction", "NS", "results_room_twice")]
    assert r.problems[0].text == ("board 3 (match 1 v 2), line 2: both rooms of the board give the direction 'NS': "
                                  "the home team cannot have sat there twice")
    kept = [ln for ln in r.traveller("3") if {ln.ns_pair, ln.ew_pair} == {"1", "2"}]
    assert [(ln.ns_pair, ln.ns_score) for ln in kept] == [("1", -1370)]


def test_teams_event_types_are_imps() -> None:
    for kind in ("TEAMS", "TEAMS_OF_FOUR", "KO", "MULTI_TEAMS"):
        r = read_results(_without(_data(), b'EVENT_TYPE="SWISS_TEAMS"', f'EVENT_TYPE="{kind}"'.encode()))
        assert r.scoring == "IMP" and len(r.lines) == 24, kind


def test_a_teams_file_without_deals_is_read_not_refused() -> None:
    """Before issue 36 a teams file's ``MATCH``es were skipped: with no ``HANDSET`` the file held
    "no deals and no traveller lines" and the upload was refused."""
    data = _data()
    data = data[:data.index(b"<HANDSET>")] + data[data.index(b"</HANDSET>") + len(b"</HANDSET>"):]
    r = read_results(data)
    assert (len(r.lines), r.hand_records, r.problems) == (24, (), ())


def test_a_match_of_unreadable_rooms_only_is_refused_with_the_first_reason() -> None:
    data = _data()
    head, tail = data[:data.index(b"<MATCH>")], data[data.index(b"</SECTION>"):]
    one = data[data.index(b"<MATCH>"):data.index(b"</MATCH>") + len(b"</MATCH>")]
    bad = one.replace(b"<DIRECTION>NS</DIRECTION>", b"<DIRECTION>XX</DIRECTION>").replace(
        b"<DIRECTION>EW</DIRECTION>", b"<DIRECTION>YY</DIRECTION>")
    body = head + bad + tail
    body = body[:body.index(b"<HANDSET>")] + body[body.index(b"</HANDSET>") + len(b"</HANDSET>"):]
    with pytest.raises(ResultsFileError, match=r"board 1 \(match 1 v 2\), line 1: the direction 'XX' cannot be read"):
        read_results(body)
