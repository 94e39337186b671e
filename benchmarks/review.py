"""How long `pier18 review` takes on a whole 3-player game. Not a test.

Target: reviewing every decision of a 3-player game (all three seats, 15 decisions)
takes at most 20 s of wall time on this 2-core machine with `--jobs 2`, hindsight
included.

    python benchmarks/review.py                 # 3 records, 3 runs of each command
    python benchmarks/review.py --records 5 --runs 5
    python benchmarks/review.py --before /work/main/src   # each review also with that code, interleaved

The machine is shared and its speed drifts, so every command is run in a fresh process,
interleaved with the others, and compared with a baseline run in the same loop: `pier18
replay FILE --json` of the same record (start-up, reading and replaying the record,
printing JSON: everything the review does too, except judging). It prints, per command,
the median wall and CPU seconds (the process and its workers), the fastest and slowest
wall times, and the ratio of the median wall time to the baseline's with its spread
(each run against the baseline run just before it), with the load average before and after.
The records are games between hard, greedy and random bots, every seat marked human, so
the review's default takes every seat.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PIER18 = str(Path(sys.executable).with_name("pier18"))  # the installed script, as a player runs it
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))  # this checkout's code, here and in the commands run
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # see benchmarks/cli_startup.py
ENV["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])])


def make_records(folder: Path, count: int) -> list[Path]:
    from pier18.engine import load_deck
    from pier18.persist import record
    from pier18.session import Session
    from pier18.selfplay.simulation import play_game

    deck = load_deck()
    paths = []
    for seed in range(count):
        game = play_game(deck, ["hard", "greedy", "random"], seed)
        session = Session(deck, ["Ann", "Bob", "Cy"], seed, decisions=game.decisions)  # all human seats
        path = folder / f"game-{seed}.json"
        record.save(session, path, overwrite=True)
        paths.append(path)
    return paths


def run(command: list[str], env: dict[str, str] = ENV) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=3, help="3-player records to review (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command per record (default 3)")
    parser.add_argument("--pier18", default=PIER18, help="the pier18 script to run")
    parser.add_argument(
        "--before", metavar="SRC",
        help="another checkout's src folder (say main's): its review --json --jobs 1 and on every core, "
        "interleaved with this one's, instead of the --jobs 2 and --hindsight runs",
    )
    args = parser.parse_args()
    commands = {
        "replay --json (baseline)": ["replay", "{}", "--json"],
        "review --json --jobs 1": ["review", "{}", "--json", "--jobs", "1"],
        "review --json (every core)": ["review", "{}", "--json"],
        "review --json --jobs 2": ["review", "{}", "--json", "--jobs", "2"],
        "review --json --jobs 2 --hindsight": ["review", "{}", "--json", "--jobs", "2", "--hindsight"],
    }
    envs = {name: ENV for name in commands}
    if args.before:
        before_env = {**ENV, "PYTHONPATH": str(Path(args.before).resolve())}
        del commands["review --json --jobs 2"], commands["review --json --jobs 2 --hindsight"]
        for name in list(commands)[1:]:
            commands[f"{name} [before]"] = commands[name]
            envs[f"{name} [before]"] = before_env
        commands = dict(sorted(commands.items(), key=lambda item: item[0].replace(" [before]", "")))
    print(f"# {sys.version.split()[0]}, {os.cpu_count()} cores; {args.records} records x {args.runs} runs; {load()}")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory() as folder:
        for path in make_records(Path(folder), args.records):
            for _ in range(args.runs):
                for name, words in commands.items():
                    times[name].append(run([args.pier18, *(str(path) if w == "{}" else w for w in words)], envs.get(name, ENV)))
    baseline = times["replay --json (baseline)"]
    base = statistics.median(wall for wall, _ in baseline)
    for name, found in times.items():
        wall = statistics.median(w for w, _ in found)
        cpu = statistics.median(c for _, c in found)
        fastest, slowest = min(w for w, _ in found), max(w for w, _ in found)
        # The spread: each run against the baseline run just before it, in the same loop.
        ratios = [w / b for (w, _), (b, _) in zip(found, baseline)]
        print(
            f"{name:36} wall {wall:6.2f} s ({fastest:6.2f} to {slowest:6.2f})  CPU {cpu:6.2f} s  "
            f"{wall / base:6.1f}x baseline ({min(ratios):.1f}x to {max(ratios):.1f}x run by run)"
        )
    print(f"# {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
