"""The engine's exception tree (docs/style.md section 5.3).

Every error a caller can cause is an :class:`InvalidBoardError` (a ``ValueError``) that
names the input field (``path``) and, where one applies, the law. The HTTP layer maps
the tree to status codes in one place (``app/service/errors.py``).
"""

from __future__ import annotations

from collections.abc import Mapping


class AdvisorError(Exception):
    """Base of every error the engine raises on purpose."""


class InvalidBoardError(AdvisorError, ValueError):
    """Bad bridge facts: the board or the play record cannot be ruled on.

    Attributes:
        message: the English text (what the API says when no other language is asked for).
        path: where in the input the problem is, e.g. ``"play/17"`` (the 18th card in play
            order, 0-based) or ``"deal"``; ``""`` when it concerns the whole input.
        law: the law that makes the input impossible or irregular, e.g. ``"13A"``, or ``None``.
        key: the message's name in the language catalogues (``app/i18n/<lang>/errors.json``,
            key ``error.<key>``), so that it can be said in another language; ``""``: English only.
        params: the values the message's template fills in (numbers, seats, cards as text).
    """

    def __init__(self, message: str, *, path: str = "", law: str | None = None, key: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.law = law
        self.key = key
        self.params: Mapping[str, object] = dict(params or {})


class PbnError(InvalidBoardError):
    """A PBN text that cannot be read. ``lineno`` is 1-based within the text, or ``None``."""

    def __init__(self, message: str, *, lineno: int | None = None, path: str = "pbn", key: str = "",
                 params: Mapping[str, object] | None = None) -> None:
        where = f" (line {lineno})" if lineno else ""
        super().__init__(message + where, path=path, key=key, params=params)
        self.lineno = lineno


class IllegalPlayError(InvalidBoardError):
    """A play record that cannot have happened: a card not held, played twice, too many cards."""


class RulingNotApplicableError(AdvisorError):
    """The ruling asked for does not apply to this board (e.g. no revoke in the record)."""


class SolverError(AdvisorError, RuntimeError):
    """The double-dummy solver failed on an input the engine had validated. Carries DDS's text."""


class SolverBusyError(SolverError):
    """The solver queue is full or the request timed out; the caller may retry later."""


class SolverUnavailableError(SolverBusyError):
    """A solver worker died or overran its time on this request; it was replaced. Retry."""


class WorkCancelledError(SolverBusyError):
    """The work stopped before it was done: its client went away, it was cancelled (a screening
    job), or the service is shutting down. The message says which; a caller still there may
    retry later (HTTP 503 with ``Retry-After``)."""


class ResultsFileError(InvalidBoardError):
    """A session's results file (PBN, USEBIO, Bridgemate ``.bws``, NZ Scorer XML, DealMaster
    ``.dlm``) that cannot be read: not one of them, damaged, unsafe XML, a bad checksum. Path
    ``"file"``; the message says why in a director's words and never repeats the file's bytes."""

    def __init__(self, message: str, *, key: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(message, path="file", key=key, params=params)


class StoreBusyError(AdvisorError):
    """The store of events and cases could not take the write now (SQLite: another writer held
    the lock for longer than the busy timeout); nothing was written. The caller may retry in a
    few seconds (HTTP 503 with ``Retry-After``)."""


class StoreCannotWriteError(AdvisorError):
    """The store of events and cases could not write at all: its disk is full, or its file may
    not grow (SQLite "database or disk is full" or "disk I/O error", PostgreSQL SQLSTATE 53100
    "could not extend file" / "No space left on device"); nothing of the change was written. Not a
    retry in a few seconds: whoever runs the service must free space (HTTP 503)."""


QUOTED_CHARS = 80
"""The most characters of the input an error message quotes (a line, a tag's value, a deal...)."""


def clip(text: str, limit: int = QUOTED_CHARS) -> str:
    """``text`` as an error message may quote it: whole when it has at most ``limit`` characters,
    else its first ``limit`` and ``…`` (a 5 MiB line of a file never comes back whole)."""
    return text if len(text) <= limit else text[:limit] + "…"
