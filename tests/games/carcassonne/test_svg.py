"""The SVG picture: well-formed, clickable exactly where the seat may act, nothing hidden
shown, and the features' words and points as the engine scores them."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import tavola
from tavola.core.i18n import language
from tavola.core.svg import seat_colour
from tavola.games.carcassonne import CarcassonneState, scoring, svg_features
from tavola.games.carcassonne.actions import cell_xy, deploy_name
from tavola.games.carcassonne.svg import draw
from tavola.games.carcassonne.svg_features import Feature, bag, features, follower_local, variant_of
from tavola.games.carcassonne.svg_targets import RING, targets
from tavola.games.carcassonne.tiles import CITY, CLOISTER, FIELD, KINDS, ROAD, TILE_NAMES, VARIANTS
from tavola.testing import checks
from tests.games.carcassonne.helpers import new_game, play

NS = "{http://www.w3.org/2000/svg}"


def random_positions(
    seed: int, players: int, river: bool, every: int = 5, **options: object
) -> Iterator[CarcassonneState]:
    """Every ``every``-th position of a random game, the end included."""
    game = tavola.load("carcassonne", players=players, river=river, **options)
    for state in checks.random_positions(game, seed, every):
        assert isinstance(state, CarcassonneState)
        yield state


def picture(state: CarcassonneState, seat: int | None) -> ET.Element:
    acts = state.legal_notations() if seat == state.current_player else []
    return ET.fromstring(draw(state.view(seat), acts))


def actions_in(root: ET.Element) -> set[str]:
    """What the picture plays: its ``data-action``s and what looks as one (``data-also``)."""
    drawn = {e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib}
    return drawn | set(alike_in(root))


def alike_in(root: ET.Element) -> dict[str, str]:
    """Each action drawn as another that looks the same -> that other's notation."""
    return {
        child.attrib["data-also"]: element.attrib["data-action"]
        for element in root.iter()
        for child in element
        if "data-also" in child.attrib
    }


GAMES = [(1, 2, False), (2, 3, True), (3, 5, False), (4, 4, True)]


@pytest.mark.parametrize(("seed", "players", "river"), GAMES)
def test_every_picture_parses_and_clicks_exactly_the_legal_actions(
    seed: int, players: int, river: bool
) -> None:
    for state in random_positions(seed, players, river, every=7):
        mover = state.current_player
        for seat in [None, *range(players)]:
            root = picture(state, seat)
            assert root.tag == f"{NS}svg"
            found = actions_in(root)
            if seat is not None and seat == mover:
                assert found == set(state.legal_notations())
            else:
                assert found == set()
                assert not [e for e in root.iter() if "data-choose" in e.attrib]
            for element in root.iter():
                if "data-action" in element.attrib or "data-choose" in element.attrib:
                    assert element.attrib.get("aria-label")
                    assert element.find(f"{NS}title") is not None
                    assert any("hit" in child.attrib.get("class", "").split() for child in element)


def test_the_place_step_offers_each_cell_with_a_ghost_per_rotation() -> None:
    state = next(s for s in random_positions(5, 2, False) if s.phase == 0 and s.history)
    root = picture(state, state.current_player)
    choose = {e.attrib["data-choose"] for e in root.iter() if "data-choose" in e.attrib}
    assert choose == {f"{c['x']},{c['y']}" for c in state.view(0)["candidates"]}
    for element in root.iter():
        if "data-option-of" in element.attrib:
            key = element.attrib["data-option-of"]
            assert key in choose
            assert element.attrib["data-action"].startswith(f"place {key} ")
    options = [e.attrib["data-action"] for e in root.iter() if "data-option-of" in e.attrib]
    assert sorted(options + list(alike_in(root))) == sorted(state.legal_notations())


def test_the_picture_shows_nothing_the_seat_may_not_know() -> None:
    rng = random.Random(0)
    for seed, players, river in GAMES:
        for state in random_positions(seed, players, river, every=20):
            for seat in range(players):
                other = state.determinize(seat, rng)
                acts = state.legal_notations() if seat == state.current_player else []
                assert draw(other.view(seat), acts) == draw(state.view(seat), acts)


