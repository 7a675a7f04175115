"""A session's results as the scoring and dealing programs write them, read into one shape
(:class:`SessionResults`: hand records and traveller lines), the format told by the content,
never by the file's name.

Formats: PBN with ``[ScoreTable]`` (Magic Contest, OKbridge) or deals only (BigDeal,
BridgeComposer), USEBIO 1.2 XML (Compscore3, NZ Scorer via scorer-to-usebio; teams ``MATCH`` elements:
a line per room), NZ Bridge
Scorer's own XML, Bridgemate ``.bws`` (MS Access), DealMaster ``.dlm`` and JFR Pary's or KoPS's HTML board
pages (one board each). Pure: no web code.
"""

from __future__ import annotations

import re

from engine.errors import PbnError, ResultsFileError
from engine.records.pbn_text import check_text, decode, utf16_encoding
from engine.records.results.bws import is_access, read_bws
from engine.records.results.dlm import looks_like_dlm, read_dlm
from engine.records.results.jfr import looks_like_jfr, read_jfr
from engine.records.results.model import (
    PASSED_OUT,
    ReadProblem,
    SessionResults,
    TravellerLine,
    check_readable,
    check_size,
    traveller_matchpoints,
    travellers,
)
from engine.records.results.pbn_tables import read_pbn_results
from engine.records.results.usebio import parse_xml, read_nz_scorer, read_usebio

__all__ = ["PASSED_OUT", "ReadProblem", "SessionResults", "TravellerLine", "read_results", "traveller_matchpoints",
           "travellers"]

FORMATS = ("PBN (hand records or results tables)", "USEBIO XML", "NZ Scorer XML", "a Bridgemate .bws database",
           "a DealMaster .dlm file")

_NOT_RESULTS = ("not a results file the advisor reads: it is none of PBN (hand records or a results table), "
                "USEBIO XML, NZ Scorer XML, a Bridgemate .bws database or a DealMaster .dlm file")


_XML_ENCODING = re.compile(r"""^(\s*<\?xml[^>]*?)\s+encoding\s*=\s*["'][^"']*["']""")
"""The encoding an XML declaration names, dropped when the text is re-encoded in UTF-8."""


def read_results(data: bytes) -> SessionResults:
    """Read a session's results file of any supported format, told by its content.

    Args:
        data: the file's bytes as uploaded: UTF-8, Windows-1252 or Latin-1, or UTF-16 with or
            without a byte order mark (:func:`~engine.records.pbn_text.utf16_encoding`).

    Returns:
        Its deals and traveller lines (:class:`SessionResults`); a traveller line or deal with a
        value that cannot be read is left out and named in ``problems`` (issue 36), the rest read.

    Raises:
        ResultsFileError: path ``"file"``: key ``results_not_recognised`` when the bytes are none
            of the formats (empty, binary, another program's file); or the format reader's own
            error (damaged or unsafe XML, unreadable database, bad ``.dlm`` checksum; a value
            that cannot be read when no traveller line nor deal of the file can be); keys
            ``results_too_many_lines``, ``_boards``, ``_cells``: more
            traveller lines, boards or web-page cells than a session has
            (:data:`~engine.records.results.model.MAX_LINES`, ``MAX_BOARDS``, ``MAX_CELLS``).
        InvalidBoardError, PbnError: path ``"file"``: a PBN file whose deals cannot be used, as
            :func:`engine.records.handrecords.hand_records_from_pbn` says.
    """
    return check_size(check_readable(_read(data)))


def _read(data: bytes) -> SessionResults:
    """:func:`read_results` before its size is checked."""
    if not data.strip():
        raise ResultsFileError(f"{_NOT_RESULTS} (the file is empty)", key="results_empty")
    if is_access(data):
        return read_bws(data)
    if utf16_encoding(data) is not None:  # Windows "Unicode" text: read as the same text in UTF-8
        data = _XML_ENCODING.sub(r"\1", decode(data), count=1).encode("utf-8")
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head[:14].lower().startswith((b"<!doctype html", b"<html")):
        page = decode(data)
        if looks_like_jfr(page):
            return read_jfr(page)
        raise ResultsFileError(f"{_NOT_RESULTS} (a web page, but not a board page of JFR Pary or KoPS)",
                               key="results_html")
    if head.startswith(b"<"):
        root = parse_xml(data)
        if root.tag == "USEBIO":
            return read_usebio(root)
        if root.tag == "session" and root.find("board_results") is not None:
            return read_nz_scorer(root)
        raise ResultsFileError(f"{_NOT_RESULTS} (an XML file, but not USEBIO)", key="results_xml_other")
    text = decode(data)
    if looks_like_dlm(text):
        return read_dlm(text)
    if b"\x00" in data[:65536]:
        raise ResultsFileError(f"{_NOT_RESULTS} (binary data)", key="results_binary")
    try:
        check_text(text, path="file")
    except PbnError:
        raise ResultsFileError(_NOT_RESULTS, key="results_not_recognised") from None
    return read_pbn_results(text)
