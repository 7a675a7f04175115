"""Command line: ``advisor revoke FILE.pbn --board 21 [--room Closed] [--json]``.

Prints the ruling for a TD to read, or with ``--json`` the same JSON as the HTTP API.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.advisor import RevokeAdvice, advise_revoke
from engine.boards import board_from_game
from engine.errors import AdvisorError, InvalidBoardError
from engine.laws.facts import Noticed, RevokeFacts
from engine.model.cards import SUIT_ORDER, holding_str
from engine.model.seats import Seat
from engine.pbn import PbnGame, games_for_board, load


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="advisor", description="Adjusted-score advisor for tournament directors.")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("revoke", help="rule on the revokes of one board of a PBN file (Laws 61-64)")
    r.add_argument("file", help="a PBN file with the play record")
    r.add_argument("--board", required=True, help="board number")
    r.add_argument("--room", help="room (Open/Closed) when the file has the board more than once")
    r.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")
    r.add_argument("--claim", type=int, metavar="TRICKS", help="declarer side's tricks from the claim "
                   "(over the tricks not played out); default: valued double dummy")
    r.add_argument("--claim-by", choices=list("NESW"), help="who claimed or conceded")
    r.add_argument("--claim-contested", action="store_true", help="the claim was disputed (63A4 not met)")
    r.add_argument("--noticed", choices=[n.value for n in Noticed], default=Noticed.AFTER_PLAY.value,
                   help="when attention was first drawn to the revoke (default: after_play)")
    return p


def _choose(games: list[PbnGame], board: str) -> PbnGame:
    if len(games) == 1:
        return games[0]
    print(f"Board {board} was played more than once in this file:", file=sys.stderr)
    for i, g in enumerate(games, start=1):
        print(f"  {i}. {g.label}", file=sys.stderr)
    if not sys.stdin.isatty():
        raise SystemExit("say which one with --room (e.g. --room Closed)")
    answer = input(f"Which one (1-{len(games)})? ").strip()
    if not answer.isdigit() or not 1 <= int(answer) <= len(games):
        raise SystemExit(f"not a choice: {answer!r}")
    return games[int(answer) - 1]


def render(a: RevokeAdvice) -> str:
    """The ruling as text for a TD: board, hands, each revoke, each law step, the score to enter."""
    b, c = a.board, a.board.contract
    out = [f"{b.label}: {c} by {c.declarer.value}, vulnerable {b.vulnerability.value}"]
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
        hand = "  ".join(f"{s.value} {holding_str(b.deal.hand(seat), s) or '-'}" for s in SUIT_ORDER)
        out.append(f"  {seat.value}: {hand}")
    out.append(f"  {len(b.play)} cards played" + (f"; the record's Result: {b.recorded_result}"
                                                   if b.recorded_result is not None else ""))
    out.append("")
    out += [f"  [{s.law}] {s.text}" for s in a.steps]
    out.append("")
    out.append(f"Result to enter: {a.suggested_result}  (NS {a.score_ns_suggested:+d}; law {a.suggested_law})")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``advisor`` command. Returns the exit status (0 ok, 2 bad input)."""
    args = _parser().parse_args(argv)
    try:
        games = games_for_board(load(args.file), args.board, args.room)
        games = [g for g in games if g.play_section is not None] or games
        if not games:
            raise InvalidBoardError(f"no board {args.board}" + (f" in room {args.room}" if args.room else "")
                                    + f" in {args.file}", path="board")
        board = board_from_game(_choose(games, args.board), source=args.file.rsplit("/", 1)[-1])
        facts = RevokeFacts(noticed=Noticed(args.noticed), claim_declarer_tricks=args.claim,
                            claim_by=Seat(args.claim_by) if args.claim_by else None,
                            claim_contested=args.claim_contested)
        from engine.dd import default_solver

        advice = advise_revoke(board, facts=facts, solver=default_solver())
    except (AdvisorError, OSError) as exc:
        print(f"advisor: cannot rule: {exc}", file=sys.stderr)
        return 2
    if args.json:
        from app.schemas import RevokeRulingResponse

        print(RevokeRulingResponse.from_advice(advice).model_dump_json(indent=2))
    else:
        print(render(advice))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
