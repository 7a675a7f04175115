"""Screening whole events: every game of many PBN files, looking for revokes to rule on.

Most recorded games have no revoke. A game is first checked with the pure Law 61A
detector (:func:`engine.laws.revoke.detect_revokes`); only the games with a revoke reach the
double-dummy solver, through :func:`engine.rulings.revoke.advise_revoke`. Every game ends in one of:

* **skipped**: there is nothing to screen (no play record, no card in it, the opening lead
  unknown); counted by reason, no row;
* **clean**: a valid play record in which every player followed suit when able; counted, no row;
* **ruled**: at least one revoke; a row with the ruling's figures;
* **flagged**: the record cannot be ruled on (passed out, a missing tag, a card not held or
  played twice, a deal with 14 and 12 cards, three players failing to follow in one trick,
  a solver failure...); a row with the reason: the error's own message, followed by a hint in
  brackets when the ``[Play]`` tag's opening leader is not declarer's left-hand opponent.

A bad game never stops the run: errors are caught game by game (and file by file).
Trick counts are the declarer's side's, 0..13; scores are Law 77 points, North-South's view.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal

from engine.dd.protocol import DoubleDummySolver
from engine.dd.work import current
from engine.errors import AdvisorError, InvalidBoardError, WorkCancelledError
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import Revoke, RevokeKind, detect_revokes
from engine.model.board import BoardRecord
from engine.records.boards import board_from_game
from engine.records.files import RECORD_SUFFIXES, claim_tricks, load_games, read_games
from engine.records.pbn import PbnGame, decode
from engine.rulings.revoke import advise_revoke
from engine.rulings.revoke_advice import RevokeAdvice, RevokeRuling
from engine.screening.recording import ErrorKind, Finding, Reading, finding_error, read_record

RowStatus = Literal["ruled", "flagged"]
"""``"ruled"``: a revoke was found and ruled on; ``"flagged"``: the record cannot be ruled on."""

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, counted in files (:func:`screen_paths`) or in
games (:func:`screen_games`)."""

AFTER_PLAY = RevokeFacts()
"""The default facts: noticed after play, no claim figure, no penalty card or lead restriction."""

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
            over every split of the tricks the record does not show (:func:`check_recorded_result`):
            ``"adjusted"`` (the automatic adjustment, or the 64C score, was entered),
            ``"table"`` (the table result: the revoke unnoticed, or not ruled on), ``"either"``
            (the record cannot tell them apart), ``"neither"`` (the record is inconsistent: a
            game to look at); ``None`` without a ``Result`` or when the facts fix the claim.
        result_detail: the splits behind ``result_check`` (see :func:`check_recorded_result`).
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
        files: files screened (:func:`screen_games`: distinct file names among the games).
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


