"""A member whose display name is written to abuse the bot's posts (a mention of someone else, a link
hidden behind words, formatting) is printed with the same letters but none of that effect."""

from __future__ import annotations

from calico_bot.app.kit import safe_name
from devtable.fake_discord import FakeUser

from .conftest import Table
from .test_calico_cog import open_two_player_game

HOSTILE = "[prize](https://e.example) <@9000000000000000101> **b @everyone `x` ||y||"


def test_safe_name_keeps_ordinary_names_and_disarms_the_rest() -> None:
    for name in ("ana", "cool_guy", "Søren", "小明", "🐱 cat", "O'Neil - 2"):
        assert safe_name(name) == name
    disarmed = safe_name(HOSTILE)
    for mark in ("<@", "](", "**", "`", "||", "@everyone", "["):
        assert mark not in disarmed
    assert "prize" in disarmed and "9000000000000000101" in disarmed
    assert safe_name("  two\nlines  ") == "two lines" and safe_name("   ") == "?"


async def test_a_hostile_display_name_is_inert_in_public_posts(table: Table) -> None:
    evil = table.fake.add_user(FakeUser(id=9_000_000_000_000_900, name="evil", nick=HOSTILE))
    table.users["evil"] = evil
    await open_two_player_game(table, host="evil", joiner="ana")
    played = await table.slash("evil", "calico play", table.thread(), tile=1, space="A1", take=1)
    assert not played.errors
    await table.slash("evil", "catbox new", seats=2)
    posts = [m.content + " ".join(str(e) for e in m.embeds) for m in table.public()]
    assert any(safe_name(HOSTILE) in p for p in posts)
    for post in posts:
        assert "<@9000000000000000101>" not in post  # bo is in no game: nobody may ping him
        assert "](" not in post and "@everyone" not in post
