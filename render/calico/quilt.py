"""One player's quilt board: patches, goal tiles, tokens, empty-space names, header and hand."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.components import GOAL_SPACES, board_borders
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import LABELS, PATCH_CELLS, SIZE, label, parse_label
from calico_bot.games.calico.engine.quilt import EMPTY
from calico_bot.games.calico.engine.scoring import score_goal
from render.calico import layout as L
from render.calico.stamps import (
    empty_stamp,
    goal_stamp,
    highlight_ring,
    number_badge,
    paste_center,
    pending_ring,
    pending_tile,
    plain_hex,
    tile_stamp,
)
from render.calico.tokens import button_stamp, cat_badge
from render.kit import palette as pal
from render.kit.card import new_card
from render.kit.fonts import draw_text, fit, text_width

CAT_OFFSET = (-15, 16)  # token positions relative to the cell center
BUTTON_OFFSET = (16, 17)
CAT_SIZE = 32
BUTTON_SIZE = 26


@cache
def board_background(board: str) -> Image.Image:
    """The card with the board's frame and its printed border patches (clipped by the board's edge)."""
    img = new_card(L.QUILT_W, L.QUILT_H)
    d = ImageDraw.Draw(img)
    frame = pal.BOARD_FRAME[board]
    d.rounded_rectangle(L.FRAME_BOX, radius=16, fill=frame, outline=pal.mix(frame, (0, 0, 0), 0.3), width=2)
    x0, y0, x1, y1 = L.BOARD_BOX
    surface = Image.new("RGB", (x1 - x0, y1 - y0), pal.BOARD_SURFACE[board])
    for (r, c), tile in board_borders()[board].items():
        cx, cy = L.cell_center(r * SIZE + c)
        paste_center(surface, tile_stamp(tile), cx - x0, cy - y0)
    mask = Image.new("L", surface.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, surface.width - 1, surface.height - 1), radius=6, fill=255)
    img.paste(surface, (x0, y0), mask)
    # the board's name, small, on the bottom of the frame
    draw_text(d, ((x0 + x1) / 2, y1 + L.FRAME / 2), f"{board.upper()} BOARD", 9,
              pal.mix(frame, (255, 255, 255), 0.6), bold=True, anchor="mm")
    return img


def _goal_stamp_for(state: GameState, seat: int, space: str) -> Image.Image:
    p = state.players[seat]
    if state.mode == "family":
        return goal_stamp(None, "hidden")
    if p.goals is None or space not in p.goals:  # not chosen (yet): a goal panel's preview may be partial
        return goal_stamp(None, "unchosen")
    goal_id = p.goals[space]
    result = score_goal(p.quilt, space, goal_id)
    if result.complete:
        return goal_stamp(goal_id, "scored", (result.color, result.pattern), result.points)
    return goal_stamp(goal_id, "open")


def draw_board(img: Image.Image, state: GameState, seat: int, *, highlight_last: bool = False,
               pending: tuple[int, int | None] | None = None) -> None:
    """Draw the interior cells, goals and tokens of ``seat``'s quilt onto a board background.

    ``pending`` is ``(cell, tile)``: a placement being chosen, drawn see-through with a dashed marker
    (``tile`` ``None``: only the space is marked).
    """
    quilt = state.players[seat].quilt
    cells = quilt.cells
    for cell in PATCH_CELLS:
        x, y = L.cell_center(cell)
        tile = cells[cell]
        paste_center(img, empty_stamp(label(cell)) if tile == EMPTY else tile_stamp(tile), x, y)
    for space in GOAL_SPACES:
        x, y = L.cell_center(LABELS[space])
        paste_center(img, _goal_stamp_for(state, seat, space), x, y)
    if highlight_last and quilt.order:
        x, y = L.cell_center(quilt.order[-1])
        paste_center(img, highlight_ring(), x, y)
    if pending is not None:
        x, y = L.cell_center(pending[0])
        if pending[1] is not None:
            paste_center(img, plain_hex(pal.EMPTY_FILL), x, y)  # the space's name would show through
            paste_center(img, pending_tile(pending[1]), x, y)
        paste_center(img, pending_ring(), x, y)
    rainbow_cell = None
    if quilt.rainbow is not None:
        rainbow_cell = next((b.cell for b in quilt.buttons if b.placement == quilt.rainbow), None)
    for b in quilt.buttons:
        x, y = L.cell_center(b.cell)
        stamp = button_stamp(b.color, BUTTON_SIZE, rainbow=b.cell == rainbow_cell)
        paste_center(img, stamp, x + BUTTON_OFFSET[0], y + BUTTON_OFFSET[1])
    for t in quilt.cat_tokens:
        x, y = L.cell_center(t.cell)
        paste_center(img, cat_badge(t.cat, CAT_SIZE), x + CAT_OFFSET[0], y + CAT_OFFSET[1])


def header(img: Image.Image, state: GameState, seat: int) -> None:
    """Name, board, placed patches, tokens and the running score above the board."""
    p = state.players[seat]
    d = ImageDraw.Draw(img)
    score = state.scores()[seat]
    x0 = L.PAD + 2
    # the score, right-aligned
    right = L.QUILT_W - L.PAD - 2
    draw_text(d, (right, 34), str(score.total), 34, pal.TEXT, bold=True, anchor="rs")
    draw_text(d, (right, 52), "points" if score.total != 1 else "point", 12, pal.TEXT_MUTED, anchor="rs")
    score_w = max(60.0, text_width(str(score.total), 34, bold=True))
    # the name and a summary line
    name = fit(p.name or "?", 24, L.QUILT_W - 2 * L.PAD - score_w - 10, bold=True)
    draw_text(d, (x0, 33), name, 24, pal.TEXT, bold=True, anchor="ls")
    frame = pal.BOARD_FRAME[p.board]
    d.rounded_rectangle((x0, 41, x0 + 12, 53), radius=3, fill=frame)
    parts = [f"{p.board} board", f"{p.quilt.placed}/22 patches"]
    if score.cat_count:
        parts.append(f"{score.cat_count} cat{'s' if score.cat_count != 1 else ''}")
    if score.buttons:
        parts.append(f"{len(score.buttons)} button{'s' if len(score.buttons) != 1 else ''}")
    if score.rainbow:
        parts.append("rainbow")
    if state.phase == "play" and state.current == seat:
        parts.append("to play")
    draw_text(d, (x0 + 18, 52), fit(" · ".join(parts), 13, L.QUILT_W - 2 * L.PAD - 110), 13, pal.TEXT_MUTED,
              anchor="ls")


def _hand(img: Image.Image, state: GameState, seat: int, picked: int | None = None) -> None:
    p = state.players[seat]
    d = ImageDraw.Draw(img)
    top = L.HAND_TOP
    d.rounded_rectangle((L.PAD, top, L.QUILT_W - L.PAD, top + L.HAND_PANEL_H), radius=14,
                        fill=pal.PANEL_BG, outline=pal.CARD_EDGE, width=1)
    draw_text(d, (L.PAD + 14, top + 12), "YOUR HAND", 13, pal.ACCENT, bold=True, anchor="la")
    if not p.hand:
        draw_text(d, (L.PAD + 14, top + 50), "no tiles in hand", 14, pal.TEXT_MUTED, anchor="la")
        return
    for i, tile in enumerate(p.hand):
        cx, cy = L.hand_tile_center(i)
        paste_center(img, tile_stamp(tile, L.HAND_TILE_W), cx, cy)
        if picked == i:
            paste_center(img, pending_ring(L.HAND_TILE_W), cx, cy)
        # the tile's number, as players type it
        bx, by = cx + L.HAND_TILE_W / 2 + 20, cy - 14
        paste_center(img, number_badge(i + 1, 30), bx, by)
        color, pattern = divmod(tile, 6)
        draw_text(d, (bx - 14, cy + 12), pal.COLOR_LABELS[color], 14, pal.TEXT, bold=True, anchor="ls")
        draw_text(d, (bx - 14, cy + 29), pal.PATTERN_LABELS[pattern], 14, pal.TEXT_MUTED, anchor="ls")


def render_quilt(state: GameState, seat: int, *, show_hand: bool = False, highlight_last: bool = False
                 ) -> Image.Image:
    """``seat``'s quilt as an RGB image (``QUILT_W`` x ``QUILT_H``, plus ``HAND_H`` with the hand).

    ``show_hand`` adds the player's hand (for ephemeral, private views only); ``highlight_last``
    rings the patch placed last (a dark outer and a light inner ring, seen on any color).
    ``render.calico.layout.cell_center`` gives each cell's pixel center.
    """
    return _quilt_image(state, seat, show_hand=show_hand, highlight_last=highlight_last)


def _quilt_image(state: GameState, seat: int, *, show_hand: bool, highlight_last: bool = False,
                 pending: tuple[int, int | None] | None = None, picked: int | None = None) -> Image.Image:
    bg = board_background(state.players[seat].board)
    if show_hand:
        img = new_card(L.QUILT_W, L.QUILT_H + L.HAND_H)
        img.paste(bg.crop((0, 0, L.QUILT_W, L.QUILT_H - 2)), (0, 0))
    else:
        img = bg.copy()
    draw_board(img, state, seat, highlight_last=highlight_last, pending=pending)
    header(img, state, seat)
    if show_hand:
        _hand(img, state, seat, picked)
    return img


def render_placement_preview(state: GameState, seat: int, tile: int | None, space: str | int | None, *,
                             show_hand: bool = True) -> Image.Image:
    """``seat``'s quilt with a placement being chosen: the picked hand tile (1-based, as players type it)
    drawn see-through on the picked space, both ringed with a dashed marker.

    Either may be ``None`` (nothing picked yet): a picked space alone is ringed; a picked tile alone
    is ringed in the hand. ``space`` is a label such as ``"C3"`` or a cell index. The image is the
    size of ``render_quilt(state, seat, show_hand=show_hand)`` and differs from it only there.
    Raises ``ValueError`` for a tile number not in the hand or a space that is not an empty patch space.
    """
    p = state.players[seat]
    picked: int | None = None
    if tile is not None:
        if not 1 <= tile <= len(p.hand):
            raise ValueError(f"tile {tile} is not in the hand (it holds {len(p.hand)})")
        picked = tile - 1
    cell: int | None = None
    if space is not None:
        cell = parse_label(space) if isinstance(space, str) else space
        if cell is None or cell not in PATCH_CELLS:
            raise ValueError(f"{space!r} is not a patch space (A1..E5, not a goal space)")
        if p.quilt.cells[cell] != EMPTY:
            raise ValueError(f"{label(cell)} already holds a patch")
    pending = None if cell is None else (cell, None if picked is None else p.hand[picked])
    return _quilt_image(state, seat, show_hand=show_hand, pending=pending, picked=picked)
