"""The claimer's statement (68C) as a director types it and reads it: one step a line in a short
text form, read into the steps of ``POST /v1/rulings/claim`` (``claim.statement.steps``,
:class:`app.api.schemas.claim.StatedIn`), and each step said back in words in the page's
language.

**The text form** (the claim page's field without JavaScript, the CLI's ``--step``): one step a
line, a kind of step then what it needs, separated by spaces (or ``:`` or ``,``). Cards as
``SA``, ``AS``, ``♠A``, ``S10``/``ST``; suits ``S H D C`` (or ``♠ ♥ ♦ ♣``); seats ``N E S W``;
a count as a number. Between brackets what may be left out::

    draw trumps                       draw the opponents' trumps first
    cash C                            cash the clubs
    lead SA                           lead the ♠A
    finesse SQ [W]                    finesse the ♠Q (against West)
    ruff C N [2]                      ruff clubs in North's hand (twice)
    cross-ruff C N H                  ruff clubs in North's hand, hearts in his partner's
    concede D [1] [C2]                give up a diamond (throwing the ♣2: loser on loser)
    discard C2 on DA | discard C2 D   throw the ♣2 on the ♦A lead / on the first diamond led
    ruffing finesse DQ [E] [C2]       lead the ♦Q through East: ruff if covered, else throw the ♣2
    unblock CK                        play the ♣K under partner's winner
    squeeze HA C2 ...                 cash winners keeping these cards (the stated end position)

``give up`` is ``concede``; a kind may be written with ``_`` or ``-`` for its spaces
(``draw_trumps``, ``cross_ruff``). The kinds are the engine's :class:`engine.laws.claims.Do`.

**The words** (:func:`step_words`): each step's sentence is the catalogue's ``claim_step_<kind>``
(``statement.json`` of each language), filled with the suit in the form the sentence asks for
(``{suit:acc}``, ``{suit:one}``, ``{suit:in}``: :class:`SuitWord`), the seat in its case
(:class:`app.i18n.seats.SeatWord`) and the cards as the tables show them (``♠A``). The page's
script fills the same templates (:func:`words_data`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.i18n import catalogue, gettext, plural_categories, step_template_text, step_text, template
from app.i18n.seats import SeatWord, card_symbols
from engine.errors import InvalidBoardError
from engine.laws.claims import CARELESS, Do
from engine.laws.steps import Step

KINDS: tuple[str, ...] = tuple(d.value for d in Do)
"""Every kind of step, in the engine's order (:class:`engine.laws.claims.Do`)."""

SUIT_FORMS = ("acc", "one", "in")
"""The forms a template may ask of a suit besides its name: ``acc`` the suit as the object of
"cash" (the clubs), ``one`` one card of it (a club), ``in`` "in the suit" (in clubs)."""

_ALIASES = {"give_up": "concede", "crossruff": "cross_ruff", "draw": "draw_trumps", "draw_trump": "draw_trumps",
            "ruffing": "ruffing_finesse"}
_SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
          "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"}
_SEATS = ("N", "E", "S", "W")
_CARD_A = re.compile(r"^([SHDC])(10|[2-9TJQKA])$")
_CARD_B = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")
_SPLIT = re.compile(r"[\s:,;]+")
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _card(token: str) -> str | None:
    """``"SA"`` for ``"sa"``, ``"AS"``, ``"♠A"``, ``"S10"``; ``None`` when ``token`` is not a card."""
    t = "".join(_SUITS.get(ch, ch) for ch in token).upper()
    m = _CARD_A.match(t)
    if m:
        return m.group(1) + m.group(2).replace("10", "T")
    m = _CARD_B.match(t)
    return m.group(2) + m.group(1).replace("10", "T") if m else None


def _suit(token: str) -> str | None:
    return _SUITS.get(token.upper()) if len(token) == 1 else None


def _seat(token: str) -> str | None:
    return token.upper() if token.upper() in _SEATS else None


def _count(token: str) -> int | None:
    return int(token) if token.isdigit() and 1 <= int(token) <= 13 else None


_READ: dict[str, Callable[[str], object]] = {"suit": _suit, "card": _card, "seat": _seat, "count": _count}

# each kind: its slots in order, (what, the request's field, needed); "on" a card or a suit
_GRAMMAR: dict[str, tuple[tuple[str, str, bool], ...]] = {
    "draw_trumps": (),
    "cash": (("suit", "suit", True),),
    "lead": (("card", "card", True),),
    "finesse": (("card", "card", True), ("seat", "against", False)),
    "ruff": (("suit", "suit", True), ("seat", "in", True), ("count", "count", False)),
    "cross_ruff": (("suit", "suit", True), ("seat", "in", True), ("suit", "other_suit", True)),
    "concede": (("suit", "suit", True), ("count", "count", False), ("card", "card", False)),
    "discard": (("card", "card", True),),
    "ruffing_finesse": (("card", "card", True), ("seat", "against", False), ("card", "discard", False)),
    "unblock": (("card", "card", True),),
    "squeeze": (),
}


