"""The revoke ruling view's scores: the plausible results weighted with the director's
weights (12C1(c)), or split by side (12C1(e)), against the field (matchpoints, Butler,
cross-IMPs) or the other room (teams IMPs), and the ruling sheet's "for the scorer" block
(:func:`app.api.scorer.for_revoke`). The incorrect-cards sheet scores its results the same way
(:mod:`app.web.cards_scores`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import JsonValue, ValidationError

from app.api.schemas.scores import ScoringIn
from app.api.scorer import for_revoke
from app.api.scores import score_against
from app.i18n import gettext
from app.web.problems import validation_problems
from app.web.words import reason
from engine.errors import InvalidBoardError
from engine.model.seats import Side
from engine.rulings.revoke_advice import RevokeAdvice


def _scorer_block(advice: RevokeAdvice, scored: dict[str, Any] | None, form: Mapping[str, str]) -> Any:
    """The ruling sheet's "for the scorer" block (:func:`app.api.scorer.for_revoke`): the result to
    enter, and the weighted score against the page's field (``form["field"]``, matchpoints) when
    the page shows one (the director's weights are those of the box above it)."""
    field = None
    if form.get("scoring") == "matchpoints":
        try:
            field = [int(x) for x in form.get("field", "").replace(",", " ").split()]
        except ValueError:
            field = None
    block = for_revoke(advice, field)
    if block is not None and block.weighted is not None and not (scored and scored.get("several")):
        block = block.model_copy(update={"weighted": None})  # not the ruling (64C does not apply)
    return block



def _weighted(plausible: list[dict[str, Any]], form: Mapping[str, str], single: tuple[str, int] | None,
              non_offending: str | None = None, lang: str = "en") -> tuple[dict[str, Any] | None, str | None]:
    """The score against the field or the other room, when the scoring form gives one: the
    plausible results weighted with the director's weights (12C1(c)) when there are two or more,
    else the ``single`` result ``(text, NS points)`` alone. ``(score, None)`` or ``(None, error)``;
    ``score`` holds ``form`` (matchpoints or imps), ``ns``/``ew`` as text (percent or IMPs per
    side), ``several`` (weighted) and ``outcomes`` (label, weight, NS matchpoints or IMPs); the
    error and the units in ``lang``."""
    if form.get("scoring") not in ("matchpoints", "imps", "butler", "cross_imps"):
        return None, None
    side = gettext(lang, "side_short_NS")  # the label's side as the language's tables name it (СЮ, ΒΝ)
    if len(plausible) >= 2:
        outcomes: list[dict[str, JsonValue]] = [
            {"score_ns": p["score_ns"], "weight": p["weight"], "label": f"{p['result']} ({side} {p['score_ns']:+d})"}
            for p in plausible]
    elif single is not None:
        outcomes = [{"score_ns": single[1], "weight": "1", "label": f"{single[0]} ({side} {single[1]:+d})"}]
    else:
        return None, None
    try:
        against: dict[str, Any] = {"profile": form.get("profile") or "wbf"}
        if form["scoring"] != "imps":  # matchpoints, Butler and cross-IMPs: against the field
            against["field"] = [int(x) for x in form.get("field", "").replace(",", " ").split()]
        else:
            against["other_room_ns"] = int(form.get("other_room_ns", "").strip())
        w = score_against(outcomes, ScoringIn.model_validate(against),
                          Side(non_offending) if non_offending else None, form["scoring"])  # type: ignore[arg-type]
    except ValidationError as exc:
        return None, "; ".join(_validation_messages(exc, lang))
    except InvalidBoardError as exc:  # weights that are negative or do not sum to 1
        return None, reason(lang, exc)
    except ValueError:  # int(): not a score
        return None, gettext(lang, "scores_whole")
    mp = w.form == "matchpoints"
    if w.split is not None:  # a profile without weighting: each side on its own result (12C1(e))
        ns, ew = (w.split.ns_percent, w.split.ew_percent) if mp else (w.split.ns, w.split.ew)
    else:
        ns, ew = (w.ns_percent, w.ew_percent) if mp else (w.ns, w.ew)
    if ns is None or ew is None:
        return None, None
    return {"form": w.form, "ns": _points(ns, mp, lang), "ew": _points(ew, mp, lang), "several": len(outcomes) > 1,
            "outcomes": [{"label": o.label, "weight": o.weight,
                          "value": f"{o.ns:g} {gettext(lang, 'unit_mp')}" if mp else _points(o.ns, False, lang)}
                         for o in w.outcomes]}, None


def _points(value: float, percent: bool, lang: str = "en") -> str:
    """A side's score as shown: ``"62.50%"``, or IMPs with their sign (``"+11 IMP"``, ``"+2.50 IMP"``;
    the unit in ``lang``)."""
    if percent:
        return f"{value:.2f}%"
    unit = gettext(lang, "unit_imp")
    return f"{int(value):+d} {unit}" if value == int(value) else f"{value:+.2f} {unit}"


def _validation_messages(exc: ValidationError, lang: str) -> list[str]:
    return [p.text for p in validation_problems(lang, exc)]
