"""The checks every registered game must pass, whatever its rules (run on each game of the registry).

Random seeded playouts through the service end; the seat to act is the top of the interrupts
pending, on every step; the log replays to the same state from scratch;
the table a deal or a decision hands over (and the service adopts) is its events folded; the state
survives the store's JSON encoding; the finished game audits as verified; every view of a running
game shows a seat nothing beyond the public log and its own cards.
"""

import copy
import hashlib
import json
import re

import jsonpatch
import pytest
from eventsourcing.application import project_aggregate

from domain import clock, lines, registry, rules_turns
from domain.audit import audit
from domain.contract import Event
from domain.errors import RulesError
from domain.rng import Rng
from services.disputes.audit import records_of
from services.disputes.disputes import file_dispute, record_what_if, whole_record
from services.log.explain import decision_of
from services.disputes.what_if import what_if
from services.live.streams import GameStream, Pace
from tests.fixtures.dealer import RULES as DEALER
from tests.playing import play_to_end
from tests.secrecy import assert_learns_nothing_secret, assert_names_nothing_kept_hidden, hidden_from, leaves, private_facts_of, without_lines

# Dealer (tests/fixtures/dealer.py) stands for the games whose rules play turns of their own: it
# is registered for these tests only, so that every check holds for such turns before a game has them.
GAMES = sorted(registry.GAMES) + [DEALER.name]


@pytest.fixture(autouse=True)
def dealer_registered(monkeypatch):
    monkeypatch.setitem(registry.GAMES, DEALER.name, DEALER)


def random_decisions(rules, state, seed: str, actions=None):
    """Seeded random decisions from `state` to the game's end, the turns the rules play
    themselves included, each on its own random stream: yields the table decided on and the
    decision, in turn. `actions(state, seat)` lists what a seat may choose (its legal actions)."""
    chooser, decisions = Rng(seed, "player"), 0
    actions = actions or rules.legal_actions
    while True:
        decision = rules_turns.play_due(rules, state, Rng(seed, f"decision:{decisions}"))
        if decision is None:
            if (seat := rules.to_act(state)) is None:
                return
            decision = rules.decide(state, seat, chooser.choice(actions(state, seat)), Rng(seed, f"decision:{decisions}"))
        yield state, decision
        state, decisions = decision.state, decisions + 1


def catalogue_leaves(rules) -> set[str]:
    """What a game's public deck list and rule index say (names, colours, resources, rule ids): no
    secret of anyone's, even where a seat's view shows it only for the cards of its own hand."""
    return leaves([card.to_json() for card in (rules.catalogue or {}).values()]) | set(rules.rulebook)


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


def what_if_facts(answer: dict) -> dict:
    """What a what-if tells of the table: its actions, events (their facts, not their wording) and
    tables; its reasons and rule texts are words of the service's, not cards."""
    events = [{key: value for key, value in event.items() if key != "description"} for event in answer.get("events", [])]
    return {"action": answer["action"], "legal_actions": answer["legal_actions"], "events": events,
            "table": answer.get("table"), "outcome": answer.get("outcome")}


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_sees_more_than_the_public_log_and_its_own_cards(services, game):
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed="secrets")
    tokens = {token["seat"]: token["token"] for token in created.tokens}
    from domain.rng import Rng

    chooser = Rng("secrets", "chooser")
    own_decisions: dict[int, list[int]] = {}  # seat -> the steps it decided on
    asked = 0
    for decision in range(40):
        current = services.store.game(created.id)
        if current.finished:
            break
        seat = current.to_act()
        if decision % 5 == 4:  # the seat to act disputes the last step: its answer is its own
            file_dispute(services.store, created.id, seat, current.version, "was that right?")
            if own_decisions.get(seat):  # and asks what another action of its own would have done
                step = own_decisions[seat][-1]
                legal = rules.legal_actions(services.store.game(created.id, version=step).state, seat)
                answer = what_if(services.store, current, step, chooser.choice(legal), seat)
                record_what_if(services.store, created.id, answer)
                asked += 1
        public = leaves(services.queries.events(created.id, None)) | leaves(services.queries.table(created.id, None))
        public |= catalogue_leaves(rules) | leaves(whole_record(services.store, created.id, None)["disputes"])
        stored = services.store.stored_events(created.id)
        for seat_asking, token in tokens.items():
            record = whole_record(services.store, created.id, seat_asking)
            own = private_facts_of(seat_asking, stored) | leaves([d["answer"] for d in record["disputes"]
                                                                  if d["seat"] == seat_asking])
            for answer in (services.queries.table(created.id, token), services.queries.events(created.id, token),
                           services.queries.legal_actions(created.id, token),
                           record["disputes"], [what_if_facts(asked) for asked in record["what_ifs"]]):
                assert_learns_nothing_secret(without_lines(answer), public, own)
        own_decisions.setdefault(seat, []).append(current.version)
        services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)), current.version)
    assert asked >= 1, "seats asked what-ifs of their own decisions"


