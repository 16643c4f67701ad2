"""The SPSA tuner of the evaluation weights (``ai/tune.py``) and the bench's weight settings."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from calico_bot.games.calico.ai import bench, tune
from calico_bot.games.calico.ai.evaluation import Weights
from calico_bot.games.calico.ai.strong import V1_WEIGHTS

TARGET = [2.6, 0.8, 0.42, 1.1, 0.22, 1.0, 1.3, 0.25]  # inside every knob's bounds


def quadratic(weights: Weights, seed: int) -> float:
    """A cheap synthetic objective with its best at TARGET, plus seeded noise (as a game's luck)."""
    theta = tune.from_weights(weights)
    loss = sum(((v - t) / k.scale) ** 2 for v, t, k in zip(theta, TARGET, tune.KNOBS, strict=True))
    return 70.0 - loss + random.Random(seed).gauss(0.0, 0.5)


def _distance(theta: list[float]) -> float:
    return sum(((v - t) / k.scale) ** 2 for v, t, k in zip(theta, TARGET, tune.KNOBS, strict=True)) ** 0.5


def test_a_step_is_deterministic_and_moves_along_the_score_difference() -> None:
    start = tune.from_weights(Weights())
    calls: list[tuple[Weights, int]] = []

    def objective(weights: Weights, seed: int) -> float:
        calls.append((weights, seed))
        return quadratic(weights, seed)

    one = tune.spsa_step(start, 0, 20001, objective, tune.Gains(), random.Random(3))
    two = tune.spsa_step(start, 0, 20001, objective, tune.Gains(), random.Random(3))
    assert one.theta == two.theta and one.signs == two.signs
    # theta+ and theta- play the same seed, perturbed by +-c * scale with the drawn signs
    (plus, s1), (minus, s2) = calls[:2]
    assert s1 == s2 == 20001
    for knob, sign, v0 in zip(tune.KNOBS, one.signs, start, strict=True):
        assert getattr(plus, knob.name) == pytest.approx(v0 + sign * knob.scale)
        assert getattr(minus, knob.name) == pytest.approx(v0 - sign * knob.scale)
        # the step: a_0 * scale * (f+ - f-) / (2 c sign)
        expected = v0 + tune.Gains().step(0) * knob.scale * (one.plus - one.minus) / (2 * sign)
        assert getattr(tune.to_weights(one.theta), knob.name) == pytest.approx(expected)
    assert one.plus != one.minus


def test_steps_stay_within_the_bounds() -> None:
    start = [k.high + 5 if i % 2 else k.low - 5 for i, k in enumerate(tune.KNOBS)]
    wild = tune.Gains(a=50.0, c=3.0)
    rng = random.Random(1)
    theta = tune.clip(start)
    for k in range(30):
        theta = tune.spsa_step(theta, k, 20001 + k, quadratic, wild, rng).theta
        for v, knob in zip(theta, tune.KNOBS, strict=True):
            assert knob.low <= v <= knob.high
    assert tune.clip([-1.0] * 8)[2] == 0.05 and tune.clip([9.0] * 8)[2] == 0.9  # cat decay in [0.05, 0.9]


def test_tuning_climbs_a_synthetic_objective() -> None:
    start = tune.from_weights(Weights())
    run = tune.tune(start, 300, 20001, quadratic, tune.Gains(a=0.05))
    assert _distance(run.average) < 0.5 * _distance(start)
    for v0, v, t in zip(start, run.average, TARGET, strict=True):  # every weight moved towards its best value
        assert abs(v - t) < abs(v0 - t)
    assert run.games == 600
    again = tune.tune(start, 300, 20001, quadratic, tune.Gains(a=0.05))
    assert again.theta == run.theta and again.average == run.average


def test_the_real_objective_is_the_benchs_no_cap_game() -> None:
    seed = 20001
    assert tune.solo_score(Weights(), seed) == bench.play_solo("strong", seed, "standard", bench.NO_CAP).total


def test_defaults_round_trip_through_theta() -> None:
    assert tune.to_weights(tune.from_weights(Weights())) == Weights()
    assert tune.to_weights(tune.from_weights(V1_WEIGHTS)) == V1_WEIGHTS


def _err(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit):
        tune.main(argv)
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_cli_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "'0' must be at least 1" in _err(capsys, ["--iterations", "0", "--seed", "20001"])
    assert "'x' is not a whole number" in _err(capsys, ["--iterations", "x", "--seed", "20001"])
    assert "overlap the bench seeds 1-200" in _err(capsys, ["--iterations", "5", "--seed", "198"])
    assert "overlap the bench seeds 777-976" in _err(capsys, ["--iterations", "100", "--seed", "700"])
    assert "only --jobs 1" in _err(capsys, ["--iterations", "5", "--seed", "20001", "--jobs", "2"])
    assert "must be positive" in _err(capsys, ["--iterations", "5", "--seed", "20001", "--a", "0"])
    assert "cannot read weights file" in _err(capsys, ["--iterations", "1", "--seed", "20001", "--start",
                                                       str(tmp_path / "none.json")])
    bad = tmp_path / "bad.json"
    for text, words in (("{", "is not JSON"), ('{"weights": {"cat_size": 1}}', "'cat_size' is not a weight"),
                        ('{"cat_decay": -1}', "must be a non-negative number"),
                        ('{"cat_decay": 1e999}', "must be a non-negative number"), ("[1, 2]", "must hold an object")):
        bad.write_text(text, encoding="utf-8")
        assert words in _err(capsys, ["--iterations", "1", "--seed", "20001", "--start", str(bad)])


def test_cli_writes_weights_that_bench_and_tune_read_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tune, "solo_score", quadratic)
    out = tmp_path / "w.json"
    assert tune.main(["--iterations", "40", "--seed", "20001", "--out", str(out)]) == 0
    assert "[40/40]" in capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 80 and data["seed"] == 20001
    loaded = tune.load_weights(str(out))
    assert tune.from_weights(loaded) == pytest.approx([data["weights"][k.name] for k in tune.KNOBS])
    assert loaded != Weights()
    # --start resumes from a file: the same run again from its own result starts there
    start = tmp_path / "start.json"
    start.write_text(json.dumps({"cat_decay": 0.4}), encoding="utf-8")
    assert tune.main(["--iterations", "1", "--seed", "20001", "--start", str(start), "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["start"]["cat_decay"] == 0.4

    policy = bench._policy(f"strong:weights={out}", 1, bench.NO_CAP)
    assert policy.weights == tune.load_weights(str(out))  # type: ignore[attr-defined]


def test_bench_takes_single_weights_on_the_policys_own(tmp_path: Path) -> None:
    policy = bench._policy("strong:cat_decay=0.3,samples=4", 1, bench.NO_CAP)
    assert policy.weights == replace(Weights(), cat_decay=0.3)  # type: ignore[attr-defined]
    assert policy.samples == 4  # type: ignore[attr-defined]
    v1 = bench._policy("strong-v1:button_scale=1.5", 1, bench.NO_CAP)
    assert v1.weights == replace(V1_WEIGHTS, button_scale=1.5)  # type: ignore[attr-defined]
    assert bench._policy("strong", 1, bench.NO_CAP).weights == Weights()  # type: ignore[attr-defined]
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {"cat_scale": 0.7}}), encoding="utf-8")
    mixed = bench._policy(f"strong:weights={path},lone_button=0.2", 1, bench.NO_CAP)
    assert mixed.weights == replace(Weights(), cat_scale=0.7, lone_button=0.2)  # type: ignore[attr-defined]
    for bad, words in (("strong:cat_decay=-0.1", "must be a non-negative number"),
                       ("strong:cat_decay=nan", "must be a non-negative number"),
                       ("strong:cat_decay=lots", "cat_decay must be a number"),
                       (f"strong:weights={tmp_path / 'missing.json'}", "cannot read weights file")):
        with pytest.raises(ValueError, match=words):
            bench.parse_spec(bad)
