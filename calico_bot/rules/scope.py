"""Is a message a rules question at all? A lexical out-of-scope detector.

The ranking's confidence (how much of the question an entry covers) already refuses messages made
of words the rules never use. What it cannot refuse alone are messages whose words the rules *do*
use in another sense ("how do you castle in chess", "what time is it", "1加1等于几", "do you like
cats"). This module recognises them from what they are, before any ranking:

* **another game** named (chess, Catan, 狼人杀, ...) while none of ours is;
* a question **about the bot itself** (what model it runs, who made it, are you an AI, 你是谁);
* **shopping** for a game, even one of ours ("where can I buy calico", 猫岛哪里买便宜), or ranking
  board games in general ("the best game of all time");
* **arithmetic** ("what is 17 times 23", "3乘以7是多少") with no rules word besides the numbers;
* **small talk** or table talk only (greetings, thanks, "ok", "good night", "nice move", 在吗, 晚安),
  or a bare link;
* **out-of-domain words** (food, weather, money, sport, coding, pets' habits, ...) while the
  question has at most two rules words of its own (with more, the search raises its floor instead:
  :func:`other_domain_signals`);
* **no rules word**: every English word is either unknown to the rules or an ordinary word the
  rules merely happen to contain (``GENERAL_EN``: "time", "good", "like", ...); a Chinese message
  holds none of the knowledge base's Chinese keywords (minus ``ZH_GENERAL``) and no rules character;
* **theme words only** (``THEME_EN``: cat, box, island, quilt) beside a word the rules do not know
  ("do kittens dream").

:func:`out_of_scope` returns the reason (a short key) or None. A question that names one of our
games is only refused when it asks what the bot itself is.
"""

from __future__ import annotations

import re

from calico_bot.rules.games import asks_what_game_is, strip_game_names
from calico_bot.rules.intents import structure_intent
from calico_bot.rules.text_tokens import canonical, en_words, to_simplified, zh_pieces

# ------------------------------------------------------------------------------ other games
# Names players use for other games. Ambiguous English words ("go", "risk", "hearts") only count in
# a context that makes them a game's name.
_OTHER_GAMES_EN = (
    r"chess", r"chessboard", r"battle\s*line", r"tsuro", r"cottage\s+garden",
    r"castl(?:e|ing)", r"en passant", r"checkmate", r"stalemate in chess", r"checkers",
    r"draughts", r"backgammon", r"catan", r"settlers", r"poker", r"texas hold ?'?em", r"hold ?'?em", r"blackjack",
    r"mah[- ]?jong+", r"monopoly", r"scrabble", r"sudoku", r"crosswords?", r"wingspan", r"azul", r"sagrada",
    # more sports asked about by their rules ("tiebreak rules in volleyball", "a penalty shootout if still tied")
    r"volleyball", r"rugby", r"badminton", r"ping\s*pong", r"penalty\s+shoot-?outs?",
    r"carcassonne", r"ticket to ride", r"pandemic", r"gloomhaven", r"splendor", r"7 wonders", r"seven wonders",
    r"terraforming mars", r"codenames", r"dominion", r"everdell", r"cascadia", r"king of tokyo", r"scythe",
    r"hanabi", r"the crew", r"skull king", r"euchre", r"cribbage", r"pinochle", r"rummy", r"canasta", r"spades",
    r"(?:contract|duplicate|rubber)\s+bridge", r"(?:play(?:ing)?|in|at)\s+bridge(?!\s+(?:my|the|two|both|them|those))",
    r"bridge\s+(?:card\s+game|club|hand|bidding|players?)", r"^bridge(?=\s*[:,-])", r"uno",
    r"magic the gathering", r"mtg", r"yu-?gi-?oh", r"pok[eé]mon", r"hearthstone",
    r"dnd", r"d ?& ?d", r"dungeons (?:and|&) dragons", r"pathfinder", r"warhammer", r"minecraft", r"fortnite",
    r"roblox", r"valorant", r"league of legends", r"dota", r"overwatch", r"zelda", r"mario", r"tetris",
    r"among us", r"werewolf", r"mafia", r"avalon", r"secret hitler", r"exploding kittens", r"boop",
    r"tic[- ]?tac[- ]?toe", r"noughts and crosses", r"connect (?:four|4)", r"battleship", r"cluedo", r"jenga",
    r"yahtzee", r"snakes and ladders", r"chutes and ladders", r"sushi go", r"love letter", r"agricola",
    r"puerto rico", r"power grid", r"ark nova", r"spirit island", r"twilight imperium", r"arkham horror",
    r"dixit", r"mysterium", r"cards against humanity", r"patchwork", r"root", r"brass birmingham", r"coup",
    r"wordle", r"solitaire card", r"b(?:ä|a|ae)renpark", r"blokus",
    r"(?:play(?:ing)?|in|at)\s+wizard", r"(?:in|playing|play)\s+cat\s+lady", r"cat\s+lady(?=\s*[-–—:,?])",
    r"wizard(?:\s+card\s+game)?(?=\s*(?:[,)!.?]|$|my\s+bad))",
    r"(?:win|won|winning|beat)\s+(?:at\s+)?solitaire", r"klondike", r"freecell", r"minesweeper", r"call of duty",
    r"genshin",
    r"elden ring", r"wonders duel", r"the game of life", r"game of life", r"candy crush", r"pictionary",
    r"charades", r"trivial pursuit", r"risk board game", r"game of risk", r"play risk", r"stardew(?: valley)?",
    r"animal crossing", r"hearts card game", r"card game hearts", r"^go(?=\s*[:,-])", r"card tricks?", r"magic tricks?",
    r"(?:game of|play(?:ing)?|in|than|at) go\b(?!\s+(?:first|next|last|back|on|to|up|down|out|around|again))",
    r"go (?:board|stones?|game|players?)", r"baduk", r"weiqi", r"igo", r"(?:play(?:ing)?|in|at) hearts",
    r"shogi", r"xiangqi", r"rooks?", r"pawns?", r"bishops?", r"knights?\s+(?:move|moves|jump)",
    r"gomoku", r"othello", r"reversi", r"dominoes", r"bingo", r"roulette", r"baccarat",
    r"craps", r"darts", r"billiards", r"snooker", r"pool table", r"bowling", r"football", r"soccer",
    r"basketball", r"baseball", r"tennis", r"golf", r"cricket", r"hockey", r"nba", r"nfl", r"world cup",
    r"lakers", r"olympics",
    r"gloomhaven", r"frosthaven", r"brass", r"terra mystica", r"great western trail", r"concordia", r"viticulture",
    r"castles of burgundy", r"lost ruins of arnak", r"dune imperium", r"clank", r"azul summer pavilion",
    r"parks", r"cascadia", r"harmonies", r"flip 7", r"skyjo", r"the mind", r"wavelength",
    r"decrypto", r"telestrations", r"kingdomino", r"carcassone", r"quacks of quedlinburg", r"heat pedal to the metal",
    r"tiny towns", r"calico critters", r"sleeping gods", r"mage knight", r"twilight struggle", r"war of the ring",
    r"blood on the clocktower", r"one night ultimate werewolf", r"resistance", r"sheriff of nottingham",
    r"blokus", r"bohnanza", r"ubongo", r"(?:a\s+)?feast\s+for\s+odin",
    r"lost cities", r"schotten totten", r"jaipur", r"hive", r"santorini", r"onitama", r"patchwork",
    r"spades", r"euchre", r"oh hell", r"wizard card game", r"tichu", r"president card game",
    r"crazy eights", r"old maid", r"war card game", r"speed card game", r"slapjack", r"gin rummy",
    r"magic arena", r"marvel snap", r"legends of runeterra", r"slay the spire", r"balatro", r"hades", r"celeste",
    r"stardew", r"terraria", r"skyrim", r"the witcher", r"cyberpunk", r"gta", r"red dead", r"apex legends",
    r"counter[- ]?strike", r"cs ?go", r"cs2", r"rocket league", r"fifa", r"madden", r"smash bros", r"splatoon",
    r"animal crossing", r"pokemon go", r"clash royale", r"clash of clans", r"brawl stars", r"genshin impact",
    r"honkai", r"wuthering waves", r"final fantasy", r"dark souls", r"baldur'?s gate", r"diablo", r"world of warcraft",
    r"wow classic", r"runescape", r"osrs", r"neopets", r"sims",
    # poker hands and table words (a "full house" is also a nickname of a Calico goal, so it is not here)
    r"pair of (?:kings|queens|jacks|aces|twos|threes|tens)", r"royal flush", r"straight flush", r"(?:the|a) pot\b",
    r"(?:big|small) blind",
    # dice and the trading games: none of our three games has dice, ore or sheep
    r"dice", r"die roll", r"roll(?:ed|s)? (?:a|an) (?:\d+|seven|six|double)", r"rolls? of the dice", r"ore",
    r"sheep for", r"for sheep", r"lumber", r"the robber", r"longest road", r"largest army",
    r"development cards?", r"knight cards?", r"settlements?", r"soft 17",
    r"(?:dealer|dealers) (?:hit|hits|stand|stands)",
    r"what does (?:the|my) wonder", r"wonder (?:stages?|boards?)",
    # another game described instead of named: a phone game, "that card game where you build a deck"
    r"(?:phone|mobile|video|computer|pc|console|browser) games?", r"that (?:\w+ )?game where you",
    r"deck ?building", r"victory points",
    # other cat games, on screens and tables
    r"neko atsume", r"cat quest", r"cat lady (?:card )?game", r"(?:beat|beating|play(?:ing)?|in) stray\b",
    r"stray,? the cat game", r"little kitty,? big city", r"kitten'?s game",
)
_OTHER_GAMES_ZH = (
    "中国象棋", "国际象棋", "象棋", "围棋", "五子棋", "跳棋", "军棋", "飞行棋", "斗兽棋", "黑白棋", "将棋", "麻将",
    "斗地主", "掼蛋", "桥牌", "扑克", "德州", "梭哈", "炸金花", "跑得快", "拱猪", "红心大战", "狼人杀", "三国杀",
    "骷髅王", "剧本杀", "阿瓦隆", "卡坦", "卡卡颂", "璀璨宝石", "展翅翱翔", "花砖物语", "大富翁", "强手棋", "炉石",
    "万智牌", "宝可梦", "王者荣耀", "英雄联盟", "原神", "我的世界", "和平精英", "吃鸡", "消消乐", "天天爱消除",
    "俄罗斯方块", "数独", "扫雷", "谁是卧底", "真心话大冒险", "殖民火星", "瘟疫危机", "车票之旅", "鸟类天堂",
    "妙探寻凶", "血战到底", "篮球", "足球", "网球", "羽毛球", "乒乓球", "世界杯", "奥运", "uno", "UNO",
    "王车易位", "将军", "胡牌", "杠上花", "预言家", "女巫", "守卫", "狼人",
    "阿瓦隆", "血染钟楼", "璀璨宝石", "卡卡颂", "殖民火星", "农场主", "波多黎各", "电力公司", "石器时代", "冷战热斗",
    "魔戒", "指环王", "瘟疫公司", "德国心脏病", "矮人矿坑", "只言片语", "达芬奇密码", "谁是卧底", "抓马", "山屋惊魂",
    "炉石传说", "阴阳师", "崩坏", "明日方舟", "第五人格", "蛋仔派对", "金铲铲", "云顶之弈", "绝地求生", "穿越火线",
    "地下城与勇士", "梦幻西游", "魔兽世界", "魔兽", "暗黑破坏神", "塞尔达", "马里奥", "宝可梦", "动物森友会",
    "猫咪后院", "猫咪收集", "旅行青蛙", "猫咪大战争", "猫咪斗恶龙", "炸弹猫", "爆炸猫",
    "星露谷", "双人成行", "黑神话", "永劫无间", "蛋仔", "拖拉机", "跑得快",
    "二十一点", "百家乐", "老虎机", "德扑",
    "黑桃", "红桃", "方片", "梅花",  # the French suits: a deck of playing cards
    "骰子", "掷骰", "掷出", "摇骰", "满堂红", "同花顺", "三带二", "三带一", "王炸", "农民", "地主", "碰杠", "自摸",
    "听牌", "强盗", "羊毛", "矿石", "保龄球", "台球", "桌球", "斯诺克",
    "火车游戏", "记忆游戏", "翻牌配对", "抢地盘", "最长路线", "最长道路",
    "七大奇迹", "七大奇蹟", "卡坦岛", "动森", "拼布艺术", "拼布对决", "熊熊公园", "猫咪炸弹", "爆炸小猫",
    "小屋花园", "打升级", "升级里", "奥丁的盛宴", "乌邦果", "boop",
)
_OTHER_GAMES_RE = re.compile(
    r"\b(?:" + "|".join(_OTHER_GAMES_EN) + r")\b|" + "|".join(re.escape(w) for w in _OTHER_GAMES_ZH)
    # Yu-Gi-Oh!, but not "这游戏王牌是哪个色" (this game's trump)
    + r"|游戏王(?!牌)"
)

