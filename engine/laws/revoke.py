"""Laws 61-63: finding the revokes in a play record, their establishment and correction.

Pure functions of the play record and the TD's facts; no solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import InvalidBoardError
from engine.laws.editions import LAWS_2017, Edition
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.steps import Step
from engine.model.cards import Card, Rank, Suit
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.model.seats import Seat, Side


class RevokeKind(StrEnum):
    """Which obligation the revoke broke (Law 61A)."""

    FAILURE_TO_FOLLOW = "failure_to_follow"
    """Did not follow suit while able (Law 44C)."""
    PENALTY_CARD = "penalty_card"
    """Did not play a penalty card as Law 50 requires (no automatic adjustment, 64B3)."""
    LEAD_RESTRICTION = "lead_restriction"
    """Did not comply with a lead required or forbidden in rectification (61A second limb)."""
    REPORTED = "reported"
    """Reported by the director from the facts at the table, without the play through the
    revoke trick (a failure to follow suit, 61A; card and suit led when known)."""


@dataclass(frozen=True, slots=True)
class Revoke:
    """One revoke found in the play record (Law 61A).

    Attributes:
        trick: trick number, 1..13.
        position: the card's place in the trick, 1 (lead) .. 4; 0 when reported without the play.
        play_index: index of the revoke card in the record, 0-based, play order; -1 when
            reported without the play (:class:`RevokeKind` ``REPORTED``).
        offender: the seat that revoked (dummy's seat for a revoke from dummy).
        card: the card played (``None`` only for a reported revoke whose card is not known).
        suit: the suit the offender was obliged to play (suit led, penalty card's suit, or the
            required lead; for a forbidden lead, the suit led); ``None`` only for a reported
            revoke whose suit led is not known.
        kind: which obligation was broken.
        alternatives: the legal cards the offender could have played instead.
        by_dummy: the card came from dummy's hand (64B3).
    """

    trick: int
    position: int
    play_index: int
    offender: Seat
    card: Card | None
    suit: Suit | None
    kind: RevokeKind
    alternatives: frozenset[Card]
    by_dummy: bool

    @property
    def offending_side(self) -> Side:
        """The offender's partnership."""
        return self.offender.side

    def phrase(self) -> Step:
        """:meth:`describe` as a translatable phrase (a keyed :class:`Step`)."""
        alts = "".join(c.rank.letter for c in sorted(self.alternatives, reverse=True))
        params: dict[str, object] = {"seat": self.offender.value, "card": str(self.card or "?"),
                                     "trick": self.trick, "suit": self.suit.symbol if self.suit else "?",
                                     "alts": alts, "cards": ", ".join(str(c) for c in sorted(self.alternatives))}
        key = f"revoke.{self.kind.value}"
        if self.kind is RevokeKind.REPORTED:
            key += "_card" * (self.card is not None) + "_suit" * (self.suit is not None)
        return Step("", self.describe(), key, params)

    def describe(self) -> str:
        """E.g. ``"S played D4 on trick 3 holding H987 (hearts led)"``."""
        alts = "".join(c.rank.letter for c in sorted(self.alternatives, reverse=True))
        if self.kind is RevokeKind.REPORTED:
            card = f" with the {self.card}" if self.card else ""
            suit = f" on a {self.suit.name.lower()[:-1]} lead" if self.suit else ""
            return f"{self.offender.value} revoked on trick {self.trick}{card}{suit} (as the director established it)"
        assert self.card is not None and self.suit is not None  # found in the play record
        if self.kind is RevokeKind.FAILURE_TO_FOLLOW:
            return (f"{self.offender.value} played {self.card} on trick {self.trick} while holding "
                    f"{self.suit.value}{alts} ({self.suit.name.lower()} led)")
        if self.kind is RevokeKind.PENALTY_CARD:
            return (f"{self.offender.value} played {self.card} on trick {self.trick} instead of the "
                    f"penalty card {', '.join(str(c) for c in sorted(self.alternatives))}")
        return (f"{self.offender.value} led {self.card} to trick {self.trick} against the lead restriction "
                f"(could have led {', '.join(str(c) for c in sorted(self.alternatives))})")


def detect_revokes(record: PlayRecord, contract: Contract, facts: RevokeFacts) -> tuple[Revoke, ...]:
    """Law 61A: every revoke in the play record, in play order.

    Finds failures to follow suit (Law 44C), failures to play a listed penalty card (Law 50)
    and failures to comply with a listed lead restriction.

    Returns:
        The revokes ordered by ``play_index``.

    Raises:
        InvalidBoardError: a penalty card not held by that defender, or declarer's/dummy's card
            given as a penalty card (path ``penalty_cards/<i>``); a lead restriction for a player
            who was not on lead (path ``lead_restrictions/<i>``); a faced card not dealt to that
            player or from a trick outside 1..13 (path ``faced_cards/<i>``); three or more players
            failing to follow in one trick (a recording error, not a ruling).
    """
    _check_faced_cards(record, facts)
    found: dict[int, Revoke] = {}
    idx = 0
    for trick in record.tricks:
        led = trick.suit_led
        for pos, pc in enumerate(trick.cards, start=1):
            if pos > 1 and pc.card.suit != led:
                held = record.holding_before(pc.seat, trick.number, pos)
                alts = frozenset(c for c in held if c.suit == led)
                if alts:
                    found[idx] = Revoke(trick.number, pos, idx, pc.seat, pc.card, led,
                                        RevokeKind.FAILURE_TO_FOLLOW, alts, pc.seat == contract.dummy)
            idx += 1
        failures = [r for r in found.values() if r.trick == trick.number]
        if len(failures) >= 3:
            raise InvalidBoardError(
                f"trick {trick.number}: {len(failures)} players fail to follow suit while holding it "
                f"({'; '.join(r.describe() for r in failures)}). The record is almost certainly "
                "mis-transcribed; check it against the players' hands before ruling",
                path=f"play/{failures[0].play_index}", key="mistranscribed",
                params={"trick": trick.number, "n": len(failures),
                        "revokes": "; ".join(r.describe() for r in failures)},
            )
    for r in _penalty_card_revokes(record, contract, facts):
        found.setdefault(r.play_index, r)
    for r in _lead_restriction_revokes(record, contract, facts):
        found.setdefault(r.play_index, r)
    return tuple(found[i] for i in sorted(found))


def _check_faced_cards(record: PlayRecord, facts: RevokeFacts) -> None:
    """Each faced card (2007 Law 64B3) was dealt to its player, from a trick 1..13."""
    for i, f in enumerate(facts.faced_cards):
        if f.card not in record.deal.hand(f.seat):
            raise InvalidBoardError(f"{f.seat.value} was not dealt {f.card}", path=f"faced_cards/{i}",
                                    key="faced_card_not_dealt", params={"seat": f.seat.value, "card": str(f.card)})
        if not 1 <= f.from_trick <= 13:
            raise InvalidBoardError(f"from_trick must be 1..13, got {f.from_trick}", path=f"faced_cards/{i}",
                                    key="faced_card_from_trick", params={"trick": f.from_trick})


def faced_card_not_played(revoke: Revoke, facts: RevokeFacts) -> Card | None:
    """The card faced on the table (not a penalty card) that the offender failed to play: a legal
    card of ``revoke`` (one of the suit he had to play) lying face up from the revoke trick or
    before (2007 Law 64B3, "failing to play any card faced on the table"); ``None`` when there is
    none."""
    faced = sorted((f.card for f in facts.faced_cards
                    if f.seat == revoke.offender and f.from_trick <= revoke.trick and f.card in revoke.alternatives),
                   reverse=True)
    return faced[0] if faced else None


def _index_of(record: PlayRecord, trick_no: int, pos: int) -> int:
    return sum(len(t.cards) for t in record.tricks[: trick_no - 1]) + pos - 1


def _penalty_card_revokes(record: PlayRecord, contract: Contract, facts: RevokeFacts) -> list[Revoke]:
    out: list[Revoke] = []
    for i, pen in enumerate(facts.penalty_cards):
        path = f"penalty_cards/{i}"
        if pen.seat.side is contract.declaring_side:
            raise InvalidBoardError(
                f"{pen.seat.value} is declarer or dummy: only a defender's card can be a penalty card (Law 50)",
                path=path, key="penalty_card_declarer", params={"seat": pen.seat.value},
            )
        if pen.card not in record.deal.hand(pen.seat):
            raise InvalidBoardError(f"{pen.seat.value} was not dealt {pen.card}", path=path,
                                    key="penalty_card_not_dealt",
                                    params={"seat": pen.seat.value, "card": str(pen.card)})
        if not 1 <= pen.from_trick <= 13:
            raise InvalidBoardError(f"from_trick must be 1..13, got {pen.from_trick}", path=path,
                                    key="penalty_card_from_trick", params={"trick": pen.from_trick})
        others = {p.card for p in facts.penalty_cards if p.seat == pen.seat and p.major}
        for trick in record.tricks[pen.from_trick - 1 :]:
            pos = next((k for k, pc in enumerate(trick.cards, start=1) if pc.seat == pen.seat), None)
            if pos is None:
                break
            played = trick.cards[pos - 1].card
            held = record.holding_before(pen.seat, trick.number, pos)
            if played == pen.card or pen.card not in held:
                break
            led = trick.suit_led if pos > 1 else None
            if pen.major:
                can_play_pen = led is None or pen.card.suit == led or not any(c.suit == led for c in held)
                # a legal play of another major penalty card satisfies 50D as well
                other_ok = played in others and (led is None or played.suit == led
                                                 or not any(c.suit == led for c in held))
                failed = can_play_pen and not other_ok
                alts = frozenset(c for c in others & held if led is None or c.suit == led
                                 or not any(h.suit == led for h in held))
            else:
                failed = played.suit == pen.card.suit and played.rank < Rank.TEN
                alts = frozenset({pen.card})
            if failed:
                out.append(Revoke(trick.number, pos, _index_of(record, trick.number, pos), pen.seat, played,
                                  pen.card.suit, RevokeKind.PENALTY_CARD, alts or frozenset({pen.card}), False))
                break
    return out


def _lead_restriction_revokes(record: PlayRecord, contract: Contract, facts: RevokeFacts) -> list[Revoke]:
    out: list[Revoke] = []
    for i, lr in enumerate(facts.lead_restrictions):
        path = f"lead_restrictions/{i}"
        if not 1 <= lr.trick <= len(record.tricks):
            raise InvalidBoardError(f"trick {lr.trick} is not in the play record", path=path,
                                    key="lead_restriction_trick", params={"trick": lr.trick})
        trick = record.tricks[lr.trick - 1]
        if trick.leader != lr.seat:
            raise InvalidBoardError(
                f"{lr.seat.value} was not on lead at trick {lr.trick} ({trick.leader.value} led)", path=path,
                key="lead_restriction_not_on_lead",
                params={"seat": lr.seat.value, "trick": lr.trick, "leader": trick.leader.value},
            )
        held = record.holding_before(lr.seat, lr.trick, 1)
        led = trick.cards[0].card
        if lr.forbidden:
            alts = frozenset(c for c in held if c.suit != lr.suit)
            broke = led.suit == lr.suit and bool(alts)
        else:
            alts = frozenset(c for c in held if c.suit == lr.suit)
            broke = led.suit != lr.suit and bool(alts)
        if broke:
            out.append(Revoke(lr.trick, 1, _index_of(record, lr.trick, 1), lr.seat, led,
                              lr.suit if not lr.forbidden else led.suit, RevokeKind.LEAD_RESTRICTION,
                              alts, lr.seat == contract.dummy))
    return out


def played_on(trick: int) -> Establishment:
    """Law 63A1 when the play record stops but play went on to the end (a table result was
    agreed, Law 79A): both members of the offending side played to trick ``trick + 1``."""
    ph = Step("", f"play went on to the end (the table result was agreed), so the offending side played to trick "
              f"{trick + 1}", "est.63A1_played_on", {"next": trick + 1})
    return Establishment(True, "63A1", ph.text, None, False, ph)


class Correction(StrEnum):
    """Why a revoke is corrected instead of standing (Law 62)."""

    NOT_ESTABLISHED = "62A"
    TRICK_TWELVE = "62D1"
    BOTH_SIDES_SAME_TRICK = "62C3"


@dataclass(frozen=True, slots=True)
class Establishment:
    """Law 63A/62: whether the revoke is established, and whether it is corrected.

    Attributes:
        established: Law 63A was met.
        law: the paragraph that decides it (``"63A1"``..``"63A4"``, or ``"62A"`` when not established).
        reason: one sentence for the TD.
        correction: ``None`` when the revoke stands (63B); otherwise the law under which it is
            corrected.
        penalty_card: the withdrawn card becomes a major penalty card (62B1, 62C3).
        phrase: ``reason`` as a translatable phrase (a keyed :class:`Step`), or ``None``.
    """

    established: bool
    law: str
    reason: str
    correction: Correction | None
    penalty_card: bool
    phrase: Step | None = None


def assess_establishment(
    revoke: Revoke, revokes: tuple[Revoke, ...], record: PlayRecord, contract: Contract, facts: RevokeFacts,
    edition: Edition = LAWS_2017,
) -> Establishment:
    """Laws 63A, 62A, 62C3, 62D: is ``revoke`` established, and must it be corrected?

    The play record is read as the play until attention was drawn (``DURING_PLAY``) or the
    whole play ending in a claim or concession when it stops before trick 13.

    Args:
        revoke: the revoke to assess.
        revokes: every revoke on the board (for 62C3, both sides on the same trick).
        record: the play record.
        contract: the contract (declarer and dummy).
        facts: the TD's facts (when noticed; the claim).
        edition: the Laws edition. 2007: 63A3 covers the offending side's agreement to an
            opponent's claim ("makes or agrees to"; 2017 63A4), and there is no 62C3 (a revoke
            established when both sides revoked on one trick stands, 63B).
    """
    os_seats = revoke.offending_side.seats
    defender = revoke.offending_side is not contract.declaring_side
    nxt = record.tricks[revoke.trick] if revoke.trick < len(record.tricks) else None
    os_next = [pc for pc in nxt.cards if pc.seat in os_seats] if nxt else []
    claim_ended = not record.is_complete and facts.noticed is not Noticed.DURING_PLAY
    if os_next:
        ph = Step("", f"{os_next[0].seat.value} played to trick {revoke.trick + 1}", "est.63A1",
                  {"seat": os_next[0].seat.value, "next": revoke.trick + 1})
        est = Establishment(True, "63A1", ph.text, None, False, ph)
    elif facts.table_result is not None and revoke.trick < 13 and facts.noticed is not Noticed.DURING_PLAY:
        est = played_on(revoke.trick)  # during play, the record stops where attention was drawn
    elif claim_ended and facts.claim_by is None and facts.claim_contested:
        raise InvalidBoardError(
            "the claim was disputed: say who made it (claim_by). A claim or concession by the offending side "
            "establishes the revoke all the same (63A3); an opponent's claim does so only when the offending side "
            "agrees to it (63A4)", path="claim_by", law="63A", key="claim_by_needed")
    elif claim_ended and (facts.claim_by is None or facts.claim_by in os_seats):
        # 63A3: the offending side's own claim or concession establishes the revoke, disputed or not.
        who = f"{facts.claim_by.value}" if facts.claim_by else "a player"
        if facts.claim_by is None:
            ph = Step("", f"{who} of the offending side claimed or conceded, or agreed to the claim that ended play",
                      "est.63A3_any", {"seat": who})
        elif facts.claim_contested:
            ph = Step("", f"{who} of the offending side claimed or conceded; that the opponents disputed the claim "
                      "does not matter (agreement is needed only for an opponent's claim, "
                      f"{edition.paragraph('63A4')})", edition.key("est.63A3_disputed"), {"seat": who})
        else:
            ph = Step("", f"{who} of the offending side claimed or conceded", "est.63A3", {"seat": who})
        est = Establishment(True, "63A3", ph.text, None, False, ph)
    elif claim_ended and not facts.claim_contested:
        assert facts.claim_by is not None
        ph = Step("", f"the offending side agreed to the claim or concession by {facts.claim_by.value}",
                  edition.key("est.63A4_by"), {"seat": facts.claim_by.value})
        est = Establishment(True, edition.paragraph("63A4"), ph.text, None, False, ph)
    else:
        if facts.claim_contested and claim_ended:
            assert facts.claim_by is not None
            why = Step("", f"the claim by {facts.claim_by.value}, a non-offender, was disputed, so the offending "
                       f"side did not agree to it ({edition.paragraph('63A4')}; WBFLC minute, 12 January 2000)",
                       edition.key("est.contested"), {"seat": facts.claim_by.value})
        else:
            why = Step("", f"attention was drawn before the offending side played to trick {revoke.trick + 1}",
                       "est.early", {"next": revoke.trick + 1})
        ph = Step("", f"not established: {why.text}", "est.not", {"why": why})
        return Establishment(False, "62A", ph.text, Correction.NOT_ESTABLISHED, defender and not revoke.by_dummy, ph)
    early = facts.noticed in (Noticed.DURING_PLAY, Noticed.AFTER_PLAY)
    if revoke.trick == 12 and early:
        ph = Step("", est.reason + "; a revoke on trick 12 noticed before the hands were returned to the board is "
                  "corrected", "est.trick12", {"base": est.phrase})
        return Establishment(True, est.law, ph.text, Correction.TRICK_TWELVE, False, ph)
    same_trick = [r for r in revokes if r.trick == revoke.trick and r.offending_side is not revoke.offending_side]
    if same_trick and nxt is not None:
        sides_played = {pc.seat.side for pc in nxt.cards}
        if len(sides_played) == 1 and facts.noticed is Noticed.DURING_PLAY and not edition.corrects_62c3:
            ph = Step("", est.reason + f"; both sides revoked on this trick, but the {edition.code} Laws have no "
                      "correction for it (no 62C3): the established revoke stands (63B)", edition.key("est.both_sides"),
                      {"base": est.phrase, "laws": edition.code.value})
            return Establishment(True, est.law, ph.text, None, False, ph)
        if len(sides_played) == 1 and facts.noticed is Noticed.DURING_PLAY:
            ph = Step("", est.reason + "; both sides revoked on this trick and only one side has played to the "
                      "next one", "est.both_sides", {"base": est.phrase})
            return Establishment(True, est.law, ph.text, Correction.BOTH_SIDES_SAME_TRICK, defender, ph)
    return est
