"""PBN results: the deals, and the ``[ScoreTable]`` of each board read as data (PBN 2.1, section
4: the tag's value names the columns, ``Name\\width`` with an optional alignment; each row below
it gives one value per column, quoted when it holds spaces).

Columns are found by name, so any order works: ``Table``, ``Round``, ``PairId_NS``,
``PairId_EW``, ``Contract``, ``Declarer``, ``Result`` (tricks won by the declarer's side), ``Lead``,
``Score_NS``, ``Score_EW``, ``MP_NS``, ``MP_EW``, ``IMP_NS``, ``IMP_EW``, and ``Multiplicity``
(a frequency table: the row stands for that many tables), and ``Section`` (the advisor's export
writes one; else a section is read from a pair number written ``(B) 19``). Traps of real files handled here:
Magic Contest writes ``3N``, ``Pass``, quoted scores (``"670"``) with ``-`` in the other column,
and artificial scores as ``A+``/``A-`` in the score columns (kept as ``"A+/A-"``). BridgeWebs
writes a board passed out as ``PO`` (contract or score) and an artificial score as one code,
``A``, ``A+``, ``A-``, ``A5050``, ``A6040``, in the contract or North-South's score column (kept
as written: ``"A5050"``); its table may have no score column at all (``PairId_NS;PairId_EW;Contract;
Declarer;Result``, doubled written ``4S*``): North-South's score is then Law 77's, from the
contract, the tricks and the board's ``[Vulnerable]`` tag (Law 2's cycle by the board number when
absent), as for a Bridgemate ``.bws``. The advisor's own export writes a weighted score's code
(:data:`~engine.records.results.model.WEIGHTED_CODE`, ``"W420@60/-50@40"``) in ``Score_NS`` and a
split score as both columns that do not balance (``Score_NS 420``, ``Score_EW -620``), read as
the split's code ``"S420/-620"``. ``TotalScoreTable`` (ranking) and
``OptimumResultTable`` (double-dummy tricks) are read by :func:`table_rows` too; they are not
traveller lines.
"""

from __future__ import annotations

import dataclasses
import re

from engine.errors import InvalidBoardError, PbnError, ResultsFileError, clip
from engine.model.seats import Vulnerability
from engine.records.files import read_games
from engine.records.handrecords import board_key, hand_records_by_game, hand_records_from_pbn
from engine.records.pbn_game import PbnGame
from engine.records.results.model import (
    PASSED_OUT,
    ReadProblem,
    SessionResults,
    TravellerLine,
    law77_score,
    normal_contract,
    pair_number,
    problem_of,
    read_float,
    read_int,
    read_lead,
    read_score,
    read_seat,
    read_split_code,
    read_weighted_code,
    split_code,
)

_CELL = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


MULTIPLICITY_HIGH = 999
"""The most times a ScoreTable row may stand for the same line (``Multiplicity``): one per table
of the session at most; a larger figure would multiply the file in memory (issue 35)."""

def columns(header: str) -> list[str]:
    """The column names of a table tag's value: ``"Table\\2R;Round\\2R;Score_NS\\6R"`` ->
    ``["Table", "Round", "Score_NS"]`` (widths and alignments dropped)."""
    return [c.split("\\", 1)[0].strip() for c in header.split(";")]


def table_rows(game: PbnGame, tag: str) -> list[dict[str, str]]:
    """The rows of the table section ``tag`` of ``game``, each as column name -> cell text
    (quotes removed; ``""`` for a quoted empty cell). ``[]`` when the game has no such table.

    Raises:
        ResultsFileError: a row with more or fewer cells than the header has columns (the
            message gives the line).
    """
    rows = []
    for _, row in numbered_rows(game, tag):
        if isinstance(row, ResultsFileError):
            raise row
        rows.append(row)
    return rows


def numbered_rows(game: PbnGame, tag: str) -> list[tuple[int, dict[str, str] | ResultsFileError]]:
    """The rows of the table section ``tag`` of ``game`` with their line numbers in the file, each
    as :func:`table_rows` gives it, or the error of a row with more or fewer cells than the header
    has columns (``results_table_row``), so that the caller can read the other rows."""
    if tag not in game.tags:
        return []
    names = columns(game.tags[tag])
    rows: list[tuple[int, dict[str, str] | ResultsFileError]] = []
    for lineno, line in game.table_lines.get(tag, ()):
        cells = [m.group(1) if m.group(1) is not None else m.group(2) for m in _CELL.finditer(line)]
        if len(cells) != len(names):
            where = f"line {lineno}"
            rows.append((lineno, ResultsFileError(
                f"{where}: the {tag} row has {len(cells)} values for {len(names)} columns", key="results_table_row",
                params={"line": lineno, "tag": tag, "cells": len(cells), "columns": len(names)})))
            continue
        rows.append((lineno, dict(zip(names, cells, strict=True))))
    return rows


