"""The case file's rules (engine/casefile/cases.py), pure: what a director's decision and an appeals
committee's review may be, which score stands, and what a re-run reports.

The case is Sponvo30.pbn board 21 ruled from the facts (tests/api/test_table_flow.py): 4H by West,
North-South vulnerable, table result 8 tricks (4H W -2, North-South +100 with East-West not
vulnerable), South's revoke transfers one trick under 64A2: 4H W -1, North-South +50 suggested.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from engine.casefile.cases import (
    Action,
    Case,
    CaseConflictError,
    CaseDetails,
    CaseKind,
    CaseRuleError,
    Deposit,
    EnteredScore,
    HistoryEntry,
    NewCase,
    Pair,
    Review,
    ReviewOutcome,
    WeightedPart,
)
from engine.casefile.history import differences, fold
from engine.casefile.rules import KeptProposal, check_decision, check_review, check_score

T0 = dt.datetime(1997, 6, 26, 15, 0, tzinfo=dt.UTC)
NEW = NewCase(CaseDetails(1, "21", "30", "4", Pair("12"), Pair("3"), "Jan Kowalski"), CaseKind.REVOKE,
              {"contract": "4H"}, {"suggested": {"score_ns": 50}}, "0.1.0", "2017", suggested_ns=50, table_ns=100)
CASE = Case(7, T0, "Jan Kowalski", NEW)
ONE_DOWN = EnteredScore(50, "4H W -1", "64A2")
UPHOLD = Review(ReviewOutcome.UPHOLD, ("A. Wilson", "B. Nowak", "C. Petrov"), "Established at trick 4.",
                Deposit.KEPT)


def entry(seq: int, action: Action, change: dict[str, object]) -> HistoryEntry:
    return HistoryEntry(seq, T0 + dt.timedelta(minutes=seq), "someone", None, action, change)


def decided(score: EnteredScore = ONE_DOWN, reason: str = "") -> Case:
    d = check_decision(CASE, score, reason)
    return fold(CASE, [entry(1, Action.CREATED, {}), entry(2, Action.DECISION, d.to_json())])


def test_the_suggested_score_needs_no_reason_and_another_needs_one() -> None:
    assert check_decision(CASE, ONE_DOWN, "").differs is False
    with pytest.raises(CaseRuleError, match=r"score entered \(\+100\) differs from the advisor's proposal \(\+50\)") \
            as exc:
        check_decision(CASE, EnteredScore(100, "4H W -2", "63A1"), "  ")
    assert (exc.value.path, exc.value.key, exc.value.params) == ("reason", "case_decision_reason",
                                                                 {"entered": "+100", "proposal": "+50"})
    kept = check_decision(CASE, EnteredScore(100, "4H W -2", "64B2"), "the revoke was not established")
    assert kept.differs and kept.reason == "the revoke was not established"


def test_a_weighted_score_is_the_weighted_sum_of_its_results() -> None:
    # 70% of 4H W -1 (NS +50) and 30% of 4H W = (NS -620, East-West not vulnerable): 35 - 186 = -151
    parts = (WeightedPart("4H W -1", 50, 70), WeightedPart("4H W =", -620, 30))
    score = check_score(EnteredScore(-151, "weighted", "12C1(c)", weighted=parts))
    assert score.score_ns == -151
    with pytest.raises(CaseRuleError, match=r"weighted results give -151.00, not -140") as exc:
        check_score(EnteredScore(-140, "weighted", "12C1(c)", weighted=parts))
    assert exc.value.path == "score_ns"
    short = (WeightedPart("4H W -1", 50, 70), WeightedPart("4H W =", -620, 20))
    with pytest.raises(CaseRuleError, match=r"add up to 90%, not 100%"):
        check_score(EnteredScore(-89, "weighted", "12C1(c)", weighted=short))
    # a weighted score differs from the suggestion (+50): the director says why
    with pytest.raises(CaseRuleError, match="give the reason") as exc:
        check_decision(CASE, EnteredScore(-151, "weighted", "12C1(c)", weighted=parts), "")
    assert exc.value.params["entered"] == "70% 4H W -1, 30% 4H W = (-151)"  # what was entered, not "artificial"


def test_confirming_the_weighted_proposal_needs_no_reason_and_departing_from_it_does() -> None:
    # Issue 37: the advisor proposes 4H W -1 (NS +50) and 4H W = (NS -620) at 50% each (12C1(c), even
    # weights): 25 - 310 = -285. The director records exactly that: no reason (in any order of parts).
    proposal = (WeightedPart("4H W -1", 50, 50), WeightedPart("4H W =", -620, 50))
    same = EnteredScore(-285, "50% 4H W =, 50% 4H W -1", "12C1(c)", weighted=tuple(reversed(proposal)))
    assert check_decision(CASE, same, "", proposal).differs is False
    # 70/30 departs from it: 35 - 186 = -151, and the error names both, true to what was entered
    other = (WeightedPart("4H W -1", 50, 70), WeightedPart("4H W =", -620, 30))
    with pytest.raises(CaseRuleError) as exc:
        check_decision(CASE, EnteredScore(-151, "70/30", "12C1(c)", weighted=other), "", proposal)
    assert (exc.value.key, exc.value.params) == ("case_decision_reason", {
        "entered": "70% 4H W -1, 30% 4H W = (-151)", "proposal": "50% 4H W -1, 50% 4H W = (-285)"})
    assert check_decision(CASE, EnteredScore(-151, "70/30", "12C1(c)", weighted=other), "misled", proposal).differs
    # split with the proposal's parts is not the proposal
    split = EnteredScore(-285, "", "12C1(c)", score_ew=100, weighted=proposal)
    with pytest.raises(CaseRuleError, match="give the reason"):
        check_decision(CASE, split, "", proposal)


def test_a_split_score_differs_even_with_the_suggested_points_for_north_south() -> None:
    balancing = check_score(EnteredScore(50, "4H W -1", "64A2", score_ew=-50))
    assert balancing.score_ew is None  # -50 for East-West is what +50 for North-South means
    with pytest.raises(CaseRuleError, match="give the reason"):
        check_decision(CASE, EnteredScore(50, "4H W -1", "12C1(b)", score_ew=100), "")
    assert check_decision(CASE, EnteredScore(50, "4H W -1", "12C1(b)", score_ew=100), "split").differs


def test_confirming_12c1e_two_scores_needs_no_reason_and_another_split_does() -> None:
    # 12C1(e) (issue 38): North-South on -420 (their view), East-West on their own -50 (scored as if
    # North-South had +50); the CASE's suggested +50 is not it: the proposal is the two scores
    proposal = (-420.0, -50.0)
    two = EnteredScore(-420, "4S E = / 4S E -1", "12C1(e)", score_ew=-50)
    assert check_decision(CASE, two, "", split=proposal).differs is False
    other = EnteredScore(-420, "4S E =", "12C1(e)", score_ew=-100)  # East-West on +100 instead: not the proposal
    with pytest.raises(CaseRuleError, match=r"\(-420/-100\) differs from the advisor's proposal \(-420/-50\)"):
        check_decision(CASE, other, "", split=proposal)
    assert check_decision(CASE, other, "East-West's worst at all probable is two down", split=proposal).differs


# BBO 37443 (tests/engine/rulings/alternatives_corpus): East-West keep the table result, 3NT by West two
# down (North-South +100, East-West's own -100); North-South get 50% of 3D E +1 (-130) and 50% of 3S W =
# (-140): -65 - 70 = -135 (12C1(b)/(e))
BBO_PARTS = (WeightedPart("3D E +1", -130, 50), WeightedPart("3S W =", -140, 50))
BBO_KEPT = EnteredScore(-135, "NS: 50% 3D E +1, 50% 3S W = / EW 3NT W -2", "12C1(e)", score_ew=-100,
                        weighted=BBO_PARTS, kept_by="EW")


def test_a_split_where_one_side_keeps_the_table_result_is_checked_side_by_side() -> None:
    score = check_score(BBO_KEPT)
    assert (score.score_ns, score.score_ew, score.kept_by) == (-135, -100, "EW")
    assert EnteredScore.from_json(score.to_json()) == score
    # North-South's figure is their parts' weighted sum: -130 for both would be wrong
    with pytest.raises(CaseRuleError, match=r"weighted results give -135.00, not -130") as exc:
        check_score(replace(BBO_KEPT, score_ns=-130))
    assert exc.value.path == "score_ns"
    # North-South keep it instead: +100 theirs, East-West on the parts, their own view +135
    ns_keep = EnteredScore(100, "", "12C1(e)", score_ew=135, weighted=BBO_PARTS, kept_by="NS")
    assert check_score(ns_keep).score_ew == 135
    with pytest.raises(CaseRuleError, match=r"weighted results give \+135.00, not -135") as exc:
        check_score(replace(ns_keep, score_ew=-135))
    assert exc.value.path == "score_ew"
    with pytest.raises(CaseRuleError) as exc:
        check_score(replace(BBO_KEPT, weighted=()))
    assert (exc.value.path, exc.value.key) == ("weighted", "case_kept_incomplete")
    with pytest.raises(CaseRuleError) as exc:
        check_score(replace(BBO_KEPT, kept_by="N"))
    assert exc.value.path == "table_result_kept_by"


def test_confirming_a_kept_split_needs_no_reason_and_another_needs_one() -> None:
    kept = KeptProposal("EW", 100, BBO_PARTS)
    assert check_decision(CASE, BBO_KEPT, "", kept=kept).differs is False
    # parts in another order are the same proposal
    assert check_decision(CASE, replace(BBO_KEPT, weighted=BBO_PARTS[::-1]), "", kept=kept).differs is False
    # the same two parts for both sides (no side keeps the table result) is not the proposal
    both = EnteredScore(-135, "", "12C1(c)", weighted=BBO_PARTS)
    with pytest.raises(CaseRuleError, match=r"differs from the advisor's proposal \(NS: 50% 3D E \+1, 50% 3S W = "
                                            r"\(-135\) / EW -100\)"):
        check_decision(CASE, both, "", kept=kept)
    # North-South keeping it (+100) instead of East-West: not the proposal either
    ns_keep = EnteredScore(100, "", "12C1(e)", score_ew=135, weighted=BBO_PARTS, kept_by="NS")
    with pytest.raises(CaseRuleError, match="give the reason"):
        check_decision(CASE, ns_keep, "", kept=kept)
    assert check_decision(CASE, ns_keep, "North-South were the non-offenders", kept=kept).differs


@pytest.mark.parametrize(("score", "path", "words"), [
    (EnteredScore(None, "", ""), "score_ns", "give the score entered"),
    (EnteredScore(50, "", "", artificial={"NS": "60%"}), "artificial", "not both"),
    (EnteredScore(float("nan"), "", ""), "score_ns", "not a bridge score"),
    (EnteredScore(1e6, "", ""), "score_ns", "not a bridge score"),
    (EnteredScore(50, "", "", score_ew=float("inf")), "score_ew", "not a bridge score"),
])
def test_impossible_scores_are_refused_naming_the_field(score: EnteredScore, path: str, words: str) -> None:
    with pytest.raises(CaseRuleError, match=words) as exc:
        check_score(score)
    assert exc.value.path == path


def test_the_committee_reviews_only_a_decided_case_and_varies_only_with_a_score() -> None:
    with pytest.raises(CaseConflictError, match="no decision of the director yet"):
        check_review(CASE, UPHOLD)
    case = decided()
    assert check_review(case, UPHOLD).members == ("A. Wilson", "B. Nowak", "C. Petrov")
    vary = Review(ReviewOutcome.VARY, ("A. Wilson",), "64C: East-West were damaged", Deposit.RETURNED)
    with pytest.raises(CaseRuleError, match="needs the committee's score") as exc:
        check_review(case, vary)
    assert exc.value.path == "score_ns"
    with pytest.raises(CaseRuleError, match="goes with 'vary' only"):
        check_review(case, Review(ReviewOutcome.UPHOLD, ("A",), "r", Deposit.KEPT, ONE_DOWN))
    with pytest.raises(CaseRuleError, match="members") as exc:
        check_review(case, Review(ReviewOutcome.UPHOLD, (" ",), "r", Deposit.KEPT))
    with pytest.raises(CaseRuleError, match="reasons"):
        check_review(case, Review(ReviewOutcome.UPHOLD, ("A",), "", Deposit.KEPT))


def test_the_score_that_stands_after_each_outcome() -> None:
    case = decided()
    assert case.status == "decided" and case.final_score() == ONE_DOWN
    varied_score = EnteredScore(-620, "4H W =", "64C")
    reviews = {
        ReviewOutcome.UPHOLD: (None, ONE_DOWN),
        ReviewOutcome.VARY: (varied_score, varied_score),
        # cancel: the director's adjustment goes, the table result (8 tricks, NS +100) stands
        ReviewOutcome.CANCEL: (None, EnteredScore(100.0, "table result", "93B")),
    }
    for outcome, (given, stands) in reviews.items():
        review = check_review(case, Review(outcome, ("A. Wilson",), "reasons", Deposit.RETURNED, given))
        after = fold(case, [*case.history, entry(3, Action.REVIEW, review.to_json())])
        assert after.status == f"reviewed: {outcome.value}"
        assert after.final_score() == stands
        assert after.decision == case.decision  # the director's decision is kept beside the review
        with pytest.raises(CaseConflictError, match="reviewed by the appeals committee"):
            check_decision(after, ONE_DOWN, "")


def test_a_later_decision_replaces_the_earlier_in_the_case_not_in_the_history() -> None:
    first = check_decision(CASE, EnteredScore(100, "4H W -2", "64B2"), "not established")
    second = check_decision(CASE, ONE_DOWN, "")
    case = fold(CASE, [entry(1, Action.CREATED, {}), entry(2, Action.DECISION, first.to_json()),
                       entry(3, Action.DECISION, second.to_json())])
    assert case.decision is not None and case.decision.score.score_ns == 50
    assert [e.change.get("score_ns") for e in case.history] == [None, 100, 50]


def test_differences_name_each_changed_leaf_and_skip_the_engine_version() -> None:
    stored = {"engine_version": "0.0.9", "revokes": [{"law": "64A1", "tricks_transferred": 2}],
              "suggested": {"score_ns": 100, "result": "4H W -2"}, "facts_only": True}
    now = {"engine_version": "0.1.0", "revokes": [{"law": "64A2", "tricks_transferred": 1}],
           "suggested": {"score_ns": 50, "result": "4H W -1"}, "facts_only": True, "induced_damage": None}
    found = {(d.path, d.stored, d.now) for d in differences(stored, now)}
    assert found == {("revokes/0/law", "64A1", "64A2"), ("revokes/0/tricks_transferred", 2, 1),
                     ("suggested/score_ns", 100, 50), ("suggested/result", "4H W -2", "4H W -1")}
    assert differences(stored, stored) == []
    assert [(d.path, len(d.stored), len(d.now)) for d in differences({"steps": [1]}, {"steps": [1, 2]})] == \
        [("steps", 1, 2)]
