"""One door for every request (issue 23): the route table walked, every role tried.

The app's own route table (``app.service.access.routes``: what the router matches, included routers and
all, so a route added later is walked too) is tried route by route with no token, a viewer's, a
director's, a committee member's, a revoked and a malformed token, with tokens required and in
laptop mode (this machine without a token: open; another address: refused), on SQLite and on
PostgreSQL. Each answer must be what docs/api.md's "Who may do what" table says: the door's 401/403,
or "through" - the handler's own answer to a request it cannot carry out (an unknown id's 404,
an empty body's 422, a redirect...). The solver is ``object()``: no request may reach it.

Then the findings one by one, each failing on the code before the door: the page read and
written without a token, a viewer's writes through the page (nothing written: rows counted), the
sign-in round trip with its way back (and no open redirect), revoking the last token, and
``"testclient"`` as a local client. One slow test asks a real uvicorn server with
``ADVISOR_REQUIRE_TOKENS=1`` for ``/`` and ``/events/1``.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.main import create_app
from app.service.access import OPEN, OPEN_MOUNTS, POLICY, is_api, routes
from app.service.auth import COOKIE, READ, Access, add_user, is_local
from app.storage import open_repository
from app.storage.cases import SqlUserRepository
from engine.casefile.cases import CaseDetails, CaseKind, NewCase, Pair
from engine.casefile.events import EventDetails
from engine.casefile.users import Actor, Role
from engine.records.handrecords import hand_records_from_pbn
from engine.screening.events import screen_games
from tests.browser import served
from tests.helpers import LOCAL, SPONVO30, hand_records_only
from tests.people import people_in
from tests.web.test_case_page import PLAY, RULING

DIRECTOR_NAME, COMMITTEE_NAME, VIEWER_NAME, GONE_NAME = "Jan Kowalski", "Anna Wilson", "Piotr Lis", "Olga Stara"
EVENT_NAME = "Generali Euro Team Champs '97"
REMOTE = ("192.0.2.7", 50000)
"""A client address that is not this machine (TEST-NET-1)."""
MALFORMED = "adv_not-a-token"
ROLES = ("none", "viewer", "director", "committee", "revoked", "malformed")
THROUGH = "through"


@dataclass
class Site:
    """One app on one database: the client, the tokens by role, and the stored ids."""

    client: TestClient
    tokens: dict[str, str]
    event: int
    file: int
    case: int
    job: str

    @property
    def state(self) -> Any:
        return self.client.app.state  # type: ignore[attr-defined]


def _users(database_url: str) -> dict[str, str]:
    """The token holders (and a revoked one), stored in ``database_url``: role -> token. A new
    SQLite file is a copy of a template made once (tests/people.py: argon2 hashing once, not per test)."""
    people = ((DIRECTOR_NAME, Role.DIRECTOR), (COMMITTEE_NAME, Role.COMMITTEE), (VIEWER_NAME, Role.VIEWER),
              (GONE_NAME, Role.DIRECTOR))
    by_name = people_in(database_url, people, revoked=(GONE_NAME,))
    tokens = {role.value: by_name[name] for name, role in people[:3]}
    return tokens | {"revoked": by_name[GONE_NAME], "malformed": MALFORMED}


def _fill(client: TestClient) -> tuple[int, int, int, str]:
    """An event with Sponvo30's hand records and the file kept, a case awaiting decision, and a
    finished screening job of the page, started by the director: their ids."""
    state = client.app.state  # type: ignore[attr-defined]
    event = state.events.create_event(EventDetails(EVENT_NAME, dt.date(1997, 6, 26))).id
    records = hand_records_only()
    state.events.add_hand_records(event, hand_records_from_pbn(records))
    file_id = state.events.add_file(event, "Sponvo30.pbn", SPONVO30.read_text(encoding="latin-1"))
    details = CaseDetails(event, "21", "3", "7", Pair("12", "Kowalski - Nowak"), Pair("3"), DIRECTOR_NAME)
    new = NewCase(details, CaseKind.REVOKE, {"event": event, "board": "21", "contract": "4H", "declarer": "W",
                                             "play": [PLAY[0:4], PLAY[4:8], PLAY[8:12]], "table_result": 8},
                  RULING, "0.1.0", "2017", 50, 100)
    case = state.cases.create_case(new, Actor(DIRECTOR_NAME, Role.DIRECTOR)).id
    job = state.jobs.submit("Sponvo30.pbn", 0, lambda j: screen_games([], solver=object()),
                            {"owner": DIRECTOR_NAME, "event": event, "upload": file_id, "note": None})
    return event, file_id, case, job.id


@pytest.fixture
def tokens_site(database_url: str) -> Iterator[Site]:
    """Tokens configured (and one revoked); the client on this machine, which changes nothing."""
    tokens = _users(database_url)
    with TestClient(create_app(solver=object(), database_url=database_url),  # type: ignore[arg-type]
                    raise_server_exceptions=False, client=LOCAL) as client:
        yield Site(client, tokens, *_fill(client))


@pytest.fixture
def laptop_site(database_url: str) -> Iterator[Site]:
    """No token was ever made; the client on this machine (laptop mode)."""
    with TestClient(create_app(solver=object(), database_url=database_url),  # type: ignore[arg-type]
                    raise_server_exceptions=False, client=LOCAL) as client:
        yield Site(client, {"malformed": MALFORMED}, *_fill(client))


# --------------------------------------------------------------------------------------------
# The route table, every role


def expected(method: str, path: str, role: str, mode: str) -> int | str:
    """What docs/api.md's "Who may do what" says for ``role`` on the route: 401, 403 or THROUGH.

    ``mode``: "tokens" (tokens configured), "laptop" (none ever made, this machine) or "remote"
    (none made, another address). The screening job in the path was started by the director.
    """
    rule = POLICY[(method, path)]
    if rule.allowed == OPEN:
        return THROUGH
    if role in ("revoked", "malformed"):  # in laptop mode the page ignores a cookie it cannot use
        return THROUGH if mode == "laptop" and not is_api(path) else 401
    if role == "none":
        return THROUGH if mode == "laptop" else 401
    if rule.allowed == READ:
        return THROUGH
    return THROUGH if role in {r.value for r in rule.allowed} else 403  # one role, or several (issue 25: /cases)


def _url(path: str, site: Site) -> str:
    """The route's path with its parameters filled: the stored event, board 21, the stored case
    and job, so that an allowed request reaches real data (or an empty body's 422)."""
    values = {"event_id": str(site.event), "board": "21", "case_id": str(site.case), "job_id": site.job,
              "problem_id": "999999"}  # an unknown read problem's 404: nothing is corrected
    if path.endswith("/rerun"):  # a re-run of a stored case would call the solver: an unknown case's 404
        values["case_id"] = "999999"
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)


