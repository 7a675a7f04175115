"""The case file on the director's page: save a ruling as a case, the event's case list, the
case page (the facts, the ruling as stored, the director's decision, the appeals committee's
review, the history, a re-run and the one-page sheet), and signing in with a token.

The use cases are :mod:`app.api.cases` (shared with the API), who may do what is :mod:`app.service.access`
(one policy for every route; the page's token is the ``advisor_token`` cookie, HttpOnly,
SameSite=Strict). A request without the right role never reaches these handlers: the door
refuses it and the page shows the reason in the director's words (:func:`refusal_text`; 401:
the sign-in form with the way back; 403: "Anna is a viewer: recording a decision needs the
director role"), never a 500.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any
from urllib.parse import urlencode, urlsplit
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Depends, Form, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup, escape
from pydantic import ValidationError

from app.api.case_amendments import amend_case, withdraw_case
from app.api.case_decisions import add_review, record_decision, set_settings
from app.api.case_export import export_cases
from app.api.case_format import case_order
from app.api.cases import filter_cases, open_case, parse_case, rerun
from app.api.ruling_log import ruling_log
from app.api.schemas.cases import AmendIn, DecisionIn, RerunOut, ReviewIn, SettingsIn, WithdrawIn
from app.api.scorer import for_case
from app.i18n import fallback, gettext
from app.service import auth
from app.service.access import Acting, PageRefused
from app.service.page_language import page_lang
from app.web import views
from app.web.problems import Problem, field_errors
from app.web.words import board_label, evidence_text, pydantic_text, reason, stored_step
from engine.casefile.cases import (
    Action,
    Case,
    CaseConflictError,
    CaseDetails,
    CaseKind,
    CaseRuleError,
    EnteredScore,
    EventSettings,
    HistoryEntry,
    WeightedPart,
)
from engine.casefile.events import Event, EventDetails, EventRepository, NotStoredError
from engine.casefile.rules import AMENDABLE
from engine.casefile.users import OPEN_MODE, Actor, Role
from engine.errors import AdvisorError, InvalidBoardError
from engine.model.deal import Deal
from engine.records.boards import board_from_game, pick_game
from engine.records.files import read_games
from engine.records.pbn import loads

Render = Callable[..., HTMLResponse]
"""``render(request, template, lang, status=200, **context)`` of :mod:`app.web`."""

Text = Annotated[str, Form()]


async def _posted(request: Request) -> dict[str, str]:
    """The posted form's text fields (a form whose fields vary: the weights of the plausible results)."""
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


Posted = Annotated[dict[str, str], Depends(_posted)]
MAX_WEIGHTS = 5
"""The decision form offers a weight for at most this many plausible results (12C1(c))."""


# ---------------------------------------------------------------------------------------------
# Who is at the keyboard


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


RESUMABLE = ("/ruling", "/incorrect-cards")
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


def _id(text: str) -> int | None:
    """A stored id from a URL or a form: 1 to 9 digits, else ``None``."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 9 and int(text) > 0 else None


# ---------------------------------------------------------------------------------------------
# "Save as a case" on the ruling views


_INHERITED = re.compile(r'\[\s*(\w+)\s*"#"\s*\]')
"""A PBN tag whose value is the previous game's (``[Event "#"]``)."""


def one_game(text: str, board: str | None, room: str | None) -> str:
    """The PBN text of the one game ``board`` and ``room`` pick from ``text`` (an uploaded
    file's game, to keep with the case instead of the whole file), its ``#`` tags written out
    with the values they inherit. The whole ``text`` when the game cannot be cut out unchanged
    (a comment across games...): the cut-out game must read back with the same tags and play.
    """
    try:
        games = read_games(text)  # PBN or LIN
        chosen = pick_game(text, board or None, room or None)
    except AdvisorError:
        return text
    later = [g.lineno for g in games if g.lineno > chosen.lineno]
    lines = text.removeprefix("\ufeff").splitlines()
    tags = chosen.tags

    def inherited(m: re.Match[str]) -> str:
        return f'[{m.group(1)} "{tags[m.group(1)]}"]' if m.group(1) in tags else ""

    piece = "\n".join(_INHERITED.sub(inherited, line) for line in
                      lines[chosen.lineno - 1:(min(later) - 1) if later else len(lines)]).strip() + "\n"
    try:
        [alone] = loads(piece)
    except (AdvisorError, ValueError):
        return text
    same = dict(alone.tags) == dict(chosen.tags) and alone.play_section == chosen.play_section
    return piece if same else text


def case_form(request: Request, kind: CaseKind, body: Mapping[str, Any], *, event_id: int | None = None,
              board: str = "", board_fixed: bool = False, sheet: Mapping[str, str] | None = None,
              event_name: str = "", event_date: str = "") -> dict[str, Any]:
    """The "Save as a case" form of a ruling view (``case_form.html``): the ruling request that
    produced the view (``body``, embedded as JSON), the event (``event_id`` preselected, else
    the recent events or a new one named ``event_name``), the board (``board_fixed``: it picks
    the game or hand record the ruling came from), and round, table and director from the
    sheet fields (the director, when blank, is the signed-in director)."""
    sheet = sheet or {}
    events: EventRepository = request.app.state.events
    recent = events.recent_events(10)
    if event_id is not None and all(e.id != event_id for e in recent):
        try:
            recent.insert(0, events.get_event(event_id))
        except NotStoredError:
            event_id = None
    name = event_name or sheet.get("event", "")
    signed_in = who(request)
    director = sheet.get("director", "") or (signed_in.name or "" if signed_in.role is Role.DIRECTOR else "")
    if event_id is None and name:  # the sheet names a stored event
        event_id = next((e.id for e in recent if e.details.name == name), None)
    return {"kind": kind.value, "ruling_request": json.dumps(body, separators=(",", ":")),
            "events": [{"id": e.id, "name": e.details.name, "date": e.details.date.isoformat()} for e in recent],
            "values": {"case_event": str(event_id) if event_id is not None else "new",
                       "new_event_name": name, "new_event_date": event_date or sheet.get("date", "")
                       or dt.date.today().isoformat(), "case_board": board, "case_round": sheet.get("round", ""),
                       "case_table": sheet.get("table", ""), "case_director": director,
                       "ns_number": "", "ns_names": "", "ew_number": "", "ew_names": ""},
            "board_fixed": board_fixed, "may_save": signed_in.can(auth.DIRECTOR), "signed_in": bool(signed_in.name)}


def revoke_case_form(request: Request, form: Mapping[str, str], body: Mapping[str, Any],
                     sheet: Mapping[str, str]) -> dict[str, Any]:
    """The "Save as a case" form of the revoke ruling view, from the page's ``form`` (its
    ``source``: a stored event's board, an uploaded file's game, a pasted game, or parts) and the
    ``body`` the view was ruled from: a stored board keeps its event and board; a PBN game is kept
    alone (:func:`one_game`) with its board number, and its event and date tags suggest a new event."""
    source = form.get("source", "pbn")
    kept = {k: v for k, v in body.items() if v is not None}
    event_id, board, name, date = None, "", "", ""
    if source == "event":
        event_id = _id(form.get("event", ""))
        board = form.get("board", "").strip()
        kept = {k: v for k, v in kept.items() if k not in ("event", "board")}
        return case_form(request, CaseKind.REVOKE, kept, event_id=event_id, board=board,
                         board_fixed=event_id is not None, sheet=sheet)
    if source in ("upload", "pbn") and isinstance(body.get("pbn"), str):
        text = body["pbn"]
        try:
            game = pick_game(text, body.get("board"), body.get("room"))
        except AdvisorError:
            game = None
        kept["pbn"] = one_game(text, body.get("board"), body.get("room"))
        kept.pop("board", None)
        if game is not None:
            board, name = (game.board or "").strip(), (game.event or "").strip()
            try:
                date = dt.datetime.strptime((game.date or "").strip(), "%Y.%m.%d").date().isoformat()
            except ValueError:
                date = ""
        if source == "upload":
            stored = request.app.state.events.get_file(_id(form.get("upload", "")) or 0) \
                if _id(form.get("upload", "")) else None
            event_id = stored[0] if stored is not None else None
    return case_form(request, CaseKind.REVOKE, kept, event_id=event_id, board=board, board_fixed=bool(board),
                     sheet=sheet, event_name=name[:200], event_date=date)


