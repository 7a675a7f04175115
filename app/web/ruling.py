"""The revoke ruling on the page (``POST /ruling``, Laws 63, 64): from a pasted PBN game, an
uploaded file's board, a board entered by hand, or a stored board's play entry (its traveller
line gives the field); the ruling view (``ruling.html``): the board, the tricks with the
revokes marked, the double-dummy chart, each step with its law, the plausible results with the
director's weights, the score against the field, the ruling sheet's fields and "Save as a case"."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from pydantic import ValidationError

from app.api.rulings import prefill_from_traveller, rule_revoke
from app.api.schemas.revoke import RevokeRulingRequest
from app.api.schemas.revoke_ruling import FromTravellerOut, counted
from app.i18n import DEFAULT, gettext, step_text
from app.service.page_language import page_lang
from app.web import views
from app.web.casefile_save import (
    revoke_case_form,
    sheet_deadline,  # issue 25: the event's appeal deadline on the sheet
)
from app.web.casefile_scores import result_label
from app.web.known import known_facts, sheet_with, signed_in_director
from app.web.page_common import NOTICED, VULS, Render, Text, _not_pbn, _typed_contract, _whole
from app.web.play import _play_page
from app.web.problems import Problem, field_errors, problem, validation_problems
from app.web.ruling_scores import _scorer_block, _weighted
from app.web.words import board_label, cards_shown, evidence_text, reason
from engine.casefile.events import EventRepository, NotStoredError
from engine.dd.analysis import analyse_play
from engine.errors import InvalidBoardError, PbnError
from engine.model.contract import Contract
from engine.records.pbn_text import check_text
from engine.records.playtext import play_text_problems
from engine.rulings.revoke_advice import RevokeAdvice
from engine.scoring import PROFILES, score_ns


def install_ruling_page(r: APIRouter, render: Render) -> None:
    """Add ``POST /ruling`` to ``r``."""

    @r.post("/ruling", response_class=HTMLResponse)
    def ruling(request: Request, lang: Text = "", lang_pick: Text = "", source: Text = "pbn", pbn: Text = "",
               upload: Text = "", event: Text = "", board: Text = "", room: Text = "", deal: Text = "",
               contract: Text = "", declarer: Text = "", vulnerable: Text = "None", play: Text = "",
               table_result: Text = "", rf_trick: Text = "", rf_offender: Text = "", rf_won_by: Text = "",
               rf_after: Text = "", rf_card: Text = "", rf_suit_led: Text = "", rf_likely: Text = "",
               rf_likely_reason: Text = "", noticed: Text = "after_play",
               claim_declarer_tricks: Text = "", offender_card: Text = "", scoring: Text = "", field: Text = "",
               other_room_ns: Text = "", profile: Text = "wbf", weight_0: Text = "", weight_1: Text = "",
               weight_2: Text = "", weight_3: Text = "", weight_4: Text = "",
               losses_induced: Text = "", rest_valued_double_dummy: Text = "", table: Text = "",
               ns_pair: Text = "", ew_pair: Text = "", place: Text = "", likely: Text = "", likely_reason: Text = "",
               sheet: Annotated[dict[str, str], Depends(_sheet_posted)] = {}) -> HTMLResponse:  # noqa: B006
        lang = page_lang(request, lang_pick or lang, picked=bool(lang_pick))
        # a figure typed on the page replaces the assumption (the box may still be ticked from the last ruling)
        rest_dd = bool(rest_valued_double_dummy) and not claim_declarer_tricks.strip() and not table_result.strip()
        form = {"losses_induced": "1" if losses_induced else "",
                "rest_valued_double_dummy": "1" if rest_dd else "",
                "source": source, "pbn": pbn, "upload": upload, "event": event, "board": board, "room": room,
                "deal": deal, "contract": contract, "declarer": declarer, "vulnerable": vulnerable, "play": play,
                "table_result": table_result, "rf_trick": rf_trick, "rf_offender": rf_offender,
                "rf_won_by": rf_won_by, "rf_after": rf_after, "rf_card": rf_card, "rf_suit_led": rf_suit_led,
                "rf_likely": rf_likely, "rf_likely_reason": rf_likely_reason,
                "noticed": noticed if noticed in NOTICED else "after_play",
                "claim_declarer_tricks": claim_declarer_tricks, "scoring": scoring, "field": field,
                "other_room_ns": other_room_ns, "profile": profile,
                "table": table.strip(), "ns_pair": ns_pair.strip(), "ew_pair": ew_pair.strip(),
                "place": place.strip()[:4] if place.strip().isdigit() else "",
                "likely": likely.strip(), "likely_reason": likely_reason.strip()[:300],
                "offender_card": offender_card.strip()[:3]}
        problems: list[Problem] = []
        if source in ("parts", "event"):  # "4♥", "3BA": the PBN form the request takes
            contract, misread = _typed_contract(contract, lang)
            problems += misread

        def refuse(found: list[Problem]) -> HTMLResponse:
            if source == "event":
                return _play_page(render, request, lang, form, found, 422)
            return render(request, "index.html", lang, 422, form=form, errors=found,
                          field_errors=field_errors(found))

        body: dict[str, Any] = {"noticed": form["noticed"], "losses_induced_by_revoke": bool(losses_induced)}
        if claim_declarer_tricks.strip():
            body["claim_declarer_tricks"] = _whole(claim_declarer_tricks)
        if table_result.strip():
            body["table_result"] = _whole(table_result)
        if rest_dd:
            body["rest_valued_double_dummy"] = True
        if form["likely"]:  # the director's own figure with the play (issue 34); facts only: rf_likely
            body["likely_without_revoke"] = _whole(form["likely"])
        if form["likely_reason"]:
            body["likely_reason"] = form["likely_reason"]
        if form["offender_card"]:  # the card he judges the offender would have played: every 64C measure uses it
            body["offender_card"] = form["offender_card"]
        if source == "upload":
            file_id = upload.strip()
            stored = request.app.state.events.get_file(int(file_id)) if file_id.isdigit() and len(file_id) <= 9 \
                else None
            if stored is None:
                return refuse([Problem("upload", gettext(lang, "upload_not_stored"))])
            body |= {"pbn": stored[2], "board": board or None, "room": room or None}
        elif source == "parts":
            body |= {"deal": deal, "contract": contract, "declarer": declarer or None, "vulnerable": vulnerable,
                     "play": play.replace(",", " ").split()}
        elif source == "event":
            body |= {"event": _whole(event), "board": board.strip(), "contract": contract.strip() or None,
                     "declarer": declarer or None}
            if form["table"]:  # the traveller's line: the field comes from the rest of the traveller
                body["table"] = _whole(form["table"])
            if form["ns_pair"] and form["ew_pair"]:
                body["pairs"] = {"ns": form["ns_pair"][:20], "ew": form["ew_pair"][:20]}
            if ("table" in body or "pairs" in body) and "table_result" not in body:
                # the page showed the line's result in the field: emptied, it is empty (the API then takes
                # nothing from the line and the engine asks how play ended, as without a traveller)
                body["table_result"] = None
            tricks, bad = play_text_problems(play)
            problems += [problem(lang, p.path, reason(lang, p)) for p in bad]
            if tricks:
                body["play"] = [[str(c) for c in trick] for trick in tricks]
            facts: dict[str, int | str] = {
                k: _whole(v) if k in ("trick", "offending_side_tricks_after", "likely_without_revoke") else v.strip()
                for k, v in (("trick", rf_trick), ("offender", rf_offender), ("revoke_trick_won_by", rf_won_by),
                             ("offending_side_tricks_after", rf_after), ("card", rf_card), ("suit_led", rf_suit_led),
                             ("likely_without_revoke", rf_likely), ("likely_reason", rf_likely_reason))
                if v.strip()}
            if facts:
                body["revoke_facts"] = facts
            if not contract.strip():
                problems.append(problem(lang, "contract", gettext(lang, "need_contract")))
            if not declarer:
                problems.append(problem(lang, "declarer", gettext(lang, "need_declarer")))
            if not tricks and not facts and not bad:
                problems.append(problem(lang, "play", gettext(lang, "need_play")))
        else:
            body |= {"pbn": pbn, "board": board or None, "room": room or None}
            try:
                check_text(pbn)  # "not a PBN file: ..." at once for a paste of nothing, or of no tag
            except PbnError as exc:
                problems.append(problem(lang, "pbn", _not_pbn(lang, exc)))
        solver = request.app.state.solver
        try:
            req = RevokeRulingRequest.model_validate(body)
        except ValidationError as exc:
            model = validation_problems(lang, exc)
            if problems:  # a model-level complaint, or one on a field the checks above named (the play's
                # short trick, said once by the play's reader: issue 37), repeats what they said
                named = {p.field for p in problems}
                model = [p for p in model if p.field and p.field not in named]
            return refuse([*problems, *model])
        if problems:
            return refuse(problems)
        try:
            prefilled, came = prefill_from_traveller(req, request.app.state.events)  # a traveller line's contract...
            advice = rule_revoke(prefilled, request.app.state.events, solver)
        except InvalidBoardError as exc:
            return refuse([problem(lang, exc.path, reason(lang, exc))])
        if source == "event" and (req.table is not None or req.pairs is not None) and not form["scoring"]:
            _field_from_traveller(request.app.state.events, came, form)
        hidden = {k: form[k] for k in _HIDDEN[source if source in _HIDDEN else "pbn"]}
        weights = [weight_0, weight_1, weight_2, weight_3, weight_4]
        context = _ruling_context(advice, lang, solver, offender_card, form, weights)
        known = known_facts(request.app.state.events, _whole_id(event) if source == "event" else None, board,
                            form["table"], form["ns_pair"], form["ew_pair"], form["place"])  # issue 37: nothing retyped
        context |= _sheet_context(request.app.state.events, form, sheet, context["label"], lang,
                                  known=known, director=signed_in_director(request))
        context["case_form"] = revoke_case_form(request, form, body, context["sheet"], known)
        context["appeal_deadline"] = sheet_deadline(request, form)
        context["scorer"] = _scorer_block(advice, context["scored"], form)
        return render(request, "ruling.html", lang, form=form, hidden=hidden, laws_edition=advice.edition.code.value,
                      **context)


SHEET_FIELDS = ("event", "date", "table", "round", "director", "ns", "ew")
"""The ruling sheet's fields the director fills in (posted as ``sheet_<name>``)."""


