"""The revoke ruling's measures of the likely result without the revoke(s) (Law 64C, issue 34).

Three measures the engine makes, and the director's own figure (:class:`MeasureKind`):

* ``TABLE_PLAY``: the table's own play without the revoke(s) (:mod:`engine.laws.table_play`);
* ``SWING``: the table result plus what the revoke card changed double dummy; several revokes of
  one side, double dummy from before the first (:func:`engine.laws.equity.swing_measure`);
* ``DOUBLE_DUMMY``: the hand played double dummy from before the first revoke;
* ``DIRECTOR``: the director's figure (``RevokeFacts.likely_without_revoke``, or a reported
  revoke's).

Which one decides (:func:`choose_measure`): the director's figure when he gives it; else double
dummy when he rules the non-offending side's later losses induced by the revoke (64C1); else the
table's own play when the record goes on past the revoke trick; else the swing.

Two-phase like :mod:`engine.laws.equity`: :func:`plan_table_play` replays the record (pure) and
lists the positions the solver must value in the ruling's one batch; :func:`table_play_figures`
reads the answers. Every count is the declarer's side's tricks, 0..13.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.dd.results import CardScores
from engine.errors import InvalidBoardError
from engine.laws.equity import EquityMeasure, MeasureKind, RevokeEquity, clamp, swing_measure
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import Establishment, Revoke
from engine.laws.steps import Step
from engine.laws.table_play import Replay, replay_without_revokes, table_play_tricks
from engine.model.cards import Card
from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.model.position import Position
from engine.model.seats import Side


def standing_revokes(assessed: Sequence[tuple[Revoke, Establishment]]) -> tuple[Revoke, ...]:
    """The established revokes that stand (not corrected) and have a place in the record, in play order."""
    return tuple(r for r, e in assessed if e.established and e.correction is None and r.play_index >= 0)


def subsequent_revokes(standing: Sequence[Revoke]) -> tuple[Revoke, ...]:
    """The standing revokes after an earlier standing one by the same player in the same suit
    (64B2, 64C2(a)), in play order."""
    return tuple(r for k, r in enumerate(standing)
                 if r.suit is not None and any(p.offender == r.offender and p.suit == r.suit for p in standing[:k]))


def offender_card(facts: RevokeFacts, first: Revoke | None) -> Card | None:
    """``facts.offender_card`` checked against the first standing revoke's legal cards.

    Raises:
        InvalidBoardError: path ``offender_card``: no established revoke stands to choose a card
            for, or the card is not one of the offender's legal cards (the error names them).
    """
    card = facts.offender_card
    if card is None:
        return None
    if first is None:
        raise InvalidBoardError(f"the offender's card ({card}) needs an established revoke that stands: the play "
                                "shows none", path="offender_card", key="offender_card_no_revoke",
                                params={"card": str(card)})
    if card not in first.alternatives:
        legal = ", ".join(str(c) for c in sorted(first.alternatives, reverse=True))
        raise InvalidBoardError(
            f"{first.offender.value} could not have played the {card} in place of the revoke card on trick "
            f"{first.trick}: his legal cards were {legal}", path="offender_card", key="offender_card_not_legal",
            params={"seat": first.offender.value, "card": str(card), "trick": first.trick, "cards": legal})
    return card


def directors_figure(facts: RevokeFacts) -> int | None:
    """The director's own likely result without the revoke(s) (declarer's side's tricks):
    ``facts.likely_without_revoke``, else the reported revoke's.

    Raises:
        InvalidBoardError: path ``likely_without_revoke``: a figure outside 0..13, or a reason
            (``likely_reason``) without the figure.
    """
    n = facts.likely_without_revoke
    if n is None and facts.likely_reason.strip():
        raise InvalidBoardError("a reason for the likely result without the revoke needs the figure itself "
                                "(likely_without_revoke, the declarer's side's tricks)", path="likely_without_revoke",
                                key="likely_reason_without_figure")
    if n is not None and not 0 <= n <= 13:
        raise InvalidBoardError(f"the likely result without the revoke is 0 to 13 tricks for the declarer's side, "
                                f"not {n}", path="likely_without_revoke", key="likely_range", params={"n": n})
    if n is None and facts.reported is not None:
        n = facts.reported.likely_without_revoke
    return n


@dataclass(frozen=True, slots=True)
class TablePlayPlan:
    """The replays of the table's own play without the revoke(s), before the solver values them.

    Attributes:
        undone: the standing revokes the replays undo, in play order.
        by_card: for each legal card of the first standing offender (only the director's card
            when he gave one), the replay undoing every standing revoke.
        without_subsequent: 64C2(a): for each legal card of the first subsequent revoke, the
            replay undoing only the subsequent revokes (64B2); empty without one.
    """

    undone: tuple[Revoke, ...]
    by_card: tuple[tuple[Card, Replay], ...]
    without_subsequent: tuple[tuple[Card, Replay], ...]

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions double dummy must value (where a replay stopped), distinct."""
        stops = [p for _, rp in (*self.by_card, *self.without_subsequent) for p in rp.positions]
        return tuple(dict.fromkeys(stops))


