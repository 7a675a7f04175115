"""Rulings of docs/rulings.md part A that a full deal and play record express, end to end
through the advisor with the real double-dummy solver."""

from __future__ import annotations

import pytest

from engine.laws.facts import LeadRestriction, Noticed, RevokeFacts
from engine.model import Seat, Suit
from engine.rulings.revoke import advise_revoke
from tests.engine.laws.test_law_61_63 import TWELVE_DEAL, TWELVE_PLAY
from tests.helpers import board

pytestmark = pytest.mark.slow

R1_DEAL = "N:Q743.A6.854.K532 J.987543.A92.JT9 AK852.KQT2.JT3.A T96.J.KQ76.Q8764"
# R1's play, completed by hand to the published table result (4S-1, 9 tricks): West's DK wins,
# East's DA, West's DQ; the fourth diamond is ruffed by East's SJ and over-ruffed, promoting
# West's ST (trick 12). Leaders follow the trick winners.
R1_PLAY = ("DK D4 D2 D3  D6 D5 DA DT  D9 DJ DQ D8  D7 S3 SJ SK  SA S6 S4 H3  S2 S9 SQ H4  HA H5 H2 HJ  "
           "H6 H7 HK C4  HQ C6 C2 H8  HT C7 C3 H9  CA C8 C5 C9  S8 ST S7 CT  CQ CK CJ S5")


def test_rulings_r1_lead_restriction_revoke_64a1_two_tricks_then_64c1_twelve(dds):
    facts = RevokeFacts(lead_restrictions=(LeadRestriction(1, Seat.WEST, Suit.HEARTS),))
    a = advise_revoke(board(R1_DEAL, "4S", "S", R1_PLAY, vul="EW"), facts=facts, solver=dds)
    [x] = a.rulings
    assert x.transfer is not None and (x.transfer.law, x.transfer.tricks) == ("64A1", 2)
    assert a.table_tricks == 9 and a.after_adjustment == 11  # 4S+1, the source's automatic result
    assert x.equity is not None
    assert x.equity.dd_before == 12  # after the required heart lead (source: DD 12)
    assert x.equity.dd_after == 9  # after the DK lead the defence has 4 tricks DD (source)
    assert a.law_64c.applies and a.law_64c.law == "64C1"
    assert (a.suggested_result, a.score_ns_suggested) == ("4S S +2", 480)


def test_rulings_r6_trick_twelve_revoke_corrected_cards_play_themselves(dds):
    # tricks 1-11 to North-South; corrected, East follows S5, South's SQ wins trick 12 and East
    # ruffs trick 13: 12 tricks, as at the table. No automatic transfer.
    a = advise_revoke(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY), facts=RevokeFacts(), solver=dds)
    [x] = a.rulings
    assert x.establishment.correction is not None and x.establishment.correction.value == "62D1"
    assert x.transfer is None
    assert (a.table_tricks, a.after_adjustment, a.suggested_tricks) == (12, 12, 12)
    assert a.score_ns_suggested == 980


def test_rulings_r6_after_the_hands_are_returned_64b6_no_transfer(dds):
    a = advise_revoke(board(TWELVE_DEAL, "6H", "S", TWELVE_PLAY),
                      facts=RevokeFacts(noticed=Noticed.AFTER_HANDS_RETURNED), solver=dds)
    [x] = a.rulings
    assert x.transfer is not None and (x.transfer.law, x.transfer.tricks) == ("64B6", 0)
    assert a.after_adjustment == 12


def test_no_revoke_in_a_legal_record_leaves_the_table_result(dds):
    a = advise_revoke(board(R1_DEAL, "4S", "S", R1_PLAY, vul="EW"), facts=RevokeFacts(), solver=dds)
    assert a.rulings == () and a.suggested_tricks == a.table_tricks == 9
    assert a.steps[-1].law == "61A" and a.suggested_law == "77"  # the table result, scored as it stands


