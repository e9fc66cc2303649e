"""A ClockTowers view drawn as SVG: the table as a player sees it.

From the top: whose turn and the step in words, the scores, the three decks with their
visible top cards and sizes beside the discards, then each seat's area (the others first,
yours last, as across a table): its roof needs (the floors its next tower of each roof
colour must have), what is known of its hand, and its towers, built from the base up of
1- and 2-floor cards (a cat or a mouse where the card shows one), a clock face and, once
complete, a coloured roof with its points. Under your towers lies your hand; each card
carries one button per thing you may do with it ("new tower", "on #2", "discard"), and in
the draw step the decks themselves are the buttons.

>>> from tavola.games.clocktowers.game import ClockTowers
>>> state = ClockTowers(players=2).new_game(seed=3)
>>> picture = draw(state.view(0), state.legal_notations())
>>> picture.startswith("<svg") and 'data-action="play 1cat new"' in picture
True
>>> 'data-action="' in draw(state.view(1))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.i18n import listed
from tavola.core.svg import (
    BOLD_GLYPH_EM,
    GLYPH_EM,
    INK,
    PAPER,
    clickable,
    document,
    escape,
    fitted_size,
    seat_colour,
    seat_name,
    sections,
    wrapped,
)
from tavola.games.clocktowers.components import CARD_CODES, COLOURS, DECKS
from tavola.games.clocktowers.svg_chips import score_chips, seat_disc
from tavola.games.clocktowers.svg_pieces import (
    CARD_BACK,
    PHONE_LEAST,
    TOWER_W,
    card_back,
    card_face,
    card_name,
    needs_roof_width,
    roof_piece,
    small_card_width,
    svg_lines,
    svg_text,
    tower_height,
    tower_picture,
)
from tavola.games.clocktowers.svg_said import deck_words, draw_words, said_moves
from tavola.games.clocktowers.translations import DECK_NAMES, TOWERS, gettext

WIDTH: Final = 460
PAD: Final = 10  # around the picture
INSET: Final = 10  # inside a seat's panel
GROUND: Final = "#9DB58A"
BUTTON: Final = "#FFF1A8"
BUTTON_EDGE: Final = "#8A7400"
DISCARD_BUTTON: Final = "#ECECEC"
SLOT: Final = 58
LABEL_H: Final = 40  # the tower's number and floors (or points) under its base


CARD_W: Final = 96
CARD_H: Final = 118
SMALL_H: Final = 52
BUTTON_H: Final = 52  # 44 px at a 390 px wide phone
GAP: Final = 6


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The picture of ``view``; each notation in ``actions`` becomes a clickable element.
    Its words are in the current language."""
    pending = list(dict.fromkeys(actions))
    seat = view["seat"]
    body: list[str] = []
    y: float = PAD
    y = _status(body, view, y)
    y = _scores(body, view, y + 6)
    y = _decks(body, view, pending, y + 12)
    ends = [(len(body), y + 6)]  # the bands a wide screen may set side by side
    # a band per seat, the viewer's last (data-yours: a phone draws it first, under the
    # decks, board-sections.js), the scoring's words in a band of their own
    others = [s for s in range(view["players"]) if s != seat]
    for player in [*others, *([] if seat is None else [seat])]:
        y = _seat_panel(body, view, player, pending, y + 12)
        ends.append((len(body), y + 6))
    if pending:  # nothing should be left; still, every action stays playable
        y = _more_actions(body, pending, y + 12)
    scoring = " ".join(
        (
            gettext("Complete towers score: no animals 5, cats only 4,"),
            gettext("cats and mice 3, mice only 2 (a clock mouse counts)."),
        )
    )
    for line in wrapped(scoring, 15, WIDTH - 2 * PAD):
        y += 20
        body.append(svg_text(PAD, y, line, 15, fill="#555555"))
    body += said_moves(view)  # the log's words for every move, unseen
    height = y + PAD
    ends.append((len(body), height))
    starts = [(0, 0.0), *ends[:-1]]
    bands = [(top, end, body[i:j]) for (i, top), (j, end) in zip(starts, ends, strict=True)]
    background = f'<rect x="0" y="0" width="{WIDTH}" height="{height:g}" fill="{PAPER}"/>'
    return document(WIDTH, height, [background, *sections(WIDTH, bands)], _title(view))


