"""How fast `pier18 score` starts, against Python's own start-up.

Targets: `pier18 score --json` at most 2x the wall time of `python -c pass`; the drawn
output at most 1.4x `python -c "import rich"` (benchmarks/startup.py runs these with
`pier18 play`'s first paint, in one run). Every command runs in a fresh process,
interleaved, and the medians are compared.

`pier18` is the installed console script beside this Python, run as a player runs it
(pip's launcher, as installed: that is part of the measure).
The script finds the package through the installed path, so the children get this
checkout's `src` first on PYTHONPATH: the code measured is this checkout's, whichever
checkout the environment was installed from.

    python benchmarks/cli_startup.py [--runs 30] [--lang nl]

`--lang` sets LANGUAGE in the children, so pier18 loads that language's catalog.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = str(ROOT / "examples" / "pier.txt")
# The installed `pier18` script, as a player runs it (it sits beside this Python).
PIER18 = str(Path(sys.executable).with_name("pier18"))

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "pier18 score --json": [PIER18, "score", EXAMPLE, "--json"],
    "python -c 'import rich'": [sys.executable, "-c", "import rich"],
    "pier18 score (drawn)": [PIER18, "score", EXAMPLE],
}

JSON_PAIR = ("pier18 score --json", "python -c pass")
DRAWN_PAIR = ("pier18 score (drawn)", "python -c 'import rich'")

# As on a player's machine, Python may cache compiled modules (pip compiles them at
# install time); a PYTHONDONTWRITEBYTECODE in this shell would make every run compile
# pier18's modules from source again and time the compiler instead.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)


def wall_time(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--lang", default="en", help="the language the children speak (LANGUAGE)")
    args = parser.parse_args()
    ENV["LANGUAGE"] = args.lang
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for name, command in COMMANDS.items():  # warm the file cache
        wall_time(command)
    for _ in range(args.runs):
        for name, command in COMMANDS.items():
            times[name].append(wall_time(command))
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    for name, ms in medians.items():
        print(f"{name:48s} {ms:7.1f} ms (median of {args.runs})")
    json_ratio = medians[JSON_PAIR[0]] / medians[JSON_PAIR[1]]
    drawn_ratio = medians[DRAWN_PAIR[0]] / medians[DRAWN_PAIR[1]]
    print(f"score --json / python -c pass: {json_ratio:.2f}x (target <= 2x)")
    print(f"score drawn / import rich:     {drawn_ratio:.2f}x (target <= 1.4x)")


if __name__ == "__main__":
    main()
