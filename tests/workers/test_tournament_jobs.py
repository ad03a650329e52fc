"""A tournament on the workers: a bots-only Swiss of Chi played to the end by RQ jobs (the bots'
turns, then each finished game's result, which pairs the next round once a round closes), its
standings rebuilt from zero equal to the live ones, and the sweeper moving on a tournament whose
job was lost."""

from uuid import UUID

from domain.tournaments.events import from_data
from domain.tournaments.state import fold
from domain.tournaments.verify import verify_pairings
from services.compose import build
from services.reactions.tournament_jobs import TournamentJobs
from tests.workers.conftest import run_worker
from workers.sweeper import Sweeper

DAY = {"per_decision": "P1D", "on_timeout": "forfeit"}
BOTS = [{"bot": "random"}, {"bot": "random"}, {"bot": "greedy"}, {"bot": "greedy"}, {"bot": "search", "strength": 1}]


def organise(services, rounds):
    players = services.commands.players
    organiser = players.get(players.register("ana")["id"])
    body = {"game": "chi", "format": "swiss", "rounds": rounds, "clock": DAY, "bots": BOTS, "rated": False}
    return organiser, services.commands.tournaments.organise(organiser, body)


def test_a_swiss_of_chi_bots_is_played_to_the_end_on_the_workers(env, services, queue):
    organiser, opened = organise(services, rounds=3)
    started = services.commands.tournaments.start(opened["id"], organiser)
    assert started["status"] == "running" and len(started["rounds"][0]["tables"]) == 2, "five bots: two games, a bye"

    run_worker(queue)

    ended = services.commands.tournaments.shown(opened["id"])
    assert ended["status"] == "finished", ended["rounds"]
    assert [len(r["byes"]) for r in ended["rounds"]] == [1, 1, 1]
    assert len({r["byes"][0] for r in ended["rounds"]}) == 3, "nobody has two byes"
    for played in ended["rounds"]:
        for table in played["tables"]:
            assert services.store.game(UUID(table["game_id"])).finished
    assert sum(s["points"] for s in ended["standings"]) == 3 * 3, "two games and a bye (worth a win) a round"

    elsewhere = build(env)  # another process, reading the store from zero
    events = [from_data(data) for data in elsewhere.commands.tournaments.get(opened["id"]).events]
    rebuilt = fold(events).standings()
    assert [(s.place, s.player, s.points, s.buchholz, s.sonneborn_berger) for s in rebuilt] == \
        [(s["place"], s["player"], s["points"], s["buchholz"], s["sonneborn_berger"]) for s in ended["standings"]]
    assert verify_pairings(events).ok


def test_the_sweeper_moves_on_a_tournament_whose_result_job_was_lost(env, services, queue, redis, monkeypatch):
    organiser = services.commands.players.get(services.commands.players.register("bo")["id"])
    opened = services.commands.tournaments.organise(organiser, {"game": "chi", "rounds": 2, "clock": DAY,
                                                                "bots": BOTS[:2]})
    with monkeypatch.context() as lost:  # every job recording a result is lost (Redis restarted, say)
        lost.setattr(TournamentJobs, "enqueue", lambda self, game_id: False)
        services.commands.tournaments.start(opened["id"], organiser)
        run_worker(queue)
    [table] = services.commands.tournaments.shown(opened["id"])["rounds"][0]["tables"]
    assert services.store.game(UUID(table["game_id"])).finished and table["places"] is None

    Sweeper(services, redis.url).sweep()
    run_worker(queue)

    ended = services.commands.tournaments.shown(opened["id"])
    assert ended["status"] == "finished" and len(ended["rounds"]) == 2
