"""LIN wherever PBN is accepted (issue 17): the API's screening and hand records, the page's
upload and paste, told from PBN by the content (never by the file's name)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from tests.engine.records.test_lin import LIN_DIR, SPONVO30_LIN
from tests.helpers import laptop

pytestmark = pytest.mark.skipif(not LIN_DIR.is_dir(), reason="../shared/data/lin-files is not beside the repository")
EMKAEL = LIN_DIR / "emkael__deal-convert" / "test__test.lin"  # 16 boards in two rooms: deals only


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("lin") / "advisor.sqlite3"
    with laptop(create_app(dds, database_url=f"sqlite:///{db}")) as c:
        yield c


def test_the_api_screens_a_lin_file_sent_under_any_name(client):
    r = client.post("/v1/screenings", files={"file": ("board21.txt", SPONVO30_LIN.encode())})
    assert r.status_code == 200, r.text
    [row] = r.json()["rows"]
    # As the PBN record of the same board (tests/engine/screening/test_screening.py): 64A2, one trick, 4H W -1.
    assert (row["board"], row["room"], row["revokes"], row["suggested_result"]) == (
        "21", "Closed", ["T3 S D4 on H, 64A2 x1"], "4H W -1")


def test_hand_records_in_lin_make_an_event_s_boards(client):
    event = client.post("/v1/events", json={"name": "Spring Teams", "date": "2026-04-01"}).json()["id"]
    r = client.post(f"/v1/events/{event}/hand-records", files={"file": ("hands.lin", EMKAEL.read_bytes())})
    assert r.status_code == 200, r.text
    assert r.json()["added"] == [str(n) for n in range(1, 17)]  # both rooms of a board: one board
    # Board 1 by hand from md|3SJT9H982DQ532CQ83,SQ432HKJ76D64CJT4,S65HA53DJT7CAK762,SAK87HQT4DAK98C95|sv|0|:
    # dealer North (3), hands South, West, North, East; nobody vulnerable.
    assert client.get(f"/v1/events/{event}/boards/1").json() == {
        "board": "1", "dealer": "N", "vulnerable": "None",
        "deal": "N:65.A53.JT7.AK762 AK87.QT4.AK98.95 JT9.982.Q532.Q83 Q432.KJ76.64.JT4"}


def test_the_page_rules_on_a_pasted_lin_record(client):
    r = client.post("/ruling", data={"source": "pbn", "pbn": SPONVO30_LIN, "rest_valued_double_dummy": "1", "board": "21", "room": "c", "lang": "en"})
    assert r.status_code == 200, r.text[:500]
    assert "4H W -1" in r.text


def test_the_page_lists_the_games_of_an_uploaded_lin_file(client):
    r = client.post("/upload", files={"file": ("vugraph.lin", SPONVO30_LIN.encode())}, data={"lang": "en"})
    assert r.status_code == 200, r.text[:500]
    assert "Games with a play record in vugraph.lin" in r.text
    row = r.text[r.text.index("<td>21</td>"):]
    assert row.startswith("<td>21</td><td>Closed</td><td>4H W</td>") and "yes" in row[:200]  # the revoke column
    assert "Stored as event" in r.text  # and its deal kept as the event's hand record
