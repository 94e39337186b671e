"""The save's share of the Patron panel's key → screen time (`benchmarks/latency.py`'s
patron scenario), with the game autosaved as `pier18 play` saves it.

Three ways, in turn each round (so a machine whose speed drifts moves them alike):

- none: no autosave (latency.py's own patron scenario);
- before: the save written before the next screen (`autosaving(background=False)`,
  every save as it was before issue 31: two fsyncs on the app's thread);
- writer: the save written on the writer's thread (`background=True`, `pier18 play`
  now), the next screen drawn at once.

The saves go to a fresh data folder on the disk the benchmark runs from (not /tmp,
which may be memory). The share is (way − none) / way of the medians. Then the save
call alone, as the app's thread spends it (a decision's save), both ways in turn.

    python benchmarks/save_share.py [--samples 12] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from latency import NAMES, SIZE, after_change, before_round_end, p95, reach, screen_name, session_at, settle  # noqa: E402

from pier18.persist import autosave  # noqa: E402
from pier18.tui.app import Pier18App  # noqa: E402


def game_app(decisions: list) -> Pier18App:
    return Pier18App(3, session_at(decisions), names=NAMES, bot_pause=0.0)


async def patron(samples: int, way: str) -> list[float]:
    decisions = before_round_end()
    times = []
    for _ in range(samples):
        app = game_app(decisions)
        factory = None
        if way != "none":
            factory = autosave.autosaving(app.new_session, background=way == "writer")
            app.new_session = factory
        async with app.run_test(size=SIZE) as pilot:
            await reach(pilot, app, "TableScreen")
            await pilot.press("1")  # points at the first card; Enter opens it
            await reach(pilot, app, "PlaceScreen")
            await settle(app)
            times.append(await after_change(app, "enter", lambda: screen_name(app) == "PatronScreen" and app.screen.is_mounted))
        if factory is not None:
            factory.release()
    return times


def on_the_key_path(samples: int, way: str) -> list[float]:
    """Seconds the app's thread spends in one save call (a decision's save, the one before
    it already written): the record's text, then the write (before) or the hand-over (writer)."""
    factory = autosave.autosaving(session_at(before_round_end()), background=way == "writer")
    session = factory(NAMES)
    saver = factory.saver
    assert saver is not None
    times = []
    for _ in range(samples):
        saver.flush()  # not timed: a person takes longer than this to press the next key
        start = time.perf_counter()
        saver(session)
        times.append(time.perf_counter() - start)
    factory.release()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=12, help="samples per way and round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory(prefix=".pier18-save-share-", dir=ROOT)  # gone at the end
    os.environ["PIER18_DATA_DIR"] = folder.name
    ways = ("none", "before", "writer")
    results: dict[str, list[float]] = {way: [] for way in ways}
    for round_ in range(args.rounds):
        medians = {}
        for way in ways:
            times = asyncio.run(patron(args.samples, way))
            results[way] += times
            medians[way] = statistics.median(times)
        print(f"round {round_ + 1}: " + ", ".join(f"{w} {m * 1000:.1f} ms" for w, m in medians.items()), flush=True)
    calls: dict[str, list[float]] = {"before": [], "writer": []}
    for _ in range(args.rounds):
        for way in calls:
            calls[way] += on_the_key_path(args.samples * 5, way)
    for way, times in calls.items():
        print(f"save call on the app's thread, {way}: median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {p95(times) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms ({len(times)} calls)")
    none = statistics.median(results["none"])
    print(f"\n{'':7} {'median':>8} {'p95':>8} {'max':>8}  save's share of the median")
    for way, times in results.items():
        med = statistics.median(times)
        share = "" if way == "none" else f"{(med - none) / med * 100:5.1f} %"
        print(f"{way:7} {med * 1000:6.1f}ms {p95(times) * 1000:6.1f}ms {max(times) * 1000:6.1f}ms  {share}")


if __name__ == "__main__":
    main()
