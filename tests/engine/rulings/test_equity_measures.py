"""Law 64C's measures of the likely result without the revoke(s) (issue 34), on the two deals of
the issue, built by hand to fit its text and checked with the real double-dummy solver.

The 4S deal ("64C attributes declarer's own later play to the revoke"). 4S by West; dummy's only
entry to its diamonds is the SQ (West has no diamond):

    N: S JT42    H K754  D 9653      C Q
    E: S Q3      H J2    D AKQJT874  C 7         (dummy)
    S: S 87      H Q863  D 2         C KT6432
    W: S AK965   H AT9   D -         C AJ985     (declarer)

Trick 1: North leads the HK, West wins the HA. Trick 2: West cashes the CA (North's CQ, dummy's C7
fall). Trick 3: West leads the S9, North S2, dummy S3, South discards the C6 holding S87 (the
revoke); West's S9 wins. Trick 4: West plays the SA, and dummy's SQ, now bare, falls under it:
dummy's only entry is dead (North S4, South S7). Trick 5: the SK, North's SJ, dummy a diamond,
South S8. The rest is played out; West makes 9 tricks (4S W -1). South revoked, West won the revoke
trick and North-South won later tricks: 64A2, one trick, 10 (4S W =).

Double dummy before the revoke card West takes 11, and 9 after it (the solver): "the table result
plus what the revoke card changed" is 9 + 2 = 11 as well, so both of the older measures would
adjust to 4S W +1, as the issue says. Had South
followed, the table's own play goes on card for card: South plays a spade at trick 3, the other at
trick 4, and discards the C6 at trick 5 (his spades being gone); every trick goes to the same
player and after trick 5 the position is the table's, so the rest of the record is followed to
trick 13: 9 tricks. The transfer alone (10) restores equity: 4S W =, no 64C adjustment.

The 6S deal ("one card revoking twice"). 6S by South; dummy's D9 is hidden among its hearts:

    N: S 654    H T84    D 9     C KJT862       (dummy)
    E: S 9      H KQ976  D 8765  C Q74
    S: S AKQJT  H A2     D A432  C A5           (declarer)
    W: S 8732   H J53    D KQJT  C 93

Trick 1: West leads the C3 to the CA. Trick 2: South leads the D2, West DT, dummy ruffs with the S4
holding the D9 (revoke 1), East D5. Trick 3: a heart to the HA. Trick 4: the D3, West DJ, dummy
ruffs with the S5 (revoke 2: the same card, the D9, not played; a subsequent revoke in the same
suit by the same player, 64B2), East D6. Declarer makes 12 (6S =). Both are dummy's revokes: no
transfer (64B3). Without the revokes dummy follows with the D9 at trick 2 and West's DT wins it:
the trick goes to the other side, so the table's play can be followed no further, and from there
declarer takes 11 in all double dummy (the solver), as he does double dummy from before the first
revoke: 6S -1, the defence taking 2 tricks, not the 3 a sum of the two revoke cards' swings gives.
"""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.laws.equity import MeasureKind
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.laws.table_play import replay_without_revokes
from engine.model import Card, Seat
from engine.rulings.revoke import advise_revoke
from tests.helpers import board

C = Card.from_str

DEAL_4S = "N:JT42.K754.9653.Q Q3.J2.AKQJT874.7 87.Q863.2.KT6432 AK965.AT9..AJ985"
PLAY_4S = ("HK H2 H3 HA  CA CQ C7 C2  S9 S2 S3 C6  SA S4 SQ S7  SK SJ D4 S8  C5 D3 D7 C3  C8 D5 D8 C4  "
           "C9 D6 DT CT  CK CJ D9 DJ  D2 H9 ST DQ  H4 HJ HQ HT  H6 S5 H5 DK  S6 H7 DA H8")
DEAL_6S = "N:654.T84.9.KJT862 9.KQ976.8765.Q74 AKQJT.A2.A432.A5 8732.J53.KQJT.93"
PLAY_6S = ("C3 C2 C4 CA  D2 DT S4 D5  H4 H6 HA H3  D3 DJ S5 D6  CK C7 C5 C9  D9 D7 DA DQ  D4 DK S6 D8  "
           "C6 CQ H2 H5  H7 ST HJ H8  SJ S2 C8 S9  SQ S3 CT H9  SK S7 CJ HQ  SA S8 HT HK")


def _4s():
    return board(DEAL_4S, "4S", "W", PLAY_4S)


def figures(advice) -> dict[MeasureKind, int]:
    return {m.kind: m.tricks for m in advice.measures}


def test_the_table_play_replay_follows_the_4s_record_to_trick_13():
    # South's spade at trick 3 in place of the C6, the C6 where that spade was played: with the S8
    # (S8 at trick 3, S7 at trick 4, C6 at trick 5) every card stays legal and every trick goes to the
    # same player, so the whole record is followed and nothing is left to solve: West's 9 tricks.
    b = _4s()
    record = b.play_record()
    [revoke] = detect_revokes(record, b.contract, RevokeFacts())
    assert (revoke.trick, revoke.offender, revoke.card) == (3, Seat.SOUTH, C("C6"))
    replay = replay_without_revokes(record, b.contract, (revoke,), C("S8"))
    assert (replay.followed, replay.stop, replay.declarer_won) == (52, None, 9)
    assert replay.substitutes == ((11, C("S8")),)
    with pytest.raises(ValueError):
        replay_without_revokes(record, b.contract, (revoke,), C("HJ"))  # not a legal card at trick 3


