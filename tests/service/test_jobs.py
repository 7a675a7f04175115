"""The job manager (app/service/jobs.py) on its own: the bounds, cancelling, forgetting, shutting down.

The jobs here are real functions that wait on events the test sets, so that each state can be
seen; the screening itself is tested through the API (tests/service/test_load.py, tests/engine/screening/test_screening.py).
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from app.service.jobs import Job, JobManager, JobState
from engine.casefile.events import NotStoredError
from engine.dd.work import Lane, current
from engine.errors import SolverBusyError, WorkCancelledError


class Gate:
    """A job body that records its lane, then screens ``total`` "games" one at a time, each
    waiting until the test opens the gate (or the job is cancelled)."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.lanes: list[Lane] = []

    def __call__(self, job: Job) -> str:
        work = current()
        self.lanes.append(work.lane)
        for done in range(job.total):
            while not self.open.wait(0.01):
                work.check()
            job.advance(done + 1, job.total)
        return f"report of {job.name}"


def wait_for(test: Any) -> None:
    for _ in range(2000):
        if test():
            return
        time.sleep(0.005)
    raise AssertionError("never happened")


def test_jobs_run_in_the_batch_lane_a_bounded_number_at_once_and_report():
    jobs = JobManager(max_running=1, max_queued=1)
    gate = Gate()
    first = jobs.submit("a.pbn", 2, gate)
    second = jobs.submit("b.pbn", 2, gate)
    wait_for(lambda: first.state is JobState.RUNNING)
    assert second.state is JobState.QUEUED  # one place only
    with pytest.raises(SolverBusyError, match="1 screening jobs are already waiting"):
        jobs.submit("c.pbn", 2, gate)
    assert jobs.stats()["running"] == 1 and jobs.stats()["queued"] == 1
    gate.open.set()
    wait_for(lambda: second.state is JobState.DONE)
    assert (first.state, first.result, first.done) == (JobState.DONE, "report of a.pbn", 2)
    assert second.result == "report of b.pbn" and gate.lanes == [Lane.BATCH, Lane.BATCH]
    assert jobs.get(first.id) is first and jobs.stats()["finished"]["done"] == 2


def test_cancel_a_queued_job_at_once_and_a_running_one_between_two_games():
    jobs = JobManager(max_running=1)
    gate = Gate()
    running = jobs.submit("a.pbn", 3, gate)
    queued = jobs.submit("b.pbn", 3, gate)
    wait_for(lambda: running.state is JobState.RUNNING)
    assert jobs.cancel(queued.id).state is JobState.CANCELLED
    jobs.cancel(running.id, "the director changed his mind")
    wait_for(lambda: running.state is JobState.CANCELLED)
    assert running.error == "the director changed his mind" and running.result is None
    assert gate.lanes == [Lane.BATCH]  # the queued one never started
    assert jobs.cancel(running.id).state is JobState.CANCELLED  # a finished job is left as it is
    with pytest.raises(NotStoredError):
        jobs.cancel("no-such-job")


def test_finished_jobs_are_forgotten_after_their_time():
    jobs = JobManager(keep_seconds=0.2)
    gate = Gate()
    gate.open.set()
    job = jobs.submit("a.pbn", 1, gate)
    wait_for(lambda: job.state is JobState.DONE)
    assert jobs.get(job.id) is job
    time.sleep(0.3)
    with pytest.raises(NotStoredError, match="there is no screening job"):
        jobs.get(job.id)


def test_synchronous_screenings_are_bounded_counted_and_cancelled_at_shutdown():
    jobs = JobManager(max_inline=1)
    gate = Gate()
    errors: list[BaseException] = []

    def request() -> None:
        try:
            jobs.run_inline("sync.pbn", 5, gate)
        except BaseException as exc:
            errors.append(exc)

    t = threading.Thread(target=request)
    t.start()
    wait_for(lambda: jobs.stats()["inline"] == 1)
    with pytest.raises(SolverBusyError, match="1 screenings are already running"):
        jobs.run_inline("another.pbn", 5, gate)
    assert jobs.shutdown(5) is True  # it stopped between two games
    t.join(5)
    assert isinstance(errors[0], WorkCancelledError) and str(errors[0]) == "the service is shutting down"
    assert jobs.stats()["inline"] == 0 and jobs.stats()["finished"]["cancelled"] == 1
    with pytest.raises(SolverBusyError, match="shutting down"):
        jobs.submit("late.pbn", 1, gate)


def test_each_kind_waits_in_its_own_queue_and_a_holder_has_at_most_its_share():
    # issue 35: one holder's claims never fill the screenings' queue, nor another holder's share
    from app.service.jobs import CLAIM, QueueLimits, TooManyJobsError

    jobs = JobManager(max_running=1, max_queued=1, queues={CLAIM: QueueLimits(1, 8)}, per_holder=3)
    gate = Gate()
    claims = [jobs.submit("claim", 1, gate, kind=CLAIM, holder="token:viewer") for _ in range(3)]
    with pytest.raises(TooManyJobsError) as refused:
        jobs.submit("claim", 1, gate, kind=CLAIM, holder="token:viewer")
    assert (refused.value.kind, refused.value.limit) == ("claim", 3)
    # the viewer's screening (another kind) and the director's claim are still taken
    screening = jobs.submit("a.pbn", 1, gate, holder="token:viewer")
    directors = jobs.submit("claim", 1, gate, kind=CLAIM, holder="token:director")
    wait_for(lambda: claims[0].state is JobState.RUNNING and screening.state is JobState.RUNNING)
    stats = jobs.stats()["queues"]
    assert (stats["claim"]["running"], stats["claim"]["queued"]) == (1, 3)
    assert (stats["screening"]["running"], stats["screening"]["queued"]) == (1, 0)
    # the claim queue's next place goes to the holder with none running there: the director's,
    # though the viewer's two waited longer
    gate.open.set()
    wait_for(lambda: directors.state is JobState.DONE)
    assert directors.started is not None and claims[1].started is not None
    assert directors.started <= claims[1].started
    wait_for(lambda: all(j.state is JobState.DONE for j in claims))
    jobs.submit("claim", 1, gate, kind=CLAIM, holder="token:viewer")  # its jobs ended: taken again


def test_a_cancel_runs_the_hooks_registered_before_and_after():
    from engine.dd.work import Cancel

    flag, seen = Cancel(), []
    flag.on_set(lambda: seen.append("before"))
    flag.set("cancelled by the director")
    flag.set("shutdown")  # the first reason wins, the hooks run once
    flag.on_set(lambda: seen.append("after"))
    assert seen == ["before", "after"] and flag.reason == "cancelled by the director"
