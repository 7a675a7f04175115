"""Laws 61-63: finding revokes, establishment (63A) and correction (62A, 62C3, 62D).

Expected values are worked by hand from the play records (docs/laws.md sections 4-6, 9.2).
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalPlayError, InvalidBoardError
from engine.laws.facts import LeadRestriction, Noticed, PenaltyCard, RevokeFacts
from engine.laws.revoke import Correction, RevokeKind, assess_establishment, detect_revokes
from engine.model import Card, Seat, Suit
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, board


def _assess(b, facts=None):
    facts = facts or RevokeFacts()
    rec = b.play_record()
    revokes = detect_revokes(rec, b.contract, facts)
    return revokes, [assess_establishment(r, revokes, rec, b.contract, facts) for r in revokes]


def test_law_61a_south_discard_on_heart_lead_is_the_only_revoke_in_sponvo30_board_21():
    revokes, _ = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY))
    assert len(revokes) == 1
    r = revokes[0]
    assert (r.trick, r.position, r.offender, r.card, r.suit) == (3, 4, Seat.SOUTH, Card.from_str("D4"), Suit.HEARTS)
    assert r.alternatives == {Card.from_str(c) for c in ("H9", "H8", "H7")}
    assert r.kind is RevokeKind.FAILURE_TO_FOLLOW and not r.by_dummy


def test_law_63a1_established_when_offenders_partner_plays_to_the_next_trick():
    # trick 4: W leads HQ, then N (the offender's partner) plays D5
    _, [est] = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:14]), RevokeFacts(noticed=Noticed.DURING_PLAY))
    assert est.established and est.law == "63A1" and est.correction is None


def test_law_62a_not_established_before_the_offending_side_plays_to_the_next_trick():
    # only W has led to trick 4 when attention is drawn: South must correct; D4 from a defender's
    # unfaced hand becomes a major penalty card (62B1)
    _, [est] = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:13]), RevokeFacts(noticed=Noticed.DURING_PLAY))
    assert not est.established and est.law == "62A"
    assert est.correction is Correction.NOT_ESTABLISHED and est.penalty_card


@pytest.mark.parametrize(("claim_by", "law"), [(Seat.SOUTH, "63A3"), (Seat.NORTH, "63A3"), (Seat.WEST, "63A4")])
def test_law_63a3_a4_claim_right_after_the_revoke_trick_establishes_it(claim_by, law):
    # play stops after trick 3 with a claim: by the offending side (63A3) or agreed to by it (63A4)
    _, [est] = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:12]), RevokeFacts(claim_by=claim_by))
    assert est.established and est.law == law


def test_law_63a4_contested_claim_leaves_the_revoke_unestablished_wbflc_2000():
    # rulings.md R17/R18: declarer claims, a defender disputes: no agreement, correct the revoke
    _, [est] = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:12]),
                       RevokeFacts(claim_by=Seat.WEST, claim_contested=True))
    assert not est.established and est.correction is Correction.NOT_ESTABLISHED


@pytest.mark.parametrize("claim_by", [Seat.SOUTH, Seat.NORTH])
def test_law_63a3_offending_sides_own_claim_establishes_the_revoke_even_when_disputed(claim_by):
    # 63A3: "when a member of the offending side makes a claim or concession"; no agreement by the
    # opponents is needed (that is 63A4, for an opponent's claim). South revoked at trick 3; play
    # stops there with a claim by South or North that East-West dispute.
    _, [est] = _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:12]),
                       RevokeFacts(claim_by=claim_by, claim_contested=True))
    assert est.established and est.law == "63A3" and est.correction is None
    assert "disputed" in est.reason


def test_law_63a_a_disputed_claim_by_nobody_named_asks_who_claimed():
    # 63A3 or 63A4 turns on who claimed: the advisor does not guess
    with pytest.raises(InvalidBoardError) as err:
        _assess(board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:12]), RevokeFacts(claim_contested=True))
    assert err.value.path == "claim_by" and "63A3" in err.value.message


# A deal built by hand for the twelfth trick (rulings.md R6): hearts trumps, South declares.
# Tricks 1-11 all follow suit and North wins each with the top card; at trick 12 North leads
# S2 and East ruffs with HJ while holding S5.
TWELVE_DEAL = "N:A92.A95.AT6.AT62 K85.KJ84.K95.K95 QJ74.Q73.Q84.Q84 T63.T62.J732.J73"
TWELVE_PLAY = ("ST SA SK SJ  S9 S8 S7 S3  HA HK HQ HT  H9 H8 H7 H6  H5 H4 H3 H2  DA DK DQ DJ  DT D9 D8 D7  "
               "D6 D5 D4 D3  CA CK CQ CJ  CT C9 C8 C7  C6 C5 C4 C3  S2 HJ S4 S6  S5 SQ D2 C2").split()


def test_law_62d1_trick_twelve_revoke_noticed_before_hands_returned_is_corrected():
    revokes, [est] = _assess(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY))
    assert [(r.trick, r.offender, str(r.card)) for r in revokes] == [(12, Seat.EAST, "HJ")]
    assert est.established and est.law == "63A1"  # East led to trick 13
    assert est.correction is Correction.TRICK_TWELVE


def test_law_62d1_does_not_apply_after_the_hands_are_returned():
    _, [est] = _assess(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY), RevokeFacts(noticed=Noticed.AFTER_HANDS_RETURNED))
    assert est.established and est.correction is None


def test_law_61a_dummy_revoke_is_flagged_as_dummys():
    # same deal, North declares: South is dummy. Trick 1: East leads S5, South (dummy)
    # discards H3 while holding spades, West S6, North SA.
    play = "S5 H3 S6 SA".split()
    revokes, _ = _assess(board(TWELVE_DEAL, "6H", "N", play))
    [r] = revokes
    assert r.offender is Seat.SOUTH and r.by_dummy


def test_law_61a_failing_to_play_a_major_penalty_card_is_a_revoke():
    # North declares; East's SK is a major penalty card from trick 1. East is on lead and
    # leads S8 instead of the penalty card (50D: first legal opportunity, leading included):
    # a revoke under 61A (no automatic adjustment: 64B3)
    facts = RevokeFacts(penalty_cards=(PenaltyCard(Seat.EAST, Card.from_str("SK")),))
    revokes, _ = _assess(board(TWELVE_DEAL, "6H", "N", "S8 S7 S3 SA"), facts)
    [r] = revokes
    assert r.kind is RevokeKind.PENALTY_CARD and r.offender is Seat.EAST
    assert r.alternatives == {Card.from_str("SK")}


def test_law_61a_penalty_card_played_is_no_revoke():
    facts = RevokeFacts(penalty_cards=(PenaltyCard(Seat.EAST, Card.from_str("SK")),))
    revokes, _ = _assess(board(TWELVE_DEAL, "6H", "N", "SK S7 S3 SA"), facts)
    assert revokes == ()


def test_law_61a_lead_restriction_broken_is_a_revoke_rulings_r1():
    # rulings.md R1: West required to lead a heart, led DK holding HJ
    deal = "N:Q743.A6.854.K532 J.987543.A92.JT9 AK852.KQT2.JT3.A T96.J.KQ76.Q8764"
    facts = RevokeFacts(lead_restrictions=(LeadRestriction(1, Seat.WEST, Suit.HEARTS),))
    revokes, [est] = _assess(board(deal, "4S", "S", "DK D4 D2 D3 D6 D5 DA DT"), facts)
    [r] = revokes
    assert (r.kind, r.offender, r.card, r.alternatives) == (
        RevokeKind.LEAD_RESTRICTION, Seat.WEST, Card.from_str("DK"), {Card.from_str("HJ")})
    assert est.established and est.law == "63A1"  # West led to trick 2


def test_penalty_card_of_declarer_is_refused():
    facts = RevokeFacts(penalty_cards=(PenaltyCard(Seat.SOUTH, Card.from_str("SQ")),))
    with pytest.raises(InvalidBoardError, match="only a defender"):
        _assess(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY), facts)


def test_lead_restriction_for_a_player_not_on_lead_is_refused():
    facts = RevokeFacts(lead_restrictions=(LeadRestriction(2, Seat.WEST, Suit.HEARTS),))
    with pytest.raises(InvalidBoardError, match="was not on lead at trick 2"):
        _assess(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY), facts)


def test_card_not_held_names_the_card_and_its_holder():
    play = [*SPONVO30_PLAY[:5], "HK"]  # trick 2: W led HA, N must play; HK is West's
    with pytest.raises(IllegalPlayError, match=r"HK .* not in N's hand; the deal gives it to W") as exc:
        board(SPONVO30_DEAL, "4H", "W", play).play_record()
    assert exc.value.path == "play/5"


def test_card_played_twice_is_refused():
    play = [*SPONVO30_PLAY[:4], "CK"]
    with pytest.raises(IllegalPlayError, match="CK is played twice"):
        board(SPONVO30_DEAL, "4H", "W", play).play_record()


def test_three_players_failing_to_follow_in_one_trick_is_a_recording_error():
    # trick 1 of the twelfth-trick deal, West declares (North leads): N leads HA; E, S and W
    # all discard while holding hearts
    with pytest.raises(InvalidBoardError, match="3 players fail to follow"):
        _assess(board(TWELVE_DEAL, "3N", "W", "HA SK SQ ST"))


def test_incomplete_deal_is_refused_with_law_13():
    deal = "N:AKQJT98765432... - - -"
    with pytest.raises(InvalidBoardError) as exc:
        board(deal, "4H", "W", []).play_record()
    assert exc.value.law == "14" and exc.value.path == "deal"
