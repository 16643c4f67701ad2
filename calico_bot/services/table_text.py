"""The words every plug-in game shares at the table (lobby, panels, undo requests, refusals), in
English and Chinese, and the registry of each plug-in's own messages.

Keys here start with ``table.``; a plug-in's own keys start with its game key (``citb.``), so no
two plug-ins can collide (``register_plugin_messages`` refuses a key outside its prefix, a key seen
twice, or a key missing in one language).
"""

from __future__ import annotations

from typing import Any

from ..core.game_contract import GamePlugin
from .i18n import MESSAGES, Lang, format_entry, register_messages, tr
from .tables import GameError

TABLE_MESSAGES: dict[str, dict[Lang, str]] = {
    "table.lobby.title": {"en": "{game_name} #{game}: lobby", "zh": "{game_name} #{game}：等待开局"},
    "table.lobby.title.active": {"en": "{game_name} #{game}: playing", "zh": "{game_name} #{game}：进行中"},
    "table.lobby.title.over": {"en": "{game_name} #{game}: over", "zh": "{game_name} #{game}：已结束"},
    "table.lobby.title.ended": {"en": "{game_name} #{game}: ended", "zh": "{game_name} #{game}：已终止"},
    "table.lobby.body": {"en": "Seats {taken}/{seats}, host {host}.\n{players}",
                         "zh": "座位 {taken}/{seats}，房主 {host}。\n{players}"},
    "table.lobby.created": {
        "en": "{game_name} #{game} is open: join with the button or `/{command} join game: {game}`.",
                            "zh": "{game_name} #{game} 已开放：点按钮或用 `/{command} join game: {game}` 加入。"},
    "table.lobby.started": {"en": "{game_name} #{game} has started.", "zh": "{game_name} #{game} 已开始。"},
    "table.lobby.closed": {"en": "{game_name} #{game} is closed.", "zh": "{game_name} #{game} 已关闭。"},
    "table.lobby.thread_name": {"en": "{game_name} #{game}", "zh": "{game_name} #{game}"},
    "table.lobby.bot_added": {"en": "A bot ({level}) joined game #{game}.",
                              "zh": "一名机器人（{level}）加入了对局 #{game}。"},
    "table.lobby.pick_level": {"en": "Which bot?", "zh": "添加哪种机器人？"},
    "table.joined": {"en": "You joined game #{game}.", "zh": "你加入了对局 #{game}。"},
    "table.left": {"en": "You left game #{game}.", "zh": "你离开了对局 #{game}。"},
    "table.started": {"en": "**{game_name} #{game} begins.** Players: {players}.",
                      "zh": "**{game_name} #{game} 开始了。**玩家：{players}。"},
    "table.waiting": {"en": "Waiting for: {names}.", "zh": "等待：{names}。"},
    "table.your_move": {"en": "{mentions}: your move ({what}).", "zh": "{mentions}：轮到你了（{what}）。"},
    "table.deadline_at": {"en": "Deadline <t:{at}:R>.", "zh": "期限 <t:{at}:R>。"},
    "table.reminder": {"en": "{mention}: a reminder, your move ({what}) is due <t:{at}:R>.",
                       "zh": "{mention}：提醒一下，你的行动（{what}）将在 <t:{at}:R> 到期。"},
    "table.sealed_answered": {"en": "{name} has chosen ({done} of {total}).",
                              "zh": "{name} 已做出选择（{done}/{total}）。"},
    "table.auto.bot": {"en": "(bot)", "zh": "（机器人）"},
    "table.auto.deadline": {"en": "(deadline passed: played by the bot)", "zh": "（超时：由机器人代打）"},
    "table.auto.kicked": {"en": "(played by the bot)", "zh": "（由机器人代打）"},
    "table.auto.resigned": {"en": "(played by the bot)", "zh": "（由机器人代打）"},
    "table.finished": {"en": "**{game_name} #{game} is over.**\n{ranking}",
                       "zh": "**{game_name} #{game} 结束了。**\n{ranking}"},
    "table.rank_line": {"en": "{rank}. {name}: {score}", "zh": "第 {rank} 名 {name}：{score} 分"},
    "table.panel.pick": {"en": "{what}: choose step {step} of {steps}.", "zh": "{what}：第 {step}/{steps} 步。"},
    "table.panel.picked": {"en": "So far: {picked}.", "zh": "已选：{picked}。"},
    "table.panel.placeholder": {"en": "Choose…", "zh": "请选择…"},
    "table.panel.more": {"en": "More ({n})…", "zh": "更多（{n}）…"},
    "table.panel.done": {"en": "Done: {picked}.", "zh": "完成：{picked}。"},
    "table.panel.nothing": {"en": "Nothing is waiting for you in game #{game} right now.",
                            "zh": "对局 #{game} 现在没有等你做的事。"},
    "table.button.act": {"en": "Your move", "zh": "行动"},
    "table.button.yes": {"en": "Agree", "zh": "同意"},
    "table.button.no": {"en": "Refuse", "zh": "拒绝"},
    "table.button.end": {"en": "End game #{game}", "zh": "结束对局 #{game}"},
    "table.end.confirm": {"en": "End game #{game} for everyone? This cannot be undone.",
                          "zh": "要为所有人结束对局 #{game} 吗？此操作无法撤销。"},
    "table.end.done": {"en": "Game #{game} is ended.", "zh": "对局 #{game} 已结束。"},
    "table.undo_asked": {"en": "{name} asks to take back their last move, which showed the table something new. "
                                  "Everyone else must agree: {mentions}",
                         "zh": "{name} 请求撤回上一步（这一步已向大家揭示了新信息），需要其他所有人同意：{mentions}"},
    "table.undo_accepted": {"en": "You agreed. Still waiting for: {names}.", "zh": "你已同意。还在等待：{names}。"},
    "table.undo_declined": {"en": "{name} refused {asker}'s undo. Nothing was taken back.",
                            "zh": "{name} 拒绝了 {asker} 的撤回请求，什么都没有撤回。"},
    "table.undo_sent": {"en": "Your request was sent to the other players.", "zh": "你的请求已发给其他玩家。"},
    "table.undone_you": {"en": "Done: your last move was taken back.", "zh": "已撤回你的上一步。"},
    "table.history.empty": {"en": "Nothing has been played yet.", "zh": "还没有任何行动。"},
    "table.history.sealed": {"en": "{name} made a secret choice.", "zh": "{name} 做出了秘密选择。"},
    "table.export.running": {"en": "The record of game #{game} so far (without hidden information).",
                             "zh": "对局 #{game} 目前的记录（不含隐藏信息）。"},
    "table.export.done": {"en": "The record of game #{game}.", "zh": "对局 #{game} 的记录。"},
    "table.status.lobby": {"en": "Game #{game} is waiting for players.", "zh": "对局 #{game} 正在等待玩家。"},
    "table.status.over": {"en": "Game #{game} is over.", "zh": "对局 #{game} 已结束。"},
    "table.resigned_you": {"en": "You resigned; the bot plays your seat.", "zh": "你已认输，由机器人代打你的座位。"},
    "table.kicked_done": {"en": "{name} was removed; the bot plays their seat.",
                          "zh": "已移出 {name}，由机器人代打其座位。"},
    # command descriptions of a game's table (the command names are shared words, see app.translator)
    "table.desc.group": {"en": "Play {game_name} by post", "zh": "以异步方式玩{game_name}"},
    "table.desc.new": {"en": "Open a new {game_name} game in this channel", "zh": "在本频道开一局新的{game_name}"},
    "table.desc.seats": {"en": "Number of seats ({low}-{high})", "zh": "座位数（{low}-{high}）"},
    "table.desc.deadline": {"en": "Hours per decision before the bot plays for you (0 = none)",
                            "zh": "每次决定的小时数，超时由机器人代打（0 = 不限）"},
    "table.desc.join": {"en": "Join a {game_name} game", "zh": "加入一局{game_name}"},
    "table.desc.leave": {"en": "Leave a game that has not started", "zh": "离开尚未开始的对局"},
    "table.desc.start": {"en": "Start the game (host)", "zh": "开始对局（房主）"},
    "table.desc.play": {"en": "Your move: open your private panel, or give the whole answer",
                        "zh": "行动：打开你的私人面板，或直接给出完整选择"},
    "table.desc.choice": {"en": "Your whole answer, e.g. a card and its colour (leave out: the panel)",
                          "zh": "你的完整选择，例如一张牌和它的颜色（不填：打开面板）"},
    "table.desc.status": {"en": "Who must act and the scores so far", "zh": "轮到谁以及目前的分数"},
    "table.desc.history": {"en": "What has been played so far", "zh": "到目前为止的行动"},
    "table.desc.export": {"en": "Download the game record (JSON)", "zh": "下载对局记录（JSON）"},
    "table.desc.undo": {"en": "Take back your last move", "zh": "撤回你的上一步"},
    "table.desc.resign": {"en": "Resign: the bot plays your remaining moves", "zh": "认输：剩下的行动由机器人代打"},
    "table.desc.end": {"en": "End the game (host or Manage Server)", "zh": "结束对局（房主或管理员）"},
    "table.desc.addbot": {"en": "Add a bot player to the lobby (host)", "zh": "向房间添加机器人玩家（房主）"},
    "table.desc.level": {"en": "Bot strength", "zh": "机器人强度"},
    "table.desc.kick": {"en": "Remove a player (host or Manage Server)", "zh": "移出一名玩家（房主或管理员）"},
    "table.desc.remove": {"en": "Take a player out of a lobby that has not started (host)",
                          "zh": "把玩家请出尚未开始的房间（房主）"},
    "table.desc.player": {"en": "Player to remove", "zh": "要移出的玩家"},
    "table.desc.game": {"en": "Game number (not needed inside the game's thread)",
                        "zh": "对局编号（在对局子区内可省略）"},
    # refusals of the plug-in service (the shared catalog has the rest)
    "table.no_such_game": {"en": "There is no {game_name} game #{game} here.",
                           "zh": "这里没有编号为 #{game} 的{game_name}对局。"},
    "table.no_game_here": {"en": "There is no open {game_name} game here. Start one with `/{command} new`.",
                           "zh": "这里没有进行中的{game_name}对局。用 `/{command} new` 开一局吧。"},
    "table.bad_seat_count": {"en": "{game_name} is for {min} to {max} players.",
                             "zh": "{game_name}需要 {min} 到 {max} 名玩家。"},
    "table.bad_player_count": {"en": "{game_name} needs {min} to {max} players; the lobby has {n}.",
                               "zh": "{game_name}需要 {min} 到 {max} 名玩家，房间里现在有 {n} 名。"},
    "table.not_awaited": {"en": "Nothing is waiting for your answer there right now.",
                          "zh": "现在那里没有等你回答的事。"},
    "table.stale": {"en": "That panel belongs to a decision that is already made: the game has moved on. "
                          "Nothing was changed.",
                    "zh": "这个面板对应的决定已经做完了，对局已经继续。什么都没有改变。"},
    "table.nothing_to_undo": {"en": "You can only take back your own last move, before anybody else has acted.",
                              "zh": "只能撤回你自己的上一步，而且要在其他人行动之前。"},
    "table.undo_never": {"en": "Moves cannot be taken back in this game.", "zh": "这一局不能撤回。"},
    "table.no_undo_request": {"en": "There is no open undo request in this game (the game may have moved on).",
                              "zh": "这一局没有待处理的撤回请求（对局可能已经继续了）。"},
    "table.no_such_choice": {"en": "“{choice}” is not one of your choices right now: pick one from the list.",
                             "zh": "“{choice}”不是你现在能做的选择：请从列表中选一个。"},
    "table.undo_own_request": {"en": "That is your own request: the others decide.",
                               "zh": "这是你自己的请求，由其他人决定。"},
}

