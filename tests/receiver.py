"""A webhook receiver on 127.0.0.1 for the tests: it records each POST and answers as scripted."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    def __init__(self, answers: list[int] | None = None):
        self.answers = list(answers or [])  # statuses to answer in turn; 200 once they run out
        self.received: list[dict] = []
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                status = receiver.answers.pop(0) if receiver.answers else 200
                with receiver.arrived:
                    receiver.received.append({"headers": dict(self.headers), "body": body, "answered": status,
                                              "json": json.loads(body)})
                    receiver.arrived.notify_all()
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"

    def __enter__(self) -> "Receiver":
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def wait_for(self, count: int, timeout: float = 10.0) -> list[dict]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.received) >= count, timeout)
        return self.received
