"""Tokenising for the rules search: English words and Chinese character n-grams.

The same functions run over the knowledge base (index time) and over players' questions (query
time), so every normalisation below - traditional to simplified characters, synonyms, stemming -
applies to both sides and only has to be *consistent*, not linguistically perfect.

English: lowercase words, phrase rewrites ("two player" -> ``twoplayer``), the Snowball stemmer,
stop-word removal and a synonym map onto one canonical word per concept.
Chinese: traditional characters folded to simplified, synonyms rewritten onto one canonical phrase,
filler words removed, then character unigrams and bigrams of each CJK run. No dictionary is loaded
(jieba's takes about a second), which keeps the index load fast.
"""

from __future__ import annotations

import re
from functools import lru_cache

import opencc
import snowballstemmer

# --------------------------------------------------------------------------------------------------
# Language helpers

_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def has_cjk(text: str) -> bool:
    return _CJK_RE.search(text) is not None


def detect_lang(text: str) -> str:
    """``"zh"`` when the text holds any CJK character, else ``"en"``."""
    return "zh" if has_cjk(text) else "en"


def normalize_lang(lang: str | None) -> str | None:
    """Map a language or Discord locale ("zh-CN", "zh-TW", "en-US", ...) to "en"/"zh"; None stays None."""
    if lang is None:
        return None
    lang = str(lang).strip().lower().replace("_", "-")
    if not lang:
        return None
    return "zh" if lang == "zh" or lang.startswith("zh-") or lang in {"cn", "chinese", "中文"} else "en"


# --------------------------------------------------------------------------------------------------
# Traditional -> simplified, with OpenCC's character and phrase tables.

_T2S = opencc.OpenCC("t2s")

#: Written Cantonese, as Hong Kong players type it ("開局要蓋一張牌係咩意思", "點樣計分"), read as the Mandarin the
#: rules are written in; after t2s (係 is then 系). Only words a Mandarin text does not use: 系 alone is
#: 关系 / 体系, 点 alone 一点, 仲 alone 仲裁.
_CANTONESE = {"系唔系": "是不是", "系咪": "是不是", "系咩": "是什么", "唔系": "不是", "乜嘢": "什么", "咩": "什么",
              "点样": "怎么", "点解": "为什么", "点用": "怎么用", "点算": "怎么算", "点玩": "怎么玩", "几多": "多少",
              "边个": "哪个", "呢张": "这张", "呢个": "这个", "仲可以": "还可以", "仲要": "还要", "仲有": "还有",
              "佢哋": "他们", "我哋": "我们", "你哋": "你们", "佢": "他", "咗": "了", "唔": "不", "冇": "没有",
              "嘅": "的", "啲": "些", "喺": "在", "嚟": "来", "睇": "看", "畀": "给", "攞": "拿", "揸": "拿",
              "几多日": "几天", "嗰阵": "那时", "嗰": "那", "同埋": "和", "屋企": "家", "细路": "小孩"}
_CANTONESE_RE = re.compile("|".join(sorted(_CANTONESE, key=len, reverse=True)))
_CANTONESE_MARKS = frozenset("系咩乜点几边呢仲佢哋咗唔冇嘅啲喺嚟睇畀攞揸嗰埋企路")


#: Any character from the CJK radicals block (U+2E80) up: a text without one has nothing to convert.
_FROM_CJK_RE = re.compile("[\u2e80-\U0010ffff]")


@lru_cache(maxsize=8192)
def to_simplified(text: str) -> str:
    """The text with traditional Chinese characters converted to simplified ones (OpenCC t2s), and written
    Cantonese words to Mandarin ones (``_CANTONESE``)."""
    if text.isascii() or _FROM_CJK_RE.search(text) is None:
        return text
    text = _T2S.convert(text)
    if not _CANTONESE_MARKS.isdisjoint(text):
        text = _CANTONESE_RE.sub(lambda m: _CANTONESE[m.group(0)], text)
    return text


