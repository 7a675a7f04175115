"""The "for the scorer" block of a ruling and of a decided case: the assigned, artificial and
weighted scores in the forms the scoring programs take (:mod:`engine.scoring.scorer`,
../shared/docs/club-formats.md "Write-back"). The event's export is :mod:`app.api.adjusted`."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pydantic import BaseModel, Field

from app.api.field import PlacedCase, convention_words, place_case
from app.api.schemas.scores import WeightedResponse
from app.api.travellers import PairsIn, TableOnTraveller, table_on_traveller
from app.i18n import gettext
from engine.casefile.cases import Case, EnteredScore
from engine.casefile.events import EventRepository
from engine.errors import InvalidBoardError
from engine.records.results.model import split_code
from engine.rulings.revoke_advice import RevokeAdvice
from engine.scoring.adjusted import Outcome, weighted_imps, weights_from_percent
from engine.scoring.field import MATCHPOINTS, TEAMS, AdjustedOnField, score_on_field
from engine.scoring.imps import teams_imps
from engine.scoring.matchpoints import matchpoints, percent, top
from engine.scoring.pairs_imps import pairs_imps, weighted_pairs_imps
from engine.scoring.scorer import (
    ArtificialEntry,
    AssignedEntry,
    WeightedEntry,
    artificial_entry,
    assigned_entry,
    percent_of,
    weighted_entry,
)


class AssignedOut(BaseModel):
    """An assigned score as the scorer enters a table result."""

    contract: str = Field(description="e.g. '4H', '3NTX'.")
    declarer: str = Field(description="The declarer's seat, N/E/S/W.")
    tricks: int = Field(description="The declarer's side's tricks, 0..13.")
    result: str = Field(description="As a director writes it, e.g. '4H S -1'.")
    score_ns: int = Field(description="North-South's Law 77 points.")

    @classmethod
    def of(cls, a: AssignedEntry) -> AssignedOut:
        """From the engine's :class:`AssignedEntry`."""
        return cls(contract=a.contract, declarer=a.declarer.value, tricks=a.tricks, result=a.result,
                   score_ns=a.score_ns)


class ArtificialOut(BaseModel):
    """An artificial score (12C2) in each program's form."""

    ns_percent: float
    ew_percent: float
    bridgemate: str = Field(description="Bridgemate's remark: '60%-40%' (North-South first), else 'Arbitral score'.")
    usebio: str | None = Field(description="The USEBIO traveller SCORE code, e.g. 'A6040'; null for a percentage "
                               "that is not a whole number below 100.")
    jfr: str = Field(description="JFR Pary's arbitral contract, 'ARB', with the two percentages.")

    @classmethod
    def of(cls, a: ArtificialEntry) -> ArtificialOut:
        """From the engine's :class:`ArtificialEntry`."""
        return cls(ns_percent=a.ns_percent, ew_percent=a.ew_percent, bridgemate=a.bridgemate, usebio=a.usebio,
                   jfr=a.jfr)


class ComponentOut(BaseModel):
    """One result of a weighted score."""

    label: str
    weight: str = Field(description="Exact, e.g. '1/2'.")
    score_ns: int
    ns_mp: float | None = Field(description="North-South's matchpoints against the field (null without one).")
    ew_mp: float | None
    ns_imps: float | None = Field(default=None, description="At IMPs (Butler, cross-IMPs, teams): North-South's "
                                  "IMPs for this result against the traveller.")


class WeightedEntryOut(BaseModel):
    """A weighted score (12C1(c)) as the scorer types it: no program takes it as data."""

    components: list[ComponentOut]
    top: int | None = Field(description="The board's top in matchpoints; null without a field.")
    ns_mp: float | None
    ew_mp: float | None
    ns_percent: float | None = Field(description="The board's percentage for North-South.")
    ew_percent: float | None
    form: str = Field(default="matchpoints", description="'matchpoints', or the IMP form of the traveller: 'butler', "
                      "'cross_imps', 'imps' (teams).")
    ns_imps: float | None = Field(default=None, description="At IMPs: North-South's weighted IMPs, what the scorer "
                                  "types (East-West: `ew_imps`).")
    ew_imps: float | None = None

    @classmethod
    def of(cls, w: WeightedEntry) -> WeightedEntryOut:
        """From the engine's :class:`WeightedEntry`."""
        return cls(components=[ComponentOut(label=c.label, weight=str(c.weight), score_ns=c.score_ns, ns_mp=c.ns_mp,
                                            ew_mp=c.ew_mp) for c in w.components],
                   top=w.top, ns_mp=w.ns_mp, ew_mp=w.ew_mp, ns_percent=w.ns_percent, ew_percent=w.ew_percent)