@dataclass
class _Tally:
    """The screening in progress."""

    solver: DoubleDummySolver
    facts: RevokeFacts
    files: set[str] = field(default_factory=set)
    unreadable: int = 0
    games: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    clean: int = 0
    ruled: int = 0
    flagged: int = 0
    recording_errors: int = 0
    rows: list[ScreeningRow] = field(default_factory=list)

    def file_failed(self, file: str, exc: Exception) -> None:
        self.files.add(file)
        self.unreadable += 1
        line = getattr(exc, "lineno", None)
        keyed = _keyed(f"file not read: {_message(exc)}", exc, key="file_not_read")
        self.rows.append(ScreeningRow(file, None, None, line if isinstance(line, int) else None, "flagged",
                                      reason=f"file not read: {_message(exc)}", reason_error=keyed))

    def game(self, file: str, game: PbnGame) -> None:
        self.files.add(file)
        self.games += 1
        skip = _skip_reason(game)
        if skip is not None:
            self.skipped[skip] += 1
            return
        try:
            row = self._screen(file, game)
        except WorkCancelledError:  # the whole screening stops (its client went away, a cancelled job)
            raise
        except Exception as exc:  # one bad game must never stop the run
            self.flagged += 1
            self.rows.append(_flagged(file, game, exc))
            return
        if row is None:
            self.clean += 1
        elif row.status == "flagged":
            self.flagged += 1
            self.recording_errors += 1
            self.rows.append(row)
        else:
            self.ruled += 1
            self.rows.append(row)

    def _screen(self, file: str, game: PbnGame) -> ScreeningRow | None:
        board = board_from_game(game, source=file)
        record = board.play_record()
        facts = replace(self.facts, rest_valued_double_dummy=True)  # the file says nothing more: valued, labelled
        claim = claim_tricks(game, record, board.contract)
        if claim is not None and facts.claim_declarer_tricks is None and facts.table_result is None:
            facts = replace(facts, claim_declarer_tricks=claim)  # a LIN record's claim is a fact, not a guess
        revokes = detect_revokes(record, board.contract, facts)
        if not revokes:
            return None
        reading = read_record(game, record, board.contract, revokes)
        error = reading.errors[0] if reading.errors else None
        if reading.finding is Finding.RECORDING_ERROR and error is not None:
            return _recording_error(file, game, revokes, reading)
        advice = advise_revoke(board, facts=facts, solver=self.solver)
        checked = check_recorded_result(board, facts, self.solver, advice)
        row = replace(_ruled(file, game, advice), finding=Finding.REVOKE.value,
                      result_check=checked[0] if checked else None, result_detail=checked[1] if checked else None)
        if error is None:
            return row
        return replace(row, recording_error=error.reason, corrected_play=" ".join(str(c) for c in error.play))

    def report(self) -> ScreeningReport:
        with_play = self.clean + self.ruled + self.flagged
        counts = ScreeningCounts(
            files=len(self.files), unreadable_files=self.unreadable, games=self.games, with_play=with_play,
            skipped=tuple(self.skipped.most_common()), clean=self.clean, ruled=self.ruled, flagged=self.flagged,
            recording_errors=self.recording_errors,
        )
        for row in self.rows:
            if row.reason_error is not None:
                _detach(row.reason_error)
        return ScreeningReport(counts, tuple(self.rows))


def screen_games(games: Iterable[tuple[str, PbnGame]], *, solver: DoubleDummySolver,
                 facts: RevokeFacts = AFTER_PLAY, progress: Progress | None = None) -> ScreeningReport:
    """Screen games for revokes and rule on the ones that have any.

    Runs as the current work (:mod:`engine.dd.work`): run it in the batch lane so that rulings
    go first; when the work is cancelled it stops between two games.

    Args:
        games: ``(file, game)`` pairs; ``file`` is the name the rows show (relative path).
        solver: the double-dummy solver; called only for games with a revoke.
        facts: the TD's facts applied to every ruling (default: noticed after play, no claim
            figure so the tricks not played out are valued double dummy, no penalty cards).
        progress: called as ``progress(done, total)`` in games, once with ``done=0`` before the
            first game and after each game (``games`` is read into a list first).

    Returns:
        The :class:`ScreeningReport`, rows in the order of ``games``.

    Raises:
        WorkCancelledError: the current work was cancelled (checked before each game).
        Nothing for a bad game: it becomes a flagged row (a :class:`SolverError` too).
    """
    tally = _Tally(solver, facts)
    work = current()
    todo = list(games) if progress is not None else games
    total = len(todo) if isinstance(todo, list) else 0
    if progress is not None:
        progress(0, total)
    for done, (file, game) in enumerate(todo, start=1):
        work.check()
        tally.game(file, game)
        if progress is not None:
            progress(done, total)
    return tally.report()


def pbn_files(root: str | os.PathLike[str]) -> list[Path]:
    """The record files to screen under ``root``: ``root`` itself if it is a file, else every
    ``*.pbn`` and ``*.lin`` (any case of the extension, e.g. ``*.PBN``) below it, recursively,
    sorted by path.

    Raises:
        FileNotFoundError: ``root`` does not exist.
    """
    path = Path(root)
    if not path.exists():
        raise FileNotFoundError(f"no such file or directory: {os.fspath(root)}")
    if path.is_file():
        return [path]
    return sorted((p for p in path.rglob("*") if p.suffix.lower() in RECORD_SUFFIXES and p.is_file()),
                  key=lambda p: p.relative_to(path).as_posix())