def _at(index: int, line: str, **params: object) -> dict[str, Any]:
    """An error's path and parameters for the step ``index`` (0-based) written ``line``."""
    return {"path": f"claim/statement/steps/{index}", "params": {"step": index + 1, "text": line, **params}}


def parse_step(line: str, index: int = 0) -> dict[str, Any]:
    """One step of the text form (module docstring) as the request's step
    (``{"do": "cash", "suit": "C"}``, ``{"do": "ruff", "suit": "C", "in": "N", "count": 2}`` ...);
    ``index``: its place in the statement (0-based), for the error's path.

    Raises:
        InvalidBoardError: path ``claim/statement/steps/<index>``, the message quoting the step:
            an empty step (key ``claim_step_empty``), a kind that is not one (``claim_step_kind``),
            a word that is not what the kind needs there (``claim_step_not_suit``, ``..._card``,
            ``..._seat``, ``..._on``), a part missing (``claim_step_needs_suit``, ``..._card``,
            ``..._seat``, ``..._on``), a word too many (``claim_step_extra``).
    """
    text = line.strip()
    words = [w for w in _SPLIT.split(text) if w]
    if not words:
        raise InvalidBoardError("the step is empty", key="claim_step_empty", **_at(index, text))
    kind = words[0].lower().replace("-", "_")
    rest = words[1:]
    if rest and f"{kind}_{rest[0].lower()}" in KINDS:  # "draw trumps", "ruffing finesse", "cross ruff"
        kind, rest = f"{kind}_{rest[0].lower()}", rest[1:]
    elif kind == "give" and rest and rest[0].lower() == "up":
        kind, rest = "concede", rest[1:]
    kind = _ALIASES.get(kind, kind)
    if kind not in KINDS:
        kinds = ", ".join(_spelled(k) for k in KINDS)
        raise InvalidBoardError(f"'{text}': '{words[0]}' is not a kind of step (give one of: {kinds})",
                                key="claim_step_kind", **_at(index, text, word=words[0], kinds=kinds))
    step: dict[str, Any] = {"do": kind}
    if kind == "squeeze":
        return step | {"keep": _cards_all(rest, index, text)}
    for what, name, needed in _GRAMMAR[kind]:
        value = _READ[what](rest[0]) if rest else None
        if value is None:
            if needed and rest:
                raise InvalidBoardError(f"'{text}': '{rest[0]}' is not {_WHAT[what]}", key=f"claim_step_not_{what}",
                                        **_at(index, text, word=rest[0]))
            if needed:
                raise InvalidBoardError(f"'{text}': give {_NEEDS[what]}", key=f"claim_step_needs_{what}",
                                        **_at(index, text))
            continue
        step[name] = value
        rest = rest[1:]
    if kind == "discard":
        if rest and rest[0].lower() == "on":
            rest = rest[1:]
        target = rest[0] if rest else ""
        on, suit = _card(target), _suit(target)
        if on is None and suit is None and target:
            raise InvalidBoardError(f"'{text}': '{target}' is not {_WHAT['on']}", key="claim_step_not_on",
                                    **_at(index, text, word=target))
        if on is None and suit is None:
            raise InvalidBoardError(f"'{text}': give {_NEEDS['on']}", key="claim_step_needs_on", **_at(index, text))
        step |= {"on": on} if on else {"suit": suit}
        rest = rest[1:]
    if rest:
        raise InvalidBoardError(f"'{text}': '{rest[0]}' is one word too many", key="claim_step_extra",
                                **_at(index, text, word=rest[0]))
    return step


_WHAT = {"suit": "a suit (S, H, D or C)", "card": "a card (e.g. SA, HT, C2)", "seat": "a player (N, E, S or W)",
         "count": "a number of tricks", "on": "a card or a suit"}
_NEEDS = {"suit": "the suit", "card": "the card", "seat": "the player", "count": "the number of tricks",
          "on": "the card led or the suit the card is thrown on"}


