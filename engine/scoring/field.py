"""The field convention: how a session's traveller is scored, as data (issue 36), and an adjusted
score scored on the field as it now stands.

A :class:`FieldConvention` says the scoring form (matchpoints, Butler, cross-IMPs, teams IMPs),
whether a board's sections are scored apart or across, the factoring (none; Neuberg to the
traveller's own number of lines; to the most results on any board of the session; to a fixed
number such as the movement's), whether a board with an artificial line (12C2: ``A5050``,
``A6040``) has its other lines factored (Neuberg) or scored on their own smaller top, the units
per score beaten and the rounding. Each attribute is told by the director (set on the event), by
the file (USEBIO ``EVENT_TYPE``/``SCORING_METHOD``, PBN ``[Scoring]``/``ScoreTable`` columns), by
the known program's convention (:data:`PROGRAMS`), or assumed from Law 78A (:data:`LAW`):
:meth:`FieldConvention.source` says which, and an assumed figure is labelled so.

Neuberg factoring is the WBF formula (../shared/docs/scoring.md section 2.1, ASE Scorer's
"WBF formula for fouled boards and adjusted scores": ``M = N*S/n + (N-n)/(2n)`` at 1 unit per
score beaten, ``(MP + 1) * N/n - 1`` at 2), :func:`engine.scoring.matchpoints.neuberg`.

The field as it now stands (:func:`score_on_field`): the other tables of the board, each with
every decided adjustment in place: an assigned score replaces the table's line, an artificial
score takes the line out (the rest factored as the convention says), and a weighted score
(12C1(c)) has each of its results scored in turn, weighted by its weight: the adjusted table's
comparison with it is the weighted sum of its comparisons with each result (so a table compared
with a weighted 1/2 +420, 1/2 -50 that it beats once and ties once gets 1/2 x 2 + 1/2 x 1 = 1.5
matchpoints), the rule 12C1(c) applies to the weighted table itself (each result scored, then
weighted: docs/scoring.md section 4.2). At Butler, whose datum is not linear in the scores, every
combination of the weighted tables' results is scored in turn with the product of their weights.

Pure: no web code, no solver. Points are North-South's view.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from fractions import Fraction

from engine.errors import InvalidBoardError
from engine.scoring.adjusted import Outcome, ScoredOutcome, WeightedScore, check_weights
from engine.scoring.imps import butler_imps, datum, imps
from engine.scoring.matchpoints import neuberg, percent, top

MATCHPOINTS = "matchpoints"
BUTLER = "butler"
CROSS_IMPS = "cross_imps"
TEAMS = "teams"
FORMS = (MATCHPOINTS, BUTLER, CROSS_IMPS, TEAMS)
"""The scoring forms: Law 78A matchpoints; at IMP pairs IMPs against the datum (Butler) or
cross-IMPs per comparison (78B, :mod:`engine.scoring.pairs_imps`); teams IMPs against the other room."""

APART = "apart"
ACROSS = "across"
SECTIONS = (APART, ACROSS)
"""A board's sections scored apart (each section its own traveller) or across (one traveller)."""

NO_FACTORING = "none"
TRAVELLER = "traveller"
SESSION = "session"
FIXED = "fixed"
FACTORINGS = (NO_FACTORING, TRAVELLER, SESSION, FIXED)
"""The number of results a board's matchpoints are factored to (Neuberg): none (each board on its
own top), the traveller's own number of lines (artificial and not-played lines included), the
most lines on any board of the session, or a fixed number (``factor_to``, the movement's)."""

NEUBERG = "neuberg"
NOT_FACTORED = "not_factored"
ARTIFICIALS = (NEUBERG, NOT_FACTORED)
"""A board with an artificial line (12C2): the line is taken out and the rest factored as the
convention says (``neuberg``), or the rest scored on their own smaller top without factoring
(``not_factored``: BriAn, issue 36)."""

ROUND = "round"
TRUNCATE = "truncate"

DIRECTOR = "director"
FILE = "file"
PROGRAM = "program"
LAW = "law"
"""Who told an attribute: the director (set on the event), the file, the program's known
convention, or Law 78A's plain default (assumed)."""

