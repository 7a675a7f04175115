"""Issue 37: one check for every language. The director's whole flow (a club's results file and a
hand-record file uploaded, the same file again, the board list, the traveller, the play page, a
revoke ruled with its sheet, its empty-table-result error, Law 13/14, a claim with a statement,
the alternatives of an adjusted score (issue 38), each saved as a case, the case page, the decision
and committee forms with their errors, the 409s
of an amended and a withdrawn case, the case lists and the ruling log, the sign-in page with
tokens configured) rendered in every language besides English, in strict mode; each page's text
as a director reads it must hold no API field name or snake_case code, no raw category or enum
value, no JSON fragment, no English sentence (``english_in``), no placeholder plural (``lew(y)``)
and no PBN ``PASS`` for the language's pass word.

Files: Compscore3's USEBIO ``mp_pairs_howell.xml`` (../shared/data/club-files), Sponvo30.pbn and
its hand records (tests/helpers.py); the claim is T02 of docs/claims.md (tests/web/test_claim_page.py).
"""

from __future__ import annotations

import html as html_text
import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.i18n import gettext, languages, plural_category
from app.main import create_app
from engine.dd import SolverRunner
from tests.api.test_results_api import CLUB
from tests.helpers import app_with_env, hand_records_only
from tests.people import people_in
from tests.web.test_case_page import PEOPLE
from tests.web.test_claim_page import FORM, ORIGIN, T02
from tests.web.test_web_languages import english_in, law_13_form, sponvo_board_21, visible, when_screened

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")]
OTHERS = [code for code in languages() if code != "en"]
HOWELL = CLUB / "usebio" / "abftech__cobalt" / "mp_pairs_howell.xml"

CHECKS: dict[str, re.Pattern[str]] = {
    # an API field name or any other snake_case code: table_result, careless_block, offender_card
    "code": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    # a raw enum value or a coded card/suit: "Klasa gracza: club", (suit:C), SQ:W
    "enum": re.compile(r"\b(?:club|expert|average|beginner|unknown|not_mentioned|contested|none)\b"
                       r"|\b(?:suit|seat|card):[A-Z0-9]|\b[SHDC](?:10|[2-9TJQKA]):[NESW]\b"),
    # an engine's or a profile's code in lower case where the page names the thing: "(usebio,
    # Compscore3)" for USEBIO XML, a jurisdiction "wbf" for WBF
    "lower code": re.compile(r"(?<![.\w/-])(?:usebio|nz-scorer|wbf|ebu|acbl)\b"),
    # a JSON fragment: [{"suit": "D", "count": 1}]
    "json": re.compile(r"\[\{|\{\"|\"\}|\":\s"),
    # a placeholder plural: lew(y), kart(y), trick(s)
    "plural": re.compile(r"[^\W\d_]\((?:[^\W\d_]{1,3})\)"),
    # the PBN's pass word, not the language's
    "pass": re.compile(r"\bPASS\b|\bPass\b"),
}


LAW_WORD = {"pl": re.compile(r"\b[Pp]rzepis\w*"), "ru": re.compile(r"\b[Зз]акон(?:ы|а|у|ом|ов|ам|ами|ах|е)?\b")}
"""A word for Law the language's translation does not use: the PZBS translation of the Laws says
"Prawo" ("Prawa 61-64", "Prawo 50"), never "przepis"; the Russian ones "Правило" ("Правила
61-64"), not "Закон" beside it."""

# A counted noun's forms by the CLDR plural category of its number (Babel's rules: Polish and
# Russian one / few / many): a few-form after a many-number ("5 lewy") or a many-form (the
# genitive plural) after a few-number ("24 rozdań", "134 zapisów") is a wrong plural, unless a
# preposition or noun governing the genitive comes before the number ("z 3 lew").
COUNTED = {
    "pl": {"few": {"lewy", "karty", "zapisy", "rozdania", "sprawy", "pary", "wyniki", "mecze", "pliki", "wiersze"},
           "many": {"lew", "kart", "zapisów", "rozdań", "spraw", "par", "wyników", "meczów", "plików"}},
    "ru": {"few": {"взятки", "карты", "строки", "сдачи", "дела", "пары", "результата", "матча"},
           "many": {"взяток", "карт", "строк", "сдач", "дел", "пар", "результатов", "матчей"}},
}
GENITIVE_BEFORE = {"pl": {"z", "ze", "do", "od", "bez", "spośród", "wyniku", "wynik", "około", "ponad", "niż"},
                   "ru": {"из", "до", "от", "без", "около", "более", "менее", "чем"}}


