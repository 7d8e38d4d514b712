"""The game protocol on the device (issue 8, docs/firmware-games.md): a game registered only from
the tests (Pig, tests/pig.py and tests/pig_screens.py) goes through the main menu, the set-up
screen (its variants from its registry entry), the decision loop on the emulated board, the
pause menu, statistics and Continue without a line of firmware naming it; its saved game
survives a power cut at every byte of the save; and a Phase 10 game played on the emulated
board with the hardware chance source (``os.urandom``, not the seeded generator) replays to the
same ending with tools.replay from the record the device wrote on its drive."""

import importlib
import os
import sys

import pytest

from emulator import specs
from emulator.standins import FileNVM, PowerCut
from tests.scripts.phase10_driver import Driver
from tests.test_emulator import make_drive
from shared_rules.desktop import errors as E

PIG_MODULES = ("tests.pig", "tests.pig_screens")


def _register(registry, entry):
    """Add a game to this copy of the registry (``shared_rules.desktop.games.register`` does it
    for the desktop's copy; a running device has its own)."""
    registry.GAMES[:] = [e for e in registry.GAMES if e.gid != entry.gid] + [entry]


def register_pig(d):
    """Register Pig in the registry of the running device (its own copy of the rules core):
    tests/pig.py is imported afresh so that it raises the device's RuleError."""
    for name in PIG_MODULES:
        sys.modules.pop(name, None)
    pig = importlib.import_module("tests.pig")
    d.booted  # the App of this boot
    _register(sys.modules["shared_rules.registry"], pig.ENTRY)  # the device's own registry
    d.booted.home()  # the main menu lists the games again
    return pig


@pytest.fixture
def pig_board(tmp_path):
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=5)
    d.boot()
    pig = register_pig(d)
    yield d, pig
    d.close()
    for name in PIG_MODULES:
        sys.modules.pop(name, None)


def new_pig(d, players="2", target="30"):
    d.menu_choose("Pig")
    assert d.top.menu.items[0].split() == ["Target", "30"]  # the entry's variant, default first
    d.set_row("Target", target)
    d.set_row("Players", players)
    d.menu_choose("Start")
    if type(d.top).__name__ == "Overwrite":
        d.menu_choose("Start new game")


def pig_step(d):
    """Answer the screen shown: roll until 8 points this turn, then hold."""
    t = d.top
    name = type(t).__name__
    if name == "PigTurn":
        d.wait_guard()
        st = t.session.state
        want = 1 if st.turn_total >= 8 else 0
        d.menu_to(want)
        d.key("A")
    elif name == "ComputerTurns":
        while d.top is t:
            d.m.run(20)
    elif name == "Summary":
        if t.final:
            return "end"
        d.key("A")
    else:
        raise AssertionError("unexpected screen " + name + ":\n" + d.text())
    return name


def test_pig_from_the_tests_through_set_up_decisions_statistics_and_continue(pig_board):
    d, pig = pig_board
    assert "Pig" in d.top.menu.items  # the main menu lists it from the registry
    new_pig(d)
    t = d.top
    assert type(t).__name__ == "PigTurn" and t.session.entry.gid == pig.ENTRY.gid
    assert t.session.state.target == 30 and t.session.state.n == 2
    # a refused move names its reason by the rule's code: hold before any roll
    d.menu_to(1)
    d.key("A")
    assert d.top is t and "Roll first" in d.text()
    seen = set()
    for _ in range(3000):
        got = pig_step(d)
        seen.add(got)
        if got == "end":
            break
    else:
        raise AssertionError("the Pig game never ended")
    assert {"PigTurn", "ComputerTurns"} <= seen
    assert "Game over" in d.text() and " wins!" in d.text()
    d.key("A")  # back from the game the app starts again (firmware.app ``_menu``): its boot
    register_pig(d)  # has no Pig until the test registers it again
    assert d.top.menu.items[0] != "Continue"
    d.menu_choose("Statistics")  # counted under Pig, by game id
    lines = d.text().split("\n")
    assert "Pig" in lines and any(line.split()[:2] == ["ANN", "1"] for line in lines), lines
    d.key("B")

    # Continue: a second game, left from the pause menu (START) and continued exactly
    new_pig(d, players="3", target="50")
    for _ in range(6):
        pig_step(d)
    while type(d.top).__name__ != "PigTurn":
        pig_step(d)
    codec = importlib.import_module("shared_rules.save")
    before = codec.encode(d.top.session.state, pig.ENTRY.gid)
    d.wait_guard()
    d.key("START")
    assert type(d.top).__name__ == "PauseMenu" and "Paused: Pig" in d.text()
    d.menu_choose("Leave game")
    assert d.top.menu.items[0] == "Continue"
    d.m.power_cut()
    register_pig(d)
    d.continue_game()
    t = d.top
    assert type(t).__name__ == "PigTurn" and t.session.entry.gid == pig.ENTRY.gid
    assert codec.encode(t.session.state, pig.ENTRY.gid) == before
    assert t.session.state.target == 50 and t.session.state.n == 3


