"""Fuzz: 6,000 random button presses (``FUZZ_EVENTS`` for a long run) during Phase 10 board
games on the 240x240 CLUE (two buttons, where A and B are long presses; in a long run the
160x128 PyBadge's d-pad too: fuzzkeys.game_boards), people and computer players mixed, 2 to 6 players:
the firmware must never raise (tests/fuzzkeys.py). The presses land on the board screen (roll,
go), the action screens, the turn screen, computer turns, summaries, the table, refusals."""

import pytest

from tests.fuzzkeys import events, fuzz, pending_name, seats, game_boards

EVENTS = events(6000)


def start(d, rng, games):
    d.start_game("Phase 10 Board", seats(rng, 2 + games % 5))


@pytest.mark.parametrize("board_id", game_boards())
def test_fuzz_random_keys_in_board_games(board_id, tmp_path):
    screens, _, _ = fuzz(board_id, str(tmp_path / "nvm.bin"), "p10b", EVENTS, start,
                         lambda top: pending_name(top, ("Pick", "BoardScreen")))
    # the presses reached every decision screen of the game
    assert {"BoardScreen:0", "BoardScreen:1", "Pick:2", "BoardTurn", "ComputerTurns"} <= screens, sorted(screens)
