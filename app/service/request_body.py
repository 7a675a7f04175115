"""Request bodies fit for this service: every top-level request model derives from
:class:`RequestModel`, which refuses, before any field is read, a JSON value no request can take
(a lone surrogate, ``NaN``, ``Infinity``, too deep a nesting) as one error of type
:data:`UNFIT_JSON`; :func:`clean_text` makes any text writable as UTF-8. Shared by the API's models
and the service's error answers (``app.service.errors``)."""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import BaseModel, model_validator
from pydantic_core import PydanticCustomError

from app import i18n

MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have (the deepest request, an
export's case history, nests about 8 levels); anything deeper is a 422, not a long walk."""
UNFIT_JSON = "unfit_json"
"""The ``type`` of the error :class:`RequestModel` raises; its ``ctx["below"]`` holds the path
of the offending value below the error's ``loc`` (``app.service.errors`` joins them)."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""The control characters no text of this service can hold: every C0 control but tab, line feed
and carriage return (XML 1.0 refuses them, so an exported ``adjusted.xml`` would not be well-formed;
PostgreSQL refuses U+0000 in text; no scoring program writes them in a name or a pair number)."""


def clean_text(text: str) -> str:
    """``text`` with every lone UTF-16 surrogate (``"\\ud800"`` written in JSON, which Python
    accepts) replaced by U+FFFD, so that it can be written as UTF-8. Other text is returned as is."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _say(key: str, **params: object) -> str:
    """A reason in the language of the answer being built (``api.<key>``)."""
    return i18n.gettext(i18n.current(), f"api.{key}", **params)


def unfit_json(value: Any) -> tuple[tuple[str | int, ...], str] | None:
    """The first value of a parsed JSON body that no request of this service can take, as
    ``(path, reason)``; ``None`` when there is none.

    What is looked for, at any depth (iteratively: a deep body never recurses): text holding a
    lone surrogate (in a value or a key) or a control character (:data:`_CONTROL`: NUL, and every
    C0 control but tab, line feed and carriage return), a number that is not finite (``NaN``, ``Infinity``,
    ``-Infinity`` and ``1e400``, which Python's JSON reader accepts as floats), and nesting
    deeper than :data:`MAX_JSON_DEPTH`. The path's keys are cleaned with :func:`clean_text`.
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if len(path) > MAX_JSON_DEPTH:
            return path[:MAX_JSON_DEPTH], _say("json_too_deep", depth=MAX_JSON_DEPTH)
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return path, _say("json_lone_surrogate")
            control = _CONTROL.search(item)
            if control:
                return path, _say("json_control_character", code=f"U+{ord(control.group()):04X}")
        elif isinstance(item, float):
            if not math.isfinite(item):
                return path, _say("json_not_a_number")
        elif isinstance(item, dict):
            for key, inner in reversed(item.items()):
                name = clean_text(key) if isinstance(key, str) else key
                if isinstance(key, str) and name != key:
                    return (*path, name), _say("json_name_surrogate")
                stack.append((inner, (*path, name)))
        elif isinstance(item, list | tuple):
            stack.extend((inner, (*path, i)) for i, inner in reversed(list(enumerate(item))))
    return None


class RequestModel(BaseModel):
    """The base of every top-level request body: before any field is read, the whole body is
    checked with :func:`unfit_json`; a value no request can take (a lone surrogate, a control
    character such as NUL, ``NaN``,
    ``Infinity``, too deep a nesting) is one error of type :data:`UNFIT_JSON` whose
    ``ctx["below"]`` is the path of that value (so ``app.service.errors`` names the field), instead of a
    response that cannot be written or a value stored that cannot be read back.

    Nested models derive from ``BaseModel``: the body is walked once.
    """

    @model_validator(mode="before")
    @classmethod
    def _fit_for_json(cls, data: Any) -> Any:
        found = unfit_json(data)
        if found is not None:
            path, reason = found
            raise PydanticCustomError(UNFIT_JSON, reason, {"below": list(path)})
        return data
