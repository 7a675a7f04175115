"""A revoke case ruled from a traveller line (the real butler_howell.xml in ../shared/data/club-files):
the case keeps the line its request named (``traveller_line``), and every time the case file rules
the stored request again (saving it, a re-run) the contract, declarer, table result and the scores
against the rest of the traveller are read from that line, as ``POST /v1/rulings/revoke`` reads
them (:func:`app.api.rulings.prefill_from_traveller`).

Before, a revoke case refused ``traveller_line`` (422), the page's "Save as a case" dropped the line
(the revoke view's embedded request lost its event and board, and only an incorrect-cards request
was given a ``traveller_line``), and the case file's ruling step (:func:`app.api.cases.rule`)
scored a revoke request without what the line gives: ``rule_revoke`` read the contract and result
from the line but the scores were made with the request's own ``scoring`` (none), so the case had no
Butler IMPs and no ``from_traveller`` where the ruling the director saw gave North-South +2 IMPs.

The figures (board 2, pairs 2 v 7, 5C by East, 10 tricks, NS +50; North revokes at trick 5 and
wins it, North-South win no later trick: 64A1 one trick, 11 tricks, 5C E =, NS -400; against the
rest of the traveller, -460 -490 -430, the datum is -450 and -400 gets +2 IMPs) are worked by hand
in tests/api/test_traveller_imps.py (test_weighted_butler_against_the_traveller,
test_a_revoke_on_a_butler_traveller_is_scored_in_butler_imps)."""

from __future__ import annotations

import html
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.api.test_cards_case_traveller import import_is_refused_by_name
from tests.api.test_traveller_imps import BUTLER, _event, butler_revoke_form, pytestmark, sample

__all__ = ["pytestmark"]  # the traveller tests' skip without ../shared/data/club-files

CASE = {"board": "2", "round": "1", "table": "", "director": "Jan Kowalski",
        "pairs": {"ns": {"number": "2"}, "ew": {"number": "7"}}}
"""The case's own fields: board 2, pairs 2 v 7 (the event is the test's; the kind is revoke, the default)."""

LINE = {"pairs": {"ns": "2", "ew": "7"}}
"""The traveller line of pairs 2 v 7 (5C E -1, NS +50)."""

FACTS = {"revoke_facts": {"trick": 5, "offender": "N", "revoke_trick_won_by": "N", "offending_side_tricks_after": 0}}
"""North revoked at trick 5 and won it; North-South won no later trick."""



def saved_from_the_page(client: TestClient, page: str, event_id: int) -> int:
    """Post the ruling page's "Save as a case" form (butler_howell board 2, pairs 2 v 7, round 1) with
    the ruling request the page carries; the new case's id."""
    found = re.search(r'name="ruling_request" value="([^"]*)"', page)
    assert found is not None
    r = client.post("/cases", follow_redirects=False, data={
        "lang": "en", "kind": "revoke", "ruling_request": html.unescape(found.group(1)),
        "case_event": str(event_id), "case_board": "2", "case_round": "1", "ns_number": "2", "ew_number": "7",
        "case_director": "Jan Kowalski", "board_fixed": "1"})
    assert r.status_code == 303, r.text[:3000]
    return int(r.headers["location"].split("?")[0].rsplit("/", 1)[1])

def _scored(ruling: dict[str, Any]) -> tuple[Any, ...]:
    w = ruling["scores"]["weighted"] or {}
    return (ruling["scores"]["table"], ruling["scores"]["suggested"], w.get("form"), w.get("ns"), w.get("ew"))


