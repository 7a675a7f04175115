"""The page of an adjusted score after misinformation or unauthorised information (issue 38):
``GET /alternatives`` from a traveller line ("Adjusted score (other laws)") and ``POST
/alternatives`` (the evidence side by side, the weighted score), on the real club file of the
route's own tests (tests/api/test_alternatives.py: the ABF Compscore3 USEBIO Howell, deals and
every table's contract, declarer, lead and tricks). Every figure is checked as there: double dummy
by endplay's ``solve_board`` called directly, the room's counts counted from the file's XML, Law 77
scores and the weighted matchpoints worked by hand."""

from __future__ import annotations

import html
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.test_alternatives import BOARD_1, HOWELL, direct_dd, room_counts
from tests.api.test_events import new_event

pytestmark = pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")

ORIGIN = {"Origin": "http://testserver"}


@pytest.fixture
def event(client: TestClient) -> int:
    """The Howell session stored as an event (its hand records and travellers), as the route's tests."""
    event_id = new_event(client, name="ABF Howell", date="2022-07-27")
    r = client.post(f"/v1/events/{event_id}/results", files={"file": ("session.xml", HOWELL.read_bytes())})
    assert r.status_code == 200, r.text
    return event_id


def value(page: str, name: str) -> str:
    """The value of the form's input ``name`` (or the selected option of its select)."""
    m = re.search(rf'<input [^>]*name="{name}" value="([^"]*)"', page)
    if m:
        return html.unescape(m.group(1))
    m = re.search(rf'<select id="[^"]*" name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert m, f"no field {name}"
    chosen = re.search(r'<option value="([^"]*)" selected', m.group(1))
    return chosen.group(1) if chosen else ""


def card_of(page: str, row: int) -> str:
    """The evidence of the alternative of form row ``row`` (its ``div.alt-card``)."""
    m = re.search(rf'<div class="alt-card" data-row="{row}".*?</table>\s*<table.*?</table>', page, re.S)
    assert m, f"no alternative of row {row}"
    return m.group(0)


def cell(fragment: str, cls: str) -> str:
    m = re.search(rf'<td class="{cls}"[^>]*>(.*?)</td>', fragment, re.S)
    assert m, f"no .{cls}"
    return html.unescape(re.sub(r"<[^>]+>", " ", m.group(1))).split()


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def error_at(page: str, field: str) -> str:
    m = re.search(rf'<p class="field-error" id="err-{field}">(.*?)</p>', page, re.S)
    assert m, f"no error at {field}"
    return html.unescape(m.group(1))


def form_of(event_id: int, **rows: Any) -> dict[str, str]:
    """The form as the traveller's link fills it for pairs 3 v 11 of board 1, then ``rows``."""
    return {"lang": "en", "event": str(event_id), "board": "1", "ns_pair": "3", "ew_pair": "11", "law": "40B",
            "contract": "5C", "declarer": "W", "tricks": "11", "lead": "H2", "rows": "4"} | rows


def test_the_traveller_link_opens_the_form_prefilled_from_the_line(client: TestClient, event: int) -> None:
    page = client.get(f"/events/{event}/boards/1/traveller?lang=en").text
    links = re.findall(r'<a class="alternatives-link" href="([^"]+)"', page)
    assert len(links) == 6  # the six tables of board 1, each with a contract
    link = html.unescape(next(x for x in links if "ns=3&" in html.unescape(x) and "ew=11" in html.unescape(x)))
    r = client.get(link)
    assert r.status_code == 200, r.text[:400]
    # the file's line of pairs 3 v 11: 5C by West, 11 tricks, North led the H2
    assert [value(r.text, k) for k in ("contract", "declarer", "tricks", "lead")] == ["5C", "W", "11", "H2"]
    assert [value(r.text, k) for k in ("event", "board", "ns_pair", "ew_pair")] == [str(event), "1", "3", "11"]
    assert len(re.findall(r'<tr data-row="\d+">', r.text)) == 4  # four rows for the alternatives
    assert 'id="from-traveller"' in r.text and "5C" in text(r.text)
    assert value(r.text, "law") == "other"
    laws = r.text.split('name="law"')[1].split("</select>")[0]
    assert re.findall(r'<option value="(\w+)"', laws) == ["16B", "21B", "40B", "73C", "75", "other"]


def test_three_alternatives_side_by_side_with_every_figure(client: TestClient, event: int) -> None:
    # as the route's test: 4H by South, 5CX by West, 3NT by East, weights 50/30/20; the third in row 4
    # (a blank row between is left out)
    form = form_of(event, a0_contract="4♥", a0_declarer="S", a0_weight="50%", a1_contract="5CX", a1_declarer="W",
                   a1_weight="30%", a3_contract="3NT", a3_declarer="E", a3_weight="20%")
    r = client.post("/alternatives", data=form, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    page = r.text
    table = text(re.search(r'<p id="alt-table">.*?</p>', page, re.S).group(0))
    assert table.startswith("At the table: 5C W =, lead ♥2")
    hearts, clubs, notrump = card_of(page, 0), card_of(page, 1), card_of(page, 3)
    # double dummy: the table's lead only where North is on lead again (5CX by West), from the direct solve
    assert cell(clubs, "dd-table-lead") == [str(direct_dd(BOARD_1, "C", "W")["H2"])] == ["11"]
    assert cell(hearts, "dd-table-lead") == ["\u2014"] and cell(notrump, "dd-table-lead") == ["\u2014"]
    nt = direct_dd(BOARD_1, "NT", "E")
    lo, hi = min(nt.values()), max(nt.values())
    assert cell(notrump, "dd-range") == [f"{lo}–{hi}"]
    # each card's tricks: the cards grouped by the tricks they give, as the direct solve has them
    groups = dict(re.findall(r'<span class="by-lead" data-tricks="(\d+)"><strong>\d+</strong>: ([^<]*)</span>',
                             notrump))
    symbols = str.maketrans({"S": "♠", "H": "♥", "D": "♦", "C": "♣"})
    assert {int(n): set(cs.split()) for n, cs in groups.items()} == {
        n: {f"{c[0].translate(symbols)}{'10' if c[1] == 'T' else c[1]}" for c, t in nt.items() if t == n}
        for n in set(nt.values())}
    # the room, counted from the XML: 4H by North-South at four other tables, eight tricks each
    assert room_counts("1", ("3", "11"), "4H", "NS") == Counter({8: 4})
    assert re.search(r'<td class="room" data-tables="4">', hearts)
    assert re.findall(r'<span class="room-count" data-tricks="(\d+)">([^<]*)</span>', hearts) == [("8", "8 tricks ×4")]
    assert re.search(r'data-rule="room_contract"', hearts) and re.search(r'data-rule="dd_table_lead"', clubs)
    assert re.search(r'data-rule="dd_every_lead"', notrump)
    # the outcomes with Law 77 scores, nobody vulnerable: 4H -2 = -100 for NS; 5CX = = -550
    assert re.findall(r'<tr data-tricks="8"><td>([^<]*)</td><td>([^<]*)</td><td class="weight">([^<]*)</td>'
                      r'<td class="score">([^<]*)</td>', hearts) == [("4H S -2", "1", "1/2", "-100")]
    assert "5CX W =" in clubs and ">-550<" in clubs and ">3/10<" in clubs
    # the weighted matchpoints on the field (the route's test's working): NS 1/2 x 4 + 1/5 x (13-card
    # share making 6 tricks) x 10; East-West the rest of 10
    ns = Fraction(1, 2) * 4 + Fraction(1, 5) * Fraction(Counter(nt.values())[6], 13) * 10
    assert text(re.search(r'<td class="ns" id="alt-ns">.*?</td>', page).group(0)).startswith(f"{float(ns):.2f}")
    assert text(re.search(r'<td class="ew" id="alt-ew">.*?</td>', page).group(0)).startswith(f"{10 - float(ns):.2f}")
    # the weights stay in the form, to confirm or change
    assert [value(page, f"a{r}_weight") for r in (0, 1, 3)] == ["50%", "30%", "20%"]


def test_even_weights_from_the_room_board_21(client: TestClient, event: int) -> None:
    # Board 21, pairs 11 v 9: 3S by East made 10. 4S by East: five other tables, one made 9, four 10.
    assert room_counts("21", ("11", "9"), "4S", "EW") == Counter({9: 1, 10: 4})
    r = client.get(f"/alternatives?event={event}&board=21&ns=11&ew=9&lang=en")
    form = {k: value(r.text, k) for k in ("event", "board", "ns_pair", "ew_pair", "contract", "declarer", "tricks",
                                          "lead")}
    assert (form["contract"], form["declarer"], form["tricks"]) == ("3S", "E", "10")
    r = client.post("/alternatives", data=form | {"lang": "en", "law": "16B", "rows": "4", "a0_contract": "4S",
                                                   "a0_declarer": "E"}, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    alt = card_of(r.text, 0)
    assert re.search(r'<td class="room" data-tables="5">', alt)
    # NS vulnerable, EW not: 4S -1 = +50, 4S = = -420, at 1/5 and 4/5
    assert re.findall(r'<tr data-tricks="\d+"><td>([^<]*)</td><td>([^<]*)</td><td class="weight">[^<]*</td>'
                      r'<td class="score">([^<]*)</td>', alt) == [("4S E -1", "1/5", "+50"), ("4S E =", "4/5", "-420")]
    assert 'id="alt-even"' in r.text and value(r.text, "a0_weight") == "100%"
    # +50 beats four and ties one: 9; -420 ties four: 4; 1/5 x 9 + 4/5 x 4 = 5.00 each side (top 10)
    assert text(re.search(r'<td class="ns" id="alt-ns">.*?</td>', r.text).group(0)).startswith("5.00 (50.00%)")
    assert text(re.search(r'<td class="ew" id="alt-ew">.*?</td>', r.text).group(0)).startswith("5.00 (50.00%)")
    assert "12C1(c)" in r.text


def test_12c1e_two_scores_and_the_offending_side_asked_for_beside_its_box(client: TestClient) -> None:
    event = new_event(client, name="ABF Howell (ACBL rules)", date="2022-07-27", scoring_profile="acbl")
    r = client.post(f"/v1/events/{event}/results", files={"file": ("session.xml", HOWELL.read_bytes())})
    assert r.status_code == 200, r.text
    base = {"lang": "en", "event": str(event), "board": "21", "ns_pair": "11", "ew_pair": "9", "law": "16B",
            "rows": "4", "a0_contract": "4S", "a0_declarer": "E"}
    r = client.post("/alternatives", data=base, headers=ORIGIN)
    assert r.status_code == 422
    said = error_at(r.text, "offending_side")
    assert "12C1(e)" in said and "offending_side" not in said
    r = client.post("/alternatives", data=base | {"offending_side": "EW"}, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    split = text(re.search(r'<dl class="results" id="alt-split">.*?</dl>', r.text, re.S).group(0))
    # NS (non-offending) on the most favourable likely (-420: 4 MP); EW on the most unfavourable at all
    # probable (+50 at 1/5: NS 9, EW 1)
    assert split == "North-South on -420 4.00 (40.00%) East-West on +50 1.00 (10.00%)"


BAD = [
    ({"a0_contract": "4H", "a0_declarer": "S", "a0_weight": "50%", "a1_contract": "4S", "a1_declarer": "E",
      "a1_weight": "40%"}, "weights", ["Weights", "9/10"]),
    ({"a0_contract": "4H", "a0_declarer": "S", "a0_weight": "50%", "a1_contract": "4S", "a1_declarer": "E"},
     "a1_weight", ["Alternative 2", "a weight for every alternative"]),
    ({"a0_contract": "8H", "a0_declarer": "S"}, "a0_contract", ["Alternative 1", "8H"]),
    ({"a2_contract": "4H", "a2_declarer": "S", "a2_lead": "SQ"}, "a2_lead",
     ["Alternative 3, lead", "W is on lead and does not hold SQ (S holds it)"]),
    ({"a1_declarer": "S", "a1_lead": "HA"}, "a1_contract", ["Alternative 2", "give the contract"]),
    ({"a0_contract": "4H"}, "a0_declarer", ["Alternative 1", "give the declarer"]),
    ({"a0_contract": "4H", "a0_declarer": "S", "a0_tricks": "14"}, "a0_tricks", ["Alternative 1, tricks"]),
    ({"lead": "SA", "a0_contract": "4H", "a0_declarer": "S"}, "lead", ["The table's lead", "N is on lead"]),
    ({}, "a0_contract", ["Give at least one alternative"]),
]


@pytest.mark.parametrize(("rows", "field", "fragments"), BAD,
                         ids=["weights 90%", "a weight missing", "8H", "lead not held", "no contract", "no declarer",
                              "14 tricks", "table lead not held", "none"])
def test_a_problem_is_said_beside_its_field_in_the_directors_words(client: TestClient, event: int,
                                                                   rows: dict[str, str], field: str,
                                                                   fragments: list[str]) -> None:
    r = client.post("/alternatives", data=form_of(event) | rows, headers=ORIGIN)
    assert r.status_code == 422, r.text[:600]
    said = error_at(r.text, field)
    for f in fragments:
        assert f in said, said
    assert not re.search(r"alternatives/|table_result|weights/|body\b", text(r.text.split("<form")[1]))
    assert 'id="alt-answer"' not in r.text
    for k, v in rows.items():  # what was typed stays
        assert value(r.text, k) == v.replace("%", "%")


def test_more_rows_without_javascript(client: TestClient, event: int) -> None:
    r = client.post("/alternatives", data=form_of(event, a3_contract="3NT", a3_declarer="E", more="1"), headers=ORIGIN)
    assert r.status_code == 200
    assert len(re.findall(r'<tr data-row="\d+">', r.text)) == 6 and value(r.text, "a3_contract") == "3NT"
    assert 'id="alt-answer"' not in r.text


def test_in_polish(client: TestClient, event: int) -> None:
    r = client.get(f"/alternatives?event={event}&board=1&ns=3&ew=11&lang=pl")
    assert "Wynik wyrównany (inne Prawa)" in r.text and "Warianty" in r.text
    r = client.post("/alternatives", data=form_of(event, lang="pl", a0_contract="4 kiery", a0_declarer="S",
                                                  a0_lead="SQ"), headers=ORIGIN)
    assert r.status_code == 422
    said = error_at(r.text, "a0_lead")
    assert said.startswith("Wariant 1, wist") and "na wiście jest W" in said
    r = client.post("/alternatives", data=form_of(event, lang="pl", a0_contract="4 kiery", a0_declarer="S"),
                    headers=ORIGIN)
    assert r.status_code == 200 and "Wynik ważony na tle pola" in r.text
    assert "8 lew ×4" in card_of(r.text, 0)


def test_a_post_from_another_site_is_refused(client: TestClient, event: int) -> None:
    r = client.post("/alternatives", data=form_of(event, a0_contract="4H", a0_declarer="S"),
                    headers={"Origin": "https://evil.example"})
    assert r.status_code == 403


def test_a_line_that_is_not_stored_is_said(client: TestClient, event: int) -> None:
    r = client.get(f"/alternatives?event={event}&board=1&ns=3&ew=99&lang=en")
    assert r.status_code == 404 and 'id="errors"' in r.text
    r = client.get("/alternatives?event=999&board=1&lang=en")
    assert r.status_code == 404


# --- a split score, a board without a traveller, a pasted deal ----------------------------------------


def test_a_split_score_on_the_page_east_west_keep_the_table_result(client: TestClient, event: int) -> None:
    # Board 21 at pairs 11 v 9, 3S E made 10 (NS -170). North-South offended and keep nothing; East-West
    # keep the table result (12C1(b)) and North-South get 4S by East from the room: 1/5 +50, 4/5 -420.
    # Field +50, -420 x4, top 10. East-West on NS -170: NS 8, so East-West 2 of 10 (20%). North-South
    # weighted: +50 -> 9, -420 -> 4: 1/5 x 9 + 4/5 x 4 = 1.8 + 3.2 = 5.00 (50%).
    data = {"lang": "en", "event": str(event), "board": "21", "ns_pair": "11", "ew_pair": "9", "law": "16B",
            "rows": "4", "a0_contract": "4S", "a0_declarer": "E", "kept_by": "EW", "offending_side": "NS"}
    r = client.post("/alternatives", data=data, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    split = text(re.search(r'<dl class="results" id="alt-split">.*?</dl>', r.text, re.S).group(0))
    assert split == "North-South on the weighted score 5.00 (50.00%) East-West on -170 2.00 (20.00%)"
    sides = re.search(r'<table class="pick" id="alt-sides">.*?</table>', r.text, re.S).group(0)
    assert 'data-side="EW" data-keeps="true"' in sides and "the table result, 3S E +1 (-170)" in text(sides)
    assert [text(x) for x in re.findall(r'<span class="side-outcome">(.*?)</span>', sides)] == [
        "1/5 × 4S E -1 (+50)", "4/5 × 4S E = (-420)"]
    assert value(r.text, "kept_by") == "EW"


def hand_records_event(client: TestClient) -> int:
    """An event with the hand records of Sponvo30.pbn only (no results: no traveller)."""
    from tests.api.test_events import hand_record_file, upload

    event_id = new_event(client)
    assert upload(client, event_id, hand_record_file()).status_code == 200
    return event_id


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "el"])
def test_from_a_board_of_hand_records_the_room_says_there_is_no_traveller(client: TestClient, lang: str) -> None:
    from app.i18n import gettext

    event_id = hand_records_event(client)
    pick = client.get(f"/events/{event_id}?lang={lang}").text
    assert f'href="/alternatives?event={event_id}&amp;board=21&amp;lang={lang}"' in pick
    page = client.get(f"/alternatives?event={event_id}&board=21&lang={lang}").text
    assert 'id="alt-from-board"' in page and 'name="deal"' not in page and "⟦" not in page
    # Sponvo30 board 21 (dealer N, North-South vulnerable): 4H W one down at the table, NS +50. The
    # director weighs 3H by West making 9 (his own figure): 90 + 50 partscore = 140 to East-West, NS -140.
    data = {"lang": lang, "event": str(event_id), "board": "21", "law": "16B", "rows": "4", "contract": "4H",
            "declarer": "W", "tricks": "8", "a0_contract": "3H", "a0_declarer": "W", "a0_tricks": "9"}
    r = client.post("/alternatives", data=data, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    assert text(re.search(r'<p class="note" id="alt-no-traveller">(.*?)</p>', r.text, re.S).group(1)) == \
        gettext(lang, "alt_no_traveller")
    card = card_of(r.text, 0)
    assert text(re.search(r'<td class="room"[^>]*>(.*?)</td>', card, re.S).group(1)) == \
        gettext(lang, "alt_room_no_traveller")
    assert cell(card, "score") == ["-140"] and "⟦" not in r.text


def pasted(lang: str = "en", **changes: str) -> dict[str, str]:
    """The form with the deal box: board 1 of the Howell typed in (dealer N, nobody vulnerable),
    5C W made with the H2 lead, one alternative 5CX by West."""
    return {"lang": lang, "deal": BOARD_1, "dealer": "N", "vulnerable": "None", "law": "75", "rows": "4",
            "contract": "5C", "declarer": "W", "tricks": "11", "lead": "H2", "a0_contract": "5CX",
            "a0_declarer": "W"} | changes


def test_a_pasted_deal_without_a_traveller(client: TestClient) -> None:
    page = client.get("/alternatives?lang=en").text
    assert 'name="deal"' in page and 'name="dealer"' in page and 'name="vulnerable"' in page
    r = client.post("/alternatives", data=pasted(), headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    card = card_of(r.text, 0)
    # North on lead against West holds the H2: double dummy with it, as endplay's solve_board gives it
    assert cell(card, "dd-table-lead") == [str(direct_dd(BOARD_1, "C", "W")["H2"])] == ["11"]
    # 5CX W =, nobody vulnerable: 5 x 20 x 2 = 200 + 300 game + 50 insult = 550 to East-West
    assert cell(card, "score") == ["-550"]
    assert 'id="alt-no-traveller"' in r.text and 'id="alt-no-field"' in r.text
    assert BOARD_1 in html.unescape(r.text)  # the deal box keeps what was pasted


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "el"])
def test_a_pasted_deal_that_cannot_be_read_is_said_beside_the_box(client: TestClient, lang: str) -> None:
    from app.i18n import gettext

    missing = client.post("/alternatives", data=pasted(lang, deal=""), headers=ORIGIN)
    assert missing.status_code == 422
    said = error_at(missing.text, "deal")
    assert said.lower().startswith(gettext(lang, "alt_where_deal").lower()) and "⟦" not in said
    assert "`" not in said and "body" not in said
    short = BOARD_1.rsplit(".", 1)[0] + ".AKT987"  # West one card short (51 cards)
    r = client.post("/alternatives", data=pasted(lang, deal=short), headers=ORIGIN)
    assert r.status_code == 422
    said = error_at(r.text, "deal")
    assert said.lower().startswith(gettext(lang, "alt_where_deal").lower()) and "⟦" not in said
    if lang != "en":
        english = error_at(client.post("/alternatives", data=pasted("en", deal=short), headers=ORIGIN).text, "deal")
        assert said != english
    assert 'id="alt-answer"' not in r.text and short in html.unescape(r.text)


@pytest.mark.parametrize("lang", ["pl", "ru", "el"])
def test_the_field_is_said_in_the_pages_language(client: TestClient, event: int, lang: str) -> None:
    # the answer's `field` comes in the request's language: the page shows it as the API gives it
    from app.i18n import gettext

    data = {"lang": lang, "event": str(event), "board": "21", "ns_pair": "11", "ew_pair": "9", "law": "16B",
            "rows": "4", "a0_contract": "4S", "a0_declarer": "E"}
    r = client.post("/alternatives", data=data, headers=ORIGIN)
    assert r.status_code == 200, r.text[:600]
    field = text(re.search(r'<p id="alt-field">(.*?)</p>', r.text, re.S).group(1))
    assert gettext(lang, "field_form_matchpoints") in field and "Compscore3" in field
    assert "matchpointed" not in field and "⟦" not in field
