"""Saving in the NVM (firmware/saves.py): power cut at every byte of a write restores the
previous or the new state, never a mix; damaged saves are reported once and ignored; the
settings record rejects impossible values; a board with a tiny NVM still works."""

import random

import pytest

from emulator.machine import Machine
from emulator.standins import FileNVM, PowerCut
from firmware import saves


def screen(m):
    """The screen's text on one line (labels wrap differently on each screen size)."""
    return " ".join(m.screen_text().split())

OLD = bytes(range(40))
MID = bytes(range(100, 180))
NEW = bytes((i * 7) & 0xFF for i in range(123))


def fresh_store(size=8192):
    nvm = FileNVM(None, size)
    return nvm, saves.Store(nvm)


def reopen(nvm):
    """What the next boot sees."""
    store = saves.Store(nvm)
    return store, store.game.load(), store.settings.load()


@pytest.mark.parametrize("before", [(), (OLD,), (OLD, MID)], ids=["blank", "one-save", "two-saves"])
@pytest.mark.parametrize("record", ["game", "settings"])
def test_power_cut_at_every_byte_of_a_save(before, record):
    payload = NEW if record == "game" else NEW[:50]
    base, store = fresh_store()
    slots = getattr(store, record)
    for p in before:
        slots.save(p if record == "game" else p[:50])
    previous = (before[-1] if record == "game" else before[-1][:50]) if before else None
    total = saves.HEADER + len(payload) + 1  # the record, then the commit byte
    assert slots.fits(len(payload))
    for cut in range(total + 1):
        nvm = FileNVM(None, base.size)
        nvm.data[:] = base.data
        store = saves.Store(nvm)
        slots = getattr(store, record)
        assert slots.load() == previous
        nvm.cut_after(cut)
        try:
            slots.save(payload)
            finished = True
        except PowerCut:
            finished = False
        nvm.cut_after(None)
        after = saves.Store(nvm)
        got = getattr(after, record).load()
        assert finished == (cut >= total)
        assert got == (payload if finished else previous), "cut after %d bytes" % cut
        assert not getattr(after, record).damaged
        other = after.settings if record == "game" else after.game
        assert other.load() is None and not other.damaged


def test_the_sequence_number_wraps():
    nvm, store = fresh_store()
    store.game.newest, store.game.seq = 1, 0xFFFC  # as after 65533 saves: the next goes to slot 0
    for i in range(5):  # seq 0xFFFD, 0xFFFE, 0xFFFF, 0, 1
        store.game.save(bytes((200 + i,)) * 10)
        assert saves.Store(nvm).game.load() == bytes((200 + i,)) * 10


def test_random_bytes_in_both_slots_are_damaged_not_loaded():
    rng = random.Random(7)
    for _ in range(50):
        nvm = FileNVM(None, 4096)
        nvm.data[:] = bytes(rng.getrandbits(8) for _ in range(4096))
        store, game, settings = reopen(nvm)
        assert game is None and settings is None
        assert store.game.damaged and store.settings.damaged


def test_a_flipped_bit_in_a_saved_record_is_caught():
    nvm, store = fresh_store()
    store.game.save(NEW)
    for pos in range(saves.HEADER + len(NEW)):
        for bit in (0, 7):
            copy = FileNVM(None, nvm.size)
            copy.data[:] = nvm.data
            off = store.game.offsets[0] + pos
            copy.data[off] ^= 1 << bit
            _, game, _ = reopen(copy)
            assert game is None, "flip at byte %d bit %d" % (pos, bit)


def test_a_record_too_big_for_its_slot_is_refused_without_writing():
    nvm, store = fresh_store(256)
    store.game.save(b"x" * 20)
    before = bytes(nvm.data)
    with pytest.raises(ValueError):
        store.game.save(b"y" * 200)
    assert bytes(nvm.data) == before


def test_settings_round_trip_and_refuse_impossible_values():
    s = saves.Settings()
    s.sound, s.marks, s.bright, s.speed, s.players = 0, 1, 2, 2, 6
    s.names[2] = "Z9Q"
    s.kinds[5] = 3
    t = saves.Settings()
    assert t.load(s.to_bytes())
    assert t.to_bytes() == s.to_bytes()
    good = bytearray(s.to_bytes())
    for pos, value in ((0, 9), (1, 2), (3, 4), (9, 7), (9, 1), (10 + 5, 4), (16, ord("a")),
                       (16, ord(" "))):
        bad = bytearray(good)
        bad[pos] = value
        u = saves.Settings()
        assert not u.load(bytes(bad)), (pos, value)
        assert u.to_bytes() == saves.Settings().to_bytes()
    assert not saves.Settings().load(bytes(good[:-1]))


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


@pytest.mark.parametrize("cut", ["before", "during", "commit"])
def test_power_cut_while_the_firmware_saves_its_settings(cut):
    with Machine("pybadge", seed=11) as m:
        m.boot()
        m.run(200)
        open_settings(m)
        change_speed_and_leave(m)  # normal -> fast, saved: the previous state
        previous = saves.Store(m.nvm).settings.load()
        m.key("A")  # Settings again
        size = saves.HEADER + len(previous)
        m.power_cut(after_nvm_bytes={"before": 0, "during": size // 2, "commit": size}[cut])
        boots = m.boots
        change_speed_and_leave(m)  # fast -> slow: the save is cut
        assert m.boots == boots + 1
        assert saves.Store(m.nvm).settings.load() == previous
        m.run(300)
        assert m.text()[0] == "Pocket Phase 10" and "damaged" not in screen(m)
        open_settings(m)
        assert "CPU speed fast" in screen(m)


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


def test_a_save_the_rules_core_cannot_read_is_removed_when_continued():
    with Machine("pybadge") as m:
        store = saves.Store(m.nvm)
        store.game.save(saves.pack_game(0, bytearray((0, 2)), ["ANN", "BOB"], b"PX\x63garbage"))
        m.boot()
        m.run(300)
        assert m.text()[1] == "Continue"
        m.key("A")
        assert "could not be read and has been removed" in screen(m)
        m.key("A")
        assert "Continue" not in m.screen_text()


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
        assert "Game saves 56 B" in screen(m)
