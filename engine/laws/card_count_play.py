"""The play made with an incorrect number of cards (Laws 13B, 13C, 14B, 67B1 of 2017): who played
each card and won each trick when the hands were wrong (Law 44 rotation), what the play so far
shows about a moved or surplus card, and the trick transferred for a deemed revoke on a
defective trick (67B1). Pure, no solver; seats and cards as :mod:`engine.model` gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.laws.card_irregularity import CardIrregularity
from engine.model.cards import Card, Suit
from engine.model.play import PlayedCard
from engine.model.seats import Seat


def players_of(cards: Sequence[Card], opening_leader: Seat, trump: Suit | None,
               held: Mapping[Seat, int] | None = None) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """Who played each card of a play record made with incorrect hands, and who won each
    completed trick: rotation from the opening leader, the winner of each trick leading the
    next (Law 44). Nothing is checked against the hands (they were wrong).

    Args:
        cards: the cards played, in order from the opening lead.
        opening_leader: declarer's left-hand opponent.
        trump: the trump suit, ``None`` in no trump.
        held: the number of cards each hand held as found (Law 14: a deficient hand runs out
            before trick 13). A hand that has played them all is passed over in the rotation,
            and a trick is complete when every hand with a card left has played to it; without
            ``held`` every trick has four cards.

    Returns:
        ``(players, winners)``: one seat per card; one seat per completed trick.
    """
    players: list[Seat] = []
    winners: list[Seat] = []
    played: dict[Seat, int] = {}
    leader = opening_leader

    def in_trick(lead: Seat) -> tuple[Seat, ...]:
        if held is None:
            return lead.rotation()
        return tuple(s for s in lead.rotation() if played.get(s, 0) < held.get(s, 13))

    order = in_trick(leader)
    current: list[PlayedCard] = []
    for card in cards:
        if not order:  # nobody has a card left (more cards than the hands held: the caller's check says so)
            order = leader.rotation()
        seat = order[len(current)]
        players.append(seat)
        played[seat] = played.get(seat, 0) + 1
        current.append(PlayedCard(seat, card))
        if len(current) == len(order):
            leader = _winner(current, trump)
            winners.append(leader)
            current = []
            order = in_trick(leader)
    return tuple(players), tuple(winners)


def _winner(trick: Sequence[PlayedCard], trump: Suit | None) -> Seat:
    """Law 44: the highest trump, else the highest card of the suit led (a trick of three cards
    when a deficient hand had none left)."""
    best = trick[0]
    for pc in trick[1:]:
        c, b = pc.card, best.card
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = pc
    return best.seat


def short_at_last_trick(players: Sequence[Seat], held: Mapping[Seat, int]) -> tuple[Seat, ...]:
    """Law 14B: the deficient hands (fewer than 13 cards as found) that had played every card they
    held before the last trick of a record that reaches it (trick 13): they had nothing for it."""
    if len(players) < 48:
        return ()
    count = {s: sum(1 for p in players if p is s) for s in held}
    return tuple(s for s, n in held.items() if n < 13 and count[s] == n and s not in players[48:])



def deemed_revoke_transfer(offender: Seat, defective_trick: int, winners: Sequence[Seat],
                           claim_tricks_to_offenders: int = 0) -> int:
    """Law 67B1 (2017): tricks transferred for the deemed revoke on a defective trick.

    The offender is deemed to have revoked on the defective trick, and one trick is
    transferred under 64A2 if his side won that trick or any later one (the card he places
    among his played cards does not change who won the defective trick).

    Args:
        offender: the player who failed to play to the trick (the deficient hand, 14B1).
        defective_trick: the trick number, 1-13.
        winners: the winners of the completed tricks, in order.
        claim_tricks_to_offenders: tricks the offending side got in a claim of the rest.

    Returns:
        1 or 0.
    """
    later = [w for n, w in enumerate(winners, start=1) if n >= defective_trick]
    won = any(w.side is offender.side for w in later) or claim_tricks_to_offenders > 0
    return 1 if won else 0



def play_facts(irr: CardIrregularity, cards: Sequence[Card], players: Sequence[Seat]) -> tuple[bool, bool]:
    """``(moved_card_played, surplus_in_quitted_trick)`` read from the play so far.

    A moved card played by the hand it was found in can no longer be put back (13B1 is then
    out of reach); a surplus copy played by the hand that held it, in a trick that was
    completed, is a surplus card "played to a quitted trick" (13C).
    """
    moved = {(m.card, m.found_in) for m in irr.moved}
    surplus = {(x.card, x.found_in) for x in irr.surplus}
    complete = len(cards) - len(cards) % 4
    moved_played = any((c, s) in moved for c, s in zip(cards, players, strict=True))
    in_quitted = any((c, s) in surplus for c, s in zip(cards[:complete], players[:complete], strict=True))
    return moved_played, in_quitted
