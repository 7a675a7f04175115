"""Re-run every position of a claim corpus file through ``POST /v1/rulings/claim`` and rewrite its
``engine_now`` (what today's engine answers; information for the lead, never the oracle).

Usage, from the worktree root: ``.venv/bin/python tests/engine/rulings/claim_corpus/refresh_engine_now.py
tests/engine/rulings/claim_corpus/world.json [id ...]`` (ids: only those entries). Real DDS, the
app in process, ``time_limit`` 60 s a ruling; DDS writes dump.txt to the working directory.
Prints one line per entry: the published figure (the claiming side's tricks among those still to
play), double dummy, the engine's award and range, and the doubtful points.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def engine_now(client: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The route's answer to ``request`` in the corpus's ``engine_now`` shape (``status`` on an error);
    a job past the 2 s bound is waited for (:func:`tests.helpers.claim_ruled`)."""
    from tests.helpers import claim_ruled

    r = claim_ruled(client, request | {"time_limit": 60})
    if r.status_code != 200:
        return {"status": r.status_code, "detail": r.text[:400]}
    o = r.json()
    return {"awarded": o["awarded"], "awarded_range": o["awarded_range"], "double_dummy": o["double_dummy"],
            "claim_stands": o["claim_stands"],
            "doubtful_points": [{k: d[k] for k in ("category", "trick", "card", "if_not_normal")}
                                for d in o["doubtful_points"]],
            "worst_line": " ".join(f'{x["seat"]}:{x["card"]}' + ("*" if x["doubtful"] else "")
                                   for x in o["worst_line"]),
            "search_complete": o["search"]["complete"], "ms": o["search"]["ms"]}


def main(argv: list[str]) -> None:
    """Rewrite ``engine_now`` in the corpus file ``argv[0]`` (for the ids ``argv[1:]``, or all)."""
    os.environ.setdefault("ADVISOR_ALLOWED_HOSTS", "testserver")
    os.environ["ADVISOR_DATA_DIR"] = tempfile.mkdtemp(prefix="claim-corpus-")
    os.environ.pop("ADVISOR_DATABASE_URL", None)
    from fastapi.testclient import TestClient

    from app.main import create_app
    from engine.dd import default_solver

    path, only = Path(argv[0]), set(argv[1:])
    entries = json.loads(path.read_text())
    with TestClient(create_app(solver=default_solver()), client=("127.0.0.1", 50000),
                    raise_server_exceptions=False) as client:
        for e in entries:
            if only and e["id"] not in only:
                continue
            e["engine_now"] = now = engine_now(client, e["request"])
            print(e["id"], "published", e["published"]["claimer_tricks"], "dd", now.get("double_dummy"),
                  "engine", now.get("awarded"), now.get("awarded_range"),
                  [(d["category"], d["card"], d["if_not_normal"]) for d in now.get("doubtful_points", [])])
    path.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
