"""The facts a TD gives beside the play record: when the revoke was noticed, the claim or the
table result, penalty cards, lead restrictions, and a revoke reported without the play
(docs/laws.md section 9.1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.laws.claims import Claim
from engine.model.cards import Card, Suit
from engine.model.seats import Seat


class Noticed(StrEnum):
    """When attention was first drawn to the revoke(s).

    ``DURING_PLAY``: during the play; the play record shows the cards played until then.
    ``AFTER_PLAY``: after play ended, before the hands were returned to the board (the default).
    ``AFTER_HANDS_RETURNED``: after the hands were returned to the board (62D1 no longer applies),
    before a non-offender called on the next deal.
    ``AFTER_NEXT_DEAL_CALL``: after a member of the non-offending side made a call on the next
    deal (64B4).
    ``AFTER_ROUND_ENDED``: after the round ended (64B5), within the correction period.
    """

    DURING_PLAY = "during_play"
    AFTER_PLAY = "after_play"
    AFTER_HANDS_RETURNED = "after_hands_returned"
    AFTER_NEXT_DEAL_CALL = "after_next_deal_call"
    AFTER_ROUND_ENDED = "after_round_ended"


@dataclass(frozen=True, slots=True)
class PenaltyCard:
    """A defender's penalty card (Law 50) on the table from trick ``from_trick`` on.

    A major penalty card must be played at the first legal opportunity (50D); a minor one
    (a single card below an honour, exposed inadvertently) forbids playing another card
    below honour rank of its suit first (50C). Failing either is a revoke (61A) that gets
    no automatic trick adjustment (64B3).
    """

    seat: Seat
    card: Card
    from_trick: int = 1
    major: bool = True


@dataclass(frozen=True, slots=True)
class FacedCard:
    """A card of ``seat`` lying face up on the table from trick ``from_trick`` on that is not a
    penalty card: a card of a hand faced on the table (declarer's hand faced with a claim, play
    then continuing), or a card declarer exposed (Law 48A: never a penalty card).

    Failing to play it when it is a legal card the offender was obliged to play (a failure to
    follow suit holding it) is a revoke "made in failing to play any card faced on the table",
    which gets no rectification under the 2007 Law 64B3; the 2017 64B3 names only a penalty card
    or dummy's card, so such a revoke is then subject to 64A.
    """

    seat: Seat
    card: Card
    from_trick: int = 1


@dataclass(frozen=True, slots=True)
class LeadRestriction:
    """A lead required or forbidden by an opponent exercising an option in rectification.

    ``seat`` must lead (``forbidden=False``) or must not lead (``forbidden=True``) ``suit`` to
    trick ``trick``. Failing to comply when able is a revoke (61A second limb), subject to 64A
    (docs/rulings.md R1).
    """

    trick: int
    seat: Seat
    suit: Suit
    forbidden: bool = False


@dataclass(frozen=True, slots=True)
class RevokeReport:
    """A revoke as the director established it at the table, when the play cannot be rebuilt
    up to the revoke trick (the facts Law 64A/64B need, nothing more).

    Attributes:
        trick: the revoke trick, 1..12.
        offender: the player who revoked (dummy's seat for a revoke from dummy, 64B3).
        won_by: the player who won the revoke trick (64A1 when it is the offender).
        offending_side_tricks_after: tricks the offending side won after the revoke trick
            (tricks ``trick + 1 .. 13``), 0..13 - ``trick``.
        card: the revoke card, when the director knows it.
        suit_led: the suit the offender failed to follow, when known.
        likely_without_revoke: the director's own judgement of the result had the revoke not
            occurred, declarer's side's tricks 0..13 (a figure the record cannot give: no
            position to solve); Law 64C1 is then decided with it, and the ruling says the figure
            is the director's, not double dummy. ``None``: 64C is not checked.
        likely_reason: why the director judges that figure (his words, shown as given).
    """

    trick: int
    offender: Seat
    won_by: Seat
    offending_side_tricks_after: int
    card: Card | None = None
    suit_led: Suit | None = None
    likely_without_revoke: int | None = None
    likely_reason: str = ""


@dataclass(frozen=True, slots=True)
class RevokeFacts:
    """What the TD establishes beside the board and its play record.

    Attributes:
        noticed: when attention was first drawn to the revoke (see :class:`Noticed`).
        claim_declarer_tricks: the tricks the declarer's side gets from the claim or
            concession that ended play, counted over the tricks not completed in the record
            (0 .. 13 - completed tricks). ``None``: not known; the engine values them double
            dummy and says so.
        claim_by: who made the claim or concession (``None``: not known; taken as agreed by
            both sides). A member of the offending side establishes the revoke by it (63A3),
            disputed or not; an opponent's claim does so only with the offending side's
            agreement (63A4).
        claim_contested: the claim was disputed (no agreement under 69A): the director rules on
            the claim itself (Law 70); it stops 63A4, never 63A3.
        penalty_cards: defenders' penalty cards (Law 50).
        lead_restrictions: leads required or forbidden in rectification (Laws 26, 50E...).
        losses_induced_by_revoke: the director judges that the non-offending side's later
            losses (plays that lost tricks against double-dummy play after the revoke) were
            induced by the revoke, e.g. a defender misled about declarer's holding: Law 64C1
            then measures the likely result by double-dummy play from the position before the
            revoke, not by the table result plus what the revoke card changed.
        table_result: the declarer's side's total tricks as agreed at the table when play
            ended (Law 79A), 0..13. The play record may then stop after any complete trick:
            the tricks not in it were played out, not claimed, and the table result gives
            their split. Excludes ``claim_declarer_tricks``.
        reported: a revoke the director reports without the play through the revoke trick
            (needs ``table_result``); the ruling applies 61-64A/B to it and says that 64C
            could not be checked double dummy.
        faced_cards: cards face up on the table that are not penalty cards (2007 Law 64B3; see
            :class:`FacedCard`).
        claim_detail: the claim or concession that ended play, with its statement and the
            director's findings: the claim is then adjudicated (Laws 69-71, :mod:`engine.rulings.claim`)
            instead of taken as a figure (63A3: a disputed claim by the offending side establishes
            the revoke, and the director still rules on the claim). Excludes
            ``claim_declarer_tricks`` and ``table_result``.
        rest_valued_double_dummy: the director says play ended in a claim whose figure is not
            known: the tricks the record does not show are valued double dummy (an assumption the
            ruling labels; ``claim_declarer_tricks`` replaces it). Without it, a record that stops
            before trick 13 after play ended needs ``table_result`` or ``claim_declarer_tricks``
            (Laws 68, 79A); a claim figure or a table result takes precedence over it.
        likely_without_revoke: the director's own judgement of the result had the revoke(s) not
            occurred, declarer's side's tricks 0..13, with the play entered (issue 34: the
            director's own figure everywhere): 64C is then decided with it, not with a measure
            the engine made, and the engine's measures are still shown beside it.
        likely_reason: why the director judges that figure (his words, shown as given).
        offender_card: the card the director judges the (first) offender would have played in
            place of the revoke card, one of his legal cards (``None``: the engine assumes the
            legal card best for the offending side, and says so). Every 64C measure uses it.
    """

    noticed: Noticed = Noticed.AFTER_PLAY
    claim_declarer_tricks: int | None = None
    claim_by: Seat | None = None
    claim_contested: bool = False
    penalty_cards: tuple[PenaltyCard, ...] = ()
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    losses_induced_by_revoke: bool = False
    table_result: int | None = None
    reported: RevokeReport | None = None
    faced_cards: tuple[FacedCard, ...] = ()
    claim_detail: Claim | None = None
    rest_valued_double_dummy: bool = False
    likely_without_revoke: int | None = None
    likely_reason: str = ""
    offender_card: Card | None = None
