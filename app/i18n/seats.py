"""Seats said in the language of a sentence, in the grammatical case its template asks for;
cards said as the page's tables show them (``♦4``, ``♥10``), not in the engine's letters.

The engine's steps and errors carry a seat as a letter (``"W"``) or an English name
(``"West"``) under a seat parameter (:data:`SEAT_PARAMS`: ``{seat}``, ``{winner}``, ``{owner}``...).
A catalogue's template says it with the name the page's tables use (``seat_W`` in
``page.json``: Запад, Δύση, W), or, with a format spec, in a case of the language
(``seats.json``, keys ``seat_<N|E|S|W>.<case>``, :data:`CASES`):

* ``{seat}``: the name as in the tables (Russian ``Запад``, Greek ``Δύση``);
* ``{seat:nom}``: the subject, with its article where the language has one (Greek ``η Δύση``);
* ``{seat:gen}``: the genitive (``Запада``, ``της Δύσης``), ``{seat:dat}`` the dative
  (``Западу``, ``στη Δύση``), ``{seat:acc}`` the accusative (``Запада``, ``τη Δύση``).

Every language has every form (English and Polish repeat the name), so that the template's
parameters stay the same set in every language (tests/test_catalogues.py). A value that is not a
seat (``""``, ``"a player"``) is said as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

SEAT_PARAMS = frozenset({"seat", "winner", "owner", "holder", "leader", "by", "turn", "declarer", "player", "lho"})
"""The names of the step and error parameters whose value is a seat."""

SIDE_PARAMS = frozenset({"side", "nos"})
"""The names of the step and error parameters whose value is a side (``"NS"``, ``"EW"``), said
the same way (``side_NS`` in ``seats.json``: Север-Юг, Βορράς-Νότος, NS; ``{side:gen}``...)."""

CASES = ("nom", "gen", "dat", "acc")
"""The format specs a template may give a seat parameter (besides none: the tables' name)."""

_CODES = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}


class SeatWord:
    """A seat as a template fills it in: ``format(word, "")`` is the name the language's tables use
    (catalogue ``seat_<code>``), ``format(word, "gen")`` its genitive (``seat_<code>.gen``)...;
    ``kind`` the catalogue keys' prefix (``seat``, ``side``; a suit: :class:`app.i18n.statement.SuitWord`)
    and ``forms`` the specs a template may give (default :data:`CASES`).

    Raises (on formatting):
        ValueError: a spec not in ``forms``, or a form the catalogue lacks (the sentence then
            falls back to the engine's English, marked in strict mode).
    """

    __slots__ = ("_lookup", "code", "forms", "kind")

    def __init__(self, code: str, lookup: Callable[[str], str | None], kind: str = "seat",
                 forms: tuple[str, ...] = CASES) -> None:
        self.code = code
        self._lookup = lookup
        self.kind = kind  # "seat" (N, E, S, W) or "side" (NS, EW): the catalogue keys' prefix
        self.forms = forms

    def __format__(self, spec: str) -> str:
        if spec and spec not in self.forms:
            what = "case" if self.forms is CASES else "form"
            raise ValueError(f"not a {what} of a {self.kind}: {spec!r} (expected one of {', '.join(self.forms)})")
        said = self._lookup(f"{self.kind}_{self.code}.{spec}" if spec else f"{self.kind}_{self.code}")
        if said is None:
            raise ValueError(f"no word for {self.kind} {self.code} ({spec or 'name'})")
        return said

    def __str__(self) -> str:
        return format(self, "")


def seat_code(value: object) -> str | None:
    """``"N"``/``"E"``/``"S"``/``"W"`` for a seat's letter or English name (any case, e.g. ``"West"``),
    else ``None`` (an empty value, ``"a player"``, a number)."""
    return _CODES.get(value.strip().upper()) if isinstance(value, str) else None


def seat_params(lang: str, params: Mapping[str, object], *, cards: bool = False) -> dict[str, object]:
    """``params`` with each seat parameter (:data:`SEAT_PARAMS`) whose value is a seat, and each
    side parameter (:data:`SIDE_PARAMS`) whose value is a side, made a :class:`SeatWord` of
    ``lang``'s catalogue, and with ``cards`` (a step's, not an error's: an
    error may quote what was typed) the card codes of text values as symbols
    (:func:`card_symbols`); the rest as they are. English keeps the engine's own values (its
    templates are the engine's sentences, letters included: tests/test_step_templates.py)."""
    from app.i18n import DEFAULT, catalogue

    if lang == DEFAULT:
        return dict(params)
    cat, out = catalogue(lang), dict(params)
    for name, value in params.items():
        code = seat_code(value) if name in SEAT_PARAMS else None
        if code is not None:
            out[name] = SeatWord(code, cat.get)
        elif name in SIDE_PARAMS and value in ("NS", "EW"):
            out[name] = SeatWord(str(value), cat.get, "side")
        elif cards and isinstance(value, str):
            out[name] = _seats_in_lists(card_symbols(value), cat.get)
    return out


_COUNTS = re.compile(r"^[NESW] \d+(?:, [NESW] \d+)*$")
_HELD_BY = re.compile(r"([♠♥♦♣](?:10|[2-9AKQJ])) \(([NESW])\)")


def _seats_in_lists(text: str, lookup: Callable[[str], str | None]) -> str:
    """The engine's two listings with seat letters in the tables' words: the cards held by each
    hand (``"N 13, E 12, S 13, W 13"``) and a card with its hand (``"♠3 (W)"``)."""
    def name(code: str) -> str:
        return lookup(f"seat_{code}") or code
    if _COUNTS.match(text):
        return ", ".join(f"{name(part[0])} {part[2:]}" for part in text.split(", "))
    return _HELD_BY.sub(lambda m: f"{m.group(1)} ({name(m.group(2))})", text)


_CARD = re.compile(r"(?<![\w♠♥♦♣])([SHDC])(10|[2-9TJQKA])(?!\w)")
_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_symbols(text: str) -> str:
    """Every card code of ``text`` (a step's parameter: ``"D4"``, ``"C3, C5"``, ``"H9 10"``) as the
    page's tables show it: suit symbol and rank, ten as ``10`` (``"♦4"``, ``"♣3, ♣5"``,
    ``"♥9 10"``). A contract or a result (``"4H W -1"``) is not a card: it stays as written."""
    return _CARD.sub(lambda m: _SYMBOL[m.group(1)] + m.group(2).replace("T", "10"), text)
