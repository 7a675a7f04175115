"""Claims and concessions (Laws 68-71): the acceptance positions of docs/claims.md section 3,
through the engine (:func:`engine.rulings.claim.adjudicate_claim`) and the API (``POST
/v1/rulings/claim``), and properties of the search against double dummy.

Each position's expected ruling is the one docs/claims.md gives from its source (quoted per
test); none is taken from this code's output. Positions are N / E / S / W, PBN order, "-" for a
void, as the document writes them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.main import create_app
from engine.laws.claims import (
    CARELESS,
    Category,
    Claim,
    ClaimKind,
    Findings,
    PlayerClass,
    Statement,
    SuitOrder,
    TrumpsStated,
    Unaware,
    cash,
    lead,
)
from engine.model.cards import FULL_DECK, Card, Suit
from engine.model.deal import parse_hand
from engine.model.position import Position
from engine.model.seats import SEATS, Seat
from engine.rulings.claim import adjudicate_claim
from engine.rulings.claim_ruling import ClaimSetting, FigureBasis
from engine.rulings.claim_search import search
from tests.helpers import claim_ruled, laptop

URL = "/v1/rulings/claim"


def hands_of(text: str) -> dict[str, str]:
    """``"N: 42.-.-.2  E: ..."`` as the API's hands: PBN hands with empty suits for voids."""
    toks = text.replace(":", " ").split()
    return {toks[i]: ".".join("" if x == "-" else x for x in toks[i + 1].split(".")) for i in range(0, len(toks), 2)}


def position(text: str, trump: Suit | None, leader: str, shown: tuple[tuple[str, str], ...] = ()) -> ClaimSetting:
    hands = {Seat(k): frozenset(parse_hand(v if v.replace(".", "") else "...")) for k, v in hands_of(text).items()}
    pos = Position.from_cards(hands, trump, Seat(leader))
    return ClaimSetting(pos, frozenset((Seat(s), Suit(u)) for s, u in shown))


def card(text: str) -> Card:
    return Card.from_str(text)


@pytest.fixture(scope="module")
def client(dds) -> Iterator[TestClient]:
    with laptop(create_app(solver=dds), raise_server_exceptions=False) as c:
        yield c


def api(client: TestClient, text: str, trump: str, leader: str, claim: dict[str, Any], **more: Any) -> dict[str, Any]:
    body = {"position": {"hands": hands_of(text), "trump": trump, "leader": leader, **more}, "claim": claim}
    r = client.post(URL, json=body)
    assert r.status_code == 200, r.text[:800]
    return r.json()


# --- T01: AK5 opposite 42, the jack forgotten --------------------------------------------------

T01 = "N: 42.-.-.2  E: -.QJT.-.-  S: AK5.-.-.-  W: J3.-.2.-"


def test_t01_law_70e2_ak5_opposite_42_the_jack_forgotten_three_tricks(dds, client):
    # EBU White Book 8.70.5 (forums.ebu.co.uk/discussion/731): "It would be normal to give them three
    # tricks since it might be considered not 'normal' to play the 5 first." Ruling 3, DD 3.
    r = adjudicate_claim(position(T01, None, "S"), Claim(Seat.SOUTH, 3), dds)
    assert (r.awarded, r.claim_stands, r.dd_claimer, r.doubtful_points) == (3, True, 3, ())
    out = api(client, T01, "NT", "S", {"by": "S", "tricks": 3, "statement": {"text": "cashing my spades"}})
    assert (out["awarded"], out["claim_stands"], out["double_dummy"]) == (3, True, 3)
    assert out["worst_line"][0]["card"] in ("SA", "SK")  # top down: the 5 first is not normal


# --- T02: 754 opposite a void, a singleton six outstanding ---------------------------------------

T02 = "N: -.AKQ.-.-  E: -.-.-.432  S: 754.-.-.-  W: 6.65.-.-"


def test_t02_law_70e2_754_opposite_void_depends_on_the_suit_order_regulation(dds, client):
    # EBU White Book 8.70.5: "with 754 opposite void it may be considered 'careless' to lose a trick to
    # a singleton six" -> 2 where the RA has no suit-order rule; 3 under a top-down rule (70E2). DD 3.
    none = adjudicate_claim(position(T02, None, "S"), Claim(Seat.SOUTH, 3), dds)
    assert (none.awarded, none.claim_stands, none.dd_claimer) == (2, False, 3)
    [point] = none.doubtful_points
    assert (point.card, point.category, point.law, point.if_not_normal) == (card("S4"), Category.CARELESS_ORDER,
                                                                            "70E2", 3)
    top = adjudicate_claim(position(T02, None, "S"),
                           Claim(Seat.SOUTH, 3, findings=Findings(suit_order_regulation=SuitOrder.TOP_DOWN)), dds)
    assert (top.awarded, top.claim_stands) == (3, True)
    out = api(client, T02, "NT", "S", {"by": "S", "tricks": 3, "findings": {"suit_order_regulation": "top_down"}})
    assert out["awarded"] == 3
    out = api(client, T02, "NT", "S", {"by": "S", "tricks": 3})
    assert (out["awarded"], out["doubtful_points"][0]["if_not_normal"]) == (2, 3)
    assert any(s["law"] == "70E2" for s in out["steps"])


