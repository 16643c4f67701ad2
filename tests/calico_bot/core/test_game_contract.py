"""The game contract, checked on every plug-in the registry finds (and on the tests' own sealed-bid
game): random games to the end through ``legal_actions``, the exact JSON round trip at every step,
refused actions that change nothing, sealed answers hidden from the other seats, results and replays."""

from __future__ import annotations

import json
import logging
import random
import sys
import textwrap
from pathlib import Path

import pytest

from calico_bot.core.errors import RuleViolation
from calico_bot.core.game_contract import GamePlugin, competition_ranks
from calico_bot.core.registry import Registry, discover

from .sealed_bid import PLUGIN as SEALED_BID

REGISTRY = discover()
PLUGINS = [*REGISTRY, SEALED_BID]
IDS = [p.key for p in PLUGINS]

NAMES = ["ana", "bo", "cy", "di", "ed"]
GARBAGE = [{}, {"type": "nonsense"}, {"type": "turn", "player": 0, "tile": 9, "space": "Z9", "take": 7},
           {"type": "play", "player": 0, "card": 99, "colour": "purple"}, {"type": "bid", "player": 5, "card": 1}]


def test_the_registry_finds_the_games() -> None:
    assert {"calico", "citb"} <= set(REGISTRY.keys()) and not REGISTRY.refused


def play_out(plugin: GamePlugin, seats: int, seed: int) -> tuple[object, list[dict]]:
    rng = random.Random(seed)
    options = plugin.parse_options({}, seats)
    state = plugin.new_state(options, NAMES[:seats], seed)
    log: list[dict] = []
    for _ in range(2000):
        prompts = plugin.awaiting(state)
        if not prompts:
            break
        dumped = plugin.dump(state)
        assert plugin.dump(plugin.load(json.loads(json.dumps(dumped)))) == dumped  # exact round trip
        for bad in GARBAGE:  # a refused action changes nothing
            before = json.dumps(plugin.dump(state), sort_keys=True)
            with pytest.raises(RuleViolation):
                plugin.apply(state, bad)
            assert json.dumps(plugin.dump(state), sort_keys=True) == before
        prompt = rng.choice(prompts)
        legal = plugin.legal_actions(state, prompt)
        assert legal, f"{plugin.key}: a prompt without a legal answer: {prompt}"
        action = rng.choice(legal)
        version = plugin.version(state)
        applied = plugin.apply(state, action)
        assert plugin.version(state) > version and applied.seat == prompt.seat
        log.append(action)
    assert plugin.is_over(state), f"{plugin.key}: a random game did not end"
    return state, log


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_random_games_end_and_rank_every_seat(plugin: GamePlugin) -> None:
    for seats in (plugin.seats.start, plugin.seats.stop - 1):
        state, _ = play_out(plugin, seats, seed=seats * 7)
        results = plugin.result(state)
        assert sorted(r.seat for r in results) == list(range(seats))
        assert min(r.rank for r in results) == 1
        best = max((r.score, r.tie_break) for r in results)
        assert all((r.rank == 1) == ((r.score, r.tie_break) == best) for r in results)
        json.dumps(plugin.view_for(state, None))


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_a_full_record_replays_to_the_same_result(plugin: GamePlugin) -> None:
    state, _ = play_out(plugin, plugin.seats.start if plugin.seats.start > 1 else 2, seed=3)
    again = plugin.replay(json.loads(json.dumps(plugin.record(state, hidden=True))))
    assert [(r.seat, r.score, r.rank) for r in plugin.result(again)] == \
        [(r.seat, r.score, r.rank) for r in plugin.result(state)]


@pytest.mark.parametrize("plugin", PLUGINS, ids=IDS)
def test_sealed_answers_stay_hidden_until_the_last_is_in(plugin: GamePlugin) -> None:
    """While other sealed prompts of the same key are open, which answer a seat gave changes nothing
    any other seat or a spectator can see: two different answers leave their views identical."""
    seats = max(2, plugin.seats.start)
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = plugin.new_state(plugin.parse_options({}, seats), NAMES[:seats], seed)
        for _ in range(400):
            prompts = plugin.awaiting(state)
            if not prompts:
                break
            sealed = [p for p in prompts if p.sealed]
            if len(sealed) >= 2:
                first = sealed[0]
                answers = plugin.legal_actions(state, first)
                if len(answers) >= 2:
                    a, b = rng.sample(answers, 2)
                    one = plugin.load(json.loads(json.dumps(plugin.dump(state))))
                    two = plugin.load(json.loads(json.dumps(plugin.dump(state))))
                    assert not plugin.apply(one, a).resolved_sealed
                    plugin.apply(two, b)
                    for viewer in [*(p.seat for p in sealed[1:]), None]:
                        assert plugin.view_for(one, viewer) == plugin.view_for(two, viewer), (plugin.key, viewer)
                    checked += 1
            prompt = rng.choice(prompts)
            plugin.apply(state, rng.choice(plugin.legal_actions(state, prompt)))
    if plugin.key in ("calico", "citb", "bid"):
        assert checked, f"{plugin.key}: no sealed decision was met"


def test_competition_ranks_share_equal_places() -> None:
    assert competition_ranks([(5, 1), (7, 0), (5, 1), (2, 0)]) == [2, 1, 2, 4]


def test_duplicate_keys_and_formats_are_refused(caplog: pytest.LogCaptureFixture) -> None:
    registry = Registry([SEALED_BID])
    clone = type("Clone", (type(SEALED_BID),), {"record_format": "other-record/1"})()
    with caplog.at_level(logging.ERROR):
        assert not registry.add(clone)
    assert registry.keys() == ["bid"] and registry.refused == ["bid"]


def test_a_broken_plugin_is_skipped_not_fatal(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    package = tmp_path / "fake_games_pkg"
    (package / "good").mkdir(parents=True)
    (package / "broken").mkdir()
    (package / "__init__.py").write_text("")
    (package / "good" / "__init__.py").write_text("")
    (package / "good" / "plugin.py").write_text("from tests.calico_bot.core.sealed_bid import PLUGIN\n")
    (package / "broken" / "__init__.py").write_text("")
    (package / "broken" / "plugin.py").write_text(textwrap.dedent("""\
        raise RuntimeError("this plug-in is broken")
    """))
    sys.path.insert(0, str(tmp_path))
    try:
        with caplog.at_level(logging.ERROR):
            registry = discover("fake_games_pkg")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith("fake_games_pkg")]:
            del sys.modules[name]
    assert registry.keys() == ["bid"] and registry.refused == ["broken"]
    assert "broken" in caplog.text
