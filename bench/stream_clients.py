"""Many live-stream clients in one process, for bench/watchers.py: plain sockets and one epoll,
so that reading thousands of streams costs the client side as little as it can.

`python -m bench.stream_clients URL N` opens N streams of URL (one HTTP/1.1 GET each) and prints
`opened N` once each has its first message. Then it notes when each message reaches each client
(time.monotonic, the system's monotonic clock, so the caller's times compare), until a line
`report` comes on its standard input: it then prints, as one JSON line, {"arrivals": {version:
[arrival time at each client]}, "closed": streams the server closed, "bytes": bytes read after
the openings} and ends. The caller runs
several of these processes to spread the reading over the machine's cores.
"""

from __future__ import annotations

import json
import re
import resource
import select
import socket
import sys
import time
from collections import defaultdict
from urllib.parse import urlsplit

MESSAGE_ID = re.compile(rb"^id: (\d+)$", re.MULTILINE)
BOUND = 300.0  # seconds: how long opening the streams may take before the run is given up


def raise_open_files(wanted: int) -> None:
    """Room for `wanted` sockets, up to what the system allows this process."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


class Clients:
    def __init__(self, url: str, count: int):
        parts = urlsplit(url)
        self.address = (parts.hostname, parts.port or 80)
        self.request = (f"GET {parts.path}{'?' + parts.query if parts.query else ''} HTTP/1.1\r\n"
                        f"Host: {parts.netloc}\r\nAccept: text/event-stream\r\n\r\n").encode()
        self.count = count
        self.poll = select.epoll()
        self.sockets: dict[int, socket.socket] = {}
        self.tails: dict[int, bytes] = {}
        self.arrivals: dict[int, list[float]] = defaultdict(list)
        self.first_seen = 0
        self.waiting: set[int] = set()  # sockets whose opening message has not come (it is not timed)
        self.closed = 0
        self.bytes = 0  # after the opening messages

    def open(self) -> None:
        for _ in range(self.count):
            sock = socket.create_connection(self.address, timeout=BOUND)
            sock.sendall(self.request)
            sock.setblocking(False)
            self.sockets[sock.fileno()] = sock
            self.waiting.add(sock.fileno())
            self.tails[sock.fileno()] = b""
            self.poll.register(sock.fileno(), select.EPOLLIN)
            self.read(0)  # what has come meanwhile, so that no server write waits on this side
        deadline = time.monotonic() + BOUND
        while self.first_seen < self.count:
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {self.first_seen} of {self.count} streams opened")
            self.read(1.0)

    def read(self, timeout: float, stdin: int | None = None) -> bool:
        """Read what is ready; True when a line came on `stdin`."""
        line = False
        for fd, _ in self.poll.poll(timeout):
            if fd == stdin:
                line = True
                continue
            sock = self.sockets.get(fd)
            if sock is None:
                continue
            try:
                data = sock.recv(262144)
            except BlockingIOError:
                continue
            now = time.monotonic()
            if not data:
                self.poll.unregister(fd)
                sock.close()
                del self.sockets[fd]
                self.closed += 1
                continue
            if fd not in self.waiting:
                self.bytes += len(data)
            text = self.tails[fd] + data
            complete = text.rfind(b"\n") + 1
            for found in MESSAGE_ID.finditer(text, 0, complete):
                if fd in self.waiting:
                    self.waiting.discard(fd)
                    self.first_seen += 1
                else:
                    self.arrivals[int(found.group(1))].append(now)
            self.tails[fd] = text[complete:]
        return line

    def follow(self) -> None:
        stdin = sys.stdin.fileno()
        self.poll.register(stdin, select.EPOLLIN)
        while True:
            if self.read(1.0, stdin) and sys.stdin.readline().strip() == "report":
                return


def main(url: str, count: int) -> None:
    raise_open_files(count + 64)
    clients = Clients(url, count)
    clients.open()
    print(f"opened {count}", flush=True)
    clients.follow()
    print(json.dumps({"arrivals": clients.arrivals, "closed": clients.closed, "bytes": clients.bytes}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
