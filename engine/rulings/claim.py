"""Claim adjudication (Laws 68-71): the fewest tricks the claiming side takes on a normal line.

A use case beside :mod:`engine.rulings.revoke`. The search is a *min-min* (docs/claims.md 2.3): every
player minimises the restricted side's tricks; the other side may play any legal card, the
restricted side only the cards :class:`engine.laws.normal_play.NormalPlay` offers, in the
categories the findings count as normal. It is pure Python over 52-bit masks, with rank
equivalence for the unrestricted side, a memo at trick boundaries and a bound (a branch stops
once it cannot go below the best line found). Above a node budget the answer is an interval,
flagged for the director, never rounded.

The solver is reached only through :class:`engine.dd.protocol.DoubleDummySolver` (the shared
:class:`engine.dd.runner.SolverRunner` and its cache, which serialises DDS): the double-dummy
value of the position (the award's upper bound), the double-dummy value of every card of the
worst line, and the 69B2 comparison.

The search itself is in :mod:`engine.rulings.claim_search`, the ruling's shapes (the setting, a
line, a search's result, a doubtful point, the ruling) in :mod:`engine.rulings.claim_ruling`.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from engine.dd.protocol import DoubleDummySolver
from engine.errors import InvalidBoardError
from engine.laws.claim_masks import trick_winner
from engine.laws.claims import (
    CARELESS,
    CATEGORY_LAW,
    Category,
    Claim,
    ClaimKind,
    normal_categories,
    restricted_seats,
    stated_words,
)
from engine.laws.steps import Step
from engine.model.cards import SUIT_ORDER, Card
from engine.model.position import Position
from engine.model.seats import SEATS, Side
from engine.rulings.claim_ruling import (
    ClaimRuling,
    ClaimSetting,
    DoubtfulPoint,
    FigureBasis,
    LinePlay,
    SearchResult,
)
from engine.rulings.claim_search import DEFAULT_NODE_BUDGET, choice_kinds, choice_points, held_to, search
from engine.scoring.law77 import score_ns

PARALLEL_CARDS = 8
"""Above this many cards a hand, the doubtful points' searches run two at once (each seconds long;
the compiled search releases the interpreter's lock): a job of 9 to 13 cards within 15 s."""

DEFAULT_TIME_LIMIT = 45.0
"""Seconds one ruling (every search it runs) may take before its searches answer with intervals:
a request never holds a worker for minutes."""


def _side_tricks(side: Side, ns: int, left: int) -> int:
    return ns if side is Side.NS else left - ns


def _value_line(solver: DoubleDummySolver, pos: Position, line: tuple[LinePlay, ...],
                side: Side) -> tuple[tuple[LinePlay, ...], tuple[int, ...]]:
    """Every card of ``line`` with the double-dummy value after it (one batch through the
    runner, in play order), and beside each card ``side``'s most tricks from the position before
    it, double dummy (the best card there; ``side``'s tricks among those after the claim)."""
    if not line:
        return line, ()
    positions = []
    hands = {s: pos.hand(s) for s in SEATS}
    leader, trick = pos.leader, list(pos.trick)
    won = 0
    befores = []
    trump = pos.trump
    for lp in line:
        p = Position.from_cards(hands, trump, leader, tuple(trick))
        positions.append(p)
        befores.append(won)
        hands[lp.seat] = hands[lp.seat] - {lp.card}
        trick.append(lp.card)
        if len(trick) == 4:
            idx = tuple(c.index for c in trick)
            w = SEATS[trick_winner(idx, SEATS.index(leader), SUIT_ORDER.index(trump) if trump else -1)]
            won += 1 if w.side is side else 0
            leader, trick = w, []
    answers = solver.solve_positions(positions)
    out, bests = [], []
    for lp, p, before in zip(line, positions, befores, strict=True):
        scores = answers[p]
        out.append(replace(lp, dd=before + scores.side_tricks(lp.card, side)))
        bests.append(before + max(scores.side_tricks(c, side) for c, _ in scores.ns_tricks))
    return tuple(out), tuple(bests)


