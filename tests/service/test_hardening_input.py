"""Issue 15, "every bad input is a 422 in the project's error shape (never a 500, never a stall)":
each probe an attacker sent, on every endpoint it reached, and the answer it must now get.

The shape: HTTP 422 (413 for a paste over 1 MiB on the page), ``{"detail": [{"loc", "msg",
"type", "law"}]}``, strict UTF-8 JSON with no ``NaN`` and no echo of the input (``input``,
``ctx``). A real app (the in-process solver, a fresh SQLite file) through Starlette's client;
``raise_server_exceptions=False``, so that a crash shows as the 500 a caller would get.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner
from engine.records.pbn import loads
from tests.helpers import SPONVO30, SPONVO30_DEAL, SPONVO30_PLAY, laptop

REVOKE = {"deal": SPONVO30_DEAL, "contract": "4H", "declarer": "W", "play": SPONVO30_PLAY[:8]}
"""Sponvo30.pbn board 21 by parts, the first two tricks (no revoke yet, so DDS is barely used)."""
HANDS = {"N": "T8752.6.AQ65.JT9", "E": "AQJ9.J.T873.Q843", "S": "K3.9872.KJ94.A52", "W": "64.AKQT543.2.K76"}
CARDS = {"hands": HANDS, "discovered": "after_play", "contract": "4H", "declarer": "W"}
CASE = {"event": 1, "board": "21", "director": "Jan Kowalski", "pairs": {"ns": {"number": "1"}, "ew": {"number": "2"}}}
SPONVO_21 = ('[Board "21"]\n[Room "Closed"]\n[Dealer "N"]\n[Vulnerable "NS"]\n'
             f'[Deal "{SPONVO30_DEAL}"]\n[Declarer "W"]\n[Contract "4H"]\n[Play "N"]\n'
             "CJ C3 C2 CK\nH6 HJ H2 HA\n*\n")


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("hardening") / "advisor.sqlite3"
    with laptop(create_app(dds, database_url=f"sqlite:///{db}"), raise_server_exceptions=False) as c:
        yield c


def _no_constant(name: str) -> None:
    raise AssertionError(f"the answer holds {name}, which is not JSON")


def problem_items(r: httpx.Response, status: int = 422) -> list[dict[str, Any]]:
    """The error items of ``r`` after checking the project's shape: ``status``, a body that is
    strict UTF-8 JSON (no NaN or Infinity), every item exactly ``loc``, ``msg``, ``type``, ``law``."""
    assert r.status_code == status, (r.status_code, r.text[:300])
    text = r.content.decode("utf-8")  # strict: raises on anything that is not UTF-8
    detail = json.loads(text, parse_constant=_no_constant)["detail"]
    assert isinstance(detail, list) and detail
    for item in detail:
        assert set(item) == {"loc", "msg", "type", "law"}, item
        assert isinstance(item["msg"], str) and item["msg"]
    items: list[dict[str, Any]] = detail
    return items


def problem_at(r: httpx.Response, loc: list[str | int], status: int = 422) -> str:
    """The ``msg`` of the item at ``loc``, lower-cased (shape checked as :func:`problem_items`)."""
    items = problem_items(r, status)
    found = [i for i in items if i["loc"] == loc]
    assert found, f"no item at {loc}: {items}"
    msg: str = found[0]["msg"]
    return msg.lower()


def post_raw(client: TestClient, url: str, content: str | bytes,
             content_type: str = "application/json") -> httpx.Response:
    return client.post(url, content=content, headers={"content-type": content_type})


def with_value(body: dict[str, Any], path: list[str | int], token: str) -> str:
    """``body`` as JSON text with the value at ``path`` written as the raw JSON ``token``
    (``NaN``, ``1e400``, ``"\\ud800"``...), which no JSON encoder writes."""
    marker = "@@VALUE@@"
    data = json.loads(json.dumps(body))
    here = data
    for key in path[:-1]:
        here = here[key]
    here[path[-1]] = marker
    return json.dumps(data).replace(f'"{marker}"', token)


# --------------------------------------------------------------------------------------------
# NaN, Infinity, -Infinity and 1e400: Python's JSON reader takes them; the answer is a 422
# naming the field (it was a 500: FastAPI echoed the value and the JSON encoder refused it).

NUMERIC_FIELDS = [
    ("/v1/rulings/revoke", REVOKE, ["claim_declarer_tricks"]),
    ("/v1/rulings/revoke", REVOKE, ["table_result"]),
    ("/v1/rulings/incorrect-cards", CARDS, ["table_tricks"]),
    ("/v1/scores/weighted", {"outcomes": [{"score_ns": 420, "weight": 1}], "field": [420]}, ["outcomes", 0, "weight"]),
    ("/v1/scores/weighted", {"outcomes": [{"score_ns": 420}], "field": [420, 170]}, ["field", 1]),
    ("/v1/scores/artificial", {"fault": {"NS": "not_at_fault"}, "other_boards_percent": {"NS": 50}},
     ["other_boards_percent", "NS"]),
    ("/v1/scores/matchpoints", {"scores": [420, 170]}, ["scores", 1]),
    ("/v1/scores/imps", {"ns_score": 420, "other_room_ns": 170}, ["ns_score"]),
    ("/v1/events", {"name": "Spring Pairs", "date": "2026-04-01"}, ["session"]),
    ("/v1/cases", CASE, ["event"]),
    ("/v1/cases/1/decision", {"score_ns": 50, "result": "4H W -1"}, ["score_ns"]),
    ("/v1/cases/1/reviews", {"outcome": "vary", "members": ["A"], "reasons": "x", "deposit": "kept",
                             "score_ns": 50}, ["score_ns"]),
    ("/v1/cases/import", {"format": "adjusted-score-advisor/cases", "version": 1}, ["version"]),
]


@pytest.mark.parametrize("token", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize(("url", "body", "path"), NUMERIC_FIELDS, ids=[f"{u}:{'/'.join(map(str, p))}"
                                                                       for u, _, p in NUMERIC_FIELDS])
def test_a_number_that_is_not_finite_is_422_naming_its_field(client: TestClient, url: str, body: dict[str, Any],
                                                              path: list[str | int], token: str) -> None:
    r = post_raw(client, url, with_value(body, path, token))
    msg = problem_at(r, ["body", *path])
    assert "nan" in msg.lower() or "finite" in msg.lower() or "number" in msg.lower(), msg


# --------------------------------------------------------------------------------------------
# A lone surrogate ("\ud800" in JSON) in any string: 422 naming the field (it was a 500 writing
# the answer, or writing the database: SQLite cannot store it).

SURROGATE_FIELDS = [
    ("/v1/rulings/revoke", REVOKE, ["contract"]),
    ("/v1/rulings/revoke", {"pbn": SPONVO_21}, ["room"]),
    ("/v1/rulings/revoke", {"pbn": SPONVO_21}, ["pbn"]),
    ("/v1/rulings/revoke", REVOKE, ["play", 3]),
    ("/v1/rulings/incorrect-cards", CARDS, ["board"]),
    ("/v1/scores/weighted", {"outcomes": [{"score_ns": 420, "label": "x"}], "field": [420]}, ["outcomes", 0, "label"]),
    ("/v1/scores/artificial", {"fault": {"NS": "not_at_fault"}}, ["profile"]),
    ("/v1/events", {"name": "Spring Pairs", "date": "2026-04-01"}, ["name"]),
    ("/v1/cases", CASE, ["director"]),
    ("/v1/cases/1/decision", {"score_ns": 50, "result": "4H W -1"}, ["reason"]),
    ("/v1/cases/1/reviews", {"outcome": "uphold", "members": ["A"], "reasons": "x", "deposit": "kept"},
     ["members", 0]),
    ("/v1/cases/import", {"format": "adjusted-score-advisor/cases", "version": 1, "event": {"name": "x"}},
     ["event", "name"]),
]


@pytest.mark.parametrize(("url", "body", "path"), SURROGATE_FIELDS, ids=[f"{u}:{'/'.join(map(str, p))}"
                                                                         for u, _, p in SURROGATE_FIELDS])
def test_a_lone_surrogate_in_any_string_is_422_naming_its_field(client: TestClient, url: str, body: dict[str, Any],
                                                                 path: list[str | int]) -> None:
    r = post_raw(client, url, with_value(body, path, '"The \\ud800 Cup"'))
    assert "surrogate" in problem_at(r, ["body", *path])


CONTROL_FIELDS = [*SURROGATE_FIELDS, ("/v1/cases", CASE, ["pairs", "ns", "number"]),
                  ("/v1/cases", CASE, ["pairs", "ew", "names"])]


@pytest.mark.parametrize("char", ["\\u0000", "\\u0007", "\\u001b"])
@pytest.mark.parametrize(("url", "body", "path"), CONTROL_FIELDS, ids=[f"{u}:{'/'.join(map(str, p))}"
                                                                       for u, _, p in CONTROL_FIELDS])
def test_a_control_character_in_any_string_is_422_naming_its_field(client: TestClient, url: str,
                                                                   body: dict[str, Any], path: list[str | int],
                                                                   char: str) -> None:
    # Issue 35: NUL in a name was a 500 on PostgreSQL; a control character in a pair number made
    # adjusted.xml not well-formed (XML 1.0 has no such character).
    r = post_raw(client, url, with_value(body, path, f'"7{char}"'))
    assert f"control character u+{char[2:]}" in problem_at(r, ["body", *path])  # problem_at lowercases


def test_tab_line_feed_and_carriage_return_stay_allowed(client: TestClient) -> None:
    r = post_raw(client, "/v1/events", json.dumps({"name": "Spring\tPairs\r\nday 1", "date": "2026-04-01"}))
    assert r.status_code == 201, r.text


def test_a_surrogate_sent_as_utf_8_bytes_is_422_too(client: TestClient) -> None:
    # Python's JSON reader decodes bytes with "surrogatepass": ED A0 80 becomes a lone surrogate
    r = post_raw(client, "/v1/rulings/revoke", json.dumps(REVOKE).encode().replace(b'"4H"', b'"4H\xed\xa0\x80"'))
    assert "surrogate" in problem_at(r, ["body", "contract"])


def test_a_lone_surrogate_in_a_field_name_is_named_without_it(client: TestClient) -> None:
    r = post_raw(client, "/v1/rulings/revoke", json.dumps(REVOKE)[:-1] + ', "clai\\udfffm": 3}')
    assert "surrogate" in problem_at(r, ["body", "clai\ufffdm"])
    assert client.get("/healthz").status_code == 200


def _saved_from_the_page(client: TestClient, request: str, **fields: str) -> Any:
    """The page's "Save as a case" form posted with ``request`` (JSON text) and ``fields`` changed."""
    return client.post("/cases", data={"ruling_request": request, "kind": "revoke", "case_event": "new",
                                       "new_event_name": "Spring Pairs", "new_event_date": "2026-04-01",
                                       "case_board": "21", "ns_number": "1", "ew_number": "2",
                                       "case_director": "Jan Kowalski"} | fields, follow_redirects=False)


