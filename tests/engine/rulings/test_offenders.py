"""The offending side does not gain, and the director's own figures (issue 24, sections 3-5).

Each ruling is worked by hand from the 2017 Laws (docs/laws.md) and Law 77, through the engine,
the API and the page:

* Law 12B1 on Laws 13/14 (issue 34): a 14/12 board found after play (13D), North-South at fault,
  table 4H N = (NS +620). Double dummy on the corrected deal gives 4H N +1 (NS +650), better for the
  offenders: an adjustment never gives the side at fault more than its table score and never leaves
  the non-offending side with less (East-West were not damaged), so the table result is the
  assigned adjusted score for both sides, under every profile (a weighted share of +650, issue 24's
  proposal, gave the offenders a gain and cost East-West 20% of a top on a field).
* Law 64C: the non-offending side is restored to what it would likely have had; the offending side
  never gets more than the table result plus the transfer from an equity step.
* Law 64C1 with the director's own figure (a facts-only ruling: no play to solve): a 3NT board after
  BBO "Revoke ruling" (https://www2.dal09.sl.bridgebase.com/forums/topic/72753-revoke-ruling/, 3NT,
  East's revoke on the third top spade, 7 tricks at the table, 64A2 one trick); the director judges
  10 tricks likely without the revoke. The source gives no deal: the one below is built by hand to
  fit its facts (East's singleton club, the spade 9 he kept, West's club ace).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.errors import InvalidBoardError
from engine.laws.card_count import CardCountFacts, Discovery
from engine.laws.equity import MeasureKind
from engine.laws.facts import Noticed, RevokeFacts, RevokeReport
from engine.model import Card, Seat, Side
from engine.model.contract import Contract
from engine.model.deal import Deal, parse_hand
from engine.model.seats import Vulnerability
from engine.rulings.incorrect_cards import advise_incorrect_cards
from engine.rulings.incorrect_cards_advice import IncorrectCardsCase
from engine.rulings.revoke import advise_revoke
from engine.scoring import PROFILES, Fault
from tests.engine.rulings.test_rulings_dd import R11_DEAL, R11_PLAY
from tests.helpers import board, laptop

pytestmark = pytest.mark.slow

# --- the 13D case: N 14, S 12 (South's C3 found in North's hand), after play ------------------------
# The hand record; 4H by North makes 11 tricks double dummy (checked below with DDS directly).
RECORD = "N:4.QJT87.A95.AT42 986.K3.842.KQ976 AJ.A54.KJT7.J853 KQT7532.962.Q63."
FOUND = {"N": "4.QJT87.A95.AT432", "E": "986.K3.842.KQ976", "S": "AJ.A54.KJT7.J85", "W": "KQT7532.962.Q63."}
CASE = {"hands": FOUND, "hand_record": RECORD, "vulnerable": "NS", "contract": "4H", "declarer": "N",
        "table_tricks": 10, "discovered": "after_play"}
# Law 77 by hand, 4H vulnerable: 4 x 30 = 120 trick points, game bonus 500: 4H = is +620; one
# overtrick 30 more: 4H +1 is +650; 12 tricks +680.
FOUR_H_VUL = {10: 620, 11: 650, 12: 680}
URL = "/v1/rulings/incorrect-cards"


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds), raise_server_exceptions=False) as c:
        yield c


def rule(client: TestClient, url: str = URL, **body: Any) -> dict[str, Any]:
    r = client.post(url, json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def box(html: str) -> str:
    """The "Score to enter" box as text."""
    m = re.search(r'<section class="enter" id="suggested".*?</section>', html, re.S)
    assert m is not None
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", m.group(0))).split())


def test_the_deal_makes_eleven_tricks_in_hearts_by_north_double_dummy():
    from endplay.dds import calc_dd_table  # the independent oracle: DDS directly, not through our layer
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    assert calc_dd_table(EpDeal(RECORD))[Denom.hearts, Player.north] == 11


def _engine_case(table_tricks: int = 10) -> IncorrectCardsCase:
    found = {Seat(s): parse_hand(h, Seat(s)) for s, h in FOUND.items()}
    return IncorrectCardsCase(found, CardCountFacts(discovered=Discovery.AFTER_PLAY), Deal.from_pbn(RECORD),
                              vulnerability=Vulnerability.NS, contract=Contract.from_str("4H", Seat.NORTH),
                              table_tricks=table_tricks)


def test_law_12b1_13d_the_engine_never_assigns_the_offenders_double_dummy_gain(dds):
    a = advise_incorrect_cards(_engine_case(), solver=dds)
    g = a.offender_gain
    assert g is not None and g.offending is Side.NS
    assert (g.table.result, g.table.score_ns) == ("4H N =", FOUR_H_VUL[10])
    assert (g.double_dummy.result, g.double_dummy.score_ns) == ("4H N +1", FOUR_H_VUL[11])
    assert a.assigned is not None and (a.assigned.result, a.assigned.score_ns) == ("4H N =", 620)
    assert [(p.result, p.score_ns) for p in a.plausible_results()] == [("4H N =", 620)]  # no share of +650
    laws = [s.law for s in a.steps]
    assert "12B1" in laws and "12C1(c)" not in laws and "12C1(e)" not in laws
    b = a.beside
    assert b is not None and b.bounded and b.proposal == a.assigned
    assert (b.table_points(Side.NS), b.table_points(Side.EW)) == (620, -620)
    assert (b.proposal_points(Side.NS), b.proposal_points(Side.EW)) == (620, -620)


def test_law_12b1_13d_the_table_result_stands_for_both_sides_through_the_api(client):
    out = rule(client, **CASE)
    g = out["offender_gain"]
    assert out["assigned"]["result"] == "4H N =" and out["score_law"] == "12B1" and out["scores"]["suggested"] == 620
    assert g["offending_side"] == "NS" and g["profile"] == "wbf"
    assert (g["table"]["score_ns"], g["double_dummy"]["score_ns"]) == (620, 650)
    assert g["procedural_penalty_percent"] is None  # no source gives a WBF figure: the director's
    beside = out["beside_table"]
    assert beside["table"]["result"] == "4H N =" and beside["table_points"] == {"NS": 620, "EW": -620}
    assert beside["proposal_points"] == {"NS": 620, "EW": -620} and beside["bounded_by_table"]
    assert beside["artificial_percent"] is None
    said = " ".join(s["text"] for s in out["steps"] if s["law"] == "12B1")
    assert "NS are at fault" in said and "(N 14, S 12)" in said
    assert "EW were not damaged, and NS may not gain: the table result, 4H N =, is the assigned adjusted score for " \
           "both sides." in said
    assert any(t.endswith("procedural penalty (Law 90): its amount is the director's.") for t in out["explanation"])
    assert any("The table's score: 4H N =, North-South +620, East-West -620; the proposal: 4H N =, North-South "
               "+620, East-West -620 (the same)" in t for t in out["explanation"])


def test_law_12b1_13d_on_a_matchpoint_field_the_non_offenders_keep_their_80_percent(client):
    # Issue 34's figures: the table's +620 scores North-South 20% on the field. Five other NS scores,
    # 2 matchpoints per score beaten, top 10: +420, +630, +630, +680, +680. +620 beats +420 only: 2 of 10,
    # 20% (East-West 80%). +650 would beat +420, +630, +630: 6 of 10 (60%). Issue 24's half +620, half +650
    # gave North-South, the side at fault, 4 (40%) and cut East-West from 80% to 60%; now 20% / 80%.
    out = rule(client, **CASE, scoring={"field": [420, 630, 630, 680, 680]})
    w = out["scores"]["weighted"]
    assert [o["score_ns"] for o in w["outcomes"]] == [620]
    assert (w["ns"], w["ew"], w["top"]) == (2.0, 8.0, 10) and w["ns_percent"] == pytest.approx(20.0)
    assert w["ew_percent"] == pytest.approx(80.0)


@pytest.mark.parametrize("profile", ["acbl", "ebu"])
def test_law_12b1_13d_every_profile_keeps_the_table_result(client, profile):
    out = rule(client, **CASE, scoring={"profile": profile})
    assert out["score_law"] == "12B1" and out["assigned"]["result"] == "4H N =" and out["scores"]["suggested"] == 620
    assert out["offender_gain"]["profile"] == profile


def test_law_12c2_an_artificial_proposal_is_not_bounded_by_the_table_score_and_says_so(client):
    # The director judges the auction would have differed: no result can be assigned (12C2(a)), North-
    # South directly at fault: 40% / 60%, below East-West's 80% at the table: said, not bounded.
    out = rule(client, **CASE, auction_would_be_unchanged=False)
    assert out["assigned"] is None and out["offender_gain"] is None and out["score_law"] == "12C2(a)"
    beside = out["beside_table"]
    assert beside["proposal"] is None and beside["artificial_percent"] == {"NS": 40, "EW": 60}
    assert beside["table_points"] == {"NS": 620, "EW": -620} and not beside["bounded_by_table"]
    assert any("for a board the director rules unplayable (no result can be obtained): North-South 40%, "
               "East-West 60%; it is not bounded by the table's score" in t for t in out["explanation"])


def test_law_90_ebu_practice_procedural_penalty_is_a_suggestion_of_a_quarter_top(client):
    out = rule(client, **CASE, scoring={"profile": "ebu"})
    assert out["offender_gain"]["procedural_penalty_percent"] == 25  # docs/scoring.md section 5
    assert any("EBU practice is 25% of a top, a suggestion the director edits" in t for t in out["explanation"])


def test_law_12c1b_a_double_dummy_result_worse_for_the_offenders_is_assigned_as_it_stands(client):
    # Table 12 tricks (+680): double dummy 11 (+650) moves only towards East-West: assigned as before.
    out = rule(client, **(CASE | {"table_tricks": 12}))
    assert out["offender_gain"] is None and out["score_law"] == "12C1(b)"
    assert (out["assigned"]["result"], out["assigned"]["score_ns"]) == ("4H N +1", FOUR_H_VUL[11])
    beside = out["beside_table"]
    assert beside["table_points"] == {"NS": 680, "EW": -680} and beside["proposal_points"] == {"NS": 650, "EW": -650}
    assert not beside["bounded_by_table"]


FORM = {f"hand_{k}": v for k, v in FOUND.items()} | {
    "hand_record": RECORD, "vulnerable": "NS", "contract": "4H", "declarer": "N", "table_tricks": "10",
    "discovered": "after_play"}


def beside_rows(html: str) -> list[tuple[str, ...]]:
    """The rows of the "table's score beside the proposal" table: (row heading, NS, EW), as text."""
    rows = re.findall(r'<tr id="beside-(?:table|proposal)-row"><th scope="row">([^<]+)</th><td>([^<]+)</td>'
                      r'<td>([^<]+)</td>', html)
    return [tuple(unescape(x) for x in row) for row in rows]


def test_the_page_keeps_the_table_result_and_shows_it_for_both_sides(client):
    for profile in ("wbf", "acbl"):
        html = client.post("/incorrect-cards", data=FORM | {"profile": profile}).text
        b = box(html)
        assert "4H N = Score (North-South): +620 (12B1)" in b and "4H N +1 Score" not in b
        assert "Procedural penalty: the director's." in b
        rows = beside_rows(html)
        assert rows == [("Table's score: 4H N =", "+620", "-620"), ("Proposed: 4H N =", "+620", "-620")]
    b = box(client.post("/incorrect-cards", data=FORM | {"profile": "ebu", "lang": "pl"}).text)
    assert "Kara proceduralna: ustala ją sędzia (praktyka EBU: 25% topu, propozycja)." in b
    assert "Wynik przy stole: 4H N =" in b and "Propozycja: 4H N =" in b
    html = client.post("/incorrect-cards", data=FORM | {"table_tricks": "12"}).text
    rows = beside_rows(html)
    assert rows == [("Table's score: 4H N +2", "+680", "-680"), ("Proposed: 4H N +1", "+650", "-650")]


@pytest.mark.parametrize(("lang", "said"), [
    # North-South at fault (N 14, S 12): "favourable to North-South" in the dative / accusative
    ("ru", "был бы выгоден Северу-Югу, виновной стороне, а ненарушившая сторона ущерба не понесла (12B1)"),
    ("el", "θα ευνοούσε τον Βορρά-Νότο, τον υπαίτιο άξονα, και ο αναίτιος άξονας δεν ζημιώθηκε (12B1)"),
    ("pl", "byłby korzystny dla NS, strony winnej, a strona niewykraczająca nie poniosła szkody (12B1)"),
    ("en", "would favour NS, the side at fault, and the non-offending side was not damaged (12B1)"),
])
def test_the_page_names_the_side_at_fault_as_the_language_says_it(client, lang, said):
    html = client.post("/incorrect-cards", data=FORM | {"lang": lang}).text
    m = re.search(r'<p id="offender-gain">(.*?)</p>', html, re.S)
    assert m is not None
    assert said in " ".join(unescape(re.sub(r"<[^>]+>", " ", m.group(1))).split())


def test_the_cli_takes_the_profile_from_scoring(capsys, tmp_path):
    import json

    from app.cli import main as cli_main

    path = tmp_path / "case.json"
    path.write_text(json.dumps(CASE | {"scoring": {"profile": "ebu"}}))
    assert cli_main(["incorrect-cards", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["score_law"] == "12B1" and out["offender_gain"]["procedural_penalty_percent"] == 25
    assert out["beside_table"]["table_points"] == {"NS": 620, "EW": -620}
    assert cli_main(["incorrect-cards", str(path), "--lang", "pl"]) == 0
    text = capsys.readouterr().out
    assert "Przypisany wynik rozjemczy: 4H N =  (NS +620)" in text
    assert "Wynik przy stole obok propozycji: 4H N =, NS +620, EW -620" in text


# --- Law 64C: an equity step never favours the offenders --------------------------------------------

def test_law_64c_an_equity_line_never_gives_the_offenders_more_than_the_table_result_and_transfer(dds, client):
    # R11 (tests/engine/rulings/test_rulings_dd.py): 4H by South, who revoked on trick 1 (dummy won it); 13 tricks at the
    # table, 64A2 takes one: 12 (4H S +2, NS +480). The revoke card changed nothing double dummy, so
    # "table result + what the revoke card changed" is 13 (+510): better for the offender than 12. Law
    # 64C restores the non-offending side; it never hands the offenders a weighted share of 13.
    facts = RevokeFacts(noticed=Noticed.AFTER_PLAY, claim_declarer_tricks=8)
    a = advise_revoke(board(R11_DEAL, "4H", "S", R11_PLAY), facts=facts, solver=dds)
    assert (a.table_tricks, a.after_adjustment, a.likely_without_revokes) == (13, 12, 13)
    assert not a.law_64c.applies and a.suggested_tricks == 12
    assert [(p.result, p.score_ns) for p in a.plausible_results()] == [("4H S +2", 480)]
    out = rule(client, "/v1/rulings/revoke", deal=R11_DEAL, contract="4H", declarer="S", play=R11_PLAY.split(),
               claim_declarer_tricks=8, scoring={"field": [510, 480, 450]})
    assert out["scores"]["plausible"] == []  # one result: no weighted share of +510
    w = out["scores"]["weighted"]
    # +480 alone against +510, +480, +450: 0 + 1 + 2 = 3 of a top of 6
    assert [o["score_ns"] for o in w["outcomes"]] == [480] and w["ns"] == 3.0


def test_law_64c1_an_equity_line_better_for_the_non_offenders_is_still_offered(dds):
    # R11 found after the round ended (64B5: no transfer): 13 stands; the hand played double dummy from
    # before the revoke gives 12, better for East-West: both stay candidates, the director judges.
    facts = RevokeFacts(noticed=Noticed.AFTER_ROUND_ENDED, claim_declarer_tricks=8)
    a = advise_revoke(board(R11_DEAL, "4H", "S", R11_PLAY), facts=facts, solver=dds)
    assert [p.tricks for p in a.plausible_results()] == [13, 12]


# --- Law 64C1 with the director's own figure (facts only) -------------------------------------------

# N AKQ2.K54.73.KQJ4 / E 983.J987.AKJ96.2 / S J64.AQ3.T84.T985 / W T75.T62.Q52.A763; 3NT by South.
# Tricks 1-2 to the defence (diamonds ducked), 3-5 to declarer; on trick 6 (the third top spade, won
# by North) East discards his singleton C2 holding the S9; the defence wins 4 tricks after it (West's
# CA, East's diamonds and the S9): 7 tricks for declarer (3NT -2). 64A2: one trick, 8 (3NT -1).
THREE_NT = "N:AKQ2.K54.73.KQJ4 983.J987.AKJ96.2 J64.AQ3.T84.T985 T75.T62.Q52.A763"
FACTS = {"trick": 6, "offender": "E", "revoke_trick_won_by": "N", "offending_side_tricks_after": 4, "card": "C2",
         "suit_led": "S"}
# Law 77 by hand, 3NT not vulnerable: 40 + 30 + 30 = 100, game 300: 3NT = +400, +1 +430; -1 is -50, -2 -100.


def _report(likely: int | None, reason: str = "") -> RevokeReport:
    return RevokeReport(6, Seat.EAST, Seat.NORTH, 4, Card.from_str("C2"), None, likely, reason)


def test_law_64c1_the_directors_figure_decides_equity_in_a_facts_only_ruling(dds):
    b = board(THREE_NT, "3NT", "S", "")
    facts = RevokeFacts(table_result=7, reported=_report(10, "East follows with the S9: the fourth spade "
                                                                "and the clubs come in"))
    a = advise_revoke(b, facts=facts, solver=dds)
    assert a.facts_only and a.after_adjustment == 8 and a.directors_likely == 10
    assert a.law_64c.applies and a.law_64c.law == "64C1" and a.suggested_law == "64C1"
    assert (a.suggested_result, a.score_ns_suggested) == ("3NT S +1", 430)
    said = " ".join(s.text for s in a.steps)
    assert "10 tricks for the declarer's side (3NT S +1), the director's own figure, not double dummy" in said
    assert "Not checked" not in said


def test_law_64c1_the_directors_figure_never_lowers_the_transfer(dds):
    # the director judges 7 likely: the non-offending side has 8 after 64A2, so no further adjustment
    # (64C is not punitive, and never gives the offending East-West more than the transfer leaves them)
    a = advise_revoke(board(THREE_NT, "3NT", "S", ""), facts=RevokeFacts(table_result=7, reported=_report(7)),
                      solver=dds)
    assert not a.law_64c.applies and a.suggested_tricks == 8 and a.score_ns_suggested == -50


def test_law_64c1_the_directors_figure_out_of_range_is_refused_and_with_the_play_decides(dds):
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(board(THREE_NT, "3NT", "S", ""), facts=RevokeFacts(table_result=7, reported=_report(14)),
                      solver=dds)
    assert e.value.path == "revoke_facts/likely_without_revoke"
    with pytest.raises(InvalidBoardError) as e:  # a reason with no figure is not silently dropped
        advise_revoke(board(THREE_NT, "3NT", "S", ""), solver=dds,
                      facts=RevokeFacts(table_result=7, reported=_report(None, "East would have followed")))
    assert e.value.path == "revoke_facts/likely_without_revoke" and e.value.key == "reported_reason_without_figure"
    # Issue 34 (the director's own figure everywhere): with the play through the revoke trick entered
    # his figure is no longer refused. 4H by West, 8 tricks at the table; South revoked on trick 3
    # (West won it): 64A2, one trick, 9. The director judges 10 likely: 64C1 adjusts to 10 (4H W =),
    # decided with his figure, the engine's measures still shown beside it.
    sponvo = "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"
    play = "CJ C3 C2 CK HA H6 HJ H2 HK S2 D3 D4 HQ D5 D7 H7"
    a = advise_revoke(board(sponvo, "4H", "W", play),
                      facts=RevokeFacts(table_result=8, reported=RevokeReport(3, Seat.SOUTH, Seat.WEST, 5,
                                                                              likely_without_revoke=10)),
                      solver=dds)
    assert (a.after_adjustment, a.suggested_result, a.suggested_law) == (9, "4H W =", "64C1")
    assert a.measure_used is MeasureKind.DIRECTOR and a.likely_without_revokes == 10
    assert [m.kind for m in a.measures] == [MeasureKind.TABLE_PLAY, MeasureKind.SWING, MeasureKind.DOUBLE_DUMMY,
                                            MeasureKind.DIRECTOR]
    with pytest.raises(InvalidBoardError) as e:
        advise_revoke(board(sponvo, "4H", "W", play), facts=RevokeFacts(table_result=8, likely_without_revoke=14),
                      solver=dds)
    assert e.value.path == "likely_without_revoke" and e.value.key == "likely_range"


def test_law_64c1_the_directors_figure_through_the_api(client):
    body = {"deal": THREE_NT, "contract": "3NT", "declarer": "S", "table_result": 7,
            "revoke_facts": FACTS | {"likely_without_revoke": 10, "likely_reason": "East follows with the S9"}}
    out = rule(client, "/v1/rulings/revoke", **body)
    assert out["facts_only"] and out["declarer_tricks"]["likely_directors_figure"] == 10
    assert out["declarer_tricks"]["likely_without_revokes"] is None  # no double dummy measure
    assert out["law_64c"]["applies"] and out["law_64c"]["reason"].startswith("on the director's own figure, not double")
    assert (out["suggested"]["result"], out["suggested"]["score_ns"], out["suggested"]["law"]) == \
        ("3NT S +1", 430, "64C1")
    assert any(t.endswith("not double dummy: East follows with the S9.") for t in out["explanation"])
    r = client.post("/v1/rulings/revoke", json=body | {"revoke_facts": FACTS | {"likely_without_revoke": 14}})
    assert r.status_code == 422 and "revoke_facts" in r.text and "likely_without_revoke" in r.text


def test_law_64c1_the_directors_figure_on_the_page(client):
    pbn = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{THREE_NT}"]\n'
    r = client.post("/upload", files={"file": ("three-nt.pbn", pbn.encode())}, data={"lang": "en"})
    assert r.status_code == 200
    m = re.search(r'action="/events/(\d+)/boards/1/play"', r.text)
    assert m is not None
    form = {"source": "event", "event": m.group(1), "board": "1", "contract": "3NT", "declarer": "S",
            "table_result": "7", "play": "", "rf_trick": "6", "rf_offender": "E", "rf_won_by": "N", "rf_after": "4",
            "rf_card": "C2", "rf_suit_led": "S", "rf_likely": "10", "rf_likely_reason": "East follows with the S9"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text[:2000]
    b = box(r.text)
    assert "3NT S +1" in b and "+430" in b and "64C1" in b
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", r.text)).split())
    assert "Likely without the revoke: the director's own figure (not double dummy) 10 (3NT S +1): East follows" \
        in text
    assert "decided with the director's own figure, not double dummy" in text
    assert "not checked double dummy" not in text
    bad = client.post("/ruling", data=form | {"rf_likely": "14"})
    assert bad.status_code == 422 and 'id="err-rf_likely"' in bad.text


# --- two measures of "likely" named -------------------------------------------------------------------

def test_the_two_measures_of_likely_are_named_and_per_card_figures_are_tricks(client):
    from tests.helpers import SPONVO30_DEAL as SPONVO_DEAL
    from tests.helpers import SPONVO30_PLAY as SPONVO_PLAY

    # Sponvo30 board 21: the record stops after trick 9; West's side took 9 tricks in all (the file's
    # Result), so the claim gives it the rest of its tricks (given, not valued double dummy).
    won = advise_revoke(board(SPONVO_DEAL, "4H", "W", " ".join(SPONVO_PLAY)), facts=RevokeFacts(
        claim_declarer_tricks=0), solver=client.app.state.solver).board.play_record().tricks_won_by(
        (Seat.EAST, Seat.WEST))
    claim = 9 - won
    out = rule(client, "/v1/rulings/revoke", deal=SPONVO_DEAL, contract="4H", declarer="W", vulnerable="NS",
               play=list(SPONVO_PLAY), claim_declarer_tricks=claim)
    [rv] = out["revokes"]
    assert set(rv["likely_by_card"]) == set(rv["dd_by_card"])  # the same cards, both in declarer's tricks
    assert all(isinstance(n, int) and 0 <= n <= 13 for n in rv["likely_by_card"].values())
    html = client.post("/ruling", data={"source": "parts", "deal": SPONVO_DEAL, "contract": "4H", "declarer": "W",
                                        "vulnerable": "NS", "play": " ".join(SPONVO_PLAY),
                                        "claim_declarer_tricks": str(claim)}).text
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    assert "Table result + what the revoke card changed" in text and "Double dummy from before the revoke" in text
    # each card as the tables show it ("H9" -> "♥9", "ST" -> "♠10") with its figure in tricks
    options = re.findall(r'<option value="(\w\w)"[^>]*>\s*([♠♥♦♣](?:10|[2-9AKQJ])): ([^<]+)</option>', html)
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    assert options and all(symbol[card[0]] + card[1].replace("T", "10") == shown and value.isdigit()
                           for card, shown, value in options)
    assert {c: int(v) for c, _, v in options} == rv["likely_by_card"]
    assert PROFILES["wbf"].procedural_penalty is None and PROFILES["ebu"].procedural_penalty == 25


# --- the new sentences: the English templates give the engine's words --------------------------------

def test_the_new_steps_english_templates_are_the_engines_sentences(dds):
    from app.i18n import step_template_text
    from tests.i18n.test_step_templates import _walk

    steps = []
    for name in ("wbf", "ebu", "acbl"):
        steps += advise_incorrect_cards(_engine_case(), solver=dds, profile=PROFILES[name]).steps
    given = _engine_case()
    given = IncorrectCardsCase(given.found, CardCountFacts(discovered=Discovery.AFTER_PLAY, fault={
        Side.NS: Fault.DIRECTLY, Side.EW: Fault.NONE}), given.hand_record, vulnerability=given.vulnerability,
        contract=given.contract, table_tricks=10)
    steps += advise_incorrect_cards(given, solver=dds).steps
    both = IncorrectCardsCase(given.found, CardCountFacts(discovered=Discovery.AFTER_PLAY, fault={
        Side.NS: Fault.DIRECTLY, Side.EW: Fault.DIRECTLY}), given.hand_record, vulnerability=given.vulnerability,
        contract=given.contract, table_tricks=10)
    steps += advise_incorrect_cards(both, solver=dds).steps
    steps += advise_incorrect_cards(replace(both, facts=CardCountFacts(discovered=Discovery.AFTER_PLAY,
                                                                       auction_would_be_unchanged=False)),
                                    solver=dds).steps
    steps += advise_incorrect_cards(replace(both, table_tricks=12, facts=CardCountFacts(
        discovered=Discovery.AFTER_PLAY)), solver=dds).steps
    for likely, reason in ((10, "East follows with the S9"), (10, ""), (7, ""), (8, "as played")):
        steps += advise_revoke(board(THREE_NT, "3NT", "S", ""), solver=dds,
                               facts=RevokeFacts(table_result=7, reported=_report(likely, reason))).steps
    keys = set()
    for s in (x for top in steps for x in _walk(top) if x.key):
        said = step_template_text("en", s) or ""
        assert said[:1].lower() + said[1:] == s.text[:1].lower() + s.text[1:], s.key
        keys.add(s.key)
    assert {"cc.og.12B1", "cc.beside", "cc.beside.table",
            "cc.beside.proposal", "cc.beside.same", "cc.beside.artificial", "cc.beside.artificial_alternative",
            "cc.og.fault_hands", "cc.og.fault_given", "cc.og.pp",
            "cc.og.pp_figure", "likely_director", "likely_director_reason", "eq.64C1_director",
            "eq.64C1_director_not"} <= keys


def test_law_12b1_the_case_file_suggests_the_table_result_not_the_gain(dds, tmp_path):
    # the 13D case saved as a case: the suggestion is the table result, 4H N = (12B1), never 4H N +1
    # nor a weighted share of it
    from tests.web.test_case_page import DIRECTOR

    form = {f"hand_{k}": v for k, v in FOUND.items()} | {
        "hand_record": RECORD, "vulnerable": "NS", "contract": "4H", "declarer": "N", "table_tricks": "10",
        "discovered": "after_play"}
    with laptop(create_app(dds, database_url=f"sqlite:///{tmp_path / 'a.sqlite3'}")) as c:
        view = c.post("/incorrect-cards", data=form).text
        m = re.search(r'name="ruling_request" value="([^"]*)"', view)
        assert m is not None
        r = c.post("/cases", follow_redirects=False, data={
            "lang": "en", "kind": "incorrect_cards", "ruling_request": unescape(m.group(1)), "case_event": "new",
            "new_event_name": "Club", "new_event_date": "2024-03-01", "case_board": "7", "ns_number": "1",
            "ew_number": "2", "case_director": DIRECTOR})
        assert r.status_code == 303, r.text[:2000]
        page = c.get(r.headers["location"]).text
        m = re.search(r'id="suggested-score">([^<]*)<', page)
        assert m is not None
        assert unescape(m.group(1)) == "4H N =, NS +620 (12B1)"
