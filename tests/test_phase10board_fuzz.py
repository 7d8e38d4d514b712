"""Fuzz: 25,000 random button presses during Phase 10 board games on each of two boards (the
160x128 PyBadge with a d-pad and the 240x240 CLUE with two buttons, where A and B are long
presses), people and computer players mixed: the firmware must never raise. When a press leaves
the game for the main menu the fuzzer goes back in (Continue, or a new game with another player
count when the last one ended), so the presses land on the game's screens: the board screen
(roll, go), the action screens, the turn screen, computer turns, summaries, the table, refusals. Set-up as in
tests/test_play_fuzz.py (every 1,000th refresh drawn, 60 ms long presses on the CLUE)."""

import os
import random
import sys

import pytest

from emulator.specs import SHORT
from tests.scripts.phase10_driver import Driver
from tests.test_play_fuzz import FUZZ_LONG_MS, _weight

EVENTS = int(os.environ.get("P10B_FUZZ_EVENTS", "25000"))


def new_game(d, kinds):
    d.menu_choose("Phase 10 Board")
    d.set_row("Players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        row = str(seat + 1) + " "
        for i, t in enumerate(d.top.menu.items):
            if t.startswith(row):
                if t.split()[-1] != kind:
                    d.menu_to(i)
                    d.key("A")  # the seat editor
                    for _ in range(4):
                        if d.top.menu.items[0].split()[-1] == kind:
                            break
                        d.menu_to(0)
                        d.key("A")
                    d.menu_choose("Done")
                break
    d.menu_choose("Start")
    if type(d.top).__name__ == "Overwrite":
        d.menu_choose("Start new game")


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_fuzz_random_keys_in_board_games(board_id, tmp_path):
    rng = random.Random("p10b-fuzz-" + board_id)
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=rng.randrange(1 << 20))
    d.boot()
    d.m.set_render_stride(1000)
    d.booted.settings.speed = 2
    if d.dpad:
        buttons = [b.name for b in d.m.spec.buttons]
        weights = [_weight(n) for n in buttons]
    else:
        sys.modules["firmware.buttons"].LONG_MS = FUZZ_LONG_MS
        d.long_ms = FUZZ_LONG_MS + 20
        keys = sorted(d.m.spec.logical)
        weights = [_weight(k) for k in keys]
    games = 0
    screens = set()
    for _ in range(EVENTS):
        top = d.top
        name = type(top).__name__
        if name in ("Pick", "BoardScreen"):
            kind = top.session.state.pending
            name += ":" + ("-" if kind is None else str(kind[1]))
        screens.add(name)
        if name == "MainMenu":
            if top.menu.items[0] == "Continue":
                d.continue_game()
            else:
                seats = [("person", "easy", "normal", "hard")[rng.randrange(4)]
                         for _ in range(2 + games % 5)]
                seats[0] = "person"
                new_game(d, seats)
                games += 1
            continue
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
            hold = rng.choice((20, 20, 40)) if how == SHORT else FUZZ_LONG_MS + rng.choice((10, 20, 40))
        d.m.press(button, hold_ms=hold, settle_ms=20)
    d.close()
    # the presses reached every decision screen of the game
    assert {"BoardScreen:0", "BoardScreen:1", "Pick:2", "BoardTurn", "ComputerTurns"} <= screens, sorted(screens)
