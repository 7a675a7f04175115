"""Play records: tricks in play order, trick winners (Law 44), validated against the deal.

A play record may contain revokes (they are facts to rule on), but never a card that the
player did not hold or a card played twice: those make the record impossible and raise
:class:`IllegalPlayError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalPlayError
from engine.model.cards import Card, Suit
from engine.model.deal import Deal
from engine.model.position import Position
from engine.model.seats import SEATS, Seat


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """One card played to a trick: who played it and which card."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.value}:{self.card}"


@dataclass(frozen=True, slots=True)
class Trick:
    """One trick: ``number`` 1..13, its ``leader`` and 1-4 ``cards`` in play order."""

    number: int
    leader: Seat
    cards: tuple[PlayedCard, ...]

    @property
    def is_complete(self) -> bool:
        """True when all four players have played to the trick."""
        return len(self.cards) == 4

    @property
    def suit_led(self) -> Suit:
        """The suit of the card led."""
        return self.cards[0].card.suit

    def winner(self, trump: Suit | None) -> Seat:
        """The seat that won the trick (Law 44D-E): highest trump, else highest of the suit led.

        Raises:
            ValueError: the trick is not complete.
        """
        if not self.is_complete:
            raise ValueError(f"trick {self.number} is not complete")
        best = self.cards[0]
        for pc in self.cards[1:]:
            c, b = pc.card, best.card
            if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
                best = pc
        return best.seat

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` played to this trick, or ``None`` if it has not played."""
        for pc in self.cards:
            if pc.seat == seat:
                return pc.card
        return None


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The play of one board: the deal, the trump suit, and the tricks in order.

    Attributes:
        deal: the hands as dealt (52 distinct cards, 13 each).
        trump: the trump suit, ``None`` in no trump.
        opening_leader: the player on lead at trick 1 (declarer's left-hand opponent).
        tricks: the tricks played, numbered 1..; only the last may be incomplete.
        winners: the winner of each complete trick, same order (Law 44).
    """

    deal: Deal
    trump: Suit | None
    opening_leader: Seat
    tricks: tuple[Trick, ...]
    winners: tuple[Seat, ...]

    @classmethod
    def build(cls, deal: Deal, trump: Suit | None, opening_leader: Seat, cards: Sequence[Card]) -> PlayRecord:
        """Build and validate a play record from cards in play order from the opening lead.

        Who plays each card follows from rotation and the trick winners (Law 44G), so the
        record cannot put a card in the wrong hand without it being noticed.

        Raises:
            InvalidBoardError: the deal is not 52 distinct cards, 13 per hand.
            IllegalPlayError: more than 52 cards; a card played twice; a card that the player
                whose turn it was did not hold (path ``"play/<i>"``, ``i`` 0-based).
        """
        deal.verify_complete()
        if len(cards) > 52:
            raise IllegalPlayError(f"the play record has {len(cards)} cards; a board has 52", path="play",
                                   key="play_over_52", params={"n": len(cards)})
        played: dict[Card, int] = {}
        tricks: list[Trick] = []
        winners: list[Seat] = []
        leader = opening_leader
        current: list[PlayedCard] = []
        for i, card in enumerate(cards):
            seat = leader.rotation()[len(current)]
            trick_no = len(tricks) + 1
            where = f"trick {trick_no}, card {len(current) + 1} ({seat.value} to play)"
            if card in played:
                raise IllegalPlayError(
                    f"{card} is played twice: card {played[card] + 1} and card {i + 1} of the record ({where})",
                    path=f"play/{i}", key="played_twice",
                    params={"card": str(card), "first": played[card] + 1, "second": i + 1, "trick": trick_no,
                            "position": len(current) + 1, "seat": seat.value},
                )
            if card not in deal.hand(seat):
                holder = deal.holder(card)
                raise IllegalPlayError(
                    f"{card} at {where} is not in {seat.value}'s hand; the deal gives it to "
                    f"{holder.value if holder else 'nobody'}. The record is inconsistent with the deal "
                    "(a card in the wrong column, or a mistyped card)",
                    path=f"play/{i}", key="not_held_nobody" if holder is None else "not_held",
                    params={"card": str(card), "trick": trick_no, "position": len(current) + 1, "seat": seat.value,
                            "holder": holder.value if holder else ""},
                )
            played[card] = i
            current.append(PlayedCard(seat, card))
            if len(current) == 4:
                trick = Trick(trick_no, leader, tuple(current))
                tricks.append(trick)
                leader = trick.winner(trump)
                winners.append(leader)
                current = []
        if current:
            tricks.append(Trick(len(tricks) + 1, leader, tuple(current)))
        return cls(deal, trump, opening_leader, tuple(tricks), tuple(winners))

    @property
    def cards(self) -> tuple[PlayedCard, ...]:
        """Every card played, in play order."""
        return tuple(pc for t in self.tricks for pc in t.cards)

    @property
    def completed_tricks(self) -> int:
        """How many tricks were played out to the fourth card."""
        return len(self.winners)

    @property
    def is_complete(self) -> bool:
        """True when all 13 tricks were played (no claim or concession)."""
        return self.completed_tricks == 13

    def holding_before(self, seat: Seat, trick_no: int, position: int) -> frozenset[Card]:
        """The cards ``seat`` still held just before card ``position`` (1-4) of trick ``trick_no``."""
        gone = {
            pc.card
            for t in self.tricks
            for i, pc in enumerate(t.cards, start=1)
            if pc.seat == seat and (t.number < trick_no or (t.number == trick_no and i < position))
        }
        return self.deal.hand(seat) - gone

    def tricks_won_by(self, seats: tuple[Seat, ...], *, after: int = 0, upto: int = 13) -> int:
        """Complete tricks numbered ``after+1 .. upto`` won by any of ``seats``."""
        return sum(1 for n, w in enumerate(self.winners, start=1) if after < n <= upto and w in seats)

    def position_before(self, index: int) -> Position:
        """The position just before the card at ``index`` (0-based, play order) is played.

        ``index`` may equal the number of cards played: the position where the record ends.
        Tricks already completed are not part of the position (see :meth:`tricks_won_by`).
        """
        cards = self.cards
        if not 0 <= index <= len(cards):
            raise IndexError(index)
        gone = {pc.card for pc in cards[:index]}
        trick_no, in_trick = divmod(index, 4)
        if trick_no < len(self.tricks):
            leader = self.tricks[trick_no].leader
        else:  # the record ends at a trick boundary: the last winner leads
            leader = self.winners[-1] if self.winners else self.opening_leader
        current = tuple(pc.card for pc in cards[index - in_trick : index])
        hands = {s: self.deal.hand(s) - gone for s in SEATS}
        return Position.from_cards(hands, self.trump, leader, current)
