"""A weighted adjusted score at pairs IMPs against a cited worked example: the EBU's scoring forum,
"Pairs, XIMPs and Weighted & Split Scoring" (forums.ebu.co.uk/discussion/969, answered with
the EBU White Book 2019 4.1.1.4 and 4.1.1.5). A board played four times at cross-IMPs,
North-South -110, +50, +170, +120; a fifth table weighted and split: North-South 50% -110 and
50% +50, East-West 50% +170 and 50% +120 (North-South's view). The forum's figures, each
North-South's (East-West's are the negation of the East-West side's own ranking):

| result | NS XIMPs | EW XIMPs |
| -110 | -4.750 | +5.875 |
| +50 | +0.250 | +0.875 |
| +170 | +4.250 | -3.250 |
| +120 | +2.500 | -1.250 |

and the fifth table: North-South 0.5 x -4.75 + 0.5 x 0.25 = -2.25, East-West 0.5 x -3.25 +
0.5 x -1.25 = -2.25. The advisor scores each part against the four other tables and weighs
(:func:`weighted_pairs_imps`): the same -2.25, since the comparisons of a part with the table's
own other parts cancel once weighted."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.scoring.adjusted import Outcome
from engine.scoring.pairs_imps import CROSS_IMPS, expected_pairs_imps, weighted_pairs_imps

HALF = Fraction(1, 2)
FIELD = (-110, 50, 170, 120)
NS_SIDE = ((-110, HALF), (50, HALF))
EW_SIDE = ((170, HALF), (120, HALF))  # North-South's view of the scores East-West were given


@pytest.mark.parametrize(("score", "ns", "ew"), [(-110, -4.75, 5.875), (50, 0.25, 0.875), (170, 4.25, -3.25),
                                                 (120, 2.5, -1.25)])
def test_the_other_tables_compare_with_the_weighted_table_pro_rata(score: int, ns: float, ew: float) -> None:
    # -110 for North-South: -4 (v +50, 160), -7 (v +170, 280), -6 (v +120, 230), and against the
    # fifth table's North-South side half 0 and half -4: -2; -19 over 4 comparisons, -4.75
    others = [[(s, Fraction(1))] for s in FIELD if s != score]
    assert expected_pairs_imps([(score, Fraction(1))], [*others, list(NS_SIDE)], CROSS_IMPS) == Fraction(ns)
    assert -expected_pairs_imps([(score, Fraction(1))], [*others, list(EW_SIDE)], CROSS_IMPS) == Fraction(ew)


def test_the_weighted_table_gets_its_parts_imps_weighted() -> None:
    ns = weighted_pairs_imps([Outcome(s, w) for s, w in NS_SIDE], FIELD, CROSS_IMPS)
    ew = weighted_pairs_imps([Outcome(s, w) for s, w in EW_SIDE], FIELD, CROSS_IMPS)
    assert (ns.ns, ew.ew) == (-2.25, -2.25)
    # the same, as the forum works it: the parts' figures of tables 1 and 2 (and 3 and 4) weighted
    assert ns.ns == 0.5 * -4.75 + 0.5 * 0.25 and ew.ew == 0.5 * -3.25 + 0.5 * -1.25
    own = expected_pairs_imps(list(NS_SIDE), [[(s, Fraction(1))] for s in FIELD], CROSS_IMPS)
    assert own == Fraction(-9, 4)
