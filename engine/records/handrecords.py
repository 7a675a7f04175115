"""Hand records: the boards of a session as the dealing program wrote them (board number,
dealer, vulnerability, the four hands), read out of a PBN text with :mod:`engine.records.pbn`.

A hand-record file has one game per board and no play; a file with play records (both rooms
of a match) is read the same way: each board's deal is kept once. Pure value types and pure
functions: storing them is the caller's business (see :mod:`engine.casefile.events`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.errors import InvalidBoardError, PbnError, clip
from engine.model.cards import FULL_DECK, SUIT_ORDER, Card
from engine.model.deal import Deal
from engine.model.seats import SEATS, Seat, Vulnerability
from engine.records.files import read_games
from engine.records.pbn_game import PbnGame

_T = TypeVar("_T")
SEAT_NAMES = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
_VUL_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL,
              Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE,
              Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS,
              Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board of a session's hand records.

    Attributes:
        board: the board number as a director says it, e.g. ``"7"`` (see :func:`board_key`).
        dealer: the seat that deals (and calls first).
        vulnerability: which sides are vulnerable.
        deal: the four hands as dealt: 52 distinct cards, 13 in each hand (checked on reading).
    """

    board: str
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal

    @property
    def deal_pbn(self) -> str:
        """The deal as PBN text from North, e.g. ``"N:T8752.6.AQ65.JT9 ..."``."""
        return self.deal.to_pbn()


def board_key(text: str) -> str:
    """The board number in one spelling: spaces dropped, leading zeros of a number dropped
    (``" 07 "`` -> ``"7"``); anything else is kept as written (``"7a"``).

    Raises:
        InvalidBoardError: path ``"board"``: empty, or longer than a board number can be (more
            than :data:`BOARD_DIGITS` digits, or :data:`BOARD_CHARS` characters otherwise): a
            5,000-digit number would otherwise fail deep in the arithmetic (issue 35).
    """
    t = text.strip()
    if not t:
        raise InvalidBoardError("the board number is empty", path="board", key="board_empty")
    if len(t.lstrip("0") if t.isdigit() else t) > (BOARD_DIGITS if t.isdigit() else BOARD_CHARS):
        raise InvalidBoardError(f"the board number {clip(t, 24)!r} is too long: a board number has at most "
                                f"{BOARD_DIGITS} digits ({BOARD_CHARS} characters as another spelling)", path="board",
                                key="board_too_long", params={"text": clip(t, 24), "digits": BOARD_DIGITS,
                                                              "chars": BOARD_CHARS})
    return str(int(t)) if t.isdigit() else t


BOARD_DIGITS = 6
"""The most digits a board number may have (a session has a few hundred boards at most)."""
BOARD_CHARS = 20
"""The most characters a board "number" spelled otherwise may have (``"7a"``), as the API's ``board``."""


def board_sort_key(board: str) -> tuple[int, str]:
    """Sort boards by number (``"2"`` before ``"10"``), other spellings after, by text."""
    return (int(board), "") if board.isdigit() else (10**9, board)


def dealer_for_board(number: int) -> Seat:
    """The dealer of board ``number`` (1, 2, ...) by the usual cycle (Law 2): N, E, S, W, N..."""
    return SEATS[(number - 1) % 4]


def vulnerability_for_board(number: int) -> Vulnerability:
    """The vulnerability of board ``number`` (1, 2, ...) by the usual 16-board cycle (Law 2)."""
    return _VUL_CYCLE[(number - 1) % 16]


