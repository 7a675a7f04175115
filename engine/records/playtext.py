"""The play as a director writes it down from the quitted cards: one trick per line.

Lenient on purpose, for text typed at the table: upper or lower case, the ten as ``10`` or
``T``, suit letters or symbols (``♠♥♦♣``, also the outline ``♤♡♢♧``), suit first or rank
first (``h7``, ``7h``, ``♥7``, ``10s``), cards separated by spaces, commas or semicolons. Blank
lines are skipped. The reader checks only that each piece is a card and that a trick holds at
most four: whether a card was held, played twice, or followed suit is the engine's question
(Laws 44, 61), answered when the board is ruled.
"""

from __future__ import annotations

import re

from engine.errors import InvalidBoardError
from engine.model.cards import Card

_SYMBOLS = str.maketrans({"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"})
_SEPARATORS = re.compile(r"[\s,;]+")
_TOKEN = re.compile(r"^(?:[SHDC](?:10|[2-9TJQKA])|(?:10|[2-9TJQKA])[SHDC])$")
MAX_LINE = 200
"""Characters of one line quoted back at most in an error (never a whole pasted file)."""


def read_card(text: str) -> Card:
    """One card as typed: ``"h7"``, ``"H7"``, ``"7h"``, ``"10s"``, ``"ts"``, ``"♥7"``, ``"♥10"``.

    Raises:
        InvalidBoardError: not a card (``path`` empty; the caller places it).
    """
    token = text.strip().translate(_SYMBOLS).upper()
    if not _TOKEN.match(token):
        raise InvalidBoardError(f"{_quote(text)} is not a card (e.g. H7, 10S, ♥7)", key="typed_not_a_card",
                                params={"text": _quote(text)})
    return Card.from_str(token)


def play_text_problems(text: str) -> tuple[tuple[tuple[Card, ...], ...], list[InvalidBoardError]]:
    """Read ``text`` and collect every problem instead of stopping at the first.

    Returns:
        ``(tricks, problems)``: the tricks read so far (a bad card is left out of its trick),
        and one :class:`InvalidBoardError` per problem, each with ``path`` ``play/t/c``
        (0-based trick and card index, as :func:`read_play_text` gives it).
    """
    tricks: list[tuple[Card, ...]] = []
    problems: list[InvalidBoardError] = []
    for line in text.splitlines():
        tokens = [t for t in _SEPARATORS.split(line.strip()) if t]
        if not tokens:
            continue
        t = len(tricks)
        cards: list[Card] = []
        for c, token in enumerate(tokens):
            if c >= 4:
                problems.append(InvalidBoardError(
                    f"trick {t + 1} has {len(tokens)} cards: a trick is four cards, one from each player "
                    f"(write one trick per line)", path=f"play/{t}/{c}", key="typed_trick_over_4",
                    params={"trick": t + 1, "n": len(tokens)}))
                break
            try:
                cards.append(read_card(token))
            except InvalidBoardError as exc:
                problems.append(InvalidBoardError(f"trick {t + 1}, card {c + 1}: {exc.message}",
                                                  path=f"play/{t}/{c}", key="typed_card_at",
                                                  params={"trick": t + 1, "position": c + 1, "reason": exc}))
        tricks.append(tuple(cards))
    for t, trick in enumerate(tricks[:-1]):
        if len(trick) < 4 and not any(p.path.startswith(f"play/{t}/") for p in problems):
            problems.append(InvalidBoardError(
                f"trick {t + 1} has {len(trick)} card{'s' if len(trick) != 1 else ''}: only the last trick "
                f"entered may be incomplete", path=f"play/{t}/{len(trick)}",
                key="typed_trick_short_1" if len(trick) == 1 else "typed_trick_short",
                params={"trick": t + 1, "n": len(trick)}))
    return tuple(tricks), problems


def read_play_text(text: str) -> tuple[tuple[Card, ...], ...]:
    """The tricks of a play written one trick per line, in the order played.

    Shape: ``((Card, Card, Card, Card), ...)``, each trick in the order its cards were played
    (the leader's card first); only the last trick may be shorter than four cards. An empty
    text gives ``()``. E.g. ``"cj c3 c2 ck\\n♥6, ♥J, ♥2, ♥A"`` gives
    ``((CJ, C3, C2, CK), (H6, HJ, H2, HA))``.

    Raises:
        InvalidBoardError: the first problem, ``path`` ``f"play/{trick_index}/{card_index}"``
            (0-based) and a message in the director's words, e.g. ``"trick 5, card 3: 'X7' is
            not a card (e.g. H7, 10S, ♥7)"``; a line of more than four cards, or a trick of
            fewer than four before the last.
    """
    tricks, problems = play_text_problems(text)
    if problems:
        raise problems[0]
    return tricks


def _quote(text: str) -> str:
    """``text`` quoted for a message, shortened when long."""
    t = text.strip()
    return repr(t if len(t) <= 12 else t[:12] + "…")


__all__ = ["play_text_problems", "read_card", "read_play_text"]