_CASE_FIELD = {("event",): "case_event", ("board",): "case_board", ("round",): "case_round",
               ("table",): "case_table", ("director",): "case_director", ("pairs", "ns", "number"): "ns_number",
               ("pairs", "ns", "names"): "ns_names", ("pairs", "ew", "number"): "ew_number",
               ("pairs", "ew", "names"): "ew_names", ("pairs",): "ns_number", ("pairs", "ns"): "ns_number",
               ("pairs", "ew"): "ew_number"}


def say(lang: str, field: str, message: str) -> Problem:
    """A problem with the page's form field ``field`` (e.g. ``"reason"``, ``"ns_number"``):
    ``"<the field in words>: <message>"``, placed next to that field."""
    words = gettext(lang, f"where_{field}") if field else ""
    text = f"{words}: {message}" if words and words != f"where_{field}" else message
    return Problem(field, text[:1].upper() + text[1:])


def _message(lang: str, err: Mapping[str, Any]) -> str:
    """A pydantic error's message, in the director's words for the usual ones (empty, too long)."""
    kind, ctx = err.get("type"), err.get("ctx") or {}
    if kind in ("string_too_short", "missing", "too_short"):
        return gettext(lang, "need_field")
    if kind in ("string_too_long", "too_long") and "max_length" in ctx:
        return gettext(lang, "too_long", n=ctx["max_length"])
    return pydantic_text(lang, err)


def _case_problems(lang: str, exc: RequestValidationError) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = tuple(str(x) for x in err.get("loc", ()) if x != "body")
        field = next((_CASE_FIELD[loc[:n]] for n in (3, 2, 1) if loc[:n] in _CASE_FIELD), "")
        msg = _message(lang, err)
        if field:
            out.append(say(lang, field, msg))
        else:  # the ruling request itself (it was ruled on a moment ago: rule on the board again)
            out.append(Problem("", f"{fallback(lang, ' '.join(loc))}: {msg}" if loc else msg))
    return out


# ---------------------------------------------------------------------------------------------
# The case page's content


def points(value: float | None) -> str:
    """Law 77 points as shown, with their sign: ``+50``, ``-420``, ``+12.50``; ``—`` for none."""
    if value is None:
        return "\u2014"
    return f"{int(value):+d}" if float(value).is_integer() else f"{value:+.2f}"


def score_text(lang: str, s: EnteredScore | None) -> str:
    """A score entered, in words: ``4H W -1, NS +50 (64A2)``; an artificial one by side."""
    if s is None:
        return "\u2014"
    if s.artificial:
        parts = ", ".join(f"{k} {v}" for k, v in s.artificial.items())
        text = f"{s.result}, {parts}" if s.result else parts
    else:
        text = f"{s.result}, NS {points(s.score_ns)}" if s.result else f"NS {points(s.score_ns)}"
        if s.score_ew is not None:
            text += f", EW {points(s.score_ew)}"
    if s.weighted and not s.result:
        text += " [" + "; ".join(f"{w.percent:g}% {w.result} ({points(w.score_ns)})" for w in s.weighted) + "]"
    return f"{text} ({s.law})" if s.law else text


def status_text(lang: str, case: Case) -> str:
    """The case's status in ``lang``: awaiting decision, decided, reviewed (upheld / varied / cancelled)."""
    return gettext(lang, "status_" + case.status.replace(": ", "_").replace(" ", "_"))


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The advisor's suggested score as the stored ruling gives it.

    Attributes:
        result: e.g. ``"4H W -1"`` (``""`` for an artificial score).
        score_ns: North-South's points, ``None`` for an artificial score.
        law: e.g. ``"64A2"``, ``"12C1(b)"``, ``"12C2(a)"``.
        artificial: by side, e.g. ``{"NS": "40%", "EW": "40%"}``, when no result can be assigned.
        weighted: a weighted score's results with their suggested weights (12C1(c): double dummy
            favoured the side at fault, so the table result is weighted in, Law 12B1).
    """

    result: str
    score_ns: int | None
    law: str
    artificial: Mapping[str, str] | None = None
    weighted: tuple[WeightedPart, ...] = ()


def suggestion(case: Case) -> Suggestion:
    """The suggested score of ``case``'s stored ruling (revoke: its ``suggested``; Laws 13/14:
    the table result when it stands at the director's option (13C), the assigned score, the
    result after the revoke laws, else the artificial score; the law is the ruling's ``score_law``)."""
    r = case.data.ruling
    if case.data.kind is CaseKind.REVOKE:
        s = r.get("suggested") or {}
        return Suggestion(str(s.get("result", "")), case.data.suggested_ns, str(s.get("law", "")))
    if case.data.kind is CaseKind.CLAIM:  # the law of the decision: the last step before the score (77)
        laws = [str(st.get("law", "")) for st in r.get("steps", []) if st.get("law") != "77"]
        return Suggestion(str(r.get("result") or ""), case.data.suggested_ns, laws[-1] if laws else "70A")
    law = str(r.get("score_law") or "")
    if r.get("adjusted_score_optional"):
        return Suggestion(_table_result(r), case.data.suggested_ns, law)
    if r.get("assigned"):
        return Suggestion(str(r["assigned"].get("result", "")), case.data.suggested_ns, law)
    gain = r.get("offender_gain") or {}
    if gain.get("form") == "weighted":  # 12B1: a weighted score with the table result, weights suggested
        parts = tuple(WeightedPart(str(gain[k]["result"]), int(gain[k]["score_ns"]),
                                   float(Fraction(str(gain["weights"][k])) * 100))
                      for k in ("table", "double_dummy"))
        return Suggestion("", None, law, weighted=parts)
    if r.get("ruled_result"):
        return Suggestion(str(r["ruled_result"].get("result", "")), case.data.suggested_ns, law)
    art = r.get("artificial") or {}
    if art:
        return Suggestion("", None, law, {side: f"{a.get('percent')}%" for side, a in art.items()})
    return Suggestion("", case.data.suggested_ns, law)


_RESULT_LABELS = {"none": "table_result", "table_result": "table_result", "claim": "result_with_claim",
                  "double_dummy": "result_valued_dd", "projection": "result_projected"}


def result_label(how: str) -> str:
    """The page key naming the result before any adjustment, by how the tricks not in the play
    record were counted (``ClaimOut.counted``): "Table result" only when the table gave it (all 13
    tricks played, or the table result); a claim's figure, a figure valued double dummy (assumed)
    and a projection while play goes on are labelled as what they are."""
    return _RESULT_LABELS.get(how, "table_result")


def stored_counted(ruling: Mapping[str, Any]) -> str:
    """``claim.counted`` of a stored revoke ruling; for a ruling stored before that field, read
    from ``claim.assumed``, ``claim.played_out`` and ``claim.tricks_not_played``."""
    claim = ruling.get("claim") or {}
    if not isinstance(claim, Mapping):
        return "none"
    if isinstance(claim.get("counted"), str):
        return str(claim["counted"])
    if not claim.get("tricks_not_played"):
        return "none"
    if claim.get("played_out"):
        return "table_result"
    return "double_dummy" if claim.get("assumed") else "claim"


def _table_result(ruling: Mapping[str, Any]) -> str:
    steps = [s for s in ruling.get("steps", []) if s.get("law") == "77"]
    return str(steps[0]["text"]) if steps else ""


def _law64c_step(ruling: Mapping[str, Any], law: str) -> Mapping[str, Any] | None:
    """The stored ruling's Law 64C step (its law ``law``, e.g. ``"64C1"``), if any."""
    return next((s for s in ruling.get("steps", []) if isinstance(s, Mapping) and s.get("law") == law), None)


