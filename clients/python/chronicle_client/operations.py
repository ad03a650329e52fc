"""The API's operations, one method per operationId: WRITTEN BY clients/python/generate.py
from the server's OpenAPI document; do not edit (tests/client/test_generated.py checks it).

Client (chronicle_client.client) supplies `_call` (retries, problems raised as exceptions) and
`_events` (one connection of a server-sent event stream); its own methods read better where the
generated ones are raw (act, game_stream, my_stream)."""

from __future__ import annotations

from typing import Any, Iterator, Literal, TypedDict

from chronicle_client.sse import Message


class Problem(TypedDict, total=False):
    type: str  # what kind of problem: a page at this path explains it (HTML, or JSON if asked)
    title: str  # the kind's short name
    status: int  # the HTTP status
    detail: str  # what went wrong here, in plain words
    field: str  # the part of the request at fault: a body path such as `seats[1].name`, a parameter or a header
    rule: str  # the rule that refused the move or the request (422, and 403 not-your-turn)
    current_version: int  # the game's version now (409 stale-version)
    limit: int  # how many entries the record keeps (422 limit-reached), or how many requests the limit met allows ( ...
    rate_limit: str  # the limit met (429 rate-limited)
    retry_after: int  # seconds to wait before asking again, as the Retry-After header says (429 rate-limited)
    errors: dict[str, Any]  # every field the schema refused, with why
    challenge_status: str  # what closed the challenge (409 challenge-closed): accepted, declined, cancelled or expired


class PaginationMetadata(TypedDict, total=False):
    total: int  # Total number of items.
    total_pages: int  # Total number of pages.
    first_page: int  # First available page number.
    last_page: int  # Last available page number.
    page: int  # Current page number.
    previous_page: int  # Previous page number.
    next_page: int  # Next page number.


class Seat(TypedDict, total=False):
    seat: int
    name: str
    kind: str  # 'person', 'bot' or 'open' (nobody holds it yet); a bot account's seat is a person's with `bot_account`
    bot: str | None  # the built-in bot playing this seat, if any
    bot_account: bool  # true: a bot account (a program playing as a player) holds this seat (absent otherwise)
    strength: int  # the strength chosen for the seat's bot, if any
    player: str | None  # the id of the player sitting here, if any
    reserved_for: str  # an open seat kept for this player (an id): only they may join it


class ToAct(TypedDict, total=False):
    seat: int
    name: str
    bot: str | None


class LastMove(TypedDict, total=False):
    version: int  # the step of its first event
    seat: int
    description: str
    at: str


class GameSummary(TypedDict, total=False):
    id: str
    game: str
    title: str
    status: str
    sandbox: bool  # a game from a chosen position or a fork: not a real game (it counts for no rating)
    seats: list[Seat]
    to_act: ToAct | None
    version: int
    created_at: str
    last_activity: str
    last_move: LastMove | None
    deadline: str | None  # when the decision at hand is due, if the game has a clock
    spectator_delay: int  # a running game with a delay shows no more of itself here than its spectators may see
    open_seats: list[int]  # the seats anyone may take: POST /api/games/{id}/seats/{n}/join


class GameList(TypedDict, total=False):
    games: list[GameSummary]
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int  # how many games the list holds, with these filters


class SeatRequest(TypedDict, total=False):
    open: bool  # true: a seat any player may take later (POST .../seats/{n}/join); with `player`, kept for that pla ...
    name: str  # a person's name: at most 40 characters, at least one of them visible, none a control or format char ...
    bot: str  # the name of a bot, e.g. 'random'
    strength: dict[str, Any] | None  # a searching bot's strength, 1 to 5 (default 3, the game's own budget): each s ...
    player: str  # a player's id (POST /api/players): the player's key opens the seat. Alone, only for the player wh ...


class CreateGameRequest(TypedDict, total=False):
    game: str
    seats: list[SeatRequest]
    seed: str  # fixes the deal; otherwise the server draws one
    options: dict[str, Any]  # 'sandbox': true marks the game as a sandbox; 'casual': true plays it for no rating
    spectator_delay: int  # spectators see the running game this many steps behind (the seats see it as it is)
    clock: dict[str, Any]  # a time for each decision: per_decision (ISO 8601 duration, 10 s to 60 days, stored in i ...
    scenario: dict[str, Any]  # in place of a random deal, a chosen position (a sandbox game); the format is the gam ...


class SeatToken(TypedDict, total=False):
    seat: int
    name: str
    token: str  # the seat's secret: send it as 'Authorization: Bearer <token>'


class CreatedGame(TypedDict, total=False):
    id: str
    version: int
    seed_commitment: str  # SHA-256 of the seed, revealed when the game ends
    tokens: list[SeatToken]
    links: dict[str, Any]


class FailedTurn(TypedDict, total=False):
    attempts: int  # how many times the turn was tried and failed
    error: str  # the kind of failure (the exception's name; the log says more)
    since: str  # when it first failed, ISO 8601 UTC
    next_try: str  # when it is tried again, ISO 8601 UTC
    retries_spent: bool  # the quick retries are spent: it is tried again after a pause that doubles each time


class Outcome(TypedDict, total=False):
    scores: list[int]
    winners: list[int]
    tie: bool
    beaten_by: str  # a rival the rules play (Tianxia's li-mu) who won, when no seat did
    reason: str
    detail: dict[str, Any]
    words: dict[str, Any]  # the result in words: headline ("Li Mu won", "a draw"), reason, standings (every seat an ...


class GameView(TypedDict, total=False):
    id: str
    game: str
    title: str
    rules_version: str
    version: int
    status: str
    sandbox: bool  # a game from a chosen position or a fork: not a real game (it counts for no rating)
    seats: list[Seat]
    you: int | None  # the seat the token holds; null for a spectator
    to_act: ToAct | None
    rules_turn: str | None  # the rival whose turn the rules play now (Tianxia's li-mu), with no seat to act; null o ...
    failed_turn: FailedTurn | None  # where bots play on workers: the bot's or the rules' turn the game waits on fai ...
    pending: list[dict[str, Any]]  # the interrupts waiting (a response window, a choice an effect asks for), bottom ...
    table: dict[str, Any]  # the game's table as the asker may see it
    outcome: Outcome | None
    options: dict[str, Any]  # the game's own options as it plays them (the Court's `advanced`, Xanadu's `edition`, ...
    clock: dict[str, Any] | None  # the game's clock, if it has one
    spectator_delay: int  # how many steps behind spectators see the running game
    deadline: str | None  # when the decision at hand is due (a person's, in a game with a clock), ISO 8601 UTC
    seed_commitment: str
    seed: str  # only once the game is over
    created_at: str
    last_activity: str


