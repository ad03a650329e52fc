"""The checks every registered game must pass, whatever its rules (run on each game of the registry).

Random seeded playouts through the service end; the log replays to the same state from scratch;
the table a deal or a decision hands over (and the service adopts) is its events folded; the state
survives the store's JSON encoding; the finished game audits as verified; every view of a running
game shows a seat nothing beyond the public log and its own cards.
"""

import copy
import json

import jsonpatch
import pytest
from eventsourcing.application import project_aggregate

from domain import registry
from domain.audit import audit
from domain.contract import Event
from domain.rng import Rng
from services.audit import records_of
from services.disputes import disputes_of, file_dispute, filed_disputes
from services.streams import GameStream, Pace
from tests.playing import play_to_end
from tests.secrecy import assert_learns_nothing_secret, leaves, private_facts_of

GAMES = sorted(registry.GAMES)


def catalogue_leaves(rules) -> set[str]:
    """What a game's public deck list says (names, colours, resources): no secret of anyone's,
    even where a seat's view shows it only for the cards of its own hand."""
    return leaves([card.to_json() for card in getattr(rules, "catalogue", {}).values()])


def people(rules):
    return [{"name": f"p{seat}"} for seat in range(rules.seats[0])]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", ["conf-1", "conf-2", "conf-3"])
def test_a_random_game_ends_replays_to_the_same_state_and_audits_as_verified(services, game, seed):
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed=seed)
    play_to_end(services, created.id, seed=seed)
    final = services.store.game(created.id)
    assert final.finished and rules.outcome(final.state) is not None
    state = rules.new_state(len(final.seats), final.options)
    for stored in services.store.stored_events(created.id)[1:]:
        state = rules.evolve(state, Event.from_json(stored.domain_event))
    assert state == final.state
    from_log = project_aggregate(None, services.store.events.get(created.id))
    assert from_log.state == final.state and from_log.head == final.head
    report = audit(final.header(), final.seed, records_of(services.store, final))
    assert report.verified, report.problem


@pytest.mark.parametrize("game", GAMES)
def test_the_state_survives_the_stores_json_encoding(services, game):
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed="json")
    game_now = services.store.game(created.id)
    encoded = services.store.mapper.transcoder.encode(game_now.state)
    assert services.store.mapper.transcoder.decode(encoded) == game_now.state


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_sees_more_than_the_public_log_and_its_own_cards(services, game):
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed="secrets")
    tokens = {token["seat"]: token["token"] for token in created.tokens}
    from domain.rng import Rng

    chooser = Rng("secrets", "chooser")
    for decision in range(40):
        current = services.store.game(created.id)
        if current.finished:
            break
        seat = current.to_act()
        if decision % 5 == 4:  # the seat to act disputes the last step: its answer is its own
            file_dispute(services.store, created.id, seat, current.version, "was that right?")
        public = leaves(services.queries.events(created.id, None)) | leaves(services.queries.table(created.id, None))
        public |= catalogue_leaves(rules) | leaves(disputes_of(services.store, created.id, None))
        stored = services.store.stored_events(created.id)
        for seat_asking, token in tokens.items():
            own = private_facts_of(seat_asking, stored) | leaves([d["answer"] for d in filed_disputes(services.store, created.id)
                                                                  if d["seat"] == seat_asking])
            for answer in (services.queries.table(created.id, token), services.queries.events(created.id, token),
                           services.queries.legal_actions(created.id, token),
                           disputes_of(services.store, created.id, seat_asking)):
                assert_learns_nothing_secret(answer, public, own)
        services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)), current.version)


def seat_counts(rules) -> list[int]:
    """The fewest seats, and one more where the game allows it: some steps exist only with more."""
    low, high = rules.seats
    return sorted({low, min(low + 1, high)})


def play(services, game_id, seed: str, decisions: int | None = None) -> int:
    """Seeded random decisions: all of them to the end, or the first `decisions`; returns how many."""
    chooser = Rng(seed, "conformance-player")
    made = 0
    while decisions is None or made < decisions:
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            break
        services.commands.act(game_id, seat, chooser.choice(game.rules.legal_actions(game.state, seat)), game.version)
        made += 1
    return made


