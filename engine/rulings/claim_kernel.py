"""The compiled claim search's kernel (issue 33): every function of
:class:`engine.laws.normal_play.NormalPlay` and :class:`engine.rulings.claim_search._Search` in
numba's nopython mode, line for line, over ``int64`` scalars and masks. Driven by
:mod:`engine.rulings.claim_core`, which builds the arrays and answers as ``_Search`` does.

How the port is written (benchmarks/README.md, "A compiled core: numba, measured"):

* The model is encoded once, in Python, into a flat ``int64`` array (``M_*`` slots,
  :func:`engine.rulings.claim_core.model_array`: the restricted seats, declarer, trump, the hidden
  hands, the top-winner counts, the stated steps as nine ints each). The per-node code sees only
  ``int64`` scalars and masks: hands as four 52-bit masks, the current trick as one integer (6 bits
  a card), categories as their rank in :data:`engine.laws.normal_play._RANK` (then "most normal" is
  the lowest), kinds of choice as :class:`engine.laws.normal_play.Choice` values.
* Every method of :class:`NormalPlay` has its twin here under the same name (``leads`` for
  ``_leads``...), line for line, so that a change there is ported by reading the two side by side;
  the offered cards go to 14 masks, one per category (``put`` keeps a card's most normal category).
* One self-recursive function, :func:`rec`: the trick boundary's memo logic (``_Search.boundary``)
  and the node (``_Search.node``, ``child``) in one. No allocation per node: moves, category masks
  and lines go to rows of preallocated buffers, one row per depth. No literal argument to a
  compiled call (``np.int64(0)``, not ``0``): numba would compile another version for the literal,
  and a cached recursive function calling a second version of itself crashes when loaded (numba
  issue 6061).
* The memo: an open-addressing table in one numpy array (rows of key, key, value; 32 probes; a full
  window evicts a bound but never an exact entry, else stores nothing: a miss later, never a wrong
  answer). Tables are reused from search to search: a key carries its search's generation, and a
  row of another generation counts as empty (no clearing). An exact entry's line is kept in an
  arena as its own moves and the key of the exact entry it continues with, as the Python memo keeps
  the whole tuple.
* The deadline: ``clock_gettime(CLOCK_MONOTONIC)`` through an LLVM intrinsic (``time.monotonic``'s
  clock), read every 1,024 nodes as the Python search does; the entry releases the GIL.
* Bit intrinsics (``ctlz``/``cttz``/``ctpop``) have Python twins (``NUMBA_DISABLE_JIT=1`` runs
  this module as plain Python, for debugging).
* **Everything compiled is in this one file, and every constant it reads is defined here**:
  numba's cache is keyed to the source file of each function alone, so a compiled helper or a
  constant taken from another file would stay frozen in the cache after that file changed. The
  import checks the constants against the Python model's.

The annotations say ``int`` where the values are numpy ``int64`` scalars (mypy is told so in
pyproject.toml); the equality with the Python reference is what tests/engine/rulings/test_claim_core.py
checks.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from engine.laws.claims import Category
from engine.laws.normal_play import _DO_CODE, _RANK, NATURAL, Choice

# --- constants (all the compiled code reads; checked against the Python model at import) ----------

INF = 99
"""The value of a branch not searched to the end in the upper-bound pass (``claim_search._INF``)."""

# categories: their rank in normal_play._RANK (lower = more normal); 15 = no category
STATED, CASH, NORMAL, ENTRY, CONCEDE, UNAWARE_TRUMP, UNAWARE_WINNER, CARELESS_ORDER, CARELESS_BLOCK, \
    CARELESS_RUFF, CARELESS_DEPARTURE, ANY_ORDER, ANY_DISCARD, ANY_FOLLOW = range(14)
NCAT = 14
NO_CAT = 15
LAST_NATURAL = CONCEDE  # ranks 0..4 are the natural categories

# kinds of choice (Choice)
C_NONE, C_LEAD, C_DISCARD, C_FOLLOW = range(4)

# the statement's steps (normal_play's codes)
S_DRAW, S_CASH, S_LEAD, S_FINESSE, S_RUFF, S_XRUFF, S_CONCEDE, S_DISCARD, S_RFIN, S_UNBLOCK, S_SQUEEZE = range(11)

# the model array
M_RESTRICTED, M_DECLARER, M_TRUMP, M_CLAIMER, M_CARELESS_ORDER, M_FORGOT, M_UNBLOCK, M_VIEW = range(8)
M_HIDDEN = 8  # 4 slots
M_TOPS = 12  # 16 slots: top_winners[seat][suit]
M_NSTEPS = 28
M_STEPS = 29  # 9 slots a step: do, suit, card, seat, count, on, other, discard, keep
STEP_W = 9

# the search's state array
(X_NODES, X_CUTS, X_STOPPED, X_BUDGET, X_OPT, X_BEST, X_PENALTY, X_ALLOWED, X_BEST_CHOICE, X_DEADLINE,
 X_ROOT, X_ROOT_HELD, X_ARENA, X_FAILED, X_ENTRIES, X_EVICTED, X_GEN) = range(17)
NX = 17
GEN_SHIFT = 28  # the memo key's second word: show-outs (16 bits), sub (4), ptr (8), the table's generation

DEPTH = 56  # rows of the per-depth buffers: a line is at most 52 cards
WIDTH = 56  # moves a line row holds
PROBES = 32
NEVER = np.int64(1) << 62  # a deadline that never comes (ns)


def _check_constants() -> None:
    """The compiled code's constants are the Python model's (a change there must be ported here)."""
    ranks = {STATED: Category.STATED, CASH: Category.CASH, NORMAL: Category.NORMAL, ENTRY: Category.ENTRY,
             CONCEDE: Category.CONCEDE, UNAWARE_TRUMP: Category.UNAWARE_TRUMP,
             UNAWARE_WINNER: Category.UNAWARE_WINNER, CARELESS_ORDER: Category.CARELESS_ORDER,
             CARELESS_BLOCK: Category.CARELESS_BLOCK, CARELESS_RUFF: Category.CARELESS_RUFF,
             CARELESS_DEPARTURE: Category.CARELESS_DEPARTURE, ANY_ORDER: Category.ANY_ORDER,
             ANY_DISCARD: Category.ANY_DISCARD, ANY_FOLLOW: Category.ANY_FOLLOW}
    if {c: r for r, c in ranks.items()} != _RANK:
        raise RuntimeError("claim_core: the categories' ranks differ from normal_play._RANK: port the change")
    if {_RANK[c] for c in NATURAL} != set(range(LAST_NATURAL + 1)):
        raise RuntimeError("claim_core: the natural categories are not the first ranks: port the change")
    if [c.value for c in Choice] != [C_NONE, C_LEAD, C_DISCARD, C_FOLLOW]:
        raise RuntimeError("claim_core: normal_play.Choice changed: port the change")
    from engine.laws import normal_play as npl
    codes = (npl.DRAW, npl.CASH, npl.LEAD, npl.FINESSE, npl.RUFF, npl.XRUFF, npl.CONCEDE, npl.DISCARD, npl.RFIN,
             npl.UNBLOCK, npl.SQUEEZE)
    if codes != tuple(range(11)) or sorted(_DO_CODE.values()) != list(range(11)):
        raise RuntimeError("claim_core: the statement's step codes changed: port the change")


_check_constants()


# --- bit intrinsics, each with its Python twin (NUMBA_DISABLE_JIT=1) ---------------------------------

@intrinsic
def _ctlz(typingctx: Any, x: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _clock_ns(typingctx: Any) -> Any:
    """``clock_gettime(CLOCK_MONOTONIC)`` in nanoseconds (the clock of ``time.monotonic``)."""
    sig = types.int64()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        i64, i32 = ir.IntType(64), ir.IntType(32)
        ts_t = ir.LiteralStructType([i64, i64])
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i32, [i32, ts_t.as_pointer()]),
                                            "clock_gettime")
        ts = cgutils.alloca_once(builder, ts_t)
        builder.call(fn, [ir.Constant(i32, 1), ts])  # CLOCK_MONOTONIC
        sec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 0))
        nsec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 1))
        return builder.add(builder.mul(sec, ir.Constant(i64, 1_000_000_000)), nsec)

    return sig, codegen


@intrinsic
def _unowned(typingctx: Any, arr: Any) -> Any:
    """The same array without its reference count (a null meminfo): numba then passes it from call to
    call without the atomic increments and decrements of the count. Only for arrays the caller keeps
    alive for as long as the view is used (the entry's arguments, for the entry's call)."""
    sig = arr(arr)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        ary = cgutils.create_struct_proxy(signature.args[0])(context, builder, value=args[0])
        ary.meminfo = cgutils.get_null_value(ary.meminfo.type)
        ary.parent = cgutils.get_null_value(ary.parent.type)
        return ary._getvalue()

    return sig, codegen


def _borrowed(arr: Any) -> Any:
    """``arr``, borrowed: compiled, :func:`_unowned`; in Python (``NUMBA_DISABLE_JIT=1``), itself."""
    return arr


def top(m: int) -> int:
    """The highest card of a non-empty mask."""
    return int(m).bit_length() - 1


def bottom(m: int) -> int:
    """The lowest card of a non-empty mask."""
    m = int(m)
    return (m & -m).bit_length() - 1


def popcount(m: int) -> int:
    """The cards of a mask."""
    return int(m).bit_count()


def clock_ns() -> int:
    """``time.monotonic_ns()``."""
    return time.monotonic_ns()


@overload(_borrowed, jit_options={"cache": True})
def _borrowed_jit(arr: Any) -> Any:
    def impl(arr: Any) -> Any:
        return _unowned(arr)
    return impl


@overload(top, jit_options={"cache": True})
def _top_jit(m: Any) -> Any:
    def impl(m: Any) -> Any:
        return 63 - _ctlz(m)
    return impl


@overload(bottom, jit_options={"cache": True})
def _bottom_jit(m: Any) -> Any:
    def impl(m: Any) -> Any:
        return _cttz(m)
    return impl


@overload(popcount, jit_options={"cache": True})
def _popcount_jit(m: Any) -> Any:
    def impl(m: Any) -> Any:
        return _ctpop(m)
    return impl


@overload(clock_ns, jit_options={"cache": True})
def _clock_jit() -> Any:
    def impl() -> Any:
        return _clock_ns()
    return impl


# --- card arithmetic (engine.laws.claim_masks) -----------------------------------------------------

@njit(cache=True)
def sm(su: int) -> int:
    """``SUIT_MASK[su]``, Python's indexing for -4..3 included (``SUIT_MASK[-1]`` is the clubs')."""
    return np.int64(0x1FFF) << np.int64(13 * (su & 3))


@njit(cache=True)
def bit(c: int) -> int:
    return np.int64(1) << np.int64(c)


@njit(cache=True)
def above(card: int) -> int:
    """The cards of ``card``'s suit above it (``normal_play._above``)."""
    return sm(card // 13) & ~((np.int64(1) << np.int64(card + 1)) - 1)


@njit(cache=True)
def card_at(trick: int, i: int) -> int:
    return (trick >> np.int64(6 * i)) & 63


@njit(cache=True)
def tmask(M: Any) -> int:
    t = M[M_TRUMP]
    if t >= 0:
        return sm(t)
    return np.int64(0)


@njit(cache=True)
def trick_winner(trick: int, n: int, leader: int, trump: int) -> int:
    """``claim_masks.trick_winner`` on a packed trick of ``n`` cards."""
    best = card_at(trick, 0)
    bi = 0
    bs = best // 13
    for i in range(1, n):
        c = card_at(trick, i)
        cs = c // 13
        if cs == bs:
            if c > best:
                best = c
                bi = i
        elif cs == trump:
            best = c
            bi = i
            bs = cs
    return (leader + bi) % 4


@njit(cache=True)
def _compress(lead: int, other: int) -> int:
    """``(1 << n) | pattern``: bit i of the pattern set when the i-th lowest card of ``lead | other``
    is ``lead``'s (the question depends on the relative ranks only)."""
    u = lead | other
    key = np.int64(0)
    i = 0
    while u:
        b = u & -u
        if lead & b:
            key |= np.int64(1) << np.int64(i)
        u ^= b
        i += 1
    return (np.int64(1) << np.int64(i)) | key


@njit(cache=True)
def runnable(lead: int, other: int, tab: Any) -> bool:
    """``claim_masks.runnable``, memoised in ``tab`` (int8, 2^14: 0 unknown, 1 no, 2 yes)."""
    if not lead:
        return other == 0
    if not other:
        return True
    k = _compress(lead, other)
    got = tab[k]
    if got:
        return got == 2
    res = False
    m = lead
    while m and not res:
        a = m & -m
        m ^= a
        n = other
        while n:
            b = n & -n
            n ^= b
            if a > b:
                if runnable(lead ^ a, other ^ b, tab):
                    res = True
                    break
            elif runnable(other ^ b, lead ^ a, tab):
                res = True
                break
    tab[k] = 2 if res else 1
    return res


# --- the normal-move set (NormalPlay, method for method) ----------------------------------------------

@njit(inline="always")
def put(cm: Any, card: int, cat: int) -> None:
    """Offer ``card`` under ``cat`` (the most normal category kept: ``options``' ``put``)."""
    b = bit(card)
    for r in range(NCAT):
        if cm[r] & b:
            if r <= cat:
                return
            cm[r] &= ~b
            break
    cm[cat] |= b


@njit(inline="always")
def offer(cm: Any, card: int, cat: int, departing: bool) -> None:
    """``_leads``' ``lead``: a natural lead becomes ``careless_departure`` while a stated ruff is due."""
    if departing and cat <= LAST_NATURAL:
        put(cm, card, CARELESS_DEPARTURE)
    else:
        put(cm, card, cat)


@njit(cache=True)
def against(M: Any, seat: int, hs: Any) -> int:
    m = hs[0] | hs[1] | hs[2] | hs[3]
    m &= ~hs[seat]
    p = (seat + 2) % 4
    if not (M[M_HIDDEN + seat] >> p) & 1:
        m &= ~hs[p]
    return m


@njit(cache=True)
def unseen(M: Any, seat: int, hs: Any) -> int:
    h = M[M_HIDDEN + seat]
    m = np.int64(0)
    for x in range(4):
        if (h >> x) & 1:
            m |= hs[x]
    return m


@njit(cache=True)
def winner(M: Any, card: int, foes: int, unaware: bool) -> bool:
    su = card // 13
    if su == M[M_TRUMP] and unaware:
        return True
    u = foes & sm(su)
    return u == 0 or card > top(u)


@njit(cache=True)
def established(M: Any, su: int, seat: int, hs: Any, foes: int) -> bool:
    u = foes & sm(su)
    if not u:
        return True
    side = hs[seat]
    p = (seat + 2) % 4
    if not (M[M_HIDDEN + seat] >> p) & 1:
        side |= hs[p]
    return popcount(side & above(top(u))) >= popcount(u)


@njit(cache=True)
def is_unaware(M: Any, aware: bool, foes: int) -> bool:
    t = M[M_TRUMP]
    return t >= 0 and not aware and (foes & sm(t)) != 0


@njit(cache=True)
def step(M: Any, i: int, f: int) -> int:
    return M[M_STEPS + STEP_W * i + f]


@njit(cache=True)
def side_of(M: Any, hs: Any) -> int:
    side = np.int64(0)
    r = M[M_RESTRICTED]
    for s in range(4):
        if (r >> s) & 1:
            side |= hs[s]
    return side


@njit(cache=True)
def protected(M: Any, ptr: int, hs: Any) -> int:
    m = np.int64(0)
    side = side_of(M, hs)
    for i in range(ptr, M[M_NSTEPS]):
        do = M[M_STEPS + STEP_W * i + 0]
        su = M[M_STEPS + STEP_W * i + 1]
        card = M[M_STEPS + STEP_W * i + 2]
        on = M[M_STEPS + STEP_W * i + 5]
        disc = M[M_STEPS + STEP_W * i + 7]
        if do == S_CASH and su >= 0:
            m |= side & sm(su)
        if (do == S_LEAD or do == S_FINESSE or do == S_RFIN) and card >= 0:
            m |= bit(card)
        elif do == S_DISCARD:
            if card >= 0:
                m |= bit(card)
            if on >= 0:
                m |= bit(on)
        elif do == S_SQUEEZE:
            m |= M[M_STEPS + STEP_W * i + 8]
        if do == S_RFIN and disc >= 0:
            m |= bit(disc)
    return m


@njit(cache=True)
def step_done(M: Any, i: int, sub: int, hs: Any, view: int) -> bool:
    do = M[M_STEPS + STEP_W * i + 0]
    su = M[M_STEPS + STEP_W * i + 1]
    card = M[M_STEPS + STEP_W * i + 2]
    seat = M[M_STEPS + STEP_W * i + 3] & 3  # Python's hands[-1] is West's
    count = M[M_STEPS + STEP_W * i + 4]
    on = M[M_STEPS + STEP_W * i + 5]
    other = M[M_STEPS + STEP_W * i + 6]
    keep = M[M_STEPS + STEP_W * i + 8]
    side = side_of(M, hs)
    t = tmask(M)
    if do == S_DRAW:
        ut = against(M, view, hs) & t
        return ut == 0 or (side & t) == 0 or bottom(ut) > top(side & t)
    if do == S_CASH or (do == S_DISCARD and on < 0 and su >= 0):
        if do == S_DISCARD and card >= 0 and not (side >> card) & 1:
            return True
        mine = side & sm(su)
        u = against(M, view, hs) & sm(su)
        return mine == 0 or (u != 0 and top(mine) < top(u))
    if do == S_LEAD or do == S_FINESSE or do == S_RFIN:
        return not (side >> card) & 1
    if do == S_DISCARD:
        return (not (side >> card) & 1) or (on >= 0 and not (side >> on) & 1)
    if do == S_RUFF:
        y = (seat + 2) % 4
        return sub >= count or (hs[seat] & t) == 0 or (hs[y] & sm(su)) == 0
    if do == S_XRUFF:
        y = (seat + 2) % 4
        one = (hs[y] & sm(su)) != 0 and (hs[seat] & sm(su)) == 0 and (hs[seat] & t) != 0
        two = (hs[seat] & sm(other)) != 0 and (hs[y] & sm(other)) == 0 and (hs[y] & t) != 0
        return not (one or two)
    if do == S_CONCEDE:
        return sub >= count or (side & sm(su)) == 0
    if do == S_SQUEEZE:
        return (side & ~keep) == 0
    return True


@njit(cache=True)
def advance(M: Any, ptr: int, sub: int, hs: Any, trick: int, ntrick: int, leader: int) -> tuple[int, int]:
    """``NormalPlay.advance``: the statement after a trick (``ntrick`` 4) or at the claim (0)."""
    n = M[M_NSTEPS]
    trump = M[M_TRUMP]
    restricted = M[M_RESTRICTED]
    if ptr < n and ntrick == 4:
        do = M[M_STEPS + STEP_W * ptr + 0]
        su = M[M_STEPS + STEP_W * ptr + 1]
        seat = M[M_STEPS + STEP_W * ptr + 3]
        other = M[M_STEPS + STEP_W * ptr + 6]
        led = card_at(trick, 0) // 13
        w = trick_winner(trick, np.int64(4), leader, trump)
        if (do == S_RUFF or do == S_XRUFF) and trump >= 0 and led != trump:
            for i in range(4):
                c = card_at(trick, i)
                by = (leader + i) % 4
                if c // 13 == trump and ((by == seat and led == su) or
                                         (do == S_XRUFF and by == (seat + 2) % 4 and led == other)):
                    sub += 1
        elif do == S_CONCEDE and led == su and (restricted >> leader) & 1 and not (restricted >> w) & 1:
            sub += 1
    view = M[M_VIEW]
    while ptr < n and step_done(M, ptr, sub, hs, view):
        ptr += 1
        sub = 0
    return ptr, sub


