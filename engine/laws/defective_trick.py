"""Law 67 (2017): a defective trick, read from a play record given trick by trick.

A trick to which a player contributed no card (three cards) or two cards (five cards) is
defective. Once both sides have played to the next trick, Law 67B rectifies it:

* 67B1, the offender failed to play to the trick (he has a card too many): he places a card
  among his played cards (of the suit led if he has one; it does not affect who won the
  trick) and is deemed to have revoked on the defective trick: one trick is transferred in
  accordance with Law 64A2.
* 67B2, the offender played more than one card to it (he has a card too few): the extra card
  is restored to his hand, the one faced in playing to the trick stays (if the director
  cannot tell which was faced, the highest-ranking card he could legally have played), the
  ownership of the trick does not change, and the restored card is deemed to have belonged
  to his hand continuously: failure to have played it to a later trick may be a revoke.

When a hand is found deficient and its missing card is found among the played cards, Law
14B1 sends the director here. :func:`read_tricks` tells the two kinds apart from the record
(which trick holds five cards, which player played one card too few); nothing here calls the
solver. docs/laws.md section 2 (Law 67), section 3 (14B1); docs/rulings.md R23.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import InvalidBoardError
from engine.laws.steps import Step
from engine.model.cards import Card, Suit
from engine.model.seats import Seat


class DefectKind(StrEnum):
    """How a trick is defective (Law 67)."""

    FAILED_TO_PLAY = "failed_to_play"
    """The offender contributed no card to the trick (67B1: deemed revoke)."""
    PLAYED_TOO_MANY = "played_too_many"
    """The offender contributed two or more cards (67B2: the extra card is restored to his hand)."""


@dataclass(frozen=True, slots=True)
class DefectiveTrick:
    """One defective trick found in the play record.

    Attributes:
        trick: the trick, 1..13.
        offender: the player who contributed too few or too many cards.
        kind: which (67B1 or 67B2).
        left: 67B2: the offender's card that stays among the played cards (the one faced).
        restored: 67B2: the card(s) restored to the offender's hand.
        faced_known: 67B2: the card faced is known (the card found among the played cards was
            hidden behind it, or the director named it); ``False``: the highest-ranking card he
            could legally have played stays (67B2's rule when the director cannot tell).
    """

    trick: int
    offender: Seat
    kind: DefectKind
    left: Card | None = None
    restored: tuple[Card, ...] = ()
    faced_known: bool = True

    def step(self) -> Step:
        """The Law 67B step for the director, in English with its message key."""
        who, k = self.offender.value, self.trick
        if self.kind is DefectKind.FAILED_TO_PLAY:
            return Step("67B1", f"{who} did not play a card to trick {k}: he places a card among his played cards "
                        "(one of the suit led if he has one); it does not change who won the trick. He is deemed to "
                        f"have revoked on trick {k}: one trick is transferred in accordance with 64A2 if his side "
                        "won that trick or a later one.", "cc.67B1_trick", {"seat": who, "trick": k})
        restored = ", ".join(str(c) for c in self.restored)
        how = ("the card faced" if self.faced_known else
               "the director cannot tell which was faced: assumed to be the highest-ranking card he could legally have "
               "played; the card faced (faced_card) replaces it")
        return Step("67B2", f"{who} played {len(self.restored) + 1} cards to trick {k}: {self.left} stays among the "
                    f"played cards ({how}); {restored} is restored to his hand and deemed to have belonged to it "
                    f"continuously. Ownership of trick {k} does not change. Failure to have played it to a later "
                    "trick may be a revoke: the revoke laws are applied to the play with the card in his hand.",
                    "cc.67B2" if self.faced_known else "cc.67B2_highest",
                    {"seat": who, "trick": k, "left": str(self.left), "restored": restored})


@dataclass(frozen=True, slots=True)
class TricksRead:
    """A play record given trick by trick, read: who played each card, who won each trick.

    Attributes:
        players: one tuple of seats per trick, matching its cards.
        winners: the winner of each completed trick (a 67B1 trick counts as completed with its
            three cards; a 67B2 trick is won as with the card that stays).
        defects: the defective tricks, in order.
        corrected_play: the play as it stands after Law 67B2 (each restored card taken out of
            its trick and played where its holder ran short, at the last trick), in play order,
            four cards a trick; ``None`` when a trick failed to receive a card (67B1), which no
            regular record can show.
        shortfall: the last trick lacked the 67B2 offender's card (he had run out); the restored
            card completes it in ``corrected_play``.
        short_at_end: Law 14B: the deficient hand that had nothing for trick 13 (its trick of
            three cards is not a defective trick of Law 67), else ``None``.
    """

    players: tuple[tuple[Seat, ...], ...]
    winners: tuple[Seat, ...]
    defects: tuple[DefectiveTrick, ...]
    corrected_play: tuple[Card, ...] | None
    shortfall: bool = False
    short_at_end: Seat | None = None

    @property
    def flat_players(self) -> tuple[Seat, ...]:
        """Who played each card of the record, in play order."""
        return tuple(s for t in self.players for s in t)


def _winner(cards: Sequence[Card], seats: Sequence[Seat], trump: Suit | None) -> Seat:
    """Law 44: the highest trump, else the highest card of the suit led."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c.suit == b.suit and c.rank > b.rank) or (c.suit == trump and b.suit != trump):
            best = i
    return seats[best]


def _assign(cards: Sequence[Card], options: list[tuple[Seat, ...]],
            holder: Callable[[Card], Seat | None]) -> tuple[Seat, ...] | None:
    """The seat assignment among ``options`` that every card's holder agrees with (``None`` if
    none or more than one does)."""
    fits = [o for o in options if all(holder(c) in (s, None) for c, s in zip(cards, o, strict=True))]
    return fits[0] if len(fits) == 1 else None


def read_tricks(tricks: Sequence[Sequence[Card]], holder: Callable[[Card], Seat | None], opening_leader: Seat,
                trump: Suit | None, *, hidden: frozenset[Card] = frozenset(), faced: Card | None = None,
                deficient: frozenset[Seat] = frozenset()) -> TricksRead:
    """Read a play record given trick by trick (Law 44 rotation, the winner leading next) and
    find its defective tricks (Law 67).

    A trick of four cards is played in rotation from its leader. A trick of five cards holds two
    consecutive cards of one player (67B2); a trick of three cards, before the last, lacks one
    player's card (67B1). The last trick may be unfinished (play stopped), or lack the card of a
    67B2 offender who ran out. Who played which card of a defective trick is told by who held
    it (``holder``).

    Args:
        tricks: the cards of each trick in the order played, trick 1 first.
        holder: the seat whose hand held a card (as found, or the hand record's owner of a
            missing card), ``None`` when it cannot be told.
        opening_leader: declarer's left-hand opponent.
        trump: the trump suit, ``None`` in no trump.
        hidden: cards found among the played cards (the missing cards of Law 14B1): of the two
            cards a 67B2 offender played, such a card was the hidden one and is restored.
        faced: the card the director established was faced in a 67B2 trick, if he could tell.
        deficient: hands found with fewer than 13 cards whose missing card was not played (Law
            14B): a last trick (trick 13) of three cards may lack such a hand's card (it had
            nothing for it); ``short_at_end`` then names it.

    Returns:
        The :class:`TricksRead`.

    Raises:
        InvalidBoardError: path ``play/<t>`` (0-based trick): a trick of fewer than three or more
            than five cards, or one whose cards cannot be given to the players (no player's two
            cards stand together, or the holders contradict the rotation).
    """
    leader = opening_leader
    players: list[tuple[Seat, ...]] = []
    winners: list[Seat] = []
    defects: list[DefectiveTrick] = []
    corrected: list[list[Card]] = []
    too_many: dict[Seat, DefectiveTrick] = {}
    shortfall = False
    short_at_end: Seat | None = None
    last = len(tricks) - 1
    for t, cards in enumerate(tricks):
        k, r, n = t + 1, leader.rotation(), len(cards)
        path = f"play/{t}"
        if not 1 <= n <= 5 or (n < 3 and t != last):
            raise InvalidBoardError(f"trick {k} has {n} card(s): a trick has four (five when a player played two "
                                    "cards, three when one did not play)", path=path, key="trick_size",
                                    params={"trick": k, "n": n})
        if n == 5:
            seats = _assign(cards, [(*r[:p + 1], r[p], *r[p + 1:]) for p in range(4)], holder)
            if seats is None:
                raise InvalidBoardError(f"trick {k} has five cards, but the hands do not show which player's two "
                                        "cards they are: give them in the order played, the two together", path=path,
                                        key="trick_five_unclear", params={"trick": k})
            p = next(i for i in range(4) if seats[i] == seats[i + 1])
            left, extra, known = _left_card(cards[p], cards[p + 1], cards[0].suit if p else None, hidden, faced)
            d = DefectiveTrick(k, seats[p], DefectKind.PLAYED_TOO_MANY, left, (extra,), known)
            defects.append(d)
            too_many[d.offender] = d
            kept = [c for c in cards if c != extra]
            kept_seats = [s for c, s in zip(cards, seats, strict=True) if c != extra]
            players.append(seats)
            corrected.append(kept)
            winners.append(_winner(kept, kept_seats, trump))
        elif n == 3 and t != last:
            seats = _assign(cards, [tuple(s for s in r if s != r[p]) for p in range(1, 4)], holder)
            if seats is None:
                raise InvalidBoardError(f"trick {k} has three cards, but the hands do not show who did not play to "
                                        "it", path=path, key="trick_three_unclear", params={"trick": k})
            offender = next(s for s in r if s not in seats)
            defects.append(DefectiveTrick(k, offender, DefectKind.FAILED_TO_PLAY))
            players.append(seats)
            corrected.append(list(cards))
            winners.append(_winner(cards, seats, trump))
        elif n < 4:  # the last trick: unfinished, or a 67B2 offender had no card left for it
            short = [o for o in too_many if o in r[1:]]
            options = [tuple(s for s in r if s != o)[:n] for o in short] if n == 3 else []
            seats = _assign(cards, options, holder) if options else None
            empty = [o for o in deficient if o in r] if n == 3 and k == 13 and seats is None else []
            alone = _assign(cards, [tuple(s for s in r if s != o) for o in empty], holder) if empty else None
            if alone is not None:  # Law 14B: a deficient hand had nothing for trick 13
                short_at_end = next(s for s in r if s not in alone)
                players.append(alone)
                corrected.append(list(cards))
                winners.append(_winner(cards, alone, trump))
            elif seats is not None:
                offender = next(s for s in r if s not in seats)
                shortfall = True
                full = list(cards)
                full.insert(r.index(offender), too_many[offender].restored[0])
                players.append(seats)
                corrected.append(full)
                winners.append(_winner(full, r, trump))
            else:
                players.append(r[:n])
                corrected.append(list(cards))
        else:
            players.append(r)
            corrected.append(list(cards))
            winners.append(_winner(cards, r, trump))
        if len(winners) == k:
            leader = winners[-1]
    flat = None if any(d.kind is DefectKind.FAILED_TO_PLAY for d in defects) else tuple(
        c for trick in corrected for c in trick)
    return TricksRead(tuple(players), tuple(winners), tuple(defects), flat, shortfall, short_at_end)


def _left_card(first: Card, second: Card, led: Suit | None, hidden: frozenset[Card],
               faced: Card | None) -> tuple[Card, Card, bool]:
    """67B2: ``(left, restored, faced_known)`` of the two cards one player put on a trick."""
    if faced in (first, second):
        return faced, second if faced == first else first, True
    if (first in hidden) != (second in hidden):  # the card found among the played cards was the hidden one
        return (second, first, True) if first in hidden else (first, second, True)
    legal = [c for c in (first, second) if led is None or c.suit == led] or [first, second]
    left = max(legal, key=lambda c: (c.rank, c.suit == led))
    return left, second if left == first else first, False
