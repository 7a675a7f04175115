"""A lenient reader for PBN (Portable Bridge Notation) files, for the tags a ruling needs.

Our own reader because endplay's PBN parser raises on the ``^R`` revoke note (PBN 2.1,
section 3.9) that real championship records carry. What it understands:

* tags ``[Name "value"]`` (several may share a line); a value ``"#"`` copies the previous
  game's value of the same tag; ``\\"`` and ``\\\\`` in a value are a quote and a backslash
  (PBN 2.1, section 3.7);
* games separated by empty lines (or, where a file omits one, by a tag the game already
  has); tags after a section (e.g. ``[Result]`` after ``[Play]``) still belong to the game;
* commentary ``{...}`` (may span lines), ``;`` to end of line, and ``%`` escape lines;
* the ``[Play]`` section: cards in column order from the opening leader, ``-`` for an unknown
  card, ``*`` ending the record, and annotations glued or apart (``!``, ``?``, ``=n=``, ``$n``,
  ``^R``, ...). Export-format files put one trick on a line; annotated files break tricks
  with commentary, so card tokens are grouped four at a time across lines.

Nothing here checks that the cards were held: :meth:`engine.model.play.PlayRecord.build` does.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from engine.errors import InvalidBoardError, PbnError, clip
from engine.model.cards import FULL_DECK, Card, Rank
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayedCard, Trick
from engine.model.seats import SEATS, Seat, Vulnerability

_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_SPECIAL = re.compile(r'[{;"]')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"?')
_TAG_START = re.compile(r'\[\s*\w+\s*"')
_ESCAPE = re.compile(r'\\(["\\])')
_PLAY_TOKEN = re.compile(
    r"(?P<pre>(?:\^[A-Z]|=\d+=|\$\d+)*)"
    r"(?P<core>[SHDC](?:10|[2-9TJQKA])|-|\*)?"
    r"(?P<post>(?:[!?]+|=\d+=|\$\d+|\^[A-Z])*)",
    re.IGNORECASE,
)
_REVOKE = "^R"
_CARDS: dict[str, Card] = {str(c): c for c in FULL_DECK} | {
    f"{c.suit.value}10": c for c in FULL_DECK if c.rank == Rank.TEN
}
_NO_VALUE = ("", "?")
_REPEATABLE = frozenset({"Note"})  # tags PBN allows more than once in a game
_deal_from_pbn = lru_cache(maxsize=64)(Deal.from_pbn)  # both rooms of a match share a deal


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
    """

    tags: Mapping[str, str]
    lineno: int
    play_section: PlaySection | None
    tag_lines: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    table_lines: Mapping[str, tuple[tuple[int, str], ...]] = field(default_factory=dict, repr=False, compare=False)

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


def loads(text: str) -> list[PbnGame]:
    """Read every game of a PBN text.

    Args:
        text: the whole file as a string (a leading BOM is ignored).

    Returns:
        The games in file order. A game ends at an empty line, or where a tag it already
        has comes again (some files omit the empty line between games).

    Raises:
        PbnError: a malformed tag line, a play line with more than four cards, or a play
            section with cards but no opening leader (``lineno`` says where).
    """
    games: list[PbnGame] = []
    tags: list[tuple[str, str, int]] = []
    names: set[str] = set()
    play_lines: list[tuple[int, str]] = []
    table_lines: dict[str, list[tuple[int, str]]] = {}
    section = ""

    def end_game() -> None:
        if tags:
            games.append(_make_game(tags, play_lines, games[-1] if games else None, table_lines))
        tags.clear()
        names.clear()
        play_lines.clear()
        table_lines.clear()

    for lineno, line, blank in _clean_lines(text.removeprefix("\ufeff")):
        if blank:
            if tags:  # nothing to end otherwise (a run of blank lines costs one test each)
                end_game()
            section = ""
        elif line.lstrip().startswith("["):
            found = _TAG.findall(line)
            if not found:
                raise PbnError(f"malformed tag line: {clip(line.strip())!r}", lineno=lineno, key="pbn_malformed_tag",
                               params={"line": clip(line.strip())})
            for name, escaped in found:
                value = _ESCAPE.sub(r"\1", escaped)
                if name in names and name not in _REPEATABLE:
                    end_game()
                tags.append((name, value, lineno))
                names.add(name)
                section = name
        elif section == "Play" and line.strip():
            play_lines.append((lineno, line))
        elif section.endswith("Table") and line.strip():
            table_lines.setdefault(section, []).append((lineno, line))
    end_game()
    return games


