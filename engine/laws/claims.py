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
    director finds it so, 70D1, 71B).
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


CARELESS: tuple[Category, ...] = (Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                  Category.UNAWARE_TRUMP, Category.CARELESS_DEPARTURE)
"""The categories that are normal only as careless or inferior play: the doubtful points."""

CATEGORY_LAW: dict[Category, str] = {
    Category.STATED: "70D1", Category.CASH: "70D1", Category.ENTRY: "70D1", Category.CONCEDE: "70D1",
    Category.NORMAL: "70D1", Category.CARELESS_ORDER: "70E2", Category.CARELESS_BLOCK: "70D1",
    Category.CARELESS_RUFF: "70D1", Category.UNAWARE_TRUMP: "70C", Category.CARELESS_DEPARTURE: "70D1",
}
"""The law each category of play is judged under."""

CLASS_DEFAULTS: dict[PlayerClass, frozenset[Category]] = {
    PlayerClass.NOVICE: frozenset({Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                   Category.CARELESS_DEPARTURE}),
    PlayerClass.CLUB: frozenset({Category.CARELESS_ORDER, Category.CARELESS_BLOCK, Category.CARELESS_RUFF,
                                 Category.CARELESS_DEPARTURE}),
    PlayerClass.COUNTY: frozenset({Category.CARELESS_BLOCK, Category.CARELESS_RUFF, Category.CARELESS_DEPARTURE}),
    PlayerClass.EXPERT: frozenset({Category.CARELESS_RUFF}),
}
"""The careless categories counted as normal for each class of player, before the director's
own switches. Even an expert may ruff low carelessly (EBU White Book 8.70: strong players are
not exempt from carelessness). These are defaults to be calibrated with directors (claims.md 4)."""


@dataclass(frozen=True, slots=True)
class Finesse:
    """A stated finesse (70E1): ``card`` played to win in the hope that ``against`` (the
    opponent whose card it must beat; ``None``: not said) holds the missing honour."""

    card: Card
    against: Seat | None = None


@dataclass(frozen=True, slots=True)
class Ruff:
    """A stated ruff: ``suit`` ruffed in the hand of ``in_hand`` ("ruff a club in dummy")."""

    suit: Suit
    in_hand: Seat


@dataclass(frozen=True, slots=True)
class Concede:
    """A stated concession inside the claim: ``count`` tricks given up in ``suit``."""

    suit: Suit
    count: int = 1


@dataclass(frozen=True, slots=True)
class Statement:
    """The claimer's statement (68C) as the director codes it; ``text`` is kept, never parsed.

    Attributes:
        text: the words said, for the case file.
        order: the stated leads in order: a card, or a suit (``Suit``) meaning "cash that suit".
        trumps: what was said about the outstanding trumps (70C1).
        finesses: stated finesses (70E1).
        ruffs: stated ruffs ("ruff a club in dummy", a cross-ruff as several).
        concede: tricks stated as given up.
        unblock: cards stated as unblocked (played high under partner's winner).
    """

    text: str = ""
    order: tuple[Card | Suit, ...] = ()
    trumps: TrumpsStated = TrumpsStated.NOT_MENTIONED
    finesses: tuple[Finesse, ...] = ()
    ruffs: tuple[Ruff, ...] = ()
    concede: tuple[Concede, ...] = ()
    unblock: tuple[Card, ...] = ()


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

    def careless_allowed(self) -> frozenset[Category]:
        """The careless categories counted as normal: the class defaults, the 70E2 rule (no
        ``careless_order`` under a top-down regulation), ``unaware_trump`` unless the director
        finds awareness unlikely, then the director's switches."""
        allowed = set(CLASS_DEFAULTS[self.class_of_player])
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


def normal_categories(findings: Findings) -> frozenset[Category]:
    """Every category the search lets the restricted side choose under these findings: the
    normal ones always, the careless ones as :meth:`Findings.careless_allowed` says."""
    base = {Category.STATED, Category.CASH, Category.ENTRY, Category.CONCEDE, Category.NORMAL}
    return frozenset(base | findings.careless_allowed())