# ------------------------------------------------------------------------------ about the bot
_META_PATTERNS = (
    # Discord itself and bots of one's own ("why can't I see the voice channels", 怎么自己写一个discord机器人)
    r"\bvoice\s+(?:channels?|chat)\b|语音频道|(?:自己)?(?:写|做)(?:一个|个).{0,10}(?:机器人|bot)|"
    r"\b(?:make|build|write|code|program)\s+(?:my\s+own|a|your\s+own)\s+(?:discord\s+)?bot\b",
    r"\b(?:what|which)\s+(?:ai\s+|language\s+)?(?:model|llm|ai|version of gpt)\b",
    r"\b(?:llm|gpt|chatgpt|openai|claude|gemini|llama|language model|large language)\b",
    r"\bare\s+you\s+(?:an?\s+)?(?:ai|bot|robot|human|person|real|chatgpt|sentient|alive|a real)\b",
    r"\bwho\s+(?:made|built|created|wrote|programmed|coded|developed|owns|runs|are)\s+(?:you|this bot|the bot)\b",
    r"\b(?:your|the bot'?s)\s+(?:system\s+)?(?:prompt|instructions|source code|name|creator|owner|age)\b",
    r"\bwhat(?:'s|s| is)\s+your\b", r"\bhow\s+old\s+are\s+you\b", r"\bhow\s+are\s+you\b",
    r"\bdo\s+you\s+(?:like|love|hate|enjoy|prefer|think|dream|feel|sleep|eat|have feelings)\b",
    r"\bare\s+you\s+(?:ok|okay|there|awake|smart|stupid|dumb|sure|happy|sad|bored)\b",
    r"\b(?:can|could|would|will)\s+you\s+(?:recommend|suggest|tell me a|write|translate|sing|play some|"
    r"help me with my|order|book|find me|search|google|summarize this|draw me)\b",
    r"\b(?:tell|give)\s+me\s+a\s+(?:joke|story|poem|fact|riddle)\b",
    r"\bwrite\s+(?:me\s+)?a\s+(?:poem|song|story|essay)\b",
    r"\brecommend\s+(?:me\s+)?(?:a|an|some)\s+(?!strategy|opening|goal|cat|tile)\w+",
    r"\bi(?:'m| am)\s+(?:so\s+|really\s+|very\s+|kinda\s+)?(?:bored|tired|hungry|sad|happy|sleepy|late|back|here)\b",
    r"\bi\s+love\s+you\b", r"\byour\s+(?:favou?rite|day|opinion|thoughts|weekend)\b", r"\bhow\s+was\s+your\b",
    r"\bthanks?\s+(?:you\s+)?for\s+the\s+game\b", r"\bwhat\s+(?:are|should|shall)\s+we\s+play(?:ing)?\s+next\b",
    r"\bwhat\s+time\s+(?:do|are|shall|should|will)\s+we\b", r"\byou(?:'re| are)\s+(?:cheating|a\s+cheater)\b",
    r"\bthat'?s\s+(?:not\s+fair|unfair|so\s+unfair)\b", r"\bready\s+when\s+you\b", r"\bspare\s+copy\b",
    r"\bhow\s+much\s+did\s+you\s+pay\b",
    r"\bwhere\s+do\s+you\s+get\s+(?:your|the|all\s+your)\s+(?:answers|info|information|data|knowledge)\b",
    r"你的(?:答案|回答|知识|资料)(?:是)?(?:从|哪)",
    r"你是谁", r"你叫什么", r"你是(?:人|机器人|ai|AI|真人|什么模型|哪个模型|gpt|chatgpt)", r"(?:大|语言)模型",
    r"谁(?:开发|做|写|创造|制作)(?:的|了)?你", r"你是谁(?:开发|做|写)的", r"你(?:几|多大)岁",
    r"你(?:最|比较|特别)?(?:喜欢|爱|讨厌)",
    r"你(?:好吗|在吗|会不会|能不能帮我)", r"讲(?:个|一个)笑话", r"(?:写|作)(?:一)?首诗", r"帮我(?:写|翻译|订)",
    r"翻译成", r"推荐(?:一|几)?(?:家|个|部|本|首|些)",
    r"你的(?:名字|提示词|主人|作者)", r"提示词", r"我好(?:无聊|累|饿|困)",
    r"(?:用的|跑的)是什么(?:模型|ai|AI)", r"\bdiscord\s+(?:server|account|nitro|status|profile|channel)",
    r"^(?!.*\b(?:patch(?:es)?|hand|tiles?|cards?|turn|opponent|quilt|score|goals?|market|bids?|tricks?|declare|cats?|fish)\b)"
    r".*\b(?:to|in|on)\s+discord\b(?!.*\b(?:game|play|rules?)\b)",
    r"\bis\s+(?:this|the)\s+bot\s+(?:just\s+|really\s+|actually\s+)?(?:a|an)\s+(?:guy|person|human|real|man|woman|kid)\b",
    r"\b(?:when|how)\s+were\s+you\s+(?:first\s+)?(?:switched|turned|powered)\s+on\b",
    r"\b(?:can|could|will)\s+you\s+(?:ping|remind|notify|"
    r"dm|message|ban|kick|mute)\s+me\b", r"(?<!bot )\bremind\s+me\b(?!\s+(?:the|how|what|which|of|again)\b)",
    r"\bset\s+(?:a|an)\s+(?:timer|alarm|reminder)\b",
    r"\b(?:online|on)\s+(?:rn|right now|now)\b", r"\bwho(?:'s| is)\s+online\b", r"\btime\s*zone\b",
    r"\bwrong\s+channel\b", r"\b(?:ban|mute|kick)\s+@", r"\byou(?:'re| are)\s+the\s+best\b",
    r"你(?:有没有|有)记忆", r"记住我", r"(?:discord|Discord|DC|dc)\s*(?:里|上)?(?:怎么)?(?:建|创建|开)(?:频道|服务器)",
    r"\b(?:the\s+)?bot\s+(?:is|was|seems|keeps)\s+(?:so\s+|really\s+)?(?:broken|down|dead|slow|lagging|stuck|offline|"
    r"not\s+working|crashing|spamming)\b", r"\bwhy\s+is\s+the\s+bot\b",
    r"\bis\s+(?:the\s+)?bot\s+(?:down|dead|broken|offline|online|up|alive|lagging|frozen|working)\s*(?:[?？!.]|$|again|"
    r"for|right\s+now|rn|or)", r"\b(?:it'?s|bot'?s|bot\s+is)\s+not\s+responding\b",
    # the server's roles and the bot's prefix ("how do i get the 'regular' role here?", 指令前缀是什么)
    r"\b(?:get|give\s+me|assign|have)\s+(?:the\s+|a\s+)?['\"]?[\w-]+['\"]?\s+role\b|\broles?\s+(?:here|in\s+(?:this|the)\s+"
    r"server)\b|身份组|\bprefix\b|(?:指令|命令)前缀",
    r"机器人(?:坏了|卡了|挂了|好慢|没反应|出错)",
    r"开黑", r"^有人(?:在)?吗", r"\bwho(?:'s| is)\s+up\s+for\b",
    r"\banyone\s+(?:up\s+for|want\s+to\s+play|wanna\s+play)\b",
    r"\brate\s+my\b", r"\bcongrat", r"\b(?:what|which)\s+games?\s+do\s+you\s+(?:guys\s+|all\s+)?play\b",
    r"\bspeak\s+(?:english|german|french|spanish|chinese|japanese)\b", r"\bmake\s+(?:me\s+)?a\s+meme\b",
    r"\bis\s+this\s+thing\s+on\b", r"\bmeaning\s+of\s+life\b", r"\bnext\s+server\s+event\b",
    r"你们(?:平时)?(?:都)?玩什么", r"(?:推荐|有没有)(?:好玩|好看)的(?:手机)?(?:游戏|电影|书)",
    r"谁来一起", r"一起(?:打|玩)(?:麻将|游戏)",
    r"你会说", r"怎么修改(?:昵称|名字|头像)",
    r"(?:今天|明天|周末)(?:吃什么|去哪)", r"好累", r"好紧张", r"服务器几点",
    r"\btrump\s+(?:say|said|says|tweet|tweeted|do|did|won)\b", r"\bdonald\b",
    r"\bopen[- ]?source\b", r"\bgithub\b", r"\b(?:have|got|need)\s+to\s+(?:leave|head\s+out)\b",
    # what the bot keeps of the chat (not a game's record: calico.bot.records)
    r"\b(?:log|logs|logging|record|records|save|saves|store|stores|read|reads|keep|keeps)\s+(?:everything\s+(?:i|we|you)\b|"
    r"(?:all\s+)?(?:my|our|the|your)\s+(?:messages|chats?|dms|chat\s+history))\b", r"\bprivacy\s+policy\b",
    r"\b(?:log|logs|read|reads|see|sees|save|saves|store|stores|keep|keeps|record|records|track|tracks)\s+"
    r"(?:every|all|each)\s+(?:(?:the|my|our|single)\s+)?(?:messages?|chats?|dms?)\b",
    r"(?:保存|记录|存|看|读|偷看)(?:我(?:们)?的)?(?:聊天记录|聊天内容|消息记录|私信)", r"免打扰",
    r"\b(?:log|logs|read|reads|save|saves|store|stores|keep|keeps|record|records)\s+what\s+(?:we|i|you|people)\s+"
    r"(?:say|said|type|write|post)\b",
    r"\bcurious\s+about\s+privacy\b|\bprivacy\s+(?:concerns?|reasons|wise|issues?)\b",
    # how the bot runs ("how long has the bot been up", "it felt laggy")
    r"\b(?:been|stayed)\s+(?:up|online|running|offline)\b", r"\buptime\b", r"\blag(?:gy|ging|s)?\b",
    r"(?:机器人|bot).{0,10}(?:经常|老是|总是|又|一直|都)(?:掉线|离线|下线|宕机|挂掉?)",
    r"(?:为什么|为啥|怎么)(?:这个)?(?:机器人|bot).{0,12}(?:掉线|离线|下线|宕机)",
    r"(?:机器人|bot).{0,6}(?:在线时间|稳不稳定|稳定吗)|调用次数|次数限制|\brate[- ]?limit(?:s|ed|ing)?\b",
    r"\bwho\s+(?:do|should|can)\s+(?:i|we)\s+(?:ping|contact|tell|message|dm)\b.{0,30}\bbot\b",
    r"\bbot\s+(?:always|often|so\s+often|constantly|keeps?\s+going)\s+(?:offline|down)\b",
    r"\b(?:the\s+)?bot\s+to\s+(?:reply|respond|answer)\b|\bfeels\s+slow\b|"
    r"(?:bot|机器人)(?:怎么)?(?:老是|总是|一直)?不(?:回|理|回复)我|\brandom\s+number\b|随机(?:数|数字)|"
    r"\bbot\s+(?:ur|you'?re|is)\s+(?:kinda\s+|so\s+|really\s+|a\s+bit\s+)?slow\b",
    r"\bdiscord\s+(?:app|client|desktop|mobile|web)\b", r"\bdiscord'?s\s+(?!bot\b)\w+", r"\bslow\s*mode\b",
    r"^(?:bot|hey|yo|oi)?\s*(?:are|r)?\s*(?:you|u)\s+(?:up|there|awake|alive|online)\b",
    r"\bbot\s+(?:are\s+|r\s+)?(?:you|u)\s+(?:up|there|awake|alive|online)\b",
    r"\bapp\s+(?:is\s+)?(?:broken|down|crashing|not\s+working)\b",
    r"(?:discord|dc)\s*(?:里|上)?(?:怎么|如何)?(?:设置|关闭|打开|静音|屏蔽)",
    r"(?:discord|dc)\s*(?:里|上)?.{0,4}(?:上传|发图|发不了|登录|登不上|闪退|掉线|图片|文件太大)",
    r"\bnear\s+me\b", r"\b(?:buy|order|purchase)\s+(?:a\s+)?(?:copy|board\s*games?|the\s+(?:box|game))\b",
    # a newcomer to the server ("just joined from reddit"), running a server or a bot of one's own (roles,
    # permissions, slash commands that do not show, syncing them to a guild, re-inviting a bot), reaching Discord
    # at all (挂梯子)
    r"\bjust\s+joined\s+(?:the\s+|this\s+)?(?:server|discord|channel|community|from)\b",
    # instructions to be ignored, the bot's feelings
    r"\bignore\s+(?:all\s+)?(?:of\s+)?(?:your|the|my|previous|prior|above)?\s*(?:previous\s+|prior\s+)?"
    r"(?:instructions|prompts?)\b|\bsystem\s+prompt\b|\bjailbreak\b|越狱|忽略.{0,10}(?:指令|提示词?|设定)|"
    r"没有限制的\s*(?:ai|人工智能)",
    r"\bdo\s+you\s+(?:ever\s+)?(?:get|feel)\s+(?:lonely|sad|bored|happy|tired|angry|scared)\b|"
    r"你(?:会|会不会)(?:感到|觉得)?(?:孤独|寂寞|难过|伤心)",
    r"\ba\s+discord\s+thing\b|\bguilds?\b|\bmy\s+(?:own\s+)?slash\s+commands\b|"
    r"(?:^|\s)/poll\b",
    r"(?:设置|创建)(?:一个|个)?.{0,10}频道|建(?:一个|个)频道|(?:改|设置|开|给)(?:了)?.{0,4}权限|管理员(?:能|才能|可以)?看",
    r"(?:斜杠)?(?:命令|指令)注册|(?:重新)?邀请(?:一下)?(?:这个)?机器人", r"挂梯子|翻墙|\bvpn\b|(?:discord|dc)\s*在国内",
)
_META_RE = re.compile("|".join(_META_PATTERNS))
#: An errand for the bot ("帮我查一下明天的天气"), unless the message holds a rules word ("帮我查一下彩虹纽扣的规则"
#: asks for a rule) or asks about a game's structure (then no keywords are given).
_ERRAND_ZH_RE = re.compile(r"帮我(?:查|找)")
#: Buying or pricing a game (even one of ours), news about one (a release, a review, its art), or ranking
#: board games in general: no rules question.
_SHOPPING_RE = re.compile("|".join((
    r"\bwhere\s+(?:can|do|could|should)\s+(?:i|we|you)\s+(?:buy|order|get\s+hold\s+of)\s+(?:a\s+copy|the\s+game|this\s+game|"
    r"calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats|it|one)\b",
    r"\bhow\s+much\s+(?:does|is|do)\s+(?:the\s+)?(?:game|box|calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats)"
    r"\s+(?:cost|go\s+for|sell\s+for)\b",
    r"\b(?:on|from)\s+(?:amazon|ebay)\b", r"\bstill\s+(?:sold|available|in\s+stock|for\s+sale)\b|\bsold\s+anywhere\b",
    r"\bcheap(?:er|est)?\s+(?:copy|price|deal)\b", r"\bof\s+all\s+time\b",
    r"\b(?:board|card|party)\s+games?\s+for\s+(?:travel|trips?|kids|parties|couples|date\s+night)\b",
    r"(?:哪里|哪儿|在哪)(?:能|可以)?买", r"(?:桌游|一盒|正版|实体版?)(?:要|大概)?(?:多少钱|什么价)",
    # the price of a box said the other way round (多少钱一盒), a crowdfunding pledge
    r"多少钱一盒|\bpledges?\b|\bkickstarter\b.{0,20}\b(?:still\s+open|late\s+pledge)\b",
    # a campaign asked about ("is there a kickstarter for a new expansion?", 有新扩展众筹吗), a part wanted (...吗 想买)
    r"\b(?:is\s+there|are\s+there|any)\s+(?:a\s+|an?\s+)?(?:new\s+)?kickstarters?\b|有.{0,6}众筹\s*(?:吗|么|没|不)|"
    r"[吗呢]\s*[,，]?\s*(?:想|要)买\s*$|求购",
    # crowdfunding, preorders and copies in shops, a spare copy to trade or sell, an upgrade, a copy wanted (众筹了,
    # 多了一盒, 有人想换游戏吗, 想收一套; not the crowdfunded edition's content, 众筹版的额外内容)
    r"众筹了|(?:还能|能不能|可以)众筹|(?:想|要)入(?:一|个)盒|\bpre-?orders?\b|\bin\s+stores?\b|多了一盒|"
    r"\bsell\s+(?:one|mine|my\s+copy|the\s+(?:extra|spare)(?:\s+copy)?)\b|"
    r"\b(?:two|2|an?\s+extra|a\s+spare)\s+cop(?:y|ies)\b|"
    r"\bgoing\s+price\b|\bjust\s+(?:bought|ordered)\b|众筹开|上车|\bafford\s+(?:one|both)\s+this\s+(?:month|week|year)\b|"
    r"\bworth\s+the\s+upgrade\b|值得升级|"
    r"(?:换|交换)(?:个|一下)?(?:游戏|桌游)|钱包|(?:想|要)?收(?:一|个)?(?:套|盒)|还有人出吗|有人出(?:吗|一套|一盒)",
    # buying a copy (not the fish a card costs: "买这张卡多少钱")
    r"^(?!.*(?:鱼|这张|那张|卡牌|救援卡|发现卡|课程卡)).*买.{0,6}(?:便宜|多少钱)",
    r"史上最(?:好玩|好|佳)", r"淘宝|京东|拼多多|闲鱼|亚马逊|哪家(?:买|店)",
    r"(?:游戏|桌游|这盒|一盒)(?:现在|目前)?(?:要|卖|大概)?多少钱",
    # an edition's price ("how much is the deluxe edition going for", 豪华版现在卖多少钱)
    r"\bhow\s+much\s+(?:does|is|do|are)\b.{0,50}\b(?:edition|version|copy|copies|box)\b.{0,20}"
    r"\b(?:cost|go(?:ing)?\s+for|sell(?:ing)?\s+for|these\s+days)\b",
    r"\b(?:deluxe|kickstarter|collector'?s?|special|limited|retail)\s+(?:edition|version)\b.{0,30}"
    r"\b(?:cost|costs|price|prices|going\s+for|sell(?:ing)?\s+for)\b",
    r"(?:豪华版|典藏版|收藏版|ks版|众筹版|中文版|英文版|实体版).{0,6}(?:多少钱|卖多少|什么价|价格|几块钱)",
    # a price ("the best two player game under $30")
    r"[$€£¥]\s?\d", r"\b\d+\s?(?:dollars|bucks|euros?|quid|usd)\b",
    # news about a game: a release, a review, its art (not which edition or expansion the rules cover)
    r"\b(?:expansion|edition|version|reprint|sequel|kickstarter)\b.{0,40}\b(?:comes?|coming)\s+out\b",
    r"\b(?:release|launch)\s+date\b", r"\b(?:be|been|get|gets|getting)\s+(?:released|reprinted)\b",
    r"\breview\s+(?:video|of\s+(?:calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats|the\s+game|it))\b",
    r"\b(?:video|youtube)\s+reviews?\b", r"\bworth\s+watching\b", r"\bunboxing\b",
    r"\bshut\s+up\s*(?:&|and)\s*sit\s+down\b", r"\bdice\s+tower\b",
    r"\bwho\s+(?:drew|illustrated|painted|did\s+the\s+(?:art|artwork|illustrations?))\b",
    r"\bwho(?:'s|\s+is|\s+was)\s+the\s+(?:artist|illustrator)\b",
    r"上市|发售|出(?:了|过)?(?:简体|繁体)?中文版|中文版(?:什么时候|啥时候|何时)(?:出|上)",
    r"(?:扩展|新版|续作)(?:什么时候|啥时候|何时|几时)(?:出|上)",
    r"谁画的|画师|插画师|测评|评测|开箱", r"值(?:不值)?得(?:买|入手|看|入(?!门))",
    # still printed ("is the big box still in print"), a game for a group that names none of ours
    r"\b(?:still\s+in|out\s+of|back\s+in)\s+print\b",
    r"\b(?:what'?s|whats|what\s+is|any|suggest|recommend)\s+(?:a\s+)?(?:good|great|fun|nice|decent)\s+"
    r"(?:board\s*|card\s*|party\s*|family\s*)?games?\s+for\b",
    r"\b(?:what'?s|whats|what\s+is|any|suggest|recommend)\s+(?:a|the)\s+(?:best|good|great|fun|nice|decent)\s+"
    r"(?:first\s+)?(?:board\s*|card\s*|party\s*|family\s*)?games?\s+for\b",
    r"\b(?:what'?s|whats|what\s+is|any|suggest|recommend)\s+(?:a\s+|the\s+)?(?:best|good|great|fun|nice|decent)\s+"
    r"(?:2|two|3|three|4|four|5|five)[- ]?(?:players?|p)\s+games?\b(?!\s+modes?\b)",
    # whether a game or an edition is worth its price ("is the deluxe version worth the extra money"; not "is it
    # worth buying a lesson card", a card costs fish, nor "worth buying for a group of four?", a question of the
    # player count that the overview answers)
    r"\b(?:calico|cat\s+in\s+the\s+box|isle\s+of\s+cats|(?:this|the)\s+game|edition|version|expansion|copy|deluxe)"
    r"\s+(?:really\s+|actually\s+|still\s+)?worth\s+(?:buying|getting|picking\s+up|owning|it(?!\s+over)|the\s+(?:extra\s+)?"
    r"(?:money|price|cost|upgrade|hype))\b"
    r"(?!.{0,40}\b(?:players?|player\s+count|group|couples?|two|three|four|five|six|[2-6]p?|people|kids|family)\b)",
    r"\bworth\s+the\s+(?:extra\s+)?(?:money|price|cost|cash)\b",
    r"\b(?:expansion|edition|version|deluxe)\b.{0,40}\bworth\s+(?:it|buying|getting)\b(?!\s+(?:to|for\s+(?:[2-6]|two|three|four|five|six)))",
    r"\bor\s+is\s+it\s+(?:just\s+)?bloat\b",
    # which game to buy, and games as gifts ("which one would u buy first", "gifting isle of cats to my gf")
    r"\bwhich\s+(?:one\s+)?(?:would|should|do)\s+(?:u|you|i|we|y'?all)\s+(?:buy|get|pick\s+up|gift|recommend)\b",
    r"\bbuy\s+first\b", r"\bgift(?:s|ing|ed)?\b", r"礼物|送给(?:我的?)?(?:女朋友|男朋友|对象|老婆|老公|朋友|孩子)",
    r"买哪(?:个|款|一个|一款)|纠结买|有必要买|(?:要不要|该不该|值不值得?)买|买不买",
    r"(?:块|钱|元|刀).{0,6}值不值|值不值.{0,6}(?:块|钱|元)|多花.{0,6}(?:块|钱|元)",
    r"(?:豪华版|典藏版|收藏版|ks版|众筹版).{0,10}(?:普通版|标准版|零售版|基础版).{0,6}(?:差别|区别|不同)",
    r"(?:豪华版|典藏版|收藏版|ks版|众筹版|零售版).{0,12}(?:盒子|盒画|画|美术|封面|外观|配件).{0,8}(?:不一样|不同|区别|差别)",
    # who designed a game (its designer, the designer's other games)
    # where to get a copy or a part, and whether it can still be had ("where buy cat in the box", "are the cat
    # tokens sold separately", 盒中猫现在还在印吗,好像很难买到), its rating and its versions elsewhere (an app,
    # Board Game Arena, Steam), and whether a copy is worth its price (值这个价吗)
    r"\bwhere\s+(?:to\s+)?buy\b", r"\bsold\s+separately\b", r"\b(?:back\s+)?in\s+stock\b",
    r"(?:还)?有货|现货|缺货|断货|(?:猫与花毯|花毯|盒中猫|箱中猫|猫岛|扩展|桌游)都买了",
    # whether a copy can still be had, what it cost people, how well it is made ("how much did you all pay for
    # isle of cats", 现在还能买到吗, 配件质量怎么样, 会不会掉色)
    r"(?:还|现在)能买(?:得)?到|还买得到|\bhow\s+much\s+did\s+(?:you|u|y'?all|everyone|people)\b.{0,12}\bpay\b|"
    r"(?:配件|做工|用料|板块|卡牌)?质量(?:怎么样|如何|好不好|咋样)|做工|掉色|材质|起毛",
    # the cheapest shop, another language's edition, playing it on a site ("where's the cheapest place to buy calico",
    # "is there a german edition, is the translation any good", "can i play calico on board game arena")
    r"\b(?:cheapest|best)\s+place\s+to\s+(?:buy|get|order)\b|\bplace\s+to\s+buy\b|"
    r"\b(?:german|french|spanish|japanese|korean|italian|polish|dutch|portuguese|russian|czech)\s+"
    r"(?:edition|version|translation|printing)\b|\btabletopia\b|\byucata\b|"
    r"\b(?:can|could)\s+(?:i|we|you|u)\s+play\b.{0,30}\b(?:on|in)\s+(?:board\s*game\s*arena|bga|tabletop\s+simulator|tts)\b",
    r"\b(?:bgg|boardgamegeek)\s+(?:rating|rank|ranking|score|weight)\b|\brated\s+on\s+(?:bgg|boardgamegeek)\b",
    r"(?:能|可以)?单独(?:买|卖|购买)|单买|还在印|(?:很|好)?难买(?:到)?|买不到|绝版|值这个价|质感",
    # a second-hand copy, a copy still to be had, a crafting tool's brand (not "thinking of buying calico, what is
    # it about": the overview answers that)
    r"\bstill\s+available\b|\bavailable\s+anywhere\b|二手|闲置|(?:哪个|什么)牌子(?:的)?(?:好|比较好|推荐)|牌子推荐",
    # a price in dollar signs, an app for a phone or a computer, a sequel ("worth the extra $$ or nah", 会出续作吗)
    r"\${2,}|\bextra\s+\$", r"\b(?:app|version)\s+for\s+(?:the\s+)?(?:iphone|ipad|android|pc|mac|phones?)\b|"
    r"\b(?:iphone|ipad|android)\s+(?:app|version)\b|\bpc\s+(?:one|version|app)\b",
    r"\bsequels?\b|续作",
    # (not a rule seen elsewhere: "the online version skips it", "like on bga")
    r"\b(?:official\s+)?(?:digital|mobile|video\s+game)\s+(?:version|edition|port|adaptation)\b",
    r"\b(?:is|are)\s+(?:there|it|they)\b.{0,30}\b(?:on|in)\s+(?:board\s*game\s*arena|bga|steam|tabletop\s+simulator|"
    r"the\s+app\s+store|google\s+play)\b|\bapp\s+store\b|\bgoogle\s+play\b",
    # (not which version the answers follow: "电子版 Quilts and Cats of Calico 的模式也包括吗")
    r"手机(?:app|版|游戏)|网页版|steam|(?:有没有|有).{0,12}电子版|电子版(?:吗|嘛|呢)?[??]?$",
    r"\bdesigners?\b|\bwho\s+(?:designed|invented|created|made)\s+(?:calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats|"
    r"this\s+game|the\s+game)\b|设计师|谁设计的|作者是谁",
)))
#: The part of it that still applies when the question names one of our games: what the bot *is*
#: ("what model does the calico bot run on"), not requests ("can you recommend a calico opening").
_IDENTITY_RE = re.compile("|".join((
    r"\b(?:llm|gpt|chatgpt|openai|claude|gemini|llama|language model|large language)\b",
    r"\b(?:what|which)\s+(?:ai\s+|language\s+)?(?:model|llm)\b", r"\bare\s+you\s+(?:an?\s+)?(?:ai|human|real person)\b",
    r"\bwho\s+(?:made|built|created|programmed|coded|developed)\s+(?:you|this bot|the bot)\b",
    r"(?:大|语言)模型", r"你是谁", r"你是(?:人|机器人|ai|AI|真人)", r"谁(?:开发|做|写|创造|制作)(?:的|了)?你",
    # what the bot costs ("how much to add this bot to our server", 这个bot要收费吗), not what a card costs
    r"\b(?:cost|costs|price|pay|charge)\b.{0,30}\b(?:add|adding|invite|inviting|install|installing|use|using)\s+"
    r"(?:this|the|your)\s+bot\b", r"\bis\s+(?:this|the)\s+bot\s+(?:really\s+)?free\b",
    r"\bbot\b.{0,20}\b(?:subscription|premium|paid\s+(?:plan|version|tier)|pricing)\b",
    r"(?:bot|机器人)(?:要|是|需要)?(?:收费|免费|要钱|付费)",
    # the bot's permissions in a server ("give the bot permission to post in another channel")
    r"\bpermissions?\b.{0,40}\b(?:channel|server|post|posting|role)\b|\b(?:bot|channel|server|role)\b.{0,40}\bpermissions?\b",
    r"(?:机器人|bot).{0,10}权限|权限.{0,10}(?:机器人|bot|频道)",
    # where the bot runs ("where is the bot hosted, on some raspberry pi?", 机器人部署在哪)
    r"\bbot\b.{0,20}\b(?:hosted|hosting|runs?\s+on\s+(?:a|some|what)\s+(?:server|machine|computer))\b|"
    r"\bhosted\b.{0,20}\bbot\b|\braspberry\s+pi\b|(?:机器人|bot)(?:是)?(?:部署|托管|跑)在",
)))
#: Talk around one of our games that asks nothing of its rules, even with the game named: who won a past
#: game, finding players for one, a copy arriving, opinions of the art, a game like ours to recommend.
_GAME_TALK_RE = re.compile("|".join((
    # an opinion offered to the others ("anyone else think the isle of cats art is gorgeous?"), someone late for
    # the game, names given to the cats (给猫咪起名字), merchandise made (一起做猫与花毯的周边, 徽章)
    r"\banyone\s+else\s+(?:think|thinks|feel|feels|find|finds|love|loves|hate|hates|like|likes)\b",
    # a winning streak against the writer, games like ours recommended, the cats named after someone
    r"连赢(?:了)?我|我还能说什么|(?:推荐|安利).{0,12}(?:差不多|类似|一样|同类|像).{0,8}(?:游戏|桌游)|"
    r"(?:游戏|桌游)推荐(?!几个?人|人数)|(?:求|有没有|有什么|有啥|大家|给我|帮我).{0,6}推荐.{0,10}(?:游戏|桌游)|"
    r"推荐(?:几款|一些|一下|点|个).{0,8}(?:游戏|桌游)|除了(?:猫与花毯|花毯|盒中猫|猫岛)|"
    r"大家(?:是不是|都)(?:都)?这样|是不是都这样|新手运|(?:就|又|竟然|居然)赢了我|得意(?:了|得)|"
    r"\bis\s+it\s+(?:weird|strange|normal|bad|odd)\s+(?:that|if)\b|\biconic\b|"
    r"\b(?:refuses?|refused)\s+to\s+play\s+(?:\w+\s+){0,6}(?:again|anymore|with\s+(?:me|us))\b|"
    r"\bwon'?t\s+play\b.{0,40}\bagain\b|\bwent\s+(?:way\s+)?(?:too\s+)?late\b|"
    r"\bis\s+pain\b|\bhow\s+long\s+have\s+(?:u|you|y'?all)\s+(?:guys\s+|all\s+)?been\s+playing\b|\bchairs?\b|"
    r"\bsuch\s+a\s+vibe\b|\bwe\s+laughed\b|\b(?:just|finally)\s+won\s+(?:my|our)\s+(?:first\s+)?(?:\w+\s+){0,3}games?\b|"
    # scores announced ("final score: me 58, sarah 52", 最后得分:小王62,我55), a record broken, a winner crowned, a
    # streak called rigged, something else to play next
    r"\b(?:final\s+)?scores?\s*[:：-]\s*(?:[a-z]+\s*[:=]?\s*\d+\s*[,，;/]?\s*){2,}|"
    r"(?:最后|最终)?(?:得分|比分|分数|总分)\s*[:：]\s*(?:[\u4e00-\u9fffa-z]{1,4}\s*\d+\s*分?\s*[,，、;；/]?\s*){2,}|"
    r"破了?(?:自己的)?(?:个人)?(?:最高)?纪录(?!.{0,4}[吗么?？])|(?:今晚|今天|本周|这周|本月)的?冠军是|\bthis\s+is\s+rigged\b|"
    r"\bplay\s+something\s+else\b|\b(?:bgg|boardgamegeek)\b.{0,30}\b(?:at|rating|rated|rank|ranked)\b|"
    r"\b(?:rating|rated|ranked)\s+on\s+(?:bgg|boardgamegeek)\b|\b(?:i'?m|so)\s+exhausted\b|"
    r"\bgood\s+(?:\w+\s+){0,3}games?\s+that\s+(?:isn'?t|is\s+not|aren'?t)\b|\bplayed\s+it\s+to\s+death\b|"
    r"\babout\s+(?:actual|real)\s+cats?\b|\bpet\s+cats?\s+in\s+a\s+box\b|"
    r"\bwho(?:'s|\s+is)\s+(?:teaching|bringing|hosting|explaining)\b|"
    r"哪个.{0,10}更?好玩|哪个更(?:有意思|适合)|"
    # questions to the other members: how they store a box, which game they would pick, rating our games, who wants
    # to play, which scenario made them quit, whether anyone else thinks so (有没有人觉得), what to recommend a newcomer
    r"\bhow\s+do\s+(?:you|u)\s+(?:guys\s+|all\s+)?store\b|\bam\s+i\s+the\s+(?:worst|best)\b|\bworst\s+player\b|"
    r"\bwhich\s+(?:[\w-]+\s+){0,2}would\s+(?:you|u)\s+(?:pick|choose|recommend|buy|get)\b|"
    r"\brate\s+(?:these|them|those|each|all)\b|\b1-10\b|打个?分|心中排|\brage\s+quit\b|\banyone\s+tried\b|"
    r"\bwho\s+wants\s+to\s+play\b|\bat\s+my\s+place\b|有没有人觉得|有人觉得|"
    # a group's habits and feelings about a game, a nickname for it, how long a game took them, games of ours
    # recommended to a newcomer, names given to all the cats, bad luck told
    r"\b(?:hates?|loves?)\s+(?:cat\s+in\s+the\s+box|calico|(?:the\s+)?isle\s+of\s+cats|this\s+game)\s+because\b|"
    r"\b(?:because|cuz|cause)\s+\w+\s+always\s+wins\b|\b(?:he|she|they|my\s+\w+)\s+always\s+(?:wins|picks?|takes)\b|"
    r"每次都抢|\bkeeps\s+calling\b|不接受反驳|心中(?:的)?(?:最好|第一)|"
    r"\btook\s+(?:us|me|them)\s+(?:like\s+)?[\d.]+\s*(?:hrs?|hours?|mins?|minutes?)\b|\bwe\s+were\s+so\s+slow\b|"
    r"推荐(?:猫与花毯|花毯|盒中猫|猫岛).{0,6}还是|\bwin\s+for\s+the\s+cat\b|"
    r"\bnamed\s+(?:all|every|each)\s+(?:the\s+)?(?:[\w-]+\s+){0,4}cats?\b|"
    r"\b(?:luck|rng|draws?)\b.{0,40}\b(?:is|was|are|were)\s+(?:so\s+)?(?:brutal|terrible|awful|cruel|rough|insane|wild)\b|"
    r"\bnam(?:es|ed|ing)\s+(?:every|all|each|the|his|her|their|my)\s+(?:\w+\s+){0,2}cats?\s+(?:\w+\s+){0,4}after\b",
    # "am I the only one who ...", 有没有人和我一样, a hot take (暴论), who brings what (谁带), enough chairs for the
    # tables (椅子够不够), games recommended between members (大家有推荐吗), "thoughts on order?"
    r"\bam\s+i\s+the\s+only\s+one\b|有没有人(?:和|跟)我一样|暴论|谁带|椅子|凳子|(?:大家|各位)有(?:什么|啥)?推荐吗|"
    r"\bthoughts\s+on\s+(?:the\s+)?order\s*\?*\s*$",
    # bad luck and a loss one will keep thinking of, even told with a question word in them ("the dice gods hate
    # me ... lessons I can't use", "... I will be thinking about this for a week")
    r"\bdice\s+gods\b|\b(?:the\s+game|rng|luck|the\s+universe)\s+hates\s+me\b|"
    r"\bthinking\s+about\s+(?:this|it)\s+for\s+a\b",
    # questions to the other members about their own habits ("how many of you own all three", "who here plays
    # calico mostly solo", "what snacks do you pair with it", "would he still like it you think?", 大家一般跟谁玩,
    # 放什么音乐, 有人涂过色吗), the real cats in the room, invented house rules
    r"\bhow\s+many\s+of\s+you\b|\bwho\s+here\s+(?:plays|owns|has|likes|prefers|actually)\b|"
    r"\bcurious\s+what\s+(?:everyone|people|others|y'?all)\b|\bwhat'?s\s+everyone'?s\b|"
    r"\b(?:what|which|bring|brings|brought|bringing)\s+(?:the\s+)?snacks?\b|\bsnacks?\b.{0,30}\bpair\b|"
    r"\bwould\s+(?:he|she|they)\s+(?:still\s+)?(?:like|enjoy|love)\b|\bwith\s+your\s+(?:actual|real)\s+cats\b|"
    r"\bhouse\s+rules?\b.{0,80}\banyone\s+else\b|\banyone\s+else\s+do\b",
    r"(?:他|她|他们|她们)会喜欢吗|(?:大家|你们)(?:一般|平时)?(?:都)?(?:跟|和)谁玩|玩得多还是|(?:放|听)(?:什么|啥)(?:音乐|歌)|歌单|"
    r"涂(?:过)?色|晒图|早教|玩具",
    r"\b(?:is|are|was|were|'s|'re)\s+(?:running\s+)?late\s+(?:again|today|tonight|as\s+usual|as\s+always)\b|"
    r"\brunning\s+late\b|迟到", r"(?:起|取)(?:了)?(?:个|些)?名字",
    r"做(?:个|些|点|一些)?.{0,10}周边|徽章",
    r"\bwho\s+(?:actually\s+|even\s+|finally\s+|ended\s+up\s+)?won\b.{0,40}\b(?:last\s+(?:night|week|time)|yesterday|"
    r"(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|the\s+other\s+(?:day|night)|earlier\s+today|this\s+morning)\b",
    r"\b(?:last\s+night|yesterday|the\s+other\s+(?:day|night))\b.{0,40}\bwho\s+(?:actually\s+)?won\b",
    r"(?:昨晚|昨天|前天|上周|上次|那天|周[一二三四五六日末]|星期[一二三四五六日天]).{0,12}谁赢了",
    r"\bi\s+left\s+early\b",
    # finding players for a game ("anyone up for calico on saturday", 这周五晚上有人约猫与花毯吗)
    r"\banyone\s+(?:up\s+for|want\s+to\s+play|wanna\s+play|around\s+to\s+play)\b", r"\bwho(?:'s|\s+is)\s+up\s+for\b",
    # meetups and tournaments ("anyone wanna do a board game meetup next saturday", 线下比赛在哪报名)
    r"\bmeet-?ups?\b", r"\banyone\s+(?:wanna|want\s+to)\s+(?:do|join|come|host|organi[sz]e)\b",
    r"\btournaments?\b.{0,40}\b(?:sign\s*-?\s*ups?|register|registration|entry|where|when|prize)\b",
    r"(?:线下|线上|网上)?(?:比赛|锦标赛|大赛|联赛).{0,8}(?:报名|在哪|哪里|什么时候|奖金|奖品)|(?:报名|参加).{0,6}(?:比赛|锦标赛|大赛)|线下(?:局|聚会|活动|比赛)",
    r"(?:今晚|明晚|今天晚上|明天|这周|周末|周[一二三四五六日末]|星期[一二三四五六日天]).{0,6}(?:有没有人|有人|谁)(?:要|想)?"
    r"(?:约|一起|来|玩|开)", r"(?:有人|谁)(?:要|想)?约", r"还差(?:一|两|几|\d)\s*(?:个)?人",
    # finding players (not "第一墩谁来打", who leads the first trick)
    r"桌游搭子|找搭子|三缺一|(?:有没有人|有人)(?:要|想)?(?:一起|来)(?:开|玩|打)|谁(?:要|想)?一起(?:开|玩|打)",
    r"\b(?:i'?m|am|anyone|anybody|who'?s|who\s+is|you|u|everyone|y'?all|people)\s+(?:free|down)\s+"
    r"(?:to\s+play|for\s+a\s+(?:game|round|match))\b",
    r"\bin\s+the\s+mail\b", r"\b(?:copy|box|game|order|package|parcel)\b.{0,30}\b(?:arrived|came\s+(?:in|today))\b",
    r"\bnew\s+cardboard\b", r"到货|发货|物流|补货",
    # another game arranged ("下周三再来一把", "rematch tomorrow?"), a score to settle
    r"再来一(?:把|局|盘|场)|我要报仇|\brematch\b|\brevenge\b",
    # rating the game's art or box ("rate the calico box art 1-10", "the art is a solid 9 out of 10")
    r"\brate\s+(?:the\s+|its\s+)?(?:\w+\s+){0,3}(?:art|artwork|box|illustrations?|components?|insert|design)\b",
    r"\bout\s+of\s+(?:10|ten)\b(?!\s+(?:tricks?|cards?|points?|cats?|tiles?|fish|rounds?|spaces?|patches))",
    r"\b(?:the\s+)?(?:art|artwork|illustrations?|box\s+art)\s+(?:in|of|on|for)\s+(?:this|the|calico|cat\s+in\s+the\s+box|"
    r"(?:the\s+)?isle\s+of\s+cats)\b", r"\b(?:[0-9]|10)\s*/\s*10\b", r"\bwould\s+frame\b",
    r"\b(?:recommend|suggest)\w*\b.{0,40}\b(?:similar\s+to|games?\s+like)\b",
    r"\b(?:what|which|any)\s+other\s+(?:\w+\s+){0,2}games?\b(?!\s+(?:modes?|variants?|types?|setups?|ends?|ending|rules?|over|options?|settings?))",
    r"\bgames?\s+(?:would|do|could|can)\s+you\s+recommend\b",
    r"\bgames?\s+(?:similar\s+to|like)\s+(?:calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats)\b",
    r"\b(?:recommend|suggest)\s+(?:me\s+|us\s+)?(?:a|an|some|any)\s+(?:good\s+)?(?:[\w-]+\s+){0,3}games?\b",
    r"\b(?:recommend|suggest)\w*\s+(?:me\s+|us\s+)?something\s+(?:like|similar)\b",
    # what to play after one of ours ("I loved Calico, what should I play next?", 猫岛玩腻了还有什么推荐)
    r"\b(?:loved|liked|enjoyed|love|like|finished)\s+(?:calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats|it)\b"
    r".{0,40}\b(?:play|try|get|buy)\s+next\b",
    r"玩(?:完|过|腻)了?.{0,10}(?:还有|接下来|下一个|下一款).{0,6}(?:玩什么|推荐|什么游戏)",
    # comparisons and opinions of a game ("worth it over wingspan? honest opinion pls")
    r"\bworth\s+(?:it\s+|buying\s+|getting\s+)?over\b", r"\bhonest\s+(?:opinion|opinions|review|thoughts|take)\b",
    # ranking the server's players ("who's the best isle of cats player on this server")
    r"\b(?:best|strongest|worst|top)\s+(?:[\w]+\s+){0,4}players?\s+(?:(?:on|in)\s+(?:this|the|our)\s+(?:server|discord|group|club|channel)|here)\b",
    r"(?:服|群|服务器|频道)里.{0,8}(?:谁最(?:强|厉害|会玩)|最强|第一)",
    # (the meme "change my mind", not "can I jump back in if I change my mind?")
    r"\b(?:overrated|underrated|over-rated|under-rated)\b|(?<!i )(?<!we )(?<!you )(?<!u )\bchange\s+my\s+mind\b|"
    r"\bhot\s+take\b",
    # which game is more fun, and asking for opinions only ("which one is more fun: calico or cascadia? just
    # want opinions, not rules"), or saying one is dull (说实话我觉得猫与花毯有点无聊,你们觉得呢?)
    r"\b(?:which|what)\b.{0,20}\b(?:more\s+fun|funner|less\s+fun)\b", r"\b(?:more\s+fun|funner)\b.{0,40}\bor\b",
    r"\bjust\s+(?:want(?:ing)?|looking\s+for|curious\s+about|asking\s+for)\s+(?:your\s+|some\s+|people'?s\s+)?"
    r"(?:opinions?|thoughts|takes|impressions)\b", r"\bopinions?\s*,?\s*not\s+(?:the\s+)?rules\b",
    r"(?:有点|很|太|好|挺|真)无聊|无聊(?:吗|不|啊|死了|透了)|(?:觉得|感觉).{0,12}(?:好玩吗|有意思吗|没意思|不好玩|一般般)",
    # ranking the games against each other ("calico > isle of cats > cat in the box. fight me", 哪个更好玩)
    r"\bfight\s+me\b", r"哪(?:个|款|一个)(?:更|比较)?(?:好玩|有意思|耐玩)", r"最适合.{0,8}玩的(?:桌游|游戏)",
    r"有没有(?:更|别的|其他)推荐",
    # (not with a player count: "两个人玩猫与花毯好玩吗,还是四人更好" asks about the variant)
    r"^(?!.*(?:[两二三四五六几\d]个?人|人局|单人|双人)).*(?:游戏|桌游|猫岛|盒中猫|花毯)(?:到底)?(?:好玩吗|好不好玩)"
    r"(?!.{0,20}(?:怎么|规则|玩法|讲讲|介绍|说说|多久|多长时间|几(?:个)?人))",  # nor with its length or players asked
    r"你们(?:给|打)(?:它|这(?:个)?(?:游戏|桌游))?几分|(?:十分制|10分制)",
    r"(?:类似|像).{0,8}的(?:桌游|游戏)(?:推荐|有(?:哪些|什么|没有))", r"有没有(?:类似|像).{0,10}的(?:桌游|游戏)",
    r"推荐.{0,6}(?:类似|像)", r"\bgame\s+(?:recs?|recommendations?|suggestions?)\b",
    # the world around a game (offtopic-bd): merchandise and fan art, sleeves and organisers, painting the pieces,
    # how a box looks on the shelf, streams, leagues and champions, the publisher's news, arranging a game night
    r"\b(?:art\s+prints?|posters?|stickers?|svgs?|wallpapers?|emotes?|emojis?|merch|mugs?|plushies?|keychains?)\b",
    r"海报|贴纸|壁纸|表情包|抱枕|钥匙扣|手办|盲盒",
    r"\bsleeves?\b|\bsleeving\b|\bmayday\b|\bdragon\s+shield\b|\binserts?\b|\borgani[sz]ers?\b|\b3d[- ]?print\w*",
    r"牌套|收纳|3d打印", r"涂(?:完|好)?(?:了)?色|上色",
    r"\bpaint(?:ed|ing)?\s+(?:my|the|all|our)\b|\bminiatures?\b|\bminis\b|\bdoorstop\b",
    r"\bprettier\b|\bon\s+(?:the|my|a)\s+shelf\b|\baesthetics?\b|\bshelf\s+presence\b|颜值|(?:书架|柜子)上.{0,6}好看",
    # (not a rule seen on a stream: "someone on stream called it a conveyor belt", 看直播的时候没看懂)
    r"\bstream\s+(?:link|tonight|schedule)\b|\bwho(?:'s|\s+is)\s+streaming\b|\btwitch\b|直播(?:间|链接|地址)|求(?:直播)?链接|"
    # (a champion crowned, not "最后谁是冠军", who wins the game)
    r"(?:比赛|联赛)直播|\bleagues?\b|联赛|积分表|月赛|周赛|(?:拿下|获得|夺得|恭喜).{0,12}冠军|冠军(?:赛|奖|杯)|"
    r"\bchampionships?\b|\b(?:league|tournament|reigning|new|our|server)\s+champions?\b|"
    r"\bcongrat\w*|恭喜",
    r"\bpublisher\b|\bsame\s+company\b|\bnewsletter\b|出版社|发行商|\bcity\s+of\s+games\b|\bflatout\b|\balderac\b",
    r"\btranslation\s+(?:on|of)\s+the\s+box\b", r"\bkeeps?\s+(?:stealing|losing|hiding)\b",
    r"组局|约局|桌游局|来人[!!~。]*$|\bsign\s*-?\s*ups?\s+(?:close|open|end)",
    r"哪(?:个|款|一个)更适合",
    # which game suits a family, a date or one's parents ("which is better for a family with a 7yo, calico or isle
    # of cats", 情侣约会玩猫与花毯还是猫岛好, 过年回家想买个桌游跟爸妈玩), choosing between two games, and a call
    # for players (想来的扣1)
    r"\bwhich\b.{0,30}\bbetter\s+for\s+(?:a\s+|my\s+|our\s+)?(?:family|families|kids|children|couples?|date|"
    r"parties|party|travel|gifts?|parents)\b", r"\bdebating\s+between\b",
    r"\bdate\s+night\b", r"约会|想买(?:个|一个|一款|款)?(?:桌游|游戏)",
    r"(?:想来|要来|来的|参加).{0,4}扣\s?1(?!\s*分)|扣\s?1\s*[!！~。]*$|扣个1",  # not 扣1分, a point off
    # favourites, memes, a collection to rate, who hosts, a group to found, finding players (约人)
    # ("Leo is my favourite cat in calico", 你们最喜欢猫与花毯里哪只猫?我投Coconut一票, 有没有人想组个线上猫与花毯群)
    r"\bfavou?rite\s+(?:cat|cats|game|games|tile|tiles|part|card|cards|one)\b|\bfave\b|\bmy\s+fav\b",
    r"你们最喜欢|(?:我|我们)最喜欢.{0,12}(?:猫|游戏|桌游)|我投.{0,12}一票", r"\bmemes?\b|\brate\s+my\b",
    r"\brecommend\s+(?:me\s+|us\s+)?something\b", r"\bwho(?:'s|\s+is|\s+will\s+be)\s+hosting\b|\bhost(?:ing)?\s+next\b",
    r"(?:组|建|拉)(?:个|一个).{0,10}群|约人", r"\bhad\s+a\s+blast\b",
    # opinions asked for, games recommended, the game rated ("... thoughts??", 大家觉得怎么样, 有人同意吗,
    # 给猫与花毯打个分吧)
    # (not "does it count for the goal? thoughts?": a question before it)
    r"^(?!.*\?.*\b(?:thoughts|opinions)\s*\?*\s*$).*\b(?:thoughts|opinions)\s*\?*\s*$",
    r"(?:大家|你们)觉得(?:怎么样|如何|咋样)", r"有人同意吗|\bwho\s+agrees\b",
    r"\brecommendations?\s+for\b.{0,30}\bgames?\b",
    # an opinion offered ("is it just me or does it feel too long for a filler"; not "can the others see my hand,
    # or is it just me"), a loss a partner will not let go, friends who would rather play something else
    # (结果朋友只想玩狼人杀)
    r"\bis\s+it\s+just\s+me\s+or\b.{0,60}\b(?:feels?|seems?|looks?)\b|\bfor\s+a\s+filler\b|\b(?:won'?t|will\s+not|never)\s+let\s+(?:it|me)\s+(?:go|forget)\b",
    r"(?:朋友|他们|家人|家里人|老婆|老公|女朋友|男朋友|对象|室友)(?:们)?(?:都)?只(?:想|肯|愿意)玩",
    # an opinion asked for ("which would my family like more, calico or isle of cats, in your opinion?"), storing
    # a box, a faulty copy ("misprinted quilt boards? who do I email for replacements"; not "is that a misprint?"),
    # a story's end ("worth it", "went surprisingly smooth"), painting the pieces (有人涂装过吗?求图)
    r"\bin\s+your\s+(?:honest\s+)?opinion\b|\bfit\s+(?:vertically|upright|standing\s+up)\b|\bstor(?:e|ed|ing)\s+(?:it\s+)?"
    r"vertical(?:ly)?\b|\bmisprinted\b|\bfor\s+replacements?\b|\bwho\s+(?:do|should)\s+i\s+(?:email|contact|write\s+to)\b|"
    r"\btook\s+up\s+(?:my|the|our)\s+(?:entire|whole)\b|,\s*(?:totally\s+|so\s+|still\s+|definitely\s+)?worth\s+it\s*[.!]*$",
    r"买的.{0,8}(?:少|缺)了|(?:少|缺)了(?:几|一|两|\d+)(?:块|张|个|片).{0,8}(?:补|找谁|官方|客服|售后)|涂装|求图|"
    r"盒子?.{0,10}(?:放哪|怎么放|怎么收)",
    # a pet asleep on a board ("all my cat loafing on the quilt")
    r"\bloaf(?:ing|s)?\b",
    r"给(?:猫与花毯|盒中猫|猫岛|花毯|这(?:个|款)?(?:游戏|桌游))\s*打(?:个)?分|打分吧|我给(?:它|这游戏)?\s*\d+\s*分(?!钟)|"
    r"没有之一|玩过最(?:好|棒|好玩)",
    # a copy as a physical object (offtopic-be): damage, cleaning, refunds and missing parts, printing faults,
    # storage, crafts, votes and streams' platforms, the name's origin
    # (not "is that a misprint?" of a board that shows other bids: a question about the rules)
    r"\b(?:dent(?:ed)?|spilled|stain(?:ed)?|warp(?:ed|ing)|refund|replacement\s+parts?|"
    r"printing\s+(?:error|fault|defect)s?)\b", r"\bclean\s+(?:the\s+|my\s+)?(?:cardboard|boards?|box|tiles|cards)\b",
    r"补件|缺件|少了一(?:块|张|个).{0,8}(?:补|官方|客服)|印刷|(?<!颜)色差|起皱|受潮|洒了|压坏|退款|退货|客服|桌游柜|"
    r"(?:柜|书架|架子).{0,4}(?:放|收|塞)不下|黏土|手工|捏了|识字卡|杯垫|高估|低估|致敬|好有梗|斗鱼|虎牙|哔哩哔哩|(?:直播|开播).{0,4}见",
    r"\bgame\s+of\s+the\s+year\b|\bgoty\b|\bcuter\b|\bvote\s+w(?:ith|/)?\s+reactions\b",
    r"\bthe\s+only\s+(?:\w+\s+)?games?\s+(?:my|our|i|we|she|he|they)\b",
    r"\bthe\s+only\s+(?:\w+\s+){0,2}(?:trick[- ]?takers?|one)\s+(?:my|our|i|we|she|he|they)\s+(?:\w+\s+){0,2}"
    r"(?:will|would|plays?|likes?|enjoys?|asks?\s+for|wants?)\b|唯一(?:点名)?要玩的",
    # the best one played, pictures to come ("best trick taker I've played this year", "will post pics later")
    r"\b(?:best|worst|favou?rite)\s+(?:[\w-]+\s+){0,3}(?:i'?ve|i\s+have|we'?ve|we\s+have)\s+(?:ever\s+)?played\b",
    r"\bpost\s+(?:some\s+)?(?:pics|pictures|photos)\b|\bpainted\s+my\s+own\b|手绘|发图|晚点发",
    r"\blooks?\s+(?:so\s+much\s+)?(?:nicer|better|prettier|cuter|uglier)\s+than\b",
    # the art and merchandise (周边 alone is also "around": 目标周边的六格)
    r"美术|画风|(?:买|卖|出)(?:个|些|点)?周边|周边(?:产品|商品)|(?:盒子|包装)(?:设计)?.{0,3}好看",
)))
#: Feelings about a game and pets' mischief with it ("gg,这把我直接破防了", "my sister destroyed me at isle of
#: cats again", 我家猫把布片叼走了): no rules question unless the message also asks one.
_GAME_FEELINGS_RE = re.compile("|".join((
    r"破防|蚌埠住|绷不住|笑死|xswl|栓q|芭比q|家人们谁懂|yyds|绝绝子|摆烂|寄了|裂开了|垫底|气死|输麻了|又输了|被虐",
    r"^gg\b", r"\bgreat\s+(?:[\w]+\s+){0,5}games?\s+(?:last\s+night|yesterday|today|tonight)\b",
    r"\b(?:destroyed|crushed|wrecked|smashed|demolished|obliterated|stomped|thrashed)\s+(?:me|us)\b",
    r"\bbeat\s+(?:me|us)\s+(?:again\s+)?at\b", r"\bnever\s+recovering\b", r"\bnever\s+play(?:ing)?\b.{0,40}\bagain\b",
    r"\b(?:she|he|they)(?:'s|\s+is|\s+are|'re)\s+(?:such\s+)?(?:a\s+)?(?:menace|monster|beast|shark)\b",
    r"一定(?:要)?赢(?:你们|你)|等着瞧?$|下次.{0,8}(?:赢|虐|打败)(?:你们|你)",
    r"\b(?:game|games|match|session)\s+(?:last\s+night|yesterday)\s+(?:was|were)\b",
    r"\bwas\s+(?:so\s+)?(?:wild|insane|crazy|intense|fun|amazing|brutal|epic)\b",
    r"(?:我家|家里)(?:的)?(?:猫|狗|主子|猫咪|小猫).{0,12}(?:叼|咬|打翻|弄丢|弄乱|踩|扒拉|偷|藏|躺|趴|睡在|坐在)",
    r"\bmy\s+(?:cat|dog|kitten|puppy)\s+(?:\w+ly\s+)?(?:stole|ate|chewed|knocked|took|hid|ran\s+off\s+with|sat\s+(?:\w+ly\s+)?(?:on|in)|"
    r"(?:is\s+)?sleep(?:s|ing)?\s+in|slept\s+in|climbed\s+in(?:to)?|jumped\s+in(?:to)?|got\s+in(?:to)?)\b",
    # a game just lost or won, a late night, a memory ("just lost isle of cats by 1 point to my 9 year old")
    r"\bjust\s+(?:lost|won)\b.{0,40}\b(?:by|to|against)\b", r"\bnot\s+ok\b",
    r"再也不(?:跟|和|陪)我玩|玩到(?:凌晨|半夜|深夜|天亮)|让我想起|好怀念|怀念",
    # a score or a win to show off ("just scored 68 in calico solo!!! new personal best", 破纪录了哈哈哈)
    r"\bpersonal\s+(?:best|record)\b|\bnew\s+(?:pb|record|high\s*score)\b|\blet'?s\s+go{2,}\b|\blets\s+go+\b|"
    r"\bfinally\s+(?:beat|won|win)\b|破(?:了)?(?:个人)?纪录|新纪录|个人最佳",
    # (今天猫与花毯单人打了68分,开心! 第一次破六十)
    r"第一次破|破[五六七八九]十(?:分)?[!！~]*|(?:拿|打|得)了\s*\d+\s*分\s*[,，!！~]+\s*(?:开心|爽|哈哈|耶|好耶|嘿嘿|舒服)",
    r"\bi\s+(?:love|adore|like)\s+(?:the|this|its|their)\s+(?:\w+\s+){0,3}(?:theme|art|artwork|vibes?|look|aesthetic)\b|"
    r"\bso\s+nerdy\b", r"\b(?:still\s+)?not\s+over\s+it\b",
    # likes and dislikes said, not asked ("i hate this game (i love this game)", "i prefer the family mode tbh",
    # 好上头, 比我老公还厉害, 完整版太长了)
    r"\bi\s+(?:hate|love|adore)\s+(?:this|that|the)\s+game\b|\bi\s+prefer\b|\b(?:super|so|really)\s+fun\b",
    r"(?:好|太|很|真)上头|上头了|比我.{0,6}还厉害|好玩多了|太长了|更适合我家",
    r"没救了|困成狗|累成狗|\bhilarious\b|\bsmh\b|\bmarathon\b|\bcounting\s+(?:the\s+)?days\b|\bgame\s+night\b",
    # a story of a past game, told and not asked ("played calico last night with my sister, I lost every single
    # one lol", "first time playing isle of cats ... rough start but I'm hooked", 第一次玩猫岛只救了九只猫,
    # 但是已经入坑了)
    r"\blast\s+night\b|\byesterday\b|\bthis\s+(?:past\s+)?(?:weekend|morning|afternoon)\b|\bi\s+swear\b|\bended\s+up\b|"
    r"\b(?:i'?m|im|totally|so|got)\s+hooked\b|\bnever\s+again\b|\btotally\s+worth\s+it\b|\bbeat\s+me\s+by\b|"
    r"\blost\s+every\b|\brough\s+start\b|\bwent\s+(?:\w+ly\s+)?(?:smooth(?:ly)?|well|great|fine)\b",
    r"入坑|跟我作对|死活不|(?:很|太|超)喜欢|主题日|轮着玩|运气(?:也|真的|实在)?(?:太|好|真)?差|手气(?:太|好|真)?差|脸黑|非酋|"
    r"我的命|认命了|每次都输|(?:太|好|真)?丢人|晒一下|晒(?:个|一下)?分|(?:真的|超|很|太|挺)好玩(?!吗)|刚刚好",
    r"\bmy\s+(?:highest|best|top)\s+(?:score\s+)?ever\b|\bgives?\s+me\s+anxiety\b",
    # praise, a loss by a point, bad luck felt (好可爱, 心态崩了, 念叨一星期, "I lost cat in the box by 1 point")
    r"(?:好|太|超|真)可爱|真爱了|心态崩了|念叨|\bi\s+lost\s+(?:\w+\s+){0,5}by\s+(?:\d+|one|a)\s+points?\b",
    # a high score, a game just finished and admired, not a game won (个人最高分, 一局都没赢)
    r"个人最高(?:分|纪录)?|(?:一局|一把|一次|一盘)都没赢|\bjust\s+finished\s+(?:a|my|our|the)\s+(?:\w+\s+){0,2}game\b|"
    r"一(?:只|张|块|个).{0,4}都没(?:抽|摸|拿)到|\bfinally\s+got\b|\bframing\s+(?:the|my|it)\b|"
    r"\bso\s+(?:pretty|beautiful|gorgeous|cute)\b",
    # a score or a streak shown off ("scored 62 in calico solo today and i'm telling everyone", "just won cat in the
    # box 3 rounds in a row, i'm unstoppable", 被朋友虐惨了)
    r"^(?:i\s+)?(?:just\s+)?(?:scored|got|made|hit)\s+\d+\s+(?:points?\s+|pts\s+)?(?:in|at|on)\b|"
    r"\btelling\s+everyone\b|\bbragging\b|\bshowing\s+off\b|\bunstoppable\b|\b(?:win|winning)\s+streak\b",
    r"连胜|连赢|虐(?:惨|哭|爆)|被.{0,6}虐(?:了|得)",
)))
#: A request, which asks as a question does ("all calico cats and their points pls", 麻烦讲一下, 求个规则).
_REQUEST_RE = re.compile(r"\bpl(?:s|z|ease)\b|\btell\s+me\b|\bshow\s+me\b|\bexplain\b|请|麻烦|求(?:个|一下|问|解)|"
                         # a request put as a title ("family mode rules for the isle, playing with my kids ...")
                         r"^\W*(?:[\w-]+\s+){0,3}rules\s+for\s+(?:the\s+isle|isle|calico|cat\s+in|the\s+game|this\s+game|"
                         r"two|2|solo|family)\b")
