"""Carcassonne as an SVG picture: the table as a player sees it, drawn from a view.

On top, the status: whose turn and the step, the drawn tile large (in the follower step, the
tile just placed with its free follower spots), each seat's score and followers in supply,
the tiles left (a button opens the bag). Below, the board: every tile (see ``svg_tiles``),
the last one outlined, the followers on their features (farmers lying). In the place step
the candidate cells are highlighted (``data-choose="x,y"``) with a half-transparent ghost of
the drawn tile per rotation that fits (``data-option-of``, ``data-action="place x,y r"``),
one per look: a rotation that looks as another is that ghost's ``data-also`` (``looks``);
in the follower step each free spot is a round target (``data-action="deploy ..."``) and a
button passes. Every part of a feature shares its ``data-feature`` key and a title saying
what it is, who holds it and what it would score now (the view's ``features``, summarised by
the engine; the words are ``svg_features``').

>>> import tavola
>>> state = tavola.load("carcassonne", tiles=["U"]).new_game(seed=1)
>>> picture = draw(state.view(0), state.legal_notations())
>>> picture.count('data-action="place -1,0 0"'), picture.count('data-choose="-1,0"')
(1, 1)
>>> picture.count('data-action="place -1,0 180"'), picture.count('data-also="place -1,0 180"')
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tavola.core.svg import (
    HIGHLIGHT,
    INK,
    PAPER,
    also,
    clickable,
    document,
    escape,
    seat_name,
)
from tavola.games.carcassonne.looks import by_look
from tavola.games.carcassonne.svg_bag import bag_panel
from tavola.games.carcassonne.svg_column import TALL, column_panel
from tavola.games.carcassonne.svg_features import (
    Feature,
    Features,
    features,
    follower_local,
    variant_of,
)
from tavola.games.carcassonne.svg_status import (
    PAD,
    WIDE,
    WIDTH,
    last_tile,
    status_panel,
    title,
    who,
)
from tavola.games.carcassonne.svg_targets import (
    FOLLOWER_WORDS,
    TURN_WORDS,
    WHERE_WORDS,
    placing_effects,
    said_moves,
    targets,
    turned,
)
from tavola.games.carcassonne.svg_tiles import PRINT, SIZE, meeple, spot, tile
from tavola.games.carcassonne.tile_names import tile_name
from tavola.games.carcassonne.tiles import FIELD, TILE_INDEX
from tavola.games.carcassonne.translations import cell_words, gettext

LABEL: Final = 40  # the coordinates around the board (up to "-10")
BOARD_BG: Final = "#D8CCAE"


def draw(view: dict[str, Any], actions: Sequence[str] = ()) -> str:
    """The SVG document of a view; ``actions`` are the viewing seat's legal notations. Its
    words are in the current language."""
    acts = set(actions)
    found = features(view)
    cells = [(t["x"], t["y"]) for t in view["board"]]
    cells += [(c["x"], c["y"]) for c in _candidates(view, acts)]
    west, east = min(x for x, _ in cells), max(x for x, _ in cells)
    south, north = min(y for _, y in cells), max(y for _, y in cells)
    # The board's own units: a cell's centre at (x * SIZE, -y * SIZE), whatever the bounds,
    # so that a client's zoom and pan stay on the same cells when the board grows.
    board_x, board_y = (west - 0.5) * SIZE - LABEL, -(north + 0.5) * SIZE - LABEL
    board_w = (east - west + 1) * SIZE + 2 * LABEL
    board_h = (north - south + 1) * SIZE + 2 * LABEL
    scale = max(1.0, board_w / WIDTH)
    width = WIDTH * scale
    status, status_h = status_panel(view, acts, found)
    band, band_h = status_panel(view, acts, found, wide=True)
    column, column_h = column_panel(view, acts, found)
    panel, panel_h = bag_panel(view, WIDTH)
    top = status_h * scale
    height = max(top + board_h + PAD, (panel_h + 8) * scale)
    far = 50 * SIZE  # the table's cloth reaches past any zoom out
    # a finished game's board opens whole where it fits (data-fit), else on its last tile
    fit = ' data-fit=""' if view["current_player"] is None else ""
    # Two parts (``data-part``), which a client may lay out apart: the board zooms, the
    # status panel stays (tavola.core.svg). Drawn here one above the other.
    body = [
        f'<rect width="{width:g}" height="{height:g}" fill="{PAPER}"/>',
        f'<rect x="0" y="{top:g}" width="{width:g}" height="{height - top:g}" fill="{BOARD_BG}"/>',
        f'<svg data-part="board"{fit} '
        f'x="{(width - board_w) / 2:g}" y="{top:g}" '
        f'width="{board_w:g}" height="{board_h:g}" '
        f'viewBox="{board_x:g} {board_y:g} {board_w:g} {board_h:g}">'
        f'<rect x="{board_x - far:g}" y="{board_y - far:g}" width="{board_w + 2 * far:g}" '
        f'height="{board_h + 2 * far:g}" fill="{BOARD_BG}"/>',
        *_board(view, acts, found, west, north),
        "</svg>",
        f'<svg data-part="head" x="0" y="0" width="{width:g}" height="{top:g}" '
        f'viewBox="0 0 {WIDTH} {status_h:g}" overflow="visible">{status}{panel}</svg>',
        # the same as a band across a wide screen, where a client lays the parts out apart
        f'<svg data-part="head-wide" display="none" x="0" y="0" width="{width:g}" '
        f'height="{top:g}" viewBox="0 0 {WIDE} {band_h:g}" overflow="visible">{band}{panel}</svg>',
        # and as a column beside a tall board
        f'<svg data-part="head-tall" display="none" x="0" y="0" width="{width:g}" '
        f'height="{top:g}" viewBox="0 0 {TALL} {column_h:g}" overflow="visible">'
        f"{column}{panel}</svg>",
    ]
    return document(width, height, body, title(view))


# -- the board ------------------------------------------------------------------------------


def _candidates(view: dict[str, Any], acts: set[str]) -> list[dict[str, Any]]:
    """The candidate cells with the rotations among ``acts`` (none for a waiting seat), one
    per look (``rotations``), and the others that look as each (``alike``)."""
    found = []
    for cell in view["candidates"]:
        turns = [r for r in cell["rotations"] if f"place {cell['x']},{cell['y']} {r}" in acts]
        if turns:
            alike = by_look(TILE_INDEX[view["tile"]], turns)
            found.append({"x": cell["x"], "y": cell["y"], "rotations": [*alike], "alike": alike})
    return found


def _board(
    view: dict[str, Any],
    acts: set[str],
    found: Any,
    west: int,
    north: int,
) -> list[str]:
    def centre(x: int, y: int) -> tuple[float, float]:
        return x * SIZE, -y * SIZE

    left, top = (west - 0.5) * SIZE, -(north + 0.5) * SIZE

    candidates = _candidates(view, acts)
    cells = [(t["x"], t["y"]) for t in view["board"]] + [(c["x"], c["y"]) for c in candidates]
    out = []
    for x in sorted({x for x, _ in cells}):  # coordinates, as in the notation
        cx, _ = centre(x, north)
        out.append(
            f'<text class="axis" x="{cx:g}" y="{top - 10:g}" font-size="{PRINT}" '
            f'text-anchor="middle" fill="#6A5E48">{x}</text>'
        )
    for y in sorted({y for _, y in cells}):
        _, cy = centre(west, y)
        out.append(
            f'<text class="axis" x="{left - 6:g}" y="{cy + 6:g}" font-size="{PRINT}" '
            f'text-anchor="end" fill="#6A5E48">{y}</text>'
        )
    for placed in view["board"]:
        variant = variant_of(placed)
        parts = {}
        for local in [-1, *range(len(variant.kinds))]:
            feature = found.of_node.get((placed["x"], placed["y"], local))
            if feature is not None:
                parts[local] = (feature.key, feature.title)
        cx, cy = centre(placed["x"], placed["y"])
        out.append(
            f'<g class="tile" transform="translate({cx:g},{cy:g})">'
            f"{tile(placed['tile'], placed['rotation'], parts)}</g>"
        )
    if view["last"]:
        cx, cy = centre(view["last"]["x"], view["last"]["y"])
        out.append(
            f'<rect data-focus="" x="{cx - SIZE / 2 + 2:g}" y="{cy - SIZE / 2 + 2:g}" '
            f'width="{SIZE - 4}" height="{SIZE - 4}" fill="none" stroke="{HIGHLIGHT}" '
            'stroke-width="4"/>'
        )
    for follower in view["followers"]:
        out.append(_follower(view, follower, found, centre))
    out += said_moves(view)
    if view["phase"] == "deploy" and view["last"]:
        placed = last_tile(view)
        cx, cy = centre(placed["x"], placed["y"])
        out.append(
            f'<g transform="translate({cx:g},{cy:g})">{targets(view, acts, found, placed, 1)}</g>'
        )
    out += _place_choices(view, found, candidates, centre)
    return out


def _follower(view: dict[str, Any], follower: dict[str, Any], found: Any, centre: Any) -> str:
    x, y = follower["x"], follower["y"]
    placed = next(t for t in view["board"] if (t["x"], t["y"]) == (x, y))
    variant = variant_of(placed)
    local = follower_local(variant, follower["feature"])
    feature: Feature = found.of_node[(x, y, local)]
    sx, sy = spot(variant, local)
    cx, cy = centre(x, y)
    seat = follower["player"]
    kind, _, side = follower["feature"].partition(" ")
    what = gettext(FOLLOWER_WORDS[kind])
    if side:  # a road, a city or a field: which side of the tile, in words
        what = gettext("{follower} {where}").format(follower=what, where=gettext(WHERE_WORDS[side]))
    words = gettext("{seat}: {follower}, at {cell}").format(
        seat=seat_name(view, seat), follower=what, cell=cell_words(x, y)
    )
    lying = variant.kinds[local] == FIELD
    return (
        f'<g class="follower" data-feature="{escape(feature.key)}">'
        f"<title>{escape(words + '. ' + feature.title)}</title>"
        f"{meeple(cx + sx, cy + sy, seat, lying=lying)}</g>"
    )


def _place_choices(
    view: dict[str, Any], found: Features, candidates: list[dict[str, Any]], centre: Any
) -> list[str]:
    """Each candidate cell (``data-choose``) and a ghost of the drawn tile per rotation
    (``data-turn``: its rotation), each saying what placing there does."""
    name = view["tile"]
    cells, ghosts = [], []
    for cell in candidates:
        x, y = cell["x"], cell["y"]
        cx, cy = centre(x, y)
        key = f"{x},{y}"
        effects = {
            rotation: ", ".join(placing_effects(view, found, name, x, y, rotation, who))
            for rotation in cell["rotations"]
        }
        place = gettext("Place the {tile} at {cell}").format(
            tile=tile_name(name), cell=cell_words(x, y)
        )
        words = turned(place, cell["rotations"][0]) if len(effects) == 1 else place
        if len(set(effects.values())) == 1:
            said = next(iter(effects.values()))
        else:
            said = "; ".join(
                gettext("{turned}: {effects}").format(turned=gettext(TURN_WORDS[r]), effects=e)
                for r, e in effects.items()
                if e
            )
        if said:
            words = gettext("{move}: {effects}").format(move=words, effects=said)
        # no print on the cell: the axes say its column and row, its name says them in words
        cells.append(
            f'<g data-choose="{key}" tabindex="0" role="button" aria-label="{escape(words)}">'
            f"<title>{escape(words)}</title>"
            f'<rect class="hit" x="{cx - SIZE / 2 + 3:g}" y="{cy - SIZE / 2 + 3:g}" '
            f'width="{SIZE - 6}" height="{SIZE - 6}" rx="6" fill="{HIGHLIGHT}" fill-opacity="0.45" '
            f'stroke="#A08E00" stroke-width="2.5" stroke-dasharray="7 4"/></g>'
        )
        # each ghost's move without what it does (data-short): the choice bar's counter
        # follows it, before the effects, which the bar cuts first where it is short
        for rotation in cell["rotations"]:
            action = f"place {key} {rotation}"
            label = turned(place, rotation)
            if effects[rotation]:
                label = gettext("{move}: {effects}").format(move=label, effects=effects[rotation])
            # the rotations that look the same are this ghost's too (one choice per look)
            alike = "".join(also(f"place {key} {r}") for r in cell["alike"][rotation])
            ghosts.append(
                f'<g data-option-of="{key}" data-turn="{rotation}"{clickable(action, label)} '
                f'data-short="{escape(turned(place, rotation))}">'
                f"<title>{escape(label)}</title>{alike}"
                f'<g transform="translate({cx:g},{cy:g})" opacity="0.7">{tile(name, rotation)}</g>'
                f'<rect class="hit" x="{cx - SIZE / 2:g}" y="{cy - SIZE / 2:g}" width="{SIZE}" '
                f'height="{SIZE}" fill="#FFFFFF" fill-opacity="0" stroke="{INK}" '
                'stroke-width="2"/></g>'
            )
    return cells + ghosts
