"""A position of Carcassonne and its rules, tracked incrementally.

Features are segments in a union-find (``parent``) over flat per-segment lists: open road or
city ends (``open_ends``: completion is 0), segment count, pennants, and the followers packed
4 bits per seat (``meeples``: merging two features adds them). The board maps a packed cell
key (``actions``) to ``(variant, first segment)``; the frontier lists the empty cells next to
the board, ascending, with each one's edge constraint and placement ids side by side, so the
legal placements are one table lookup per frontier cell and come out sorted. ``clone``
shares the table until either copy applies an action (``_own_table``).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from mypy_extensions import mypyc_attr

from tavola.core.errors import IllegalAction
from tavola.core.events import Event
from tavola.core.turns import TurnState
from tavola.games.carcassonne import scoring, typed_input, views
from tavola.games.carcassonne.actions import (
    NEAR,
    ORIGIN,
    PASS,
    PLACES,
    STEP,
    cell_xy,
)
from tavola.games.carcassonne.tile_names import tile_text
from tavola.games.carcassonne.tiles import (
    CLOISTER,
    DEPLOY_CLOISTER,
    FITS,
    IS_RIVER,
    SPRING,
    START,
    TILE_NAMES,
    VARIANTS,
    reshuffled,
    unseen,
)
from tavola.games.carcassonne.translations import lazy
from tavola.games.carcassonne.turn_texts import (
    RULE_ADJACENT,
    RULE_DEPLOY,
    RULE_MATCH,
    RULE_OVER,
    RULE_RIVER,
    RULE_TURN,
    wrong_step,
)

if TYPE_CHECKING:
    from tavola.games.carcassonne.game import Carcassonne

PLACE_PHASE: Final = 0
DEPLOY_PHASE: Final = 1
OVER: Final = 2
PHASES: Final[tuple[str, ...]] = ("place", "deploy", "over")
FOLLOWERS: Final = 7


# Cloned bare (``TurnState._copy_turn``): mypyc's ``__new__`` runs no ``__init__`` for it.
@mypyc_attr(allow_interpreted_subclasses=True)
class CarcassonneState(TurnState):
    """The full state; players see it through ``view``."""

    __slots__ = (
        "board",
        "constraints",
        "discarded",
        "drawn",
        "followers",
        "frontier",
        "frontier_ids",
        "last",
        "legal",
        "meeples",
        "monks",
        "multi",
        "open_ends",
        "parent",
        "pennants",
        "pile",
        "placements_due",
        "points",
        "river_end",
        "river_entry",
        "river_turn",
        "shared_view",
        "shares_table",
        "size",
        "supply",
        "tile",
        "view_before",
    )

    OVER: ClassVar[int] = OVER

    def __init__(
        self, game: Carcassonne | None = None, seed: int = 0, pile: list[int] | None = None
    ) -> None:
        """Set up with the start tile placed; ``pile`` is the draw order of the other tiles.
        Without them, a bare state for ``clone`` to fill."""
        if game is None or pile is None:
            return
        n = game.num_players
        self._start(game, seed, PLACE_PHASE)
        self.pile = pile  # never changed: shared between clones
        self.drawn = 0
        self.tile = -1
        self.board: dict[int, tuple[int, int]] = {}
        self.frontier: list[int] = []  # the empty cells next to the board, ascending
        self.constraints: list[int] = []  # the edge constraint of each (``tiles.FITS``)
        # and its 4 placement ids (``_placements``: made once per cell, not once per asking)
        self.frontier_ids: list[tuple[object, ...]] = []
        self.parent: list[int] = []
        self.open_ends: list[int] = []
        self.size: list[int] = []
        self.pennants: list[int] = []
        self.meeples: list[int] = []
        self.multi: list[tuple[int, ...]] = []
        # (segment, seat, cell key, deploy offset) of every follower on the table; it, ``monks``
        # and ``discarded`` are replaced rather than changed, so that clones share them
        self.followers: list[tuple[int, int, int, int]] = []
        self.monks: dict[int, int] = {}  # cell key -> segment of an occupied cloister
        self.supply = [FOLLOWERS] * n
        self.points = [0] * n
        self.discarded: list[int] = []
        self.legal: list[int] = []
        # in the place step, whether ``legal`` is still to be worked out (``legal_ids``)
        self.placements_due = False
        self.last = -1  # the cell of the tile just placed
        self.river_end = -1
        self.river_entry = 3
        self.river_turn = 0
        # the part of the view every seat sees alike, built once per position (``views``)
        self.shared_view: views.SharedView | None = None
        # the last shared view made before it (``views``: the next one reuses its unchanged parts)
        self.view_before: views.SharedView | None = None
        # whether the table (board, frontier, union-find, supply, points) is shared with a
        # clone: ``_apply`` copies it before changing it (``_own_table``)
        self.shares_table = False
        river = bool(game.options["river"])
        self._put(ORIGIN, 4 * (SPRING if river else START), -1)
        if river:
            self.river_end = ORIGIN + STEP[1]
        self._draw([])

    # -- the protocol ----------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        return self.legal_ids()[:]

    def legal_ids(self) -> list[int]:
        """The legal action ids, ascending: the state's own list, to read and not to change.
        The place step's placements are worked out at the first asking (a drawn tile is
        only checked to fit somewhere), so a position no one asks about costs no list."""
        if self.placements_due:
            self.placements_due = False
            self.legal = self._placements(self.tile)
        return self.legal

    @property
    def current_tile(self) -> str | None:
        """The name of the tile drawn this turn (``None`` once the game is over)."""
        return None if self.phase == OVER else TILE_NAMES[self.tile]

    @property
    def tiles_left(self) -> int:
        """Face-down tiles still to draw (the drawn one not counted)."""
        return len(self.pile) - self.drawn

    def _read_action(self, text: str) -> int:
        """Notation (a feature named by any of its sides or halves), or in the place step
        ``N R``: candidate cell N (as drawn) turned R, and ``N`` if one rotation fits there."""
        words = text.replace(",", " ").split()
        if self.phase == PLACE_PHASE and len(words) in (1, 2) and all(w.isdecimal() for w in words):
            return typed_input.read_candidate(self, words)
        return self.canonical(self.game.parse_action(text))

    def input_hint(self) -> str | None:
        """In the place step: the candidate cells with the rotations that fit each (in the
        current language).

        >>> import tavola
        >>> tavola.load("carcassonne", tiles="V").new_game(1).input_hint().split(". ")[0]
        'Fits: 1 (180/270), 2 (0/90), 3 (0/270)'
        """
        return typed_input.hint(self) if self.phase == PLACE_PHASE else None

    @property
    def reads_numbers(self) -> bool:
        """In the place step a bare number is a candidate cell (see ``read_action``)."""
        return self.phase == PLACE_PHASE

    def canonical(self, action: int) -> int:
        """A deploy naming a feature by any side or half, as its canonical id."""
        if self.phase == DEPLOY_PHASE and PLACES <= action < PASS:
            variant = VARIANTS[self.board[self.last][0]]
            return PLACES + variant.alias.get(action - PLACES, action - PLACES)
        return action

    def _apply(self, action: int) -> list[Event]:
        if self.shares_table:
            self._own_table()
        if self.shared_view is not None:
            self.view_before = self.shared_view
            self.shared_view = None
        phase = self.phase
        if phase == PLACE_PHASE:
            if not 0 <= action < PLACES:
                raise IllegalAction(RULE_TURN, wrong_step(self.game, action, placing=True))
            return self._place(action)
        if phase == DEPLOY_PHASE:
            if action not in self.legal:  # (the deploy step's, never due)
                if PLACES <= action < PASS:
                    raise IllegalAction(
                        RULE_DEPLOY, lazy("cannot {action} here", action=self._name(action))
                    )
                raise IllegalAction(RULE_TURN, wrong_step(self.game, action, placing=False))
            if action != PASS:
                self._deploy(action - PLACES)
            return self._end_turn([])
        raise IllegalAction(RULE_OVER, lazy("the game is over"))

    def _name(self, action: int) -> str:
        return self.game.action_to_string(action)

    # -- placing ---------------------------------------------------------------------------

    def _placements(self, tile: int) -> list[int]:
        """Every legal placement id of ``tile``, ascending."""
        if IS_RIVER[tile]:
            key = self.river_end
            index = self._frontier_index(key) if key >= 0 else -1
            if index < 0:
                return []
            constraint = self.constraints[index]
            return [
                4 * key + r
                for r in FITS[tile][constraint]
                if self._river_step(4 * tile + r, key) is not None
            ]
        fits, constraints = FITS[tile], self.constraints
        # (no ``strict=``: mypyc compiles a plain ``zip`` of two lists to an indexed loop;
        # ``object``: it keeps the ids boxed in ``frontier_ids``, not boxing new ones)
        placements: list[object] = [
            ids[r]
            for ids, constraint in zip(self.frontier_ids, constraints)  # noqa: B905
            for r in fits[constraint]
        ]
        return cast("list[int]", placements)

    def _frontier_index(self, key: int) -> int:
        """The index of a frontier cell in ``frontier``; -1 if ``key`` is not on it."""
        frontier = self.frontier
        index = bisect_left(frontier, key)
        return index if index < len(frontier) and frontier[index] == key else -1

    def _river_step(self, vid: int, key: int) -> tuple[int, int, int] | None:
        """(new open end or -1, turn, exit side or -1) if the River tile continues the river.

        ``None`` if it may not: the turn is 0 straight, 1 right, 3 left, and the river may
        not turn the same way twice in a row (a U) nor point its open end at a placed tile.
        """
        entry = self.river_entry
        exits = [side for side in VARIANTS[vid].river_sides if side != entry]
        if not exits:
            return (-1, 0, -1)
        exit_side = exits[0]
        turn = (exit_side - entry - 2) % 4
        if turn and turn == self.river_turn:
            return None
        end = key + STEP[exit_side]
        if end in self.board:
            return None
        return (end, turn, exit_side)

    def _place(self, action: int) -> list[Event]:
        key, r = action >> 2, action & 3
        index = self._frontier_index(key)
        if index < 0:
            x, y = cell_xy(key)
            raise IllegalAction(
                RULE_ADJACENT, lazy("({x},{y}) is not a free cell next to the board", x=x, y=y)
            )
        vid = 4 * self.tile + r
        if r not in FITS[self.tile][self.constraints[index]]:
            raise IllegalAction(
                RULE_MATCH, lazy("{action}: an edge does not match", action=self._name(action))
            )
        if IS_RIVER[self.tile]:
            step = self._river_step(vid, key) if key == self.river_end else None
            if step is None:
                raise IllegalAction(
                    RULE_RIVER, lazy("{action} does not continue it", action=self._name(action))
                )
            self.river_end, self.river_turn, exit_side = step
            if exit_side >= 0:
                self.river_entry = (exit_side + 2) % 4
        base = self._put(key, vid, index)
        self.last = key
        variant = VARIANTS[vid]
        player = self.player
        if self.supply[player]:
            meeples, parent = self.meeples, self.parent
            options = []
            for offset, local in variant.deploys:
                x = base + local
                while parent[x] != x:
                    x = parent[x]
                if not meeples[x]:
                    options.append(PLACES + offset)
            if options:
                options.append(PASS)
                self.legal = options
                self.placements_due = False
                self.phase = DEPLOY_PHASE
                return []
        return self._end_turn([])

    def _put(self, key: int, vid: int, index: int) -> int:
        """Lay variant ``vid`` on cell ``key`` (at ``index`` in ``frontier``, -1 for the
        first tile) and join its features with the neighbours'; the tile's first segment."""
        variant = VARIANTS[vid]
        parent = self.parent
        base = len(parent)
        count = len(variant.kinds)
        # += rather than .extend(): compiled, extend goes through PyList_SetSlice, several
        # times the interpreter's list_extend, which += reaches in both forms
        parent += range(base, base + count)
        self.open_ends += variant.opens
        self.size += variant.fresh_sizes
        self.pennants += variant.pennants
        self.meeples += variant.fresh_meeples
        board, frontier, constraints = self.board, self.frontier, self.constraints
        board[key] = (vid, base)
        if index >= 0:
            del frontier[index]
            del constraints[index]
            del self.frontier_ids[index]
        for side in range(4):
            other = key + STEP[side]
            # (compiled, ``cell`` is ``other`` boxed once, not once per call below)
            cell: Any = other
            neighbour = board.get(cell)
            if neighbour is None:
                index = bisect_left(frontier, cell)
                if index < len(frontier) and frontier[index] == other:
                    constraints[index] += variant.constraint_parts[side]
                else:
                    frontier.insert(index, cell)
                    constraints.insert(index, variant.constraint_parts[side])
                    self.frontier_ids.insert(
                        index, (4 * other, 4 * other + 1, 4 * other + 2, 4 * other + 3)
                    )
                continue
            slots = VARIANTS[neighbour[0]].slots
            theirs = neighbour[1]
            for local, slot, closed in variant.links[side]:
                self._union(base + local, theirs + slots[slot], closed)
        for group in variant.multi:
            self.multi.append(tuple(base + local for local in group))
        return base

    def _union(self, a: int, b: int, closed: int) -> None:
        parent = self.parent
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        open_ends = self.open_ends
        if a == b:
            open_ends[a] -= closed
            return
        size = self.size
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        open_ends[a] += open_ends[b] - closed
        size[a] += size[b]
        self.pennants[a] += self.pennants[b]
        self.meeples[a] += self.meeples[b]

    def find(self, segment: int) -> int:
        """The root segment of a feature (with path halving)."""
        parent = self.parent
        while parent[segment] != segment:
            parent[segment] = segment = parent[parent[segment]]
        return segment

    # -- followers and scoring -----------------------------------------------------------------

    def _deploy(self, offset: int) -> None:
        key = self.last
        vid, base = self.board[key]
        local = next(loc for off, loc in VARIANTS[vid].deploys if off == offset)
        segment = base + local
        player = self.player
        self.meeples[self.find(segment)] += 1 << (4 * player)
        self.supply[player] -= 1
        self.followers = [*self.followers, (segment, player, key, offset)]
        if offset == DEPLOY_CLOISTER:
            self.monks = {**self.monks, key: segment}

    def _end_turn(self, events: list[Event]) -> list[Event]:
        """Score what the tile just placed completed, then the next player draws."""
        key = self.last
        vid, base = self.board[key]
        variant = VARIANTS[vid]
        done: list[int] = []
        for local in variant.edge_features:
            root = self.find(base + local)
            if not self.open_ends[root] and self.meeples[root] and root not in done:
                done.append(root)
                events.append(scoring.award(self, root, variant.kinds[local], final=False))
        if self.monks:
            for step in NEAR:
                segment = self.monks.get(key + step)
                if segment is not None and scoring.ring(self, key + step) == 8:
                    events.append(scoring.award(self, segment, CLOISTER, final=False))
        self.phase = PLACE_PHASE
        self.player = (self.player + 1) % self.num_players
        self._draw(events)
        return events

    def _draw(self, events: list[Event]) -> None:
        """The current player draws; tiles that fit nowhere are removed; no tile: the end."""
        pile = self.pile
        while self.drawn < len(pile):
            tile = pile[self.drawn]
            self.drawn += 1
            if self._fits_somewhere(tile):
                self.tile = tile
                return
            self.discarded = [*self.discarded, tile]
            name = TILE_NAMES[tile]
            player = f"P{self.player}"
            events.append(
                Event(
                    "discard",
                    lazy(
                        "The drawn tile ({tile}) fits nowhere: it is removed and {player} "
                        "draws again",
                        tile=tile_text(name),
                        player=player,
                    ),
                    {"tile": name, "player": self.player},
                )
            )
        self.tile = -1
        self.legal = []
        self.placements_due = False
        self.phase = OVER
        events.extend(scoring.final_scoring(self))

    def _fits_somewhere(self, tile: int) -> bool:
        """Whether ``tile`` has a legal placement: a River tile's are worked out now (few,
        and checked against the river's course), a land tile's when asked (``legal_ids``)."""
        if IS_RIVER[tile]:
            self.legal = self._placements(tile)
            self.placements_due = False
            return bool(self.legal)
        fits = FITS[tile]
        for constraint in self.constraints:
            if fits[constraint]:
                self.placements_due = True
                return True
        return False

    # -- copies, views and determinization -------------------------------------------------------

    def clone(self) -> CarcassonneState:
        """A copy sharing the table with this state until either applies an action (only
        ``_apply`` changes it: ``find``'s path halving keeps every feature's root)."""
        other = self._copy_turn(CarcassonneState() if type(self) is CarcassonneState else None)
        self.shares_table = other.shares_table = True
        other.pile = self.pile
        other.drawn = self.drawn
        other.tile = self.tile
        other.board = self.board
        other.frontier = self.frontier
        other.constraints = self.constraints
        other.frontier_ids = self.frontier_ids
        other.parent = self.parent
        other.open_ends = self.open_ends
        other.size = self.size
        other.pennants = self.pennants
        other.meeples = self.meeples
        other.multi = self.multi
        other.supply = self.supply
        other.points = self.points
        other.followers = self.followers  # these three are replaced, never changed
        other.monks = self.monks
        other.discarded = self.discarded
        other.legal = self.legal
        other.placements_due = self.placements_due
        other.last = self.last
        other.river_end = self.river_end
        other.river_entry = self.river_entry
        other.river_turn = self.river_turn
        other.shared_view = self.shared_view
        other.view_before = self.view_before
        return other

    def _own_table(self) -> None:
        """Copy the table shared with a clone, before changing it."""
        self.shares_table = False
        self.board = self.board.copy()
        self.frontier = self.frontier[:]
        self.constraints = self.constraints[:]
        self.frontier_ids = self.frontier_ids[:]
        self.parent = self.parent[:]
        self.open_ends = self.open_ends[:]
        self.size = self.size[:]
        self.pennants = self.pennants[:]
        self.meeples = self.meeples[:]
        self.multi = self.multi[:]
        self.supply = self.supply[:]
        self.points = self.points[:]

    def __getstate__(self) -> dict[str, Any]:
        """Without the views kept for the next readers (``views``: made again when asked)."""
        return {**super().__getstate__(), "shared_view": None, "view_before": None}

    def _key(self) -> tuple[Any, ...]:
        parent = self.parent

        def root(segment: int) -> int:
            while parent[segment] != segment:
                segment = parent[segment]
            return segment

        return (
            self.player,
            self.phase,
            self.pile[self.drawn :],
            self.drawn,
            self.tile,
            list(self.board.items()),
            self.frontier,
            self.constraints,
            [root(segment) for segment in range(len(parent))],
            self.open_ends,
            self.size,
            self.pennants,
            self.meeples,
            self.multi,
            self.followers,
            self.monks,
            self.supply,
            self.points,
            self.discarded,
            self.legal_ids(),
            self.last,
            (self.river_end, self.river_entry, self.river_turn),
        )

    def _information_key(self, player: int) -> Hashable:
        """The table as a tuple (see ``State.information_key``): all of it is public, only
        the order of the face-down tiles is not, and the key leaves that out."""
        return (
            player,
            self.phase,
            self.player,
            self.tile if self.phase == PLACE_PHASE else -1,
            self.last,
            len(self.pile) - self.drawn,
            tuple(self.board.items()),
            tuple(self.followers),
            tuple(self.points),
            tuple(self.supply),
            tuple(self.discarded),
        )

    def _view(self, player: int | None) -> dict[str, Any]:
        return views.view(self, player)

    def _determinize(self, player: int, rng: random.Random) -> CarcassonneState:
        """Reshuffle the face-down tiles: River tiles among themselves (the lake stays
        last of them), land tiles among themselves.

        They are drawn from the tiles not yet seen; when a stacked ``tiles`` option left
        tiles out, from more tiles than there are face down, since which ones are out is
        not known to a seat.
        """
        state = self.clone()
        rest = self.pile[self.drawn :]
        if self.game.options["tiles"] is not None:
            rest = unseen(self.pile[: self.drawn], bool(self.game.options["river"]))
            left = len(self.pile) - self.drawn
            if len(rest) > left:
                rest = rng.sample(rest, left)
        state.pile = self.pile[: self.drawn] + reshuffled(rest, rng)
        return state
