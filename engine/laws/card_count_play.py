"""The play made with an incorrect number of cards (Laws 13B, 13C, 14B, 67B1 of 2017): who played
each card and won each trick when the hands were wrong (Law 44 rotation), what the play so far
shows about a moved or surplus card, and the trick transferred for a deemed revoke on a
defective trick (67B1). Pure, no solver; seats and cards as :mod:`engine.model` gives them.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.laws.card_irregularity import CardIrregularity
from engine.model.cards import Card, Suit
from engine.model.play import PlayedCard, Trick
from engine.model.seats import Seat


def players_of(cards: Sequence[Card], opening_leader: Seat, trump: Suit | None
               ) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """Who played each card of a play record made with incorrect hands, and who won each
    completed trick: rotation from the opening leader, the winner of each trick leading the
    next (Law 44). Nothing is checked against the hands (they were wrong).

    Returns:
        ``(players, winners)``: one seat per card; one seat per completed trick.
    """
    players: list[Seat] = []
    winners: list[Seat] = []
    leader = opening_leader
    current: list[PlayedCard] = []
    for card in cards:
        seat = leader.rotation()[len(current)]
        players.append(seat)
        current.append(PlayedCard(seat, card))
        if len(current) == 4:
            leader = Trick(0, leader, tuple(current)).winner(trump)
            winners.append(leader)
            current = []
    return tuple(players), tuple(winners)



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
