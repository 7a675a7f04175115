"""Secure by default (issue 15): the security headers on every answer, the request id, the
access log, the unhandled exception as a 500 in the project's shape, and ``/docs`` and
``/redoc`` served from the service itself.

Without a browser the app runs in the TestClient (a real SQLite file; ``solver=object()``, a
"solver" that is none, where no ruling is asked for, and to make a ruling fail for real where
the unhandled 500 is tested). With a browser: uvicorn on 127.0.0.1 and Debian's Chromium, every
request to another site refused.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.service.api_docs import REDOC_CSP, SWAGGER_CSP
from app.service.middleware import CSP, request_id_from
from tests.browser import ROOT, SHOTS, PageProblems
from tests.helpers import SPONVO30_DEAL, SPONVO30_PLAY, free_port, laptop, wait_healthy

TEMPLATES = ROOT / "app" / "web" / "templates"
STATIC = ROOT / "app" / "web" / "static"
REVOKE = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "vulnerable": "NS",
          "play": list(SPONVO30_PLAY), "claim_declarer_tricks": 3}
"""Sponvo30.pbn board 21 as parts: a valid ruling request (tests/api/test_api.py rules it)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app with a "solver" that is none: every route but a ruling answers; a ruling fails
    inside the engine (an AttributeError no handler knows), which is the unhandled case."""
    database = f"sqlite:///{tmp_path_factory.mktemp('security') / 'advisor.sqlite3'}"
    app = create_app(solver=object(), database_url=database)  # type: ignore[arg-type]
    with laptop(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def locked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app requiring tokens (none is configured): every API call is a 401."""
    database = f"sqlite:///{tmp_path_factory.mktemp('security-locked') / 'advisor.sqlite3'}"
    app = create_app(solver=object(), database_url=database, require_tokens=True)  # type: ignore[arg-type]
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _assert_secured(r: httpx.Response, csp: str = CSP) -> None:
    assert r.headers["content-security-policy"] == csp
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"
    assert r.headers["x-frame-options"] == "DENY"
    assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])


# --------------------------------------------------------------------------------------------
# The headers


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("GET", "/healthz", None, 200),                      # API
    ("GET", "/", None, 200),                             # the director's page
    ("GET", "/static/style.css", None, 200),             # a static file
    ("GET", "/static/vendor/redoc/redoc.standalone.js", None, 200),
    ("GET", "/favicon.ico", None, 200),
    ("GET", "/no/such/page", None, 404),                 # no route
    ("GET", "/v1/events/999", None, 404),                # an event not stored
    ("GET", "/events/999", None, 404),                   # the same on the page (HTML)
    ("POST", "/v1/rulings/revoke", {"contract": "4H"}, 422),
    ("POST", "/v1/rulings/revoke", REVOKE, 500),         # unhandled: the "solver" is none
])
def test_every_answer_carries_the_security_headers(client, method, path, body, status):
    r = client.request(method, path, json=body)
    assert r.status_code == status
    _assert_secured(r)


def test_the_docs_pages_keep_their_own_policy_which_allows_only_the_service_itself(client):
    for path, csp in (("/docs", SWAGGER_CSP), ("/redoc", REDOC_CSP)):
        r = client.get(path)
        assert r.status_code == 200
        _assert_secured(r, csp)
        assert len(r.headers.get_list("content-security-policy")) == 1  # its own, not the service's as well
        sources = re.findall(r"(?:src|href)=\"([^\"]+)\"", r.text)
        assert sources and all(s.startswith("/") for s in sources), sources  # nothing from another site
        assert "<script>" not in r.text and "<style" not in r.text and " style=" not in r.text
    for csp in (SWAGGER_CSP, REDOC_CSP):  # what they add: data: images, hashed styles, a blob: worker
        extra = csp.removeprefix(CSP)
        assert "http" not in extra and "*" not in extra and "unsafe" not in extra


def test_the_vendored_docs_assets_are_the_ones_their_readme_records_with_their_licences():
    import hashlib

    vendor = STATIC / "vendor"
    readme = (vendor / "README.md").read_text(encoding="utf-8")
    for name in ("swagger-ui/swagger-ui-bundle.js", "swagger-ui/swagger-ui.css", "redoc/redoc.standalone.js"):
        digest = hashlib.sha256((vendor / name).read_bytes()).hexdigest()
        assert digest in readme, f"{name} changed without its README: sha256 {digest}"
    assert "Apache License" in (vendor / "swagger-ui" / "LICENSE").read_text().split("\n", 3)[1]
    assert "The MIT License" in (vendor / "redoc" / "LICENSE").read_text()
    assert b"cdn.redoc.ly" not in (vendor / "redoc" / "redoc.standalone.js").read_bytes()  # the one change