# --- T03: a good trump and side winners; the defence ruffs ---------------------------------------

T03 = "N: -.-.5432.-  E: -.KQJT.-.-  S: AK.A.-.9  W: QJ.-.T.2"


def test_t03_law_70c_unmentioned_trump_the_defence_ruffs_a_side_winner(dds, client):
    # EBU White Book 8.70.4(a): "if they are too careless to mention it, then they may easily have
    # forgotten it and the defence gets a trick." Ruling 3, DD 4; aware -> 4.
    r = adjudicate_claim(position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
        unaware_of_trump=Unaware.LIKELY)), dds)
    assert (r.awarded, r.dd_claimer, r.claim_stands) == (3, 4, False)
    assert [(p.category, p.law, p.if_not_normal) for p in r.doubtful_points] == [(Category.UNAWARE_TRUMP, "70C", 4)]
    aware = adjudicate_claim(position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
        unaware_of_trump=Unaware.UNLIKELY)), dds)
    assert aware.awarded == 4
    out = api(client, T03, "C", "S", {"by": "S", "tricks": 4}, declarer="S", contract="4C",
              tricks_won={"NS": 9, "EW": 0})
    # "unknown" counts as "likely" (70A): 3 of 4, 12 tricks in 4C, 170 + ... = 4C+2 (not vul) = 170
    assert (out["awarded"], out["declarer_tricks"], out["result"], out["score_ns"]) == (3, 12, "4C S +2", 170)
    assert any(s["law"] == "70C" for s in out["steps"])
    assert out["doubtful_points"][0]["category"] == "unaware_trump"


# --- T04: awareness shown by play ----------------------------------------------------------------

T04 = "N: 3.2.-.32  E: T.QJ.-.4  S: KQ.A.A.-  W: J9.-.QJ.-"


def test_t04_law_70c2_awareness_shown_by_play_the_claim_is_good(dds, client):
    # EBU White Book 8.70.4(b): he "clearly has not forgotten the outstanding trumps" -> 4, DD 4. Found
    # unaware instead, the prototype gives 2: a ruff and an overruff (shown, never the engine's finding).
    r = adjudicate_claim(position(T04, Suit.SPADES, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
        unaware_of_trump=Unaware.UNLIKELY)), dds)
    assert (r.awarded, r.claim_stands, r.dd_claimer) == (4, True, 4)
    unaware = adjudicate_claim(position(T04, Suit.SPADES, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
        unaware_of_trump=Unaware.LIKELY)), dds)
    assert unaware.awarded == 2
    assert unaware.doubtful_points[0].category is Category.UNAWARE_TRUMP
    out = api(client, T04, "S", "S", {"by": "S", "tricks": 4, "findings": {"unaware_of_trump": "unlikely"}})
    assert (out["awarded"], out["claim_stands"]) == (4, True)


# --- T06: Israel Seniors 7S, the 9 of spades forgotten (full deal and play) ----------------------

# claims.md transcribes the deal with the six of spades twice (E AKQJ6, S 86) and no five; South leads
# the six at trick 1, so East's small spade is taken as the five (it plays no part in the ruling).
T06_DEAL = "N:932.542.Q93.Q953 AKQJ5.AQT93.6.A6 86.J87.J842.KJ72 T74.K6.AKT75.T84"
T06_PLAY = "S6 S4 S2 SA SK S8 S7 S3 H3 H7 HK H2 H6 H4 HA H8 H9 HJ ST H5".split()


