"""The Cat in the Box side of ``python -m calico_bot.score``: one JSON object on stdout, or exit
status 2 with one stderr line that starts with the path of the first bad entry. Never a traceback."""

from __future__ import annotations

import json
import sys
from typing import Any

from ...core.errors import RecordError
from ...score.reading import RecordReadError, read_json
from .engine.record import score_record


def score_data(data: Any, indent: int | None = None) -> int:
    try:
        result = score_record(data).to_json()
    except RecordError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug must still not show a traceback to a record checker
        print(f"record: could not be replayed ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=indent, ensure_ascii=False))
    return 0


def score_file(path: str, indent: int | None = None) -> int:
    try:
        data = read_json(path)
    except RecordReadError as exc:
        print(f"record: {exc}", file=sys.stderr)
        return 2
    return score_data(data, indent)
