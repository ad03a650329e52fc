"""One HTTP POST to an address chosen beforehand, never to wherever a name resolves at connect time.

The webhook sender checks the addresses of a callback's host, then connects here to one of those
very addresses, with the host's name in the Host header and, over https, in the TLS handshake
(SNI) and the certificate check. Nothing is followed: a redirect is only a status to the caller.
At most MAX_ANSWER_BYTES of the answer's body are read, every socket operation has a timeout.
"""

from __future__ import annotations

import socket
import ssl
from http.client import HTTPConnection, HTTPSConnection
from typing import Mapping

from services.players.destinations import Target

MAX_ANSWER_BYTES = 64 * 1024


class PinnedHTTP(HTTPConnection):
    """An HTTP connection to `address`, speaking to it as `host`."""

    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class PinnedHTTPS(HTTPSConnection):
    """An HTTPS connection to `address`, whose certificate must be valid for `host`."""

    def __init__(self, host: str, port: int, address: str, timeout: float, tls: ssl.SSLContext):
        super().__init__(host, port, timeout=timeout, context=tls)
        self.address = address
        self.tls = tls

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout)
        try:
            self.sock = self.tls.wrap_socket(raw, server_hostname=self.host)
        except BaseException:
            raw.close()
            raise


def post(target: Target, addresses: list[str], body: bytes, headers: Mapping[str, str], timeout: float,
         tls: ssl.SSLContext | None = None) -> int:
    """POST `body` to `target` through the first of `addresses` that accepts a connection; the
    answer's status. OSError or HTTPException when none answers."""
    tls = tls or ssl.create_default_context()
    failure: Exception = OSError(f"{target.host} has no address to connect to")
    for address in addresses:
        if target.scheme == "https":
            connection: HTTPConnection = PinnedHTTPS(target.host, target.port, address, timeout, tls)
        else:
            connection = PinnedHTTP(target.host, target.port, address, timeout)
        try:
            try:
                connection.connect()
            except OSError as error:  # the next address may answer; the request itself is sent once
                failure = error
                continue
            connection.request("POST", target.path, body=body, headers=dict(headers))
            answer = connection.getresponse()
            answer.read(MAX_ANSWER_BYTES)
            return answer.status
        finally:
            connection.close()
    raise failure