#: Someone's claim about a rule, to be settled ("my friend says ...", "my 老婆 says patches have to ...",
#: 朋友说我还能拿).
_CLAIM_RE = re.compile(r"\b(?:says?|said|told\s+(?:me|us)|claims?|claimed|insists?|insisted|argues?|argued)"
                       r"(?:\s+that)?\s+(?:\w+\s+){0,3}(?:can|can'?t|cannot|could|must|has\s+to|have\s+to|is|isn'?t|"
                       r"are|aren'?t|counts?|doesn'?t|does|should|only|needs?)\b|"
                       r"(?:朋友|他|她|对面|别人|有人|老婆|老公|男朋友|女朋友)说.{0,4}(?:能|可以|不能|不可以|算|不算|要|必须|只能)")
#: A statement that still asks ("we weren't sure if that's allowed", 不确定能不能), a request or a claim: no feeling
#: to refuse.
_IMPLIED_ASK_RE = re.compile(r"\b(?:not|wasn'?t|weren'?t|werent|wasnt|unsure)\s+sure\b|\bunsure\b|\bwondering\b|"
                             r"\bconfused\b|不确定|不知道|搞不懂|不清楚|" + _REQUEST_RE.pattern + "|"
                             + _CLAIM_RE.pattern)
#: Travel to a real island, even one nicknamed 猫岛 ("去日本宫城的田代岛(猫岛)要怎么坐船"), and counting shapes
#: as a puzzle ("how many distinct pentominoes are there"): other subjects, even with a game's name in them.
_OTHER_SUBJECT_RE = re.compile(r"田代岛|青岛|宫城|仙台|江之岛|\btashirojima\b|\baoshima\b|\bferry\b|"
                             # kinds of board game in general ("what counts as a trick-taking game", "how do
                             # polyomino games keep score", 什么是工人放置类游戏), not one of ours
                             r"\b(?:polyomino|trick[- ]?taking|tile[- ]laying|worker[- ]placement|deck[- ]?building|"
                             r"roll[- ]and[- ]write|legacy|gateway)\s+games\b|"
                             r"\bwhat\s+(?:exactly\s+|even\s+)?(?:counts\s+as|is)\s+an?\s+"
                             r"(?:trick[- ]?taking|tile[- ]laying|worker[- ]placement|deck[- ]?building|"
                             r"roll[- ]and[- ]write|gateway)\s+game\b|"
                             r"什么(?:是|叫)[\u4e00-\u9fff]{2,6}类(?:的)?(?:游戏|桌游)|"
                             r"\b(?:good|great|best)\s+gateway\s+games?\b|"
                             r"怎么去\s*[?？]?$|怎么去(?:那|那里|日本)|日本(?:那个|的那个|真的|真实的?).{0,8}岛|"
                             # colour theory, real cats' eyes, a fabric shop's line
                             r"三原色|\bprimary\s+colou?rs\b|\bcolou?r\s+(?:theory|wheel)\b|"
                             r"\bdo\s+(?:real\s+)?cats\s+(?:actually\s+|really\s+)?(?:see|dream|sleep|purr|feel)\b|"
                             r"猫(?:咪)?(?:能|会)?(?:看到|看得见|分辨)颜色|猫是色盲|\bjoann'?s?\b|"
                             r"\bfabric\s+(?:line|store|shop|collection)\b|"
                             r"自己做了个.{0,10}游戏|游戏叫《|"
                             r"(?:怎么|如何|咋)坐船|坐船(?:去|要|多久)|渡轮|轮渡|"
                             # a national team's match ("the india vs australia test yesterday")
                             r"\b(?:india|australia|england|pakistan|new\s+zealand|south\s+africa|sri\s+lanka|"
                             r"brazil|argentina|france|germany|spain|italy|japan|korea|china|usa|mexico|canada)\s+"
                             r"(?:vs\.?|v\.?|versus|against)\s+\w+|\bcricket\b|\btest\s+match\b|"
                             # the law, shipping a parcel, fractions, real cats' breeds and sexes
                             r"\binternational\s+waters\b|\bagainst\s+the\s+law\b|"
                             # colour theory ("complementary colour of teal", 互补色)
                             r"\bcomplementary\s+colou?rs?\b|互补色|"
                             # naming a boat or a pet ("help me name my new boat")
                             r"\bname\s+(?:my|our|the)\s+(?:new\s+)?(?:(?:sail|row|house)?boat|ship|yacht|cat|kitten|dog|puppy|pet)\b|"
                             r"\b(?:usps|fedex|dhl|ups\s+(?:ground|store|shipping))\b|\boversize\s+fees?\b|"
                             r"\bshipping\s+(?:costs?|fees?|labels?|rates?)\b|快递费|邮费|运费|"
                             r"分数(?:的)?(?:除法|乘法|加法|减法)|(?<!连)通分|约分|颠倒相乘|"
                             r"狸花猫|公猫|母猫|(?:一定|都)是(?:公|母)的|"
                             r"\border\s+of\s+operations\b|\bpemdas\b|\bbodmas\b|"
                             # a rate puzzle (一只猫3分钟吃3条鱼,6只猫6分钟吃几条鱼?)
                             r"(?:\d+|[一二三四五六七八九十两]+)\s*分钟(?:能|可以|要)?吃|"
                             r"\bhow\s+many\s+(?:distinct|different|unique|possible|free|fixed)\s+"
                             r"(?:pent|tetr|hex|polyomin|trom)\w*omin\w*")
