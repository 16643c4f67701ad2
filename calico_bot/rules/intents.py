"""Questions about a game's structure, answered by one topic per game in every language.

"How many players?", "how many rounds?", "what scores at the end?", "how do you win?" are asked in a
hundred ways and share few words with the entry that answers them, so the ranking alone scatters
them over setup, scoring and overview entries. :func:`structure_intent` recognises them (English and
Chinese) and ``STRUCTURE_TOPICS`` names the topic that answers each for each game; the search puts
that topic first.
"""

from __future__ import annotations

import re

from calico_bot.rules.games import card_number_game, strip_game_names
from calico_bot.rules.text_tokens import mend_question_words, to_simplified

#: intent -> game -> the main topic that answers it.
STRUCTURE_TOPICS: dict[str, dict[str, str]] = {
    "players": {"calico": "calico.overview", "citb": "citb.overview", "ioc": "ioc.overview"},
    # How long a game takes in minutes and how hard it is: the overview says both.
    "duration": {"calico": "calico.overview", "citb": "citb.overview", "ioc": "ioc.overview"},
    # Calico's end comes with its final scoring (the detail "when the game ends" shown under it).
    "length": {"calico": "calico.scoring.total", "citb": "citb.end.ties", "ioc": "ioc.day.phases"},
    # "几天?几个人": the length and the player count at once. The Isle of Cats' overview states both (5 days, 1-4
    # players); the other games' overviews do not count their turns or rounds, so their length topics answer.
    "length_and_players": {"calico": "calico.scoring.total", "citb": "citb.end.ties", "ioc": "ioc.overview"},
    # The rounds asked with the tricks or cards of a round or with a player count ("5 players: how many tricks per
    # round and how many rounds?", 四个人要玩几轮): Cat in the Box's table by player count, under its set-up.
    "rounds_and_tricks": {"calico": "calico.scoring.total", "citb": "citb.setup", "ioc": "ioc.day.phases"},
    "final_scoring": {"calico": "calico.scoring.total", "citb": "citb.end.ties", "ioc": "ioc.scoring"},
    "winning": {"calico": "calico.scoring.total", "citb": "citb.end.ties", "ioc": "ioc.scoring"},
    "ties": {"calico": "calico.end.ties", "citb": "citb.end.ties", "ioc": "ioc.ties"},
    # Two questions about the bot and Calico's components that the ranking reads as placement or attraction.
    "cat_list": {"calico": "calico.cats.list"},
    # What is in the box: how many tiles in the bag, cards in the deck.
    "components": {"calico": "calico.overview", "citb": "citb.setup", "ioc": "ioc.overview"},
    "undo": {"calico": "calico.bot.commands", "citb": "citb.bot.commands"},
    # The bot's time limit per decision (the Calico topic holds it as a detail; Cat in the Box's says it).
    "deadline": {"calico": "calico.bot.commands", "citb": "citb.bot.commands"},
    # "how do I play a card through the bot": the commands of the game asked about.
    "bot_commands": {"calico": "calico.bot.commands", "citb": "citb.bot.commands"},
    # When a card gets its colour (Cat in the Box's cards have none until played and declared).
    "card_colour": {"citb": "citb.declare"},
    # "the bot won't let me bid 2": a move the bot refused or limited, which its rulings explain.
    "bot_ruling": {"calico": "calico.bot.rulings", "citb": "citb.bot.rulings"},
    # The fish everyone receives each day, and paying fish to keep drafted cards.
    "fish_income": {"ioc": "ioc.fish.draft"},
    "card_cost": {"ioc": "ioc.buy.cards"},
    # Which comes first in a Calico turn, placing or taking from the market.
    "turn_order": {"calico": "calico.turn.order"},
    # What a rescue costs (3 or 5 fish by field): the rescue topic, not the fields or the fish income.
    "rescue_cost": {"ioc": "ioc.rescue"},
    "room_penalty": {"ioc": "ioc.scoring"},
    # Equal speeds on the rescue cards ("speed ties when rescuing"): the rescue order, not the final tie-break.
    "rescue_order": {"ioc": "ioc.rescue"},
    # "lead was blue 7, someone called red 2 - who takes it?": the trick's winner, not leading red.
    "trick_winner": {"citb": "citb.trick.winner"},
    # What counts as a good score (reference figures): only Calico has such a topic.
    "good_score": {"calico": "calico.solo.good_score"},
    # Where a cat token or button is put once earned, and which spaces the design goals sit on.
    "token_place": {"calico": "calico.tokens.placement"},
    "goal_spaces": {"calico": "calico.board.labels"},
    # Which six spaces a goal checks ("which spaces does the B3 goal look at", D2那个目标检查哪几个格子), and whether a
    # goal can be moved or swapped once placed: the goals' scoring, with that detail under it.
    "goal_neighbours": {"calico": "calico.goals.scoring"},
    "goal_fixed": {"calico": "calico.goals.scoring"},
    # What a goal's notation means ("what is AA-BB-CC on a calico goal?", AAA-BB-C是什么意思): how to read it.
    "goal_notation": {"calico": "calico.goals.notation"},
    # The points of all six goals at once (六块设计目标分别值多少分, "goal tile values"): the table of values.
    "goal_values": {"calico": "calico.goals.scoring"},
    # Whether a player chooses the design goals or gets them at random ("do i get to choose my goal tiles or
    # are they random", 目标是自己选还是随机发): the personal setup, where the choice of three of four is made.
    "goal_choice": {"calico": "calico.setup.personal"},
    # How many ways there are to play (standard, family, solo): only The Isle of Cats has a topic comparing them.
    "modes": {"ioc": "ioc.modes"},
    # How one wins a solo game: The Isle of Cats' solo topic (beat the sister), Calico's scenarios (the objectives).
    "solo_winning": {"calico": "calico.solo.scenarios", "ioc": "ioc.solo"},
    # Where the goals sit in the beginner setup: that setup fixes them (not the space labels).
    "beginner_goals": {"calico": "calico.setup.beginner"},
}

