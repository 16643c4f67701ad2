"""Cat in the Box texts: both languages complete, every refusal code covered, texts built from views that
never name a hidden card, and summaries that agree with the engine."""

from __future__ import annotations

import random
import re
import string
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from calico_bot.core.errors import RuleViolation
from calico_bot.games.cat_in_the_box import texts
from calico_bot.games.cat_in_the_box.engine.actions import Bid, Play
from calico_bot.games.cat_in_the_box.engine.components import COLOURS
from calico_bot.games.cat_in_the_box.engine.game import GameOptions, GameState, new_game
from calico_bot.games.cat_in_the_box.plugin import PLUGIN
from calico_bot.games.cat_in_the_box.texts import MESSAGES, tr

ROOT = Path(__file__).resolve().parents[4]
NAMES = ["Ana", "小明", "Cy", "Di", "Ed"]
CARD = re.compile(r"`(\d+)`")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    assert set(MESSAGES) == {"en", "zh"}
    assert set(MESSAGES["en"]) == set(MESSAGES["zh"])
    for key, en in MESSAGES["en"].items():
        assert key.startswith("citb."), key
        zh = MESSAGES["zh"][key]
        assert _fields(en) == _fields(zh), key
        assert en.strip() and zh.strip(), key


def test_chinese_texts_are_chinese() -> None:
    hanzi = re.compile(r"[\u4e00-\u9fff]")
    skip = {"citb.card", "citb.declared", "citb.list_sep", "citb.or"}
    for key, zh in MESSAGES["zh"].items():
        if key not in skip:
            assert hanzi.search(zh), key
    assert tr("zh", "citb.game") == "盒中猫"


