"""The claim search (docs/claims.md 2.3): a *min-min* in which every player minimises the
restricted side's tricks; the other side may play any legal card, the restricted side only the
cards :class:`engine.laws.normal_play.NormalPlay` offers, in the categories the findings count as
normal (Law 70).

Over 52-bit masks, with rank equivalence for the unrestricted side, a memo at trick
boundaries and a bound (a branch stops once it cannot go below the best line found). Above a
node budget the answer is an interval (:class:`engine.rulings.claim_ruling.SearchResult`),
never rounded. Never calls the solver: the double-dummy values of the position at the claim
come in as ``dd_root``.

:class:`_Search` is the search in Python, the reference; :func:`search` and :func:`choice_points`
run its compiled twin (:class:`engine.rulings.claim_core.CoreSearch`: the same values, lines and
node counts, 20-40 times faster) unless ``ADVISOR_CLAIM_CORE=python`` (:data:`CORE_ENV`). A change
to this search or to the model is ported to :mod:`engine.rulings.claim_kernel` with it
(tests/engine/rulings/test_claim_core.py fails until it is).
"""

from __future__ import annotations

import logging
import os
import sys
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import ModuleType

from engine.dd.results import CardScores
from engine.dd.work import current
from engine.errors import InvalidBoardError
from engine.laws.claim_masks import SUIT_MASK, suit_of, trick_winner
from engine.laws.claims import CARELESS, Category, Claim, Findings, normal_categories
from engine.laws.normal_play import CHOICE_CATEGORY, NATURAL, SQUEEZE, NormalPlay
from engine.model.cards import FULL_DECK, SUIT_ORDER, Card
from engine.model.position import Position
from engine.model.seats import SEATS, Side
from engine.rulings.claim_memo import SearchMemo
from engine.rulings.claim_ruling import ClaimSetting, LinePlay, SearchResult

log = logging.getLogger(__name__)

DEFAULT_NODE_BUDGET = 4_000_000
"""Nodes (cards tried) each pass of one search may visit before it answers with an interval, for a
claim of up to :data:`SYNC_CARDS` cards a hand: a search that stops at it (its two passes, 8 M nodes)
takes about 2 s of the compiled search on this project's machine (benchmarks/README.md,
"bench_claim_core.py": 4-5 million nodes a second on such searches), the most a ruling answered at
once may give one search. About 80 s a pass of the Python reference."""

JOB_NODE_BUDGET = 50_000_000
"""The node budget of a search for a claim of more than :data:`SYNC_CARDS` cards a hand, ruled as a
job: about 10 s a pass of the compiled search, so that the ruling's time limit
(:data:`engine.rulings.claim.DEFAULT_TIME_LIMIT`, or the request's), not the budget, stops it."""

SYNC_CARDS = 8
"""Cards a hand up to which a claim's searches get :data:`DEFAULT_NODE_BUDGET` (the app rules bigger
claims as jobs: ``ADVISOR_CLAIM_JOB_CARDS``)."""


def node_budget_for(tricks_left: int, sync_cards: int = SYNC_CARDS) -> int:
    """The node budget of each search of a claim with ``tricks_left`` cards in the longest hand:
    :data:`DEFAULT_NODE_BUDGET` up to ``sync_cards``, :data:`JOB_NODE_BUDGET` above."""
    return DEFAULT_NODE_BUDGET if tricks_left <= sync_cards else JOB_NODE_BUDGET



_MEMO: SearchMemo[SearchResult] = SearchMemo()
"""Complete searches, for the same question asked again (a doubtful point ruled, a re-run)."""



_CARD: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=lambda c: c.index))



_INF = 99



_CARELESS_CODES = frozenset(c.value for c in CARELESS)



