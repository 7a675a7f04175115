"""Law 77 duplicate scoring (engine/scoring.py) against the 2017 table.

Source: Law 77, 2017 Laws of Duplicate Bridge, https://www.pzbs.pl/sedziowie/mpb/2017/en/l77.html
(re-laid out as tables in docs/scoring.md section 1; Law 77 is unchanged from 2007).

The reference scorer below is table-driven: every number in it is a cell of the scoring.md tables,
and the score is built up one trick at a time. engine/scoring.py uses closed formulas instead, so
the two share no arithmetic.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import InvalidBoardError
from engine.model.contract import Contract, Doubling, Strain
from engine.model.seats import Seat, Vulnerability
from engine.scoring import score, score_ns

# --------------------------------------------------------------------------------------------
# Reference implementation: the Law 77 tables, cell by cell.
# --------------------------------------------------------------------------------------------

UND, DBL, RDBL = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED

# Trick score: (first odd trick, each additional odd trick), per strain and doubling.
ODD_TRICK_VALUE: dict[Strain, dict[Doubling, tuple[int, int]]] = {
    Strain.CLUBS: {UND: (20, 20), DBL: (40, 40), RDBL: (80, 80)},
    Strain.DIAMONDS: {UND: (20, 20), DBL: (40, 40), RDBL: (80, 80)},
    Strain.HEARTS: {UND: (30, 30), DBL: (60, 60), RDBL: (120, 120)},
    Strain.SPADES: {UND: (30, 30), DBL: (60, 60), RDBL: (120, 120)},
    Strain.NOTRUMP: {UND: (40, 30), DBL: (80, 60), RDBL: (160, 120)},
}

GAME_THRESHOLD = 100  # "A trick score of 100 points or more, made on one board, is GAME."

# Premium score, indexed [not vulnerable, vulnerable] where it depends on vulnerability.
GAME_BONUS = (300, 500)
PARTSCORE_BONUS = 50
SLAM_BONUS: dict[int, tuple[int, int]] = {6: (500, 750), 7: (1000, 1500)}
DOUBLED_OVERTRICK: dict[Doubling, tuple[int, int]] = {DBL: (100, 200), RDBL: (200, 400)}
MAKING_DOUBLED_BONUS: dict[Doubling, int] = {UND: 0, DBL: 50, RDBL: 100}

# Undertricks: (first, each additional, bonus for the 4th and each subsequent), per doubling,
# indexed [not vulnerable, vulnerable].
UNDERTRICK: dict[Doubling, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    UND: ((50, 50, 0), (100, 100, 0)),
    DBL: ((100, 200, 100), (200, 300, 0)),
    RDBL: ((200, 400, 200), (400, 600, 0)),
}

NS_SEATS = (Seat.NORTH, Seat.SOUTH)


def _declarer_vulnerable(declarer: Seat, vulnerability: Vulnerability) -> bool:
    if vulnerability is Vulnerability.ALL:
        return True
    if vulnerability is Vulnerability.NONE:
        return False
    return (declarer in NS_SEATS) == (vulnerability is Vulnerability.NS)


def reference_score(level: int, strain: Strain, doubling: Doubling, declarer: Seat, tricks: int,
                    vulnerability: Vulnerability) -> int:
    """Points for declarer's side per the Law 77 table, counted trick by trick."""
    v = int(_declarer_vulnerable(declarer, vulnerability))
    needed = 6 + level
    if tricks < needed:
        first, additional, fourth_on = UNDERTRICK[doubling][v]
        penalty = 0
        for n in range(1, needed - tricks + 1):  # the n-th undertrick
            penalty += first if n == 1 else additional
            if n >= 4:
                penalty += fourth_on
        return -penalty

    first, additional = ODD_TRICK_VALUE[strain][doubling]
    trick_score = sum(first if n == 1 else additional for n in range(1, level + 1))
    total = trick_score
    total += GAME_BONUS[v] if trick_score >= GAME_THRESHOLD else PARTSCORE_BONUS
    if level in SLAM_BONUS:
        total += SLAM_BONUS[level][v]
    total += MAKING_DOUBLED_BONUS[doubling]
    for _ in range(tricks - needed):  # each overtrick
        if doubling is UND:
            total += ODD_TRICK_VALUE[strain][UND][1]  # trick value (NT overtricks are 30)
        else:
            total += DOUBLED_OVERTRICK[doubling][v]
    return total


