"""The report of a screening (:mod:`engine.screening.events`): one row a game ruled on or flagged
(:class:`ScreeningRow`), the counts of what became of every game (:class:`ScreeningCounts`, the
skip reasons ``SKIP_*``) and the two together (:class:`ScreeningReport`, the HTTP API's shape).

Trick counts are the declarer's side's, 0..13; scores are Law 77 points, North-South's view.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from engine.errors import InvalidBoardError

RowStatus = Literal["ruled", "flagged"]
"""``"ruled"``: a revoke was found and ruled on; ``"flagged"``: the record cannot be ruled on."""


SKIP_NO_PLAY = "no play record"
"""Skip reason: the game has no ``[Play]`` section."""
SKIP_NO_CARDS = "play section without cards"
"""Skip reason: a ``[Play]`` tag whose section holds no known card (empty, ``*`` or ``-`` only)."""
SKIP_LEAD_UNKNOWN = "opening lead unknown ('-')"
"""Skip reason: the record's first card is ``-``, so no card of it can be placed in play order."""


@dataclass(frozen=True, slots=True)
class ScreeningRow:
    """One game that was ruled on or flagged.

    Attributes:
        file: the PBN file, relative to the screened root (POSIX separators).
        board: tag ``Board`` as written, ``None`` if absent (or for a file that could not be read).
        room: tag ``Room`` (``"Open"``, ``"Closed"``...), ``None`` if absent.
        line: 1-based line of the game's first tag in the file (for an unreadable file, the
            line of the error when known); ``None`` when unknown.
        status: ``"ruled"`` or ``"flagged"``.
        revokes: ruled rows: one short text per revoke, in play order, e.g.
            ``"T3 S D4 on H, 64A2 x1"`` (trick, offender, card, suit led; the law deciding the
            adjustment and the tricks transferred). ``()`` for flagged rows.
        contract: e.g. ``"4H"``, ``"3NTX"``; ``None`` when it could not be read.
        declarer: ``"N"``, ``"E"``, ``"S"`` or ``"W"``; ``None`` when it could not be read.
        table_tricks: declarer's side's tricks as played (0..13), the tricks not played out
            counted as the claim gives them, or valued double dummy (``claim_assumed``).
        after_adjustment: declarer's side's tricks after corrections (62) and the automatic
            transfers (64A), 0..13.
        suggested_tricks: declarer's side's tricks to enter, 0..13 (64C may change it).
        suggested_result: the result to enter, e.g. ``"4H W -1"``.
        suggested_law: the law that gives it, e.g. ``"64A2"``.
        score_ns_suggested: Law 77 points of the suggested result, North-South's view.
        law_64c_applies: whether Law 64C (equity) changed the result.
        claim_assumed: the record stops before trick 13 and no claim figure was given, so the
            tricks not played out were valued double dummy.
        recorded_result: the record's own ``Result`` tag as declarer's tricks (0..13), ``None``
            if absent or not a number; for comparison only.
        marked_revokes: the cards the record itself marks ``^R``, e.g. ``("D4",)``.
        reason: flagged rows: why the game cannot be ruled on (the error's message, then a hint
            in brackets when the ``[Play]`` tag's opening leader is not declarer's left-hand
            opponent; ``"probable recording error: ..."``); ``None`` for ruled rows.
        finding: for a record with a failure to follow, its more plausible reading
            (:mod:`engine.screening.recording`): ``"revoke"`` (ruled) or ``"probable recording error"``
            (flagged, not ruled: its ``revokes`` are the revoke reading, ``"T1 W C3 on H"``,
            with no law); ``None`` for the other rows.
        recording_error: the recording-error reading, when there is one (the reason of the
            flagged row, or the other reading of a ruled one), e.g. ``"trick 1: S's lead is
            recorded as HJ; CQ makes every card of the trick legal"``.
        corrected_play: that reading's record, the cards in play order from the opening lead
            (``"CQ C3 C4 C2 CJ ..."``); ``None`` without a correction.
        result_check: for a ruled game with a ``Result`` tag, what the recorded result supports,
            over every split of the tricks the record does not show
            (:func:`~engine.screening.result_check.check_recorded_result`):
            ``"adjusted"`` (the automatic adjustment, or the 64C score, was entered),
            ``"table"`` (the table result: the revoke unnoticed, or not ruled on), ``"either"``
            (the record cannot tell them apart), ``"neither"`` (the record is inconsistent: a
            game to look at); ``None`` without a ``Result`` or when the facts fix the claim.
        result_detail: the splits behind ``result_check`` (see
            :func:`~engine.screening.result_check.check_recorded_result`).
        reason_error: ``reason`` as the keyed engine error behind it (its ``key``/``params``),
            for a page that says it in another language; not part of the report's JSON or CSV
            (:data:`ROW_FIELDS`), nor of comparisons; ``None`` when the reason has no key.
    """

    file: str
    board: str | None
    room: str | None
    line: int | None
    status: RowStatus
    revokes: tuple[str, ...] = ()
    contract: str | None = None
    declarer: str | None = None
    table_tricks: int | None = None
    after_adjustment: int | None = None
    suggested_tricks: int | None = None
    suggested_result: str | None = None
    suggested_law: str | None = None
    score_ns_suggested: int | None = None
    law_64c_applies: bool | None = None
    claim_assumed: bool | None = None
    recorded_result: int | None = None
    marked_revokes: tuple[str, ...] = ()
    reason: str | None = None
    finding: str | None = None
    recording_error: str | None = None
    corrected_play: str | None = None
    result_check: str | None = None
    result_detail: str | None = None
    reason_error: InvalidBoardError | None = field(default=None, compare=False, repr=False)