#: What "this game" is ("这游戏到底是玩什么的", "这个桌游大概是什么玩法"): a question about the game played here,
#: though it has no rules word (as "what is this game about" in English).
_ABOUT_THIS_GAME_ZH = re.compile(r"(?:这个?|该|那个?)(?:游戏|桌游)(?:到底|大概|大致|主要)?(?:是|怎么|咋)(?:玩|干)?"
                                 r"(?:什么|啥|玩)|"
                                 r"(?:这个?|该)(?:游戏|桌游).{0,4}(?:什么|啥)玩法")
#: A question mark or a Chinese question word: a message with one of these asks something.
_ZH_ASKS = (r"[?？]|吗|怎么|能不能|可不可以|可以|几|多少|什么|啥|哪|是否|算不算|会不会|要不要|该不该|有没有|"
            r"对吧|是吧|对不对|没错吧|算谁|谁先|谁赢(?!谁)|干嘛|干啥|为啥|"
            # a yes-or-no question put as "A not A" (包不包括, 用不用; not 不不不)
            r"(?P<a_not_a>[\u4e00-\u4e0c\u4e0e-\u9fff])不(?P=a_not_a)|"
            # an alternative asked ("往左传还是往右传", 先放还是先拿)
            r"(?:往|向|先|是|要|算|用|放|拿)[^,，。？?!！]{0,4}还是(?:往|向|先|是|要|算|用|放|拿)")
