"""Which game a rules question is about, from the names players use for the three games."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz

from calico_bot.rules.text_tokens import mend_question_words, to_simplified

# Order matters only for the regex alternation (longer names first inside each game).
_GAME_PATTERNS: dict[str, tuple[str, ...]] = {
    "citb": (
        r"cat[ -]?in[ -]?(?:the|a)?[ -]?box", r"\bcitb\b", r"\bcat[ -]?box\b",  # /catbox, "the cat box game"
        r"schr[oö]e?dinger", r"盒中猫", r"盒子里的猫", r"盒子猫",
        r"猫咪盒子", r"盒子里的猫咪", r"猫在盒子里", r"猫盒",
        r"盒中[帽毛喵锚]", r"合中猫",  # pinyin slips: the last character typed as another "mao", 盒 as 合
        r"薛定谔", r"量子猫",
        # described, not named: "这个量子吃墩游戏", "the quantum trick-taker"
        r"量子(?:吃墩|叫墩|桌游|卡牌|纸牌)", r"\bquantum\s+(?:trick[- ]?tak(?:ing|ers?)|card\s+game)\b",
    ),
    "ioc": (
        r"isle[ -]?of[ -]?(?:the[ -]?)?cats?", r"\bioc\b", r"\btioc\b", r"cats? island", r"猫咪岛", r"猫之岛", r"猫岛",
        r"毛岛",  # a pinyin slip (mao)
        r"岛上的猫",
    ),
    # 拼布 (patchwork), but not 拼布艺术, which is Uwe Rosenberg's Patchwork in Chinese
    "calico": (r"\bcalico\b", r"\bcalicos\b", r"\bcalcio\b", r"猫与花毯", r"猫和花毯", r"花毯", r"拼布(?!艺术)",
               r"[猫毛]与花[坦摊滩谈坛]", r"\bquilts?\b", r"\bquilting\s+game\b"),
}
_GAME_RES = {game: re.compile("|".join(pats)) for game, pats in _GAME_PATTERNS.items()}

#: Misspelt names ("ilse of cats", "cat in teh box", "callico") are matched on whole words with
#: rapidfuzz at this similarity (one swapped, missing or extra letter; "cat in the bag" is not a name).
_FUZZY_NAMES: dict[str, tuple[str, ...]] = {
    "citb": ("cat in the box",),
    "ioc": ("isle of cats", "isle of cat"),
    "calico": ("calico",),
}
FUZZY_NAME_CUTOFF = 90
_WORD_RE = re.compile(r"[a-z]+")


def _fuzzy_name(text: str) -> tuple[int, int, str] | None:
    """(start, end, game) of the first word span that is a near-miss of a game name, or None."""
    words = list(_WORD_RE.finditer(text))
    for i in range(len(words)):
        for game, names in _FUZZY_NAMES.items():
            for name in names:
                n = name.count(" ") + 1
                if i + n > len(words):
                    continue
                start, end = words[i].start(), words[i + n - 1].end()
                span = " ".join(w.group(0) for w in words[i : i + n])
                if abs(len(span) - len(name)) > 2 or span[0] != name[0]:
                    continue
                if fuzz.ratio(span, name) >= FUZZY_NAME_CUTOFF:
                    return start, end, game
    return None


#: A message's clauses, to find the one that asks ("in cat in the box ties go to the last round, how do you break a
#: tie in calico?"): cut at punctuation, " but " and a spaced dash.
_CLAUSE_CUT_RE = re.compile(r"[,.!?;:，。！？；：]+|\s+but\s+|\s+-\s+")
#: A clause that asks: a question mark after it, a Chinese question word in it, or an English question word opening it.
_ASKS_AFTER_RE = re.compile(r"\s*[?？]")
_ASKS_IN_ZH_RE = re.compile(r"吗|怎么|什么|啥|几|多少|能不能|可不可以|是否|哪")
_ASKS_EN_RE = re.compile(r"^\s*(?:(?:so|and|then|ok|also|wait)\s+)?(?:how|what|whats|what's|why|when|which|who|where|"
                         r"can|could|do|does|did|is|are|should|would|will|may|must)\b")
#: One of our games named only to compare with ("... like the touching rule on the IoC boat", 像猫岛那样).
_COMPARED_RE = re.compile(r"(?:\blike\s+(?:how\s+)?(?:in\s+|on\s+|with\s+)?(?:the\s+|a\s+)?(?:[\w'-]+\s+){0,6}|像)\s*$")


def _asked_game(text: str, spans: list[tuple[int, str]]) -> str | None:
    """Of the games named in several clauses, the one named in the last clause that asks (the first named there)."""
    asked = None
    start = 0
    for cut in (*_CLAUSE_CUT_RE.finditer(text), None):
        end = cut.start() if cut else len(text)
        clause = text[start:end]
        asks = (_ASKS_AFTER_RE.match(text, end) is not None or _ASKS_IN_ZH_RE.search(clause) is not None
                or _ASKS_EN_RE.search(clause) is not None)
        named = [game for at, game in spans if start <= at < end]
        if asks and named:
            asked = named[0]
        start = cut.end() if cut else end
    return asked


@lru_cache(maxsize=1024)
def guess_game(question: str) -> str | None:
    """The game a question names ("calico", "citb", "ioc"), or None when it names none.

    When several games are named, the one named in the clause that asks wins ("盒中猫平局看最后一轮,花毯平局看啥"),
    else the one mentioned first; a game named only in a comparison ("like the touching rule on the IoC boat")
    is not the one asked about.
    """
    text = to_simplified(question.lower())
    spans = sorted((m.start(), game) for game, rx in _GAME_RES.items() for m in rx.finditer(text))
    if spans:
        if len({game for _, game in spans}) > 1:
            # "in isle of cats can treasures link two groups, like how border patches connect in calico?": a game
            # named only in a comparison is not the one asked about, when another is named outside one.
            plain = {game for at, game in spans if not _COMPARED_RE.search(text[:at])}
            if len(plain) == 1:
                return plain.pop()
            if (asked := _asked_game(text, spans)) is not None:
                return asked
        if all(_COMPARED_RE.search(text[:at]) for at, _ in spans):
            return None
        return spans[0][1]
    fuzzy = _fuzzy_name(text)
    return fuzzy[2] if fuzzy else None


#: Names of a game that are also ordinary words: a quilt, patchwork (拼布), a calico (or tortoiseshell)
#: cat, calico cloth, a pet named Calico, a real cat island (Japan has several; 去猫岛旅游). A message
#: that names the game only this way and talks about another subject is not about it.
_COMMON_WORD_NAMES = re.compile(r"\bquilts?\b|拼布(?!艺术)|\bcalico\s+(?:cat|kitten|kitty)s?\b|\bcalicos\b|"
                                r"\bcalico\s+and\s+(?:a\s+)?tortoiseshell\b|"
                                r"\bcalico\s+(?:fabric|cloth|cotton|print|dress|shirt|skirt|apron)s?\b|"
                                r"\bcat\s+islands?\b|"
                                # a litter box ("how often do you clean the cat box"), unless called a game
                                r"\bcat[ -]box(?:es)?\b(?!\s+(?:game|rules?|bot))|"
                                # a pet named Calico ("我家有只猫叫 Calico", "my kitten named calico")
                                r"(?:叫做?|名字叫|\bnamed|\bcalled|\bname\s+is)\s*calico\b|"
                                r"(?:日本|去|到)的?猫岛|日本(?:那个|的那个|有个|有一个)猫岛|猫岛(?:旅游|旅行|度假|在哪|怎么去)")


def named_only_by_common_words(question: str) -> bool:
    """Whether every game name in the question is one that is also an ordinary word ("quilt", 拼布,
    "a calico cat")."""
    text = to_simplified(question.lower())
    if not _COMMON_WORD_NAMES.search(text):
        return False
    rest = _COMMON_WORD_NAMES.sub(" ", text)
    return guess_game(rest) is None


#: Player counts each game supports (base boxes): a question about five players can only be about Cat
#: in the Box.
PLAYER_COUNTS: dict[str, range] = {"calico": range(1, 5), "citb": range(2, 6), "ioc": range(1, 5)}
_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "一": 1, "两": 2, "二": 2, "三": 3,
                "四": 4, "五": 5, "六": 6}
_PLAYER_COUNT_RE = re.compile(
    r"\b([1-9]|one|two|three|four|five|six)[ -]?(?:players?|people|ppl|persons?|p)\b|\b([1-9])p\b|"
    r"([1-9一两二三四五六])\s*(?:个)?人(?:能|可以|要)?(?:局|玩|游戏|的话|一起)"
)


def player_count_game(question: str) -> str | None:
    """The only game that supports the player count a question names ("with 5 players", 五人局), or None."""
    text = to_simplified(question.lower())
    games: set[str] | None = None
    for m in _PLAYER_COUNT_RE.finditer(text):
        word = next(g for g in m.groups() if g)
        n = int(word) if word.isdigit() else _COUNT_WORDS.get(word, 0)
        fits = {g for g, counts in PLAYER_COUNTS.items() if n in counts}
        games = fits if games is None else games & fits
    return next(iter(games)) if games is not None and len(games) == 1 else None


#: A card named by its number ("card 69", "lesson #121", 71号卡, 第119号课程): only The Isle of Cats numbers its cards
#: (1-215; Cat in the Box's cards are 1-9 in four colours, Calico has none), so a number from 10 up points to it.
_CARD_NUMBER_RE = re.compile(r"\b(?:cards?|lessons?|no\.?)\s*(?:#\s*|number\s*)?(\d{2,3})\b|#\s*(\d{2,3})\b|"
                             r"(?<!\d)(\d{2,3})\s*号(?:卡|课程|课|牌)?|第\s*(\d{2,3})\s*(?:号|张)(?:卡|课程|牌)")


def card_number_game(question: str, certain: bool = False) -> str | None:
    """"ioc" when the question names a card by a number between 10 and 215, else None. With ``certain``, only
    a card or lesson word beside a number from 11 up ("card 117", "lesson 140", 117号卡): no other game has such
    a card, where "10号牌" may be Cat in the Box's 10s and "12号" a date."""
    for m in _CARD_NUMBER_RE.finditer(to_simplified(question.lower())):  # 71號卡 too
        number = int(next(g for g in m.groups() if g))
        if certain and (number < 11 or not re.search(r"[a-z卡课牌张]", m.group(0))):
            continue
        if 10 <= number <= 215:
            return "ioc"
    return None


