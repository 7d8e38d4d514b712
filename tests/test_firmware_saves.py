"""Saving in the NVM (firmware/saves.py): power cut at every byte of a write restores the
previous or the new state, never a mix; damaged saves are reported once and ignored; the
settings record rejects impossible values; a board with a tiny NVM still works."""

import random
import struct

import pytest

from emulator import specs
from emulator.machine import Machine
from emulator.standins import FileNVM, PowerCut
from firmware import nvmstore, saves, settings
from shared_rules.save import crc16


def screen(m):
    """The screen's text on one line (labels wrap differently on each screen size)."""
    return " ".join(m.screen_text().split())


SETTINGS = bytes(range(34))
STATS = bytes(range(50, 92))
OLD = bytes(range(40))
NEW = bytes((i * 7) & 0xFF for i in range(230))

# NVM models: the board's flash, or None (a memory that takes bytes without erasing)
MODELS = {
    "plain": (None, 8192),
    "pybadge": (specs.SAMD51, 8192),
    "clue": (specs.NRF52840, 8192),
    "picosystem": (specs.RP2040, 4096),
    "esp32s3": (specs.ESP32S3, 8192),
}
# where a cut may lose every record: a single erase unit being erased and written again (the
# SAMD51's block, the RP2040's sector when its log starts again) or the ESP32's NVS blob, which
# CircuitPython erases before it writes the new one
MAY_LOSE_ALL = ("pybadge", "picosystem", "esp32s3")