_ZH_ASKS_RE = re.compile(_ZH_ASKS)
#: Signs that a message asks something: those, or an English question word anywhere.
#: A statement turned into a question at its end ("so i got 32 fish now right", "that counts, correct?"), not
#: "you're right" or "that's right".
_EN_TAG_ASKS = r"(?<!re\s)(?<!ts\s)(?<!'s\s)(?<!all\s)(?<!\bu\s)\b(?:right|correct)\s*[?？]*\s*$"
_ASKS_RE = re.compile(_ZH_ASKS + "|" + _EN_TAG_ASKS + r"|\b(?:how|what|why|when|which|who|where|can|could|do|does|is|"
                      r"are|should|would|will)\b")

#: The shape of a question: those (or 还是, "or"), or an English question word opening a clause ("is it ...",
#: "so can i ..."), not inside a statement ("the rating is 7.8").
_QUESTION_SHAPE_RE = re.compile(
    _ZH_ASKS + "|" + _EN_TAG_ASKS + r"|还是|"
    r"(?:^|[,.!;:，。！；]\s*|\b(?:so|and|but|ok|okay|like|also|then|wait|hey|lol|um|uh|btw)\s+)"
    r"(?:how|what|whats|what's|why|when|which|who|where|can|could|do|does|did|is|are|should|would|"
    r"will|may|must|if|any|anyone|am|was|were)\b")


