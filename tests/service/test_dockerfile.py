"""The Dockerfile and its check without Docker (.ci/dockerfile-check).

The whole check (a venv built as the Dockerfile says, the service run as uid 10001, its
HEALTHCHECK, a token and a case) takes half a minute, mostly pip: ``.ci/run`` runs it, not the
suite. These tests read the real Dockerfile and .dockerignore with the check's own functions:
what the image would be told, and what its build context would hold.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import shlex
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent


def load_check() -> ModuleType:
    """The check script as a module (it has no .py suffix: it is a command)."""
    loader = importlib.machinery.SourceFileLoader("dockerfile_check", str(ROOT / ".ci" / "dockerfile-check"))
    spec = importlib.util.spec_from_loader("dockerfile_check", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


check = load_check()
STEPS = check.instructions(ROOT / "Dockerfile")
PATTERNS = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def last(keyword: str) -> str:
    return str([rest for kw, rest in STEPS if kw == keyword][-1])


def test_the_image_runs_the_service_as_uid_10001_with_its_data_in_a_volume() -> None:
    assert last("FROM") == "python:3.13-slim"
    assert last("USER") == "10001:10001"
    assert last("VOLUME") == "/data"
    assert last("WORKDIR") == "/scratch"  # DDS's dump.txt lands there, not in the volume
    env: dict[str, str] = {}
    for kw, rest in STEPS:
        if kw == "ENV":
            env |= check.parse_env(rest)
    assert env["ADVISOR_DATA_DIR"] == "/data"
    assert env["ADVISOR_CACHE_DIR"] == "/data/dd-cache"
    # docker stop kills 10 s after SIGTERM: the bounded shutdown (the app's default 5 s) plus ~2 s fits
    assert float(env.get("ADVISOR_SHUTDOWN_SECONDS", "5")) + 2 < 10
    assert check.exec_form(last("CMD")) == ["advisor", "serve", "--host", "0.0.0.0", "--port", "8000"]


def test_the_healthcheck_asks_healthz_in_python() -> None:
    options, _, command = last("HEALTHCHECK").partition("CMD ")
    argv = check.exec_form(command)
    assert argv[:2] == ["python", "-c"]
    assert "http://127.0.0.1:8000/healthz" in argv[2]
    assert "--start-period=" in options


def test_every_run_step_comes_before_the_switch_to_the_user() -> None:
    keywords = [kw for kw, _ in STEPS]
    assert "RUN" not in keywords[keywords.index("USER"):]  # every install runs before the user switch


def test_dockerignore_leaves_out_what_the_image_must_not_carry() -> None:
    for path in (".venv/bin/python", ".venv313/lib/x.py", "engine/__pycache__/cards.cpython-313.pyc",
                 "app/web/__pycache__/x.pyc", "tests/api/test_api.py", "var/advisor.sqlite3", ".git/HEAD",
                 "adjusted_score_advisor.egg-info/PKG-INFO", "dump.txt"):
        assert check.ignored(path, PATTERNS), path
    for path in ("pyproject.toml", "README.md", "engine/dd/cpus.py", "app/web/templates/base.html",
                 "app/storage/migrations/script.py.mako"):
        assert not check.ignored(path, PATTERNS), path


def test_the_build_context_holds_the_package_and_no_caches(tmp_path: Path) -> None:
    copied: list[str] = []
    for kw, rest in STEPS:
        if kw == "COPY":
            *sources, dest = shlex.split(rest)
            for source in sources:
                target = tmp_path / dest / (source if (ROOT / source).is_file() else "")
                copied += check.copy_context(source, target, PATTERNS)
    assert "pyproject.toml" in copied and "README.md" in copied
    assert "engine/dd/cpus.py" in copied and "app/main.py" in copied
    assert any(p.startswith("app/web/templates/") for p in copied)
    assert not [p for p in copied if "__pycache__" in p or p.endswith(".pyc")]
    assert (tmp_path / "engine" / "dd" / "cpus.py").read_bytes() == (ROOT / "engine/dd/cpus.py").read_bytes()
