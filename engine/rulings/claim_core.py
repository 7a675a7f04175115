"""The claim search compiled (issue 33): :class:`CoreSearch` answers as
:class:`engine.rulings.claim_search._Search` does, value for value, 20-40 times faster.

The Python classes (:class:`engine.laws.normal_play.NormalPlay`, ``_Search``) stay the reference
(Laws 68-71 as the engine reads them, docs/claims.md 2.2-2.3); the kernel
(:mod:`engine.rulings.claim_kernel`, numba's nopython mode) is their port. Both give the same values,
completeness, node counts and worst lines (cards and categories): tests/engine/rulings/test_claim_core.py
checks it on random positions, whole rulings and the corpus. :func:`engine.rulings.claim_search.search`
and :func:`engine.rulings.claim_search.choice_points` use the kernel unless ``ADVISOR_CLAIM_CORE=python``
(:func:`engine.rulings.claim_search.core_wanted`).

The compiled code is cached by numba beside the kernel (its ``__pycache__``) or under
``NUMBA_CACHE_DIR``; the first use in a process compiles it (15-30 s on this project's machine) or
loads it (0.3 s): :func:`warm_up` does it ahead (the app at start, in a background thread; the test
session once before its workers start).
"""

from __future__ import annotations

import itertools
import logging
import mmap
import threading
import time
from collections.abc import Callable

import numpy as np

from engine.laws.claim_masks import trick_winner as py_trick_winner
from engine.laws.claims import Category
from engine.laws.normal_play import _RANK, CHOICE_CATEGORY, NormalPlay
from engine.rulings.claim_kernel import (
    DEPTH,
    INF,
    M_CARELESS_ORDER,
    M_CLAIMER,
    M_DECLARER,
    M_FORGOT,
    M_HIDDEN,
    M_NSTEPS,
    M_RESTRICTED,
    M_STEPS,
    M_TOPS,
    M_TRUMP,
    M_UNBLOCK,
    M_VIEW,
    NCAT,
    NEVER,
    NO_CAT,
    NX,
    STEP_W,
    WIDTH,
    X_ALLOWED,
    X_BEST,
    X_BEST_CHOICE,
    X_BUDGET,
    X_CUTS,
    X_DEADLINE,
    X_ENTRIES,
    X_FAILED,
    X_GEN,
    X_NODES,
    X_OPT,
    X_PENALTY,
    X_ROOT,
    X_ROOT_HELD,
    X_STOPPED,
    search_from,
)

log = logging.getLogger(__name__)

CATEGORY_OF: tuple[Category, ...] = tuple(sorted(_RANK, key=_RANK.__getitem__))
"""A category's rank (the kernel's code) -> the category."""

RUNNABLE = np.zeros(1 << 14, np.int8)
"""``runnable``'s answers by relative ranks, kept across searches and threads (a pure function: two
threads writing an entry write the same value)."""


def model_array(model: NormalPlay) -> np.ndarray:
    """The model as the compiled code reads it (``M_*`` slots; the steps nine ints each)."""
    m = np.zeros(M_STEPS + STEP_W * len(model.steps), np.int64)
    m[M_RESTRICTED] = sum(1 << s for s in model.restricted)
    m[M_DECLARER] = model.declarer
    m[M_TRUMP] = model.trump
    m[M_CLAIMER] = model.claimer
    m[M_CARELESS_ORDER] = int(model.careless_order)
    m[M_FORGOT] = int(model.forgot_winner)
    m[M_UNBLOCK] = model.unblock_cards
    m[M_VIEW] = model.view_seat()
    for s in range(4):
        m[M_HIDDEN + s] = model.hidden[s]
        for su in range(4):
            m[M_TOPS + 4 * s + su] = model.top_winners[s][su]
    m[M_NSTEPS] = len(model.steps)
    for i, st in enumerate(model.steps):
        m[M_STEPS + STEP_W * i:M_STEPS + STEP_W * (i + 1)] = st
    return m


