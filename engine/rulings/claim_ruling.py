"""The claim adjudication's shapes (Laws 68-71): the position at the claim and what is known
around it, a line of play after the claim, one min-min search's result, a doubtful point, and
the whole ruling.

Trick counts are among the tricks still to play at the claim, for the restricted (claiming)
side unless named otherwise; scores are Law 77 points, North-South's view. Built by
:func:`engine.rulings.claim.adjudicate_claim` and :func:`engine.rulings.claim_search.search`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import InvalidBoardError
from engine.laws.claims import Category, Claim
from engine.laws.steps import Step
from engine.model.board import BoardRecord
from engine.model.cards import Card, Suit
from engine.model.contract import Contract
from engine.model.position import Position
from engine.model.seats import Seat, Side, Vulnerability
from engine.rulings.revoke_advice import RevokeAdvice


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



class FigureBasis(StrEnum):
    """How a doubtful point's figure was found.

    ``search``: the min-min search with the point's category ruled not normal finished: the
    figure is what Law 70 gives the claimer then. ``double_dummy``: that search stopped at its
    budget; the figure is the most the claiming side can take from the point on, double dummy
    (his best card there instead of the careless one, and best play by both sides after it): an
    upper bound on the searched figure, never the figure itself.
    """

    SEARCH = "search"
    DOUBLE_DUMMY = "double_dummy"



@dataclass(frozen=True, slots=True)
class DoubtfulPoint:
    """A careless (but normal) choice on the worst line, which the director may rule otherwise.

    Attributes:
        trick, seat, card, category, law: where and what.
        if_not_normal: the claiming side's tricks (among those after the claim) when the director
            rules this category not normal for this player; ``None``: that search did not finish
            and no bound could be given (a 69B agreement, where the restricted side is not the
            claimer's, or major penalty cards, which double dummy does not know).
        figure_basis: how ``if_not_normal`` was found (:class:`FigureBasis`: searched, or only an
            upper bound double dummy); ``None`` with no figure.
    """

    trick: int
    seat: Seat
    card: Card
    category: Category
    law: str
    if_not_normal: int | None
    figure_basis: FigureBasis | None = None



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
        doubtful_points: the careless choices on the worst line, each with its figure: one a
            category (its first play on the line), none that alone or with the others gives the
            claiming side nothing more.
        if_all_not_normal: with two doubtful points or more, the claiming side's tricks when the
            director rules every one of them not normal (``None`` otherwise).
        likely_if: under 69B2, the claiming side's tricks if the director judges that the agreeing
            side would likely have won what double dummy gives it; else ``None``.
        declarer_tricks / result / score_ns: the declarer's side's total tricks, the result and the
            Law 77 score (North-South's view), when the whole board is known.
        steps: the explanation, each step naming its law.
        setting: the position ruled on (for the page and the case file).
        revoke: when the play before the claim shows a revoke, the revoke ruling (Laws 61-64) the
            claim was ruled with (:mod:`engine.rulings.claim_after_revoke`): ``declarer_tricks``,
            ``result`` and ``score_ns`` are then its result to enter, and ``steps`` its steps,
            the claim's among them; ``None`` otherwise.
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
    revoke: RevokeAdvice | None = field(repr=False, default=None)
    if_all_not_normal: int | None = None
