"""A contract as a director types it, read into the PBN form :meth:`Contract.from_str` takes.

Pure (no I/O). The page's contract box takes what directors write on a ruling form or a
traveller, in the page's language: the level (1-7), then the strain as a suit symbol (``4♥``),
PBN's letter (``4H``, ``3NT``, ``3N``) or the language's own word or abbreviation (``4 kiery``,
``4Kier``, ``4Ki``, ``3 bez atu``, ``3BA``; ``4 червы``, ``3 БК``; ``4 κούπες``, ``3 ΧΑ``), then
the doubling as ``X``/``XX``, ``R``, PBN's ``*``/``**`` or the language's word (``kontra``,
``rekontra``; ``контра``, ``реконтра``; ``κόντρα``, ``ρεκόντρα``). A pass is ``pass``, ``pas``,
``пас``, ``πάσο``. Case, spaces, full stops and diacritics do not matter (``4 KIERÓW``, ``3 b.a.``,
``4 κουπες``); the Cyrillic ``Х`` and the Greek ``Χ`` typed for an ``X`` are read as one.

Where each spelling comes from (:data:`WORDS`):

- **Polish** (``pl``). The suits as the project's catalogue names them: ``app/i18n/pl/page.json``
  ``suit_S..suit_NT`` (piki, kiery, kara, trefle, bez atu) and ``statement.json`` ``suit_*.one``
  (pika, kiera, karo, trefla) and ``suit_*.in`` (w pikach, w kierach, w karach, w treflach); the
  bare names as a Polish director writes them in a contract, "7 pik", "2 trefl", "Asa karo",
  "kiera", from the PZBS director Paweł Kańduła's article "Z kajecika sędziego: Fałszywy renons"
  (``../shared/seeds/001_*.txt``); the genitive plural a Polish count of five or more takes
  (pięć pików, kierów, kar, trefli: "5 trefli" in issue 37) by the same declension as the
  catalogue's w pikach/w kierach/w karach/w treflach. The PZBS abbreviations a director types on a
  traveller: ``P`` pik, ``Ki`` kier, ``Ka`` karo, ``T`` trefl, ``BA`` bez atu (issue 37). The
  doubling and the pass: Prawo 19 of the PZBS translation of the Laws
  (pzbs.pl/sedziowie/mpb/2017/pl/p19.html: "Jedyną poprawną formą jest słowo „kontra”" /
  „rekontra”, "zapowiedzi niż pas"), the site of the Law 64 seed (``../shared/seeds/000_*.txt``).
- **Russian** (``ru``). The suits from ``app/i18n/ru/page.json`` ``suit_*`` (пики, червы, бубны,
  трефы, без козыря), ``statement.json`` ``suit_*.one`` (пику, черву, бубну, трефу, and their
  nominative пика, черва, бубна, трефа) and ``errors.json`` ``contract_ambiguous`` (черви); буби as
  the Russian textbook "Все о бридже" writes it ("Буби - не можем отработать..."); the genitive
  plural after пять (пик, червей, бубен, треф) by the declension of the catalogue's в пиках, в
  червах, в бубнах, в трефах; the
  letters ``П Ч Б Т`` and ``БК`` of the page's contract box since issue 25 (``БК`` also "без
  козырей"). Контра, реконтра and пас: the Russian Laws' own words (Правила спортивного бриджа,
  tr. А. Рыбников: "Неприемлемая контра или реконтра", "Заявка после финального паса"); the Law
  64 seed ``../shared/seeds/002_*.txt`` is the same text's Правило 64.
- **Greek** (``el``). The suits from ``app/i18n/el/page.json`` ``suit_*`` (μπαστούνια, κούπες,
  καρό, σπαθιά, χωρίς ατού) and ``statement.json`` ``suit_*.one`` (μπαστούνι, κούπα, καρό,
  σπαθί); πίκα/πίκες for spades and καρά for diamonds from the Greek Laws, Νόμος 1 (laws.hellasbridge.org,
  the site of the Law 64 seed ``../shared/seeds/003_*.txt``: "πίκες (♠), κούπες (♥), καρά (♦),
  σπαθιά (♣)"); ``ΧΑ`` as Greek bridge writing abbreviates χωρίς ατού ("3ΧΑ"); πάσο from Νόμος 22
  ("τρία συνεχόμενα πάσο"); κόντρα and ρεκόντρα (also κοντρ, as Greek bridge writing has it).
  Greek single letters are not read: Σ would be σπαθιά (♣) to a Greek and S (♠) to PBN, and Κ
  names κούπες and καρό.
- **English** (``en``, read in every language: the page's own labels are in PBN's letters):
  ``app/i18n/en/page.json`` ``suit_*`` (spades, hearts, diamonds, clubs), the Laws' "no trump",
  "double", "redouble", "pass" (Laws 18-22).

A word or letter that names two strains in a language is refused, never guessed (Polish ``K``:
kier and karo; Greek ``Κ``: κούπες and καρό). Where a text reads two ways the longest word
wins: ``5 kar`` is five diamonds (kar, the genitive plural), not ``Ka`` redoubled (``R``).

The API takes PBN's letters only (``4H``, ``3NTX``: :meth:`Contract.from_str`); this reader is
the page's.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from engine.errors import InvalidBoardError, clip

SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
"""Suit symbols (filled and outlined) to PBN's suit letters."""

