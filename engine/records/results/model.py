"""One shape for a session's results, whatever program wrote them: the deals (hand records) and
the traveller lines (one per table that played a board), with the helpers every reader shares.

Pure value types and functions; the readers are :mod:`engine.records.results.pbn_tables`,
:mod:`engine.records.results.usebio`, :mod:`engine.records.results.bws` and :mod:`engine.records.results.dlm`.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import InvalidBoardError, ResultsFileError, clip
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.seats import Seat, Vulnerability
from engine.records.handrecords import (
    HandRecord,
    board_key,
    board_sort_key,
    deal_problem,
    dealer_for_board,
    vulnerability_for_board,
)
from engine.scoring.law77 import score_ns
from engine.scoring.matchpoints import board_matchpoints, matchpoints, neuberg

PASSED_OUT = "PASS"
"""The contract of a board passed out in all four seats (scores 0)."""


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One table's result on one board, as the scoring program recorded it.

    Attributes:
        board: the board number (:func:`engine.records.handrecords.board_key` spelling, ``"7"``).
        section: the section's letter or name (``"A"``), ``""`` when the file has one section.
        round: the round it was played in (1, 2, ...), ``None`` when the file does not say.
        table: the table number, ``None`` when the file does not say (USEBIO drops it).
        ns_pair, ew_pair: the pair numbers as the movement gives them, spaces removed and the
            section prefix dropped (``"3"``, ``"1NS"``, ``"12EW"``); ``""`` when not given. At
            teams (a USEBIO ``MATCH``) the numbers of the teams that sat North-South and
            East-West in this room: the other room of the match has them the other way round.
        ns_names, ew_names: the players' names, ``"A SMITH & B JONES"`` (at teams the team's
            name); ``""`` when not given.
        contract: ``"4H"``, ``"3NTX"``, ``"6SXX"``, or :data:`PASSED_OUT`; ``None`` when the board
            was not played at this table or the result is artificial.
        declarer: the declarer's seat, ``None`` with no contract (or passed out).
        lead: the opening lead, ``None`` when not recorded.
        tricks: tricks won by the declarer's side (0-13), ``None`` when not recorded.
        ns_score: North-South's points (Law 77) as the program wrote them, or computed by Law 77
            from contract, tricks and vulnerability when the file holds no score (``.bws``);
            ``None`` for an artificial score or a board not played.
        artificial: the program's code for an artificial score (12C2) as written: USEBIO
            ``"A6040"``, Bridgemate ``"40%-60%"``, Magic Contest ``"A+/A+"`` (North-South's
            then East-West's); ``"NP"`` for not played; ``None`` for a table result.
        ns_mp, ew_mp: the program's own matchpoints for the line (its units: see
            :attr:`SessionResults.mp_units`), ``None`` when the file has none.
        ns_imps, ew_imps: the program's own IMPs (Butler, cross-IMPs or IMPs against a datum; at
            teams the North-South team's IMPs on the board, against the other room), ``None``
            when the file has none.
    """

    board: str
    section: str = ""
    round: int | None = None
    table: int | None = None
    ns_pair: str = ""
    ew_pair: str = ""
    ns_names: str = ""
    ew_names: str = ""
    contract: str | None = None
    declarer: Seat | None = None
    lead: Card | None = None
    tricks: int | None = None
    ns_score: int | None = None
    artificial: str | None = None
    ns_mp: float | None = None
    ew_mp: float | None = None
    ns_imps: float | None = None
    ew_imps: float | None = None

    @property
    def result(self) -> str:
        """The result as a director writes it: ``"4H S +1"``, ``"PASS"``, ``"A6040"``, ``"NP"``,
        ``""`` when unknown."""
        if self.artificial is not None:
            return self.artificial
        if self.contract is None:
            return ""
        if self.contract == PASSED_OUT or self.declarer is None or self.tricks is None:
            return self.contract
        return Contract.from_str(self.contract, self.declarer).result_str(self.tricks)