#: Misspelt or shortened question words ("abt": about), read as the word before the question patterns are
#: tried ("wht are the three things...", "wat is calico?", "whats isle of cats abt").
_QUESTION_WORDS = {"wht": "what", "wat": "what", "waht": "what", "whta": "what", "hw": "how", "hwo": "how",
                   "woh": "who", "abt": "about", "whre": "where", "wher": "where", "wich": "which", "whcih": "which"}
_QUESTION_WORD_TYPOS = re.compile(r"\b(?:" + "|".join(_QUESTION_WORDS) + r")\b")


def mend_question_words(text: str) -> str:
    """A lowercased text with its misspelt question words ("wht", "hw") spelt out."""
    return _QUESTION_WORD_TYPOS.sub(lambda m: _QUESTION_WORDS[m.group(0)], text)


# --------------------------------------------------------------------------------------------------
# Chinese synonyms and filler. Each group maps variants (longest first at run time) to a canonical
# phrase. The canonical phrase itself is also a valid variant.

_ZH_SYNONYMS: dict[str, tuple[str, ...]] = {
    "拼布": (
        "拼布板块", "布片板块", "拼布块", "布块", "布片", "布偏", "板快", "地块", "瓷砖", "六角块", "六边形块", "砖块",
        "格子块", "板块",
    ),
    "拼布板": ("被褥板", "被辱板", "被子板", "拼被板", "花毯板", "被子", "棉被", "被褥", "拼布板"),
    "个人板": ("玩家板", "个人板"),
    # Two players doing the same thing ("两个人能都报黄5吗"), not the two-player variant.
    "玩家": ("两个人都", "两个人能都", "两个人可以都", "两个人能不能都", "两个人可不可以都", "两个人是不是都",
           "两个人同时", "两人能不能都", "两人都", "两个玩家都", "两个不同的人", "玩家"),
    "研究板": ("研究版", "研究盘", "言究板", "研究板"),  # with a sound-alike slip (ban)
    "纽扣": ("钮扣", "扣子", "按钮", "纽扣", "扣扣", "纽口", "钮口", "扭扣"),  # with pinyin slips (kou)
    "彩虹纽扣": ("彩虹扣", "彩虹钮扣", "彩虹扣子", "彩虹按钮", "彩虹纽扣"),
    "猫": ("猫咪", "喵", "小猫", "猫猫"),
    "计分": ("得分", "积分", "分数", "算分", "算份", "记分", "拿分", "多少分", "几分"),  # 算份: a slip (fen)
    "目标": ("设计目标", "设记目标", "设计木标", "木标", "目标板块", "目标块", "任务", "目标"),
    "市场": ("集市", "公共区", "公共市场", "商店", "河道", "明牌区", "市场"),
    "平手": ("分数相同", "总分相同", "分相同", "平局", "同分", "打平", "平分", "打和", "并列", "平手"),
    "单人": ("单人模式", "单人模试", "单人游戏", "一个人玩", "一个人", "自己玩", "一人", "单机", "独自", "单人"),
    "双人": ("两人局", "二人", "两人", "2人", "两个人", "双人局", "双人"),
    "王牌": ("主牌", "将牌", "王派", "王牌"),  # with a sound-alike slip (pai)
    "一墩": ("一圈", "一轮牌", "一墩"),
    "预测": ("叫牌", "预言", "下注", "叫几墩", "叫多少墩", "报几墩", "报多少墩", "叫墩", "叫顿", "叫吨", "报顿",
           "竞猜", "预测"),
    # Putting one card aside face down at the start of a round ("扣下一张").
    "暗置": ("扣下的牌", "扣下", "扣一张", "盖一张", "扣牌", "盖牌", "暗置"),
    "悖论": ("矛盾", "悖论", "背论", "倍论", "悖伦", "悖轮", "背轮", "勃论"),  # with sound-alike typos
    "吸引": ("吸因", "吸音", "西引", "引来", "吸引"),  # with sound-alike typos; 引来 "draws in"
    # with sound-alike typos (miao, jiu), and rescuing one more ("再救一只", "还在救")
    "救猫": ("救描", "就猫", "再救一只", "救一只", "还在救", "再救", "救猫"),
    "时候": ("时侯", "时候"),  # with sound-alike typos (yin)
    "形状": ("形壮", "型状", "形装", "形状"),  # with sound-alike typos (zhuang)
    "家族": ("家足", "家组", "家祖", "加族", "家族"),  # with sound-alike typos (zu)
    "颜色": ("颜涩", "言色", "颜色"),  # with sound-alike typos (se, yan)
    "几张": ("几涨", "几章", "几张"),  # with sound-alike typos (zhang)
    # with a sound-alike typo (pai), and what is in one's hand said in words
    "手牌": ("手排", "手里的牌", "手上的牌", "手里的布片", "手上的布片", "手里的布", "手上的布", "手里的板块",
             "手上的板块", "手里另一块", "手里的另一块", "手上另一块", "手上的另一块", "手牌"),
    "墩": ("吨", "蹲", "敦", "墩"),
    "鱼": ("金币", "钱", "鱼干", "鱼"),
    "篮子": ("篮", "筐", "蓝子", "兰子", "篮子"),  # with a sound-alike slip (lan)
    "速度": ("小靴子", "靴子", "速度"),  # a rescue card's speed is the boots printed on it
    # the bot making an absent player's move ("机器人会自动帮他下吗"): the time limits' "代打"
    "代打": ("自动帮他下", "自动帮我下", "自动替他下", "自动替我下", "帮他下", "替他下", "帮我下一步", "替我下",
           "代他下", "代我下", "代下", "代打"),
    "老鼠": ("鼠", "老属", "老书", "老鼠"),  # with a sound-alike slip (shu)
    "宝藏": ("宝物", "藏宝", "宝脏", "宝藏"),  # with a sound-alike slip (zang)
    "复盘": ("覆盘", "复盘"),  # a review of the game, often written 覆盘
    # The Isle of Cats' treasure maps (藏宝图, as 宝藏图 after the line above); 地图 is what players call them.
    "宝藏图": ("藏宝图", "宝藏地图", "藏宝地图", "地图", "宝藏图"),
    "课程": ("课程卡", "课成卡", "课成", "科程", "课", "课程"),  # with sound-alike slips (cheng, ke)
    # with sound-alike typos (xia), and what a newcomer calls it: the big cat without a colour
    "欧夏克": ("奥沙克斯", "奥夏克", "欧沙克", "欧下克", "欧霞克", "欧夏可", "没颜色的大只猫", "没颜色的大猫",
            "没有颜色的猫", "没颜色的猫", "无色猫", "无色的猫", "欧夏克"),
    "相连": ("挨着", "连着", "相邻", "连接", "靠着", "贴着", "相连"),
    "边框": ("边缘", "边上", "外圈", "边框"),
    "放置": ("摆放", "放在", "放到", "放下", "摆在", "放置"),
    "设置": ("准备", "开局", "布置", "设置"),
    "彩虹": ("七彩", "彩红", "彩虹"),
    "轮抽": ("论抽", "轮抽"),  # with a sound-alike slip (lun)
    "稀有": ("希有", "稀有"),  # with a sound-alike slip (xi)  # with a sound-alike slip (hong)
    "结束": ("终局", "结算", "游戏结束", "结束"),
    "移动": ("挪动", "挪位置", "换位置", "挪", "搬动", "移走", "移位", "移动"),
    "更换": ("换掉", "替换", "调换", "交换", "更换"),
    "空位": ("空格", "空位", "格子", "空的格"),
    "扣分": ("负分", "减分", "罚分", "倒扣", "扣分"),
    "斜角": ("对角线", "斜着", "斜向", "对角", "斜角"),
    "相同": ("一样", "同样", "相同"),
}
_ZH_FILLER: tuple[str, ...] = (
    "为什么", "怎么样", "怎么办", "是不是", "能不能", "可不可以", "会不会", "有没有", "要不要", "请问", "一下",
    "怎么", "什么", "如何", "我们", "你们", "他们", "可以", "这个", "那个", "还是", "是否", "到底", "大家", "根本",
    "吗", "呢", "吧", "啊", "呀", "嘛", "的", "了", "是", "我", "你", "他", "她", "这", "那", "就", "都", "也", "和",
    "在", "么", "哦", "喔", "诶", "嗯", "哈", "请", "问", "得", "地", "咋办", "咋", "啥", "干嘛", "哪些", "哪个",
    "哪几", "多少", "一定", "一只", "一张", "一块", "一片", "一个", "几", "哪", "要", "有", "能", "会", "还", "个",
)


