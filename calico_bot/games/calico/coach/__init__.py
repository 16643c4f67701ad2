"""The coach: a finished Calico game reviewed for one player against the strong player.

``review_game(state_or_record, seat)`` gives a :class:`Review` (pure: no Discord, SQL or Pillow);
``review_text(review, lang)`` its text in English or Chinese, in chunks that fit a Discord message;
``render.calico.review.render_review_turn`` draws one reviewed turn.
"""

from calico_bot.games.calico.coach.review import (
    FULL,
    QUICK,
    Move,
    MoveValuer,
    Review,
    Settings,
    TurnReview,
    position_view,
    position_views,
    positions,
    review_game,
    review_record_json,
    review_turn,
)

__all__ = [
    "FULL",
    "QUICK",
    "Move",
    "MoveValuer",
    "Review",
    "Settings",
    "TurnReview",
    "position_view",
    "position_views",
    "positions",
    "review_game",
    "review_record_json",
    "review_turn",
]