@dataclass(frozen=True, slots=True)
class ReadProblem:
    """One spot of a results file that could not be read (issue 36: the rest of the file is read).

    A traveller line with such a spot is left out of :attr:`SessionResults.lines`; a deal with one
    is left out of :attr:`SessionResults.hand_records` (the board's lines are kept).

    Attributes:
        board: the board number as :func:`~engine.records.handrecords.board_key` spells it
            (``"7"``), ``""`` when the spot is on no board.
        line: the line or row as the file numbers it: the traveller line's place on its board
            (USEBIO, NZ Scorer, JFR Pary; a USEBIO teams room: its place on its match's board,
            the match named in ``text``), the text line of the file (PBN), the ``ReceivedData``
            row (Bridgemate); ``None`` for a deal.
        field: what was being read (``"contract"``, ``"score"``, ``"lead"``, ``"declarer"``,
            ``"deal"``...), as the catalogues' ``what`` says it.
        value: the value as written, clipped to 24 characters (``""`` when none is quoted).
        key: the reason's name in the catalogues (``error.<key>``: ``results_bad_value``,
            ``results_out_of_range``, ``results_bad_deal``...).
        params: the values the reason's template fills in, as ``(name, value)`` pairs.
        text: the reason in English, board and line included.
        cells: what the file had on that traveller line, as written (each value clipped to 24
            characters), by the names of :data:`LINE_FIELDS` (``("contract", "42")``,
            ``("ns_score", "420")``...), for the director's correction of the line (issue 36);
            ``()`` for a deal, or where the reader does not say (``.bws``, ``.dlm``, JFR Pary).
    """

    board: str
    line: int | None
    field: str
    value: str
    key: str
    params: tuple[tuple[str, str], ...]
    text: str
    cells: tuple[tuple[str, str], ...] = ()

    @property
    def on_line(self) -> bool:
        """Whether the spot is on a traveller line (a line number and a board), which the
        director may correct, rather than on a deal or the file as a whole."""
        return self.line is not None and bool(self.board) and self.field != "deal" \
            and self.key not in ("results_duplicate_tag", "results_bad_deal") and not self.in_match

    @property
    def in_match(self) -> bool:
        """Whether the spot is on a room of a teams match (the USEBIO teams reader says where as
        ``"board 3 (match 1 v 2), line 2"``): a correction typed as a pairs line would have no
        room and no teams, so such a spot is corrected in the scoring program and the file
        uploaded again, not on the event's page."""
        return any(name == "where" and "(match " in value for name, value in self.params)


LINE_FIELDS = ("section", "table", "round", "ns_pair", "ew_pair", "contract", "declarer", "lead", "tricks",
               "ns_score")
"""The fields of a traveller line a director may correct (issue 36), in the form's order: section,
table and round numbers, North-South's and East-West's pair numbers, the contract, the
declarer's seat, the opening lead, the tricks won by the declarer's side (0-13) and
North-South's score (points, Law 77)."""


def problem_of(error: InvalidBoardError, board: str, line: int | None,
               cells: Iterable[tuple[str, str | None]] = ()) -> ReadProblem:
    """The :class:`ReadProblem` of a spot at ``board``/``line`` that raised ``error`` (its key,
    params, message; the field from its ``what`` param, ``"deal"`` for a ``results_bad_deal``,
    the value from its ``text`` param); ``cells``: what the file had on the line (names of
    :data:`LINE_FIELDS`, the text as written; empty ones dropped, each clipped to 24 characters)."""
    params = {k: str(v) for k, v in error.params.items()}
    field = params.get("what") if error.key in ("results_bad_value", "results_out_of_range") else None
    field = field or ("deal" if "deal" in error.key or error.key == "board_twice" else params.get("tag", ""))
    kept = tuple((name, clip(text.strip(), 24)) for name, text in cells
                 if name in LINE_FIELDS and text is not None and text.strip() not in ("", "-"))
    return ReadProblem(board, line, field, clip(params.get("text", ""), 24), error.key,
                       tuple(sorted(params.items())), error.message, kept)


