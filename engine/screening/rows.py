"""A screened game's row (:class:`engine.screening.report.ScreeningRow`): ruled (a revoke and its
ruling in a few characters, :func:`revoke_text`), flagged (the error's own message, with a hint when
the ``[Play]`` tag's opening leader is not declarer's left-hand opponent) or flagged as a probable
recording error (:mod:`engine.screening.recording`); the reasons keyed for the catalogues
(``error.<key>``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import AdvisorError, InvalidBoardError
from engine.laws.revoke import Revoke, RevokeKind
from engine.records.pbn_game import PbnGame
from engine.rulings.revoke_advice import RevokeAdvice, RevokeRuling
from engine.screening.recording import ErrorKind, Finding, Reading, finding_error
from engine.screening.report import ScreeningRow


def _message(exc: BaseException) -> str:
    if isinstance(exc, AdvisorError):
        return str(exc)
    return f"unexpected error (please report): {type(exc).__name__}: {exc}"


def _flagged(file: str, game: PbnGame, exc: Exception) -> ScreeningRow:
    contract = declarer = None
    reason = _message(exc)
    keyed = exc if isinstance(exc, InvalidBoardError) and exc.key else None
    try:
        c = game.contract()
    except AdvisorError:
        pass
    else:
        contract, declarer = str(c), c.declarer.value
        leader = game.play_section.leader if game.play_section is not None else c.declarer.lho
        if leader != c.declarer.lho:  # the usual cause of "not in N's hand" at trick 1
            hint = (f" [the Play tag names {leader.value} as the opening leader, but declarer "
                    f"{c.declarer.value}'s left-hand opponent is {c.declarer.lho.value}: the Declarer or the "
                    "Play tag is wrong]")
            keyed = _keyed(reason + hint, exc, key="flag_leader_hint", leader=leader.value,
                           declarer=c.declarer.value, lho=c.declarer.lho.value)
            reason += hint
    return ScreeningRow(file, game.board, game.room, game.lineno, "flagged", contract=contract, declarer=declarer,
                        recorded_result=game.result_tricks(), marked_revokes=tuple(str(x) for x in game.revoke_marks()),
                        reason=reason, reason_error=keyed)


def _keyed(message: str, exc: Exception, *, key: str, **params: object) -> InvalidBoardError | None:
    """``message`` keyed (``error.<key>``) around ``exc``'s own keyed reason (param ``reason``);
    ``None`` when ``exc`` has no key (its text is then all there is)."""
    if not (isinstance(exc, InvalidBoardError) and exc.key):
        return None
    return InvalidBoardError(message, key=key, params={"reason": exc, **params})


def revoke_text(ruling: RevokeRuling) -> str:
    """One revoke and its ruling in a few characters: ``"T3 S D4 on H, 64A2 x1"``.

    Trick, offender (``(dummy)`` when the card came from dummy), card, what was broken (``on H``:
    the suit led; ``not penalty card SA``; ``against lead restriction``), then the law deciding
    the trick adjustment (64A1/64A2, a 64B exemption, or 62A/62C3/62D1 for a corrected revoke)
    and the tricks transferred to the non-offending side.
    """
    r, e, t = ruling.revoke, ruling.establishment, ruling.transfer
    law = e.correction.value if e.correction is not None and (t is None or not t.exemptions) else \
        (t.law if t is not None else e.law)
    who = f"{r.offender.value}{' (dummy)' if r.by_dummy else ''}"
    if r.kind is RevokeKind.FAILURE_TO_FOLLOW:
        what = f"on {r.suit.value if r.suit else '?'}"
    elif r.kind is RevokeKind.PENALTY_CARD:
        what = "not penalty card " + "/".join(str(c) for c in sorted(r.alternatives))
    else:
        what = "against lead restriction"
    return f"T{r.trick} {who} {r.card or '?'} {what}, {law} x{t.tricks if t is not None else 0}"


def _ruled(file: str, game: PbnGame, a: RevokeAdvice) -> ScreeningRow:
    b, c = a.board, a.board.contract
    return ScreeningRow(
        file, game.board, game.room, game.lineno, "ruled",
        revokes=tuple(revoke_text(x) for x in a.rulings), contract=str(c), declarer=c.declarer.value,
        table_tricks=a.table_tricks, after_adjustment=a.after_adjustment, suggested_tricks=a.suggested_tricks,
        suggested_result=a.suggested_result, suggested_law=a.suggested_law, score_ns_suggested=a.score_ns_suggested,
        law_64c_applies=a.law_64c.applies, claim_assumed=a.claim.assumed, recorded_result=b.recorded_result,
        marked_revokes=tuple(str(x) for x in b.marked_revokes),
    )


def _recording_error(file: str, game: PbnGame, revokes: Sequence[Revoke], reading: Reading) -> ScreeningRow:
    """A record whose failures to follow read more plausibly as a mistake in the record: flagged,
    not ruled; both readings kept (the revokes as found, the correction with its record)."""
    error = reading.errors[0]
    c = game.contract()
    corrected = None if error.kind is ErrorKind.TWO_IN_A_TRICK else " ".join(str(x) for x in error.play)
    keyed = finding_error(reading)
    reason = keyed.message
    return ScreeningRow(
        file, game.board, game.room, game.lineno, "flagged",
        revokes=tuple(f"T{r.trick} {r.offender.value} {r.card} on {r.suit.value if r.suit else '?'}" for r in revokes),
        contract=str(c), declarer=c.declarer.value, recorded_result=game.result_tricks(),
        marked_revokes=tuple(str(x) for x in game.revoke_marks()),
        reason=reason, finding=Finding.RECORDING_ERROR.value,
        recording_error=reason.removeprefix(f"{Finding.RECORDING_ERROR.value}: "),
        corrected_play=corrected, reason_error=keyed,
    )