def _tricks(play: Any) -> list[str]:
    """The play as one line per trick (a request's ``play``: flat, or trick by trick)."""
    if not isinstance(play, list) or not play:
        return []
    if all(isinstance(t, list) for t in play):
        return [" ".join(str(c) for c in t) for t in play]
    cards = [str(c) for c in play]
    return [" ".join(cards[i:i + 4]) for i in range(0, len(cards), 4)]


def _seat(lang: str, value: Any) -> str:
    return gettext(lang, f"seat_{value}") if value in ("N", "E", "S", "W") else str(value)


def request_facts(lang: str, case: Case) -> list[tuple[str, str]]:
    """The ruling request as given, in words: ``(label, value)`` lines (contract, declarer, the
    play trick by trick, the facts of the revoke, the table result, the hands as found...)."""
    q, r = case.data.request, case.data.ruling
    t = _t(lang)
    out: list[tuple[str, str]] = []
    if case.data.kind is CaseKind.REVOKE:
        b = r.get("board") or {}
        out.append((t("col_contract"), f"{b.get('contract', '')} {t('by')} {_seat(lang, b.get('declarer'))}, "
                                       f"{t(_vul_key(b.get('vulnerable')))}"))
        play = _tricks(q.get("play"))
        if not play and isinstance(q.get("pbn"), str):
            try:
                record = board_from_game(pick_game(q["pbn"], q.get("board"), q.get("room")))
                play = _tricks([str(c) for c in record.play])
            except AdvisorError:
                play = []
        for i, trick in enumerate(play, start=1):
            out.append((f"{t('trick')} {i}", trick))
        rf = q.get("revoke_facts")
        if isinstance(rf, Mapping):
            facts = t("case_revoke_facts", trick=rf.get("trick", ""), offender=_seat(lang, rf.get("offender")),
                      won_by=_seat(lang, rf.get("revoke_trick_won_by")),
                      after=rf.get("offending_side_tricks_after", ""))
            extra = ", ".join(x for x in (str(rf.get("card") or ""), str(rf.get("suit_led") or "")) if x)
            out.append((t("facts_only_legend"), f"{facts}{f' ({extra})' if extra else ''}"))
        if q.get("table_result") is not None:
            out.append((t("table_result"), str(q["table_result"])))
        if q.get("claim_declarer_tricks") is not None:
            out.append((t("claim_label"), str(q["claim_declarer_tricks"])))
        if q.get("rest_valued_double_dummy"):
            out.append((t("result_valued_dd"), t("rest_dd_label")))
        noticed = q.get("noticed") or "after_play"
        out.append((t("noticed_label"), t(f"noticed_{noticed}")))
        if q.get("losses_induced_by_revoke"):
            out.append((t("law64c"), t("induced_label")))
    elif case.data.kind is CaseKind.CLAIM:
        out += claim_facts(lang, q)
    else:
        hands = q.get("hands") or {}
        for s in ("N", "E", "S", "W"):
            out.append((t("case_hand_found", seat=_seat(lang, s)), str(hands.get(s, ""))))
        if q.get("hand_record"):
            out.append((t("hand_record_label"), str(q["hand_record"])))
        out.append((t("dealer_label"), _seat(lang, q.get("dealer", ""))))
        out.append((t("vulnerable_label"), t(_vul_key(q.get("vulnerable")))))
        if q.get("contract"):
            out.append((t("col_contract"), f"{q['contract']} {t('by')} {_seat(lang, q.get('declarer'))}"))
        if q.get("table_tricks") is not None:
            out.append((t("table_tricks_label"), str(q["table_tricks"])))
        for i, trick in enumerate(_tricks(q.get("play")), start=1):
            out.append((f"{t('trick')} {i}", trick))
        out.append((t("discovered_label"), t(f"discovered_{q.get('discovered') or 'after_play'}")))
        if q.get("missing_found"):
            out.append((t("missing_found_label"), t(f"missing_{q['missing_found']}")))
        for key in ("card_seen", "calls_unaffected"):
            if q.get(key):
                out.append((t(f"{key}_label"), t("yes")))
    return out