def plan_table_play(record: PlayRecord, contract: Contract, standing: Sequence[Revoke],
                    chosen: Card | None) -> TablePlayPlan | None:
    """The replays the ``TABLE_PLAY`` measure needs (pure; no solver). ``None`` with no standing revoke."""
    if not standing:
        return None
    first = standing[0]
    cards = (chosen,) if chosen is not None else tuple(sorted(first.alternatives, reverse=True))
    by_card = tuple((c, replay_without_revokes(record, contract, standing, c)) for c in cards)
    subsequent = subsequent_revokes(standing)
    later: tuple[tuple[Card, Replay], ...] = ()
    if subsequent:
        later = tuple((c, replay_without_revokes(record, contract, subsequent, c))
                      for c in sorted(subsequent[0].alternatives, reverse=True))
    return TablePlayPlan(tuple(standing), by_card, later)


@dataclass(frozen=True, slots=True)
class TablePlayFigures:
    """The ``TABLE_PLAY`` measure's figures (declarer's side's tricks, 0..13).

    Attributes:
        by_card: the whole hand's tricks for each legal card of the first offender.
        tricks: the figure: the director's card's, else the card best for the offending side.
        card: the card that gives it.
        followed: how many cards of the record its replay followed.
        assumed: the legal cards give different figures and the director named none.
        without_subsequent: 64C2(a): the figure with only the subsequent revokes undone, the
            first subsequent offender playing the card best for his side; ``None`` without one.
    """

    by_card: tuple[tuple[Card, int], ...]
    tricks: int
    card: Card
    followed: int
    assumed: bool
    without_subsequent: int | None


def _best(pairs: Sequence[tuple[Card, int]], offenders_declare: bool) -> tuple[Card, int]:
    pick = max if offenders_declare else min
    return pick(pairs, key=lambda ct: ct[1])


def table_play_figures(plan: TablePlayPlan, contract: Contract, answers: Mapping[Position, CardScores],
                       unrecorded_declarer: int, offending: Side) -> TablePlayFigures:
    """Read the solver's answers for ``plan``: the figure per legal card and the one the measure takes.

    ``unrecorded_declarer``: the declarer's side's share of the tricks the record does not show,
    as the table counted them (claim, table result, adjudicated claim).

    Raises:
        SolverError: an answer is missing.
    """
    declares = offending is contract.declaring_side
    values = tuple((c, clamp(table_play_tricks(rp, contract, answers, unrecorded_declarer)))
                   for c, rp in plan.by_card)
    card, tricks = _best(values, declares)
    followed = next(rp.followed for c, rp in plan.by_card if c == card)
    sub = None
    if plan.without_subsequent:
        later = [(c, clamp(table_play_tricks(rp, contract, answers, unrecorded_declarer)))
                 for c, rp in plan.without_subsequent]
        sub = _best(later, declares)[1]
    return TablePlayFigures(values, tricks, card, followed, len({t for _, t in values}) > 1, sub)