def seat_counts(rules) -> list[int]:
    """The fewest seats, and one more where the game allows it: some steps exist only with more."""
    low, high = rules.seats
    return sorted({low, min(low + 1, high)})


# Random games of every game but Xi's of three end well within this many decisions; a longer one
# ends here by a resignation, so that replaying every step as every seat stays affordable.
MOST_DECISIONS = 500
RESIGN = {"type": "resign"}


def play(services, game_id, seed: str, decisions: int | None = None, resign_after: int | None = None) -> int:
    """Seeded random decisions: all of them to the end, or the first `decisions`; with
    `resign_after`, the seat to act then resigns where it may; returns how many."""
    chooser = Rng(seed, "conformance-player")
    made = 0
    while decisions is None or made < decisions:
        game = services.store.game(game_id)
        seat = game.to_act()
        if seat is None:
            break
        action = chooser.choice(game.rules.legal_actions(game.state, seat))
        if made == resign_after and RESIGN in game.rules.open_actions(game.state, seat):
            action = RESIGN
        services.commands.act(game_id, seat, action, game.version)
        made += 1
    return made


def stream_tables(services, game_id, token) -> tuple[dict[int, dict], dict[int, dict]]:
    """Every event message of the game's stream from its start, read to its end: version -> the
    table it carries (the first whole, then each patch applied to the one before), and version ->
    the message itself. A running game's stream is read for one look (its clock then runs out)."""
    ticks = iter([0.0, 0.0, 0.0])
    pace = Pace(safety=1.0, heartbeat=1e9, lifetime=1.0, clock=lambda: next(ticks, 2.0), wait=lambda *_: None)
    messages = list(GameStream(services.news, game_id, token, 1, pace).messages())
    versions = [message.id for message in messages]
    assert versions == sorted(set(versions)), "each version once, in order"
    tables, sent, table = {}, {}, None
    for message in messages:
        data = json.loads(message.text.split("data: ", 1)[1])  # as a client reads it off the wire
        # Each version's table is kept: the patch goes onto a copy (made by JSON, many times quicker than a deep copy).
        table = data["game"] if table is None else jsonpatch.apply_patch(json.loads(json.dumps(table)), data["patch"],
                                                                        in_place=True)
        tables[message.id], sent[message.id] = table, data
    return tables, sent


def hidden_at_each_step(services, game_id, viewer) -> dict[int, set[str]]:
    """Step -> what the table after it holds that `viewer` may not see (nothing once the game is over)."""
    game = services.store.game(game_id)
    if game.finished:
        return {}
    rules, hidden = game.rules, {1: set()}
    state = rules.new_state(len(game.seats), game.options)
    for stored in services.store.stored_events(game_id)[1:]:
        state = clock.fold(rules, state, Event.from_json(stored.domain_event))
        hidden[stored.originator_version] = hidden_from(rules, state, viewer)
    return hidden


