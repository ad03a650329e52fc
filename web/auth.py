"""Reading a seat token, or a player's key, from `Authorization: Bearer <token>`."""

from __future__ import annotations

from flask import request

from web.problems import Unauthorized


def bearer_token() -> str | None:
    """The bearer token of the request, or None when there is no Authorization header."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("send the seat's token as 'Authorization: Bearer <token>'")
    return token.strip()


def required_bearer_token(why: str = "a move needs the token of the seat that is to act") -> str:
    token = bearer_token()
    if token is None:
        raise Unauthorized(why)
    return token
