"""The seats in Campanile's picture: a row per seat with its points (and chips), the
markers it has left and what is known of its hand."""

from __future__ import annotations

from tavola.core.svg import (
    BOLD_GLYPH_EM,
    GLYPH_EM,
    INK,
    escape,
    ink_on,
    seat_colour,
    seat_letter,
    wrapped,
)
from tavola.games.campanile.svg_picture import (
    LINE,
    MARGIN,
    MUTED,
    NORMAL,
    SMALL,
    STYLE_COLOURS,
    TO_PLAY,
    WIDTH,
    Picture,
    svg_text,
)
from tavola.games.campanile.translations import _, ngettext, style_name


class SeatRows(Picture):
    """The seats' rows, drawn into a ``Picture``."""

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
        who = self.seat_name(seat) + (_(" (you)") if seat == self.seat else "")
        unturned = who + (_(" · winner") if winner else "")
        if turn:
            phase = view["phase"]
            who += _(TO_PLAY[phase]) if phase in TO_PLAY else " · to play: " + phase
        if winner:
            who += _(" · winner")
        points = view["scores"][seat]
        scored = ngettext("{count} point", "{count} points", points).format(count=points)
        most = max(points, 99)  # the room two digits of points leave, from the start
        widest = ngettext("{count} point", "{count} points", most).format(count=most)
        room = WIDTH - 2 * MARGIN - 58 - 16 - BOLD_GLYPH_EM * NORMAL * len(widest)
        # a long line (a name, a language) goes on at full size on a second line
        named = wrapped(who, NORMAL, room, bold=True)
        top = y
        # the row keeps the room of its largest state all game, its name's most lines (with
        # its turn's words, or the winner's) and a line of chips (2009, none yet): the
        # picture keeps its height on a phone (playtest 15 #2: 53 px more after the
        # Intermezzo), where the seats lie under the rest
        phases = ("build", "bet") if self.is_1996 else ("build", "influence", "take")
        base = self.seat_name(seat) + (_(" (you)") if seat == self.seat else "")
        variants = [base + _(" · winner"), *(base + _(TO_PLAY[phase]) for phase in phases)]
        lines = max(len(named), *(len(wrapped(v, NORMAL, room, bold=True)) for v in variants))
        y += 21 * (lines - 1)  # the rest of the row lies under the name's most lines
        height = (76.0 if self.is_1996 else 98.0) + y - top
        parts = [
            f'<g class="seat" data-seat="{seat}"><title>{escape(self.seat_words(seat))}</title>'
        ]
        parts.append(
            f'<rect x="{MARGIN:g}" y="{top:g}" width="{WIDTH - 2 * MARGIN:g}" '
            f'height="{height:g}" rx="8" fill="#FFFFFF" '
            f'stroke="{colour if turn or winner else LINE}" '
            f'stroke-width="{3 if turn or winner else 1.5}"/>'
            f'<rect x="{MARGIN:g}" y="{top:g}" width="8" height="{height:g}" rx="3" '
            f'fill="{colour}"/>'
            f'<circle cx="{MARGIN + 28:g}" cy="{top + 20:g}" r="13" fill="{colour}"/>'
            + svg_text(
                MARGIN + 28,
                top + 26,
                seat_letter(seat),
                NORMAL,
                anchor="middle",
                fill=ink_on(colour),
                bold=True,
            )
        )
        # a lesson's end leaves nobody to play: its page puts the lines without the turn
        after = wrapped(unturned, NORMAL, room, bold=True) if turn else []
        for row, line in enumerate(named):
            said = (after[row] if row < len(after) else "") if turn else None
            parts.append(
                svg_text(MARGIN + 48, top + 26 + 21 * row, line, NORMAL, bold=True, unturned=said)
            )
        parts.append(
            svg_text(WIDTH - MARGIN - 10, top + 26, scored, NORMAL, anchor="end", bold=True)
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
        parts.append(svg_text(MARGIN + 18, y + 68, cards_line, SMALL, fill=MUTED))
        if hand["cards"] is None:
            x = MARGIN + 18 + GLYPH_EM * SMALL * len(cards_line) + 8
            for style in hand["known"]:
                fill, dark, text = STYLE_COLOURS.get(style, ("#CCCCCC", INK, INK))
                name = style_name(style)
                chip = max(58.0, GLYPH_EM * SMALL * len(name) + 6)  # its name at full size
                parts.append(
                    f'<rect x="{x:g}" y="{y + 53:g}" width="{chip:g}" height="20" rx="4" '
                    f'fill="{fill}" stroke="{dark}"/>'
                    + svg_text(x + chip / 2, y + 68, name, SMALL, anchor="middle", fill=text)
                )
                x += chip + 4
        if chips:  # 2009: the chips won so far, biggest first
            label = _("chips:")
            parts.append(svg_text(MARGIN + 18, y + 90, label, SMALL, fill=MUTED))
            parts.append('<g class="chips">')
            x = MARGIN + max(80.0, round(34 + 7.3 * len(label)))  # 80 in English
            for value in sorted(chips, reverse=True):
                parts.append(
                    f'<circle cx="{x:g}" cy="{y + 85:g}" r="11" fill="#F5E6B8" '
                    f'stroke="#8A7346" stroke-width="1.5"/>'
                    + svg_text(x, y + 90, value, SMALL, anchor="middle", bold=True)
                )
                x += 26
            parts.append("</g>")
        parts.append("</g>")
        self.parts.append("".join(parts))
        return top + height

    def supply_line(self, seat: int, x: float, y: float) -> str:
        """The markers a seat has left: a token of each value in its colour, and how many."""
        colour = seat_colour(seat)
        ink = ink_on(colour)
        label = _("markers left:")
        parts = [f'<g class="supply">{svg_text(x, y, label, SMALL)}']
        x += max(108, round(7.3 * len(label) + 13))  # 108 in English
        for value, count in enumerate(self.view["supply"][seat], start=1):
            # "5 of [1]": how many, then a token of the value ("[1]s: 5" read as a code)
            words = _("{count} of").format(count=count)
            parts.append(svg_text(x, y, words, SMALL, fill=INK if count else MUTED))
            x += round(7.3 * len(words)) + 6
            parts.append(
                f'<rect x="{x:g}" y="{y - 15:g}" width="20" height="20" rx="4" '
                f'fill="{colour if count else "#FFFFFF"}" stroke="{colour}" stroke-width="2"/>'
                + svg_text(
                    x + 10,
                    y,
                    value,
                    SMALL,
                    anchor="middle",
                    fill=ink if count else MUTED,
                    bold=True,
                )
            )
            x += 36
        parts.append("</g>")
        return "".join(parts)

    def seat_words(self, seat: int) -> str:
        view = self.view
        hand = view["hands"][seat]
        supply = view["supply"][seat]
        points = view["scores"][seat]
        words = [
            self.title_name(seat),  # its name, as the page says it (the letter is a badge)
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
