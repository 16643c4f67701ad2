"""Text for what happened in a game, in the reader's language. No Discord imports: cogs post it."""

from __future__ import annotations

from calico_bot.games.calico.engine.components import COLORS, GOALS, PATTERNS, SCENARIOS, color_of, pattern_of
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.engine.quilt import Award
from calico_bot.games.calico.engine.scenarios import evaluate_scenario
from calico_bot.games.calico.engine.scoring import PlayerScore
from calico_bot.games.calico.messages import has, tr
from calico_bot.games.calico.table import LoadedGame, TurnReport
from calico_bot.storage.models import ACTIVE, ENDED, LOBBY, OVER


def tile_text(lang: str, tile: int | None) -> str:
    if tile is None:
        return "-"
    color = tr(lang, f"color.{COLORS[color_of(tile)]}")
    pattern = tr(lang, f"pattern.{PATTERNS[pattern_of(tile)]}")
    return tr(lang, "tile", color=color, pattern=pattern)


def numbered_tiles(lang: str, tiles: list[int | None] | list[int]) -> str:
    """``1: Blue Dots, 2: Pink Ferns``: a hand or the market, as players pick from it."""
    return ", ".join(f"{i + 1}: {tile_text(lang, t)}" for i, t in enumerate(tiles))


def award_text(lang: str, award: Award) -> str:
    if award.kind == "cat":
        return tr(lang, "turn.award.cat", cat=award.cat, points=award.points)
    if award.kind == "button":
        return tr(lang, "turn.award.button", color=tr(lang, f"color.{COLORS[award.color or 0]}"))
    return tr(lang, "turn.award.rainbow")


def mode_text(lang: str, game: LoadedGame) -> str:
    opts = game.options
    text = tr(lang, f"mode.{opts.mode}")
    if opts.scenario:
        text += f" #{opts.scenario}"
    if opts.lower_variance:
        text += " (72)"
    return text


def seat_name(game: LoadedGame, seat: int, *, mention: bool = False) -> str:
    row = game.seat_row(seat)
    if mention and row.user_id is not None and not row.auto_played:
        return f"<@{row.user_id}>"
    return row.name


def turn_text(lang: str, game: LoadedGame, report: TurnReport) -> str:
    out = report.outcome
    lines = [tr(lang, "turn.placed", name=seat_name(game, report.seat), tile=tile_text(lang, out.placed),
                space=label(out.cell))]
    if report.auto:
        lines[0] += " " + tr(lang, f"turn.auto.{report.auto}")
    if out.awards:
        lines.append(tr(lang, "turn.earned", awards=", ".join(award_text(lang, a) for a in out.awards)))
    if out.took is not None:
        lines.append(tr(lang, "turn.took", tile=tile_text(lang, out.took), slot=out.take_slot))
    elif not out.game_over:
        lines.append(tr(lang, "turn.no_draft"))
    if out.discarded is not None:
        lines.append(tr(lang, "turn.discarded", tile=tile_text(lang, out.discarded)))
    return "\n".join(lines)


def market_text(lang: str, state: GameState) -> str:
    return tr(lang, "turn.market", tiles=numbered_tiles(lang, state.market), bag=state.bag_count)


def next_turn_text(lang: str, game: LoadedGame, deadline_ts: float | None) -> str | None:
    seat = game.current_seat
    if seat is None:
        return None
    suffix = tr(lang, "turn.deadline_suffix", ts=int(deadline_ts)) if deadline_ts else ""
    return tr(lang, "turn.next", mention=seat_name(game, seat.seat, mention=True), game=game.id, deadline=suffix)


def goal_result_text(lang: str, score: PlayerScore) -> list[str]:
    out = []
    for g in score.goals:
        if not g.complete:
            result = tr(lang, "score.goal_open")
        elif g.color and g.pattern:
            result = tr(lang, "score.goal_both")
        elif g.color:
            result = tr(lang, "score.goal_color")
        elif g.pattern:
            result = tr(lang, "score.goal_pattern")
        else:
            result = tr(lang, "score.goal_none")
        out.append(tr(lang, "score.goal", space=g.space, goal=goal_name(lang, g.goal), result=result, points=g.points))
    return out


