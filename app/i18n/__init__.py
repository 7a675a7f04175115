"""The advisor's languages as data: a folder of JSON catalogues per language in ``app/i18n``.

``app/i18n/<lang>/*.json``: every file of a language's folder is read and merged (one file per
domain, so that they can be edited apart: ``page.json`` the page's labels, ``steps.json`` the
law explanations, keys ``step.*``). A catalogue maps keys to text; ``{name}`` fields are
filled from the value given. ``_language`` (in ``page.json``) is the language's own name.
Adding a language is adding a folder: a key it lacks falls back to English.

Strict mode (``ADVISOR_I18N_STRICT=1`` in the environment, read at every call, so that a test
can set it): a text of another language that fell back to English (a key the language lacks, a
step or an error without a template) comes marked ``⟦...⟧`` (:data:`FALLBACK_OPEN`,
:data:`FALLBACK_CLOSE`), so that a test can prove no English sentence reaches a page.

Plural forms: a key whose sentence counts something (its count is the parameter ``{n}``) may have
variants ``key|one``, ``key|two``, ``key|few``, ``key|many`` (``key|zero``), one per CLDR plural
category of the language (Babel's ``Locale.plural_form``: Polish and Russian have one, few and
many; English and Greek one); ``key`` itself is the ``other`` form, used for any category the
language gives no variant. :func:`template` picks the form.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Protocol

from app.i18n.seats import seat_params
from engine.errors import InvalidBoardError
from engine.laws.steps import Step


class KeyedError(Protocol):
    """An error said through the catalogues: :class:`~engine.errors.InvalidBoardError`,
    :class:`~engine.cases.CaseConflictError`: its English ``message``, its ``key`` (``error.<key>``,
    ``""``: English only) and the ``params`` its template fills in."""

    @property
    def message(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def params(self) -> Mapping[str, object]: ...


_DIR = Path(__file__).parent
DEFAULT = "en"
FALLBACK_OPEN, FALLBACK_CLOSE = "\u27e6", "\u27e7"
"""The strict mode's marks around a text that fell back to English: ``⟦`` and ``⟧``."""


def strict() -> bool:
    """Whether strict mode is on: ``ADVISOR_I18N_STRICT`` is set to ``1`` (or ``true``/``yes``)."""
    return os.environ.get("ADVISOR_I18N_STRICT", "").strip().lower() in ("1", "true", "yes")


