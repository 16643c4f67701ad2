"""Every user-facing sentence of the bot, in English and Simplified Chinese.

``tr(lang, key, **params)`` formats one message; ``lang_of(locale)`` maps a Discord locale
("zh-CN", "zh-TW", "en-US", ...) to ``"zh"`` or ``"en"``. Rule refusals from the core carry a
stable code, translated by ``<game>.rule.<code>``; unknown codes fall back to the core's English text.
Each game brings its own messages under its prefix (``register_messages``); the shared ones are here.
"""

from __future__ import annotations

from typing import Any

Lang = str

MESSAGES: dict[str, dict[Lang, str]] = {
    # --- generic ---------------------------------------------------------------------------------
    "error.generic": {
        "en": "Sorry, something went wrong on my side. Nothing was changed; please try again.",
        "zh": "抱歉，机器人这边出了点问题。什么都没有改变，请再试一次。",
    },
    "error.cooldown": {
        "en": "Slow down a little: try again in {seconds:.0f} s.",
        "zh": "慢一点：请在 {seconds:.0f} 秒后再试。",
    },
    "error.after_commit": {
        "en": "Your action was saved, but I could not finish answering. The game's thread will show it shortly.",
        "zh": "你的操作已经保存，但我没能完成回复。对局的帖子稍后会显示结果。",
    },
    "error.bad_option": {
        "en": "The option `{option}` has a value I cannot use: {reason}",
        "zh": "选项 `{option}` 的值无法使用：{reason}",
    },
    "error.option_type": {"en": "it must be {kind}.", "zh": "它必须是{kind}。"},
    "error.option_range": {
        "en": "it must be between {low} and {high}.",
        "zh": "它必须在 {low} 到 {high} 之间。",
    },
    "error.option_length": {
        "en": "it can be at most {max} characters long.",
        "zh": "最多只能有 {max} 个字符。",
    },
    "error.option_choice": {"en": "it must be one of: {choices}.", "zh": "它必须是以下之一：{choices}。"},
    "error.option_unknown": {"en": "this command has no such option.", "zh": "这个命令没有这个选项。"},
    "kind.string": {"en": "text", "zh": "文字"},
    "kind.integer": {"en": "a whole number", "zh": "整数"},
    "kind.number": {"en": "a number", "zh": "数字"},
    "kind.boolean": {"en": "true or false", "zh": "是或否"},
    "kind.user": {"en": "a member", "zh": "一位成员"},
    "kind.channel": {"en": "a channel", "zh": "一个频道"},
    "kind.role": {"en": "a role", "zh": "一个身份组"},
    "kind.mentionable": {"en": "a member or role", "zh": "成员或身份组"},
    "kind.attachment": {"en": "a file", "zh": "一个文件"},
    "error.owner_only": {"en": "Only the bot's owners can use this command.",
                         "zh": "只有机器人的所有者可以使用这个命令。"},
    "error.no_permission": {"en": "You need the Manage Server permission for that.", "zh": "这需要“管理服务器”权限。"},
    "error.guild_only": {
        "en": "This command works in a server, not in direct messages.",
        "zh": "这个命令只能在服务器里使用，不能在私信中使用。",
    },
    # --- service refusals --------------------------------------------------------------------------
    "no_such_game": {"en": "There is no Calico game #{game} here.", "zh": "这里没有编号为 #{game} 的猫与花毯对局。"},
    "no_game_here": {
        "en": "There is no open Calico game here. Start one with `/calico new`.",
        "zh": "这里没有进行中的猫与花毯对局。用 `/calico new` 开一局吧。",
    },
    "which_game": {
        "en": "Several games are open here ({games}): add the `game` option to say which.",
        "zh": "这里有多局对局（{games}）：请用 `game` 选项指明是哪一局。",
    },
    "bad_deadline": {
        "en": "The turn deadline must be 0 (none) or between {min_minutes} minutes and {max} hours.",
        "zh": "回合期限必须是 0（不设期限），或在 {min_minutes} 分钟到 {max} 小时之间。",
    },
    "already_joined": {"en": "You are already in this game.", "zh": "你已经在这局里了。"},
    "lobby_full": {"en": "This game is full ({seats} seats).", "zh": "这一局已满（{seats} 个座位）。"},
    "bad_bot_level": {"en": "Bot levels: {levels}.", "zh": "机器人难度可选：{levels}。"},
    "not_in_lobby": {"en": "You have not joined this game.", "zh": "你还没有加入这一局。"},
    "lobby_limit": {
        "en": "You already host as many unstarted lobbies in this server as one member may ({limit}). "
              "Start one of them, or close one, then open the new game: {lobbies_}.",
        "zh": "你在本服务器开的未开始房间已达上限（每人最多 {limit} 个）。"
              "请先开始其中一局，或关闭一个，再开新的对局：{lobbies_}。",
    },
    "not_started": {"en": "This game has not started yet.", "zh": "这一局还没有开始。"},
    "kick_lobby": {
        "en": "Game #{game} has not started yet: `/{command} remove` takes a player out of its lobby.",
        "zh": "对局 #{game} 还没有开始：用 `/{command} remove` 把玩家请出房间。",
    },
    "remove_started": {
        "en": "Game #{game} has already started, so its lobby is closed: `/{command} kick` removes a player "
              "from the game (the bot then plays their seat).",
        "zh": "对局 #{game} 已经开始，房间已关闭：用 `/{command} kick` 把玩家移出对局（之后由机器人代打其座位）。",
    },
    "remove_self": {
        "en": "You cannot remove yourself. To cancel the lobby for everyone, use `/{command} end game: {game}`; "
              "to leave it to the others, `/{command} leave game: {game}`.",
        "zh": "你不能把自己请出房间。要为所有人取消这个房间，请用 `/{command} end game: {game}`；"
              "要把房间留给其他人，请用 `/{command} leave game: {game}`。",
    },
    "remove_host": {
        "en": "{name} is the host of game #{game} and cannot be removed; `/{command} end game: {game}` cancels "
              "the lobby.",
        "zh": "{name} 是对局 #{game} 的房主，不能被请出；`/{command} end game: {game}` 可以取消这个房间。",
    },
    "remove_not_in_lobby": {
        "en": "That player is not in the lobby of game #{game} (nothing was changed).",
        "zh": "那名玩家不在对局 #{game} 的房间里（什么都没有改变）。",
    },
    "already_started": {"en": "This game has already started.", "zh": "这一局已经开始了。"},
    "leave_started": {
        "en": "Game #{game} has already started: use `/calico resign` to leave it (the bot then plays your seat).",
        "zh": "对局 #{game} 已经开始：请用 `/calico resign` 退出（之后由机器人替你下）。",
    },
    "game_finished": {"en": "This game is finished.", "zh": "这一局已经结束了。"},
    "host_only": {
        "en": "Only the host or someone with Manage Server can do that.",
        "zh": "只有房主或拥有“管理服务器”权限的人可以这样做。",
    },
    "not_a_player": {"en": "You are not a player in this game.", "zh": "你不是这一局的玩家。"},
    "no_longer_playing": {
        "en": "You no longer play in this game; the bot plays your seat.",
        "zh": "你已经不在这局中了，你的座位由机器人代打。",
    },
    "target_not_player": {"en": "That person is not a player in this game.", "zh": "那个人不是这一局的玩家。"},
    "nothing_to_undo": {
        "en": "You can only take back your own last turn, before anybody else has acted.",
        "zh": "只能撤回你自己的上一回合，而且要在其他人行动之前。",
    },
    "stale": {
        "en": "That button belongs to an older position: the game has moved on. Nothing was changed.",
        "zh": "这个按钮对应的是旧局面，对局已经继续了。什么都没有改变。",
    },
    "game_corrupt": {
        "en": "Game #{game} cannot be read ({reason}). Other games are not affected; please tell the bot's admins.",
        "zh": "对局 #{game} 的数据无法读取（{reason}）。其他对局不受影响，请联系机器人管理员。",
    },
    # --- rule refusals (codes from the rules core) -----------------------------------------------
    # --- lobby -------------------------------------------------------------------------------------
    "lobby.in_thread": {
        "en": "Game #{game} will be played right here in this thread. "
        "Use the `game: {game}` option if other games share it.",
        "zh": "对局 #{game} 就在这个子区里进行。如果这里还有别的对局，请加上 `game: {game}` 选项。",
    },
    "lobby.thread_fallback": {
        "en": "I may not create threads here, so this game will be played in this channel. "
        "Use the `game: {game}` option with commands here.",
        "zh": "我在这里没有创建子区的权限，所以这局会在本频道进行。在这里使用命令时请加上 `game: {game}` 选项。",
    },
    "button.join": {"en": "Join", "zh": "加入"},
    "button.leave": {"en": "Leave", "zh": "离开"},
    "button.start": {"en": "Start", "zh": "开始"},
    "button.add_bot": {"en": "Add bot", "zh": "添加机器人"},
    "button.remove": {"en": "Remove player", "zh": "请出玩家"},
    "lobby.remove_pick": {"en": "Who should leave the lobby of game #{game}?",
                          "zh": "要把谁请出对局 #{game} 的房间？"},
    "lobby.remove_nobody": {"en": "Nobody else is in the lobby of game #{game} yet.",
                            "zh": "对局 #{game} 的房间里还没有其他人。"},
    "lobby.removed": {"en": "{name} is no longer in the lobby of game #{game}.",
                      "zh": "{name} 已不在对局 #{game} 的房间里。"},
    "removed_from_lobby": {
        "en": "{mention}: {by} took you out of the lobby of game #{game}. You are welcome to join another game.",
        "zh": "{mention}：{by} 把你请出了对局 #{game} 的房间。欢迎加入其他对局。",
    },
    "bot_removed_from_lobby": {"en": "{name} left the lobby of game #{game}.",
                               "zh": "{name} 离开了对局 #{game} 的房间。"},
    "button.take_turn": {"en": "Take your turn", "zh": "进行你的回合"},
    "button.choose_goals": {"en": "Choose design goals", "zh": "选择设计目标"},
    "button.confirm": {"en": "Confirm", "zh": "确认"},
    # --- turns -------------------------------------------------------------------------------------
    "hand.text": {"en": "Your hand in game #{game}: {tiles}.", "zh": "你在对局 #{game} 的手牌：{tiles}。"},
    "undo.asked": {
        "en": "{name} asks to take back their last turn, which showed everyone a new tile from the bag. "
              "Everyone else must agree: {mentions}",
        "zh": "{name} 请求撤回上一回合（这一回合已让大家看到了袋中的新板块），需要其他所有人同意：{mentions}"},
    "undo_declined": {"en": "{name} refused {asker}'s undo. Nothing was taken back.",
                      "zh": "{name} 拒绝了 {asker} 的撤回请求，什么都没有撤回。"},
    "no_undo_request": {"en": "There is no open undo request in this game (the game may have moved on).",
                        "zh": "这一局没有待处理的撤回请求（对局可能已经继续了）。"},
    "undo_own_request": {"en": "That is your own request: the others decide.",
                         "zh": "这是你自己的请求，由其他人决定。"},
    "undone": {"en": "{name} took back their last turn.", "zh": "{name} 撤回了上一回合。"},
    "undone_with_bots": {"en": "{name} took back their last turn and the {n} bot turn(s) that followed it.",
                         "zh": "{name} 撤回了上一回合，以及随后机器人的 {n} 个回合。"},
    "kicked": {
        "en": "{name} was removed; the bot plays their remaining turns.",
        "zh": "{name} 已被移出，剩下的回合由机器人代打。",
    },
    "resigned": {
        "en": "{name} resigned; the bot plays their remaining turns.",
        "zh": "{name} 认输了，剩下的回合由机器人代打。",
    },
    "ended_no_players": {"en": "No players are left, so the game has ended.", "zh": "已经没有玩家了，对局结束。"},
    "ended": {"en": "Game #{game} was ended by {name}.", "zh": "对局 #{game} 被 {name} 结束了。"},
    "end.confirm": {
        "en": "End game #{game} for everybody? It cannot be resumed. Press the button to confirm.",
        "zh": "要为所有人结束对局 #{game} 吗？结束后无法继续。按下按钮确认。",
    },
    "button.end_confirm": {"en": "Yes, end game #{game}", "zh": "确定结束对局 #{game}"},
    # --- solo scenario objectives ---------------------------------------------------------------------
    # --- status, scores ----------------------------------------------------------------------------
    "sync.done": {"en": "Synced {n} commands.", "zh": "已同步 {n} 个命令。"},
    # --- names -------------------------------------------------------------------------------------
}