def wrong_plurals(lang: str, text: str) -> list[str]:
    """The counted nouns of ``text`` whose form is not the one their number takes in ``lang``."""
    forms = COUNTED.get(lang)
    if not forms:
        return []
    found = []
    for m in re.finditer(r"(?<![\d/.,])\b(\d+) (\w+)", text):
        n, word = int(m.group(1)), m.group(2)
        before = (re.findall(r"(\w+)\W*$", text[:m.start()]) or [""])[0].lower()
        category = plural_category(lang, n)
        if category == "many" and word in forms["few"]:
            found.append(f"{n} {word}")
        elif category in ("few", "one") and word in forms["many"] and before not in GENITIVE_BEFORE[lang]:
            found.append(f"{n} {word}")
    return found


def problems(page: str, lang: str = "") -> list[str]:
    """What a director must not read on ``page`` (a page in ``lang``, a language other than
    English): ``"kind: text"`` for each hit, the English words as ``english_in`` finds them."""
    text = re.sub(r"\s+", " ", visible(page))
    found = [f"english: {w}" for w in english_in(page)]
    for kind, pattern in CHECKS.items():
        found += [f"{kind}: {m.group(0)}" for m in pattern.finditer(text)]
    if lang in LAW_WORD:
        found += [f"law word: {m.group(0)}" for m in LAW_WORD[lang].finditer(text)]
    found += [f"plural: {w}" for w in wrong_plurals(lang, text)]
    return found


def test_the_plural_check_knows_polish_numbers() -> None:
    # Babel's Polish rules: 2-4, 22-24, 32-34... few; 5-21, 25-31, 12-14 many
    assert wrong_plurals("pl", "134 zapisów z protokołów na 24 rozdań") == ["134 zapisów", "24 rozdań"]
    assert wrong_plurals("pl", "161 zapisów, 134 zapisy, 24 rozdania, 12 lew, z 3 lew") == []
    assert wrong_plurals("pl", "wzięła 5 lewy") == ["5 lewy"]


def said_stored(lang: str, page: str) -> list[str]:
    """The sentences of ``page`` that say a file was stored ("Zapisano jako turniej...",
    "Zapisano wyniki sesji..."): their first two words, as the language says them."""
    heads = [" ".join(gettext(lang, key, event=0, name="", lines=0, n=0, boards=0, kind="", program="").split()[:2])
             for key in ("boards_intro", "upload_travellers")]
    return [h for h in heads if h in re.sub(r"\s+", " ", visible(page))]


def _event_of(page: str) -> str:
    m = re.search(r'/events/(\d+)/boards/\d+/', page)
    assert m, visible(page)[:600]
    return m.group(1)


def _case_fields(view: str) -> dict[str, str]:
    """The hidden fields of a ruling view's "save as a case" form."""
    part = view.split('id="form-case"')[1]
    return {html_text.unescape(n): html_text.unescape(v)
            for n, v in re.findall(r'<input[^>]*name="([^"]+)" value="([^"]*)"', part)}