class SplitOut(BaseModel):
    """A split assigned adjusted score (12C1(b), 12C1(e)): each side scored on its own score, the
    two not balancing. No program takes two scores on one traveller line: the scorer types each
    side's matchpoints (or IMPs) against the field."""

    result: str = Field(description="As entered, e.g. '4H S = / 4H S -1'.")
    score_ns: int = Field(description="North-South's points, their view (Law 77).")
    score_ew: int = Field(description="East-West's own points, their view (e.g. -620: scored as if North-South "
                          "had +620).")
    code: str = Field(description="The advisor's split code on an exported traveller line, 'S420/-620' "
                      "(engine.records.results.model.SPLIT_CODE).")
    top: int | None = Field(default=None, description="The board's top in matchpoints; null without a field or at "
                            "IMPs.")
    ns_mp: float | None = Field(default=None, description="North-South's matchpoints, their score against the field.")
    ew_mp: float | None = Field(default=None, description="East-West's matchpoints, their score against the field.")
    ns_percent: float | None = None
    ew_percent: float | None = None
    form: str = Field(default="matchpoints", description="'matchpoints', 'butler', 'cross_imps' or 'imps' (teams).")
    ns_imps: float | None = Field(default=None, description="At IMPs: North-South's IMPs for their score.")
    ew_imps: float | None = Field(default=None, description="At IMPs: East-West's IMPs for their score.")


class KeptOut(BaseModel):
    """A split where one side keeps the table result and the other gets the weighted score
    (12C1(b), 12C1(e)): each side scored on the field on its own, the keeping side on its table
    result, the other on its weighted results (each matchpointed or IMPed, then weighted). No
    program takes it as data: the scorer types each side's figure."""

    table_result_kept_by: str = Field(description="'NS' or 'EW': the side that keeps the table result.")
    result: str = Field(description="As entered, e.g. 'NS 50% 3D E +1, 50% 3S W = / EW 3NT W -2'.")
    table_score_ns: int = Field(description="The table result's points, North-South's view (Law 77).")
    weighted: WeightedEntryOut = Field(description="The other side's weighted results on the field; of its figures "
                                       "only that side's applies.")
    top: int | None = Field(default=None, description="The board's top in matchpoints; null without a field or at "
                            "IMPs.")
    ns_mp: float | None = Field(default=None, description="North-South's matchpoints: on the table result when they "
                                "keep it, else their weighted results'.")
    ew_mp: float | None = Field(default=None, description="East-West's matchpoints, likewise.")
    ns_percent: float | None = None
    ew_percent: float | None = None
    form: str = Field(default="matchpoints", description="'matchpoints', 'butler', 'cross_imps' or 'imps' (teams).")
    ns_imps: float | None = None
    ew_imps: float | None = None