#: Phrases kept as they are, so that a synonym inside them is not rewritten: 第一个人 is the first player,
#: not 一个人 (playing alone); and words whose second character is a filler (稀有, rare: not 稀 and 有).
_ZH_KEEP: tuple[str, ...] = ("第一个人", "下一个人", "上一个人", "每一个人", "另一个人", "哪一个人", "任何一个人",
                             "最后一个人", "同一个人", "稀有")


def _build_zh_rewrites() -> list[tuple[str, str]]:
    pairs = [(variant, canon) for canon, variants in _ZH_SYNONYMS.items() for variant in variants]
    pairs += [(phrase, phrase) for phrase in _ZH_KEEP]
    pairs.sort(key=lambda p: -len(p[0]))
    return pairs


_ZH_REWRITES = _build_zh_rewrites()
_ZH_REWRITE_RE = re.compile("|".join(re.escape(v) for v, _ in _ZH_REWRITES))
_ZH_REWRITE_MAP = dict(_ZH_REWRITES)
_ZH_FILLER_RE = re.compile("|".join(re.escape(w) for w in sorted(set(_ZH_FILLER), key=len, reverse=True)))


def _zh_normalize(run: str) -> str:
    run = _ZH_REWRITE_RE.sub(lambda m: "\x00" + _ZH_REWRITE_MAP[m.group(0)] + "\x00", run)
    # Canonical phrases are protected by NULs so filler removal cannot cut into them.
    parts = run.split("\x00")
    return "".join(part if i % 2 else _ZH_FILLER_RE.sub(" ", part) for i, part in enumerate(parts))


