"""Claims and concessions (Laws 68-71): the claim's facts and the categories of "normal" play.

Pure law logic, no solver. A claim is given as value types (:class:`Claim`: who claimed, how
many tricks among those still to play, the kind, the structured :class:`Statement` and the
director's :class:`Findings`). :class:`engine.laws.normal_play.NormalPlay` answers, at any point
of the play after the claim, which cards the restricted side may play and under which
:class:`Category` each is offered (docs/claims.md section 2.2). The search
(:mod:`engine.rulings.claim_search`) walks those choices; the card arithmetic on masks is in
:mod:`engine.laws.claim_masks`.

Cards are handled as indices 0..51 (:attr:`engine.model.cards.Card.index`: spades 0-12 ...
clubs 39-51, two first) and hands as 52-bit masks, as :class:`engine.model.position.Position`
keeps them; seats as 0..3 in N, E, S, W order; suits as 0..3 in S, H, D, C order.

Sources: the 2017 Laws 68-71 and the footnote to 70/71 ("normal" includes careless or
inferior play for the class of player), the EBU White Book 8.70.4-8.70.5, the WBF 2017
Commentary (Law 70, Example 51), as quoted in docs/claims.md section 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.model.cards import Card, Suit
from engine.model.seats import Seat


class ClaimKind(StrEnum):
    """What happened at the table: a claim disputed at once (Law 70), a claim agreed and the
    agreement later withdrawn (69B), or a concession (71)."""

    CONTESTED = "contested"
    AGREED_THEN_DISPUTED = "agreed_then_disputed"
    CONCESSION = "concession"


class TrumpsStated(StrEnum):
    """What the claimer said about the outstanding trumps (70C1)."""

    NOT_MENTIONED = "not_mentioned"
    MENTIONED = "mentioned"
    DRAWS_FIRST = "draws_first"


class Unaware(StrEnum):
    """The director's finding under 70C2: was the claimer at all likely unaware that a trump
    remained with an opponent? ``unknown`` counts as ``likely`` (70A: doubt against the claimer)."""

    LIKELY = "likely"
    UNLIKELY = "unlikely"
    UNKNOWN = "unknown"


class PlayerClass(StrEnum):
    """The class of player involved (the footnote to Laws 70-71); it selects the careless
    categories counted as normal (:data:`CLASS_DEFAULTS`)."""

    NOVICE = "novice"
    CLUB = "club"
    COUNTY = "county"
    EXPERT = "expert"


class SuitOrder(StrEnum):
    """The regulating authority's rule for a suit played without a stated order (70E2)."""

    NONE = "none"
    TOP_DOWN = "top_down"


class Category(StrEnum):
    """Why a card is offered to the restricted side (docs/claims.md 2.2).

    ``stated``: the statement's card or suit (70D1); ``cash``: the top card of a suit headed by
    a winner; ``entry``: a low card towards partner's winner; ``concede``: a card of a suit
    without a winner, when the claim concedes tricks or no winner is left; ``normal``: the
    usual card when following or discarding; ``careless_order``: a low card first from a suit
    with fewer than two top winners at the claim (70E2, WB 8.70.5); ``careless_block``: a play
    that blocks a suit, or an unblock from the shorter holding; ``careless_ruff``: ruffing low
    when an overruff is possible; ``unaware_trump``: a side winner cashed while a trump is out
    and the claimer likely unaware of it (70C); ``careless_departure``: another lead when the
    stated order is done and the hand on lead can lead for the ruff the statement names (a
    winner cashed before the stated ruff, claims.md T15: normal for this claimer only if the
    director finds it so, 70D1, 71B); ``unaware_winner``: a card led as a winner although an
    opponent holds a higher one, by a claimer who counted on more tricks than his winners give
    (White Book 8.70: "if a declarer appears unaware of an outstanding winner, and a trick could be
    lost by playing or discarding one suit rather than another then the TD should award that trick
    to the non-claimers").

    Three categories are kinds of choice among natural plays rather than plays: ``any_order``
    (which winner, or which hand, first), ``any_discard`` (which of several cards of the same look
    is thrown), ``any_follow`` (win or duck, overtake or not, where both are natural). Normal
    (the default for every class of player: White Book 8.70, "a player who thinks all his cards are
    good might play them in any order, so the claim will be decided based on them being played in
    the most disadvantageous way"), the search takes the worst; ruled not normal, the claimer is
    deemed to have chosen right: the search takes the best.
    """

    STATED = "stated"
    CASH = "cash"
    ENTRY = "entry"
    CONCEDE = "concede"
    NORMAL = "normal"
    CARELESS_ORDER = "careless_order"
    CARELESS_BLOCK = "careless_block"
    CARELESS_RUFF = "careless_ruff"
    UNAWARE_TRUMP = "unaware_trump"
    CARELESS_DEPARTURE = "careless_departure"
    UNAWARE_WINNER = "unaware_winner"
    ANY_ORDER = "any_order"
    ANY_DISCARD = "any_discard"
    ANY_FOLLOW = "any_follow"