async def _sheet_posted(request: Request) -> dict[str, str]:
    """The ruling sheet's fields as posted (``sheet_event``, ``sheet_date``, ``sheet_table``,
    ``sheet_round``, ``sheet_director``): trimmed, at most 120 characters, ``""`` when absent."""
    data = await request.form()
    values = {k: data.get(f"sheet_{k}") for k in SHEET_FIELDS}
    return {k: v.strip()[:120] if isinstance(v, str) else "" for k, v in values.items()}


_LINE = re.compile(r" \(line \d+\)$")


def _whole_id(text: str) -> int | None:
    """A stored event's number as posted (``"3"``), ``None`` when it is not one."""
    t = text.strip()
    return int(t) if t.isdigit() and len(t) <= 9 else None


def _sheet_context(repo: EventRepository, form: Mapping[str, str], sheet: Mapping[str, str],
                   label: str, lang: str = "en", *, known: Mapping[str, str] | None = None,
                   director: str = "") -> dict[str, Any]:
    """The board's label and the sheet's fields for ruling.html. A pasted game's label loses
    the line number (``engine.records.pbn.PbnGame.label``: a pasted text starts at line 1); an uploaded
    file's board is named with the file, keeping the line, and the event stored for the file
    gives the event's name and date when the director left them blank. The label is said in
    ``lang`` (:func:`app.web.words.board_label`). A field the director left blank takes what is
    ``known`` of the table (issue 37, :func:`app.web.known.known_facts`: a stored board's event,
    date and session, its traveller line's round, table and pairs with their names) and the
    signed-in ``director``; ``session`` is printed, never typed."""
    fields: dict[str, str] = {k: sheet.get(k, "") for k in SHEET_FIELDS}
    if form.get("source") == "pbn":
        label = _LINE.sub("", label)
    elif form.get("source") == "upload" and form.get("upload", "").isdigit() and len(form["upload"]) <= 9:
        stored = repo.get_file(int(form["upload"]))
        if stored is not None:
            event_id, name, _ = stored
            label = f"{name} {label}"
            try:
                details = repo.get_event(event_id).details
            except NotStoredError:
                details = None
            if details is not None:
                fields["event"] = fields["event"] or details.name
                fields["date"] = fields["date"] or details.date.isoformat()
                fields["session"] = details.session
    return {"label": board_label(lang, label), "sheet": sheet_with(fields, known or {}, director)}


