"""Fixtures shared by the test modules."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from engine.dd import SolverRunner, default_solver
from tests.browser import PageProblems, chromium, served
from tests.helpers import empty_postgres, laptop, worker_database

# Starlette's TestClient sends `Host: testserver`: every app the tests build answers to it (besides
# the loopback names, always allowed). Set here, at import, before any module builds its app; never
# a default of the service (app.service.middleware.allowed_hosts).
os.environ["ADVISOR_ALLOWED_HOSTS"] = "testserver"


def pytest_configure(config: pytest.Config) -> None:
    """The claim search's numba kernel compiled (or loaded from its cache in the work tree's
    ``__pycache__``) once, by the session's controller before its xdist workers start: the workers,
    and the servers the tests start, then load it (0.3 s) instead of each compiling it (15-30 s)."""
    if not hasattr(config, "workerinput"):
        from engine.rulings.claim_search import core_wanted, warm_core

        if core_wanted():
            warm_core()


@pytest.fixture(scope="session")
def dds() -> SolverRunner:
    """The real solver (endplay/DDS behind the runner's lock and cache), built once."""
    return default_solver()


@pytest.fixture(scope="session", autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every app a test builds without a database URL keeps its SQLite file in a temp dir,
    never in ./var or in the database ``ADVISOR_DATABASE_URL`` names."""
    saved = {k: os.environ.get(k) for k in ("ADVISOR_DATA_DIR", "ADVISOR_DATABASE_URL")}
    folder = tmp_path_factory.mktemp("advisor-data")
    os.environ["ADVISOR_DATA_DIR"] = str(folder)
    os.environ.pop("ADVISOR_DATABASE_URL", None)
    yield folder
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgresql)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database: an SQLite file, and the PostgreSQL server that
    ``ADVISOR_TEST_POSTGRES_URL`` names (``.ci/run`` starts one). Without that URL the
    PostgreSQL variant is skipped locally, and fails in CI (``CI=true``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'advisor.sqlite3'}"
    url = os.environ.get("ADVISOR_TEST_POSTGRES_URL", "").strip()
    if not url:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("CI=true but ADVISOR_TEST_POSTGRES_URL is not set: .ci/run must start PostgreSQL")
        pytest.skip("ADVISOR_TEST_POSTGRES_URL is not set (source .ci/postgres to start a local PostgreSQL)")
    url = worker_database(url, os.environ.get("PYTEST_XDIST_WORKER", ""))
    empty_postgres(url)
    return url


@pytest.fixture
def client(dds: SolverRunner, database_url: str) -> Iterator[TestClient]:
    """The service in process on a fresh database (SQLite, and PostgreSQL: ``database_url``), in
    laptop mode (the client on this machine, no token), a server error as its 500 answer. A module
    that needs another app defines its own ``client``."""
    with laptop(create_app(dds, database_url=database_url), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The service under uvicorn (one solver worker) for a module's browser tests: its URL. A
    module that needs other settings defines its own ``server``."""
    with served() as url:
        yield url


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A page of the module's server on its index, 1100 px wide. After the test: no CSP
    violation, script or console error, or file of the page that failed to load, in the whole
    flow (:class:`tests.browser.PageProblems`)."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    problems = PageProblems(pg)
    pg.goto(f"{server}/")
    yield pg
    ctx.close()
    assert problems.found == [], problems.found


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Chromium, launched once per test process (each test opens its own context, so
    nothing of one test's pages reaches another's); skipped where Chromium is not installed."""
    with chromium() as b:
        yield b


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules whose every test is marked ``slow`` (a module's own servers and browsers, the kill
    and load tests) first, each whole and in its own order, then the rest as collected. The two
    pytest-xdist workers take whole modules in this order (``--dist loadfile``): the long ones start
    first and the short ones fill in at the end, instead of one long module running alone at the end
    while the other worker has nothing left to do."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    slow = {name for name, its in modules.items() if all(i.get_closest_marker("slow") for i in its)}
    items[:] = [i for name in sorted(modules, key=lambda n: n not in slow) for i in modules[name]]
