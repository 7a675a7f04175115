"""Immutable value types of the bridge domain: cards, seats, deals, contracts, play, positions."""

from engine.model.cards import FULL_DECK, SUIT_ORDER, Card, Rank, Suit
from engine.model.contract import Contract, Doubling, Strain
from engine.model.deal import Deal
from engine.model.play import PlayedCard, PlayRecord, Trick
from engine.model.position import Position
from engine.model.seats import SEATS, Seat, Side, Vulnerability

__all__ = [
    "FULL_DECK", "SEATS", "SUIT_ORDER", "Card", "Contract", "Deal", "Doubling", "PlayRecord",
    "PlayedCard", "Position", "Rank", "Seat", "Side", "Strain", "Suit", "Trick", "Vulnerability",
]