def swing_figure(equities: Sequence[tuple[Revoke, RevokeEquity]], basis_tricks: int) -> int:
    """The ``SWING`` measure over every standing revoke: one offending side, :func:`swing_measure`
    (one revoke: table plus its change; several: double dummy from before the first); both sides
    revoking, the table result plus each revoke card's change (each side's revoke charged to it)."""
    if len({r.offending_side for r, _ in equities}) == 2:
        return clamp(basis_tricks + sum(q.change for _, q in equities))
    return swing_measure([q for _, q in equities], basis_tricks)


def choose_measure(*, directors: int | None, induced_judged: bool, table_play: TablePlayFigures | None,
                   record: PlayRecord, first: Revoke) -> MeasureKind:
    """Which measure decides 64C: the director's figure when he gives it; double dummy when he
    rules the later losses induced by the revoke (64C1, with the evidence shown); the table's own
    play when the record goes on past the revoke trick; else the swing."""
    if directors is not None:
        return MeasureKind.DIRECTOR
    if induced_judged:
        return MeasureKind.DOUBLE_DUMMY
    if table_play is not None and len(record.cards) > 4 * first.trick:
        return MeasureKind.TABLE_PLAY
    return MeasureKind.SWING


def measures_made(table_play: TablePlayFigures | None, swing: int, double_dummy: int,
                  directors: int | None) -> tuple[EquityMeasure, ...]:
    """Every measure made, in the order table_play, swing, double_dummy, director."""
    out: list[EquityMeasure] = []
    if table_play is not None:
        out.append(EquityMeasure(MeasureKind.TABLE_PLAY, table_play.tricks, table_play.followed))
    out.append(EquityMeasure(MeasureKind.SWING, swing))
    out.append(EquityMeasure(MeasureKind.DOUBLE_DUMMY, double_dummy))
    if directors is not None:
        out.append(EquityMeasure(MeasureKind.DIRECTOR, directors))
    return tuple(out)


_NAMES = {
    MeasureKind.TABLE_PLAY: "the table's own play without the revoke(s)",
    MeasureKind.SWING: "the table result plus what the revoke card changed double dummy",
    MeasureKind.DOUBLE_DUMMY: "the hand played double dummy from before the revoke",
    MeasureKind.DIRECTOR: "the director's own figure",
}


def measure_name(kind: MeasureKind, *, several: bool = False) -> Step:
    """The measure's name as a translatable phrase (key ``measure.<kind>``; the swing of several
    revokes of one side is double dummy from before the first: ``measure.swing_several``)."""
    if kind is MeasureKind.SWING and several:
        return Step("", "double dummy from before the first revoke (several revokes, measured once)",
                    "measure.swing_several")
    return Step("", _NAMES[kind], f"measure.{kind.value}")


def measure_why(kind: MeasureKind, *, first: Revoke, record: PlayRecord, followed: int | None,
                reason: str = "") -> Step:
    """Why ``kind`` decides, as a translatable step (law 64C; keys ``measure_why.<kind>``)."""
    k = first.trick
    if kind is MeasureKind.DIRECTOR:
        why = reason.strip()
        text = "the director gave his own figure for the likely result without the revoke" + (f": {why}" if why
                                                                                                 else "")
        return Step("64C", text, "measure_why.director_reason" if why else "measure_why.director", {"reason": why})
    if kind is MeasureKind.DOUBLE_DUMMY:
        return Step("64C1", "the director rules the non-offending side's later losses induced by the revoke, so the "
                    "hand is measured double dummy from the position before it", "measure_why.double_dummy")
    if kind is MeasureKind.TABLE_PLAY:
        n = followed or 0
        if n >= len(record.cards):
            return Step("64C", f"the record goes on past the revoke trick (trick {k}), and without the revoke the "
                        "table's own play can be followed card by card to the end of the record: what this declarer "
                        "and these defenders did stays as they did it", "measure_why.table_play_end", {"trick": k})
        return Step("64C", f"the record goes on past the revoke trick (trick {k}): without the revoke the table's own "
                    f"play is followed card by card ({n} cards of the record), and double dummy values only the rest, "
                    "from where the record can no longer be followed", "measure_why.table_play",
                    {"trick": k, "followed": n})
    return Step("64C", f"the record stops at the revoke trick (trick {k}): there is no later play of the table's to "
                "follow", "measure_why.swing", {"trick": k})


