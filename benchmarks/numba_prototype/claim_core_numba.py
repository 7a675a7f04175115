"""PROTOTYPE, not used by the engine (issue 33, "a compiled core: feasibility, measured"): the claim
search of :mod:`engine.rulings.claim_search` and the normal-move set of
:class:`engine.laws.normal_play.NormalPlay` as of commit df9af36, ported line by line to numba's
nopython mode. It exists to measure what a compiled core costs and gains; the model it ports is
being rewritten, so it is kept beside the benchmarks (benchmarks/numba_prototype/README.md) and needs
``pip install numba`` (not a dependency of the project).

How it is written (the rules that make numba fast here, see benchmarks/README.md):

* Flat functions over ``int64`` scalars: hands are four 52-bit masks passed as four arguments,
  the current trick is packed into one integer (6 bits a card), categories are small integers
  (their preference rank), sets of cards are masks. No classes, closures, tuples of variable
  length, lists or dicts of Python objects in the hot path.
* One self-recursive function with an explicit signature (``rec``): the trick boundary's memo logic
  and the node's loop are in the same function, since mutual recursion between two jitted
  functions is fragile in numba's type inference.
* No allocation per node: the moves of each depth go to a row of a preallocated 2-D buffer, the
  per-card category table of ``options`` to a row of another; the counters live in a small
  ``int64`` array.
* Bit tricks via LLVM intrinsics (``ctlz``/``cttz``/``ctpop``) through ``numba.extending.intrinsic``:
  ``int.bit_length`` has no nopython counterpart.
* The memo: either a ``numba.typed.Dict`` keyed on ``UniTuple(int64, 2)`` or an open-addressing
  table in numpy arrays (``TT_*``), chosen by the caller. The key is the set of cards still out (the
  owner of each card is fixed within one search), leader, awareness, the suit being run, the
  statement pointer, and the show-outs.
* ``runnable`` (a suit's cards can all be cashed without blocking) is memoised in an ``int8`` table
  indexed by the holding compressed to relative ranks (at most 13 cards: 2^14 entries).
"""

from __future__ import annotations

import time

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic, overload
from numba.typed import Dict

# Categories as their rank in NormalPlay's _PREFERENCE (lower = more normal).
STATED, CASH, NORMAL, ENTRY, CONCEDE, UNAWARE_TRUMP, CARELESS_ORDER, CARELESS_BLOCK, CARELESS_RUFF, \
    CARELESS_DEPARTURE = range(10)
NONE_CAT = 15  # a card of the unrestricted side (no category)
CARELESS_MASK = (1 << CARELESS_ORDER) | (1 << CARELESS_BLOCK) | (1 << CARELESS_RUFF) | (1 << UNAWARE_TRUMP) | \
    (1 << CARELESS_DEPARTURE)
INF = 99
MAXM = 16  # moves a node at most (13 cards)

# The model array M (int64): fixed slots, then the stated order as pairs.
M_RESTRICTED, M_TRUMP, M_NORDER, M_FINESSE, M_UNBLOCK, M_RUFFS, M_CONCEDE_SUITS, M_CONCEDES, M_CARELESS_ORDER = range(9)
M_TOPS = 9  # 16 slots: top_winners[seat][suit]
M_ORDER = 25  # n_order pairs (card, suit)

# stats array: nodes, cuts, stopped, budget, optimistic, claimer_best, penalty, allowed
S_NODES, S_CUTS, S_STOPPED, S_BUDGET, S_OPT, S_BEST, S_PENALTY, S_ALLOWED = range(8)


