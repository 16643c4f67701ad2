"""A local table run in-process for tests: lines in, what the terminal would show out."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from calico_bot.app.config import Config
from devtable.local_table import LocalTable


@dataclass
class Session:
    table: LocalTable
    output: list[str] = field(default_factory=list)

    async def run(self, line: str) -> str:
        """Run one line; returns what the table printed for it."""
        mark = len(self.output)
        problems = len(self.table.problems)
        await self.table.handle(line)
        self.last_problems = self.table.problems[problems:]
        return "\n".join(self.output[mark:])

    @property
    def text(self) -> str:
        return "\n".join(self.output)


@asynccontextmanager
async def local_table(folder: Path, write: Callable[[str], None] | None = None) -> AsyncIterator[Session]:
    """A table on ``folder/data`` (database and kept state) saving files to ``folder/out``."""
    session = Session(table=None)  # type: ignore[arg-type]
    config = Config(database=folder / "data" / "local-table.sqlite3", ai_budget_ms=20)
    session.table = LocalTable(config, folder / "out", write or session.output.append)
    await session.table.start()
    try:
        yield session
    finally:
        await session.table.stop()
