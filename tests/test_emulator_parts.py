"""Parts of the emulator: the fast blit against Blinka's, the NVM file and torn writes, the
keypad stand-in, tones, an unknown board, repeatable runs."""

import random

import pytest

from emulator.machine import Machine
from emulator.standins import FileNVM, PowerCut


def test_fast_blit_draws_exactly_what_blinkas_does():
    import bitmaptools
    from displayio import Bitmap

    from emulator.fastblit import blit

    rng = random.Random(3)

    def bitmap(w, h, values):
        b = Bitmap(w, h, values)
        for y in range(h):
            for x in range(w):
                b[x, y] = rng.randrange(values)
        return b

    def pixels(b):
        return [b[x, y] for y in range(b.height) for x in range(b.width)]

    for _ in range(300):
        values = rng.choice((2, 4, 16))
        src = bitmap(rng.randint(1, 40), rng.randint(1, 12), rng.choice((2, values)))
        a = bitmap(rng.randint(1, 70), rng.randint(1, 16), values)
        b = Bitmap(a.width, a.height, values)
        for y in range(a.height):
            for x in range(a.width):
                b[x, y] = a[x, y]
        x, y = rng.randint(-8, a.width), rng.randint(-4, a.height)
        kw = {}
        if rng.random() < 0.5:
            kw["x1"], kw["x2"] = rng.randint(0, src.width), rng.randint(0, src.width)
        if rng.random() < 0.5:
            kw["y1"], kw["y2"] = rng.randint(0, src.height), rng.randint(0, src.height)
        if rng.random() < 0.5:
            kw["skip_source_index"] = 0
        bitmaptools.blit(a, src, x, y, **kw)
        blit(b, src, x, y, **kw)
        assert pixels(a) == pixels(b), (x, y, kw)


def test_nvm_file_survives_and_tears_writes_in_order(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = FileNVM(path, 64)
    assert nvm[0:4] == b"\xff" * 4  # erased flash
    nvm[0:4] = b"abcd"
    nvm[10] = 7
    assert FileNVM(path, 64)[0:4] == b"abcd" and FileNVM(path, 64)[10] == 7
    nvm.cut_after(2)
    with pytest.raises(PowerCut):
        nvm[0:4] = b"WXYZ"
    again = FileNVM(path, 64)
    assert again[0:4] == b"WXcd"
    with pytest.raises(ValueError):
        again[0:4] = b"ab"
    with pytest.raises(IndexError):
        again[64] = 1
    with pytest.raises(ValueError):
        again[0] = 256


def test_keypad_stand_in_queues_events_with_timestamps():
    m = Machine("clue_nrf52840_express")
    with m.environment():
        import board
        import keypad

        keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True,
                           max_events=2)
        m.hold("A")
        m.advance_clock(30)
        m.release("A")
        ev = keypad.Event()
        assert keys.events.get_into(ev) and ev.pressed and ev.key_number == 0
        assert keys.events.get() == keypad.Event(0, False)
        assert keys.events.get() is None
        for _ in range(2):
            m.hold("B")
            m.release("B")
        assert keys.events.overflowed
        with pytest.raises(TypeError):
            keypad.Keys(("BUTTON_A",), value_when_pressed=False)
        with pytest.raises(ValueError):  # the CLUE has no button shift register
            keypad.ShiftRegisterKeys(clock=board.D0, data=board.D1, latch=board.D2, key_count=2,
                                     value_when_pressed=True)


def test_tones_are_recorded_when_sound_is_on_and_the_board_has_a_speaker():
    with Machine("pybadge") as m:
        m.boot()
        m.run(100)
        m.key("DOWN")
        start, hz, ms, audible = m.tones[-1]
        assert (hz, audible) == (1760, True), "a click, with the amplifier enabled"
        assert 12 <= ms <= 22  # 12 ms, stopped by the next pass of the 10 ms loop
        m.key("DOWN")
        m.key("DOWN")
        m.key("A")  # Settings
        m.key("A")  # sound off
        count = len(m.tones)
        m.key("DOWN")
        m.key("UP")
        assert len(m.tones) == count
    with Machine("adafruit_feather_esp32s3_reverse_tft") as f:
        f.boot()
        f.key("DOWN")
        f.key("A")
        assert f.tones == []