CARELESS: tuple[Category, ...] = (Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                  Category.UNAWARE_TRUMP, Category.CARELESS_DEPARTURE, Category.UNAWARE_WINNER,
                                  Category.ANY_ORDER, Category.ANY_DISCARD, Category.ANY_FOLLOW)
"""The categories that are normal only as careless or inferior play: the doubtful points."""

CATEGORY_LAW: dict[Category, str] = {
    Category.STATED: "70D1", Category.CASH: "70D1", Category.ENTRY: "70D1", Category.CONCEDE: "70D1",
    Category.NORMAL: "70D1", Category.CARELESS_ORDER: "70E2", Category.CARELESS_BLOCK: "70D1",
    Category.CARELESS_RUFF: "70D1", Category.UNAWARE_TRUMP: "70C", Category.CARELESS_DEPARTURE: "70D1",
    Category.UNAWARE_WINNER: "70D1", Category.ANY_ORDER: "70D1", Category.ANY_DISCARD: "70D1",
    Category.ANY_FOLLOW: "70D1",
}
"""The law each category of play is judged under."""

_EVERYONE = frozenset({Category.UNAWARE_WINNER})
CLASS_DEFAULTS: dict[PlayerClass, frozenset[Category]] = {
    PlayerClass.NOVICE: _EVERYONE | {Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                     Category.CARELESS_DEPARTURE, Category.ANY_DISCARD},
    PlayerClass.CLUB: _EVERYONE | {Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                   Category.CARELESS_DEPARTURE, Category.ANY_DISCARD},
    PlayerClass.COUNTY: _EVERYONE | {Category.CARELESS_BLOCK, Category.CARELESS_RUFF, Category.CARELESS_DEPARTURE},
    PlayerClass.EXPERT: _EVERYONE | {Category.CARELESS_RUFF},
}
"""The careless categories counted as normal for each class of player, before the director's
own switches. Even an expert may ruff low carelessly (EBU White Book 8.70: strong players are
not exempt from carelessness). These are defaults to be calibrated with directors (claims.md 4).

``any_order`` and ``any_follow`` are not in any class's defaults: a claimer whose cards are what he
believes them to be plays them in a sensible order ("counting order is not play order", Danish
Laws Commission LKU-20 example 2.1: losing the link between the hands is irrational); they are
normal when he is mistaken (:data:`MISTAKEN`)."""

MISTAKEN: frozenset[Category] = frozenset({Category.ANY_ORDER, Category.ANY_FOLLOW})
"""The kinds of choice counted as normal when the claimer is mistaken about his cards (he
counted a card that is not a winner, or he is likely unaware of an outstanding trump): "a player
who thinks all his cards are good might play them in any order, so the claim will be decided
based on them being played in the most disadvantageous way" (EBU, claims.md 1.2)."""


class Do(StrEnum):
    """What one step of a clarification statement (68C) says the claimer will do, in the order
    he said it. The director codes the words into these steps; the text itself is never parsed.

    ``draw_trumps``: draw the opponents' trumps, leading trumps while any is out (70C1: the
    trumps are then mentioned). ``cash``: cash the winners of ``suit`` (from the top, as a stated
    suit is deemed cashed, White Book 8.70.5). ``lead``: lead ``card``; a stated lead is a lead,
    the card is not spent before as a discard or a ruff. ``finesse``: lead towards, or play,
    ``card`` hoping that ``seat`` (the opponent whose card it must beat; ``None`` unsaid) holds
    the missing honour (70E1: a stated finesse is taken). ``ruff``: ruff ``suit`` in the hand of
    ``seat`` ("ruff a club in dummy"), ``count`` times. ``cross_ruff``: ruff ``suit`` in
    ``seat``'s hand and ``other_suit`` in his partner's, alternately, while both can.
    ``concede``: give up ``count`` tricks in ``suit``; with ``card``, the card thrown from the
    other hand on it (a loser on a loser). ``discard``: throw ``card`` on the trick whose lead is
    ``on`` (a card) or, with ``on`` unset, on the first trick of ``suit`` the claimer's side leads
    ("I will discard my club on the diamonds"). ``ruffing_finesse``: lead ``card`` through the
    opponent ``seat``; if he covers, ruff, else throw ``discard`` (or a loser). ``unblock``:
    play ``card`` under partner's winner. ``squeeze``: cash winners keeping ``keep`` (the stated
    end position: the cards each of the claimer's hands holds at the end), throwing the others;
    with ``keep`` empty, a squeeze stated without its end position: winners run, every card that
    can still win kept (a squeeze is credited only when every normal line works, claims.md 2.7).
    """

    DRAW_TRUMPS = "draw_trumps"
    CASH = "cash"
    LEAD = "lead"
    FINESSE = "finesse"
    RUFF = "ruff"
    CROSS_RUFF = "cross_ruff"
    CONCEDE = "concede"
    DISCARD = "discard"
    RUFFING_FINESSE = "ruffing_finesse"
    UNBLOCK = "unblock"
    SQUEEZE = "squeeze"


