"""Bridgemate ``.bws`` files: the MS Access (Jet) database that Bridgemate Control Software and
the scoring program share during a session, read with ``access-parser`` (pure Python).

Tables read: ``ReceivedData`` (one row per table result: ``Section``, ``Table``, ``Round``,
``Board``, ``PairNS``, ``PairEW``, ``Declarer`` (a pair number), ``NS/EW`` (the declarer's
seat), ``Contract`` (``"3 H"``, ``"2 D x"``, ``"PASS"``), ``Result`` (``"-1"``, ``"="``,
``"+2"``), ``LeadCard``, ``Remarks``, ``Erased``), ``Section`` (the letters) and ``HandRecord``
(the deals, when the dealing file was loaded). Rows marked ``Erased`` are dropped. A row with a
remark from Bridgemate's fixed list (``"40%-60%"``, ``"Not played"``, ``"Arbitral score"``) is
an artificial score: its contract and result are empty although ``Declarer`` and ``NS/EW`` are
still filled, so they are ignored. ``BiddingData`` and ``PlayData`` are not read (no real sample
holds rows). Players' names are not read: in the real sample ``PlayerNames`` has no rows and
``PlayerNumbers`` holds no number or name; access-parser 0.0.6 cannot read ``PlayerNumbers``
either (rows written with 7 columns before ``TimeLog`` was added: it reads each fixed column at
the table's offset without checking the row's column count, past the row's end). The file
holds no scores: North-South's score is computed by Law 77 with the board's vulnerability
(Law 2's cycle, or the ``HandRecord``).
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

from access_parser import AccessParser
from access_parser.parsing_primitives import parse_data_page_header

from engine.errors import InvalidBoardError, ResultsFileError
from engine.model.cards import Card, Rank, Suit
from engine.model.seats import SEATS, Seat
from engine.records.handrecords import HandRecord, board_key
from engine.records.results.model import (
    MAX_LINES,
    PASSED_OUT,
    ReadProblem,
    SessionResults,
    TravellerLine,
    hand_record_of,
    law77_score,
    normal_contract,
    problem_of,
    read_lead,
    read_seat,
    too_many,
    unreadable_card,
)

JET_SIGNATURES = (b"Standard Jet DB", b"Standard ACE DB")
"""What an Access/Jet database holds at byte 4 (Jet 3/4 ``.mdb``/``.bws``; ACE ``.accdb``)."""

_SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_SUITS = (("Spades", Suit.SPADES), ("Hearts", Suit.HEARTS), ("Diamonds", Suit.DIAMONDS), ("Clubs", Suit.CLUBS))


def is_access(data: bytes) -> bool:
    """Whether ``data`` starts like an MS Access (Jet/ACE) database."""
    return data[4:19] in JET_SIGNATURES


def read_bws(data: bytes) -> SessionResults:
    """The traveller lines (``ReceivedData``) and deals (``HandRecord``) of a ``.bws`` file's bytes.

    Raises:
        ResultsFileError: key ``results_bws_unreadable``: the database cannot be read or has no
            ``ReceivedData`` table;
            ``results_too_many_lines``: the table's pages hold more rows than
            :data:`~engine.records.results.model.MAX_LINES` (counted before they are read).
        Nothing for a row with a contract, seat, result or lead that cannot be read, nor for a
        deal that cannot: it is left out and named in ``problems`` (line: the ``ReceivedData``
        row, 1-based).
    """
    logging.getLogger("access_parser").setLevel(logging.CRITICAL)  # it logs each system-table chunk it skips
    try:
        with tempfile.NamedTemporaryFile(suffix=".bws") as f:  # access-parser reads a path
            f.write(data)
            f.flush()
            db = AccessParser(f.name)
            if "ReceivedData" not in db.catalog:
                raise ResultsFileError("a Bridgemate .bws file that cannot be read: it has no ReceivedData table",
                                       key="results_bws_unreadable", params={"why": "it has no ReceivedData table"})
            if _stored_rows(db, "ReceivedData", MAX_LINES) > MAX_LINES:  # before access-parser builds them:
                raise too_many("lines")  # overlapping rows gave 1.22 million
            received = db.parse_table("ReceivedData")
            sections = _rows(db.parse_table("Section")) if "Section" in db.catalog else []
            hands = _rows(db.parse_table("HandRecord")) if "HandRecord" in db.catalog else []
    except ResultsFileError:
        raise
    except Exception as exc:  # access-parser raises struct, construct and key errors on damaged files
        raise ResultsFileError(f"a Bridgemate .bws file that cannot be read: the database is damaged "
                               f"({type(exc).__name__})", key="results_bws_unreadable",
                               params={"why": f"the database is damaged ({type(exc).__name__})"}) from None
    letters = {str(r.get("ID")): str(r.get("Letter") or "").strip() for r in sections}
    problems: list[ReadProblem] = []
    records = []
    for r in hands:
        try:
            records.append(_hand_record(r))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board_key(str(r.get("Board") or "?")), None))
    vul = {r.board: r.vulnerability for r in records}
    lines = []
    for i, r in enumerate(_rows(received), start=1):
        if r.get("Erased"):
            continue
        try:
            lines.append(_line(r, letters, vul))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board_key(str(r.get("Board") or "?")), i))
    lines.sort(key=lambda ln: (ln.section, ln.round or 0, ln.table or 0, int(ln.board) if ln.board.isdigit() else 0))
    return SessionResults("bws", "Bridgemate", "", "", 0, tuple(sorted(records, key=lambda r: int(r.board))),
                          tuple(lines), tuple(problems))


def _stored_rows(db: AccessParser, name: str, stop: int) -> int:
    """How many rows table ``name``'s data pages say they hold (their record offsets, deleted
    rows included): the most rows access-parser can make of it, counted from the pages' headers
    without reading a row; the count stops at the first page that takes it over ``stop`` (a file
    refused for too many rows need not have every page header parsed: 28 of the 2,476 of
    tests/hostile_files.py's overlapping file)."""
    table = db.get_table(name)
    total = 0
    for page in table.table.linked_pages if table is not None else []:
        total += parse_data_page_header(page, version=db.version).record_count
        if total > stop:
            break
    return total


def _rows(table: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """access-parser's columns (name -> values) as rows (name -> value)."""
    n = max((len(v) for v in table.values()), default=0)
    return [{k: (v[i] if i < len(v) else None) for k, v in table.items()} for i in range(n)]


def _line(row: Mapping[str, Any], letters: Mapping[str, str], vul: Mapping[str, Any]) -> TravellerLine:
    section = letters.get(str(row.get("Section")), str(row.get("Section") or ""))
    board = board_key(str(row.get("Board") or "?"))
    where = f"section {section}, table {row.get('Table')}, round {row.get('Round')}, board {board}"
    remark = str(row.get("Remarks") or "").strip()
    contract_text = str(row.get("Contract") or "").strip()
    contract = declarer = tricks = None
    ns_score = None
    artificial = None
    if remark and remark.lower() not in ("", "wrong direction"):
        artificial = remark  # Bridgemate's fixed list: "Not played", "40%-60%"..., "Arbitral score"
    elif contract_text:
        contract = normal_contract(contract_text, where)
        if contract == PASSED_OUT:
            ns_score = 0
        else:
            declarer = read_seat(str(row.get("NS/EW") or ""), where)
            result = str(row.get("Result") or "").strip()
            try:
                over = 0 if result in ("=", "") else int(result)
            except ValueError:
                raise ResultsFileError(f"{where}: the result {result!r} cannot be read", key="results_bad_value",
                                       params={"where": where, "what": "result", "text": result}) from None
            tricks = int(contract[0]) + 6 + over
            if not 0 <= tricks <= 13:
                raise ResultsFileError(f"{where}: the result {result!r} cannot be read",
                                       key="results_bad_value", params={"where": where, "what": "result",
                                                                        "text": result})
            ns_score = law77_score(board, contract, declarer, tricks, vul.get(board))
    else:
        artificial = "NP"
    return TravellerLine(
        board=board, section=section, round=_int(row.get("Round")), table=_int(row.get("Table")),
        ns_pair=str(row.get("PairNS") or ""), ew_pair=str(row.get("PairEW") or ""), contract=contract,
        declarer=declarer, lead=read_lead(str(row.get("LeadCard") or ""), where) if contract else None,
        tricks=tricks, ns_score=ns_score, artificial=artificial)


def _int(value: Any) -> int | None:
    return int(value) if isinstance(value, int | float) or (isinstance(value, str) and value.isdigit()) else None


def _hand_record(row: Mapping[str, Any]) -> HandRecord:
    board = board_key(str(row.get("Board") or "?"))
    hands: dict[Seat, set[Card]] = {}
    for seat in SEATS:
        cards: set[Card] = set()
        for name, suit in _SUITS:
            text = str(row.get(_SEAT_NAMES[seat] + name) or "").upper().replace("10", "T")
            for letter in text.replace(" ", ""):
                try:
                    cards.add(Card(suit, Rank.from_letter(letter)))
                except InvalidBoardError:
                    raise unreadable_card(board, letter) from None
        hands[seat] = cards
    return hand_record_of(board, hands, f"board {board}")
