"""The worker-process pool: parallel requests, a dead worker replaced, time-outs, the queue bound."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from engine.dd import SolverRunner
from engine.dd.pool import WorkerPool
from engine.errors import SolverBusyError, SolverUnavailableError
from engine.model import Deal, Position, Seat, Suit
from tests.helpers import SPONVO30_DEAL

pytestmark = pytest.mark.slow
DEAL = Deal.from_pbn(SPONVO30_DEAL)
OPENING = [Position.of_deal(DEAL, trump, leader) for trump in (Suit.HEARTS, None) for leader in (Seat.NORTH, Seat.EAST)]


@pytest.fixture(scope="module")
def pool():
    p = WorkerPool(2, timeout=30)
    yield p
    p.close()


def test_pool_answers_equal_the_in_process_solver(pool, dds):
    want = dds.solve_positions(OPENING)
    got = SolverRunner(pool).solve_positions(OPENING)
    assert got == want


def test_parallel_requests_all_answered(pool, dds):
    runner = SolverRunner(pool, cache_entries=1)  # a tiny cache, so that the workers do the work
    want = dds.solve_positions(OPENING)
    results, errors = [], []

    def work(pos):
        try:
            results.append(runner.solve_positions([pos])[pos] == want[pos])
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(p,)) for p in OPENING * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and results == [True] * 12


def test_a_dead_worker_fails_only_its_request_and_is_replaced(pool):
    before = pool.restarts
    victim = pool.pids()[0]
    os.kill(victim, signal.SIGKILL)
    time.sleep(0.2)
    outcomes = []
    for pos in OPENING:  # at most one of these lands on the dead worker
        try:
            SolverRunner(pool).solve_positions([pos])
            outcomes.append("ok")
        except SolverUnavailableError:
            outcomes.append("503")
    assert outcomes.count("503") <= 1 and outcomes.count("ok") >= 3
    assert victim not in pool.pids() and len(pool.pids()) == 2
    assert pool.restarts == before + outcomes.count("503")
    # and the pool is whole again
    assert len(SolverRunner(pool).solve_positions(OPENING)) == 4


def test_a_batch_over_the_time_limit_is_a_clear_503_and_the_worker_is_replaced():
    slow = WorkerPool(1, timeout=0.0001)
    try:
        with pytest.raises(SolverUnavailableError, match="took longer than"):
            SolverRunner(slow).solve_positions(OPENING)
        assert slow.restarts == 1 and len(slow.pids()) == 1
    finally:
        slow.close()


def test_a_full_queue_answers_busy_at_once():
    tiny = WorkerPool(1, max_waiting=0)
    try:
        with pytest.raises(SolverBusyError, match="requests waiting"):
            SolverRunner(tiny).solve_positions(OPENING[:1])
    finally:
        tiny.close()


def test_pool_dd_tables_equal_the_in_process_ones(pool, dds):
    assert SolverRunner(pool).solve_tables([DEAL]) == dds.solve_tables([DEAL])
