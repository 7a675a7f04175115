"""Law 64A/64B automatic trick adjustment and Law 64C equity, from the rulings of
docs/rulings.md part A. Pure law functions: the trick winners and the double-dummy evidence
are the facts the sources state, worked by hand; no solver.
"""

from __future__ import annotations

import pytest

from engine.laws.equity import RevokeEquity, decide_equity, later_losses, swing_measure
from engine.laws.facts import Noticed, RevokeFacts
from engine.laws.revoke import Correction, Establishment, Revoke, RevokeKind
from engine.laws.transfer import TrickOwnership, automatic_transfers, tricks_after_transfers
from engine.model import Card, Seat, Side, Suit

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
EST = Establishment(True, "63A1", "the offending side played to the next trick", None, False)


def rev(trick: int, offender: Seat, suit: str = "H", *, kind=RevokeKind.FAILURE_TO_FOLLOW, dummy=False) -> Revoke:
    """A revoke at ``trick``; the card and alternatives do not matter to 64A/B."""
    return Revoke(trick, 2, 4 * (trick - 1) + 1, offender, Card.from_str("C2"), Suit(suit), kind,
                  frozenset({Card.from_str(f"{suit}3")}), dummy)


def own(winners: str, declaring: Side, rest_declarer: int = 0, rest_defence: int = 0) -> TrickOwnership:
    """Trick winners as a string of seat letters, trick 1 first."""
    return TrickOwnership(tuple(Seat(c) for c in winners), rest_declarer, rest_defence, declaring)


def transfers(revokes, ownership, facts=None, est=EST):
    return automatic_transfers(tuple((r, est) for r in revokes), ownership, facts or RevokeFacts())


def test_law_64a2_rulings_r3_trump_revoke_later_ruff_one_trick():
    # 4S by S. West fails to follow to a trump at trick 3 (North wins); West ruffs at trick 7.
    [t] = transfers([rev(3, W, "S")], own("SNNSSSWSSSSSE", Side.NS))
    assert (t.law, t.tricks) == ("64A2", 1)


def test_law_64a2_rulings_r4_revoke_trick_won_by_declarer_one_trick_even_with_two_later_tricks():
    # 4S by N; trick 3: West discards on spades, North wins; E-W win tricks 8 and 13
    [t] = transfers([rev(3, W, "S")], own("NNNNNNNENNNNW", Side.NS))
    assert (t.law, t.tricks) == ("64A2", 1)


def test_law_64a2_rulings_r5_revoke_not_won_gives_one_not_two():
    # the old (1997) code gave two tricks when the revoker later won a trick in the suit
    [t] = transfers([rev(4, E, "D")], own("NNSNEENNENNNN", Side.NS))
    assert (t.law, t.tricks) == ("64A2", 1)


def test_law_64a1_rulings_r1_offender_wins_revoke_trick_two_tricks():
    # 4S by S: West won trick 1 with the revoke (DK), E-W also won tricks 2, 3 and 12
    ownership = own("WEWSSNNSSSSWN", Side.NS)
    [t] = transfers([rev(1, W, "H", kind=RevokeKind.LEAD_RESTRICTION)], ownership)
    assert (t.law, t.tricks) == ("64A1", 2)
    assert tricks_after_transfers(9, (rev(1, W),), (t,), Side.NS) == 11


def test_law_64a1_only_the_revoke_trick_when_no_later_trick_was_won():
    [t] = transfers([rev(11, W)], own("NNNNNNNNNNWNN", Side.NS))
    assert (t.law, t.tricks) == ("64A1", 1)


def test_law_64a1_tricks_from_the_claim_count_as_won_later():
    # a 9-trick record, West won trick 5 with the revoke; E-W get 1 of the 4 claimed tricks
    [t] = transfers([rev(5, W, "C")], own("NSSSWSSSN", Side.NS, rest_declarer=3, rest_defence=1))
    assert (t.law, t.tricks) == ("64A1", 2)
    [t] = transfers([rev(5, W, "C")], own("NSSSWSSSN", Side.NS, rest_declarer=4, rest_defence=0))
    assert (t.law, t.tricks) == ("64A1", 1)


