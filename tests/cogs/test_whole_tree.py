"""Whole-tree checks: command names, custom-id prefixes and lengths, game formats."""

from __future__ import annotations

import re

import discord
from discord import app_commands

from calico_bot.core.registry import discover

from .conftest import Table

PREFIX_OF_COG = {"CalicoCog": "cal", "CalicoDaily": "dly", "RulesCog": "rules"}
WORST_NUMBER = str(2**63 - 1)  # the longest id a custom id may carry


def worst_case(template: str) -> str:
    """A custom id matching ``template`` with every number as long as it can be."""
    out = re.sub(r"\(\?P<\w+>\\d\+\)", WORST_NUMBER, template)
    out = re.sub(r"\(\?P<\w+>\\d\)", "9", out)
    out = re.sub(r"\(\?P<\w+>\[A-E\]\[1-5\]\|-\)", "E5", out)
    out = re.sub(r"\(\?P<\w+>\[([a-z0-9]+)\]\)", lambda m: m.group(1)[0], out)
    out = re.sub(r"\(\?P<\w+>([a-z]+)(\|[a-z]+)*\)", lambda m: max(m.group(0)[m.group(0).index(">") + 1:-1]
                                                                  .split("|"), key=len), out)
    out = re.sub(r"\(\?P<\w+>\[a-z0-9_\.\]\+\)", "x" * 60, out)  # a rules entry id (they are short)
    out = re.sub(r"\(\?P<\w+>\[0-9\.\]\{0,(\d+)\}\)", lambda m: "9" * int(m.group(1)), out)  # panel picks
    out = re.sub(r"\(\?P<\w+>\.\{1,(\d+)\}\)", lambda m: "x" * int(m.group(1)), out)  # a prompt key
    return out.replace("\\|", "|")


async def test_command_names_are_unique_and_valid(table: Table) -> None:
    names = []
    for command in table.bot.tree.walk_commands():
        names.append(command.qualified_name)
        assert re.fullmatch(r"[-_a-z0-9]{1,32}", command.name), command.name
        assert len(command.description) <= 100
        if isinstance(command, app_commands.Command):
            assert len(command.parameters) <= 25
    assert len(names) == len(set(names))


async def test_custom_ids_have_one_prefix_per_feature_and_fit_in_100_characters(table: Table) -> None:
    seen: dict[str, str] = {}
    owners = {**PREFIX_OF_COG, **{f"table:{key}": key for key in table.bot.plugin_cogs}}  # a game's table: its key
    for item in table.bot._connection._view_store._dynamic_items.values():
        template = item.__discord_ui_compiled_template__.pattern
        prefix = template.split(":", 1)[0]
        owner = next(name for name, p in owners.items() if p == prefix)
        assert seen.setdefault(prefix, owner) == owner
        longest = worst_case(template)
        assert re.fullmatch(template, longest), (template, longest)
        assert len(longest) <= 100, (template, len(longest))
    assert set(seen) == set(owners.values())
    assert isinstance(table.bot, discord.Client)


def test_game_keys_and_formats_are_unique() -> None:
    registry = discover()
    plugins = list(registry)
    assert len({p.key for p in plugins}) == len({p.state_format for p in plugins}) == \
        len({p.record_format for p in plugins}) == len(plugins) >= 2