def open_store(nvm, model):
    flash, size = MODELS[model]
    if flash is None:
        return nvmstore.Store(nvm, size // 2, False)
    return nvmstore.Store(nvm, flash.unit, flash.kind == "rp2040")


def fresh(model):
    flash, size = MODELS[model]
    nvm = FileNVM(None, size, flash)
    return nvm, open_store(nvm, model)


def copy(nvm):
    c = FileNVM(None, nvm.size, nvm.flash)
    c.data[:] = nvm.data
    return c


def records(store):
    return (store.settings.load(), store.stats.load(), store.game.load())


def game(i):
    return bytes(((i * 13 + j) & 0xFF for j in range(200 + i % 7)))


# 13 earlier saves fill the RP2040's log: the new save starts it again (an erase)
@pytest.mark.parametrize("before", [0, 1, 2, 13], ids=["blank", "one", "two", "log-full"])
@pytest.mark.parametrize("model", list(MODELS))
def test_power_cut_at_every_step_of_a_save(model, before):
    """A cut at every step of a save (during its erase, at every byte programmed) leaves the
    previous records or the new ones, never a mix; all are lost only where the board's NVM is
    one erase unit that the save erases (and on the RP2040 only when its log starts again)."""
    base, store = fresh(model)
    store.settings.save(SETTINGS)
    store.stats.save(STATS)
    for i in range(before):
        store.game.save(game(i))
    previous = records(store)
    new = (SETTINGS, STATS, NEW)
    trial = copy(base)
    s = open_store(trial, model)
    trial.cut_after(10 ** 6)
    s.game.save(NEW)
    steps = 10 ** 6 - trial._cut_in
    erases = sum(trial.erases)
    assert steps > 0 and records(open_store(trial, model)) == new
    if model == "picosystem":
        assert erases == (1 if before == 13 else 0)
    lost = 0
    for cut in range(steps + 1):
        nvm = copy(base)
        s = open_store(nvm, model)
        assert records(s) == previous
        nvm.cut_after(cut)
        try:
            s.game.save(NEW)
            finished = True
        except PowerCut:
            finished = False
        nvm.cut_after(None)
        after = open_store(nvm, model)
        got = records(after)
        assert finished == (cut >= steps)
        if finished:
            assert got == new
        elif got == (None, None, None):
            lost += 1
            assert model in MAY_LOSE_ALL and (erases or model == "esp32s3"), "cut at %d" % cut
        else:
            assert got in (previous, new), "cut after %d steps" % cut
            assert not after.damaged
    if model in ("plain", "clue"):
        assert lost == 0
    if model == "pybadge":
        assert lost > 0  # the model does show what the board risks


@pytest.mark.parametrize("model", list(MODELS))
def test_an_unchanged_record_is_not_written(model):
    nvm, store = fresh(model)
    store.settings.save(SETTINGS)
    store.game.save(NEW)
    writes = nvm.writes
    store.settings.save(SETTINGS)
    store.game.save(NEW)
    store.stats.clear()  # there is none
    assert nvm.writes == writes
    store.hold()
    store.game.clear()
    store.stats.save(STATS)
    assert nvm.writes == writes  # held: written at commit, once
    store.commit()
    assert nvm.writes == writes + 1
    assert records(open_store(nvm, model)) == (SETTINGS, STATS, None)


def test_the_nrf52840_keeps_the_two_places_in_its_two_pages():
    """Each save erases one page only, the pages in turn."""
    nvm, store = fresh("clue")
    for i in range(10):
        store.game.save(game(i))
    assert nvm.erases == [5, 5]


def test_the_rp2040_appends_into_erased_bytes_and_starts_again_when_full():
    nvm, store = fresh("picosystem")
    store.settings.save(SETTINGS)
    n = 0
    while nvm.erases == [0]:
        store.game.save(game(n))
        n += 1
    image = nvmstore.HEADER + 2 * nvmstore.RECORD + len(SETTINGS) + 200
    assert n >= 4096 // (image + 6)  # every save before the log was full cost no erase
    assert records(open_store(nvm, "picosystem")) == (SETTINGS, None, game(n - 1))


def test_a_torn_append_is_skipped_and_the_next_save_starts_the_log_again():
    nvm, store = fresh("picosystem")
    store.game.save(OLD)
    nvm.cut_after(20)
    with pytest.raises(PowerCut):
        store.game.save(NEW)
    store = open_store(nvm, "picosystem")
    assert store.game.load() == OLD and not store.damaged
    store.game.save(NEW)
    assert nvm.erases == [1]
    assert open_store(nvm, "picosystem").game.load() == NEW


def test_random_bytes_are_damaged_not_loaded():
    rng = random.Random(7)
    for _ in range(50):
        nvm = FileNVM(None, 4096)
        nvm.data[:] = bytes(rng.getrandbits(8) for _ in range(4096))
        store = nvmstore.Store(nvm, 2048, False)
        assert records(store) == (None, None, None)
        assert store.game.damaged and store.settings.damaged


def test_a_flipped_bit_in_a_saved_image_is_caught():
    nvm, store = fresh("plain")
    store.game.save(NEW)
    for pos in range(nvmstore.HEADER + nvmstore.RECORD + len(NEW)):
        for bit in (0, 7):
            c = copy(nvm)
            c.data[pos] ^= 1 << bit
            assert open_store(c, "plain").game.load() is None, "flip at byte %d bit %d" % (pos, bit)


def test_a_record_too_big_for_the_image_is_refused_without_writing():
    nvm = FileNVM(None, 256)
    store = nvmstore.Store(nvm, 128, False)
    store.game.save(b"x" * 20)
    before = bytes(nvm.data)
    with pytest.raises(ValueError):
        store.game.save(b"y" * 200)
    assert bytes(nvm.data) == before and store.game.load() == b"x" * 20
    assert store.game.fits(store.game.size) and not store.game.fits(store.game.size + 1)


def write_version_1(nvm, kind, offsets, payload, seq=3):
    """A record as version 1 wrote it: commit(0xA5) kind seq length crc16, then the payload."""
    rec = bytearray(8 + len(payload))
    struct.pack_into("<BBHHH", rec, 0, 0xA5, kind, seq, len(payload), 0)
    rec[8:] = payload
    struct.pack_into("<H", rec, 6, crc16(payload, crc16(rec[1:6])))
    nvm.data[offsets[0]:offsets[0] + len(rec)] = rec
    older = bytearray(rec)
    older[8:] = bytes(len(payload))  # the other slot: an older record, now a bad CRC
    nvm.data[offsets[1]:offsets[1] + len(rec)] = older


def test_version_1_saves_are_read_and_written_again_as_an_image():
    nvm, _ = fresh("clue")
    write_version_1(nvm, 0x53, (0, 4096), SETTINGS)
    write_version_1(nvm, 0x47, (64, 4160), NEW)
    write_version_1(nvm, 0x54, (4096 - 144, 8192 - 144), STATS)
    store = open_store(nvm, "clue")
    assert records(store) == (SETTINGS, STATS, NEW) and not store.damaged
    store.game.save(OLD)
    assert records(open_store(nvm, "clue")) == (SETTINGS, STATS, OLD)
    nvm.cut_after(5)  # the second image: a cut leaves the first
    with pytest.raises(PowerCut):
        store.game.save(NEW)
    assert records(open_store(nvm, "clue")) == (SETTINGS, STATS, OLD)


def test_settings_round_trip_and_refuse_impossible_values():
    s = settings.defaults()
    s.sound, s.marks, s.bright, s.speed, s.players = 0, 1, 2, 2, 6
    s.names[2] = "Z9Q"
    s.kinds[5] = 3
    t = settings.defaults()
    assert saves.load_settings(t, saves.settings_bytes(s))
    assert saves.settings_bytes(t) == saves.settings_bytes(s)
    good = bytearray(saves.settings_bytes(s))
    for pos, value in ((0, 9), (1, 2), (3, 4), (9, 7), (9, 1), (10 + 5, 4), (16, ord("a")),
                       (16, ord(" "))):
        bad = bytearray(good)
        bad[pos] = value
        u = settings.defaults()
        assert not saves.load_settings(u, bytes(bad)), (pos, value)
        assert saves.settings_bytes(u) == saves.settings_bytes(settings.defaults())
    assert not saves.load_settings(settings.defaults(), bytes(good[:-1]))


def test_a_variants_place_kept_unset_changes_neither_the_record_nor_the_options():
    """The set-up makes a place for each of a game's variant values when it opens
    (``firmware.settings.make_room``: nothing that lasts is made later, while the screen's garbage is
    about); a place not chosen is not a value: not in the record, not an option."""
    from shared_rules import registry

    entry = registry.by_id(1)
    s = settings.defaults()
    settings.set_option(s, 1, entry.variants[0][0], entry.variants[0][2][-1])
    before = saves.settings_bytes(s)
    for e in registry.GAMES:
        settings.make_room(s, e.gid, e.variants)
    settings.make_room(s, 1, entry.variants)  # again: no second place
    assert saves.settings_bytes(s) == before
    assert settings.options(s, 1) == {entry.variants[0][0]: entry.variants[0][2][-1]}
    assert all(not settings.options(s, e.gid) for e in registry.GAMES if e.gid != 1)
    assert [len(pairs) for gid, pairs in s.variants if gid == 1] == [len(entry.variants)]
    settings.set_option(s, 1, entry.variants[1][0], entry.variants[1][2][-1])
    t = settings.defaults()
    assert saves.load_settings(t, saves.settings_bytes(s)) and settings.options(t, 1) == settings.options(s, 1)


def test_game_records_are_checked_on_unpacking():
    blob = saves.pack_game(0, bytearray((0, 2, 3)), ["ANN", "BOB", "CAT"], b"PXblob")
    assert saves.unpack_game(blob) == (0, bytearray((0, 2, 3)), ["ANN", "BOB", "CAT"], b"PXblob")
    for bad in (b"", b"\x00\x01", b"\x00\x07" + b"\x00" * 40, blob[:8],
                blob[:2] + b"\x09" + blob[3:], blob[:5] + b"a" + blob[6:]):
        with pytest.raises(ValueError):
            saves.unpack_game(bad)


# ---------------------------------------------------------------- through the whole firmware


def open_settings(m):
    """From the main menu (cursor on its first entry) to Settings."""
    for k in ("DOWN", "DOWN", "DOWN", "A"):
        m.key(k)
    assert m.text()[0] == "Settings"


def change_speed_and_leave(m):
    """CPU speed one step on, then B: leaving Settings saves them."""
    for k in ("DOWN", "DOWN", "DOWN", "A", "B"):
        m.key(k)


def store_of(m):
    """The store as the firmware on ``m`` sees it (its board's NVM geometry)."""
    f = m.spec.flash
    return nvmstore.Store(m.nvm, f.unit, f.kind == "rp2040")


@pytest.mark.parametrize("board", ["clue_nrf52840_express", "pybadge"])
@pytest.mark.parametrize("cut", [0, 10, 40], ids=["erase", "early", "late"])
def test_power_cut_while_the_firmware_saves_its_settings(board, cut):
    """The CLUE keeps the previous settings through a cut at any step; the PyBadge, whose NVM
    is one flash block, keeps them or loses every record (then the firmware starts afresh)."""
    with Machine(board, seed=11) as m:
        m.boot()
        m.run(200)
        open_settings(m)
        change_speed_and_leave(m)  # normal -> fast, saved: the previous state
        previous = store_of(m).settings.load()
        m.key("A")  # Settings again
        m.power_cut(after_nvm_bytes=cut)
        boots = m.boots
        change_speed_and_leave(m)  # fast -> slow: the save is cut
        assert m.boots == boots + 1
        got = store_of(m).settings.load()
        m.run(300)
        if got is None:  # lost, and said so (a half-erased block reads as damaged)
            assert board == "pybadge"
            for _ in range(2):
                if m.text()[0] == "Note":
                    assert "damaged" in screen(m)
                    m.key("A")
        assert m.text()[0] == "Pocket Phase 10" and "damaged" not in screen(m)
        open_settings(m)
        if got is None:
            assert "CPU speed normal" in screen(m)  # the defaults
        else:
            assert got == previous
            assert "CPU speed fast" in screen(m)


# a game saved by version 1 of the firmware (its game number 0 was Phase 10): two players,
# classic, five phases, the first hand dealt; its codec blob as the rules core then wrote it
# (format version 1, which the rules core no longer reads)
V1_GAME = bytes.fromhex(
    "00020002414e4e424f42505801018f00020000010000010100000059f23b16000300000000000a2a33213237"
    "193b2b011800000000000a40133b022c1114331722572a1c1609111936252337243932283c311829210350343c"
    "40220c39020a36344013081b2c15273a1a0b313a24041b50120623384040050c1a083814263512350127401607"
    "290640501c044026281503092b0a0b170525500107000000007a7b")
# version 1 settings: sound on, no marks, brightest, CPU speed fast, Phase 10 classic, 5 phases,
# standard, two players; then seat kinds and names
V1_SETTINGS = bytes((1, 1, 0, 3, 2, 0, 0, 1, 0, 2, 0, 2, 2, 2, 2, 2)) + b"ANNBOBCATDANEVEFAY"
V1_STATS = bytes((1, 1)) + b"ANN" + struct.pack("<HHB", 3, 1, 2)


@pytest.mark.parametrize("board", ["pybadge", "clue_nrf52840_express", "pimoroni_picosystem"])
def test_a_board_saved_by_version_1_keeps_its_settings_and_its_game(board):
    """Settings, statistics and the game as version 1 left them in the NVM: the settings and
    statistics are kept; the game's blob is of the rules core's format version 1, which this
    version does not read: Continue says so and keeps the save (until a new game replaces it),
    and the next save is an image holding it unchanged."""
    with Machine(board) as m:
        half = m.nvm.size // 2
        write_version_1(m.nvm, 0x53, (0, half), V1_SETTINGS)
        write_version_1(m.nvm, 0x47, (64, half + 64), V1_GAME)
        if half - 64 >= 144 + 1024:
            write_version_1(m.nvm, 0x54, (half - 144, 2 * half - 144), V1_STATS)
        before = bytes(m.nvm.data)
        m.boot()
        m.run(300)
        assert m.text()[0] == "Pocket Phase 10" and m.text()[1] == "Continue"
        assert "damaged" not in screen(m)
        m.key("A")
        said = notice(m)
        assert "another format version (1)" in said and "kept until a new game" in said, said
        assert m.text()[1] == "Continue" and bytes(m.nvm.data) == before  # nothing written
        m.power_cut()  # nothing was written: still the version 1 records
        m.run(300)
        m.key("DOWN")  # below Continue
        open_settings(m)
        assert "CPU speed fast" in screen(m)
        change_speed_and_leave(m)  # fast -> slow: the first image, with every record
        store = store_of(m)
        assert store.settings.load() != V1_SETTINGS
        assert store.game.load() == V1_GAME
        assert (store.stats.load() is not None) == (half - 64 >= 144 + 1024)
        m.power_cut()
        m.run(300)
        assert m.text()[1] == "Continue"
        if half - 64 >= 144 + 1024:  # the statistics as they were, in the image
            from firmware import stats

            assert [e[1:] for e in stats.parse(store_of(m).stats.load())] == [["ANN", 3, 1, 2]]


def test_damaged_saves_are_reported_once_and_ignored():
    with Machine("clue_nrf52840_express", seed=2) as m:
        rng = random.Random(5)
        m.nvm.data[:] = bytes(rng.getrandbits(8) for _ in range(m.nvm.size))
        m.boot()
        m.run(300)
        text = m.screen_text()
        assert "damaged" in text
        m.key("A")
        assert "damaged" in m.screen_text()  # the other record's notice
        m.key("A")
        assert m.text()[0] == "Pocket Phase 10" and "Continue" not in m.screen_text()
        m.power_cut()
        m.run(300)
        assert m.text()[0] == "Pocket Phase 10" and "damaged" not in m.screen_text()


def notice(m):
    """The text of the notice on screen, every page of it, closed with A."""
    said = []
    while m.text()[0] != "Pocket Phase 10":
        said.append(screen(m))
        m.key("A")
    return " ".join(said)


def test_a_save_the_rules_core_cannot_read_is_removed_when_continued():
    with Machine("pybadge") as m:
        store = store_of(m)
        store.game.save(saves.pack_game(1, bytearray((0, 2)), ["ANN", "BOB"], b"PX\x02garbage"))
        m.boot()
        m.run(300)
        assert m.text()[1] == "Continue"
        m.key("A")
        assert "could not be read and has been removed" in notice(m)
        assert "Continue" not in m.screen_text()


def test_a_saved_game_of_a_game_number_this_build_does_not_know_is_removed_with_its_number():
    """The rules core's error holds only a code and the number: the firmware says it in words."""
    with Machine("pybadge") as m:
        store_of(m).game.save(saves.pack_game(99, bytearray((0, 2)), ["ANN", "BOB"], b"PX"))
        m.boot()
        m.run(300)
        m.key("A")
        said = notice(m)
        assert "could not be read and has been removed (unknown game number 99)" in said, said


def test_a_save_of_another_format_version_is_kept_until_a_new_game_replaces_it():
    """A blob of a format version this app does not read may be a good save of another version
    of the app: Continue says so and removes nothing; starting a new game replaces it."""
    blob = bytearray(b"PX\x03\x01\x02\x00ab")
    blob.extend(struct.pack("<H", crc16(blob)))
    with Machine("pybadge") as m:
        store_of(m).game.save(saves.pack_game(1, bytearray((0, 2)), ["ANN", "BOB"], bytes(blob)))
        before = bytes(m.nvm.data)
        m.boot()
        m.run(300)
        for _ in range(2):
            assert m.text()[1] == "Continue"
            m.key("A")
            said = notice(m)
            assert "another format version (3)" in said and "removed" not in said, said
            assert bytes(m.nvm.data) == before
        m.power_cut()
        m.run(300)
        assert m.text()[1] == "Continue" and store_of(m).game.load()[-len(blob):] == blob


def test_a_tiny_nvm_still_keeps_the_settings():
    with Machine("pybadge", nvm_size=256) as m:
        m.boot()
        m.run(200)
        open_settings(m)
        change_speed_and_leave(m)
        m.power_cut()
        m.run(200)
        open_settings(m)
        assert "CPU speed fast" in screen(m)
        for k in ("B", "DOWN", "DOWN", "A"):  # About
            m.key(k)
        assert "Game saves %d B" % (store_of(m).game.size - 8) in screen(m)


def test_the_store_runs_under_micropython():
    """nvmstore.Store on each layout (two pages, an append log, two halves) under real MicroPython:
    images written, read back, the newest winning (from blank: the version 1 reader,
    firmware.nvmold, is asked first)."""
    import os

    from tools.micropython_host import run

    firmware = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "firmware")
    files = {}
    for name in ("nvmstore.py", "nvmold.py"):
        with open(os.path.join(firmware, name), encoding="utf-8") as f:
            files[name] = f.read()
    code = ("import os\nos.mkdir('/firmware')\nopen('/firmware/__init__.py', 'w').close()\n"
            "f = open('/firmware/nvmold.py', 'w')\nf.write(" + repr(files["nvmold.py"])
            + ")\nf.close()\n"
            "f = open('/mpnvmstore.py', 'w')\nf.write(" + repr(files["nvmstore.py"])
            + ")\nf.close()\n"
            "import sys\nsys.path.append('/')\n" + '''
import mpnvmstore as nvmstore
class N:
    def __init__(self, n): self.d = bytearray(b"\\xff" * n)
    def __len__(self): return len(self.d)
    def __getitem__(self, i):
        if isinstance(i, slice): return bytearray(self.d[i])
        return self.d[i]
    def __setitem__(self, i, v):
        if isinstance(i, slice): self.d[i] = bytes(v)
        else: self.d[i] = v
for unit, app, size in ((4096, False, 8192), (4096, True, 4096), (8192, False, 8192)):
    n = N(size)
    s = nvmstore.Store(n, unit, app)
    s.settings.save(b"abc")
    s.hold(); s.game.save(b"G" * 200); s.stats.save(b"T" * 20); s.commit()
    for i in range(30):
        s.game.save(bytes([i]) * 200)
    t = nvmstore.Store(n, unit, app)
    print(t.settings.load(), t.game.load()[:2], t.stats.load()[:2], t.seq)
''')
    out = run(code).split("\n")
    assert out[:3] == ["b'abc' b'\\x1d\\x1d' b'TT' 32"] * 3