#: intent -> game -> the detail shown under that topic when the intent put it first (the deadline is
#: one part of Calico's command topic).
STRUCTURE_DETAILS: dict[str, dict[str, str]] = {"deadline": {"calico": "calico.bot.deadlines"},
                                                "length": {"calico": "calico.end.trigger"},
                                                "length_and_players": {"calico": "calico.end.trigger"},
                                                "rounds_and_tricks": {"calico": "calico.end.trigger",
                                                                    "citb": "citb.player_counts"},
                                                "rescue_order": {"ioc": "ioc.speed_order"},
                                                "room_penalty": {"ioc": "ioc.rooms"},
                                                "goal_choice": {"calico": "calico.setup.goals_choice"},
                                                "goal_neighbours": {"calico": "calico.goals.neighbours"},
                                                "goal_fixed": {"calico": "calico.goals.fixed"},
                                                "goal_values": {"calico": "calico.goals.values"}}

_N = r"(?:\d|one|two|three|four|five|six|seven|eight)"
_ZH_N = r"[三四五六七八\d]"

# Order matters: the first intent that matches wins ("四个人要玩几轮" asks about rounds).
_INTENT_PATTERNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bot_ruling", (
        r"\bbot\s+(?:won'?t|wont|doesn'?t|doesnt|didn'?t|didnt|does\s+not|did\s+not|will\s+not|refuses\s+to|"
        r"refused\s+to)\s+(?:let|allow)\s+(?:me|us|him|her|them)\b",
        r"\b(?:won'?t|wont|doesn'?t|doesnt|didn'?t|didnt|will\s+not|does\s+not)\s+(?:the|this)\s+bot\s+(?:let|allow)\s+"
        r"(?:me|us)\b",
        r"\bbot\b.{0,30}\bonly\s+(?:gives?|lets?|shows?|offers?)\s+(?:me|us)\b",
        r"\bbot\b.{0,20}\b(?:rejected|refused|blocked)\s+(?:my|the|it)\b",
        r"(?:bot|机器人).{0,12}(?:不让|不给|不允许|只给|只让|只能选|拒绝)",
        r"(?:不让|不给|只给|只让)我.{0,12}(?:bot|机器人)",
    )),
    ("length", (
        r"\bhow\s+many\s+(?:rounds?|rouns|rnds?|days|turns)\b(?!.*\b(?:tricks?|bonus|points?)\b)",
        r"\bwhen\s+(?:is|does)\s+(?:the\s+game|it|a\s+game)\s+(?:of\s+\S+(?:\s+\S+){0,3}\s+)?(?:actually\s+|really\s+)?"
        r"(?:over|end)\b",
        r"\bhow\s+long\s+(?:does|is)\s+(?:a|the|one)\s+game\s+(?:of\s+\S+(?:\s+\S+){0,3}\s+)?(?:go|last)\b",
        r"几[轮论]", r"多少[轮论]", r"玩几天",  # 论: a slip of 轮 (lun)
        r"(?:每人|每个人|一人|一个人)(?:要|能|可以)?(?:走|下|玩|放)(?:多少|几)(?:个)?回合",
        r"几天(?:结束|就结束|才结束)?$", r"一共(?:要)?(?:打|玩)?几天", r"打几局",
        r"(?:什么时候|何时|啥时候|多会儿)(?:整局|游戏|整个游戏|这局)?(?:就|才)?(?:算)?结束",
        # "does calico end when the bag runs out or when the quilts are full?"
        r"\b(?:does|do|will)\s+(?:the\s+game|it|<game>|calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats)\s+"
        r"(?:only\s+|actually\s+)?end\s+(?:when|once|after|if)\b",
    )),
    ("duration", (
        r"\bhow\s+long\s+(?:does|is|will)\s+(?:a|one|the)\s+(?:typical\s+|normal\s+|average\s+|single\s+|full\s+)?"
        r"game(?:\s+of\s+[a-z ]+?)?\s*(?:take|last)?\s*\??$",
        r"\bhow\s+(?:hard|difficult|complicated|complex)\s+is\s+(?:it|the\s+game|this\s+game)\b",
        r"\bis\s+(?:it|the\s+game)\s+(?:hard|difficult|complicated|complex)(?:\s+to\s+learn)?\s*\??$",
        r"(?:一局|一盘|一把|玩一次|一场)(?:打下来|玩下来|下来)?(?:要|大概|大约)?(?:玩|打)?(?:多长时间|多久|几分钟|多少分钟|多长)",
        r"^(?:要)?玩多久", r"\b(?:runtime|run\s+time|play\s*time|playing\s+time)\b",
        r"\bhow\s+long\s+does\s+it\s+(?:take|last)\s*\??$",
        r"^(?:[a-z]+\s+){0,4}how\s+long\s*[?？]*\s*$",  # "ioc how long": the playing time
        r"^难不难", r"(?:难吗|复杂吗|难不难|好学吗|容易学吗)\s*[?？]?$",
    )),
    ("players", (
        r"\bhow\s+many\s+(?:players|people|ppl|persons?)\s+(?:can|could|does|do|is|are|play|max|min|at\s+most|"
        r"is\s+it\s+for|$|\?)",
        r"\bhow\s+many\s+(?:players|people|ppl)\s*\??$", r"\bfor\s+how\s+many\s+(?:players|people|ppl)\b",
        r"\bis\s+for\s+how\s+many\b", r"\bplayer\s+(?:count|range)\b",
        r"\b(?:max|maximum|min|minimum)\s+(?:number\s+of\s+)?players\b",
        rf"\b(?:play|do\s+it|be\s+played)\s+with\s+{_N}\s*(?:players|people|ppl)?\s*\??$",
        rf"\bcan\s+{_N}\s+(?:players|people|ppl)\s+play\b",
        rf"\bwith\s+(?:just\s+)?{_N}\s+(?:players|people|ppl)\s+with\s+just\s+the\s+base\b",
        r"(?:几|多少)(?:个)?人(?:能|可以|一起)?玩", r"最多(?:能)?几(?:个)?人",
        r"最少(?:要)?几(?:个)?人", r"支持几(?:个)?人",
        r"几人(?:游戏|桌游|玩|局)?\s*[?？]?$", rf"{_ZH_N}个?人(?:能|可以)?玩(?:吗|嘛|不|行不行)",
        rf"{_ZH_N}个人行不行", r"适合几(?:个)?人",
    )),
    # Two rescue cards of the same speed: who rescues first (before "ties", which would read it as the final tie).
    ("rescue_order", (
        r"\bspeeds?\b.{0,30}\b(?:ties?|tied|same|equal|identical)\b|\b(?:ties?|tied|same|equal)\b.{0,20}\bspeeds?\b",
        r"\b(?:both|all|each)\b.{0,30}\b(?:speed|boots?)\b.{0,40}\bfirst\b",
        r"速度.{0,8}(?:一样|相同|打平|平了|相等)|(?:一样|相同)的?速度",
    )),
    # A tie at the end of the game, in any mode: the game's tie topic states every mode's rule.
    ("ties", (
        # "a tie", "tied", "tiebreak", "ties: who wins" (not "tie a boat to the dock").
        r"\b(?:a|the|any)\s+tie\b", r"\btie-?break", r"\btied\b", r"^ties?\s*[-–—:,?]",
        r"\bties?\b(?=.{0,30}\b(?:who|wins?|winner|broken)\b)",
        r"\b(?:same|equal)\s+(?:score|points|total)\b",
        r"\b(?:dead\s+even|even\s+on\s+(?:points|score)|level\s+on\s+points|finished\s+(?:dead\s+)?(?:even|level))\b",
        r"平局|平手|同分|打平|平分", r"(?:总分|分数|得分)(?:一样|相同)(?=.{0,6}(?:谁|怎么|算|判))",
        r"一样的分数?(?=.{0,6}(?:谁|怎么|算|判))",
    )),
    ("final_scoring", (
        r"\bwhat\s+(?:all\s+)?(?:scores|counts|gets\s+scored|do\s+(?:you|we|i)\s+score)\s+at\s+the\s+end\b",
        r"\bwhat\s+(?:all\s+)?(?:scores|counts)\s+(?:at\s+the\s+end|in\s+the\s+end|for\s+final)\b",
        r"\b(?:final|end\s+of\s+(?:the\s+)?game|end-game|endgame)\s+scor",
        r"\bis\s+the\s+final\s+score\b", r"\bhow\s+(?:is|do\s+you\s+work\s+out)\s+the\s+final\s+score\b",
        r"最后(?:怎么|如何)?(?:算分|计分|得分|算总分)", r"终局(?:怎么|如何)?(?:算分|计分)",
        r"算分都算", r"最后都算哪些", r"(?:最后|终局|结束时|游戏结束)(?:的)?(?:要)?结算",
        r"(?:结算|计分|算分).{0,6}哪(?:几|些)(?:项|样|部分)",
        r"哪(?:几|些)(?:项|种|部分)(?:分数|得分|计分)",
        r"\bwhat\s+(?:are|r)\s+(?:the\s+)?(?:\d|two|three|four|five)?\s*(?:things|ways|parts|sources)\s+(?:that\s+)?"
        r"(?:score|scores|give\s+points|to\s+score|of\s+points)\b", r"\b(?:all\s+the\s+)?ways\s+to\s+score\b",
        r"(?:怎么|如何)(?:算分|计分).{0,12}(?:最后|结束|终局)",
        r"总分(?:怎么|如何)算", r"结束(?:时|后)(?:怎么|如何)(?:算分|计分)", r"^最后(?:怎么|如何)算(?:分)?\s*[?？]?$",
        r"\bwhat\s+(?:all\s+)?(?:gets?|is|are|will\s+be)\s+(?:counted|scored|tallied|added\s+up)\b.{0,30}"
        r"\b(?:at|in)\s+the\s+end\b",
        # "how is everything added up at the end", "目标、猫咪、纽扣都要加起来吗": the whole score.
        r"\bhow\s+(?:is|are|do\s+(?:you|we|i))\s+(?:everything|it\s+all|all\s+(?:the\s+)?(?:points|scores)|the\s+points|"
        r"the\s+scores)\s+(?:get\s+)?(?:added|counted|totall?ed|tallied|summed)\b",
        r"(?:都|全部|一起|全都)(?:要)?(?:加起来|加在一起|相加|加总)",
        r"哪(?:几|些)(?:部分|项|样)(?:分数)?(?:要)?加起来",
        r"\b(?:which|what)\s+(?:piles|kinds|sorts|types|parts)\s+of\s+(?:points|score)\b",
        r"\b(?:points?|scores?)\b.{0,20}\b(?:summed|added|totall?ed|tallied)\s+up\b",
        # "we just finished, how do we count up the points"
        r"\bhow\s+(?:do|does|should|can)\s+(?:you|we|i|u)\s+(?:count|tally|add|total|work\s+out|figure\s+out)\s+"
        r"(?:up\s+)?(?:the\s+|our\s+|all\s+the\s+|my\s+|everyone'?s\s+)?(?:points|scores?|totals?)\b",
    )),
    ("winning", (
        r"\bhow\s+(?:do|does|can)\s+(?:you|i|we|one|someone|a\s+player)\s+win\b(?!\s+(?:a|the|this)\s+tricks?)",
        r"\bwho\s+wins\s+(?:the\s+game|overall|at\s+the\s+end|in\s+the\s+end)\b",
        r"\bhow\s+is\s+the\s+winner\s+decided\b",
        r"\bwin(?:ning)?\s+condition\b", r"\bwhat\s+decides\s+the\s+winner\b",
        r"^(?:怎么|如何|咋)赢", r"(?:怎么|如何)决定赢家", r"决定赢家", r"获胜条件",
        r"怎样才算赢", r"谁(?:是)?最后(?:的)?赢家",
        r"最后(?:谁|怎么)赢",
    )),
)
_INTENT_PATTERNS += (
    ("goal_choice", (
        r"\b(?:choose|chose|choosing|pick|picking|select|selecting)\s+(?:my|our|your|the|which|what)?\s*(?:own\s+)?"
        r"(?:design\s+)?goals?(?:\s+(?:tiles?|hex(?:es|agons?)?|pieces?))?\b(?!\s+(?:space|spot|position|goes|go\b))",
        r"\b(?:design\s+)?goals?(?:\s+(?:tiles?|hex(?:es|agons?)?))?\b.{0,30}\b(?:random(?:ly)?|dealt|delt|chosen|"
        r"picked)\b.{0,20}\bor\b|\bor\s+(?:are|r)\s+(?:they|the\s+goals?)\s+(?:just\s+)?(?:random|dealt|delt)",
        r"目标(?:板|片|块|板块)?.{0,6}(?:自己选|自选|随机|抽的|发的|挑)",
        r"(?:自己|可以|能)(?:选|挑)(?:哪|几)?(?:个|块|张)?目标",
    )),
    ("goal_fixed", (
        r"\b(?:swap|move|switch|change|rearrange|relocate)\s+(?:my\s+|the\s+|a\s+|one\s+of\s+my\s+)?(?:design\s+)?"
        r"goals?(?:\s+(?:tiles?|hex(?:es|agons?)?|pieces?))?\b.{0,40}\b(?:mid|during|later|after|another|different|"
        r"other|elsewhere|somewhere)\b",
        r"目标(?:板块|板|块|片)?.{0,4}(?:能|可以|可不可以|能不能|还能)(?:换|更换|挪|移动|调换|交换|换位置)",
    )),
    ("goal_notation", (
        r"\bwhat\s+(?:is|are|does|do|'?s)\s+(?:an?\s+|the\s+)?[a-d]{1,4}(?:\s*-\s*[a-d]{1,4}){1,3}\b(?!.{0,12}\b(?:worth|points?)\b)",
        r"\b[a-d]{1,4}(?:\s*-\s*[a-d]{1,4}){1,3}\b.{0,20}\bmeans?\b",
        r"\b[a-d]{1,4}(?:\s*-\s*[a-d]{1,4}){1,3}\b.{0,10}(?:是什么意思|什么意思|啥意思|怎么看|怎么读|是啥)",
    )),
    ("goal_values", (
        r"\b(?:all|each|every|the\s+six|six|6)\s+(?:design\s+)?goals?(?:\s+tiles?)?\b.{0,20}\b(?:worth|points?|values?)\b",
        r"\bgoal\s+(?:tiles?\s+)?(?:values|point\s+values|points\s+table|score\s+table|scoring\s+table)\b",
        r"(?:六|6|所有|全部|每)(?:块|个|种|张)?(?:设计)?目标.{0,8}(?:多少|几)分|(?:设计)?目标.{0,8}(?:分别|各)(?:值|得|是|算)?"
        r"(?:多少|几)分|目标(?:的)?分值表?",
    )),
    ("goal_neighbours", (
        r"\b(?:which|what)\s+(?:six\s+|6\s+)?(?:spaces?|spots?|hexe?s?|tiles?|patches|cells?|neighbou?rs?)\s+(?:does|do)\s+"
        r"(?:the\s+|my\s+|a\s+|each\s+|this\s+|that\s+)?(?:[a-e][1-5]\s+)?goal\b.{0,20}"
        r"\b(?:look|check|count|score|use|see|touch|include|cover)",
        r"\bgoal\b.{0,20}\b(?:looks?|checks?|counts?)\s+(?:at\s+)?(?:which|what)\s+(?:six\s+|6\s+)?"
        r"(?:spaces?|spots?|hexe?s?|tiles?|patches|cells?|neighbou?rs?)\b",
        r"目标.{0,8}(?:检查|看|算|数|包括|管)(?:的)?(?:是)?(?:哪几个|哪些|哪六个|哪6个|几个)(?:格|格子|位置|布片|块)",
    )),
    ("cat_list", (
        r"\bhow\s+many\s+(?:different\s+)?(?:kinds\s+of\s+)?cat[sz]?\b\s*(?:are\s+there|exist|in\s+total|total|in\s+the\s+game|"
        r"are\s+in\s+(?:the\s+)?(?:game|box|calico)|\??$)",
        r"\b(?:list|name)\s+(?:of\s+)?(?:all\s+)?(?:the\s+)?cats\b", r"\bwhich\s+cats\s+(?:are\s+there|exist)\b",
        r"(?:里|中|一共|总共|有)(?:几|多少)只猫(?:咪)?\s*[?？]?$", r"(?:总共|一共)有?(?:哪|几)几?只猫",
        r"有哪(?:几|些)只?猫",
    )),
    ("components", (
        r"\bhow\s+many\s+(?:tiles|patches|pieces|cards)\s+(?:are\s+)?(?:there\s+)?(?:in\s+(?:the\s+)?(?:bag|box|deck|game)|"
        r"in\s+total|altogether|total)\b",
        # several components at once ("how many cat tiles and treasures are in the box")
        r"\bhow\s+many\s+(?:\w+\s+){0,2}(?:tiles|patches|pieces|cards|treasures|cats|fish|tokens)\s+(?:and|&)\s+"
        r"(?:\w+\s+){0,2}\w+\s+(?:are\s+)?(?:there\s+)?in\s+(?:the\s+|a\s+)?(?:bag|box|deck|game)\b",
        r"(?:袋子|布袋|袋|盒子|牌堆|整副牌)里(?:一共|总共)?(?:有)?(?:几|多少)(?:块|张|片)",
        r"(?:一共|总共)(?:有)?(?:几|多少)(?:块|张|片)(?:布片|板块|牌|拼布)",
        r"\bwhat\s+(?:colou?rs?|patterns?)(?:\s+and\s+(?:colou?rs?|patterns?))?\s+(?:are\s+there|exist|are\s+in)\b",
        r"(?:一共)?有(?:哪些|几种|什么)(?:颜色|图案)(?:和(?:颜色|图案))?\s*[?？]?$",
    )),
    ("card_colour", (
        r"\bcards?\b.{0,30}\b(?:get|gets|getting|have|has|take|takes|receive|receives|become|becomes)\s+"
        r"(?:its|their|a|any)\s+colou?rs?\b",
        r"\bcolou?r\s+of\s+(?:a|my|the)\s+card\s+(?:is\s+)?(?:decided|chosen|set|fixed)\b",
        r"牌.{0,6}(?:什么时候|何时|啥时候)(?:才)?(?:有|定|确定|决定|拿到)颜色|牌的颜色.{0,6}(?:什么时候|何时|啥时候)(?:定|确定|决定)",
    )),
    ("trick_winner", (
        r"\bwho\s+(?:takes|wins|gets|won|took)\s+(?:it|the\s+trick|this\s+trick|that\s+trick|that|this)\s*\??$",
        r"\b(?:he|she|they)\s+(?:really\s+|actually\s+)?(?:wins?|takes?|gets?)\s+(?:that|it|this|the\s+trick)\s*\??\s*$",
        r"谁(?:赢|拿|收|吃)(?:了)?(?:这|那)?(?:一)?墩", r"能赢(?:吗|嘛|不)\s*[?？]?$",
        r"(?:这|那)(?:一)?墩(?:牌)?(?:算|归|是|给)谁", r"\bwhose\s+trick\b",
    )),
    ("turn_order", (
        r"先(?:放|摆).{0,12}还是.{0,8}(?:拿|抽|选|取)|先.{0,6}(?:拿|抽|选|取).{0,12}(?:还是|再).{0,4}(?:放|摆)",
        r"\b(?:place|put|lay)\b.{0,30}\bbefore\b.{0,30}\b(?:take|taking|draft|drafting|grab|grabbing|pick|picking)\b",
        r"\b(?:take|draft|grab|pick)\b.{0,30}\bbefore\b.{0,30}\b(?:place|placing|put|putting|lay|laying)\b",
        r"\b(?:place|placing)\s+(?:first\s+)?or\s+(?:take|draft|drafting|taking)\s+first\b",
    )),
    # A room left unfilled at the end ("what happens if i dont fill one of the rooms", 房间没填满): the final scoring
    # states its penalty (its rooms detail), not the boat's placement rules.
    ("room_penalty", (
        r"\b(?:don'?t|dont|do\s+not|didn'?t|didnt|can'?t|cant|never)\s+(?:\w+\s+){0,2}(?:fill|complete|finish)\w*\s+"
        r"(?:up\s+)?(?:a|one|the|my|all|every|some|two|2)?\s*(?:of\s+(?:the|my)\s+)?(?:\w+\s+)?rooms?\b",
        r"(?:没|沒|未)(?:有)?(?:填满|盖满|填完|铺满)(?:的)?房间|房间(?:没|沒|未)(?:有)?(?:填满|盖满|填完|铺满)",
    )),
    ("rescue_cost", (
        r"\brescu\w*\b.{0,40}\b(?:cost|costs|how\s+much|how\s+many\s+fish|price)\b",
        r"\b(?:cost|costs|how\s+much|how\s+many\s+fish|price)\b.{0,40}\brescu",
        r"救.{0,10}(?:多少|几条?)(?:鱼|钱)|(?:多少|几条?)(?:鱼|钱).{0,10}救", r"救.{0,10}(?:价格|价钱|花费|费用)",
    )),
    ("fish_income", (
        r"(?:每天|每一天|一天|每日)(?:开始)?.{0,4}(?:给|拿|得|发|领|有)(?:到)?(?:多少|几)(?:条)?鱼",
        r"\bhow\s+many\s+fish\s+(?:do|does|will)\s+(?:we|you|i|each\s+player|everyone|players)\s+"
        r"(?:get|receive|gain|start\s+with|take)\b",
    )),
    ("card_cost", (
        r"(?:留|保留)(?:下)?.{0,10}(?:要不要|要|需要|得)(?:给|付|交|花)鱼",
        r"\b(?:pay|fish)\b.{0,25}\b(?:keep|keeping|kept)\b.{0,15}\bcards?\b",
        r"\b(?:keep|keeping)\b.{0,25}\bcards?\b.{0,40}\b(?:pay|cost|fish)\b",
    )),
    ("good_score", (
        r"\b(?:good|decent|solid|strong|high|average|typical|normal|respectable|great)\s+(?:final\s+|solo\s+)?"
        r"(?:score|scores|total|result)\b",
        r"\bhow\s+many\s+points\s+(?:is|are|counts?\s+as)\s+(?:good|decent|a\s+good)\b",
        # "54 in solo, decent or am i trash": a score and a verdict asked for
        r"\b\d{2,3}\b.{0,25}\b(?:decent|good|bad|ok|okay|trash|average)\b(?:\s+or\b|\s*\?)",
        # "got 61 in solo standard, is that any good lol"
        r"\b\d{2,3}\b.{0,40}\b(?:is\s+(?:that|it|this)|that'?s)\s+(?:any\s+good|good|decent|bad|ok|okay)\b",
        r"(?:多少|几)分(?:才)?算(?:是)?(?:好|高|不错|厉害|优秀|正常)",
        r"(?:平均|一般)(?:能|都)?(?:拿|打|得)(?:到)?(?:多少|几)分",
    )),
    ("token_place", (
        r"\bwhere\b.{0,30}\b(?:cat|button|rainbow)\s+(?:tokens?|markers?)\b.{0,20}\b(?:go|goes|put|placed|sit|sits)\b",
        r"\bwhere\s+(?:do|does|should|can)\s+(?:i|we|you)\s+(?:put|place|lay)\s+(?:the\s+|my\s+|a\s+)?"
        r"(?:cat|button|rainbow)\s+(?:tokens?|markers?|buttons?)\b",
        r"\bwhere\s+(?:does|do)\s+(?:the\s+|my\s+|a\s+)?(?:button|buttons|rainbow\s+button)\s+(?:go|sit)\b",
        r"\bwhere\s+(?:does|do|should)\s+(?:the\s+|my\s+|a\s+|that\s+|its\s+)(?:tokens?|markers?)\s+(?:go|sit|get\s+put)\b",
        r"(?:猫|纽扣|扣子|彩虹).{0,4}标记.{0,6}(?:放|摆)(?:在)?(?:哪|什么地方|什么位置)",
    )),
    ("goal_spaces", (
        r"\bgoal\s+(?:spots?|spaces?|hexe?s?|positions?|slots?)\b.{0,25}\b(?:where|which)\b|"
        r"\b(?:where|which\s+(?:spaces?|spots?|hexe?s?))\b.{0,25}\bgoal\s*(?:tiles?|spots?|spaces?|hexe?s?)?\b.{0,20}"
        r"\b(?:go|goes|placed|put|sit|are|is)\b",
        r"\bwhich\s+(?:spaces?|spots?|hexe?s?)\s+are\s+(?:the\s+)?goal",
        r"目标.{0,6}(?:摆|放|放置|在)(?:在)?(?:哪|什么位置|哪几个|哪些)(?:个)?(?:格|位置|空位)",
    )),
    ("undo", (r"\bundo\b", r"\bmisclick", r"打错了?", r"放错了?", r"点错了?",
              r"\btake\s+(?:it|a\s+move|my\s+move|that|my\s+turn)\s+back\b", r"悔棋", r"撤销", r"撤回",
              r"悔一步", r"反悔", r"悔牌",
              r"\btake\s+back\s+(?:a|my|the|that|this)\s+(?:move|turn|card|tile|patch|play|placement)\b")),
    ("deadline", (
        r"\b(?:time\s+limits?|deadlines?|deadline_hours|time\s*outs?|timed\s+out)\b",
        r"\b(?:run|ran|running|runs)\s+out\s+of\s+time\b",
        r"\b(?:my|the|your|our)\s+time\s+(?:runs|ran|is)\s+(?:out|up)\b",
        r"\breminders?\b.{0,30}\b(?:turn|move|deadline|time)\b|\b(?:turn|move|deadline)\b.{0,30}\breminders?\b",
        r"\bhow\s+(?:long|much\s+time)\s+do\s+(?:i|we|you|players)\s+(?:have|get)\s+(?:to|for|per|before)\b",
        r"时限|时间限制|限时|超时|截止时间|(?:每步|每一步|每回合|每个回合|一回合|一步).{0,4}(?:多长时间|多久|几个?小时)",
    )),
    ("bot_commands", (
        r"\b(?:play|make|take|do|start|join|pick|choose|declare|bid|undo)\b.{0,30}\b(?:through|thru|with|using|via|in)\s+"
        r"(?:the|this)\s+bot\b",
        r"\b(?:declare|bid|put\s+in\s+my\s+bid|enter\s+my\s+bid)\b.{0,30}\b(?:on|in|through|via)\s+discord\b",
        r"\bwhat\s+(?:do|should|must)\s+i\s+type\b", r"\b(?:tell|ask)\s+(?:the|this)\s+bot\b",
        r"\b(?:bot|slash)\s+(?:commm?and?s?|comm?ands?|cmds?|syntax)\b",
        r"用\s*bot.{0,6}(?:出牌|下|放|打|输|指令|命令)",
        r"(?:bot|机器人)\s*(?:里|上).{0,4}(?:怎么|如何|咋)(?:出牌|下|放|打|输|报|叫|撤|扣|盖|暗置|选)",
        r"\bcommands?\s+(?:for|of)\s+(?:the|this)\s+bot\b",
        r"(?:在|用|通过)机器人(?:里|上)?.{0,8}(?:怎么|如何|咋)(?:出牌|下|玩|放|开|报|叫|撤)",
        r"机器人.{0,12}(?:指令|命令)", r"(?:用|是|输|打|有)(?:哪个|什么|啥|哪条)?(?:指令|命令)",
        # "在频道里怎么出牌、报颜色": playing in the channel is playing through the bot
        r"(?:在|用)(?:频道|discord|dc|群)(?:里|上)?.{0,6}(?:怎么|如何|咋)(?:出牌|下|放|打|报|叫)",
    )),
)
_INTENT_PATTERNS += (
    ("modes", (
        r"\bhow\s+many\s+(?:different\s+)?(?:ways\s+(?:to|can\s+you|can\s+we|are\s+there\s+to)\s+play|"
        r"(?:game\s+)?modes)\b",
        r"\b(?:what|which)\s+(?:game\s+)?modes\s+(?:are|does|do|is|can)\b", r"\bmodes?\s+(?:are\s+there|available)\b",
        r"几种(?:不同的?)?(?:玩法|模式)|(?:哪些|哪几种)(?:玩法|模式)|(?:玩法|模式)有(?:哪些|几种)",
        r"^(?:[a-z]+\s+){0,4}(?:game\s+)?modes\s*[?？]*\s*$",  # "ioc modes?"
    )),
)
#: A question about a game as a whole, named or not ("这游戏到底是玩什么的", "what's this game about").
_WHOLE_GAME = re.compile(r"(?:游戏|桌游|这个|这)(?:到底|大概|大致|主要)?是(?:玩|干)?(?:什么|啥)的?|(?:什么|啥)玩法|"
                         r"是(?:一款|一个|个|款)?(?:什么|啥)(?:样的)?(?:游戏|桌游)|"
                         r"\bwhat(?:'s|s|\s+is)\s+(?:this|the|that|it)\s*(?:game)?\s*(?:even\s+|really\s+|actually\s+)?"
                         r"(?:about)?\s*[?？]?$")
