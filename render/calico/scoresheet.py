"""The final score sheet: every player's goals, cats, buttons, rainbow and total side by side."""

from __future__ import annotations

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.components import CATS, GOAL_SPACES
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.scenarios import ScenarioResult, evaluate_scenario
from calico_bot.games.calico.engine.scoring import GoalResult, PlayerScore
from render.calico import layout as L
from render.calico.quilt import render_quilt
from render.calico.stamps import draw_check, goal_lines
from render.calico.tokens import button_stamp, cat_badge, rainbow_badge
from render.kit import palette as pal
from render.kit.card import heading, name_text, new_card
from render.kit.fonts import draw_text, fit, text_width

LABEL_W = 118
COL_W = 206  # narrowest player column of the table
MAX_COL_W = 300  # widest; a table narrower than the sheet is centered
PAD = 18
ROW_H = 30
TITLE_H = 56
HEAD_H = 50  # a column's head: name, board
FOOTER_H = 58
# Every quilt is drawn at full size, as in the turn post (hexes and goal tiles 70 px wide), two a row.
BOARD_W = L.FRAME_BOX[2] - L.FRAME_BOX[0] + 1
BOARD_H = L.FRAME_BOX[3] - L.FRAME_BOX[1] + 1
QUILT_GAP = 16
QUILT_CAPTION_H = 34
QUILTS_PER_ROW = 2

OBJECTIVE_TEXT = {
    "goals_both": "goals met by both",
    "goals_ok": "goals met",
    "rainbow": "rainbow button",
    "total_cats": "cat tokens",
    "one_of_each_cat": "one of each cat",
    "buttons_one_color": "buttons of one color",
    "tokens_one_cat": "tokens of one cat",
    "score": "points",
}


def quilt_board(state: GameState, seat: int) -> Image.Image:
    """``seat``'s board at full size (``BOARD_W`` x ``BOARD_H``): the quilt image without its header."""
    return render_quilt(state, seat).crop((L.FRAME_BOX[0], L.FRAME_BOX[1], L.FRAME_BOX[2] + 1, L.FRAME_BOX[3] + 1))


def sheet_width(players: int) -> int:
    """The score sheet's width: the quilts' row (two boards, or one for a solo game)."""
    per_row = min(players, QUILTS_PER_ROW)
    return 2 * PAD + per_row * BOARD_W + (per_row - 1) * QUILT_GAP