def _ask(site: Site, method: str, path: str, role: str) -> httpx.Response:
    """One request as ``role``: the token as the API takes it (Bearer) or as the page does (the
    cookie). A body that the handler refuses by itself (empty), so nothing is carried out: except
    ``/signin``, which gets the director's token (else its own 401 would look like the door's)."""
    site.client.cookies.clear()
    headers: dict[str, str] = {}
    token = site.tokens.get(role) if role != "none" else None
    if token and is_api(path):
        headers["Authorization"] = f"Bearer {token}"
    elif token:
        site.client.cookies.set(COOKIE, token)
    url = _url(path, site)
    if method == "GET":
        return site.client.get(url, headers=headers, follow_redirects=False)
    if method == "DELETE":
        return site.client.delete(url, headers=headers)
    if is_api(path):
        return site.client.post(url, headers=headers, json={})
    form = {"lang": "en"}
    if path == "/signin":
        form |= {"token": site.tokens.get("director", ""), "next": "/"}
    return site.client.post(url, headers=headers, data=form, follow_redirects=False)


def _check(r: httpx.Response, want: int | str, where: str) -> None:
    if want == THROUGH and where.endswith(" POST /signin") and r.status_code == 401:
        assert 'id="err-token"' in r.text, where  # the sign-in form's own answer to a token it does not know
        return
    if want == THROUGH:
        assert r.status_code not in (401, 403) and r.status_code < 500, (where, r.status_code, r.text[:300])
        return
    assert r.status_code == want, (where, r.status_code, r.text[:300])
    if is_api(where.split()[2]):
        detail = r.json()["detail"][0]
        assert detail["loc"] == ["header", "Authorization"], where
        assert detail["type"] == ("unauthorized" if want == 401 else "forbidden"), where
        assert (r.headers.get("www-authenticate") == "Bearer") is (want == 401), where
    else:
        assert 'id="form-signin"' in r.text and r.headers["content-type"].startswith("text/html"), where
        assert EVENT_NAME not in html.unescape(r.text) and "Sponvo30" not in r.text, where  # never the data