ATTRIBUTES = ("form", "sections", "factoring", "factor_to", "artificial", "units", "decimals", "rounding")
"""The attributes a convention is made of (what a director may set, what :meth:`FieldConvention.source` names)."""


@dataclass(frozen=True, slots=True)
class FieldConvention:
    """How a session's traveller is scored.

    Attributes:
        form: :data:`MATCHPOINTS`, :data:`BUTLER`, :data:`CROSS_IMPS` or :data:`TEAMS`.
        sections: :data:`APART` or :data:`ACROSS`.
        factoring: :data:`NO_FACTORING`, :data:`TRAVELLER`, :data:`SESSION` or :data:`FIXED`.
        factor_to: with :data:`FIXED`, the number of results (the movement's), else ``None``.
        artificial: :data:`NEUBERG` or :data:`NOT_FACTORED` (a board with an artificial line).
        units: matchpoints per score beaten (2: WBF/EBU and every program seen; 1: North American).
        decimals: the program prints its figures to this many decimals (``None``: unrounded).
        rounding: :data:`ROUND` (half up) or :data:`TRUNCATE` (NZ Scorer) to ``decimals``.
        program: the program whose convention gave some attribute (``"ScoreBridge"``), ``""`` none.
        not_played_scores_zero: a line "not played" (``NP``) is scored as a pass-out, 0 points
            (NZ Scorer), instead of being taken out like an artificial line.
        told_by: ``(attribute, who)`` pairs: :data:`DIRECTOR`, :data:`FILE` or :data:`PROGRAM`;
            an attribute not named is Law 78A's default, assumed (:data:`LAW`).
    """

    form: str = MATCHPOINTS
    sections: str = APART
    factoring: str = TRAVELLER
    factor_to: int | None = None
    artificial: str = NEUBERG
    units: int = 2
    decimals: int | None = None
    rounding: str = ROUND
    program: str = ""
    told_by: tuple[tuple[str, str], ...] = ()
    not_played_scores_zero: bool = False

    def source(self, attribute: str) -> str:
        """Who told ``attribute`` (one of :data:`ATTRIBUTES`): director, file, program or law (assumed)."""
        return dict(self.told_by).get(attribute, LAW)

    @property
    def assumed(self) -> tuple[str, ...]:
        """The attributes of :data:`ATTRIBUTES` that no one told: Law 78A's default, assumed."""
        return tuple(a for a in ("form", "sections", "factoring", "artificial") if self.source(a) == LAW)

    def rounded(self, value: float) -> float:
        """``value`` as the program prints it: to :attr:`decimals`, half up or truncated (toward
        zero); unchanged without ``decimals``."""
        if self.decimals is None:
            return value
        scale = float(10 ** self.decimals)
        if self.rounding == TRUNCATE:
            return math.trunc(value * scale + (1e-9 if value >= 0 else -1e-9)) / scale
        return math.floor(value * scale + 0.5 + 1e-9) / scale

    def line_score(self, ns_score: int | None, artificial: str | None) -> int | None:
        """A traveller line's North-South points as this convention compares them: the table score,
        0 for a line not played (``"NP"``) when :attr:`not_played_scores_zero`, else ``None`` (taken out)."""
        if ns_score is None and artificial == "NP" and self.not_played_scores_zero:
            return 0
        return ns_score

    def results_for(self, lines: int, scored: int, session_most: int = 0) -> int:
        """The number of results a board's matchpoints are factored to: ``lines`` on its traveller
        (artificial and not played included), ``scored`` of them with a table score, and
        ``session_most`` the most lines on any board of the session (same sections rule).
        Equal to ``scored`` when nothing is factored."""
        if scored < 1 or self.form != MATCHPOINTS or self.factoring == NO_FACTORING:
            return scored
        if scored < lines and self.artificial == NOT_FACTORED:
            return scored
        if self.factoring == FIXED and self.factor_to:
            return max(self.factor_to, 1)
        if self.factoring == SESSION:
            return max(session_most, lines)
        return lines

    def with_told(self, who: str, **changes: object) -> FieldConvention:
        """This convention with ``changes`` (attribute -> value), each told by ``who``."""
        told = dict(self.told_by)
        told.update({k: who for k in changes if k in ATTRIBUTES})
        return replace(self, **changes, told_by=tuple(sorted(told.items())))  # type: ignore[arg-type]


