"""A traveller line the director corrects (issue 36): a spot of a results file that could not be
read (:class:`~engine.records.results.model.ReadProblem`) is typed again, and the line is read
with the readers' own functions, as any traveller line of a file is, before it joins the stored
traveller.

Pure: the caller gives the typed values and the board's vulnerability; the store keeps the line
and marks the problem corrected (``app/storage``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from engine.errors import InvalidBoardError, ResultsFileError, clip
from engine.model.seats import Vulnerability
from engine.records.results.model import (
    LINE_FIELDS,
    PASSED_OUT,
    ReadProblem,
    TravellerLine,
    law77_score,
    normal_contract,
    pair_number,
    read_int,
    read_lead,
    read_score,
    read_seat,
)

T = TypeVar("T")

TYPED_CHARS = 40
"""The most characters of a typed value read (a pair number, a contract...); longer is refused."""


def prefill(problem: ReadProblem) -> dict[str, str]:
    """The correction form's fields for ``problem``: every name of
    :data:`~engine.records.results.model.LINE_FIELDS`, with what the file had on the line as
    written (``""`` where it had nothing or the reader does not say)."""
    had = dict(problem.cells)
    return {name: had.get(name, "") for name in LINE_FIELDS}


def corrected_line(problem: ReadProblem, typed: Mapping[str, str],
                   vulnerability: Vulnerability | None = None) -> TravellerLine:
    """The traveller line of board ``problem.board`` as the director typed it, read as the
    readers read a file's line: the contract by :func:`~engine.records.results.model.normal_contract`
    (``"3N"``, ``"4SX"``, ``"Pass"``...), the declarer by
    :func:`~engine.records.results.model.read_seat`, the lead by
    :func:`~engine.records.results.model.read_lead`, the tricks 0-13, the score within
    -7600..7600 (:func:`~engine.records.results.model.read_score`). With no score typed,
    North-South's score is Law 77's for the contract, declarer and tricks (Law 77,
    :func:`~engine.records.results.model.law77_score`, the board's ``vulnerability``, or Law 2's
    cycle by the board number when ``None``); a score typed beside them must be that score.

    Args:
        problem: the spot being corrected (its board and line name the line in the messages).
        typed: the form's fields by the names of :data:`~engine.records.results.model.LINE_FIELDS`
            (missing ones are empty): section, table, round, ns_pair, ew_pair, contract,
            declarer, lead, tricks (the declarer's side's, 0-13), ns_score (North-South's points).
        vulnerability: the board's vulnerability from its hand record, ``None`` when not stored.

    Returns:
        The line, with no program matchpoints or IMPs (the program never scored it).

    Raises:
        InvalidBoardError: ``path`` the field (``"contract"``, ``"declarer"``, ``"lead"``,
            ``"tricks"``, ``"ns_score"``, ``"table"``, ``"round"``, ``"ns_pair"``...): a value that
            cannot be read or is out of range (the readers' keys ``results_bad_value``,
            ``results_out_of_range``, said at "board 1, line 95"), a missing one (key
            ``correction_missing``), or a score that is not Law 77's for the result (key
            ``correction_score_differs``). ``path`` ``"problem"`` (key ``correction_not_a_line``):
            the problem is on a deal, not a traveller line.
    """
    board = problem.board
    where = f"board {board}, line {problem.line}"
    if not problem.on_line:
        raise InvalidBoardError(f"board {board or '-'}: the problem is not on a traveller line, so there is no "
                                "line to correct", path="problem", key="correction_not_a_line",
                                params={"board": board or "-"})
    got = {name: str(typed.get(name, "") or "").strip() for name in LINE_FIELDS}
    for name, text in got.items():
        if len(text) > TYPED_CHARS:
            raise InvalidBoardError(f"{where}: the {name} {clip(text, 24)!r} is too long", path=name,
                                    key="results_bad_value", params={"where": where, "what": name,
                                                                     "text": clip(text, 24)})

    def read(name: str, how: Callable[[str], T]) -> T:
        try:
            return how(got[name])
        except ResultsFileError as exc:
            raise InvalidBoardError(exc.message, path=name, key=exc.key, params=exc.params) from None

    def need(name: str) -> None:
        if not got[name]:
            raise InvalidBoardError(f"{where}: give the {name}", path=name, key="correction_missing",
                                    params={"where": where, "what": name})

    need("contract")
    contract = read("contract", lambda t: normal_contract(t, where))
    declarer = tricks = None
    if contract != PASSED_OUT:
        need("declarer")
        declarer = read("declarer", lambda t: read_seat(t, where))
        need("tricks")
        tricks = read("tricks", lambda t: read_int(t, where, "tricks", 0, 13))
    lead = read("lead", lambda t: read_lead(t, where)) if contract != PASSED_OUT else None
    law77 = 0 if contract == PASSED_OUT or declarer is None or tricks is None else \
        law77_score(board, contract, declarer, tricks, vulnerability)
    ns_score = law77
    if got["ns_score"]:
        ns_score = read("ns_score", lambda t: read_score(t, where))
        if ns_score != law77:
            raise InvalidBoardError(
                f"{where}: the score {ns_score} is not North-South's score for that result ({law77}, Law 77): "
                "leave the score empty to have it computed", path="ns_score", key="correction_score_differs",
                params={"where": where, "score": ns_score, "law77": law77})
    section, ns_pair = pair_number(got["ns_pair"])
    _, ew_pair = pair_number(got["ew_pair"])
    return TravellerLine(
        board=board, section=got["section"] or section, round=read("round", lambda t: read_int(t, where, "round")),
        table=read("table", lambda t: read_int(t, where, "table")), ns_pair=ns_pair, ew_pair=ew_pair,
        contract=contract, declarer=declarer, lead=lead, tricks=tricks, ns_score=ns_score)


__all__ = ["TYPED_CHARS", "corrected_line", "prefill"]
