"""The research board post: the colour x number grid with every token, the players' table and the trick."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from calico_bot.games.cat_in_the_box.engine.components import COLOUR_INDEX, COLOURS
from calico_bot.games.cat_in_the_box.viewread import BLOCKED, EMPTY, RoundFacts, round_facts
from render.cat_in_the_box import style as st
from render.kit import palette as pal
from render.kit.card import heading, name_text, new_card, panel
from render.kit.fonts import draw_text, fit

WIDTH = 920
PAD = 18
TITLE_H = 72
LABEL_W = 100  # the row names left of the grid
MAX_CELL = 80
HEAD_H = 30  # the column numbers above the grid
ROW_H = 44  # one player in the players' table
TABLE_HEAD_H = 34
TRICK_W = 318
CARD_W, CARD_H = 54, 80

Cell = tuple[int, int]  # (row index, number)


def cell_size(top: int) -> int:
    return min(MAX_CELL, (WIDTH - 2 * PAD - LABEL_W - 24) // top)


def grid_size(top: int) -> tuple[int, int]:
    """Width and height of the board grid with its row and column labels."""
    cell = cell_size(top)
    return LABEL_W + cell * top, HEAD_H + cell * len(COLOURS)


def cell_center(top: int, row: int, number: int) -> tuple[int, int]:
    """Pixel centre of cell (row index, number) in a :func:`render_board` image of a ``top``-column board."""
    cell = cell_size(top)
    gw, _ = grid_size(top)
    gx = (WIDTH - gw) // 2 + LABEL_W
    return round(gx + (number - 0.5) * cell), round(TITLE_H + HEAD_H + (row + 0.5) * cell)


def normalise_cells(cells: Iterable[tuple[Any, int]] | None) -> set[Cell]:
    """Highlight cells given as ``(colour name or row index, number)``."""
    out: set[Cell] = set()
    for row, number in cells or ():
        r = COLOUR_INDEX[row] if isinstance(row, str) else int(row)
        out.add((r, int(number)))
    return out


def draw_grid(img: Image.Image, facts: RoundFacts, x0: float, y0: float, *, highlight: set[Cell] | None = None,
              lang: str = "en") -> None:
    """The board grid at (x0, y0): row names, column numbers, cells, blocked cells, tokens, highlights."""
    draw = ImageDraw.Draw(img)
    cell = cell_size(facts.top)
    gx, gy = x0 + LABEL_W, y0 + HEAD_H
    for n in range(1, facts.top + 1):
        draw_text(draw, (gx + (n - 0.5) * cell, y0 + HEAD_H / 2), str(n), 20, pal.TEXT, bold=True, anchor="mm")
    token = int(cell * 0.62)
    highlight = highlight or set()
    for r, colour in enumerate(COLOURS):
        ry = gy + r * cell
        draw.rounded_rectangle((x0, ry + 4, x0 + LABEL_W - 10, ry + cell - 4), radius=8, fill=st.COLOUR_RGB[colour])
        name = fit(st.label(lang, f"colour.{colour}"), 17, LABEL_W - 18, bold=True)
        draw_text(draw, (x0 + (LABEL_W - 10) / 2, ry + cell / 2), name, 17, st.COLOUR_INK[colour], bold=True,
                  anchor="mm")
        for n in range(1, facts.top + 1):
            cx0, cy0 = gx + (n - 1) * cell, ry
            box = (cx0 + 2, cy0 + 2, cx0 + cell - 2, cy0 + cell - 2)
            value = facts.board[r][n - 1]
            if value == BLOCKED:
                draw.rectangle(box, fill=st.BLOCKED_FILL, outline=st.BLOCKED_INK, width=2)
                m = cell * 0.24
                for a, b in (((cx0 + m, cy0 + m), (cx0 + cell - m, cy0 + cell - m)),
                             ((cx0 + m, cy0 + cell - m), (cx0 + cell - m, cy0 + m))):
                    draw.line((*a, *b), fill=pal.CARD_BG, width=5)
                continue
            draw.rectangle(box, fill=st.CELL_TINT[colour], outline=st.CELL_EDGE[colour], width=2)
            if (r, n) in highlight:
                draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1), outline=st.HIGHLIGHT_EDGE, width=2)
                draw.rectangle((box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3), outline=st.HIGHLIGHT, width=5)
            if value == EMPTY:
                draw_text(draw, (cx0 + cell / 2, cy0 + cell / 2), str(n), 17, st.CELL_INK[colour], anchor="mm")
            elif value >= 0:
                st.paste_token(img, value, cx0 + cell / 2, cy0 + cell / 2, token)


def _title(draw: ImageDraw.ImageDraw, facts: RoundFacts, view: dict[str, Any], lang: str) -> None:
    heading(draw, PAD, PAD - 8, st.label(lang, "game"), 15)
    title = st.label(lang, "round", round=facts.index + 1, rounds=facts.rounds)
    if facts.phase == "play" or (not facts.live and facts.plays):
        shown = min(facts.trick_number, facts.tricks)
        title += "  ·  " + st.label(lang, "trick", trick=shown, tricks=facts.tricks)
    draw_text(draw, (PAD, PAD + 18), fit(title, 26, WIDTH - 2 * PAD - 300, bold=True), 26, pal.TEXT, bold=True)
    state = _phase_label(facts, view, lang)
    draw_text(draw, (WIDTH - PAD, PAD + 34), fit(state, 19, 300, bold=True), 19, pal.ACCENT, bold=True, anchor="rm")


def _phase_label(facts: RoundFacts, view: dict[str, Any], lang: str) -> str:
    names = view["names"]
    if view["phase"] == "over" and not facts.live:
        return st.label(lang, "phase.over")
    if not facts.live:
        return st.label(lang, "phase.done")
    if facts.phase == "set_aside":
        return st.label(lang, "phase.set_aside", done=sum(facts.set_aside_done), total=facts.player_count)
    if facts.to_act is None:
        return ""
    return st.label(lang, f"phase.{facts.phase}", name=fit(names[facts.to_act] or "?", 19, 150, bold=True))


def _players_table(img: Image.Image, facts: RoundFacts, view: dict[str, Any], box: tuple[int, int, int, int],
                   lang: str) -> None:
    draw = ImageDraw.Draw(img)
    panel(draw, box)
    x0, y0, x1, _ = box
    cols = {"bid": x1 - 250, "tricks": x1 - 190, "lost": x1 - 128}
    draw_text(draw, (x0 + 14, y0 + 12), st.label(lang, "players").upper(), 14, pal.ACCENT, bold=True)
    if facts.bids is not None:
        draw_text(draw, (cols["bid"], y0 + 12), st.label(lang, "col.bid"), 14, pal.TEXT_MUTED, bold=True, anchor="ma")
    draw_text(draw, (cols["tricks"], y0 + 12), st.label(lang, "col.tricks"), 14, pal.TEXT_MUTED, bold=True,
              anchor="ma")
    draw_text(draw, (cols["lost"] + 58, y0 + 12), fit(st.label(lang, "col.lost"), 14, 124, bold=True), 14,
              pal.TEXT_MUTED, bold=True, anchor="ma")
    name_w = cols["bid"] - 40 - (x0 + 50) if facts.bids is not None else cols["tricks"] - 40 - (x0 + 50)
    for seat in range(facts.player_count):
        y = y0 + TABLE_HEAD_H + seat * ROW_H
        cy = y + ROW_H / 2
        if facts.live and seat == facts.to_act:
            draw.rounded_rectangle((x0 + 4, y + 2, x1 - 4, y + ROW_H - 2), radius=8,
                                   fill=pal.mix(pal.PANEL_BG, pal.GOLD, 0.35))
            draw_text(draw, (x0 + 12, cy), "▶", 16, pal.ACCENT, anchor="lm")
        st.paste_token(img, seat, x0 + 40, cy, 30)
        name_text(draw, (x0 + 62, cy - 8), view["names"][seat], 18, name_w - 16, anchor="lm")
        sub = []
        if seat == facts.start_player:
            sub.append(st.label(lang, "start"))
        if facts.live and facts.phase == "set_aside":
            sub.append("✓" if facts.set_aside_done[seat] else "…")
        if facts.live:
            sub.append(st.label(lang, "col.cards", count=facts.hand_sizes[seat]))
        if sub:
            draw_text(draw, (x0 + 62, cy + 11), fit(" · ".join(sub), 13, name_w - 16), 13, pal.TEXT_MUTED, anchor="lm")
        if facts.bids is not None:
            bid = facts.bids[seat]
            draw_text(draw, (cols["bid"], cy), "–" if bid is None else str(bid), 20, pal.TEXT, bold=True, anchor="mm")
        draw_text(draw, (cols["tricks"], cy), str(facts.tricks_won[seat]), 20, pal.TEXT, bold=True, anchor="mm")
        for i, colour in enumerate(COLOURS):
            lost = colour in facts.lost[seat]
            bx = cols["lost"] + i * 30
            st.colour_chip(draw, (bx, cy - 12, bx + 26, cy + 12), colour, lang, active=not lost, size=13)


def _trick_panel(img: Image.Image, facts: RoundFacts, view: dict[str, Any], box: tuple[int, int, int, int],
                 lang: str) -> None:
    draw = ImageDraw.Draw(img)
    panel(draw, box)
    x0, y0, x1, y1 = box
    names = view["names"]
    inner = x1 - x0 - 28
    cards = facts.trick
    title_key = "trick_now" if facts.live else "trick_unfinished"
    winner = None
    if not cards and facts.last_trick:
        cards, title_key, winner = facts.last_trick, "trick_last", facts.last_trick_winner
    draw_text(draw, (x0 + 14, y0 + 12), st.label(lang, title_key).upper(), 14, pal.ACCENT, bold=True)
    y = y0 + 40
    if cards:
        gap = min(8, (inner - len(cards) * CARD_W) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, (seat, card, colour) in enumerate(cards):
            cx = x0 + 14 + i * (CARD_W + gap)
            st.draw_card(draw, (cx, y, cx + CARD_W, y + CARD_H), card, colour=colour, lang=lang)
            st.paste_token(img, seat, cx + CARD_W / 2, y + CARD_H + 18, 26)
            if seat == winner:
                draw.rounded_rectangle((cx - 3, y - 3, cx + CARD_W + 3, y + CARD_H + 3), radius=9,
                                       outline=pal.ACCENT, width=3)
        y += CARD_H + 40
        leader = cards[0][0]
        line = st.label(lang, "led", name="{name}")
        _name_line(draw, (x0 + 14, y), line, names[leader], inner)
        y += 24
        if winner is not None:
            _name_line(draw, (x0 + 14, y), st.label(lang, "won_by", name="{name}"), names[winner], inner,
                       color=pal.ACCENT)
            y += 24
    else:
        draw_text(draw, (x0 + 14, y + 4), fit(st.label(lang, "trick_none"), 16, inner), 16, pal.TEXT_MUTED)
        y += 30
        if facts.live and facts.phase == "play" and facts.leader is not None:
            _name_line(draw, (x0 + 14, y), st.label(lang, "leads", name="{name}"), names[facts.leader], inner)
            y += 24
    if facts.paradox_player is not None:
        _paradox(img, draw, facts, names, (x0 + 14, y + 6, x1 - 14, y1 - 10), lang)


def _paradox(img: Image.Image, draw: ImageDraw.ImageDraw, facts: RoundFacts, names: list[str],
             box: tuple[float, float, float, float], lang: str) -> None:
    x0, y0, x1, _ = box
    seat = facts.paradox_player
    assert seat is not None
    st.paste_token(img, seat, x0 + 11, y0 + 11, 22)
    _name_line(draw, (x0 + 28, y0 + 1), st.label(lang, "paradox", name="{name}"), names[seat], x1 - x0 - 28,
               color=pal.BAD)
    hand = facts.paradox_hand or []
    w = min(34, (x1 - x0) / max(1, len(hand)) - 4)
    for i, card in enumerate(hand):
        bx = x0 + i * (w + 4)
        st.draw_card(draw, (bx, y0 + 28, bx + w, y0 + 28 + 44), card, number_size=18)
    draw_text(draw, (x0, y0 + 80), fit(st.label(lang, "paradox_hand") + " · " + st.label(lang, "paradox_unfinished"),
                                       13, x1 - x0), 13, pal.TEXT_MUTED)


def _name_line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], template: str, name: str, width: float, *,
               color: tuple[int, int, int] = pal.TEXT) -> None:
    """A one-line label holding a player's name: the name is shortened, never the rest."""
    rest = template.replace("{name}", "")
    from render.kit.fonts import text_width

    room = max(40.0, width - text_width(rest, 16, bold=True))
    text = template.replace("{name}", fit(name or "?", 16, room, bold=True))
    draw_text(draw, xy, text, 16, color, bold=True)


