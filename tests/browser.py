"""The browser tests' shared parts: the app served by uvicorn on 127.0.0.1 (a real server, one
solver worker), Debian's Chromium driven by Playwright (never a downloaded browser), and
:class:`PageProblems`, which collects what a director would not see but must not happen: a
Content-Security-Policy violation, a script error, a console error, a file of the page that
fails to load."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import free_port, wait_healthy

ROOT = Path(__file__).resolve().parents[1]
SHOTS = Path(__file__).parent / ".screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def served(env: Mapping[str, str] | None = None) -> Iterator[str]:
    """``app.main:create_app`` on uvicorn, one double-dummy worker, ``env`` added to the
    environment (e.g. ``ADVISOR_DATABASE_URL``); its URL once ``/healthz`` answers. Stopped after."""
    port = free_port()
    environment = {**os.environ, "ADVISOR_DD_WORKERS": "1", **(env or {})}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--factory", "app.main:create_app", "--host",
                             "127.0.0.1", "--port", str(port), "--log-level", "warning"], cwd=ROOT, env=environment)
    url = f"http://127.0.0.1:{port}"
    try:
        if not wait_healthy(url, proc):
            pytest.fail("the server did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(15)


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Chromium (Debian's), or the test skipped with the reason when it is not installed."""
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (Debian packages chromium and chromium-driver; .ci/run installs "
                    "them when it can)")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield b
        finally:
            b.close()


_CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", function (e) {
  console.error("CSP violation: " + e.violatedDirective + " refused " + (e.blockedURI || "?") + " at "
                + e.sourceFile + ":" + e.lineNumber + (e.sample ? " (" + e.sample + ")" : ""));
});
"""


class PageProblems:
    """Listens on a Playwright page from now on (attach it before the first ``goto``):
    ``found`` lists every ``securitypolicyviolation`` event, uncaught script error, console error
    and failed or refused (HTTP 400 and above) request for anything but the page itself (a page
    answered 404 or 422 is the test's own business; its stylesheet or script answered 404 is not).
    Chromium's own console line for a page answered 4xx is left out for that reason."""

    def __init__(self, page: Any) -> None:
        self.found: list[str] = []
        page.add_init_script(_CSP_LISTENER)
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.found.append(f"script error: {exc}"))
        page.on("response", self._response)
        page.on("requestfailed", lambda req: self.found.append(f"request failed: {req.url} ({req.failure})"))

    def _console(self, msg: Any) -> None:
        if msg.type == "error" and not msg.text.startswith("Failed to load resource: the server responded"):
            self.found.append(f"console error: {msg.text}")

    def _response(self, response: Any) -> None:
        if response.status >= 400 and response.request.resource_type != "document":
            self.found.append(f"{response.status} for {response.request.resource_type} {response.url}")


@contextmanager
def watched_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A new page (1100 x 900 unless ``context`` says otherwise; ``context`` as Playwright's
    ``new_context``) with a 60 s default timeout and :class:`PageProblems` attached; on leaving,
    the context is closed and the test fails if the page met any problem."""
    ctx = browser.new_context(**({"viewport": {"width": 1100, "height": 900}} | context))
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    problems = PageProblems(pg)
    yield pg
    ctx.close()
    assert problems.found == [], problems.found


def upload_hand_records(page: Any, tmp_path: Path) -> None:
    """From the page's index: upload a hand-record file (deals only, made from Sponvo30.pbn, in
    ``tmp_path``); the page then lists its 24 boards."""
    from tests.helpers import hand_records_only

    deals = tmp_path / "Sponvo30-deals.pbn"
    deals.write_text(hand_records_only(), encoding="utf-8")
    page.set_input_files("#file", str(deals))
    page.click("#form-upload button[type=submit]")


def open_play_entry(page: Any, tmp_path: Path, board: int) -> None:
    """:func:`upload_hand_records`, then the play entry of ``board``, its clicker wired (app.js is
    deferred)."""
    upload_hand_records(page, tmp_path)
    page.click(f"button[aria-label='Enter the play of board {board}']")
    page.locator("#clicker").wait_for(state="visible")
