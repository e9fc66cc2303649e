"""Playtest 8 #11, Carcassonne's words: French says "vous" throughout and puts a space
before a colon, a count of 1 takes the singular in French and Italian, a knight goes in
the city; the Italian tournaments page heads its list of finished ones in the plural."""

from __future__ import annotations

import re
from html import unescape

import pytest

import tavola
from tavola.core.i18n import language
from tavola.games.carcassonne.svg_bag import bag_panel
from tavola.games.carcassonne.svg_targets import move_words
from tests.games.translated import translations

LABEL = re.compile(r'aria-label="([^"]*)"')


@pytest.mark.parametrize("domain", ["carcassonne", "web", "campanile", "clocktowers"])
def test_french_says_vous_throughout(domain: str) -> None:
    informal = [
        (msgid, s)
        for msgid, s in translations(domain, "fr")
        if re.search(r"\b([Tt]a|[Tt]on|[Tt]es|[Tt]u)\b", s)
    ]
    assert informal == []


def test_the_french_moves_on_the_board_have_a_space_before_their_colon() -> None:
    state = tavola.load("carcassonne", tiles="M,U,E,W,W").new_game(seed=1)
    with language("fr"):
        picture = state.game.svg(state.view(0), state.legal_notations())
    labels = [unescape(label) for label in LABEL.findall(picture)]
    joined = [label for label in labels if "rejoint" in label]
    assert joined  # the tile to place can join the start tile's city
    assert [label for label in labels if re.search(r"\S:", label)] == []


@pytest.mark.parametrize(("lang", "one"), [("fr", "1 restante"), ("it", "1 rimasta")])
def test_a_count_of_one_in_the_bag_is_singular(lang: str, one: str) -> None:
    state = tavola.load("carcassonne").new_game(seed=1)
    with language(lang):
        panel, _height = bag_panel(state.view(0), 480)
    assert one + "<" in panel  # ville d'angle avec blason: 1 restante
    assert re.search(r"\b1 (restantes|rimaste)\b", panel) is None


def test_a_knight_goes_in_the_city() -> None:
    assert move_words("deploy city N") == "deployed a knight in the city on the north side"
    assert not [msgid for msgid, _ in translations("carcassonne", "it") if "on the city" in msgid]


def test_the_italian_list_of_finished_tournaments_is_plural() -> None:
    said = dict(translations("web", "it"))
    assert said["Finished tournaments"] == "Tornei conclusi"


@pytest.mark.parametrize(
    ("lang", "none", "one"),
    [
        ("fr", "aucune tuile", "la tuile qui y reste"),
        ("it", "nessuna tessera", "quale tessera vi resta"),
        ("de", "kein Plättchen", "welches Plättchen noch darin ist"),
        ("en", "no tile is left", "which tile is left"),
    ],
)
def test_an_empty_made_up_bag_says_no_tile_is_left(lang: str, none: str, one: str) -> None:
    """Playtest 11 #7: at a lesson's end the made-up bag said "Tuiles dans le sac : 0", then
    "la tuile qui y reste n'est pas montrée" (French takes 0 as one)."""
    state = tavola.load("carcassonne", tiles="M,U").new_game(seed=1)
    state.apply(state.legal_actions()[0])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.view(0)["tiles_left"] == 0
    with language(lang):
        panel, _height = bag_panel(state.view(0), 480)
    words = unescape(" ".join(re.findall(r">([^<>]+)</text>", panel)))
    assert none in words, words
    assert one not in words, words
