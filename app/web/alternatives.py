"""The page of an adjusted score after misinformation or unauthorised information (issue 38):
``GET /alternatives`` (the form; with ``event`` and ``board`` and a traveller line's ``table``
and/or pairs ``ns``/``ew``, the traveller's "Adjusted score (other laws)" link, prefilled from the
line: the table's contract, declarer, result and lead) and ``POST /alternatives`` (the evidence
side by side: per alternative its double-dummy figures with the table's lead and over every lead,
the room's own results, the rule its outcomes were proposed by and their Law 77 scores; then the
weighted score on the field, 12C1(c), or 12C1(e)'s two scores where the event does not weight;
then "Save as a case", :func:`save_form`).

The form is read into the body of ``POST /v1/rulings/alternatives``
(:class:`app.api.schemas.alternatives.AlternativesRequest`) by :func:`alternatives_body`, so the
page, the API and the CLI rule on the same request (:func:`app.api.alternatives.rule_alternatives`).
It works without JavaScript: the alternatives are rows of plain fields (at least
:data:`MIN_ROWS`), and "More rows" posts the form back with two more. Every problem is said in the
director's words next to its field (:func:`problems_of`), never as a request path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from app import i18n
from app.api.alternatives import rule_alternatives
from app.api.schemas.alternatives import AlternativesRequest, AlternativesResponse
from app.i18n import gettext
from app.i18n.seats import card_symbols
from app.service.page_language import page_lang
from app.web import views
from app.web.casefile_save import case_form
from app.web.known import known_facts
from app.web.problems import Problem, field_errors
from app.web.traveller import traveller_prefill
from app.web.words import pydantic_text, reason
from engine.casefile.cases import CaseKind
from engine.casefile.events import NotStoredError
from engine.errors import InvalidBoardError
from engine.model.contract_text import read_contract_text

Render = Callable[..., HTMLResponse]

LAWS = ("16B", "21B", "40B", "73C", "75", "other")
"""The laws the director may apply, as :data:`app.api.schemas.alternatives.LawCode`; each said by
its catalogue key ``alt_law_<code>``."""

MIN_ROWS = 4
"""The alternatives' rows the form always shows (issue 38: at least four, without JavaScript)."""
MAX_ROWS = 10
"""The most rows: the request takes at most 10 alternatives."""

ROW_FIELDS = ("contract", "declarer", "lead", "tricks", "weight")
"""Each alternative row's fields, posted as ``a<row>_<field>`` (``a0_contract``...)."""

FORM_FIELDS = ("event", "board", "table", "ns_pair", "ew_pair", "deal", "dealer", "vulnerable", "law", "contract",
               "declarer", "tricks", "lead", "offending_side", "kept_by", "rounding", "rows")
"""The form's other fields: the board it was opened from (hidden: an event's board, with or without
a traveller line), or the deal box of a board without one (``deal``: a PBN deal, ``dealer``,
``vulnerable``), the law, the table's result (``contract``, ``declarer``, ``tricks``: the
declarer's side's, ``lead``), the offending side (needed where the event's profile does not
weight, 12C1(e), and for a rounding in favour of the non-offenders), the side that keeps the table
result (``kept_by``: a split score, 12C1(b)), the regulation's ``rounding`` and the number of rows."""

ROUNDINGS = ("exact", "non_offenders_whole_imp")
"""The request's ``rounding`` values (:data:`engine.scoring.adjusted.ROUNDINGS`), each said by
``alt_rounding_<code>``."""

_SUITS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})


def _card(text: str) -> str | None:
    """A card as typed (``♥2``, ``h2``, ``2H``, ``H10``) for the request's ``CardText``; ``None`` blank."""
    t = text.strip().translate(_SUITS).upper().replace(" ", "")
    return t or None