# -- text and words ------------------------------------------------------------------


def _name(view: dict[str, Any], player: int) -> str:
    """A seat in words as the page's list of seats says it: its name at the table ("Seat B"
    without one), "(you)" after the viewer's."""
    name = seat_name(view, player)
    return name + gettext(" (you)") if player == view["seat"] else name


def _step(view: dict[str, Any]) -> str:
    if view["phase"] == "draw":
        return gettext("draw a visible top card")
    return gettext("play or discard a card")


def _status_text(view: dict[str, Any]) -> str:
    seat = view["seat"]
    if view["current_player"] is None:  # the game's end, or the table's (``at_table``)
        winners = view["winners"]
        if not winners:
            return gettext("Game over")
        if len(winners) == 1 and winners[0] == seat:
            return gettext("Game over: you win")
        if len(winners) == 1:
            return gettext("Game over: {name} wins").format(name=_name(view, winners[0]))
        names = str(listed([_name(view, w) for w in winners]))
        return gettext("Game over: {names} share the victory").format(names=names)
    player = view["current_player"]
    if player == seat:
        return gettext("Your turn: {step}").format(step=_step(view))
    return gettext("{seat} to move: {step}").format(seat=seat_name(view, player), step=_step(view))


def _title(view: dict[str, Any]) -> str:
    scores = ", ".join(f"{_name(view, p)} {points}" for p, points in enumerate(view["scores"]))
    return gettext("ClockTowers. {status}. Points: {scores}.").format(
        status=_status_text(view), scores=scores
    )


def _deck_name(name: str) -> str:
    """A deck's name (``floors``) in words."""
    return str(DECK_NAMES[DECKS.index(name)])


# -- the top: status, scores, decks ----------------------------------------------------


def _status(body: list[str], view: dict[str, Any], y: float) -> float:
    player = view["current_player"]
    x = PAD
    shown = view["winners"] if player is None else [player]
    body.append('<g data-status="">')  # a page that ends the turns early (a lesson) says so
    for seat in shown:
        body.append(seat_disc(x + 13, y + 14, seat))
        x += 30
    if shown:
        x += 4
    lines = wrapped(_status_text(view), 18, WIDTH - PAD - x, bold=True)
    for line in lines:
        body.append(svg_text(x, y + 20, line, 18, weight="bold"))
        y += 24
    body.append("</g>")
    return y + 6


def _scores(body: list[str], view: dict[str, Any], y: float) -> float:
    names = [_name(view, player) for player in range(view["players"])]
    return score_chips(body, view, names, PAD, WIDTH - 2 * PAD, y)