def quilt_origins(players: int, top: int) -> list[tuple[int, int]]:
    """Top-left corner of each player's board in the sheet, the quilts' section starting at ``top``."""
    per_row = min(players, QUILTS_PER_ROW)
    row_w = per_row * BOARD_W + (per_row - 1) * QUILT_GAP
    x0 = (sheet_width(players) - row_w) // 2
    step_y = QUILT_CAPTION_H + BOARD_H + QUILT_GAP
    return [(x0 + (i % per_row) * (BOARD_W + QUILT_GAP), top + QUILT_CAPTION_H + (i // per_row) * step_y)
            for i in range(players)]


def _body_height(state: GameState) -> int:
    """The table's rows: headings, goal rows, cat rows, buttons, rainbow, the total and spacing."""
    goal_rows = 0 if state.mode == "family" else 1 + len(GOAL_SPACES)
    return (goal_rows + 1 + len(state.cats) + 2 + 1) * ROW_H + 24


def _quilts_top(state: GameState, scenario: ScenarioResult | None) -> int:
    obj_h = 0 if scenario is None else 26 + 22 * len(scenario.objectives)
    return TITLE_H + HEAD_H + _body_height(state) + obj_h + FOOTER_H


def quilt_positions(state: GameState) -> list[tuple[int, int]]:
    """Where ``render_scoresheet(state)`` puts each player's full-size board (top-left, in px)."""
    scenario = None
    if state.mode == "solo" and state.scenario is not None:
        scenario = evaluate_scenario(state.scenario, state.scores()[0], [name for name, _ in state.cats])
    return quilt_origins(len(state.players), _quilts_top(state, scenario) + 28)


def quilts_height(players: int) -> int:
    rows = -(-players // QUILTS_PER_ROW)
    return 28 + rows * (QUILT_CAPTION_H + BOARD_H + QUILT_GAP)


def _crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    pts = [(cx - s, cy + s * 0.55), (cx - s, cy - s * 0.35), (cx - s * 0.5, cy + s * 0.05), (cx, cy - s * 0.6),
           (cx + s * 0.5, cy + s * 0.05), (cx + s, cy - s * 0.35), (cx + s, cy + s * 0.55)]
    draw.polygon(pts, fill=pal.GOLD, outline=pal.mix(pal.GOLD, (0, 0, 0), 0.4))
    for x, y in ((cx - s, cy - s * 0.35), (cx, cy - s * 0.6), (cx + s, cy - s * 0.35)):
        draw.ellipse((x - 2.5, y - 2.5, x + 2.5, y + 2.5), fill=pal.GOLD, outline=pal.mix(pal.GOLD, (0, 0, 0), 0.4))


def _goal_cell(d: ImageDraw.ImageDraw, x: float, y: float, g: GoalResult, col_w: int) -> None:
    notation = " ".join(goal_lines(g.goal)) if g.goal == "ALL_DIFFERENT" else g.goal
    draw_text(d, (x + 10, y), fit(notation, 12, 84, bold=True), 12, pal.GOAL_TEXT, bold=True, anchor="lm")
    for i, (letter, ok) in enumerate((("C", g.color), ("P", g.pattern))):
        lx = x + 102 + i * 36
        draw_text(d, (lx, y), letter, 12, pal.TEXT_MUTED, bold=True, anchor="lm")
        draw_check(d, lx + 18, y, 12, ok if g.complete else False)
    draw_text(d, (x + col_w - 10, y), str(g.points), 15, pal.TEXT, bold=True, anchor="rm")


def _row_label(d: ImageDraw.ImageDraw, x: float, y: float, text: str, sub: str | None = None) -> None:
    if sub:
        draw_text(d, (x + 4, y - 1), text, 13, pal.TEXT, bold=True, anchor="ls")
        draw_text(d, (x + 4, y + 12), sub, 11, pal.TEXT_MUTED, anchor="ls")
    else:
        draw_text(d, (x + 4, y), text, 13, pal.TEXT, bold=True, anchor="lm")


def winner_text(state: GameState, scores: list[PlayerScore]) -> str:
    winners = state.winners()
    names = [scores[i].name for i in winners]
    top = max(s.total for s in scores)
    how = state.tie_break()
    if len(scores) == 1:
        return f"Final score: {top} points"
    if len(names) > 1:
        return f"{' and '.join(names)} share the victory with {top} points"
    if how == "cats":
        return f"{names[0]} wins the tie on {top} points with the most cats"
    if how == "buttons":
        return f"{names[0]} wins the tie on {top} points with the most buttons"
    return f"{names[0]} wins with {top} points"


def render_scoresheet(state: GameState) -> Image.Image:
    """The score sheet of the game as it stands (normally called once ``state.phase == "over"``).

    A table of every score (goals, cats, buttons, rainbow, total) above every player's quilt, drawn
    at full size like the turn post so the design goals can be read (``quilt_origins`` gives where).
    """
    scores = state.scores()
    n = len(scores)
    family = state.mode == "family"
    winners = set(state.winners()) if state.phase == "over" else set()
    cat_names = [name for name, _ in state.cats]
    scenario = None
    if state.mode == "solo" and state.scenario is not None:
        scenario = evaluate_scenario(state.scenario, scores[0], cat_names)

    width = sheet_width(n)
    col_w = max(COL_W, min(MAX_COL_W, (width - 2 * PAD - LABEL_W) // n))
    table_w = LABEL_W + n * col_w
    width = max(width, table_w + 2 * PAD)
    left = (width - table_w) // 2  # the table's left edge
    body_h = _body_height(state)
    quilts_top = _quilts_top(state, scenario)
    height = quilts_top + quilts_height(n)
    img = new_card(width, height)
    d = ImageDraw.Draw(img)

    # title
    draw_text(d, (PAD, 36), "Final scores" if state.phase == "over" else "Scores so far", 26, pal.TEXT, bold=True,
              anchor="ls")
    mode = {"standard": "standard game", "beginner": "beginner game", "family": "family variant",
            "solo": "solo game"}.get(state.mode, state.mode)
    if state.scenario is not None:
        mode += f" · scenario {state.scenario}"
    draw_text(d, (width - PAD, 36), mode, 13, pal.TEXT_MUTED, anchor="rs")

    # columns: winner tint, name and board
    top = TITLE_H
    for i in range(n):
        x = left + LABEL_W + i * col_w
        fill = (255, 240, 196) if i in winners and n > 1 else pal.PANEL_BG
        d.rounded_rectangle((x + 4, top, x + col_w - 4, top + HEAD_H + body_h - 8), radius=14, fill=fill,
                            outline=pal.mix(fill, (0, 0, 0), 0.12))
        _column_head(d, x, top, col_w, state, i, crown=i in winners and n > 1)
    y = top + HEAD_H

    def section(title: str) -> None:
        nonlocal y
        heading(d, left + 4, y + 9, title, 12)
        y += ROW_H

    if not family:
        section("Design goals")
        for space in GOAL_SPACES:
            cy = y + ROW_H / 2
            _row_label(d, left, cy, space)
            for i, s in enumerate(scores):
                g = next((g for g in s.goals if g.space == space), None)
                if g is not None:
                    _goal_cell(d, left + LABEL_W + i * col_w, cy, g, col_w)
            y += ROW_H
    section("Cats & buttons")
    for name in cat_names:
        cy = y + ROW_H / 2
        badge = cat_badge(name, 24)
        img.paste(badge, (left + 2, round(cy - 12)), badge)
        draw_text(d, (left + 32, cy - 1), name, 13, pal.TEXT, bold=True, anchor="ls")
        draw_text(d, (left + 32, cy + 11), f"{CATS[name].points} pts each", 11, pal.TEXT_MUTED, anchor="ls")
        for i, s in enumerate(scores):
            x = left + LABEL_W + i * col_w
            count = sum(1 for t in s.cat_tokens if t.cat == name)
            for k in range(min(count, 6)):
                img.paste(badge, (round(x + 8 + k * 20), round(cy - 12)), badge)
            if count == 0:
                draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
            draw_text(d, (x + col_w - 10, cy), str(count * CATS[name].points), 15, pal.TEXT, bold=True, anchor="rm")
        y += ROW_H
    cy = y + ROW_H / 2
    _row_label(d, left, cy, "Buttons", None)
    for i, s in enumerate(scores):
        x = left + LABEL_W + i * col_w
        for k, b in enumerate(s.buttons[:8]):
            stamp = button_stamp(b.color, 20)
            img.paste(stamp, (round(x + 8 + k * 18), round(cy - 10)), stamp)
        if not s.buttons:
            draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
        draw_text(d, (x + col_w - 10, cy), str(3 * len(s.buttons)), 15, pal.TEXT, bold=True, anchor="rm")
    y += ROW_H
    cy = y + ROW_H / 2
    _row_label(d, left, cy, "Rainbow", None)
    rb = rainbow_badge(22)
    for i, s in enumerate(scores):
        x = left + LABEL_W + i * col_w
        if s.rainbow:
            img.paste(rb, (x + 10, round(cy - 11)), rb)
        else:
            draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
        draw_text(d, (x + col_w - 10, cy), "3" if s.rainbow else "0", 15, pal.TEXT, bold=True, anchor="rm")
    y += ROW_H + 6

    # totals
    d.line((left, y, left + table_w, y), fill=pal.CARD_EDGE, width=2)
    cy = y + ROW_H / 2 + 6
    _row_label(d, left, cy - 4, "Total", "cats · buttons")
    tie = state.tie_break() is not None
    for i, s in enumerate(scores):
        x = left + LABEL_W + i * col_w
        color = pal.ACCENT if i in winners and n > 1 else pal.TEXT
        draw_text(d, (x + col_w - 10, cy + 2), str(s.total), 26, color, bold=True, anchor="rm")
        tb_color = pal.TEXT if tie else pal.TEXT_MUTED
        counts = f"{_plural(s.cat_count, 'cat')} · {_plural(s.button_count, 'button')}"
        draw_text(d, (x + 12, cy + 2), counts, 11, tb_color, anchor="lm")
    y += ROW_H + 18

    if scenario is not None:
        heading(d, left + 4, y, f"Scenario {scenario.scenario.number}", 12)
        y += 24
        for o in scenario.objectives:
            label = OBJECTIVE_TEXT.get(o.key, o.key)
            draw_check(d, left + 12, y + 8, 12, o.met)
            draw_text(d, (left + 26, y + 8), f"{label}: {o.achieved} / {o.target}", 13, pal.TEXT, anchor="lm")
            y += 22

    # the winner and how a tie was broken
    fy = quilts_top - FOOTER_H / 2 - 4
    if state.phase == "over":
        if scenario is not None:
            text = f"Scenario {'passed' if scenario.passed else 'failed'} with {scores[0].total} points"
        else:
            text = winner_text(state, scores)
        draw_text(d, (width / 2, fy), fit(text, 18, width - 2 * PAD), 18, pal.ACCENT, bold=True, anchor="mm")
        how = state.tie_break()
        note = {"cats": "Tie broken by the most cat tokens.", "buttons": "Tie broken by the most buttons.",
                "shared": "Tied on points, cats and buttons: the victory is shared."}.get(how or "")
        if note:
            draw_text(d, (width / 2, fy + 20), note, 12, pal.TEXT_MUTED, anchor="mm")

    # the quilts, full size
    d.line((PAD, quilts_top, width - PAD, quilts_top), fill=pal.CARD_EDGE, width=2)
    heading(d, PAD + 4, quilts_top + 12, "Quilts", 12)
    for i, (qx, qy) in enumerate(quilt_origins(n, quilts_top + 28)):
        crown = i in winners and n > 1
        cap_y = qy - 10
        if crown:
            _crown(d, qx + 12, cap_y - 7, 10)
        total = f"{scores[i].total} point{'s' if scores[i].total != 1 else ''}"
        draw_text(d, (qx + BOARD_W - 4, cap_y), total, 17, pal.ACCENT if crown else pal.TEXT, bold=True, anchor="rs")
        name_w = BOARD_W - 40 - text_width(total, 17, bold=True) - (28 if crown else 0)
        name_text(d, (qx + (30 if crown else 4), cap_y), scores[i].name, 17, name_w, anchor="ls")
        img.paste(quilt_board(state, i), (qx, qy))
    return img


def _column_head(d: ImageDraw.ImageDraw, x: float, top: float, col_w: int, state: GameState, seat: int, *,
                 crown: bool) -> None:
    """A player's column head: crown for a winner, name, and a chip of their board's color."""
    p = state.players[seat]
    name_y = top + 26
    if crown:
        _crown(d, x + 22, name_y - 6, 10)
    name_text(d, (x + (38 if crown else 14), name_y), p.name or "?", 17, col_w - (52 if crown else 28), anchor="ls")
    d.rounded_rectangle((x + 14, top + 33, x + 24, top + 43), radius=3, fill=pal.BOARD_FRAME[p.board])
    draw_text(d, (x + 30, top + 42), f"{p.board} board", 11, pal.TEXT_MUTED, anchor="ls")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
