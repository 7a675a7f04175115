"""Who may do what: bearer tokens with roles (director, committee, viewer), hashed with argon2.

A token is made by ``advisor users add NAME --role ROLE`` (:func:`add_user`), printed once and
never stored: the database keeps its public key and its argon2id hash (argon2-cffi). It is sent
as ``Authorization: Bearer <token>`` (the page keeps it in an HttpOnly, SameSite=Strict cookie
after the director signs in).

Laptop mode: while no token was ever made on the database and the service was not told to
require them (``ADVISOR_REQUIRE_TOKENS``, which ``advisor serve --host`` sets for any address but
loopback), a request from this machine (127.0.0.1, ::1) runs open, as the service always did.
Once a token was made, revoking every token does not reopen it. Anything else needs a valid
token: 401 without one, 403 when the holder's role does not allow the action. Which route needs
which role is :mod:`app.service.access` (one policy, checked in one place for every route).
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import secrets
import threading
import time
from collections.abc import Callable, Collection

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Request

from app.storage.cases import SqlUserRepository
from engine.casefile.users import OPEN_MODE, Actor, Role, User
from engine.errors import AdvisorError

READ = frozenset(Role)
"""Every role may read."""
DIRECTOR = frozenset({Role.DIRECTOR})
"""Create cases, record decisions, re-run, import; create events and upload hand records."""
COMMITTEE = frozenset({Role.COMMITTEE})
"""Add reviews."""

COOKIE = "advisor_token"
"""The page's cookie that holds the signed-in token."""
TOKEN_PREFIX = "adv"
CACHE_SECONDS = 30.0
"""How long a checked token is trusted without hashing it again (a revoked token stops working
within this time)."""
FAILED_SECONDS = 30.0
"""How long a token that failed its check is remembered: the same wrong token again is refused
without hashing it (nor reading the store) for this time."""
FAILURES_PER_KEY = 5
"""Checks of one public key that may fail within :data:`FAILURE_WINDOW_SECONDS`; beyond them a
token with that key is refused without hashing it until the window has passed."""
FAILURE_WINDOW_SECONDS = 60.0
"""The window of :data:`FAILURES_PER_KEY`, in seconds."""
_REMEMBERED = 1000
"""At most this many checked and failed tokens are remembered (the oldest go first)."""

_hasher = PasswordHasher()  # argon2id, the library's defaults (RFC 9106 low-memory profile)