_MOVE_TILE = re.compile(r"挪|移动|移到|换(?:个|一个)?位置|\b(?:move|moving|nudge|shift|slide)\b")
_BOT_WORD = re.compile(r"\bbot\b|机器人|\bcommands?\b|\bcmd\b|指令|命令|/(?:calico|catbox|rules|daily)\b")
_PARADOX = re.compile(r"\bparadox|悖论|背论|倍论|悖伦|悖轮|背轮|勃论|矛盾")
#: Asking whether a move is allowed ("can we bid 0", "能不能叫0墩", "may I lead red"), not how to enter it.
_MAY_I = re.compile(r"\b(?:can|may|could)\s+(?:i|we|you|u)\s+(?:\w+\s+)?(?:bid|declare|lead)\s+(?:a\s+|an\s+)?"
                    r"(?:\d+|zero|one|two|three|four|five|red|blue|green|yellow)\b|"
                    r"(?:能|可以|能不能|可不可以)(?:叫|报|出)\s*(?:[0-9]|零|红|蓝|绿|黄)")
_QUESTION_END = re.compile(r"([?？])")
_INTENT_RES = tuple((intent, re.compile("|".join(pats))) for intent, pats in _INTENT_PATTERNS)
#: Words that make a "structure" question about something narrower (a trick, a bonus, a tie).
_NARROWER = re.compile(r"\btricks?\b|\btrik\b|墩|\bties?\b|\btied\b|平局|平手|同分|打平|\bbonus\b|加分|每轮|每一轮|"
                       # one round's end and score, not the final one (一轮结束后怎么算分; 最后一轮 is the last round)
                       r"(?<!后)一轮|这轮|本轮|"
                       r"\b(?:each|every|per|a)\s+round\b")
