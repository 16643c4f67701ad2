"""The bot end to end on PostgreSQL: the same tests as on SQLite, through the real dispatch, against a
real PostgreSQL server (skipped without one; CI starts one, see ``.ci/run``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.pg import POSTGRES, drop_postgres, fresh_postgres_url

from .conftest import Table, open_table
from .test_calico_cog import (  # noqa: F401  (collected here again, on PostgreSQL)
    test_deadline_passed_while_the_bot_was_down,
    test_double_clicked_confirm_applies_once,
    test_exported_record_replays_to_the_same_scores,
    test_full_two_player_game_by_commands_and_buttons,
    test_restart_mid_game_keeps_everything_and_old_buttons_work,
    test_undo_own_last_turn_only_before_the_next_player_acts,
)
from .test_lobby_limit import test_new_commands_sent_together_open_no_more_than_the_limit  # noqa: F401
from .test_lobby_remove import (  # noqa: F401
    test_cat_in_the_box_lobbies_have_the_same_removal,
    test_the_host_removes_a_player_with_the_lobby_button,
)
from .test_trust import (  # noqa: F401
    elsewhere,
    test_a_deadline_claimed_by_a_process_that_died_fires_later,
    test_a_failed_thread_post_after_a_saved_move_is_retried_never_refused,
    test_an_announcement_pending_at_a_crash_is_posted_once_after_the_restart,
    test_another_servers_members_cannot_touch_a_game,
    test_moves_in_different_games_sent_together_are_all_saved_and_announced,
    test_the_same_interaction_delivered_twice_acts_once,
)

pytestmark = pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL test server (CALICO_TEST_POSTGRES)")



@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    url, name = await fresh_postgres_url()
    try:
        async with open_table(tmp_path, url) as t:
            yield t
    finally:
        await drop_postgres(name)