def validate_claim(setting: ClaimSetting, claim: Claim) -> None:
    """Check the claim against the position before anything is searched or solved.

    Raises:
        InvalidBoardError: the position is not one DDS can solve (path ``position``); more tricks
            claimed than remain (``claim/tricks``); a stated card the claiming side does not hold
            (``claim/statement/order/<i>``).
    """
    pos = setting.position
    pos.verify()
    left = pos.tricks_left
    if not 0 <= claim.tricks <= left:
        raise InvalidBoardError(f"{claim.tricks} tricks claimed, but {left} remain to be played", path="claim/tricks",
                                key="claim_too_many_tricks", params={"n": claim.tricks, "left": left})
    side_cards: set[Card] = set()
    for s in claim.by.side.seats:
        side_cards |= pos.hand(s)
    for i, step in enumerate(claim.statement.steps):
        for item in step.cards():
            if item not in side_cards:
                raise InvalidBoardError(f"the statement names {item}, which the claiming side does not hold",
                                        path=f"claim/statement/steps/{i}", key="claim_stated_card",
                                        params={"card": str(item)})


def adjudicate_claim(setting: ClaimSetting, claim: Claim, solver: DoubleDummySolver, *,
                     node_budget: int = DEFAULT_NODE_BUDGET, time_limit: float = DEFAULT_TIME_LIMIT,
                     progress: Callable[[int, int], None] | None = None) -> ClaimRuling:
    """Rule on a claim (70), a withdrawn agreement (69B) or a concession (71) at ``setting``.

    The restricted side's fewest tricks on a normal line (:func:`search`), the double-dummy value
    for reference, each doubtful point re-searched with its category ruled not normal, and the
    decision the law gives; the score (Law 77) when the tricks already won and the contract are
    known. Trick counts are among the tricks still to play at the claim, for the claiming side.
    ``node_budget`` bounds each search, ``time_limit`` (seconds) all of them together: past
    either, the answer is an interval, and a doubtful point whose search did not finish gets the
    double-dummy upper bound instead, labelled so (:class:`FigureBasis`), or ``None``.
    ``progress(done, total)`` is told the searches done of those known to be needed (the worst
    line's, then one per careless category on it), after each.

    Raises:
        InvalidBoardError: as :func:`validate_claim` and :func:`search` (before any solving).
        SolverError: the double-dummy solver failed or is busy.
    """
    validate_claim(setting, claim)
    pos = setting.position
    left = pos.tricks_left
    rseats = restricted_seats(claim)
    rside = rseats[0].side
    cside = claim.by.side
    deadline = time.monotonic() + time_limit
    tell = progress or (lambda done, total: None)
    tell(0, 1)
    root = solver.solve_positions([pos])[pos]
    result = search(setting, claim, node_budget=node_budget, deadline=deadline, dd_root=root)
    floor = result.at_least  # ruling a category not normal never gives the side less
    dd_r = _side_tricks(rside, root.best_ns(), left)
    dd_claimer = dd_r if rside is cside else left - dd_r
    line, bests = _value_line(solver, pos, result.line, rside)
    result = replace(result, line=line)
    # the doubtful points: the careless plays and the costly choices on the worst line; when ruling
    # those out gives the side nothing more, the next worst line's own are added, until none is left
    found: list[tuple[Category, LinePlay, int]] = []  # category, where first played, best double dummy there
    off: list[Category] = []
    cur, cur_line, cur_bests = result, line, bests
    all_off: int | None = None
    for _ in range(6):
        marks = [(i, lp.category) for i, lp in enumerate(cur_line) if lp.category in CARELESS and not lp.evidence]
        if cur.complete:  # a choice among natural plays that cost tricks (White Book 8.70: any order)
            ruled = replace(claim, findings=replace(claim.findings, switches=(
                *claim.findings.switches, *((c, False) for c in off))))
            marks += choice_points(setting, ruled, cur_line, node_budget=node_budget, deadline=deadline, dd_root=root)
        new = [(i, c) for i, c in sorted(marks) if c not in off]
        if not new:
            break
        for i, c in new:
            if c not in off:
                off.append(c)
                found.append((c, cur_line[i], cur_bests[i]))
        if not cur.complete:
            break
        nxt = search(setting, claim, node_budget=node_budget, switches=tuple((c, False) for c in off), at_least=floor,
                     deadline=deadline, dd_root=root)
        if not nxt.complete:
            break
        all_off = nxt.at_most
        if nxt.at_most > cur.at_most:
            break
        cur_line, cur_bests = _value_line(solver, pos, nxt.line, rside)  # nothing gained: its worst line
        cur = replace(nxt, line=cur_line)
    if result.complete and (all_off is None or all_off <= result.at_most):
        # nothing found gains alone: the careful line (every careless play and choice ruled not normal)
        careful = search(setting, claim, node_budget=node_budget, switches=tuple((c, False) for c in CARELESS),
                         at_least=floor,
                         deadline=deadline, dd_root=root)
        if careful.complete and careful.at_most > result.at_most:
            kinds = [(i, c) for i, c in choice_kinds(setting, claim, line, dd_root=root) if c not in off]
            if not kinds and line:  # the costly choice is off the worst line (a tie on it): every category
                # counted as normal is a point, at the side's first play; those that gain alone are kept below
                first = next((i for i, lp in enumerate(line) if lp.category is not None and not lp.evidence), 0)
                allowed = normal_categories(claim.findings, mistaken=True)
                kinds = [(first, c) for c in CARELESS if c in allowed and c not in off]
            for i, c in kinds:
                off.append(c)
                found.append((c, line[i], bests[i]))
            all_off = careful.at_most
    total = 1 + len(found)
    tell(1, total)
    points = []
    gains: list[bool] = []

    def figure_of(cat: Category) -> SearchResult:  # the point's category ruled not normal
        if result.complete:  # first the cheap question: does ruling it out give the side anything?
            held = held_to(setting, claim, result.at_most, node_budget=node_budget, switches=((cat, False),),
                           deadline=deadline, dd_root=root)
            if isinstance(held, SearchResult):
                return held
            if held is False:  # it does: its exact figure, above the award
                return search(setting, claim, node_budget=node_budget, switches=((cat, False),),
                              at_least=result.at_most + 1, deadline=deadline, dd_root=root)
        return search(setting, claim, node_budget=node_budget, switches=((cat, False),), at_least=floor,
                      deadline=deadline, dd_root=root)

    cats = [cat for cat, _, _ in found]
    if len(cats) > 1 and left > PARALLEL_CARDS:  # the compiled search lets the interpreter go: two at once
        parent = contextvars.copy_context()  # the caller's work (lane, cancel flag) in both threads
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="claim-point") as pool:
            figures = list(pool.map(lambda cat: parent.copy().run(figure_of, cat), cats))
    else:
        figures = [figure_of(cat) for cat in cats]
    for k, ((cat, lp, best), again) in enumerate(zip(found, figures, strict=True)):
        figure, basis = _point_figure(again, best, setting, rside is cside)
        gains.append(not (again.complete and result.complete and again.at_most <= result.at_most))
        tell(2 + k, total)
        if figure is not None and rside is not cside:
            figure = left - figure
        law = CATEGORY_LAW[cat]
        if claim.kind is ClaimKind.CONCESSION and law != "70C":  # "normal" is judged under 71B for a concession
            law = "71B"
        points.append(DoubtfulPoint(lp.board_trick, lp.seat, lp.card, cat, law, figure, basis))
    if all_off is not None and result.complete and all_off <= result.at_most:
        points = []  # no point, alone or together, gives the side more: none is doubtful
    elif any(gains):
        points = [p for p, g in zip(points, gains, strict=True) if g]  # those that give the side more alone
    if len(points) < 2 or all_off is None:
        all_off = None
    elif rside is not cside:
        all_off = left - all_off
    steps = _claim_steps(setting, claim, result, dd_claimer, points)
    doubtful = [_doubtful_step(d) for d in points]
    if all_off is not None:
        doubtful.append(Step(CATEGORY_LAW[points[0].category] if claim.kind is not ClaimKind.CONCESSION else "71B",
                             f"if the director rules every one of these points not normal, the claiming side takes "
                             f"{all_off}", "claim.doubtful_all", {"n": all_off}))
    awarded, stands, likely_if = _decide(claim, result, left, dd_r, rside is cside, steps, doubtful)
    rng = (result.at_least, result.at_most) if rside is cside else (left - result.at_most, left - result.at_least)
    decl_tricks = res = sc = None
    if awarded is not None and setting.tricks_won is not None and setting.contract is not None \
            and sum(setting.tricks_won) + left == 13:
        contract = setting.contract
        dside = contract.declaring_side
        before = setting.tricks_won[0] if dside is Side.NS else setting.tricks_won[1]
        decl_tricks = before + (awarded if cside is dside else left - awarded)
        res = contract.result_str(decl_tricks)
        sc = score_ns(contract, decl_tricks, setting.vulnerability)
        steps.append(Step("77", f"the declarer's side takes {decl_tricks} tricks in all: {res}, {sc:+d} for "
                          "North-South", "claim.score", {"tricks": decl_tricks, "result": res, "score": f"{sc:+d}"}))
    return ClaimRuling(claim, left, awarded, rng, stands, dd_claimer, rside, result, tuple(points), likely_if,
                       decl_tricks, res, sc, tuple(steps), setting, if_all_not_normal=all_off)


