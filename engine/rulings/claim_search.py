"""The claim search (docs/claims.md 2.3): a *min-min* in which every player minimises the
restricted side's tricks; the other side may play any legal card, the restricted side only the
cards :class:`engine.laws.normal_play.NormalPlay` offers, in the categories the findings count as
normal (Law 70).

Pure Python over 52-bit masks, with rank equivalence for the unrestricted side, a memo at trick
boundaries and a bound (a branch stops once it cannot go below the best line found). Above a
node budget the answer is an interval (:class:`engine.rulings.claim_ruling.SearchResult`),
never rounded. Never calls the solver: the double-dummy values of the position at the claim
come in as ``dd_root``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from engine.dd.results import CardScores
from engine.errors import InvalidBoardError
from engine.laws.claim_masks import SUIT_MASK, suit_of, trick_winner
from engine.laws.claims import CARELESS, Category, Claim, normal_categories
from engine.laws.normal_play import NormalPlay
from engine.model.cards import FULL_DECK, SUIT_ORDER, Card
from engine.model.position import Position
from engine.model.seats import SEATS, Side
from engine.rulings.claim_memo import SearchMemo
from engine.rulings.claim_ruling import ClaimSetting, LinePlay, SearchResult

DEFAULT_NODE_BUDGET = 400_000
"""Nodes (cards tried) one search may visit before it answers with an interval; about 5-10 s of
pure Python on the claim positions measured in benchmarks/README.md."""



_MEMO: SearchMemo[SearchResult] = SearchMemo()
"""Complete searches, for the same question asked again (a doubtful point ruled, a re-run)."""



_CARD: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=lambda c: c.index))



_INF = 99



_CARELESS_CODES = frozenset(c.value for c in CARELESS)



class _Search:
    """The min-min search over one claim's normal-move set (one memo per set of categories)."""

    def __init__(self, model: NormalPlay, allowed: frozenset[Category], trump: int, budget: int,
                 optimistic_cuts: bool, claimer_best: bool = False, deadline: float = float("inf")) -> None:
        self.deadline = deadline  # time.monotonic() after which the search stops as at its budget
        self.stopped = False
        self.root: tuple[object, ...] = ()  # (hands, leader, trick) of the root, for the double-dummy order
        self.root_order: dict[int, int] = {}  # card index -> the restricted side's tricks double dummy
        self.claimer_best = claimer_best  # the restricted side plays any card, for the most tricks (a check)
        self.model = model
        self.allowed = allowed
        self.trump = trump
        self.budget = budget
        self.optimistic = optimistic_cuts  # a cut branch counts 0 (a lower bound) or never (an upper bound)
        self.nodes = 0
        self.cuts = 0
        self.penalty = 0  # mask of major penalty cards: played at the first legal opportunity (50D1)
        self.memo: dict[tuple[object, ...], tuple[int, bool, tuple[tuple[int, int, str | None], ...]]] = {}

    def moves(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, aware: bool,
              shown: int, run: int) -> list[tuple[int, str | None]]:
        seat = (leader + len(trick)) % 4
        if self.penalty & hands[seat]:  # 50D1: a major penalty card, whenever it is a legal card
            led_suit = hands[seat] & SUIT_MASK[suit_of(trick[0])] if trick else 0
            due = self.penalty & hands[seat] & (led_suit or hands[seat])
            if due:
                return [(c, None) for c in range(52) if due >> c & 1]
        if seat in self.model.restricted and not self.claimer_best:
            offered = self.model.options(hands, leader, trick, ptr, aware, shown, run)
            ok: list[tuple[int, str | None]] = [(c, cat.value) for c, cat in offered if cat in self.allowed]
            ok = ok or [(c, cat.value) for c, cat in offered]  # a forced choice stays a choice
            if not self.optimistic:  # looking for any line that holds the claimer low: careless choices first
                ok.sort(key=lambda x: x[1] not in _CARELESS_CODES)
            return ok
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
            ws = trick_winner(trick, leader, self.trump)
            win = trick[(ws - leader) % 4]
            wsu, tr = win // 13, self.trump
            wins = [c for c in reps if (c // 13 == wsu and c > win) or (c // 13 == tr and wsu != tr)]
            if wins:
                rest = [c for c in reversed(reps) if c not in wins]
                reps = wins + rest
        if self.root_order and (hands, leader, trick) == self.root:  # the defence's first card: DD-best first
            reps.sort(key=lambda c: self.root_order.get(c, _INF))
        return [(c, None) for c in reps]

    def boundary(self, hands: tuple[int, int, int, int], leader: int, ptr: int, aware: bool, shown: int, run: int,
                 beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        if not hands[leader]:
            return 0, ()
        if beta <= 0:
            return 0, ()
        key = (hands, leader, ptr, aware, shown, run)
        got = self.memo.get(key)
        if got is not None:
            v, exact, line = got
            if exact or v >= beta:
                return v, line
        cuts = self.cuts
        v, line = self.node(hands, leader, (), ptr, aware, shown, run, beta)
        if self.cuts == cuts or not self.optimistic:
            if v < beta and self.cuts == cuts:
                self.memo[key] = (v, True, line)
            elif v >= beta:
                self.memo[key] = (v, False, ())
        return v, line

    def node(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, aware: bool,
             shown: int, run: int, beta: int) -> tuple[int, tuple[tuple[int, int, str | None], ...]]:
        self.nodes += 1
        if self.stopped or self.nodes > self.budget or (not self.nodes & 1023 and time.monotonic() > self.deadline):
            self.stopped = True
            self.cuts += 1
            return (0, ()) if self.optimistic else (_INF, ())
        seat = (leader + len(trick)) % 4
        best = _INF
        best_line: tuple[tuple[int, int, str | None], ...] = ()
        restricted = self.model.restricted
        maximise = self.claimer_best and seat in restricted
        if maximise:
            best = -1
        for card, cat in self.moves(hands, leader, trick, ptr, aware, shown, run):
            nh = list(hands)
            nh[seat] &= ~(1 << card)
            h: tuple[int, int, int, int] = (nh[0], nh[1], nh[2], nh[3])
            nt = (*trick, card)
            nshown, naware = shown, aware
            if seat not in restricted:
                if trick and card // 13 != trick[0] // 13:
                    nshown |= 1 << (seat * 4 + trick[0] // 13)
                if card // 13 == self.trump:
                    naware = True  # he has seen an opponent's trump (70C ends)
            bound = beta if maximise else min(beta, best)
            if len(nt) == 4:
                w = trick_winner(nt, leader, self.trump)
                won = 1 if w in restricted else 0
                nrun = nt[0] // 13 if won and leader in restricted else -1
                nptr = self.model.advance(ptr, h)
                v, line = self.boundary(h, w, nptr, naware, nshown, nrun, bound - won)
                v += won
            else:
                v, line = self.node(h, leader, nt, ptr, naware, nshown, run, bound)
            if maximise:
                if v > best:
                    best, best_line = v, ((seat, card, cat), *line)
                    if best >= beta:
                        break  # at least beta: a lower bound is all the caller needs
                continue
            if v < best:
                best, best_line = v, ((seat, card, cat), *line)
                if best <= 0:
                    break
        return best, best_line



def search(setting: ClaimSetting, claim: Claim, *, node_budget: int = DEFAULT_NODE_BUDGET,
           switches: Sequence[tuple[Category, bool]] = (), claimer_plays_any_card: bool = False,
           deadline: float | None = None, dd_root: CardScores | None = None) -> SearchResult:
    """The fewest tricks the restricted side (:func:`engine.laws.claims.restricted_seats`) takes
    from the claim on, the other side playing any card (min-min, docs/claims.md 2.3).

    ``switches`` are added to the findings' (a doubtful point re-ruled). Cards played after the
    claim (``findings.played_after_claim``, 70D3) are played first. ``claimer_plays_any_card``
    lets the restricted side play any card for the most tricks: the search is then double dummy
    (a check of the search, never a ruling). ``deadline`` (``time.monotonic()``) stops the search
    as its node budget does: most of the time left for the lower bound, the rest for a line.
    ``dd_root``: the double-dummy values of the position at the claim; when the other side is to
    play there, its cards are tried best first (fewest tricks for the restricted side).

    Raises:
        InvalidBoardError: a card played after the claim that is not the next player's, or does
            not follow suit when it could (path ``claim/findings/played_after_claim/<i>``).
    """
    t0 = time.perf_counter()
    findings = replace(claim.findings, switches=(*claim.findings.switches, *switches))
    key = (setting.position, setting.shown_out, setting.penalty_cards, setting.tricks_won,
           replace(claim, findings=findings), claimer_plays_any_card, node_budget)
    kept = _MEMO.get(key)
    if kept is not None:
        return replace(kept, ms=(time.perf_counter() - t0) * 1000)
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
            leader, trick = w, ()
        ptr = model.advance(ptr, hands)
    allowed = normal_categories(findings)
    line: tuple[tuple[int, int, str | None], ...] = ()
    order: dict[int, int] = {}
    if dd_root is not None and not prefix and SEATS.index(dd_root.to_play) not in model.restricted:
        rside = SEATS[next(iter(model.restricted))].side
        order = {c.index: (t if rside is Side.NS else pos.tricks_left - t) for c, t in dd_root.ns_tricks}
    now = time.monotonic()
    end = deadline if deadline is not None else float("inf")
    lo_search = _Search(model, allowed, trump, node_budget, optimistic_cuts=True, claimer_best=claimer_plays_any_card,
                        deadline=now + 0.7 * (end - now) if end > now else now)
    lo_search.root, lo_search.root_order = (hands, leader, trick), order
    penalty = sum(1 << c.index for c in setting.penalty_cards)
    lo_search.penalty = penalty
    if not any(hands):
        low = 0
    elif trick:
        low, line = lo_search.node(hands, leader, trick, ptr, aware, shown, -1, _INF)
    else:
        low, line = lo_search.boundary(hands, leader, ptr, aware, shown, -1, _INF)
    nodes = lo_search.nodes
    complete = lo_search.cuts == 0
    high = low
    if not complete:  # an upper bound and a real line: the best line found within the budget
        hi_search = _Search(model, allowed, trump, node_budget, optimistic_cuts=False,
                            claimer_best=claimer_plays_any_card, deadline=max(end, time.monotonic() + 0.5))
        hi_search.root, hi_search.root_order = (hands, leader, trick), order
        hi_search.penalty = penalty
        if trick:
            high, line = hi_search.node(hands, leader, trick, ptr, aware, shown, -1, _INF)
        else:
            high, line = hi_search.boundary(hands, leader, ptr, aware, shown, -1, _INF)
        nodes += hi_search.nodes
        if high >= _INF:
            high, line = pos.tricks_left - won0, ()
    full = [*prefix, *((s, c, cat, False) for s, c, cat in line)]
    plays = _number(setting.position, full, setting.tricks_won)
    result = SearchResult(won0 + high, won0 + low, complete, plays, nodes, (time.perf_counter() - t0) * 1000)
    if complete:
        _MEMO.put(key, result)
    return result



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
