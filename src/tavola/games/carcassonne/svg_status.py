"""Carcassonne's status panel (the picture's head): whose turn and its step, the tile to
place or just placed, each seat's score and followers, the tiles left; as a panel above the
board or a band across a wide screen (``status_panel``)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from tavola.core.i18n import current_language, listed
from tavola.core.svg import (
    GLYPH_EM,
    HIGHLIGHT,
    INK,
    clickable,
    escape,
    fitted_size,
    seat_colour,
    seat_letter,
    seat_name,
    shortened,
    two_lines,
    wrapped,
)
from tavola.games.carcassonne.svg_features import (
    Features,
)
from tavola.games.carcassonne.svg_targets import (
    targets,
)
from tavola.games.carcassonne.svg_tiles import SIZE, meeple, tile
from tavola.games.carcassonne.tile_names import TILE_WORDS, tile_name
from tavola.games.carcassonne.translations import cell_words, chip_name, gettext, ngettext

WIDTH: Final = 480  # the status panel, scaled up with a wide board
WIDE: Final = 960  # the status panel as a band across a wide screen (a client's choice)
BIG_WIDE: Final = 96  # the drawn tile in the band, its words beside it
CAPTION_WIDE: Final = 126  # as wide as fits two seats beside it
CAPTION_LINES: Final = 3  # room for the tile's words, the same in both steps of a turn
SEAT_WIDE: Final = 258  # a seat's box in the band, as many side by side as fit
BUTTON_HIGH_WIDE: Final = 44
BIG: Final = 120  # the drawn tile in the status panel
PAD: Final = 12
ROW: Final = 56  # a seat's row
# a seat's name at least (10 px in a band on a 760 px area; in the panel, 340 px wide beside
# a tall board)
NAME_WIDE: Final = 13
NAME: Final = 15
SCORE_ROOM: Final = 50  # a chip's score (up to 3 digits) and the word under it, at its right
MARK_ROOM: Final = 24  # the mark left of the score (to move, wins), with a gap either side
BUTTON: Final = 156  # the width of the status panel's buttons
BUTTON_HIGH: Final = 56  # their height: 44 px on a phone, where the panel is 390 px wide


def who(view: dict[str, Any], seat: int) -> str:
    return gettext("you") if seat == view["seat"] else seat_name(view, seat)


def _step_text(view: dict[str, Any], phase: str | None = None) -> str:
    """What the picture's head says of the turn: whose and its step (``phase``: the view's,
    or the other step of the same turn)."""
    phase, player = phase or view["phase"], view["current_player"]
    if player is None:  # the game's end, or the table's (``at_table``)
        winners = view["winners"]
        best = max(view["scores"]) if view["scores"] else 0
        if len(winners) > 1:
            names = str(listed([chip_name(view, s) for s in winners]))
            return ngettext(
                "Game over: {names} share the victory with {points} point",
                "Game over: {names} share the victory with {points} points",
                best,
            ).format(names=names, points=best)
        if not winners:
            return ngettext(
                "Game over: nobody wins with {points} point",
                "Game over: nobody wins with {points} points",
                best,
            ).format(points=best)
        if winners[0] == view["seat"]:
            return ngettext(
                "Game over: you win with {points} point",
                "Game over: you win with {points} points",
                best,
            ).format(points=best)
        return ngettext(
            "Game over: {name} wins with {points} point",
            "Game over: {name} wins with {points} points",
            best,
        ).format(name=seat_name(view, winners[0]), points=best)
    if phase == "place":
        if player == view["seat"]:
            return gettext("Your turn: place the tile")
        return gettext("{seat}'s turn: place the tile").format(seat=seat_name(view, player))
    if player == view["seat"]:
        return gettext("Your turn: deploy a follower or pass")
    return gettext("{seat}'s turn: deploy a follower or pass").format(seat=seat_name(view, player))


def title(view: dict[str, Any]) -> str:
    scores = ", ".join(f"{seat_name(view, s)} {p}" for s, p in enumerate(view["scores"]))
    left = view["tiles_left"]
    return ngettext(
        "Carcassonne: {step} ({scores}; {count} tile left)",
        "Carcassonne: {step} ({scores}; {count} tiles left)",
        left,
    ).format(step=_step_text(view), scores=scores, count=left)


def status_panel(
    view: dict[str, Any], acts: set[str], found: Features, wide: bool = False
) -> tuple[str, float]:
    """The status panel (WIDTH units wide) and its height; ``wide``: a band WIDE units wide,
    the tile, its words, the seats and the buttons side by side."""
    line = (WIDE if wide else WIDTH) - 2 * PAD
    # the step at full size, on more lines where a language says it at length (a band has
    # room for it on one: its height stays from one step to the next)
    steps = wrapped(_step_text(view), 21, line, bold=True)
    # a finished game's band holds no tile: the seats right under the step, from the left,
    # and no empty height (the board below takes it)
    over = wide and view["current_player"] is None
    first = 26 if over else 30  # the step's first line
    # ``data-status``: a page that ends the turns early (a lesson) says so there
    out = [
        '<g data-status="">',
        *(
            f'<text x="{PAD}" y="{first + 26 * row}" font-size="21" font-weight="bold" '
            f'fill="{INK}">{escape(words)}</text>'
            for row, words in enumerate(steps)
        ),
        "</g>",
    ]
    below = 26 * (len(steps) - 1)  # what the step's further lines take
    hint_lines = _hint_lines(view, acts, view["phase"], line)
    for row, words in enumerate(hint_lines):
        out.append(
            f'<text x="{PAD}" y="{56 + below + 18 * row}" font-size="15" fill="#444444">'
            f"{escape(words)}</text>"
        )
    # room for the longer words of the turn's two steps, so that the board below stays put
    # from placing the tile to deploying a follower ("deploy a follower or pass" is long)
    phases = ("place", "deploy") if view["current_player"] is not None else (view["phase"],)
    step_rows = max(len(wrapped(_step_text(view, p), 21, line, bold=True)) for p in phases)
    hint_rows = max(len(_hint_lines(view, acts, p, line)) for p in phases)
    y0 = 68 + 26 * (step_rows - 1) + 18 * max(0, hint_rows - 1)  # with a hint or without
    if over:
        y0 = first + 12 + 26 * (step_rows - 1)
    # The tile: drawn (place step, turned as the choice on the board: data-turned) or just
    # placed (follower step, with its free spots); its words under it, or beside it in a band.
    side = BIG_WIDE if wide else BIG
    big = side / SIZE
    cx, cy = PAD + side / 2, y0 + side / 2
    words_x, words_w = (PAD + side + 10, CAPTION_WIDE) if wide else (cx, BIG + 12)
    left_y: float = y0 - 2 if wide else y0 + BIG + 4
    phase = view["phase"] if view["current_player"] is not None else "over"
    drawn, caption = turn_tile(view, acts, found, phase, (cx, cy, big))
    out += drawn
    size, lines = caption_lines(caption, words_w)
    start = left_y
    for words in lines:
        left_y += round(size * 1.25)
        out.append(_caption(words_x, left_y, words, size, "start" if wide else "middle"))
    if not over:
        left_y = max(left_y, start + caption_room(words_w))
    # The seats beside the tile; under them (in a band: right of them) the bag button and
    # the pass button.
    x0 = PAD if over else PAD + side + (10 + CAPTION_WIDE + 6 if wide else 14)
    right = (WIDE if wide else WIDTH) - PAD
    high = BUTTON_HIGH_WIDE if wide else BUTTON_HIGH
    seat_w = SEAT_WIDE if wide else right - x0
    columns = max(1, int((right - BUTTON - 14 - x0 + 8) // (seat_w + 8))) if wide else 1
    least = NAME_WIDE if wide else NAME
    chip_high = seat_high(view, seat_w, least)
    for seat in range(view["players"]):
        row, column = divmod(seat, columns)
        at = (x0 + column * (seat_w + 8), y0 + row * (chip_high + 6))
        out.append(_seat_row(view, seat, at, seat_w, least))
    y = y0 + -(-view["players"] // columns) * (chip_high + 6)
    left = gettext("Tiles left: {count}").format(count=view["tiles_left"])
    if wide:
        bottom = max(y - 6, _button(out, right - BUTTON, y0, left, high, toggle="bag"))
        if "pass" in acts:
            _button(out, right - BUTTON, y0 + high + 6, gettext("Pass"), high, action="pass")
        if not over:
            bottom = max(bottom, y0 + 2 * high + 6, y0 + side)
    else:
        bottom = _button(out, x0, y, left, high, toggle="bag")
        if "pass" in acts:
            _button(out, right - BUTTON, y, gettext("Pass"), high, action="pass")
    bottom = max(bottom, left_y)
    if view["discarded"]:
        removed = gettext("Removed: {tiles}").format(
            tiles=", ".join(map(tile_name, view["discarded"]))
        )
        for part in wrapped(removed, 15, right - PAD):
            bottom += 20
            out.append(
                f'<text x="{PAD}" y="{bottom:g}" font-size="15" fill="{INK}">{escape(part)}</text>'
            )
    return "".join(out), bottom + (PAD / 2 if over and not view["discarded"] else PAD)


def caption_lines(caption: str, width: float) -> tuple[float, list[str]]:
    """The tile's caption on lines ``width`` units wide, and their size: full (16), or
    smaller where a long word would not fit ("gegenüberliegende")."""
    size = min([16.0] + [fitted_size(word, 16, width) for word in caption.split()])
    return size, wrapped(caption, size, width) if caption else []


def caption_room(width: float) -> float:
    """The height the tile's caption may take in a turn, whatever its tile: the longest name
    in the language of the moment, so that the board below stays put from one tile to the
    next (playtest 8 #4: an Italian name on 2 lines, then on 4, moved a phone's board 16 px)."""
    return _caption_room(current_language(), width)


@cache
def _caption_room(language: str, width: float) -> float:
    """``caption_room`` worked out once per language and width (25 captions wrapped)."""
    captions = [gettext("To place: {tile}").format(tile=tile_name(n)) for n in TILE_WORDS]
    captions.append(gettext("Placed at {cell}").format(cell=cell_words(-10, -10)))
    rooms = [20.0 * CAPTION_LINES]
    for caption in captions:
        size, lines = caption_lines(caption, width)
        rooms.append(len(lines) * round(size * 1.25))
    return max(rooms)


def _hint_lines(view: dict[str, Any], acts: set[str], phase: str, line: float) -> list[str]:
    """What to do in the step ``phase`` of the viewer's turn, on one or two lines."""
    hint = ""
    if phase == "place" and acts:
        hint = gettext("Choose a yellow cell, turn the tile there, confirm.")
    if phase == "deploy" and acts:
        hint = gettext("Choose a circle on the tile to deploy a follower, or pass.")
    return two_lines(hint, int(line / (GLYPH_EM * 15))) if hint else []


def _caption(x: float, y: float, text: str, size: float, anchor: str) -> str:
    """A line of words under (or beside) the tile."""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" fill="{INK}">'
        f"{escape(text)}</text>"
    )


