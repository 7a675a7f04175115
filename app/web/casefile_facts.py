"""The case page's facts and evidence, in words, from a stored case: the ruling request as
given (a revoke: contract, the play trick by trick, the facts of the revoke; Laws 13/14: the
hands as found; a claim: the claim, the statement as coded and the director's findings), and
what the stored ruling rests on (each revoke with its laws and double-dummy figures, Law 64C;
the corrected deal's par; a claim's award and worst normal line), as ``(label, value)`` lines."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.i18n import fallback, gettext
from app.i18n.seats import card_symbols
from app.i18n.statement import step_words
from app.web.casefile_alternatives import alternatives_facts
from app.web.casefile_scores import points, stored_counted
from app.web.words import cards_shown, evidence_text, stored_step
from engine.casefile.cases import Case, CaseKind
from engine.errors import AdvisorError
from engine.records.boards import board_from_game, pick_game


def _law64c_step(ruling: Mapping[str, Any], law: str) -> Mapping[str, Any] | None:
    """The stored ruling's Law 64C step (its law ``law``, e.g. ``"64C1"``), if any."""
    return next((s for s in ruling.get("steps", []) if isinstance(s, Mapping) and s.get("law") == law), None)


def _tricks(play: Any) -> list[str]:
    """The play as one line per trick (a request's ``play``: flat, or trick by trick)."""
    if not isinstance(play, list) or not play:
        return []
    if all(isinstance(t, list) for t in play):
        return [" ".join(str(c) for c in t) for t in play]
    cards = [str(c) for c in play]
    return [" ".join(cards[i:i + 4]) for i in range(0, len(cards), 4)]


def _seat(lang: str, value: Any) -> str:
    return gettext(lang, f"seat_{value}") if value in ("N", "E", "S", "W") else str(value)


def request_facts(lang: str, case: Case) -> list[tuple[str, str]]:
    """The ruling request as given, in words: ``(label, value)`` lines (contract, declarer, the
    play trick by trick, the facts of the revoke, the table result, the director's own figure and
    the offender's card, the hands as found...)."""
    q, r = case.data.request, case.data.ruling
    t = _t(lang)
    out: list[tuple[str, str]] = []
    if case.data.kind is CaseKind.REVOKE:
        b = r.get("board") or {}
        out.append((t("col_contract"), f"{b.get('contract', '')} {t('by')} {_seat(lang, b.get('declarer'))}, "
                                       f"{t(_vul_key(b.get('vulnerable')))}"))
        play = _tricks(q.get("play"))
        if not play and isinstance(q.get("pbn"), str):
            try:
                record = board_from_game(pick_game(q["pbn"], q.get("board"), q.get("room")))
                play = _tricks([str(c) for c in record.play])
            except AdvisorError:
                play = []
        for i, trick in enumerate(play, start=1):
            out.append((f"{t('trick')} {i}", cards_shown(lang, trick)))
        rf = q.get("revoke_facts")
        if isinstance(rf, Mapping):
            facts = t("case_revoke_facts", trick=rf.get("trick", ""), offender=_seat(lang, rf.get("offender")),
                      won_by=_seat(lang, rf.get("revoke_trick_won_by")),
                      after=rf.get("offending_side_tricks_after", ""))
            card = cards_shown(lang, str(rf.get("card") or ""))
            extra = ", ".join(x for x in (card, str(rf.get("suit_led") or "")) if x)
            out.append((t("facts_only_legend"), f"{facts}{f' ({extra})' if extra else ''}"))
        if q.get("table_result") is not None:
            out.append((t("table_result"), str(q["table_result"])))
        if q.get("claim_declarer_tricks") is not None:
            out.append((t("claim_label"), str(q["claim_declarer_tricks"])))
        if q.get("rest_valued_double_dummy"):
            out.append((t("result_valued_dd"), t("rest_dd_label")))
        noticed = q.get("noticed") or "after_play"
        out.append((t("noticed_label"), t(f"noticed_{noticed}")))
        if q.get("losses_induced_by_revoke"):
            out.append((t("law64c"), t("induced_label")))
        if q.get("likely_without_revoke") is not None:  # issue 34: the director's own figure with the play
            why = str(q.get("likely_reason") or "").strip()
            out.append((t("measure_director"), f"{q['likely_without_revoke']}{f': {why}' if why else ''}"))
        if q.get("offender_card"):
            out.append((t("case_offender_card"), cards_shown(lang, str(q["offender_card"]))))
    elif case.data.kind is CaseKind.CLAIM:
        out += claim_facts(lang, q)
    elif case.data.kind is CaseKind.ALTERNATIVES:
        out += alternatives_facts(lang, q, r)
    else:
        hands = q.get("hands") or {}
        for s in ("N", "E", "S", "W"):
            out.append((t("case_hand_found", seat=_seat(lang, s)), str(hands.get(s, ""))))
        if q.get("hand_record"):
            out.append((t("hand_record_label"), str(q["hand_record"])))
        out.append((t("dealer_label"), _seat(lang, q.get("dealer", ""))))
        out.append((t("vulnerable_label"), t(_vul_key(q.get("vulnerable")))))
        if q.get("contract"):
            out.append((t("col_contract"), f"{q['contract']} {t('by')} {_seat(lang, q.get('declarer'))}"))
        if q.get("table_tricks") is not None:
            out.append((t("table_tricks_label"), str(q["table_tricks"])))
        for i, trick in enumerate(_tricks(q.get("play")), start=1):
            out.append((f"{t('trick')} {i}", cards_shown(lang, trick)))
        out.append((t("discovered_label"), t(f"discovered_{q.get('discovered') or 'after_play'}")))
        if q.get("missing_found"):
            out.append((t("missing_found_label"), t(f"missing_{q['missing_found']}")))
        for key in ("card_seen", "calls_unaffected"):
            if q.get(key):
                out.append((t(f"{key}_label"), t("yes")))
    return out