def figures_by_card(kind: MeasureKind, *, table_play: TablePlayFigures | None,
                    standing: Sequence[tuple[Revoke, RevokeEquity]], basis_tricks: int,
                    likely: int) -> tuple[tuple[Card, int], ...]:
    """The measure ``kind``'s likely result without the revoke(s) for each legal card the first
    standing offender could have played (declarer's side's tricks, 0..13): the table's own play
    replayed with that card; the swing (one revoke: the table result plus that card's double-dummy
    value less the value after the revoke card; several of one side: the card's double-dummy value;
    both sides: ``likely`` moved by the difference from the card assumed); double dummy, the card's
    value. Empty for the director's figure (one figure, not per card)."""
    if not standing or kind is MeasureKind.DIRECTOR:
        return ()
    q = standing[0][1]
    if kind is MeasureKind.TABLE_PLAY and table_play is not None:
        return table_play.by_card
    if kind is MeasureKind.DOUBLE_DUMMY:
        return tuple((c, clamp(v)) for c, v in q.dd_by_card)
    if len(standing) == 1:
        return tuple((c, clamp(basis_tricks + v - q.dd_after)) for c, v in q.dd_by_card)
    if len({r.offending_side for r, _ in standing}) == 1:
        return tuple((c, clamp(v)) for c, v in q.dd_by_card)
    return tuple((c, clamp(likely - (q.dd_before - v))) for c, v in q.dd_by_card)


def measures_step(measures: Sequence[EquityMeasure], used: MeasureKind, why: Step, contract: Contract,
                  likely: int, several: bool) -> Step:
    """Law 64C: the measures made, the one used and why, as one translatable step (keys
    ``measures`` with the table's own play, ``measures_no_table_play`` without it)."""
    fig = {m.kind: m.tricks for m in measures}
    name = measure_name(used, several=several)
    params: dict[str, object] = {"tricks": likely, "result": contract.result_str(likely), "used": name, "why": why,
                                 "swing": fig[MeasureKind.SWING], "dd": fig[MeasureKind.DOUBLE_DUMMY]}
    swing_name = "the swing measured once, from before the first revoke," if several else \
        "the table result plus what the revoke card changed"
    head = f"Likely result without the revoke(s): {likely} tricks ({contract.result_str(likely)}), by {name.text}: " \
           f"{why.text}."
    if MeasureKind.TABLE_PLAY in fig:
        params["play"] = fig[MeasureKind.TABLE_PLAY]
        return Step("64C", f"{head} The measures: the table's own play without the revoke(s) "
                    f"{fig[MeasureKind.TABLE_PLAY]}, {swing_name} {fig[MeasureKind.SWING]}, double dummy from "
                    f"before the revoke {fig[MeasureKind.DOUBLE_DUMMY]}.",
                    "measures_several" if several else "measures", params)
    return Step("64C", f"{head} The measures: {swing_name} {fig[MeasureKind.SWING]}, double dummy from before the "
                f"revoke {fig[MeasureKind.DOUBLE_DUMMY]}.",
                "measures_no_table_play_several" if several else "measures_no_table_play", params)