class RatingChange(TypedDict, total=False):
    seat: int
    rater: str
    place: int
    before: float
    after: float
    change: float


class Result(TypedDict, total=False):
    id: str
    game: str
    sandbox: bool  # a game from a chosen position or a fork: not a real game (it counts for no rating)
    seats: list[Seat]
    scores: list[int]
    winners: list[int]
    tie: bool
    reason: str
    headline: str  # who won in words: "ana won", "Li Mu won", "a draw", "ana's time ran out; bo won", a solitaire's ...
    finished_at: str
    ratings: list[RatingChange] | None  # each seat's rating before and after the game; null for a game that counts ...


class ResultList(TypedDict, total=False):
    results: list[Result]
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int  # how many results the list holds, with this filter


class LegalActions(TypedDict, total=False):
    version: int
    seat: int | None
    to_act: int | None
    actions: list[dict[str, Any]]  # each can be posted back unchanged
    open_actions: list[dict[str, Any]]  # open to the seat whoever's decision it is, e.g. {'type': 'resign'}: post o ...


class ActRequest(TypedDict, total=False):
    action: dict[str, Any]
    expected_version: int


class SeenEvent(TypedDict, total=False):
    version: int
    type: str
    rule: str
    description: str
    data: dict[str, Any]
    hidden: list[str]  # names of facts hidden from the asker
    cause: dict[str, Any]
    chain: str  # the event's hash in the game's chain (HMAC-SHA-256 keyed by the seed)
    at: str


class ActReply(TypedDict, total=False):
    game_id: str
    version: int
    receipt: str  # the head of the game's hash chain after this move: keep it to prove the history later
    status: str
    to_act: ToAct | None
    rules_turn: str | None  # the rival whose turn the rules play now (Tianxia's li-mu), with no seat to act; null o ...
    events: list[SeenEvent]


class EventLog(TypedDict, total=False):
    version: int  # the game's last version the asker may see: the log's length
    events: list[SeenEvent]
    next: str | None  # the link to the page of the versions after this one's (`after` and the same `limit`); null w ...


class StepTurn(TypedDict, total=False):
    number: int  # 0 for the opening (deal and starting choices), then 1, 2, ...
    seat: int | None  # the seat whose turn it is; null in the opening
    rival: str  # a turn the rules play: the rival's (Tianxia's li-mu), seat null


class StepDecision(TypedDict, total=False):
    seat: int | None  # the seat that decided; null for a turn the rules played
    rules: str  # the rival whose turn the rules played (only then)
    decided_on: int  # the version the decision was taken on: the steps of one decision share it


class ReplayStepSummary(TypedDict, total=False):
    step: int
    disputes: list[int]  # numbers of the disputes filed about this step
    type: str
    rule: str
    description: str
    bookkeeping: bool  # whether the step only keeps the table in order (a refill, a turn passing, a shuffle): a mov ...
    turn: dict[str, Any]  # the turn the table is in after this step
    decision: StepDecision | None  # the decision this step's event came from; null for the creation and the deal


class Replay(TypedDict, total=False):
    version: int  # the last step the asker may see: how many steps there are
    status: str
    steps: list[ReplayStepSummary]
    next: str | None  # the link to the page of the versions after this one's (`after` and the same `limit`); null w ...


class RuleRef(TypedDict, total=False):
    id: str
    section: str
    text: str


class Explanation(TypedDict, total=False):
    decision: dict[str, Any] | None  # the decision behind the step: the seat, the version it was taken on, its lega ...
    rules: list[RuleRef]  # every rule the decision's events cite
    changes: list[dict[str, Any]]  # what changed on the table at this step: path, before, after
    rerun: dict[str, Any] | None  # the decision run through the rules again


class ReplayStep(TypedDict, total=False):
    step: int
    explanation: Explanation
    disputes: list[dict[str, Any]]  # the first disputes filed about this step (at most ten), with their answers, as ...
    disputes_total: int  # how many disputes were filed about this step
    disputes_next: str | None  # the page of this step's disputes after those shown; null when all are shown
    what_ifs: list[dict[str, Any]]  # the first what-ifs asked about the decision behind this step (at most ten; the ...
    what_ifs_total: int  # how many of those the asker may see
    what_ifs_next: str | None  # the page of those what-ifs after the ones shown; null when all are shown
    analysis: dict[str, Any] | None  # the decision taken on this step's table as the game's analysis judged it (an ...
    version: int
    last_step: int
    description: str
    rule: RuleRef
    event: SeenEvent
    table: GameView


class RuleWords(TypedDict, total=False):
    id: str  # the rule's id in the game's rule index
    section: str
    text: str


class SinceLine(TypedDict, total=False):
    step: int
    seat: int | None  # the seat whose decision it came from; null for a deal or a turn the rules played
    description: str  # the step's line, as the asking seat reads it
    rule: RuleWords


class SinceChange(TypedDict, total=False):
    step: int
    what: str  # score (life, prestige) or hand
    sentence: str
    rule: RuleWords


class SinceLastMove(TypedDict, total=False):
    seat: int
    name: str
    since: int | None  # the last step of the seat's last own decision; null when it has taken none yet
    version: int
    lines: list[SinceLine]  # each step since, but bookkeeping (a refill, a turn passing), in its line
    changes: list[SinceChange]  # each change to the seat's own score and hand since, with the rule that made it
    changed: list[str]  # the places of the seat's table changed since


class TurnScores(TypedDict, total=False):
    turn: int  # the turn (0: the opening)
    seat: int | None  # the seat whose turn it was; null in the opening
    step: int  # the step the turn ended on
    scores: list[int]  # each seat's score as the turn ended, as the rules count it (the last: the outcome's)


class ScoreChart(TypedDict, total=False):
    game_id: str
    seats: list[str]  # the seats' names, in seat order
    turns: list[TurnScores]


class Finding(TypedDict, total=False):
    step: int | None
    check: str  # seed, rules, order, chain, rng or events
    reason: str
    expected: dict[str, Any] | None
    found: dict[str, Any] | None