def score_lines(lang: str, game: LoadedGame) -> list[str]:
    state = game.state
    if state is None:
        return []
    lines = []
    for s in state.scores():
        lines.append(tr(lang, "score.line", name=s.name, total=s.total, goals=s.goal_points, cats=s.cat_points,
                        buttons=s.button_points, rainbow=tr(lang, "score.rainbow") if s.rainbow else "",
                        placed=state.players[s.seat].quilt.placed))
        goals = goal_result_text(lang, s) if state.phase != "setup" else []  # goals stay secret until play
        if goals:
            lines.append("  " + "; ".join(goals))
    return lines


def objective_texts(lang: str, number: int) -> list[str]:
    """The objectives of solo scenario ``number`` in words, in the order ``evaluate_scenario`` checks them."""
    sc = SCENARIOS[number]
    keys: list[tuple[str, int]] = []
    if sc.goals_both:
        keys.append(("goals_both", sc.goals_both))
    if sc.goals_ok:
        keys.append(("goals_ok", sc.goals_ok))
    if sc.rainbow:
        keys.append(("rainbow", 1))
    if sc.total_cats:
        keys.append(("total_cats", sc.total_cats))
    if sc.one_of_each_cat:
        keys.append(("one_of_each_cat", 3))
    if sc.buttons_one_color:
        keys.append(("buttons_one_color", sc.buttons_one_color))
    if sc.tokens_one_cat:
        keys.append(("tokens_one_cat", sc.tokens_one_cat))
    keys.append(("score", sc.min_score))
    return [tr(lang, f"objective.{key}", target=target) for key, target in keys]


def scenario_line(lang: str, number: int | None) -> str | None:
    """"Scenario 3. To pass: ..." for a scenario game (None otherwise)."""
    if not number:
        return None
    return tr(lang, "scenario.goal", n=number, objectives="; ".join(objective_texts(lang, number)))


def status_text(lang: str, game: LoadedGame) -> str:
    mode = mode_text(lang, game)
    row = game.row
    if row.status == LOBBY:
        return tr(lang, "status.lobby", game=game.id, mode=mode, players=", ".join(s.name for s in game.seats))
    state = game.state
    if state is None:  # every player left the lobby
        return tr(lang, "status.cancelled", game=game.id, mode=mode)
    scenario = scenario_line(lang, state.scenario)
    if row.status == OVER:
        head = tr(lang, "status.over", game=game.id, mode=mode)
    elif row.status == ENDED:
        head = tr(lang, "status.ended", game=game.id, mode=mode)
    elif state.phase == "setup":
        waiting = ", ".join(p.name for p in state.players if p.needs_goals)
        head = tr(lang, "status.setup", game=game.id, mode=mode, waiting=waiting)
    else:
        head = tr(lang, "status.turn", game=game.id, mode=mode, turn=state.players[state.current].quilt.placed + 1,
                  name=state.players[state.current].name)
    lines = [head, *([scenario] if scenario else []), *score_lines(lang, game)]
    return "\n".join([*lines, tr(lang, "status.bag", bag=state.bag_count)])


def final_text(lang: str, game: LoadedGame) -> str:
    state = game.state
    assert state is not None
    scores = state.scores()
    lines = [tr(lang, "final.title", game=game.id)]
    if len(scores) == 1:
        lines.append(tr(lang, "final.solo", total=scores[0].total))
        if state.scenario:
            result = evaluate_scenario(state.scenario, scores[0], [name for name, _ in state.cats])
            if result.passed:
                lines.append(tr(lang, "final.scenario_pass", n=state.scenario))
            else:
                missing = "; ".join(f"{tr(lang, 'objective.' + o.key, target=o.target)} ({o.achieved}/{o.target})"
                                    for o in result.objectives if not o.met)
                lines.append(tr(lang, "final.scenario_fail", n=state.scenario, missing=missing))
    else:
        winners = state.winners()
        names = ", ".join(seat_name(game, w, mention=True) for w in winners)
        key = "final.winner" if len(winners) == 1 else "final.winners"
        lines.append(tr(lang, key, names=names, total=scores[winners[0]].total))
        tie = state.tie_break()
        if tie:
            lines.append(tr(lang, f"final.tie.{tie}"))
    lines += score_lines(lang, game)
    return "\n".join(lines)


def deadline_text(lang: str, hours: float | None) -> str:
    """A turn deadline in words: minutes when under two hours."""
    if not hours:
        return tr(lang, "lobby.no_deadline")
    if hours < 2:
        return tr(lang, "lobby.minutes", minutes=round(hours * 60))
    return tr(lang, "lobby.hours", hours=hours)


