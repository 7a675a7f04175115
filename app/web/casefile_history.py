"""A case's history on the case page: each entry (created, decision, review, re-run, amended,
withdrawn, imported) in words with who did it and when (in the event's time zone, else the
browser's), and a re-run's differences from the stored ruling."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any
from zoneinfo import ZoneInfo

from markupsafe import Markup, escape

from app.api.schemas.cases import RerunOut
from app.i18n import gettext
from app.web.casefile_scores import points, score_text
from engine.casefile.cases import Action, Case, EnteredScore, HistoryEntry
from engine.casefile.users import OPEN_MODE


def history_lines(lang: str, case: Case, zone: str = "") -> list[dict[str, Any]]:
    """The history, oldest first: when (in the event's time ``zone``, else UTC, which the page
    turns into the browser's zone), who (and the role then), what was done, in words."""
    out = []
    for e in case.history:
        out.append({"seq": str(e.seq), "kind": e.action.value, "at": when(e.at, zone),
                    "actor": actor_name(lang, e.actor),
                    "role": gettext(lang, f"role_{e.role}") if e.role else "",
                    "action": gettext(lang, f"action_{e.action.value}"), "what": change_text(lang, e),
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
    made without tokens (``engine.casefile.cases.OPEN_MODE``), "open mode" in ``lang``."""
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


def change_text(lang: str, e: HistoryEntry) -> str:
    """What history entry ``e`` changed, in words in ``lang`` (a decision's score, a review's outcome...)."""
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
