"""Record files in either format a director meets: PBN, or LIN (Bridge Base Online), told apart
by their content, never by the file's name (a vugraph record saved as ``.txt`` is still LIN).

Both readers give :class:`engine.pbn.PbnGame` values, so everything downstream (boards,
screenings, rulings, hand records) reads either format the same way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from engine import lin, pbn
from engine.pbn import PbnGame

RECORD_SUFFIXES = (".pbn", ".lin")  # the files a folder screening reads (any case: .PBN, .LIN)


def record_format(text: str) -> Literal["pbn", "lin"]:
    """``"lin"`` when ``text`` reads as LIN (:func:`engine.lin.looks_like_lin`), else ``"pbn"``."""
    return "lin" if lin.looks_like_lin(text) else "pbn"


def read_games(text: str) -> list[PbnGame]:
    """Every game of a PBN or LIN text, in file order (:func:`engine.pbn.loads` or
    :func:`engine.lin.loads` by :func:`record_format`).

    Raises:
        PbnError: as the reader of the text's format raises (a malformed PBN tag line; a LIN
            record whose deal cannot be read).
    """
    return lin.loads(text) if record_format(text) == "lin" else pbn.loads(text)


def load_games(path: str | os.PathLike[str]) -> list[PbnGame]:
    """Every game of a PBN or LIN file; the bytes decoded as :func:`engine.pbn.decode` does.

    Raises:
        OSError: the file cannot be read.
        PbnError: as :func:`read_games`.
    """
    return read_games(pbn.decode(Path(path).read_bytes()))