_HIDDEN = {
    "pbn": ("source", "pbn", "board", "room"),
    "upload": ("source", "upload", "board", "room"),
    "parts": ("source", "deal", "contract", "declarer", "vulnerable", "play"),
    "event": ("source", "event", "board", "table", "ns_pair", "ew_pair", "place", "contract", "declarer", "play",
              "rf_trick", "rf_offender", "rf_won_by", "rf_after", "rf_card", "rf_suit_led", "rf_likely",
              "rf_likely_reason"),
}
"""The form fields the ruling view's assumptions form sends back, by source, to re-rule the same board."""


def _field_from_traveller(repo: EventRepository, got: FromTravellerOut | None, form: dict[str, str]) -> None:
    """Fill the page's scoring form (``form``: ``scoring``, ``field``, ``profile``) from what the
    ruling took from the traveller line it names (``got``, :func:`app.api.rulings.prefill_from_traveller`'s
    second value), as the API's ``from_traveller`` says it: the other North-South scores of its
    section as the field (matchpoints, Butler or cross-IMPs, the traveller's form), or the other
    room's score at teams; the event's profile."""
    if got is not None and "scoring" in got.filled and got.form == "teams" and got.other_room_ns is not None:
        form["scoring"], form["other_room_ns"] = "imps", str(got.other_room_ns)
        form["profile"] = repo.get_event(got.event).details.scoring_profile
    elif got is not None and "scoring" in got.filled and got.field:
        form["scoring"], form["field"] = got.form, " ".join(str(x) for x in got.field)
        form["profile"] = repo.get_event(got.event).details.scoring_profile


