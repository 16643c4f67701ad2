"""Each rule of Cat in the Box at its edges, on positions worked out by hand."""

from __future__ import annotations

import pytest

from calico_bot.core.errors import RuleViolation
from calico_bot.games.cat_in_the_box.engine.actions import Bid, Play, SetAside
from calico_bot.games.cat_in_the_box.engine.components import SETUPS, blocked_cells
from calico_bot.games.cat_in_the_box.engine.game import (
    PHASE_BID,
    PHASE_DEAL,
    PHASE_PLAY,
    PHASE_SET_ASIDE,
    Deal,
    GameOptions,
    GameState,
    new_game,
    trick_winner,
)
from calico_bot.games.cat_in_the_box.engine.scoring import largest_group, rank_seats, winners

from .helpers import C, position


def refused(state: GameState, action: object, code: str) -> RuleViolation:
    before = state.to_json()
    with pytest.raises(RuleViolation) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert info.value.code == code, info.value.message
    assert info.value.message  # a readable sentence, not only a code
    assert state.to_json() == before
    return info.value


def only_round(state: GameState) -> GameState:
    """Keep one deal so that the end of the round leaves the game waiting (nothing else starts)."""
    state.deals = state.deals[:1]
    return state


# --- numbers per player count -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "top", "dealt", "tricks", "bids"), [
    (2, 5, 10, 8, ()), (3, 6, 10, 8, (1, 3, 4)), (4, 8, 10, 8, (1, 2, 3)), (5, 9, 9, 7, (1, 2, 3))])
def test_numbers_per_player_count(n: int, top: int, dealt: int, tricks: int, bids: tuple[int, ...]) -> None:
    setup = SETUPS[n]
    assert (setup.top, setup.dealt, setup.tricks, setup.bids, setup.rounds) == (top, dealt, tricks, bids, n)
    assert len(setup.deck()) == 5 * top
    # One card is set aside, and one is left over after the last trick.
    assert setup.dealt - 1 - setup.tricks == 1
    state = new_game(GameOptions(["a", "b", "c", "d", "e"][:n]), 3)
    assert all(len(h) == dealt for h in state.hands)
    leftover = state.deals[0].revealed + state.deals[0].unseen
    assert len(leftover) == (5 if n == 2 else 0)
    assert len(state.deals[0].revealed) == (3 if n == 2 else 0)


def test_reveal_blocks_green_then_yellow_then_blue() -> None:
    assert sorted(blocked_cells([3, 3, 4])) == sorted([(C["green"], 3), (C["yellow"], 3), (C["green"], 4)])
    assert sorted(blocked_cells([2, 2, 2])) == sorted([(C["green"], 2), (C["yellow"], 2), (C["blue"], 2)])
    assert sorted(blocked_cells([1, 5, 3])) == sorted([(C["green"], 1), (C["green"], 5), (C["green"], 3)])


def test_two_player_deal_blocks_cells_from_the_revealed_cards() -> None:
    hands = [[1, 1, 1, 2, 2, 2, 3, 3, 3, 4], [1, 1, 2, 2, 3, 3, 4, 4, 4, 5]]
    state = GameState.start(["a", "b"], 0, [Deal(hands, [5, 5, 4], [5, 5])])
    blocked = {(r, k) for r in range(4) for k in range(1, 6) if state.owner[r][k] == -2}
    assert blocked == {(C["green"], 5), (C["yellow"], 5), (C["green"], 4)}
    assert not state.red_broken  # blocked cells are never on the red row


# --- set-aside and bids -----------------------------------------------------------------------------


def test_set_aside_is_sealed_simultaneous_and_before_the_bids() -> None:
    state = new_game(GameOptions(["a", "b", "c"], start_player=1), 11)
    prompts = state.awaiting()
    assert [p.seat for p in prompts] == [0, 1, 2]
    assert all(p.sealed and p.kind == "set_aside" for p in prompts)
    refused(state, Bid(1, 1), "wrong_phase")
    refused(state, Play(1, state.hands[1][0], "blue"), "wrong_phase")
    refused(state, SetAside(2, 7), "card_not_in_hand")
    card = state.hands[2][0]
    state.apply(SetAside(2, card))
    refused(state, SetAside(2, state.hands[2][1]), "already_set_aside")
    assert [p.seat for p in state.awaiting()] == [0, 1]
    # Nobody else learns which card it was.
    assert state.view_for(0)["set_aside_done"] == [False, False, True]
    assert state.view_for(0)["own_set_aside"] is None
    assert state.view_for(2)["own_set_aside"] == card
    state.apply(SetAside(0, state.hands[0][0]))
    state.apply(SetAside(1, state.hands[1][-1]))
    assert state.phase == PHASE_BID
    assert [len(h) for h in state.hands] == [9, 9, 9]


