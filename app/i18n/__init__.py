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
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from engine.errors import InvalidBoardError
from engine.laws.steps import Step

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


def pick(lang: str | None) -> str:
    """``lang`` if there is a catalogue for it, else English."""
    return lang if lang in languages() else DEFAULT


def gettext(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English when missing, marked in strict mode), its
    ``{fields}`` filled in; the key itself when no catalogue has it."""
    own = catalogue(lang).get(key)
    text = own if own is not None else catalogue(DEFAULT).get(key, key)
    text = text.format(**params) if params else text
    return text if own is not None else fallback(lang, text)


def step_text(lang: str, step: Step) -> str:
    """A ruling step in ``lang``: its catalogue template (``step.<key>``) filled with its
    parameters, or the engine's English text when the step has no key or the language no
    template for it."""
    if step.key:
        template = catalogue(lang).get(f"step.{step.key}")
        if template:
            try:
                text = template.format(**{k: _phrase(lang, v) for k, v in step.params.items()})
            except (KeyError, IndexError):
                return fallback(lang, step.text)
            return text[:1].upper() + text[1:] if step.law else text  # a sentence, not a nested clause
    return fallback(lang, step.text)


def _phrase(lang: str, value: object) -> object:
    """A parameter: a nested phrase (a :class:`Step`, or a tuple of them, joined with "; " or, for
    whole sentences, with a space) is translated too; anything else as is."""
    if isinstance(value, Step):
        return step_text(lang, value)
    if isinstance(value, tuple) and value and all(isinstance(v, Step) for v in value):
        parts = [str(step_text(lang, v)) for v in value]
        return (" " if all(p.endswith(".") for p in parts) else "; ").join(parts)
    return value


def error_text(lang: str, error: InvalidBoardError) -> str:
    """An engine error's reason in ``lang``: its catalogue template (``error.<key>``) filled with
    its parameters, or the engine's English message when the error has no key or the language
    no template for it. A PBN error's line number is not part of the reason (the page and the
    API say where in their own way)."""
    if error.key:
        template = catalogue(lang).get(f"error.{error.key}")
        if template:
            try:
                return template.format(**error.params)
            except (KeyError, IndexError):
                return fallback(lang, error.message)
    return fallback(lang, error.message)