#: What the bot does on a point the rulebook leaves open ("what order are the rows on the bot's board", "机器人里三人局
#: 可以叫几墩", "does the bot still give me the shape cat if my group has extra tiles"): its rulings, which state
#: each point. Not how to enter a move (its commands), nor its edition, the spaces' labels or who sees a hand.
_NAMES_BOT = re.compile(r"\bbots?\b|\bbot'?s\b|机器人|bot(?=[\u3400-\u9fff])")
_RULING_SUBJECT = re.compile(r"\bresearch\s+board\b|\brows?\b|\bbids?\b|\bbidding\b|\bbroken\b|\bset[- ]aside\b|"
                             r"\bforced\s+(?:red\s+)?lead|\bfollow\s+(?:suit|the\s+led)|\bshape\s+cat|\bextra\s+tiles\b|"
                             r"研究板|行序|叫几墩|能叫|可以叫|报几|预测几|能报|叫[0-9零一二两三四五]墩|(?:红色?|红).{0,4}破|暗置|暗扣|扣一张|"
                             r"必须跟|强制跟|引红|形状猫|多出")
_NOT_A_RULING = re.compile(r"\b(?:com+a?n+d?s?|cmds?|slash|type|syntax)\b|指令|命令|输入|查看|"
                           r"\bwhere\s+(?:do|can|should)\s+(?:i|we)\s+(?:put|enter|type|send)\b|\bput\s+in\s+my\b|"
                           r"\bshow\s+(?:me|us)\b|\bsee\s+the\b|看(?:一下|下)?(?:研究板|手牌|棋盘)|"
                           r"\bhow\s+(?:do|can|should)\s+(?:i|we|you)\s+(?:bid|declare|play|enter|put|set|choose|pick)\b|"
                           r"怎么(?:叫|报|出|输|选|扣|操作|点)|"
                           r"\b(?:edition|version|colossal|modules?|expansion)\b|版本|扩展|"
                           r"\b[a-e][1-5]\b|\bprivate\b|\bsee\s+my\s+hand\b|\brecords?\b|记录|看到")