def load(path: str | os.PathLike[str]) -> list[PbnGame]:
    """Read every game of a PBN file (see :func:`loads`).

    The bytes are decoded as UTF-8 (a BOM is dropped), else cp1252, else latin-1, so decoding
    never fails.

    Raises:
        OSError: the file cannot be read.
        PbnError: as :func:`loads`.
    """
    return loads(decode(Path(path).read_bytes()))


def decode(data: bytes) -> str:
    """The text of a PBN file's bytes, decoded as :func:`load` does.

    UTF-8 (a leading BOM is dropped), else cp1252, else latin-1: decoding never fails.
    """
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0e-\x19\x1b-\x1f\x7f]")  # not tab, CR, LF, FF, VT, DOS's EOF
_LIN = re.compile(r"(?:^|\|)(?:pn|qx|md|st|vg|rh|ah|sv|mb|pc|pg)\|", re.IGNORECASE)
_PBN_TAG_LINE = re.compile(r'^\s*\[\s*\w+\s*"', re.MULTILINE)
_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f\x7f]")


def upload_text(data: bytes) -> str:
    """The text of an uploaded (or read) PBN file, once its bytes look like one: decoded as
    :func:`decode` does, then checked by :func:`check_text`.

    Raises:
        PbnError: path ``"file"``, message ``"not a PBN file: <why>"``: the file is empty; it is
            UTF-16 or UTF-32 (a byte order mark, or NUL bytes); it is compressed (gzip, zip) or
            other binary data (control bytes); or as :func:`check_text`. The message never
            repeats the file's bytes.
    """
    why = _not_text(data)
    if why is not None:
        raise PbnError(f"not a PBN file: {why}", path="file", key="not_pbn_bytes", params={"why": why})
    text = decode(data)
    check_text(text, path="file")
    return text


def check_text(text: str, *, path: str = "pbn") -> None:
    """Check that ``text`` (a file's text, or a game pasted in) can be a record file at all,
    quickly (a few regular-expression passes, whatever its size), before it is read: PBN, or LIN
    (Bridge Base Online's format, which :func:`engine.records.files.read_games` reads with
    :mod:`engine.records.lin`).

    Raises:
        PbnError: ``path``, message ``"not a PBN file: <why>"``: nothing but blank lines; NUL
            or other control characters; no tag ``[Name "value"]`` anywhere and no LIN pair
            (notes, 5 MiB of ``{``...).
    """
    if not text.strip():
        raise PbnError("not a PBN file: it is empty or holds only blank lines" if text else
                       "not a PBN file: it is empty", path=path, key="not_pbn_blank" if text else "not_pbn_empty")
    if _CONTROL_CHARS.search(text, 0, 65536):
        raise PbnError("not a PBN file: it holds binary data (control characters)", path=path, key="not_pbn_binary")
    if _TAG_START.search(text) is None:
        if looks_like_lin(text):
            return  # a LIN file (Bridge Base Online's format): engine.records.files reads it with engine.records.lin
        raise PbnError('not a PBN file: no tag such as [Board "1"] or [Deal "N:..."] was found', path=path,
                       key="not_pbn_no_tag")


def looks_like_lin(text: str) -> bool:
    """Whether ``text`` is LIN (Bridge Base Online's format, read by :mod:`engine.records.lin`) rather
    than PBN: in its first 4 KiB, a LIN pair (``pn|``, ``qx|``, ``md|``, ``st|``, ``vg|``, ``ah|``,
    ``sv|``, ``mb|``, ``pc|``...) comes before any PBN tag line."""
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    lin = _LIN.search(head)
    pbn = _PBN_TAG_LINE.search(head)
    return lin is not None and (pbn is None or lin.start() < pbn.start())


def _not_text(data: bytes) -> str | None:
    """Why ``data`` cannot be the bytes of a PBN file (which is 8-bit text), or ``None``."""
    if not data:
        return "the file is empty"
    if data.startswith(b"\x1f\x8b"):
        return "the file is compressed (gzip): unpack it first"
    if data.startswith((b"PK\x03\x04", b"7z\xbc\xaf", b"Rar!")):
        return "the file is an archive (zip, 7z, rar): unpack it first"
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) or b"\x00" in data[:65536]:
        return "the file is UTF-16 or UTF-32 text (or binary): save it as UTF-8 or ANSI (Windows-1252) text"
    if _CONTROL_BYTES.search(data, 0, 65536):
        return "the file holds binary data (control bytes)"
    return None


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