def _cards_all(words: Sequence[str], index: int, text: str) -> list[str]:
    cards = []
    for w in words:
        card = _card(w)
        if card is None:
            raise InvalidBoardError(f"'{text}': '{w}' is not {_WHAT['card']}", key="claim_step_not_card",
                                    **_at(index, text, word=w))
        cards.append(card)
    if not cards:
        raise InvalidBoardError(f"'{text}': give {_NEEDS['card']}", key="claim_step_needs_card", **_at(index, text))
    return cards


def parse_steps(text: str) -> list[dict[str, Any]]:
    """The statement's steps from the text form, one a line, blank lines skipped, in the order
    written (:func:`parse_step` each).

    Raises:
        InvalidBoardError: the first line that cannot be read, as :func:`parse_step` says (its
            number counts the steps, blank lines left out).
    """
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return [parse_step(ln, i) for i, ln in enumerate(lines)]


def _spelled(kind: str) -> str:
    """A kind of step as the text form writes it: ``draw trumps``, ``cross-ruff``."""
    return kind.replace("_", "-" if kind == "cross_ruff" else " ")


def step_line(step: Mapping[str, Any]) -> str:
    """A request's step (``{"do": "cash", "suit": "C"}``) in the text form (``"cash C"``), what
    :func:`parse_step` reads back into the same step."""
    kind = str(step.get("do", ""))
    parts = [_spelled(kind)]
    seat = step.get("in") or step.get("in_hand") or step.get("against")
    if kind == "squeeze":
        parts += [str(c) for c in step.get("keep") or ()]
    for what, name, _ in _GRAMMAR.get(kind, ()):
        value = seat if what == "seat" else step.get(name)
        if what == "count" and value in (None, 1):
            continue
        if value is not None:
            parts.append(str(value).upper())
    if kind == "discard":
        parts += ["on", str(step["on"]).upper()] if step.get("on") else [str(step.get("suit") or "").upper()]
    return " ".join(p for p in parts if p)


class SuitWord(SeatWord):
    """A suit as a template fills it in: ``format(word, "")`` its name as the page's tables say it
    (``suit_<S|H|D|C>``), ``format(word, "acc")`` ... the forms of :data:`SUIT_FORMS`
    (``statement.json``: ``suit_<X>.<form>``).

    Raises (on formatting):
        ValueError: a form not in :data:`SUIT_FORMS`, or one the catalogue lacks.
    """

    __slots__ = ()

    def __init__(self, code: str, lookup: Callable[[str], str | None]) -> None:
        super().__init__(code, lookup, "suit", SUIT_FORMS)


def _lookup(lang: str) -> Callable[[str], str | None]:
    own, en = catalogue(lang), catalogue("en")
    return lambda key: own.get(key, en.get(key))


def step_words(lang: str, step: Mapping[str, Any], *, sentence: bool = True) -> str:
    """A request's step (``{"do": "concede", "suit": "D", "count": 1}``, the field names of
    :class:`app.api.schemas.claim.StatedIn`, ``in`` or ``in_hand`` for the ruffing hand) as a
    sentence in ``lang`` (``"Give up a diamond"``, ``"Oddać lewę w karach"``), the catalogue's
    ``claim_step_<kind>`` (``_against``, ``_loser``, ``_on``... where the step says more) with the
    suits, seats and cards in the language's words. A kind the catalogue does not know is said
    with its name."""
    look = _lookup(lang)
    kind = str(step.get("do", ""))
    seat = step.get("in") or step.get("in_hand") or step.get("against")
    params: dict[str, object] = {"n": int(step.get("count") or 1)}
    if step.get("suit"):
        params["suit"] = SuitWord(str(step["suit"]).upper(), look)
    if step.get("other_suit"):
        params["suit2"] = SuitWord(str(step["other_suit"]).upper(), look)
    if seat:
        params["seat"] = SeatWord(str(seat).upper(), look)
        params["seat2"] = SeatWord(_PARTNER.get(str(seat).upper(), "N"), look)
    if step.get("card"):
        params["card"] = card_symbols(str(step["card"]).upper())
    if step.get("on") or step.get("discard"):
        params["card2"] = card_symbols(str(step.get("on") or step.get("discard")).upper())
    params["cards"] = " ".join(card_symbols(str(c).upper()) for c in step.get("keep") or ())
    if kind not in KINDS:
        return kind
    name = f"claim_step_{kind}" + _variant(kind, step)
    said = gettext(lang, name, **params)
    if kind == "ruffing_finesse" and step.get("discard"):
        said += gettext(lang, "claim_step_if_not_covered", card2=params["card2"])
    return said[:1].upper() + said[1:] if sentence else said


