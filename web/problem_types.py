"""The kinds of problem the API answers with, each explained at its `type` URL (/problems/<slug>).

Every problem the service sends names one of these kinds (web.problems takes a `Kind`, never a
free string), so every `type` a client receives resolves to a page that says what went wrong and
what to do about it.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.bodies import MAX_BODY_BYTES
from web.request_limits import LIMIT_REQUEST_FIELD_SIZE, LIMIT_REQUEST_FIELDS, LIMIT_REQUEST_LINE


@dataclass(frozen=True)
class Kind:
    slug: str
    title: str
    status: int
    text: str

    @property
    def type(self) -> str:
        return f"/problems/{self.slug}"


INVALID_REQUEST = Kind("invalid-request", "Invalid request", 400, (
    "The request is malformed or asks for something that cannot exist: a missing or mistyped field, "
    "a value out of its range, a body that is not UTF-8 JSON, nested deeper than the service reads, "
    "or holding a lone surrogate. `field` names the part of the request at fault (a path such as "
    "`seats[1].name`, a query parameter or a header) and `detail` says why; `errors`, when present, "
    "lists every field the schema refused. Correct the request and send it again: nothing was changed."))
UNAUTHORIZED = Kind("unauthorized", "Unauthorized", 401, (
    "The request needs a seat's token or a player's key, and came without one (or with an "
    "Authorization header that is not `Bearer <token>`). Send `Authorization: Bearer <token>`."))
FORBIDDEN = Kind("forbidden", "Forbidden", 403, (
    "The token or key was read, but opens nothing here: it holds no seat of this game, or is no "
    "player's key. Use the token given when the game was created, or the player's key."))
NOT_YOUR_TURN = Kind("not-your-turn", "Not your turn", 403, (
    "The token's seat tried to take a decision that belongs to another seat. `rule` names the rule "
    "of turn order; `GET /api/games/{id}` says whose decision it is (`to_act`). Resigning and taking "
    "back are open at any time: see `open_actions`."))
NOT_FOUND = Kind("not-found", "Not found", 404, (
    "There is no such game, step, page or player. `field` names the identifier that found nothing."))
METHOD_NOT_ALLOWED = Kind("method-not-allowed", "Method not allowed", 405, (
    "The path exists but does not answer this HTTP method; the `Allow` header lists those it does."))
STALE_VERSION = Kind("stale-version", "Stale version", 409, (
    "The move was decided on a version of the game that is no longer current: someone (a bot, a "
    "clock, another client) moved first. `current_version` is where the game stands now: read the "
    "table again, decide again, and send the new version as `expected_version`."))
SEAT_TAKEN = Kind("seat-taken", "Seat taken", 409, (
    "The seat is not open: a player holds it already, or it was never open. `GET /api/games?open=true` "
    "lists games with seats still to take."))
NOT_FINISHED = Kind("not-finished", "Game not finished", 409, (
    "What was asked (an audit, an export, a fork, a seat in a game that has ended) needs the game to be "
    "in another state: an audit, an export and a fork need the seed and every hidden card, revealed "
    "only once the game is over; a finished game has no seat left to take. A tournament's export, "
    "likewise, waits for the tournament's end, which reveals its seed."))
TOO_LARGE = Kind("too-large", "Request too large", 413, (
    f"The request's body is larger than the service reads ({MAX_BODY_BYTES // 1024} KiB). No operation needs more: a "
    "scenario or an action is a few kilobytes at most."))
URI_TOO_LONG = Kind("uri-too-long", "URI too long", 414, (
    "The request line (the method, the path and its query) is longer than the service reads: "
    f"{LIMIT_REQUEST_LINE} bytes, far more than any path or query of the API needs (a list's `cursor` is at "
    "most 400 characters). Follow the links the API gives rather than building long queries."))
HEADERS_TOO_LARGE = Kind("headers-too-large", "Request header fields too large", 431, (
    f"The request's headers are more than the service reads: at most {LIMIT_REQUEST_FIELDS} fields, each at "
    f"most {LIMIT_REQUEST_FIELD_SIZE} bytes (its name included). A token, a key or an `Idempotency-Key` is far "
    "shorter; send fewer or shorter headers (a large cookie of another site, say)."))
UNSUPPORTED_MEDIA_TYPE = Kind("unsupported-media-type", "Unsupported media type", 415, (
    "The body was sent as something other than JSON. Send it with `Content-Type: application/json`, "
    "encoded in UTF-8."))
ILLEGAL_ACTION = Kind("illegal-action", "Illegal action", 422, (
    "The request is well formed, but the rules refuse it: the action is not legal in this position, "
    "or a scenario describes a position the rules cannot set up. `rule` names the rule (see the "
    "game's rulebook and docs/house-rules.md) and `detail` says why in plain words. "
    "`GET /api/games/{id}/actions` lists the actions that are legal now."))
GAME_OVER = Kind("game-over", "Game over", 422, (
    "The game has ended: no decision is left to take. Its outcome, seed and whole history are open "
    "to everyone (`GET /api/games/{id}`, `/replay`, `/audit`)."))
LIMIT_REACHED = Kind("limit-reached", "Limit reached", 422, (
    "The request is well formed, but the record it would add to is full: a seat files at most so many "
    "disputes about a game, an asker asks at most so many different what-ifs of it, and a player has at most "
    "so many challenges open (and waiting for their answer). `limit` is how "
    "many the record keeps, `field` the part of the request refused, and `detail` says which record; "
    "nothing was recorded. The entries kept are listed at `GET /api/games/{id}/disputes`, and a player's "
    "challenges at `GET /api/challenges`."))
CHALLENGE_CLOSED = Kind("challenge-closed", "Challenge closed", 409, (
    "The challenge is no longer open: someone accepted it (an open challenge goes to its first taker), "
    "the player challenged declined it, its challenger cancelled it, or it expired. `challenge_status` says "
    "which. `GET /api/challenges` lists the challenges still open, yours and those open to anyone."))
BOT_ACCOUNT = Kind("bot-account", "Bot account", 422, (
    "The request is well formed, but a bot account's rules refuse it (`rule` names which): a player becomes a "
    "bot account only before their first game, while they sit in no game and no game keeps a seat for them "
    "(`players.bot-account.before-first-game`), and for good; and a bot account may not seat itself as a person "
    "when a game is created (`players.bot-account.no-seat-as-person`, `field` naming the seat): it plays through "
    "challenges, which it may issue and accept (open ones too), and invitations, seats kept for it "
    "(`{\"open\": true, \"player\": id}`) that it joins. Nothing was changed."))
ANALYSIS_REFUSED = Kind("analysis-refused", "Analysis refused", 409, (
    "The game's analysis may not be made now (`rule` names why): a game still running with people in it is "
    "never analysed, so that no one uses the analysis as help mid-game (`analysis.no-help-mid-game`: ask once "
    "it is over, or fork it into a sandbox game and analyse that); and a game where no seat has yet taken a "
    "decision has nothing to analyse (`analysis.no-decisions`). Nothing was "
    "started."))
NOT_READY = Kind("not-ready", "Not ready", 503, (
    "This server process lives but should not be sent traffic now (GET /readyz): its event store does "
    "not answer, the Redis its bot turns go through does not answer, or its read models (the game "
    "lists) are further behind the event log than their bound. `reasons` lists each, in words. A "
    "load balancer sends requests elsewhere until it answers 200 again."))
RATE_LIMITED = Kind("rate-limited", "Rate limited", 429, (
    "Too many requests of one kind came from one player key (or seat token), or from one client address, "
    "within a while: registering players, creating games, moves, what-ifs, analyses, or streams held open at "
    "once. `rate_limit` names the limit met and `limit` how many it allows; nothing was done. Wait the seconds "
    "`Retry-After` (and `retry_after`) say, then send the request again; a stream refused waits for one of its "
    "key's or address's streams to close. The service's operator sets the limits."))
TOURNAMENT_REFUSED = Kind("tournament-refused", "Tournament refused", 409, (
    "The request is well formed, but the tournament's rules refuse it as the tournament stands (`rule` "
    "names which, docs/tournaments.md tells them): a field already full, a tournament already started "
    "(nobody joins any more), a player who joined once already, or who is not in it. "
    "`GET /api/tournaments/{id}` says where it stands. Nothing was changed."))
INTERNAL_ERROR = Kind("internal-error", "Internal error", 500, (
    "The service failed. The error is logged with its cause; the request may or may not have been "
    "applied, so read the game's state before retrying a move (or retry it with the same "
    "Idempotency-Key)."))
HTTP_ERROR = Kind("http-error", "HTTP error", 400, (
    "An HTTP-level refusal not described by a kind of its own (a byte range the file does not have, "
    "say); its status code (400 or another 4xx) and `detail` say which."))

KINDS: dict[str, Kind] = {kind.slug: kind for kind in (
    INVALID_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_YOUR_TURN, NOT_FOUND, METHOD_NOT_ALLOWED, STALE_VERSION,
    SEAT_TAKEN, NOT_FINISHED, TOO_LARGE, URI_TOO_LONG, HEADERS_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, ILLEGAL_ACTION,
    GAME_OVER, LIMIT_REACHED, CHALLENGE_CLOSED, BOT_ACCOUNT, ANALYSIS_REFUSED, NOT_READY, RATE_LIMITED,
    TOURNAMENT_REFUSED,
    INTERNAL_ERROR, HTTP_ERROR,
)}

# The kind of a problem raised by Flask or Werkzeug themselves, by status.
BY_STATUS: dict[int, Kind] = {kind.status: kind for kind in (
    INVALID_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_ALLOWED, TOO_LARGE, URI_TOO_LONG,
    HEADERS_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, INTERNAL_ERROR,
)}
