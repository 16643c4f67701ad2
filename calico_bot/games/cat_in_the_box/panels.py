"""The private panels a Cat in the Box seat needs, as plain descriptions (no Discord import).

A panel is one or two selects built from the seat's own view (``PLUGIN.view_for(state, seat)``):

* the set-aside: one option per distinct number in hand (sealed: the answer is private);
* the bid: the allowed numbers for the player count;
* a play: first a card select (each distinct number that has a legal declaration, with its legal
  colours as the description), then a colour select for the chosen card offering only its legal
  colours. A select never holds more than :data:`MAX_OPTIONS` (Discord's limit) options.

:func:`selects_for` returns what the seat needs now; :func:`action_for` turns the picked values into the
action JSON the plug-in's ``apply`` takes. The cog wraps these in ``discord.ui.Select`` and keeps the
view's ``version`` to refuse a stale panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .engine.components import COLOURS, setup_for
from .texts import card_text, choice_list, colour_name, tr
from .viewread import declarations

MAX_OPTIONS = 25

KIND_SET_ASIDE = "set_aside"
KIND_BID = "bid"
KIND_CARD = "card"
KIND_COLOUR = "colour"


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    value: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class SelectSpec:
    """One select: ``kind`` (set_aside, bid, card, colour), the message above it, its placeholder, its
    options, and the view version it was built on."""

    kind: str
    prompt: str
    placeholder: str
    options: tuple[Option, ...]
    version: int


def _awaited(view: dict[str, Any], kind: str) -> bool:
    seat = view.get("viewer")
    return seat is not None and any(p[0] == seat and p[1] == kind for p in view["prompts"])


def _cap(options: list[Option]) -> tuple[Option, ...]:
    return tuple(options[:MAX_OPTIONS])


def set_aside_select(view: dict[str, Any], lang: str) -> SelectSpec | None:
    """The set-aside select (``None`` when the seat is not asked, e.g. it has already chosen)."""
    if not _awaited(view, "set_aside"):
        return None
    hand = view["hand"] or []
    options = [Option(tr(lang, "citb.panel.card_label", card=n), str(n),
                      tr(lang, "citb.panel.copies", count=hand.count(n)) if hand.count(n) > 1 else "")
               for n in sorted(set(hand))]
    return SelectSpec(KIND_SET_ASIDE, tr(lang, "citb.set_aside.prompt"), tr(lang, "citb.panel.pick_set_aside"),
                      _cap(options), view["version"])


def bid_select(view: dict[str, Any], lang: str) -> SelectSpec | None:
    if not _awaited(view, "bid"):
        return None
    allowed = setup_for(view["player_count"]).bids
    options = [Option(tr(lang, "citb.panel.bid_label", bid=b), str(b)) for b in allowed]
    return SelectSpec(KIND_BID, tr(lang, "citb.bid.prompt_private", allowed=choice_list(lang, list(allowed))),
                      tr(lang, "citb.panel.pick_bid"), _cap(options), view["version"])


def card_select(view: dict[str, Any], lang: str) -> SelectSpec | None:
    """The first step of a play: the cards that have a legal declaration now."""
    if not _awaited(view, "play"):
        return None
    legal: dict[int, list[str]] = {}
    for card, colour in declarations(view):
        legal.setdefault(card, []).append(colour)
    options = [Option(tr(lang, "citb.panel.card_label", card=n), str(n),
                      tr(lang, "citb.list_sep").join(colour_name(lang, c) for c in cols))
               for n, cols in sorted(legal.items())]
    return SelectSpec(KIND_CARD, tr(lang, "citb.play.choose_card"), tr(lang, "citb.panel.pick_card"), _cap(options),
                      view["version"])


def colour_select(view: dict[str, Any], card: int, lang: str) -> SelectSpec | None:
    """The second step: the legal colours for ``card`` only (``None`` if the card has none or no play is asked)."""
    if not _awaited(view, "play"):
        return None
    colours = [c for n, c in declarations(view) if n == card]
    if not colours:
        return None
    led = view["trick"][0][2] if view["trick"] else None
    options = [Option(colour_name(lang, c), c,
                      tr(lang, "citb.panel.costs", colour=colour_name(lang, led)) if led and c != led else "")
               for c in colours]
    return SelectSpec(KIND_COLOUR, tr(lang, "citb.play.choose_colour", card=card_text(lang, card)),
                      tr(lang, "citb.panel.pick_colour"), _cap(options), view["version"])


def selects_for(view: dict[str, Any], lang: str) -> list[SelectSpec]:
    """What the seat of ``view`` must answer now (a play gives only the card select; ask
    :func:`colour_select` once a card is picked). Empty when nothing is asked of it."""
    for build in (set_aside_select, bid_select, card_select):
        spec = build(view, lang)
        if spec is not None:
            return [spec]
    return []


def action_for(view: dict[str, Any], kind: str, value: str, card: int | None = None) -> dict[str, Any]:
    """The action JSON for a picked value (``card``: the card picked in the first step of a play).
    Raises ``ValueError`` for a value no select of this view offers."""
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a spectator has no panel")
    if kind == KIND_SET_ASIDE and value.isdigit() and int(value) in (view["hand"] or []):
        return {"type": "set_aside", "player": seat, "card": int(value)}
    if kind == KIND_BID and value.isdigit() and int(value) in setup_for(view["player_count"]).bids:
        return {"type": "bid", "player": seat, "bid": int(value)}
    if kind == KIND_COLOUR and card is not None and value in COLOURS and (card, value) in declarations(view):
        return {"type": "play", "player": seat, "card": card, "colour": value}
    raise ValueError(f"{value!r} is not an option of the {kind} select")
