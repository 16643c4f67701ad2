"""Buttons and the rainbow button."""

from calico_bot.games.calico.engine.components import COLORS
from calico_bot.games.calico.engine.geometry import LABELS

from .helpers import blank_quilt, place_all, t


def buttons(awards: list) -> list[str]:
    return [COLORS[a.color] if a.kind == "button" else a.kind for a in awards if a.kind in ("button", "rainbow")]


def test_three_of_a_color_earn_one_button_and_extension_earns_nothing() -> None:
    q = blank_quilt()
    first = place_all(q, {"A1": t("PINK", "DOTS"), "A2": t("PINK", "FERNS")})
    assert buttons(first) == []
    third = q.place(LABELS["A3"], t("PINK", "VINES"), {})
    assert buttons(third) == ["PINK"]
    more = place_all(q, {"A4": t("PINK", "STRIPES"), "A5": t("PINK", "FLOWERS"), "B5": t("PINK", "DOTS")})
    assert buttons(more) == []  # six in the group, still one button
    assert len(q.buttons) == 1


def test_second_button_needs_a_separate_group_and_merging_keeps_both() -> None:
    q = blank_quilt()
    a = place_all(q, {"A1": t("GREEN", "DOTS"), "A2": t("GREEN", "FERNS"), "A3": t("GREEN", "VINES")})
    b = place_all(q, {"E1": t("GREEN", "DOTS"), "E2": t("GREEN", "FERNS"), "E3": t("GREEN", "VINES")})
    assert buttons(a) == ["GREEN"] and buttons(b) == ["GREEN"]
    # Join the two groups through C and D rows: nothing new, nothing lost.
    join = place_all(q, {"B1": t("GREEN", "STRIPES"), "C1": t("GREEN", "STRIPES"), "D1": t("GREEN", "FLOWERS")})
    assert buttons(join) == []
    assert [COLORS[b.color] for b in q.buttons] == ["GREEN", "GREEN"]


def test_rainbow_once_after_all_six_colors() -> None:
    q = blank_quilt()
    groups = {  # six separate groups of three (checked by hand on the odd-r grid)
        "DARK_BLUE": ["A1", "A2", "A3"],
        "LIGHT_BLUE": ["A4", "A5", "B5"],
        "GREEN": ["B1", "B2", "C1"],
        "YELLOW": ["C2", "C3", "D3"],
        "PURPLE": ["D1", "E1", "E2"],
        "PINK": ["D4", "D5", "E5"],
    }
    earned: list[str] = []
    for color, spaces in groups.items():
        assert q.rainbow is None
        got = buttons(place_all(q, {s: t(color, "DOTS") for s in spaces}))
        earned += got
        assert got[0] == color
    assert earned[-2:] == ["PINK", "rainbow"]
    assert earned.count("rainbow") == 1
    # Fill the rest, growing groups: no new buttons and never a second rainbow.
    rest = buttons(place_all(q, {"B4": t("DARK_BLUE", "FERNS"), "C5": t("LIGHT_BLUE", "FERNS"),
                                 "E3": t("YELLOW", "FERNS"), "E4": t("PINK", "FERNS")}))
    assert rest == []
    assert q.placed == 22 and len(q.buttons) == 6
