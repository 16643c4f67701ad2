"""Calico game records (``calico-record/1``): reading, validating and replaying them.

Two forms share one format tag:

* the *placements* form: setup facts (mode, cats, players' boards and goals) plus the tiles each
  player placed, in order. No market, no seat order: it is enough to score a quilt.
* the *full* form, which the bot exports: the same keys plus ``seed``, ``bag`` (the draw order),
  ``offered_goals`` and every action (goal choices and turns). It replays through the game engine,
  so every rule is checked again.

Both are replayed into quilts and scored the same way. Any problem raises
:class:`~calico_bot.core.errors.RecordError` whose message names the offending entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calico_bot.core.errors import RecordError, RuleViolation
from calico_bot.games.calico.engine.components import (
    BOARD_NAMES,
    COPIES_LOWER_VARIANCE,
    COPIES_PER_KIND,
    GOAL_SPACES,
    GOALS,
    board_borders,
    tile_from_json,
)
from calico_bot.games.calico.engine.geometry import GOAL_CELLS, parse_label
from calico_bot.games.calico.engine.quilt import EMPTY, Quilt
from calico_bot.games.calico.engine.record_format import FORMAT, MODES, _need, parse_cats, player_name
from calico_bot.games.calico.engine.scoring import PlayerScore, score_quilt, winners


@dataclass(slots=True)
class ScoredRecord:
    scores: list[PlayerScore]
    winners: list[int]
    seats: list[int] | None = None  # the seat of each placement, in the record's order

    def to_json(self) -> dict[str, Any]:
        """The breakdown; each award's ``placement`` is the index (from 0) of the record's placement that
        earned it, and ``rainbow_placement`` that of the rainbow button (``null`` without one)."""
        players = [s.to_json() for s in self.scores]
        if self.seats is not None:
            for score, out in zip(self.scores, players, strict=True):
                mine = [i for i, seat in enumerate(self.seats) if seat == score.seat]
                for token in out["cat_tokens"] + out["button_tokens"]:
                    token["placement"] = mine[token["placement"] - 1]
                rainbow = score.rainbow_at
                out["rainbow_placement"] = None if rainbow is None else mine[rainbow - 1]
        return {"players": players, "winners": self.winners}


def parse_goals(raw: Any, where: str) -> dict[str, str]:
    _need(isinstance(raw, dict), where, "goals must map B3, C4 and D2 to goal tiles")
    _need(sorted(raw) == sorted(GOAL_SPACES), where, "goals must name exactly B3, C4 and D2")
    for space, goal in raw.items():
        _need(isinstance(goal, str) and goal in GOALS, where, f"unknown goal {goal!r} on {space}")
    _need(len(set(raw.values())) == 3, where, "the three goals must be different tiles")
    return dict(raw)


def score_placements_record(data: dict[str, Any]) -> ScoredRecord:
    """Replay and score the placements form."""
    _need(data.get("format") == FORMAT, "format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    mode = data.get("mode")
    _need(mode in MODES, "mode", f"must be one of {', '.join(MODES)}, got {mode!r}")
    lower_variance = data.get("lower_variance", False)
    _need(isinstance(lower_variance, bool), "lower_variance", "must be true or false")
    cats = parse_cats(data.get("cats"))
    cat_of_pattern = {p: name for name, pats in cats for p in pats}

    players_raw = data.get("players")
    _need(isinstance(players_raw, list) and 1 <= len(players_raw) <= 4, "players", "must list 1 to 4 players")
    _need(mode != "solo" or len(players_raw) == 1, "players", "a solo game has exactly one player")
    _need(not lower_variance or len(players_raw) <= 2, "lower_variance",
          "the lower-variance bag is for 2 players or solo")
    borders = board_borders()
    quilts: list[Quilt] = []
    goals: list[dict[str, str] | None] = []
    names: list[str] = []
    boards_seen: set[str] = set()
    for i, p in enumerate(players_raw):
        where = f"players[{i}]"
        _need(isinstance(p, dict), where, "must be an object")
        board = p.get("board")
        _need(isinstance(board, str) and board in BOARD_NAMES, where, f"unknown board {board!r}")
        _need(board not in boards_seen, where, f"board {board!r} is already taken")
        boards_seen.add(board)
        names.append(player_name(p, i))
        quilts.append(Quilt.new(borders[board]))
        goals.append(None if mode == "family" or p.get("goals") is None else parse_goals(p.get("goals"), where))

    copies = COPIES_LOWER_VARIANCE if lower_variance else COPIES_PER_KIND
    used = [0] * 36
    placements = data.get("placements")
    _need(isinstance(placements, list), "placements", "must be a list")
    for i, pl in enumerate(placements):
        where = f"placements[{i}]"
        _need(isinstance(pl, dict), where, "must be an object with player, space and tile")
        seat = pl.get("player")
        _need(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(quilts), where,
              f"no player {seat!r}")
        # Goals may be missing only while the goal choice is open (an export made then hides them),
        # and no tile is placed before it closes.
        _need(goals[seat] is not None or mode == "family", f"players[{seat}]",
              "goals must map B3, C4 and D2 to goal tiles")
        space = pl.get("space")
        cell = parse_label(space) if isinstance(space, str) else None
        _need(cell is not None, where, f"{space!r} is not a space on the quilt (A1..E5)")
        assert cell is not None
        _need(cell not in GOAL_CELLS, where, f"{space} is a design-goal space")
        quilt = quilts[seat]
        _need(quilt.cells[cell] == EMPTY, where, f"{space} is already filled")
        try:
            tile = tile_from_json(pl.get("tile"))
        except ValueError as exc:
            raise RecordError(f"{where}: {exc}") from None
        used[tile] += 1
        _need(used[tile] <= copies, where, f"more copies of {pl.get('tile')} than the bag holds ({copies})")
        quilt.place(cell, tile, cat_of_pattern)

    scores = [score_quilt(i, names[i], quilts[i], goals[i]) for i in range(len(quilts))]
    return ScoredRecord(scores, winners(scores), [pl["player"] for pl in placements])


def score_record(data: Any) -> ScoredRecord:
    """Score either form of record; a full record is replayed through the game engine."""
    _need(isinstance(data, dict), "record", "must be a JSON object")
    if "actions" in data:
        from calico_bot.games.calico.engine.game import (
            replay_full_record,  # local import: the placements form needs no engine
        )

        try:
            state = replay_full_record(data)
        except RuleViolation as exc:
            raise RecordError(str(exc)) from None
        scores = state.scores()
        return ScoredRecord(scores, winners(scores), [pl["player"] for pl in state.placements()])
    return score_placements_record(data)
