"""The claim sheet never contradicts itself (issue 37, a Polish director's session on unseen
files): a careless choice on the worst normal line that is no doubtful point (ruling it not normal
gives the claiming side nothing more: :func:`engine.rulings.claim.adjudicate_claim` drops it) is
not marked as one, and the "Doubtful points" section names it and says why it is none, in every
language.

Position: board 3 of the PCH1003 KoPS page (tests/data/kops), as the session met it: 4H by West,
North-South 2 tricks and East-West 4 won, West on lead with 7 left, claiming 6. North-South
hold no heart, so West's four trumps are high whatever the order; the block the session saw
(♥Q first) is no point because the line without it loses as much.
"""

from __future__ import annotations

import re

import pytest

from tests.web.test_claim_page import FORM, ORIGIN
from tests.web.test_every_page_in_every_language import problems

KOPS = {"hand_N": "..8.T86542", "hand_E": "8.6.T9752.", "hand_S": "962..KQ6.Q", "hand_W": "T.QT84..J9",
        "trump": "H", "leader": "W", "pos_declarer": "W", "pos_contract": "4H", "won_ns": "2", "won_ew": "4",
        "by": "W", "tricks": "6"}


def section(page: str, sid: str) -> str:
    m = re.search(rf'<section[^>]*id="{sid}"[^>]*>(.*?)</section>', page, re.S)
    assert m, f"no #{sid}"
    return m.group(1)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "el"])
def test_a_careless_choice_that_gains_nothing_is_no_doubtful_point_and_the_sheet_says_so(client, lang):
    r = client.post("/claim", data=FORM | KOPS | {"lang": lang}, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    api = client.post("/v1/rulings/claim", json={"position": {
        "hands": {s: KOPS[f"hand_{s}"] for s in "NESW"}, "trump": "H", "leader": "W", "declarer": "W",
        "contract": "4H", "tricks_won": {"NS": 2, "EW": 4}}, "claim": {"by": "W", "tricks": 6}}).json()
    careless = [x for x in api["worst_line"] if x["careless"]]
    assert api["doubtful_points"] == [] and careless, "the position no longer shows the contradiction"
    assert not any(x["doubtful"] for x in api["worst_line"])  # no point, so no card of the line is one
    doubtful = section(r.text, "doubtful-points")
    assert 'class="doubtful"' not in r.text  # no cell marked as a point
    first = careless[0]
    suit = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[first["card"][0]]
    assert suit + first["card"][1:].replace("T", "10") in doubtful  # the careless card is named ...
    assert "no-doubtful-careless" in doubtful  # ... with why it is no point
    if lang != "en":
        assert problems(r.text, lang) == []