def test_a_game_with_a_lone_surrogate_is_not_kept_as_a_case_from_the_page(client: TestClient) -> None:
    # The page's save form posts the ruling request as JSON text: it may hold any escape.
    request = json.dumps({"pbn": SPONVO_21.replace('[Room "Closed"]', '[Room "Closed"]\n[Event "@"]')})
    r = _saved_from_the_page(client, request.replace("@", "\\ud800"))
    assert r.status_code == 422, r.status_code
    assert "surrogate" in r.content.decode("utf-8")


def test_a_pair_number_with_a_control_character_is_not_kept_as_a_case_from_the_page(client: TestClient) -> None:
    r = _saved_from_the_page(client, json.dumps({"pbn": SPONVO_21}), ns_number="1\x0b")
    assert r.status_code == 422, r.status_code
    assert "U+000B" in r.content.decode("utf-8")


def test_the_page_prints_a_lone_surrogate_as_the_replacement_character() -> None:
    from markupsafe import Markup

    from app.web import _writable

    assert _writable("The \ud800 Cup") == "The \ufffd Cup"
    cleaned = _writable(Markup("<b>\udfff</b>"))
    assert isinstance(cleaned, Markup) and cleaned == Markup("<b>\ufffd</b>")  # still markup: not escaped twice
    assert _writable(7) == 7


