"""A big per-table PBN (issue 37: 570 games, one per table, screened as a background job) says on
the job's finished page that it stored the session's traveller lines, as a small one does on its
pick page, in the page's language.

The file: three games of board 1, one per table (tests/web/test_web_upload.py's ``_TABLES``),
with the synchronous screening's cap set to 2 games so that the upload goes through the job."""

from __future__ import annotations

import html
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.helpers import app_with_env
from tests.web.test_every_page_in_every_language import problems
from tests.web.test_web_languages import when_screened
from tests.web.test_web_upload import _TABLES


@pytest.fixture(scope="module")
def client(dds: Any) -> Iterator[TestClient]:
    with app_with_env(dds, ADVISOR_SYNC_SCREENING_GAMES="2") as c:
        yield c


def test_a_big_per_table_pbn_says_on_its_finished_job_page_that_it_stored_the_lines(client: TestClient) -> None:
    r = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                    data={"lang": "pl"}, follow_redirects=False)
    assert r.status_code == 303, r.text[:1000]  # a job: over the synchronous cap of 2 games
    done = when_screened(client, client.get(r.headers["location"]), "pl")
    text = html.unescape(done.text)
    # three lines (Polish's few-form: 2-4 "zapisy"), of one board, from a PBN file
    assert "Zapisano wyniki sesji: 3 zapisy z protokołów; rozdania: 1 (PBN)." in text  # no program named: no dash
    assert problems(done.text, "pl") == []
