"""A tiny TCP proxy in front of a server that can cut a connection after the server has answered
a move but before the answer reaches the client: the fault a retry must survive."""

from __future__ import annotations

import re
import socket
import threading
from contextlib import contextmanager
from typing import Iterator
from urllib.parse import urlsplit

UNAVAILABLE = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n"
               b"Connection: close\r\n\r\nno upstream")
IDEMPOTENCY_KEY = re.compile(rb"\r\nidempotency-key: *([^\r]*)\r\n", re.IGNORECASE)


class DroppingProxy:
    """Forwards every connection to the server; the first `drops` answers to a move
    (POST .../actions) are swallowed and their connection closed instead. The first `unavailable`
    requests are answered 503 by the proxy itself, as a load balancer does while no server is up."""

    def __init__(self, upstream: str, drops: int = 1, unavailable: int = 0):
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname, parts.port)
        self.drops = drops
        self.dropped = 0
        self.unavailable = unavailable
        self.refused: list[bytes] = []  # the request line of each request answered 503
        self.moves_sent: list[bytes] = []  # the Idempotency-Key of each move forwarded to the server
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.closed = False

    def serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(self.upstream)
            connection = {"move": False}
            threading.Thread(target=self.requests, args=(client, server, connection), daemon=True).start()
            threading.Thread(target=self.answers, args=(server, client, connection), daemon=True).start()

    def requests(self, client: socket.socket, server: socket.socket, connection: dict) -> None:
        while data := _receive(client):
            with self.lock:
                refuse = len(self.refused) < self.unavailable
                if refuse:
                    self.refused.append(data.split(b"\r\n", 1)[0])
            if refuse:
                client.sendall(UNAVAILABLE)
                break
            if data.startswith(b"POST ") and b"/actions " in data.split(b"\r\n", 1)[0]:
                key = IDEMPOTENCY_KEY.search(data)
                with self.lock:
                    self.moves_sent.append(key.group(1) if key else b"")
                connection["move"] = True  # set before the server can see the request, so before it answers
            try:
                server.sendall(data)
            except OSError:
                break
        _close(client, server)

    def answers(self, server: socket.socket, client: socket.socket, connection: dict) -> None:
        while data := _receive(server):
            if connection["move"]:
                connection["move"] = False
                with self.lock:
                    drop = self.dropped < self.drops
                    self.dropped += drop
                if drop:  # the server has acted; the client never hears of it
                    break
            try:
                client.sendall(data)
            except OSError:
                break
        _close(client, server)

    def close(self) -> None:
        self.listener.close()


def _receive(sock: socket.socket) -> bytes:
    try:
        return sock.recv(65536)
    except OSError:
        return b""


def _close(*sockets: socket.socket) -> None:
    for sock in sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()


@contextmanager
def dropping_proxy(upstream: str, drops: int = 1, unavailable: int = 0) -> Iterator[DroppingProxy]:
    proxy = DroppingProxy(upstream, drops, unavailable)
    thread = threading.Thread(target=proxy.serve, daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        proxy.close()
        thread.join(timeout=10)
