"""The whole firmware under real MicroPython (the Unix port, heap capped): the CircuitPython
stand-ins of tests/micropython/cpstubs/, driven by the emulator's scripts, must show the same
text on every screen as the emulator (which runs the firmware on CPython with Blinka)."""

import functools
import glob
import os
import re

import pytest

from tools.micropython_firmware import REPO, emulator_snapshots, run_script

BIG = 4000000  # behaviour here, not memory: tests/test_ram_budget.py caps the heap
# every script: boot, the menus, whole games (a script added there is compared too)
SCRIPTS = sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, "tests", "scripts", "*.txt")))
# the longest games and the computers' games, whose screens the people's games show too:
# compared in the long run only (MICROPYTHON_SCREENS=all, README.md); tests/test_ram_budget.py
# runs them under MicroPython to their end in every suite
LONG = ("p10_hard.txt", "p10_pass.txt", "p10b_hard.txt", "session3.txt", "session_long.txt",
        # computers only: their screens are the person's games' computer turns and summaries
        "dx_hard.txt", "p10_computers.txt", "p10b_computers.txt")
if os.environ.get("MICROPYTHON_SCREENS") != "all":
    SCRIPTS = [p for p in SCRIPTS if os.path.basename(p) not in LONG]
ALL_BOARDS = ("pybadge", "pygamer", "clue_nrf52840_express", "adafruit_feather_esp32s3_reverse_tft",
              "lilygo_tdisplay_s3", "pimoroni_picosystem")
# the CLUE (two buttons, long presses, 240x240) plays a person's game of each game; the same
# screens' code draws the longer games, which the PyBadge plays
CLUE_SCRIPTS = ("dx_pass.txt", "p10_person.txt", "p10b_pass.txt")
# the menus on every board (its wiring, screen size, long presses); the other scripts on the
# PyBadge, and a person's game of each game on the CLUE
CASES = [("tests/scripts/menus.txt", b) for b in ALL_BOARDS] + [
    (p, "pybadge") for p in SCRIPTS if not p.endswith("menus.txt")] + [
    ("tests/scripts/" + n, "clue_nrf52840_express") for n in CLUE_SCRIPTS]


def _masked(snapshots):
    """Free memory is the one figure that differs by design (the emulator estimates it)."""
    return [(n, re.sub(r"Free memory \d+ KB", "Free memory N KB", t)) for n, t in snapshots]


def _first_difference(mp, emu):
    for a, b in zip(mp, emu):
        if a != b:
            return "line %d\nMicroPython:\n%s\n\nemulator (line %d):\n%s" % (a[0], a[1], b[0], b[1])
    return "MicroPython %d screens, emulator %d" % (len(mp), len(emu))


def _assert_screens_match(path, board, repo=REPO):
    with open(os.path.join(REPO, path)) as f:
        script = f.read()
    r = run_script(script, board=board, heap=BIG, repo=repo, snapshots=True)
    assert r.status == 0, r.message
    mp = _masked(r.snapshots)
    emu = _masked(emulator_snapshots(script, board=board))
    assert len(mp) > 5
    assert mp == emu, _first_difference(mp, emu)


@pytest.mark.parametrize("path,board", CASES)
def test_screens_match_the_emulator(path, board):
    _assert_screens_match(path, board)


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    from tools.micropython_firmware import compiled_tree

    return compiled_tree(str(tmp_path_factory.mktemp("compiled")))


@pytest.mark.parametrize("name", ("menus.txt", "p10_person.txt", "p10b_pass.txt", "dx_pass.txt"))
def test_screens_match_the_emulator_as_deploy_compiles_the_app(compiled, name):
    """Installed as deploy compiles it (.mpy, each literal text key as its hash:
    tools/deploy_lib/layout.device_source), the firmware shows the same text on every screen of
    the menus and of a person's game of each game as the emulator running the sources."""
    _assert_screens_match(os.path.join("tests", "scripts", name), "pybadge", compiled)


