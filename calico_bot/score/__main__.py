"""Replay a game record (Calico or Cat in the Box) and print the score breakdown as one JSON object.

Exit status: 0 on success, 2 when the record is unreadable or breaks a rule (the message names the
offending entry). The game is picked with --game, or else from the record's format. Start-up stays
light: no Discord or Pillow imports, and only the chosen game's rules are loaded.
"""

from __future__ import annotations

import argparse
import json
import sys

from calico_bot.core.errors import RecordError
from calico_bot.score.reading import RecordReadError, read_json

CITB_FORMAT = "citb-record/1"
IOC_FORMAT = "ioc-record/1"
NOT_YET = "error: The Isle of Cats has no referee yet, so its records cannot be scored (calico and citb can)."


def one_line(text: str) -> str:
    """A message that quotes the record (a player's name, say) kept on one line."""
    return " ".join(text.splitlines())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.score", description=__doc__)
    parser.add_argument("record", help="path to a calico-record/1 or citb-record/1 JSON file, or - for standard input")
    parser.add_argument("--game", choices=("calico", "citb", "ioc"), default=None,
                        help="the record's game (default: read from its format)")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")
    args = parser.parse_args(argv)
    if args.game == "ioc":
        print(NOT_YET, file=sys.stderr)
        return 2
    if args.game == "citb":
        from calico_bot.games.cat_in_the_box.cli import score_file

        return score_file(args.record, args.indent)
    try:
        data = read_json(args.record)
    except RecordReadError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.game is None and isinstance(data, dict) and data.get("format") == IOC_FORMAT:
        print(NOT_YET, file=sys.stderr)
        return 2
    if args.game is None and isinstance(data, dict) and data.get("format") == CITB_FORMAT:
        from calico_bot.games.cat_in_the_box.cli import score_data

        return score_data(data, args.indent)
    from calico_bot.games.calico.engine.record import score_record

    try:
        result = score_record(data).to_json()
    except RecordError as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except Exception as exc:  # a record the checks above missed must still not end in a traceback
        print(f"error: record: could not be replayed ({type(exc).__name__}: {one_line(str(exc))})", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=args.indent, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
