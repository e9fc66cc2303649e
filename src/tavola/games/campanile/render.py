"""A plain-text picture of a Campanile view (either edition) that fits 80 columns.

It is drawn when shown, in the language of the moment: the words of its headings are
translated at once and the columns widen to fit them (in English they are as they
always were). The notation in the help (``build STYLE FLOORS``) stays as it is typed.
"""

from __future__ import annotations

from typing import Any

from tavola.core.i18n import N_, Joined
from tavola.games.campanile.components import FLAGS_1996
from tavola.games.campanile.translations import _, lazy, ngettext, style_name

BAR_WIDTH = 24
SUPPLY_HEADER = N_("1s 2s 3s")  # the markers each seat has left, by value

INPUT_PICTURE = lazy("""\
Campanile: the picture, from the top:
  the towers in their row, each with its rank, height and the markers under it
  from the base, one group per player (P1:2+1 is P1's group of a 2 and a 1);
  the display (2009) or the three piles' top cards (1996);
  a line per seat: its hand (another seat's: the size and the known cards), then
  1s 2s 3s: how many influence markers of value 1, 2 and 3 the seat still has
  to place (5, 3 and 1 at the start), then its points (and 2009 chips).""")
# What a person types, in each edition's notation (a game's help shows its own edition's).
INPUT_ACTIONS = {
    "2009": lazy(
        "Actions: build STYLE FLOORS, influence STYLE or pass, take STYLE;\n"
        "the first letters do (b blu 2)."
    ),
    "1996": lazy(
        "Actions: build STYLE FLOORS, bet STYLE VALUE or pass;\nthe first letters do (b blu 2)."
    ),
}
INPUT_ACTIONS_BOTH = lazy(
    "Actions: build STYLE FLOORS, influence STYLE (2009) or bet STYLE VALUE (1996),\n"
    "pass, take STYLE (2009); the first letters do (b blu 2)."
)


def input_help(edition: str | None) -> Joined:
    """The terminal's help on the picture and on typing actions: those of ``edition``,
    or of both editions (``None``)."""
    actions = INPUT_ACTIONS_BOTH if edition is None else INPUT_ACTIONS[edition]
    return Joined("\n", [INPUT_PICTURE, actions])


RULES_SUMMARY = lazy("""\
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
group). Most points wins; a tie is a shared victory.""")


def render(view: dict[str, Any]) -> str:
    """The towers in their row (rank, height, markers from the base), display, seats."""
    if "piles" in view:
        return render_1996(view)
    seat = view["seat"]
    names = _names(view)
    towers = view["towers"]
    ranking = sorted(range(len(towers)), key=lambda i: (-towers[i]["height"], i))
    scale = min(1.0, BAR_WIDTH / max(max(t["height"] for t in towers), 1))
    stack = view["stack"]
    if view["intermezzo_scored"]:
        line = ngettext(
            "Stack: {count} card, Intermezzo scored. The display is left of the row.",
            "Stack: {count} cards, Intermezzo scored. The display is left of the row.",
            stack,
        )
    else:
        line = ngettext(
            "Stack: {count} card, Intermezzo to come. The display is left of the row.",
            "Stack: {count} cards, Intermezzo to come. The display is left of the row.",
            stack,
        )
    columns = _Columns(towers)
    lines = [line.format(count=stack), columns.header()]
    for index, tower in enumerate(towers):
        bar = "#" * round(tower["height"] * scale)
        lines.append(columns.row(ranking.index(index), None, tower, bar, _groups(tower, names)))
    built = view["built"]
    display = _("Display: {cards}").format(cards=", ".join(map(style_name, view["display"])))
    if built:
        display += _("   (built this turn: {tower} +{floors})").format(
            tower=style_name(built["style"]), floors=built["floors"]
        )
    lines.append(display)
    seats = _Seats(view, names, chips=True)
    lines += seats.header()
    for s, hand in enumerate(view["hands"]):
        chips = view["chips"][s]
        lines.append(seats.row(s, hand, sum(chips), "+".join(map(str, chips)) or "-"))
    if seat is not None and seat == view["current_player"]:
        lines.append(_next_step(view))
    return "\n".join(lines)


def render_1996(view: dict[str, Any]) -> str:
    """The piles (number, top card, size), the towers with the flag of their rank, seats."""
    seat = view["seat"]
    names = _names(view)
    towers = view["towers"]
    ranking = sorted(range(len(towers)), key=lambda i: (-towers[i]["height"], i))
    scale = min(1.0, BAR_WIDTH / max(max(t["height"] for t in towers), 1))
    piles = "   ".join(
        ngettext(
            "{number}: {card} ({count} left)", "{number}: {card} ({count} left)", pile["size"]
        ).format(
            number=pile["number"],
            card=style_name(pile["top"]) if pile["top"] else "-",
            count=pile["size"],
        )
        for pile in view["piles"]
    )
    columns = _Columns(towers, flags=True)
    lines = [
        _("Piles {piles}").format(piles=piles),
        _("  (left of the row) build n floors: draw from pile n; a pile empty: the end"),
        columns.header(),
    ]
    for index, tower in enumerate(towers):
        rank = ranking.index(index)
        flag = "/".join(map(str, FLAGS_1996[rank])) or "-"
        bar = "#" * round(tower["height"] * scale)
        lines.append(columns.row(rank, flag, tower, bar, _groups(tower, names)))
    built = view["built"]
    if built:
        lines.append(
            _("Built this turn: {tower} +{floors}").format(
                tower=style_name(built["style"]), floors=built["floors"]
            )
        )
    seats = _Seats(view, names, chips=False)
    lines += seats.header()
    for s, hand in enumerate(view["hands"]):
        lines.append(seats.row(s, hand, view["scores"][s], None))
    if seat is not None and seat == view["current_player"]:
        lines.append(_next_step_1996(view))
    return "\n".join(lines)


