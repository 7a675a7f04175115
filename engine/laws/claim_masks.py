"""Card arithmetic on masks for the claim search (Laws 68-71, docs/claims.md 2.2-2.3): the top and
bottom card of a holding, the suit of a card, the winner of a trick (Law 44), whether a suit
runs without blocking.

Cards are indices 0..51 (:attr:`engine.model.cards.Card.index`: spades 0-12 ... clubs 39-51,
two first) and hands 52-bit masks, as :class:`engine.model.position.Position` keeps them; seats
0..3 in N, E, S, W order; suits 0..3 in S, H, D, C order. Pure, no solver.
"""

from __future__ import annotations

from functools import lru_cache

SUIT_MASK: tuple[int, int, int, int] = tuple(0x1FFF << (13 * i) for i in range(4))  # type: ignore[assignment]
"""The 13 bits of each suit (S, H, D, C) in a 52-bit hand mask."""



def top(mask: int) -> int:
    """The index of the highest card of a non-empty mask (within one suit: the highest rank)."""
    return mask.bit_length() - 1



def bottom(mask: int) -> int:
    """The index of the lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1



def suit_of(card: int) -> int:
    """The suit 0..3 (S, H, D, C) of a card index."""
    return card // 13



def trick_winner(cards: tuple[int, ...], leader: int, trump: int) -> int:
    """The seat 0..3 winning (or winning so far) a trick of 1-4 card indices led by ``leader``
    (Law 44: the highest trump, else the highest card of the suit led)."""
    best, bi = cards[0], 0
    bs = best // 13
    for i in range(1, len(cards)):
        c = cards[i]
        cs = c // 13
        if cs == bs:
            if c > best:
                best, bi = c, i
        elif cs == trump:
            best, bi, bs = c, i, cs
    return (leader + bi) % 4



@lru_cache(maxsize=65536)
def runnable(lead: int, other: int) -> bool:
    """Can a side cash every card of one suit, ``lead`` (a mask) on lead and partner holding
    ``other``, all its cards being winners? False when the suit is blocked: one hand wins the
    last round the other can follow to and the other hand's cards are stranded."""
    if not lead:
        return not other
    if not other:
        return True
    m = lead
    while m:
        a = m & -m
        m ^= a
        n = other
        while n:
            b = n & -n
            n ^= b
            if a > b:
                if runnable(lead ^ a, other ^ b):
                    return True
            elif runnable(other ^ b, lead ^ a):
                return True
    return False
