"""Campanile as an SVG picture: the row of towers, the markers, the cards, the seats.

``draw(view, actions)`` draws what one seat may know (either edition) for the browser
client: the five towers in their row (the display, or the 1996 piles, lies at the left
end, so equal heights rank the left tower first), each in its style's colour with its
floors stacked, its rank and the flag it would get at the next scoring, the marker
groups under each base in their order, the display and the stack (2009) or the three
numbered piles (1996), the viewer's hand and, for every seat, its points (and chips),
the markers it has left and what is known of its hand. Each legal action of the viewer
is one clickable element: ``+1 +2 +3`` under a tower builds, a button under a tower
places a marker (``influence``, ``bet``, ``move``), a display card is taken, a button
passes.

>>> import tavola
>>> state = tavola.load("campanile", players=2).new_game(seed=3)
>>> picture = draw(state.view(0), state.legal_notations())
>>> picture.startswith("<svg") and 'data-action="build blue 1"' in picture
True
>>> 'data-action="' in draw(state.view(1))  # nothing to click while waiting
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.i18n import N_
from tavola.core.svg import (
    INK,
    PAPER,
    clickable,
    document,
    escape,
    seat_colour,
    seat_letter,
    two_lines,
)
from tavola.games.campanile.components import FLAGS_1996, STYLES, flags_for
from tavola.games.campanile.translations import _, listed_now, ngettext, style_name

WIDTH: Final = 480
MARGIN: Final = 10
COLUMN: Final = (WIDTH - 2 * MARGIN) / len(STYLES)  # one tower's column
BUTTON_H: Final = 52  # about 44 px at phone width
GAP: Final = 6
SMALL: Final = 15  # the smallest text: about 12 px on a 390 px phone
NORMAL: Final = 17
LARGE: Final = 21
MUTED: Final = "#5A5A5A"
LINE: Final = "#D8D0BE"

# The rulebook colours of the five tower styles: fill, outline (and windows), text on it.
STYLE_COLOURS: Final = {
    "beige": ("#E6D3A3", "#8A7346", INK),
    "blue": ("#3D72B8", "#1D3C68", "#FFFFFF"),
    "brown": ("#8B5A2B", "#4A2E14", "#FFFFFF"),
    "yellow": ("#F3CB3F", "#8F6F0C", INK),
    "red": ("#C8372D", "#741A13", "#FFFFFF"),
}
PHASE_HELP: Final = {
    "build": N_("Tap +1, +2 or +3 under a tower you hold a card of."),
    "take": N_("Take one card from the display."),
}
# The headline of a step, the viewer's and another seat's ({seat}: "Seat B").
YOUR_TURN: Final = {
    "build": N_("Your turn: build"),
    "influence": N_("Your turn: influence"),
    "take": N_("Your turn: take"),
    "bet": N_("Your turn: bet"),
}
THEIR_TURN: Final = {
    "build": N_("{seat}'s turn: build"),
    "influence": N_("{seat}'s turn: influence"),
    "take": N_("{seat}'s turn: take"),
    "bet": N_("{seat}'s turn: bet"),
}
TO_PLAY: Final = {  # in a seat's row
    "build": N_(" · to play: build"),
    "influence": N_(" · to play: influence"),
    "take": N_(" · to play: take"),
    "bet": N_(" · to play: bet"),
}
FLOOR_MAX: Final = 14  # a floor's height when the towers are low
FLOORS_ROOM: Final = 210  # the room for the tallest tower's floors


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The picture of a Campanile view; ``actions`` (the viewer's legal notations) clickable."""
    picture = _Picture(view, actions)
    return picture.svg()


def _text(
    x: float,
    y: float,
    text: object,
    size: int = SMALL,
    *,
    anchor: str = "start",
    fill: str = INK,
    bold: bool = False,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
        f'fill="{fill}"{weight}>{escape(text)}</text>'
    )


def _ink_on(colour: str) -> str:
    """Black or white text, whichever reads better on ``colour`` (a #RRGGBB)."""
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#FFFFFF"


