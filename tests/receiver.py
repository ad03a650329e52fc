"""A webhook receiver on 127.0.0.1 for the tests: it records each POST and answers as scripted.

Given the player's secret, it checks each notice as a receiver using the `standardwebhooks`
library would (`Webhook(secret).verify(body, headers)`), when it arrives, and answers 401 to one
that fails. It can speak https with a certificate of the test's own, answer with a redirect, or
with a body that never ends (`endless=True`: it writes until the client goes away, and counts).
"""

from __future__ import annotations

import json
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook, WebhookVerificationError

ENDLESS_LIMIT = 256 * 1024 * 1024  # an endless answer still stops here, so a failing test ends
CHUNK = 64 * 1024


class Receiver:
    def __init__(self, answers: list | None = None, secret: str | None = None, tls: ssl.SSLContext | None = None,
                 endless: bool = False):
        # Statuses to answer in turn, each an int or (status, headers); 200 once they run out.
        self.answers = list(answers or [])
        self.secret = secret  # set it once the callback is registered: each notice is then verified
        self.endless = endless
        self.body_bytes_sent = 0
        self.done_writing = threading.Event()
        self.received: list[dict] = []
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                headers = dict(self.headers)
                refusal = receiver.refusal(body, headers)
                status, extra = (401, {}) if refusal else receiver.next_answer()
                with receiver.arrived:
                    receiver.received.append({"headers": headers, "body": body, "answered": status,
                                              "json": json.loads(body), "refusal": refusal})
                    receiver.arrived.notify_all()
                self.send_response(status)
                for name, value in extra.items():
                    self.send_header(name, value)
                if receiver.endless:
                    self.send_header("Content-Length", str(ENDLESS_LIMIT))
                    self.end_headers()
                    receiver.write_endlessly(self.wfile)
                else:
                    self.send_header("Content-Length", "0")
                    self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_port
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}/hook"

    def refusal(self, body: bytes, headers: dict) -> str | None:
        """Why the library refuses the notice; None when it verifies (or no secret is known yet)."""
        if self.secret is None:
            return None
        try:
            Webhook(self.secret).verify(body, headers)
        except WebhookVerificationError as error:
            return str(error)
        return None

    def next_answer(self) -> tuple[int, dict]:
        answer = self.answers.pop(0) if self.answers else 200
        return answer if isinstance(answer, tuple) else (answer, {})

    def write_endlessly(self, out) -> None:
        chunk = b"x" * CHUNK
        try:
            while self.body_bytes_sent < ENDLESS_LIMIT:
                out.write(chunk)
                self.body_bytes_sent += CHUNK
        except OSError:
            pass  # the client stopped reading and went away
        finally:
            self.done_writing.set()

    def __enter__(self) -> "Receiver":
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received) >= count, timeout)
        return self.received

    def wait_until(self, found, timeout: float = 10.0):
        """What `found` makes of the POSTs received, once it is something (or the time is up)."""
        with self.arrived:
            self.arrived.wait_for(lambda: found(self.received), timeout)
            return found(self.received)
