"""Pillow images of Cat in the Box, each drawn from a view only.

Every function takes the dict of ``PLUGIN.view_for(state, seat)`` (``seat=None``: the spectator view,
for public posts), never the game state, so an image shows no more than that view may see. Each
returns an opaque RGB ``PIL.Image.Image``; :func:`to_png_bytes` encodes it for upload. ``lang`` is
``"en"`` or ``"zh"`` (labels; names are drawn as given, in any script, shortened to fit).

* ``render_board(view, *, highlight=None, round_index=None, lang="en")``: the research board (a
  colour x number grid for the player count) with every token in the seat's colour and mark, the
  blocked cells and revealed cards (2 players), a table per player (name, bid, tricks won, colours
  left, cards in hand, who starts, who acts) and the current trick (or the last completed one with
  its winner). ``highlight``: cells ``(colour or row index, number)`` drawn with a gold ring.
  ``round_index``: draw a finished round of ``view["history"]`` instead (0-based, negative from the
  end); after a round or the game it defaults to the last finished round. A paradox round shows
  the paradox player and the hand it revealed.
* ``render_hand(view, *, lang="en")``: a seat's private hand (needs a seat's view): the cards, under
  each the colours it may still be declared as (on its turn: exactly the legal ones), and hints
  (whose turn, the set-aside card, lost colours, "red cannot be led yet").
* ``render_round_scores(view, round_index=-1, *, lang="en", with_board=True)``: a finished round's
  score sheet (tricks, bid, bonus condition, largest group, paradox, round points, totals so far),
  with the round's final board where every largest group that scored is highlighted.
* ``render_final_scores(view, *, lang="en")``: every round's points, totals, the last round's points
  (the tie-break) and ranks, with the winner line.

Speed and size: ``python -m render.cat_in_the_box.bench``.
"""

from __future__ import annotations

from render.cat_in_the_box.board import render_board
from render.cat_in_the_box.hand import render_hand
from render.cat_in_the_box.scores import render_final_scores, render_round_scores
from render.cat_in_the_box.style import SEAT_MARKS, SEAT_RGB, token_stamp
from render.kit.png import to_png_bytes


def warm_up() -> None:
    """Draw every token stamp once (a few ms), e.g. at bot start-up."""
    for seat in range(len(SEAT_RGB)):
        for size in (22, 26, 28, 30, 49):
            token_stamp(seat, size)


__all__ = [
    "SEAT_MARKS",
    "SEAT_RGB",
    "render_board",
    "render_final_scores",
    "render_hand",
    "render_round_scores",
    "to_png_bytes",
    "warm_up",
]
