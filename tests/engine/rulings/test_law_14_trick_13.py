"""Law 14B with play: a deficient hand that has nothing for trick 13, and the revoke ruling the
restored card leads to (14B4, with 64B2 named when one player failed to follow several times).

Worked by hand from the 2017 Laws (docs/laws.md sections 3 and 7; docs/rulings.md N8, N9) on the
deal of tests/engine/rulings/test_offenders.py, 4H by North, North-South vulnerable:

    N  S4 HQJT87 DA95 CAT42       E  S986 HK3 D842 CKQ976
    S  SAJ HA54 DKJT7 CJ853       W  SKQT7532 H962 DQ63 C-

East's D8 is missing (found elsewhere after play, 14B2): East held 12 cards. The play, as the
tricks read with Law 44 (East leads; the winner of each trick leads the next):

    1 E S9  S SJ  W S2  N S4   S      8 N HQ  E C7  S C5  W D6   N
    2 S SA  W S3  N C2  E S6   S      9 N HJ  E C9  S C8  W DQ   N
    3 S HA  W H2  N H7  E H3   S     10 N DA  E D2  S DT  W S7   N
    4 S H5  W H6  N H8  E HK   E     11 N D9  E CQ  S DJ  W ST   S   (East shows out of diamonds)
    5 E S8  S C3  W S5  N C4   E     12 S DK  W SQ  N CT  E CK   S   (again)
    6 E D4  S D7  W D3  N D5   S     13 S CJ  W SK  N CA  (East has no card)  N
    7 S H4  W H9  N HT  E C6   N

North-South won every trick but 4 and 5: 11 tricks, 4H N +1 (+650 vulnerable). East held the D8
throughout (14B4) and did not follow to the diamonds of tricks 11 and 12: two failures by one
player in one suit (64B2 for the second). East-West won no trick from trick 11 on, so no trick is
transferred (64A2 needs the offending side to win the revoke trick or a later one).
"""

from __future__ import annotations

import pytest

from engine.errors import InvalidBoardError
from engine.laws.card_count import CardCountFacts, Discovery, MissingCardFound
from engine.laws.card_count_play import players_of, short_at_last_trick
from engine.model import Card, Seat
from engine.model.cards import Suit
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.seats import Vulnerability
from engine.rulings.incorrect_cards import advise_incorrect_cards
from engine.rulings.incorrect_cards_advice import IncorrectCardsCase

RECORD = "N:4.QJT87.A95.AT42 986.K3.842.KQ976 AJ.A54.KJT7.J853 KQT7532.962.Q63."
PLAY = ("S9 SJ S2 S4 SA S3 C2 S6 HA H2 H7 H3 H5 H6 H8 HK S8 C3 S5 C4 D4 D7 D3 D5 H4 H9 HT C6 HQ C7 C5 D6 "
        "HJ C9 C8 DQ DA D2 DT S7 D9 CQ DJ ST DK SQ CT CK CJ SK CA").split()


def _case(discovered: Discovery = Discovery.AFTER_PLAY, found: MissingCardFound | None = MissingCardFound.ELSEWHERE,
          by_trick: bool = False) -> IncorrectCardsCase:
    deal = Deal.from_pbn(RECORD)
    hands = {s: tuple(deal.hand(s)) for s in Seat}
    hands[Seat.EAST] = tuple(c for c in hands[Seat.EAST] if c != Card.from_str("D8"))
    cards = tuple(Card.from_str(c) for c in PLAY)
    tricks = tuple(cards[i:i + 4] for i in range(0, 52, 4)) if by_trick else None
    return IncorrectCardsCase(hands, CardCountFacts(discovered=discovered, missing_found=found), deal,
                              vulnerability=Vulnerability.NS, contract=Contract.from_str("4H", Seat.NORTH),
                              play=cards, tricks=tricks)


# South's C3 missing instead: South runs out in the middle of trick 13. Tricks 1-12 as the rotation
# gives them (checked card by card); trick 13: North leads CT, East CK, South nothing, West SK: East
# wins with the CK (the SK neither follows nor trumps).
PLAY_S = ("S9 SJ S2 S4 SA S3 C2 S6 HA H2 H7 H3 H5 H6 H8 HK S8 C5 S5 C4 D8 D7 D3 D5 D4 DT D6 D9 H4 H9 HT C6 "
          "HQ C7 C8 DQ HJ C9 CJ S7 DA D2 DJ ST CA CQ DK SQ CT CK SK").split()


