"""Round scoring (tricks, the bid bonus with the largest orthogonal group, paradox) and the winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.game_contract import competition_ranks
from .components import Setup


def largest_group(owner: list[list[int]], seat: int) -> int:
    """Size of the largest group of ``seat``'s tokens joined through shared sides.

    ``owner[row][number]`` holds a seat, EMPTY or BLOCKED; index 0 of each row is unused. Rows are
    stacked blue, yellow, green, red, so only neighbouring rows touch (blue and red do not).
    """
    rows = len(owner)
    width = len(owner[0])
    seen = [[False] * width for _ in range(rows)]
    best = 0
    for r in range(rows):
        row = owner[r]
        for n in range(1, width):
            if row[n] != seat or seen[r][n]:
                continue
            seen[r][n] = True
            stack = [(r, n)]
            size = 0
            while stack:
                cr, cn = stack.pop()
                size += 1
                for nr, nn in ((cr - 1, cn), (cr + 1, cn), (cr, cn - 1), (cr, cn + 1)):
                    if 0 <= nr < rows and 1 <= nn < width and not seen[nr][nn] and owner[nr][nn] == seat:
                        seen[nr][nn] = True
                        stack.append((nr, nn))
            best = max(best, size)
    return best


@dataclass(frozen=True, slots=True)
class RoundScore:
    tricks: int
    bid: int | None
    bid_met: bool  # the bonus condition itself, also reported for the paradox player (ruling 8)
    largest_group: int
    paradox: bool
    round_points: int

    def to_json(self) -> dict[str, Any]:
        return {"tricks": self.tricks, "bid": self.bid, "bid_met": self.bid_met,
                "largest_group": self.largest_group, "paradox": self.paradox,
                "round_points": self.round_points}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundScore:
        return cls(data["tricks"], data["bid"], data["bid_met"], data["largest_group"], data["paradox"],
                   data["round_points"])


def score_round(setup: Setup, owner: list[list[int]], tricks: list[int], bids: list[int | None],
                paradox_player: int | None) -> list[RoundScore]:
    out = []
    for seat in range(setup.players):
        won = tricks[seat]
        bid = bids[seat] if setup.has_bids else None
        met = won <= setup.bonus_max_tricks if setup.bonus_max_tricks is not None else won == bid
        group = largest_group(owner, seat)
        points = -won if seat == paradox_player else won + (group if met else 0)
        out.append(RoundScore(won, bid, met, group, seat == paradox_player, points))
    return out


def rank_seats(totals: list[int], last_round: list[int]) -> list[int]:
    """1-based ranks: higher total first, then higher points in the last round; equal pairs share."""
    return competition_ranks(list(zip(totals, last_round, strict=True)))


def winners(totals: list[int], last_round: list[int]) -> list[int]:
    ranks = rank_seats(totals, last_round)
    return [seat for seat, rank in enumerate(ranks) if rank == 1]
