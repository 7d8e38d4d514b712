"""The app: a small stack of screens on the board's display, fed with logical keys.

``run(board_module)`` never returns. Every pass of the loop reads the buttons, gives each key to
the top screen, lets it update with the time, and refreshes the display, which sends only the
areas that changed. Screens are imported when first shown (code is RAM on a SAMD51).
"""

from micropython import const

import gc
import os
import sys
import time

import displayio
import microcontroller
import supervisor

from firmware import forget, lang, sound, ui
from firmware.lang import game_name, t
from firmware.buttons import Buttons

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_LEFT = const(2)  # boards.LEFT
_RIGHT = const(3)  # boards.RIGHT
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_CLICK = const((1760, 12))  # firmware.sound.CLICK
_OK = const((1320, 40))  # firmware.sound.OK
_BACK = const((660, 40))  # firmware.sound.BACK

_BRIGHTNESS = const((0.25, 0.5, 0.75, 1.0))
_MENUS = const(("firmware.menus", "firmware.menu"))  # the main menu's modules, not kept during a game
DEVICE = sys.implementation.name != "cpython"  # (a board, or MicroPython standing in for one)


class App:
    def __init__(self, board_module):
        self.board = board_module
        display = board_module.display()
        display.auto_refresh = False
        self.display = display
        self.layout = ui.Layout(display.width, display.height)
        self.root = displayio.Group()
        display.root_group = self.root
        self.stack = []
        self.boot_modules = None  # the modules of the main menu: what unload() keeps
        self.buttons = Buttons(board_module)
        self.sound = sound.Sound(board_module.speaker())
        self._store = None
        from firmware.settings import defaults

        self.settings = defaults()
        self.notices = []
        self.later = None  # a function of the app to call once the keys of this pass are given
        self.load()
        # the boards' package: code.py has its board's module, and what needs the package
        # later (the NVM's geometry as the store opens, the button test) loads it for that moment
        self.forget(["boards"], collect=False)

    def load(self):
        """The settings and the saved game's state, from the NVM. In a frame of its own: the
        loop's frame, which lasts the whole session, takes the words of the constructor's on a
        board's Python stack, and the collector scans every word of a running frame, unused ones
        included (a record of the saves left there kept their module, 3 KB, for the session)."""
        self.appends = self.store.append  # (Session.checkpoint: a save at every person's move)
        data = self.store.settings.load()
        self.fresh = data is None  # nothing saved yet: the first power-on asks for the language
        mark = self.mark()
        from firmware import saves

        if self.store.settings.damaged or (data is not None and not saves.load_settings(self.settings, data)):
            self.notices.append("note.settings_damaged")
            self.store.settings.clear()
        saves = None
        self.forget_since(mark)  # the record's module is not kept (code is RAM)
        game = self.store.game
        if game is not None and game.load() is None and game.damaged:
            self.notices.append("note.game_damaged")
            game.clear()
        self.apply_settings()

    # ------------------------------------------------------------------ settings and saving

    def apply_settings(self):
        lang.set_lang(self.settings.lang)
        self.sound.on = bool(self.settings.sound)
        self.sound.set_volume(self.settings.volume)
        if self.board.BRIGHTNESS:
            self.display.brightness = _BRIGHTNESS[self.settings.bright]

    def settings_bytes(self):
        """The settings' record (``firmware.saves``)."""
        from firmware import saves

        return saves.settings_bytes(self.settings)

    def save_settings(self):
        self.store.settings.save(self.settings_bytes())

    def seed(self):
        """A seed for the rules core's generator from the hardware random source."""
        try:
            b = os.urandom(4)
        except NotImplementedError:
            b = supervisor.ticks_ms().to_bytes(4, "little")
        return ((b[3] & 0x3F) << 24) | (b[2] << 16) | (b[1] << 8) | b[0]

    @property
    def store(self):
        """The saves in the NVM (``firmware.nvmstore.Store``), read at the first use since
        ``close_store``: a game lets it and its code go between its saves (code is RAM)."""
        if self._store is None:
            from firmware.nvmstore import Store

            loaded = self.mark()
            self._store = Store(microcontroller.nvm)
            self.forget_since(loaded)  # the reader of old saves, where it was needed
        return self._store

    def close_store(self):
        """Let the store go, and its modules on a board (the next use reads the NVM again; the
        boards' package its geometry loaded); kept where the NVM takes a write without an
        erase, as a game saves every person's move."""
        if self.appends:
            return
        self._store = None
        self.forget(("firmware.nvmstore", "shared_rules.crc", "boards"))

    def has_game(self):
        return self.store.game is not None and self.store.game.newest is not None

    # ------------------------------------------------------------------ screens

    def how(self, key):
        """How to make ``key`` on this board ("A", "hold A" in the app's language), or None."""
        how = self.board.HINTS[key]
        if how and how.startswith("hold "):  # a long press
            how = t("hint.hold") + how[4:]
        return how

    def hint_text(self, hints, whole=False):
        """The footer line: how to make each hinted key on this board (``whole``: not cut to
        the footer, to see whether it fits)."""
        parts = []
        verbs = []
        for key, verb in hints:
            if key <= _RIGHT and self.board.BUTTONS >= 4:
                continue  # a d-pad or stick needs no explanation
            how = self.how(key)
            if how and verb not in verbs:
                parts.append(how + " " + t("hint." + verb.replace(" ", "_").replace(":", "")))
                verbs.append(verb)
        text = "  ".join(parts)
        if len(text) > self.layout.footer_cols:  # closer together where they would not fit
            text = " ".join(parts)
        return text if whole else ui.clip(text, self.layout.footer_cols)

    @property
    def top(self):
        return self.stack[-1]

    def _show(self):
        self.buttons.cancel_held()  # a press begun on the old screen must not act on this one
        self.clear()
        ui.new_screen()
        self.root.append(self.top.group)

    def push(self, screen):
        self.stack.append(screen)
        self._show()

    def swap(self, make, back):
        """In place of the top screen, the one ``make()`` makes; when that one closes,
        ``back()`` makes the screen it returns to. Each is made once the screen before it is
        gone (its pixels and what only it holds), after the keys of this pass: the pause menu
        and the Rules menu open their pages so, and a game keeps one screen over it (code and
        pixels are RAM)."""
        self.stack.pop().closed()
        self.clear()
        self.later = lambda app: app._open(make, back)

    def _open(self, make, back):
        screen = make()
        screen.back_to = back
        self.push(screen)

    def clear(self):
        """Take the screen shown off the display (nothing there keeps it alive)."""
        root = self.root
        while len(root):
            root.pop()

    def pop(self):
        if len(self.stack) > 1:
            screen = self.stack.pop()
            screen.closed()
            back = screen.back_to
            screen = None
            if back is not None:  # the screen it came from, made again (``swap``)
                self.clear()
                self.later = lambda app: app.push(back())
                return
            if len(self.stack) == 1:
                self._menu()
                self.unload()
            self._show()
            gc.collect()
            self.top.shown()

    def replace(self, screen):
        self.stack.pop().closed()
        gc.collect()
        self.push(screen)

    def home(self, keep=()):
        """Back to the main menu (after a game, by starting the app again: ``_menu``); the
        modules imported since it first showed are dropped but those in ``keep`` (None: none
        dropped, a game is starting from what is loaded)."""
        while len(self.stack) > 1:
            self.stack.pop().closed()
        self._menu()
        if keep is not None:
            self.unload(keep)
        self._show()
        gc.collect()
        self.top.shown()

    def drop_menu(self):
        """A game is being played: its screens go over the main menu, whose screen and module
        are not kept meanwhile (code is RAM). When the game is left the app starts again
        (``_menu``)."""
        if self.stack[0] is None:
            return
        self.stack[0] = None
        boot = self.boot_modules
        if boot is not None:
            for name in _MENUS:
                if name in boot:
                    boot.remove(name)
                    forget(name)
        gc.collect()

    def _menu(self):
        """Back to the main menu: after a game (``drop_menu``) the app starts again, by the
        board's soft reload (``supervisor.reload``: code.py runs in a new VM), on a heap in one
        piece with only the names the menus intern, where the game had left its holes and its
        names (never freed), so that the next game starts as the first did. The game is saved
        and the statistics written by then; the main menu opens on the last game's row."""
        if self.stack[0] is None:
            supervisor.reload()

    def unload(self, keep=()):
        """Forget every module imported since the main menu first showed, but those in ``keep``
        (code is RAM on a SAMD51: a game's modules are dropped when it is left; the next import
        loads them again). The desktop emulator keeps its modules."""
        boot = self.boot_modules
        if boot is None:
            return
        self.forget([n for n in sys.modules if n not in boot and n not in keep])

    def mark(self):
        """The modules loaded now, for ``forget_since`` (None on the desktop, which keeps its
        modules)."""
        return set(sys.modules) if DEVICE else None

    def forget_since(self, mark):
        """Drop the modules loaded since ``mark`` (``mark()``): those a moment needed, such as
        a save's (code is RAM); nothing loaded meanwhile may be kept by what goes on."""
        if mark is not None:
            self.forget([n for n in sys.modules if n not in mark])

    def tidy(self):
        """Collect the garbage now, before objects that last are made (a move's state, its
        log line): they then take the lowest free blocks, not blocks above the garbage made
        since the last collection, where they would split the heap once it is collected. Not
        on the desktop, whose CPython frees garbage as it is made."""
        if DEVICE:
            gc.collect()

    def forget(self, names, collect=True):
        """Drop these modules (code is RAM; once nothing uses them their code is garbage, and
        the next import loads them again); ``collect``: collect that garbage now. The desktop
        keeps its modules."""
        if names and DEVICE:
            for name in names:
                if name in sys.modules:
                    forget(name)
            if collect:
                gc.collect()

    def notify(self, text, title):
        from firmware.pages import Message

        self.push(Message(self, title, text))

    # ------------------------------------------------------------------ the loop

    def run(self):
        self.start()
        while True:
            self.turn()
            time.sleep(0.01)

    def start(self):
        """What the loop begins with: the main menu, the notices, the title at power-on."""
        from firmware.menus import MainMenu

        self.push(MainMenu(self))
        if DEVICE:
            self.boot_modules = [n for n in sys.modules]
        for key in self.notices:
            self.notify(t(key), t("note.title"))
        self.notices = None
        try:  # the title screen at power-on only, not after a reload (firmware.title)
            cold = supervisor.runtime.run_reason == supervisor.RunReason.STARTUP
        except AttributeError:
            cold = False
        if cold:
            from firmware.title import Title

            if self.fresh:  # a new board: the language first (firmware/menus.py)
                from firmware.menus import LanguageChoice

                self.push(LanguageChoice(self))
            self.push(Title(self))

    def turn(self):
        """One pass of the loop, a MemoryError recovered from (a host that runs the loop itself,
        the web page, calls this once a frame after ``start``)."""
        try:
            self.step()
        except MemoryError as e:
            self.out_of_memory(e)
            e = None
        except RuntimeError as e:
            # Python's call stack was too small (the whole message: a literal of more than ten
            # letters is not interned as a name, kept for good)
            if str(e) != "pystack exhausted":
                raise
            self.out_of_memory(e)
            e = None

    def step(self):
        """One pass of the loop: the keys, the time, the display."""
        now = supervisor.ticks_ms()
        self._keys(now)
        self._later()
        self._tick(now)
        self._later()  # what the tick asked for
        menu = getattr(self.top, "menu", None)
        if menu is not None:
            menu.tick(now)
        self.sound.tick(now)
        self.display.refresh()

    def _keys(self, now):
        """Give this pass's keys to the top screen. A function of its own, as ``_tick``: a
        frame's stack keeps the screen it called after the call, where MicroPython's collector
        still sees it, and this frame is gone before ``later`` makes the next screen (which then
        finds the heap that screen and the modules only it used held)."""
        top = self.top
        for k in self.buttons.poll(now):
            if self.top is not top or self.later is not None:
                break  # the rest were pressed for the screen that has just gone (or is going)
            if k == _A:
                self.sound.play(_OK, now)
            elif k == _B:
                self.sound.play(_BACK, now)
            elif k == _UP or k == _DOWN or k == _LEFT or k == _RIGHT:
                self.sound.play(_CLICK, now)
            self.top.key(k)

    def _tick(self, now):
        """Give the time to the top screen (a function of its own: ``_keys``)."""
        self.top.tick(now)

    def _later(self):
        """Call what ``later`` holds, if anything: here no screen's frame keeps that screen
        (and the modules it loaded) alive while the next one is made."""
        while self.later is not None:  # (what it calls may ask for more)
            later = self.later
            self.later = None
            gc.collect()
            later(self)

    def out_of_memory(self, e):
        """A MemoryError in a pass of the loop (on a board whose RAM a game does not fit), or a
        RuntimeError "pystack exhausted" (Python's call stack, ``settings.toml``'s
        ``CIRCUITPY_PYSTACK_SIZE``, too small for the call: docs/deploy.md): the
        traceback on the serial console, then a message, every module loaded since the main
        menu first showed dropped; once it is closed the app starts again
        (``supervisor.reload``), so that Continue finds the whole heap. The saved game stays as
        its last save left it and the settings are saved as the screens leave them: nothing
        saved is lost. Another MemoryError on the way is the board's to report (code.py
        stops)."""
        try:
            from traceback import print_exception  # CircuitPython (and CPython)
        except ImportError:  # MicroPython
            print_exception = getattr(sys, "print_exception", None)
        if print_exception is not None:
            print_exception(e)
        stack = not isinstance(e, MemoryError)  # its call stack ("pystack exhausted")
        e = None
        self.later = None
        name = None
        while len(self.stack) > 1:
            screen = self.stack.pop()
            if name is None:  # the game being played, if any (a pause menu may be on top)
                name = getattr(getattr(screen, "session", None), "entry", None)
            screen.closed()
        screen = None
        self.unload()
        if stack:  # settings.toml asks for a smaller one than tools/deploy.py writes
            text = t("oom.stack")
        elif name:
            text = t("oom.game").format(game_name(name))
        else:
            text = t("oom.other")
        self.notify(text + " " + t("oom.kept") + " " + t("oom.restart"), t("oom.title"))
        # closed, the message starts the app again (the board's soft reload): a new heap, in
        # one piece, and only the names the menus intern, where the game had left holes and
        # names of its own (they are never freed)
        self.top.then = supervisor.reload


def run(board_module):
    App(board_module).run()
