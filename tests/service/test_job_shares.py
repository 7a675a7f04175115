"""Directors' rulings first, every job cancellable (issue 35), through the API with the app, real
SQLite, real DDS (the ``dds`` fixture) and real token holders.

- Cancel: a claim job, a screening job and an upload's screening job can be cancelled by whoever
  started it and by a director; anyone else (a viewer cancelling a director's job, a committee
  member) gets the door's 403, and the job goes on.
- A holder has at most ``ADVISOR_JOBS_PER_HOLDER`` jobs of a kind at once: one more is a 429 with
  ``Retry-After`` and the reason in the asker's language (en/pl/ru/el), while another holder's
  screening is still taken (its own queue).
- The requests to the solver: a holder over its share gets a 429 at the door, another holder's
  revoke ruling is answered.
- A claim's ``time_limit`` and ``node_budget`` are capped by the asker's role.

The claim positions are published ones (tests/engine/rulings/test_claims.py): T11 (forums.ebu.co.uk,
6C by North, 12 cards a hand: a search of many seconds, so its job is still running or waiting
when it is cancelled) and T01 (EBU White Book 8.70.5: 3 of 3 in milliseconds).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from benchmarks.cases import revoke_games_pbn
from engine.casefile.users import Role
from tests.engine.rulings.test_claims import T01, T11_DEAL, hands_of
from tests.helpers import LOCAL, SPONVO30_DEAL, SPONVO30_PLAY
from tests.people import people_in

DIRECTOR, OTHER_DIRECTOR, VIEWER, OTHER_VIEWER, COMMITTEE = (
    "Jan Kowalski", "Maria Nowak", "Piotr Lis", "Ewa Zając", "Anna Wilson")
PEOPLE = ((DIRECTOR, Role.DIRECTOR), (OTHER_DIRECTOR, Role.DIRECTOR), (VIEWER, Role.VIEWER),
          (OTHER_VIEWER, Role.VIEWER), (COMMITTEE, Role.COMMITTEE))
# T11, at its doubtful point: West has returned the diamond queen, North to play, 12 cards a hand
HEAVY = {"deal": T11_DEAL, "contract": "6C", "declarer": "N", "vulnerable": "None", "play": "D4 D7 DA D3 DQ".split(),
         "claim": {"by": "N", "tricks": 12}}
SMALL = {"position": {"hands": hands_of(T01), "trump": "NT", "leader": "S"}, "claim": {"by": "S", "tricks": 3}}
REVOKE = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS", "claim_declarer_tricks": 3,
          "play": SPONVO30_PLAY}


@dataclass
class Site:
    """The app on its own SQLite file, and each holder's ``Authorization`` header by name."""

    client: TestClient
    who: dict[str, dict[str, str]]

    @property
    def state(self) -> Any:
        return self.client.app.state  # type: ignore[attr-defined]

    def claim_job(self, name: str, body: dict[str, Any] | None = None) -> str:
        """A claim job started by ``name`` (``job=true``): its id."""
        r = self.client.post("/v1/rulings/claim?job=true", json=body or HEAVY, headers=self.who[name])
        assert r.status_code == 202, r.text[:300]
        return str(r.json()["job"])