_PBN = {"s": "S", "h": "H", "d": "D", "c": "C", "nt": "NT", "n": "NT"}
_PBN_DOUBLINGS = {"": "", "x": "X", "xx": "XX", "r": "XX", "*": "X", "**": "XX"}

WORDS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "en": {
        "strain": {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D",
                   "club": "C", "clubs": "C", "notrump": "NT", "notrumps": "NT"},
        "doubling": {"double": "X", "doubled": "X", "dbl": "X", "redouble": "XX", "redoubled": "XX", "rdbl": "XX"},
        "pass": {"pass": "", "p": "", "ap": "", "passedout": ""},
    },
    "pl": {
        "strain": {"p": "S", "pik": "S", "piki": "S", "pika": "S", "pikow": "S",
                   "ki": "H", "kier": "H", "kiery": "H", "kiera": "H", "kierow": "H",
                   "ka": "D", "karo": "D", "kara": "D", "kar": "D",
                   "t": "C", "trefl": "C", "trefle": "C", "trefla": "C", "trefli": "C",
                   "ba": "NT", "bezatu": "NT"},
        "doubling": {"kontra": "X", "rekontra": "XX"},
        "pass": {"pas": ""},
    },
    "ru": {
        "strain": {"п": "S", "пики": "S", "пика": "S", "пику": "S", "пик": "S",
                   "ч": "H", "черви": "H", "червы": "H", "черва": "H", "черву": "H", "червей": "H",
                   "б": "D", "бубны": "D", "бубна": "D", "бубну": "D", "бубен": "D", "буби": "D",
                   "т": "C", "трефы": "C", "трефа": "C", "трефу": "C", "треф": "C",
                   "бк": "NT", "безкозыря": "NT", "безкозырей": "NT"},
        "doubling": {"контра": "X", "реконтра": "XX"},
        "pass": {"пас": ""},
    },
    "el": {
        "strain": {"μπαστουνι": "S", "μπαστουνια": "S", "πικα": "S", "πικες": "S",
                   "κουπα": "H", "κουπες": "H",
                   "καρο": "D", "καρα": "D",
                   "σπαθι": "C", "σπαθια": "C",
                   "χα": "NT", "χωρισατου": "NT"},
        "doubling": {"κοντρα": "X", "κοντρ": "X", "ρεκοντρα": "XX", "ρεκοντρ": "XX"},
        "pass": {"πασο": ""},
    },
}
"""Each language's own words, as :func:`fold` leaves them (lower case, no diacritics, no spaces):
``strain`` word -> PBN's strain, ``doubling`` word -> ``X``/``XX``, ``pass`` words. English's are
read in every language, with PBN's letters and the suit symbols ("no trump" folds to ``notrump``)."""

