"""Score sheets: one finished round (with its board, scoring groups highlighted) and the whole game."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from calico_bot.games.cat_in_the_box.engine.scoring import rank_seats
from calico_bot.games.cat_in_the_box.viewread import round_facts, scoring_groups
from render.cat_in_the_box import style as st
from render.cat_in_the_box.board import draw_grid, grid_size
from render.kit import palette as pal
from render.kit.card import heading, name_text, new_card, panel
from render.kit.fonts import draw_text, fit

WIDTH = 920
PAD = 18
LABEL_W = 170
ROW_H = 34
HEAD_H = 64
TITLE_H = 74


def _columns(players: int) -> tuple[float, float]:
    """Left edge and width of the first player column (a narrow table is centred)."""
    col_w = min(180.0, (WIDTH - 2 * PAD - LABEL_W) / players)
    return _left(players) + LABEL_W, col_w


def _left(players: int) -> float:
    """Left edge of the table's row titles."""
    col_w = min(180.0, (WIDTH - 2 * PAD - LABEL_W) / players)
    return PAD + (WIDTH - 2 * PAD - LABEL_W - players * col_w) / 2


def _head(img: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, highlight: set[int]) -> None:
    x0, col_w = _columns(view["player_count"])
    for seat, name in enumerate(view["names"]):
        cx = x0 + seat * col_w
        if seat in highlight:
            draw.rounded_rectangle((cx + 3, y, cx + col_w - 3, y + HEAD_H - 4), radius=10,
                                   fill=pal.mix(pal.PANEL_BG, pal.GOLD, 0.45))
        st.paste_token(img, seat, cx + col_w / 2, y + 18, 28)
        name_text(draw, (cx + col_w / 2, y + 46), name, 16, col_w - 12, anchor="mm")


def _row(draw: ImageDraw.ImageDraw, y: float, title: str, cells: list[tuple[str, tuple[int, int, int]]], *,
         bold: bool = False, shade: bool = False, size: int = 18) -> None:
    players = len(cells)
    x0, col_w = _columns(players)
    left = _left(players)
    if shade:
        draw.rectangle((left, y, x0 + players * col_w, y + ROW_H), fill=pal.PANEL_BG)
    draw_text(draw, (left + 8, y + ROW_H / 2), fit(title, 16, LABEL_W - 12, bold=True), 16, pal.TEXT, bold=True,
              anchor="lm")
    for seat, (text, color) in enumerate(cells):
        draw_text(draw, (x0 + (seat + 0.5) * col_w, y + ROW_H / 2), fit(text, size, col_w - 10, bold=bold), size,
                  color, bold=bold, anchor="mm")


