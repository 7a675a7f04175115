"""Rulings of docs/rulings.md part A that a full deal and play record express, end to end
through the advisor with the real double-dummy solver."""

from __future__ import annotations

import pytest

from engine.advisor import advise_revoke
from engine.laws.facts import LeadRestriction, Noticed, RevokeFacts
from engine.model import Seat, Suit
from tests.helpers import board
from tests.laws.test_law_61_63 import TWELVE_DEAL, TWELVE_PLAY

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
    assert a.steps[-1].law == "61A"