def _point_figure(again: SearchResult, best: int, setting: ClaimSetting,
                  claimer_restricted: bool) -> tuple[int | None, FigureBasis | None]:
    """A doubtful point's figure for the restricted side and how it was found: the search with
    its category ruled not normal when that finished (``search``); else ``best``, the most the
    side can take from the point on double dummy (``double_dummy``). The worst line up to the
    point (the first card of its category) stays open to that search, and from the point on no
    line gives the side more than double dummy, so ``best`` is an upper bound on the searched
    figure; it is given only where it bounds the claimer's figure from above (not under 69B, where
    the restricted side is the agreeing one) and double dummy knows every constraint (no major
    penalty cards, 50D1)."""
    if again.complete:
        return again.at_most, FigureBasis.SEARCH
    if claimer_restricted and not setting.penalty_cards:
        return best, FigureBasis.DOUBLE_DUMMY
    return None, None


def _doubtful_step(d: DoubtfulPoint) -> Step:
    """The step naming a doubtful point and its figure, saying how the figure was found."""
    params: dict[str, str | int] = {"trick": d.trick, "seat": d.seat.value, "card": str(d.card),
                                    "category": d.category.value}
    said = f"trick {d.trick}: {d.seat.value} plays the {d.card} ({d.category.value}), a careless choice; "
    if d.if_not_normal is None:
        return Step(d.law, said + "the search without it stopped at its budget", "claim.doubtful_open", params)
    if d.figure_basis is FigureBasis.DOUBLE_DUMMY:
        return Step(d.law, said + "the search without it stopped at its budget: double dummy from that point, the "
                    f"claiming side takes at most {d.if_not_normal} if the director rules it not normal (an upper "
                    "bound, not a searched figure)", "claim.doubtful_dd", {**params, "n": d.if_not_normal})
    return Step(d.law, said + "if the director rules it not normal, the claiming side takes "
                f"{d.if_not_normal}", "claim.doubtful", {**params, "n": d.if_not_normal})


