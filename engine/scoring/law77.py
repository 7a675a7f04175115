"""Law 77 duplicate scoring of a contract result (2017 code; docs/scoring.md section 1)."""

from __future__ import annotations

from engine.errors import InvalidBoardError
from engine.model.contract import Contract, Doubling, Strain
from engine.model.seats import Side, Vulnerability


def trick_points(contract: Contract) -> int:
    """Law 77 trick score of the contract bid (odd tricks only), doubling included."""
    if contract.strain in (Strain.CLUBS, Strain.DIAMONDS):
        base = 20 * contract.level
    elif contract.strain in (Strain.HEARTS, Strain.SPADES):
        base = 30 * contract.level
    else:
        base = 40 + 30 * (contract.level - 1)
    return base * contract.doubling


def score(contract: Contract, tricks: int, vulnerability: Vulnerability) -> int:
    """Law 77: points for declarer's side (negative when the contract fails).

    Args:
        contract: the contract, with declarer (which fixes whose vulnerability applies).
        tricks: tricks won by declarer's side, 0..13.
        vulnerability: the board's vulnerability.

    Returns:
        Points for declarer's side: trick score, game/part-score bonus, slam bonus, insult
        bonus for a made doubled/redoubled contract, overtricks; or minus the undertrick
        penalty.

    Raises:
        InvalidBoardError: ``tricks`` outside 0..13.
    """
    if not 0 <= tricks <= 13:
        raise InvalidBoardError(f"tricks must be 0..13, got {tricks}", path="tricks", key="tricks_0_13",
                                params={"n": tricks})
    vul = vulnerability.is_vulnerable(contract.declaring_side)
    dbl = contract.doubling
    over = tricks - contract.tricks_needed
    if over < 0:
        down = -over
        if dbl is Doubling.UNDOUBLED:
            return -(100 if vul else 50) * down
        if vul:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -pen * (dbl // 2)
    tp = trick_points(contract)
    if tp >= 100:  # game
        total = tp + (500 if vul else 300)
    else:  # part score
        total = tp + 50
    if contract.level == 6:
        total += 750 if vul else 500
    elif contract.level == 7:
        total += 1500 if vul else 1000
    if dbl is Doubling.UNDOUBLED:
        per_over = 20 if contract.strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    else:
        per_over = (200 if vul else 100) * (dbl // 2)
        total += 50 * (dbl // 2)
    return total + per_over * over


def score_ns(contract: Contract, tricks: int, vulnerability: Vulnerability) -> int:
    """Law 77 score from North-South's view: :func:`score` negated when East-West declare."""
    s = score(contract, tricks, vulnerability)
    return s if contract.declaring_side is Side.NS else -s

