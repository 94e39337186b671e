"""`OneAtATime`: a table's reload or bot moves never run twice at once, and a request
made while one runs is neither lost nor repeated more than once."""

from __future__ import annotations

import asyncio

from net_support import WAIT
from pier18.club.server import OneAtATime


async def test_requests_while_running_make_one_more_run_and_false_stops():
    tasks: list[asyncio.Task[None]] = []
    runs: list[int] = []
    release = asyncio.Event()
    busy = 0

    async def work(table: int) -> bool:
        nonlocal busy
        busy += 1
        assert busy == 1  # never two at once
        runs.append(table)
        if len(runs) == 1:
            await release.wait()
        busy -= 1
        return len(runs) < 5  # a runner that never stops is cut short here, not hung

    once = OneAtATime(lambda coroutine: tasks.append(asyncio.ensure_future(coroutine)))
    once.ask(7, work)
    await asyncio.wait_for(_until(lambda: runs == [7]), WAIT)
    for _ in range(3):  # asked three times while it runs: one more run, not three
        once.ask(7, work)
    release.set()
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    assert runs == [7, 7] and not once.running and not once.again

    stops: list[int] = []

    async def failing(table: int) -> bool:
        stops.append(table)
        if len(stops) == 1:
            once.ask(8, failing)  # asked again, but the work says stop
        return False

    once.ask(8, failing)
    await asyncio.wait_for(asyncio.gather(*tasks), WAIT)
    assert stops == [8] and not once.running and not once.again


async def _until(test) -> None:
    while not test():
        await asyncio.sleep(0)
