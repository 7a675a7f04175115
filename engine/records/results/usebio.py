"""USEBIO 1.2 XML (the EBU's results interchange: Compscore3, EBUScore, NZ Scorer through
scorer-to-usebio) and NZ Bridge Scorer's own XML, read with a hardened parser.

The XML is parsed with ``defusedxml``: a document that declares entities (the "billion laughs"
bomb) or refers to an external entity is refused before anything is expanded or fetched; a
``DOCTYPE`` naming the USEBIO DTD is allowed and never fetched.

USEBIO elements read (usebio.org, version 1.2): ``EVENT`` (``EVENT_TYPE``, ``EVENT_DESCRIPTION``,
``PROGRAM_NAME``, ``PROGRAM_VERSION``), ``SESSION`` and ``SECTION`` (``SECTION_ID``) around the
boards, ``PARTICIPANTS/PAIR`` (``PAIR_NUMBER``, ``PLAYER/PLAYER_NAME``), ``BOARD/TRAVELLER_LINE``
(``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``, ``CONTRACT``, ``PLAYED_BY``, ``LEAD``, ``TRICKS``,
``SCORE``, ``NS_MATCH_POINTS``/``EW_MATCH_POINTS``, ``NS_BUTLER_POINTS``, ``NS_CROSS_IMP_POINTS``)
and ``HANDSET/BOARD/HAND`` (the deals). A ``SCORE`` that is not a number (``A6040``) is an
artificial score.

``TRAVELLER_LINE/LIN_DATA`` (BBO Extractor and RealBridge, the sessions played online: a BBO LIN
record, URL-encoded, of the table's deal, auction and play): a board with no ``HANDSET`` deal takes
its deal from its lines' LIN (:func:`lin_hand_record`: the ``md`` tag's hands, the fourth completed,
read by :mod:`engine.records.lin`) when every line's LIN gives the same deal, with the dealer and
vulnerability of the board number (Law 2), which the LIN's ``md`` digit and ``sv`` must agree with;
else the board's deal is left out and named in ``problems`` (never a silent pick of one line's).

Compscore3 writes the lead rank first (``KH``), NZ Scorer suit first (``H4``).

Teams (``EVENT_TYPE`` ``TEAMS``, ``SWISS_TEAMS``, ``TEAMS_OF_FOUR``, ``KO``, ``MULTI_TEAMS``...;
issue 36): ``PARTICIPANTS/TEAM`` (``TEAM_ID`` and ``TEAM_NAME`` attributes, its ``PLAYER``s) and
``MATCH`` (``ROUND_NUMBER``, ``TEAM``, ``OPPOSING_TEAM``, then a ``BOARD`` per board played, with
``IMPS``, the home ``TEAM``'s IMPs on the board, and a ``TRAVELLER_LINE`` per room whose
``DIRECTION``, ``NS`` or ``EW``, is where the home ``TEAM`` sat in that room). Each room is a
traveller line whose pairs are the two teams' numbers as they sat (the home team North-South in one
room, East-West in the other: :func:`engine.records.results.against.other_room` finds the pair), its
``ns_imps`` the North-South team's IMPs on the board; a point-a-board event (``BOARD_SCORING_METHOD``
``PAB``: scoring ``"PAB"``) gives each room the board's points (2, 1, 0) as matchpoints instead.
Real files: TeamsScorer 5.1.17 (IMPs) and EBUScoreTeams 1.1.3 (point-a-board), the EBU's example
sessions (tests/data/results-corpus/usebio-teams); the same elements are read and written by Marc
Shearer's ImportUsebio and a club appliance's writer citing the USEBIO 1.2 specification (not at
hand). A room whose ``DIRECTION`` is
missing is placed by its ``NS_PAIR_NUMBER``/``EW_PAIR_NUMBER`` when the teams list their pairs
(``TEAM/PAIR/PAIR_NUMBER``, as USEBIO 1.1 added for the EBU's teams grading).

NZ Scorer's XML (``<session>``): ``board_results/brsection/result`` with ``tab bd rnd ns ew dec
cont lead res score mp_ns mp_ew``, matchpoints in tenths; a phantom table's line (no contract,
matchpoints ``-9999``) is a sit-out, not a result, and is dropped, as scorer-to-usebio drops it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from urllib.parse import unquote
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from engine.errors import InvalidBoardError, ResultsFileError
from engine.model.cards import Card, Rank, Suit
from engine.model.deal import Deal
from engine.model.seats import Seat
from engine.records.handrecords import (
    SEAT_NAMES,
    HandRecord,
    board_key,
    deal_problem,
    dealer_for_board,
    vulnerability_for_board,
)
from engine.records.lin import LinRecord, read_records
from engine.records.pbn_text import decode
from engine.records.results.model import (
    PASSED_OUT,
    SCORE_HIGH,
    ReadProblem,
    SessionResults,
    TravellerLine,
    hand_record_of,
    law77_score,
    normal_contract,
    pair_number,
    problem_of,
    read_float,
    read_int,
    read_lead,
    read_score,
    read_seat,
)

TEAMS_EVENTS = ("TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR", "KO", "KNOCKOUT", "MULTI_TEAMS", "TEAMS_LEAGUE")
"""USEBIO ``EVENT_TYPE`` values of a teams event (scored in IMPs, one room against the other)."""
POINT_A_BOARD = ("PAB", "POINT_A_BOARD", "BAM", "BOARD_A_MATCH")
"""USEBIO ``BOARD_SCORING_METHOD`` values of a teams event scored point-a-board (EBUScoreTeams
writes ``PAB``): each board 2 points to the team with the higher total of its two rooms, 1 each
for the same, 0 (``BOARD/TEAM_POINTS`` and ``OPPOSING_TEAM_POINTS``)."""
_SCORING = {"MP_PAIRS": "MP", "PAIRS": "MP", "BUTLER_PAIRS": "BUTLER", "CROSS_IMP": "CROSS_IMP",
            "IMP_PAIRS": "CROSS_IMP", **dict.fromkeys(TEAMS_EVENTS, "IMP")}
VOIDS = ("", "-", "\u2014", "VOID")
"""A suit with no card as the programs write it: empty (Compscore3), ``-`` (EBUScore, PairsScorer)."""
_SUIT_TAGS = (("SPADES", Suit.SPADES), ("HEARTS", Suit.HEARTS), ("DIAMONDS", Suit.DIAMONDS), ("CLUBS", Suit.CLUBS))


def parse_xml(data: bytes) -> Element:
    """The root element of an XML document, parsed safely.

    Raises:
        ResultsFileError: key ``results_xml_unsafe``: the document declares entities or refers
            to an external one (refused, nothing expanded or fetched); ``results_xml_broken``:
            not well-formed or cut short (the message gives line and column). A document that
            is Windows-1252 or Latin-1 text declared (or taken) as UTF-8 is read as such.
    """
    try:
        try:
            root: Element = fromstring(data)
        except ParseError:
            eight_bit = _eight_bit_as_utf8(data)
            if eight_bit is None:
                raise
            root = fromstring(eight_bit)
    except DefusedXmlException:
        raise ResultsFileError("the XML file declares entities or refers to an external one, which is refused "
                               "for safety: export it again from the scoring program", key="results_xml_unsafe") \
            from None
    except ParseError as exc:
        line, column = exc.position
        raise ResultsFileError(f"the XML file is damaged or cut short (line {line}, column {column})",
                               key="results_xml_broken", params={"line": line, "column": column}) from None
    return root


_UTF8_DECLARED = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["'](?!utf-?8["'])""", re.IGNORECASE)