def _ruling_context(advice: RevokeAdvice, lang: str, solver: Any, offender_card: str, form: Mapping[str, str],
                    weights: list[str]) -> dict[str, Any]:
    """Everything ruling.html shows, from the engine's advice (and a play analysis for the chart)."""
    b, c = advice.board, advice.board.contract
    record = b.play_record()
    revoke_indexes = {x.revoke.play_index for x in advice.rulings if x.revoke.play_index < len(b.play)}

    def t(key: str, **params: object) -> str:
        return gettext(lang, key, **params)

    chart, values = None, []
    if b.play:  # facts only: no play, no chart
        analysis = analyse_play(solver, record, c.declaring_side)
        def card(code: str) -> str:
            return cards_shown(lang, code)  # pl, ru, el: "♦4", as the tables; English: the engine's "D4"

        def seat(code: str) -> str:
            return t(f"seat_{code}") if lang != DEFAULT else code

        words = {"title": t("chart_title"), "desc": t("chart_desc"), "revoke_word": t("revoke_marker"),
                 "trick_word": t("trick"), "say_card": card, "say_seat": seat}
        chart = views.dd_chart(analysis, revoke_indexes, **words)  # type: ignore[arg-type]
        # the printed sheet's own drawing (issue 37): legible labels in its half-page box
        chart += views.dd_chart(analysis, revoke_indexes, paper=True, **words)  # type: ignore[arg-type]
        values = [("—", analysis.start)] + [(f"{ca.index + 1}. {card(str(ca.card))} ({seat(ca.seat.value)})", ca.after)
                                           for ca in analysis.cards]
    revokes = []
    for x in advice.rulings:
        sym, red, rank = views.card_label(x.revoke.card) if x.revoke.card else ("", False, "\u2014")  # not given
        e, tr = x.establishment, x.transfer
        status = "not_established" if not e.established else ("corrected" if e.correction else "established")
        law = e.correction.value if e.correction is not None else (tr.law if tr else e.law)
        revokes.append({"trick": x.revoke.trick, "player": x.revoke.offender.value, "symbol": sym, "red": red,
                        "rank": rank, "status": status, "law": law, "transferred": tr.tricks if tr else 0})
    offender_cards, choice = _offender_cards(advice, offender_card)
    chosen = offender_card.strip()
    standing = advice.first_standing
    best_card = str(standing.equity.best_card) if standing is not None and standing.equity is not None else None
    results = advice.plausible_results()
    plausible = [{"result": p.result, "score_ns": p.score_ns, "evidence": evidence_text(lang, p.evidence),
                  "weight": (weights[i].strip() if i < len(weights) and weights[i].strip() else
                             str(Fraction(1, len(results))))}
                 for i, p in enumerate(results)] if len(results) > 1 else []
    first = next((x.revoke for x in advice.rulings if x.equity is not None), None)
    single = (advice.suggested_result, advice.score_ns_suggested)
    nos = first.offending_side.other.value if first else None
    scored, weights_error = _weighted(plausible, form, single, nos, lang)
    # The box shows the weighted score only when it is the ruling: 64C applies (an adjusted score,
    # 12C1(c)); otherwise the score to enter is the suggested result, scored on its own.
    enter = scored if scored is None or not scored["several"] or advice.law_64c.applies else \
        _weighted([], form, single, nos, lang)[0]
    v = b.vulnerability
    return {
        "label": b.label or f"{c} {c.declarer.value}", "contract": str(c), "declarer": c.declarer.value,
        "vul_key": dict(VULS)[v.value], "diagram": views.hands(b.deal),
        "tricks": views.trick_rows(record, revoke_indexes) if b.play else [], "revokes": revokes,
        "facts_only": advice.facts_only,
        "table_tricks": advice.table_tricks, "table_result": c.result_str(advice.table_tricks),
        "table_label": result_label(counted(advice)), "provisional": advice.provisional,
        "counted": counted(advice), "not_entered": advice.claim.tricks, "rest_decl": advice.claim.declarer_tricks,
        "score_ns_table": advice.score_ns_table, "after_adjustment": advice.after_adjustment,
        "after_result": c.result_str(advice.after_adjustment), "score_ns_after": advice.score_ns_after_adjustment,
        "likely": advice.likely_without_revokes, "law64c_law": advice.law_64c.law,
        "likely_result": _result_or_none(c, advice.likely_without_revokes),
        "dd_before": advice.double_dummy_without_revoke,
        "dd_before_result": _result_or_none(c, advice.double_dummy_without_revoke),
        "directors": advice.directors_likely, "directors_result": _result_or_none(c, advice.directors_likely),
        "directors_reason": advice.directors_reason,
        "law64c_applies": advice.law_64c.applies, "induced": advice.induced,
        "suggested_result": advice.suggested_result,
        "suggested_law": advice.suggested_law, "score_ns_suggested": advice.score_ns_suggested,
        "steps": [{"law": s.law, "text": step_text(lang, s)} for s in advice.steps],
        "chart": chart, "chart_values": values, "offender_cards": offender_cards,
        "offender_card": choice["card"] if choice else None, "offender_choice": choice, "plausible": plausible,
        "weighted": t("weighted_result", ns=scored["ns"], ew=scored["ew"]) if scored and scored["several"] else None,
        "scored": enter,
        "weights_error": weights_error, "profiles": list(PROFILES),
        "measures": _measures(advice, lang), "measure_why": _sentence(step_text(lang, advice.measure_why))
        if advice.measure_why is not None else None,
        "best_card": best_card, "card_chosen": choice is not None and choice["card"] == chosen,
    }


