"""Command line: ``advisor revoke FILE.pbn --board 21 [--room Closed] [--json]``,
``advisor incorrect-cards CASE.json [--json]``, ``advisor claim [FILE --board B | --position P.json |
--request R.json] --by S --tricks N [statement and findings options] [--json]``, ``advisor scores KIND BODY.json`` and
``advisor screen PATH [--json FILE|-] [--csv FILE] [--no-progress]``, ``advisor users add NAME --role
ROLE`` (and ``list``, ``revoke NAME``) and ``advisor serve [--host H] [--port P]``.

``revoke`` prints the ruling for a TD to read, or with ``--json`` the same JSON as the HTTP API.
``incorrect-cards`` rules on a Law 13 / 14 case given as the API's request body in a JSON file.
``scores`` computes weighted, artificial, matchpoint or IMP scores (the ``/v1/scores/*`` bodies).
``screen`` screens every game of a PBN file or of a directory of them for revokes.

``--lang en|pl|ru|el`` (any subcommand; default ``ADVISOR_LANG``, else English) says the rulings,
the labels and the error messages in that language (``app/i18n/<lang>/cli.json`` and the other
catalogues); field names, law codes, cards and numbers are the same in every language.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from app import i18n
from engine.errors import AdvisorError, InvalidBoardError
from engine.laws.facts import Noticed, RevokeFacts
from engine.model.cards import SUIT_ORDER, holding_str
from engine.model.seats import Seat
from engine.records.boards import board_from_game
from engine.records.files import claim_tricks, load_games
from engine.records.pbn import PbnGame, games_for_board
from engine.rulings.incorrect_cards import IncorrectCardsAdvice, advise_incorrect_cards
from engine.rulings.revoke import RevokeAdvice, advise_revoke
from engine.scoring.adjusted import ARTIFICIAL
from engine.screening.events import ROW_FIELDS, ScreeningReport

if TYPE_CHECKING:
    from engine.casefile.events import EventRepository


def _t(key: str, **params: object) -> str:
    """A sentence of the command line in the language chosen (``cli.<key>``)."""
    return i18n.gettext(i18n.current(), f"cli.{key}", **params)


def _lang_option() -> argparse.ArgumentParser:
    """``--lang``, accepted before or after the subcommand."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS,
                        help="the language of the ruling and the messages: " + ", ".join(sorted(i18n.languages()))
                        + " (default: ADVISOR_LANG, else en)")
    return common