#: When one round (of tricks) ends: the round's end, not the game's length.
_ROUND_END = re.compile(r"(?:一|这|每|本|这一)轮.{0,8}(?:结束|打完|完结)|"
                        r"\b(?:a|the|each|this|one)\s+round\s+(?:end|ends|over|finish|finishes)\b")
#: A count of one or two players asks about the solo or two-player rules, not the player count.
_BEGINNER = re.compile(r"\bbeginners?\b|\bintro(?:ductory)?\b|\bfirst[- ]game\b|入门|新手")
_WITHIN_TRICK = re.compile(r"(?:一|同一|这一?|那一?|每)墩(?:里|中|内|之中)|"
                           r"\b(?:in|within|inside)\s+(?:a|one|the\s+same|one\s+single)\s+trick\b|"
                           # a tie between cards just played ("can there be a tie for a trick", 两张一样的数字会打平吗
                           # 比如两个人都出7)
                           r"\b(?:ties?|tied|draw)\s+(?:for|on)\s+(?:a|the)\s+trick\b|"
                           r"两张(?:一样|相同)(?:的)?(?:数字|牌|点数)|都出(?:了)?\s*\d")
_SOLO = re.compile(r"\bsolo\b|单人|一个人玩|独自")
_LESSON = re.compile(r"\blessons?\b|课程|秘密目标")
#: The solo opponent's score asked about ("how does the sister get her points", 姐姐怎么算分).
_SISTER_SCORES = re.compile(r"\b(?:sister|sis)\b.{0,20}\b(?:scor\w*|points?|pts)\b|"
                            r"(?:姐姐|妹妹)(?:的(?:分数?|得分))?(?:是)?(?:怎么|如何|咋)(?:算分?|计分|得分)|(?:姐姐|妹妹)的?(?:算分|计分|得分)")
