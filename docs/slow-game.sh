#!/usr/bin/env bash
# The README's slow game: two players play Chi over REST from their inboxes, a day per decision.
# Run it against a server started with `make run` (or set API to another address).
set -euo pipefail
API=${API:-http://127.0.0.1:8000}
json() { python3 -c "import json, sys; d = json.load(sys.stdin); PREFERENCE = 'play_yang attack chi discard draw pass'.split(); print($1)"; }
post() { curl -s -X POST "$API$1" -H 'Content-Type: application/json' "${@:2}"; }

# 1. Two players. Each gets an id and a secret key, shown once: the key opens all their seats.
ana=$(post /api/players -d '{"name": "ana"}')
bo=$(post /api/players -d '{"name": "bo"}')
ANA="Authorization: Bearer $(echo "$ana" | json 'd["key"]')"
BO="Authorization: Bearer $(echo "$bo" | json 'd["key"]')"

# 2. ana starts a game (with her key: only she may seat herself) with a seat open to anyone and a
#    day for each decision; bo finds it, joins.
GAME=$(post /api/games -H "$ANA" -d '{"game": "chi", "seed": "readme-slow-game",
  "seats": [{"player": "'"$(echo "$ana" | json 'd["id"]')"'"}, {"open": true}],
  "clock": {"per_decision": "P1D", "on_timeout": "forfeit"}}' | json 'd["id"]')
curl -s "$API/api/games?open=true" | json '"open games: %d, seats to take: %s" % (len(d["games"]), d["games"][0]["open_seats"])'
post "/api/games/$GAME/seats/1/join" -H "$BO" | json '"bo joins; seats: " + ", ".join(s["name"] for s in d["seats"])'

# 3. Whenever they look, each opens their inbox: the games awaiting them first, nearest deadline
#    first. They play the game on top (here its first preferred legal action; people think).
for turn in $(seq 1 8); do
  for who in ANA BO; do
    top=$(curl -s "$API/api/players/me/games" -H "${!who}" | json 'json.dumps(d["games"][0])')
    if [ "$(echo "$top" | json 'd["your_decision"]')" != True ]; then continue; fi
    version=$(echo "$top" | json 'd["version"]')
    action=$(curl -s "$API/api/games/$GAME/actions" -H "${!who}" \
      | json 'json.dumps(min(d["actions"], key=lambda a: PREFERENCE.index(a["type"])))')
    echo "$top" | json '"%s: your decision, due %s; last move: %s" % ("'$who'".lower(), d["deadline"], (d["last_move"] or {}).get("description"))'
    post "/api/games/$GAME/actions" -H "${!who}" -H "Idempotency-Key: $GAME-$version" \
      -d "{\"action\": $action, \"expected_version\": $version}" | json '"  -> " + d["events"][0]["description"]'
  done
done

# 4. bo has seen enough and resigns; ana's inbox now lists the game as finished, won by her.
version=$(curl -s "$API/api/games/$GAME" | json 'd["version"]')
post "/api/games/$GAME/actions" -H "$BO" -d "{\"action\": {\"type\": \"resign\"}, \"expected_version\": $version}" \
  | json '"bo: " + d["events"][-1]["description"]'
curl -s "$API/api/players/me/games" -H "$ANA" | json 'json.dumps({k: d["games"][0][k] for k in ("status", "your_decision", "deadline")})'