class FieldOut(BaseModel):
    """The field a decided case's score is scored on (issue 36): the event's convention, named, and
    the score's figure on the traveller as it now stands, every other decided adjustment of the
    board in place."""

    convention: str = Field(description="The convention in words, e.g. 'matchpointed across sections A and B, "
                            "factored to 8 results (Neuberg) (ScoreBridge)'; '[assumed: ...]' names what no one told.")
    form: str = Field(description="'matchpoints', 'butler', 'cross_imps' or 'teams'.")
    sections: str = Field(description="'apart' or 'across'.")
    factoring: str = Field(description="'none', 'traveller', 'session' or 'fixed'.")
    told_by: dict[str, str] = Field(description="Who told each attribute: 'director', 'file', 'program' or 'law' "
                                    "(assumed).")
    program: str = Field(description="The program whose known convention applies, '' none.")
    ns: float | None = Field(default=None, description="North-South's matchpoints (units) or IMPs on this field.")
    ew: float | None = None
    top: float | None = Field(default=None, description="Matchpoints: the top after factoring.")
    ns_percent: float | None = None
    ew_percent: float | None = None
    scored: int = Field(default=0, description="The results compared (this table and the others that take part).")
    results: int = Field(default=0, description="The number factored to (equal to `scored`: not factored).")
    taken_out: int = Field(default=0, description="Other tables taken out (artificial, not played).")
    adjusted: int = Field(default=0, description="Other tables whose decided adjustment is in place.")

    @classmethod
    def of(cls, placed: PlacedCase, scored: AdjustedOnField | None) -> FieldOut:
        """From the case's place on the traveller and its score there (``None``: not scored)."""
        conv = placed.convention
        told = {a: conv.source(a) for a in ("form", "sections", "factoring", "artificial")}
        words = convention_words(conv, placed.sections, scored.results if scored else None,
                                 scored.scored if scored else None)
        base = cls(convention=words, form=conv.form, sections=conv.sections, factoring=conv.factoring, told_by=told,
                   program=conv.program)
        if scored is None:
            return base
        return base.model_copy(update={"ns": scored.ns, "ew": scored.ew, "top": scored.top,
                                       "ns_percent": scored.ns_percent, "ew_percent": scored.ew_percent,
                                       "scored": scored.scored, "results": scored.results,
                                       "taken_out": scored.taken_out, "adjusted": scored.adjusted})


class ForScorerOut(BaseModel):
    """What the scorer enters in the scoring program: an assigned score, an artificial score, or
    a weighted score (each null when the ruling gives none)."""

    assigned: AssignedOut | None = Field(default=None, description="The result to enter as a table result.")
    artificial: ArtificialOut | None = Field(default=None, description="An artificial adjusted score (12C2).")
    weighted: WeightedEntryOut | None = Field(
        default=None, description="A weighted adjusted score (12C1(c)): each result with its weight and matchpoints "
        "against the field, and each side's percentage.")
    split: SplitOut | None = Field(default=None, description="A split assigned adjusted score (12C1(b)): each "
                                   "side's own score and its matchpoints (or IMPs) against the field.")
    kept: KeptOut | None = Field(default=None, description="A split where one side keeps the table result and the "
                                 "other gets the weighted score (12C1(b), 12C1(e)): each side's figure on the field.")
    field: FieldOut | None = Field(default=None, description="A decided case on a stored traveller: the event's "
                                   "convention and the score on the field as it now stands (issue 36).")


def with_imps(block: ForScorerOut | None, scored: WeightedResponse | None) -> ForScorerOut | None:
    """``block`` with its weighted score's IMPs when the ruling's scores (``scored``, the same
    results with the same weights) are IMPs against the traveller (Butler, cross-IMPs, teams):
    each result's IMPs and the weighted IMPs each side gets, what the scorer types on an IMP event;
    at matchpoints factored to another top (the event's field convention, issue 36), the ruling's
    factored matchpoints, top and percentages."""
    w = block.weighted if block is not None else None
    if block is None or w is None or scored is None or scored.ns is None or scored.ew is None \
            or len(scored.outcomes) != len(w.components):
        return block
    if scored.form == "matchpoints":  # the ruling's own matchpoints: factored as the event's convention says
        if scored.top is None or w.top is None or scored.top == w.top:
            return block
        mps = [c.model_copy(update={"ns_mp": o.ns, "ew_mp": o.ew}) for c, o in zip(w.components, scored.outcomes,
                                                                                 strict=True)]
        return block.model_copy(update={"weighted": w.model_copy(update={
            "components": mps, "top": scored.top, "ns_mp": scored.ns, "ew_mp": scored.ew,
            "ns_percent": scored.ns_percent, "ew_percent": scored.ew_percent})})
    comps = [c.model_copy(update={"ns_imps": o.ns}) for c, o in zip(w.components, scored.outcomes, strict=True)]
    return block.model_copy(update={"weighted": w.model_copy(update={
        "components": comps, "form": scored.form, "ns_imps": scored.ns, "ew_imps": scored.ew})})