# --------------------------------------------------------------------------------------------
# Weights: bounded before anything converts them ("1e10000000" took 6-35 s in Fraction, blocking
# every other request, then a 500 formatting the sum).

@pytest.mark.parametrize(("weight", "fragment"), [
    ('"1e10000000"', "not a weight"), ('"1e5"', "not a weight"), ('"1' + "0" * 30 + '"', "at most 24"),
    ('"0x10"', "not a weight"), ("true", "a weight is"), ("2", "from 0 to 1"), ("-0.5", "from 0 to 1"),
    ("1e300", "from 0 to 1"),
])
def test_a_weight_is_bounded_before_it_is_converted(client: TestClient, weight: str, fragment: str) -> None:
    body = {"outcomes": [{"score_ns": 420, "weight": 0}, {"score_ns": -50, "weight": 1}], "field": [420, 170]}
    r = post_raw(client, "/v1/scores/weighted", with_value(body, ["outcomes", 0, "weight"], weight))
    assert fragment in problem_at(r, ["body", "outcomes", 0, "weight"])


def test_weights_as_the_director_writes_them_still_weight(client: TestClient) -> None:
    outcomes = [{"score_ns": 420, "weight": "2/5"}, {"score_ns": -50, "weight": " 60 % "}]
    r = client.post("/v1/scores/weighted", json={"outcomes": outcomes, "form": "imps", "other_room_ns": 420})
    assert r.status_code == 200, r.text
    assert [o["weight"] for o in r.json()["outcomes"]] == ["2/5", "3/5"]
    assert r.json()["ns"] == pytest.approx(-6)  # 0 IMPs 40%, -10 IMPs 60% (420 against -50 is 470: 10 IMPs)


