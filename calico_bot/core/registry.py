"""Finding the game plug-ins: every package under ``calico_bot.games`` whose ``plugin`` module holds a
``PLUGIN`` (a :class:`GamePlugin`). A second plug-in with a key already taken is refused, and a
plug-in that fails to import is logged and skipped: one broken game never stops the others."""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Iterable

from .game_contract import GamePlugin

log = logging.getLogger(__name__)

GAMES_PACKAGE = "calico_bot.games"


class Registry:
    """Plug-ins by key, and by state or record format."""

    def __init__(self, plugins: Iterable[GamePlugin] = ()) -> None:
        self._by_key: dict[str, GamePlugin] = {}
        self.refused: list[str] = []
        for plugin in plugins:
            self.add(plugin)

    def add(self, plugin: GamePlugin) -> bool:
        """Register ``plugin``; False (logged) when its key or a format is already taken."""
        clash = [p.key for p in self._by_key.values()
                 if p.key == plugin.key or p.state_format == plugin.state_format
                 or p.record_format == plugin.record_format]
        if clash:
            log.error("game plug-in %r refused: key or format already used by %s", plugin.key, clash)
            self.refused.append(plugin.key)
            return False
        self._by_key[plugin.key] = plugin
        return True

    def get(self, key: str) -> GamePlugin:
        return self._by_key[key]

    def keys(self) -> list[str]:
        return sorted(self._by_key)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._by_key[k] for k in self.keys())

    def __len__(self) -> int:
        return len(self._by_key)

    def by_record_format(self, record_format: str) -> GamePlugin | None:
        return next((p for p in self._by_key.values() if p.record_format == record_format), None)

    def by_state_format(self, state_format: str) -> GamePlugin | None:
        return next((p for p in self._by_key.values() if p.state_format == state_format), None)


def discover(package: str = GAMES_PACKAGE) -> Registry:
    """Import ``<package>.<game>.plugin`` for every game folder and register its ``PLUGIN``."""
    registry = Registry()
    root = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        name = f"{package}.{info.name}.plugin"
        try:
            module = importlib.import_module(name)
            plugin = module.PLUGIN
            if not isinstance(plugin, GamePlugin):
                raise TypeError(f"{name}.PLUGIN is not a GamePlugin")
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # a game folder without a plug-in yet (a rules core only)
            log.exception("game plug-in %s could not be loaded; skipped", name)
            registry.refused.append(info.name)
            continue
        except Exception:
            log.exception("game plug-in %s could not be loaded; skipped", name)
            registry.refused.append(info.name)
            continue
        registry.add(plugin)
    return registry


__all__ = ["GAMES_PACKAGE", "Registry", "discover"]
