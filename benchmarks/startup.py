"""Time to first paint: `pier18 play` against a minimal Textual app, in one run.

Each sample starts a fresh Python process, so every import is paid as a player pays it.
The child prints the wall-clock time when its first screen has been painted (headless,
100×30); the parent subtracts the time it started the child. Medians of several
interleaved runs; the target is a ratio of at most 1.3.

    python benchmarks/startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
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
PIER18 = """
import time
from pier18.cli import main
from textual.app import App
import pier18.tui.app as tui_app
import pier18.tui.screens.names as names

def painted(screen):
    print(time.time(), flush=True)
    screen.app.exit()

names.NamesScreen.on_mount = lambda screen: screen.call_after_refresh(painted, screen)
tui_app.Pier18App.run = lambda app: App.run(app, headless=True, size=(100, 30))
main(["play", "--players", "3"])
"""


def sample(code: str) -> float:
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    painted = float(out.stdout.strip().splitlines()[-1])
    return painted - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    sample(MINIMAL), sample(PIER18)  # warm the disk cache and .pyc files
    minimal: list[float] = []
    pier18: list[float] = []
    for _ in range(runs):
        minimal.append(sample(MINIMAL))
        pier18.append(sample(PIER18))
    m, p = statistics.median(minimal), statistics.median(pier18)
    print(f"minimal Textual app: median {m * 1000:.0f} ms over {runs} runs")
    print(f"pier18 play        : median {p * 1000:.0f} ms over {runs} runs")
    print(f"ratio              : {p / m:.2f} (target <= 1.30)")


if __name__ == "__main__":
    main()
