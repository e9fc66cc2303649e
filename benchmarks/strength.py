"""How strong the bots are: the matchups the project requires, 2 players, seats swapped.

    python benchmarks/strength.py                 # every registered game
    python benchmarks/strength.py campanile       # one game
    python benchmarks/strength.py campanile --games 40 --workers 1
    python benchmarks/strength.py campanile:edition=1996   # with options
    python benchmarks/strength.py carcassonne --versus heuristic --games 60 --workers 1 \
        --openspiel-games 6 --openspiel-iterations 200

For each game it plays ``ismcts`` against ``heuristic`` and ``random``, and ``heuristic``
against ``random``, through the tournament runner (every deal played from both seats),
then prints a Markdown table: the first bot's win rate with its 95% Wilson interval,
the required rate, and the seconds per decision of each bot. It also measures ISMCTS
iterations per CPU-second on six positions spread over a random game. The ISMCTS
configuration of each game is the spec string below, printed with the results.

With the ``openspiel`` extra installed it also plays the external matchup: our ``ismcts``
against OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``, random
rollouts, ``uct_c=2`` on returns in [-1, 1]) through ``tavola.interop.openspiel``, at equal
iterations (``--openspiel-iterations``, 200 and 1000 by default), every deal played from
both seats, one process (``--openspiel-games`` games per budget; 0 to skip). Its seconds
per decision are CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import tavola
from tavola.players import Seat, make_bot
from tavola.players.ismcts import IsmctsBot
from tavola.players.tournament import run, schedule, standings, wilson

# The ISMCTS spec per game: 1,000 iterations per decision, plus a rollout cutoff where
# random games are too long to play out a thousand times per decision, or where judging
# the position early plays better (Campanile; see docs/bots.md).
ISMCTS = {
    "campanile": "ismcts:iterations=1000,depth=6,scale=4",
    "clocktowers": "ismcts:iterations=1000,depth=20,scale=3",
    "carcassonne": "ismcts:iterations=1000,leaf=1,scale=8,prior=40",
}
OPENSPIEL_UCT_C = 2.0
DEFAULT_ISMCTS = "ismcts:iterations=1000"


@dataclass
class Line:
    game: str
    options: dict[str, str]
    first: str
    second: str
    required: float
    games: int = 0
    win_rate: float = 0.0
    low: float = 0.0
    high: float = 0.0
    first_seconds: float = 0.0
    second_seconds: float = 0.0
    wall: float = 0.0

    @property
    def verdict(self) -> str:
        return "pass" if self.win_rate >= self.required else "FAIL"


def parse_game(text: str) -> tuple[str, dict[str, str]]:
    """``campanile:edition=1996`` -> the game's name and its options (players=2 added)."""
    name, _, rest = text.partition(":")
    options = dict(part.split("=", 1) for part in rest.split(",") if part)
    return name, {**options, "players": "2"}


def matchups(ismcts: str) -> list[tuple[str, str, float]]:
    # The cheap matchup first, so that an interrupted run still has it.
    # ISMCTS against the heuristic: 65% was the project's requirement, 90% is the goal now.
    return [("heuristic", "random", 0.80), (ismcts, "heuristic", 0.90), (ismcts, "random", 0.95)]


def play(line: Line, games: int, workers: int, seed: int, out: Path | None) -> None:
    name = parse_game(line.game)[0]
    tasks = schedule(name, line.options, [line.first, line.second], games, seed)
    start = time.perf_counter()
    done = 0

    def progress(_: object) -> None:
        nonlocal done
        done += 1
        if done % 20 == 0 or done == games:
            elapsed = time.perf_counter() - start
            left = elapsed / done * (games - done)
            print(f"  {done}/{games} games, {elapsed:.0f} s, ~{left:.0f} s left", file=sys.stderr)

    outcome = run(tasks, workers, on_result=progress)
    line.wall = time.perf_counter() - start
    first, second = standings([line.first, line.second], outcome.results)
    line.games = first.games
    line.win_rate = first.win_rate
    line.low, line.high = first.ci
    line.first_seconds = first.seconds_per_decision
    line.second_seconds = second.seconds_per_decision
    if out is not None:
        from tavola.players.tournament import results_json

        variant = "".join(f"-{v}" for k, v in line.options.items() if k != "players")
        bots = f"{line.first.split(':')[0]}-{line.second.split(':')[0]}"
        name = f"{name}{variant}-{bots}.json"
        data = results_json(outcome, [line.first, line.second], seed)
        (out / name).write_text(json.dumps(data) + "\n")
    if outcome.interrupted:
        raise KeyboardInterrupt