class AuthError(AdvisorError):
    """A request without the right to do what it asks: ``status`` 401 (no valid token) or 403
    (a valid token whose role does not allow it)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def make_token() -> tuple[str, str]:
    """A new token and its public key: ``("adv_<key>_<secret>", key)``, key 12 hex digits,
    secret 256 random bits (URL-safe base64)."""
    key = secrets.token_hex(6)
    return f"{TOKEN_PREFIX}_{key}_{secrets.token_urlsafe(32)}", key


def add_user(users: SqlUserRepository, name: str, role: Role) -> tuple[User, str]:
    """Make a token for ``name`` with ``role`` and store its hash; the user and the token (shown
    once: it cannot be recovered).

    Raises:
        ValueError: an empty or over-long name; app.storage.cases.DuplicateUserError: the name is taken.
    """
    name = name.strip()
    if not 1 <= len(name) <= 120:
        raise ValueError("a user's name has 1 to 120 characters")
    token, key = make_token()
    return users.add(name, role, key, _hasher.hash(token)), token


def _key(token: str) -> str | None:
    parts = token.split("_", 2)  # the secret may itself hold "_"
    return parts[1] if len(parts) == 3 and parts[0] == TOKEN_PREFIX and len(parts[1]) == 12 else None


def is_local(host: str | None) -> bool:
    """Whether a client address is this machine (loopback: 127.0.0.0/8, ::1). Anything that is not
    an IP address (Starlette's in-process test client reports ``"testclient"``) is not local."""
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def tokens_required_by_setting() -> bool:
    """``ADVISOR_REQUIRE_TOKENS`` set to 1/true/yes: never run open."""
    return os.environ.get("ADVISOR_REQUIRE_TOKENS", "").strip().lower() in ("1", "true", "yes")


class Access:
    """The service's access policy over its users store (one per app, thread-safe).

    ``require_tokens``: never run open (default: :func:`tokens_required_by_setting`).
    """

    def __init__(self, users: SqlUserRepository, require_tokens: bool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.users = users
        self.require_tokens = tokens_required_by_setting() if require_tokens is None else require_tokens
        self._clock = clock
        self._checked: dict[str, tuple[User, float]] = {}
        self._failed: dict[str, float] = {}  # a wrong token's digest -> until when it is refused unhashed
        self._failures: dict[str, list[float]] = {}  # a known key -> when its checks failed (within the window)
        self._key_locks: dict[str, threading.Lock] = {}  # a known key -> its hashes one at a time
        self._lock = threading.Lock()
        self._had_tokens = False  # once True, forever (a user row is never deleted)

    def is_open(self, client_host: str | None) -> bool:
        """Laptop mode for this client: tokens not required, none ever made on this database
        (revoked ones count: revoking the last token does not reopen the service), the client
        on this machine (:func:`is_local`)."""
        if self.require_tokens or not is_local(client_host):
            return False
        if not self._had_tokens:
            self._had_tokens = self.users.any_ever()
        return not self._had_tokens

    def holder(self, token: str) -> User | None:
        """The active holder of ``token``, or ``None`` (unknown, revoked or mistyped).

        A right token is hashed (argon2, ~64 MiB and a tenth of a second) once per
        :data:`CACHE_SECONDS`; a wrong one on a known key once per :data:`FAILED_SECONDS`. One
        key's tokens are hashed one at a time (a check that waited finds the one before it
        remembered), and after :data:`FAILURES_PER_KEY` failed checks of a key within
        :data:`FAILURE_WINDOW_SECONDS` no token of that key is hashed until the window has
        passed (a right one not checked recently is refused meanwhile too)."""
        digest = hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()
        now = self._clock()
        known, found = self._remembered(digest, now)
        if known:
            return found
        key = _key(token)
        stored = self.users.find(key) if key is not None else None
        if stored is None or key is None:
            return None
        user, token_hash = stored
        with self._key_lock(key):  # one hash at a time per key: 40 wrong tokens at once cost 5 hashes, not 40
            known, found = self._remembered(digest, now)
            if known:
                return found
            with self._lock:
                failures = [t for t in self._failures.get(key, ()) if t > now - FAILURE_WINDOW_SECONDS]
                self._failures[key] = failures
            if len(failures) >= FAILURES_PER_KEY:
                return None
            try:
                _hasher.verify(token_hash, token)
            except (VerificationError, InvalidHashError):
                with self._lock:
                    self._failures[key].append(now)
                    _bounded(self._failed, now)[digest] = now + FAILED_SECONDS
                return None
            with self._lock:
                if len(self._checked) > _REMEMBERED:
                    self._checked.clear()
                self._checked[digest] = (user, now + CACHE_SECONDS)
        return user

    def _remembered(self, digest: str, now: float) -> tuple[bool, User | None]:
        """``(True, holder)`` for a token checked right within :data:`CACHE_SECONDS`, ``(True,
        None)`` for one that failed within :data:`FAILED_SECONDS`, else ``(False, None)``."""
        with self._lock:
            hit = self._checked.get(digest)
            if hit is not None and hit[1] > now:
                return True, hit[0]
            return self._failed.get(digest, 0.0) > now, None

    def _key_lock(self, key: str) -> threading.Lock:
        """The lock that makes one key's checks hash one at a time (one per known key)."""
        with self._lock:
            return self._key_locks.setdefault(key, threading.Lock())

    def identify(self, token: str | None, client_host: str | None) -> Actor | None:
        """The token's holder, :data:`engine.casefile.users.OPEN_MODE` (laptop mode, no token), or ``None``
        (nobody: no token outside laptop mode).

        Raises:
            AuthError: 401 for a token that is not valid (unknown, revoked or mistyped).
        """
        if token:
            user = self.holder(token)
            if user is None:
                raise AuthError(401, "the token is not valid (mistyped or revoked): ask the chief director for one")
            return Actor(user.name, user.role)
        return OPEN_MODE if self.is_open(client_host) else None


def unsigned(doing: str) -> AuthError:
    """The 401 for a request without a token, outside laptop mode, that asks to do ``doing``."""
    return AuthError(401, f"to {doing} sign in: send 'Authorization: Bearer <token>' (a token is made with "
                          "'advisor users add NAME --role ROLE')")


def forbidden(actor: Actor, allowed: Collection[Role], doing: str) -> AuthError:
    """The 403 for ``actor`` (a token holder) whose role is not in ``allowed`` to do ``doing``."""
    need = " or ".join(sorted(r.value for r in allowed))
    role = actor.role.value if actor.role is not None else "nobody"
    return AuthError(403, f"{actor.name} is a {role}: to {doing} needs the role {need}")


def _bounded(remembered: dict[str, float], now: float) -> dict[str, float]:
    """``remembered`` (digest -> until when) with its expired entries dropped once it holds more
    than :data:`_REMEMBERED`, and the oldest too when that is not enough."""
    if len(remembered) > _REMEMBERED:
        for digest in [d for d, until in remembered.items() if until <= now]:
            del remembered[digest]
        while len(remembered) > _REMEMBERED:
            del remembered[next(iter(remembered))]
    return remembered


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or ``None``."""
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None
