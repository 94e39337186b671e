"""Time to first paint: `pier18 play` against a minimal Textual app, in one run.

Each sample starts a fresh Python process, so every import is paid as a player pays it.
The child prints the wall-clock time when its first screen has been painted (headless,
100×30); the parent subtracts the time it started the child. The two apps run in turn,
and the ratio is taken pair by pair, so a machine whose speed drifts (other work sharing
the cores) moves both halves of a pair alike. The target is a median ratio of at most
1.2 (the benchmark's own limit was 1.3).

The children run without `PYTHONDONTWRITEBYTECODE` (a player's installed pier18 has its
compiled modules; without them every run would compile pier18 again) and with a fresh,
empty `PIER18_DATA_DIR` in which the lesson was already offered, so neither a saved game
on this machine (the resume offer) nor the first-run offer of `pier18 learn` takes the
names screen's place.

    python benchmarks/startup.py [--runs 15] [--lang nl]

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
        print(time.time(), flush=True)
        self.exit()

Minimal().run(headless=True, size=(100, 30))
"""

# `pier18 play --players 3` through the real command line; the only changes are a
# headless run and a hook that reports when the first screen (the names) has painted.
# The hook is set on `pier18.tui.app`'s own names screen class, which the command
# imports anyway, so the benchmark imports nothing the game would not.
PIER18 = """
import time
import pier18.tui.app as tui_app
from pier18.cli import main

def painted(screen):
    print(time.time(), flush=True)
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


def sample(code: str, env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=TIMEOUT)
    lines = out.stdout.strip().splitlines()
    if out.returncode != 0 or not lines:
        raise SystemExit(f"the child did not paint (status {out.returncode}): {out.stderr.strip()[-500:]}")
    return float(lines[-1]) - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--lang", default="en", help="the language the children speak (LANGUAGE)")
    options = parser.parse_args()
    runs = options.runs
    with tempfile.TemporaryDirectory(prefix="pier18-startup-") as data_dir:
        env = environment(data_dir)
        env["LANGUAGE"] = options.lang
        # A returning player: the one-time offer of `pier18 learn` was made before (on a
        # first run it would stand in place of the names screen, which is never painted).
        (Path(data_dir) / "lesson").mkdir()
        (Path(data_dir) / "lesson" / "offered").touch()
        sample(MINIMAL, env), sample(PIER18, env)  # warm the disk cache and write the .pyc files
        minimal: list[float] = []
        pier18: list[float] = []
        for _ in range(runs):
            minimal.append(sample(MINIMAL, env))
            pier18.append(sample(PIER18, env))
    ratios = sorted(p / m for p, m in zip(pier18, minimal))
    m, p = statistics.median(minimal), statistics.median(pier18)
    print(f"minimal Textual app: median {m * 1000:.0f} ms over {runs} runs (min {min(minimal) * 1000:.0f}, max {max(minimal) * 1000:.0f})")
    print(f"pier18 play        : median {p * 1000:.0f} ms over {runs} runs (min {min(pier18) * 1000:.0f}, max {max(pier18) * 1000:.0f})")
    low, high = ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]
    verdict = "met" if statistics.median(ratios) <= 1.2 else "MISSED"
    print(f"ratio, pair by pair: median {statistics.median(ratios):.2f}, quartiles {low:.2f}-{high:.2f} (target <= 1.20: {verdict})")


if __name__ == "__main__":
    main()