@pytest.mark.slow
def test_t06_law_70c_israel_seniors_7s_discard_the_club_on_the_diamonds_one_down(dds, client):
    # B. Zietman, Israel Bridge magazine, Aug 2013, pp. 53-54, "Swift ruling: down one!": 7 of the 8
    # tricks (12, 7S -1): North ruffs a heart with the 9 of spades. DD 8 (13). Aware -> 8.
    body = {"deal": T06_DEAL, "contract": "7S", "declarer": "E", "vulnerable": "None", "play": T06_PLAY,
            "claim": {"by": "E", "tricks": 8, "statement": {
                "text": "I will discard my losing club on the high diamonds", "order": ["DA", "DK"]},
                "findings": {"unaware_of_trump": "likely"}}, "time_limit": 120}
    r = claim_ruled(client, body)
    assert r.status_code == 200, r.text[:500]
    out = r.json()
    assert (out["awarded"], out["double_dummy"], out["declarer_tricks"], out["result"], out["score_ns"]) == \
        (7, 8, 12, "7S E -1", 50)
    assert [p["category"] for p in out["doubtful_points"]] == ["unaware_trump"]
    assert out["doubtful_points"][0]["if_not_normal"] == 8
    assert (out["worst_line"][0]["card"], out["worst_line"][0]["category"]) == ("DA", "stated")
    aware = dict(body, claim={**body["claim"], "findings": {"unaware_of_trump": "unlikely"}})  # type: ignore[dict-item]
    out = claim_ruled(client, aware).json()
    assert (out["awarded"], out["claim_stands"], out["score_ns"]) == (8, True, -1510)


# --- T08: a finesse already started against a card marked by a show-out --------------------------

T08 = "N: 96.-.-.32  E: Q543.-.-.-  S: AKJ8.-.-.-  W: -.AKQJ.-.-"


def test_t08_law_70e1_finesse_against_a_card_marked_by_a_show_out(dds, client):
    # WBF Commentary on the 2017 Laws, Law 70, Example 51: with the 9 called and LHO shown out, the
    # claim of 4 "should not be penalised"; DD 4. Without the show-out the finesse is not accepted.
    claim = Claim(Seat.SOUTH, 4, statement=Statement(steps=(lead(card("S9")),)))
    r = adjudicate_claim(position(T08, None, "N", shown=(("W", "S"),)), claim, dds)
    assert (r.awarded, r.claim_stands, r.dd_claimer) == (4, True, 4)
    blind = adjudicate_claim(position(T08, None, "N"), claim, dds)
    assert blind.awarded == 3  # 70E1: an unstated finesse with nobody shown out is not accepted
    out = api(client, T08, "NT", "N", {"by": "S", "tricks": 4, "statement": {"order": ["S9"]}}, shown_out=["W:S"])
    assert (out["awarded"], out["worst_line"][0]["card"], out["worst_line"][0]["category"]) == (4, "S9", "stated")


# --- T09: agreed, later disputed: "would likely have won" (69B2) ---------------------------------

T09 = "N: -.-.AKQT2.-  E: -.-.J9876.-  S: -.-.43.432  W: AKQJT.-.-.-"


def test_t09_law_69b2_agreement_stands_unless_the_director_judges_likely(dds, client):
    # BBO forum "Claim, Concession or Both?" (topic 43213): N-S agreed to 3; DD gives N-S 4 (an endplay),
    # their worst normal line 3. The agreement stands at 3 unless the TD judges "likely" (a judgement).
    r = adjudicate_claim(position(T09, None, "N"), Claim(Seat.EAST, 2, ClaimKind.AGREED_THEN_DISPUTED), dds)
    assert (r.awarded, r.claim_stands, r.likely_if, r.dd_claimer) == (2, True, 1, 1)
    assert r.search.at_most == 3  # the agreeing side's worst normal line
    assert r.doubtful_points == ()  # both figures are the 69B2 lines, not a careless choice
    out = api(client, T09, "NT", "N", {"by": "E", "tricks": 2, "kind": "agreed_then_disputed"})
    assert (out["awarded"], out["likely_if"], out["needs_director"], out["restricted_side"]) == (2, 1, True, "NS")
    assert out["double_dummy"] == 1  # both figures: N-S 4 double dummy (E-W 1), 3 on the normal line (E-W 2)
    assert out["doubtful_points"] == []
    assert any(s["law"] == "69B2" for s in out["steps"])


# --- T10: four clubs and the jack of hearts; the queen is out ------------------------------------

T10 = "N: 5432.-.6.-  E: 876.87.-.-  S: -.J.-.AKQJ  W: -.Q.5432.-"


def test_t10_law_70a_run_the_clubs_then_the_heart_loses_to_the_queen(dds, client):
    # nhbridge.club claims note (2011/04): he loses the heart jack to the queen -> 4, DD 4.
    r = adjudicate_claim(position(T10, None, "S"), Claim(Seat.SOUTH, 5, statement=Statement(
        steps=(cash(Suit.CLUBS), lead(card("HJ"))))), dds)
    assert (r.awarded, r.claim_stands, r.dd_claimer) == (4, False, 4)
    out = api(client, T10, "NT", "S", {"by": "S", "tricks": 5, "statement": {"order": ["suit:C", "HJ"]}})
    assert out["awarded"] == 4 and out["stated_line"] == ["suit:C", "HJ"]


