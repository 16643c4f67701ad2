"""No import circles among the project's modules (``calico_bot/``, ``cogs/``, ``render/``).

Every ``import`` and ``from ... import`` is read with :mod:`ast`, wherever it stands: at the top,
inside a function, or under ``if TYPE_CHECKING:`` (a circle hidden that way is still a circle in
the design). ``from package import name`` counts as importing ``package.name`` when that is a module.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("calico_bot", "cogs", "render")

ALLOWED: set[frozenset[str]] = set()  # no exception: every circle is a bug


def module_files() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: set[str]) -> Iterator[str]:
    """The project modules ``module`` (at ``path``) imports."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in known:
                    yield f"{target}.{alias.name}"
                elif target in known:
                    yield target


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (read once per test run; do not change the result)."""
    files = module_files()
    known = set(files)
    return {m: {t for t in imported(m, p, known) if t != m} for m, p in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_every_kind_of_import() -> None:
    graph = import_graph()
    assert "calico_bot.core.game_contract" in graph["calico_bot.core.registry"]  # from .x import y
    assert "calico_bot.storage.postgres" in graph["calico_bot.storage"]  # inside a function
    assert "calico_bot.services.daily" in graph["calico_bot.services.daily_text"]  # under TYPE_CHECKING
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_import_cycles() -> None:
    left = [sorted(c) for c in cycles(import_graph()) if frozenset(c) not in ALLOWED]
    assert left == []