def check_every_step(services, game_id, tokens) -> None:
    """Replay every step as every seat and as a spectator, and read the whole stream as each: no
    step may fail to show, the stream shows each version as the replay does, and while the game
    runs neither names what the asker's table hides before and after the step and shows at no
    point of its decision."""
    last = services.store.game(game_id).version
    for seat, token in [(None, None), *((token["seat"], token["token"]) for token in tokens)]:
        tables, sent = stream_tables(services, game_id, token)
        assert sorted(tables) == list(range(2, last + 1))
        hidden = hidden_at_each_step(services, game_id, seat)
        steps = {}
        for step in range(1, last + 1):
            shown = steps[step] = services.queries.replay_step(game_id, step, token)
            assert shown["step"] == step and shown["description"]
            if step > 1:
                assert tables[step] == shown["table"], f"the stream and the replay differ at step {step}"
        on_table: dict[int, set[str]] = {}  # version -> what its table names (a decision's steps share them)
        for step in range(2, last + 1) if hidden else ():
            decision = steps[step]["explanation"]["decision"]
            around = [decision["decided_on_version"], *decision["steps"]]  # the table decided on, and after each step
            for version in around:
                if version in tables and version not in on_table:
                    on_table[version] = leaves(tables[version])
            turned_up = set().union(*(on_table[version] for version in around if version in on_table))
            for where, answer in (("replay step", steps[step]), ("stream message", sent[step])):
                assert_names_nothing_kept_hidden(answer, hidden[step - 1], hidden[step] - turned_up,
                                                 f"the {where} {step} as {'seat %s' % seat if token else 'a spectator'}")


@pytest.mark.parametrize("game", GAMES)
def test_every_step_replays_and_streams_as_every_seat_and_a_spectator(services, game):
    rules = registry.get(game)
    for seats in seat_counts(rules):
        seed = f"every-step-{seats}"
        people_seats = [{"name": f"p{seat}"} for seat in range(seats)]
        finished = services.commands.create(game, people_seats, seed=seed)
        decisions = play(services, finished.id, seed, resign_after=MOST_DECISIONS)
        # The same game one decision short of its end: every step of it as a running game shows it.
        running = services.commands.create(game, people_seats, seed=seed)
        play(services, running.id, seed, decisions - 1)
        assert not services.store.game(running.id).finished
        for created in (running, finished):
            check_every_step(services, created.id, created.tokens)


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

            def actions(state, seat):
                # Open actions too (an undo), but not resigning: it would end most games at once.
                return rules.legal_actions(state, seat) + [action for action in rules.open_actions(state, seat)
                                                           if action["type"] != "resign"]

            before = copy.deepcopy(dealt.state)
            for state, decision in random_decisions(rules, dealt.state, seed, actions):
                assert state == before, "deciding left the table it decided on as it was"
                assert decision.state == folded(rules, state, decision.events)
                before = copy.deepcopy(decision.state)
    seats = len(rules.scenario_example.get("seats", [])) or rules.seats[0]  # a scenario may name its seats
    laid_out = rules.scenario_setup(seats, {}, rules.scenario_example, Rng("adopt", "setup"))
    assert laid_out.state == folded(rules, rules.new_state(seats, {}), laid_out.events)


@pytest.mark.parametrize("game", GAMES)
def test_folding_a_deal_or_a_scenario_leaves_every_table_it_folds_from_as_it_was(game):
    """`evolve` is pure: the tables of earlier steps (the replay's, a fork's) are never changed by a later one."""
    rules = registry.get(game)
    seats = len(rules.scenario_example.get("seats", [])) or rules.seats[0]
    for opening in (rules.setup(seats, {}, Rng("pure", "setup")),
                    rules.scenario_setup(seats, {}, rules.scenario_example, Rng("pure", "setup"))):
        state = rules.new_state(seats, {})
        for event in opening.events:
            before = copy.deepcopy(state)
            after = rules.evolve(state, event)
            assert state == before, event.type
            state = after
        assert state == opening.state


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


def decisions_of(services, game) -> dict[int, dict]:
    """The cause of each decision of a game, by the step it was taken on (the deal left out)."""
    causes, step = {}, 2
    while step <= game.version:
        decided_on, cause, events = decision_of(services.store, game, step)
        if not cause.get("setup"):
            causes[decided_on] = cause
        step = events[-1].originator_version + 1
    return causes


