"""The incorrect-cards ruling sheet's scores (Laws 13, 14): the proposed result or the plausible
results scored against the rest of the traveller (matchpoints, Butler, cross-IMPs or teams IMPs,
as the revoke sheet shows them) and the "for the scorer" block (:mod:`app.api.scorer`)."""

from __future__ import annotations

from typing import Any

from app.api.card_traveller import for_cards
from app.api.schemas.cards import _non_offending, suggested_result
from app.api.schemas.scores import ScoringIn
from app.api.scorer import ForScorerOut
from app.api.scores import scores_block
from app.web.ruling_scores import _weighted  # the revoke sheet's own scoring of the page's results
from engine.rulings.incorrect_cards_advice import IncorrectCardsAdvice


def cards_against(advice: IncorrectCardsAdvice, scoring: ScoringIn | None, lang: str
                  ) -> tuple[dict[str, Any] | None, ForScorerOut | None]:
    """``(scored, for_scorer)`` of an incorrect-cards ruling. ``scored``: when ``scoring`` gives the
    field or the other room (from the traveller line the ruling names), the plausible results
    weighted evenly (12C1(c)) when there are two or more, else the proposed result alone, in the
    scoring's form (as :func:`app.web.ruling_scores._weighted` gives them: ``form``, ``ns``/``ew`` as text,
    ``several``, ``outcomes``); ``None`` otherwise. ``for_scorer``: the proposed result as the
    scorer enters it, or the plausible results with their weights and their matchpoints or IMPs
    (:func:`app.api.card_traveller.for_cards`); ``None`` when nothing is proposed."""
    plausible = scores_block(table=advice.table_score_ns, after_adjustment=None, suggested=None,
                             plausible=advice.plausible_results(), scoring=None).plausible
    chosen = suggested_result(advice)
    scored = None
    if scoring is not None and (scoring.field or scoring.other_room_ns is not None):
        form = {"scoring": scoring.form or ("matchpoints" if scoring.field else "imps"),
                "field": " ".join(str(x) for x in scoring.field or []),
                "other_room_ns": "" if scoring.other_room_ns is None else str(scoring.other_room_ns),
                "profile": scoring.profile}
        nos = _non_offending(advice)
        scored, _ = _weighted([p.model_dump() for p in plausible], form,
                              (chosen.result, chosen.score_ns) if chosen is not None else None,
                              nos.value if nos is not None else None, lang)
    return scored, for_cards(advice, scoring)


__all__ = ["cards_against"]
