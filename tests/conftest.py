"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest

from engine.dd import SolverRunner, default_solver


@pytest.fixture(scope="session")
def dds() -> SolverRunner:
    """The real solver (endplay/DDS behind the runner's lock and cache), built once."""
    return default_solver()
