"""Moving in a game over HTTP as a client would: the seat to act takes its first legal action."""

from __future__ import annotations

import requests


def first_legal_move(http: requests.Session, game_url: str, created: dict, timeout: float) -> requests.Response:
    """The seat to act (one of `created`'s people, in seat order) posts its first legal action."""
    game = http.get(game_url, timeout=timeout).json()
    seat = game["to_act"]["seat"]
    auth = {"Authorization": f"Bearer {created['tokens'][seat]['token']}"}
    action = http.get(f"{game_url}/actions", headers=auth, timeout=timeout).json()["actions"][0]
    return http.post(f"{game_url}/actions", headers=auth, timeout=timeout,
                     json={"action": action, "expected_version": game["version"]})