def zh_pieces(text: str) -> list[str]:
    """The CJK runs of a text after traditional folding, synonym rewriting and filler removal."""
    runs = _CJK_RUN_RE.findall(to_simplified(text))
    return [piece for run in runs for piece in _CJK_RUN_RE.findall(_zh_normalize(run))]


def zh_tokens(text: str, pieces: list[str] | None = None) -> list[str]:
    """Character unigrams and bigrams of every CJK run (after synonym and filler handling)."""
    tokens: list[str] = []
    for piece in zh_pieces(text) if pieces is None else pieces:
        tokens.extend(piece)
        tokens.extend(piece[i : i + 2] for i in range(len(piece) - 1))
    return tokens


# --------------------------------------------------------------------------------------------------
# English

# Multi-word phrases folded into one term before stop words are dropped ("cat in the box" -> citb).
_EN_PHRASES: dict[str, tuple[str, ...]] = {
    "twoplayer": ("two player", "two players", "2 player", "2 players", "2p", "2 p", "two people", "2 people",
                  "heads up", "heads-up",
                  "2 ppl", "head to head", "2 player game", "two player game", "just 2", "just two", "only 2",
                  "only two", "with 2", "with two", "2 of us", "two of us",
                  # playing with one other person
                  "just my partner", "just me and my partner", "me and my partner", "with my partner only",
                  "just me and my wife", "just me and my husband", "just my wife and me", "just my husband and me",
                  "me and one friend", "just me and a friend", "one other player", "one opponent",
                  "just my wife", "just my husband", "only my wife", "only my husband", "just my girlfriend",
                  "just my boyfriend", "just my gf", "just my bf", "the two of us",
                  "just the two of us", "only the two of us"),
    "solo": ("one player", "1 player", "1p", "single player", "by myself", "on my own", "play alone", "playing alone",
             "plays alone", "by yourself", "by urself", "on your own", "by oneself"),
    # Two players doing the same thing ("can two players both play a yellow 4") in any game, not the
    # two-player variant.
    "player": ("two players both", "2 players both", "two people both", "two players each", "two players ever",
               "two different players", "2 different players", "two diferent players", "two different people"),
    "setup": ("set up", "setting up"),
    # An empty hex is a space to fill, not a patch ("hex" alone means a patch).
    "emptyspace": ("empty space", "empty spaces", "empty spot", "empty spots", "empty hex", "empty hexes", "open hex",
                   "free hex", "empty hexagon", "empty cell", "empty cells", "empty square", "empty squares"),
    # "the one I placed last turn": the previous placement, not the last turn of the game.
    "place": ("placed last turn", "played last turn", "placed last time", "played last time", "put down last turn",
              "placed on my last turn", "played on my last turn", "previous turn", "previous tile", "previous patch",
              "placed before", "placed previously"),
    "beginner": ("first game", "first time", "first play", "new players"),
    "setaside": ("set aside", "put aside"),
    "tie": ("tie break", "tie breaker", "tie breakers", "tie breaks", "same score", "same total", "same points",
            "equal score", "equal scores", "equal points", "level on points",
            # the usual misspellings of "breaker", which spelling correction cannot reach across the space
            "tie breker", "tie brekers", "tie braker", "tie brakers", "tie breakr", "tie brake", "tie brakes"),
    "goal": ("design goal", "design goals"),
    "follow": ("follow suit", "following suit", "folow suit", "folowing suit", "follwing suit", "follow the suit"),
    "researchboard": ("research board",),
    "quilt": ("quilt board", "player board", "personal board"),
    "citb": ("cat in the box", "cat in a box", "cat in box"),
    "ioc": ("isle of cats", "isle of cat", "isle of the cats"),
    "rarefind": ("rare find", "rare finds"),
    "lowervariance": ("lower variance", "low variance", "less random", "less luck", "luck heavy", "too much luck",
                      "too random", "luck based", "less swingy", "tamer version"),
    "darkblue": ("dark blue", "navy"),
    "lightblue": ("light blue", "teal", "turquoise", "cyan"),
    "alldifferent": ("all different", "all diff"),
}
_EN_PHRASE_MAP: dict[tuple[str, ...], str] = {
    tuple(phrase.split()): term for term, phrases in _EN_PHRASES.items() for phrase in phrases
}
#: The longest phrase starting with each word (only those words can start one).
_EN_PHRASE_START: dict[str, int] = {}
for _phrase in _EN_PHRASE_MAP:
    _EN_PHRASE_START[_phrase[0]] = max(_EN_PHRASE_START.get(_phrase[0], 0), len(_phrase))