# --- Law 64C1: damage the revoke induced later in the play (rulings.md R11) ------------------------
# R11's situation on a deal built so that every double-dummy figure can be counted by hand. 4H by
# South; North-South hold every heart, so the defence has no trump trick.
#   N: S AKQ  H 65432  D 43  C A32        E: S 7654  D 98765  C K654
#   S: S 32   H AKQJT987  D 2  C QJ       W: S JT98  D AKQJT  C T987
# Trick 1: West leads the CT, dummy's CA wins, South discards the D2 holding CQJ (the revoke).
# Trick 2: dummy leads the C2 towards the J; East ducks (he plays the C5 "believing declarer will
# ruff": the revoke told him South had no club); South's CJ wins. Tricks 3-5: SA, SK, SQ, on which
# South discards the CQ; South claims the last 8 tricks with his trumps. 13 tricks, 4H S +3.
# By hand, double dummy:
# * before the revoke (South follows with a club, keeping one of Q/J): South's D2 and last club are
#   losers, dummy's SQ takes one of them: 12 tricks, whichever club he plays;
# * after the revoke card: South keeps CQJ, East's CK takes one of them whatever happens (East
#   plays it on the first club led through him) and the SQ takes the other: 12 tricks, so the
#   revoke card changed nothing and table + swing is 13;
# * at trick 2, East's CK wins (then 12); his C5 lets the CJ win and the CQ go on the SQ: 13. That
#   duck is the non-offending side's one later loss, one trick.
R11_DEAL = "N:AKQ.65432.43.A32 7654..98765.K654 32.AKQJT987.2.QJ JT98..AKQJT.T987"
R11_PLAY = "CT CA C4 D2  C2 C5 CJ C7  S2 S8 SA S4  SK S5 S3 S9  SQ S6 CQ ST"


def _r11(dds, noticed: Noticed, induced: bool):
    facts = RevokeFacts(noticed=noticed, claim_declarer_tricks=8, losses_induced_by_revoke=induced)
    return advise_revoke(board(R11_DEAL, "4H", "S", R11_PLAY), facts=facts, solver=dds)


def test_law_64c1_r11_induced_loss_is_shown_and_the_director_chooses_64b5(dds):
    # Found after the round ended: no automatic adjustment (64B5). Table + swing is 13 (NS +510),
    # the hand played double dummy from before the revoke 12: the ruling names East's duck and
    # offers both; it keeps 13 until the director judges the duck induced.
    a = _r11(dds, Noticed.AFTER_ROUND_ENDED, induced=False)
    [x] = a.rulings
    assert x.equity is not None and (x.equity.dd_before, x.equity.dd_after) == (12, 12)
    assert a.induced is not None
    assert (a.induced.double_dummy, a.induced.table_plus_swing) == (12, 13)
    [loss] = a.induced.losses
    assert (loss.trick, loss.seat, str(loss.card), loss.tricks_lost) == (2, Seat.EAST, "C5", 1)
    assert (a.table_tricks, a.after_adjustment, a.suggested_tricks, a.score_ns_suggested) == (13, 13, 13, 510)
    assert not a.law_64c.applies and a.suggested_law == "64B5"  # the law that decided the score
    assert {(p.tricks, p.score_ns) for p in a.plausible_results()} == {(13, 510), (12, 480)}
    assert any(s.law == "64C1" and "director judges whether the revoke induced" in s.text for s in a.steps)

    judged = _r11(dds, Noticed.AFTER_ROUND_ENDED, induced=True)
    assert judged.law_64c.applies and judged.law_64c.law == "64C1"
    assert (judged.suggested_tricks, judged.suggested_result, judged.score_ns_suggested) == (12, "4H S +2", 480)


def test_law_64c1_r11_induced_loss_already_covered_by_the_64a2_transfer(dds):
    # Found after play: dummy won the revoke trick, not South: 64A2, one trick, 13 -> 12. The
    # double-dummy measure (12) is no better for East-West than that, judged induced or not.
    for induced in (False, True):
        a = _r11(dds, Noticed.AFTER_PLAY, induced=induced)
        [x] = a.rulings
        assert x.transfer is not None and (x.transfer.law, x.transfer.tricks) == ("64A2", 1)
        assert a.induced is not None and a.induced.judged_induced is induced
        assert (a.after_adjustment, a.suggested_tricks, a.score_ns_suggested) == (12, 12, 480)
        assert not a.law_64c.applies