@pytest.mark.parametrize(("seed", "players", "river"), GAMES)
def test_the_bag_holds_the_tiles_left(seed: int, players: int, river: bool) -> None:
    for state in random_positions(seed, players, river, every=9):
        left = bag(state.view(None))
        assert sum(left.values()) == state.tiles_left
        assert all(count >= 0 for count in left.values())
        face_down = sorted(TILE_NAMES[t] for t in state.pile[state.drawn :])
        assert sorted(name for name, n in left.items() for _ in range(n)) == face_down


def test_the_bag_panel_opens_from_a_button() -> None:
    state = tavola.load("carcassonne", river=True).new_game(3)
    assert isinstance(state, CarcassonneState)
    root = picture(state, 0)
    panel = next(e for e in root.iter() if e.attrib.get("id") == "bag")
    assert "panel" in panel.attrib["class"].split()
    assert [e for e in root.iter() if e.attrib.get("data-toggle") == "bag"]
    words = " ".join(t.text or "" for t in panel.iter(f"{NS}text"))
    assert "Tiles in the bag: 82" in words  # 84 less the spring and the drawn tile
    assert "River" in words


# -- the features' points against the engine ------------------------------------------------


def follower_feature(state: CarcassonneState, key: int) -> Feature:
    """The picture's feature of the follower standing on cell ``key``."""
    view = state.view(None)
    x, y = cell_xy(key)
    follower = next(f for f in view["followers"] if (f["x"], f["y"]) == (x, y))
    placed = next(t for t in view["board"] if (t["x"], t["y"]) == (x, y))
    local = follower_local(variant_of(placed), follower["feature"])
    return features(view).of_node[(x, y, local)]


def test_feature_points_are_the_engines() -> None:
    """Every award the final scoring would give now, for the feature a follower holds."""
    checked = {ROAD: 0, CITY: 0, CLOISTER: 0, FIELD: 0}
    games = [(14, 2, False, "per-farm"), (12, 3, True, "per-farm"), (13, 4, False, "per-farm-once")]
    for seed, players, river, farms in games:
        for state in random_positions(seed, players, river, every=3, farm_scoring=farms):
            check_awards(state, farms, checked)
    assert all(checked.values()), checked


def check_awards(state: CarcassonneState, farms: str, checked: dict[int, int]) -> None:
    for award in scoring.final_awards(state):
        feature = follower_feature(state, award.cell)
        assert feature.kind == award.kind
        if award.kind == FIELD:
            if farms == "per-farm":
                assert feature.points == award.points
                assert award.owners[0] in feature.owners
            verb = "scored" if state.is_over else "score"
            assert f"fields {verb} at the end" in feature.title
        else:
            assert feature.points == award.points, feature.title
            assert tuple(feature.owners) == award.owners
            verb = "scored" if state.is_over else "worth"
            assert f"{verb} {feature.points} point" in feature.title
        checked[award.kind] += 1


def test_completed_features_score_as_the_engine_scored_them() -> None:
    seen = 0
    for seed in (21, 22, 23, 24, 25):
        state = tavola.load("carcassonne", players=2, small_city="2").new_game(seed)
        assert isinstance(state, CarcassonneState)
        rng = random.Random(seed)
        while not state.is_over:
            events = state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
            found = features(state.view(None))
            for event in events:
                if event.kind != "scoring":
                    continue
                kind = KINDS.index(event.data["feature"])
                at = (event.data["x"], event.data["y"])
                done = [
                    f
                    for f in found.all
                    if f.kind == kind and f.complete and any(n[:2] == at for n in f.nodes)
                ]
                assert event.data["points"] in [f.points for f in done], event.text
                seen += 1
    assert seen > 5


# -- scenarios ------------------------------------------------------------------------------


def test_a_small_city_a_knight_and_the_scores() -> None:
    # G at (0,1) turned 90 joins the start tile's city; P0 deploys a knight on it.
    state, _ = play(["G", "U", "E"], [("place 0,1 90", "deploy city N"), ("place 1,0 0", "pass")])
    view = state.view(0)
    text = draw(view, state.legal_notations())
    root = ET.fromstring(text)
    found = features(view)
    city = found.of_node[(0, 1, 0)]
    assert city is found.of_node[(0, 0, 0)]  # one city over both tiles
    assert city.followers == {0: 1}
    assert city.title.startswith(
        "City of 2 tiles, incomplete: worth 2 points (1 per tile and pennant"
    )
    assert "Followers: Seat A (1 knight); Seat A takes its points." in city.title
    parts = [e for e in root.iter() if e.attrib.get("data-feature") == city.key]
    assert len(parts) == 3  # the city on two tiles and the knight
    knight = next(e for e in parts if e.attrib.get("class") == "follower")
    assert seat_colour(0) in ET.tostring(knight, encoding="unicode")
    assert seat_colour(1) not in ET.tostring(knight, encoding="unicode")
    # Closed by E: a city of 3 tiles, 2 points each.
    closed, _ = play(["G", "E"], [("place 0,1 90", "pass"), ("place 0,2 180", "pass")])
    city = features(closed.view(0)).of_node[(0, 0, 0)]
    assert city.complete
    assert (city.tiles, city.points) == (3, 6)
    # The scores and whose turn.
    words = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "Your turn: place the tile" in words
    assert "A (you)" in words


