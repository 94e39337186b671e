"""A club server in a process of its own, for the tests that kill it (-9).

    python club_server_child.py DB PORT [CRASH_AT]

Prints "port N" once it listens. With CRASH_AT, the process kills itself (SIGKILL)
inside its CRASH_AT-th commit, after printing "inside" (counted over both of its store
connections): a crash in the middle of a transaction. PIER18_TEST_LEASE, if set, is its
leases' length in seconds (short, for a test of a lease taken over).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading

from pier18.club.server import ClubServer
from pier18.net.host import HostConfig


def main() -> None:
    db, port = sys.argv[1], int(sys.argv[2])
    crash_at = int(sys.argv[3]) if len(sys.argv) > 3 else None
    commits = 0
    lock = threading.Lock()

    def hook() -> None:
        nonlocal commits
        with lock:
            commits += 1
            if crash_at is not None and commits >= crash_at:
                sys.stdout.write("inside\n")
                sys.stdout.flush()
                os.kill(os.getpid(), signal.SIGKILL)

    def prepare(store) -> None:
        store.before_commit = hook

    async def serve() -> None:
        config = HostConfig(bind="127.0.0.1", port=port, hello_timeout=120, open_timeout=120, penalty=0.01, max_penalty=0.2)
        lease = float(os.environ.get("PIER18_TEST_LEASE", "0")) or None
        server = ClubServer(db, config, prepare=prepare, **({"lease_seconds": lease} if lease else {}))
        await server.start()
        sys.stdout.write(f"port {server.port}\n")
        sys.stdout.flush()
        await asyncio.Event().wait()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