def claim_facts(lang: str, q: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A claim request (``POST /v1/rulings/claim``) in words: the board or the position at the
    claim, the claim, the statement as coded and the director's findings."""
    t = _t(lang)
    out: list[tuple[str, str]] = []
    pos = q.get("position")
    if isinstance(pos, Mapping):
        for s in ("N", "E", "S", "W"):
            out.append((_seat(lang, s), str((pos.get("hands") or {}).get(s, ""))))
        out.append((t("claim_trump_label"), t(f"suit_{pos.get('trump', 'NT')}")))
        out.append((t("claim_leader_label"), _seat(lang, pos.get("leader"))))
        if pos.get("trick"):
            out.append((t("claim_trick_label"), " ".join(str(c) for c in pos["trick"])))
        if pos.get("contract"):
            out.append((t("col_contract"), f"{pos['contract']} {t('by')} {_seat(lang, pos.get('declarer'))}"))
    else:
        if q.get("deal"):
            out.append((t("deal_label"), str(q["deal"])))
        out.append((t("col_contract"), f"{q.get('contract', '')} {t('by')} {_seat(lang, q.get('declarer'))}"))
        for i, trick in enumerate(_tricks(q.get("play")), start=1):
            out.append((f"{t('trick')} {i}", trick))
    c = q.get("claim") or {}
    out.append((t("claim_kind_label"), t(f"claim_kind_{c.get('kind', 'contested')}")))
    out.append((t("claim_by_label"), f"{_seat(lang, c.get('by'))}: {c.get('tricks', '')}"))
    st = c.get("statement") or {}
    if st.get("text"):
        out.append((t("claim_said_label"), str(st["text"])))
    if st.get("order"):
        out.append((t("claim_order_field"), " ".join(str(x) for x in st["order"])))
    out.append((t("claim_trumps_field"), t(f"claim_trumps_{st.get('trumps', 'not_mentioned')}")))
    for key, label in (("finesses", "claim_finesses_field"), ("ruffs", "claim_ruffs_field"),
                       ("concede", "claim_concede_field")):
        if st.get(key):
            out.append((t(label), json.dumps(st[key], ensure_ascii=False)))
    f = c.get("findings") or {}
    out.append((t("claim_unaware_label"), t(f"claim_unaware_{f.get('unaware_of_trump', 'unknown')}")))
    out.append((t("claim_class_label"), t(f"claim_class_{f.get('class_of_player', 'club')}")))
    out.append((t("claim_order_label"), t(f"claim_order_{f.get('suit_order_regulation', 'none')}")))
    if f.get("played_after_claim"):
        out.append((t("claim_after_label"), " ".join(str(x) for x in f["played_after_claim"])))
    for cat, normal in (f.get("normal") or {}).items():
        if not normal:
            out.append((t("claim_doubtful"), t("claim_ruled_off", category=t(f"claim_cat_{cat}"))))
    return out


def claim_evidence(lang: str, r: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What a stored claim ruling rests on: the award, the double-dummy value, the worst normal
    line by trick and each doubtful point with its figure."""
    t = _t(lang)
    rng = r.get("awarded_range") or {}
    award = t("claim_awarded", n=r["awarded"], left=r.get("tricks_left")) if r.get("awarded") is not None else \
        t("claim_range", lo=rng.get("at_least"), hi=rng.get("at_most"), left=r.get("tricks_left"))
    out = [(t("claim_answer"), award), (t("claim_dd_label"), str(r.get("double_dummy")))]
    tricks: dict[Any, list[str]] = {}
    for lp in r.get("worst_line") or []:
        tricks.setdefault(lp.get("trick"), []).append(f"{lp.get('seat')} {lp.get('card')}"
                                                      + ("*" if lp.get("doubtful") else ""))
    for n, cards in tricks.items():
        out.append((f"{t('claim_worst_line')}: {t('trick')} {n}", ", ".join(cards)))
    for d in r.get("doubtful_points") or []:
        text = t("claim_point", trick=d.get("trick"), seat=_seat(lang, d.get("seat")), card=d.get("card"),
                 category=t(f"claim_cat_{d.get('category')}"), law=d.get("law"))
        more = t("claim_point_if", n=d["if_not_normal"]) if d.get("if_not_normal") is not None else \
            t("claim_point_open")
        out.append((t("claim_doubtful"), f"{text} {more}"))
    return out


def _t(lang: str) -> Callable[..., str]:
    def t(key: str, **params: object) -> str:
        return gettext(lang, key, **params)

    return t


def _vul_key(value: Any) -> str:
    return {"None": "vul_none", "NS": "vul_ns", "EW": "vul_ew", "All": "vul_all"}.get(str(value), "vul_none")


def evidence(lang: str, case: Case) -> list[tuple[str, str]]:
    """What the stored ruling rests on, in words: for a revoke, each revoke with its laws and
    the double-dummy figures, the declarer's side's tricks (table, after the transfer, likely,
    double dummy without the revoke), Law 64C; for Laws 13/14, what was wrong and the corrected
    deal's par and double-dummy result."""
    r = case.data.ruling
    t = _t(lang)
    out: list[tuple[str, str]] = []
    if case.data.kind is CaseKind.CLAIM:
        return claim_evidence(lang, r)
    if case.data.kind is CaseKind.REVOKE:
        for v in r.get("revokes", []):
            law = v.get("correction") or v.get("law") or v.get("establishment_law") or ""
            text = t("case_revoke_line", trick=v.get("trick"), player=_seat(lang, v.get("player")),
                     card=v.get("card") or "\u2014", law=law, transferred=v.get("tricks_transferred", 0),
                     established=t("established") if v.get("established") else t("not_established"))
            if v.get("dd_before") is not None:
                cards = ", ".join(f"{c} {n}" for c, n in (v.get("dd_by_card") or {}).items())
                text += " " + t("case_revoke_dd", before=v["dd_before"], after=v.get("dd_after"), cards=cards)
            out.append((t("revokes_title"), text))
        d = r.get("declarer_tricks") or {}
        counted = stored_counted(r)  # a figure valued double dummy or a claim's is not "table"
        named = {"double_dummy": "case_tricks_named_double_dummy", "claim": "case_tricks_named_claim"}
        out.append((t("results_title"), t(named.get(counted, "case_tricks_named"), table=d.get("table"),
                                          after=d.get("after_adjustment"),
                                          likely=_dash(d.get("likely_without_revokes")),
                                          dd=_dash(d.get("double_dummy_without_revoke")))))
        if d.get("likely_directors_figure") is not None:
            out.append((t("results_title"), t("case_directors_figure", likely=d["likely_directors_figure"])))
        c = r.get("law_64c") or {}
        if c:
            step = _law64c_step(r, str(c.get("law", "")))
            applies = t("applies") if c.get("applies") else t("does_not_apply")
            said = stored_step(lang, step) if step is not None and step.get("key") else \
                f"{applies}: {fallback(lang, str(c.get('reason', '')))}"
            out.append((f"{t('law64c')} ({c.get('law', '')})", said))
    else:
        irr = r.get("irregularity") or {}
        if irr.get("description"):
            out.append((t("irregularity"), fallback(lang, str(irr["description"]))))
        dd = r.get("double_dummy") or {}
        par = dd.get("par") or {}
        if par:
            out.append((t("par"), f"{', '.join(par.get('contracts', []))} (NS {points(par.get('score_ns'))})"))
        if dd.get("contract_tricks") is not None:
            q = case.data.request
            contract = f"{q.get('contract', '')} {q.get('declarer', '')}".strip()
            out.append((t("dd_contract"), t("case_dd_tricks", contract=contract, n=dd["contract_tricks"])))
        if dd.get("as_played"):
            out.append((t("case_as_played"), fallback(lang, str(dd["as_played"]))))
    plausible = (r.get("scores") or {}).get("plausible") or []
    if len(plausible) > 1:
        out.append((t("weights_title"), "; ".join(f"{p.get('result')} (NS {points(p.get('score_ns'))}): "
                                                 f"{evidence_text(lang, str(p.get('evidence', '')))}"
                                                 for p in plausible)))
    return out


def _dash(value: Any) -> str:
    return "\u2014" if value is None else str(value)


def history_lines(lang: str, case: Case, zone: str = "") -> list[dict[str, Any]]:
    """The history, oldest first: when (in the event's time ``zone``, else UTC, which the page
    turns into the browser's zone), who (and the role then), what was done, in words."""
    out = []
    for e in case.history:
        out.append({"seq": str(e.seq), "kind": e.action.value, "at": when(e.at, zone),
                    "actor": actor_name(lang, e.actor),
                    "role": gettext(lang, f"role_{e.role}") if e.role else "",
                    "action": gettext(lang, f"action_{e.action.value}"), "what": _change_text(lang, e),
                    "origin": origin_text(lang, e)})
    return out


def origin_text(lang: str, e: HistoryEntry) -> str:
    """For an imported entry, "imported: the export says NAME (role), TIME" in ``lang`` (its
    author and time are the export's word; the entry itself is the importer's); else ``""``."""
    o = e.origin
    if o is None:
        return ""
    by = actor_name(lang, o.actor) + (f" ({gettext(lang, f'role_{o.role}')})" if o.role else "")
    return gettext(lang, "history_origin", by=by, at=_when(o.at))


def actor_name(lang: str, name: str) -> str:
    """Who did it, as the history shows it: the token holder's name as given, or, for a case
    made without tokens (``engine.casefile.users.OPEN_MODE``), "open mode" in ``lang``."""
    return gettext(lang, "actor_open_mode") if name == OPEN_MODE.name else name


def _when(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def when(at: dt.datetime, zone: str = "") -> Markup:
    """A stored time (UTC) as the page shows it: in the event's time ``zone`` (an IANA name,
    :attr:`engine.casefile.cases.EventSettings.time_zone`), ``"2026-11-25 15:05 (Europe/Warsaw)"``; with
    no zone, in UTC marked ``data-local`` so that the page's script shows it in the browser's
    zone (without JavaScript it stays UTC). A ``<time>`` element carrying the ISO 8601 UTC time."""
    utc = at.astimezone(dt.UTC)
    iso = utc.isoformat(timespec="seconds")
    if zone:
        try:
            text = f"{utc.astimezone(ZoneInfo(zone)).strftime('%Y-%m-%d %H:%M')} ({zone})"
            return Markup('<time datetime="{}">{}</time>').format(iso, text)
        except (ValueError, KeyError, OSError):
            pass
    return Markup('<time datetime="{}" data-local>{}</time>').format(iso, _when(at))


def t_html(lang: str, key: str, **params: object) -> Markup:
    """``gettext(lang, key, **params)`` as markup: the sentence escaped, a :class:`Markup`
    parameter (a :func:`when` time) kept as it is."""
    marks = {k: f"\x00{k}\x00" for k in params}
    out = escape(gettext(lang, key, **marks))
    for k, v in params.items():
        out = Markup(out.replace(marks[k], v if isinstance(v, Markup) else escape(str(v))))
    return out


def _change_text(lang: str, e: HistoryEntry) -> str:
    c = e.change
    if e.action is Action.CREATED:
        return gettext(lang, "history_created", board=c.get("board", ""), score=points(c.get("suggested_ns")))
    if e.action is Action.DECISION:
        text = score_text(lang, EnteredScore.from_json(c))
        return f"{text}. {c['reason']}" if c.get("reason") else text
    if e.action is Action.REVIEW:
        score = score_text(lang, EnteredScore.from_json(c["score"])) if c.get("score") else ""
        outcome = gettext(lang, f"outcome_{c.get('outcome')}")
        deposit = gettext(lang, f"deposit_{c.get('deposit')}") if c.get("deposit") else ""
        return f"{outcome}{': ' + score if score else ''}{'; ' + deposit if deposit else ''}"
    if e.action is Action.RERUN:
        if c.get("same"):
            return gettext(lang, "history_rerun_same", engine=c.get("engine_version_now", ""))
        return gettext(lang, "history_rerun_differs", engine=c.get("engine_version_now", ""),
                       n=len(c.get("differences", [])))
    if e.action is Action.AMENDED:
        facts = c.get("facts") or {}
        changes = "; ".join(f"{gettext(lang, f'fact_{k}')}: {v.get('old') or chr(8212)} \u2192 "
                            f"{v.get('new') or chr(8212)}" for k, v in facts.items() if isinstance(v, Mapping))
        return f"{changes}. {gettext(lang, 'case_reason')}: {c.get('reason', '')}"
    if e.action is Action.WITHDRAWN:
        return f"{gettext(lang, 'case_reason')}: {c.get('reason', '')}"
    return gettext(lang, "history_imported", n=c.get("entries", ""))


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 160 else text[:157] + "..."


def rerun_view(out: RerunOut) -> dict[str, Any]:
    """A re-run's answer for the case page: the engine versions and each difference (shortened)."""
    return {"same": out.same, "stored": out.engine_version_stored, "now": out.engine_version_now,
            "differences": [{"path": d.path, "stored": _short(d.stored), "now": _short(d.now)}
                            for d in out.differences[:100]], "more": max(0, len(out.differences) - 100)}


def _fact_value(d: CaseDetails, name: str) -> str:
    return {"round": d.round, "table": d.table, "ns_number": d.ns.number, "ns_names": d.ns.names,
            "ew_number": d.ew.number, "ew_names": d.ew.names, "director": d.director}[name]


def event_settings(request: Request, event_id: int) -> EventSettings:
    """The case-file settings of ``event_id`` (the defaults for an event not stored)."""
    try:
        settings: EventSettings = request.app.state.cases.settings(event_id)
        return settings
    except NotStoredError:
        return EventSettings()


def sheet_deadline(request: Request, form: Mapping[str, str]) -> str:
    """The appeal deadline of the event a ruling view's board comes from (a stored event's
    board, or an uploaded file's event), for the ruling sheet; ``""`` when none is set."""
    event_id: int | None = None
    if form.get("source") == "event":
        event_id = _id(form.get("event", ""))
    elif form.get("source") == "upload" and _id(form.get("upload", "")):
        stored = request.app.state.events.get_file(_id(form.get("upload", "")) or 0)
        event_id = stored[0] if stored is not None else None
    return event_settings(request, event_id).appeal_deadline if event_id is not None else ""


def case_context(request: Request, case: Case, lang: str) -> dict[str, Any]:
    """Everything case.html shows of ``case`` (the forms' defaults come from its suggestion)."""
    events: EventRepository = request.app.state.events
    try:
        event: Event | None = events.get_event(case.details.event_id)
    except NotStoredError:
        event = None
    r, d = case.data.ruling, case.details
    settings = event_settings(request, d.event_id)
    zone = settings.time_zone
    sug = suggestion(case)
    deal, label, contract, declarer = None, "", "", None
    if case.data.kind is CaseKind.REVOKE:
        b = r.get("board") or {}
        label, contract, declarer = board_label(lang, str(b.get("label", ""))), \
            f"{b.get('contract', '')} {b.get('declarer', '')}", b.get("declarer")
        deal = b.get("deal")
    elif case.data.kind is CaseKind.CLAIM:
        label = gettext(lang, "claim_board", board=d.board)
        contract = str(case.data.request.get("contract") or (case.data.request.get("position") or {}).get("contract")
                       or "")
    else:  # the hands as found are among the request's facts; a diagram of 13-card hands would not be them
        label = str(r.get("board") or "")
        contract = str(case.data.request.get("contract") or "")
    try:
        diagram = views.hands(Deal.from_pbn(deal)) if isinstance(deal, str) and deal else None
    except (AdvisorError, ValueError):
        diagram = None
    recorded = {e.seq: e for e in case.history}
    decision_at = next((e for e in reversed(case.history) if e.action is Action.DECISION), None)
    reviews = [e for e in case.history if e.action is Action.REVIEW]
    plausible = [p for p in ((r.get("scores") or {}).get("plausible") or [])
                 if isinstance(p.get("score_ns"), int)][:MAX_WEIGHTS]
    viewer = who(request)
    return {
        "case": case, "event": event, "label": label, "contract": contract, "declarer": declarer,
        "diagram": diagram, "centre": contract, "counts": None,
        "case_status": status_text(lang, case), "final": score_text(lang, case.final_score()),
        "suggestion": sug, "suggested_text": score_text(lang, EnteredScore(
            float(sug.score_ns) if sug.score_ns is not None else None, sug.result, sug.law,
            artificial=sug.artificial, weighted=sug.weighted)),
        "table_text": points(case.data.table_ns), "created_at": when(case.created, zone),
        "settings": settings, "local_times": not zone, "th": lambda key, **p: t_html(lang, key, **p),
        "table_label": result_label(stored_counted(r)) if case.data.kind is CaseKind.REVOKE else "table_result",
        "provisional": bool((r.get("suggested") or {}).get("provisional")) if case.data.kind is CaseKind.REVOKE
        else False,
        "created_by": actor_name(lang, case.created_by),
        "facts": request_facts(lang, case), "evidence": evidence(lang, case),
        "steps": [{"law": s.get("law", ""), "text": stored_step(lang, s)} for s in r.get("steps", [])],
        "decision": case.decision, "decision_text": score_text(lang, case.decision.score) if case.decision else "",
        "decision_by": (actor_name(lang, decision_at.actor), when(decision_at.at, zone), origin_text(lang, decision_at))
        if decision_at else None,
        "reviews": [{"outcome": gettext(lang, f"outcome_{rv.outcome.value}"), "members": ", ".join(rv.members),
                     "reasons": rv.reasons,
                     "deposit": gettext(lang, f"deposit_{rv.deposit.value}") if rv.deposit else "",
                     "score": score_text(lang, rv.score) if rv.score else "",
                     "by": actor_name(lang, recorded[e.seq].actor), "at": when(e.at, zone),
                     "origin": origin_text(lang, e)}
                    for rv, e in zip(case.reviews, reviews, strict=True)],
        "history": history_lines(lang, case, zone), "plausible": plausible,
        "aform": {k: _fact_value(d, k) for k in AMENDABLE} | {"reason": ""}, "wform": {"reason": ""},
        "withdrawn": case.withdrawn,
        "pairs": {"ns": d.ns, "ew": d.ew},
        "may_decide": viewer.can(auth.DIRECTOR), "may_review": viewer.can(auth.COMMITTEE),
        "dform": {"score_ns": points(sug.score_ns) if sug.score_ns is not None else "", "result": sug.result,
                  "law": sug.law, "reason": "", "art_ns": (sug.artificial or {}).get("NS", ""),
                  "art_ew": (sug.artificial or {}).get("EW", "")},
        "rform": {}, "rerun": None, "lang_path": f"/cases/{case.id}",
    }


# ---------------------------------------------------------------------------------------------
# Reading the decision and review forms


def read_points(text: str) -> float | None:
    """Points as typed (``"+50"``, ``"-420"``, ``"12.5"``, ``"12,5"``, a Unicode minus); ``None``
    when blank.

    Raises:
        ValueError: not a number of points.
    """
    t = text.strip().replace("\u2212", "-").replace(",", ".").replace(" ", "")
    if not t:
        return None
    value = float(t)
    if not math.isfinite(value):
        raise ValueError(text)
    return float(int(value)) if value.is_integer() else value


def read_percent(text: str) -> float | None:
    """A weight as typed (``"70"``, ``"70%"``, ``"33.3"``); ``None`` when blank.

    Raises:
        ValueError: not a number.
    """
    t = text.strip().removesuffix("%").strip().replace(",", ".")
    if not t:
        return None
    value = float(t)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def decision_body(lang: str, form: Mapping[str, str], plausible: Sequence[Mapping[str, Any]],
                  prefill: Mapping[str, str]) -> tuple[DecisionIn | None, list[Problem]]:
    """The decision form as the API's :class:`DecisionIn`, or the problems with it.

    Weights given for the plausible results make a weighted score (12C1(c)): its parts are the
    results with a weight, and, while the director left the score, the result and the law as
    prefilled (``prefill``) or blank, they become the weighted sum, the parts, and 12C1(c). An
    artificial score (12C2) given by side likewise replaces the prefilled points and law.
    """
    problems: list[Problem] = []
    try:
        score = read_points(form.get("score_ns", ""))
    except ValueError:
        score = None
        problems.append(say(lang, "score_ns", gettext(lang, "not_points", text=form.get("score_ns", ""))))
    parts: list[tuple[str, int, float]] = []
    for i, p in enumerate(plausible):
        try:
            w = read_percent(form.get(f"weight_{i}", ""))
        except ValueError:
            problems.append(say(lang, "weights", gettext(lang, "not_percent", text=form.get(f"weight_{i}", ""))))
            continue
        if w is not None:
            parts.append((str(p.get("result", "")), int(p["score_ns"]), w))
    result, law = form.get("result", "").strip(), form.get("law", "").strip()
    untouched = {k: form.get(k, "").strip() in ("", prefill.get(k, "")) for k in ("score_ns", "result", "law")}
    art = {k: form.get(f"art_{k.lower()}", "").strip() for k in ("NS", "EW")}
    artificial = {k: v for k, v in art.items() if v} or None
    if parts and not problems:  # the weighted score replaces the prefilled suggestion
        if untouched["score_ns"]:
            score = round(sum(s * pct for _, s, pct in parts) / 100, 2)
        if untouched["result"]:
            result = ", ".join(f"{pct:g}% {res}" for res, _, pct in parts)
        if untouched["law"]:
            law = "12C1(c)"
    elif artificial and not problems:  # an artificial score replaces the prefilled points
        if untouched["score_ns"]:
            score = None
        if untouched["result"]:
            result = ""
        if untouched["law"]:
            law = "12C2(a)"
    if problems:
        return None, problems
    try:
        body = DecisionIn.model_validate({"score_ns": score, "result": result, "law": law,
                                          "reason": form.get("reason", ""),
                                          "weighted": [{"result": r, "score_ns": n, "percent": pct}
                                                       for r, n, pct in parts],
                                          "artificial": artificial})
    except ValidationError as exc:
        return None, _model_problems(lang, exc, {"score_ns": "score_ns", "result": "result", "law": "law",
                                                 "reason": "reason", "weighted": "weights",
                                                 "artificial": "artificial", "score_ew": "score_ns"})
    return body, []


def review_body(lang: str, form: Mapping[str, str], uses_deposits: bool = False,
                ) -> tuple[ReviewIn | None, list[Problem]]:
    """The review form as the API's :class:`ReviewIn` (members one per line), or every problem
    with it at once (each with its field): the outcome, the members, the reasons, the
    committee's score (needed to vary, not given otherwise) and, only when the event takes
    deposits (``uses_deposits``), the deposit."""
    problems: list[Problem] = []
    outcome, deposit = form.get("outcome", ""), form.get("deposit", "")
    members = [m.strip() for m in form.get("members", "").splitlines() if m.strip()]
    if outcome not in ("uphold", "vary", "cancel"):
        problems.append(say(lang, "outcome", gettext(lang, "need_outcome")))
    if not members:
        problems.append(say(lang, "members", gettext(lang, "need_members")))
    if not form.get("reasons", "").strip():
        problems.append(say(lang, "reasons", gettext(lang, "need_reasons")))
    if deposit not in ("returned", "kept"):
        if uses_deposits:
            problems.append(say(lang, "deposit", gettext(lang, "need_deposit")))
        deposit = ""
    try:
        score = read_points(form.get("review_score_ns", ""))
    except ValueError:
        score = None
        problems.append(say(lang, "review_score_ns", gettext(lang, "not_points", text=form["review_score_ns"])))
    else:
        if outcome == "vary" and score is None:
            problems.append(say(lang, "review_score_ns", gettext(lang, "need_review_score")))
        elif outcome in ("uphold", "cancel") and score is not None:
            problems.append(say(lang, "review_score_ns", gettext(lang, "no_review_score")))
    if problems:
        return None, problems
    try:
        body = ReviewIn.model_validate({"outcome": outcome, "members": members, "reasons": form["reasons"],
                                        "deposit": deposit or None, "score_ns": score,
                                        "result": form.get("review_result", "").strip(),
                                        "law": form.get("review_law", "").strip()})
    except ValidationError as exc:
        return None, _model_problems(lang, exc, {"outcome": "outcome", "members": "members", "reasons": "reasons",
                                                 "deposit": "deposit", "score_ns": "review_score_ns",
                                                 "result": "review_result", "law": "review_law"})
    return body, []


def _model_problems(lang: str, exc: ValidationError, fields: Mapping[str, str]) -> list[Problem]:
    out = []
    for err in exc.errors(include_url=False):
        loc = [str(x) for x in err["loc"]]
        field = fields.get(loc[0], "") if loc else ""
        out.append(say(lang, field, _message(lang, err)))
    return out


def _rule_field(path: str, review: bool) -> str:
    """The form field of a case file rule's ``path`` (``reason``, ``score_ns``, ``weighted/0/percent``...)."""
    head = path.split("/", 1)[0]
    if review:
        return {"score_ns": "review_score_ns", "members": "members", "reasons": "reasons",
                "deposit": "deposit"}.get(head, "")
    return {"score_ns": "score_ns", "score_ew": "score_ns", "reason": "reason", "weighted": "weights",
            "artificial": "artificial"}.get(head, "")


def case_row(lang: str, c: Case) -> dict[str, Any]:
    """A line of a case list: board, round, table, pairs, director, status, the scores."""
    return {"id": c.id, "board": c.details.board, "round": c.details.round, "table": c.details.table,
            "ns": c.details.ns, "ew": c.details.ew, "director": c.details.director,
            "kind": gettext(lang, f"kind_{c.data.kind.value}"), "status": status_text(lang, c),
            "status_key": c.status.split(":")[0].replace(" ", "-"),
            "suggested": points(c.data.suggested_ns), "final": score_text(lang, c.final_score())}


# ---------------------------------------------------------------------------------------------
# Routes


def install_case_pages(r: APIRouter, render: Render) -> None:
    """Add the case file's page routes to ``r``: ``/signin``, ``/signout``, ``POST /cases``,
    ``/events/{id}/cases`` (with the ruling log CSV and the JSON export), ``/cases/{id}`` and
    its decision, review and re-run forms."""

    def not_found(request: Request, lang: str, text: str) -> HTMLResponse:
        return render(request, "index.html", lang, 404, errors=[Problem("", text[:1].upper() + text[1:])],
                      events=request.app.state.events.recent_events(10))

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

    @r.post("/cases", response_class=HTMLResponse, response_model=None)
    def save_case(request: Request, lang: Text = "", kind: Text = "revoke", ruling_request: Text = "",
                  case_event: Text = "", new_event_name: Text = "", new_event_date: Text = "",
                  case_board: Text = "", case_round: Text = "", case_table: Text = "",
                  ns_number: Text = "", ns_names: Text = "", ew_number: Text = "", ew_names: Text = "",
                  case_director: Text = "", board_fixed: Text = "", confirm_duplicate: Text = "", *,
                  actor: Acting) -> Response:
        """Rule on the posted request again and keep it as a case (``app.api.cases.open_case``);
        303 to the case page. The form comes back with the problems next to their fields."""
        lang = page_lang(request, lang)
        values = {"case_event": case_event, "new_event_name": new_event_name, "new_event_date": new_event_date,
                  "case_board": case_board, "case_round": case_round, "case_table": case_table,
                  "ns_number": ns_number, "ns_names": ns_names, "ew_number": ew_number, "ew_names": ew_names,
                  "case_director": case_director}
        events: EventRepository = request.app.state.events
        cform = {"kind": kind if kind in ("revoke", "incorrect_cards", "claim") else "revoke",
                 "ruling_request": ruling_request,
                 "events": [{"id": e.id, "name": e.details.name, "date": e.details.date.isoformat()}
                            for e in events.recent_events(10)], "values": values, "board_fixed": bool(board_fixed),
                 "may_save": True, "signed_in": True}

        def again(status: int, found: list[Problem], heading: str = "errors_heading_save") -> HTMLResponse:
            return render(request, "case_new.html", lang, status, case_form=cform, errors=found,
                          field_errors=field_errors(found), errors_heading=heading)

        try:
            body = json.loads(ruling_request)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply for the reader
            body = None
        if not isinstance(body, dict):
            return again(422, [say(lang, "", gettext(lang, "case_no_request"))])
        data = {**body, "kind": cform["kind"], "board": case_board, "round": case_round, "table": case_table,
                "director": case_director, "pairs": {"ns": {"number": ns_number, "names": ns_names},
                                                     "ew": {"number": ew_number, "names": ew_names}}}
        problems: list[Problem] = []
        new_event: EventDetails | None = None
        event_id = _id(case_event)
        if case_event == "new":
            name = new_event_name.strip()
            if not 1 <= len(name) <= 200:
                problems.append(say(lang, "new_event_name", gettext(lang, "need_event_name")))
            try:
                date = dt.date.fromisoformat(new_event_date.strip())
            except ValueError:
                problems.append(say(lang, "new_event_date", gettext(lang, "need_event_date",
                                                                    text=new_event_date.strip())))
            else:
                new_event = EventDetails(name=name, date=date)
        elif event_id is None:
            problems.append(say(lang, "case_event", gettext(lang, "need_event")))
        try:
            parse_case({**data, "event": event_id or 1})  # the case's own fields, before any event is made
        except RequestValidationError as exc:
            problems += _case_problems(lang, exc)
        if problems:
            return again(422, problems)
        if event_id is not None and confirm_duplicate != "1":
            try:
                same = [c for c in request.app.state.cases.cases(event_id, case_board)
                        if c.withdrawn is None and c.details.round == case_round.strip()
                        and c.details.table == case_table.strip()]
            except NotStoredError:
                same = []
            if same:
                text = gettext(lang, "case_duplicate", board=case_board.strip(), round=case_round.strip() or "\u2014",
                               table=case_table.strip() or "\u2014", ids=", ".join(f"{c.id}" for c in same))
                cform["duplicates"] = [c.id for c in same]
                return again(409, [Problem("", text)], "errors_heading_duplicate")
        if new_event is not None:
            event_id = events.create_event(new_event).id
            values["case_event"] = str(event_id)
        data["event"] = event_id
        data["duplicate"] = True  # asked above: none, or the director confirmed it (confirm_duplicate)
        if isinstance(body.get("pbn"), str) and cform["kind"] == "revoke":
            data["pbn"] = _with_board_tag(body["pbn"], case_board)
        try:
            case = open_case(data, events, request.app.state.cases, request.app.state.solver, actor)
        except RequestValidationError as exc:
            return again(422, _case_problems(lang, exc))
        except InvalidBoardError as exc:
            field = {"event": "case_event", "board": "case_board"}.get(exc.path.split("/", 1)[0], "")
            return again(422, [say(lang, field, reason(lang, exc))])
        return RedirectResponse(f"/cases/{case.id}?lang={lang}", status_code=303)

    def for_event(request: Request, lang: str, event_id: str, make: Callable[[int], Response]) -> Response:
        """``make(event id)``, or the reason (404)."""
        try:
            eid = _id(event_id)
            if eid is None:
                raise NotStoredError(f"there is no event {event_id}", path="event_id")
            return make(eid)
        except NotStoredError:
            return not_found(request, lang, gettext(lang, "no_event", event=event_id))

    @r.get("/events/{event_id}/cases", response_class=HTMLResponse, response_model=None)
    def event_cases(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's cases: board, round, table, pairs, director, status, the suggested score
        and the score that stands; the ruling log (CSV) and the export (JSON)."""
        lang = page_lang(request, lang)
        return for_event(request, lang, event_id, lambda eid: listing(request, lang, eid))

    def listing(request: Request, lang: str, eid: int, status: int = 200, **extra: Any) -> HTMLResponse:
        """The event's case list (cases.html) with its settings form."""
        event = request.app.state.events.get_event(eid)
        rows = [case_row(lang, c) for c in sorted(request.app.state.cases.cases(eid), key=case_order)]
        settings = event_settings(request, eid)
        sform = {"time_zone": settings.time_zone, "uses_deposits": "1" if settings.uses_deposits else "",
                 "appeal_deadline": settings.appeal_deadline}
        return render(request, "cases.html", lang, status, **{"event": event, "rows": rows, "sform": sform,
                                                               "lang_path": f"/events/{eid}/cases",
                                                               "may_set": who(request).can(auth.DIRECTOR), **extra})

    @r.get("/events/{event_id}/rulings.csv", response_model=None)
    def rulings_csv(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's ruling log for the scorer (CSV), as ``GET /v1/events/{id}/rulings.csv``,
        for the signed-in page."""
        return for_event(request, page_lang(request, lang), event_id, lambda eid: Response(
            ruling_log(request.app.state.cases.cases(eid), request.app.state.events),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="event-{eid}-rulings.csv"'}))

    @r.get("/events/{event_id}/cases.json", response_model=None)
    def cases_json(request: Request, event_id: str, lang: str | None = None) -> Response:
        """The event's cases with their histories (JSON), as ``GET /v1/events/{id}/cases.json``."""
        return for_event(request, page_lang(request, lang), event_id, lambda eid: JSONResponse(
            export_cases(request.app.state.events, request.app.state.cases, eid),
            headers={"Content-Disposition": f'attachment; filename="event-{eid}-cases.json"'}))

    def load(request: Request, lang: str, case_id: str) -> Case | HTMLResponse:
        cid = _id(case_id)
        try:
            if cid is None:
                raise NotStoredError(f"there is no case {case_id}", path="case_id")
            case: Case = request.app.state.cases.get_case(cid)
            return case
        except NotStoredError:
            return not_found(request, lang, gettext(lang, "no_case", case=case_id))

    def show(request: Request, case: Case, lang: str, status: int = 200, **extra: Any) -> HTMLResponse:
        context = case_context(request, case, lang)
        context["scorer"] = for_case(case, request.app.state.events)
        return render(request, "case.html", lang, status, **{**context, **extra})

    def append(request: Request, case: Case, lang: str, write: Callable[[], object] | None,
               problems: list[Problem], anchor: str, **shown: Any) -> Response:
        """``write()`` (a decision or a review) and 303 to the case; else the case page with the
        problems by field (422) or the conflict (409), the form as posted (``shown``)."""
        status = 422
        if write is not None:
            try:
                write()
                return RedirectResponse(f"/cases/{case.id}?lang={lang}#{anchor}", status_code=303)
            except CaseRuleError as exc:
                field = _rule_field(exc.path, review=anchor == "reviews") if anchor in ("decision", "reviews") \
                    else {"reason": f"{anchor}_reason"}.get(exc.path, exc.path if exc.path in AMENDABLE else "")
                problems = [say(lang, field, reason(lang, exc))]
            except CaseConflictError as exc:
                text = reason(lang, exc)
                problems, status = [Problem("", text[:1].upper() + text[1:])], 409
        return show(request, case, lang, status, errors=problems, field_errors=field_errors(problems),
                    errors_heading=f"errors_heading_{anchor}", **shown)

    @r.get("/cases/{case_id}", response_class=HTMLResponse)
    def case_page(request: Request, case_id: str, lang: str | None = None) -> HTMLResponse:
        """The case: facts, the request as given, each step with its law, the suggestion, the
        evidence, the decision and the reviews (with their forms), the history, the sheet."""
        lang = page_lang(request, lang)
        got = load(request, lang, case_id)
        return got if isinstance(got, HTMLResponse) else show(request, got, lang)

    @r.post("/cases/{case_id}/decision", response_class=HTMLResponse, response_model=None)
    def decide(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Record the director's decision (``app.api.cases.record_decision``); 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        plausible = case_context(request, case, lang)["plausible"]
        prefill = {"score_ns": form.get("prefill_score_ns", ""), "result": form.get("prefill_result", ""),
                   "law": form.get("prefill_law", "")}
        body, problems = decision_body(lang, form, plausible, prefill)
        dform = {k: form.get(k, "") for k in ("score_ns", "result", "law", "reason", "art_ns", "art_ew")}
        dform |= {f"weight_{i}": form.get(f"weight_{i}", "") for i in range(MAX_WEIGHTS)}
        write = (lambda: record_decision(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "decision", dform=dform)

    @r.post("/cases/{case_id}/reviews", response_class=HTMLResponse, response_model=None)
    def review(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Add the appeals committee's review (``app.api.cases.add_review``); 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        body, problems = review_body(lang, form, event_settings(request, case.details.event_id).uses_deposits)
        rform = {k: form.get(k, "") for k in ("outcome", "members", "reasons", "deposit", "review_score_ns",
                                              "review_result", "review_law")}
        write = (lambda: add_review(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "reviews", rform=rform)

    @r.post("/cases/{case_id}/amend", response_class=HTMLResponse, response_model=None)
    def amend(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Amend the case's facts with a reason (``app.api.cases.amend_case``): an "amended" entry
        says old -> new; 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        aform = {k: form.get(k, "") for k in (*AMENDABLE, "reason")}
        problems: list[Problem] = []
        body = None
        try:
            body = AmendIn.model_validate({**{k: form[k] for k in AMENDABLE if k in form},
                                           "reason": form.get("reason", "")})
        except ValidationError as exc:
            problems = _model_problems(lang, exc, {**{k: k for k in AMENDABLE}, "reason": "amend_reason"})
        write = (lambda: amend_case(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "amend", aform=aform)

    @r.post("/cases/{case_id}/withdraw", response_class=HTMLResponse, response_model=None)
    def withdraw(request: Request, case_id: str, form: Posted, actor: Acting) -> Response:
        """Withdraw a case saved by mistake, with a reason (``app.api.cases.withdraw_case``): it stays
        in the history and the ruling log; 303 to the case."""
        lang = page_lang(request, form.get("lang"))
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        problems: list[Problem] = []
        body = None
        try:
            body = WithdrawIn.model_validate({"reason": form.get("reason", "")})
        except ValidationError as exc:
            problems = _model_problems(lang, exc, {"reason": "withdraw_reason"})
        write = (lambda: withdraw_case(request.app.state.cases, case.id, body, actor)) if body else None
        return append(request, case, lang, write, problems, "withdraw", wform={"reason": form.get("reason", "")})

    @r.post("/events/{event_id}/settings", response_class=HTMLResponse, response_model=None)
    def settings_(request: Request, event_id: str, form: Posted) -> Response:
        """Keep the event's case-file settings (time zone, deposits, appeal deadline); 303 to
        the event's cases, or the list with the problem next to its field."""
        lang = page_lang(request, form.get("lang"))

        def keep(eid: int) -> Response:
            try:
                body = SettingsIn.model_validate({"time_zone": form.get("time_zone", ""),
                                                  "uses_deposits": form.get("uses_deposits") == "1",
                                                  "appeal_deadline": form.get("appeal_deadline", "")})
                set_settings(request.app.state.cases, eid, body)
            except ValidationError as exc:
                found = _model_problems(lang, exc, {"time_zone": "time_zone", "appeal_deadline": "appeal_deadline"})
            except CaseRuleError:
                found = [say(lang, "time_zone", gettext(lang, "bad_time_zone", zone=form.get("time_zone", "")))]
            else:
                return RedirectResponse(f"/events/{eid}/cases?lang={lang}#settings", status_code=303)
            return listing(request, lang, eid, 422, errors=found, field_errors=field_errors(found),
                           errors_heading="errors_heading_settings", sform=form)

        return for_event(request, lang, event_id, keep)

    @r.get("/cases", response_class=HTMLResponse)
    def all_cases(request: Request, lang: str | None = None, event: str = "", since: str = "", until: str = "",
                  status: str = "", director: str = "") -> HTMLResponse:
        """Every case across events, for the chief director and the appeals committee: filter by
        event, the day saved (from, to), status and director (part of the name)."""
        lang = page_lang(request, lang)
        events: EventRepository = request.app.state.events
        problems: list[Problem] = []

        def day(field: str, text: str) -> dt.date | None:
            try:
                return dt.date.fromisoformat(text.strip()) if text.strip() else None
            except ValueError:
                problems.append(say(lang, field, gettext(lang, "need_event_date", text=text)))
                return None

        first, last = day("since", since), day("until", until)
        eid = _id(event)
        state = status if status in ("awaiting decision", "decided", "reviewed", "withdrawn") else ""
        try:
            found = request.app.state.cases.cases(eid) if eid else request.app.state.cases.cases()
        except NotStoredError:
            found = []
        found = filter_cases(found, status=state or None, director=director.strip() or None, since=first, until=last)
        names: dict[int, str] = {}
        for c in found:
            if c.details.event_id not in names:
                try:
                    names[c.details.event_id] = events.get_event(c.details.event_id).details.name
                except NotStoredError:
                    names[c.details.event_id] = str(c.details.event_id)
        rows = [dict(case_row(lang, c), event=names[c.details.event_id], event_id=c.details.event_id,
                     saved=when(c.created, event_settings(request, c.details.event_id).time_zone))
                for c in sorted(found, key=lambda c: (c.created, c.id), reverse=True)]
        query = {"event": event, "since": since, "until": until, "status": state, "director": director}
        return render(request, "all_cases.html", lang, 422 if problems else 200, rows=rows, filters=query,
                      events=events.recent_events(50), errors=problems, field_errors=field_errors(problems),
                      errors_heading="errors_heading_filter",
                      lang_path="/cases", lang_query=urlencode({k: v for k, v in query.items() if v}))

    @r.post("/cases/{case_id}/rerun", response_class=HTMLResponse)
    def rerun_case(request: Request, case_id: str, actor: Acting, lang: Text = "") -> HTMLResponse:
        """Rule the stored request again on the current engine and show what differs (the stored
        ruling is kept; the re-run is added to the history)."""
        lang = page_lang(request, lang)
        case = load(request, lang, case_id)
        if isinstance(case, HTMLResponse):
            return case
        try:
            out = rerun(request.app.state.cases, request.app.state.events, request.app.state.solver, case.id, actor)
        except (RequestValidationError, InvalidBoardError) as exc:
            text = reason(lang, exc) if isinstance(exc, InvalidBoardError) else "; ".join(
                pydantic_text(lang, e) for e in exc.errors())
            found = [Problem("", gettext(lang, "rerun_failed", why=text))]
            return show(request, case, lang, 422, errors=found)
        return show(request, request.app.state.cases.get_case(case.id), lang, rerun=rerun_view(out))


def _with_board_tag(text: str, board: str) -> str:
    """A one-game PBN text without a ``[Board]`` tag gets the case's board number, so that the
    case's board picks it (``app.api.cases.parse_case`` picks the game by the case's board)."""
    try:
        games = read_games(text)  # PBN or LIN
    except AdvisorError:
        return text
    if len(games) == 1 and not games[0].board and board.strip():
        return f'[Board "{board.strip()}"]\n{text}'
    return text
