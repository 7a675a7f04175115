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
from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.dd.protocol import DoubleDummySolver
from engine.dd.work import current
from engine.errors import WorkCancelledError
from engine.laws.facts import RevokeFacts
from engine.laws.revoke import detect_revokes
from engine.records.boards import board_from_game
from engine.records.files import RECORD_SUFFIXES, claim_tricks, load_games, read_games
from engine.records.pbn_game import PbnGame
from engine.records.pbn_text import decode
from engine.rulings.revoke import advise_revoke
from engine.screening.recording import Finding, read_record
from engine.screening.report import (
    SKIP_LEAD_UNKNOWN,
    SKIP_NO_CARDS,
    SKIP_NO_PLAY,
    ScreeningCounts,
    ScreeningReport,
    ScreeningRow,
)
from engine.screening.result_check import check_recorded_result
from engine.screening.rows import _flagged, _keyed, _message, _recording_error, _ruled

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)``, counted in files (:func:`screen_paths`) or in
games (:func:`screen_games`)."""


AFTER_PLAY = RevokeFacts()
"""The default facts: noticed after play, no claim figure, no penalty card or lead restriction."""


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
    these bytes (decoded as :func:`engine.records.pbn_text.decode` does)."""
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