def table_rows(budget: int, cards: int = 13) -> int:
    """The memo's rows for a search of ``budget`` nodes from a position of ``cards`` cards in the
    longest hand: a power of two, about one row for every 2 nodes (an entry is made every 8-50
    nodes: the table stays a quarter full or less, where linear probing's runs stay well under its
    32 probes, and no entry is lost), no more than such a position's searches come near
    (2^(6 + 2 x cards): 2^16 rows at 5 cards, where a search takes a few thousand nodes), from 2^12
    to 2^22 rows (96 MiB, its pages touched as used)."""
    want = max(1, budget // 2)
    return 1 << max(12, min(22, 6 + 2 * cards, (want - 1).bit_length()))


def _zeros(n: int) -> np.ndarray:
    """``n`` int64 zeros in an anonymous mapping of its own: the system gives each 4 KiB page, zeroed,
    when first touched, and takes the whole back when the array is dropped (numpy's own large arrays
    ask for 2 MiB pages, each zeroed, and on this kind of machine compacted, at its first touch:
    measured 0.4 s for 100 rows touched in a 96 MiB table, 0.4 ms here)."""
    return np.frombuffer(mmap.mmap(-1, max(8, n * 8)), np.int64)


class Workspace:
    """One search's arrays: the memo table and the arena of its exact entries' lines, and the
    per-depth buffers. Reused from search to search (:func:`workspace`): the memo is emptied by a
    new generation, not by clearing it."""

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.T = _zeros(rows * 3).reshape(rows, 3)
        self.A = _zeros(4 * rows)  # the exact entries' lines (a few % of the entries; pages touched as used)
        self.B = np.zeros((DEPTH, 16), np.int64)
        self.CM = np.zeros((DEPTH, NCAT), np.int64)
        self.L = np.zeros((2 * DEPTH + 2, WIDTH), np.int64)
        self.LN = np.zeros(2 * DEPTH + 2, np.int64)
        self.LT = np.zeros((2 * DEPTH + 2, 2), np.int64)
        self.out = np.zeros(64, np.int64)


_POOL: dict[int, list[Workspace]] = {}
_POOL_LOCK = threading.Lock()
_GENERATION = itertools.count(1)


def workspace(rows: int) -> tuple[Workspace, int]:
    """A free workspace of ``rows`` memo rows (made when none is free: as many exist as searches
    ran at once) and a new generation for its memo."""
    with _POOL_LOCK:
        free = _POOL.get(rows)
        ws = free.pop() if free else None
        gen = next(_GENERATION)
    return (ws or Workspace(rows)), gen


POOLED_ROWS = 1 << 21
"""Workspaces up to this many memo rows (48 MiB: the default budget's) are kept for the next search;
bigger ones (a job's searches of seconds, where making them costs nothing in comparison) are given
back to the system."""


def release(ws: Workspace) -> None:
    """Give a workspace back for the next search (kept when it is small: :data:`POOLED_ROWS`)."""
    if ws.rows > POOLED_ROWS:
        return
    with _POOL_LOCK:
        _POOL.setdefault(ws.rows, []).append(ws)


class CoreSearch:
    """:class:`engine.rulings.claim_search._Search` compiled: the same constructor, attributes
    (``root``, ``root_order``, ``penalty``, ``nodes``, ``cuts``, ``stopped``) and methods
    (``node``, ``boundary``, ``child``), the same answers (values, lines of ``(seat, card,
    category value or None)``) and node counts; one memo for the object's life."""

    def __init__(self, model: NormalPlay, allowed: frozenset[Category], trump: int, budget: int,
                 optimistic_cuts: bool, claimer_best: bool = False, deadline: float = float("inf")) -> None:
        self.model = model
        self.allowed = allowed
        self.trump = trump
        self.budget = budget
        self.deadline = deadline
        self.root: tuple[object, ...] = ()
        self.root_order: dict[int, int] = {}
        self.penalty = 0
        self._M = model_array(model)
        X = np.zeros(NX, np.int64)
        X[X_BUDGET] = budget
        X[X_OPT] = int(optimistic_cuts)
        X[X_BEST] = int(claimer_best)
        X[X_ALLOWED] = sum(1 << _RANK[c] for c in allowed)
        X[X_BEST_CHOICE] = sum(1 << k.value for k, cat in CHOICE_CATEGORY.items() if cat not in allowed)
        X[X_DEADLINE] = NEVER if deadline == float("inf") else int(deadline * 1e9)
        self._X = X
        self._R = np.full(52, INF, np.int64)
        self._ws: Workspace | None = None
        self._warned = False

    def __del__(self) -> None:
        ws, self._ws = getattr(self, "_ws", None), None
        if ws is not None:
            try:
                release(ws)
            except Exception:  # at the interpreter's exit: nothing to give back to
                pass

    @property
    def nodes(self) -> int:
        """Nodes (cards tried) visited so far."""
        return int(self._X[X_NODES])

    @property
    def cuts(self) -> int:
        """Branches cut at the budget or the deadline so far."""
        return int(self._X[X_CUTS])

    @property
    def stopped(self) -> bool:
        """The budget or the deadline was reached."""
        return bool(self._X[X_STOPPED])

    @property
    def entries(self) -> int:
        """Memo entries made (a measure)."""
        return int(self._X[X_ENTRIES])

    def _ready(self, hands: tuple[int, int, int, int]) -> Workspace:
        """The workspace, taken at the first call (its size from the budget and that position's cards)."""
        if self._ws is not None:
            return self._ws
        cards = max(h.bit_count() for h in hands)
        self._ws, gen = workspace(table_rows(self.budget, cards))
        X = self._X
        X[X_GEN] = gen
        X[X_PENALTY] = self.penalty
        if self.root_order and self.root:
            root = self.root[0]
            assert isinstance(root, tuple)
            X[X_ROOT] = 1
            X[X_ROOT_HELD] = root[0] | root[1] | root[2] | root[3]
            for c, v in self.root_order.items():
                self._R[c] = v
        return self._ws

    def _run(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
             aware: bool, shown: int, run: int, alpha: int, beta: int
             ) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        ws = self._ready(hands)
        packed = 0
        for i, c in enumerate(trick):
            packed |= c << (6 * i)
        v, n = search_from(hands[0], hands[1], hands[2], hands[3], leader, packed, len(trick), ptr, sub, bool(aware),
                           shown, run, alpha, beta, self._M, self._X, self._R, ws.T, ws.A, ws.B, ws.CM, ws.L, ws.LN,
                           ws.LT, RUNNABLE, ws.out)
        if self._X[X_FAILED] and not self._warned:  # a full memo: more nodes than the Python search, or a line cut
            self._warned = True
            log.warning("claim search: %d memo entries could not be kept (%d rows): the node count may differ from "
                        "the Python search's", int(self._X[X_FAILED]), ws.rows)
        line = []
        for mv in ws.out[:n].tolist():
            cat = (mv >> 8) & 15
            line.append(((mv >> 6) & 3, mv & 63, None if cat == NO_CAT else CATEGORY_OF[cat].value))
        return int(v), tuple(line)

    def node(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
             aware: bool, shown: int, run: int, alpha: int,
             beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        """``_Search.node`` (a trick in progress; an empty trick is a boundary, as the Python search
        never calls ``node`` there but from ``boundary``)."""
        return self._run(hands, leader, trick, ptr, sub, aware, shown, run, alpha, beta)

    def boundary(self, hands: tuple[int, int, int, int], leader: int, ptr: int, sub: int, aware: bool, shown: int,
                 run: int, alpha: int, beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        """``_Search.boundary``."""
        return self._run(hands, leader, (), ptr, sub, aware, shown, run, alpha, beta)

    def child(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
              aware: bool, shown: int, run: int, card: int, alpha: int,
              beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        """``_Search.child``: the value after ``card`` is played."""
        model = self.model
        seat = (leader + len(trick)) % 4
        nh = list(hands)
        nh[seat] &= ~(1 << card)
        h: tuple[int, int, int, int] = (nh[0], nh[1], nh[2], nh[3])
        nt = (*trick, card)
        if seat not in model.restricted:
            if trick and card // 13 != trick[0] // 13:
                shown |= 1 << (seat * 4 + trick[0] // 13)
            if card // 13 == self.trump:
                aware = True
        if len(nt) < 4:
            return self._run(h, leader, nt, ptr, sub, aware, shown, run, alpha, beta)
        w = py_trick_winner(nt, leader, self.trump)
        won = 1 if w in model.restricted else 0
        nrun = nt[0] // 13 if won and leader in model.restricted else -1
        nptr, nsub = model.advance(ptr, sub, h, nt, leader)
        v, line = self._run(h, w, (), nptr, nsub, aware, shown, nrun, alpha - won, beta - won)
        return v + won, line


def stopper(search: CoreSearch) -> Callable[[], None]:
    """A hook that stops ``search`` at its next clock check (every 1,024 nodes), as its deadline
    would: it holds the search's small state array only, never the search or its tables."""
    state = search._X

    def stop() -> None:
        state[X_DEADLINE] = 0

    return stop


_warm_lock = threading.Lock()
_warm_seconds: float | None = None


def ready() -> bool:
    """:func:`warm_up` has run in this process: the compiled code is loaded."""
    return _warm_seconds is not None


def warm_up() -> float:
    """Compile the core, or load it from numba's cache, by running one small search; answers the
    seconds it took (0 when already done in this process). Thread-safe; the CLI and the tests
    compile on first use, the app in a background thread at start (:mod:`app.main`)."""
    global _warm_seconds
    with _warm_lock:
        if _warm_seconds is not None:
            return 0.0
        t0 = time.perf_counter()
        _warm_example()
        _warm_seconds = time.perf_counter() - t0
        log.info("claim core ready in %.2f s (numba: compiled, or loaded from its cache)", _warm_seconds)
        return _warm_seconds


def _warm_example() -> None:
    """One search of every entry's types: a 3-card notrump ending with a statement."""
    from engine.laws.claims import Claim, Do, Findings, Stated, Statement
    from engine.model.cards import Suit
    from engine.model.seats import Seat

    hands = (0b111 << 10, 0b111 << 23, 0b111 << 36, 0b111 << 49)  # N the top spades, E hearts...
    claim = Claim(Seat.NORTH, 3, statement=Statement(steps=(Stated(Do.CASH, suit=Suit.SPADES),)),
                  findings=Findings())
    model = NormalPlay.of(claim, hands, None, 3)
    s = CoreSearch(model, frozenset(_RANK), -1, 1000, True, deadline=time.monotonic() + 60)
    s.root, s.root_order = (hands, 0, ()), {12: 3}
    s.boundary(hands, 0, 0, 0, True, 0, -1, -1, INF)
    s.node(hands, 0, (), 0, 0, True, 0, -1, -1, INF)