def _eight_bit_as_utf8(data: bytes) -> bytes | None:
    """The bytes of an XML document that says it is UTF-8 (or says no encoding, so UTF-8) but is
    not, re-encoded from Windows-1252 (Latin-1 where it has no such byte) as EBUScore writes an
    event name like ``S\xe9ance`` (issue 36); ``None`` when the bytes are UTF-8 or the document
    names another encoding (the parser's error then stands)."""
    if _UTF8_DECLARED.match(data):
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return decode(data).encode("utf-8")
    return None


_METHODS = {"CROSS_IMP": "CROSS_IMP", "CROSS_IMPS": "CROSS_IMP", "IMP_PAIRS": "CROSS_IMP", "IMPS": "CROSS_IMP",
            "IMP": "CROSS_IMP", "BUTLER": "BUTLER", "BUTLER_PAIRS": "BUTLER", "MP_PAIRS": "MP", "MP": "MP",
            "MATCHPOINTS": "MP", "MATCH_POINTS": "MP"}
"""``BOARD_SCORING_METHOD`` (Pianola, EBUScore), ``SCORING_TYPE`` or ``SCORING_METHOD`` (element or
attribute of ``EVENT``) -> the scoring form, when ``EVENT_TYPE`` says only ``PAIRS`` (or nothing):
a pairs event scored in IMPs is cross-IMPs unless it says Butler (issue 36: a Pianola cross-IMP
pairs file, ``BOARD_SCORING_METHOD`` ``CROSS_IMPS``, was matchpointed)."""