def fallback(lang: str, text: str) -> str:
    """``text`` (English, in place of ``lang``'s), marked ``⟦text⟧`` in strict mode."""
    if lang != DEFAULT and strict():
        return f"{FALLBACK_OPEN}{text}{FALLBACK_CLOSE}"
    return text


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The merged catalogue of ``lang`` (``{}`` for an unknown language).

    Raises:
        ValueError: two files of the language's folder define the same key.
    """
    folder = _DIR / lang
    if not lang.isalpha() or not folder.is_dir():
        return {}
    data: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        part: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        twice = sorted(set(part) & set(data))
        if twice:
            raise ValueError(f"{path}: keys already defined in another file of {lang}: {twice[:5]}")
        data.update(part)
    return data


@cache
def languages() -> dict[str, str]:
    """``{"en": "English", "pl": "Polski", ...}``: every catalogue present, by its own name."""
    return {p.name: str(catalogue(p.name).get("_language", p.name))
            for p in sorted(_DIR.iterdir()) if p.is_dir() and p.name.isalpha()}


PLURAL_MARK = "|"
"""Between a key and its plural category: ``"step.played_out|one"``."""


@cache
def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories of ``lang`` besides ``other`` (Babel), e.g. ``{"one", "few",
    "many"}`` for Polish; empty for a language Babel does not know."""
    from babel import Locale, UnknownLocaleError

    try:
        return frozenset(Locale.parse(lang).plural_form.tags)
    except (UnknownLocaleError, ValueError):
        return frozenset()


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of the count ``n`` in ``lang`` (Babel's plural rules):
    ``"one"``, ``"few"``, ``"many"``... or ``"other"``."""
    from babel import Locale, UnknownLocaleError

    try:
        return str(Locale.parse(lang).plural_form(n))
    except (UnknownLocaleError, ValueError):
        return "other"


def template(cat: Mapping[str, str], lang: str, key: str, params: Mapping[str, object]) -> str | None:
    """The text of ``key`` in the catalogue ``cat`` of ``lang``, in the plural form the count
    ``params["n"]`` (a whole number) takes in that language when the catalogue has the variant
    (``key|one``...), else ``key`` itself; ``None`` when ``cat`` lacks ``key``."""
    n = params.get("n")
    if isinstance(n, int) and not isinstance(n, bool):
        form = cat.get(f"{key}{PLURAL_MARK}{plural_category(lang, n)}")
        if form is not None:
            return form
    return cat.get(key)


def pick(lang: str | None) -> str:
    """``lang`` if there is a catalogue for it, else English."""
    return lang if lang in languages() else DEFAULT


def gettext(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English when missing, marked in strict mode), its
    ``{fields}`` filled in; the key itself when no catalogue has it."""
    own = template(catalogue(lang), lang, key, params)
    text = own if own is not None else template(catalogue(DEFAULT), DEFAULT, key, params) or key
    text = text.format(**params) if params else text
    return text if own is not None else fallback(lang, text)


def step_text(lang: str, step: Step) -> str:
    """A ruling step in ``lang``: its catalogue template (``step.<key>``) filled with its
    parameters, or the engine's English text when the step has no key or the language no
    template for it. English is always the engine's own sentence (``en/steps.json`` is its
    template, kept equal by tests/test_step_templates.py, for translators)."""
    said = step_template_text(lang, step) if lang != DEFAULT else None
    return fallback(lang, step.text) if said is None else said


def step_template_text(lang: str, step: Step) -> str | None:
    """The step's catalogue template in ``lang`` filled with its parameters (nested phrases said
    with :func:`step_text`, a seat in the language's words and the case the template asks for:
    :mod:`app.i18n.seats`), a sentence's first letter raised; ``None`` when the step has no key,
    the language no template for it, or the template names a parameter the step lacks."""
    said = template(catalogue(lang), lang, f"step.{step.key}", step.params) if step.key else None
    if not said:
        return None
    try:
        text = said.format(**seat_params(lang, {k: _phrase(lang, v) for k, v in step.params.items()}, cards=True))
    except (KeyError, IndexError, ValueError):
        return None
    return text[:1].upper() + text[1:] if step.law else text  # a sentence, not a nested clause


def _phrase(lang: str, value: object) -> object:
    """A parameter: a nested phrase (a :class:`Step`, or a tuple of them, joined with "; " or, for
    whole sentences, with a space) is translated too; anything else as is."""
    if isinstance(value, Step):
        return step_text(lang, value)
    if isinstance(value, tuple) and value and all(isinstance(v, Step) for v in value):
        parts = [str(step_text(lang, v)) for v in value]
        return (" " if all(p.endswith(".") for p in parts) else "; ").join(parts)
    return value


def sentence(lang: str, step: Step) -> str:
    """A step as one line for the director in ``lang``: ``"Law 64A2: ..."`` (``api.sentence``),
    or ``"Double dummy: ..."`` (``api.sentence_dd``) for the solver's evidence (law ``"DD"``);
    the law code itself never changes with the language."""
    return gettext(lang, "api.sentence_dd" if step.law == "DD" else "api.sentence", law=step.law,
                   text=step_text(lang, step))


def error_text(lang: str, error: KeyedError) -> str:
    """An engine error's reason in ``lang``: its catalogue template (``error.<key>``) filled with
    its parameters, or the engine's English message when the error has no key or the language
    no template for it. A parameter that is itself an :class:`InvalidBoardError` (the reason
    inside "board 3: ...") is said in ``lang`` too. A PBN error's line number is not part of the
    reason (the page and the API say where in their own way). English is always the engine's own
    message."""
    said = error_template_text(lang, error) if lang != DEFAULT else None
    return fallback(lang, error.message) if said is None else said


def error_template_text(lang: str, error: KeyedError) -> str | None:
    """The error's catalogue template in ``lang`` filled with its parameters (a nested error said
    with :func:`error_text`, a seat in the language's words: :mod:`app.i18n.seats`); ``None``
    when the error has no key, the language no template for it, or the template names a
    parameter the error lacks."""
    template = catalogue(lang).get(f"error.{error.key}") if error.key else None
    if not template:
        return None
    params = {k: error_text(lang, v) if isinstance(v, InvalidBoardError) else v for k, v in error.params.items()}
    params = seat_params(lang, field_params(lang, params))
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return None


_WHERE_PART = re.compile(r"^(board|line|section|table|round) (\S+)(?: \(match (.+) v (.+)\))?$")


def field_params(lang: str, params: Mapping[str, object]) -> dict[str, object]:
    """A results file's error parameters in ``lang`` (issue 36): ``what``, the field read
    (``"contract"``, ``"tricks"``...), by the catalogue's ``field.<what>``; ``where``, the spot
    (``"board 1, line 95"``, ``"section A, table 3, round 2, board 7"``, a teams board's
    ``"board 3 (match 1 v 2), line 2"``), each part by ``where.<word>`` (``{value}`` filled; a
    match by ``where.match``, ``{home}`` and ``{away}``). A value the catalogue does not name
    stays as it is."""
    out = dict(params)
    words = catalogue(lang)
    what = params.get("what")
    if isinstance(what, str) and f"field.{what}" in words:
        out["what"] = words[f"field.{what}"]
    where = params.get("where")
    if isinstance(where, str) and where:
        parts = [_WHERE_PART.match(p) for p in where.split(", ")]
        if all(m is not None and f"where.{m.group(1)}" in words for m in parts):
            out["where"] = ", ".join(words[f"where.{m.group(1)}"].format(value=m.group(2)) + (
                f" ({words.get('where.match', 'match {home} v {away}').format(home=m.group(3), away=m.group(4))})"
                if m.group(3) is not None else "") for m in parts if m is not None)
    return out


def step_params_json(params: Mapping[str, object]) -> dict[str, object]:
    """A step's parameters as JSON values, for the API's ``StepOut.params`` and the cases stored
    with them: a nested :class:`Step` becomes ``{"law", "text", "key", "params"}`` (a tuple of
    them a list), numbers and booleans stay as they are, anything else becomes its text."""
    def one(value: object) -> object:
        if isinstance(value, Step):
            return {"law": value.law, "text": value.text, "key": value.key, "params": step_params_json(value.params)}
        if isinstance(value, tuple) and value and all(isinstance(v, Step) for v in value):
            return [one(v) for v in value]
        if value is None or isinstance(value, bool | int | float):
            return value
        return str(value)
    return {k: one(v) for k, v in params.items()}


class UnknownLanguageError(ValueError):
    """A language asked for by name (``?lang=``, ``--lang``) that has no catalogue.

    Attributes:
        asked: the value given; available: the languages there are (``["el", "en", ...]``).
    """

    def __init__(self, asked: str) -> None:
        self.asked = asked
        self.available = sorted(languages())
        super().__init__(f"no catalogue for {asked!r}")


_RANGE = re.compile(r"^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$")


def from_accept_language(header: str | None) -> str | None:
    """The best language of an ``Accept-Language`` header (RFC 9110 12.5.4) that has a catalogue,
    or ``None``: ranges in order of their q-value (1 when not given; ties keep the header's
    order), ``q=0`` never; ``ru-RU`` matches ``ru``; ``*`` is English. Malformed parts are skipped."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header[:1000].split(",")):
        m = _RANGE.match(part)
        if m is None:
            continue
        try:
            q = float(m.group(2)) if m.group(2) is not None else 1.0
        except ValueError:
            continue
        if q > 0:
            ranked.append((-min(q, 1.0), i, m.group(1).lower()))
    for _, _, tag in sorted(ranked):
        lang = DEFAULT if tag == "*" else tag.split("-")[0]
        if lang in languages():
            return lang
    return None


def negotiate(asked: str | None = None, accept_language: str | None = None) -> str:
    """The language of an answer: ``asked`` (``?lang=``, ``--lang``) when given, else the best of
    ``accept_language`` (:func:`from_accept_language`), else English.

    Raises:
        UnknownLanguageError: ``asked`` names no catalogue (an explicit request is never guessed).
    """
    if asked is not None and asked != "":
        lang = asked.strip().lower()
        if lang not in languages():
            raise UnknownLanguageError(asked)
        return lang
    return from_accept_language(accept_language) or DEFAULT


_current: ContextVar[str] = ContextVar("advisor_language", default=DEFAULT)


def current() -> str:
    """The language of the answer being built (set by :func:`use`; English outside one)."""
    return _current.get()


@contextmanager
def use(lang: str) -> Iterator[str]:
    """Within the block, :func:`current` is ``lang`` (for this task or thread and what it starts)."""
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)
