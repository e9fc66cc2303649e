"""Test-only reference implementation of Carcassonne with the River expansion.

Written independently from the rules digest (shared/rules/carcassonne.md) and
the Italian rules sheet, without looking at the engine. It is deliberately slow
and simple: placements are found by trying every empty cell next to the board
with every rotation, and every feature is found by a fresh flood fill over the
board whenever it is needed (nothing is cached). Use it only to cross-check the
engine in tests.

Conventions (shared with the engine):
- x grows to the east, y to the north; the north neighbour of (x, y) is (x, y + 1).
- Rotations are 0/90/180/270 degrees clockwise; rotating by 90 moves N to E and
  the field half Nl to El.
- Field halves, seen from the tile's centre looking out over a side: Nl west,
  Nr east; El north, Er south; Sl east, Sr west; Wl south, Wr north.
- Notations: ``place X,Y R``, ``deploy road E``, ``deploy city N``,
  ``deploy field Nl``, ``deploy cloister``, ``pass``. A feature is named by the
  first of its board sides in the order N, E, S, W (roads, cities) or of its
  board halves in the order Nl, Nr, El, Er, Sl, Sr, Wl, Wr (fields).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

SIDES = ("N", "E", "S", "W")
HALVES = ("Nl", "Nr", "El", "Er", "Sl", "Sr", "Wl", "Wr")
DELTA = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
FOLLOWERS_PER_PLAYER = 7
SMALL_CITY_OPTIONS = ("2", "4")
FARM_OPTIONS = ("per-farm-once", "per-farm", "per-city")

Cell = tuple[int, int]
Node = tuple[int, int, int]  # (x, y, index of the feature in its tile's feature list)


@dataclass(frozen=True)
class Feature:
    """One feature of a tile: its kind and the sides (or field halves) it reaches.

    ``adjacent`` (fields only) holds the indices, in the same tile, of the city
    features the field touches.
    """

    kind: str  # "road", "city", "field" or "cloister"
    ports: frozenset[str]
    pennant: bool = False
    adjacent: frozenset[int] = frozenset()


@dataclass(frozen=True)
class TileType:
    name: str
    count: int
    edges: str  # edge types in the order N, E, S, W: C city, R road, F field, I river
    features: tuple[Feature, ...]

    def edge(self, side: str) -> str:
        return self.edges[SIDES.index(side)]


# --- tile table ---------------------------------------------------------------------------------

ALL_HALVES = " ".join(HALVES)


def _road(sides: str) -> tuple[str, str, bool, str]:
    return ("road", sides, False, "")


def _city(sides: str, pennant: bool = False) -> tuple[str, str, bool, str]:
    return ("city", sides, pennant, "")


def _field(halves: str, adj: str = "") -> tuple[str, str, bool, str]:
    """A field; ``adj`` names the touched cities by one side of each (``"N S"``)."""
    return ("field", halves, False, adj)


def _cloister() -> tuple[str, str, bool, str]:
    return ("cloister", "", False, "")


def _tile(name: str, count: int, edges: str, *specs: tuple[str, str, bool, str]) -> TileType:
    city_index: dict[str, int] = {}
    for index, (kind, ports, _pennant, _adj) in enumerate(specs):
        if kind == "city":
            for side in ports.split():
                city_index[side] = index
    features = []
    for kind, ports, pennant, adj in specs:
        adjacent = frozenset(city_index[side] for side in adj.split())
        features.append(Feature(kind, frozenset(ports.split()), pennant, adjacent))
    return TileType(name, count, edges, tuple(features))


# One line per row of the digest's table; the field halves and "adj" as written there.
# fmt: off
BASE_TILES: tuple[TileType, ...] = (
    _tile("A", 2, "FFRF", _cloister(), _road("S"), _field(ALL_HALVES)),
    _tile("B", 4, "FFFF", _cloister(), _field(ALL_HALVES)),
    _tile("C", 1, "CCCC", _city("N E S W", pennant=True)),
    _tile("D", 4, "CRFR", _city("N"), _road("W E"), _field("El Wr", "N"), _field("Er Sl Sr Wl")),
    _tile("E", 5, "CFFF", _city("N"), _field("El Er Sl Sr Wl Wr", "N")),
    _tile("F", 2, "FCFC", _city("W E", pennant=True), _field("Nl Nr", "W"), _field("Sl Sr", "W")),
    _tile("G", 1, "FCFC", _city("W E"), _field("Nl Nr", "W"), _field("Sl Sr", "W")),
    _tile("H", 3, "CFCF", _city("N"), _city("S"), _field("El Er Wl Wr", "N S")),
    _tile("I", 2, "CFFC", _city("N"), _city("W"), _field("El Er Sl Sr", "N W")),
    _tile("J", 3, "CRRF", _city("N"), _road("E S"), _field("El Wl Wr Sr", "N"), _field("Er Sl")),
    _tile("K", 3, "CFRR", _city("N"), _road("S W"), _field("Wr El Er Sl", "N"), _field("Wl Sr")),
    _tile("L", 3, "CRRR", _city("N"), _road("E"), _road("S"), _road("W"),
          _field("Wr El", "N"), _field("Wl Sr"), _field("Er Sl")),
    _tile("M", 2, "CFFC", _city("N W", pennant=True), _field("El Er Sl Sr", "N")),
    _tile("N", 3, "CFFC", _city("N W"), _field("El Er Sl Sr", "N")),
    _tile("O", 2, "CRRC", _city("N W", pennant=True), _road("E S"), _field("El Sr", "N"),
          _field("Er Sl")),
    _tile("P", 3, "CRRC", _city("N W"), _road("E S"), _field("El Sr", "N"), _field("Er Sl")),
    _tile("Q", 1, "CCFC", _city("N E W", pennant=True), _field("Sl Sr", "N")),
    _tile("R", 3, "CCFC", _city("N E W"), _field("Sl Sr", "N")),
    _tile("S", 2, "CCRC", _city("N E W", pennant=True), _road("S"), _field("Sl", "N"),
          _field("Sr", "N")),
    _tile("T", 1, "CCRC", _city("N E W"), _road("S"), _field("Sl", "N"), _field("Sr", "N")),
    _tile("U", 8, "FRFR", _road("W E"), _field("Wr Nl Nr El"), _field("Er Sl Sr Wl")),
    _tile("V", 9, "FFRR", _road("W S"), _field("Wr Nl Nr El Er Sl"), _field("Sr Wl")),
    _tile("W", 4, "FRRR", _road("E"), _road("S"), _road("W"),
          _field("Wr Nl Nr El"), _field("Er Sl"), _field("Sr Wl")),
    _tile("X", 1, "RRRR", _road("N"), _road("E"), _road("S"), _road("W"),
          _field("Wr Nl"), _field("Nr El"), _field("Er Sl"), _field("Sr Wl")),
)

# River tiles: the river itself is not a feature (no follower, never scored); it is
# read from the "I" edges.
RIVER_TILES: tuple[TileType, ...] = (
    _tile("spring", 1, "FIFF", _field(ALL_HALVES)),
    _tile("lake", 1, "FFFI", _field(ALL_HALVES)),
    _tile("river-cities", 1, "CICI", _city("N"), _city("S"),
          _field("El Wr", "N"), _field("Er Wl", "S")),
    _tile("river-city-road", 1, "CIRI", _city("N"), _road("S"),
          _field("El", "N"), _field("Wr", "N"), _field("Er Sl"), _field("Wl Sr")),
    _tile("river-cloister", 1, "FIRI", _cloister(), _road("S"),
          _field("Wr Nl Nr El"), _field("Er Sl"), _field("Wl Sr")),
    _tile("river-bridge", 1, "IRIR", _road("W E"),
          _field("Wr Nl"), _field("Nr El"), _field("Er Sl"), _field("Wl Sr")),
    _tile("river-straight", 2, "FIFI", _field("Wr Nl Nr El"), _field("Wl Sl Sr Er")),
    _tile("river-city-curve", 1, "CIIC", _city("N W"), _field("Sr El", "N"), _field("Er Sl")),
    _tile("river-road-curve", 1, "RRII", _road("N E"),
          _field("Wr Nl Er Sl"), _field("Nr El"), _field("Wl Sr")),
    _tile("river-curve", 2, "FFII", _field("Wr Nl Nr El Er Sl"), _field("Wl Sr")),
)
# fmt: on

TILES: dict[str, TileType] = {tile.name: tile for tile in BASE_TILES + RIVER_TILES}
RIVER_NAMES = frozenset(tile.name for tile in RIVER_TILES)


# --- geometry -----------------------------------------------------------------------------------


def rotate_side(side: str, rotation: int) -> str:
    """Board side of a tile side after a clockwise rotation.

    >>> rotate_side("N", 90), rotate_side("W", 180)
    ('E', 'E')
    """
    return SIDES[(SIDES.index(side) + rotation // 90) % 4]


def rotate_port(port: str, rotation: int) -> str:
    """Board side or half of a tile side or half ("Nl" -> "El" at 90)."""
    return rotate_side(port[0], rotation) + port[1:]


def across(port: str) -> str:
    """The port of the neighbour that touches ``port`` ("N" -> "S", "Nl" -> "Sr")."""
    side = OPPOSITE[port[0]]
    if len(port) == 1:
        return side
    return side + ("r" if port[1] == "l" else "l")


def neighbour(cell: Cell, side: str) -> Cell:
    dx, dy = DELTA[side]
    return (cell[0] + dx, cell[1] + dy)


def board_features(name: str, rotation: int) -> list[Feature]:
    """The tile's features with their ports in board orientation (same indices)."""
    return [
        Feature(f.kind, frozenset(rotate_port(p, rotation) for p in f.ports), f.pennant, f.adjacent)
        for f in TILES[name].features
    ]