def test_a_two_tile_city_is_small_with_the_option() -> None:
    for option, points in (("2", 2), ("4", 4)):
        state, _ = play(["E"], [("place 0,1 180", "pass")], small_city=option)
        city = features(state.view(0)).of_node[(0, 0, 0)]
        assert city.complete
        assert (city.tiles, city.points) == (2, points)
        assert state.is_over  # the last tile: what it scored
        assert f"complete: scored {points} points" in city.title


def test_a_farmer_lies_on_its_field_in_its_seats_colour() -> None:
    state, _ = play(
        ["V", "U", "E"], [("place 1,0 0", "deploy road S"), ("place 0,-1 0", "deploy field Er")]
    )
    root = ET.fromstring(draw(state.view(None)))
    followers = [e for e in root.iter() if e.attrib.get("class") == "follower"]
    assert len(followers) == 2
    farmer = next(e for e in followers if "farmer" in (e.findtext(f"{NS}title") or ""))
    text = ET.tostring(farmer, encoding="unicode")
    assert seat_colour(1) in text
    assert "rotate(-90)" in text
    field = features(state.view(None)).of_node[(0, -1, 2)]  # U: field Er Sl Sr Wl
    assert farmer.attrib["data-feature"] == field.key
    assert "fields score at the end" in field.title


def test_the_deploy_step_targets_the_free_spots_and_a_pass_button() -> None:
    state, _ = play(["V"], [])
    state.apply("place 1,0 0")
    acts = state.legal_notations()
    assert acts == ["deploy road S", "deploy field Nl", "deploy field Sr", "pass"]
    root = ET.fromstring(draw(state.view(0), acts))
    assert actions_in(root) == set(acts)
    words = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "Your turn: deploy a follower or pass" in words
    assert "Pass" in words
    assert actions_in(ET.fromstring(draw(state.view(1)))) == set()


def test_the_end_names_the_winner() -> None:
    state, _ = play(["E"], [("place 0,1 180", "deploy city S")])
    assert state.is_over
    root = ET.fromstring(draw(state.view(0)))
    words = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "Game over: you win with 2" in words
    assert actions_in(root) == set()


def test_the_river_is_one_feature() -> None:
    state = next(s for s in random_positions(8, 2, True) if len(s.board) >= 6)
    found = features(state.view(None))
    rivers = [f for f in found.all if f.key == "river"]
    assert len(rivers) == 1
    assert rivers[0].tiles == len(state.board)
    assert f"The river, {len(state.board)} tiles" in rivers[0].title


@pytest.mark.parametrize("seed", [6, 7, 8, 9])
def test_follower_targets_never_cover_one_another(seed: int) -> None:
    # A road ending at a city has its two fields close beside it: the targets shrink to fit.
    shrunk = 0
    for state in random_positions(seed, 2, seed % 2 == 0, every=1):
        if not any(a.startswith("deploy ") for a in state.legal_notations()):
            continue
        root = picture(state, state.current_player)
        for parent in root.iter():  # the big tile of the status panel, and the board's tile
            circles = [
                next(c for c in target if c.tag == f"{NS}circle")
                for target in parent
                if target.attrib.get("data-action", "").startswith("deploy ")
            ]
            spots = [
                (float(c.attrib["cx"]), float(c.attrib["cy"]), float(c.attrib["r"]))
                for c in circles
            ]
            for *_, r in spots:
                assert r >= 7
                shrunk += r < 11
            for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(spots, 2):
                assert math.dist((x1, y1), (x2, y2)) >= r1 + r2
    assert shrunk  # the close case came up