def test_bids_go_clockwise_from_the_round_start_player_and_are_limited() -> None:
    state = new_game(GameOptions(["a", "b", "c"], start_player=2), 5)
    for s in range(3):
        state.apply(SetAside(s, state.hands[s][0]))
    assert state.awaiting()[0].seat == 2 and not state.awaiting()[0].sealed
    refused(state, Bid(0, 1), "not_your_turn")
    for bad in (0, 2, 5, -1):
        refused(state, Bid(2, bad), "bid_not_allowed")
    state.apply(Bid(2, 4))
    state.apply(Bid(0, 1))
    refused(state, Bid(0, 3), "not_your_turn")
    state.apply(Bid(1, 3))
    assert state.bids == [1, 3, 4]
    assert state.phase == PHASE_PLAY and state.to_act == 2  # the round start player leads


@pytest.mark.parametrize("n", [4, 5])
def test_four_and_five_players_bid_one_to_three(n: int) -> None:
    state = new_game(GameOptions(["a", "b", "c", "d", "e"][:n], start_player=0), 2)
    for s in range(n):
        state.apply(SetAside(s, state.hands[s][0]))
    refused(state, Bid(0, 4), "bid_not_allowed")
    refused(state, Bid(0, 0), "bid_not_allowed")
    assert [a.bid for a in state.legal_actions(state.awaiting()[0])] == [1, 2, 3]  # type: ignore[union-attr]


def test_two_players_have_no_bids() -> None:
    state = new_game(GameOptions(["a", "b"], start_player=1), 8)
    state.apply(SetAside(0, state.hands[0][0]))
    state.apply(SetAside(1, state.hands[1][0]))
    assert state.phase == PHASE_PLAY and state.to_act == 1
    refused(state, Bid(1, 1), "wrong_phase")


# --- declaring a card --------------------------------------------------------------------------


def test_cell_taken_and_cell_blocked() -> None:
    state = position(2, [[2, 4], [1, 3]], tokens={("blue", 2): 1}, blocked=[("green", 4)], leader=0)
    refused(state, Play(0, 2, "blue"), "cell_taken")
    refused(state, Play(0, 4, "green"), "cell_blocked")
    refused(state, Play(1, 1, "blue"), "not_your_turn")
    refused(state, Play(0, 3, "blue"), "card_not_in_hand")
    refused(state, Play(0, 6, "blue"), "unknown_card")  # 2 players: cards 1-5
    refused(state, Play(0, 2, "purple"), "unknown_colour")
    refused(state, Play(0, 2, "Blue"), "unknown_colour")
    state.apply(Play(0, 2, "yellow"))


def test_red_cannot_be_led_while_unbroken_and_another_card_can_be_led() -> None:
    # The 5 can only go red, but the 3 can go blue: the whole hand counts (ruling 5).
    state = position(4, [[3, 5], [1, 2], [1, 2], [1, 2]],
                     tokens={("blue", 5): 1, ("yellow", 5): 2, ("green", 5): 3})
    error = refused(state, Play(0, 5, "red"), "red_not_broken")
    assert "red" in error.message.lower()
    refused(state, Play(0, 3, "red"), "red_not_broken")
    assert sorted(state.declarations(0)) == [(3, C["blue"]), (3, C["yellow"]), (3, C["green"])]
    state.apply(Play(0, 3, "green"))


