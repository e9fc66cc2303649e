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
    sections,
    wrapped,
)
from tavola.games.campanile import scoring
from tavola.games.campanile.svg_picture import (
    BUTTON_H,
    GAP,
    LARGE,
    MARGIN,
    MUTED,
    SMALL,
    WIDTH,
    style_card,
    svg_text,
)
from tavola.games.campanile.svg_said import said_moves
from tavola.games.campanile.svg_seats import SeatRows
from tavola.games.campanile.svg_towers import TowerRow
from tavola.games.campanile.translations import _, listed_now, ngettext, style_name

TAKEABLE: Final = "#000000"  # the outline of a display card you may take
PHASE_HELP: Final = {
    "build": N_("Choose +1, +2 or +3 under a tower you hold a card of."),
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


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The picture of a Campanile view; ``actions`` (the viewer's legal notations) clickable."""
    picture = _Picture(view, actions)
    return picture.svg()


class _Picture(TowerRow, SeatRows):
    """One drawing: the status, the display or piles, the towers, the hand, the seats."""

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
            # 2009: a tie on points the highest chip broke is said (playtest 12 #5: 16 and
            # 16, and a winner, with no word why)
            broken = scoring.tie_break(view["chips"]) if "chips" in view else None
            why = (
                _(
                    "Tied on {points} points: the highest chip decides, {chip} against {other}."
                ).format(points=broken[0], chip=broken[1], other=broken[2])
                if broken
                else ""
            )
            if len(winners) == 1:
                if winners[0] == self.seat:
                    return _("Game over: You win"), why
                return _("Game over: {seat} wins").format(seat=self.seat_name(winners[0])), why
            together = _("{seats} share it.").format(
                seats=listed_now([self.name(s) for s in winners])
            )
            return _("Game over: shared victory"), " ".join(
                filter(None, (together[:1].upper() + together[1:], why))
            )
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
            help_ = _("Choose +n under a tower you hold a card of; then draw from pile n.")
        return _(YOUR_TURN.get(step, "Your turn: " + step)), help_

    # -- drawing -------------------------------------------------------------------------

    def svg(self) -> str:
        headline, detail = self.status()
        self.draw_status(headline, detail)
        if self.is_1996:
            self.draw_piles()
        else:
            self.draw_display()
        ends = [(len(self.parts), self.y)]  # the bands a wide screen may set side by side
        self.draw_towers()
        if not self.is_1996:  # under the place buttons, in the rows kept for build's
            self.draw_pass_and_others()
        self.y = max(self.y, self.button_room) + 4
        ends.append((len(self.parts), self.y))
        if self.is_1996:  # under three rows of bets: in a row of its own, kept for a seat
            self.draw_pass_and_others(keep=self.seat is not None)
        self.draw_hand()
        ends.append((len(self.parts), self.y))
        self.draw_seats()
        self.parts += said_moves(self.is_1996)  # the log's words for every move, unseen
        height = self.y + MARGIN
        ends.append((len(self.parts), height))
        starts = [(0, 0.0), *ends[:-1]]
        bands = [
            (top, end, self.parts[i:j]) for (i, top), (j, end) in zip(starts, ends, strict=True)
        ]
        background = f'<rect x="0" y="0" width="{WIDTH}" height="{height:g}" fill="{PAPER}"/>'
        missing = [a for a in self.actions if a not in self.drawn]
        assert not missing, missing  # every action has its element (fallback included)
        edition = "1996" if self.is_1996 else "2009"
        title = f"Campanile ({edition}): {headline}"
        return document(WIDTH, height, [background, *sections(WIDTH, bands)], title)

    def draw_status(self, headline: str, detail: str) -> None:
        """The headline and the detail, in as many lines as the longest of their turns
        takes: what follows keeps its place from one kind of turn to the next. Grouped
        ``data-status``: a page that ends the match's turns early (a lesson) says so there."""
        self.parts.append('<g data-status="">')
        y = self.paragraph(MARGIN + LARGE, headline, LARGE, bold=True)
        headlines, details = self.turn_texts()
        y = max(
            y, MARGIN + LARGE + round(LARGE * 1.25) * (self.lines(headlines, LARGE, bold=True) - 1)
        )
        y += 22
        if detail or details:
            top = y
            y = self.paragraph(y, detail, SMALL, fill=MUTED) if detail else y
            y = max(y, top + round(SMALL * 1.25) * (self.lines(details, SMALL) - 1))
            y += 10
        self.parts.append("</g>")
        self.y = y + 8

    def turn_texts(self) -> tuple[list[str], list[str]]:
        """The headlines and details of every turn of a game under way (its end keeps
        their room: the picture keeps its size)."""
        headlines = [_(words) for words in YOUR_TURN.values()]
        for seat in range(self.view["players"]):
            name = self.title_name(seat)
            headlines += [_(words).format(seat=name) for words in THEIR_TURN.values()]
        if self.seat is None:
            return headlines, []
        details = [_(words) for words in PHASE_HELP.values()]
        details.append(_("Place your {floors}-marker under a style on display, or pass."))
        details.append(_("Bet a marker worth {floors}+ under a pile-top style, or pass."))
        if self.is_1996:
            details.append(_("Choose +n under a tower you hold a card of; then draw from pile n."))
        return headlines, details

    def draw_display(self) -> None:
        """The display of three (take buttons when it is time to take) and the stack."""
        view = self.view
        y = self.y
        w, h = 84.0, 58.0
        self.parts.append(svg_text(MARGIN, y + SMALL, _("Display"), SMALL, bold=True, width=w))
        top = y + SMALL + 6
        x = float(MARGIN)
        for style in view["display"]:
            action = f"take {style}"
            card = style_card(x, top, w, h, style)
            if action in self.actions:
                self.drawn.add(action)
                words = _("Take the {card} card from the display").format(card=style_name(style))
                self.parts.append(
                    f"<g{clickable(action, words)}><title>{escape(words)}</title>{card}"
                    # black, along the card's edge: 3:1 or more on every card and the paper
                    f'<rect class="hit" x="{x + 1.5:g}" y="{top + 1.5:g}" width="{w - 3:g}" '
                    f'height="{h - 3:g}" rx="5" fill="none" stroke="{TAKEABLE}" '
                    f'stroke-width="2.5" stroke-dasharray="5 3"/></g>'
                )
            else:
                words = _("{card} card on display").format(card=style_name(style))
                self.parts.append(f"<g><title>{escape(words)}</title>{card}</g>")
            x += w + 8
        # the stack, face down, and the scoring to come (close to it: the scoring's longest
        # word, "valutazione:", fits its room at full size; playtest 15 #7, 11.6 px on a phone)
        x = MARGIN + 3 * (w + 8) + 6
        stack = view["stack"]
        self.parts.append(svg_text(x, y + SMALL, _("Stack"), SMALL, bold=True, width=70))
        words = ngettext(
            "The stack: {count} cards face down", "The stack: {count} cards face down", stack
        ).format(count=stack)
        self.parts.append(
            f"<g><title>{escape(words)}</title>"
            f'<rect x="{x + 4:g}" y="{top + 4:g}" width="62" height="{h:g}" rx="6" '
            f'fill="#4B4038"/>'
            f'<rect x="{x:g}" y="{top:g}" width="62" height="{h:g}" rx="6" fill="#6B5A4E" '
            f'stroke="{INK}" stroke-width="1.5"/>'
            + svg_text(
                x + 31, top + h / 2 + 7, stack, LARGE, anchor="middle", fill="#FFFFFF", bold=True
            )
            + "</g>"
        )
        x += 72
        scorings = {
            "over": ("Finito", _("scored")),
            # the match ended otherwise (a resignation, a timeout): no Finito was scored
            "ended": ("Intermezzo", _("scored"), _("ended before the Finito")),
            "unscored": (_("ended before any scoring"),),
            "next": ("Intermezzo", _("scored; next:"), "Finito"),
            "first": (_("Next scoring:"), "Intermezzo"),
        }
        if view["phase"] == "over":
            lines = scorings["over"]
        elif view["current_player"] is None:
            lines = scorings["ended" if view["intermezzo_scored"] else "unscored"]
        else:
            lines = scorings["next" if view["intermezzo_scored"] else "first"]
        room = WIDTH - MARGIN - x

        def rows_of(lines: tuple[str, ...]) -> list[str]:
            return [row for line in lines for row in wrapped(line, SMALL, room)]  # none smaller

        rows = rows_of(lines)
        for i, row in enumerate(rows):
            self.parts.append(svg_text(x, top + 16 + 19 * i, row, SMALL, fill=MUTED, width=room))
        # the most rows of the scorings' words in a game played to its end: the towers
        # keep their place from the first turn to the last (a resignation may move them)
        most = max(len(rows_of(scorings[key])) for key in ("over", "next", "first"))
        self.y = max(top + h, top + 21 + 19 * (most - 1)) + 12

    def draw_piles(self) -> None:
        """The three numbered piles (1996): top card face up, cards left."""
        heading = _("Piles: build n floors, then draw from pile n")
        top = self.paragraph(self.y + SMALL, heading, SMALL, bold=True) + 14
        w, h = 96.0, 58.0
        span = (WIDTH - 2 * MARGIN) / 3
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
            body = [f'<g class="pile"><title>{escape(words)}</title>']
            body.append(svg_text(x, top + 18, str(number), LARGE + 6, bold=True))
            cx = x + 26
            if style:
                for k in (2, 1):
                    if size > k:
                        body.append(
                            f'<rect x="{cx + 3 * k:g}" y="{top + 3 * k:g}" width="{w:g}" '
                            f'height="{h:g}" rx="6" fill="#6B5A4E" stroke="{INK}"/>'
                        )
                body.append(style_card(cx, top, w, h, style))
            else:
                body.append(
                    f'<rect x="{cx:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="6" '
                    f'fill="none" stroke="{MUTED}" stroke-dasharray="5 4"/>'
                    + svg_text(
                        cx + w / 2, top + h / 2 + 5, _("empty"), SMALL, anchor="middle", fill=MUTED
                    )
                )
            # the count in words under the card, on one line ("0 left" once it is empty)
            words_left = ngettext("{count} left", "{count} left", size).format(count=size)
            body.append(
                svg_text(
                    cx + w / 2,
                    top + h + 19,
                    words_left,
                    SMALL,
                    anchor="middle",
                    fill=MUTED,
                    width=w + 20,
                )
            )
            body.append("</g>")
            self.parts.append("".join(body))
        self.y = top + h + 26

    def draw_pass_and_others(self, keep: bool = False) -> None:
        """The pass button, and any action the picture has no place for, in a row under
        the towers' buttons; ``keep``: the row's room, with no button in it too."""
        rest = [a for a in self.actions if a not in self.drawn]
        y = self.y
        if not rest:
            self.y += BUTTON_H + GAP if keep else 0
            return
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
        self.y = y + BUTTON_H + GAP

    def draw_hand(self) -> None:
        """The viewer's own hand, face up (nobody else's)."""
        seat = self.seat
        if seat is None:
            return
        cards = self.view["hands"][seat]["cards"] or []
        y = self.y
        self.parts.append(self.separator(y))
        self.parts.append(svg_text(MARGIN, y + SMALL + 8, _("Your hand"), SMALL, bold=True))
        top = y + SMALL + 16
        x = float(MARGIN)
        if not cards:
            self.parts.append(svg_text(x, top + 20, _("no cards"), SMALL, fill=MUTED))
        for style in cards:
            words = _("{card} card in your hand").format(card=style_name(style))
            self.parts.append(
                f'<g class="hand-card"><title>{escape(words)}</title>'
                + style_card(x, top, 84, 58, style)
                + "</g>"
            )
            x += 92
        self.y = top + 58 + 10
