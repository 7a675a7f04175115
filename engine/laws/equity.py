"""Law 64C: equity after established revokes, from double-dummy values (two-phase).

:func:`positions_needed` lists the positions whose values the ruling needs; the advisor has
the double-dummy layer solve them in one batch; :func:`revoke_equity` and
:func:`likely_without_revokes` read the answers. Nothing here calls the solver.

Method (issue 3, docs/laws.md section 9.4): for each established revoke,

* ``dd_before``: the position just before the revoke card, the offender playing the legal
  card best for the offending side, then both sides double dummy;
* ``dd_after``: the same position after the revoke card as actually played.

Both count the declarer's side's tricks over the whole hand (tricks already won plus the
double-dummy value of the rest). The likely result without the revokes is the table
result plus the sum of ``dd_before - dd_after``, kept within 0..13: the players' other
errors stay as they happened and only what the revoke card changed is charged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.dd.results import CardScores
from engine.errors import SolverError
from engine.laws.editions import LAWS_2017, Edition
from engine.laws.revoke import Revoke
from engine.laws.steps import Step
from engine.laws.transfer import Transfer
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.model.position import Position
from engine.model.seats import Seat, Side


def declarer_tricks_won(record: PlayRecord, contract: Contract, cards_played: int) -> int:
    """Tricks of the declarer's side among the tricks completed within the first ``cards_played`` cards."""
    complete = cards_played // 4
    return sum(1 for w in record.winners[:complete] if w.side is contract.declaring_side)


class MeasureKind(StrEnum):
    """The measures of the likely result without the revoke(s) (Law 64C, issue 34; docs/laws.md).

    ``TABLE_PLAY``: the table's own play without the revoke: the revoke card replaced by the card
    the offender would have played, the rest of the record replayed card by card while each card
    stays legal and each trick goes to the same side, double dummy only from where the record
    can no longer be followed (or where it ends). The ruling's measure whenever the record goes
    on past the revoke trick.
    ``SWING``: the table result plus what the revoke card changed double dummy (the measure when
    the record stops at the revoke trick).
    ``DOUBLE_DUMMY``: the hand played double dummy from the position before the first revoke
    (64C1 when the director rules the later losses induced by the revoke).
    ``DIRECTOR``: the director's own figure (``RevokeFacts.likely_without_revoke`` or a
    reported revoke's), not double dummy; it decides whenever he gives it.
    """

    TABLE_PLAY = "table_play"
    SWING = "swing"
    DOUBLE_DUMMY = "double_dummy"
    DIRECTOR = "director"


@dataclass(frozen=True, slots=True)
class EquityMeasure:
    """One measure of the likely result without the revoke(s): declarer's side's tricks, 0..13.

    Attributes:
        kind: which measure (:class:`MeasureKind`).
        tricks: the declarer's side's tricks over the whole hand had the revoke(s) not occurred.
        followed_cards: ``TABLE_PLAY`` only: how many cards of the table's record the replay
            followed (0..52) before double dummy took over (52, or the record's length: the
            record was followed to its end); ``None`` for the other measures.
    """

    kind: MeasureKind
    tricks: int
    followed_cards: int | None = None


def positions_needed(record: PlayRecord, revokes: tuple[Revoke, ...], *, value_rest: bool) -> tuple[Position, ...]:
    """The positions Law 64C needs: before and after each revoke card, and the end of the record.

    Args:
        record: the play record.
        revokes: the revokes whose equity is assessed.
        value_rest: also the position where the record ends (to value the unplayed tricks of
            a claim double dummy).

    Returns:
        Distinct positions in play order (so that one deal's positions run back to back).
    """
    idx: list[int] = []
    for r in revokes:
        idx += [r.play_index, r.play_index + 1]
    if value_rest and not record.is_complete:
        idx.append(len(record.cards))
    out: list[Position] = []
    for i in sorted(set(idx)):
        if i < 52:
            out.append(record.position_before(i))
    return tuple(dict.fromkeys(out))


def _answer(answers: Mapping[Position, CardScores], pos: Position) -> CardScores:
    try:
        return answers[pos]
    except KeyError:
        raise SolverError(f"no double-dummy answer for the position {pos}") from None


def declarer_tricks_from(answers: Mapping[Position, CardScores], pos: Position, contract: Contract) -> int:
    """Declarer's side's tricks from ``pos`` on (current trick included), both sides double dummy."""
    cs = _answer(answers, pos)
    ns = cs.best_ns()
    return ns if contract.declaring_side is Side.NS else cs.tricks_left - ns


