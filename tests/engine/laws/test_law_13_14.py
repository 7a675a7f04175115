"""Laws 13 and 14, pure: what is wrong with the hands as found, and the law path.

Expected values are worked by hand from Law 13 (../shared/seeds, Polish 2017 text), Law 14
and docs/laws.md section 10; no solver here.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidBoardError
from engine.laws.card_count import Action, CardCountFacts, Discovery, MissingCardFound, decide_card_count
from engine.laws.card_count_play import deemed_revoke_transfer, players_of
from engine.laws.card_irregularity import find_irregularity
from engine.laws.defective_trick import DefectKind, read_tricks
from engine.model import FULL_DECK, SEATS, Card, Deal, Seat, Suit
from engine.model.deal import parse_hand
from engine.model.seats import Side
from engine.scoring import Fault

RECORD = Deal.from_pbn("N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76")


def hands(n: str, e: str, s: str, w: str) -> dict[Seat, tuple[Card, ...]]:
    return {seat: parse_hand(h) for seat, h in zip(SEATS, (n, e, s, w), strict=True)}


def facts(discovered: str, **kw: object) -> CardCountFacts:
    return CardCountFacts(Discovery(discovered), **kw)  # type: ignore[arg-type]


# --- finding the irregularity ---------------------------------------------------------------------

def test_the_club_nine_in_wests_hand_is_a_moved_card_14_12():
    found = hands("T8752.6.AQ65.JT", "AQJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K976")
    irr = find_irregularity(found, RECORD)
    assert irr.counts == (12, 13, 13, 14)
    assert irr.law == "13"
    [m] = irr.moved
    assert (str(m.card), m.found_in, m.belongs_to) == ("C9", Seat.WEST, Seat.NORTH)
    assert irr.corrected == RECORD
    assert set(irr.incorrect_hands) == {Seat.NORTH, Seat.WEST}


def test_without_the_hand_record_a_14_12_cannot_be_corrected():
    found = hands("T8752.6.AQ65.JT", "AQJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K976")
    irr = find_irregularity(found)
    assert irr.law == "13" and irr.moved == () and irr.corrected is None
    assert irr.why_not_corrected is not None and "hand record" in irr.why_not_corrected


def test_a_second_ace_in_a_14_card_hand_is_the_surplus_copy_13c():
    # N5: West kept the SA of the previous board; South holds the deal's SA
    record = Deal.from_pbn("N:T8752.6.AQ65.JT9 KQJ9.J.T873.Q843 A3.9872.KJ94.A52 64.AKQT543.2.K76")
    found = hands("T8752.6.AQ65.JT9", "KQJ9.J.T873.Q843", "A3.9872.KJ94.A52", "A64.AKQT543.2.K76")
    irr = find_irregularity(found)
    assert irr.law == "13C"
    [x] = irr.surplus
    assert (str(x.card), x.found_in, x.certain) == ("SA", Seat.WEST, True)
    assert irr.missing == () and irr.corrected == record


def test_a_duplicate_in_two_13_card_hands_is_ambiguous_without_the_record():
    # N1: West holds a second S3 in place of the S6; dummy (North) holds the deal's S3
    found = hands("T8753.6.AQ65.JT9", "AQJ9.J.T873.Q843", "K2.9872.KJ94.A52", "43.AKQT543.2.K76")
    irr = find_irregularity(found)
    assert irr.law == "14"  # once a copy is removed a hand is short: a card is missing
    [x] = irr.surplus
    assert str(x.card) == "S3" and not x.certain
    [m] = irr.missing
    assert str(m.card) == "S6" and m.belongs_to is None
    assert irr.corrected is None
    record = Deal.from_pbn("N:T8753.6.AQ65.JT9 AQJ9.J.T873.Q843 K2.9872.KJ94.A52 64.AKQT543.2.K76")
    with_record = find_irregularity(found, record)
    [x] = with_record.surplus
    assert (x.found_in, x.certain) == (Seat.WEST, True)
    assert [(str(m.card), m.belongs_to) for m in with_record.missing] == [("S6", Seat.WEST)]


def test_a_missing_card_belongs_to_the_only_short_hand_law_14():
    found = hands("T8752.6.AQ65.JT9", "QJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K76")
    irr = find_irregularity(found)
    assert irr.law == "14"
    assert [(str(m.card), m.belongs_to) for m in irr.missing] == [("SA", Seat.EAST)]
    assert irr.corrected == RECORD


def test_thirteen_cards_each_but_not_the_record_is_a_fouled_board():
    found = hands("T8752.6.AQ65.JT9", "AQJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K76")
    swapped = Deal.from_pbn("N:T8752.J.AQ65.JT9 AQJ9.6.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76")
    irr = find_irregularity(found, swapped)
    assert irr.differs_from_record and not irr.is_regular and irr.law is None


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SEATS), st.sampled_from(SEATS), st.booleans())
def test_moving_any_one_card_between_two_hands_is_found(rnd: random.Random, src: Seat, dst: Seat,
                                                        with_record: bool):
    if src is dst:
        return
    cards = sorted(FULL_DECK)
    rnd.shuffle(cards)
    deal = Deal.from_hands({s: frozenset(cards[13 * i: 13 * i + 13]) for i, s in enumerate(SEATS)})
    card = rnd.choice(sorted(deal.hand(src)))
    found = {s: tuple(deal.hand(s)) for s in SEATS}
    found[src] = tuple(c for c in found[src] if c != card)
    found[dst] = (*found[dst], card)
    irr = find_irregularity(found, deal if with_record else None)
    assert irr.law == "13"
    assert irr.counts[SEATS.index(src)] == 12 and irr.counts[SEATS.index(dst)] == 14
    if with_record:
        assert [(m.card, m.found_in, m.belongs_to) for m in irr.moved] == [(card, dst, src)]
        assert irr.corrected == deal
    else:
        assert irr.corrected is None


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_a_correct_deal_never_reports_an_irregularity(rnd: random.Random, with_record: bool):
    cards = sorted(FULL_DECK)
    rnd.shuffle(cards)
    deal = Deal.from_hands({s: frozenset(cards[13 * i: 13 * i + 13]) for i, s in enumerate(SEATS)})
    irr = find_irregularity({s: tuple(deal.hand(s)) for s in SEATS}, deal if with_record else None)
    assert irr.is_regular and irr.law is None
    assert irr.surplus == irr.missing == irr.moved == ()


# --- the law path ---------------------------------------------------------------------------------

MOVED = hands("T8752.6.AQ65.JT", "AQJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K976")


def laws(decision) -> list[str]:  # type: ignore[no-untyped-def]
    return [s.law for s in decision.steps]


def test_13a1_before_any_call_correct_and_play_normally():
    d = decide_card_count(find_irregularity(MOVED, RECORD), facts("before_call"), has_contract=False)
    assert d.action is Action.CORRECT_AND_PLAY_ON and laws(d) == ["13A1"] and not d.adjusted


def test_13a2_a_card_seen_play_on_and_adjust_only_if_it_mattered():
    d = decide_card_count(find_irregularity(MOVED, RECORD), facts("before_call", card_seen=True), has_contract=False)
    assert d.action is Action.CORRECT_AND_PLAY_ON and laws(d) == ["13A2"] and not d.adjusted


def test_13b1_the_director_judges_the_calls_unaffected():
    d = decide_card_count(find_irregularity(MOVED, RECORD), facts("during_auction", calls_unaffected=True),
                          has_contract=False)
    assert d.action is Action.CORRECT_AND_PLAY_ON and laws(d) == ["13B1"]


def test_13b1_is_out_of_reach_once_the_moved_card_was_played():
    d = decide_card_count(find_irregularity(MOVED, RECORD), facts("during_play", calls_unaffected=True),
                          has_contract=True, moved_card_played=True)
    assert laws(d)[0] == "13B2" and d.adjusted


def test_13d_after_play_the_result_is_cancelled_assigned_when_the_deal_is_known():
    d = decide_card_count(find_irregularity(MOVED, RECORD), facts("after_play"), has_contract=True)
    assert laws(d) == ["13D", "12C1(b)"]
    assert d.action is Action.ASSIGNED_ADJUSTED_SCORE and d.assign
    # North (12) and West (14) both failed to count their cards: both sides directly at fault
    assert d.fault == {Side.NS: Fault.DIRECTLY, Side.EW: Fault.DIRECTLY}


def test_13d_without_the_record_is_artificial():
    d = decide_card_count(find_irregularity(MOVED), facts("after_play"), has_contract=True)
    assert laws(d) == ["13D", "12C2(a)"] and d.action is Action.ARTIFICIAL_ADJUSTED_SCORE


def test_14a_before_the_opening_lead_restore_and_continue():
    found = hands("T8752.6.AQ65.JT9", "QJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K76")
    d = decide_card_count(find_irregularity(found), facts("during_auction", missing_found=MissingCardFound.ELSEWHERE),
                          has_contract=False)
    assert laws(d) == ["14A", "14C"] and d.action is Action.CORRECT_AND_PLAY_ON


def test_14b_not_searched_yet_asks_for_the_search():
    found = hands("T8752.6.AQ65.JT9", "QJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K76")
    d = decide_card_count(find_irregularity(found), facts("during_play"), has_contract=True)
    assert d.action is Action.SEARCH_FOR_MISSING_CARD and laws(d) == ["14B"]


def test_14b3_not_found_reconstructed_and_the_revoke_laws_apply():
    found = hands("T8752.6.AQ65.JT9", "QJ9.J.T873.Q843", "K3.9872.KJ94.A52", "64.AKQT543.2.K76")
    d = decide_card_count(find_irregularity(found), facts("after_play", missing_found=MissingCardFound.NOT_FOUND),
                          has_contract=True)
    assert laws(d) == ["14B3", "14B4", "14C"] and d.revoke_check
    assert d.action is Action.SCORE_AFTER_REVOKE_RULING


def test_players_and_winners_follow_law_44_whatever_the_hands():
    cards = [Card.from_str(c) for c in "CJ C3 C2 CK HA H6 HJ H2".split()]
    players, winners = players_of(cards, Seat.NORTH, None)
    assert players == (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
    assert winners == (Seat.WEST, Seat.WEST)  # CK wins trick 1; HA wins trick 2 (no trumps)


def test_67b1_deemed_revoke_one_trick_if_the_offenders_won_that_trick_or_a_later_one():
    w = (Seat.NORTH, Seat.EAST, Seat.NORTH, Seat.NORTH)
    assert deemed_revoke_transfer(Seat.WEST, 2, w) == 1  # East won trick 2
    assert deemed_revoke_transfer(Seat.WEST, 3, w) == 0  # North-South won tricks 3 and 4
    assert deemed_revoke_transfer(Seat.WEST, 3, w, claim_tricks_to_offenders=1) == 1


# --- Law 67: reading a play given trick by trick (defective tricks) --------------------------------

def _holder(deal: str):
    d = Deal.from_pbn(deal)
    return d.holder


R1 = "N:Q743.A6.854.K532 J.987543.A92.JT9 AK852.KQT2.JT3.A T96.J.KQ76.Q8764"


def _cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def test_law_67b2_five_cards_one_player_played_two_the_hidden_one_is_restored():
    # West leads the DK; East plays the D2 with the H3 behind it. Who played two is told by who
    # held them; the H3 was found among the played cards (hidden), so the D2 stays.
    read = read_tricks([_cards("DK D4 D2 H3 D3")], _holder(R1), Seat.WEST, Suit.SPADES,
                       hidden=frozenset({Card.from_str("H3")}))
    [d] = read.defects
    assert (d.trick, d.offender, d.kind, str(d.left), [str(c) for c in d.restored], d.faced_known) == (
        1, Seat.EAST, DefectKind.PLAYED_TOO_MANY, "D2", ["H3"], True)
    assert read.players == ((Seat.WEST, Seat.NORTH, Seat.EAST, Seat.EAST, Seat.SOUTH),)
    assert read.winners == (Seat.WEST,)  # the DK, as at the table
    assert read.corrected_play == tuple(_cards("DK D4 D2 D3"))


def test_law_67b2_when_the_faced_card_is_unknown_the_highest_legal_card_stays():
    # East's two cards on a diamond lead: D9 and D2 (both legal): the D9 stays (67B2); a heart
    # and a diamond: only the diamond was legal, so it stays even though the heart ranks higher
    read = read_tricks([_cards("DK D4 D2 D9 D3")], _holder(R1), Seat.WEST, None)
    [d] = read.defects
    assert (str(d.left), str(d.restored[0]), d.faced_known) == ("D9", "D2", False)
    read = read_tricks([_cards("DK D4 H9 D2 D3")], _holder(R1), Seat.WEST, None)
    [d] = read.defects
    assert (str(d.left), str(d.restored[0])) == ("D2", "H9")


def test_law_67b1_three_cards_before_the_last_trick_one_player_did_not_play():
    # trick 1 without North's card; North (who held none of the three) is the offender; West's DK wins
    read = read_tricks([_cards("DK D2 D3"), _cards("D6 D5 DA DT")], _holder(R1), Seat.WEST, Suit.SPADES)
    [d] = read.defects
    assert (d.trick, d.offender, d.kind) == (1, Seat.NORTH, DefectKind.FAILED_TO_PLAY)
    assert read.winners == (Seat.WEST, Seat.EAST) and read.corrected_play is None


def test_law_67_a_trick_whose_cards_fit_no_player_is_422_material():
    with pytest.raises(InvalidBoardError) as err:  # five cards, but no two consecutive cards of one hand
        read_tricks([_cards("DK D2 D4 D3 H3")], _holder(R1), Seat.WEST, None)
    assert err.value.path == "play/0" and "five cards" in err.value.message
    with pytest.raises(InvalidBoardError) as err:
        read_tricks([_cards("DK D4"), _cards("D6 D5 DA DT")], _holder(R1), Seat.WEST, None)
    assert err.value.path == "play/0" and "2 card(s)" in err.value.message