# --------------------------------------------------------------------------------------------
# A body that cannot be read: 422 in the project's shape, loc ["body"] (it was a bare 400, or
# FastAPI's own shape for malformed JSON), and at once for a deep one.

DEEP = "[" * 100_000 + "]" * 100_000
UNREADABLE = [
    ("{", "not valid JSON"),
    ('{"contract": "4H",}', "not valid JSON"),
    (b'{"contract": "4\xff"}', "UTF-8"),
    (DEEP, "nested"),
    ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested"),
    ('{"claim_declarer_tricks": ' + "9" * 5000 + "}", "digits"),
]


@pytest.mark.parametrize("url", ["/v1/rulings/revoke", "/v1/scores/imps", "/v1/cases", "/v1/events"])
@pytest.mark.parametrize(("content", "fragment"), UNREADABLE, ids=["brace", "comma", "latin1", "deep-array",
                                                                   "deep-object", "digits"])
def test_a_body_that_cannot_be_read_is_422_in_the_project_shape(client: TestClient, url: str, content: str | bytes,
                                                                 fragment: str) -> None:
    assert fragment.lower() in problem_at(post_raw(client, url, content), ["body"])


@pytest.mark.parametrize("url", ["/v1/rulings/revoke", "/v1/cases", "/v1/cases/import"])
def test_a_body_nested_deeper_than_any_request_is_422(client: TestClient, url: str) -> None:
    deep = "[" * 200 + "]" * 200  # Python reads it; no request nests more than a few levels
    body = dict(CASE)
    if url == "/v1/cases":  # a case names a stored event (found first): this test's own, not another test's
        body["event"] = client.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-01"}).json()["id"]
    r = post_raw(client, url, json.dumps(body)[:-1] + ', "pbn": ' + deep + "}")
    assert "nested more than 32 levels" in problem_at(r, ["body", "pbn", *([0] * 31)])


