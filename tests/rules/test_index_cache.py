"""The rules index's disk cache: what is read back answers as the index it was written from, any change to the
data or the code names another file, and a bad file or an unwritable folder only costs a rebuild."""

from __future__ import annotations

import json
import pickle
import shutil
import time
from pathlib import Path

import pytest

from calico_bot.rules import index_cache
from calico_bot.rules.evaluate import load_questions
from calico_bot.rules.search import RulesIndex, _load_cached, build_index, load_index

from .conftest import FIXTURE_KB


def _answers(index: RulesIndex, questions: list[str]) -> list[tuple]:
    out = []
    for q in questions:
        found = index.lookup(q)
        out.append((found.out_of_scope, [(h.id, round(h.score, 9), h.detail.id if h.detail else None)
                                          for h in (*found.hits, *found.guesses)]))
    return out


def test_the_real_index_read_back_answers_as_the_one_written(real_index: RulesIndex, tmp_path: Path) -> None:
    questions = [q.q for q in load_questions(None, "all")][::97]  # rules questions and off-topic messages
    assert len(questions) > 300
    fresh = build_index()
    index_cache.store("k" * 32, tmp_path, fresh)
    loaded = index_cache.load("k" * 32, tmp_path, RulesIndex)
    assert loaded is not None and loaded is not fresh
    assert loaded.from_disk_cache is False  # only load_index marks what it read back
    assert _answers(loaded, questions) == _answers(fresh, questions) == _answers(real_index, questions)
    # Written on its own thread while lookups fill the index's memos (as the bot's first questions do).
    other = build_index()
    thread = index_cache.store_in_background("m" * 32, tmp_path, other)
    assert thread is not None
    during = _answers(other, [q + " ?" for q in questions])
    thread.join(timeout=60)
    again = index_cache.load("m" * 32, tmp_path, RulesIndex)
    assert again is not None and _answers(again, [q + " ?" for q in questions]) == during


def test_every_change_to_the_data_names_another_file(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    shutil.copytree(FIXTURE_KB, kb)
    first = index_cache.content_key(kb)
    assert first is not None and first == index_cache.content_key(kb)
    entry_file = kb / "calico" / "core.json"
    entries = json.loads(entry_file.read_text(encoding="utf-8"))
    entries[0]["title"]["en"] += "!"
    entry_file.write_text(json.dumps(entries), encoding="utf-8")
    edited = index_cache.content_key(kb)
    (kb / "eval_questions.jsonl").write_text('{"q": "x", "ids": []}\n', encoding="utf-8")
    added = index_cache.content_key(kb)
    assert len({first, edited, added}) == 3


def test_a_bad_file_is_ignored_and_an_unwritable_folder_only_logged(tmp_path: Path) -> None:
    (tmp_path / "rules-index-bad.pickle").write_bytes(b"\x80\x05 not a pickle")
    assert index_cache.load("bad", tmp_path, RulesIndex) is None
    (tmp_path / "rules-index-other.pickle").write_bytes(pickle.dumps({"not": "an index"}))
    assert index_cache.load("other", tmp_path, RulesIndex) is None
    assert index_cache.load("missing", tmp_path, RulesIndex) is None
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    index_cache.store("x", blocker / "cache", {"a": 1})  # the folder cannot be made: no exception
    assert not list(tmp_path.glob(".rules-index-*"))  # and no temporary file left behind


def test_old_files_are_pruned(tmp_path: Path) -> None:
    for i in range(index_cache.KEEP + 2):
        index_cache.store(f"key{i}", tmp_path, {"i": i})
        time.sleep(0.01)
    kept = sorted(p.name for p in tmp_path.glob("rules-index-*.pickle"))
    assert kept == [f"rules-index-key{i}.pickle" for i in range(2, index_cache.KEEP + 2)]


def test_a_temporary_file_left_by_a_dead_writer_is_removed_later(tmp_path: Path) -> None:
    import os

    dead, busy = tmp_path / ".rules-index-dead.tmp", tmp_path / ".rules-index-busy.tmp"
    dead.write_bytes(b"half")
    busy.write_bytes(b"half")
    old = time.time() - index_cache.STALE_TMP_SECONDS - 60
    os.utime(dead, (old, old))
    index_cache.store("k", tmp_path, {"a": 1})
    assert not dead.exists() and busy.exists()  # another process may still be writing the recent one


def test_the_cache_folder_setting() -> None:
    assert index_cache.cache_dir({"CALICO_RULES_CACHE": "off"}) is None
    assert index_cache.cache_dir({"CALICO_RULES_CACHE": "/srv/cache"}) == Path("/srv/cache")
    assert index_cache.cache_dir({"XDG_CACHE_HOME": "/xdg"}) == Path("/xdg/calico-bot")
    assert index_cache.cache_dir({}) == Path.home() / ".cache" / "calico-bot"


def test_load_index_writes_the_cache_then_reads_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kb = tmp_path / "kb"
    shutil.copytree(FIXTURE_KB, kb)
    cache = tmp_path / "cache"
    monkeypatch.setenv(index_cache.ENV_VAR, str(cache))
    built = load_index(kb)
    assert built.from_disk_cache is False
    deadline = time.monotonic() + 30
    while not list(cache.glob("rules-index-*.pickle")) and time.monotonic() < deadline:
        time.sleep(0.05)  # written on a thread of its own
    assert len(list(cache.glob("rules-index-*.pickle"))) == 1
    _load_cached.cache_clear()  # as a new process would: nothing in memory
    again = load_index(kb)
    assert again.from_disk_cache is True and again is not built
    assert _answers(again, ["how do buttons score?", "can I lead red?"]) == \
        _answers(built, ["how do buttons score?", "can I lead red?"])
