"""``advisor incorrect-cards CASE.json``: a Law 13 / 14 ruling (an incorrect number of cards, a
surplus or a missing card) on the body of ``POST /v1/rulings/incorrect-cards``, as text for a TD
(:func:`render_incorrect_cards`) or as the API's JSON.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app import i18n
from app.cli.common import _bad_input, _print, _reason, _t
from engine.errors import AdvisorError, InvalidBoardError
from engine.model.cards import SUIT_ORDER, holding_str
from engine.model.seats import Seat, Side
from engine.rulings.incorrect_cards import advise_incorrect_cards
from engine.rulings.incorrect_cards_advice import IncorrectCardsAdvice
from engine.scoring.adjusted import ARTIFICIAL


def render_incorrect_cards(a: IncorrectCardsAdvice) -> str:
    """A Law 13 / 14 ruling as text for a TD: the hands as found, each law step, the action, the
    score to enter (Law 77 points, North-South view; artificial scores in % and IMPs) and the
    table's score for both sides beside it (each side's own points)."""
    c = a.case
    lang = i18n.current()
    head = c.label or _t("board")
    if c.contract is not None:
        head = _t("case_contract", head=head, contract=c.contract, declarer=c.contract.declarer.value)
    out = [_t("case_head", head=head, dealer=c.dealer.value, vulnerable=c.vulnerability.value,
              discovered=_t(f"discovered.{c.facts.discovered.value}"))]
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        cards = frozenset(c.found[seat])
        hand = "  ".join(f"{s.value} {holding_str(cards, s) or '-'}" for s in SUIT_ORDER)
        out.append(f"  {seat.value} ({len(c.found[seat])}): {hand}")
    out.append("")
    out += [f"  [{s.law}] {i18n.step_text(lang, s)}" for s in a.steps]
    out.append("")
    out.append(_t("action", action=_t(f"action.{a.action.value}")))
    if a.assigned is not None:
        out.append(_t("assigned", result=a.assigned.result, score=f"{a.assigned.score_ns:+d}"))
    if a.ruled_result is not None:
        out.append(_t("after_revoke_laws", result=a.ruled_result.result, score=f"{a.ruled_result.score_ns:+d}"))
    if a.artificial:
        fault = {score.label: f for f, score in ARTIFICIAL.items()}  # the page's words for each (12C2(a))
        scores = "; ".join(_t("artificial_side", side=side.value, percent=x.percent, imps=f"{x.imps:+d}",
                              label=i18n.gettext(i18n.current(), f"fault_{fault[x.label].value}"))
                           for side, x in a.artificial.items())
        out.append(_t("alternative" if a.assigned is not None else "artificial", scores=scores))
    if a.beside is not None:  # the table's score for both sides beside the proposal (12B1)
        b = a.beside
        out.append(_t("beside_table", result=b.table.result, ns=f"{b.table_points(Side.NS):+d}",
                      ew=f"{b.table_points(Side.EW):+d}"))
    return "\n".join(out)


def _incorrect_cards(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from app.api.card_traveller import cards_response
    from app.api.schemas.cards import IncorrectCardsRequest
    from engine.dd import default_solver

    try:
        text = sys.stdin.read() if args.case == "-" else Path(args.case).read_text(encoding="utf-8")
        body = IncorrectCardsRequest.model_validate_json(text)
        advice = advise_incorrect_cards(body.to_case(), solver=default_solver(), profile=body.profile())
    except (ValidationError, InvalidBoardError) as exc:
        return _bad_input(args.case, exc)
    except (AdvisorError, OSError) as exc:
        print(_t("cannot_rule", reason=_reason(exc)), file=sys.stderr)
        return 2
    return _print(args.json, lambda: cards_response(advice, body.scoring),
                  lambda: render_incorrect_cards(advice))
