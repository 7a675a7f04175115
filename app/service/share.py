"""A fair share per holder of the requests that ask the solver (issue 35: a viewer's flood of revoke
rulings must not get a director's refused).

Who a holder is (:func:`holder_key`): a token holder by name; in laptop mode (no token: the
:data:`engine.casefile.users.OPEN_MODE` actor) the client's address. A route whose rule says it
asks the solver (:attr:`app.service.access.Rule.solver`: the rulings, screenings, re-runs, the
page's upload) takes one of its holder's places when :func:`app.service.access.door` lets it through,
and gives it back when its answer has been sent (:class:`ShareMiddleware`). A holder has at most
``per_holder`` such requests in the service at once (``ADVISOR_RULINGS_PER_HOLDER``, default
:data:`RULINGS_PER_HOLDER`); one more is refused at once with :class:`ShareExceededError` (HTTP 429
with ``Retry-After``), before it takes a thread or a place in the solver's queue, so that the
others' rulings still find both.

The places bound what a holder can take of the two limits that refused before: the threads that
run the routes (anyio's 40) and the solver pool's interactive queue (``max_waiting``, 32, a 503
beyond): one holder can no longer fill either by itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from engine.casefile.users import OPEN_MODE, Actor
from engine.errors import AdvisorError

RULINGS_PER_HOLDER = 8
"""The default of ``ADVISOR_RULINGS_PER_HOLDER``: a holder's requests to the solver at once."""
RELEASE = "advisor_share_release"
"""The key, in the request's state, of the callable that gives its place back."""


class ShareExceededError(AdvisorError):
    """A holder sent one request to the solver more than its share (HTTP 429 with ``Retry-After``).

    Attributes:
        limit: the requests a holder may have in the service at once.
    """

    def __init__(self, limit: int) -> None:
        super().__init__(f"you already have {limit} rulings being worked out (at most {limit} at once each): "
                         "wait for an answer before asking for more")
        self.limit = limit


def holder_key(actor: Actor | None, client: str | None) -> str:
    """Whose share a request counts against: ``"token:<name>"`` for a token holder, else (laptop
    mode, or nobody) ``"address:<client address>"``."""
    if actor is not None and actor is not OPEN_MODE:
        return f"token:{actor.name}"
    return f"address:{client or '?'}"


class HolderShare:
    """The places of each holder (thread-safe).

    Args:
        per_holder: requests a holder may have at once (at least 1).
    """

    def __init__(self, per_holder: int = RULINGS_PER_HOLDER) -> None:
        self.per_holder = max(1, per_holder)
        self._lock = threading.Lock()
        self._taken: dict[str, int] = {}
        self.refused = 0
        """Requests refused since start for want of a place."""

    def take(self, holder: str) -> Callable[[], None]:
        """Take one of ``holder``'s places; the callable that gives it back (once, however often called).

        Raises:
            ShareExceededError: ``holder`` already has ``per_holder`` places.
        """
        with self._lock:
            n = self._taken.get(holder, 0)
            if n >= self.per_holder:
                self.refused += 1
                raise ShareExceededError(self.per_holder)
            self._taken[holder] = n + 1
        given = threading.Event()

        def give_back() -> None:
            with self._lock:
                if given.is_set():
                    return
                given.set()
                left = self._taken.get(holder, 1) - 1
                if left > 0:
                    self._taken[holder] = left
                else:
                    self._taken.pop(holder, None)

        return give_back

    def stats(self) -> dict[str, int]:
        """``{"per_holder", "holders", "taken", "refused"}`` for ``/healthz``: holders with a request
        in the service now, places taken, requests refused since start."""
        with self._lock:
            return {"per_holder": self.per_holder, "holders": len(self._taken), "taken": sum(self._taken.values()),
                    "refused": self.refused}


class ShareMiddleware:
    """Gives a request's place back once its answer has been sent (or it failed): the ASGI app to
    wrap is ``app``. Installed by :func:`app.main.create_app` inside every middleware that answers
    by itself, so that the place is taken (by the door) and given back around the route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the request, then call the release the door left in its state, if any."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            release = scope.get("state", {}).get(RELEASE)
            if release is not None:
                release()


__all__ = ["RELEASE", "RULINGS_PER_HOLDER", "HolderShare", "ShareExceededError", "ShareMiddleware", "holder_key"]
