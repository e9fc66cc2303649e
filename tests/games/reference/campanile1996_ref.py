"""Test-only reference implementation of parts of Campanile, 1996 edition (Blatz Spiele).

Written independently from the rules digest (shared/rules/campanile.md, section
'Edition "1996"' and the shared marker-order rules) and the French rules text,
without looking at the engine. Deliberately slow and simple; use it only to
cross-check the engine in tests.
"""

from __future__ import annotations

from tests.games.reference.campanile_ref import ref_majority  # the shared marker-order rules

STYLES: tuple[str, ...] = ("beige", "blue", "brown", "yellow", "red")

# Flag values by tower rank (index 0 = tallest). The fifth (lowest) tower gets nothing.
FLAGS_1996: tuple[tuple[int, int], ...] = ((8, 4), (6, 3), (4, 2), (2, 1))

MARKER_VALUES: tuple[int, ...] = (1, 2, 3)


def ref96_legal_bets(
    pile_tops: list[str | None],
    built_style: str,
    built_floors: int,
    supply: dict[int, int],
    variant: bool,
) -> set[tuple[str, int]]:
    """Return the (style, marker value) bets allowed after building.

    >>> sorted(ref96_legal_bets(["blue", None, "red"], "beige", 2, {1: 5, 2: 0, 3: 1}, False))
    [('blue', 3), ('red', 3)]
    """
    if built_style not in STYLES:
        raise ValueError(f"unknown style {built_style!r}")
    if built_floors not in (1, 2, 3):
        raise ValueError(f"bad floor count {built_floors}")

    allowed_styles: set[str] = set()
    for top in pile_tops:
        if top is None:
            continue  # an empty pile shows nothing
        if top not in STYLES:
            raise ValueError(f"unknown style {top!r}")
        allowed_styles.add(top)
    if variant:
        allowed_styles.add(built_style)

    allowed_values = [
        value for value in MARKER_VALUES if value >= built_floors and supply.get(value, 0) > 0
    ]

    bets: set[tuple[str, int]] = set()
    for style in allowed_styles:
        for value in allowed_values:
            bets.add((style, value))
    return bets


def ref96_scoring(
    heights: dict[str, int],
    positions: dict[str, int],
    placements: dict[str, list[tuple[int, int]]],
) -> list[tuple[str, int, int]]:
    """Return the final awards (style, seat, points), sorted by (style, seat).

    >>> ref96_scoring(
    ...     {"beige": 3, "blue": 1, "brown": 0, "yellow": 0, "red": 0},
    ...     {"beige": 0, "blue": 1, "brown": 2, "yellow": 3, "red": 4},
    ...     {"beige": [(1, 1), (0, 1)], "red": [(0, 3)]},
    ... )
    [('beige', 0, 4), ('beige', 1, 8)]
    """
    styles = list(heights)
    if sorted(styles) != sorted(STYLES) or sorted(positions) != sorted(STYLES):
        raise ValueError("need exactly the 5 styles in heights and positions")

    # Taller first; equal height -> nearer the Finito piles (lower position) first.
    ranked = sorted(styles, key=lambda style: (-heights[style], positions[style]))

    awards: list[tuple[str, int, int]] = []
    for rank, flag in enumerate(FLAGS_1996):
        style = ranked[rank]

        contenders = ref_majority(placements.get(style, []))
        for place, points in enumerate(flag):
            if place < len(contenders):
                awards.append((style, contenders[place], points))

    awards.sort(key=lambda award: (award[0], award[1]))
    return awards


def ref96_winners(points: list[int]) -> list[int]:
    """Return the sorted seats with the most points (a tie is a shared victory).

    >>> ref96_winners([5, 12, 12, 0])
    [1, 2]
    """
    best = max(points)
    return [seat for seat, total in enumerate(points) if total == best]
