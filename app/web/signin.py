"""Who is at the keyboard of the director's page, and signing in with a token: the sign-in
and sign-out routes (``/signin``, ``/signout``), the door's refusal in the director's words
(401: the sign-in form with the way back; 403: "Anna is a viewer: recording a decision needs
the director role"), and a ruling's form carried through the sign-in.

Who may do what is :mod:`app.service.access` (one policy for every route); the page's token is
the ``advisor_token`` cookie (HttpOnly, SameSite=Strict)."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from app.i18n import gettext
from app.service import auth
from app.service.access import PageRefused
from app.service.page_language import page_lang
from app.web.casefile_common import Posted
from app.web.page_common import Render, Text
from app.web.problems import Problem, field_errors
from engine.casefile.users import OPEN_MODE, Actor, Role


@dataclass(frozen=True, slots=True)
class Who:
    """Who the page is talking to: the signed-in token holder, or laptop mode.

    Attributes:
        name: the holder's name; ``None`` when nobody is signed in.
        role: the holder's role; ``None`` when nobody is signed in.
        open: laptop mode (no token configured, this machine): everything is allowed.
    """

    name: str | None
    role: Role | None
    open: bool

    def can(self, allowed: Collection[Role]) -> bool:
        """Whether the page should offer an action that needs one of ``allowed``."""
        return self.open or (self.role is not None and self.role in allowed)


def who(request: Request) -> Who:
    """Who sent ``request`` (the header shows it; forms are offered by role): the actor the door
    (:func:`app.service.access.door`) let through, or, for a page drawn before the door (a form that
    could not be read), the cookie's holder or laptop mode."""
    state = request.scope.get("state", {})
    if "actor" in state:  # request.state.actor, set by the door
        actor: Actor | None = state["actor"]
        if actor is None:
            return Who(None, None, False)
        if actor is OPEN_MODE:
            return Who(None, None, True)
        return Who(actor.name, actor.role, False)
    access: auth.Access | None = getattr(request.app.state, "access", None)
    if access is None:
        return Who(None, None, False)
    token = request.cookies.get(auth.COOKIE) or ""
    user = access.holder(token) if token else None
    if user is not None:
        return Who(user.name, user.role, False)
    return Who(None, None, access.is_open(request.client.host if request.client else None))


def refusal_text(lang: str, exc: PageRefused) -> str:
    """Why the door refused a page request, in ``lang``: the holder's role does not allow it (403),
    the token is no longer valid, or signing in is needed (401)."""
    rule = exc.rule
    if rule is None:
        text = gettext(lang, "refused_no_rule")
    elif exc.status == 403 and exc.actor is not None and exc.actor.role is not None:
        need = " / ".join(gettext(lang, f"role_{r.value}") for r in sorted(rule.allowed))
        role = exc.actor.role.value
        text = gettext(lang, "refused_role", name=exc.actor.name, role=gettext(lang, f"role_{role}"),
                       role_a=gettext(lang, f"role_a_{role}"), doing=gettext(lang, rule.doing), need=need)
    elif exc.token_given:
        text = gettext(lang, "refused_token")
    else:
        text = gettext(lang, "refused_sign_in", doing=gettext(lang, rule.doing))
    return text[:1].upper() + text[1:]


def _safe_next(target: str) -> str:
    """A path on this site to go back to after signing in (anything else: the index): it starts
    with one ``/``, holds no backslash, space or control character (a browser drops tabs and
    newlines, so ``/``, a tab, ``/evil.example`` would become ``//evil.example``), and names no host."""
    target = target.strip()
    if (not target.startswith("/") or target.startswith("//") or len(target) > 500
            or any(c == "\\" or c.isspace() or ord(c) < 32 or ord(c) == 127 for c in target)):
        return "/"
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else "/"


RESUMABLE = ("/ruling", "/incorrect-cards", "/alternatives")
"""The rulings a sign-in can go back to with their form (POST routes of the page)."""
MAX_RESUME = 256 * 1024
"""The largest ruling form (JSON, characters) carried through the sign-in; a larger one (a pasted
file of many boards) is not carried: the director rules again after signing in."""


