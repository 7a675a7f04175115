"""``POST /v1/rulings/alternatives`` (issue 38): the alternatives a director weighs after
misinformation or unauthorised information (Laws 16B, 21B, 40B, 73C, 75), each with its
double-dummy figures, the room's own results and its outcomes
(:func:`engine.rulings.alternatives.advise_alternatives`), then the weighted score on the field
as it now stands (12C1(c): each outcome scored, then weighted, both sides shown;
:func:`engine.scoring.field.score_on_field` on :func:`app.api.field.place_named`), or where the
event's profile does not weight, 12C1(e)'s two scores. Shared by the API and ``advisor
alternatives``. Who may: :data:`app.service.access.POLICY`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from fastapi import APIRouter, Request

from app import i18n
from app.api.board_source import stored_hand_record
from app.api.field import PlacedCase, convention_words, place_named
from app.api.schemas.alternatives import (
    AlternativeOut,
    AlternativesRequest,
    AlternativesResponse,
    DoubleDummyOut,
    OutcomeOut,
    RoomOut,
    SideOutcomeOut,
    SideScoreOut,
    TableResultIn,
    TableResultOut,
)
from app.api.schemas.common import ErrorResponse, relocated
from app.api.schemas.scores import ScoredOutcomeOut, ScoringIn, SplitOut, WeightedResponse
from app.api.scores import score_against
from app.api.travellers import TableOnTraveller, stored_traveller, table_on_traveller
from engine.casefile.cases import Case
from engine.casefile.events import EventRepository
from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.deal import Deal
from engine.model.seats import Seat, Side, Vulnerability
from engine.records.results.model import PASSED_OUT, TravellerLine
from engine.rulings.alternatives import (
    ROOM_MIN_TABLES,
    Alternative,
    AlternativesAdvice,
    TableResult,
    advise_alternatives,
)
from engine.scoring.adjusted import (
    EXACT,
    Outcome,
    parse_weight,
    round_for_non_offenders,
    split_assignment,
    table_result_kept,
)
from engine.scoring.field import MATCHPOINTS, TEAMS, AdjustedOnField, score_on_field
from engine.scoring.profiles import Profile, profile


def _card(text: str | None, path: str) -> Card | None:
    if text is None:
        return None
    try:
        return Card.from_str(text)
    except InvalidBoardError as exc:
        raise relocated(exc, path) from None


def _contract(text: str, declarer: str, path: str) -> Contract:
    """``text`` by ``declarer`` as a legal contract (level 1-7, a strain, undoubled, X or XX).

    Raises:
        InvalidBoardError: ``path`` (``not_a_contract``, ``passed_out``, ``contract_level``).
    """
    try:
        return Contract.from_str(text, Seat.from_str(declarer))
    except InvalidBoardError as exc:
        raise relocated(exc, path) from None


def _board(body: AlternativesRequest, repo: EventRepository
           ) -> tuple[Deal, str, Vulnerability, str | None, TableOnTraveller | None, tuple[TravellerLine, ...]]:
    """The deal, dealer, vulnerability, the board's name, the named traveller line and the room's
    lines (the other tables of the board's traveller, every section).

    Raises:
        InvalidBoardError: ``deal`` (missing, or given with ``event``; unreadable), ``event``/``board``
            (not stored), ``table``/``pairs`` (no such line; given without ``event``).
    """
    if body.event is None:
        if body.board is not None or body.table is not None or body.pairs is not None:
            raise InvalidBoardError("`board`, `table` and `pairs` name a table of a stored event's traveller: "
                                    "give `event` with them", key="traveller_without_event_scores")
        if body.deal is None:
            raise InvalidBoardError("give the deal (or `event` and `board`)", path="deal",
                                    key="alternatives_no_deal")
        try:
            deal = Deal.from_pbn(body.deal)
        except InvalidBoardError as exc:
            raise relocated(exc, "deal") from None
        return deal, body.dealer, Vulnerability.from_str(body.vulnerable), None, None, ()
    if body.deal is not None:
        raise InvalidBoardError("with `event`, the deal and vulnerability come from the stored board: do not "
                                "give deal", path="deal", key="event_clash", params={"fields": "deal"})
    record, _ = stored_hand_record(repo, body.event, body.board or "")
    named = None
    if body.table is not None or body.pairs is not None:
        named = table_on_traveller(repo, body.event, record.board, body.table, body.pairs)
        lines = named.traveller.lines
    else:
        try:
            lines = stored_traveller(repo, body.event, record.board).lines
        except InvalidBoardError:
            lines = ()
    room = tuple(ln for ln in lines if named is None or ln is not named.line)
    return record.deal, record.dealer.value, record.vulnerability, record.board, named, room


def _table_result(body: AlternativesRequest, named: TableOnTraveller | None, deal: Deal
                  ) -> tuple[TableResult, str | None]:
    """The table's result: the request's, each field left out taken from the named traveller line;
    and the line's lead when it was not used: the results file records a card the player on lead
    does not hold (a scorer's slip: the director did not type it, so it is dropped and said, not
    refused).

    Raises:
        InvalidBoardError: ``table_result/contract`` (missing or not a contract),
            ``table_result/lead`` (not a card).
    """
    t = body.table_result or TableResultIn.model_validate({})
    contract, declarer, tricks, lead = t.contract, t.declarer, t.tricks, t.lead
    dropped = None
    if named is not None:
        ln = named.line
        if contract is None and ln.contract not in (None, PASSED_OUT):
            contract = ln.contract
        if declarer is None and ln.declarer is not None:
            declarer = ln.declarer.value
        if tricks is None:
            tricks = ln.tricks
        if lead is None and ln.lead is not None:
            lead = str(ln.lead)
            if contract is not None and declarer is not None and ln.lead not in deal.hand(
                    _contract(contract, declarer, "table_result/contract").declarer.lho):
                dropped, lead = lead, None  # the file's lead is not the leader's card: not used, and said
    if contract is None or declarer is None:
        raise InvalidBoardError("give the table's contract and declarer (or `event`, `board` and the table's "
                                "traveller line)", path="table_result/contract", key="alternatives_no_table")
    return TableResult(_contract(contract, declarer, "table_result/contract"), tricks,
                       _card(lead, "table_result/lead")), dropped


def _weights(body: AlternativesRequest) -> list[Fraction] | None:
    if body.weights is None:
        return None
    return [parse_weight(w, path=f"weights/{i}") for i, w in enumerate(body.weights)]


def _in_lang(key: str, **params: object) -> str:
    """``key`` of the catalogues in the answer's language (:func:`app.i18n.current`)."""
    return i18n.gettext(i18n.current(), key, **params)


def kept_sides(advice: AlternativesAdvice, kept_by: Side, prof: Profile, offending: Side | None
               ) -> dict[Side, tuple[Outcome, ...]]:
    """Each side's outcomes when ``kept_by`` keeps the table result (12C1(b), 12C1(e);
    :func:`engine.scoring.adjusted.table_result_kept`): ``kept_by`` on the table's score, the other
    side on the alternatives' outcomes, weighted; where ``prof`` does not weight, on the one result
    12C1(e) gives it (:func:`engine.scoring.adjusted.split_assignment`: the most unfavourable at all
    probable when it offended, the most favourable likely when ``offending`` is ``kept_by``; without
    ``offending`` the side that keeps the table result is taken as the non-offending one).

    Raises:
        InvalidBoardError: ``table_result/tricks`` (not given: the table's score is needed),
            ``weights`` (12C1(e): no outcome likely).
    """
    t = advice.table
    if t.tricks is None or advice.table_score_ns is None:
        raise InvalidBoardError("the side that keeps the table result is scored on it: give the table's tricks",
                                path="table_result/tricks", key="alternatives_kept_needs_tricks")
    try:
        return table_result_kept(advice.outcomes, advice.table_score_ns, kept_by,
                                 label=t.contract.result_str(t.tricks), weighting=prof.weighting,
                                 non_offending=offending.other if offending is not None else None)
    except InvalidBoardError as exc:
        if exc.key != "no_likely_outcome":  # 12C1(e): no outcome likely, said of the weights
            raise
        raise relocated(exc, "weights") from None


def _side_figures(w: WeightedResponse) -> tuple[float, float, float | None, float | None]:
    """``(ns, ew, ns_percent, ew_percent)`` of a weighted response (its split's when it did not weight)."""
    if w.ns is not None and w.ew is not None:
        return w.ns, w.ew, w.ns_percent, w.ew_percent
    assert w.split is not None
    return w.split.ns, w.split.ew, w.split.ns_percent, w.split.ew_percent


def kept_response(sides: dict[Side, tuple[Outcome, ...]], kept_by: Side,
                  figures: dict[Side, tuple[float, float | None]], weighted_side_comps: list[ScoredOutcomeOut],
                  prof: Profile, form: str, top: int | None,
                  defaulted: bool, form_told_by: str | None = None) -> WeightedResponse:
    """The split score as the weighted-score answer gives it: ``split`` with each side's own figure
    (``figures``: side -> its matchpoints or IMPs and percentage) and the table's score for the side
    that keeps it, ``outcomes`` the other side's weighted parts."""
    table_ns = sides[kept_by][0].ns_score
    (ns, ns_pc), (ew, ew_pc) = figures[Side.NS], figures[Side.EW]
    split = SplitOut(score_for_ns=table_ns if kept_by is Side.NS else None,
                     score_for_ew=table_ns if kept_by is Side.EW else None, ns=ns, ew=ew, ns_percent=ns_pc,
                     ew_percent=ew_pc, balances=False, table_result_kept_by=kept_by.value)
    lang = i18n.current()
    unit = i18n.gettext(lang, f"api.alternatives_unit_{form if form != 'imps' else 'teams'}")
    text = [i18n.gettext(lang, "api.alternatives_kept", kept=kept_by.value, result=sides[kept_by][0].label,
                         score=f"{table_ns:+d}", other=kept_by.other.value, unit=unit, ns=f"{ns:.2f}", ew=f"{ew:.2f}")]
    return WeightedResponse(profile=prof.name, form=form, weights_defaulted=defaulted, outcomes=weighted_side_comps,
                            ns=None, ew=None, top=top, ns_percent=None, ew_percent=None, others=[], split=split,
                            explanation=text, form_told_by=form_told_by)


def kept_on_field(sides: dict[Side, tuple[Outcome, ...]], kept_by: Side, placed: PlacedCase, prof: Profile,
                  defaulted: bool) -> WeightedResponse:
    """A split score (``kept_by`` keeps the table result) on ``placed``'s field as it now stands:
    each side's outcomes scored on the field on its own (:func:`engine.scoring.field.score_on_field`),
    North-South's figure from North-South's outcomes, East-West's from East-West's.

    Raises:
        InvalidBoardError: ``field`` (no other table), ``other_room_ns`` (teams without the other room).
    """
    conv = placed.convention
    kw: dict[str, Any] = {"session_most": placed.session_most, "other_room": placed.other_room}
    ns = score_on_field(list(sides[Side.NS]), placed.field, conv, **kw)
    ew = score_on_field(list(sides[Side.EW]), placed.field, conv, **kw)
    mp = ns.form == MATCHPOINTS
    weighted = ns if kept_by is Side.EW else ew
    comps = _scored_out(list(sides[kept_by.other]), weighted)
    return kept_response(sides, kept_by, {Side.NS: (ns.ns, ns.ns_percent if mp else None),
                                          Side.EW: (ew.ew, ew.ew_percent if mp else None)},
                         comps, prof, _form(ns), None if ns.top is None else int(ns.top), defaulted,
                         conv.source("form"))


def kept_against(sides: dict[Side, tuple[Outcome, ...]], kept_by: Side, scoring: ScoringIn, prof: Profile,
                 defaulted: bool) -> WeightedResponse:
    """A split score (``kept_by`` keeps the table result) against a typed field or other room
    (``scoring``, :func:`app.api.scores.score_against`), each side's outcomes scored on their own.

    Raises:
        InvalidBoardError: ``scoring/...``: a bad field or other room.
    """
    scoring = scoring.model_copy(update={"profile": prof.name})
    got = {side: score_against([{"score_ns": o.ns_score, "weight": str(o.weight), "label": o.label} for o in outs],
                               scoring)
           for side, outs in sides.items()}
    ns_w, ew_w = got[Side.NS], got[Side.EW]
    ns = _side_figures(ns_w)
    ew = _side_figures(ew_w)
    weighted = got[kept_by.other]
    return kept_response(sides, kept_by, {Side.NS: (ns[0], ns[2]), Side.EW: (ew[1], ew[3])},
                         list(weighted.outcomes), prof, ns_w.form, ns_w.top, defaulted)


def rounded(weighted: WeightedResponse | None, rounding: str, offending: Side | None) -> WeightedResponse | None:
    """``weighted`` with the figures to enter under the regulating authority's ``rounding``
    (:data:`engine.scoring.adjusted.ROUNDINGS`): ``non_offenders_whole_imp`` rounds each side's
    weighted IMPs to a whole IMP in favour of the non-offending side
    (:func:`engine.scoring.adjusted.round_for_non_offenders`, the Danish Bridge Federation's
    appeals committee, 03-AU-5: +2.4 -> +3); ``exact`` leaves it.

    Raises:
        InvalidBoardError: ``offending_side`` (not given with a rounding in favour of the
            non-offenders), ``rounding`` (the board is matchpointed: the regulation is of IMPs).
    """
    if rounding == EXACT:
        return weighted
    if offending is None:
        raise InvalidBoardError("rounding in favour of the non-offending side: say which side offended",
                                path="offending_side", key="alternatives_rounding_side")
    if weighted is None:
        return None
    if weighted.form == MATCHPOINTS:
        raise InvalidBoardError("the rounding to a whole IMP is for IMPs; this board is matchpointed",
                                path="rounding", key="alternatives_rounding_form")
    ns, ew, _, _ = _side_figures(weighted)
    nos = offending.other
    ns_r = round_for_non_offenders(ns, nos)
    ew_r = -round_for_non_offenders(-ew, nos)
    said = i18n.gettext(i18n.current(), "api.alternatives_rounded", side=nos.value, ns=f"{ns:+.2f}", ew=f"{ew:+.2f}",
                        ns_rounded=f"{ns_r:+d}", ew_rounded=f"{ew_r:+d}")
    text = [*weighted.explanation, said]
    return weighted.model_copy(update={"rounding": rounding, "ns_rounded": float(ns_r), "ew_rounded": float(ew_r),
                                       "explanation": text})


def sides_out(sides: dict[Side, tuple[Outcome, ...]], kept_by: Side, weighted: WeightedResponse | None
              ) -> list[SideScoreOut]:
    """Each side's assignment for the answer, with its own figure when scored."""
    figures: dict[Side, tuple[float | None, float | None]] = {Side.NS: (None, None), Side.EW: (None, None)}
    if weighted is not None and weighted.split is not None:
        sp = weighted.split
        figures = {Side.NS: (sp.ns, sp.ns_percent), Side.EW: (sp.ew, sp.ew_percent)}
    return [SideScoreOut(side=side.value, keeps_table_result=side is kept_by,  # type: ignore[arg-type]
                         outcomes=[SideOutcomeOut(result=o.label, score_ns=o.ns_score, weight=str(o.weight))
                                   for o in sides[side]], figure=figures[side][0], percent=figures[side][1])
            for side in (Side.NS, Side.EW)]


def advise(body: AlternativesRequest, repo: EventRepository, solver: DoubleDummySolver,
           room: Sequence[TravellerLine] = ()
           ) -> tuple[AlternativesAdvice, Deal, str, Vulnerability, str | None, TableOnTraveller | None, str | None,
                      bool]:
    """The engine's answer for ``body`` with the board it was asked on, the traveller line's lead
    when it was dropped (:func:`_table_result`) and whether the board has a traveller (the room's
    results: a pasted deal or a board of hand records only has none); ``room``: without ``event``,
    the other tables' traveller lines (the command line's results file), else the stored traveller's.

    Raises:
        InvalidBoardError: bad input, ``path`` naming the request field.
        SolverError: the solver failed or is busy.
    """
    deal, dealer, vul, board, named, stored = _board(body, repo)
    room = stored if body.event is not None else tuple(room)
    table, dropped = _table_result(body, named, deal)
    alts = [Alternative(_contract(a.contract, a.declarer, f"alternatives/{i}/contract"),
                        _card(a.lead, f"alternatives/{i}/lead"), a.tricks) for i, a in enumerate(body.alternatives)]
    advice = advise_alternatives(deal, vul, table, body.law, alts, solver, weights=_weights(body), room=room)
    has_traveller = named is not None or bool(room)
    return advice, deal, dealer, vul, board, named, dropped, has_traveller


def _scored_out(outcomes: Sequence[Outcome], scored: AdjustedOnField) -> list[ScoredOutcomeOut]:
    return [ScoredOutcomeOut(label=o.label, score_ns=o.ns_score, weight=str(o.weight), weight_decimal=float(o.weight),
                             ns=c.ns, ew=c.ew) for o, c in zip(outcomes, scored.components, strict=True)]


def _form(scored: AdjustedOnField) -> str:
    return "imps" if scored.form == TEAMS else scored.form


def weighted_on_field(outcomes: list[Outcome], placed: PlacedCase, prof: Profile, offending: Side | None,
                      defaulted: bool) -> WeightedResponse:
    """``outcomes`` on ``placed``'s field as it now stands, in the event's convention: each scored,
    then weighted (12C1(c)), North-South's and East-West's figures; where ``prof`` does not weight,
    12C1(e)'s two scores in ``split`` instead: the non-offending side on the most favourable result
    that was likely (weight at least 1/3), the offending side on the most unfavourable that was at
    all probable (at least 1/6), each scored on the field on its own.

    Raises:
        InvalidBoardError: ``offending_side`` (missing where the profile does not weight); ``field``
            (no other table to compare with); ``weights`` (no outcome likely).
    """
    conv = placed.convention
    kw: dict[str, Any] = {"session_most": placed.session_most, "other_room": placed.other_room}
    scored = score_on_field(outcomes, placed.field, conv, **kw)
    comps = _scored_out(outcomes, scored)
    unit = i18n.gettext(i18n.current(), f"api.alternatives_unit_{scored.form}")
    if prof.weighting:
        summed = " + ".join(f"{c.weight} x {c.ns:g}" for c in comps)
        text = [i18n.gettext(i18n.current(), "api.alternatives_weighted", unit=unit, sum=summed,
                             ns=f"{scored.ns:.2f}", ew=f"{scored.ew:.2f}")]
        return WeightedResponse(profile=prof.name, form=_form(scored), weights_defaulted=defaulted, outcomes=comps,
                                ns=scored.ns, ew=scored.ew, top=None if scored.top is None else int(scored.top),
                                ns_percent=scored.ns_percent, ew_percent=scored.ew_percent, others=[], split=None,
                                explanation=text, form_told_by=conv.source("form"))
    if offending is None:
        raise InvalidBoardError(f"profile {prof.name} does not weight (12C1(e)): say which side offended",
                                path="offending_side", key="alternatives_offending_side",
                                params={"profile": prof.name})
    try:
        for_ns, for_ew = split_assignment(outcomes, offending.other)
    except InvalidBoardError as exc:
        raise relocated(exc, "weights") from None
    ns = score_on_field([Outcome(for_ns, Fraction(1))], placed.field, conv, **kw)
    ew = score_on_field([Outcome(for_ew, Fraction(1))], placed.field, conv, **kw)
    mp = scored.form == MATCHPOINTS
    split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew, ns=ns.ns, ew=ew.ew,
                     ns_percent=ns.ns_percent if mp else None, ew_percent=ew.ew_percent if mp else None,
                     balances=for_ns == for_ew)
    text = [i18n.gettext(i18n.current(), "api.alternatives_split", profile=prof.name, side=offending.other.value,
                         ns=f"{for_ns:+d}", ew=f"{for_ew:+d}",
                         ns_figure=f"{ns.ns:.2f}", ew_figure=f"{ew.ew:.2f}")]
    return WeightedResponse(profile=prof.name, form=_form(scored), weights_defaulted=defaulted, outcomes=comps,
                            ns=None, ew=None, top=None if scored.top is None else int(scored.top), ns_percent=None,
                            ew_percent=None, others=[], split=split, explanation=text,
                            form_told_by=conv.source("form"))