def test_forced_red_lead_when_no_card_can_go_elsewhere() -> None:
    # 2 players, the reveal 5 5 5 blocked every non-red 5; Bo's tokens fill the non-red 4s.
    state = position(2, [[4, 4, 5], [1, 5]], blocked=[("green", 5), ("yellow", 5), ("blue", 5)],
                     tokens={("blue", 4): 1, ("yellow", 4): 1, ("green", 4): 1})
    assert sorted(state.declarations(0)) == [(4, C["red"]), (5, C["red"])]
    state.apply(Play(0, 4, "red"))
    assert state.red_broken
    state.apply(Play(1, 5, "red"))  # follows red, keeps every colour
    assert state.lost == [0, 0]
    assert state.trick_winners == [1] and state.to_act == 1
    # The forced lead broke red: Bo may lead red although his 1 could be led blue.
    state.apply(Play(1, 1, "red"))


def test_red_broken_by_any_token_on_the_red_row() -> None:
    state = position(4, [[3, 5], [1, 2], [1, 2], [1, 2]], tokens={("red", 7): 2})
    state.apply(Play(0, 3, "red"))
    assert state.led_colour == C["red"]


def test_red_is_unbroken_at_the_start_of_every_round() -> None:
    state = new_game(GameOptions(["a", "b", "c", "d"]), 4)
    assert not state.red_broken


# --- following -----------------------------------------------------------------------------------


def test_following_keeps_colours_and_not_following_loses_the_led_colour() -> None:
    state = position(3, [[4, 5], [2, 3], [1, 6]], leader=0)
    state.apply(Play(0, 4, "blue"))
    state.apply(Play(1, 2, "blue"))  # follows
    state.apply(Play(2, 6, "yellow"))  # does not follow: loses blue (not yellow)
    assert state.lost == [0, 0, 1 << C["blue"]]
    assert state.trick_winners == [0]  # the yellow 6 never wins a blue trick


def test_trumping_loses_the_led_colour_and_a_lost_colour_cannot_be_declared() -> None:
    state = only_round(position(3, [[4, 5], [2, 3], [1, 6]], leader=1, tokens={("red", 1): 0}))
    state.apply(Play(1, 2, "yellow"))
    state.apply(Play(2, 1, "green"))  # loses yellow
    state.apply(Play(0, 4, "red"))  # trumps: loses yellow too, wins the trick
    assert state.lost == [1 << C["yellow"], 0, 1 << C["yellow"]]
    assert state.trick_winners == [0]
    state.apply(Play(0, 5, "green"))
    state.apply(Play(1, 3, "green"))
    refused(state, Play(2, 6, "yellow"), "colour_lost")
    state.apply(Play(2, 6, "blue"))  # loses green; yellow was already lost
    assert state.lost[2] == (1 << C["yellow"]) | (1 << C["green"])


def test_not_following_a_red_lead_loses_red() -> None:
    state = position(2, [[4, 5], [2, 3]], leader=0, tokens={("red", 1): 1})
    state.apply(Play(0, 4, "red"))
    state.apply(Play(1, 3, "blue"))
    assert state.lost == [0, 1 << C["red"]]
    assert state.trick_winners == [0]
    state.apply(Play(0, 5, "blue"))
    refused(state, Play(1, 2, "red"), "colour_lost")


def test_losing_a_lost_colour_changes_nothing() -> None:
    state = position(2, [[4, 5], [2, 3]], leader=0, lost={1: ["blue"]})
    state.apply(Play(0, 4, "blue"))
    state.apply(Play(1, 3, "yellow"))
    assert state.lost == [0, 1 << C["blue"]]


# --- winning a trick ------------------------------------------------------------------------------


def test_trick_winner() -> None:
    b, y, g, r = C["blue"], C["yellow"], C["green"], C["red"]
    assert trick_winner([(0, 8, b), (1, 2, r), (2, 7, r), (3, 8, y)]) == 2  # highest red
    assert trick_winner([(0, 3, g), (1, 8, b), (2, 5, g)]) == 2  # highest of the led colour
    assert trick_winner([(0, 1, y), (1, 8, b), (2, 7, g)]) == 0  # other colours never win
    assert trick_winner([(3, 2, r), (0, 1, r), (1, 9, b)]) == 3  # red led


def test_the_winner_leads_the_next_trick() -> None:
    state = position(3, [[1, 2], [6, 3], [4, 5]], leader=0)
    state.apply(Play(0, 1, "blue"))
    state.apply(Play(1, 6, "green"))
    state.apply(Play(2, 4, "blue"))
    assert state.tricks_won == [0, 0, 1] and state.to_act == 2 and state.trick == []


# --- end of the trick phase and paradox ---------------------------------------------------------


