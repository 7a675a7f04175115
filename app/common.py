"""Types shared by every request and response model of the API: seats, suits, cards, a ruling
step, and the error body."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from app import i18n
from engine.errors import InvalidBoardError
from engine.laws.steps import Step

SeatCode = Literal["N", "E", "S", "W"]
SuitCode = Literal["S", "H", "D", "C"]
_RANK = r"(?:10|[2-9TJQKAtjqka])"
CardText = Field(min_length=2, max_length=3, pattern=rf"^(?:[SHDCshdc]{_RANK}|{_RANK}[SHDCshdc])$",
                 description="A card: suit then rank, e.g. 'SA', 'HT' or 'H10'.")


class StepOut(BaseModel):
    """One step of the ruling: the law applied and what it decided, in the language of the answer
    (``?lang=`` or ``Accept-Language``; English by default), with the catalogue key and the
    parameters that let it be said again in any language later (a stored case keeps them)."""

    law: str = Field(description="The law paragraph, e.g. '64A2', or 'DD' for the solver's evidence; never "
                                 "translated.")
    text: str = Field(description="What the step decided, in the language of the answer.")
    key: str = Field("", description="The step's template in the catalogues (`step.<key>` in "
                                     "app/i18n/<lang>/steps.json); empty: English only.")
    params: dict[str, Any] = Field(default_factory=dict,
                                   description="The values the template fills in (a nested phrase as "
                                               "{law, text, key, params}).")

    @classmethod
    def of(cls, step: Step) -> StepOut:
        """The step in the language of the answer being built (:func:`app.i18n.current`)."""
        return cls(law=step.law, text=i18n.step_text(i18n.current(), step), key=step.key,
                   params=i18n.step_params_json(step.params))


def relocated(exc: InvalidBoardError, path: str, *, law: str | None = None, keep_law: bool = True) -> InvalidBoardError:
    """``exc`` said again under another request field ``path`` (its message, catalogue key and
    parameters kept, so that it is still said in the language asked for); its law kept unless
    ``keep_law`` is false, or ``law`` given."""
    return InvalidBoardError(exc.message, path=path, law=law if law is not None else exc.law if keep_law else None,
                             key=exc.key, params=exc.params)


def explanation(steps: Sequence[Step]) -> list[str]:
    """The ruling's lines ``"Law 64A2: ..."`` in the language of the answer being built."""
    lang = i18n.current()
    return [i18n.sentence(lang, s) for s in steps]


class ErrorItem(BaseModel):
    """One problem with the request: where (``loc``) and why (``msg``)."""

    loc: list[str | int]
    msg: str
    type: str
    law: str | None = None
    cases: list[int] | None = Field(None, description="A 409 ``duplicate_case``: the ids of the existing cases "
                                    "for the same board, round and table.")


class ErrorResponse(BaseModel):
    """The body of an error answer (4xx, 5xx): the problems, and the request's id (also sent as
    ``X-Request-ID``; see app.middleware), to quote when reporting it."""

    detail: list[ErrorItem]
    request_id: str | None = None


MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a request body may have (the deepest request, an
export's case history, nests about 8 levels); anything deeper is a 422, not a long walk."""
UNFIT_JSON = "unfit_json"
"""The ``type`` of the error :class:`RequestModel` raises; its ``ctx["below"]`` holds the path
of the offending value below the error's ``loc`` (``app.errors`` joins them)."""
_SURROGATE = re.compile("[\ud800-\udfff]")


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
    lone surrogate (in a value or a key), a number that is not finite (``NaN``, ``Infinity``,
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
    checked with :func:`unfit_json`; a value no request can take (a lone surrogate, ``NaN``,
    ``Infinity``, too deep a nesting) is one error of type :data:`UNFIT_JSON` whose
    ``ctx["below"]`` is the path of that value (so ``app.errors`` names the field), instead of a
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