def _names(view: dict[str, Any]) -> list[str]:
    seat = view["seat"]
    return [(_("you") if s == seat else f"P{s}") for s in range(view["players"])]


def _groups(tower: dict[str, Any], names: list[str]) -> str:
    """The marker groups under a tower from the base: ``P1:2+1  you:3``."""
    groups = "  ".join(
        f"{names[g['player']]}:" + "+".join(map(str, g["markers"])) for g in tower["groups"]
    )
    return groups or "-"


class _Columns:
    """The towers' table: the words of the current language, each column as wide as its
    heading needs (in English: rank 4, flag 4, tower 7, height 6)."""

    def __init__(self, towers: list[dict[str, Any]], flags: bool = False) -> None:
        self.rank, self.flag = _("rank"), _("flag") if flags else None
        self.tower, self.height = _("tower"), _("height")
        self.rank_w = max(4, len(self.rank))
        self.flag_w = max(4, len(self.flag or ""))
        longest = max((len(style_name(t["style"])) for t in towers), default=0)
        self.tower_w = max(7, len(self.tower) + 2, longest + 1)
        self.height_w = max(6, len(self.height))

    def header(self) -> str:
        flag = f"{self.flag:<{self.flag_w}} " if self.flag is not None else ""
        return (
            f"  {self.rank:<{self.rank_w}} {flag}{self.tower:<{self.tower_w}}"
            f"{self.height:>{self.height_w}} {'':<{BAR_WIDTH}} " + _("markers from the base")
        )

    def row(self, rank: int, flag: str | None, tower: dict[str, Any], bar: str, groups: str) -> str:
        # as it always was: the rank's cell has no space after it when a flag follows
        cells = f"#{rank + 1}"
        if flag is None:
            cells = f"{cells:<{self.rank_w}} "
        else:
            cells = f"{cells:<{self.rank_w}}{flag:<{self.flag_w}} "
        return (
            f"  {cells}{style_name(tower['style']):<{self.tower_w}}"
            f"{tower['height']:>{self.height_w - 1}} {bar:<{BAR_WIDTH}} {groups}"
        )


class _Seats:
    """The seats' table: who, the hand, the markers left by value, the points (chips)."""

    def __init__(self, view: dict[str, Any], names: list[str], chips: bool) -> None:
        self.view = view
        self.names = names
        self.chips = chips
        self.seat_w = max(5, len(_("seat")), *(len(name) + 1 for name in names))
        self.values = _(SUPPLY_HEADER).split() or SUPPLY_HEADER.split()
        self.points_w = max(6, len(_("points")))

    def header(self) -> list[str]:
        supply = " ".join(self.values)
        title = _("markers left")
        # the title about centred over the values (from column 41 in English, as always)
        start = self.seat_w + 38 + len(supply) // 2 - (len(title) + 1) // 2
        seat, hand, points = _("seat"), _("hand"), _("points")
        head = f"{seat:<{self.seat_w}} {hand:<37} {supply} {points:>{self.points_w}}"
        if self.chips:
            head += "  " + _("chips")
        return [" " * max(start, 0) + title, head]

    def row(self, seat: int, hand: dict[str, Any], points: int, chips: str | None) -> str:
        view = self.view
        cards = (
            ", ".join(map(style_name, hand["cards"]))
            if hand["cards"] is not None
            else _others(hand)
        )
        turn = ">" if seat == view["current_player"] else " "
        supply = " ".join(
            f"{count:>{len(value)}}"
            for count, value in zip(view["supply"][seat], self.values, strict=False)
        )
        line = (
            f"{turn}{self.names[seat]:<{self.seat_w - 1}} {cards:<37} {supply} "
            f"{points:>{self.points_w}}"
        )
        return line + f"  {chips}" if chips is not None else line


def _next_step_1996(view: dict[str, Any]) -> str:
    if view["phase"] == "build":
        return _("Your step: build, playing a card onto its tower, 1, 2 or 3 floors.")
    floors = view["built"]["floors"]
    return _(
        "Your step: bet a marker worth {floors} or more under a tower shown on a pile top, "
        "or pass; then you draw from pile {floors}."
    ).format(floors=floors)


def _next_step(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if phase == "build":
        return _("Your step: build, playing a card onto its tower, 1, 2 or 3 floors.")
    if phase == "influence":
        floors = view["built"]["floors"]
        return _(
            "Your step: place your {floors}-marker under a tower shown in the display, or pass."
        ).format(floors=floors)
    return _("Your step: take one card from the display.")


def _others(hand: dict[str, Any]) -> str:
    """Another seat's hand: its size and the cards everybody saw it take."""
    size = ngettext("{count} card", "{count} cards", hand["size"]).format(count=hand["size"])
    if not hand["known"]:
        return size
    known = ", ".join(map(style_name, hand["known"]))
    return _("{cards}, known: {known}").format(cards=size, known=known)
