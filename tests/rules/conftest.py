"""Fixtures for the rules-search tests: the real knowledge base and a tiny fixture one."""

from __future__ import annotations

from pathlib import Path

import pytest

from calico_bot.rules import RulesIndex, load_index

FIXTURE_KB = Path(__file__).resolve().parent / "fixtures" / "kb"


@pytest.fixture(scope="session")
def real_index() -> RulesIndex:
    return load_index()


@pytest.fixture(scope="session")
def fixture_index() -> RulesIndex:
    return load_index(FIXTURE_KB)
