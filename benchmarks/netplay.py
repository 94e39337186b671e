"""Decision latency on loopback: from a client sending a decision to every client holding it.

Each game starts a real `pier18 host --no-seat --port 0` process; this process connects
one client per seat plus a spectator, and the seat to move sends a random legal
decision. A decision's latency is the time from sending it until the LAST connected
client has received and decoded the state that includes it. Target: median <= 50 ms,
p95 <= 150 ms (docs/performance.md).

    python benchmarks/netplay.py [--games 16] [--players 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from pier18.net.client import Client, Event  # noqa: E402


async def one_game(players: int, seed: int, data: str) -> list[float]:
    env = {**os.environ, "PIER18_DATA_DIR": data, "PYTHONPATH": str(SRC)}
    names = ",".join(["Ann", "Bob", "Cy"][:players])
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "pier18", "host", "--no-seat", "--port", "0", "--bind", "127.0.0.1",
        "--players", str(players), "--names", names, "--seed", str(seed),
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
    )
    assert proc.stdout is not None
    lines: list[str] = []
    while not any("to watch:" in line for line in lines):
        line = (await asyncio.wait_for(proc.stdout.readline(), 10)).decode()
        if not line:
            raise SystemExit("the host did not start:\n" + "".join(lines))
        lines.append(line)
    port = re.search(r"port (\d+)", lines[0]).group(1)  # type: ignore[union-attr]
    codes = [line.split()[-1] for line in lines if line.startswith("  ") and "join" in line]
    arrived: dict[tuple[int, int], float] = {}  # (client, turn) -> when its state was decoded

    def recorder(index: int):
        def on_event(event: Event) -> None:
            if event.kind == "state" and event.state is not None:
                arrived.setdefault((index, event.state.turn), time.perf_counter())
        return on_event

    clients = [Client(f"127.0.0.1:{port}", code, on_event=recorder(i)).start() for i, code in enumerate(codes)]
    seats, everyone = clients[:players], clients
    rng = random.Random(seed)
    latencies: list[float] = []
    try:
        for c in everyone:
            await c.wait_for(lambda s: True)
        while True:
            state = await seats[0].wait_for(lambda s: True)
            if state.table.is_terminal():
                break
            turn, seat = state.turn, state.table.current_player
            mine = await seats[seat].wait_turn(turn)
            assert mine.you is not None
            decision = rng.choice(mine.you.legal)
            sent = time.perf_counter()
            await seats[seat].decide(decision)
            for c in everyone:
                await c.wait_turn(turn + 1)
            latencies.append(max(arrived[i, turn + 1] for i in range(len(everyone))) - sent)
    finally:
        for c in everyone:
            await c.close()
        await asyncio.wait_for(proc.wait(), 10)
    return latencies


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--players", type=int, choices=(2, 3), default=3)
    args = parser.parse_args()
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        for game in range(args.games):
            samples += await one_game(args.players, 1000 + game, data)
    ms = sorted(x * 1000 for x in samples)
    median = statistics.median(ms)
    p95 = ms[max(0, int(len(ms) * 0.95) - 1)]
    clients = args.players + 1
    print(f"{len(ms)} decisions in {args.games} {args.players}-player games, {clients} clients each (seats + spectator)")
    print(f"decision to every client: median {median:.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms")
    ok = median <= 50 and p95 <= 150
    print(f"target median <= 50 ms, p95 <= 150 ms: {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    asyncio.run(main())
