"""The withdrawal rule: a player who has lost `withdraw_after_timeouts` games on time is withdrawn
from the rounds after, by the decision that records the result, and the verifier holds every
record to it."""

import json
from dataclasses import replace

import pytest

from domain.tournaments import decide
from domain.tournaments.errors import TournamentError
from domain.tournaments.events import LOST_ON_TIME, GameFinished, PlayerWithdrew, TournamentCreated, from_data, to_data
from domain.tournaments.model import Settings
from domain.tournaments.export import FORMAT, chain_of, rounds_and_standings
from domain.tournaments.verify import verify_export, verify_pairings

from .test_tournament_verify import rechained
from .tournament_builders import Play, entrants


def first_seat_loses_on_time(play: Play, loser_table: int = 1) -> str:
    """Play a round: table `loser_table`'s first seat loses on time; at every other table the first seat wins."""
    pairing = play.pair()
    late = None
    for table in pairing.tables:
        if table.number == loser_table:
            late = table.seats[0]
            play.result(table, (2, 1), (late,))
        else:
            play.result(table, (1, 2))
    return late


def test_a_player_who_loses_on_time_is_withdrawn_and_not_paired_in_the_next_round():
    play = Play(Settings("swiss", 3, withdraw_after_timeouts=1), entrants(6))
    late = first_seat_loses_on_time(play)
    finished = next(i for i, e in enumerate(play.events) if isinstance(e, GameFinished) and late in e.lost_on_time)
    assert play.events[finished + 1] == PlayerWithdrew(late, 1, LOST_ON_TIME), \
        "the decision that records the loss withdraws the player"
    assert late in play.state.withdrawn and late in play.state.withdrawn_on_time
    second = play.pair()
    assert late not in second.players() and len(second.players()) == 5
    standing = next(s for s in play.state.standings(play.seed) if s.player == late)
    assert standing.withdrawn and standing.games == 1, "their game played still counts"


def test_with_the_rule_at_0_a_player_who_loses_on_time_stays_in():
    play = Play(Settings("swiss", 3, withdraw_after_timeouts=0), entrants(6))
    late = first_seat_loses_on_time(play)
    assert not any(isinstance(e, PlayerWithdrew) for e in play.events)
    assert late in play.pair().players()


def test_with_the_rule_at_2_the_first_loss_on_time_keeps_the_player_in_and_the_second_withdraws_them():
    play = Play(Settings("swiss", 4, withdraw_after_timeouts=2), entrants(4))
    late = first_seat_loses_on_time(play)
    assert late not in play.state.withdrawn
    pairing = play.pair()
    assert late in pairing.players()
    [table] = [t for t in pairing.tables if late in t.seats]
    for other in pairing.tables:
        if other is not table:
            play.result(other, (1, 2))
    play.result(table, tuple(2 if p == late else 1 for p in table.seats), (late,))
    assert play.events[-3:-1] == [GameFinished(2, table.number, play.events[-3].places, (late,)),
                                  PlayerWithdrew(late, 2, LOST_ON_TIME)], "the second loss on time withdraws them"
    assert late not in play.pair().players()


def test_no_withdrawal_after_the_last_round_or_for_a_player_who_already_withdrew():
    play = Play(Settings("swiss", 1, withdraw_after_timeouts=1), entrants(4))
    first_seat_loses_on_time(play)
    assert not any(isinstance(e, PlayerWithdrew) for e in play.events), "no round is left to withdraw them from"

    play = Play(Settings("swiss", 3, withdraw_after_timeouts=1), entrants(4))
    pairing = play.pair()
    late = pairing.tables[0].seats[0]
    play.apply(decide.withdraw(play.state, late))  # they ask, while their game is being played
    play.result(pairing.tables[0], (2, 1), (late,))
    withdrawals = [e for e in play.events if isinstance(e, PlayerWithdrew)]
    assert withdrawals == [PlayerWithdrew(late, 1)], "withdrawn once, as they asked; their game's result counts"
    assert play.state.rounds[0].results[1].places == (2, 1)


def test_the_setting_is_0_to_10_and_a_record_made_before_it_withdraws_nobody():
    for bad in (-1, 11, "1", True):
        with pytest.raises(TournamentError) as refused:
            Settings("swiss", 3, withdraw_after_timeouts=bad)
        assert refused.value.rule == "tournament.withdraw-after-timeouts"
    play = Play(Settings("swiss", 3, withdraw_after_timeouts=1), entrants(4))
    created = to_data(play.events[0])
    assert created["withdraw_after_timeouts"] == 1
    del created["withdraw_after_timeouts"]
    assert from_data(created).withdraw_after_timeouts == 0
    asked = to_data(PlayerWithdrew("p01", 1))
    del asked["reason"]
    assert from_data(asked).reason == "asked", "a withdrawal recorded before reasons were was asked for"
    with pytest.raises(TournamentError) as unknown:
        from_data({**asked, "reason": "bored"})
    assert unknown.value.rule == "tournament.event"


