"""Many live-stream clients in one process (asyncio and aiohttp), for bench/watchers.py.

`python -m bench.stream_clients URL N` opens N streams of URL at once and prints `opened N` once
each has its first message. Then it notes when each message reaches each client (time.monotonic,
the system's monotonic clock, so the caller's times compare), until a line `report` comes on
its standard input: it then prints, as one JSON line, {version: [arrival time at each client]}
and ends.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time
from collections import defaultdict

import aiohttp

MESSAGE_ID = re.compile(rb"^id: (\d+)$", re.MULTILINE)
BOUND = 120.0  # seconds: how long opening the streams may take before the run is given up


async def follow(session: aiohttp.ClientSession, url: str, arrivals: dict[int, list[float]],
                 opened: asyncio.Queue) -> None:
    async with session.get(url, headers={"Accept": "text/event-stream"}) as answer:
        answer.raise_for_status()
        first, tail = True, b""
        async for chunk in answer.content.iter_any():
            now = time.monotonic()
            # Only the ids matter here; a line cut between two chunks is read with the next.
            text = tail + chunk
            complete = text.rfind(b"\n") + 1
            for found in MESSAGE_ID.finditer(text, 0, complete):
                arrivals[int(found.group(1))].append(now)
                if first:
                    first = False
                    opened.put_nowait(True)
            tail = text[complete:]


async def main(url: str, clients: int) -> None:
    arrivals: dict[int, list[float]] = defaultdict(list)
    opened: asyncio.Queue = asyncio.Queue()
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_connect=BOUND)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        readers = [asyncio.create_task(follow(session, url, arrivals, opened)) for _ in range(clients)]
        for _ in range(clients):
            await asyncio.wait_for(opened.get(), BOUND)
        print(f"opened {clients}", flush=True)
        loop = asyncio.get_running_loop()
        while (await loop.run_in_executor(None, sys.stdin.readline)).strip() != "report":
            pass
        print(json.dumps(arrivals), flush=True)
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