@pytest.mark.parametrize("game", GAMES)
def test_forks_at_random_steps_lay_out_the_same_table_play_on_and_audit(services, game):
    """Every game has scenarios: a finished game forked at random steps starts from the table of that
    step (as shown once over), and the fork plays to its end and audits as verified."""
    rules = registry.get(game)
    assert hasattr(rules, "scenario_setup") and hasattr(rules, "scenario_of") and rules.scenario_example
    created = services.commands.create(game, people(rules), seed="forks")
    play_to_end(services, created.id, seed="forks")
    original = services.store.game(created.id)
    steps = sorted(decisions_of(services, original))
    forked = 0
    for step in Rng("forks", "steps").shuffle(steps):
        if forked == 4:
            break
        try:
            fork = services.commands.fork(created.id, step)
        except RulesError:
            continue  # a position no scenario describes (Chi: the middle of a conflict); the rule says why
        then = services.store.game(created.id, version=step)
        # The fork's table as laid out: a turn of the rules' own due there has been played since.
        laid_out = max(stored.originator_version for stored in services.store.stored_events(fork.id)[1:]
                       if stored.cause.get("setup"))
        start = services.store.game(fork.id, version=laid_out)
        assert rules.view(start.state, None, reveal=True) == rules.view(then.state, None, reveal=True)
        assert start.to_act() == then.to_act() and start.options["sandbox"]
        if forked < 2:
            play_to_end(services, fork.id, seed=f"fork-{step}")
            ended = services.store.game(fork.id)
            report = audit(ended.header(), ended.seed, records_of(services.store, ended))
            assert report.verified, report.problem
        forked += 1
    assert forked == 4, f"only {forked} of the {len(steps)} decisions of a {game} game could be forked"


