"""A claim request never holds its thread past ``ADVISOR_CLAIM_SYNC_SECONDS`` (default 2 s,
issue 33): the claim is ruled as a job; the request answers 200 with the ruling when the job ends
in time, else 202 with the job to poll, whose ruling is then the same."""

from __future__ import annotations

import time

import pytest

from app.main import create_app
from tests.engine.rulings.test_claims import T01, T06_DEAL, T06_PLAY, hands_of
from tests.helpers import laptop

URL = "/v1/rulings/claim"
SMALL = {"position": {"hands": hands_of(T01), "trump": "NT", "leader": "S"}, "claim": {"by": "S", "tricks": 3}}
# T06 (Israel Seniors 7S, 8 cards a hand, unaware of the spade 9): a search of seconds in pure Python
BIG = {"deal": T06_DEAL, "contract": "7S", "declarer": "E", "vulnerable": "None", "play": T06_PLAY,
       "claim": {"by": "E", "tricks": 8, "statement": {"steps": [{"do": "discard", "card": "C6", "suit": "D"}]},
                 "findings": {"unaware_of_trump": "likely"}}}


def test_a_claim_ruled_within_the_time_is_answered_at_once(dds):
    # T01 (EBU White Book 8.70.5, AK5 opposite 42): 3 of 3, in milliseconds: 200 with the ruling
    with laptop(create_app(solver=dds)) as c:
        r = c.post(URL, json=SMALL)
        assert r.status_code == 200 and r.json()["awarded"] == 3


def test_past_the_time_the_request_answers_with_the_job_and_the_job_has_the_ruling(dds, monkeypatch):
    monkeypatch.setenv("ADVISOR_CLAIM_SYNC_SECONDS", "0")
    with laptop(create_app(solver=dds)) as c:
        r = c.post(URL, json=BIG)
        assert r.status_code == 202, r.text[:300]
        where = r.headers["Location"]
        for _ in range(600):
            got = c.get(where).json()
            if got["state"] in ("done", "failed", "cancelled"):
                break
            time.sleep(0.1)
        assert got["state"] == "done"
        # B. Zietman, Israel Bridge magazine, Aug 2013: 7 of the 8 tricks (7S -1)
        assert (got["ruling"]["awarded"], got["ruling"]["result"]) == (7, "7S E -1")


def test_job_false_waits_for_the_ruling(dds, monkeypatch):
    monkeypatch.setenv("ADVISOR_CLAIM_SYNC_SECONDS", "0")
    with laptop(create_app(solver=dds)) as c:
        r = c.post(URL + "?job=false", json=SMALL)
        assert r.status_code == 200 and r.json()["awarded"] == 3


@pytest.mark.parametrize("value", ["x", "-1", "61"])
def test_a_bad_sync_time_is_refused_at_start(monkeypatch, value):
    from app.api.claim_jobs import sync_seconds

    monkeypatch.setenv("ADVISOR_CLAIM_SYNC_SECONDS", value)
    with pytest.raises(ValueError):
        sync_seconds()