def test_the_4s_revoke_the_transfer_alone_restores_equity_4s_w_made(dds):
    a = advise_revoke(_4s(), facts=RevokeFacts(), solver=dds)
    [x] = a.rulings
    assert x.transfer is not None and (x.transfer.law, x.transfer.tricks) == ("64A2", 1)
    assert (a.table_tricks, a.after_adjustment) == (9, 10)
    assert a.double_dummy_without_revoke == 11  # the double-dummy value before the revoke card
    f = figures(a)
    assert f == {MeasureKind.TABLE_PLAY: 9, MeasureKind.SWING: 11, MeasureKind.DOUBLE_DUMMY: 11}
    [tp] = [m for m in a.measures if m.kind is MeasureKind.TABLE_PLAY]
    assert tp.followed_cards == 52  # the record followed to its end: no solve
    assert a.measure_used is MeasureKind.TABLE_PLAY and a.likely_without_revokes == 9
    assert a.measure_why is not None and a.measure_why.key == "measure_why.table_play_end"
    assert not a.law_64c.applies
    assert (a.suggested_result, a.suggested_law, a.score_ns_suggested) == ("4S W =", "64A2", -420)
    assert dict(a.likely_by_card()) == {C("S8"): 9, C("S7"): 9}  # per legal card, by the table's play
    [step] = [s for s in a.steps if s.key == "measures"]
    assert step.params["play"] == 9 and step.params["dd"] == 11 and step.params["used"].key == "measure.table_play"


def test_the_4s_revoke_later_losses_induced_keeps_the_double_dummy_measure(dds):
    # The director rules declarer's SA at trick 4 (dummy's entry killed) induced by the revoke (he
    # played for North to hold all the trumps): 64C1 measures double dummy from before the revoke,
    # 11 tricks: 4S W +1.
    a = advise_revoke(_4s(), facts=RevokeFacts(losses_induced_by_revoke=True), solver=dds)
    assert a.rulings[0].equity is not None and a.rulings[0].equity.change == 2
    assert a.induced is not None and a.induced.judged_induced
    assert (a.induced.double_dummy, a.induced.table_plus_swing) == (11, 9)
    assert a.induced.measure is MeasureKind.TABLE_PLAY
    assert a.measure_used is MeasureKind.DOUBLE_DUMMY and a.likely_without_revokes == 11
    assert a.law_64c.applies and a.law_64c.law == "64C1"
    assert (a.suggested_result, a.score_ns_suggested) == ("4S W +1", -450)


def test_the_4s_offender_card_is_one_of_his_legal_cards(dds):
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(_4s(), facts=RevokeFacts(offender_card=C("HJ")), solver=dds)
    assert e.value.path == "offender_card" and e.value.key == "offender_card_not_legal"
    assert "S8, S7" in str(e.value)
    a = advise_revoke(_4s(), facts=RevokeFacts(offender_card=C("S7")), solver=dds)
    keys = [s.key for s in a.steps]
    assert "offender_card_given" in keys and "dd_evidence_chosen" in keys and "assumed_best_card" not in keys
    assert a.suggested_result == "4S W ="


def test_the_directors_own_figure_with_the_play_decides_beside_the_measures(dds):
    facts = RevokeFacts(likely_without_revoke=11, likely_reason="declarer would have crossed to the SQ")
    a = advise_revoke(_4s(), facts=facts, solver=dds)
    assert a.measure_used is MeasureKind.DIRECTOR and a.likely_without_revokes == 11
    assert [m.kind for m in a.measures] == [MeasureKind.TABLE_PLAY, MeasureKind.SWING, MeasureKind.DOUBLE_DUMMY,
                                            MeasureKind.DIRECTOR]
    assert a.law_64c.applies and a.suggested_result == "4S W +1"
    assert a.directors_likely == 11 and a.directors_reason == "declarer would have crossed to the SQ"
    assert any(s.key == "likely_director_reason" for s in a.steps)
    for bad, key in ((RevokeFacts(likely_without_revoke=14), "likely_range"),
                     (RevokeFacts(likely_reason="no figure"), "likely_reason_without_figure")):
        with pytest.raises(InvalidBoardError) as e:
            advise_revoke(_4s(), facts=bad, solver=dds)
        assert e.value.path == "likely_without_revoke" and e.value.key == key


def test_one_card_revoking_twice_is_measured_once_6s_minus_one(dds):
    a = advise_revoke(board(DEAL_6S, "6S", "S", PLAY_6S), facts=RevokeFacts(), solver=dds)
    first, second = a.rulings
    assert (first.revoke.trick, second.revoke.trick) == (2, 4)
    assert first.transfer is not None and first.transfer.tricks == 0 and "64B3" in first.transfer.exemptions
    assert second.transfer is not None and "64B2" in second.transfer.exemptions
    assert (a.table_tricks, a.after_adjustment) == (12, 12)
    f = figures(a)
    # never a sum of the two swings (12 - 1 - 1 = 10): every measure gives 11
    assert f == {MeasureKind.TABLE_PLAY: 11, MeasureKind.SWING: 11, MeasureKind.DOUBLE_DUMMY: 11}
    assert a.likely_without_revokes == 11 and a.law_64c.applies
    assert (a.suggested_tricks, a.suggested_result, a.score_ns_suggested) == (11, "6S S -1", -50)


def test_the_4s_ruling_does_not_blame_a_claim_for_the_difference(dds):
    # The record is whole (no claim): double dummy, no later card of East-West lost a trick after the
    # revoke (after it the position was already worth 9); the 11 before it is the revoke card's own change.
    a = advise_revoke(_4s(), facts=RevokeFacts(), solver=dds)
    [ask] = [s for s in a.steps if s.key == "induced_ask_play"]
    assert "what the revoke card itself changed" in ask.text and "claim" not in ask.text
