"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG
2012). Each iteration draws a determinization of the bot's information set (only
through ``Seat.determinize``, so the bot never sees the true state) and walks one tree
whose edges are actions:

- **selection** among the actions legal in this determinization, by UCB1 with
  *availability* counts: an action's exploration term grows with the number of
  iterations in which it was legal, not with the parent's visits, because an action
  legal in only some determinizations must not look under-explored in the others;
- **expansion** of one untried legal action, chosen at random;
- **rollout** with uniformly random actions, to the end of the game, or for ``depth``
  actions (none with ``leaf=1``) after which the game's ``evaluate`` (called as
  ``Game._evaluate``: the search's states need no argument checks) is squashed into a
  win chance per seat,
  ``1 / (1 + exp(-evaluate / scale))`` (long games such as Carcassonne need this to
  afford 1,000 iterations per decision); with two players the chances are taken to add
  up to 1, as they do at the end, so only the bot's own seat is evaluated;
- **backpropagation** of a reward per seat: 1 for a sole win, 1/k to each of k seats
  sharing a victory, 0 otherwise. Each node keeps the reward of the seat that chose the
  action leading to it, so every seat maximises its own reward (a paranoid-free,
  max-n style search that works for any number of players).

With ``prior=N`` every root action first gets N virtual visits worth the win chance of
its one-ply evaluation (as the heuristic bot sees it), so that in games with dozens of
actions per decision the iterations go to the promising ones from the start. With
``leaf=1`` there is no rollout: each new leaf is judged by the evaluation at once.

