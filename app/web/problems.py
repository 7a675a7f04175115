"""Errors in the director's words: where the problem is ("North's hand", "trick 5, card 3",
"table result") rather than the request path (``hands/N``, ``pbn/play/16``), and which form
field it belongs to, so the page shows it next to that field and in the summary at the top."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from app.i18n import fallback, gettext
from app.web.words import pydantic_text
from engine.errors import InvalidBoardError

# request field -> the page's form field (when they differ)
_FORM_FIELD = {"revoke_facts/trick": "rf_trick", "revoke_facts/offender": "rf_offender",
               "revoke_facts/revoke_trick_won_by": "rf_won_by",
               "revoke_facts/offending_side_tricks_after": "rf_after", "revoke_facts/card": "rf_card",
               "revoke_facts/suit_led": "rf_suit_led", "revoke_facts": "rf_trick",
               "revoke_facts/likely_without_revoke": "rf_likely", "revoke_facts/likely_reason": "rf_likely_reason",
               "likely_without_revoke": "likely", "likely_reason": "likely_reason", "offender_card": "offender_card"}
_SIMPLE = ("contract", "declarer", "deal", "vulnerable", "table_result", "claim_declarer_tricks", "claim_by",
           "noticed", "board", "event", "room", "hand_record", "table_tricks", "dealer", "file", "pbn", "play",
           "discovered", "missing_found", "upload")


_FLAT_CARD = re.compile(r"^card (\d+): ")


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem with the director's input.

    Attributes:
        field: the form field it belongs to (``"play"``, ``"rf_trick"``, ``"hand_N"``...), or
            ``""`` when it concerns the whole form.
        text: the message as shown, e.g. ``"Play, trick 5, card 3: 'X7' is not a card"``.
    """

    field: str
    text: str

    def __str__(self) -> str:
        return self.text


def where(lang: str, path: str) -> tuple[str, str]:
    """``(form field, words)`` for an error ``path`` of the engine or the API.

    A flat play index ``play/i`` is trick ``i // 4 + 1``, card ``i % 4 + 1``; the tricks form
    ``play/t/c`` is trick ``t + 1``, card ``c + 1``; ``pbn/...`` is the same inside the PBN text.
    ``hands/N`` is North's hand; ``move_card/i`` and ``move_to/i`` the Law 13/14 form's row ``i + 1``
    ("this card was in that hand"). Unknown paths are shown with spaces for slashes. ``("", "")``
    for the empty path.
    """
    parts = [p for p in path.split("/") if p]
    if not parts:
        return "", ""
    if parts[0] == "pbn":
        _, inner = where(lang, "/".join(parts[1:]))
        words = gettext(lang, "where_pbn")
        return "pbn", f"{words}, {inner}" if inner else words
    if parts[0] == "play" and len(parts) >= 2 and all(p.isdigit() for p in parts[1:3]):
        if len(parts) >= 3:
            trick, card = int(parts[1]) + 1, int(parts[2]) + 1
        else:
            trick, card = int(parts[1]) // 4 + 1, int(parts[1]) % 4 + 1
        return "play", gettext(lang, "where_trick_card", trick=trick, card=card)
    if parts[0] in ("move_card", "move_to") and len(parts) == 2 and parts[1].isdigit():  # a row of the 13/14 form
        return f"{parts[0]}/{parts[1]}", gettext(lang, "where_move_row", row=int(parts[1]) + 1)
    if parts[0] == "hands" and len(parts) >= 2 and parts[1] in ("N", "E", "S", "W"):
        return f"hand_{parts[1]}", gettext(lang, f"where_hand_{parts[1]}")
    if parts[0] in ("claim", "position") and len(parts) > 1:
        return _claim_where(lang, parts)
    key = "/".join(parts[:2]) if parts[0] == "revoke_facts" and len(parts) > 1 else parts[0]
    if key in _FORM_FIELD:
        return _FORM_FIELD[key], gettext(lang, "where_" + key.replace("/", "_"))
    if key in _SIMPLE:
        return key, gettext(lang, f"where_{key}")
    return parts[0], fallback(lang, " ".join(parts))


