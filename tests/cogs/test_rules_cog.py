"""/rules through the real dispatch: answers, language, topics, related buttons."""

from __future__ import annotations

from .conftest import Table


async def test_ask_in_english_cites_the_rule(table: Table) -> None:
    r = await table.slash("ana", "rules ask", question="how do I get the rainbow button?")
    assert not r.errors and not r.is_ephemeral
    embed = r.embeds[0]
    assert "Rainbow" in embed["title"]
    assert "calico.buttons.rainbow" in embed["footer"]["text"]
    assert any(i.startswith("rules:en:") for i in r.button_ids())


async def test_ask_in_chinese_answers_in_chinese(table: Table) -> None:
    r = await table.slash("ana", "rules ask", question="彩虹纽扣怎么拿?")
    assert "彩虹" in r.embeds[0]["title"]
    assert "规则" in r.embeds[0]["footer"]["text"]


async def test_the_question_language_wins_over_the_locale(table: Table) -> None:
    r = await table.slash("zhu", "rules ask", question="rainbow button")  # zhu's Discord is in Chinese
    assert "Rainbow" in r.embeds[0]["title"]
    r = await table.slash("ana", "rules ask", question="彩虹纽扣")  # ana's is in English
    assert "彩虹" in r.embeds[0]["title"]
    r = await table.slash("zhu", "rules ask", question="what's the weather in Paris tomorrow")
    assert "没有找到" in r.text  # no answer: the note follows the locale


async def test_no_match_is_honest_and_private(table: Table) -> None:
    r = await table.slash("ana", "rules ask", question="what's the weather in Paris tomorrow")
    assert r.is_ephemeral and "no rule" in r.text


async def test_game_filter_and_private_answer(table: Table) -> None:
    r = await table.slash("ana", "rules ask", question="who wins a trick", game="citb", public=False)
    assert r.is_ephemeral and "citb." in r.embeds[0]["footer"]["text"]


async def test_topic_autocomplete_and_related_button(table: Table) -> None:
    choices = await table.driver.autocomplete(table.users["ana"], table.channel, "rules topic", {"topic": "butt"},
                                              "topic")
    values = [c["value"] for c in choices.choices]
    assert "calico.buttons" in values and len(values) <= 25
    r = await table.slash("ana", "rules topic", topic="calico.buttons")
    assert r.is_ephemeral and "Button" in r.embeds[0]["title"]
    related = next(i for i in r.button_ids() if i.startswith("rules:"))
    message = r.original
    assert message is not None
    clicked = await table.click("bo", message, related)
    assert clicked.is_ephemeral and clicked.embeds and not clicked.errors


async def test_a_specific_case_is_shown_under_its_topic(table: Table) -> None:
    r = await table.slash("ana", "rules ask", question="how many points is leo worth?")
    embed = r.embeds[0]
    assert "calico.cats.list" in embed["footer"]["text"]  # the topic answers...
    fields = embed.get("fields", [])
    assert fields and "Leo" in fields[0]["name"] and "11" in fields[0]["value"]  # ...with the case under it


async def test_the_game_of_the_thread_answers_a_question_that_names_none(table: Table) -> None:
    made = await table.slash("ana", "catbox new", seats=2, deadline_hours=24)
    game = (await table.bot.tables["citb"].games_here(table.channel.id))[-1].id
    assert not (await table.click("bo", made.original, f"citb:lobby:join:{game}")).errors
    assert not (await table.slash("ana", "catbox start", game=game)).errors
    thread = table.thread()

    def topic(r) -> str:  # type: ignore[no-untyped-def]
        assert not r.errors and r.embeds, r.text
        return r.embeds[0]["footer"]["text"].split("`")[1]

    assert topic(await table.slash("bo", "rules ask", question="when does the game end?")) == "citb.end.ties"
    assert topic(await table.slash("bo", "rules ask", thread, question="平局怎么办")) == "citb.end.ties"
    # A game named, picked, or pointed to by its own words still decides, in that thread too.
    assert topic(await table.slash("bo", "rules ask", thread, question="when does calico end?")) \
        == "calico.scoring.total"
    assert topic(await table.slash("bo", "rules ask", thread, question="when does it end?", game="ioc")) \
        == "ioc.day.phases"
    assert topic(await table.slash("bo", "rules ask", thread, question="how do I get the rainbow button")) \
        == "calico.buttons.rainbow"
    # Elsewhere, with no game played there, Calico stays the default.
    elsewhere = table.fake.add_channel(type(table.channel)(id=table.channel.id + 77, guild_id=table.guild.id,
                                                           name="chat"))
    assert topic(await table.slash("bo", "rules ask", elsewhere, question="when does the game end?")) \
        == "calico.scoring.total"


async def test_an_answer_does_not_depend_on_the_database(table: Table, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def broken(*args: object, **kwargs: object) -> list[object]:
        raise OSError("database unavailable")

    monkeypatch.setattr(table.bot.storage, "find_games", broken)
    r = await table.slash("ana", "rules ask", question="how do I get the rainbow button?")
    assert not r.errors and "calico.buttons.rainbow" in r.embeds[0]["footer"]["text"]


async def test_a_refusal_that_may_be_a_rules_question_lists_the_closest_topics(table: Table) -> None:
    # Texting slang: the off-topic classifier asks more of it than its best answer covers.
    r = await table.slash("ana", "rules ask", question="fish r limited or infinite")
    assert r.is_ephemeral and not r.embeds and "no rule" in r.text
    assert "come closest" in r.text and "`ioc.fish.draft`" in r.text and len(r.text) <= 2000
    r = await table.slash("zhu", "rules ask", question="fish r limited or infinite")
    assert "最接近" in r.text and "`ioc.fish.draft`" in r.text  # the note and the titles follow the locale
    # Another game, or the weather: the plain note.
    for message in ("how do you castle in chess", "what's the weather in Paris tomorrow"):
        r = await table.slash("ana", "rules ask", question=message)
        assert r.is_ephemeral and "no rule" in r.text and "closest" not in r.text


async def test_a_related_topic_of_another_game_names_its_game(table: Table) -> None:
    question = "the cards with the little school/book thing on them, do i have to play them right away?"
    r = await table.slash("ana", "rules ask", question=question)
    embed = r.embeds[0]
    assert "ioc.lessons" in embed["footer"]["text"]
    related = next(f for f in embed["fields"] if f["name"] == "Related")["value"].splitlines()
    others = [line for line in related if line.endswith(("(Calico)", "(Cat in the Box)"))]
    assert others, related  # the question named no game: the other games' topics are labelled
    assert all("(The Isle of Cats)" not in line for line in related)  # the answer's own game is not
