"""The general bot: what a player would see it do on laid-out tables, that it reads its view
only, and a small seeded sample of games against the random player."""

from __future__ import annotations

from domain.bots import DeckChoosing
from domain.rng import Rng
from domain.xi import RULES
from domain.xi.bots import table as bot_table
from domain.xi.bots.general import GeneralBot
from domain.xi.state import XiState
from tests.unit.xi.builders import act, play, public_twin, skirmish, table

BOT = GeneralBot()


def decision(state: XiState, seat: int | None = None, seed: str = "bot") -> dict:
    """What the general bot does now, from the view of the seat to act (checked to be legal)."""
    seat = RULES.to_act(state) if seat is None else seat
    legal = RULES.legal_actions(state, seat)
    action = BOT.choose(RULES.view(state, seat), legal, Rng(seed))
    assert action in legal
    return action


def test_it_kills_a_unit_without_loss_rather_than_trade_its_unit_away():
    # Wind Warrior (wind 3/3) deals 6 to the Stone Earth Moth and takes 1; into the Crocodile
    # (aqua 3/5) it would deal 3 and die.
    state = table(seats=[{"t": 0}, {}], units=[{"card": "wind-warrior", "controller": 0},
                                               {"card": "crocodile-of-gree", "controller": 1},
                                               {"card": "earth-moth", "controller": 1}])
    assert decision(state) == skirmish("u1", "u3")


def test_it_aims_its_damage_where_the_cycle_doubles_it():
    # Rainblast's 3 aqua damage: doubled on the Ember Beast of Pain (6 life left), it destroys it;
    # on the Aqua Snow Beast (6 life left) it would only wound it.
    state = table(seats=[{"t": 3, "hand": ["rainblast"]}, {}],
                  units=[{"card": "snow-beast", "controller": 1, "life": 6},
                         {"card": "beast-of-pain", "controller": 1, "life": 6}])
    assert decision(state) == play("rainblast", "u2")


def test_it_skirmishes_the_player_when_they_have_no_unit_it_can_target():
    # Archo cannot be targeted, so the player behind him is open.
    state = table(seats=[{"t": 0}, {}], units=[{"card": "crocodile-of-gree", "controller": 0},
                                               {"card": "archo", "controller": 1}])
    assert decision(state) == skirmish("u1", 1)


def test_it_does_not_throw_a_unit_into_a_losing_skirmish():
    # Earth Moth (1/3) into a Snow Beast: 2 damage dealt for 4 taken, and the Moth destroyed.
    state = table(seats=[{"t": 0}, {}], units=[{"card": "earth-moth", "controller": 0},
                                               {"card": "snow-beast", "controller": 1}])
    assert decision(state) == {"type": "end_turn"}


def test_it_passes_a_window_it_has_no_reason_to_answer():
    # Jake's Earth Moth attacks the bot's Snow Beast: a bad skirmish for Jake, so the bot keeps
    # its Sidestep; and an Earth Moth played is not worth a Dispel.
    state = table(seats=[{"t": 10, "hand": ["earth-moth"]}, {"pt": 3, "hand": ["sidestep", "dispel"]}],
                  units=[{"card": "earth-moth", "controller": 0}, {"card": "snow-beast", "controller": 1}])
    _events, attacked = act(state, 0, skirmish("u1", "u2"))
    assert decision(attacked, 1) == {"type": "pass"}
    _events, played = act(state, 0, play("earth-moth"))
    assert decision(played, 1) == {"type": "pass"}


def test_it_cancels_a_skirmish_that_would_destroy_its_valuable_unit_when_it_holds_sidestep():
    # Jake's Snow Beast (aqua 4) doubles on the bot's wounded Beast of Pain (ember, 8 life left)
    # and survives its 7: Sidestep for 1pT saves the Beast.
    state = table(seats=[{"t": 10}, {"pt": 1, "hand": ["sidestep"]}],
                  units=[{"card": "snow-beast", "controller": 0}, {"card": "beast-of-pain", "controller": 1, "life": 8}])
    _events, attacked = act(state, 0, skirmish("u1", "u2"))
    assert decision(attacked, 1) == play("sidestep")


def test_it_prevents_an_expensive_card_with_dispel():
    state = table(seats=[{"t": 10, "hand": ["snow-beast"]}, {"pt": 2, "hand": ["dispel"]}])
    _events, played = act(state, 0, play("snow-beast"))
    assert decision(played, 1) == play("dispel")


def test_it_banks_leftover_time_before_ending_its_turn():
    # 5T, nothing to play and no deck to draw from: 4T become 2pT.
    state = table(seats=[{"t": 5, "deck": [], "hand": ["sidestep"]}, {}])
    assert decision(state) == {"type": "bank", "pt": 2}


