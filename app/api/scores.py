"""``/v1/scores/*``: weighted, artificial, matchpoint and IMP scores for the director and the
scorer (Laws 12C, 77, 78), as a FastAPI router; its request and response models are
:mod:`app.api.schemas.scores`. Shared by the HTTP API and ``advisor scores``. Points are
North-South's view throughout."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fastapi import APIRouter, Request
from pydantic import BaseModel, JsonValue

from app.api.schemas.common import ErrorResponse, relocated
from app.api.schemas.scores import (
    PAIRS_IMPS,
    ArtificialRequest,
    ArtificialResponse,
    ArtificialSideOut,
    FieldMpOut,
    Form,
    ImpRowOut,
    ImpsRequest,
    ImpsResponse,
    MatchpointsRequest,
    MatchpointsResponse,
    MpRowOut,
    OutcomeIn,
    PlausibleOut,
    ScoredOutcomeOut,
    ScoresOut,
    ScoringIn,
    SplitOut,
    WeightedRequest,
    WeightedResponse,
)
from app.api.travellers import stored_traveller, table_on_traveller
from engine.casefile.events import EventRepository
from engine.errors import InvalidBoardError
from engine.model.seats import Side, Vulnerability
from engine.records.results.against import MATCH
from engine.scoring import (
    Outcome,
    PlausibleResult,
    artificial,
    board_matchpoints,
    butler_imps,
    cross_imps,
    datum,
    even_weights,
    matchpoints,
    neuberg,
    parse_weight,
    percent,
    profile,
    split_assignment,
    teams_imps,
    top,
    weighted_imps,
    weighted_matchpoints,
)
from engine.scoring.pairs_imps import pairs_imps, weighted_pairs_imps


def rule_weighted(body: WeightedRequest) -> WeightedResponse:
    """Score each outcome, then weight the matchpoints or IMPs (12C1(c)); or, for a profile
    without weighting, the 12C1(e) split (NOS most favourable likely, OS most unfavourable).

    Raises:
        InvalidBoardError: bad weights, impossible results, a missing field or other room.
    """
    prof = profile(body.profile)
    vul = Vulnerability.from_str(body.vulnerable)
    outcomes, defaulted = _outcomes(body.outcomes, vul, "outcomes")
    if body.form in ("matchpoints", *PAIRS_IMPS) and not body.field:
        raise InvalidBoardError(f"{'matchpoints' if body.form == 'matchpoints' else 'pairs IMPs'} need the other "
                                "North-South results of the board", path="field")
    if body.form == "imps" and body.other_room_ns is None:
        raise InvalidBoardError("IMPs need North-South's score in the other room", path="other_room_ns")
    if body.offending_outcomes is not None and (body.non_offending is None or not prof.weighting):
        raise InvalidBoardError("`offending_outcomes` need `non_offending` and a profile that weights",
                                path="offending_outcomes")
    units = prof.mp_units
    if body.form == "matchpoints":
        assert body.field is not None
        w = weighted_matchpoints(outcomes, body.field, units)
    elif body.form in PAIRS_IMPS:
        assert body.field is not None
        w = weighted_pairs_imps(outcomes, body.field, body.form)
    else:
        assert body.other_room_ns is not None
        w = weighted_imps(outcomes, body.other_room_ns)
    comps = [ScoredOutcomeOut(label=c.outcome.label, score_ns=c.outcome.ns_score, weight=str(c.outcome.weight),
                              weight_decimal=float(c.outcome.weight), ns=c.ns, ew=c.ew) for c in w.components]
    weights_defaulted = defaulted
    unit = {"matchpoints": "matchpoints", "butler": "IMPs against the datum", "cross_imps": "cross-IMPs per comparison"
            }.get(body.form, "IMPs against the other room")
    text = [f"Each outcome is scored first ({unit}), then weighted: "
            + " + ".join(f"{c.weight} x {c.ns:g}" for c in comps) + f" = {w.ns:.2f} for North-South (12C1(c))."]
    if not prof.weighting:
        if body.non_offending is None:
            raise InvalidBoardError(f"profile {prof.name} does not weight: say which side is non-offending",
                                    path="non_offending")
        for_ns, for_ew = split_assignment(outcomes, Side(body.non_offending))
        if body.form == "matchpoints":
            assert body.field is not None
            t = top(len(body.field) + 1, units)
            ns_mp, ew_mp = matchpoints(for_ns, body.field, units), t - matchpoints(for_ew, body.field, units)
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew, ns=ns_mp, ew=ew_mp,
                             ns_percent=percent(ns_mp, t), ew_percent=percent(ew_mp, t), balances=for_ns == for_ew)
        elif body.form in PAIRS_IMPS:
            assert body.field is not None
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew,
                             ns=float(pairs_imps(for_ns, body.field, body.form)),
                             ew=-float(pairs_imps(for_ew, body.field, body.form)), ns_percent=None, ew_percent=None,
                             balances=for_ns == for_ew)
        else:
            assert body.other_room_ns is not None
            split = SplitOut(score_for_ns=for_ns, score_for_ew=for_ew, ns=teams_imps(for_ns, body.other_room_ns),
                             ew=-teams_imps(for_ew, body.other_room_ns), ns_percent=None, ew_percent=None,
                             balances=for_ns == for_ew)
        text = [f"Profile {prof.name}: no weighting. The non-offending side ({body.non_offending}) gets the most "
                "favourable likely result, the offending side the most unfavourable result at all probable "
                f"(12C1(e)): North-South scored on NS {for_ns:+d}, East-West on NS {for_ew:+d}."]
        return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted, outcomes=comps,
                                ns=None, ew=None, top=w.top, ns_percent=None, ew_percent=None, others=[],
                                split=split, explanation=text)
    if body.offending_outcomes is not None and body.non_offending is not None:
        os_outcomes, _ = _outcomes(body.offending_outcomes, vul, "offending_outcomes")
        w_os = (weighted_pairs_imps(os_outcomes, body.field, body.form) if body.form in PAIRS_IMPS and body.field
                else weighted_matchpoints(os_outcomes, body.field, units) if body.field
                else weighted_imps(os_outcomes, body.other_room_ns or 0))
        nos_ns = body.non_offending == "NS"
        ns_w, ew_w = (w, w_os) if nos_ns else (w_os, w)
        split = SplitOut(score_for_ns=None, score_for_ew=None, ns=ns_w.ns, ew=ew_w.ew, ns_percent=ns_w.ns_percent,
                         ew_percent=ew_w.ew_percent, balances=False)
        text.append(f"12C1(e): the non-offending side ({body.non_offending}) is scored on `outcomes`, the "
                    f"offending side on `offending_outcomes`, each weighted: North-South {split.ns:.2f}, "
                    f"East-West {split.ew:.2f}; the two need not balance.")
        return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted,
                                outcomes=comps, ns=None, ew=None, top=w.top, ns_percent=None, ew_percent=None,
                                others=[], split=split, explanation=text)
    return WeightedResponse(profile=prof.name, form=body.form, weights_defaulted=weights_defaulted, outcomes=comps,
                            ns=w.ns, ew=w.ew, top=w.top, ns_percent=w.ns_percent, ew_percent=w.ew_percent,
                            others=[FieldMpOut(score_ns=s, mp=m) for s, m in w.others], split=None, explanation=text)


def _outcomes(items: list[OutcomeIn], vul: Vulnerability, path: str) -> tuple[list[Outcome], bool]:
    """The engine's outcomes and whether the weights were defaulted (even).

    Raises:
        InvalidBoardError: ``path/...``: some weights given and not others, a bad weight or result.
    """
    given = [o.weight is not None for o in items]
    if any(given) and not all(given):
        raise InvalidBoardError("give a weight for every outcome, or for none (even weights)", path=path)
    weights = ([parse_weight(o.weight, path=f"{path}/{i}/weight") for i, o in enumerate(items)
                if o.weight is not None] if all(given) else list(even_weights(len(items))))
    scored = [o.points(vul, f"{path}/{i}") for i, o in enumerate(items)]
    return [Outcome(p, w, label) for (p, label), w in zip(scored, weights, strict=True)], not all(given)


def rule_artificial(body: ArtificialRequest) -> ArtificialResponse:
    """12C2(a)/(b)/(c) for both sides. Raises InvalidBoardError for an unknown profile."""
    prof = profile(body.profile)
    awards = artificial({Side(k): v for k, v in body.fault.items()}, prof,
                        {Side(k): v for k, v in (body.other_boards_percent or {}).items()})
    out = {s.value: ArtificialSideOut(fault=a.fault, label=a.label, percent=a.percent, imps=a.imps,
                                      matchpoints=None if body.top is None else a.percent * body.top / 100,
                                      session_rule=a.session_rule) for s, a in awards.items()}
    return ArtificialResponse(profile=prof.name, NS=out["NS"], EW=out["EW"],
                              total_percent=sum(a.percent for a in awards.values()))


def rule_matchpoints(body: MatchpointsRequest) -> MatchpointsResponse:
    """Law 78A for every result; Neuberg factored to ``normal_results`` when given."""
    prof = profile(body.profile)
    scores = body.scores or []
    units, n = prof.mp_units, len(scores)
    t = top(n, units)
    if body.normal_results is not None and body.normal_results < n:
        raise InvalidBoardError(f"normal_results ({body.normal_results}) is fewer than the results given ({n})",
                                path="normal_results")
    big = body.normal_results
    rows = []
    for s, m in zip(scores, board_matchpoints(scores, units), strict=True):
        rows.append(MpRowOut(score_ns=s, ns=m, ew=t - m, ns_percent=percent(m, t), ew_percent=percent(t - m, t),
                             ns_neuberg=neuberg(m, n, big, units) if big else None,
                             ew_neuberg=neuberg(t - m, n, big, units) if big else None))
    return MatchpointsResponse(profile=prof.name, units_per_score_beaten=units, top=t,
                               neuberg_top=top(big, units) if big else None, results=rows)


def rule_imps(body: ImpsRequest) -> ImpsResponse:
    """Law 78B: teams, or datum (Butler) and cross-IMPs for every result."""
    if body.scores is None:
        assert body.ns_score is not None and body.other_room_ns is not None
        return ImpsResponse(teams_imps=teams_imps(body.ns_score, body.other_room_ns),
                            difference=body.ns_score - body.other_room_ns, datum=None, results=[])
    d = datum(body.scores, discard=body.discard)
    rows = []
    for i, s in enumerate(body.scores):
        others = [*body.scores[:i], *body.scores[i + 1:]]
        total = cross_imps(s, others)
        rows.append(ImpRowOut(score_ns=s, butler=butler_imps(s, d), cross_total=total,
                              cross_average=total / len(others)))
    return ImpsResponse(teams_imps=None, difference=None, datum=d, results=rows)


def scores_block(*, table: int | None, after_adjustment: int | None, suggested: int | None,
                 plausible: Sequence[PlausibleResult], scoring: ScoringIn | None,
                 non_offending: Side | None = None, suggested_result: str | None = None) -> ScoresOut:
    """The ``scores`` block of a ruling: its scores (Law 77 points, North-South's view), its
    plausible results as outcomes of a weighted score, and, when ``scoring`` gives the field or
    the other room, the score against them: the plausible results weighted (12C1(c)) when there
    are two or more, else the ``suggested`` score alone (weight 1; labelled with
    ``suggested_result``, e.g. ``"4H W -1"``, when given).

    Raises:
        InvalidBoardError: an unknown profile in ``scoring`` (path ``scoring/...``).
    """
    outs: list[PlausibleOut] = []
    if len(plausible) > 1:
        weights = even_weights(len(plausible))
        outs = [PlausibleOut(result=p.result, tricks=p.tricks, score_ns=p.score_ns, evidence=p.evidence,
                             weight=str(w), label=f"{p.result} (NS {p.score_ns:+d})")
                for p, w in zip(plausible, weights, strict=True)]
    outcomes: list[dict[str, JsonValue]] = [{"score_ns": o.score_ns, "weight": o.weight, "label": o.label}
                                            for o in outs]
    if not outcomes and suggested is not None:
        label = f"{suggested_result} (NS {suggested:+d})" if suggested_result else f"NS {suggested:+d}"
        outcomes = [{"score_ns": suggested, "weight": "1", "label": label}]
    weighted = None
    if outcomes and scoring is not None and (scoring.field or scoring.other_room_ns is not None):
        weighted = score_against(outcomes, scoring, non_offending)
    return ScoresOut(table=table, after_adjustment=after_adjustment, suggested=suggested, plausible=outs,
                     weighted=weighted)


def score_against(outcomes: list[dict[str, JsonValue]], scoring: ScoringIn, non_offending: Side | None = None,
                  form: Form | None = None) -> WeightedResponse:
    """Score ``outcomes`` (each ``{"score_ns", "weight", "label"}``, Law 77 points, North-South's
    view) against the field (matchpoints, 78A) or the other room (IMPs, 78B), weighted (12C1(c)).
    One outcome needs no weighting: with a profile that does not weight (acbl) and no
    ``non_offending`` side, both sides are scored on it (the 12C1(e) split of one result).
    ``form``: matchpoints, teams IMPs (``"imps"``) or pairs IMPs (``"butler"``, ``"cross_imps"``);
    by default ``scoring.form``, else matchpoints when ``scoring`` gives a field.

    Raises:
        InvalidBoardError: an unknown profile, bad weights, neither field nor other room
            (path ``scoring/...``).
    """
    if non_offending is None and len(outcomes) == 1:
        non_offending = Side.NS  # one result: the split gives both sides that result
    try:
        return rule_weighted(WeightedRequest.model_validate({
            "outcomes": outcomes, "form": form or scoring.form or ("matchpoints" if scoring.field else "imps"),
            "field": scoring.field,
            "other_room_ns": scoring.other_room_ns, "profile": scoring.profile,
            "non_offending": non_offending.value if non_offending else None}))
    except InvalidBoardError as exc:
        raise relocated(exc, f"scoring/{exc.path}") from None


ROUTES: dict[str, tuple[Callable[..., BaseModel], str]] = {
    "weighted": (rule_weighted, "A weighted (12C1(c)) or split (12C1(e)) assigned adjusted score"),
    "artificial": (rule_artificial, "An artificial adjusted score by fault (12C2)"),
    "matchpoints": (rule_matchpoints, "Matchpoints and percentages of a board's results (78A, Neuberg)"),
    "imps": (rule_imps, "IMPs: teams, datum (Butler) and cross-IMPs (78B)"),
}
"""Each scoring service: its function (request model in, response model out) and summary."""


def router() -> APIRouter:
    """The ``/v1/scores/*`` routes (pure computations: no solver)."""
    r = APIRouter(prefix="/v1/scores", tags=["scores"])  # who may: app.service.access.POLICY
    errors = {422: {"model": ErrorResponse, "description": "Bad input: the field and the reason."}}
    for name, (func, summary) in ROUTES.items():
        route = {"weighted": _weighted_route, "matchpoints": _matchpoints_route}.get(name, func)
        r.add_api_route(f"/{name}", route, methods=["POST"], summary=summary, responses=errors)  # type: ignore[arg-type]
    return r


def weighted_from_traveller(body: WeightedRequest, repo: EventRepository) -> tuple[WeightedRequest, str | None]:
    """With ``event``: the request with ``field`` = the other North-South scores of the named
    table's section on the stored traveller (artificial ones left out), the board's
    vulnerability from its stored hand record and the event's profile, when not given; and
    ``form`` the traveller's (:func:`engine.records.results.against.traveller_form`) when not given:
    matchpoints, Butler or cross-IMPs against that field, or teams IMPs against the other room
    (``other_room_ns``). Second value: how the form was told (``"file"``, ``"program_imps"``,
    ``"match"``, ``"assumed"``, ``"request"``), ``None`` without ``event``.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller`; key
            ``traveller_no_other_room``: teams, and the other room has no table score.
    """
    if body.event is None:
        return body, None
    named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
    update: dict[str, object] = {"field": named.field}
    found = named.form
    told_by = "request" if "form" in body.model_fields_set else found.told_by
    if "form" not in body.model_fields_set:
        update["form"] = "imps" if found.form == "teams" else found.form
    if update.get("form", body.form) == "imps":
        if found.other_room is None or found.other_room.ns_score is None:
            raise InvalidBoardError(f"board {named.line.board}: the traveller has no table score in the other room of "
                                    "this table's match", path="table" if body.table is not None else "pairs",
                                    key="traveller_no_other_room", params={"board": named.line.board})
        update["other_room_ns"], update["field"] = found.other_room.ns_score, None
    record = repo.board(body.event, body.board or "?")
    if record is not None and "vulnerable" not in body.model_fields_set:
        update["vulnerable"] = record.vulnerability.value
    if "profile" not in body.model_fields_set:
        update["profile"] = repo.get_event(body.event).details.scoring_profile
    return body.model_copy(update=update), told_by


def matchpoints_from_traveller(body: MatchpointsRequest, repo: EventRepository) -> MatchpointsRequest:
    """With ``event``: the request with ``scores`` = the North-South scores of the board's stored
    traveller (of the section of ``table``/``pairs`` when given; a point-a-board teams table and its
    other room alone), artificial lines left out and
    ``normal_results`` = every line when some are artificial (Neuberg), the event's profile when
    not given.

    Raises:
        InvalidBoardError: as :func:`app.api.travellers.table_on_traveller`; path ``board``: the
            traveller has several sections and no table names one.
    """
    if body.event is None:
        return body
    if body.table is not None or body.pairs is not None:
        named = table_on_traveller(repo, body.event, body.board or "?", body.table, body.pairs)
        room = named.form.other_room if named.form.told_by == MATCH else None
        lines = [named.line, room] if room is not None else [named.line, *named.others]
    else:
        lines = list(stored_traveller(repo, body.event, body.board or "?").lines)
        if len({ln.section for ln in lines}) > 1:
            raise InvalidBoardError("the traveller has several sections: give `table` or `pairs` to pick one",
                                    path="board", key="traveller_sections")
    scores = [ln.ns_score for ln in lines if ln.ns_score is not None]
    update: dict[str, object] = {"scores": scores}
    if len(scores) < len(lines) and body.normal_results is None:
        update["normal_results"] = len(lines)
    if "profile" not in body.model_fields_set:
        update["profile"] = repo.get_event(body.event).details.scoring_profile
    return body.model_copy(update=update)


def _weighted_route(body: WeightedRequest, request: Request) -> WeightedResponse:
    filled, told_by = weighted_from_traveller(body, request.app.state.events)
    return rule_weighted(filled).model_copy(update={"form_told_by": told_by})


def _matchpoints_route(body: MatchpointsRequest, request: Request) -> MatchpointsResponse:
    return rule_matchpoints(matchpoints_from_traveller(body, request.app.state.events))