def for_revoke(a: RevokeAdvice, field: Sequence[int] | None) -> ForScorerOut | None:
    """The block of a revoke ruling: the suggested result as the assigned score; when 64C
    applies and the double-dummy evidence gives several plausible results, those results with
    even weights (for the director to edit) scored against ``field`` (the other North-South
    scores) when given. ``None`` for a provisional ruling (play not over: nothing to enter)."""
    if a.provisional:
        return None
    c = a.board.contract
    assigned = AssignedOut(contract=str(c).split(" ")[0], declarer=c.declarer.value, tricks=a.suggested_tricks,
                           result=a.suggested_result, score_ns=a.score_ns_suggested)
    found = assigned_entry(a.suggested_result, a.score_ns_suggested)
    if found is not None:
        assigned = AssignedOut.of(found)
    weighted = None
    plausible = a.plausible_results()
    if a.law_64c.applies and len(plausible) > 1:
        n = len(plausible)
        weighted = WeightedEntryOut.of(weighted_entry([(p.result, p.score_ns, Fraction(1, n)) for p in plausible],
                                                      field))
    return ForScorerOut(assigned=assigned, weighted=weighted)


def case_field(case: Case, events: EventRepository, decided: Sequence[Case] = ()) -> list[int] | None:
    """The other North-South scores of the case's field as it now stands (:func:`app.api.field.place_case`:
    its section, or every section when the event's convention scores across; each decided case
    of ``decided`` on the board in place; artificial lines left out, a weighted table by its first
    result), ``None`` when the event has no traveller line for it or the convention is not
    matchpoints."""
    placed = place_case(case, events, decided)
    if placed is None or placed.convention.form != MATCHPOINTS:
        return None
    return [e.score if e.score is not None else e.weighted[0][0] for e in placed.field if e.scored] or None


def case_table(case: Case, events: EventRepository) -> TableOnTraveller | None:
    """The case's line on the stored traveller and the rest of its section (by table number, else
    by the pairs; USEBIO has no table numbers), ``None`` when the event has no line for it."""
    d = case.details
    table = int(d.table) if d.table.isdigit() and len(d.table) <= 3 else None
    pairs = PairsIn(ns=d.ns.number[:20], ew=d.ew.number[:20]) if d.ns.number and d.ew.number else None
    for t in ((table, pairs), (None, pairs)) if table is not None and pairs is not None else ((table, pairs),):
        if t[0] is None and t[1] is None:
            return None
        try:
            return table_on_traveller(events, d.event_id, d.board, *t)
        except InvalidBoardError:
            continue
    return None


def _imps_against(named: TableOnTraveller | None) -> tuple[str, list[int], int | None] | None:
    """``(form, field, other room's North-South score)`` of a table on a traveller scored in IMPs
    (``"butler"``, ``"cross_imps"``: the other North-South scores; ``"imps"``, teams: the other
    room's), ``None`` at matchpoints or with nothing to score against."""
    if named is None or named.form.form == "matchpoints":
        return None
    if named.form.form == "teams":
        room = named.form.other_room
        return ("imps", [], room.ns_score) if room is not None and room.ns_score is not None else None
    return (named.form.form, named.field, None) if named.field else None


def weighted_at_imps(block: WeightedEntryOut, named: TableOnTraveller | None) -> WeightedEntryOut:
    """``block`` with its IMPs when its table's traveller is scored in IMPs (issue 36: the export of
    a weighted case on a Butler, cross-IMP or teams event carries its IMPs): each part IMPed
    against the field (:func:`engine.scoring.pairs_imps.weighted_pairs_imps`; Butler: the datum of
    the traveller with the part in the table's place, the advisor's choice, docs/api.md "Butler
    and a weighted score") or against the other room (:func:`engine.scoring.adjusted.weighted_imps`),
    then weighted (12C1(c)). ``block`` unchanged at matchpoints."""
    against = _imps_against(named)
    if against is None:
        return block
    form, field, room = against
    outcomes = [Outcome(c.score_ns, Fraction(c.weight), c.label) for c in block.components]
    scored = weighted_imps(outcomes, room) if room is not None else weighted_pairs_imps(outcomes, field, form)
    comps = [c.model_copy(update={"ns_imps": o.ns}) for c, o in zip(block.components, scored.components, strict=True)]
    return block.model_copy(update={"components": comps, "form": form, "ns_imps": scored.ns, "ew_imps": scored.ew})


def _on_field(parts: Sequence[tuple[str, int, Fraction]], placed: PlacedCase | None) -> AdjustedOnField | None:
    """``parts`` (label, North-South points, weight) scored on ``placed``'s field as it now stands
    under the event's convention (:func:`engine.scoring.field.score_on_field`); ``None`` without a
    place, or when the field has nothing to compare with or the weights do not sum to 1."""
    if placed is None:
        return None
    try:
        return score_on_field([Outcome(score, weight, label) for label, score, weight in parts], placed.field,
                              placed.convention, session_most=placed.session_most, other_room=placed.other_room)
    except InvalidBoardError:
        return None