def _button(
    out: list[str],
    x: float,
    y: float,
    text: str,
    high: float,
    *,
    toggle: str = "",
    action: str = "",
    wide: float = BUTTON,
) -> float:
    """A button ``wide`` units wide, ``high`` high, at (x, y); returns the y under it."""
    if toggle:
        label = gettext("{button} (show or hide the tiles in the bag)").format(button=text)
        attrs = (
            f' data-toggle="{escape(toggle)}" tabindex="0" role="button" '
            f'aria-label="{escape(label)}"'
        )
        tip = gettext("Show or hide the tiles still in the bag, by kind")
    else:
        attrs = clickable(action, gettext("Pass: deploy no follower"))
        tip = gettext("Pass: deploy no follower this turn")
    fill = "#FFFFFF" if toggle else HIGHLIGHT
    size, lines = _button_lines(text, wide)
    step = round(size * 1.25)  # a line's height: two lines' boxes do not touch
    first = y + high / 2 + size / 3 - step / 2 * (len(lines) - 1)
    words = "".join(
        f'<text x="{x + wide / 2:g}" y="{first + step * i:g}" font-size="{size}" '
        f'font-weight="bold" text-anchor="middle" fill="{INK}">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    out.append(
        f"<g{attrs}><title>{escape(tip)}</title>"
        f'<rect class="hit" x="{x:g}" y="{y:g}" width="{wide:g}" height="{high:g}" rx="8" '
        f'fill="{fill}" stroke="{INK}" stroke-width="1.5"/>{words}</g>'
    )
    return y + high