def _rows(form: Mapping[str, str]) -> int:
    """The number of alternative rows the form shows: ``rows`` as posted, at least :data:`MIN_ROWS`,
    at most :data:`MAX_ROWS`, and never fewer than the last row with something typed in it."""
    n = int(form["rows"]) if form.get("rows", "").isdigit() and len(form["rows"]) <= 2 else MIN_ROWS
    filled = [r + 1 for r in range(MAX_ROWS) if any(form.get(f"a{r}_{k}", "").strip() for k in ROW_FIELDS)]
    return max(MIN_ROWS, min(MAX_ROWS, max([n, *filled])))


def _words(lang: str, key: str, **params: object) -> str:
    text = gettext(lang, key, **params)
    return text[:1].upper() + text[1:]


def alternatives_body(form: Mapping[str, str], lang: str = "en") -> tuple[dict[str, Any], list[int], list[Problem]]:
    """The body of ``POST /v1/rulings/alternatives`` from the page's form, the form row of each of
    its alternatives (a blank row is skipped: the request's ``alternatives/<i>`` is row
    ``rows[i]``), and the problems found before the request is read (each at its field, in
    ``lang``): a contract box that cannot be read (:func:`engine.model.contract_text.read_contract_text`:
    ``4♥``, ``3BA``), a row with something typed but no contract or no declarer, no alternative at
    all, a trick count that is not a whole number, weights given for some rows and not others, no
    deal in the deal box (a form not opened from an event's board).

    Weights: none given, even weights (the answer shows them, for the director to confirm or set);
    else one for each alternative (``50%``, ``1/2``, ``0.5``)."""
    f = {k: form.get(k, "") for k in FORM_FIELDS}
    found: list[Problem] = []
    body: dict[str, Any] = {"law": f["law"] or "other"}
    if f["event"].strip().isdigit() and len(f["event"].strip()) <= 9:
        body |= {"event": int(f["event"]), "board": f["board"].strip()}
        if f["table"].strip():
            body["table"] = _whole(f["table"])
        if f["ns_pair"].strip() and f["ew_pair"].strip():
            body["pairs"] = {"ns": f["ns_pair"].strip(), "ew": f["ew_pair"].strip()}
    else:  # the deal box: a board with no traveller line (the request refuses a missing or unreadable deal)
        deal = " ".join(f["deal"].split())
        if deal:
            body["deal"] = deal
        else:
            found.append(Problem("deal", f"{_words(lang, 'alt_where_deal')}: {gettext(lang, 'alt_need_deal')}"))
        if f["dealer"] in ("N", "E", "S", "W"):
            body["dealer"] = f["dealer"]
        if f["vulnerable"] in ("None", "NS", "EW", "All"):
            body["vulnerable"] = f["vulnerable"]

    def contract(text: str, field: str, where: str) -> str | None:
        try:
            return read_contract_text(text, lang) or None
        except InvalidBoardError as exc:
            found.append(Problem(field, f"{where}: {reason(lang, exc)}"))
            return None

    table: dict[str, Any] = {}
    if f["contract"].strip():
        table["contract"] = contract(f["contract"], "contract", _words(lang, "alt_where_table_contract"))
    if f["declarer"]:
        table["declarer"] = f["declarer"]
    if f["tricks"].strip():
        table["tricks"] = _whole(f["tricks"])
    if f["lead"].strip():
        table["lead"] = _card(f["lead"])
    body["table_result"] = table
    alts: list[dict[str, Any]] = []
    rows: list[int] = []
    weights: list[str] = []
    for r in range(_rows(form)):
        row = {k: form.get(f"a{r}_{k}", "").strip() for k in ROW_FIELDS}
        if not any(row.values()):
            continue
        where = _words(lang, "alt_where_row", n=r + 1)
        if not row["contract"]:
            found.append(Problem(f"a{r}_contract", f"{where}: {gettext(lang, 'alt_need_contract')}"))
            continue
        if not row["declarer"]:
            found.append(Problem(f"a{r}_declarer", f"{where}: {gettext(lang, 'alt_need_declarer')}"))
        alt: dict[str, Any] = {"contract": contract(row["contract"], f"a{r}_contract", where) or row["contract"],
                               "declarer": row["declarer"] or None}
        if row["lead"]:
            alt["lead"] = _card(row["lead"])
        if row["tricks"]:
            alt["tricks"] = _whole(row["tricks"])
        alts.append(alt)
        rows.append(r)
        weights.append(row["weight"])
    if not alts and not found:
        found.append(Problem("a0_contract", _words(lang, "alt_none")))
    if any(weights):
        for r, w in zip(rows, weights, strict=True):
            if not w:
                found.append(Problem(f"a{r}_weight", f"{_words(lang, 'alt_where_row', n=r + 1)}: "
                                                     f"{gettext(lang, 'alt_need_weight')}"))
        body["weights"] = [w.replace(",", ".") for w in weights]
    body["alternatives"] = alts
    if f["offending_side"] in ("NS", "EW"):
        body["offending_side"] = f["offending_side"]
    if f["kept_by"] in ("NS", "EW"):
        body["table_result_kept_by"] = f["kept_by"]
    if f["rounding"] in ROUNDINGS:
        body["rounding"] = f["rounding"]
    return body, rows, found