for _key in TABLE_MESSAGES:
    assert _key not in MESSAGES, _key
MESSAGES.update(TABLE_MESSAGES)



def register_plugin_messages(plugin: GamePlugin) -> None:
    """Add a plug-in's own messages to the catalog: every key under its prefix, in both languages."""
    en, zh = plugin.messages.get("en", {}), plugin.messages.get("zh", {})
    if set(en) != set(zh):
        raise ValueError(f"{plugin.key}: messages not in both languages: {sorted(set(en) ^ set(zh))}")
    register_messages(plugin.key, {key: {"en": en[key], "zh": zh[key]} for key in en})


def ttr(lang: Lang, plugin: GamePlugin, key: str, **params: Any) -> str:
    """A table message for ``plugin``'s game: its name and command are filled in."""
    name = tr(lang, f"{plugin.key}.name") if f"{plugin.key}.name" in MESSAGES else plugin.name
    return format_entry(MESSAGES[key], lang, {"game_name": name, "command": plugin.command or plugin.key, **params})


def table_refusal(lang: Lang, plugin: GamePlugin, error: GameError) -> str:
    """A refusal of the plug-in service in the user's language: the game's own rule message, the
    table's words, or the shared catalog's."""
    params = dict(error.params)
    if error.code == "rule":
        code = str(params.pop("code_", ""))
        message = str(params.pop("message", code))
        return plugin.refusal(code, params, message, lang) or message
    if f"table.{error.code}" in MESSAGES:
        return ttr(lang, plugin, f"table.{error.code}", **params)
    return tr(lang, error.code, **params)


__all__ = ["TABLE_MESSAGES", "register_plugin_messages", "table_refusal", "ttr"]
