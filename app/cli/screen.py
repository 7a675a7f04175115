"""``advisor screen PATH``: every game of a PBN or LIN file, or of a directory of them, screened for
revokes; the report as a table (:func:`render_screening`), JSON (the API's shape) or CSV
(:func:`write_csv`).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO

from app.cli.common import _opt, _t, _table
from engine.screening.report import ROW_FIELDS, ScreeningReport


def render_screening(report: ScreeningReport) -> str:
    """The screening as text: the ruled rows, the flagged rows with their reasons, then the counts.

    Tricks are the declarer's side's (0..13); ``NS`` is the suggested result's Law 77 score,
    North-South's view; ``Result`` is the record's own tag; ``^R`` lists the cards the record marks.
    """
    out: list[str] = []
    ruled, flagged, n = report.ruled_rows, report.flagged_rows, report.counts
    if ruled:
        out.append(_t("screen_ruled", n=len(ruled)))
        out += _table(
            ["file", "board", "room", "line", "contract", "revokes", "table", "adj", "enter", "NS", "law",
             "64C", "claim DD", "Result", "check", "^R"],
            [[r.file, _opt(r.board), _opt(r.room), _opt(r.line), f"{r.contract} {r.declarer}", " | ".join(r.revokes),
              _opt(r.table_tricks), _opt(r.after_adjustment), _opt(r.suggested_result),
              f"{r.score_ns_suggested:+d}" if r.score_ns_suggested is not None else "-", _opt(r.suggested_law),
              _opt(r.law_64c_applies), _opt(r.claim_assumed), _opt(r.recorded_result), _opt(r.result_check),
              " ".join(r.marked_revokes) or "-"] for r in ruled])
        for r in ruled:
            if r.recording_error:
                out.append(_t("screen_other_reading", file=r.file, board=r.board, room=r.room or "?",
                              reading=r.recording_error))
        out.append("")
    if flagged:
        out.append(_t("screen_flagged", n=len(flagged)))
        for r in flagged:
            where = _t("screen_where", board=r.board, room=r.room or "?") if r.board is not None else \
                _t("screen_whole_file")
            out.append(_t("screen_flagged_row", file=r.file, where=where, line=_opt(r.line), reason=r.reason))
        out.append("")
    skipped = ", ".join(f"{reason} {k}" for reason, k in n.skipped)
    out.append(_t("screen_files_unreadable", n=n.files, unreadable=n.unreadable_files) if n.unreadable_files else
               _t("screen_files", n=n.files))
    out.append(_t("screen_games", n=n.games))
    out.append(_t("screen_skipped_why", n=n.skipped_total, why=skipped) if skipped else
               _t("screen_skipped", n=n.skipped_total))
    out.append(_t("screen_with_play", n=n.with_play, clean=n.clean, ruled=n.ruled, flagged=n.flagged))
    if n.recording_errors:
        out.append(_t("screen_recording_errors", n=n.recording_errors))
    checks = Counter(r.result_check for r in ruled if r.result_check)
    if checks:
        out.append(_t("screen_result_checks", adjusted=checks["adjusted"], table=checks["table"],
                      either=checks["either"], neither=checks["neither"]))
    return "\n".join(out)


def _csv_value(value: object) -> object:
    if isinstance(value, tuple):
        return "; ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else value


def write_csv(report: ScreeningReport, out: IO[str]) -> None:
    """The ruled and flagged rows as CSV, one column per :class:`~engine.screening.report.ScreeningRow`
    field, a header first; lists joined with ``"; "``, booleans ``true``/``false``, ``None`` empty."""
    names = list(ROW_FIELDS)
    w = csv.writer(out)
    w.writerow(names)
    for row in report.rows:
        w.writerow([_csv_value(getattr(row, name)) for name in names])


def _progress_bar() -> tuple[Callable[[int, int], None], Callable[[], None]]:
    from tqdm import tqdm

    bar = tqdm(file=sys.stderr, unit="file", desc="screening", dynamic_ncols=True)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    return update, bar.close


def _screen(args: argparse.Namespace) -> int:
    if not Path(args.path).exists():
        print(_t("no_such_path", path=args.path), file=sys.stderr)
        return 2

    progress, close = (None, None) if args.no_progress or not sys.stderr.isatty() else _progress_bar()
    try:
        if args.scheduler:
            from app.service.cluster import ClusterUnavailableError, screen_on_cluster

            try:
                report = screen_on_cluster(args.path, args.scheduler, progress=progress)
            except ClusterUnavailableError as exc:
                print(f"advisor: {exc}", file=sys.stderr)
                return 2
        else:  # --workers 1 (or a single file): in this process, no pool
            from engine.screening.pool import screen_paths_parallel

            report = screen_paths_parallel(args.path, workers=args.workers, progress=progress)
    finally:
        if close is not None:
            close()
    to_stdout = args.json == "-"
    print(render_screening(report), file=sys.stderr if to_stdout else sys.stdout)
    try:
        if args.json:
            from app.api.schemas.screening import ScreeningResponse

            doc = ScreeningResponse.from_report(report).model_dump(mode="json")
            if to_stdout:
                json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
                sys.stdout.write("\n")
            else:
                with open(args.json, "w", encoding="utf-8") as f:
                    json.dump(doc, f, indent=2, ensure_ascii=False)
                    f.write("\n")
        if args.csv:
            with open(args.csv, "w", encoding="utf-8", newline="") as f:
                write_csv(report, f)
    except OSError as exc:
        print(_t("cannot_write", reason=exc), file=sys.stderr)
        return 2
    return 0