def _resume(text: str) -> tuple[str, dict[str, str]] | None:
    """The ruling form carried through the sign-in (``{"to": path, "fields": {name: text}}``):
    its path (one of :data:`RESUMABLE`) and fields; ``None`` when absent, too big or not that shape."""
    if not text or len(text) > MAX_RESUME:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("to") not in RESUMABLE or not isinstance(data.get("fields"), dict):
        return None
    fields = data["fields"]
    if len(fields) > 200 or not all(isinstance(k, str) and isinstance(v, str) for k, v in fields.items()):
        return None
    return str(data["to"]), fields


def back_to(request: Request) -> str:
    """Where to go back after signing in: the page asked for (with its query), or the page a
    form posted from (the case, the screening)."""
    path = request.url.path
    if request.method == "GET":
        query = request.url.query
        return _safe_next(f"{path}?{query}" if query else path)
    head, _, last = path.rpartition("/")
    return _safe_next(head) if last in ("decision", "reviews", "rerun", "cancel", "amend", "withdraw") else "/"



def install_signin_pages(r: APIRouter, render: Render) -> None:
    """Add ``GET /signin``, ``POST /signin`` and ``POST /signout`` to ``r``."""

    @r.get("/signin", response_class=HTMLResponse)
    def signin_page(request: Request, lang: str | None = None, next: str = "/") -> HTMLResponse:
        """The sign-in form: paste the token the chief director made (``advisor users add``)."""
        return render(request, "signin.html", page_lang(request, lang), next=_safe_next(next), lang_path="/signin")

    @r.post("/signin", response_class=HTMLResponse, response_model=None)
    def signin(request: Request, posted: Posted, token: Text = "", lang: Text = "",
               next: Text = "/", resume_to: Text = "", resume: Text = "") -> Response:
        """Check the token (``app.state.access.holder``) and keep it in the ``advisor_token``
        cookie: HttpOnly, SameSite=Strict, Secure over https.

        From a ruling's "Save as a case ... Sign in" (``resume_to``: ``/ruling`` or
        ``/incorrect-cards``, the ruling's whole form posted here), the sign-in form comes first,
        carrying that form (``resume``, JSON, at most :data:`MAX_RESUME` characters); once
        signed in, the page posts it back to its ruling (``resume.html``): the ruling as it was,
        with everything entered, never re-clicked."""
        lang = page_lang(request, lang)
        if resume_to in RESUMABLE and "token" not in posted:  # from the ruling: ask for the token first
            fields = {k: v for k, v in posted.items() if k not in ("resume_to", "lang_pick", "token", "next")}
            kept = json.dumps({"to": resume_to, "fields": fields}, separators=(",", ":"))
            return render(request, "signin.html", lang, next="/", lang_path="/signin",
                          resume=kept if len(kept) <= MAX_RESUME else "")
        back = _resume(resume)
        token = token.strip()
        user = request.app.state.access.holder(token) if token else None
        if user is None:
            text = gettext(lang, "signin_bad" if token else "signin_empty")
            return render(request, "signin.html", lang, 401, errors=[Problem("token", text)],
                          errors_heading="errors_heading_signin",
                          field_errors=field_errors([Problem("token", text)]), next=_safe_next(next),
                          resume=resume if back else "")
        out: Response
        if back is not None:
            out = render(request, "resume.html", lang, resume_to=back[0], fields=sorted(back[1].items()))
        else:
            target = _safe_next(next)
            sep = "&" if "?" in target else "?"
            out = RedirectResponse(f"{target}{sep}lang={lang}" if "lang=" not in target else target,
                                   status_code=303)
        out.set_cookie(auth.COOKIE, token, httponly=True, samesite="strict", secure=request.url.scheme == "https",
                       path="/")
        return out

    @r.post("/signout", response_model=None)
    def signout(request: Request, lang: Text = "") -> Response:
        """Forget the signed-in token (the cookie), back to the index."""
        out = RedirectResponse(f"/?lang={page_lang(request, lang)}", status_code=303)
        out.delete_cookie(auth.COOKIE, path="/", httponly=True, samesite="strict",
                          secure=request.url.scheme == "https")
        return out
