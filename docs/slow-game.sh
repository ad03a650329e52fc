#!/usr/bin/env bash
# The slow game of docs/playing-over-rest.md: two players play Chi over REST from their inboxes, a day per decision.
# Run it against a server started with `make run` (or set API to another address).
set -euo pipefail
API=${API:-http://127.0.0.1:8000}
PREFERENCE='["play_yang", "attack", "chi", "discard", "draw", "pass"]'
post() { curl -s -X POST "$API$1" -H 'Content-Type: application/json' "${@:2}"; }

# 1. Two players. Each gets an id and a secret key, shown once: the key opens all their seats.
ana=$(post /api/players -d '{"name": "ana"}')
bo=$(post /api/players -d '{"name": "bo"}')
ANA="Authorization: Bearer $(echo "$ana" | jq -r .key)"
BO="Authorization: Bearer $(echo "$bo" | jq -r .key)"

# 2. ana starts a game (with her key: only she may seat herself) with a seat open to anyone and a
#    day for each decision; bo finds it, joins.
GAME=$(post /api/games -H "$ANA" -d '{"game": "chi", "seed": "readme-slow-game",
  "seats": [{"player": "'"$(echo "$ana" | jq -r .id)"'"}, {"open": true}],
  "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}}' | jq -r .id)
curl -s "$API/api/games?open=true" | jq -r '"open games: \(.games | length), seats to take: \(.games[0].open_seats)"'
post "/api/games/$GAME/seats/1/join" -H "$BO" | jq -r '"bo joins; seats: " + ([.seats[].name] | join(", "))'

# 3. Whenever they look, each opens their inbox: the games awaiting them first, nearest deadline
#    first. They play the game on top (here its first preferred legal action; people think).
for turn in $(seq 1 8); do
  for who in ANA BO; do
    top=$(curl -s "$API/api/players/me/games" -H "${!who}" | jq -c '.games[0]')
    if [ "$(echo "$top" | jq .your_decision)" != true ]; then continue; fi
    version=$(echo "$top" | jq .version)
    action=$(curl -s "$API/api/games/$GAME/actions" -H "${!who}" \
      | jq -c --argjson preference "$PREFERENCE" '.actions | min_by(.type as $type | $preference | index($type))')
    echo "$top" | jq -r --arg who "${who,,}" '"\($who): your decision, due \(.deadline); last move: \(.last_move.description)"'
    post "/api/games/$GAME/actions" -H "${!who}" -H "Idempotency-Key: $GAME-$version" \
      -d "{\"action\": $action, \"expected_version\": $version}" | jq -r '"  -> " + .events[0].description'
  done
done

# 4. bo has seen enough and resigns; ana's inbox now lists the game as finished, won by her.
version=$(curl -s "$API/api/games/$GAME" | jq .version)
post "/api/games/$GAME/actions" -H "$BO" -d "{\"action\": {\"type\": \"resign\"}, \"expected_version\": $version}" \
  | jq -r '"bo: " + .events[-1].description'
curl -s "$API/api/players/me/games" -H "$ANA" | jq -c '.games[0] | {status, your_decision, deadline}'