def stream_tables(services, game_id, token) -> dict[int, dict]:
    """Every event message of the game's stream from its start, read to its end: version -> the
    table it carries (the first whole, then each patch applied to the one before). A running
    game's stream is read for one look (its clock then runs out)."""
    ticks = iter([0.0, 0.0, 0.0])
    pace = Pace(safety=1.0, heartbeat=1e9, lifetime=1.0, clock=lambda: next(ticks, 2.0), wait=lambda *_: None)
    messages = list(GameStream(services.news, game_id, token, 1, pace).messages())
    versions = [message.id for message in messages]
    assert versions == sorted(set(versions)), "each version once, in order"
    tables, table = {}, None
    for message in messages:
        data = json.loads(message.text.split("data: ", 1)[1])  # as a client reads it off the wire
        table = data["game"] if table is None else jsonpatch.apply_patch(table, data["patch"])
        tables[message.id] = table
    return tables


def check_every_step(services, game_id, tokens) -> None:
    """Replay every step as every seat and as a spectator, and read the whole stream as each: no
    step may fail to show, and the stream shows each version as the replay does."""
    last = services.store.game(game_id).version
    for token in [None, *tokens]:
        tables = stream_tables(services, game_id, token)
        assert sorted(tables) == list(range(2, last + 1))
        for step in range(1, last + 1):
            shown = services.queries.replay_step(game_id, step, token)
            assert shown["step"] == step and shown["description"]
            if step > 1:
                assert tables[step] == shown["table"], f"the stream and the replay differ at step {step}"


@pytest.mark.parametrize("game", GAMES)
def test_every_step_replays_and_streams_as_every_seat_and_a_spectator(services, game):
    rules = registry.get(game)
    for seats in seat_counts(rules):
        seed = f"every-step-{seats}"
        people_seats = [{"name": f"p{seat}"} for seat in range(seats)]
        finished = services.commands.create(game, people_seats, seed=seed)
        decisions = play(services, finished.id, seed)
        # The same game one decision short of its end: every step of it as a running game shows it.
        running = services.commands.create(game, people_seats, seed=seed)
        play(services, running.id, seed, decisions - 1)
        assert not services.store.game(running.id).finished
        for created in (running, finished):
            check_every_step(services, created.id, [token["token"] for token in created.tokens])


def folded(rules, state, events):
    for event in events:
        state = rules.evolve(state, event)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_the_table_a_deal_or_a_decision_hands_over_is_its_events_folded(game):
    """The contract's `Decision`: what the service adopts in place of folding the events again."""
    rules = registry.get(game)
    for seats in seat_counts(rules):
        for seed in ("adopt-1", "adopt-2"):
            dealt = rules.setup(seats, {}, Rng(seed, "setup"))
            assert dealt.state == folded(rules, rules.new_state(seats, {}), dealt.events)
            state, chooser, decisions = dealt.state, Rng(seed, "adopting-player"), 0
            while (seat := rules.to_act(state)) is not None:
                # Open actions too (an undo), but not resigning: it would end most games at once.
                actions = rules.legal_actions(state, seat) + [action for action in rules.open_actions(state, seat)
                                                              if action["type"] != "resign"]
                before = copy.deepcopy(state)
                decision = rules.decide(state, seat, chooser.choice(actions), Rng(seed, f"decision:{decisions}"))
                assert state == before, "deciding left the table it decided on as it was"
                assert decision.state == folded(rules, state, decision.events)
                state, decisions = decision.state, decisions + 1
    if hasattr(rules, "scenario_setup"):
        laid_out = rules.scenario_setup(rules.seats[0], {}, rules.scenario_example, Rng("adopt", "setup"))
        assert laid_out.state == folded(rules, rules.new_state(rules.seats[0], {}), laid_out.events)


@pytest.mark.parametrize("game", GAMES)
def test_the_game_the_service_keeps_after_each_move_is_the_one_its_log_folds_to(services, game):
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed="adopted")
    chooser = Rng("adopted", "chooser")
    replayed = project_aggregate(None, services.store.events.get(created.id))
    while (current := services.store.game(created.id)).to_act() is not None:
        assert current.state == replayed.state and current.finished == replayed.finished
        seat = current.to_act()
        services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)), current.version)
        replayed = project_aggregate(replayed, services.store.events.get(created.id, gt=replayed.version))
    final = services.store.game(created.id)
    assert final.finished and final.state == replayed.state and final.head == replayed.head
