"""Every screen of every script on every board (issue 26: text that fits every screen).

The scripts of ``tests/scripts/`` (boot, every menu and setting, whole games of the three games:
a person's, pass-and-play, between computers, one after another) run on each board; after
every command that changed the screen's text, every label and card tile lies on the screen and
overlaps nothing, tiles keep their numbers and marks inside, and the app cut no text to fit a
line (``fit_problems``, the screens tests' check). The scripts are the same on every board: the
emulator maps their keys to the board's buttons (a two-button board's short and long presses),
and they wait for what may take more presses on one screen than another (a summary's pages).

In every suite: the menus, a person's game of each game and Phase 10 between computers (its
computer-turn log and summaries), on the four screen sizes (160x128, 240x240, 240x135,
320x170: the PyGamer draws as the PyBadge does, the PicoSystem as the CLUE with the PyBadge's
footers); every script on all six boards in the long run (``SCREENS_FIT=all``, README.md)."""

import glob
import os

import pytest

from emulator import script as emscript
from emulator.display import visible_labels
from emulator.machine import Machine
from tests.test_phase10_screens import BOARDS
from tests.test_phase10board_screens import fit_problems
from tools.micropython_firmware import REPO
from tools.phase10_driver import find_app

SCRIPTS = sorted(os.path.basename(p)
                 for p in glob.glob(os.path.join(REPO, "tests", "scripts", "*.txt")))
CASES = [(s, b) for b in BOARDS for s in SCRIPTS]
SIZES = ("pybadge", "clue_nrf52840_express", "adafruit_feather_esp32s3_reverse_tft",
         "lilygo_tdisplay_s3")
if os.environ.get("SCREENS_FIT") != "all":
    CASES = [(s, b) for s, b in CASES if b in SIZES and s in (
        "menus.txt", "dx_pass.txt", "p10_person.txt", "p10b_pass.txt", "p10_computers.txt")]


def problems_in(script, board_id, nvm):
    """The fit problems of every screen the script shows on the board, each with its line."""
    with open(os.path.join(REPO, "tests", "scripts", script)) as f:
        steps = emscript.parse(f.read(), script)
    found = []
    last = [None]
    with Machine(board_id, seed=1, nvm_path=nvm) as m:
        m.boot()

        def check(number, cmd, arg):
            text = m.screen_text()
            if text != last[0]:
                last[0] = text
                top = find_app(m.display).stack[-1]
                found.extend("line %d: %s" % (number, p) for p in fit_problems(m.display, top))

        emscript.run(m, steps, screenshots=os.path.join(REPO, "out", "fit", board_id),
                     name=script, after=check)
    return found


@pytest.mark.parametrize("script,board_id", CASES, ids=["%s-%s" % (b, s[:-4]) for s, b in CASES])
def test_every_screen_of_the_script_fits_the_board(script, board_id, tmp_path):
    problems = problems_in(script, board_id, str(tmp_path / "nvm.bin"))
    assert not problems, "%d problems on the %s, the first: %s" % (
        len(problems), board_id, "\n".join(problems[:10]))


def test_the_fit_check_finds_a_label_off_the_screen(tmp_path):
    """The check itself: a label moved past the screen's right edge is reported."""
    with Machine("pybadge", seed=1, nvm_path=str(tmp_path / "nvm.bin")) as m:
        m.boot()
        m.run(300)
        top = find_app(m.display).stack[-1]
        assert fit_problems(m.display, top) == []
        label = visible_labels(m.display)[0][0]
        label.x += m.display.width
        assert any(p.startswith("off screen: ") for p in fit_problems(m.display, top))
