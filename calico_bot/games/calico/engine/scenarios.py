"""Solo scenarios: checking a finished quilt against a scenario's objectives and score."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from calico_bot.games.calico.engine.components import SCENARIOS, Scenario
from calico_bot.games.calico.engine.scoring import PlayerScore


@dataclass(frozen=True, slots=True)
class Objective:
    key: str  # stable id for translations: goals_ok, goals_both, rainbow, total_cats, ...
    target: int
    achieved: int

    @property
    def met(self) -> bool:
        return self.achieved >= self.target


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    scenario: Scenario
    objectives: list[Objective]

    @property
    def passed(self) -> bool:
        return all(o.met for o in self.objectives)


def evaluate_scenario(number: int, score: PlayerScore, cat_names: list[str]) -> ScenarioResult:
    """Check every objective of scenario ``number`` and its minimum score.

    The design-goal objectives need distinct goals: "DG ok x2, DG both" asks for three goals, two
    met by at least one test and one met by both tests.
    """
    sc = SCENARIOS[number]
    both = sum(1 for g in score.goals if g.color and g.pattern)
    any_met = sum(1 for g in score.goals if g.color or g.pattern)
    objectives: list[Objective] = []
    if sc.goals_both:
        objectives.append(Objective("goals_both", sc.goals_both, both))
    if sc.goals_ok:
        # Goals met by both tests count here only once the "both" objective has what it needs.
        spare_both = max(0, both - sc.goals_both)
        objectives.append(Objective("goals_ok", sc.goals_ok, any_met - both + spare_both))
    if sc.rainbow:
        objectives.append(Objective("rainbow", 1, 1 if score.rainbow else 0))
    if sc.total_cats:
        objectives.append(Objective("total_cats", sc.total_cats, score.cat_count))
    if sc.one_of_each_cat:
        have = {t.cat for t in score.cat_tokens}
        objectives.append(Objective("one_of_each_cat", len(cat_names), sum(1 for c in cat_names if c in have)))
    if sc.buttons_one_color:
        per_color = Counter(b.color for b in score.buttons)
        objectives.append(Objective("buttons_one_color", sc.buttons_one_color, max(per_color.values(), default=0)))
    if sc.tokens_one_cat:
        per_cat = Counter(t.cat for t in score.cat_tokens)
        objectives.append(Objective("tokens_one_cat", sc.tokens_one_cat, max(per_cat.values(), default=0)))
    objectives.append(Objective("score", sc.min_score, score.total))
    return ScenarioResult(sc, objectives)