def iterations_per_second(game_name: str, options: dict[str, str], spec: str) -> float:
    """ISMCTS iterations per second on six positions spread over one random game."""
    game = tavola.load(game_name, **options)
    state = game.new_game(seed=5)
    rng = random.Random(5)
    positions = []
    while not state.is_over:
        positions.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    bot = make_bot(spec, seed=1)
    assert isinstance(bot, IsmctsBot)
    iterations, seconds = 0, 0.0
    for position in (positions[len(positions) * i // 6] for i in range(6)):
        player = position.current_player
        assert player is not None
        start = time.process_time()
        bot.choose(Seat(position, player))
        seconds += time.process_time() - start
        iterations += bot.last_iterations
    return iterations / seconds if seconds else 0.0


def with_iterations(spec: str, iterations: int) -> str:
    """``spec`` with its iteration budget set to ``iterations``."""
    name, _, rest = spec.partition(":")
    options = [part for part in rest.split(",") if part and not part.startswith("iterations=")]
    return f"{name}:" + ",".join([f"iterations={iterations}", *options])


@dataclass
class External:
    """Our ``ismcts`` against OpenSpiel's Python ISMCTS at one iteration budget."""

    game: str
    options: dict[str, str]
    spec: str
    iterations: int
    games: int = 0
    wins: float = 0.0
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])  # ours, theirs
    decisions: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def per_decision(self, side: int) -> float:
        return self.seconds[side] / self.decisions[side] if self.decisions[side] else 0.0