def _walk(site: Site, roles: tuple[str, ...], mode: str) -> int:
    table = [(m, p) for m, p, _ in routes(site.client.app) if m != "MOUNT"]  # type: ignore[arg-type]
    missing = sorted(set(table) - set(POLICY))
    assert not missing, f"routes without an access rule (add them to app.service.access.POLICY): {missing}"
    tried = 0
    for method, path in table:
        for role in roles:
            _check(_ask(site, method, path, role), expected(method, path, role, mode), f"{role} {method} {path}")
            tried += 1
    return tried


def test_every_route_and_every_role_with_tokens_required(tokens_site: Site) -> None:
    tried = _walk(tokens_site, ROLES, "tokens")
    assert tried == len(ROLES) * len(POLICY) >= 6 * 49  # the whole table (49 routes today), not a part of it


def test_every_route_in_laptop_mode_is_open_to_this_machine_only(laptop_site: Site) -> None:
    local = _walk(laptop_site, ("none", "malformed"), "laptop")
    remote = TestClient(laptop_site.client.app, raise_server_exceptions=False, client=REMOTE)
    far = _walk(Site(remote, {"malformed": MALFORMED}, laptop_site.event, laptop_site.file, laptop_site.case,
                     laptop_site.job), ("none", "malformed"), "remote")
    assert local == far == 2 * len(POLICY)  # every route of the table, from this machine and from another


def test_no_route_escapes_the_door(tokens_site: Site) -> None:
    app = tokens_site.client.app
    for method, path, route in routes(app):  # type: ignore[arg-type]
        if method == "MOUNT":
            assert path in OPEN_MOUNTS, f"a mount the door does not see: {path}"
        elif not isinstance(route, APIRoute):  # no dependency runs on a plain Starlette route
            assert POLICY[(method, path)].allowed == OPEN, f"{method} {path} escapes the door"
    assert set(POLICY) == {(m, p) for m, p, _ in routes(app) if m != "MOUNT"}  # type: ignore[arg-type]


def test_a_route_added_later_is_refused_until_the_policy_names_it(database_url: str) -> None:
    app = create_app(solver=object(), database_url=database_url)  # type: ignore[arg-type]

    @app.get("/later")
    def later() -> dict[str, str]:
        return {"hand records": "every deal"}

    with TestClient(app, raise_server_exceptions=False, client=LOCAL) as laptop:  # laptop mode: all else is open
        r = laptop.get("/later")
        assert r.status_code == 403 and "hand records" not in r.text
        assert "has no access rule" in html.unescape(r.text) or "no access rule" in r.text
        assert laptop.get("/v1/cases").status_code == 200


def test_the_owner_of_a_screening_job_may_cancel_it_and_nobody_else_but_a_director(tokens_site: Site) -> None:
    site = tokens_site
    mine = site.state.jobs.submit("mine.pbn", 0, lambda j: screen_games([], solver=object()),
                                  {"owner": VIEWER_NAME})
    viewer = {"Authorization": f"Bearer {site.tokens['viewer']}"}
    committee = {"Authorization": f"Bearer {site.tokens['committee']}"}
    r = site.client.delete(f"/v1/screenings/jobs/{mine.id}", headers=committee)
    assert r.status_code == 403
    assert r.json()["detail"][0]["msg"] == (f"{COMMITTEE_NAME} is a committee: to cancel another's screening "
                                            "needs the role director")
    assert site.client.delete(f"/v1/screenings/jobs/{mine.id}", headers=viewer).status_code == 200
    assert site.client.delete(f"/v1/screenings/jobs/{site.job}", headers=viewer).status_code == 403