def _clean_lines(text: str) -> Iterator[tuple[int, str, bool]]:
    """Yield ``(lineno, line without commentary, is_blank)``; ``%`` lines come out empty.

    A line is blank (a game separator) only if it is empty outside any commentary.
    """
    in_brace = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if not in_brace and (not raw or raw.isspace()):
            yield lineno, raw, True
            continue
        if not in_brace and raw.startswith("%"):
            yield lineno, "", False
            continue
        blank = not in_brace and not raw.strip()
        if not in_brace and "{" not in raw and "}" not in raw and ";" not in raw:
            yield lineno, raw, blank
            continue
        out: list[str] = []
        i, end = 0, len(raw)
        while i < end:  # jumps from one special character to the next: long lines cost no Python loop
            if in_brace:
                close = raw.find("}", i)
                in_brace, i = close < 0, end if close < 0 else close + 1
                continue
            special = _SPECIAL.search(raw, i)
            if special is None:
                out.append(raw[i:])
                break
            j = special.start()
            out.append(raw[i:j])
            if raw[j] == ";":
                break
            if raw[j] == "{":
                in_brace, i = True, j + 1
            else:  # a quoted string (a backslash escapes the next character) is copied whole
                quoted = _QUOTED.match(raw, j)
                assert quoted is not None  # the pattern matches at least the quote
                out.append(quoted.group())
                i = quoted.end()
        yield lineno, "".join(out), blank


def _make_game(
    raw_tags: Sequence[tuple[str, str, int]],
    play_lines: Sequence[tuple[int, str]],
    previous: PbnGame | None,
    table_lines: Mapping[str, Sequence[tuple[int, str]]] | None = None,
) -> PbnGame:
    """Build one game: resolve ``#`` against ``previous``, read the play section, keep the
    table sections' lines."""
    tags: dict[str, str] = {}
    lines: dict[str, int] = {}
    for name, value, lineno in raw_tags:
        if name in tags:  # a repeatable tag (Note): the first one counts
            continue
        if value == "#":
            if previous is None or name not in previous.tags:
                continue
            value = previous.tags[name]
        tags[name], lines[name] = value, lineno
    section = _play_section(tags, lines, play_lines) if "Play" in tags else None
    tables = MappingProxyType({name: tuple(rows) for name, rows in (table_lines or {}).items()})
    return PbnGame(MappingProxyType(tags), raw_tags[0][2], section, MappingProxyType(lines), tables)


def _play_section(
    tags: Mapping[str, str], lines: Mapping[str, int], play_lines: Sequence[tuple[int, str]]
) -> PlaySection | None:
    """Read a ``[Play]`` section; ``None`` for a ``[Play ""]`` tag with no cards.

    Card tokens fill the rows four at a time, in column order. A ``^R`` on its own marks the
    next card; glued before or after a card it marks that card. Unreadable tokens count as
    unknown cards. ``*`` ends the section.

    Raises:
        PbnError: a line with more than four cards, or cards without an opening leader.
    """
    cells: list[Card | None] = []
    marks: set[Card] = set()
    ended = pending = False
    for lineno, line in play_lines:
        count = 0
        for token in line.split():
            kind, card, marked = _read_token(token)
            if kind == "end":
                ended = True
                break
            pending = pending or marked
            if kind == "note":
                continue
            if card is not None and pending:
                marks.add(card)
            pending = False
            cells.append(card)
            count += 1
        if count > 4:
            raise PbnError(f"play line has {count} cards; a trick has 4: {clip(line.strip())!r}", lineno=lineno,
                           key="pbn_play_line", params={"n": count, "line": clip(line.strip())})
        if ended:
            break
    cells.extend([None] * (-len(cells) % 4))
    rows = tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4))
    try:
        leader = Seat.from_str(tags["Play"])
    except ValueError:
        if not rows:
            return None
        raise PbnError(
            f"play section without an opening leader: [Play {clip(tags['Play'])!r}]", lineno=lines["Play"],
            key="pbn_no_leader", params={"text": clip(tags["Play"])}
        ) from None
    return PlaySection(leader, rows, frozenset(marks), ended)


def _read_token(token: str) -> tuple[str, Card | None, bool]:
    """Classify one play token: ``(kind, card, revoke-marked)``.

    ``kind`` is ``"card"`` (``card`` is ``None`` for ``-`` or an unreadable token), ``"note"``
    (annotations only, e.g. a lone ``^R`` or ``$1``) or ``"end"`` (``*``).
    """
    card = _CARDS.get(token.upper())
    if card is not None or token == "-":
        return "card", card, False
    m = _PLAY_TOKEN.fullmatch(token)
    if m is None:
        return "card", None, False
    marked = _REVOKE in token.upper()
    if m["core"] is None:
        return "note", None, marked
    if m["core"] == "*":
        return "end", None, False
    return "card", _CARDS.get(m["core"].upper()), marked