def test_a_401_carries_the_headers_and_the_request_id(locked):
    r = locked.post("/v1/rulings/revoke", json=REVOKE, headers={"X-Request-ID": "td-laptop-7"})
    assert r.status_code == 401
    assert r.headers["x-request-id"] == "td-laptop-7" and r.headers["x-frame-options"] == "DENY"
    assert r.json()["request_id"] == "td-laptop-7" and r.json()["detail"][0]["type"] == "unauthorized"


def test_the_templates_have_no_inline_script_style_or_handler():
    """The CSP refuses them: every script and style of the page is a file in app/web/static."""
    for template in sorted(TEMPLATES.glob("*.html")):
        text = template.read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b([^>]*)>", text)
        assert all("src=" in attrs or 'type="application/json"' in attrs for attrs in scripts), template.name
        assert not re.search(r"<style\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:", text, flags=re.I), template.name


# --------------------------------------------------------------------------------------------
# The request id


def test_a_sane_request_id_is_echoed_and_an_unsafe_one_replaced():
    assert request_id_from([(b"x-request-id", b"f3c1-2b.9_A")]) == "f3c1-2b.9_A"
    for bad in (b"a" * 65, b"two words", b"<script>", b"id\r\nX-Evil: 1", b"", "żółw".encode()):
        new = request_id_from([(b"x-request-id", bad)])
        assert re.fullmatch(r"[0-9a-f]{32}", new), bad
    assert request_id_from([]) != request_id_from([])  # a new one each time


def test_the_request_id_is_sent_back_and_is_in_every_error_body(client):
    ok = client.get("/healthz", headers={"X-Request-ID": "board-21.table-4"})
    assert ok.headers["x-request-id"] == "board-21.table-4" and "request_id" not in ok.json()
    for method, path, body, status in (("GET", "/v1/events/999", None, 404), ("GET", "/nowhere", None, 404),
                                       ("POST", "/v1/rulings/revoke", {"contract": "4H"}, 422),
                                       ("POST", "/v1/rulings/revoke", REVOKE, 500)):
        r = client.request(method, path, json=body, headers={"X-Request-ID": f"rid-{status}"})
        assert r.status_code == status
        assert r.headers["x-request-id"] == f"rid-{status}"
        assert r.json()["request_id"] == f"rid-{status}"
        assert int(r.headers["content-length"]) == len(r.content)
    mine = client.get("/nowhere", headers={"X-Request-ID": "not a sane id"})
    assert mine.json()["request_id"] == mine.headers["x-request-id"] != "not a sane id"


def test_a_413_names_its_request_id(client):
    big = b"[Event \"x\"]\n" + b"x" * (5 * 1024 * 1024 + 10)
    r = client.post("/v1/screenings", files={"file": ("big.pbn", big)}, headers={"X-Request-ID": "upload-1"})
    assert r.status_code == 413
    assert r.json()["request_id"] == "upload-1" and r.json()["detail"][0]["type"] == "too_large"


def test_an_unhandled_exception_is_a_500_in_the_project_shape_logged_with_its_traceback(client, caplog):
    caplog.set_level(logging.INFO, logger="advisor")
    r = client.post("/v1/rulings/revoke", json=REVOKE, headers={"X-Request-ID": "crash-1"})
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    body = r.json()
    assert body["request_id"] == "crash-1"
    [item] = body["detail"]
    assert item["type"] == "internal_error" and item["loc"] == [] and item["law"] is None
    assert "crash-1" in item["msg"] and "AttributeError" not in r.text and "Traceback" not in r.text
    [error] = [rec for rec in caplog.records if rec.name == "advisor.error"]
    assert error.levelno == logging.ERROR and error.exc_info is not None
    assert error.exc_info[0] is AttributeError  # what the engine raised on a "solver" that is none
    assert json.loads(error.getMessage())["request_id"] == "crash-1"
    [line] = [rec for rec in caplog.records if rec.name == "advisor.access"]
    assert json.loads(line.getMessage())["status"] == 500