# --------------------------------------------------------------------------------------------
# The findings, one by one


def _rows(site: Site) -> dict[str, int]:
    """Rows of every table that a page write would add to."""
    with site.state.events.engine.connect() as c:
        return {t: c.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()
                for t in ("events", "boards", "files", "cases", "case_history")}


def test_the_page_is_not_read_without_a_token(tokens_site: Site) -> None:
    site = tokens_site
    site.client.cookies.clear()
    asks = [("GET", "/", {}), ("GET", f"/events/{site.event}", {}),
            ("GET", f"/events/{site.event}/boards/21/play", {}),
            ("POST", "/ruling", {"source": "upload", "upload": str(site.file), "board": "21", "room": "Closed"}),
            ("GET", f"/screenings/{site.job}", {})]
    for method, url, form in asks:
        r = site.client.request(method, url, data=form or None, follow_redirects=False)
        page = html.unescape(r.text)
        assert r.status_code == 401 and 'id="form-signin"' in page, url
        assert EVENT_NAME not in page and "T8752" not in page and "Sponvo30" not in page, url
    # the same pages to a viewer hold the data (so the absence above means something)
    site.client.cookies.set(COOKIE, site.tokens["viewer"])
    assert EVENT_NAME in html.unescape(site.client.get(f"/events/{site.event}").text)
    assert "Signed in: Piotr Lis (viewer)" in site.client.get("/").text


def test_the_page_is_not_written_without_a_token(tokens_site: Site) -> None:
    site = tokens_site
    site.client.cookies.clear()
    before = _rows(site)
    r = site.client.post("/upload", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}, data={"lang": "en"})
    assert r.status_code == 401 and "Uploading hand records needs signing in" in html.unescape(r.text)
    mine = site.state.jobs.submit("running.pbn", 0, lambda j: screen_games([], solver=object()),
                                  {"owner": DIRECTOR_NAME, "upload": site.file, "event": site.event})
    r = site.client.post(f"/screenings/{mine.id}/cancel", data={"lang": "en"}, follow_redirects=False)
    assert r.status_code == 401
    assert site.state.jobs.get(mine.id).error is None  # not cancelled
    assert _rows(site) == before