def test_the_game_screens_and_decisions_are_measured():
    with open(os.path.join(REPO, "tests", "scripts", "p10_person.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    names = [s["name"] for s in r.screens]
    assert "MainMenu" in names and "NewGame" in names
    assert any(n.endswith(":Turn") for n in names), names  # a game's screen, named by its game
    with open(os.path.join(REPO, "tests", "scripts", "p10_computers.txt")) as f:
        r = run_script(f.read(), heap=BIG, snapshots=True)
    assert r.status == 0, r.message
    assert len(r.decisions) > 100  # a whole game between computer players
    assert all(d["alloc"] > 0 and d["live"] > r.boot_live for d in r.decisions)
    assert r.end_live is not None and r.snapshots[-1][1].startswith("Pocket Phase 10")


def test_back_from_a_game_the_app_starts_again_on_a_new_port():
    """Leaving a game and its end restart the app (``supervisor.reload``), and the runner
    starts the port again as a board starts a new VM: the script goes on where it was (the NVM
    kept: Continue, then the statistics), and the main menu after each restart holds no more
    heap nor names than the first one did, whatever the game had loaded."""
    with open(os.path.join(REPO, "tests", "scripts", "dx_pass.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    assert r.status == 0, r.message
    assert len(r.reloads) == 2  # Leave game, then the end of the continued game
    menus = [s for s in r.screens if s["name"] == "MainMenu"]
    first, after = menus[0], [s for s in menus if s["ms"] > r.reloads[0]]
    assert len(after) >= 2
    for s in after:
        assert s["names"] <= first["names"] + 256, (s, first)
        assert s["live"] <= first["live"] + 2048, (s, first)


def test_a_failed_expect_is_reported_with_its_line():
    r = run_script("wait 300\nexpect Pocket Phase 10\nkey DOWN\nexpect No such text\n", heap=BIG)
    assert r.status == 1
    assert r.message.startswith("@@fail 4 expect 'No such text'")


def test_a_key_the_board_cannot_make_fails_only_where_it_is_reached():
    """As in the emulator: a key the board has no way to make (SELECT on the CLUE) in a block
    the script does not enter is no error; reached, it fails the run with its line."""
    skipped = "wait 300\nif No such text\n  key SELECT\nend\nexpect Pocket Phase 10\n"
    r = run_script(skipped, board="clue_nrf52840_express", heap=BIG)
    assert r.status == 0, r.message
    r = run_script("wait 300\nkey SELECT\n", board="clue_nrf52840_express", heap=BIG)
    assert r.status == 1
    assert r.message.startswith("@@fail 2 the Adafruit CLUE has no way to make SELECT")


def test_a_memory_error_is_reported():
    r = run_script("wait 300\n", heap=40000)  # the menus need more; the runner itself boots
    assert r.status == 3
    assert "MemoryError" in r.message


def test_every_import_of_the_app_is_counted():
    r = run_script("wait 300\n", heap=BIG)
    names = "+".join(n for n, _, _ in r.imports)
    for mod in ("firmware.app", "firmware.ui", "firmware.menus", "boards.pybadge"):
        assert mod in names
    assert all(cost > 0 for _, cost, _ in r.imports)
    # the interned names are split off each import: a share of it, and some for every module
    assert all(0 <= qs < cost for _, cost, qs in r.imports)
    assert sum(qs for _, _, qs in r.imports) > 0
    assert r.boot_live > 0 and r.screens[0]["name"] == "MainMenu"


def test_the_stand_ins_read_the_wiring_of_the_board():
    # on the CLUE a short press of A is DOWN, of B is UP, a long press of A is A; the
    # PyBadge's A is its own button
    r = run_script("wait 300\npress A\npress B\nexpect Pocket Phase 10\npress A 800\n"
                   "expect Edition\n",
                   board="clue_nrf52840_express", heap=BIG)
    assert r.status == 0, r.message
    r = run_script("wait 300\npress A\nexpect Edition\n", board="pybadge", heap=BIG)
    assert r.status == 0, r.message


def test_drawn_text_interns_no_letter():
    """MicroPython interns every letter taken from a str one by one (iterating it, indexing
    it): a name kept for good, wherever the heap had room when that letter was first drawn, so
    each new letter split the heap for the rest of the run. The app's text is read from its
    UTF-8 bytes (``firmware.font.code_at``): after the menus, shown in Russian and in Polish
    too, no letter outside ASCII is an interned name."""
    with open(os.path.join(REPO, "tests", "scripts", "menus.txt")) as f:
        r = run_script(f.read(), heap=BIG, names_at_end=True)
    assert r.status == 0, r.message
    assert len(r.end_names) > 100  # the app's own names: the list is there
    letters = [n for n in r.end_names if len(n) == 1 and ord(n) > 127]
    assert not letters, letters


def test_P10B_6_the_turn_screens_modules_load_once_the_choice_of_cards_is_gone():
    """A person's choice of cards (``Pick``) followed by their PLAY in the board game: when the
    turn screen's module begins to load, the choice's screen and its module are gone from the
    heap. MicroPython's collector sees every slot of a running function's stack, also one
    holding a screen it has called and is done with: the app gives the keys and the time to a
    screen from functions of their own (``App._keys``, ``App._tick``), whose frames are gone
    before the next screen is made. Before, the choice stayed until the turn screen was made
    (22 KB on the 32-bit VM), and a person's board game needed 156,875 bytes of a PyBadge's heap
    by bisection, not 138,281."""
    with open(os.path.join(REPO, "tests", "scripts", "p10b_pass.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    assert r.status == 0, r.message
    pick_cost = max(cost for name, cost, _ in r.imports if name.startswith("firmware.phase10board.pick"))
    checked = 0
    for name, live, ms in r.import_live:
        if not name.startswith("firmware.phase10board.play"):
            continue
        before = [s for s in r.screens if s["ms"] <= ms]
        if before[-1]["name"] != "phase10board:Pick":
            continue
        assert live <= before[-1]["live"] - pick_cost, (ms, live, before[-1])
        checked += 1
    assert checked


@functools.lru_cache(maxsize=None)
def _run(script, board="pybadge"):
    """A script of tests/scripts run once under MicroPython with plenty of heap."""
    with open(os.path.join(REPO, "tests", "scripts", script)) as f:
        r = run_script(f.read(), board=board, heap=BIG)
    assert r.status == 0, r.message
    return r


def turn_gone_when_loading(r, module):
    """How many times ``module`` began to load right after a Phase 10 turn screen, each time
    with that screen and its modules gone from the heap (asserted: at most the turn's heap less
    its module's cost in use)."""
    turn_cost = max(cost for name, cost, _ in r.imports if name.startswith("firmware.phase10.turn"))
    checked = 0
    for name, live, ms in r.import_live:
        before = [s for s in r.screens if s["ms"] <= ms][-1]
        if name.startswith(module) and before["name"] == "phase10:Turn":
            assert live <= before["live"] - turn_cost, (ms, live, before)
            checked += 1
    return checked


def test_the_pause_menu_loads_once_the_turn_screen_is_gone():
    """A person's Phase 10 game paused on the turn screen: the pause menu takes the turn's
    place (``Session.over``), so when its module begins to load the turn screen and its
    module are gone from the heap; the turn is made again as it was left on resume. Before,
    the pause menu and its pages loaded over the turn, the tightest moment of the game."""
    assert turn_gone_when_loading(_run("p10_person.txt", "clue_nrf52840_express"), "firmware.pause")


def test_the_computers_screen_loads_once_the_persons_turn_screen_is_gone():
    """A person's Phase 10 move hands the game to the computers: when the computers' screen's
    module begins to load, the turn screen and its modules are gone from the heap. The main
    loop makes the new screen (``Session.show_new``, ``App.later``) once the functions that saw
    the old one have returned (CircuitPython's VM, where made from them a value they had used
    kept the turn alive, checks the same: tests/test_bench_ram_vm.py)."""
    assert turn_gone_when_loading(_run("p10_hard.txt"), "firmware.turns")


def test_a_computer_player_is_made_for_each_decision_and_goes_with_its_modules():
    """Every computer decision makes its player and drops it once it has chosen, with the
    modules it loaded (``Session.computer_choice``): each decision of a Phase 10 game between
    an easy, a normal and a hard computer loads its level's module again, so none is loaded
    under the screen that shows a move, nor at the next decision."""
    with open(os.path.join(REPO, "tests", "scripts", "p10_computers.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    assert r.status == 0, r.message
    hard = [d for d in r.decisions if d["bot"] == "hard"]
    loads = [name for name, _, _ in r.imports if name.startswith("shared_rules.phase10.hard")]
    assert len(hard) > 30 and len(loads) == len(hard), (len(loads), len(hard))


def test_P10C_16_a_hand_ended_by_a_computer_is_saved_without_the_computer_players():
    """A computer's move ends a hand (P10C-16): the finished hand is saved (the save's modules
    loaded for the moment) once the computers' screen, the computer player and its modules
    (the level's, the solver) are gone, just before the summary is made
    (``Session._hand_summary``). Before, the save loaded over them all: the heap's top of a
    hand's end between computers."""
    r = _run("p10_hard.txt")
    bots = max(cost for name, cost, _ in r.imports if name.startswith("shared_rules.phase10.hard"))
    checked = 0
    for name, live, ms in r.import_live:
        decided = [d for d in r.decisions if d["ms"] <= ms]
        if name.startswith("firmware.saves") and decided and decided[-1]["ms"] == ms:
            assert live <= decided[-1]["live"] - bots, (ms, live, decided[-1])
            checked += 1
    assert checked


def test_P10B_5_a_computers_board_and_a_hands_summary_are_made_once_the_screen_before_is_gone():
    """Between computers: the board screen that shows a computer's roll is made once the
    computers' screen is gone (``App.later``, not from its tick), and each hand's summary once
    the screen before it is gone; the summary's modules go when it has been read, and the next
    summary loads them again."""
    with open(os.path.join(REPO, "tests", "scripts", "p10b_computers.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    assert r.status == 0, r.message

    def screen_before(ms):
        return [s for s in r.screens if s["ms"] <= ms][-1]

    boards = summaries = 0
    for name, live, ms in r.import_live:
        before = screen_before(ms)
        if name.startswith("firmware.phase10board.board") and before["name"].endswith(":ComputerTurns"):
            assert live < before["live"], (ms, live, before)
            boards += 1
        if name.startswith("firmware.summary"):
            assert live < before["live"], (ms, live, before)
            summaries += 1
    assert boards and summaries > 1  # a summary per hand: its module loaded for each


def test_P10B_5_a_computers_roll_is_shown_without_the_computer_players():
    """A computer's roll on the board screen: the player has chosen before it is made, and it
    goes with its modules (the level's, the solver) once it has (``Session.computer_choice``):
    the screen finds the heap it held, and the next decision makes a player again. Before, a
    game between computers made them once and kept them under every board screen."""
    with open(os.path.join(REPO, "tests", "scripts", "p10b_computers.txt")) as f:
        r = run_script(f.read(), heap=BIG)
    assert r.status == 0, r.message
    order = [name for name, _, _ in r.imports]
    boards = [i for i, name in enumerate(order) if name.startswith("firmware.phase10board.board")]
    assert len(boards) > 2
    last = 0
    for i in boards:  # a player is made again for every roll
        assert any(n.startswith("shared_rules.phase10board.bots") for n in order[last:i]), i
        last = i
