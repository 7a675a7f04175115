"""JFR Pary's HTML traveller pages (Poland: "JFR 2005", ``Pary.4.x``): one page per board, read
with the standard library's tolerant ``html.parser``.

A page holds the board's traveller (a table whose rows are: N-S and E-W pair numbers, contract
with the suit as an image ``alt``, declarer, lead, tricks over or under the contract, North-South's
or East-West's score, and each side's percentage) and the deal (four cells of class ``w``, one
line per suit from an image ``alt`` S/H/D/C, ranks spaced, ``10`` for the ten; North first, then
West, East, South as laid out). A row whose contract is ``TD`` (or starts with ``A``: ``ARB``,
``AAA``) is an arbitral score: its percentages are kept, the code is ``"TD"``. Dealer and
vulnerability follow the board number (Law 2).

Bounded (issue 35): a ``colspan`` is capped at :data:`MAX_COLSPAN` before it is expanded (a
``colspan="100000000"`` took 1.3 GiB), and a page of more than
:data:`~engine.records.results.model.MAX_CELLS` cells is refused; ``rowspan`` is not expanded.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from engine.errors import ResultsFileError
from engine.model.cards import Card, Rank, Suit
from engine.model.seats import Seat
from engine.records.handrecords import HandRecord, board_key
from engine.records.results.model import (
    MAX_CELLS,
    PASSED_OUT,
    SCORE_HIGH,
    ReadProblem,
    SessionResults,
    TravellerLine,
    hand_record_of,
    law77_score,
    normal_contract,
    problem_of,
    read_float,
    read_int,
    read_lead,
    read_seat,
    too_many,
    unreadable_card,
)

_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_BOARD = re.compile(r"ROZDANIE\s+(?:NR\s+)?(\d+)", re.IGNORECASE)
_SUIT_IMAGE = re.compile(r"(?:^|/)([SHDC])\.gif$", re.IGNORECASE)
"""A suit drawn by KoPS2www as an image with no ``alt``: ``../images/S.gif``."""
_CELL_CLASSES = ("noc", "nol", "nor")
MAX_COLSPAN = 20
"""The widest ``colspan`` expanded: a JFR Pary page's widest table has 13 columns (its headings
span 2 to 13 of them); a larger span is taken as this many cells."""


def looks_like_jfr(text: str) -> bool:
    """Whether ``text`` is a JFR Pary board page, or a KoPS board page (:func:`is_kops`): JFR's
    generator tag and a ``ROZDANIE n`` (KoPS: ``ROZDANIE NR n``) heading."""
    head = text[:4096].replace("'", '"')
    return "JFR" in head and ('content="JFR' in head or is_kops(text)) and _BOARD.search(text) is not None


def is_kops(text: str) -> bool:
    """Whether ``text`` was written by KoPS2www, the web output of KoPS (a Polish club scoring
    program of JFR's family: ``<meta name="GENERATOR" content="KoPS2www, JFR 2005">``, as the
    Silesian clubs' pages at slzbs.pl/protokoly show; jarekczek/pbntools test/test_2_kops). Its board
    page is JFR Pary's but for three things: the suits are images with no ``alt``
    (``../images/S.gif``), the cells have no class, and North-South's score is written signed,
    a plus in the first score column and a minus in the second (``-420`` for 4H by West made)."""
    return 'content="KoPS2www' in text[:4096].replace("'", '"')


class _Cells(HTMLParser):
    """Collects table rows as lists of ``(class, text)`` cells, an image's ``alt`` written into
    the text (``"4" + alt "h"`` -> ``"4h"``), ``colspan`` cells repeated (at most
    :data:`MAX_COLSPAN` times), ``<br>`` as a newline. Raises ``results_too_many_cells``
    (:func:`~engine.records.results.model.too_many`) past :data:`MAX_CELLS` cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[list[tuple[str, str]]] = []
        self._cell: list[str] | None = None
        self._class = ""
        self._span = 1
        self._cells = 0
        self._row: list[tuple[str, str]] | None = None
        self._stack: list[list[tuple[str, str]] | None] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "tr":
            self._stack.append(self._row)
            self._row = []
        elif tag == "td" and self._row is not None:
            self._stack.append(None)  # a nested table's cells must not end this one
            self._cell, self._class = [], a.get("class", "")
            span = a.get("colspan", "").strip()
            self._span = (max(1, min(int(span), MAX_COLSPAN)) if len(span) <= 6 else MAX_COLSPAN) \
                if span.isascii() and span.isdigit() else 1
        elif tag == "img" and self._cell is not None:
            suit = _SUIT_IMAGE.search(a.get("src", "").strip()) if "alt" not in a else None
            self._cell.append(suit.group(1).upper() if suit else a.get("alt", ""))
        elif tag == "br" and self._cell is not None:
            self._cell.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None and self._row is not None:
            text = "".join(self._cell).replace("\xa0", " ").strip()
            self._cells += self._span
            if self._cells > MAX_CELLS:
                raise too_many("cells")
            self._row.extend([(self._class, text)] * self._span)
            self._cell = None
            if self._stack:
                self._stack.pop()
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = self._stack.pop() if self._stack else None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def read_jfr(text: str) -> SessionResults:
    """One board of a JFR Pary page: its traveller lines and its deal. Percentages are the
    program's own (``ns_mp``/``ew_mp`` hold them: ``mp_units`` 0, a percentage of the top).

    Raises:
        ResultsFileError: no board number. A line with a value that cannot be read, or a deal
            that is not 52 cards 13 in each hand, is left out and named in ``problems``.
    """
    parser = _Cells()
    parser.feed(text)
    m = _BOARD.search(" ".join(parser.text))
    if m is None:
        raise ResultsFileError("a JFR Pary page that cannot be read: board (no board number)", key="results_bad_deal",
                               params={"board": "?", "problem": "no board number"})
    board = board_key(m.group(1))
    lines: list[TravellerLine] = []
    problems: list[ReadProblem] = []
    kops = is_kops(text)
    for i, row in enumerate((r for r in parser.rows if _is_line(r, kops)), start=1):
        try:
            lines.append(_line(board, _line_cells(row, kops), f"board {board}, line {i}", kops))
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board, i))
    hands = [t for row in parser.rows for c, t in row if c == "w" and re.match(r"^[SHDC]\b", t)] if not kops else \
        [t for row in parser.rows for _, t in row if _KOPS_HAND.fullmatch(t)]
    records: tuple[HandRecord, ...] = ()
    if len(hands) >= 4:
        try:
            records = (_record(board, hands[:4]),)
        except ResultsFileError as exc:
            problems.append(problem_of(exc, board, None))
    return SessionResults("jfr", "KoPS2www" if kops else "JFR Pary", "", "MP", 0, records, tuple(lines),
                          tuple(problems))