AMBIGUOUS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "pl": {"k": ("H", "D")},  # kier, karo
    "el": {"κ": ("H", "D")},  # κούπες, καρό
}
"""Words (as folded) that name two suits in a language: refused (``contract_ambiguous``)."""

FORMS: Mapping[str, str] = {
    "en": "4♥, 4H, 4 hearts; 3NT, 3 no trump; 4HX, 4 hearts doubled; 6SXX, 6 spades redoubled; pass",
    "pl": "4♥, 4H, 4 kiery, 4Kier, 4Ki; 4 karo, 4Ka; 2 piki, 2P; 5 trefli, 5T; 3 bez atu, 3BA; "
          "4 kiery kontra, 4HX; 4 kiery rekontra, 4HXX; pas",
    "ru": "4♥, 4H, 4 червы, 4Ч; 4 бубны, 4Б; 2 пики, 2П; 5 треф, 5Т; 3 БК, 3 без козыря; "
          "4 червы контра, 4HX; 4 червы реконтра, 4HXX; пас",
    "el": "4♥, 4H, 4 κούπες; 4 καρό; 2 μπαστούνια, 2 πίκες; 5 σπαθιά; 3ΧΑ, 3 χωρίς ατού; "
          "4 κούπες κόντρα, 4HX; 4 κούπες ρεκόντρα, 4HXX; πάσο",
}
"""The forms the contract box takes, as a director of each language writes them: the accepted
forms the errors name (param ``forms``)."""

_LOOKALIKE_X = str.maketrans({"х": "x", "χ": "x"})  # Cyrillic ha, Greek chi typed for a double


