"""The Law 13/14 form started from the event's hand record: instead of four hands typed anew, the
director says which cards were not where the hand record puts them ("this card was in that
hand", or "missing": not at the table). The hands as found are built from the hand record and
those moves, as the four PBN hands ``POST /v1/rulings/incorrect-cards`` takes. Pure: no
solver, no database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.web.views import card_label
from engine.errors import InvalidBoardError
from engine.model.cards import Card
from engine.model.deal import Deal
from engine.model.seats import SEATS, Seat

MISSING = "missing"
"""The "found in" value of a card that was not at the table (Law 14)."""
ROWS = 4
"""How many "this card was in that hand" rows the form offers (a 14/12 board needs one)."""


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card of the hand record in the form's card list: ``code`` as posted (``"HT"``),
    ``symbol`` and ``rank`` as the director reads it (``"♥"``, ``"10"``)."""

    code: str
    symbol: str
    red: bool
    rank: str


def record_cards(hand_record: str) -> list[tuple[str, list[CardOption]]]:
    """The hand record's cards by the seat that holds them (N, E, S, W), each hand spades first,
    high to low; empty when ``hand_record`` is not a complete deal (the form then offers only
    the four hands to type)."""
    try:
        deal = Deal.from_pbn(hand_record)
        deal.verify_complete()
    except InvalidBoardError:
        return []
    out: list[tuple[str, list[CardOption]]] = []
    for seat in SEATS:
        high_first = sorted(deal.hand(seat), key=lambda c: c.rank, reverse=True)
        cards = sorted(high_first, key=lambda c: "SHDC".index(c.suit.value))  # stable: spades first, high to low
        out.append((seat.value, [CardOption(str(c), *card_label(c)) for c in cards]))
    return out


def hands_from_moves(hand_record: str, cards: Sequence[str], found_in: Sequence[str]) -> dict[str, str]:
    """The four hands as found, as PBN hands (``"AKQ2.J.T98.76543"``, ``"-"`` for an empty one):
    the hand record's hands with each named card taken from the hand that should hold it and put
    in the hand it was found in, or left out when it was missing (Law 14). Rows with neither a
    card nor a hand are blank and skipped.

    Args:
        hand_record: the event's hand record (PBN deal, 52 distinct cards).
        cards: each row's card (``"C3"``), as posted.
        found_in: each row's hand (``"N"``, ``"E"``, ``"S"``, ``"W"``) or ``"missing"``.

    Raises:
        InvalidBoardError: path ``move_card/<i>`` or ``move_to/<i>`` (0-based row): a card that
            is not a card, a card named twice, a card without a hand or a hand without a card,
            or a card "found" in the hand that holds it anyway; path ``hand_record`` when the
            hand record is not a complete deal.
    """
    deal = Deal.from_pbn(hand_record)
    deal.verify_complete()
    hands: dict[Seat, list[Card]] = {s: list(deal.hand(s)) for s in SEATS}
    seen: set[Card] = set()
    for i, (raw, where) in enumerate(zip(cards, found_in, strict=False)):
        raw, where = raw.strip(), where.strip()
        if not raw and not where:
            continue
        if not raw:
            raise InvalidBoardError("pick the card found in that hand", path=f"move_card/{i}",
                                    key="move_card_missing", params={"row": i + 1})
        if not where:
            raise InvalidBoardError(f"say where {raw} was found (a hand, or missing)", path=f"move_to/{i}",
                                    key="move_to_missing", params={"row": i + 1, "card": raw})
        try:
            card = Card.from_str(raw)
        except InvalidBoardError as exc:
            raise InvalidBoardError(str(exc), path=f"move_card/{i}", key=exc.key, params=exc.params) from None
        if card in seen:
            raise InvalidBoardError(f"{card} is named twice", path=f"move_card/{i}", key="move_card_twice",
                                    params={"card": str(card)})
        seen.add(card)
        owner = deal.holder(card)
        assert owner is not None  # a complete deal holds every card
        if where == owner.value:
            raise InvalidBoardError(f"{card} is {owner.value}'s card in the hand record: found there, it did not "
                                    "move", path=f"move_to/{i}", key="move_to_owner",
                                    params={"card": str(card), "seat": owner.value})
        if where != MISSING and where not in "NESW":
            raise InvalidBoardError(f"{where!r} is not a hand", path=f"move_to/{i}", key="move_to_bad",
                                    params={"row": i + 1})
        hands[owner].remove(card)
        if where != MISSING:
            hands[Seat(where)].append(card)
    return {s.value: _pbn_hand(hands[s]) for s in SEATS}


def _pbn_hand(cards: Sequence[Card]) -> str:
    """A hand as PBN writes it, spades first, high to low; ``"-"`` when empty."""
    if not cards:
        return "-"
    suits = []
    for suit in "SHDC":
        ranks = sorted((c.rank for c in cards if c.suit.value == suit), reverse=True)
        suits.append("".join(r.letter for r in ranks))
    return ".".join(suits)


def built_text(lang: str, moves: Sequence[tuple[str, str]]) -> str:
    """The ruling page's sentence on hands built from the hand record, in ``lang`` with the
    plural form its count takes: each card where it was found (``"♣3 in N's hand"``) or missing."""
    from app.i18n import gettext
    from app.i18n.seats import card_symbols, seat_params

    if not moves:
        return gettext(lang, "cards_built_none")
    parts = [gettext(lang, "cards_moved_missing", card=card_symbols(c)) if w == MISSING else
             gettext(lang, "cards_moved_to", **seat_params(lang, {"seat": w}), card=card_symbols(c))
             for c, w in moves]
    return gettext(lang, "cards_built_from_record", n=len(moves), moves="; ".join(parts))
