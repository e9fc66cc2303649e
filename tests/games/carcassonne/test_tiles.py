# ruff: noqa: E501  (the digest's table rows are copied as printed)
"""The tile data against the rules digest's table, transcribed here independently.

The rows below are the digest's table as printed (shared/rules/carcassonne.md); the test
reads them with its own parser and compares counts, edges, features, pennants and which
cities each field touches with the engine's tiles, in every rotation.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tavola.games.carcassonne.tiles import (
    BOX_COUNTS,
    CITY,
    CLOISTER,
    FIELD,
    FITS,
    HALVES,
    IS_RIVER,
    NUM_TILES,
    RIVER,
    ROAD,
    SIDES,
    TILE_NAMES,
    VARIANTS,
    land_box,
    opposite_half,
    river_box,
    variant_id,
)

DIGEST = """\
| A | 2 | F F R F | cloister; road S ends at it; field {all halves} |
| B | 4 | F F F F | cloister; field {all} |
| C | 1 | C C C C | city NESW + |
| D | 4 | C R F R | city N; road W-E; field {El Wr} adj N; field {Er Sl Sr Wl} |
| E | 5 | C F F F | city N; field {El Er Sl Sr Wl Wr} adj N |
| F | 2 | F C F C | city W-E +; field {Nl Nr} adj; field {Sl Sr} adj |
| G | 1 | F C F C | city W-E; field {Nl Nr} adj; field {Sl Sr} adj |
| H | 3 | C F C F | city N; city S (separate); field {El Er Wl Wr} adj N, S |
| I | 2 | C F F C | city N; city W (separate); field {El Er Sl Sr} adj N, W |
| J | 3 | C R R F | city N; road E-S; field {El Wl Wr Sr} adj N; field {Er Sl} |
| K | 3 | C F R R | city N; road S-W; field {Wr El Er Sl} adj N; field {Wl Sr} |
| L | 3 | C R R R | city N; roads E, S, W end at a crossroads; field {Wr El} adj N; field {Wl Sr}; field {Er Sl} |
| M | 2 | C F F C | city N-W +; field {El Er Sl Sr} adj |
| N | 3 | C F F C | city N-W; field {El Er Sl Sr} adj |
| O | 2 | C R R C | city N-W +; road E-S; field {El Sr} adj; field {Er Sl} |
| P | 3 | C R R C | city N-W; road E-S; field {El Sr} adj; field {Er Sl} |
| Q | 1 | C C F C | city N-E-W +; field {Sl Sr} adj |
| R | 3 | C C F C | city N-E-W; field {Sl Sr} adj |
| S | 2 | C C R C | city N-E-W +; road S ends at the city; field {Sl} adj; field {Sr} adj |
| T | 1 | C C R C | city N-E-W; road S ends at the city; field {Sl} adj; field {Sr} adj |
| U | 8 | F R F R | road W-E; field {Wr Nl Nr El}; field {Er Sl Sr Wl} |
| V | 9 | F F R R | road W-S; field {Wr Nl Nr El Er Sl}; field {Sr Wl} |
| W | 4 | F R R R | roads E, S, W end at a crossroads; field {Wr Nl Nr El}; field {Er Sl}; field {Sr Wl} |
| X | 1 | R R R R | 4 roads end at a crossroads; fields {Wr Nl}, {Nr El}, {Er Sl}, {Sr Wl} |
| spring | 1 | F I F F | river starts, flows E; field {all} |
| lake | 1 | F F F I | river ends, from W; field {all} |
| river-cities | 1 | C I C I | river W-E; city N; city S; field {El Wr} adj N; field {Er Wl} adj S |
| river-city-road | 1 | C I R I | river W-E; city N; road S ends at the city (crosses the river by a bridge); fields {El} adj N, {Wr} adj N, {Er Sl}, {Wl Sr} |
| river-cloister | 1 | F I R I | river W-E; cloister; road S ends at it; fields {Wr Nl Nr El}, {Er Sl}, {Wl Sr} |
| river-bridge | 1 | I R I R | river N-S; road W-E crosses it; fields {Wr Nl}, {Nr El}, {Er Sl}, {Wl Sr} |
| river-straight | 2 | F I F I | river W-E; fields {Wr Nl Nr El}, {Wl Sl Sr Er} |
| river-city-curve | 1 | C I I C | city N-W; river S-E; field {Sr El} adj; field {Er Sl} |
| river-road-curve | 1 | R R I I | road N-E; river W-S; fields {Wr Nl Er Sl}, {Nr El}, {Wl Sr} |
| river-curve | 2 | F F I I | river W-S; fields {Wr Nl Nr El Er Sl}, {Wl Sr} |
"""

Feature = tuple[str, frozenset[str], int, frozenset[frozenset[str]]]


def digest_rows() -> dict[str, tuple[int, str, list[Feature]]]:
    """name -> (count, edges, features); a feature is (kind, sides or halves, pennants,
    the cities a field touches, each as its set of sides)."""
    rows = {}
    for line in DIGEST.splitlines():
        name, count, edges, text = (cell.strip() for cell in line.strip("|").split("|"))
        features: list[Feature] = []
        cities: list[frozenset[str]] = []
        fields: list[tuple[frozenset[str], str | None]] = []
        for part in (p.strip() for p in text.split(";")):
            words = part.split()
            if words[0] == "cloister":
                features.append(("cloister", frozenset(), 0, frozenset()))
            elif words[0] == "city":
                sides = frozenset(re.sub(r"[^NESW]", "", words[1]))
                cities.append(sides)
                features.append(("city", sides, part.count("+"), frozenset()))
            elif words[0] == "road" and "-" in words[1]:
                features.append(("road", frozenset(words[1].split("-")), 0, frozenset()))
            elif words[0] == "road":
                features.append(("road", frozenset(words[1]), 0, frozenset()))
            elif words[0] == "roads":
                for side in re.findall(r"\b[NESW]\b", part):
                    features.append(("road", frozenset(side), 0, frozenset()))
            elif words[:2] == ["4", "roads"]:
                for side in "NESW":
                    features.append(("road", frozenset(side), 0, frozenset()))
            elif words[0] in ("field", "fields"):
                pattern = r"\{([^}]*)\}( adj((?:,? [NESW]\b)*))?"
                for halves, adj, sides in re.findall(pattern, part):
                    chosen = frozenset(HALVES if halves.startswith("all") else halves.split())
                    fields.append((chosen, sides.strip(" ,") if adj else None))
            else:
                assert words[0] == "river", part
        for halves, adj in fields:
            if adj is None:
                touched: frozenset[frozenset[str]] = frozenset()
            elif adj == "":
                (only,) = cities
                touched = frozenset({only})
            else:
                touched = frozenset(
                    next(c for c in cities if side in c) for side in re.findall("[NESW]", adj)
                )
            features.append(("field", halves, 0, touched))
        rows[name] = (int(count), edges.replace(" ", ""), features)
    return rows


KIND_NAMES = {FIELD: "field", ROAD: "road", CITY: "city", CLOISTER: "cloister"}


def engine_features(tile: int) -> list[Feature]:
    variant = VARIANTS[variant_id(tile, 0)]
    features: list[Feature] = []
    city_sides = {
        local: frozenset(SIDES[s] for s in range(4) if variant.slots[s] == local)
        for local, kind in enumerate(variant.kinds)
        if kind == CITY
    }
    for local, kind in enumerate(variant.kinds):
        if kind == FIELD:
            ports = frozenset(HALVES[h] for h in range(8) if variant.slots[4 + h] == local)
        else:
            ports = frozenset(SIDES[s] for s in range(4) if variant.slots[s] == local)
        touched = frozenset(city_sides[c] for c in variant.adjacent[local])
        features.append((KIND_NAMES[kind], ports, variant.pennants[local], touched))
    return features


ROWS = digest_rows()


def test_the_box_holds_72_land_and_12_river_tiles() -> None:
    land = sum(BOX_COUNTS[t] for t in range(NUM_TILES) if not IS_RIVER[t])
    river = sum(BOX_COUNTS[t] for t in range(NUM_TILES) if IS_RIVER[t])
    assert (land, river) == (72, 12)
    assert len(land_box(with_river=False)) == 71  # the start tile is on the table
    assert len(land_box(with_river=True)) == 72
    assert len(river_box()) == 10  # spring placed, lake set aside
    assert sorted(TILE_NAMES) == sorted(ROWS)


@pytest.mark.parametrize("name", TILE_NAMES)
def test_each_tile_matches_the_digest(name: str) -> None:
    tile = TILE_NAMES.index(name)
    count, edges, features = ROWS[name]
    assert BOX_COUNTS[tile] == count
    assert "".join("FRCI"[e] for e in VARIANTS[variant_id(tile, 0)].edges) == edges
    assert Counter(engine_features(tile)) == Counter(features)


def test_pennants_are_ten_on_c_f_m_o_q_s() -> None:
    pennants = {
        name: sum(VARIANTS[variant_id(t, 0)].pennants)
        for t, name in enumerate(TILE_NAMES)
        if sum(VARIANTS[variant_id(t, 0)].pennants)
    }
    assert pennants == {"C": 1, "F": 1, "M": 1, "O": 1, "Q": 1, "S": 1}
    assert sum(BOX_COUNTS[TILE_NAMES.index(n)] for n in pennants) == 10


@pytest.mark.parametrize("vid", range(len(VARIANTS)))
def test_every_rotation_is_consistent(vid: int) -> None:
    """Each side's type agrees with the features on it; halves of city sides are no field."""
    variant = VARIANTS[vid]
    printed = VARIANTS[variant_id(variant.tile, 0)]
    r = variant.rotation
    for side in range(4):
        assert variant.edges[(side + r) % 4] == printed.edges[side]
        edge = variant.edges[side]
        local = variant.slots[side]
        if edge in (ROAD, CITY):
            assert variant.kinds[local] == edge
        else:
            assert local == -1
        for half in (2 * side, 2 * side + 1):
            field = variant.slots[4 + half]
            if edge == CITY:
                assert field == -1
            else:
                assert variant.kinds[field] == FIELD
    river = [s for s in range(4) if variant.edges[s] == RIVER]
    assert list(variant.river_sides) == river


def test_rotating_moves_n_to_e_and_nl_to_el() -> None:
    d90 = VARIANTS[variant_id(TILE_NAMES.index("D"), 1)]
    assert "".join("FRCI"[e] for e in d90.edges) == "RCRF"  # city E, road N-S
    city_field = d90.slots[4 + HALVES.index("Nl")]  # D's El moved to... Nl -> El
    assert d90.adjacent[d90.slots[4 + HALVES.index("Sl")]] == (d90.slots[1],)
    assert city_field != -1
    assert [opposite_half(HALVES.index(h)) for h in ("Nl", "Nr", "El", "Er")] == [
        HALVES.index(h) for h in ("Sr", "Sl", "Wr", "Wl")
    ]


def test_fits_table_matches_edge_by_edge() -> None:
    c_tile = TILE_NAMES.index("C")
    city_south = (CITY + 1) * 5**2  # a neighbour's city faces our south side
    assert FITS[c_tile][city_south] == (0, 1, 2, 3)
    road_west = (ROAD + 1) * 5**3
    assert FITS[c_tile][road_west] == ()
    d_tile = TILE_NAMES.index("D")
    assert FITS[d_tile][road_west] == (0, 2)  # D's roads run W-E at 0 and 180