@intrinsic
def _ctlz(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


@intrinsic
def _popc(typingctx, x):  # type: ignore[no-untyped-def]
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return sig, codegen


@njit(inline="always")
def top(m):  # type: ignore[no-untyped-def]
    return 63 - _ctlz(m)


@njit(inline="always")
def bottom(m):  # type: ignore[no-untyped-def]
    return _cttz(m)


@njit(inline="always")
def sm(su):  # type: ignore[no-untyped-def]
    return np.int64(0x1FFF) << (13 * su)


@njit(inline="always")
def card_at(trick, i):  # type: ignore[no-untyped-def]
    return (trick >> (6 * i)) & 63


@njit(cache=True)
def trick_winner(trick, n, leader, trump):  # type: ignore[no-untyped-def]
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
def _compress(lead, other):  # type: ignore[no-untyped-def]
    """(1 << n) | pattern: bit i of pattern set when the i-th lowest card of lead|other is lead's."""
    u = lead | other
    key = 0
    i = 0
    while u:
        b = u & -u
        if lead & b:
            key |= 1 << i
        u ^= b
        i += 1
    return (1 << i) | key


@njit(cache=True)
def runnable(lead, other, tab):  # type: ignore[no-untyped-def]
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


@njit(inline="always")
def is_top(card, trump, unaware, opp_all):  # type: ignore[no-untyped-def]
    su = card // 13
    if su == trump and unaware:
        return True
    theirs = opp_all & sm(su)
    return theirs == 0 or card > top(theirs)


@njit(inline="always")
def put(out, card, cat):  # type: ignore[no-untyped-def]
    old = out[card]
    if old < 0 or cat < old:
        out[card] = cat


@njit(cache=True)
def advance(M, ptr, h0, h1, h2, h3):  # type: ignore[no-untyped-def]
    restricted = M[M_RESTRICTED]
    hs = (h0, h1, h2, h3)
    side = 0
    opp = 0
    for s in range(4):
        if restricted >> s & 1:
            side |= hs[s]
        else:
            opp |= hs[s]
    n = M[M_NORDER]
    while ptr < n:
        card = M[M_ORDER + 2 * ptr]
        suit = M[M_ORDER + 2 * ptr + 1]
        if card >= 0:
            if side >> card & 1:
                return ptr
        else:
            mine = side & sm(suit)
            theirs = opp & sm(suit)
            if mine and (not theirs or top(mine) > top(theirs)):
                return ptr
        ptr += 1
    return ptr


@njit(cache=True)
def blocking_leads(hand, phand, opp_all, tab):  # type: ignore[no-untyped-def]
    found = 0
    for su in range(4):
        mine = hand & sm(su)
        pm = phand & sm(su)
        theirs = opp_all & sm(su)
        if not mine or not pm or (theirs and bottom(mine | pm) < top(theirs)):
            continue
        okm = 0
        badm = 0
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
                    good = runnable(mine & ~(np.int64(1) << c), pm & ~(np.int64(1) << q), tab)
                else:
                    good = runnable(pm & ~(np.int64(1) << q), mine & ~(np.int64(1) << c), tab)
            if good:
                okm |= np.int64(1) << c
            else:
                badm |= np.int64(1) << c
        if okm:
            found |= badm
    return found


@njit(cache=True)
def leads(M, hs, seat, partner, opp_all, ptr, aware, unaware, run, out, tab):  # type: ignore[no-untyped-def]
    hand = hs[seat]
    trump = M[M_TRUMP]
    ph = hs[partner]
    side = hand | ph
    if ptr < M[M_NORDER]:
        card = M[M_ORDER + 2 * ptr]
        suit = M[M_ORDER + 2 * ptr + 1]
        if card >= 0 and hand >> card & 1:
            put(out, card, STATED)
            return 0
        if card < 0 and hand & sm(suit) and is_top(top(hand & sm(suit)), trump, unaware, opp_all):
            put(out, top(hand & sm(suit)), STATED)
            return 0
    if run >= 0 and hand & sm(run):
        mine = hand & sm(run)
        if is_top(top(mine), trump, unaware, opp_all):
            put(out, top(mine), CASH)
            return 0
        theirs = ph & sm(run)
        if theirs and is_top(top(theirs), trump, unaware, opp_all):
            put(out, bottom(mine), ENTRY)
            return 0
    if trump >= 0 and aware and opp_all & sm(trump) and hand & sm(trump):
        put(out, top(hand & sm(trump)), CASH)
        return 0
    ruff_leads = 0
    winners = False
    entries = False
    partner_winners = False
    for su in range(4):
        if su != trump and ph & sm(su) and is_top(top(ph & sm(su)), trump, unaware, opp_all):
            partner_winners = True
    blocks = blocking_leads(hand, ph, opp_all, tab)
    for su in range(4):
        mine = hand & sm(su)
        if not mine:
            continue
        hi = top(mine)
        lo = bottom(mine)
        if is_top(hi, trump, unaware, opp_all):
            winners = True
            side_winner = unaware and su != trump and (side & sm(trump)) != 0
            if blocks >> hi & 1:
                put(out, hi, CARELESS_BLOCK)
            elif side_winner:
                put(out, hi, UNAWARE_TRUMP)
            else:
                put(out, hi, CASH)
            if M[M_CARELESS_ORDER] and lo != hi and M[M_TOPS + 4 * seat + su] < 2:
                put(out, lo, CARELESS_ORDER)
        theirs = ph & sm(su)
        if theirs and is_top(top(theirs), trump, unaware, opp_all) and lo < top(theirs):
            put(out, lo, CARELESS_BLOCK if blocks >> lo & 1 else ENTRY)
            entries = True
        stated_ruff = (M[M_RUFFS] >> (su * 4 + partner) & 1) != 0
        if not theirs and su != trump and trump >= 0 and ph & sm(trump) \
                and is_top(top(ph & sm(trump)), trump, unaware, opp_all) and (partner_winners or stated_ruff):
            put(out, lo, STATED if stated_ruff else ENTRY)
            entries = True
            if stated_ruff:
                ruff_leads |= np.int64(1) << lo
        if M[M_CONCEDE_SUITS] >> su & 1:
            put(out, lo, STATED)
    side_winner = False
    for su in range(4):
        if side & sm(su) and is_top(top(side & sm(su)), trump, unaware, opp_all):
            side_winner = True
    if M[M_CONCEDES] or not side_winner or (not winners and not entries):
        for su in range(4):
            mine = hand & sm(su)
            if mine and not is_top(top(mine), trump, unaware, opp_all):
                put(out, bottom(mine), CONCEDE)
    return ruff_leads


@njit(cache=True)
def discards(hand, trump, unaware, opp_all, out):  # type: ignore[no-untyped-def]
    lows = 0
    for su in range(4):
        if hand & sm(su) and su != trump:
            lows |= np.int64(1) << bottom(hand & sm(su))
    if not lows:
        lows = np.int64(1) << bottom(hand)
    losers = 0
    m = lows
    while m:
        c = bottom(m)
        m &= m - 1
        if not is_top(c, trump, unaware, opp_all):
            losers |= np.int64(1) << c
    m = losers if losers else lows
    while m:
        c = bottom(m)
        m &= m - 1
        put(out, c, NORMAL)


@njit(cache=True)
def follows(M, hs, seat, partner, leader, trick, ntrick, ptr, aware, shown, unaware, out, tab):  # type: ignore[no-untyped-def]
    hand = hs[seat]
    trump = M[M_TRUMP]
    restricted = M[M_RESTRICTED]
    led = card_at(trick, 0) // 13
    mine = hand & sm(led)
    opp_all = hs[(seat + 1) % 4] | hs[(seat + 3) % 4]
    opp_after_n = 0
    opp_after_shown_any = False  # some opponent still to play has shown out of the suit led
    opp_after_not_shown = False
    partner_after = False
    for k in range(1, 4 - ntrick):
        p = (seat + k) % 4
        if p == partner:
            partner_after = True
        if not restricted >> p & 1:
            opp_after_n += 1
            if shown >> (p * 4 + led) & 1:
                opp_after_shown_any = True
            else:
                opp_after_not_shown = True
    win_seat = trick_winner(trick, ntrick, leader, trump)
    cw = card_at(trick, (win_seat - leader) % 4)
    cw_trump = cw // 13 == trump and led != trump
    theirs_led = opp_all & sm(led)
    theirs_trump = opp_all & sm(trump) if trump >= 0 and aware else 0
    threat = theirs_led if opp_after_not_shown else 0
    ruff_threat = theirs_trump != 0 and led != trump and opp_after_shown_any
    if ptr < M[M_NORDER]:
        card = M[M_ORDER + 2 * ptr]
        if card >= 0 and hand >> card & 1 and (not mine or card // 13 == led):
            put(out, card, STATED)
            return
    # holds(cw, cw_trump)
    if opp_after_n == 0:
        holds = True
    elif cw_trump:
        holds = theirs_trump == 0 or cw > top(theirs_trump)
    else:
        holds = (not ruff_threat) and (threat == 0 or cw > top(threat))
    partner_holds = win_seat == partner and holds
    if partner_holds:
        if not mine:
            discards(hand, trump, unaware, opp_all, out)
            return
        if mine & M[M_UNBLOCK]:
            put(out, top(mine & M[M_UNBLOCK]), STATED)
            return
        lo = bottom(mine)
        hi = top(mine)
        pmine = hs[partner] & sm(led)
        cwbit = 0 if cw_trump else (np.int64(1) << cw)
        solid = (not theirs_led) or bottom(mine | pmine | cwbit) > top(theirs_led)
        if solid and not cw_trump:
            over = mine & ~((np.int64(1) << (cw + 1)) - 1)
            cands = (np.int64(1) << lo) | (np.int64(1) << hi)
            if over:
                cands |= np.int64(1) << bottom(over)
            okm = 0
            m = cands
            while m:
                c = bottom(m)
                m &= m - 1
                rest = mine & ~(np.int64(1) << c)
                if c > cw:
                    r = runnable(rest, pmine, tab)
                else:
                    r = runnable(pmine, rest, tab)
                if r:
                    okm |= np.int64(1) << c
            m = cands
            while m:
                c = bottom(m)
                m &= m - 1
                put(out, c, NORMAL if (okm >> c & 1) or okm == 0 else CARELESS_BLOCK)
            return
        put(out, lo, NORMAL)
        if hi != lo and hi < cw and _popc(mine) <= _popc(pmine) + 1:
            put(out, hi, CARELESS_BLOCK)
        return
    if mine:
        beat = 0 if cw_trump else mine & ~((np.int64(1) << (cw + 1)) - 1)
        if opp_after_n == 0:
            put(out, bottom(beat) if beat else bottom(mine), NORMAL)
            return
        sure = 0
        if beat and not ruff_threat:
            sure = beat & ~((np.int64(1) << (top(threat) + 1)) - 1) if threat else beat
        if sure:
            put(out, bottom(sure), NORMAL)
        elif beat:
            put(out, top(mine), NORMAL)
        fin = beat & M[M_FINESSE]
        if fin:
            put(out, bottom(fin), STATED)
        if not beat:
            put(out, bottom(mine), NORMAL)
        elif partner_after:
            pm = hs[partner] & sm(led)
            if (pm and top(pm) > cw and not cw_trump) or (not pm and trump >= 0 and hs[partner] & sm(trump)):
                put(out, bottom(mine), NORMAL)
        return
    trumps = hand & sm(trump) if trump >= 0 else 0
    if trumps and not partner_holds:
        ruffers = trumps & ~((np.int64(1) << (cw + 1)) - 1) if cw_trump else trumps
        if ruffers:
            theirs = opp_all & sm(trump)
            high = ruffers & ~((np.int64(1) << (top(theirs) + 1)) - 1) if theirs else ruffers
            hi_card = bottom(high) if high else top(ruffers)
            put(out, hi_card, NORMAL)
            lo_card = bottom(ruffers)
            if lo_card != hi_card and opp_after_n > 0 and theirs and top(theirs) > lo_card:
                put(out, lo_card, CARELESS_RUFF)
            return
    discards(hand, trump, unaware, opp_all, out)


@njit(cache=True)
def options(M, hs, leader, trick, ntrick, ptr, aware, shown, run, out, tab):  # type: ignore[no-untyped-def]
    """Fills ``out`` (52 int8, -1 = not offered) with each offered card's category."""
    for i in range(52):
        out[i] = -1
    seat = (leader + ntrick) % 4
    hand = hs[seat]
    partner = (seat + 2) % 4
    opp_all = hs[(seat + 1) % 4] | hs[(seat + 3) % 4]
    trump = M[M_TRUMP]
    unaware = trump >= 0 and not aware and (opp_all & sm(trump)) != 0
    offered = False
    if ntrick == 0:
        ruff_leads = leads(M, hs, seat, partner, opp_all, ptr, aware, unaware, run, out, tab)
        if ruff_leads and ptr >= M[M_NORDER]:
            for c in range(52):
                cat = out[c]
                if cat >= 0 and not ruff_leads >> c & 1 and (cat == CASH or cat == ENTRY or cat == CONCEDE):
                    out[c] = CARELESS_DEPARTURE
        for c in range(52):
            if out[c] >= 0:
                offered = True
                break
        if not offered:
            for su in range(4):
                if hand & sm(su):
                    put(out, bottom(hand & sm(su)), CONCEDE)
    else:
        follows(M, hs, seat, partner, leader, trick, ntrick, ptr, aware, shown, unaware, out, tab)
        for c in range(52):
            if out[c] >= 0:
                offered = True
                break
        if not offered:
            led = hand & sm(card_at(trick, 0) // 13)
            pool = led if led else hand
            for su in range(4):
                if pool & sm(su):
                    put(out, bottom(pool & sm(su)), NORMAL)


@njit(cache=True)
def gen_moves(M, hs, leader, trick, ntrick, ptr, aware, shown, run, depth, stats, root_order, buf, scratch, tab):  # type: ignore[no-untyped-def]
    """The moves of the player to play into ``buf[depth]`` (card | category << 8); answers their number."""
    seat = (leader + ntrick) % 4
    restricted = M[M_RESTRICTED]
    trump = M[M_TRUMP]
    row = buf[depth]
    hand = hs[seat]
    penalty = stats[S_PENALTY]
    if penalty & hand:
        led_suit = hand & sm(card_at(trick, 0) // 13) if ntrick else 0
        due = penalty & hand & (led_suit if led_suit else hand)
        if due:
            n = 0
            m = due
            while m:
                row[n] = bottom(m) | (NONE_CAT << 8)
                n += 1
                m &= m - 1
            return n
    if restricted >> seat & 1 and not stats[S_BEST]:
        out = scratch[depth]
        options(M, hs, leader, trick, ntrick, ptr, aware, shown, run, out, tab)
        allowed = stats[S_ALLOWED]
        n = 0
        any_allowed = False
        for c in range(52):
            if out[c] >= 0 and allowed >> out[c] & 1:
                any_allowed = True
                break
        # sorted by (category rank, -card), careless first when pessimistic (a stable sort)
        passes = 2 if not stats[S_OPT] else 1
        for p in range(passes):
            for cat in range(10):
                if passes == 2 and ((p == 0) != (CARELESS_MASK >> cat & 1 == 1)):
                    continue
                if any_allowed and not allowed >> cat & 1:
                    continue
                for c in range(51, -1, -1):
                    if out[c] == cat:
                        row[n] = c | (cat << 8)
                        n += 1
        return n
    legal = hand & sm(card_at(trick, 0) // 13) if ntrick else 0
    if not legal:
        legal = hand
    others = 0
    for i in range(4):
        if i != seat:
            others |= hs[i]
    for i in range(ntrick):
        others |= np.int64(1) << card_at(trick, i)
    n = 0
    m = legal
    while m:
        c = top(m)
        row[n] = c
        n += 1
        m &= ~(np.int64(1) << c)
        su = c // 13
        while c > 0 and m >> (c - 1) & 1 and (c - 1) // 13 == su and not others >> (c - 1) & 1:
            c -= 1
            m &= ~(np.int64(1) << c)
    if ntrick:
        ws = trick_winner(trick, ntrick, leader, trump)
        win = card_at(trick, (ws - leader) % 4)
        wsu = win // 13
        winsm = 0
        allm = 0
        for i in range(n):
            c = row[i]
            allm |= np.int64(1) << c
            if (c // 13 == wsu and c > win) or (c // 13 == trump and wsu != trump):
                winsm |= np.int64(1) << c
        if winsm:  # the cards that win the trick first, highest first; then the rest, lowest first
            k = 0
            m = winsm
            while m:
                c = top(m)
                row[k] = c
                k += 1
                m &= ~(np.int64(1) << c)
            m = allm & ~winsm
            while m:
                c = bottom(m)
                row[k] = c
                k += 1
                m &= m - 1
    if depth == 0 and root_order[52] > 0:
        # stable insertion sort by root_order
        for i in range(1, n):
            x = row[i]
            j = i - 1
            while j >= 0 and root_order[row[j]] > root_order[x]:
                row[j + 1] = row[j]
                j -= 1
            row[j + 1] = x
    for i in range(n):
        row[i] |= NONE_CAT << 8
    return n


def make_memo():  # type: ignore[no-untyped-def]
    """The memo as a numba typed dict: (key word 0, key word 1) -> value * 2 + exact."""
    return Dict.empty(key_type=types.UniTuple(types.int64, 2), value_type=types.int64)


TT_PROBES = 16


def make_tt(bits: int = 20) -> np.ndarray:
    """The memo as an open-addressing table in one numpy array: rows (key 0, key 1, value), key 0 = -1
    when free; linear probing over ``TT_PROBES`` slots; a full window stores nothing (a memo miss
    later, never a wrong answer)."""
    tt = np.zeros((1 << bits, 3), np.int64)
    tt[:, 0] = -1
    return tt


def memo_get(memo, k0, k1):  # type: ignore[no-untyped-def]
    raise NotImplementedError  # compiled only (see the overloads)


def memo_put(memo, k0, k1, v):  # type: ignore[no-untyped-def]
    raise NotImplementedError


@njit(inline="always")
def _slot(tt, k0, k1):  # type: ignore[no-untyped-def]
    h = (np.uint64(k0) * np.uint64(0x9E3779B97F4A7C15)) ^ (np.uint64(k1) * np.uint64(0xC2B2AE3D27D4EB4F))
    h ^= h >> np.uint64(29)
    return np.int64(h & np.uint64(tt.shape[0] - 1))


@overload(memo_get, jit_options={"cache": True})
def _memo_get(memo, k0, k1):  # type: ignore[no-untyped-def]
    if isinstance(memo, types.DictType):
        def impl(memo, k0, k1):  # type: ignore[no-untyped-def]
            k = (k0, k1)
            if k in memo:
                return memo[k]
            return np.int64(-1)
        return impl

    def impl_tt(memo, k0, k1):  # type: ignore[no-untyped-def]
        mask = memo.shape[0] - 1
        i = _slot(memo, k0, k1)
        for _ in range(TT_PROBES):
            a = memo[i, 0]
            if a == k0 and memo[i, 1] == k1:
                return memo[i, 2]
            if a == -1:
                return np.int64(-1)
            i = (i + 1) & mask
        return np.int64(-1)
    return impl_tt


@overload(memo_put, jit_options={"cache": True})
def _memo_put(memo, k0, k1, v):  # type: ignore[no-untyped-def]
    if isinstance(memo, types.DictType):
        def impl(memo, k0, k1, v):  # type: ignore[no-untyped-def]
            memo[(k0, k1)] = v
        return impl

    def impl_tt(memo, k0, k1, v):  # type: ignore[no-untyped-def]
        mask = memo.shape[0] - 1
        i = _slot(memo, k0, k1)
        for _ in range(TT_PROBES):
            a = memo[i, 0]
            if a == -1 or (a == k0 and memo[i, 1] == k1):
                memo[i, 0] = k0
                memo[i, 1] = k1
                memo[i, 2] = v
                return
            i = (i + 1) & mask
    return impl_tt


@njit(inline="always")
def _set_empty(lens, tails, d):  # type: ignore[no-untyped-def]
    lens[d] = 0
    tails[d, 0] = -1
    tails[d, 1] = -1


@njit(cache=True)
def rec(h0, h1, h2, h3, leader, trick, ntrick, ptr, aware, shown, run, beta, depth,
        M, stats, root_order, memo, buf, scratch, tab, lines, lens, tails):  # type: ignore[no-untyped-def]
    """The min-min value (restricted side's tricks) from this point; the trick boundary's memo
    logic when ``ntrick == 0`` (``_Search.boundary``), then the node (``_Search.node``).

    The line: ``lines[depth, :lens[depth]]`` (moves: card | category << 6 | seat << 10), then, when
    ``tails[depth, 0] >= 0``, the line stored under that memo key (an exact entry: never
    overwritten). A memo value: the value (bits 0-6), exact (bit 7), the moves to the next trick
    boundary (count in bits 8-10, the moves from bit 11, 12 bits each)."""
    restricted = M[M_RESTRICTED]
    trump = M[M_TRUMP]
    hs = (h0, h1, h2, h3)
    k0 = np.int64(0)
    k1 = np.int64(0)
    cuts0 = 0
    if ntrick == 0:
        if hs[leader] == 0 or beta <= 0:
            _set_empty(lens, tails, depth)
            return 0
        k0 = ((h0 | h1 | h2 | h3) | (np.int64(leader) << 52) | (np.int64(aware) << 54) | (np.int64(run + 1) << 55)
              | (np.int64(ptr) << 58))
        k1 = np.int64(shown)
        got = memo_get(memo, k0, k1)
        if got >= 0:
            v = got & 127
            if got >> 7 & 1:
                lens[depth] = 0
                tails[depth, 0] = k0
                tails[depth, 1] = k1
                return v
            if v >= beta:
                _set_empty(lens, tails, depth)
                return v
        cuts0 = stats[S_CUTS]
    # node
    stats[S_NODES] += 1
    optimistic = stats[S_OPT] != 0
    _set_empty(lens, tails, depth)
    if stats[S_STOPPED] or stats[S_NODES] > stats[S_BUDGET]:
        stats[S_STOPPED] = 1
        stats[S_CUTS] += 1
        best = 0 if optimistic else INF
    else:
        seat = (leader + ntrick) % 4
        maximise = stats[S_BEST] != 0 and (restricted >> seat & 1) != 0
        best = -1 if maximise else INF
        nm = gen_moves(M, hs, leader, trick, ntrick, ptr, aware, shown, run, depth, stats, root_order, buf, scratch,
                       tab)
        for i in range(nm):
            mv = buf[depth, i]
            card = mv & 255
            bit = np.int64(1) << card
            n0 = h0 & ~bit if seat == 0 else h0
            n1 = h1 & ~bit if seat == 1 else h1
            n2 = h2 & ~bit if seat == 2 else h2
            n3 = h3 & ~bit if seat == 3 else h3
            nshown = shown
            naware = aware
            if not restricted >> seat & 1:
                if ntrick and card // 13 != card_at(trick, 0) // 13:
                    nshown |= np.int64(1) << (seat * 4 + card_at(trick, 0) // 13)
                if card // 13 == trump:
                    naware = 1
            bound = beta if maximise else min(beta, best)
            nt = trick | (np.int64(card) << (6 * ntrick))
            if ntrick == 3:
                w = trick_winner(nt, 4, leader, trump)
                won = 1 if restricted >> w & 1 else 0
                nrun = card_at(nt, 0) // 13 if won and restricted >> leader & 1 else -1
                nptr = advance(M, ptr, n0, n1, n2, n3)
                v = rec(n0, n1, n2, n3, w, np.int64(0), np.int64(0), nptr, naware, nshown, nrun, bound - won,
                        depth + 1, M, stats, root_order, memo, buf, scratch, tab, lines, lens, tails) + won
            else:
                v = rec(n0, n1, n2, n3, leader, nt, ntrick + 1, ptr, naware, nshown, run, bound, depth + 1,
                        M, stats, root_order, memo, buf, scratch, tab, lines, lens, tails)
            better = v > best if maximise else v < best
            if better:
                best = v
                lines[depth, 0] = card | ((mv >> 8) << 6) | (seat << 10)
                n = lens[depth + 1]
                for j in range(n):
                    lines[depth, j + 1] = lines[depth + 1, j]
                lens[depth] = n + 1
                tails[depth, 0] = tails[depth + 1, 0]
                tails[depth, 1] = tails[depth + 1, 1]
                if maximise:
                    if best >= beta:
                        break
                elif best <= 0:
                    break
    if ntrick == 0:
        if stats[S_CUTS] == cuts0 or not optimistic:
            if best < beta and stats[S_CUTS] == cuts0:
                packed = best | (1 << 7)
                n = min(4, lens[depth])  # the moves to the next boundary (the rest: that boundary's entry)
                packed |= n << 8
                for j in range(n):
                    packed |= lines[depth, j] << (11 + 12 * j)
                memo_put(memo, k0, k1, packed)
            elif best >= beta:
                memo_put(memo, k0, k1, best)
    return best


@njit(cache=True)
def follow(k0, k1, r0, r1, r2, r3, M, memo, out, n):  # type: ignore[no-untyped-def]
    """Append to ``out[n:]`` the line stored under the exact memo entry ``(k0, k1)`` and the entries
    it leads to; ``r*`` the hands at the root. Answers the new length."""
    restricted = M[M_RESTRICTED]
    trump = M[M_TRUMP]
    while k0 >= 0:
        got = memo_get(memo, k0, k1)
        if got < 0 or not got >> 7 & 1:
            break
        held = k0 & ((np.int64(1) << 52) - 1)
        leader = (k0 >> 52) & 3
        aware = (k0 >> 54) & 1
        ptr = (k0 >> 58) & 31
        shown = k1
        h = [r0 & held, r1 & held, r2 & held, r3 & held]
        cnt = (got >> 8) & 7
        trick = np.int64(0)
        for j in range(cnt):
            mv = (got >> (11 + 12 * j)) & 4095
            out[n] = mv
            n += 1
            card = mv & 63
            seat = (mv >> 10) & 3
            h[seat] &= ~(np.int64(1) << card)
            if not restricted >> seat & 1:
                if j and card // 13 != card_at(trick, 0) // 13:
                    shown |= np.int64(1) << (seat * 4 + card_at(trick, 0) // 13)
                if card // 13 == trump:
                    aware = 1
            trick |= np.int64(card) << (6 * j)
        if cnt < 4:
            break
        w = trick_winner(trick, 4, leader, trump)
        won = 1 if restricted >> w & 1 else 0
        run = card_at(trick, 0) // 13 if won and restricted >> leader & 1 else -1
        ptr = advance(M, ptr, h[0], h[1], h[2], h[3])
        if (h[0] | h[1] | h[2] | h[3]) == 0:
            break
        k0 = ((h[0] | h[1] | h[2] | h[3]) | (np.int64(w) << 52) | (np.int64(aware) << 54)
              | (np.int64(run + 1) << 55) | (np.int64(ptr) << 58))
        k1 = shown
    return n


# ----------------------------------------------------------------------------------------------
# The Python side: the same set-up as engine.rulings.claim_search.search, then the compiled core.

def _pyside():  # type: ignore[no-untyped-def]
    """Imports of the engine, kept out of the module's import (numba's cache loads it alone)."""
    from engine.laws.claims import Category
    return Category


def model_array(model) -> np.ndarray:  # type: ignore[no-untyped-def]
    """NormalPlay -> the int64 model array M."""
    m = np.zeros(M_ORDER + 2 * len(model.order), np.int64)
    m[M_RESTRICTED] = sum(1 << s for s in model.restricted)
    m[M_TRUMP] = model.trump
    m[M_NORDER] = len(model.order)
    m[M_FINESSE] = model.finesse_cards
    m[M_UNBLOCK] = model.unblock_cards
    m[M_RUFFS] = sum(1 << (su * 4 + seat) for su, seat in model.ruffs)
    m[M_CONCEDE_SUITS] = sum(1 << su for su in model.concede_suits)
    m[M_CONCEDES] = int(model.concedes)
    m[M_CARELESS_ORDER] = int(model.careless_order)
    for s in range(4):
        for su in range(4):
            m[M_TOPS + 4 * s + su] = model.top_winners[s][su]
    for i, (card, suit) in enumerate(model.order):
        m[M_ORDER + 2 * i] = card
        m[M_ORDER + 2 * i + 1] = suit
    return m


RUNNABLE_TABLE = np.zeros(1 << 14, np.int8)  # kept across searches, as the lru_cache of claim_masks.runnable


@njit(cache=True, nogil=True)
def run_core(h0, h1, h2, h3, leader, trick, ntrick, ptr, aware, shown, M, stats, root_order, memo, tab, line):  # type: ignore[no-untyped-def]
    """The search from the root; the worst line into ``line`` (answers value, line length)."""
    buf = np.zeros((56, MAXM), np.int64)
    scratch = np.zeros((56, 52), np.int8)
    lines = np.zeros((57, 56), np.int64)
    lens = np.zeros(57, np.int64)
    tails = np.full((57, 2), -1, np.int64)
    v = rec(h0, h1, h2, h3, leader, trick, ntrick, ptr, aware, shown, np.int64(-1), np.int64(INF), np.int64(0),
            M, stats, root_order, memo, buf, scratch, tab, lines, lens, tails)
    n = lens[0]
    for j in range(n):
        line[j] = lines[0, j]
    if tails[0, 0] >= 0:
        n = follow(tails[0, 0], tails[0, 1], h0, h1, h2, h3, M, memo, line, n)
    return v, n


def core_search(setting, claim, *, node_budget: int = 400_000, switches=(),  # type: ignore[no-untyped-def]
                claimer_plays_any_card: bool = False, dd_root=None, memo: str = "dict", stats_out=None,
                deadline=None):
    """As ``engine.rulings.claim_search.search`` (same arguments, same ``SearchResult``: bounds, the
    worst line, nodes), through the compiled core. ``deadline`` is ignored: the node budget bounds
    the search (at ~2-3 million nodes a second). ``memo``: ``"dict"`` (numba typed dict) or ``"tt"``
    (numpy open addressing). ``stats_out``: a list that gets (memo entries, seconds in the core) per pass."""
    from dataclasses import replace

    from engine.errors import InvalidBoardError
    from engine.laws.claim_masks import SUIT_MASK, suit_of
    from engine.laws.claim_masks import trick_winner as py_trick_winner
    from engine.laws.claims import Category, normal_categories
    from engine.laws.normal_play import _PREFERENCE, NormalPlay
    from engine.model.cards import SUIT_ORDER
    from engine.model.seats import SEATS, Side
    from engine.rulings.claim_ruling import SearchResult
    from engine.rulings.claim_search import _all_hands, _number

    t_start = time.perf_counter()
    findings = replace(claim.findings, switches=(*claim.findings.switches, *switches))
    pos = setting.position
    hands = pos.hands
    leader = SEATS.index(pos.leader)
    trick = tuple(c.index for c in pos.trick)
    trump = SUIT_ORDER.index(pos.trump) if pos.trump is not None else -1
    model = NormalPlay.of(claim, _all_hands(pos), pos.trump, pos.tricks_left)
    shown = 0
    for void_seat, void_suit in setting.shown_out:
        shown |= 1 << (SEATS.index(void_seat) * 4 + SUIT_ORDER.index(void_suit))
    aware = model.initially_aware(claim)
    ptr = model.advance(0, hands)
    prefix: list = []
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
            w = py_trick_winner(trick, leader, trump)
            won0 += 1 if w in model.restricted else 0
            leader, trick = w, ()
        ptr = model.advance(ptr, hands)
    allowed = sum(1 << _PREFERENCE.index(c) for c in normal_categories(findings))
    root_order = np.full(53, INF, np.int64)
    root_order[52] = 0
    if dd_root is not None and not prefix and SEATS.index(dd_root.to_play) not in model.restricted:
        rside = SEATS[next(iter(model.restricted))].side
        for c, t in dd_root.ns_tricks:
            root_order[c.index] = t if rside is Side.NS else pos.tricks_left - t
        root_order[52] = 1
    M = model_array(model)
    packed = 0
    for i, c in enumerate(trick):
        packed |= c << (6 * i)
    penalty = sum(1 << c.index for c in setting.penalty_cards)

    def one(optimistic: bool) -> tuple[int, int, int, list]:
        stats = np.zeros(8, np.int64)
        stats[S_BUDGET] = node_budget
        stats[S_OPT] = int(optimistic)
        stats[S_BEST] = int(claimer_plays_any_card)
        stats[S_PENALTY] = penalty
        stats[S_ALLOWED] = allowed
        if not any(hands):
            return 0, 0, 0, []
        table = make_memo() if memo == "dict" else make_tt(min(21, 12 + pos.tricks_left))
        line = np.zeros(60, np.int64)
        t0 = time.perf_counter()
        v, n = run_core(hands[0], hands[1], hands[2], hands[3], leader, packed, len(trick), ptr, int(aware), shown,
                        M, stats, root_order, table, RUNNABLE_TABLE, line)
        if stats_out is not None:  # (memo entries, seconds in the compiled core)
            stats_out.append((len(table) if memo == "dict" else int((table[:, 0] != -1).sum()),
                              time.perf_counter() - t0))
        moves = []
        for mv in line[:n]:
            cat = int(mv >> 6) & 15
            moves.append((int(mv >> 10) & 3, int(mv) & 63, None if cat == NONE_CAT else _PREFERENCE[cat].value))
        return int(v), int(stats[S_NODES]), int(stats[S_CUTS]), moves

    low, nodes, cuts, line = one(True)
    complete = cuts == 0
    high = low
    if not complete:
        high, n2, _, line = one(False)
        nodes += n2
        if high >= INF:
            high, line = pos.tricks_left - won0, []
    full = [*prefix, *((s, c, cat, False) for s, c, cat in line)]
    plays = _number(setting.position, full, setting.tricks_won)
    del Category
    return SearchResult(won0 + high, won0 + low, complete, plays, nodes, (time.perf_counter() - t_start) * 1000)
