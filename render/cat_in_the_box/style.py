"""Colours, player marks, labels and small drawn pieces (tokens, cards, colour chips) of the Cat in the Box images.

Row colours (blue, yellow, green, red) are spread in lightness so the rows stay apart in grayscale and
under the common colour-vision deficiencies; every row and card colour is also written out (name or
initial). Each seat has a token colour *and* its own mark (ring, square, triangle, diamond, cross), so
the tokens can be told apart without colour vision (``tests/render/cat_in_the_box`` checks both).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.kit import palette as pal
from render.kit.fonts import draw_text, fit
from render.kit.pen import Pen

RGB = tuple[int, int, int]

COLOUR_RGB: dict[str, RGB] = {
    "blue": (36, 72, 156),  # L* ~ 33
    "yellow": (244, 202, 60),  # L* ~ 83
    "green": (40, 112, 58),  # L* ~ 42
    "red": (238, 106, 84),  # L* ~ 61
}
COLOUR_INK: dict[str, RGB] = {c: pal.text_on(rgb) for c, rgb in COLOUR_RGB.items()}
CELL_TINT: dict[str, RGB] = {c: pal.mix(rgb, pal.CARD_BG, 0.74) for c, rgb in COLOUR_RGB.items()}
CELL_EDGE: dict[str, RGB] = {c: pal.mix(rgb, pal.CARD_BG, 0.35) for c, rgb in COLOUR_RGB.items()}
CELL_INK: dict[str, RGB] = {c: pal.mix(rgb, pal.TEXT, 0.45) for c, rgb in COLOUR_RGB.items()}  # empty cells' numbers

# Per seat: token fill and mark. The fills are far apart in L* (16, 98, 45, 65, 76); the marks differ in shape.
SEAT_RGB: tuple[RGB, ...] = (
    (40, 40, 50),  # charcoal
    (250, 250, 246),  # white
    (140, 76, 190),  # purple
    (236, 132, 36),  # orange
    (104, 200, 232),  # sky
)
SEAT_MARKS: tuple[str, ...] = ("ring", "square", "triangle", "diamond", "cross")
TOKEN_EDGE: RGB = (24, 20, 18)
BLOCKED_FILL: RGB = (150, 140, 128)
BLOCKED_INK: RGB = (96, 88, 80)
HIGHLIGHT: RGB = pal.GOLD
HIGHLIGHT_EDGE: RGB = (120, 70, 10)

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "game": "Cat in the Box",
        "round": "Round {round} of {rounds}",
        "trick": "Trick {trick} of {tricks}",
        "phase.set_aside": "Setting aside: {done} of {total} chosen",
        "phase.bid": "{name} to bid",
        "phase.play": "{name} to play",
        "phase.done": "Round over",
        "phase.over": "Game over",
        "colour.blue": "Blue",
        "colour.yellow": "Yellow",
        "colour.green": "Green",
        "colour.red": "Red",
        "initial.blue": "B",
        "initial.yellow": "Y",
        "initial.green": "G",
        "initial.red": "R",
        "players": "Players",
        "col.bid": "Bid",
        "col.tricks": "Tricks",
        "col.lost": "Colours left",
        "col.cards": "{count} cards",
        "no_bids": "no bids (2 players)",
        "start": "starts",
        "trick_now": "Current trick",
        "trick_last": "Last trick",
        "trick_unfinished": "Unfinished trick",
        "trick_none": "No card played yet",
        "leads": "{name} leads",
        "led": "led by {name}",
        "won_by": "won by {name}",
        "next_lead": "{name} leads next",
        "revealed": "Revealed: {cards}  (blocked cells crossed)",
        "paradox": "Paradox: {name}",
        "paradox_hand": "hand shown",
        "paradox_unfinished": "the unfinished trick goes to nobody",
        "hand_title": "Your hand",
        "hand_empty": "No cards in hand",
        "set_aside_mark": "set aside",
        "set_aside_card": "Set aside this round: {card}",
        "set_aside_prompt": "Choose a card to set aside",
        "lost_hint": "Lost this round: {colours}",
        "red_hint": "Red cannot be led yet",
        "your_lead": "Your turn: you lead",
        "your_follow": "Your turn: {colour} was led",
        "your_bid": "Your turn to bid",
        "chips_hint": "Chips: colours each card can still be declared as",
        "scores_round": "Round {round} of {rounds}: scores",
        "scores_final": "Final scores",
        "row.tricks": "Tricks won",
        "row.bid": "Bid",
        "row.bid_met": "Bonus condition",
        "row.group": "Largest group",
        "row.paradox": "Paradox",
        "row.points": "Round points",
        "row.total": "Total",
        "row.round": "Round {round}",
        "row.last": "Last round",
        "row.rank": "Rank",
        "met_2p": "4 tricks or fewer",
        "group_scored": "Highlighted: the largest groups that scored",
        "group_none": "No group scored this round",
        "winner": "{name} wins with {total} points",
        "winners_shared": "{names} share the victory with {total} points",
        "tie_break": "Tied on {total}: the last round's points decide",
        "not_over": "Totals so far",
        "marks_key": "✓ bonus scored · ! paradox",
    },
    "zh": {
        "game": "盒中猫",
        "round": "第 {round} 轮（共 {rounds} 轮）",
        "trick": "第 {trick} 墩（共 {tricks} 墩）",
        "phase.set_aside": "暗置中：{done}/{total} 人已选",
        "phase.bid": "等待 {name} 预测",
        "phase.play": "等待 {name} 出牌",
        "phase.done": "本轮结束",
        "phase.over": "对局结束",
        "colour.blue": "蓝",
        "colour.yellow": "黄",
        "colour.green": "绿",
        "colour.red": "红",
        "initial.blue": "蓝",
        "initial.yellow": "黄",
        "initial.green": "绿",
        "initial.red": "红",
        "players": "玩家",
        "col.bid": "预测",
        "col.tricks": "赢墩",
        "col.lost": "可用颜色",
        "col.cards": "手牌 {count} 张",
        "no_bids": "双人局不预测",
        "start": "起始",
        "trick_now": "当前一墩",
        "trick_last": "上一墩",
        "trick_unfinished": "未完成的一墩",
        "trick_none": "还没有人出牌",
        "leads": "{name} 首引",
        "led": "{name} 首引",
        "won_by": "{name} 赢得",
        "next_lead": "下一墩由 {name} 首引",
        "revealed": "翻开：{cards}（打叉的格子被挡住）",
        "paradox": "悖论：{name}",
        "paradox_hand": "亮出的手牌",
        "paradox_unfinished": "未完成的一墩无人获得",
        "hand_title": "你的手牌",
        "hand_empty": "手中没有牌",
        "set_aside_mark": "暗置",
        "set_aside_card": "本轮暗置：{card}",
        "set_aside_prompt": "请选择一张牌暗置",
        "lost_hint": "本轮已失去：{colours}",
        "red_hint": "现在还不能首引红色",
        "your_lead": "轮到你首引",
        "your_follow": "轮到你：本墩引色为{colour}",
        "your_bid": "轮到你预测",
        "chips_hint": "色块：每张牌还能声明的颜色",
        "scores_round": "第 {round} 轮（共 {rounds} 轮）计分",
        "scores_final": "最终得分",
        "row.tricks": "赢墩数",
        "row.bid": "预测",
        "row.bid_met": "加分条件",
        "row.group": "最大相连组",
        "row.paradox": "悖论",
        "row.points": "本轮得分",
        "row.total": "总分",
        "row.round": "第 {round} 轮",
        "row.last": "最后一轮",
        "row.rank": "名次",
        "met_2p": "不超过 4 墩",
        "group_scored": "高亮：计分的最大相连组",
        "group_none": "本轮没有相连组计分",
        "winner": "{name} 以 {total} 分获胜",
        "winners_shared": "{names} 以 {total} 分并列获胜",
        "tie_break": "{total} 分同分：比较最后一轮得分",
        "not_over": "目前总分",
        "marks_key": "✓ 获得加分 · ! 悖论",
    },
}


def label(lang: str, key: str, **params: Any) -> str:
    table = LABELS.get(lang) or LABELS["en"]
    return table.get(key, LABELS["en"][key]).format(**params)


def seat_rgb(seat: int) -> RGB:
    return SEAT_RGB[seat % len(SEAT_RGB)]


def text_ink(seat: int) -> RGB:
    """The ink of a seat's mark: dark on a light token, light on a dark one."""
    return pal.text_on(seat_rgb(seat))


