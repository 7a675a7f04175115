"""Who may do what in the case file (issue 14): the roles, the token holders (:class:`User`) and
the actor a history entry names (:class:`Actor`; :data:`OPEN_MODE` when the service runs without
tokens). The tokens themselves are kept and checked by ``app.service.auth``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum


class Role(StrEnum):
    """Who may do what (issue 14): a director creates cases and records decisions, an appeals
    committee adds reviews, a viewer reads."""

    DIRECTOR = "director"
    COMMITTEE = "committee"
    VIEWER = "viewer"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who made a change: the holder of the token that authorised it.

    Attributes:
        name: the token holder's name; ``"open mode"`` when the service runs without tokens.
        role: the holder's role; ``None`` in open mode.
    """

    name: str
    role: Role | None


OPEN_MODE = Actor("open mode (no tokens configured)", None)
"""The actor of a change made while the service runs open (on 127.0.0.1 without tokens)."""


@dataclass(frozen=True, slots=True)
class User:
    """A token holder.

    Attributes:
        name: as history entries name him, e.g. ``"Jan Kowalski"`` (1-120 characters, unique).
        role: what he may do.
        key: the public part of his token (finds the stored hash; not a secret).
        active: ``False`` once the token is revoked.
        created: when the token was made (UTC).
    """

    name: str
    role: Role
    key: str
    active: bool
    created: dt.datetime

