"""4,000 random button presses (``FUZZ_EVENTS`` for a long run) on every board: short, long and
held, on any screen the presses reach (settings, set-up, names, rules, statistics, Phase 10 games
and their saves). The firmware must never raise, and every 2,000 presses it must still find its
way back to the main menu and answer a key there (no stuck screen).

The screen is drawn only at those checks (the labels' text and the dirty areas are kept as
usual, and every screen is drawn by the menu walk in test_emulator.py): drawing each frame in
Blinka's pure-Python displayio would make this test minutes long per board."""

import os
import random

import pytest

from emulator import specs
from emulator.machine import FirmwareError, Machine
from tests.conftest import draw_every_refresh
from tests.fuzzkeys import events
from tools import make_texts

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVENTS = events(4000)
CHECK_EVERY = 2000
HOLDS = (30, 30, 30, 30, 90, 250, 700)  # ms: mostly short, some long presses and held keys
GAPS = (10, 20, 40)


# the pause menu's title in every language (the presses may reach Settings' Language row): its
# short form is where the full one ("Paused: Phase 10") begins
PAUSED = tuple(make_texts.load(code)["pause.short"] for code in ("en", "ru", "pl"))


def back_to_main_menu(m):
    """B until the main menu; in a game B opens the pause menu, whose last row leaves."""
    for _ in range(12):
        if m.text() and m.text()[0] == "Pocket Phase 10":
            return True
        if m.text() and m.text()[0].startswith(PAUSED):
            m.key("UP")  # the list wraps round to its last row, Leave game
            m.key("A")
            continue
        m.key("B")
    return m.text()[0] == "Pocket Phase 10"


def answers_a_key(m):
    draw_every_refresh(m)
    before = m.display.pixels_drawn
    m.key("DOWN")
    moved = m.display.pixels_drawn > before
    m.key("UP")
    m.set_render_stride(Machine.RENDER_STRIDE)
    return moved


@pytest.mark.parametrize("board_id", sorted(specs.SPECS))
def test_fuzz_random_presses(board_id, tmp_path):
    rng = random.Random("fuzz-" + board_id)
    m = Machine(board_id, seed=rng.randrange(1 << 30), nvm_path=str(tmp_path / "nvm.bin"))
    names = [b.name for b in m.spec.buttons]
    try:
        m.boot()
        m.run(200)
        for n in range(1, EVENTS + 1):
            button = rng.choice(names)
            m.hold(button)
            m.run(rng.choice(HOLDS))
            m.release(button)
            m.run(rng.choice(GAPS))
            if n % CHECK_EVERY == 0:
                assert back_to_main_menu(m), "stuck after %d presses on:\n%s" % (n, m.screen_text())
                assert answers_a_key(m), "the main menu does not answer after %d presses" % n
        m.screenshot(os.path.join(REPO, "out", "fuzz", board_id + ".png"))
    except FirmwareError as e:
        pytest.fail(str(e) + "\n" + e.details)
    finally:
        m.close()
