"""The dispute log: bounded per seat, read a page at a time, and a replay step reads only its own."""

import pytest

from services.disputes.dispute_log import DISPUTES, MAX_DISPUTES, DisputeLog, dispute_log_id
from services.disputes.disputes import SHOWN, file_dispute, record_page, record_what_if, whole_record
from services.errors import LimitReached
from services.log.explain import explain_step
from services.disputes.what_if import what_if
from tests.integration.test_what_if import decision_steps, running_game_after_moves



def running_chi(services, seed, moves=8):
    return running_game_after_moves(services, seed, moves)


def test_a_seat_files_a_bounded_number_of_disputes_and_the_one_past_the_bound_changes_nothing(services, monkeypatch):
    monkeypatch.setattr("services.disputes.dispute_log.MAX_DISPUTES", 3)
    game = running_chi(services, "dispute-bound")
    for step in (2, 3, 4):
        file_dispute(services.store, game.id, 0, step, f"step {step} looks wrong")
    before = whole_record(services.store, game.id, 0)
    with pytest.raises(LimitReached, match="at most 3 disputes about a game from each seat") as refused:
        file_dispute(services.store, game.id, 0, 5, "and this one")
    assert refused.value.limit == 3 and refused.value.field == "claim"
    assert whole_record(services.store, game.id, 0) == before, "nothing was recorded"
    assert file_dispute(services.store, game.id, 1, 5, "the other seat still may")["number"] == 4
    assert 10 <= MAX_DISPUTES <= 100


def test_every_dispute_and_what_if_is_read_once_in_order_page_by_page(services):
    game = running_chi(services, "dispute-pages")
    filed = [file_dispute(services.store, game.id, seat, step, f"claim {seat}/{step}")
             for step in range(2, game.version + 1) for seat in (0, 1)]
    asked = [record_what_if(services.store, game.id, what_if(services.store, game, step, taken, seat))
             for step, (seat, taken) in decision_steps(services, game).items() if step < game.version]
    for limit in (1, 3, 7):
        pages, start = [], None
        while True:
            page, start = record_page(services.store, game.id, 0, limit, start)
            assert len(page["disputes"]) + len(page["what_ifs"]) <= limit
            pages.append(page)
            if start is None:
                break
        assert [d["number"] for page in pages for d in page["disputes"]] == [d["number"] for d in filed]
        assert [w["number"] for page in pages for w in page["what_ifs"]] == [
            w["number"] for w in asked if w["asked_by"] == 0], "a seat's own what-ifs while the game runs"
    step = 3
    about = whole_record(services.store, game.id, 0, step=step)
    assert [d["claim"] for d in about["disputes"]] == ["claim 0/3", "claim 1/3"]
    assert all(w["step"] == step for w in about["what_ifs"])


def reads_of(services, monkeypatch):
    """What the store hands out from here on, but the game's own events: the events read from
    each stream, and the aggregates loaded."""
    read: dict = {"events": {}, "loaded": []}
    events_get, repository_get = services.store.events.get, services.store.repository.get

    def counted_events(originator_id, **kwargs):
        for stored in events_get(originator_id, **kwargs):
            read["events"][originator_id] = read["events"].get(originator_id, 0) + 1
            yield stored

    def counted_loads(aggregate_id, **kwargs):
        read["loaded"].append(aggregate_id)
        return repository_get(aggregate_id, **kwargs)

    monkeypatch.setattr(services.store.events, "get", counted_events)
    monkeypatch.setattr(services.store.repository, "get", counted_loads)
    return read


def test_a_replay_step_reads_its_own_disputes_and_no_more_however_long_the_record(services, monkeypatch):
    game = running_chi(services, "dispute-replay", moves=10)
    target = next(step for step, (seat, _) in decision_steps(services, game).items() if seat == 0) + 1
    for seat in (0, 1):
        for number in range(12):
            file_dispute(services.store, game.id, seat, target, f"seat {seat}, claim {number}")

    def replay_step_reads():
        read = reads_of(services, monkeypatch)
        step = services.queries.replay_step(game.id, target, None)
        monkeypatch.undo()
        others = {stream: count for stream, count in read["events"].items() if stream != game.id}
        return step, others, [loaded for loaded in read["loaded"] if loaded != game.id]

    first, reads_before, loads_before = replay_step_reads()
    others = [step for step in range(2, game.version + 1) if step != target][:12]
    for seat in (0, 1):  # the record grows by far more than the step's own, to each seat's bound
        for step in others:
            for _ in range(3):
                file_dispute(services.store, game.id, seat, step, "another step")
    for step, (seat, taken) in decision_steps(services, game).items():
        if step < game.version:
            record_what_if(services.store, game.id, what_if(services.store, game, step, taken, seat))
    again, reads_after, loads_after = replay_step_reads()
    assert reads_after == reads_before and loads_after == loads_before == [], \
        "the step reads the same few entries, and loads no log, however long the record grows"
    # The page and one more, its last entry (how many there are), and the log's first (whether
    # the step streams hold it whole), read once for each.
    assert sum(reads_after.values()) <= SHOWN + 5, reads_after
    assert again["disputes"] == first["disputes"] and len(again["disputes"]) == SHOWN
    assert again["disputes_total"] == 24 and again["disputes_after"] is not None
    rest, _ = record_page(services.store, game.id, None, 20, again["disputes_after"]["after"],
                          step=target, kind=DISPUTES)
    shown = [d["number"] for d in again["disputes"] + rest["disputes"]]
    assert len(shown) == 24 == len(set(shown))


def test_a_log_written_before_entries_were_numbered_reads_and_grows_as_before(services):
    """A log begun by an older service: its events carry no number, and no step stream holds them."""
    game = running_chi(services, "dispute-old-log")
    steps = list(decision_steps(services, game).items())
    old = DisputeLog(str(game.id))
    old.file(step=3, seat=0, claim="an old claim", answer=explain_step(services.store, game, 3, 0))
    (asked_on, (seat, taken)) = steps[0]
    old_what_if = what_if(services.store, game, asked_on, taken, seat)
    old.ask(answer=old_what_if)
    services.store.save(old)
    assert services.store.repository.get(dispute_log_id(game.id)).unnumbered
    record = whole_record(services.store, game.id, 0)
    assert [d["number"] for d in record["disputes"]] == [1] and record["disputes"][0]["claim"] == "an old claim"
    assert whole_record(services.store, game.id, 0, step=3)["disputes"] == record["disputes"]
    assert file_dispute(services.store, game.id, 1, 3, "a new claim")["number"] == 2
    assert [d["claim"] for d in whole_record(services.store, game.id, 1, step=3)["disputes"]] == [
        "an old claim", "a new claim"]
    again = record_what_if(services.store, game.id, what_if(services.store, game, asked_on, taken, seat))
    assert again["number"] == 1, "the question asked of the older log is the answer it kept"
    step = services.queries.replay_step(game.id, 3, None)
    assert step["disputes_total"] == 2
