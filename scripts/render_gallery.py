"""Write the sample gallery to ``docs/gallery/``: ``python scripts/render_gallery.py``.

Plays a seeded three-player game to the end with the greedy sample player (through the rules
core) and renders what players see along the way: a mid-game quilt with the hand (the private
view) and the preview of a picked tile on a picked space, a turn post, the market, the cat legend
and the final score sheet; plus a solo score sheet and a family-variant quilt.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from render.calico import (  # noqa: E402
    render_cat_legend,
    render_market,
    render_placement_preview,
    render_quilt,
    render_scoresheet,
    render_turn_post,
    to_png_bytes,
)
from render.calico.samples import last_mover, play_game  # noqa: E402

OUT = ROOT / "docs" / "gallery"
PLAYERS = ["Ana", "Benoît 🐱", "小明"]
SEED = 2025


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    images = {}
    mid = play_game(PLAYERS, seed=SEED, turns=30, greedy=True)
    images["quilt_midgame_with_hand"] = render_quilt(mid, mid.current, show_hand=True)
    space = mid.empty_spaces(mid.current)[len(mid.empty_spaces(mid.current)) // 2]
    images["placement_preview"] = render_placement_preview(mid, mid.current, 1, space)
    images["turn_post"] = render_turn_post(mid, last_mover(mid))
    images["market"] = render_market(mid)
    images["cat_legend"] = render_cat_legend(mid)
    final = play_game(PLAYERS, seed=SEED, greedy=True)
    images["scoresheet"] = render_scoresheet(final)
    images["turn_post_final"] = render_turn_post(final, last_mover(final))
    solo = play_game(["Solène"], seed=7, mode="solo", scenario=1, greedy=True)
    images["scoresheet_solo_scenario"] = render_scoresheet(solo)
    family = play_game(["Dana", "Eli"], seed=8, mode="family", turns=25, greedy=True)
    images["quilt_family"] = render_quilt(family, 0)
    for name, img in images.items():
        path = OUT / f"{name}.png"
        path.write_bytes(to_png_bytes(img))
        print(f"wrote {path.relative_to(ROOT)} {img.width}x{img.height} ({path.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
