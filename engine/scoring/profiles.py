"""Jurisdiction profiles: how an organiser scores adjusted results, as data, not code branches.

Sources: docs/laws.md section 1 (12C1(c) weighting, 12C1(e), the ACBL elections) and
docs/scoring.md sections 2 and 5 (units per matchpoint, Av+ in IMPs, 12C2(c)).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InvalidBoardError


@dataclass(frozen=True, slots=True)
class Profile:
    """How a jurisdiction scores adjusted results.

    Attributes:
        name: the key (``"wbf"``, ``"ebu"``, ``"acbl"``).
        description: one line for the director.
        weighting: 12C1(c) weighted scores allowed; without it an adjustment with several
            outcomes gives the non-offending side the most favourable likely result and the
            offending side the most unfavourable (12C1(e) as the ACBL elected it under the 2007
            code), the two assessed separately.
        mp_units: matchpoints per score beaten (2: WBF/EBU; 1: North American half-tops).
        av_plus_imps: IMPs for average plus at IMP play (12C2(b): 3 unless the organiser varies it).
        session_rule: 12C2(c): average plus is at least the contestant's percentage on the
            other boards of the session, average minus at most it.
        procedural_penalty: the organiser's usual procedural penalty (Law 90), in percent of a
            top, as a figure the director edits, when a source gives one (EBU: 25% of a top,
            docs/scoring.md section 5); ``None``: the figure is the director's alone (no source
            gives one for WBF or ACBL practice).
    """

    name: str
    description: str
    weighting: bool
    mp_units: int
    av_plus_imps: int
    session_rule: bool
    procedural_penalty: int | None = None


_DATA: tuple[dict[str, object], ...] = (
    {"name": "wbf", "description": "WBF Laws 2017: weighted scores (12C1(c)); 2 matchpoints per score beaten; "
     "Av+ = 3 IMPs; 12C2(c) session percentage", "weighting": True, "mp_units": 2, "av_plus_imps": 3,
     "session_rule": True},
    {"name": "ebu", "description": "EBU (White Book): as WBF; weighted and split scores, matchpoints weighted "
     "after scoring each outcome", "weighting": True, "mp_units": 2, "av_plus_imps": 3, "session_rule": True,
     "procedural_penalty": 25},
    {"name": "acbl", "description": "ACBL-style, no weighting: the non-offending side gets the most favourable "
     "likely result, the offending side the most unfavourable; half matchpoints (1 per score beaten); "
     "Av+ = 3 IMPs", "weighting": False, "mp_units": 1, "av_plus_imps": 3, "session_rule": True},
)

PROFILES: dict[str, Profile] = {str(d["name"]): Profile(**d) for d in _DATA}  # type: ignore[arg-type]
"""Every known profile by name."""


def profile(name: str) -> Profile:
    """The profile called ``name``.

    Raises:
        InvalidBoardError: path ``"profile"``, an unknown name (the message lists the known ones).
    """
    try:
        return PROFILES[name.lower()]
    except KeyError:
        raise InvalidBoardError(f"unknown profile {name!r}; one of {', '.join(PROFILES)}", path="profile",
                                key="unknown_profile", params={"name": name, "known": ", ".join(PROFILES)}) from None
