"""``advisor alternatives FILE --board N --alt 4S:E --alt 3NT:W ...``: the alternatives of an
adjusted score after misinformation or unauthorised information (issue 38), the twin of
``POST /v1/rulings/alternatives`` (:func:`app.api.alternatives.rule_alternatives`).

FILE is the session's results file (USEBIO, PBN with score tables, Bridgemate ``.bws``,
DealMaster ``.dlm``, JFR Pary) or a PBN file of hand records. From a results file the table is
its traveller line (``--table`` or ``--pairs``), the room its other lines (every section), and the
field its section's other North-South scores, matchpointed (78A; the command line does not score
IMP events: use the API on a stored event); from hand records give ``--contract`` and no field
is scored. Prints the text for a TD or, with ``--json``, the API's JSON.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, cast

from app.cli.common import _bad_input, _print, _reason, _t
from engine.errors import AdvisorError, InvalidBoardError
from engine.model.deal import Deal
from engine.model.seats import Seat
from engine.records.results.model import TravellerLine

_ALT = re.compile(r"^\s*([^:@=\s]+)\s*:\s*([NESWnesw])\s*(?:=\s*(\d{1,2}))?\s*(?:@\s*(\S+))?\s*$")


def parse_alt(text: str, path: str) -> dict[str, Any]:
    """``"4S:E"``, ``"3NTX:W=9"`` (the director's own figure: 9 tricks), ``"4H:S@SA"`` (its lead) as
    an alternative of the request.

    Raises:
        InvalidBoardError: ``path``, not of that form (``cli_alternative``).
    """
    m = _ALT.match(text)
    if m is None:
        raise InvalidBoardError(f"not an alternative: {text[:40]!r} (write CONTRACT:DECLARER, e.g. 4S:E, 3NT:W=9, "
                                "4H:S@SA)", path=path, key="cli_alternative", params={"text": text[:40]})
    contract, declarer, tricks, lead = m.groups()
    out: dict[str, Any] = {"contract": contract.upper(), "declarer": declarer.upper()}
    if tricks is not None:
        out["tricks"] = int(tricks)
    if lead is not None:
        out["lead"] = lead.upper()
    return out


def _file(path: str, board: str) -> tuple[dict[str, Any], list[TravellerLine]]:
    """The board's deal, dealer and vulnerability from FILE, and its traveller lines (none for hand records).

    Raises:
        InvalidBoardError: ``board``: FILE has no such board; ``file``: FILE cannot be read.
    """
    from engine.errors import ResultsFileError
    from engine.records.handrecords import board_key, hand_records_from_pbn
    from engine.records.results import read_results

    data = Path(path).read_bytes()
    key = board_key(board)
    try:
        results = read_results(data)
        records, lines = list(results.hand_records), [ln for ln in results.lines if ln.board == key]
    except ResultsFileError:
        records, lines = hand_records_from_pbn(data.decode("utf-8", errors="replace")), []
    found = [r for r in records if r.board == key]
    if not found:
        raise InvalidBoardError(f"board {key} is not in {Path(path).name} (or it has no deal)", path="board",
                                key="cli_alternatives_no_board", params={"board": key, "file": Path(path).name})
    r = found[0]
    return {"deal": r.deal_pbn, "dealer": r.dealer.value, "vulnerable": r.vulnerability.value}, lines


def _line(lines: list[TravellerLine], table: int | None, pairs: str | None) -> TravellerLine | None:
    """The traveller line at ``table`` or between ``pairs`` (``"3:11"``), ``None`` when neither is given.

    Raises:
        InvalidBoardError: ``table``/``pairs``: no line, or several.
    """
    from app.api.travellers import same_pair

    if table is None and pairs is None:
        return None
    ns, _, ew = (pairs or "").partition(":")
    got = [ln for ln in lines if (table is None or ln.table == table)
           and (pairs is None or (same_pair(ns, ln.ns_pair, "NS") and same_pair(ew, ln.ew_pair, "EW")))]
    which = f"table {table}" if table is not None else f"pairs {pairs}"
    if len(got) != 1:
        raise InvalidBoardError(f"the traveller has {len(got)} lines for {which}: give the table or the pairs of one",
                                path="table" if table is not None else "pairs", key="cli_alternatives_line",
                                params={"n": len(got), "which": which})
    return got[0]


def alternatives_request(args: argparse.Namespace) -> tuple[dict[str, Any], list[TravellerLine]]:
    """The body of ``POST /v1/rulings/alternatives`` the options describe, and the room's lines (the
    other tables of the board).

    Raises:
        InvalidBoardError: the field of the options that is wrong (``board``, ``table``, ``pairs``,
            ``alternatives/<i>``, ``table_result/contract``).
        OSError: FILE cannot be read.
    """
    body, lines = _file(args.file, args.board)
    line = _line(lines, args.table, args.pairs)
    table: dict[str, Any] = {}
    if line is not None:
        table = {"contract": line.contract, "declarer": line.declarer.value if line.declarer else None,
                 "tricks": line.tricks, "lead": str(line.lead) if line.lead else None}
    if args.contract:
        given = parse_alt(args.contract, "table_result/contract")
        table |= {"contract": given["contract"], "declarer": given["declarer"]}
    if args.tricks is not None:
        table["tricks"] = args.tricks
    if args.lead:
        table["lead"] = args.lead.upper()
    elif line is not None and line.lead is not None and table.get("contract") and table.get("declarer"):
        leader = Seat(table["declarer"]).lho
        if line.lead not in Deal.from_pbn(body["deal"]).hand(leader):  # the file's slip: as the API, not used
            print(_t("alternatives_lead_not_used", card=str(line.lead), leader=leader.value), file=sys.stderr)
            table["lead"] = None
    body |= {"table_result": {k: v for k, v in table.items() if v is not None}, "law": args.law,
             "alternatives": [parse_alt(a, f"alternatives/{i}") for i, a in enumerate(args.alt)]}
    if args.weights:
        body["weights"] = args.weights
    if args.offending:
        body["offending_side"] = args.offending
    if args.profile:
        body["profile"] = args.profile
    if args.kept_by:
        body["table_result_kept_by"] = args.kept_by
    if args.rounding:
        body["rounding"] = args.rounding
    room = [ln for ln in lines if ln is not line]
    if line is not None:
        field = [ln.ns_score for ln in lines if ln is not line and ln.section == line.section
                 and ln.ns_score is not None]
        if field:
            body["scoring"] = {"field": field[:200], "form": "matchpoints"}
    return body, room


def render_alternatives(out: Any) -> str:
    """The answer as text for a TD, in the language chosen."""
    t = out.table_result
    lines = [_t("alternatives_table", result=t.result or f"{t.contract} {t.declarer}",
                score="-" if t.score_ns is None else f"{t.score_ns:+d}", lead=t.lead or "-", law=out.law)]
    for a in out.alternatives:
        dd = a.double_dummy
        lines.append("")
        lines.append(_t("alternatives_head", contract=a.contract, declarer=a.declarer, weight=a.weight))
        lines.append(_t("alternatives_dd", low=dd.range[0], high=dd.range[1], leader=dd.leader,
                        table="-" if dd.with_table_lead is None else dd.with_table_lead))
        room = ", ".join(f"{k}: {v}" for k, v in a.room.tricks.items()) or "-"
        lines.append(_t("alternatives_room", n=a.room.tables, tricks=room))
        lines.append("  " + a.rule_text)
        for o in a.outcomes:
            lines.append(_t("alternatives_outcome", result=o.result, weight=o.weight, score=f"{o.score_ns:+d}"))
    w = out.weighted
    if w is not None:
        lines.append("")
        if w.split is not None and w.split.table_result_kept_by is not None:
            lines.append(_t("alternatives_kept", side=w.split.table_result_kept_by, ns=f"{w.split.ns:.2f}",
                            ew=f"{w.split.ew:.2f}"))
        elif w.split is not None:
            lines.append(_t("alternatives_split", ns=f"{w.split.ns:g}", ew=f"{w.split.ew:g}"))
        elif w.ns is not None and w.ew is not None:
            lines.append(_t("alternatives_weighted", ns=f"{w.ns:.2f}", ew=f"{w.ew:.2f}",
                            top="-" if w.top is None else w.top))
        lines.extend(w.explanation)
    elif out.sides:
        lines.append("")
        for sd in out.sides:
            parts = ", ".join(f"{o.weight} x {o.result} (NS {o.score_ns:+d})" for o in sd.outcomes)
            lines.append(_t("alternatives_side", side=sd.side, outcomes=parts))
    return "\n".join(lines)


def _alternatives(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from app.api.alternatives import rule_alternatives
    from app.api.schemas.alternatives import AlternativesRequest
    from app.cli.claim import _NoEvents
    from engine.casefile.events import EventRepository
    from engine.dd import default_solver

    try:
        body, room = alternatives_request(args)
        req = AlternativesRequest.model_validate(body)
        out = rule_alternatives(req, cast(EventRepository, _NoEvents()), default_solver(), room=room)
    except (ValidationError, InvalidBoardError) as exc:
        return _bad_input(args.file, exc)
    except (AdvisorError, OSError, ValueError) as exc:
        print(_t("cannot_rule", reason=_reason(exc)), file=sys.stderr)
        return 2
    return _print(args.json, lambda: out, lambda: render_alternatives(out))


def add_parser(command: Any) -> None:
    """The subcommand's arguments (``command(name, help=...)`` makes a subparser that takes ``--lang``)."""
    p = command("alternatives", help="the alternatives of an adjusted score after misinformation or unauthorised "
                "information: double dummy, the room, the weighted score (12C1(c), 12C1(e))")
    p.add_argument("file", help="the session's results file (USEBIO, PBN, .bws, .dlm, JFR) or a PBN of hand records")
    p.add_argument("--board", required=True, help="board number")
    p.add_argument("--table", type=int, help="the table's number on the traveller")
    p.add_argument("--pairs", metavar="NS:EW", help="the table's pair numbers, e.g. 3:11")
    p.add_argument("--contract", metavar="CONTRACT:DECLARER", help="the table's contract, e.g. 5C:W (default: the "
                   "traveller line's)")
    p.add_argument("--tricks", type=int, help="the table's tricks for the declarer's side (default: the line's)")
    p.add_argument("--lead", metavar="CARD", help="the table's opening lead, e.g. H2 (default: the line's)")
    p.add_argument("--alt", action="append", required=True, metavar="CONTRACT:DECLARER[=TRICKS][@LEAD]",
                   help="an alternative (repeat it): 4S:E, 3NTX:W=9 (the director's own figure), 4H:S@SA (its lead)")
    p.add_argument("--weights", nargs="+", metavar="W", help="one weight for each alternative: 70%% 30%%, or 2/3 1/3")
    p.add_argument("--law", required=True, choices=["16B", "21B", "40B", "73C", "75", "other"])
    p.add_argument("--offending", choices=["NS", "EW"], help="the side that offended (needed with --profile acbl)")
    p.add_argument("--profile", choices=["wbf", "ebu", "acbl"], help="the jurisdiction profile (default wbf)")
    p.add_argument("--table-result-kept-by", dest="kept_by", choices=["NS", "EW"],
                   help="a split score (12C1(b)): the side that keeps the table result; the other is weighted")
    p.add_argument("--rounding", choices=["exact", "non_offenders_whole_imp"],
                   help="a weighted IMP score to a whole IMP in favour of the non-offenders (DBf); needs --offending")
    p.add_argument("--json", action="store_true", help="print the API's JSON instead of the text")


__all__ = ["add_parser", "alternatives_request", "parse_alt", "render_alternatives"]
