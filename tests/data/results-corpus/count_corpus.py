"""Count every results file of the corpus WITHOUT the project's readers, and write manifest.json.

Run from the repository: ``python tests/data/results-corpus/count_corpus.py`` (Python standard
library; ``mdb-export`` of mdbtools for the Bridgemate ``.bws`` files). It imports nothing of
``engine``: the counts are the oracle that tests/engine/records/test_results_corpus.py holds the
readers to (issue 36: every board of a file read or named in the read problems).

What is counted, per format (``counted_by`` in each entry says it again):

- USEBIO XML (``xml.etree``): every ``TRAVELLER_LINE`` element; a traveller is the ``BOARD`` that
  holds them, keyed by the ``SECTION_ID`` of the ``SECTION`` around it (``""`` when none) and its
  ``BOARD_NUMBER``; teams files hold them in ``SESSION/MATCH/BOARD`` (one traveller per match and
  board). Deals: ``HANDSET/BOARD`` elements; ``lin_boards``: the boards (``BOARD_NUMBER``) with no
  ``HANDSET/BOARD`` whose traveller lines carry a ``LIN_DATA`` (BBO Extractor, RealBridge), each a deal
  to read or to name in the read problems. Artificial scores: ``SCORE`` values that are not whole
  numbers.
- NZ Bridge Scorer XML (``xml.etree``): every ``result`` element of ``board_results/brsection``
  but the phantom pair's sit-outs, which the file marks ``mp_ns="-9999"`` (no table played).
- PBN (plain text, line by line, ISO-8859-1): the data lines under each ``[ScoreTable "..."]`` tag
  up to the next tag, ``%`` comment or empty line, on the board of the nearest ``[Board]`` tag
  above; a table with a ``Multiplicity`` column (a frequency table) counts that many results a row.
  Deals: boards with a non-empty ``[Deal]``.
- Bridgemate ``.bws`` (``mdb-export``): the rows of ``ReceivedData`` by their ``Board`` column;
  deals: the rows of ``HandRecord``.
- JFR Pary board page (regular expression on the HTML): the traveller rows, those that open with
  ``<td class="n">&nbsp;</td>`` (the two header rows open with ``rowspan``).
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[3] / "shared" / "data"
"""../shared/data beside the repository (club-files and pbn-files)."""


def _int_board(text: str) -> str:
    t = (text or "").strip()
    return str(int(t)) if t.isdigit() else t


def count_usebio(path: Path) -> dict:
    root = ET.parse(path).getroot()
    event = root.find("EVENT")
    assert event is not None
    per_traveller: Counter[str] = Counter()
    per_board: Counter[str] = Counter()
    figures: Counter[str] = Counter()
    artificial: Counter[str] = Counter()
    sections: list[str] = []
    matches: list[ET.Element] = []

    def walk(el: ET.Element, section: str, match: str) -> None:
        for child in el:
            if child.tag == "SECTION":
                sid = child.get("SECTION_ID", "")
                sections.append(sid)
                walk(child, sid, match)
            elif child.tag == "MATCH":
                matches.append(child)
                walk(child, section, child.get("MATCH_ID", "") or f"match {len(matches)}")
            elif child.tag == "BOARD":
                lines = child.findall("TRAVELLER_LINE")
                if lines:
                    board = _int_board(child.findtext("BOARD_NUMBER", ""))
                    per_traveller[f"{section}|{match}|{board}"] += len(lines)
                    per_board[board] += len(lines)
                    for tl in lines:
                        score = (tl.findtext("SCORE") or "").strip()
                        if not re.fullmatch(r"-?\d+", score):
                            artificial[score] += 1
                        figures.update(c.tag for c in tl if c.tag.endswith(("_POINTS", "_MATCH_POINTS")))
            elif child.tag != "HANDSET":
                walk(child, section, match)

    walk(event, "", "")
    deals = sum(len(h.findall("BOARD")) for h in root.iter("HANDSET"))
    handset = {_int_board(b.findtext("BOARD_NUMBER", "")) for h in root.iter("HANDSET") for b in h.findall("BOARD")}
    lin_boards = {_int_board(b.findtext("BOARD_NUMBER", "")) for b in root.iter("BOARD")
                  if any((tl.findtext("LIN_DATA") or "").strip() for tl in b.findall("TRAVELLER_LINE"))} - handset
    stated = {k: v for k in ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "PAIRWISE_SCORING_METHOD")
              if (v := (event.findtext(k) or "").strip())}
    stated["EVENT_TYPE"] = event.get("EVENT_TYPE", "") or (event.findtext("EVENT_TYPE") or "").strip()
    program = " ".join(x for x in ((event.findtext("PROGRAM_NAME") or "").strip(),
                                   (event.findtext("PROGRAM_VERSION") or "").strip()) if x)
    return {"format": "usebio-teams" if root.find(".//MATCH") is not None else "usebio",
            "program": program, "scoring_stated": stated, "sections": sections,
            "travellers": len(per_traveller), "boards": sorted(per_board, key=_key), "lines": sum(per_board.values()),
            "lines_per_board": dict(sorted(per_board.items(), key=lambda kv: _key(kv[0]))),
            "deals": deals, "lin_boards": len(lin_boards), "artificial": dict(artificial), "figures": sorted(figures),
            "matches": len(matches),
            "counted_by": "xml.etree: TRAVELLER_LINE elements per BOARD (in SECTION / MATCH when present); "
                          "deals = HANDSET/BOARD elements; lin_boards = boards with no HANDSET/BOARD whose "
                          "lines carry LIN_DATA; artificial = SCORE values that are not whole numbers"}


def count_nz(path: Path) -> dict:
    root = ET.parse(path).getroot()
    per_board: Counter[str] = Counter()
    travellers: set[str] = set()
    sit_outs = 0
    artificial: Counter[str] = Counter()
    for sec in root.iter("brsection"):
        for res in sec.findall("result"):
            if res.get("mp_ns") == "-9999":
                sit_outs += 1
                continue
            board = _int_board(res.get("bd", ""))
            per_board[board] += 1
            travellers.add(f"{sec.get('id')}|{board}")
            if not re.fullmatch(r"-?\d+", res.get("score", "") or ""):
                artificial[f"score={res.get('score', '')!r} cont={res.get('cont', '')!r}"] += 1
    return {"format": "nz-scorer-xml", "program": "", "scoring_stated": {"scoring_type": root.get("scoring_type", "")},
            "sections": [s.get("sectid", "") for s in root.iter("section")], "travellers": len(travellers),
            "boards": sorted(per_board, key=_key), "lines": sum(per_board.values()),
            "lines_per_board": dict(sorted(per_board.items(), key=lambda kv: _key(kv[0]))), "deals": 0,
            "artificial": dict(artificial), "sit_outs": sit_outs, "figures": ["mp_ns", "mp_ew"],
            "counted_by": "xml.etree: result elements of board_results/brsection, less the phantom's sit-outs "
                          "(mp_ns=\"-9999\")"}


_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def count_pbn(path: Path) -> dict:
    text = path.read_bytes().decode("latin-1")
    per_board: Counter[str] = Counter()
    rows = 0
    deals: set[str] = set()
    stated: Counter[str] = Counter()
    program = ""
    columns: list[str] | None = None
    board = ""
    tables = 0
    artificial: Counter[str] = Counter()
    for raw in text.splitlines():
        line = raw.strip()
        if columns is not None:
            if not line or line.startswith(("[", "%")):
                columns = None
            else:
                values = line.split()
                rows += 1
                n = 1
                if "Multiplicity" in columns and len(values) == len(columns):
                    n = int(values[columns.index("Multiplicity")])
                per_board[board] += n
                if "Contract" in columns and len(values) > columns.index("Contract"):
                    c = values[columns.index("Contract")].strip('"')
                    if not re.fullmatch(r"[1-7](NT|N|S|H|D|C)(X|XX|x|xx|\*|\*\*)?|Pass|PASS|PO|\?|-", c):
                        artificial[c] += 1
                continue
        m = _TAG.match(line)
        if m is None:
            g = re.search(r'name=Generator\s+content="([^"]*)"', line) or re.match(r"%\s*Creator:\s*(.+)", line)
            if g and not program:
                program = g.group(1).strip()
            continue
        name, value = m.groups()
        if name == "Board":
            board = _int_board(value)
        elif name == "Deal" and value.strip():
            deals.add(board)
        elif name == "Scoring":
            stated[value] += 1
        elif name == "Application" and not program:
            program = value
        elif name == "ScoreTable":
            tables += 1
            columns = [c.split("\\")[0] for c in value.split(";")]
    return {"format": "pbn-scoretable", "program": program, "scoring_stated": dict(stated), "sections": [],
            "travellers": len(per_board), "boards": sorted(per_board, key=_key), "lines": sum(per_board.values()),
            "lines_per_board": dict(sorted(per_board.items(), key=lambda kv: _key(kv[0]))), "deals": len(deals),
            "score_tables": tables, "table_rows": rows, "artificial": dict(artificial),
            "counted_by": "text: data lines under each [ScoreTable] up to the next tag, % or empty line, on the "
                          "board of the [Board] tag above (a Multiplicity column counts that many); deals = "
                          "boards with a non-empty [Deal]"}


def _mdb(path: Path, table: str) -> list[dict[str, str]]:
    out = subprocess.run(["mdb-export", str(path), table], check=True, capture_output=True, text=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def count_bws(path: Path) -> dict:
    rows = _mdb(path, "ReceivedData")
    per_board = Counter(_int_board(r["Board"]) for r in rows)
    remarks = Counter(r["Remarks"] for r in rows if r["Remarks"])
    sections = [r["Letter"].strip() for r in _mdb(path, "Section")]
    deals = len({r["Board"] for r in _mdb(path, "HandRecord")})
    return {"format": "bws", "program": "", "scoring_stated": {}, "sections": sections,
            "travellers": len({(r["Section"], r["Board"]) for r in rows}), "boards": sorted(per_board, key=_key),
            "lines": len(rows), "lines_per_board": dict(sorted(per_board.items(), key=lambda kv: _key(kv[0]))),
            "deals": deals, "artificial": dict(remarks),
            "counted_by": "mdb-export (mdbtools): rows of ReceivedData by Board; deals = HandRecord rows; "
                          "artificial = non-empty Remarks"}


_JFR_ROW = re.compile(r'<tr>\s*<td class="n">&nbsp;</td>\s*<td class="\w+">([^<]*)</td>')


def count_jfr(path: Path) -> dict:
    text = path.read_bytes().decode("iso-8859-2")
    board = _int_board(re.search(r"(\d{3})\.html$", path.name).group(1))  # type: ignore[union-attr]
    n = len(_JFR_ROW.findall(text))
    return {"format": "jfr-html", "program": (re.search(r'name="GENERATOR" content="([^"]*)"', text) or [""])[1]
            if re.search(r'name="GENERATOR" content="([^"]*)"', text) else "", "scoring_stated": {}, "sections": [],
            "travellers": 1, "boards": [board], "lines": n, "lines_per_board": {board: n}, "deals": 1,
            "artificial": {"TD": text.count('<td class="nol">TD</td>')},
            "counted_by": "regex: <tr> rows that open with <td class=\"n\">&nbsp;</td> (not the rowspan headers)"}


def _key(board: str) -> tuple[int, str]:
    return (int(board), "") if board.isdigit() else (10**6, board)


def count(path: Path) -> dict:
    """The counts of one file, the format told by its name and first bytes."""
    suffix = path.suffix.lower()
    if suffix == ".xml":
        return count_usebio(path) if ET.parse(path).getroot().tag == "USEBIO" else count_nz(path)
    return {".pbn": count_pbn, ".bws": count_bws, ".html": count_jfr}[suffix](path)


def path_of(entry: dict) -> Path:
    """The file of a manifest entry: ``root`` ``corpus`` (this folder) or ``shared`` (../shared/data)."""
    return (HERE if entry["root"] == "corpus" else SHARED) / entry["file"]


def main() -> None:
    out = []
    for src in SOURCES:
        path = path_of(src)
        counts = count(path)
        out.append({**src, **{k: v for k, v in counts.items() if not src.get(k)}, "bytes": path.stat().st_size})
    (HERE / "manifest.json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(out)} files, {sum(e['lines'] for e in out)} traveller lines, mdb-export: {shutil.which('mdb-export')}")



JC = "jacquicollier/ukbridge-club-website"
JC_PAY = "amplify/backend/function/ukbridgeclubprocessresults/__tests__/payloads"
JC_OLD = "2289e5f5ee30ab05692ebcec22f4a3f264825a13"  # public/usebio/00*.xml (2025-03), deleted in a38d42a
JC_HEAD = "9ddfd310860128fc0309a491a30f613727829b5b"
JC_LIC = "none stated (no LICENSE; package.json private)"
JC_UK = ("an English club's session as uploaded to the EBU (the name is the club's EBU number + event "
         "number); real names and EBU numbers as published by the club")
JC_EX = ("the program's USEBIO example session ('Test Bridge Club', fictional names, numbers 8000nn) as "
         "the EBU publishes it; written by the program, not by hand")
COBALT = "abftech/cobalt"
COBALT_HEAD = "e6219726a231885ed200d2ffd94a92476763b947"
GPL3 = "GPL-3.0 (repository LICENSE)"

SOURCES: list[dict] = [
    # --- this folder ---------------------------------------------------------------------------
    {"file": "usebio/jacquicollier__ukbridge-club-website/00201600+002321.xml", "root": "corpus",
     "event": "Watford and Bushey BC, Thursday Pairs, 2025-01-02", "program_family": "EBUScore",
     "source": f"{JC}:public/usebio/00201600+002321.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "two-section Mitchell (A, B; 18 boards), matchpointed ACROSS both sections; HANDSET; "
              "CRLF. The same event is payloads/multi-section/usebio.xml re-indented (not copied). " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/00210009+002061.xml", "root": "corpus",
     "event": "Allestree BC, Thursday Pairs, 2025-01-02", "program_family": "EBUScore",
     "source": f"{JC}:public/usebio/00210009+002061.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "one section, 27 boards of 8 lines, one A5050 (no contract); no HANDSET. " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/00202711+000827.xml", "root": "corpus",
     "event": "Island Bridge, Monday Pairs, 2025-01-06", "program_family": "EBUScore",
     "source": f"{JC}:public/usebio/00202711+000827.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "one section, 26 boards of 9 lines; HANDSET of 30 deals. " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/00202131+001686.xml", "root": "corpus",
     "event": "Beckenham BC, Monday F2F Variety Pairs, 2025-01-06", "program_family": "ScoreBridge",
     "source": f"{JC}:public/usebio/00202131+001686.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "24 boards, 7 or 8 lines a board (factoring visible). " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/00201789+001571.xml", "root": "corpus",
     "event": "Crawley BC, Relaxed Duplicate (BBO), 2025-01-06", "program_family": "BBO Extractor",
     "source": f"{JC}:public/usebio/00201789+001571.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "an online BBO session: 18 boards of 8 lines, each with LIN_DATA (auction and play); "
              "contracts written 1N. " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/00202217+001532.xml", "root": "corpus",
     "event": "Abbeygate BC, Monday, 2025-01-06", "program_family": "RealBridge",
     "source": f"{JC}:public/usebio/00202217+001532.xml@{JC_OLD}", "licence": JC_LIC,
     "holds": "20 boards of 9 lines. " + JC_UK},
    {"file": "usebio/jacquicollier__ukbridge-club-website/realbridge/usebio.xml", "root": "corpus",
     "event": "Club Duplicate (RealBridge), 2025-04-07", "program_family": "RealBridge",
     "source": f"{JC}:{JC_PAY}/realbridge/usebio.xml@{JC_HEAD}", "licence": JC_LIC,
     "holds": "21 boards of 8 lines with LIN_DATA; club name empty; real names"},
    {"file": "usebio/jacquicollier__ukbridge-club-website/usebio-and-pbn/usebio.xml", "root": "corpus",
     "event": "Welwyn Garden City BC, Wednesday AM Pairs, 2025-04-09", "program_family": "BriAn",
     "source": f"{JC}:{JC_PAY}/usebio-and-pbn/usebio.xml@{JC_HEAD}", "licence": JC_LIC,
     "holds": "USEBIO 1.0, 24 boards of 6 lines, one A5050, matchpoints written 3.0; the same session as "
              "the BridgeWebs PBN hands.pbn; real names"},
    {"file": "pbn-scoretable/jacquicollier__ukbridge-club-website/usebio-and-pbn/hands.pbn", "root": "corpus",
     "event": "Welwyn Garden City BC, Wednesday AM Pairs, 2025-04-09", "program_family": "BridgeWebs",
     "source": f"{JC}:{JC_PAY}/usebio-and-pbn/hands.pbn@{JC_HEAD}", "licence": JC_LIC,
     "holds": "%Creator: Bridgewebs, PBN 2.1: deals, DoubleDummyTricks, OptimumResultTable and a ScoreTable "
              "PairId_NS;PairId_EW;Contract;Declarer;Result (no scores, no matchpoints); PO = passed out, "
              "'A A A' = the artificial line"},
    {"file": "usebio/jacquicollier__ukbridge-club-website/mp-pairs.xml", "root": "corpus",
     "event": "PairsScorer example: Matchpointed Pairs Example Session, 2015-10-22", "program_family": "PairsScorer",
     "source": f"{JC}:public/usebio/mp-pairs.xml@{JC_HEAD} (same blob as {JC_PAY}/mp-pairs/usebio.xml)",
     "licence": JC_LIC, "holds": "one section 'Sect1', 22 boards of 11 lines, HANDSET with voids '-'. " + JC_EX},
    {"file": "usebio/jacquicollier__ukbridge-club-website/multi-section-pairs.xml", "root": "corpus",
     "event": "PairsScorer example: Sample Multi-Section Event, 2015-12-14", "program_family": "PairsScorer",
     "source": f"{JC}:public/usebio/multi-section-pairs.xml@{JC_HEAD}", "licence": JC_LIC,
     "holds": "two sections A, B (24 boards each), one A5050. " + JC_EX},
    {"file": "usebio/jacquicollier__ukbridge-club-website/ximp-pairs.xml", "root": "corpus",
     "event": "Pianola example: Cross-IMP Pairs, 3x8-board matches, 2016-12-01", "program_family": "Pianola",
     "source": f"{JC}:public/usebio/ximp-pairs.xml@{JC_HEAD} (same blob as {JC_PAY}/cross-imp-pairs/usebio.xml)",
     "licence": JC_LIC, "holds": "EVENT_TYPE PAIRS with BOARD_SCORING_METHOD CROSS_IMPS: NS_CROSS_IMP_POINTS "
                                 "per line; board 1 line 6 has the contract typed '42'. " + JC_EX},
    {"file": "usebio-teams/jacquicollier__ukbridge-club-website/multiple-teams.xml", "root": "corpus",
     "event": "TeamsScorer example: Multiple Teams Example Session, 2015-10-22", "program_family": "TeamsScorer",
     "source": f"{JC}:public/usebio/multiple-teams.xml@{JC_HEAD} (same blob as {JC_PAY}/multiple-teams/usebio.xml)",
     "licence": JC_LIC, "holds": "TEAMS, IMPs and VPs: SESSION/MATCH/BOARD, both rooms' lines (DIRECTION), "
                                 "NS_CROSS_IMP_POINTS (pairwise cross-IMPs). " + JC_EX},
    {"file": "usebio-teams/jacquicollier__ukbridge-club-website/point-a-board-teams.xml", "root": "corpus",
     "event": "EBUScoreTeams example: point-a-board teams", "program_family": "EBUScore",
     "source": f"{JC}:public/usebio/point-a-board-teams.xml@{JC_HEAD} (same blob as {JC_PAY}/point-a-board/usebio.xml)",
     "licence": JC_LIC, "holds": "TEAMS, BOARD_SCORING_METHOD PAB (point-a-board), MATCH/BOARD with both rooms, "
                                 "NS_CROSS_IMP_POINTS. " + JC_EX},
    {"file": "usebio/abftech__cobalt/butler_mitchell.xml", "root": "corpus",
     "event": "Sunshine Coast BC, Butler pairs, 2026-03-11", "program_family": "Compscore",
     "source": f"{COBALT}:results/tests/test_files/butler_mitchell.xml@{COBALT_HEAD}", "licence": GPL3,
     "holds": "BUTLER_PAIRS Mitchell, 35 boards of 7 lines, NS_BUTLER_POINTS and BOARD_AVERAGE, HANDSET; "
              "real names and ABF numbers"},
    {"file": "usebio/abftech__cobalt/mp_pairs_mitchell_03.xml", "root": "corpus",
     "event": "NSBC@Lindfield, pairs, 2022-07-21", "program_family": "Compscore",
     "source": f"{COBALT}:results/tests/test_files/mp_pairs_mitchell_03.xml@{COBALT_HEAD}", "licence": GPL3,
     "holds": "MP_PAIRS, 21 boards of 6 lines, HANDSET; real names"},
    {"file": "usebio/abftech__cobalt/mp_pairs_mitchell_04.xml", "root": "corpus",
     "event": "NSBC@Lindfield, pairs, 2022-07-26", "program_family": "Compscore",
     "source": f"{COBALT}:results/tests/test_files/mp_pairs_mitchell_04.xml@{COBALT_HEAD}", "licence": GPL3,
     "holds": "MP_PAIRS, 24 boards of 5 or 6 lines, HANDSET; real names"},
    {"file": "usebio/abftech__cobalt/test_results.xml", "root": "corpus",
     "event": "Sunshine Coast BC, pairs, 2022-07-15", "program_family": "Compscore",
     "source": f"{COBALT}:results/tests/test_files/test_results.xml@e5c298ee3ad43060f4ff2ff744f96af9f98af178 "
               "(deleted in 8d3797f)", "licence": GPL3,
     "holds": "MP_PAIRS, 32 boards of 8 lines, HANDSET; real names"},
    {"file": "pbn-scoretable/lucbellicaud__bridgetrainer/test_set.pbn", "root": "corpus",
     "event": "FFB Open/2 DN1 Finale directe 21-22, Seance 5, 2022-02-06", "program_family": "Magic Contest",
     "source": "lucbellicaud/bridgetrainer:Boards/Pbns/test_set.pbn@74f8205932f8b2ef9751651a869c168a44aea6de",
     "licence": "no licence at the root (Old/LICENSE is MIT); an FFB publication",
     "holds": "Magic Contest France 4.13.3.4, 28 boards x 22 lines with MP_NS/MP_EW, Percentage; board 1 "
              "carries a second [Score] tag (hand-edited); ISO-8859-1"},
    {"file": "bws/Rick-Wilson__Bridge-Game-Analysis/LBC-2026-01-26.bws", "root": "corpus",
     "event": "an ACBL club game (LBC), 2026-01-26", "program_family": "Bridgemate",
     "source": "Rick-Wilson/Bridge-Game-Analysis:tests/integration/source/LBC-2026-01-26.bws"
               "@9d82df76577a3c484924795950a1abba0fc34da2", "licence": "Unlicense (public domain; repository LICENSE)",
     "holds": "Bridgemate (BCS) Jet 3 database: ReceivedData 270 rows (6 'Not played'), HandRecord 36 deals, "
              "PlayerNames 14,020 (the ACBL player list); no program matchpoints"},
    {"file": "bws/Rick-Wilson__Bridge-Parsers/1768880456-bJwUQdVmhY@260119M.BWS", "root": "corpus",
     "event": "an ACBL club game, 2026-01-19", "program_family": "Bridgemate",
     "source": "Rick-Wilson/Bridge-Parsers:tests/fixtures/input/1768880456-bJwUQdVmhY@260119M.BWS"
               "@c386a57afc920d1f2dc9ea4196e2914d60a3c01c", "licence": "Unlicense (public domain; repository LICENSE)",
     "holds": "Bridgemate (BCS) Jet 3 database: ReceivedData 297 rows, no HandRecord; no program matchpoints"},
    # --- ../shared/data (club-files/README.md gives their sources) ------------------------------
    {"file": "club-files/pbn-scoretable/lucbellicaud__bridgetrainer/open2dn1nationalfinaledirecte21-22-sance1.pbn",
     "root": "shared", "event": "FFB Open/2 DN1 Finale directe 21-22, Seance 1, 2022-02-06",
     "program_family": "Magic Contest", "source": "club-files/README.md", "licence": "see club-files/README.md",
     "holds": "30 boards x 22 lines, MP_NS/MP_EW, A+/A+ artificial"},
    {"file": "pbn-files/1999-Fifth_Friday_Tournament/FFT_9901_v20.pbn", "root": "shared",
     "event": "Fifth Friday Tournament, 1999-01-29", "program_family": "PBN 2.0 exporter (unnamed)",
     "source": "shared/data/pbn-files", "licence": "see shared/data/README.md",
     "holds": "frequency ScoreTable Rank;Percentage_NS;Percentage_EW;Score_NS;Multiplicity (no pairs)"},
    {"file": "pbn-files/1999-OKbridge_Tournament/OKB_v20.pbn", "root": "shared",
     "event": "OKbridge IMP tournament, 1999-03-03", "program_family": "OKbridge",
     "source": "shared/data/pbn-files", "licence": "see shared/data/README.md",
     "holds": "ScoreTable with IMP_NS (IMPs against a datum), ??? pair IDs"},
    {"file": "club-files/bws/jarronshih__bridgemate-ui/12tables1section.bws", "root": "shared",
     "event": "a Taiwanese club session (Bridgemate II), 2005", "program_family": "Bridgemate",
     "source": "club-files/README.md", "licence": "none stated",
     "holds": "ReceivedData 288 rows, 2 artificial remarks (40%-60%, 60%-60%)"},
]
SOURCES += [
    {"file": f"club-files/usebio/abftech__cobalt/{name}.xml", "root": "shared", "event": event,
     "program_family": "Compscore", "source": "club-files/README.md", "licence": GPL3, "holds": holds}
    for name, event, holds in (
        ("mp_pairs_howell", "NSBC@Lindfield Howell", "MP_PAIRS Howell, one A5050"),
        ("mp_pairs_mitchell", "NSBC@Lindfield, 2022-07-11", "MP_PAIRS Mitchell"),
        ("mp_pairs_mitchell_02", "NSBC@Lindfield, 2022-07-28", "MP_PAIRS, A6060 and A5050"),
        ("mp_pairs_mitchell_adjusted", "NSBC@Lindfield, 2022-07-28",
         "the session of _02, possibly edited for Cobalt's tests"),
        ("mp_pairs_mitchell_adjusted_02", "NSBC@Lindfield, 2022-07-28",
         "the session of _02 with A6040, A5050 x2, A6060"),
        ("butler_howell", "Sunshine Coast BC Butler Howell, 2026-03-09", "BUTLER_PAIRS Howell"),
        ("cross_imp_howell", "Compscore3 cross-IMP Howell", "CROSS_IMP Howell"))]
SOURCES += [
    {"file": f"club-files/usebio/duaneg__scorer-to-usebio/{name}.xml", "root": "shared", "event": f"NZ {name}",
     "program_family": "NZ Bridge Scorer", "source": "club-files/README.md", "licence": "AGPL-3.0",
     "holds": "converted by scorer-to-usebio from NZ Bridge Scorer's own XML (the nz-scorer-xml file of "
              "the same name): the same session"}
    for name in ("pairs", "pairs-with-np-passed", "handicap_pairs", "three_quarter_howell_with_phantom",
                 "multi-section-multi-movement-pairs")]
SOURCES += [
    {"file": f"club-files/nz-scorer-xml/duaneg__scorer-to-usebio/{name}.xml", "root": "shared",
     "event": f"NZ {name}", "program_family": "NZ Bridge Scorer", "source": "club-files/README.md",
     "licence": "AGPL-3.0", "holds": "NZ Bridge Scorer's own XML (anonymised by the repository's author); mp in "
                                     "tenths of a percent"}
    for name in ("pairs", "pairs-with-np-passed", "handicap_pairs", "three_quarter_howell_with_phantom",
                 "multi-section-multi-movement-pairs")]
SOURCES += [
    {"file": f"club-files/jfr-html/jarekczek__pbntools/WB120802/wb120802{n:03d}.html", "root": "shared",
     "event": "Warsaw club pairs WB120802, 2012-08-02", "program_family": "JFR Pary", "source": "club-files/README.md",
     "licence": "GPL-3.0", "holds": f"JFR Pary board page, board {n}: traveller with percentages and a TD row"}
    for n in range(1, 28)]


if __name__ == "__main__":
    main()
