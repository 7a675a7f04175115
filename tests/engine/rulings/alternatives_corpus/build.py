"""Write ``rulings.json``: the published rulings of ``entries.py`` with their double-dummy figures.

Run from the work tree root: ``.venv/bin/python -m tests.engine.rulings.alternatives_corpus.build``.
The figures come from endplay's ``solve_board`` called directly (not through the advisor's solver
layer), so they are an independent oracle for the alternatives engine: for every contract the entry
names (the table's and each published outcome's), the tricks declarer takes double dummy after each
card the opening leader (declarer's left-hand opponent) holds, the table's lead where the same player
leads it, and the best and worst over all leads. DDS writes ``dump.txt`` into the working directory on
bad input, so the solves run in a scratch directory.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tests.engine.rulings.alternatives_corpus.entries import ENTRIES

OUT = Path(__file__).parent / "rulings.json"
SEATS = "NESW"
SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def strain_of(contract: str) -> str:
    """``"3NTX"`` -> ``"NT"``, ``"4S"`` -> ``"S"``: the denomination of a contract string."""
    body = contract.rstrip("X")
    return body[1:]


def lead_tricks(deal: str, strain: str, declarer: str) -> dict[str, int]:
    """Declarer's double-dummy tricks after each opening lead, keyed ``"SA"``, ``"H9"``...

    Args:
        deal: PBN deal ``"N:... ... ... ..."``.
        strain: ``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"NT"``.
        declarer: seat letter; the leader is the next seat clockwise.
    """
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    d = Deal(deal)
    d.first = Player.find(SEATS[(SEATS.index(declarer) + 1) % 4])
    d.trump = Denom.find(strain)
    out: dict[str, int] = {}
    for card, defence in solve_board(d):
        text = str(card)
        out[SUIT_LETTER[text[0]] + text[1:]] = 13 - defence
    return out


def dd_for(entry: dict[str, Any]) -> dict[str, Any]:
    """The ``dd`` block of one entry: one item per distinct (strain, declarer) it names."""
    table = entry["table_result"]
    table_leader = SEATS[(SEATS.index(table["declarer"]) + 1) % 4]
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for c in [table, *entry["published"]["outcomes"]]:
        key = (strain_of(c["contract"]), c["declarer"])
        if key in seen:
            continue
        by_lead = lead_tricks(entry["deal"], *key)
        leader = SEATS[(SEATS.index(key[1]) + 1) % 4]
        lead = table["lead"]
        with_table_lead = by_lead.get(lead) if lead and leader == table_leader else None
        seen[key] = {"strain": key[0], "declarer": key[1], "leader": leader,
                     "with_table_lead": with_table_lead, "min": min(by_lead.values()),
                     "max": max(by_lead.values()), "by_lead": by_lead}
    return {"contracts": list(seen.values())}


def main() -> None:
    """Solve every entry and write rulings.json (sorted keys, stable for review)."""
    root = Path.cwd()
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            for e in ENTRIES:
                out.append(e | {"dd": dd_for(e)})
        finally:
            os.chdir(root)
    OUT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
