"""A Python client of Tabletop Chronicle's API: `Client(base_url, key)`, its streams as iterators,
and one exception per kind of problem (chronicle_client.errors)."""

from chronicle_client import errors
from chronicle_client.client import Client
from chronicle_client.errors import *  # noqa: F403 (every problem's class, by name)
from chronicle_client.sse import GameState, Invitation, Message

__all__ = ["Client", "Message", "GameState", "Invitation", *errors.__all__]