LAW_78A = FieldConvention()
"""Law 78A's plain default: matchpoints, 2 per score beaten, sections apart, artificial lines taken
out and the rest Neuberg-factored to the traveller's own number of lines (what every program seen
does for one section), unrounded; every attribute assumed."""


@dataclass(frozen=True, slots=True)
class ProgramConvention:
    """A scoring program's known convention: what it does differently from :data:`LAW_78A`.

    Attributes:
        name: as the director knows it (``"ScoreBridge"``).
        pattern: a regular expression (case-insensitive) found in the file's program name.
        changes: attribute -> value.
        source: where it was measured (issue 36's files, the corpus test).
    """

    name: str
    pattern: str
    changes: tuple[tuple[str, object], ...]
    source: str


_CORPUS = "tests/data/results-corpus, docs/director.md 'Each program's convention'"

PROGRAMS: tuple[ProgramConvention, ...] = (
    ProgramConvention("EBUScore", r"\bEBU\s*Score", (("sections", ACROSS), ("factoring", SESSION), ("decimals", 2)),
                      "issue 36 and " + _CORPUS + ": a two-section event is one field, every board factored to "
                      "the most results of any board (754 of 754 lines)"),
    ProgramConvention("PairsScorer", r"\bPairs\s*Scorer", (("sections", ACROSS), ("factoring", SESSION),
                                                           ("decimals", 2)),
                      _CORPUS + ": across sections, to the most results (576 of 576 lines)"),
    ProgramConvention("ScoreBridge", r"\bScore\s*Bridge", (("factoring", SESSION), ("decimals", 1)),
                      "issue 36 and " + _CORPUS + ": every board factored to the session's most results, 7 -> 8 "
                      "(176 of 176 lines)"),
    ProgramConvention("BriAn", r"\bBriAn\b", (("factoring", NO_FACTORING), ("artificial", NOT_FACTORED),
                                              ("decimals", 1)),
                      "issue 36 and " + _CORPUS + ": no Neuberg, a board with an A5050 on the smaller top"),
    ProgramConvention("NZ Scorer", r"^(NZ\s+Bridge\s+)?Scorer\b",
                      (("sections", ACROSS), ("decimals", 1), ("rounding", TRUNCATE),
                       ("not_played_scores_zero", True)),
                      "the NZ Scorer samples (scorer-to-usebio): a board matchpointed across its sections, "
                      "truncated to tenths, a line not played scored as a pass-out "
                      "(tests/engine/records/test_results_readers.py)"),
    ProgramConvention("Magic Contest", r"Magic\s*Contest", (("decimals", 1),),
                      "the FFB Magic Contest samples: Neuberg to the traveller, matchpoints to tenths"),
    ProgramConvention("Compscore3", r"\bCompscore", (("decimals", 1),),
                      "the ABF Compscore3 samples: Neuberg to the traveller per section, matchpoints to tenths; "
                      "its session totals factor every board to 6 results (issue 36; totals are not the advisor's)"),
    ProgramConvention("Pianola", r"\bPianola\b", (("decimals", 2),),
                      _CORPUS + ": the form in BOARD_SCORING_METHOD (CROSS_IMPS), cross-IMPs per comparison"),
    ProgramConvention("RealBridge", r"\bRealBridge\b", (("decimals", 0),), _CORPUS + ": whole matchpoints"),
    ProgramConvention("BBO Extractor", r"\bBBO\s*Extractor\b", (("decimals", 0),), _CORPUS + ": whole matchpoints"),
)
"""The programs whose convention is known, first match wins (docs/director.md, the convention table)."""


def program_convention(program: str) -> ProgramConvention | None:
    """The known convention of the program named ``program`` (the file's ``PROGRAM_NAME`` and
    version, a PBN's ``[Application]``), ``None`` for a program not known."""
    for p in PROGRAMS:
        if re.search(p.pattern, program or "", re.IGNORECASE):
            return p
    return None