class AuditAnswer(TypedDict, total=False):
    game_id: str
    verified: bool
    head: str  # the head of the hash chain: compare it with your receipts
    steps: int
    checks: list[str]  # the checks passed, in order
    first_problem: Finding | None


class Dispute(TypedDict, total=False):
    number: int
    step: int
    seat: int
    claim: str
    answer: dict[str, Any]  # the engine's account of the step: decision, legal alternatives, rules, changes, re-run


class WhatIf(TypedDict, total=False):
    number: int  # its number in the game's record of what-ifs
    step: int
    seat: int  # the seat whose decision it was
    asked_by: int | None  # the seat that asked; null for a spectator
    action: dict[str, Any]
    taken: dict[str, Any]  # the action the game really took at that step
    same_as_taken: bool
    legal: bool  # whether the rules allowed the action at that step
    legal_actions: list[dict[str, Any]]  # every action the seat could have taken there
    refused: dict[str, Any]  # when not legal: the rule (id, section, text) and the reason, in plain words
    withheld: str  # in a running game, why the rules' answer is not shown yet
    events: list[dict[str, Any]]  # the events the rules would have recorded, described
    rules: list[dict[str, Any]]  # the rules those events cite
    table: dict[str, Any]  # the table after them, as the asker may see it
    to_act: dict[str, Any] | None  # whose decision would have been next
    rules_turn: str | None  # the rival whose turn the rules would have played next (Tianxia's li-mu), if any
    outcome: dict[str, Any] | None  # how the game would have ended there, if it would
    fork: dict[str, Any] | None  # `at`: fork the game there (POST /api/games/{id}/fork?at=...) to play the action on
    fork_refused: str  # why the step cannot be forked, if it cannot


class DisputeList(TypedDict, total=False):
    disputes: list[Dispute]
    what_ifs: list[WhatIf]  # the what-ifs asked, as answered: all of them once the game is over, a seat's own before
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page ...


class DisputeRequest(TypedDict, total=False):
    step: int  # the step disputed: 1 to the game's version
    claim: str


class WhatIfRequest(TypedDict, total=False):
    step: int  # the step whose decision is asked about: the table the other action would have been taken on
    action: dict[str, Any]  # the other action, as the step's legal actions list them


class FoundPlayer(TypedDict, total=False):
    id: str
    name: str
    bot: bool  # a bot account: a program plays as this player


class FoundPlayers(TypedDict, total=False):
    players: list[FoundPlayer]


class PlayerRequest(TypedDict, total=False):
    name: str  # the player's name: at most 40 characters, at least one of them visible, none a control or format ch ...
    callback_url: str  # an http(s) URL to POST a signed notice to whenever a game comes to wait on the player; its ...


class RegisteredPlayer(TypedDict, total=False):
    callback_url: str | None
    webhook_secret: str  # signs each notice the Standard Webhooks way (www.standardwebhooks.com), shown once: `whse ...
    id: str
    name: str
    bot: bool  # a bot account (POST /api/players/me/bot): a program plays as this player
    key: str  # the player's secret, shown this once: send it as 'Authorization: Bearer <key>' in any game of the pl ...


class PlayerView(TypedDict, total=False):
    id: str
    name: str
    callback_url: str | None
    bot: bool  # a bot account (POST /api/players/me/bot): a program plays as this player


class CallbackRequest(TypedDict, total=False):
    callback_url: str | None  # where to POST the player's notices (an http(s) URL whose host is public); null to stop


class Callback(TypedDict, total=False):
    callback_url: str | None
    webhook_secret: str  # signs each notice the Standard Webhooks way (www.standardwebhooks.com), shown once: `whse ...


class InboxGame(TypedDict, total=False):
    id: str
    game: str
    title: str
    status: str
    sandbox: bool  # a game from a chosen position or a fork: not a real game (it counts for no rating)
    seats: list[Seat]
    to_act: ToAct | None
    version: int
    created_at: str
    last_activity: str
    last_move: LastMove | None
    deadline: str | None  # when the decision at hand is due, if the game has a clock
    spectator_delay: int  # a running game with a delay shows no more of itself here than its spectators may see
    open_seats: list[int]  # the seats anyone may take: POST /api/games/{id}/seats/{n}/join
    seat: int  # the player's seat in this game
    your_decision: bool  # the game waits on the player
    opponents: list[Seat]


class TournamentLinks(TypedDict, total=False):
    tournament: str  # the tournament (GET /api/tournaments/{id})
    tournament_page: str  # the tournament's page
    game: str  # the player's game of the round, with `kind` round
    page: str  # that game's page


class TournamentNotice(TypedDict, total=False):
    id: str  # the notice, the same wherever it is told: `<tournament>:round-<n>`, `<tournament>:withdrawn` or `<tou ...
    kind: Literal['round', 'bye', 'withdrawn', 'finished']  # `round`: a round seats the player at a game; `bye`: a ...
    tournament: str  # the tournament's id
    title: str  # the game the tournament is of
    round: int | None  # the round (for `withdrawn`: the last they played; none for `finished`)
    words: str  # the notice in words
    game: str | None  # the player's game of the round (`round`)
    opponents: list[str]  # the others at the player's table (`round`)
    place: int | None  # the player's final place (`finished`)
    of: int | None  # among how many (`finished`)
    links: TournamentLinks


class Inbox(TypedDict, total=False):
    games: list[InboxGame]
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int  # how many games the player has, with this filter
    tournament_news: list[TournamentNotice]  # where each of the player's newest tournaments stands for them: its la ...


class SeatRange(TypedDict, total=False):
    min: int  # the fewest seats a game of it has
    max: int  # the most


class NamedDeck(TypedDict, total=False):
    name: str
    cards: list[str]  # its card ids, a copy an entry


class PublicRules(TypedDict, total=False):
    game: str
    title: str
    version: str  # the rules' version, stored with every game
    seats: SeatRange
    bots: list[str]  # the names of the bots that play it
    bot_strengths: dict[str, Any]  # for each bot a seat may give a strength (`seats[].strength`), its levels, weake ...
    rules: list[RuleRef]  # the rule index every event and refusal cites
    cards: list[dict[str, Any]]  # the game's card catalogue, each card as printed, in the game's own shape (only fo ...
    decks: list[NamedDeck]  # the decks a seat may bring by name (only for a game that has them)


