"""Every language says everything: the catalogues (``app/i18n/<lang>/*.json``) against English
and against the keys the code emits.

* every language folder (``languages()``) has every key of the English catalogue, with the same
  set of ``{parameters}``, and no key English does not have;
* every key the code emits exists in English: a static look at the engine's ``Step(...)`` and
  error raises (``key=``), the app's ``gettext(..., "key")``, ``_say("key")`` and the CLI's ``_t("key")`` calls,
  the page's ``t("key")`` in its templates and code, and pydantic's error types said by type.

A key the code builds from parts (``f"cc.f.{why}"``) must match at least one English key.
Russian and Greek are written apart (branches ru, el): until they land, only the languages
present are checked.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.i18n import PLURAL_MARK, catalogue, languages, plural_categories, plural_category, step_template_text
from app.service.errors import PYDANTIC_TYPES
from engine.laws.editions import LAWS_2007, LAWS_2017

ROOT = Path(__file__).resolve().parent.parent.parent
_EDITION_PREFIXES = sorted({e.key_prefix for e in (LAWS_2007, LAWS_2017)})
ERRORS = {"InvalidBoardError", "PbnError", "IllegalPlayError", "NotStoredError", "CaseConflictError", "__init__",
          "_keyed"}  # engine.screening.rows: a flagged row's reason around its error's


def _params(text: str) -> set[str]:
    return {m.group(1) for m in re.finditer(r"(?<!\{)\{(\w+)[^{}]*\}", text)}


def _public(lang: str) -> dict[str, str]:
    return {k: v for k, v in catalogue(lang).items() if not k.startswith("_")}


def _base(key: str) -> str:
    """A key without its plural category (``"step.played_out|one"`` -> ``"step.played_out"``)."""
    return key.split(PLURAL_MARK, 1)[0]


def _singular(lang: str) -> dict[str, str]:
    """The catalogue without its plural variants (each key's ``other`` form stays)."""
    return {k: v for k, v in _public(lang).items() if PLURAL_MARK not in k}


@pytest.mark.parametrize("lang", sorted(languages()))
def test_plural_variants_are_the_languages_own_categories(lang):
    """``key|one``, ``key|few``...: only the CLDR categories Babel gives the language, only of a
    key the catalogue has (its ``other`` form), never a parameter the ``other`` form lacks; and a
    key with variants in English has them for every category of the language (Polish and Russian
    one, few and many; English and Greek one)."""
    cat = _public(lang)
    wrong = []
    for key, text in cat.items():
        if PLURAL_MARK in key:
            base, form = key.split(PLURAL_MARK, 1)
            if base not in cat or form not in plural_categories(lang) or not _params(text) <= _params(cat[base]):
                wrong.append(key)
    counted = {_base(k) for k in _public("en") if PLURAL_MARK in k}
    lacking = sorted(f"{k}{PLURAL_MARK}{form}" for k in counted for form in plural_categories(lang)
                     if f"{k}{PLURAL_MARK}{form}" not in cat)
    assert (wrong, lacking) == ([], [])
    assert plural_categories("pl") == {"one", "few", "many"} and plural_category("pl", 12) == "many"


def test_the_travellers_line_count_takes_the_languages_plural():
    """Issue 37, a new Polish director on a 22-table traveller: "22 wierszy" is the genitive plural
    a number ending in 2-4 (not 12-14) does not take (Babel: few, "22 wiersze")."""
    from app.i18n import gettext
    assert "(PBN, 22 wiersze)" in gettext("pl", "traveller_intro_file", kind="PBN", n=22)
    assert "(PBN, 12 wierszy)" in gettext("pl", "traveller_intro_file", kind="PBN", n=12)
    assert "(PBN, 1 wiersz)" in gettext("pl", "traveller_intro_file", kind="PBN", n=1)
    assert "Compscore3 (25 wierszy)" in gettext("pl", "traveller_intro", program="Compscore3", n=25)
    assert "as Compscore3 recorded it (1 line)" in gettext("en", "traveller_intro", program="Compscore3", n=1)


def test_a_count_picks_its_plural_form():
    """"the other 1 were played out" no more: Babel's plural rules choose the variant."""
    from engine.laws.steps import Step
    one = Step("79A", "", "played_out", {"entered": 12, "n": 1, "table": 10, "decl": 1})
    two = Step("79A", "", "played_out", {"entered": 11, "n": 2, "table": 10, "decl": 1})
    five = Step("79A", "", "played_out", {"entered": 8, "n": 5, "table": 10, "decl": 3})
    assert "the other trick was played out" in (step_template_text("en", one) or "")
    assert "the other 2 tricks were played out" in (step_template_text("en", two) or "")
    assert "ostatnią lewę" in (step_template_text("pl", one) or "")
    assert "pozostałe 2 lewy" in (step_template_text("pl", two) or "")
    assert "pozostałe 5 lew" in (step_template_text("pl", five) or "")
    assert "остальные 2 взятки" in (step_template_text("ru", two) or "")
    assert "остальные 5 взяток" in (step_template_text("ru", five) or "")
    assert "η τελευταία λεβέ" in (step_template_text("el", one) or "")
    from app.i18n import gettext
    assert gettext("en", "sheet_counted_claim", n=1, decl=0).endswith("0 of the one trick not played out.")
    assert "4 nierozegrane lewy" in gettext("pl", "sheet_counted_double_dummy", n=4, decl=2)
    assert "5 nierozegranych lew" in gettext("pl", "sheet_counted_double_dummy", n=5, decl=2)


@pytest.mark.parametrize("lang", sorted(set(languages()) - {"en"}))
def test_every_language_has_every_english_key_with_the_same_parameters(lang):
    en, other = _singular("en"), _singular(lang)
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    differ = sorted(k for k in set(en) & set(other) if _params(en[k]) != _params(other[k]))
    assert (missing, extra, differ) == ([], [], []), \
        f"{lang}: missing {missing[:20]}, not in English {extra[:20]}, other parameters {differ[:20]}"


def test_the_english_templates_can_be_filled():
    en = _public("en")
    broken = []
    for k, v in en.items():
        try:
            v.format(**dict.fromkeys(_params(v), "x"))
        except (KeyError, IndexError, ValueError):
            broken.append(k)
    assert broken == []


# --- the keys the code emits ----------------------------------------------------------------------

def _pattern(node: ast.expr) -> list[str]:
    """The regular expressions a key expression can take: constants as they are, a formatted
    part as ``\\w+``, both branches of a conditional, the parts of ``+``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.escape(node.value)]
    if isinstance(node, ast.JoinedStr):
        return ["".join(re.escape(v.value) if isinstance(v, ast.Constant) else r"[\w.]+" for v in node.values)]
    if isinstance(node, ast.IfExp):
        return _pattern(node.body) + _pattern(node.orelse)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return [a + b for a in _pattern(node.left) for b in _pattern(node.right)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "key" \
            and node.args:  # edition.key("projection"): each edition's own wording (2017's may be guarded away)
        return [re.escape(prefix) + p for prefix in _EDITION_PREFIXES if prefix for p in _pattern(node.args[0])]
    return [r"[\w.]+"]  # a variable: checked where it is set (a literal of its own)


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _emitted() -> Iterator[tuple[str, str]]:
    """``(where, pattern)`` of every catalogue key the Python code emits, full key names."""
    for path in sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "app").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "key" for t in node.targets):
                for p in _pattern(node.value):  # a key chosen before the Step or the error is built
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", r"(?:step\.|error\.)" + p
            if not isinstance(node, ast.Call):
                continue
            name, where = _call_name(node), f"{path.relative_to(ROOT)}:{node.lineno}"
            key: ast.expr | None = next((k.value for k in node.keywords if k.arg == "key"), None)
            if name == "Step":
                key = key or (node.args[2] if len(node.args) > 2 else None)
                prefix = "step."
            elif name in ERRORS:
                prefix = "error."
            elif name == "_error" and len(node.args) > 2:  # engine.records.pbn_game: a game's error, its reason's key
                key, prefix = node.args[2], "error."
            elif name == "gettext" and len(node.args) > 1:
                key, prefix = node.args[1], ""
            elif name == "_t" and node.args and path.name == "cli.py":
                key, prefix = node.args[0], "cli."
            elif name == "_say" and node.args:  # app.service.errors, app.api.schemas.common: an error answer's sentences
                key, prefix = node.args[0], "api."
            elif name == "t" and node.args and "web" in path.parts:
                key, prefix = node.args[0], ""
            else:
                continue
            if key is None:
                continue
            for p in _pattern(key):
                if p != r"[\w.]+":
                    yield where, re.escape(prefix) + p
    for path in sorted((ROOT / "app" / "web" / "templates").rglob("*.html")):
        for m in re.finditer(r"""\bt\(\s*["']([\w.]+)["']\s*(~|\+)?""", path.read_text(encoding="utf-8")):
            joined = r"[\w.]+" if m.group(2) else ""  # t("seat_" ~ seat): a family of keys
            yield f"{path.relative_to(ROOT)}", re.escape(m.group(1)) + joined
    for kind in PYDANTIC_TYPES:
        yield "app/service/errors.py PYDANTIC_TYPES", re.escape(f"error.pydantic.{kind}")


def test_every_key_the_code_emits_has_an_english_template():
    en = set(_public("en"))
    emitted = list(_emitted())
    assert len(emitted) > 300  # the scan found the engine's steps and errors, the app's and the page's keys
    missing = sorted({(where, p) for where, p in emitted if not any(re.fullmatch(p, k) for k in en)})
    assert missing == [], f"no English template for {missing[:20]}"


def test_every_step_and_error_key_in_english_is_emitted_somewhere():
    """No dead template: a ``step.*`` or ``error.*`` key no code can emit is a translator's wasted
    work (the page's own keys are the page's business)."""
    patterns = [re.compile(p) for _, p in _emitted()]
    dead = sorted(k for k in _public("en") if k.startswith(("step.", "error.")) and
                  not any(p.fullmatch(_base(k)) for p in patterns))
    assert dead == []


# --- issue 25, item 14: the words a director met in English or in the wrong term ------------------

_INPUT_VALUES = {"error.not_a_vulnerability", "error.board_bad_vulnerability", "error.case_kept_side"}  # they quote what the API takes


@pytest.mark.parametrize(("lang", "leftover"), [
    ("pl", re.compile(r"(?i)double[ -]dummy(?!\))")),  # one term: "w otwarte karty"
    ("el", re.compile(r"(?i)match ?points")),
    ("ru", re.compile(r"\b(NS|EW)\b")),  # seats said as the tables beside say them: Север-Юг
    ("el", re.compile(r"\b(NS|EW)\b")),  # Βορράς-Νότος
    # one word for Law (issue 37): "Правило" as the Russian translations of the Laws say it
    # ("Правило 64"), never "Закон" beside it
    ("ru", re.compile(r"\b[Зз]акон(?:ы|а|у|ом|ов|ам|ами|ах|е)?\b")),
])
def test_no_english_leftovers_in_the_sentences(lang, leftover):
    found = {k: v for k, v in _public(lang).items()
             if k not in _INPUT_VALUES and leftover.search(v.replace("rest_valued_double_dummy", ""))}
    assert found == {}


def test_the_polish_revoke_tag_says_a_revoke_not_a_void():
    # "renons" alone is a void in Polish; the irregularity (Law 61) is "fałszywy renons" (FR)
    assert catalogue("pl")["revoke_marker"].lower() in ("fałszywy renons", "fr")


def _keys_given(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object's keys in the order given, each as often as given (under ``"keys"``)."""
    return {"keys": [key for key, _ in pairs]}


@pytest.mark.parametrize("path", sorted((ROOT / "app" / "i18n").glob("*/*.json")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_catalogue_gives_a_key_twice(path: Path) -> None:
    """A JSON object may repeat a key and the reader keeps the last text: the traveller's short
    "Cards" link and the board list's "Incorrect number of cards" once shared `cards_link`, so every
    traveller line read "Incorrect number of cards"."""
    import json

    keys = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_keys_given)["keys"]
    assert len(keys) > 10
    twice = sorted({key for key in keys if keys.count(key) > 1})
    assert twice == [], "keys given twice (the second text silently wins)"
