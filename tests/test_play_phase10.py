"""Whole Phase 10 games played by key presses on the emulated device (the driver in
tests/scripts/phase10_driver.py decides a person's moves with a rules-core player and makes them
only with the board's keys), resuming after a power cut, pass-and-play covers, computer turns
at full speed, sounds and statistics."""

import importlib

import pytest

from tests.scripts.phase10_driver import Driver

# (board, edition, phase list, progression, seats, machine seed)
GAMES = [
    ("pybadge", "classic", "5", "standard", ("person", "normal"), 1),
    ("pybadge", "2020", "odd", "standard", ("person", "normal", "easy"), 1),
    ("clue_nrf52840_express", "classic", "odd", "everyone", ("person", "easy", "hard"), 2),
    ("clue_nrf52840_express", "2020", "5", "free", ("person", "normal"), 2),
]


def ids(g):
    return g[0].split("_")[0] + "-" + g[1] + "-" + g[2] + "-" + g[3]


@pytest.mark.parametrize("game", GAMES, ids=[ids(g) for g in GAMES])
def test_P10C_whole_game_by_key_presses(game, tmp_path):
    board, edition, phases, progression, seats, seed = game
    d = Driver(board, nvm_path=str(tmp_path / "nvm.bin"), seed=seed)
    d.boot()
    d.new_game(edition, phases, progression, seats)
    end = d.play_to_end()
    lines = end.split("\n")
    assert lines[0] == "Game over"
    assert lines[1].endswith(" wins!") or lines[1].endswith(" win!")
    assert "1. " in end
    # the person's seat really played: draws, a lay-down, hits, discards and a Skip
    for kind in ("draw", "lay", "hit", "discard", "discard skip"):
        assert d.moves.get(kind, 0) > 0, (kind, d.moves)
    if edition == "2020":
        assert d.moves.get("skip", 0) > 0, d.moves  # whom the Skip skips
    assert d.used_hint > 0  # one lay-down in two is filled by Hint, the others card by card
    d.key("A")  # back to the main menu: the finished game is no longer saved
    assert d.top.menu.items[0] != "Continue"
    d.close()
