"""The board's traveller on the page (``/events/{id}/boards/{b}/traveller``), its "Rule" link
prefilling the ruling form from the table's line, and the ruling page scoring the adjusted
score against the rest of the traveller. In process, real database; the file is Compscore3's
USEBIO (../shared/data/club-files/usebio/abftech__cobalt/mp_pairs_howell.xml), figures read by
hand from it (quoted)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, post, sample

pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")
HOWELL = "usebio/abftech__cobalt/mp_pairs_howell.xml"


def _event(client: TestClient) -> int:
    event_id = new_event(client)
    assert post(client, event_id, sample(HOWELL)).status_code == 200
    return event_id


def _cells(page: str, row_attr: str) -> list[str]:
    row = re.search(rf"<tr {row_attr}>(.*?)</tr>", page, re.S)
    assert row, row_attr
    return [re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def test_the_traveller_page_shows_every_line_and_both_matchpoints(client: TestClient) -> None:
    event_id = _event(client)
    r = client.get(f"/events/{event_id}/boards/1/traveller")
    assert r.status_code == 200, r.text
    page = html.unescape(r.text)
    assert page.count("<tr data-table=") == 6
    # board 1, first line: pairs 3 v 11, 5C by West, lead H2, 11 tricks, NS -400; the program's
    # NS_MATCH_POINTS 0, EW 10 (USEBIO gives no table numbers: no table column). By hand (78A, 2 per score beaten): -400 beats none of the other
    # five (-100, -50, -100, -100, -100): NS 0, EW 10 - 0 = 10
    cells = _cells(page, 'data-table="" data-ns="3" data-ew="11"')
    assert cells[2:7] == [["5C"], ["West"], ["H2"], ["5C", "W", "="], ["-400"]]
    assert cells[7] == ["0", "/", "10"] and cells[8] == ["0", "/", "10"]
    # pairs 5 v 2: 4H by South, two down, -100; by hand -100 beats -400 (2) and ties three -100s
    # (3 x 1): 5 NS, 5 EW
    cells = _cells(page, 'data-table="" data-ns="5" data-ew="2"')
    assert cells[5] == ["4H", "S", "-2"] and cells[8] == ["5", "/", "5"]
    assert f"/events/{event_id}/boards/1/play?ns=5&amp;ew=2" in r.text
    assert client.get(f"/events/{event_id}/boards/1/traveller?lang=pl").text.count("Orzeknij") >= 6


def test_the_upload_names_the_files_format_as_the_director_knows_it(client: TestClient) -> None:
    # issue 37: "(usebio, Compscore3 26-Jul-22)" named the format by the engine's code; the upload
    # panel calls it "USEBIO XML" (upload_kinds), in every language
    r = client.post("/upload", files={"file": ("session.xml", sample(HOWELL))}, data={"lang": "pl"})
    assert r.status_code == 200
    said = re.search(r'<p id="travellers-stored">(.*?)</p>', r.text, re.S)
    assert said is not None
    assert "(USEBIO XML, Compscore3 26-Jul-22)" in html.unescape(said.group(1))
    assert "usebio" not in said.group(1)


def test_a_board_without_traveller_or_event_is_404_with_the_reason(client: TestClient) -> None:
    event_id = new_event(client)
    r = client.get(f"/events/{event_id}/boards/1/traveller")
    assert r.status_code == 404 and "has no traveller: upload the session&#39;s results first" in r.text
    assert client.get("/events/999999/boards/1/traveller").status_code == 404


def test_the_rule_link_prefills_the_form_and_the_ruling_is_matchpointed_against_the_field(
        client: TestClient) -> None:
    event_id = _event(client)
    r = client.get(f"/events/{event_id}/boards/1/play?ns=5&ew=2")
    assert r.status_code == 200, r.text
    page = r.text
    # the line of pairs 5 v 2: 4H by South, 8 tricks (two down), lead the club ace
    assert 'name="contract" value="4H"' in page and '<option value="S" selected' in page
    assert re.search(r'name="table_result"[^>]*value="8"', page, re.S)
    # the lead is the play box's hint: a record stopping inside trick 1 is refused with a table result
    assert re.search(r'<textarea id="play" name="play"[^>]*placeholder="CA …"[^>]*></textarea>', page)
    assert 'name="ns_pair" value="5"' in page and 'name="ew_pair" value="2"' in page
    assert "pairs 5 v 2, 4H S -2, opening lead CA" in page
    # the director rules the revoke (facts only: East revoked at trick 5, won it, and East-West
    # won 3 tricks after): 64A1 gives two tricks, 8 + 2 = 10, 4H= +420 (love all)
    form = {"source": "event", "event": str(event_id), "board": "1", "ns_pair": "5", "ew_pair": "2",
            "contract": "4H", "declarer": "S", "table_result": "8", "play": "",
            "rf_trick": "5", "rf_offender": "E", "rf_won_by": "E", "rf_after": "3"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text
    page = html.unescape(r.text)
    # against the other five NS scores -400, -100, -100, -100, -50: +420 beats all five, 10 of 10
    # matchpoints, 100% to North-South and 0% to East-West
    assert 'value="-400 -100 -100 -100 -50"' in page or 'value="-400 -50 -100 -100 -100"' in page
    assert "100.00%" in page and "0.00%" in page
    assert "Enter as the table result: 4H by South, 10 tricks, North-South +420." in page


def test_the_rule_link_naming_no_line_says_so(client: TestClient) -> None:
    event_id = _event(client)
    r = client.get(f"/events/{event_id}/boards/1/play?ns=5&ew=3")
    assert r.status_code == 200 and "the traveller has no line for pairs 5 v 3" in html.unescape(r.text)


def test_a_lead_not_in_the_leaders_hand_is_flagged_on_the_traveller(client: TestClient) -> None:
    # Issue 36: board 1 of the real file (HANDSET: N C54 D AJT32 H9762 S98, S CQ6 DQ4 HAKQJ54 SQ76,
    # W CAKT9873 D97 H3 SAKT): pairs 3 v 11, 5C by West, North leads the file's 2H: his, no flag;
    # pairs 9 v 7, 4H by South, West leads, but the file says C6, which is South's own: flagged
    # "not in West's hand" (the program's traveller as written). The same file with 3 v 11's lead
    # written AH (South's) flags that line too, in the page's language.
    event_id = _event(client)
    page = html.unescape(client.get(f"/events/{event_id}/boards/1/traveller").text)
    assert _cells(page, 'data-table="" data-ns="3" data-ew="11"')[4] == ["H2"]  # the lead alone, no flag
    cells = _cells(page, 'data-table="" data-ns="9" data-ew="7"')
    assert cells[4][:2] == ["C6", "⚠"] and "not in West's hand in the hand record" in " ".join(cells[4])
    assert page.count('class="lead-warning"') == 1  # the other four leads are their leaders' cards
    data = sample(HOWELL)
    changed = new_event(client)
    assert post(client, changed, data.replace(b"<LEAD>2H</LEAD>", b"<LEAD>AH</LEAD>", 1)).status_code == 200
    page = html.unescape(client.get(f"/events/{changed}/boards/1/traveller").text)
    cells = _cells(page, 'data-table="" data-ns="3" data-ew="11"')
    assert cells[4][:2] == ["HA", "⚠"] and "not in North's hand in the hand record" in " ".join(cells[4])
    assert page.count('class="lead-warning"') == 2
    polish = html.unescape(client.get(f"/events/{changed}/boards/1/traveller?lang=pl").text)
    assert "tej karty nie ma w ręce" in polish


def test_a_butler_traveller_shows_the_programs_imps_and_the_advisors(client: TestClient) -> None:
    # Issue 36: a Butler event's traveller showed matchpoints and an empty program column. Board 2 of
    # Compscore3's butler_howell.xml: +50, -460, -490, -430. By hand, the datum drops the top and the
    # bottom (+50, -490): (-460 - 430) / 2 = -445, rounded away from 0 to -450; 2 v 7: +50 + 450 =
    # 500, 11 IMPs (the file's NS_BUTLER_POINTS 11); 3 v 6: -10, 0; 5 v 4: -40, -1; 8 v 1: +20, +1.
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/abftech__cobalt/butler_howell.xml")).status_code == 200
    page = html.unescape(client.get(f"/events/{event_id}/boards/2/traveller").text)
    assert "Program's IMPs (NS / EW)" in page and "Advisor's IMPs (NS / EW)" in page
    for ns, ew, program, advisor in (("2", "7", ["+11", "/", "-11"], ["+11", "/", "-11"]),
                                     ("3", "6", ["0", "/", "0"], ["0", "/", "0"]),
                                     ("5", "4", ["-1", "/", "+1"], ["-1", "/", "+1"]),
                                     ("8", "1", ["+1", "/", "-1"], ["+1", "/", "-1"])):
        cells = _cells(page, f'data-table="" data-ns="{ns}" data-ew="{ew}"')
        assert (cells[7], cells[8]) == (program, advisor), (ns, ew)
    assert "IMP programu" in client.get(f"/events/{event_id}/boards/2/traveller?lang=pl").text


def test_a_line_whose_pairs_another_section_numbers_alike_links_with_its_section(client: TestClient) -> None:
    # Issue 36: NZ Scorer's three-section session (scorer-to-usebio's USEBIO,
    # club-files/usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml): on board 1
    # sections A and B both have 1NS v 1EW (A: 4S S +1, +450; B: 4S S =, +420). Named "1NS v 1EW"
    # the line is ambiguous; the traveller links each with its section, and the form keeps it. Section
    # C numbers its pairs 1, 2, ... without NS/EW: its 5 v 12 is the only one.
    event_id = new_event(client)
    assert post(client, event_id, sample("usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml"))\
        .status_code == 200
    deal = (b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            b'[Deal "N:KQ4.KJ942.KQ62.8 JT762.A.A94.QT96 A3.T87.J873.A432 985.Q653.T5.KJ75"]\n')  # hand-written
    assert client.post(f"/v1/events/{event_id}/hand-records", files={"file": ("b1.pbn", deal)}).status_code == 200
    page = client.get(f"/events/{event_id}/boards/1/traveller").text
    assert "play?ns=%28B%29+1NS&amp;ew=%28B%29+1EW" in page and "play?ns=%28A%29+1NS&amp;ew=%28A%29+1EW" in page
    assert "play?ns=5&amp;ew=12" in page  # section C numbers 5 v 12 alone on the board: no section
    assert "traveller lines match pairs 1NS v 1EW" in html.unescape(
        client.get(f"/events/{event_id}/boards/1/play?ns=1NS&ew=1EW").text)
    r = client.get(f"/events/{event_id}/boards/1/play", params={"ns": "(B) 1NS", "ew": "(B) 1EW"})
    assert r.status_code == 200, r.text
    page = html.unescape(r.text)
    assert re.search(r'name="table_result"[^>]*value="10"', page, re.S)  # B's 4S S = : 10 tricks, not A's 11
    assert 'name="ns_pair" value="(B) 1NS"' in page and 'name="ew_pair" value="(B) 1EW"' in page
    # ruled from that form: East revoked at trick 5 and won it, East-West won one trick after: 64A1
    # transfers two tricks, 10 + 2 = 12, 4S S +2 = +480 (none vulnerable); section B's line it is.
    form = {"source": "event", "event": str(event_id), "board": "1", "ns_pair": "(B) 1NS", "ew_pair": "(B) 1EW",
            "contract": "4S", "declarer": "S", "table_result": "10", "play": "",
            "rf_trick": "5", "rf_offender": "E", "rf_won_by": "E", "rf_after": "1"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text
    assert "Enter as the table result: 4S by South, 12 tricks, North-South +480." in html.unescape(r.text)