def render_round_scores(view: dict[str, Any], round_index: int = -1, *, lang: str = "en",
                        with_board: bool = True) -> Image.Image:
    """A finished round's score sheet (opaque RGB): tricks, bid, bonus condition, largest group, paradox,
    round points and running total per player; under it the round's final board with every largest
    group that scored highlighted. ``round_index``: 0-based, negative from the end (default: the last)."""
    if not view["history"]:
        raise ValueError("no round has finished yet")
    facts = round_facts(view, round_index)
    if facts is None or facts.scores is None:
        raise ValueError(f"there is no finished round {round_index}")
    n = facts.player_count
    scores = facts.scores
    totals = [sum(h["scores"][s]["round_points"] for h in view["history"][:facts.index + 1]) for s in range(n)]
    rows = 6 + (1 if facts.bids is not None else 0)
    groups = scoring_groups(facts) if with_board else {}
    gw, gh = grid_size(facts.top)
    board_h = (gh + 60) if with_board else 0
    height = TITLE_H + HEAD_H + rows * ROW_H + 20 + board_h + PAD
    img = new_card(WIDTH, height)
    draw = ImageDraw.Draw(img)
    heading(draw, PAD, PAD - 8, st.label(lang, "game"), 15)
    draw_text(draw, (PAD, PAD + 18), st.label(lang, "scores_round", round=facts.index + 1, rounds=facts.rounds), 26,
              pal.TEXT, bold=True)
    y = TITLE_H
    best = max(s["round_points"] for s in scores)
    _head(img, draw, view, y, {s for s in range(n) if scores[s]["round_points"] == best})
    y += HEAD_H
    ok, bad, text = pal.GOOD, pal.BAD, pal.TEXT
    table: list[tuple[str, list[tuple[str, tuple[int, int, int]]], bool, int]] = [
        (st.label(lang, "row.tricks"), [(str(s["tricks"]), text) for s in scores], False, 18)]
    if facts.bids is not None:
        table.append((st.label(lang, "row.bid"), [("–" if s["bid"] is None else str(s["bid"]), text) for s in scores],
                      False, 18))
    # 2 players: the bonus condition is "4 tricks or fewer", written as the row's title
    met_title = st.label(lang, "row.bid_met" if facts.bids is not None else "met_2p")
    table += [
        (met_title, [("✓" if s["bid_met"] else "✗", ok if s["bid_met"] else bad) for s in scores], False, 18),
        (st.label(lang, "row.group"),
         [(str(s["largest_group"]), ok if seat in groups else pal.TEXT_MUTED) for seat, s in enumerate(scores)],
         False, 18),
        (st.label(lang, "row.paradox"),
         [("!" if s["paradox"] else "–", bad if s["paradox"] else pal.TEXT_MUTED) for s in scores], True, 18),
        (st.label(lang, "row.points"),
         [(f"{s['round_points']:+d}", bad if s["round_points"] < 0 else text) for s in scores], True, 20),
        (st.label(lang, "row.total"), [(str(t), pal.ACCENT) for t in totals], True, 22),
    ]
    for k, (title, cells, bold, size) in enumerate(table):
        _row(draw, y, title, cells, bold=bold, shade=k % 2 == 0, size=size)
        y += ROW_H
    y -= ROW_H
    y += ROW_H + 20
    if with_board:
        draw.line((PAD, y - 8, WIDTH - PAD, y - 8), fill=pal.CARD_EDGE, width=2)
        cells = set().union(*groups.values()) if groups else set()
        note = st.label(lang, "group_scored") if groups else st.label(lang, "group_none")
        draw_text(draw, (PAD, y + 4), fit(note, 16, WIDTH - 2 * PAD), 16, pal.TEXT_MUTED)
        draw_grid(img, facts, (WIDTH - gw) // 2, y + 28, highlight=cells, lang=lang)
    return img


def final_standings(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per seat: total, last round's points and rank (higher total first, then the last round; ties share)."""
    n = view["player_count"]
    totals = [sum(h["scores"][s]["round_points"] for h in view["history"]) for s in range(n)]
    last = [view["history"][-1]["scores"][s]["round_points"] if view["history"] else 0 for s in range(n)]
    ranks = rank_seats(totals, last)
    return [{"seat": s, "total": totals[s], "last": last[s], "rank": ranks[s]} for s in range(n)]


def render_final_scores(view: dict[str, Any], *, lang: str = "en") -> Image.Image:
    """The game's score sheet (opaque RGB): each round's points, totals, the last round (the tie-break) and
    ranks, with the winner(s) named. Works on a running game too (then "totals so far")."""
    n = view["player_count"]
    history = view["history"]
    standing = final_standings(view)
    over = view["phase"] == "over"
    rows = len(history) + 3
    height = TITLE_H + HEAD_H + rows * ROW_H + 100 + PAD
    img = new_card(WIDTH, height)
    draw = ImageDraw.Draw(img)
    heading(draw, PAD, PAD - 8, st.label(lang, "game"), 15)
    draw_text(draw, (PAD, PAD + 18), st.label(lang, "scores_final" if over else "not_over"), 26, pal.TEXT, bold=True)
    winners = [r["seat"] for r in standing if r["rank"] == 1] if over else []
    y = TITLE_H
    _head(img, draw, view, y, set(winners))
    y += HEAD_H
    for k, h in enumerate(history):
        cells = []
        for s in range(n):
            sc = h["scores"][s]
            mark = " !" if sc["paradox"] else (" ✓" if sc["bid_met"] and not sc["paradox"] else "")
            cells.append((f"{sc['round_points']:+d}{mark}", pal.BAD if sc["round_points"] < 0 else pal.TEXT))
        _row(draw, y, st.label(lang, "row.round", round=k + 1), cells, shade=k % 2 == 0)
        y += ROW_H
    _row(draw, y, st.label(lang, "row.total"), [(str(r["total"]), pal.ACCENT) for r in standing], bold=True, size=22)
    y += ROW_H
    _row(draw, y, st.label(lang, "row.last"), [(f"{r['last']:+d}", pal.TEXT_MUTED) for r in standing], shade=True)
    y += ROW_H
    _row(draw, y, st.label(lang, "row.rank"), [(str(r["rank"]), pal.TEXT) for r in standing], bold=True)
    x0, col_w = _columns(n)
    draw_text(draw, (x0 + n * col_w, y + ROW_H + 6), st.label(lang, "marks_key"), 13, pal.TEXT_MUTED, anchor="ra")
    y += ROW_H + 28
    panel(draw, (PAD, y, WIDTH - PAD, y + 64))
    tied = [r for r in standing if winners and r["total"] == standing[winners[0]]["total"]]
    if over and winners:
        line = fit(winner_line(view, standing, lang), 22, WIDTH - 2 * PAD - 20, bold=True)
        draw_text(draw, (WIDTH / 2, y + (22 if len(tied) > 1 else 32)), line, 22, pal.ACCENT, bold=True,
                  anchor="mm")
        if len(tied) > 1:
            draw_text(draw, (WIDTH / 2, y + 48), st.label(lang, "tie_break", total=tied[0]["total"]), 15,
                      pal.TEXT_MUTED, anchor="mm")
    return img


def winner_line(view: dict[str, Any], standing: list[dict[str, Any]], lang: str) -> str:
    winners = [r for r in standing if r["rank"] == 1]
    names = [view["names"][r["seat"]] or "?" for r in winners]
    if len(winners) == 1:
        return st.label(lang, "winner", name=fit(names[0], 22, 360, bold=True), total=winners[0]["total"])
    short = [fit(x, 22, 600 / len(names), bold=True) for x in names]
    return st.label(lang, "winners_shared", names=(" & " if lang == "en" else "、").join(short),
                    total=winners[0]["total"])