def _button_lines(text: str, wide: float = BUTTON) -> tuple[int, list[str]]:
    """A button's words: the largest bold size (from 17 units, 13 px on a phone, down to
    15) at which they take at most two lines, and those lines. A French space before a
    colon keeps the colon on its word's line.

    >>> _button_lines("Übrige Plättchen: 70")
    (17, ['Übrige', 'Plättchen: 70'])
    """
    glued = text.replace(" :", "\x00:")
    for size in (17, 16, 15):
        lines = wrapped(glued, size, wide - 8, bold=True)
        if len(lines) <= 2:
            break
    return size, [line.replace("\x00", "\N{NARROW NO-BREAK SPACE}") for line in lines[:2]]


def _name_room(width: float) -> float:
    return width - 40 - SCORE_ROOM - MARK_ROOM  # the same whatever the phase and the score


def seat_high(view: dict[str, Any], width: float, least: float) -> float:
    """The height of every seat's chip ``width`` wide: ROW, and a line more for each name's
    third line (one height for all, the same in every phase: the names do not change)."""
    lines = max(
        len(_name_lines(chip_name(view, seat), _name_room(width), least))
        for seat in range(view["players"])
    )
    return ROW + max(0, lines - 2) * (least + 2)


def _seat_row(
    view: dict[str, Any], seat: int, at: tuple[float, float], width: float, least: float
) -> str:
    """A seat's chip: its name (set smaller where long, down to ``least``, then on two or
    three lines, then cut short: the whole name is in the title) in the same room in every
    phase, a mark left of the score (to move, wins), the score, the followers in supply and
    their count."""
    x, y = at
    high = seat_high(view, width, least)
    lower = high - ROW  # the followers' row under a name's third line
    current = seat == view["current_player"] or seat in view["winners"]
    colour = seat_colour(seat)
    supply = view["supply"][seat]
    points = gettext("points")
    left = ngettext("{count} left", "{count} left", supply).format(count=supply)
    stroke = f'stroke="{colour}" stroke-width="4"' if current else 'stroke="#B9B0A0"'
    if seat in view["winners"]:  # a lesson's end (its page) crowns nobody: lesson.css
        stroke += ' class="won"'
    whole = chip_name(view, seat)
    room = _name_room(width)
    out = [
        f'<g class="seat"><title>{escape(_seat_words(view, seat))}</title>'
        f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{high:g}" rx="8" fill="#FFFFFF" '
        f"{stroke}/>",
        meeple(x + 20, y + high / 2, seat, scale=1.75),  # its letter 12 px on a phone
        f'<text x="{x + width - 10:g}" y="{y + 25 + lower / 2:g}" font-size="20" '
        'font-weight="bold" '
        f'text-anchor="end" fill="{INK}">{view["scores"][seat]}</text>',
        f'<text x="{x + width - 10:g}" y="{y + 46 + lower / 2:g}" font-size="15" '
        'text-anchor="end" '
        f'fill="#555555">{escape(points)}</text>',
    ]
    lines = _name_lines(whole, room, least)
    for row, (words, size) in enumerate(lines):
        baseline = y + 24 if len(lines) == 1 else y + 3 + (row + 1) * least - row
        out.append(
            f'<text x="{x + 40:g}" y="{baseline:g}" font-size="{size:g}" font-weight="bold" '
            f'fill="{INK}">{escape(words)}</text>'
        )
    if current:  # a shape, not only the chip's colour, says whose turn it is or who won
        mark = "\N{BLACK STAR}" if seat in view["winners"] else "\N{BLACK RIGHT-POINTING TRIANGLE}"
        out.append(  # ``data-turn``: what it says once a lesson's page ends the turns
            f'<text x="{x + width - SCORE_ROOM - 10:g}" y="{y + 24 + lower / 2:g}" '
            f'font-size="15" text-anchor="middle" fill="{INK}" data-turn="">{mark}</text>'
        )
    for index in range(7):  # followers: in supply filled, on the board faint
        mx = x + 44 + 11 * index
        fill = (
            f'fill="{colour}" stroke="{INK}"' if index < supply else 'fill="none" stroke="#9A9A9A"'
        )
        out.append(
            f'<path d="{_MINI}" transform="translate({mx:g},{y + 42 + lower:g}) scale(0.55)" '
            f"{fill} "
            'stroke-width="1"/>'
        )
    # between the followers and the word "points" under the score: the count alone where
    # its words would be set under ``least`` (the title says it whole)
    room = width - 10 - GLYPH_EM * 15 * len(points) - 4 - 119
    if fitted_size(left, 15, room) < least:
        left = str(supply)
    out.append(
        f'<text x="{x + 119:g}" y="{y + 47 + lower:g}" font-size="{fitted_size(left, 15, room):g}" '
        f'fill="#555555">{escape(left)}</text></g>'
    )
    return "".join(out)