def profile_name(body: AlternativesRequest, repo: EventRepository) -> str:
    """The profile the request is scored under: its own ``profile``, else its event's scoring
    profile, else its ``scoring``'s, else ``"wbf"``.

    Raises:
        UnknownEventError: ``event`` is not stored.
    """
    return body.profile or (repo.get_event(body.event).details.scoring_profile if body.event else
                            body.scoring.profile if body.scoring is not None else "wbf")


def _merged_parts(outcomes: Iterable[Any]) -> tuple[dict[tuple[str, int], Fraction], list[dict[str, Any]]]:
    """Outcomes (each with ``result``, ``score_ns``: North-South's points, and ``weight``, exact
    text) as a proposal's parts, a result reached twice (the same result, the same points) one part
    with its weights added: ``({(result, score_ns): weight}, [{"result", "score_ns", "weight",
    "percent"}])``."""
    merged: dict[tuple[str, int], Fraction] = {}
    for o in outcomes:
        merged[(o.result, o.score_ns)] = merged.get((o.result, o.score_ns), Fraction(0)) + Fraction(o.weight)
    return merged, [{"result": r, "score_ns": n, "weight": str(w), "percent": float(w * 100)}
                    for (r, n), w in merged.items()]


def case_proposal(out: AlternativesResponse, prof: Profile, offending: Side | None) -> dict[str, Any]:
    """What a case of the alternatives proposes to enter (the director confirms or changes it, as
    for a weighted revoke case): the outcomes of every alternative as one weighted score's parts
    (12C1(c)), a result reached through two alternatives (the same result, the same points) one
    part with their weights added; where the profile ``prof`` does not weight,
    12C1(e)'s two scores instead (:func:`engine.scoring.adjusted.split_assignment` on those parts,
    ``offending`` the side that offended).

    Returns ``{"form", "law", "parts", ...}``: ``parts`` ``[{"result", "score_ns", "weight"
    (exact, ``"1/5"``), "percent"}]`` (North-South's points, Law 77); ``form`` ``"weighted"``
    (law 12C1(c)); ``"split"`` (12C1(e)) with ``score_ns`` (North-South's points, their view),
    ``score_ew`` (East-West's own points, their view: the negation of the North-South points
    East-West are scored on) and ``result`` (``"4S E = / 4S E -1"``, North-South's first); or
    ``"assigned"`` when 12C1(e)'s two scores are one result (they balance): ``score_ns``,
    ``result``.

    Raises:
        InvalidBoardError: ``offending_side`` (missing where the profile does not weight);
            ``weights`` (no part is likely, 12C1(e)).

    A ruling where one side keeps the table result (``table_result_kept_by``) proposes form
    ``"kept"`` instead (:func:`_kept_proposal`).
    """
    if out.table_result_kept_by is not None and out.sides is not None:
        return _kept_proposal(out, prof)
    merged, parts = _merged_parts(o for a in out.alternatives for o in a.outcomes)
    if prof.weighting:
        return {"form": "weighted", "law": "12C1(c)", "parts": parts}
    if offending is None:
        raise InvalidBoardError(f"profile {prof.name} does not weight (12C1(e)): say which side offended",
                                path="offending_side", key="alternatives_offending_side",
                                params={"profile": prof.name})
    try:
        for_ns, for_ew = split_assignment([Outcome(n, w, r) for (r, n), w in merged.items()], offending.other)
    except InvalidBoardError as exc:
        raise relocated(exc, "weights") from None

    def label(points: int) -> str:
        return next(r for r, n in merged if n == points)

    if for_ns == for_ew:
        return {"form": "assigned", "law": "12C1(e)", "score_ns": for_ns, "result": label(for_ns), "parts": parts}
    return {"form": "split", "law": "12C1(e)", "score_ns": for_ns, "score_ew": -for_ew,
            "result": f"{label(for_ns)} / {label(for_ew)}", "parts": parts}