def asks_something(question: str) -> bool:
    """Whether a message has the shape of a question (see ``_QUESTION_SHAPE_RE``); "tiebreak in cat in the box"
    and "isle of cats took 2 hours lol" have not."""
    return _QUESTION_SHAPE_RE.search(to_simplified(question.lower()).strip()) is not None


def asks_or_requests(question: str) -> bool:
    """Whether a message asks (:func:`asks_something`) or requests something."""
    return asks_something(question) or _REQUEST_RE.search(to_simplified(question.lower())) is not None


# ------------------------------------------------------------------------------ arithmetic
_NUMBER = r"(?:\d+(?:\.\d+)?|[零一二三四五六七八九十百千万两]+)"
_ARITH_PATTERNS = (
    rf"{_NUMBER}\s*(?:[-+*/x×÷^=]|plus|minus|times|divided by|multiplied by|加上?|减去?|乘以?|除以?)\s*{_NUMBER}",
    r"\bsquare\s+root\b", r"\bto the power of\b", r"\bsquared\b", r"\bcubed\b",
    r"\bfactorial\b", r"\bpercent\s+of\b", r"\bcalculate\b", r"\bsolve\s+(?:for|this|x)\b",
    r"\d\s*÷\s*\d",
    r"等于(?:几|多少)", r"平方根", r"开根号", r"算一下", r"(?:乘|除)以",
)
_ARITH_RE = re.compile("|".join(_ARITH_PATTERNS))
_ARITH_TERMS = frozenset(canonical(w) for w in ("plus", "minus", "times", "divided", "multiplied", "equals", "equal",
                                                "square", "root", "calculate", "solve", "sum", "percent", "math"))

_URL_RE = re.compile(r"https?://\S+|www\.\S+|discord\.gg/\S+")
#: Table talk around a game: "nice move!", "well played", "good luck all".
_TABLE_TALK_RE = re.compile(
    r"^(?:nice|good|great|well|bad)\s+(?:move|play|played|game|one|job|turn|luck)\b|\bwell\s+played\b|"
    r"\bdidn'?t\s+see\s+that\s+coming\b|\bsaw\s+that\s+coming\b|"
    # a newcomer's hello ("hey all, new here!"; not "new here - how do the buttons work?")
    r"^(?!.*[?？])(?!.*\b(?:how|what|why|when|where|which|who|can|could|do|does|is|are|should)\b).*\bnew\s+here\b"
)

# ------------------------------------------------------------------------------ small talk
_CHAT_EN = frozenset({
    "hi", "hello", "hey", "heya", "hiya", "yo", "sup", "howdy", "greetings", "morning", "evening", "afternoon",
    "night", "good", "gn", "gm", "bye", "goodbye", "cya", "later", "thanks", "thank", "thx", "ty", "cheers",
    "welcome", "ok", "okay", "k", "kk", "yes", "yeah", "yep", "yup", "no", "nope", "nah", "lol", "lmao", "rofl",
    "haha", "hahaha", "hmm", "hm", "uh", "um", "oh", "wow", "nice", "cool", "great", "awesome", "sure", "fine",
    "everyone", "everybody", "all", "guys", "folks", "friends", "there", "again", "so", "much", "very", "you",
    "bot", "gg", "wp", "ggwp", "brb", "afk", "np", "omg", "wtf", "idk", "same", "true", "agreed", "sorry",
    "oops", "yay", "meh", "ugh", "xd", "pog", "poggers", "test", "testing", "ping", "pong", "hallo", "hola",
    "bonjour", "ciao", "a", "the", "to", "and", "is", "it", "i", "me", "my", "we", "this", "that", "what",
    "best", "you're", "youre", "wrong", "channel", "anyone", "here", "around", "awake", "alive",
})
_CHAT_ZH = re.compile(
    r"^(?:有人吗|有人在吗|你好|您好|大家好|早上好|早安|午安|晚上好|晚安|下午好|中午好|在吗|在不在|谢谢|多谢|感谢|辛苦了|好的|好吧|"
    r"行|可以|嗯+|哦+|噢+|啊+|哈+|呵+|嘿+|嘻+|666+|牛|厉害|不错|对|是的|没错|收到|ok|OK|拜拜|再见|测试|早|晚|"
    r"各位|朋友们|机器人|呀|吧|啦|了|的|呢|吗|哇+|你|我|大家|"
    # stepping away from the table and back ("我去上个厕所马上回来", "等我一下")
    r"去|上个?厕所|马上回来|回来了?|等我一下|等一下|稍等|先走了?|先撤了?|吃个?饭|一会儿?见|[,.!?,。!?~\s])+$"
)

# ------------------------------------------------------------------------------ other domains
#: English words of subjects the rules never touch. A question with one of them and no rules word
#: of its own is out of scope ("can you recommend a pizza place", "price of bitcoin").
_OUT_OF_DOMAIN_EN = frozenset("""
pizza burger sushi pasta noodle noodles rice bread cake cookie cookies recipe recipes cook cooking bake baking
restaurant restaurants cafe coffee tea beer wine drink drinks food eat eating dinner lunch breakfast hungry
weather rain raining snow sunny forecast temperature hot cold climate umbrella
movie movies film films tv series netflix youtube music song songs singer band album spotify concert
bitcoin crypto stock stocks dollar dollars euro bank loan invest investing tax taxes salary job
jobs interview resume career
python javascript java code coding programming bug compile import error database linux windows mac
iphone android laptop password email wifi internet website
president election politics government war news country capital city cities population history
doctor medicine sick headache covid vaccine health diet exercise gym workout sleep
school homework exam exams university college math maths physics chemistry biology essay teacher
travel flight flights hotel vacation holiday trip visa airport train bus taxi
dog dogs puppy bird birds fish? horse spider spiders legs animal animals pet pets vet
car cars drive driving parking
love marriage date dating
joke jokes poem poems story riddle translate translation french spanish german japanese
everest mountain ocean planet moon sun earth space? universe
football soccer basketball baseball tennis golf sport sports team teams match? league
boxing boxer boxers championship championships ufc mma wrestling wrestler marathon referee? stadium
wash washed washes dryer stain stains bleach
sofa couch scratch scratching scratches litter stray vet vets neuter spay breed breeds fur female male purr purring
meow meowing feed feeding kibble catnip tortoiseshell tabby siamese persian chew chewing chewed chews
physics superposition entanglement experiment theory? relativity gravity atom atoms
grout bathroom kitchen bedroom furniture wall floor paint painting decor decorating renovation
knit knitting crochet yarn quilting embroidery clothes shirt coat jacket fabric fabrics
shirts dress dresses skirt skirts outfit outfits fashion wardrobe
stitch stitches stitching piecing pizzas slice slices
skateboard skateboarding skating snowboard snowboarding surfing blazer blazers tuxedo bilge pest pests
engine engines mechanic carburetor qualify qualifying qualification cereal backyard cardboard nap naps napping
barn barns flag flags county craft crafts crafting wallpaper
garage vet vets dishes chores boss grammar recs jigsaw yard yards metre
exterminator infestation refrigerate fridge cooler
dress sock socks shoes
boxes cheap store shop? amazon ebay shipping delivery
timer alarm calendar birthday christmas halloween holiday
snack snacks chips popcorn pizza soda candy chocolate
japan china korea europe america usa uk canada australia paris london tokyo
spam spammer spammers ban banned mute moderator mod mods links
rod bait hook lake river? boating sailing cruise ferry fisherman fishermen
biden politics politician
graphics gpu cpu ram ssd monitor keyboard mouse? headphones console playstation xbox nintendo steam
printer printers ink toner scanner
podcast podcasts book books novel author wrote writer poetry meme memes gif emoji
mortgage rent insurance budget savings retirement
ounce ounces pound pounds kilogram kilograms kg gram grams mile miles kilometer kilometers inch inches feet foot
celsius fahrenheit convert conversion percent percentage
door doors squeaky window windows? leak plumbing fridge oven microwave washing laundry vacuum
needle needles thread threads hem hemming seam seams curtain curtains pillow pillows cushion cushions sewist
binding bindings batting backing
salmon tuna trout cod shrimp sardine sardines mackerel seafood aquarium goldfish
leap calendar month months weekday weekdays metre metres meter meters
january february april june july august september october november december
baby babies toddler nursery alive
bait lure lures rod rods licence license exam exams zeno theseus fermi
cardigan sweater jumper blouse jeans trousers pants zipper sleeve sleeves collar personality temperament
episode episodes sitcom anime
universe philosophy religion god
seattle york california texas berlin beijing shanghai
sneeze sneezing sneezes cough coughing vomit vomiting bite biting bites scratched shedding fleas allergy allergic
cafes kitty? kittens? adopted adopting adoption rescue? shelter
tonight weekend congrats congratulations birthday anniversary
moderator admin nickname username avatar profile nitro emoji
permit permits meeting meetings agenda cartoon cartoons
""".replace("?", "").split()) - {"fish", "space", "match", "theory", "shop", "river", "mouse", "windows", "kitty",
                                 "kittens", "rescue", "tonight", "referee"}
# (餐厅 is not one: a boat in The Isle of Cats has a dining room, which two lessons want empty.)
_OUT_OF_DOMAIN_ZH = (
    "我家猫", "我家的猫", "家里的猫", "家里养", "家里猫", "猫和狗", "和平相处", "怎么形成的",
    "卡了卡了", "网好差", "网络", "信号", "衣服", "被子怎么缝", "缝被子", "缝衣服", "缝补", "缝制",
    "针线", "编织", "织毛衣", "猫砂", "猫粮", "喂猫", "铲屎", "踩奶",
    "绝育", "兽医", "宠物", "动画", "动画片", "量子", "纠缠", "物理", "鱼竿", "装备", "春节",
    "过年", "节日", "味道", "好喝", "零食", "坐船去", "被子怎么做", "怎么做被子", "彩虹糖",
    "不吃东西", "生病", "搬家", "装修", "快递", "奶茶", "股市", "考试", "英语", "手机游戏", "显卡", "电脑配置",
    "披萨", "比萨", "火锅", "烧烤", "奶茶", "咖啡", "外卖", "饭店", "好吃", "美食", "菜谱", "红烧", "做饭",
    "天气", "天空", "下雨", "下雪", "气温", "温度", "雾霾", "电影", "电视剧", "综艺", "歌曲", "音乐", "唱歌", "明星",
    "比特币", "股票", "基金", "房价", "工资", "上班", "加班", "面试", "贷款", "理财", "彩票",
    "代码", "编程", "python", "程序", "密码", "网速",
    "首都", "总统", "政治", "新闻", "地理", "国家", "城市", "北京", "上海", "旅游", "机票", "酒店", "签证",
    "青岛", "杭州", "深圳", "广州", "成都", "重庆", "南京", "武汉", "西安", "香港", "去看猫",
    "哪里有卖", "哪里买", "在哪买", "哪儿买", "褪色", "壁纸", "渔船", "出海",
    "老板说", "大衣", "好看", "拼图少", "最后一块找不到", "喂多少", "喂食", "喂鱼", "拖把", "墩布", "清洗",
    "医生", "医院", "感冒", "发烧", "头疼", "减肥", "健身", "睡觉", "失眠",
    "作业", "考试", "高考", "数学", "物理", "化学", "英语", "老师", "学校", "大学",
    "结婚", "恋爱", "笑话", "诗", "小说",
    "几点", "星期几", "今天几号", "放假", "吃饭", "纸箱", "开会", "上课", "下班",
    "日本", "韩国", "泰国", "怎么去", "门票", "景点", "三文鱼", "金枪鱼", "鱼缸", "布料", "缝纫", "针线活", "窗帘",
    "婴儿", "闰年", "几月", "月份", "船票", "厕所", "掉色", "怎么洗", "洗不", "洗衣",
    # the rainbow in the sky (not a quilt's six colours), crafts, holiday islands, rats at home
    "七种颜色", "7种颜色", "七色", "彩虹为什么", "手工", "海南",
    "三亚", "厦门", "鼓浪屿", "赶走", "灭鼠", "老鼠药", "捕鼠", "粘鼠板",
    "群岛", "坐船", "晕船", "晕不晕", "鱼饵", "钓到", "钓竿", "渔具", "饵料", "船员证", "驾照", "执照", "考证", "证书",
    "祖父悖论", "芝诺", "理发师悖论", "费米悖论", "双生子", "忒修斯",
    "开衫", "毛衣", "裤子", "袖子", "领子", "拉链", "高尔夫", "板球", "橄榄球", "棒球",
    "排球", "拳击", "摔跤", "赛车", "马拉松", "游泳", "滑雪", "多少秒", "几秒", "性格", "电视", "追剧", "下一季",
    "怎么缝", "缝边", "缝起来", "拼图", "做拼布", "牌套", "卡套", "借一点", "借我",
)
_OUT_OF_DOMAIN_ZH_RE = re.compile("|".join((
    *(re.escape(w) for w in _OUT_OF_DOMAIN_ZH),
    r"钓鱼(?!阶段|环节|步骤|那一?步|部分)",  # real fishing, not The Isle of Cats' fishing phase (钓鱼阶段)
    r"去[\u4e00-\u9fff]{1,4}(?:玩|旅游|旅行|度假)(?:几|多少)天",  # a trip ("去垦丁玩几天合适"), not the game's days
)))
#: The people one plays with ("我和我老婆都是58分"): a sign of chat that raises the floor, but no other
#: subject on its own.
_PEOPLE_ZH_RE = re.compile(r"男朋友|女朋友|老婆|老公")
#: Talk about real pets ("my cat keeps biting", 养猫): another subject, though "cat" is a rules word.
_PET_TALK_RE = re.compile("|".join((
    r"\b(?:my|our|his|her)\s+(?:real\s+|actual\s+)?(?:cat|kitten|kitty)\s+(?:(?:named|called)\s+\w+\s+)?(?:is|keeps|won'?t|will\s+not|doesn'?t|does\s+not|has|"
    r"bit|bites|ate|eats|sleeps|threw|was)\b", r"\bcat\s+caf[eé]s?\b", r"\bstop\s+my\s+(?:cat|kitten)\b",
    r"\bwhat\s+does\s+a\s+(?:calico\s+)?(?:cat|kitten)\s+eat\b",
    r"\b(?:tortoiseshell|tabby|ragdoll|siamese|maine coon)(?:\s+cats?)?\b",
    r"\b(?:feed|feeding)\s+(?:a|my|the|our)\s+(?:cat|kitten)s?\b", r"\bold\s+for\s+a\s+(?:cat|kitten)\b",
    r"\b(?:give|giving)\s+(?:my|our|the|a|her|his)\s+(?:cat|kitten|kitty)\b",
    r"\b(?:my|our)\s+(?:(?:actual|real|own|irl|little|old|new|sweet)\s+)?(?:calico|tabby)\s+(?:cat|kitten)\b",
    r"我家(?:有|养了?)(?:一|两|几)?只", r"(?:猫|它)(?:咪)?.{0,6}(?:吐了|呕吐|拉稀|打针|去医院|看医生)",
    r"\btoo\s+many\s+cats\b",
    r"\b(?:do|can)\s+cats\s+see\b", r"猫咪?(?:能|可以)?看(?:到|见|得到|得见)颜色",
    r"养(?:一只|两只|几只|[一二两三四五六七八九十\d]+只)?(?:猫|狗)", r"猫咪?(?:可以|能|能不能)吃",
    r"(?:布偶|英短|美短)猫", r"我家(?:的)?(?:橘猫|猫咪|小猫|主子)",
    r"猫咪?(?:掉毛|生病|呕吐|打喷嚏|不吃)",
    r"\bnames?\s+for\s+(?:a|an|my|our)\s+(?:\w+\s+)?(?:cat|kitten|kitty)\b",
    r"\b(?:cats?|kittens?)\s+(?:usually\s+|normally\s+|typically\s+)?(?:live|sleep|purr|eat|drink)\b",
    r"猫咪?.{0,4}(?:不爱吃|挑食|拉肚子|乱叫|半夜叫|抓沙发|掉毛)", r"猫咪?.{0,4}(?:为什么)?(?:喜欢|爱)(?:钻|睡|玩|吃)",
)))
#: Everyday talk that is no rules question: last night's match, a standard deck of playing cards.
_EVERYDAY_RE = re.compile("|".join((
    # last night's match or show (not "the replay of our game from last night")
    r"\blast\s+night'?s\b", r"\b(?:watch|watched|saw)\b.{0,25}\blast\s+night\b",
    r"\blast\s+night\b.{0,25}\b(?:match|episode|show|party|concert|dinner|movie)\b", r"\bplaying\s+cards\b",
    r"\b(?:standard|regular|normal|poker)\s+deck\b",
    r"\bspeed\s+of\s+(?:light|sound)\b", r"\bnext\s+season\b", r"\bwhat\s+day\s+is\s+it\b",
    r"\bwhat(?:'s|\s+is)\s+(?:the\s+)?date\s+today\b",
    r"\bmany[- ]worlds\b",
    r"\b(?:days?|weeks?)\s+(?:until|till|to|before)\s+(?:the\s+)?(?:new\s+year|christmas)\b",
    r"\bgrandfather\s+paradox\b",
    r"\blead\s+(?:a|the|our|my)\s+(?:meeting|team|project|class|discussion|workshop|tour)\b", r"\bday\s+trip\b",
    r"\b(?:boat|road|fishing|camping|school|ferry)\s+trips?\b", r"\b(?:queen|king|twin|double)[- ]size\b",
    # real fishing (The Isle of Cats' first phase is "fishing": "fishing how much")
    r"\b(?:go|went|going|goes)\s+fishing\b|\bfishing\s+(?:boats?|permits?|licen[cs]es?|rods?|poles?|lines?|spots?|"
    r"season|gear|tackle|nets?|reels?|lures?|lakes?|piers?)\b|\b(?:ice|fly|deep[- ]sea|sport)\s+fishing\b",
    # moving house (not "moving a placed tile")
    r"\bmoving\s+(?:house|home|out|day|truck|van|company|boxes|abroad|in\s+with|to\s+(?:a\s+new|another)\s+(?:city|place|flat|"
    r"house|apartment|country))\b",
    r"\b(?:real|actual)\s+(?:cats?|kittens?|boats?|islands?|quilts?|boxes)\b",
    r"\bwhere\s+(?:can|do|could|should)\s+(?:i|we|you)\s+buy\b",
    r"\bhow\s+many\s+sides\s+(?:does|do|has)\b", r"\bfirst\s+(?:quilting\s+|sewing\s+)?project\b",
    r"\b(?:stuck|up)\s+(?:up\s+)?(?:a|the)\s+tree\b",
    # the rainbow in the sky (seven colours), not the six of a Calico quilt
    r"\brainbows?\b.{0,30}\b(?:7|seven)\s+colou?rs?\b",
    r"\b(?:7|seven)\s+colou?rs?\s+(?:of|in)\s+(?:a|the)\s+rainbow\b",
)))


