"""The API's modules and the engine import each other in no circle (issue 33).

Before, ``app.api.schemas.claim`` (the claim request) built its board through the revoke request
and ``app.api.events.board_for``, while ``app.api.schemas.revoke`` (the revoke request) takes the
claim's ``ClaimIn`` and ``app.api.events`` the revoke request: a circle of three modules, which
``claim.py`` dodged by importing the other two inside a function. The board a request names by a
stored event is now read in one small module both use (:mod:`app.api.board_source`).

``pyproject.toml``'s import-linter contract ("acyclic_siblings" on ``app.api.schemas``, run by
``lint-imports``) keeps the request and response models from importing each other in a circle;
these tests keep the whole of ``app.api`` and ``engine`` free of import circles (a circle through
any module outside the models too) and free of the function-level imports that hide one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def _circles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan), each a
    set of modules that import one another in a circle (function-level imports counted)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    modules = set(graph.modules)

    def visit(root: str) -> None:  # iterative: the graph is deeper than the recursion limit likes
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root) & modules)))]
        order[root] = low[root] = len(order)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in order:
                    order[w] = low[w] = len(order)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w) & modules))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], order[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == order[v]:
                    component = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.add(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(component)

    for m in sorted(modules):
        if m not in order:
            visit(m)
    return found


def test_the_api_and_the_engine_import_in_no_circle() -> None:
    circles = _circles(grimp.build_graph("app", "engine"))
    assert circles, "the check found no circle at all: app.i18n and app.i18n.seats make one (a known one)"
    ours = [sorted(c) for c in circles if any(m.startswith(("app.api", "engine")) for m in c)]
    assert ours == [], f"import circles through app.api or engine: {ours}"


def test_the_api_hides_no_project_import_inside_a_function() -> None:
    """An import of an ``app`` or ``engine`` module inside a function is how a circle was dodged:
    none in ``app/api``."""
    hidden = []
    for path in sorted((ROOT / "app" / "api").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                        [a.name for a in node.names] if isinstance(node, ast.Import) else []
                    hidden += [f"{path.relative_to(ROOT)}:{node.lineno} {n}" for n in names
                               if n.split(".")[0] in ("app", "engine")]
    assert hidden == []


def test_the_circle_check_finds_a_circle() -> None:
    """The check itself, on a graph with the circle this change untied (claim -> events -> revoke -> claim)."""
    g = grimp.ImportGraph()
    for a, b in (("app.api.schemas.claim", "app.api.events"), ("app.api.events", "app.api.schemas.revoke"),
                 ("app.api.schemas.revoke", "app.api.schemas.claim"), ("app.api.events", "engine.errors")):
        g.add_import(importer=a, imported=b)
    assert _circles(g) == [{"app.api.schemas.claim", "app.api.events", "app.api.schemas.revoke"}]
