"""The checks every registered game must pass, whatever its rules (run on each game of the registry).

Random seeded playouts through the service end; the log replays to the same state from scratch;
the state survives the store's JSON encoding; the finished game audits as verified; every view of
a running game shows a seat nothing beyond the public log and its own cards.
"""

import pytest
from eventsourcing.application import project_aggregate

from domain import registry
from domain.audit import audit
from domain.contract import Event
from services.audit import records_of
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
    for _ in range(40):
        current = services.store.game(created.id)
        if current.finished:
            break
        public = leaves(services.queries.events(created.id, None)) | leaves(services.queries.table(created.id, None))
        public |= catalogue_leaves(rules)
        stored = services.store.stored_events(created.id)
        for seat, token in tokens.items():
            own = private_facts_of(seat, stored)
            for answer in (services.queries.table(created.id, token), services.queries.events(created.id, token),
                           services.queries.legal_actions(created.id, token)):
                assert_learns_nothing_secret(answer, public, own)
        seat = current.to_act()
        services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)), current.version)
