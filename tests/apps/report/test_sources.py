"""Scoring events become sources of points: by hand-made events, and in real games."""

from __future__ import annotations

from typing import Any

import pytest

from tavola.apps.report.rows import summarize
from tavola.apps.report.sources import OTHER, points_by_source, sources_of
from tavola.core.events import Event
from tavola.players.tournament import GameTask, play_task


def scoring(kind: str, towers: list[tuple[int, list[list[int]]]]) -> Event:
    data = {"kind": kind, "towers": [{"rank": r, "awards": awards} for r, awards in towers]}
    return Event("scoring", f"{kind} scoring", data)


def test_campanile_flags_by_scoring_and_tower_rank() -> None:
    events = [
        Event("reveal", "red is turned up", {"card": "red"}),
        scoring("intermezzo", [(4, [[1, 1]]), (1, [[0, 4], [2, 2]])]),
        scoring("finito", [(2, [[2, 5], [0, 3]]), (1, [[1, 6], [0, 4], [2, 2]])]),
    ]
    points = points_by_source("campanile", {"players": 3}, events, [11, 7, 9])
    assert points["Intermezzo: tallest tower"] == [4, 0, 2]
    assert points["Intermezzo: 4th tower"] == [0, 1, 0]
    assert points["Finito: tallest tower"] == [4, 6, 2]
    assert points["Finito: 2nd tower"] == [3, 0, 5]
    assert points["Finito: 5th tower"] == [0, 0, 0]  # listed though nobody scored it
    assert OTHER not in points
    groups = {source.name: source.group for source in sources_of("campanile", {"players": 3})}
    assert groups["Finito: 2nd tower"] == "Finito"
    assert groups["Intermezzo: 4th tower"] == "Intermezzo"


def test_campanile_1996_has_one_final_scoring_of_four_flags() -> None:
    names = [s.name for s in sources_of("campanile", {"players": 4, "edition": "1996"})]
    assert names == [
        f"Final scoring (1996): {rank}"
        for rank in ("tallest tower", "2nd tower", "3rd tower", "4th tower")
    ]


def test_carcassonne_completed_features_unfinished_ones_and_farms() -> None:
    def completed(feature: str, points: int, players: list[int]) -> Event:
        data = {"feature": feature, "points": points, "players": players, "final": False}
        return Event("scoring", "", data)

    events = [
        completed("city", 8, [0]),
        completed("road", 3, [0, 1]),  # a shared road: both owners score
        completed("cloister", 9, [1]),
        Event("final_scoring", "Final scoring", {"awards": 3}),
        Event("final_summary", "", {"points": [[2, 0, 5, 6], [0, 4, 0, 3]]}),
    ]
    points = points_by_source("carcassonne", {"players": 2}, events, [24, 19])
    assert points == {
        "Roads, completed": [3, 3],
        "Cities, completed": [8, 0],
        "Cloisters, completed": [0, 9],
        "Roads, unfinished at the end": [2, 0],
        "Cities, unfinished at the end": [0, 4],
        "Cloisters, unfinished at the end": [5, 0],
        "Farms": [6, 3],
    }
    groups = [s.group for s in sources_of("carcassonne", {"players": 2})]
    assert groups == ["Roads", "Cities", "Cloisters", "Roads", "Cities", "Cloisters", "Farms"]


def test_clocktowers_towers_by_the_animals_in_them() -> None:
    def tower(player: int, points: int) -> Event:
        return Event("tower", "", {"player": player, "tower": 1, "cards": [], "points": points})

    events = [tower(0, 5), tower(1, 2), tower(0, 3), tower(0, 5), Event("scoring", "", {})]
    points = points_by_source("clocktowers", {"players": 2}, events, [13, 2])
    assert points["Towers without animals (5)"] == [10, 0]
    assert points["Towers with cats and mice (3)"] == [3, 0]
    assert points["Towers with mice only (2)"] == [0, 2]
    assert points["Towers with cats only (4)"] == [0, 0]


def test_points_the_events_do_not_explain_go_to_other() -> None:
    points = points_by_source("clocktowers", {"players": 2}, [], [4, 0])
    assert points[OTHER] == [4, 0]


def test_a_game_without_a_scheme_has_one_source() -> None:
    assert points_by_source("nogame", {}, [], [3, 5]) == {"Points": [3, 5]}


SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("campanile", {"players": 4}),
    ("campanile", {"players": 2, "edition": "1996"}),
    ("clocktowers", {"players": 3}),
    ("carcassonne", {"players": 2, "river": True, "farm_scoring": "per-city"}),
    ("carcassonne", {"players": 3, "small_city": "4", "farm_scoring": "per-farm"}),
]


@pytest.mark.parametrize(("game", "options"), SETUPS, ids=lambda v: str(v))
def test_real_games_sources_add_up_to_the_scores(game: str, options: dict[str, Any]) -> None:
    players = int(options["players"])
    for seed in range(3):
        task = GameTask(seed, game, options, ("random",) * players, tuple(range(players)), seed)
        row = summarize(task, play_task(task), 0, "equal")
        assert OTHER not in row.sources
        assert set(row.sources) == {s.name for s in sources_of(game, options)}
        totals = [sum(points[seat] for points in row.sources.values()) for seat in range(players)]
        assert totals == row.scores
        assert row.actions == len(row.branching) == len(row.record["actions"])
        assert all(n >= 1 for n in row.branching)
        assert 1 <= row.turns <= row.actions


def test_a_plugin_game_without_sources_inherits_one_its_whole_score() -> None:
    """Dudo (the example plugin) names no sources: the report shows its scores whole."""
    assert [s.name for s in sources_of("dudo", {"players": 2})] == ["Points"]
    assert points_by_source("dudo", {"players": 2}, [], [0, 3]) == {"Points": [0, 3]}
