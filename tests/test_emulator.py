"""The emulator from the command line: the menu walk on every board (screenshots kept in
out/screens/<board>/ for a person to review), the README's run command on a machine without a
screen, the window, scripts that fail, a crashing firmware, --drive and --record."""

import os
import shutil
import subprocess
import sys

import pytest
from PIL import Image

from emulator import specs

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(REPO, "tests", "scripts")
SHOTS = ("01-main-menu", "02-settings", "03-settings-changed", "03b-button-test", "04-rules", "05-rules-card-phases",
         "06-rules-card-howto", "07-rules-board-phases", "08-rules-board-howto", "08b-rules-board-spaces",
         "09-rules-dice-howto", "10-about", "11-statistics", "12-new-game",
         "13-new-game-scrolled", "14-seat", "15-name", "16-new-game-changed", "17-board-game-setup")


def emulator(*args, env=None, cwd=REPO, timeout=300):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "emulator"] + list(args), cwd=cwd, env=full_env,
                          capture_output=True, text=True, timeout=timeout)


# the command line draws every refresh, as the board: on a d-pad board and a two-button one (the
# menus on every board: tests/test_screens_fit.py, tests/test_firmware_micropython.py)
@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
def test_menu_walk_on_the_command_line(board_id):
    out = os.path.join(REPO, "out", "screens", board_id)
    shutil.rmtree(out, ignore_errors=True)
    r = emulator("--headless", "--board", board_id, "--script",
                 os.path.join(SCRIPTS, "menus.txt"), "--screenshots", out)
    assert r.returncode == 0, r.stderr
    spec = specs.SPECS[board_id]
    for name in SHOTS:
        with Image.open(os.path.join(out, name + ".png")) as img:
            assert img.size == (spec.width, spec.height)
    assert sorted(os.listdir(out)) == sorted(n + ".png" for n in SHOTS)


