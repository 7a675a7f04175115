"""The ruling page's Law 64C measures (issue 34), in process, in every language, strict mode on
(a text that fell back to English is marked ``⟦...⟧``).

The board is Sponvo30.pbn board 21, closed room: 4H by West, North-South vulnerable; South's ♦4
on West's ♥K at trick 3 while holding ♥9872 is an established revoke, West won the trick and the
defenders won tricks later: 64A2, one trick. The record stops after trick 9 and the table result
is 8 (4H W -2): 9 after the transfer (4H W -1). Worked by hand:

* the table's own play without the revoke: South plays the ♥9 at trick 3; every later card of the
  record stays legal (his ♥7 at trick 4 and ♥8 at trick 5 follow hearts, the rest follow their
  suits as before) and each trick goes to the same side (West's ♥K, ♥Q, ♥10 still win tricks 3 to
  5): the record is followed to its end, 36 cards. West won 5 of its 9 tricks. In the ending,
  South (to lead) holds ♠3 ♦4 ♦K ♦J instead of the table's ♠3 ♥9 ♦K ♦J: without the ♥9 he has no
  trump above West's ♥5 ♥4 ♥3, West ruffs the diamonds and East's ♠A J 9 sit over North's
  ♠10 8 7: East-West take all four, 5 + 4 = 9 tricks (4H W -1). At the table South's ♥9 took one
  of them (8).
* the table result plus what the revoke card changed: 8 + 1 = 9 (4H W -1; tests/api/test_real_boards.py);
* double dummy from before the revoke: 10 (4H W =; tests/web/test_web_table.py's case).

The record goes on past the revoke trick, so the ruling takes the table's own play: 9, no more
than the 9 West has after the transfer: 64C does not apply, 4H W -1. With the director's own
figure of 10, East-West would likely have taken 10, more than the 9 they have: 64C1, 4H W =.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.i18n import FALLBACK_OPEN, gettext
from app.main import create_app
from engine.dd import SolverRunner
from tests.helpers import app_with_env, laptop
from tests.web.test_web import _hand_record_event
from tests.web.test_web_languages import sponvo_board_21

LANGS = ("en", "pl", "ru", "el")


@pytest.fixture(scope="module")
def client(dds: SolverRunner, tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("measures") / "a.sqlite3"
    with app_with_env(dds, f"sqlite:///{db}", ADVISOR_I18N_STRICT="1") as c:
        yield c


def _rule(client: TestClient, lang: str, **extra: str) -> str:
    r = client.post("/ruling", data={"source": "pbn", "pbn": sponvo_board_21(), "table_result": "8", "lang": lang,
                                     **extra})
    assert r.status_code == 200, r.text[:3000]
    return html.unescape(r.text)


def _measures(page: str) -> list[tuple[str, str, str, str, bool]]:
    """The measures table: (kind, name, tricks, result, used) per row."""
    table = re.search(r'<table class="measures" id="measures".*?</table>', page, re.S)
    assert table is not None, "no measures table"
    rows = []
    for used, kind, cells in re.findall(r'<tr class="measure( used)?" data-kind="([a-z_]+)">(.*?)</tr>',
                                        table.group(0), re.S):
        name = re.search(r'<th scope="row">(.*?)(?:<small|</th>)', cells, re.S)
        tricks = re.search(r'<td class="tricks"[^>]*>(.*?)</td>', cells, re.S)
        result = re.search(r'<td class="result"[^>]*>(.*?)</td>', cells, re.S)
        assert name and tricks and result
        rows.append((kind, name.group(1).strip(), tricks.group(1).strip(), result.group(1).strip(), bool(used)))
    return rows


def _why(page: str) -> str:
    found = re.search(r'<p class="measure-why" id="measure-why"><span class="label">[^<]*</span>(.*?)</p>', page, re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def _suggested(page: str) -> str:
    found = re.search(r'<section class="enter" id="suggested".*?<span class="result">([^<]+)</span>', page, re.S)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_three_measures_and_the_one_the_ruling_took(client: TestClient, lang: str) -> None:
    page = _rule(client, lang)
    assert _measures(page) == [
        ("table_play", gettext(lang, "measure_table_play"), "9", "4H W -1", True),
        ("swing", gettext(lang, "measure_swing"), "9", "4H W -1", False),
        ("double_dummy", gettext(lang, "measure_double_dummy"), "10", "4H W =", False),
    ]
    assert gettext(lang, "measure_followed_all") in page  # the record was followed to its end
    why = _why(page)
    assert "3" in why and FALLBACK_OPEN not in why  # the revoke trick, said in the language
    if lang == "en":
        assert why.startswith("The record goes on past the revoke trick (trick 3)")
    assert _suggested(page) == "4H W -1"
    assert FALLBACK_OPEN not in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_directors_own_figure_decides_and_the_measures_stay_beside_it(client: TestClient, lang: str) -> None:
    page = _rule(client, lang, likely="10", likely_reason="declarer draws trumps and runs the clubs")
    rows = _measures(page)
    assert [(k, t, r, u) for k, _, t, r, u in rows] == [
        ("table_play", "9", "4H W -1", False), ("swing", "9", "4H W -1", False),
        ("double_dummy", "10", "4H W =", False), ("director", "10", "4H W =", True)]
    assert "declarer draws trumps and runs the clubs" in _why(page)
    assert _suggested(page) == "4H W ="
    # the figure stays in its field for the next ruling, beside the play
    assert re.search(r'<input id="likely" name="likely"[^>]*value="10"', page)
    # one figure, not one per card: South's legal cards are still offered, alone
    select = re.search(r'<select id="offender_card" name="offender_card">(.*?)</select>', page, re.S)
    assert select is not None
    assert re.findall(r'<option value="(H[0-9])"[^>]*>([^<]*)</option>', select.group(1)) == \
        [("H9", "♥9"), ("H8", "♥8"), ("H7", "♥7")]
    assert FALLBACK_OPEN not in page


def test_the_offenders_card_is_sent_to_the_engine(client: TestClient) -> None:
    """South's ♥7 instead of the ♦4: at trick 4 the record has him follow with the ♥7, which is
    now gone: the ♦4 that takes its place does not follow hearts, so the replay stops there, after
    the 12 cards of tricks 1-3 and the three played before South in trick 4 (15 cards)."""
    first = _rule(client, "en")
    select = re.search(r'<select id="offender_card" name="offender_card">(.*?)</select>', first, re.S)
    assert select is not None
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(1))
    assert [v for v, _ in options] == ["", "H9", "H8", "H7"]  # the engine's assumption first, then each card
    assert "(♥9)" in options[0][1]
    page = _rule(client, "en", offender_card="H7")
    assert re.search(r'<option value="H7" selected>', page)
    assert "As the director judges, S plays the H7 in place of the revoke card" in page
    table_play = re.search(r'data-kind="table_play">.*?</tr>', page, re.S)
    assert table_play is not None and "followed for 15 cards, then double dummy" in table_play.group(0)


def test_a_figure_out_of_range_on_the_play_page_is_said_beside_its_field(client: TestClient) -> None:
    event, _ = _hand_record_event(client)
    r = client.post("/ruling", data={"source": "event", "event": event, "board": "21", "contract": "4H",
                                     "declarer": "W", "table_result": "8", "lang": "pl", "likely": "14",
                                     "play": "CJ C3 C2 CK\nHA H6 HJ H2\nHK S2 D3 D4\nHQ D5 D7 H7"})
    assert r.status_code == 422
    page = html.unescape(r.text)
    beside = re.search(r'<p class="field-error" id="err-likely">(.*?)</p>', page, re.S)
    assert beside is not None and "nie 14" in beside.group(1)
    assert re.search(r'<input id="likely" name="likely"[^>]*aria-invalid="true"', page)


def test_the_case_page_lists_the_stored_measures_and_the_one_used(tmp_path) -> None:
    """A case's evidence says the measures its stored ruling made (board 21 played out for 8, the
    director's own figure 10 used), not the older "table result + what the revoke card changed"
    line, whose figure is now the measure used's."""
    import datetime as dt

    from engine.casefile.cases import CaseDetails, CaseKind, NewCase, Pair
    from engine.casefile.events import EventDetails
    from engine.casefile.users import Actor, Role

    measures = [{"kind": "table_play", "tricks": 9, "result": "4H W -1", "used": False, "followed_cards": 36},
                {"kind": "swing", "tricks": 9, "result": "4H W -1", "used": False, "followed_cards": None},
                {"kind": "double_dummy", "tricks": 10, "result": "4H W =", "used": False, "followed_cards": None},
                {"kind": "director", "tricks": 10, "result": "4H W =", "used": True, "followed_cards": None}]
    ruling = {"board": {"label": "Sponvo30, board 21", "contract": "4H", "declarer": "W", "vulnerable": "NS"},
              "revokes": [{"trick": 3, "player": "S", "card": "D4", "established": True, "law": "64A2",
                           "tricks_transferred": 1}],
              "declarer_tricks": {"table": 8, "after_adjustment": 9, "likely_without_revokes": 10,
                                  "double_dummy_without_revoke": 10, "likely_directors_figure": 10},
              "claim": {"tricks_not_played": 4, "declarer_tricks": 3, "played_out": True, "counted": "table_result"},
              "measures": measures, "measure_why": "the director gave his own figure",
              "suggested": {"declarer_tricks": 10, "result": "4H W =", "score_ns": -420, "law": "64C1"},
              "steps": [], "laws_edition": "2017", "engine_version": "0.1.0"}
    with laptop(create_app(solver=object(), database_url=f"sqlite:///{tmp_path / 'a.sqlite3'}")) as c:  # type: ignore[arg-type]
        state = c.app.state  # type: ignore[attr-defined]
        event = state.events.create_event(EventDetails("Club pairs", dt.date(2026, 11, 25)))
        details = CaseDetails(event.id, "21", "3", "7", Pair("12"), Pair("3"), "Jan Kowalski")
        request = {"event": event.id, "board": "21", "contract": "4H", "declarer": "W", "table_result": 8,
                   "likely_without_revoke": 10, "likely_reason": "trumps drawn", "offender_card": "H7"}
        new = NewCase(details, CaseKind.REVOKE, request, ruling, "0.1.0", "2017", -420, 100)
        case = state.cases.create_case(new, Actor("Jan Kowalski", Role.DIRECTOR))
        en = html.unescape(c.get(f"/cases/{case.id}?lang=en").text)
        assert "table 8, after the transfer 9" in en and "table result + what the revoke card changed 10" not in en
        assert ("The table's own play without the revoke 9 (4H W -1); Table result + what the revoke card changed 9 "
                "(4H W -1); Double dummy from before the revoke 10 (4H W =); The director's own figure (not double "
                "dummy) 10 (4H W =): used by the ruling") in en
        pl = html.unescape(c.get(f"/cases/{case.id}?lang=pl").text)
        assert "Własna ocena sędziego (nie analiza w otwarte karty) 10 (4H W =): przyjęte w orzeczeniu" in pl
        # the request as given: his figure and the offender's card
        facts = " ".join(re.sub(r"<[^>]+>", " ", pl).split())
        assert "Własna ocena sędziego (nie analiza w otwarte karty) 10: trumps drawn" in facts
        assert "Karta wykraczającego zamiast karty fałszywego renonsu ♥7" in facts
