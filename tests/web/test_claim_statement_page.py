"""The claim page's statement (issue 33, point 7): one ordered list of steps, posted in the order
the director gave them into ``claim.statement.steps``; said back in words in the page's language
on the form, in the stated line and in the ruling's steps, never as a code (``suit:H``, ``SQ:W``,
``careless_block``); a line of the no-JavaScript field that cannot be read named in the director's
language; the claimer following the declarer; a claim opened from a traveller line.

Positions: T02 of docs/claims.md section 3 (EBU White Book 8.70.5, tests/web/test_claim_page.py
quotes it): 754 opposite a void, a singleton six out, no statement: 2 of 3, the ♠4 first a careless
order (70E2). Board 1 of Compscore3's mp_pairs_howell.xml (USEBIO, ../shared/data/club-files):
pairs 5 v 2, 4H by South, 8 tricks, lead the club ace (tests/web/test_results_page.py reads it)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from app.web.claim import claim_body, statement_view
from engine.errors import InvalidBoardError
from tests.api.test_case_file import event  # noqa: F401 - the case file's fixture
from tests.web.test_claim_page import FORM, ORIGIN, T02

_CODE = re.compile(r"[a-z]+_[a-z_]+|suit:|seat:|\b[SHDC](?:10|[2-9TJQKA]):[NESW]\b|careless_|unaware_trump|draw_trumps|cross_ruff|"
                   r"ruffing_finesse|\b[SHDC](?:10|[2-9TJQKA])\b")
"""A code a director must not read: the older fields' ``suit:H`` and ``SQ:W``, a category or a
kind of step by its name, a card in the engine's letters (``S4``, not ``♠4``)."""


def visible(page: str, *sections: str) -> str:
    """The text a director reads in the page's ``sections`` (element ids; the whole body when
    none): no tags, scripts, form values or the no-JavaScript field's own text form."""
    body = re.sub(r"<script.*?</script>|<textarea.*?</textarea>|<div id=\"steps-text\".*?</div>", " ", page, flags=re.S)
    if sections:
        parts = []
        for sid in sections:
            m = re.search(rf'<(\w+)[^>]*\bid="{sid}"[^>]*>(.*?)</\1>', body, re.S)
            assert m, f"no #{sid}"
            parts.append(m.group(2))
        body = " ".join(parts)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


# --- the form read into the request ----------------------------------------------------------------

def test_the_steps_are_posted_in_the_order_given():
    body = claim_body(FORM | T02 | {"st_steps": "draw trumps\ncash C\nconcede D"}, [])
    assert body["claim"]["statement"] == {"text": "", "trumps": "not_mentioned", "steps": [
        {"do": "draw_trumps"}, {"do": "cash", "suit": "C"}, {"do": "concede", "suit": "D"}]}
    again = claim_body(FORM | T02 | {"st_steps": "concede D\ndraw trumps\ncash C"}, [])
    assert again["claim"]["statement"]["steps"] == [{"do": "concede", "suit": "D"}, {"do": "draw_trumps"},
                                                    {"do": "cash", "suit": "C"}]


def test_every_kind_of_step_goes_to_the_request_as_written():
    text = ("lead SA\nfinesse SQ W\nruff C N 2\ncross-ruff C N H\nconcede D 1 C2\ndiscard C2 on DA\ndiscard H3 D\n"
            "ruffing finesse DQ E C2\nunblock CK\nsqueeze HA C2")
    steps = claim_body(FORM | T02 | {"st_steps": text}, [])["claim"]["statement"]["steps"]
    assert steps == [
        {"do": "lead", "card": "SA"}, {"do": "finesse", "card": "SQ", "against": "W"},
        {"do": "ruff", "suit": "C", "in": "N", "count": 2},
        {"do": "cross_ruff", "suit": "C", "in": "N", "other_suit": "H"},
        {"do": "concede", "suit": "D", "count": 1, "card": "C2"}, {"do": "discard", "card": "C2", "on": "DA"},
        {"do": "discard", "card": "H3", "suit": "D"},
        {"do": "ruffing_finesse", "card": "DQ", "against": "E", "discard": "C2"},
        {"do": "unblock", "card": "CK"}, {"do": "squeeze", "keep": ["HA", "C2"]}]
    assert "order" not in claim_body(FORM | T02, [])["claim"]["statement"]  # the older fields are gone from the page


