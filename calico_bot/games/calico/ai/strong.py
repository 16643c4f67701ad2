"""The strong player: a two-placement lookahead over a heuristic evaluation of the quilt, with the market
choice valued over sampled future draws.

For every placement of a hand tile the resulting quilt is scored with :class:`Evaluator` (points so far
plus the potential of goals, cats and buttons). The best ``shortlist`` placements are then tried with
each market tile: the value of taking a tile is the best evaluation reachable next turn with the
resulting hand (the other hand tile and the taken one), and the best (placement, tile) pair wins.

Then the market choice is revisited over sampled futures. For the best ``resample`` placements (with 1,
as in ``strong-v1``, the placement is kept and only the tile taken changes), every market slot is valued over
``samples`` guesses of the market we will draft from next turn. The unknown refills are drawn without
replacement from ``view.unseen`` (the tiles this player has not seen: the bag and the other players'
hands, as a multiset) with a generator seeded from the policy's seed and the public position
(``decision_rng``); the bag's order and other hands are never read. Solo: the conveyor discards the far
tile, slides the near one to slot 1 and refills slots 2 and 3; otherwise the taken slot is refilled and
each opponent takes from a random slot, refilled in turn. The same draws serve every slot (common random
numbers). In each guess the value is the best over which hand tile ``a`` we place next turn of: its best
evaluation next turn, plus ``third_weight`` times what a tile ``b`` placed the turn after adds (the hand
tile kept, or any tile of the guessed market). With ``conditional_third`` (the default since issue 16)
``b`` is tried on the quilt as it will be after ``a`` is placed on its best space (three placements deep);
without it (``strong-v1``) ``b``'s gain is measured on the quilt after this turn only, as if the two later
placements did not interact. The mean over the guesses decides. Sampling is skipped when fewer than two
placements remain (the two-placement lookahead is then exact).

In solo, with three spaces left (``endgame``, on since issue 16), the sampled stage is replaced by an exact
one: every placement with every slot is valued by the expected final score over every pair of tiles the
conveyor can draw (weighed by its chance, from ``view.unseen``), with the best choices after the draw
(:meth:`StrongPolicy.endgame_values`). Since the sixth round (``endgame_spaces=4``, the default; 3 for the player
before it) the turn with four spaces left is decided the same way, by an exact expectimax over both pairs of draws
(:mod:`.endgame`; standard solo only, unless ``scenario_endgame`` is on).

With ``scenario_endgame`` (seventh round of issue 16) a solo scenario's endgames value a finished quilt by whether it
passes the scenario (:class:`.evaluation.ScenarioPass`: 1 or 0, plus 1e-4 times the score) instead of its score and
objective terms, so that the last four turns maximise the chance of passing over the conveyor's draws: the
three-left endgame and the last two turns through the evaluator's value of a finished quilt, the four-left one
through tables of the objectives met (:class:`.endgame.FinalTables`).

The evaluation weights are :class:`.evaluation.Weights`' defaults (since issue 16 open cats count 0.85 and
open buttons 1.2 times their modelled chance; ``strong-v1`` keeps ``V1_WEIGHTS``, both 1.0).


Two options of the eighth round of issue 16, off by default as they measured no gain (README, "The AI"):
``cat_room`` and ``button_room`` weigh each open group's chance by its room (:class:`.evaluation.GroupChances`, the
factors fitted by :mod:`.chances`, raised to these powers), and ``long_decay`` gives the count cats of six and seven
tiles a decay of their own.

Root play-outs (ninth round of issue 16; on by default since the tenth, ``rollouts=8,horizon=4,rollout_top=3``, in solo
games without a scenario only unless ``rollouts_everywhere`` is 1; README, "The AI"): with ``rollouts`` > 0 the
best ``rollout_top`` (placement, market tile) pairs of the sampled stage are played on over that many guessed futures
each, drawn from ``view.unseen`` (:mod:`.playout`), by a one-ply policy on the same evaluation, to the end of the game
or for ``horizon`` placements, and the pair with the best mean value is played; ``halving`` drops the weaker half of
the pairs between rounds. The time cap stops the play-outs between two of them and compares the pairs on the rounds
finished (none finished: the sampled stage's choice). Options of the eleventh round, all off as none measured a
clear gain (README, "The AI"): ``rollout_pair`` and ``rollout_wide`` change the play-outs' policy
(:func:`.playout.pair_value`, :func:`.playout.wide_choice`), ``rollout_mix`` blends the play-out mean with the sampled
stage's value, ``full_from`` plays to the end of the game late on and ``rollout_extra`` adds futures in a close race
(:func:`.playout.close_race`).

Options of the twelfth round, off by default (README, "The AI"): ``leaf_goal``, ``leaf_cat`` and ``leaf_button`` scale
the open goals, cats and buttons of the evaluation at the play-outs' ends only (the search and the play-outs' policy
keep their weights), and ``leaf_schedule`` scales them by the placements left there (:class:`.evaluation.LeafScales`);
``leaf_fit`` adds instead a correction fitted on self-play (:mod:`.leaffit`).

Options of the thirteenth round, off by default (README, "The AI"): ``supply`` (a power; 0: off) multiplies each open
cat and button group's chance by the chance that the tiles it still needs reach the player, from ``view.unseen``, the
hand, the market and the placements left (:class:`.evaluation.Supply`), raised to that power; with
``supply_relative`` that chance is taken relative to the mean over the six patterns (colors), so only the ranking of
the groups by their supply changes, not the level of the decay.

In a solo scenario the evaluation also counts the progress towards the scenario's objectives
(:class:`.evaluation.ObjectiveTerms`, ``objective_bonus`` points per objective).

At setup the three offered goals with the highest modelled value (:func:`.evaluation.goal_prior`) are kept.
With ``goal_futures`` > 0 they are chosen instead by playing out each way of dropping one goal
(:mod:`.goalsim`); that is off by default, as it measured no gain (README, "The AI").

Effort is set by ``shortlist``, ``resample`` and ``samples``, which keeps the player deterministic for a
fixed seed; ``budget_ms`` is only a safety cap on the time per move (when it cuts the search short the
choice can depend on the machine's speed; pass ``None`` to disable it).
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable

from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.budget import budget_ms as setting_budget_ms
from calico_bot.games.calico.ai.endgame import deep_endgame_values
from calico_bot.games.calico.ai.evaluation import (
    Evaluator,
    LeafScales,
    ObjectiveTerms,
    ScenarioPass,
    Supply,
    Weights,
    goal_prior,
    load_group_chances,
    load_leaf_fit,
)
from calico_bot.games.calico.ai.goalsim import simulate_choices
from calico_bot.games.calico.ai.playout import Candidate, playout_means
from calico_bot.games.calico.ai.policy import decision_rng, make_turn, open_slots
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import GOAL_SPACES, MARKET_SIZE, PATCH_SPACES, SCENARIOS
from calico_bot.games.calico.engine.geometry import cells_of

# The evaluation weights and the settings of the strong player before issue 16 (``strong-v1`` in the registry).
V1_WEIGHTS = Weights(cat_scale=1.0, button_scale=1.0)
V1_OPTIONS: dict[str, object] = {"objective_bonus": 0.0, "conditional_third": False, "resample": 1,
                                 "weights": V1_WEIGHTS, "goal_futures": 0, "endgame": False,
                                 "scenario_endgame": False, "rollouts": 0}
OBJECTIVE_BONUS = 30.0  # points per solo-scenario objective (see evaluation.ObjectiveTerms; 10 before round seven)
GOAL_FUTURES = 0  # play-outs per candidate of the goal choice at setup (0: the modelled choice)
ENDGAME = True  # solo, three spaces left: the exact expected final score decides (``_endgame``; README, "The AI")
ENDGAME_SPACES = 4  # spaces left from which the exact solo endgame decides (4 since round six, :mod:`.endgame`; or 3)
# The open groups' chances corrected by their room (``GroupChances``, issue 16's eighth round): the fitted factors
# raised to these powers, for cat groups and button groups (0: the decay alone).
CAT_ROOM = 0.0
BUTTON_ROOM = 0.0
LONG_DECAY = 0.0  # the decay of the count cats of 6 or 7 tiles (0: ``Weights.cat_decay``, as the other cats)
# Root play-outs (issue 16's ninth round, :mod:`.playout`): guessed futures per shortlisted (placement, tile) pair
# (0: off), placements played before the evaluation decides (0: to the end of the game), pairs played out, and
# successive halving of those pairs (0 or 1). On since the tenth round (8 futures of 4 placements for the best 3
# pairs), in solo games without a scenario only, where they were measured, unless ``rollouts_everywhere`` is 1.
ROLLOUTS = 8
HORIZON = 4
ROLLOUT_TOP = 3
HALVING = 0
ROLLOUTS_EVERYWHERE = 0
# Issue 16's eleventh round (options): the play-outs' policy values the two tiles of a hand together
# (``rollout_pair``, :func:`.playout.pair_value`); the pair played is the best ``rollout_mix`` x play-out mean +
# (1 - ``rollout_mix``) x sampled stage's value (1: the play-out mean alone); with at most ``full_from`` placements
# left after this one the play-outs go to the end of the game (0: always ``horizon``).
ROLLOUT_PAIR = 0
ROLLOUT_MIX = 1.0
FULL_FROM = 0
ROLLOUT_WIDE = 0  # the play-outs' placement chosen among this many best trials by the next turn's best (0: off)
ROLLOUT_EXTRA = 0  # more futures when the best two pairs are within noise (:func:`.playout.close_race`; 0: off)
# Issue 16's twelfth round (options): factors on the open goals, cats and buttons of the evaluation at the play-outs'
# ends only, and the strength of a schedule of those factors by the placements left there (:class:`.LeafScales`;
# 1, 1, 1 and 0: the search's own evaluation).
LEAF_GOAL = 1.0
LEAF_CAT = 1.0
LEAF_BUTTON = 1.0
LEAF_SCHEDULE = 0.0
LEAF_MAX = 3.0  # the largest leaf factor accepted
LEAF_FIT = 0  # 1: the play-outs' ends valued with the correction fitted on self-play (:mod:`.leaffit`; 0: off)
# Issue 16's thirteenth round (options): the power on the supply's chance of the open groups' missing tiles (0: off)
# and whether that chance is relative to the mean of the six patterns (colors) (:class:`.evaluation.Supply`). Off: on
# fresh development seeds (no cap) ``supply=1`` and ``supply=2`` passed the screening on 160 games (+1.1, +0.95) but
# not the keeping rule on 320 (+0.65, 95% CI -0.15..+1.46; +0.53, -0.34..+1.39); ``supply=1`` on 480: +0.68
# (+0.03..+1.33), but 68.47 at the cap on the bench seeds 1-200 against 68.56; ``supply=0.5`` +0.03 on 160;
# ``supply_relative`` lost 3.3 points.
SUPPLY = 0.0
SUPPLY_RELATIVE = 0
SUPPLY_MAX = 4.0  # the largest supply power accepted
SCENARIO_ENDGAME = True  # solo scenario: the endgames maximise the chance of passing (``ScenarioPass``)
GOAL_BUDGET_FACTOR = 4  # the goal choice's time cap, in per-move budgets (at least two rounds are played)
FROM_SETTING = -1.0  # ``budget_ms`` default: read :func:`.budget.budget_ms` (``AI_BUDGET_MS``)


class StrongPolicy:
    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = FROM_SETTING, weights: Weights | None = None,
                 shortlist: int = 10, goal_values: dict[str, float] | None = None, samples: int = 6,
                 resample: int = 3, third_weight: float = 1.0, objective_bonus: float = OBJECTIVE_BONUS,
                 conditional_third: bool = True, goal_futures: int = GOAL_FUTURES, endgame: bool = ENDGAME,
                 endgame_spaces: int = ENDGAME_SPACES, scenario_endgame: bool = SCENARIO_ENDGAME,
                 cat_room: float = CAT_ROOM, button_room: float = BUTTON_ROOM, long_decay: float = LONG_DECAY,
                 rollouts: int = ROLLOUTS, horizon: int = HORIZON, rollout_top: int = ROLLOUT_TOP,
                 halving: int = HALVING, rollouts_everywhere: int = ROLLOUTS_EVERYWHERE,
                 rollout_pair: int = ROLLOUT_PAIR, rollout_mix: float = ROLLOUT_MIX,
                 full_from: int = FULL_FROM, rollout_extra: int = ROLLOUT_EXTRA,
                 rollout_wide: int = ROLLOUT_WIDE, leaf_goal: float = LEAF_GOAL, leaf_cat: float = LEAF_CAT,
                 leaf_button: float = LEAF_BUTTON, leaf_schedule: float = LEAF_SCHEDULE,
                 leaf_fit: int = LEAF_FIT, supply: float = SUPPLY,
                 supply_relative: int = SUPPLY_RELATIVE) -> None:
        for name, count, low, high in (("rollouts", rollouts, 0, 1000), ("horizon", horizon, 0, PATCH_SPACES),
                                       ("rollout_top", rollout_top, 2, 30), ("halving", halving, 0, 1),
                                       ("rollouts_everywhere", rollouts_everywhere, 0, 1),
                                       ("rollout_pair", rollout_pair, 0, 1), ("full_from", full_from, 0, PATCH_SPACES),
                                       ("rollout_extra", rollout_extra, 0, 1000),
                                       ("rollout_wide", rollout_wide, 0, 100), ("leaf_fit", leaf_fit, 0, 1),
                                       ("supply_relative", supply_relative, 0, 1)):
            if not isinstance(count, int) or not low <= count <= high:
                raise ValueError(f"{name} must be a whole number from {low} to {high}, not {count!r}")
        for name, factor in (("leaf_goal", leaf_goal), ("leaf_cat", leaf_cat), ("leaf_button", leaf_button)):
            if not 0 <= factor <= LEAF_MAX:
                raise ValueError(f"{name} must be a number from 0 to {LEAF_MAX:g}, not {factor!r}")
        if not 0 <= leaf_schedule <= 1:
            raise ValueError(f"leaf_schedule must be a number from 0 (off) to 1, not {leaf_schedule!r}")
        if not 0 <= supply <= SUPPLY_MAX:
            raise ValueError(f"supply must be a number from 0 (off) to {SUPPLY_MAX:g}, not {supply!r}")
        if supply_relative and not supply:
            raise ValueError("supply_relative needs a supply power above 0")
        if not 0 <= rollout_mix <= 1:
            raise ValueError(f"rollout_mix must be a number from 0 to 1, not {rollout_mix!r}")
        if endgame_spaces not in (3, 4):
            raise ValueError(f"endgame_spaces must be 3 or 4, not {endgame_spaces!r}")
        if scenario_endgame not in (0, 1):  # also True and False
            raise ValueError(f"scenario_endgame must be 0 or 1, not {scenario_endgame!r}")
        if not 0 <= long_decay < 1:
            raise ValueError(f"long_decay must be a number from 0 (off) to below 1, not {long_decay!r}")
        for name, power in (("cat_room", cat_room), ("button_room", button_room)):
            if not 0 <= power <= 4:
                raise ValueError(f"{name} must be a number from 0 to 4, not {power!r}")
        self.seed = seed
        self.budget_ms = float(setting_budget_ms()) if budget_ms == FROM_SETTING else budget_ms
        self.weights = weights or Weights()
        self.shortlist = shortlist
        self.goal_values = goal_values
        self.samples = samples
        self.resample = resample
        self.third_weight = third_weight
        self.objective_bonus = objective_bonus
        self.conditional_third = conditional_third
        self.goal_futures = goal_futures
        self.endgame = endgame
        self.endgame_spaces = endgame_spaces
        self.scenario_endgame = bool(scenario_endgame)
        self.cat_room = float(cat_room)
        self.button_room = float(button_room)
        self.long_decay = float(long_decay)
        self.rollouts = rollouts
        self.horizon = horizon
        self.rollout_top = rollout_top
        self.halving = bool(halving)
        self.rollouts_everywhere = bool(rollouts_everywhere)
        self.rollout_pair = bool(rollout_pair)
        self.rollout_mix = float(rollout_mix)
        self.full_from = full_from
        self.rollout_extra = rollout_extra
        self.rollout_wide = rollout_wide
        self.leaf = LeafScales(float(leaf_goal), float(leaf_cat), float(leaf_button), float(leaf_schedule))
        if leaf_fit and not self.leaf.off:
            raise ValueError("leaf_fit replaces leaf_goal, leaf_cat, leaf_button and leaf_schedule: not both")
        self.leaf_fit = load_leaf_fit() if leaf_fit else None
        self.supply = float(supply)
        self.supply_relative = bool(supply_relative)
        self.chances = load_group_chances().scaled(cat_room, button_room) if cat_room or button_room else None

    # --- setup ------------------------------------------------------------------------------------

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        if self.goal_values is None and self.goal_futures > 0 and len(view.offered) > 3:
            return self._simulated_goals(view)
        m = self.weights.goal_choices
        best: tuple[float, tuple[str, ...]] | None = None
        for trio in itertools.permutations(sorted(view.offered), 3):
            if self.goal_values is not None:
                value = sum(self.goal_values[g] for g in trio)
            else:
                value = sum(goal_prior(g, m) for g in trio)
            if best is None or value > best[0] + 1e-9:
                best = (value, trio)
        assert best is not None
        return ChooseGoals(view.seat, dict(zip(GOAL_SPACES, best[1], strict=True)))

    def _simulated_goals(self, view: PlayerView) -> ChooseGoals:
        """Keep the three goals whose play-outs from this position score best (:mod:`.goalsim`); each kept
        trio is arranged as the modelled choice would arrange it."""
        deadline = float("inf")
        if self.budget_ms is not None:
            deadline = time.perf_counter() + GOAL_BUDGET_FACTOR * self.budget_ms / 1000
        offered = sorted(view.offered)
        arrangements = [dict(zip(GOAL_SPACES, [g for g in offered if g != drop], strict=True)) for drop in offered]
        rules = rules_for(view.cat_of_pattern)
        means = simulate_choices([goal_list(a) for a in arrangements], Board.from_quilt(view.quilt), view.hand,
                                 view.market, view.unseen_list, solo=view.solo, n_players=view.n_players,
                                 rules=rules, weights=self.weights, futures=self.goal_futures,
                                 rng=decision_rng(self.seed, view, 7), deadline=deadline)
        best = max(range(len(arrangements)), key=lambda i: (means[i], -i))
        return ChooseGoals(view.seat, arrangements[best])

    # --- turns ------------------------------------------------------------------------------------

    def choose_turn(self, view: PlayerView) -> Turn:
        deadline = float("inf") if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        rng = decision_rng(self.seed, view, 5)
        rules = rules_for(view.cat_of_pattern)
        goals = goal_list(view.goals)
        objectives = None
        if view.scenario is not None and self.objective_bonus > 0:
            objectives = ObjectiveTerms(SCENARIOS[view.scenario], rules, goals, self.objective_bonus)
        passing = None
        if view.scenario is not None and self.scenario_endgame:
            passing = ScenarioPass(SCENARIOS[view.scenario], rules, goals)
        ev = Evaluator(goals, rules, self.weights, objectives, passing, self.chances, self.long_decay,
                       self._supply(view))
        board = Board.from_quilt(view.quilt)
        remaining = PATCH_SPACES - board.placed - 1  # placements left after this one
        empties = cells_of(board.empty)
        hand = list(view.hand)

        first: list[tuple[float, float, int, int, Board]] = []
        seen_tiles: set[int] = set()
        for h, tile in enumerate(hand):
            if tile in seen_tiles:
                continue
            seen_tiles.add(tile)
            for cell in empties:
                after = board.copy()
                after.place(cell, tile, rules)
                first.append((ev(after, remaining), rng.random(), h, cell, after))
        first.sort(key=lambda x: (x[0], x[1]), reverse=True)
        slots = open_slots(view)
        if not slots:
            _, _, h, cell, _ = first[0]
            return make_turn(view, h, cell, None)
        if self.endgame and remaining == 2 and view.solo and min(view.bag_count, len(view.unseen_list)) >= 2:
            h, cell, s = self._endgame(view, first, slots, rules, ev)
            return make_turn(view, h, cell, s)
        if (self.endgame and self.endgame_spaces >= 4 and remaining == 3 and view.solo
                and (objectives is None or passing is not None)
                and min(view.bag_count, len(view.unseen_list)) >= 4 and len(hand) == 2
                and None not in view.market and len(view.market) == MARKET_SIZE):
            values = deep_endgame_values(view, first, slots, rules, goals, self.weights.goal_scale, deadline,
                                         passing)
            _, _, h, cell, s = max(values, key=lambda v: v[:2])
            return make_turn(view, h, cell, s)

        # Stage 1: for the best first placements, the best evaluation next turn of each tile we could hold.
        # ``best_next[i][tile]`` is that value for candidate ``i`` (placing ``tile`` on its best empty space).
        candidates: list[tuple[float, float, int, int, Board, dict[int, float]]] = []
        best: tuple[float, float, int, int, int] | None = None
        for rank, (v1, tie, h, cell, after) in enumerate(first[: self.shortlist]):
            if rank >= 2 and time.perf_counter() > deadline:
                break
            other = hand[1 - h] if len(hand) == 2 else None
            best_next: dict[int, float] = {}
            for t in {other, *(view.market[s] for s in slots)} - {None}:
                best_next[t] = self._best_next(after, t, rules, ev, remaining - 1, v1)
            for s in slots:
                taken = view.market[s]
                v2 = max(best_next[taken], best_next[other]) if other is not None else best_next[taken]
                key = (v2, tie, h, cell, s)
                if best is None or key[:2] > best[:2]:
                    best = key
            candidates.append((v1, tie, h, cell, after, best_next))
        assert best is not None
        if self.samples <= 0 or remaining < 2 or time.perf_counter() > deadline:
            _, _, h, cell, s = best
            return make_turn(view, h, cell, s)

        # Stage 2: the most promising candidates are valued over sampled refills of the market.
        markets = self._sample_markets(view, slots, decision_rng(self.seed, view, 6))
        candidates.sort(key=lambda c: (max(c[5].values()), c[1]), reverse=True)
        best2: tuple[float, float, int, int, int] | None = None
        scored: list[tuple[tuple[float, float, int, int, int], Candidate]] = []  # every pair valued, for play-outs
        for rank, (v1, tie, h, cell, after, best_next) in enumerate(candidates[: self.resample]):
            if rank >= 1 and time.perf_counter() > deadline:
                break
            other = hand[1 - h] if len(hand) == 2 else None
            seconds: dict[int, Board] = {}
            thirds: dict[tuple[int, int], float] = {}
            for s in slots:
                if rank >= 1 and time.perf_counter() > deadline:
                    break  # every (placement, slot) value already kept is complete
                taken = view.market[s]
                assert taken is not None
                hand2 = [taken] if other is None else [taken, other]
                total = 0.0
                for market2 in markets[s]:
                    value = float("-inf")
                    for i, a in enumerate(hand2):
                        if self.conditional_third:
                            rest = (*hand2[:i], *hand2[i + 1:], *market2)
                            third = max((self._third(after, a, b, rules, ev, remaining, seconds, thirds) for b in rest),
                                        default=best_next[a]) - best_next[a]
                            value = max(value, best_next[a] + self.third_weight * third)
                            continue
                        third = max(
                            (self._gain(after, b, rules, ev, remaining - 1, v1, best_next)
                             for b in (*hand2[:i], *hand2[i + 1:], *market2)),
                            default=0.0,
                        )
                        value = max(value, best_next[a] + self.third_weight * third)
                    total += value
                key = (total / len(markets[s]), tie, h, cell, s)
                scored.append((key, Candidate(after, other, s)))
                if best2 is None or key[:2] > best2[:2]:
                    best2 = key
        assert best2 is not None
        if (self.rollouts > 0 and (self.rollouts_everywhere or (view.solo and view.scenario is None))
                and len(scored) > 1 and time.perf_counter() <= deadline):
            best2 = self._played_out(view, scored, rules, ev, deadline) or best2
        _, _, h, cell, s = best2
        return make_turn(view, h, cell, s)

    def _played_out(self, view: PlayerView, scored: list[tuple[tuple[float, float, int, int, int], Candidate]],
                    rules: tuple, ev: Evaluator, deadline: float) -> tuple[float, float, int, int, int] | None:
        """The best ``rollout_top`` pairs of the sampled stage played on over ``rollouts`` guessed futures each
        (:mod:`.playout`); the pair with the best mean, or None when the time cap left no round complete."""
        top = sorted(scored, key=lambda x: x[0][:2], reverse=True)[: self.rollout_top]
        # ``full_from`` (0: off): with that few placements left after this one, play to the end of the game.
        late = self.full_from > 0 and view.remaining_placements - 1 <= self.full_from
        horizon = 0 if late else self.horizon
        means = playout_means([c for _, c in top], view.market, view.unseen_list, solo=view.solo,
                              n_players=view.n_players, rules=rules, ev=ev, futures=self.rollouts,
                              rng=decision_rng(self.seed, view, 8), horizon=horizon, halving=self.halving,
                              deadline=deadline, pair=self.rollout_pair, extra=self.rollout_extra,
                              wide=self.rollout_wide, leaf=self._leaf(ev))
        played = [i for i, m in enumerate(means) if m is not None]
        if not played:
            return None
        mix = self.rollout_mix
        best = max(played, key=lambda i: (mix * means[i] + (1 - mix) * top[i][0][0], top[i][0][:2]))  # type: ignore[operator]
        return top[best][0]

    def _supply(self, view: PlayerView) -> Supply | None:
        """The supply of the tiles still to come as this player sees it (None: the option is off): the tiles not seen,
        the hand and the market; 2 tiles drawn per turn in solo, one per player otherwise."""
        if not self.supply:
            return None
        known = [*view.hand, *(t for t in view.market if t is not None)]
        return Supply(view.unseen, known, 2 if view.solo else view.n_players, self.supply, self.supply_relative)

    def _leaf(self, ev: Evaluator) -> Callable[[Board, int], float] | None:
        """The value of a play-out's end (None: the evaluation ``ev`` itself)."""
        if self.leaf_fit is not None:
            return functools.partial(self.leaf_fit.value, ev)
        return None if self.leaf.off else functools.partial(self.leaf.value, ev)

    def _endgame(self, view: PlayerView, first: list[tuple[float, float, int, int, Board]], slots: list[int],
                 rules: tuple, ev: Evaluator) -> tuple[int, int, int]:
        """Solo, three spaces left: the (hand index, cell, slot) of the best exact value (:meth:`endgame_values`);
        ties go to the same random tie-break as the search."""
        _, _, h, cell, s = max(self.endgame_values(view, first, slots, rules, ev), key=lambda v: v[:2])
        return h, cell, s

    @classmethod
    def endgame_values(cls, view: PlayerView, first: list[tuple[float, float, int, int, Board]], slots: list[int],
                       rules: tuple, ev: Evaluator) -> list[tuple[float, float, int, int, int]]:
        """Solo, three spaces left: the exact expected final score of every (placement, slot).

        After this turn two spaces are left. Next turn we see the market (the near tile slid over and two tiles
        drawn from the bag, which in solo is exactly the tiles not seen), place a hand tile ``a`` on one of the two
        spaces and take a tile; the last turn places the better of the tile kept and the tile taken on the last
        space. Every pair of drawn tiles is weighed by its chance (drawn without replacement from
        ``view.unseen``), and every choice after the draw is the best one, so the value is exact, not sampled.
        ``first`` holds the placements of this turn as the search lists them (value, tie-break, hand index, cell,
        quilt after). Returns (expected final score, tie-break, hand index, cell, slot) for each with each slot.
        """
        pool = Counter(view.unseen_list)
        n = pool.total()
        kinds = sorted(pool)
        pairs = [(t, u, (2 if t != u else 1) * pool[t] * (pool[u] - (t == u)) / (n * (n - 1)))
                 for i, t in enumerate(kinds) for u in kinds[i:]]
        pairs = [p for p in pairs if p[2] > 0]
        hand = list(view.hand)
        wanted = {*kinds, *hand, *(t for t in view.market if t is not None)}
        values: list[tuple[float, float, int, int, int]] = []
        for _, tie, h, cell, after in first:
            other = hand[1 - h] if len(hand) == 2 else None
            tables: dict[int, list[dict[int, float]]] = {}  # tile a -> for each space of a: final value of each b
            for s in slots:
                taken = view.market[s]
                assert taken is not None
                near = view.market[MARKET_SIZE - 1] if s < MARKET_SIZE - 1 else view.market[MARKET_SIZE - 2]
                hand2 = [taken] if other is None else [taken, other]
                options = []  # for each (a, space of a): the best of the tile kept and the near tile, and the row
                for i, a in enumerate(hand2):
                    sure = [t for t in (*hand2[:i], *hand2[i + 1:], near) if t is not None]  # kept, near
                    if a not in tables:
                        tables[a] = cls._final_rows(after, a, wanted, rules, ev)
                    for row in tables[a]:
                        floor = max((row[t] for t in sure), default=float("-inf"))
                        options.append([max(floor, row[t]) for t in kinds])
                index = {t: k for k, t in enumerate(kinds)}
                total = 0.0
                for t, u, weight in pairs:
                    i, j = index[t], index[u]
                    total += weight * max(max(o[i], o[j]) for o in options)
                values.append((total, tie, h, cell, s))
        return values

    @staticmethod
    def _final_rows(after: Board, a: int, tiles: set[int], rules: tuple, ev: Evaluator) -> list[dict[int, float]]:
        """Two spaces left: for each space of ``a``, the final value of each tile of ``tiles`` on the other one."""
        rows = []
        for x in cells_of(after.empty):
            second = after.copy()
            second.place(x, a, rules)
            (last,) = cells_of(second.empty)
            row = {}
            for b in tiles:
                final = second.copy()
                final.place(last, b, rules)
                row[b] = ev(final, 0)
            rows.append(row)
        return rows

    def _third(self, after: Board, a: int, b: int, rules: tuple, ev: Evaluator, remaining: int,
               seconds: dict[int, Board], thirds: dict[tuple[int, int], float]) -> float:
        """Best evaluation after placing ``a`` next turn (on its best space) and ``b`` the turn after."""
        key = (a, b)
        if key not in thirds:
            if a not in seconds:
                _, cell = ev.best_placement(after, a, rules, remaining - 1)
                assert cell >= 0
                seconds[a] = trial = after.copy()
                trial.place(cell, a, rules)
            thirds[key] = self._best_next(seconds[a], b, rules, ev, remaining - 2, float("-inf"))
        return thirds[key]

    def _sample_markets(self, view: PlayerView, slots: list[int], rng: random.Random) -> dict[int, list[list[int]]]:
        return sample_markets(view, slots, self.samples, rng)

    def _gain(self, board: Board, tile: int, rules: tuple, ev: Evaluator, remaining: int, base: float,
              cache: dict[int, float]) -> float:
        if tile not in cache:
            cache[tile] = self._best_next(board, tile, rules, ev, remaining, base)
        return cache[tile] - base

    def _best_next(self, board: Board, tile: int, rules: tuple, ev: Evaluator, remaining: int,
                   default: float) -> float:
        best, cell = ev.best_placement(board, tile, rules, remaining)
        return default if cell < 0 else best


