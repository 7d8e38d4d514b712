"""Fuzz: 25,000 random button presses during Phase 10 games on each of two boards (a 160x128
PyBadge with a d-pad and a 240x240 CLUE with two buttons, where A and B are long presses),
people and computer players mixed: the firmware must never raise. Whenever a press leaves the
game for the main menu, the fuzzer goes back in (Continue, or a new game with another variant
when the last one ended), so the presses land on the game's screens: turns in every mode,
covers, computer turns, summaries, the table, refusals.

Only every 1,000th refresh is drawn (the label text and dirty areas are kept as usual). On the
CLUE a long press takes 60 ms instead of 600 in this test (``buttons.LONG_MS``; the same code
runs): with real long presses the test would take several times as long. Long presses still
overlap computer moves (150 ms each), so a press can begin on one screen and end on the next."""

import random
import sys

import pytest

from emulator.specs import SHORT
from tests.scripts.phase10_driver import Driver

EVENTS = 25000
FUZZ_LONG_MS = 60
VARIANTS = [("classic", "5", "standard"), ("2020", "odd", "free"), ("2020", "even", "everyone"),
            ("classic", "8", "free")]


def _weight(name):
    """Mostly moving and choosing, now and then back, rarely the other keys."""
    return 8 if name in ("UP", "DOWN", "LEFT", "RIGHT") else 10 if name == "A" else 1


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_fuzz_random_keys_in_phase10_games(board_id, tmp_path):
    rng = random.Random("p10-fuzz-" + board_id)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=rng.randrange(1 << 20))
    d.boot()
    d.m.set_render_stride(1000)
    settings = d.booted.settings
    settings.speed = 2
    if d.dpad:  # a button per key: the buttons themselves
        buttons = [b.name for b in d.m.spec.buttons]
        weights = [_weight(n) for n in buttons]
    else:  # the logical keys, each made with its button's short or long press
        sys.modules["firmware.buttons"].LONG_MS = FUZZ_LONG_MS
        d.long_ms = FUZZ_LONG_MS + 20  # going back into the game too
        keys = sorted(d.m.spec.logical)
        weights = [_weight(k) for k in keys]
    longs = 0
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
        # the pause menu (B at the top of a turn, START) and what it opens: mostly straight back
        # to the game, so the presses keep landing on the game's screens
        if name == "PauseMenu" and rng.random() < 0.8:
            d.menu_choose("Resume")
            continue
        if name in ("ButtonTest", "SettingsScreen", "RulesMenu", "TableView", "TextPage") \
                and rng.random() < 0.5:
            d.key("B")
            continue
        if d.dpad:
            button, hold = rng.choices(buttons, weights)[0], rng.choice((20, 20, 40))
        else:
            button, how = d.m.spec.logical[rng.choices(keys, weights)[0]]
            if how == SHORT:
                hold = rng.choice((20, 20, 40))
            else:
                hold = FUZZ_LONG_MS + rng.choice((10, 20, 40))
                longs += 1
        d.m.press(button, hold_ms=hold, settle_ms=20)
    d.close()
    assert d.dpad or longs > EVENTS // 4
    # the presses reached the game: covers or computer turns, and the turn screen in most modes
    turn_modes = [s for s in screens if s.startswith("Turn:")]
    assert len(turn_modes) >= 6, sorted(screens)
    assert "Summary" in screens or games > 1, sorted(screens)
