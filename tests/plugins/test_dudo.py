"""The example plugin (``examples/dudo``, installed with the test environment) is a game
like ours everywhere: the command line, the three bots, simulations and tournaments.
The kit, the adapters' suites and the browser play it as they play every game, and its
rules pages, shipped in its package, are served as ours."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tavola
from tavola.apps.cli import app
from tavola.apps.web import rules
from tavola.core.registry import game_sources
from tavola.players import play_match

runner = CliRunner()


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_the_example_plugin_is_installed_from_its_own_package() -> None:
    plugin = game_sources().get("dudo")
    assert plugin is not None, "examples/dudo is not installed: pip install -e examples/dudo"
    assert plugin.distribution.startswith("tavola-dudo ")
    assert plugin.target == "tavola_dudo.game:Dudo"
    assert not plugin.builtin


def test_games_lists_it_with_its_options_and_package() -> None:
    out = invoke("games")
    assert "dudo: 2-5 players" in out
    assert "from tavola_dudo.game:Dudo (tavola-dudo 0.1.0)" in out
    assert "wild_ones" in out


@pytest.mark.parametrize("players", [2, 3])
def test_the_three_bots_play_it_to_the_end(players: int) -> None:
    game = tavola.load("dudo", players=players, dice=2)
    bots = ["random", "heuristic", "ismcts:iterations=60"][3 - players :]
    for seed in range(3):
        state = play_match(game, bots, seed=seed)
        assert state.is_over
        assert len(state.winners) == 1
        assert tavola.replay(json.loads(json.dumps(state.record()))) == state


def test_its_states_and_games_pickle_and_copy_whole() -> None:
    """Its classes keep attributes of their own (a state's slots, a game's ``__dict__``) beside
    the core's: pickling and copying keep them all, on the compiled core as on the
    interpreted one (OpenSpiel pickles a determinized state whole)."""
    game = tavola.load("dudo", players=3, dice=2, wild_ones=False)
    state = game.new_game(seed=5)
    state.apply("1x3")
    for original in (state, state.determinize(1, random.Random(3))):
        again = pickle.loads(pickle.dumps(original))
        assert again == original
        assert again.legal_notations() == original.legal_notations()
    for twin in (pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert twin.options == game.options
        assert vars(twin) == vars(game)  # the plugin's own attributes
        assert twin.new_game(seed=5).legal_notations() == game.new_game(seed=5).legal_notations()


def test_simulate_and_tournament_run_it(tmp_path: Path) -> None:
    out = invoke("simulate", "dudo", "--games", "20", "--seed", "3", "--players", "2")
    assert "20" in out
    path = tmp_path / "standings.json"
    bots = "heuristic,random,ismcts:iterations=40"
    invoke(
        "tournament",
        "dudo",
        "players=3",
        "dice=2",
        "--bots",
        bots,
        "--games",
        "6",
        "--workers",
        "1",
        "--out",
        str(path),
    )
    standings = json.loads(path.read_text())
    assert len(standings["games"]) == 6
    assert all(tavola.replay(game["record"]).is_over for game in standings["games"])


def test_its_rules_pages_ship_in_its_own_package() -> None:
    game = tavola.load("dudo")
    assert game.document_languages("rules") == game.document_languages("notation") == ("en",)
    html = rules.html("dudo", "rules")
    assert '<h2 id="ones-are-wild">Ones are wild</h2>' in html
    assert 'href="/rules/dudo/notation"' in html
    assert "<code>6·players·dice</code>" in rules.html("dudo", "notation")
    assert rules.html("dudo", "rules", "it") == html  # English: the page is not translated