def test_law_64b1_offending_side_won_neither_revoke_trick_nor_later():
    [t] = transfers([rev(5, E)], own("EWNNSSSSSSNNN", Side.NS))
    assert (t.law, t.tricks) == ("64B1", 0)


def test_law_64a2_rulings_r25_partner_wins_revoke_trick_no_later_trick_still_one():
    # Queensland Q18: a defender revokes at trick 10, partner wins it, no later tricks: not 64B1
    [t] = transfers([rev(10, E)], own("NNNNNNNNNWNNN", Side.NS))
    assert (t.law, t.tricks) == ("64A2", 1)


def test_law_64a2_rulings_r24_r26_declarer_revokes_dummy_wins_one_trick():
    # the footnote: a trick won in dummy is not won by declarer, so 64A2 (not 64A1), even
    # though the declaring side wins nothing later
    [t] = transfers([rev(2, S)], own("ENEEEEEEEEEEE", Side.NS))
    assert (t.law, t.tricks) == ("64A2", 1)


def test_law_64a2_rulings_r21_declarer_revokes_trick_one_in_slam_one_trick():
    # 6HX by W; North's DA wins trick 1, West revokes; W-E take the rest
    [t] = transfers([rev(1, W, "D")], own("NWWWWWWWWWWWW", Side.EW))
    assert (t.law, t.tricks) == ("64A2", 1)
    assert tricks_after_transfers(12, (rev(1, W, "D"),), (t,), Side.EW) == 11


def test_law_64b2_rulings_r10_same_player_same_suit_second_revoke_gets_nothing():
    # first revoke won by the offender (64A1: 2), second in the same suit not won: 64B2
    ownership = own("NNWNSNWNNEENN", Side.NS)
    t1, t2 = transfers([rev(3, W, "H"), rev(5, W, "H")], ownership)
    assert (t1.law, t1.tricks) == ("64A1", 2)
    assert (t2.law, t2.tricks, t2.exemptions) == ("64B2", 0, ("64B2",))


def test_law_64a2_rulings_r10_different_suit_second_revoke_one_more_trick():
    ownership = own("NNWNSNWNNEENN", Side.NS)
    t1, t2 = transfers([rev(3, W, "H"), rev(5, W, "D")], ownership)
    assert (t1.tricks, t2.law, t2.tricks) == (2, "64A2", 1)


def test_law_64a_each_trick_is_transferred_once_and_the_shortfall_is_flagged():
    # two revokes by different E-W players, E-W won only trick 12 from the first revoke on
    t1, t2 = transfers([rev(3, W, "H"), rev(5, E, "D")], own("NNNNNNNNNNNWN", Side.NS))
    assert (t1.law, t1.tricks) == ("64A2", 1)
    assert (t2.law, t2.tricks, t2.capped) == ("64A2", 0, True)


def test_law_64b3_rulings_r7_dummy_revoke_no_transfer():
    [t] = transfers([rev(4, N, "D", dummy=True)], own("NNSNEENNENNNN", Side.NS))
    assert (t.law, t.tricks) == ("64B3", 0)


def test_law_64b3_rulings_r8_failure_to_play_penalty_card_no_transfer():
    [t] = transfers([rev(4, E, "C", kind=RevokeKind.PENALTY_CARD)], own("NNSEEENNENNNN", Side.NS))
    assert (t.law, t.tricks) == ("64B3", 0)


@pytest.mark.parametrize(("noticed", "law", "tricks"), [
    (Noticed.AFTER_PLAY, "64A2", 1),
    (Noticed.AFTER_HANDS_RETURNED, "64A2", 1),
    (Noticed.AFTER_NEXT_DEAL_CALL, "64B4", 0),   # rulings.md R15
    (Noticed.AFTER_ROUND_ENDED, "64B5", 0),      # rulings.md R16
])
def test_law_64b4_b5_when_attention_was_drawn(noticed, law, tricks):
    [t] = transfers([rev(4, E)], own("NNSNEENNENNNN", Side.NS), RevokeFacts(noticed=noticed))
    assert (t.law, t.tricks) == (law, tricks)