_SOLO_OR_TWO = re.compile(r"[一两二1-2]\s*个?人|\b(?:one|two|1|2)\s+(?:players?|people|ppl)\b|\bsolo\b|单人|双人")


#: Intents about using the bot, whose topic belongs to Calico or Cat in the Box: a card, a declared colour, a
#: bid, a trick or a cell of the research board (Calico has tiles, and The Isle of Cats no bot commands) point
#: to Cat in the Box.
BOT_INTENTS = frozenset({"undo", "deadline", "bot_commands", "bot_ruling"})
_CARD_RE = re.compile(r"\bcards?\b|\bdeclar\w*|\bbids?\b|\bbidding\b|\btricks?\b|\bset[- ]aside\b|\bcells?\b|"
                      r"报颜色|宣布颜色|报色|叫墩|叫牌|暗置|墩")


#: A colour chosen by mistake ("I meant green not blue", 点错颜色): only Cat in the Box has the player name a
#: colour (a Calico patch has its own).
_WRONG_COLOUR_RE = re.compile(r"\bmeant\s+(?:red|blue|green|yellow)\b|"
                              r"\b(?:my|a|the|this|that)\s+\d\s+as\s+(?:red|blue|green|yellow)\b|\b(?:wrong|misclicked|mis-clicked)\s+colou?r\b|"
                              r"(?:点|选|报|按)错(?:了)?颜色|颜色(?:点|选|报|按)错")