def test_an_unknown_board_shows_a_message_not_a_traceback():
    with Machine("pybadge") as m:
        m.board_id = "adafruit_macropad_rp2040"
        m.boot()
        m.run(1000)
        text = "".join(m.screen_text().split())
        assert "doesnotsupportthisboard:adafruit_macropad_rp2040" in text
        assert any("does not support this board" in line for line in m.console), m.console


def test_a_board_lacking_a_module_refuses_it_like_the_board():
    m = Machine("clue_nrf52840_express")
    with m.environment():
        with pytest.raises(ModuleNotFoundError, match="CLUE does not have it"):
            import audioio  # noqa: F401
        import audiopwmio  # noqa: F401


def test_runs_repeat_exactly(tmp_path):
    runs = []
    for i in range(2):
        with Machine("pygamer", seed=5, nvm_path=str(tmp_path / ("nvm%d.bin" % i))) as m:
            m.boot()
            for k in ("DOWN", "DOWN", "DOWN", "A", "A", "DOWN", "A", "B", "UP", "UP", "UP", "A"):
                m.key(k)  # Settings: sound off, card marks on, saved; then the Phase 10 set-up
            m.hold("UP")
            m.run(1000)  # the stick held up: the cursor repeats
            m.release("UP")
            m.run(200)
            runs.append((m.screen_text(), bytes(m.nvm.data), m.clock_us, m.tones,
                         m.urandom(8)))
    assert runs[0] == runs[1]
    assert "Edition" in runs[0][0] or "Players" in runs[0][0]


def test_the_screen_draws_areas_of_any_size():
    with Machine("pybadge") as m:
        with m.environment():
            import board
            import displayio

            palette = displayio.Palette(1)
            palette[0] = 0xFF0000
            group = displayio.Group()
            group.append(displayio.TileGrid(displayio.Bitmap(3, 3, 1), pixel_shader=palette,
                                            x=5, y=7))
            board.DISPLAY.root_group = group
            board.DISPLAY.refresh()
            red = m.display.rgb()[7:10, 5:8]
            assert (red == (255, 0, 0)).all()
            assert (m.display.rgb()[7:10, 4] == 0).all() and (m.display.rgb()[10, 5:8] == 0).all()


# the unknown board's message in each language: (its start, its end with the boards' list or
# without it where the list does not fit)
UNKNOWN = {"en": ("Pocket Phase 10 does not support this board", "pimoroni_picosystem.",
                  "serial console."),
           "ru": ("Pocket Phase 10 не поддерживает эту плату", "pimoroni_picosystem.",
                  "последовательную консоль."),
           "pl": ("Pocket Phase 10 nie obsługuje tej płytki", "pimoroni_picosystem.",
                  "konsoli szeregowej.")}


@pytest.mark.parametrize("board_id", ["pybadge", "clue_nrf52840_express"])
@pytest.mark.parametrize("code", ["en", "ru", "pl"])
def test_the_unknown_board_message_fits_the_screen(board_id, code):
    """Every line of the message lies on the screen, the board's name whole on a line of its
    own, a supported board's long id cut after a '_' where it does not fit; where the list of
    supported boards does not fit, the screen says where it is. In the language of the settings
    saved in the NVM (chosen in Settings on a board the app knows, then booted under an unknown
    name), else in English."""
    from emulator.display import visible_labels

    with Machine(board_id) as m:
        if code != "en":
            m.boot()
            m.run(300)
            # Settings, its last row (the language): Russian, or on to Polish; saved on leaving
            for k in ("DOWN", "DOWN", "DOWN", "A", "UP") + ("A",) * (1 + (code == "pl")) + ("B",):
                m.key(k)
            m.run(300)
        m.board_id = "adafruit_macropad_rp2040"
        if code != "en":
            m.power_cut()
        else:
            m.boot()
        m.run(1000)
        found = visible_labels(m.display)
        assert found
        for lb, x, y, s in found:
            bx, by, bw, bh = lb.bounding_box
            assert 0 <= x + bx * s and x + (bx + bw) * s <= m.display.width, lb.text
            assert 0 <= y + by * s and y + (by + bh) * s <= m.display.height, lb.text
        text = " ".join(m.text())
        assert "adafruit_macropad_rp2040" in m.text()  # a line of its own, whole
        start, listed, elsewhere = UNKNOWN[code]
        assert text.startswith(start), text
        assert text.endswith(listed) or text.endswith(elsewhere), text