class Standing(TypedDict, total=False):
    rater: str  # `player:<id>`, or `bot:<name>@<version>` (with `/<strength>` for a bot given one)
    kind: str  # 'player', 'bot' (a built-in bot) or 'bot_account' (a player whose account a program plays)
    name: str
    bot: bool  # a bot: a built-in one or a bot account
    player: str | None  # the player's id (GET /api/players/{id}), for a player or a bot account
    rating: float  # mu - 3 sigma: what the rating system is nearly sure the strength is above; a newcomer starts at 0
    mu: float  # the estimated strength (Plackett-Luce, openskill; 25 at the start)
    sigma: float  # how unsure the estimate is (25/3 at the start)
    games: int  # rated games finished
    wins: float  # games won, a shared win counting its share
    provisional: bool  # fewer than 10 rated games: the rating may still move far


class Leaderboard(TypedDict, total=False):
    game: str
    ratings: list[Standing]  # highest rating first
    solo_boards: dict[str, Any]  # the game's boards of solo scores (a solo game is scored, not rated): name -> link
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int  # how many are rated at this game


class SoloStanding(TypedDict, total=False):
    rater: str  # `player:<id>`, or `bot:<name>@<version>` (with `/<strength>` for a bot given one)
    kind: str  # 'player', 'bot' (a built-in bot) or 'bot_account' (a player whose account a program plays)
    name: str
    bot: bool  # a bot: a built-in one or a bot account
    player: str | None  # the player's id (GET /api/players/{id}), for a player or a bot account
    games: int  # solo games finished on this board
    best_score: int
    best_title: str  # the title the best score earned (a game with titles)
    best_game: str  # the game of the best score
    wins: int  # games won against the rival (a game with one)
    losses: int  # games the rival won (a game with one)


class SoloBoard(TypedDict, total=False):
    game: str
    board: str
    against_rival: bool  # true: the most wins against the rival first, then the best score; false: the best score first
    entries: list[SoloStanding]
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int


class RatingPoint(TypedDict, total=False):
    game_id: str
    finished_at: str
    place: int  # 1 for a win; a shared place is a tie
    rating: float  # the rating after that game


class GameRating(TypedDict, total=False):
    rater: str  # `player:<id>`, or `bot:<name>@<version>` (with `/<strength>` for a bot given one)
    kind: str  # 'player', 'bot' (a built-in bot) or 'bot_account' (a player whose account a program plays)
    name: str
    bot: bool  # a bot: a built-in one or a bot account
    player: str | None  # the player's id (GET /api/players/{id}), for a player or a bot account
    rating: float  # mu - 3 sigma: what the rating system is nearly sure the strength is above; a newcomer starts at 0
    mu: float  # the estimated strength (Plackett-Luce, openskill; 25 at the start)
    sigma: float  # how unsure the estimate is (25/3 at the start)
    games: int  # rated games finished
    wins: float  # games won, a shared win counting its share
    provisional: bool  # fewer than 10 rated games: the rating may still move far
    history: list[RatingPoint]  # after each rated game, oldest first


class PublicPlayer(TypedDict, total=False):
    id: str
    name: str
    bot: bool  # a bot account: a program plays as this player, rated beside the built-in bots
    ratings: dict[str, Any]  # the player's rating at each game they have a rated game of
    solo: dict[str, Any]  # the player's rows on each solo game's boards: game -> board -> row


class GameRatings(TypedDict, total=False):
    rated: bool  # whether the game counts for the ratings (a finished game of rated seats, no sandbox, not solo)
    seats: list[RatingChange]  # each seat's rating before and after; empty for a moment after the game ends, until ...


class Party(TypedDict, total=False):
    id: str
    name: str
    bot: bool  # true for a bot account (absent otherwise)


class Challenge(TypedDict, total=False):
    id: str
    status: str  # open, accepted, declined, cancelled or expired
    challenger: Party
    to: Party | None  # null: open to anyone
    game: str
    title: str  # the game's name, for people
    options: dict[str, Any]
    clock: dict[str, Any] | None
    rated: bool
    seat: str  # the challenger's seat: first, second or random
    issued_at: str
    expires_at: str
    closed_at: str | None
    reason: str | None  # why it was declined, if the player said
    taker: Party | None  # who accepted it
    game_id: str | None  # the game an accepted challenge created


class Challenges(TypedDict, total=False):
    incoming: list[Challenge]  # open challenges to you, newest first
    outgoing: list[Challenge]  # your open challenges, newest first
    recent: list[Challenge]  # your last challenges closed
    open: list[Challenge]  # challenges open to anyone, others', the oldest first (at most 100)


class ChallengeRequest(TypedDict, total=False):
    to: str | None  # the id of the player challenged; without it, the challenge is open to anyone (its first taker)
    game: str  # a game played by two
    options: dict[str, Any]  # the game's options, as a game's creation takes them
    clock: dict[str, Any] | None  # a time for each decision, as a game's creation takes it
    rated: bool  # whether the game counts for the ratings (false: a casual game)
    seat: Literal['random', 'first', 'second']  # the challenger's seat: first, second, or random (the default: a co ...
    expires_in: str  # how long the challenge stays open: an ISO 8601 duration from PT1H to P14D (default P3D)


class DeclineRequest(TypedDict, total=False):
    reason: str | None  # why, in at most 200 characters (shown to the challenger)


class EmailSettings(TypedDict, total=False):
    address: str | None  # the address (null: none given); shown to this player only
    confirmed: bool  # whether the link sent to the address was followed
    your_turn: Literal['each', 'digest', 'off']
    challenges: bool
    confirmation: str  # present when a link to confirm the address was just sent


class EmailRequest(TypedDict, total=False):
    address: str  # where to write; a new or changed address is sent a link to confirm it, and gets nothing else unt ...
    your_turn: Literal['each', 'digest', 'off']  # `each`: an email whenever a game comes to await you; `digest`: on ...
    challenges: bool  # an email when a player challenges you


class AnalysisBot(TypedDict, total=False):
    name: str  # the bot that judged: the game's search bot
    version: str
    strength: int
    budget: dict[str, Any]  # its playouts, dealt tables, playout depth, exploration


class Thresholds(TypedDict, total=False):
    inaccuracy: float
    mistake: float
    blunder: float