def bot_game(question: str) -> str | None:
    """The game a question about using the bot asks about, by its words (a card or a colour named by
    mistake: Cat in the Box)."""
    text = to_simplified(question.lower())
    return "citb" if _CARD_RE.search(text) or _WRONG_COLOUR_RE.search(text) else None


#: Units of a game's length that only one game uses: with no game named, they pick it.
#: The game whose length is counted in rounds (of tricks).
ROUNDS_GAME = "citb"
# "days" first: only The Isle of Cats counts days, while "rounds" is also anyone's word for them ("how many
# days/rounds is the game"). 天 comes last, as it is also part of 今天 and 明天. 轮到 / 轮流 is a turn coming round.
_LENGTH_UNITS = ((re.compile(r"\bdays?\b"), "ioc"),
                 (re.compile(r"\brounds?\b|\brouns\b|\brnds?\b|轮(?!到|流|着)|几论|多少论"), ROUNDS_GAME),
                 (re.compile(r"天"), "ioc"))


def solo_tie_game(question: str) -> str | None:
    """The game a tie in solo belongs to ("单人平分谁赢"): only The Isle of Cats has a solo opponent (the sister)."""
    return "ioc" if _SOLO.search(to_simplified(question.lower())) else None


def length_game(question: str) -> str | None:
    """The game a "how long" question's unit belongs to (rounds: Cat in the Box; days: Isle of Cats)."""
    text = to_simplified(question.lower())
    return next((game for rx, game in _LENGTH_UNITS if rx.search(text)), None)


