"""Benchmark: ``python -m render.calico.bench [--runs N]``.

Plays a seeded two-player game to mid-game, then prints the median time to render one quilt and
one turn post (with caches warm), with and without PNG encoding, the score sheets of a finished
two- and four-player game (one player with a Chinese name), and the PNG sizes. The first
(cold) render, which draws every cached stamp, is timed separately.
"""

from __future__ import annotations

import argparse
import time

from calico_bot.games.calico.engine.game import GameOptions, GameState, seeded_game
from render.calico import render_quilt, render_scoresheet, render_turn_post, to_png_bytes
from render.kit.timing import median_ms


def sample_state(seed: int = 2024, turns: int = 24, finish: bool = False, players: int = 2) -> GameState:
    """A seeded standard game after ``turns`` random turns (or at the end)."""
    names = ["Alice", "Bob", "小明", "Dana"][:players]
    return seeded_game(GameOptions(players=names), seed, None if finish else turns)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args(argv)
    state = sample_state()
    seat = (state.current - 1) % len(state.players)

    t = time.perf_counter()
    render_turn_post(state, seat)
    cold = (time.perf_counter() - t) * 1000

    quilt = median_ms(lambda: render_quilt(state, seat), args.runs)
    quilt_png = median_ms(lambda: to_png_bytes(render_quilt(state, seat)), args.runs)
    hand = median_ms(lambda: render_quilt(state, seat, show_hand=True), args.runs)
    post = median_ms(lambda: render_turn_post(state, seat), args.runs)
    post_png = median_ms(lambda: to_png_bytes(render_turn_post(state, seat)), args.runs)
    final = sample_state(finish=True)
    sheet_png = median_ms(lambda: to_png_bytes(render_scoresheet(final)), max(3, args.runs // 8))
    final4 = sample_state(finish=True, players=4)
    sheet4_png = median_ms(lambda: to_png_bytes(render_scoresheet(final4)), max(3, args.runs // 8))

    sizes = {
        "quilt": len(to_png_bytes(render_quilt(state, seat))),
        "quilt+hand": len(to_png_bytes(render_quilt(state, seat, show_hand=True))),
        "turn post": len(to_png_bytes(render_turn_post(state, seat))),
        "score sheet": len(to_png_bytes(render_scoresheet(final))),
        "score sheet (4 players)": len(to_png_bytes(render_scoresheet(final4))),
    }
    print(f"cold first render (turn post, fills caches): {cold:6.1f} ms")
    print(f"quilt                    render {quilt:6.1f} ms   render+PNG {quilt_png:6.1f} ms")
    print(f"quilt with hand          render {hand:6.1f} ms")
    print(f"turn post                render {post:6.1f} ms   render+PNG {post_png:6.1f} ms")
    print(f"score sheet (2 players)  render+PNG {sheet_png:6.1f} ms")
    print(f"score sheet (4 players)  render+PNG {sheet4_png:6.1f} ms")
    print("PNG sizes: " + ", ".join(f"{k} {v / 1024:.0f} KB" for k, v in sizes.items()))


if __name__ == "__main__":
    main()