class AnalysedDecision(TypedDict, total=False):
    step: int  # the replay step whose table is the table before the decision
    seat: int
    seat_name: str
    expected_before: float  # the position's expected result for the seat, from its view: the best action's
    played: dict[str, Any]  # the action taken
    played_words: str
    played_expected: float
    best: dict[str, Any]  # the action the analysis prefers
    best_words: str
    best_expected: float
    loss: float  # best_expected - played_expected, never below 0
    mark: Literal['inaccuracy', 'mistake', 'blunder', None] | None  # by the loss: null, inaccuracy, mistake or blunder


class SeatAccuracy(TypedDict, total=False):
    seat: int
    name: str
    decisions: int  # the seat's analysed decisions so far
    accuracy: float | None  # 0 to 100 (docs/analysis.md); null with no decision analysed
    inaccuracies: int
    mistakes: int
    blunders: int


class ChartPoint(TypedDict, total=False):
    step: int
    seat: int
    expected: float


class AnalysisAnswer(TypedDict, total=False):
    game_id: str
    analysis_version: int
    status: Literal['queued', 'running', 'done']
    progress: float  # the share of the decisions done, 0 to 1: every decision a seat took counts, those passed over ...
    measure: Literal['win_chance', 'expected_score']  # win_chance where seats win or lose (0 to 1); expected_score ...
    unit: str  # what the expected results and losses count: 'win chance', or a seat alone's points by the game's na ...
    bot: AnalysisBot
    seed: str  # derived from the game id and the analysis version: asking again gives the same numbers
    thresholds: dict[str, Any]  # the losses from which a decision is marked
    decisions: list[AnalysedDecision]  # one per analysed decision, in game order (while running, those done so far)
    seats: list[SeatAccuracy]
    chart: list[ChartPoint]
    withheld: int  # the other seats' decisions done so far, held back from the asker while the game runs (an entry ...


class AnalysisRequest(TypedDict, total=False):
    strength: int  # the search bot's strength (1 to 5, default 3): each step up doubles its playouts


class Organiser(TypedDict, total=False):
    id: str
    name: str


class TournamentSummary(TypedDict, total=False):
    id: str
    status: str  # open, running or finished
    organiser: Organiser
    game: str
    title: str  # the game's name, for people
    format: str
    rated: bool
    clock: dict[str, Any] | None
    rounds_planned: int
    rounds_played: int  # the rounds paired so far
    size_limit: int
    entrant_count: int  # how many entered (those who withdrew once it ran included)
    winner: str | None  # first in the final standings, once finished
    starts_at: str | None
    created_at: str  # when it was organised
    finished_at: str | None  # when its last round closed


class TournamentList(TypedDict, total=False):
    tournaments: list[TournamentSummary]  # the newest organised first
    next: str | None  # the link to the next page (the same filters and limit, from a cursor); null on the last page
    total: int  # how many tournaments the list holds, with these filters


class TournamentBotSeat(TypedDict, total=False):
    bot: str  # one of the game's built-in bots
    strength: int | None  # a searching bot's level
    name: str | None  # the bot's name in the tournament (default: the bot's, numbered)


class TournamentRequest(TypedDict, total=False):
    game: str
    options: dict[str, Any]  # the game's options, as a game's creation takes them
    format: Literal['swiss', 'round-robin', 'tables']  # swiss or round-robin (two-player games), tables (3 to 6 sea ...
    rounds: int
    rated: bool  # whether its games count for the ratings
    clock: dict[str, Any]  # the time for each decision of every game, as a game's creation takes it: every round ends
    bots: list[TournamentBotSeat]  # bot seats the organiser enters, as a game takes them
    starts_at: str | None  # when round one is paired (ISO 8601 UTC, within a year); without it, the organiser starts it
    size_limit: int  # the most entrants, bots included; for tables, at least a table's fewest seats
    withdraw_after_timeouts: int  # the withdrawal rule: a player who loses this many games on time is withdrawn fro ...
    table_seats_min: int  # tables: the fewest seats at a table (default: the game's fewest, at least 3)
    table_seats_max: int  # tables: the most seats at a table (default: the game's most, at most 6)


class TournamentEntrant(TypedDict, total=False):
    name: str
    kind: str  # player or bot
    player: str  # a player's id
    bot: str  # a bot's kind
    rating: int  # the rating the entrant joined with, which seeds round one: 1500 + 10 x their rating at the game, ...
    withdrawn: bool
    withdrawn_on_time: bool  # withdrawn by the withdrawal rule, after losing games on time, not by asking


class TournamentTable(TypedDict, total=False):
    table: int
    players: list[str]  # in seat order: the first moves first
    game_id: str | None
    places: list[int] | None  # per seat, once the game ended
    lost_on_time: list[str]


class TournamentRound(TypedDict, total=False):
    round: int
    tables: list[TournamentTable]
    byes: list[str]
    closed: bool  # every game of the round has ended


class TournamentStanding(TypedDict, total=False):
    place: int
    player: str
    points: float
    buchholz: float
    buchholz_cut1: float
    sonneborn_berger: float
    wins: int
    games: int
    byes: int
    withdrawn: bool


class Tournament(TypedDict, total=False):
    id: str
    status: str  # open, running or finished
    organiser: Organiser
    game: str
    title: str  # the game's name, for people
    options: dict[str, Any]
    clock: dict[str, Any]
    rated: bool
    format: str
    rounds_planned: int
    size_limit: int
    table_seats: list[int]  # the fewest and most seats at a table
    starts_at: str | None
    entrants: list[TournamentEntrant]
    rounds: list[TournamentRound]
    standings: list[TournamentStanding]  # best first (docs/tournaments.md)
    seed_commitment: str  # SHA-256 of the seed, published at creation
    withdraw_after_timeouts: int  # the withdrawal rule: a player who loses this many games on time is withdrawn fro ...
    pairing_version: int  # the version of the pairing procedure that pairs its rounds (docs/tournaments.md), which ...
    head: str  # the hash chain of the tournament's events so far, its last link: a finished tournament's export mus ...
    seed: str | None  # revealed once the tournament is finished


class ExportedEntrant(TypedDict, total=False):
    name: str
    player: str  # a player's id
    bot: str  # a bot's kind


class ExportedEvent(TypedDict, total=False):
    event: dict[str, Any]  # one of the tournament's events, with its type
    chain: str  # SHA-256 of the previous chain and this event as canonical JSON


class ExportedStanding(TypedDict, total=False):
    place: int
    player: str
    points: str  # an exact fraction, such as 3/2
    buchholz: str
    buchholz_cut1: str
    sonneborn_berger: str
    wins: int
    games: int
    byes: int
    withdrawn: bool


