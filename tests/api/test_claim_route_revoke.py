"""``POST /v1/rulings/claim`` (and ``advisor claim``) on a board whose play shows a revoke (issue 33,
point 8): the claim is ruled on the position as the revoke laws leave it, the revoke route's
rectification first, then the claim, and the answer's result and score are the ones to enter.

Before, the claim route ignored the revoke: 3NT S +2 (+460) where the revoke laws give 3NT S +1
(+430), and 4H W -2 (+100) where they give 4H W -1 (+50), while ``POST /v1/rulings/revoke`` with the
same board and ``claim`` ruled both right. The figures are worked by hand in
tests/engine/rulings/test_claim_after_revoke.py (the not-yet-established revoke of the WBFLC minute of
12 January 2000, and Sponvo30.pbn board 21's established one).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.engine.rulings.test_claim_revoke import DEAL, PLAY
from tests.helpers import SPONVO30, SPONVO30_DEAL, SPONVO30_PLAY

CORRECTED = {"deal": DEAL, "contract": "3NT", "declarer": "S", "vulnerable": "None", "play": PLAY,
             "claim": {"by": "S", "tricks": 5}}
"""East's DK on a heart at trick 8, South claims the last five and East disputes: not established (63A4),
corrected (62A); 5 of the 6 tricks from trick 8, 10 tricks, 3NT S +1, 430."""

ESTABLISHED = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
               "play": SPONVO30_PLAY[:36], "claim": {"by": "W", "tricks": 4}}
"""South's D4 on a heart at trick 3, established (63A1); West claims the last four, disputed: 3 of 4, 8
tricks, then 64A2 one trick: 9, 4H W -1, North-South +50."""


def _without_version(out: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in out.items() if k != "engine_version"}


def finished(client: TestClient, url: str) -> dict[str, Any]:
    """The claim job at ``url`` once it is no longer queued or running (polled as a client would)."""
    for _ in range(600):  # the job runs in a background thread
        job: dict[str, Any] = client.get(url).json()
        if job["state"] not in ("queued", "running"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"{url} did not finish")


@pytest.mark.parametrize(("body", "want"), [
    (CORRECTED, (10, "3NT S +1", 430, "62A", 6, 5)),
    (ESTABLISHED, (9, "4H W -1", 50, "64A2", 4, 3)),
], ids=["not_established", "established"])
def test_a_claim_after_a_revoke_is_ruled_with_the_revoke_laws(client: TestClient, body: dict[str, Any],
                                                              want: tuple[Any, ...]) -> None:
    r = client.post("/v1/rulings/claim", json=body)
    assert r.status_code == 200, r.text[:800]
    out = r.json()
    tricks, result, score, law, left, awarded = want
    assert (out["declarer_tricks"], out["result"], out["score_ns"]) == (tricks, result, score)
    assert (out["tricks_left"], out["awarded"]) == (left, awarded)
    assert out["revoke"]["suggested"] == {"declarer_tricks": tricks, "result": result, "score_ns": score, "law": law,
                                          "provisional": False}
    assert out["scores"]["suggested"] == score
    # the revoke law's steps and the claim's, each with its law, catalogue key and text
    steps = out["steps"]
    assert all(s["law"] and s["key"] and s["text"] for s in steps)
    laws = [s["law"] for s in steps]
    assert "61A" in laws and "68A" in laws and "70A" in laws and law in laws
    assert len(out["explanation"]) == len(steps)
    # exactly the revoke ruling POST /v1/rulings/revoke gives for the same board with this claim
    revoke = client.post("/v1/rulings/revoke", json=body)
    assert revoke.status_code == 200, revoke.text[:500]
    assert _without_version(out["revoke"]) == _without_version(revoke.json())


def test_the_steps_are_said_in_the_language_asked_for(client: TestClient) -> None:
    en = client.post("/v1/rulings/claim", json=CORRECTED).json()
    pl = client.post("/v1/rulings/claim?lang=pl", json=CORRECTED).json()
    assert [s["key"] for s in pl["steps"]] == [s["key"] for s in en["steps"]]
    said = {s["key"]: s["text"] for s in pl["steps"]}
    assert "Fałszywy renons w lewie 8" in said["revoke"]
    assert said["replay_claim"].startswith("Po poprawieniu lewy 8-13")
    assert pl["result"] == en["result"] == "3NT S +1"  # results stay in the director's notation


def test_a_claim_job_after_a_revoke_gives_the_same_ruling(client: TestClient) -> None:
    now = client.post("/v1/rulings/claim", json=ESTABLISHED).json()
    r = client.post("/v1/rulings/claim?job=true", json=ESTABLISHED)
    assert r.status_code == 202, r.text[:500]
    job = finished(client, r.headers["location"])
    assert job["state"] == "done", job
    later = job["ruling"]
    assert (later["result"], later["score_ns"], later["revoke"]["suggested"]["law"]) == ("4H W -1", 50, "64A2")
    assert {k: v for k, v in later.items() if k != "search"} == {k: v for k, v in now.items() if k != "search"}


def test_a_claim_case_after_a_revoke_keeps_the_result_to_enter(client: TestClient) -> None:
    from tests.api.test_events import new_event

    event_id = new_event(client)
    r = client.post("/v1/cases", json={**ESTABLISHED, "kind": "claim", "event": event_id, "board": "21",
                                       "round": "30", "table": "", "director": "J. K.",
                                       "pairs": {"ns": {"number": "1"}, "ew": {"number": "2"}}})
    assert r.status_code == 201, r.text[:800]
    case = client.get(f"/v1/cases/{r.json()['id']}").json()
    assert (case["suggested_ns"], case["ruling"]["result"]) == (50, "4H W -1")
    rerun = client.post(f"/v1/cases/{case['id']}/rerun")
    assert rerun.status_code == 200 and rerun.json()["same"], rerun.text[:800]


def test_advisor_claim_gives_the_same_answer(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    """``advisor claim`` on the file itself (Sponvo30.pbn board 21, the closed room's play stops at the claim)."""
    from app.cli import main

    api = client.post("/v1/rulings/claim", json=ESTABLISHED).json()
    assert main(["claim", str(SPONVO30), "--board", "21", "--room", "Closed", "--by", "W", "--tricks", "4",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["score_ns"], out["revoke"]["suggested"]) == \
        (api["result"], api["score_ns"], api["revoke"]["suggested"]) == ("4H W -1", 50, api["revoke"]["suggested"])
    assert [s["key"] for s in out["steps"]] == [s["key"] for s in api["steps"]]
    assert main(["claim", str(SPONVO30), "--board", "21", "--room", "Closed", "--by", "W", "--tricks", "4"]) == 0
    text = capsys.readouterr().out
    assert "4H W -1" in text and "[63A1]" in text and "[64A2]" in text and "[70A]" in text
