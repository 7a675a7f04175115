"""Property tests of revoke detection (Law 61A) and the whole ruling (Laws 62-64) on random boards.

Random deals (a permutation of the 52 cards), random contracts and random play records: legal,
or with revokes injected where the player to move could have followed suit. The ruling runs
against a fake double-dummy solver (any number of NS tricks in range for every legal card), so
these properties check the engine's bookkeeping, not bridge judgement.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from app.api.schemas.revoke_ruling import RevokeRulingResponse
from engine.dd.results import CardScores
from engine.errors import InvalidBoardError
from engine.laws.equity import MeasureKind
from engine.laws.facts import LeadRestriction, Noticed, PenaltyCard, RevokeFacts, RevokeReport
from engine.laws.revoke import RevokeKind, detect_revokes
from engine.model import FULL_DECK, SEATS, Card, Contract, Deal, Doubling, Seat, Side, Strain, Suit, Vulnerability
from engine.model.board import BoardRecord
from engine.model.position import Position
from engine.rulings.revoke import advise_revoke

DECK: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=lambda c: c.index))
# PROPS_EXAMPLES=3000 for a longer hunt
SETTINGS = settings(max_examples=int(os.environ.get("PROPS_EXAMPLES", "100")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# --------------------------------------------------------------------------------------------
# Generators
# --------------------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    perm = draw(st.permutations(DECK))
    return Deal.from_hands({s: frozenset(perm[13 * i: 13 * i + 13]) for i, s in enumerate(SEATS)})


@st.composite
def contracts(draw: st.DrawFn) -> Contract:
    return Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))),
                    draw(st.sampled_from(list(Doubling))), draw(st.sampled_from(SEATS)))


def trick_winner(cards: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Law 44 on its own (not the engine's): the highest trump, else the highest of the suit led."""
    led = cards[0][1].suit

    def key(sc: tuple[Seat, Card]) -> tuple[int, int]:
        c = sc[1]
        return (2 if c.suit == trump else 1 if c.suit == led else 0, int(c.rank))

    return max(cards, key=key)[0]


@dataclass
class Played:
    """A simulated play record, with what the test needs to know about it."""

    cards: list[Card]
    seats: list[Seat]
    winners: list[Seat]
    # the revokes injected: (play index, seat, card, suit led, the seat's cards of the suit led)
    revokes: list[tuple[int, Seat, Card, Suit, frozenset[Card]]]


def simulate(data: st.DataObject, deal: Deal, contract: Contract, length: int, *,
             revoke_at: Sequence[int] = (), max_revokes: int = 0) -> Played:
    """Play ``length`` cards from the opening lead. Each player follows suit when able, except at
    the first eligible point at or after each index of ``revoke_at`` (a follower holding the suit
    led and another suit), where he plays a card of another suit. At most ``max_revokes``
    revokes, and at most two per trick (three failures in a trick are a recording error)."""
    trump = contract.strain.trump
    hands = {s: set(deal.hand(s)) for s in SEATS}
    leader = contract.declarer.lho
    out = Played([], [], [], [])
    trick: list[tuple[Seat, Card]] = []
    pending = sorted(revoke_at)
    in_trick = 0
    for i in range(length):
        seat = leader.rotation()[len(trick)]
        held = hands[seat]
        if trick:
            led = trick[0][1].suit
            follow = sorted(c for c in held if c.suit == led)
            other = sorted(c for c in held if c.suit != led)
            want = bool(pending) and pending[0] <= i and len(out.revokes) < max_revokes and in_trick < 2
            if want and follow and other:
                ruffs = [c for c in other if c.suit == trump]
                # a ruff half of the time when possible: the revoke may then win the trick (64A1)
                ruff = bool(ruffs) and data.draw(st.booleans())
                card = data.draw(st.sampled_from(ruffs if ruff else other))
                out.revokes.append((i, seat, card, led, frozenset(follow)))
                pending.pop(0)
                in_trick += 1
            else:
                card = data.draw(st.sampled_from(follow or other))
        else:
            card = data.draw(st.sampled_from(sorted(held)))
        held.remove(card)
        trick.append((seat, card))
        out.cards.append(card)
        out.seats.append(seat)
        if len(trick) == 4:
            leader = trick_winner(trick, trump)
            out.winners.append(leader)
            trick = []
            in_trick = 0
    return out


