"""Benchmark: ``python -m render.cat_in_the_box.bench [--runs N]``.

Plays seeded greedy games and prints, for 2 and 5 players, the median time to render and PNG-encode
the spectator board mid-trick, a seat's hand, a round score sheet and the final score sheet (caches
warm), and the PNG sizes. The first render of the process (fonts and stamps loading) is timed apart.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.cat_in_the_box import render_board, render_final_scores, render_hand, render_round_scores, warm_up
from render.cat_in_the_box.samples import play_until
from render.kit.png import to_png_bytes
from render.kit.timing import median_ms


def cases(players: int) -> dict[str, Callable[[], Image.Image]]:
    mid = play_until(players, 7, "trick", greedy=True)
    over = play_until(players, 7, "over", greedy=True)
    spectator: dict[str, Any] = mid.view_for(None)
    seat = mid.to_act
    final: dict[str, Any] = over.view_for(None)
    return {
        "board": lambda: render_board(spectator),
        "hand": lambda: render_hand(mid.view_for(seat)),
        "round scores": lambda: render_round_scores(final, 0),
        "final scores": lambda: render_final_scores(final),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    first = cases(5)["board"]
    t = time.perf_counter()
    first()
    cold = (time.perf_counter() - t) * 1000
    print(f"cold first render (5p board: fonts, CJK fallback, token stamps): {cold:6.1f} ms")
    warm_up()
    for players in (2, 5):
        for name, fn in cases(players).items():
            fn()  # fill the caches
            render = median_ms(fn, args.runs)
            both = median_ms(lambda fn=fn: to_png_bytes(fn()), args.runs)  # type: ignore[misc]
            img = fn()
            size = len(to_png_bytes(img))
            print(f"{players}p {name:<13} {img.size[0]}x{img.size[1]:<4}  render {render:5.1f} ms   "
                  f"render+PNG {both:5.1f} ms   PNG {size / 1024:5.1f} KB")


if __name__ == "__main__":
    main()
