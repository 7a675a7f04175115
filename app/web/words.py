"""The page's sentences built from what the engine and the store give in English, said in the
page's language: a board's label, a plausible result's evidence, an engine error's reason, a
stored ruling's step, a pydantic complaint, a date.

The engine keeps English text for the API and the CLI; where it also gives a catalogue key
(``Step.key``, ``InvalidBoardError.key``) the key is used (:func:`app.i18n.step_text`,
:func:`app.i18n.error_text`). Where it gives only English of a fixed shape (a board's label
``"board 21, room Closed (line 1476)"``, a plausible result's evidence) the shape is read back and
said with the page's catalogue (``app/i18n/<lang>/page.json``). Anything else is English, marked
in strict mode (:func:`app.i18n.fallback`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.i18n import DEFAULT, catalogue, error_template_text, error_text, fallback, gettext, step_text
from app.i18n.seats import SeatWord, card_symbols
from app.i18n.statement import claim_step_text
from engine.casefile.cases import CaseConflictError
from engine.errors import InvalidBoardError
from engine.laws.steps import Step

_LABEL = re.compile(r"^(?:(?P<before>.*?),? )?board (?P<board>\S*?)(?:, room (?P<room>.+?))?"
                    r"(?: \(line (?P<line>\d+)\))?$")


def board_label(lang: str, label: str) -> str:
    """A board's label in ``lang``, from the engine's English one (``engine.records.pbn_game.PbnGame.label``,
    ``app.api.events.board_for``): ``"Sponvo30.pbn board 21, room Closed (line 1476)"`` -> in Polish
    ``"Sponvo30.pbn rozdanie 21, pokój Closed (wiersz 1476)"``; ``"Euro 97, board 5"`` (a stored
    event's board) -> ``"Euro 97, rozdanie 5"``. The file's or event's name, the board number
    and the room are kept as written. A label of another shape (a contract: ``"4H W"``) as is."""
    m = _LABEL.match(label.strip())
    if m is None:
        return label
    text = gettext(lang, "label_board", board=m["board"] or "?")
    if m["room"]:
        text = gettext(lang, "label_board_room", board=m["board"] or "?", room=m["room"])
    if m["line"]:
        text = f"{text} ({gettext(lang, 'label_line', line=m['line'])})"
    before = m["before"]
    if before:
        joiner = ", " if label.strip()[len(before):].startswith(",") else " "
        text = f"{before}{joiner}{text}"
    return text


_PLAYS = re.compile(r"^(?P<seat>[NESW]) plays (?P<cards>.+?) instead of (?P<card>\S+) "
                    r"\((?P<how>double dummy|the table's own play) after it\)$")
_EVIDENCE = {
    "the table result plus the revoke card's swing (if the later losses were not induced by the revoke)":
        "evidence_table_plus_swing",
    "played double dummy from before the revoke (if it induced the later losses)": "evidence_dd_from_revoke",
    "the table's own play without the revoke (if the later losses were not induced by the revoke)":
        "evidence_table_play",
    "the director's own figure for the likely result without the revoke": "evidence_directors_figure",
    "the contract reached, played double dummy on the corrected deal": "evidence_contract_dd",
    "the table result, the less favourable result for the side at fault (12B1)": "evidence_table_lower",
    "the result after the automatic adjustment: Law 64C never gives the offending side more":
        "evidence_after_adjustment",
    "par on the corrected deal (the double-dummy auction's contract)": "evidence_par",
}


def evidence_text(lang: str, english: str) -> str:
    """A plausible result's evidence (``engine.scoring.adjusted.PlausibleResult.evidence``, or as
    stored with a case) in ``lang``: its clauses (joined with ``"; "``) are the engine's fixed
    shapes, e.g. ``"S plays H9 or H8 instead of D4 (double dummy after it)"`` or ``"... (the
    table's own play after it)"`` (issue 34: the measure the ruling used); a clause of
    another shape stays English (marked in strict mode)."""
    out = []
    for clause in english.split("; "):
        plays = _PLAYS.match(clause)
        if plays:
            cards = gettext(lang, "evidence_or").join(cards_shown(lang, c) for c in plays["cards"].split(" or "))
            shape = "evidence_plays_instead" if plays["how"] == "double dummy" else "evidence_plays_instead_table"
            out.append(gettext(lang, shape, player=SeatWord(plays["seat"], catalogue(lang).get),
                               cards=cards, card=cards_shown(lang, plays["card"])))
        elif clause in _EVIDENCE:
            out.append(gettext(lang, _EVIDENCE[clause]))
        else:
            out.append(fallback(lang, clause))
    return "; ".join(out)


def cards_shown(lang: str, text: str) -> str:
    """The card codes of ``text`` (``"HK S2 D3 D4"``, ``"H9"``) in ``lang`` as its sentences say
    them: in Polish, Russian and Greek as the tables show them (``"♥K ♠2 ♦3 ♦4"``,
    :func:`app.i18n.seats.card_symbols`, as a step's parameters); in English as written, the
    engine's own letters (its sentences are the engine's)."""
    return card_symbols(text) if lang != DEFAULT else text


def reason(lang: str, exc: BaseException) -> str:
    """An engine error's reason in ``lang``: an :class:`InvalidBoardError` (or a case's
    :class:`~engine.casefile.cases.CaseConflictError`) through its catalogue key
    (:func:`app.i18n.error_text`); any other error's message in English (marked in strict mode)."""
    if isinstance(exc, InvalidBoardError | CaseConflictError):
        return _page_words(lang, exc) or error_text(lang, exc)
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return fallback(lang, str(message))


