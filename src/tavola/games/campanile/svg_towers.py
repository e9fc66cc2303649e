"""The row of towers in Campanile's picture: each tower's rank and flag, its floors, its
base with the marker groups in their order, and the buttons that build or place a marker."""

from __future__ import annotations

from typing import Any

from tavola.core.svg import (
    BOLD_GLYPH_EM,
    INK,
    escape,
    ink_on,
    seat_colour,
    seat_letter,
    wrapped,
)
from tavola.games.campanile.components import STYLES
from tavola.games.campanile.svg_picture import (
    BUTTON_H,
    COLUMN,
    FLOOR_MAX,
    FLOORS_ROOM,
    GAP,
    LARGE,
    MARGIN,
    MUTED,
    NORMAL,
    SMALL,
    STYLE_COLOURS,
    Picture,
    svg_text,
)
from tavola.games.campanile.translations import _, ngettext, style_name


class TowerRow(Picture):
    """The towers, drawn into a ``Picture``."""

    def draw_towers(self) -> None:
        """Rank and flag, the towers with their floors, the bases, markers, buttons."""
        view = self.view
        towers = self.towers
        # the room of the largest state the game reaches, from its first turn to its end:
        # the caption's most lines, the tallest towers, a group of markers per seat under
        # every tower, three rows of buttons (playtest 12 #1: at 1366x800 the box was 567
        # px high at the start and over 800 late, the markers under the window)
        if self.is_1996:
            captions = [_("Rank (ties: the left one) and its flag at the final scoring")]
        else:
            captions = [
                _("Rank (ties: the left one) and its flag at the Intermezzo"),
                _("Rank (ties: the left one) and its flag at the Finito"),
                _("Final rank and the Finito flags"),
            ]
        if self.is_1996 or not view["intermezzo_scored"]:
            caption = captions[0]
        elif view["phase"] == "over":  # not after a resignation: nothing was scored then
            caption = captions[2]
        else:
            caption = captions[1]
        top = self.y
        flag_top = self.paragraph(top + SMALL, caption, SMALL, fill=MUTED) + 8
        flag_top = max(flag_top, top + SMALL + 8 + round(SMALL * 1.25) * (self.lines(captions) - 1))
        tallest = max((t["height"] for t in towers), default=0)
        floor_h = min(FLOOR_MAX, FLOORS_ROOM / max(tallest, 1))
        roof_top = flag_top + 34  # below the flags: the height label, then the roof
        base = roof_top + 26 + FLOORS_ROOM + 22  # the floors and a roof, on a fixed ground
        built = view.get("built")
        columns: list[list[str]] = []
        groups_bottom = base + 34 + 26 * view["players"]
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
        self.y = lowest  # 2009's pass button follows (svg.py), in the room kept here
        if self.seat is not None:
            # a seat's room for three rows of buttons, on every turn and at the end: build's
            # (2009's place and pass take two: playtest 15 #2, a pass button drawn under the
            # kept rows made a phone's box 964 px, then 1017). The picture keeps its place
            # and size from a build turn to a take turn (and another seat's, and the end)
            self.button_room = top + 3 * (BUTTON_H + GAP)

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
        parts = [svg_text(x + 2, top + 20, f"#{rank + 1}", NORMAL + 1, bold=True)]
        pole = x + 33
        # no flag: an empty dashed pennant with a dash (the words are in the tower's title)
        values = "/".join(map(str, flag)) if flag else "\N{EN DASH}"
        edge = f'stroke="{INK}"' if flag else f'stroke="{MUTED}" stroke-dasharray="3 2"'
        parts.append(
            f'<line x1="{pole:g}" y1="{top:g}" x2="{pole:g}" y2="{top + 30:g}" '
            f'stroke="{INK if flag else MUTED}" stroke-width="2"/>'
            f'<path d="M{pole:g} {top:g} h56 l-6 11 l6 11 h-56 z" '
            f'fill="{"#FFFFFF" if flag else "none"}" {edge} stroke-width="1.5"/>'
            + svg_text(
                pole + 26, top + 16.5, values, SMALL, anchor="middle", fill=INK if flag else MUTED
            )
        )
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
            if floor_h >= 5:  # windows down to 5 units a floor (28 floors)
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
            )
        if height:
            parts.append(
                f'<path d="M{cx - half - 4:g} {top:.1f} L{cx:g} {top - 22:.1f} '
                f'L{cx + half + 4:g} {top:.1f} z" fill="{dark}" stroke="{dark}"/>'
            )
            label_y = top - 28
        else:
            label_y = base - 8
        parts.append(svg_text(cx, label_y, height, LARGE, anchor="middle", bold=True))
        if recent:  # beside the height, inside the column (playtest 11 #6: right of the new
            # floors it ran past the column, 1-2 px from the next tower's plate)
            shift = BOLD_GLYPH_EM * LARGE * len(str(height)) / 2 + 4
            parts.append(svg_text(cx + shift, label_y, f"+{recent}", SMALL, bold=True))
        parts.append(
            f'<rect x="{x + 3:g}" y="{base:.1f}" width="{COLUMN - 6:g}" height="26" rx="3" '
            f'fill="{fill}" stroke="{dark}" stroke-width="2"/>'
            + svg_text(
                cx,
                base + 18,
                style_name(style),
                SMALL,
                anchor="middle",
                fill=text,
                bold=True,
                width=COLUMN - 12,
            )
        )
        return "".join(parts)

    def markers(self, x: float, top: float, tower: dict[str, Any], parts: list[str]) -> float:
        """The marker groups under a base, from the base down; returns the bottom."""
        y = top
        if not tower["groups"]:
            lines = wrapped(_("no markers"), SMALL, COLUMN - 8)  # short words per line
            for k, line in enumerate(lines):
                parts.insert(
                    -1,
                    svg_text(
                        x + COLUMN / 2,
                        y + 16 + 18 * k,
                        line,
                        SMALL,
                        anchor="middle",
                        fill=MUTED,
                        width=COLUMN - 8,
                    ),
                )
            return y + 24 + 18 * (len(lines) - 1)
        for group in tower["groups"]:
            seat = group["player"]
            values: list[int] = group["markers"]
            colour = seat_colour(seat)
            # one line: the values while they fit beside the badge, else their sum, a plain
            # number (the values are in the title)
            shown = "+".join(map(str, values))
            if BOLD_GLYPH_EM * SMALL * len(shown) > COLUMN - 41:
                shown = str(sum(values))
            block = 22
            words = _("{seat}: markers {markers} (influence {influence})").format(
                seat=self.name(seat), markers=", ".join(map(str, values)), influence=sum(values)
            )
            group_parts = [
                f'<g data-seat="{seat}"><title>{escape(words)}</title>'
                f'<rect x="{x + 3:g}" y="{y:g}" width="{COLUMN - 6:g}" height="{block:g}" '
                f'rx="11" fill="#FFFFFF" stroke="{colour}" stroke-width="2.5"/>'
                f'<circle cx="{x + 14:g}" cy="{y + 11:g}" r="11" fill="{colour}"/>'
                + svg_text(
                    x + 14,
                    y + 16,
                    seat_letter(seat),
                    SMALL,
                    anchor="middle",
                    fill=ink_on(colour),
                    bold=True,
                )
            ]
            group_parts.append(svg_text(x + 30, y + 16, shown, SMALL, bold=True))
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