def _weighted_on_field(parts: Sequence[tuple[str, int, Fraction]], scored: AdjustedOnField | None
                       ) -> WeightedEntryOut:
    """The weighted block: each part with its matchpoints (or IMPs) on the field as it now stands."""
    if scored is None:
        return WeightedEntryOut.of(weighted_entry(parts, None))
    mp = scored.form == MATCHPOINTS
    comps = [ComponentOut(label=label, weight=str(weight), score_ns=score, ns_mp=c.ns if mp else None,
                          ew_mp=c.ew if mp else None, ns_imps=None if mp else c.ns)
             for (label, score, weight), c in zip(parts, scored.components, strict=True)]
    if mp:
        return WeightedEntryOut(components=comps, top=int(scored.top) if scored.top is not None else None,
                                ns_mp=scored.ns, ew_mp=scored.ew, ns_percent=scored.ns_percent,
                                ew_percent=scored.ew_percent)
    return WeightedEntryOut(components=comps, top=None, ns_mp=None, ew_mp=None, ns_percent=None, ew_percent=None,
                            form="imps" if scored.form == TEAMS else scored.form, ns_imps=scored.ns,
                            ew_imps=scored.ew)


def split_of(result: str, score_ns: float, score_ew: float, field: Sequence[int] | None,
             named: TableOnTraveller | None) -> SplitOut:
    """A split score (12C1(b)): North-South on ``score_ns`` (their view), East-West on ``score_ew``
    (their own view), each scored on its own against the field: matchpoints against ``field``
    (North-South's: their score's; East-West's: the top less those of North-South ``-score_ew``),
    or IMPs when the traveller is scored in IMPs (Butler, cross-IMPs against the field, teams
    against the other room). Points to whole numbers (a split is two table results)."""
    ns, ew = round(score_ns), round(score_ew)
    out = SplitOut(result=result, score_ns=ns, score_ew=ew, code=split_code(ns, ew))
    if field:
        t = top(len(field) + 1)
        ns_mp, ew_mp = matchpoints(ns, field), t - matchpoints(-ew, field)
        out = out.model_copy(update={"top": t, "ns_mp": ns_mp, "ew_mp": ew_mp, "ns_percent": percent(ns_mp, t),
                                     "ew_percent": percent(ew_mp, t)})
    against = _imps_against(named)
    if against is not None:
        form, others, room = against
        if room is not None:
            ns_imps, ew_imps = float(teams_imps(ns, room)), float(-teams_imps(-ew, room))
        else:
            ns_imps, ew_imps = float(pairs_imps(ns, others, form)), float(-pairs_imps(-ew, others, form))
        out = out.model_copy(update={"form": form, "ns_imps": ns_imps, "ew_imps": ew_imps})
    return out


def _split_on_field(out: SplitOut, placed: PlacedCase | None) -> SplitOut:
    """``out`` with each side's figure on the field as it now stands under the event's convention
    (:func:`engine.scoring.field.score_on_field`): North-South on their score, East-West on theirs
    (the top less North-South's figure for ``-score_ew``; at IMPs the negation of North-South's
    IMPs for it); ``out`` as it is without a place or nothing to compare with."""
    ns = _on_field([(out.result, out.score_ns, Fraction(1))], placed)
    ew = _on_field([(out.result, -out.score_ew, Fraction(1))], placed)
    if ns is None or ew is None:
        return out
    if ns.form == MATCHPOINTS and ns.top is not None:
        t = ns.top
        return out.model_copy(update={"top": int(t), "ns_mp": ns.ns, "ew_mp": t - ew.ns,
                                      "ns_percent": ns.ns_percent, "ew_percent": 100 - (ew.ns_percent or 0.0)})
    return out.model_copy(update={"form": "imps" if ns.form == TEAMS else ns.form, "ns_imps": ns.ns,
                                  "ew_imps": -ew.ns})