def test_a_streamed_answer_passes_chunk_by_chunk_with_the_headers():
    """Pure ASGI: each chunk of a streamed body goes out as it comes (nothing is buffered but an
    error's JSON), the headers on its first message."""
    import anyio

    from app.service.middleware import SecurityMiddleware

    async def streaming(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/csv")]})
        for chunk in (b"case,board\n", b"1,21\n", b""):
            await send({"type": "http.response.body", "body": chunk, "more_body": bool(chunk)})

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": "GET", "path": "/v1/events/1/rulings.csv", "query_string": b"",
             "headers": [(b"x-request-id", b"csv-1")], "client": ("127.0.0.1", 5000)}
    anyio.run(SecurityMiddleware(streaming), scope, receive, send)
    assert [m["type"] for m in sent] == ["http.response.start"] + ["http.response.body"] * 3
    assert [m["body"] for m in sent[1:]] == [b"case,board\n", b"1,21\n", b""]
    headers = dict(sent[0]["headers"])
    assert headers[b"x-request-id"] == b"csv-1" and headers[b"content-security-policy"] == CSP.encode()
    assert scope["state"]["request_id"] == "csv-1"  # what handlers read as request.state.request_id


# --------------------------------------------------------------------------------------------
# The access log


def test_one_json_line_per_request_with_its_fields(client, caplog):
    caplog.set_level(logging.INFO, logger="advisor.access")
    r = client.get("/v1/events/999?lang=pl&board=21", headers={"X-Request-ID": "log-1"})
    assert r.status_code == 404
    [record] = [rec for rec in caplog.records if rec.name == "advisor.access"]
    line = record.getMessage()
    assert "\n" not in line
    fields = json.loads(line)
    assert fields == record.access  # type: ignore[attr-defined]
    assert set(fields) == {"time", "method", "path", "query", "status", "duration_ms", "bytes", "request_id", "client"}
    assert (fields["method"], fields["path"], fields["query"], fields["status"]) == ("GET", "/v1/events/999",
                                                                                       ["lang", "board"], 404)
    assert fields["request_id"] == "log-1" and fields["client"] == "127.0.0.1"
    assert fields["bytes"] == len(r.content)
    assert isinstance(fields["duration_ms"], float) and 0 <= fields["duration_ms"] < 60_000
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", fields["time"])


def test_the_log_never_holds_a_body_a_token_or_a_query_value(locked, caplog):
    caplog.set_level(logging.DEBUG)
    secret = "adv_0123456789ab_SECRET-TOKEN-VALUE"
    r = locked.post("/v1/cases?next=SECRET-QUERY-VALUE", json={"reasons": "SECRET-BODY-TEXT", "play": ["SA"]},
                    headers={"Authorization": f"Bearer {secret}", "Cookie": "advisor_token=SECRET-COOKIE"})
    assert r.status_code == 401
    service = [rec for rec in caplog.records if not rec.name.startswith(("httpx", "httpcore"))]  # not the client's
    text = "\n".join(rec.getMessage() + repr(getattr(rec, "access", "")) for rec in service)
    assert '"path": "/v1/cases"' in text and '"query": ["next"]' in text  # the line is there...
    for word in ("SECRET-TOKEN-VALUE", "SECRET-BODY-TEXT", "SECRET-QUERY-VALUE", "SECRET-COOKIE", "Bearer"):
        assert word not in text  # ...without what must not be in it


