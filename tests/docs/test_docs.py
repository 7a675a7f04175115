"""The manual holds together: README.md and docs/*.md (issue 28).

- every relative link (and image) of README.md and docs/*.md resolves: the file exists (a link into
  ``../shared`` too), and a ``#anchor`` names a heading of the target, by GitHub's anchor rules
  (lower case; punctuation but ``-`` and ``_`` dropped; each space a ``-``; a repeated heading gets
  ``-1``, ``-2`` ...);
- README's test commands are the ones ``.ci/run`` runs for the two suites (Python 3.11 whole,
  Python 3.13 without the slow tests);
- every route of the one door (``POLICY``) is in docs/api.md's table of routes.

Fast: files only, no network, no app started.
"""

from __future__ import annotations

import ast
import re
import shlex
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if not p.name.startswith("notes-"))]
"""README and the manual's pages; ``docs/notes-*.md`` are helpers' drafts the lead folds in, not pages."""

FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a Markdown text outside fenced and indented code blocks, as (line number, text)."""
    out: list[tuple[int, str]] = []
    fenced = False
    previous_blank = True
    in_indented = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        code_like = line.startswith("    ") and not line.lstrip().startswith(("-", "*", "|"))
        if code_like and (previous_blank or in_indented):
            in_indented = True
        elif line.strip():
            in_indented = False
        previous_blank = not line.strip()
        if not in_indented:
            out.append((number, line))
    return out


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text: inline code's backticks and link syntax dropped, lower
    case, every character but letters, digits, ``-``, ``_`` and spaces dropped, spaces to ``-``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").strip().lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a Markdown file (repeats numbered as GitHub numbers them)."""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def broken_links(path: Path) -> list[str]:
    """The relative links of ``path`` that do not resolve, each as 'file:line: target (why)'."""
    problems: list[str] = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        line = CODE_SPAN.sub("", line)
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # http:, https:, mailto: ...
                continue
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(ROOT)}:{number}: {target}"
            if not dest.exists():
                problems.append(f"{where} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                problems.append(f"{where} (no heading with the anchor #{anchor} in {dest.name})")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_the_manual_is_there_and_the_readme_is_a_door() -> None:
    names = {p.name for p in PAGES}
    assert {"director.md", "api.md", "laws.md", "operations.md", "development.md"} <= names
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) < 200
    for page in ("director", "api", "laws", "operations", "development"):
        assert any(f"(docs/{page}.md" in line for line in readme), page


def test_a_broken_link_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself: a missing file, a missing anchor and a missing ../shared file are each
    found; a good anchor (GitHub's rules: punctuation dropped, a repeat numbered) is not; a link in
    code is not a link."""
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text(
        "# The director's page: 64C (two measures)\n\n## Notes\n\n## Notes\n\n"
        "[ok](#the-directors-page-64c-two-measures) [ok](#notes-1) [ok](page.md#notes)\n"
        "[gone](missing.md) [bad](page.md#no-such-heading) ![img](img/none.png)\n"
        "[shared](../../shared/docs/no-such-page.md) `[code](not-a-link.md)`\n\n"
        "    [indented code](not-a-link-either.md)\n",
        encoding="utf-8")
    found = broken_links(page)
    assert [f.split(": ", 1)[1] for f in found] == [
        "missing.md (no such file)",
        "page.md#no-such-heading (no heading with the anchor #no-such-heading in page.md)",
        "img/none.png (no such file)",
        "../../shared/docs/no-such-page.md (no such file)",
    ]


def ci_lines() -> list[str]:
    """``.ci/run``'s command lines (continuation lines joined, comments and ``|| suites=1`` taken
    off, the shell variable naming Python 3.13 said as ``python3.13``)."""
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    lines = [line.split("||")[0].strip().replace('"$PY313"', "python3.13") for line in text.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


def ci_suite_commands() -> list[list[str]]:
    """The two suites' commands of ``.ci/run``, as argument lists."""
    return [shlex.split(line) for line in ci_lines() if "-m pytest" in line]


def readme_code_lines() -> list[str]:
    """README's code lines (indented by four spaces), stripped."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.startswith("    ")]


def readme_test_commands() -> list[list[str]]:
    """README's test commands: its code lines that run pytest, as argument lists."""
    return [shlex.split(line) for line in readme_code_lines() if "-m pytest" in line]


def test_the_readme_s_test_commands_are_the_ones_ci_runs() -> None:
    ci, readme = ci_suite_commands(), readme_test_commands()
    assert len(ci) == 2, ci  # the 3.11 suite and the 3.13 one
    assert readme == ci
    # the pytest part of each: the whole suite in .venv (3.11), without the slow tests in .venv313 (3.13)
    whole, fast = (c[c.index("pytest") - 2:] for c in readme)
    assert whole[0] == ".venv/bin/python" and "-m" not in whole[3:]
    assert fast[0] == ".venv313/bin/python" and "not slow" in fast[fast.index("-m", 3) + 1]


def test_the_readme_s_set_up_commands_are_the_ones_ci_runs() -> None:
    """The venvs the test commands run in are made as README says: ``.ci/run`` runs each set-up line
    (Python 3.13's inside the function that makes that venv beside the checks)."""
    setup = [line for line in readme_code_lines() if "pip install -q -e '.[test]'" in line]
    assert [line.split(" -m venv ")[1].split()[0] for line in setup] == [".venv", ".venv313"]
    ci = "\n".join(ci_lines())
    for line in setup:
        assert line in ci, line


def test_the_readme_s_commands_come_in_its_first_40_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:40]
    assert any("uvicorn --factory app.main:create_app" in line for line in lines)
    assert sum("-m pytest" in line for line in lines) == 2


def policy_routes() -> list[tuple[str, str]]:
    """(method, path template) of every rule of the one door, read from its source (the module is
    ``app/service/access.py`` in the layout of issue 28, ``app/service/access.py`` before it)."""
    for candidate in ("app/service/access.py", "app/service/access.py"):
        source = ROOT / candidate
        if source.exists():
            break
    tree = ast.parse(source.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "POLICY":
            assert isinstance(node.value, ast.Dict)
            return [tuple(ast.literal_eval(key)) for key in node.value.keys if key is not None]
    raise AssertionError(f"no POLICY in {source}")


def test_every_route_of_the_door_is_in_the_api_manual() -> None:
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    routes = policy_routes()
    assert len(routes) > 50
    missing = [f"{m} {p}" for m, p in routes if f"| {m} | `{p}` |" not in api]
    assert missing == [], "routes of POLICY with no line in docs/api.md's 'Every route' table"


def test_the_container_commands_dockerfile_check_runs_are_in_the_operations_manual() -> None:
    """``.ci/dockerfile-check`` runs the manual's ``docker exec advisor ...`` lines for the first
    token and the backup (docs/operations.md, "Container"): both must be there."""
    lines = [line.strip() for line in (ROOT / "docs" / "operations.md").read_text(encoding="utf-8").splitlines()]
    execs = [line for line in lines if line.startswith("docker exec advisor ")]
    assert any("users add" in line for line in execs)
    assert any("backup" in line for line in execs)