@pytest.fixture
def site(tmp_path: Path, dds: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    """One claim job at a time (the others wait: a cancel takes them at once), screenings over 2
    games as jobs, 3 jobs a kind per holder."""
    monkeypatch.setenv("ADVISOR_CLAIM_JOBS", "1")
    monkeypatch.setenv("ADVISOR_SYNC_SCREENING_GAMES", "2")
    monkeypatch.setenv("ADVISOR_JOBS_PER_HOLDER", "3")
    url = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    tokens = people_in(url, PEOPLE)
    with TestClient(create_app(solver=dds, database_url=url), client=LOCAL) as client:
        yield Site(client, {name: {"Authorization": f"Bearer {token}"} for name, token in tokens.items()})
        client.app.state.jobs.begin_shutdown()  # type: ignore[attr-defined]


def cancel(site: Site, path: str, name: str) -> httpx.Response:
    return site.client.delete(path, headers=site.who[name])


def wait_ended(site: Site, path: str, name: str, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        got: dict[str, Any] = site.client.get(path, headers=site.who[name]).json()
        if got["state"] in ("done", "failed", "cancelled") or time.monotonic() > deadline:
            return got
        time.sleep(0.1)


# --------------------------------------------------------------------------------------------
# Cancel


def test_a_claim_job_is_cancelled_by_its_owner_and_by_a_director_and_by_nobody_else(site: Site) -> None:
    running = site.claim_job(DIRECTOR)  # takes the one place; the next two wait behind it
    viewers = site.claim_job(VIEWER)
    directors = site.claim_job(DIRECTOR)
    assert site.state.jobs.get(viewers).owner == VIEWER
    # a viewer may not cancel a director's job, nor a committee member a viewer's: the door's 403
    r = cancel(site, f"/v1/rulings/claim/jobs/{directors}", VIEWER)
    assert r.status_code == 403
    said = f"{VIEWER} is a viewer: to cancel another's claim ruling needs the role director"
    assert r.json()["detail"][0]["msg"] == said
    assert cancel(site, f"/v1/rulings/claim/jobs/{viewers}", COMMITTEE).status_code == 403
    assert cancel(site, f"/v1/rulings/claim/jobs/{viewers}", OTHER_VIEWER).status_code == 403
    assert site.state.jobs.get(directors).state.value == "queued"  # refused: the job goes on
    # its owner may: a waiting job is cancelled at once
    r = cancel(site, f"/v1/rulings/claim/jobs/{viewers}", VIEWER)
    assert r.status_code == 200 and r.json()["state"] == "cancelled" and r.json()["error"] == "cancelled"
    # a director may cancel another director's job, waiting or running (after the search it is on)
    r = cancel(site, f"/v1/rulings/claim/jobs/{directors}", OTHER_DIRECTOR)
    assert r.status_code == 200 and r.json()["state"] == "cancelled"
    assert cancel(site, f"/v1/rulings/claim/jobs/{running}", OTHER_DIRECTOR).status_code == 200
    got = wait_ended(site, f"/v1/rulings/claim/jobs/{running}", DIRECTOR)
    assert (got["state"], got["error"], got["ruling"]) == ("cancelled", "cancelled", None)
    # a screening's id is no claim job: 404, not a cancel
    assert cancel(site, "/v1/rulings/claim/jobs/no-such-job", DIRECTOR).status_code == 404


def test_a_screening_job_is_cancelled_by_its_owner_and_by_a_director_and_by_nobody_else(site: Site) -> None:
    pbn = revoke_games_pbn(30, seed=35).encode()  # 30 revoke games on real deals: over the cap of 2, a job

    def screening(name: str) -> str:
        r = site.client.post("/v1/screenings", files={"file": ("revokes.pbn", pbn)}, headers=site.who[name])
        assert r.status_code == 202, r.text[:300]
        return str(r.json()["job"])

    viewers, directors = screening(VIEWER), screening(DIRECTOR)
    assert cancel(site, f"/v1/screenings/jobs/{directors}", VIEWER).status_code == 403
    assert cancel(site, f"/v1/screenings/jobs/{viewers}", OTHER_VIEWER).status_code == 403
    assert cancel(site, f"/v1/screenings/jobs/{viewers}", VIEWER).status_code == 200
    assert cancel(site, f"/v1/screenings/jobs/{directors}", OTHER_DIRECTOR).status_code == 200
    for job, name in ((viewers, VIEWER), (directors, DIRECTOR)):
        got = wait_ended(site, f"/v1/screenings/jobs/{job}", name)
        assert (got["state"], got["report"]) == ("cancelled", None)
        assert got["progress"]["done"] < 30  # stopped before the end of the file


def test_an_uploads_screening_job_is_cancelled_by_its_owner_and_by_a_director_only(site: Site) -> None:
    # the page's upload of a file over the cap stores the event and screens it as an upload job
    pbn = revoke_games_pbn(30, seed=36).encode()
    r = site.client.post("/upload", files={"file": ("session.pbn", pbn)}, data={"lang": "en"},
                         headers=site.who[DIRECTOR], follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    job = r.headers["location"].split("/screenings/", 1)[1].split("?", 1)[0]
    assert (site.state.jobs.get(job).kind, site.state.jobs.get(job).owner) == ("upload", DIRECTOR)
    assert cancel(site, f"/v1/screenings/jobs/{job}", VIEWER).status_code == 403
    assert cancel(site, f"/v1/screenings/jobs/{job}", COMMITTEE).status_code == 403
    assert cancel(site, f"/v1/screenings/jobs/{job}", OTHER_DIRECTOR).status_code == 200
    assert wait_ended(site, f"/v1/screenings/jobs/{job}", DIRECTOR)["state"] == "cancelled"


# --------------------------------------------------------------------------------------------
# Shares


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "you already have 3 claim rulings running or waiting as jobs (at most 3 each)"),
    ("pl", "masz już 3 orzeczeń o deklaracjach w toku lub w kolejce jako zadania (najwyżej 3 na osobę)"),
    ("ru", "у вас уже выполняется или ждёт в очереди решений по претензиям: 3 (не больше 3 на человека)"),
    ("el", "έχετε ήδη 3 αποφάσεις για διεκδικήσεις σε εξέλιξη ή σε αναμονή ως εργασίες (το πολύ 3 ανά άτομο)"),
])
def test_a_holder_has_at_most_n_jobs_and_another_holders_screening_is_still_taken(site: Site, lang: str,
                                                                                  said: str) -> None:
    jobs = [site.claim_job(VIEWER) for _ in range(3)]
    r = site.client.post(f"/v1/rulings/claim?job=true&lang={lang}", json=HEAVY, headers=site.who[VIEWER])
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    detail = r.json()["detail"][0]
    assert detail["type"] == "too_many_jobs" and detail["msg"].startswith(said), detail["msg"]
    # the same viewer's small claim is a claim job too: refused while its three are there
    assert site.client.post("/v1/rulings/claim", json=SMALL, headers=site.who[VIEWER]).status_code == 429
    # another holder's claim, screening and a director's small claim are not held up by them
    assert site.client.post("/v1/rulings/claim?job=true", json=HEAVY, headers=site.who[OTHER_VIEWER]).status_code == 202
    pbn = revoke_games_pbn(5, seed=37).encode()
    r = site.client.post("/v1/screenings", files={"file": ("revokes.pbn", pbn)}, headers=site.who[DIRECTOR])
    assert r.status_code == 202, r.text[:300]
    r = site.client.post("/v1/rulings/claim", json=SMALL, headers=site.who[DIRECTOR])
    assert r.status_code == 200 and r.json()["awarded"] == 3  # T01: 3 of 3
    # once one of the viewer's jobs has ended (cancelled by its owner), one more is taken
    assert cancel(site, f"/v1/rulings/claim/jobs/{jobs[2]}", VIEWER).status_code == 200
    assert site.client.post("/v1/rulings/claim?job=true", json=HEAVY, headers=site.who[VIEWER]).status_code == 202