def c(text: str, declarer: Seat) -> Contract:
    return Contract.from_str(text, declarer)


# --------------------------------------------------------------------------------------------
# 1. Exhaustive agreement with the reference table.
# --------------------------------------------------------------------------------------------

ALL_VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)


@pytest.mark.parametrize(
    ("level", "strain", "doubling"),
    list(itertools.product(range(1, 8), list(Strain), list(Doubling))),
    ids=lambda x: str(getattr(x, "name", x)),
)
def test_law_77_matches_table_for_every_result(level: int, strain: Strain, doubling: Doubling) -> None:
    mismatches = []
    for declarer, vul, tricks in itertools.product((Seat.NORTH, Seat.EAST), ALL_VULS, range(14)):
        contract = Contract(level, strain, doubling, declarer)
        want = reference_score(level, strain, doubling, declarer, tricks, vul)
        got = score(contract, tricks, vul)
        want_ns = want if declarer is Seat.NORTH else -want
        got_ns = score_ns(contract, tricks, vul)
        if (got, got_ns) != (want, want_ns):
            mismatches.append(f"{contract.result_str(tricks)} vul={vul.value}: "
                              f"score {got} (want {want}), score_ns {got_ns} (want {want_ns})")
    assert not mismatches, "\n".join(mismatches)


def test_reference_reproduces_scoring_md_worked_values() -> None:
    """Guard the oracle itself: the worked values of scoring.md section 1 (checked with endplay)."""
    rows = [  # (level, strain, doubling, tricks, NV, V)
        (1, Strain.NOTRUMP, UND, 7, 90, 90),
        (2, Strain.HEARTS, UND, 10, 170, 170),
        (2, Strain.HEARTS, UND, 13, 260, 260),
        (3, Strain.NOTRUMP, UND, 10, 430, 630),
        (4, Strain.SPADES, UND, 9, -50, -100),
        (4, Strain.SPADES, UND, 10, 420, 620),
        (4, Strain.SPADES, UND, 11, 450, 650),
        (4, Strain.SPADES, UND, 12, 480, 680),
        (5, Strain.DIAMONDS, UND, 8, -150, -300),
        (6, Strain.HEARTS, UND, 11, -50, -100),
        (6, Strain.HEARTS, UND, 12, 980, 1430),
        (2, Strain.SPADES, DBL, 8, 470, 670),
        (2, Strain.SPADES, DBL, 9, 570, 870),
        (4, Strain.SPADES, DBL, 6, -800, -1100),
        (4, Strain.SPADES, RDBL, 8, -600, -1000),
        (6, Strain.HEARTS, RDBL, 12, 1620, 2070),
        (7, Strain.NOTRUMP, UND, 13, 1520, 2220),
        (1, Strain.CLUBS, DBL, 7, 140, 140),
        (3, Strain.NOTRUMP, RDBL, 10, 1000, 1400),
    ]
    for level, strain, dbl, tricks, nv, v in rows:
        assert reference_score(level, strain, dbl, Seat.SOUTH, tricks, Vulnerability.NONE) == nv
        assert reference_score(level, strain, dbl, Seat.SOUTH, tricks, Vulnerability.ALL) == v


# --------------------------------------------------------------------------------------------
# 2. Hand-checked spot values (docs/scoring.md section 1 and well-known figures).
# --------------------------------------------------------------------------------------------

WORKED_VALUES = [  # scoring.md section 1, "Worked values": (contract, declarer, tricks, NV, V)
    ("1NT", Seat.NORTH, 7, 90, 90),
    ("2H", Seat.SOUTH, 10, 170, 170),
    ("2H", Seat.SOUTH, 13, 260, 260),
    ("3NT", Seat.NORTH, 10, 430, 630),
    ("4S", Seat.SOUTH, 9, -50, -100),
    ("4S", Seat.SOUTH, 10, 420, 620),
    ("4S", Seat.SOUTH, 11, 450, 650),
    ("4S", Seat.SOUTH, 12, 480, 680),
    ("5D", Seat.SOUTH, 8, -150, -300),
    ("6H", Seat.WEST, 11, -50, -100),
    ("6H", Seat.WEST, 12, 980, 1430),
    ("2SX", Seat.SOUTH, 8, 470, 670),
    ("2SX", Seat.SOUTH, 9, 570, 870),
    ("4SX", Seat.SOUTH, 6, -800, -1100),
    ("4SXX", Seat.SOUTH, 8, -600, -1000),
    ("6HXX", Seat.SOUTH, 12, 1620, 2070),
    ("7NT", Seat.SOUTH, 13, 1520, 2220),
    ("1CX", Seat.NORTH, 7, 140, 140),
    ("3NTXX", Seat.NORTH, 10, 1000, 1400),
]


