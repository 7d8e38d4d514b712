"""Random button presses on a game's screens, for the fuzz tests of every game
(test_play_fuzz.py, test_phase10board_fuzz.py, test_dice_express_fuzz.py; test_firmware_fuzz.py
takes its length from ``events`` too).

Only every 1,000th refresh is drawn (the label text and dirty areas are kept as usual). On a
two-button board (the CLUE) a long press takes ``FUZZ_LONG_MS`` instead of 600 ms
(``buttons._LONG_MS``, a global under CPython, a constant on a board; the same code runs):
with real long presses the tests would take several times as long. Long presses still overlap
computer moves (150 ms each), so a press can begin on one screen and end on the next. Whenever a press leaves the game for the main menu the fuzzer
goes back in (Continue, or a new game when the last one ended), so the presses land on the
game's screens; the pause menu and the pages it opens are mostly left at once."""

import os
import random
import sys

from emulator.specs import SHORT
from tests.scripts.phase10_driver import Driver

FUZZ_LONG_MS = 60


def events(default):
    """Presses per board in a fuzz test: ``default`` (the test suite's short run), or
    ``FUZZ_EVENTS`` from the environment for a long one (README.md); far fewer than the default
    may not reach every screen a test asks for."""
    return int(os.environ.get("FUZZ_EVENTS", default))


def game_boards():
    """The boards a game's fuzz test presses keys on: the CLUE (two buttons, short and long
    presses: the most ways for keys to go wrong), and in a long run (``FUZZ_EVENTS`` set) the
    PyBadge's d-pad too, which the menus' fuzz test presses on every board anyway."""
    return ["clue_nrf52840_express"] + (["pybadge"] if "FUZZ_EVENTS" in os.environ else [])


def _weight(name):
    """Mostly moving and choosing, now and then back, rarely the other keys."""
    return 8 if name in ("UP", "DOWN", "LEFT", "RIGHT") else 10 if name == "A" else 1


def seats(rng, n):
    """``n`` random seat kinds, a person in the first."""
    out = [("person", "easy", "normal", "hard")[rng.randrange(4)] for _ in range(n)]
    out[0] = "person"
    return out


def fuzz(board_id, path, tag, events, start, name_of=None):
    """``events`` random presses on ``board_id`` (NVM in ``path``); ``start(d, rng, games)``
    starts a new game from the main menu; ``name_of(screen)`` names a screen for the record
    (its class name by default). Returns (the names seen, games started, long presses)."""
    rng = random.Random(tag + "-fuzz-" + board_id)
    d = Driver(board_id, nvm_path=path, seed=rng.randrange(1 << 20))
    d.boot()
    if d.dpad:  # a button per key: the buttons themselves
        buttons = [b.name for b in d.m.spec.buttons]
        weights = [_weight(n) for n in buttons]
    else:  # the logical keys, each made with its button's short or long press
        d.long_ms = FUZZ_LONG_MS + 20  # going back into the game too
        keys = sorted(d.m.spec.logical)
        weights = [_weight(k) for k in keys]
    longs = 0
    games = 0
    screens = set()
    boots = None
    for _ in range(events):
        if d.m.boots != boots:  # the first boot, or the app started again after a game: its
            boots = d.m.boots  # modules and settings are new
            d.booted.settings.speed = 2
            if not d.dpad:
                sys.modules["firmware.buttons"]._LONG_MS = FUZZ_LONG_MS
        top = d.top
        name = type(top).__name__
        screens.add(name_of(top) if name_of else name)
        if name == "MainMenu":
            if top.menu.items[0] == "Continue":
                d.continue_game()
            else:
                start(d, rng, games)
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
            if how == SHORT:
                hold = rng.choice((20, 20, 40))
            else:
                hold = FUZZ_LONG_MS + rng.choice((10, 20, 40))
                longs += 1
        d.m.press(button, hold_ms=hold, settle_ms=20)
    d.close()
    assert d.dpad or longs > events // 4
    return screens, games, longs


def pending_name(top, classes):
    """A screen's class name, with the kind of decision pending for those in ``classes``."""
    name = type(top).__name__
    if name in classes:
        kind = top.session.state.pending
        name += ":" + ("-" if kind is None else str(kind[1]))
    return name