@dataclass(frozen=True, slots=True)
class Stated:
    """One step of the clarification statement (68C), in the order it was said.

    Attributes:
        do: what the claimer said he would do (:class:`Do`, which says which fields it uses).
        suit: the suit of ``cash``, ``ruff``, ``cross_ruff``, ``concede`` (and ``discard`` on a suit).
        card: the card of ``lead``, ``finesse``, ``discard``, ``ruffing_finesse``, ``unblock``, and the
            loser thrown on a ``concede``.
        seat: the hand that ruffs (``ruff``, ``cross_ruff``); the opponent finessed against
            (``finesse``, ``ruffing_finesse``).
        count: tricks ruffed (``ruff``) or given up (``concede``); 1 unless said.
        on: the lead on which ``card`` is thrown (``discard``).
        other_suit: the suit ruffed in the other hand (``cross_ruff``).
        discard: the card thrown when the ruffing-finesse card is not covered.
        keep: the stated end position (``squeeze``): the cards the claimer's side keeps.
    """

    do: Do
    suit: Suit | None = None
    card: Card | None = None
    seat: Seat | None = None
    count: int = 1
    on: Card | None = None
    other_suit: Suit | None = None
    discard: Card | None = None
    keep: frozenset[Card] = frozenset()

    def cards(self) -> tuple[Card, ...]:
        """Every card this step names as one of the claimer's side's (``on`` excluded: it may be
        anyone's lead), for the check that the side holds them."""
        named = (self.card, self.discard)
        return tuple(c for c in named if c is not None) + tuple(sorted(self.keep, key=lambda c: c.index))


def cash(suit: Suit) -> Stated:
    """"Cash the ``suit``s"."""
    return Stated(Do.CASH, suit=suit)


def lead(card: Card) -> Stated:
    """"Lead the ``card``"."""
    return Stated(Do.LEAD, card=card)


@dataclass(frozen=True, slots=True)
class Statement:
    """The claimer's statement (68C) as the director codes it; ``text`` is kept, never parsed.

    Attributes:
        text: the words said, for the case file.
        steps: what he said he would do, in the order he said it (:class:`Stated`).
        trumps: what was said about the outstanding trumps (70C1); a ``draw_trumps`` step
            mentions them too.
    """

    text: str = ""
    steps: tuple[Stated, ...] = ()
    trumps: TrumpsStated = TrumpsStated.NOT_MENTIONED

    @property
    def mentions_trumps(self) -> bool:
        """70C1: the claimer made a statement about the outstanding trumps."""
        return self.trumps is not TrumpsStated.NOT_MENTIONED or any(s.do is Do.DRAW_TRUMPS for s in self.steps)