def test_a_saved_game_the_registry_does_not_know_is_refused_with_a_message(pig_board):
    """A saved Pig game after a boot where Pig is not registered: Continue says why and removes
    it, never a crash."""
    d, pig = pig_board
    new_pig(d)
    pig_step(d)
    d.wait_guard()
    d.key("START")
    d.menu_choose("Leave game")
    d.m.power_cut()  # the new boot has no Pig
    d.continue_game()
    assert "could not be read and has been removed" in " ".join(d.text().split())
    assert "unknown game number 100" in " ".join(d.text().split())
    d.key("A")
    assert d.top.menu.items[0] != "Continue"


@pytest.mark.parametrize("model", ["clue", "pybadge"])
def test_pig_save_survives_a_power_cut_at_every_byte(model):
    """A Pig game saved through the device's store (saves.pack_game around the codec blob,
    game id from the registry): a cut at every step of the save leaves the previous saved game
    or the new one, each of which Continue's reading decodes to an equal game (or, where the
    board erases all of its NVM for a save, nothing at all)."""
    from emulator.machine import Machine

    with Machine("pybadge", nvm_path=None) as m, m.environment():
        for name in PIG_MODULES:
            sys.modules.pop(name, None)
        try:
            _pig_save_cuts(model)
        finally:
            for name in PIG_MODULES:
                sys.modules.pop(name, None)


def _pig_save_cuts(model):
    from firmware import nvmstore, play, saves
    from shared_rules import registry
    from shared_rules import save as codec
    from shared_rules.rng import Rng
    from tests import pig

    _register(registry, pig.ENTRY)
    if True:
        flash = {"clue": specs.NRF52840, "pybadge": specs.SAMD51}[model]

        def store(nvm):
            return nvmstore.Store(nvm, flash.unit, False)

        g = pig.new_game(3, {"target": "50"}, Rng(4))
        blobs = []
        for move in ((pig.ROLL,), (pig.ROLL,), (pig.HOLD,), (pig.ROLL,)):
            try:
                g.apply(move)
            except Exception:
                g.apply((pig.ROLL,))
            blobs.append(saves.pack_game(100, b"\x00\x02\x01", ["ANN", "BOB", "CAT"],
                                         codec.encode(g, 100), (1, 4)))
        old, new = blobs[0], blobs[-1]
        base = FileNVM(None, 8192, flash)
        store(base).game.save(old)
        trial = FileNVM(None, 8192, flash)
        trial.data[:] = base.data
        trial.cut_after(10 ** 6)
        store(trial).game.save(new)
        steps = 10 ** 6 - trial._cut_in
        assert steps > len(new)  # every byte of the image, and the erase
        outcomes = set()
        for cut in range(steps + 1):
            nvm = FileNVM(None, 8192, flash)
            nvm.data[:] = base.data
            s = store(nvm)
            nvm.cut_after(cut)
            try:
                s.game.save(new)
            except PowerCut:
                pass
            nvm.cut_after(None)
            got = store(nvm).game.load()
            if got is None:
                assert model == "pybadge", cut  # the SAMD51's block was being erased
                outcomes.add("none")
                continue
            assert got in (old, new), cut
            outcomes.add("new" if got == new else "old")
            entry = play.saved_entry(got)
            gid, state = codec.decode(saves.unpack_game(got)[3])
            assert gid == entry.gid == 100 and saves.record_mark(got) == (1, 4)
            assert codec.encode(state, 100) == saves.unpack_game(got)[3]
        assert {"old", "new"} <= outcomes
        # and a blob cut short at any byte is refused with the codec's reason, never a crash
        blob = saves.unpack_game(new)[3]
        for n in range(len(blob)):
            with pytest.raises(Exception) as e:
                codec.decode(blob[:n])
            assert type(e.value).__name__ == "RuleError" and E.rule(e.value) == "SAVE"