@njit(cache=True)
def entries(M: Any, hand: int, partner_hand: int, foes: int, unaware: bool, cm: Any, cat: int,
            departing: bool) -> int:
    """``_entries``; answers the number of cards offered."""
    found = 0
    t = M[M_TRUMP]
    pt = partner_hand & sm(t) if t >= 0 else np.int64(0)
    for su in range(4):
        mine = hand & sm(su)
        if not mine:
            continue
        theirs = partner_hand & sm(su)
        if theirs and winner(M, top(theirs), foes, unaware) and bottom(mine) < top(theirs):
            offer(cm, bottom(mine), cat, departing)
            found += 1
        elif not theirs and su != t and pt and winner(M, top(pt), foes, unaware):
            offer(cm, bottom(mine), cat, departing)
            found += 1
    return found


@njit(cache=True)
def blocking_leads(hs: Any, seat: int, partner: int, foes: int, tab: Any) -> int:
    """``_blocking_leads`` (a mask)."""
    found = np.int64(0)
    for su in range(4):
        mine = hs[seat] & sm(su)
        pm = hs[partner] & sm(su)
        theirs = foes & sm(su)
        if not mine or not pm or (theirs and bottom(mine | pm) < top(theirs)):
            continue
        okm = np.int64(0)
        badm = np.int64(0)
        m = mine
        while m:
            c = bottom(m)
            m &= m - 1
            good = False
            n = pm
            while n and not good:
                q = bottom(n)
                n &= n - 1
                if c > q:
                    good = runnable(mine & ~bit(c), pm & ~bit(q), tab)
                else:
                    good = runnable(pm & ~bit(q), mine & ~bit(c), tab)
            if good:
                okm |= bit(c)
            else:
                badm |= bit(c)
        if okm:
            found |= badm
    return found