@pytest.mark.parametrize(("text", "declarer", "tricks", "nv", "v"), WORKED_VALUES,
                         ids=[f"{r[0]}{r[1].value}:{r[2]}" for r in WORKED_VALUES])
def test_law_77_scoring_md_worked_values(text: str, declarer: Seat, tricks: int, nv: int, v: int) -> None:
    contract = c(text, declarer)
    assert score(contract, tricks, Vulnerability.NONE) == nv
    assert score(contract, tricks, Vulnerability.ALL) == v


def test_law_77_partscore_bonus_1c_made_is_70() -> None:
    assert score(c("1C", Seat.NORTH), 7, Vulnerability.NONE) == 70
    assert score(c("1C", Seat.NORTH), 7, Vulnerability.ALL) == 70


def test_law_77_notrump_overtrick_1nt_plus_1_is_120() -> None:
    assert score(c("1NT", Seat.NORTH), 8, Vulnerability.NONE) == 120
    assert score(c("1NT", Seat.NORTH), 8, Vulnerability.ALL) == 120


def test_law_77_game_bonus_redoubled_1nt_made_is_560_not_vul() -> None:
    # 40 x 4 = 160 trick score is game: 160 + 300 + 100 for making a redoubled contract.
    assert score(c("1NTXX", Seat.NORTH), 7, Vulnerability.NONE) == 560
    assert score(c("1NTXX", Seat.NORTH), 7, Vulnerability.ALL) == 760


def test_law_77_game_bonus_doubled_2h_made_is_470_not_vul_670_vul() -> None:
    # 60 x 2 = 120 trick score is game; + 50 for making a doubled contract.
    assert score(c("2HX", Seat.SOUTH), 8, Vulnerability.NONE) == 470
    assert score(c("2HX", Seat.SOUTH), 8, Vulnerability.ALL) == 670


def test_law_77_slam_bonus_6s_made_is_980_not_vul() -> None:
    assert score(c("6S", Seat.NORTH), 12, Vulnerability.NONE) == 980
    assert score(c("6S", Seat.NORTH), 12, Vulnerability.ALL) == 1430


def test_law_77_grand_slam_bonus_7nt_redoubled_vul_is_2980() -> None:
    # (40 + 6 x 30) x 4 = 880 + 500 game + 1500 grand slam + 100 for making redoubled.
    assert score(c("7NTXX", Seat.NORTH), 13, Vulnerability.ALL) == 2980
    assert score(c("7NTXX", Seat.EAST), 13, Vulnerability.EW) == 2980


def test_law_77_doubled_undertricks_not_vul_3nt_down_3_is_500_down_4_is_800() -> None:
    contract = c("3NTX", Seat.NORTH)
    assert score(contract, 6, Vulnerability.NONE) == -500
    assert score(contract, 5, Vulnerability.NONE) == -800  # 4th undertrick: 200 + 100 bonus
    assert score(contract, 6, Vulnerability.EW) == -500   # only declarer's vulnerability counts


def test_law_77_undertrick_not_vul_4h_by_west_down_1() -> None:
    contract = c("4H", Seat.WEST)
    for vul in (Vulnerability.NONE, Vulnerability.NS):  # EW not vulnerable either way
        assert score(contract, 9, vul) == -50
        assert score_ns(contract, 9, vul) == 50


def test_law_77_undertrick_vul_4h_by_west_down_1() -> None:
    contract = c("4H", Seat.WEST)
    for vul in (Vulnerability.ALL, Vulnerability.EW):
        assert score(contract, 9, vul) == -100
        assert score_ns(contract, 9, vul) == 100