class FakeSolver:
    """Answers every legal card of the player to move with a deterministic count of NS tricks
    in 0..tricks_left (legal: the suit led if held, else any card)."""

    def __init__(self) -> None:
        self.calls = 0

    def solve_positions(self, positions: Sequence[Position]) -> dict[Position, CardScores]:
        self.calls += 1
        out: dict[Position, CardScores] = {}
        for pos in positions:
            pos.verify()
            to_play = pos.to_play
            hand = pos.hand(to_play)
            if pos.trick:
                led = pos.trick[0].suit
                legal = [c for c in hand if c.suit == led] or list(hand)
            else:
                legal = list(hand)
            assert legal, f"no card to play in {pos}"
            left = pos.tricks_left
            salt = (pos.hands[0] * 3 + pos.hands[1] * 5 + pos.hands[2] * 7 + pos.hands[3] * 11 + len(pos.trick)) % 1009
            scores = tuple((c, (c.index * 37 + salt) % (left + 1)) for c in sorted(legal))
            out[pos] = CardScores(to_play, left, scores)
        return out


def nos_tricks(declarer_tricks: int, nos: Side, declaring: Side) -> int:
    return declarer_tricks if nos is declaring else 13 - declarer_tricks


# --------------------------------------------------------------------------------------------
# Law 61A: detection
# --------------------------------------------------------------------------------------------


@SETTINGS
@given(deal=deals(), contract=contracts(), length=st.integers(0, 52), data=st.data())
def test_legal_play_has_no_revoke(deal: Deal, contract: Contract, length: int, data: st.DataObject) -> None:
    played = simulate(data, deal, contract, length)
    record = BoardRecord(deal, contract, Vulnerability.NONE, tuple(played.cards)).play_record()
    assert record.winners == tuple(played.winners)
    assert [pc.seat for pc in record.cards] == played.seats
    assert detect_revokes(record, contract, RevokeFacts()) == ()


@SETTINGS
@given(deal=deals(), contract=contracts(), length=st.integers(2, 52), data=st.data())
def test_one_injected_revoke_is_found_once(deal: Deal, contract: Contract, length: int, data: st.DataObject) -> None:
    at = data.draw(st.integers(1, length - 1), label="revoke_at")
    played = simulate(data, deal, contract, length, revoke_at=[at], max_revokes=1)
    assume(played.revokes)
    [(i, seat, card, led, follow)] = played.revokes
    record = BoardRecord(deal, contract, Vulnerability.NONE, tuple(played.cards)).play_record()
    found = detect_revokes(record, contract, RevokeFacts())
    assert len(found) == 1
    [r] = found
    assert r.play_index == i
    assert r.trick == i // 4 + 1
    assert r.position == i % 4 + 1
    assert r.offender == seat
    assert r.card == card
    assert r.suit == led
    assert r.kind is RevokeKind.FAILURE_TO_FOLLOW
    assert r.alternatives == follow
    assert r.by_dummy == (seat == contract.dummy)
    assert r.offending_side is seat.side


# --------------------------------------------------------------------------------------------
# Laws 62-64 through the advisor, with a fake solver
# --------------------------------------------------------------------------------------------


@st.composite
def facts_for(draw: st.DrawFn, played: Played, deal: Deal, contract: Contract) -> RevokeFacts:
    completed = len(played.winners)
    unplayed = 13 - completed
    claim = draw(st.none() | st.integers(0, unplayed))
    claim_by = draw(st.none() | st.sampled_from(SEATS))
    lead_restrictions: list[LeadRestriction] = []
    tricks = (len(played.cards) + 3) // 4
    if tricks and draw(st.booleans()):
        k = draw(st.integers(1, tricks))
        leader = played.seats[4 * (k - 1)]
        lead_restrictions.append(LeadRestriction(k, leader, draw(st.sampled_from(list(Suit))), draw(st.booleans())))
    penalty_cards: list[PenaltyCard] = []
    if draw(st.booleans()):
        seat = draw(st.sampled_from([contract.declarer.lho, contract.declarer.rho]))
        card = draw(st.sampled_from(sorted(deal.hand(seat))))
        penalty_cards.append(PenaltyCard(seat, card, draw(st.integers(1, 13)), draw(st.booleans())))
    return RevokeFacts(
        noticed=draw(st.sampled_from(list(Noticed))),
        claim_declarer_tricks=claim,
        claim_by=claim_by,
        claim_contested=claim_by is not None and draw(st.booleans()),  # a disputed claim names its claimer
        penalty_cards=tuple(penalty_cards),
        lead_restrictions=tuple(lead_restrictions),
        rest_valued_double_dummy=claim is None,  # the record ends in a claim: its figure, or valued double dummy
    )


