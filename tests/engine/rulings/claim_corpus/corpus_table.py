"""Print docs/laws.md's table of the claim corpus: every position of ``claim_corpus/*.json``
through ``POST /v1/rulings/claim`` (real DDS, the app in process), one Markdown row each: the source
and its address, the law, the published figure (and the other one where the sources disagree),
double dummy, the advisor's figure, whether they agree (or the doubtful point whose switch gives
the published figure), and why not, from tests/engine/rulings/test_claim_corpus.py's DISAGREE.

Usage, from the repository root: ``.venv/bin/python tests/engine/rulings/claim_corpus/corpus_table.py``.
Figures: the claiming side's tricks among those still to play at the claim.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def row(e: dict[str, Any], out: dict[str, Any], why: str) -> str:
    """One table row for entry ``e`` and the route's answer ``out``."""
    pub = e["published"]["claimer_tricks"]
    alt = (e.get("alternative") or {}).get("claimer_tricks") if e.get("disputed") else None
    figures = {pub} | ({alt} if alt is not None else set())
    aw = out["awarded"]
    rng = out["awarded_range"]
    said = str(aw) if aw is not None else f"{rng['at_least']}-{rng['at_most']}"
    points = [d for d in out["doubtful_points"] if d["if_not_normal"] in figures]
    if aw in figures:
        verdict = "agrees"
    elif points:
        p = points[0]
        verdict = f"switch: {p['category']} at trick {p['trick']} ({p['seat']} {p['card']}) gives {p['if_not_normal']}"
    elif out.get("if_all_not_normal") in figures:
        verdict = f"switch: all {len(out['doubtful_points'])} doubtful points give {out['if_all_not_normal']}"
    else:
        verdict = "no"
    published = f"{pub}" + (f" (or {alt})" if alt is not None else "")
    addr = e["address"].split(" ")[0]
    name = f"[{e['id']}]({addr})" if addr.startswith("http") else f"{e['id']} ({e['address']})"
    return (f"| {name} | {e['law']} | {published} | {out['double_dummy']} | "
            f"{said} | {verdict} | {why} |")


def main() -> None:
    """Print the header and one row per corpus position."""
    sys.path.insert(0, str(HERE.parents[3]))
    os.environ.setdefault("ADVISOR_ALLOWED_HOSTS", "testserver")
    os.environ["ADVISOR_DATA_DIR"] = tempfile.mkdtemp(prefix="claim-corpus-")
    os.environ.pop("ADVISOR_DATABASE_URL", None)
    from fastapi.testclient import TestClient

    from app.main import create_app
    from engine.dd import default_solver
    from tests.engine.rulings.test_claim_corpus import DISAGREE, ENTRIES
    from tests.helpers import claim_ruled

    print("| position (source) | law | published | DD | advisor | agree? | why not |")
    print("|---|---|---|---|---|---|---|")
    with TestClient(create_app(solver=default_solver()), client=("127.0.0.1", 50000),
                    raise_server_exceptions=False) as client:
        for e in ENTRIES:
            r = claim_ruled(client, e["request"] | {"time_limit": 60})
            print(row(e, r.json(), DISAGREE.get(e["id"], "")) if r.status_code == 200 else
                  f"| {e['id']} | | | | error {r.status_code} | | |")


if __name__ == "__main__":
    main()
