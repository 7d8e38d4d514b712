"""NVM wear: whole games played by key presses on each emulated board, whose NVM erases the way
that board's CircuitPython 10 does (emulator/standins.py), stay inside the erase budget of the
save policy (docs/firmware.md, Saving); and what a power cut in the middle of a hand loses.

The long figures (ten phases, four players, per board) are tools/bench_saves.py's."""

import pytest

from emulator import specs
from firmware import nvmstore, saves
from tests.scripts.phase10_driver import Driver

BOARDS = list(specs.SPECS)


def _one_per_nvm():
    """A board of each way of keeping the NVM (the PyGamer's is the PyBadge's SAMD51, the
    Feather's the T-Display's ESP32-S3 NVS of the same pages): whole games on the others would
    wear their NVM the same."""
    seen = {}
    for b in BOARDS:
        s = specs.spec(b)
        f = s.flash
        seen.setdefault((f.kind, f.unit, s.nvm_size, getattr(f, "nvs_pages", 0)), b)
    return list(seen.values())


def store_of(m):
    f = m.spec.flash
    return nvmstore.Store(m.nvm, f.unit, f.kind == "rp2040")


def blob_of(session):
    """The save blob of a session's game, as the firmware saves it."""
    if hasattr(session, "entry"):
        from shared_rules import save as codec

        return codec.encode(session.state, session.entry.gid)
    return session.rules.encode(session.state)


