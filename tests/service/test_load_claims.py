"""Directors' rulings first under a viewer's heavy claims (issue 35, the red team's finding: with 40
synchronous heavy claims from a viewer a director's revoke ruling took p50 1.38 s, p95 2.77 s).

The scenario is benchmarks/bench_claim_flood.py's, on a real uvicorn server with 2 solver workers
and tokens required: a viewer keeps 40 heavy claims in flight (``?job=false``, ``time_limit`` 120,
``node_budget`` 5 million: T11, 12 cards a hand) while a director rules revokes one after the other
for 10 s (the benchmark: 20 s; about 250 rulings in 10 s, enough for a 95th percentile). Asserted,
as the issue's "Done when" says: every one of the director's rulings answered,
their 95th percentile at most 1 s; every one of the viewer's claims answered 202 (a job) or 429 (over
its share), none held anywhere near the 120 s it asked (the 2 s bound, with the box's load as
margin); never more than the viewer's 3 claim jobs at once; the director cancels them (200). The
figures are printed (benchmarks/README.md records a run).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.bench_claim_flood import flood, pct

pytestmark = pytest.mark.slow


def test_a_viewers_heavy_claims_never_hold_up_a_directors_revoke_rulings(tmp_path: Path) -> None:
    got = flood(tmp_path, seconds=10.0, claims=40)
    print("\n" + got.report())
    took = got.answered()
    assert not got.errors, got.errors[:3]
    assert len(took) == len(got.rulings) >= 20, got.rulings[:5]
    assert pct(took, 0.95) <= 1.0
    codes = got.codes()
    assert set(codes) <= {202, 429} and codes.get(429, 0) > 0, codes
    assert max(s for _, s in got.claims) < 5.0
    assert 0 < got.peak_jobs <= 3
    assert got.cancelled and all(code == 200 for code in got.cancelled)