def test_a_viewer_writes_nothing_through_the_page(tokens_site: Site) -> None:
    site = tokens_site
    site.client.cookies.clear()
    site.client.cookies.set(COOKIE, site.tokens["viewer"])
    before = _rows(site)
    case = site.state.cases.get_case(site.case)
    request = {"event": site.event, "board": "21", "contract": "4H", "declarer": "W",
               "play": [PLAY[0:4], PLAY[4:8], PLAY[8:12]], "table_result": 8}
    writes = [
        ("/upload", {"lang": "en"}, {"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}, "uploading hand records"),
        ("/cases", {"lang": "en", "kind": "revoke", "ruling_request": json.dumps(request),
                    "case_event": str(site.event), "case_board": "21", "case_round": "4", "case_table": "2",
                    "ns_number": "1", "ew_number": "2", "case_director": VIEWER_NAME}, None, "saving a case"),
        (f"/cases/{site.case}/decision", {"lang": "en", "score_ns": "+50", "result": "4H W -1", "law": "64A2"},
         None, "recording a decision"),
        (f"/cases/{site.case}/reviews", {"lang": "en", "outcome": "uphold", "members": "A. Wilson",
                                         "reasons": "Established.", "deposit": "kept"}, None, "adding a review"),
        (f"/cases/{site.case}/rerun", {"lang": "en"}, None, "re-running a case"),
        (f"/screenings/{site.job}/cancel", {"lang": "en"}, None, "cancelling another person's screening"),
    ]
    for url, form, files, doing in writes:
        r = site.client.post(url, data=form, files=files, follow_redirects=False)
        page = html.unescape(r.text)
        assert r.status_code == 403, (url, r.status_code)
        need = "appeals committee" if url.endswith("reviews") else "director"
        assert f"{VIEWER_NAME} is a viewer: {doing} needs the {need} role." in page, url
        assert "Signed in: Piotr Lis (viewer)" in page, url  # the header still says who
    assert _rows(site) == before
    assert site.state.cases.get_case(site.case).history == case.history
    assert site.state.jobs.get(site.job).error is None


def test_a_refusal_is_in_the_pages_language(tokens_site: Site) -> None:
    site = tokens_site
    site.client.cookies.clear()
    site.client.cookies.set(COOKIE, site.tokens["viewer"])
    r = site.client.post("/upload", data={"lang": "pl"}, files={"file": ("a.pbn", b"[Board \"1\"]\n")})
    assert r.status_code == 403 and f"{VIEWER_NAME} ma rolę „obserwator”: wczytanie zapisów rozdań wymaga roli " \
                                     "„sędzia”." in html.unescape(r.text)
    site.client.cookies.clear()
    r = site.client.get(f"/events/{site.event}?lang=ru")
    assert r.status_code == 401
    assert "Для действия «просмотр турниров и их протоколов раскладов» нужно войти" in html.unescape(r.text)


def test_signing_in_goes_back_where_it_was_and_only_on_this_site(tokens_site: Site) -> None:
    site = tokens_site
    site.client.cookies.clear()
    r = site.client.get(f"/events/{site.event}")
    assert r.status_code == 401 and f'name="next" value="/events/{site.event}"' in r.text
    back = re.search(r'name="next" value="([^"]*)"', r.text)
    assert back is not None
    r = site.client.post("/signin", data={"token": site.tokens["viewer"], "lang": "en",
                                          "next": html.unescape(back.group(1))}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/events/{site.event}?lang=en"
    r = site.client.get(r.headers["location"])
    assert r.status_code == 200 and EVENT_NAME in html.unescape(r.text)
    for evil in ("//evil.example/", "https://evil.example/", "/\\evil.example", "/\t/evil.example",
                 "/\n/evil.example", "http:/evil.example", " //evil.example", "javascript:alert(1)"):
        r = site.client.post("/signin", data={"token": site.tokens["viewer"], "lang": "en", "next": evil},
                             follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/?lang=en", evil


def test_revoking_the_last_token_keeps_tokens_required(database_url: str) -> None:
    app = create_app(solver=object(), database_url=database_url)  # type: ignore[arg-type]
    with TestClient(app, raise_server_exceptions=False, client=LOCAL) as c:
        assert c.get("/v1/cases").status_code == 200  # laptop mode: no token was ever made
        users = SqlUserRepository(app.state.events.engine)
        add_user(users, DIRECTOR_NAME, Role.DIRECTOR)
        assert c.get("/v1/cases").status_code == 401
        assert users.deactivate(DIRECTOR_NAME)  # the last token revoked
        assert c.get("/v1/cases").status_code == 401
        assert c.get("/").status_code == 401
        assert Access(users, require_tokens=False).is_open("127.0.0.1") is False  # after a restart too


def test_testclient_is_not_a_local_client(database_url: str) -> None:
    assert is_local("testclient") is False
    assert is_local("127.0.0.1") and is_local("::1") and not is_local("192.0.2.7") and not is_local(None)
    with TestClient(create_app(solver=object(), database_url=database_url),  # type: ignore[arg-type]
                    raise_server_exceptions=False) as c:  # the client's address is "testclient"
        assert c.get("/v1/cases").status_code == 401
        assert c.get("/").status_code == 401


@pytest.mark.slow
def test_a_real_server_requiring_tokens_gives_no_hand_records_without_one(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    repo = open_repository(url)
    try:
        event = repo.create_event(EventDetails(EVENT_NAME, dt.date(1997, 6, 26))).id
        repo.add_hand_records(event, hand_records_from_pbn(hand_records_only()))
    finally:
        repo.close()
    with served({"ADVISOR_DATABASE_URL": url, "ADVISOR_REQUIRE_TOKENS": "1"}) as base:
        for path in ("/", f"/events/{event}", f"/events/{event}/boards/21/play", f"/v1/events/{event}/boards"):
            r = httpx.get(base + path)
            page = html.unescape(r.text)
            assert r.status_code == 401, path
            assert EVENT_NAME not in page and "T8752" not in page and "AQJ9" not in page, path
        assert httpx.get(base + "/healthz").status_code == 200