def play_openspiel(line: External, games: int, seed: int) -> None:
    """Play ``games`` games (every deal from both seats) and add them to ``line``."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from tavola.interop import openspiel

    name = parse_game(line.game)[0]
    tavola_game = tavola.load(name, **line.options)
    spiel_game = openspiel.load_game(name, **tavola_game.options)
    deals = random.Random(seed).sample(range(2**32), -(-games // 2))
    start = time.perf_counter()
    for index in range(games):
        deal, ours = deals[index // 2], index % 2
        state = openspiel.new_state(spiel_game, deal)
        bot = make_bot(line.spec, seed=deal)
        rng = np.random.RandomState(deal % 2**31)
        theirs = ismcts.ISMCTSBot(
            game=spiel_game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            uct_c=OPENSPIEL_UCT_C,
            max_simulations=line.iterations,
            random_state=rng,
        )
        while not state.is_terminal():
            player = state.current_player()
            side = 0 if player == ours else 1
            clock = time.process_time()
            if side == 0:
                action = bot.choose(Seat(openspiel.tavola_state(state), player)).action
            else:
                action = theirs.step(state)
            line.seconds[side] += time.process_time() - clock
            line.decisions[side] += 1
            state.apply_action(action)
        winners = openspiel.tavola_state(state).winners
        line.games += 1
        line.wins += 1 / len(winners) if ours in winners else 0.0
        elapsed = time.perf_counter() - start
        print(
            f"  {index + 1}/{games} games, {elapsed:.0f} s, ~"
            f"{elapsed / (index + 1) * (games - index - 1):.0f} s left",
            file=sys.stderr,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all registered)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per matchup")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, help="folder for each matchup's results JSON")
    parser.add_argument(
        "--openspiel-games", type=int, default=40, help="games per budget against OpenSpiel"
    )
    parser.add_argument(
        "--openspiel-iterations",
        default="200,1000",
        help="iteration budgets against OpenSpiel, comma-separated",
    )
    parser.add_argument(
        "--only-openspiel", action="store_true", help="skip the matchups among our own bots"
    )
    parser.add_argument(
        "--spec", help="our ISMCTS spec instead of each game's own (to try another setting)"
    )
    parser.add_argument(
        "--versus",
        choices=("all", "heuristic"),
        default="all",
        help="our matchups: all three, or only ismcts against heuristic",
    )
    args = parser.parse_args()
    names = args.games or list(tavola.game_classes())
    games = [parse_game(text) for text in names]
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    lines: list[Line] = []
    external: list[External] = []
    speeds: dict[str, tuple[str, float]] = {}  # per game: the ISMCTS spec, its speed
    budgets = [int(text) for text in args.openspiel_iterations.split(",") if text]
    if args.openspiel_games and not has_openspiel():
        print("openspiel is not installed: no external matchup", file=sys.stderr)
        budgets = []
    try:
        for (name, options), label in zip(games, names, strict=True):
            spec = args.spec or ISMCTS.get(name, DEFAULT_ISMCTS)
            speed = iterations_per_second(name, options, spec)
            speeds[label] = (spec, speed)
            print(f"{label}: ISMCTS {speed:,.0f} iterations/s", file=sys.stderr)
            ours = [] if args.only_openspiel else matchups(spec)
            if args.versus == "heuristic":
                ours = [m for m in ours if m[1] == "heuristic"]
            for first, second, required in ours:
                line = Line(label, options, first, second, required)
                print(f"{label}: {first} vs {second}", file=sys.stderr)
                lines.append(line)
                play(line, args.count, args.workers, args.seed, args.out)
            for iterations in budgets if args.openspiel_games else []:
                match = External(label, options, with_iterations(spec, iterations), iterations)
                print(f"{label}: {match.spec} vs OpenSpiel ISMCTS", file=sys.stderr)
                external.append(match)
                play_openspiel(match, args.openspiel_games, args.seed)
    except KeyboardInterrupt:
        print("interrupted: the tables show the matchups played so far", file=sys.stderr)
    print_table(lines, speeds)
    print_external(external)


def has_openspiel() -> bool:
    try:
        import open_spiel.python.algorithms.ismcts  # noqa: F401
    except ImportError:
        return False
    return True


def print_external(lines: list[External]) -> None:
    if not lines:
        return
    print()
    print(
        "| game | bot | vs OpenSpiel ISMCTS at | games | win % | 95% CI | required | | "
        "s/decision (bot) | s/decision (OpenSpiel) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for line in lines:
        rate = line.wins / line.games if line.games else 0.0
        low, high = line.interval
        print(
            f"| {line.game} | `{line.spec}` | {line.iterations} iterations | {line.games} | "
            f"{100 * rate:.1f} | {100 * low:.1f}-{100 * high:.1f} | 65 | "
            f"{'pass' if rate >= 0.65 else 'FAIL'} | {line.per_decision(0):.4f} | "
            f"{line.per_decision(1):.4f} |"
        )


def print_table(lines: list[Line], speeds: dict[str, tuple[str, float]]) -> None:
    print(
        "| game | bot | opponent | games | win % | 95% CI | required | | "
        "s/decision (bot) | s/decision (opponent) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for line in lines:
        print(
            f"| {line.game} | `{line.first}` | `{line.second}` | {line.games} | "
            f"{100 * line.win_rate:.1f} | {100 * line.low:.1f}-{100 * line.high:.1f} | "
            f"{100 * line.required:.0f} | {line.verdict} | {line.first_seconds:.4f} | "
            f"{line.second_seconds:.4f} |"
        )
    print()
    print("| game | ISMCTS spec | iterations per CPU-second |")
    print("|---|---|---|")
    for label, (spec, speed) in speeds.items():
        print(f"| {label} | `{spec}` | {speed:,.0f} |")


if __name__ == "__main__":
    main()
