"""A claim after a revoke that is corrected, not established (WBFLC minute, 12 January 2000, item 3).

"If a defender revokes and Declarer then claims, whereupon a defender disputes the claim so that
there is no acquiescence, the revoke has not been established. The Director must allow correction
of the revoke and then determine the claim as equitably as possible, adjudicating any margin of
doubt against the revoker." (docs/laws.md, docs/rulings.md R17/R18.)

So the claim is ruled from the *corrected* position, not from the one the record ends in: the
revoke trick is reopened just before the revoke card, that card goes back to the offender's hand
(a major penalty card when a defender withdrew it, 62B1, played at the first legal opportunity,
50D1), the offender plays a legal card in its place (any one: the search lets the non-claiming
side choose, and the claimer's doubt is the revoker's margin too), and the cards played after the
revoke on that trick are played again (62C1: the non-offenders may withdraw them).

A use case beside :mod:`engine.rulings.revoke` (which calls it) and :mod:`engine.rulings.claim` (which it feeds).
"""

from __future__ import annotations

from dataclasses import replace

from engine.laws.claims import Claim
from engine.laws.revoke import Revoke
from engine.model.board import BoardRecord
from engine.model.seats import SEATS, Side
from engine.rulings.claim_ruling import ClaimSetting


def corrected_setting(board: BoardRecord, revoke: Revoke, *, penalty_card: bool) -> ClaimSetting:
    """The position at which a claim is ruled once ``revoke`` is corrected (62A): just before the
    revoke card of trick ``revoke.trick``, the revoke card back in the offender's hand, a major
    penalty card when ``penalty_card`` (62B1, 50D1).

    Show-outs are those of the play before the revoke card; the tricks won are those completed
    before the revoke trick (North-South, East-West).

    Raises:
        ValueError: a reported revoke (no play record of it: ``play_index`` -1).
    """
    if revoke.play_index < 0 or revoke.card is None:
        raise ValueError("a revoke without its card in the play record cannot be corrected there")
    rec = board.play_record()
    pos = rec.position_before(revoke.play_index)
    shown = set()
    for t in rec.tricks[: revoke.trick - 1]:
        led = t.cards[0].card.suit
        shown |= {(pc.seat, led) for pc in t.cards[1:] if pc.card.suit != led}
    lead_at = SEATS.index(pos.leader)
    for i, c in enumerate(pos.trick[1:], start=1):  # the revoke trick's cards before the revoke card
        if c.suit != pos.trick[0].suit:
            shown.add((SEATS[(lead_at + i) % 4], pos.trick[0].suit))
    before = revoke.trick - 1
    won = (rec.tricks_won_by(Side.NS.seats, upto=before), rec.tricks_won_by(Side.EW.seats, upto=before))
    return ClaimSetting(pos, frozenset(shown), won, board.contract, board.vulnerability, board,
                        frozenset({revoke.card}) if penalty_card else frozenset())


def corrected_claim(claim: Claim, board: BoardRecord, revoke: Revoke) -> Claim:
    """The claim as it reads from the corrected position: the tricks claimed among those left at
    the end of the record, plus the tricks of the reopened ones (the revoke trick on) that the
    record shows the claiming side winning: he counted them as his when he claimed."""
    rec = board.play_record()
    kept = rec.tricks_won_by(claim.by.side.seats, after=revoke.trick - 1)
    return replace(claim, tricks=claim.tricks + kept)
