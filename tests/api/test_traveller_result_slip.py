"""Issue 34's slip: a ruling prefilled from a traveller line must not take the line's result when
the director said how play ended himself, or emptied the table result field on purpose.

The board is butler_howell.xml board 2 (tests/api/test_traveller_imps.py), the line pairs 2 v 7:
5C by East, 10 tricks (5C E -1). The play entered is one trick, so the record stops before trick
13: without a table result (or a claim, or the rest valued double dummy) the engine asks how play
ended (``play_end_unknown``, beside the table result field), on the page and over the API alike.
The trick is built from the hand record as the law lets it be played (South leads, each player
follows suit when he can), so it holds no revoke: what is checked is where the tricks not entered
were counted from, not a revoke ruling.

Before the fix the page sent nothing for the emptied field, and :func:`app.api.rulings.prefill_from_traveller`
filled in the line's 10 tricks: the ruling was made on a figure the director had just removed.
"""

from __future__ import annotations

import html
import json
import re

from fastapi.testclient import TestClient

from engine.model.cards import Card
from engine.model.seats import Seat
from tests.api.test_revoke_case_traveller import saved_from_the_page
from tests.api.test_traveller_imps import BUTLER, _event, pytestmark, sample

__all__ = ["pytestmark"]  # the traveller tests' skip without ../shared/data/club-files

LINE = {"pairs": {"ns": "2", "ew": "7"}}


def _first_trick(client: TestClient, event_id: int) -> list[str]:
    """Trick 1 of board 2 as the law lets it be played: East declares, South leads his first card
    (suits S, H, D, C, highest first); West, North and East follow suit when they can."""
    deal = client.app.state.events.board(event_id, "2").deal  # type: ignore[attr-defined]
    order = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
    played: list[Card] = []
    for seat in order:
        hand = sorted(deal.hand(seat), key=lambda c: ("SHDC".index(c.suit.value), -c.rank.value))
        same = [c for c in hand if played and c.suit is played[0].suit]
        played.append((same or hand)[0])
    return [str(c) for c in played]


def test_the_api_takes_the_lines_result_only_when_nothing_says_how_play_ended(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    base = {"event": event_id, "board": "2", **LINE, "play": _first_trick(client, event_id)}
    r = client.post("/v1/rulings/revoke", json=base)  # omitted: the line's 10 tricks (5C E -1), as documented
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["declarer_tricks"]["table"] == 10 and "table_result" in out["from_traveller"]["filled"]
    # given as null: the director's empty field, nothing taken from the line; the engine asks how play ended
    r = client.post("/v1/rulings/revoke", json={**base, "table_result": None})
    assert r.status_code == 422, r.text
    errors = r.json()["detail"]
    assert len(errors) == 1 and errors[0]["loc"][-1] == "table_result"
    assert "say how play ended" in errors[0]["msg"] and "12 trick(s) not entered" in errors[0]["msg"]
    # the rest valued double dummy says play ended in a claim: the line's result is not forced on it
    r = client.post("/v1/rulings/revoke", json={**base, "rest_valued_double_dummy": True})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["claim"]["counted"] == "double_dummy" and "table_result" not in out["from_traveller"]["filled"]


def _page_form(event_id: int, play: list[str], table_result: str) -> dict[str, str]:
    return {"source": "event", "event": str(event_id), "board": "2", "ns_pair": "2", "ew_pair": "7",
            "contract": "5C", "declarer": "E", "table_result": table_result, "play": " ".join(play), "lang": "en"}


def _field_error(page: str, field: str) -> str:
    found = re.search(rf'<p class="field-error" id="err-{field}">(.*?)</p>', page, re.S)
    return html.unescape(found.group(1)) if found else ""


def test_an_emptied_table_result_on_the_page_asks_how_play_ended(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    play = _first_trick(client, event_id)
    prefilled = client.get(f"/events/{event_id}/boards/2/play?ns=2&ew=7&lang=en")
    assert prefilled.status_code == 200
    assert re.search(r'id="table_result" name="table_result"[^>]*value="10"', prefilled.text)  # the line's figure
    kept = client.post("/ruling", data=_page_form(event_id, play, "10"))
    assert kept.status_code == 200, kept.text[:2000]
    emptied = client.post("/ruling", data=_page_form(event_id, play, ""))
    assert emptied.status_code == 422, emptied.text[:2000]
    asked = _field_error(emptied.text, "table_result")
    assert "say how play ended" in asked and "(tricks not entered: 12)" in asked
    # the same question the page asks without a traveller line
    alone = {k: v for k, v in _page_form(event_id, play, "").items() if k not in ("ns_pair", "ew_pair")}
    without = client.post("/ruling", data=alone)
    assert without.status_code == 422 and _field_error(without.text, "table_result") == asked


def test_a_case_saved_after_the_field_was_emptied_keeps_it_empty(client: TestClient) -> None:
    """Emptied, with the claim's figure given instead (1 of the 12 tricks not entered): the case's
    request keeps ``table_result: null``, so that the case file, ruling it again, takes nothing
    from the line either (the ruling it saves is the one the director saw)."""
    event_id = _event(client, sample(BUTLER))
    play = _first_trick(client, event_id)
    view = client.post("/ruling", data=_page_form(event_id, play, "") | {"claim_declarer_tricks": "1"})
    assert view.status_code == 200, view.text[:2000]
    found = re.search(r'name="ruling_request" value="([^"]*)"', view.text)
    assert found is not None
    request = json.loads(html.unescape(found.group(1)))
    assert "table_result" in request and request["table_result"] is None and request["pairs"] == {"ns": "2", "ew": "7"}
    case_id = saved_from_the_page(client, view.text, event_id)
    case = client.get(f"/v1/cases/{case_id}").json()
    ruling = case["ruling"]
    assert ruling["claim"]["counted"] == "claim" and "table_result" not in ruling["from_traveller"]["filled"]
    rerun = client.post(f"/v1/cases/{case_id}/rerun")
    assert rerun.status_code == 200 and rerun.json()["same"], rerun.text
