"""The model of "normal" play after a claim (Laws 70-71 and the footnote to them: careless or
inferior play for the class of player is normal, irrational play is not; docs/claims.md 2.2).

:class:`NormalPlay` answers, at any point of the play after the claim, which cards a player of
the restricted side may play, each with the :class:`engine.laws.claims.Category` it is offered
under, and which kind of choice the natural ones make (:class:`Choice`); the search
(:mod:`engine.rulings.claim_search`) walks those choices. Cards are indices 0..51 and hands 52-bit
masks (:mod:`engine.laws.claim_masks`); seats 0..3 in N, E, S, W order; suits 0..3 in S, H, D, C
order. Pure law logic, no solver.

The rules, each from a published source (quoted from docs/claims.md section 1, the EBU White
Book 8.70 as quoted on the EBU TDs' forum, the EBU Club TD course, the WBF 2017 Commentary):

* **Winners as the claimer sees them.** A card is a *believed winner* when it beats every card of
  its suit the player cannot see (his own hand, dummy, a defender-claimer's faced hand and the
  played cards are seen; Law 70D2, 70E1), or when its suit is *established* from what he sees
  (his side's top cards at least as many as the cards out). A winner in a hand his side can never
  reach again is not one (a stranded winner may be thrown).
* **Discards** (White Book: "a player who thinks all his cards are good might play them in any
  order"; no published ruling lets a claimer throw a winner while he keeps a card that cannot win):
  a card that looks like a loser is thrown before any believed winner; which of several cards
  of the same look is thrown is the claimer's choice (:attr:`Choice.DISCARD`). A card the
  statement says he will lead, a card he said he would throw on a later trick, and the end
  position of a stated squeeze are kept while anything else can go.
* **Leads**: a stated step due is followed (70D1: the statement, in the order said). Otherwise
  the top card of a suit headed by a believed winner (from the top: White Book 8.70.5), a low card
  towards partner's believed winner, in any order (:attr:`Choice.LEAD`, EBU: the most
  disadvantageous order is normal) but running a suit while it has winners (the EBU's "tortuous"
  limit); a loser only when the claim concedes tricks or no winner is left. A low card first from
  a suit he believes runs (established as he sees it) with fewer than two top winners at the claim
  is careless (``careless_order``, 70E2, White Book 8.70.5: 754 opposite a void, not AK5; a small
  card of AQ52 is a loser, not an order); a lead after which a solid suit cannot be run is
  careless (``careless_block``, claims.md T12).
* **70C, an outstanding trump.** A claimer likely unaware of it may cash side winners first
  (``unaware_trump``, White Book 8.70.4(a)). A claimer aware of it (he mentioned it, the director
  finds it unlikely he was unaware, or an opponent has shown a trump) plays as someone who knows:
  he draws it while his side holds a trump above it (crossing to the hand that holds it), and never
  leads a trump into a higher one while he has another card (White Book 8.70.4(b)).
* **Following** partner's card that will hold: low. An unblock or an overtake is offered only where
  it is a real choice: when playing low would leave the suit blocked. Leaving a *solid* suit blocked
  is beyond careless, even for a club player (EBU Club TD course: "failing to unblock and overtake
  [with ♣AKQJT9] is beyond careless"); in a suit that is not solid it is careless
  (``careless_block``). Overtaking a winner that will hold is offered only when the overtaking
  hand has believed winners elsewhere to cash (an entry: :attr:`Choice.FOLLOW`).
* **Following an opponent's card**: the cheapest card that surely wins (it beats every card out
  that a later opponent may hold, and no later opponent who has shown out can ruff it); without
  one, the top card; low when nothing wins or partner, still to play, can win. A lower card that
  wins only if the missing honour is well placed is a finesse: only when stated or when the player
  behind has shown out (70E1, WBF Commentary Law 70 Example 51). Last to play: the cheapest card
  that wins, else the lowest. Ruffing: high enough to beat every trump a later opponent may hold
  (``normal``); lower, where an overruff is possible, is careless (``careless_ruff``, claims.md
  T11); discarding instead of ruffing an opponent's winner is not normal.
* **An outstanding winner the claimer forgot.** When the claim counts on more tricks than his
  believed winners give, the top card of a suit he does not hold the winner of may be led at any
  time as if it were one (``unaware_winner``: "If a declarer appears unaware of an outstanding
  winner, and a trick could be lost by playing or discarding one suit rather than another then
  the TD should award that trick to the non-claimers", White Book 8.70, claims.md 1.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import IntEnum

from engine.laws.claim_masks import SUIT_MASK, bottom, runnable, top, trick_winner
from engine.laws.claims import Category, Claim, ClaimKind, Do, SuitOrder, Unaware, restricted_seats
from engine.model.cards import SUIT_ORDER, Suit
from engine.model.seats import SEATS, Seat


class Choice(IntEnum):
    """The kind of choice the natural plays offered at one point make (White Book 8.70: a
    claimer "might play them in any order, so the claim will be decided based on them being played
    in the most disadvantageous way"). The search takes the worst natural play unless the director
    rules that this kind of choice would have been made right (the category of the same name off):
    then the claimer takes the best. ``NONE``: one natural play."""

    NONE = 0
    LEAD = 1
    DISCARD = 2
    FOLLOW = 3


CHOICE_CATEGORY: dict[Choice, Category] = {
    Choice.LEAD: Category.ANY_ORDER, Choice.DISCARD: Category.ANY_DISCARD, Choice.FOLLOW: Category.ANY_FOLLOW,
}
"""The category (director's switch) of each kind of choice."""

# the steps, encoded: (do, suit, card, seat, count, on_card, other_suit, discard, keep)
DRAW, CASH, LEAD, FINESSE, RUFF, XRUFF, CONCEDE, DISCARD, RFIN, UNBLOCK, SQUEEZE = range(11)
_DO_CODE = {Do.DRAW_TRUMPS: DRAW, Do.CASH: CASH, Do.LEAD: LEAD, Do.FINESSE: FINESSE, Do.RUFF: RUFF,
            Do.CROSS_RUFF: XRUFF, Do.CONCEDE: CONCEDE, Do.DISCARD: DISCARD, Do.RUFFING_FINESSE: RFIN,
            Do.UNBLOCK: UNBLOCK, Do.SQUEEZE: SQUEEZE}
_LEADING = frozenset({DRAW, CASH, LEAD, FINESSE, RUFF, XRUFF, CONCEDE, DISCARD, RFIN, SQUEEZE})
"""Steps that say what is led (an unblock only says what is played under partner's card)."""

Options = list[tuple[int, Category]]
_Put = Callable[[int, Category], None]


def _bits(mask: int) -> int:
    return mask.bit_count()


def _above(card: int) -> int:
    """The cards of ``card``'s suit above it (a mask)."""
    return SUIT_MASK[card // 13] & ~((1 << (card + 1)) - 1)


@dataclass(frozen=True, slots=True)
class NormalPlay:
    """The normal-move set of one claim (docs/claims.md 2.2), for the search to walk.

    Built by :meth:`of`; :meth:`options` answers for one point of the play, :meth:`advance` moves
    the statement on after each trick.

    Attributes:
        restricted: the seats (0..3) held to normal plays.
        declarer: the declarer's seat (0..3): who sees which hands.
        trump: the trump suit 0..3, or -1 in no trump.
        steps: the statement's steps, encoded ``(do, suit, card, seat, count, on_card,
            other_suit, discard, keep_mask)`` (-1 where unused).
        concedes: the claim gives up tricks (a lead of a suit without a winner is then normal).
        claimed: the tricks claimed (kept, for a concession) among those left at the claim.
        top_winners: for each seat and suit, the number of cards of that seat's holding at the
            claim above every other card of the suit out (70E2: a low card first is careless only
            from a suit with fewer than two).
        careless_order: the regulating authority sets no 70E2 order (a low card first is then a
            careless order, not an impossible one).
        trumps_stated: the statement mentioned the trumps (70C1).
        unblock_cards: mask of cards stated as unblocked (always in force).
        hidden: for each seat, the seats (bit ``1 << seat``) whose cards it cannot see: its own,
            dummy's and the claimer's faced hand are seen (declarer sees dummy and plays it).
        forgot_winner: a claim of every trick left that counts on more than the claimer's believed
            winners give (:meth:`overclaims`), or a claim of more than double dummy: he may lead a
            card as a winner that is not one (``unaware_winner``), and play a suit he holds the top
            of from the bottom (``careless_order``: White Book 8.70.5, J6 doubleton believed good).
        claimer: the claimer's seat (0..3).
    """

    restricted: frozenset[int]
    declarer: int
    trump: int
    steps: tuple[tuple[int, int, int, int, int, int, int, int, int], ...]
    concedes: bool
    claimed: int
    top_winners: tuple[tuple[int, int, int, int], ...]
    careless_order: bool
    trumps_stated: bool
    unblock_cards: int
    hidden: tuple[int, int, int, int]
    forgot_winner: bool = False
    claimer: int = -1

    @classmethod
    def of(cls, claim: Claim, hands: tuple[int, int, int, int], trump: Suit | None, tricks_left: int,
           declarer: Seat | None = None, dd: int | None = None, leader: Seat | None = None) -> NormalPlay:
        """The model for ``claim`` at the position whose hands (masks, N E S W, the cards of the
        trick in progress given back) are given.

        ``tricks_left``: the tricks still to play, the current one included; a claim of fewer
        concedes tricks. For 69B the restricted side is the one that agreed; "concedes" is then
        whether it agreed to lose tricks. ``declarer``: who declares (who sees which hands); when
        not known, the claimer's side is taken to be the declaring side. ``dd``: the claiming side's
        tricks double dummy, when known: a claim of more than that counts on a card that is not a
        winner (:attr:`forgot_winner`). ``leader``: who leads (or led) the trick at the claim.
        """
        seats = restricted_seats(claim)
        restricted = frozenset(SEATS.index(s) for s in seats)
        st = claim.statement
        steps: list[tuple[int, int, int, int, int, int, int, int, int]] = []
        unblock = 0
        for x in st.steps:
            code = _DO_CODE[x.do]
            if code == UNBLOCK and x.card is not None:
                unblock |= 1 << x.card.index
            steps.append((code, SUIT_ORDER.index(x.suit) if x.suit is not None else -1,
                          x.card.index if x.card is not None else -1, SEATS.index(x.seat) if x.seat else -1,
                          x.count, x.on.index if x.on is not None else -1,
                          SUIT_ORDER.index(x.other_suit) if x.other_suit is not None else -1,
                          x.discard.index if x.discard is not None else -1, sum(1 << c.index for c in x.keep)))
        keeps = claim.tricks if claim.kind is not ClaimKind.AGREED_THEN_DISPUTED else tricks_left - claim.tricks
        tops = []
        for s in range(4):
            others = hands[0] | hands[1] | hands[2] | hands[3]
            others &= ~hands[s] & ~hands[(s + 2) % 4]
            row = []
            for su in range(4):
                mine, theirs = hands[s] & SUIT_MASK[su], others & SUIT_MASK[su]
                hi = top(theirs) if theirs else -1
                row.append(_bits(mine & ~((1 << (hi + 1)) - 1)) if hi >= 0 else _bits(mine))
            tops.append(tuple(row))
        if declarer is None:
            declarer = claim.by if claim.kind is not ClaimKind.AGREED_THEN_DISPUTED else claim.by.lho
        d = SEATS.index(declarer)
        hidden = []
        for seat in range(4):
            seen = {seat, (d + 2) % 4, SEATS.index(claim.by)}
            if seat == (d + 2) % 4:
                seen.add(d)
            hidden.append(sum(1 << x for x in range(4) if x not in seen))
        made = cls(
            restricted=restricted,
            declarer=SEATS.index(declarer),
            trump=SUIT_ORDER.index(trump) if trump is not None else -1,
            steps=tuple(steps),
            concedes=keeps < tricks_left and claim.kind is not ClaimKind.CONCESSION,
            claimed=keeps,
            top_winners=tuple(tops),  # type: ignore[arg-type]
            careless_order=claim.findings.suit_order_regulation is SuitOrder.NONE,
            trumps_stated=st.mentions_trumps,
            unblock_cards=unblock,
            hidden=tuple(hidden),  # type: ignore[arg-type]
            claimer=SEATS.index(claim.by),
        )
        lead_seat = SEATS.index(leader if leader is not None else claim.by)
        if claim.kind is ClaimKind.CONTESTED and ((keeps == tricks_left and made.overclaims(hands, lead_seat))
                                                  or (dd is not None and keeps > dd)):
            made = replace(made, forgot_winner=True)
        return made

    def initially_aware(self, claim: Claim) -> bool:
        """70C: False when the claimer's awareness of an outstanding trump is in doubt: a trump
        contract, the trumps not mentioned (70C1), and the director not finding it unlikely that
        he was unaware (70C2; ``unknown`` counts against him)."""
        return self.trump < 0 or self.trumps_stated or claim.findings.unaware_of_trump is Unaware.UNLIKELY


    # --- what a player sees and believes -----------------------------------------------------

    def against(self, seat: int, hands: tuple[int, int, int, int]) -> int:
        """The cards still held that may be against ``seat`` as he sees it (a mask): every card but
        his own and, when he sees it (:attr:`hidden`), his partner's; a partner he cannot see may
        hold any card he does not see."""
        m = hands[0] | hands[1] | hands[2] | hands[3]
        m &= ~hands[seat]
        p = (seat + 2) % 4
        if not self.hidden[seat] >> p & 1:
            m &= ~hands[p]
        return m

    def unseen(self, seat: int, hands: tuple[int, int, int, int]) -> int:
        """The cards still held that ``seat`` cannot see (a mask): see :attr:`hidden`."""
        h = self.hidden[seat]
        m = 0
        for x in range(4):
            if h >> x & 1:
                m |= hands[x]
        return m

    def winner(self, card: int, foes: int, unaware: bool) -> bool:
        """``card`` is a believed winner: above every card of its suit that may be against him
        (``foes``: :meth:`against`); a trump, for a
        claimer unaware of the outstanding trumps (70C), always."""
        su = card // 13
        if su == self.trump and unaware:
            return True
        u = foes & SUIT_MASK[su]
        return not u or card > top(u)

    def established(self, su: int, seat: int, hands: tuple[int, int, int, int], foes: int) -> bool:
        """``seat``'s side has established suit ``su`` as ``seat`` sees it: its top cards (its own
        and partner's, where seen) are at least as many as the cards of the suit out."""
        u = foes & SUIT_MASK[su]
        if not u:
            return True
        side = hands[seat]
        p = (seat + 2) % 4
        if not self.hidden[seat] >> p & 1:
            side |= hands[p]
        return _bits(side & _above(top(u))) >= _bits(u)

    def _unaware(self, aware: bool, foes: int) -> bool:
        return self.trump >= 0 and not aware and bool(foes & SUIT_MASK[self.trump])

    def protected(self, ptr: int, hands: tuple[int, int, int, int]) -> int:
        """Cards the statement still needs (a mask): a card it says will be led (a stated lead is a
        lead), a card it says will be thrown on a later trick, the end position of a stated
        squeeze, the cards of a suit it says he will cash. They are not thrown, nor ruffed with,
        while another card can be played."""
        m = 0
        side = 0
        for s in self.restricted:
            side |= hands[s]
        for st in self.steps[ptr:]:
            do, su, card, _, _, on, _, disc, keep = st
            if do == CASH and su >= 0:
                m |= side & SUIT_MASK[su]
            if do in (LEAD, FINESSE, RFIN) and card >= 0:
                m |= 1 << card
            elif do == DISCARD:
                if card >= 0:
                    m |= 1 << card
                if on >= 0:
                    m |= 1 << on
            elif do == SQUEEZE:
                m |= keep
            if do == RFIN and disc >= 0:
                m |= 1 << disc
        return m

    def overclaims(self, hands: tuple[int, int, int, int], leader: int) -> bool:
        """The claim counts on more tricks than the claimer's believed winners give at the claim:
        he appears unaware of an outstanding winner (White Book 8.70), unless his statement names a
        finesse, a ruffing finesse, a squeeze or a ruff (a line he meant). His believed tricks: the
        top cards of each suit, or all its cards when the suit is established, in the hand on lead
        (``leader``, or the claimer when the other side leads) and in partner's hand only when a low
        card of the hand on lead reaches a believed winner of partner's; trumps he can draw count the
        longer hand's and the ruffs the shorter hand has left (a ruff is no forgotten winner)."""
        if any(st[0] in (FINESSE, RFIN, SQUEEZE, RUFF, XRUFF) for st in self.steps):
            return False
        seat = leader if leader in self.restricted else self.claimer
        foes = self.against(seat, hands)
        p = (seat + 2) % 4
        reach = any(hands[seat] & SUIT_MASK[su] and hands[p] & SUIT_MASK[su]
                    and self.winner(top(hands[p] & SUIT_MASK[su]), foes, False)
                    and bottom(hands[seat] & SUIT_MASK[su]) < top(hands[p] & SUIT_MASK[su]) for su in range(4))
        sure = 0
        for su in range(4):
            a = hands[seat] & SUIT_MASK[su]
            b = hands[p] & SUIT_MASK[su] if reach else 0
            if not a | b:
                continue
            u = foes & SUIT_MASK[su]
            if su == self.trump and (not u or _bits((a | b) & _above(top(u))) >= _bits(u)):
                # trumps he can draw: the longer hand's each win, and the shorter hand's left after the
                # drawing can ruff (a cross-ruff or a ruff in the short hand is no forgotten winner)
                long, short = max(_bits(a), _bits(b)), min(_bits(a), _bits(b))
                sure += long + max(0, short - _bits(u))
            elif not u or _bits((a | b) & _above(top(u))) >= _bits(u):
                sure += max(_bits(a), _bits(b))
            else:
                sure += _bits((a | b) & _above(top(u)))
        return self.claimed > sure

    # --- the statement ---------------------------------------------------------------------

    def _step_done(self, st: tuple[int, ...], sub: int, hands: tuple[int, int, int, int], view: int) -> bool:
        do, su, card, seat, count, on, other, _, keep = st
        side = 0
        for s in self.restricted:
            side |= hands[s]
        t = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        if do == DRAW:  # no trump out that his side's trumps can draw (he never leads into higher ones only)
            ut = self.against(view, hands) & t
            return not ut or not side & t or bottom(ut) > top(side & t)
        if do == CASH or (do == DISCARD and on < 0 and su >= 0):
            if do == DISCARD and card >= 0 and not side >> card & 1:
                return True
            mine = side & SUIT_MASK[su]
            u = self.against(view, hands) & SUIT_MASK[su]
            return not mine or (bool(u) and top(mine) < top(u))
        if do in (LEAD, FINESSE, RFIN):
            return not side >> card & 1
        if do == DISCARD:
            return not side >> card & 1 or (on >= 0 and not side >> on & 1)
        if do == RUFF:
            y = (seat + 2) % 4
            return sub >= count or not hands[seat] & t or not hands[y] & SUIT_MASK[su]
        if do == XRUFF:
            y = (seat + 2) % 4
            one = bool(hands[y] & SUIT_MASK[su]) and not hands[seat] & SUIT_MASK[su] and bool(hands[seat] & t)
            two = bool(hands[seat] & SUIT_MASK[other]) and not hands[y] & SUIT_MASK[other] and bool(hands[y] & t)
            return not (one or two)
        if do == CONCEDE:
            return sub >= count or not side & SUIT_MASK[su]
        if do == SQUEEZE:
            return not side & ~keep
        return True  # an unblock is not a lead

    def advance(self, ptr: int, sub: int, hands: tuple[int, int, int, int], trick: tuple[int, ...] = (),
                leader: int = -1) -> tuple[int, int]:
        """The statement after a trick: the progress of the step due (``sub``: ruffs made, tricks
        given up) counted from ``trick`` (four cards led by ``leader``; empty at the claim), then
        every step that is done or cannot be done any more passed over. Answers ``(ptr, sub)``."""
        n = len(self.steps)
        if ptr < n and len(trick) == 4:
            do, su, _, seat, _, _, other, _, _ = self.steps[ptr]
            led = trick[0] // 13
            w = trick_winner(trick, leader, self.trump)
            if do in (RUFF, XRUFF) and self.trump >= 0 and led != self.trump:
                for i, c in enumerate(trick):
                    by = (leader + i) % 4
                    if c // 13 == self.trump and ((by == seat and led == su) or
                                                  (do == XRUFF and by == (seat + 2) % 4 and led == other)):
                        sub += 1
            elif do == CONCEDE and led == su and leader in self.restricted and w not in self.restricted:
                sub += 1
        view = self.view_seat()
        while ptr < n and self._step_done(self.steps[ptr], sub, hands, view):
            ptr += 1
            sub = 0
        return ptr, sub

    def view_seat(self) -> int:
        """The restricted seat whose knowledge decides when a stated step is done: declarer's for
        the declaring side, else the lowest restricted seat."""
        if self.declarer in self.restricted:
            return self.declarer
        return min(self.restricted)

    # --- the options -------------------------------------------------------------------------

    def options(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
                aware: bool, shown: int, run: int) -> tuple[Options, Choice]:
        """The cards the restricted seat to play may choose, each with its category, and the kind
        of choice its natural ones make (:class:`Choice`; ``NONE`` with at most one).

        Args:
            hands: the cards still held (masks, N E S W), without the current trick's.
            leader: who led the current trick (0..3).
            trick: the card indices played to it so far.
            ptr, sub: the stated step due and its progress (:meth:`advance`).
            aware: the claimer is deemed aware of the outstanding trumps (70C; it becomes true when
                an opponent shows a trump on the line).
            shown: show-outs seen: bit ``seat * 4 + suit`` set when that seat showed out.
            run: the suit the side is running (a change of suit only when it has no winner left
                in it or has lost the lead: the EBU's "tortuous" limit, claims.md 2.7), or -1.
        """
        out: dict[int, Category] = {}

        def put(card: int, cat: Category) -> None:
            old = out.get(card)
            if old is None or _RANK[cat] < _RANK[old]:
                out[card] = cat

        if not trick:
            choice = self._leads(hands, (leader + len(trick)) % 4, ptr, sub, aware, run, put)
        else:
            choice = self._follows(hands, leader, trick, ptr, sub, aware, shown, put)
        if not out:  # nothing the rules name (a position the model does not foresee): any card, worst taken
            seat = (leader + len(trick)) % 4
            hand = hands[seat]
            pool = (hand & SUIT_MASK[trick[0] // 13]) if trick else 0
            pool = pool or hand
            for su in range(4):
                if pool & SUIT_MASK[su]:
                    put(bottom(pool & SUIT_MASK[su]), Category.NORMAL)
                    put(top(pool & SUIT_MASK[su]), Category.NORMAL)
            choice = Choice.FOLLOW if trick else Choice.LEAD
        opts = sorted(out.items(), key=lambda kv: (_RANK[kv[1]], -kv[0]))
        natural = sum(1 for _, c in opts if c in NATURAL)
        return opts, choice if natural > 1 else Choice.NONE

    def _entries(self, hand: int, partner_hand: int, foes: int, unaware: bool, put: _Put,
                 cat: Category = Category.ENTRY) -> bool:
        """Offer the leads that reach partner: a low card to his believed winner, or a card of a
        suit he is void in when his trumps are believed winners. Answers whether there was one."""
        found = False
        t = self.trump
        pt = partner_hand & SUIT_MASK[t] if t >= 0 else 0
        for su in range(4):
            mine = hand & SUIT_MASK[su]
            if not mine:
                continue
            theirs = partner_hand & SUIT_MASK[su]
            if theirs and self.winner(top(theirs), foes, unaware) and bottom(mine) < top(theirs):
                put(bottom(mine), cat)
                found = True
            elif not theirs and su != t and pt and self.winner(top(pt), foes, unaware):
                put(bottom(mine), cat)
                found = True
        return found

    def _stated_lead(self, hands: tuple[int, int, int, int], seat: int, ptr: int, sub: int, foes: int,
                     unaware: bool, put: _Put) -> int:
        """Offer the lead of the stated step due. Answers 1 when offered, 0 when the step must be
        played from partner's hand (the caller crosses), -1 when it cannot be played now."""
        do, su, card, x, _, on, other, _, keep = self.steps[ptr]
        hand = hands[seat]
        p = (seat + 2) % 4
        ph = hands[p]
        t = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        if do == DRAW:  # trumps he can draw: the lowest one out is below one of his side's
            ut = foes & t
            side_t = (hand | ph) & t
            if not ut or not side_t or bottom(ut) > top(side_t):
                return -1
            if hand & t and top(hand & t) > bottom(ut):
                put(top(hand & t), Category.STATED)
                return 1
            if hand & t:
                put(bottom(hand & t), Category.STATED)  # to partner's higher trump
                return 1
            return 0
        if do in (LEAD, FINESSE, RFIN) or (do == DISCARD and on >= 0):
            c = card if do != DISCARD else on
            if hand >> c & 1:
                put(c, Category.STATED)
                return 1
            if ph >> c & 1:
                mine = hand & SUIT_MASK[c // 13]
                if do == FINESSE and mine:
                    put(bottom(mine), Category.STATED)  # towards the card finessed
                    return 1
                return 0
            return -1
        if do == CASH or (do == DISCARD and on < 0):
            s = su
            mine, theirs = hand & SUIT_MASK[s], ph & SUIT_MASK[s]
            if mine and self.winner(top(mine), foes, unaware):
                blocks = self._blocking_leads(hands, seat, p, foes)
                put(top(mine), Category.CARELESS_BLOCK if top(mine) in blocks else Category.STATED)
                lo = bottom(mine)
                if theirs and self.winner(top(theirs), foes, unaware) and lo < top(theirs):
                    put(lo, Category.CARELESS_BLOCK if lo in blocks else Category.STATED)
                elif self.careless_order and lo != top(mine) and self.top_winners[seat][s] < 2 \
                        and (self.established(s, seat, hands, foes) or self.forgot_winner):
                    put(lo, Category.CARELESS_ORDER)
                return 1
            if mine and theirs and self.winner(top(theirs), foes, unaware) and bottom(mine) < top(theirs):
                put(bottom(mine), Category.STATED)
                return 1
            if theirs:
                return 0
            return -1
        if do == RUFF:
            y = (x + 2) % 4
            if seat == y and hand & SUIT_MASK[su] and not hands[x] & SUIT_MASK[su] and hands[x] & t:
                put(bottom(hand & SUIT_MASK[su]), Category.STATED)
                return 1
            return 0 if seat == x else -1
        if do == XRUFF:
            y = (x + 2) % 4
            if seat == y and hand & SUIT_MASK[su] and not hands[x] & SUIT_MASK[su] and hands[x] & t:
                put(bottom(hand & SUIT_MASK[su]), Category.STATED)
                return 1
            if seat == x and hand & SUIT_MASK[other] and not hands[y] & SUIT_MASK[other] and hands[y] & t:
                put(bottom(hand & SUIT_MASK[other]), Category.STATED)
                return 1
            return -1
        if do == CONCEDE:
            if hand & SUIT_MASK[su]:
                put(bottom(hand & SUIT_MASK[su]), Category.STATED)
                return 1
            return 0 if ph & SUIT_MASK[su] else -1
        if do == SQUEEZE:
            found = False
            for s in range(4):
                mine = hand & SUIT_MASK[s] & ~keep
                if mine and self.winner(top(mine), foes, unaware):
                    put(top(mine), Category.STATED)
                    found = True
            return 1 if found else -1
        return -1

    def _leads(self, hands: tuple[int, int, int, int], seat: int, ptr: int, sub: int, aware: bool, run: int,
               put: _Put) -> Choice:
        """Offer the leads (through ``put``); answer the kind of choice."""
        hand = hands[seat]
        p = (seat + 2) % 4
        ph = hands[p]
        trump = self.trump
        t = SUIT_MASK[trump] if trump >= 0 else 0
        foes = self.against(seat, hands)
        unaware = self._unaware(aware, foes)
        departing = False
        if ptr < len(self.steps):  # 70D1: the stated step, if it can be played
            got = self._stated_lead(hands, seat, ptr, sub, foes, unaware, put)
            if got == 1:
                if self.steps[ptr][0] in (RUFF, XRUFF):  # the stated ruff is due: any other lead departs from it
                    departing = True
                else:
                    return Choice.LEAD if self.steps[ptr][0] == SQUEEZE else Choice.NONE
            elif got == 0 and self._entries(hand, ph, foes, unaware, put):
                return Choice.LEAD  # crossing to the hand that can play the step
        keep = self.protected(ptr, hands)
        offered = [0]

        def lead(card: int, cat: Category) -> None:
            if departing and cat in NATURAL:
                cat = Category.CARELESS_DEPARTURE
            offered[0] += 1
            put(card, cat)

        ut = foes & t
        no_trump_leads = False
        if trump >= 0 and aware and ut:  # 70C: aware of the outstanding trumps
            side_t = (hand | ph) & t
            if side_t and bottom(ut) < top(side_t):  # trumps his side can draw: he draws them (forcing out a
                # higher one on the way: BLML 2006, "force out the ace, ... draw the last trump")
                if hand & t:
                    lead(top(hand & t), Category.CASH)
                    if ph & t and top(ph & t) > top(hand & t):
                        lead(bottom(hand & t), Category.ENTRY)
                    return Choice.LEAD if len(out_cards(hand & t, ph & t)) > 1 else Choice.NONE
                if self._entries(hand & ~t, ph, foes, False, lead):
                    return Choice.LEAD
            elif hand & t and hand & ~t:
                # only trumps out above all of his: forcing them out, or other winners first, as he likes
                lead(top(hand & t), Category.CASH)
        if run >= 0 and hand & SUIT_MASK[run] and not (run == trump and not foes & t):
            # keep running the suit while the side has a winner in it (not the trumps once none is out:
            # a declarer drawing trumps stops when both defenders are out, EBU forum 1633)
            mine = hand & SUIT_MASK[run]
            # (a trump believed a winner only for want of knowing the one out is no run: 70C, below)
            blind = unaware and run == trump
            theirs = ph & SUIT_MASK[run]
            if self.winner(top(mine), foes, unaware) and not (blind and not self.winner(top(mine), foes, False)):
                lead(top(mine), Category.CASH)
                return Choice.NONE
            if theirs and self.winner(top(theirs), foes, unaware) and bottom(mine) < top(theirs) \
                    and not (blind and not self.winner(top(theirs), foes, False)):
                lead(bottom(mine), Category.ENTRY)
                return Choice.NONE
        side_trumps = bool((hand | ph) & t)
        blocks = self._blocking_leads(hands, seat, p, foes)
        if trump >= 0 and not foes & t and hand & t and ph & t and hand & ~t:
            # no trump out and both hands hold trumps: a trump led crashes one of partner's, a ruff
            # thrown away (EBL TD course 2016, Prague: "crashing your own master trump"), unless it
            # is the way to partner's other winners
            reach = any(self.winner(top(ph & SUIT_MASK[s2]), foes, unaware) for s2 in range(4)
                        if s2 != trump and ph & SUIT_MASK[s2])
            other_entry = any(hand & SUIT_MASK[s2] and ph & SUIT_MASK[s2] and
                              self.winner(top(ph & SUIT_MASK[s2]), foes, unaware) and
                              bottom(hand & SUIT_MASK[s2]) < top(ph & SUIT_MASK[s2]) for s2 in range(4) if s2 != trump)
            reach = reach and not other_entry
            crash = hand & t if not reach else hand & t & ~(1 << bottom(hand & t))
            m = crash
            while m:
                c = m & -m
                m ^= c
                blocks.add(c.bit_length() - 1)
            if not reach:
                blocks.add(bottom(hand & t))
        any_winner = False
        for su in range(4):
            mine = hand & SUIT_MASK[su]
            if not mine or (no_trump_leads and su == trump):
                continue
            hi, lo = top(mine), bottom(mine)
            before_trumps = unaware and su != trump and side_trumps
            # a trump led as a winner only because he does not know of the higher one out (70C)
            blind = unaware and su == trump and not self.winner(hi, foes, False)
            if self.winner(hi, foes, unaware):
                any_winner = True
                lead(hi, Category.CARELESS_BLOCK if hi in blocks else
                     Category.UNAWARE_TRUMP if before_trumps or blind else Category.CASH)
                if self.careless_order and lo != hi and self.top_winners[seat][su] < 2 and not keep >> lo & 1 \
                        and (self.established(su, seat, hands, foes) or self.forgot_winner):
                    lead(lo, Category.CARELESS_ORDER)
            theirs = ph & SUIT_MASK[su]
            if theirs and self.winner(top(theirs), foes, unaware) and lo < top(theirs):
                any_winner = True
                blind_to = unaware and su == trump and not self.winner(top(theirs), foes, False)
                lead(lo, Category.CARELESS_BLOCK if lo in blocks else
                     Category.UNAWARE_TRUMP if before_trumps or blind_to else Category.ENTRY)
            pt = ph & t
            if not theirs and su != trump and pt and self.winner(top(pt), foes, unaware) and \
                    any(self.winner(top(ph & SUIT_MASK[s2]), foes, unaware) for s2 in range(4)
                        if s2 != trump and ph & SUIT_MASK[s2]):
                lead(lo, Category.ENTRY)  # a ruff in partner's hand, to reach his winners
        side_winner = any_winner or any(self.winner(top(ph & SUIT_MASK[su]), foes, unaware)
                                        for su in range(4) if ph & SUIT_MASK[su])
        losers = [su for su in range(4) if hand & SUIT_MASK[su] and not (no_trump_leads and su == trump)
                  and not self.winner(top(hand & SUIT_MASK[su]), foes, unaware)]
        if not side_winner or not offered[0]:  # a loser when no winner can be led: tricks given up last
            for su in losers:
                lead(bottom(hand & SUIT_MASK[su]), Category.CONCEDE)
        elif self.forgot_winner:  # he counted on a card that is not a winner: he may lead it as one
            for su in losers:
                lead(top(hand & SUIT_MASK[su]), Category.UNAWARE_WINNER)
        return Choice.LEAD

    def _blocking_leads(self, hands: tuple[int, int, int, int], seat: int, partner: int, foes: int) -> set[int]:
        """Leads that block a suit the side holds solidly (every card above the cards out): the
        suit could be run by another lead, but not after this one, whatever partner plays
        (claims.md T12: K75 opposite T8, the king first)."""
        found: set[int] = set()
        for su in range(4):
            mine, pm = hands[seat] & SUIT_MASK[su], hands[partner] & SUIT_MASK[su]
            theirs = foes & SUIT_MASK[su]
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

    def _reachable(self, seat: int, hands: tuple[int, int, int, int], foes: int, unaware: bool) -> bool:
        """Partner, on lead next, can give ``seat`` the lead: a card below ``seat``'s believed
        winner of a suit, or a suit ``seat`` can ruff with a believed winning trump."""
        hand, ph = hands[seat], hands[(seat + 2) % 4]
        t = self.trump
        ht = hand & SUIT_MASK[t] if t >= 0 else 0
        for su in range(4):
            theirs = ph & SUIT_MASK[su]
            if not theirs:
                continue
            mine = hand & SUIT_MASK[su]
            if mine and self.winner(top(mine), foes, unaware) and top(mine) > bottom(theirs):
                return True
            if not mine and su != t and ht and self.winner(top(ht), foes, unaware):
                return True
        return False

    def _can_win(self, card: int, rest: int, seat: int, hands: tuple[int, int, int, int], foes: int,
                 unaware: bool) -> bool:
        """``card`` of ``seat``'s hand ``rest`` (his cards after the discard) can still win a trick as
        he sees it: a believed winner (or of an established suit) that partner can reach, by leading
        its suit, or by leading a suit in which ``rest`` holds another believed winner, or a suit he
        can ruff with a believed winning trump. The opponents' leads are not counted on: a winner in
        a hand his side can never give the lead to is stranded, not a winner."""
        su = card // 13
        if not (self.winner(card, foes, unaware) or self.established(su, seat, hands, foes)):
            return False
        if seat != self.claimer and seat != self.declarer and seat != (self.declarer + 2) % 4:
            return True  # 70D2: the claimer's partner did not plan the line: a winner looks like one (EBU forum 330)
        ph = hands[(seat + 2) % 4]
        if ph & SUIT_MASK[su]:
            return True  # partner can lead the suit to it
        t = self.trump
        m = rest & ~(1 << card)
        while m:  # another winner of his that partner can lead to gives him the lead
            c = m & -m
            m ^= c
            i = c.bit_length() - 1
            s2 = i // 13
            if ph & SUIT_MASK[s2] and self.winner(i, foes, unaware):
                return True
            if s2 == t and self.winner(i, foes, unaware) and any(ph & SUIT_MASK[x] and not rest & SUIT_MASK[x]
                                                                  for x in range(4) if x != t):
                return True  # a ruff of partner's lead
        return False

    def _alive(self, card: int, seat: int, hands: tuple[int, int, int, int], foes: int) -> bool:
        """``card`` may yet win as its suit is played out: the cards out above it are no more than
        his side's cards above it, and no more than the rounds he can play before it (his other
        cards of the suit). A card below more outstanding cards than that is dead: the first to go
        among cards that cannot win now (EBL TD course 2016, Prague: dummy's idle club before the
        ten beside declarer's ace)."""
        su = SUIT_MASK[card // 13]
        own = hands[seat] & su
        side = own
        p = (seat + 2) % 4
        if not self.hidden[seat] >> p & 1:
            side |= hands[p] & su
        above = _above(card)
        out = _bits(foes & su & above)
        return out <= _bits(own) - 1 and out <= _bits(side & above)

    def _discards(self, hands: tuple[int, int, int, int], seat: int, foes: int, unaware: bool, keep: int,
                  partner_leads: bool, put: _Put) -> Choice:
        """The discards: the lowest card of each suit (no trump while another card is left, no card
        the statement still needs while another is left); of these, the ones after which his hand
        keeps the most cards that can still win (:meth:`_can_win`): a card that looks like a loser
        goes before any believed winner, and a winner stranded where it can never win counts as a
        loser. Which of several equal discards goes is a choice (:attr:`Choice.DISCARD`)."""
        hand = hands[seat]
        t = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        pool = hand & ~t & ~keep or hand & ~t or hand & ~keep or hand
        lows = [bottom(pool & SUIT_MASK[su]) for su in range(4) if pool & SUIT_MASK[su]]
        if len(lows) == 1:
            put(lows[0], Category.NORMAL)
            return Choice.NONE
        scores: list[tuple[int, int]] = []
        for d in lows:  # the cards that can still win, then the cards that may yet win, after the discard
            rest = hand & ~(1 << d)
            m, n, alive = rest, 0, 0
            while m:
                c = m & -m
                m ^= c
                i = c.bit_length() - 1
                n += self._can_win(i, rest, seat, hands, foes, unaware)
                alive += self._alive(i, seat, hands, foes)
            scores.append((n, alive))
        best = max(scores)
        for d, score in zip(lows, scores, strict=True):
            if score == best:
                put(d, Category.NORMAL)
        return Choice.DISCARD

    def _follows(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], ptr: int, sub: int,
                 aware: bool, shown: int, put: _Put) -> Choice:
        """Offer the cards to play to a trick led by another player; answer the kind of choice."""
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        p = (seat + 2) % 4
        trump = self.trump
        t = SUIT_MASK[trump] if trump >= 0 else 0
        led = trick[0] // 13
        mine = hand & SUIT_MASK[led]
        foes = self.against(seat, hands)
        unaware = self._unaware(aware, foes)
        after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        opp_after = [x for x in after if x not in self.restricted]
        ws = trick_winner(trick, leader, trump)
        cw = trick[(ws - leader) % 4]
        cw_trump = cw // 13 == trump and led != trump
        keep = self.protected(ptr, hands)
        u_led = foes & SUIT_MASK[led]
        hidden_cards = self.unseen(seat, hands)
        threat = 0  # the cards of the suit led that an opponent still to play may hold, as he sees it
        ruff_threat = False
        trumps_after = 0  # the trumps an opponent still to play may hold
        for x in opp_after:
            if self.hidden[seat] >> x & 1:
                if not shown >> (x * 4 + led) & 1:
                    threat |= hidden_cards & SUIT_MASK[led]
                trumps_after |= hidden_cards & t  # he can count the trumps out, aware of them or not
                if not unaware:
                    ruff_threat |= bool(hidden_cards & t) and led != trump and bool(shown >> (x * 4 + led) & 1)
            else:
                threat |= hands[x] & SUIT_MASK[led]
                trumps_after |= hands[x] & t
                ruff_threat |= led != trump and not hands[x] & SUIT_MASK[led] and bool(hands[x] & t)
        u_trumps = trumps_after

        def holds(card: int, is_trump: bool) -> bool:
            if not opp_after:
                return True
            if is_trump:
                return unaware or not u_trumps or card > top(u_trumps)
            return not ruff_threat and (not threat or card > top(threat))

        # the statement first: a card it names for this trick
        if hand & self.unblock_cards & SUIT_MASK[led] and ws == p and holds(cw, cw_trump):
            put(top(hand & self.unblock_cards & SUIT_MASK[led]), Category.STATED)
            return Choice.NONE
        n = len(self.steps)
        for i in range(ptr, n):
            do, su, card, _x, _, on, _other, disc, _ = self.steps[i]
            if do == DISCARD and card >= 0 and not mine and hand >> card & 1 and \
                    (trick[0] == on or (on < 0 and led == su)):
                put(card, Category.STATED)
                return Choice.NONE
            if i != ptr:
                continue
            if do == FINESSE and hand >> card & 1 and card // 13 == led and leader == p and card > cw \
                    and not cw_trump:
                put(card, Category.STATED)
                return Choice.NONE
            if do == CONCEDE and card >= 0 and not mine and leader == p and led == su and hand >> card & 1:
                put(card, Category.STATED)
                return Choice.NONE
            if do == RFIN and not mine and leader == p and trick[0] == card:
                covered = ws != p
                if covered and hand & t:
                    ruff = hand & t & ~keep or hand & t
                    put(bottom(ruff), Category.STATED)
                    return Choice.NONE
                if not covered and disc >= 0 and hand >> disc & 1:
                    put(disc, Category.STATED)
                    return Choice.NONE
        partner_holds = ws == p and holds(cw, cw_trump)
        if partner_holds:
            if not mine:
                return self._discards(hands, seat, foes, unaware, keep, True, put)
            lo, hi = bottom(mine), top(mine)
            if cw_trump:
                put(lo, Category.NORMAL)
                return Choice.NONE
            pm = hands[p] & SUIT_MASK[led]
            solid = not u_led or bottom(mine | pm) > top(u_led)
            low_runs = runnable(pm, mine & ~(1 << lo)) if solid and (pm or mine & ~(1 << lo)) else True
            if solid and not low_runs:
                # playing low leaves a solid suit blocked: beyond careless (EBU Club TD course)
                cands = {hi} | ({bottom(mine & _above(cw))} if mine & _above(cw) else set())
                cands |= {c for c in (bottom(mine & ~(1 << lo)),) if mine & ~(1 << lo)}
                good = [c for c in sorted(cands) if (runnable(mine & ~(1 << c), pm) if c > cw
                                                     else runnable(pm, mine & ~(1 << c)))]
                for c in good or [lo]:
                    put(c, Category.NORMAL)
                return Choice.FOLLOW
            put(lo, Category.NORMAL)
            over = mine & _above(cw)
            if over and self._needs_entry(hands, seat, foes, unaware, led):
                put(bottom(over), Category.NORMAL)  # an overtake to reach his own winners
                return Choice.FOLLOW
            return Choice.NONE
        partner_later = p in after
        if mine:
            beat = mine & _above(cw) if not cw_trump else 0
            if not opp_after:  # last to play: the cheapest card that wins, else the lowest
                put(bottom(beat) if beat else lo_of(mine), Category.NORMAL)
                return Choice.NONE
            sure = 0
            if beat and not ruff_threat:
                sure = beat & _above(top(threat)) if threat else beat
            if sure:
                put(bottom(sure), Category.NORMAL)
            elif beat:
                put(top(beat), Category.NORMAL)  # play high
            for i in range(ptr, min(ptr + 1, n)):
                do, _, card, _, _, _, _, _, _ = self.steps[i]
                if do == FINESSE and beat >> card & 1:
                    put(card, Category.STATED)  # 70E1: a stated finesse
            if not beat:
                put(lo_of(mine), Category.NORMAL)
            elif partner_later:
                pm = hands[p] & SUIT_MASK[led]
                if (pm and top(pm) > cw and not cw_trump) or (not pm and hands[p] & t and led != trump):
                    put(lo_of(mine), Category.NORMAL)  # second hand low: partner can still win
            return Choice.FOLLOW
        trumps = hand & t
        if trumps and led != trump:
            ruffers = trumps & _above(cw) if cw_trump else trumps
            if ruffers:
                spare = ruffers & ~keep or ruffers
                if opp_after:
                    high = spare & _above(top(u_trumps)) if u_trumps else spare
                    hi_card = bottom(high) if high else top(spare)
                    put(hi_card, Category.NORMAL)
                    lo_card = bottom(spare)
                    if lo_card != hi_card and u_trumps and top(u_trumps) > lo_card:
                        put(lo_card, Category.CARELESS_RUFF)
                else:
                    put(bottom(spare), Category.NORMAL)
                return Choice.NONE
        return self._discards(hands, seat, foes, unaware, keep, False, put)

    def _needs_entry(self, hands: tuple[int, int, int, int], seat: int, foes: int, unaware: bool, led: int) -> bool:
        """``seat`` holds believed winners outside the suit led that partner cannot reach him for
        afterwards: an overtake is then a real choice."""
        hand = hands[seat]
        others = [su for su in range(4) if su != led and hand & SUIT_MASK[su]
                  and self.winner(top(hand & SUIT_MASK[su]), foes, unaware)]
        if not others:
            return False
        rest = list(hands)
        rest[(seat + 2) % 4] &= ~SUIT_MASK[led]
        return not self._reachable(seat, (rest[0], rest[1], rest[2], rest[3]), foes, unaware)


def out_cards(a: int, b: int) -> set[int]:
    """The leads of :meth:`NormalPlay._leads`' trump draw: the top of ``a``, and its lowest card when
    partner's ``b`` holds a higher trump."""
    got = {top(a)}
    if b and top(b) > top(a):
        got.add(bottom(a))
    return got


def lo_of(mask: int) -> int:
    """The lowest card of a non-empty mask (within one suit: the lowest rank)."""
    return bottom(mask)


NATURAL: frozenset[Category] = frozenset({Category.STATED, Category.CASH, Category.ENTRY, Category.CONCEDE,
                                          Category.NORMAL})
"""The categories offered as a natural play: normal for every player (the others are careless)."""

_RANK: dict[Category, int] = {c: i for i, c in enumerate((
    Category.STATED, Category.CASH, Category.NORMAL, Category.ENTRY, Category.CONCEDE, Category.UNAWARE_TRUMP,
    Category.UNAWARE_WINNER, Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
    Category.CARELESS_DEPARTURE, Category.ANY_ORDER, Category.ANY_DISCARD, Category.ANY_FOLLOW))}