def test_a_line_that_cannot_be_read_is_refused_before_the_request():
    with pytest.raises(InvalidBoardError) as info:
        claim_body(FORM | T02 | {"st_steps": "draw trumps\nruff C"}, [])
    assert info.value.path == "claim/statement/steps/1" and info.value.key == "claim_step_needs_seat"


def test_the_forms_steps_are_shown_in_words_with_their_lines():
    view = statement_view("pl", "cash C\nconcede D 2")
    assert view == {"read": True, "steps": [{"line": "cash C", "words": "Ściągnąć trefle"},
                                            {"line": "concede D 2", "words": "Oddać 2 lewy w karach"}]}
    assert statement_view("en", "cash X") == {"read": False, "steps": []}


# --- the page --------------------------------------------------------------------------------------

STATED = {  # T02's statement "cash the spades, then give up a spade", each language's words
    "en": ["Cash the spades", "Give up a trick in spades"],
    "pl": ["Ściągnąć piki", "Oddać lewę w pikach"],
    "ru": ["Отыграть пики", "Отдать взятку в пиках"],
    "el": ["Παίρνω τα μπαστούνια", "Δίνω μια λεβέ στα μπαστούνια"],
}
POINT = {  # T02's doubtful point: South's ♠4 at trick 1, a careless order (70E2)
    "en": "trick 1: South plays the ♠4 (careless order within a suit, 70E2).",
    "pl": "lewa 1: S zagrywa ♠4 (nieuważna kolejność w kolorze, 70E2).",
    "ru": "взятка 1: Юг играет ♠4 (небрежный порядок в масти, 70E2).",
    "el": "λεβέ 1: ο Νότος παίζει το ♠4 (απρόσεκτη σειρά μέσα στο χρώμα, 70E2).",
}


