"""Scoring Carcassonne's features: completed ones during play, the rest and farms at the end.

Followers on a feature are counted from its packed ``meeples`` (4 bits per seat). A
feature's tiles are its segments, less the extra segments of one tile that the feature
reaches twice (only tiles with two roads or two cities can do that; ``state.multi``
lists their segments).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tavola.core.events import Event, Table
from tavola.core.i18n import N_, Joined, Text, listed
from tavola.games.carcassonne.actions import RING, cell_xy
from tavola.games.carcassonne.tiles import (
    CITY,
    CLOISTER,
    DEPLOY_CITY,
    DEPLOY_CLOISTER,
    DEPLOY_FIELD,
    FIELD,
    KINDS,
    ROAD,
    VARIANTS,
)
from tavola.games.carcassonne.translations import cell_words, lazy

if TYPE_CHECKING:
    from tavola.games.carcassonne.state import CarcassonneState

FARM_POINTS: Final = {"per-farm-once": 3, "per-farm": 3, "per-city": 4}


# A plain class, not a dataclass: compiled, a dataclass's generated __init__ is interpreted.
class Award:
    """Points a feature gives to each of its owners (the seats with most followers)."""

    __slots__ = ("cell", "detail", "kind", "owners", "points")

    def __init__(
        self, kind: int, points: int, owners: tuple[int, ...], cell: int, detail: Text
    ) -> None:
        self.kind = kind
        self.points = points
        self.owners = owners
        self.cell = cell  # a cell of the feature where a follower stands
        # What it is: "a completed road of 3 tiles" during play, "road of 3 tiles" at the end.
        self.detail = detail


def owners(packed: int, players: int) -> tuple[int, ...]:
    """The seats with the most followers (ties: all of them), from a packed count.

    >>> owners((2 << 4) | 2, 3)
    (0, 1)
    """
    counts = [(packed >> (4 * seat)) & 15 for seat in range(players)]
    best = max(counts)
    return tuple(seat for seat in range(players) if best and counts[seat] == best)


def follower_kind(offset: int) -> int:
    if offset < DEPLOY_CITY:
        return ROAD
    if offset < DEPLOY_FIELD:
        return CITY
    return FIELD if offset < DEPLOY_CLOISTER else CLOISTER


def ring(state: CarcassonneState, key: int) -> int:
    """How many of the 8 cells around ``key`` hold tiles."""
    board = state.board
    return sum(1 for step in RING if key + step in board)


def tile_count(state: CarcassonneState, root: int) -> int:
    count = state.size[root]
    for group in state.multi:
        inside = sum(1 for segment in group if state.find(segment) == root)
        if inside > 1:
            count -= inside - 1
    return count


def points_now(kind: int, size: int, pennants: int, complete: bool, small_city: bool) -> int:
    """What a road, city or cloister gives: completed, as scored during play; otherwise as
    the final scoring counts it. ``size`` is its tiles (a cloister's: 1 + its neighbours);
    ``small_city``: a completed city of 2 tiles gives 2 + 1 per pennant (option ``"2"``).

    >>> points_now(CITY, 2, 1, True, True), points_now(CITY, 2, 1, True, False)
    (3, 6)
    """
    if kind == CLOISTER:
        return 9 if complete else size
    if kind == ROAD:
        return size
    if not complete:
        return size + pennants
    if size == 2 and small_city:
        return 2 + pennants
    return 2 * (size + pennants)


def feature_award(state: CarcassonneState, root: int, kind: int, final: bool) -> Award:
    """What a road, city or cloister (by its root segment) scores now."""
    cell = next(key for seg, _, key, _ in state.followers if state.find(seg) == root)
    small_city = state.game.options["small_city"] == "2"
    detail: Text
    if kind == CLOISTER:
        around = ring(state, cell)
        points = points_now(kind, 1 + around, 0, not final, small_city)
        detail = (
            lazy("a completed cloister")
            if not final
            else lazy("cloister with {around} of 8 neighbours", around=around)
        )
    else:
        tiles = tile_count(state, root)
        pennants = 0 if kind == ROAD else state.pennants[root]
        points = points_now(kind, tiles, pennants, not final, small_city)
        small = kind == CITY and not final and tiles == 2 and small_city
        detail = _detail(kind, tiles, pennants, small, final)
    return Award(kind, points, owners(state.meeples[root], state.num_players), cell, detail)


# A road or city in words, by (kind, scored at the end, a small city, one tile): msgids,
# shown with ``lazy``.
_WHAT: Final = {
    (ROAD, True, False, True): N_("road of {tiles} tile"),
    (ROAD, True, False, False): N_("road of {tiles} tiles"),
    (ROAD, False, False, True): N_("a completed road of {tiles} tile"),
    (ROAD, False, False, False): N_("a completed road of {tiles} tiles"),
    (CITY, True, False, True): N_("city of {tiles} tile"),
    (CITY, True, False, False): N_("city of {tiles} tiles"),
    (CITY, False, True, False): N_("a completed small city of {tiles} tiles"),
    (CITY, False, False, True): N_("a completed city of {tiles} tile"),
    (CITY, False, False, False): N_("a completed city of {tiles} tiles"),
}


def _detail(kind: int, tiles: int, pennants: int, small: bool, final: bool) -> Text:
    """A road or city in words: completed during play, as it stands at the end."""
    what = lazy(_WHAT[(kind, final, small, tiles == 1)], tiles=tiles)
    if not pennants:
        return what
    if pennants == 1:
        flags = lazy("{pennants} pennant", pennants=pennants)
    else:
        flags = lazy("{pennants} pennants", pennants=pennants)
    return Joined(", ", (what, flags))


def award(state: CarcassonneState, root: int, kind: int, final: bool) -> Event:
    """Score a completed feature: points to its owners, its followers back to supply."""
    result = feature_award(state, root, kind, final)
    for seat in result.owners:
        state.points[seat] += result.points
    kept = []
    for follower in state.followers:
        scored = follower[3] < DEPLOY_FIELD or follower[3] == DEPLOY_CLOISTER
        if scored and state.find(follower[0]) == root:
            state.supply[follower[1]] += 1
            continue
        kept.append(follower)
    state.followers = kept
    state.meeples[root] = 0
    if kind == CLOISTER:
        state.monks = {key: seg for key, seg in state.monks.items() if key != result.cell}
    return _event(result)


def _names(seats: Sequence[int]) -> Text:
    return listed([f"P{seat}" for seat in seats])


def _event(result: Award) -> Event:
    """The scoring of a feature completed during play."""
    x, y = cell_xy(result.cell)

    def text() -> Text:
        names, points, what = _names(result.owners), result.points, result.detail
        if len(result.owners) == 1:
            return lazy(
                "{names} scores {points} for {what} at {cell}",
                names=names,
                points=points,
                what=what,
                cell=cell_words(x, y),
            )
        return lazy(
            "{names} score {points} for {what} at {cell}",
            names=names,
            points=points,
            what=what,
            cell=cell_words(x, y),
        )

    return Event(
        "scoring",
        text,
        {
            "feature": KINDS[result.kind],
            "points": result.points,
            "players": list(result.owners),
            "x": x,
            "y": y,
            "final": False,
        },
    )


def final_awards(state: CarcassonneState) -> list[Award]:
    """Every award of the final scoring, as it would be if the game ended now."""
    awards = []
    seen: set[int] = set()
    farms: dict[int, int] = {}
    for segment, _, _, offset in state.followers:
        root = state.find(segment)
        kind = follower_kind(offset)
        if kind == FIELD:
            farms[root] = state.meeples[root]
        elif root not in seen:
            seen.add(root)
            awards.append(feature_award(state, root, kind, final=True))
    if farms:
        awards += farm_awards(state, farms)
    return awards


def farm_awards(state: CarcassonneState, farms: dict[int, int]) -> list[Award]:
    """Farms (root -> packed farmers) and the completed cities they touch."""
    open_ends, n = state.open_ends, state.num_players
    cities: dict[int, set[int]] = {farm: set() for farm in farms}
    for vid, base in state.board.values():
        for local, adjacent in VARIANTS[vid].field_cities:
            farm = state.find(base + local)
            if farm in cities:
                for city in adjacent:
                    root = state.find(base + city)
                    if not open_ends[root]:
                        cities[farm].add(root)
    where = {
        state.find(seg): key for seg, _, key, offset in state.followers if offset >= DEPLOY_FIELD
    }
    rule = state.game.options["farm_scoring"]
    awards = []
    if rule == "per-city":
        farmers: dict[int, int] = {}
        near: dict[int, int] = {}
        for farm, touched in cities.items():
            for city in touched:
                farmers[city] = farmers.get(city, 0) + farms[farm]
                near.setdefault(city, where[farm])
        for city, packed in farmers.items():
            detail = lazy(
                "completed city of {tiles} tiles supplied by farmers",
                tiles=tile_count(state, city),
            )
            awards.append(Award(FIELD, 4, owners(packed, n), near[city], detail))
        return awards
    counted: list[set[int]] = [set() for _ in range(n)]
    for farm, touched in cities.items():
        if not touched:
            continue
        for seat in owners(farms[farm], n):
            new = touched if rule == "per-farm" else touched - counted[seat]
            counted[seat] |= touched
            if new:
                if len(new) == 1:
                    detail = lazy("farm supplying {cities} completed city", cities=1)
                else:
                    detail = lazy("farm supplying {cities} completed cities", cities=len(new))
                awards.append(Award(FIELD, 3 * len(new), (seat,), where[farm], detail))
    return awards


def final_scoring(state: CarcassonneState) -> list[Event]:
    """Score the incomplete features and the farms; the game is over."""
    events = []
    kinds = (ROAD, CITY, CLOISTER, FIELD)
    by_kind = [[0] * len(kinds) for _ in range(state.num_players)]
    awards = final_awards(state)
    for result in awards:
        for seat in result.owners:
            state.points[seat] += result.points
            by_kind[seat][kinds.index(result.kind)] += result.points
    if awards:
        events.append(
            Event(
                "final_scoring",
                _FINAL,
                {"awards": len(awards)},
                lambda: _awards_table(awards),
            )
        )
        events.append(
            Event("final_summary", _BY_FEATURE, {"points": by_kind}, lambda: _summary(by_kind))
        )
    winners = state.winners
    best = max(state.points)

    def text() -> Text:
        names = _names(winners)
        if len(winners) > 1:
            if best == 1:
                return lazy("{names} share the victory with {points} point", names=names, points=1)
            return lazy("{names} share the victory with {points} points", names=names, points=best)
        if best == 1:
            return lazy("{names} wins with {points} point", names=names, points=1)
        return lazy("{names} wins with {points} points", names=names, points=best)

    events.append(Event("game_over", text, {"scores": state.scores, "winners": winners}))
    return events


_FINAL = lazy("Final scoring")
_BY_FEATURE = lazy("Final scoring by feature")


def _awards_table(awards: list[Award]) -> Table:
    rows = []
    for result in awards:
        x, y = cell_xy(result.cell)
        rows.append((result.detail, cell_words(x, y), str(result.points), _names(result.owners)))
    columns = (lazy("feature"), lazy("at"), lazy("points"), lazy("to"))
    return Table(_FINAL, columns, rows)


def _summary(by_kind: list[list[int]]) -> Table:
    columns = (
        lazy("seat"),
        lazy("roads"),
        lazy("cities"),
        lazy("cloisters"),
        lazy("farms"),
        lazy("added at the end"),
    )
    rows = [
        (f"P{seat}", *map(str, points), str(sum(points))) for seat, points in enumerate(by_kind)
    ]
    return Table(_BY_FEATURE, columns, rows)