def _decks(body: list[str], view: dict[str, Any], pending: list[str], y: float) -> float:
    """The three decks (their tops face up) and the discards, in one row."""
    gap = (WIDTH - 2 * PAD - 4 * CARD_W) / 3
    for index, deck in enumerate(view["decks"]):
        x = PAD + index * (CARD_W + gap)
        name, size, top = deck["name"], deck["size"], deck["top"]
        action = f"draw {name}"
        inner: list[str] = []
        if top is None:
            inner.append(
                f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="7" '
                f'fill="none" stroke="#999999" stroke-dasharray="6 4"/>'
            )
            empty = gettext("empty")
            inner.append(svg_text(x + CARD_W / 2, y + CARD_H / 2 + 5, empty, 15, anchor="middle"))
        else:
            for depth in (2, 1):  # the cards below, as edges
                if size > depth:
                    off = 3 * depth
                    inner.append(
                        f'<rect x="{x + off:g}" y="{y + off:g}" width="{CARD_W}" '
                        f'height="{CARD_H}" rx="7" fill="{CARD_BACK}" stroke="{INK}"/>'
                    )
            inner.append(card_face(x, y, CARD_W, CARD_H, top))
        counted = gettext("{deck}: {count}").format(deck=_deck_name(name), count=size)
        inner.append(
            svg_text(
                x + CARD_W / 2,
                y + CARD_H + 24,
                counted,
                15,
                anchor="middle",
                width=CARD_W + 12,  # the hit area's width about the card's middle
            )
        )
        what = deck_words(name, size)
        if top:
            what = gettext("{deck}, {card} on top").format(deck=what, card=card_name(top))
        if action in pending:
            pending.remove(action)
            label = draw_words(name, card_name(top or ""))
            body.append(f"<g{clickable(action, label)}><title>{escape(label)}</title>")
            body.append(
                f'<rect class="hit" x="{x - 6:g}" y="{y - 4:g}" width="{CARD_W + 18:g}" '
                f'height="{CARD_H + 40:g}" rx="9" fill="{BUTTON}" stroke="{BUTTON_EDGE}" '
                f'stroke-width="2"/>'
            )
            body += inner
            body.append("</g>")
        else:
            body.append(f"<g><title>{escape(what)}</title>")
            body += inner
            body.append("</g>")
    # The discards: face down, only their number is known.
    total = sum(view["discarded"])
    x = WIDTH - PAD - CARD_W
    per_seat = ", ".join(f"{_name(view, p)} {d}" for p, d in enumerate(view["discarded"]))
    discarded = gettext("{count} cards discarded face down ({seats})").format(
        count=total, seats=per_seat
    )
    body.append(f"<g><title>{escape(discarded)}</title>")
    if total:
        body.append(card_back(x, y, CARD_W, CARD_H))
    else:
        body.append(
            f'<rect x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="7" fill="none" '
            f'stroke="#999999" stroke-dasharray="6 4"/>'
        )
    discards = gettext("discards: {count}").format(count=total)
    body.append(
        # as wide as the room to the picture's edge on either side of the pile's middle
        svg_text(
            x + CARD_W / 2, y + CARD_H + 24, discards, 15, anchor="middle", width=CARD_W + 2 * PAD
        )
    )
    body.append("</g>")
    return y + CARD_H + 32


# -- a seat's area ---------------------------------------------------------------------