def deal_problem(deal: Deal) -> str | None:
    """What is wrong with a dealt deal, in a director's words, or ``None`` when it holds 52
    distinct cards, 13 in each hand.

    Example: ``"West holds 12 cards, every hand must hold 13 (the C9 is in no hand)"``.
    """
    counts = Counter(c for s in SEATS for c in deal.hand(s))
    parts: list[str] = []
    wrong = [s for s in SEATS if len(deal.hand(s)) != 13]
    if wrong:
        parts.append(", ".join(f"{SEAT_NAMES[s]} holds {len(deal.hand(s))} cards" for s in wrong)
                     + ", every hand must hold 13")
    twice = sorted((c for c, n in counts.items() if n > 1), key=_card_order)
    if twice:
        parts.append("; ".join(f"the {c} is in " + " and ".join(f"{SEAT_NAMES[s]}'s" for s in SEATS
                                                                   if c in deal.hand(s)) + " hands"
                               for c in twice))
    missing = sorted((c for c in FULL_DECK if c not in counts), key=_card_order)
    if missing:
        cards = ", ".join(str(c) for c in missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        parts.append(f"the {cards} {'is' if len(missing) == 1 else 'are'} in no hand")
    if not parts:
        return None
    return parts[0] + (" (" + "; ".join(parts[1:]) + ")" if len(parts) > 1 else "")


def hand_records_from_pbn(text: str) -> list[HandRecord]:
    """The boards of a PBN text, one per board number, sorted by board.

    Tags read: ``Board`` (required), ``Deal`` (required), ``Dealer`` and ``Vulnerable`` (when
    absent, the usual cycle of Law 2 from the board number). Play, contract and result are
    ignored, so a file with play records gives its deals. A board that appears more than once
    (the other room of a match) must have the same deal, dealer and vulnerability each time.

    Raises:
        PbnError: path ``"file"``: the text is not PBN (no tag, no game with a deal); the
            message never repeats the text itself.
        InvalidBoardError: path ``"file"``: a board that cannot be used, named with the reason
            in a director's words, e.g. ``"board 7: West holds 12 cards, ..."``; a game with no
            board number; the same board twice with different hands.
    """
    try:
        games = read_games(text)  # PBN or LIN (a hand-record file in LIN: md| and sv| only)
    except PbnError as exc:  # its message quotes the line: never echo what may be binary
        raise PbnError(f"not a PBN file (or a damaged one): line {exc.lineno} is neither a tag nor a play line",
                       path="file", key="not_pbn_line", params={"line": exc.lineno}) from None
    games = [g for g in games if g.tags.get("Deal", "").strip() not in ("", "?")]
    if not games:
        raise PbnError("not a PBN file: no game with a [Deal] tag was found", path="file", key="not_pbn_no_deal")
    found: dict[str, tuple[HandRecord, PbnGame]] = {}
    for game in games:
        record = _hand_record(game)
        seen = found.get(record.board)
        if seen is None:
            found[record.board] = (record, game)
        elif seen[0] != record:
            what = difference(seen[0], record, f"line {seen[1].lineno}", f"line {game.lineno}")
            raise InvalidBoardError(f"board {clip(record.board)} is in the file twice with a different {what}",
                                    path="file", key="board_twice", params={"board": clip(record.board), "what": what})
    return sorted((r for r, _ in found.values()), key=lambda r: board_sort_key(r.board))


def hand_records_by_game(games: Sequence[PbnGame]) -> tuple[list[HandRecord], list[tuple[str, InvalidBoardError]]]:
    """The boards of ``games`` (those with a ``[Deal]``) as :func:`hand_records_from_pbn` reads
    them, each board that cannot be used left out and given with its error instead of the whole
    file refused (issue 36): ``(records sorted by board, [(board as written, error)])``. A board
    given twice with different hands keeps its first deal; the second is an error
    (``board_twice``)."""
    found: dict[str, tuple[HandRecord, PbnGame]] = {}
    errors: list[tuple[str, InvalidBoardError]] = []
    for game in games:
        if game.tags.get("Deal", "").strip() in ("", "?"):
            continue
        try:
            record = _hand_record(game)
        except InvalidBoardError as exc:
            errors.append((game.tags.get("Board", "").strip(), exc))
            continue
        seen = found.get(record.board)
        if seen is None:
            found[record.board] = (record, game)
        elif seen[0] != record:
            what = difference(seen[0], record, f"line {seen[1].lineno}", f"line {game.lineno}")
            errors.append((record.board, InvalidBoardError(
                f"board {clip(record.board)} is in the file twice with a different {what}", path="file",
                key="board_twice", params={"board": clip(record.board), "what": what})))
    return sorted((r for r, _ in found.values()), key=lambda r: board_sort_key(r.board)), errors


def difference(old: HandRecord, new: HandRecord, first: str = "stored", second: str = "in this file") -> str | None:
    """What differs between two records of the same board, with both values, e.g.
    ``"dealer (stored N, in this file E)"``; ``None`` when they are identical.

    ``first`` and ``second`` name where ``old`` and ``new`` come from.
    """
    if old == new:
        return None
    parts = []
    for what, x, y in (("deal", old.deal_pbn, new.deal_pbn), ("dealer", old.dealer.value, new.dealer.value),
                       ("vulnerability", old.vulnerability.value, new.vulnerability.value)):
        if x != y:
            parts.append(f"{what} ({first} {x}, {second} {y})")
    return " and ".join(parts) or "board number"


def _hand_record(game: PbnGame) -> HandRecord:
    raw = game.tags.get("Board", "").strip()
    if raw in ("", "?"):
        raise InvalidBoardError(f"the game at line {game.lineno} has no board number ([Board] tag)", path="file",
                                key="no_board_number", params={"line": game.lineno})
    board = board_key(raw)
    where = f"board {clip(board)}"
    try:
        deal = game.deal()
    except InvalidBoardError as exc:
        inner = exc.params.get("reason") if exc.key.startswith("pbn_game") else exc
        raise InvalidBoardError(f"{where}: the deal cannot be read: {_strip_where(exc.message)}",
                                path="file", key="board_deal_unreadable",
                                params={"board": clip(board), "reason": inner}) from None
    problem = deal_problem(deal)
    if problem is not None:
        raise InvalidBoardError(f"{where}: {problem}", path="file", key="board_deal_problem",
                                params={"board": clip(board), "problem": problem})
    number = int(board) if board.isdigit() and int(board) > 0 else None
    dealer = _tag_or_cycle(game, "Dealer", number, Seat.from_str, dealer_for_board, "N, E, S or W")
    vul = _tag_or_cycle(game, "Vulnerable", number, Vulnerability.from_str, vulnerability_for_board,
                        "None, NS, EW or All")
    return HandRecord(board, dealer, vul, deal)


def _tag_or_cycle(game: PbnGame, tag: str, number: int | None, parse: Callable[[str], _T],
                  cycle: Callable[[int], _T], expected: str) -> _T:
    """Tag ``tag`` read with ``parse``; when absent, ``cycle(number)`` (Law 2's board cycle).

    Raises:
        InvalidBoardError: path ``"file"``: unreadable, or absent with no board number to go by.
    """
    where = f"board {clip(board_key(game.tags['Board']))}"
    text = game.tags.get(tag, "").strip()
    if text in ("", "?"):
        if number is None:
            raise InvalidBoardError(f"{where}: no [{tag}] tag", path="file", key="board_no_tag",
                                    params={"board": clip(board_key(game.tags["Board"])), "tag": tag})
        return cycle(number)
    try:
        return parse(text)
    except ValueError:
        what = {"Vulnerable": "vulnerability"}.get(tag, tag.lower())
        raise InvalidBoardError(f"{where}: the {what} {clip(text)!r} is not {expected}", path="file",
                                key="board_bad_" + what,
                                params={"board": clip(board_key(game.tags["Board"])), "text": clip(text)}) from None


def _strip_where(message: str) -> str:
    """An engine.records.pbn_game message without its ``"board 7, room Closed: "`` prefix."""
    head, sep, rest = message.partition(": ")
    return rest if sep and head.startswith("board ") else message


def _card_order(card: Card) -> tuple[int, int]:
    """Spades first, high cards first: the order a director reads a hand in."""
    return (SUIT_ORDER.index(card.suit), -card.rank)
