"""A plain-text picture of a Campanile view that fits 80 columns."""

from __future__ import annotations

from typing import Any

BAR_WIDTH = 24


def render(view: dict[str, Any]) -> str:
    """The towers in their row (rank, height, markers from the base), display, seats."""
    seat = view["seat"]
    names = [("you" if s == seat else f"P{s}") for s in range(view["players"])]
    towers = view["towers"]
    ranking = sorted(range(len(towers)), key=lambda i: (-towers[i]["height"], i))
    scale = min(1.0, BAR_WIDTH / max(max(t["height"] for t in towers), 1))
    stack = view["stack"]
    stage = "Intermezzo scored" if view["intermezzo_scored"] else "Intermezzo to come"
    lines = [
        f"Stack: {stack} card{'s' if stack != 1 else ''}, {stage}. The display is left of the row.",
        f"  rank tower  height {'':<{BAR_WIDTH}} markers from the base",
    ]
    for index, tower in enumerate(towers):
        bar = "#" * round(tower["height"] * scale)
        groups = "  ".join(
            f"{names[g['player']]}:" + "+".join(map(str, g["markers"])) for g in tower["groups"]
        )
        lines.append(
            f"  #{ranking.index(index) + 1}   {tower['style']:<7}{tower['height']:>5} "
            f"{bar:<{BAR_WIDTH}} {groups or '-'}"
        )
    built = view["built"]
    lines.append(
        f"Display: {', '.join(view['display'])}"
        + (f"   (built this turn: {built['style']} +{built['floors']})" if built else "")
    )
    lines.append(f"{'seat':<5} {'hand':<38} {'markers':<7} {'points':>6}  chips")
    for s, hand in enumerate(view["hands"]):
        supply = view["supply"][s]
        chips = view["chips"][s]
        cards = ", ".join(hand["cards"]) if hand["cards"] is not None else _others(hand)
        turn = ">" if s == view["current_player"] else " "
        lines.append(
            f"{turn}{names[s]:<4} {cards:<38} {supply[0]}/{supply[1]}/{supply[2]}  "
            f"{sum(chips):>6}  {'+'.join(map(str, chips)) or '-'}"
        )
    return "\n".join(lines)


def _others(hand: dict[str, Any]) -> str:
    known = ", ".join(hand["known"])
    return f"{hand['size']} cards" + (f", known: {known}" if known else "")
