"""The coach's review as text, in English or Simplified Chinese, in chunks that fit a Discord message.

Its sentences are Calico's messages under ``calico.coach.`` (``games/calico/messages.py``). Tiles are
named as everywhere else in the bot ("yellow dots" / "黄色圆点"), spaces by their labels (``C3``) and
market slots by number.
"""

from __future__ import annotations

from calico_bot.games.calico.coach.review import AGREE_EPS, Move, Review, TurnReview
from calico_bot.games.calico.engine.components import COLORS, PATTERNS
from calico_bot.games.calico.messages import tr

CHUNK_LIMIT = 1900



def t(lang: str, key: str, **params: object) -> str:
    """One of the coach's texts (``calico.coach.<key>`` in Calico's messages)."""
    return tr(lang, f"coach.{key}", **params)


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
