"""Instructions per random game, compiled and interpreted side by side: a figure the
machine's load does not move.

``benchmarks/engine.py --compare-pure`` times both forms per CPU-second, and a busy or
shared machine moves its ratios by a tenth or more. This counts the instructions the CPU
runs instead, with valgrind's callgrind (``apt-get install valgrind``): the same count for
the same build and seeds, whatever else runs. Each game and player count plays the same
seeded random games (``tavola.core.playouts.play_out``) in each form; a run with no game
is subtracted, so start-up and imports are left out. About a minute a row.

    python benchmarks/instructions.py [--games=N] [GAME ...]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from rich.progress import track
from rich.table import Table

from tavola.compiled import PURE_VARIABLE

# (game, options) rows: each game's player counts, as the timed benchmark's playouts.
ROWS: list[tuple[str, dict[str, str]]] = [
    ("campanile", {"players": "2"}),
    ("campanile", {"players": "4"}),
    ("campanile", {"players": "2", "edition": "1996"}),
    ("campanile", {"players": "4", "edition": "1996"}),
    ("carcassonne", {"players": "2"}),
    ("carcassonne", {"players": "4"}),
    ("carcassonne", {"players": "2", "river": "true"}),
    ("carcassonne", {"players": "4", "river": "true"}),
    ("clocktowers", {"players": "2"}),
    ("clocktowers", {"players": "4"}),
]
# What each counted process runs: ``count`` seeded random games of one configuration.
PLAY = """
import random, sys, tavola
from tavola.core.playouts import play_out
options = dict(pair.split("=", 1) for pair in sys.argv[3:])
game = tavola.load(sys.argv[1], players=int(options.pop("players")), **options)
rng = random.Random(0)
for seed in range(int(sys.argv[2])):
    play_out(game.new_game(seed), rng)
"""


def instructions(pure: bool, game: str, options: dict[str, str], count: int) -> int:
    """Instructions callgrind counts in a process playing ``count`` games."""
    env = {**os.environ, PURE_VARIABLE: "1" if pure else ""}
    pairs = [f"{key}={value}" for key, value in options.items()]
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [sys.executable, "-c", PLAY, game, str(count), *pairs]
        run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"callgrind counted nothing:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_game(pure: bool, game: str, options: dict[str, str], count: int) -> float:
    """Instructions per game: ``count`` games less none, divided by ``count``."""
    games = instructions(pure, game, options, count)
    return (games - instructions(pure, game, options, 0)) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to count (default: all of ROWS')")
    parser.add_argument("--games", dest="count", type=int, default=100, metavar="N",
                        help="random games a row (default 100)")  # fmt: skip
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    rows = [row for row in ROWS if not args.games or row[0] in args.games]
    table = Table(title=f"Instructions per random game (callgrind, {args.count} games a row)")
    for column in ("game, options", "compiled", "interpreted", "speedup"):
        table.add_column(column, justify="left" if column.startswith("game") else "right")
    for game, options in track(rows, description="counting"):
        compiled = per_game(False, game, options, args.count)
        interpreted = per_game(True, game, options, args.count)
        label = f"{game} " + ", ".join(f"{k}={v}" for k, v in options.items())
        table.add_row(
            label, f"{compiled / 1e6:.3f} M", f"{interpreted / 1e6:.3f} M",
            f"{interpreted / compiled:.2f}x",
        )  # fmt: skip
    Console().print(table)


if __name__ == "__main__":
    main()