def fold(text: str) -> str:
    """``text`` as the reader compares it: NFC, lower case (``casefold``: the Greek final ``ς`` is
    ``σ``), without diacritics (``kierów`` -> ``kierow``, ``κούπες`` -> ``κουπεσ``... then ``σ``
    stays), spaces or full stops. ``ł`` has no decomposition and stays (no word here has it)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[\s.]+", "", unicodedata.normalize("NFC", bare))


def _table(lang: str, part: str) -> dict[str, str]:
    """The folded words of ``part`` (``strain``, ``doubling``, ``pass``) read in ``lang``: the
    language's own and English's."""
    own = WORDS.get(lang, {}).get(part, {}) if lang != "en" else {}
    return {fold(w): v for w, v in (*WORDS["en"][part].items(), *own.items())}


def contract_words(lang: str) -> dict[str, dict[str, str]]:
    """The words the contract box reads in ``lang``, folded (:func:`fold`), for the page's script:
    ``{"strain": {word: "S"|"H"|"D"|"C"|"NT"}, "doubling": {word: ""|"X"|"XX"}, "pass": {word: ""},
    "ambiguous": {word: "H D"}}``, with PBN's letters, the symbols and the Cyrillic/Greek lookalikes
    of ``x`` as the reader folds them."""
    strain = {**_PBN, **SYMBOLS, **_table(lang, "strain")}
    doubling = {**_PBN_DOUBLINGS, **_table(lang, "doubling")}
    ambiguous = {w: " ".join(s) for w, s in AMBIGUOUS.get(lang, {}).items()}
    return {"strain": strain, "doubling": doubling, "pass": _table(lang, "pass"), "ambiguous": ambiguous}


def read_contract_text(text: str, lang: str = "en") -> str:
    """The contract typed in ``text`` (level, strain, doubling; no declarer) in PBN's form:
    ``"4♥"`` -> ``"4H"``, ``"3♠X"`` -> ``"3SX"``, ``"3N"`` -> ``"3NT"``, Polish ``"4 kiery"``,
    ``"4Kier"``, ``"4Ki"`` -> ``"4H"``, ``"3 bez atu"`` -> ``"3NT"``, ``"2 piki kontra"`` ->
    ``"2SX"``, Russian ``"3 БК"`` -> ``"3NT"``, Greek ``"4 κούπες ρεκόντρα"`` -> ``"4HXX"``.
    ``lang`` is the page's language code (``en``, ``pl``, ``ru``, ``el``; another is read as
    English). A pass (``"pass"``, ``"pas"``, ``"пас"``, ``"πάσο"``, ``"P"`` alone) is returned as
    ``"PASS"`` and a blank text as ``""``, for :meth:`Contract.from_str` to refuse as a passed-out
    board. The words, and where each comes from: the module's docstring and :data:`WORDS`.

    Raises:
        InvalidBoardError: path ``"contract"``; key ``contract_ambiguous`` (params ``text``,
            ``letter``: the word as typed, ``forms``: :data:`FORMS` of the language) for a word
            naming two suits in the language (Polish ``K``), or ``not_a_contract_typed`` (params
            ``text``, ``forms``) for any other text that is not a contract.
    """
    words = contract_words(lang)
    folded = fold(text)
    if folded in words["pass"]:
        return "PASS"
    if not folded:
        return ""
    m = re.fullmatch(r"([1-7])(.+)", folded)
    if m is None:
        raise _not_a_contract(text, lang)
    level, rest = m.groups()
    found = _readings(rest, words)
    if found:  # the longest word read: "5 kar" is karo, not "ka" redoubled
        _, strain, doubling = max(found)
        return f"{level}{strain}{doubling}"
    ambiguous = words["ambiguous"]
    letter = next((w for w in ambiguous if rest.startswith(w) and _doubling(rest[len(w):], words) is not None), None)
    if letter is not None:
        shown = _as_typed(text, letter)
        raise InvalidBoardError(
            f"{shown!r} in {clip(text)!r} names two suits: type the suit's symbol, PBN's letter or its word "
            f"(e.g. {FORMS.get(lang, FORMS['en'])})", path="contract", key="contract_ambiguous",
            params={"text": clip(text), "letter": shown, "forms": FORMS.get(lang, FORMS["en"])})
    raise _not_a_contract(text, lang)


def _readings(rest: str, words: Mapping[str, Mapping[str, str]]) -> list[tuple[int, str, str]]:
    """Every ``(length of the strain word, strain, doubling)`` that the folded text after the
    level reads as: a strain word it starts with, and a doubling word (or nothing) for the rest.
    Two words of one length cannot both start it, so the longest reading is one."""
    out = []
    for word, strain in words["strain"].items():
        if rest.startswith(word):
            doubling = _doubling(rest[len(word):], words)
            if doubling is not None:
                out.append((len(word), strain, doubling))
    return out


def _doubling(tail: str, words: Mapping[str, Mapping[str, str]]) -> str | None:
    """PBN's doubling (``""``, ``X``, ``XX``) of a folded tail, or ``None``."""
    return words["doubling"].get(tail, words["doubling"].get(tail.translate(_LOOKALIKE_X)))


def _as_typed(text: str, word: str) -> str:
    """The word ``word`` (folded) as typed in ``text`` (``"K"`` for ``"4K"``)."""
    for start in range(len(text)):
        for end in range(start + 1, len(text) + 1):
            if fold(text[start:end]) == word:
                return text[start:end].strip()
    return word


def _not_a_contract(text: str, lang: str) -> InvalidBoardError:
    forms = FORMS.get(lang, FORMS["en"])
    return InvalidBoardError(
        f"not a contract: {clip(text)!r} (type e.g. {forms})", path="contract",
        key="not_a_contract_typed", params={"text": clip(text), "forms": forms})
