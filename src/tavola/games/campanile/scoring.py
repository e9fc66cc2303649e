"""Marker groups, tower ranking, majorities and the winner.

Under each tower the markers stand in groups, one per seat, in the order in which the
seats placed their first marker there; a group nearer the base wins every tie.
A tower's groups are a tuple of ``(seat, value, value, ...)`` tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from tavola.core.events import Event, Table
from tavola.core.i18n import Joined, Text
from tavola.games.campanile.components import FINAL_1996, NUM_STYLES, STYLES, flags_for
from tavola.games.campanile.translations import STYLE_NAMES, lazy

Groups = tuple[tuple[int, ...], ...]

TITLES = {
    "intermezzo": lazy("Intermezzo scoring"),
    "finito": lazy("Finito scoring"),
    FINAL_1996: lazy("Final scoring"),
}
COLUMNS = (lazy("rank"), lazy("tower"), lazy("height"), lazy("flag"), lazy("influence"))
PRIZES = {"chips": lazy("chips"), "points": lazy("points")}  # the last column


def add_marker(groups: Groups, seat: int, value: int) -> Groups:
    """The groups with a marker added to ``seat``'s group (a new last group if none)."""
    for index, group in enumerate(groups):
        if group[0] == seat:
            return (*groups[:index], (*group, value), *groups[index + 1 :])
    return (*groups, (seat, value))


def has_marker(groups: Groups, seat: int, value: int) -> bool:
    return any(group[0] == seat and value in group[1:] for group in groups)


def remove_marker(groups: Groups, seat: int, value: int) -> Groups | None:
    """The groups without one of ``seat``'s markers of ``value`` (None if it has none).

    A group left empty disappears from the order.
    """
    for index, group in enumerate(groups):
        if group[0] == seat and value in group[1:]:
            markers = list(group[1:])
            markers.remove(value)
            rest = groups[index + 1 :]
            return (*groups[:index], (seat, *markers), *rest) if markers else groups[:index] + rest
    return None


def influence(groups: Groups) -> list[tuple[int, int]]:
    """``(seat, influence)`` of every seat with markers, in group order."""
    return [(group[0], sum(group) - group[0]) for group in groups]


def majority(groups: Groups) -> list[int]:
    """Seats with influence, strongest first; equal influence: the earlier group first."""
    return _strongest(influence(groups))


def _strongest(shares: list[tuple[int, int]]) -> list[int]:
    """``majority`` from the seats' ``influence``."""
    ranked = [(-total, index, seat) for index, (seat, total) in enumerate(shares) if total]
    ranked.sort()
    return [seat for _, _, seat in ranked]


def rank_towers(heights: Sequence[int], positions: Sequence[int]) -> list[int]:
    """Styles from the tallest tower down; equal height: the tower nearer the display."""
    # Sorted as tuples, not by a key function: compiled, a lambda is a Python call per item.
    ranked = [(-heights[style], positions[style], style) for style in range(NUM_STYLES)]
    ranked.sort()
    return [style for _, _, style in ranked]


# Plain classes, not dataclasses: compiled, a dataclass's generated __init__ is interpreted.
class TowerScore:
    """One tower's part in a scoring: its rank, flag, the seats' influence, the awards."""

    __slots__ = ("awards", "flag", "height", "influence", "rank", "style")

    def __init__(
        self,
        rank: int,
        style: int,
        height: int,
        flag: tuple[int, ...],
        influence: list[tuple[int, int]],
        awards: list[tuple[int, int]],  # (seat, chip value)
    ) -> None:
        self.rank = rank
        self.style = style
        self.height = height
        self.flag = flag
        self.influence = influence
        self.awards = awards


