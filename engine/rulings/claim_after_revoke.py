"""A claim whose play shows a revoke, ruled on the position as the revoke laws leave it (Laws
61-64 with 68-71): the use case behind ``POST /v1/rulings/claim``, the claim page and
``advisor claim`` when the board comes with its play.

The WBFLC minute of 12 January 2000 (docs/laws.md, docs/rulings.md R17/R18): "If a defender
revokes and Declarer then claims, whereupon a defender disputes the claim so that there is no
acquiescence, the revoke has not been established. The Director must allow correction of the
revoke and then determine the claim as equitably as possible, adjudicating any margin of doubt
against the revoker." So:

- a revoke not yet established when the claim is disputed (63A4 not met: a non-offender's claim
  the offending side disputes) is corrected (62A) and the claim ruled from the corrected
  position (:mod:`engine.rulings.claim_correction`);
- an established revoke (63A1: the offending side played to the next trick; 63A3: the offending
  side's own claim or concession; 63A4: its agreement) stands: the claim is ruled where the
  record stops, then the tricks are transferred after play (64A, 64B) and 64C checked.

This is the revoke ruling with the claim adjudicated in it, exactly as ``POST /v1/rulings/revoke``
rules the same board with ``claim`` (:func:`engine.rulings.revoke.advise_revoke_and_claim`); a
claim whose play shows no revoke, or given as a bare position (no play), is
:func:`engine.rulings.claim.adjudicate_claim` alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.dd.protocol import DoubleDummySolver
from engine.laws.claims import Claim, ClaimKind
from engine.laws.editions import LAWS_2017, Edition
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import Revoke, detect_revokes
from engine.laws.steps import Step
from engine.model.board import BoardRecord
from engine.rulings.claim import DEFAULT_TIME_LIMIT, adjudicate_claim
from engine.rulings.claim_ruling import ClaimRuling, ClaimSetting
from engine.rulings.claim_search import DEFAULT_NODE_BUDGET
from engine.rulings.revoke import advise_revoke_and_claim


def claim_facts(claim: Claim) -> RevokeFacts:
    """The revoke facts a claim gives (as ``POST /v1/rulings/revoke`` reads its ``claim``): who
    claimed or conceded (63A3 when it is the offending side), whether the claim is disputed (a
    disputed claim by a non-offender does not establish the revoke, 63A4), and the claim itself
    to adjudicate (Laws 69-71). A concession and an agreement later withdrawn (69B) were agreed
    when made: not disputed."""
    return RevokeFacts(claim_by=claim.by, claim_contested=claim.kind is ClaimKind.CONTESTED, claim_detail=claim)


def revokes_before_claim(board: BoardRecord) -> tuple[Revoke, ...]:
    """The revokes (61A: failures to follow suit while holding the suit led, Law 44C) in
    ``board``'s play up to the claim, in play order; empty when there are none.

    Raises:
        InvalidBoardError: three or more players fail to follow in one trick (a record
            mis-transcribed, path ``play/<i>``); as :meth:`engine.model.play.PlayRecord.build`.
    """
    return detect_revokes(board.play_record(), board.contract, RevokeFacts())


def adjudicate_claim_after_revoke(setting: ClaimSetting, claim: Claim, solver: DoubleDummySolver, *,
                                  edition: Edition = LAWS_2017, node_budget: int = DEFAULT_NODE_BUDGET,
                                  time_limit: float = DEFAULT_TIME_LIMIT,
                                  progress: Callable[[int, int], None] | None = None) -> ClaimRuling:
    """Rule on the claim at ``setting`` as the revoke laws leave it (module docstring). Without a
    board (a bare position) or without a revoke in its play: :func:`adjudicate_claim`.

    With a revoke, the answer is the claim as adjudicated (its search, worst line, doubtful
    points, ``awarded`` among the tricks of the position it was ruled from: after a corrected
    revoke, the revoke trick on, so ``tricks_left`` is the tricks from there), with
    ``declarer_tricks``, ``result`` and ``score_ns`` the revoke ruling's result to enter (the
    declarer's side's tricks 0..13; Law 77 points, North-South's view), ``steps`` the revoke
    ruling's steps with the claim's among them, and ``revoke`` the whole revoke ruling. A search
    that stopped at its budget (``awarded`` ``None``) leaves the result open: those three are
    ``None`` and a last step says why.

    Args:
        setting: the position at the claim, with its board (``ClaimSetting.of_board``).
        claim: the claim, its statement and the director's findings.
        solver: the double-dummy solver (through the runner).
        edition: the Laws edition the revoke is ruled under.
        node_budget, time_limit, progress: the claim search's, as :func:`adjudicate_claim`.

    Raises:
        InvalidBoardError: as :func:`adjudicate_claim` and :func:`engine.rulings.revoke.advise_revoke`.
        SolverError: the solver failed or is busy.
    """
    board = setting.board
    if board is None or not revokes_before_claim(board):
        return adjudicate_claim(setting, claim, solver, node_budget=node_budget, time_limit=time_limit,
                                progress=progress)
    advice, own = advise_revoke_and_claim(board, facts=claim_facts(claim), solver=solver, edition=edition,
                                          node_budget=node_budget, time_limit=time_limit, progress=progress)
    if own is None:  # the claim is always adjudicated (claim_detail given, the record incomplete): a guard
        raise AssertionError("the revoke ruling did not adjudicate the claim")
    if own.awarded is None:
        open_step = Step("70A", "the claim's figure is open (its search stopped at its budget): the result above "
                         "values the tricks after the claim double dummy and is not the one to enter; once the "
                         "director decides the claim's figure within its range, the revoke laws above apply to it",
                         "claim.revoke_open")
        return replace(own, declarer_tricks=None, result=None, score_ns=None, steps=(*advice.steps, open_step),
                       revoke=advice)
    return replace(own, declarer_tricks=advice.suggested_tricks, result=advice.suggested_result,
                   score_ns=advice.score_ns_suggested, steps=advice.steps, revoke=advice)