def _scoring(event: Element) -> str:
    """The scoring form of a USEBIO ``EVENT``: ``EVENT_TYPE`` (:data:`_SCORING`), made precise by
    ``BOARD_SCORING_METHOD``, ``SCORING_TYPE`` or ``SCORING_METHOD`` (:data:`_METHODS`) when the
    type is the generic ``PAIRS`` or missing; ``""`` when nothing says."""
    kind = (event.get("EVENT_TYPE") or "").strip().upper()
    scoring = _SCORING.get(kind, "")
    if kind in ("", "PAIRS"):
        for name in ("BOARD_SCORING_METHOD", "SCORING_TYPE", "SCORING_METHOD"):
            said = (event.get(name) or event.findtext(name) or "").strip().upper().replace("-", "_").replace(" ", "_")
            if said in _METHODS:
                return _METHODS[said]
    return scoring


def read_usebio(root: Element) -> SessionResults:
    """The deals and traveller lines of a USEBIO document (its root element ``USEBIO``).

    The deals: the ``HANDSET``'s, and for a board it lacks, the deal its traveller lines'
    ``LIN_DATA`` agree on (:func:`lin_hand_record`).

    Raises:
        Nothing: a traveller line with a value that cannot be read, a HANDSET deal that is not
        52 cards, 13 in each hand, or a board whose lines' LIN deals cannot give one deal, is left
        out and named in ``problems``.
    """
    event = root.find("EVENT")
    if event is None:
        event = Element("EVENT")
    program = " ".join(t for t in ((event.findtext("PROGRAM_NAME") or "").strip(),
                                   (event.findtext("PROGRAM_VERSION") or "").strip()) if t)
    scoring = _scoring(event)
    if scoring == "IMP" and (event.findtext("BOARD_SCORING_METHOD") or "").strip().upper() in POINT_A_BOARD:
        scoring = "PAB"
    lines: list[TravellerLine] = []
    problems: list[ReadProblem] = []
    lin: dict[str, list[LinOnLine]] = defaultdict(list)
    for ev in root.iter("EVENT"):
        names = _pair_names(ev)
        teams = _teams(ev)
        for section, element in _boards(ev, ""):
            if element.tag == "MATCH":
                lines.extend(_match_lines(element, section, teams, problems))
            else:
                lines.extend(_usebio_lines(element, section, names, problems))
            for board_el in element.findall("BOARD") if element.tag == "MATCH" else [element]:
                for i, tl in enumerate(board_el.findall("TRAVELLER_LINE"), start=1):
                    text = (tl.findtext("LIN_DATA") or "").strip()
                    if text:
                        lin[_board_of(board_el)].append(LinOnLine(section, i, text))
    records = []
    for hs in root.iter("HANDSET"):
        for b in hs.findall("BOARD"):
            try:
                records.append(_handset_board(b))
            except ResultsFileError as exc:
                problems.append(problem_of(exc, _board_of(b), None))
    dealt = {r.board for r in records}
    for board, found in lin.items():
        if board in dealt or board == "?":
            continue
        try:
            records.append(lin_hand_record(board, found))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board, None))
    return SessionResults("usebio", program, (event.findtext("EVENT_DESCRIPTION") or "").strip(), scoring,
                          2 if scoring in ("MP", "PAB") else 0, tuple(sorted(records, key=lambda r: _num(r.board))),
                          tuple(lines), tuple(problems))


def _board_of(board_el: Element) -> str:
    raw = (board_el.findtext("BOARD_NUMBER") or "").strip()
    return board_key(raw) if raw else "?"


def _num(board: str) -> tuple[int, str]:
    return (int(board), "") if board.isdigit() else (10**9, board)