def _scoring(names: list[str], tag: str) -> str:
    """The scoring form of a game's ``ScoreTable`` columns (``MP_NS``: ``"MP"``, ``IMP_NS``:
    ``"IMP"``), made precise by its ``[Scoring]`` tag when the columns say IMPs and the tag says
    Butler or cross-IMPs (issue 36); ``""`` when nothing says."""
    said = tag.strip().upper().replace("-", "_").replace(" ", "_")
    if "MP_NS" in names:
        return "MP"
    if "IMP_NS" in names:
        return "BUTLER" if "BUTLER" in said else "CROSS_IMP" if "CROSS" in said else "IMP"
    return ""


def read_pbn_results(text: str, program: str = "") -> SessionResults:
    """The deals and the ``ScoreTable`` traveller lines of a PBN text.

    A file with no ``ScoreTable`` (a dealing program's hand records: BigDeal, BridgeComposer)
    gives its deals and no lines. ``scoring`` is ``"MP"`` when the tables have ``MP_NS``,
    ``"IMP"`` with ``IMP_NS``; ``mp_units`` 2 (the programs seen write 2 per score beaten).

    Raises:
        PbnError: path ``"file"``, as :func:`engine.records.handrecords.hand_records_from_pbn`
            (not PBN, no game with a deal and no ``ScoreTable``: a file of score tables with no
            deal, the advisor's export of an event with no hand records, gives its lines). A board
            whose deal cannot be used (or given twice with different hands) is left out of the hand
            records and named in ``problems``, its traveller lines kept.
        Nothing for a ScoreTable row with a cell that cannot be read: it is left out and named in
        ``problems`` (board, the file's line, value).
    """
    problems: list[ReadProblem] = []
    try:
        records = hand_records_from_pbn(text)
        games = read_games(text)
    except PbnError as exc:
        if exc.key != "not_pbn_no_deal":
            raise
        games = read_games(text)  # no deal at all: the score tables alone (the advisor's export of an
        if not any("ScoreTable" in g.tags for g in games):  # event with no hand records), else not PBN
            raise
        records = []
    except InvalidBoardError:  # a board's deal cannot be used: the others are read, that one reported
        games = read_games(text)
        records, errors = hand_records_by_game(games)
        problems.extend(problem_of(exc, board_key(board) if board else "", None) for board, exc in errors)
    lines: list[TravellerLine] = []
    scoring = ""
    event = next((g.tags.get("Event", "") for g in games if g.tags.get("Event", "") not in ("", "?")), "")
    application = program or next((g.tags["Application"] for g in games if g.tags.get("Application")), "")
    for game in games:
        problems.extend(_duplicate(game, name, value, lineno) for name, value, lineno in game.duplicate_tags)
        if "ScoreTable" not in game.tags or not (game.board or "").strip():
            continue
        board = board_key(game.board or "")
        vulnerability = _vulnerability(game)
        names = columns(game.tags["ScoreTable"])
        scoring = scoring or _scoring(names, game.tags.get("Scoring", ""))
        for lineno, row in numbered_rows(game, "ScoreTable"):
            try:
                if isinstance(row, ResultsFileError):
                    raise row
                line = _line(board, row, f"board {board}, line {lineno}", vulnerability)
                times = read_int(row.get("Multiplicity"), f"board {board}, line {lineno}", "multiplicity", 1,
                                 MULTIPLICITY_HIGH)
            except ResultsFileError as exc:
                problems.append(problem_of(exc, board, lineno, _cells(row)))
                continue
            lines.extend([line] * (times or 1))
    if not lines and _is_traveller_of_games(games):
        lines.extend(_game_lines(games, problems))
    return SessionResults("pbn", application, event, scoring, 2 if scoring == "MP" else 0, tuple(records),
                          tuple(lines), tuple(problems))