def _parser() -> argparse.ArgumentParser:
    common = _lang_option()
    p = argparse.ArgumentParser(prog="advisor", description="Adjusted-score advisor for tournament directors.",
                                parents=[common])
    sub = p.add_subparsers(dest="command", required=True)

    def command(name: str, **kw: Any) -> argparse.ArgumentParser:  # every subcommand takes --lang too
        return sub.add_parser(name, parents=[common], **kw)

    r = command("revoke", help="rule on the revokes of one board of a PBN file (Laws 61-64)")
    r.add_argument("file", help="a PBN file with the play record")
    r.add_argument("--board", required=True, help="board number")
    r.add_argument("--room", help="room (Open/Closed) when the file has the board more than once")
    r.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")
    r.add_argument("--laws-edition", choices=["2017", "2007"], default="2017",
                   help="the Laws edition the board was played under (default 2017)")
    r.add_argument("--claim", type=int, metavar="TRICKS", help="declarer side's tricks from the claim "
                   "(over the tricks not played out); default: a LIN record's own claim (mc|)")
    r.add_argument("--table-result", type=int, metavar="TRICKS", help="the declarer's side's total tricks agreed "
                   "at the table (Law 79A): the tricks not in the record were played out")
    r.add_argument("--rest-dd", action="store_true", help="play ended in a claim whose figure is not known: value "
                   "the tricks not in the record double dummy (labelled as assumed)")
    r.add_argument("--claim-by", choices=list("NESW"), help="who claimed or conceded")
    r.add_argument("--claim-contested", action="store_true", help="the claim was disputed: the director rules on "
                   "it (Law 70); an opponent's disputed claim does not establish the revoke (63A4), the offending "
                   "side's own does (63A3)")
    r.add_argument("--induced", action="store_true", help="the director judges that the non-offending side's later "
                   "losses were induced by the revoke (64C1 then uses double-dummy play from before the revoke)")
    r.add_argument("--noticed", choices=[n.value for n in Noticed], default=Noticed.AFTER_PLAY.value,
                   help="when attention was first drawn to the revoke (default: after_play)")
    cl = command("claim", help="rule on a claim or concession (Laws 68-71)")
    cl.add_argument("file", nargs="?", help="a PBN or LIN file whose play record stops at the claim (with --board)")
    cl.add_argument("--board", help="board number in FILE")
    cl.add_argument("--room", help="room (Open/Closed) when the file has the board more than once")
    cl.add_argument("--request", metavar="JSON", help="the body of POST /v1/rulings/claim ('-' for standard input); "
                    "the options below override its claim")
    cl.add_argument("--position", metavar="JSON", help="the position at the claim alone (the API's `position`)")
    cl.add_argument("--by", choices=list("NESW"), help="who claimed (a concession: who conceded)")
    cl.add_argument("--tricks", type=int, help="tricks claimed (a concession: kept) among those still to play")
    cl.add_argument("--kind", choices=["contested", "agreed_then_disputed", "concession"])
    cl.add_argument("--statement", metavar="JSON", help="the structured statement as a JSON file or text "
                    "(the API's claim.statement)")
    cl.add_argument("--said", metavar="TEXT", help="the words said (kept, never parsed)")
    cl.add_argument("--order", metavar="ITEMS", help="stated leads in order, e.g. 'suit:H DA DK'")
    cl.add_argument("--trumps", choices=["not_mentioned", "mentioned", "draws_first"])
    cl.add_argument("--finesse", action="append", metavar="CARD[:SEAT]", help="a stated finesse, e.g. SQ:W")
    cl.add_argument("--ruff", action="append", metavar="SUIT:SEAT", help="a stated ruff, e.g. C:N")
    cl.add_argument("--concede", action="append", metavar="SUIT[:N]", help="tricks given up, e.g. S:1")
    cl.add_argument("--findings", metavar="JSON", help="the director's findings as a JSON file or text "
                    "(the API's claim.findings)")
    cl.add_argument("--unaware", choices=["likely", "unlikely", "unknown"], help="70C2: claimer unaware of a trump")
    cl.add_argument("--class", dest="player_class", choices=["novice", "club", "county", "expert"])
    cl.add_argument("--suit-order", choices=["none", "top_down"], help="the regulating authority's 70E2 rule")
    cl.add_argument("--played-after", metavar="CARDS", help="cards played after the claim (70D3), e.g. 'DA D3'")
    cl.add_argument("--not-normal", action="append", metavar="CATEGORY",
                    choices=["careless_order", "careless_block", "careless_ruff", "unaware_trump",
                             "careless_departure"],
                    help="a careless category ruled not normal for this player (a doubtful point switched off)")
    cl.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")

    ic = command("incorrect-cards", help="rule on an incorrect number of cards, a surplus or a missing card "
                        "(Laws 13, 14)", description="Rule on a Law 13 / 14 case. CASE.json is the body of POST "
                        "/v1/rulings/incorrect-cards: the hands as found, the hand record if known, the contract, "
                        "the play so far, when it was discovered and the director's facts.")
    ic.add_argument("case", help="a JSON file ('-' for standard input)")
    ic.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")
    so = command("scores", help="weighted, artificial, matchpoint or IMP scores (Laws 12C, 77, 78)",
                        description="Compute a score as POST /v1/scores/KIND does: BODY.json is that request "
                        "body; the answer is printed as the API's JSON.")
    so.add_argument("kind", choices=["weighted", "artificial", "matchpoints", "imps"])
    so.add_argument("body", help="a JSON file ('-' for standard input)")
    sc = command("screen", help="screen every game of a PBN or LIN file or directory for revokes",
                        description="Screen every game of a PBN or LIN file, or of every *.pbn and *.lin file "
                        "under a directory: rule on the games with a revoke, flag the records that cannot be ruled "
                        "on or read better as a recording error, check the recorded results, count the rest. The "
                        "tricks not played out are valued double dummy (no claim figures).")
    sc.add_argument("path", help="a PBN or LIN file or a directory (searched recursively)")
    sc.add_argument("--workers", type=int, metavar="N", help="worker processes (default: every CPU this process "
                    "may use; 1: in this process)")
    sc.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask distributed cluster, e.g. "
                    "tcp://10.0.0.5:8786 (needs the cluster extra)")
    sc.add_argument("--json", metavar="FILE", help="write the report as JSON (the API's shape); '-' for stdout "
                    "(the table then goes to stderr)")
    sc.add_argument("--csv", metavar="FILE", help="write the ruled and flagged rows as CSV")
    sc.add_argument("--no-progress", action="store_true", help="no progress bar (it is shown only on a terminal)")
    us = command("users", help="token holders: add (prints the new token once), list, revoke",
                        description="Manage the tokens of the case file (directors, appeals committee, viewers) "
                        "in the service's database (ADVISOR_DATABASE_URL, else ADVISOR_DATA_DIR/advisor.sqlite3). "
                        "Once a token exists, the service requires one for every request.")
    us.add_argument("--database", metavar="URL", help="the database (default: as the service finds it)")
    usub = us.add_subparsers(dest="users_command", required=True)
    ua = usub.add_parser("add", help="make a token; it is printed once, on its own line, and never stored")
    ua.add_argument("name", help="the holder's name as the case history shows it, e.g. 'Jan Kowalski'")
    ua.add_argument("--role", required=True, choices=["director", "committee", "viewer"])
    usub.add_parser("list", help="every holder: name, role, active, created")
    ur = usub.add_parser("revoke", help="revoke a holder's token")
    ur.add_argument("name")
    sv = command("serve", help="run the service (API and page) with uvicorn",
                        description="Run the service. On 127.0.0.1 without tokens it runs open (laptop mode); on any "
                        "other address every request needs a token (advisor users add). It answers only to this "
                        "machine's names, the --host given and ADVISOR_ALLOWED_HOSTS (comma-separated); it reads "
                        "X-Forwarded-For only from the proxies of ADVISOR_TRUSTED_PROXIES (default: none).")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000)
    return p