@pytest.mark.parametrize(("content", "content_type", "fragment"), [
    (b"--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc", "multipart/form-data", "boundary"),
    (b"garbage", "multipart/form-data; boundary=x", "invalid multipart"),
    (b"--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--x--\r\n", "multipart/form-data; boundary=x", "name"),
])
def test_a_malformed_upload_is_422_in_the_project_shape(client: TestClient, content: bytes, content_type: str,
                                                        fragment: str) -> None:
    r = post_raw(client, "/v1/screenings", content, content_type)
    items = problem_items(r)
    assert any(i["loc"][:1] == ["body"] and fragment in i["msg"].lower() + " " + " ".join(map(str, i["loc"]))
               for i in items), items


def test_a_malformed_form_on_the_page_gets_the_page_with_the_reason(client: TestClient) -> None:
    r = post_raw(client, "/upload", b"--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--x--\r\n",
                 "multipart/form-data; boundary=x")
    assert r.status_code == 422 and r.headers["content-type"].startswith("text/html")
    assert "the form could not be read" in r.text.lower() and "<form" in r.text


def test_a_paste_over_1_mib_gets_the_page_with_the_message(client: TestClient) -> None:
    r = client.post("/ruling", data={"source": "pbn", "pbn": SPONVO_21 + "\n" * (1024 * 1024 + 1)})
    assert r.status_code == 413 and r.headers["content-type"].startswith("text/html")
    assert "larger than 1 MiB: upload the file instead" in r.text and 'name="pbn"' in r.text
    r = client.post("/ruling", data={"source": "pbn", "pbn": "x" * (1024 * 1024 + 1), "lang": "pl"},
                    params={"lang": "pl"})
    assert r.status_code == 413 and "większy niż 1 MiB" in r.text


# --------------------------------------------------------------------------------------------
# Strict types where a wrong type means a wrong ruling ("3" or true for 3 tricks, "yes" for a
# disputed claim); the JSON-natural forms still work.

STRICT = [
    ("/v1/rulings/revoke", REVOKE, ["claim_declarer_tricks"], '"3"'),
    ("/v1/rulings/revoke", REVOKE, ["claim_declarer_tricks"], "true"),
    ("/v1/rulings/revoke", REVOKE, ["claim_declarer_tricks"], "3.0"),
    ("/v1/rulings/revoke", REVOKE, ["table_result"], '"8"'),
    ("/v1/rulings/revoke", REVOKE, ["table_result"], "false"),
    ("/v1/rulings/revoke", REVOKE | {"claim_by": "S"}, ["claim_contested"], '"yes"'),
    ("/v1/rulings/revoke", REVOKE | {"claim_by": "S"}, ["claim_contested"], "1"),
    ("/v1/rulings/revoke", REVOKE, ["losses_induced_by_revoke"], '"true"'),
    ("/v1/rulings/revoke", REVOKE | {"table_result": 8, "revoke_facts": {
        "trick": 3, "offender": "S", "revoke_trick_won_by": "W", "offending_side_tricks_after": 5}},
     ["revoke_facts", "trick"], '"3"'),
    ("/v1/rulings/revoke", REVOKE | {"penalty_cards": [{"seat": "S", "card": "D4"}]},
     ["penalty_cards", 0, "major"], '"no"'),
    ("/v1/rulings/incorrect-cards", CARDS, ["table_tricks"], "true"),
    ("/v1/rulings/incorrect-cards", CARDS, ["card_seen"], '"false"'),
    ("/v1/rulings/incorrect-cards", CARDS, ["auction_would_be_unchanged"], "0"),
    ("/v1/scores/weighted", {"outcomes": [{"contract": "4S", "declarer": "S", "tricks": 10}], "field": [420]},
     ["outcomes", 0, "tricks"], '"10"'),
    ("/v1/scores/weighted", {"outcomes": [{"score_ns": 420}], "field": [420, 0]}, ["field", 1], "false"),
    ("/v1/scores/matchpoints", {"scores": [420, 170]}, ["scores", 0], '"420"'),
    ("/v1/scores/imps", {"ns_score": 420, "other_room_ns": 170}, ["other_room_ns"], '"170"'),
    ("/v1/cases", CASE, ["event"], "true"),
]


