"""``advisor scores KIND BODY.json``: weighted, artificial, matchpoint or IMP scores (Laws 12C, 77,
78), as ``POST /v1/scores/KIND`` computes them, printed as the API's JSON.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.cli.common import _bad_input, _t
from engine.errors import InvalidBoardError


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