def lang_of(locale: object) -> Lang:
    """``"zh"`` for any Chinese Discord locale, ``"en"`` otherwise."""
    text = str(getattr(locale, "value", locale) or "")
    return "zh" if text.lower().startswith("zh") else "en"


def tr(lang: Lang, key: str, **params: Any) -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    return format_entry(entry, lang, params)


def format_entry(entry: dict[Lang, str], lang: Lang, params: dict[str, Any]) -> str:
    """Fill one catalog entry in ``lang`` (English when missing); a missing parameter stays visible."""
    template = entry.get(lang) or entry["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry["en"].format_map(_Missing(params))


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str) -> bool:
    return key in MESSAGES


_OWNERS: dict[str, str] = {}  # message key -> the game that brought it


def register_messages(owner: str, catalog: dict[str, dict[Lang, str]]) -> None:
    """Add a game's own messages to the catalog: every key under ``owner.``, in both languages, and none
    taken by the shared catalog or another game (adding the same game's messages again is fine)."""
    for key, entry in catalog.items():
        if not key.startswith(owner + "."):
            raise ValueError(f"{owner}: message key {key!r} outside its prefix")
        if set(entry) != {"en", "zh"} or not all(entry.values()):
            raise ValueError(f"{owner}: message {key!r} is not in both languages")
        taken = _OWNERS.get(key)
        if (taken is not None and taken != owner) or (taken is None and key in MESSAGES):
            raise ValueError(f"{owner}: message key {key!r} already taken")
    for key, entry in catalog.items():
        _OWNERS[key] = owner
        MESSAGES[key] = dict(entry)