def budget(board_id, hands):
    """The most erases any unit may take in a game of ``hands`` hands: one save per hand (the
    last with the statistics), into the two places in turn (two pages on the nRF52840, one block
    on the SAMD51); on the ESP32-S3 the 8 KiB blob (260 NVS entries of 32 bytes, 126 a page)
    filling the five NVS pages in turn."""
    f = specs.spec(board_id).flash
    if f.kind == "nvs":
        return -(-hands * 260 // (126 * f.nvs_pages)) + 1
    if f.unit < specs.spec(board_id).nvm_size:
        return -(-hands // 2)
    return hands


@pytest.mark.parametrize("board_id", _one_per_nvm())
def test_a_whole_game_keeps_to_the_erase_budget(board_id, tmp_path):
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=6, bot_seed=8)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal", "normal"))
    nvm = d.m.nvm
    writes, erases = nvm.writes, list(nvm.erases)  # after the set-up's settings
    end = d.play_to_end()
    assert end.split("\n")[0].startswith("Game over")  # "Game over 1/2" where it takes pages
    hands = d.top.session.state.hand_no
    used = [nvm.erases[i] - erases[i] for i in range(len(erases))]
    game_writes = nvm.writes - writes
    store = store_of(d.m)
    assert store.game.load() is None and store.stats.load() is not None
    if board_id == "pimoroni_picosystem":
        # every person's move is appended: the log starts again (one erase) only when it is
        # full, after 4096 // 400 images at least (an image of this game is under 400 bytes)
        assert game_writes > 2 * hands
        assert max(used) <= game_writes // (4096 // 400) + 1, (used, game_writes)
    else:
        assert game_writes <= hands, (game_writes, hands)  # one per hand, the last with stats
        assert max(used) <= budget(board_id, hands), (used, hands)
    for _ in range(4):  # A through the summary's pages to the main menu
        if hasattr(d.top, "menu"):
            break
        d.key("A")
    assert d.top.menu.items[0] != "Continue"
    d.close()


def _turn_in_hand_2():
    """The person's second turn of hand 2, after the draw (moves made since the hand began)."""
    seen = []

    def done(t):
        if type(t).__name__ == "Turn" and t.session.state.hand_no == 2 and t.mode == 1:
            turn = len(t.session.state.discard)
            if turn not in seen:
                seen.append(turn)
            return len(seen) >= 2
        return False
    return done


def _play_until(d, done, limit=5000):
    for _ in range(limit):
        if done(d.top):
            return d.top
        if d.step() == "end":
            raise AssertionError("the game ended first")
    raise AssertionError("never reached")


@pytest.mark.parametrize("board_id", ["clue_nrf52840_express", "pimoroni_picosystem", "pybadge",
                                      "adafruit_feather_esp32s3_reverse_tft"])
def test_a_power_cut_in_a_hand_loses_at_most_that_hand(board_id, tmp_path):
    """Power cut (no save under way) in the middle of hand 2: Continue comes back to the start
    of hand 2 (the first hand's result kept), or, where a save costs no erase (RP2040), to the
    person's last decision exactly."""
    d = Driver(board_id, nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    t = _play_until(d, lambda t: type(t).__name__ == "Turn" and t.session.state.hand_no == 2)
    hand_start = saves.unpack_game(store_of(d.m).game.load())[3]  # saved as hand 1 ended
    scores = list(t.session.state.scores)
    t = _play_until(d, _turn_in_hand_2())
    exact = blob_of(t.session)
    assert exact != hand_start
    d.m.power_cut()
    assert d.m.boots == 2 and d.top.menu.items[0] == "Continue"
    d.continue_game()
    while type(d.top).__name__ == "Summary":  # hand 1's summary once more
        d.step()
    session = d.top.session
    state = session.state
    assert blob_of(session) == (exact if board_id == "pimoroni_picosystem" else hand_start)
    assert list(state.scores) == scores
    d.close()


def test_leaving_saves_once_and_continue_comes_back_exactly(tmp_path):
    """B in the middle of a hand saves (one write) and Continue resumes the exact decision;
    leaving again without a move writes nothing."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    t = _play_until(d, _turn_in_hand_2())
    exact = blob_of(t.session)
    writes = d.m.nvm.writes
    d.leave()  # B: the pause menu, Leave game
    assert d.top.menu.items[0] == "Continue" and d.m.nvm.writes == writes + 1
    d.continue_game()
    assert blob_of(d.top.session) == exact
    d.leave()
    assert d.m.nvm.writes == writes + 1
    d.close()


@pytest.mark.parametrize("board_id", BOARDS)
def test_each_board_declares_the_nvm_its_circuitpython_has(board_id):
    """boards/<id>.py's NVM_* (what nvmstore.Store lays its images out by) agree with the emulator's
    model of that board's CircuitPython port (emulator/specs.py, from the port's source)."""
    import os
    import re

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "boards",
                        board_id + ".py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    got = {}
    for name in ("NVM_SIZE", "NVM_UNIT", "NVM_APPEND", "NVM_CYCLES"):  # (the last one _NVM_CYCLES)
        m = re.search(r"^_?" + name + r" = (?:const\()?(\w+)", text, re.M)
        assert m, name + " missing in boards/" + board_id + ".py"
        got[name] = m.group(1)
    spec = specs.spec(board_id)
    f = spec.flash
    assert int(got["NVM_SIZE"]) == spec.nvm_size
    assert int(got["NVM_UNIT"]) == (spec.nvm_size if f.kind == "nvs" else f.unit)
    assert got["NVM_APPEND"] == str(f.kind == "rp2040")
    assert int(got["NVM_CYCLES"]) == f.endurance


def test_a_new_game_that_replaces_a_saved_one_is_saved_at_once(tmp_path):
    """Starting a new game over a saved one writes the new game straight away (one write): a
    power cut in its first hand never brings back the game that was given up."""
    d = Driver("pybadge", nvm_path=str(tmp_path / "nvm.bin"), seed=3)
    d.boot()
    d.new_game("classic", "5", "standard", ("person", "normal"))
    _play_until(d, _turn_in_hand_2())
    d.leave()
    assert d.top.menu.items[0] == "Continue"
    writes = d.m.nvm.writes
    d.new_game("2020", "5", "standard", ("person", "normal"))  # "Start new game" over it
    state = d.top.session.state
    assert state.hand_no == 1 and d.m.nvm.writes - writes <= 2  # the set-up, the new game
    start = blob_of(d.top.session)
    assert saves.unpack_game(store_of(d.m).game.load())[3] == start
    d.m.power_cut()
    d.continue_game()
    assert blob_of(d.top.session) == start
    d.close()
