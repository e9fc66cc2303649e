"""How strong the bots are: the matchups the project requires, 2 players, seats swapped.

    python benchmarks/strength.py                 # every registered game
    python benchmarks/strength.py campanile       # one game
    python benchmarks/strength.py campanile --games 40 --workers 1
    python benchmarks/strength.py campanile:edition=1996   # with options

For each game it plays ``ismcts`` against ``heuristic`` and ``random``, and ``heuristic``
against ``random``, through the tournament runner (every deal played from both seats),
then prints a Markdown table: the first bot's win rate with its 95% Wilson interval,
the required rate, and the seconds per decision of each bot. It also measures ISMCTS
iterations per second on six positions spread over a random game. The ISMCTS configuration of
each game is the spec string below, printed with the results.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import tavola
from tavola.players import Seat, make_bot
from tavola.players.ismcts import IsmctsBot
from tavola.players.tournament import run, schedule, standings

# The ISMCTS spec per game: 1,000 iterations per decision, plus a rollout cutoff where
# random games are too long to play out a thousand times per decision.
ISMCTS = {
    "campanile": "ismcts:iterations=1000",
    "clocktowers": "ismcts:iterations=1000,depth=20,scale=3",
    "carcassonne": "ismcts:iterations=1000,depth=1,scale=8,prior=10",
}
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


def matchups(game: str) -> list[tuple[str, str, float]]:
    ismcts = ISMCTS.get(game, DEFAULT_ISMCTS)
    # The cheap matchup first, so that an interrupted run still has it.
    return [("heuristic", "random", 0.80), (ismcts, "heuristic", 0.65), (ismcts, "random", 0.95)]


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
        start = time.perf_counter()
        bot.choose(Seat(position, player))
        seconds += time.perf_counter() - start
        iterations += bot.last_iterations
    return iterations / seconds if seconds else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all registered)")
    parser.add_argument("--games", dest="count", type=int, default=200, help="games per matchup")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, help="folder for each matchup's results JSON")
    args = parser.parse_args()
    names = args.games or list(tavola.game_classes())
    games = [parse_game(text) for text in names]
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    lines: list[Line] = []
    speeds: dict[str, float] = {}
    try:
        for (name, options), label in zip(games, names, strict=True):
            spec = ISMCTS.get(name, DEFAULT_ISMCTS)
            speeds[label] = iterations_per_second(name, options, spec)
            print(f"{label}: ISMCTS {speeds[label]:,.0f} iterations/s", file=sys.stderr)
            for first, second, required in matchups(name):
                line = Line(label, options, first, second, required)
                print(f"{label}: {first} vs {second}", file=sys.stderr)
                lines.append(line)
                play(line, args.count, args.workers, args.seed, args.out)
    except KeyboardInterrupt:
        print("interrupted: the table shows the matchups played so far", file=sys.stderr)
    print_table(lines, speeds)


def print_table(lines: list[Line], speeds: dict[str, float]) -> None:
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
    print("| game | ISMCTS spec | iterations/s |")
    print("|---|---|---|")
    for label, speed in speeds.items():
        spec = ISMCTS.get(parse_game(label)[0], DEFAULT_ISMCTS)
        print(f"| {label} | `{spec}` | {speed:,.0f} |")


if __name__ == "__main__":
    main()
