"""DealMaster Pro / Duplimate for Windows ``.dlm`` dealing files: the deals only.

Layout (as emkael/deal-convert's ``dlm.py`` reads it, BSD-2; ported, not copied): an INI-like
text with a ``[Document]`` header (DealMaster itself writes ``[DOCUMENT]``: any case is
accepted), ``From board``/``To board``, ``Status`` and ``Checksum`` (the board count, XOR 1 when
``Status=Show``), and one ``Board NN=`` line per board: 26 letters then a 3-digit checksum. Each
letter is ``a`` + a value 0-15 that holds the seats of two cards (value // 4, value % 4; 0 North,
1 East, 2 South, 3 West), the 52 cards in the order spades, hearts, diamonds, clubs, each from
the ace down. The board's checksum is the board number XOR the code of every letter. Dealer and
vulnerability follow the board number (Law 2).
"""

from __future__ import annotations

import re

from engine.errors import ResultsFileError
from engine.model.cards import SUIT_ORDER, Card, Rank
from engine.model.deal import Deal
from engine.model.seats import SEATS, Seat
from engine.records.handrecords import HandRecord, deal_problem, dealer_for_board, vulnerability_for_board
from engine.records.results.model import SessionResults

_RANKS_DOWN = tuple(Rank(r) for r in range(14, 1, -1))
_BOARD_LINE = re.compile(r"^([a-p]{26})(\d{1,3})$")


def looks_like_dlm(text: str) -> bool:
    """Whether the first non-blank line of ``text`` is ``[Document]`` (any case)."""
    first = next((ln.strip() for ln in text.lstrip("\ufeff").splitlines() if ln.strip()), "")
    return first.upper() == "[DOCUMENT]"


def read_dlm(text: str) -> SessionResults:
    """The deals of a ``.dlm`` file's text, checksums verified.

    Raises:
        ResultsFileError: key ``results_dlm_checksum``: the header's or a board's checksum does
            not match (the file was changed or damaged: deals from it would be wrong);
            ``results_dlm_bad``: a missing field, a board line that cannot be read, or a deal
            that is not 52 cards, 13 in each hand.
    """
    fields: dict[str, str] = {}
    for ln in text.lstrip("\ufeff").splitlines()[1:]:
        name, sep, value = ln.partition("=")
        if sep:
            fields[name.strip().lower()] = value.strip()
    try:
        first, last = int(fields["from board"]), int(fields["to board"])
        stated = int(fields["checksum"])
    except (KeyError, ValueError):
        what = "the From board, To board or Checksum line is missing"
        raise ResultsFileError(f"a DealMaster .dlm file that cannot be read: {what}", key="results_dlm_bad",
                               params={"what": what}) from None
    expected = (last - first + 1) ^ (1 if fields.get("status", "").lower() == "show" else 0)
    if expected != stated:
        raise ResultsFileError(f"a DealMaster .dlm file with a wrong checksum in its header ({stated}, the boards "
                               f"give {expected}): the file was changed or damaged", key="results_dlm_checksum_header",
                               params={"stated": stated, "expected": expected})
    records = [_board(n, fields.get(f"board {n:02d}", "")) for n in range(first, last + 1)]
    return SessionResults("dlm", "DealMaster", fields.get("headline", ""), "", 0, tuple(records), ())


def _board(number: int, value: str) -> HandRecord:
    m = _BOARD_LINE.match(value)
    if m is None:
        raise ResultsFileError(f"a DealMaster .dlm file that cannot be read: board {number} is missing or damaged",
                               key="results_dlm_bad", params={"what": f"board {number} is missing or damaged"})
    letters, stated = m.group(1), int(m.group(2))
    checksum = number
    for ch in letters:
        checksum ^= ord(ch)
    if checksum != stated:
        raise ResultsFileError(f"a DealMaster .dlm file with a wrong checksum on board {number} ({stated}, the cards "
                               f"give {checksum}): the file was changed or damaged", key="results_dlm_checksum",
                               params={"board": number, "stated": stated, "expected": checksum})
    seats: list[int] = []
    for ch in letters:
        v = ord(ch) - ord("a")
        seats += [v // 4, v % 4]
    hands: dict[Seat, set[Card]] = {s: set() for s in SEATS}
    for i, seat_index in enumerate(seats):
        hands[SEATS[seat_index]].add(Card(SUIT_ORDER[i // 13], _RANKS_DOWN[i % 13]))
    deal = Deal.from_hands(hands)
    problem = deal_problem(deal)
    if problem is not None:
        raise ResultsFileError(f"a DealMaster .dlm file that cannot be read: board {number}: {problem}",
                               key="results_dlm_bad", params={"what": f"board {number}: {problem}"})
    return HandRecord(str(number), dealer_for_board(number), vulnerability_for_board(number), deal)
