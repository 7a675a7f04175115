"""Law 64A/64B: the automatic trick adjustment after established revokes.

Pure function of the assessed revokes and who won which tricks; no solver.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.laws.editions import LAWS_2017, Edition
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.revoke import Establishment, Revoke, RevokeKind, faced_card_not_played
from engine.laws.steps import Step
from engine.model.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class TrickOwnership:
    """Who won the tricks: the record's complete tricks, then the unplayed ones as counts.

    Attributes:
        winners: the winner of each trick completed in the record (or before a corrected
            revoke), trick 1 first.
        rest_declarer: tricks of the declarer's side among the tricks after ``winners``
            (from the claim, or from the double-dummy value of the rest).
        rest_defence: tricks of the defending side among those.
        declaring_side: declarer's partnership.
    """

    winners: tuple[Seat, ...]
    rest_declarer: int
    rest_defence: int
    declaring_side: Side

    @property
    def declarer_tricks(self) -> int:
        """Total tricks of the declarer's side, 0..13."""
        return sum(1 for w in self.winners if w.side is self.declaring_side) + self.rest_declarer

    def rest_for(self, side: Side) -> int:
        """``side``'s tricks among the tricks after the recorded winners."""
        return self.rest_declarer if side is self.declaring_side else self.rest_defence


@dataclass(frozen=True, slots=True)
class Transfer:
    """The automatic adjustment for one revoke.

    Attributes:
        tricks: tricks transferred to the non-offending side: 0, 1 or 2.
        law: ``"64A1"``, ``"64A2"``, or the first 64B paragraph that excludes a transfer.
        exemptions: every 64B paragraph that applies (e.g. ``("64B3", "64B6")``).
        reason: one sentence for the TD.
        capped: fewer tricks than 64A names were transferred because the offending side had
            no more tricks from the revoke trick on left to give (flag for the TD).
        phrase: ``reason`` as a translatable phrase (a keyed :class:`Step`), or ``None``.
    """

    tricks: int
    law: str
    exemptions: tuple[str, ...]
    reason: str
    capped: bool = False
    phrase: Step | None = None


def exemptions(
    revoke: Revoke,
    establishment: Establishment,
    earlier: tuple[tuple[Revoke, Establishment], ...],
    others: tuple[tuple[Revoke, Establishment], ...],
    ownership: TrickOwnership,
    facts: RevokeFacts,
    edition: Edition = LAWS_2017,
) -> tuple[tuple[str, Step], ...]:
    """Law 64B: the paragraphs under which ``revoke`` gets no automatic trick adjustment
    (2007: no rectification).

    Args:
        revoke: an established revoke.
        establishment: its assessment.
        earlier: the revokes before it on the board with their assessments: the established ones
            that stand (2017 64B2, "the first revoke having been established"), or all of them
            (2007 64B2).
        others: every other revoke on the board with its assessment.
        ownership: who won the tricks.
        facts: the TD's facts.
        edition: the Laws edition: 2007 has the wider 64B3 (any card faced on the table), a
            64B7 that needs no establishment of the other side's revoke, and no 64B8.

    Returns:
        ``(law, reason)`` pairs in paragraph order, the reason a translatable phrase (a keyed
        :class:`Step` without a law); empty when 64A applies.
    """
    os_ = revoke.offending_side
    seat, suit = revoke.offender.value, revoke.suit.symbol if revoke.suit else "?"
    out: list[tuple[str, Step]] = []

    def add(law: str, text: str, key: str, **params: object) -> None:
        out.append((law, Step("", text, key, {"seat": seat, "suit": suit, **params})))

    won_k = revoke.trick <= len(ownership.winners) and ownership.winners[revoke.trick - 1].side is os_
    later = sum(1 for n, w in enumerate(ownership.winners, start=1) if n > revoke.trick and w.side is os_)
    in_rest = ownership.rest_for(os_)
    if not won_k and later == 0 and in_rest == 0:
        add("64B1", "the offending side won neither the revoke trick nor any later trick", "ex.64B1")
    if revoke.suit is not None and any(r.offender == revoke.offender and r.suit == revoke.suit for r, _ in earlier):
        if edition.b2_needs_first_established:
            add("64B2", f"a subsequent revoke by {seat} in {revoke.suit.name.lower()}, the first having been "
                "established", "ex.64B2")
        else:
            add("64B2", f"a subsequent revoke by {seat} in the same suit ({suit}); Law 64C may apply",
                edition.key("ex.64B2"))
    faced = faced_card_not_played(revoke, facts) if edition.b3_faced_cards else None
    if revoke.kind is RevokeKind.PENALTY_CARD:
        add("64B3", "the revoke was a failure to play a penalty card", "ex.64B3")
    elif revoke.by_dummy:
        add("64B3", "the revoke was made with a card belonging to dummy", "ex.64B3_dummy")
    elif faced is not None:
        add("64B3", f"the revoke was made in failing to play the {faced}, a card faced on the table",
            edition.key("ex.64B3_faced"), card=str(faced))
    if facts.noticed is Noticed.AFTER_NEXT_DEAL_CALL:
        add("64B4", "attention was first drawn after a non-offender called on the next deal", "ex.64B4")
    if facts.noticed is Noticed.AFTER_ROUND_ENDED:
        add("64B5", "attention was first drawn after the round ended", "ex.64B5")
    if revoke.trick == 12:
        add("64B6", "it is a revoke on the twelfth trick", "ex.64B6")
    if edition.b7_needs_both_established:
        if any(e.established and r.offending_side is not os_ for r, e in others):
            add("64B7", "both sides revoked on this board and both revokes are established", "ex.64B7")
    elif any(r.offending_side is not os_ for r, _ in others):
        add("64B7", "both sides revoked on this board", edition.key("ex.64B7"))
    if edition.corrects_62c3 and establishment.correction is not None and establishment.correction.value == "62C3":
        add("64B8", "the revoke was corrected under 62C3", "ex.64B8")
    return tuple(out)


