"""The case page of an alternatives case (issue 38: an adjusted score after misinformation or
unauthorised information, kept as a case): the request in words (the law, the table's result,
the weights, the offending side, the profile) and the evidence as it was when the case was saved
(the stored ruling: per alternative its double-dummy figures, the room's counts, its weight and
outcomes; the weighted score on the field then, both sides, or 12C1(e)'s two scores), in tables
compact enough for the case sheet's one A4 page. Scores are Law 77 points, North-South's view;
tricks are the declarer's side's."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from app.api.schemas.alternatives import AlternativesResponse
from app.i18n import gettext
from app.i18n.seats import card_symbols


def _seat(lang: str, value: Any) -> str:
    return gettext(lang, f"seat_{value}") if value in ("N", "E", "S", "W") else str(value or "")


def _percent(weight: str) -> str:
    """An exact weight (``"1/5"``) as a percentage the director reads: ``"20%"``, ``"33.33%"``."""
    try:
        pc = Fraction(weight) * 100
    except (ValueError, ZeroDivisionError):
        return weight
    return f"{pc.numerator}%" if pc.denominator == 1 else f"{float(pc):.2f}%"


def stored_answer(ruling: Mapping[str, Any]) -> AlternativesResponse | None:
    """The stored ruling of an alternatives case read back as the route's answer; ``None`` when it
    is not of that shape (a ruling stored by another engine)."""
    try:
        return AlternativesResponse.model_validate(ruling)
    except ValidationError:
        return None


def alternatives_facts(lang: str, request: Mapping[str, Any], ruling: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The request of an alternatives case in words, ``(label, value)`` lines: the law applied, the
    table's result and lead, the alternatives asked for, the weights (or even weights), the
    offending side and the scoring profile."""
    def t(key: str, **params: object) -> str:
        return gettext(lang, key, **params)

    out: list[tuple[str, str]] = [(t("alt_law_label"), t(f"alt_law_{request.get('law', 'other')}"))]
    tr = ruling.get("table_result") or {}
    if tr:
        out.append((t("alt_table_legend"), t("alt_table_was", result=tr.get("result") or
                                             f"{tr.get('contract', '')} {tr.get('declarer', '')}",
                                             lead=card_symbols(str(tr.get("lead") or "")) or "\u2014")))
    if tr.get("lead_not_used"):
        out.append((t("alt_lead_label"), t("alt_lead_not_used", card=card_symbols(str(tr["lead_not_used"])))))
    for i, a in enumerate(request.get("alternatives") or [], start=1):
        if isinstance(a, Mapping):
            extra = [f"{t('alt_col_lead')} {card_symbols(str(a['lead']))}" if a.get("lead") else "",
                     f"{t('alt_col_tricks')} {a['tricks']}" if a.get("tricks") is not None else ""]
            said = f"{a.get('contract', '')} {t('by')} {_seat(lang, a.get('declarer'))}"
            out.append((t("alt_where_row", n=i).capitalize(), ", ".join([said, *(x for x in extra if x)])))
    weights = request.get("weights")
    out.append((t("alt_col_weight"), ", ".join(str(w) for w in weights) if weights else t("alt_case_weights_even")))
    if request.get("offending_side") in ("NS", "EW"):
        out.append((t("alt_offending_label"), t(f"side_{request['offending_side']}")))
    if ruling.get("profile"):
        out.append((t("profile_label"), str(ruling["profile"]).upper()))
    return out


def alternatives_view(lang: str, ruling: Mapping[str, Any]) -> dict[str, Any] | None:
    """The evidence of an alternatives case as the case page and its sheet show it: ``rows`` (per
    alternative: its number, contract and declarer, weight in percent, the double-dummy tricks with
    the table's lead, the range over every lead (best defence first), the room's counts, the rule
    its outcomes were proposed by, said in ``lang``, and its outcomes with their points and weights)
    and ``weighted`` (the stored weighted score on the field when the case was saved: its parts
    with each side's figure and the two totals, or ``split``, 12C1(e)'s two scores); ``None`` for a
    ruling not of the route's shape."""
    out = stored_answer(ruling)
    if out is None:
        return None
    rows = []
    for i, a in enumerate(out.alternatives, start=1):
        dd = a.double_dummy
        room = sorted((int(k), v) for k, v in a.room.tricks.items())
        rows.append({
            "n": i, "contract": a.contract, "declarer": a.declarer, "weight": _percent(a.weight),
            "leader": dd.leader, "table_lead": dd.with_table_lead, "own_lead": dd.with_alternative_lead,
            "lead": card_symbols(a.lead or ""), "range": dd.range,
            "room": gettext(lang, f"alt_room_{a.room.matched}", n=a.room.tables) + ": " + ", ".join(
                gettext(lang, "alt_room_count", tricks=n, n=k) for n, k in room) if a.room.tables
            else gettext(lang, "alt_room_none"),
            "room_tables": a.room.tables,
            "rule": gettext(lang, f"api.alternatives_rule_{a.rule}", n=a.room.tables, min=out.room_min_tables),
            "rule_code": a.rule,
            "outcomes": [{"result": o.result, "score": f"{o.score_ns:+d}", "weight": _percent(o.weight),
                          "tricks": o.tricks} for o in a.outcomes]})
    return {"rows": rows, "weighted": out.weighted, "field": out.field}


__all__ = ["alternatives_facts", "alternatives_view", "stored_answer"]
