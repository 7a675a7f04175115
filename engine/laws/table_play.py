"""Law 64C, the table's own play without the revoke(s) (issue 34; docs/laws.md section 9.4).

The likely result had the revoke(s) not occurred, measured as the table would have played: each
revoke card undone is replaced by a card the offender could legally have played, his later cards
keep their order (the revoke card takes the place of the card he played instead of it later; a
card he never played stays in his hand), and the rest of the table's record is replayed card by
card while

* each card is still in the hand of the player whose turn it is, and follows suit when he can;
* each completed trick is won by the same player as at the table (the same side, and the same
  hand on lead to the next trick: a trick won by the partner means the record can no longer be
  followed).

Where the record can no longer be followed the rest is valued double dummy from the position the
replay reached; where the record ends before trick 13 with the same position as the table's, the
tricks it does not show count as the table counted them (claim, table result). With the record
followed to trick 13 nothing is solved.

Two-phase, like :mod:`engine.laws.equity`: :func:`replay_without_revokes` is a pure replay that
names the position (if any) the double-dummy layer must value; :func:`table_play_tricks` reads the
answer. Nothing here calls the solver. Every count is the declarer's side's tricks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.dd.results import CardScores
from engine.errors import SolverError
from engine.laws.revoke import Revoke, RevokeKind
from engine.model.cards import Card, Suit
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.model.position import Position
from engine.model.seats import SEATS, Seat, Side


@dataclass(frozen=True, slots=True)
class Replay:
    """The table's record replayed without some revokes.

    Attributes:
        followed: how many cards of the record the replay played (0..52); the substitutes for
            the revoke cards count as followed.
        declarer_won: the declarer's side's tricks among the tricks the replay completed.
        stop: the position double dummy values the rest from, or ``None`` when nothing is left
            to solve (the record followed to trick 13, or to its end with the table's position
            there: ``same_end``).
        same_end: the record was followed to its end before trick 13 and the position there is
            the table's: the tricks the record does not show count as the table counted them.
        table_end: the record was followed to its end before trick 13 but the position there is
            not the table's (the offender still holds another card): the table's position at the
            record's end, so that the tricks the record does not show count as the table counted
            them, moved by what the difference changes double dummy (``stop`` against
            ``table_end``); ``None`` otherwise.
        substitutes: ``(play_index, card)`` for each revoke undone: the card played in its place.
    """

    followed: int
    declarer_won: int
    stop: Position | None
    same_end: bool
    substitutes: tuple[tuple[int, Card], ...]
    table_end: Position | None = None

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions double dummy must value for this replay (none, one or two)."""
        return tuple(p for p in (self.stop, self.table_end) if p is not None)


def _legal(card: Card, hand: frozenset[Card], led: Card | None) -> bool:
    """In ``hand``, and of the suit led when the hand holds one (Law 44C)."""
    if card not in hand:
        return False
    return led is None or card.suit is led.suit or not any(c.suit is led.suit for c in hand)