@dataclass(frozen=True, slots=True)
class RevokeEquity:
    """Double-dummy evidence for one revoke; every count is declarer's side's tricks, 0..13.

    Attributes:
        dd_before: the offender plays the legal card best for the offending side, then DD.
        dd_after: after the revoke card as played, then DD.
        dd_by_card: the result for each legal card the offender could have played.
        best_card: the legal card that gives ``dd_before``.
    """

    dd_before: int
    dd_after: int
    dd_by_card: tuple[tuple[Card, int], ...]
    best_card: Card

    @property
    def change(self) -> int:
        """``dd_before - dd_after``: what the revoke card cost the declarer's side (negative: gained)."""
        return self.dd_before - self.dd_after


def revoke_equity(
    record: PlayRecord, contract: Contract, revoke: Revoke, answers: Mapping[Position, CardScores],
    chosen: Card | None = None,
) -> RevokeEquity:
    """Law 64C evidence for one revoke: ``dd_before``, ``dd_after`` and the value of each legal card.

    ``chosen``: the legal card the director judges the offender would have played
    (``RevokeFacts.offender_card``): ``dd_before`` and ``best_card`` are then that card's, not
    the card best for the offending side.

    Raises:
        SolverError: an answer is missing, or the solver does not list a legal alternative.
    """
    side = contract.declaring_side
    i = revoke.play_index
    before = _answer(answers, record.position_before(i))
    won = declarer_tricks_won(record, contract, i)
    by_card: list[tuple[Card, int]] = []
    for card in sorted(revoke.alternatives, reverse=True):
        try:
            by_card.append((card, won + before.side_tricks(card, side)))
        except KeyError:
            raise SolverError(f"the solver gave no value for {card}, a legal card of {revoke.offender.value}") from None
    pick = max if revoke.offending_side is side else min
    best_card, dd_before = pick(by_card, key=lambda ct: ct[1])
    if chosen is not None:
        best_card, dd_before = next(((c, t) for c, t in by_card if c == chosen), (best_card, dd_before))
    after_pos = record.position_before(i + 1) if i + 1 < 52 else None
    won_after = declarer_tricks_won(record, contract, i + 1)
    dd_after = won_after + (declarer_tricks_from(answers, after_pos, contract) if after_pos else 0)
    return RevokeEquity(dd_before, dd_after, tuple(by_card), best_card)


def clamp(tricks: int) -> int:
    """Keep a trick count within 0..13."""
    return max(0, min(13, tricks))


@dataclass(frozen=True, slots=True)
class EquityDecision:
    """Law 64C: whether equity changes the result after the automatic adjustment.

    Attributes:
        applies: the score is adjusted under 64C.
        law: ``"64C1"``, ``"64C2(a)"`` or ``"64C2(b)"`` (``"64C"`` when nothing stands).
        reason: one sentence for the TD.
        likely_without_revokes: declarer side's tricks had no revoke occurred (table result plus
            every standing revoke's ``change``), or ``None`` with no standing revoke.
        tricks: declarer side's tricks to enter when ``applies``; else ``None``.
        phrase: ``reason`` as a translatable phrase (a keyed :class:`Step`), or ``None``.
    """

    applies: bool
    law: str
    reason: str
    likely_without_revokes: int | None
    tricks: int | None
    phrase: Step | None = None


@dataclass(frozen=True, slots=True)
class LaterLoss:
    """A card a non-offender played after the revoke that lost tricks against double-dummy play.

    Attributes:
        trick: the trick, 1..13.
        seat: who played it (a member of the non-offending side).
        card: the card.
        tricks_lost: tricks it cost the non-offending side, double dummy (1 or more).
    """

    trick: int
    seat: Seat
    card: Card
    tricks_lost: int

    def phrase(self) -> Step:
        """E.g. ``"trick 2, E C5 (1 trick)"`` as a translatable phrase."""
        plural = "s" if self.tricks_lost > 1 else ""
        text = f"trick {self.trick}, {self.seat.value} {self.card} ({self.tricks_lost} trick{plural})"
        return Step("", text, "loss", {"trick": self.trick, "seat": self.seat.value, "card": str(self.card),
                                       "n": self.tricks_lost})