def test_the_rotation_passes_over_the_hand_that_has_run_out():
    cards = [Card.from_str(c) for c in PLAY_S]
    held = {Seat.NORTH: 13, Seat.EAST: 13, Seat.SOUTH: 12, Seat.WEST: 13}
    players, winners = players_of(cards, Seat.EAST, Suit.HEARTS, held)
    assert players[48:] == (Seat.NORTH, Seat.EAST, Seat.WEST)  # trick 13 read without South
    assert len(winners) == 13 and winners[11] is Seat.NORTH and winners[12] is Seat.EAST
    assert short_at_last_trick(players, held) == (Seat.SOUTH,)
    # read as four-card tricks, West's SK would be South's card (the 422 the page gave before)
    assert players_of(cards, Seat.EAST, Suit.HEARTS)[0][48:] == (Seat.NORTH, Seat.EAST, Seat.SOUTH)


@pytest.mark.slow
def test_law_14b_south_short_in_the_middle_of_trick_13_is_ruled(dds):
    deal = Deal.from_pbn(RECORD)
    hands = {s: tuple(deal.hand(s)) for s in Seat}
    hands[Seat.SOUTH] = tuple(c for c in hands[Seat.SOUTH] if c != Card.from_str("C3"))
    case = IncorrectCardsCase(hands, CardCountFacts(discovered=Discovery.AFTER_PLAY,
                                                    missing_found=MissingCardFound.ELSEWHERE), deal,
                              vulnerability=Vulnerability.NS, contract=Contract.from_str("4H", Seat.NORTH),
                              play=tuple(Card.from_str(c) for c in PLAY_S))
    a = advise_incorrect_cards(case, solver=dds)
    # North-South won tricks 1, 2, 3, 7-12: nine tricks, 4H N -1 (-100 vulnerable)
    assert a.table_tricks == 9 and a.table_score_ns == -100
    said = " ".join(s.text for s in a.steps)
    assert "S had no card for trick 13" in said and "C3 is restored to S's hand and played to trick 13" in said
    # South discarded the DK on the CA at trick 12 holding the C3: his only failure to follow clubs
    [once] = [s for s in a.steps if s.key == "cc.14B4_failed_once"]
    assert once.params["tricks"] == "12"


@pytest.mark.slow
@pytest.mark.parametrize("by_trick", [False, True])
def test_law_14b_a_hand_with_nothing_for_trick_13_is_ruled_and_the_card_completes_it(dds, by_trick):
    a = advise_incorrect_cards(_case(by_trick=by_trick), solver=dds)
    assert a.table_tricks == 11 and a.table_score_ns == 650  # 4H N +1 vulnerable, read as above
    keys = [s.key for s in a.steps]
    assert "cc.14B_short_end" in keys and "cc.14B2" in keys and "cc.14B4_trick_13" in keys
    said = " ".join(s.text for s in a.steps)
    assert "E had no card for trick 13" in said
    assert "D8 is restored to E's hand and played to trick 13" in said
    assert a.revoke is not None and len(a.revoke.rulings) == 2  # tricks 11 and 12
    assert [x.revoke.trick for x in a.revoke.rulings] == [11, 12]
    # 64A2 needs East-West to win trick 11 or a later one: they won none, so nothing is transferred
    assert a.revoke.after_adjustment == 11


@pytest.mark.slow
def test_law_14b4_several_failures_by_one_player_name_64b2(dds):
    a = advise_incorrect_cards(_case(), solver=dds)
    [step] = [s for s in a.steps if s.key == "cc.14B4_failed_several"]
    assert step.law == "64B2" and step.params["tricks"] == "11, 12" and step.params["seat"] == "E"
    assert "E did not follow suit to tricks 11, 12 while holding D8" in step.text


@pytest.mark.slow
def test_law_14b_not_searched_yet_asks_for_the_search_instead_of_refusing_the_play(dds):
    a = advise_incorrect_cards(_case(Discovery.DURING_PLAY, None), solver=dds)
    assert a.action.value == "search_for_missing_card"
    assert [s.law for s in a.steps[:3]] == ["14", "14B", "14B"]


def test_a_play_record_that_does_not_fit_is_still_refused(dds):
    # West's SK given as South's card at trick 1: not in South's hand as found (the record's fault,
    # not a deficient hand's), refused with the card's place in the play
    bad = [PLAY[0], "SK", *PLAY[2:]]
    case = _case()
    case = IncorrectCardsCase(case.found, case.facts, case.hand_record, vulnerability=case.vulnerability,
                              contract=case.contract, play=tuple(Card.from_str(c) for c in bad))
    with pytest.raises(InvalidBoardError) as e:
        advise_incorrect_cards(case, solver=dds)
    assert e.value.path == "play/1" and e.value.key == "card_not_in_found_hand"
