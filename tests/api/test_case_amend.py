"""The case file's frictions of issue 25 (items 9-13) over HTTP, API and page, on SQLite and
PostgreSQL: amending a case's facts and withdrawing a mistaken case (new history entries, nothing
overwritten), a duplicate save asked first, the committee's form (every problem at once, the
deposit only when the event takes deposits), the event's time zone and appeal deadline, the list
of every case across events, the sheets' pairs and signature line.

The case is tests/api/test_case_file.py's: Sponvo30.pbn board 21, 4H by West, South's revoke at trick
3, table result 8 (4H W -2, NS +100); 64A2 transfers one trick: 4H W -1, NS +50 suggested. Facts
only: the solver is never called.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re

from fastapi.testclient import TestClient

# the case file tests' fixtures: an app in laptop mode on SQLite and PostgreSQL, an event with Sponvo30's boards
from tests.api.test_case_file import REVIEW, case_body, created, event  # noqa: F401
from tests.api.test_events import error, hand_record_file, new_event, upload


def log_rows(client: TestClient, event: int) -> list[dict[str, str]]:
    r = client.get(f"/v1/events/{event}/rulings.csv")
    assert r.status_code == 200
    return list(csv.DictReader(io.StringIO(r.text)))


# ---------------------------------------------------------------------------------------------
# 9. A second case for the same table is meant or refused; the 409s in the director's language


def test_a_second_case_for_the_same_board_round_and_table_is_a_409_naming_the_first(client: TestClient,
                                                                                   event: int) -> None:
    first = created(client, case_body(event))  # board 21, round 30, table 4
    r = client.post("/v1/cases", json=case_body(event))
    assert r.status_code == 409, r.text
    [item] = r.json()["detail"]
    assert (item["loc"], item["type"], item["cases"]) == (["body", "duplicate"], "duplicate_case", [first])
    assert f"board 21, round 30, table 4 of this event already has case {first}" in item["msg"]
    assert len(client.get(f"/v1/cases?event={event}").json()) == 1  # nothing kept
    r = client.post("/v1/cases?lang=pl", json=case_body(event, board="021"))  # the same board, written otherwise
    assert r.status_code == 409
    assert r.json()["detail"][0]["msg"].startswith(f"rozdanie 21, runda 30, stół 4 tego turnieju ma już sprawę {first}")
    second = created(client, case_body(event, duplicate=True))  # meant: kept
    assert second != first
    r = client.post("/v1/cases", json=case_body(event))
    assert r.json()["detail"][0]["cases"] == [first, second]
    assert created(client, case_body(event, table="5")) > second  # another table: no question
    # a withdrawn case is no duplicate
    other = created(client, case_body(event, round="31"))
    assert client.post(f"/v1/cases/{other}/withdraw", json={"reason": "wrong round"}).status_code == 200
    created(client, case_body(event, round="31"))


def test_the_409s_of_a_withdrawn_or_undecided_case_are_said_in_the_language_asked(client: TestClient,
                                                                                 event: int) -> None:
    case_id = created(client, case_body(event))
    error(client.post(f"/v1/cases/{case_id}/reviews?lang=pl", json=REVIEW), 409, [],
          f"w sprawie {case_id} nie ma jeszcze decyzji sędziego")
    assert client.post(f"/v1/cases/{case_id}/withdraw", json={"reason": "mistaken"}).status_code == 200
    error(client.post(f"/v1/cases/{case_id}/amend?lang=ru", json={"table": "5", "reason": "x"}), 409, [],
          f"дело {case_id} отозвано: его обстоятельства больше нельзя исправлять")
    error(client.post(f"/v1/cases/{case_id}/withdraw?lang=el", json={"reason": "again"}), 409, [],
          f"η υπόθεση {case_id} έχει ήδη αποσυρθεί")
    error(client.post(f"/v1/cases/{case_id}/decision?lang=ru", json={"score_ns": 50, "result": "4H W -1",
                                                                      "law": "64A2"}), 409, [],
          f"дело {case_id} отозвано: в нём больше ничего не записывается")
    error(client.post(f"/v1/cases/{case_id}/withdraw", json={"reason": "again"}), 409, [],
          f"case {case_id} is already withdrawn")
    page = client.post(f"/cases/{case_id}/amend", data={"lang": "el", "table": "5", "reason": "x"})
    assert page.status_code == 409 and f"Η υπόθεση {case_id} αποσύρθηκε" in page.text


# ---------------------------------------------------------------------------------------------
# 9. Amend, withdraw


def test_amending_the_table_is_an_amended_entry_old_to_new_and_nothing_is_overwritten(client: TestClient,
                                                                                    event: int) -> None:
    case_id = created(client, case_body(event))  # table 4, round 30
    r = client.post(f"/v1/cases/{case_id}/amend", json={"table": "5", "reason": "Mistyped: played at table 5."})
    assert r.status_code == 200, r.text
    case = r.json()
    assert (case["table"], case["round"], case["pairs"]["ns"]["number"]) == ("5", "30", "12")
    history = client.get(f"/v1/cases/{case_id}/history").json()
    assert [h["action"] for h in history] == ["created", "amended"]
    assert history[1]["change"] == {"reason": "Mistyped: played at table 5.",
                                    "facts": {"table": {"old": "4", "new": "5"}}}
    assert history[0]["change"]["board"] == "21"  # the created entry is as it was
    assert log_rows(client, event)[0]["table"] == "5"
    # a second amendment starts from the amended facts
    r = client.post(f"/v1/cases/{case_id}/amend", json={"table": "6", "ew_names": "Smith - Jones", "reason": "again"})
    assert r.json()["table"] == "6" and r.json()["pairs"]["ew"] == {"number": "3", "names": "Smith - Jones"}
    assert client.get(f"/v1/cases/{case_id}/history").json()[2]["change"]["facts"] == {
        "table": {"old": "5", "new": "6"}, "ew_names": {"old": "", "new": "Smith - Jones"}}
    # refused: no reason, nothing changed, a required fact blanked
    assert client.post(f"/v1/cases/{case_id}/amend", json={"table": "7"}).status_code == 422
    error(client.post(f"/v1/cases/{case_id}/amend", json={"table": "6", "reason": "x"}), 422, ["body", "facts"],
          "nothing is changed")
    error(client.post(f"/v1/cases/{case_id}/amend", json={"ns_number": " ", "reason": "x"}), 422,
          ["body", "ns_number"], "blank")
    assert len(client.get(f"/v1/cases/{case_id}/history").json()) == 3


def test_a_withdrawn_case_stays_in_the_history_and_the_ruling_log_and_takes_nothing_more(client: TestClient,
                                                                                       event: int) -> None:
    case_id = created(client, case_body(event))
    kept = created(client, case_body(event, table="5"))
    error(client.post(f"/v1/cases/{case_id}/withdraw", json={"reason": " "}), 422, ["body", "reason"])
    r = client.post(f"/v1/cases/{case_id}/withdraw", json={"reason": "Saved at the wrong table: see the next case."})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "withdrawn" and r.json()["withdrawn"].startswith("Saved at the wrong table")
    assert [h["action"] for h in client.get(f"/v1/cases/{case_id}/history").json()] == ["created", "withdrawn"]
    rows = {int(r["case"]): r for r in log_rows(client, event)}
    assert rows[case_id]["status"] == "withdrawn" and rows[kept]["status"] == "awaiting decision"
    decision = {"score_ns": 50, "result": "4H W -1", "law": "64A2"}
    assert client.post(f"/v1/cases/{case_id}/decision", json=decision).status_code == 409
    assert client.post(f"/v1/cases/{case_id}/amend", json={"table": "9", "reason": "x"}).status_code == 409
    assert client.post(f"/v1/cases/{case_id}/withdraw", json={"reason": "again"}).status_code == 409
    listed = client.get("/v1/cases", params={"status": "withdrawn"}).json()
    assert [c["id"] for c in listed] == [case_id]


def test_the_page_amends_and_withdraws_with_a_reason_and_the_history_shows_old_and_new(client: TestClient,
                                                                                     event: int) -> None:
    case_id = created(client, case_body(event))
    r = client.post(f"/cases/{case_id}/amend", data={"lang": "en", "round": "30", "table": "5", "ns_number": "12",
                                                    "ns_names": "Open room North-South", "ew_number": "3",
                                                    "ew_names": "", "director": "Jan Kowalski", "reason": ""},
                    follow_redirects=False)
    assert r.status_code == 422 and 'id="err-amend_reason"' in r.text
    assert "The amendment cannot be recorded yet" in r.text and "cannot be ruled on" not in r.text
    r = client.post(f"/cases/{case_id}/amend", data={"lang": "pl", "round": "30", "table": "5", "ns_number": "12",
                                                    "ns_names": "Open room North-South", "ew_number": "3",
                                                    "ew_names": "", "director": "Jan Kowalski",
                                                    "reason": "Pomyłka w numerze stołu"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(f"/cases/{case_id}?lang=pl").text
    assert re.search(r'<div class="table"><dt>Stół</dt><dd>5</dd>', page)
    assert "Stół: 4 \u2192 5. Uzasadnienie: Pomyłka w numerze stołu" in page
    r = client.post(f"/cases/{case_id}/withdraw", data={"lang": "en", "reason": "Saved twice"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get(f"/cases/{case_id}?lang=en").text
    assert 'id="case-withdrawn"' in page and "Saved twice" in page
    assert 'id="form-decision"' not in page and 'id="form-amend"' not in page


def save_form(event: int, **changes: str) -> dict[str, str]:
    request = {k: v for k, v in case_body(event).items()
               if k not in ("event", "board", "round", "table", "pairs", "director")}
    return {"lang": "en", "kind": "revoke", "ruling_request": json.dumps({**request, "event": event, "board": "21"}),
            "case_event": str(event), "case_board": "21", "case_round": "30", "case_table": "4",
            "ns_number": "12", "ns_names": "", "ew_number": "3", "ew_names": "", "case_director": "Jan Kowalski",
            "board_fixed": "1"} | changes


def test_saving_the_same_board_round_and_table_again_asks_first(client: TestClient, event: int) -> None:
    r = client.post("/cases", data=save_form(event), follow_redirects=False)
    assert r.status_code == 303, r.text
    first = int(r.headers["location"].split("/")[2].split("?")[0])
    r = client.post("/cases", data=save_form(event), follow_redirects=False)
    assert r.status_code == 409
    assert "already has a case" in r.text and f'href="/cases/{first}?lang=en"' in r.text
    assert 'name="confirm_duplicate"' in r.text
    assert len(client.get("/v1/cases", params={"event": event}).json()) == 1
    assert client.post("/cases", data=save_form(event, case_table="5"), follow_redirects=False).status_code == 303
    r = client.post("/cases", data=save_form(event, confirm_duplicate="1"), follow_redirects=False)
    assert r.status_code == 303
    assert len(client.get("/v1/cases", params={"event": event}).json()) == 3


def test_the_save_form_marks_its_required_fields(client: TestClient, event: int) -> None:
    r = client.post("/cases", data=save_form(event, case_director="", ns_number=""), follow_redirects=False)
    assert r.status_code == 422
    assert "The case cannot be saved yet" in r.text
    for field in ("case-board", "case-director", "case-ns-number", "case-ew-number"):
        assert re.search(rf'<label for="{field}">[^<]*<span class="req" aria-hidden="true">\*</span></label>', r.text)
    assert 'id="case-required-note"' in r.text


# ---------------------------------------------------------------------------------------------
# 10. The committee's form


def decided(client: TestClient, event: int, table: str = "4") -> int:
    case_id = created(client, case_body(event, table=table))
    r = client.post(f"/v1/cases/{case_id}/decision", json={"score_ns": 50, "result": "4H W -1", "law": "64A2"})
    assert r.status_code == 200
    return case_id


def test_the_committee_form_states_every_problem_at_once_under_a_fitting_heading(client: TestClient,
                                                                               event: int) -> None:
    case_id = decided(client, event)
    r = client.post(f"/cases/{case_id}/reviews", data={"lang": "en", "outcome": "vary", "members": "",
                                                      "reasons": "", "review_score_ns": ""}, follow_redirects=False)
    assert r.status_code == 422
    assert "The committee&#39;s review cannot be recorded yet" in r.text and "cannot be ruled on" not in r.text
    for field in ("members", "reasons", "review_score_ns"):
        assert f'id="err-{field}"' in r.text, field
    assert 'id="err-deposit"' not in r.text and 'name="deposit"' not in r.text  # this event takes no deposit


def test_the_deposit_is_optional_unless_the_event_takes_deposits(client: TestClient, event: int) -> None:
    case_id = decided(client, event)
    no_deposit = {k: v for k, v in REVIEW.items() if k != "deposit"}
    r = client.post(f"/v1/cases/{case_id}/reviews", json=no_deposit)
    assert r.status_code == 200, r.text
    assert r.json()["reviews"][0]["deposit"] is None
    other = decided(client, event, table="5")
    r = client.post(f"/v1/events/{event}/settings", json={"uses_deposits": True})
    assert r.status_code == 200 and r.json()["uses_deposits"] is True
    error(client.post(f"/v1/cases/{other}/reviews", json=no_deposit), 422, ["body", "deposit"], "deposit")
    page = client.get(f"/cases/{other}?lang=en").text
    assert 'name="deposit"' in page
    assert client.post(f"/v1/cases/{other}/reviews", json=REVIEW).status_code == 200


# ---------------------------------------------------------------------------------------------
# 11. Times in the event's zone


def test_times_are_shown_in_the_event_time_zone_and_stored_in_utc(client: TestClient, event: int) -> None:
    case_id = created(client, case_body(event))
    created_utc = client.get(f"/v1/cases/{case_id}").json()["created"]
    error(client.post(f"/v1/events/{event}/settings", json={"time_zone": "Mars/Olympus"}), 422,
          ["body", "time_zone"], "not a time zone")
    error(client.post(f"/v1/events/{event}/settings", json={"time_zone": "Europe"}), 422,  # a folder of the
          ["body", "time_zone"], "not a time zone")                                     # zone database
    page = client.get(f"/cases/{case_id}?lang=en").text
    assert "data-local" in page  # no zone set: the browser's (UTC without JavaScript)
    assert client.post(f"/v1/events/{event}/settings", json={"time_zone": "Asia/Kolkata"}).status_code == 200
    assert client.get(f"/v1/events/{event}/settings").json()["time_zone"] == "Asia/Kolkata"
    at = dt.datetime.fromisoformat(created_utc.replace("Z", "+00:00"))
    local = (at + dt.timedelta(hours=5, minutes=30)).strftime("%Y-%m-%d %H:%M")  # India: UTC+5:30, no summer time
    page = client.get(f"/cases/{case_id}?lang=en").text
    assert f"{local} (Asia/Kolkata)" in page and "data-local" not in page
    assert client.get(f"/v1/cases/{case_id}").json()["created"] == created_utc  # stored as it was, UTC
    r = client.post(f"/events/{event}/settings", data={"lang": "pl", "time_zone": "Europe/Nowhere"},
                    follow_redirects=False)
    assert r.status_code == 422 and "„Europe/Nowhere” to nie strefa czasowa" in r.text


# ---------------------------------------------------------------------------------------------
# 12. Every case across events


def test_every_case_across_events_filtered_by_event_status_and_director(client: TestClient, event: int) -> None:
    other = new_event(client, name="Autumn Pairs", date="2026-10-01")
    assert upload(client, other, hand_record_file()).status_code == 200
    a = created(client, case_body(event))
    b = created(client, case_body(other, director="Anna Nowak"))
    client.post(f"/v1/cases/{b}/withdraw", json={"reason": "mistake"})
    page = client.get("/cases?lang=en")
    assert page.status_code == 200
    assert f'data-case="{a}"' in page.text and f'data-case="{b}"' in page.text
    assert "Autumn Pairs" in page.text and "Generali Euro Team Champs" in page.text
    only = client.get("/cases", params={"lang": "en", "director": "nowak"}).text
    assert f'data-case="{b}"' in only and f'data-case="{a}"' not in only
    only = client.get("/cases", params={"lang": "en", "status": "awaiting decision"}).text
    assert f'data-case="{a}"' in only and f'data-case="{b}"' not in only
    only = client.get("/cases", params={"lang": "en", "event": str(other)}).text
    assert f'data-case="{b}"' in only and f'data-case="{a}"' not in only
    assert client.get("/cases", params={"lang": "en", "since": "2999-01-01"}).text.count("data-case=") == 0
    assert [c["id"] for c in client.get("/v1/cases", params={"director": "Nowak"}).json()] == [b]


# ---------------------------------------------------------------------------------------------
# 13. The sheets


def test_the_case_sheet_carries_pairs_signature_line_and_appeal_deadline(client: TestClient, event: int) -> None:
    case_id = created(client, case_body(event))
    assert client.post(f"/v1/events/{event}/settings",
                       json={"appeal_deadline": "30 minutes after the session ends"}).status_code == 200
    page = client.get(f"/cases/{case_id}?lang=en").text
    assert 'id="case-signature"' in page and "Director&#39;s signature" in page
    assert '<dd id="case-deadline">30 minutes after the session ends</dd>' in page
    assert "12 (Open room North-South)" in page


def test_the_ruling_sheet_carries_pairs_signature_line_and_appeal_deadline(client: TestClient, event: int) -> None:
    client.post(f"/v1/events/{event}/settings", json={"appeal_deadline": "22:30"})
    form = {"lang": "en", "source": "event", "event": str(event), "board": "21", "contract": "4H",
            "declarer": "W", "table_result": "8", "play": "", "rf_trick": "3", "rf_offender": "S",
            "rf_won_by": "W", "rf_after": "5", "noticed": "after_play",
            "sheet_ns": "12 Kowalski - Nowak", "sheet_ew": "3 Smith - Jones"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text[:2000]
    assert '<dd id="sheet-pair-ns">12 Kowalski - Nowak</dd>' in r.text
    assert '<dd id="sheet-pair-ew">3 Smith - Jones</dd>' in r.text
    assert 'id="sheet-signature"' in r.text and '<dd id="sheet-deadline">22:30</dd>' in r.text