def _engine_codes() -> set[str]:
    sources = [*(ROOT / "calico_bot/games/cat_in_the_box").rglob("*.py"), ROOT / "calico_bot/core/errors.py"]
    codes: set[str] = set()
    for path in sources:
        codes |= set(re.findall(r'RuleViolation\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_refusal_code_has_a_message() -> None:
    codes = _engine_codes()
    assert {"cell_taken", "colour_lost", "red_not_broken", "not_your_turn", "stale", "bad_action"} <= codes
    for code in codes:
        assert f"citb.refusal.{code}" in MESSAGES["en"], code


def test_real_refusals_read_well_in_both_languages() -> None:
    """Every illegal play and bid the engine refuses in random games becomes a full sentence (no
    placeholder left, seats as names, colours translated)."""
    seen: Counter[str] = Counter()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        state = new_game(GameOptions(NAMES[:players]), seed)
        rng = random.Random(seed)
        view_names = state.names
        while not state.over:
            prompt = rng.choice(state.awaiting())
            tries: list[Any] = []
            if prompt.kind == "play":
                for seat in range(players):
                    for card in (0, *range(1, state.setup.top + 1)):
                        tries += [Play(seat, card, c) for c in (*COLOURS, "purple")]
            elif prompt.kind == "bid":
                tries = [Bid(s, b) for s in range(players) for b in (0, 1, 2, 5)]
            for action in tries[:: max(1, len(tries) // 12)]:
                before = state.to_json()
                try:
                    state.apply(action)
                except RuleViolation as exc:
                    code = exc.code
                    seen[code] += 1
                    assert state.to_json() == before
                    if seen[code] > 6:
                        continue
                    for lang in ("en", "zh"):
                        text = texts.refusal_text(code, exc.params, lang, PLUGIN.view_for(state, None),
                                                  message=str(exc))
                        assert "{" not in text and "None" not in text, (code, text)
                        if code == "not_your_turn":
                            assert view_names[exc.params["current"]] in text
                        if code == "colour_lost" and lang == "zh":
                            assert any(tr("zh", f"citb.colour.{c}") in text for c in COLOURS)
                    assert state.to_json() == before
                else:
                    state = GameState.from_json(before)  # a legal try: undo it by reloading
            state.apply(rng.choice(state.legal_actions(prompt)))
    assert {"not_your_turn", "card_not_in_hand", "unknown_colour", "cell_taken", "bid_not_allowed"} <= set(seen)


def test_unknown_code_falls_back_to_the_message() -> None:
    assert "something odd" in texts.refusal_text("no_such_code", {}, "en", message="something odd")
    assert "something odd" in texts.refusal_text("no_such_code", {}, "zh", message="something odd")


def _public_cards(view: dict[str, Any]) -> Counter[int]:
    """Cards a spectator may know of: the live round's plays and reveal, and the last finished round's
    plays, reveal and paradox hand."""
    out: Counter[int] = Counter()
    if view["phase"] in ("set_aside", "bid", "play"):
        out.update(p[1] for p in view["plays"])
        out.update(view["revealed"])
    if view["history"]:
        h = view["history"][-1]
        out.update(p[1] for p in h["plays"])
        out.update(h.get("revealed") or [])
        out.update(h.get("paradox_hand") or [])
    return out


def _spectator_texts(public: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    out = []
    for lang in ("en", "zh"):
        out += [texts.status_text(view, lang), texts.prompt_text(view, lang), texts.round_start_text(view, lang)]
        if public is not None:
            out.append(texts.describe_action(public, view, lang))
        if view["history"]:
            out += [texts.round_summary(view, lang), texts.paradox_text(view, lang)]
        if view["phase"] == "over":
            out.append(texts.game_summary(view, lang))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_spectator_texts_of_whole_games_never_name_a_hidden_card(players: int) -> None:
    for seed in (1, 2):
        state = PLUGIN.new_state({}, NAMES[:players], seed)
        rng = random.Random(seed)
        public = None
        steps = 0
        while True:
            view = PLUGIN.view_for(state, None)
            allowed = _public_cards(view)
            for text in _spectator_texts(public, view):
                for line in text.splitlines():  # one line names each card once (a play, a trick, a hand)
                    named = Counter(int(c) for c in CARD.findall(line))
                    assert not named - allowed, (line, named - allowed)
            if PLUGIN.is_over(state):
                break
            prompt = rng.choice(PLUGIN.awaiting(state))
            applied = PLUGIN.apply(state, rng.choice(PLUGIN.legal_actions(state, prompt)))
            public = applied.public
            steps += 1
        assert steps > 10


def test_set_aside_posts_count_without_naming() -> None:
    state = PLUGIN.new_state({}, NAMES[:4], 7)
    done = []
    for seat in (2, 0, 3):
        card = state.hands[seat][0]
        applied = PLUGIN.apply(state, {"type": "set_aside", "player": seat, "card": card})
        view = PLUGIN.view_for(state, None)
        done.append(seat)
        for lang in ("en", "zh"):
            text = texts.describe_action(applied.public, view, lang)
            assert text == tr(lang, "citb.set_aside.progress", done=len(done), total=4)
            assert not CARD.search(text)
            assert not any(NAMES[s] in text for s in range(4))
    private = texts.status_text(PLUGIN.view_for(state, 2), "en")
    assert tr("en", "citb.status.own_set_aside", card=texts.card_text("en", state.set_aside[2])) in private


def test_action_texts_agree_with_the_engine() -> None:
    """Trick winners, lost colours, paradoxes and round ends in the texts are the engine's own."""
    checked = Counter[str]()
    for players, seed in ((2, 3), (3, 4), (4, 5), (5, 6)):
        state = new_game(GameOptions(NAMES[:players]), seed)
        rng = random.Random(seed)
        while not state.over:
            prompt = rng.choice(state.awaiting())
            action = rng.choice(state.legal_actions(prompt))
            led = state.led_colour
            done = state.apply(action)
            view = state.view_for(None)
            text = texts.describe_action(done.public, view, "en")
            if done.kind == "play":
                assert text.startswith(f"{NAMES[action.player]} plays `{action.card}` as {action.colour}")
                first = text.splitlines()[0]
                if led is not None and COLOURS[led] != action.colour:
                    assert first.endswith(f"and loses {COLOURS[led]} for this round.")
                else:
                    assert "loses" not in first
                checked["play"] += 1
            if done.trick_winner is not None:
                trick = len(view["history"][-1]["trick_winners"]) if done.round_over else len(view["trick_winners"])
                assert f"{NAMES[done.trick_winner]} wins trick {trick} with" in text
                checked["trick"] += 1
            if done.paradox_player is not None:
                assert f"Paradox! {NAMES[done.paradox_player]} has no legal declaration" in text
                checked["paradox"] += 1
            if done.round_over:
                assert tr("en", "citb.round.end", round=len(view["history"]), rounds=players) in text
                checked["round"] += 1
            if done.game_over:
                assert "wins with" in text or "share the victory" in text
    assert min(checked.values()) > 0 and len(checked) == 4


def test_round_and_game_summaries_match_the_scores() -> None:
    for players, seed in ((2, 11), (3, 12), (4, 13), (5, 14)):
        state = new_game(GameOptions(NAMES[:players]), seed)
        rng = random.Random(seed)
        while not state.over:
            prompt = rng.choice(state.awaiting())
            state.apply(rng.choice(state.legal_actions(prompt)))
        view = state.view_for(None)
        for r, h in enumerate(state.history):
            summary = texts.round_summary(view, "en", r)
            for seat, sc in enumerate(h["scores"]):
                assert f"- {NAMES[seat]}: won {sc['tricks']}" in summary
                assert f": {sc['round_points']:+d} (total" in summary
        final = texts.game_summary(view, "en")
        winners = state.winners()
        total = state.totals()[winners[0]]
        if len(winners) == 1:
            assert tr("en", "citb.game.winner", player=NAMES[winners[0]], total=total) in final
        else:
            assert "share the victory" in final
        for row in state.result():
            assert f"{row['rank']}. {NAMES[row['seat']]}: {row['total']}" in final


def test_tie_break_is_explained() -> None:
    view = {"player_count": 2, "names": ["Ana", "Bo"], "history": [
        {"scores": [{"round_points": 5}, {"round_points": 3}]},
        {"scores": [{"round_points": 2}, {"round_points": 4}]}]}
    text = texts.game_summary(view, "en")
    assert "Ana and Bo" not in text
    assert tr("en", "citb.game.tie_break", players="Ana, Bo", total=7, winner="Bo", points=4) in text
    assert tr("en", "citb.game.winner", player="Bo", total=7) in text
    shared = {**view, "history": [{"scores": [{"round_points": 4}, {"round_points": 4}]}]}
    assert tr("zh", "citb.game.shared", players="Ana、Bo", total=4) in texts.game_summary(shared, "zh")


def test_status_shows_the_seat_hand_only_to_that_seat() -> None:
    state = new_game(GameOptions(NAMES[:3]), 21)
    hand = texts.cards_text("en", state.hands[1])
    assert hand in texts.status_text(state.view_for(1), "en")
    assert hand not in texts.status_text(state.view_for(None), "en")
    assert "`" not in texts.status_text(state.view_for(None), "en")


def test_names_can_be_replaced_for_mentions() -> None:
    state = new_game(GameOptions(NAMES[:3]), 22)
    view = state.view_for(None)
    mentions = ["<@1>", "<@2>", "<@3>"]
    text = texts.start_text(view, "en", mentions)
    assert mentions[view["start_player"]] in text and "Ana" not in text


def test_reminders_and_auto_play() -> None:
    for lang in ("en", "zh"):
        for kind in ("set_aside", "bid", "play"):
            for last in (False, True):
                text = texts.reminder_text(lang, "Ana", kind, "<t:1:R>", last=last)
                assert "Ana" in text and "<t:1:R>" in text and "{" not in text
        assert not CARD.search(texts.auto_played_text({"seat": 0, "set_aside": True}, lang, "Ana"))
        assert "`7`" in texts.auto_played_text({"seat": 0, "card": 7, "colour": "red"}, lang, "Ana")
        assert "2" in texts.auto_played_text({"seat": 0, "bid": 2}, lang, "Ana")


def test_tr_falls_back() -> None:
    assert tr("fr", "citb.game") == "Cat in the Box"
    assert tr("en", "citb.no_such_key") == "citb.no_such_key"
    assert tr("en", "citb.bid.made", player="Ana") == "Ana bids {bid}."


# --- panels -------------------------------------------------------------------------------------------

def test_the_panel_steps_reach_exactly_the_legal_actions_through_whole_games() -> None:
    """The table kit builds a seat's panel from the plug-in's ``action_path``: card, then colour. At
    every prompt of random games, each step offers at most 25 choices and every path through the
    steps ends at one legal action, each legal action at exactly one path."""
    import random

    from calico_bot.app.table_kit import MAX_OPTIONS, distinct, step_options

    for players in (2, 3, 5):
        rng = random.Random(players)
        state = PLUGIN.new_state(PLUGIN.parse_options({}, players), [f"p{i}" for i in range(players)], players)
        while not PLUGIN.is_over(state):
            prompt = PLUGIN.awaiting(state)[0]
            view = PLUGIN.view_for(state, prompt.seat)
            legal = distinct(PLUGIN.legal_actions(state, prompt))
            for lang in ("en", "zh"):
                paths = [PLUGIN.action_path(view, a, lang) for a in legal]
                reached: list[int] = []
                frontier: list[list[int]] = [[]]
                while frontier:
                    picked = frontier.pop()
                    found = step_options(paths, picked)
                    assert found is not None
                    labels, alive = found
                    assert len(labels) <= MAX_OPTIONS
                    if not labels:
                        assert len(alive) == 1
                        reached.append(alive[0])
                    frontier += [[*picked, k] for k in range(len(labels))]
                assert sorted(reached) == list(range(len(legal)))
            PLUGIN.apply(state, rng.choice(legal))
