"""Issue 36: a results file's field and spot said in the page's language inside a reason
(``field.<what>``, ``where.<word>`` in app/i18n/<lang>/errors.json), never left in English."""

from __future__ import annotations

import pytest

from app.i18n import error_text, field_params
from engine.errors import ResultsFileError


@pytest.mark.parametrize(("lang", "params", "said"), [
    ("pl", {"where": "board 3 (match 1 v 2), line 2", "what": "direction"},
     {"where": "rozdanie 3 (mecz 1 – 2), wiersz 2", "what": "kierunek"}),
    ("ru", {"where": "section A, table 3, round 2, board 7", "what": "tricks"},
     {"where": "секция A, стол 3, тур 2, сдача 7", "what": "взятки"}),
    ("el", {"where": "board 1, line 126", "what": "contract"}, {"where": "διανομή 1, γραμμή 126", "what": "συμβόλαιο"}),
    # what the catalogue does not name stays as written
    ("pl", {"where": "somewhere else", "what": "spades of N"}, {"where": "somewhere else", "what": "spades of N"}),
])
def test_the_field_and_the_spot_are_said_in_the_language(lang: str, params: dict[str, str],
                                                         said: dict[str, str]) -> None:
    assert field_params(lang, params) == said


def test_a_reason_in_greek_has_no_english_field() -> None:
    error = ResultsFileError("board 1, line 126: the contract '42' cannot be read", key="results_bad_value",
                             params={"where": "board 1, line 126", "what": "contract", "text": "42"})
    assert error_text("el", error) == "διανομή 1, γραμμή 126: το πεδίο «συμβόλαιο» δεν μπορεί να διαβαστεί: '42'"
    assert error_text("en", error) == error.message