@dataclass(frozen=True, slots=True)
class SessionResults:
    """What one results file holds.

    Attributes:
        kind: the format told by the content: ``"pbn"``, ``"usebio"``, ``"bws"``,
            ``"nz-scorer"``, ``"dlm"`` or ``"jfr"``.
        program: the program that wrote it, as the file names it (``"Compscore3 26-Jul-22"``),
            ``""`` when it does not say.
        event: the event's name as written, ``""`` when not given.
        scoring: how the program scored it: ``"MP"`` (matchpoints), ``"IMP"``, ``"BUTLER"``,
            ``"CROSS_IMP"``, ``"PAB"`` (teams point-a-board: each room 2, 1 or 0 against the other
            room, in ``ns_mp``/``ew_mp``), or ``""`` when the file does not say (deals only, ``.bws``).
        mp_units: the program's matchpoints per score beaten (2 in the files seen; NZ Scorer's
            own XML writes tenths, 20); 0 when the file holds no matchpoints (JFR Pary's pages
            give percentages, in ``ns_mp``/``ew_mp``).
        hand_records: the deals, one per board, sorted by board.
        lines: the traveller lines, in file order.
        problems: the spots that could not be read (:class:`ReadProblem`), in file order: each
            such traveller line or deal is left out and named here, the rest of the file read.
    """

    kind: str
    program: str
    event: str
    scoring: str
    mp_units: float
    hand_records: tuple[HandRecord, ...]
    lines: tuple[TravellerLine, ...]
    problems: tuple[ReadProblem, ...] = ()

    @property
    def boards(self) -> tuple[str, ...]:
        """The boards that have traveller lines, by board number."""
        return tuple(sorted({ln.board for ln in self.lines}, key=board_sort_key))

    def traveller(self, board: str, section: str | None = None) -> list[TravellerLine]:
        """The lines of ``board`` (any spelling :func:`board_key` accepts), of one section when
        ``section`` is given, in file order."""
        key = board_key(board)
        return [ln for ln in self.lines if ln.board == key and (section is None or ln.section == section)]


def travellers(lines: Iterable[TravellerLine]) -> dict[tuple[str, str], list[TravellerLine]]:
    """The lines grouped by ``(section, board)``: one traveller each, file order kept."""
    out: dict[tuple[str, str], list[TravellerLine]] = defaultdict(list)
    for ln in lines:
        out[(ln.section, ln.board)].append(ln)
    return dict(out)


WEIGHTED_CODE = "W"
"""The first letter of the advisor's code for a weighted adjusted score (12C1(c)) on a traveller
line it exports (issue 36): ``"W420@60/-50@40"`` is 60% of North-South +420 and 40% of
North-South -50, each part North-South's Law 77 points ``@`` its weight in percent, the parts
joined by ``/`` (not ``;``, which starts a comment in PBN, nor ``,``, a spreadsheet's
separator). No scoring program takes a weighted score as data; the code keeps the parts on the
line (USEBIO ``SCORE``, PBN ``Score_NS``, the CSV's ``code``) so that a re-read scores the other
tables against it pro rata (:func:`traveller_matchpoints`), and the line's own figures are its
``NS_MATCH_POINTS``/``EW_MATCH_POINTS`` (or IMPs)."""

SPLIT_CODE = "S"
"""The first letter of the advisor's code for a split assigned adjusted score (12C1(b), 12C1(e):
each side its own score, the two not balancing): ``"S420/-620"`` is North-South scored as
North-South +420 and East-West scored on their own -620 (East-West's view, as
:attr:`engine.casefile.cases.EnteredScore.score_ew` holds it), North-South's then East-West's
as Magic Contest writes ``A+/A-``. A PBN ScoreTable holds a split natively (``Score_NS 420``,
``Score_EW -620``); the reader gives it this code."""