def board_height(facts: RoundFacts) -> int:
    _, gh = grid_size(facts.top)
    table_h = TABLE_HEAD_H + ROW_H * facts.player_count + 10
    lower = max(table_h, 40 + CARD_H + 40 + 52 + (110 if facts.paradox_player is not None else 0))
    extra = 30 if facts.revealed else 0
    return TITLE_H + gh + 20 + extra + 14 + lower + PAD


def render_board(view: dict[str, Any], *, highlight: Iterable[tuple[Any, int]] | None = None,
                 round_index: int | None = None, lang: str = "en") -> Image.Image:
    """The research board post (opaque RGB) drawn from ``view`` alone; see the package docstring."""
    facts = round_facts(view, round_index)
    if facts is None:
        raise ValueError("this view has no round to draw (no live round and no finished one)")
    height = board_height(facts)
    img = new_card(WIDTH, height)
    draw = ImageDraw.Draw(img)
    _title(draw, facts, view, lang)
    gw, gh = grid_size(facts.top)
    gx = (WIDTH - gw) // 2
    draw_grid(img, facts, gx, TITLE_H, highlight=normalise_cells(highlight), lang=lang)
    y = TITLE_H + gh + 12
    if facts.revealed:
        text = st.label(lang, "revealed", cards=" ".join(map(str, facts.revealed)))
        draw_text(draw, (gx + LABEL_W, y + 4), fit(text, 16, gw - LABEL_W), 16, pal.TEXT_MUTED)
        y += 30
    y += 8
    bottom = height - PAD
    _players_table(img, facts, view, (PAD, y, WIDTH - PAD - TRICK_W - 12, bottom), lang)
    _trick_panel(img, facts, view, (WIDTH - PAD - TRICK_W, y, WIDTH - PAD, bottom), lang)
    return img
