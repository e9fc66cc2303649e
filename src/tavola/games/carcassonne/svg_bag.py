"""Carcassonne's bag, drawn in the status panel (``svg``): the tiles still face down, by
kind, in a panel the "Tiles left" button opens."""

from __future__ import annotations

from typing import Any, Final

from tavola.core.svg import INK, PAPER, escape, wrapped
from tavola.games.carcassonne.svg_features import bag
from tavola.games.carcassonne.svg_tiles import SIZE, tile
from tavola.games.carcassonne.tile_names import tile_name
from tavola.games.carcassonne.tiles import IS_RIVER, TILE_NAMES
from tavola.games.carcassonne.translations import gettext, ngettext

PAD: Final = 12

# -- the bag --------------------------------------------------------------------------------

_BAG_COLUMNS = 6
_BAG_CELL = 76
_BAG_TILE = 52


def bag_panel(view: dict[str, Any], width: float) -> tuple[str, float]:
    """The tiles still face down, by kind, hidden until the "Tiles left" button opens it;
    ``width`` units wide, and its height. The River's tiles show while some are left.

    A bag made up for the game (a lesson's, a puzzle's: the secret ``tiles`` option) that
    left tiles of the box out says only how many tiles it holds: which ones is in no view.
    """
    left = bag(view)
    total = view["tiles_left"]
    if sum(left.values()) != total:
        words, lines = _made_up(total, width)
        return _panel(width, total, words, 60 + 30 * lines + 8)
    groups = [("", [n for n in left if not IS_RIVER[TILE_NAMES.index(n)]])]
    rivers = [n for n in left if IS_RIVER[TILE_NAMES.index(n)]]
    if any(left[n] for n in rivers):
        groups.append((gettext("River"), rivers))
    out = []
    y = 60
    for heading, names in groups:
        if heading:
            out.append(
                f'<text x="{PAD + 4}" y="{y + 18}" font-size="16" font-weight="bold" '
                f'fill="{INK}">{escape(heading)}</text>'
            )
            y += 26
        for index, name in enumerate(names):
            column, row = index % _BAG_COLUMNS, index // _BAG_COLUMNS
            cx = 22 + column * _BAG_CELL + _BAG_TILE / 2
            cy = y + row * _BAG_CELL + _BAG_TILE / 2
            count = left[name]
            faded = ' opacity="0.3"' if not count else ""
            times = f"\N{MULTIPLICATION SIGN}{count}"
            left_words = ngettext("{tile}: {count} left", "{tile}: {count} left", count)
            left_words = left_words.format(tile=tile_name(name), count=count)
            out.append(
                f"<g{faded}><title>{escape(left_words)}</title>"
                f'<g transform="translate({cx:g},{cy:g}) scale({_BAG_TILE / SIZE:g})">'
                f"{tile(name, 0)}</g>"
                f'<text x="{cx:g}" y="{cy + _BAG_TILE / 2 + 16:g}" font-size="15" '
                f'text-anchor="middle" fill="{INK}">{escape(times)}</text></g>'
            )
        y += -(-len(names) // _BAG_COLUMNS) * _BAG_CELL
    return _panel(width, total, "".join(out), y + 8)


def _made_up(total: int, width: float) -> tuple[str, int]:
    """The words of a made-up bag's panel, wrapped to ``width``: no tile of it is shown;
    and their number of lines."""
    # none left: no tile to hide (playtest 11 #7: "0 tiles", then "the one tile that
    # remains", French taking 0 as one)
    hidden = (
        ngettext(
            "which tile is left in it is not shown.",
            "which tiles are left in it is not shown.",
            total,
        )
        if total
        else gettext("no tile is left in it.")
    )
    words = " ".join((gettext("This bag was made up for this game:"), hidden))
    lines = wrapped(words, 17, width - 2 * PAD - 16)
    texts = "".join(
        f'<text x="{PAD + 4}" y="{80 + 30 * i}" font-size="17" fill="{INK}">{escape(line)}</text>'
        for i, line in enumerate(lines)
    )
    return texts, len(lines)


def _panel(width: float, total: int, body: str, height: float) -> tuple[str, float]:
    """The panel: its frame, its heading (``total`` tiles), its close button, ``body``;
    and its height."""
    heading = gettext("Tiles in the bag: {count}").format(count=total)
    close, close_label = gettext("Close"), gettext("Close the bag")
    head = [
        '<g id="bag" class="panel">',
        f'<rect x="4" y="4" width="{width - 8}" height="{height - 4:g}" rx="10" fill="{PAPER}" '
        f'stroke="{INK}" stroke-width="2"/>',
        f'<text x="{PAD + 4}" y="36" font-size="19" font-weight="bold" fill="{INK}">'
        f"{escape(heading)}</text>",
        f'<g data-toggle="bag" tabindex="0" role="button" aria-label="{escape(close_label)}">'
        f"<title>{escape(close)}</title>"
        f'<rect class="hit" x="{width - 58}" y="10" width="48" height="48" rx="8" '
        f'fill="#FFFFFF" stroke="{INK}"/><path d="M{width - 44},24l20,20m0,-20l-20,20" '
        f'stroke="{INK}" stroke-width="3"/></g>',
    ]
    return "".join(head) + body + "</g>", height
