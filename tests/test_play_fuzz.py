"""Fuzz: 6,000 random button presses (``FUZZ_EVENTS`` for a long run) during Phase 10 games on
the 240x240 CLUE (two buttons, where A and B are long presses; in a long run the 160x128
PyBadge's d-pad too: fuzzkeys.game_boards), people and computer players mixed: the firmware must never raise.
Whenever a press leaves the game for the main menu, the fuzzer goes back in (Continue, or a new
game with another variant when the last one ended), so the presses land on the game's screens:
turns in every mode, covers, computer turns, summaries, the table, refusals (tests/fuzzkeys.py)."""

import pytest

from tests.fuzzkeys import events, fuzz, seats, game_boards

EVENTS = events(6000)
VARIANTS = [("classic", "5", "standard"), ("2020", "odd", "free"), ("2020", "even", "everyone"),
            ("classic", "8", "free")]


def start(d, rng, games):
    edition, phases, progression = VARIANTS[games % len(VARIANTS)]
    d.new_game(edition, phases, progression, seats(rng, rng.randrange(2, 5)))


def name_of(top):
    name = type(top).__name__
    return name + (":" + str(top.mode) if name == "Turn" else "")


@pytest.mark.parametrize("board_id", game_boards())
def test_fuzz_random_keys_in_phase10_games(board_id, tmp_path):
    screens, games, _ = fuzz(board_id, str(tmp_path / "nvm.bin"), "p10", EVENTS, start, name_of)
    # the presses reached the game: covers or computer turns, and the turn screen in most modes
    turn_modes = [s for s in screens if s.startswith("Turn:")]
    assert len(turn_modes) >= 6, sorted(screens)
    assert "Summary" in screens or games > 1, sorted(screens)