class _PageKeyed:
    """An engine error seen through the page's own template (``error.page.<key>``)."""

    def __init__(self, error: InvalidBoardError | CaseConflictError) -> None:
        self.message, self.key, self.params = error.message, f"page.{error.key}", error.params


def _page_words(lang: str, error: InvalidBoardError | CaseConflictError) -> str | None:
    """The page's own words for an engine error, in every language English included: the
    catalogue's ``error.page.<key>`` (the API's ``error.<key>`` names the request's fields,
    ``table_result``, ``claim_declarer_tricks``, ``rest_valued_double_dummy``; the page names its
    boxes), filled as :func:`app.i18n.error_template_text` fills an error; ``None`` when the
    error has no page template."""
    if not error.key or f"error.page.{error.key}" not in catalogue(lang):
        return None
    return error_template_text(lang, _PageKeyed(error))


def stored_step(lang: str, data: Mapping[str, Any], stated: Sequence[str] | None = None) -> str:
    """A ruling step as stored with a case (``{"law", "text"}``, and ``"key"``/``"params"`` when
    the API gives them) in ``lang``: through its template when it has a key, else its English
    text (marked in strict mode). A nested phrase among the params (a mapping with ``"key"``, or
    a list of them) is translated too. A claim ruling's step (``claim.*``) says its categories,
    class of player and cards in words, and the stated line as ``stated`` (the statement's steps
    in words, :func:`app.i18n.statement.claim_step_text`)."""
    step = _step(data)
    return claim_step_text(lang, step, stated) if step.key.startswith("claim.") else step_text(lang, step)


def _step(data: Mapping[str, Any]) -> Step:
    params = data.get("params") if isinstance(data.get("params"), Mapping) else {}
    return Step(str(data.get("law") or ""), str(data.get("text") or ""), key=str(data.get("key") or ""),
                params={k: _param(v) for k, v in (params or {}).items()})


def _param(value: Any) -> object:
    if isinstance(value, Mapping) and "key" in value:
        return _step(value)
    if isinstance(value, list) and value and all(isinstance(v, Mapping) and "key" in v for v in value):
        return tuple(_step(v) for v in value)
    return value