def _seat_panel(
    body: list[str], view: dict[str, Any], player: int, pending: list[str], y: float
) -> float:
    own = player == view["seat"]
    colour = seat_colour(player)
    parts: list[str] = []
    left = PAD + INSET
    inner = WIDTH - 2 * PAD - 2 * INSET
    cy = y + 8
    # Header: who, points, discards, whose turn.
    parts.append(seat_disc(left + 13, cy + 15, player, 14))
    name = _name(view, player)
    points = view["scores"][player]
    pts = gettext("{points} pts").format(points=points)
    extra = []
    if view["discarded"][player]:
        extra.append(gettext("discarded {count}").format(count=view["discarded"][player]))
    if player == view["current_player"]:
        extra.append("▶ " + (gettext("your turn") if own else gettext("to move")))
    if player in view["winners"]:
        extra.append(gettext("★ winner"))
    extras, rest = " · ".join(extra), " · ".join(e for e in extra if not e.startswith("▶"))
    # The name, its points after it, the news at the right end; a long name (a bot's, a
    # language's) takes the line and the news goes under it.
    pts_w = BOLD_GLYPH_EM * 17 * len(pts)
    below = bool(extras) and (
        36 + BOLD_GLYPH_EM * 17 * len(name) + pts_w + 24 + GLYPH_EM * 15 * len(extras) > inner
    )
    # a gap of 16 between the name and its points: capitals and brackets run wider than
    # the estimate ("Bot B (ISMCTS, medium)")
    room = inner - 36 - pts_w - 22 - (0 if below or not extras else GLYPH_EM * 15 * len(extras))
    # a name longer than its room wraps, at its size (playtest 9 #2: squeezed to 9.4 px)
    lines = wrapped(name, 17, room, bold=True)
    for row, line in enumerate(lines):
        size = max(fitted_size(line, 17, room, bold=True), PHONE_LEAST)
        parts.append(svg_text(left + 36, cy + 21 + 20 * row, line, size, weight="bold"))
    # the points after the name's last line, on its baseline (playtest 12 #3: after the
    # first line of a name in two, they read as part of it)
    pts_x = left + max(100.0, 36 + BOLD_GLYPH_EM * 17 * len(lines[-1]) + 16)
    parts.append(svg_text(pts_x, cy + 21 + 20 * (len(lines) - 1), pts, 17, weight="bold"))
    cy += 20 * (len(lines) - 1)
    if extras:
        end, base = WIDTH - PAD - INSET, cy + (41 if below else 21 - 20 * (len(lines) - 1))
        parts.append(svg_text(end, base, extras, 15, anchor="end", unturned=rest))
    if below:
        cy += 20
    cy += 40
    # Roof needs: the floors the next tower of each colour must have.
    label = gettext("roofs need:")
    parts.append(svg_text(left, cy + 18, label, 15))
    first = max(86.0, GLYPH_EM * 15 * len(label) + 4)  # the roofs start after the label
    roof_w = needs_roof_width()
    if first + 5 * (roof_w * 1.12 + 16) > inner:  # the roofs under the label, not after it
        first, cy = roof_w * 0.12, cy + 22
    step = min(roof_w + 38, (inner - first - roof_w * 1.12 - 16) / 4)  # all five fit
    for index, (roof, floors) in enumerate(view["needs"][player].items()):
        rx = left + first + index * step
        tower = TOWERS[COLOURS.index(roof)]
        if own:
            need = gettext("your next {tower} needs exactly {floors} floors")
        else:
            need = gettext("{seat}'s next {tower} needs exactly {floors} floors")
        need = need.format(seat=seat_name(view, player), tower=tower, floors=floors)
        parts.append(f"<g><title>{escape(need)}</title>")
        parts.append(roof_piece(rx, cy + 24, roof_w, 22, roof))
        floors_x = rx + roof_w * 1.12 + 1.64  # past the eaves
        parts.append(svg_text(floors_x, cy + 20, floors, 16, weight="bold"))
        parts.append("</g>")
    cy += 34
    # What is known of the hand (the own hand comes under the towers).
    hand = view["hands"][player]
    if hand["cards"] is None:
        cy = _known_hand(parts, hand, player, left, cy)
    # The towers, in rows, bottom-aligned on a strip of ground.
    towers = view["towers"][player]
    per_row = max(1, int((inner + SLOT - TOWER_W) // SLOT))
    if not towers:
        parts.append(svg_text(left, cy + 20, gettext("no towers yet"), 15, fill="#555555"))
        cy += 30
    for start in range(0, len(towers), per_row):
        row = towers[start : start + per_row]
        tallest = max(tower_height(t) for t in row)
        ground = cy + 10 + tallest
        parts.append(
            f'<rect x="{left - 4:g}" y="{ground:g}" width="{inner + 8:g}" height="4" '
            f'fill="{GROUND}"/>'
        )
        for i, tower in enumerate(row):
            tx = left + (SLOT - TOWER_W) / 2 + i * SLOT
            parts.append(tower_picture(tx, ground, player, tower))
        cy = ground + LABEL_H
    if own:
        cy = _own_hand(parts, view, hand, player, pending, left, inner, cy + 6)
    height = cy + 8 - y
    worth = gettext("{points} points").format(points=points)
    yours = ' data-yours=""' if own else ""
    body.append(
        f'<g class="seat" id="seat-{player}"{yours}><title>{escape(_name(view, player))}: '
        f"{escape(worth)}</title>"
        f'<rect x="{PAD}" y="{y:g}" width="{WIDTH - 2 * PAD}" height="{height:g}" rx="10" '
        f'fill="{colour}" fill-opacity="0.07" stroke="{colour}" '
        f'stroke-width="{3 if player == view["current_player"] else 1.5}"/>'
        f'<rect x="{PAD}" y="{y:g}" width="6" height="{height:g}" rx="3" fill="{colour}"/>'
    )
    body += parts
    body.append("</g>")
    return y + height


def _known_hand(
    parts: list[str], hand: dict[str, Any], player: int, left: float, y: float
) -> float:
    """Another seat's hand: the cards everyone knows it holds, then backs for the rest."""
    parts.append(f'<g class="hand" id="hand-{player}">')
    size = hand["size"]
    known = gettext("hand {count}:").format(count=size)
    room = max(56, GLYPH_EM * 15 * len(known))  # some languages say it at length
    parts.append(svg_text(left, y + 32, known, 15))
    x = left + room + 6
    small_w = small_card_width()
    for code in hand["known"]:
        parts.append(f'<g class="card face"><title>{escape(card_name(code))}</title>')
        parts.append(card_face(x, y, small_w, SMALL_H, code, label=False))
        parts.append("</g>")
        x += small_w + 5
    if hand["unknown"]:
        maybe: set[str] = set()
        for cards in hand["possible"]:
            rest = list(cards)
            for code in hand["known"]:
                if code in rest:
                    rest.remove(code)
            maybe.update(rest)
        names = ", ".join(card_name(code) for code in CARD_CODES if code in maybe)
        title = escape(
            gettext("unknown card ({count} of {size} unknown, one of: {cards})").format(
                count=hand["unknown"], size=size, cards=names
            )
        )
        for _ in range(hand["unknown"]):
            parts.append(f'<g class="card back"><title>{title}</title>')
            parts.append(card_back(x, y, small_w, SMALL_H))
            parts.append(
                svg_text(
                    x + small_w / 2,
                    y + SMALL_H / 2 + 6,
                    "?",
                    18,
                    anchor="middle",
                    weight="bold",
                    fill="#F3E2B8",
                )
            )
            parts.append("</g>")
            x += small_w + 5
    if not size:
        parts.append(svg_text(x, y + 32, gettext("empty"), 15, fill="#555555"))
    parts.append("</g>")
    return y + SMALL_H + 8


def _button(
    x: float,
    y: float,
    w: float,
    action: str,
    text: str,
    label: str,
    fill: str,
    feature: str | None = None,
) -> str:
    edge = BUTTON_EDGE if fill == BUTTON else "#777777"
    lit = f' data-feature="{escape(feature)}"' if feature else ""
    return (
        f"<g{clickable(action, label)}{lit}><title>{escape(label)}</title>"
        f'<rect class="hit" x="{x:g}" y="{y:g}" width="{w:g}" height="{BUTTON_H}" rx="8" '
        f'fill="{fill}" stroke="{edge}" stroke-width="1.5"/>'
        + _button_words(x + w / 2, y, text, w - 10)
        + "</g>"
    )


def _button_words(x: float, y: float, text: str, width: float) -> str:
    """A button's words at full size, on two lines where they are long, in its middle."""
    leading = 20
    lines = len(wrapped(text, 16, width, bold=True))
    last = y + BUTTON_H / 2 + 5.5 + (lines - 1) * leading / 2
    return svg_lines(x, last, text, 16, width, leading=leading, weight="bold")[0]


def _own_hand(
    parts: list[str],
    view: dict[str, Any],
    hand: dict[str, Any],
    player: int,
    pending: list[str],
    left: float,
    inner: float,
    y: float,
) -> float:
    """Your hand: each kind of card once (with its count if doubled), its buttons below it."""
    cards: list[str] = hand["cards"]
    known = list(hand["known"])
    parts.append(f'<g class="hand" id="hand-{player}">')
    yours = gettext("your hand ({count}):").format(count=len(cards))
    parts.append(svg_text(left, y + 16, yours, 15, weight="bold"))
    y += 34  # room for a card's count badge over its corner
    kinds = list(dict.fromkeys(cards))
    if not kinds:
        parts.append(svg_text(left, y + 16, gettext("empty"), 15, fill="#555555"))
        parts.append("</g>")
        return y + 26
    columns = max(3, len(kinds))
    width = (inner - (columns - 1) * 10) / columns
    discards: list[tuple[float, str, str]] = []
    bottom = y + CARD_H + 8
    for index, code in enumerate(kinds):
        x = left + index * (width + 10)
        count = cards.count(code)
        seen = 0
        while code in known and seen < count:
            known.remove(code)
            seen += 1
        words = card_name(code)
        if count > 1:
            words = f"{count} \u00d7 {words}"
        if seen == 1:
            words = gettext("{card} (the others know it)").format(card=words)
        elif seen:
            words = gettext("{card} (the others know {count} of them)").format(
                card=words, count=seen
            )
        cx = x + (width - CARD_W) / 2
        parts.append(f'<g class="card face"><title>{escape(words)}</title>')
        parts.append(card_face(cx, y, CARD_W, CARD_H, code))
        if count > 1:
            parts.append(
                f'<circle cx="{cx + CARD_W - 4:g}" cy="{y + 4:g}" r="14" fill="{INK}"/>'
                + svg_text(
                    cx + CARD_W - 4,
                    y + 9,
                    f"\u00d7{count}",
                    15,
                    anchor="middle",
                    weight="bold",
                    fill="#FFFFFF",
                )
            )
        parts.append("</g>")
        by = y + CARD_H + 8
        plays = [a for a in pending if a.startswith(f"play {code} ")]
        new = f"play {code} new"
        if new in plays:
            plays.remove(new)
            label = gettext("Play the {card} to start a new tower").format(card=card_name(code))
            parts.append(_button(x, by, width, new, gettext("new tower"), label, BUTTON))
            pending.remove(new)
            by += BUTTON_H + GAP
        half = (width - GAP) / 2
        for i, action in enumerate(plays):
            target = action.rsplit(" ", 1)[1]
            label = gettext("Play the {card} on your tower #{number}").format(
                card=card_name(code), number=target
            )
            feature = f"tower-{player}-{target}"
            if len(plays) == 1:
                on = gettext("on tower #{number}").format(number=target)
                button = _button(x, by, width, action, on, label, BUTTON, feature)
            else:
                bx = x + (i % 2) * (half + GAP)
                on = gettext("on #{number}").format(number=target)
                button = _button(bx, by, half, action, on, label, BUTTON, feature)
            parts.append(button)
            pending.remove(action)
            if i % 2 or i == len(plays) - 1:
                by += BUTTON_H + GAP
        discard = f"discard {code}"
        if discard in pending:
            pending.remove(discard)
            label = gettext("Discard the {card} face down").format(card=card_name(code))
            discards.append((x, discard, label))
        bottom = max(bottom, by)
    for x, discard, label in discards:  # in one row, under all the plays
        parts.append(_button(x, bottom, width, discard, gettext("discard"), label, DISCARD_BUTTON))
    if discards:
        bottom += BUTTON_H + GAP
    parts.append("</g>")
    return max(bottom, y + CARD_H + 8)


def _more_actions(body: list[str], pending: list[str], y: float) -> float:
    """Actions the picture found no place for (none in a consistent view), as buttons."""
    width = WIDTH - 2 * PAD
    for action in list(pending):
        body.append(_button(PAD, y, width, action, action, action, BUTTON))
        pending.remove(action)
        y += BUTTON_H + GAP
    return y
