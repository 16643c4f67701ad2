"""Fast bit-mask operations on the 7x7 grid: neighbours of a set, flood fills, components."""

from __future__ import annotations

from calico_bot.games.calico.engine.geometry import NEIGHBOUR_MASK


def _row_tables() -> tuple[tuple[int, ...], ...]:
    tables = []
    for row in range(7):
        table = []
        for bits in range(128):
            out = 0
            for c in range(7):
                if bits >> c & 1:
                    out |= NEIGHBOUR_MASK[row * 7 + c]
            table.append(out)
        tables.append(tuple(table))
    return tuple(tables)


_E0, _E1, _E2, _E3, _E4, _E5, _E6 = _row_tables()


def halo(m: int) -> int:
    """Every cell next to a cell of ``m`` (seven table look-ups, one per row)."""
    return (_E0[m & 127] | _E1[m >> 7 & 127] | _E2[m >> 14 & 127] | _E3[m >> 21 & 127]
            | _E4[m >> 28 & 127] | _E5[m >> 35 & 127] | _E6[m >> 42 & 127])


HALO_MEMO_LIMIT = 1 << 18  # masks remembered by :data:`HALOS` before it starts again (some 25 MB at most)


class _Halos(dict[int, int]):
    """:func:`halo` remembered by mask: ``HALOS[m] == halo(m)``. The evaluation asks for the halos of the same groups,
    regions and token groups again and again (the trial quilts of one move differ in one tile), and a look-up is
    much cheaper than seven table look-ups through a call; emptied when it holds ``HALO_MEMO_LIMIT`` masks."""

    def __missing__(self, m: int) -> int:
        if len(self) >= HALO_MEMO_LIMIT:
            self.clear()
        value = self[m] = halo(m)
        return value


HALOS = _Halos()


def grow(seed: int, allowed: int) -> int:
    """Everything reachable from ``seed`` through ``allowed`` cells (``seed`` included)."""
    region = seed
    while True:
        new = halo(region) & allowed & ~region
        if not new:
            return region
        region |= new


def room_at_least(group: int, allowed: int, need: int) -> bool:
    """Whether at least ``need`` cells of ``allowed`` are reachable from ``group`` through ``allowed``."""
    region = group
    found = 0
    halos = HALOS
    while found < need:
        new = halos[region] & allowed & ~region
        if not new:
            return False
        found += new.bit_count()
        region |= new
    return True


def components(mask: int) -> list[int]:
    out = []
    while mask:
        group = grow(mask & -mask, mask)
        out.append(group)
        mask &= ~group
    return out