def test_the_round_ends_after_the_last_trick_without_a_paradox_check() -> None:
    # 2 players, 7 tricks played. Bo's last card (5) has no legal cell at all, which does not
    # matter: the last card in each hand is never played.
    state = only_round(position(2, [[2, 3], [4, 5]], tricks_won=[4, 3], leader=0,
                                tokens={("blue", 5): 0, ("yellow", 5): 0, ("green", 5): 0, ("red", 5): 0}))
    state.apply(Play(0, 2, "blue"))
    state.apply(Play(1, 4, "blue"))
    h = state.history[0]
    assert h["tricks_played"] == 8 and h["paradox_player"] is None
    assert state.phase == PHASE_DEAL and state.hands == [[3], [5]]
    assert [s["tricks"] for s in h["scores"]] == [4, 4]


def test_paradox_of_a_follower_ends_the_round_and_the_trick_goes_to_nobody() -> None:
    # Bo must follow Ana's blue 3 but has lost blue and red; yellow/green 1 and 4 are gone.
    state = only_round(position(2, [[3, 5], [1, 4]], leader=0, tricks_won=[2, 1], lost={1: ["blue", "red"]},
                                tokens={("yellow", 1): 1, ("green", 1): 1, ("blue", 4): 0},
                                blocked=[("yellow", 4), ("green", 4)]))
    applied = state.apply(Play(0, 3, "blue"))
    assert applied.round_over and applied.paradox_player == 1
    h = state.history[0]
    assert h["paradox_player"] == 1 and h["paradox_hand"] == [1, 4]
    assert h["tricks_played"] == 3 and h["trick_winners"] == [0, 0, 1]
    # Ana's blue 3 from the unfinished trick stays and joins her blue 4.
    assert h["board"][C["blue"]][2] == 0
    ana, bo = h["scores"]
    assert ana == {"tricks": 2, "bid": None, "bid_met": True, "largest_group": 2, "paradox": False,
                   "round_points": 4}
    assert bo == {"tricks": 1, "bid": None, "bid_met": True, "largest_group": 2, "paradox": True,
                  "round_points": -1}


def test_paradox_of_the_leader_after_winning_a_trick() -> None:
    state = only_round(position(2, [[2, 3], [5, 1]], leader=0, tricks_won=[2, 1],
                                tokens={("blue", 1): 0, ("yellow", 1): 0, ("green", 1): 0, ("red", 1): 0}))
    state.apply(Play(0, 2, "blue"))
    applied = state.apply(Play(1, 5, "blue"))
    assert applied.trick_winner == 1 and applied.paradox_player == 1
    h = state.history[0]
    assert h["tricks_played"] == 4
    ana, bo = h["scores"]
    # Ana: column 1 (blue, yellow, green, red all touch in turn) plus the blue 2 -> group of 5.
    assert (ana["tricks"], ana["largest_group"], ana["round_points"]) == (2, 5, 7)
    assert (bo["tricks"], bo["paradox"], bo["bid_met"], bo["round_points"]) == (2, True, True, -2)


def test_a_paradox_cannot_be_chosen_while_one_play_is_left() -> None:
    state = position(2, [[3, 5], [1, 4]], leader=0, lost={1: ["blue", "red"]},
                     tokens={("yellow", 1): 1, ("blue", 4): 0}, blocked=[("yellow", 4), ("green", 4)])
    state.apply(Play(0, 3, "blue"))
    assert state.phase == PHASE_PLAY and state.to_act == 1
    assert [(a.card, a.colour) for a in state.legal_actions(state.awaiting()[0])] == [(1, "green")]  # type: ignore[union-attr]


def test_paradox_with_bids_scores_minus_the_tricks_even_when_the_bid_is_met() -> None:
    # 3 players; Cy (seat 2) bid 1, has 1 trick and cannot follow.
    state = only_round(position(3, [[4, 5], [2, 3], [6, 6]], leader=0, tricks_won=[1, 1, 1], bids=[1, 3, 1],
                                lost={2: ["blue", "yellow"]},
                                tokens={("green", 6): 0, ("red", 6): 1, ("red", 5): 1}))
    state.apply(Play(0, 4, "blue"))
    state.apply(Play(1, 2, "blue"))
    scores = state.history[0]["scores"]
    assert state.history[0]["paradox_player"] == 2
    assert scores[2]["bid_met"] is True and scores[2]["round_points"] == -1
    # Ana bid 1 and has 1 trick: 1 + her group (green 6 alone: blue 4 is not next to it) = 2.
    assert (scores[0]["bid_met"], scores[0]["largest_group"], scores[0]["round_points"]) == (True, 1, 2)
    # Bo bid 3 with 1 trick: no bonus, although red 5-red 6 make a group of 2.
    assert (scores[1]["bid_met"], scores[1]["largest_group"], scores[1]["round_points"]) == (False, 2, 1)