def _flow(c: TestClient, lang: str) -> Iterator[tuple[str, Any]]:
    """Every page of the director's flow in ``lang``: ``(name, response)``."""
    yield "form", c.get(f"/?lang={lang}")
    results = HOWELL.read_bytes() + f"<!-- {uuid.uuid4()} -->".encode()
    up = c.post("/upload", files={"file": ("session.xml", results)}, data={"lang": lang})
    yield "upload results", up
    event = _event_of(up.text)
    again = c.post("/upload", files={"file": ("session.xml", results)}, data={"lang": lang})
    yield "upload again", again
    yield "board list", c.get(f"/events/{event}?lang={lang}")
    yield "traveller", c.get(f"/events/{event}/boards/1/traveller?lang={lang}")
    yield "play page", c.get(f"/events/{event}/boards/1/play?ns=5&ew=2&lang={lang}")
    # pairs 5 v 2, 4H by South, 8 tricks; East revoked at trick 5 (tests/web/test_results_page.py)
    facts = {"source": "event", "event": event, "board": "1", "ns_pair": "5", "ew_pair": "2",
             "contract": "4H", "declarer": "S", "table_result": "8", "play": "",
             "rf_trick": "5", "rf_offender": "E", "rf_won_by": "E", "rf_after": "3", "lang": lang}
    ruled = c.post("/ruling", data=facts)
    yield "revoke ruling", ruled
    yield "no table result", c.post("/ruling", data=facts | {"table_result": ""})
    yield "short trick", c.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "lang": lang,
                                                 "play": "CJ C3 C2 CK HA H6 HJ"})
    pbn_ruling = c.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "rest_valued_double_dummy": "1",
                                         "lang": lang})
    yield "revoke ruling (pbn)", pbn_ruling
    deals = c.post("/upload", files={"file": (f"deals-{uuid.uuid4()}.pbn", hand_records_only().encode())},
                   data={"lang": lang})
    deals = when_screened(c, deals, lang)
    yield "upload hand records", deals
    yield "law 13 form", c.get(f"/events/{_event_of(deals.text)}/boards/21/cards?lang={lang}")
    yield "law 13 ruling", c.post("/incorrect-cards", data=law_13_form(lang, table_tricks="10"))
    law13 = c.post("/incorrect-cards", data=law_13_form(lang, table_tricks="10"))
    if "form-case" in law13.text:
        saved = c.post("/cases", follow_redirects=False, data=_case_fields(law13.text) | {
            "case_event": event, "case_board": "2", "ns_number": "7", "ew_number": "4", "case_director": "Anna",
            "confirm_duplicate": "1"})
        assert saved.status_code == 303, visible(saved.text)[:800]
        yield "law 13 case page", c.get(f"{saved.headers['location'].split('?')[0]}?lang={lang}")
    # Compscore3's Mitchell: board 25 passed out at pairs 12 v 6
    mitchell = (CLUB / "usebio" / "abftech__cobalt" / "mp_pairs_mitchell.xml").read_bytes()
    up2 = c.post("/upload", files={"file": ("mitchell.xml", mitchell + f"<!-- {uuid.uuid4()} -->".encode())},
                 data={"lang": lang})
    yield "upload mitchell", up2
    yield "traveller with a pass", c.get(f"/events/{_event_of(up2.text)}/boards/25/traveller?lang={lang}")
    yield "claim form", c.get(f"/claim?lang={lang}")
    claim = c.post("/claim", data=FORM | T02 | {"lang": lang, "st_steps": "cash S\nconcede S"}, headers=ORIGIN)
    yield "claim ruling", claim
    yield "claim from traveller", c.get(f"/claim?event={event}&board=1&ns=5&ew=2&lang={lang}")
    # issue 38: the alternatives at pairs 5 v 2 (4H by South, 8 tricks), saved as a case and decided
    yield "alternatives from traveller", c.get(f"/alternatives?event={event}&board=1&ns=5&ew=2&lang={lang}")
    alts = c.post("/alternatives", headers=ORIGIN, data={
        "lang": lang, "event": event, "board": "1", "ns_pair": "5", "ew_pair": "2", "law": "16B", "contract": "4H",
        "declarer": "S", "tricks": "8", "rows": "4", "a0_contract": "4H", "a0_declarer": "S", "a0_weight": "60%",
        "a1_contract": "3NT", "a1_declarer": "N", "a1_weight": "40%"})
    assert 'id="form-case"' in alts.text, (alts.status_code, ' '.join(visible(alts.text).split())[:3000])
    yield "alternatives answer", alts
    saved = c.post("/cases", follow_redirects=False, data=_case_fields(alts.text) | {
        "case_event": event, "ns_number": "5", "ew_number": "2", "case_director": "Anna", "confirm_duplicate": "1"})
    assert saved.status_code == 303, visible(saved.text)[:800]
    alt_case = saved.headers["location"].split("?")[0]
    yield "alternatives case page", c.get(f"{alt_case}?lang={lang}")
    yield "alternatives decision no reason", c.post(f"{alt_case}/decision", data={
        "lang": lang, "score_ns": "100", "reason": ""})
    c.post(f"{alt_case}/decision", data={"lang": lang, "score_ns": "100", "result": "x", "law": "12C1(c)",
                                         "reason": "x"})
    yield "alternatives case decided", c.get(f"{alt_case}?lang={lang}")
    saved = c.post("/cases", follow_redirects=False, data=_case_fields(ruled.text) | {
        "case_event": event, "ns_number": "5", "ew_number": "2", "case_director": "Anna", "confirm_duplicate": "1"})
    assert saved.status_code == 303, visible(saved.text)[:800]
    case = saved.headers["location"].split("?")[0]
    yield "case page", c.get(f"{case}?lang={lang}")
    yield "review before decision", c.post(f"{case}/reviews", data={"lang": lang, "outcome": "uphold",
                                                                     "members": "A, B, C", "reasons": "x"})
    yield "decision no score", c.post(f"{case}/decision", data={"lang": lang, "score_ns": "", "reason": ""})
    yield "decision", c.post(f"{case}/decision", data={"lang": lang, "score_ns": "100", "reason": "x"})
    yield "review no members", c.post(f"{case}/reviews", data={"lang": lang, "outcome": "uphold", "members": ""})
    if "form-case" in claim.text:
        saved = c.post("/cases", follow_redirects=False, data=_case_fields(claim.text) | {
            "case_event": event, "case_board": "1", "ns_number": "6", "ew_number": "1", "case_director": "Anna",
            "confirm_duplicate": "1"})
        assert saved.status_code == 303, visible(saved.text)[:800]
        if saved.status_code == 303:
            yield "claim case page", c.get(f"{saved.headers['location'].split('?')[0]}?lang={lang}")
    other = c.post("/cases", follow_redirects=False, data=_case_fields(pbn_ruling.text) | {
        "case_event": "new", "new_event_name": "Euro 97", "new_event_date": "1997-06-26",
        "ns_number": "12", "ew_number": "3", "case_director": "Anna"})
    gone = other.headers["location"].split("?")[0]
    c.post(f"{gone}/amend", data={"lang": lang, "table": "9", "reason": "x"})
    c.post(f"{gone}/withdraw", data={"lang": lang, "reason": "x"})
    yield "amend withdrawn", c.post(f"{gone}/amend", data={"lang": lang, "table": "8", "reason": "x"})
    yield "withdraw withdrawn", c.post(f"{gone}/withdraw", data={"lang": lang, "reason": "x"})
    yield "decide withdrawn", c.post(f"{gone}/decision", data={"lang": lang, "score_ns": "100", "reason": "x"})
    yield "withdrawn case page", c.get(f"{gone}?lang={lang}")
    yield "case list", c.get(f"/events/{event}/cases?lang={lang}")
    yield "all cases", c.get(f"/cases?lang={lang}")


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("every") / "a.sqlite3"
    with app_with_env(dds, f"sqlite:///{db}", ADVISOR_I18N_STRICT="1") as c:
        yield c


