"""Incorrect number of cards on the page (Laws 13, 14): the form with a stored board's hand
record, dealer and vulnerability (``/events/{id}/boards/{board}/cards``, prefilled from a
traveller line), and the ruling (``POST /incorrect-cards``, ``cards.html``): the hands as found,
each step with its law, the assigned, weighted or artificial adjusted score, the scores against
the rest of the traveller and "Save as a case"."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import ValidationError

from app.api.card_traveller import cards_from_event
from app.api.schemas.cards import IncorrectCardsRequest, score_law, table_result
from app.api.scores import scores_block
from app.i18n import gettext, step_text
from app.service.page_language import page_lang
from app.web import views
from app.web.cards_moves import ROWS, built_text, hands_from_moves, record_cards
from app.web.cards_scores import cards_against
from app.web.casefile_save import case_form
from app.web.known import known_facts, sheet_with, signed_in_director
from app.web.page_common import Render, Text, Texts, _typed_contract, _whole
from app.web.problems import Problem, field_errors, problem, validation_problems
from app.web.traveller import traveller_prefill
from app.web.words import reason
from engine.casefile.cases import CaseKind
from engine.casefile.events import NotStoredError
from engine.errors import InvalidBoardError
from engine.model.seats import Side
from engine.rulings.incorrect_cards import advise_incorrect_cards


def install_cards_pages(r: APIRouter, render: Render) -> None:
    """Add ``GET /events/{id}/boards/{board}/cards`` and ``POST /incorrect-cards`` to ``r``."""

    @r.get("/events/{event_id}/boards/{board}/cards", response_class=HTMLResponse)
    def cards_page(request: Request, event_id: int, board: str, lang: str | None = None, table: str = "",
                   ns: str = "", ew: str = "", place: str = "") -> HTMLResponse:
        """The Law 13/14 form (incorrect number of cards) with the board's hand record, dealer and
        vulnerability filled from the event; with ``table`` and/or the pairs ``ns``/``ew``, the
        contract, declarer and table result from that traveller line, and the event, board and
        line sent on with the ruling (its scores against the rest of the traveller); the index
        with the reason when the event, the board or the line is not stored."""
        lang = page_lang(request, lang)
        repo = request.app.state.events
        try:
            record = repo.board(event_id, board)
        except NotStoredError:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "no_event", event=event_id))])
        if record is None:
            return render(request, "index.html", lang, 404,
                          errors=[Problem("", gettext(lang, "board_not_in_event", board=board, event=event_id))])
        cform = {"hand_record": record.deal_pbn, "dealer": record.dealer.value,
                 "vulnerable": record.vulnerability.value, "event": str(event_id), "board": record.board}
        try:
            filled, line = traveller_prefill(repo, event_id, record.board, table[:10], ns, ew, place)
        except InvalidBoardError as exc:
            bad = [problem(lang, exc.path, reason(lang, exc))]
            return render(request, "index.html", lang, 404, cform=cform, errors=bad, events=repo.recent_events(10),
                          cards_board={"event": event_id, "board": record.board})
        if line is not None:
            cform |= {"table": filled["table"], "ns_pair": filled["ns_pair"], "ew_pair": filled["ew_pair"],
                      "place": filled["place"], "contract": filled["contract"], "declarer": filled["declarer"],
                      "table_tricks": filled["table_result"]}
        return render(request, "index.html", lang, cform=cform, events=repo.recent_events(10),
                      cards_board={"event": event_id, "board": record.board}, traveller_line=line,
                      record_cards=record_cards(record.deal_pbn), move_rows=ROWS)

    @r.post("/incorrect-cards", response_class=HTMLResponse)
    def incorrect_cards(request: Request, lang: Text = "", lang_pick: Text = "", hand_N: Text = "", hand_E: Text = "",
                        hand_S: Text = "", hand_W: Text = "", hand_record: Text = "", dealer: Text = "N",
                        vulnerable: Text = "None", contract: Text = "", declarer: Text = "", table_tricks: Text = "",
                        play: Text = "", discovered: Text = "after_play", missing_found: Text = "",
                        card_seen: Text = "", calls_unaffected: Text = "", profile: Text = "", event: Text = "",
                        board: Text = "", table: Text = "", ns_pair: Text = "", ew_pair: Text = "",
                        place: Text = "", move_card: Texts = None, move_to: Texts = None) -> HTMLResponse:
        """The Law 13/14 ruling on the page. With the event's hand record, the hands as found come
        from the "this card was in that hand" rows (``move_card``/``move_to``) when the four
        hands are not typed: the hand record with each named card moved or missing."""
        lang = page_lang(request, lang_pick or lang, picked=bool(lang_pick))
        moves = [(c.strip(), w.strip()) for c, w in zip(move_card or [], move_to or [], strict=False)][:ROWS]
        cform = {"hand_N": hand_N, "hand_E": hand_E, "hand_S": hand_S, "hand_W": hand_W,
                 "hand_record": hand_record, "dealer": dealer, "vulnerable": vulnerable, "contract": contract,
                 "declarer": declarer, "table_tricks": table_tricks, "play": play, "discovered": discovered,
                 "missing_found": missing_found, "card_seen": bool(card_seen),
                 "calls_unaffected": bool(calls_unaffected), "profile": profile, "event": event, "board": board,
                 "table": table, "ns_pair": ns_pair, "ew_pair": ew_pair,
                 "place": place.strip()[:4] if place.strip().isdigit() else "", "moves": moves}
        shown = {"record_cards": record_cards(hand_record) if event.strip() else [], "move_rows": ROWS}
        body: dict[str, Any] = {
            "hands": {"N": hand_N or "-", "E": hand_E or "-", "S": hand_S or "-", "W": hand_W or "-"},
            "dealer": dealer, "vulnerable": vulnerable, "discovered": discovered,
            "card_seen": bool(card_seen), "calls_unaffected": bool(calls_unaffected),
            "play": play.replace(",", " ").split()}
        built = None
        if event.strip() and hand_record.strip() and not any(h.strip() for h in (hand_N, hand_E, hand_S, hand_W)):
            try:  # the hands as found: the event's hand record and the cards not where it puts them
                body["hands"] = hands_from_moves(hand_record, [c for c, _ in moves], [w for _, w in moves])
            except InvalidBoardError as exc:
                bad = [problem(lang, exc.path, reason(lang, exc))]
                return render(request, "index.html", lang, 422, cform=cform, errors=bad,
                              field_errors=field_errors(bad), **shown)
            built = [(c, w) for c, w in moves if c and w]
        typed, misread = _typed_contract(contract, lang)
        if misread:
            return render(request, "index.html", lang, 422, cform=cform, errors=misread,
                          field_errors=field_errors(misread), **shown)
        for key, value in (("hand_record", hand_record), ("contract", typed), ("declarer", declarer),
                           ("missing_found", missing_found)):
            if value.strip():
                body[key] = value.strip()
        if table_tricks.strip():
            body["table_tricks"] = _whole(table_tricks)
        if profile.strip():
            body["scoring"] = {"profile": profile.strip()}
        if event.strip():  # a stored board, and the traveller line the ruling names
            body |= {"event": _whole(event), "board": board.strip() or None}
            if table.strip():
                body["table"] = _whole(table)
            if ns_pair.strip() and ew_pair.strip():
                body["pairs"] = {"ns": ns_pair.strip()[:20], "ew": ew_pair.strip()[:20]}
        try:
            creq, came = cards_from_event(IncorrectCardsRequest.model_validate(body), request.app.state.events)
            advice = advise_incorrect_cards(creq.to_case(), solver=request.app.state.solver, profile=creq.profile())
        except ValidationError as exc:
            bad = validation_problems(lang, exc)
            return render(request, "index.html", lang, 422, cform=cform, errors=bad, field_errors=field_errors(bad),
                          **shown)
        except InvalidBoardError as exc:
            bad = [problem(lang, exc.path, reason(lang, exc))]
            return render(request, "index.html", lang, 422, cform=cform, errors=bad, field_errors=field_errors(bad),
                          **shown)
        ev = advice.evidence
        found = {s.value: views.hand(advice.case.found[s]) for s in advice.case.found}
        at_table = table_result(advice)
        plausible = scores_block(table=advice.table_score_ns, after_adjustment=None, suggested=None,
                                 plausible=advice.plausible_results(), scoring=None).plausible
        scored, scorer = cards_against(advice, creq.scoring, lang)
        known = known_facts(request.app.state.events, body.get("event"), board, table, ns_pair, ew_pair,
                            str(cform["place"]))
        saved = case_form(request, CaseKind.INCORRECT_CARDS, body, event_id=body.get("event"),
                          board=body.get("board") or "", known=known)  # a stored board: its event and board preselected
        return render(request, "cards.html", lang, cform=cform, case_form=saved, action=advice.action.value,
                      built=None if built is None else built_text(lang, built), **shown,
                      diagram=found,
                      counts={s.value: len(c) for s, c in advice.case.found.items()},
                      assigned=advice.assigned, ruled=advice.ruled_result, score_law=score_law(advice),
                      gain=advice.offender_gain, beside=advice.beside, sides=Side,
                      table=at_table, table_cancelled=advice.decision.adjusted,
                      optional=advice.decision.optional_adjustment, plausible=plausible, scored=scored,
                      scorer=scorer, from_traveller=came, sheet=sheet_with({}, known, signed_in_director(request)),
                      artificial=[(side.value, advice.decision.fault[side].value, a)
                                  for side, a in advice.artificial.items()],
                      description=" ".join(step_text(lang, f) for f in advice.irregularity.findings()),
                      par=str(ev.par) if ev else None, centre=str(advice.case.contract or ""),
                      dd_contract=(advice.case.contract.result_str(ev.contract_tricks)
                                   if ev and advice.case.contract and ev.contract_tricks is not None else None),
                      steps=[{"law": s.law, "text": step_text(lang, s)} for s in advice.steps])