def _has_result(game: PbnGame) -> bool:
    """Whether a game records a table result: a ``Contract`` that is not empty or ``?``."""
    return game.tags.get("Contract", "").strip() not in ("", "?", "-")


def _is_traveller_of_games(games: list[PbnGame]) -> bool:
    """Whether a PBN file with no ``ScoreTable`` is a traveller written one game per table: no
    game names a ``Room`` (a championship's open and closed rooms are two records, not a field) and
    some board has two or more games with a table result. Bridge Base Online's tournament download
    and pbntools' files made from Polish results pages (JFR Pary, KoPS) are written so: each table's
    contract, declarer and ``Result`` (the declarer's side's tricks) under the board's deal."""
    if any("Room" in g.tags for g in games):
        return False
    played: dict[str, int] = {}
    for game in games:
        if _has_result(game) and (game.board or "").strip():
            key = board_key(game.board or "")
            played[key] = played.get(key, 0) + 1
    return any(n >= 2 for n in played.values())


def _game_lines(games: list[PbnGame], problems: list[ReadProblem]) -> list[TravellerLine]:
    """The traveller lines of a file written one game per table (:func:`_is_traveller_of_games`):
    each game with a contract is a line, the players' names from its seat tags (``"North & South"``),
    no pair numbers (the file gives none), North-South's score by Law 77 from the contract,
    declarer, ``Result`` and the board's vulnerability (the ``[Score]`` tag, where written, is not
    needed). A game whose contract, declarer or result cannot be read is left out and named in
    ``problems``."""
    lines: list[TravellerLine] = []
    for game in games:
        if not _has_result(game) or not (game.board or "").strip():
            continue
        board = board_key(game.board or "")
        where = f"board {board}"
        row = {"Contract": game.tags.get("Contract", ""), "Declarer": game.tags.get("Declarer", ""),
               "Result": game.tags.get("Result", "")}
        try:
            line = _line(board, row, where, _vulnerability(game))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board, None, _cells(row)))
            continue
        names = [" & ".join(n for n in (game.tags.get(a, "").strip(), game.tags.get(b, "").strip())
                            if n and n != "?") for a, b in (("North", "South"), ("East", "West"))]
        lines.append(dataclasses.replace(line, ns_names=names[0], ew_names=names[1]))
    return lines


def _cells(row: dict[str, str] | ResultsFileError) -> list[tuple[str, str | None]]:
    """What a ScoreTable row that could not be read had, by the names of
    :data:`engine.records.results.model.LINE_FIELDS` (North-South's score from ``Score_EW``
    negated when only East-West's is written); ``[]`` for a row that could not be split."""
    if isinstance(row, ResultsFileError):
        return []
    section, ns_pair = pair_number(row.get("PairId_NS"))
    section = _section(row) or section
    _, ew_pair = pair_number(row.get("PairId_EW"))
    ns, ew = row.get("Score_NS", "").strip(), row.get("Score_EW", "").strip()
    score = str(-int(ew)) if not _is_number(ns) and _is_number(ew) and len(ew) <= 12 else ns
    return [("section", section), ("table", row.get("Table")), ("round", row.get("Round")), ("ns_pair", ns_pair),
            ("ew_pair", ew_pair), ("contract", row.get("Contract")), ("declarer", row.get("Declarer")),
            ("lead", row.get("Lead")), ("tricks", row.get("Result")), ("ns_score", score)]


def _duplicate(game: PbnGame, name: str, value: str, lineno: int) -> ReadProblem:
    """The report of a tag written twice in one game (a hand-edited second ``[Score]``): the
    board is read with the first one (key ``results_duplicate_tag``)."""
    raw = (game.board or "").strip()
    board = board_key(raw) if raw else ""
    where = f"board {board}, line {lineno}" if board else f"line {lineno}"
    text = clip(value, 24)
    error = ResultsFileError(f"{where}: a second [{name}] tag ({text!r}): the board is read with the first one",
                             key="results_duplicate_tag", params={"where": where, "tag": name, "text": text})
    return problem_of(error, board, lineno)


def _vulnerability(game: PbnGame) -> Vulnerability | None:
    """The board's vulnerability by its ``[Vulnerable]`` tag; ``None`` (Law 2's cycle by the board
    number) when the tag is absent, ``?`` or not one of ``None``, ``NS``, ``EW``, ``All``."""
    text = game.tags.get("Vulnerable", "").strip()
    try:
        return Vulnerability.from_str(text) if text not in ("", "?") else None
    except ValueError:
        return None