_KOPS_HAND = re.compile(r"S[^\n]*\nH[^\n]*\nD[^\n]*\nC[^\n]*")
"""A KoPS hand cell: four lines, one a suit, spades first (``"S Q7\\nH J7\\nD 83\\nC A1086542"``)."""


def _line_cells(row: list[tuple[str, str]], kops: bool) -> list[str]:
    """A traveller row's cells: JFR Pary's of the classes :data:`_CELL_CLASSES`; KoPS's all (it
    writes no class)."""
    return [t for c, t in row if kops or c in _CELL_CLASSES]


def _is_line(row: list[tuple[str, str]], kops: bool = False) -> bool:
    cells = _line_cells(row, kops)
    return len(cells) >= 10 and cells[0].isdigit() and cells[1].isdigit()


def _line(board: str, cells: list[str], where: str, kops: bool = False) -> TravellerLine:
    ns_pair, ew_pair, contract_text, declarer_text, lead_text, result, ns_text, ew_text, ns_pct, ew_pct = cells[:10]
    contract_text = contract_text.replace("\n", "").replace(" ", "")
    common = {"board": board, "ns_pair": ns_pair, "ew_pair": ew_pair,
              "ns_mp": read_float(ns_pct, where, "percentage"), "ew_mp": read_float(ew_pct, where, "percentage")}
    if contract_text.upper() == "TD" or contract_text.upper().startswith("A"):
        return TravellerLine(artificial=contract_text.upper(), **common)  # type: ignore[arg-type]
    contract = normal_contract(contract_text, where)
    if contract == PASSED_OUT:
        return TravellerLine(contract=contract, ns_score=0, **common)  # type: ignore[arg-type]
    declarer = read_seat(declarer_text, where)
    over = 0 if result.strip() in ("=", "") else read_int(result, where, "result", -13, 13) or 0
    tricks = int(contract[0]) + 6 + over
    ns = read_int(ns_text, where, "score", -SCORE_HIGH, SCORE_HIGH)
    ew = read_int(ew_text, where, "score", -SCORE_HIGH, SCORE_HIGH)
    if kops:  # North-South's score, signed, in whichever column its sign puts it
        ew = None if ew is None else -ew
    score = ns if ns is not None else (-ew if ew is not None else law77_score(board, contract, declarer, tricks))
    return TravellerLine(contract=contract, declarer=declarer, lead=read_lead(lead_text.replace("\n", ""), where),
                         tricks=tricks, ns_score=score, **common)  # type: ignore[arg-type]


def _record(board: str, cells: list[str]) -> HandRecord:
    """The deal from the four hand cells, laid out North, West, East, South."""
    hands: dict[Seat, set[Card]] = {}
    for seat, cell in zip((Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH), cells, strict=True):
        cards: set[Card] = set()
        for suit_line in cell.split("\n"):
            suit_line = suit_line.strip()
            if not suit_line or suit_line[0] not in _SUITS:
                continue
            for rank in _ranks(suit_line[1:]):
                if rank in ("-", "—"):
                    continue
                try:
                    cards.add(Card(_SUITS[suit_line[0]], Rank.from_letter(rank)))
                except ValueError:
                    raise unreadable_card(board, rank) from None
        hands[seat] = cards
    return hand_record_of(board, hands, f"board {board}")


def _ranks(text: str) -> list[str]:
    """A suit's ranks as written: spaced (JFR Pary: ``"A 10 8 6"``) or run together (KoPS:
    ``"A1086542"``), ``10`` for the ten; a dash alone for a void."""
    ranks: list[str] = []
    for token in text.replace("10", "T").split():
        ranks.extend(token if len(token) > 1 and token.isalnum() else [token])
    return ranks