def _whole(text: str) -> int | str:
    t = text.strip()
    return int(t) if t.isdigit() and len(t) <= 3 else t


_TABLE_FIELD = {"contract": "contract", "declarer": "declarer", "tricks": "tricks", "lead": "lead"}
_ROW_WORD = {"contract": "alt_col_contract", "declarer": "declarer_label", "lead": "alt_col_lead",
             "tricks": "alt_col_tricks"}


def place(lang: str, path: str, rows: list[int]) -> tuple[str, str]:
    """``(form field, words)`` for a path of the alternatives request: ``alternatives/<i>/<field>``
    is row ``rows[i]``'s field ("Alternative 2, lead"), ``weights/<i>`` its weight, ``weights``
    the weights together (the first row's weight box), ``table_result/<field>`` the table's
    result, ``law`` and ``offending_side`` their boxes; the traveller line (``event``, ``board``,
    ``table``, ``pairs``) the whole form; the deal box's ``deal``, ``dealer`` and ``vulnerable``,
    ``table_result_kept_by`` and ``rounding`` their boxes."""
    parts = [p for p in path.split("/") if p]
    if not parts:
        return "", ""
    head = parts[0]
    if head == "alternatives":
        if len(parts) >= 2 and parts[1].isdigit():
            i = int(parts[1])
            r = rows[i] if i < len(rows) else i
            what = parts[2] if len(parts) > 2 else "contract"
            where = _words(lang, "alt_where_row", n=r + 1)
            word = gettext(lang, _ROW_WORD.get(what, "alt_col_contract"))
            return f"a{r}_{what}", f"{where}, {word[:1].lower()}{word[1:]}"
        return "a0_contract", _words(lang, "alt_where_alternatives")
    if head == "weights":
        if len(parts) >= 2 and parts[1].isdigit():
            i = int(parts[1])
            r = rows[i] if i < len(rows) else i
            word = gettext(lang, "alt_col_weight")
            return f"a{r}_weight", f"{_words(lang, 'alt_where_row', n=r + 1)}, {word[:1].lower()}{word[1:]}"
        return "weights", _words(lang, "alt_where_weights")
    if head == "table_result":
        field = _TABLE_FIELD.get(parts[1] if len(parts) > 1 else "contract", "contract")
        return field, _words(lang, f"alt_where_table_{field}")
    if head in ("law", "offending_side", "deal", "dealer", "vulnerable", "rounding"):
        return head, _words(lang, f"alt_where_{head}")
    if head == "table_result_kept_by":
        return "kept_by", _words(lang, "alt_where_kept_by")
    return "", ""