# --- T11: ruff high or ruff low at trick 2 (12 cards: the node budget) ---------------------------

T11_DEAL = "N:AK.AT.3.QT765432 T98532.J9754.4.8 QJ4.KQ6.KT7.AKJ9 76.832.AQJ98652."


@pytest.mark.slow
def test_t11_law_70d1_ruff_high_or_low_the_class_of_player_decides(dds, client):
    # forums.ebu.co.uk/discussion/comment/11950: on a diamond return North must ruff high; a low ruff is
    # overruffed by East's 8. DD 12; with the position after the diamond queen return, 12 for the ten or
    # queen, 11 for any other card. Judgement: 12 or 11; the engine presents 11 with the point, and the
    # point's value (claims.md: "exactly the 'value of the doubtful point' the engine must show") is 12.
    from engine.records.boards import board_from_parts

    # The claim is taken at its doubtful point, as the source discusses it: West has returned the
    # diamond queen and North is to play (12 tricks still to play, the one in progress included).
    board = board_from_parts(T11_DEAL, "6C", "N", "None", "D4 D7 DA D3 DQ".split())
    setting = ClaimSetting.of_board(board)
    r = adjudicate_claim(setting, Claim(Seat.NORTH, 12), dds, node_budget=40_000)
    assert r.dd_claimer == 12
    assert r.awarded_range[1] == 11  # at most 11: a low ruff is a normal (careless) play for a club player
    low = r.search.line[0]
    assert (low.seat, low.category, low.dd) == (Seat.NORTH, Category.CARELESS_RUFF, 11) and low.card.rank < 10
    # the doubtful point and its figure: the search with the low ruff ruled not normal does not finish in
    # 12 cards a hand, so the figure is the source's double-dummy value at the point, 12 (the ten or the
    # queen), labelled as such: an upper bound, never a searched figure
    point = r.doubtful_points[0]
    assert (point.trick, point.seat, point.card, point.category, point.law) == (2, Seat.NORTH, low.card,
                                                                               Category.CARELESS_RUFF, "70D1")
    assert (point.if_not_normal, point.figure_basis) == (12, FigureBasis.DOUBLE_DUMMY)
    said = [s for s in r.steps if s.key == "claim.doubtful_dd" and s.params["category"] == "careless_ruff"]
    assert said and "at most 12" in said[0].text and "not a searched figure" in said[0].text
    assert not any(s.key == "claim.doubtful" for s in r.steps)  # no figure presented as searched
    # ruled not normal, North ruffs high (the ten or the queen), and double dummy that keeps 12: the
    # search alone answers it (no doubtful points re-searched), the card valued by the solver
    ruled = search(setting, Claim(Seat.NORTH, 12, findings=Findings(switches=((Category.CARELESS_RUFF, False),))),
                   node_budget=40_000)
    high = ruled.line[0]
    pos = setting.position
    assert high.card.rank in (10, 12) and dds.solve_positions([pos])[pos].side_tricks(high.card, Seat.NORTH.side) == 12
    # the same through the API (synchronously, at the same node budget): at most 11, the point 12 double dummy
    body = {"deal": T11_DEAL, "contract": "6C", "declarer": "N", "vulnerable": "None", "play": "D4 D7 DA D3 DQ".split(),
            "claim": {"by": "N", "tricks": 12}, "node_budget": 40_000}
    res = claim_ruled(client, body)
    assert res.status_code == 200, res.text[:500]
    out = res.json()
    assert (out["awarded"], out["awarded_range"]["at_most"], out["needs_director"], out["double_dummy"]) == \
        (None, 11, True, 12)
    first = out["doubtful_points"][0]
    assert (first["trick"], first["seat"], first["category"], first["law"], first["if_not_normal"],
            first["figure_basis"]) == (2, "N", "careless_ruff", "70D1", 12, "double_dummy")
    assert all(p["figure_basis"] == "double_dummy" for p in out["doubtful_points"])


# --- T12: K75 opposite T8: the king first blocks the suit ----------------------------------------

T12 = "N: -.-.T8.2  E: AKQ.-.-.-  S: -.-.K75.-  W: -.-.-.AKQ"