@SETTINGS
@given(deal=deals(), contract=contracts(), vul=st.sampled_from(list(Vulnerability)),
       length=st.integers(0, 52), data=st.data())
def test_advice_invariants(deal: Deal, contract: Contract, vul: Vulnerability, length: int,
                           data: st.DataObject) -> None:
    n_revokes = data.draw(st.integers(0, 3), label="revokes") if length > 1 else 0
    at = data.draw(st.lists(st.integers(1, max(1, length - 1)), min_size=n_revokes, max_size=n_revokes),
                   label="revoke_at")
    played = simulate(data, deal, contract, length, revoke_at=at, max_revokes=n_revokes)
    facts = data.draw(facts_for(played, deal, contract), label="facts")
    board = BoardRecord(deal, contract, vul, tuple(played.cards))
    solver = FakeSolver()

    advice = advise_revoke(board, facts=facts, solver=solver)

    # one batch per ruling; a second (the value after every card) only for the evidence of damage
    # induced later in the play (64C1)
    assert solver.calls == 1 + (advice.induced is not None)
    side = contract.declaring_side
    # every failure to follow injected is found (penalty-card and lead-restriction revokes may add more)
    found = {x.revoke.play_index for x in advice.rulings}
    assert {i for i, *_ in played.revokes} <= found
    assert [x.revoke.play_index for x in advice.rulings] == sorted(found)

    # transfers: 0, 1 or 2 tricks; none for a revoke that is not established
    for x in advice.rulings:
        if x.transfer is not None:
            assert x.transfer.tricks in (0, 1, 2)
            assert x.establishment.established
        if not x.establishment.established:
            assert x.transfer is None and x.equity is None

    # every trick count is 0..13
    counts = [advice.table_tricks, advice.after_adjustment, advice.suggested_tricks, advice.claim.declarer_tricks]
    counts += [c for c in (advice.likely_without_revokes, advice.double_dummy_without_revoke) if c is not None]
    for x in advice.rulings:
        if x.equity is not None:
            counts += [x.equity.dd_before, x.equity.dd_after, *(n for _, n in x.equity.dd_by_card)]
    assert all(0 <= c <= 13 for c in counts), counts
    assert 0 <= advice.claim.declarer_tricks <= advice.claim.tricks == 13 - len(played.winners)

    # the table result: the completed tricks of the declarer's side plus the claim's figure
    completed = sum(1 for w in played.winners if w.side is side)
    if len(played.cards) < 52 and facts.claim_declarer_tricks is not None:
        assert advice.claim.assumed is False
        assert advice.claim.declarer_tricks == facts.claim_declarer_tricks
        assert advice.table_tricks == completed + facts.claim_declarer_tricks
    if len(played.cards) == 52:
        assert advice.claim.tricks == 0 and advice.table_tricks == completed
    else:
        assert advice.claim.assumed is (facts.claim_declarer_tricks is None)
        assert advice.table_tricks == completed + advice.claim.declarer_tricks

    # no revoke: the table result stands
    if not advice.rulings:
        assert advice.after_adjustment == advice.suggested_tricks == advice.table_tricks
        assert advice.score_ns_suggested == advice.score_ns_table

    # one offending side: the non-offending side is never worse off than after the automatic adjustment
    sides = {x.revoke.offending_side for x in advice.rulings}
    if len(sides) == 1:
        nos = next(iter(sides)).other
        assert nos_tricks(advice.suggested_tricks, nos, side) >= nos_tricks(advice.after_adjustment, nos, side)
        # and the automatic transfers move tricks only towards the non-offending side
        if not any(x.establishment.correction is not None for x in advice.rulings):
            assert nos_tricks(advice.after_adjustment, nos, side) >= nos_tricks(advice.table_tricks, nos, side)

    event(f"revokes: {len(advice.rulings)}")
    event(f"offending sides: {len(sides)}")
    for x in advice.rulings:
        event(f"kind {x.revoke.kind.value}, {x.establishment.law}, transfer "
              f"{x.transfer.tricks if x.transfer else None} ({x.transfer.law if x.transfer else '-'})")
    event(f"suggested by {advice.suggested_law}")

    # the HTTP layer serialises every advice
    out = RevokeRulingResponse.from_advice(advice)
    assert out.suggested.declarer_tricks == advice.suggested_tricks
    assert len(out.revokes) == len(advice.rulings)
    assert all(r.tricks_transferred in (0, 1, 2) for r in out.revokes)


