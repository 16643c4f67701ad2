"""The local table as a newcomer types at it: numbers, options, help, language, markup, nasty input."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtable.fake_discord import FakeAttachment, FakeMessage
from devtable.local_table import TableInputError, Terminal, readable_time

from .table_session import Session, local_table


async def started_game(session: Session) -> None:
    await session.run("/calico new mode:beginner seats:2")
    await session.run("/calico addbot")
    out = await session.run("/calico start")
    assert "[6] button: Take your turn" in out, out


def numbers_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"^\s+\[(\d+)\]", text, flags=re.M)]


async def test_menu_numbers_stay_with_their_message_across_edits(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        panel = await session.run("click 6")
        assert numbers_in(panel) == [7, 8, 9, 10] and "[10] button: Confirm" in panel
        for line, chosen in (("pick 7 2", "Tile 2"), ("pick 8 B4", "B4"), ("pick 9 1", "Slot 1")):
            edited = await session.run(line)
            assert "(edited)" in edited and f"(chosen: {chosen}" in edited, edited
            assert numbers_in(edited) == [7, 8, 9, 10], edited  # the same numbers, none new
        done = await session.run("click 10")
        assert "Done: B4." in done and "[7], [8], [9], [10] no longer on this message" in done
        assert not session.table.problems


async def test_a_number_that_is_gone_or_never_was_gets_a_clear_line(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        assert "[3] is gone: Calico edited that message in #calico" in await session.run("click 3")
        assert "There is no [99]: the numbers so far run from [1] to [6]." in await session.run("click 99")
        assert "[6] is a button: click 6" in await session.run("pick 6 1")
        panel = await session.run("click 6")
        assert "[7] is a menu: pick 7 OPTION" in await session.run("click 7")
        assert "[7] has no option 'Z9'" in await session.run("pick 7 Z9")
        assert "only ana sees: type 'as ana' first" in (await session.run("as bo") + await session.run("pick 8 B4"))
        assert panel and len(session.table.problems) == 6


async def test_clicking_by_label_and_restart_free_look(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        assert "[10] button: Confirm" in await session.run("click Take your turn")
        look = await session.run("look 2")
        assert "Take your turn" in look and "Confirm" in look and not session.last_problems


def parse(session: Session, line: str) -> tuple[str, dict[str, object]]:
    command, options = session.table.parse_slash(line)
    return command.qualified_name, options


def refusal(session: Session, line: str) -> str:
    with pytest.raises(TableInputError) as caught:
        session.table.parse_slash(line)
    return str(caught.value)


async def test_options_are_converted_by_their_declared_type(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        users = session.table.users
        assert parse(session, "/rules ask question:yes") == ("rules ask", {"question": "yes"})
        assert parse(session, "/rules ask question:can I mix a cat's two patterns? public:yes") == (
            "rules ask", {"question": "can I mix a cat's two patterns?", "public": True})
        assert parse(session, '/rules ask question:"what does game: mean?" public:no') == (
            "rules ask", {"question": "what does game: mean?", "public": False})
        assert parse(session, "/calico play tile:2 space:b4 take:3") == (
            "calico play", {"tile": 2, "space": "b4", "take": 3})
        assert parse(session, "/calico kick player:ana")[1] == {"player": users["ana"]}
        assert parse(session, "/calico board player:@bo game:1")[1] == {"player": users["bo"], "game": 1}
        assert parse(session, "/calico new mode:Solo deadline_hours:0.5")[1] == {"mode": "solo", "deadline_hours": 0.5}
        assert refusal(session, "/calico play tile:abc space:A1").startswith("tile must be a number")
        assert refusal(session, "/calico play tile:3 space:A1") == "tile must be from 1 to 2."
        assert refusal(session, "/calico goals b3:x") == "missing option: c4, d2 (options: b3, c4, d2, [game])"
        assert refusal(session, "/calico new mode:weird") == "mode must be one of: standard, beginner, family, solo."
        assert refusal(session, "/calico kick player:zed").startswith("player must be a local player: ana, bo")
        assert refusal(session, "/calico play tile:1 spcae:A1").startswith("/calico play has no option 'spcae'")
        assert refusal(session, "/rules ask public:maybe question:x") == "public must be true or false."
        assert refusal(session, "/calico") .startswith("/calico needs a subcommand: addbot, board")
        assert refusal(session, "/calico nope").startswith("/calico has no subcommand 'nope'")
        assert refusal(session, "/nope").startswith("There is no command /nope")
        assert refusal(session, "/rules ask can I lead red?").startswith("'can I lead red?' is not an option")
        assert refusal(session, "/calico play tile:1 tile:2 space:A1") == "option tile is given twice."


async def test_the_real_dispatch_gets_the_converted_values(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        out = await session.run("/rules ask question:can I mix a cat's two patterns?")
        assert "Calico" in out and not session.last_problems  # the apostrophe is just a letter
        out = await session.run("/rules ask question:yes")
        assert "no rule" in out.lower() and not session.last_problems  # "yes" stayed text, not True
        board = await session.run("/calico board player:ana")
        assert "[image saved:" in board and not session.last_problems


async def test_help_lists_commands_with_options_and_shows_one(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        everything = await session.run("help")
        for usage in ("/calico play tile space [take] [game]", "/rules ask question [game] [public]",
                      "/calico new [mode] [seats]", "/daily play", "/calico kick player [game]", "pick 5 B4"):
            assert usage in everything
        one = await session.run("help calico play")
        assert one.splitlines()[0] == "/calico play tile space [take] [game]"
        assert "tile: Hand tile (1 or 2) (whole number; 1-2; required)" in one
        assert "take: Market slot to take (1-3) (whole number; 1-3; optional)" in one
        assert "/calico new" not in one
        assert "mode: Game mode (text; one of standard, beginner, family, solo; optional)" in await session.run(
            "help /calico new")
        group = await session.run("help rules")
        assert "/rules ask question" in group and "/rules topic topic" in group and "/calico" not in group
        assert "There is no command /nope" in await session.run("help nope")


async def test_lang_switches_the_local_users_locale(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        english = await session.run("/calico status")  # no game here: a refusal in ana's language
        assert english and not re.search(r"[\u4e00-\u9fff]", english)
        assert "ana now uses zh-CN" in await session.run("lang zh")
        chinese = await session.run("/calico status")
        assert re.search(r"[\u4e00-\u9fff]{4}", chinese), chinese
        assert "bo" in await session.run("as bo")
        assert "en-US" in await session.run("lang")  # the language belongs to one local user
        assert "Unknown language 'xx'" in await session.run("lang xx")


async def test_mentions_and_times_read_as_a_discord_client_shows_them(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        assert "<@" not in session.text and "<t:" not in session.text
        assert "@ana, it's your turn in game #1 (deadline in 24 hours)" in session.text
        ana = session.table.users["ana"].id
        channel = session.table.main.id
        assert session.table.readable(f"<@{ana}> and <@!{ana}> in <#{channel}>") == "@ana and @ana in #calico"
    assert readable_time(1_000_000, "R", now=1_000_000 - 90) == "in 2 minutes"
    assert readable_time(1_000_000, "R", now=1_000_000 + 3 * 86400) == "3 days ago"
    assert readable_time(1_796_208_230, "f") == "2 December 2026 10:43 UTC"
    assert readable_time(1_796_208_230, "d") == "2026-12-02"
    assert readable_time(1_796_208_230, "t") == "10:43 UTC"


async def test_files_that_are_not_images_say_file_saved(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        record = FakeAttachment("game-1.json", b"{}", "application/json")
        picture = FakeAttachment("quilt.png", b"\x89PNG", "image/png")
        message = FakeMessage(id=1, channel_id=session.table.main.id, attachments=[record, picture])
        lines = session.table._describe(message, edited=False, save=True)
        saved = tmp_path / "out" / "001-game-1.json"
        assert f"  [file saved: {saved}]" in lines and saved.read_bytes() == b"{}"
        assert f"  [image saved: {tmp_path / 'out' / '002-quilt.png'}]" in lines
        await session.run("/calico new mode:solo solo_setup:beginner")  # its cats image is 003
        exported = await session.run("/calico export")
        assert f"[file saved: {tmp_path / 'out' / '004-calico-1.json'}]" in exported, exported
        assert (tmp_path / "out" / "004-calico-1.json").read_text().startswith("{")


async def test_the_prompt_is_drawn_again_after_a_background_post(tmp_path: Path) -> None:
    stream = io.StringIO()
    terminal = Terminal(stream, line_buffer=lambda: "/calico st")
    async with local_table(tmp_path, write=terminal.write) as session:
        table = session.table
        terminal.prompt = "ana> "  # as while input() waits
        assert table.bot is not None
        await table.bot.get_partial_messageable(table.main.id).send(f"<@{table.users['bo'].id}> moved")
        terminal.prompt = None
    shown = stream.getvalue()
    assert "\r\x1b[2K[#calico] Calico:\n  @bo moved\nana> /calico st" in shown


NASTY = [
    "/", "//", "/ calico", "/calico play tile:", "/calico play tile: space:", "/calico play tile:1 space:",
    "/rules ask question:'", '/rules ask question:"', "/rules ask question:\"a\" \"b\"", "/rules ask question:\x00",
    "click", "click -1", "click 1e9", "click 99999999999999999999", "pick", "pick 1", "pick x y", "pick 1 ,,,",
    "as", "as ana bo", "go", "go thread x", "lang", "lang zh zh", "look 0", "look 999", "help calico nope",
    "help /", "/calico new seats:0", "/calico new seats:99999999999999999999", "/calico new deadline_hours:nan",
    "/calico new deadline_hours:inf", "/calico new scenario:-1", "/calico play tile:1 space:" + "A" * 5000,
    "/rules ask question:" + "猫" * 3000, "/daily channel channel:nowhere", "/daily channel channel:here",
    "/calico kick player:<@1>", "/calico hint turn:0", "/calico-admin sync", "@ana", "#", "\t\t", "quit now",
    "/calico new mode: beginner", "/calico goals b3:a c4:b d2:c", "/calico export game:999",
]
FRAGMENTS = ["/calico", "/rules", "/daily", "play", "ask", "new", "goals", "tile:", "space:", "question:",
             "player:", "game:", "mode:", "1", "-3", "B4", "@ana", "bo", "'", '"', ":", "click", "pick", "as",
             "go", "lang", "zh", "help", "look", "yes", "nan", "<@4000000000000100>", "<t:1:R>", "猫", "\u200b"]


async def check_never_silent_never_raises(session: Session, line: str) -> None:
    out = await session.run(line)
    assert "Traceback" not in out
    if line.strip() and not line.strip().startswith("#"):
        assert out.strip(), f"no answer to {line!r}"


async def test_nasty_input_never_gives_a_traceback_or_silence(tmp_path: Path) -> None:
    async with local_table(tmp_path) as session:
        await started_game(session)
        for line in NASTY:
            await check_never_silent_never_raises(session, line)
        assert not any("the table could not run" in p for p in session.table.problems), session.table.problems


def test_fuzzed_lines_never_give_a_traceback_or_silence(tmp_path: Path) -> None:
    loop = asyncio.new_event_loop()
    context = local_table(tmp_path)
    session = loop.run_until_complete(context.__aenter__())
    try:
        loop.run_until_complete(started_game(session))

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), min_size=1, max_size=7))
        def one_line(parts: list[str]) -> None:
            line = " ".join(parts).replace("\n", " ").replace("\r", " ")
            loop.run_until_complete(check_never_silent_never_raises(session, line))

        one_line()
        crashes = [p for p in session.table.problems if "the table could not run" in p]
        assert not crashes, crashes
    finally:
        loop.run_until_complete(context.__aexit__(None, None, None))
        loop.close()


async def test_a_failing_command_is_one_line_and_its_traceback_goes_to_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with local_table(tmp_path) as session:
        assert session.table.bot is not None
        games = session.table.bot.tables["calico"]

        async def broken(*args: object, **kwargs: object) -> None:
            raise RuntimeError("the cat sat on the keyboard")

        monkeypatch.setattr(games, "resolve", broken)
        out = await session.run("/calico status")
        assert "Traceback" not in out
        assert f"(the bot logged an error: command failed; details in {session.table.log_file})" in out
        assert "Sorry, something went wrong" in out  # the bot's own polite answer, as on Discord
    log = session.table.log_file.read_text()
    assert "Traceback" in log and "the cat sat on the keyboard" in log