_EN_STOP = frozenset(
    [
        "a", "an", "the", "is", "are", "am", "be", "been", "being", "was", "were", "do", "does", "did", "doing",
        "done", "can", "could", "should", "would", "will", "shall", "may", "might", "must", "i", "me", "my",
        "mine", "we", "us", "our", "you", "your", "yours", "he", "him", "his", "she", "her", "it", "its",
        "they", "them", "their", "this", "that", "these", "those", "there", "here", "what", "whats", "which",
        "who", "whom", "whose", "when", "where", "why", "how", "of", "in", "on", "at", "to", "for", "from",
        "by", "with", "about", "as", "into", "onto", "than", "then", "so", "and", "or", "but", "if", "not",
        "no", "yes", "any", "some", "all", "just", "only", "also", "too", "very", "really", "much", "many",
        "more", "most", "such", "own", "please", "thanks", "thank", "hi", "hey", "hello", "guys",
        "anyone", "someone", "somebody", "question", "quick", "know", "tell", "explain", "mean", "means",
        "happen", "happens", "happened", "let", "lets", "like", "get", "gets", "got", "getting", "have", "has",
        "had", "having", "im", "ive", "dont", "doesnt", "isnt", "arent", "cant", "u", "ur", "pls", "plz", "ok",
        "okay", "wait", "actually", "lol", "lmao", "haha", "btw", "idk", "tbh", "imo", "ty", "thx",
        "still", "ever", "even", "one", "out", "up", "again", "way", "thing",
        "things", "stuff", "something", "anything", "need", "needed", "want", "wanted", "go", "goes", "going",
        "work", "works", "working", "s", "t", "re", "ll", "d", "ve", "m", "whether", "either", "neither",
        "each", "every", "other", "others", "while", "because", "since", "though", "although", "yet",
        # Contractions typed without the apostrophe.
        "theres", "thats", "heres", "wheres", "hows", "whos", "youre", "theyre", "wont", "didnt", "wasnt",
        "shouldnt", "couldnt", "wouldnt", "hasnt", "havent", "aint", "gonna", "wanna", "gotta",
        # Filler adverbs of chat, with their usual misspellings ("what if i litterally cant play anything").
        "literally", "litterally", "literaly", "basically", "basicly", "honestly", "seriously", "totally",
        "genuinely", "simply", "probably", "maybe", "perhaps", "kinda", "sorta",
    ]
)

