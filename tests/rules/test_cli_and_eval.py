"""The command-line entry points and the accuracy of the search on the labelled questions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from calico_bot.rules import RulesIndex
from calico_bot.rules.evaluate import (
    HELD_OUT,
    QUESTIONS_FILE,
    SPLITS,
    Question,
    evaluate,
    format_report,
    load_questions,
    unknown_ids,
)

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, module: str = "calico_bot.rules") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60,
        check=False,
    )


def test_cli_json_shape() -> None:
    proc = run_cli("rainbow button", "--json", "-k", "2")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert isinstance(data, list) and 1 <= len(data) <= 2
    for item in data:
        assert set(item) == {"id", "game", "title", "score", "text", "confidence", "floor", "cleared_floor",
                             "out_of_scope"}
        assert isinstance(item["score"], float) and 0 < item["score"] <= 1
        assert item["confidence"] == item["score"] and item["cleared_floor"] is True and item["out_of_scope"] is None
    assert data[0]["confidence"] >= data[0]["floor"]
    assert data[0]["id"] == "calico.buttons.rainbow"
    assert data[0]["game"] == "calico"


def test_cli_json_language_and_game() -> None:
    proc = run_cli("rainbow button", "--json", "--lang", "zh", "-k", "1")
    item = json.loads(proc.stdout)[0]
    assert item["title"] == "彩虹纽扣" or any("\u4e00" <= ch <= "\u9fff" for ch in item["title"])
    proc = run_cli("how do ties work", "--json", "--game", "ioc")
    assert {i["game"] for i in json.loads(proc.stdout)} == {"ioc"}


def test_cli_human_output_and_no_match() -> None:
    proc = run_cli("can I lead red")
    assert proc.returncode == 0
    assert "citb.lead.red" in proc.stdout.splitlines()[0]
    proc = run_cli("what's the weather in Paris")
    assert proc.returncode == 0 and "No good match" in proc.stdout
    proc = run_cli("今天天气怎么样")
    assert proc.returncode == 0 and "没有找到" in proc.stdout
    proc = run_cli("asdfgh", "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout) == []


def test_cli_json_shows_guesses_below_the_floor_and_why() -> None:
    # Off-topic: the ranking's guesses are listed, none cleared, with the reason it is no rules question.
    data = json.loads(run_cli("how do you castle in chess", "--json").stdout)
    assert data and all(item["cleared_floor"] is False for item in data)
    assert {item["out_of_scope"] for item in data} == {"other_game"}
    proc = run_cli("how do you castle in chess")
    assert "No good match" in proc.stdout
    # Refused by the learned classifier's floor alone: the reason says so.
    data = json.loads(run_cli("被子怎么叠", "--json").stdout)
    assert data and {item["out_of_scope"] for item in data} == {"learned_off_topic"}
    assert all(item["cleared_floor"] is False for item in data)
    # In scope but weakly covered: a guess below the floor, no reason.
    data = json.loads(run_cli("tell about the orchestra conductor and tiles", "--json").stdout)
    assert all(item["cleared_floor"] is False and item["confidence"] < item["floor"] for item in data)


def test_evaluate_cli_prints_figures() -> None:
    proc = run_cli("--split", "tune", module="calico_bot.rules.evaluate")
    assert proc.returncode == 0, proc.stderr
    for needle in ("overall", "top-1", "top-3", "by lang", "by game", "median query", "index load"):
        assert needle in proc.stdout


# ---------------------------------------------------------------------------- the labelled questions


@pytest.fixture(scope="module")
def questions():
    return load_questions()


def test_question_file_is_well_formed(questions) -> None:
    assert QUESTIONS_FILE.exists()
    assert len(questions) >= 140
    assert {q.split for q in questions} == set(SPLITS)
    assert {q.lang for q in questions} == {"en", "zh"}
    offtopic = [q for q in questions if q.offtopic]
    assert len(offtopic) >= 100 and {q.lang for q in offtopic} == {"en", "zh"}
    assert all(q.game == "" and not q.required for q in offtopic)
    questions = [q for q in questions if not q.offtopic]
    assert {q.game for q in questions} == {"calico", "citb", "ioc"}
    zh_share = sum(q.lang == "zh" for q in questions) / len(questions)
    calico_share = sum(q.game == "calico" for q in questions) / len(questions)
    assert 0.4 <= zh_share <= 0.6 and 0.35 <= calico_share <= 0.7  # blind-p on: a third for each game
    assert len({q.q for q in questions}) == len(questions)
    assert all(q.ids and all(i.startswith(q.game + ".") for i in q.ids) for q in questions)
    # Blind questions carry topic labels, which are also accepted answers.
    blind = [q for q in questions if q.split.startswith("blind")]
    assert len(blind) >= 250 and all(q.required and set(q.required) <= set(q.ids) for q in blind)


def test_expected_ids_exist(real_index: RulesIndex, questions) -> None:
    assert unknown_ids(real_index, questions) == []


def test_accuracy_on_labelled_questions(real_index: RulesIndex, questions) -> None:
    # Floors a little under the figures in the README, so a ranking regression fails here. The held-out
    # splits (written blind and measured once on first sight; the README says which were tuned on since)
    # are checked on their own.
    held_out = evaluate(real_index, [q for q in questions if q.split in HELD_OUT])
    assert held_out.top3 >= 0.98 and held_out.topic_accuracy(held_out.scoped)[0] >= 0.96, format_report(held_out)
    assert held_out.refusal_rate(held_out.offtopic) >= 0.97, format_report(held_out)
    assert not [r.question.q for r in held_out.scoped if r.refused]
    report = evaluate(real_index, [q for q in questions if q.split not in HELD_OUT])
    summary = format_report(report)
    assert report.top3 >= 0.99 and report.top1 >= 0.95, summary
    topic1, topic3 = report.topic_accuracy(report.scoped)
    assert topic1 >= 0.95 and topic3 >= 0.99, summary
    for lang in ("en", "zh"):
        top1, top3 = report.accuracy(report.groups()["lang"][lang])
        assert top1 >= 0.945 and top3 >= 0.99, summary
        top1, top3 = report.topic_accuracy(report.groups()["lang"][lang])
        assert top1 >= 0.945 and top3 >= 0.99, summary
    for game in ("calico", "citb", "ioc"):
        top1, top3 = report.topic_accuracy(report.groups()["game"][game])
        assert top1 >= 0.945 and top3 >= 0.985, summary  # 0.99 before the harder blind sets (blind-u on)
    # Off-topic messages get "no good match"; no rules question does.
    assert report.refusal_rate(report.offtopic) >= 0.96, summary
    for lang in ("en", "zh"):
        assert report.refusal_rate([r for r in report.offtopic if r.question.lang == lang]) >= 0.95, summary
    assert not [r.question.q for r in report.scoped if r.refused]


def test_topic_measure_counts_the_topic_and_answer_measure_the_detail(real_index: RulesIndex) -> None:
    leo = Question(q="how many points is leo", ids=("calico.cats.leo",), game="calico", lang="en", split="x")
    result = evaluate(real_index, [leo]).results[0]
    assert result.got[0] == "calico.cats.list" and result.details[0] == "calico.cats.leo"
    assert result.top1  # the detail shown under the topic answers it
    assert result.topics == ("calico.cats.list", "calico.cats.shapes") and result.topic_top1
    wrong = Question(q="how many points is leo", ids=("calico.buttons",), game="calico", lang="en", split="x",
                     required=("calico.buttons",))
    result = evaluate(real_index, [wrong]).results[0]
    assert not result.top1 and not result.topic_top1
