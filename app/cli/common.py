"""The command line's shared pieces: its sentences in the language chosen (``cli.<key>`` of
``app/i18n/<lang>/cli.json``), the choice of a board's game when a file holds it more than once,
the reasons of errors and of bad request files, and the printing of a ruling or a table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from app import i18n
from engine.errors import InvalidBoardError
from engine.records.pbn_game import PbnGame


def _t(key: str, **params: object) -> str:
    """A sentence of the command line in the language chosen (``cli.<key>``)."""
    return i18n.gettext(i18n.current(), f"cli.{key}", **params)


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
