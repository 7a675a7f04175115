"""Random claim positions for the checks of the compiled claim search against the Python one
(tests/engine/rulings/test_claim_core.py, benchmarks/check_claim_core.py).

Each position is a random deal of ``n`` cards a hand with what the model reads drawn at random: the
trump (or none), the leader, 0-3 cards of the current trick, voids shown, the claimer (either side;
a defender's claim under a contract, 70D2), the claim's kind (70, 69B, 71) and tricks, a statement of
0-3 steps of every kind (:class:`engine.laws.claims.Do`, with the fields each kind uses), the
findings (70C awareness, class of player, the 70E2 rule, cards played after the claim, the
director's switches of any category, ``any_*`` included), a major penalty card (50D1). The checks
compare the two implementations with each other, never with figures of their own.
"""

from __future__ import annotations

import random

from engine.laws.claims import (
    Category,
    Claim,
    ClaimKind,
    Do,
    Findings,
    PlayerClass,
    Stated,
    Statement,
    SuitOrder,
    TrumpsStated,
    Unaware,
)
from engine.model.cards import FULL_DECK, Card, Suit
from engine.model.contract import Contract, Doubling, Strain
from engine.model.position import Position
from engine.model.seats import SEATS
from engine.rulings.claim_ruling import ClaimSetting

CARD: list[Card] = sorted(FULL_DECK, key=lambda c: c.index)
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
STRAINS = {None: Strain.NOTRUMP, Suit.SPADES: Strain.SPADES, Suit.HEARTS: Strain.HEARTS,
           Suit.DIAMONDS: Strain.DIAMONDS, Suit.CLUBS: Strain.CLUBS}


def _step(rnd: random.Random, kind: Do, side: list[int], opp: list[int], mine: list[int],
          all_cards: list[int]) -> Stated | None:
    """One random step of ``kind`` (None when the side has no card for it)."""
    suit = rnd.choice(SUITS)
    card = CARD[rnd.choice(mine)] if mine else None
    if kind is Do.DRAW_TRUMPS:
        return Stated(kind)
    if kind is Do.CASH:
        return Stated(kind, suit=suit)
    if kind in (Do.LEAD, Do.UNBLOCK):
        return Stated(kind, card=card) if card else None
    if kind is Do.FINESSE:
        return Stated(kind, card=card, seat=SEATS[rnd.choice(opp)] if rnd.random() < 0.5 else None) if card else None
    if kind is Do.RUFF:
        return Stated(kind, suit=suit, seat=SEATS[rnd.choice(side)], count=rnd.choice([1, 1, 2]))
    if kind is Do.CROSS_RUFF:
        return Stated(kind, suit=suit, seat=SEATS[rnd.choice(side)], other_suit=rnd.choice(SUITS))
    if kind is Do.CONCEDE:
        return Stated(kind, suit=suit, count=rnd.choice([1, 1, 2]), card=card if rnd.random() < 0.3 else None)
    if kind is Do.DISCARD:
        if not card:
            return None
        if rnd.random() < 0.5:
            return Stated(kind, card=card, on=CARD[rnd.choice(all_cards)])
        return Stated(kind, card=card, suit=suit)
    if kind is Do.RUFFING_FINESSE:
        if not card:
            return None
        disc = CARD[rnd.choice(mine)] if rnd.random() < 0.6 else None
        return Stated(kind, card=card, seat=SEATS[rnd.choice(opp)], discard=disc)
    if kind is Do.SQUEEZE:
        keep = frozenset(CARD[c] for c in mine if rnd.random() < 0.3) if rnd.random() < 0.7 else frozenset()
        return Stated(kind, keep=keep)
    raise AssertionError(kind)


