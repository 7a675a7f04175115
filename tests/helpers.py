"""Shared test helpers: real records from ../shared/data, and hand-built boards."""

from __future__ import annotations

from pathlib import Path

from engine.model import Card, Contract, Deal, Seat, Vulnerability
from engine.model.board import BoardRecord

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn-files"
SPONVO30 = DATA / "1997-European_Team_Championship" / "Sponvo30.pbn"
FINAL2 = DATA / "1998-World_Bridge_Championships" / "FINAL2.PBN"
A1A10909 = DATA / "2000-17th_European_Youth_Team_Championships" / "A1A10909.PBN"

# Sponvo30.pbn board 21, closed room, in play order (read from the file's [Play "N"] columns by hand).
SPONVO30_DEAL = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"
SPONVO30_PLAY = ("CJ C3 C2 CK  HA H6 HJ H2  HK S2 D3 D4  HQ D5 D7 H7  HT D6 C4 H8  S4 S5 SQ SK  "
                 "D9 D2 DQ D8  C9 C8 C5 C6  CT CQ CA C7").split()


def board(deal: str, contract: str, declarer: str, play: list[str] | str, vul: str = "None") -> BoardRecord:
    """A board from text: ``play`` is cards in play order (a list or a space-separated string)."""
    cards = play.split() if isinstance(play, str) else play
    return BoardRecord(Deal.from_pbn(deal), Contract.from_str(contract, Seat(declarer)),
                       Vulnerability.from_str(vul), tuple(Card.from_str(c) for c in cards))


def hand_records_only(path: Path = SPONVO30) -> str:
    """A dealing program's hand-record file made from a PBN file of played games: for each board,
    its first game's Board, Dealer, Vulnerable and Deal tags only (no contract, no play)."""
    import re

    out, seen = [], set()
    game: dict[str, str] = {}
    text = path.read_text(encoding="latin-1")
    for line in [*text.splitlines(), ""]:
        m = re.match(r'^\[(\w+) "(.*)"\]\s*$', line)
        if m:
            if m.group(1) in game:  # a tag again: a new game began without an empty line
                game = {}
            game[m.group(1)] = m.group(2)
            if m.group(1) == "Deal" and game.get("Board") and game["Board"] not in seen:
                seen.add(game["Board"])
                out.append("\n".join(f'[{k} "{game.get(k, "")}"]' for k in ("Board", "Dealer", "Vulnerable", "Deal")))
        elif not line.strip():
            game = {}
    return "\n\n".join(out) + "\n"