def test_law_64b6_rulings_r6_trick_twelve_revoke_not_corrected_gets_no_transfer():
    [t] = transfers([rev(12, E, "S")], own("NNNNNNNNNNNES", Side.NS), RevokeFacts(noticed=Noticed.AFTER_HANDS_RETURNED))
    assert (t.law, t.tricks) == ("64B6", 0)


def test_law_62d1_corrected_trick_twelve_revoke_has_no_transfer_entry():
    est = Establishment(True, "63A1", "", Correction.TRICK_TWELVE, False)
    assert transfers([rev(12, E, "S")], own("NNNNNNNNNNNES", Side.NS), est=est) == (None,)


def test_law_64b7_rulings_r19_both_sides_established_no_transfer_for_either():
    t1, t2 = transfers([rev(5, W, "C"), rev(5, S, "C")], own("NNNNSSWWNNNNN", Side.NS))
    assert (t1.law, t1.tricks, t2.law, t2.tricks) == ("64B7", 0, "64B7", 0)


def test_law_64b8_revoke_corrected_under_62c3_no_transfer():
    est_c3 = Establishment(True, "63A1", "", Correction.BOTH_SIDES_SAME_TRICK, True)
    not_est = Establishment(False, "62A", "", Correction.NOT_ESTABLISHED, False)
    out = automatic_transfers(((rev(5, W, "C"), est_c3), (rev(5, S, "C"), not_est)), own("NNNNW", Side.NS),
                              RevokeFacts(noticed=Noticed.DURING_PLAY))
    assert out[0] is not None and (out[0].law, out[0].tricks) == ("64B8", 0)
    assert out[1] is None


def test_law_64b_lists_every_exemption_that_applies():
    # dummy's revoke on trick 12 noticed after the round: 64B3, 64B5 and 64B6 all apply
    [t] = transfers([rev(12, N, "S", dummy=True)], own("NNNNNNNNNNNNN", Side.NS),
                    RevokeFacts(noticed=Noticed.AFTER_ROUND_ENDED))
    assert t.exemptions == ("64B3", "64B5", "64B6") and t.tricks == 0


# ---- Law 64C: equity, from the double-dummy evidence the sources state -------------------------

def eq(before: int, after: int) -> RevokeEquity:
    return RevokeEquity(before, after, ((Card.from_str("H3"), before),), Card.from_str("H3"))


def test_law_64c1_rulings_r1_equity_beyond_the_two_trick_transfer():
    # 4S by S, table 9, 64A1 gives 11; after the required heart lead declarer has 12 double
    # dummy, after the DK lead 9: the revoke cost 3 tricks, so 64C1 gives 12 (4S+2)
    [t] = transfers([rev(1, W, kind=RevokeKind.LEAD_RESTRICTION)], own("WEWSSNNSSSSWN", Side.NS))
    d = decide_equity([(rev(1, W), t, eq(12, 9))], basis_tricks=9, after_adjustment=11, declaring_side=Side.NS)
    assert d.applies and d.law == "64C1" and d.tricks == 12 and d.likely_without_revokes == 12


def test_law_64c1_rulings_r4_transfer_already_restores_equity():
    # the revoke cost declarer one trick (trick 13 won by the kept trump); 64A2 gave it back
    d = decide_equity([(rev(3, W, "S"), None, eq(11, 10))], basis_tricks=10, after_adjustment=11,
                      declaring_side=Side.NS)
    assert not d.applies and d.tricks is None and d.likely_without_revokes == 11


def test_law_64c1_rulings_r11_declarer_revoke_equity_is_not_punitive():
    # 4H by S, 12 tricks at the table, 64A2 takes one: 11. Without the revoke declarer makes 10:
    # the defenders get 3 tricks (4H=), not 4 (no penalty on top of equity)
    d = decide_equity([(rev(1, S, "C"), None, eq(10, 12))], basis_tricks=12, after_adjustment=11,
                      declaring_side=Side.NS)
    assert d.applies and d.law == "64C1" and d.tricks == 10