def _kept_for_case(final: EnteredScore, placed: PlacedCase | None) -> ForScorerOut | None:
    """The block of a split where ``final.kept_by`` keeps the table result (12C1(b), 12C1(e)):
    the keeping side on its table points, the other on its weighted parts, each scored on
    ``placed``'s field on its own (:func:`_on_field`, as
    :func:`app.api.alternatives.kept_on_field` scores the ruling); without a field, the parts and
    points only. ``None`` when the parts' percentages do not sum to 100."""
    weights = weights_from_percent([p.percent for p in final.weighted])
    if weights is None or final.kept_by is None or final.score_ns is None or final.score_ew is None:
        return None
    kept_ns = final.kept_by == "NS"
    table_ns = round(final.score_ns) if kept_ns else round(-final.score_ew)
    parts = [(p.result, p.score_ns, w) for p, w in zip(final.weighted, weights, strict=True)]
    table = _on_field([(final.result, table_ns, Fraction(1))], placed)
    other = _on_field(parts, placed)
    block = KeptOut(table_result_kept_by=final.kept_by, result=final.result, table_score_ns=table_ns,
                    weighted=_weighted_on_field(parts, other))
    if table is not None and other is not None:
        ns, ew = (table, other) if kept_ns else (other, table)
        if ns.form == MATCHPOINTS:
            block = block.model_copy(update={"top": None if ns.top is None else int(ns.top), "ns_mp": ns.ns,
                                             "ew_mp": ew.ew, "ns_percent": ns.ns_percent,
                                             "ew_percent": ew.ew_percent})
        else:
            block = block.model_copy(update={"form": "imps" if ns.form == TEAMS else ns.form, "ns_imps": ns.ns,
                                             "ew_imps": ew.ew})
    return ForScorerOut(kept=block, field=FieldOut.of(placed, None) if placed is not None else None)


def for_case(case: Case, events: EventRepository, decided: Sequence[Case] = ()) -> ForScorerOut | None:
    """The block of a case's score that stands (:meth:`Case.final_score`): an artificial score by
    its two percentages (a split one, 60% / 30%, too), a weighted score by its parts (with its IMPs
    on an IMP traveller), a split score (``score_ew`` given) by each side's own score
    (:func:`split_of`), else the entered result as the assigned score. On a stored traveller the
    score is scored on the field as it now stands (issue 36): the event's convention
    (:func:`app.api.field.event_convention`) and every other decided case of ``decided`` (the
    event's cases) on the board in place; ``field`` names the convention and gives the figure.
    ``None`` while nothing is decided."""
    final = case.final_score()
    if final is None:
        return None
    placed = place_case(case, events, decided)
    if final.artificial:
        ns, ew = percent_of(final.artificial.get("NS", "")), percent_of(final.artificial.get("EW", ""))
        if ns is not None and ew is not None:
            try:
                return ForScorerOut(artificial=ArtificialOut.of(artificial_entry(ns, ew)),
                                    field=FieldOut.of(placed, None) if placed is not None else None)
            except ValueError:
                return None
        return None
    if final.kept_by is not None:
        return _kept_for_case(final, placed)
    if final.weighted:
        weights = weights_from_percent([p.percent for p in final.weighted])  # 33.3333% is a third
        if weights is None:  # percentages not summing to 100 (to 0.01 %): without matchpoints
            return None
        parts = [(p.result, p.score_ns, w) for p, w in zip(final.weighted, weights, strict=True)]
        scored = _on_field(parts, placed)
        if scored is None:  # no traveller line, or nothing to score against: as before issue 36's field
            block = WeightedEntryOut.of(weighted_entry(parts, case_field(case, events, decided)))
            return ForScorerOut(weighted=weighted_at_imps(block, case_table(case, events)),
                                field=FieldOut.of(placed, None) if placed is not None else None)
        return ForScorerOut(weighted=_weighted_on_field(parts, scored),
                            field=FieldOut.of(placed, scored) if placed is not None else None)
    if final.score_ew is not None and final.score_ns is not None:
        split = split_of(final.result, final.score_ns, final.score_ew, case_field(case, events, decided),
                         case_table(case, events))
        return ForScorerOut(split=_split_on_field(split, placed),
                            field=FieldOut.of(placed, None) if placed is not None else None)
    found = assigned_entry(final.result, final.score_ns) if final.score_ns is not None else None
    if found is None:
        return None
    scored = _on_field([(found.result, found.score_ns, Fraction(1))], placed)
    return ForScorerOut(assigned=AssignedOut.of(found), field=FieldOut.of(placed, scored) if placed is not None
                        else None)