def screen_paths(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, solver: DoubleDummySolver,
                 facts: RevokeFacts = AFTER_PLAY, progress: Progress | None = None) -> ScreeningReport:
    """Screen PBN and LIN files: each path a file or a directory (searched recursively, see :func:`pbn_files`).

    Rows name each file relative to the directory given (a file given directly: its name).
    A file that cannot be read or parsed becomes one flagged row; the run goes on.

    Args:
        paths: one path or several.
        solver: the double-dummy solver; called only for games with a revoke.
        facts: the TD's facts applied to every ruling (see :func:`screen_games`).
        progress: called as ``progress(done, total)`` in files, once with ``done=0`` before
            the first file and after each file.

    Returns:
        The :class:`ScreeningReport`.

    Raises:
        FileNotFoundError: a path does not exist (checked before any file is screened).
    """
    return screen_named_files(record_files(paths), solver=solver, facts=facts, progress=progress)


def record_files(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[tuple[Path, str]]:
    """The files :func:`screen_paths` screens, with the name each one's rows show: ``(path, name)``
    pairs, each root's files sorted (:func:`pbn_files`), named relative to the directory given
    (a file given directly: its name).

    Raises:
        FileNotFoundError: a path does not exist.
    """
    roots = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    return [(f, _relative(f, Path(r))) for r in roots for f in pbn_files(r)]


def screen_named_files(files: Sequence[tuple[Path, str]], *, solver: DoubleDummySolver,
                       facts: RevokeFacts = AFTER_PLAY, progress: Progress | None = None) -> ScreeningReport:
    """Screen the given ``(path, name)`` files (see :func:`screen_paths`, which finds them)."""
    return _screen_sources(files, solver, facts, progress)


def screen_named_texts(files: Sequence[tuple[bytes, str]], *, solver: DoubleDummySolver,
                       facts: RevokeFacts = AFTER_PLAY, progress: Progress | None = None) -> ScreeningReport:
    """Screen files given as ``(bytes, name)`` pairs: as :func:`screen_named_files` on files of
    these bytes (decoded as :func:`engine.records.pbn.decode` does)."""
    return _screen_sources(files, solver, facts, progress)


def _screen_sources(files: Sequence[tuple[Path | bytes, str]], solver: DoubleDummySolver, facts: RevokeFacts,
                    progress: Progress | None) -> ScreeningReport:
    tally = _Tally(solver, facts)
    if progress is not None:
        progress(0, len(files))
    for done, (source, name) in enumerate(files, start=1):
        try:  # PBN or LIN, by the content
            games = read_games(decode(source)) if isinstance(source, bytes) else load_games(source)
        except Exception as exc:  # an unreadable file must not stop the run either
            tally.file_failed(name, exc)
        else:
            for game in games:
                tally.game(name, game)
        if progress is not None:
            progress(done, len(files))
    return tally.report()


def _relative(file: Path, root: Path) -> str:
    return file.name if root.is_file() else file.relative_to(root).as_posix()


def _skip_reason(game: PbnGame) -> str | None:
    section = game.play_section
    if section is None:
        return SKIP_NO_PLAY
    if not any(card is not None for row in section.rows for card in row):
        return SKIP_NO_CARDS
    if section.rows[0][0] is None:  # column 0 is the opening leader
        return SKIP_LEAD_UNKNOWN
    return None


def _detach(error: BaseException, depth: int = 0) -> None:
    """Drop the tracebacks of a kept error, of the errors it was raised from and of those among
    its ``params``: a traceback holds the frames it passed through, and with them the whole
    parsed file being screened (a report is kept an hour; the file must not be)."""
    seen: set[int] = set()
    e: BaseException | None = error
    while e is not None and id(e) not in seen and depth < 10:
        seen.add(id(e))
        e.__traceback__ = None
        for value in getattr(e, "params", {}).values():
            if isinstance(value, BaseException):
                _detach(value, depth + 1)
        e = e.__cause__ or e.__context__


def _message(exc: BaseException) -> str:
    if isinstance(exc, AdvisorError):
        return str(exc)
    return f"unexpected error (please report): {type(exc).__name__}: {exc}"


def _flagged(file: str, game: PbnGame, exc: Exception) -> ScreeningRow:
    contract = declarer = None
    reason = _message(exc)
    keyed = exc if isinstance(exc, InvalidBoardError) and exc.key else None
    try:
        c = game.contract()
    except AdvisorError:
        pass
    else:
        contract, declarer = str(c), c.declarer.value
        leader = game.play_section.leader if game.play_section is not None else c.declarer.lho
        if leader != c.declarer.lho:  # the usual cause of "not in N's hand" at trick 1
            hint = (f" [the Play tag names {leader.value} as the opening leader, but declarer "
                    f"{c.declarer.value}'s left-hand opponent is {c.declarer.lho.value}: the Declarer or the "
                    "Play tag is wrong]")
            keyed = _keyed(reason + hint, exc, key="flag_leader_hint", leader=leader.value,
                           declarer=c.declarer.value, lho=c.declarer.lho.value)
            reason += hint
    return ScreeningRow(file, game.board, game.room, game.lineno, "flagged", contract=contract, declarer=declarer,
                        recorded_result=game.result_tricks(), marked_revokes=tuple(str(x) for x in game.revoke_marks()),
                        reason=reason, reason_error=keyed)


def _keyed(message: str, exc: Exception, *, key: str, **params: object) -> InvalidBoardError | None:
    """``message`` keyed (``error.<key>``) around ``exc``'s own keyed reason (param ``reason``);
    ``None`` when ``exc`` has no key (its text is then all there is)."""
    if not (isinstance(exc, InvalidBoardError) and exc.key):
        return None
    return InvalidBoardError(message, key=key, params={"reason": exc, **params})


def revoke_text(ruling: RevokeRuling) -> str:
    """One revoke and its ruling in a few characters: ``"T3 S D4 on H, 64A2 x1"``.

    Trick, offender (``(dummy)`` when the card came from dummy), card, what was broken (``on H``:
    the suit led; ``not penalty card SA``; ``against lead restriction``), then the law deciding
    the trick adjustment (64A1/64A2, a 64B exemption, or 62A/62C3/62D1 for a corrected revoke)
    and the tricks transferred to the non-offending side.
    """
    r, e, t = ruling.revoke, ruling.establishment, ruling.transfer
    law = e.correction.value if e.correction is not None and (t is None or not t.exemptions) else \
        (t.law if t is not None else e.law)
    who = f"{r.offender.value}{' (dummy)' if r.by_dummy else ''}"
    if r.kind is RevokeKind.FAILURE_TO_FOLLOW:
        what = f"on {r.suit.value if r.suit else '?'}"
    elif r.kind is RevokeKind.PENALTY_CARD:
        what = "not penalty card " + "/".join(str(c) for c in sorted(r.alternatives))
    else:
        what = "against lead restriction"
    return f"T{r.trick} {who} {r.card or '?'} {what}, {law} x{t.tricks if t is not None else 0}"


def _ruled(file: str, game: PbnGame, a: RevokeAdvice) -> ScreeningRow:
    b, c = a.board, a.board.contract
    return ScreeningRow(
        file, game.board, game.room, game.lineno, "ruled",
        revokes=tuple(revoke_text(x) for x in a.rulings), contract=str(c), declarer=c.declarer.value,
        table_tricks=a.table_tricks, after_adjustment=a.after_adjustment, suggested_tricks=a.suggested_tricks,
        suggested_result=a.suggested_result, suggested_law=a.suggested_law, score_ns_suggested=a.score_ns_suggested,
        law_64c_applies=a.law_64c.applies, claim_assumed=a.claim.assumed, recorded_result=b.recorded_result,
        marked_revokes=tuple(str(x) for x in b.marked_revokes),
    )


def _recording_error(file: str, game: PbnGame, revokes: Sequence[Revoke], reading: Reading) -> ScreeningRow:
    """A record whose failures to follow read more plausibly as a mistake in the record: flagged,
    not ruled; both readings kept (the revokes as found, the correction with its record)."""
    error = reading.errors[0]
    c = game.contract()
    corrected = None if error.kind is ErrorKind.TWO_IN_A_TRICK else " ".join(str(x) for x in error.play)
    keyed = finding_error(reading)
    reason = keyed.message
    return ScreeningRow(
        file, game.board, game.room, game.lineno, "flagged",
        revokes=tuple(f"T{r.trick} {r.offender.value} {r.card} on {r.suit.value if r.suit else '?'}" for r in revokes),
        contract=str(c), declarer=c.declarer.value, recorded_result=game.result_tricks(),
        marked_revokes=tuple(str(x) for x in game.revoke_marks()),
        reason=reason, finding=Finding.RECORDING_ERROR.value,
        recording_error=reason.removeprefix(f"{Finding.RECORDING_ERROR.value}: "),
        corrected_play=corrected, reason_error=keyed,
    )


ResultCheck = Literal["adjusted", "table", "either", "neither"]
"""What a recorded result supports (see :attr:`ScreeningRow.result_check`)."""


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