def _other_subject(text: str, raw: list[str]) -> bool:
    return (any(w in _OUT_OF_DOMAIN_EN for w in raw) or _OUT_OF_DOMAIN_ZH_RE.search(text) is not None
            or _PET_TALK_RE.search(text) is not None or _EVERYDAY_RE.search(text) is not None)

#: Ordinary English words that the rules texts happen to contain but that say nothing about a rules
#: question on their own (index terms, i.e. after synonyms and stemming).
GENERAL_EN = frozenset(canonical(w) for w in """
time times good best better nice like know help make made look new real now today right well fine say kind sort
come coming came
old age human ai computer message app browser download online price system project page story pet guide
flower cloth person people everyone community mind love true false idea real thing life world home house
long short big small high low fast slow easy hard early late soon often never always morning night
accident account ago agree anyway anymore apart argue argument bad bit brother buddy bug bunch came case certain
cheap clean close confused convince course curious daughter son mother father mom dad dead dumb dump
effect else english enough etc everything everywhere excellent expensive experienced figure file find forget
forgot friend friends frustrating fuzzy general giant great guy guys hang heard heart himself herself history hit
hole hope host however huge ish irl job jump kill kinda language little log logic lot lots mean meant mention mess
myself nail niece nephew nope notice nothing oh parent parents past picture pretty proper pull punish realise
realize recent recommend remember said saw seem sometimes sorry super suppose sure surprise talk teach terrible
think thought told tomorrow ton tonight try tried trade treat uh understand video vs wait walk want waste watch
weekend weird went wife husband word words worry worst written wrong year years yesterday young yourself
ready fair unfair cheat cheating cheater pretty beautiful cute lovely ugly copy spare favourite favorite back
""".split())  # noqa: SIM905


#: "like in Hearts", "unlike chess", "as in Catan": a comparison made inside a rules question.
_COMPARISON_RE = re.compile(
    # ("as" not in "play a wild as a locomotive in ticket to ride": the thing is played in that game)
    r"(?:\blike|\bunlike|\bas(?!\s+an?\s+[a-z]+\s+in\b)|\bsimilar to|\bcompared (?:to|with)|\bthe way|"
    r"\bcoming from|\bused to|"
    r"\breminds?\s+me\s+of|\breminded\s+me\s+of|让我想起|想起了|像|跟|和|比)\s*"
    r"(?:[a-z]+\s+){0,2}(?:in\s+|at\s+)?"  # "like trump in bridge": two words may come between
    r"(?:[\u3400-\u9fff]{1,8}\s*[((]\s*)?"  # "跟花砖物语(azul)": the game's Chinese name, its English one in brackets
    r"(?:[\u3400-\u9fff]{1,6}\s*[/、或]\s*)?$"  # "像升级/拖拉机里的主": a list whose first name is not known as a game
)
#: ", like draw then play in uno", "? like every card is an uno wild": a longer comparison, opened by "like" after a
#: break in the sentence (not "i like playing chess").
_LONG_COMPARISON_RE = re.compile(r"[,?!;:，？！；]\s*(?:just\s+|kinda\s+|kind\s+of\s+|sort\s+of\s+)?like\s+"
                                 r"(?:[a-z0-9']+\s+){0,6}(?:in\s+|at\s+|from\s+)?$")


def _long_comparison(before: str) -> re.Match[str] | None:
    """A long comparison ending where another game is named, after a question of three words or more ("can i grab
    a market tile first, like draw then play in uno"; not "ok, like how do you bid in spades")."""
    c = _LONG_COMPARISON_RE.search(before)
    return c if c is not None and len(re.findall(r"[a-z0-9']+", before[: c.start()])) >= 3 else None


#: A part of the game just named ("斗地主的三带一对", "uno's wild card"): the same comparison.
_PART_OF_RE = re.compile(r"\s*(?:的|里的|中的|'s)\s*")
#: "oh hell style", "spades-style", "tetris-looking": a comparison that follows the other game's name.
_STYLE_AFTER_RE = re.compile(r"\s*-?\s*(?:style|rules(?!\s*[:：\-–—])|shaped|like|looking|esque|brain|instincts?|"
                             r"habits?)\b|\s*(?:的)?(?:既视感|感觉|风格|似的)")  # "俄罗斯方块既视感", "uno 的感觉"
#: "can i lead red ...? in spades you cant lead till its broken": a sentence after the question that says how the
#: other game does it (not a message that starts with the other game: "in azul the first player tile gives -1 right").
_IN_GAME_BEFORE_RE = re.compile(r"\S\s*[.?!;,。?!;,]\s*(?:but\s+|cause\s+|because\s+|since\s+)?in\s+$")
_IN_GAME_AFTER_RE = re.compile(r"\s*,?\s*(?:you|u|we|i|they|it|the|a|there)\b")
#: The same in Chinese: "...真的吗?斗地主里出炸弹可没这种惩罚啊", a sentence after a question that tells (and does not
#: ask) how the other game does it.
_IN_GAME_BEFORE_ZH_RE = re.compile(r"[\u3400-\u9fff]\s*[.?!;,。?!;,]\s*(?:但是?|可是|因为|在)?$")
_IN_GAME_AFTER_ZH_RE = re.compile(r"(?:里面?|里头|中|的话)")
#: The message points back to the game played ("do i have to follow the led colour in this one?", "here if i switch
#: ...", 这游戏): another game named beside it is a comparison inside a rules question.
_THIS_GAME_RE = re.compile(r"\b(?:in\s+)?this\s+(?:one|game)\b|\bhere\s+(?:if|when|do|does|can|is|are|you|we|i)\b|"
                           r"这个游戏|这游戏|这款游戏|这里")


#: What joins a second game to a compared one ("like in hearts or spades").
_GAME_LIST_JOIN_RE = re.compile(r"\s*(?:,|/|\bor\b|\band\b|或者?|和|还是|、)\s*")


def _passing_games(text: str) -> tuple[list[tuple[int, int]], bool]:
    """The spans of the comparisons with other games in the text ("like in Hearts", "like in hearts or
    spades": from the comparison word to the end of the last game of the list), and whether it also
    names another game other than in passing."""
    spans: list[tuple[int, int]] = []
    named = False
    compared_until = -1  # end of the last game named in passing
    clause_until = -1  # end of a clause that tells of another game ("in hearts you can't lead hearts until ...")
    for m in _OTHER_GAMES_RE.finditer(text):
        if m.start() < clause_until:
            continue  # the same game again, inside the clause that tells of it
        between = text[compared_until: m.start()]
        if compared_until >= 0 and (_GAME_LIST_JOIN_RE.fullmatch(between) or _PART_OF_RE.fullmatch(between)):
            spans[-1] = (spans[-1][0], m.end())  # one more game, or a part of the same one, in the same comparison
        elif (c := _COMPARISON_RE.search(text[: m.start()]) or _long_comparison(text[: m.start()])) is not None:
            spans.append((c.start(), m.end()))
        elif (after := _STYLE_AFTER_RE.match(text, m.end())) is not None:
            spans.append((m.start(), after.end()))
        elif (aside := _bracketed(text, m.start(), m.end())) is not None:
            spans.append(aside)  # "... second button or nah? (in candy crush bigger = better lol)": an aside
        elif (_IN_GAME_BEFORE_RE.search(text[: m.start() + (3 if m.group(0).startswith("in ") else 0)])
              and _IN_GAME_AFTER_RE.match(text, m.end())):  # "in hearts" may be one name of the list
            spans.append((m.start(), m.end()))
            clause_until = _clause_end(text, m.end())
        elif (_IN_GAME_BEFORE_ZH_RE.search(text[: m.start()]) and _ZH_ASKS_RE.search(text, 0, m.start())
              and _IN_GAME_AFTER_ZH_RE.match(text, m.end())
              and not _ZH_ASKS_RE.search(text, m.end(), told_until := _clause_end(text, m.end()))):
            clause_until = told_until
            spans.append((m.start(), clause_until))
        else:
            named = True
            compared_until = -1
            continue
        compared_until = m.end()
    return spans, named


def _clause_end(text: str, start: int) -> int:
    """Where the clause that goes on at ``start`` ends (its punctuation, or the text's end; ``_ZH_CLAUSE_RE`` is
    defined below, with the clause patterns)."""
    end = _ZH_CLAUSE_RE.search(text, start)
    return end.start() if end else len(text)