def _boards(element: Element, section: str) -> Iterator[tuple[str, Element]]:
    """Every traveller ``BOARD`` (pairs) and teams ``MATCH`` under ``element`` with its section
    (``SECTION_ID``), in file order."""
    for child in element:
        if child.tag in ("BOARD", "MATCH"):
            yield section, child
        elif child.tag in ("SECTION", "SESSION"):
            sid = child.get("SECTION_ID") or child.findtext("SECTION_ID") or "" if child.tag == "SECTION" else ""
            yield from _boards(child, sid.strip() or section)


def _pair_names(event: Element) -> dict[tuple[str, str], str]:
    """``(section, pair number) -> "NAME & NAME"`` from every ``PARTICIPANTS/PAIR``."""
    out: dict[tuple[str, str], str] = {}
    for pair in event.iter("PAIR"):
        section, number = pair_number(pair.findtext("PAIR_NUMBER"))
        players = [(p.findtext("PLAYER_NAME") or "").strip() for p in pair.findall("PLAYER")]
        out[(section, number)] = " & ".join(p for p in players if p)
    return out


@dataclass(frozen=True, slots=True)
class _Team:
    """A team of ``PARTICIPANTS``: its name (``TEAM_NAME``, else its players' names) and the pair
    numbers it lists (``TEAM/PAIR/PAIR_NUMBER``)."""

    name: str
    pairs: frozenset[str]


def _teams(event: Element) -> dict[str, _Team]:
    """``team number -> _Team`` from every ``PARTICIPANTS/TEAM`` (its number the ``TEAM_ID``
    attribute, else a ``TEAM_NUMBER`` or ``TEAM_ID`` element)."""
    out: dict[str, _Team] = {}
    for participants in event.iter("PARTICIPANTS"):
        for team in participants.findall("TEAM"):
            number = pair_number(team.get("TEAM_ID") or team.findtext("TEAM_NUMBER") or team.findtext("TEAM_ID"))[1]
            players = [(p.findtext("PLAYER_NAME") or "").strip() for p in team.iter("PLAYER")]
            name = (team.get("TEAM_NAME") or team.findtext("TEAM_NAME") or "").strip()
            pairs = frozenset(pair_number(p.findtext("PAIR_NUMBER"))[1] for p in team.findall("PAIR"))
            if number:
                out[number] = _Team(name or " & ".join(p for p in players if p), pairs - {""})
    return out


_DIRECTIONS = {"NS": "NS", "N-S": "NS", "N/S": "NS", "NORTH-SOUTH": "NS", "NORTHSOUTH": "NS", "N": "NS",
               "NORTH": "NS", "EW": "EW", "E-W": "EW", "E/W": "EW", "EAST-WEST": "EW", "EASTWEST": "EW", "E": "EW",
               "EAST": "EW"}


def _match_lines(match: Element, section: str, teams: dict[str, _Team],
                 problems: list[ReadProblem]) -> list[TravellerLine]:
    """The traveller lines of one teams ``MATCH``: a line per room of each of its ``BOARD``s;
    a room that cannot be read, or a second room with the same team North-South (key
    ``results_room_twice``), is added to ``problems`` (the other room is kept)."""
    home = pair_number(match.findtext("TEAM"))[1]
    away = pair_number(match.findtext("OPPOSING_TEAM"))[1]
    out = []
    for board_el in match.findall("BOARD"):
        board = _board_of(board_el)
        seen: set[str] = set()  # the teams North-South in the rooms read so far
        for i, tl in enumerate(board_el.findall("TRAVELLER_LINE"), start=1):
            where = f"board {board} (match {home or '?'} v {away or '?'}), line {i}"
            try:
                line = _room_line(match, board_el, tl, board, where, section, (home, away), teams)
            except ResultsFileError as exc:
                problems.append(problem_of(exc, board, i))
                continue
            if line.ns_pair in seen:  # two rooms with the same team North-South: not two rooms of a match
                direction = "NS" if line.ns_pair == home else "EW"
                error = ResultsFileError(f"{where}: both rooms of the board give the direction {direction!r}: the "
                                         "home team cannot have sat there twice", key="results_room_twice",
                                         params={"where": where, "text": direction})
                problems.append(ReadProblem(board, i, "direction", direction, error.key,
                                            (("text", direction), ("where", where)), error.message))
                continue
            seen.add(line.ns_pair)
            out.append(line)
    return out