@pytest.mark.parametrize("lang", OTHERS)
def test_every_page_of_the_directors_flow_is_in_the_language(client: TestClient, lang: str) -> None:
    found = {}
    for name, r in _flow(client, lang):
        assert r.status_code < 500, (name, r.text[:500])
        hits = problems(r.text, lang)
        if name == "upload again":  # nothing was created: nothing is said to be stored
            hits += [f"stored: {w}" for w in said_stored(lang, r.text)]
        if hits:
            found[name] = sorted(set(hits))
    assert found == {}, "\n".join(f"{name}: {hits}" for name, hits in found.items())


def test_the_play_ending_errors_name_the_pages_boxes_in_english_too(client: TestClient) -> None:
    # the API's words name its fields (table_result, claim_declarer_tricks, rest_valued_double_dummy);
    # the page names its boxes
    facts = {"source": "pbn", "pbn": sponvo_board_21(), "lang": "en", "play": "CJ C3 C2 CK"}
    short = client.post("/ruling", data=facts)
    assert short.status_code == 422
    said = re.sub(r"\s+", " ", visible(short.text))
    assert "tick the box to value them double dummy" in said
    assert CHECKS["code"].findall(said) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_sign_in_page_with_tokens_configured(dds: SolverRunner, tmp_path: Any, lang: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_I18N_STRICT", "1")
    database = f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    people_in(database, PEOPLE)
    with TestClient(create_app(dds, database_url=database)) as c:
        pages = {"sign-in": c.get(f"/signin?lang={lang}"),
                 "bad token": c.post("/signin", data={"lang": lang, "token": "nope"}, headers=ORIGIN),
                 "no token": c.get(f"/?lang={lang}")}
        found = {name: problems(r.text, lang) for name, r in pages.items() if problems(r.text, lang)}
        assert found == {}
        # the refused token's error box is headed as a sign-in, not as a ruling that cannot be made
        box = re.search(r'<div class="error" role="alert"[^>]*>\s*<h2>(.*?)</h2>', pages["bad token"].text, re.S)
        assert box is not None and pages["bad token"].status_code == 401
        assert html_text.unescape(box.group(1)).strip() == gettext(lang, "errors_heading_signin")
