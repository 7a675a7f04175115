"""What a ruled game's recorded result supports (:func:`check_recorded_result`): the automatic
adjustment (64A, 62) or the 64C score, the table result, either or neither, over every split of the
tricks the play record does not show. Tricks are the declarer's side's, 0..13.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from engine.dd.protocol import DoubleDummySolver
from engine.laws.facts import RevokeFacts
from engine.model.board import BoardRecord
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice

ResultCheck = Literal["adjusted", "table", "either", "neither"]
"""What a recorded result supports (see :attr:`engine.screening.report.ScreeningRow.result_check`)."""


def check_recorded_result(board: BoardRecord, facts: RevokeFacts, solver: DoubleDummySolver,
                          advice: RevokeAdvice) -> tuple[ResultCheck, str] | None:
    """Which reading the record's own result (``board.recorded_result``, declarer's side's tricks)
    supports, over every split of the tricks the play record does not show, and why.

    For each split ``s`` of the unplayed tricks (declarer's side ``s`` of them, ``0..unplayed``;
    one split for a record played out) the board is ruled with the claim giving ``s``: the table
    result is the tricks played plus ``s``; the adjusted result is the tricks after the automatic
    adjustment (64A, 62) or the 64C score. A claim is usually right double dummy, so the split
    that decides is the double-dummy one (``advice``'s, where the claim was valued so); failing
    that, the split nearest to it:

    * ``"adjusted"``: only the adjusted result equals the record's at that split;
    * ``"table"``: only the table result does (the revoke unnoticed, or not ruled on);
    * ``"either"``: both do (a 64B exemption transfers nothing), or both at equal distance;
    * ``"neither"``: no split gives the record's result either way: a game to look at.

    Returns:
        ``(check, detail)``, the detail naming the splits for the director, e.g. ``"recorded 9; of
        the 4 tricks not played, the declarer's side won 4 if it is the table result, 3 if it is
        the adjusted one (double dummy: 3)"``;
        ``None`` when the record states no result, or when the facts already fix the tricks
        not played (a claim figure, a table result): then there is nothing to check against.

    Raises:
        InvalidBoardError, SolverError: as :func:`engine.rulings.revoke.advise_revoke`.
    """
    recorded = board.recorded_result
    if recorded is None or facts.claim_declarer_tricks is not None or facts.table_result is not None:
        return None
    record = board.play_record()
    if record.is_complete:
        table = advice.table_tricks == recorded
        adjusted = recorded in (advice.after_adjustment, advice.suggested_tricks)
        check: ResultCheck = "either" if table and adjusted else "adjusted" if adjusted else \
            "table" if table else "neither"
        return check, f"recorded {recorded}; table {advice.table_tricks}, adjusted {advice.suggested_tricks}"
    unplayed = 13 - record.completed_tricks
    table_splits, adjusted_splits = [], []
    for split in range(unplayed + 1):
        ruled = advise_revoke(board, facts=replace(facts, claim_declarer_tricks=split), solver=solver)
        if ruled.table_tricks == recorded:
            table_splits.append(split)
        if recorded in (ruled.after_adjustment, ruled.suggested_tricks):
            adjusted_splits.append(split)
    dd = advice.claim.declarer_tricks

    def distance(splits: list[int]) -> int:
        return min((abs(s - dd) for s in splits), default=99)

    near_table, near_adjusted = distance(table_splits), distance(adjusted_splits)
    if near_table == near_adjusted == 99:
        check = "neither"
    elif near_table == near_adjusted:
        check = "either"
    else:
        check = "table" if near_table < near_adjusted else "adjusted"

    def say(splits: list[int]) -> str:
        return " or ".join(str(s) for s in splits) if splits else "none"

    detail = (f"recorded {recorded}; of the {unplayed} tricks not played, the declarer's side won "
              f"{say(table_splits)} if it is the table result, {say(adjusted_splits)} if it is the adjusted "
              f"one (double dummy: {dd})")
    return check, detail
