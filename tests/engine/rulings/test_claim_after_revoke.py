"""A claim whose play shows a revoke, ruled as the claim route rules it (issue 33, point 8):
:func:`engine.rulings.claim_after_revoke.adjudicate_claim_after_revoke`, the revoke laws first,
then the claim (WBFLC minute, 12 January 2000: docs/laws.md, docs/rulings.md R17/R18).

Before, the claim route ruled such a claim on the record as it stands and ignored the revoke: the
score to enter was a trick wrong on both boards below. Every figure is worked by hand in the
comments; the same boards through the API and the command line are tests/api/test_claim_route_revoke.py.
"""

from __future__ import annotations

from engine.laws.claims import Claim
from engine.model.seats import Seat
from engine.rulings.claim import adjudicate_claim
from engine.rulings.claim_after_revoke import adjudicate_claim_after_revoke, revokes_before_claim
from engine.rulings.claim_ruling import ClaimSetting
from tests.engine.rulings.test_claim_revoke import DEAL, PLAY
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, board


def test_a_revoke_not_yet_established_is_corrected_and_the_claim_ruled_from_the_corrected_position(dds):
    # tests/engine/rulings/test_claim_revoke.py's deal (R17 as Bridge Winners tells it): 3NT by South, love all.
    # After seven tricks (NS 5, EW 2) South leads the H2, West the H9, dummy the HJ, and East discards the DK
    # holding the HQ: a revoke. South faces his hand and claims the rest; East disputes it.
    # Worked by hand. South (a non-offender) claimed and East disputed: the offending side neither played to
    # trick 9 nor agreed to the claim, so the revoke is not established (63A4 not met) and is corrected (62A):
    # East plays the HQ and wins trick 8, the DK a major penalty card (62B1) she must lead at once (50D1); North
    # wins the DA and the HK, DQ, SA, SK are winners: 5 of the 6 tricks from trick 8, 5 + 5 = 10, 3NT S +1, 430.
    # The claim read alone, where the record stops (North's HJ won trick 8; North to lead SA SK HK DA DQ, all
    # winners: 5 of 5), gives 5 + 1 + 5 = 11, 3NT S +2, 460: what the claim route answered before.
    b = board(DEAL, "3NT", "S", PLAY)
    setting = ClaimSetting.of_board(b)
    (revoke,) = revokes_before_claim(b)
    assert (revoke.trick, revoke.offender, str(revoke.card)) == (8, Seat.EAST, "DK")
    claim = Claim(Seat.SOUTH, 5)
    alone = adjudicate_claim(setting, claim, dds)
    assert (alone.awarded, alone.declarer_tricks, alone.score_ns) == (5, 11, 460)
    r = adjudicate_claim_after_revoke(setting, claim, dds)
    assert (r.declarer_tricks, r.result, r.score_ns) == (10, "3NT S +1", 430)
    assert (r.tricks_left, r.awarded) == (6, 5)  # ruled from the corrected position: trick 8 reopened
    assert r.revoke is not None and r.revoke.suggested_tricks == 10
    (ruling,) = r.revoke.rulings
    assert (ruling.establishment.law, ruling.establishment.penalty_card, ruling.transfer) == ("62A", True, None)
    said = {s.key: s for s in r.steps}
    assert said["revoke"].law == "61A" and said["not_established_pen_62B1"].law == "62A"
    assert said["claim.claimed"].params == {"seat": "S", "n": 6, "left": 6}
    assert said["claim.penalty_card"].params == {"seat": "E", "card": "DK"}
    assert said["replay_claim"].params == {"k0": 8, "rest": 5, "total": 10}
    assert said["enter"].params["result"] == "3NT S +1"
    pos = r.setting.position if r.setting is not None else None  # the position ruled on: East to play to trick 8
    assert pos is not None and [str(c) for c in pos.trick] == ["H2", "H9", "HJ"] and pos.to_play is Seat.EAST
    assert {str(c) for c in pos.hand(Seat.EAST)} == {"SQ", "HQ", "DK", "CT", "C9", "C8"}