def _name_lines(name: str, room: float, least: float) -> list[tuple[str, float]]:
    """A chip's name: on one line at the largest size from 18 down to ``least`` that fits
    ``room``, else on two or three at ``least`` (the whole name, as the page and the log say
    it: playtest 11 #5, "Bot B" for "Bot B (ISMCTS, forte)"); where even three are too few,
    three lines, the third cut short.

    >>> _name_lines("Ada (you)", 200, 13)
    [('Ada (you)', 18)]
    >>> _name_lines("Bot B (heuristic, easy)", 150, 13)
    [('Bot B (heuristic,', 13), ('easy)', 13)]
    >>> _name_lines("Bot B (euristico, facile)", 122, 15)
    [('Bot B', 15), ('(euristico,', 15), ('facile)', 15)]
    """
    size = fitted_size(name, 18, room, bold=True)
    if size >= least:
        return [(name, size)]
    lines = wrapped(name, least, room, bold=True)
    fits = [fitted_size(words, least, room, bold=True) >= least for words in lines]
    if len(lines) <= 3 and all(fits):
        return [(words, least) for words in lines]
    third = shortened(" ".join(lines[2:]), least, room, bold=True, least=least)
    cut = [shortened(words, least, room, bold=True, least=least) for words in lines[:2]]
    return [(words, least) for words in cut] + [(third, least)]


