"""No writes from other sites (issue 23): a state-changing request whose ``Origin`` (or, failing
it, ``Referer``) is not the service's own is a 403 on every route in every mode; a foreign
``Host`` is a 400 (DNS rebinding); ``X-Forwarded-For`` counts only from ``ADVISOR_TRUSTED_PROXIES``.

In the TestClient the app answers to ``testserver`` (tests/conftest.py sets
``ADVISOR_ALLOWED_HOSTS``) and its own origin is ``http://testserver``. The slow tests run real
uvicorn servers on 127.0.0.1 (laptop mode: no token configured, none required).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.service.middleware import allowed_hosts, host_pattern, origin_of
from tests.browser import ROOT, served
from tests.helpers import free_port, wait_healthy

EVENT = {"name": "Spring Pairs", "date": "2026-04-05"}
EVIL = "http://evil.example"


@pytest.fixture
def laptop(tmp_path: Path) -> Iterator[TestClient]:
    """Laptop mode: no token configured, the client on 127.0.0.1 (everything is open to it)."""
    app = create_app(solver=object(), database_url=f"sqlite:///{tmp_path / 'advisor.sqlite3'}")  # type: ignore[arg-type]
    with TestClient(app, raise_server_exceptions=False, client=("127.0.0.1", 50000)) as c:
        yield c


def _events(c: TestClient) -> list[str]:
    """The names of the events stored, read from the store itself."""
    return [e.details.name for e in c.app.state.events.recent_events(50)]  # type: ignore[attr-defined]


def test_an_origin_is_scheme_host_and_port_and_a_host_pattern_is_what_starlette_compares():
    assert origin_of("http://127.0.0.1:8000/events/3?lang=pl") == ("http", "127.0.0.1", 8000)
    assert origin_of("https://Advisor.Example.org") == ("https", "advisor.example.org", 443)
    assert origin_of("http://[::1]:8000/") == ("http", "::1", 8000)
    assert [origin_of(x) for x in ("null", "/events/3", "file:///tmp/x.html", "http://x:99999/")] == [None] * 4
    assert [host_pattern(x) for x in ("::1", "[::1]:8000", "Advisor.Example.org:8443", " 10.0.0.5 ", "")] == \
        ["[::1]", "[::1]", "advisor.example.org", "10.0.0.5", ""]
    assert allowed_hosts(setting="") == ["localhost", "127.0.0.1", "[::1]"]  # the default: this machine only
    assert allowed_hosts(["advisor.example.org"], setting="10.0.0.5, ::1") == \
        ["localhost", "127.0.0.1", "[::1]", "10.0.0.5", "advisor.example.org"]


@pytest.mark.parametrize(("headers", "why"), [
    ({"Origin": EVIL}, "another site's origin"),
    ({"Origin": "null"}, "a sandboxed or privacy-stripped page"),
    ({"Origin": "http://testserver:8000"}, "the same name on another port"),
    ({"Origin": "https://testserver"}, "the same name over another scheme"),
    ({"Referer": f"{EVIL}/attack.html"}, "no Origin: the Referer's origin"),
    ({"Referer": "not a url"}, "a Referer that has no origin"),
])
def test_a_cross_site_write_in_laptop_mode_is_a_403_and_changes_nothing(laptop, headers, why):
    r = laptop.post("/v1/events", json=EVENT, headers=headers)
    assert r.status_code == 403, why
    item = r.json()["detail"][0]
    assert (item["loc"], item["type"]) == (["header", "Origin"], "cross_site") and "another site" in item["msg"]
    assert r.json()["request_id"] == r.headers["x-request-id"]  # the project's error shape, secured
    assert _events(laptop) == []


def test_the_same_origin_and_a_request_without_origin_or_referer_may_write(laptop):
    assert laptop.post("/v1/events", json=EVENT, headers={"Origin": "http://testserver"}).status_code == 201
    assert laptop.post("/v1/events", json=EVENT,
                       headers={"Referer": "http://testserver/events/1?lang=pl"}).status_code == 201
    assert laptop.post("/v1/events", json=EVENT).status_code == 201  # curl, an API client: no browser
    assert laptop.get("/v1/events/1", headers={"Origin": EVIL}).status_code == 200  # a read changes nothing
    assert len(_events(laptop)) == 3


def test_the_page_forms_refuse_another_sites_post_in_the_page_language(laptop):
    pbn = '[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n' \
          '[Deal "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"]\n'
    r = laptop.post("/upload", files={"file": ("h.pbn", pbn.encode())}, data={"lang": "pl"},
                    headers={"Origin": EVIL, "Accept-Language": "pl"})
    assert r.status_code == 403 and r.headers["content-type"].startswith("text/html")
    assert "Nie wysłano z tej strony" in r.text and "niczego nie zmieniono" in r.text
    assert _events(laptop) == []  # the upload would have made an event
    for path in ("/signin", "/signout"):  # login CSRF: signing a victim's browser in (or out) from elsewhere
        r = laptop.post(path, data={"token": "adv_000000000000_x"}, headers={"Origin": EVIL}, follow_redirects=False)
        assert r.status_code == 403 and "set-cookie" not in r.headers, path
        assert "Not sent from this page" in r.text
    for method in ("PUT", "PATCH", "DELETE"):  # refused before any route: no 405 telling what exists
        assert laptop.request(method, "/v1/events/1", headers={"Origin": EVIL}).status_code == 403


def test_a_foreign_host_is_a_400_and_the_loopback_names_are_answered(laptop):
    r = laptop.get("/v1/cases", headers={"Host": "evil.example"})
    assert r.status_code == 400
    item = r.json()["detail"][0]
    assert (item["loc"], item["type"]) == (["header", "Host"], "host_not_allowed")
    assert "ADVISOR_ALLOWED_HOSTS" in item["msg"]
    r = laptop.get("/", headers={"Host": "evil.example:8000", "Accept-Language": "ru"})
    assert r.status_code == 400 and "Неизвестный адрес" in r.text
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000", "LOCALHOST"):
        assert laptop.get("/v1/cases", headers={"Host": host}).status_code == 200, host


def test_allowed_hosts_given_to_create_app_replace_the_setting(tmp_path: Path):
    app = create_app(solver=object(), database_url=f"sqlite:///{tmp_path / 'a.sqlite3'}",  # type: ignore[arg-type]
                     allowed_hosts=["advisor.example.org"])
    with TestClient(app, raise_server_exceptions=False, base_url="http://advisor.example.org") as c:
        assert c.get("/healthz").status_code == 200
        assert c.get("/healthz", headers={"Host": "testserver"}).status_code == 400  # not in the list given
        assert c.get("/healthz", headers={"Host": "127.0.0.1:8000"}).status_code == 200  # loopback: always


# --------------------------------------------------------------------------------------------
# Real uvicorn servers on 127.0.0.1


@pytest.mark.slow
def test_dns_rebinding_a_foreign_host_reads_and_writes_nothing_on_a_real_server(tmp_path: Path):
    with served({"ADVISOR_DATA_DIR": str(tmp_path), "ADVISOR_ALLOWED_HOSTS": ""}) as url:
        own = httpx.post(f"{url}/v1/events", json=EVENT)  # from this machine, by its own name: laptop mode
        assert own.status_code == 201
        rebound = {"Host": "evil.example"}  # a page of evil.example whose name now points at 127.0.0.1
        r = httpx.get(f"{url}/v1/events/{own.json()['id']}", headers=rebound)
        assert r.status_code == 400 and "Spring Pairs" not in r.text
        assert httpx.get(f"{url}/", headers=rebound).status_code == 400  # the page's list of events
        same_origin = {**rebound, "Origin": "http://evil.example"}  # its own origin, as the browser sends it
        assert httpx.post(f"{url}/v1/events", json=EVENT | {"name": "rebound"}, headers=same_origin).status_code == 400
        assert httpx.get(f"{url}/v1/events/{own.json()['id']}").json()["name"] == "Spring Pairs"
        assert httpx.get(f"{url}/v1/events/{own.json()['id'] + 1}").status_code == 404  # nothing was written


def _serve(tmp_path: Path, name: str, *args: str, env: dict[str, str] | None = None) -> tuple[Any, str]:
    """``advisor serve`` (python -m app.cli) on a free port with ``args``: (process, base URL)."""
    port = free_port()
    data = tmp_path / name
    data.mkdir()
    environment = {**os.environ, "ADVISOR_DD_WORKERS": "1", "ADVISOR_DATA_DIR": str(data), **(env or {})}
    for key in ("ADVISOR_DATABASE_URL", "ADVISOR_TRUSTED_PROXIES", "ADVISOR_REQUIRE_TOKENS"):
        if key not in (env or {}):
            environment.pop(key, None)
    environment["ADVISOR_ALLOWED_HOSTS"] = (env or {}).get("ADVISOR_ALLOWED_HOSTS", "")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port), *args], cwd=ROOT,
                            env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    host = args[args.index("--host") + 1] if "--host" in args else "127.0.0.1"
    url = f"http://{host}:{port}"
    if not wait_healthy(url, proc):
        proc.terminate()
        pytest.fail(f"advisor serve did not start: {proc.communicate(timeout=30)[0][-2000:]}")
    return proc, url


def _stop(proc: Any) -> list[dict[str, Any]]:
    """Stop the server; its access-log lines."""
    time.sleep(0.3)
    proc.terminate()
    out, _ = proc.communicate(timeout=30)
    return [json.loads(x) for x in out.splitlines() if x.startswith("{")]


@pytest.mark.slow
def test_x_forwarded_for_counts_only_from_a_trusted_proxy(tmp_path: Path):
    forwarded = {"X-Forwarded-For": "203.0.113.5", "X-Request-ID": "xff-1"}
    # No proxy configured (the default): the header is ignored, the client is the peer, 127.0.0.1.
    proc, url = _serve(tmp_path, "direct")
    try:
        assert httpx.get(f"{url}/v1/cases", headers=forwarded).status_code == 200  # laptop mode: this machine
    finally:
        lines = _stop(proc)
    assert [x["client"] for x in lines if x.get("request_id") == "xff-1"] == ["127.0.0.1"]
    # Behind a proxy on 127.0.0.1: the client is the one it names, 203.0.113.5, not this machine.
    proc, url = _serve(tmp_path, "proxied", env={"ADVISOR_TRUSTED_PROXIES": "127.0.0.1"})
    try:
        r = httpx.get(f"{url}/v1/cases", headers=forwarded)
        assert r.status_code == 401 and r.json()["detail"][0]["type"] == "unauthorized"
        assert httpx.get(f"{url}/v1/cases").status_code == 200  # the proxy's own request: local
    finally:
        lines = _stop(proc)
    assert [x["client"] for x in lines if x.get("request_id") == "xff-1"] == ["203.0.113.5"]


@pytest.mark.slow
def test_advisor_serve_answers_to_the_host_it_is_given_and_to_no_other(tmp_path: Path):
    proc, url = _serve(tmp_path, "named", "--host", "127.0.0.2")  # a loopback address: still laptop mode
    try:
        assert httpx.get(f"{url}/v1/cases").status_code == 200  # Host: 127.0.0.2:PORT, from --host
        assert httpx.get(f"{url}/v1/cases", headers={"Host": "evil.example"}).status_code == 400
        assert httpx.post(f"{url}/v1/events", json=EVENT, headers={"Origin": url}).status_code == 201
        assert httpx.post(f"{url}/v1/events", json=EVENT, headers={"Origin": EVIL}).status_code == 403
    finally:
        _stop(proc)


# --------------------------------------------------------------------------------------------
# In the browser: another site's page posting to the service in laptop mode

EVIL_PAGE = """<!doctype html><html><body><p id="state">sending</p><script>
const service = "%(service)s";
const pbn = '[Event "x"]\\n[Board "1"]\\n[Dealer "N"]\\n[Vulnerable "None"]\\n' +
  '[Deal "N:T8752.6.AQ65.JT9 AQJ9.J.T873.Q843 K3.9872.KJ94.A52 64.AKQT543.2.K76"]\\n';