ROW_FIELDS = tuple(f.name for f in fields(ScreeningRow) if f.name != "reason_error")
"""The fields of a row in the report's JSON and CSV, in order."""


@dataclass(frozen=True, slots=True)
class ScreeningCounts:
    """How many files and games were screened, and what became of the games.

    ``games == sum of skipped + with_play`` and ``with_play == clean + ruled + flagged``.

    Attributes:
        files: files screened (:func:`~engine.screening.events.screen_games`: distinct file names among the games).
        unreadable_files: files that could not be read or parsed at all (each has a flagged
            row with ``board=None``; their games are not counted).
        games: games read.
        with_play: games with a play record (at least the opening lead known).
        skipped: ``(reason, count)`` pairs, most frequent first; reasons are the ``SKIP_*``
            constants of this module.
        clean: games whose play record shows no revoke (the solver was not called).
        ruled: games with at least one revoke, ruled on.
        flagged: games whose record cannot be ruled on.
        recording_errors: of the flagged games, those whose failures to follow read more
            plausibly as a mistake in the record than as revokes (:mod:`engine.screening.recording`).
    """

    files: int
    unreadable_files: int
    games: int
    with_play: int
    skipped: tuple[tuple[str, int], ...]
    clean: int
    ruled: int
    flagged: int
    recording_errors: int = 0

    @property
    def skipped_total(self) -> int:
        """Games skipped, every reason together."""
        return sum(n for _, n in self.skipped)


@dataclass(frozen=True, slots=True)
class ScreeningReport:
    """The result of a screening: the counts and the rows, in file and game order.

    Attributes:
        counts: see :class:`ScreeningCounts`.
        rows: one row per ruled or flagged game (and per unreadable file).
    """

    counts: ScreeningCounts
    rows: tuple[ScreeningRow, ...]

    @property
    def ruled_rows(self) -> tuple[ScreeningRow, ...]:
        """The rows with ``status == "ruled"``."""
        return tuple(r for r in self.rows if r.status == "ruled")

    @property
    def flagged_rows(self) -> tuple[ScreeningRow, ...]:
        """The rows with ``status == "flagged"``."""
        return tuple(r for r in self.rows if r.status == "flagged")

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"counts": {...}, "rows": [...]}``; ``skipped`` becomes a
        ``{reason: count}`` object, tuples become lists (the shape of the HTTP API's answer)."""
        counts = asdict(self.counts)
        counts["skipped"] = dict(self.counts.skipped)
        rows = [{name: getattr(r, name) for name in ROW_FIELDS}
                | {"revokes": list(r.revokes), "marked_revokes": list(r.marked_revokes)} for r in self.rows]
        return {"counts": counts, "rows": rows}