def _claim_steps(setting: ClaimSetting, claim: Claim, result: SearchResult, dd_claimer: int,
                 points: Sequence[DoubtfulPoint]) -> list[Step]:
    pos = setting.position
    left = pos.tricks_left
    by = claim.by.value
    steps: list[Step] = []
    if claim.kind is ClaimKind.CONCESSION:
        steps.append(Step("68B1", f"{by} conceded: his side keeps {claim.tricks} of the {left} tricks still to play",
                          "claim.conceded", {"seat": by, "n": claim.tricks, "left": left}))
    elif claim.kind is ClaimKind.AGREED_THEN_DISPUTED:
        steps.append(Step("69A", f"{by} claimed {claim.tricks} of the {left} tricks still to play and the opponents "
                          "agreed; the agreement was later withdrawn", "claim.agreed",
                          {"seat": by, "n": claim.tricks, "left": left}))
    else:
        steps.append(Step("68A", f"{by} claimed {claim.tricks} of the {left} tricks still to play; the claim was "
                          "disputed", "claim.claimed", {"seat": by, "n": claim.tricks, "left": left}))
        if setting.contract is not None and claim.by.side is not setting.contract.declaring_side:
            steps.append(Step("70D2", "a defender's claim: his partner is held to normal plays too; declarer may "
                              "play any card", "claim.70D2"))
    for pc in sorted(setting.penalty_cards, key=lambda c: c.index):
        holder = next((s.value for s in SEATS if pc in pos.hand(s)), "?")
        steps.append(Step("50D1", f"{holder}'s {pc} is a major penalty card: it is played at the first legal "
                          "opportunity (the double-dummy figure does not know it)", "claim.penalty_card",
                          {"seat": holder, "card": str(pc)}))
    if claim.statement.steps:
        said = stated_words(claim.statement)
        steps.append(Step("70D1", f"the stated line ({said}) is followed while it can be; no other successful "
                          "line is accepted if a normal one would do worse", "claim.stated", {"order": said}))
    else:
        steps.append(Step("70D1", "no line was stated: every normal order of play is considered",
                          "claim.no_statement"))
    f = claim.findings
    trump = pos.trump
    if trump is not None:
        held = frozenset().union(*(pos.hand(s) for s in SEATS if s.side is not claim.by.side))
        if any(c.suit == trump for c in held):
            if claim.statement.mentions_trumps:
                steps.append(Step("70C1", "the claimer mentioned the outstanding trump(s): he is deemed to draw "
                                  "them", "claim.70C_mentioned"))
            elif f.unaware_of_trump.value == "unlikely":
                steps.append(Step("70C2", "the director finds it unlikely that the claimer was unaware of the "
                                  "outstanding trump(s): he is deemed to draw them", "claim.70C_aware"))
            else:
                key = "claim.70C_unaware" if f.unaware_of_trump.value == "likely" else "claim.70C_unknown"
                text = ("no statement about the outstanding trump(s), and the director finds it likely that the "
                        "claimer was unaware of them: side winners may be cashed before trumps are drawn"
                        if key == "claim.70C_unaware" else
                        "no statement about the outstanding trump(s), and whether the claimer was aware of them is "
                        "not established: doubt goes against him, and side winners may be cashed before trumps "
                        "are drawn")
                steps.append(Step("70C", text, key))
    if f.suit_order_regulation.value == "top_down":
        steps.append(Step("70E2", "the regulating authority deems a suit played from the top down when no order "
                          "was stated", "claim.70E2_top_down"))
    else:
        steps.append(Step("70E2", "no suit-order regulation: a low card first, from a suit he believes runs with "
                          "fewer than two top winners at the claim, is a careless but normal order", "claim.70E2_none"))
    allowed = sorted(c.value for c in normal_categories(f) if c in CARELESS)
    cats = ", ".join(allowed) or "-"
    steps.append(Step("70", f"class of player: {f.class_of_player.value}; careless plays counted as normal: {cats}",
                      "claim.class", {"cls": f.class_of_player.value, "categories": cats}))
    if f.played_after_claim:
        cards = " ".join(str(c) for c in f.played_after_claim)
        steps.append(Step("70D3", f"the cards played after the claim ({cards}) are accepted as evidence of the "
                          "play", "claim.70D3", {"cards": cards}))
    return steps