class _Search:
    """The min-min search over one claim's normal-move set (one memo per set of categories).

    A node of the restricted side is a minimum over its careless plays (those the findings count
    as normal) and its natural plays; the natural plays are a minimum too (the most
    disadvantageous choice, White Book 8.70) unless the director rules that kind of choice would
    have been made right (:data:`engine.laws.normal_play.CHOICE_CATEGORY` off): then a maximum. The
    other side's nodes are minima over every legal card. Fail-soft alpha-beta with bounds kept per
    position at trick boundaries."""

    def __init__(self, model: NormalPlay, allowed: frozenset[Category], trump: int, budget: int,
                 optimistic_cuts: bool, claimer_best: bool = False, deadline: float = float("inf")) -> None:
        self.deadline = deadline  # time.monotonic() after which the search stops as at its budget
        self.stopped = False
        self.root: tuple[object, ...] = ()  # (hands, leader, trick) of the root, for the double-dummy order
        self.root_order: dict[int, int] = {}  # card index -> the restricted side's tricks double dummy
        self.claimer_best = claimer_best  # the restricted side plays any card, for the most tricks (a check)
        self.model = model
        self.allowed = allowed
        self.best_choice = frozenset(k for k, cat in CHOICE_CATEGORY.items() if cat not in allowed)
        self.trump = trump
        self.budget = budget
        self.optimistic = optimistic_cuts  # a cut branch counts 0 (a lower bound) or never (an upper bound)
        self.nodes = 0
        self.cuts = 0
        self.penalty = 0  # mask of major penalty cards: played at the first legal opportunity (50D1)
        self.memo: dict[tuple[object, ...], tuple[int, int, tuple[tuple[int, int, str | None], ...]]] = {}

    def groups(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
               aware: bool, shown: int, run: int) -> tuple[list[tuple[int, str | None]], list[tuple[int, str | None]],
                                                           bool]:
        """The moves at a node: ``(careless, natural, best)``: the careless plays allowed (each a
        minimum), the natural ones and whether the side takes the best of them (else the worst).
        The other side's moves are all natural, the worst taken."""
        seat = (leader + len(trick)) % 4
        if self.penalty & hands[seat]:  # 50D1: a major penalty card, whenever it is a legal card
            led_suit = hands[seat] & SUIT_MASK[suit_of(trick[0])] if trick else 0
            due = self.penalty & hands[seat] & (led_suit or hands[seat])
            if due:
                return [], [(c, None) for c in range(52) if due >> c & 1], False
        if seat in self.model.restricted and not self.claimer_best:
            offered, choice = self.model.options(hands, leader, trick, ptr, sub, aware, shown, run)
            natural: list[tuple[int, str | None]] = [(c, cat.value) for c, cat in offered if cat in NATURAL]
            careless: list[tuple[int, str | None]] = [(c, cat.value) for c, cat in offered
                                                      if cat not in NATURAL and cat in self.allowed]
            if not natural and not careless:  # every play offered is ruled not normal: he would choose the best
                return [], [(c, cat.value) for c, cat in offered], True
            return careless, natural, choice in self.best_choice
        reps = self._legal(hands, seat, trick)
        if self.claimer_best and seat in self.model.restricted:
            return [], [(c, None) for c in reps], True
        return [], [(c, None) for c in reps], False

    def _legal(self, hands: tuple[int, int, int, int], seat: int, trick: tuple[int, ...]) -> list[int]:
        hand = hands[seat]
        legal = hand & SUIT_MASK[suit_of(trick[0])] if trick else 0
        legal = legal or hand
        others = 0
        for i in range(4):
            if i != seat:
                others |= hands[i]
        for c in trick:
            others |= 1 << c
        reps: list[int] = []
        m = legal
        while m:  # rank equivalence: one card of each run of cards adjacent among those still out
            c = m.bit_length() - 1
            reps.append(c)
            m &= ~(1 << c)
            su = c // 13
            while c > 0 and m >> (c - 1) & 1 and (c - 1) // 13 == su and not others >> (c - 1) & 1:
                c -= 1
                m &= ~(1 << c)
        if trick:  # cards that win the trick first, highest first (they tend to cost the restricted side)
            ws = trick_winner(trick, (seat - len(trick)) % 4, self.trump)
            win = trick[(ws - (seat - len(trick))) % 4]
            wsu, tr = win // 13, self.trump
            wins = [c for c in reps if (c // 13 == wsu and c > win) or (c // 13 == tr and wsu != tr)]
            if wins:
                rest = [c for c in reversed(reps) if c not in wins]
                reps = wins + rest
        if self.root_order and (hands, (seat - len(trick)) % 4, trick) == self.root:  # DD-best first
            reps.sort(key=lambda c: self.root_order.get(c, _INF))
        return reps

    def boundary(self, hands: tuple[int, int, int, int], leader: int, ptr: int, sub: int, aware: bool, shown: int,
                 run: int, alpha: int, beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        left = hands[leader].bit_count()
        if not left:
            return 0, ()
        key = (hands, leader, ptr, sub, aware, shown, run)
        got = self.memo.get(key)
        lo, hi, line = got if got is not None else (0, left, ())
        if lo == hi:
            return lo, line
        if lo >= beta:
            return lo, ()
        if hi <= alpha:
            return hi, ()
        a, b = max(alpha, lo), min(beta, hi)
        cuts = self.cuts
        v, line = self.node(hands, leader, (), ptr, sub, aware, shown, run, a, b)
        if self.cuts == cuts:
            if v <= a:
                hi = min(hi, v)
            elif v >= b:
                lo = max(lo, v)
            else:
                lo = hi = v
            self.memo[key] = (lo, hi, line if lo == hi else ())
        return v, line

    def child(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
              aware: bool, shown: int, run: int, card: int, alpha: int,
              beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        """The value after ``card`` is played (the restricted side's tricks from this trick on)."""
        seat = (leader + len(trick)) % 4
        nh = list(hands)
        nh[seat] &= ~(1 << card)
        h: tuple[int, int, int, int] = (nh[0], nh[1], nh[2], nh[3])
        nt = (*trick, card)
        if seat not in self.model.restricted:
            if trick and card // 13 != trick[0] // 13:
                shown |= 1 << (seat * 4 + trick[0] // 13)
            if card // 13 == self.trump:
                aware = True  # he has seen an opponent's trump (70C ends)
        if len(nt) < 4:
            return self.node(h, leader, nt, ptr, sub, aware, shown, run, alpha, beta)
        w = trick_winner(nt, leader, self.trump)
        won = 1 if w in self.model.restricted else 0
        nrun = nt[0] // 13 if won and leader in self.model.restricted else -1
        nptr, nsub = self.model.advance(ptr, sub, h, nt, leader)
        v, line = self.boundary(h, w, nptr, nsub, aware, shown, nrun, alpha - won, beta - won)
        return v + won, line

    def node(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
             aware: bool, shown: int, run: int, alpha: int,
             beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        self.nodes += 1
        if self.stopped or self.nodes > self.budget or (not self.nodes & 1023 and time.monotonic() > self.deadline):
            self.stopped = True
            self.cuts += 1
            return (0, ()) if self.optimistic else (_INF, ())
        seat = (leader + len(trick)) % 4
        careless, natural, best_of = self.groups(hands, leader, trick, ptr, sub, aware, shown, run)
        best = _INF
        best_line: tuple[tuple[int, int, str | None], ...] = ()
        for card, cat in careless:  # careless plays first: they tend to hold the claimer lowest
            v, line = self.child(hands, leader, trick, ptr, sub, aware, shown, run, card, alpha, min(beta, best))
            if v < best:
                best, best_line = v, ((seat, card, cat), *line)
                if best <= alpha:
                    return best, best_line
        if not best_of:
            for card, cat in natural:
                v, line = self.child(hands, leader, trick, ptr, sub, aware, shown, run, card, alpha, min(beta, best))
                if v < best:
                    best, best_line = v, ((seat, card, cat), *line)
                    if best <= alpha:
                        break
            return best, best_line
        top_v, top_line = -1, best_line
        cap = min(beta, best)
        for card, cat in natural:  # the best of them (he would have chosen right)
            v, line = self.child(hands, leader, trick, ptr, sub, aware, shown, run, card, max(alpha, top_v), cap)
            if v >= _INF:  # not searched to the end: the best of them is not known
                top_v = _INF
                break
            if v > top_v:
                top_v, top_line = v, ((seat, card, cat), *line)
                if top_v >= cap:
                    break
        if top_v < best:
            return top_v, top_line
        return best, best_line


CORE_ENV = "ADVISOR_CLAIM_CORE"
"""The environment variable choosing the search's implementation: ``numba`` (the default: the compiled
core, :mod:`engine.rulings.claim_core`) or ``python`` (the reference, :class:`_Search`)."""

_CORE_FAILED: list[BaseException] = []
"""Why the compiled core could not be loaded in this process (then the Python search runs)."""


def core_wanted() -> bool:
    """The searches are to run compiled (:data:`CORE_ENV` unset or ``numba``; read per search, without
    importing numba) and the core has not failed to load in this process.

    Raises:
        ValueError: ``ADVISOR_CLAIM_CORE`` is neither ``numba`` nor ``python``.
    """
    kind = os.environ.get(CORE_ENV, "numba").strip().lower() or "numba"
    if kind not in ("numba", "python"):
        raise ValueError(f"{CORE_ENV} must be 'numba' or 'python', not {kind!r}")
    return kind == "numba" and not _CORE_FAILED


def warm_core() -> float | None:
    """Compile the compiled core or load it from numba's cache (:func:`engine.rulings.claim_core.warm_up`);
    answers the seconds it took (0 when done before in this process), or None when the core cannot
    run here (numba finds no place for its cache, say): that is logged, and the Python search is used
    instead."""
    core = _core()
    if core is None:
        return None
    try:
        return float(core.warm_up())
    except Exception as exc:  # numba's errors are not one family
        _CORE_FAILED.append(exc)
        log.error("the compiled claim search cannot run here (%s): the Python search is used, 20-40 times "
                  "slower", exc)
        return None


def core_state() -> str:
    """How the claim searches run in this process, for ``/healthz``: ``compiled`` (the core is
    ready), ``compiling`` (not yet: being compiled or loaded, or not asked for yet), ``python`` (the
    reference, by ``ADVISOR_CLAIM_CORE=python`` or because the core cannot be loaded here). Never
    imports numba.

    Raises:
        ValueError: ``ADVISOR_CLAIM_CORE`` is neither ``numba`` nor ``python``.
    """
    if not core_wanted():
        return "python"
    ready = getattr(sys.modules.get("engine.rulings.claim_core"), "ready", None)  # None while it is imported
    return "compiled" if ready is not None and ready() else "compiling"


def _core() -> ModuleType | None:
    try:
        from engine.rulings import claim_core
    except Exception as exc:  # at import, numba raises RuntimeError when no cache directory is writable
        if not _CORE_FAILED:
            _CORE_FAILED.append(exc)
            log.error("the compiled claim search cannot be loaded (%s): the Python search is used, 20-40 times "
                      "slower; set NUMBA_CACHE_DIR to a writable directory", exc)
        return None
    return claim_core


def _searcher(model: NormalPlay, allowed: frozenset[Category], trump: int, budget: int, optimistic_cuts: bool,
              claimer_best: bool = False, deadline: float = float("inf")) -> _Search:
    """A search over ``model``: the compiled core (:class:`engine.rulings.claim_core.CoreSearch`, the
    same answers and node counts) unless ``ADVISOR_CLAIM_CORE=python`` asks for the Python reference,
    :class:`_Search` (also used, and logged, when the core cannot be loaded here). When the current
    work (:func:`engine.dd.work.current`) is cancelled, the search stops as at its deadline (issue 35:
    a cancelled claim job stops within a few thousand nodes, not at the end of its search).

    Raises:
        ValueError: ``ADVISOR_CLAIM_CORE`` is neither ``numba`` nor ``python``.
    """
    core = _core() if core_wanted() else None
    cancel = current().cancel
    if core is not None:
        found = core.CoreSearch(model, allowed, trump, budget, optimistic_cuts, claimer_best=claimer_best,
                                deadline=deadline)
        if cancel is not None:  # a cancelled job stops the compiled search at its next clock check
            cancel.on_set(core.stopper(found))
        return found  # type: ignore[no-any-return]
    plain = _Search(model, allowed, trump, budget, optimistic_cuts, claimer_best=claimer_best, deadline=deadline)
    if cancel is not None:
        ref = weakref.ref(plain)  # the hook must not keep the search (and its memo) alive

        def stop() -> None:
            found = ref()
            if found is not None:
                found.deadline = float("-inf")

        cancel.on_set(stop)
    return plain


@dataclass(frozen=True, slots=True)
class _Start:
    """A search's start: the model, the state after the cards played after the claim (70D3), and
    those cards (``prefix``: seat, card, category, evidence) with the tricks they won."""

    model: NormalPlay
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    ptr: int
    sub: int
    aware: bool
    shown: int
    prefix: tuple[tuple[int, int, str | None, bool], ...]
    won0: int
    allowed: frozenset[Category]
    order: dict[int, int]


def _start(setting: ClaimSetting, claim: Claim, findings: Findings, dd_root: CardScores | None) -> _Start:
    pos = setting.position
    hands = pos.hands
    leader = SEATS.index(pos.leader)
    trick = tuple(c.index for c in pos.trick)
    trump = SUIT_ORDER.index(pos.trump) if pos.trump is not None else -1
    declarer = setting.contract.declarer if setting.contract is not None else None
    dd = None
    if dd_root is not None:  # the claiming side's tricks double dummy
        ns = dd_root.best_ns()
        dd = ns if claim.by.side is Side.NS else pos.tricks_left - ns
    model = NormalPlay.of(claim, _all_hands(pos), pos.trump, pos.tricks_left, declarer, dd, pos.leader)
    shown = 0
    for void_seat, void_suit in setting.shown_out:
        shown |= 1 << (SEATS.index(void_seat) * 4 + SUIT_ORDER.index(void_suit))
    aware = model.initially_aware(claim)
    ptr, sub = model.advance(0, 0, hands)
    prefix: list[tuple[int, int, str | None, bool]] = []
    won0 = 0
    for i, card in enumerate(findings.played_after_claim):  # 70D3: accepted as evidence, played first
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        c = card.index
        led_mask = hand & SUIT_MASK[suit_of(trick[0])] if trick else 0
        if not hand >> c & 1 or (led_mask and not led_mask >> c & 1):
            raise InvalidBoardError(f"{card}, played after the claim, is not a card {SEATS[seat].value} could play "
                                    "there", path=f"claim/findings/played_after_claim/{i}", key="claim_after_card",
                                    params={"card": str(card), "seat": SEATS[seat].value})
        nh = list(hands)
        nh[seat] &= ~(1 << c)
        hands = (nh[0], nh[1], nh[2], nh[3])
        if seat not in model.restricted and trick and suit_of(c) != suit_of(trick[0]):
            shown |= 1 << (seat * 4 + suit_of(trick[0]))
        if seat not in model.restricted and suit_of(c) == trump:
            aware = True
        trick = (*trick, c)
        prefix.append((seat, c, None, True))
        if len(trick) == 4:
            w = trick_winner(trick, leader, trump)
            won0 += 1 if w in model.restricted else 0
            ptr, sub = model.advance(ptr, sub, hands, trick, leader)
            leader, trick = w, ()
    order: dict[int, int] = {}
    if dd_root is not None and not prefix and SEATS.index(dd_root.to_play) not in model.restricted:
        rside = SEATS[next(iter(model.restricted))].side
        order = {c.index: (t if rside is Side.NS else pos.tricks_left - t) for c, t in dd_root.ns_tricks}
    mistaken = model.forgot_winner or (not model.initially_aware(claim) and bool(
        model.against(SEATS.index(claim.by), _all_hands(pos)) & SUIT_MASK[trump] if trump >= 0 else 0))
    allowed = normal_categories(findings, mistaken)
    if any(st[0] == SQUEEZE for st in model.steps):  # a stated squeeze: he is deemed to play it as he said
        allowed -= {c for c in CHOICE_CATEGORY.values() if (c, True) not in findings.switches}
    return _Start(model, hands, leader, trick, ptr, sub, aware, shown, tuple(prefix), won0, allowed, order)


def search(setting: ClaimSetting, claim: Claim, *, node_budget: int = DEFAULT_NODE_BUDGET,
           switches: Sequence[tuple[Category, bool]] = (), claimer_plays_any_card: bool = False,
           deadline: float | None = None, dd_root: CardScores | None = None, at_least: int = 0) -> SearchResult:
    """The fewest tricks the restricted side (:func:`engine.laws.claims.restricted_seats`) takes
    from the claim on, the other side playing any card (min-min, docs/claims.md 2.3).

    ``switches`` are added to the findings' (a doubtful point re-ruled). Cards played after the
    claim (``findings.played_after_claim``, 70D3) are played first. ``claimer_plays_any_card``
    lets the restricted side play any card for the most tricks: the search is then double dummy
    (a check of the search, never a ruling). ``deadline`` (``time.monotonic()``) stops the search
    as its node budget does: most of the time left for the lower bound, the rest for a line.
    ``dd_root``: the double-dummy values of the position at the claim; when the other side is to
    play there, its cards are tried best first (fewest tricks for the restricted side); a claim
    of more than its double-dummy tricks counts on a card that is not a winner
    (:attr:`engine.laws.normal_play.NormalPlay.forgot_winner`). ``at_least``: what the caller
    knows the restricted side takes whatever the search finds (a doubtful point ruled not normal
    never gives it less than the award): the search stops at the first line that holds it there,
    and the answer is never below it.

    Raises:
        InvalidBoardError: a card played after the claim that is not the next player's, or does
            not follow suit when it could (path ``claim/findings/played_after_claim/<i>``).
    """
    t0 = time.perf_counter()
    findings = replace(claim.findings, switches=(*claim.findings.switches, *switches))
    key = (setting.position, setting.shown_out, setting.penalty_cards, setting.tricks_won,
           replace(claim, findings=findings), claimer_plays_any_card, node_budget, dd_root, at_least)
    kept = _MEMO.get(key)
    if kept is not None:
        return replace(kept, ms=(time.perf_counter() - t0) * 1000)
    pos = setting.position
    st = _start(setting, claim, findings, dd_root)
    model, hands, leader, trick = st.model, st.hands, st.leader, st.trick
    ptr, sub, aware, shown, won0 = st.ptr, st.sub, st.aware, st.shown, st.won0
    trump = model.trump
    line: tuple[tuple[int, int, str | None], ...] = ()
    now = time.monotonic()
    end = deadline if deadline is not None else float("inf")
    lo_search = _searcher(model, st.allowed, trump, node_budget, optimistic_cuts=True,
                        claimer_best=claimer_plays_any_card, deadline=now + 0.7 * (end - now) if end > now else now)
    lo_search.root, lo_search.root_order = (hands, leader, trick), st.order
    penalty = sum(1 << c.index for c in setting.penalty_cards)
    lo_search.penalty = penalty
    floor = max(-1, at_least - won0)  # a line at the floor ends the search: nothing lower can be
    if not any(hands):
        low = 0
    elif trick:
        low, line = lo_search.node(hands, leader, trick, ptr, sub, aware, shown, -1, floor, _INF)
    else:
        low, line = lo_search.boundary(hands, leader, ptr, sub, aware, shown, -1, floor, _INF)
    low = max(low, at_least - won0)
    nodes = lo_search.nodes
    complete = lo_search.cuts == 0
    high = low
    if not complete:  # an upper bound and a real line: the best line found within the budget
        hi_search = _searcher(model, st.allowed, trump, node_budget, optimistic_cuts=False,
                            claimer_best=claimer_plays_any_card, deadline=max(end, time.monotonic() + 0.5))
        hi_search.root, hi_search.root_order = (hands, leader, trick), st.order
        hi_search.penalty = penalty
        if trick:
            high, line = hi_search.node(hands, leader, trick, ptr, sub, aware, shown, -1, floor, _INF)
        else:
            high, line = hi_search.boundary(hands, leader, ptr, sub, aware, shown, -1, floor, _INF)
        nodes += hi_search.nodes
        if high >= _INF:
            high, line = pos.tricks_left - won0, ()
        high = max(high, low)
    full = [*st.prefix, *((s, c, cat, False) for s, c, cat in line)]
    plays = _number(setting.position, full, setting.tricks_won)
    result = SearchResult(won0 + high, won0 + low, complete, plays, nodes, (time.perf_counter() - t0) * 1000)
    if complete:
        _MEMO.put(key, result)
    return result


def held_to(setting: ClaimSetting, claim: Claim, t: int, *, node_budget: int = DEFAULT_NODE_BUDGET,
            switches: Sequence[tuple[Category, bool]] = (), deadline: float | None = None,
            dd_root: CardScores | None = None) -> SearchResult | bool | None:
    """Can the restricted side be held to ``t`` tricks or fewer (``switches`` added to the findings),
    when the caller knows it takes at least ``t``? A null-window search (alpha ``t``, beta ``t + 1``):
    much cheaper than :func:`search`'s exact figure, as any line where the side has already won more
    than ``t`` is cut at once. Answers the result (exactly ``t``, with the line that holds it there)
    when it can, ``False`` when it cannot, ``None`` when the node budget or the deadline stopped it.

    Raises:
        InvalidBoardError: as :func:`search`.
    """
    findings = replace(claim.findings, switches=(*claim.findings.switches, *switches))
    t0 = time.perf_counter()
    st = _start(setting, claim, findings, dd_root)
    model, hands, leader, trick = st.model, st.hands, st.leader, st.trick
    s = _searcher(model, st.allowed, model.trump, node_budget, optimistic_cuts=True,
                  deadline=deadline if deadline is not None else float("inf"))
    s.root, s.root_order = (hands, leader, trick), st.order
    s.penalty = sum(1 << c.index for c in setting.penalty_cards)
    a, b = t - st.won0, t + 1 - st.won0
    if b <= 0:
        return False
    line: tuple[tuple[int, int, str | None], ...] = ()
    if not any(hands):
        v = 0
    elif trick:
        v, line = s.node(hands, leader, trick, st.ptr, st.sub, st.aware, st.shown, -1, a, b)
    else:
        v, line = s.boundary(hands, leader, st.ptr, st.sub, st.aware, st.shown, -1, a, b)
    if s.cuts:
        return None
    if v >= b:
        return False
    full: list[tuple[int, int, str | None, bool]] = [*st.prefix, *((x, c, cat, False) for x, c, cat in line)]
    plays = _number(setting.position, full, setting.tricks_won)
    return SearchResult(t, t, True, plays, s.nodes, (time.perf_counter() - t0) * 1000)


def _choice_nodes(setting: ClaimSetting, claim: Claim, line: Sequence[LinePlay], dd_root: CardScores | None
                  ) -> tuple[_Start, list[tuple[int, Category, tuple[object, ...], list[int], int]]]:
    """The points of ``line`` where the restricted side had several natural plays of a kind of
    choice counted as normal: ``(index, the kind's category, state, the natural cards, the card
    played)``."""
    st = _start(setting, claim, claim.findings, dd_root)
    model = st.model
    penalty = sum(1 << c.index for c in setting.penalty_cards)
    hands, leader, trick, ptr, sub = st.hands, st.leader, st.trick, st.ptr, st.sub
    aware, shown, run = st.aware, st.shown, -1
    nodes: list[tuple[int, Category, tuple[object, ...], list[int], int]] = []
    for i, lp in enumerate(line):
        if lp.evidence:
            continue
        seat = SEATS.index(lp.seat)
        card = lp.card.index
        if seat in model.restricted and lp.category in NATURAL and not penalty & hands[seat]:
            offered, choice = model.options(hands, leader, trick, ptr, sub, aware, shown, run)
            cat = CHOICE_CATEGORY.get(choice)
            natural = [c for c, k in offered if k in NATURAL]
            if cat is not None and cat in st.allowed and len(natural) > 1 and card in natural:
                nodes.append((i, cat, (hands, leader, trick, ptr, sub, aware, shown, run), natural, card))
        nh = list(hands)
        nh[seat] &= ~(1 << card)
        hands = (nh[0], nh[1], nh[2], nh[3])
        if seat not in model.restricted:
            if trick and card // 13 != trick[0] // 13:
                shown |= 1 << (seat * 4 + trick[0] // 13)
            if card // 13 == model.trump:
                aware = True
        trick = (*trick, card)
        if len(trick) == 4:
            w = trick_winner(trick, leader, model.trump)
            won = w in model.restricted
            run = trick[0] // 13 if won and leader in model.restricted else -1
            ptr, sub = model.advance(ptr, sub, hands, trick, leader)
            leader, trick = w, ()
    return st, nodes


def choice_kinds(setting: ClaimSetting, claim: Claim, line: Sequence[LinePlay], *,
                 dd_root: CardScores | None = None) -> list[tuple[int, Category]]:
    """Each kind of choice among natural plays counted as normal that ``line`` makes, at its first
    point: ``(index in line, the kind's category)``."""
    _, nodes = _choice_nodes(setting, claim, line, dd_root)
    first: dict[Category, int] = {}
    for i, cat, _, _, _ in nodes:
        first.setdefault(cat, i)
    return sorted((i, c) for c, i in first.items())


def choice_points(setting: ClaimSetting, claim: Claim, line: Sequence[LinePlay], *, node_budget: int,
                  deadline: float | None = None, dd_root: CardScores | None = None) -> list[tuple[int, Category]]:
    """The choices among natural plays on ``line`` (a worst line of :func:`search` for ``claim``)
    that cost the restricted side tricks: for each kind of choice
    (:data:`engine.laws.normal_play.CHOICE_CATEGORY`) counted as normal, the first point of the
    line where the side took a natural play worse than another one would have been, had every kind
    of choice been made right from there on (White Book 8.70: the most disadvantageous order).
    Answers ``(index in line, the kind's category)``; a kind whose points are not all searched to
    the end within ``node_budget`` is left out.
    """
    st, nodes = _choice_nodes(setting, claim, line, dd_root)
    model = st.model
    penalty = sum(1 << c.index for c in setting.penalty_cards)
    out: list[tuple[int, Category]] = []
    end = deadline if deadline is not None else float("inf")
    right = st.allowed - set(CHOICE_CATEGORY.values())  # every kind of choice made right from there on
    s = _searcher(model, right, model.trump, node_budget, optimistic_cuts=True, deadline=end)
    s.penalty = penalty
    for cat in dict.fromkeys(c for _, c, _, _, _ in nodes):
        for i, c, state, natural, card in nodes:
            if c is not cat:
                continue
            h, ld, tr, p, sb, aw, sh, rn = state
            cuts = s.cuts
            values = {x: s.child(h, ld, tr, p, sb, aw, sh, rn, x, -1, _INF)[0] for x in natural}  # type: ignore[arg-type]
            if s.cuts != cuts:
                break
            if max(values.values()) > values[card]:
                out.append((i, cat))
                break
    return sorted(out)


def _all_hands(pos: Position) -> tuple[int, int, int, int]:
    """The hands as they were at the claim, the current trick's cards given back to their players."""
    hands = list(pos.hands)
    seat = SEATS.index(pos.leader)
    for i, c in enumerate(pos.trick):
        hands[(seat + i) % 4] |= 1 << c.index
    return (hands[0], hands[1], hands[2], hands[3])



def _number(pos: Position, full: Sequence[tuple[int, int, str | None, bool]],
            won: tuple[int, int] | None) -> tuple[LinePlay, ...]:
    played = len(pos.trick)
    first = (sum(won) + 1) if won is not None else 1
    out = []
    for i, (seat, c, cat, evidence) in enumerate(full):
        n = (played + i) // 4
        out.append(LinePlay(n + 1, first + n, SEATS[seat], _CARD[c], Category(cat) if cat else None, evidence))
    return tuple(out)
