"""Law 78 and adjusted scores (engine/scoring): the worked examples of docs/scoring.md sections
2, 4 and 5, the 78B scale at every band edge, and properties of matchpoints and weights."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import InvalidBoardError
from engine.model.seats import Side
from engine.scoring import (
    PROFILES,
    Fault,
    Outcome,
    artificial,
    board_matchpoints,
    butler_imps,
    cross_imps,
    datum,
    even_weights,
    imps,
    matchpoints,
    neuberg,
    parse_weight,
    percentage_on_other_boards,
    profile,
    split_assignment,
    teams_imps,
    weighted_imps,
    weighted_matchpoints,
)

F = Fraction
FIELD = [420, 420, 170, -50, 450]  # scoring.md 4.2: the other five North-South results
FORTY_SIXTY = [Outcome(420, F(2, 5), "4S S ="), Outcome(-50, F(3, 5), "4S S -1")]


# --- scoring.md 4.2: weight the matchpoints or IMPs, not the raw points --------------------------------

def test_pairs_weighted_40_60_gives_30_and_70_percent():
    w = weighted_matchpoints(FORTY_SIXTY, FIELD)
    assert w.top == 10
    assert [c.ns for c in w.components] == [6, 1]  # +420: beats 2, ties 2, loses 1; -50: ties 1
    assert [c.ew for c in w.components] == [4, 9]
    assert w.ns == pytest.approx(3.0) and w.ew == pytest.approx(7.0)
    assert w.ns_percent == pytest.approx(30.0) and w.ew_percent == pytest.approx(70.0)


def test_the_other_pairs_are_scored_against_the_adjusted_table_pro_rata():
    others = dict(weighted_matchpoints(FORTY_SIXTY, FIELD).others)
    assert others[170] == pytest.approx(1.2)  # 0.4 x 0 + 0.6 x 2
    assert others[420] == pytest.approx(1.6)  # 0.4 x 1 + 0.6 x 2
    assert others[450] == pytest.approx(2.0)
    assert others[-50] == pytest.approx(0.6)  # 0.4 x 0 + 0.6 x 1


def test_teams_weighted_is_minus_6_imps_not_the_raw_point_minus_7():
    w = weighted_imps(FORTY_SIXTY, other_room_ns=420)
    assert [c.ns for c in w.components] == [0, -10]
    assert w.ns == pytest.approx(-6.0) and w.ew == pytest.approx(6.0)
    assert imps(round(0.4 * 420 + 0.6 * -50) - 420) == -7  # the wrong method, for the record


# --- weights -------------------------------------------------------------------------------------------

def test_weights_are_exact_fractions_in_any_spelling():
    assert parse_weight("2/5") == parse_weight("0.4") == parse_weight("40%") == parse_weight(0.4) == F(2, 5)
    assert sum(even_weights(3)) == 1


@pytest.mark.parametrize(("weights", "path", "needle"), [
    (["0.3", "0.6"], "outcomes", "sum to 9/10"),
    (["1.2", "-0.2"], "outcomes/1/weight", "negative"),
])
def test_weights_that_are_negative_or_do_not_sum_to_one_are_refused(weights, path, needle):
    outcomes = [Outcome(420, F(w)) for w in weights]
    with pytest.raises(InvalidBoardError) as e:
        weighted_matchpoints(outcomes, FIELD)
    assert e.value.path == path and needle in e.value.message


def test_a_weight_that_is_not_a_number_is_refused():
    with pytest.raises(InvalidBoardError, match="not a weight"):
        parse_weight("two fifths")


@given(st.lists(st.integers(-200, 200).map(lambda x: 10 * x), min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(-200, 200).map(lambda x: 10 * x), st.integers(1, 9)), min_size=1, max_size=4))
def test_a_weighted_score_lies_between_its_components(field, raw):
    total = sum(k for _, k in raw)
    outcomes = [Outcome(s, F(k, total)) for s, k in raw]
    w = weighted_matchpoints(outcomes, field)
    assert min(c.ns for c in w.components) - 1e-9 <= w.ns <= max(c.ns for c in w.components) + 1e-9
    t = weighted_imps(outcomes, field[0])
    assert min(c.ns for c in t.components) - 1e-9 <= t.ns <= max(c.ns for c in t.components) + 1e-9


# --- 12C1(e) without weighting (ACBL-style) --------------------------------------------------------------

def test_split_gives_the_non_offenders_the_best_likely_and_the_offenders_the_worst_probable():
    outcomes = [Outcome(420, F(1, 2)), Outcome(-50, F(1, 3)), Outcome(450, F(1, 6))]
    assert split_assignment(outcomes, Side.NS) == (420, 450)  # not balancing: EW are charged 450
    assert split_assignment(outcomes, Side.EW) == (-50, -50)


# --- Law 78A / 78B ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("diff", "expected"), [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4), (160, 4), (170, 5),
    (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8), (360, 8), (370, 9), (420, 9), (430, 10),
    (490, 10), (500, 11), (590, 11), (600, 12), (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14),
    (1100, 15), (1290, 15), (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18),
    (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24),
])
def test_imp_scale_at_every_band_edge_with_its_sign(diff, expected):
    assert imps(diff) == expected and imps(-diff) == -expected


def test_teams_imps_is_the_algebraic_sum_of_the_two_tables():
    assert teams_imps(140, 170) == -1  # +140 here, the other room's NS +170: -30


def test_matchpoints_2_1_0_and_the_half_matchpoint_convention():
    assert matchpoints(420, FIELD) == 6 and matchpoints(420, FIELD, units=1) == 3


@given(st.lists(st.integers(-100, 100).map(lambda x: 10 * x), min_size=2, max_size=12), st.sampled_from([1, 2]))
def test_matchpoints_of_a_board_sum_to_the_top_times_the_pairs(scores, units):
    n = len(scores)
    ns = board_matchpoints(scores, units)
    t = units * (n - 1)
    assert sum(ns) + sum(t - m for m in ns) == t * n
    assert sum(ns) == t * n / 2


def test_neuberg_two_unit_and_one_unit_forms_agree():
    # 5 results where 6 is normal; 6 matchpoints (2 per beat) = 3 (1 per beat)
    assert neuberg(6, 5, 6) == pytest.approx(7.4)  # (6 + 1) x 6/5 - 1
    assert neuberg(3, 5, 6, units=1) == pytest.approx(6 * 3 / 5 + (6 - 5) / (2 * 5))  # ASE's WBF formula


def test_datum_drops_top_and_bottom_and_rounds_to_ten():
    scores = [420, 420, 170, -50, 450, 400]
    assert datum(scores) == 350  # (170 + 400 + 420 + 420) / 4 = 352.5
    assert butler_imps(420, 350) == 2 and cross_imps(420, [420, 170, -50]) == 0 + 6 + 10


# --- 12C2 artificial scores --------------------------------------------------------------------------------

def test_artificial_60_50_40_and_3_0_minus_3():
    a = artificial({Side.NS: Fault.NONE, Side.EW: Fault.DIRECTLY}, profile("wbf"))
    assert (a[Side.NS].percent, a[Side.NS].imps, a[Side.NS].label) == (60, 3, "Average plus")
    assert (a[Side.EW].percent, a[Side.EW].imps) == (40, -3)
    b = artificial({Side.NS: Fault.PARTLY, Side.EW: Fault.PARTLY}, profile("ebu"))
    assert (b[Side.NS].percent, b[Side.EW].imps) == (50, 0)


def test_12c2c_a_pair_running_at_71_6_percent_gets_its_session_average():
    # South Africa (scoring.md 5): 60/40 first; N-S, well above 60%, re-scored at 71.6%: 20 -> 24 of 34
    a = artificial({Side.NS: Fault.NONE, Side.EW: Fault.DIRECTLY}, profile("wbf"),
                   {Side.NS: 71.6, Side.EW: 45.0})
    assert a[Side.NS].percent == pytest.approx(71.6) and a[Side.NS].session_rule
    assert round(0.716 * 34) == 24 and round(0.60 * 34) == 20
    assert a[Side.EW].percent == 40 and not a[Side.EW].session_rule  # 45% is not below 40%


def test_12c2c_average_minus_is_at_most_the_offenders_session_percentage():
    a = artificial({Side.NS: Fault.DIRECTLY}, profile("wbf"), {Side.NS: 31.0})
    assert a[Side.NS].percent == 31.0


def test_percentage_on_the_other_boards_ebu_method():
    # 62% for a 25-board session that included the 60% board: (62 x 25 - 60) / 24
    assert percentage_on_other_boards(62.0, 25) == pytest.approx(62.0833, abs=1e-4)


def test_profiles_are_data_and_an_unknown_one_is_refused():
    assert PROFILES["acbl"].weighting is False and PROFILES["wbf"].weighting is True
    assert PROFILES["acbl"].mp_units == 1
    with pytest.raises(InvalidBoardError) as e:
        profile("fifa")
    assert e.value.path == "profile" and "wbf" in e.value.message


# --- a split score where one side keeps the table result; rounding in favour of the non-offenders ---


def test_table_result_kept_gives_one_side_the_table_and_the_other_the_weighted_outcomes() -> None:
    # BBO 37443: East-West keep 3NT W -2 (NS +100); North-South get 50% -130, 50% -140.
    from engine.scoring.adjusted import table_result_kept

    outs = [Outcome(-130, Fraction(1, 2), "3D E +1"), Outcome(-140, Fraction(1, 2), "3S W =")]
    sides = table_result_kept(outs, 100, Side.EW, label="3NT W -2")
    assert sides[Side.EW] == (Outcome(100, Fraction(1), "3NT W -2"),)
    assert sides[Side.NS] == tuple(outs)
    with pytest.raises(InvalidBoardError, match="sum to 1"):
        table_result_kept([Outcome(-130, Fraction(1, 2))], 100, Side.EW)


@pytest.mark.parametrize(("ns_imps", "non_offending", "entered"), [
    (2.4, Side.NS, 3),     # DBf 03-AU-5: North-South non-offending, +2.4 "rundes op til 3"
    (2.6, Side.NS, 3),     # the lawful figure of the same ruling (0.2 x 13), up as well
    (2.6, Side.EW, 2),     # East-West non-offending: North-South's +2.6 goes down
    (-2.4, Side.NS, -2),   # North-South non-offending and behind: toward them, -2.4 -> -2
    (-2.4, Side.EW, -3),   # East-West non-offending: their +2.4 goes up to +3, North-South's -3
    (3.0, Side.NS, 3),     # a whole figure stays
    (0.2 * 13, Side.EW, 2),  # the float of a weighted sum (2.6000000000000001) is not pushed over
])
def test_round_for_non_offenders_as_the_danish_appeals_committee_rounds(ns_imps: float, non_offending: Side,
                                                                        entered: int) -> None:
    from engine.scoring.adjusted import round_for_non_offenders

    assert round_for_non_offenders(ns_imps, non_offending) == entered


def test_weights_from_percent_as_a_director_types_them() -> None:
    from fractions import Fraction as F

    from engine.scoring.adjusted import weights_from_percent

    assert weights_from_percent([20, 80]) == (F(1, 5), F(4, 5))
    # a third typed to four places, or to two (99.99% in all: within the case file's 0.01%)
    assert weights_from_percent([33.3333] * 3) == (F(1, 3),) * 3
    assert weights_from_percent([33.33] * 3) == (F(1, 3),) * 3
    # 60% of one alternative, 40% spread over 13 leads: 2/13 = 15.3846%, 4/65 = 6.15385%, 6/65 = 9.23077%,
    # 2/65 = 3.07692% (the "%g" the case page prefills); 3/5 + 2/13 + 4/65 + 4/65 + 6/65 + 2/65 = 1
    assert weights_from_percent([60, 15.3846, 6.15385, 6.15385, 9.23077, 3.07692]) == (
        F(3, 5), F(2, 13), F(4, 65), F(4, 65), F(6, 65), F(2, 65))
    # 12.5% and 87.4%: 99.9%, more than 0.01% short: no weighted score
    assert weights_from_percent([12.5, 87.4]) is None
    assert weights_from_percent([]) is None and weights_from_percent([100, 0]) is None
    # 12.34% is not 10/81 (12.3457%): typed to 0.01, kept as typed
    assert weights_from_percent([12.34, 87.66]) == (F(1234, 10000), F(8766, 10000))
    # not simple fractions: each its share of the total (70.004 + 29.999 = 100.003 -> within 0.01%)
    got = weights_from_percent([70.004, 29.999])
    assert got is not None and sum(got) == 1 and got[0] == F("70.004") / F("100.003")
