"""Shared pytest configuration: hypothesis profiles (CI runs a few more examples); the rules index's disk cache
off unless a test turns it on (tests/rules/test_index_cache.py), so test runs neither read nor leave cache files."""

import os

os.environ.setdefault("CALICO_RULES_CACHE", "off")

from hypothesis import settings

settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
