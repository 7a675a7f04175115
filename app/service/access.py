"""One door for every request: who may use which route, page and API alike, checked in one place.

:data:`POLICY` gives, for every route of the app (method and path template as FastAPI matched
it), the roles that may use it (docs/api.md "Who may do what"):

- :data:`OPEN`: anyone, without a token: ``/healthz``, signing in and out, the page's icon, the
  API docs and ``/openapi.json`` (the static files under ``/static`` are a mount, open too);
- :data:`app.service.auth.READ`: any token holder (viewer, director, committee): reading events, hand
  records, cases and screenings, and asking for rulings and scores (``POST /v1/rulings/*``,
  ``/v1/scores/*``, ``/v1/screenings``, the page's ``POST /ruling`` and ``/incorrect-cards``);
- :data:`app.service.auth.DIRECTOR`: writing: events and hand records (the page's ``POST /upload``
  makes an event), cases, decisions, re-runs, imports;
- :data:`app.service.auth.COMMITTEE`: the appeals committee's reviews;
- cancelling a job (a screening, a big upload's screening, a claim): a director, or whoever
  started the job (``owner``).

A route that asks the solver (``solver=True``: the rulings, screenings, new cases and re-runs, the
page's upload) also takes one of its holder's places (:mod:`app.service.share`): beyond its share a
holder's request is refused 429 by the door, before it takes a thread.

:func:`door` is an app-wide FastAPI dependency (declared once, in :func:`app.main.create_app`):
it looks the matched route up in the table, refuses what the table does not allow (a route not
in the table is refused: deny by default) and leaves the :class:`engine.casefile.users.Actor` in
``request.state.actor`` for the handler. Handlers never check roles themselves. Laptop mode
(:meth:`app.service.auth.Access.is_open`) lets everything through for this machine.

The API (``/v1/...``) answers 401 (``WWW-Authenticate: Bearer``) or 403 in the project's JSON
shape (:mod:`app.service.errors`); a page route raises :class:`PageRefused`, which the page renders as
the sign-in form (401, with the way back) or the reason (403), in the page's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

import anyio
from fastapi import Depends, FastAPI, Request
from fastapi.routing import iter_route_contexts
from starlette.routing import BaseRoute, Mount

from app.service.auth import COMMITTEE, COOKIE, DIRECTOR, READ, Access, AuthError, bearer, forbidden, unsigned
from app.service.share import RELEASE, HolderShare, ShareExceededError, holder_key
from engine.casefile.events import NotStoredError
from engine.casefile.users import OPEN_MODE, Actor, Role

OPEN: frozenset[Role] = frozenset()
"""No token needed."""


@dataclass(frozen=True, slots=True)
class Rule:
    """Who may use a route.

    Attributes:
        allowed: the roles that may (:data:`OPEN`: anyone, without a token).
        doing: what the route does, in the refusal: English words for the API ("record a
            decision"), a page catalogue key for the page (``"doing_decide"``, app/i18n).
        owner: whoever started the job named by the path's ``job_id`` may too.
        solver: the route asks the solver: it counts against its holder's share of such requests
            (:class:`app.service.share.HolderShare`).
    """

    allowed: frozenset[Role]
    doing: str
    owner: bool = False
    solver: bool = False


POLICY: dict[tuple[str, str], Rule] = {
    # open: liveness, the API's documentation, signing in and out, the page's icon
    ("GET", "/healthz"): Rule(OPEN, "check the service"),
    ("GET", "/openapi.json"): Rule(OPEN, "read the API's description"),
    ("GET", "/docs"): Rule(OPEN, "read the API's documentation"),
    ("GET", "/redoc"): Rule(OPEN, "read the API's documentation"),
    ("GET", "/favicon.ico"): Rule(OPEN, "doing_read"),
    ("GET", "/signin"): Rule(OPEN, "doing_read"),
    ("POST", "/signin"): Rule(OPEN, "doing_read"),
    ("POST", "/signout"): Rule(OPEN, "doing_read"),
    # the API: rulings and scores (asking is reading)
    ("POST", "/v1/rulings/revoke"): Rule(READ, "ask for a ruling", solver=True),
    ("POST", "/v1/rulings/incorrect-cards"): Rule(READ, "ask for a ruling", solver=True),
    ("POST", "/v1/rulings/claim"): Rule(READ, "ask for a ruling", solver=True),
    ("POST", "/v1/rulings/alternatives"): Rule(READ, "ask for a ruling", solver=True),
    ("GET", "/v1/rulings/claim/jobs/{job_id}"): Rule(READ, "ask for a ruling"),
    ("DELETE", "/v1/rulings/claim/jobs/{job_id}"): Rule(DIRECTOR, "cancel another's claim ruling", owner=True),
    ("POST", "/v1/scores/weighted"): Rule(READ, "compute scores"),
    ("POST", "/v1/scores/artificial"): Rule(READ, "compute scores"),
    ("POST", "/v1/scores/matchpoints"): Rule(READ, "compute scores"),
    ("POST", "/v1/scores/imps"): Rule(READ, "compute scores"),
    # a screening of a file stores nothing: asking, as a ruling is
    ("POST", "/v1/screenings"): Rule(READ, "ask for a ruling", solver=True),
    ("GET", "/v1/screenings/jobs/{job_id}"): Rule(READ, "read a screening"),
    ("DELETE", "/v1/screenings/jobs/{job_id}"): Rule(DIRECTOR, "cancel another's screening", owner=True),
    # events and hand records
    ("POST", "/v1/events"): Rule(DIRECTOR, "create events and upload hand records"),
    ("GET", "/v1/events/{event_id}"): Rule(READ, "read events"),
    ("POST", "/v1/events/{event_id}/hand-records"): Rule(DIRECTOR, "create events and upload hand records"),
    ("GET", "/v1/events/{event_id}/boards"): Rule(READ, "read events"),
    ("GET", "/v1/events/{event_id}/boards/{board}"): Rule(READ, "read events"),
    ("POST", "/v1/events/{event_id}/results"): Rule(DIRECTOR, "create events and upload hand records"),
    ("GET", "/v1/events/{event_id}/boards/{board}/traveller"): Rule(READ, "read events"),
    ("POST", "/v1/events/{event_id}/problems/{problem_id}/correction"): Rule(DIRECTOR, "correct a traveller line"),
    # the case file
    ("POST", "/v1/cases"): Rule(DIRECTOR, "create a case", solver=True),
    ("GET", "/v1/cases"): Rule(READ, "read cases"),
    ("GET", "/v1/cases/{case_id}"): Rule(READ, "read cases"),
    ("POST", "/v1/cases/{case_id}/decision"): Rule(DIRECTOR, "record a decision"),
    ("POST", "/v1/cases/{case_id}/reviews"): Rule(COMMITTEE, "add a review"),
    ("GET", "/v1/cases/{case_id}/history"): Rule(READ, "read cases"),
    ("POST", "/v1/cases/{case_id}/amend"): Rule(DIRECTOR, "amend a case"),
    ("POST", "/v1/cases/{case_id}/withdraw"): Rule(DIRECTOR, "withdraw a case"),
    ("GET", "/v1/events/{event_id}/settings"): Rule(READ, "read events"),
    ("POST", "/v1/events/{event_id}/settings"): Rule(DIRECTOR, "set an event's settings"),
    ("GET", "/v1/events/{event_id}/field"): Rule(READ, "read events"),
    ("POST", "/v1/events/{event_id}/field"): Rule(DIRECTOR, "set an event's settings"),
    ("POST", "/v1/cases/{case_id}/rerun"): Rule(DIRECTOR, "re-run a case", solver=True),
    ("GET", "/v1/events/{event_id}/rulings.csv"): Rule(READ, "read cases"),
    ("GET", "/v1/events/{event_id}/adjusted.csv"): Rule(READ, "read cases"),
    ("GET", "/v1/events/{event_id}/adjusted.xml"): Rule(READ, "read cases"),
    ("GET", "/v1/events/{event_id}/adjusted.pbn"): Rule(READ, "read cases"),
    ("GET", "/v1/events/{event_id}/cases.json"): Rule(READ, "read cases"),
    ("POST", "/v1/cases/import"): Rule(DIRECTOR, "import cases"),
    # the page: the events and their hand records, rulings
    ("GET", "/"): Rule(READ, "doing_events"),
    ("POST", "/upload"): Rule(DIRECTOR, "doing_upload", solver=True),
    ("GET", "/events/{event_id}"): Rule(READ, "doing_events"),
    ("GET", "/events/{event_id}/boards/{board}/play"): Rule(READ, "doing_events"),
    ("GET", "/events/{event_id}/boards/{board}/traveller"): Rule(READ, "doing_events"),
    ("GET", "/events/{event_id}/boards/{board}/cards"): Rule(READ, "doing_events"),
    ("POST", "/events/{event_id}/problems/{problem_id}/correction"): Rule(DIRECTOR, "doing_correct_line"),
    ("POST", "/ruling"): Rule(READ, "doing_rule", solver=True),
    ("POST", "/incorrect-cards"): Rule(READ, "doing_rule", solver=True),
    ("GET", "/claim"): Rule(READ, "doing_rule"),
    ("POST", "/claim"): Rule(READ, "doing_rule", solver=True),
    ("GET", "/claim/jobs/{job_id}"): Rule(READ, "doing_rule"),
    ("GET", "/claim/jobs/{job_id}/progress"): Rule(READ, "doing_rule"),
    ("GET", "/alternatives"): Rule(READ, "doing_rule"),
    ("POST", "/alternatives"): Rule(READ, "doing_rule", solver=True),
    # the page: screenings of uploaded files
    ("GET", "/screenings/{job_id}"): Rule(READ, "doing_events"),
    ("GET", "/screenings/{job_id}/progress"): Rule(READ, "doing_events"),
    ("POST", "/screenings/{job_id}/cancel"): Rule(DIRECTOR, "doing_cancel", owner=True),
    # the page: the case file
    ("POST", "/cases"): Rule(DIRECTOR, "doing_create", solver=True),
    ("GET", "/events/{event_id}/cases"): Rule(READ, "doing_read"),
    ("GET", "/events/{event_id}/rulings.csv"): Rule(READ, "doing_read"),
    ("GET", "/events/{event_id}/cases.json"): Rule(READ, "doing_read"),
    ("GET", "/events/{event_id}/adjusted.csv"): Rule(READ, "doing_read"),
    ("GET", "/events/{event_id}/adjusted.xml"): Rule(READ, "doing_read"),
    ("GET", "/events/{event_id}/adjusted.pbn"): Rule(READ, "doing_read"),
    ("GET", "/cases/{case_id}"): Rule(READ, "doing_read"),
    ("POST", "/cases/{case_id}/decision"): Rule(DIRECTOR, "doing_decide"),
    ("POST", "/cases/{case_id}/reviews"): Rule(COMMITTEE, "doing_review"),
    ("POST", "/cases/{case_id}/rerun"): Rule(DIRECTOR, "doing_rerun", solver=True),
    ("POST", "/cases/{case_id}/amend"): Rule(DIRECTOR, "doing_amend"),
    ("POST", "/cases/{case_id}/withdraw"): Rule(DIRECTOR, "doing_withdraw"),
    ("POST", "/events/{event_id}/settings"): Rule(DIRECTOR, "doing_settings"),
    ("GET", "/cases"): Rule(DIRECTOR | COMMITTEE, "doing_all_cases"),
}
"""Every route's rule, by (method, path template). A route missing here is refused (403)."""

OPEN_MOUNTS = frozenset({"/static"})
"""Mounted apps (no route of their own, so no dependency runs): the page's static files only."""


def is_api(path: str) -> bool:
    """Whether a path is the JSON API's (``/v1/...``): refusals in JSON, the token in
    ``Authorization: Bearer``; else the page's (HTML refusals, the token in the cookie)."""
    return path == "/v1" or path.startswith("/v1/")


class PageRefused(AuthError):
    """A page request the policy refuses: ``status`` 401 (nobody signed in, or a token no longer
    valid) or 403 (the holder's role does not allow it), ``message`` in English (the log).

    Attributes:
        rule: the route's rule (its ``doing`` is the page catalogue key), ``None``: no rule.
        actor: the signed-in holder (a 403), else ``None``.
        token_given: a token was sent but is not valid (a 401 that asks to sign in again).
        lang: the ``lang`` the request named (query or form), for the page's language.
    """

    def __init__(self, exc: AuthError, rule: Rule | None, actor: Actor | None, token_given: bool,
                 lang: str | None) -> None:
        super().__init__(exc.status, exc.message)
        self.rule = rule
        self.actor = actor
        self.token_given = token_given
        self.lang = lang


def routes(app: FastAPI) -> Iterator[tuple[str, str, BaseRoute]]:
    """The app's own route table as the router matches it: ``(method, path template, original
    route)`` for every method of every route (``HEAD`` left out: Starlette adds it to each
    ``GET``), with included routers' prefixes; a mount gives ``("MOUNT", path, mount)``."""
    for context in iter_route_contexts(app.routes):
        route = context.original_route
        path = context.path or ""
        if isinstance(route, Mount):
            yield "MOUNT", path, route
            continue
        for method in sorted(context.methods or ()):
            if method != "HEAD":
                yield method, path, route


def _paths(app: FastAPI) -> dict[int, set[str]]:
    index: dict[int, set[str]] = {}
    for _, path, route in routes(app):
        index.setdefault(id(route), set()).add(path)
    return index


def route_path(request: Request) -> str | None:
    """The path template of the route FastAPI matched for ``request`` (``"/cases/{case_id}"``),
    from the app's own route table; ``None`` when it cannot be told (then nothing is allowed)."""
    route = request.scope.get("route")
    state = request.app.state
    index: dict[int, set[str]] | None = getattr(state, "access_paths", None)
    if index is None or id(route) not in index:  # built once; again when a route was added later
        index = state.access_paths = _paths(request.app)
    paths = index.get(id(route), set())
    return next(iter(paths)) if len(paths) == 1 else None


def _decide(access: Access, rule: Rule | None, token: str | None, cookie: bool, client: str | None,
            request: Request, where: str) -> Actor | None:
    """The request's actor if ``rule`` lets it through (``None``: nobody, on an open route).
    ``cookie``: the token came from the page's cookie; in laptop mode one that is not valid (a
    database started anew) is ignored, as if the browser had none.

    Raises:
        AuthError: 401 (no valid token outside laptop mode), 403 (the role does not allow it, or
            no rule for the route).
    """
    if rule is None:
        raise AuthError(403, f"{where} has no access rule: it is refused to everyone")
    try:
        actor = access.identify(token, client)
    except AuthError:
        if not rule.allowed:  # open: who it is only shows in the header
            return None
        if not (cookie and access.is_open(client)):
            raise
        actor = OPEN_MODE
    if not rule.allowed:
        return actor
    if actor is None:
        raise unsigned(rule.doing)
    if actor is OPEN_MODE or actor.role in rule.allowed:
        return actor
    if rule.owner and _owns(request, actor):
        return actor
    raise forbidden(actor, rule.allowed, rule.doing)


def _owns(request: Request, actor: Actor) -> bool:
    """Whether ``actor`` started the job of the path's ``job_id`` (a screening, an upload's
    screening, a claim ruling; an unknown job: let through, its handler answers 404)."""
    try:
        job = request.app.state.jobs.get(str(request.path_params.get("job_id", "")))
    except NotStoredError:
        return True
    return job.owner is not None and job.owner == actor.name


async def door(request: Request) -> None:
    """The app-wide dependency: let the request through if :data:`POLICY` allows it, leaving its
    :class:`Actor` in ``request.state.actor`` (``None`` on an open route for nobody).

    A route that asks the solver (:attr:`Rule.solver`) takes one of the holder's places
    (:mod:`app.service.share`), given back by :class:`app.service.share.ShareMiddleware` once
    answered; the holder's key is left in ``request.state.holder`` (whose share its jobs count
    against too).

    Raises:
        AuthError: an API route refused (401 with ``WWW-Authenticate: Bearer``, or 403).
        PageRefused: a page route refused (the page renders it).
        ShareExceededError: the holder already has its share of requests to the solver (429).
    """
    path = route_path(request)
    rule = POLICY.get((request.method, path)) if path is not None else None
    api = is_api(path if path is not None else request.url.path)
    cookie = None if api else request.cookies.get(COOKIE) or None
    token = cookie or bearer(request)
    client = request.client.host if request.client else None
    access: Access = request.app.state.access
    where = f"{request.method} {path or request.url.path}"
    try:
        # the token's check (argon2) and the database block: off the event loop
        actor = await anyio.to_thread.run_sync(
            lambda: _decide(access, rule, token, cookie is not None, client, request, where))
    except AuthError as exc:
        if api:
            raise
        holder = None
        if exc.status == 403 and token:
            try:
                holder = await anyio.to_thread.run_sync(lambda: access.identify(token, client))
            except AuthError:
                holder = None
        request.state.actor = holder
        raise PageRefused(exc, rule, holder, bool(token) and exc.status == 401, await _given_lang(request)) from None
    request.state.actor = actor
    request.state.holder = holder_key(actor, client)
    share: HolderShare | None = getattr(request.app.state, "share", None)
    if rule is not None and rule.solver and share is not None:
        try:
            setattr(request.state, RELEASE, share.take(request.state.holder))
        except ShareExceededError:
            if not api:  # the page's refusal in the language its form named
                request.state.given_lang = await _given_lang(request)
            raise


async def _given_lang(request: Request) -> str | None:
    """The ``lang`` a page request named: the form's (``lang_pick``, else ``lang``), else the query's."""
    if request.method == "POST":
        try:
            form = await request.form()  # already read by FastAPI for the route: cached
        except Exception:
            form = None
        if form is not None:
            for key in ("lang_pick", "lang"):
                value = form.get(key)
                if isinstance(value, str) and value.strip():
                    return value
    return request.query_params.get("lang")


def current_actor(request: Request) -> Actor:
    """The request's :class:`Actor`, as :func:`door` let it through (a handler's dependency).

    Raises:
        AuthError: 401, the door left nobody (an open route's handler asking for an actor).
    """
    actor: Actor | None = getattr(request.state, "actor", None)
    if actor is None:
        raise AuthError(401, "sign in: send 'Authorization: Bearer <token>'")
    return actor


Acting = Annotated[Actor, Depends(current_actor)]
"""A handler's parameter: who is asking (let through by :func:`door`)."""

__all__ = ["OPEN", "OPEN_MOUNTS", "POLICY", "Acting", "PageRefused", "Rule", "current_actor", "door", "is_api",
           "route_path", "routes"]
