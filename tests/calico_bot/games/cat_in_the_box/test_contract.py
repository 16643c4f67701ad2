"""The plug-in-shaped functions: a whole game through them, and the Calico CLI left as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from calico_bot.core.errors import RuleViolation
from calico_bot.games.cat_in_the_box import contract
from calico_bot.score.__main__ import main

CALICO_CASES = Path(__file__).parents[1] / "calico" / "engine" / "score_cases"


def test_a_game_through_the_contract() -> None:
    options = contract.parse_options({"start_player": 1}, 3)
    state = contract.new_state(options, ["a", "b", "c"], 7)
    rng = random.Random(7)
    sealed_seen = False
    while contract.awaiting(state):
        prompts = contract.awaiting(state)
        sealed_seen |= all(p.sealed for p in prompts) and len(prompts) == 3
        prompt = rng.choice(prompts)
        before = contract.version(state)
        applied = contract.apply(state, rng.choice(contract.legal_actions(state, prompt)))
        assert contract.version(state) == before + 1 and applied.seat == prompt.seat
        state = contract.load(json.loads(json.dumps(contract.dump(state))))
    assert sealed_seen
    ranks = [row["rank"] for row in contract.result(state)]
    assert min(ranks) == 1
    again = contract.replay(contract.record(state))
    assert again.totals() == state.totals()
    assert contract.view_for(state, None)["hand"] is None


def test_bad_options() -> None:
    with pytest.raises(RuleViolation) as info:
        contract.parse_options({"start_player": 3}, 3)
    assert info.value.code == "bad_start_player"
    with pytest.raises(RuleViolation) as info:
        contract.parse_options({"colossal": True}, 3)
    assert info.value.code == "unknown_option"


@pytest.mark.parametrize("name", ["case-100000", "case-100002"])
def test_calico_records_print_the_same_with_or_without_the_flag(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = CALICO_CASES / f"{name}.json"
    assert main([str(path)]) == 0
    plain = capsys.readouterr().out
    assert main(["--game", "calico", str(path)]) == 0
    assert capsys.readouterr().out == plain
    assert json.loads(plain)["players"]