def replay_without_revokes(record: PlayRecord, contract: Contract, undone: Sequence[Revoke],
                           first_card: Card) -> Replay:
    """Replay ``record`` with the revokes ``undone`` (in play order, found in the record) not made.

    Args:
        record: the table's play record.
        contract: the contract (trumps, declaring side).
        undone: the revokes whose cards are replaced; the first is replaced by ``first_card``.
        first_card: the legal card the first offender plays instead of his revoke card (one of
            its ``alternatives``). A later revoke in ``undone`` whose card is no longer a revoke
            in the replay (he no longer holds the suit) is played as at the table; otherwise its
            offender plays the card among its alternatives he still holds that he played first
            later in the record (the lowest he still holds when he played none of them).

    Returns:
        The :class:`Replay`: how far the record could be followed, the declarer's side's tricks
        in the tricks completed, and the position to value double dummy (or ``None``).

    Raises:
        ValueError: ``first_card`` is not one of the first revoke's alternatives, or a revoke
            undone has no place in the record (a reported revoke).
    """
    if not undone:
        raise ValueError("no revoke to undo")
    if first_card not in undone[0].alternatives:
        raise ValueError(f"{first_card} is not a legal card of {undone[0].offender.value} at trick {undone[0].trick}")
    if any(r.play_index < 0 for r in undone):
        raise ValueError("a reported revoke has no place in the play record")
    table = record.cards
    seq = [pc.card for pc in table]
    seats = [pc.seat for pc in table]
    undo = {r.play_index: r for r in undone}
    hands = {s: set(record.deal.hand(s)) for s in SEATS}
    side = contract.declaring_side
    leader = record.opening_leader
    trick: list[tuple[Seat, Card]] = []
    won = 0
    subs: list[tuple[int, Card]] = []
    i = 0

    def stopped(at: int) -> Replay:
        cur = tuple(c for _, c in trick)
        pos = Position.from_cards({s: frozenset(h) for s, h in hands.items()}, record.trump, leader, cur)
        return Replay(at, won, pos, False, tuple(subs))

    while i < len(seq):
        seat = leader.rotation()[len(trick)]
        if seat != seats[i]:
            return stopped(i)
        led = trick[0][1] if trick else None
        card = seq[i]
        hand = frozenset(hands[seat])
        if i in undo:
            r = undo[i]
            first = i == undone[0].play_index
            still = first or r.kind is not RevokeKind.FAILURE_TO_FOLLOW or not _legal(card, hand, led)
            if still:  # replaced: the first by the chosen card, a later one by the card he played next
                if first:
                    sub = first_card
                else:
                    held = [c for c in r.alternatives if c in hand]
                    if not held:
                        return stopped(i)
                    later = [j for j in range(i + 1, len(seq)) if seats[j] == seat and seq[j] in held]
                    sub = seq[later[0]] if later else min(held)
                # the revoke card takes the substitute's place in the offender's later cards
                j = next((j for j in range(i + 1, len(seq)) if seats[j] == seat and seq[j] == sub), None)
                if j is not None:
                    seq[j] = card
                seq[i] = card = sub
                subs.append((i, sub))
            if not _legal(card, hand, led):
                return stopped(i)
        elif card not in hand or (not _legal(card, hand, led) and not _was_revoke(record, i)):
            return stopped(i)  # a revoke of the record not undone stays as played
        hands[seat].discard(card)
        trick.append((seat, card))
        i += 1
        if len(trick) == 4:
            winner = _winner(trick, record.trump)
            if winner.side is side:
                won += 1
            trick = []
            leader = winner
            table_winner = record.winners[(i - 1) // 4]
            if winner != table_winner:
                return stopped(i) if i < 52 else Replay(i, won, None, False, tuple(subs))
    if i == 52:
        return Replay(i, won, None, False, tuple(subs))
    cur = tuple(c for _, c in trick)
    pos = Position.from_cards({s: frozenset(h) for s, h in hands.items()}, record.trump, leader, cur)
    end = record.position_before(len(table))
    if pos == end:
        return Replay(i, won, None, True, tuple(subs))
    return Replay(i, won, pos, False, tuple(subs), end)


def _was_revoke(record: PlayRecord, index: int) -> bool:
    """The record's card at ``index`` failed to follow suit at the table (a revoke not undone)."""
    trick_no, pos = divmod(index, 4)
    t = record.tricks[trick_no]
    if pos == 0:
        return False
    pc = t.cards[pos]
    held = record.holding_before(pc.seat, t.number, pos + 1)
    return pc.card.suit is not t.suit_led and any(c.suit is t.suit_led for c in held)


def _winner(trick: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Law 44D-E: the highest trump, else the highest card of the suit led."""
    best_seat, best = trick[0]
    for seat, c in trick[1:]:
        if (c.suit is best.suit and c.rank > best.rank) or (c.suit is trump and best.suit is not trump):
            best_seat, best = seat, c
    return best_seat


def table_play_tricks(replay: Replay, contract: Contract, answers: Mapping[Position, CardScores],
                      unrecorded_declarer: int) -> int:
    """The declarer's side's tricks over the whole hand by the table's own play without the
    revoke(s): the tricks the replay completed, plus the rest valued double dummy from
    ``replay.stop``; or, when the replay reached the record's end before trick 13, the tricks the
    record does not show as the table counted them (``unrecorded_declarer``: the claim's figure,
    the table result's split, the adjudicated claim), moved by what the replay's position there
    changes double dummy against the table's (``table_end``; nothing when it is the same): the
    claim or the play after the record stays the table's, only the revoke's difference is charged.

    Raises:
        SolverError: ``answers`` has no value for ``replay.stop``.
    """
    if replay.stop is None:
        return replay.declarer_won + (unrecorded_declarer if replay.same_end else 0)
    rest = _declarer_from(answers, replay.stop, contract)
    if replay.table_end is not None:
        left = replay.stop.tricks_left
        moved = unrecorded_declarer + rest - _declarer_from(answers, replay.table_end, contract)
        return replay.declarer_won + max(0, min(left, moved))
    return replay.declarer_won + rest


def _declarer_from(answers: Mapping[Position, CardScores], pos: Position, contract: Contract) -> int:
    try:
        cs = answers[pos]
    except KeyError:
        raise SolverError(f"no double-dummy answer for the position {pos}") from None
    ns = cs.best_ns()
    return ns if contract.declaring_side is Side.NS else cs.tricks_left - ns
