"""Seeded revoke cases for the benchmarks: real boards and generated ones, as API request bodies."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from engine.model import FULL_DECK, SEATS, Card, Deal, Seat, Strain
from engine.model.play import PlayRecord

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "pbn-files"
REAL = [
    ("1997-European_Team_Championship/Sponvo30.pbn", "21", "Closed"),
    ("1998-World_Bridge_Championships/FINAL2.PBN", "4", "Open"),
    ("2000-17th_European_Youth_Team_Championships/A1A10909.PBN", "20", "Closed"),
]


def real_cases() -> list[dict[str, Any]]:
    """The three real revoke boards as ``{"pbn": ..., "board": ..., "room": ...}`` bodies; a record
    that stops early ended in a claim whose figure the file does not give (valued double dummy)."""
    return [{"pbn": (DATA / rel).read_text(encoding="latin-1"), "board": b, "room": r,
             "rest_valued_double_dummy": True} for rel, b, r in REAL]


def generated_cases(n: int, seed: int = 64) -> list[dict[str, Any]]:
    """``n`` random deals with one established revoke each, as request bodies (parts form).

    Play is random and legal except one failure to follow (somewhere in tricks 2-10, by a
    player holding the suit led and another suit); the record then goes on legally and stops
    at a random trick after the revoke's next trick (a claim whose figure is not known:
    ``rest_valued_double_dummy``) or at trick 13.
    """
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        cards = sorted(FULL_DECK)
        rng.shuffle(cards)
        deal = Deal.from_hands({s: frozenset(cards[13 * i: 13 * i + 13]) for i, s in enumerate(SEATS)})
        strain = rng.choice(list(Strain))
        declarer = rng.choice(SEATS)
        revoke_trick = rng.randint(2, 10)
        stop_trick = rng.randint(revoke_trick + 1, 13)
        play = _play(deal, strain, declarer, revoke_trick, stop_trick, rng)
        if play is None:
            continue
        out.append({"deal": deal.to_pbn(), "contract": f"{rng.randint(1, 5)}{strain.value}", "declarer": declarer.value,
                    "vulnerable": rng.choice(["None", "NS", "EW", "All"]), "play": [str(c) for c in play]}
                   | ({"rest_valued_double_dummy": True} if len(play) < 52 else {}))
    return out


def _play(deal: Deal, strain: Strain, declarer: Seat, revoke_trick: int, stop_trick: int,
          rng: random.Random) -> list[Card] | None:
    hands = {s: set(deal.hand(s)) for s in SEATS}
    played: list[Card] = []
    revoked = False
    for _ in range(52):
        rec = PlayRecord.build(deal, strain.trump, declarer.lho, played)
        trick_no = rec.completed_tricks + 1
        if trick_no > stop_trick:
            break
        current = rec.tricks[-1] if rec.tricks and not rec.tricks[-1].is_complete else None
        leader = current.leader if current else (rec.winners[-1] if rec.winners else declarer.lho)
        seat = leader.rotation()[len(current.cards) if current else 0]
        hand = sorted(hands[seat])
        led = current.suit_led if current else None
        follow = [c for c in hand if c.suit == led]
        other = [c for c in hand if c.suit != led]
        if led and follow and other and not revoked and trick_no == revoke_trick:
            card = rng.choice(other)
            revoked = True
        else:
            card = rng.choice(follow or hand)
        hands[seat].discard(card)
        played.append(card)
    return played if revoked else None


def corpus_deals(n: int, root: Path = DATA) -> list[Deal]:
    """The first ``n`` distinct complete deals of the corpus (PBN files under ``root`` in sorted
    order; unreadable files and deals skipped)."""
    from engine.errors import AdvisorError
    from engine.records.pbn import load

    seen: dict[str, Deal] = {}
    for path in sorted(p for p in root.rglob("*") if p.suffix.lower() == ".pbn"):
        try:
            games = load(path)
        except AdvisorError:
            continue
        for game in games:
            text = game.tags.get("Deal", "")
            if text in seen:
                continue
            try:
                deal = Deal.from_pbn(text)
                deal.verify_complete()
            except (AdvisorError, ValueError):
                continue
            seen[text] = deal
            if len(seen) == n:
                return list(seen.values())
    return list(seen.values())


def revoke_games_pbn(n: int, seed: int = 15, root: Path = DATA) -> str:
    """A PBN file of ``n`` games, each a real deal of the corpus (:func:`corpus_deals`) with a
    random contract and a generated play holding one established revoke (as
    :func:`generated_cases`: random legal play, one failure to follow suit in tricks 2-10, the
    record stopping at a random later trick). Every game is ruled by a screening (none is clean),
    and every deal is a fresh solve for DDS."""
    rng = random.Random(seed)
    out: list[str] = []
    deals = corpus_deals(n, root)
    board = 0
    while len(out) < n:
        deal = deals[board % len(deals)]
        board += 1
        strain = rng.choice(list(Strain))
        declarer = rng.choice(SEATS)
        revoke_trick = rng.randint(2, 10)
        play = _play(deal, strain, declarer, revoke_trick, rng.randint(revoke_trick + 1, 13), rng)
        if play is None:
            continue
        out.append(_pbn_game(len(out) + 1, deal, f"{rng.randint(1, 5)}{strain.value}", declarer, play, strain))
    return "\n".join(out)


def _pbn_game(number: int, deal: Deal, contract: str, declarer: Seat, play: list[Card], strain: Strain) -> str:
    """One game as PBN: tags, then the ``[Play]`` section (a row per trick, one column per seat from
    the opening leader, ``-`` for a card not played), ``*`` when the record stops early."""
    leader = declarer.lho
    columns = leader.rotation()
    rows = []
    record = PlayRecord.build(deal, strain.trump, leader, play)
    for trick in record.tricks:
        by_seat = {pc.seat: pc.card for pc in trick.cards}
        rows.append(" ".join(str(by_seat[s]) if s in by_seat else "-" for s in columns))
    tags = [("Event", "Revoke load"), ("Board", str(number)), ("Dealer", "N"), ("Vulnerable", "None"),
            ("Deal", deal.to_pbn()), ("Declarer", declarer.value), ("Contract", contract), ("Room", "Open")]
    lines = [f'[{k} "{v}"]' for k, v in tags] + [f'[Play "{leader.value}"]', *rows]
    if len(play) < 52:
        lines.append("*")
    return "\n".join(lines) + "\n"