@SETTINGS
@given(deal=deals(), contract=contracts(), length=st.integers(2, 52), noticed=st.sampled_from(list(Noticed)),
       contested=st.booleans(), claim_by=st.none() | st.sampled_from(SEATS), data=st.data())
def test_one_revoke_ruling_matches_the_law(deal: Deal, contract: Contract, length: int, noticed: Noticed,
                                           contested: bool, claim_by: Seat | None, data: st.DataObject) -> None:
    """One failure to follow, ruled from docs/laws.md section 9 written out independently:
    63A establishment, 62D1, 64A1/64A2 with 64B1/B3/B4/B5/B6, then 64C1."""
    at = data.draw(st.integers(1, length - 1), label="revoke_at")
    played = simulate(data, deal, contract, length, revoke_at=[at], max_revokes=1)
    assume(played.revokes)
    [(i, offender, _card, _led, _follow)] = played.revokes
    completed = len(played.winners)
    claim = data.draw(st.none() | st.integers(0, 13 - completed), label="claim")
    facts = RevokeFacts(noticed=noticed, claim_declarer_tricks=claim, claim_by=claim_by, claim_contested=contested,
                        rest_valued_double_dummy=claim is None)
    board = BoardRecord(deal, contract, Vulnerability.NONE, tuple(played.cards))
    solver = FakeSolver()
    side, os_ = contract.declaring_side, offender.side
    nos = os_.other
    k = i // 4 + 1
    # Law 63A: established when the offending side played to trick k+1 (63A1), or by a claim that
    # ended play: the offending side's own, disputed or not (63A3), or an opponent's that the
    # offending side agreed to (63A4); a disputed claim must say who made it
    next_trick = range(4 * k, min(4 * k + 4, len(played.cards)))
    played_on = any(played.seats[j].side is os_ for j in next_trick)
    claim_ended = len(played.cards) < 52 and noticed is not Noticed.DURING_PLAY
    if claim_ended and not played_on and contested and claim_by is None:
        with pytest.raises(InvalidBoardError):
            advise_revoke(board, facts=facts, solver=solver)
        return
    advice = advise_revoke(board, facts=facts, solver=solver)
    [x] = advice.rulings
    assert (x.revoke.play_index, x.revoke.offender, x.revoke.trick) == (i, offender, k)
    by_offenders = claim_by is None or claim_by.side is os_
    established = played_on or (claim_ended and (by_offenders or not contested))
    assert x.establishment.established is established
    if not established:
        assert x.establishment.law == "62A" and x.transfer is None and x.equity is None
        return
    trick12 = k == 12 and noticed in (Noticed.DURING_PLAY, Noticed.AFTER_PLAY)
    assert (x.establishment.correction is not None) is trick12
    if trick12:
        assert x.establishment.correction is not None
        assert x.establishment.correction.value == "62D1" and x.transfer is None
        return
    assert x.transfer is not None

    # Law 64A/64B on the table result (the claim's tricks count as won after every recorded trick)
    rest_os = advice.claim.declarer_tricks if os_ is side else advice.claim.tricks - advice.claim.declarer_tricks
    winner = played.winners[k - 1] if k <= completed else None
    os_later = sum(1 for w in played.winners[k:] if w.side is os_) + rest_os
    os_won_k = winner is not None and winner.side is os_
    exempt = []
    if not os_won_k and os_later == 0:
        exempt.append("64B1")
    if offender == contract.dummy:
        exempt.append("64B3")
    if noticed is Noticed.AFTER_NEXT_DEAL_CALL:
        exempt.append("64B4")
    if noticed is Noticed.AFTER_ROUND_ENDED:
        exempt.append("64B5")
    if k == 12:
        exempt.append("64B6")
    if exempt:
        expected, law = 0, exempt[0]
    elif winner == offender:
        expected, law = 1 + (os_later >= 1), "64A1"
    else:
        expected, law = 1, "64A2"
    assert (x.transfer.tricks, x.transfer.law, x.transfer.exemptions) == (expected, law, tuple(exempt))
    shift = expected if nos is side else -expected
    assert advice.after_adjustment == advice.table_tricks + shift

    # Law 64C1 from the solver's own numbers: the offender's best legal card before the revoke
    before = board.play_record().position_before(i)
    answers = solver.solve_positions([before])[before]
    won = sum(1 for w in played.winners[: i // 4] if w.side is side)
    values = [won + answers.side_tricks(c, side) for c in sorted(x.revoke.alternatives)]
    dd_before = max(values) if os_ is side else min(values)
    assert x.equity is not None and x.equity.dd_before == dd_before
    # the measures (issue 34): the swing is the table result plus what the revoke card changed; the
    # ruling takes the table's own play when the record goes on past the revoke trick, else the swing
    swing = max(0, min(13, advice.table_tricks + dd_before - x.equity.dd_after))
    figures = {m.kind: m.tricks for m in advice.measures}
    assert figures[MeasureKind.SWING] == swing and figures[MeasureKind.DOUBLE_DUMMY] == dd_before
    past = len(played.cards) > 4 * k
    used = MeasureKind.TABLE_PLAY if past else MeasureKind.SWING
    assert advice.measure_used is used and advice.likely_without_revokes == figures[used]
    likely = figures[used]

    def for_nos(t: int) -> int:
        return nos_tricks(t, nos, side)

    assert advice.suggested_tricks == (likely if for_nos(likely) > for_nos(advice.after_adjustment)
                                       else advice.after_adjustment)
    assert advice.law_64c.applies is (for_nos(likely) > for_nos(advice.after_adjustment))


@SETTINGS
@given(deal=deals(), contract=contracts(), vul=st.sampled_from(list(Vulnerability)), data=st.data())
def test_the_play_entered_in_part_with_the_table_result_rules_as_the_whole_play(
        deal: Deal, contract: Contract, vul: Vulnerability, data: st.DataObject) -> None:
    """The director rebuilds the play only up to some trick at or after the last revoke and gives the
    table result (Law 79A): the transfers and the score to enter are those of the whole play, since
    64A/64B count the offending side's tricks after the revoke, not which of them it won. With one
    revoke before trick 12, the facts alone (64A/64B without the play) give the same adjustment."""
    n_revokes = data.draw(st.integers(1, 2), label="revokes")
    at = data.draw(st.lists(st.integers(1, 47), min_size=n_revokes, max_size=n_revokes), label="revoke_at")
    played = simulate(data, deal, contract, 52, revoke_at=at, max_revokes=n_revokes)
    assume(played.revokes)
    side = contract.declaring_side
    table = sum(1 for w in played.winners if w.side is side)
    whole = advise_revoke(BoardRecord(deal, contract, vul, tuple(played.cards)), facts=RevokeFacts(),
                          solver=FakeSolver())
    last = max(i for i, *_ in played.revokes) // 4 + 1  # the last revoke's trick
    cut = data.draw(st.integers(last, 13), label="tricks_entered")
    part = advise_revoke(BoardRecord(deal, contract, vul, tuple(played.cards[:4 * cut])),
                         facts=RevokeFacts(table_result=table), solver=FakeSolver())
    assert part.table_tricks == whole.table_tricks == table
    assert [(x.revoke.play_index, x.establishment.law, x.transfer) for x in part.rulings] == \
        [(x.revoke.play_index, x.establishment.law, x.transfer) for x in whole.rulings]
    assert part.after_adjustment == whole.after_adjustment
    # 64C measured by the swing is the same from the part as from the whole; the table's own play
    # without the revoke may follow the whole record further than the part entered (issue 34)
    if part.measure_used is whole.measure_used is MeasureKind.SWING:
        assert (part.suggested_tricks, part.suggested_law) == (whole.suggested_tricks, whole.suggested_law)
    assert part.claim.played_out is (cut < 13)

    if len(played.revokes) == 1 and last < 12:
        _, seat, *_ = played.revokes[0]
        after = sum(1 for w in played.winners[last:] if w.side is seat.side)
        report = RevokeReport(last, seat, played.winners[last - 1], after)
        solver = FakeSolver()
        facts_only = advise_revoke(BoardRecord(deal, contract, vul, ()), solver=solver,
                                   facts=RevokeFacts(table_result=table, reported=report))
        assert facts_only.facts_only and solver.calls == 0  # nothing to solve without the play
        [x], [y] = facts_only.rulings, whole.rulings
        assert x.transfer is not None and y.transfer is not None
        assert (x.transfer.law, x.transfer.tricks) == (y.transfer.law, y.transfer.tricks)
        assert facts_only.after_adjustment == whole.after_adjustment
        event(f"facts only: {x.transfer.law} x{x.transfer.tricks}")
