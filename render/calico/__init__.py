"""Pillow renderer for Calico games: quilts, the market, the cats, turn posts and score sheets.

Every function takes a :class:`calico_bot.games.calico.engine.game.GameState` and returns an opaque RGB
``PIL.Image.Image``; :func:`to_png_bytes` encodes one for upload (a palette PNG, typically
40-90 KB). Nothing here knows about Discord.

* ``render_quilt(state, seat, *, show_hand=False, highlight_last=False)``: one player's quilt;
  ``show_hand`` adds their hand (private, ephemeral views only).
* ``render_placement_preview(state, seat, tile, space, *, show_hand=True)``: the quilt with the
  picked hand tile (1-based) drawn see-through on the picked space (``"C3"``), both ringed with a
  dashed marker; either may be ``None``. For the turn panel, before the move is confirmed.
* ``render_market(state)``: the three market tiles, labelled 1-3.
* ``render_cat_legend(state)``: the game's three cats: points, requirement, patterns.
* ``render_turn_post(state, seat)``: what the bot posts after ``seat``'s turn: their quilt with the
  last patch ringed in black and white, a summary of the move, the market, the cats and the color key.
* ``render_scoresheet(state)``: the final score sheet with the winner(s) and any tie-break.
"""

from __future__ import annotations

from render.calico.layout import cell_center
from render.calico.legend import render_cat_legend
from render.calico.market import render_market
from render.calico.quilt import render_placement_preview, render_quilt
from render.calico.scoresheet import render_scoresheet
from render.calico.turn import render_turn_post
from render.kit.png import to_png_bytes


def warm_up() -> None:
    """Draw every cached stamp once (about 0.5 s), e.g. at bot start-up, so first renders are fast."""
    from calico_bot.games.calico.engine.components import BOARD_NAMES, CATS
    from calico_bot.games.calico.engine.geometry import LABELS
    from render.calico.quilt import BUTTON_SIZE, CAT_SIZE, board_background
    from render.calico.stamps import empty_stamp, tile_stamp
    from render.calico.tokens import button_stamp, cat_badge

    for board in BOARD_NAMES:
        board_background(board)
    for tile in range(36):
        tile_stamp(tile)
    for label in LABELS:
        empty_stamp(label)
    for cat in CATS:
        cat_badge(cat, CAT_SIZE)
    for color in range(6):
        button_stamp(color, BUTTON_SIZE)


__all__ = [
    "cell_center",
    "render_cat_legend",
    "render_market",
    "render_placement_preview",
    "render_quilt",
    "render_scoresheet",
    "render_turn_post",
    "to_png_bytes",
    "warm_up",
]