def _room_line(match: Element, board_el: Element, tl: Element, board: str, where: str, section: str,
               home_away: tuple[str, str], teams: dict[str, _Team]) -> TravellerLine:
    """One room of a teams board: the teams as they sat (``home_away``: the ``MATCH``'s ``TEAM``
    and ``OPPOSING_TEAM``), the result read as a pairs line is, and North-South's IMPs from the
    board's ``IMPS`` (the home team's: negated when the home team sat East-West in this room), else
    the line's own ``NS_IMPS``; at point-a-board the board's ``TEAM_POINTS`` and
    ``OPPOSING_TEAM_POINTS`` (the home and the visiting team's 2, 1 or 0) as the room's
    ``ns_mp``/``ew_mp`` as the teams sat. A teams line's ``NS_CROSS_IMP_POINTS`` (the EBU's grading
    of each pair, USEBIO 1.1) are not the match's IMPs and are not read as them.

    Raises:
        ResultsFileError: ``where``: a team missing from the ``MATCH``, a room that cannot be
            told (no ``DIRECTION`` and pair numbers of no listed team), or a value that cannot be read.
    """
    home, away = home_away
    if not home or not away:
        what, text = ("team", match.findtext("TEAM") or "") if not home else \
            ("opposing team", match.findtext("OPPOSING_TEAM") or "")
        raise ResultsFileError(f"{where}: the {what} {text!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": what, "text": text})
    home_sat = _home_direction(tl, home, away, teams, where)
    ns_team, ew_team = (home, away) if home_sat == "NS" else (away, home)
    line = _usebio_line(tl, board, 0, section, {}, where=where)
    round_ = read_int(match.findtext("ROUND_NUMBER"), where, "round")
    home_imps = read_float(board_el.findtext("IMPS"), where, "IMPs")
    home_points = read_float(board_el.findtext("TEAM_POINTS"), where, "points")
    away_points = read_float(board_el.findtext("OPPOSING_TEAM_POINTS"), where, "points")
    ns_mp, ew_mp = (home_points, away_points) if home_sat == "NS" else (away_points, home_points)
    ns_imps = read_float(tl.findtext("NS_IMPS"), where, "IMPs") if home_imps is None else \
        (home_imps if home_sat == "NS" else 0.0 - home_imps)  # 0.0 - x: never -0.0
    return replace(line, round=round_, ns_pair=ns_team, ew_pair=ew_team,
                   ns_names=teams[ns_team].name if ns_team in teams else "",
                   ew_names=teams[ew_team].name if ew_team in teams else "",
                   ns_imps=ns_imps, ew_imps=None if ns_imps is None else 0.0 - ns_imps, ns_mp=ns_mp, ew_mp=ew_mp)


def _home_direction(tl: Element, home: str, away: str, teams: dict[str, _Team], where: str) -> str:
    """``"NS"`` or ``"EW"``: where the home team sat in this room, by the line's ``DIRECTION``,
    else by its ``NS_PAIR_NUMBER``/``EW_PAIR_NUMBER`` among the teams' listed pairs.

    Raises:
        ResultsFileError: ``where``: neither tells it."""
    text = (tl.findtext("DIRECTION") or "").strip()
    found = _DIRECTIONS.get(text.upper().replace(" ", ""))
    if found is not None:
        return found
    ns = pair_number(tl.findtext("NS_PAIR_NUMBER"))[1]
    ew = pair_number(tl.findtext("EW_PAIR_NUMBER"))[1]
    home_pairs = teams[home].pairs if home in teams else frozenset()
    away_pairs = teams[away].pairs if away in teams else frozenset()
    if ns and (ns in home_pairs or ew in away_pairs):
        return "NS"
    if ew and (ew in home_pairs or ns in away_pairs):
        return "EW"
    raise ResultsFileError(f"{where}: the direction {text!r} cannot be read", key="results_bad_value",
                           params={"where": where, "what": "direction", "text": text})


