"""Start-up of the commands, each against its yardstick, in one run: the first paint of
`pier18 play` against a minimal Textual app (target <= 1.25x), `pier18 score --json`
against `python -c pass` (<= 2x), the drawn `pier18 score` against `python -c "import
rich"` (<= 1.4x). The score commands are timed as in benchmarks/cli_startup.py, in the
same rounds, each ratio taken pair by pair.

Each sample starts a fresh Python process, so every import is paid as a player pays it.
The child prints the wall-clock time when its first screen has been painted (headless,
100×30); the parent subtracts the time it started the child. The two apps run in turn,
and the ratio is taken pair by pair, so a machine whose speed drifts (other work sharing
the cores) moves both halves of a pair alike.

The children run without `PYTHONDONTWRITEBYTECODE` (a player's installed pier18 has its
compiled modules; without them every run would compile pier18 again) and with a fresh,
empty `PIER18_DATA_DIR` in which the lesson was already offered, so neither a saved game
on this machine (the resume offer) nor the first-run offer of `pier18 learn` takes the
names screen's place.

    python benchmarks/startup.py [--runs 15] [--lang nl] [--before SRC]

`--before SRC` runs `pier18 play` from that source folder too (for example an export of
main's `src`), in the same rounds: minimal app, before, this checkout, in turn, so the
two pier18s are compared under the same load. Each child also reports the CPU time it
used up to its paint (`time.process_time()`), which a shared machine moves less than
wall time; both ratios are printed, with the load average.

`--lang` sets LANGUAGE in the children: pier18 then loads that language's catalog (the
minimal app is the same either way), so the ratio says what a catalog costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cli_startup  # beside this script: the score commands and their yardsticks

SRC = Path(__file__).resolve().parents[1] / "src"

MINIMAL = """
import time
from textual.app import App
from textual.widgets import Footer, Header, Label

class Minimal(App):
    def compose(self):
        yield Header()
        yield Label("Pier 18")
        yield Footer()

    def on_mount(self):
        self.call_after_refresh(self.painted)

    def painted(self):
        print(time.time(), time.process_time(), flush=True)
        self.exit()

Minimal().run(headless=True, size=(100, 30))
"""

# `pier18 play --players 3` through the real command line; the only changes are a
# headless run, standard error taken for a terminal (here it is a pipe, which would make
# `play` speak in plain lines) and a hook that reports when the first screen (the names)
# has painted.
# The hook is set on `pier18.tui.app`'s own names screen class, which the command
# imports anyway, so the benchmark imports nothing the game would not.
PIER18 = """
import time
import pier18.tui.app as tui_app
import pier18.tui.terminal as terminal
from pier18.cli import main

terminal.not_a_terminal = list  # the app, as at a terminal (the benchmark reads its output through a pipe)

def painted(screen):
    print(time.time(), time.process_time(), flush=True)
    screen.app.exit()