def seat_mark(seat: int) -> str:
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def _mark_points(mark: str, r: float) -> list[tuple[float, float]]:
    if mark == "square":
        s = r * 0.78
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if mark == "triangle":
        return [(r * math.cos(a), r * math.sin(a) + r * 0.12)
                for a in (-math.pi / 2, -math.pi / 2 + 2 * math.pi / 3, -math.pi / 2 + 4 * math.pi / 3)]
    if mark == "diamond":
        return [(0, -r), (r * 0.8, 0), (0, r), (-r * 0.8, 0)]
    if mark == "cross":
        a, b = r, r * 0.34
        return [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b),
                (-b, -b)]
    raise ValueError(mark)


@cache
def token_stamp(seat: int, size: int) -> Image.Image:
    """A seat's token (RGBA, ``size`` px square): its colour in a dark ring, its mark in a contrasting ink."""
    pen = Pen(size, size, size / 2, (0, 0, 0))
    fill = seat_rgb(seat)
    ink = text_ink(seat)
    pen.circle(0, 0, 0.96, fill=TOKEN_EDGE)
    pen.mask_circle(0, 0, 0.96)
    pen.circle(0, 0, 0.84, fill=fill)
    mark = seat_mark(seat)
    if mark == "ring":
        pen.circle(0, 0, 0.46, fill=ink)
        pen.circle(0, 0, 0.24, fill=fill)
    else:
        pen.polygon(_mark_points(mark, 0.46), ink)
    return pen.finish()