def _choose(games: list[PbnGame], board: str) -> PbnGame:
    if len(games) == 1:
        return games[0]
    print(_t("board_twice", board=board), file=sys.stderr)
    for i, g in enumerate(games, start=1):
        print(f"  {i}. {g.label}", file=sys.stderr)
    if not sys.stdin.isatty():
        raise SystemExit(_t("say_room"))
    answer = input(_t("which_one", n=len(games))).strip()
    if not answer.isdigit() or not 1 <= int(answer) <= len(games):
        raise SystemExit(_t("not_a_choice", answer=repr(answer)))
    return games[int(answer) - 1]


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
    if a.provisional:  # noticed during play, play not over: no score to enter
        out.append(_t("provisional", result=a.suggested_result, score=f"{a.score_ns_suggested:+d}"))
    else:
        out.append(_t("result_to_enter", result=a.suggested_result, score=f"{a.score_ns_suggested:+d}",
                      law=a.suggested_law))
    return "\n".join(out)


def render_incorrect_cards(a: IncorrectCardsAdvice) -> str:
    """A Law 13 / 14 ruling as text for a TD: the hands as found, each law step, the action and
    the score to enter (Law 77 points, North-South view; artificial scores in % and IMPs)."""
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
    return "\n".join(out)


def _incorrect_cards(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from app.api.schemas.cards import IncorrectCardsRequest, IncorrectCardsResponse
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
    return _print(args.json, lambda: IncorrectCardsResponse.from_advice(advice, body.scoring),
                  lambda: render_incorrect_cards(advice))


def _json_arg(value: str) -> Any:
    """A JSON option: the text itself when it starts with ``{``, else the file it names ('-': stdin)."""
    text = value if value.lstrip().startswith("{") else \
        (sys.stdin.read() if value == "-" else Path(value).read_text(encoding="utf-8"))
    return json.loads(text)


def claim_request(args: argparse.Namespace) -> dict[str, Any]:
    """The body of ``POST /v1/rulings/claim`` from the command line: ``--request``, ``--position``
    or FILE + ``--board`` (a PBN or LIN game whose play stops at the claim), then the claim's
    options over it.

    Raises:
        InvalidBoardError: no board or position given; a board the file does not hold.
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
        lines.append(_t("claim_point", trick=d.trick, seat=d.seat, card=d.card, category=d.category, law=d.law,
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


def _reason(exc: BaseException) -> str:
    """An error's reason in the language chosen: an engine error through its catalogue key."""
    if isinstance(exc, InvalidBoardError):
        said = i18n.error_text(i18n.current(), exc)
        lineno = getattr(exc, "lineno", None)
        return said + i18n.gettext(i18n.current(), "api.at_line", n=lineno) if lineno and said != exc.message \
            else said
    return str(exc)


def _bad_input(source: str, exc: Exception) -> int:
    """Print each problem of a JSON request file as ``advisor: FILE: field: reason``; returns 2."""
    from pydantic import ValidationError

    from app.service.errors import validation_items

    if isinstance(exc, ValidationError):
        for item in validation_items(exc.errors()):
            where = "/".join(str(x) for x in item["loc"]) or "body"
            print(_t("bad_input", source=source, where=where, reason=item["msg"]), file=sys.stderr)
    elif isinstance(exc, InvalidBoardError):
        print(_t("bad_input", source=source, where=exc.path or "body", reason=_reason(exc)), file=sys.stderr)
    return 2


def _scores(args: argparse.Namespace) -> int:
    from typing import get_type_hints

    from pydantic import ValidationError

    from app.api.scores import ROUTES

    func, _ = ROUTES[args.kind]
    model = get_type_hints(func)["body"]
    try:
        text = sys.stdin.read() if args.body == "-" else Path(args.body).read_text(encoding="utf-8")
        result = func(model.model_validate_json(text))
    except (ValidationError, InvalidBoardError) as exc:
        return _bad_input(args.body, exc)
    except OSError as exc:
        print(_t("os_error", reason=exc), file=sys.stderr)
        return 2
    print(result.model_dump_json(indent=2))
    return 0


def _print(as_json: bool, response: Callable[[], BaseModel], text: Callable[[], str]) -> int:
    """Print a ruling: the API's JSON (``response``) or the text for a TD. Returns 0."""
    print(response().model_dump_json(indent=2) if as_json else text())
    return 0


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    return ["  " + "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
            for line in (headers, *rows)]


def _opt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def render_screening(report: ScreeningReport) -> str:
    """The screening as text: the ruled rows, the flagged rows with their reasons, then the counts.

    Tricks are the declarer's side's (0..13); ``NS`` is the suggested result's Law 77 score,
    North-South's view; ``Result`` is the record's own tag; ``^R`` lists the cards the record marks.
    """
    out: list[str] = []
    ruled, flagged, n = report.ruled_rows, report.flagged_rows, report.counts
    if ruled:
        out.append(_t("screen_ruled", n=len(ruled)))
        out += _table(
            ["file", "board", "room", "line", "contract", "revokes", "table", "adj", "enter", "NS", "law",
             "64C", "claim DD", "Result", "check", "^R"],
            [[r.file, _opt(r.board), _opt(r.room), _opt(r.line), f"{r.contract} {r.declarer}", " | ".join(r.revokes),
              _opt(r.table_tricks), _opt(r.after_adjustment), _opt(r.suggested_result),
              f"{r.score_ns_suggested:+d}" if r.score_ns_suggested is not None else "-", _opt(r.suggested_law),
              _opt(r.law_64c_applies), _opt(r.claim_assumed), _opt(r.recorded_result), _opt(r.result_check),
              " ".join(r.marked_revokes) or "-"] for r in ruled])
        for r in ruled:
            if r.recording_error:
                out.append(_t("screen_other_reading", file=r.file, board=r.board, room=r.room or "?",
                              reading=r.recording_error))
        out.append("")
    if flagged:
        out.append(_t("screen_flagged", n=len(flagged)))
        for r in flagged:
            where = _t("screen_where", board=r.board, room=r.room or "?") if r.board is not None else \
                _t("screen_whole_file")
            out.append(_t("screen_flagged_row", file=r.file, where=where, line=_opt(r.line), reason=r.reason))
        out.append("")
    skipped = ", ".join(f"{reason} {k}" for reason, k in n.skipped)
    out.append(_t("screen_files_unreadable", n=n.files, unreadable=n.unreadable_files) if n.unreadable_files else
               _t("screen_files", n=n.files))
    out.append(_t("screen_games", n=n.games))
    out.append(_t("screen_skipped_why", n=n.skipped_total, why=skipped) if skipped else
               _t("screen_skipped", n=n.skipped_total))
    out.append(_t("screen_with_play", n=n.with_play, clean=n.clean, ruled=n.ruled, flagged=n.flagged))
    if n.recording_errors:
        out.append(_t("screen_recording_errors", n=n.recording_errors))
    checks = Counter(r.result_check for r in ruled if r.result_check)
    if checks:
        out.append(_t("screen_result_checks", adjusted=checks["adjusted"], table=checks["table"],
                      either=checks["either"], neither=checks["neither"]))
    return "\n".join(out)


def _csv_value(value: object) -> object:
    if isinstance(value, tuple):
        return "; ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def write_csv(report: ScreeningReport, out: IO[str]) -> None:
    """The ruled and flagged rows as CSV, one column per :class:`ScreeningRow` field, a header
    first; lists joined with ``"; "``, booleans ``true``/``false``, ``None`` empty."""
    names = list(ROW_FIELDS)
    w = csv.writer(out)
    w.writerow(names)
    for row in report.rows:
        w.writerow([_csv_value(getattr(row, name)) for name in names])


def _progress_bar() -> tuple[Callable[[int, int], None], Callable[[], None]]:
    from tqdm import tqdm

    bar = tqdm(file=sys.stderr, unit="file", desc="screening", dynamic_ncols=True)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return update, bar.close


def _screen(args: argparse.Namespace) -> int:
    if not Path(args.path).exists():
        print(_t("no_such_path", path=args.path), file=sys.stderr)
        return 2

    progress, close = (None, None) if args.no_progress or not sys.stderr.isatty() else _progress_bar()
    try:
        if args.scheduler:
            from app.service.cluster import ClusterUnavailableError, screen_on_cluster

            try:
                report = screen_on_cluster(args.path, args.scheduler, progress=progress)
            except ClusterUnavailableError as exc:
                print(f"advisor: {exc}", file=sys.stderr)
                return 2
        else:  # --workers 1 (or a single file): in this process, no pool
            from engine.screening.pool import screen_paths_parallel

            report = screen_paths_parallel(args.path, workers=args.workers, progress=progress)
    finally:
        if close is not None:
            close()
    to_stdout = args.json == "-"
    print(render_screening(report), file=sys.stderr if to_stdout else sys.stdout)
    try:
        if args.json:
            from app.api.schemas.screening import ScreeningResponse

            doc = ScreeningResponse.from_report(report).model_dump(mode="json")
            if to_stdout:
                json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
                sys.stdout.write("\n")
            else:
                with open(args.json, "w", encoding="utf-8") as f:
                    json.dump(doc, f, indent=2, ensure_ascii=False)
                    f.write("\n")
        if args.csv:
            with open(args.csv, "w", encoding="utf-8", newline="") as f:
                write_csv(report, f)
    except OSError as exc:
        print(_t("cannot_write", reason=exc), file=sys.stderr)
        return 2
    return 0


def _users(args: argparse.Namespace) -> int:
    """``advisor users add|list|revoke``: on the service's database (migrated first)."""
    from app.service.auth import add_user
    from app.storage import open_repository
    from app.storage.cases import DuplicateUserError, SqlUserRepository
    from engine.casefile.cases import Role

    repo = open_repository(args.database)
    try:
        users = SqlUserRepository(repo.engine)
        if args.users_command == "add":
            try:
                user, token = add_user(users, args.name, Role(args.role))
            except (DuplicateUserError, ValueError) as exc:
                print(f"advisor: {exc}", file=sys.stderr)
                return 2
            print(f"Token for {user.name} ({user.role.value}); it is shown once and cannot be recovered:",
                  file=sys.stderr)
            print(token)
            return 0
        if args.users_command == "revoke":
            if not users.deactivate(args.name):
                print(f"advisor: no active user named {args.name!r}", file=sys.stderr)
                return 2
            print(f"Revoked the token of {args.name} (the service stops accepting it within 30 seconds).")
            return 0
        rows = [[u.name, u.role.value, "yes" if u.active else "revoked", u.created.isoformat(timespec="seconds")]
                for u in users.users()]
        print("\n".join(_table(["name", "role", "active", "created"], rows)) if rows else "No users: laptop mode "
              "(open on 127.0.0.1).")
        return 0
    finally:
        repo.close()


def _serve(args: argparse.Namespace) -> int:
    """``advisor serve``: uvicorn on the app factory; any address but loopback requires tokens.

    The host names the service answers to (``ADVISOR_ALLOWED_HOSTS``, see
    :func:`app.service.middleware.allowed_hosts`) get ``--host`` when it is a name or a specific address;
    on a wildcard address (``0.0.0.0``, ``::``) without ``ADVISOR_ALLOWED_HOSTS`` it warns that only
    this machine's names are answered. ``X-Forwarded-For`` / ``X-Forwarded-Proto`` are read only
    from the proxies of ``ADVISOR_TRUSTED_PROXIES`` (addresses or networks, comma-separated; empty,
    the default: from nobody, so the client is the peer that connected)."""
    import ipaddress
    import os

    import uvicorn

    from app.service.middleware import host_pattern

    try:
        address: ipaddress.IPv4Address | ipaddress.IPv6Address | None = ipaddress.ip_address(args.host)
    except ValueError:
        address = None
    local = address.is_loopback if address is not None else args.host == "localhost"
    if not local:
        os.environ["ADVISOR_REQUIRE_TOKENS"] = "1"
    hosts = os.environ.get("ADVISOR_ALLOWED_HOSTS", "").strip()
    if address is not None and address.is_unspecified:
        if not hosts:
            print(_t("serve_no_allowed_hosts", host=args.host), file=sys.stderr)
    elif host_pattern(args.host):
        os.environ["ADVISOR_ALLOWED_HOSTS"] = ",".join(x for x in (hosts, host_pattern(args.host)) if x)
    proxies = os.environ.get("ADVISOR_TRUSTED_PROXIES", "").strip()
    uvicorn.run("app.main:create_app", factory=True, host=args.host, port=args.port, access_log=False,
                log_config=log_config(), proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
    return 0


def log_config() -> dict[str, object]:
    """``advisor serve``'s logging (a ``logging.config.dictConfig`` dict): uvicorn's own, and the
    service's ``advisor`` loggers on stderr as they are, INFO and above: one JSON line per request
    on ``advisor.access`` (uvicorn's access log is off: ``access_log=False``), the unhandled
    exceptions with their traceback on ``advisor.error`` (see :mod:`app.service.middleware`)."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["advisor"] = {"format": "%(message)s"}
    config["handlers"]["advisor"] = {"formatter": "advisor", "class": "logging.StreamHandler",
                                     "stream": "ext://sys.stderr"}
    config["loggers"]["advisor"] = {"handlers": ["advisor"], "level": "INFO", "propagate": False}
    return config


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``advisor`` command. Returns the exit status (0 ok, 2 bad input)."""
    import os

    args = _parser().parse_args(argv)
    try:
        lang = i18n.negotiate(getattr(args, "lang", None) or os.environ.get("ADVISOR_LANG") or None)
    except i18n.UnknownLanguageError as exc:
        print(i18n.gettext(i18n.DEFAULT, "cli.unknown_lang", asked=exc.asked, available=", ".join(exc.available)),
              file=sys.stderr)
        return 2
    with i18n.use(lang):
        return _command(args)


def _command(args: argparse.Namespace) -> int:
    """Run the subcommand ``args`` names (in the language :func:`main` chose)."""
    if args.command == "users":
        return _users(args)
    if args.command == "serve":
        return _serve(args)
    if args.command == "screen":
        return _screen(args)
    if args.command == "incorrect-cards":
        return _incorrect_cards(args)
    if args.command == "scores":
        return _scores(args)
    if args.command == "claim":
        return _claim(args)
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
        facts = RevokeFacts(noticed=Noticed(args.noticed), claim_declarer_tricks=claim,
                            table_result=args.table_result, rest_valued_double_dummy=args.rest_dd,
                            claim_by=Seat(args.claim_by) if args.claim_by else None,
                            claim_contested=args.claim_contested, losses_induced_by_revoke=args.induced)
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


if __name__ == "__main__":
    raise SystemExit(main())