def sample_markets(view: PlayerView, slots: list[int], samples: int, rng: random.Random) -> dict[int, list[list[int]]]:
    """For each slot we might take, ``samples`` guesses of the tiles we may take at our next turn.

    Every guess draws the unknown refills from ``view.unseen`` (never from the bag's order or another
    player's hand). The same draws are used for every slot (common random numbers), so that slots are
    compared on equal luck. Solo: the conveyor discards the far tile, slides the near one to slot 1 and
    refills slots 2 and 3. Otherwise the taken slot is refilled, then each other player takes a tile from
    a random slot, refilled in turn. The coach values moves on the same guesses.
    """
    pool = view.unseen_list
    draws = min(view.bag_count, 2 if view.solo else view.n_players, len(pool))
    out: dict[int, list[list[int]]] = {s: [] for s in slots}
    for _ in range(max(1, samples)):
        refill: list[int | None] = list(rng.sample(pool, draws))
        picks = [rng.randrange(MARKET_SIZE) for _ in range(0 if view.solo else view.n_players - 1)]
        refill += [None] * (max(MARKET_SIZE, view.n_players) - len(refill))
        for s in slots:
            if view.solo:
                near = view.market[MARKET_SIZE - 1] if s < MARKET_SIZE - 1 else view.market[MARKET_SIZE - 2]
                market = [near, refill[0], refill[1]]
            else:
                market = list(view.market)
                market[s] = refill[0]
                for k, slot in enumerate(picks):
                    market[slot] = refill[k + 1]
            out[s].append([t for t in market if t is not None])
    return out
