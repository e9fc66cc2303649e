"""A plain-text picture of a Campanile view (either edition) that fits 80 columns."""

from __future__ import annotations

from typing import Any

from tavola.games.campanile.components import FLAGS_1996

BAR_WIDTH = 24
SUPPLY_HEADER = "1s 2s 3s"  # the markers each seat has left, by value
SUPPLY_TITLE = " " * 41 + "markers left"  # over SUPPLY_HEADER

INPUT_HELP = """\
Campanile: the picture, from the top:
  the towers in their row, each with its rank, height and the markers under it
  from the base, one group per player (P1:2+1 is P1's group of a 2 and a 1);
  the display (2009) or the three piles' top cards (1996);
  a line per seat: its hand (another seat's: the size and the known cards), then
  1s 2s 3s: how many influence markers of value 1, 2 and 3 the seat still has
  to place (5, 3 and 1 at the start), then its points (and 2009 chips).
Actions: build STYLE FLOORS, influence STYLE (2009) or bet STYLE VALUE (1996),
pass, take STYLE (2009); the first letters do (b blu 2)."""

RULES_SUMMARY = """\
Campanile 2009 (the default). Each turn, in this order:
 1. Build: play a hand card onto the tower of its style, 1, 2 or 3 floors.
 2. Influence (may): place the marker worth the floors just built under a
    tower whose style is in the display, or pass (no such marker: no step).
 3. Take a display card into your hand; the stack refills the display.
Under a tower, markers form one group per player, in the order of each
player's first marker there; an earlier group wins ties.
Intermezzo turned up: the 4 tallest towers are scored. Finito turned up:
all 5 are, and the game ends. Equal heights: the tower nearer the display
ranks higher. A flag's values go to the strongest influences under it:
  Intermezzo 4/2 3/1 2 1           Finito 6/4/2 5/3/1 4/2 3/1 2
  2 players: 4/2 3/2 2/1 1         2 players: 6/3 5/2 4/1 3/1 2
Most points wins; a tie goes to the player with the highest single chip.

Campanile 1996 (edition=1996). Each turn, in this order:
 1. Build: as in 2009, 1, 2 or 3 floors.
 2. Bet (may): place a marker worth AT LEAST the floors just built under a
    tower whose style lies face up on top of one of the 3 piles, or pass
    (variant bet_on_built_tower: also under the tower just built).
 3. Draw (automatic): the top card of the pile numbered by the floors
    built goes to your hand; the pile's next card is turned up.
The game ends when a pile runs out. Flags 8/4 6/3 4/2 2/1 go to the four
tallest towers (equal heights: the tower nearer the piles); the strongest
influence gets the first value, the second the second (ties: the earlier
group). Most points wins; a tie is a shared victory."""


def render(view: dict[str, Any]) -> str:
    """The towers in their row (rank, height, markers from the base), display, seats."""
    if "piles" in view:
        return render_1996(view)
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
    lines += [SUPPLY_TITLE, f"{'seat':<5} {'hand':<37} {SUPPLY_HEADER} {'points':>6}  chips"]
    for s, hand in enumerate(view["hands"]):
        chips = view["chips"][s]
        cards = ", ".join(hand["cards"]) if hand["cards"] is not None else _others(hand)
        turn = ">" if s == view["current_player"] else " "
        lines.append(
            f"{turn}{names[s]:<4} {cards:<37} {_supply(view['supply'][s])} "
            f"{sum(chips):>6}  {'+'.join(map(str, chips)) or '-'}"
        )
    if seat is not None and seat == view["current_player"]:
        lines.append(_next_step(view))
    return "\n".join(lines)


def render_1996(view: dict[str, Any]) -> str:
    """The piles (number, top card, size), the towers with the flag of their rank, seats."""
    seat = view["seat"]
    names = [("you" if s == seat else f"P{s}") for s in range(view["players"])]
    towers = view["towers"]
    ranking = sorted(range(len(towers)), key=lambda i: (-towers[i]["height"], i))
    scale = min(1.0, BAR_WIDTH / max(max(t["height"] for t in towers), 1))
    piles = "   ".join(
        f"{pile['number']}: {pile['top'] or '-'} ({pile['size']} left)" for pile in view["piles"]
    )
    lines = [
        f"Piles {piles}",
        "  (left of the row) build n floors: draw from pile n; a pile empty: the end",
        f"  rank flag tower  height {'':<{BAR_WIDTH}} markers from the base",
    ]
    for index, tower in enumerate(towers):
        rank = ranking.index(index)
        flag = "/".join(map(str, FLAGS_1996[rank])) or "-"
        bar = "#" * round(tower["height"] * scale)
        groups = "  ".join(
            f"{names[g['player']]}:" + "+".join(map(str, g["markers"])) for g in tower["groups"]
        )
        lines.append(
            f"  #{rank + 1}  {flag:<4} {tower['style']:<7}{tower['height']:>5} "
            f"{bar:<{BAR_WIDTH}} {groups or '-'}"
        )
    built = view["built"]
    if built:
        lines.append(f"Built this turn: {built['style']} +{built['floors']}")
    lines += [SUPPLY_TITLE, f"{'seat':<5} {'hand':<37} {SUPPLY_HEADER} {'points':>6}"]
    for s, hand in enumerate(view["hands"]):
        cards = ", ".join(hand["cards"]) if hand["cards"] is not None else _others(hand)
        turn = ">" if s == view["current_player"] else " "
        lines.append(
            f"{turn}{names[s]:<4} {cards:<37} {_supply(view['supply'][s])} {view['scores'][s]:>6}"
        )
    if seat is not None and seat == view["current_player"]:
        lines.append(_next_step_1996(view))
    return "\n".join(lines)


def _next_step_1996(view: dict[str, Any]) -> str:
    if view["phase"] == "build":
        return "Your step: build, playing a card onto its tower, 1, 2 or 3 floors."
    floors = view["built"]["floors"]
    return (
        f"Your step: bet a marker worth {floors} or more under a tower shown on a pile top, "
        f"or pass; then you draw from pile {floors}."
    )


def _next_step(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "build":
        return "Your step: build, playing a card onto its tower, 1, 2 or 3 floors."
    if phase == "influence":
        floors = view["built"]["floors"]
        return f"Your step: place your {floors}-marker under a tower shown in the display, or pass."
    return "Your step: take one card from the display."


def _supply(supply: list[int]) -> str:
    """A seat's markers left to place, under the columns ``1s 2s 3s``."""
    return " ".join(f"{count:>2}" for count in supply)


def _others(hand: dict[str, Any]) -> str:
    known = ", ".join(hand["known"])
    return f"{hand['size']} cards" + (f", known: {known}" if known else "")
