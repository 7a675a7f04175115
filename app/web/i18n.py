"""The page's languages as data: one JSON catalogue per language in ``app/web/i18n``.

A catalogue maps keys to text (labels, and the templates of the law explanations, keys
``step.*``); ``{name}`` fields are filled from the value given. Adding a language (Russian
and Greek are in ../shared/seeds) is adding a file: a key it lacks falls back to English.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from engine.laws.steps import Step

_DIR = Path(__file__).with_name("i18n")
DEFAULT = "en"


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The catalogue of ``lang`` (``{}`` for an unknown language)."""
    path = _DIR / f"{lang}.json"
    if not path.is_file():
        return {}
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def languages() -> dict[str, str]:
    """``{"en": "English", "pl": "Polski", ...}``: every catalogue present, by its own name."""
    return {p.stem: str(catalogue(p.stem).get("_language", p.stem)) for p in sorted(_DIR.glob("*.json"))}


def pick(lang: str | None) -> str:
    """``lang`` if there is a catalogue for it, else English."""
    return lang if lang in languages() else DEFAULT


def gettext(lang: str, key: str, **params: object) -> str:
    """The text of ``key`` in ``lang`` (English when missing), its ``{fields}`` filled in."""
    text = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    return text.format(**params) if params else text


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
                return step.text
            return text[:1].upper() + text[1:] if step.law else text  # a sentence, not a nested clause
    return step.text


def _phrase(lang: str, value: object) -> object:
    """A parameter: a nested phrase (a :class:`Step`, or a tuple of them, joined with "; " or, for
    whole sentences, with a space) is translated too; anything else as is."""
    if isinstance(value, Step):
        return step_text(lang, value)
    if isinstance(value, tuple) and value and all(isinstance(v, Step) for v in value):
        parts = [str(step_text(lang, v)) for v in value]
        return (" " if all(p.endswith(".") for p in parts) else "; ").join(parts)
    return value