ADJUSTED_CODE_LENGTH = 40
"""The longest code a traveller line keeps (the store's ``artificial`` column)."""

_W_PART = re.compile(r"(-?\d{1,4})@(\d{1,3}(?:\.\d{1,2})?)")
_S_CODE = re.compile(r"S(-?\d{1,4})/(-?\d{1,4})")


def weighted_code(parts: Sequence[tuple[int, float]]) -> str:
    """The :data:`WEIGHTED_CODE` of a weighted score's ``parts`` (North-South's points, weight in
    percent): ``[(420, 60), (-50, 40)]`` -> ``"W420@60/-50@40"`` (a weight to 0.01)."""
    return WEIGHTED_CODE + "/".join(f"{int(points)}@{round(float(pct), 2):g}" for points, pct in parts)


def split_code(ns_points: int, ew_points: int) -> str:
    """The :data:`SPLIT_CODE` of a split score: North-South's points (their view) and East-West's
    own points (their view): ``(420, -620)`` -> ``"S420/-620"``."""
    return f"{SPLIT_CODE}{int(ns_points)}/{int(ew_points)}"


def read_weighted_code(code: str | None) -> tuple[tuple[int, Fraction], ...] | None:
    """The parts of a :data:`WEIGHTED_CODE` (North-South's points, weight as an exact fraction
    of 1), ``None`` for any other text or weights that do not sum to 100%."""
    if not code or not code.startswith(WEIGHTED_CODE):
        return None
    parts = []
    for text in code[1:].split("/"):
        m = _W_PART.fullmatch(text.strip())
        if m is None:
            return None
        parts.append((int(m.group(1)), Fraction(m.group(2)) / 100))
    if not parts or sum(w for _, w in parts) != 1 or any(w <= 0 for _, w in parts):
        return None
    return tuple(parts)


