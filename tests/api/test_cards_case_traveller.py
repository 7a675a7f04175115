"""An incorrect-cards case ruled from a traveller line (the real mp_pairs_howell.xml in
../shared/data/club-files): the case keeps the line its request named, and every time the case
file rules the stored request again (saving it, a re-run, an import) the contract, result and
the scores against the rest of the traveller are read from that line, as ``POST
/v1/rulings/incorrect-cards`` reads them (:func:`app.api.card_traveller.cards_from_event`).

Before, the line was lost on saving (its ``table``/``pairs`` are the case's own fields in the body)
and the case file ruled an incorrect-cards request without the traveller: a case saved from pairs
5 v 2 of board 1 was ruled with no contract, no table score and no weighted score, where the
ruling the director saw gave NS -100 and 25% (a re-run then said "same", the same wrong ruling)."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.api.test_events import error
from tests.api.test_traveller_imps import BOARD_1_AS_FOUND, BOARD_1_MOVED, MP_HOWELL, _event, pytestmark, sample

__all__ = ["pytestmark"]  # the traveller tests' skip without ../shared/data/club-files

CASE = {"kind": "incorrect_cards", "board": "1", "round": "3", "table": "", "director": "Jan Kowalski",
        "pairs": {"ns": {"number": "5"}, "ew": {"number": "2"}}}
"""The case's own fields: board 1, pairs 5 v 2 (the event is the test's)."""

RULING = {"hands": BOARD_1_AS_FOUND, "discovered": "after_play", "surplus_played_to_quitted_trick": True}
"""West's second H9 found after play, played to a quitted trick (13C): the table result stands unless
the director takes his option (tests/api/test_traveller_imps.py works the figures)."""


def _weighted(ruling: dict[str, Any]) -> tuple[Any, ...]:
    w = ruling["scores"]["weighted"] or {}
    return (ruling["table_score_ns"], ruling["scores"]["suggested"], w.get("form"), w.get("ns"), w.get("top"),
            w.get("ns_percent"))


def test_a_case_ruled_from_a_traveller_line_is_ruled_again_from_it(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    line = {"pairs": {"ns": "5", "ew": "2"}}
    r = client.post("/v1/rulings/incorrect-cards", json={"event": event_id, "board": "1", **line, **RULING})
    assert r.status_code == 200, r.text
    seen = r.json()
    # pairs 5 v 2, 4H S -2, NS -100: 5 of 10 against the rest; the 13C option weighs it with 4S E = (-420, 0 MP)
    # evenly: 2.5 of 10, 25% to North-South
    assert _weighted(seen) == (-100, -100, "matchpoints", 2.5, 10, 25)
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": line, **RULING})
    assert r.status_code == 201, r.text
    case_id = r.json()["id"]
    ruling = r.json()["ruling"]
    assert _weighted(ruling) == _weighted(seen)
    assert ruling["scores"] == seen["scores"] and ruling["score_law"] == seen["score_law"] == "13C"
    came = ruling["from_traveller"]
    assert (came["result"], came["filled"]) == ("4H S -2", ["contract", "declarer", "table_tricks", "scoring"])
    # the case keeps the line, not what was read from it: a re-run reads the traveller again
    stored = client.get(f"/v1/cases/{case_id}").json()
    assert stored["request"]["pairs"] == {"ns": "5", "ew": "2"} and stored["request"]["event"] == event_id
    assert not {"contract", "declarer", "table_tricks", "scoring"} & set(stored["request"])
    assert stored["suggested_ns"] == -100
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200, r.text
    assert (r.json()["same"], r.json()["differences"]) == (True, [])
    assert _weighted(r.json()["ruling"]) == (-100, -100, "matchpoints", 2.5, 10, 25)


def test_a_stored_request_naming_a_line_is_ruled_from_the_traveller(client: TestClient) -> None:
    """The case file's one ruling step (:func:`app.api.cases.rule`: saving, a re-run, an import's
    check) on a request that names the line itself: the same scores as the ruling route. Before, it
    was ruled as if no line were named: no contract, no table score, no weighted score."""
    from app.api.cases import rule
    from engine.casefile.cases import CaseKind

    event_id = _event(client, sample(MP_HOWELL))
    request = {"event": event_id, "board": "1", "pairs": {"ns": "5", "ew": "2"}, **RULING}
    seen = client.post("/v1/rulings/incorrect-cards", json=request).json()
    state = client.app.state  # type: ignore[attr-defined]
    given, ruling, suggested, table = rule(CaseKind.INCORRECT_CARDS, request, state.events, state.solver)
    assert given == request  # the request is kept as it came, the line named, nothing read from it
    assert (table, suggested) == (-100, -100)
    assert _weighted(ruling) == _weighted(seen) == (-100, -100, "matchpoints", 2.5, 10, 25)
    assert ruling["from_traveller"] == seen["from_traveller"]


def test_an_export_of_such_a_case_is_refused_by_name_not_ruled_otherwise(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": {"pairs": {"ns": "5", "ew": "2"}},
                                       **RULING})
    assert r.status_code == 201, r.text
    import_is_refused_by_name(client, event_id, "1", "pairs 5 v 2")


def import_is_refused_by_name(client: TestClient, event_id: int, board: str, line: str) -> None:
    """The event's export, its one case ruled from the traveller's ``line`` of ``board``: imported,
    a 422 naming the case, its board and the line (an export carries no travellers)."""
    export = client.get(f"/v1/events/{event_id}/cases.json").json()
    assert "travellers" not in export  # an export carries the hand records, not the results
    r = client.post("/v1/cases/import", json=export)
    msg = error(r, 422, ["body", "cases", 0, "request"], f"read from the line of {line}",
                "an export carries no travellers", "cannot be ruled again here")
    assert re.match(rf"case \d+ \(board {board}\): its ruling was read from", msg), msg


def test_a_cards_case_saved_from_the_page_keeps_its_traveller_line(client: TestClient) -> None:
    event_id = _event(client, sample(MP_HOWELL))
    # the page from the traveller's "Cards" link: pairs 5 v 2, the contract left to the traveller; East's C2 found
    # in North's hand after play: 4H S -2 (NS -100) and 4S E = (NS -420) evenly, 25% (tests/api/test_traveller_imps.py)
    form = {"event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2", "discovered": "after_play",
            "lang": "en", **{f"hand_{s}": h for s, h in BOARD_1_MOVED.items()}}
    view = client.post("/incorrect-cards", data=form)
    assert view.status_code == 200, view.text
    assert "Weighted score (12C1(c)): North-South 25.00%" in " ".join(html.unescape(re.sub(r"<[^>]+>", " ",
                                                                                        view.text)).split())
    assert re.search(rf'<option value="{event_id}" selected>', view.text)  # "Save as a case": the board's event
    assert 'name="case_board" value="1"' in view.text
    found = re.search(r'name="ruling_request" value="([^"]*)"', view.text)
    assert found is not None
    r = client.post("/cases", follow_redirects=False, data={
        "lang": "en", "kind": "incorrect_cards", "ruling_request": html.unescape(found.group(1)),
        "case_event": str(event_id), "case_board": "1", "ns_number": "5", "ew_number": "2",
        "case_director": "Jan Kowalski"})
    assert r.status_code == 303, r.text[:3000]
    case_id = int(r.headers["location"].split("?")[0].rsplit("/", 1)[1])
    case = client.get(f"/v1/cases/{case_id}").json()
    w = case["ruling"]["scores"]["weighted"]
    assert w is not None and (w["form"], w["ns"], w["top"], w["ns_percent"]) == ("matchpoints", 2.5, 10, 25), case
    assert case["request"]["pairs"] == {"ns": "5", "ew": "2"}
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200 and r.json()["same"], r.text


def test_a_line_saved_to_another_board_is_not_taken(client: TestClient) -> None:
    """A revoke's or a claim's line is taken as an incorrect-cards one is (tests/api/test_revoke_case_traveller.py,
    tests/api/test_claim_traveller.py); a line saved to another event or board is not the one ruled on."""
    from app.web.casefile_save import ruled_line

    body = {"event": 4, "board": "01", "pairs": {"ns": "5", "ew": "2"}, "hands": {}}
    assert ruled_line(body, "incorrect_cards", 4, "1") == {"pairs": {"ns": "5", "ew": "2"}}
    assert ruled_line(body, "incorrect_cards", 4, "2") is None  # another board: not the traveller ruled on
    assert ruled_line(body, "incorrect_cards", 5, "1") is None  # another event
    assert ruled_line({**body, "pairs": None}, "incorrect_cards", 4, "1") is None  # no line named
    assert ruled_line(body, "revoke", 4, "1") == {"pairs": {"ns": "5", "ew": "2"}}
    assert ruled_line(body, "claim", 4, "1") == {"pairs": {"ns": "5", "ew": "2"}}
    event_id = _event(client, sample(MP_HOWELL))
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": {}, **RULING})
    error(r, 422, ["body", "traveller_line"], "name the traveller's line")