def _card(x: float, y: float, w: float, h: float, style: str, size: int = NORMAL) -> str:
    """A face-up tower card of ``style``, named in the current language."""
    fill, dark, text = STYLE_COLOURS.get(style, ("#CCCCCC", INK, INK))
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="6" fill="{fill}" '
        f'stroke="{dark}" stroke-width="2"/>'
        f'<rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" height="{h - 8:g}" rx="4" '
        f'fill="none" stroke="{text}" stroke-opacity="0.35"/>'
        + _text(
            x + w / 2,
            y + h / 2 + size * 0.35,
            style_name(style),
            size,
            anchor="middle",
            fill=text,
            bold=True,
        )
    )


class _Picture:
    """One drawing: the view, the viewer's actions, and the parts laid out top down."""

    def __init__(self, view: dict[str, Any], actions: Sequence[str]) -> None:
        self.view = view
        self.actions = list(dict.fromkeys(actions))
        self.drawn: set[str] = set()
        self.seat: int | None = view["seat"]
        self.is_1996 = "piles" in view
        self.towers: list[dict[str, Any]] = view["towers"]
        order = sorted(
            range(len(self.towers)),
            key=lambda i: (-self.towers[i]["height"], self.towers[i]["position"]),
        )
        self.rank = [order.index(i) for i in range(len(self.towers))]
        if self.is_1996:
            self.flags: Sequence[tuple[int, ...]] = FLAGS_1996
        else:
            kind = "finito" if view["intermezzo_scored"] else "intermezzo"
            self.flags = flags_for(kind, view["players"])
        self.parts: list[str] = []
        self.y = 0.0

    # -- words -------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return _("you") if seat == self.seat else self.seat_name(seat)

    def title_name(self, seat: int) -> str:
        return _("You") if seat == self.seat else self.seat_name(seat)

    @staticmethod
    def seat_name(seat: int) -> str:
        return _("Seat {letter}").format(letter=seat_letter(seat))

    def status(self) -> tuple[str, str]:
        """The headline (whose turn, which step) and a line of help or news."""
        view = self.view
        player = view["current_player"]
        built = view.get("built")
        news = (
            _("Built this turn: {tower} +{floors}.").format(
                tower=style_name(built["style"]), floors=built["floors"]
            )
            if built
            else ""
        )
        if player is None:
            winners = view["winners"]
            if not winners:
                return _("Game over"), news
            if len(winners) == 1:
                if winners[0] == self.seat:
                    return _("Game over: You win"), ""
                return _("Game over: {seat} wins").format(seat=self.seat_name(winners[0])), ""
            together = _("{seats} share it.").format(
                seats=listed_now([self.name(s) for s in winners])
            )
            return _("Game over: shared victory"), together[:1].upper() + together[1:]
        step = view["phase"]
        if player != self.seat:
            their = THEIR_TURN.get(step, "{seat}'s turn: " + step)
            return _(their).format(seat=self.title_name(player)), news
        if step == "influence":
            floors = built["floors"] if built else 0
            help_ = _("Place your {floors}-marker under a style on display, or pass.").format(
                floors=floors
            )
        elif step == "bet":
            floors = built["floors"] if built else 0
            help_ = _("Bet a marker worth {floors}+ under a pile-top style, or pass.").format(
                floors=floors
            )
        else:
            help_ = _(PHASE_HELP[step]) if step in PHASE_HELP else ""
        if step == "build" and self.is_1996:
            help_ = _("Tap +n under a tower you hold a card of; then draw from pile n.")
        return _(YOUR_TURN.get(step, "Your turn: " + step)), help_

    # -- drawing -------------------------------------------------------------------------

    def svg(self) -> str:
        headline, detail = self.status()
        self.draw_status(headline, detail)
        if self.is_1996:
            self.draw_piles()
        else:
            self.draw_display()
        self.draw_towers()
        self.draw_pass_and_others()
        self.draw_hand()
        self.draw_seats()
        height = self.y + MARGIN
        background = f'<rect x="0" y="0" width="{WIDTH}" height="{height:g}" fill="{PAPER}"/>'
        missing = [a for a in self.actions if a not in self.drawn]
        assert not missing, missing  # every action has its element (fallback included)
        edition = "1996" if self.is_1996 else "2009"
        title = f"Campanile ({edition}): {headline}"
        return document(WIDTH, height, [background, *self.parts], title)

    def button(
        self,
        action: str,
        label: str,
        words: str,
        x: float,
        y: float,
        w: float,
        h: float = BUTTON_H,
        fill: str = "#FFFFFF",
        stroke: str = INK,
        text_fill: str = INK,
        size: int = NORMAL,
    ) -> str:
        """A clickable button that plays ``action``; ``words`` is its label read aloud."""
        self.drawn.add(action)
        return (
            f"<g{clickable(action, words)}><title>{escape(words)}</title>"
            f'<rect class="hit" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="8" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
            + _text(
                x + w / 2,
                y + h / 2 + size * 0.35,
                label,
                size,
                anchor="middle",
                fill=text_fill,
                bold=True,
            )
            + "</g>"
        )

    def draw_status(self, headline: str, detail: str) -> None:
        y = MARGIN + LARGE
        self.parts.append(_text(MARGIN, y, headline, LARGE, bold=True))
        y += 22
        if detail:
            self.parts.append(_text(MARGIN, y, detail, SMALL, fill=MUTED))
            y += 10
        self.y = y + 8

    def draw_display(self) -> None:
        """The display of three (take buttons when it is time to take) and the stack."""
        view = self.view
        y = self.y
        self.parts.append(_text(MARGIN, y + SMALL, _("Display"), SMALL, bold=True))
        top = y + SMALL + 6
        w, h = 84.0, 58.0
        x = float(MARGIN)
        for style in view["display"]:
            action = f"take {style}"
            card = _card(x, top, w, h, style)
            if action in self.actions:
                self.drawn.add(action)
                words = _("Take the {card} card from the display").format(card=style_name(style))
                self.parts.append(
                    f"<g{clickable(action, words)}><title>{escape(words)}</title>{card}"
                    f'<rect class="hit" x="{x:g}" y="{top:g}" width="{w:g}" height="{h:g}" '
                    f'rx="6" fill="none" stroke="{INK}" stroke-width="1" '
                    f'stroke-dasharray="4 3"/></g>'
                )
            else:
                words = _("{card} card on display").format(card=style_name(style))
                self.parts.append(f"<g><title>{escape(words)}</title>{card}</g>")
            x += w + 8
        # the stack, face down, and the scoring to come
        x = MARGIN + 3 * (w + 8) + 12
        stack = view["stack"]
        self.parts.append(_text(x, y + SMALL, _("Stack"), SMALL, bold=True))
        words = ngettext(
            "The stack: {count} cards face down", "The stack: {count} cards face down", stack
        ).format(count=stack)
        self.parts.append(
            f"<g><title>{escape(words)}</title>"
            f'<rect x="{x + 4:g}" y="{top + 4:g}" width="62" height="{h:g}" rx="6" '
            f'fill="#4B4038"/>'
            f'<rect x="{x:g}" y="{top:g}" width="62" height="{h:g}" rx="6" fill="#6B5A4E" '
            f'stroke="{INK}" stroke-width="1.5"/>'
            + _text(
                x + 31, top + h / 2 + 7, stack, LARGE, anchor="middle", fill="#FFFFFF", bold=True
            )
            + "</g>"
        )
        x += 76
        lines: tuple[str, ...]
        if view["current_player"] is None:
            lines = ("Finito", _("scored"))
        elif view["intermezzo_scored"]:
            lines = ("Intermezzo", _("scored; next:"), "Finito")
        else:
            lines = (_("Next scoring:"), "Intermezzo")
        for i, line in enumerate(lines):
            self.parts.append(_text(x, top + 16 + 19 * i, line, SMALL, fill=MUTED))
        self.y = top + h + 12

    def draw_piles(self) -> None:
        """The three numbered piles (1996): top card face up, cards left."""
        y = self.y
        self.parts.append(
            _text(
                MARGIN,
                y + SMALL,
                _("Piles: build n floors, then draw from pile n"),
                SMALL,
                bold=True,
            )
        )
        top = y + SMALL + 8
        w, h = 96.0, 58.0
        span = (WIDTH - 2 * MARGIN) / 3
        left = _("left")
        for i, pile in enumerate(self.view["piles"]):
            x = MARGIN + span * i + 4
            size, style = pile["size"], pile["top"]
            number = pile["number"]
            if style:
                words = ngettext(
                    "Pile {number}: {count} cards, {card} on top",
                    "Pile {number}: {count} cards, {card} on top",
                    size,
                ).format(number=number, count=size, card=style_name(style))
            else:
                words = _("Pile {number}: {count} cards, empty").format(number=number, count=size)
            body = [f"<g><title>{escape(words)}</title>"]
            body.append(_text(x, top + 18, str(number), LARGE + 6, bold=True))
            cx = x + 26
            if style:
                for k in (2, 1):
                    if size > k:
                        body.append(
                            f'<rect x="{cx + 3 * k:g}" y="{top + 3 * k:g}" width="{w:g}" '
                            f'height="{h:g}" rx="6" fill="#6B5A4E" stroke="{INK}"/>'
                        )
                body.append(_card(cx, top, w, h, style))
            else:
                body.append(
                    f'<rect x="{cx:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="6" '
                    f'fill="none" stroke="{MUTED}" stroke-dasharray="5 4"/>'
                    + _text(
                        cx + w / 2, top + h / 2 + 5, _("empty"), SMALL, anchor="middle", fill=MUTED
                    )
                )
            if len(left) <= 4:  # the count, and the word under it, left of the card
                body.append(_text(x, top + 44, f"{size}", SMALL, fill=MUTED))
                body.append(_text(x, top + h + 4, left if size else "", SMALL, fill=MUTED))
            elif size:  # a longer word has no room there: under the card
                words_left = _("{count} left").format(count=size)
                body.append(
                    _text(cx + w / 2, top + h + 19, words_left, SMALL, anchor="middle", fill=MUTED)
                )
            body.append("</g>")
            self.parts.append("".join(body))
        self.y = top + h + 16 + (0 if len(left) <= 4 else 10)

    def draw_towers(self) -> None:
        """Rank and flag, the towers with their floors, the bases, markers, buttons."""
        view = self.view
        towers = self.towers
        if self.is_1996:
            caption = _("Rank (ties: the left one) and its flag at the final scoring")
        elif view["current_player"] is None:
            caption = _("Final rank and the Finito flags")
        elif view["intermezzo_scored"]:
            caption = _("Rank (ties: the left one) and its flag at the Finito")
        else:
            caption = _("Rank (ties: the left one) and its flag at the Intermezzo")
        y = self.y
        self.parts.append(_text(MARGIN, y + SMALL, caption, SMALL, fill=MUTED))
        flag_top = y + SMALL + 8
        tallest = max((t["height"] for t in towers), default=0)
        floor_h = min(FLOOR_MAX, FLOORS_ROOM / max(tallest, 1))
        floors_room = tallest * floor_h + 22 if tallest else 0.0  # the floors and a roof
        roof_top = flag_top + 34  # below the flags: the height label, then the roof
        base = roof_top + 26 + floors_room
        built = view.get("built")
        columns: list[list[str]] = []
        groups_bottom = base + 30
        for i, tower in enumerate(towers):
            x = MARGIN + COLUMN * i
            style = tower["style"]
            parts = [f'<g data-feature="tower-{escape(style)}">']
            parts.append(f"<title>{escape(self.tower_words(i))}</title>")
            parts.append(self.flag(x, flag_top, i))
            recent = built["floors"] if built and built["style"] == style else 0
            parts.append(self.tower(x, base, floor_h, tower, recent))
            parts.append("</g>")
            columns.append(parts)
            groups_bottom = max(groups_bottom, self.markers(x, base + 34, tower, columns[i]))
        for parts in columns:
            self.parts.append("".join(parts))
        # the buttons under the towers: build, influence, bet, move
        top = groups_bottom + 6
        lowest = top
        for i, tower in enumerate(towers):
            x = MARGIN + COLUMN * i + 3
            y = top
            for action, label, words in self.tower_buttons(tower["style"]):
                fill, dark, text = STYLE_COLOURS.get(tower["style"], ("#FFFFFF", INK, INK))
                self.parts.append(
                    self.button(
                        action,
                        label,
                        words,
                        x,
                        y,
                        COLUMN - 6,
                        fill=fill,
                        stroke=dark,
                        text_fill=text,
                        size=NORMAL if len(label) <= 6 else SMALL,
                    )
                )
                y += BUTTON_H + GAP
            lowest = max(lowest, y)
        self.y = lowest + 4

    def tower_words(self, i: int) -> str:
        tower = self.towers[i]
        flag = self.flags[self.rank[i]]
        flag_words = (
            _("flag {values}").format(values="/".join(map(str, flag))) if flag else _("no flag")
        )
        groups = "; ".join(
            _("{seat} {markers} (influence {influence})").format(
                seat=self.name(g["player"]),
                markers="+".join(map(str, g["markers"])),
                influence=sum(g["markers"]),
            )
            for g in tower["groups"]
        )
        return ngettext(
            "The {tower} tower: {height} floors, rank {rank}, {flag}; "
            "markers from the base: {groups}",
            "The {tower} tower: {height} floors, rank {rank}, {flag}; "
            "markers from the base: {groups}",
            tower["height"],
        ).format(
            tower=style_name(tower["style"]),
            height=tower["height"],
            rank=self.rank[i] + 1,
            flag=flag_words,
            groups=groups or _("none"),
        )

    def flag(self, x: float, top: float, i: int) -> str:
        """``#rank`` and a pennant with the flag's values."""
        rank = self.rank[i]
        flag = self.flags[rank]
        parts = [_text(x + 4, top + 20, f"#{rank + 1}", LARGE, bold=True)]
        pole = x + 33
        if flag:
            values = "/".join(map(str, flag))
            parts.append(
                f'<line x1="{pole:g}" y1="{top:g}" x2="{pole:g}" y2="{top + 30:g}" '
                f'stroke="{INK}" stroke-width="2"/>'
                f'<path d="M{pole:g} {top:g} h56 l-6 11 l6 11 h-56 z" fill="#FFFFFF" '
                f'stroke="{INK}" stroke-width="1.5"/>'
                + _text(pole + 26, top + 16.5, values, SMALL, anchor="middle")
            )
        else:
            lines = two_lines(_("no flag"), 8)  # two lines where the words are long
            for k, line in enumerate(lines):
                y = top + 17 + 16 * k - 8 * (len(lines) - 1)
                parts.append(_text(pole + 2, y, line, SMALL, fill=MUTED))
        return "".join(parts)

    def tower(
        self, x: float, base: float, floor_h: float, tower: dict[str, Any], recent: int
    ) -> str:
        """The floors on the base, a roof, the height above it, the style on the base."""
        style = tower["style"]
        fill, dark, text = STYLE_COLOURS.get(style, ("#CCCCCC", INK, INK))
        height: int = tower["height"]
        cx = x + COLUMN / 2
        half = 26
        parts = []
        for floor in range(height):
            fy = base - (floor + 1) * floor_h
            parts.append(
                f'<rect class="floor" x="{cx - half:g}" y="{fy:.1f}" width="{2 * half}" '
                f'height="{floor_h:.1f}" '
                f'fill="{fill}" stroke="{dark}" stroke-width="1"/>'
            )
            if floor_h >= 8:
                wh = floor_h * 0.5
                for wx in (cx - 13, cx + 7):
                    parts.append(
                        f'<rect x="{wx:g}" y="{fy + floor_h * 0.25:.1f}" width="6" '
                        f'height="{wh:.1f}" rx="2" fill="{dark}"/>'
                    )
        top = base - height * floor_h
        if recent:
            parts.append(
                f'<rect x="{cx - half - 3:g}" y="{top - 2:.1f}" width="{2 * half + 6}" '
                f'height="{recent * floor_h + 4:.1f}" fill="none" stroke="{INK}" '
                f'stroke-width="2.5" stroke-dasharray="5 3"/>'
                + _text(cx + half + 6, top + SMALL, f"+{recent}", SMALL, bold=True)
            )
        if height:
            parts.append(
                f'<path d="M{cx - half - 4:g} {top:.1f} L{cx:g} {top - 22:.1f} '
                f'L{cx + half + 4:g} {top:.1f} z" fill="{dark}" stroke="{dark}"/>'
            )
            label_y = top - 28
        else:
            label_y = base - 8
        parts.append(_text(cx, label_y, height, LARGE, anchor="middle", bold=True))
        parts.append(
            f'<rect x="{x + 3:g}" y="{base:.1f}" width="{COLUMN - 6:g}" height="26" rx="3" '
            f'fill="{fill}" stroke="{dark}" stroke-width="2"/>'
            + _text(cx, base + 18, style_name(style), SMALL, anchor="middle", fill=text, bold=True)
        )
        return "".join(parts)

    def markers(self, x: float, top: float, tower: dict[str, Any], parts: list[str]) -> float:
        """The marker groups under a base, from the base down; returns the bottom."""
        y = top
        if not tower["groups"]:
            lines = two_lines(_("no markers"), 10)  # a column holds about 10 letters
            for k, line in enumerate(lines):
                parts.insert(
                    -1,
                    _text(
                        x + COLUMN / 2, y + 16 + 16 * k, line, SMALL, anchor="middle", fill=MUTED
                    ),
                )
            return y + 24 + 16 * (len(lines) - 1)
        for group in tower["groups"]:
            seat = group["player"]
            values: list[int] = group["markers"]
            colour = seat_colour(seat)
            chunks = [values[k : k + 3] for k in range(0, len(values), 3)]
            lines = ["+".join(map(str, chunk)) for chunk in chunks]
            lines[1:] = ["+" + line for line in lines[1:]]
            block = 22 * len(lines)
            words = _("{seat}: markers {markers} (influence {influence})").format(
                seat=self.name(seat), markers=", ".join(map(str, values)), influence=sum(values)
            )
            group_parts = [
                f'<g data-seat="{seat}"><title>{escape(words)}</title>'
                f'<rect x="{x + 3:g}" y="{y:g}" width="{COLUMN - 6:g}" height="{block:g}" '
                f'rx="11" fill="#FFFFFF" stroke="{colour}" stroke-width="2.5"/>'
                f'<circle cx="{x + 14:g}" cy="{y + 11:g}" r="11" fill="{colour}"/>'
                + _text(
                    x + 14,
                    y + 16,
                    seat_letter(seat),
                    SMALL,
                    anchor="middle",
                    fill=_ink_on(colour),
                    bold=True,
                )
            ]
            for k, line in enumerate(lines):
                group_parts.append(_text(x + 30, y + 16 + 22 * k, line, SMALL, bold=True))
            group_parts.append("</g>")
            parts.insert(-1, "".join(group_parts))
            y += block + 4
        return y

    def tower_buttons(self, style: str) -> list[tuple[str, str, str]]:
        """The viewer's actions under one tower: ``(notation, label, words)``."""
        buttons: list[tuple[str, str, str]] = []
        built = self.view.get("built")
        name = style_name(style)
        for floors in (1, 2, 3):
            action = f"build {style} {floors}"
            if action in self.actions:
                words = ngettext(
                    "Build the {tower} tower {floors} floor higher",
                    "Build the {tower} tower {floors} floors higher",
                    floors,
                ).format(tower=name, floors=floors)
                buttons.append((action, f"+{floors}", words))
        action = f"influence {style}"
        if action in self.actions:
            value = built["floors"] if built else 0
            buttons.append(
                (
                    action,
                    _("place {value}").format(value=value) if value else _("place"),
                    _("Place your {value}-marker under the {tower} tower").format(
                        value=value, tower=name
                    ),
                )
            )
        for value in (1, 2, 3):
            action = f"bet {style} {value}"
            if action in self.actions:
                buttons.append(
                    (
                        action,
                        _("bet {value}").format(value=value),
                        _("Bet your {value}-marker under the {tower} tower").format(
                            value=value, tower=name
                        ),
                    )
                )
        for target in STYLES:
            action = f"move {style} {target}"
            if action in self.actions:
                buttons.append(
                    (
                        action,
                        f"2→{style_name(target)}",
                        _("Move your 2-marker from the {tower} tower to the {target} tower").format(
                            tower=name, target=style_name(target)
                        ),
                    )
                )
        return buttons

    def draw_pass_and_others(self) -> None:
        """The pass button, and any action the picture has no place for."""
        rest = [a for a in self.actions if a not in self.drawn]
        if not rest:
            return
        y = self.y
        x = float(MARGIN)
        for action in rest:
            if action == "pass":
                label = words = _("Pass: place no marker")
            else:
                label, words = action, action
            w = max(160.0, 9.5 * len(label) + 24)
            if x + w > WIDTH - MARGIN:
                x = MARGIN
                y += BUTTON_H + GAP
            self.parts.append(self.button(action, label, words, x, y, w))
            x += w + 8
        self.y = y + BUTTON_H + 10

    def draw_hand(self) -> None:
        """The viewer's own hand, face up (nobody else's)."""
        seat = self.seat
        if seat is None:
            return
        cards = self.view["hands"][seat]["cards"] or []
        y = self.y
        self.parts.append(self.separator(y))
        self.parts.append(_text(MARGIN, y + SMALL + 8, _("Your hand"), SMALL, bold=True))
        top = y + SMALL + 16
        x = float(MARGIN)
        if not cards:
            self.parts.append(_text(x, top + 20, _("no cards"), SMALL, fill=MUTED))
        for style in cards:
            words = _("{card} card in your hand").format(card=style_name(style))
            self.parts.append(
                f'<g class="hand-card"><title>{escape(words)}</title>'
                + _card(x, top, 84, 58, style)
                + "</g>"
            )
            x += 92
        self.y = top + 58 + 10

    def separator(self, y: float) -> str:
        return (
            f'<line x1="{MARGIN}" y1="{y:g}" x2="{WIDTH - MARGIN}" y2="{y:g}" '
            f'stroke="{LINE}" stroke-width="1.5"/>'
        )

    def draw_seats(self) -> None:
        """A row per seat: who, points (chips), markers left, what is known of the hand."""
        view = self.view
        y = self.y
        self.parts.append(self.separator(y))
        y += 8
        for seat in range(view["players"]):
            y = self.seat_row(seat, y) + 6
        self.y = y

    def seat_row(self, seat: int, y: float) -> float:
        view = self.view
        colour = seat_colour(seat)
        turn = seat == view["current_player"]
        winner = seat in view["winners"]
        hand = view["hands"][seat]
        chips: list[int] = [] if self.is_1996 else view["chips"][seat]
        height = 98.0 if chips else 76.0
        parts = [
            f'<g class="seat" data-seat="{seat}"><title>{escape(self.seat_words(seat))}</title>'
        ]
        parts.append(
            f'<rect x="{MARGIN:g}" y="{y:g}" width="{WIDTH - 2 * MARGIN:g}" height="{height:g}" '
            f'rx="8" fill="#FFFFFF" stroke="{colour if turn or winner else LINE}" '
            f'stroke-width="{3 if turn or winner else 1.5}"/>'
            f'<rect x="{MARGIN:g}" y="{y:g}" width="8" height="{height:g}" rx="3" '
            f'fill="{colour}"/>'
            f'<circle cx="{MARGIN + 28:g}" cy="{y + 20:g}" r="13" fill="{colour}"/>'
            + _text(
                MARGIN + 28,
                y + 26,
                seat_letter(seat),
                NORMAL,
                anchor="middle",
                fill=_ink_on(colour),
                bold=True,
            )
        )
        who = self.seat_name(seat) + (_(" (you)") if seat == self.seat else "")
        if turn:
            phase = view["phase"]
            who += _(TO_PLAY[phase]) if phase in TO_PLAY else " · to play: " + phase
        if winner:
            who += _(" · winner")
        parts.append(_text(MARGIN + 48, y + 26, who, NORMAL, bold=True))
        points = view["scores"][seat]
        parts.append(
            _text(
                WIDTH - MARGIN - 10,
                y + 26,
                ngettext("{count} point", "{count} points", points).format(count=points),
                NORMAL,
                anchor="end",
                bold=True,
            )
        )
        parts.append(self.supply_line(seat, MARGIN + 18, y + 48))
        size = hand["size"]
        if hand["cards"] is not None:
            cards_line = ngettext(
                "hand: {count} card (shown above)", "hand: {count} cards (shown above)", size
            ).format(count=size)
        elif hand["known"]:
            cards_line = ngettext(
                "hand: {count} card, known:", "hand: {count} cards, known:", size
            ).format(count=size)
        else:
            cards_line = ngettext("hand: {count} card", "hand: {count} cards", size).format(
                count=size
            )
        parts.append(_text(MARGIN + 18, y + 68, cards_line, SMALL, fill=MUTED))
        if hand["cards"] is None:
            x = MARGIN + 18 + 7.3 * len(cards_line) + 8
            for style in hand["known"]:
                fill, dark, text = STYLE_COLOURS.get(style, ("#CCCCCC", INK, INK))
                parts.append(
                    f'<rect x="{x:g}" y="{y + 53:g}" width="58" height="20" rx="4" '
                    f'fill="{fill}" stroke="{dark}"/>'
                    + _text(x + 29, y + 68, style_name(style), SMALL, anchor="middle", fill=text)
                )
                x += 62
        if chips:  # 2009: the chips won so far, biggest first
            label = _("chips:")
            parts.append(_text(MARGIN + 18, y + 90, label, SMALL, fill=MUTED))
            parts.append('<g class="chips">')
            x = MARGIN + max(80.0, round(34 + 7.3 * len(label)))  # 80 in English
            for value in sorted(chips, reverse=True):
                parts.append(
                    f'<circle cx="{x:g}" cy="{y + 85:g}" r="11" fill="#F5E6B8" '
                    f'stroke="#8A7346" stroke-width="1.5"/>'
                    + _text(x, y + 90, value, SMALL, anchor="middle", bold=True)
                )
                x += 26
            parts.append("</g>")
        parts.append("</g>")
        self.parts.append("".join(parts))
        return y + height

    def supply_line(self, seat: int, x: float, y: float) -> str:
        """The markers a seat has left: a token of each value in its colour, and how many."""
        colour = seat_colour(seat)
        ink = _ink_on(colour)
        label = _("markers left:")
        parts = [f'<g class="supply">{_text(x, y, label, SMALL)}']
        x += max(108, round(7.3 * len(label) + 13))  # 108 in English
        for value, count in enumerate(self.view["supply"][seat], start=1):
            parts.append(
                f'<rect x="{x:g}" y="{y - 15:g}" width="20" height="20" rx="4" '
                f'fill="{colour if count else "#FFFFFF"}" stroke="{colour}" stroke-width="2"/>'
                + _text(
                    x + 10,
                    y,
                    value,
                    SMALL,
                    anchor="middle",
                    fill=ink if count else MUTED,
                    bold=True,
                )
                + _text(
                    x + 21,
                    y,
                    _("s: {count}").format(count=count),
                    SMALL,
                    fill=INK if count else MUTED,
                )
            )
            x += 72
        parts.append("</g>")
        return "".join(parts)

    def seat_words(self, seat: int) -> str:
        view = self.view
        hand = view["hands"][seat]
        supply = view["supply"][seat]
        points = view["scores"][seat]
        words = [
            _("{name} (seat {letter})").format(
                name=self.title_name(seat), letter=seat_letter(seat)
            ),
            ngettext("{count} points", "{count} points", points).format(count=points),
        ]
        if not self.is_1996 and view["chips"][seat]:
            words.append(_("chips {chips}").format(chips=", ".join(map(str, view["chips"][seat]))))
        words.append(
            _("markers left: {ones} of value 1, {twos} of value 2, {threes} of value 3").format(
                ones=supply[0], twos=supply[1], threes=supply[2]
            )
        )
        if hand["cards"] is not None:
            cards = ", ".join(map(style_name, hand["cards"])) or _("empty")
            words.append(_("hand: {cards}").format(cards=cards))
        else:
            size = ngettext("{count} cards in hand", "{count} cards in hand", hand["size"])
            words.append(size.format(count=hand["size"]))
            if hand["known"]:
                known = ", ".join(map(style_name, hand["known"]))
                words[-1] += _(", known: {cards}").format(cards=known)
        return "; ".join(words)