def test_readme_run_command_without_a_screen_says_how_to_run_headless():
    env = {"SDL_VIDEODRIVER": "dummy", "DISPLAY": "", "WAYLAND_DISPLAY": "",
           "POCKET_EMULATOR_WINDOW": ""}
    r = emulator(env=env)
    assert r.returncode == 2
    assert "--headless" in r.stderr and "make play ARGS=" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_window_runs_a_script_and_saves_a_screenshot(tmp_path):
    script = tmp_path / "w.txt"
    script.write_text("wait 100\nexpect Pocket Phase 10\nkey DOWN\nexpect Phase 10 Board\n"
                      "screenshot w\n")
    r = emulator("--script", str(script), "--screenshots", str(tmp_path), "--nvm",
                 str(tmp_path / "nvm.bin"), env={"POCKET_EMULATOR_WINDOW": "1",
                                                 "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 0, r.stderr
    with Image.open(tmp_path / "w.png") as img:
        assert img.size == (160 * 3, 128 * 3)  # the window's default scale on a 160x128 board


def test_failed_expectation_exits_1_with_the_screen_and_a_screenshot(tmp_path):
    script = tmp_path / "f.txt"
    script.write_text("wait 100\nexpect Tetris\n")
    r = emulator("--headless", "--script", str(script), "--screenshots", str(tmp_path))
    assert r.returncode == 1
    assert "f.txt line 2: expected 'Tetris' on screen" in r.stderr
    assert "Dice Express" in r.stderr  # the screen text
    assert (tmp_path / "FAILED-line-2.png").exists()


@pytest.mark.parametrize("text, message", [
    ("prss A\n", "s.txt line 1: unknown command 'prss'"),
    ("wait soon\n", "s.txt line 1: 'wait' needs a whole number"),
    ("press\n", "s.txt line 1: 'press' needs an argument"),
    ("wait 10\npress Q\n", "s.txt line 2: the Adafruit PyBadge has no button 'Q'"),
    ("screenshot ../x\n", "s.txt line 1: a screenshot name is a plain file name"),
    ("repeat\nend\n", "s.txt line 1: use 'repeat N', 'repeat N until TEXT'"),
    ("repeat 0\nend\n", "s.txt line 1: use 'repeat N'"),
    ("repeat 5 unless Menu\nend\n", "s.txt line 1: use 'repeat N'"),
    ("wait 10\nrepeat 3 until Menu\nkey A\n", "s.txt line 2: a block with no 'end'"),
    ("wait 10\nend\n", "s.txt line 2: 'end' with no block to close"),
    ("if\nend\n", "s.txt line 1: 'if' needs the text to look for"),
    ("if Menu\nend now\n", "s.txt line 2: 'end' takes no argument"),
    ("repeat 2\n" * 9 + "end\n" * 9, "s.txt line 9: blocks nest at most 8 deep"),
])
def test_bad_scripts_are_explained(tmp_path, text, message):
    script = tmp_path / "s.txt"
    script.write_text(text)
    r = emulator("--headless", "--script", str(script), "--screenshots", str(tmp_path))
    assert r.returncode == 2
    assert message in r.stderr
    assert "Traceback" not in r.stderr


# The blocks: walk down to Settings, flip Sound until it is off and back on, leave with B until
# the main menu shows, then a block that is skipped and loops inside loops (down until
# Statistics scrolls into view, then up one: twice).
BLOCKS_SCRIPT = """wait 300
repeat 3
  key DOWN
end
key A
expect Sound on
repeat 4 while Sound on   # one pass
  key A
end
expect Sound off
repeat 4 until Sound on
  key A
end
repeat 10 until Pocket Phase 10
  key B
end
if-not Pocket Phase 10
  expect Tetris           # skipped
end
if Dice Express
  repeat 2
    repeat 3 until Statistics
      key DOWN
    end
    key UP
  end
end
key A
expect Dice Express how-to  # Rules: the walk ended on it
"""


def test_blocks_repeat_and_test_the_screen(tmp_path):
    script = tmp_path / "b.txt"
    script.write_text(BLOCKS_SCRIPT)
    r = emulator("--headless", "--script", str(script), "--screenshots", str(tmp_path))
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("text, message", [
    ("wait 300\nrepeat 3 until Tetris\n  key DOWN\nend\n",
     "b.txt line 2: 'Tetris' still not on screen after 3 passes"),
    ("wait 300\nrepeat 2 while Dice Express\n  key DOWN\nend\n",
     "b.txt line 2: 'Dice Express' still on screen after 2 passes"),
])
def test_a_repeat_that_does_not_end_in_its_passes_fails(tmp_path, text, message):
    script = tmp_path / "b.txt"
    script.write_text(text)
    r = emulator("--headless", "--script", str(script), "--screenshots", str(tmp_path))
    assert r.returncode == 1
    assert message in r.stderr
    assert (tmp_path / "FAILED-line-2.png").exists()


def test_blocks_run_alike_under_micropython():
    """The MicroPython runner (tests/micropython/fwrun.py) does the blocks as the emulator does:
    the same screens after the same lines, and the same failure."""
    from tools.micropython_firmware import emulator_snapshots, run_script

    r = run_script(BLOCKS_SCRIPT, heap=4000000, snapshots=True)
    assert r.status == 0, r.message
    emu = emulator_snapshots(BLOCKS_SCRIPT)
    assert r.snapshots == emu
    assert [n for n, _ in emu] == [1, 5, 8, 12, 15, 23, 28]
    r = run_script("wait 300\nrepeat 3 until Tetris\n  key DOWN\nend\n", heap=4000000)
    assert r.status == 1
    assert r.message.startswith("@@fail 2 repeat: 'Tetris' still not on screen after 3 passes")


def test_bad_options_are_explained():
    r = emulator("--headless", "--board", "gameboy")
    assert r.returncode == 2 and "unknown board 'gameboy'" in r.stderr
    r = emulator("--headless", "--script", "/nonexistent/script.txt")
    assert r.returncode == 2 and "cannot read the script" in r.stderr


def make_drive(root, compiled=()):
    """A folder laid out like CIRCUITPY: code.py at the top, the packages in lib/."""
    lib = root / "lib"
    lib.mkdir(parents=True)
    shutil.copy(os.path.join(REPO, "firmware", "code.py"), root / "code.py")
    ignore = shutil.ignore_patterns("__pycache__", "*.md", "code.py")
    for pkg in ("firmware", "boards", "shared_rules"):
        shutil.copytree(os.path.join(REPO, pkg), lib / pkg, ignore=ignore)
    # the app imports no Adafruit library any more (firmware.ui.Text draws its own labels)
    for rel in compiled:
        path = lib / rel
        path.with_suffix(".mpy").write_bytes(b"M\x06")
        path.unlink()


def test_drive_boots_from_a_circuitpy_folder(tmp_path):
    make_drive(tmp_path / "CIRCUITPY")
    r = emulator("--headless", "--drive", str(tmp_path / "CIRCUITPY"))
    assert r.returncode == 0, r.stderr
    assert "Pocket Phase 10" in r.stdout and "Dice Express" in r.stdout


def test_drive_missing_a_module_fails_like_the_board(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    make_drive(drive)
    (drive / "lib" / "shared_rules" / "crc.py").unlink()  # the NVM store's, at boot
    r = emulator("--headless", "--drive", str(drive))
    assert r.returncode == 1
    assert "no module named 'shared_rules.crc' on the drive" in r.stderr


def test_drive_with_compiled_modules_says_what_to_do(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    make_drive(drive, compiled=["firmware/app.py"])
    r = emulator("--headless", "--drive", str(drive))
    assert r.returncode == 1
    assert "'firmware.app' is on the drive only as compiled .mpy" in r.stderr


def test_a_crashing_firmware_is_reported_with_its_traceback(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "code.py").write_text("import board\nx = 1\nraise ValueError('boom')\n")
    r = emulator("--headless", "--drive", str(drive), "--screenshots", str(tmp_path))
    assert r.returncode == 1
    assert "the firmware crashed: ValueError: boom" in r.stderr
    assert "code.py" in r.stderr and "line 3" in r.stderr


def test_record_writes_an_animated_gif(tmp_path):
    script = tmp_path / "r.txt"
    script.write_text("wait 100\nkey DOWN\nkey DOWN\nkey A\nwait 100\n")
    gif = tmp_path / "run.gif"
    r = emulator("--headless", "--script", str(script), "--record", str(gif))
    assert r.returncode == 0, r.stderr
    with Image.open(gif) as img:
        assert img.n_frames >= 4
        assert img.size == (160, 128)


def test_an_nvm_path_that_is_no_file_is_explained(tmp_path):
    r = emulator("--headless", "--nvm", str(tmp_path))
    assert r.returncode == 2 and "is a folder" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "plain").write_text("")
    r = emulator("--headless", "--nvm", str(tmp_path / "plain" / "nvm.bin"))
    assert r.returncode == 2 and "is not a folder" in r.stderr and "Traceback" not in r.stderr
