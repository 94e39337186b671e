"""How long `pier18 games` and `pier18 stats` take with 1,000 saved games. Not a test.

Target (issue 31): each at most 0.5 s of wall time with 1,000 saves.

    python benchmarks/saves_listing.py                    # 1,000 saves, 5 runs of each command
    python benchmarks/saves_listing.py --saves 244 --runs 9
    python benchmarks/saves_listing.py --src /work/main/src --src src   # two versions, interleaved

It makes the saves in a temporary data folder (`PIER18_DATA_DIR`): finished and
unfinished games of one person against bots (so `stats` has a record to count), a few
hot-seat games and a few damaged files, named as autosaves are. Every command runs in a
fresh process, interleaved with the others and with two baselines in the same loop:
`python -c pass` and `pier18 --version`. Each `--src` is put first on PYTHONPATH for its
own runs of the pier18 commands (default: this checkout's src); the first run of each
command against a fresh data folder is shown apart ("first run": nothing read before),
the rest give the median wall time with the fastest and slowest run, the ratio to the
baselines, and the median CPU seconds (steadier than the wall time on a shared machine). The machine's load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

PIER18 = str(Path(sys.executable).with_name("pier18"))  # the installed script, as a player runs it
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}


def make_saves(folder: Path, count: int) -> None:
    """`count` saves in `folder` (a data folder's games/), as autosaves are named."""
    from pier18.engine import load_deck
    from pier18.persist import record
    from pier18.session import Session
    from pier18.selfplay.simulation import play_game

    deck = load_deck()
    folder.mkdir(parents=True, exist_ok=True)
    levels = ["random", "greedy", "hard"]
    for number in range(count):
        name = f"2026{number // 28 % 12 + 1:02}{number % 28 + 1:02}-{number // 60 % 24:02}{number % 60:02}00"
        path = folder / f"{name}-ann-bots-{number:06x}.json"
        if number % 97 == 13:  # a damaged file now and then
            path.write_text('{"format": "pier18-record", "version": 3, "players": [' if number % 2 else "not json")
            continue
        players = 2 + number % 2
        seats = ["human", *(levels[(number + s) % 2] for s in range(players - 1))]
        names = ["Ann", *(f"Bot {s}" for s in range(1, players))]
        if number % 50 == 7:  # a hot-seat game
            seats = ["human"] * players
            names = ["Ann", "Bob", "Cy"][:players]
        game = play_game(deck, ["random"] * players, number)
        decisions = game.decisions if number % 10 else game.decisions[: len(game.decisions) // 2]  # some unfinished
        session = Session(deck, names, number, seats=seats, decisions=decisions)
        record.save(session, path, overwrite=True)


def run(command: list[str], env: dict[str, str]) -> float:
    """The wall seconds of one run (its CPU seconds are added to `CPU`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(" ".join(command) + repr(sorted(env.items())), []).append(
        (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    )
    return wall


#: CPU seconds of every run, by command and environment.
CPU: dict[str, list[float]] = {}


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=1000, help="saved games to list (default 1,000)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--src", action="append", help="a pier18 src folder to time (again for more; default ./src)")
    args = parser.parse_args()
    sources = [str(Path(s).resolve()) for s in (args.src or [str(ROOT / "src")])]
    print(f"# {sys.version.split()[0]}, {os.cpu_count()} cores; {args.saves} saves x {args.runs} runs; {load()}")
    with tempfile.TemporaryDirectory() as top:
        made = Path(top) / "made"
        started = time.perf_counter()
        make_saves(made / "games", args.saves)
        print(f"# made {args.saves} saves in {time.perf_counter() - started:.1f} s")
        envs = {}
        for number, source in enumerate(sources):
            data = Path(top) / f"data-{number}"
            shutil.copytree(made, data)  # each version its own data folder (and cache)
            envs[source] = {**ENV, "PYTHONPATH": source, "PIER18_DATA_DIR": str(data)}
        base_env = {**ENV, "PIER18_DATA_DIR": str(made)}
        commands = {"python -c pass": ([sys.executable, "-c", "pass"], base_env)}
        version_of = {}  # each command's `pier18 --version` run
        for source, env in envs.items():
            tag = "" if len(sources) == 1 else f" [{source}]"
            for words in (["--version"], ["games"], ["stats"]):
                commands[f"pier18 {words[0]}{tag}"] = ([PIER18, *words], env)
                version_of[f"pier18 {words[0]}{tag}"] = f"pier18 --version{tag}"
        first = {name: run(command, env) for name, (command, env) in commands.items()}
        CPU.clear()  # the first runs are shown apart
        times: dict[str, list[float]] = {name: [] for name in commands}
        cpu_key = {name: " ".join(command) + repr(sorted(env.items())) for name, (command, env) in commands.items()}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                times[name].append(run(command, env))
    base = statistics.median(times["python -c pass"])
    for name, found in times.items():
        median = statistics.median(found)
        against = ""
        if name in version_of and version_of[name] != name:
            against = f"  {median / statistics.median(times[version_of[name]]):5.2f}x --version"
        print(
            f"{name:36} first run {first[name]:6.3f} s; then {median:6.3f} s ({min(found):.3f} to {max(found):.3f})  "
            f"{median / base:5.2f}x python -c pass{against}  CPU {statistics.median(CPU[cpu_key[name]]):.3f} s"
        )
    print(f"# {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
