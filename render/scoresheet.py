"""The final score sheet: every player's goals, cats, buttons, rainbow and total side by side."""

from __future__ import annotations

from PIL import Image, ImageDraw

from calico_bot.calico.components import CATS, GOAL_SPACES
from calico_bot.calico.game import GameState
from calico_bot.calico.scenarios import evaluate_scenario
from calico_bot.calico.scoring import GoalResult, PlayerScore

from . import layout as L
from . import palette as pal
from .card import heading, name_text, new_card
from .fonts import draw_text, fit
from .quilt import render_quilt
from .stamps import draw_check, goal_lines
from .tokens import button_stamp, cat_badge, rainbow_badge

LABEL_W = 118
COL_W = 206
PAD = 18
SOLO_COL_W = 300
ROW_H = 30
TITLE_H = 56
FOOTER_H = 58

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


def _thumbnail(state: GameState, seat: int, width: int) -> Image.Image:
    q = render_quilt(state, seat)
    board = q.crop((L.FRAME_BOX[0], L.FRAME_BOX[1], L.FRAME_BOX[2] + 1, L.FRAME_BOX[3] + 1))
    h = round(board.height * width / board.width)
    return board.resize((width, h), Image.Resampling.LANCZOS)


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


def _row_label(d: ImageDraw.ImageDraw, y: float, text: str, sub: str | None = None) -> None:
    if sub:
        draw_text(d, (PAD + 4, y - 1), text, 13, pal.TEXT, bold=True, anchor="ls")
        draw_text(d, (PAD + 4, y + 12), sub, 11, pal.TEXT_MUTED, anchor="ls")
    else:
        draw_text(d, (PAD + 4, y), text, 13, pal.TEXT, bold=True, anchor="lm")


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
    """The score sheet of the game as it stands (normally called once ``state.phase == "over"``)."""
    scores = state.scores()
    n = len(scores)
    family = state.mode == "family"
    winners = set(state.winners()) if state.phase == "over" else set()
    cat_names = [name for name, _ in state.cats]
    scenario = None
    if state.mode == "solo" and state.scenario is not None:
        scenario = evaluate_scenario(state.scenario, scores[0], cat_names)

    col_w = COL_W if n > 1 else SOLO_COL_W
    thumbs = [_thumbnail(state, i, col_w - 16) for i in range(n)]
    thumb_h = max(t.height for t in thumbs)
    head_h = thumb_h + 44
    rows: list[str] = [] if family else [f"goal:{s}" for s in GOAL_SPACES]
    rows += [f"cat:{c}" for c in cat_names] + ["buttons", "rainbow"]
    sections = 1 if family else 2
    body_h = (sections + len(rows) + 1) * ROW_H + 24  # headings, rows, the total row and spacing
    obj_h = 0 if scenario is None else 26 + 22 * len(scenario.objectives)
    width = PAD * 2 + LABEL_W + n * col_w
    height = TITLE_H + head_h + body_h + obj_h + FOOTER_H
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

    # columns: winner tint, thumbnail, name
    top = TITLE_H
    for i in range(n):
        x = PAD + LABEL_W + i * col_w
        fill = (255, 240, 196) if i in winners and n > 1 else pal.PANEL_BG
        d.rounded_rectangle((x + 4, top, x + col_w - 4, top + head_h + body_h - 8), radius=14, fill=fill,
                            outline=pal.mix(fill, (0, 0, 0), 0.12))
        img.paste(thumbs[i], (x + 8, top + 8))
        name_y = top + 8 + thumb_h + 22
        crown = i in winners and n > 1
        if crown:
            _crown(d, x + 22, name_y - 6, 10)
        name_text(d, (x + (38 if crown else 14), name_y), scores[i].name, 17, col_w - (52 if crown else 28),
                  anchor="ls")
    y = top + head_h

    def section(title: str) -> None:
        nonlocal y
        heading(d, PAD + 4, y + 9, title, 12)
        y += ROW_H

    if not family:
        section("Design goals")
        for space in GOAL_SPACES:
            cy = y + ROW_H / 2
            _row_label(d, cy, space)
            for i, s in enumerate(scores):
                g = next((g for g in s.goals if g.space == space), None)
                if g is not None:
                    _goal_cell(d, PAD + LABEL_W + i * col_w, cy, g, col_w)
            y += ROW_H
    section("Cats & buttons")
    for name in cat_names:
        cy = y + ROW_H / 2
        badge = cat_badge(name, 24)
        img.paste(badge, (PAD + 2, round(cy - 12)), badge)
        draw_text(d, (PAD + 32, cy - 1), name, 13, pal.TEXT, bold=True, anchor="ls")
        draw_text(d, (PAD + 32, cy + 11), f"{CATS[name].points} pts each", 11, pal.TEXT_MUTED, anchor="ls")
        for i, s in enumerate(scores):
            x = PAD + LABEL_W + i * col_w
            count = sum(1 for t in s.cat_tokens if t.cat == name)
            for k in range(min(count, 6)):
                img.paste(badge, (round(x + 8 + k * 20), round(cy - 12)), badge)
            if count == 0:
                draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
            draw_text(d, (x + col_w - 10, cy), str(count * CATS[name].points), 15, pal.TEXT, bold=True, anchor="rm")
        y += ROW_H
    cy = y + ROW_H / 2
    _row_label(d, cy, "Buttons", None)
    for i, s in enumerate(scores):
        x = PAD + LABEL_W + i * col_w
        for k, b in enumerate(s.buttons[:8]):
            stamp = button_stamp(b.color, 20)
            img.paste(stamp, (round(x + 8 + k * 18), round(cy - 10)), stamp)
        if not s.buttons:
            draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
        draw_text(d, (x + col_w - 10, cy), str(3 * len(s.buttons)), 15, pal.TEXT, bold=True, anchor="rm")
    y += ROW_H
    cy = y + ROW_H / 2
    _row_label(d, cy, "Rainbow", None)
    rb = rainbow_badge(22)
    for i, s in enumerate(scores):
        x = PAD + LABEL_W + i * col_w
        if s.rainbow:
            img.paste(rb, (x + 10, round(cy - 11)), rb)
        else:
            draw_text(d, (x + 12, cy), "–", 13, pal.TEXT_MUTED, anchor="lm")
        draw_text(d, (x + col_w - 10, cy), "3" if s.rainbow else "0", 15, pal.TEXT, bold=True, anchor="rm")
    y += ROW_H + 6

    # totals
    d.line((PAD, y, width - PAD, y), fill=pal.CARD_EDGE, width=2)
    cy = y + ROW_H / 2 + 6
    _row_label(d, cy - 4, "Total", "cats · buttons")
    tie = state.tie_break() is not None
    for i, s in enumerate(scores):
        x = PAD + LABEL_W + i * col_w
        color = pal.ACCENT if i in winners and n > 1 else pal.TEXT
        draw_text(d, (x + col_w - 10, cy + 2), str(s.total), 26, color, bold=True, anchor="rm")
        tb_color = pal.TEXT if tie else pal.TEXT_MUTED
        counts = f"{_plural(s.cat_count, 'cat')} · {_plural(s.button_count, 'button')}"
        draw_text(d, (x + 12, cy + 2), counts, 11, tb_color, anchor="lm")
    y += ROW_H + 18

    if scenario is not None:
        heading(d, PAD + 4, y, f"Scenario {scenario.scenario.number}", 12)
        y += 24
        for o in scenario.objectives:
            label = OBJECTIVE_TEXT.get(o.key, o.key)
            draw_check(d, PAD + 12, y + 8, 12, o.met)
            draw_text(d, (PAD + 26, y + 8), f"{label}: {o.achieved} / {o.target}", 13, pal.TEXT, anchor="lm")
            y += 22

    # footer: the winner and how a tie was broken
    fy = height - FOOTER_H / 2 - 4
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
    return img


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
