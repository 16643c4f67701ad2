"""Ask the rules knowledge base a question from the command line.

    python -m calico_bot.rules "can i put a tile next to the goal" [--game calico] [--json] [-k 3] [--lang zh]

Exit status 0 (also when nothing matches: a message says so), 2 when the knowledge base is unreadable.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from calico_bot.rules.knowledge import GAMES, KnowledgeError
from calico_bot.rules.search import Hit, load_index
from calico_bot.rules.text_tokens import detect_lang, normalize_lang

NO_MATCH = {
    "en": "No good match in the rules. Try other words, or name the game (Calico, Cat in the Box, Isle of Cats).",
    "zh": "规则库里没有找到合适的答案。换个说法试试,或写明游戏名(猫与花毯、盒中猫、猫岛)。",
}


def format_hit(rank: int, hit: Hit) -> str:
    lines = [f"{rank}. {hit.title}  [{hit.id}]  score {hit.score:.2f}"]
    width = 50 if hit.lang == "zh" else 100  # CJK characters are two columns wide
    lines += textwrap.wrap(hit.text, width=width, initial_indent="   ", subsequent_indent="   ") or ["   "]
    if hit.detail is not None:
        lines.append(f"   ▸ {hit.detail.title}  [{hit.detail.id}]")
        lines += textwrap.wrap(hit.detail.text, width=width, initial_indent="     ", subsequent_indent="     ")
    if hit.related:
        see = "相关" if hit.lang == "zh" else "See also"
        lines.append(f"   {see}: " + "; ".join(f"{title} [{rid}]" for rid, title in hit.related))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.rules", description="Search the rules knowledge base.")
    parser.add_argument("question", help="the rules question, in English or Chinese")
    parser.add_argument("--game", choices=GAMES, default=None, help="only search this game")
    parser.add_argument("--lang", default=None, help="answer language: en or zh (default: the question's)")
    parser.add_argument("-k", type=int, default=3, help="how many answers at most (default 3)")
    parser.add_argument(
        "--json", action="store_true",
        help="print a JSON list of {id, game, title, score, text, confidence, floor, cleared_floor, out_of_scope}; "
             "text includes the matched detail, if any; when nothing cleared the floor, the list holds the best "
             "guesses with cleared_floor false",
    )
    args = parser.parse_args(argv)
    try:
        index = load_index()
    except KnowledgeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    found = index.lookup(args.question, game=args.game, lang=args.lang, k=max(args.k, 0))
    hits = found.hits
    if args.json:
        shown = [(h, True) for h in hits] if hits else [(h, False) for h in found.guesses]
        payload = [
            {"id": h.id, "game": h.game, "title": h.title, "score": h.score, "text": h.answer_text,
             "confidence": h.score, "floor": round(found.floor, 3), "cleared_floor": cleared,
             "out_of_scope": found.out_of_scope}
            for h, cleared in shown
        ]
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    if not hits:
        print(NO_MATCH[normalize_lang(args.lang) or detect_lang(args.question)])
        return 0
    print("\n\n".join(format_hit(i, h) for i, h in enumerate(hits, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
