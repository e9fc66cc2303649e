"""Test-only reference implementation of parts of Campanile (2009, DDD Verlag).

Written independently from the rules digest (shared/rules/campanile.md,
section 'Edition "2009"') and the German rulebook, without looking at the
engine. It is deliberately slow and simple; use it only to cross-check the
engine in tests.
"""

from __future__ import annotations

from typing import Any

# Flag values by tower rank (index 0 = tallest tower). An empty tuple means the
# tower carries no flag in that scoring.
FLAGS: dict[tuple[str, bool], list[tuple[int, ...]]] = {
    # (kind, two_players) -> flags by rank
    ("intermezzo", True): [(4, 2), (3, 2), (2, 1), (1,), ()],
    ("intermezzo", False): [(4, 2), (3, 1), (2,), (1,), ()],
    ("finito", True): [(6, 3), (5, 2), (4, 1), (3, 1), (2,)],
    ("finito", False): [(6, 4, 2), (5, 3, 1), (4, 2), (3, 1), (2,)],
}


def ref_scoring(
    kind: str,
    n_players: int,
    heights: list[int],
    placements: list[list[tuple[int, int]]],
) -> list[tuple[int, int, int]]:
    """Return the awards (position, player, chip_value) in scoring order."""
    if kind not in ("intermezzo", "finito"):
        raise ValueError(f"unknown scoring kind {kind!r}")
    if not 2 <= n_players <= 5:
        raise ValueError(f"bad player count {n_players}")
    if len(heights) != 5 or len(placements) != 5:
        raise ValueError("need exactly 5 towers")
    flags_by_rank = FLAGS[(kind, n_players == 2)]

    # Rank towers: taller first; equal height -> nearer the display (lower pos).
    ranked_positions = sorted(range(5), key=lambda pos: (-heights[pos], pos))

    awards: list[tuple[int, int, int]] = []
    # Score from the lowest flag upwards: walk the ranks from the bottom.
    for rank in reversed(range(5)):
        flag = flags_by_rank[rank]
        if not flag:
            continue
        pos = ranked_positions[rank]

        contenders = ref_majority(placements[pos])
        for place, value in enumerate(flag):
            if place < len(contenders):
                awards.append((pos, contenders[place], value))
    return awards


def ref_majority(placements: list[tuple[int, int]]) -> list[int]:
    """The seats with influence under a tower, best first: the higher sum of markers, and
    on equal sums the group placed first (seats group in the order of their first marker).

    >>> ref_majority([(1, 1), (0, 2), (1, 1), (2, 1)])
    [1, 0, 2]
    """
    group_order: list[int] = []
    influence: dict[int, int] = {}
    for player, value in placements:
        if player not in group_order:
            group_order.append(player)
            influence[player] = 0
        influence[player] += value
    contenders = [p for p in group_order if influence[p] > 0]
    contenders.sort(key=lambda p: (-influence[p], group_order.index(p)))
    return contenders


def ref_winners(chips: list[list[int]]) -> list[int]:
    """Return the sorted winning seats."""
    totals = [sum(player_chips) for player_chips in chips]
    best_total = max(totals)
    tied = [seat for seat in range(len(chips)) if totals[seat] == best_total]

    def highest_chip(seat: int) -> int:
        return max(chips[seat]) if chips[seat] else 0

    best_chip = max(highest_chip(seat) for seat in tied)
    return sorted(seat for seat in tied if highest_chip(seat) == best_chip)


def ref_legal_actions(view: dict[str, Any], move_markers: bool) -> set[str]:
    """Return the legal actions of the player to move, from that player's view."""
    phase: str = view["phase"]
    current = view["current_player"]
    if phase == "over" or current is None:
        return set()
    if view["seat"] != current:
        return set()  # only the player to move has actions

    towers: list[dict[str, Any]] = view["towers"]
    display: list[str] = view["display"]
    actions: set[str] = set()

    if phase == "build":
        hand: list[str] | None = view["hands"][current]["cards"]
        if hand is None:
            raise ValueError("the acting player's hand must be visible")
        for style in hand:
            for floors in (1, 2, 3):
                actions.add(f"build {style} {floors}")
        return actions

    if phase == "influence":
        actions.add("pass")
        built: dict[str, Any] = view["built"]
        floors_built: int = built["floors"]
        shown_styles = set(display)

        # Place one marker of value == floors built, under a displayed style.
        if view["supply"][current][floors_built - 1] > 0:
            for tower in towers:
                if tower["style"] in shown_styles:
                    actions.add(f"influence {tower['style']}")

        # Optional 2-player rule: move an own placed 2-marker elsewhere.
        if move_markers and floors_built == 2:
            for source in towers:
                has_own_two = any(
                    group["player"] == current and 2 in group["markers"]
                    for group in source["groups"]
                )
                if not has_own_two:
                    continue
                for target in towers:
                    if target["style"] == source["style"]:
                        continue
                    if target["style"] in shown_styles:
                        actions.add(f"move {source['style']} {target['style']}")
        return actions

    if phase == "take":
        for style in display:
            actions.add(f"take {style}")
        return actions

    raise ValueError(f"unknown phase {phase!r}")
