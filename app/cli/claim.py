"""``advisor claim``: a claim or concession ruling (Laws 68-71) from a file's play record up to the
claim, a position or a request body (:func:`claim_request` builds the body of
``POST /v1/rulings/claim``), as text for a TD (:func:`render_claim`) or as the API's JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from app.cli.common import _bad_input, _choose, _print, _reason, _t
from app.i18n.statement import parse_step
from engine.errors import AdvisorError, InvalidBoardError
from engine.records.boards import board_from_game
from engine.records.files import load_games
from engine.records.pbn_game import games_for_board

if TYPE_CHECKING:
    from engine.casefile.events import EventRepository


def _json_arg(value: str) -> Any:
    """A JSON option: the text itself when it starts with ``{``, else the file it names ('-': stdin)."""
    text = value if value.lstrip().startswith("{") else \
        (sys.stdin.read() if value == "-" else Path(value).read_text(encoding="utf-8"))
    return json.loads(text)


def claim_request(args: argparse.Namespace) -> dict[str, Any]:
    """The body of ``POST /v1/rulings/claim`` from the command line: ``--request``, ``--position``
    or FILE + ``--board`` (a PBN or LIN game whose play stops at the claim), then the claim's
    options over it. The statement: ``--statement`` (the API's ``claim.statement``), then each
    ``--step`` in the order given, appended to its ``steps`` (the text form of
    :mod:`app.i18n.statement`, the claim page's: ``draw_trumps``, ``cash:C``, ``"concede D 1 C2"``);
    the older ``--order``, ``--finesse``, ``--ruff``, ``--concede`` fill the older fields (read after
    ``steps``).

    Raises:
        InvalidBoardError: no board or position given; a board the file does not hold; a step
            that cannot be read (path ``claim/statement/steps/<i>``).
        OSError / ValueError: a file that cannot be read, JSON that is not JSON.
    """
    body: dict[str, Any] = _json_arg(args.request) if args.request else {}
    if not isinstance(body, dict):
        raise InvalidBoardError("the request is a JSON object", path="request", key="cli_claim_source")
    if args.position:
        body = {**{k: v for k, v in body.items() if k == "claim"}, "position": _json_arg(args.position)}
    elif args.file:
        if not args.board:
            raise InvalidBoardError("give --board with the file", path="board", key="cli_claim_board")
        games = games_for_board(load_games(args.file), args.board, args.room)
        games = [g for g in games if g.play_section is not None] or games
        if not games:
            raise InvalidBoardError(f"no board {args.board} in {args.file}", path="board", key="cli_no_board",
                                    params={"board": args.board, "room": args.room or "", "file": args.file})
        board = board_from_game(_choose(games, args.board), source=args.file.rsplit("/", 1)[-1])
        body = {**{k: v for k, v in body.items() if k == "claim"}, "deal": board.deal.to_pbn(),
                "contract": str(board.contract), "declarer": board.contract.declarer.value,
                "vulnerable": board.vulnerability.value, "play": [str(c) for c in board.play]}
    elif "position" not in body and "deal" not in body and "event" not in body:
        raise InvalidBoardError("give a PBN or LIN file with --board, --position or --request", path="file",
                                key="cli_claim_source")
    claim = dict(body.get("claim") or {})
    for key, value in (("by", args.by), ("tricks", args.tricks), ("kind", args.kind)):
        if value is not None:
            claim[key] = value
    statement = dict(claim.get("statement") or {})
    if args.statement:
        statement |= _json_arg(args.statement)
    for key, value in (("text", args.said), ("trumps", args.trumps)):
        if value is not None:
            statement[key] = value
    if args.step:  # the steps in the order given, after those of --statement
        given = list(statement.get("steps") or [])
        statement["steps"] = given + [parse_step(text, i) for i, text in enumerate(args.step, start=len(given))]
    if args.order:
        statement["order"] = args.order.replace(",", " ").split()
    if args.finesse:
        statement["finesses"] = [{"card": c, **({"against": a.upper()} if a else {})}
                                 for c, _, a in (f.partition(":") for f in args.finesse)]
    if args.ruff:
        statement["ruffs"] = [{"suit": su.upper(), "in": se.upper()} for su, _, se in (r.partition(":")
                                                                                        for r in args.ruff)]
    if args.concede:
        statement["concede"] = [{"suit": su.upper(), "count": int(n) if n.isdigit() else 1}
                                for su, _, n in (c.partition(":") for c in args.concede)]
    findings = dict(claim.get("findings") or {})
    if args.findings:
        findings |= _json_arg(args.findings)
    for key, value in (("unaware_of_trump", args.unaware), ("class_of_player", args.player_class),
                       ("suit_order_regulation", args.suit_order)):
        if value is not None:
            findings[key] = value
    if args.played_after:
        findings["played_after_claim"] = args.played_after.replace(",", " ").split()
    if args.not_normal:
        findings["normal"] = {**(findings.get("normal") or {}), **dict.fromkeys(args.not_normal, False)}
    if statement:
        claim["statement"] = statement
    if findings:
        claim["findings"] = findings
    body["claim"] = claim
    return body


def render_claim(out: Any) -> str:
    """A claim ruling (:class:`app.api.schemas.claim.ClaimRulingResponse`) as text for a TD: the
    answer, each law step, the worst normal line by trick, the doubtful points."""
    lines = []
    if out.awarded is not None:
        lines.append(_t("claim_awarded", n=out.awarded, left=out.tricks_left))
    else:
        lines.append(_t("claim_range", lo=out.awarded_range["at_least"], hi=out.awarded_range["at_most"],
                        left=out.tricks_left))
    lines.append(_t("claim_dd", n=out.double_dummy))
    lines.append("")
    lines += [f"  [{s.law}] {s.text}" for s in out.steps]
    lines.append("")
    lines.append(_t("claim_worst_line"))
    tricks: dict[int, list[str]] = {}
    for lp in out.worst_line:
        tricks.setdefault(lp.trick, []).append(f"{lp.seat} {lp.card}" + ("*" if lp.doubtful else ""))
    lines += [f"  {n:>2}: " + ", ".join(cards) for n, cards in tricks.items()]
    for d in out.doubtful_points:
        lines.append(_t("claim_point_dd" if d.figure_basis == "double_dummy" else "claim_point", trick=d.trick,
                        seat=d.seat, card=d.card, category=d.category, law=d.law,
                        n=d.if_not_normal if d.if_not_normal is not None else "?"))
    if out.result is not None and out.score_ns is not None:
        lines.append("")
        lines.append(_t("claim_result", result=out.result, score=f"{out.score_ns:+d}"))
    return "\n".join(lines)


def _claim(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from app.api.schemas.claim import ClaimRulingRequest, ClaimRulingResponse, rule_claim
    from engine.dd import default_solver

    source = args.request or args.position or args.file or "claim"
    try:
        req = ClaimRulingRequest.model_validate(claim_request(args))
        ruling = rule_claim(req, cast("EventRepository", _NoEvents()), default_solver())
    except (ValidationError, InvalidBoardError) as exc:
        return _bad_input(source, exc)
    except (AdvisorError, OSError, ValueError) as exc:
        print(_t("cannot_rule", reason=_reason(exc)), file=sys.stderr)
        return 2
    out = ClaimRulingResponse.from_ruling(ruling, req)
    return _print(args.json, lambda: out, lambda: render_claim(out))


class _NoEvents:
    """The command line keeps no events: a request naming one is refused."""

    def get_event(self, event_id: int) -> Any:
        raise InvalidBoardError(f"there is no event {event_id} on the command line: give the deal or the position",
                                path="event", key="cli_claim_no_event", params={"event": event_id})

    def board(self, event_id: int, board: str) -> Any:
        return self.get_event(event_id)
