"""Issue 36, the whole corpus of real results files: every board of every file is read or named in
the read problems, none dropped in silence.

The oracle is tests/data/results-corpus/manifest.json, written by count_corpus.py beside it, which
counts each file's traveller lines board by board without the project's readers (xml.etree, the
PBN text line by line, mdb-export for ``.bws``, a regular expression on JFR's pages). This test
also recounts every text file here by another way (regular expressions on the raw text), so that
the manifest is not the only oracle. The files of ../shared/data (club-files, pbn-files) are in the
manifest too; they are skipped where that folder is not beside the repository.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from engine.model import Seat
from engine.records.results import SessionResults, read_results, travellers
from engine.scoring import butler_imps, cross_imps, datum
from engine.scoring.matchpoints import board_matchpoints, neuberg

CORPUS = Path(__file__).resolve().parents[2] / "data" / "results-corpus"
SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "data"
MANIFEST: list[dict] = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))


def _path(entry: dict) -> Path:
    return (CORPUS if entry["root"] == "corpus" else SHARED) / entry["file"]


def _params() -> list:
    out = []
    for e in MANIFEST:
        marks = []
        if e["root"] == "shared":
            marks.append(pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data is not beside the repository"))
        out.append(pytest.param(e, id=e["file"], marks=marks))
    return out


def _line_problems(r: SessionResults) -> list:
    """The read problems that name a traveller line (a deal's problem has no line; a PBN tag given
    twice names a text line but leaves the board's traveller whole)."""
    return [p for p in r.problems if p.line is not None and p.key != "results_duplicate_tag"]


@pytest.mark.parametrize("entry", _params())
def test_every_board_of_the_file_is_read_or_named(entry: dict) -> None:
    """Board by board: the lines read plus the lines named in the problems equal the lines the file
    holds (counted without the readers); every deal read or named: the HANDSET's, and the boards
    whose lines carry a LIN_DATA and that the HANDSET lacks (BBO Extractor, RealBridge)."""
    r = read_results(_path(entry).read_bytes())
    read = Counter(ln.board for ln in r.lines)
    named = Counter(p.board for p in _line_problems(r))
    assert dict(read + named) == {b: n for b, n in entry["lines_per_board"].items() if n}
    assert len(r.lines) + len(_line_problems(r)) == entry["lines"]
    deal_problems = [p for p in r.problems if p.line is None]
    assert len(r.hand_records) + len(deal_problems) == entry["deals"] + entry.get("lin_boards", 0)


# --- a second count, by regular expressions on the raw text ------------------------------------

def _recount(path: Path, fmt: str) -> int | None:
    """The traveller lines of a text file counted on its raw bytes (``None`` for a ``.bws``,
    recounted by :func:`_recount_bws`)."""
    if fmt in ("usebio", "usebio-teams"):
        return len(re.findall(rb"<TRAVELLER_LINE\s*>", path.read_bytes()))
    if fmt == "nz-scorer-xml":
        data = path.read_bytes()
        return len(re.findall(rb"<result\s", data)) - len(re.findall(rb'<result\s[^>]*mp_ns="-9999"', data))
    if fmt == "jfr-html":
        return len(re.findall(rb'<tr>\s*<td class="n">&nbsp;</td>', path.read_bytes()))
    if fmt == "pbn-scoretable":
        text = path.read_bytes().decode("latin-1").replace("\r\n", "\n")
        total = 0
        # each [ScoreTable] block: its header's columns, then the lines up to a tag, comment or blank line
        for header, body in re.findall(r'^\[ScoreTable "([^"]*)"\]\n((?:[^\[%\n][^\n]*\n)*)', text, re.M):
            rows = [ln.split() for ln in body.splitlines() if ln.strip()]
            cols = [c.split("\\")[0] for c in header.split(";")]
            total += sum(int(r[cols.index("Multiplicity")]) for r in rows) if "Multiplicity" in cols else len(rows)
        return total
    return None


def _recount_bws(path: Path) -> int:
    out = subprocess.run(["mdb-export", str(path), "ReceivedData"], check=True, capture_output=True,
                         text=True).stdout
    return sum(1 for _ in csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize("entry", [p for p in _params() if p.values[0]["format"] != "usebio-teams"])
def test_the_manifest_count_is_recounted_on_the_raw_text(entry: dict) -> None:
    path = _path(entry)
    if entry["format"] == "bws":
        if shutil.which("mdb-export") is None:
            pytest.skip("mdbtools (mdb-export) is not installed")
        assert _recount_bws(path) == entry["lines"]
    else:
        assert _recount(path, entry["format"]) == entry["lines"]


def test_the_teams_files_are_counted_by_match() -> None:
    """The two USEBIO teams files: both rooms' lines of every match (DIRECTION NS then EW)."""
    teams = [e for e in MANIFEST if e["format"] == "usebio-teams"]
    assert [(e["matches"], e["travellers"], e["lines"]) for e in teams] == [(40, 120, 240), (28, 168, 336)]
    for e in teams:
        assert _recount(_path(e), e["format"]) == e["lines"]


# --- the corpus itself ------------------------------------------------------------------------

def test_the_corpus_has_thirty_sessions_from_ten_programs() -> None:
    """Issue 36: at least 30 results files from at least 10 scoring programs. A JFR Pary event is
    one page a board: its 27 pages count as one file here; two files of one session (a program's
    copy edited by a test suite, NZ Scorer's XML and its USEBIO conversion) count once."""
    files = {e["event"] if e["format"] == "jfr-html" else e["file"] for e in MANIFEST}
    sessions = {e["event"] for e in MANIFEST}
    programs = {e["program_family"] for e in MANIFEST if "unnamed" not in e["program_family"]}
    assert len(files) >= 30 and len(sessions) >= 30 and len(programs) >= 10, (len(files), len(sessions), programs)


def test_every_corpus_file_is_in_the_manifest_with_its_source() -> None:
    on_disk = {p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*")
               if p.is_file() and p.suffix.lower() in (".xml", ".pbn", ".bws", ".html")}
    listed = {e["file"] for e in MANIFEST if e["root"] == "corpus"}
    assert on_disk == listed
    for e in MANIFEST:
        assert e["source"] and e["licence"] and e["program_family"] and e["counted_by"], e["file"]
        if e["root"] == "corpus":
            assert "@" in e["source"]  # repository:path@commit


# --- the programs' own figures, each under its program's convention (docs/director.md) ---------

def _conv_matchpoints(lines: list, most: int | None, artificial_half: bool = False) -> list[float | None]:
    """North-South matchpoints of one traveller (2 per score beaten, Law 78A) under a program's
    convention: the scored lines against each other, then Neuberg-factored to ``most`` results
    (``None``: not factored); with ``artificial_half`` an ``A5050`` line gets half the top of the
    scored lines (BriAn)."""
    scored = [ln.ns_score for ln in lines if ln.ns_score is not None]
    mps = iter(board_matchpoints(scored, 2))
    out: list[float | None] = []
    for ln in lines:
        if ln.ns_score is None:
            out.append(float(len(scored) - 1) if artificial_half and ln.artificial == "A5050" else None)
            continue
        mp = next(mps)
        out.append(mp if most is None else neuberg(mp, len(scored), most))
    return out


JC = "usebio/jacquicollier__ukbridge-club-website/"
# file -> (scored across sections, Neuberg-factored to: "most" results of any board / the traveller's "own"
# number of lines (only an artificial line makes a difference) / "none", A5050 half the scored top, decimals)
MP_CONVENTIONS = {
    JC + "00201600+002321.xml": (True, "most", False, 2),  # EBUScore, two sections scored across
    JC + "00210009+002061.xml": (True, "most", False, 2),
    JC + "00202711+000827.xml": (True, "most", False, 2),
    JC + "mp-pairs.xml": (True, "most", False, 2),  # PairsScorer
    JC + "multi-section-pairs.xml": (True, "most", False, 2),
    JC + "00202131+001686.xml": (False, "most", False, 1),  # ScoreBridge: every board to 8 results
    JC + "usebio-and-pbn/usebio.xml": (False, "none", True, 1),  # BriAn: no factoring
    JC + "00201789+001571.xml": (False, "own", False, 0),  # BBO Extractor: plain 78A
    JC + "00202217+001532.xml": (False, "own", False, 0),  # RealBridge
    JC + "realbridge/usebio.xml": (False, "own", False, 0),
    "usebio/abftech__cobalt/mp_pairs_mitchell_03.xml": (False, "own", False, 1),  # Compscore3
    "usebio/abftech__cobalt/mp_pairs_mitchell_04.xml": (False, "own", False, 1),
    "usebio/abftech__cobalt/test_results.xml": (False, "own", False, 1),
    "pbn-scoretable/lucbellicaud__bridgetrainer/test_set.pbn": (False, "own", False, 1),  # Magic Contest
}


@pytest.mark.parametrize("rel", sorted(MP_CONVENTIONS))
def test_the_programs_matchpoints_under_its_convention(rel: str) -> None:
    """Every line's matchpoints equal the program's own, each program's convention applied as
    docs/director.md ("Each program's convention") gives it: e.g. ScoreBridge board 1 of
    00202131+001686.xml, 7 results: 510 scores 12 of 12, factored to 8 results (13)x8/7-1 = 13.9."""
    across, factor, half, decimals = MP_CONVENTIONS[rel]
    r = read_results((CORPUS / rel).read_bytes())
    groups: dict[object, list] = {}
    for ln in r.lines:
        groups.setdefault(ln.board if across else (ln.section, ln.board), []).append(ln)
    most = max(len(v) for v in groups.values())
    checked = 0
    for lines in groups.values():
        to = {"most": most, "own": len(lines), "none": None}[factor]
        for ln, ours in zip(lines, _conv_matchpoints(lines, to, half), strict=True):
            if ours is None or ln.ns_mp is None:
                continue
            assert abs(ln.ns_mp - ours) <= 0.5 * 10 ** -decimals + 1e-9, (ln, ours)
            checked += 1
    assert checked >= len(r.lines) - 1


def test_compscore_butler_mitchell_imps_against_the_datum() -> None:
    rel = "usebio/abftech__cobalt/butler_mitchell.xml"
    r = read_results((CORPUS / rel).read_bytes())
    checked = 0
    for lines in travellers(r.lines).values():
        scores = [ln.ns_score for ln in lines if ln.ns_score is not None]
        for ln in lines:
            if ln.ns_score is not None:
                assert ln.ns_imps == butler_imps(ln.ns_score, datum(scores, discard=1)), ln
                checked += 1
    assert checked == 244  # 245 lines, one A5050


def test_pianola_cross_imps_per_comparison_with_the_mistyped_line_in_the_field() -> None:
    """ximp-pairs.xml: NS_CROSS_IMP_POINTS is the 78B cross-IMP sum over the board's other results
    divided by their number. Board 1's line typed ``42`` (score 480) is left out and named by the
    reader, but the program kept its score in the field: with it, every line equals the file's
    (pairs 17 v 14, 480: -11+1+1+0+0+2-1 = -8 over 7 = -1.14)."""
    rel = JC + "ximp-pairs.xml"
    r = read_results((CORPUS / rel).read_bytes())
    (problem,) = r.problems
    assert (problem.board, problem.line, problem.value) == ("1", 6, "42")
    kept = {"1": [480]}  # the line's SCORE, by the file's text
    assert "<CONTRACT>42</CONTRACT>" in (CORPUS / rel).read_text(encoding="latin-1")
    checked = 0
    for (_, board), lines in travellers(r.lines).items():
        scores = [ln.ns_score for ln in lines] + kept.get(board, [])
        for i, ln in enumerate(lines):
            others = [s for j, s in enumerate(scores) if j != i and s is not None]
            assert ln.ns_score is not None and ln.ns_imps is not None
            assert abs(cross_imps(ln.ns_score, others) / len(others) - ln.ns_imps) <= 0.005 + 1e-9, ln
            checked += 1
    assert checked == 191


def test_bridgewebs_pbn_with_no_score_column_is_scored_by_law_77_as_brian_scored_it() -> None:
    """hands.pbn (BridgeWebs) and usebio.xml (BriAn) are the same session, Welwyn Garden City,
    2025-04-09. BridgeWebs' ScoreTable gives only pairs, contract, declarer and tricks; the score
    is Law 77's on the board's [Vulnerable]: it equals BriAn's SCORE on every line (a reader fix,
    issue 36: before, the 144 lines were read with no score and could not be matchpointed). Board
    1, pairs 1 v 8: 4H by South, 9 tricks, none vulnerable: one down, -50."""
    pbn = read_results((CORPUS / "pbn-scoretable/jacquicollier__ukbridge-club-website/usebio-and-pbn/hands.pbn")
                       .read_bytes())
    usebio = read_results((CORPUS / JC / "usebio-and-pbn/usebio.xml").read_bytes())
    brian = {(ln.board, ln.ns_pair, ln.ew_pair): ln for ln in usebio.lines}
    assert len(pbn.lines) == len(brian) == 144
    for ln in pbn.lines:
        other = brian[(ln.board, ln.ns_pair, ln.ew_pair)]
        assert ln.ns_score == other.ns_score, (ln, other)
    first = next(ln for ln in pbn.lines if (ln.board, ln.ns_pair, ln.ew_pair) == ("1", "1", "8"))
    assert (first.contract, first.declarer, first.tricks, first.ns_score) == ("4H", Seat.SOUTH, 9, -50)
    # the two passed-out lines score 0; the artificial line ("A A A") has no score, as BriAn's A5050
    assert sorted((ln.board, ln.contract, ln.artificial, ln.ns_score) for ln in pbn.lines
                  if ln.contract == "PASS" or ln.artificial) == [("16", "PASS", None, 0), ("16", "PASS", None, 0),
                                                                 ("21", None, "A", None)]
    assert sum(ln.contract is not None and ln.contract.endswith("X") for ln in pbn.lines) == 28  # "4S*": doubled
