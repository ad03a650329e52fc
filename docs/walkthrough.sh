#!/usr/bin/env bash
# The README's walkthrough: a whole game of Chi against the random bot, over REST with curl and jq.
# Run it against a server started with `make run` (or set API to another address).
set -euo pipefail
API=${API:-http://127.0.0.1:8000}
PREFERENCE='["play_yang", "attack", "chi", "discard", "draw", "pass"]'

# 1. Create a game: ana (a person) against the random bot. The answer holds ana's secret token
#    and the SHA-256 commitment of the seed; the seed itself is revealed when the game ends.
created=$(curl -s -X POST "$API/api/games" -H 'Content-Type: application/json' \
  -d '{"game": "chi", "seats": [{"name": "ana"}, {"bot": "random"}], "seed": "readme-walkthrough"}')
echo "$created"
GAME=$(echo "$created" | jq -r .id)
AUTH="Authorization: Bearer $(echo "$created" | jq -r '.tokens[0].token')"

# 2. The table as ana sees it: her hand, the centre row, both play areas, whose turn it is.
curl -s "$API/api/games/$GAME" -H "$AUTH" | jq -c '{version, status, to_act}'
curl -s "$API/api/games/$GAME" -H "$AUTH" | jq -c '[.table.hand[].id]'

# 3. Play to the end. On ana's turn: ask for the legal actions and post one back unchanged, with
#    the version it was decided on (here: play a Yang if possible, else attack, else draw). The bot
#    takes its turns on its own, at once when bots play in the API's process, a moment later when
#    they play on a worker (`make run` with Redis), so the script looks every 0.2 s until it is
#    ana's turn again or the game is over.
while true; do
  read -r turn version < <(curl -s "$API/api/games/$GAME" -H "$AUTH" \
    | jq -r '(if .status != "running" then "over" elif .to_act.seat == .you then "ana" else "bot" end) + " \(.version)"')
  if [ "$turn" = over ]; then break; fi
  if [ "$turn" = bot ]; then sleep 0.2; continue; fi
  action=$(curl -s "$API/api/games/$GAME/actions" -H "$AUTH" \
    | jq -c --argjson preference "$PREFERENCE" '.actions | min_by(.type as $type | $preference | index($type))')
  curl -s -X POST "$API/api/games/$GAME/actions" -H "$AUTH" -H 'Content-Type: application/json' \
    -H "Idempotency-Key: $GAME-$version" \
    -d "{\"action\": $action, \"expected_version\": $version}" \
    | jq -r '"version \(.version): " + ([.events[].description] | join("; "))'
done

# 4. The outcome, and the seed, now revealed: its SHA-256 is the commitment published in step 1.
curl -s "$API/api/games/$GAME" | jq -c '{outcome, seed}'

# 5. The replay: its first page of steps (and how many there are), then step 10 with its rule and the table after it.
curl -s "$API/api/games/$GAME/replay" | jq -r '"\(.version) steps; first: \(.steps[0].description)"'
curl -s "$API/api/games/$GAME/replay/10" | jq -c '{step, description, rule}'
