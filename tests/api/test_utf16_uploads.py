"""Issue 36, smaller item: the rulings' and screenings' PBN uploads read UTF-16 files (Windows'
"Unicode" text, with or without a byte order mark) as the results reader does, through the one
decoding of engine/records (:func:`engine.records.pbn_text.decode`), instead of refusing them.

The file: Sponvo30.pbn (1997 European Team Championship, round 30), board 21 closed room, as the
LIN and PBN tests read it: South's D4 on a heart at trick 3, 64A2, one trick, 4H W -1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.records.pbn_text import decode, upload_text
from tests.helpers import SPONVO30, hand_records_only, laptop
from tests.web.test_web import sponvo_board_21

ENCODINGS = ["utf-16", "utf-16-le", "utf-16-be"]  # "utf-16" writes a byte order mark, the others none


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("utf16") / "advisor.sqlite3"
    with laptop(create_app(dds, database_url=f"sqlite:///{db}")) as c:
        yield c


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_one_decoding_reads_utf16_as_the_8_bit_file(encoding: str) -> None:
    text = SPONVO30.read_bytes().decode("latin-1")
    assert decode(text.encode(encoding)) == decode(SPONVO30.read_bytes()) == text
    assert upload_text(text.encode(encoding)) == text


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_utf16_screening_is_the_same_as_the_8_bit_one(client: TestClient, encoding: str) -> None:
    r = client.post("/v1/screenings", files={"file": ("board21.pbn", sponvo_board_21().encode(encoding))})
    assert r.status_code == 200, r.text
    [row] = r.json()["rows"]
    assert (row["board"], row["room"], row["revokes"], row["suggested_result"]) == (
        "21", "Closed", ["T3 S D4 on H, 64A2 x1"], "4H W -1")


def test_utf16_hand_records_make_the_same_boards(client: TestClient) -> None:
    boards = []
    for data in (hand_records_only().encode("latin-1"), hand_records_only().encode("utf-16")):
        event = client.post("/v1/events", json={"name": "Round 30", "date": "1997-06-26"}).json()["id"]
        r = client.post(f"/v1/events/{event}/hand-records", files={"file": ("hands.pbn", data)})
        assert r.status_code == 200, r.text
        boards.append(client.get(f"/v1/events/{event}/boards").json())
    assert boards[0] == boards[1] and len(boards[0]) > 0


def test_the_page_lists_the_games_of_a_utf16_upload(client: TestClient) -> None:
    data = sponvo_board_21().encode("utf-16-le")
    r = client.post("/upload", files={"file": ("board21.pbn", data)}, data={"lang": "en", "again": "1"})
    assert r.status_code == 200, r.text[:800]
    row = r.text[r.text.index("<td>21</td>"):]
    assert row.startswith("<td>21</td><td>Closed</td><td>4H W</td>") and "yes" in row[:200]  # the revoke column