@njit(cache=True)
def stated_lead(M: Any, hs: Any, seat: int, ptr: int, foes: int, unaware: bool, cm: Any, tab: Any) -> int:
    """``_stated_lead``: 1 offered, 0 to be played from partner's hand, -1 not now."""
    do = M[M_STEPS + STEP_W * ptr + 0]
    su = M[M_STEPS + STEP_W * ptr + 1]
    card = M[M_STEPS + STEP_W * ptr + 2]
    xr = M[M_STEPS + STEP_W * ptr + 3]  # the step's seat (-1 unsaid: Python's hands[-1] is West's)
    x = xr & 3
    on = M[M_STEPS + STEP_W * ptr + 5]
    other = M[M_STEPS + STEP_W * ptr + 6]
    keep = M[M_STEPS + STEP_W * ptr + 8]
    hand = hs[seat]
    p = (seat + 2) % 4
    ph = hs[p]
    t = tmask(M)
    if do == S_DRAW:
        ut = foes & t
        side_t = (hand | ph) & t
        if not ut or not side_t or bottom(ut) > top(side_t):
            return -1
        if hand & t and top(hand & t) > bottom(ut):
            put(cm, top(hand & t), STATED)
            return 1
        if hand & t:
            put(cm, bottom(hand & t), STATED)
            return 1
        return 0
    if do == S_LEAD or do == S_FINESSE or do == S_RFIN or (do == S_DISCARD and on >= 0):
        c = card if do != S_DISCARD else on
        if (hand >> c) & 1:
            put(cm, c, STATED)
            return 1
        if (ph >> c) & 1:
            mine = hand & sm(c // 13)
            if do == S_FINESSE and mine:
                put(cm, bottom(mine), STATED)
                return 1
            return 0
        return -1
    if do == S_CASH or (do == S_DISCARD and on < 0):
        s = su
        mine = hand & sm(s)
        theirs = ph & sm(s)
        if mine and winner(M, top(mine), foes, unaware):
            blocks = blocking_leads(hs, seat, p, foes, tab)
            put(cm, top(mine), CARELESS_BLOCK if (blocks >> top(mine)) & 1 else STATED)
            lo = bottom(mine)
            if theirs and winner(M, top(theirs), foes, unaware) and lo < top(theirs):
                put(cm, lo, CARELESS_BLOCK if (blocks >> lo) & 1 else STATED)
            elif M[M_CARELESS_ORDER] and lo != top(mine) and M[M_TOPS + 4 * seat + (s & 3)] < 2 \
                    and (established(M, s, seat, hs, foes) or M[M_FORGOT]):
                put(cm, lo, CARELESS_ORDER)
            return 1
        if mine and theirs and winner(M, top(theirs), foes, unaware) and bottom(mine) < top(theirs):
            put(cm, bottom(mine), STATED)
            return 1
        if theirs:
            return 0
        return -1
    if do == S_RUFF:
        y = (xr + 2) % 4
        if seat == y and hand & sm(su) and not hs[x] & sm(su) and hs[x] & t:
            put(cm, bottom(hand & sm(su)), STATED)
            return 1
        return 0 if seat == xr else -1
    if do == S_XRUFF:
        y = (xr + 2) % 4
        if seat == y and hand & sm(su) and not hs[x] & sm(su) and hs[x] & t:
            put(cm, bottom(hand & sm(su)), STATED)
            return 1
        if seat == xr and hand & sm(other) and not hs[y] & sm(other) and hs[y] & t:
            put(cm, bottom(hand & sm(other)), STATED)
            return 1
        return -1
    if do == S_CONCEDE:
        if hand & sm(su):
            put(cm, bottom(hand & sm(su)), STATED)
            return 1
        return 0 if ph & sm(su) else -1
    if do == S_SQUEEZE:
        found = False
        for s in range(4):
            mine = hand & sm(s) & ~keep
            if mine and winner(M, top(mine), foes, unaware):
                put(cm, top(mine), STATED)
                found = True
        return 1 if found else -1
    return -1


@njit(cache=True)
def leads(M: Any, hs: Any, seat: int, ptr: int, aware: bool, run: int, cm: Any, tab: Any) -> int:
    """``_leads``: offers the leads; answers the kind of choice."""
    hand = hs[seat]
    p = (seat + 2) % 4
    ph = hs[p]
    trump = M[M_TRUMP]
    t = tmask(M)
    foes = against(M, seat, hs)
    unaware = is_unaware(M, aware, foes)
    departing = False
    if ptr < M[M_NSTEPS]:
        got = stated_lead(M, hs, seat, ptr, foes, unaware, cm, tab)
        do = M[M_STEPS + STEP_W * ptr + 0]
        if got == 1:
            if do == S_RUFF or do == S_XRUFF:
                departing = True
            else:
                return C_LEAD if do == S_SQUEEZE else C_NONE
        elif got == 0 and entries(M, hand, ph, foes, unaware, cm, np.int64(ENTRY), np.bool_(False)) > 0:
            return C_LEAD
    keep = protected(M, ptr, hs)
    offered = 0
    ut = foes & t
    if trump >= 0 and aware and ut:
        side_t = (hand | ph) & t
        if side_t and bottom(ut) < top(side_t):
            if hand & t:
                offer(cm, top(hand & t), CASH, departing)
                offered += 1
                if ph & t and top(ph & t) > top(hand & t):
                    offer(cm, bottom(hand & t), ENTRY, departing)
                    offered += 1
                a = hand & t
                b = ph & t
                if b and top(b) > top(a) and bottom(a) != top(a):
                    return C_LEAD
                return C_NONE
            k = entries(M, hand & ~t, ph, foes, np.bool_(False), cm, np.int64(ENTRY), departing)
            offered += k
            if k > 0:
                return C_LEAD
        elif hand & t and hand & ~t:
            offer(cm, top(hand & t), CASH, departing)
            offered += 1
    if run >= 0 and hand & sm(run) and not (run == trump and not foes & t):
        mine = hand & sm(run)
        blind = unaware and run == trump  # a trump believed a winner only for want of knowing the one out
        theirs = ph & sm(run)
        if winner(M, top(mine), foes, unaware) and not (blind and not winner(M, top(mine), foes, np.bool_(False))):
            offer(cm, top(mine), CASH, departing)
            return C_NONE
        if theirs and winner(M, top(theirs), foes, unaware) and bottom(mine) < top(theirs) \
                and not (blind and not winner(M, top(theirs), foes, np.bool_(False))):
            offer(cm, bottom(mine), ENTRY, departing)
            return C_NONE
    side_trumps = ((hand | ph) & t) != 0
    blocks = blocking_leads(hs, seat, p, foes, tab)
    if trump >= 0 and not foes & t and hand & t and ph & t and hand & ~t:
        reach = False
        other_entry = False
        for s2 in range(4):
            if s2 == trump:
                continue
            ps = ph & sm(s2)
            if ps and winner(M, top(ps), foes, unaware):
                reach = True
                hs2 = hand & sm(s2)
                if hs2 and bottom(hs2) < top(ps):
                    other_entry = True
        reach = reach and not other_entry
        if not reach:
            blocks |= hand & t
        else:
            blocks |= hand & t & ~bit(bottom(hand & t))
        if not reach:
            blocks |= bit(bottom(hand & t))
    any_winner = False
    for su in range(4):
        mine = hand & sm(su)
        if not mine:
            continue
        hi = top(mine)
        lo = bottom(mine)
        before_trumps = unaware and su != trump and side_trumps
        blind = unaware and su == trump and not winner(M, hi, foes, np.bool_(False))
        if winner(M, hi, foes, unaware):
            any_winner = True
            if (blocks >> hi) & 1:
                offer(cm, hi, CARELESS_BLOCK, departing)
            elif before_trumps or blind:
                offer(cm, hi, UNAWARE_TRUMP, departing)
            else:
                offer(cm, hi, CASH, departing)
            offered += 1
            if M[M_CARELESS_ORDER] and lo != hi and M[M_TOPS + 4 * seat + su] < 2 and not (keep >> lo) & 1 \
                    and (established(M, su, seat, hs, foes) or M[M_FORGOT]):
                offer(cm, lo, CARELESS_ORDER, departing)
                offered += 1
        theirs = ph & sm(su)
        if theirs and winner(M, top(theirs), foes, unaware) and lo < top(theirs):
            any_winner = True
            blind_to = unaware and su == trump and not winner(M, top(theirs), foes, np.bool_(False))
            if (blocks >> lo) & 1:
                offer(cm, lo, CARELESS_BLOCK, departing)
            elif before_trumps or blind_to:
                offer(cm, lo, UNAWARE_TRUMP, departing)
            else:
                offer(cm, lo, ENTRY, departing)
            offered += 1
        pt = ph & t
        if not theirs and su != trump and pt and winner(M, top(pt), foes, unaware):
            reach2 = False
            for s2 in range(4):
                if s2 != trump and ph & sm(s2) and winner(M, top(ph & sm(s2)), foes, unaware):
                    reach2 = True
                    break
            if reach2:
                offer(cm, lo, ENTRY, departing)
                offered += 1
    side_winner = any_winner
    if not side_winner:
        for su in range(4):
            if ph & sm(su) and winner(M, top(ph & sm(su)), foes, unaware):
                side_winner = True
                break
    if not side_winner or not offered:
        for su in range(4):
            if hand & sm(su) and not winner(M, top(hand & sm(su)), foes, unaware):
                offer(cm, bottom(hand & sm(su)), CONCEDE, departing)
    elif M[M_FORGOT]:
        for su in range(4):
            if hand & sm(su) and not winner(M, top(hand & sm(su)), foes, unaware):
                offer(cm, top(hand & sm(su)), UNAWARE_WINNER, departing)
    return C_LEAD


@njit(cache=True)
def reachable(M: Any, seat: int, hs: Any, foes: int, unaware: bool) -> bool:
    hand = hs[seat]
    ph = hs[(seat + 2) % 4]
    t = M[M_TRUMP]
    ht = hand & sm(t) if t >= 0 else np.int64(0)
    for su in range(4):
        theirs = ph & sm(su)
        if not theirs:
            continue
        mine = hand & sm(su)
        if mine and winner(M, top(mine), foes, unaware) and top(mine) > bottom(theirs):
            return True
        if not mine and su != t and ht and winner(M, top(ht), foes, unaware):
            return True
    return False


@njit(cache=True)
def can_win(M: Any, card: int, rest: int, seat: int, hs: Any, foes: int, unaware: bool) -> bool:
    su = card // 13
    if not (winner(M, card, foes, unaware) or established(M, su, seat, hs, foes)):
        return False
    declarer = M[M_DECLARER]
    if seat != M[M_CLAIMER] and seat != declarer and seat != (declarer + 2) % 4:
        return True
    ph = hs[(seat + 2) % 4]
    if ph & sm(su):
        return True
    t = M[M_TRUMP]
    m = rest & ~bit(card)
    while m:
        i = bottom(m)
        m &= m - 1
        s2 = i // 13
        if ph & sm(s2) and winner(M, i, foes, unaware):
            return True
        if s2 == t and winner(M, i, foes, unaware):
            for x in range(4):
                if x != t and ph & sm(x) and not rest & sm(x):
                    return True
    return False


@njit(cache=True)
def alive(M: Any, card: int, seat: int, hs: Any, foes: int) -> bool:
    su = sm(card // 13)
    own = hs[seat] & su
    side = own
    p = (seat + 2) % 4
    if not (M[M_HIDDEN + seat] >> p) & 1:
        side |= hs[p] & su
    ab = above(card)
    out = popcount(foes & su & ab)
    return out <= popcount(own) - 1 and out <= popcount(side & ab)


@njit(cache=True)
def discards(M: Any, hs: Any, seat: int, foes: int, unaware: bool, keep: int, cm: Any) -> int:
    """``_discards``: answers the kind of choice."""
    hand = hs[seat]
    t = tmask(M)
    pool = hand & ~t & ~keep
    if not pool:
        pool = hand & ~t
    if not pool:
        pool = hand & ~keep
    if not pool:
        pool = hand
    lows = np.int64(0)  # the lowest card of each suit of the pool (a mask)
    for su in range(4):
        if pool & sm(su):
            lows |= bit(bottom(pool & sm(su)))
    if popcount(lows) == 1:
        put(cm, bottom(lows), NORMAL)
        return C_NONE
    scores = np.int64(0)  # (cards that can still win, cards alive) after each discard: 12 bits a suit
    best = np.int64(-1)
    m0 = lows
    while m0:
        d = bottom(m0)
        m0 &= m0 - 1
        rest = hand & ~bit(d)
        m = rest
        n = 0
        live = 0
        while m:
            i = bottom(m)
            m &= m - 1
            if can_win(M, i, rest, seat, hs, foes, unaware):
                n += 1
            if alive(M, i, seat, hs, foes):
                live += 1
        score = np.int64(n * 64 + live)
        scores |= score << np.int64(12 * (d // 13))
        if score > best:
            best = score
    m0 = lows
    while m0:
        d = bottom(m0)
        m0 &= m0 - 1
        if ((scores >> np.int64(12 * (d // 13))) & 4095) == best:
            put(cm, d, NORMAL)
    return C_DISCARD


@njit(cache=True)
def needs_entry(M: Any, hs: Any, seat: int, foes: int, unaware: bool, led: int) -> bool:
    hand = hs[seat]
    found = False
    for su in range(4):
        if su != led and hand & sm(su) and winner(M, top(hand & sm(su)), foes, unaware):
            found = True
            break
    if not found:
        return False
    p = (seat + 2) % 4
    cut = ~sm(led)
    rest = (hs[0] & cut if p == 0 else hs[0], hs[1] & cut if p == 1 else hs[1],
            hs[2] & cut if p == 2 else hs[2], hs[3] & cut if p == 3 else hs[3])
    return not reachable(M, seat, rest, foes, unaware)


@njit(cache=True)
def follows(M: Any, hs: Any, leader: int, trick: int, ntrick: int, ptr: int, aware: bool, shown: int, cm: Any,
            tab: Any) -> int:
    """``_follows``: offers the cards to play to a trick led by another player."""
    seat = (leader + ntrick) % 4
    hand = hs[seat]
    p = (seat + 2) % 4
    trump = M[M_TRUMP]
    restricted = M[M_RESTRICTED]
    hidden = M[M_HIDDEN + seat]
    t = tmask(M)
    first = card_at(trick, 0)
    led = first // 13
    mine = hand & sm(led)
    foes = against(M, seat, hs)
    unaware = is_unaware(M, aware, foes)
    ws = trick_winner(trick, ntrick, leader, trump)
    cw = card_at(trick, (ws - leader) % 4)
    cw_trump = cw // 13 == trump and led != trump
    keep = protected(M, ptr, hs)
    u_led = foes & sm(led)
    hidden_cards = unseen(M, seat, hs)
    threat = np.int64(0)
    ruff_threat = False
    trumps_after = np.int64(0)
    n_opp_after = 0
    partner_later = False
    for k in range(1, 4 - ntrick):
        x = (seat + k) % 4
        if x == p:
            partner_later = True
        if (restricted >> x) & 1:
            continue
        n_opp_after += 1
        if (hidden >> x) & 1:
            if not (shown >> (x * 4 + led)) & 1:
                threat |= hidden_cards & sm(led)
            trumps_after |= hidden_cards & t
            if not unaware:
                ruff_threat = ruff_threat or ((hidden_cards & t) != 0 and led != trump
                                              and ((shown >> (x * 4 + led)) & 1) != 0)
        else:
            threat |= hs[x] & sm(led)
            trumps_after |= hs[x] & t
            ruff_threat = ruff_threat or (led != trump and (hs[x] & sm(led)) == 0 and (hs[x] & t) != 0)
    u_trumps = trumps_after
    # holds(cw, cw_trump)
    if n_opp_after == 0:
        cw_holds = True
    elif cw_trump:
        cw_holds = unaware or u_trumps == 0 or cw > top(u_trumps)
    else:
        cw_holds = (not ruff_threat) and (threat == 0 or cw > top(threat))
    ub = hand & M[M_UNBLOCK] & sm(led)
    if ub and ws == p and cw_holds:
        put(cm, top(ub), STATED)
        return C_NONE
    n = M[M_NSTEPS]
    for i in range(ptr, n):
        do = M[M_STEPS + STEP_W * i + 0]
        su = M[M_STEPS + STEP_W * i + 1]
        card = M[M_STEPS + STEP_W * i + 2]
        on = M[M_STEPS + STEP_W * i + 5]
        disc = M[M_STEPS + STEP_W * i + 7]
        if do == S_DISCARD and card >= 0 and not mine and (hand >> card) & 1 and \
                (first == on or (on < 0 and led == su)):
            put(cm, card, STATED)
            return C_NONE
        if i != ptr:
            continue
        if do == S_FINESSE and (hand >> card) & 1 and card // 13 == led and leader == p and card > cw \
                and not cw_trump:
            put(cm, card, STATED)
            return C_NONE
        if do == S_CONCEDE and card >= 0 and not mine and leader == p and led == su and (hand >> card) & 1:
            put(cm, card, STATED)
            return C_NONE
        if do == S_RFIN and not mine and leader == p and first == card:
            covered = ws != p
            if covered and hand & t:
                ruff = hand & t & ~keep
                if not ruff:
                    ruff = hand & t
                put(cm, bottom(ruff), STATED)
                return C_NONE
            if not covered and disc >= 0 and (hand >> disc) & 1:
                put(cm, disc, STATED)
                return C_NONE
    partner_holds = ws == p and cw_holds
    if partner_holds:
        if not mine:
            return discards(M, hs, seat, foes, unaware, keep, cm)
        lo = bottom(mine)
        hi = top(mine)
        if cw_trump:
            put(cm, lo, NORMAL)
            return C_NONE
        pm = hs[p] & sm(led)
        solid = u_led == 0 or bottom(mine | pm) > top(u_led)
        rest_lo = mine & ~bit(lo)
        if solid and (pm or rest_lo):
            low_runs = runnable(pm, rest_lo, tab)
        else:
            low_runs = True
        if solid and not low_runs:
            cands = bit(hi)
            if mine & above(cw):
                cands |= bit(bottom(mine & above(cw)))
            if rest_lo:
                cands |= bit(bottom(rest_lo))
            good = np.int64(0)
            m = cands
            while m:
                c = bottom(m)
                m &= m - 1
                if c > cw:
                    ok = runnable(mine & ~bit(c), pm, tab)
                else:
                    ok = runnable(pm, mine & ~bit(c), tab)
                if ok:
                    good |= bit(c)
            if not good:
                good = bit(lo)
            m = good
            while m:
                put(cm, bottom(m), NORMAL)
                m &= m - 1
            return C_FOLLOW
        put(cm, lo, NORMAL)
        over = mine & above(cw)
        if over and needs_entry(M, hs, seat, foes, unaware, led):
            put(cm, bottom(over), NORMAL)
            return C_FOLLOW
        return C_NONE
    if mine:
        beat = mine & above(cw) if not cw_trump else np.int64(0)
        if n_opp_after == 0:
            put(cm, bottom(beat) if beat else bottom(mine), NORMAL)
            return C_NONE
        sure = np.int64(0)
        if beat and not ruff_threat:
            sure = beat & above(top(threat)) if threat else beat
        if sure:
            put(cm, bottom(sure), NORMAL)
        elif beat:
            put(cm, top(beat), NORMAL)
        if ptr < n:
            card = M[M_STEPS + STEP_W * ptr + 2]
            if M[M_STEPS + STEP_W * ptr + 0] == S_FINESSE and card >= 0 and (beat >> card) & 1:
                put(cm, card, STATED)
        if not beat:
            put(cm, bottom(mine), NORMAL)
        elif partner_later:
            pm = hs[p] & sm(led)
            if (pm and top(pm) > cw and not cw_trump) or (not pm and hs[p] & t and led != trump):
                put(cm, bottom(mine), NORMAL)
        return C_FOLLOW
    trumps = hand & t
    if trumps and led != trump:
        ruffers = trumps & above(cw) if cw_trump else trumps
        if ruffers:
            spare = ruffers & ~keep
            if not spare:
                spare = ruffers
            if n_opp_after:
                high = spare & above(top(u_trumps)) if u_trumps else spare
                hi_card = bottom(high) if high else top(spare)
                put(cm, hi_card, NORMAL)
                lo_card = bottom(spare)
                if lo_card != hi_card and u_trumps and top(u_trumps) > lo_card:
                    put(cm, lo_card, CARELESS_RUFF)
            else:
                put(cm, bottom(spare), NORMAL)
            return C_NONE
    return discards(M, hs, seat, foes, unaware, keep, cm)


@njit(cache=True)
def options(M: Any, hs: Any, leader: int, trick: int, ntrick: int, ptr: int, aware: bool, shown: int, run: int,
            cm: Any, tab: Any) -> int:
    """``NormalPlay.options``: the offered cards into ``cm`` (a mask a category rank); answers the
    kind of choice (``NONE`` with at most one natural play)."""
    for r in range(NCAT):
        cm[r] = 0
    if ntrick == 0:
        choice = leads(M, hs, leader, ptr, aware, run, cm, tab)
    else:
        choice = follows(M, hs, leader, trick, ntrick, ptr, aware, shown, cm, tab)
    anything = np.int64(0)
    for r in range(NCAT):
        anything |= cm[r]
    if not anything:
        seat = (leader + ntrick) % 4
        hand = hs[seat]
        pool = hand & sm(card_at(trick, 0) // 13) if ntrick else np.int64(0)
        if not pool:
            pool = hand
        for su in range(4):
            if pool & sm(su):
                put(cm, bottom(pool & sm(su)), NORMAL)
                put(cm, top(pool & sm(su)), NORMAL)
        choice = C_FOLLOW if ntrick else C_LEAD
    natural = np.int64(0)
    for r in range(LAST_NATURAL + 1):
        natural |= cm[r]
    return choice if popcount(natural) > 1 else C_NONE


# --- the search (_Search) -------------------------------------------------------------------------

@njit(cache=True)
def moves(M: Any, X: Any, R: Any, hs: Any, leader: int, trick: int, ntrick: int, ptr: int, aware: bool,
          shown: int, run: int, row: Any, cm: Any, tab: Any) -> tuple[int, int, bool]:
    """``_Search.groups`` (and ``_legal``): the moves into ``row`` (card | category << 8 | seat << 6),
    careless ones first. Answers (careless count, natural count, the best natural taken)."""
    seat = (leader + ntrick) % 4
    hand = hs[seat]
    restricted = M[M_RESTRICTED]
    trump = M[M_TRUMP]
    penalty = X[X_PENALTY]
    sbits = np.int64(seat) << 6
    if penalty & hand:
        led_suit = hand & sm(card_at(trick, 0) // 13) if ntrick else np.int64(0)
        due = penalty & hand & (led_suit if led_suit else hand)
        if due:
            n = 0
            m = due
            while m:
                row[n] = bottom(m) | sbits | (NO_CAT << 8)
                n += 1
                m &= m - 1
            return 0, n, False
    if (restricted >> seat) & 1 and not X[X_BEST]:
        choice = options(M, hs, leader, trick, ntrick, ptr, aware, shown, run, cm, tab)
        allowed = X[X_ALLOWED]
        natural = np.int64(0)
        careless = np.int64(0)
        for r in range(NCAT):
            if r <= LAST_NATURAL:
                natural |= cm[r]
            elif (allowed >> r) & 1:
                careless |= cm[r]
        n = 0
        if not natural and not careless:  # every play offered ruled not normal: the best of them
            for r in range(NCAT):
                m = cm[r]
                while m:
                    c = top(m)
                    m ^= bit(c)
                    row[n] = c | sbits | (r << 8)
                    n += 1
            return 0, n, True
        for r in range(LAST_NATURAL + 1, NCAT):
            if (allowed >> r) & 1:
                m = cm[r]
                while m:
                    c = top(m)
                    m ^= bit(c)
                    row[n] = c | sbits | (r << 8)
                    n += 1
        nc = n
        for r in range(LAST_NATURAL + 1):
            m = cm[r]
            while m:
                c = top(m)
                m ^= bit(c)
                row[n] = c | sbits | (r << 8)
                n += 1
        return nc, n - nc, ((X[X_BEST_CHOICE] >> choice) & 1) != 0
    # the other side: every legal card, one of each run of equivalent cards
    legal = hand & sm(card_at(trick, 0) // 13) if ntrick else np.int64(0)
    if not legal:
        legal = hand
    others = np.int64(0)
    for i in range(4):
        if i != seat:
            others |= hs[i]
    for i in range(ntrick):
        others |= bit(card_at(trick, i))
    n = 0
    m = legal
    while m:
        c = top(m)
        row[n] = c
        n += 1
        m &= ~bit(c)
        su = c // 13
        while c > 0 and (m >> (c - 1)) & 1 and (c - 1) // 13 == su and not (others >> (c - 1)) & 1:
            c -= 1
            m &= ~bit(c)
    if ntrick:  # the cards that win the trick first, highest first; then the rest, lowest first
        ws = trick_winner(trick, ntrick, leader, trump)
        win = card_at(trick, (ws - leader) % 4)
        wsu = win // 13
        winsm = np.int64(0)
        allm = np.int64(0)
        for i in range(n):
            c = row[i]
            allm |= bit(c)
            if (c // 13 == wsu and c > win) or (c // 13 == trump and wsu != trump):
                winsm |= bit(c)
        if winsm:
            k = 0
            m = winsm
            while m:
                c = top(m)
                row[k] = c
                k += 1
                m &= ~bit(c)
            m = allm & ~winsm
            while m:
                c = bottom(m)
                row[k] = c
                k += 1
                m &= m - 1
    if X[X_ROOT] and (hs[0] | hs[1] | hs[2] | hs[3]) == X[X_ROOT_HELD]:  # the double-dummy order, best first
        for i in range(1, n):
            x = row[i]
            j = i - 1
            while j >= 0 and R[row[j]] > R[x]:
                row[j + 1] = row[j]
                j -= 1
            row[j + 1] = x
    for i in range(n):
        row[i] |= sbits | (NO_CAT << 8)
    return 0, n, X[X_BEST] != 0 and ((restricted >> seat) & 1) != 0


@njit(cache=True)
def _slot(T: Any, k0: int, k1: int) -> int:
    """The first row of the key's window: splitmix64's finaliser over both words (every bit of the
    key reaches the row's bits)."""
    h = np.uint64(k0) ^ (np.uint64(k1) * np.uint64(0x9E3779B97F4A7C15))
    h ^= h >> np.uint64(30)
    h *= np.uint64(0xBF58476D1CE4E5B9)
    h ^= h >> np.uint64(27)
    h *= np.uint64(0x94D049BB133111EB)
    h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(T.shape[0] - 1))


@njit(cache=True)
def memo_find(T: Any, k0: int, k1: int) -> int:
    """The memo row holding the key, or -1. A row of another generation (an earlier search's) is
    empty."""
    mask = T.shape[0] - 1
    gen = k1 >> GEN_SHIFT
    i = _slot(T, k0, k1)
    for _ in range(PROBES):
        a = T[i, 0]
        if a == k0 and T[i, 1] == k1:
            return i
        if a == 0 or (T[i, 1] >> GEN_SHIFT) != gen:
            return -1
        i = (i + 1) & mask
    return -1


@njit(cache=True)
def memo_store(T: Any, A: Any, X: Any, k0: int, k1: int, lo: int, hi: int, L: Any, LN: Any, LT: Any,
               r: int) -> bool:
    """Keep ``(lo, hi)`` for the key, and when exact the line of row ``r`` (its moves into the arena,
    and the key it continues with). A full window evicts a bound, never an exact entry; answers
    whether the entry was kept."""
    mask = T.shape[0] - 1
    gen = k1 >> GEN_SHIFT
    i = _slot(T, k0, k1)
    slot = -1
    spare = -1
    fresh = False
    for _ in range(PROBES):
        a = T[i, 0]
        if a == 0 or (T[i, 1] >> GEN_SHIFT) != gen:
            slot = i
            fresh = True
            break
        if a == k0 and T[i, 1] == k1:
            slot = i
            break
        if spare < 0 and not (T[i, 2] >> 14) & 1:
            spare = i
        i = (i + 1) & mask
    if slot < 0:
        slot = spare
        if slot >= 0:
            X[X_EVICTED] += 1
    if slot < 0:
        X[X_FAILED] += 1
        return False
    exact = lo == hi
    val = np.int64(lo) | (np.int64(hi) << 7)
    if exact:
        n = LN[r]
        need = 3 + (n + 4) // 5
        at = X[X_ARENA]
        if at + need > A.shape[0]:
            X[X_FAILED] += 1
            exact = False
        else:
            A[at] = n
            A[at + 1] = LT[r, 0]
            A[at + 2] = LT[r, 1]
            for j in range((n + 4) // 5):
                w = np.int64(0)
                for q in range(5):
                    if 5 * j + q < n:
                        w |= L[r, 5 * j + q] << np.int64(12 * q)
                A[at + 3 + j] = w
            X[X_ARENA] = at + need
            val |= (np.int64(1) << 14) | (np.int64(at) << 16)
    if fresh:
        X[X_ENTRIES] += 1
    T[slot, 0] = k0
    T[slot, 1] = k1
    T[slot, 2] = val
    return exact


@njit(cache=True)
def _line_empty(LN: Any, LT: Any, r: int) -> None:
    LN[r] = 0
    LT[r, 0] = 0
    LT[r, 1] = 0


@njit(cache=True)
def _line_set(L: Any, LN: Any, LT: Any, r: int, mv: int, c: int) -> None:
    """Row ``r``'s line: the move ``mv``, then row ``c``'s line."""
    n = LN[c]
    L[r, 0] = mv
    for j in range(min(n, WIDTH - 1)):
        L[r, j + 1] = L[c, j]
    LN[r] = min(n + 1, WIDTH)
    LT[r, 0] = LT[c, 0]
    LT[r, 1] = LT[c, 1]


@njit(cache=True)
def _line_copy(L: Any, LN: Any, LT: Any, r: int, c: int) -> None:
    n = LN[c]
    for j in range(n):
        L[r, j] = L[c, j]
    LN[r] = n
    LT[r, 0] = LT[c, 0]
    LT[r, 1] = LT[c, 1]


@njit(cache=True)
def rec(h0: int, h1: int, h2: int, h3: int, leader: int, trick: int, ntrick: int, ptr: int, sub: int, aware: bool,
        shown: int, run: int, alpha: int, beta: int, d: int, M: Any, X: Any, R: Any, T: Any, A: Any, B: Any,
        CM: Any, L: Any, LN: Any, LT: Any, tab: Any) -> int:
    """The restricted side's fewest tricks from here (``_Search.node``; at a trick's start
    ``_Search.boundary`` first, with its memo). The line goes to row ``2 * d`` of ``L``/``LN``/``LT``:
    its moves, then the line of the exact memo entry whose key is ``LT[2 * d]`` (0: none)."""
    restricted = M[M_RESTRICTED]
    trump = M[M_TRUMP]
    hs = (h0, h1, h2, h3)
    r = 2 * d
    k0 = np.int64(0)
    k1 = np.int64(0)
    lo = 0
    hi = 0
    cuts0 = 0
    if ntrick == 0:  # the boundary
        hl = hs[leader]
        if not hl:
            _line_empty(LN, LT, r)
            return 0
        k0 = (h0 | h1 | h2 | h3) | (np.int64(leader) << 52) | (np.int64(aware) << 54) | (np.int64(run + 1) << 55)
        k1 = np.int64(shown) | (np.int64(sub) << 16) | (np.int64(ptr) << 20) | (X[X_GEN] << GEN_SHIFT)
        lo = 0
        hi = popcount(hl)
        slot = memo_find(T, k0, k1)
        if slot >= 0:
            val = T[slot, 2]
            lo = val & 127
            hi = (val >> 7) & 127
        if lo == hi:  # an exact entry: its line
            LN[r] = 0
            LT[r, 0] = k0
            LT[r, 1] = k1
            return lo
        if lo >= beta:
            _line_empty(LN, LT, r)
            return lo
        if hi <= alpha:
            _line_empty(LN, LT, r)
            return hi
        alpha = max(alpha, lo)
        beta = min(beta, hi)
        cuts0 = X[X_CUTS]
    # the node
    X[X_NODES] += 1
    _line_empty(LN, LT, r)
    if X[X_STOPPED] or X[X_NODES] > X[X_BUDGET] or ((X[X_NODES] & 1023) == 0 and clock_ns() > X[X_DEADLINE]):
        X[X_STOPPED] = 1
        X[X_CUTS] += 1
        return 0 if X[X_OPT] else INF  # nothing is stored: the cuts changed
    seat = (leader + ntrick) % 4
    row = B[d]
    nc, nn, best_of = moves(M, X, R, hs, leader, trick, ntrick, ptr, aware, shown, run, row, CM[d], tab)
    led = card_at(trick, 0) // 13
    opp = not (restricted >> seat) & 1
    best = INF
    top_v = -1
    top_set = False
    done = False
    for i in range(nc + nn):
        natural = i >= nc
        if natural and best_of:
            a = max(alpha, top_v)
            b = min(beta, best)
        else:
            a = alpha
            b = min(beta, best)
        mv = row[i]
        card = mv & 63
        cb = bit(card)
        n0 = h0 & ~cb if seat == 0 else h0
        n1 = h1 & ~cb if seat == 1 else h1
        n2 = h2 & ~cb if seat == 2 else h2
        n3 = h3 & ~cb if seat == 3 else h3
        nshown = shown
        naware = aware
        if opp:
            if ntrick and card // 13 != led:
                nshown |= np.int64(1) << np.int64(seat * 4 + led)
            if card // 13 == trump:
                naware = True
        nt = trick | (np.int64(card) << np.int64(6 * ntrick))
        if ntrick < 3:
            v = rec(n0, n1, n2, n3, leader, nt, ntrick + 1, ptr, sub, naware, nshown, run, a, b, d + 1,
                    M, X, R, T, A, B, CM, L, LN, LT, tab)
        else:
            w = trick_winner(nt, np.int64(4), leader, trump)
            won = (restricted >> w) & 1
            nrun = card_at(nt, 0) // 13 if won and (restricted >> leader) & 1 else -1
            nptr, nsub = advance(M, ptr, sub, (n0, n1, n2, n3), nt, np.int64(4), leader)
            v = rec(n0, n1, n2, n3, w, np.int64(0), np.int64(0), nptr, nsub, naware, nshown, nrun, a - won, b - won,
                    d + 1, M, X, R, T, A, B, CM, L, LN, LT, tab) + won
        if not natural or not best_of:  # a minimum
            if v < best:
                best = v
                _line_set(L, LN, LT, r, mv, r + 2)
                if best <= alpha:
                    if not natural:
                        done = True
                    break
        else:  # the best of the natural plays (he would have chosen right)
            if v >= INF:
                top_v = INF
                break
            if v > top_v:
                top_v = v
                top_set = True
                _line_set(L, LN, LT, r + 1, mv, r + 2)
                if top_v >= min(beta, best):
                    break
    value = best
    if best_of and not done and top_v < best:
        value = top_v
        if top_set:
            _line_copy(L, LN, LT, r, r + 1)
    if ntrick == 0 and X[X_CUTS] == cuts0:  # the boundary: keep the bounds
        if value <= alpha:
            hi = min(hi, value)
        elif value >= beta:
            lo = max(lo, value)
        else:
            lo = value
            hi = value
        if memo_store(T, A, X, k0, k1, lo, hi, L, LN, LT, r):
            LN[r] = 0  # the line is the entry's now
            LT[r, 0] = k0
            LT[r, 1] = k1
    return value


@njit(cache=True, nogil=True)
def search_from(h0: int, h1: int, h2: int, h3: int, leader: int, trick: int, ntrick: int, ptr: int, sub: int,
                aware: bool, shown: int, run: int, alpha: int, beta: int, M: Any, X: Any, R: Any, T: Any, A: Any,
                B: Any, CM: Any, L: Any, LN: Any, LT: Any, tab: Any, out: Any) -> tuple[int, int]:
    """The entry (the GIL released): the value from a node (``ntrick`` > 0) or a trick boundary, and
    its line into ``out`` (moves card | seat << 6 | category << 8). Answers (value, line length).

    The search works on borrowed views of the arrays (:func:`_borrowed`: the caller keeps them alive):
    numba counts references to an array on every call it is passed to, with an atomic operation
    each, which cost more than half the search's time."""
    M, X, R, T, A, B = _borrowed(M), _borrowed(X), _borrowed(R), _borrowed(T), _borrowed(A), _borrowed(B)
    CM, L, LN, LT, tab = _borrowed(CM), _borrowed(L), _borrowed(LN), _borrowed(LT), _borrowed(tab)
    v = rec(h0, h1, h2, h3, leader, trick, ntrick, ptr, sub, aware, shown, run, alpha, beta, np.int64(0),
            M, X, R, T, A, B, CM, L, LN, LT, tab)
    n = LN[0]
    for j in range(n):
        out[j] = L[0, j]
    k0 = LT[0, 0]
    k1 = LT[0, 1]
    while k0 != 0 and n < out.shape[0]:
        slot = memo_find(T, k0, k1)
        if slot < 0 or not (T[slot, 2] >> 14) & 1:
            break
        at = T[slot, 2] >> 16
        m = A[at]
        for j in range(m):
            if n < out.shape[0]:
                out[n] = (A[at + 3 + j // 5] >> np.int64(12 * (j % 5))) & 4095
                n += 1
        k0 = A[at + 1]
        k1 = A[at + 2]
    return v, n


