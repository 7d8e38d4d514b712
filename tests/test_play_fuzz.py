"""Fuzz: 25,000 random button presses during Phase 10 games on each of two boards (a 160x128
PyBadge and a 240x240 PicoSystem), people and computer players mixed: the firmware must never
raise. Whenever a press leaves the game for the main menu, the fuzzer goes back in (Continue,
or a new game with another variant when the last one ended), so the presses land on the game's
screens: turns in every mode, covers, computer turns, summaries, the table, refusals.

Only every 200th refresh is drawn (the label text and dirty areas are kept as usual)."""

import random

import pytest

from tests.scripts.phase10_driver import Driver

EVENTS = 25000
VARIANTS = [("classic", "5", "standard"), ("2020", "odd", "free"), ("2020", "even", "everyone"),
            ("classic", "8", "free")]


@pytest.mark.parametrize("board_id", ["pybadge", "pimoroni_picosystem"])
def test_fuzz_random_keys_in_phase10_games(board_id, tmp_path):
    rng = random.Random("p10-fuzz-" + board_id)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=rng.randrange(1 << 20))
    d.boot()
    d.m.set_render_stride(200)
    settings = d.booted.settings
    settings.speed = 2
    buttons = [b.name for b in d.m.spec.buttons]
    # mostly moving and choosing, now and then back, rarely the other buttons
    weights = [8 if n in ("UP", "DOWN", "LEFT", "RIGHT") else 10 if n == "A" else 1 for n in buttons]
    games = 0
    screens = set()
    for i in range(EVENTS):
        top = d.top
        name = type(top).__name__
        screens.add(name + (":" + str(top.mode) if name == "Turn" else ""))
        if name == "MainMenu":
            if top.menu.items[0] == "Continue":
                d.continue_game()
            else:
                edition, phases, progression = VARIANTS[games % len(VARIANTS)]
                seats = [("person", "easy", "normal", "hard")[rng.randrange(4)] for _ in range(rng.randrange(2, 5))]
                seats[0] = "person"
                d.new_game(edition, phases, progression, seats)
                games += 1
            continue
        button = rng.choices(buttons, weights)[0]
        d.m.press(button, hold_ms=rng.choice((20, 20, 40)), settle_ms=20)
    d.close()
    # the presses reached the game: covers or computer turns, and the turn screen in most modes
    turn_modes = [s for s in screens if s.startswith("Turn:")]
    assert len(turn_modes) >= 6, sorted(screens)
    assert "Summary" in screens or games > 1, sorted(screens)