def random_case(rnd: random.Random, n: int) -> tuple[ClaimSetting, Claim]:
    """A random claim position with ``n`` cards a hand at the start of the current trick."""
    deck = list(range(52))
    rnd.shuffle(deck)
    hands = [set(deck[i * n:(i + 1) * n]) for i in range(4)]
    trump = rnd.choice([None, *SUITS])
    leader = rnd.randrange(4)
    trick: list[int] = []
    for k in range(rnd.choice([0, 0, 0, 1, 2, 3])):
        seat = (leader + k) % 4
        h = hands[seat]
        follow = [c for c in h if trick and c // 13 == trick[0] // 13]
        c = rnd.choice(sorted(follow or h))
        h.discard(c)
        trick.append(c)
    pos = Position.from_cards({SEATS[s]: frozenset(CARD[c] for c in hands[s]) for s in range(4)}, trump,
                              SEATS[leader], tuple(CARD[c] for c in trick))
    to_play = (leader + len(trick)) % 4
    claimer = SEATS[to_play] if rnd.random() < 0.7 else SEATS[(to_play + 1) % 4]
    side = [s for s in range(4) if SEATS[s].side is claimer.side]
    opp = [s for s in range(4) if s not in side]
    mine = sorted(set().union(*(hands[s] for s in side)))
    left = pos.tricks_left
    tricks = left if rnd.random() < 0.5 else rnd.randrange(0, left + 1)
    kind = rnd.choice([ClaimKind.CONTESTED] * 6 + [ClaimKind.AGREED_THEN_DISPUTED, ClaimKind.CONCESSION])
    steps: list[Stated] = []
    for _ in range(rnd.choice([0, 0, 1, 1, 2, 3])):
        got = _step(rnd, rnd.choice(list(Do)), side, opp, mine, sorted(set().union(*hands)))
        if got is not None:
            steps.append(got)
    statement = Statement(steps=tuple(steps), trumps=rnd.choice([TrumpsStated.NOT_MENTIONED] * 3 +
                                                                  [TrumpsStated.MENTIONED, TrumpsStated.DRAWS_FIRST]))
    after: list[int] = []  # cards played after the claim (70D3), legal ones
    if rnd.random() < 0.15:
        hs = [set(h) for h in hands]
        tr = list(trick)
        for _ in range(rnd.choice([1, 2])):
            seat = (leader + len(tr)) % 4
            follow = [c for c in hs[seat] if tr and c // 13 == tr[0] // 13]
            c = rnd.choice(sorted(follow or hs[seat]))
            hs[seat].discard(c)
            tr.append(c)
            after.append(c)
            if len(tr) == 4:
                break
    switches = tuple((c, rnd.random() < 0.5) for c in Category if rnd.random() < 0.12)
    findings = Findings(unaware_of_trump=rnd.choice(list(Unaware)), class_of_player=rnd.choice(list(PlayerClass)),
                        suit_order_regulation=rnd.choice([SuitOrder.NONE, SuitOrder.NONE, SuitOrder.TOP_DOWN]),
                        played_after_claim=tuple(CARD[c] for c in after), switches=switches)
    shown = frozenset((SEATS[s], su) for s in range(4) for i, su in enumerate(SUITS)  # some voids shown
                      if not any(c // 13 == i for c in hands[s] | set(trick)) and rnd.random() < 0.4)
    penalty: frozenset[Card] = frozenset()
    if rnd.random() < 0.1:
        s = rnd.choice(opp)
        penalty = frozenset({CARD[rnd.choice(sorted(hands[s]))]})
    contract = None
    if rnd.random() < 0.7:  # a contract: the claimer declarer's side or a defender (70D2)
        decl = rnd.choice(side) if rnd.random() < 0.7 else rnd.choice(opp)
        contract = Contract(rnd.randint(1, 7), STRAINS[trump], Doubling.UNDOUBLED, SEATS[decl])
    setting = ClaimSetting(pos, shown_out=shown, penalty_cards=penalty, contract=contract)
    claim = Claim(claimer, tricks, kind=kind, statement=statement, findings=findings)
    return setting, claim
