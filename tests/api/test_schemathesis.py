"""schemathesis over every operation of the app's OpenAPI document, against the real server
(``uvicorn --factory app.main:create_app``, one solver worker, its own SQLite file): whatever
it sends, valid or not (half its cases break the schema on purpose), the answer is never a 5xx
(but the solver's 503 with ``Retry-After``) and is always well formed: strict UTF-8 JSON without
``NaN`` (a 422 in the project's error shape), or the page's HTML, or the ruling log's CSV.

A bounded, derandomized budget (issue 15: well under a minute a run in CI): the schema's own
examples and :data:`MAX_EXAMPLES` generated cases per operation, about 600 requests. The
coverage phase (some 2,200 boundary cases) and the ten-minute run are
``benchmarks/probe_schemathesis.py``; its figures are in ``benchmarks/README.md``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from app.main import create_app
from tests.helpers import LiveServer

MAX_EXAMPLES = 25
"""Generated cases per operation (positive and negative), besides the schema's examples."""

schema = schemathesis.openapi.from_dict(create_app().openapi())
"""The app's OpenAPI document, as ``/openapi.json`` serves it (building the app starts nothing:
the solver and the database come with its lifespan, in the server)."""
schema.config.phases.coverage.enabled = False  # 2,200 cases: the probe's, not CI's


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder: Path = tmp_path_factory.mktemp("schemathesis")
    env = {"ADVISOR_DD_WORKERS": "1", "ADVISOR_DATABASE_URL": f"sqlite:///{folder / 'advisor.sqlite3'}"}
    with LiveServer(env, folder / "server.log") as live:
        yield live.url


def _no_constant(name: str) -> None:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_operation_answers_a_server_error_or_a_malformed_body(case: Any, server: str) -> None:
    response = case.call(base_url=server, timeout=60)
    status, kind = response.status_code, response.headers.get("content-type", [""])[0]
    assert status < 500 or (status == 503 and "retry-after" in response.headers), (status, response.content[:500])
    text = response.content.decode("utf-8")  # strict: a lone surrogate or a stray byte fails here
    if kind.startswith("application/json"):
        data = json.loads(text, parse_constant=_no_constant)
        if status == 422:  # bad input: the project's shape
            assert all(set(item) == {"loc", "msg", "type", "law"} for item in data["detail"]), data
    elif kind.startswith("application/xml"):  # the event's adjusted results as USEBIO: well-formed XML
        assert ElementTree.fromstring(text).tag == "USEBIO", text[:200]
    elif kind.startswith("application/x-pbn"):  # the same as PBN games with a ScoreTable (issue 36)
        assert text.startswith("% PBN 2.1\n"), text[:200]
    else:
        assert kind.startswith(("text/html", "text/csv")) or not text, (status, kind, text[:200])
