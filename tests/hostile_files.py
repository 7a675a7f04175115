"""The hostile results files of issue 35's red team, made from the real club files in
``../shared/data/club-files`` by changing a few bytes (the files themselves are never kept: each
test writes them afresh).

- :func:`looping_bws`: a Bridgemate ``.bws`` whose catalogue's table definition (Jet page 2, the
  ``MSysObjects`` TDEF) says it continues on page 2 itself: 4 bytes changed (the TDEF header's
  ``next_page_ptr``, a little-endian uint32 at byte 4 of the page). access-parser 0.0.6's
  ``_merge_table_data`` follows that chain for ever, its buffer growing at every turn.
- :func:`wide_jfr`: a JFR Pary board page whose first traveller cell says ``colspan="100000000"``
  (the red team's 12.5 KB page that took 1.3 GiB).
- :func:`overlapping_bws`: a ``.bws`` of 5 MiB (the upload limit) whose added data pages, each owned
  by ``ReceivedData``, point ~490 times at one real row of the table (every other record offset a
  deleted-row marker, so each pair of offsets makes a row of the same bytes): over a million
  traveller lines.

The Jet 3 page layout (2,048-byte pages; a data page: ``01 01``, free space uint16, owner page
uint32, record count uint16, then the record offsets uint16, the rows packed from the page's end;
an offset with bit 15 set is a deleted row) is as access-parser 0.0.6 reads it
(``access_parser.parsing_primitives.parse_data_page_header`` and ``TDEF_HEADER``) and as
mdbtools' HACKING document describes it.
"""

from __future__ import annotations

import struct
from pathlib import Path

CLUB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "club-files"
BWS = CLUB / "bws" / "jarronshih__bridgemate-ui" / "12tables1section.bws"
"""A real Bridgemate file (12 tables, 24 boards, 288 traveller lines)."""
JFR = CLUB / "jfr-html" / "jarekczek__pbntools" / "WB120802" / "wb120802001.html"
"""A real JFR Pary board page (board 1, 9 traveller lines)."""
USEBIO = CLUB / "usebio" / "abftech__cobalt" / "mp_pairs_mitchell.xml"
"""A real USEBIO file (27 boards, 512 traveller lines), the normal upload the sandbox's cost is measured on."""

PAGE = 2048
"""A Jet 3 database's page size (the ``.bws`` files are Jet 3)."""
CATALOGUE_PAGE = 2
"""The page of the catalogue's (``MSysObjects``) table definition in every Jet database."""
UPLOAD_LIMIT = 5 * 1024 * 1024
"""The service's upload limit (app.service.limits.UPLOAD_BYTES), which the overlapping file fills."""


def looping_bws() -> bytes:
    """:data:`BWS` with the catalogue's TDEF continuing on itself (4 bytes changed)."""
    data = bytearray(BWS.read_bytes())
    start = CATALOGUE_PAGE * PAGE
    assert data[start:start + 2] == b"\x02\x01", "page 2 is not a table definition"
    assert struct.unpack_from("<I", data, start + 4)[0] == 0, "the catalogue already continues"
    struct.pack_into("<I", data, start + 4, CATALOGUE_PAGE)
    return bytes(data)


def wide_jfr() -> bytes:
    """:data:`JFR` with ``colspan="100000000"`` on its first traveller line's first cell."""
    text = JFR.read_bytes()
    cell = b'<td class="noc">'
    assert cell in text, "no traveller cell"
    return text.replace(cell, b'<td class="noc" colspan="100000000">', 1)


def _received_data_page(data: bytes) -> tuple[int, bytes]:
    """The owner (its TDEF's page number) and one row's bytes of a ``ReceivedData`` data page of
    :data:`BWS`: the table whose data pages hold the most rows (the traveller lines)."""
    pages: dict[int, list[tuple[int, list[int]]]] = {}
    for n in range(len(data) // PAGE):
        page = data[n * PAGE:(n + 1) * PAGE]
        if page[:2] != b"\x01\x01":
            continue
        owner = struct.unpack_from("<I", page, 4)[0]
        count = struct.unpack_from("<H", page, 8)[0]
        offsets = list(struct.unpack_from(f"<{count}H", page, 10))
        pages.setdefault(owner, []).append((n, offsets))
    owner = max(pages, key=lambda o: sum(len(offs) for _, offs in pages[o]))
    n, offsets = pages[owner][0]
    first = offsets[0] & 0x0FFF  # the first record runs to the page's end
    return owner, data[n * PAGE + first:(n + 1) * PAGE]


def overlapping_bws(size: int = UPLOAD_LIMIT) -> bytes:
    """:data:`BWS` grown to ``size`` bytes with data pages of ``ReceivedData`` whose record offsets
    all point at one real row (a deleted-row marker between two, so that each pair reads the
    row again): about 490 rows a page, over a million in 5 MiB."""
    data = BWS.read_bytes()
    owner, row = _received_data_page(data)
    start = PAGE - len(row)
    pairs = (start - 10) // 4
    offsets = [start, 0x8000 | PAGE] * pairs
    page = bytearray(PAGE)
    struct.pack_into("<2sHIH", page, 0, b"\x01\x01", 0, owner, len(offsets))
    struct.pack_into(f"<{len(offsets)}H", page, 10, *offsets)
    page[start:] = row
    extra = (size - len(data)) // PAGE
    return data + bytes(page) * extra


def rows_per_page() -> int:
    """How many traveller lines each added page of :func:`overlapping_bws` makes."""
    _, row = _received_data_page(BWS.read_bytes())
    return (PAGE - len(row) - 10) // 4
