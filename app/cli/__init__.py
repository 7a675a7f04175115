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

One module a subcommand: :mod:`app.cli.revoke`, :mod:`app.cli.claim`, :mod:`app.cli.incorrect_cards`,
:mod:`app.cli.scores`, :mod:`app.cli.screen`, :mod:`app.cli.users`, :mod:`app.cli.serve`; the
arguments are :mod:`app.cli.parser`, the shared pieces :mod:`app.cli.common`. ``python -m app.cli``
runs :func:`main` as ``advisor`` does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app import i18n
from app.cli.alternatives import _alternatives
from app.cli.claim import _claim
from app.cli.incorrect_cards import _incorrect_cards
from app.cli.parser import _parser
from app.cli.revoke import _revoke
from app.cli.scores import _scores
from app.cli.screen import _screen
from app.cli.serve import _serve
from app.cli.users import _users


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
    if args.command == "alternatives":
        return _alternatives(args)
    return _revoke(args)