def test_t12_law_70e2_70d1_king_first_blocks_the_suit_a_doubtful_point(dds, client):
    # BBO forum "Claim" (topic 58575): DD 3 (small to dummy first, overtake); the engine presents 2 with
    # the block as a doubtful point; ruled not normal -> 3. A judgement the director owns.
    r = adjudicate_claim(position(T12, None, "S"), Claim(Seat.SOUTH, 3), dds)
    assert (r.awarded, r.dd_claimer) == (2, 3)
    assert {(p.category, p.if_not_normal, p.figure_basis) for p in r.doubtful_points} == \
        {(Category.CARELESS_BLOCK, 3, FigureBasis.SEARCH)}  # searched, not a double-dummy bound
    ruled = adjudicate_claim(position(T12, None, "S"), Claim(Seat.SOUTH, 3, findings=Findings(
        switches=((Category.CARELESS_BLOCK, False),))), dds)
    assert (ruled.awarded, ruled.claim_stands) == (3, True)
    out = api(client, T12, "NT", "S", {"by": "S", "tricks": 3, "findings": {"normal": {"careless_block": False}}})
    assert out["awarded"] == 3
    out = api(client, T12, "NT", "S", {"by": "S", "tricks": 3})
    assert (out["awarded"], out["doubtful_points"][0]["category"], out["doubtful_points"][0]["if_not_normal"],
            out["doubtful_points"][0]["figure_basis"]) == (2, "careless_block", 3, "search")
    assert any(c["doubtful"] for c in out["worst_line"])


# --- a doubtful point whose search stops at its budget: the double-dummy bound, labelled ---------

def test_70d1_a_point_not_searched_to_the_end_shows_its_double_dummy_bound_labelled(dds):
    # T03 (EBU White Book 8.70.4(a)): the heart ace cashed while the club two is out, the claimer likely
    # unaware (70C): 3 of 4; ruled not normal, he draws the trump first: 4 (the document's figure, the
    # search's when it finishes). With a budget of 20 cards the search with that category ruled out
    # stops; the point keeps a figure, the most South can take from there double dummy: 4 (ace of
    # spades, king of spades, the club nine drawing the two, the heart ace), labelled double dummy.
    setting, claim = position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
        unaware_of_trump=Unaware.LIKELY))
    full = adjudicate_claim(setting, claim, dds)
    assert [(p.category, p.if_not_normal, p.figure_basis) for p in full.doubtful_points] == \
        [(Category.UNAWARE_TRUMP, 4, FigureBasis.SEARCH)]
    cut = adjudicate_claim(setting, claim, dds, node_budget=20)
    assert cut.awarded is None and cut.awarded_range == (0, 3)
    assert [(p.trick, p.card, p.category, p.if_not_normal, p.figure_basis) for p in cut.doubtful_points] == \
        [(1, card("HA"), Category.UNAWARE_TRUMP, 4, FigureBasis.DOUBLE_DUMMY)]
    (said,) = [s for s in cut.steps if s.key.startswith("claim.doubtful")]
    assert (said.key, said.law) == ("claim.doubtful_dd", "70C") and "at most 4" in said.text


@settings(max_examples=30, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 5), budget=st.integers(10, 80))
def test_a_double_dummy_figure_is_never_below_the_searched_one(dds, seed, n, budget):
    # What the label promises: a doubtful point's double-dummy figure is an upper bound on the figure the
    # search gives when it finishes (the same category ruled not normal, no budget to speak of).
    setting = random_setting(seed, n)
    by = SEATS[seed % 4]
    claim = Claim(by, n, findings=Findings(unaware_of_trump=Unaware.LIKELY))
    r = adjudicate_claim(setting, claim, dds, node_budget=budget)
    for p in r.doubtful_points:
        assert p.figure_basis is not None and p.if_not_normal is not None
        if p.figure_basis is FigureBasis.DOUBLE_DUMMY:
            searched = search(setting, claim, switches=((p.category, False),))
            assert searched.complete and p.if_not_normal >= searched.at_most, (p, searched.at_most)


# --- T14: a concession of a trick that could not be lost -----------------------------------------

T14 = "N: -.-.432.-  E: KQJ.-.-.-  S: A.AK.-.-  W: -.-.-.765"


def test_t14_law_71b_concession_of_a_trick_no_normal_play_loses_is_cancelled(dds, client):
    # Law 71B and the ACBL club directors' FAQ "Cancelled concessions": no normal play loses a trick -> 3.
    r = adjudicate_claim(position(T14, None, "S"), Claim(Seat.SOUTH, 2, ClaimKind.CONCESSION), dds)
    assert (r.awarded, r.claim_stands, r.dd_claimer) == (3, False, 3)
    out = api(client, T14, "NT", "S", {"by": "S", "tricks": 2, "kind": "concession", "statement": {
        "text": "I lose one"}})
    assert out["awarded"] == 3 and any(s["law"] == "71B" for s in out["steps"])


# --- T15: St Petersburg 2000, "Well, eleven" (full deal and play) --------------------------------