def _decide(claim: Claim, result: SearchResult, left: int, dd_r: int, claimer_restricted: bool,
            steps: list[Step], doubtful: Sequence[Step]) -> tuple[int | None, bool | None, int | None]:
    """The award under the law of the claim's kind; the steps saying so are appended."""
    side = "the claiming side" if claimer_restricted else "the agreeing side"
    if result.complete:
        steps.append(Step("70A", f"on its worst normal line {side} takes {result.at_most} of the {left} tricks "
                          "(the other side may play any card)", "claim.worst_line" if claimer_restricted else
                          "claim.worst_line_agreeing", {"n": result.at_most, "left": left}))
    else:
        steps.append(Step("70A", f"the search stopped at its budget of {result.nodes} positions: on its worst normal "
                          f"line {side} takes at most {result.at_most} and at least {result.at_least} of the {left} "
                          "tricks; the director decides", "claim.interval" if claimer_restricted else
                          "claim.interval_agreeing",
                          {"nodes": result.nodes, "high": result.at_most, "low": result.at_least, "left": left}))
    steps.append(Step("DD", f"{side} takes {dd_r} of the {left} tricks (for reference only: Law 70 does not give the "
                      "claimer his best line)", "claim.dd" if claimer_restricted else "claim.dd_agreeing",
                      {"n": dd_r, "left": left}))
    steps.extend(doubtful)
    n = result.at_most
    if claim.kind is ClaimKind.AGREED_THEN_DISPUTED:
        agreed = left - claim.tricks
        if not result.complete and result.at_least <= agreed < n:
            return None, None, None
        if n > agreed:
            steps.append(Step("69B2", f"even on its worst normal line the agreeing side wins {n} tricks, more than the "
                              f"{agreed} it agreed to: it would likely have won them; the agreement is withdrawn",
                              "claim.69B_withdrawn", {"n": n, "agreed": agreed}))
            return left - n, False, None
        if dd_r > agreed:
            steps.append(Step("69B2", f"the agreement stands ({agreed} tricks) unless the director judges that the "
                              f"agreeing side would likely have won more: double dummy it takes {dd_r}, on its worst "
                              f"normal line {n}", "claim.69B_likely", {"agreed": agreed, "dd": dd_r, "n": n}))
            return claim.tricks, True, left - dd_r
        steps.append(Step("69A", f"the agreement stands: no line gives the agreeing side more than the {agreed} "
                          "tricks it agreed to", "claim.69A_stands", {"agreed": agreed}))
        return claim.tricks, True, None
    if claim.kind is ClaimKind.CONCESSION and claim.tricks > dd_r:
        # kept more than any line gives: a concession of fewer tricks than the side must lose is a
        # claim of the rest (68B1), ruled as one (70A); never a concession "standing" above double dummy
        steps.append(Step("68B1", f"the conceding side kept {claim.tricks} tricks, more than it can take even "
                          f"double dummy ({dd_r}): its concession of the rest is a claim of {claim.tricks}, ruled "
                          "under Law 70", "claim.concession_over_dd", {"n": claim.tricks, "dd": dd_r}))
        if not result.complete:
            return None, None, None
        steps.append(Step("70A", f"doubt is resolved against the claimer: his side gets {n} of the {left} tricks, "
                          f"not the {claim.tricks} claimed", "claim.fails",
                          {"n": n, "left": left, "claimed": claim.tricks}))
        return n, False, None
    if not result.complete:
        if claim.kind is ClaimKind.CONCESSION and n <= claim.tricks:
            steps.append(Step("71", f"a normal play could lose the conceded trick(s): the concession stands "
                              f"({claim.tricks} tricks)", "claim.71_stands", {"n": claim.tricks}))
            return claim.tricks, True, None
        if claim.kind is ClaimKind.CONTESTED and result.at_least >= claim.tricks:
            steps.append(Step("70A", f"the claim of {claim.tricks} stands", "claim.stands", {"n": claim.tricks}))
            return claim.tricks, True, None
        return None, None, None
    if claim.kind is ClaimKind.CONCESSION:
        if n > claim.tricks:
            steps.append(Step("71B", f"no normal play loses the conceded trick(s): the concession is cancelled and the "
                              f"conceding side gets {n} of the {left} tricks", "claim.71B_cancel",
                              {"n": n, "left": left}))
            return n, False, None
        steps.append(Step("71", f"a normal play could lose the conceded trick(s): the concession stands "
                          f"({claim.tricks} tricks)", "claim.71_stands", {"n": claim.tricks}))
        return claim.tricks, True, None
    if n >= claim.tricks:
        steps.append(Step("70A", f"the claim of {claim.tricks} stands", "claim.stands", {"n": claim.tricks}))
        return claim.tricks, True, None
    steps.append(Step("70A", f"doubt is resolved against the claimer: his side gets {n} of the {left} tricks, not the "
                      f"{claim.tricks} claimed", "claim.fails", {"n": n, "left": left, "claimed": claim.tricks}))
    return n, False, None
