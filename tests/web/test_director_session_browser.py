"""Issue 37, done when: a director's whole session in Chromium, in each of Polish, Russian and
Greek, types nothing the advisor already knows, meets no English or code, and prints each sheet on
one A4 page.

One uvicorn server with tokens configured (the director signs in with his token, as
tests/web/test_case_page.py does) and strict catalogues (``ADVISOR_I18N_STRICT=1``), one Chromium;
per language the director clicks through: the index, a club's results file uploaded (Compscore3's
USEBIO ``mp_pairs_howell.xml``, ../shared/data/club-files, which carries the hand records too),
the board list, board 1's traveller, the "Rule" link of pairs 5 v 2's line, the revoke ruled from
that line with the card clicker, its sheet printed, saved as a case and decided; a Law 13/14
ruling from the same line's "Cards" link and its sheet; a claim from its "Claim" link and its
sheet; the event's case list and the list of every case. Every page a click loads is read as
Chromium shows it (``page.content()``, scripts' text added) by the strict check of
tests/web/test_every_page_in_every_language.py (no English sentence, no snake_case code, no raw
enum, no JSON, no placeholder plural, no wrong plural).

Worked by hand from the file: board 1, pairs 5 v 2, 4H by South, 8 tricks (4H S -2), the lead the
club ace. The play clicked, ``CA C5 C2 C6 / SA S9 S2 S6 / CK C4 D5 CQ``: East (J5432.T8.K865.J2)
discards the ♦5 on the third round of clubs while holding the ♣J, a revoke (61A), established as
the play went on to the end (63A1). West, the offender's partner, won that trick with the ♣K: the
offending side won the revoke trick, the offender did not, so one trick is transferred (64A2): 9
tricks, 4H S -1. The Law 13/14 ruling: East's ♣J
found in South's hand after the play. The claim: after eight tricks South claims the last five
(tests/web/test_sheets_print_browser.py). Pages are counted as that module counts them."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import served, watched_page
from tests.people import people_in
from tests.web.test_browser import _click
from tests.web.test_case_page import DIRECTOR, PEOPLE, _sign_in
from tests.web.test_every_page_in_every_language import HOWELL, OTHERS, problems
from tests.web.test_sheets_print_browser import _printed

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not HOWELL.is_file(), reason="../shared/data/club-files is not beside the repository")]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app on uvicorn with tokens configured and strict catalogues: ``(url, the director's token)``."""
    database = f"sqlite:///{tmp_path_factory.mktemp('session') / 'advisor.sqlite3'}"
    tokens = people_in(database, PEOPLE)
    with served({"ADVISOR_DATABASE_URL": database, "ADVISOR_I18N_STRICT": "1"}) as url:
        yield url, tokens[DIRECTOR]


NAMES = {"ns": "PAM HUGHES & ARMINE ANSOURIAN", "ew": "JOAN GIACOMETTI & TRISH HARRISON"}
KNOWN = {"event": "EL Wed 10.00am Open (27-Jul-22)", "director": DIRECTOR,
         "pair-ns": f"5 ({NAMES['ns']})", "pair-ew": f"2 ({NAMES['ew']})"}
"""What the file and the sign-in know of pairs 5 v 2's table, printed on every sheet (the file
names no table and no round: those the director writes in), besides the date."""
DATE = {"pl": "27 lipca 2022", "ru": "27 июля 2022", "el": "27 Ιουλίου 2022"}
"""The session's date (the file's 2022-07-27) in words, as every sheet prints it."""


def _sheet(page: Any) -> dict[str, str]:
    """The sheet head's fields as printed (tests/web/templates/sheet_fields.html), blanks left out."""
    return {key: page.inner_text(f"#sheet-{key}") for key in ("event", "date", "table", "round", "director",
                                                              "pair-ns", "pair-ew")
            if page.inner_text(f"#sheet-{key}").strip()}


SEAT_WORDS = {"ru", "el"}
"""The languages whose steps name a seat by its word ("Восток", "της Ανατολής"); Polish keeps the
letters its directors write (N, E, S, W), as the clicker does."""