_CARD_GAME_RE = re.compile(r"\bgame\b|桌游|卡牌|纸牌|游戏")  # the message asks about a game, not the theme

#: Names that come from a game's theme rather than its title: Schrödinger's cat (Cat in the Box's
#: theme), 量子猫. They pick the game, but a message that names it only this way is as likely to be
#: about the physics as about the game, so they do not vouch for it being a rules question.
_THEME_NAMES = re.compile(r"schr[oö]e?dinger'?s?|薛定谔的?|量子猫")


#: The thought experiment itself: a cat in a box "alive or dead" is the physics, not the card game.
_THOUGHT_EXPERIMENT = re.compile(r"\b(?:alive|dead)\s+(?:or|and)\s+(?:alive|dead)\b|\bsuperposition\b|"
                                 r"\bmany[- ]worlds\b|\bmemes?\b|是死是活|又死又活|既死又活|死还是活|活还是死")


def named_only_by_theme(question: str) -> bool:
    """Whether every game name in the question is a theme word ("Schrödinger's cat", 薛定谔), or the
    question names Cat in the Box only to speak of the thought experiment ("is the cat in the box
    alive or dead") and asks nothing about a card game."""
    text = to_simplified(question.lower())
    if _THOUGHT_EXPERIMENT.search(text) and not _CARD_GAME_RE.search(text) and guess_game(text) == "citb":
        return True
    if not _THEME_NAMES.search(text):
        return False
    return guess_game(_THEME_NAMES.sub(" ", text)) is None


