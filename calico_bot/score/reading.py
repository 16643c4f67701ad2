"""Reading a record file for the score CLI: every way a file can fail to be a JSON document becomes one
readable sentence (a :class:`RecordReadError`), never a traceback. Shared by every game's side of the CLI."""

from __future__ import annotations

import json
import sys
from typing import Any


class RecordReadError(Exception):
    """The file could not be read as one JSON document; the message says why in one line."""


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def read_json(path: str) -> Any:
    """The JSON document in ``path`` (``-``: standard input). A UTF-8 byte-order mark is allowed."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                raw = fh.read()
    except OSError as exc:
        raise RecordReadError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordReadError(f"cannot read {path}: not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise RecordReadError(f"{path} is not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    except RecursionError:
        raise RecordReadError(f"{path} is not a record: its JSON is nested too deeply") from None
    except ValueError as exc:  # NaN / Infinity, or an integer too long to read
        reason = "a number in it has too many digits" if "digits" in str(exc) else str(exc)
        raise RecordReadError(f"{path} is not valid JSON: {reason}") from None
