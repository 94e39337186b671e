"""Random 3-player self-play through the real `pier18 simulate` command. Not a test.

Target: at least 5,000 random-vs-random 3-player games per second on one core, as the
command itself plays them (`benchmarks/bots.py` times the same games inside one Python
process, without the command's start-up, argument handling and output).

    python benchmarks/simulate_cli.py                       # 3 runs of 20,000 games
    python benchmarks/simulate_cli.py --games 50000 --runs 5
    python benchmarks/simulate_cli.py --pier18 /other/checkout/.venv/bin/pier18   # compare

Each run starts the command in a fresh process with stdout and stderr on pipes (so no
progress bar), as a script would. It prints, per run: the games per second the command
reports (`games_per_second` of `--json`: the games only, wall clock), the games per
second over the whole process's wall time (start-up, deck, JSON output included), and
over its CPU time (the figure that drifts least when the machine is shared). A
`--games 1` run gives the start-up. With several `--pier18` scripts, runs interleave.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

# The installed `pier18` script, as a player runs it (it sits beside this Python).
PIER18 = str(Path(sys.executable).with_name("pier18"))

# As on a player's machine, Python may cache compiled modules (pip compiles them at
# install time); see benchmarks/cli_startup.py.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(pier18: str, games: int, seed: int) -> tuple[float, float, float]:
    """One command run: (games/s it reports, wall seconds, CPU seconds of the process)."""
    command = [pier18, "simulate", "--players", "3", "--seats", "random,random,random",
               "--games", str(games), "--seed", str(seed), "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=ENV)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stdout)["games_per_second"], wall, cpu


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20000, help="games per run (default 20000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per command (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pier18", action="append", help="a pier18 script to run (default: this venv's)")
    args = parser.parse_args()
    scripts = args.pier18 or [PIER18]
    print(f"# {sys.implementation.name} {sys.version.split()[0]}, {os.cpu_count()} cores; {load()}")
    for script in scripts:  # warm the file cache and the compiled modules
        run(script, 1, args.seed)
    startup: dict[str, list[float]] = {script: [] for script in scripts}
    reported: dict[str, list[float]] = {script: [] for script in scripts}
    for number in range(1, args.runs + 1):
        for script in scripts:
            startup[script].append(run(script, 1, args.seed)[1])
            rate, wall, cpu = run(script, args.games, args.seed)
            reported[script].append(rate)
            print(f"run {number} {script}: command reports {rate:7.0f} games/s; whole process "
                  f"{args.games / wall:7.0f} games/s wall ({wall:.2f} s), {args.games / cpu:7.0f} games/s CPU")
    for script in scripts:
        best = max(reported[script])
        print(f"{script}: command-reported median {statistics.median(reported[script]):.0f}, best {best:.0f} games/s "
              f"(target >= 5000: {'ok' if best >= 5000 else 'MISSED'}); start-up (--games 1) median "
              f"{1000 * statistics.median(startup[script]):.0f} ms")
    print(f"# {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
