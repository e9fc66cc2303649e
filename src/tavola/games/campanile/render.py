"""A plain-text picture of a Campanile view, 80 columns wide."""

from __future__ import annotations

from typing import Any

BAR_WIDTH = 24


def render(view: dict[str, Any]) -> str:
    """The towers in their row (rank, height, markers from the base), display, hands, chips."""
    seat = view["seat"]
    names = [("you" if s == seat else f"P{s}") for s in range(view["players"])]
    towers = view["towers"]
    ranking = sorted(range(len(towers)), key=lambda i: (-towers[i]["height"], i))
    tallest = max(max(t["height"] for t in towers), 1)
    scale = min(1.0, BAR_WIDTH / tallest)
    stage = "the Intermezzo has been scored" if view["intermezzo_scored"] else "Intermezzo to come"
    lines = [
        f"Towers, the display at the left ({view['stack']} cards in the stack; {stage})",
        "  rank  tower   height" + " " * (BAR_WIDTH - 4) + "markers from the base",
    ]
    for index, tower in enumerate(towers):
        height = tower["height"]
        bar = "#" * round(height * scale)
        groups = "  ".join(
            f"{names[g['player']]}:" + "+".join(map(str, g["markers"])) for g in tower["groups"]
        )
        lines.append(
            f"  #{ranking.index(index) + 1}    {tower['style']:<7} {height:>3} {bar:<{BAR_WIDTH}}"
            f" {groups or '-'}"
        )
    lines.append(f"Display: {', '.join(view['display'])}")
    if view["built"]:
        built = view["built"]
        lines.append(f"Built this turn: {built['style']} +{built['floors']}")
    for s, hand in enumerate(view["hands"]):
        supply = view["supply"][s]
        chips = view["chips"][s]
        cards = ", ".join(hand["cards"]) if hand["cards"] is not None else _others(hand)
        lines.append(
            f"{names[s]:>4}: {cards:<32} markers 1x{supply[0]} 2x{supply[1]} 3x{supply[2]}"
            f"  chips {'+'.join(map(str, chips)) or '-'} = {sum(chips)}"
        )
    return "\n".join(lines)


def _others(hand: dict[str, Any]) -> str:
    known = ", ".join(hand["known"])
    return f"{hand['size']} cards" + (f" (known: {known})" if known else "")