@lru_cache(maxsize=1024)
def strip_game_names(question: str) -> str:
    """The question with every game name removed (names pick the game; they are not rules words)."""
    text = to_simplified(question.lower())
    for rx in _GAME_RES.values():
        text = rx.sub(" ", text)
    while (fuzzy := _fuzzy_name(text)) is not None:
        text = text[: fuzzy[0]] + " " + text[fuzzy[1] :]
    return text


#: "What even is <game>", 盒中猫是什么, 什么是猫岛: what the game is, asked (the game's name replaced by <game>).
_WHAT_IS_GAME_PATTERNS = (
    r"\bwhat\s+(?:even|exactly|actually|really)\s+is\s+<game>",
    r"<game>\s*(?:到底)?是(?:一款|一个|个|款)?(?:什么|啥)",
    r"(?:什么|啥)是\s*<game>",
)
# A question about a game as a whole ("what is calico even about?", "猫岛是一款什么样的桌游?"): the
# game's name is first replaced by <game>, then these patterns look for the question around it.
_ABOUT_GAME_PATTERNS = (
    r"\bwhat(?:'s|s| is| are)?\s+(?:the\s+)?(?:<game>|it|this\s+game)\s+"
    r"(?:(?:even|actually|really|basically|exactly|all)\s+)?about\b",
    r"\b(?:what|which)\s+(?:kind|type|sort)\s+of\s+(?:a\s+)?game\b",
    r"\bwhat(?:'s|s| is)\s+<game>\s*(?:$|[?.!,;]|(?:even|actually|really|exactly|anyway|and)\b"
    r"|in\s+(?:one|a|1|two|a\s+few)\s+(?:sentences?|lines?|words?)\b|in\s+(?:short|brief)\b)",
    r"\bhow\s+(?:do|does|would|can)\s+(?:you|i|we|one)\s+play\s+<game>\s*(?:$|[?.!,;/]|in\s+a\s+nutshell)",
    r"\bhow\s+(?:does|do)\s+(?:the\s+)?<game>\s+(?:work|play)\s*(?:$|[?.!,;/]|in\s+a\s+nutshell)",
    # "it" is the game when the game is all that comes before it ("calico? how does it work"), not "is there a daily
    # challenge thing for calico? how does it work"
    r"^\W*(?:(?:so|ok|okay|hey|hi|um|new\s+here)\W+)*(?:<game>\W+)?how\s+(?:does|do)\s+(?:the\s+)?it\s+(?:work|play)\s*"
    r"(?:$|[?.!,;/]|in\s+a\s+nutshell)(?:.*<game>)?|"
    r"^\W*(?:(?:so|ok|okay|hey|hi|um|new\s+here)\W+)*<game>\W+(?:\w+\W+){0,2}how\s+(?:does|do)\s+it\s+(?:work|play)\b",
    r"\b(?:explain|describe|summari[sz]e|tell\s+me\s+about)\s+<game>",
    r"<game>\s+(?:in\s+a\s+nutshell|overview|summary|basics)\b",
    r"\bwhat(?:'s|s| is)\s+the\s+(?:point|goal|aim|object|objective)\s+of\s+(?:the\s+game|<game>|this\s+game)\b",
    r"\bis\s+<game>\s+(?:fun|good|hard|easy|worth)\b",
    r"\belevator\s+pitch\b", r"\bsell\s+me\s+on\b",
    r"\b(?:tell|give|explain|what'?s|what\s+is)\s+(?:\w+\s+){0,2}gist\b",
    r"\bgist\s+of\s+<game>", r"\bworth\s+(?:buying|getting|it)\b",
    r"\bshould\s+(?:i|we)\s+(?:buy|get)\s+(?:it|<game>)\b",
    *_WHAT_IS_GAME_PATTERNS,
    r"介绍(?:一下)?\s*<game>",
    r"<game>\s*(?:怎么|如何|咋)玩",
    r"<game>\s*(?:好玩|难)吗",
    r"<game>.{0,6}(?:简介|介绍一下|大概是)",
)
_ABOUT_GAME_RE = re.compile("|".join(_ABOUT_GAME_PATTERNS))
#: A variant named (two players, solo, the family mode).
_VARIANT_RE = re.compile(r"[两二2]\s*个?人(?:玩|局|的话|对战)|双人|单人|一个人玩|家庭模式|"
                         r"\b(?:two|2)[ -]?(?:players?|people|ppl|p)\b|\bsolo\b|"
                         r"\bsingle[ -]player\b|\b(?:by\s+myself|on\s+my\s+own)\b|\bfamily\s+(?:mode|variant)\b")


