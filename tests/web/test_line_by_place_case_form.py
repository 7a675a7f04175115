"""A traveller line picked by its place (issue 37): a file that numbers neither tables nor pairs
(a PBN written one game per table, BBO's download; a KoPS page's line read the same way) links each
line as ``?place=n``; the place goes on with the play page's form to the ruling, so that the ruling's
sheet and its "Save as a case" form carry the line's players' names as for a numbered line.

The file: three games of board 1, one per table, the players named ``N1``..``W3`` by table (the
test writes it: tests/web/test_web_upload.py's ``_TABLES``). Line 2: 4H by West, 11 tricks, North
``N2`` and South ``S2``, East ``E2`` and West ``W2``."""

from __future__ import annotations

import html
import re
import uuid

from fastapi.testclient import TestClient

from tests.web.test_every_page_in_every_language import problems
from tests.web.test_web_upload import _TABLES


def _value(page: str, input_id: str) -> str:
    m = re.search(rf'<input[^>]*\bid="{input_id}"[^>]*>', page)
    assert m, f"no #{input_id}"
    v = re.search(r'\bvalue="([^"]*)"', m.group(0))
    return html.unescape(v.group(1)) if v else ""


def test_the_revoke_ruling_from_a_line_picked_by_its_place_prefills_the_case_form(client: TestClient) -> None:
    up = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                     data={"lang": "pl"})
    assert up.status_code == 200, up.text[:2000]
    event = re.search(r"/events/(\d+)/boards/1/", up.text).group(1)  # type: ignore[union-attr]
    play = client.get(f"/events/{event}/boards/1/play?place=2&lang=pl").text
    assert re.search(r'<input type="hidden" name="place" value="2">', play)  # sent on with the form
    # as the director sends it: North (a defender) revoked at trick 3, West won that trick; West made 11
    form = {"lang": "pl", "source": "event", "event": event, "board": "1", "place": "2", "contract": "4H",
            "declarer": "W", "table_result": "11", "play": "", "rf_trick": "3", "rf_offender": "N",
            "rf_won_by": "W", "rf_after": "1"}
    r = client.post("/ruling", data=form)
    assert r.status_code == 200, r.text[:2000]
    ns, ew = _value(r.text, "case-ns-names"), _value(r.text, "case-ew-names")
    assert "N2" in ns and "S2" in ns and "E2" in ew and "W2" in ew, (ns, ew)
    assert "N1" not in ns and "N3" not in ns  # the second line, not another
    assert re.search(r'<input type="hidden" name="place" value="2">', r.text)  # kept when re-ruled
    assert problems(r.text, "pl") == []


def test_the_law_13_14_ruling_from_a_line_picked_by_its_place_prefills_the_case_form(client: TestClient) -> None:
    up = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                     data={"lang": "pl"})
    event = re.search(r"/events/(\d+)/boards/1/", up.text).group(1)  # type: ignore[union-attr]
    page = client.get(f"/events/{event}/boards/1/cards?place=3&lang=pl").text
    assert re.search(r'<input type="hidden" name="place" value="3">', page)
    # East's club three found in West's hand after play (W 14 cards, E 12); line 3: 4H W, 9 tricks
    form = {"lang": "pl", "event": event, "board": "1", "place": "3",
            "hand_record": "N:Q7.J7.83.AT86542 843.632.AT9752.3 AJ962.95.KQ64.Q7 KT5.AKQT84.J.KJ9",
            "dealer": "N", "vulnerable": "None", "contract": "4H", "declarer": "W", "table_tricks": "9",
            "discovered": "after_play", "move_card": ["C3", "", "", ""], "move_to": ["W", "", "", ""]}
    r = client.post("/incorrect-cards", data=form)
    assert r.status_code == 200, r.text[:2000]
    ns, ew = _value(r.text, "case-ns-names"), _value(r.text, "case-ew-names")
    assert "N3" in ns and "S3" in ns and "E3" in ew and "W3" in ew, (ns, ew)


def test_a_line_without_a_table_number_is_named_without_a_table(client: TestClient) -> None:
    # issue 37: the Law 13/14 prefill line read "stół —" for a file that gives no table number (and
    # the play and claim pages "wist —" for one that gives no opening lead either)
    up = client.post("/upload", files={"file": ("bbo.pbn", f"% {uuid.uuid4()}\n{_TABLES}".encode())},
                     data={"lang": "pl"})
    event = re.search(r"/events/(\d+)/boards/1/", up.text).group(1)  # type: ignore[union-attr]
    pages = {"cards": f"/events/{event}/boards/1/cards?place=3&lang=pl",
             "play": f"/events/{event}/boards/1/play?place=3&lang=pl",
             "claim": f"/claim?event={event}&board=1&place=3&lang=pl"}
    for name, url in pages.items():
        page = html.unescape(client.get(url).text)
        said = re.search(r'id="(?:cards-)?from-traveller"[^>]*>(.*?)</p>', page, re.S)
        assert said, name
        text = re.sub(r"<[^>]+>", " ", said.group(1))
        assert text.startswith("Z protokołu: pary N3 & S3 – E3 & W3, 4H W -1"), (name, text)
        head = text.split(".")[0]  # "Z protokołu: pary N3 & S3 – E3 & W3, 4H W -1": no table, no lead
        assert head == "Z protokołu: pary N3 & S3 – E3 & W3, 4H W -1", (name, text)
        assert "\u2014" not in text, (name, text)  # nothing unknown said as a dash
        assert problems(page, "pl") == [], name