def lobby_state(game: LoadedGame) -> str:
    """open | started | over | ended | cancelled: what the lobby post must say."""
    status = game.row.status
    if status == LOBBY:
        return "open"
    if status == ACTIVE:
        return "started"
    if status == OVER:
        return "over"
    return "ended" if game.state is not None else "cancelled"


def lobby_text(lang: str, game: LoadedGame) -> tuple[str, str]:
    """The lobby embed's title and body, true in every state of the game."""
    opts = game.options
    where = lobby_state(game)
    mode = mode_text(lang, game)
    players = ", ".join(s.name for s in game.seats) or "-"
    if where != "open":
        return tr(lang, f"lobby.title_{where}", game=game.id, mode=mode), tr(lang, "lobby.body_closed",
                                                                             players=players)
    host = next((s.name for s in game.seats if s.user_id == game.row.host_id), "-")
    title = tr(lang, "lobby.title", game=game.id, mode=mode)
    body = tr(lang, "lobby.body", host=host, taken=len(game.seats), seats=opts.seats,
              deadline=deadline_text(lang, opts.deadline_hours), players=players)
    scenario = scenario_line(lang, opts.scenario)
    return title, body + ("\n" + scenario if scenario else "")


def lobby_content(lang: str, game: LoadedGame) -> str:
    """The text above the lobby embed."""
    where = lobby_state(game)
    if where == "open":
        return tr(lang, "lobby.created", game=game.id)
    return tr(lang, f"lobby.content_{where}", game=game.id)


def history_lines(lang: str, game: LoadedGame, limit: int = 15) -> list[str]:
    state = game.state
    if state is None:
        return []
    turns = [e for e in state.log if e["type"] == "turn"][-limit:]
    out = []
    for e in turns:
        r = e["result"]
        awards = ", ".join(_award_json_text(lang, a) for a in r["awards"])
        line = f"{state.players[e['player']].name}: {_tile_json(lang, r['placed'])} -> {r['space']}"
        if r["took"]:
            line += f", +{_tile_json(lang, r['took'])}"
        if awards:
            line += f" ({awards})"
        out.append(line)
    return out


def goal_name(lang: str, goal: str) -> str:
    """A goal tile as players call it: its notation (AAA-BB-C), or "All different"."""
    key = f"goal.name.{goal}"
    return tr(lang, key) if has(key) else goal


def goal_lines(lang: str, goals: list[str]) -> str:
    """One line per goal tile: its name, what it asks for and what it scores."""
    return "\n".join(tr(lang, "goal.line", name=goal_name(lang, g), meaning=tr(lang, f"goal.meaning.{g}"),
                        one=GOALS[g].one, both=GOALS[g].both) for g in goals if g in GOALS)


def goals_text(goals: dict[str, str] | None, lang: str = "en") -> str:
    if not goals:
        return "-"
    return ", ".join(f"{space} {goal_name(lang, goal)} ({GOALS[goal].one}/{GOALS[goal].both})"
                     for space, goal in goals.items())


def cats_text(state: GameState, lang: str = "en") -> str:
    from calico_bot.games.calico.engine.components import CATS

    parts = []
    for name, pats in state.cats:
        cat = CATS[name]
        need = tr(lang, "shape.group", n=cat.min_group) if cat.shape is None else tr(lang, f"shape.{cat.shape}")
        patterns = "/".join(tr(lang, f"pattern.{PATTERNS[p]}") for p in pats)
        parts.append(f"{name} {cat.points} ({need}: {patterns})")
    return "; ".join(parts)


def status_word(lang: str, status: str) -> str:
    return tr(lang, "status.active") if status == ACTIVE else tr(lang, "status.lobby_word")


def _tile_json(lang: str, tile: list[str]) -> str:
    return tr(lang, "tile", color=tr(lang, f"color.{tile[0]}"), pattern=tr(lang, f"pattern.{tile[1]}"))


def _award_json_text(lang: str, award: dict) -> str:
    if award["kind"] == "cat":
        return tr(lang, "turn.award.cat", cat=award["cat"], points=award["points"])
    if award["kind"] == "button":
        return tr(lang, "turn.award.button", color=tr(lang, f"color.{award['color']}"))
    return tr(lang, "turn.award.rainbow")