T15_DEAL = "N:J3.T52.T73.J6543 Q.AKQ764.J52.QT9 AKT975.J9.Q9864. 8642.83.AK.AK872"
T15_PLAY = "SA S2 S3 SQ SK S4 SJ H4 HA H9 H3 H2 HK HJ H8 H5 HQ S5 S6 HT".split()


@pytest.mark.slow
def test_t15_law_71b_st_petersburg_well_eleven_presents_the_losing_line(dds, client):
    # A. Ferapontov and D. Stevenson, "Concession Cancelled?" (blakjak.org/lws_fer0.htm): the table gave
    # 12 under 71B, contested. DD 8 of 8, and still 8 after each stated club; a normal line found after
    # the three clubs gives 7 (the prototype's: diamonds cashed, the spade ruffed, ...), not the stated
    # "ruff the fourth round [of clubs]". Whether that line is normal for this declarer is the director's
    # judgement (claims.md T15): the engine presents 7 with DD 8 and the doubtful point, West's lead at
    # trick 9 (after the three clubs) that is not the stated club ruff; ruled not normal, 71B cancels the
    # concession: 8 of 8, 12 tricks. It must not assert 12 itself.
    statement = {"text": "club queen, club to the ace and the king; if 4-1 ruff the fourth round",
                 "order": ["CQ", "CA", "CK"], "ruffs": [{"suit": "C", "in": "E"}]}
    body = {"deal": T15_DEAL, "contract": "4H", "declarer": "E", "vulnerable": "None", "play": T15_PLAY,
            "claim": {"by": "E", "tricks": 7, "kind": "concession", "statement": statement}}
    r = claim_ruled(client, body)
    assert r.status_code == 200, r.text[:500]
    out = r.json()
    assert (out["awarded"], out["double_dummy"], out["declarer_tricks"], out["claim_stands"]) == (7, 8, 11, True)
    stated = [c for c in out["worst_line"] if c["card"] in ("CQ", "CA", "CK")]
    assert [c["dd"] for c in stated] == [8, 8, 8]
    assert any(s["law"] == "71" for s in out["steps"])
    (point,) = out["doubtful_points"]
    assert (point["trick"], point["seat"], point["category"], point["law"], point["if_not_normal"],
            point["figure_basis"]) == (9, "W", "careless_departure", "71B", 8, "search")
    assert point["card"][0] != "C"  # not the stated club ruff
    body["claim"]["findings"] = {"normal": {"careless_departure": False}}
    ruled = claim_ruled(client, body).json()
    assert (ruled["awarded"], ruled["claim_stands"], ruled["declarer_tricks"], ruled["doubtful_points"]) == \
        (8, False, 12, [])
    assert any(s["law"] == "71B" for s in ruled["steps"])
    # the same through the engine
    from engine.laws.claims import Do, Stated
    from engine.records.boards import board_from_parts

    setting = ClaimSetting.of_board(board_from_parts(T15_DEAL, "4H", "E", "None", T15_PLAY))
    claim = Claim(Seat.EAST, 7, ClaimKind.CONCESSION, Statement(steps=(
        lead(card("CQ")), lead(card("CA")), lead(card("CK")), Stated(Do.RUFF, suit=Suit.CLUBS, seat=Seat.EAST))))
    e = adjudicate_claim(setting, claim, dds)
    assert (e.awarded, e.dd_claimer, e.declarer_tricks) == (7, 8, 11)
    assert [(p.trick, p.seat, p.category, p.law, p.if_not_normal, p.figure_basis) for p in e.doubtful_points] == \
        [(9, Seat.WEST, Category.CARELESS_DEPARTURE, "71B", 8, FigureBasis.SEARCH)]


# --- bad input: a 422 in the director's words, before any solving --------------------------------

@pytest.mark.parametrize(("change", "loc", "fragment"), [
    ({"claim": {"by": "S", "tricks": 4}}, ["body", "claim", "tricks"], "remain"),
    ({"position": {"hands": {"N": "42...2", "E": ".QJT..", "S": "AK5...", "W": "J3..2.C"}, "trump": "NT",
                   "leader": "S"}}, ["body", "position", "hands", "W"], "not a rank"),
    ({"position": {"hands": {"N": "42...", "E": ".QJT..", "S": "AK5...", "W": "J3..2."}, "trump": "NT",
                   "leader": "S"}}, ["body", "position"], "hand lengths"),
    ({"position": {"hands": {"N": "42...2", "E": ".QJT..", "S": "AK5...", "W": "J4..2."}, "trump": "NT",
                   "leader": "S"}}, ["body", "position"], "two hands"),
    ({"claim": {"by": "S", "tricks": 3, "statement": {"order": ["SQ"]}}}, ["body", "claim", "statement", "order", 0],
     "does not hold"),
    ({"deal": T06_DEAL}, ["body"], "not both"),
])
def test_bad_claims_are_a_422_naming_the_field(client, change, loc, fragment):
    body: dict[str, Any] = {"position": {"hands": hands_of(T01), "trump": "NT", "leader": "S"},
                            "claim": {"by": "S", "tricks": 3}} | change
    r = client.post(URL, json=body)
    assert r.status_code == 422, r.text[:300]
    items = [d for d in r.json()["detail"] if d["loc"] == loc]
    assert items and fragment in items[0]["msg"], r.json()["detail"]
    assert client.get("/healthz").status_code == 200