def _sides_figures(ns_imps: float | None, ew_imps: float | None, ns_mp: float | None, ew_mp: float | None,
                   top: float | None, imps_format: str) -> str:
    """Each side's own figure for :func:`scorer_text`: ``": NS +2.50 IMP, EW -1.00 IMP"`` (IMPs in
    ``imps_format``), else ``": NS 8 MP, EW 5 MP of 10"`` (matchpoints of ``top``), else ``""``."""
    if ns_imps is not None and ew_imps is not None:
        return f": NS {ns_imps:{imps_format}} IMP, EW {ew_imps:{imps_format}} IMP"
    if ns_mp is not None and ew_mp is not None:
        return f": NS {ns_mp:g} MP, EW {ew_mp:g} MP of {top}"
    return ""


def scorer_text(block: ForScorerOut | None) -> str:
    """The block on one line, for the ruling log and the sheets: ``"enter 4H S 9 tricks (NS -50)"``,
    ``"artificial: Bridgemate 60%-40%, USEBIO A6040, JFR ARB 60/40"``, ``"weighted: NS 95.00%,
    EW 5.00% (1/2 4H S = +420 10 MP; 1/2 4H S -1 -50 9 MP)"``; ``""`` for none. English, the
    programs' own codes."""
    if block is None:
        return ""
    if block.kept is not None:
        k = block.kept
        parts = "; ".join(f"{c.weight} {c.label} {c.score_ns:+d}" for c in k.weighted.components)
        figures = _sides_figures(k.ns_imps, k.ew_imps, k.ns_mp, k.ew_mp, k.top, "+.2f")
        return (f"kept: {k.table_result_kept_by} keep the table result ({k.table_score_ns:+d}), "
                f"{'EW' if k.table_result_kept_by == 'NS' else 'NS'} weighted ({parts}){figures}")
    if block.split is not None:
        sp = block.split
        figures = _sides_figures(sp.ns_imps, sp.ew_imps, sp.ns_mp, sp.ew_mp, sp.top, "+g")
        return f"split: NS {sp.score_ns:+d}, EW {sp.score_ew:+d} ({sp.code}){figures}"
    if block.weighted is not None and block.weighted.ns_imps is not None and block.weighted.ew_imps is not None:
        w = block.weighted
        parts = "; ".join(f"{c.weight} {c.label} {c.score_ns:+d}" + (f" {c.ns_imps:+g} IMP" if c.ns_imps is not None
                                                                     else "") for c in w.components)
        return f"weighted: NS {w.ns_imps:+.2f} IMP, EW {w.ew_imps:+.2f} IMP ({parts})"
    if block.weighted is not None:
        w = block.weighted
        parts = "; ".join(f"{c.weight} {c.label} {c.score_ns:+d}" + (f" {c.ns_mp:g} MP" if c.ns_mp is not None else "")
                          for c in w.components)
        if w.ns_percent is not None and w.ew_percent is not None:
            return f"weighted: NS {w.ns_percent:.2f}%, EW {w.ew_percent:.2f}% ({parts})"
        return f"weighted: ({parts})"
    if block.artificial is not None:
        a = block.artificial
        return (f"artificial: Bridgemate {a.bridgemate}, USEBIO {a.usebio or '-'}, "
                f"JFR {a.jfr} {a.ns_percent:g}/{a.ew_percent:g}")
    if block.assigned is not None:
        a2 = block.assigned
        return f"enter {a2.contract} {a2.declarer} {a2.tricks} tricks (NS {a2.score_ns:+d})"
    return ""


