"""Shared judgement for the Cat in the Box policies: legal choices read from a seat's view, and the
greedy rules for the set-aside, the bid and the card to play.

The greedy rules take plain arguments (hand, board, lost colours, the trick so far) so that they work
both on a seat's view (the greedy policy) and inside the sampled worlds of the strong policy.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import Action, Bid, Play, SetAside
from ..engine.components import BLOCKED, COLOUR_INDEX, COLOURS, EMPTY, RED, setup_for
from ..engine.game import KIND_BID, KIND_PLAY, KIND_SET_ASIDE, Prompt, trick_winner


def stable_seed(*parts: int) -> int:
    """A seed that depends only on the integers given (Python's ``hash`` of strings is not stable)."""
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def view_board(view: dict[str, Any]) -> list[list[int]]:
    return [[BLOCKED, *row] for row in view["board"]]


def view_lost(view: dict[str, Any], seat: int) -> int:
    return sum(1 << COLOUR_INDEX[c] for c in view["lost"][seat])


def view_trick(view: dict[str, Any]) -> list[tuple[int, int, int]]:
    return [(s, n, COLOUR_INDEX[c]) for s, n, c in view["trick"]]


def declarations(hand: list[int], owner: list[list[int]], lost: int, leading: bool,
                 red_broken: bool) -> list[tuple[int, int]]:
    """Legal (card, colour index) pairs, by the same rules as the engine."""
    out: list[tuple[int, int]] = []
    for n in sorted(set(hand)):
        for c in (0, 1, 2, 3):
            if not (lost >> c) & 1 and owner[c][n] == EMPTY:
                out.append((n, c))
    if leading and not red_broken:
        non_red = [d for d in out if d[1] != RED]
        if non_red:
            return non_red
    return out


def legal_from_view(view: dict[str, Any], prompt: Prompt) -> list[Action]:
    seat = prompt.seat
    hand = view["hand"] or []
    if prompt.kind == KIND_SET_ASIDE:
        return [SetAside(seat, n) for n in sorted(set(hand))]
    if prompt.kind == KIND_BID:
        return [Bid(seat, b) for b in setup_for(view["player_count"]).bids]
    decls = declarations(hand, view_board(view), view_lost(view, seat), not view["trick"], view["red_broken"])
    return [Play(seat, n, COLOURS[c]) for n, c in decls]


def wants_tricks(n: int, tricks: int, bid: int | None) -> bool:
    """Whether a player still wants to win tricks: below its bid, or (2 players) below the 4-trick cap."""
    if bid is None:
        return tricks < setup_for(n).bonus_max_tricks  # type: ignore[operator]
    return tricks < bid


def greedy_set_aside(hand: list[int], top: int) -> int:
    """Keep the most repeated number out (each number fits only four cells); among those, the middle."""
    middle = (top + 1) / 2
    return max(sorted(set(hand)), key=lambda n: (hand.count(n), -abs(n - middle), n))


def hand_strength(hand: list[int], top: int) -> float:
    return sum(((c - 1) / (top - 1)) ** 2 for c in hand)


def greedy_bid(hand: list[int], n: int) -> int:
    """The allowed bid nearest to a trick estimate that scales with the hand's high cards."""
    setup = setup_for(n)
    top = setup.top
    mean_card = sum(((c - 1) / (top - 1)) ** 2 for c in range(1, top + 1)) / top
    expected = hand_strength(hand, top) / (mean_card * len(hand)) * setup.tricks / n * 0.9
    return min(setup.bids, key=lambda b: (abs(b - expected), b))


def adjacency(owner: list[list[int]], seat: int, c: int, n: int) -> int:
    width = len(owner[0])
    count = 0
    if c > 0 and owner[c - 1][n] == seat:
        count += 1
    if c < 3 and owner[c + 1][n] == seat:
        count += 1
    if n > 1 and owner[c][n - 1] == seat:
        count += 1
    if n + 1 < width and owner[c][n + 1] == seat:
        count += 1
    return count


def play_scores(decls: list[tuple[int, int]], owner: list[list[int]], trick: list[tuple[int, int, int]],
                seat: int, lost: int, want: bool, top: int) -> list[float]:
    """A one-ply judgement of each declaration: win a trick when tricks are wanted, duck otherwise,
    keep colours, join one's own tokens."""
    scores = []
    if trick:
        led = trick[0][2]
        winner = trick_winner(trick)
        best = next(t for t in trick if t[0] == winner)
        best_key = (2 if best[2] == RED else 1, best[1])
    for card, c in decls:
        strength = card / top
        if trick:
            key = (2, card) if c == RED else ((1, card) if c == led else (0, card))
            wins = key > best_key
            score = (3.0 + strength * 0.5 if wins else -strength) if want else (
                -3.0 if wins else 1.0 + strength)
            if c != led and not (lost >> led) & 1:
                score -= 1.2
            if c == RED and not wins:
                score -= 0.5
        elif want:
            score = strength + (0.8 if c == RED else 0.0)
        else:
            score = 1.0 - strength - (0.8 if c == RED else 0.0)
        score += 0.35 * adjacency(owner, seat, c, card)
        scores.append(score)
    return scores


def greedy_play(decls: list[tuple[int, int]], owner: list[list[int]], trick: list[tuple[int, int, int]],
                seat: int, lost: int, want: bool, top: int) -> tuple[int, int]:
    scores = play_scores(decls, owner, trick, seat, lost, want, top)
    best = max(range(len(decls)), key=lambda i: (scores[i], -decls[i][0], -decls[i][1]))
    return decls[best]


def own_tricks_and_bid(view: dict[str, Any], seat: int) -> tuple[int, int | None]:
    return view["tricks_won"][seat], view["bids"][seat]


__all__ = [
    "KIND_BID",
    "KIND_PLAY",
    "KIND_SET_ASIDE",
    "declarations",
    "greedy_bid",
    "greedy_play",
    "greedy_set_aside",
    "legal_from_view",
    "play_scores",
    "stable_seed",
    "wants_tricks",
]