def test_the_answer_speaks_the_language_asked_for(client):
    r = client.post(URL + "?lang=pl", json={"position": {"hands": hands_of(T02), "trump": "NT", "leader": "S"},
                                           "claim": {"by": "S", "tricks": 3}})
    assert r.status_code == 200
    assert any("deklaracj" in line for line in r.json()["explanation"])


# --- properties against double dummy ---------------------------------------------------------------

def random_setting(seed: int, n: int) -> ClaimSetting:
    rnd = random.Random(seed)
    cards = sorted(FULL_DECK, key=lambda c: c.index)
    picked = rnd.sample(cards, 4 * n)
    hands = {s: frozenset(picked[i * n:(i + 1) * n]) for i, s in enumerate(SEATS)}
    trump = rnd.choice([None, *Suit])
    return ClaimSetting(Position.from_cards(hands, trump, rnd.choice(SEATS)))


def dd_for(dds, setting: ClaimSetting, side_seat: Seat) -> int:
    pos = setting.position
    ns = dds.solve_positions([pos])[pos].best_ns()
    return ns if side_seat.side.value == "NS" else pos.tricks_left - ns


@settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5), by=st.sampled_from(SEATS))
def test_the_award_never_exceeds_double_dummy(dds, seed, n, by):
    setting = random_setting(seed, n)
    claim = Claim(by, n, findings=Findings(unaware_of_trump=Unaware.UNKNOWN))
    r = search(setting, claim)
    assert r.complete and r.at_most <= dd_for(dds, setting, by)


@settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5), by=st.sampled_from(SEATS))
def test_with_the_claimer_unrestricted_the_search_is_double_dummy(dds, seed, n, by):
    setting = random_setting(seed, n)
    off = tuple((c, False) for c in CARELESS)
    claim = Claim(by, n, statement=Statement(trumps=TrumpsStated.MENTIONED),
                  findings=Findings(class_of_player=PlayerClass.EXPERT, switches=off))
    r = search(setting, claim, claimer_plays_any_card=True)
    assert r.complete and r.at_most == dd_for(dds, setting, by)


@settings(max_examples=10, derandomize=True, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5), by=st.sampled_from(SEATS))
def test_switching_a_careless_category_on_never_raises_the_award(seed, n, by):
    setting = random_setting(seed, n)
    for cat in CARELESS:
        base = Findings(unaware_of_trump=Unaware.LIKELY)
        off = search(setting, Claim(by, n, findings=base), switches=((cat, False),))
        on = search(setting, Claim(by, n, findings=base), switches=((cat, True),))
        assert on.at_most <= off.at_most, cat


