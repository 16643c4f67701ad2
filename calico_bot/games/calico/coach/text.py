"""The coach's review as text, in English or Simplified Chinese, in chunks that fit a Discord message.

Tiles are named as everywhere else in the bot (colour and pattern words of ``services.i18n``, e.g.
"yellow dots" / "黄色圆点"), spaces by their labels (``C3``) and market slots by number.
"""

from __future__ import annotations

from calico_bot.games.calico.coach.review import AGREE_EPS, Move, Review, TurnReview
from calico_bot.games.calico.engine.components import COLORS, PATTERNS
from calico_bot.games.calico.messages import tr
from calico_bot.services.i18n import format_entry

CHUNK_LIMIT = 1900

TEXTS: dict[str, dict[str, str]] = {
    "title_solo": {"en": "**Review of your game, {name}** ({mode}): final score **{score}**.",
                   "zh": "**{name} 的对局复盘**（{mode}）：最终得分 **{score}**。"},
    "title": {"en": "**Review of your game, {name}** ({mode}, {players}): final score **{score}**.",
              "zh": "**{name} 的对局复盘**（{mode}，{players}）：最终得分 **{score}**。"},
    "players.1": {"en": "solo", "zh": "单人"},
    "players.n": {"en": "{n} players", "zh": "{n} 名玩家"},
    "summary": {"en": "You played the strong bot's move, or one it rates as good, on {agreed} of {turns} turns. "
                      "Estimated points given up in all: **{loss}**.",
                "zh": "在 {turns} 个回合中，有 {agreed} 个回合你走了强力机器人的选择，或它认为同样好的走法。"
                      "估计总共失去 **{loss}** 分。"},
    "method": {"en": "How this is estimated: for each move, the strong bot's evaluation of your final score after it "
                     "and the best two placements that could follow, averaged over {samples} guesses of the next "
                     "market drawn only from the tiles you had not seen. It knows nothing you did not know at the "
                     "time.",
               "zh": "估计方法：对每一步，强力机器人评估这一步之后、再接最好的两次放置时你的最终得分，"
                     "并对下一回合市场做 {samples} 次猜测取平均；猜测只从你当时看不到的布片中抽取，"
                     "不使用你当时不知道的任何信息。"},
    "auto": {"en": "The bot played {n} of your turns for you (after you left the game or ran out of time); "
                   "they are marked below and not counted as yours.",
             "zh": "有 {n} 个回合是机器人代你下的（你离开对局或超时之后）；下面已标出，不算作你的走法。"},
    "goals.auto": {"en": "Setup: the bot chose your design goals for you.",
                   "zh": "准备阶段：你的设计目标是机器人代你选的。"},
    "turn.auto": {"en": "`{turn:>2}` {made} · played by the bot for you", "zh": "`{turn:>2}` {made} · 机器人代你下的"},
    "goals.same": {"en": "Setup: your design goals are the ones the bot would have chosen.",
                   "zh": "准备阶段：你的设计目标和机器人的选择一样。"},
    "goals.differ": {"en": "Setup: you put {made}; the bot would have put {suggested}.",
                     "zh": "准备阶段：你放的是 {made}；机器人会放 {suggested}。"},
    "worst.title": {"en": "**The turns that cost most**", "zh": "**代价最大的回合**"},
    "worst.none": {"en": "No turn cost you a measurable amount: well played!",
                   "zh": "没有哪个回合让你明显失分：下得很好！"},
    "worst.line": {"en": "{rank}. Turn {turn}: you {made}. The bot would {suggested}. About **{loss}** points "
                         "given up.",
                   "zh": "{rank}. 第 {turn} 回合：你{made}。机器人会{suggested}。估计失去约 **{loss}** 分。"},
    "turns.title": {"en": "**Turn by turn** (you / the bot / points given up)",
                    "zh": "**逐回合**（你 / 机器人 / 失分）"},
    "turn.same": {"en": "`{turn:>2}` {made} · the bot agrees", "zh": "`{turn:>2}` {made} · 机器人同意"},
    "turn.good": {"en": "`{turn:>2}` {made} · bot: {suggested} · as good",
                  "zh": "`{turn:>2}` {made} · 机器人：{suggested} · 同样好"},
    "turn.loss": {"en": "`{turn:>2}` {made} · bot: {suggested} · **-{loss}**",
                  "zh": "`{turn:>2}` {made} · 机器人：{suggested} · **-{loss}**"},
    "move.made": {"en": "placed {tile} on {space}{take}", "zh": "把{tile}放在 {space}{take}"},
    "move.would": {"en": "place {tile} on {space}{take}", "zh": "把{tile}放在 {space}{take}"},
    "move.short": {"en": "{tile} {space}{take}", "zh": "{tile} {space}{take}"},
    "take.made": {"en": " and took {tile} (slot {slot})", "zh": "，并拿走了{tile}（第 {slot} 格）"},
    "take.would": {"en": " and take {tile} (slot {slot})", "zh": "，并拿走{tile}（第 {slot} 格）"},
    "take.short": {"en": ", took {slot}: {tile}", "zh": "，拿 {slot}：{tile}"},
    "daily.title": {"en": "**Review of your daily puzzle, {name}**: final score **{score}**.",
                    "zh": "**{name} 的每日谜题复盘**：最终得分 **{score}**。"},
}


