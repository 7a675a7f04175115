"""The worker-process pool: parallel requests, a dead worker replaced, time-outs, the queue bound."""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from pathlib import Path

import pytest

from engine.dd import SolverRunner
from engine.dd.pool import WorkerPool
from engine.dd.work import Lane, new_work, working
from engine.errors import SolverBusyError, SolverUnavailableError, WorkCancelledError
from engine.model import FULL_DECK, SEATS, Deal, Position, Seat, Suit
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


def test_a_worker_killed_while_idle_is_replaced_and_no_request_fails(pool):
    before = pool.stats()
    victim = pool.pids()[0]
    os.kill(victim, signal.SIGKILL)
    time.sleep(0.2)
    runner = SolverRunner(pool, cache_entries=1)
    assert [len(runner.solve_positions([pos])) for pos in OPENING] == [1, 1, 1, 1]  # no 503
    after = pool.stats()
    assert victim not in pool.pids()
    assert (after["restarts"], after["died_idle"]) == (before["restarts"] + 1, before["died_idle"] + 1)
    # and the pool is whole again once the replacement has started
    for _ in range(600):
        if len(pool.pids()) == 2:
            break
        time.sleep(0.05)
    assert len(pool.pids()) == 2 and pool.stats()["live"] == 2


def test_a_batch_over_the_time_limit_is_a_clear_503_and_the_worker_is_replaced():
    slow = WorkerPool(1, timeout=0.0001)
    try:
        with pytest.raises(SolverUnavailableError, match="took longer than"):
            SolverRunner(slow).solve_positions(OPENING)
        assert slow.stats()["restarts"] == slow.stats()["timeouts"] == 1
        wait_for(slow, lambda s: s["live"] == 1 and s["starting"] == 0, "the replacement started")
        assert len(slow.pids()) == 1
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