def test_a_holder_over_its_share_of_rulings_is_refused_and_another_is_answered(site: Site) -> None:
    share = site.state.share
    taken = [share.take(f"token:{VIEWER}") for _ in range(share.per_holder)]  # the viewer's rulings in flight
    r = site.client.post("/v1/rulings/revoke?lang=pl", json=REVOKE, headers=site.who[VIEWER])
    assert r.status_code == 429 and r.headers["Retry-After"]
    assert r.json()["detail"][0]["type"] == "too_many_requests"
    assert r.json()["detail"][0]["msg"].startswith(f"masz już {share.per_holder} orzeczeń w przygotowaniu")
    directors = site.client.post("/v1/rulings/revoke", json=REVOKE, headers=site.who[DIRECTOR])
    assert directors.status_code == 200, directors.text[:300]
    for give_back in taken:
        give_back()
    viewers = site.client.post("/v1/rulings/revoke", json=REVOKE, headers=site.who[VIEWER])
    assert viewers.status_code == 200 and viewers.json()["scores"] == directors.json()["scores"]
    assert share.stats()["taken"] == 0  # every answered request gave its place back


def test_a_claims_time_limit_and_node_budget_are_capped_by_role(site: Site) -> None:
    asks = {**HEAVY, "time_limit": 120, "node_budget": 5_000_000}
    viewers = site.claim_job(VIEWER, asks)
    directors = site.claim_job(DIRECTOR, asks)
    bounds = {job: site.state.jobs.get(job).meta["bounds"] for job in (viewers, directors)}
    assert (bounds[viewers].time_limit, bounds[viewers].node_budget) == (45.0, 5_000_000)
    assert (bounds[directors].time_limit, bounds[directors].node_budget) == (120.0, 5_000_000)
    viewers_big = site.claim_job(VIEWER, {**HEAVY, "node_budget": 100_000_000})
    assert site.state.jobs.get(viewers_big).meta["bounds"].node_budget == 50_000_000


def test_the_page_says_a_holder_is_over_its_share_in_its_language(site: Site) -> None:
    from app.service.auth import COOKIE

    share = site.state.share
    taken = [share.take(f"token:{VIEWER}") for _ in range(share.per_holder)]
    site.client.cookies.set(COOKIE, site.who[VIEWER]["Authorization"].split(" ", 1)[1])
    try:
        r = site.client.post("/ruling", data={"lang": "pl", "pbn": "x"}, follow_redirects=False)
    finally:
        site.client.cookies.clear()
        for give_back in taken:
            give_back()
    assert r.status_code == 429 and r.headers["Retry-After"] == "5"
    assert f"Masz już {share.per_holder} orzeczeń w przygotowaniu" in r.text