def board_edge(name: str, rotation: int, side: str) -> str:
    """Edge type on a board side of a rotated tile."""
    base_side = SIDES[(SIDES.index(side) - rotation // 90) % 4]
    return TILES[name].edge(base_side)


def canonical_port(feature: Feature) -> str:
    order = HALVES if feature.kind == "field" else SIDES
    return next(port for port in order if port in feature.ports)


def feature_label(feature: Feature) -> str:
    """``road E``, ``city N``, ``field Nl`` or ``cloister``."""
    if feature.kind == "cloister":
        return "cloister"
    return f"{feature.kind} {canonical_port(feature)}"


# --- the game -----------------------------------------------------------------------------------


class RefCarcassonne:
    """A whole game: tiles are drawn in the given order after the start tile."""

    def __init__(
        self,
        players: int,
        tiles: list[str],
        river: bool = False,
        small_city: str = "2",
        farm_scoring: str = "per-farm-once",
    ) -> None:
        if not 2 <= players <= 5:
            raise ValueError(f"bad player count {players}")
        if small_city not in SMALL_CITY_OPTIONS:
            raise ValueError(f"bad small_city {small_city!r}")
        if farm_scoring not in FARM_OPTIONS:
            raise ValueError(f"bad farm_scoring {farm_scoring!r}")
        for name in tiles:
            if name not in TILES or name == "spring" or (name in RIVER_NAMES and not river):
                raise ValueError(f"bad tile {name!r}")
        self.players = players
        self.river = river
        self.small_city = small_city
        self.farm_scoring = farm_scoring
        self._queue = list(tiles)
        self._board: dict[Cell, tuple[str, int]] = {}
        self._followers: list[tuple[int, int, int, int]] = []  # (player, x, y, feature index)
        self._supply = [FOLLOWERS_PER_PLAYER] * players
        self._scores = [0] * players
        # River state: the cell the river flows into and the side it flows out of
        # the last river tile; the turn ("L", "R", "S") of the last river tile.
        self._river_open: tuple[Cell, str] | None = None
        self._last_turn = "S"
        if river:
            self._board[(0, 0)] = ("spring", 0)
            self._river_open = ((1, 0), "E")
        else:
            self._board[(0, 0)] = ("D", 0)
        self._player = 0
        self._tile: str | None = None
        self._phase = "place"  # "place", "deploy" or "over"
        self._placed: Cell | None = None
        self._draw()

    # --- public interface -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._phase == "over" else self._player

    @property
    def current_tile(self) -> str | None:
        return None if self._phase == "over" else self._tile

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def scores(self) -> list[int]:
        return list(self._scores)

    def supply(self) -> list[int]:
        return list(self._supply)

    def board(self) -> dict[Cell, tuple[str, int]]:
        return dict(self._board)

    def followers(self) -> list[tuple[int, int, int, str]]:
        """(player, x, y, label) for every follower in play; label as in ``deploy``."""
        result = []
        for player, x, y, index in self._followers:
            name, rotation = self._board[(x, y)]
            result.append((player, x, y, feature_label(board_features(name, rotation)[index])))
        return result

    def legal(self) -> set[str]:
        if self._phase == "place":
            assert self._tile is not None
            return {f"place {x},{y} {r}" for x, y, r in self._placements(self._tile)}
        if self._phase == "deploy":
            return set(self._deploy_options()) | {"pass"}
        return set()

    def apply(self, notation: str) -> None:
        notation = " ".join(notation.split())
        if notation not in self.legal():
            raise ValueError(f"illegal action {notation!r}")
        if self._phase == "place":
            assert self._tile is not None
            cell_text, rotation_text = notation.split()[1:]
            x_text, y_text = cell_text.split(",")
            self._place(self._tile, (int(x_text), int(y_text)), int(rotation_text))
            if self._supply[self._player] > 0 and self._deploy_options():
                self._phase = "deploy"
            else:
                self._end_turn()
        else:
            if notation != "pass":
                assert self._placed is not None
                index = self._deploy_options()[notation]
                self._followers.append((self._player, *self._placed, index))
                self._supply[self._player] -= 1
            self._end_turn()

    # --- placement ------------------------------------------------------------------------------

    def _placements(self, name: str) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where the tile may go, by brute force."""
        candidates = {
            neighbour(cell, side)
            for cell in self._board
            for side in SIDES
            if neighbour(cell, side) not in self._board
        }
        result = []
        for x, y in sorted(candidates):
            for rotation in (0, 90, 180, 270):
                if self._fits(name, (x, y), rotation):
                    result.append((x, y, rotation))
        return result

    def _fits(self, name: str, cell: Cell, rotation: int) -> bool:
        for side in SIDES:
            other = neighbour(cell, side)
            if other in self._board:
                other_name, other_rotation = self._board[other]
                mine = board_edge(name, rotation, side)
                theirs = board_edge(other_name, other_rotation, OPPOSITE[side])
                if mine != theirs:
                    return False
        if name in RIVER_NAMES:
            return self._river_step(name, cell, rotation) is not None
        return True

    def _river_step(self, name: str, cell: Cell, rotation: int) -> tuple[str, str] | None:
        """(turn, new flow side or "") if the river tile continues the river there, else None."""
        if self._river_open is None:
            return None
        open_cell, flow = self._river_open
        if cell != open_cell:
            return None
        river_sides = [s for s in SIDES if board_edge(name, rotation, s) == "I"]
        entry = OPPOSITE[flow]
        if entry not in river_sides:
            return None
        exits = [s for s in river_sides if s != entry]
        if not exits:  # the lake
            return ("S", "")
        (exit_side,) = exits
        step = (SIDES.index(exit_side) - SIDES.index(flow)) % 4
        turn = {0: "S", 1: "R", 3: "L"}[step]
        if turn != "S" and turn == self._last_turn:
            return None  # two curves the same way make a U
        if neighbour(cell, exit_side) in self._board:
            return None
        return (turn, exit_side)

    def _place(self, name: str, cell: Cell, rotation: int) -> None:
        if name in RIVER_NAMES:
            step = self._river_step(name, cell, rotation)
            assert step is not None
            turn, exit_side = step
            self._last_turn = turn
            self._river_open = (neighbour(cell, exit_side), exit_side) if exit_side else None
        self._board[cell] = (name, rotation)
        self._placed = cell

    def _draw(self) -> None:
        """Draw the next placeable tile for the current player, or end the game."""
        while self._queue:
            name = self._queue.pop(0)
            if self._placements(name):
                self._tile = name
                self._phase = "place"
                return
        self._tile = None
        self._final_scoring()
        self._phase = "over"

    # --- features -------------------------------------------------------------------------------

    def _features(self, cell: Cell) -> list[Feature]:
        name, rotation = self._board[cell]
        return board_features(name, rotation)

    def _component(self, start: Node) -> frozenset[Node]:
        """Every segment connected to ``start`` (flood fill over the board)."""
        kind = self._features(start[:2])[start[2]].kind
        seen = {start}
        todo = [start]
        while todo:
            x, y, index = todo.pop()
            if kind == "cloister":
                continue
            for port in self._features((x, y))[index].ports:
                other = neighbour((x, y), port[0])
                if other not in self._board:
                    continue
                wanted = across(port)
                for other_index, feature in enumerate(self._features(other)):
                    if feature.kind == kind and wanted in feature.ports:
                        node = (*other, other_index)
                        if node not in seen:
                            seen.add(node)
                            todo.append(node)
        return frozenset(seen)

    def _kind(self, component: frozenset[Node]) -> str:
        x, y, index = next(iter(component))
        return self._features((x, y))[index].kind

    def _cloister_ring(self, component: frozenset[Node]) -> int:
        """How many of the 8 cells around the cloister hold tiles."""
        ((x, y, _),) = component
        return sum(
            (x + dx, y + dy) in self._board
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0)
        )

    def _complete(self, component: frozenset[Node]) -> bool:
        kind = self._kind(component)
        if kind == "cloister":
            return self._cloister_ring(component) == 8
        assert kind in ("road", "city")
        return all(
            neighbour((x, y), port) in self._board
            for x, y, index in component
            for port in self._features((x, y))[index].ports
        )

    def _points(self, component: frozenset[Node], final: bool) -> int:
        kind = self._kind(component)
        if kind == "cloister":
            return 1 + self._cloister_ring(component)
        tiles = len({(x, y) for x, y, _ in component})
        if kind == "road":
            return tiles
        pennants = sum(self._features((x, y))[i].pennant for x, y, i in component)
        if final:
            return tiles + pennants
        if tiles == 2 and self.small_city == "2":
            return 2 + pennants
        return 2 * tiles + 2 * pennants

    def _owners(self, component: frozenset[Node]) -> list[int]:
        counts = Counter(p for p, x, y, i in self._followers if (x, y, i) in component)
        if not counts:
            return []
        best = max(counts.values())
        return sorted(p for p, n in counts.items() if n == best)

    def _deploy_options(self) -> dict[str, int]:
        assert self._placed is not None
        occupied = {(x, y, i) for _p, x, y, i in self._followers}
        options = {}
        for index, feature in enumerate(self._features(self._placed)):
            component = self._component((*self._placed, index))
            if not component & occupied:
                options[f"deploy {feature_label(feature)}"] = index
        return options

    def _follower_components(self, kinds: tuple[str, ...]) -> list[frozenset[Node]]:
        components: list[frozenset[Node]] = []
        for _player, x, y, index in self._followers:
            if self._features((x, y))[index].kind not in kinds:
                continue
            component = self._component((x, y, index))
            if component not in components:
                components.append(component)
        return components

    def _award(self, component: frozenset[Node], final: bool) -> None:
        points = self._points(component, final)
        for player in self._owners(component):
            self._scores[player] += points
        for follower in [f for f in self._followers if f[1:] in component]:
            self._followers.remove(follower)
            self._supply[follower[0]] += 1

    # --- turn end and scoring -------------------------------------------------------------------

    def _end_turn(self) -> None:
        for component in self._follower_components(("road", "city", "cloister")):
            if self._complete(component):
                self._award(component, final=False)
        self._placed = None
        self._player = (self._player + 1) % self.players
        self._draw()

    def _final_scoring(self) -> None:
        for component in self._follower_components(("road", "city", "cloister")):
            assert not self._complete(component)  # completed ones were scored in play
            self._award(component, final=True)
        self._score_farms()

    def _touched_cities(self, farm: frozenset[Node]) -> set[frozenset[Node]]:
        """The completed cities the farm touches."""
        cities = set()
        for x, y, index in farm:
            for city_index in self._features((x, y))[index].adjacent:
                city = self._component((x, y, city_index))
                if self._complete(city):
                    cities.add(city)
        return cities

    def _score_farms(self) -> None:
        farms = self._follower_components(("field",))
        if self.farm_scoring == "per-city":
            farmers_by_city: dict[frozenset[Node], Counter[int]] = {}
            for farm in farms:
                farmers = Counter(p for p, x, y, i in self._followers if (x, y, i) in farm)
                for city in self._touched_cities(farm):
                    farmers_by_city.setdefault(city, Counter()).update(farmers)
            for counts in farmers_by_city.values():
                best = max(counts.values())
                for player, n in counts.items():
                    if n == best:
                        self._scores[player] += 4
            return
        supplied: list[set[frozenset[Node]]] = [set() for _ in range(self.players)]
        for farm in farms:
            cities = self._touched_cities(farm)
            for player in self._owners(farm):
                if self.farm_scoring == "per-farm":
                    self._scores[player] += 3 * len(cities)
                else:
                    supplied[player] |= cities
        for player, cities in enumerate(supplied):
            self._scores[player] += 3 * len(cities)