def paste_token(img: Image.Image, seat: int, cx: float, cy: float, size: int) -> None:
    stamp = token_stamp(seat, size)
    img.paste(stamp, (round(cx - size / 2), round(cy - size / 2)), stamp)


def colour_chip(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], colour: str, lang: str, *,
                active: bool = True, size: int = 12) -> None:
    """A small square in a card colour with its initial; an inactive chip is hollow and crossed out."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if active:
        draw.rounded_rectangle(box, radius=3, fill=COLOUR_RGB[colour], outline=pal.mix(COLOUR_RGB[colour], (0, 0, 0),
                                                                                      0.3))
        draw_text(draw, (cx, cy), label(lang, f"initial.{colour}"), size, COLOUR_INK[colour], bold=True, anchor="mm")
    else:
        draw.rounded_rectangle(box, radius=3, fill=pal.CARD_BG, outline=CELL_EDGE[colour], width=2)
        draw_text(draw, (cx, cy), label(lang, f"initial.{colour}"), size, pal.TEXT_MUTED, anchor="mm")
        draw.line((x0 + 3, y1 - 3, x1 - 3, y0 + 3), fill=pal.BAD, width=2)


def draw_card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int, *,
              colour: str | None = None, lang: str = "en", dim: bool = False, number_size: int = 30) -> None:
    """A cat card: its number, and (when played) a band in the declared colour with the colour's name."""
    x0, y0, x1, y1 = box
    face = pal.mix(pal.GOAL_FILL, pal.PANEL_BG, 0.6) if dim else pal.GOAL_FILL
    edge = pal.TEXT_MUTED if dim else pal.TEXT
    draw.rounded_rectangle(box, radius=7, fill=face, outline=edge, width=2)
    cx = (x0 + x1) / 2
    if colour is not None:
        band_h = max(16, (y1 - y0) * 0.28)
        draw.rounded_rectangle((x0 + 3, y1 - 3 - band_h, x1 - 3, y1 - 3), radius=5, fill=COLOUR_RGB[colour])
        name = fit(label(lang, f"colour.{colour}"), 13, x1 - x0 - 8, bold=True)
        draw_text(draw, (cx, y1 - 3 - band_h / 2), name, 13, COLOUR_INK[colour], bold=True, anchor="mm")
        ny = y0 + (y1 - y0 - band_h) / 2
    else:
        ny = (y0 + y1) / 2
    draw_text(draw, (cx, ny), str(number), number_size, pal.TEXT_MUTED if dim else pal.TEXT, bold=True, anchor="mm")
