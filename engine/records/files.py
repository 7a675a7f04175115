"""Record files in either format a director meets: PBN, or LIN (Bridge Base Online), told apart
by their content, never by the file's name (a vugraph record saved as ``.txt`` is still LIN).

Both readers give :class:`engine.records.pbn_game.PbnGame` values, so everything downstream (boards,
screenings, rulings, hand records) reads either format the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from engine.model.contract import Contract
from engine.model.play import PlayRecord
from engine.records import lin, pbn, pbn_text
from engine.records.pbn_game import PbnGame

RECORD_SUFFIXES = (".pbn", ".lin")  # the files a folder screening reads (any case: .PBN, .LIN)


def record_format(text: str) -> Literal["pbn", "lin"]:
    """``"lin"`` when ``text`` reads as LIN (:func:`engine.records.lin.looks_like_lin`), else ``"pbn"``."""
    return "lin" if lin.looks_like_lin(text) else "pbn"


def read_games(text: str) -> list[PbnGame]:
    """Every game of a PBN or LIN text, in file order (:func:`engine.records.pbn.loads` or
    :func:`engine.records.lin.loads` by :func:`record_format`).

    Raises:
        PbnError: as the reader of the text's format raises (a malformed PBN tag line; a LIN
            record whose deal cannot be read).
    """
    return lin.loads(text) if record_format(text) == "lin" else pbn.loads(text)


def load_games(path: str | os.PathLike[str]) -> list[PbnGame]:
    """Every game of a PBN or LIN file; the bytes decoded as :func:`engine.records.pbn_text.decode` does.

    Raises:
        OSError: the file cannot be read.
        PbnError: as :func:`read_games`.
    """
    return read_games(pbn_text.decode(Path(path).read_bytes()))


def claim_tricks(game: PbnGame, record: PlayRecord, contract: Contract) -> int | None:
    """The tricks the claim gives the declarer's side of those the record does not show
    (``RevokeFacts.claim_declarer_tricks``), from a LIN record's claim (tag ``Claim``: the
    declarer's total, BBO's ``mc|``): the total less the tricks the declarer's side won in the
    completed tricks. ``None``: no claim figure, a record played out, or a figure the record
    contradicts (more than the tricks left, or fewer than already won).
    """
    text = game.tags.get("Claim", "").strip()
    if not text.isdigit() or record.is_complete:
        return None
    won = record.tricks_won_by(contract.declaring_side.seats)
    left = 13 - record.completed_tricks
    split = int(text) - won
    return split if 0 <= split <= left else None