@pytest.mark.parametrize(("url", "body", "path", "token"), STRICT,
                         ids=[f"{u}:{'/'.join(map(str, p))}={t}" for u, _, p, t in STRICT])
def test_a_number_or_yes_no_of_the_wrong_type_is_422(client: TestClient, url: str, body: dict[str, Any],
                                                     path: list[str | int], token: str) -> None:
    items = problem_items(post_raw(client, url, with_value(body, path, token)))
    assert any(i["loc"][:len(path) + 1] == ["body", *path] for i in items), items


def test_the_json_natural_forms_still_rule(client: TestClient) -> None:
    r = client.post("/v1/rulings/revoke", json=REVOKE | {"claim_declarer_tricks": 3, "claim_contested": False})
    assert r.status_code == 200, r.text
    assert r.json()["claim"] == {"assumed": False, "declarer_tricks": 3, "tricks_not_played": 11, "played_out": False,
                                     "counted": "claim", "adjudicated": False}


@pytest.mark.parametrize(("url", "body"), [
    ("/v1/rulings/revoke", REVOKE | {"scoring": {"profile": "fifa"}}),
    ("/v1/rulings/revoke", REVOKE | {"scoring": {"other_room_ns": -420, "profile": "fifa"}}),
    ("/v1/rulings/incorrect-cards", CARDS | {"scoring": {"profile": "fifa"}}),
])
def test_an_unknown_scoring_profile_is_always_422(client: TestClient, url: str, body: dict[str, Any]) -> None:
    msg = problem_at(client.post(url, json=body), ["body", "scoring", "profile"])
    assert "unknown profile 'fifa'" in msg and "wbf" in msg


def test_the_page_still_takes_the_trick_counts_as_typed(client: TestClient) -> None:
    from tests.web.test_web import sponvo_board_21

    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "claim_declarer_tricks": " 3 "})
    assert r.status_code == 200, re.findall(r'class="error[^"]*">([^<]*)', r.text)
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "claim_declarer_tricks": "three"})
    assert r.status_code == 422 and "valid integer" in r.text


# --------------------------------------------------------------------------------------------
# Uploads: "not a PBN file" (422, field `file`) for what was screened as 0 games with 200.

NOT_PBN = [
    (b"", "empty"),
    ('[Event "x"]\n[Board "1"]\n'.encode("utf-32"), "UTF-32"),
    ("notes about board 7\n".encode("utf-16"), "no tag"),  # UTF-16 is read (issue 36): what it lacks is said
    (gzip.compress(SPONVO30.read_bytes()), "gzip"),
    (b"\n" * (5 * 1024 * 1024), "blank lines"),
    (b"{" * (5 * 1024 * 1024), "no tag"),
    (b" \t\r\n" * 100, "blank lines"),
    (bytes(range(1, 32)) * 100, "binary"),
]
NOT_PBN_IDS = ["empty", "utf32", "utf16-no-tag", "gzip", "5MiB-newlines", "5MiB-braces", "blank", "binary"]
# (A LIN file is read wherever PBN is: tests/api/test_lin_everywhere.py.)


