"""Which game is played where a rules question is asked: a hint for ``/rules ask``.

A question that names no game ("how many rounds?", "平局怎么办") most likely asks about the game of the
thread it is asked in. Only games of the question's own server count (a thread id is not trusted to
be unique across servers), and only games the rules knowledge base knows. Nothing here imports Discord.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.knowledge import GAMES
from ..storage.interface import Storage
from ..storage.models import OPEN_STATUSES, GameRow


def _kinds(rows: Iterable[GameRow], guild_id: int | None) -> list[str]:
    return [r.kind for r in rows if r.guild_id == guild_id and r.kind in GAMES]


async def game_here(storage: Storage, *, guild_id: int | None, channel_id: int) -> str | None:
    """The game of the thread ``channel_id`` (its latest), else the one kind of game open in that
    channel; None when there is none, or when games of several kinds are open there."""
    in_thread = _kinds(await storage.find_games(thread_id=channel_id, guild_id=guild_id), guild_id)
    if in_thread:
        return in_thread[-1]
    open_here = set(_kinds(await storage.find_games(channel_id=channel_id, guild_id=guild_id,
                                                    statuses=OPEN_STATUSES), guild_id))
    return open_here.pop() if len(open_here) == 1 else None