def automatic_transfers(
    assessed: tuple[tuple[Revoke, Establishment], ...],
    ownership: TrickOwnership,
    facts: RevokeFacts,
    edition: Edition = LAWS_2017,
) -> tuple[Transfer | None, ...]:
    """Law 64A (with 64B): the tricks transferred for each revoke, in order.

    Each established revoke is assessed separately, first revoke first (docs/laws.md
    section 8.4). 64A1: the offender won the revoke trick (a trick won in dummy is not won
    by declarer): that trick and one later trick of the offending side. 64A2: otherwise one
    trick, if the offending side won that or any later trick. Only tricks the offending
    side won from the revoke trick on may be transferred (WBFLC 2000 #1), and one trick is
    never transferred twice: when the tricks run out the transfer is capped and flagged.
    Tricks from the claim count as won after every recorded trick. ``edition`` selects the
    64B paragraphs (:func:`exemptions`); 64A reads the same in 2007 and 2017.

    Returns:
        One entry per revoke of ``assessed``, same order: ``None`` for a revoke that is not
        established or is corrected (62A, 62D1), else its :class:`Transfer`.
    """
    standing = [i for i, (_, e) in enumerate(assessed) if e.established and e.correction not in ("62A", "62D1")]
    found: dict[int, tuple[tuple[str, Step], ...]] = {}
    for n, i in enumerate(standing):
        rev, est = assessed[i]
        earlier = tuple(assessed[j] for j in standing[:n]) if edition.b2_needs_first_established else assessed[:i]
        others = tuple(x for j, x in enumerate(assessed) if j != i)
        found[i] = exemptions(rev, est, earlier, others, ownership, facts, edition)
    pool = _TrickPool(ownership, [assessed[i][0] for i in standing if not found[i]])
    out: list[Transfer | None] = []
    for i, (rev, _) in enumerate(assessed):
        if i not in found:
            out.append(None)
            continue
        ex = found[i]
        if ex:
            items = tuple(why for _, why in ex)
            text = "; ".join(why.text for _, why in ex)
            out.append(Transfer(0, ex[0][0], tuple(law for law, _ in ex), text,
                                phrase=Step("", text, "tr.exempt", {"items": items})))
            continue
        k, os_ = rev.trick, rev.offending_side
        winner = ownership.winners[k - 1] if k <= len(ownership.winners) else None
        if winner == rev.offender:
            extra = pool.take(os_, after=k)
            reason = (f"{rev.offender.value} won the revoke trick: it is transferred"
                      + (" with one later trick of the offending side" if extra
                         else "; the offending side won no later trick to transfer"))
            out.append(Transfer(1 + int(extra), "64A1", (), reason, phrase=Step(
                "", reason, "tr.64A1_extra" if extra else "tr.64A1_alone", {"seat": rev.offender.value})))
            continue
        got = pool.take(os_, after=k - 1)
        who = f"{winner.value} won the revoke trick" if winner else "the revoke trick was not completed"
        params = {"winner": winner.value if winner else "", "seat": rev.offender.value}
        key = "tr.64A2" + ("" if got else "_capped") + ("" if winner else "_open")
        if got:
            text = f"{who}, not the offender {rev.offender.value}; the offending side won that or a later trick"
        else:
            text = (f"{who}; every trick the offending side won from the revoke on has already been transferred "
                    "for an earlier revoke")
        out.append(Transfer(int(got), "64A2", (), text, capped=not got, phrase=Step("", text, key, params)))
    return tuple(out)


class _TrickPool:
    """The offending side's tricks still available for transfer: each goes at most once.

    Revoke tricks won by the offender (64A1) are reserved for their own revoke, so that an
    earlier 64A2 revoke does not take them; other revokes take the earliest trick they may.
    """

    def __init__(self, ownership: TrickOwnership, transferring: list[Revoke]) -> None:
        self.ownership = ownership
        self.reserved = {r.trick for r in transferring
                         if r.trick <= len(ownership.winners) and ownership.winners[r.trick - 1] == r.offender}
        self.taken: set[int] = set()
        self.rest_taken = 0

    def take(self, side: Side, *, after: int) -> bool:
        """Take one trick of ``side`` numbered above ``after`` (recorded first, then the rest)."""
        for n, w in enumerate(self.ownership.winners, start=1):
            if n > after and w.side is side and n not in self.taken and n not in self.reserved:
                self.taken.add(n)
                return True
        if self.rest_taken < self.ownership.rest_for(side):
            self.rest_taken += 1
            return True
        return False


def tricks_after_transfers(declarer_tricks: int, revokes: tuple[Revoke, ...],
                           transfers: tuple[Transfer | None, ...], declaring_side: Side) -> int:
    """Declarer's side's tricks after the transfers: each moves a trick from the offending side."""
    total = declarer_tricks
    for rev, tr in zip(revokes, transfers, strict=True):
        if tr is not None:
            total += -tr.tricks if rev.offending_side is declaring_side else tr.tricks
    return max(0, min(13, total))