# a claim request's field -> (the claim page's form field, the words' key)
_CLAIM_FIELD = {"claim/by": ("by", "where_claim_by"), "claim/tricks": ("tricks", "where_claim_tricks"),
                "claim/kind": ("kind", "where_claim_kind"), "claim/statement": ("st_steps", "where_claim_statement"),
                "claim/findings": ("", "where_claim_findings"), "position/trick": ("trick", "where_claim_trick"),
                "position/trump": ("trump", "where_claim_trump"), "position/leader": ("leader", "where_claim_leader"),
                "position/declarer": ("pos_declarer", "where_declarer"),
                "position/contract": ("pos_contract", "where_contract"),
                "position/tricks_won": ("won_ns", "where_claim_won"),
                "position/shown_out": ("shown_out", "where_claim_shown")}


def _claim_where(lang: str, parts: list[str]) -> tuple[str, str]:
    """``where`` for a claim request's path (``claim/...``, ``position/...``): the statement's
    step ``claim/statement/steps/<i>`` is step ``i + 1`` of the list, a hand of the position is
    that seat's hand field, the cards played after the claim their field."""
    if parts[:3] == ["claim", "statement", "steps"] and len(parts) > 3 and parts[3].isdigit():
        return "st_steps", gettext(lang, "where_claim_step", step=int(parts[3]) + 1)
    if parts[:3] == ["claim", "findings", "played_after_claim"]:
        return "played_after", gettext(lang, "where_claim_after")
    if parts[:2] == ["position", "hands"] and len(parts) > 2 and parts[2] in ("N", "E", "S", "W"):
        return f"hand_{parts[2]}", gettext(lang, f"where_hand_{parts[2]}")
    field, key = _CLAIM_FIELD.get("/".join(parts[:2]), ("", "where_claim_position" if parts[0] == "position"
                                                        else "where_claim_statement"))
    return field, gettext(lang, key)


def problem(lang: str, path: str, message: str) -> Problem:
    """A :class:`Problem` from an error's ``path`` and ``message``: ``"<where>: <message>"``,
    the first letter capitalised."""
    field, words = where(lang, path)
    said = words and message.lower().startswith(words.lower())  # the message already says where
    text = f"{words}: {message}" if words and not said else message
    return Problem(field, text[:1].upper() + text[1:])


def validation_problems(lang: str, exc: ValidationError) -> list[Problem]:
    """Every problem pydantic found (all at once), each placed by its field. A union's branch
    names (``list[str]``) are dropped from the location; the message is said in ``lang``
    (:func:`app.web.words.pydantic_text`)."""
    out = []
    for err in exc.errors():
        loc = [str(x) for x in err["loc"] if not (isinstance(x, str) and ("[" in x or x.startswith("function")))]
        english = str(err["msg"]).removeprefix("Value error, ")
        msg = pydantic_text(lang, err)
        flat = _FLAT_CARD.match(english) if loc[:1] == ["play"] else None
        if flat:  # "card 17: ..." of a flat play: trick 5, card 1
            i = int(flat.group(1)) - 1
            error = (err.get("ctx") or {}).get("error")
            if not (isinstance(error, InvalidBoardError) and error.key):  # the reason without "card 17: "
                msg = fallback(lang, english[flat.end():])
            loc = ["play", str(i)]
        out.append(problem(lang, "/".join(loc), msg))
    return _unique(out)


def field_errors(problems: Sequence[Problem]) -> dict[str, list[str]]:
    """The problems by form field (those of the whole form under ``""``)."""
    out: dict[str, list[str]] = {}
    for p in problems:
        out.setdefault(p.field, []).append(p.text)
    return out


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[str] = set()
    out = []
    for p in problems:
        if p.text not in seen:
            seen.add(p.text)
            out.append(p)
    return out