def _usebio_lines(board_el: Element, section: str, names: dict[tuple[str, str], str],
                  problems: list[ReadProblem]) -> list[TravellerLine]:
    """The traveller lines of one ``BOARD``; a line that cannot be read is added to ``problems``."""
    board = _board_of(board_el)
    out = []
    for i, tl in enumerate(board_el.findall("TRAVELLER_LINE"), start=1):
        try:
            out.append(_usebio_line(tl, board, i, section, names))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board, i, _cells(tl, section)))
    return out


def _cells(tl: Element, section: str) -> list[tuple[str, str | None]]:
    """What a ``TRAVELLER_LINE`` that could not be read had, by the names of
    :data:`engine.records.results.model.LINE_FIELDS` (USEBIO gives no table or round)."""
    sec_ns, ns_pair = pair_number(tl.findtext("NS_PAIR_NUMBER"))
    _, ew_pair = pair_number(tl.findtext("EW_PAIR_NUMBER"))
    return [("section", section or sec_ns), ("ns_pair", ns_pair), ("ew_pair", ew_pair),
            ("contract", tl.findtext("CONTRACT")), ("declarer", tl.findtext("PLAYED_BY")),
            ("lead", tl.findtext("LEAD")), ("tricks", tl.findtext("TRICKS")), ("ns_score", tl.findtext("SCORE"))]


def _usebio_line(tl: Element, board: str, i: int, section: str, names: dict[tuple[str, str], str],
                 where: str = "") -> TravellerLine:
    """Line ``i`` (1-based) of board ``board`` (said as ``where`` when given: a teams room).

    Raises:
        ResultsFileError: a value that cannot be read."""
    where = where or f"board {board}, line {i}"
    sec_ns, ns_pair = pair_number(tl.findtext("NS_PAIR_NUMBER"))
    sec_ew, ew_pair = pair_number(tl.findtext("EW_PAIR_NUMBER"))
    sec = section or sec_ns or sec_ew
    score_text = (tl.findtext("SCORE") or "").strip()
    contract_text = (tl.findtext("CONTRACT") or "").strip()
    artificial = None
    ns_score = None
    contract = declarer = tricks = None
    if contract_text.upper() == "NP":
        artificial = "NP"
    elif score_text.lstrip("-").isdigit():
        ns_score = read_score(score_text, where)
        if contract_text:
            contract = normal_contract(contract_text, where)
            if contract != PASSED_OUT:
                declarer = read_seat(tl.findtext("PLAYED_BY") or "", where)
                tricks = read_int(tl.findtext("TRICKS"), where, "tricks", 0, 13)
    else:
        artificial = score_text or None
    return TravellerLine(
        board=board, section=sec, ns_pair=ns_pair, ew_pair=ew_pair,
        ns_names=names.get((sec, ns_pair), names.get((sec_ns, ns_pair), "")),
        ew_names=names.get((sec, ew_pair), names.get((sec_ew, ew_pair), "")),
        contract=contract, declarer=declarer, lead=read_lead(tl.findtext("LEAD"), where) if contract else None,
        tricks=tricks, ns_score=ns_score, artificial=artificial,
        ns_mp=read_float(tl.findtext("NS_MATCH_POINTS"), where, "matchpoints"),
        ew_mp=read_float(tl.findtext("EW_MATCH_POINTS"), where, "matchpoints"),
        ns_imps=read_float(tl.findtext("NS_BUTLER_POINTS") or tl.findtext("NS_CROSS_IMP_POINTS"), where, "IMPs"),
        ew_imps=read_float(tl.findtext("EW_BUTLER_POINTS") or tl.findtext("EW_CROSS_IMP_POINTS"), where, "IMPs"))


@dataclass(frozen=True, slots=True)
class LinOnLine:
    """A traveller line's ``LIN_DATA`` as written (URL-encoded LIN), with where it is: the
    line's ``section`` (``""`` for one) and its place ``line`` (1-based) on its board."""

    section: str
    line: int
    text: str

    @property
    def label(self) -> str:
        """The line as the messages name it: ``"line 3"``, ``"section B line 3"``."""
        return f"section {self.section} line {self.line}" if self.section else f"line {self.line}"