#: Parts of a score: a question naming just one asks how that part scores, not about final scoring.
_CAT_NAMES = (r"\b(?:millie|tibbit|coconut|cira|gwenivere|callie|rumi|tecolote|almond|leo)\b|"
              r"米莉|蒂比特|椰子|西拉|桂妮薇儿|卡莉|鲁米|特科洛特|杏仁|利奥")
_SCORE_PARTS = (
    re.compile(r"\bgoals?\b|目标"), re.compile(r"\bcats?\b|\bkitt|猫|" + _CAT_NAMES),
    re.compile(r"\bbuttons?\b|纽扣|扣子"), re.compile(r"\brats?\b|老鼠"), re.compile(r"\brooms?\b|房间"),
    re.compile(r"\bfamil|家族"), re.compile(r"\btreasures?\b|宝藏"), re.compile(r"\blessons?\b|课程"),
    re.compile(r"\bfish\b|鱼"),
)
_SCORELINE = re.compile(r"\b\d+\s*[-:]\s*\d+\b")


def score_parts(question: str) -> int:
    """How many parts of a score (goals, cats, buttons, rats, rooms, ...) the question names."""
    text = strip_game_names(question)
    return sum(bool(rx.search(text)) for rx in _SCORE_PARTS)


#: A player count said with the question ("with 4", "3 ppl", "four of us", "5p").
_PLAYER_COUNT = (r"\b(?:[2-5]|two|three|four|five)\s*(?:-?\s*players?|people|ppl|persons?|of\s+us|p)\b|"
                 r"\b(?:with|w/)\s*(?:[2-5]|two|three|four|five)\b")
#: The number of rounds asked with a round's tricks or cards, or with a player count (Cat in the Box's table by
#: player count states the rounds; "四个人要玩几轮"), and no tie.
_ROUNDS_AND_TRICKS = re.compile(
    r"^(?!.*\b(?:ties?|tied|tie-?break\w*|draws?|wins?|winner)\b)(?=.*\bhow\s+many\s+(?:rounds?|rnds?)\b)"
    r"(?=.*(?:\btricks?\b|\bcards?\b|" + _PLAYER_COUNT + r"))|"
    r"^(?!.*(?:平局|平手|同分|打平|分数一样|一样多|平分|赢))(?=.*(?:几|多少)[轮论])(?=.*(?:墩|几张|多少张|"
    r"[两二三四五2-5]\s*个?(?:人|玩家)))")


def structure_intent(question: str) -> str | None:
    """"players", "length", "final_scoring" or "winning" for a question about a game's structure,
    else None."""
    whole = mend_question_words(to_simplified(question.lower()).strip())
    if _NAMES_BOT.search(whole) and _RULING_SUBJECT.search(whole) and not _NOT_A_RULING.search(whole):
        return "bot_ruling"
    if _ROUNDS_AND_TRICKS.search(whole) and not _ROUND_END.search(whole):
        return "rounds_and_tricks"
    # A message asking two things ("米莉要几块连起来?拿到猫标记放哪") is answered for the first one.
    parts = _QUESTION_END.split(question, maxsplit=1)
    second = None
    if len(parts) == 3 and parts[0].strip() and parts[2].strip():
        question, second = parts[0] + parts[1], parts[2]
    intent = _first_intent(question)
    then = _first_intent(second) if second is not None else None
    if intent is None and then in ("players", "duration") and _WHOLE_GAME.search(to_simplified(question.lower())):
        # "这游戏到底是玩什么的?几个人能玩": the game as a whole, then its player count: the overview says both.
        return then
    if intent is None and then in ("bot_commands", "bot_ruling"):
        # "can the bot show me the board mid-round? what do i type": how to ask the bot for it; "can I bid 0? bot only
        # gives me 1 2 3": why the bot limits the move.
        return then
    if intent == "goal_spaces" and _BEGINNER.search(whole):
        return "beginner_goals"  # "入门设置里三个目标放在哪": the beginner setup fixes them
    if intent == "ties" and (card_number_game(whole, certain=True) or _LESSON.search(whole)):
        # "课程121 ... 平手的时候算不算", "the lesson about nobody having a bigger family - does a tie still score?":
        # whether a lesson counts in a tie, which the lessons answer
        return None
    if intent == "ties" and _WITHIN_TRICK.search(whole):
        return "trick_winner"  # "一墩里会不会两张一样大打平": who takes the trick, not the final tie-break
    if intent == "winning" and _SOLO.search(whole):
        return "solo_winning"  # "solo isle of cats, how do i win": beating the solo opponent, not the final scoring
    if intent == "ties" and _SOLO.search(whole) and _SISTER_SCORES.search(whole):
        return "solo_winning"  # "solo: how does the sister score, and a tie?": the solo topic states both
    if intent in ("length", "duration") and then == "players":
        # "猫岛一局要玩几天?支持几个人": the overview states the playing time and the player count together.
        return "players" if intent == "duration" else "length_and_players"
    return intent


def _first_intent(question: str) -> str | None:
    text = mend_question_words(to_simplified(question.lower()).strip())
    for intent, rx in _INTENT_RES:
        if rx.search(text):
            if intent in ("winning", "final_scoring") and (_NARROWER.search(text) or _SCORELINE.search(text)):
                return None
            if intent == "final_scoring" and score_parts(text) == 1:
                return None
            if intent == "players" and _SOLO_OR_TWO.search(text):
                return None
            if intent == "length" and _ROUND_END.search(text):
                return None  # "一轮要打到什么时候才结束": when one round ends, not how long the game is
            if intent == "undo" and _MOVE_TILE.search(text) and not _BOT_WORD.search(text):
                return None  # "放错了,还能挪到旁边那格吗": moving a placed tile at the table, a placement rule
            if intent == "bot_commands" and _MAY_I.search(text):
                return None  # "can we bid 0 tricks in the bot": whether the rules allow it, not how to type it
            if intent == "trick_winner" and _PARADOX.search(text):
                return None  # the trick a paradox cut short goes to nobody: the paradox topic says so
            return intent
    return None
