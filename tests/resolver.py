"""A fake DNS for the webhook tests: no real lookups, and answers that change from one lookup to
the next (as a rebinding attacker's would)."""

from __future__ import annotations

import socket


class FakeResolver:
    """Each name answers the next of its scripted address lists (the last one repeats); every
    lookup is recorded. A name without a script does not resolve."""

    def __init__(self, answers: dict[str, list[list[str]]]):
        self.answers = {name: [list(found) for found in script] for name, script in answers.items()}
        self.lookups: list[str] = []

    def __call__(self, host: str, port: int) -> list[str]:
        self.lookups.append(host)
        script = self.answers.get(host)
        if not script:
            raise socket.gaierror(socket.EAI_NONAME, f"{host} is unknown")
        return script.pop(0) if len(script) > 1 else script[0]