_FILE_FORMS = {"MP": MATCHPOINTS, "BUTLER": BUTLER, "CROSS_IMP": CROSS_IMPS, "IMP": TEAMS}
"""The results readers' :attr:`~engine.records.results.SessionResults.scoring` -> form."""

SCORING_OF = {MATCHPOINTS: "MP", BUTLER: "BUTLER", CROSS_IMPS: "CROSS_IMP", TEAMS: "IMP"}
"""A form -> the readers' scoring code (what :func:`engine.records.results.against.traveller_form` takes)."""


@dataclass(frozen=True, slots=True)
class FieldSetting:
    """What the director set on the event (each ``None``: as the file or program says).

    Attributes: as :class:`FieldConvention`'s of the same names.
    """

    form: str | None = None
    sections: str | None = None
    factoring: str | None = None
    factor_to: int | None = None
    artificial: str | None = None
    units: int | None = None

    def to_json(self) -> dict[str, str | int]:
        """The attributes set, as a JSON object."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}

    @classmethod
    def from_json(cls, data: Mapping[str, object] | None, *, path: str = "field") -> FieldSetting:
        """The inverse of :meth:`to_json`, checked.

        Raises:
            InvalidBoardError: ``path/<attribute>``: a value that is not one of the attribute's,
                a ``factor_to`` outside 2..200 or without ``factoring`` ``fixed``, ``units`` not 1 or 2.
        """
        data = dict(data or {})
        allowed: dict[str, tuple[str, ...]] = {"form": FORMS, "sections": SECTIONS, "factoring": FACTORINGS,
                                               "artificial": ARTIFICIALS}
        out: dict[str, object] = {}
        for name, value in data.items():
            if value is None or value == "":
                continue
            if name in allowed:
                if value not in allowed[name]:
                    raise InvalidBoardError(f"{name} is one of {', '.join(allowed[name])}, not {value!r}",
                                            path=f"{path}/{name}", key="field_bad_value",
                                            params={"what": name, "text": str(value)[:24],
                                                    "known": ", ".join(allowed[name])})
                out[name] = value
            elif name in ("factor_to", "units"):
                low, high = (2, 200) if name == "factor_to" else (1, 2)
                if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                    raise InvalidBoardError(f"{name} is a whole number from {low} to {high}, not {value!r}",
                                            path=f"{path}/{name}", key="field_bad_number",
                                            params={"what": name, "text": str(value)[:24], "low": low,
                                                    "high": high})
                out[name] = value
            else:
                raise InvalidBoardError(f"{name!r} is not part of a field convention", path=f"{path}/{name}",
                                        key="field_bad_value", params={"what": name, "text": str(value)[:24],
                                                                       "known": ", ".join(ATTRIBUTES)})
        if out.get("factor_to") is not None and out.get("factoring") != FIXED:
            raise InvalidBoardError("factor_to is the fixed number of results: give factoring 'fixed' with it",
                                    path=f"{path}/factor_to", key="field_factor_to_alone")
        if out.get("factoring") == FIXED and out.get("factor_to") is None:
            raise InvalidBoardError("factoring 'fixed' needs factor_to, the number of results (the movement's)",
                                    path=f"{path}/factor_to", key="field_factor_to_needed")
        return cls(**out)  # type: ignore[arg-type]

    @property
    def empty(self) -> bool:
        """Nothing set: the file's and the program's convention stand."""
        return not self.to_json()


NO_SETTING = FieldSetting()
"""Nothing set by the director."""


def convention_for(scoring: str = "", program: str = "", mp_units: float = 0,
                   setting: FieldSetting | None = None) -> FieldConvention:
    """The convention a traveller is scored under: Law 78A's default (:data:`LAW_78A`), then the
    known program's (:func:`program_convention` of ``program``), then what the file says
    (``scoring``: the readers' ``"MP"``, ``"BUTLER"``, ``"CROSS_IMP"``, ``"IMP"``; ``mp_units``
    its matchpoints per score beaten, a whole number 1..20, else ignored), then the director's
    ``setting``, each over the one before.

    Raises:
        Nothing: an unknown ``scoring`` is no form (matchpoints, assumed).
    """
    conv = LAW_78A
    found = program_convention(program)
    if found is not None:
        conv = conv.with_told(PROGRAM, **dict(found.changes))
        conv = replace(conv, program=found.name)
    if scoring in _FILE_FORMS:
        conv = conv.with_told(FILE, form=_FILE_FORMS[scoring])
    if mp_units and mp_units == int(mp_units) and 1 <= mp_units <= 20 and scoring == "MP":
        conv = conv.with_told(FILE, units=int(mp_units))
        if mp_units > 2 and conv.decimals is not None:  # NZ Scorer's own XML: tenths written x10
            conv = replace(conv, decimals=max(0, conv.decimals - round(math.log10(mp_units / 2))))
    if setting is not None and not setting.empty:
        conv = conv.with_told(DIRECTOR, **setting.to_json())
        if setting.factoring is not None and setting.factoring != FIXED:
            conv = replace(conv, factor_to=None)
    return conv


# --- a board scored under the convention ----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BoardFigures:
    """A board's matchpoints under a convention.

    Attributes:
        ns: North-South's matchpoints of each line, in order (``None``: no table score).
        top: the top after factoring (``units * (results - 1)``).
        scored: the lines with a table score; results: the number factored to (``scored``: none).
    """

    ns: tuple[float | None, ...]
    top: float
    scored: int
    results: int

    @property
    def factored(self) -> bool:
        """The scored lines were factored (Neuberg) to another number of results."""
        return self.results != self.scored


Result = int | tuple[tuple[int, Fraction], ...] | None
"""A traveller line as :func:`board_figures` compares it: North-South's points, or a decided weighted
score's ``(points, weight)`` parts (the advisor's own codes read back), or ``None`` (no result:
artificial, not played)."""


def board_figures(scores: Sequence[Result], convention: FieldConvention, session_most: int = 0) -> BoardFigures:
    """North-South matchpoints of every line of one traveller (``scores``: each line's North-South
    points, or a weighted line's parts with their weights, ``None`` for an artificial or not-played
    line) under ``convention``: Law 78A among the lines with a result (``units`` per score beaten,
    half for a tie; a weighted line compared pro rata, each part by its weight, as 12C1(c) weighs
    it), then Neuberg-factored to :meth:`FieldConvention.results_for` results; ``session_most``:
    the most lines on any board of the session. Unrounded (:meth:`FieldConvention.rounded` prints
    them as the program does)."""
    units = convention.units
    parts = [None if s is None else ((s, Fraction(1)),) if isinstance(s, int) else s for s in scores]
    played = [p for p in parts if p is not None]
    n = len(played)
    big = convention.results_for(len(scores), n, session_most)
    out: list[float | None] = []
    for i, own in enumerate(parts):
        if own is None:
            out.append(None)
            continue
        mp = float(sum((wa * wb * (Fraction(units) if a > b else Fraction(units, 2) if a == b else Fraction(0))
                        for j, other in enumerate(parts) if other is not None and j != i
                        for a, wa in own for b, wb in other), Fraction(0)))
        out.append(mp if big == n else neuberg(mp, n, big, units))
    return BoardFigures(tuple(out), float(units * (max(big, 1) - 1)), n, big)


# --- an adjusted score on the field as it now stands ----------------------------------------------

@dataclass(frozen=True, slots=True)
class FieldEntry:
    """One other table of the board as it now stands.

    Attributes:
        score: its North-South points: the table's, or the assigned adjusted score decided for it;
            ``None`` with ``weighted`` or for an artificial (or not played) line.
        weighted: a decided weighted score (12C1(c)): ``(North-South points, weight)`` pairs,
            weights summing to 1.
        artificial: an artificial adjusted score (12C2) or a board not played: taken out.
        decided: a decided adjustment (assigned, weighted or artificial) is in place of the table's line.
        label: what the director sees (``"table 6: 4S N -1"``).
    """

    score: int | None = None
    weighted: tuple[tuple[int, Fraction], ...] = ()
    artificial: bool = False
    decided: bool = False
    label: str = ""

    @property
    def scored(self) -> bool:
        """It takes part in the comparison (a score or a weighted score)."""
        return not self.artificial and (self.score is not None or bool(self.weighted))


@dataclass(frozen=True, slots=True)
class ScoredOnField:
    """One result of the adjusted table scored against the field as it now stands."""

    outcome: Outcome
    ns: float
    ew: float


@dataclass(frozen=True, slots=True)
class AdjustedOnField:
    """An adjusted score (one result, or a weighted score's results) on the field as it now stands.

    Attributes:
        form: the convention's form.
        components: each result scored (matchpoints factored, or IMPs).
        ns, ew: the weighted figure for each side (matchpoints in units, or IMPs).
        top: matchpoints: the top after factoring; ``None`` at IMPs.
        ns_percent, ew_percent: matchpoints: each side's percentage of ``top``.
        scored: the results compared (the adjusted table and the other tables that take part);
        results: the number factored to (equal to ``scored`` when not factored).
        taken_out: the other tables taken out (artificial, not played).
        adjusted: the other tables whose decided adjustment is in place.
    """

    form: str
    components: tuple[ScoredOnField, ...]
    ns: float
    ew: float
    top: float | None
    ns_percent: float | None
    ew_percent: float | None
    scored: int
    results: int
    taken_out: int = 0
    adjusted: int = 0


MAX_COMBINATIONS = 4096
"""The most combinations of the other tables' weighted results scored in turn at Butler."""


def _combinations(field: Sequence[FieldEntry]) -> list[tuple[list[int], Fraction]]:
    """Every concrete field (the scores of the entries that take part) with its weight: a weighted
    entry gives each of its results in turn, the weights multiplied."""
    choices = [[(e.score, Fraction(1))] if not e.weighted else list(e.weighted) for e in field if e.scored]
    out = []
    for combo in itertools.islice(itertools.product(*choices), MAX_COMBINATIONS):
        w = Fraction(1)
        for _, x in combo:
            w *= x
        out.append(([int(s) for s, _ in combo if s is not None], w))
    return out


def _mp_against(score: int, entry: FieldEntry, units: int) -> Fraction:
    """The matchpoints ``score`` earns against one other table (a weighted one: pro rata)."""
    parts = entry.weighted or ((entry.score or 0, Fraction(1)),)
    return sum((w * (Fraction(units) if score > s else Fraction(units, 2) if score == s else Fraction(0))
                for s, w in parts), Fraction(0))


def score_on_field(outcomes: Sequence[Outcome], field: Sequence[FieldEntry], convention: FieldConvention,
                   *, session_most: int = 0, other_room: FieldEntry | None = None) -> AdjustedOnField:
    """An adjusted score on the field as it now stands (issue 36): each of ``outcomes`` (the adjusted
    table's results with their weights; one result with weight 1 for an assigned score) scored
    against ``field`` (every other table of the board as it now stands: :class:`FieldEntry`) under
    ``convention``, then weighted (12C1(c)).

    Matchpoints: Law 78A against the other tables that take part (a weighted table pro rata by its
    weights), then Neuberg to :meth:`FieldConvention.results_for` (the lines being the adjusted
    table and every other, the scored ones the adjusted table and the others that take part), the
    top ``units * (results - 1)``. Butler: IMPs against the datum with the outcome in the table's
    place, every combination of weighted tables in turn; cross-IMPs: the IMPs against each other
    table that takes part (pro rata) over the number of them. Teams: IMPs against ``other_room``.

    Raises:
        InvalidBoardError: weights that are negative or do not sum to 1 (path ``outcomes``); no
            other table takes part (path ``field``), or at teams no other room (path ``other_room_ns``).
    """
    check_weights([o.weight for o in outcomes])
    units = convention.units
    taking = [e for e in field if e.scored]
    adjusted = sum(1 for e in field if e.decided)
    taken_out = len(field) - len(taking)
    form = convention.form
    if form == TEAMS:
        if other_room is None or not other_room.scored:
            raise InvalidBoardError("teams IMPs need North-South's score in the other room", path="other_room_ns",
                                    key="field_no_other_room")
        comps = tuple(ScoredOnField(o, float(v), float(-v)) for o in outcomes
                      for v in [sum((w * imps(o.ns_score - s) for s, w in
                                     (other_room.weighted or ((other_room.score or 0, Fraction(1)),))),
                                    Fraction(0))])
        ns = float(sum((o.weight * Fraction(c.ns) for o, c in zip(outcomes, comps, strict=True)), Fraction(0)))
        return AdjustedOnField(form, comps, ns, -ns, None, None, None, 2, 2)
    if not taking:
        raise InvalidBoardError("no other table of the board has a result to score against", path="field",
                                key="field_needed")
    n = len(taking) + 1
    values: list[Fraction] = []
    for o in outcomes:
        if form == MATCHPOINTS:
            v = sum((_mp_against(o.ns_score, e, units) for e in taking), Fraction(0))
        elif form == CROSS_IMPS:
            v = sum((sum((w * imps(o.ns_score - s) for s, w in (e.weighted or ((e.score or 0, Fraction(1)),))),
                         Fraction(0)) for e in taking), Fraction(0)) / len(taking)
        else:  # Butler: the datum with the outcome in the table's place, each combination in turn
            v = sum((w * butler_imps(o.ns_score, datum([*scores, o.ns_score])) for scores, w in _combinations(field)),
                    Fraction(0))
        values.append(v)
    if form != MATCHPOINTS:
        comps = tuple(ScoredOnField(o, float(v), float(-v)) for o, v in zip(outcomes, values, strict=True))
        ns_f = sum((o.weight * v for o, v in zip(outcomes, values, strict=True)), Fraction(0))
        return AdjustedOnField(form, comps, float(ns_f), float(-ns_f), None, None, None, n, n, taken_out, adjusted)
    big = convention.results_for(len(field) + 1, n, session_most)
    top = units * (big - 1)
    factored = [v if big == n else (v + Fraction(units, 2)) * Fraction(big, n) - Fraction(units, 2) for v in values]
    comps = tuple(ScoredOnField(o, float(v), float(top - v)) for o, v in zip(outcomes, factored, strict=True))
    ns_mp = sum((o.weight * v for o, v in zip(outcomes, factored, strict=True)), Fraction(0))
    return AdjustedOnField(form, comps, float(ns_mp), float(top - ns_mp), float(top), percent(float(ns_mp), top),
                           percent(float(top - ns_mp), top), n, big, taken_out, adjusted)


def factored(w: WeightedScore, scored: int, results: int, units: int = 2) -> WeightedScore:
    """A matchpointed weighted score ``w`` (:func:`engine.scoring.adjusted.weighted_matchpoints`,
    against ``scored - 1`` other results) Neuberg-factored to ``results`` (the WBF formula, each
    result's matchpoints and so their weighted sum, as Neuberg is linear): the top becomes
    ``units * (results - 1)``; ``others`` (the other pairs' comparisons) unchanged. ``w`` itself when
    ``results == scored``."""
    if results == scored or w.form != MATCHPOINTS or scored < 1:
        return w
    t = top(results, units)
    comps = tuple(ScoredOutcome(c.outcome, neuberg(c.ns, scored, results, units),
                                t - neuberg(c.ns, scored, results, units)) for c in w.components)
    ns = neuberg(w.ns, scored, results, units)
    return WeightedScore(w.form, comps, ns, t - ns, t, percent(ns, t), percent(t - ns, t), w.others)


__all__ = ["ACROSS", "APART", "ARTIFICIALS", "ATTRIBUTES", "BUTLER", "CROSS_IMPS", "DIRECTOR", "FACTORINGS", "FILE",
           "FIXED", "FORMS", "LAW", "LAW_78A", "MATCHPOINTS", "NEUBERG", "NOT_FACTORED", "NO_FACTORING", "NO_SETTING",
           "PROGRAM", "PROGRAMS", "ROUND", "SCORING_OF", "SECTIONS", "SESSION", "TEAMS", "TRAVELLER", "TRUNCATE",
           "AdjustedOnField", "BoardFigures", "FieldConvention", "FieldEntry", "FieldSetting", "ProgramConvention",
           "Result", "ScoredOnField", "board_figures", "convention_for", "factored", "program_convention",
           "score_on_field"]