def read_split_code(code: str | None) -> tuple[int, int] | None:
    """``(North-South's points, East-West's own points)`` of a :data:`SPLIT_CODE`, ``None`` for
    any other text."""
    m = _S_CODE.fullmatch((code or "").strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def line_outcomes(ln: TravellerLine, side: str = "NS") -> tuple[tuple[int, Fraction], ...] | None:
    """The North-South scores (Law 77 points, North-South's view) a line stands for in ``side``'s
    ranking, with their weights: a table score (weight 1), the parts of a weighted code
    (:data:`WEIGHTED_CODE`), a split's (:data:`SPLIT_CODE`) North-South score for ``"NS"`` or,
    for ``"EW"``, the North-South score East-West's own points mean (``-ew``); ``None`` for a
    line with no result (artificial, not played)."""
    if ln.ns_score is not None:
        return ((ln.ns_score, Fraction(1)),)
    parts = read_weighted_code(ln.artificial)
    if parts is not None:
        return parts
    split = read_split_code(ln.artificial)
    if split is None:
        return None
    return ((split[0] if side == "NS" else -split[1], Fraction(1)),)


def traveller_matchpoints(lines: Sequence[TravellerLine], units: int = 2, side: str = "NS") -> list[float | None]:
    """North-South matchpoints of each line of one traveller, computed by Law 78A against the
    other lines with a table score (:func:`engine.scoring.matchpoints.board_matchpoints`);
    when some lines have no table score (artificial, not played), the scored lines are
    Neuberg-factored up to the whole traveller (:func:`engine.scoring.matchpoints.neuberg`, the
    WBF formula the programs seen use). ``None`` for a line with no table score.

    The advisor's own codes count as results (issue 36): a weighted line (:data:`WEIGHTED_CODE`)
    is compared pro rata, each part with its weight (12C1(c): the other tables' comparison with
    it is weighted as its own score is, EBU White Book 2019 4.1.1, forums.ebu.co.uk/discussion/969),
    and gets the weighted matchpoints of its parts; a split line (:data:`SPLIT_CODE`) stands in
    North-South's ranking with North-South's score. ``side="EW"`` ranks the lines as East-West's
    scores stand (a split line with the North-South score East-West were given): East-West's
    matchpoints are the top less these (they equal the top less North-South's unless a line is
    split).

    Units: ``units`` per score beaten (2: the top is ``2 * (lines - 1)``).
    """
    outcomes = [line_outcomes(ln, side) for ln in lines]
    scored = [o for o in outcomes if o is not None]
    if all(o is None or (len(o) == 1 and o[0][1] == 1) for o in outcomes):  # table scores only
        plain = iter(board_matchpoints([o[0][0] for o in scored], units))
        raw: list[float | None] = [None if o is None else next(plain) for o in outcomes]
    else:
        raw = [None if o is None else float(sum(
            (wa * wb * Fraction(matchpoints(a, [b], units)) for p in scored if p is not o
             for a, wa in o for b, wb in p), Fraction(0))) for o in outcomes]
    return [mp if mp is None or len(scored) == len(lines) else neuberg(mp, len(scored), len(lines), units)
            for mp in raw]


_CONTRACT = re.compile(r"^([1-7])\s*(NT|N|S|H|D|C)\s*(XX|X|\*\*|\*|R)?$")


def normal_contract(text: str, where: str) -> str:
    """A contract as the programs write it (``"3 NT"``, ``"2 D x"``, ``"3N"``, ``"4SX"``,
    ``"Pass"``, BridgeWebs' ``"PO"``, JFR's ``"5h×"`` and ``"pas"``) in one spelling: ``"3NT"``,
    ``"2DX"``, ``"4SXX"``, :data:`PASSED_OUT`.

    Raises:
        ResultsFileError: ``where`` (e.g. ``"board 7, line 12"``): not a contract.
    """
    t = text.strip().upper().replace(" ", "").replace("\u00d7", "X")  # JFR writes doubled as "5h\u00d7"
    if t in ("PASS", "P", "AP", "PASSED", "PAS", "PO"):  # BridgeWebs: "PO", passed out
        return PASSED_OUT
    m = _CONTRACT.match(t)
    if m is None:
        raise ResultsFileError(f"{where}: the contract {text!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": "contract", "text": text})
    level, strain, dbl = m.groups()
    return level + ("NT" if strain in ("N", "NT") else strain) + {None: "", "X": "X", "*": "X"}.get(dbl, "XX")


def read_seat(text: str, where: str) -> Seat:
    """``"N"``, ``"North"``... as a seat.

    Raises:
        ResultsFileError: ``where``: not a seat.
    """
    try:
        return Seat.from_str(text)
    except ValueError:
        raise ResultsFileError(f"{where}: the declarer {text!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": "declarer", "text": text}) from None


def read_lead(text: str | None, where: str) -> Card | None:
    """An opening lead written suit first (``"H4"``, NZ Scorer, Magic Contest) or rank first
    (``"KH"``, Compscore3); ``None`` for nothing, ``"-"``.

    Raises:
        ResultsFileError: ``where``: not a card.
    """
    t = (text or "").strip()
    if t in ("", "-"):
        return None
    try:
        return Card.from_str(t)
    except InvalidBoardError:
        raise ResultsFileError(f"{where}: the lead {t!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": "lead", "text": t}) from None


INT_HIGH = 999_999
"""The highest count a results file may give (a round, a table, a pair, a multiplicity...)."""


