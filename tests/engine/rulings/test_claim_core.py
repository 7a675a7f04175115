"""The compiled claim search (engine/rulings/claim_core.py) against the Python reference
(``ADVISOR_CLAIM_CORE=python``: engine/laws/normal_play.py and engine/rulings/claim_search.py).

The port visits the same tree in the same order, so every figure must be equal, not close: the
bounds, completeness, node count and worst line (cards and categories) of each search; the choice
points of a line; and every search a whole ruling runs (the main search, one per doubtful category,
the careful line, the choice points), with the ruling itself. Positions: random ones of 2-6 cards a
hand (tests/engine/rulings/claim_cases.py: every kind of statement step, findings, switches,
penalty cards, cards played after the claim, 69B, concessions, defenders' claims), with budgets
that finish and budgets that stop (the interval passes); and the corpus of published rulings
(tests/engine/rulings/claim_corpus) through the route. Neither implementation's figures are
checked here against the law: the other test modules do that, on both (the default is the core).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import engine.rulings.claim as claim_module
import engine.rulings.claim_core as claim_core_module
from app.main import create_app, warm_claim_core
from engine.dd import SolverRunner
from engine.rulings.claim import adjudicate_claim
from engine.rulings.claim_search import (
    _MEMO,
    CORE_ENV,
    DEFAULT_NODE_BUDGET,
    JOB_NODE_BUDGET,
    choice_points,
    core_wanted,
    node_budget_for,
    search,
)
from tests.engine.rulings.claim_cases import random_case
from tests.engine.rulings.test_claim_corpus import ENTRIES
from tests.helpers import claim_ruled, laptop

KINDS = ("python", "numba")


def both(monkeypatch: pytest.MonkeyPatch, run: Callable[[], Any]) -> dict[str, Any]:
    """``run()`` under each implementation (the memo of finished searches emptied first)."""
    out = {}
    for kind in KINDS:
        monkeypatch.setenv(CORE_ENV, kind)
        _MEMO.clear()
        out[kind] = run()
    return out


def figures(r: Any) -> tuple[Any, ...]:
    return r.at_most, r.at_least, r.complete, r.nodes, r.line


def test_the_switch_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CORE_ENV, raising=False)
    assert core_wanted()
    monkeypatch.setenv(CORE_ENV, "python")
    assert not core_wanted()
    monkeypatch.setenv(CORE_ENV, "fortran")
    with pytest.raises(ValueError, match=CORE_ENV):
        core_wanted()


@pytest.mark.parametrize(("seed", "sizes", "budget", "count"), [
    (1, (2, 6), 400_000, 100),
    (3, (3, 6), 300, 100),  # stopped at the budget: the lower-bound and the upper-bound pass
    pytest.param(2, (2, 7), 400_000, 300, marks=pytest.mark.slow),
])
def test_random_positions_search_the_same(monkeypatch: pytest.MonkeyPatch, dds: SolverRunner, seed: int,
                                          sizes: tuple[int, int], budget: int, count: int) -> None:
    rnd = random.Random(seed)
    stopped = complete = 0
    for i in range(count):
        n = sizes[0] + i % (sizes[1] - sizes[0] + 1)
        setting, claim = random_case(rnd, n)
        any_card = rnd.random() < 0.1
        dd_root = dds.solve_positions([setting.position])[setting.position] if i % 3 == 0 else None
        got = both(monkeypatch, lambda: figures(search(setting, claim, node_budget=budget,  # noqa: B023
                                                       claimer_plays_any_card=any_card, dd_root=dd_root)))  # noqa: B023
        assert got["numba"] == got["python"], (i, setting, claim)
        if got["python"][2]:
            complete += 1
            line = search(setting, claim, node_budget=budget, dd_root=dd_root).line
            points = both(monkeypatch, lambda: choice_points(setting, claim, line, node_budget=budget,  # noqa: B023
                                                             dd_root=dd_root))  # noqa: B023
            assert points["numba"] == points["python"], (i, setting, claim)
        else:
            stopped += 1
    assert complete and (stopped or budget > 1000)  # both kinds of search were compared


def _plain(x: Any) -> Any:
    """A ruling as nested tuples, the searches' times left out."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return tuple((f.name, _plain(getattr(x, f.name))) for f in dataclasses.fields(x) if f.name != "ms")
    if isinstance(x, list | tuple):
        return tuple(_plain(y) for y in x)
    return x


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every search and choice-point question a ruling asks, with its answer (the real functions,
    recorded on the way)."""
    seen: list[Any] = []
    real_search, real_points = claim_module.search, claim_module.choice_points

    def recorded_search(*args: Any, **kwargs: Any) -> Any:
        r = real_search(*args, **kwargs)
        seen.append(("search", kwargs.get("switches"), figures(r)))
        return r

    def recorded_points(*args: Any, **kwargs: Any) -> Any:
        r = real_points(*args, **kwargs)
        seen.append(("choice_points", tuple(r)))
        return r

    monkeypatch.setattr(claim_module, "search", recorded_search)
    monkeypatch.setattr(claim_module, "choice_points", recorded_points)
    yield seen


@pytest.mark.slow
def test_random_rulings_the_same(monkeypatch: pytest.MonkeyPatch, dds: SolverRunner, searches: list[Any]) -> None:
    rnd = random.Random(5)
    asked = 0
    for i in range(60):
        setting, claim = random_case(rnd, 2 + i % 5)

        def rule() -> tuple[Any, ...]:
            searches.clear()
            return _plain(adjudicate_claim(setting, claim, dds)), tuple(sorted(searches, key=repr))  # noqa: B023

        got = both(monkeypatch, rule)
        assert got["numba"] == got["python"], (i, setting, claim)
        asked += len(got["python"][1])
    assert asked > 120  # several searches a ruling


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(solver=dds), raise_server_exceptions=False) as c:
        yield c


def _answer(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in out.items() if k not in ("search", "engine_version")} | {
        "nodes": out["search"]["nodes"], "complete": out["search"]["complete"]}


@pytest.mark.slow
@pytest.mark.parametrize("entry", [pytest.param(e, id=e["id"]) for e in ENTRIES])
def test_corpus_rulings_the_same(monkeypatch: pytest.MonkeyPatch, client: TestClient, searches: list[Any],
                                 entry: dict[str, Any]) -> None:
    # a budget the Python search spends well within the time limit, even on a busy machine, in every
    # search of the ruling (else the deadline, not the budget, would stop it, at a node the compiled
    # search, 20-40 times faster, never stops at): the biggest positions stop at it, in both
    body = entry["request"] | {"time_limit": 120, "node_budget": 30_000}

    def rule() -> tuple[Any, ...]:
        searches.clear()
        r = claim_ruled(client, body)
        assert r.status_code == 200, r.text[:300]
        # as a set: above 8 cards a hand the doubtful points' searches run two at once, in either order
        return _answer(r.json()), tuple(sorted(searches, key=repr))

    got = both(monkeypatch, rule)
    assert got["numba"] == got["python"]
    assert got["python"][1]  # the searches were seen


def test_a_deadline_stops_the_compiled_search_with_an_interval(dds: SolverRunner) -> None:
    # 8 cards a hand: tens of thousands of nodes; a deadline already past stops the lower-bound pass
    # at its first look at the clock (1,024 nodes), and the upper-bound pass gets half a second
    setting, claim = random_case(random.Random(10), 8)
    _MEMO.clear()
    r = search(setting, claim, node_budget=10_000_000, deadline=time.monotonic())
    full = search(setting, claim, node_budget=10_000_000)
    assert full.complete and full.nodes > 4 * 1024
    assert not r.complete and r.at_least <= full.at_most <= r.at_most


def test_a_job_searches_with_the_job_budget() -> None:
    # up to 8 cards a hand a claim is answered at once: about 2 s a search; above, a job, whose time
    # limit stops its searches first
    assert node_budget_for(8) == DEFAULT_NODE_BUDGET < node_budget_for(9) == JOB_NODE_BUDGET
    assert node_budget_for(10, sync_cards=10) == DEFAULT_NODE_BUDGET


def test_the_app_makes_the_core_ready_at_start(monkeypatch: pytest.MonkeyPatch, client: TestClient) -> None:
    thread = warm_claim_core()
    assert thread is not None
    thread.join(120)
    assert not thread.is_alive() and claim_core_module.warm_up() == 0.0  # done: nothing left to compile
    assert client.get("/healthz").json()["claim_search"] == "compiled"
    monkeypatch.setenv(CORE_ENV, "python")
    assert warm_claim_core() is None  # the Python search needs nothing
    assert client.get("/healthz").json()["claim_search"] == "python"