def test_a_revoke_case_ruled_from_a_traveller_line_is_ruled_again_from_it(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    r = client.post("/v1/rulings/revoke", json={"event": event_id, "board": "2", **LINE, **FACTS})
    assert r.status_code == 200, r.text
    seen = r.json()
    # table +50 (5C E -1); 64A1: 5C E =, NS -400: +2 Butler IMPs against the datum -450 (worked by hand above)
    assert _scored(seen) == (50, -400, "butler", 2, -2)
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": LINE, **FACTS})
    assert r.status_code == 201, r.text
    case_id, ruling = r.json()["id"], r.json()["ruling"]
    assert _scored(ruling) == _scored(seen)
    assert ruling["scores"] == seen["scores"] and ruling["for_scorer"] == seen["for_scorer"]
    came = ruling["from_traveller"]
    assert came == seen["from_traveller"]
    assert (came["result"], came["filled"]) == ("5C E -1", ["contract", "declarer", "table_result", "scoring"])
    assert (came["form"], sorted(came["field"])) == ("butler", [-490, -460, -430])
    # the case keeps the line, not what was read from it: a re-run reads the traveller again
    stored = client.get(f"/v1/cases/{case_id}").json()
    assert stored["request"]["pairs"] == {"ns": "2", "ew": "7"} and stored["request"]["event"] == event_id
    assert not {"contract", "declarer", "table_result", "scoring"} & set(stored["request"])
    assert (stored["suggested_ns"], stored["table_ns"]) == (-400, 50)
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200, r.text
    assert (r.json()["same"], r.json()["differences"]) == (True, [])
    assert _scored(r.json()["ruling"]) == (50, -400, "butler", 2, -2)


def test_a_stored_revoke_request_naming_a_line_is_scored_against_the_traveller(client: TestClient) -> None:
    """The case file's one ruling step (:func:`app.api.cases.rule`: saving, a re-run) on a revoke
    request that names the line itself: the same scores as the ruling route. Before, the contract and
    result were read from the line but the scores were not: no Butler IMPs, no ``from_traveller``."""
    from app.api.cases import rule
    from engine.casefile.cases import CaseKind

    event_id = _event(client, sample(BUTLER))
    request = {"event": event_id, "board": "2", **LINE, **FACTS}
    seen = client.post("/v1/rulings/revoke", json=request).json()
    state = client.app.state  # type: ignore[attr-defined]
    given, ruling, suggested, table = rule(CaseKind.REVOKE, request, state.events, state.solver)
    assert given == request  # the request is kept as it came, the line named, nothing read from it
    assert (table, suggested) == (50, -400)
    assert _scored(ruling) == _scored(seen) == (50, -400, "butler", 2, -2)
    assert ruling["from_traveller"] == seen["from_traveller"] is not None


def test_an_export_of_a_revoke_case_on_a_line_is_refused_by_name(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    r = client.post("/v1/cases", json={**CASE, "event": event_id, "traveller_line": LINE, **FACTS})
    assert r.status_code == 201, r.text
    import_is_refused_by_name(client, event_id, "2", "pairs 2 v 7")


def test_a_revoke_case_saved_from_the_page_keeps_its_traveller_line(client: TestClient) -> None:
    event_id = _event(client, sample(BUTLER))
    # the revoke page on the stored board, pairs 2 v 7: the page scores it in Butler IMPs, +2 to North-South
    # (tests/api/test_traveller_imps.py, test_the_ruling_page_scores_a_butler_table_in_butler_imps)
    form = butler_revoke_form(event_id)
    view = client.post("/ruling", data=form)
    assert view.status_code == 200, view.text
    page = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", view.text)).split())
    assert "IMPs against the datum (Butler): North-South +2 IMP, East-West -2 IMP" in page
    assert re.search(rf'<option value="{event_id}" selected>', view.text)  # "Save as a case": the board's event
    case_id = saved_from_the_page(client, view.text, event_id)
    case = client.get(f"/v1/cases/{case_id}").json()
    assert case["request"]["pairs"] == {"ns": "2", "ew": "7"} and case["request"]["event"] == event_id
    assert _scored(case["ruling"]) == (50, -400, "butler", 2, -2), case["ruling"]["scores"]
    assert case["ruling"]["from_traveller"]["filled"] == ["scoring"]  # the page gave contract and result itself
    shown = client.get(f"/cases/{case_id}?lang=en")
    assert shown.status_code == 200 and "5C" in shown.text, shown.text[:2000]
    r = client.post(f"/v1/cases/{case_id}/rerun")
    assert r.status_code == 200 and r.json()["same"], r.text
