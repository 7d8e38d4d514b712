"""End to end: deploy the real app into a folder, then boot the emulator from that folder.

This is what a user gets with ``--py`` (the emulator runs sources, not .mpy files): the
emulator's ``--drive`` mode imports the app only from the drive (code.py, lib/), as
CircuitPython does, so a file the deploy forgot, or a module of another
board it left off but the app needs, fails here. The headless script must reach the main menu.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from emulator.serial_board import SerialBoard, boot_out_text
from tools.deploy_lib import boards, cli

REPO = Path(__file__).resolve().parents[1]
MAIN_MENU = "wait 500\nexpect Pocket Phase 10\nexpect Phase 10 Board\nexpect Dice Express\n"


def boot_emulator(drive, board_id, tmp_path):
    script = tmp_path / "main-menu.txt"
    script.write_text(MAIN_MENU)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", POCKET_EMULATOR_WINDOW="0")
    return subprocess.run(
        [sys.executable, "-m", "emulator", "--board", board_id, "--drive", str(drive),
         "--headless", "--script", str(script), "--screenshots", str(tmp_path / "shots"),
         "--nvm", str(tmp_path / "nvm.bin")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def fresh_drive(path, board_id):
    path.mkdir()
    (path / "boot_out.txt").write_text(boot_out_text(board_id))
    (path / "code.py").write_text('print("Hello World!")\n')
    return path


@pytest.mark.parametrize("board_id", list(boards.BOARDS))
def test_deployed_folder_boots_to_the_main_menu(board_id, tmp_path, capsys):
    drive = fresh_drive(tmp_path / "CIRCUITPY", board_id)
    # --py: the emulator runs the sources (CPython cannot run .mpy files)
    assert cli.main(["--drive", str(drive), "--py"]) == 0, capsys.readouterr().err
    run = boot_emulator(drive, board_id, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


def test_app_deployed_over_serial_boots_to_the_main_menu(tmp_path, capsys):
    drive = fresh_drive(tmp_path / "flash", "pybadge")
    with SerialBoard(drive, "pybadge") as board:
        assert cli.main(["--port", board.port, "--py"]) == 0, capsys.readouterr().err
    run = boot_emulator(drive, "pybadge", tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