def test_it_draws_when_nothing_in_hand_is_worth_playing():
    state = table(seats=[{"t": 10, "hand": ["flame-lick"]}, {}], units=[{"card": "snow-beast", "controller": 1}])
    assert decision(state) == {"type": "draw"}


def test_it_plays_a_unit_to_shield_its_player_from_a_lethal_skirmish():
    state = table(seats=[{"t": 2, "life": 3, "deck": [], "hand": ["earth-moth"]}, {}],
                  units=[{"card": "crocodile-of-gree", "controller": 1}])
    assert decision(state) == play("earth-moth")


def test_it_decides_the_same_on_two_tables_its_view_cannot_tell_apart():
    # The other seat's hidden cards are dealt differently; the bot's view, and so its decision,
    # is the same.
    state = table(seats=[{"t": 10, "hand": ["crocodile-of-gree", "flame-lick"]},
                         {"pt": 2, "hand": ["dispel", "earth-moth"], "deck": ["sidestep", "archo", "flood"]}],
                  units=[{"card": "earth-soldier", "controller": 1}, {"card": "wind-warrior", "controller": 0}])
    twin = public_twin(state, 1, Rng("twin"))
    assert twin.players[1].hand != state.players[1].hand
    assert RULES.view(twin, 0) == RULES.view(state, 0)
    assert decision(twin, 0) == decision(state, 0)


def play_games(games: int, seed: str) -> list[tuple[int, list[int]]]:
    """Seeded games of the general bot against the random player, seats alternated, every
    action the bot takes checked to be legal: (the general bot's seat, the winners) of each."""
    random = RULES.bots["random"]
    played = []
    for number in range(games):
        seat = number % 2
        bots = [random, random]
        bots[seat] = BOT
        state = RULES.setup(2, {}, Rng(f"{seed}-{number}", "setup")).state
        for step in range(20_000):
            to_act = RULES.to_act(state)
            if to_act is None:
                break
            legal = RULES.legal_actions(state, to_act)
            action = bots[to_act].choose(RULES.view(state, to_act), legal, Rng(f"{seed}-{number}", f"bot:{step}"))
            assert action in legal
            state = RULES.decide(state, to_act, action, Rng(f"{seed}-{number}", f"decision:{step}")).state
        played.append((seat, state.winners))
    return played


def test_it_beats_the_random_player_clearly_on_a_seeded_sample():
    played = play_games(40, "bots")
    wins = sum(winners == [seat] for seat, winners in played)
    assert wins >= 32, f"{wins} of 40"  # draws count as no win


def test_a_deck_choosing_wrapper_brings_its_deck_and_plays_as_its_bot():
    state = RULES.setup(2, {}, Rng("d", "setup")).state
    legal = RULES.legal_actions(state, 0)
    deck = legal[-1]["deck"]
    bot = DeckChoosing(BOT, RULES.decks.bring(deck))
    assert bot.choose(RULES.view(state, 0), legal, Rng("d")) == {"type": "bring_deck", "deck": deck}
    listed = DeckChoosing(BOT, RULES.decks.bring(["earth-moth"] * 3))
    assert listed.choose(RULES.view(state, 0), legal, Rng("d")) == {"type": "bring_deck", "cards": ["earth-moth"] * 3}
    assert (bot.name, bot.version) == (BOT.name, BOT.version)


GAMES_KEPT = 12  # fewer let a key missing a unit's life go unseen


def test_its_choice_on_a_table_does_not_depend_on_the_tables_it_weighed_before():
    # The bot keeps the onslaughts and blows it sums for any later table (a search's playouts
    # weigh the same ones again and again): each choice over a dozen seeded games of its own is
    # the one it makes when it has weighed nothing before.
    positions = []
    for number in range(GAMES_KEPT):
        seed = f"kept-{number}"
        state = RULES.setup(2, {}, Rng(seed, "setup")).state
        for step in range(400):
            seat = RULES.to_act(state)
            if seat is None:
                break
            legal = RULES.legal_actions(state, seat)
            positions.append((RULES.view(state, seat), legal))
            action = BOT.choose(positions[-1][0], legal, Rng(seed, f"bot:{step}"))
            state = RULES.decide(state, seat, action, Rng(seed, f"decision:{step}")).state
    weighed_before = [BOT.choose(view, legal, Rng("kept")) for view, legal in reversed(positions)][::-1]
    for (view, legal), choice in zip(positions, weighed_before):
        bot_table._ONSLAUGHTS.clear()
        bot_table._PLAIN_HITS.clear()
        assert BOT.choose(view, legal, Rng("kept")) == choice
    assert len(positions) > 100 * GAMES_KEPT
