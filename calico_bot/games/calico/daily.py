"""Calico's daily puzzle adapter (``PLUGIN.daily``, a :class:`~calico_bot.core.game_contract.DailyAdapter`).

The daily service (``calico_bot.services.daily``) runs days, secret seeds, attempts, par,
leaderboards and announcements for any game; what is Calico's lives here: the day's deal (a standard
solo game; every :data:`SCENARIO_EVERY`-th day a solo scenario, each of the ten once per ten scenario
days in an order drawn from the day's secret), the score breakdown kept with a result, the AI that
sets the par, and the Calico texts of the daily (the share text, the result, the panel lines).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from calico_bot.games.calico.ai.budget import DEFAULT_BUDGET_MS
from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.registry import policy_by_name
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import CATS, COLORS, SCENARIOS
from calico_bot.games.calico.engine.game import GameState, TurnOutcome
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.engine.scenarios import evaluate_scenario
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.texts import award_text, goal_name, objective_texts, tile_text
from calico_bot.services.i18n import Lang, format_entry

SCENARIO_EVERY = 7  # every 7th day (day 7, 14, ...: Sundays) is a scenario day
PATCHES = 22  # patches a player places in a game

GOAL_BOTH = "🟩"
GOAL_ONE = "🟨"
GOAL_NONE = "⬛"
CAT = "🐈"
BUTTON = "🔘"
RAINBOW = "🌈"
GOALS = "🎯"
SCENARIO = "📜"
PASSED = "✅"
FAILED = "❌"

MESSAGES: dict[str, dict[Lang, str]] = {
    # --- names the shared daily texts use ---------------------------------------------------------------
    "daily.game": {"en": "Calico Daily", "zh": "猫与花毯每日"},
    "daily.puzzle": {"en": "Calico Daily", "zh": "猫与花毯每日谜题"},
    # --- the puzzle ----------------------------------------------------------------------------------
    "daily.resumed": {
        "en": "Welcome back to puzzle #{day}: {placed}/22 patches placed.",
        "zh": "欢迎回到谜题 #{day}：已放置 {placed}/22 块布片。",
    },
    "daily.scenario": {
        "en": "Scenario day: solo scenario {n}. To pass: {objectives}.",
        "zh": "情景挑战日：单人情景 {n}。过关条件：{objectives}。",
    },
    "daily.result": {
        "en": "Puzzle #{day} is done: **{total}** points (goals {goals}, cats {cats}, buttons {buttons}{rainbow}).",
        "zh": "谜题 #{day} 完成：**{total}** 分（目标 {goals}，猫咪 {cats}，纽扣 {buttons}{rainbow}）。",
    },
    "daily.scenario_pass": {"en": "Scenario {n}: passed!", "zh": "情景 {n}：挑战成功！"},
    "daily.scenario_fail": {"en": "Scenario {n}: not passed ({missing}).", "zh": "情景 {n}：挑战失败（{missing}）。"},
    "daily.board.detail": {"en": "{cats} cats, {buttons} buttons", "zh": "猫咪 {cats}，纽扣 {buttons}"},
    # --- share text ------------------------------------------------------------------------------------
    "daily.share.title": {"en": "Calico Daily #{day}: {total}", "zh": "猫与花毯每日 #{day}：{total} 分"},
    "daily.share.goals": {"en": "{squares} {met}/3 goals", "zh": "{squares} 目标 {met}/3"},
    "daily.share.tokens": {"en": "{cats} {buttons}", "zh": "{cats} {buttons}"},
    "daily.share.scenario": {"en": "Scenario {n} {mark}", "zh": "情景 {n} {mark}"},
    # --- the private panel (cogs/daily.py) -------------------------------------------------------------
    "daily.goals_prompt": {
        "en": "Design goals: keep three of your goal tiles, one on each of B3, C4 and D2, then confirm.{offered}",
        "zh": "设计目标：从你的目标中选三块，分别放在 B3、C4、D2 上，然后确认。{offered}",
    },
    "daily.turn_prompt": {
        "en": "Patch {n}/22: pick a hand tile, a space and a market tile, then confirm.",
        "zh": "第 {n}/22 块布片：选择一块手牌、一个格子和一块市场布片，然后确认。",
    },
    "daily.turn_last": {
        "en": "Last patch (22/22): pick a hand tile and a space, then confirm.",
        "zh": "最后一块布片（22/22）：选择一块手牌和一个格子，然后确认。",
    },
    "daily.hand": {"en": "Your hand: {tiles}.", "zh": "你的手牌：{tiles}。"},
    "daily.score_so_far": {"en": "Score so far: {total}.", "zh": "目前得分：{total}。"},
    "daily.goals_set": {"en": "Design goals set: {goals}.", "zh": "设计目标已设定：{goals}。"},
    "daily.moved": {"en": "You placed {tile} on {space}.", "zh": "你把{tile}放在了 {space}。"},
    "daily.moved_took": {"en": "You took {tile} from slot {slot}.", "zh": "你从第 {slot} 格拿走了{tile}。"},
}


def ctr(lang: Lang, key: str, **params: Any) -> str:
    """One Calico daily message in ``lang``; keys not defined here go to the shared catalog (``i18n.tr``)."""
    entry = MESSAGES.get(key)
    if entry is None:
        return tr(lang, key, **params)
    return format_entry(entry, lang, params)


# --- the day's game ----------------------------------------------------------------------------------


def is_scenario_day(day: int) -> bool:
    return day >= 1 and day % SCENARIO_EVERY == 0


def scenario_of(day: int, draw: Callable[[str], int]) -> int | None:
    """The solo scenario of ``day`` (None on ordinary days): each of the ten once per ten scenario days."""
    if not is_scenario_day(day):
        return None
    k = day // SCENARIO_EVERY - 1  # 0-based index among scenario days
    order = sorted(SCENARIOS)
    random.Random(draw(f"scenarios/{k // len(order)}")).shuffle(order)
    return order[k % len(order)]


def summarize(state: GameState) -> dict[str, Any]:
    """The final score of seat 0 as a breakdown without tile positions (for results and the share text)."""
    score = state.scores()[0]
    summary: dict[str, Any] = {
        "total": score.total,
        "goal_points": score.goal_points,
        "cat_points": score.cat_points,
        "button_points": score.button_points,
        "cat_count": score.cat_count,
        "button_count": score.button_count,
        "rainbow": score.rainbow,
        "goals_met": sum(1 for g in score.goals if g.points > 0),
        "goals": [{"space": g.space, "goal": g.goal, "color": g.color, "pattern": g.pattern, "points": g.points}
                  for g in score.goals],
        "cats": [{"cat": t.cat, "points": CATS[t.cat].points} for t in score.cat_tokens],
        "buttons": [COLORS[b.color] for b in score.buttons],
        "scenario": None,
    }
    if state.scenario is not None:
        result = evaluate_scenario(state.scenario, score, [name for name, _ in state.cats])
        summary["scenario"] = {
            "number": state.scenario,
            "passed": result.passed,
            "objectives": [{"key": o.key, "target": o.target, "achieved": o.achieved, "met": o.met}
                           for o in result.objectives],
        }
    return summary


# --- texts -----------------------------------------------------------------------------------------------


def scenario_text(lang: Lang, number: int | None) -> str | None:
    """The scenario of a day, shown before playing (None on ordinary days)."""
    if number is None:
        return None
    return ctr(lang, "daily.scenario", n=number, objectives="; ".join(objective_texts(lang, number)))


def goal_squares(summary: dict[str, Any]) -> str:
    out = []
    for g in summary.get("goals", []):
        out.append(GOAL_BOTH if g["color"] and g["pattern"] else GOAL_ONE if g["color"] or g["pattern"] else GOAL_NONE)
    return "".join(out)


def share_text(lang: Lang, day: int, summary: dict[str, Any]) -> str:
    """A spoiler-free result to paste anywhere, e.g.::

        Calico Daily #12: 67
        🎯 🟩🟨⬛ 2/3 goals
        🐈×4 🔘×5 🌈
        📜 Scenario 3 ✅
    """
    lines = [ctr(lang, "daily.share.title", day=day, total=summary["total"])]
    lines.append(GOALS + " " + ctr(lang, "daily.share.goals", squares=goal_squares(summary),
                                   met=summary.get("goals_met", 0)))
    buttons = len(summary.get("buttons", []))
    tokens = ctr(lang, "daily.share.tokens", cats=f"{CAT}×{summary['cat_count']}", buttons=f"{BUTTON}×{buttons}")
    if summary.get("rainbow"):
        tokens += " " + RAINBOW
    lines.append(tokens)
    scenario = summary.get("scenario")
    if scenario:
        mark = PASSED if scenario["passed"] else FAILED
        lines.append(SCENARIO + " " + ctr(lang, "daily.share.scenario", n=scenario["number"], mark=mark))
    return "\n".join(lines)


def result_lines(lang: Lang, day: int, summary: dict[str, Any]) -> list[str]:
    """The score breakdown after finishing and the scenario outcome."""
    rainbow = tr(lang, "score.rainbow") if summary.get("rainbow") else ""
    lines = [ctr(lang, "daily.result", day=day, total=summary["total"], goals=summary["goal_points"],
                 cats=summary["cat_points"], buttons=summary["button_points"], rainbow=rainbow)]
    goals = []
    for g in summary.get("goals", []):
        key = ("score.goal_both" if g["color"] and g["pattern"] else "score.goal_color" if g["color"]
               else "score.goal_pattern" if g["pattern"] else "score.goal_none")
        goals.append(tr(lang, "score.goal", space=g["space"], goal=goal_name(lang, g["goal"]), result=tr(lang, key),
                        points=g["points"]))
    if goals:
        lines.append("; ".join(goals))
    scenario = summary.get("scenario")
    if scenario:
        if scenario["passed"]:
            lines.append(ctr(lang, "daily.scenario_pass", n=scenario["number"]))
        else:
            missing = ", ".join(f"{tr(lang, 'objective.' + o['key'], target=o['target'])} "
                                f"({o['achieved']}/{o['target']})" for o in scenario["objectives"] if not o["met"])
            lines.append(ctr(lang, "daily.scenario_fail", n=scenario["number"], missing=missing))
    return lines


def move_lines(lang: Lang, outcome: dict[str, Any] | None) -> list[str]:
    """What the player's last daily move did (its public outcome): placed, taken, discarded, earned."""
    if not outcome:
        return []
    turn = TurnOutcome.from_json(outcome)
    lines = [ctr(lang, "daily.moved", tile=tile_text(lang, turn.placed), space=label(turn.cell))]
    if turn.took is not None and turn.take_slot is not None:
        lines.append(ctr(lang, "daily.moved_took", tile=tile_text(lang, turn.took), slot=turn.take_slot))
    if turn.discarded is not None:
        lines.append(tr(lang, "turn.discarded", tile=tile_text(lang, turn.discarded)))
    if turn.awards:
        lines.append(tr(lang, "turn.earned", awards=", ".join(award_text(lang, a) for a in turn.awards)))
    return lines


