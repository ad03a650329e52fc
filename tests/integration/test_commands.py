"""Creating games and taking decisions through the service layer."""

import hashlib

import pytest

from domain.errors import IllegalAction, NotYourTurn
from services.errors import InvalidRequest, StaleVersion
from tests.playing import play_to_end

TWO_PEOPLE = [{"name": "ana"}, {"name": "bo"}]


def first_legal(services, game_id):
    game = services.store.game(game_id)
    seat = game.to_act()
    return seat, game.rules.legal_actions(game.state, seat)[0], game.version


def test_creating_a_game_publishes_the_seed_commitment_and_one_token_per_person(services):
    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "random"}], seed="s1")
    assert created.seed_commitment == hashlib.sha256(b"s1").hexdigest()
    assert [token["name"] for token in created.tokens] == ["ana"]
    assert created.version > 1  # the creation and the deal are recorded


def test_the_same_seed_deals_the_same_game(services):
    a = services.commands.create("chi", TWO_PEOPLE, seed="same")
    b = services.commands.create("chi", TWO_PEOPLE, seed="same")
    assert services.store.game(a.id).state == services.store.game(b.id).state


@pytest.mark.parametrize(
    "game, seats, field",
    [
        ("go", TWO_PEOPLE, "game"),
        ("chi", [{"name": "ana"}], "seats"),
        ("chi", [{"name": "ana"}, {"bot": "oracle"}], "seats[1].bot"),
        ("chi", [{"name": "ana"}, {"name": "ana"}], "seats[1].name"),
        ("chi", [{"name": "ana"}, {}], "seats[1]"),
    ],
)
def test_a_game_that_cannot_exist_is_refused_naming_the_field(services, game, seats, field):
    with pytest.raises(InvalidRequest) as refused:
        services.commands.create(game, seats)
    assert refused.value.field == field


def test_a_move_on_a_stale_version_is_refused_and_changes_nothing(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="s")
    seat, action, version = first_legal(services, created.id)
    with pytest.raises(StaleVersion) as refused:
        services.commands.act(created.id, seat, action, version - 1)
    assert refused.value.current == version
    assert services.store.game(created.id).version == version


def test_the_seat_not_to_act_is_refused(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="s")
    seat, action, version = first_legal(services, created.id)
    with pytest.raises(NotYourTurn):
        services.commands.act(created.id, 1 - seat, action, version)
    assert services.store.game(created.id).version == version


def test_an_illegal_action_names_its_rule_and_changes_nothing(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="s")
    seat, _, version = first_legal(services, created.id)
    with pytest.raises(IllegalAction) as refused:
        services.commands.act(created.id, seat, {"type": "draw", "slot": 99}, version)
    assert refused.value.rule.startswith("chi.")
    assert services.store.game(created.id).version == version


def test_a_retried_move_with_the_same_idempotency_key_acts_once(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="s")
    seat, action, version = first_legal(services, created.id)
    first = services.commands.act(created.id, seat, action, version, idempotency_key="k1")
    again = services.commands.act(created.id, seat, action, version, idempotency_key="k1")
    assert again == first
    assert services.store.game(created.id).version == first["version"]


def test_an_idempotency_key_reused_for_another_move_is_refused(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="s")
    seat, _, version = first_legal(services, created.id)
    legal = services.store.game(created.id).rules.legal_actions(services.store.game(created.id).state, seat)
    services.commands.act(created.id, seat, legal[0], version, idempotency_key="k2")
    with pytest.raises(InvalidRequest) as refused:
        services.commands.act(created.id, seat, legal[1], version, idempotency_key="k2")
    assert refused.value.field == "Idempotency-Key"


def test_a_bot_against_a_bot_plays_to_the_end_on_its_own(services):
    created = services.commands.create("chi", [{"bot": "random"}, {"bot": "greedy"}], seed="bots")
    game = services.store.game(created.id)
    assert game.finished
    assert game.rules.outcome(game.state) is not None


def test_a_bot_move_records_the_bot_and_the_mac_of_the_view_it_was_given(services):
    from domain.bot_moves import view_mac

    created = services.commands.create("chi", [{"name": "ana"}, {"bot": "random"}], seed="v")
    play_to_end(services, created.id)
    stored = services.store.stored_events(created.id)
    bot_moves = [e for e in stored[1:] if e.cause.get("actor")]
    assert bot_moves, "the bot never moved"
    move = bot_moves[0]
    before = services.store.game(created.id, version=move.originator_version - 1)
    seat = move.cause["seat"]
    assert move.cause["actor"]["bot"] == "random"
    assert move.cause["actor"]["view_mac"] == view_mac(before.seed, before.rules.view(before.state, seat))


def test_every_decision_is_stored_with_the_seat_and_action_that_caused_it(services):
    created = services.commands.create("chi", TWO_PEOPLE, seed="c")
    seat, action, version = first_legal(services, created.id)
    services.commands.act(created.id, seat, action, version)
    caused = services.store.stored_events(created.id, gt=version)
    assert caused and all(e.cause["seat"] == seat and e.cause["action"] == action for e in caused)


def test_a_bot_move_can_be_rerun_from_what_its_seat_saw_and_gives_the_same_action(services):
    from domain.bot_moves import bot_rng, view_mac

    created = services.commands.create("chi", [{"bot": "greedy"}, {"bot": "random"}], seed="rerun")
    stored = services.store.stored_events(created.id)
    # A decision's events share one cause; its random stream names the version it was taken on.
    firsts = {e.cause["rng"]: e for e in reversed(stored[1:]) if e.cause.get("actor")}
    assert len(firsts) > 20
    for first in firsts.values():
        version, cause = first.originator_version - 1, first.cause
        assert cause["rng"] == f"decision:{version}"
        before = services.store.game(created.id, version=version)
        view = before.rules.view(before.state, cause["seat"])
        assert view_mac(before.seed, view) == cause["actor"]["view_mac"]
        bot = before.rules.bots[cause["actor"]["bot"]]
        again = bot.choose(view, before.rules.legal_actions(before.state, cause["seat"]), bot_rng(before.seed, version))
        assert again == cause["action"]