STOP_WORDS: frozenset[str] = _EN_STOP

# canonical: variants (variants are compared after lowercasing, before stemming AND after stemming)
_EN_SYNONYMS: dict[str, tuple[str, ...]] = {
    "tile": ("tile", "tiles", "patch", "patches", "hex", "hexes", "hexagon", "hexagons", "piece", "pieces", "fabric",
             "swatch", "swatches"),
    "quilt": ("quilt", "quilts", "board", "boards", "quiltboard", "blanket"),
    "score": ("score", "scores", "scored", "scoring", "point", "points", "pts", "pt", "vp", "vps", "worth", "value",
              "pointz"),
    "cat": ("cat", "cats", "kitty", "kitties", "kitten", "kittens", "kitteh", "feline"),
    "button": ("button", "buttons", "btn", "btns"),
    "goal": ("goal", "goals", "objective", "objectives"),
    "market": ("market", "shop", "river", "display", "pool", "offer", "marketplace"),
    "draft": ("draft", "drafts", "drafted", "drafting", "pick", "picks", "picked", "picking", "choose", "chose"),
    "place": ("place", "places", "placed", "placing", "placement", "put", "puts", "putting", "lay", "laying"),
    "tie": ("tie", "ties", "tied", "tiebreak", "tiebreaker", "tiebreker", "tiebraker", "equal", "stalemate"),
    "color": ("color", "colors", "colour", "colours", "colored", "coloured"),
    "pattern": ("pattern", "patterns", "print", "prints", "motif", "motifs"),
    "adjacent": ("adjacent", "adjacency", "neighbor", "neighbors", "neighbour", "neighbours", "neighboring",
                 "neighbouring", "touch", "touching", "touches", "next", "connected", "connect", "connecting",
                 "orthogonal", "orthogonally"),
    "border": ("border", "borders", "edge", "edges", "frame", "perimeter", "rim", "outer"),
    "solo": ("solo", "solitaire", "alone", "singleplayer"),
    "end": ("end", "ends", "ending", "finish", "finishes", "finished", "over", "last"),
    "setup": ("setup", "prepare", "preparation"),
    "trick": ("trick", "tricks"),
    "bid": ("bid", "bids", "bidding", "bet", "bets", "betting", "predict", "prediction", "predictions", "forecast",
            "guess", "wager"),
    "declare": ("declare", "declares", "declared", "declaring", "declaration", "announce", "announced", "call",
                "calls", "called", "name", "naming"),
    "lead": ("lead", "leads", "leading", "leader", "open", "opening"),
    "fish": ("fish", "fishes", "money", "coin", "coins", "gold", "cash", "currency"),
    "basket": ("basket", "baskets"),
    "rescue": ("rescue", "rescues", "rescued", "rescuing", "save", "saving", "catch", "catching", "adopt"),
    "lesson": ("lesson", "lessons"),
    "rat": ("rat", "rats", "mouse", "mice"),
    "room": ("room", "rooms", "cabin", "cabins"),
    "treasure": ("treasure", "treasures", "loot"),
    "family": ("family", "families", "familie"),
    "boat": ("boat", "boats", "ship", "ships"),
    "win": ("win", "wins", "winning", "won", "winner", "winners", "beat", "beats"),
    "trump": ("trump", "trumps", "red", "reds"),
    "rainbow": ("rainbow", "rainbows", "multicolor", "multicolour"),
    "oshax": ("oshax", "oshaxes", "oshaks"),
    "paradox": ("paradox", "paradoxes", "paradoxical", "impossible"),
    "card": ("card", "cards"),
    "turn": ("turn", "turns"),
    "day": ("day", "days", "daily"),
    "phase": ("phase", "phases", "step", "steps", "stage", "stages"),
    "group": ("group", "groups", "grouped", "cluster", "clusters", "area", "areas", "region", "regions", "chain"),
    "rule": ("rule", "rules", "ruling", "rulebook"),
    "variant": ("variant", "variants", "variation", "mode", "modes"),
    "shape": ("shape", "shapes", "line", "lines", "straight", "triangle"),
    "twoplayer": ("twoplayer", "duel", "1v1"),
    "buy": ("buy", "buys", "bought", "buying", "pay", "pays", "paid", "paying", "cost", "costs", "purchase", "afford"),
    "hand": ("hand", "hands"),
    "bag": ("bag", "bags", "supply"),
    "kid": ("kid", "kids", "child", "children", "younger", "easier", "simple", "simpler"),
    "beginner": ("beginner", "beginners", "intro", "introductory", "newbie", "newbies", "learn", "learning"),
    "refill": ("refill", "refills", "refilled", "replenish", "restock", "restocked", "replace"),
    "repeat": ("repeat", "repeats", "twice", "again", "second", "2nd", "already", "another", "multiple", "double",
               "extra", "bigger", "grow", "grows", "extend", "extending", "expand", "larger"),
    "space": ("space", "spaces", "spot", "spots", "slot", "slots", "cell", "cells", "square", "squares"),
    "earn": ("earn", "earns", "earned", "gain", "gains", "gained", "receive", "received", "obtain", "award",
             "awarded", "awards"),
    "discard": ("discard", "discards", "discarded", "toss", "tossed", "throw", "remove", "removed"),
    "move": ("move", "moves", "moved", "moving", "relocate", "shift"),
    "same": ("same", "identical", "matching", "match", "matches", "alike"),
    "diagonal": ("diagonal", "diagonally", "diagonals"),
    "private": ("private", "hidden", "secret", "secretly", "see"),
    "penalty": ("penalty", "penalties", "minus", "negative", "deduct", "deduction"),
    "edition": ("edition", "editions", "version", "versions", "deluxe", "colossal"),
    "overview": ("overview", "about", "summary", "intro"),
    "command": ("command", "commands", "cmd", "cmds"),
    "speed": ("speed", "speeds", "boot", "boots"),  # a rescue card's speed is the boots printed on it
}
_EN_SYN_MAP: dict[str, str] = {}
for _canon, _variants in _EN_SYNONYMS.items():
    for _v in _variants:
        _EN_SYN_MAP.setdefault(_v, _canon)
    _EN_SYN_MAP.setdefault(_canon, _canon)