@pytest.mark.parametrize("zoom", [1.0, 1.2])  # the board's tile, the panel's larger one
def test_no_follower_circle_reaches_another_on_any_tile(zoom: float) -> None:
    # Every tile kind in every rotation with all its spots free: each circle, outline
    # included, stays clear of the others, so a tap on one never lands on another.
    view = {"seat": 0, "current_player": 0}
    for variant in VARIANTS:
        acts = {f"deploy {deploy_name(offset)}" for offset, _ in variant.deploys}
        placed = {"tile": TILE_NAMES[variant.tile], "rotation": 90 * variant.rotation}
        placed |= {"x": 0, "y": 0}
        drawn = targets(view, acts, svg_features.Features([], {}), placed, zoom)
        rings = [
            (float(c.attrib["cx"]), float(c.attrib["cy"]), float(c.attrib["r"]) + RING / 2)
            for c in ET.fromstring(f'<svg xmlns="{NS[1:-1]}">{drawn}</svg>').iter(f"{NS}circle")
            if c.attrib.get("class") == "hit"
        ]
        assert len(rings) == len(acts)
        for (x1, y1, r1), (x2, y2, r2) in itertools.combinations(rings, 2):
            assert math.dist((x1, y1), (x2, y2)) > r1 + r2, (variant.name, variant.rotation)


@pytest.mark.parametrize(
    ("lang", "move", "said"),
    [
        ("en", "place 1,0 0", "placed the curved road at column 1, row 0"),
        ("it", "place 1,0 0", "ha posato la tessera «strada curva» nella colonna 1, riga 0"),
        ("de", "place 1,0 0", "legte das Plättchen „Kurve“ auf Spalte 1, Zeile 0"),
        ("fr", "place 1,0 0", "a posé la tuile «\u00a0route courbe\u00a0» en colonne 1, ligne 0"),
        ("en", "place 1,0 90", "placed the curved road at column 1, row 0, turned a quarter right"),
        (
            "de",
            "place -1,0 180",
            "legte das Plättchen „Kurve“ auf Spalte -1, Zeile 0, auf den Kopf gedreht",
        ),
        (
            "it",
            "place -1,0 270",
            "ha posato la tessera «strada curva» nella colonna -1, riga 0, "
            "ruotata di un quarto a sinistra",
        ),
        (
            "fr",
            "place 1,0 90",
            "a posé la tuile «\u00a0route courbe\u00a0» en colonne 1, ligne 0, "
            "tournée d'un quart vers la droite",
        ),
    ],
)
def test_the_log_names_a_placed_tile_in_words(lang: str, move: str, said: str) -> None:
    # The log says what the picture says: "curved road", never the tile's id "V"; where, by
    # the board's column and row; how turned in words ("turned 0" means not turned).
    state, _ = play(["V"], [])
    state.apply(move)
    with language(lang):
        root = ET.fromstring(draw(state.view(0), state.legal_notations()))
    placed = next(d for d in root.iter(f"{NS}desc") if d.get("data-said") == move)
    assert placed.text == said


def test_the_places_offered_say_the_turn_in_words() -> None:
    state, _ = play(["V"], [])
    root = ET.fromstring(draw(state.view(0), state.legal_notations()))
    labels = [g.get("aria-label") or "" for g in root.iter(f"{NS}g") if g.get("data-action")]
    assert "Place the curved road at column 1, row 0, turned a quarter right" in [
        label.partition(":")[0] for label in labels
    ], labels
    assert not [label for label in labels if re.search(r"turned \d|\d,-?\d", label)], labels


def test_follower_targets_say_where_in_words() -> None:
    # "field Nl" means nothing to a newcomer: the label says the side and half in words, and
    # no notation (the move list shows it apart, in its small column).
    seen: set[str] = set()
    for state in random_positions(3, 2, False, every=1):
        root = picture(state, state.current_player)
        for element in root.iter():
            action = element.attrib.get("data-action", "")
            if not action.startswith("deploy "):
                continue
            kind, _, where = action.removeprefix("deploy ").partition(" ")
            label = element.attrib["aria-label"]
            if where:
                assert f"({where})" not in label, label
                assert not label.endswith(f" {where}"), label
                assert "side" in label, label
            else:
                assert label == "Deploy a monk in the cloister"
            seen.add(kind)
    assert {"road", "city", "field"} <= seen
    labels = {element.attrib.get("aria-label") for element in picture(_deploy_nl(), 0).iter()}
    assert "Deploy a farmer on the field by the north side, west half" in labels