def random_deals(n: int, seed: int) -> list[Deal]:
    """``n`` seeded random deals (distinct, so that every DD table is a fresh solve)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = sorted(FULL_DECK)
        rng.shuffle(cards)
        out.append(Deal.from_hands({s: frozenset(cards[13 * i: 13 * i + 13]) for i, s in enumerate(SEATS)}))
    return out


def wait_for(pool: WorkerPool, test, what: str) -> dict:
    """Poll ``pool.stats()`` until ``test(stats)`` holds (at most 30 s); the stats."""
    for _ in range(3000):
        stats = pool.stats()
        if test(stats):
            return stats
        time.sleep(0.01)
    raise AssertionError(f"the pool never reached: {what}: {pool.stats()}")


class Background:
    """Solver calls in threads, as given ``work``; ``finished`` lists their names in the order they ended."""

    def __init__(self) -> None:
        self.finished: list[str] = []
        self.errors: dict[str, BaseException] = {}
        self.threads: list[threading.Thread] = []

    def start(self, name: str, call, work=None) -> None:
        def run() -> None:
            try:
                if work is None:
                    call()
                else:
                    with working(work):
                        call()
            except BaseException as exc:
                self.errors[name] = exc
            self.finished.append(name)

        t = threading.Thread(target=run, daemon=True)
        t.start()
        self.threads.append(t)

    def join(self) -> None:
        for t in self.threads:
            t.join(120)


def test_a_waiting_ruling_gets_the_worker_before_a_screening_that_waited_longer():
    one = WorkerPool(1)
    try:
        jobs = Background()
        jobs.start("long batch", lambda: one.solve_tables(random_deals(8, 1)), new_work(Lane.BATCH))
        wait_for(one, lambda s: s["busy"]["batch"] == 1, "the long batch on the worker")
        jobs.start("second batch", lambda: one.solve_tables(random_deals(1, 2)), new_work(Lane.BATCH))
        wait_for(one, lambda s: s["waiting"]["batch"] == 1, "the second batch waiting")
        jobs.start("ruling", lambda: one.solve_batch(OPENING[:1]))
        stats = wait_for(one, lambda s: s["waiting"]["interactive"] == 1, "the ruling waiting")
        assert stats["busy"]["batch"] == 1, stats  # the long batch still runs: both really waited
        jobs.join()
        assert jobs.errors == {}
        assert jobs.finished == ["long batch", "ruling", "second batch"]
    finally:
        one.close()


def test_screenings_hold_at_most_their_share_and_a_ruling_takes_the_other_worker(pool):
    assert pool.batch_share == 1
    jobs = Background()
    for n in (1, 2):
        jobs.start(f"batch {n}", lambda n=n: pool.solve_tables(random_deals(6, 10 + n)), new_work(Lane.BATCH))
    wait_for(pool, lambda s: s["busy"]["batch"] == 1 and s["waiting"]["batch"] == 1, "one batch running, one waiting")
    assert pool.solve_batch(OPENING[:1])[0].to_play == OPENING[0].to_play  # the worker batch work may not hold
    stats = pool.stats()
    assert stats["waiting"]["batch"] == 1 and stats["busy"]["batch"] == 1, stats  # answered while both still ran
    jobs.join()
    assert jobs.errors == {} and pool.stats()["busy"] == {"interactive": 0, "batch": 0}


def test_a_cancelled_screening_stops_waiting_for_a_worker(pool):
    jobs = Background()
    jobs.start("long batch", lambda: pool.solve_tables(random_deals(6, 20)), new_work(Lane.BATCH))
    wait_for(pool, lambda s: s["busy"]["batch"] == 1, "the long batch on a worker")
    waiting = new_work(Lane.BATCH)
    jobs.start("cancelled", lambda: pool.solve_tables(random_deals(1, 21)), waiting)
    wait_for(pool, lambda s: s["waiting"]["batch"] == 1, "the second batch waiting")
    waiting.cancel.set("the client went away")
    wait_for(pool, lambda s: s["waiting"]["batch"] == 0, "the cancelled batch gone from the queue")
    assert pool.stats()["busy"]["batch"] == 1  # it left while the long batch still ran
    jobs.join()
    assert isinstance(jobs.errors.get("cancelled"), WorkCancelledError)
    assert str(jobs.errors["cancelled"]) == "the client went away"
    assert jobs.finished == ["cancelled", "long batch"]


def test_close_removes_the_scratch_directory_and_fails_waiting_requests():
    one = WorkerPool(1)
    scratch = Path(one.scratch_dir)
    assert scratch.is_dir()
    jobs = Background()
    jobs.start("long batch", lambda: one.solve_tables(random_deals(4, 30)), new_work(Lane.BATCH))
    wait_for(one, lambda s: s["busy"]["batch"] == 1, "the long batch on the worker")
    jobs.start("ruling", lambda: one.solve_batch(OPENING[:1]))
    wait_for(one, lambda s: s["waiting"]["interactive"] == 1, "the ruling waiting")
    one.close()
    jobs.join()
    assert isinstance(jobs.errors.get("ruling"), SolverUnavailableError)
    assert "shut down" in str(jobs.errors["ruling"])
    assert not scratch.exists()
    for pid in one.pids():  # stopped and reaped
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_worker_busy_past_the_stall_time_is_reported_and_a_ruling_whose_client_left_stops_waiting():
    one = WorkerPool(1, stall_seconds=0.2)
    try:
        jobs = Background()
        jobs.start("long batch", lambda: one.solve_tables(random_deals(8, 40)), new_work(Lane.BATCH))
        stalled = wait_for(one, lambda s: s["stalled"], "the worker reported stalled")
        assert stalled["stalled"][0]["pid"] == one.pids()[0] and stalled["stalled"][0]["lane"] == "batch"
        assert stalled["stalled"][0]["busy_seconds"] >= 0.2
        gone = new_work(Lane.INTERACTIVE)
        jobs.start("ruling", lambda: one.solve_batch(OPENING[:1]), gone)
        wait_for(one, lambda s: s["waiting"]["interactive"] == 1, "the ruling waiting")
        gone.cancel.set("the client went away")
        wait_for(one, lambda s: s["waiting"]["interactive"] == 0, "the ruling gone from the queue")
        assert one.stats()["busy"]["batch"] == 1  # it left while the batch still ran
        jobs.join()
        assert str(jobs.errors.get("ruling")) == "the client went away"
        assert one.stats()["stalled"] == [] and one.stats()["restarts"] == 0  # stalled is a report, not a kill
    finally:
        one.close()