const form = new FormData();                       // the page's upload form, as a form posts it
form.append("file", new Blob([pbn]), "hand-records.pbn");
const json = new Blob([JSON.stringify({name: "Planted", date: "2026-04-05"})]);  // no type: no Content-Type
Promise.all([
  fetch(service + "/upload", {method: "POST", mode: "no-cors", body: form}),
  fetch(service + "/v1/events", {method: "POST", mode: "no-cors", body: json}),
]).then(() => { document.getElementById("state").textContent = "sent"; },
        (e) => { document.getElementById("state").textContent = "failed " + e; });
</script></body></html>"""


@contextmanager
def _other_site(html: str) -> Iterator[str]:
    """A page of another site: ``html`` served at ``/`` by Python's http.server on 127.0.0.1 at
    another port (another origin); its URL."""
    body = html.encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # http.server calls it by this name
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", free_port()), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.slow
def test_another_sites_page_cannot_upload_or_create_an_event_in_laptop_mode(browser, tmp_path: Path):
    # Laptop mode is open to this machine's browser: a page of another site it opens (here
    # 127.0.0.1 on another port: another origin) posts the upload form and the API's JSON with
    # requests a browser sends without asking the service first (no-cors, simple requests).
    with served({"ADVISOR_DATA_DIR": str(tmp_path), "ADVISOR_ALLOWED_HOSTS": ""}) as url, \
            _other_site(EVIL_PAGE % {"service": url}) as evil:
        page = browser.new_page()
        refused: list[int] = []
        page.on("response", lambda r: refused.append(r.status) if r.url.startswith(url) else None)
        page.goto(evil)
        page.wait_for_function("document.getElementById('state').textContent !== 'sending'")
        assert page.inner_text("#state") == "sent"  # opaque answers: the page learns nothing either way
        page.close()
        assert sorted(refused) == [403, 403]
        assert httpx.get(f"{url}/v1/events/1").status_code == 404  # neither the upload's event nor "Planted"
        assert "Planted" not in httpx.get(f"{url}/").text


@pytest.mark.slow
def test_advisor_serve_on_every_address_without_allowed_hosts_says_what_to_set(tmp_path: Path):
    # The port is held (by this test, on every address): uvicorn cannot bind and exits, after
    # the warning that comes first; no server is ever reachable.
    import socket

    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    holder.bind(("0.0.0.0", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "ADVISOR_ALLOWED_HOSTS"} | {"ADVISOR_DATA_DIR": str(tmp_path)}
    try:
        out = subprocess.run([sys.executable, "-m", "app.cli", "serve", "--host", "0.0.0.0", "--port", str(port)],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    finally:
        holder.close()
    assert out.returncode != 0
    assert "ADVISOR_ALLOWED_HOSTS is not set" in out.stderr and "localhost, 127.0.0.1, [::1]" in out.stderr