#: What the game is, asked ("what even is cat in the box", 盒中猫是什么): a question whatever talk is around it.
_WHAT_GAME_IS_RE = re.compile("|".join((r"\bwhat(?:'s|s|\s+is)\s+(?:even\s+|exactly\s+|actually\s+)?<game>",
                                         *_WHAT_IS_GAME_PATTERNS)))


def asks_what_game_is(question: str) -> bool:
    """Whether the message asks what one of our games is ("what even is cat in the box, friend invited me ...")."""
    text = to_simplified(question.lower())
    game = guess_game(question)
    return game is not None and _WHAT_GAME_IS_RE.search(_GAME_RES[game].sub(" <game> ", text)) is not None


def asks_about_game(question: str) -> str | None:
    """The game a question asks about *as a whole* (what it is, how it plays), or None."""
    text = to_simplified(question.lower())
    game = guess_game(question)
    if game is None or (named_only_by_theme(question) and not _CARD_GAME_RE.search(text)):
        return None  # "explain Schrödinger's cat" asks about physics, "... the Schrödinger card game" about ours
    if _VARIANT_RE.search(text):
        return None  # "两个人玩盒中猫怎么玩", "how do you play calico solo": the variant's rules, not the game
    marked = _GAME_RES[game].sub(" <game> ", mend_question_words(text))
    while (fuzzy := _fuzzy_name(marked)) is not None and fuzzy[2] == game:
        marked = marked[: fuzzy[0]] + " <game> " + marked[fuzzy[1] :]
    return game if _ABOUT_GAME_RE.search(marked) else None
