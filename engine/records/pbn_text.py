"""The text of a record file before it is read: its bytes decoded (:func:`decode`: UTF-16 when
the bytes are UTF-16 text, else UTF-8, else cp1252, else latin-1; the one decoding of every record
and results file: a PBN of hand records, of play, a ruling's or a screening's upload, a results
file), and the quick checks that an upload or a pasted text can be a PBN or LIN
file at all (:func:`upload_text`, :func:`check_text`, :func:`looks_like_lin`), each refusal a
:class:`~engine.errors.PbnError` in the director's words that never repeats the file's bytes.
"""

from __future__ import annotations

import re

from engine.errors import PbnError


def decode(data: bytes) -> str:
    """The text of a record or results file's bytes: the one decoding of every reader and upload
    (:func:`~engine.records.pbn.load`, :func:`upload_text` for the page's and the API's uploads of
    records, rulings and screenings, :func:`engine.records.results.read_results`).

    UTF-16 when the bytes are UTF-16 text (:func:`utf16_encoding`: Windows' "Unicode" text, with or
    without a byte order mark; issue 36: the rulings' and screenings' uploads refused what the
    results reader read), else UTF-8, else cp1252, else latin-1; a leading byte order mark is
    dropped. Decoding never fails.
    """
    utf16 = utf16_encoding(data)
    if utf16 is not None:
        return data.decode(utf16).lstrip("\ufeff")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def utf16_encoding(data: bytes) -> str | None:
    """``"utf-16"`` when ``data`` starts with a UTF-16 byte order mark, ``"utf-16-le"`` or
    ``"utf-16-be"`` when it has none but reads as UTF-16 text (in its first 4 KiB, every other
    byte NUL in at least half the characters, never the bytes between, and the whole decodes),
    else ``None``. Windows programs save "Unicode" text so (issue 36: such files were called
    binary data)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) and not data.startswith(b"\xff\xfe\x00\x00"):
        encoding = "utf-16"
    else:
        head = data[:4096]
        if len(head) < 4 or len(data) % 2:
            return None
        even, odd = head[0::2], head[1::2]
        if odd.count(0) * 2 >= len(odd) and even.count(0) == 0:
            encoding = "utf-16-le"
        elif even.count(0) * 2 >= len(even) and odd.count(0) == 0:
            encoding = "utf-16-be"
        else:
            return None
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return None
    return encoding


_TAG_START = re.compile(r'\[\s*\w+\s*"')
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0e-\x19\x1b-\x1f\x7f]")  # not tab, CR, LF, FF, VT, DOS's EOF
_LIN = re.compile(r"(?:^|\|)(?:pn|qx|md|st|vg|rh|ah|sv|mb|pc|pg)\|", re.IGNORECASE)
_PBN_TAG_LINE = re.compile(r'^\s*\[\s*\w+\s*"', re.MULTILINE)
_CONTROL_CHARS = re.compile("[\x00-\x08\x0e-\x19\x1b-\x1f\x7f]")


def upload_text(data: bytes) -> str:
    """The text of an uploaded (or read) PBN file, once its bytes look like one: decoded as
    :func:`decode` does, then checked by :func:`check_text`.

    UTF-16 text (with or without a byte order mark, :func:`utf16_encoding`) is read as the same
    text in 8 bits would be (issue 36).

    Raises:
        PbnError: path ``"file"``, message ``"not a PBN file: <why>"``: the file is empty; it is
            UTF-32 or other bytes with NULs that are not UTF-16 text; it is compressed (gzip, zip)
            or other binary data (control bytes); or as :func:`check_text`. The message never
            repeats the file's bytes.
    """
    why = _not_text(data) if utf16_encoding(data) is None else None
    if why is not None:
        raise PbnError(f"not a PBN file: {why}", path="file", key="not_pbn_bytes", params={"why": why})
    text = decode(data)
    check_text(text, path="file")
    return text


def check_text(text: str, *, path: str = "pbn") -> None:
    """Check that ``text`` (a file's text, or a game pasted in) can be a record file at all,
    quickly (a few regular-expression passes, whatever its size), before it is read: PBN, or LIN
    (Bridge Base Online's format, which :func:`engine.records.files.read_games` reads with
    :mod:`engine.records.lin`).

    Raises:
        PbnError: ``path``, message ``"not a PBN file: <why>"``: nothing but blank lines; NUL
            or other control characters; no tag ``[Name "value"]`` anywhere and no LIN pair
            (notes, 5 MiB of ``{``...).
    """
    if not text.strip():
        raise PbnError("not a PBN file: it is empty or holds only blank lines" if text else
                       "not a PBN file: it is empty", path=path, key="not_pbn_blank" if text else "not_pbn_empty")
    if _CONTROL_CHARS.search(text, 0, 65536):
        raise PbnError("not a PBN file: it holds binary data (control characters)", path=path, key="not_pbn_binary")
    if _TAG_START.search(text) is None:
        if looks_like_lin(text):
            return  # a LIN file (Bridge Base Online's format): engine.records.files reads it with engine.records.lin
        raise PbnError('not a PBN file: no tag such as [Board "1"] or [Deal "N:..."] was found', path=path,
                       key="not_pbn_no_tag")


def looks_like_lin(text: str) -> bool:
    """Whether ``text`` is LIN (Bridge Base Online's format, read by :mod:`engine.records.lin`) rather
    than PBN: in its first 4 KiB, a LIN pair (``pn|``, ``qx|``, ``md|``, ``st|``, ``vg|``, ``ah|``,
    ``sv|``, ``mb|``, ``pc|``...) comes before any PBN tag line."""
    head = text.lstrip("\ufeff \t\r\n")[:4096]
    lin = _LIN.search(head)
    pbn = _PBN_TAG_LINE.search(head)
    return lin is not None and (pbn is None or lin.start() < pbn.start())


def _not_text(data: bytes) -> str | None:
    """Why ``data`` cannot be the bytes of a PBN file (which is 8-bit text), or ``None``."""
    if not data:
        return "the file is empty"
    if data.startswith(b"\x1f\x8b"):
        return "the file is compressed (gzip): unpack it first"
    if data.startswith((b"PK\x03\x04", b"7z\xbc\xaf", b"Rar!")):
        return "the file is an archive (zip, 7z, rar): unpack it first"
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) or b"\x00" in data[:65536]:
        return "the file is UTF-32 text or binary data: save it as UTF-8 or ANSI (Windows-1252) text"
    if _CONTROL_BYTES.search(data, 0, 65536):
        return "the file holds binary data (control bytes)"
    return None