def later_losses(plays: Sequence[tuple[int, Seat, Card, int]], non_offending: Side) -> tuple[LaterLoss, ...]:
    """The non-offending side's plays that lost tricks against double-dummy play (Law 64C1 evidence).

    Args:
        plays: the cards after the revoke card, in play order, each as ``(index, seat, card, cost)``:
            its 0-based place in the record and the tricks it cost its player's side double dummy
            (from the value before and after every card, :func:`engine.dd.analyse_play`).
        non_offending: the non-offending side.

    Returns:
        The non-offenders' cards with a positive cost, in play order. Whether the revoke induced
        them (a player misled about a holding or the count) is the director's judgement.
    """
    return tuple(LaterLoss(i // 4 + 1, seat, card, cost) for i, seat, card, cost in plays
                 if seat.side is non_offending and cost > 0)


def swing_measure(equities: Sequence[RevokeEquity], basis_tricks: int) -> int:
    """The ``SWING`` measure of the likely result without the revokes of one offending side,
    declarer's side's tricks 0..13: one revoke, the table result (``basis_tricks``) plus what its
    card changed double dummy; several (one player revoking twice, 64B2 and 64C2(a), or one card
    revoking twice), the hand played double dummy from before the first (its ``dd_before``):
    measured once, never a sum of the revokes' swings (issue 34).

    Raises:
        ValueError: no revoke.
    """
    if not equities:
        raise ValueError("no revoke to measure")
    if len(equities) == 1:
        return clamp(basis_tricks + equities[0].change)
    return clamp(equities[0].dd_before)


def decide_equity(
    standing: Sequence[tuple[Revoke, Transfer | None, RevokeEquity]],
    *,
    basis_tricks: int,
    after_adjustment: int,
    declaring_side: Side,
    induced_double_dummy: int | None = None,
    edition: Edition = LAWS_2017,
    likely: int | None = None,
    without_subsequent: int | None = None,
    directors: bool = False,
) -> EquityDecision:
    """Law 64C1, 64C2(a), 64C2(b) (2017), with the WBFLC rule that equity for a second revoke is
    judged from the position after the first (docs/laws.md section 8.6).

    Args:
        standing: the established revokes that stand (not corrected), in play order, each with
            its transfer and its double-dummy evidence.
        basis_tricks: declarer side's tricks as played (with the claim, and after any 62
            correction), 0..13.
        after_adjustment: declarer side's tricks after the automatic transfers, 0..13.
        declaring_side: declarer's partnership.
        induced_double_dummy: when the director judges that the revoke induced the non-offending
            side's later losses, the declarer side's tricks played double dummy from the position
            before the first revoke (its ``dd_before``): the likely result is then that, not the
            table result plus what the revoke cards changed (one offending side only).
        edition: the Laws edition: the 2007 64C is a single paragraph, so every decision cites
            "64C" (the same measure of equity: the WBFLC rules it follows predate 2017).
        likely: the likely result without every standing revoke by the measure the ruling uses
            (:class:`MeasureKind`; declarer's side's tricks). ``None``: the ``SWING`` measure
            (:func:`swing_measure` for one offending side; both sides, the table result plus
            each revoke card's change).
        without_subsequent: 64C2(a): the likely result had only the subsequent revokes (those
            exempted by 64B2) not occurred, the earlier ones played as at the table, by the same
            measure (declarer's side's tricks, before any transfer). ``None``: their ``SWING``
            measure. The earlier revokes' transfers are then added (``after_adjustment -
            basis_tricks``): never a sum of swings.
        directors: ``likely`` is the director's own figure (``MeasureKind.DIRECTOR``): 64C1 is
            decided with it alone (no 64C2(a) measure beside it), and the reason says so.

    Returns:
        The decision. 64C1: adjust to the likely result without the revokes when it gives the
        non-offending side more tricks than the automatic adjustment. 64C2(a): after a
        subsequent revoke in the same suit by the same player (64B2), the result as if the
        subsequent revokes had not occurred, keeping the earlier transfers, when that is better
        still for the non-offending side. 64C2(b): both sides revoked; the likely result had no
        revoke occurred, whenever it differs from the table result (a contestant was damaged).
    """
    decision = _decide(standing, basis_tricks, after_adjustment, declaring_side, induced_double_dummy, edition,
                       likely, without_subsequent, directors)
    law = edition.paragraph(decision.law)
    if law == decision.law:
        return decision
    return EquityDecision(decision.applies, law, decision.reason, decision.likely_without_revokes, decision.tricks,
                          decision.phrase)


def _decide(standing: Sequence[tuple[Revoke, Transfer | None, RevokeEquity]], basis_tricks: int,
            after_adjustment: int, declaring_side: Side, induced_double_dummy: int | None,
            edition: Edition, measured: int | None = None, without_subsequent: int | None = None,
            directors: bool = False) -> EquityDecision:
    """:func:`decide_equity` under the 2017 paragraphs, the remedy named as ``edition`` names it."""
    remedy, key = ("automatic adjustment", "eq.64C1") if edition.remedy == LAWS_2017.remedy else \
        (edition.remedy, edition.key("eq.64C1"))
    if not standing:
        text = "no established revoke stands, so Law 64C has nothing to redress"
        return EquityDecision(False, "64C", text, None, None, Step("", text, "eq.none"))
    sides = {r.offending_side for r, _, _ in standing}
    if measured is not None:
        likely = clamp(measured)
    elif len(sides) == 2:  # each side's revoke charged to its side: the table result plus both changes
        likely = clamp(basis_tricks + sum(q.change for _, _, q in standing))
    else:
        likely = swing_measure([q for _, _, q in standing], basis_tricks)
    # the page's templates have one wording (the revoke; an edition's: the revoke(s)), so the English does too
    revokes = "revoke" if key == "eq.64C1" else "revoke(s)"
    if len(sides) == 2:
        if likely != after_adjustment:
            text = (f"both sides revoked: had no revoke occurred the declarer's side would likely have taken "
                    f"{likely} tricks, not {after_adjustment}; a contestant was damaged, so the score is adjusted")
            return EquityDecision(True, "64C2(b)", text, likely, likely,
                                  Step("", text, "eq.64C2b", {"likely": likely, "after": after_adjustment}))
        text = ("both sides revoked, but the likely result had no revoke occurred is the result as played: no "
                "contestant was damaged")
        return EquityDecision(False, "64C2(b)", text, likely, None, Step("", text, "eq.64C2b_not"))
    nos = next(iter(sides)).other
    if induced_double_dummy is not None:
        likely = clamp(induced_double_dummy)

    def for_nos(declarer_tricks: int) -> int:
        return declarer_tricks if nos is declaring_side else 13 - declarer_tricks

    if directors:
        return directors_equity(likely, nos, declaring_side, after_adjustment)

    chained = [q for _, t, q in standing if t is not None and "64B2" in t.exemptions]
    best, law = likely, "64C1"
    if chained:  # a repeated revoke in the same suit by the same player: 64C2(a) is its equity paragraph
        sub = without_subsequent if without_subsequent is not None else swing_measure(chained, basis_tricks)
        c2a = clamp(sub + after_adjustment - basis_tricks)
        if for_nos(c2a) >= for_nos(best):
            best, law = c2a, "64C2(a)"
    got, want = for_nos(after_adjustment), for_nos(best)
    params: dict[str, object] = {"side": nos.value, "got": got, "want": want}
    if want <= got:
        text = (f"the non-offending side ({nos.value}) has {got} tricks after the {remedy}, at least "
                f"the {want} it would likely have taken without the {revokes}: it is not insufficiently "
                "compensated, so no further adjustment")
        return EquityDecision(False, law, text, likely, None, Step("", text, f"{key}_not", params))
    if law == "64C2(a)":
        why = (f"had the subsequent revoke(s) in the same suit not occurred, keeping the earlier transfer, the "
               f"non-offending side ({nos.value}) would likely have taken {want} tricks, more than the {got} it has")
    else:
        why = (f"the non-offending side ({nos.value}) would likely have taken {want} tricks without the "
               f"{revokes}, more than the {got} it has after the {remedy}: it is insufficiently "
               "compensated")
    return EquityDecision(True, law, why, likely, best, Step("", why, "eq.64C2a" if law == "64C2(a)" else key, params))


def directors_equity(likely: int, nos: Side, declaring_side: Side, after_adjustment: int) -> EquityDecision:
    """Law 64C1 decided with the director's own figure (``likely``, declarer's side's tricks 0..13),
    with the play entered (``RevokeFacts.likely_without_revoke``) or from a reported revoke's facts
    (``RevokeReport.likely_without_revoke``): the score is adjusted to it when it gives the
    non-offending side ``nos`` more tricks than the automatic adjustment (``after_adjustment``,
    declarer's side's tricks); never less (64C is not punitive and never favours the offending
    side)."""
    got = after_adjustment if nos is declaring_side else 13 - after_adjustment
    want = likely if nos is declaring_side else 13 - likely
    params: dict[str, object] = {"side": nos.value, "got": got, "want": want, "likely": likely}
    if want > got:
        text = (f"on the director's own figure, not double dummy ({likely} tricks for the declarer's side), the "
                f"non-offending side ({nos.value}) would likely have taken {want} tricks without the revoke, more "
                f"than the {got} it has after the automatic adjustment: it is insufficiently compensated")
        return EquityDecision(True, "64C1", text, likely, likely, Step("", text, "eq.64C1_director", params))
    text = (f"on the director's own figure, not double dummy ({likely} tricks for the declarer's side), the "
            f"non-offending side ({nos.value}) would likely have taken {want} tricks without the revoke; it has {got} "
            "after the automatic adjustment, so it is not insufficiently compensated: no further adjustment")
    return EquityDecision(False, "64C1", text, likely, None, Step("", text, "eq.64C1_director_not", params))
