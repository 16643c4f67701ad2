"""The README's local-table walkthrough, read from README.md and run exactly as printed.

Each line is ``NAME> INPUT   # comment`` and is run as printed (the table takes a pasted prompt
and comment). The prompt must name the local player the table has at that moment. In a comment,
every ``[N]`` must be shown by that line, and every "quoted text" too; on a ``click N`` /
``pick N`` line the first quoted text is the label of the button it clicks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .table_session import local_table

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"^(?P<who>\w+)> (?P<input>.*?)(?:\s{2,}#\s?(?P<comment>.*))?$")


SECTIONS = ("### The local table (no token)", "## Playing Cat in the Box in Discord")


def walkthrough(section_title: str = SECTIONS[0]) -> list[tuple[str, str, str, str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split(section_title, 1)[1]
    block = section.split("```", 2)[1]
    steps = []
    for raw in block.strip("\n").splitlines():
        match = LINE.match(raw)
        assert match, f"README walkthrough line not in the form 'name> input  # comment': {raw!r}"
        steps.append((match["who"], match["input"].strip(), match["comment"] or "", raw))
    return steps


def test_the_readme_has_a_walkthrough_worth_running() -> None:
    steps = walkthrough()
    inputs = [step[1] for step in steps]
    assert len(steps) >= 10
    assert any(i.startswith("click ") for i in inputs) and any(i.startswith("pick ") for i in inputs)
    assert any(i.startswith("/calico play") for i in inputs) and any(i.startswith("as ") for i in inputs)


@pytest.mark.parametrize("section", SECTIONS)
async def test_the_readme_walkthrough_works_exactly_as_printed(tmp_path: Path, section: str) -> None:
    async with local_table(tmp_path) as session:
        table = session.table
        for who, line, comment, raw in walkthrough(section):
            assert table.user.name == who, f"the README prompts {who}> but the table has {table.user.name} at {line!r}"
            quoted = re.findall(r'"([^"]+)"', comment)
            click = re.fullmatch(r"(click|pick) (\d+)\b.*", line)
            if click and quoted:
                _, component = table._component_at(int(click.group(2)))
                label = component.get("label") or component.get("placeholder")
                assert label == quoted[0], f"README: {line!r} is said to be {quoted[0]!r}, but it is {label!r}"
                quoted = quoted[1:]
            out = await session.run(raw)  # pasted as printed: prompt, input and comment
            assert out.strip(), f"README line {line!r} printed nothing"
            assert not session.last_problems, f"README line {line!r} went wrong: {session.last_problems}"
            for text in quoted:
                assert text in out, f"README line {line!r} should show {text!r}; it printed:\n{out}"
            for number in re.findall(r"\[(\d+)\]", comment):
                assert re.search(rf"^\s+\[{number}\] ", out, flags=re.M), (
                    f"README line {line!r} should show [{number}]; it printed:\n{out}")
        assert "Traceback" not in session.text