tui_app.NamesScreen.on_mount = lambda screen: screen.call_after_refresh(painted, screen)
run = tui_app.Pier18App.run
tui_app.Pier18App.run = lambda app: run(app, headless=True, size=(100, 30))
main(["play", "--players", "3"])
"""

#: Far above any start-up, even on a loaded machine: a child that never paints (a
#: screen other than the names screen came first) fails the run instead of hanging it.
TIMEOUT = 120


def environment(data_dir: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "COLUMNS", "LINES")}
    # No empty entry (an empty PYTHONPATH would add one: the current folder, searched first).
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), os.environ.get("PYTHONPATH", "")) if p)
    env["PIER18_DATA_DIR"] = data_dir
    return env


def sample(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds from starting the child to its paint, CPU seconds the child used until then)."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=TIMEOUT)
    lines = out.stdout.strip().splitlines()
    try:
        painted, cpu = (float(word) for word in lines[-1].split())
    except (IndexError, ValueError):
        raise SystemExit(f"the child did not paint (status {out.returncode}): {out.stderr.strip()[-500:]}") from None
    return painted - start, cpu


def summary(name: str, samples: list[tuple[float, float]], minimal: list[tuple[float, float]] | None) -> str:
    """One line: the median wall and CPU time, and against the minimal app pair by pair."""
    wall = [w for w, _ in samples]
    cpu = [c for _, c in samples]
    line = (f"{name:<21}: median {statistics.median(wall) * 1000:5.0f} ms wall (min {min(wall) * 1000:.0f}, "
            f"max {max(wall) * 1000:.0f}), {statistics.median(cpu) * 1000:4.0f} ms CPU")
    if minimal is None:
        return line
    walls = sorted(p[0] / m[0] for p, m in zip(samples, minimal))
    cpus = sorted(p[1] / m[1] for p, m in zip(samples, minimal))
    low, high = walls[len(walls) // 4], walls[(3 * len(walls)) // 4]
    return line + (f"\n{'':<23}ratio pair by pair: wall {statistics.median(walls):.2f} (quartiles {low:.2f}-{high:.2f}),"
                   f" CPU {statistics.median(cpus):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lang", default="en", help="the language the children speak (LANGUAGE)")
    parser.add_argument("--before", metavar="SRC", help="also run pier18 from this source folder, interleaved")
    options = parser.parse_args()
    runs = options.runs
    print(f"# {runs} rounds; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="pier18-startup-") as data_dir:
        env = environment(data_dir)
        env["LANGUAGE"] = options.lang
        before_env = None
        if options.before:
            before_env = dict(env, PYTHONPATH=os.pathsep.join(
                p for p in (str(Path(options.before).resolve()), os.environ.get("PYTHONPATH", "")) if p
            ))
        # A returning player: the one-time offer of `pier18 learn` was made before (on a
        # first run it would stand in place of the names screen, which is never painted).
        (Path(data_dir) / "lesson").mkdir()
        (Path(data_dir) / "lesson" / "offered").touch()
        sample(MINIMAL, env), sample(PIER18, env)  # warm the disk cache and write the .pyc files
        if before_env is not None:
            sample(PIER18, before_env)
        minimal: list[tuple[float, float]] = []
        pier18: list[tuple[float, float]] = []
        before: list[tuple[float, float]] = []
        scores: dict[str, list[float]] = {name: [] for name in cli_startup.COMMANDS}
        cli_startup.ENV["LANGUAGE"] = options.lang
        for command in cli_startup.COMMANDS.values():
            cli_startup.wall_time(command)  # warm
        for _ in range(runs):
            for name, command in cli_startup.COMMANDS.items():
                scores[name].append(cli_startup.wall_time(command))
            minimal.append(sample(MINIMAL, env))
            if before_env is not None:
                before.append(sample(PIER18, before_env))
            pier18.append(sample(PIER18, env))
    print(summary("minimal Textual app", minimal, None))
    if before:
        print(summary("pier18 play, before", before, minimal))
    print(summary("pier18 play", pier18, minimal))
    ratios = sorted(p[0] / m[0] for p, m in zip(pier18, minimal))
    verdict = "met" if statistics.median(ratios) <= 1.25 else "MISSED"
    print(f"play first paint / minimal Textual app: {statistics.median(ratios):.2f}x (target <= 1.25x): {verdict}")
    for name in cli_startup.COMMANDS:
        print(f"{name:40s} {statistics.median(scores[name]) * 1000:7.1f} ms (median of {runs})")
    for (a, b), target in ((cli_startup.JSON_PAIR, 2.0), (cli_startup.DRAWN_PAIR, 1.4)):
        ratio = statistics.median(x / y for x, y in zip(scores[a], scores[b]))
        print(f"{a} / {b}: {ratio:.2f}x (target <= {target}x): {'met' if ratio <= target else 'MISSED'}")
    print(f"# load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