def test_law_64c2a_rulings_r2_equity_after_first_revoke_keeps_its_transfer():
    # 2H by S, table 10. First revoke (trick 3): 64A2, one trick: 11. Second revoke in hearts by
    # the same defender: 64B2. Without the second revoke declarer takes 12 (source), i.e. it cost
    # 2 tricks; keeping the first transfer: 12 + 1 = 13 tricks (2H+5).
    ownership = own("WNSSSNNWEENNN", Side.NS)
    t1, t2 = transfers([rev(3, W, "H"), rev(4, W, "H")], ownership)
    assert (t1.tricks, t2.law) == (1, "64B2")
    after = tricks_after_transfers(10, (rev(3, W), rev(4, W)), (t1, t2), Side.NS)
    assert after == 11
    d = decide_equity([(rev(3, W), t1, eq(10, 10)), (rev(4, W), t2, eq(12, 10))],
                      basis_tricks=10, after_adjustment=after, declaring_side=Side.NS)
    assert d.applies and d.law == "64C2(a)" and d.tricks == 13


def test_law_64c2a_rulings_r12_declarer_two_club_revokes_total_two_tricks():
    # declarer discards on dummy's CQ (revoke 1, dummy wins: 64A2, one trick) and ruffs the next
    # club (revoke 2, same suit: 64B2). Without the second revoke declarer loses a club: the
    # defence gets two tricks in all, through 64C2(a).
    ownership = own("NNNNSNNNNNNNN", Side.NS)
    t1, t2 = transfers([rev(3, S, "C"), rev(5, S, "C")], ownership)
    assert (t1.law, t1.tricks, t2.law, t2.tricks) == ("64A2", 1, "64B2", 0)
    after = tricks_after_transfers(13, (rev(3, S), rev(5, S)), (t1, t2), Side.NS)
    d = decide_equity([(rev(3, S, "C"), t1, eq(13, 13)), (rev(5, S, "C"), t2, eq(12, 13))],
                      basis_tricks=13, after_adjustment=after, declaring_side=Side.NS)
    assert (after, d.applies, d.law, d.tricks) == (12, True, "64C2(a)", 11)


def test_law_64c2b_rulings_r19_both_sides_revoked_equity_as_if_neither():
    # defender ruffs (cost declarer 1), declarer over-ruffs (gained declarer 1): no damage
    d = decide_equity([(rev(5, W, "C"), None, eq(10, 9)), (rev(5, S, "C"), None, eq(9, 10))],
                      basis_tricks=9, after_adjustment=9, declaring_side=Side.NS)
    assert not d.applies and d.law == "64C2(b)" and d.likely_without_revokes == 9
    # one revoke cost declarer two tricks, the other gained one back: adjust to 10
    d = decide_equity([(rev(5, W, "C"), None, eq(11, 9)), (rev(7, S, "D"), None, eq(9, 10))],
                      basis_tricks=9, after_adjustment=9, declaring_side=Side.NS)
    assert d.applies and d.law == "64C2(b)" and d.tricks == 10


def test_law_64c_likely_result_is_kept_within_0_and_13():
    d = decide_equity([(rev(2, W), None, eq(13, 10))], basis_tricks=12, after_adjustment=13,
                      declaring_side=Side.NS)
    assert d.likely_without_revokes == 13 and not d.applies


def test_law_64c2a_a_repeated_revoke_that_cost_nothing_is_still_judged_under_64c2a():
    # the second heart revoke by West (64B2) changed nothing double dummy: no adjustment, but the
    # paragraph that judges it is 64C2(a), not 64C1
    ownership = own("WNSSSNNWEENNN", Side.NS)
    t1, t2 = transfers([rev(3, W, "H"), rev(4, W, "H")], ownership)
    d = decide_equity([(rev(3, W), t1, eq(10, 10)), (rev(4, W), t2, eq(10, 10))],
                      basis_tricks=10, after_adjustment=11, declaring_side=Side.NS)
    assert not d.applies and d.law == "64C2(a)"