@pytest.mark.parametrize("lang", sorted(STATED))
def test_the_ruling_says_the_stated_line_and_the_doubtful_point_in_words(client: TestClient, lang: str,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_I18N_STRICT", "1")  # an English fallback would come marked
    r = client.post("/claim", data=FORM | T02 | {"lang": lang, "st_steps": "cash S\nconcede S"}, headers=ORIGIN)
    assert r.status_code == 200, r.text[:500]
    stated = re.search(r'<ol id="stated-steps">(.*?)</ol>', r.text, re.S)
    assert stated and [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", stated.group(1))] == STATED[lang]
    listed = re.findall(r'<li data-line="([^"]*)"><span class="step-words">(.*?)</span>', r.text)
    assert [(line, html.unescape(w)) for line, w in listed] == list(zip(["cash S", "concede S"], STATED[lang],
                                                                       strict=True))
    shown = visible(r.text, "claim-answer", "doubtful-points", "worst-line", "stated-line", "claim-steps")
    assert not _CODE.search(shown), _CODE.search(shown)
    assert not _CODE.search(visible(r.text)), _CODE.search(visible(r.text))
    assert "\u27e6" not in r.text  # no text of the page fell back to English
    # no statement: the ♠4 first is the doubtful point, said with the card as the tables show it
    none = client.post("/claim", data=FORM | T02 | {"lang": lang}, headers=ORIGIN)
    points = re.findall(r'<li data-category="(\w+)">(.*?)</li>', none.text, re.S)
    assert [c for c, _ in points] == ["careless_order"]
    assert html.unescape(points[0][1]).strip().startswith(POINT[lang])
    assert not _CODE.search(visible(none.text)), _CODE.search(visible(none.text))
    ruled_off = client.post("/claim", data=FORM | T02 | {"lang": lang, "toggle": "careless_order"}, headers=ORIGIN)
    assert not _CODE.search(visible(ruled_off.text, "doubtful-points", "claim-steps"))


def test_a_step_that_cannot_be_read_is_said_at_its_field_in_the_directors_language(client: TestClient) -> None:
    said = {"en": "The statement, step 2: 'ruff S': give the player",
            "pl": "Wyjaśnienie, krok 2: 'ruff S': podaj gracza",
            "ru": "Заявление, шаг 2: 'ruff S': укажите игрока",
            "el": "Η δήλωση, βήμα 2: 'ruff S': δώστε τον παίκτη"}
    for lang, text in said.items():
        r = client.post("/claim", data=FORM | T02 | {"lang": lang, "st_steps": "cash S\nruff S"}, headers=ORIGIN)
        assert r.status_code == 422
        err = re.search(r'<p class="field-error" id="err-st_steps">(.*?)</p>', r.text)
        assert err and html.unescape(err.group(1)) == text
        assert "cash S\nruff S</textarea>" in r.text  # kept for correction
        assert 'data-read="0"' in r.text  # the script leaves the field to be corrected
    # a card the claiming side does not hold: the API's check, at the same step
    r = client.post("/claim", data=FORM | T02 | {"st_steps": "cash S\nlead C2"}, headers=ORIGIN)
    assert r.status_code == 422
    assert "The statement, step 2: the statement names C2, which the claiming side does not hold" in \
        html.unescape(r.text)


def test_the_form_offers_every_kind_of_step_in_words_and_the_scripts_templates(client: TestClient) -> None:
    for lang in ("en", "pl", "ru", "el"):
        r = client.get(f"/claim?lang={lang}")
        assert r.status_code == 200
        kinds = re.findall(r'<button type="button" data-add="(\w+)">', r.text)
        assert kinds == ["draw_trumps", "cash", "lead", "finesse", "ruff", "cross_ruff", "concede", "discard",
                         "ruffing_finesse", "unblock", "squeeze"]
        assert 'id="steps-text-data"' in r.text and 'name="st_steps"' in r.text
        assert not _CODE.search(visible(r.text)), (lang, _CODE.search(visible(r.text)))
        for old in ("st_order", "st_finesses", "st_ruffs", "st_concede", "st_unblock"):
            assert f'name="{old}"' not in r.text


# --- from a traveller line -------------------------------------------------------------------------

def test_a_claim_opened_from_a_traveller_line_is_prefilled(client: TestClient) -> None:
    from tests.api.test_results_api import CLUB
    from tests.web.test_results_page import _event

    if not CLUB.is_dir():
        pytest.skip("../shared/data/club-files is not beside the repository")
    event_id = _event(client)
    traveller = client.get(f"/events/{event_id}/boards/1/traveller?lang=pl")
    link = f"/claim?event={event_id}&amp;board=1&amp;ns=5&amp;ew=2&amp;lang=pl"
    assert link in traveller.text and traveller.text.count('class="claim-link"') == 6
    page = client.get(html.unescape(link))
    assert page.status_code == 200, page.text[:500]
    text = page.text
    # pairs 5 v 2: 4H by South, 8 tricks (4H S -2), lead the club ace; the claimer is the declarer
    assert 'id="cl-contract" name="contract" value="4H"' in text
    assert re.search(r'id="cl-declarer".*?<option value="S" selected', text, re.S)
    assert re.search(r'id="cl-by".*?<option value="S" selected', text, re.S)
    assert '<textarea id="cl-play" name="play" rows="3" spellcheck="false">CA</textarea>' in text
    assert f'name="event" value="{event_id}"' in text and 'name="ns_pair" value="5"' in text
    assert 'data-deal="N:98.9762.AJT32.54 J5432.T8.K865.J2 Q76.AKQJ54.Q4.Q6 AKT.3.97.AKT9873"' in text
    line = visible(text, "from-traveller")
    assert "pary 5 – 2" in line and "4H S -2" in line and "wist ♣A" in line
    # the claim as ruled from it: after eight tricks South (on lead) claims the last five, and the
    # pairs are kept with the form (the ruling is the claim route's: tests/web/test_claim_page.py)
    play = ("CA C5 C2 C6 SA S9 S2 S6 CK C4 CJ CQ SK S8 S3 S7 CT D2 S4 H4 HA H3 H2 H8 HK C3 H6 HT DQ D9 D3 D5")
    form = {"lang": "en", "source": "board", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
            "contract": "4H", "declarer": "S", "play": play, "by": "S", "tricks": "5",
            "st_steps": "draw trumps\nlead D4\ncash S"}
    r = client.post("/claim", data=form, headers=ORIGIN)
    assert r.status_code == 200, visible(r.text)[:800]
    assert "pairs 5 v 2" in visible(r.text, "from-traveller")
    stated = re.search(r'<ol id="stated-steps">(.*?)</ol>', r.text, re.S)
    assert stated and [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", stated.group(1))] == \
        ["Draw trumps", "Lead the ♦4", "Cash the spades"]
    assert not _CODE.search(visible(r.text, "claim-answer", "doubtful-points", "worst-line", "stated-line",
                                    "claim-steps"))
    bad = client.get(f"/claim?event={event_id}&board=1&table=99")
    assert bad.status_code == 404


def test_a_claim_case_with_the_older_fields_shows_its_steps_in_words(client: TestClient, event: int) -> None:  # noqa: F811
    # the API's older fields, read after `steps` in that order: order ("suit:S"), then concede
    body = {"kind": "claim", "event": event, "board": "2", "director": "J. K.",
            "pairs": {"ns": {"number": "1"}, "ew": {"number": "2"}},
            "position": {"hands": {"N": ".AKQ..", "E": "...432", "S": "754...", "W": "6.65.."}, "trump": "NT",
                         "leader": "S"},
            "claim": {"by": "S", "tricks": 3, "statement": {"steps": [{"do": "lead", "card": "S7"}],
                                                            "order": ["suit:S"], "concede": [{"suit": "S"}]}}}
    r = client.post("/v1/cases", json=body)
    assert r.status_code == 201, r.text[:500]
    for lang, words in (("en", "1. Lead the ♠7; 2. Cash the spades; 3. Give up a trick in spades"),
                        ("pl", "1. Zagrać ♠7; 2. Ściągnąć piki; 3. Oddać lewę w pikach")):
        page = client.get(f"/cases/{r.json()['id']}?lang={lang}")
        assert page.status_code == 200
        text = visible(page.text)
        assert words in text
        assert "suit:S" not in text and "careless_" not in text, text[:2000]



# --- issue 37: the contract boxes read a director's words -----------------------------------------

@pytest.mark.parametrize(("typed", "lang", "pbn"), [("4 piki", "pl", "4S"), ("3 bez atu kontra", "pl", "3NTX"),
                                                    ("4 червы", "ru", "4H"), ("2 κούπες", "el", "2H"),
                                                    ("4S", "en", "4S")])
def test_the_claim_forms_contract_boxes_read_the_directors_words(typed, lang, pbn):
    board = claim_body(FORM | {"source": "deal", "deal": "N:...", "contract": typed, "declarer": "S"}, [], lang)
    assert board["contract"] == pbn
    position = claim_body(FORM | T02 | {"pos_contract": typed, "pos_declarer": "S"}, [], lang)
    assert position["position"]["contract"] == pbn


def test_a_claim_contract_naming_two_suits_is_refused_at_its_field():
    with pytest.raises(InvalidBoardError) as caught:
        claim_body(FORM | T02 | {"pos_contract": "4K", "pos_declarer": "S"}, [], "pl")
    assert (caught.value.path, caught.value.key, caught.value.params["letter"]) == ("position/contract",
                                                                                   "contract_ambiguous", "K")