def read_int(text: str | None, where: str, what: str, low: int = 0, high: int = INT_HIGH) -> int | None:
    """An integer field (``None`` for nothing or ``"-"``), within ``low``..``high`` (by default a
    count such as a round, a table or tricks: 0..:data:`INT_HIGH`).

    Raises:
        ResultsFileError: ``where``: not a whole number (key ``results_bad_value``), or one out of
            its range (key ``results_out_of_range``: a 30-digit figure never reaches the store).
    """
    t = (text or "").strip().strip('"')
    if t in ("", "-"):
        return None
    if len(t) > 12:  # no field of a results file is that long; int() of 5,000 digits would raise
        raise _out_of_range(t, where, what, low, high)
    try:
        value = int(t)
    except ValueError:
        raise ResultsFileError(f"{where}: the {what} {clip(t, 24)!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": what, "text": clip(t, 24)}) from None
    if not low <= value <= high:
        raise _out_of_range(t, where, what, low, high)
    return value


SCORE_HIGH = 7_600
"""The largest Law 77 score of a board, either sign (seven of a suit redoubled, vulnerable, down
13: 400 + 12 x 600)."""


def read_score(text: str, where: str) -> int:
    """A North-South (or East-West) score written by the program: a whole number within
    -:data:`SCORE_HIGH`..:data:`SCORE_HIGH`, points.

    Raises:
        ResultsFileError: ``where``: not a whole number, or no board can score it.
    """
    value = read_int(text, where, "score", -SCORE_HIGH, SCORE_HIGH)
    if value is None:
        raise ResultsFileError(f"{where}: the score {text!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": "score", "text": text})
    return value


def _out_of_range(t: str, where: str, what: str, low: float, high: float) -> ResultsFileError:
    return ResultsFileError(f"{where}: the {what} {clip(t, 24)!r} is out of range ({low:g} to {high:g})",
                            key="results_out_of_range", params={"where": where, "what": what, "text": clip(t, 24),
                                                                "low": f"{low:g}", "high": f"{high:g}"})


def read_float(text: str | None, where: str, what: str) -> float | None:
    """A number field such as matchpoints or IMPs (``None`` for nothing or ``"-"``): finite and
    within -:data:`FLOAT_HIGH`..:data:`FLOAT_HIGH` (``NaN``, ``inf`` and ``1e400`` were stored and
    shown before issue 35).

    Raises:
        ResultsFileError: ``where``: not a number, or not a finite one within range.
    """
    t = (text or "").strip().strip('"')
    if t in ("", "-"):
        return None
    try:
        value = float(t) if len(t) <= 40 else math.nan
    except ValueError:
        raise ResultsFileError(f"{where}: the {what} {clip(t, 24)!r} cannot be read", key="results_bad_value",
                               params={"where": where, "what": what, "text": clip(t, 24)}) from None
    if not math.isfinite(value) or abs(value) > FLOAT_HIGH:
        raise _out_of_range(t, where, what, -FLOAT_HIGH, FLOAT_HIGH)
    return value


FLOAT_HIGH = 1_000_000.0
"""The largest matchpoints or IMPs a results file may give, either sign (a top is a few hundred)."""


def law77_score(board: str, contract: str, declarer: Seat, tricks: int,
                vulnerability: Vulnerability | None = None) -> int:
    """North-South's Law 77 score of a table result; the vulnerability by the board's number
    (Law 2's cycle) when not given. 0 for a board passed out."""
    if contract == PASSED_OUT:
        return 0
    vul = vulnerability if vulnerability is not None else vulnerability_for_board(int(board))
    return score_ns(Contract.from_str(contract, declarer), tricks, vul)


MAX_LINES = 20_000
"""The most traveller lines a results file may give (issue 35). A session has at most a few hundred
tables and boards: the largest real file read (a multi-section USEBIO pairs) has 858 lines, and
200 tables playing 100 boards would be 20,000; a damaged or hostile file giving more (a ``.bws``
whose rows overlap gave 1.22 million) is refused before its lines are built."""

MAX_BOARDS = 1_000
"""The most boards (hand records, or boards with traveller lines) a results file may give (the
real files give at most 100; a session plays a few dozen)."""

MAX_CELLS = 100_000
"""The most table cells a results web page (JFR Pary) may hold once its ``colspan`` are expanded
(a real board page has about 400)."""

