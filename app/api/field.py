"""The field a table is scored on, as the event's convention and its decided cases make it (issue 36):
the convention (:func:`engine.scoring.field.convention_for`: the director's setting on the event,
the file, the known program, Law 78A), the traveller lines that make the field (the table's
section, or every section when they are scored across), and every other table as it now stands,
its decided adjustment in place (:class:`engine.scoring.field.FieldEntry`). Shared by the "for the
scorer" block (:mod:`app.api.scorer`) and the traveller page."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from app.api.travellers import PairsIn, TableOnTraveller, same_pair, table_on_traveller, traveller_convention
from engine.casefile.cases import Case
from engine.casefile.events import EventRepository, StoredTraveller
from engine.errors import InvalidBoardError
from engine.records.handrecords import board_key
from engine.records.results.against import TEAMS as AGAINST_TEAMS
from engine.records.results.against import traveller_form
from engine.records.results.model import TravellerLine
from engine.scoring.field import (
    ACROSS,
    ATTRIBUTES,
    BUTLER,
    CROSS_IMPS,
    DIRECTOR,
    FACTORINGS,
    FIXED,
    LAW,
    MATCHPOINTS,
    NOT_FACTORED,
    SCORING_OF,
    SESSION,
    TEAMS,
    TRAVELLER,
    FieldConvention,
    FieldEntry,
)


def event_convention(events: EventRepository, event_id: int, traveller: StoredTraveller) -> FieldConvention:
    """The convention ``traveller`` (a board of event ``event_id``) is scored under: the director's
    setting on the event over the file's scoring form and units over the program's known
    convention over Law 78A (:func:`app.api.travellers.traveller_convention`)."""
    return traveller_convention(events, event_id, traveller)


def field_group(lines: Sequence[TravellerLine], line: TravellerLine,
                convention: FieldConvention) -> list[TravellerLine]:
    """The lines ``line`` is scored with: its own section's, or every section's when the
    convention scores the board across sections; file order, ``line`` included."""
    return [ln for ln in lines if convention.sections == ACROSS or ln.section == line.section]


def session_most(traveller: StoredTraveller, section: str, convention: FieldConvention) -> int:
    """The most lines on any board of the session, of ``section`` (every section when scored
    across): what :data:`engine.scoring.field.SESSION` factoring factors to; 0 when not counted."""
    most = dict(traveller.most_lines)
    return most.get("*" if convention.sections == ACROSS else section, 0)


def _case_on_line(case: Case, ln: TravellerLine) -> bool:
    """The case's table is the traveller line (by table number when both have one, else by the pairs)."""
    d = case.details
    if board_key(d.board) != ln.board:
        return False
    if d.table.isdigit() and ln.table is not None and int(d.table) == ln.table and len(d.table) <= 3:
        return not (d.ns.number and d.ew.number) or (same_pair(d.ns.number, ln.ns_pair, "NS")
                                                      and same_pair(d.ew.number, ln.ew_pair, "EW"))
    return bool(d.ns.number and d.ew.number and same_pair(d.ns.number, ln.ns_pair, "NS")
                and same_pair(d.ew.number, ln.ew_pair, "EW"))


def decided_entry(case: Case, label: str) -> FieldEntry | None:
    """The table of ``case`` as it now stands in the field, its decided score in place: an
    artificial score (12C2) takes it out, a weighted score (12C1(c)) gives its results with their
    weights (percent / 100, made to sum to 1 when the stored percentages, to 0.01, do not), an
    assigned score its North-South points (a split score, 12C1(b): North-South's; a split where
    one side keeps the table result: North-South's too, their table points when they keep it,
    else their weighted results). ``None`` while nothing is decided (or a cancelled ruling with no
    table result)."""
    final = case.final_score()
    if final is None:
        return None
    if final.artificial:
        return FieldEntry(artificial=True, decided=True, label=label)
    if final.kept_by == "NS" and final.score_ns is not None:  # the weighted parts are East-West's
        return FieldEntry(round(final.score_ns), decided=True, label=label)
    if final.weighted:
        total = sum((Fraction(str(p.percent)) for p in final.weighted), Fraction(0))
        if total <= 0:
            return None
        return FieldEntry(weighted=tuple((int(p.score_ns), Fraction(str(p.percent)) / total) for p in final.weighted),
                          decided=True, label=label)
    if final.score_ns is None:
        return None
    return FieldEntry(round(final.score_ns), decided=True, label=label)


