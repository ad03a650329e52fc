"""bench/move_instructions.py plays real moves through the API, each answered 200, and marks
exactly the moves it counts."""

from bench import move_instructions


def test_the_counted_moves_and_hellos_are_marked_once_each_and_only_those(monkeypatch):
    marks: list[str] = []
    monkeypatch.setattr(move_instructions, "_zero", lambda: marks.append("zero"))
    monkeypatch.setattr(move_instructions, "_dump", lambda: marks.append("dump"))
    assert move_instructions._moves(3, 2) == 3  # raises on any answer but 200
    assert marks == ["zero", "dump"] * 3
    marks.clear()
    assert move_instructions._hellos(2, 1) == 2
    assert marks == ["zero", "dump"] * 2


def test_the_figure_names_its_ratio_and_the_target():
    line = move_instructions.lines({"move": 4.6e6, "hello": 0.33e6})[0]
    assert "4.60 M instructions" in line and "13.94x" in line and "MISSES" in line
    assert "meets" in move_instructions.lines({"move": 0.45e6, "hello": 0.33e6})[0]
