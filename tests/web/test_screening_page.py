"""A big file uploaded on the director's page: screened as a job behind a progress bar, then the
games listed with the result to enter; cancel; the same in Chromium with the page's JavaScript.

The synchronous cap is lowered (``ADVISOR_SYNC_SCREENING_GAMES``) so that a real file is "big".
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from benchmarks.cases import revoke_games_pbn
from tests.browser import SHOTS, served
from tests.helpers import SPONVO30, app_with_env

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client(dds: Any) -> Iterator[TestClient]:
    with app_with_env(dds, ADVISOR_SYNC_SCREENING_GAMES="20") as c:
        yield c


@pytest.fixture(scope="module")
def big() -> bytes:
    """200 games on real deals, each with a revoke: long enough to be seen running."""
    return revoke_games_pbn(200, seed=4).encode()


def progress(client: TestClient, page: str) -> dict[str, Any]:
    r = client.get(f"{page}/progress")
    assert r.status_code == 200
    body: dict[str, Any] = r.json()
    return body


def test_a_big_upload_is_screened_behind_a_progress_bar_then_lists_the_games(client):
    r = client.post("/upload", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())}, data={"lang": "en"},
                    follow_redirects=False)
    assert r.status_code == 303
    page = r.headers["location"].split("?")[0]
    assert re.fullmatch(r"/screenings/[\w-]{22}", page)
    for _ in range(600):
        if progress(client, page)["state"] == "done":
            break
        time.sleep(0.05)
    assert progress(client, page) == {"state": "done", "done": 48, "total": 48}
    r = client.get(page)
    assert r.status_code == 200
    assert "48 games: 1 with a revoke" in r.text and "47 with a clean play record" in r.text
    row = re.search(r'<tr class="has-revoke"><td>21</td><td>Closed</td><td>4H W</td>\s*<td>(.*?)</td>', r.text)
    assert row is not None and "4H W -1 (NS +50)" in row.group(1)
    # the record's Result 9 is the adjusted result at the double-dummy split (tests/engine/screening/test_recording.py)
    assert 'class="check check-adjusted">the recorded result is the adjusted one</span>' in row.group(1)
    token = re.search(r'name="upload" value="(\d+)"', r.text)
    assert token is not None and 'id="boards"' in r.text  # the event's 24 boards follow
    ruling = client.post("/ruling", data={"source": "upload", "upload": token.group(1), "board": "21",
                                          "room": "Closed", "rest_valued_double_dummy": "1"})  # as the Rule button
    assert ruling.status_code == 200 and "4H W -1" in ruling.text


def test_the_progress_page_without_javascript_refreshes_and_can_cancel(client, big):
    r = client.post("/upload", files={"file": ("revokes.pbn", big)}, data={"lang": "pl"}, follow_redirects=False)
    assert r.status_code == 303
    page = r.headers["location"].split("?")[0]
    r = client.get(r.headers["location"])
    assert r.status_code == 200
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in r.text
    assert re.search(r'<progress id="screening-progress" max="200" value="\d+">', r.text)
    assert "Przegląd pliku revokes.pbn" in r.text
    assert progress(client, page)["state"] in ("queued", "running") and progress(client, page)["total"] == 200
    r = client.post(f"{page}/cancel", data={"lang": "pl"}, follow_redirects=False)
    assert r.status_code == 303
    for _ in range(600):
        if progress(client, page)["state"] == "cancelled":
            break
        time.sleep(0.05)
    r = client.get(f"{page}?lang=pl")
    assert progress(client, page)["state"] == "cancelled"
    assert "Przegląd przerwano po" in r.text and "z 200 rozdań: przerwany na stronie" in r.text
    assert "http-equiv" not in r.text  # no more refreshing
    assert client.get("/screenings/nothing-here").status_code == 404
    assert client.get("/screenings/nothing-here/progress").status_code == 404


# Runs in every document the browser loads, before the page's own script: on the progress page it
# counts the loads and keeps the highest value the bar showed, in sessionStorage (which survives
# the reload into the list). The job's end cannot then be missed by a test reading too late.
WATCH_THE_BAR = """
document.addEventListener("DOMContentLoaded", function () {
  var bar = document.getElementById("screening-progress");
  if (!bar) { return; }
  sessionStorage.setItem("loads", String(Number(sessionStorage.getItem("loads") || 0) + 1));
  var first = bar.value;
  sessionStorage.setItem("first", String(first));
  window.setInterval(function () {
    if (bar.value > Number(sessionStorage.getItem("highest") || first)) {
      sessionStorage.setItem("highest", String(bar.value));
    }
  }, 20);
});
"""


def test_in_a_browser_the_bar_moves_without_reloading_and_the_list_comes_when_done(tmp_path, browser):
    # 120 games with a revoke, each a fresh solve on one solver worker: several seconds, so several of
    # the page's 1-second polls fall inside the job and the bar is seen to move (48 games failed it once
    # on a busy machine: the job ended before the page's first poll).
    text = revoke_games_pbn(120, seed=5)
    path = tmp_path / "hundred-twenty.pbn"
    path.write_text(text)
    env = {"ADVISOR_SYNC_SCREENING_GAMES": "10", "ADVISOR_DD_WORKERS": "1"}
    with served(env) as url:
        page = browser.new_page()
        page.set_default_timeout(180_000)
        page.add_init_script(WATCH_THE_BAR)
        page.goto(f"{url}/")
        page.set_input_files("#file", str(path))
        page.click("#form-upload button[type=submit]")
        page.wait_for_selector("#screening-progress")
        page.screenshot(path=str(SHOTS / "screening-progress.png"), full_page=True)
        page.wait_for_selector("#screened")  # reloaded into the list once done
        seen = page.evaluate("[sessionStorage.getItem('loads'), sessionStorage.getItem('first'),"
                             " sessionStorage.getItem('highest')]")
        loads, first, highest = seen
        assert loads == "1"  # the bar moved in place: the progress page was loaded once
        assert highest is not None and int(float(highest)) > int(float(first))  # and it moved
        assert "120 games: 120 with a revoke" in page.inner_text("#screened")
        assert page.locator("tr.has-revoke").count() == 120
        page.screenshot(path=str(SHOTS / "screening-done.png"), full_page=True)
        page.close()
