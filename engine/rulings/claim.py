"""Claim adjudication (Laws 68-71): the fewest tricks the claiming side takes on a normal line.

A use case beside :mod:`engine.rulings.revoke`. The search is a *min-min* (docs/claims.md 2.3): every
player minimises the restricted side's tricks; the other side may play any legal card, the
restricted side only the cards :class:`engine.laws.claims.NormalPlay` offers, in the
categories the findings count as normal. It is pure Python over 52-bit masks, with rank
equivalence for the unrestricted side, a memo at trick boundaries and a bound (a branch stops
once it cannot go below the best line found). Above a node budget the answer is an interval,
flagged for the director, never rounded.

The solver is reached only through :class:`engine.dd.protocol.DoubleDummySolver` (the shared
:class:`engine.dd.runner.SolverRunner` and its cache, which serialises DDS): the double-dummy
value of the position (the award's upper bound), the double-dummy value of every card of the
worst line, and the 69B2 comparison.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from engine.claim_memo import SearchMemo
from engine.dd.protocol import DoubleDummySolver
from engine.dd.results import CardScores
from engine.errors import InvalidBoardError
from engine.laws.claims import (
    CARELESS,
    CATEGORY_LAW,
    SUIT_MASK,
    Category,
    Claim,
    ClaimKind,
    NormalPlay,
    normal_categories,
    restricted_seats,
    suit_of,
    trick_winner,
)
from engine.laws.steps import Step
from engine.model.board import BoardRecord
from engine.model.cards import FULL_DECK, SUIT_ORDER, Card, Suit
from engine.model.contract import Contract
from engine.model.position import Position
from engine.model.seats import SEATS, Seat, Side, Vulnerability
from engine.scoring.law77 import score_ns

DEFAULT_TIME_LIMIT = 45.0
"""Seconds one ruling (every search it runs) may take before its searches answer with intervals:
a request never holds a worker for minutes."""

DEFAULT_NODE_BUDGET = 400_000
"""Nodes (cards tried) one search may visit before it answers with an interval; about 5-10 s of
pure Python on the claim positions measured in benchmarks/README.md."""

_MEMO: SearchMemo[SearchResult] = SearchMemo()
"""Complete searches, for the same question asked again (a doubtful point ruled, a re-run)."""

_CARD: tuple[Card, ...] = tuple(sorted(FULL_DECK, key=lambda c: c.index))
_INF = 99
_CARELESS_CODES = frozenset(c.value for c in CARELESS)


@dataclass(frozen=True, slots=True)
class ClaimSetting:
    """The position at the claim and what is known around it.

    Attributes:
        position: the hands, trump, leader and the current trick (it may be unfinished).
        shown_out: ``(seat, suit)`` voids shown before the claim (70E1: a finesse against a card
            marked by a show-out is part of the line).
        tricks_won: tricks already won (North-South, East-West) before the claim, when known.
        contract: the contract with its declarer, when known (for the score).
        vulnerability: the board's vulnerability.
        board: the board, when the claim came with its deal and play.
        penalty_cards: major penalty cards in the players' hands (a defender's revoke card after the
            revoke was corrected, 62A/62B1): each must be played at its holder's first legal
            opportunity, leading, following or discarding (50D1). The double-dummy figures do not
            know them.
    """

    position: Position
    shown_out: frozenset[tuple[Seat, Suit]] = frozenset()
    tricks_won: tuple[int, int] | None = None
    contract: Contract | None = None
    vulnerability: Vulnerability = Vulnerability.NONE
    board: BoardRecord | None = None
    penalty_cards: frozenset[Card] = frozenset()

    @classmethod
    def of_board(cls, board: BoardRecord) -> ClaimSetting:
        """The claim at the end of ``board``'s play record (it may stop mid-trick), with the
        show-outs of the play and the tricks each side won.

        Raises:
            InvalidBoardError / IllegalPlayError: as :meth:`engine.model.play.PlayRecord.build`;
                a play record that is complete (nothing left to claim).
        """
        rec = board.play_record()
        if len(rec.cards) >= 52:
            raise InvalidBoardError("the play is complete: no tricks remain to claim", path="play",
                                    key="claim_play_complete")
        shown = set()
        for t in rec.tricks:
            led = t.cards[0].card.suit
            shown |= {(pc.seat, led) for pc in t.cards[1:] if pc.card.suit != led}
        won = (rec.tricks_won_by(Side.NS.seats), rec.tricks_won_by(Side.EW.seats))
        return cls(rec.position_before(len(rec.cards)), frozenset(shown), won, board.contract, board.vulnerability,
                   board)


@dataclass(frozen=True, slots=True)
class LinePlay:
    """One card of a line of play after the claim.

    Attributes:
        trick: the trick's number among the tricks after the claim (1 = the trick in progress
            at the claim, or the first one after it); ``board_trick``: its number on the board.
        seat: who played it; ``card``: the card.
        category: why a card of the restricted side was offered; ``None`` for the other side.
        evidence: played after the claim and accepted as evidence (70D3).
        dd: the restricted side's tricks among those after the claim if this card is played and
            both sides then play double dummy (``None`` until valued).
    """

    trick: int
    board_trick: int
    seat: Seat
    card: Card
    category: Category | None
    evidence: bool = False
    dd: int | None = None


@dataclass(frozen=True, slots=True)
class SearchResult:
    """One min-min search: the restricted side's tricks among those after the claim.

    Attributes:
        at_most / at_least: bounds; equal when the search was complete.
        complete: the search finished within its node budget.
        line: the worst normal line (every card to the end); empty if none was completed.
        nodes: cards tried; ``ms``: the time it took.
    """

    at_most: int
    at_least: int
    complete: bool
    line: tuple[LinePlay, ...]
    nodes: int
    ms: float


@dataclass(frozen=True, slots=True)
class DoubtfulPoint:
    """A careless (but normal) choice on the worst line, which the director may rule otherwise.

    Attributes:
        trick, seat, card, category, law: where and what.
        if_not_normal: the claiming side's tricks (among those after the claim) when the director
            rules this category not normal for this player (``None``: that search did not finish).
    """

    trick: int
    seat: Seat
    card: Card
    category: Category
    law: str
    if_not_normal: int | None


@dataclass(frozen=True, slots=True)
class ClaimRuling:
    """The adjudication of a claim or concession.

    Attributes:
        claim: as given.
        tricks_left: the tricks still to play at the claim (the one in progress included).
        awarded: the claiming side's tricks among them (``None`` when the search hit its budget and
            the director must decide within ``awarded_range``).
        awarded_range: (at least, at most) for the claiming side.
        claim_stands: the claim (or the concession, or the agreement) stands as made.
        dd_claimer: the claiming side's tricks double dummy, for reference (never an award).
        restricted: the side held to normal play (the claimer's; the agreeing side under 69B).
        search: the search for the restricted side, with its worst line.
        doubtful_points: the careless choices on the worst line, each with its figure.
        likely_if: under 69B2, the claiming side's tricks if the director judges that the agreeing
            side would likely have won what double dummy gives it; else ``None``.
        declarer_tricks / result / score_ns: the declarer's side's total tricks, the result and the
            Law 77 score (North-South's view), when the whole board is known.
        steps: the explanation, each step naming its law.
        setting: the position ruled on (for the page and the case file).
    """

    claim: Claim
    tricks_left: int
    awarded: int | None
    awarded_range: tuple[int, int]
    claim_stands: bool | None
    dd_claimer: int
    restricted: Side
    search: SearchResult
    doubtful_points: tuple[DoubtfulPoint, ...]
    likely_if: int | None
    declarer_tricks: int | None
    result: str | None
    score_ns: int | None
    steps: tuple[Step, ...]
    setting: ClaimSetting | None = field(repr=False, default=None)


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


def _side_tricks(side: Side, ns: int, left: int) -> int:
    return ns if side is Side.NS else left - ns


def _value_line(solver: DoubleDummySolver, pos: Position, line: tuple[LinePlay, ...],
                side: Side) -> tuple[LinePlay, ...]:
    """Every card of ``line`` with the double-dummy value after it (one batch through the
    runner, in play order)."""
    if not line:
        return line
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
    out = []
    for lp, p, before in zip(line, positions, befores, strict=True):
        scores = answers[p]
        out.append(replace(lp, dd=before + scores.side_tricks(lp.card, side)))
    return tuple(out)


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
    for i, item in enumerate(claim.statement.order):
        if isinstance(item, Card) and item not in side_cards:
            raise InvalidBoardError(f"the statement names {item}, which the claiming side does not hold",
                                    path=f"claim/statement/order/{i}", key="claim_stated_card",
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
    either, the answer is an interval and the figures not reached are ``None``. ``progress(done,
    total)`` is told the searches done of those known to be needed (the worst line's, then one per
    careless category on it), after each.

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
    dd_r = _side_tricks(rside, root.best_ns(), left)
    dd_claimer = dd_r if rside is cside else left - dd_r
    line = _value_line(solver, pos, result.line, rside)
    result = replace(result, line=line)
    total = 1 + len({lp.category for lp in line if lp.category in CARELESS and not lp.evidence})
    tell(1, total)
    points = []
    seen: dict[Category, int | None] = {}
    for lp in line:
        if lp.category in CARELESS and not lp.evidence:
            cat = lp.category
            if cat not in seen:
                again = search(setting, claim, node_budget=node_budget, switches=((cat, False),),
                               deadline=deadline, dd_root=root)
                seen[cat] = again.at_most if again.complete else None
                tell(1 + len(seen), total)
            figure = seen[cat]
            if figure is not None and rside is not cside:
                figure = left - figure
            law = CATEGORY_LAW[cat]
            if claim.kind is ClaimKind.CONCESSION and law != "70C":  # "normal" is judged under 71B for a concession
                law = "71B"
            points.append(DoubtfulPoint(lp.board_trick, lp.seat, lp.card, cat, law, figure))
    steps = _claim_steps(setting, claim, result, dd_claimer, points)
    doubtful: list[Step] = []
    for d in points:
        params = {"trick": d.trick, "seat": d.seat.value, "card": str(d.card), "category": d.category.value}
        if d.if_not_normal is None:
            doubtful.append(Step(d.law, f"trick {d.trick}: {d.seat.value} plays the {d.card} ({d.category.value}), a "
                                 "careless choice; the search without it stopped at its budget", "claim.doubtful_open",
                              params))
        else:
            doubtful.append(Step(d.law, f"trick {d.trick}: {d.seat.value} plays the {d.card} ({d.category.value}), "
                                 "a careless choice; if the director rules it not normal, the claiming side takes "
                                 f"{d.if_not_normal}", "claim.doubtful", {**params, "n": d.if_not_normal}))
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
                       decl_tricks, res, sc, tuple(steps), setting)


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
    if claim.statement.order:
        said = " ".join(str(x) if isinstance(x, Card) else f"suit:{x.value}" for x in claim.statement.order)
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
            if claim.statement.trumps.value != "not_mentioned":
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
        steps.append(Step("70E2", "no suit-order regulation: a low card first, from a suit with fewer than two top "
                          "winners at the claim, is a careless but normal order", "claim.70E2_none"))
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
