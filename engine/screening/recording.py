"""Revoke or recording error? Reading a play record the way a director reads a scorer's sheet.

A play record written by a vugraph operator or a scorer holds mistakes of its own. Before a
screening rules on a revoke it asks whether a simpler mistake in the writing explains the
record as well as the revoke does (issue 17; the cases are those of the championship corpus):

* **the led card mis-recorded**: two or more players fail to follow in one trick, and another
  card the leader still held, of the suit the others did play, makes the whole trick legal
  (1996 Olympiad ROUND01 board 13, open room: South "leads" HJ, West and North both play clubs
  holding hearts, and South leads a club to the next trick). Two players revoking in one trick
  is far rarer than one wrong card in the operator's record: the error reading is the more
  plausible, and no ruling is made on the revoke reading.
* **a card recorded in the wrong trick**: the offender's card and another card of the same
  player in another trick, exchanged, leave no revoke in the record. When that one exchange
  explains two or more revokes, the error reading is the more plausible; for a single revoke
  both readings are kept and the revoke reading is ruled on (a single revoke is common, and an
  exchange of two cards is an operator's error the record cannot prove).
* **two players fail to follow in one trick** and no single card corrects it (a garbled
  record: 2000 ACBL Trials Q1JUNSCH boards 5, 11 and 14, open room): the error reading; the
  record is shown as it is, with no correction.

The ``^R`` marks in PBN records are written by the recording software, not by a director: they
are no evidence either way and are not used here.

Pure: no solver. The corrected record is returned as the cards in play order, as a screening
or a director would replay it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.errors import InvalidBoardError
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import Revoke, RevokeKind, detect_revokes
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.play import PlayRecord
from engine.model.seats import SEATS, Seat
from engine.records.pbn_game import PbnGame, PlaySection


class ErrorKind(StrEnum):
    """The recording errors told from revokes."""

    LED_CARD = "led card mis-recorded"
    WRONG_TRICK = "card recorded in the wrong trick"
    TWO_IN_A_TRICK = "two players fail to follow in one trick"


class Finding(StrEnum):
    """What a screened record with a failure to follow most plausibly is."""

    REVOKE = "revoke"
    RECORDING_ERROR = "probable recording error"


@dataclass(frozen=True, slots=True)
class RecordingError:
    """One reading of the record as a writing mistake.

    Attributes:
        kind: which mistake.
        trick: the trick (1-13) whose record is corrected first.
        seat: the player whose cards are exchanged (the leader, for a mis-recorded lead).
        recorded: the card the record shows there.
        corrected: the card this reading puts there instead (the two are exchanged where the
            corrected card appears later in the same player's column).
        later_trick: the trick where the two cards are exchanged back, ``None`` when the corrected
            card is not in the record (the record stopped before it was played).
        play: the corrected record, the cards in play order from the opening lead.
        revokes_left: failures to follow that remain in the corrected record (0: none).
    """

    kind: ErrorKind
    trick: int
    seat: Seat
    recorded: Card
    corrected: Card
    later_trick: int | None
    play: tuple[Card, ...]
    revokes_left: int

    @property
    def reason_error(self) -> InvalidBoardError:
        """:attr:`reason` as a keyed message (``error.recording_*`` in the catalogues), so that
        a page or an API can say it in another language."""
        params: dict[str, object] = {"trick": self.trick, "seat": self.seat.value, "recorded": str(self.recorded),
                                     "corrected": str(self.corrected), "later": self.later_trick or 0}
        later = self.later_trick is not None
        if self.kind is ErrorKind.LED_CARD:
            key = "recording_led_card_later" if later else "recording_led_card"
        elif self.kind is ErrorKind.WRONG_TRICK:
            key = "recording_wrong_trick_later" if later else "recording_wrong_trick"
        else:
            key = "recording_two_in_a_trick"
        return InvalidBoardError(self.reason, key=key, params=params)

    @property
    def reason(self) -> str:
        """The director's sentence, e.g. ``"trick 1: S's lead is recorded as HJ; C5 (recorded in
        trick 2) makes every card of the trick legal"``."""
        where = f" (recorded in trick {self.later_trick})" if self.later_trick else ""
        if self.kind is ErrorKind.TWO_IN_A_TRICK:
            return (f"trick {self.trick}: two players fail to follow; no single card of the record "
                    f"corrects it, but two revokes in one trick are far less likely than a garbled record")
        if self.kind is ErrorKind.LED_CARD:
            return (f"trick {self.trick}: {self.seat.value}'s lead is recorded as {self.recorded}; "
                    f"{self.corrected}{where} makes every card of the trick legal")
        return (f"trick {self.trick}: {self.seat.value}'s {self.recorded} and {self.corrected}{where} "
                f"exchanged leave no revoke")


@dataclass(frozen=True, slots=True)
class Reading:
    """How a record with failures to follow reads.

    Attributes:
        finding: the more plausible reading (the screening rules only on ``REVOKE``).
        errors: the recording-error readings found, most plausible first (``()``: none).
    """

    finding: Finding
    errors: tuple[RecordingError, ...] = ()


def finding_error(reading: Reading) -> InvalidBoardError:
    """The sentence of a ``RECORDING_ERROR`` reading, keyed for the catalogues: ``"probable
    recording error: <the most plausible error's reason>"``, naming the other cards that correct a
    mis-recorded lead equally well (``"(or DK)"``).

    Raises:
        ValueError: the reading holds no recording error.
    """
    if not reading.errors:
        raise ValueError("the reading holds no recording error")
    error = reading.errors[0]
    others = [e.corrected for e in reading.errors[1:] if e.kind is error.kind and e.trick == error.trick
              and e.revokes_left == error.revokes_left]
    more = f" (or {', '.join(str(c) for c in others)})" if others and error.kind is ErrorKind.LED_CARD else ""
    return InvalidBoardError(f"{Finding.RECORDING_ERROR.value}: {error.reason}{more}",
                             key="recording_error_or" if more else "recording_error",
                             params={"reason": error.reason_error, "others": ", ".join(str(c) for c in others)})


def read_record(game: PbnGame, record: PlayRecord, contract: Contract, revokes: Sequence[Revoke]) -> Reading:
    """Tell a revoke from a recording error in ``game``'s play record (see the module's text).

    Args:
        game: the record; its ``[Play]`` columns (one per seat) are what is corrected.
        record: ``game``'s play record as built (:meth:`engine.model.board.BoardRecord.play_record`);
            contract: the contract (strain and declarer) of ``game``.
        revokes: the record's revokes (:func:`engine.laws.revoke.detect_revokes`), at least one.

    Returns:
        ``RECORDING_ERROR`` when a trick with two or more failures to follow is made legal by
        another card of the leader's, when one exchange of a player's cards between two tricks
        removes two or more revokes, or when two players fail to follow in one trick at all;
        otherwise ``REVOKE``, with any wrong-trick reading that leaves no revoke listed beside it.
    """
    section, deal = game.play_section, record.deal
    failures = [r for r in revokes if r.kind is RevokeKind.FAILURE_TO_FOLLOW and r.card is not None]
    if section is None or not failures:
        return Reading(Finding.REVOKE)
    columns = _columns(section)
    per_trick = Counter(r.trick for r in failures)
    led: list[RecordingError] = []
    for trick, count in sorted(per_trick.items()):
        if count >= 2:
            led += _led_card_readings(game, section, columns, record, contract, trick)
    if led:
        led.sort(key=lambda e: (e.revokes_left, e.later_trick is None, e.later_trick or 0))
        return Reading(Finding.RECORDING_ERROR, tuple(led))
    swaps: list[RecordingError] = []
    for revoke in failures:
        swaps += _wrong_trick_readings(game, section, columns, deal, contract, revoke)
    swaps = [s for s in swaps if s.revokes_left == 0]
    swaps.sort(key=lambda e: abs((e.later_trick or 0) - e.trick))
    if swaps and len(failures) >= 2:  # one exchange explains two or more revokes: the error reading
        return Reading(Finding.RECORDING_ERROR, tuple(swaps))
    doubled = sorted(t for t, count in per_trick.items() if count >= 2)
    if doubled:
        first = next(r for r in failures if r.trick == doubled[0])
        card = first.card
        assert card is not None  # failures to follow carry their card (filtered above)
        garbled = RecordingError(ErrorKind.TWO_IN_A_TRICK, first.trick, first.offender, card, card,
                                 None, game.play_cards(), len(failures))
        return Reading(Finding.RECORDING_ERROR, (garbled,))
    return Reading(Finding.REVOKE, tuple(swaps))


Columns = dict[Seat, list[Card | None]]


def _columns(section: PlaySection) -> Columns:
    """Each seat's cards by trick, from the ``[Play]`` rows (column order from the leader)."""
    first = SEATS.index(section.leader)
    return {seat: [row[(SEATS.index(seat) - first) % 4] for row in section.rows] for seat in SEATS}


def _rows(section: PlaySection, columns: Columns) -> tuple[tuple[Card | None, ...], ...]:
    first = SEATS.index(section.leader)
    order = [SEATS[(first + i) % 4] for i in range(4)]
    return tuple(tuple(columns[seat][t] for seat in order) for t in range(len(section.rows)))


def _replay(game: PbnGame, section: PlaySection, columns: Columns, deal: Deal,
            contract: Contract) -> tuple[tuple[Card, ...], int] | None:
    """The corrected record's cards in play order and how many failures to follow it still
    holds; ``None`` when it cannot be a record (a card not held, three failures in a trick)."""
    fixed = replace(game, play_section=replace(section, rows=_rows(section, columns)))
    try:
        play = fixed.play_cards()
        record = PlayRecord.build(deal, contract.strain.trump, section.leader, play)
        left = detect_revokes(record, contract, RevokeFacts())
    except InvalidBoardError:
        return None
    return play, sum(r.kind is RevokeKind.FAILURE_TO_FOLLOW for r in left)


def _holding(columns: Columns, deal: Deal, seat: Seat, trick: int) -> set[Card]:
    """What ``seat`` still held before trick ``trick`` (1-based) by its column of the record."""
    return set(deal.hand(seat)) - {c for c in columns[seat][:trick - 1] if c is not None}


def _led_card_readings(game: PbnGame, section: PlaySection, columns: Columns, record: PlayRecord, contract: Contract,
                       trick: int) -> list[RecordingError]:
    """Readings where the lead of ``trick`` was another card of the leader's, of a suit that makes
    every other card of the trick legal."""
    deal = record.deal
    played = record.tricks[trick - 1]
    leader, lead = played.cards[0].seat, played.cards[0].card
    found: list[RecordingError] = []
    for candidate in sorted(_holding(columns, deal, leader, trick)):
        if candidate.suit == lead.suit:
            continue
        if not all(pc.card.suit == candidate.suit
                   or not any(c.suit == candidate.suit for c in record.holding_before(pc.seat, trick, pos))
                   for pos, pc in enumerate(played.cards[1:], start=2)):
            continue  # with this suit led, another player would still fail to follow
        fixed = {seat: list(cards) for seat, cards in columns.items()}
        later = next((t for t in range(trick, len(fixed[leader])) if fixed[leader][t] == candidate), None)
        fixed[leader][trick - 1] = candidate
        if later is not None:
            fixed[leader][later] = lead
        replayed = _replay(game, section, fixed, deal, contract)
        if replayed is not None:
            found.append(RecordingError(ErrorKind.LED_CARD, trick, leader, lead, candidate,
                                        None if later is None else later + 1, replayed[0], replayed[1]))
    return found


def _wrong_trick_readings(game: PbnGame, section: PlaySection, columns: Columns, deal: Deal, contract: Contract,
                          revoke: Revoke) -> list[RecordingError]:
    """Readings where the offender's revoke card and another card of the offender's, of the
    suit led, were recorded in each other's trick."""
    seat, trick = revoke.offender, revoke.trick
    card = revoke.card
    assert card is not None
    found: list[RecordingError] = []
    column = columns[seat]
    for other in range(len(column)):
        partner_card = column[other]
        if other == trick - 1 or partner_card is None or partner_card.suit != revoke.suit:
            continue
        fixed = {s: list(cards) for s, cards in columns.items()}
        fixed[seat][trick - 1], fixed[seat][other] = partner_card, card
        replayed = _replay(game, section, fixed, deal, contract)
        if replayed is not None:
            found.append(RecordingError(ErrorKind.WRONG_TRICK, trick, seat, card, partner_card, other + 1,
                                        replayed[0], replayed[1]))
    return found