# --- actions (the daily panel's picks as the contract's JSON actions) -------------------------------------


def goals_action(goals: dict[str, str]) -> dict[str, Any]:
    return ChooseGoals(0, dict(goals)).to_json()


def turn_action(tile: int, space: str, take: int | None) -> dict[str, Any]:
    return Turn(0, tile, space, take).to_json()


# --- the adapter -----------------------------------------------------------------------------------------


class CalicoDaily:
    """Calico's :class:`~calico_bot.core.game_contract.DailyAdapter`."""

    par_policy = "strong"
    par_budget_ms = DEFAULT_BUDGET_MS
    messages = MESSAGES

    def variant(self, day: int, draw: Callable[[str], int]) -> int | None:
        return scenario_of(day, draw)

    def options(self, variant: int | None) -> dict[str, Any]:
        return {"mode": "solo", "solo_setup": "standard", "scenario": variant}

    def summary(self, state: GameState) -> dict[str, Any]:
        return summarize(state)

    def par_player(self, policy: str, seed: int, budget_ms: int) -> Policy:
        return policy_by_name(policy, seed=seed, budget_ms=budget_ms)

    def play_out(self, state: GameState, player: Policy) -> None:
        play_game(state, [player])

    def variant_text(self, lang: str, variant: int | None) -> str | None:
        return scenario_text(lang, variant)

    def result_lines(self, lang: str, day: int, summary: dict[str, Any]) -> list[str]:
        return result_lines(lang, day, summary)

    def share_text(self, lang: str, day: int, summary: dict[str, Any]) -> str:
        return share_text(lang, day, summary)

    def tie_break_text(self, lang: str, tie_break: tuple[int, ...]) -> str:
        cats, buttons = (*tie_break, 0, 0)[:2]
        return ctr(lang, "daily.board.detail", cats=cats, buttons=buttons)


ADAPTER = CalicoDaily()

__all__ = ["ADAPTER", "MESSAGES", "SCENARIO_EVERY", "CalicoDaily", "ctr", "goal_squares", "goals_action",
           "is_scenario_day", "move_lines", "result_lines", "scenario_of", "scenario_text", "share_text",
           "summarize", "turn_action"]