def problems_of(lang: str, exc: ValidationError | InvalidBoardError, rows: list[int]) -> list[Problem]:
    """The problems of a refused request, each at its form field with where it is in words
    (:func:`place`) and the reason in ``lang``."""
    out: list[Problem] = []
    if isinstance(exc, InvalidBoardError):
        items = [(exc.path, reason(lang, exc))]
    else:
        items = [("/".join(str(x) for x in err["loc"] if not (isinstance(x, str) and "[" in x)),
                  pydantic_text(lang, err)) for err in exc.errors()]
    for path, msg in items:
        field, words = place(lang, path, rows)
        said = words and msg.lower().startswith(words.lower())
        text = f"{words}: {msg}" if words and not said else msg
        p = Problem(field, text[:1].upper() + text[1:])
        if p not in out:
            out.append(p)
    return out


def _weight_text(w: str) -> str:
    """A weight as the form shows it back: ``"50%"`` when a whole percentage, else the fraction (``"1/3"``)."""
    f = Fraction(w)
    pc = f * 100
    return f"{pc.numerator}%" if pc.denominator == 1 else str(f)


def evidence(out: AlternativesResponse, rows: list[int]) -> list[dict[str, Any]]:
    """Each alternative as the page shows it: its form row, contract and declarer, weight, the
    double dummy (with the table's lead, with its own, the range over every lead and the leads
    grouped by the tricks they give, best defence first, each card as the tables show it), the
    room's counts (most tricks last) and its outcomes."""
    shown = []
    for r, a in zip(rows, out.alternatives, strict=True):
        by: dict[int, list[str]] = {}
        for card, n in a.double_dummy.by_lead.items():
            by.setdefault(n, []).append(card_symbols(card))
        shown.append({"row": r, "alt": a, "weight": _weight_text(a.weight), "lead": card_symbols(a.lead or ""),
                      "by_tricks": sorted(by.items()),
                      "room": sorted((int(k), v) for k, v in a.room.tricks.items())})
    return shown


def _line_words(line: Mapping[str, str] | None) -> dict[str, str] | None:
    if line is None:
        return None
    return {**line, "lead": card_symbols(line.get("lead") or "")}  # no table or lead: the sentence names none


def save_form(request: Request, form: Mapping[str, str], body: Mapping[str, Any],
              out: AlternativesResponse) -> dict[str, Any]:
    """The answer's "Save as a case" form (``case_form.html``): the request ``body`` the evidence
    was ruled from (the traveller line it names becomes the case's ``traveller_line`` when it is
    saved to that event and board), the event and board fixed, and what is known of the table
    (its round, table, pairs and names: :func:`app.web.known.known_facts`) prefilled."""
    event = body.get("event")
    event_id = event if isinstance(event, int) else None
    board = out.board or str(body.get("board") or "")
    known = known_facts(request.app.state.events, event_id, board, form.get("table", ""), form.get("ns_pair", ""),
                        form.get("ew_pair", ""))
    return case_form(request, CaseKind.ALTERNATIVES, body, event_id=event_id, board=board,
                     board_fixed=event_id is not None, known=known)


