"""The upload and the contract box on the page, over HTTP (issue 25, items 4 and 5; issue 26,
the page's side of "Read the session"). The figures are worked by hand in the tests named."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from tests.helpers import laptop
from tests.test_scores_api import DUMMY_REVOKE

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client(dds: SolverRunner) -> Iterator[TestClient]:
    with laptop(create_app(dds)) as c:
        yield c


def _dummy_revoke(contract: str) -> dict[str, str]:
    return {"source": "parts", **{k: v for k, v in DUMMY_REVOKE.items() if k not in ("play", "contract")},
            "contract": contract, "play": " ".join(DUMMY_REVOKE["play"]), "scoring": "matchpoints",
            "field": "200 100 300 -110"}


@pytest.mark.parametrize(("typed", "lang"), [("2♣", "en"), ("2c", "en"), ("2T", "pl"), ("2Т", "ru")])
def test_the_contract_box_takes_what_directors_type(client, typed, lang):
    # tests/test_web.py: 2C W -2 and -3, half each, against 200 100 300 -110 is 75% to North-South
    r = client.post("/ruling", data=_dummy_revoke(typed) | {"lang": lang})
    assert r.status_code == 200, r.text[:2000]
    assert re.search(r'id="weighted">[^<]*75[.,]00', r.text)


@pytest.mark.parametrize(("typed", "lang", "said"), [
    ("2K", "pl", "litera K oznacza dwa kolory (kiery i kara)"),
    ("2Κ", "el", "το γράμμα Κ σημαίνει δύο χρώματα"),
])
def test_a_letter_naming_two_suits_is_refused_in_the_directors_words(client, typed, lang, said):
    r = client.post("/ruling", data=_dummy_revoke(typed) | {"lang": lang})
    assert r.status_code == 422
    assert said in r.text
