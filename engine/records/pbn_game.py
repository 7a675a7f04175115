"""One game of a PBN file as read (:class:`PbnGame`: its tags, its ``[Play]`` section as
written, :class:`PlaySection`, its table sections) and what a ruling asks of it: the deal, the
contract and declarer, the vulnerability, the ``Result`` tag (declarer's side's tricks, 0-13),
the cards in play order (Law 44) and the ``^R`` revoke notes (PBN 2.1, section 3.9); the games of
one board (:func:`games_for_board`). The LIN reader (:mod:`engine.records.lin`) gives the same
values.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from engine.errors import InvalidBoardError, PbnError, clip
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayedCard, Trick
from engine.model.seats import SEATS, Seat, Vulnerability

_NO_VALUE = ("", "?")
_deal_from_pbn = lru_cache(maxsize=64)(Deal.from_pbn)  # both rooms of a match share a deal


_TAG_DATE = re.compile(r"\s*(\d{4})[.-](\d{1,2})[.-](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?\s*")


def tag_date(text: str | None) -> dt.date | None:
    """The day a ``[Date]`` tag gives: PBN's ``"2026.11.27"`` (PBN 2.1, section 3.3), or as Bridge
    Base Online's tournament download and pbntools write it, ``"2021-04-03 05:06"`` (ISO, a time of
    day after it). ``None`` for no tag, a partial date (``"2026.??.??"``, PBN's unknown parts) or one
    that is no day (``"2026.02.30"``)."""
    found = _TAG_DATE.fullmatch(text or "")
    if found is None:
        return None
    try:
        return dt.date(int(found[1]), int(found[2]), int(found[3]))
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class PlaySection:
    """The ``[Play]`` section of one game, as written (column order, not play order).

    Attributes:
        leader: the ``[Play]`` tag value, the opening leader; the first column is this seat,
            the others follow clockwise.
        rows: one row per trick, each exactly 4 entries in column order; ``None`` for ``-``
            (card unknown), an unreadable token, or an entry missing at the end of the record.
        revoke_marks: the cards carrying the ``^R`` note (before, or glued after, the card).
        ended_early: True when ``*`` ended the section (the record stops, usually a claim).
    """

    leader: Seat
    rows: tuple[tuple[Card | None, ...], ...]
    revoke_marks: frozenset[Card]
    ended_early: bool


@dataclass(frozen=True, slots=True)
class PbnGame:
    """One game (board record) of a PBN file.

    Attributes:
        tags: tag name -> value (case-sensitive names as written), ``#`` inheritance resolved;
            a ``#`` with no previous value leaves the tag out.
        lineno: 1-based line of the game's first tag in the text.
        play_section: the ``[Play]`` section, ``None`` when the game has no ``[Play]`` tag.
        tag_lines: tag name -> 1-based line of that tag (for error messages).
        table_lines: for each table section (a tag whose name ends in ``Table``: ``ScoreTable``,
            ``TotalScoreTable``, ``OptimumResultTable``...; PBN 2.1, section 4), its data lines as
            ``(lineno, line)``, commentary removed; the tag's value is the column header.
        duplicate_tags: a tag the game already had, written again inside it (a hand-edited
            second ``[Score]``), as ``(name, value, lineno)``: the first one is read, the second
            left out (its table or play lines too); a reader reports it (issue 36).
    """

    tags: Mapping[str, str]
    lineno: int
    play_section: PlaySection | None
    tag_lines: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    table_lines: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict, repr=False, compare=False)
    duplicate_tags: tuple[tuple[str, str, int], ...] = field(default=(), repr=False, compare=False)

    @property
    def board(self) -> str | None:
        """Tag ``Board`` (the board number as written), or ``None`` if absent."""
        return self.tags.get("Board")

    @property
    def room(self) -> str | None:
        """Tag ``Room`` (``"Open"``, ``"Closed"``...), or ``None`` if absent."""
        return self.tags.get("Room")

    @property
    def event(self) -> str | None:
        """Tag ``Event``, or ``None`` if absent."""
        return self.tags.get("Event")

    @property
    def site(self) -> str | None:
        """Tag ``Site``, or ``None`` if absent."""
        return self.tags.get("Site")

    @property
    def date(self) -> str | None:
        """Tag ``Date`` (PBN writes ``"1997.06.26"``), or ``None`` if absent."""
        return self.tags.get("Date")

    @property
    def day(self) -> dt.date | None:
        """The day of tag ``Date`` (:func:`tag_date`), ``None`` when absent, partial or not a day."""
        return tag_date(self.date)

    @property
    def label(self) -> str:
        """Where the game is, for messages: ``"board 21, room Closed (line 1476)"``."""
        return f"{self._where} (line {self.lineno})"

    @property
    def _where(self) -> str:
        room = f", room {clip(self.room)}" if self.room else ""
        return f"board {clip(self.board or '?')}{room}"

    def _error(self, tag: str, message: str, key: str = "", params: dict[str, object] | None = None) -> PbnError:
        reason = InvalidBoardError(message, key=key, params=params)
        return PbnError(f"{self._where}: {message}", lineno=self.tag_lines.get(tag, self.lineno),
                        key="pbn_game_room" if self.room else "pbn_game",
                        params={"board": clip(self.board or "?"), "room": clip(self.room or ""), "reason": reason})

    def _required(self, tag: str) -> str:
        value = self.tags.get(tag, "").strip()
        if value in _NO_VALUE:
            raise self._error(tag, f"no {tag} tag (or an empty one)", "pbn_no_tag", {"tag": tag})
        return value

    def deal(self) -> Deal:
        """The hands, from tag ``Deal`` (``"N:..."``, any first seat).

        Raises:
            PbnError: the tag is missing, empty, or not a PBN deal. A deal with missing or
                duplicate cards is returned as is (see :meth:`Deal.verify_complete`).
        """
        text = self._required("Deal")
        try:
            return _deal_from_pbn(text)
        except InvalidBoardError as e:
            raise self._error("Deal", e.message, e.key, dict(e.params)) from None

    def declarer(self) -> Seat:
        """Tag ``Declarer``; PBN's ``^`` prefix (irregular declarer) is ignored.

        Raises:
            PbnError: the tag is missing, ``""``, ``"?"`` or not a seat.
        """
        value = self._required("Declarer").lstrip("^")
        try:
            return Seat.from_str(value)
        except ValueError as e:
            raise self._error("Declarer", str(e), "not_a_seat", {"text": value}) from None

    def contract(self) -> Contract:
        """The contract from tags ``Contract`` (``"4H"``, ``"3NTX"``, ``"2D*"``) and ``Declarer``.

        Raises:
            PbnError: a tag is missing or unreadable, or the board was passed out (the message
                of :meth:`Contract.from_str` is kept).
        """
        text = self._required("Contract")
        try:
            contract = Contract.from_str(text, Seat.NORTH)
        except InvalidBoardError as e:
            raise self._error("Contract", e.message, e.key, dict(e.params)) from None
        return replace(contract, declarer=self.declarer())

    def vulnerability(self) -> Vulnerability:
        """Tag ``Vulnerable`` (``None``/``NS``/``EW``/``All``, also ``Both``, ``Love``...).

        Raises:
            PbnError: the tag is missing, empty or unreadable.
        """
        text = self._required("Vulnerable")
        try:
            return Vulnerability.from_str(text)
        except ValueError as e:
            raise self._error("Vulnerable", str(e), "not_a_vulnerability", {"text": text}) from None

    def result_tricks(self) -> int | None:
        """Tag ``Result`` as the number of tricks won by declarer's side (0-13).

        ``None`` when the tag is absent or not a plain trick count (``"?"``, ``""``, ...).
        """
        value = self.tags.get("Result", "").strip()
        return int(value) if value.isdigit() and int(value) <= 13 else None

    def score_tag(self) -> str | None:
        """Tag ``Score`` exactly as written (``"NS 420"``, ``"-100"``...), or ``None``."""
        return self.tags.get("Score")

    def play_cards(self) -> tuple[Card, ...]:
        """The cards played, in play order from the opening lead.

        Trick 1 is led by :attr:`PlaySection.leader`; each later trick by the winner of the
        previous one (Law 44, trumps from :meth:`contract`). The record stops at the first
        unknown or missing card and at ``*``: only the cards before the first gap in play
        order count. ``()`` when the game has no play section.

        Raises:
            PbnError: the contract is needed (more than one trick recorded) but unreadable.
        """
        section = self.play_section
        if section is None:
            return ()
        trump = self.contract().strain.trump if len(section.rows) > 1 else None
        first = SEATS.index(section.leader)
        leader = section.leader
        cards: list[Card] = []
        for number, row in enumerate(section.rows, start=1):
            played: list[PlayedCard] = []
            for seat in leader.rotation():
                card = row[(SEATS.index(seat) - first) % 4]
                if card is None:
                    return tuple(cards)
                cards.append(card)
                played.append(PlayedCard(seat, card))
            if number < len(section.rows):
                leader = Trick(number, leader, tuple(played)).winner(trump)
        return tuple(cards)

    def revoke_marks(self) -> tuple[Card, ...]:
        """The cards marked ``^R`` in the play section, in the order written; ``()`` if none."""
        section = self.play_section
        if section is None:
            return ()
        return tuple(c for row in section.rows for c in row if c in section.revoke_marks)


def games_for_board(games: Iterable[PbnGame], board: str, room: str | None = None) -> list[PbnGame]:
    """The games of ``board`` (tag ``Board``, e.g. ``"21"``), optionally only in ``room``.

    Board and room are compared without surrounding spaces; the room ignores case, and one
    letter names a room by its initial, as LIN does (``"o"`` for Open, ``"c"`` for Closed).
    """
    board = board.strip()
    want = None if room is None else room.strip().casefold()

    def in_room(game: PbnGame) -> bool:
        name = (game.room or "").strip().casefold()
        return want is None or name == want or (len(want) == 1 and name[:1] == want)

    return [g for g in games if (g.board or "").strip() == board and in_room(g)]