@pytest.mark.parametrize("game", GAMES)
def test_what_if_the_action_taken_was_asked_the_rules_answer_with_the_events_the_log_holds(services, game):
    """The counterfactual runs on the game's own random stream: asked about what was done, it is what happened."""
    rules = registry.get(game)
    created = services.commands.create(game, people(rules), seed="what-if")
    play_to_end(services, created.id, seed="what-if")
    final = services.store.game(created.id)
    for step, cause in list(decisions_of(services, final).items())[:40]:
        if "takeback" in cause or "clock" in cause or rules_turns.is_rules_turn(cause):
            continue
        answer = what_if(services.store, final, step, cause["action"], None)
        _, _, recorded = decision_of(services.store, final, step + 1)
        assert answer["same_as_taken"] and answer["legal"]
        assert [Event.from_json(e.domain_event).seen_by(None, reveal=True) for e in recorded] == [
            {key: value for key, value in shown.items() if key not in ("version", "description")}
            for shown in answer["events"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_running_sandbox_game_shows_no_seat_its_scenario_beyond_what_the_deal_shows(services, game):
    """The scenario names every hidden card (hands, deck order, workers): until the end, each seat
    learns only what the events that lay it out show it, as in a dealt game."""
    rules = registry.get(game)
    seats = len(rules.scenario_example.get("seats", [])) or rules.seats[0]
    created = services.commands.create(game, [{"name": f"p{seat}"} for seat in range(seats)],
                                       scenario=rules.scenario_example, seed="sandbox-secrets")
    stored = services.store.stored_events(created.id)
    public = leaves(services.queries.events(created.id, None)) | leaves(services.queries.table(created.id, None))
    public |= catalogue_leaves(rules)
    for token in created.tokens:
        seat = token["seat"]
        for answer in (services.queries.events(created.id, token["token"]), services.queries.table(created.id, token["token"])):
            assert_learns_nothing_secret(answer, public, private_facts_of(seat, stored))
    assert all("scenario" not in event.get("cause", {}) for event in services.queries.events(created.id, None)["events"])


def check_interrupts(rules, state) -> None:
    """The contract's interrupts on one table: the top of `pending` is the seat to act, each is a
    window with its decline among the seat's legal actions or a choice with none, its facts are
    JSON, and a standing answer is one of the legal actions of the seat to act."""
    seat, waiting = rules.to_act(state), rules.pending(state)
    if rules.rules_turn(state) is not None:
        assert seat is None and not waiting, "while the rules play a turn, no seat is to act and nothing is pending"
        assert rules.outcome(state) is None, "a game with a turn still to play is not over"
    elif seat is None:
        assert rules.outcome(state) is not None, "with no seat to act and no turn of the rules', the game is over"
    if waiting:
        assert seat == waiting[-1].seat, "the seat to act is the one the top of pending waits on"
    for item in waiting:
        assert item.kind in ("window", "choice") and item.rule in rules.rulebook
        assert json.loads(json.dumps(item.to_json())) == item.to_json()
        if item.kind == "window" and item.seat == seat:
            assert item.decline in rules.legal_actions(state, seat)
        if item.kind == "choice":
            assert item.decline is None
    answer = rules.standing_answer(state, seat) if seat is not None else None
    assert answer is None or answer in rules.legal_actions(state, seat)


@pytest.mark.parametrize("game", GAMES)
def test_the_seat_to_act_is_the_top_of_pending_on_every_step_of_random_games(game):
    rules = registry.get(game)
    for seats in seat_counts(rules):
        for seed in ("pending-1", "pending-2", "pending-3"):
            state = rules.setup(seats, {}, Rng(seed, "setup")).state
            check_interrupts(rules, state)
            for _, decision in random_decisions(rules, state, seed):
                check_interrupts(rules, decision.state)


@pytest.mark.parametrize("game", GAMES)
def test_turns_only_go_forward_and_each_belongs_to_a_seat_of_the_game(game):
    """A replay's move list groups decisions by turn: a turn number never goes back, turn 0 (the
    opening) belongs to no seat and every later turn to one seat of the game, which keeps the
    turn until the number moves on, and a game that runs long enough gets past its opening. The
    replay reads the turn after every event, so every event's table is checked."""
    rules = registry.get(game)
    for seats in seat_counts(rules):
        for seed in ("turns-1", "turns-2"):
            state, turns = rules.new_state(seats, {}), []
            dealt = rules.setup(seats, {}, Rng(seed, "setup"))
            for decision in [dealt, *(decision for _, decision in random_decisions(rules, dealt.state, seed))]:
                for event in decision.events:
                    state = rules.evolve(state, event)
                    turns.append(rules.turn(state))
            for before, after in zip(turns, turns[1:]):
                assert after.number >= before.number, f"turn {after.number} came after turn {before.number}"
                if after.number == before.number:
                    assert (after.seat, after.rival) == (before.seat, before.rival), f"turn {after.number} changed hands"
            for turn in turns:
                # A turn after the opening is a seat's, or a rival's that the rules play (Tianxia's Li Mu).
                assert (turn.seat is None) == (turn.number == 0 or turn.rival is not None)
                assert turn.seat is None or 0 <= turn.seat < seats
            assert turns[-1].number >= 1, "the game got past its opening"


@pytest.mark.parametrize("game", GAMES)
def test_the_score_chart_ends_at_the_outcomes_scores(game):
    """`scores` gives a whole number for each seat at every decision, and, once the game is over,
    exactly the outcome's scores: a finished game's chart ends where its result says."""
    rules = registry.get(game)
    for seats in seat_counts(rules):
        for seed in ("scores-1", "scores-2"):
            state = rules.setup(seats, {}, Rng(seed, "setup")).state
            for before, decision in random_decisions(rules, state, seed):
                scores = rules.scores(before)
                assert len(scores) == seats and all(type(score) is int for score in scores)
                state = decision.state
            assert rules.scores(state) == rules.outcome(state).scores


@pytest.mark.parametrize("game", GAMES)
def test_a_table_dealt_from_a_seats_view_shows_that_seat_the_same_view(game):
    """A game that searches (`determinize`) deals the cards a seat cannot see at random among those
    it has not seen: on every step of random games, the dealt table's view for the seat is the view
    it was dealt from, and two tables dealt from one view differ in what the seat cannot see."""
    rules = registry.get(game)
    if rules.search is None:
        pytest.skip(f"{rules.title} has no search bot yet")
    for seats in seat_counts(rules):
        seed = f"determinize-{seats}"
        state = rules.setup(seats, {}, Rng(seed, "setup")).state
        differed = False
        for number, (_, decision) in enumerate(random_decisions(rules, state, seed)):
            table = decision.state
            seat = rules.to_act(table)
            if seat is None:
                continue
            view = rules.view(table, seat)
            one, other = (rules.search.determinize(view, Rng(seed, f"deal-{number}-{deal}")) for deal in (1, 2))
            assert rules.view(one, seat) == view and rules.view(other, seat) == view, f"decision {number}"
            assert rules.legal_actions(one, seat) == rules.legal_actions(table, seat), "what the seat may do, it sees"
            differed = differed or rules.view(one, None, reveal=True) != rules.view(other, None, reveal=True)
        assert differed, "what the seat cannot see is dealt at random"


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_given_two_tables_with_one_view_makes_the_same_move(game):
    """The search bot reads only its seat's view: tables that differ only in what the seat cannot
    see get the same move from the same random stream."""
    rules = registry.get(game)
    if "search" not in rules.bots:
        pytest.skip(f"{rules.title} has no search bot yet")
    bot = rules.bots["search"]
    seed = "fair-search"
    state = rules.setup(rules.seats[0], {}, Rng(seed, "setup")).state
    for number, (_, decision) in enumerate(random_decisions(rules, state, seed)):
        seat = rules.to_act(decision.state)
        legal = [] if seat is None else rules.legal_actions(decision.state, seat)
        if len(legal) < 3 or number % 7:
            continue
        view = rules.view(decision.state, seat)
        twin = rules.search.determinize(view, Rng(seed, f"twin-{number}"))
        assert rules.view(twin, seat) == view
        moves = [bot.choose(rules.view(table, seat), rules.legal_actions(table, seat), Rng(seed, f"bot-{number}"))
                 for table in (decision.state, twin)]
        assert moves[0] == moves[1] and moves[0] in legal
        if number > 60:
            break


def guess_digests(view) -> set[str]:
    """What a spectator who guessed a seat's whole view right could compute of it without the seed:
    the usual digests of its usual JSON encodings. Anything they read that equals one of these
    would confirm the guess (and with it a hand, a deck list, objectives)."""
    encodings = {json.dumps(view), json.dumps(view, sort_keys=True),
                 json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)}
    return {getattr(hashlib, name)(encoded.encode()).hexdigest()
            for name in ("sha256", "sha1", "md5", "sha512", "blake2b") for encoded in encodings}


def spectator_readings(services, game_id) -> list:
    """Everything a spectator reads of a game: its events, every replay step, its whole stream."""
    last = services.store.game(game_id).version
    ticks = iter([0.0, 0.0, 0.0])
    pace = Pace(safety=1.0, heartbeat=1e9, lifetime=1.0, clock=lambda: next(ticks, 2.0), wait=lambda *_: None)
    stream = [message.text for message in GameStream(services.news, game_id, None, 1, pace).messages()]
    return [services.queries.events(game_id, None, after=0, limit=last), stream,
            *(services.queries.replay_step(game_id, step, None) for step in range(1, last + 1))]


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_tells_no_one_anything_a_guess_of_its_view_could_be_checked_against(services, game):
    """While the game runs, what a bot's move records of the view it was given (its MAC, keyed by
    the secret seed) confirms no guess of that view; once the game is over, the audit checks it and
    re-runs every bot move from its seat's view."""
    from services.play.bot_choice import bot_to_act
    from services.reactions.bot_turns import play_bot_turn

    rules = registry.get(game)
    if "random" not in rules.bots:
        pytest.skip(f"{rules.title} has no bots")
    seats = [{"bot": "random"}] + [{"name": f"p{seat}"} for seat in range(1, rules.seats[0])]
    services.commands.on_change = lambda game, commands: None  # the test plays each bot turn itself, one at a time
    created = services.commands.create(game, seats, seed="bot-views")
    chooser, bot_views = Rng("bot-views", "people"), {}
    while len(bot_views) < 5 and not (current := services.store.game(created.id)).finished:
        if bot_to_act(current) is not None:
            if current.to_act() == 0 and not rules_turns.due(rules, current.state):
                bot_views[current.version] = rules.view(current.state, 0)
            assert play_bot_turn(services.commands, created.id, current.version)
        else:
            seat = current.to_act()
            services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)),
                                  current.version)
    assert bot_views and not services.store.game(created.id).finished, "the bot moved while the game ran"
    read = leaves(spectator_readings(services, created.id))
    for version, view in bot_views.items():
        assert not guess_digests(view) & read, f"the bot's move on version {version} confirms a guess of its view"

    while (current := services.store.game(created.id)).to_act() is not None or bot_to_act(current):
        if bot_to_act(current) is not None:
            play_bot_turn(services.commands, created.id, current.version)
        else:
            seat = current.to_act()
            services.commands.act(created.id, seat, chooser.choice(rules.legal_actions(current.state, seat)),
                                  current.version)
    report = audit(current.header(), current.seed, records_of(services.store, current), finished=True)
    assert report.verified, report.problem
    assert any("bot moves is the choice of the bot" in check for check in report.checks)