# snowballstemmer hands out PyStemmer's compiled stemmer when that is installed (a dependency): the same
# Snowball algorithm and stems, at a twentieth of the pure-Python one's cost (most of building the index).
_SNOWBALL = snowballstemmer.stemmer("english")


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The Snowball (Porter 2) English stem of a lowercased word."""
    return _SNOWBALL.stemWord(word)


_IRREGULAR = {
    "ran": "run", "lost": "lose", "took": "take", "taken": "take", "drew": "draw", "drawn": "draw", "gave": "give",
    "grew": "grow", "grown": "grow",
    "given": "give", "threw": "throw", "thrown": "throw", "held": "hold", "kept": "keep", "sewn": "sew",
    "chosen": "choose", "fell": "fall", "broke": "break", "broken": "break", "began": "begin", "begun": "begin",
    # players' short forms ("same num same color twice?", "std vs family diff")
    "num": "number", "nums": "numbers", "std": "standard", "diff": "difference", "diffs": "differences",
}


@lru_cache(maxsize=8192)
def canonical(word: str) -> str:
    """Synonym-map then stem a lowercased word: the index term for it."""
    word = _IRREGULAR.get(word, word)
    if word in _EN_SYN_MAP:
        return _EN_SYN_MAP[word]
    s = stem(word)
    return _EN_SYN_MAP.get(s, s)


#: "if two people play red", "when 2 players tie": two of the players doing something, not a game of two.
_TWO_ACT_VERBS = frozenset([
    "play", "played", "plays", "playing", "lead", "led", "leads", "both", "tie", "tied", "ties", "each", "throw",
    "throws", "put", "puts", "have", "has", "had", "score", "scored", "pick", "picked", "choose", "chose", "declare",
    "declared", "call", "called", "bid", "bids", "win", "won", "take", "took",
])


def _two_acting(raw: list[str], i: int, n: int) -> bool:
    """Whether the words ``raw[i:i+n]`` ("two people") follow "if"/"when" and come before a verb they do."""
    return (raw[i] in ("two", "2") and i > 0 and raw[i - 1] in ("if", "when")
            and i + n < len(raw) and raw[i + n] in _TWO_ACT_VERBS)


def en_words(text: str) -> list[str]:
    """Lowercased words after phrase folding, without stop words (not yet stemmed)."""
    raw = _WORD_RE.findall(text.lower().replace("’", "'").replace("-", " "))
    words: list[str] = []
    i = 0
    while i < len(raw):
        for n in range(min(_EN_PHRASE_START.get(raw[i], 0), len(raw) - i), 0, -1):
            term = _EN_PHRASE_MAP.get(tuple(raw[i : i + n]))
            if term == "twoplayer" and _two_acting(raw, i, n):
                continue
            if term is not None:
                words.append(term)
                i += n
                break
        else:
            w = raw[i]
            i += 1
            if "'" in w:
                w, suffix = w.split("'", 1)
                if suffix == "t":  # don't, can't, isn't: no content
                    continue
            if w and w not in _EN_STOP and (len(w) > 1 or w.isdigit()):
                words.append(w)
    return words


def en_tokens(text: str) -> list[str]:
    return [canonical(w) for w in en_words(text)]


def zh_synonym_words() -> frozenset[str]:
    """Every Chinese variant and canonical phrase of the synonym map."""
    return frozenset(w for canon, variants in _ZH_SYNONYMS.items() for w in (canon, *variants))


def synonym_words() -> frozenset[str]:
    """Every English variant the synonym map knows (used as extra vocabulary for fuzzy matching)."""
    return frozenset(_EN_SYN_MAP)