class Session:
    """The director's page in ``lang`` and what the strict check found on each page it loaded;
    ``traveller`` and ``event`` once the results file is uploaded."""

    def __init__(self, page: Any, lang: str) -> None:
        self.page, self.lang = page, lang
        self.found: dict[str, list[str]] = {}
        self.traveller = self.event = ""

    def read(self, name: str, loaded: str) -> None:
        """Wait for ``loaded`` (a selector of the page the last click loads), then check the page."""
        self.page.locator(loaded).first.wait_for()
        hits = problems(self.page.content(), self.lang)
        if hits:
            self.found[name] = sorted(set(hits))

    def from_line(self, link: str, name: str, loaded: str) -> None:
        """Board 1's traveller, then the ``link`` (``rule-link``, ``cards-link``, ``claim-link``)
        of pairs 5 v 2's line; the page it opens read as :meth:`read`."""
        self.page.goto(self.traveller)
        self.page.locator(f"#traveller tr[data-ns='5'][data-ew='2'] a.{link}").click()
        self.read(name, loaded)

    def ruled(self, button: str, name: str, answer: str) -> None:
        """Click ``button`` (the form's Rule) and read the ruling (``answer``): no error; its sheet
        printed on one A4 page with every field the file and the sign-in know; its "save as a
        case" form holding the event, pairs 5 v 2 and their names, the director signed in."""
        page = self.page
        page.click(button)
        self.read(name, f"{answer}, #errors")
        assert page.locator("#errors").count() == 0, page.inner_text("#errors")
        assert _printed(page, f"session-{self.lang}-{name}")[0] == 1, f"the {name} sheet is not one page"
        assert _sheet(page) == KNOWN | {"date": DATE[self.lang]}
        assert page.input_value("#case-event") == self.event
        assert [page.input_value(f"#case-{side}-number") for side in ("ns", "ew")] == ["5", "2"]
        assert [page.input_value(f"#case-{side}-names") for side in ("ns", "ew")] == [NAMES["ns"], NAMES["ew"]]
        assert page.input_value("#case-director") == DIRECTOR


@pytest.mark.parametrize("lang", OTHERS)
def test_a_directors_whole_session(browser: Any, site: tuple[str, str], tmp_path: Path, lang: str) -> None:
    url, token = site
    with watched_page(browser) as page:
        s = Session(page, lang)
        _sign_in(page, url, token, f"/?lang={lang}")
        s.read("index", "#form-upload")
        results = tmp_path / "session.xml"  # a new file for each language: its own event
        results.write_bytes(HOWELL.read_bytes() + f"<!-- {uuid.uuid4()} -->".encode())
        page.set_input_files("#file", str(results))
        page.click("#form-upload button[type=submit]")
        s.read("upload", "a.traveller-link")
        page.locator("a.traveller-link").first.click()
        s.read("traveller", "#traveller")
        s.traveller = page.url
        s.event = re.search(r"/events/(\d+)/", page.url).group(1)  # type: ignore[union-attr]

        # the revoke, ruled from the line: what the line says is on the form, the director types none of it
        s.from_line("rule-link", "play page", "#clicker:not([hidden])")
        assert page.input_value("#contract") == "4H" and page.input_value("#declarer") == "S"
        assert page.input_value("#table_result") == "8"
        _click(page, "CA C5 C2 C6 SA S9 S2 S6 CK C4 D5 CQ".split())
        s.read("play page, three tricks clicked", "#trick-list tr:nth-child(3)")
        s.ruled("#form-play button[type=submit]", "ruling", "#suggested")
        assert "4H S -1" in page.inner_text("#suggested")  # 64A2: one trick to North-South
        if lang in SEAT_WORDS:  # the revoke's steps name the seats by the language's words (issue 37)
            steps = [page.inner_text(f"ol.steps li:has(.law-badge:text-is('{law}'))") for law in ("61A", "64A2")]
            assert [re.findall(r"\b[NESW]\b", step) for step in steps] == [[], []], steps
        page.click("#form-case button[type=submit]")  # saved as a case as prefilled
        s.read("case page", "#form-decision")
        page.click("#form-decision button[type=submit]")  # the proposal, as prefilled
        s.read("decided case", "#decision-score")
        n, text = _printed(page, f"session-{lang}-case")
        assert n == 1, "the case sheet is not one page"
        assert all(KNOWN[k] in text for k in ("event", "director")) and DATE[lang] in text
        assert NAMES["ns"] in text and NAMES["ew"] in text

        # Law 13/14 from the same line: East's club jack was found in South's hand after the play
        s.from_line("cards-link", "law 13 form", "#cards-moves")
        assert page.input_value("#c-contract") == "4H" and page.input_value("#c-declarer") == "S"
        assert page.input_value("#c-tricks") == "8"
        page.select_option("#move-card-0", "CJ")
        page.select_option("#move-to-0", "S")
        s.ruled("#form-cards button[type=submit]", "law-13", "#suggested")

        # a claim from the same line: after eight tricks South claims the last five
        s.from_line("claim-link", "claim form", "#form-claim")
        assert page.input_value("#cl-contract") == "4H" and page.input_value("#cl-declarer") == "S"
        assert page.input_value("#cl-play") == "CA"  # the traveller's lead: the director goes on from it
        page.focus("#cl-play")
        page.keyboard.press("End")
        page.keyboard.insert_text(" C5 C2 C6 SA S9 S2 S6 CK C4 CJ CQ SK S8 S3 S7 CT D2 S4 H4 HA H3 H2 H8 HK C3 H6 "
                                  "HT DQ D9 D3 D5")
        page.fill("#cl-tricks", "5")
        s.ruled("#claim-rule", "claim", "#claim-answer")

        page.goto(f"{url}/events/{s.event}/cases?lang={lang}")
        s.read("case list", "#case-list")
        page.click("#to-all-cases")
        s.read("all cases", "#form-filter")
    assert s.found == {}, "\n".join(f"{name}: {hits}" for name, hits in s.found.items())