def _deploy_nl() -> CarcassonneState:
    """A position where the first seat may put a farmer on the field Nl."""
    for state in random_positions(3, 2, False, every=1):
        if state.current_player == 0 and "deploy field Nl" in state.legal_notations():
            return state
    raise AssertionError("no such position")


def test_the_head_says_cells_and_points_in_words() -> None:
    """The tile just placed is at "column -1, row 0", not "-1,0"; the end says points."""
    game = tavola.load("carcassonne", tiles=["U"])
    state = game.new_game(seed=1)
    state.apply(state.read_action("place -1,0 0"))
    words = " ".join(re.findall(r">([^<>]+)</text>", game.svg(state.view(0), ["pass"])))
    assert "Placed at column -1, row 0" in words
    state.apply(state.read_action("pass"))
    assert state.is_over
    assert re.search(r"Game over: [^<]* with \d+ points?<", game.svg(state.view(0), []))


NAMES = ["mara_pt4", "Bot B (heuristic, easy)"]


def _chips(state: CarcassonneState, seat: int, part: str) -> list[list[str]]:
    """The texts of each seat's chip in the head (``part``: head or head-wide), as ``seat``
    sees it with the seats named as a table names them."""
    view = {**state.view(seat), "names": NAMES}
    acts = state.legal_notations() if seat == state.current_player else []
    root = ET.fromstring(draw(view, acts))
    head = next(e for e in root.iter(f"{NS}svg") if e.get("data-part") == part)
    return [
        [t.text or "" for t in chip.iter(f"{NS}text")]
        for chip in head.iter(f"{NS}g")
        if chip.get("class") == "seat"
    ]


@pytest.mark.parametrize("part", ["head", "head-wide"])
def test_a_chip_shows_the_whole_name_the_same_in_every_phase(part: str) -> None:
    """Playtest 4 #4: "mara_... (you) to move" but "mara_pt4 (you)" on the other's turn, and
    "Bot B (heur…": the name has the chip's room whatever the phase (on two lines where
    long), and the turn's mark a small shape left of the score, not words beside the name."""
    state, _ = play(["U", "U", "U"], [("place -1,0 0", "pass")])  # B to place, then A
    names_of = {}
    for phase in range(3):
        chips = _chips(state, 0, part)
        names = [
            [t for t in chip if len(t) > 1 and t[0].isalpha() and t != "points"] for chip in chips
        ]
        assert names[0] == ["mara_pt4 (you)"], names
        assert " ".join(names[1]) == NAMES[1], names
        assert not any("to move" in t or "…" in t for chip in chips for t in chip)
        names_of[phase] = names
        state.apply(state.legal_actions()[0])
        if state.is_over:
            break
    assert len({str(n) for n in names_of.values()}) == 1, names_of


@pytest.mark.parametrize("part", ["head", "head-wide", "head-tall"])
@pytest.mark.parametrize("bot", ["Bot B (ISMCTS, forte)", "Bot B (heuristique, facile)"])
def test_a_chip_names_a_bot_whole_in_every_part(part: str, bot: str) -> None:
    """Playtest 11 #5: the picture's chip said "Bot B" where its headline, the page and the
    log said "Bot B (ISMCTS, forte)". One name per seat: on up to three lines, all of them
    above the followers' row under them, every chip as tall."""
    state = new_game(["U", "U"])
    view = {**state.view(0), "names": ["mara_pt4", bot]}
    root = ET.fromstring(draw(view, state.legal_notations()))
    head = next(e for e in root.iter(f"{NS}svg") if e.get("data-part") == part)
    chips = [chip for chip in head.iter(f"{NS}g") if chip.get("class") == "seat"]
    heights = {chip.find(f"{NS}rect").get("height") for chip in chips}  # type: ignore[union-attr]
    assert len(heights) == 1, heights
    for chip, name in zip(chips, ["mara_pt4 (you)", bot], strict=True):
        left = float(chip.find(f"{NS}rect").get("x") or 0) + 40  # type: ignore[union-attr]
        lines = [t for t in chip.iter(f"{NS}text") if float(t.get("x") or 0) == left]
        assert " ".join(t.text or "" for t in lines) == name, (part, [t.text for t in lines])
        minis = [p for p in chip.iter(f"{NS}path") if "translate" in (p.get("transform") or "")]
        row = float((minis[0].get("transform") or "").split(",")[1].split(")")[0])
        # a name's last baseline, its descent (4) clear of the followers' heads (6 above)
        assert max(float(t.get("y") or 0) for t in lines) + 4 <= row - 6, (part, name)