def test_law_64c1_later_losses_are_the_non_offenders_costly_cards_only():
    c = Card.from_str
    plays = [(4, N, c("C2"), 0), (5, E, c("C5"), 1), (6, S, c("CJ"), 0), (7, W, c("C7"), 0), (8, S, c("S2"), 1),
             (13, W, c("D9"), 2)]
    losses = later_losses(plays, Side.EW)
    assert [(x.trick, x.seat, str(x.card), x.tricks_lost) for x in losses] == [(2, E, "C5", 1), (4, W, "D9", 2)]


def test_law_64c1_judged_induced_measures_the_likely_result_by_double_dummy():
    # R11: 4H by S, 13 tricks at the table, no transfer (64B5); the revoke card changed nothing
    # (12/12) so table + swing is 13; judged induced, the likely result is the DD 12: 64C1 gives 12.
    d = decide_equity([(rev(1, S, "C"), None, eq(12, 12))], basis_tricks=13, after_adjustment=13,
                      declaring_side=Side.NS)
    assert not d.applies and d.likely_without_revokes == 13
    d = decide_equity([(rev(1, S, "C"), None, eq(12, 12))], basis_tricks=13, after_adjustment=13,
                      declaring_side=Side.NS, induced_double_dummy=12)
    assert d.applies and d.law == "64C1" and d.tricks == 12


def test_law_64c_one_card_revoking_twice_is_measured_once_not_summed():
    # Issue 34, 6S by S: dummy's hidden D9 lets declarer ruff diamonds twice (64B3, then 64B2): 12 at
    # the table, no transfer. Each revoke card gained declarer one trick double dummy (11 before, 12
    # after each), so a sum of the swings would give 12 - 2 = 10 (6S -2). Measured once, from before
    # the first revoke: 11, the defence taking 2 tricks (6S -1).
    t1, t2 = transfers([rev(2, N, "D", dummy=True), rev(4, N, "D", dummy=True)], own("SNSNNNNNNNNNE", Side.NS))
    assert (t1.law, t1.tricks) == ("64B3", 0) and "64B2" in t2.exemptions
    standing = [(rev(2, N, "D", dummy=True), t1, eq(11, 12)), (rev(4, N, "D", dummy=True), t2, eq(11, 12))]
    assert swing_measure([q for _, _, q in standing], 12) == 11
    d = decide_equity(standing, basis_tricks=12, after_adjustment=12, declaring_side=Side.NS)
    assert d.applies and d.likely_without_revokes == 11 and d.tricks == 11


def test_law_64c_the_measure_given_decides_and_64c2a_adds_the_earlier_transfer():
    # 2H by S, R2's figures: the table's own play without both revokes gives 10; without the second
    # only, 12. 64C2(a): 12 plus the first revoke's transfer (11 - 10 = 1) = 13.
    ownership = own("WNSSSNNWEENNN", Side.NS)
    t1, t2 = transfers([rev(3, W, "H"), rev(4, W, "H")], ownership)
    d = decide_equity([(rev(3, W), t1, eq(10, 10)), (rev(4, W), t2, eq(12, 10))], basis_tricks=10,
                      after_adjustment=11, declaring_side=Side.NS, likely=10, without_subsequent=12)
    assert d.applies and d.law == "64C2(a)" and d.tricks == 13 and d.likely_without_revokes == 10
    # the director's own figure decides alone (64C1), never below the automatic adjustment's 11
    d = decide_equity([(rev(3, W), t1, eq(10, 10)), (rev(4, W), t2, eq(12, 10))], basis_tricks=10,
                      after_adjustment=11, declaring_side=Side.NS, likely=12, directors=True)
    assert d.applies and d.law == "64C1" and d.tricks == 12 and d.phrase is not None
    assert d.phrase.key == "eq.64C1_director"