def _kept_proposal(out: AlternativesResponse, prof: Profile) -> dict[str, Any]:
    """The proposal of a ruling where one side keeps the table result (12C1(b), 12C1(e);
    :func:`kept_sides`): ``{"form": "kept", "law", "table_result_kept_by", "table_result",
    "table_score_ns", "parts", "score_ns", "score_ew", "result"}``: ``parts`` the other side's
    results (North-South's points) with their weights, a result reached through two alternatives
    one part; ``score_ns`` North-South's figure and ``score_ew`` East-West's own (their view), the
    keeping side's its table points, the other side's the weighted sum of its parts; ``law``
    ``"12C1(b)"`` where the profile weights the other side's score (12C1(c)), ``"12C1(e)"``
    where it does not (the other side on one result)."""
    assert out.sides is not None and out.table_result_kept_by is not None
    kept_by = out.table_result_kept_by
    table_ns = out.table_result.score_ns
    assert table_ns is not None  # kept_sides refused a table result without tricks
    other = next(s for s in out.sides if not s.keeps_table_result)
    merged, parts = _merged_parts(other.outcomes)
    weighted_ns = float(sum((n * w for (_, n), w in merged.items()), Fraction(0)))
    table_result = out.table_result.result or ""
    others = ", ".join(f"{p['percent']:g}% {p['result']}" for p in parts)
    if kept_by == "NS":
        score_ns, score_ew = float(table_ns), round(-weighted_ns, 2)
        result = f"NS {table_result} / EW {others}"
    else:
        score_ns, score_ew = round(weighted_ns, 2), float(-table_ns)
        result = f"NS {others} / EW {table_result}"
    return {"form": "kept", "law": "12C1(b)" if prof.weighting else "12C1(e)", "table_result_kept_by": kept_by,
            "table_result": table_result, "table_score_ns": table_ns, "parts": parts, "score_ns": score_ns,
            "score_ew": score_ew, "result": result}


