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

CITB_FORMAT = "citb-record/1"
IOC_FORMAT = "ioc-record/1"
NOT_YET = "error: The Isle of Cats has no referee yet, so its records cannot be scored (calico and citb can)."


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
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"error: cannot read {args.record}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: {args.record} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}",
              file=sys.stderr)
        return 2
    if args.game is None and isinstance(data, dict) and data.get("format") == IOC_FORMAT:
        print(NOT_YET, file=sys.stderr)
        return 2
    if args.game is None and isinstance(data, dict) and data.get("format") == CITB_FORMAT:
        from calico_bot.games.cat_in_the_box.cli import score_data

        return score_data(data, args.indent)
    from calico_bot.games.calico.engine.record import score_record

    try:
        result = score_record(data)
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_json(), indent=args.indent, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
