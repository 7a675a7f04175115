"""Scoring: Law 77 (a contract's points), Law 78 (matchpoints, IMPs), and adjusted scores as a
director awards them (12C1(c) weighted, 12C1(e) split, 12C2 artificial), with jurisdiction
profiles as data. Pure functions; points are North-South's view unless a name says otherwise.
"""

from engine.scoring.adjusted import (
    ARTIFICIAL,
    ArtificialAward,
    ArtificialScore,
    Fault,
    Outcome,
    PlausibleResult,
    WeightedScore,
    artificial,
    check_weights,
    even_weights,
    parse_weight,
    percentage_on_other_boards,
    split_assignment,
    weighted_imps,
    weighted_matchpoints,
)
from engine.scoring.imps import butler_imps, cross_imps, datum, imps, teams_imps
from engine.scoring.law77 import score, score_ns, trick_points
from engine.scoring.matchpoints import board_matchpoints, matchpoints, neuberg, percent, top
from engine.scoring.profiles import PROFILES, Profile, profile

__all__ = [
    "ARTIFICIAL", "PROFILES", "ArtificialAward", "ArtificialScore", "Fault", "Outcome", "PlausibleResult",
    "Profile", "WeightedScore",
    "artificial", "board_matchpoints", "butler_imps", "check_weights", "cross_imps", "datum", "even_weights",
    "imps", "matchpoints", "neuberg", "parse_weight", "percent", "percentage_on_other_boards", "profile",
    "score", "score_ns", "split_assignment", "teams_imps", "top", "trick_points", "weighted_imps",
    "weighted_matchpoints",
]
