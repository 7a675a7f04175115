"""The API in the language asked for (``?lang=`` or ``Accept-Language``; English by default):
ruling steps, explanation lines and error messages are said in it; field names, law codes, enum
values and numbers are not; ``Content-Language`` says which; an unknown ``?lang=`` is a 422."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.i18n import UnknownLanguageError, from_accept_language, languages, negotiate
from app.main import create_app
from tests.api.test_api import URL, WITH_REVOKE, parts
from tests.helpers import laptop


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with laptop(create_app(), raise_server_exceptions=False) as c:
        yield c


# --- negotiation -------------------------------------------------------------------------------

def test_an_explicit_language_wins_over_the_header():
    assert negotiate("pl", "en") == "pl"
    assert negotiate("PL", None) == "pl"


def test_the_header_gives_the_best_language_available_by_q_value():
    assert from_accept_language("de, pl;q=0.8, en;q=0.5") == "pl"  # German has no catalogue
    assert from_accept_language("en;q=0.4, pl;q=0.9") == "pl"
    assert from_accept_language("pl-PL") == "pl"
    assert from_accept_language("pl;q=0, en") == "en"  # q=0: never
    assert from_accept_language("de, fr") is None
    assert negotiate(None, "de, fr") == "en"
    assert negotiate(None, None) == "en"


def test_an_unknown_explicit_language_is_refused_with_the_list():
    with pytest.raises(UnknownLanguageError) as info:
        negotiate("xx", "pl")
    assert info.value.available == sorted(languages()) and "en" in info.value.available


# --- the API -----------------------------------------------------------------------------------

def test_a_ruling_in_polish_keeps_fields_codes_and_numbers(client):
    en = client.post(URL, json=parts(play=WITH_REVOKE, vulnerable="NS", claim_declarer_tricks=1))
    pl = client.post(URL + "?lang=pl", json=parts(play=WITH_REVOKE, vulnerable="NS", claim_declarer_tricks=1))
    assert en.status_code == pl.status_code == 200
    assert en.headers["content-language"] == "en" and pl.headers["content-language"] == "pl"
    e, p = en.json(), pl.json()
    assert e["revokes"] == p["revokes"] and e["declarer_tricks"] == p["declarer_tricks"]
    assert e["score_ns"] == p["score_ns"] and e["suggested"] == p["suggested"]
    assert [s["law"] for s in e["steps"]] == [s["law"] for s in p["steps"]]
    assert [s["key"] for s in e["steps"]] == [s["key"] for s in p["steps"]]
    revoke = next(s for s in p["steps"] if s["key"] == "revoke")
    # trick 3: West leads HK, South discards D4 holding H9 H8 H7 (step.revoke, step.revoke.failure_to_follow in pl)
    assert revoke["text"] == "Fałszywy renons w lewie 3: S zagrał ♦4 w lewie 3, mając ♥987 (wyjście w ♥)."
    assert revoke["params"]["trick"] == 3 and revoke["params"]["what"]["key"] == "revoke.failure_to_follow"
    assert "Prawo 61A: Fałszywy renons w lewie 3: S zagrał ♦4" in "\n".join(p["explanation"])
    assert p["law_64c"]["law"] == e["law_64c"]["law"] and p["law_64c"]["applies"] == e["law_64c"]["applies"]
    assert e["law_64c"]["reason"].startswith("the non-offending side (EW)")
    assert p["law_64c"]["reason"].startswith("strona niewykraczająca (EW) ma ")  # eq.64C1_not, pl/steps.json
    assert re.findall(r"\d+", p["law_64c"]["reason"]) == re.findall(r"\d+", e["law_64c"]["reason"])
    assert "Law 61A: Revoke on trick 3: S played D4 on trick 3 while holding H987 (hearts led)." in \
        "\n".join(e["explanation"])


def test_accept_language_picks_polish_and_an_unknown_one_english(client):
    r = client.post(URL, json=parts(rest_valued_double_dummy=True), headers={"Accept-Language": "de-DE, pl;q=0.7, en;q=0.3"})
    assert r.headers["content-language"] == "pl"
    # the tricks not played were valued double dummy: step 77 says so, not "table result" (issue 24, 1)
    assert any(s["text"].startswith("Wynik policzony z lewami nierozegranymi wycenionymi w otwarte karty")
               for s in r.json()["steps"])
    r = client.post(URL, json=parts(rest_valued_double_dummy=True), headers={"Accept-Language": "de-DE, fr"})
    assert r.headers["content-language"] == "en"
    assert any(s["text"].startswith("Result counted with the tricks not played out valued double dummy")
               for s in r.json()["steps"])


def test_an_unknown_lang_is_a_422_naming_lang(client):
    r = client.post(URL + "?lang=xx", json=parts())
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["query", "lang"] and item["type"] == "unknown_language"
    assert "'xx'" in item["msg"] and "en" in item["msg"] and "pl" in item["msg"]


def test_an_engine_error_is_said_in_polish_with_its_field_and_law(client):
    # N holds the SA in this deal (step through: West declares, North leads; N's CJ then E's SA is not held)
    r = client.post(URL + "?lang=pl", json=parts(contract="9H"))
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["loc"] == ["body", "contract"] and item["type"] == "invalid_board"
    assert item["msg"] == "to nie jest kontrakt: '9H' (oczekiwano np. '4H', '3NT', '4HX', '6SXX')"
    r = client.post(URL, json=parts(contract="9H"))
    assert r.json()["detail"][0]["msg"] == "not a contract: '9H' (expected e.g. '4H', '3NT', '4HX', '6SXX')"


def test_a_validators_reason_and_pydantics_own_are_said_in_polish(client):
    r = client.post(URL + "?lang=pl", json={"contract": "4H"})
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["msg"] == ("podaj `pbn` albo wszystkie z: deal, contract, declarer i play "
                           "(brakuje: deal, declarer, play)")
    r = client.post(URL + "?lang=pl", json=parts(claim_declarer_tricks="many"))
    [item] = r.json()["detail"]
    assert item["type"] == "int_type" and item["loc"] == ["body", "claim_declarer_tricks"]  # strict: no parsing
    assert item["msg"] == "Wartość powinna być liczbą całkowitą"
    r = client.post(URL, json=parts(claim_declarer_tricks="many"))
    assert r.json()["detail"][0]["msg"] == "Input should be a valid integer"


def test_the_openapi_document_describes_lang(client):
    doc = client.get("/openapi.json").json()
    params = doc["paths"]["/v1/rulings/revoke"]["post"]["parameters"]
    assert {"lang", "accept-language"} <= {p["name"].lower() for p in params}
    step = doc["components"]["schemas"]["StepOut"]["properties"]
    assert {"law", "text", "key", "params"} <= set(step)


def test_the_services_own_reasons_are_said_in_polish(client):
    r = client.post(URL + "?lang=pl", content=b'{"deal": ', headers={"content-type": "application/json"})
    assert r.status_code == 422
    [item] = r.json()["detail"]
    assert item["type"] == "json_invalid" and item["msg"].startswith("treść zapytania nie jest poprawnym JSON-em")
    r = client.get("/v1/nothing-here", headers={"Accept-Language": "pl"})
    assert r.status_code == 404 and r.headers["content-language"] == "pl"
    assert r.json()["detail"][0]["msg"] == "nie ma tu /v1/nothing-here: ścieżki API są wymienione pod /docs"


def test_a_case_keeps_its_ruling_in_english_with_the_keys_whatever_language_was_asked(dds, database_url):
    from tests.api.test_case_file import case_body
    from tests.api.test_events import hand_record_file, new_event, upload

    with laptop(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        event = new_event(c)
        assert upload(c, event, hand_record_file()).status_code == 200
        r = c.post("/v1/cases?lang=pl", json=case_body(event))
        assert r.status_code == 201, r.text
        revoke = next(s for s in r.json()["ruling"]["steps"] if s["key"] == "revoke")
        # the reported revoke (South, trick 3) as the engine says it, its phrase keyed for any language later
        assert revoke["text"] == "Revoke on trick 3: S revoked on trick 3 (as the director established it)."
        assert revoke["params"]["what"]["key"] == "revoke.reported"
        r = c.post("/v1/cases?lang=pl", json=case_body(event, table="5", contract="9H"))
        assert r.status_code == 422 and r.json()["detail"][0]["msg"].startswith("to nie jest kontrakt")


def test_an_event_not_stored_is_said_in_polish(client):
    r = client.get("/v1/events/987654?lang=pl")
    assert r.status_code == 404
    [item] = r.json()["detail"]
    assert item["loc"] == ["path", "event_id"] and item["msg"] == "nie ma turnieju 987654"
    assert client.get("/v1/events/987654").json()["detail"][0]["msg"] == "there is no event 987654"