_MINI = (
    "M-2.6,-3.4L-8.5,-1.6Q-10,-0.9 -9.3,0.7L-4.6,1.4L-7.6,8.3Q-8,10 -6.2,10L-1.6,10"
    "L0,6.4L1.6,10L6.2,10Q8,10 7.6,8.3L4.6,1.4L9.3,0.7Q10,-0.9 8.5,-1.6L2.6,-3.4"
    "A3.8,3.8 0 1 0 -2.6,-3.4Z"
)


def _seat_words(view: dict[str, Any], seat: int) -> str:
    letter = seat_letter(seat)
    words = gettext("{seat} ({who}): {points} points, {supply} of 7 followers in supply").format(
        seat=letter, who=who(view, seat), points=view["scores"][seat], supply=view["supply"][seat]
    )
    if seat == view["current_player"]:
        words += gettext("; to move")
    if seat in view["winners"]:
        words += gettext("; wins")
    return words


def last_tile(view: dict[str, Any]) -> dict[str, Any]:
    """The board's tile last placed."""
    last = view["last"]
    return next(t for t in view["board"] if (t["x"], t["y"]) == (last["x"], last["y"]))


def turn_tile(
    view: dict[str, Any],
    acts: set[str],
    found: Features,
    phase: str,
    at: tuple[float, float, float],
) -> tuple[list[str], str]:
    """The turn's tile drawn large, centred at ``at`` (x, y, scale), and its caption: the
    tile to place (turned as the choice on the board: ``data-turned``), or the one just
    placed with its free spots; nothing (and no caption) in another step."""
    cx, cy, big = at
    if phase == "place" and view["tile"]:
        drawn = (
            f'<g transform="translate({cx:g},{cy:g}) scale({big:g})">'
            f'<g data-turned="">{tile(view["tile"], 0)}</g></g>'
        )
        return [drawn], gettext("To place: {tile}").format(tile=tile_name(view["tile"]))
    if phase == "deploy" and view["last"]:
        placed = last_tile(view)
        drawn = (
            f'<g transform="translate({cx:g},{cy:g}) scale({big:g})">'
            f"{tile(placed['tile'], placed['rotation'])}"
            # the spots the board shows too (a phone taps them there, at a finger's size)
            f'<g class="also-on-board">{targets(view, acts, found, placed, big)}</g></g>'
        )
        return [drawn], gettext("Placed at {cell}").format(
            cell=cell_words(placed["x"], placed["y"])
        )
    return [], ""