def rule_alternatives(body: AlternativesRequest, repo: EventRepository, solver: DoubleDummySolver,
                      decided: Sequence[Case] = (), room: Sequence[TravellerLine] = ()) -> AlternativesResponse:
    """The answer to ``POST /v1/rulings/alternatives``: each alternative's evidence and outcomes,
    then the weighted score: with ``event`` and a traveller line, on the field as it now stands
    (``decided``: the board's cases, each decided one in place), the event's profile unless the
    request gives one; without, against ``scoring`` when given (``POST /v1/scores/weighted``'s
    arithmetic); ``None`` with nothing to score against. ``room``: without ``event``, the other
    tables' lines (:func:`advise`).

    Blocks on the solver: call it from a worker thread, never on the event loop.

    Raises:
        InvalidBoardError: bad input, ``path`` naming the request field.
        SolverError: the solver failed or is busy.
    """
    advice, deal, dealer, vul, board, named, dropped, has_traveller = advise(body, repo, solver, room)
    prof = profile(profile_name(body, repo))
    offending = Side(body.offending_side) if body.offending_side else None
    kept_by = Side(body.table_result_kept_by) if body.table_result_kept_by else None
    if body.rounding != EXACT and offending is None:
        rounded(None, body.rounding, None)  # raises: the non-offending side is needed
    sides = kept_sides(advice, kept_by, prof, offending) if kept_by is not None else None
    outcomes = advice.outcomes
    weighted, field_text = None, None
    scoring_given = body.scoring is not None and (bool(body.scoring.field) or body.scoring.other_room_ns is not None)
    if named is not None:
        placed = place_named(named, repo, decided)
        field_text = convention_words(placed.convention, placed.sections, say=_in_lang)
        try:
            if sides is not None and kept_by is not None:
                weighted = kept_on_field(sides, kept_by, placed, prof, advice.weights_defaulted)
            else:
                weighted = weighted_on_field(outcomes, placed, prof, offending, advice.weights_defaulted)
        except InvalidBoardError as exc:
            if exc.path != "field" and exc.key != "field_no_other_room":
                raise
    elif sides is not None and kept_by is not None and body.scoring is not None and scoring_given:
        weighted = kept_against(sides, kept_by, body.scoring, prof, advice.weights_defaulted)
    elif body.scoring is not None and scoring_given:
        if not prof.weighting and offending is None:
            raise InvalidBoardError(f"profile {prof.name} does not weight (12C1(e)): say which side offended",
                                    path="offending_side", key="alternatives_offending_side",
                                    params={"profile": prof.name})
        scoring = body.scoring.model_copy(update={"profile": prof.name})
        weighted = score_against([{"score_ns": o.ns_score, "weight": str(o.weight), "label": o.label}
                                  for o in outcomes], scoring, offending.other if offending else None)
        form = "teams" if weighted.form == "imps" else weighted.form
        said = weighted.explanation
        if weighted.ns is not None and weighted.ew is not None:
            summed = " + ".join(f"{c.weight} x {c.ns:g}" for c in weighted.outcomes)
            said = [i18n.gettext(i18n.current(), "api.alternatives_weighted", sum=summed, ns=f"{weighted.ns:.2f}",
                                 ew=f"{weighted.ew:.2f}",
                                 unit=i18n.gettext(i18n.current(), f"api.alternatives_unit_{form}"))]
        elif weighted.split is not None and offending is not None and weighted.split.score_for_ns is not None \
                and weighted.split.score_for_ew is not None:
            sp = weighted.split
            said = [i18n.gettext(i18n.current(), "api.alternatives_split", profile=prof.name,
                                 side=offending.other.value, ns=f"{sp.score_for_ns:+d}", ew=f"{sp.score_for_ew:+d}",
                                 ns_figure=f"{sp.ns:.2f}", ew_figure=f"{sp.ew:.2f}")]
        weighted = weighted.model_copy(update={"weights_defaulted": advice.weights_defaulted, "explanation": said})
    weighted = rounded(weighted, body.rounding, offending)
    t = advice.table
    table_out = TableResultOut(contract=str(t.contract), declarer=t.contract.declarer.value, tricks=t.tricks,
                               lead=str(t.lead) if t.lead else None,
                               result=t.contract.result_str(t.tricks) if t.tricks is not None else None,
                               score_ns=advice.table_score_ns, lead_not_used=dropped)
    alts = []
    for ev in advice.alternatives:
        dd = ev.double_dummy
        a = ev.alternative
        alts.append(AlternativeOut(
            contract=str(a.contract), declarer=a.contract.declarer.value, lead=str(a.lead) if a.lead else None,
            weight=str(ev.weight), weight_decimal=float(ev.weight),
            double_dummy=DoubleDummyOut(leader=dd.leader.value, with_table_lead=dd.with_table_lead,
                                        with_alternative_lead=dd.with_alternative_lead,
                                        by_lead={str(c): n for c, n in dd.by_lead},
                                        range=[dd.best_defence, dd.worst_defence]),
            room=RoomOut(matched=ev.room.matched, tables=ev.room.tables,  # type: ignore[arg-type]
                         tricks={str(n): k for n, k in ev.room.tricks}),
            rule=ev.rule, rule_text=i18n.gettext(i18n.current(), f"api.alternatives_rule_{ev.rule}", n=ev.room.tables,
                                    min=ROOM_MIN_TABLES),
            outcomes=[OutcomeOut(tricks=o.tricks, result=o.result, share=str(o.share), weight=str(o.weight),
                                 weight_decimal=float(o.weight), score_ns=o.score_ns) for o in ev.outcomes]))
    return AlternativesResponse(law=advice.law, board=board, deal=deal.to_pbn(), dealer=dealer,  # type: ignore[arg-type]
                                vulnerable=vul.value, table_result=table_out, alternatives=alts,
                                weights_defaulted=advice.weights_defaulted, room_min_tables=ROOM_MIN_TABLES,
                                weighted=weighted, field=field_text, traveller=has_traveller,
                                table_result_kept_by=body.table_result_kept_by,
                                sides=sides_out(sides, kept_by, weighted) if sides is not None and kept_by else None)