def t(lang: str, key: str, **params: object) -> str:
    return format_entry(TEXTS[key], lang, params)


def tile_words(lang: str, tile: int | None) -> str:
    """A tile by its colour and pattern, as the rest of the bot names it."""
    if tile is None:
        return "-"
    color, pattern = divmod(tile, 6)
    return tr(lang, "tile", color=tr(lang, f"color.{COLORS[color]}"), pattern=tr(lang, f"pattern.{PATTERNS[pattern]}"))


def move_words(lang: str, move: Move, style: str) -> str:
    """``style``: ``made`` (past), ``would`` (the suggestion) or ``short`` (a turn-by-turn line)."""
    take = ""
    if move.take is not None:
        take = t(lang, f"take.{style}", tile=tile_words(lang, move.took), slot=move.take)
    return t(lang, f"move.{style}", tile=tile_words(lang, move.tile), space=move.space, take=take)


def points(value: float) -> str:
    return f"{value:.1f}"


def worst_line(lang: str, rank: int, turn: TurnReview) -> str:
    """One costly turn in words; ``rank`` 0 leaves out the "1." in front."""
    line = t(lang, "worst.line", rank=rank, turn=turn.number, made=move_words(lang, turn.made, "made"),
             suggested=move_words(lang, turn.suggested, "would"), loss=points(turn.loss))
    return line if rank else line.split(" ", 1)[1]


def turn_line(lang: str, turn: TurnReview) -> str:
    made = move_words(lang, turn.made, "short")
    if turn.auto:
        return t(lang, "turn.auto", turn=turn.number, made=made)
    if turn.same:
        return t(lang, "turn.same", turn=turn.number, made=made)
    suggested = move_words(lang, turn.suggested, "short")
    key = "turn.good" if turn.loss < AGREE_EPS else "turn.loss"
    return t(lang, key, turn=turn.number, made=made, suggested=suggested, loss=points(turn.loss))


def _goals(lang: str, goals: dict[str, str]) -> str:
    from calico_bot.games.calico.engine.components import GOAL_SPACES

    names = {"ALL_DIFFERENT": tr(lang, "goal.name.ALL_DIFFERENT")}
    sep = "，" if lang == "zh" else ", "
    return sep.join(f"{names.get(goals[s], goals[s])} ({s})" for s in GOAL_SPACES if s in goals)


def review_lines(review: Review, lang: str, *, daily: bool = False) -> list[str]:
    """The review as paragraphs and lines, before chunking."""
    players = t(lang, "players.1") if review.players == 1 else t(lang, "players.n", n=review.players)
    mode = tr(lang, f"mode.{review.mode}")
    if daily:
        title = t(lang, "daily.title", name=review.name, score=review.final_score)
    elif review.mode == "solo":  # "solo" says the player count already
        title = t(lang, "title_solo", name=review.name, mode=mode, score=review.final_score)
    else:
        title = t(lang, "title", name=review.name, mode=mode, players=players, score=review.final_score)
    lines = [title,
             t(lang, "summary", agreed=review.agreed, turns=len(review.own_turns), loss=points(review.total_loss)),
             t(lang, "method", samples=review.settings.get("samples", "?"))]
    if review.auto_turns:
        lines.append(t(lang, "auto", n=review.auto_turns))
    if review.goals_auto:
        lines.append(t(lang, "goals.auto"))
    elif review.goals_made and review.goals_suggested:
        if review.goals_made == review.goals_suggested:
            lines.append(t(lang, "goals.same"))
        else:
            lines.append(t(lang, "goals.differ", made=_goals(lang, review.goals_made),
                           suggested=_goals(lang, review.goals_suggested)))
    lines.append("")
    lines.append(t(lang, "worst.title"))
    worst = review.worst_turns()
    if not worst:
        lines.append(t(lang, "worst.none"))
    lines += [worst_line(lang, rank, turn) for rank, turn in enumerate(worst, 1)]
    lines.append("")
    lines.append(t(lang, "turns.title"))
    lines += [turn_line(lang, turn) for turn in review.turns]
    return lines


def chunk(lines: list[str], limit: int = CHUNK_LIMIT) -> list[str]:
    """Join lines into messages of at most ``limit`` characters, breaking only between lines (a line
    longer than the limit, which the texts above never make, is cut)."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        candidate = line if not current else f"{current}\n{line}"
        if len(candidate) > limit:
            chunks.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        chunks.append(current)
    return [c.strip("\n") for c in chunks if c.strip()]


def review_text(review: Review, lang: str, *, daily: bool = False) -> list[str]:
    """The review in ``lang`` (``"en"`` or ``"zh"``) as messages of at most 1900 characters each."""
    return chunk(review_lines(review, "zh" if lang == "zh" else "en", daily=daily))


def worst_caption(review: Review, index: int, lang: str) -> str:
    """The caption for the image of ``review.turns[index]``: the turn and its estimated cost (ranked when it is
    one of the costliest)."""
    return worst_line(lang, 1 + review.worst.index(index) if index in review.worst else 0, review.turns[index])
