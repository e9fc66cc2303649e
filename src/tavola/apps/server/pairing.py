"""Quick pairing's choice: which waiting seekers of one pool play together.

A pool is the seekers of the same game, options, time control and ratedness. Its oldest
seeker is paired first, with the seekers nearest its skill (openskill's ``mu``, the
estimate before the uncertainty is taken off), within a range that widens the longer
it has waited: ``BASE_RANGE`` plus ``WIDENS_PER_SECOND`` for each second. Nobody plays
themselves: a player's two seeks never meet.

>>> from datetime import UTC, datetime, timedelta
>>> t0 = datetime(2026, 1, 1, tzinfo=UTC)
>>> ada, bob, cy = Seeker("s1", 1, 25.0, t0), Seeker("s2", 2, 40.0, t0), Seeker("s3", 1, 26.0, t0)
>>> groups([ada, bob, cy], 2, t0)  # bob is too strong for now; ada never meets herself
[]
>>> [[s.seek for s in group] for group in groups([ada, bob, cy], 2, t0 + timedelta(seconds=14))]
[['s1', 's2']]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

BASE_RANGE = 2.0  # skill points (a newcomer's mu is 25, its sigma 8.3)
WIDENS_PER_SECOND = 1.0


@dataclass(frozen=True)
class Seeker:
    """A waiting seek: its id, its player's account, the player's skill, since when."""

    seek: str
    player: int
    skill: float
    since: datetime


def skill_range(waited: float) -> float:
    """How far apart in skill a seeker who waited ``waited`` seconds may be paired.

    >>> skill_range(0), skill_range(10)
    (2.0, 12.0)
    """
    return BASE_RANGE + WIDENS_PER_SECOND * max(0.0, waited)


def groups(seekers: Sequence[Seeker], size: int, at: datetime) -> list[tuple[Seeker, ...]]:
    """The matches of ``size`` players to make now, oldest seekers first; each seeker is
    in one at most, and each match seats ``size`` different players."""
    by_age = sorted(seekers, key=lambda seeker: (seeker.since, seeker.seek))
    taken: set[str] = set()
    found: list[tuple[Seeker, ...]] = []
    for first in by_age:
        if first.seek in taken:
            continue
        reach = skill_range((at - first.since).total_seconds())
        group, players = [first], {first.player}
        nearest = sorted(by_age, key=lambda seeker: abs(seeker.skill - first.skill))
        for other in nearest:
            if len(group) == size or abs(other.skill - first.skill) > reach:
                break
            if other.seek not in taken and other.player not in players:
                group.append(other)
                players.add(other.player)
        if len(group) == size:
            found.append(tuple(group))
            taken.update(seeker.seek for seeker in group)
    return found