TOO_MANY = {"lines": MAX_LINES, "boards": MAX_BOARDS, "cells": MAX_CELLS}
"""What :func:`too_many` counts and its limit."""


def too_many(what: str) -> ResultsFileError:
    """The error for a results file that gives more ``what`` (``"lines"``: traveller lines,
    ``"boards"``, ``"cells"``: a web page's table cells) than :data:`TOO_MANY` allows: key
    ``results_too_many_<what>``, param ``limit``, to raise."""
    limit = TOO_MANY[what]
    message = {"lines": f"the file gives more than {limit} traveller lines: {_SESSION}",
               "boards": f"the file gives more than {limit} boards: {_SESSION}",
               "cells": f"the web page has more than {limit} table cells: a board's page has a few hundred, "
                        "so it is refused as damaged"}[what]
    return ResultsFileError(message, key=f"results_too_many_{what}", params={"limit": limit})


_SESSION = "a session has at most a few hundred boards and tables, so it is refused as damaged"


def check_size(results: SessionResults) -> SessionResults:
    """``results`` when its traveller lines and boards are within :data:`MAX_LINES` and
    :data:`MAX_BOARDS`; the lines that could not be read (its ``problems``, each kept with the
    event: issue 36) count as lines.

    Raises:
        ResultsFileError: :func:`too_many` (``lines`` or ``boards``).
    """
    if len(results.lines) + len(results.problems) > MAX_LINES:
        raise too_many("lines")
    boards = max(len(results.hand_records), len({ln.board for ln in results.lines}))
    if boards > MAX_BOARDS:
        raise too_many("boards")
    return results


def check_readable(results: SessionResults) -> SessionResults:
    """``results`` unless nothing at all could be read from the file: no traveller line and no
    deal, but a spot that could not be read.

    Raises:
        ResultsFileError: the first spot's own error (its key, params and message), as before
            issue 36 every spot was refused.
    """
    if results.problems and not results.lines and not results.hand_records:
        first = results.problems[0]
        raise ResultsFileError(first.text, key=first.key, params=dict(first.params))
    return results


_SECTION_PREFIX = re.compile(r"^\(\s*([^)]*)\)\s*")


def pair_number(text: str | None) -> tuple[str, str]:
    """``(section, pair)`` of a pair number as written: ``"(A) 1 NS"`` -> ``("A", "1NS")``,
    ``"12EW"`` -> ``("", "12EW")``, ``"3"`` -> ``("", "3")``; spaces removed, letters upper case."""
    t = (text or "").strip()
    m = _SECTION_PREFIX.match(t)
    section = ""
    if m:
        section, t = m.group(1).strip(), t[m.end():]
    return section, t.replace(" ", "").upper()


def unreadable_card(board: str, text: str) -> ResultsFileError:
    """The error for a card of board ``board``'s deal that cannot be read (``text`` as in the file):
    ``results_bad_deal``, to raise."""
    return ResultsFileError(f"board {board}: the card {text!r} cannot be read", key="results_bad_deal",
                            params={"board": board, "problem": f"the card {text!r} cannot be read"})


def hand_record_of(board: str, hands: dict[Seat, set[Card]], where: str) -> HandRecord:
    """The hand record of ``board`` (its number, as the file gives it) from the four ``hands`` a
    results file holds, with the dealer and vulnerability of the board number (Law 2). Raises
    :class:`~engine.errors.ResultsFileError` (key ``results_bad_deal``, said at ``where``, e.g.
    ``"board 3"``) when the hands are not a deal (a card twice or missing, not 13 each) or the
    board has no number."""
    deal = Deal.from_hands(hands)
    problem = deal_problem(deal)
    if problem is not None or not board.isdigit():
        raise ResultsFileError(f"{where}: {problem or 'no board number'}", key="results_bad_deal",
                               params={"board": board, "problem": problem or "no board number"})
    return HandRecord(board, dealer_for_board(int(board)), vulnerability_for_board(int(board)), deal)
