"""A screening of every game of a PBN file over HTTP (``POST /v1/screenings``): the counts of
the games and a row per game ruled on (a revoke, Laws 61-64) or flagged (it cannot be ruled on,
or it is a probable recording error); serialised from the engine's
:class:`engine.screening.events.ScreeningReport`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from app.api.schemas.common import SeatCode
from engine import __version__ as engine_version
from engine.screening.report import ScreeningReport


class ScreeningRowOut(BaseModel):
    """One game of a screening that was ruled on (a revoke) or flagged (cannot be ruled on).

    Trick counts: the declarer's side, 0..13. Scores: Law 77 points, North-South's view.
    The ruling's fields are null on flagged rows; ``reason`` is null on ruled rows.
    """

    file: str = Field(description="The PBN file (relative path; the upload's file name).")
    board: str | None = Field(description="Tag Board as written; null for a file that could not be read.")
    room: str | None = Field(description="Tag Room (Open/Closed...).")
    line: int | None = Field(description="Line of the game's first tag in the file.")
    status: Literal["ruled", "flagged"]
    revokes: list[str] = Field(description="One per revoke: trick, offender, card, suit led, law, tricks "
                               "transferred, e.g. 'T3 S D4 on H, 64A2 x1'.")
    contract: str | None = Field(description="e.g. '4H', '3NTX'.")
    declarer: SeatCode | None
    table_tricks: int | None = Field(description="As played; tricks not played out as the claim gives them, or "
                                     "valued double dummy (claim_assumed).")
    after_adjustment: int | None = Field(description="After corrections (62) and automatic transfers (64A).")
    suggested_tricks: int | None = Field(description="The declarer side's tricks to enter.")
    suggested_result: str | None = Field(description="e.g. '4H W -1'.")
    suggested_law: str | None
    score_ns_suggested: int | None = Field(description="Law 77 points of the suggested result, North-South's view.")
    law_64c_applies: bool | None
    claim_assumed: bool | None = Field(description="The tricks not played out were valued double dummy.")
    recorded_result: int | None = Field(description="The record's own Result tag (declarer's tricks), for "
                                        "comparison only.")
    marked_revokes: list[str] = Field(description="Cards the record itself marks ^R.")
    reason: str | None = Field(description="Flagged rows: why the game cannot be ruled on.")
    finding: Literal["revoke", "probable recording error"] | None = Field(
        None, description="A record with a failure to follow: its more plausible reading. A probable recording "
        "error is flagged, not ruled; its revokes are the revoke reading (no law).")
    recording_error: str | None = Field(None, description="The recording-error reading (the flagged row's reason, "
                                        "or the other reading of a ruled one).")
    corrected_play: str | None = Field(None, description="That reading's record: the cards in play order.")
    result_check: Literal["adjusted", "table", "either", "neither"] | None = Field(
        None, description="A ruled game with a Result: what the recorded result supports over every split of the "
        "tricks not played (the double-dummy split decides).")
    result_detail: str | None = Field(None, description="The splits behind result_check.")


class ScreeningCountsOut(BaseModel):
    """What became of the games: games = skipped + with_play; with_play = clean + ruled + flagged."""

    files: int
    unreadable_files: int = Field(description="Files that could not be parsed (each a flagged row, board null).")
    games: int = Field(description="Games read.")
    with_play: int = Field(description="Games with a play record (the opening lead known).")
    skipped: dict[str, int] = Field(description="Games skipped, by reason (no play record...).")
    clean: int = Field(description="Play records with no revoke.")
    ruled: int = Field(description="Games with a revoke, ruled on.")
    flagged: int = Field(description="Games whose record cannot be ruled on.")
    recording_errors: int = Field(0, description="Of the flagged games, the probable recording errors.")


class ScreeningResponse(BaseModel):
    """A screening of every game of a PBN file: the counts, and a row per ruled or flagged game."""

    counts: ScreeningCountsOut
    rows: list[ScreeningRowOut]
    laws_edition: str = "2017"
    engine_version: str = engine_version

    @classmethod
    def from_report(cls, report: ScreeningReport) -> ScreeningResponse:
        """Serialise the engine's report (the same fields as :meth:`ScreeningReport.as_dict`)."""
        return cls.model_validate(report.as_dict())