def _label(ln: TravellerLine) -> str:
    where = f"table {ln.table}" if ln.table is not None else f"pairs {ln.ns_pair} v {ln.ew_pair}"
    return f"{ln.section + ' ' if ln.section else ''}{where}"


def field_now(group: Sequence[TravellerLine], line: TravellerLine, decided: Sequence[Case],
              own: Case | None = None, convention: FieldConvention | None = None) -> list[FieldEntry]:
    """Every other line of ``group`` as it now stands: the line of a case of ``decided`` (other
    than ``own``; the newest first when two name it) with its decided score in place, else the
    table's line as the program recorded it (an artificial or not-played line taken out; a
    not-played line scored 0 when the ``convention`` says so)."""
    out = []
    for ln in group:
        if ln is line:
            continue
        entry = None
        for c in sorted(decided, key=lambda c: c.id, reverse=True):
            if (own is None or c.id != own.id) and _case_on_line(c, ln):
                entry = decided_entry(c, _label(ln))
                if entry is not None:
                    break
        score = convention.line_score(ln.ns_score, ln.artificial) if convention is not None else ln.ns_score
        out.append(entry or FieldEntry(score, artificial=score is None, label=_label(ln)))
    return out


@dataclass(frozen=True, slots=True)
class PlacedCase:
    """A case's table on its event's traveller, with the field as it now stands.

    Attributes:
        line: the case's traveller line; convention: the event's (:func:`event_convention`).
        field: every other table of its field (:func:`field_now`); sections: the sections in it.
        session_most: the most lines on a board of the session (:func:`session_most`).
        other_room: at teams, the other room of the table's match as it now stands.
    """

    line: TravellerLine
    convention: FieldConvention
    field: tuple[FieldEntry, ...]
    sections: tuple[str, ...]
    session_most: int
    other_room: FieldEntry | None = None


def place_case(case: Case, events: EventRepository, decided: Sequence[Case] = ()) -> PlacedCase | None:
    """The case's table on its event's stored traveller (by table number, else by the pairs) and
    its field as it now stands: every decided case of ``decided`` (the event's cases; the others on
    the same board count) in place. ``None`` when the event has no traveller line for the table."""
    d = case.details
    table = int(d.table) if d.table.isdigit() and len(d.table) <= 3 else None
    pairs = PairsIn(ns=d.ns.number[:20], ew=d.ew.number[:20]) if d.ns.number and d.ew.number else None
    if table is None and pairs is None:
        return None
    named = None
    for t, p in ((table, pairs), (None, pairs)):
        if t is None and p is None:
            continue
        try:
            named = table_on_traveller(events, d.event_id, d.board, t, p)
            break
        except InvalidBoardError:
            continue
    if named is None:
        return None
    return place_named(named, events, decided, case)


def place_named(named: TableOnTraveller, events: EventRepository, decided: Sequence[Case] = (),
                own: Case | None = None) -> PlacedCase:
    """The named traveller line and its field as it now stands (as :func:`place_case` for a case's
    table; issue 38's alternatives name the line in the request): every decided case of ``decided``
    on the board other than ``own`` in place, under the event's convention; at teams the other room."""
    conv = event_convention(events, named.traveller_event, named.traveller)
    group = field_group(named.traveller.lines, named.line, conv)
    mine = [c for c in decided if c.details.event_id == named.traveller_event
            and board_key(c.details.board) == named.line.board]
    entries = field_now(group, named.line, mine, own, conv)
    room_entry = None
    if conv.form in (TEAMS, BUTLER, CROSS_IMPS) and conv.source("form") != "director":
        # at IMPs the file's own lines tell teams from pairs (the other room on the traveller)
        found = traveller_form(SCORING_OF[conv.form], named.line, [o for o in group if o is not named.line])
        conv = replace(conv, form=TEAMS if found.form == AGAINST_TEAMS else found.form)
    if conv.form == TEAMS:
        found = traveller_form("IMP", named.line, [o for o in group if o is not named.line])
        if found.other_room is not None:
            at = [i for i, ln in enumerate(ln for ln in group if ln is not named.line) if ln is found.other_room]
            room_entry = entries[at[0]] if at else None
    return PlacedCase(named.line, conv, tuple(entries), tuple(sorted({ln.section for ln in group})),
                      session_most(named.traveller, named.line.section, conv), room_entry)


