"""A revoke the director reports without the play (``RevokeFacts.reported``), and a play record
that stops with the rest played out (``table_result``): Laws 63A1, 64A1/64A2, 64B, 79A.

Every case is Sponvo30.pbn board 21 (4H by West, North-South vulnerable, so East-West are not:
4H making is NS -420, one down NS +50, two down NS +100, three over NS -510), with facts
chosen to reach each paragraph; the counts are worked by hand in each test.
"""

from __future__ import annotations

import pytest

from engine.dd import SolverRunner
from engine.errors import InvalidBoardError
from engine.laws.facts import Noticed, RevokeFacts, RevokeReport
from engine.model import Seat
from engine.model.cards import Card, Suit
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, board

B21 = board(SPONVO30_DEAL, "4H", "W", [], "NS")


def report(trick: int, offender: str, won_by: str, after: int, **kw: object) -> RevokeReport:
    return RevokeReport(trick, Seat(offender), Seat(won_by), after, **kw)


def rule(rep: RevokeReport, table: int, dds: SolverRunner, **facts: object) -> RevokeAdvice:
    return advise_revoke(B21, facts=RevokeFacts(table_result=table, reported=rep, **facts), solver=dds)


def test_64A2_one_trick(dds: SolverRunner) -> None:
    # South revokes on trick 3, West wins it; NS win 5 of tricks 4-13; table 8 -> 9, one down.
    a = rule(report(3, "S", "W", 5), 8, dds)
    [x] = a.rulings
    assert a.facts_only and x.establishment.law == "63A1" and x.transfer is not None
    assert (x.transfer.law, x.transfer.tricks) == ("64A2", 1)
    assert (a.after_adjustment, a.suggested_tricks, a.score_ns_suggested) == (9, 9, 50)
    assert a.law_64c.applies is False and a.law_64c.law == "64C" and a.likely_without_revokes is None


def test_64A1_the_offender_won_the_revoke_trick(dds: SolverRunner) -> None:
    # South revokes on trick 6 and wins it; NS win 4 of tricks 7-13 (so West's side 3 of them, and
    # 8 - 3 = 5 of tricks 1-5). 64A1: the revoke trick and one later NS trick: 8 -> 10, 4H W =.
    a = rule(report(6, "S", "S", 4), 8, dds)
    assert a.rulings[0].transfer is not None and (a.rulings[0].transfer.law, a.rulings[0].transfer.tricks) == \
        ("64A1", 2)
    assert (a.suggested_tricks, a.suggested_result, a.score_ns_suggested) == (10, "4H W =", -420)


def test_64A1_with_no_later_trick(dds: SolverRunner) -> None:
    # South wins the revoke trick 6 and NS win nothing after: only the revoke trick goes (64A1).
    # Table 11: West's side won all 7 tricks after trick 6 and 4 of tricks 1-5. 11 -> 12, 4H W +2.
    a = rule(report(6, "S", "S", 0), 11, dds)
    assert a.rulings[0].transfer is not None and a.rulings[0].transfer.tricks == 1
    assert a.suggested_tricks == 12 and a.score_ns_suggested == -480


def test_64B1_the_offending_side_won_nothing_from_the_revoke_on(dds: SolverRunner) -> None:
    # West wins trick 3 and all 10 after it; tricks 1-2 to West as well: table 13, no transfer.
    a = rule(report(3, "S", "W", 0), 13, dds)
    t = a.rulings[0].transfer
    assert t is not None and t.law == "64B1" and t.tricks == 0
    assert (a.suggested_tricks, a.score_ns_suggested) == (13, -510)


def test_64B3_a_revoke_by_dummy(dds: SolverRunner) -> None:
    # East is dummy (West declares): no automatic transfer.
    a = rule(report(3, "E", "W", 5), 8, dds)
    t = a.rulings[0].transfer
    assert t is not None and t.law == "64B3" and a.rulings[0].revoke.by_dummy
    assert a.suggested_tricks == 8 and a.score_ns_suggested == 100


def test_64B5_found_after_the_round(dds: SolverRunner) -> None:
    a = rule(report(3, "S", "W", 5), 8, dds, noticed=Noticed.AFTER_ROUND_ENDED)
    t = a.rulings[0].transfer
    assert t is not None and t.law == "64B5" and a.score_ns_suggested == 100


def test_trick_12_is_corrected_and_not_transferred(dds: SolverRunner) -> None:
    # 62D1: found before the hands were returned; 64B6 anyway. The director decides tricks 12-13.
    a = rule(report(12, "S", "W", 1), 8, dds)
    x = a.rulings[0]
    assert x.establishment.correction is not None and x.establishment.correction.value == "62D1"
    assert x.transfer is None and a.suggested_tricks == 8
    assert any(s.law == "62D1" and "decided with the legal card" in s.text for s in a.steps)


def test_facts_that_do_not_add_up(dds: SolverRunner) -> None:
    # Trick 3 won by West and 7 NS tricks after it leave West's side 3 after trick 3: with a table
    # result of 8 it would have won 4 of the 2 tricks before trick 3.
    with pytest.raises(InvalidBoardError) as e:
        rule(report(3, "S", "W", 7), 8, dds)
    assert e.value.path == "table_result" and "leaves 4 for the 2 trick(s)" in e.value.message
    with pytest.raises(InvalidBoardError) as e:
        rule(report(3, "S", "W", 11), 8, dds)
    assert e.value.path == "revoke_facts/offending_side_tricks_after"


def test_the_card_and_the_suit_against_the_hand_record(dds: SolverRunner) -> None:
    with pytest.raises(InvalidBoardError) as e:  # South holds K3 of spades: the SK on a spade lead follows suit
        rule(report(3, "S", "W", 5, card=Card.from_str("SK"), suit_led=Suit.SPADES), 8, dds)
    assert e.value.path == "revoke_facts/card" and "following suit" in e.value.message
    with pytest.raises(InvalidBoardError) as e:  # the C9 is North's
        rule(report(3, "S", "W", 5, card=Card.from_str("C9")), 8, dds)
    assert e.value.path == "revoke_facts/card" and "South was not dealt the C9" in e.value.message
    # Each hand one suit: East, dealt no spade, cannot fail to follow to a spade lead.
    one_suit = board("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "7S", "N", [])
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(one_suit, facts=RevokeFacts(table_result=13, reported=report(1, "E", "N", 0,
                                                                                    suit_led=Suit.SPADES)),
                      solver=dds)
    assert e.value.path == "revoke_facts/suit_led" and "East was dealt no spades" in e.value.message


def test_table_result_with_the_play_entered(dds: SolverRunner) -> None:
    # The 9 tricks of the closed room and a table result of 8: the last 4 were played out, 3 to West.
    b = board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY, "NS")
    a = advise_revoke(b, facts=RevokeFacts(table_result=8), solver=dds)
    assert a.claim.played_out and (a.claim.tricks, a.claim.declarer_tricks) == (4, 3)
    assert a.rulings[0].establishment.law == "63A1" and a.suggested_tricks == 9
    # Noticed during play (after South played to trick 4: established, 63A1), play then went on
    # to the end: the same 64A2 transfer from the table result (issue 24: no longer refused).
    during = advise_revoke(b, facts=RevokeFacts(table_result=8, noticed=Noticed.DURING_PLAY), solver=dds)
    assert during.rulings[0].establishment.law == "63A1" and during.suggested_tricks == 9
    assert not during.provisional and during.claim.played_out