class ExportedRound(TypedDict, total=False):
    round: int
    standings_in: list[ExportedStanding]  # the standings the round was paired from, best first
    tables: list[TournamentTable]
    byes: list[str]


class TournamentExport(TypedDict, total=False):
    format: str
    id: str
    game: str
    title: str
    options: dict[str, Any]
    clock: dict[str, Any]
    rated: bool
    organiser: Organiser
    entrants: list[ExportedEntrant]
    seed_commitment: str
    seed: str  # the revealed seed: its SHA-256 is seed_commitment
    events: list[ExportedEvent]
    head: str  # the last event's chain hash
    rounds: list[ExportedRound]
    standings: list[ExportedStanding]  # the final standings


class YourPart(TypedDict, total=False):
    entrant: str | None  # the name you entered under; null when you are not in its field (its organiser only, or wi ...
    organiser: bool  # you organised it
    withdrawn: bool  # you withdrew, or were withdrawn
    withdrawn_on_time: bool  # withdrawn by the withdrawal rule, after losses on time
    place: int | None  # your place in its standings once it runs
    of: int | None  # how many its standings hold once it runs


class TournamentWords(TypedDict, total=False):
    heading: str
    progress: str
    terms: str
    standing: str  # where you stand: you entered, you are 3rd of 8 after round 2, you placed 1st of 5, you withdrew ...


class YourTournament(TypedDict, total=False):
    id: str
    status: str  # open, running or finished
    organiser: Organiser
    game: str
    title: str  # the game's name, for people
    options: dict[str, Any]
    clock: dict[str, Any]
    rated: bool
    format: str
    rounds_planned: int
    size_limit: int
    table_seats: list[int]  # the fewest and most seats at a table
    starts_at: str | None
    entrants: list[TournamentEntrant]
    rounds: list[TournamentRound]
    standings: list[TournamentStanding]  # best first (docs/tournaments.md)
    seed_commitment: str  # SHA-256 of the seed, published at creation
    withdraw_after_timeouts: int  # the withdrawal rule: a player who loses this many games on time is withdrawn fro ...
    pairing_version: int  # the version of the pairing procedure that pairs its rounds (docs/tournaments.md), which ...
    head: str  # the hash chain of the tournament's events so far, its last link: a finished tournament's export mus ...
    seed: str | None  # revealed once the tournament is finished
    you: dict[str, Any]  # your part in it
    words: dict[str, Any]  # the tournament as the list's page says it, with your standing


class Tournaments(TypedDict, total=False):
    tournaments: list[YourTournament]  # the newest first (at most 50)