WORDS = {
    "field_form_matchpoints": "matchpointed", "field_form_butler": "Butler IMPs against the datum",
    "field_form_cross_imps": "cross-IMPs per comparison", "field_form_teams": "IMPs against the other room",
    "field_across_sections": "across sections {sections}", "field_apart_sections": "per section ({sections})",
    "field_across": "across sections", "field_and": "and",
    "field_factored_to": "factored to {results} results (Neuberg)",
    "field_factored_session": "factored to the most results on a board of the session (Neuberg)",
    "field_factored_traveller": "artificial lines out, the rest factored to the traveller (Neuberg)",
    "field_not_factored_artificial": "a board with an artificial line not factored",
    "field_not_factored": "not factored", "field_set_by_director": "set by the director",
    "field_assumed": "assumed: {what}", "field_attr_form": "the scoring form", "field_attr_sections": "the sections",
    "field_attr_factoring": "the factoring", "field_attr_artificial": "artificial lines",
}
"""The English words of :func:`convention_words` (the page's catalogues have the same keys)."""


def _english(key: str, **params: object) -> str:
    return WORDS[key].format(**params)


def convention_words(conv: FieldConvention, sections: Sequence[str] = (), results: int | None = None,
                     scored: int | None = None, say: Callable[..., str] = _english) -> str:
    """The convention as the page and the scorer's block name it: ``"matchpointed across sections
    A and B, factored to 8 results (Neuberg) (ScoreBridge)"``; ``results`` and ``scored`` the
    board's numbers when known (said when they differ: factored); the program whose convention it
    is, or "set by the director"; the attributes assumed from Law 78A. ``say(key, **params)``: the
    words (:data:`WORDS` keys), English by default."""
    head = say(f"field_form_{conv.form}")
    named = [s for s in sections if s]
    if len(named) > 1:
        listed = ", ".join(named[:-1]) + f" {say('field_and')} " + named[-1]
        head += " " + say("field_across_sections" if conv.sections == ACROSS else "field_apart_sections",
                          sections=listed)
    elif conv.sections == ACROSS and conv.source("sections") != LAW:
        head += " " + say("field_across")
    parts = [head]
    if conv.form == MATCHPOINTS:
        if results is not None and scored is not None and results != scored:
            parts.append(say("field_factored_to", results=results))
        elif conv.factoring == FIXED and conv.factor_to:
            parts.append(say("field_factored_to", results=conv.factor_to))
        elif conv.factoring == SESSION:
            parts.append(say("field_factored_session"))
        elif conv.factoring == TRAVELLER:
            parts.append(say("field_factored_traveller" if conv.artificial != NOT_FACTORED
                             else "field_not_factored_artificial"))
        elif conv.factoring in FACTORINGS:
            parts.append(say("field_not_factored"))
    text = ", ".join(parts)
    directed = any(conv.source(a) == DIRECTOR for a in ATTRIBUTES)
    who = [say("field_set_by_director")] if directed else []
    if conv.program:
        who.append(conv.program)
    if who:
        text += " (" + "; ".join(who) + ")"
    if conv.assumed:
        text += " [" + say("field_assumed", what=", ".join(say(f"field_attr_{a}") for a in conv.assumed)) + "]"
    return text


__all__ = ["WORDS", "PlacedCase", "convention_words", "decided_entry", "event_convention", "field_group", "field_now",
           "place_case", "place_named", "session_most"]