def install_alternatives_pages(r: APIRouter, render: Render) -> None:
    """Add ``GET /alternatives`` and ``POST /alternatives`` to the page's router."""

    def page(request: Request, lang: str, status: int, form: Mapping[str, str], **context: Any) -> HTMLResponse:
        record, line = None, None
        if form.get("event", "").isdigit() and len(form["event"]) <= 9:
            repo = request.app.state.events
            try:
                repo.get_event(int(form["event"]))
                record = repo.board(int(form["event"]), form.get("board", ""))
                if record is not None and (form.get("table") or form.get("ns_pair")):
                    _, line = traveller_prefill(repo, int(form["event"]), record.board, form.get("table", "")[:10],
                                                form.get("ns_pair", ""), form.get("ew_pair", ""))
            except (NotStoredError, InvalidBoardError):
                pass
        n = _rows(form)
        return render(request, "alternatives.html", lang, status, af=form, rows=list(range(n)), laws=LAWS,
                      roundings=ROUNDINGS, diagram=views.hands(record.deal) if record is not None else None,
                      record=record, traveller_line=_line_words(line), **context)

    @r.get("/alternatives", response_class=HTMLResponse)
    def alternatives_form(request: Request, lang: str | None = None, event: str = "", board: str = "",
                          table: str = "", ns: str = "", ew: str = "", place: str = "") -> HTMLResponse:
        """The form; from a traveller line (``event``, ``board``, ``table`` and/or ``ns``/``ew``) the
        table's contract, declarer, result and lead prefilled; the form with the reason (404) when
        the event, the board or the line is not stored."""
        lang = page_lang(request, lang)
        form = {"law": "other", "rows": str(MIN_ROWS)}
        if event or board:
            repo = request.app.state.events
            missing = [Problem("", gettext(lang, "board_not_in_event", board=board[:20], event=event[:20]))]
            if not (event.isdigit() and len(event) <= 9):
                return page(request, lang, 404, {}, errors=missing)
            try:
                repo.get_event(int(event))
                record = repo.board(int(event), board)
                if record is None:
                    return page(request, lang, 404, {}, errors=missing)
                form |= {"event": event, "board": record.board}
                filled, line = traveller_prefill(repo, int(event), record.board, table[:10], ns, ew, place)
            except NotStoredError:
                return page(request, lang, 404, {}, errors=missing)
            except InvalidBoardError as exc:
                return page(request, lang, 404, form, errors=[Problem("", reason(lang, exc))])
            if line is not None:
                form |= {"table": filled["table"], "ns_pair": filled["ns_pair"], "ew_pair": filled["ew_pair"],
                         "contract": filled["contract"], "declarer": filled["declarer"],
                         "tricks": filled["table_result"], "lead": filled["lead"]}
        return page(request, lang, 200, form)

    @r.post("/alternatives", response_class=HTMLResponse)
    async def alternatives_ruling(request: Request) -> Response:
        """The evidence for each alternative and the weighted score; the form back with the
        problems next to their fields (422); ``more``: the form back with two more rows."""
        data = await request.form()
        form = {k: str(data.get(k) or "") for k in FORM_FIELDS}
        form |= {f"a{r}_{k}": str(data.get(f"a{r}_{k}") or "") for r in range(MAX_ROWS) for k in ROW_FIELDS}
        lang = page_lang(request, str(data.get("lang_pick") or data.get("lang") or ""),
                         picked=bool(data.get("lang_pick")))
        if data.get("more"):
            form["rows"] = str(min(MAX_ROWS, _rows(form) + 2))
            return page(request, lang, 200, form)
        body, rows, found = alternatives_body(form, lang)

        def refuse(problems: list[Problem]) -> HTMLResponse:
            return page(request, lang, 422, form, errors=problems, field_errors=field_errors(problems))

        if found:
            return refuse(found)
        try:
            req = AlternativesRequest.model_validate(body)
        except ValidationError as exc:
            return refuse(problems_of(lang, exc, rows))

        def ask() -> AlternativesResponse:
            repo = request.app.state.events
            decided = request.app.state.cases.cases(req.event) if req.event is not None else ()
            with i18n.use(lang):  # the answer's texts, the field's words among them, in the page's language
                return rule_alternatives(req, repo, request.app.state.solver, decided)

        try:
            out = await run_in_threadpool(ask)
        except InvalidBoardError as exc:
            return refuse(problems_of(lang, exc, rows))
        for r, a in zip(rows, out.alternatives, strict=True):  # the weights as ruled, to confirm or set
            form[f"a{r}_weight"] = _weight_text(a.weight)
        return page(request, lang, 200, form, answer=out, shown=evidence(out, rows),
                    table_lead=card_symbols(out.table_result.lead or ""),
                    lead_not_used=card_symbols(out.table_result.lead_not_used or ""),
                    case_form=save_form(request, form, body, out))


__all__ = ["LAWS", "MIN_ROWS", "alternatives_body", "install_alternatives_pages", "place", "problems_of", "save_form"]
