"""Types shared by every request and response model of the API: seats, suits, cards, a ruling
step, and the error body."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

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
    ``X-Request-ID``; see app.service.middleware), to quote when reporting it."""

    detail: list[ErrorItem]
    request_id: str | None = None