def test_every_claim_step_has_its_template_and_the_english_template_is_the_engines_sentence(dds):
    """As tests/i18n/test_step_templates.py does for the revoke steps: every step of these rulings is said
    by its catalogue template in English exactly as the engine wrote it, and exists in pl/ru/el."""
    from app.i18n import catalogue, step_template_text

    rulings = [
        adjudicate_claim(position(T02, None, "S"), Claim(Seat.SOUTH, 3), dds),
        adjudicate_claim(position(T02, None, "S"), Claim(Seat.SOUTH, 3, findings=Findings(
            suit_order_regulation=SuitOrder.TOP_DOWN, played_after_claim=(card("S7"),))), dds),
        adjudicate_claim(position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4), dds),
        adjudicate_claim(position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
            unaware_of_trump=Unaware.LIKELY)), dds),
        adjudicate_claim(position(T04, Suit.SPADES, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
            unaware_of_trump=Unaware.UNLIKELY)), dds),
        adjudicate_claim(position(T04, Suit.SPADES, "S"), Claim(Seat.SOUTH, 4, statement=Statement(
            trumps=TrumpsStated.MENTIONED)), dds),
        adjudicate_claim(position(T09, None, "N"), Claim(Seat.EAST, 2, ClaimKind.AGREED_THEN_DISPUTED), dds),
        adjudicate_claim(position(T09, None, "N"), Claim(Seat.EAST, 0, ClaimKind.AGREED_THEN_DISPUTED), dds),
        adjudicate_claim(position(T09, None, "N"), Claim(Seat.EAST, 5, ClaimKind.AGREED_THEN_DISPUTED), dds),
        adjudicate_claim(position(T10, None, "S"), Claim(Seat.SOUTH, 5, statement=Statement(
            steps=(cash(Suit.CLUBS), lead(card("HJ"))))), dds),
        adjudicate_claim(position(T14, None, "S"), Claim(Seat.SOUTH, 2, ClaimKind.CONCESSION), dds),
        adjudicate_claim(position(T10, None, "S"), Claim(Seat.SOUTH, 4, ClaimKind.CONCESSION), dds),
        adjudicate_claim(position(T12, None, "S"), Claim(Seat.SOUTH, 3), dds, node_budget=10),
        adjudicate_claim(position(T03, Suit.CLUBS, "S"), Claim(Seat.SOUTH, 4, findings=Findings(
            unaware_of_trump=Unaware.LIKELY)), dds, node_budget=20),  # a point valued double dummy
    ]
    keys = set()
    for r in rulings:
        for s in r.steps:
            assert s.key, s
            keys.add(s.key)
            said = step_template_text("en", s) or ""
            assert said[:1].lower() + said[1:] == s.text[:1].lower() + s.text[1:], (s.key, said, s.text)
            for lang in ("pl", "ru", "el"):
                assert f"step.{s.key}" in catalogue(lang)
    assert {"claim.fails", "claim.stands", "claim.71B_cancel", "claim.71_stands", "claim.69B_likely",
            "claim.69B_withdrawn", "claim.69A_stands", "claim.doubtful", "claim.doubtful_dd", "claim.interval",
            "claim.70D3"} <= keys


def test_70d2_a_defenders_claim_holds_his_partner_to_normal_plays_too(dds, client):
    # Law 70D2 (and the WBF 2017 Commentary on it): no part of a defender's claim that depends on his
    # partner choosing a particular play among normal ones is accepted. T14's cards with the sides
    # turned round: West (a defender of 3NT by North) leads and claims 3 with SA, HA, HK; East must
    # follow or discard normally; declarer's side may play any card. No normal play loses a trick -> 3.
    text = "N: KQJ.-.-.-  E: -.-.-.765  S: -.-.432.-  W: A.AK.-.-"
    out = api(client, text, "NT", "W", {"by": "W", "tricks": 3}, declarer="N", contract="3NT",
              tricks_won={"NS": 9, "EW": 1})
    assert (out["awarded"], out["restricted_side"], out["result"]) == (3, "EW", "3NT N =")
    assert any(s["law"] == "70D2" for s in out["steps"])


def test_law_63a_a_disputed_claim_in_a_revoke_case_is_adjudicated_not_taken_as_a_figure(dds, client):
    # Sponvo30.pbn board 21 (1997 European Teams), 4H by W: South's revoke on trick 3 is established
    # (63A1). After nine tricks (EW 5) West claims the last four and the claim is disputed. At the claim
    # N T87..A., E AJ9..T., S 3.9.KJ., W 6.543.. with hearts trumps: South's H9 is above every heart
    # West holds and East has none, so it takes a trick on any line: 3 of 4 (by hand), 8 tricks at the
    # table, one trick transferred (64A2) -> 9, 4H W -1.
    from engine.laws.facts import RevokeFacts
    from engine.rulings.revoke import advise_revoke
    from tests.helpers import board
    from tests.web.test_web import SPONVO_DEAL, SPONVO_PLAY

    b = board(SPONVO_DEAL, "4H", "W", SPONVO_PLAY[:36])
    a = advise_revoke(b, facts=RevokeFacts(claim_detail=Claim(Seat.WEST, 4)), solver=dds)
    assert (a.claim.adjudicated, a.claim.declarer_tricks, a.table_tricks, a.after_adjustment) == (True, 3, 8, 9)
    assert [s.law for s in a.steps if s.key.startswith("claim.")][-1] == "70A"
    body = {"deal": SPONVO_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "play": SPONVO_PLAY[:36],
            "claim": {"by": "W", "tricks": 4}}
    r = client.post("/v1/rulings/revoke", json=body)
    assert r.status_code == 200, r.text[:500]
    out = r.json()
    assert out["claim"]["adjudicated"] is True and out["suggested"]["result"] == "4H W -1"
    both = client.post("/v1/rulings/revoke", json=body | {"claim_declarer_tricks": 4})
    assert both.status_code == 422 and "not both" in both.json()["detail"][0]["msg"]