@pytest.mark.slow
def test_advisor_serve_logs_one_json_line_per_request_and_no_uvicorn_access_line(tmp_path):
    port = free_port()
    env = {**os.environ, "ADVISOR_DD_WORKERS": "1", "ADVISOR_DATA_DIR": str(tmp_path)}
    env.pop("ADVISOR_DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        if not wait_healthy(f"http://127.0.0.1:{port}", proc):
            pytest.fail("advisor serve did not start")
        r = httpx.get(f"http://127.0.0.1:{port}/v1/events/999?lang=pl", headers={"X-Request-ID": "serve-1"})
        assert r.status_code == 404
        time.sleep(0.3)
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    lines = [json.loads(x) for x in out.splitlines() if x.startswith("{")]
    mine = [x for x in lines if x.get("request_id") == "serve-1"]
    assert len(mine) == 1 and mine[0]["status"] == 404 and mine[0]["path"] == "/v1/events/999"
    assert '"GET /v1/events/999' not in out and "HTTP/1.1\" 404" not in out  # uvicorn's own access line is off
    assert "Uvicorn running on" in out or "Application startup complete" in out  # its other lines stay


# --------------------------------------------------------------------------------------------
# In the browser: /docs and /redoc offline, and the watcher the page's tests rely on


def _offline_page(browser: Any, server: str) -> tuple[Any, Any, PageProblems, list[str]]:
    """A page on which every request to anything but the service is refused (and listed)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def only_the_service(route: Any) -> None:
        if route.request.url.startswith(server + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    ctx.route("**/*", only_the_service)
    page = ctx.new_page()
    page.set_default_timeout(60_000)
    return ctx, page, PageProblems(page), outside


@pytest.mark.slow
def test_swagger_ui_renders_the_operations_offline_without_a_csp_violation(browser, server):
    ctx, page, problems, outside = _offline_page(browser, server)
    page.goto(f"{server}/docs")
    revoke = page.locator(".opblock-post .opblock-summary-path[data-path='/v1/rulings/revoke']")
    revoke.wait_for(state="visible")
    assert revoke.count() == 1
    assert page.locator(".opblock-summary-method", has_text="POST").count() >= 10
    revoke.click()  # the operation opens: its description, from the OpenAPI document
    opened = page.locator(".opblock-post.is-open .opblock-description-wrapper", has_text="revokes in the play record")
    opened.wait_for(state="visible")  # swagger-ui renders the opened body after the click returns
    assert "Find the revokes in the play record (61A)" in opened.inner_text()
    page.screenshot(path=str(SHOTS / "api-docs-swagger.png"))
    ctx.close()
    assert problems.found == [] and outside == []


@pytest.mark.slow
def test_redoc_renders_the_operations_offline_without_a_csp_violation(browser, server):
    ctx, page, problems, outside = _offline_page(browser, server)
    page.goto(f"{server}/redoc")
    heading = page.locator("h2", has_text="Rule on the revokes of one board (Laws 61-64)")
    heading.wait_for(state="visible")
    assert heading.count() == 1
    section = page.locator("[data-section-id='operation/rule_revoke_v1_rulings_revoke_post']")
    assert "/v1/rulings/revoke" in section.inner_text() and "post" in section.inner_text().lower()
    page.fill("input[placeholder='Search...']", "revoke")  # the search, in its worker (a blob: of its own code)
    found = page.locator("[data-role='search:results'] li[data-item-id='operation/rule_revoke_v1_rulings_revoke_post']")
    found.wait_for(state="visible")
    assert found.inner_text().split() == ["POST", *"Rule on the revokes of one board (Laws 61-64)".split()]
    page.screenshot(path=str(SHOTS / "api-docs-redoc.png"))
    ctx.close()
    assert problems.found == [] and outside == []


@pytest.mark.slow
def test_the_watcher_sees_an_inline_script_the_policy_refuses(browser, server):
    """tests.browser.PageProblems is what the page's browser tests assert on: it must see a
    violation. A page on the service's own address, with its CSP and an inline script."""
    ctx, page, problems, _ = _offline_page(browser, server)
    page.route(f"{server}/probe", lambda route: route.fulfill(
        status=200, content_type="text/html", headers={"Content-Security-Policy": CSP},
        body="<!doctype html><title>probe</title><p id=p>static</p><script>document.title = 'ran'</script>"))
    page.goto(f"{server}/probe")
    page.wait_for_timeout(300)
    assert page.title() == "probe"  # the inline script did not run...
    ctx.close()
    assert any(p.startswith("console error: CSP violation: script-src-elem") for p in problems.found), problems.found


def test_a_url_without_a_route_is_a_404_in_the_projects_shape(client: TestClient) -> None:
    r = client.get("/v1/no-such-thing")
    assert r.status_code == 404 and r.json()["detail"] == [
        {"loc": ["path"], "msg": "there is no /v1/no-such-thing here: the API's paths are listed at /docs",
         "type": "http_404", "law": None}]
    assert r.json()["request_id"] == r.headers["x-request-id"]
    r = client.delete("/v1/rulings/revoke")
    assert r.status_code == 405 and r.json()["detail"][0]["msg"] == "/v1/rulings/revoke does not take DELETE"
    assert "POST" in r.headers["allow"]