With ``infosets=1`` the nodes are not reached by actions from the root but looked up by
the information set of the seat to move (``State.information_key``: what that seat
knows, the same in every state it cannot tell apart), as in OpenSpiel's ISMCTS. An
opponent then chooses knowing its own cards in each determinization, where one tree of
actions averages its choices over the hands we imagine for it; and our own later
choices are told apart by the cards we will have drawn. Each step costs a key (2-3 µs
in tavola's games), and the statistics are spread over more nodes.

With ``widen=W`` (progressive widening) a node visited n times tries only the
``ceil(W * sqrt(n + 1))`` actions of the seat to move with the best one-ply evaluation,
and expands the best untried one first: the tree grows deeper along promising lines in
games with dozens of actions per decision, at the price of an evaluation per action
and node.

Determinizations are reused: every ``reuse`` iterations (4 by default) one is drawn
through ``Seat.determinize`` and kept; the iterations in between search a copy of one
kept at random. A determinization depends only on the seat's view and the bot's
generator, so every iteration still searches a state drawn from the information set, at
the cost of a copy instead of a redeal (``reuse=1``: a fresh one every iteration).

The decision is the root action visited most often; the reason shown with it is that
action's estimated win chance. With an ``iterations`` budget the bot is deterministic
for its seed; a ``time`` budget depends on the machine's speed.
"""

from __future__ import annotations

import heapq
import math
import random
import time as clock

from tavola.core.game import State
from tavola.players.base import Decision, Seat, format_spec, gettext

DEFAULT_ITERATIONS = 1000
DEFAULT_REUSE = 4  # iterations per determinization drawn


class _Node:
    """The statistics of one edge (action) and the subtree below it."""

    __slots__ = ("avail", "children", "mover", "reward", "scores", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that chose the action leading here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed reward of ``mover``
        self.avail = 1  # iterations in which this action was legal
        # With ``widen``: the one-ply win chance of each action of the seat to move here.
        self.scores: dict[int, float] | None = None


class IsmctsBot:
    """SO-ISMCTS with UCB1 over availability counts, random or depth-limited rollouts."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        time: float | None = None,
        c: float | None = None,
        depth: int | None = None,
        scale: float | None = None,
        prior: int | None = None,
        reuse: int | None = None,
        leaf: int | None = None,
        infosets: int | None = None,
        widen: float | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time is not None and not time > 0:
            raise ValueError("time must be a positive number of seconds")
        if c is not None and c < 0:
            raise ValueError("c must not be negative")
        if depth is not None and depth < 0:
            raise ValueError("depth must not be negative")
        if scale is not None and not scale > 0:
            raise ValueError("scale must be positive")
        if prior is not None and prior < 0:
            raise ValueError("prior must not be negative")
        if reuse is not None and reuse < 1:
            raise ValueError("reuse must be at least 1")
        if leaf not in (None, 0, 1):
            raise ValueError("leaf must be 0 or 1")
        if infosets not in (None, 0, 1):
            raise ValueError("infosets must be 0 or 1")
        if widen is not None and widen < 0:
            raise ValueError("widen must not be negative")
        self.spec = format_spec(
            "ismcts",
            {
                "iterations": iterations,
                "time": time,
                "c": c,
                "depth": depth,
                "scale": scale,
                "prior": prior,
                "reuse": reuse,
                "leaf": leaf,
                "infosets": infosets,
                "widen": widen,
            },
        )
        self.iterations = DEFAULT_ITERATIONS if iterations is None and time is None else iterations
        self.time = time
        self.c = 0.7 if c is None else c
        self.depth = depth or 0
        self.leaf = bool(leaf)
        # Random actions after the expansion: none (leaf), ``depth``, or -1 (to the end).
        self._steps = 0 if leaf else depth or -1
        self.scale = 5.0 if scale is None else scale
        self.prior = prior or 0
        self.reuse = DEFAULT_REUSE if reuse is None else reuse
        self.infosets = bool(infosets)
        self.widen = widen or 0.0
        self._rng = random.Random(seed)
        self.last_iterations = 0  # how many iterations the last decision ran
        self._seat = 0  # the seat deciding now

    def choose(self, seat: Seat) -> Decision:
        legal = seat.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return Decision(legal[0], gettext("the only move"))
        root = _Node(-1)
        self._seat = seat.player
        # With ``infosets``, the nodes of this decision by (seat to move, its information).
        table: dict[object, _Node] | None = None
        if self.infosets:
            table = {(seat.player, seat.information_key()): root}
        if self.prior:
            self._seed_root(root, seat, legal)
        deadline = None if self.time is None else clock.perf_counter() + self.time
        limit = self.iterations
        done = 0
        reuse, rng = self.reuse, self._rng
        deals: list[State] = []  # pristine determinizations, to reuse (copied) for a while
        while limit is None or done < limit:
            if deadline is not None and done and clock.perf_counter() >= deadline:
                break
            if done % reuse == 0:
                state = seat.determinize(rng)
                if reuse > 1:
                    deals.append(state.clone())
            else:
                state = deals[int(rng.random() * len(deals))].clone()
            self._iterate(root, state, table)
            done += 1
        self.last_iterations = done
        children = root.children
        action = max(legal, key=lambda a: children[a].visits if a in children else -1)
        chosen = children[action]
        chance = f"{chosen.reward / chosen.visits:.0%}"
        reason = gettext("{chance} to win, {iterations} iterations")
        return Decision(action, reason.format(chance=chance, iterations=done))

    def _seed_root(self, root: _Node, seat: Seat, legal: list[int]) -> None:
        """A prior: ``prior`` virtual visits per root action, at its one-ply evaluation."""
        base = seat.determinize(self._rng)
        player, weight = seat.player, self.prior
        scores = root.scores = {}
        for action in legal:
            chance = scores[action] = self._one_ply(base, action, player)
            child = root.children[action] = _Node(player)
            child.visits = weight
            child.reward = weight * chance

    def _iterate(self, root: _Node, state: State, table: dict[object, _Node] | None) -> None:
        """One selection, expansion, rollout and backpropagation on a determinization.

        Without ``table`` the tree's nodes are reached by actions; with it, each step
        looks up the node of the mover's information set (made on the first visit).
        """
        rand = self._rng.random
        c, widen = self.c, self.widen
        log, sqrt = math.log, math.sqrt
        # The search applies actions through ``_apply``: it needs neither the notation
        # check nor the history of a throwaway determinization.
        apply = state._apply
        node = root
        path: list[_Node] = []
        while (player := state.current_player) is not None:
            if table is not None and path:
                key = (player, state._information_key(player))
                found = table.get(key)
                if found is None:
                    found = table[key] = _Node(player)
                node = found
            children = node.children
            untried: list[int] = []
            best: _Node | None = None
            best_action = -1
            best_value = -1.0
            get = children.get
            legal = state.legal_actions()
            if widen:
                legal = self._widened(node, state, player, legal)
            for action in legal:
                child = get(action)
                if child is None:
                    untried.append(action)
                    continue
                avail = child.avail = child.avail + 1
                if untried:
                    continue  # an untried action is expanded here: no need to rank
                visits = child.visits
                value = child.reward / visits + c * sqrt(log(avail) / visits)
                if value > best_value:
                    best, best_action, best_value = child, action, value
            if untried:
                # Widened, the actions come best first: the most promising untried one.
                action = untried[0] if widen else untried[int(rand() * len(untried))]
                child = children[action] = _Node(player)
                apply(action)
                path.append(child)
                break
            assert best is not None
            apply(best_action)
            path.append(best)
            node = best
        steps = self._steps
        while steps and state.current_player is not None:
            legal = state.legal_actions()
            apply(legal[int(rand() * len(legal))])
            steps -= 1
        rewards = self._rewards(state)
        root.visits += 1
        for node in path:
            node.visits += 1
            node.reward += rewards[node.mover]

    def _widened(self, node: _Node, state: State, player: int, legal: list[int]) -> list[int]:
        """The ``widen * sqrt(visits + 1)`` actions of ``legal`` with the best one-ply win
        chance for ``player``, best first; each action is judged once per node."""
        scores = node.scores
        if scores is None:
            scores = node.scores = {}
        for action in legal:
            if action not in scores:
                scores[action] = self._one_ply(state, action, player)
        count = math.ceil(self.widen * math.sqrt(node.visits + 1))
        if count >= len(legal):
            return sorted(legal, key=scores.__getitem__, reverse=True)
        return heapq.nlargest(count, legal, key=scores.__getitem__)

    def _one_ply(self, state: State, action: int, player: int) -> float:
        """``player``'s win chance after ``action``, by the squashed evaluation."""
        after = state.clone()
        after._apply(action)
        value = state.game._evaluate(after, player)
        return 1.0 / (1.0 + math.exp(min(50.0, -value / self.scale)))

    def _rewards(self, state: State) -> list[float]:
        """Each seat's reward: its share of the victory, or its squashed evaluation."""
        game = state.game
        n = game.num_players
        if state.is_over:
            winners = state.winners
            rewards = [0.0] * n
            for seat in winners:
                rewards[seat] = 1.0 / len(winners)
            return rewards
        scale, exp = self.scale, math.exp
        if n == 2:
            # Two seats' chances add up to 1, as at the end: one evaluation, from our seat.
            seat = self._seat
            chance = 1.0 / (1.0 + exp(min(50.0, -game._evaluate(state, seat) / scale)))
            return [chance, 1.0 - chance] if seat == 0 else [1.0 - chance, chance]
        # Clamped so that exp cannot overflow whatever a game's evaluation returns.
        return [
            1.0 / (1.0 + exp(min(50.0, -game._evaluate(state, seat) / scale))) for seat in range(n)
        ]