def finished_with_a_loss_on_time(timeouts: int = 1) -> tuple[Play, str]:
    play = Play(Settings("swiss", 3, withdraw_after_timeouts=timeouts), entrants(6))
    late = first_seat_loses_on_time(play, loser_table=2)
    for _ in range(2):
        pairing = play.pair()
        for table in pairing.tables:
            play.result(table, (1, 2))
    play.finish()
    return play, late


def test_a_tournament_that_followed_the_rule_verifies():
    play, late = finished_with_a_loss_on_time()
    verdict = verify_pairings(play.events)
    assert verdict.ok, verdict.problem
    assert verdict.rounds_checked == 3


def test_a_withdrawal_on_time_removed_from_the_record_is_caught_naming_the_round():
    play, late = finished_with_a_loss_on_time()
    tampered = [e for e in play.events if not (isinstance(e, PlayerWithdrew) and e.player == late)]
    verdict = verify_pairings(tampered)
    assert not verdict.ok and verdict.round == 1
    assert verdict.problem.startswith(f"round 1: {late} lost on time") and "does not" in verdict.problem
    assert verdict.expected == PlayerWithdrew(late, 1, LOST_ON_TIME) and verdict.recorded is None


def test_a_withdrawal_on_time_the_rule_does_not_give_is_caught_naming_the_round():
    play, late = finished_with_a_loss_on_time(timeouts=2)
    first = next(i for i, e in enumerate(play.events) if isinstance(e, GameFinished) and e.lost_on_time)
    forged = play.events[:first + 1] + [PlayerWithdrew(late, 1, LOST_ON_TIME)] + play.events[first + 1:]
    verdict = verify_pairings(forged)
    assert not verdict.ok and verdict.round == 1 and "does not give" in verdict.problem


def test_a_record_claiming_another_rule_than_it_followed_is_caught():
    play, late = finished_with_a_loss_on_time(timeouts=1)
    claimed = [replace(play.events[0], withdraw_after_timeouts=0)] + play.events[1:]
    assert isinstance(claimed[0], TournamentCreated)
    verdict = verify_pairings(claimed)
    assert not verdict.ok and verdict.round == 1


def record_of(lines: list[dict], seed: str) -> dict:
    """A finished tournament's exported record of these events (through JSON and back)."""
    events = [from_data(line) for line in lines]
    rounds, standings = rounds_and_standings(events, seed, lambda r, t: f"game-{r}-{t}")
    chains = chain_of(lines)
    return json.loads(json.dumps({
        "format": FORMAT, "id": "t1", "game": "chi", "seed_commitment": events[0].seed_commitment, "seed": seed,
        "events": [{"event": e, "chain": c} for e, c in zip(lines, chains)], "rounds": rounds,
        "standings": standings, "head": chains[-1]}))


def test_an_exported_record_without_its_withdrawal_on_time_is_caught_naming_the_round():
    play, late = finished_with_a_loss_on_time()
    record = record_of([to_data(e) for e in play.events], play.seed)
    assert verify_export(record).ok
    record["events"] = [line for line in record["events"] if line["event"]["type"] != "player-withdrew"]
    verdict = verify_export(record)
    assert not verdict.ok and verdict.round == 1 and "hash chain breaks" in verdict.problem
    verdict = verify_export(rechained(record))
    assert not verdict.ok and verdict.round == 1
    assert verdict.problem.startswith(f"round 1: {late} lost on time")


def test_a_record_made_before_the_rule_with_a_loss_on_time_and_a_withdrawal_still_verifies():
    play = Play(Settings("swiss", 3), entrants(6))  # the domain's default: 0, as before the rule
    late = first_seat_loses_on_time(play)
    play.apply(decide.withdraw(play.state, "p06"))
    for _ in range(2):
        for table in play.pair().tables:
            play.result(table, (1, 2))
    play.finish()
    lines = [to_data(e) for e in play.events]
    for line in lines:  # as recorded then: neither the setting nor a withdrawal's reason
        line.pop("withdraw_after_timeouts", None)
        line.pop("reason", None)
    record = record_of(lines, play.seed)
    verdict = verify_export(record)
    assert verdict.ok, verdict.problem
    assert any(late in t["players"] for t in record["rounds"][1]["tables"]), "the player who lost on time played on"