# Decisions of each random game whose every line is read as every viewer: enough to deal, play
# hands and fight, few enough that viewing each table twice per event per viewer stays cheap.
LINE_DECISIONS = 60


def named_in(text: str, words: set[str]) -> list[str]:
    """The words (whole, a name of three letters or more) that a line names."""
    return [word for word in words if len(word) >= 3 and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)]


@pytest.mark.parametrize("game", GAMES)
def test_no_line_names_what_its_viewers_table_hides_before_and_after_its_event(game):
    """Every event's line, as every seat and a spectator read it (domain.lines: against the
    viewer's table just before it), names nothing that table hides both before and after the event
    (a card in a rival's hand, a worker face down, the deck's order)."""
    rules = registry.get(game)
    seats = rules.seats[0]
    names = [f"p{seat}" for seat in range(seats)]
    dealt = rules.setup(seats, {}, Rng("lines", "setup"))
    state = rules.new_state(seats, {})
    decisions = [dealt, *(decision for _, (_, decision) in zip(range(LINE_DECISIONS), random_decisions(rules, dealt.state, "lines")))]
    checked = 0
    for decision in decisions:
        for event in decision.events:
            after = rules.evolve(state, event)
            for viewer in [None, *range(seats)]:
                kept_hidden = hidden_from(rules, state, viewer) & hidden_from(rules, after, viewer)
                line = lines.line(rules, rules.view(state, viewer), lines.seen_event(event, viewer, False), names)
                assert not named_in(line, kept_hidden), f"{event.type} as {viewer}: {line}"
                checked += bool(kept_hidden)
            state = after
    assert checked or game == DEALER.name, "the game hides something from someone"


