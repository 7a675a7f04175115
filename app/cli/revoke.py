"""``advisor revoke FILE --board B``: the revoke ruling (Laws 61-64) of one board of a PBN or LIN
file, as text for a TD (:func:`render`) or as the API's JSON.
"""

from __future__ import annotations

import argparse
import sys

from app import i18n
from app.cli.common import _choose, _print, _reason, _t
from engine.errors import AdvisorError, InvalidBoardError
from engine.laws.facts import Noticed, RevokeFacts
from engine.model.cards import SUIT_ORDER, Card, holding_str
from engine.model.seats import Seat
from engine.records.boards import board_from_game
from engine.records.files import claim_tricks, load_games
from engine.records.pbn_game import games_for_board
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice


def render(a: RevokeAdvice) -> str:
    """The ruling as text for a TD: board, hands, each revoke, each law step, the score to enter."""
    b, c = a.board, a.board.contract
    lang = i18n.current()
    out = [_t("board_head", label=b.label, contract=c, declarer=c.declarer.value, vulnerable=b.vulnerability.value)]
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        hand = "  ".join(f"{s.value} {holding_str(b.deal.hand(seat), s) or '-'}" for s in SUIT_ORDER)
        out.append(f"  {seat.value}: {hand}")
    out.append("  " + (_t("cards_played", n=len(b.play)) if b.recorded_result is None else
                       _t("cards_played_result", n=len(b.play), result=b.recorded_result)))
    out.append("")
    out += [f"  [{s.law}] {i18n.step_text(lang, s)}" for s in a.steps]
    out.append("")
    out += measures(a)
    if a.provisional:  # noticed during play, play not over: no score to enter
        out.append(_t("provisional", result=a.suggested_result, score=f"{a.score_ns_suggested:+d}"))
    else:
        out.append(_t("result_to_enter", result=a.suggested_result, score=f"{a.score_ns_suggested:+d}",
                      law=a.suggested_law))
    return "\n".join(out)


def measures(a: RevokeAdvice) -> list[str]:
    """The measures of the likely result without the revoke(s) (Law 64C, issue 34) as lines for a
    TD: each with the declarer's side's tricks and the result, the one the ruling took marked, and
    why it took that one; no lines without a measure."""
    if not a.measures:
        return []
    c, lang = a.board.contract, i18n.current()
    out = [_t("measures_head")]
    for m in a.measures:
        mark = "*" if m.kind is a.measure_used else " "
        out.append(f" {mark} " + _t("measure_line", name=i18n.gettext(lang, f"measure_{m.kind.value}"),
                                      tricks=m.tricks, result=c.result_str(m.tricks)))
    if a.measure_used is not None:
        used = i18n.gettext(lang, f"measure_{a.measure_used.value}")
        why = i18n.step_text(lang, a.measure_why).rstrip(".") if a.measure_why is not None else ""
        why = why[:1].upper() + why[1:]  # a sentence of its own (the engine's English starts in lower case)
        out.append("   " + (_t("measure_used_why", name=used, why=why) if why else _t("measure_used", name=used)))
    out.append("")
    return out


def _facts(args: argparse.Namespace, claim: int | None) -> RevokeFacts:
    """The director's facts from the command line's options.

    Raises:
        InvalidBoardError: path ``likely_without_revoke``: ``--likely`` outside 0..13 (declarer's
            side's tricks); path ``likely_reason``: ``--likely-reason`` without ``--likely``; path
            ``offender_card``: ``--offender-card`` is not a card.
    """
    if args.likely is not None and not 0 <= args.likely <= 13:
        raise InvalidBoardError("the likely result without the revoke is 0 to 13 tricks for the declarer's side, "
                                f"not {args.likely}", path="likely_without_revoke", key="reported_likely_range",
                                params={"n": args.likely})
    if args.likely_reason.strip() and args.likely is None:
        raise InvalidBoardError("a reason for the likely result without the revoke needs the figure itself "
                                "(likely_without_revoke, the declarer's side's tricks)", path="likely_reason",
                                key="reported_reason_without_figure")
    return RevokeFacts(noticed=Noticed(args.noticed), claim_declarer_tricks=claim,
                       table_result=args.table_result, rest_valued_double_dummy=args.rest_dd,
                       claim_by=Seat(args.claim_by) if args.claim_by else None,
                       claim_contested=args.claim_contested, losses_induced_by_revoke=args.induced,
                       likely_without_revoke=args.likely,
                       likely_reason=args.likely_reason.strip() if args.likely is not None else "",
                       offender_card=Card.from_str(args.offender_card) if args.offender_card else None)


def _revoke(args: argparse.Namespace) -> int:
    """``advisor revoke``: the ruling on the revokes of one board of a PBN or LIN file (Laws 61-64),
    as text for a TD or the API's JSON. Returns the exit status (0 ok, 2 bad input)."""
    try:
        games = games_for_board(load_games(args.file), args.board, args.room)
        games = [g for g in games if g.play_section is not None] or games
        if not games:
            raise InvalidBoardError(f"no board {args.board}" + (f" in room {args.room}" if args.room else "")
                                    + f" in {args.file}", path="board", key="cli_no_board_room" if args.room
                                    else "cli_no_board", params={"board": args.board, "room": args.room or "",
                                                                 "file": args.file})
        game = _choose(games, args.board)
        board = board_from_game(game, source=args.file.rsplit("/", 1)[-1])
        claim = args.claim if args.claim is not None else claim_tricks(game, board.play_record(), board.contract)
        if args.table_result is not None and args.claim is None:
            claim = None  # a table result, not the record's claim: the tricks not entered were played out
        facts = _facts(args, claim)
        from engine.dd import default_solver
        from engine.laws.editions import edition

        advice = advise_revoke(board, facts=facts, solver=default_solver(), edition=edition(args.laws_edition))
    except (AdvisorError, OSError) as exc:
        why = _t("play_end_unknown", **exc.params) if isinstance(exc, InvalidBoardError) and \
            exc.key == "play_end_unknown" else _reason(exc)  # the command line's options, not the API's fields
        print(_t("cannot_rule", reason=why), file=sys.stderr)
        return 2
    from app.api.schemas.revoke_ruling import RevokeRulingResponse

    return _print(args.json, lambda: RevokeRulingResponse.from_advice(advice), lambda: render(advice))
