"""Carcassonne as a game of the engine: options, setup and notation."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from tavola.core.game import State, check_players
from tavola.core.i18n import Text
from tavola.core.options import Option
from tavola.core.package_game import GameModules, PackageGame
from tavola.core.points import Source
from tavola.core.randomness import shuffle
from tavola.core.review_budget import Budget
from tavola.games.carcassonne import (
    actions,
    encoding,
    figures,
    heuristic,
    render,
    sources,
    svg,
)
from tavola.games.carcassonne.state import CarcassonneState
from tavola.games.carcassonne.svg_targets import move_words as log_words
from tavola.games.carcassonne.tile_names import tile_text
from tavola.games.carcassonne.tiles import (
    BOX_COUNTS,
    IS_RIVER,
    LAKE,
    SPRING,
    START,
    TILE_INDEX,
    TILE_NAMES,
    land_box,
    river_box,
)
from tavola.games.carcassonne.translations import lazy

SMALL_CITY = ("2", "4")
FARM_SCORING = ("per-farm-once", "per-farm", "per-city")


class Carcassonne(PackageGame):
    """Carcassonne (Klaus-Juergen Wrede) with the River expansion as an option.

    >>> state = Carcassonne(tiles="U,V").new_game(seed=1)
    >>> state.current_tile, state.legal_notations()[:2]
    ('U', ['place -1,0 0', 'place -1,0 180'])
    """

    name: ClassVar[str] = "carcassonne"
    title: ClassVar[str] = "Carcassonne"
    summary: ClassVar[Text] = lazy(
        "2-5 players; lay tiles, deploy followers on roads, cities, fields"
    )
    rules_summary: ClassVar[Text] = render.RULES_SUMMARY
    input_help: ClassVar[Text] = render.INPUT_HELP
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "players",
            2,
            lazy("number of players"),
            choices=(2, 3, 4, 5),
            label=lazy("players"),
        ),
        Option(
            "river",
            False,
            lazy("the River expansion: 12 River tiles come first"),
            label=lazy("River"),
        ),
        Option(
            "small_city",
            "2",
            lazy(
                'a completed 2-tile city scores 2 + 1 per pennant ("2", the basic game) or 4 + 2'
                ' ("4")'
            ),
            choices=SMALL_CITY,
            label=lazy("small city"),
        ),
        Option(
            "farm_scoring",
            "per-farm-once",
            lazy(
                "farms: 3 per completed city, once per player (the basic game), per farm, or 4 per"
                " city"
            ),
            choices=FARM_SCORING,
            label=lazy("farm scoring"),
            value_labels={
                "per-farm-once": lazy("3 per city, once per player"),
                "per-farm": lazy("3 per city, per farm"),
                "per-city": lazy("4 per city"),
            },
        ),
        Option(
            "tiles",
            None,
            lazy(
                "stacked draw order after the start tile (River tiles first, the lake last of them)"
            ),
            item_choices=tuple(name.lower() for name in TILE_NAMES),
            kind=tuple,
            secret=True,
        ),
    )
    review_budget = Budget("heuristic:samples=1", samples=8, depth=4, scale=7.3, width=6)
    state_class = CarcassonneState
    modules = GameModules(actions, encoding, svg, figures, sources, heuristic)

    _stacked: list[int] | None

    def check_options(self) -> None:
        check_players(self, (2, 3, 4, 5))
        self._stacked = None
        tiles = self.options["tiles"]
        if tiles is not None:
            assert isinstance(tiles, tuple)
            by_lower = {name.lower(): index for name, index in TILE_INDEX.items()}
            self._stacked = self._check_tiles([by_lower[name] for name in tiles])

    def _check_tiles(self, tiles: list[int]) -> list[int]:
        river = bool(self.options["river"])
        for tile in set(tiles):
            limit = BOX_COUNTS[tile] - (tile == START and not river) - (tile == SPRING)
            if tiles.count(tile) > limit:
                raise self.invalid(f"tiles: at most {limit} {TILE_NAMES[tile]} tile(s) to draw")
            if IS_RIVER[tile] and not river:
                raise self.invalid(
                    f"tiles: {TILE_NAMES[tile]} is a River tile; it needs river=true"
                )
        kinds = [IS_RIVER[tile] for tile in tiles]
        if kinds != sorted(kinds, reverse=True):
            raise self.invalid("tiles: the River tiles come before every land tile")
        if LAKE in tiles and tiles.index(LAKE) != sum(kinds) - 1:
            raise self.invalid("tiles: the lake is the last River tile")
        return tiles

    def drawn_words(self, before: State, after: State) -> Text | None:
        """The tile drawn for the seat to move, when it changed (or the turn passed)."""
        tile = getattr(after, "current_tile", None)
        if tile is None:
            return None
        if tile == getattr(before, "current_tile", None) and (
            after.current_player == before.current_player
        ):
            return None
        return tile_text(tile)

    def move_words(self, state: State, action: int) -> str | None:
        """The move in the live log's words; a placement names the tile drawn in ``state``."""
        tile = getattr(state, "current_tile", None)
        return log_words(self._action_to_string(action), tile or "")

    def rating_category(self) -> str:
        """A duel apart; three to five players share one pool.

        >>> Carcassonne(players=4).rating_category()
        '3-5p'
        """
        return "2p" if self.num_players == 2 else "3-5p"

    def new_game(self, seed: object = None) -> CarcassonneState:
        seed = self.seed_for(seed)
        if self._stacked is not None:
            return CarcassonneState(self, seed, self._stacked[:])
        rng = random.Random(seed)
        river = bool(self.options["river"])
        land = land_box(river)
        shuffle(rng, land)
        if not river:
            return CarcassonneState(self, seed, land)
        stream = river_box()
        shuffle(rng, stream)
        return CarcassonneState(self, seed, [*stream, LAKE, *land])

    def _render(
        self, view: dict[str, Any], color: bool, width: int | None, height: int | None
    ) -> str:
        return render.render(view, color=color, width=width, height=height)

    def point_sources(self) -> list[Source]:
        return sources.point_sources()