def _variant(kind: str, step: Mapping[str, Any]) -> str:
    """Which of the kind's sentences: ``_against``/``_through`` with the opponent named, ``_loser``
    with a card thrown on a conceded trick, ``_on`` a discard on a card led (else on a suit)."""
    if kind in ("finesse", "ruffing_finesse") and step.get("against"):
        return "_against"
    if kind == "concede" and step.get("card"):
        return "_loser"
    if kind == "discard":
        return "_on" if step.get("on") else "_suit"
    return ""


_KEYS = ("claim_step_draw_trumps", "claim_step_cash", "claim_step_lead", "claim_step_finesse",
         "claim_step_finesse_against", "claim_step_ruff", "claim_step_cross_ruff", "claim_step_concede",
         "claim_step_concede_loser", "claim_step_discard_on", "claim_step_discard_suit",
         "claim_step_ruffing_finesse", "claim_step_ruffing_finesse_against", "claim_step_if_not_covered",
         "claim_step_unblock", "claim_step_squeeze",
         "claim_step_up", "claim_step_down", "claim_step_remove", "claim_step_up_aria", "claim_step_down_aria",
         "claim_step_remove_aria", "claim_step_added", "claim_need_card", "claim_need_seat", "claim_need_keep")
"""The catalogue keys of the step sentences (:func:`step_words`) and of the list's buttons and
messages, for the page's script."""


def words_data(lang: str) -> dict[str, Any]:
    """What the page's script needs to say a step as :func:`step_words` does: ``templates``
    (``{key: {"other": text, "one": ..., "few": ...}}``, the plural variants the language has),
    ``suits`` (``{"C": {"name": "clubs", "acc": "the clubs", ...}}``), ``seats`` (``{"N": {"name":
    "North", "gen": ...}}``) and ``partner`` (``{"N": "S", ...}``)."""
    look = _lookup(lang)
    cat = catalogue(lang)
    forms = sorted(plural_categories(lang))
    templates: dict[str, dict[str, str]] = {}
    for key in _KEYS:
        own = {"other": template(cat, lang, key, {}) or gettext(lang, key)}
        for form in forms:
            text = cat.get(f"{key}|{form}")
            if text is not None:
                own[form] = text
        templates[key] = own
    suits = {s: {"name": look(f"suit_{s}") or s, **{f: look(f"suit_{s}.{f}") or s for f in SUIT_FORMS}}
             for s in "SHDC"}
    seats = {s: {"name": look(f"seat_{s}") or s, **{c: look(f"seat_{s}.{c}") or s for c in ("nom", "gen", "dat",
                                                                                             "acc")}}
             for s in _SEATS}
    return {"templates": templates, "suits": suits, "seats": seats, "partner": _PARTNER}


CATEGORY_KEYS: dict[str, str] = {c.value: f"claim_cat_{c.value}" for c in CARELESS}
"""The catalogue key of each careless category of the engine (:data:`engine.laws.claims.CARELESS`),
the words a category is said in: ``claim_cat_<code>``."""


def category_words(lang: str, code: str) -> str:
    """A careless category (``"careless_order"``) in words in ``lang`` (``claim_cat_<code>``)."""
    return gettext(lang, f"claim_cat_{code}")


def claim_step_text(lang: str, step: Step, stated: Sequence[str] | None = None) -> str:
    """A step of a claim ruling (:mod:`engine.rulings.claim`) in ``lang`` with no code in it: the
    careless categories (``claim.class``, ``claim.doubtful*``) and the class of player in words,
    the stated line (``claim.stated``) as ``stated`` says it (the statement's steps in words,
    :func:`step_words`), cards as the tables show them (``♠4``), in English too; any other step as
    :func:`app.i18n.step_text` says it."""
    if not step.key.startswith("claim."):
        return step_text(lang, step)
    params = dict(step.params)
    if step.key == "claim.stated" and stated:
        params["order"] = "; ".join(stated)
    if step.key == "claim.class":
        codes = [c for c in str(params.get("categories", "")).split(", ") if c and c != "-"]
        params["cls"] = gettext(lang, f"claim_class_{params.get('cls', 'club')}")
        params["categories"] = ", ".join(category_words(lang, c) for c in codes) or "\u2014"
    if "category" in params:
        params["category"] = category_words(lang, str(params["category"]))
    for name in ("card", "cards"):
        if isinstance(params.get(name), str):
            params[name] = card_symbols(str(params[name]))
    said = step_template_text(lang, Step(step.law, step.text, step.key, params))
    return said if said is not None else step_text(lang, step)


__all__ = ["CATEGORY_KEYS", "KINDS", "SUIT_FORMS", "SuitWord", "category_words", "claim_step_text", "parse_step",
           "parse_steps", "step_line", "step_words", "words_data"]
