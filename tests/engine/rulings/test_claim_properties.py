"""Properties of the claim ruling against double dummy and against the claimer's careful line
(issue 33): on random end positions (2-5 cards a hand), every kind of claim and finding.

- The award is never above double dummy (70A: the claimer never gets a line no play achieves).
- A concession never stands above double dummy (68B1, 71).
- No award below the stated line without a doubtful point: when the claimer, playing his
  statement with every careless choice ruled not normal (the careful line), would take more than
  the award, the ruling names at least one doubtful point, so that the director has a switch.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.laws.claims import CARELESS, Claim, ClaimKind, Findings, PlayerClass, Statement, Unaware, cash
from engine.model.cards import SUIT_ORDER
from engine.model.seats import SEATS, Side
from engine.rulings.claim import adjudicate_claim
from engine.rulings.claim_ruling import ClaimSetting
from engine.rulings.claim_search import search
from tests.engine.rulings.test_claims import random_setting

CLASSES = list(PlayerClass)


def random_claim(seed: int, setting: ClaimSetting) -> Claim:
    rnd = random.Random(seed * 7 + 1)
    left = setting.position.tricks_left
    by = rnd.choice(SEATS)
    kind = rnd.choice([ClaimKind.CONTESTED, ClaimKind.CONTESTED, ClaimKind.CONCESSION])
    steps = tuple(cash(s) for s in rnd.sample(list(SUIT_ORDER), rnd.randint(0, 2)))
    findings = Findings(unaware_of_trump=rnd.choice(list(Unaware)), class_of_player=rnd.choice(CLASSES))
    return Claim(by, rnd.randint(0, left), kind, Statement(steps=steps), findings)


def dd_for(dds: Any, setting: ClaimSetting, side: Side) -> int:
    pos = setting.position
    ns = dds.solve_positions([pos])[pos].best_ns()
    return ns if side is Side.NS else pos.tricks_left - ns


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5))
def test_the_award_never_exceeds_double_dummy_nor_does_a_concession_stand_above_it(dds, seed, n):
    setting = random_setting(seed, n)
    claim = random_claim(seed, setting)
    r = adjudicate_claim(setting, claim, dds)
    dd = dd_for(dds, setting, claim.by.side)
    assert r.dd_claimer == dd
    if r.awarded is not None:
        assert r.awarded <= dd, (claim, r.awarded, dd)


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 5))
def test_no_award_below_the_careful_stated_line_without_a_doubtful_point(dds, seed, n):
    setting = random_setting(seed, n)
    claim = random_claim(seed, setting)
    if claim.kind is not ClaimKind.CONTESTED:
        claim = Claim(claim.by, claim.tricks, ClaimKind.CONTESTED, claim.statement, claim.findings)
    r = adjudicate_claim(setting, claim, dds)
    careful = search(setting, claim, switches=tuple((c, False) for c in CARELESS))
    if r.awarded is not None and careful.complete and r.awarded < min(careful.at_most, claim.tricks):
        assert r.doubtful_points, (claim, r.awarded, careful.at_most, [(p.card, p.category) for p in r.search.line])