def _sentence(text: str) -> str:
    """``text`` as a sentence of its own: first letter raised, one full stop (the engine's English
    clause starts in lower case; the other languages' templates are raised already)."""
    text = text.strip().rstrip(".")
    return f"{text[:1].upper()}{text[1:]}." if text else text


def _measures(advice: RevokeAdvice, lang: str) -> list[dict[str, Any]]:
    """The measures of the likely result without the revoke(s) for ruling.html (Law 64C, issue 34):
    each with its name in ``lang``, the declarer's side's tricks, the result as a TD writes it, how
    far the table's own play was followed (``table_play``), and whether the ruling took it."""
    c, record_cards = advice.board.contract, len(advice.board.play)
    rows = []
    for m in advice.measures:
        followed = None
        if m.followed_cards is not None:
            followed = gettext(lang, "measure_followed_all") if m.followed_cards >= record_cards else \
                gettext(lang, "measure_followed", n=m.followed_cards)
        rows.append({"kind": m.kind.value, "name": gettext(lang, f"measure_{m.kind.value}"), "tricks": m.tricks,
                     "result": c.result_str(m.tricks), "used": m.kind is advice.measure_used, "followed": followed})
    return rows


def _result_or_none(contract: Contract, tricks: int | None) -> str | None:
    """``tricks`` (declarer's side's) as a TD writes the result, e.g. ``"4H N +1"``; ``None`` for none."""
    return None if tricks is None else contract.result_str(tricks)


def _offender_cards(advice: RevokeAdvice, chosen: str) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The first established revoke's legal alternatives with the likely result after each (by
    the measure the ruling used; declarer's side's tricks), and the director's choice (default:
    the card best for the offending side, as 64C assumes). With the director's own figure the
    engine gives no figure per card: the cards are listed alone (``tricks`` ``None``), so that he
    can still say which one the offender would have played."""
    first, c, v = advice.first_standing, advice.board.contract, advice.board.vulnerability
    rows: list[dict[str, Any]] = [{"card": str(card), "tricks": t, "result": c.result_str(t),
                                   "score": score_ns(c, t, v)} for card, t in advice.likely_by_card()]
    if not rows and first is not None and first.equity is not None:
        rows = [{"card": str(card), "tricks": None, "result": None, "score": None}
                for card, _ in first.equity.dd_by_card]
    if first is None or first.equity is None or not rows:
        return [], None
    pick_card = chosen if any(r["card"] == chosen for r in rows) else str(first.equity.best_card)
    return rows, next(r for r in rows if r["card"] == pick_card)
