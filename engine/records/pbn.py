"""A lenient reader for PBN (Portable Bridge Notation) files, for the tags a ruling needs.

Our own reader because endplay's PBN parser raises on the ``^R`` revoke note (PBN 2.1,
section 3.9) that real championship records carry. What it understands:

* tags ``[Name "value"]`` (several may share a line); a value ``"#"`` copies the previous
  game's value of the same tag; ``\\"`` and ``\\\\`` in a value are a quote and a backslash
  (PBN 2.1, section 3.7);
* games separated by empty lines (or, where a file omits one, by the game's first tag,
  ``[Event]``, ``[Board]`` or ``[Deal]`` coming again; another tag written twice is kept once);
  tags after a section (e.g. ``[Result]`` after ``[Play]``) still belong to the game;
* commentary ``{...}`` (may span lines), ``;`` to end of line, and ``%`` escape lines;
* the ``[Play]`` section: cards in column order from the opening leader, ``-`` for an unknown
  card, ``*`` ending the record, and annotations glued or apart (``!``, ``?``, ``=n=``, ``$n``,
  ``^R``, ...). Export-format files put one trick on a line; annotated files break tricks
  with commentary, so card tokens are grouped four at a time across lines.

Nothing here checks that the cards were held: :meth:`engine.model.play.PlayRecord.build` does.

The games it gives are :class:`engine.records.pbn_game.PbnGame` values; the bytes of a file are
decoded, and an upload checked for being a record file at all, by :mod:`engine.records.pbn_text`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from engine.errors import PbnError, clip
from engine.model.cards import FULL_DECK, Card, Rank
from engine.model.seats import Seat
from engine.records.pbn_game import PbnGame, PlaySection
from engine.records.pbn_text import decode

_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_SPECIAL = re.compile(r'[{;"]')
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"?')
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
_REPEATABLE = frozenset({"Note"})  # tags PBN allows more than once in a game
_STARTS_GAME = frozenset({"Event", "Board", "Deal"})
"""Tags that, written again, begin the next game where a file omits the empty line between games
(as does the game's own first tag); any other tag written again is a duplicate inside the game
(a hand-edited second ``[Score]``): the first is kept and the duplicate noted (issue 36)."""


def loads(text: str) -> list[PbnGame]:
    """Read every game of a PBN text.

    Args:
        text: the whole file as a string (a leading BOM is ignored).

    Returns:
        The games in file order. A game ends at an empty line, or where its first tag,
        ``[Event]``, ``[Board]`` or ``[Deal]`` comes again (some files omit the empty line
        between games); any other tag written twice in a game is kept once (the first) and
        noted in :attr:`PbnGame.duplicate_tags`.

    Raises:
        PbnError: a malformed tag line, a play line with more than four cards, or a play
            section with cards but no opening leader (``lineno`` says where).
    """
    games: list[PbnGame] = []
    tags: list[tuple[str, str, int]] = []
    names: set[str] = set()
    play_lines: list[tuple[int, str]] = []
    table_lines: dict[str, list[tuple[int, str]]] = {}
    duplicates: list[tuple[str, str, int]] = []
    section = ""

    def end_game() -> None:
        if tags:
            games.append(_make_game(tags, play_lines, games[-1] if games else None, table_lines, duplicates))
        tags.clear()
        duplicates.clear()
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
                    if name in _STARTS_GAME or name == tags[0][0]:
                        end_game()
                    else:  # a duplicate inside the game: noted, its section's lines left out
                        duplicates.append((name, value, lineno))
                        section = ""
                        continue
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
    duplicates: Sequence[tuple[str, str, int]] = (),
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
    return PbnGame(MappingProxyType(tags), raw_tags[0][2], section, MappingProxyType(lines), tables,
                   tuple(duplicates))


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
