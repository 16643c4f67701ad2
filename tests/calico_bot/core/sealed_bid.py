"""A tiny game that lives only in the tests, to prove the contract carries sealed decisions.

Two seats each hold three cards (1-9, dealt from the seed) and both bid one at the same time,
sealed; when both bids are in they are revealed and the higher card scores its value (a tie scores
nothing). Three rounds; the higher total wins, ties broken by the larger last winning card.
"""

from __future__ import annotations

import random
from typing import Any

from calico_bot.core.errors import RecordError, RuleViolation
from calico_bot.core.game_contract import Applied, GamePlugin, Prompt, SeatResult, competition_ranks

ROUNDS = 3


class SealedBid(GamePlugin):
    key = "bid"
    name = "Sealed bid"
    state_format = "bid-state/1"
    record_format = "bid-record/1"
    seats = range(2, 3)
    bot_levels = ("easy",)
    default_level = "easy"

    def parse_options(self, raw: dict[str, Any], seats: int) -> dict[str, Any]:
        if seats != 2:
            raise RuleViolation("bad_seats", "Sealed bid is for two players.")
        return {}

    def new_state(self, options: dict[str, Any], names: list[str], seed: int) -> dict[str, Any]:
        rng = random.Random(seed)
        cards = rng.sample(range(1, 10), 6)
        return {"names": list(names), "seed": seed, "hands": [sorted(cards[:3]), sorted(cards[3:])],
                "bids": [None, None], "round": 0, "scores": [0, 0], "last": [0, 0], "log": [], "version": 0}

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in state.items()}

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return self.dump(data)

    def version(self, state: dict[str, Any]) -> int:
        return int(state["version"])

    def awaiting(self, state: dict[str, Any]) -> tuple[Prompt, ...]:
        if self.is_over(state):
            return ()
        return tuple(Prompt(s, "bid", f"round:{state['round']}", sealed=True) for s in (0, 1)
                     if state["bids"][s] is None)

    def legal_actions(self, state: dict[str, Any], prompt: Prompt) -> list[dict[str, Any]]:
        if prompt not in self.awaiting(state):
            return []
        return [{"type": "bid", "player": prompt.seat, "card": c} for c in state["hands"][prompt.seat]]

    def apply(self, state: dict[str, Any], action: dict[str, Any]) -> Applied:
        if not isinstance(action, dict) or action.get("type") != "bid":
            raise RuleViolation("bad_action", "Only bids are played here.")
        seat, card = action.get("player"), action.get("card")
        if self.is_over(state):
            raise RuleViolation("game_over", "The game is over.")
        if seat not in (0, 1) or state["bids"][seat] is not None:
            raise RuleViolation("not_your_turn", "That seat has no bid to make.")
        if card not in state["hands"][seat]:
            raise RuleViolation("card_not_in_hand", f"Card {card!r} is not in that hand.")
        state["hands"][seat] = [c for c in state["hands"][seat] if c != card]
        state["bids"][seat] = card
        state["log"].append({"player": seat, "card": card})
        state["version"] += 1
        if None in state["bids"]:
            return Applied(seat, "bid")
        a, b = state["bids"]
        if a != b:
            winner = 0 if a > b else 1
            state["scores"][winner] += max(a, b)
            state["last"][winner] = max(a, b)
        revealed = {"bids": [a, b]}
        state["bids"] = [None, None]
        state["round"] += 1
        return Applied(seat, "bid", revealed, revealed=True, resolved_sealed=True, game_over=self.is_over(state))

    def choose(self, view: dict[str, Any], prompt: Prompt, *, level: str, seed: int) -> dict[str, Any]:
        hand = view["hand"]
        return {"type": "bid", "player": prompt.seat, "card": hand[seed % len(hand)]}

    def view_for(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        view = {"names": state["names"], "round": state["round"], "scores": list(state["scores"]),
                "hand_sizes": [len(h) for h in state["hands"]], "answered": [b is not None for b in state["bids"]],
                "version": state["version"], "viewer": seat}
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
            view["my_bid"] = state["bids"][seat]
        return view

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["round"] >= ROUNDS

    def result(self, state: dict[str, Any]) -> list[SeatResult]:
        keys = [(state["scores"][s], state["last"][s]) for s in (0, 1)]
        ranks = competition_ranks(keys)
        return [SeatResult(s, state["names"][s], keys[s][0], ranks[s], keys[s][1:]) for s in (0, 1)]

    def record(self, state: dict[str, Any], *, hidden: bool) -> dict[str, Any]:
        record: dict[str, Any] = {"format": self.record_format, "names": state["names"]}
        if hidden:
            record.update(seed=state["seed"], actions=list(state["log"]))
        return record

    def replay(self, record: dict[str, Any]) -> dict[str, Any]:
        if record.get("format") != self.record_format or "seed" not in record:
            raise RecordError("format: not a full bid-record/1")
        state = self.new_state({}, record["names"], record["seed"])
        for i, action in enumerate(record["actions"]):
            try:
                self.apply(state, {"type": "bid", **action})
            except RuleViolation as exc:
                raise RecordError(f"actions[{i}]: {exc}") from None
        return state


PLUGIN = SealedBid()