def lin_hand_record(board: str, found: Sequence[LinOnLine]) -> HandRecord:
    """The hand record of ``board`` (its number as :func:`board_key` spells it) from the
    ``LIN_DATA`` of its traveller lines (``found``, file order, at least one).

    Each line's LIN (URL-decoded) is read by :func:`engine.records.lin.read_records`: the ``md``
    tag's dealer digit (1 South, 2 West, 3 North, 4 East) and hands in BBO's order South, West,
    North, East, a hand left out being the cards the other three do not hold; ``sv`` the
    vulnerability (``o`` none, ``n``, ``e``, ``b`` both). The record's dealer and vulnerability
    are the board number's (Law 2: board 1 North and none vulnerable...), as for a ``HANDSET``.

    Raises:
        ResultsFileError: key ``results_lin_bad_deal`` (params ``board``, ``line``, ``problem``):
            a line's LIN holds no deal, one that cannot be read, or one that is not 52 cards, 13 in
            each hand; ``results_lin_not_law2`` (``board``, ``line``, ``what``: ``"dealer"``,
            ``"vulnerability"`` or ``"board number"``): a line's LIN deals from another seat, gives
            another vulnerability or names another board than the board number's (Law 2);
            ``results_lin_deals_differ`` (``board``, ``line``, ``other``): two lines' LIN deals
            differ. The board's deal is then not taken from any line.
    """
    if not board.isdigit():
        raise ResultsFileError(f"board {board}: no board number", key="results_bad_deal",
                               params={"board": board, "problem": "no board number"})
    number = int(board)
    law2 = {"dealer": dealer_for_board(number), "vulnerability": vulnerability_for_board(number), "board number": board}
    first: tuple[LinOnLine, Deal] | None = None
    for on_line in found:
        rec, deal = _lin_deal(board, on_line)
        said = {"dealer": rec.dealer, "vulnerability": rec.vulnerability,
                "board number": board_key(rec.board) if rec.board and rec.board.strip() else None}
        for what, value in said.items():
            if value is not None and value != law2[what]:
                shown = SEAT_NAMES[value] if isinstance(value, Seat) else str(getattr(value, "value", value))
                raise ResultsFileError(
                    f"board {board}: the LIN_DATA of {on_line.label} gives the {what} {shown}, not board "
                    f"{board}'s (Law 2): the board's deal is not taken from it", key="results_lin_not_law2",
                    params={"board": board, "line": on_line.label, "what": what, "text": shown})
        if first is None:
            first = (on_line, deal)
        elif deal != first[1]:
            raise ResultsFileError(
                f"board {board}: the deals in the LIN_DATA of {first[0].label} and {on_line.label} differ: the "
                "board's deal is not taken from them", key="results_lin_deals_differ",
                params={"board": board, "line": first[0].label, "other": on_line.label})
    if first is None:
        raise ResultsFileError(f"board {board}: no LIN_DATA", key="results_bad_deal",
                               params={"board": board, "problem": "no LIN_DATA"})
    return HandRecord(board, dealer_for_board(number), vulnerability_for_board(number), first[1])


def _lin_deal(board: str, on_line: LinOnLine) -> tuple[LinRecord, Deal]:
    """One line's LIN record (its ``md`` dealer, ``sv`` vulnerability and board number as
    written, ``None`` where it gives none) and its deal.

    Raises:
        ResultsFileError: ``results_lin_bad_deal`` (see :func:`lin_hand_record`).
    """
    def bad(problem: str) -> ResultsFileError:
        return ResultsFileError(f"board {board}: the deal in the LIN_DATA of {on_line.label} cannot be read: "
                                f"{problem}", key="results_lin_bad_deal",
                                params={"board": board, "line": on_line.label, "problem": problem})

    records = read_records(unquote(on_line.text))
    if len(records) != 1:
        raise bad(f"{len(records)} deals (md|) on one line" if records else "no deal (md|)")
    rec = records[0]
    try:
        deal = rec.deal()
    except InvalidBoardError as exc:
        reason = exc.params.get("reason")
        raise bad(reason.message if isinstance(reason, InvalidBoardError) else exc.message) from None
    problem = deal_problem(deal)
    if problem is not None:
        raise bad(problem)
    return rec, deal


