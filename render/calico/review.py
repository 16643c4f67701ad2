"""The coach's picture of one reviewed turn: the quilt before it, the player's move and the suggestion.

``review_images(game, review, lang)`` gives the PNG files of a review's costliest turns;
``render_review_turn(view, turn, *, name, caption, lang)`` draws from a player's view of the position
(:func:`calico_bot.games.calico.ai.view.build_view`, e.g. from ``coach.position_view``), never from the
full game state. Two markers that read without colour:

* the player's move: the dashed ring of the turn panel's preview, with a light badge ("Y", 你);
* the suggested move: a solid ring, with a dark badge ("B", 机).

Each is shown on the quilt (the tile see-through on its space), on the hand tile placed and on the
market slot taken. When both moves use the same space, the solid ring is drawn larger, around the
dashed one. Below: the hand and the market of that moment, a key and the caption (wrapped).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.coach.review import Move, Review, TurnReview, position_views
from calico_bot.games.calico.coach.text import worst_caption
from calico_bot.games.calico.engine.components import board_borders
from calico_bot.games.calico.engine.game import PHASE_PLAY, GameState, Player
from calico_bot.games.calico.engine.geometry import SIZE, parse_label
from calico_bot.games.calico.engine.quilt import EMPTY, Quilt
from render.calico import layout as L
from render.calico.quilt import board_background, draw_board, header
from render.calico.stamps import (
    highlight_ring,
    number_badge,
    paste_center,
    pending_ring,
    pending_tile,
    plain_hex,
    tile_stamp,
)
from render.kit import palette as pal
from render.kit.card import heading, new_card, panel
from render.kit.fonts import draw_text, text_width
from render.kit.pen import Pen

SMALL_TILE_W = 56
CHOICES_H = 128
KEY_H = 34
LINE_H = 19
CAPTION_SIZE = 14
MAX_CAPTION_LINES = 6
OUTER_RING_W = 86  # the suggestion's ring when both moves use the same space
WORDS = {
    "en": {"you": "Y", "bot": "B", "hand": "Hand", "market": "Market", "key_you": "your move",
           "key_bot": "the strong bot's move", "turn": "Turn {n}"},
    "zh": {"you": "你", "bot": "机", "hand": "手牌", "market": "市场", "key_you": "你的走法",
           "key_bot": "强力机器人的走法", "turn": "第 {n} 回合"},
}


def board_of(quilt: Quilt) -> str:
    """The board a quilt was laid on, read from its printed border patches (a view holds no board name)."""
    for name, cells in board_borders().items():
        if all(quilt.cells[r * SIZE + c] == tile for (r, c), tile in cells.items()):
            return name
    raise ValueError("this quilt's border matches no board")


def view_state(view: PlayerView, name: str = "", names: list[str] | None = None) -> GameState:
    """A game state holding only what ``view`` shows (no bag, no other hand): enough to draw quilts."""
    players: list[Player | None] = [None] * view.n_players
    players[view.seat] = Player(name or "?", board_of(view.quilt), view.quilt.copy(), list(view.hand),
                                None if view.goals is None else dict(view.goals))
    for o in view.others:
        players[o.seat] = Player(names[o.seat] if names else "", board_of(o.quilt), o.quilt.copy(), [],
                                 None if o.goals is None else dict(o.goals))
    state = GameState(mode=view.mode, lower_variance=False, solo_setup=None, scenario=view.scenario,
                      cats=[(n, tuple(p)) for n, p in view.cats], players=[p for p in players if p is not None],
                      bag=[], drawn=0, market=list(view.market), discards=list(view.discards),
                      current=view.current, phase=PHASE_PLAY, turns=view.turns, version=view.version)
    state.cat_of_pattern = dict(view.cat_of_pattern)
    return state


@cache
def letter_badge(letter: str, dark: bool, size: int = 26) -> Image.Image:
    """A round badge with one letter: dark on light for the player, light on dark for the bot."""
    fill, ink = (pal.TEXT, pal.TEXT_ON_DARK) if dark else (pal.TEXT_ON_DARK, pal.TEXT)
    pen = Pen(size, size, size / 2, pal.TEXT)
    pen.circle(0, 0, 1.0, fill=pal.TEXT)
    pen.circle(0, 0, 1.0 - 2.4 / (size / 2), fill=fill)
    pen.mask_circle(0, 0, 1.0)
    img = pen.finish()
    draw_text(ImageDraw.Draw(img), (size / 2, size / 2 + 0.5), letter, round(size * 0.58), ink, bold=True,
              anchor="mm")
    return img


def _mark(img: Image.Image, x: float, y: float, width: int, *, mine: bool, bot: bool, words: dict[str, str]) -> None:
    """Rings and badges on one tile or space centred at (x, y), ``width`` wide."""
    if mine and bot:
        paste_center(img, highlight_ring(round(width * OUTER_RING_W / 70)), x, y)
    elif bot:
        paste_center(img, highlight_ring(width), x, y)
    if mine:
        paste_center(img, pending_ring(width), x, y)
    b = round(width * 0.37)
    half = width / 2
    top = y - L.hex_height(width) / 2 + b * 0.35
    if mine:
        paste_center(img, letter_badge(words["you"], False, b), x - half + b * 0.2, top)
    if bot:
        paste_center(img, letter_badge(words["bot"], True, b), x + half - b * 0.2, top)


def _wrap(text: str, size: int, width: float) -> list[str]:
    """Lines of at most ``width`` pixels: between words, or between characters for Chinese."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        cjk = any(ord(ch) >= 0x2E80 for ch in paragraph)
        tokens = list(paragraph) if cjk else paragraph.split(" ")
        joiner = "" if cjk else " "
        line = ""
        for tok in tokens:
            trial = f"{line}{joiner}{tok}" if line else tok
            if text_width(trial, size) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = tok
        lines.append(line)
    return lines