def test_hardware_source_game_replays_from_the_record_the_device_wrote(tmp_path):
    """A Phase 10 game on the emulated board booted from a CIRCUITPY folder: chance from the
    board's os.urandom through firmware.hwrandom.Hardware; the record the device wrote into
    records/ replays with tools.replay to the same ending (winners, places, points, phases)."""
    drive = tmp_path / "CIRCUITPY"
    make_drive(drive)
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=9, drive=str(drive))
    d.boot()
    d.new_game("2020", "5", "standard", ("person", "normal", "easy"))
    t = d.top
    while type(t).__name__ not in ("Turn", "ComputerTurns", "Cover"):
        t = d.top
    session = t.session
    assert type(session.state.source).__name__ == "Hardware"
    assert session.record is not None
    d.play_to_end()
    st = session.state
    device = (list(st.winners), st.ranking(), list(st.scores), [st.completed(s) for s in range(st.n)])
    d.close()
    files = sorted(os.listdir(drive / "records"))
    assert files == ["g1.txt"]
    text = (drive / "records" / "g1.txt").read_text()
    assert "game: phase10" in text and "\n= " in text and "seed:" not in text

    from tools import replay

    game = replay.replay(text)
    assert game.over
    assert (list(game.winners), game.ranking(), list(game.scores),
            [game.completed(s) for s in range(game.n)]) == device
    out = replay.outcome(game)
    assert out[0].startswith("winner") and "p1" in out[1]


def test_the_record_holds_few_lines_between_writes(tmp_path):
    """A round's lines are not held in RAM until the round ends (a hundred lines of Phase 10
    against hard computers, a few KiB of small strings on a board): ``firmware.gamerec`` appends
    them to the drive whenever ``HOLD`` are waiting, and the file is the record a recorder
    holding every line writes."""
    from firmware import gamerec
    from shared_rules import registry
    from shared_rules.record import Recorder
    from shared_rules.rng import Rng

    entry = registry.by_key("phase10")
    os.mkdir(tmp_path / "records")
    gr = gamerec.GameRecord(str(tmp_path), 1, Recorder(entry, 4, {}, Rng(5)), 0)
    whole = Recorder(entry, 4, {}, Rng(5))
    mod = registry.module(entry)
    bots = [registry.player(mod, "hard", Rng(i)) for i in range(4)]
    game = gr.rec.game
    held = 0
    rounds = game.round_no
    while game.round_no < rounds + 2:
        move = bots[game.pending[0]].choose(game.view(game.pending[0]))
        gr.play(move)
        whole.play(move)
        held = max(held, len(gr.rec.lines))
    assert held < gamerec.HOLD and gr.moves > 4 * gamerec.HOLD
    assert gr.flush()
    assert (tmp_path / "records" / "g1.txt").read_text() == "".join(l + "\n" for l in whole.lines)


def test_a_continued_game_still_replays_from_its_record(tmp_path):
    """Power cut in the second hand, after the record was flushed and saved at the end of the
    first: Continue cuts the record back to the saved moves and appends, and the whole record
    still replays to the game's ending."""
    from tests.test_play_phase10 import _play_until, _turn

    drive = tmp_path / "CIRCUITPY"
    make_drive(drive)
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3, drive=str(drive))
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    t = _play_until(d, _turn("play"))
    d.row(t, (d.T.A_SORT, 0))
    before = (drive / "records" / "g1.txt").read_text()
    with open(drive / "records" / "g1.txt", "a") as f:  # flushed, then the cut came before the save
        f.write("= 3 1 4\np1 draw\np1 discard R1\n")
    d.m.power_cut()
    d.continue_game()
    session = d.top.session
    assert session.record is not None and session.record.number == 1
    d.play_to_end()
    st = session.state
    device = (list(st.winners), list(st.scores), [st.completed(s) for s in range(st.n)])
    d.close()
    text = (drive / "records" / "g1.txt").read_text()
    assert "# continued" in text and text.startswith(before) and "= 3 1 4" not in text.split("\n")
    from tools import replay

    game = replay.replay(text)
    assert (list(game.winners), list(game.scores), [game.completed(s) for s in range(game.n)]) == device