_PYDANTIC = {"missing": "need_field", "string_too_short": "need_field", "too_short": "need_field",
             "int_parsing": "not_whole_number", "int_type": "not_whole_number", "int_from_float": "not_whole_number",
             "bool_parsing": "not_yes_no", "bool_type": "not_yes_no", "string_type": "not_text",
             "list_type": "not_list", "dict_type": "not_group", "model_type": "not_group",
             "extra_forbidden": "not_expected", "json_invalid": "not_json"}


def pydantic_text(lang: str, err: Mapping[str, Any]) -> str:
    """A pydantic complaint (one item of ``ValidationError.errors()``) in ``lang``: by its type
    (a missing field, not a whole number, too long, not one of the values allowed, a number out
    of range); an engine error raised by a validator through its key; another type by the
    API's template for it (``error.pydantic.<type>``) when the language has one; anything else
    English (marked in strict mode). In English, pydantic's own message (what the API says)."""
    kind, ctx = str(err.get("type", "")), err.get("ctx") or {}
    english = str(err.get("msg", "")).removeprefix("Value error, ")
    if lang == DEFAULT:  # pydantic's own words, as the API gives them
        return english
    if kind in _PYDANTIC:
        return gettext(lang, _PYDANTIC[kind])
    if kind in ("string_too_long", "too_long") and "max_length" in ctx:
        return gettext(lang, "too_long", n=ctx["max_length"])
    if kind in ("literal_error", "enum") and "expected" in ctx:
        return gettext(lang, "not_one_of", expected=str(ctx["expected"]).replace("'", ""))
    for suffix, bound, key in (("greater_than_equal", "ge", "at_least"), ("greater_than", "gt", "more_than"),
                               ("less_than_equal", "le", "at_most"), ("less_than", "lt", "less_than")):
        if kind.endswith(suffix) and bound in ctx:
            return gettext(lang, key, n=ctx[bound])
    error = ctx.get("error")
    if isinstance(error, InvalidBoardError):
        return error_text(lang, error)
    template = catalogue(lang).get(f"error.pydantic.{kind}")  # the API's wording (errors.json), if any
    if template:
        try:
            return template.format(**ctx)
        except (KeyError, IndexError, ValueError):
            pass
    return fallback(lang, english)


def sheet_date_text(lang: str, text: str) -> str:
    """A sheet's date as the case sheet prints it (:func:`date_text`): an ISO date, as the event
    stores it or the form's date box sends it (``"2022-07-27"``), in words (``"27 lipca 2022"``);
    anything else the director wrote, as written."""
    try:
        return date_text(lang, dt.date.fromisoformat(text.strip()))
    except ValueError:
        return text


FORMAT_NAMES = {"pbn": "PBN", "usebio": "USEBIO XML", "nz-scorer": "NZ Scorer XML", "bws": "Bridgemate .bws",
                "dlm": "DealMaster .dlm", "jfr": "JFR Pary HTML"}
"""The results files' formats by the names the upload panel gives them (``upload_kinds``: the
programs' and formats' own names, the same in every language), by
:attr:`engine.records.results.model.SessionResults.kind`."""


def format_name(kind: str) -> str:
    """The name a director knows a results file's format by: ``"usebio"`` -> ``"USEBIO XML"``
    (:data:`FORMAT_NAMES`); a kind not listed there in capitals, never the engine's code as is."""
    return FORMAT_NAMES.get(kind, kind.upper())


def date_text(lang: str, day: dt.date) -> str:
    """A date in words: ``26 June 1997``, in Polish ``26 czerwca 1997`` (the month's name from
    the catalogue, ``month_1`` .. ``month_12``, in the form a date takes)."""
    return gettext(lang, "date_format", day=day.day, month=gettext(lang, f"month_{day.month}"), year=day.year)


__all__ = ["FORMAT_NAMES", "board_label", "cards_shown", "date_text", "evidence_text", "format_name", "pydantic_text",
           "reason", "sheet_date_text", "stored_step"]