def _bracketed(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of the brackets around the game named at ``start:end`` (from the opening bracket to the closing
    one, or to the end of the text), when the text has words before them and the brackets say more than the
    game: an aside ("(in candy crush bigger = better lol)"), not the game asked about ("how do i score (in catan)")."""
    opening = max(text.rfind("(", 0, start), text.rfind("（", 0, start))
    if opening <= 0 or max(text.rfind(")", opening, start), text.rfind("）", opening, start)) >= 0:
        return None
    if not re.search(r"[a-z\u3400-\u9fff]", text[:opening]):
        return None
    closing = min((i for i in (text.find(")", end), text.find("）", end)) if i >= 0), default=len(text))
    rest = text[opening + 1: start] + " " + text[end: closing]
    if len(re.findall(r"[a-z0-9']+|[\u3400-\u9fff]", re.sub(r"\b(?:in|at|for|like)\b|里|中", " ", rest))) < 2:
        return None
    return opening, min(closing + 1, len(text))


#: "... 和猫与花毯没关系哈", "not about calico": the message says itself that it asks about another game.
_NOT_OURS_RE = re.compile(
    r"(?:和|跟|与)(?:我们的?)?(?:猫与花毯|花毯|盒中猫|箱中猫|猫岛|这(?:个|些)?游戏)(?:都)?(?:没(?:有)?(?:啥|什么)?关系|无关)|"
    r"\b(?:not|nothing)\s+(?:about|to\s+do\s+with|related\s+to)\s+(?:calico|cat\s+in\s+the\s+box|(?:the\s+)?isle\s+of\s+cats)\b")


#: The game being played said after the question ("... if you can? we're playing Hearts btw", "(it's Wizard, my bad)",
#: 哦我说的是红心大战): "this game" is that one.
_PLAYED_OTHER_RE = re.compile(
    r"(?:\b(?:we'?re|we\s+are|i'?m|i\s+am|we\s+were|i\s+was)\s+(?:playing\s+)?|(?<!like\s)\b(?:it'?s|its|this\s+is|that'?s)\s+|"
    r"\bi\s+mean(?:t)?\s+|\btalking\s+about\s+|说的是|玩的是|指的是|我(?:们)?在玩|其实是)"
    r"(?:" + _OTHER_GAMES_RE.pattern + ")")


#: A game of someone's own, described rather than named ("Quiltopia (a patchwork homebrew my friend made)", "(indie
#: quilting game)", 我们自己做了个...游戏): not ours, even in brackets.
_INVENTED_GAME_RE = re.compile(r"\b(?:a|an|my|our|the)\s+(?:[\w-]+\s+){0,2}homebrew(?!\s+(?:rules?|variants?))\b|"
                               r"\bindie\s+\w+\s+game\b|自己做了个.{0,10}游戏")


def _names_other_game(text: str) -> bool:
    """Whether the text names another game, other than in passing ("like in Hearts", "like in hearts or
    spades")."""
    _, named = _passing_games(text)
    return (named and not _THIS_GAME_RE.search(text)) or _PLAYED_OTHER_RE.search(text) is not None


def without_passing_games(text: str) -> str:
    """The text, lowercased, without its comparisons with other games ("red is like trump in bridge"
    -> "red is", "like in hearts or spades" as a whole), so that a rules question is not judged by the
    other game's words."""
    text = text.lower()
    for start, end in reversed(_passing_games(text)[0]):
        text = text[:start] + " " + text[end:]
    return text


#: Words that turn from an aside back to the question ("my cat keeps knocking the tiles off, anyway how
#: many tiles go in the market?").
_BACK_TO_THE_QUESTION_RE = re.compile(r"\b(?:anyways?|any\s+way|btw|by\s+the\s+way|back\s+to\s+(?:the|my)\s+question)\b"
                                      r"|不过话说回来|话说回来|不过话说|言归正传|回到正题|说正事")


_PUNCTUATION_RE = re.compile(r"[\s,.;:!?,。;:!?-]+")


def after_the_aside(question: str) -> str | None:
    """What follows (lowercased) the last word that turns back to the question, when there is such a word
    with text on both sides (at least two words, or four Chinese characters, after it), else None."""
    text = question.lower()
    turns = list(_BACK_TO_THE_QUESTION_RE.finditer(text))
    if not turns or not _PUNCTUATION_RE.sub("", text[: turns[-1].start()]):
        return None
    tail = _PUNCTUATION_RE.sub(" ", text[turns[-1].end():]).strip()
    words = len(tail.split()) + len(re.findall(r"[\u3400-\u9fff]", tail)) // 2
    return tail if words >= 2 else None


#: A component described by its picture ("the cards with the little school/book thing on them"): the words
#: naming the picture are a newcomer's description, not another subject.
_PICTURE_RE = re.compile(r"\b(?:with|has|have|having)\s+(?:a|an|the|that|this|these|those|some)?\s*"
                         r"(?:little|small|tiny|big|weird|funny)?\s*((?:[a-z'/-]+\s+){1,3}?)"
                         r"(?:thing|things|symbol|symbols|icon|icons|picture|pictures|drawing|drawings|logo|sign|signs|"
                         r"mark|marks|image|images)\s+on\s+(?:them|it|the\s+\w+)\b")


def picture_words(question: str) -> frozenset[str]:
    """The words naming a component's picture in the question ("school" and "book" in "the cards with the
    little school/book thing on them")."""
    return frozenset(w for m in _PICTURE_RE.finditer(question.lower()) for w in re.split(r"[\s/-]+", m.group(1)) if w)


#: A simile ("AAA-BB-C reads like a wifi password lol"): its words describe, they are no other subject.
_SIMILE_RE = re.compile(r"\b(?:reads|looks|sounds|feels|seems)\s+like\s+(?:a|an|some)\s+[a-z' -]{1,40}")
#: The sums of a game's scoring ("doing final math rn", "did the math on my score"): no other subject either.
_SCORING_SUMS_RE = re.compile(r"\b(?:doing|do|did|the|final|my|our|score|scoring)\s+(?:the\s+)?(?:final\s+)?maths?\b")


def other_domain_signals(question: str) -> int:
    """How many signs of a subject the rules never touch (food, weather, money, pets, ...) the message
    has: each out-of-domain word, and each piece of talk about real pets. The search asks more of
    the answer for each (``search.OTHER_DOMAIN_FLOOR``, ``search.OTHER_DOMAIN_STEP``)."""
    text = _SCORING_SUMS_RE.sub(" ", _SIMILE_RE.sub(" ", to_simplified(question.lower())))
    pictured = picture_words(text)
    words = sum(w in _OUT_OF_DOMAIN_EN and w not in pictured for w in re.findall(r"[a-z0-9']+", text))
    # The people one plays with are no sign of chat when the message settles what one of them claims.
    people = 0 if _CLAIM_RE.search(text) else len(_PEOPLE_ZH_RE.findall(text))
    return (words + len(_OUT_OF_DOMAIN_ZH_RE.findall(text)) + len(_PET_TALK_RE.findall(text))
            + len(_EVERYDAY_RE.findall(text)) + people)


def mentions_other_domain(question: str) -> bool:
    """Whether the message uses a word of a subject the rules never touch (see :func:`other_domain_signals`)."""
    return other_domain_signals(question) > 0


#: Chinese keywords of the knowledge base that are ordinary words, no sign of a rules question.
ZH_GENERAL = frozenset({
    "怎么玩", "多久", "还有", "什么意思", "意思", "区别", "版本", "在线", "新手", "奖励", "机器人", "官方", "时间",
    "好玩", "介绍", "简单", "规则", "玩法", "游戏", "怎么办", "为什么", "可以", "能不能", "多少", "一样", "不同",
    "最后", "开始", "结束", "之后", "之前", "第一", "一起", "朋友", "时候", "什么时候", "几个人", "人数", "还能",
})
#: Single characters that are rules words on their own (a trick, a card, red, a round, fish, a boat, ...).
ZH_DOMAIN_CHARS = frozenset("墩牌卡红蓝黄绿轮鱼船猫赢分")
#: Counting cards (几张, 每张, 留几张传几张): a rules phrase, though 张 alone is also a name or a table.
_ZH_RULES_PHRASES = re.compile(r"(?:几|多少|每|哪)张|(?:能|可以)?叫(?:几|哪|多少)|[二两三四五六\d]人局|"
                                # players' word for a patch tile: 布 ("另一块没用的布", 布片), not 宣布 or 布丁
                                r"(?:一|两|这|那|哪|每|几|另一)块(?:\w{0,3}的)?布(?![丁置局料店])|布(?:片|块)|花布|"
                                # drafting cards ("留2张传剩下?": keep two, pass the rest)
                                r"留(?:下)?[一二两三四五\d]张|传(?:给)?(?:剩下|下家|左边|右边|左手|右手)|剩下的?(?:传|给下家)|"
                                # playing through the bot ("用机器人玩的时候", "在机器人里能不能悔"): about using it
                                r"(?:用|在|通过)机器人(?:里|上)?(?:玩|下|出|放|打|看|报|叫)|机器人(?:里|上)(?:怎么|能|可以|会)|"
                                # the bot playing for someone away ("我走开了机器人会帮我放布吗"), a patch placed (放布)
                                r"机器人(?:会|能|可以)?(?:帮|替)(?:我|他|她|你)(?:们)?(?:下|放|出|打|走|拿|玩)|放(?:一块)?布(?![丁置局料店])")


#: The games' theme words: every game is about cats (in a box, on an island, on a quilt). A message
#: whose only rules words are these is as likely to be about real cats ("how long do cats live",
#: "what's in a cat's box") as about the games: with a word the rules do not know beside them, they do
#: not make it a rules question.
THEME_EN = frozenset(canonical(w) for w in ("cat", "cats", "kitten", "kittens", "kitty", "box", "boxes", "island",
                                            "islands", "isle", "quilt", "quilts"))


#: Clause boundaries: punctuation in either script (``search`` also cuts at a spaced dash).
CLAUSE_PUNCTUATION = r"[,.!?;:，。！？；：~、…()（）]+\s*"  # an aside in brackets is a clause of its own
_ZH_CLAUSE_RE = re.compile(CLAUSE_PUNCTUATION)
#: The same, and a space before a Chinese character ("今晚三缺一变成三人局了hhh 3人用几到几的牌啊 研究板用几列"). Unlike
#: ``search._LOOSE_CLAUSE_RE`` (a space between two Chinese characters), laughter typed in letters before the space
#: ends the clause too.
_ZH_LOOSE_CLAUSE_RE = re.compile(CLAUSE_PUNCTUATION + r"|(?<=[\u3400-\u9fff\w])\s+(?=[\u3400-\u9fff])")


#: English clauses: punctuation, or a symbol such as an emoji ("while the pizza's in the oven 🍕 how many ...").
_EN_CLAUSE_RE = re.compile(CLAUSE_PUNCTUATION + r"|\s*[^\x00-\x7f\u3400-\u9fff]+\s*")


def _asks_apart_en(text: str, exact: set[str]) -> bool:
    """Whether an English message asks a rules question in a clause of its own, away from its other subject:
    a clause with no word of that subject (``_OUT_OF_DOMAIN_EN``, ``_EVERYDAY_RE``) that asks and holds two of
    the question's rules terms (``exact``)."""
    for clause in _EN_CLAUSE_RE.split(text):
        if not clause or not _ASKS_RE.search(clause) or _EVERYDAY_RE.search(clause):
            continue
        words = re.findall(r"[a-z0-9']+", clause)
        if any(w in _OUT_OF_DOMAIN_EN for w in words):
            continue
        if len({canonical(w) for w in en_words(clause)} & exact) >= 2:
            return True
    return False


#: A question about a game's structure, which holds few rules words: "how many players and how long is it",
#: "what's the game about", "what's supposed to be in the box".
_STRUCTURE_EN_RE = re.compile(
    r"\bhow\s+many\s+(?:[a-z]+\s+)?(?:players|people|rounds|days|turns|tricks|cards|tiles|patches)\b|"
    r"\bhow\s+long\s+(?:is|does|do|will)\b|"
    r"\bwhat(?:'s|s|\s+is)\s+(?:the\s+game|it|this\s+game)\s+about\b|"
    r"\bwhat(?:'s|s|\s+is)\s+the\s+(?:basic\s+|main\s+|general\s+)?(?:idea|point|premise|gist|concept)\b|"
    r"\bwhat(?:'s|s|\s+is)\s+(?:supposed\s+to\s+be\s+)?in\s+the\s+box\b")


#: The structure questions (``intents.structure_intent``) that may stand beside shopping in Chinese.
_STRUCTURE_INTENTS = frozenset({"players", "duration", "length", "length_and_players", "rounds_and_tricks"})


def _structure_apart_zh(text: str) -> bool:
    """Whether a Chinese message that shops for a game also asks about its structure in a clause of its own: what
    the game is (``_ABOUT_THIS_GAME_ZH``: "刚在淘宝入了猫与花毯,拆开一看好多六边形,这游戏大概是玩啥的?"), its player
    count, length or rounds."""
    return any(clause and not _SHOPPING_RE.search(clause)
               and (_ABOUT_THIS_GAME_ZH.search(clause) or structure_intent(clause) in _STRUCTURE_INTENTS)
               for clause in _ZH_CLAUSE_RE.split(text))


def _talk_apart_en(text: str, terms: tuple[str, ...] | None, structure_only: bool = False) -> bool:
    """Whether an English message that talks around a game (a league, a price, a story) also asks a rules
    question in a clause of its own: "... does this bot follow specific rulings where the rulebook is vague? just
    want to know before we start the league". The clause must lie outside the talk's own words, ask and hold
    two rules terms (``terms``, the question's index terms that the rules use, other than theme words) or ask
    about the game's structure (``_STRUCTURE_EN_RE``; with ``structure_only``, only that). Asking means a question
    word opening the clause (``_QUESTION_SHAPE_RE``): "i think it is the best game ever" asks nothing."""
    if terms is None:
        return False
    rules = {t for t in terms if not t.isdigit() and t not in GENERAL_EN and t not in THEME_EN}
    # The talk's own spans: a clause inside one is part of the talk ("I loved Calico, what should I play next?").
    talk = [m.span() for rx in (_GAME_TALK_RE, _SHOPPING_RE, _GAME_FEELINGS_RE, _EVERYDAY_RE)
            for m in rx.finditer(text)]
    start = 0
    for sep in (*_EN_CLAUSE_RE.finditer(text), None):
        end = sep.start() if sep else len(text)
        clause, span, start = text[start:end].strip(), (start, end), sep.end() if sep else end
        if (not clause or not _QUESTION_SHAPE_RE.search(clause)
                or any(a < span[1] and span[0] < b for a, b in talk)):
            continue
        if _STRUCTURE_EN_RE.search(clause) or (
                not structure_only and len({canonical(w) for w in en_words(clause)} & rules) >= 2):
            return True
        if not structure_only and _WHO_WINS_EN_RE.match(clause) and _TIED_EN_RE.search(text):
            return True  # "we tied on total after all rounds 😅 who wins? rematch incoming"
    return False


#: A tie told, then "who wins?" asked in a clause of its own.
_TIED_EN_RE = re.compile(r"\b(?:tied|tie|ties|same\s+(?:score|total|points))\b")
_WHO_WINS_EN_RE = re.compile(r"(?:so\s+|then\s+|and\s+)?who\s+(?:wins|won|is\s+the\s+winner|takes\s+it)\b")


#: "我家可以开局", "我们都可以": someone says they can, which asks nothing.
_SAYS_CAN_RE = re.compile(r"(?:我|我们|我家|咱们|咱|大家)(?:都|也)?可以(?!吗|不|么)")


def _asks_apart(text: str, keywords: frozenset[str] | None, talk: bool = False) -> bool:
    """Whether a Chinese message asks a rules question in a clause of its own, away from its other
    subject: "我朋友去吃饭挂机了半小时，机器人会不会替他下？有没有每步的时间限制" tells of a meal, then asks
    about the bot's time limits. The clause must hold one of the rules' own words (``keywords``, or a
    rules phrase; not a theme character such as 猫 alone, nor a question word such as 几次) and ask
    (``_ASKS_RE``). With ``talk`` the other subject is talk around the game (finding players: 三缺一), and a
    space before a Chinese character also ends a clause."""
    if keywords is None:
        return False
    for clause in (_ZH_LOOSE_CLAUSE_RE if talk else _ZH_CLAUSE_RE).split(text):
        if not clause or not clause.strip() or _OUT_OF_DOMAIN_ZH_RE.search(clause) or _PET_TALK_RE.search(clause):
            continue
        if talk and (_GAME_TALK_RE.search(clause) or _SHOPPING_RE.search(clause) or _GAME_FEELINGS_RE.search(clause)):
            continue
        if talk:  # the talk names the game: its name is no rules word ("猫岛这么大一盒到底放哪")
            clause = strip_game_names(clause)
        # A keyword that is itself a question word (几次, 多少) says nothing of the subject.
        words = (any(k in clause and not _ASKS_RE.search(k) for k in keywords)
                 or _ZH_RULES_PHRASES.search(clause) is not None)
        if words and _ASKS_RE.search(_SAYS_CAN_RE.sub(" ", clause) if talk else clause):
            return True
    return False


def has_zh_rules_word(question: str, keywords: frozenset[str]) -> bool:
    """Whether a Chinese message holds a rules word: one of ``keywords`` (the knowledge base's Chinese
    keywords and synonyms, minus ``ZH_GENERAL``) or a character of ``ZH_DOMAIN_CHARS``."""
    text = to_simplified(question)
    text = text + " " + " ".join(zh_pieces(text))  # also after synonyms and typo repair (叫吨 -> 叫墩)
    return (any(ch in ZH_DOMAIN_CHARS for ch in text) or any(k in text for k in keywords)
            or _ZH_RULES_PHRASES.search(text) is not None)


def out_of_scope(question: str, named_game: str | None = None, terms: tuple[str, ...] | None = None,
                 corrected: frozenset[str] = frozenset(), zh_keywords: frozenset[str] | None = None) -> str | None:
    """Why a message is not a rules question ("other_game", "about_bot", "shopping", "game_talk",
    "arithmetic", "small_talk", "other_domain", "no_rules_word", "theme_only"), or None when it may be one.

    ``named_game`` is the game the question names (``guess_game``), if any; ``terms`` are the
    question's English index terms that the rules use, after spelling correction (default: every
    word of the question, as its index term); ``corrected`` are those found only by spelling
    correction (an out-of-domain word corrected into a rules word is no rules word).
    """
    text = to_simplified(question.lower()).strip()
    if not text:
        return None
    cjk = re.sub(r"[^\u3400-\u9fff]", "", text)
    if (((named_game is None or _NOT_OURS_RE.search(text)) and _names_other_game(text))
            or _INVENTED_GAME_RE.search(text)):
        return "other_game"
    # Talk around a game, unless a clause of its own asks a rules question (in Chinese or in English; beside
    # shopping, only a question of the game's structure: "picked it up for $10, how many players?").
    def asks_apart() -> bool:
        return _asks_apart(text, zh_keywords, talk=True) if cjk else _talk_apart_en(text, terms)

    if _SHOPPING_RE.search(text) and not (_structure_apart_zh(text) if cjk
                                           else _talk_apart_en(text, terms, structure_only=True)):
        return "shopping"
    if (_GAME_TALK_RE.search(text) or (_GAME_FEELINGS_RE.search(text) and not _ASKS_RE.search(text)
                                       and not _IMPLIED_ASK_RE.search(text))) and not asks_apart() \
            and not (named_game is not None and asks_what_game_is(text)):
        return "game_talk"
    if _IDENTITY_RE.search(text):
        return "about_bot"
    if _OTHER_SUBJECT_RE.search(text):
        return "other_domain"
    if named_game is not None:
        return None
    if _META_RE.search(text) or (_ERRAND_ZH_RE.search(text) and zh_keywords is not None
                                 and not has_zh_rules_word(text, zh_keywords)):
        return "about_bot"
    if terms is None:
        terms = tuple(canonical(w) for w in en_words(text))
    raw = re.findall(r"[a-z0-9']+", text)
    rules_terms = [t for t in terms if not t.isdigit() and t not in GENERAL_EN]
    zh_rules = zh_keywords is not None and bool(cjk) and any(k in text for k in zh_keywords)
    if (_ARITH_RE.search(text) and {t for t in rules_terms if t not in corrected} <= _ARITH_TERMS and len(cjk) <= 8
            and not zh_rules):  # "3+3 那个目标几分" names a Calico goal
        return "arithmetic"
    if _URL_RE.search(text) and not re.search(r"[a-z\u3400-\u9fff]", _URL_RE.sub(" ", text)):
        return "no_rules_word"  # a bare link
    if _TABLE_TALK_RE.search(text) and len(rules_terms) <= 1 and not cjk:
        return "small_talk"
    if raw and not cjk and all(w in _CHAT_EN or w.isdigit() for w in raw):
        return "small_talk"
    if cjk and not raw and _CHAT_ZH.match(text):
        return "small_talk"
    # A game's name is no other subject: 量子猫 names Cat in the Box, though 量子 is physics.
    unnamed = strip_game_names(text)
    other = _other_subject(unnamed, raw)
    if not cjk and raw and not rules_terms:
        return "other_domain" if other else "no_rules_word"
    # Words inside a phrase of another subject ("last night", "playing cards") and the theme words (a
    # boxing match, a quilt) are no rules words of the question's own.
    spent = {canonical(w) for m in _EVERYDAY_RE.finditer(text) for w in en_words(m.group(0))}
    # ...nor are the other subject's own words ("blazer", "skateboarding").
    spent |= {canonical(w) for w in raw if w in _OUT_OF_DOMAIN_EN}
    exact = [t for t in rules_terms if t not in corrected and t not in spent and t not in THEME_EN]
    if other and not cjk and len(exact) <= 2 and not _asks_apart_en(text, set(exact)):
        return "other_domain"
    if (other and cjk and (_OUT_OF_DOMAIN_ZH_RE.search(unnamed) or _PET_TALK_RE.search(text))
            and not _asks_apart(text, zh_keywords)):
        return "other_domain"
    if (cjk and not rules_terms and zh_keywords is not None and not has_zh_rules_word(text, zh_keywords)
            and not _ABOUT_THIS_GAME_ZH.search(text)):
        return "no_rules_word"
    if (zh_keywords is not None and not cjk and rules_terms and all(t in THEME_EN for t in rules_terms)
            and (corrected or len(set(en_words(text))) > len(set(terms)))):
        # Only theme words and a word the rules do not know (or had to guess): real cats, boxes, islands.
        return "theme_only"
    return None
