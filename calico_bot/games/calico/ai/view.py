"""What one player may see of a game: the only input an AI policy gets.

``build_view`` copies the visible facts out of a :class:`GameState`: the player's own quilt, hand and
goals, the market, every quilt (quilts are public), the cats, the discards and the counts. It never
reads the bag's order or another player's hand. The tiles the player cannot see (the rest of the bag
and the other players' hands) are given only as a multiset, ``unseen``, computed as the full bag minus
everything visible; policies sample future draws from it with their own seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass

from calico_bot.games.calico.engine.components import GOAL_SPACES, N_KINDS, PATCH_SPACES, full_bag
from calico_bot.games.calico.engine.game import PHASE_SETUP, GameState
from calico_bot.games.calico.engine.quilt import Quilt


@dataclass(frozen=True, slots=True)
class OtherPlayer:
    """Public facts about another player."""

    seat: int
    quilt: Quilt
    hand_size: int
    goals: dict[str, str] | None  # None during setup (still secret) and in the family variant


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    mode: str  # standard | beginner | family | solo
    solo: bool  # conveyor market
    phase: str
    current: int
    n_players: int
    turns: int
    version: int
    cats: tuple[tuple[str, tuple[int, ...]], ...]
    cat_of_pattern: dict[int, str]
    quilt: Quilt  # a copy of the player's own quilt
    hand: tuple[int, ...]
    goals: dict[str, str] | None  # None in the family variant (goals score nothing) or while undecided
    offered: tuple[str, ...]  # goal tiles to choose from (setup only)
    market: tuple[int | None, ...]
    discards: tuple[int, ...]
    others: tuple[OtherPlayer, ...]
    unseen: tuple[int, ...]  # per tile kind (0..35): copies this player cannot see
    bag_count: int
    scenario: int | None = None  # solo scenario number (its objectives are public)

    @property
    def placed(self) -> int:
        return self.quilt.placed

    @property
    def remaining_placements(self) -> int:
        return PATCH_SPACES - self.quilt.placed

    @property
    def needs_goals(self) -> bool:
        return self.phase == PHASE_SETUP and bool(self.offered) and self.goals is None

    @property
    def drafts_after_placing(self) -> bool:
        """Mirror of ``GameState.drafts_after_placing`` for this player."""
        return self.quilt.placed + 1 < PATCH_SPACES and any(t is not None for t in self.market)

    @property
    def unseen_list(self) -> list[int]:
        return [kind for kind, n in enumerate(self.unseen) for _ in range(n)]


def build_view(state: GameState, seat: int) -> PlayerView:
    """The game as ``seat`` sees it (see the module docstring for what is left out)."""
    me = state.players[seat]
    counts = [0] * N_KINDS
    for t in full_bag(state.lower_variance):
        counts[t] += 1
    visible: list[int] = [t for t in state.market if t is not None]
    visible += me.hand
    visible += state.discards
    for p in state.players:
        quilt = p.quilt
        visible += [quilt.cells[c] for c in quilt.order]
    for t in visible:
        counts[t] -= 1
    if min(counts) < 0:  # pragma: no cover - would mean the core's tile accounting is broken
        raise ValueError("more visible tiles than the bag holds")
    in_setup = state.phase == PHASE_SETUP
    family = state.mode == "family"
    others = tuple(
        OtherPlayer(i, p.quilt.copy(), len(p.hand), None if in_setup or family or p.goals is None else dict(p.goals))
        for i, p in enumerate(state.players)
        if i != seat
    )
    return PlayerView(
        seat=seat,
        mode=state.mode,
        solo=state.solo,
        phase=state.phase,
        current=state.current,
        n_players=len(state.players),
        turns=state.turns,
        version=state.version,
        cats=tuple((name, tuple(pats)) for name, pats in state.cats),
        cat_of_pattern=dict(state.cat_of_pattern),
        quilt=me.quilt.copy(),
        hand=tuple(me.hand),
        goals=None if family or me.goals is None else {s: me.goals[s] for s in GOAL_SPACES},
        offered=tuple(me.offered),
        market=tuple(state.market),
        discards=tuple(state.discards),
        others=others,
        unseen=tuple(counts),
        bag_count=state.bag_count,
        scenario=state.scenario,
    )
