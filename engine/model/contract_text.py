"""A contract as a director types it, read into the PBN form :meth:`Contract.from_str` takes.

Pure (no I/O). The page's contract box takes what directors type at the table, in the page's
language: suit symbols (``4♥``, ``3♠X``), ``NT`` or ``N``, the language's own no-trump word
(Polish ``BA`` "bez atu", Russian ``БК`` "без козыря", Greek ``ΧΑ`` "χωρίς ατού") and the
language's own suit letters where one letter names one suit (Polish ``P`` pik, ``T`` trefl;
Russian ``П`` пики, ``Ч`` черви, ``Б`` бубны, ``Т`` трефы). Greek letters are not read (Greek
names the black suits the other way round from English: σπαθί is ♣, μπαστούνι ♠; a guess
would be wrong for someone). A letter that
names two suits in the language (Polish ``K``: kier and karo; Greek ``Κ``: κούπα and καρό) is
refused, never guessed. The doubling is ``X``/``XX`` (also typed with the Cyrillic ``Х`` or the
Greek ``Χ``), ``R``, or PBN's ``*``/``**``.

The API takes PBN's letters only (``4H``, ``3NTX``: :meth:`Contract.from_str`); this reader is
the page's.
"""

from __future__ import annotations

import re
import unicodedata

from engine.errors import InvalidBoardError, clip

SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
"""Suit symbols (filled and outlined) to PBN's suit letters."""

NO_TRUMP = {"en": ("NT", "N"), "pl": ("BA",), "ru": ("БК",), "el": ("ΧΑ",)}
"""Each language's own word for no trump (upper case); ``NT`` and ``N`` are read in every language."""

SUIT_LETTERS: dict[str, dict[str, str]] = {
    "en": {},
    "pl": {"P": "S", "T": "C"},
    "ru": {"П": "S", "Ч": "H", "Б": "D", "Т": "C"},
    "el": {},
}
"""Each language's own suit letters that name one suit; PBN's ``S H D C`` are read in every language."""

AMBIGUOUS: dict[str, dict[str, tuple[str, str]]] = {
    "pl": {"K": ("H", "D")},  # kier, karo
    "el": {"Κ": ("H", "D")},  # κούπα, καρό
}
"""Letters that name two suits in a language: refused (``contract_ambiguous``)."""

_DOUBLINGS = {"": "", "X": "X", "XX": "XX", "R": "XX", "*": "X", "**": "XX"}
_LOOKALIKE_X = str.maketrans({"Х": "X", "Χ": "X"})  # Cyrillic Ha, Greek Chi typed for a double


def read_contract_text(text: str, lang: str = "en") -> str:
    """The contract typed in ``text`` (level, strain, doubling; no declarer) in PBN's form:
    ``"4♥"`` -> ``"4H"``, ``"3♠X"`` -> ``"3SX"``, ``"3N"`` -> ``"3NT"``, Polish ``"3BA"`` ->
    ``"3NT"``, Russian ``"4Ч"`` -> ``"4H"``, ``"6SR"`` -> ``"6SXX"``. ``lang`` is the page's
    language code (``en``, ``pl``, ``ru``, ``el``; another is read as English). A pass
    (``"pass"``, ``"P"`` alone, ``""``) is returned as typed, for :meth:`Contract.from_str` to
    refuse as a passed-out board.

    Raises:
        InvalidBoardError: path ``"contract"``; key ``contract_ambiguous`` (params ``text``,
            ``letter``) for a letter naming two suits in the language (Polish ``K``), or
            ``not_a_contract`` (param ``text``) for any other text that is not a contract.
    """
    compact = unicodedata.normalize("NFC", text).strip().upper().replace(" ", "")
    for accented, plain in (("Ά", "Α"),):  # Greek "ΧΆ" typed with its accent
        compact = compact.replace(accented, plain)
    if compact in ("", "PASS", "P", "AP"):
        return text
    m = re.fullmatch(r"([1-7])(.+)", compact)
    if m is None:
        raise _not_a_contract(text)
    level, rest = m.groups()
    splits = [(rest[:len(rest) - n], rest[len(rest) - n:].translate(_LOOKALIKE_X))
              for n in (0, 1, 2) if n < len(rest)]  # "3ΧΑ" is no trump, "3ΧΑΧ" no trump doubled
    for strain, doubling in splits:
        found = _strain(strain, lang)
        if found is not None and doubling in _DOUBLINGS:
            return f"{level}{found}{_DOUBLINGS[doubling]}"
    ambiguous = AMBIGUOUS.get(lang, {})
    for strain, doubling in splits:
        if strain in ambiguous and doubling in _DOUBLINGS:
            raise InvalidBoardError(
                f"the letter {strain!r} in {clip(text)!r} names two suits ({' and '.join(ambiguous[strain])}): "
                "type the suit's symbol or PBN's letter (H or D)", path="contract", key="contract_ambiguous",
                params={"text": clip(text), "letter": strain})
    raise _not_a_contract(text)


def _strain(token: str, lang: str) -> str | None:
    """PBN's strain (``S H D C NT``) for a typed strain token, or ``None``."""
    if token in ("S", "H", "D", "C"):
        return token
    if token in SYMBOLS:
        return SYMBOLS[token]
    if token in ("NT", "N") or token in NO_TRUMP.get(lang, ()):
        return "NT"
    return SUIT_LETTERS.get(lang, {}).get(token)


def _not_a_contract(text: str) -> InvalidBoardError:
    return InvalidBoardError(
        f"not a contract: {clip(text)!r} (expected e.g. '4H', '3NT', '4HX', '6SXX')", path="contract",
        key="not_a_contract", params={"text": clip(text)})