def router() -> APIRouter:
    """``POST /v1/rulings/alternatives``."""
    r = APIRouter()

    @r.post("/v1/rulings/alternatives", response_model=AlternativesResponse,
            responses={401: {"model": ErrorResponse, "description": "No valid token (outside laptop mode)."},
                       422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."},
                       503: {"model": ErrorResponse, "description": "The solver is busy; retry later."}},
            summary="The alternatives of an adjusted score after misinformation or unauthorised information "
                    "(12C1(c), 12C1(e))")
    def rule(body: AlternativesRequest, request: Request) -> AlternativesResponse:
        """For each alternative contract and declarer: the double-dummy tricks with the table's lead
        and with every card the leader holds, the room's own results from the stored traveller, the
        outcomes a director would weigh (from the room when at least `room_min_tables` tables
        played it, else from double dummy; the rule is named) with their Law 77 scores; then the
        weighted score on the field as it now stands (12C1(c)), or 12C1(e)'s two scores where the
        event's profile does not weight.
        """
        # A plain `def`: FastAPI runs it in its thread pool, so the event loop never waits on DDS.
        decided: Sequence[Case] = ()
        if body.event is not None and body.board is not None:
            decided = request.app.state.cases.cases(body.event)
        return rule_alternatives(body, request.app.state.events, request.app.state.solver, decided)

    return r


__all__ = ["advise", "case_proposal", "profile_name", "router", "rule_alternatives", "weighted_on_field"]