@pytest.mark.parametrize(("lang", "left"), [("it", "rimasti"), ("fr", "restants")])
def test_a_chip_says_the_followers_left_in_words(lang: str, left: str) -> None:
    """Playtest 4 #5: the band's chips showed "0" alone in Italian and French."""
    state = new_game(["U", "U"])
    with language(lang):
        for part in ("head", "head-wide"):
            for chip in _chips(state, 0, part):
                assert f"7 {left}" in chip, (part, chip)


def test_the_winners_mark_keeps_clear_of_the_score() -> None:
    """Playtest 4 #6: "gewinnt100", the word ran into the score; a star marks the winner."""
    state, _ = play(["E"], [("place 0,1 180", "deploy city S")])
    with language("de"):
        for part in ("head", "head-wide"):
            winner = _chips(state, 1, part)[0]
            assert "\N{BLACK STAR}" in winner, winner
            assert "gewinnt" not in " ".join(winner), winner


def test_cells_and_the_final_table_say_places_in_words() -> None:
    """Playtest 4 #7: no "1,0" printed on a yellow cell nor at the head of its name (the axes
    say it), the final table's place in words, the last line's points with their unit."""
    state = new_game(["U", "E"])
    root = picture(state, 0)
    cells = [e for e in root.iter(f"{NS}g") if "data-choose" in e.attrib]
    assert cells
    for cell in cells:
        assert not list(cell.iter(f"{NS}text"))
        assert cell.get("aria-label", "").startswith("Place the "), cell.get("aria-label")
    state, events = play(["U"], [("place -1,0 0", "deploy road E")])
    table = next(e.table for e in events if e.kind == "final_scoring")
    assert table is not None
    assert table.rows[0][1].startswith("column ")
    assert events[-1].text.endswith(" points"), events[-1].text


def test_a_shared_victory_names_the_viewer_as_the_chips_do() -> None:
    # "you and Seat B share": Italian "tu e Posto B vincono" needs "vincete"; the seat's name
    # with "(you)" after it takes the third person in every language (playtest 5 #13)
    state, _ = play(["E"], [("place 0,1 180", "pass")])
    assert state.is_over
    assert len(state.winners) == 2
    with language("it"):
        root = ET.fromstring(draw(state.view(0)))
    words = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "Partita finita: Posto A (tu) e Posto B vincono a pari merito" in words


NOTATION = re.compile(r"\((?:road|city|field|cloister)\b[^)]*\)|\b[NESW][lr]?\)")


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_follower_titles_say_where_in_words_only(lang: str) -> None:
    """Playtest 7 #2: "un ladro sulla strada (road N)", the follower's notation in its title."""
    titles: set[str] = set()
    with language(lang):
        for state in random_positions(3, 5, False, every=4):
            root = ET.fromstring(draw(state.view(None)))
            titles |= {
                e.findtext(f"{NS}title") or ""
                for e in root.iter()
                if e.attrib.get("class") == "follower"
            }
    kinds = {"road", "city", "field", "cloister"}
    if lang == "en":  # every kind of follower was seen
        assert all(any(k in t.split(".")[0] for t in titles) for k in kinds), titles
    bad = [t for t in titles if NOTATION.search(t) or any(f"({k}" in t for k in kinds)]
    assert not bad, bad[:3]


@pytest.mark.parametrize(
    ("lang", "now"),
    [("en", "if the game ended now"), ("it", "se la partita finisse ora")],
)
def test_a_finished_games_follower_titles_say_what_it_scored(lang: str, now: str) -> None:
    """Playtest 7 #13: "incomplete: worth 1 point (... if the game ended now)" once over."""
    *_, last = random_positions(3, 5, False, every=4)
    assert last.is_over
    with language(lang):
        root = ET.fromstring(draw(last.view(None)))
        titles = [
            e.findtext(f"{NS}title") or ""
            for e in root.iter()
            if e.attrib.get("class") == "follower"
        ]
    assert titles
    assert not [t for t in titles if now in t], titles[:3]
    if lang == "en":
        assert any("incomplete: scored" in t and "at the game's end" in t for t in titles)
        assert any("fields scored at the end" in t for t in titles)
        assert not [t for t in titles if "fields score " in t]
