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


# --- layers: the shared parts import no game ----------------------------------------------------------

GAME_PACKAGES = ("calico_bot.games.", "render.calico", "render.cat_in_the_box", "cogs.calico", "cogs.cat_in_the_box")
#: The game-agnostic layers: services, storage, app, the contract, the shared cogs (lobby and clock,
#: the plug-in tables, daily, rules, admin) and the shared render kit. A game's own cog and renderer
#: (and the game's folder) are the only places that import it.
SHARED = ("calico_bot.services", "calico_bot.storage", "calico_bot.app", "calico_bot.core", "cogs.table",
          "cogs.plugin_tables", "cogs.daily", "cogs.rules", "cogs.admin", "render.kit")


def is_game(module: str) -> bool:
    return module.startswith(GAME_PACKAGES)


def test_the_shared_layers_import_no_game() -> None:
    graph = import_graph()
    shared = [m for m in graph if any(m == s or m.startswith(s + ".") for s in SHARED)]
    assert "calico_bot.services.plugin_games" in shared and "cogs.daily" in shared
    leaks = {m: sorted(t for t in graph[m] if is_game(t)) for m in shared}
    assert {m: t for m, t in leaks.items() if t} == {}


def test_the_layer_check_sees_a_game_import() -> None:
    graph = import_graph()
    assert any(is_game(t) for t in graph["cogs.calico"])  # a game's own cog imports the game
    assert is_game("calico_bot.games.calico.engine.game") and not is_game("calico_bot.games")