@dataclass(frozen=True, slots=True)
class Findings:
    """The director's findings of fact (docs/claims.md 2.1 and section 4).

    Attributes:
        unaware_of_trump: 70C2, ``unknown`` counted as ``likely``.
        class_of_player: selects the careless categories counted as normal (:data:`CLASS_DEFAULTS`).
        suit_order_regulation: the regulating authority's 70E2 rule.
        played_after_claim: cards played after the claim, in order; the director accepts them as
            evidence under 70D3, and they are then played first, whoever's they are.
        switches: the director's own ruling on categories, ``(category, normal)`` pairs, over the
            class defaults (a doubtful point ruled "not normal" is ``(category, False)``).
    """

    unaware_of_trump: Unaware = Unaware.UNKNOWN
    class_of_player: PlayerClass = PlayerClass.CLUB
    suit_order_regulation: SuitOrder = SuitOrder.NONE
    played_after_claim: tuple[Card, ...] = ()
    switches: tuple[tuple[Category, bool], ...] = ()

    def careless_allowed(self, mistaken: bool = False) -> frozenset[Category]:
        """The careless categories counted as normal: the class defaults, the 70E2 rule (no
        ``careless_order`` under a top-down regulation), ``unaware_trump`` unless the director
        finds awareness unlikely, :data:`MISTAKEN` when the claimer is mistaken about his cards,
        then the director's switches."""
        allowed = set(CLASS_DEFAULTS[self.class_of_player])
        if mistaken:
            allowed |= MISTAKEN
        if self.suit_order_regulation is SuitOrder.TOP_DOWN:
            allowed.discard(Category.CARELESS_ORDER)
        if self.unaware_of_trump is not Unaware.UNLIKELY:
            allowed.add(Category.UNAWARE_TRUMP)
        for cat, normal in self.switches:
            if normal:
                allowed.add(cat)
            else:
                allowed.discard(cat)
        return frozenset(allowed)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession (Laws 68-71).

    Attributes:
        by: the claiming (or, for a concession, conceding) player.
        tricks: the tricks his side claimed (for a concession: kept), among those still to play.
        kind: contested (70), agreed then disputed (69B) or a concession (71).
        statement: the clarification statement (68C), as coded by the director.
        findings: the director's findings of fact.
    """

    by: Seat
    tricks: int
    kind: ClaimKind = ClaimKind.CONTESTED
    statement: Statement = field(default_factory=Statement)
    findings: Findings = field(default_factory=Findings)


def restricted_seats(claim: Claim) -> tuple[Seat, Seat]:
    """The side held to normal plays: the claimer's (70D1, and his partner too under 70D2 when a
    defender claims; 71B the conceding side), except under 69B2, where the question is whether
    the side that *agreed* would likely have won the tricks, so the agreeing side is held to
    normal play and the claimer's side plays any card."""
    side = claim.by.side if claim.kind is not ClaimKind.AGREED_THEN_DISPUTED else claim.by.side.other
    return side.seats


def normal_categories(findings: Findings, mistaken: bool = False) -> frozenset[Category]:
    """Every category the search lets the restricted side choose under these findings: the
    normal ones always, the careless ones as :meth:`Findings.careless_allowed` says (``mistaken``:
    the claimer is mistaken about his cards)."""
    base = {Category.STATED, Category.CASH, Category.ENTRY, Category.CONCEDE, Category.NORMAL}
    return frozenset(base | findings.careless_allowed(mistaken))


_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def stated_words(statement: Statement) -> str:
    """The statement's steps in English words, in order, separated by semicolons (``"draw trumps;
    cash the clubs; give up a diamond"``): the step that names the stated line (70D1)."""
    out = []
    for s in statement.steps:
        suit = _SUIT_WORDS[s.suit.value] if s.suit is not None else ""
        other = _SUIT_WORDS[s.other_suit.value] if s.other_suit is not None else ""
        seat = s.seat.value if s.seat is not None else ""
        match s.do:
            case Do.DRAW_TRUMPS:
                out.append("draw trumps")
            case Do.CASH:
                out.append(f"cash the {suit}")
            case Do.LEAD:
                out.append(f"lead the {s.card}")
            case Do.FINESSE:
                out.append(f"finesse the {s.card}" + (f" against {seat}" if seat else ""))
            case Do.RUFF:
                out.append(f"ruff {suit} in {seat}" + (f" ({s.count} times)" if s.count > 1 else ""))
            case Do.CROSS_RUFF:
                out.append(f"cross-ruff: {suit} in {seat}, {other} in partner's hand")
            case Do.CONCEDE:
                out.append(f"give up {s.count} {suit}" + (f", throwing the {s.card}" if s.card is not None else ""))
            case Do.DISCARD:
                out.append(f"discard the {s.card} on the " + (str(s.on) if s.on is not None else suit))
            case Do.RUFFING_FINESSE:
                out.append(f"ruffing finesse with the {s.card}" + (f" through {seat}" if seat else ""))
            case Do.UNBLOCK:
                out.append(f"unblock the {s.card}")
            case Do.SQUEEZE:
                kept = " ".join(str(c) for c in sorted(s.keep, key=lambda c: c.index))
                out.append(f"squeeze, keeping {kept}")
    return "; ".join(out)