def claim_facts(lang: str, q: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A claim request (``POST /v1/rulings/claim``) in words: the board or the position at the
    claim, the claim, the statement as coded and the director's findings."""
    t = _t(lang)
    out: list[tuple[str, str]] = []
    pos = q.get("position")
    if isinstance(pos, Mapping):
        for s in ("N", "E", "S", "W"):
            out.append((_seat(lang, s), str((pos.get("hands") or {}).get(s, ""))))
        out.append((t("claim_trump_label"), t(f"suit_{pos.get('trump', 'NT')}")))
        out.append((t("claim_leader_label"), _seat(lang, pos.get("leader"))))
        if pos.get("trick"):
            out.append((t("claim_trick_label"), cards_shown(lang, " ".join(str(c) for c in pos["trick"]))))
        if pos.get("contract"):
            out.append((t("col_contract"), f"{pos['contract']} {t('by')} {_seat(lang, pos.get('declarer'))}"))
    else:
        if q.get("deal"):
            out.append((t("deal_label"), str(q["deal"])))
        out.append((t("col_contract"), f"{q.get('contract', '')} {t('by')} {_seat(lang, q.get('declarer'))}"))
        for i, trick in enumerate(_tricks(q.get("play")), start=1):
            out.append((f"{t('trick')} {i}", cards_shown(lang, trick)))
    c = q.get("claim") or {}
    out.append((t("claim_kind_label"), t(f"claim_kind_{c.get('kind', 'contested')}")))
    out.append((t("claim_by_label"), f"{_seat(lang, c.get('by'))}: {c.get('tricks', '')}"))
    st = c.get("statement") or {}
    if st.get("text"):
        out.append((t("claim_said_label"), str(st["text"])))
    out.append((t("claim_trumps_field"), t(f"claim_trumps_{st.get('trumps', 'not_mentioned')}")))
    stated = stated_steps(q)
    if stated:
        out.append((t("claim_stated_line"), "; ".join(f"{i}. {step_words(lang, s)}"
                                                       for i, s in enumerate(stated, start=1))))
    f = c.get("findings") or {}
    out.append((t("claim_unaware_label"), t(f"claim_unaware_{f.get('unaware_of_trump', 'unknown')}")))
    out.append((t("claim_class_label"), t(f"claim_class_{f.get('class_of_player', 'club')}")))
    out.append((t("claim_order_label"), t(f"claim_order_{f.get('suit_order_regulation', 'none')}")))
    if f.get("played_after_claim"):
        out.append((t("claim_after_label"), cards_shown(lang, " ".join(str(x) for x in f["played_after_claim"]))))
    for cat, normal in (f.get("normal") or {}).items():
        if not normal:
            out.append((t("claim_doubtful"), t("claim_ruled_off", category=t(f"claim_cat_{cat}"))))
    return out


def stated_steps(q: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The statement of a claim request (``POST /v1/rulings/claim``) as its steps, in the order the
    engine reads them (``steps``, then the older fields: :meth:`app.api.schemas.claim.StatementIn.all_steps`),
    each as the request gives a step; ``[]`` for none, or a statement that cannot be read."""
    from pydantic import ValidationError

    from app.api.schemas.claim import StatementIn

    try:
        statement = StatementIn.model_validate((q.get("claim") or {}).get("statement") or {})
        return [s.model_dump(by_alias=True, exclude_none=True) for s in statement.all_steps()]
    except (ValidationError, AdvisorError, ValueError):
        return []


def claim_evidence(lang: str, r: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What a stored claim ruling rests on: the award, the double-dummy value, the worst normal
    line by trick and each doubtful point with its figure."""
    t = _t(lang)
    rng = r.get("awarded_range") or {}
    award = t("claim_awarded", n=r["awarded"], left=r.get("tricks_left")) if r.get("awarded") is not None else \
        t("claim_range", lo=rng.get("at_least"), hi=rng.get("at_most"), left=r.get("tricks_left"))
    out = [(t("claim_answer"), award), (t("claim_dd_label"), str(r.get("double_dummy")))]
    tricks: dict[Any, list[str]] = {}
    for lp in r.get("worst_line") or []:
        tricks.setdefault(lp.get("trick"), []).append(f"{lp.get('seat')} {cards_shown(lang, str(lp.get('card')))}"
                                                      + ("*" if lp.get("doubtful") else ""))
    for n, cards in tricks.items():
        out.append((f"{t('claim_worst_line')}: {t('trick')} {n}", ", ".join(cards)))
    for d in r.get("doubtful_points") or []:
        text = t("claim_point", trick=d.get("trick"), seat=_seat(lang, d.get("seat")),
                 card=card_symbols(str(d.get("card"))), category=t(f"claim_cat_{d.get('category')}"),
                 law=d.get("law"))
        if d.get("if_not_normal") is None:
            more = t("claim_point_open")
        elif d.get("figure_basis") == "double_dummy":  # an upper bound, not a searched figure
            more = t("claim_point_if_dd", n=d["if_not_normal"])
        else:  # searched (a ruling stored before the field existed was always searched)
            more = t("claim_point_if", n=d["if_not_normal"])
        out.append((t("claim_doubtful"), f"{text} {more}"))
    return out


def _t(lang: str) -> Callable[..., str]:
    def t(key: str, **params: object) -> str:
        return gettext(lang, key, **params)

    return t


def _vul_key(value: Any) -> str:
    return {"None": "vul_none", "NS": "vul_ns", "EW": "vul_ew", "All": "vul_all"}.get(str(value), "vul_none")


def evidence(lang: str, case: Case) -> list[tuple[str, str]]:
    """What the stored ruling rests on, in words: for a revoke, each revoke with its laws and
    the double-dummy figures, the declarer's side's tricks (table, after the transfer, and the
    measures of the likely result without the revoke with the one the ruling took, or, stored
    before issue 34, likely and double dummy without the revoke), Law 64C; for Laws 13/14, what
    was wrong and the corrected deal's par and double-dummy result."""
    r = case.data.ruling
    t = _t(lang)
    ns = t("side_short_NS")  # the side as the language's tables name it (Russian СЮ, Greek ΒΝ)
    out: list[tuple[str, str]] = []
    if case.data.kind is CaseKind.CLAIM:
        return claim_evidence(lang, r)
    if case.data.kind is CaseKind.ALTERNATIVES:  # its tables: app.web.casefile_alternatives.alternatives_view
        return []
    if case.data.kind is CaseKind.REVOKE:
        for v in r.get("revokes", []):
            law = v.get("correction") or v.get("law") or v.get("establishment_law") or ""
            text = t("case_revoke_line", trick=v.get("trick"), player=_seat(lang, v.get("player")),
                     card=cards_shown(lang, str(v.get("card") or "\u2014")), law=law,
                     transferred=v.get("tricks_transferred", 0),
                     established=t("established") if v.get("established") else t("not_established"))
            if v.get("dd_before") is not None:
                cards = ", ".join(f"{cards_shown(lang, c)} {n}" for c, n in (v.get("dd_by_card") or {}).items())
                text += " " + t("case_revoke_dd", before=v["dd_before"], after=v.get("dd_after"), cards=cards)
            out.append((t("revokes_title"), text))
        d = r.get("declarer_tricks") or {}
        counted = stored_counted(r)  # a figure valued double dummy or a claim's is not "table"
        measures = [m for m in r.get("measures") or [] if isinstance(m, dict)]
        if measures:  # issue 34: every measure, the one the ruling took marked (the director's figure among them)
            measured = {"double_dummy": "case_tricks_measured_double_dummy", "claim": "case_tricks_measured_claim"}
            out.append((t("results_title"), t(measured.get(counted, "case_tricks_measured"), table=d.get("table"),
                                              after=d.get("after_adjustment"))))
            out.append((t("measures_title"), "; ".join(
                t("case_measure_item", name=t(f"measure_{m.get('kind')}"), tricks=m.get("tricks"),
                  result=m.get("result")) + (f": {t('measure_used')}" if m.get("used") else "") for m in measures)))
        else:  # a ruling stored before issue 34: the two measures it had
            named = {"double_dummy": "case_tricks_named_double_dummy", "claim": "case_tricks_named_claim"}
            out.append((t("results_title"), t(named.get(counted, "case_tricks_named"), table=d.get("table"),
                                              after=d.get("after_adjustment"),
                                              likely=_dash(d.get("likely_without_revokes")),
                                              dd=_dash(d.get("double_dummy_without_revoke")))))
            if d.get("likely_directors_figure") is not None:
                out.append((t("results_title"), t("case_directors_figure", likely=d["likely_directors_figure"])))
        c = r.get("law_64c") or {}
        if c:
            step = _law64c_step(r, str(c.get("law", "")))
            applies = t("applies") if c.get("applies") else t("does_not_apply")
            said = stored_step(lang, step) if step is not None and step.get("key") else \
                f"{applies}: {fallback(lang, str(c.get('reason', '')))}"
            out.append((f"{t('law64c')} ({c.get('law', '')})", said))
    else:
        irr = r.get("irregularity") or {}
        if irr.get("description"):
            out.append((t("irregularity"), _irregularity_text(lang, irr)))
        dd = r.get("double_dummy") or {}
        par = dd.get("par") or {}
        if par:
            out.append((t("par"), f"{', '.join(par.get('contracts', []))} ({ns} {points(par.get('score_ns'))})"))
        if dd.get("contract_tricks") is not None:
            q = case.data.request
            contract = f"{q.get('contract', '')} {q.get('declarer', '')}".strip()
            out.append((t("dd_contract"), t("case_dd_tricks", contract=contract, n=dd["contract_tricks"])))
        if dd.get("as_played"):
            counts = _counts(irr)
            said = stored_step(lang, {"key": "cc.dd.as_played", "params": {"counts": counts}, "text": dd["as_played"]})
            out.append((t("case_as_played"), said if counts and lang != "en" else fallback(lang, str(dd["as_played"]))))
    plausible = (r.get("scores") or {}).get("plausible") or []
    if len(plausible) > 1:
        out.append((t("weights_title"), "; ".join(f"{p.get('result')} ({ns} {points(p.get('score_ns'))}): "
                                                 f"{evidence_text(lang, str(p.get('evidence', '')))}"
                                                 for p in plausible)))
    return out


def _dash(value: Any) -> str:
    return "\u2014" if value is None else str(value)


def _counts(irr: Mapping[str, Any]) -> str:
    """The stored irregularity's cards held as found, as the engine writes them: ``"N 12, E 13, S 13, W 14"``
    (``""`` when the case has no counts)."""
    counts = irr.get("counts") or {}
    return ", ".join(f"{s} {counts[s]}" for s in "NESW" if s in counts) if isinstance(counts, Mapping) else ""


def _irregularity_text(lang: str, irr: Mapping[str, Any]) -> str:
    """A stored Law 13/14 irregularity (the API's ``IrregularityOut``: counts, surplus, missing and
    moved cards) said in ``lang`` through the findings' step templates (``cc.f.*``, as
    :meth:`engine.laws.card_irregularity.CardIrregularity.findings` keys them); the stored English
    ``description`` in English, or when the case lacks the counts (marked in strict mode). The
    reason a deal cannot be corrected (``why_not_corrected``) is said only in English, as stored."""
    english = str(irr.get("description", ""))
    counts = _counts(irr)
    if lang == "en" or not counts:
        return fallback(lang, english)
    steps: list[dict[str, Any]] = [{"key": "cc.f.counts", "params": {"counts": counts}}]
    for x in irr.get("surplus") or []:
        steps.append({"key": "cc.f.surplus" if x.get("certain") else "cc.f.surplus_unsure",
                      "params": {"card": x.get("card"), "seat": x.get("found_in")}})
    for x in irr.get("moved") or []:
        steps.append({"key": "cc.f.moved", "params": {"card": x.get("card"), "seat": x.get("found_in"),
                                                       "owner": x.get("belongs_to")}})
    for x in irr.get("missing") or []:
        steps.append({"key": "cc.f.missing_of", "params": {"card": x.get("card"), "owner": x.get("belongs_to")}}
                     if x.get("belongs_to") else {"key": "cc.f.missing", "params": {"card": x.get("card")}})
    return " ".join(stored_step(lang, {"law": "", **s}) for s in steps)
