"""Reading a Cat in the Box view (``PLUGIN.view_for(state, seat)``) for texts, images and panels.

Everything here takes the view dict only, never the game state, so whatever is drawn or written
from it shows no more than that seat (``None``: a spectator) may see. A view holds the live round
(set-aside, bids, tricks) and every finished round in ``history``; :func:`round_facts` turns either
into one :class:`RoundFacts`, so a caller need not know which one it reads.

Pure Python: no Discord, no Pillow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .engine.components import BLOCKED, COLOUR_INDEX, COLOURS, EMPTY, RED, blocked_cells, setup_for

LIVE_PHASES = ("set_aside", "bid", "play")


@dataclass(slots=True)
class RoundFacts:
    """One round as a view shows it (the live round, or a finished one from the history)."""

    index: int  # 0-based round number
    rounds: int  # rounds in the game
    live: bool  # the round is being played (else it is finished)
    phase: str  # "set_aside", "bid", "play" for a live round; "done" for a finished one
    player_count: int
    top: int  # highest card number: the board has columns 1..top
    start_player: int
    board: list[list[int]]  # [row][number - 1]: a seat, EMPTY (-1) or BLOCKED (-2)
    bids: list[int | None] | None  # None: a 2-player game (no bids)
    tricks_won: list[int]
    trick_winners: list[int]
    tricks: int  # tricks in a round without a paradox
    lost: list[list[str]]  # colour names lost this round, per seat
    plays: list[list[Any]]  # [seat, card, colour] in playing order
    trick: list[list[Any]]  # the unfinished trick's cards (live round; or the paradox trick)
    leader: int | None  # who leads (or led) the unfinished trick; None before the tricks
    to_act: int | None
    revealed: list[int]  # 2 players: the three revealed left-over cards
    hand_sizes: list[int]
    set_aside_done: list[bool]
    paradox_player: int | None = None
    paradox_hand: list[int] | None = None
    scores: list[dict[str, Any]] | None = None  # finished round: the engine's per-seat scores
    last_trick: list[list[Any]] = field(default_factory=list)  # the last completed trick's cards
    last_trick_winner: int | None = None

    @property
    def blocked(self) -> list[tuple[int, int]]:
        """(row, number) of every blocked cell."""
        return [(r, n + 1) for r, row in enumerate(self.board) for n, v in enumerate(row) if v == BLOCKED]

    @property
    def red_broken(self) -> bool:
        return any(v >= 0 for v in self.board[RED])

    @property
    def led_colour(self) -> str | None:
        return self.trick[0][2] if self.trick else None

    @property
    def trick_number(self) -> int:
        """1-based number of the trick being played (or about to be led)."""
        return len(self.trick_winners) + 1


def tricks_of(plays: list[list[Any]], players: int) -> list[list[list[Any]]]:
    """The plays of a round cut into tricks (the last one may be unfinished)."""
    return [plays[i:i + players] for i in range(0, len(plays), players)]


def lost_from_plays(plays: list[list[Any]], players: int) -> list[list[str]]:
    """The colours each seat lost, replayed from the plays: a follower who declares another colour
    than the led one loses the led colour."""
    lost: list[set[str]] = [set() for _ in range(players)]
    for trick in tricks_of(plays, players):
        led = trick[0][2]
        for seat, _card, colour in trick[1:]:
            if colour != led:
                lost[seat].add(led)
    return [[c for c in COLOURS if c in s] for s in lost]


def is_live(view: dict[str, Any]) -> bool:
    return view["phase"] in LIVE_PHASES


def round_facts(view: dict[str, Any], round_index: int | None = None) -> RoundFacts | None:
    """The live round (``round_index`` None while a round is being played), else the finished round
    ``round_index`` (negative counts from the end; None after a round: the last finished one).
    ``None`` when there is no such round."""
    n = view["player_count"]
    setup = setup_for(n)
    if round_index is None and is_live(view):
        return _live_facts(view)
    history = view["history"]
    if not history:
        return None
    if round_index is None:
        round_index = -1
    if round_index < 0:
        round_index += len(history)
    if not 0 <= round_index < len(history):
        if round_index == view["round"] and is_live(view):
            return _live_facts(view)
        return None
    h = history[round_index]
    plays = [list(p) for p in h["plays"]]
    winners = list(h["trick_winners"])
    cut = tricks_of(plays, n)
    complete = [t for t in cut if len(t) == n]
    unfinished = cut[-1] if cut and len(cut[-1]) < n else []
    scores = h["scores"]
    revealed = list(h.get("revealed") or [])
    return RoundFacts(
        index=h["round"], rounds=setup.rounds, live=False, phase="done", player_count=n, top=setup.top,
        start_player=h["start_player"], board=[list(r) for r in h["board"]],
        bids=list(h["bids"]) if h.get("bids") is not None else None,
        tricks_won=[s["tricks"] for s in scores], trick_winners=winners, tricks=setup.tricks,
        lost=lost_from_plays(plays, n), plays=plays, trick=unfinished,
        leader=unfinished[0][0] if unfinished else None, to_act=h["paradox_player"], revealed=revealed,
        hand_sizes=[0] * n, set_aside_done=[True] * n, paradox_player=h["paradox_player"],
        paradox_hand=list(h["paradox_hand"]) if h.get("paradox_hand") is not None else None,
        scores=scores, last_trick=complete[-1] if complete else [],
        last_trick_winner=winners[-1] if winners else None,
    )


def _live_facts(view: dict[str, Any]) -> RoundFacts:
    n = view["player_count"]
    setup = setup_for(n)
    plays = [list(p) for p in view["plays"]]
    winners = list(view["trick_winners"])
    complete = [t for t in tricks_of(plays, n) if len(t) == n]
    trick = [list(c) for c in view["trick"]]
    phase = view["phase"]
    leader = view["leader"]
    if leader is None and phase == "play":
        leader = view["round_start_player"]
    return RoundFacts(
        index=view["round"], rounds=setup.rounds, live=True, phase=phase, player_count=n, top=setup.top,
        start_player=view["round_start_player"], board=[list(r) for r in view["board"]],
        bids=list(view["bids"]) if setup.has_bids else None, tricks_won=list(view["tricks_won"]),
        trick_winners=winners, tricks=setup.tricks, lost=[list(x) for x in view["lost"]], plays=plays,
        trick=trick, leader=leader, to_act=view["to_act"], revealed=list(view["revealed"]),
        hand_sizes=list(view["hand_sizes"]), set_aside_done=list(view["set_aside_done"]),
        last_trick=complete[-1] if complete and not trick else [],
        last_trick_winner=winners[-1] if winners and not trick else None,
    )


def largest_group_cells(board: list[list[int]], seat: int) -> set[tuple[int, int]]:
    """The cells ``(row, number)`` of ``seat``'s largest group of tokens joined through shared sides
    (rows blue, yellow, green, red: only neighbouring rows touch). Among equal groups, the first found
    from the top left. Empty when the seat has no token."""
    rows, width = len(board), len(board[0]) if board else 0
    seen: set[tuple[int, int]] = set()
    best: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(width):
            if board[r][c] != seat or (r, c) in seen:
                continue
            group = {(r, c)}
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                cr, cc = stack.pop()
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if 0 <= nr < rows and 0 <= nc < width and (nr, nc) not in seen and board[nr][nc] == seat:
                        seen.add((nr, nc))
                        group.add((nr, nc))
                        stack.append((nr, nc))
            if len(group) > len(best):
                best = group
    return {(r, c + 1) for r, c in best}


def scoring_groups(facts: RoundFacts) -> dict[int, set[tuple[int, int]]]:
    """For a finished round: the largest group of every seat whose group scored (bonus met, no paradox)."""
    out: dict[int, set[tuple[int, int]]] = {}
    for seat, score in enumerate(facts.scores or []):
        if score["bid_met"] and not score["paradox"] and score["largest_group"] > 0:
            out[seat] = largest_group_cells(facts.board, seat)
    return out


def declarations(view: dict[str, Any]) -> list[tuple[int, str]]:
    """The viewer's legal (card, colour) declarations if it were their turn now, by the engine's
    rules (cell empty, colour not lost, red led only when broken or forced). Empty without a hand."""
    hand = view.get("hand") or []
    seat = view.get("viewer")
    if seat is None or view["phase"] != "play":
        return []
    lost = set(view["lost"][seat])
    board = view["board"]
    out = [(n, c) for n in sorted(set(hand)) for c in COLOURS
           if c not in lost and board[COLOUR_INDEX[c]][n - 1] == EMPTY]
    if not view["trick"] and not view["red_broken"]:
        non_red = [d for d in out if d[1] != "red"]
        if non_red:
            return non_red
    return out


def open_colours(view: dict[str, Any], card: int) -> list[str]:
    """The colours the viewer may declare ``card`` as now (its turn or not; see :func:`declarations`)."""
    return [c for n, c in declarations(view) if n == card]


def red_lead_blocked(view: dict[str, Any]) -> bool:
    """Whether the viewer, leading now, may not lead red yet although a red cell is open for one of
    its cards (red not broken and another colour can be led)."""
    seat = view.get("viewer")
    if seat is None or view["phase"] != "play" or view["trick"] or view["red_broken"]:
        return False
    if "red" in view["lost"][seat]:
        return False
    hand = set(view.get("hand") or [])
    red_open = any(view["board"][RED][n - 1] == EMPTY for n in hand)
    return red_open and all(c != "red" for _, c in declarations(view)) and bool(declarations(view))


def reveal_blocks(revealed: list[int]) -> list[tuple[str, int]]:
    """The (colour, number) cells a 2-player reveal blocks."""
    return [(COLOURS[r], n) for r, n in blocked_cells(revealed)]


def board_cell(board: list[list[int]], colour: str, number: int) -> int:
    """A cell's content: a seat, ``EMPTY`` or ``BLOCKED``."""
    return board[COLOUR_INDEX[colour]][number - 1]


__all__ = [
    "BLOCKED",
    "EMPTY",
    "LIVE_PHASES",
    "RoundFacts",
    "board_cell",
    "declarations",
    "is_live",
    "largest_group_cells",
    "lost_from_plays",
    "open_colours",
    "red_lead_blocked",
    "reveal_blocks",
    "round_facts",
    "scoring_groups",
    "tricks_of",
]