def test_law_77_score_ns_keeps_sign_for_north_south_declarer() -> None:
    assert score_ns(c("4S", Seat.SOUTH), 10, Vulnerability.NS) == 620
    assert score_ns(c("4S", Seat.SOUTH), 9, Vulnerability.NS) == -100
    assert score_ns(c("4S", Seat.EAST), 10, Vulnerability.NS) == -420


# --------------------------------------------------------------------------------------------
# 3. Properties.
# --------------------------------------------------------------------------------------------

contracts = st.builds(
    Contract,
    level=st.integers(min_value=1, max_value=7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    declarer=st.sampled_from(list(Seat)),
)
vulnerabilities = st.sampled_from(ALL_VULS)
symmetric_vulnerabilities = st.sampled_from((Vulnerability.NONE, Vulnerability.ALL))
bad_tricks = st.one_of(st.integers(max_value=-1), st.integers(min_value=14))


@given(contracts, vulnerabilities)
def test_law_77_score_increases_with_tricks(contract: Contract, vul: Vulnerability) -> None:
    # Each extra trick either cancels an undertrick or adds an overtrick, so the score strictly rises
    # (which implies it never decreases).
    scores = [score(contract, t, vul) for t in range(14)]
    assert all(a < b for a, b in itertools.pairwise(scores)), scores


@given(contracts, vulnerabilities, st.integers(min_value=0, max_value=13))
def test_law_77_made_scores_positive_failed_negative(contract: Contract, vul: Vulnerability,
                                                     tricks: int) -> None:
    s = score(contract, tricks, vul)
    assert (s > 0) == (tricks >= contract.tricks_needed)


@given(
    st.integers(min_value=1, max_value=7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    symmetric_vulnerabilities,
    st.integers(min_value=0, max_value=13),
)
def test_law_77_score_ns_antisymmetric_between_sides(level: int, strain: Strain, doubling: Doubling,
                                                     vul: Vulnerability, tricks: int) -> None:
    by_north = Contract(level, strain, doubling, Seat.NORTH)
    by_east = Contract(level, strain, doubling, Seat.EAST)
    assert score_ns(by_north, tricks, vul) == -score_ns(by_east, tricks, vul)


@given(
    st.integers(min_value=1, max_value=7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.booleans(),
    st.integers(min_value=0, max_value=13),
)
def test_law_77_rotating_declarer_and_vulnerability_negates_score_ns(
        level: int, strain: Strain, doubling: Doubling, declarer_vul: bool, tricks: int) -> None:
    ns_vul = Vulnerability.NS if declarer_vul else Vulnerability.EW
    ew_vul = Vulnerability.EW if declarer_vul else Vulnerability.NS
    by_north = Contract(level, strain, doubling, Seat.NORTH)
    by_east = Contract(level, strain, doubling, Seat.EAST)
    assert score_ns(by_north, tricks, ns_vul) == -score_ns(by_east, tricks, ew_vul)


@given(contracts, vulnerabilities)
def test_law_77_partner_of_declarer_scores_the_same(contract: Contract, vul: Vulnerability) -> None:
    partner = Contract(contract.level, contract.strain, contract.doubling, contract.dummy)
    for t in range(14):
        assert score(contract, t, vul) == score(partner, t, vul)
        assert score_ns(contract, t, vul) == score_ns(partner, t, vul)


@given(contracts, vulnerabilities, bad_tricks)
def test_score_rejects_tricks_outside_0_to_13(contract: Contract, vul: Vulnerability, tricks: int) -> None:
    with pytest.raises(InvalidBoardError) as exc:
        score(contract, tricks, vul)
    assert exc.value.path == "tricks"


@given(contracts, vulnerabilities, bad_tricks)
def test_score_ns_rejects_tricks_outside_0_to_13(contract: Contract, vul: Vulnerability,
                                                 tricks: int) -> None:
    with pytest.raises(InvalidBoardError):
        score_ns(contract, tricks, vul)


@pytest.mark.parametrize("tricks", [-1, 14])
def test_score_rejects_tricks_just_outside_range(tricks: int) -> None:
    with pytest.raises(InvalidBoardError):
        score(c("3NT", Seat.NORTH), tricks, Vulnerability.NONE)