def _line(board: str, row: dict[str, str], where: str, vulnerability: Vulnerability | None = None) -> TravellerLine:
    """One ScoreTable row as a traveller line. A table with no score column (BridgeWebs) gets
    North-South's Law 77 score of the contract, declarer and tricks on ``vulnerability`` (Law 2's
    cycle by the board number when ``None``; no score when the board has no number either)."""
    contract_text = row.get("Contract", "").strip()
    ns_text, ew_text = row.get("Score_NS", "").strip(), row.get("Score_EW", "").strip()
    artificial = None
    ns_score: int | None = None
    if _PASSED_OUT_SCORE in (ns_text.upper(), ew_text.upper()):  # BridgeWebs: passed out, 0
        ns_score = 0
        contract_text = PASSED_OUT
    elif _is_number(ns_text) and _is_number(ew_text) and read_score(ns_text, where) != -read_score(ew_text, where):
        artificial = split_code(read_score(ns_text, where), read_score(ew_text, where))  # 12C1(b): each its own
    elif _is_number(ns_text):
        ns_score = read_score(ns_text, where)
    elif _is_number(ew_text):
        ns_score = -read_score(ew_text, where)
    elif _ARTIFICIAL.fullmatch(contract_text.upper()) and ns_text in ("", "-") and ew_text in ("", "-"):
        artificial = contract_text.upper()  # BridgeWebs: the code in the contract column
    elif ew_text in ("", "-") and (read_weighted_code(ns_text) is not None or read_split_code(ns_text) is not None):
        artificial = ns_text  # the advisor's own export: a weighted or split score's code
    elif ew_text in ("", "-") and _ARTIFICIAL.fullmatch(ns_text.upper()):
        artificial = ns_text.upper()  # one code, in North-South's column: BridgeWebs' "A5050"
    elif ns_text not in ("", "-") or ew_text not in ("", "-"):
        artificial = f"{ns_text or '-'}/{ew_text or '-'}"
    contract = declarer = tricks = None
    if artificial is None and contract_text not in ("", "-", "?"):
        contract = normal_contract(contract_text, where)
        if contract != PASSED_OUT:
            declarer = read_seat(row.get("Declarer", ""), where)
            tricks = read_int(row.get("Result"), where, "result", 0, 13)
        elif ns_score is None:
            ns_score = 0
        if (ns_score is None and declarer is not None and tricks is not None and "Score_NS" not in row
                and "Score_EW" not in row and (vulnerability is not None or board.isdigit())):
            ns_score = law77_score(board, contract, declarer, tricks, vulnerability)
    section, ns_pair = pair_number(row.get("PairId_NS"))
    section = _section(row) or section
    _, ew_pair = pair_number(row.get("PairId_EW"))
    return TravellerLine(
        board=board, section=section, round=read_int(row.get("Round"), where, "round"),
        table=read_int(row.get("Table"), where, "table"), ns_pair=ns_pair, ew_pair=ew_pair,
        contract=contract, declarer=declarer, lead=read_lead(row.get("Lead"), where), tricks=tricks,
        ns_score=ns_score, artificial=artificial,
        ns_mp=read_float(row.get("MP_NS"), where, "matchpoints"),
        ew_mp=read_float(row.get("MP_EW"), where, "matchpoints"),
        ns_imps=read_float(row.get("IMP_NS"), where, "IMPs"), ew_imps=read_float(row.get("IMP_EW"), where, "IMPs"))


_PASSED_OUT_SCORE = "PO"
"""BridgeWebs' score cell for a board passed out (scores 0)."""

_ARTIFICIAL = re.compile(r"A(?:[+\-=]|\d{4})?")
"""An artificial score's code as BridgeWebs writes it (12C2): ``A`` (average), ``A+``, ``A-``,
``A=``, and the percentages North-South then East-West, ``A5050``, ``A6040``."""


def _section(row: dict[str, str]) -> str:
    """The row's ``Section`` column (the advisor's export writes one; ``-`` or empty: none)."""
    text = (row.get("Section") or "").strip().strip('"').strip()
    return "" if text == "-" else text[:20]


def _is_number(text: str) -> bool:
    return bool(re.fullmatch(r"-?\d+", text))