def test_an_established_revoke_stands_the_claim_is_ruled_then_the_trick_is_transferred(dds):
    # Sponvo30.pbn board 21 (1997 European Teams), closed room: 4H by West, North-South vulnerable. At trick 3
    # South plays the D4 on West's HK holding H987: a revoke, established when North played to trick 4 (63A1).
    # After nine tricks (EW 5: tricks 1-5; NS 4: tricks 6-9) West claims the last four and the claim is disputed.
    # Worked by hand (tests/engine/rulings/test_claims.py, the 63A test): at the claim N T87..A., E AJ9..T.,
    # S 3.9.KJ., W 6.543.. with hearts trumps; South's H9 is above every heart West holds and East has none,
    # so it takes a trick on any line: 3 of 4, 5 + 3 = 8 tricks. Then 64A2: West won the revoke trick, not the
    # offender, and the offending side won a later trick (6-9): one trick to East-West, 9 tricks, 4H W -1,
    # North-South +50 (East-West not vulnerable). 64C: no more (the table result plus the revoke card's swing is
    # 9 as well). The claim read alone gave 8, 4H W -2, +100: what the claim route answered before.
    b = board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:36], "NS")
    setting = ClaimSetting.of_board(b)
    claim = Claim(Seat.WEST, 4)
    alone = adjudicate_claim(setting, claim, dds)
    assert (alone.awarded, alone.declarer_tricks, alone.score_ns) == (3, 8, 100)
    r = adjudicate_claim_after_revoke(setting, claim, dds)
    assert (r.declarer_tricks, r.result, r.score_ns) == (9, "4H W -1", 50)
    assert (r.tricks_left, r.awarded, r.claim_stands) == (4, 3, False)  # the claim ruled where the record stops
    assert r.revoke is not None
    (ruling,) = r.revoke.rulings
    assert (ruling.establishment.law, ruling.transfer is not None and ruling.transfer.tricks) == ("63A1", 1)
    assert (r.revoke.table_tricks, r.revoke.after_adjustment, r.revoke.suggested_law) == (8, 9, "64A2")
    laws = [s.law for s in r.steps]
    for law in ("68A", "70A", "61A", "63A1", "64A2"):
        assert law in laws, law
    assert laws.index("70A") < laws.index("64A2")  # the claim is ruled, then the transfer applies


def test_without_a_revoke_or_without_the_play_nothing_changes(dds):
    # The same 3NT board stopped after seven tricks, before East's revoke: no revoke in the play, so the ruling
    # is the claim's alone, step for step (adjudicate_claim's).
    b = board(DEAL, "3NT", "S", PLAY[:28])
    assert revokes_before_claim(b) == ()
    setting = ClaimSetting.of_board(b)
    claim = Claim(Seat.SOUTH, 6)
    r = adjudicate_claim_after_revoke(setting, claim, dds)
    alone = adjudicate_claim(setting, claim, dds)
    assert r.revoke is None and (r.awarded, r.declarer_tricks, r.steps) == (alone.awarded, alone.declarer_tricks,
                                                                            alone.steps)
    # a bare position has no play: no board, no revoke to look for
    bare = ClaimSetting(setting.position, setting.shown_out, setting.tricks_won, setting.contract)
    assert adjudicate_claim_after_revoke(bare, claim, dds).revoke is None


def test_an_open_claim_after_a_revoke_gives_no_result_to_enter_and_says_why(dds):
    # A search stopped at once (a budget of one position): the claim's figure is an interval, so the revoke
    # ruling values the tricks after the claim double dummy. That is not the result to enter: none is given,
    # and the last step says so, in the four languages.
    from app.i18n import catalogue, step_template_text

    b = board(SPONVO30_DEAL, "4H", "W", SPONVO30_PLAY[:36], "NS")
    r = adjudicate_claim_after_revoke(ClaimSetting.of_board(b), Claim(Seat.WEST, 4), dds, node_budget=1)
    assert r.awarded is None and (r.declarer_tricks, r.result, r.score_ns) == (None, None, None)
    assert r.revoke is not None and r.steps[-1].key == "claim.revoke_open" and r.steps[-1].law == "70A"
    said = r.steps[-1].text
    assert step_template_text("en", r.steps[-1]) == said[:1].upper() + said[1:]  # the engine's sentence
    for lang in ("pl", "ru", "el"):
        assert "step.claim.revoke_open" in catalogue(lang) and step_template_text(lang, r.steps[-1])
