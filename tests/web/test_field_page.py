"""The traveller page and the event page under the event's field convention (issue 36), named in
the page's language: scorer-to-usebio's three-section NZ Scorer file (../shared/data/club-files),
which the program matchpoints across its sections, and the director's setting over it.

Board 1 has 33 lines (A 13, B 13, C 7): across, the top is 2 x 32 = 64. Section C's 2 v 6, 4S S -1,
NS -50, by hand: across it beats the -150 and the -100 (4) and ties A's -50 (1): 5 of 64, EW 59
(the file's NS_MATCH_POINTS 5, EW 59); per section C (its -50 against 420 420 420 450 450 460) it
beats none: 0 of 12, EW 12. C's 14 v 11, 3NT N +2, NS +460: across it beats thirty (60) and ties
two (2): 62, EW 2; per section it beats the other six: 12 of 12."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from tests.api.test_events import new_event
from tests.api.test_results_api import CLUB, post, sample

MULTI = "usebio/duaneg__scorer-to-usebio/multi-section-multi-movement-pairs.xml"
pytestmark = pytest.mark.skipif(not CLUB.is_dir(), reason="../shared/data/club-files is not beside the repository")


def _cells(page: str, row_attr: str) -> list[list[str]]:
    row = re.search(rf"<tr {row_attr}>(.*?)</tr>", page, re.S)
    assert row, row_attr
    return [re.sub(r"<[^>]+>", " ", c).split() for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_traveller_is_scored_across_sections_as_the_program_does_and_says_so(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample(MULTI)).status_code == 200
    r = client.get(f"/events/{event_id}/boards/1/traveller?lang=en")
    assert r.status_code == 200, r.text
    page = html.unescape(r.text)
    assert ("The advisor's figures are scored as the event is: matchpointed across sections A, B and C, artificial "
            "lines out, the rest factored to the traveller (Neuberg) (NZ Scorer)") in _text(r.text)
    # cells: section, pairs, pairs, contract, declarer, lead, result, score, program, advisor
    cells = _cells(page, 'data-table="" data-ns="2" data-ew="6"')
    assert cells[-3] == ["5", "/", "59"] and cells[-2] == ["5", "/", "59"]
    cells = _cells(page, 'data-table="" data-ns="14" data-ew="11"')
    assert cells[-3] == ["62", "/", "2"] and cells[-2] == ["62", "/", "2"]
    # every row: the advisor's figures are the program's
    rows = re.findall(r'<td class="program-mp">(.*?)</td>\s*<td class="advisor-mp">(.*?)</td>', page, re.S)
    assert len(rows) == 33 and all(" ".join(a.split()) == " ".join(b.split()) for a, b in rows)
    pl = _text(client.get(f"/events/{event_id}/boards/1/traveller?lang=pl").text)
    assert "na punkty meczowe łącznie w sektorach A, B i C" in pl
    assert "Liczone jako: matchpointed" not in _text(client.get(f"/events/{event_id}?lang=en").text)
    assert "Scored as: matchpointed across sections A, B and C" in _text(client.get(f"/events/{event_id}").text)


def test_the_directors_setting_changes_the_figures_and_is_named(client: TestClient) -> None:
    event_id = new_event(client)
    assert post(client, event_id, sample(MULTI)).status_code == 200
    r = client.post(f"/v1/events/{event_id}/field", json={"sections": "apart"})
    assert r.status_code == 200, r.text
    r = client.get(f"/events/{event_id}/boards/1/traveller?lang=en")
    page = html.unescape(r.text)
    assert "matchpointed per section (A, B and C)" in _text(r.text)
    assert "(set by the director; NZ Scorer)" in _text(r.text)
    # per section C: 2 v 6 gets 0 of 12 (the program's 5 of 64 stays beside it), 14 v 11 12 of 12
    cells = _cells(page, 'data-table="" data-ns="2" data-ew="6"')
    assert cells[-3] == ["5", "/", "59"] and cells[-2] == ["0", "/", "12"]
    cells = _cells(page, 'data-table="" data-ns="14" data-ew="11"')
    assert cells[-2] == ["12", "/", "0"]
    ru = _text(client.get(f"/events/{event_id}?lang=ru").text)
    assert "Подсчёт: в матчпойнтах по каждой секции отдельно (A, B и C)" in ru and "задано судьёй" in ru