def _strip(text: str) -> str:
    return text.replace("**", "")


def render_review_turn(view: PlayerView, turn: TurnReview, *, name: str = "", caption: str | None = None,
                       lang: str = "en") -> Image.Image:
    """The quilt of ``view`` (the position before ``turn``) with the player's move and the suggested move
    marked, the hand and market of that moment, a key and ``caption`` (Discord ``**`` marks are dropped).
    Raises ``ValueError`` when the turn does not fit the view."""
    words = WORDS["zh" if lang == "zh" else "en"]
    made, sug = turn.made, turn.suggested
    for move in (made, sug):
        _check(view, move)
    state = view_state(view, name)
    seat = view.seat
    width = L.QUILT_W
    text_w = width - 2 * L.PAD - 8
    lines = [words["turn"].format(n=turn.number)]
    if caption:
        lines = _wrap(_strip(caption), CAPTION_SIZE, text_w)[:MAX_CAPTION_LINES]
    height = L.QUILT_H + CHOICES_H + KEY_H + LINE_H * len(lines) + 14
    img = new_card(width, height)
    img.paste(board_background(board_of(view.quilt)).crop((0, 0, L.QUILT_W, L.QUILT_H - 2)), (0, 0))
    draw_board(img, state, seat)
    header(img, state, seat)

    # the two placements on the quilt
    cm, cs = parse_label(made.space), parse_label(sug.space)
    assert cm is not None and cs is not None
    for cell, tile in ((cs, sug.tile), (cm, made.tile)):  # the player's tile wins a shared space
        x, y = L.cell_center(cell)
        paste_center(img, plain_hex(pal.EMPTY_FILL), x, y)
        paste_center(img, pending_tile(tile), x, y)
    if cm == cs:
        _mark(img, *L.cell_center(cm), 70, mine=True, bot=True, words=words)
    else:
        _mark(img, *L.cell_center(cs), 70, mine=False, bot=True, words=words)
        _mark(img, *L.cell_center(cm), 70, mine=True, bot=False, words=words)

    # the hand and the market of that moment
    d = ImageDraw.Draw(img)
    y0 = L.QUILT_H - 4
    hand_w = 2 * SMALL_TILE_W + 70
    panel(d, (L.PAD, y0, L.PAD + hand_w, y0 + CHOICES_H - 8))
    panel(d, (L.PAD + hand_w + 10, y0, width - L.PAD, y0 + CHOICES_H - 8))
    heading(d, L.PAD + 12, y0 + 9, words["hand"], 13)
    heading(d, L.PAD + hand_w + 22, y0 + 9, words["market"], 13)
    cy = y0 + 30 + L.hex_height(SMALL_TILE_W) / 2 + 4
    for i, tile in enumerate(view.hand):
        cx = L.PAD + 30 + SMALL_TILE_W / 2 + i * (SMALL_TILE_W + 22)
        paste_center(img, tile_stamp(tile, SMALL_TILE_W), cx, cy)
        _mark(img, cx, cy, SMALL_TILE_W, mine=made.hand_index == i + 1, bot=sug.hand_index == i + 1, words=words)
        paste_center(img, number_badge(i + 1, 20), cx, cy + L.hex_height(SMALL_TILE_W) / 2 + 8)
    left = L.PAD + hand_w + 10
    slot_w = (width - L.PAD - left - 16) / 3
    for i, tile in enumerate(view.market):
        cx = left + 8 + slot_w * (i + 0.5)
        if tile is None:
            paste_center(img, plain_hex(pal.mix(pal.PANEL_BG, (0, 0, 0), 0.06), SMALL_TILE_W, outline=pal.CARD_EDGE),
                         cx, cy)
        else:
            paste_center(img, tile_stamp(tile, SMALL_TILE_W), cx, cy)
        _mark(img, cx, cy, SMALL_TILE_W, mine=made.take == i + 1, bot=sug.take == i + 1, words=words)
        paste_center(img, number_badge(i + 1, 20), cx, cy + L.hex_height(SMALL_TILE_W) / 2 + 8)

    # the key, then the caption
    y = y0 + CHOICES_H
    x = L.PAD + 4
    for mine, key in ((True, "key_you"), (False, "key_bot")):
        sample = pending_ring(26) if mine else highlight_ring(26)
        paste_center(img, sample, x + 13, y + 14)
        paste_center(img, letter_badge(words["you" if mine else "bot"], not mine, 20), x + 13, y + 14)
        x += 32
        x += draw_text(d, (x, y + 14), words[key], 13, pal.TEXT, anchor="lm") + 26
    y += KEY_H
    for i, line in enumerate(lines):
        draw_text(d, (L.PAD + 4, y + i * LINE_H), line, CAPTION_SIZE, pal.TEXT, bold=i == 0 and not caption,
                  anchor="la")
    return img


def _check(view: PlayerView, move: Move) -> None:
    cell = parse_label(move.space)
    if cell is None or view.quilt.cells[cell] != EMPTY:
        raise ValueError(f"{move.space} is not an empty space of this quilt")
    if not 1 <= move.hand_index <= len(view.hand) or view.hand[move.hand_index - 1] != move.tile:
        raise ValueError(f"hand tile {move.hand_index} does not match this position")
    if move.take is not None and not (1 <= move.take <= len(view.market) and view.market[move.take - 1] == move.took):
        raise ValueError(f"market slot {move.take} does not match this position")


def review_images(game: GameState | dict[str, Any], review: Review, lang: str = "en") -> list[tuple[str, bytes]]:
    """PNG files (name, bytes) of the review's costliest turns, costliest first, for upload.

    ``game`` is the reviewed game (its state or full record): it is replayed once for the views.
    """
    from render.kit.png import to_png_bytes

    views = position_views(game, review.seat)
    out = []
    for i in review.worst:
        turn = review.turns[i]
        img = render_review_turn(views[turn.number - 1], turn, name=review.name,
                                 caption=worst_caption(review, i, lang), lang=lang)
        out.append((f"review-turn-{turn.number}.png", to_png_bytes(img)))
    return out