class ScoringResult:
    """A scoring, tower by tower, from the lowest flag up (the order of the rulebook)."""

    __slots__ = ("kind", "towers")

    def __init__(self, kind: str, towers: list[TowerScore]) -> None:
        self.kind = kind
        self.towers = towers

    @property
    def awards(self) -> list[tuple[int, int, int]]:
        """``(style, seat, chip value)`` in the order the chips are handed out."""
        return [(tower.style, seat, value) for tower in self.towers for seat, value in tower.awards]

    def event(self, seat_names: Sequence[str]) -> Event:
        """The scoring as an event: its data now, its sentence and table when read (a
        search plays thousands of scorings that nobody reads)."""
        data = {
            "kind": self.kind,
            "towers": [
                {
                    "rank": tower.rank + 1,
                    "style": STYLES[tower.style],
                    "height": tower.height,
                    "flag": list(tower.flag),
                    "influence": [list(pair) for pair in tower.influence],
                    "awards": [list(pair) for pair in tower.awards],
                }
                for tower in self.towers
            ],
        }
        # partial, not lambda: an event that crosses processes unread still pickles
        text, table = partial(self.text, seat_names), partial(self.table, seat_names)
        return Event("scoring", text, data, table)

    def text(self, seat_names: Sequence[str]) -> Text:
        """``Intermezzo scoring: P1 +4 (beige); ...``: every award, in the order handed out."""
        awards = Joined(
            "; ",
            [
                lazy(
                    "{player} +{points} ({tower})",
                    player=seat_names[seat],
                    points=value,
                    tower=STYLE_NAMES[style],
                )
                for style, seat, value in self.awards
            ],
        )
        return lazy("{title}: {awards}", title=TITLES[self.kind], awards=awards)

    def table(self, seat_names: Sequence[str]) -> Table:
        """Tower by tower: rank, style, height, flag, each seat's influence, the awards."""
        rows = [
            (
                f"#{tower.rank + 1}",
                STYLE_NAMES[tower.style],
                str(tower.height),
                "/".join(map(str, tower.flag)),
                ", ".join(f"{seat_names[s]} {total}" for s, total in tower.influence) or "-",
                ", ".join(f"{seat_names[s]} +{v}" for s, v in tower.awards) or "-",
            )
            for tower in self.towers
        ]
        prize = PRIZES["points" if self.kind == FINAL_1996 else "chips"]
        return Table(TITLES[self.kind], (*COLUMNS, prize), rows)


def score(
    kind: str,
    num_players: int,
    heights: Sequence[int],
    positions: Sequence[int],
    groups: Sequence[Groups],
) -> ScoringResult:
    """Flag the towers by rank and hand each flag's values to the majorities.

    ``kind`` names the flags: ``"intermezzo"`` or ``"finito"`` (2009), ``"final"`` (1996).
    """
    flags = flags_for(kind, num_players)
    ranking = rank_towers(heights, positions)
    towers = []
    for rank in reversed(range(NUM_STYLES)):
        flag = flags[rank]
        if not flag:
            continue
        style = ranking[rank]
        shares = influence(groups[style])
        seats = _strongest(shares)
        # the first seats get the flag's values (zip, compiled, is a call by keywords)
        awards = [(seats[i], flag[i]) for i in range(min(len(seats), len(flag)))]
        towers.append(TowerScore(rank, style, heights[style], flag, shares, awards))
    return ScoringResult(kind, towers)


def _tied(chips: Sequence[Sequence[int]]) -> tuple[int, list[int], list[int]]:
    """The most points, the seats that have them, and each one's highest single chip."""
    points = [sum(seat_chips) for seat_chips in chips]
    best = max(points)
    tied = [seat for seat, total in enumerate(points) if total == best]
    # (max with a default, compiled, is a call by keywords)
    tops = [max(chips[seat]) if chips[seat] else 0 for seat in tied]
    return best, tied, tops


def winners(chips: Sequence[Sequence[int]]) -> list[int]:
    """2009: most points; tied: the highest single chip; still tied: a shared victory."""
    _best, tied, tops = _tied(chips)
    top_chip = max(tops)
    return [tied[i] for i in range(len(tied)) if tops[i] == top_chip]


def tie_break(chips: Sequence[Sequence[int]]) -> tuple[int, int, int] | None:
    """2009: a tie on points that the highest single chip broke (some of the tied seats
    lose on it): the points, the winners' highest chip and the best of the others'.
    None when one seat has the most points, or when the chips leave every tied seat tied."""
    best, _tied_seats, tops = _tied(chips)
    top_chip = max(tops)
    behind = [top for top in tops if top != top_chip]
    if not behind:
        return None
    return best, top_chip, max(behind)