def _handset_board(board_el: Element) -> HandRecord:
    """One ``HANDSET/BOARD``: four ``HAND``s (``DIRECTION`` North..., suits as rank letters, a
    void empty or written ``-`` as EBUScore and PairsScorer do); dealer and vulnerability by the
    board number (Law 2), USEBIO 1.2 giving neither."""
    board = _board_of(board_el)
    where = f"board {board}"
    hands: dict[Seat, set[Card]] = {}
    for hand in board_el.findall("HAND"):
        seat = read_seat(hand.findtext("DIRECTION") or "", where + " (HANDSET)")
        cards: set[Card] = set()
        for tag, suit in _SUIT_TAGS:
            text = (hand.findtext(tag) or "").strip().upper().replace("10", "T")
            if text in VOIDS:  # EBUScore and PairsScorer write a void as "-"
                continue
            for letter in text:
                try:
                    cards.add(Card(suit, Rank.from_letter(letter)))
                except ValueError:
                    what = f"{tag.lower()} of {seat.value}"
                    raise ResultsFileError(f"{where}: the {what} {letter!r} cannot be read", key="results_bad_value",
                                           params={"where": where, "what": what, "text": letter}) from None
        hands[seat] = cards
    return hand_record_of(board, hands, where)


def read_nz_scorer(root: Element) -> SessionResults:
    """The traveller lines of NZ Bridge Scorer's own XML (root ``session``); it holds no deals.

    Matchpoints are written in tenths (``mp_ns="160"`` is 16.0), so ``mp_units`` is 20.

    A result with a value that cannot be read is left out and named in ``problems``.
    """
    names: dict[str, str] = {}
    for pair in root.iter("pair"):
        who = " & ".join(p for p in (pair.get("player_name_1", ""), pair.get("player_name_2", "")) if p)
        names[f"{pair.get('no', '')}{pair.get('dir', '')}"] = who
    lines = []
    problems: list[ReadProblem] = []
    several = len(list(root.iter("brsection"))) > 1
    for brsection in root.iter("brsection"):
        section = brsection.get("id", "")
        for i, r in enumerate(brsection.iter("result"), start=1):
            board = board_key(r.get("bd", "") or "?")
            try:
                line = _nz_line(r, board, i, section, names, several)
            except ResultsFileError as exc:
                problems.append(problem_of(exc, board, i))
                continue
            if line is not None:
                lines.append(line)
    program = "NZ Bridge Scorer"
    return SessionResults("nz-scorer", program, root.get("event_name", ""),
                          "MP" if root.get("scoring_type", "MP") == "MP" else "", 20, (), tuple(lines), tuple(problems))


def _nz_line(r: Element, board: str, i: int, section: str, names: dict[str, str],
             several: bool) -> TravellerLine | None:
    """Result ``i`` (1-based) of ``section``'s board ``board``; ``None`` for a phantom's sit-out.

    Raises:
        ResultsFileError: a value that cannot be read."""
    where = f"board {board}, line {i}"
    cont, score = r.get("cont", "").strip(), r.get("score", "").strip()
    if not cont and r.get("mp_ns") == "-9999":
        return None  # a phantom pair's sit-out: no one played the board at this table
    contract = declarer = tricks = None
    ns_score = None
    artificial = None
    if cont.upper() == "N P":
        artificial = "NP"
    elif cont:
        contract = normal_contract(cont, where)
        if contract != PASSED_OUT:
            declarer = read_seat(r.get("dec", ""), where)
            res = r.get("res", "").strip()
            over = 0 if res in ("=", "") else read_int(res, where, "result", -13, 13) or 0
            tricks = int(contract[0]) + 6 + over
        ns_score = read_int(score, where, "score", -SCORE_HIGH, SCORE_HIGH) \
            if score.lstrip("-").isdigit() else \
            (0 if contract == PASSED_OUT else law77_score(board, contract, declarer or Seat.NORTH, tricks or 0))
    else:
        artificial = score or "NP"
    ns, ew = r.get("ns", ""), r.get("ew", "")
    return TravellerLine(
        board=board, section=section if several else "",
        round=read_int(r.get("rnd"), where, "round"), table=read_int(r.get("tab"), where, "table"),
        ns_pair=ns, ew_pair=ew, ns_names=names.get(ns + "N", ""), ew_names=names.get(ew + "E", ""),
        contract=contract, declarer=declarer, lead=read_lead(r.get("lead"), where), tricks=tricks,
        ns_score=ns_score, artificial=artificial,
        ns_mp=read_float(r.get("mp_ns"), where, "matchpoints"),
        ew_mp=read_float(r.get("mp_ew"), where, "matchpoints"))

