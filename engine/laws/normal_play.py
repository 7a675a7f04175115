"""The model of "normal" play after a claim (Laws 70-71 and the footnote to them: careless or
inferior play for the class of player is normal; docs/claims.md section 2.2).

:class:`NormalPlay` answers, at any point of the play after the claim, which cards the restricted
side may play and under which :class:`engine.laws.claims.Category` each is offered; the search
(:mod:`engine.rulings.claim_search`) walks those choices. Cards are indices 0..51 and hands 52-bit
masks (:mod:`engine.laws.claim_masks`); seats 0..3 in N, E, S, W order; suits 0..3 in S, H, D, C
order. Pure law logic, no solver.

Sources: the 2017 Laws 68-71, the EBU White Book 8.70.4-8.70.5, the WBF 2017 Commentary (Law
70, Example 51), as quoted in docs/claims.md section 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.laws.claim_masks import SUIT_MASK, bottom, runnable, suit_of, top, trick_winner
from engine.laws.claims import Category, Claim, ClaimKind, Do, SuitOrder, Unaware, restricted_seats
from engine.model.cards import SUIT_ORDER, Suit
from engine.model.seats import SEATS

_IsTop = Callable[[int], bool]
_Put = Callable[[int, "Category"], None]

_PREFERENCE: tuple[Category, ...] = (Category.STATED, Category.CASH, Category.NORMAL, Category.ENTRY,
                                     Category.CONCEDE, Category.UNAWARE_TRUMP, Category.CARELESS_ORDER,
                                     Category.CARELESS_BLOCK, Category.CARELESS_RUFF, Category.CARELESS_DEPARTURE)


@dataclass(frozen=True, slots=True)
class NormalPlay:
    """The normal-move set of one claim (docs/claims.md 2.2), for the search to walk.

    Built by :meth:`of`; :meth:`options` answers for one point of the play.

    Attributes:
        restricted: the seats (0..3) held to normal plays.
        trump: the trump suit 0..3, or -1 in no trump.
        order: the stated leads: ``(card index, -1)`` or ``(-1, suit)``.
        finesse_cards: mask of the stated finesse cards.
        unblock_cards: mask of the stated unblocks.
        ruffs: ``(suit, seat)`` pairs of stated ruffs.
        concede_suits: suits in which the statement gives up tricks.
        concedes: the claim concedes tricks (a lead of a suit without a winner is then normal).
        top_winners: for each seat and suit, the number of cards of that seat's holding at the
            claim above every opponent's card of the suit (70E2: a low card first is careless only
            from a suit with fewer than two).
        careless_order: the 70E2 rule leaves the order within a suit open (no top-down rule).
        trumps_stated: the statement mentioned the trumps (70C1).
    """

    restricted: frozenset[int]
    trump: int
    order: tuple[tuple[int, int], ...]
    finesse_cards: int
    unblock_cards: int
    ruffs: frozenset[tuple[int, int]]
    concede_suits: frozenset[int]
    concedes: bool
    top_winners: tuple[tuple[int, int, int, int], ...]
    careless_order: bool
    trumps_stated: bool

    @classmethod
    def of(cls, claim: Claim, hands: tuple[int, int, int, int], trump: Suit | None, tricks_left: int) -> NormalPlay:
        """The model for ``claim`` at the position whose hands (masks, N E S W) are given.

        ``tricks_left``: the tricks still to play, the current one included; a claim of fewer
        concedes tricks. For 69B the restricted side is the one that agreed; "concedes" is then
        whether it agreed to lose tricks.
        """
        seats = restricted_seats(claim)
        restricted = frozenset(SEATS.index(s) for s in seats)
        st = claim.statement
        order = tuple((x.card.index, -1) if x.do is Do.LEAD and x.card is not None else (-1, SUIT_ORDER.index(x.suit))
                      for x in st.steps if (x.do is Do.LEAD and x.card is not None) or (x.do is Do.CASH and x.suit))
        keeps = claim.tricks if claim.kind is not ClaimKind.AGREED_THEN_DISPUTED else tricks_left - claim.tricks
        tops = []
        for s in range(4):
            opp = hands[(s + 1) % 4] | hands[(s + 3) % 4]
            row = []
            for su in range(4):
                mine, theirs = hands[s] & SUIT_MASK[su], opp & SUIT_MASK[su]
                hi = top(theirs) if theirs else -1
                row.append(sum(1 for i in range(52) if mine >> i & 1 and i > hi))
            tops.append(tuple(row))
        return cls(
            restricted=restricted,
            trump=SUIT_ORDER.index(trump) if trump is not None else -1,
            order=order,
            finesse_cards=sum(1 << x.card.index for x in st.steps if x.do is Do.FINESSE and x.card is not None),
            unblock_cards=sum(1 << x.card.index for x in st.steps if x.do is Do.UNBLOCK and x.card is not None),
            ruffs=frozenset((SUIT_ORDER.index(x.suit), SEATS.index(x.seat)) for x in st.steps
                            if x.do is Do.RUFF and x.suit is not None and x.seat is not None),
            concede_suits=frozenset(SUIT_ORDER.index(x.suit) for x in st.steps if x.do is Do.CONCEDE and x.suit),
            concedes=keeps < tricks_left and claim.kind is not ClaimKind.CONCESSION,
            top_winners=tuple(tops),  # type: ignore[arg-type]
            careless_order=claim.findings.suit_order_regulation is SuitOrder.NONE,
            trumps_stated=st.mentions_trumps,
        )

    def initially_aware(self, claim: Claim) -> bool:
        """70C: False when the claimer's awareness of an outstanding trump is in doubt: a trump
        contract, the trumps not mentioned (70C1), and the director not finding it unlikely that
        he was unaware (70C2; ``unknown`` counts against him)."""
        return self.trump < 0 or self.trumps_stated or claim.findings.unaware_of_trump is Unaware.UNLIKELY

    def advance(self, ptr: int, hands: tuple[int, int, int, int]) -> int:
        """The stated step due next: steps whose card the side no longer holds, or whose suit it
        can no longer cash (no winner left in it), are done."""
        side = 0
        for s in self.restricted:
            side |= hands[s]
        opp = 0
        for s in range(4):
            if s not in self.restricted:
                opp |= hands[s]
        while ptr < len(self.order):
            card, suit = self.order[ptr]
            if card >= 0:
                if side >> card & 1:
                    return ptr
            else:
                mine, theirs = side & SUIT_MASK[suit], opp & SUIT_MASK[suit]
                if mine and (not theirs or top(mine) > top(theirs)):
                    return ptr
            ptr += 1
        return ptr

    def options(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int,
                aware: bool, shown: int, run: int) -> list[tuple[int, Category]]:
        """The cards the restricted seat to play may choose, each with its category (most normal
        category when a card qualifies twice), in a stable order.

        Args:
            hands: the cards still held (masks, N E S W), without the current trick's.
            leader: who led the current trick (0..3).
            trick: the card indices played to it so far.
            ptr: the stated step due (:meth:`advance`).
            aware: the claimer is deemed aware of the outstanding trumps (70C; becomes true when
                an opponent shows a trump on the line).
            shown: show-outs seen: bit ``seat * 4 + suit`` set when that seat showed out.
            run: the suit the side is running (a change of suit only when it has no winner left
                in it or has lost the lead: the EBU's "tortuous" limit, claims.md 2.7), or -1.
        """
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        partner = (seat + 2) % 4
        opp_all = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
        trump = self.trump
        unaware = trump >= 0 and not aware and bool(opp_all & SUIT_MASK[trump])
        out: dict[int, Category] = {}

        def believed_top(card: int) -> bool:  # a card he must believe is a winner
            su = suit_of(card)
            if su == trump and unaware:
                return True
            theirs = opp_all & SUIT_MASK[su]
            return not theirs or card > top(theirs)

        def offer(card: int, cat: Category) -> None:
            old = out.get(card)
            if old is None or _PREFERENCE.index(cat) < _PREFERENCE.index(old):
                out[card] = cat

        if not trick:
            ruff_leads = self._leads(hands, seat, partner, opp_all, ptr, aware, unaware, run, believed_top, offer)
            if ruff_leads and ptr >= len(self.order):  # the stated ruff is due: any other lead departs from it
                for c, cat in out.items():
                    if not ruff_leads >> c & 1 and cat in (Category.CASH, Category.ENTRY, Category.CONCEDE):
                        out[c] = Category.CARELESS_DEPARTURE
            if not out:
                for su in range(4):
                    if hand & SUIT_MASK[su]:
                        offer(bottom(hand & SUIT_MASK[su]), Category.CONCEDE)
        else:
            self._follows(hands, seat, partner, leader, trick, ptr, aware, shown, believed_top, offer)
            if not out:
                led = hand & SUIT_MASK[suit_of(trick[0])]
                pool = led or hand
                for su in range(4):
                    if pool & SUIT_MASK[su]:
                        offer(bottom(pool & SUIT_MASK[su]), Category.NORMAL)
        return sorted(out.items(), key=lambda kv: (_PREFERENCE.index(kv[1]), -kv[0]))

    def _leads(self, hands: tuple[int, int, int, int], seat: int, partner: int, opp_all: int, ptr: int,
               aware: bool, unaware: bool, run: int, is_top: _IsTop, put: _Put) -> int:
        """Offer the leads (through ``put``); answer the mask of the leads for a stated ruff."""
        hand = hands[seat]
        trump = self.trump
        side = hand | hands[partner]
        if ptr < len(self.order):  # 70D1: the stated step, if this hand can take it
            card, suit = self.order[ptr]
            if card >= 0 and hand >> card & 1:
                put(card, Category.STATED)
                return 0
            if card < 0 and hand & SUIT_MASK[suit] and is_top(top(hand & SUIT_MASK[suit])):
                put(top(hand & SUIT_MASK[suit]), Category.STATED)
                return 0
        if run >= 0 and hand & SUIT_MASK[run]:  # keep running the suit while the side has a winner in it
            mine = hand & SUIT_MASK[run]
            if is_top(top(mine)):
                put(top(mine), Category.CASH)
                return 0
            theirs = hands[partner] & SUIT_MASK[run]
            if theirs and is_top(top(theirs)):
                put(bottom(mine), Category.ENTRY)
                return 0
        if trump >= 0 and aware and opp_all & SUIT_MASK[trump] and hand & SUIT_MASK[trump]:
            put(top(hand & SUIT_MASK[trump]), Category.CASH)  # 70C: draw trumps first
            return 0
        ruff_leads = 0
        winners = False
        entries = False
        partner_winners = any(is_top(top(hands[partner] & SUIT_MASK[su])) for su in range(4)
                              if su != trump and hands[partner] & SUIT_MASK[su])
        blocks = self._blocking_leads(hands, seat, partner, opp_all)
        for su in range(4):
            mine = hand & SUIT_MASK[su]
            if not mine:
                continue
            hi, lo = top(mine), bottom(mine)
            if is_top(hi):
                winners = True
                side_winner = unaware and su != trump and bool(side & SUIT_MASK[trump])
                put(hi, Category.CARELESS_BLOCK if hi in blocks else
                    Category.UNAWARE_TRUMP if side_winner else Category.CASH)
                if self.careless_order and lo != hi and self.top_winners[seat][su] < 2:
                    put(lo, Category.CARELESS_ORDER)
            theirs = hands[partner] & SUIT_MASK[su]
            if theirs and is_top(top(theirs)) and lo < top(theirs):
                put(lo, Category.CARELESS_BLOCK if lo in blocks else Category.ENTRY)
                entries = True
            stated_ruff = (su, partner) in self.ruffs
            if not theirs and su != trump and trump >= 0 and hands[partner] & SUIT_MASK[trump] \
                    and is_top(top(hands[partner] & SUIT_MASK[trump])) and (partner_winners or stated_ruff):
                # a ruff in partner's hand, as stated, or as the way to reach partner's winners
                put(lo, Category.STATED if stated_ruff else Category.ENTRY)
                entries = True
                if stated_ruff:
                    ruff_leads |= 1 << lo
            if su in self.concede_suits:
                put(lo, Category.STATED)
        side_winner = any(is_top(top(side & SUIT_MASK[su])) for su in range(4) if side & SUIT_MASK[su])
        if self.concedes or not side_winner or (not winners and not entries):
            for su in range(4):
                mine = hand & SUIT_MASK[su]
                if mine and not is_top(top(mine)):
                    put(bottom(mine), Category.CONCEDE)
        return ruff_leads

    def _blocking_leads(self, hands: tuple[int, int, int, int], seat: int, partner: int, opp_all: int) -> set[int]:
        """Leads that block a suit the side holds solidly (every card above the opponents'): the
        suit could be run by another lead, but not after this one, whatever partner plays
        (T12: K75 opposite T8, the king first)."""
        found: set[int] = set()
        for su in range(4):
            mine, pm = hands[seat] & SUIT_MASK[su], hands[partner] & SUIT_MASK[su]
            theirs = opp_all & SUIT_MASK[su]
            if not mine or not pm or (theirs and bottom(mine | pm) < top(theirs)):
                continue
            ok: dict[int, bool] = {}
            m = mine
            while m:
                c = bottom(m)
                m &= m - 1
                good = False
                n = pm
                while n and not good:
                    q = bottom(n)
                    n &= n - 1
                    good = runnable(mine & ~(1 << c), pm & ~(1 << q)) if c > q else \
                        runnable(pm & ~(1 << q), mine & ~(1 << c))
                ok[c] = good
            if any(ok.values()):
                found |= {c for c, good in ok.items() if not good}
        return found

    def _follows(self, hands: tuple[int, int, int, int], seat: int, partner: int, leader: int, trick: tuple[int, ...],
                 ptr: int, aware: bool, shown: int, is_top: _IsTop, put: _Put) -> None:
        hand = hands[seat]
        trump = self.trump
        led = suit_of(trick[0])
        mine = hand & SUIT_MASK[led]
        opp_all = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
        after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        opp_after = [p for p in after if p not in self.restricted]
        partner_after = partner in after
        win_seat = trick_winner(trick, leader, trump)
        cw = trick[(win_seat - leader) % 4]
        cw_trump = suit_of(cw) == trump and led != trump
        theirs_led = opp_all & SUIT_MASK[led]
        theirs_trump = opp_all & SUIT_MASK[trump] if trump >= 0 and aware else 0
        # what the players still to play may hold in the suit led, as far as the claimer knows
        threat = theirs_led if any(not shown >> (p * 4 + led) & 1 for p in opp_after) else 0
        ruff_threat = bool(theirs_trump) and led != trump and any(shown >> (p * 4 + led) & 1 for p in opp_after)

        def holds(card: int, is_trump: bool) -> bool:
            if not opp_after:
                return True
            if is_trump:
                return not theirs_trump or card > top(theirs_trump)
            return not ruff_threat and (not threat or card > top(threat))

        if ptr < len(self.order):
            card, _ = self.order[ptr]
            if card >= 0 and hand >> card & 1 and (not mine or suit_of(card) == led):
                put(card, Category.STATED)
                return
        partner_holds = win_seat == partner and holds(cw, cw_trump)
        if partner_holds:
            if not mine:
                self._discards(hand, is_top, put)
                return
            if mine & self.unblock_cards:
                put(top(mine & self.unblock_cards), Category.STATED)
                return
            lo, hi = bottom(mine), top(mine)
            pmine = hands[partner] & SUIT_MASK[led]
            solid = not theirs_led or bottom(mine | pmine | (1 << cw if not cw_trump else 0)) > top(theirs_led)
            if solid and not cw_trump:
                over = mine & ~((1 << (cw + 1)) - 1)
                cands = {lo, hi} | ({bottom(over)} if over else set())
                ok = {}
                for c in cands:
                    rest, prest = mine & ~(1 << c), pmine
                    ok[c] = runnable(rest, prest) if c > cw else runnable(prest, rest)
                for c in sorted(cands):
                    put(c, Category.NORMAL if ok[c] or not any(ok.values()) else Category.CARELESS_BLOCK)
                return
            put(lo, Category.NORMAL)
            if hi != lo and hi < cw and bin(mine).count("1") <= bin(pmine).count("1") + 1:
                put(hi, Category.CARELESS_BLOCK)  # an unblock from the shorter (or equal) holding
            return
        # the opponents are winning the trick (or partner's card may still be beaten)
        if mine:
            beat = 0 if cw_trump else mine & ~((1 << (cw + 1)) - 1)
            if not opp_after:  # last to play: the cheapest card that wins, else the lowest
                put(bottom(beat) if beat else bottom(mine), Category.NORMAL)
                return
            sure = 0
            if beat and not ruff_threat:
                sure = beat & ~((1 << (top(threat) + 1)) - 1) if threat else beat
            if sure:
                put(bottom(sure), Category.NORMAL)
            elif beat:
                put(top(mine), Category.NORMAL)  # "play high"
            fin = beat & self.finesse_cards
            if fin:
                put(bottom(fin), Category.STATED)  # 70E1: a stated finesse
            if not beat:
                put(bottom(mine), Category.NORMAL)
            elif partner_after:
                pm = hands[partner] & SUIT_MASK[led]
                if (pm and top(pm) > cw and not cw_trump) or \
                        (not pm and trump >= 0 and hands[partner] & SUIT_MASK[trump]):
                    put(bottom(mine), Category.NORMAL)  # second hand low, partner can still win
            return
        trumps = hand & SUIT_MASK[trump] if trump >= 0 else 0
        if trumps and not partner_holds:
            ruffers = trumps & ~((1 << (cw + 1)) - 1) if cw_trump else trumps
            if ruffers:
                theirs = opp_all & SUIT_MASK[trump]
                high = ruffers & ~((1 << (top(theirs) + 1)) - 1) if theirs else ruffers
                hi_card = bottom(high) if high else top(ruffers)
                put(hi_card, Category.NORMAL)
                lo_card = bottom(ruffers)
                if lo_card != hi_card and opp_after and theirs and top(theirs) > lo_card:
                    put(lo_card, Category.CARELESS_RUFF)
                return
        self._discards(hand, is_top, put)

    def _discards(self, hand: int, is_top: _IsTop, put: _Put) -> None:
        """The lowest card of each suit, but not a card he must believe is a winner while he
        still holds one he must believe is a loser."""
        lows = [bottom(hand & SUIT_MASK[su]) for su in range(4) if hand & SUIT_MASK[su] and su != self.trump]
        if not lows:  # only trumps left: one is thrown (ruffing partner's winner is never chosen otherwise)
            lows = [bottom(hand)]
        losers = [c for c in lows if not is_top(c)]
        for c in losers or lows:
            put(c, Category.NORMAL)