@pytest.mark.parametrize("game", GAMES)
def test_what_a_game_calls_bookkeeping_changes_no_score_and_no_hand(game):
    """A move list folds only bookkeeping (domain.lines): an event of a type the game declares so
    (a refill, a turn passing, a shuffle) changes no seat's score and no seat's hand, in random
    games through to their end."""
    rules = registry.get(game)
    seats = rules.seats[0]
    dealt = rules.setup(seats, {}, Rng("bookkeeping", "setup"))
    state, checked = rules.new_state(seats, {}), 0
    for decision in [dealt, *(decision for _, decision in random_decisions(rules, dealt.state, "bookkeeping"))]:
        for event in decision.events:
            after = rules.evolve(state, event)
            if lines.is_bookkeeping(rules, event.type):
                checked += 1
                assert rules.scores(state) == rules.scores(after), f"{event.type} changed a score"
                for seat in range(seats):
                    assert rules.view(state, seat).get("hand") == rules.view(after, seat).get("hand"), \
                        f"{event.type} changed seat {seat}'s hand"
            state = after
    assert checked or not rules.bookkeeping, "the game's bookkeeping was met"


@pytest.mark.parametrize("game", GAMES)
def test_every_event_a_game_logs_is_declared_once_in_its_event_table_and_only_its_takeback_events_are_undone(game):
    """Each game declares its events once (domain.event_table): every event of random games, deal
    and decisions, is of a type its table declares, folds by that table and reads a line of its own;
    a decision the game lets be taken back is made only of events its table marks so."""
    rules = registry.get(game)
    seats, names = rules.seats[0], [f"p{seat}" for seat in range(rules.seats[1])]
    dealt = rules.setup(seats, {}, Rng("event-table", "setup"))
    seen: set[str] = set()
    for decision in [dealt, *(decision for _, decision in random_decisions(rules, dealt.state, "event-table"))]:
        for event in decision.events:
            assert event.type in rules.events.kinds, f"{game} logs {event.type!r}, which its event table does not declare"
            seen.add(event.type)
            # Its own line, not the words of its type that an event no table declares falls back to.
            assert rules.describe(event, names) != event.type.replace("_", " "), event.type
        if decision is not dealt and rules.reversible(decision.events):
            assert all(event.type in rules.events.takeback for event in decision.events), decision.events
    assert seen, "a game logs events"
