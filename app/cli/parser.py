"""The ``advisor`` command's arguments: one subcommand a ruling or task (``revoke``, ``claim``,
``incorrect-cards``, ``alternatives``, ``scores``, ``screen``, ``users``, ``serve``), each taking ``--lang``.
"""

from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn

from app import i18n
from app.cli.alternatives import add_parser as alternatives_parser
from engine.laws.claims import CARELESS
from engine.laws.facts import Noticed

_URL_PASSWORD = re.compile(r"(\b[A-Za-z][A-Za-z0-9+.-]*://[^:/@\s]*:)[^@\s]*@")


def redact(text: str) -> str:
    """``text`` with the password of every URL in it written ``***``
    (``postgresql://advisor:s3cret@db/x`` -> ``postgresql://advisor:***@db/x``): an argument error
    quotes the command line, and a database URL may hold a password (issue 35)."""
    return _URL_PASSWORD.sub(r"\1***@", text)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose error messages never show a URL's password (:func:`redact`)."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` without any password, and exit with status 2."""
        super().error(redact(message))


def _lang_option() -> _Parser:
    """``--lang``, accepted before or after the subcommand."""
    common = _Parser(add_help=False)
    common.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS,
                        help="the language of the ruling and the messages: " + ", ".join(sorted(i18n.languages()))
                        + " (default: ADVISOR_LANG, else en)")
    return common


def _parser() -> argparse.ArgumentParser:
    common = _lang_option()
    p = _Parser(prog="advisor", description="Adjusted-score advisor for tournament directors.",
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
    r.add_argument("--likely", type=int, metavar="TRICKS", help="the director's own likely result without the "
                   "revoke(s): the declarer's side's tricks over the whole hand, 0..13 (Law 64C is then decided with "
                   "it, not with the double-dummy measures, which are still shown)")
    r.add_argument("--likely-reason", metavar="TEXT", default="", help="why the director judges that figure "
                   "(with --likely; shown as given)")
    r.add_argument("--offender-card", metavar="CARD", help="the card the director judges the (first) offender would "
                   "have played instead of the revoke card, e.g. H9 (one of his legal cards; default: the one best "
                   "for the offending side); every 64C measure uses it")
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
    cl.add_argument("--step", action="append", metavar="STEP",
                    help="a step of the statement, in the order said (repeat it): draw_trumps, cash:C, lead:SA, "
                         "finesse:SQ:W, ruff:C:N:2, cross_ruff:C:N:H, concede:D:1:C2, discard:C2:on:DA or "
                         "discard:C2:D, ruffing_finesse:DQ:E:C2, unblock:CK, squeeze:HA:C2 (or with spaces, as on "
                         "the claim page: 'ruff C N 2')")
    cl.add_argument("--order", metavar="ITEMS", help="older form: stated leads in order, e.g. 'suit:H DA DK'")
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
                    choices=[c.value for c in CARELESS],
                    help="a careless category ruled not normal for this player (a doubtful point switched off)")
    cl.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")

    ic = command("incorrect-cards", help="rule on an incorrect number of cards, a surplus or a missing card "
                        "(Laws 13, 14)", description="Rule on a Law 13 / 14 case. CASE.json is the body of POST "
                        "/v1/rulings/incorrect-cards: the hands as found, the hand record if known, the contract, "
                        "the play so far, when it was discovered and the director's facts.")
    ic.add_argument("case", help="a JSON file ('-' for standard input)")
    ic.add_argument("--json", action="store_true", help="print the API's JSON instead of the text ruling")
    alternatives_parser(command)
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
    at_db = _Parser(add_help=False)  # --database and --lang after the action too: `advisor users list --lang pl`
    at_db.add_argument("--database", metavar="URL", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    ua = usub.add_parser("add", parents=[at_db, common],
                         help="make a token; it is printed once, on its own line, and never stored")
    ua.add_argument("name", help="the holder's name as the case history shows it, e.g. 'Jan Kowalski'")
    ua.add_argument("--role", required=True, choices=["director", "committee", "viewer"])
    usub.add_parser("list", parents=[at_db, common], help="every holder: name, role, active, created")
    ur = usub.add_parser("revoke", parents=[at_db, common], help="revoke a holder's token")
    ur.add_argument("name")
    sv = command("serve", help="run the service (API and page) with uvicorn",
                        description="Run the service. On 127.0.0.1 without tokens it runs open (laptop mode); on any "
                        "other address every request needs a token (advisor users add). It answers only to this "
                        "machine's names, the --host given and ADVISOR_ALLOWED_HOSTS (comma-separated); it reads "
                        "X-Forwarded-For only from the proxies of ADVISOR_TRUSTED_PROXIES (default: none).")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8000)
    return p