class Operations:
    """Every operation of the API, as a method."""

    def _call(self, method: str, path: str, **request: Any) -> Any:
        raise NotImplementedError

    def _events(self, path: str, query: dict, headers: dict) -> Iterator[Message]:
        raise NotImplementedError

    def list_games(
        self,
        *,
        status: Literal['running', 'finished'] | None = None,
        open: bool | None = None,
        game: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        cursor: str | None = None,
    ) -> GameList:
        """
        The games, most recently active first (from the game-list read model), a page at a time:
        `next` links to the next page.
        """
        return self._call(
            'GET',
            '/api/games',
            query={'status': status, 'open': open, 'game': game, 'limit': limit, 'offset': offset, 'cursor': cursor},
        )

    def create_game(self, body: CreateGameRequest) -> CreatedGame:
        """Create a game; the answer holds one secret token per person's seat, shown only once."""
        return self._call('POST', '/api/games', body=body)

    def fork_game(self, game_id: str, *, at: int | None = None) -> CreatedGame:
        """What happens if: a sandbox game starting from step `at` of a finished game, same seats."""
        return self._call('POST', f'/api/games/{game_id}/fork', query={'at': at})

    def get_game(self, game_id: str) -> GameView:
        """The table as the token's seat sees it; without a token, as a spectator."""
        return self._call('GET', f'/api/games/{game_id}')

    def list_results(
        self,
        *,
        game: str | None = None,
        limit: int | None = None,
        offset: int | None = None,
        cursor: str | None = None,
    ) -> ResultList:
        """
        Final results of finished games, most recent first (from the results read model), a page
        at a time: `next` links to the next page.
        """
        return self._call(
            'GET',
            '/api/results',
            query={'game': game, 'limit': limit, 'offset': offset, 'cursor': cursor},
        )

    def list_actions(self, game_id: str) -> LegalActions:
        """The legal actions of the token's seat (empty when it is not its decision)."""
        return self._call('GET', f'/api/games/{game_id}/actions')

    def take_action(self, game_id: str, body: ActRequest, *, idempotency_key: str | None = None) -> ActReply:
        """Take the token's seat's decision, decided on `expected_version`."""
        return self._call(
            'POST',
            f'/api/games/{game_id}/actions',
            body=body,
            headers={'Idempotency-Key': idempotency_key},
            idempotent=True,
        )

    def list_events(self, game_id: str, *, after: int | None = None, limit: int | None = None) -> EventLog:
        """
        The game's events, a page at a time (the first 100 unless `after` and `limit` say otherwise),
        with what the asker may not see left out; `next` links to the next page.
        """
        return self._call('GET', f'/api/games/{game_id}/events', query={'after': after, 'limit': limit})

    def get_replay(self, game_id: str, *, after: int | None = None, limit: int | None = None) -> Replay:
        """
        The steps, a page at a time (the first 100 unless `after` and `limit` say otherwise): step n is
        game version n; step 1 is the creation. `next` links to the next page.
        """
        return self._call('GET', f'/api/games/{game_id}/replay', query={'after': after, 'limit': limit})

    def get_replay_step(self, game_id: str, n: int) -> ReplayStep:
        """
        Step n: its event, description and rule, the table right after it, and the first disputes
        about it and what-ifs about its decision (`disputes_next` and `what_ifs_next` link to the rest).
        """
        return self._call('GET', f'/api/games/{game_id}/replay/{n}')

    def get_since_last_move(self, game_id: str) -> SinceLastMove:
        """
        What happened since the asking seat's last own decision: each step's line (bookkeeping
        left out), each change to its own score and hand with the rule that made it, and the places
        of its table changed. A seat's token is required.
        """
        return self._call('GET', f'/api/games/{game_id}/since')

    def get_score_chart(self, game_id: str) -> ScoreChart:
        """A finished game's score chart: each seat's score at the end of every turn, as the rules count it."""
        return self._call('GET', f'/api/games/{game_id}/scores')

    def stream_game(
        self,
        game_id: str,
        *,
        last_event_id: str | None = None,
        after: int | None = None,
        views: Literal['patch', 'full'] | None = None,
    ) -> Iterator[Message]:
        """Each new event as the asker may see it, with the version and a patch of the asker's view."""
        return self._events(
            f'/api/games/{game_id}/stream',
            query={'after': after, 'views': views},
            headers={'Last-Event-ID': last_event_id},
        )

    def audit_game(self, game_id: str) -> AuditAnswer:
        """Re-derive every draw from the revealed seed, re-run every decision, check the hash chain."""
        return self._call('GET', f'/api/games/{game_id}/audit')

    def export_game(self, game_id: str) -> str:
        """
        The whole finished game as JSON lines, for `chronicle verify` and `chronicle import`, sent
        line by line as the events are read from the store.
        """
        return self._call('GET', f'/api/games/{game_id}/export', text=True)

    def list_disputes(
        self,
        game_id: str,
        *,
        step: int | None = None,
        kind: Literal['disputes', 'what_ifs'] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> DisputeList:
        """
        The game's disputes and what-ifs with their answers, as the asker may see them, in the
        order filed (or one step's, with `step`), a page at a time: `next` links to the next page.
        """
        return self._call(
            'GET',
            f'/api/games/{game_id}/disputes',
            query={'step': step, 'kind': kind, 'limit': limit, 'cursor': cursor},
        )

    def file_dispute(self, game_id: str, body: DisputeRequest) -> Dispute:
        """
        File a dispute about step n, as a seat of the game; the answer comes at once. The record
        keeps a bounded number of disputes from each seat (422 beyond, naming the limit).
        """
        return self._call('POST', f'/api/games/{game_id}/disputes', body=body)

    def ask_what_if(self, game_id: str, body: WhatIfRequest) -> WhatIf:
        """
        What the rules would have done had `action` been taken at step n: whether it was legal (if
        not, the rule that refuses it), and the events and table after it, with the random stream the
        real game used there. On a finished game anyone may ask; on a running one, a seat about its own
        decisions (what would draw on still hidden cards is withheld until the end). The answer is
        kept with the game's disputes.
        """
        return self._call('POST', f'/api/games/{game_id}/what-if', body=body)

    def find_players(self, *, name: str | None = None, limit: int | None = None) -> FoundPlayers:
        """
        Players whose name starts with `name` (case aside), in the order of their names: to find
        one to challenge. Two players may bear one name; their ids tell them apart.
        """
        return self._call('GET', '/api/players', query={'name': name, 'limit': limit})

    def register_player(self, body: PlayerRequest) -> RegisteredPlayer:
        """Become a player: the answer holds the player's secret key, shown this once."""
        return self._call('POST', '/api/players', body=body)

    def get_me(self) -> PlayerView:
        """The player the key belongs to."""
        return self._call('GET', '/api/players/me')

    def set_callback(self, body: CallbackRequest) -> Callback:
        """
        Set (or, with null, stop) the URL the player's "your turn" notices (and their tournaments'
        news) are POSTed to; the answer holds a new signing secret, shown this once.
        """
        return self._call('PUT', '/api/players/me', body=body)

    def become_bot_account(self) -> PlayerView:
        """
        Make the player a bot account, for good: a program plays as this player. Only before the
        player's first game (no game they sit in, no seat kept for them); asked again, it changes
        nothing. A bot account is shown as a bot everywhere and rated beside the built-in bots; it
        plays through challenges (it may issue and accept them, open ones too) and invitations (a
        seat kept for it, which it joins), never seating itself as a person; its stream
        (GET /api/players/me/stream) carries its games' states unless it asks `?games=notices`.
        """
        return self._call('POST', '/api/players/me/bot')

    def list_my_games(
        self,
        *,
        status: Literal['running', 'finished'] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> Inbox:
        """
        The player's games: those awaiting the player's decision first, nearest deadline (then longest
        waiting) first; then the running ones, then the finished ones, a page at a time. Beside them,
        `tournament_news`: where each of the player's newest tournaments stands for them, in words
        (its latest notice: their game of the round, a bye, or their final place).
        """
        return self._call('GET', '/api/players/me/games', query={'status': status, 'limit': limit, 'cursor': cursor})

    def stream_my_notices(self, *, games: Literal['full', 'notices'] | None = None) -> Iterator[Message]:
        """
        "Your turn", "game finished" and "game moved" notices across all the player's games, the
        player's challenges coming and answered, and their tournaments' news (a round's game, a bye,
        the final place), as server-sent events; with `?games=full`, each
        game's state as the player's seat sees it, and the player's invitations.
        """
        return self._events('/api/players/me/stream', query={'games': games}, headers={})

    def join_seat(self, game_id: str, n: int) -> GameView:
        """Take open seat n: the player's key then plays it. Answers the table as that seat sees it."""
        return self._call('POST', f'/api/games/{game_id}/seats/{n}/join')

    def get_rules(self, game: Literal['chi', 'court', 'tianxia', 'xanadu', 'xi']) -> PublicRules:
        """
        What is public about a game's rules: its seats and bots, its rule index, and its cards and
        named decks where it has them.
        """
        return self._call('GET', f'/api/rules/{game}')

    def get_leaderboard(
        self,
        game: Literal['chi', 'court', 'tianxia', 'xanadu', 'xi'],
        *,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> Leaderboard:
        """
        The players and bots rated at a game, highest rating first, a page at a time. Ratings
        come from finished games of two seats or more between players and bots (no sandbox): a
        game with an unregistered person counts for nobody.
        """
        return self._call('GET', f'/api/leaderboards/{game}', query={'limit': limit, 'cursor': cursor})

    def get_solo_board(
        self,
        game: Literal['chi', 'court', 'tianxia', 'xanadu', 'xi'],
        board: str,
        *,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> SoloBoard:
        """
        A solo game's board: each player's and bot's best score on it (with the title earned),
        and against a rival (Li Mu) the games won and lost, the most wins first.
        """
        return self._call('GET', f'/api/leaderboards/{game}/solo/{board}', query={'limit': limit, 'cursor': cursor})

    def get_player(self, player_id: str) -> PublicPlayer:
        """A player as anyone sees them: the name, and the rating at each game with its history."""
        return self._call('GET', f'/api/players/{player_id}')

    def get_game_ratings(self, game_id: str) -> GameRatings:
        """
        Each seat's rating before and after a finished game, if it counts for the ratings
        (`seats` stays empty for a moment after the game ends, until the ratings catch up).
        """
        return self._call('GET', f'/api/games/{game_id}/ratings')

    def list_challenges(self) -> Challenges:
        """
        The player's challenges (received and issued, still open; the last ones closed) and those
        open to anyone, which the player may take.
        """
        return self._call('GET', '/api/challenges')

    def issue_challenge(self, body: ChallengeRequest) -> Challenge:
        """
        Challenge a player (`to`, their id) to a game of two, with its options and clock, rated or
        casual; without `to`, anyone may take it. The player challenged hears of it on their notice
        stream (and by email, if they chose it); the challenge stays open three days unless
        `expires_in` says otherwise.
        """
        return self._call('POST', '/api/challenges', body=body)

    def accept_challenge(self, challenge_id: str) -> Challenge:
        """
        Accept the challenge: the game is created with both players seated (`game_id`), the
        challenger in the seat the challenge says. Of two takers of an open challenge, one gets it.
        The game counts towards the taker's limit of games created, as `POST /api/games` does.
        """
        return self._call('POST', f'/api/challenges/{challenge_id}/accept')

    def decline_challenge(self, challenge_id: str, body: DeclineRequest) -> Challenge:
        """Decline a challenge made to you, with a reason if you like (the challenger sees it)."""
        return self._call('POST', f'/api/challenges/{challenge_id}/decline', body=body)

    def cancel_challenge(self, challenge_id: str) -> Challenge:
        """Cancel a challenge you issued."""
        return self._call('POST', f'/api/challenges/{challenge_id}/cancel')

    def get_my_email(self) -> EmailSettings:
        """The player's email settings: the address (seen by nobody else), whether it is confirmed, and the choices."""
        return self._call('GET', '/api/players/me/email')

    def set_my_email(self, body: EmailRequest) -> EmailSettings:
        """
        Set the address and choose the emails: for each game that comes to await you, or a daily
        digest, or none; and for challenges. A new or changed address is sent a link to confirm it
        first. Every email has a one-click unsubscribe link.
        """
        return self._call('PUT', '/api/players/me/email', body=body)

    def remove_my_email(self) -> EmailSettings:
        """Forget the address: no email is sent any more."""
        return self._call('DELETE', '/api/players/me/email')

    def get_analysis(self, game_id: str, *, strength: int | None = None) -> AnalysisAnswer:
        """
        The game's analysis: its status and progress, an entry per analysed decision (the played
        action, the one the analysis prefers, their expected results, the loss and its mark), each
        seat's accuracy and the chart of the expected result. Without `strength`, the deepest analysis
        there is: the strongest done, else the strongest still running. While the game runs (a sandbox
        game, a game between bots), a seat's token shows that seat's own entries only, and no token
        none (`withheld` counts the other seats' decisions done so far, held back until the game is
        over); what it tells of them (`status`, `progress`, `withheld`) hangs on the public log alone.
        """
        return self._call('GET', f'/api/games/{game_id}/analysis', query={'strength': strength})

    def start_analysis(self, game_id: str, body: AnalysisRequest | None = None) -> AnalysisAnswer:
        """
        Start the game's analysis (a finished game, a sandbox game or a game between bots): each
        decision a seat took with more than one legal action, judged by the search bot at `strength`
        from that seat's view only. Asked again, the same analysis answers (202, as GET shows it).
        """
        return self._call('POST', f'/api/games/{game_id}/analysis', body=body)

    def list_tournaments(
        self,
        *,
        status: Literal['open', 'running', 'finished'] | None = None,
        game: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> TournamentList:
        """
        The tournaments, the newest organised first (from the tournament-list read model), a page
        at a time: `status` keeps those open to join, running or finished, `game` those of one game;
        `next` links to the next page.
        """
        return self._call(
            'GET',
            '/api/tournaments',
            query={'status': status, 'game': game, 'limit': limit, 'cursor': cursor},
        )

    def organise_tournament(self, body: TournamentRequest) -> Tournament:
        """
        Open a tournament of one game, with its options and clock, rated or casual, in a format
        (`swiss`, `round-robin` or `tables`) over a number of rounds; the organiser may enter bots.
        Its seed is drawn now and kept secret (`seed_commitment` publishes its hash); it is revealed
        when the tournament ends, so anyone can re-derive every round's pairing. Each entrant joins
        with their rating at the game, which seeds round one. `withdraw_after_timeouts` is the withdrawal
        rule: a player who loses that many games on time is withdrawn from the rounds after (0 to
        10, default 1; 0 never).
        """
        return self._call('POST', '/api/tournaments', body=body)

    def get_tournament(self, tournament_id: str) -> Tournament:
        """
        The tournament: its status (open, running, finished), its rounds with their games and
        results, and its standings, best first.
        """
        return self._call('GET', f'/api/tournaments/{tournament_id}')

    def export_tournament(self, tournament_id: str) -> TournamentExport:
        """
        A finished tournament's whole record, for `chronicle verify FILE`, which re-derives every
        round's pairing from the standings before it and the revealed seed (docs/tournaments.md).
        """
        return self._call('GET', f'/api/tournaments/{tournament_id}/export')

    def join_tournament(self, tournament_id: str) -> Tournament:
        """
        Enter the tournament while it is open: you agree to be seated at the games its rounds
        pair you to (each with the tournament's clock).
        """
        return self._call('POST', f'/api/tournaments/{tournament_id}/join')

    def withdraw_from_tournament(self, tournament_id: str) -> Tournament:
        """
        Leave the tournament: before round one, the field; after, you are paired no more (the
        games you played still count). You may leave while a round you play is running: that game
        goes on, yours to finish, and its result counts.
        """
        return self._call('POST', f'/api/tournaments/{tournament_id}/withdraw')

    def start_tournament(self, tournament_id: str) -> Tournament:
        """The organiser starts the tournament: round one is paired and its games created together."""
        return self._call('POST', f'/api/tournaments/{tournament_id}/start')

    def list_my_tournaments(self) -> Tournaments:
        """
        The tournaments you organised or entered, the newest first, each with your part in it
        (`you`: your place once it runs) and in words (`words`, as the tournaments' page says them).
        """
        return self._call('GET', '/api/players/me/tournaments')