# --- scoring -----------------------------------------------------------------------------------------


def board(top: int, cells: dict[tuple[str, int], int]) -> list[list[int]]:
    owner = [[-2] + [-1] * top for _ in range(4)]
    for (colour, number), seat in cells.items():
        owner[C[colour]][number] = seat
    return owner


def test_largest_group_is_orthogonal_and_blue_does_not_touch_red() -> None:
    assert largest_group(board(8, {("blue", 3): 0, ("yellow", 4): 0}), 0) == 1  # diagonal
    assert largest_group(board(8, {("blue", 3): 0, ("red", 3): 0}), 0) == 1  # top and bottom rows
    assert largest_group(board(8, {("green", 3): 0, ("red", 3): 0}), 0) == 2
    assert largest_group(board(8, {("yellow", 2): 0, ("yellow", 3): -2, ("yellow", 4): 0}), 0) == 1
    assert largest_group(board(8, {("yellow", 2): 0, ("yellow", 3): 1, ("yellow", 4): 0}), 0) == 1
    assert largest_group(board(8, {("red", 8): 0, ("red", 1): 0}), 0) == 1  # no wrap-around
    assert largest_group(board(8, {("blue", 1): 1}), 0) == 0
    snake = {("blue", 1): 0, ("blue", 2): 0, ("yellow", 2): 0, ("green", 2): 0, ("green", 3): 0, ("red", 3): 0}
    assert largest_group(board(8, snake), 0) == 6


@pytest.mark.parametrize(("tricks", "bonus"), [(0, True), (4, True), (5, False)])
def test_two_player_bonus_needs_four_tricks_or_fewer(tricks: int, bonus: bool) -> None:
    from calico_bot.games.cat_in_the_box.engine.scoring import score_round

    owner = board(5, {("blue", 1): 0, ("blue", 2): 0, ("blue", 4): 1})
    scores = score_round(SETUPS[2], owner, [tricks, 8 - tricks], [None, None], None)
    assert scores[0].bid_met is bonus
    assert scores[0].round_points == tricks + (2 if bonus else 0)


def test_tie_break_on_the_last_round_then_shared() -> None:
    assert winners([10, 10, 8], [3, 5, 9]) == [1]
    assert winners([10, 10, 8], [4, 4, 9]) == [0, 1]
    assert rank_seats([10, 10, 8], [3, 5, 9]) == [2, 1, 3]
    assert winners([-1, -3], [0, 5]) == [0]


def test_rounds_pass_the_start_player_clockwise() -> None:
    state = new_game(GameOptions(["a", "b", "c"], start_player=2), 1)
    starts = []
    while not state.over:
        if state.phase == PHASE_SET_ASIDE and len(starts) == state.round:
            starts.append(state.round_start_player)
            assert state.leader == state.round_start_player
        prompt = state.awaiting()[0]
        state.apply(state.legal_actions(prompt)[0])
    assert starts == [2, 0, 1]
    assert [h["start_player"] for h in state.history] == [2, 0, 1]
    assert len(state.winners()) >= 1
    totals = state.totals()
    assert all(totals[s] >= max(totals) for s in state.winners())


def test_stale_and_game_over_refusals() -> None:
    state = new_game(GameOptions(["a", "b"]), 1)
    refused(state, SetAside(0, state.hands[0][0], expected_version=state.version + 1), "stale")
    state.apply(SetAside(0, state.hands[0][0], expected_version=state.version))
    refused(state, SetAside(7, 1), "not_a_player")
    while not state.over:
        state.apply(state.legal_actions(state.awaiting()[0])[0])
    refused(state, Play(0, 1, "blue"), "game_over")
    assert state.awaiting() == ()