@pytest.mark.parametrize(("data", "why"), NOT_PBN, ids=NOT_PBN_IDS)
def test_a_screening_of_what_is_not_a_pbn_file_is_422(client: TestClient, data: bytes, why: str) -> None:
    r = client.post("/v1/screenings", files={"file": ("session.pbn", data)})
    msg = problem_at(r, ["body", "file"])
    assert "session.pbn: not a pbn file" in msg and why.lower() in msg


@pytest.mark.parametrize(("data", "why"), NOT_PBN, ids=NOT_PBN_IDS)
def test_hand_records_that_are_not_a_pbn_file_are_422(client: TestClient, data: bytes, why: str) -> None:
    event = client.post("/v1/events", json={"name": "Spring Pairs", "date": "2026-04-01"}).json()["id"]
    r = client.post(f"/v1/events/{event}/hand-records", files={"file": ("hands.pbn", data)})
    msg = problem_at(r, ["body", "file"])
    assert "not a pbn file" in msg and why.lower() in msg


@pytest.mark.parametrize(("data", "why"), NOT_PBN, ids=NOT_PBN_IDS)
def test_the_page_says_an_upload_is_not_a_pbn_file(client: TestClient, data: bytes, why: str) -> None:
    r = client.post("/upload", files={"file": ("session.pbn", data)}, data={"lang": "en"})
    assert r.status_code == 422, r.status_code
    assert "session.pbn: not a PBN file" in r.text and why in r.text


@pytest.mark.parametrize("pbn", ["", "   \n\n", "just some notes about board 7\n", "{" * 100_000])
def test_the_page_says_a_paste_is_not_a_pbn_game(client: TestClient, pbn: str) -> None:
    r = client.post("/ruling", data={"source": "pbn", "pbn": pbn})
    assert r.status_code == 422, r.status_code
    assert re.search(r"PBN text: not a PBN file: (it is empty|no tag)", r.text), r.text[:2000]


def test_a_pbn_file_is_still_read_as_before(client: TestClient) -> None:
    from engine.records.pbn_text import upload_text

    assert len(loads(upload_text(SPONVO30.read_bytes()))) == 48  # 24 boards, two rooms
    r = client.post("/v1/screenings", files={"file": ("Sponvo30.pbn", SPONVO30.read_bytes())})
    assert r.status_code == 200 and r.json()["counts"]["games"] == 48


# --------------------------------------------------------------------------------------------
# PBN 2.1 section 3.7: a quote inside a tag value is written \" (and a backslash \\).

def test_an_escaped_quote_in_a_tag_value_reads_as_a_quote() -> None:
    text = ('[Event "Generali \\"Euro\\" Team Champs \'97"]\n[Site "Montecatini \\\\ Italy"]\n'
            '[Annotator "Bridge \\"Plaza\\""]\n' + SPONVO_21)
    [game] = loads(text)
    assert game.event == "Generali \"Euro\" Team Champs '97"
    assert game.site == "Montecatini \\ Italy"
    assert game.tags["Annotator"] == 'Bridge "Plaza"'
    assert game.tags["Deal"] == SPONVO30_DEAL  # the tags around it are read as before


def test_the_page_shows_an_escaped_quote_as_a_quote(client: TestClient) -> None:
    text = SPONVO_21.replace('[Room "Closed"]', '[Room "Closed \\"B\\""]')
    r = client.post("/upload", files={"file": ("quoted.pbn", text.encode())}, data={"lang": "en"})
    assert r.status_code == 200, r.text[:500]
    assert "Closed &#34;B&#34;" in r.text and "\\&#34;" not in r.text
    out = client.post("/v1/rulings/revoke", json={"pbn": text, "rest_valued_double_dummy": True}).json()
    assert out["board"]["label"] == 'board 21, room Closed "B" (line 1)'