def weighted_words(lang: str, w: WeightedEntryOut) -> str:
    """A weighted score's parts in ``lang``, each with its weight and its matchpoints against the field
    (or its IMPs against the traveller), then what each side gets: the page's own sentences
    (``scorer_component``, ``scorer_weighted``... of the catalogues, as ``scorer.html`` says them),
    never the points average (issue 37)."""
    imp = gettext(lang, "unit_imp")
    if w.ns_imps is not None and w.ew_imps is not None:
        parts = [gettext(lang, "scorer_component_imps", weight=c.weight, result=c.label, score=f"{c.score_ns:+d}",
                         imps=f"{c.ns_imps:+g} {imp}" if c.ns_imps is not None else "\u2014") for c in w.components]
        head = gettext(lang, "scorer_weighted_imps", ns=f"{w.ns_imps:+.2f} {imp}", ew=f"{w.ew_imps:+.2f} {imp}")
    else:
        parts = [gettext(lang, "scorer_component", weight=c.weight, result=c.label, score=f"{c.score_ns:+d}",
                         mp=f"{c.ns_mp:g}") if c.ns_mp is not None else
                 gettext(lang, "scorer_component_no_field", weight=c.weight, result=c.label, score=f"{c.score_ns:+d}")
                 for c in w.components]
        head = gettext(lang, "scorer_weighted", ns=f"{w.ns_percent:.2f}%", ew=f"{w.ew_percent:.2f}%") \
            if w.ns_percent is not None and w.ew_percent is not None else gettext(lang, "scorer_weighted_no_field")
    return f"{head} {'; '.join(parts)}"


def scorer_words(lang: str, block: ForScorerOut | None) -> str:
    """The block in ``lang``'s words, on one line, for the ruling log downloaded from the page (the
    scorer's column in the page's language, issue 37): the sentences of the page's "for the scorer"
    box (``scorer_assigned``, ``scorer_artificial``, ``scorer_split``..., :func:`weighted_words`), the
    programs' own codes (Bridgemate, USEBIO, JFR) as they are; ``""`` for none."""
    if block is None:
        return ""
    imp = gettext(lang, "unit_imp")
    if block.kept is not None:
        k = block.kept
        parts = "; ".join(f"{c.weight} {c.label} {c.score_ns:+d}" for c in k.weighted.components)
        sentence = "scorer_kept_ns" if k.table_result_kept_by == "NS" else "scorer_kept_ew"
        if k.ns_imps is not None and k.ew_imps is not None:
            return gettext(lang, sentence, score=f"{k.table_score_ns:+d}", parts=parts,
                           ns=f"{k.ns_imps:+.2f} {imp}", ew=f"{k.ew_imps:+.2f} {imp}")
        if k.ns_percent is not None and k.ew_percent is not None:
            return gettext(lang, sentence, score=f"{k.table_score_ns:+d}", parts=parts, ns=f"{k.ns_percent:.2f}%",
                           ew=f"{k.ew_percent:.2f}%")
        return gettext(lang, "scorer_kept_no_field", score=f"{k.table_score_ns:+d}", parts=parts)
    if block.split is not None:
        sp = block.split
        ns_score, ew_score = f"{sp.score_ns:+d}", f"{sp.score_ew:+d}"
        if sp.ns_imps is not None and sp.ew_imps is not None:
            return gettext(lang, "scorer_split", ns_score=ns_score, ew_score=ew_score, ns=f"{sp.ns_imps:+.2f} {imp}",
                           ew=f"{sp.ew_imps:+.2f} {imp}")
        if sp.ns_percent is not None and sp.ew_percent is not None:
            return gettext(lang, "scorer_split", ns_score=ns_score, ew_score=ew_score, ns=f"{sp.ns_percent:.2f}%",
                           ew=f"{sp.ew_percent:.2f}%")
        return gettext(lang, "scorer_split_no_field", ns_score=ns_score, ew_score=ew_score)
    if block.weighted is not None:
        return weighted_words(lang, block.weighted)
    if block.artificial is not None:
        a = block.artificial
        return gettext(lang, "scorer_artificial", ns=f"{a.ns_percent:g}", ew=f"{a.ew_percent:g}",
                       bridgemate=a.bridgemate, usebio=a.usebio or "\u2014", jfr=a.jfr)
    if block.assigned is not None:
        a2 = block.assigned
        return gettext(lang, "scorer_assigned", contract=a2.contract, declarer=gettext(lang, f"seat_{a2.declarer}"),
                       tricks=a2.tricks, score=f"{a2.score_ns:+d}")
    return ""


__all__ = ["ArtificialOut", "AssignedOut", "FieldOut", "ForScorerOut", "KeptOut", "SplitOut", "WeightedEntryOut",
           "case_field",
           "case_table", "for_case", "for_revoke", "scorer_text", "scorer_words", "split_of", "weighted_at_imps",
           "weighted_words", "with_imps"]
