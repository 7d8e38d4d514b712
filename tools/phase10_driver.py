"""Plays Phase 10 on an emulated board by key presses only, for the tests and the UI benchmark.

A person's seat is played by a rules-core computer player that *decides* each move from the
seat's view; the driver then *performs* it only by pressing the board's keys on the real
screens (navigating the hand, choosing cards into the groups of a lay-down, picking hit targets,
discarding, choosing whom a Skip skips), reading the screen objects to know where the cursor is
and checking after every press that the screen answered as expected. Computer seats, covers
and summaries are passed with the keys a person would press.

    python -m tools.phase10_driver --board pybadge --edition 2020 --phases odd --players 3

prints the ending screen and what the person's seat did.
"""

import argparse
import gc
import os
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from emulator.machine import Machine  # noqa: E402
from emulator.specs import LONG  # noqa: E402
from shared_rules.phase10 import game as P  # noqa: E402
from shared_rules.phase10.bots import GreedyBot  # noqa: E402
from shared_rules.groups import HIGH  # noqa: E402
from shared_rules.rng import Rng  # noqa: E402

EDITIONS = ("classic", "2020")
PHASES = ("all", "5", "8", "odd", "even")
PROGRESSIONS = ("standard", "everyone", "free")
KINDS = ("person", "easy", "normal", "hard")
GUARD_MS = 420  # firmware.decide.GUARD_MS and a frame


class DriverError(AssertionError):
    pass


def find_app(display):
    """The firmware's App object drawing on ``display`` (the running boot's)."""
    for o in gc.get_objects():
        t = type(o)
        if t.__name__ == "App" and t.__module__ == "firmware.app" and o.display is display:
            return o
    raise DriverError("no firmware App object found")


class Driver:
    """One emulated board running the firmware, and the keys to play it."""

    def __init__(self, board_id, nvm_path=None, seed=1, bot_seed=7, drive=None):
        if nvm_path is None:
            nvm_path = os.path.join(tempfile.mkdtemp(prefix="p10drv-"), "nvm.bin")
        self.m = Machine(board_id, seed=seed, nvm_path=nvm_path, drive=drive)
        self.dpad = "LEFT" in self.m.spec.logical
        self.bot = GreedyBot(Rng(bot_seed))
        self.keys = 0
        self.moves = {}  # person moves by kind name
        self.used_hint = 0
        self.seen = set()  # screen kinds seen, e.g. "turn:lay"
        self.on_screen = None  # callback(driver, tag) at every new screen state
        self.app = None
        self._boots = 0
        self.last_seat = None  # the person whose turn screen was shown last
        self.covered = None  # the seat the last cover screen was for
        self.long_ms = None  # how long a long press is held, if not as a person holds it

    # ------------------------------------------------------------------ basics

    def boot(self):
        self.m.boot()

    @property
    def booted(self):
        """The firmware's App of the current boot (the emulator boots again after a power cut)."""
        if self.m.boots != self._boots:
            self._boots = self.m.boots
            self.app = find_app(self.m.display)
            self.last_seat = self.covered = None
        return self.app

    def close(self):
        self.m.close()

    @property
    def T(self):
        """The module of the turn screen's modes and action codes as the firmware loaded it."""
        return sys.modules["firmware.phase10.rows"]

    @property
    def top(self):
        return self.booted.stack[-1]

    def wait_guard(self):
        """A decision shown right after computer moves ignores keys for a moment (the input
        guard, firmware.decide): wait until it takes them."""
        t = self.top
        if getattr(t, "open_at", None) is not None:
            self.m.run(GUARD_MS)

    def key(self, name):
        self.wait_guard()
        button, hold = self.m.how(name)
        if self.long_ms is not None and hold >= LONG:
            hold = self.long_ms
        self.m.press(button, hold_ms=hold)
        self.keys += 1

    def text(self):
        return self.m.screen_text()

    def tr(self, key):
        """A text in the app's language, as the firmware reads it (firmware/lang.py)."""
        return sys.modules["firmware.lang"].t(key)

    def _note(self, tag):
        if tag not in self.seen:
            self.seen.add(tag)
            if self.on_screen is not None:
                self.on_screen(self, tag)

    # ------------------------------------------------------------------ menus

    def menu_to(self, index):
        """Move the top ListScreen's cursor to row ``index`` (UP/DOWN)."""
        menu = self.top.menu
        for _ in range(64):
            if menu.index == index:
                return
            self.key("DOWN" if index > menu.index else "UP")
        raise DriverError("menu cursor stuck at " + str(menu.index))

    def menu_choose(self, text_start):
        menu = self.top.menu
        for i, t in enumerate(menu.items):
            if t.startswith(text_start):
                self.menu_to(i)
                self.key("A")
                return
        raise DriverError("no menu row '" + text_start + "' in " + repr(menu.items))

    def set_row(self, text_start, value):
        """Press A on a set-up row until it shows ``value`` at its end."""
        menu = self.top.menu
        for i, t in enumerate(menu.items):
            if t.startswith(text_start):
                self.menu_to(i)
                for _ in range(8):
                    if menu.items[i].split()[-1] == value:
                        return
                    self.key("A")
                raise DriverError("row " + text_start + " never showed " + value)
        raise DriverError("no set-up row '" + text_start + "'")

    def new_game(self, edition="classic", phases="5", progression="standard", kinds=("person", "normal")):
        """From the main menu: Phase 10, the set-up rows, Start."""
        self.start_game("Phase 10", kinds, (("Edition", edition), ("Phases", phases),
                                            ("Progress", progression)))

    def start_game(self, title, kinds=(), rows=(), players=None):
        """From the main menu: the game ``title``'s set-up, its ``rows`` ((row, value), ...),
        the player count (``players``, else one per kind), each seat's kind, Start."""
        self.menu_choose(title)
        for row, value in rows:
            self.set_row(row, value)
        self.set_row("Players", str(players or len(kinds)))
        for seat, kind in enumerate(kinds):
            row = str(seat + 1) + " "
            for i, t in enumerate(self.top.menu.items):
                if t.startswith(row):
                    if t.split()[-1] != kind:
                        self.menu_to(i)
                        self.key("A")  # the seat editor
                        for _ in range(4):
                            if self.top.menu.items[0].split()[-1] == kind:
                                break
                            self.menu_to(0)
                            self.key("A")
                        self.menu_choose("Done")
                    break
        self.menu_choose("Start")
        if type(self.top).__name__ == "Overwrite":  # a saved game: the new one replaces it
            self.menu_choose("Start new game")

    def leave(self):
        """Leave the game for the main menu: B opens the pause menu (on a game screen with
        nothing to go back to), then Leave game."""
        self.key("B")
        if type(self.top).__name__ != "PauseMenu":
            raise DriverError("B did not open the pause menu:\n" + self.text())
        self.menu_choose("Leave game")

    def continue_game(self):
        self.menu_choose("Continue")

    # ------------------------------------------------------------------ playing

    def step(self):
        """Answer whatever the game shows now; the name of the screen answered."""
        t = self.top
        name = type(t).__name__
        if name == "Turn":
            self._note("turn:" + ("draw", "play", "card", "hit", "end", "pick", "lay", "target")[t.mode])
            if t.session.persons > 1 and self.last_seat != t.seat and self.covered != t.seat:
                raise DriverError("pass and play: " + t.session.names[t.seat] + "'s hand shown "
                                  "without a cover after another person's")
            self.last_seat = t.seat
            self.covered = None
            self.person_move(t)
        elif name == "ComputerTurns":
            self._note("computer")
            # no A (full speed) here: the computer moves keep their pace, as for a person who
            # waits (test_play_phase10 holds A through the end of computer turns)
            for _ in range(5000):
                if self.top is not t:
                    break
                self.m.run(20)
            else:
                raise DriverError("computer turns never ended")

        elif name == "Cover":
            self._note("cover")
            self.covered = t.seat
            self.key("A")
        elif name == "Summary":
            self._note("summary:" + ("end" if t.final else "hand"))
            if t.final:
                return "end"
            while t.page + 1 < t.pages:
                self.key("DOWN")
            self.key("A")
        else:
            raise DriverError("unexpected screen " + name + ":\n" + self.text())
        return name

    def play_to_end(self, max_steps=20000):
        """Play until the game-over summary is on screen; its text."""
        for _ in range(max_steps):
            if self.step() == "end":
                return self.text()
        raise DriverError("the game did not end")

    # ------------------------------------------------------------------ a person's move

    def person_move(self, t):
        T = self.T
        st = t.session.state
        seat = t.seat
        move = self.bot.choose(st.view(seat))
        kind = move[0]
        before = (st.hand_no, st.pending, len(st.hands[seat]), len(t.session.lines))
        if kind == P.DRAW_DECK:
            self._check_take_row(t, st)
            self.row(t, (T.A_DECK, 0))
        elif kind == P.TAKE_DISCARD:
            self.row(t, (T.A_TAKE, 0))
        elif kind == P.DISCARD:
            self.card(t, move[1])
            self.row(t, (T.A_DISCARD, 0))
        elif kind == P.HIT:
            self.card(t, move[1])
            self.row(t, (T.A_HIT, 0))
            self._expect(t, T.M_HIT)
            self.row(t, (T.A_GROUP, move[2]))
            if t.mode == T.M_END:
                self.row(t, (T.A_END, move[3] or HIGH))
        elif kind == P.LAY:
            self.lay(t, move)
        elif kind == P.TARGET:
            self.row(t, (T.A_TARGET, move[1]))
        else:
            raise DriverError("unknown move " + repr(move))
        after = (st.hand_no, st.pending, len(st.hands[seat]) if not st.over else -1,
                 len(t.session.lines))
        if after == before:
            raise DriverError("the move " + repr(move) + " was not made:\n" + self.text())
        name = ("draw", "take", "lay", "hit", "discard", "skip")[kind]
        if kind == P.DISCARD and move[1] == 0x50:
            name = "discard skip"
        self.moves[name] = self.moves.get(name, 0) + 1

    def _check_take_row(self, t, st):
        """A Skip on top: the Take row is greyed and says so; choosing it says why in one line,
        choosing it again shows the rule's whole reason."""
        if st.discard and st.discard[-1] == 0x50:
            i = t.rows.index((self.T.A_TAKE, 0))
            if not t.menu.dim[i] or self.tr("p10.take_skip") not in t.menu.items[i]:
                raise DriverError("a Skip on top but the Take row is " + t.menu.items[i])
            if "turn:skip on top" not in self.seen:
                self._note("turn:skip on top")
                self.row(t, (self.T.A_TAKE, 0))
                if self.top is not t or self.tr("p10.e.skip_on_top") not in self.text():
                    raise DriverError("no reason shown for a Skip on top:\n" + self.text())
                self.key("A")
                if type(self.top).__name__ != "Message" or self.tr("p10.w.skip_on_top") not in \
                        self.text().replace("\n", " "):
                    raise DriverError("no whole reason for a Skip on top:\n" + self.text())
                self.key("A")

    def _expect(self, t, mode):
        if self.top is not t or t.mode != mode:
            raise DriverError("expected mode " + str(mode) + ", the screen shows:\n" + self.text())

    def lay(self, t, move):
        T = self.T
        number, groups = move[1], move[2]
        self.row(t, (T.A_LAY, 0))
        if t.mode == T.M_PICK:  # free choice: which phase
            self.row(t, (T.A_PHASE, number))
        self._expect(t, T.M_LAY)
        if self.moves.get("lay", 0) % 2 == 1:
            self.used_hint += 1
            self.row(t, (T.A_HINT, 0))  # Hint fills the groups
        else:
            for gi in range(len(groups)):
                if t.filling != gi:
                    self.row(t, (T.A_FILL, gi))
                    if t.filling != gi:
                        raise DriverError("group " + str(gi) + " is not filling")
                for c in groups[gi]:
                    self.card(t, c, free=True)
                    if t.in_group[t.cur] != gi:
                        raise DriverError("card not put into group " + str(gi) + ":\n" + self.text())
        self.row(t, (T.A_LAYNOW, 0), choose=False)
        if t.menu.dim[t.menu.index]:
            raise DriverError("Lay down now is greyed:\n" + self.text())
        self.key("A")

    # ------------------------------------------------------------------ navigation

    def _pos(self, t):
        return t.cur if t.focus_hand else len(t.order) + t.menu.index

    def _press_towards(self, t, target_hand, target):
        """One key press moving the focus towards the card (``target_hand``) or the row."""
        hand_ok = t.mode in (self.T.M_PLAY, self.T.M_LAY) and t.order
        if self.dpad:
            if target_hand:
                if not t.focus_hand:
                    self.key("LEFT")  # back to the hand, cursor unmoved
                    return
                n = len(t.order)
                right = (target - t.cur) % n
                self.key("RIGHT" if right <= n - right else "LEFT")
                return
            if t.focus_hand:
                self.key("DOWN")
                return
            self.key("DOWN" if target > t.menu.index else "UP")
            return
        n = (len(t.order) if hand_ok else 0) + len(t.rows)
        pos = self._pos(t) if hand_ok else t.menu.index
        goal = target if target_hand else (len(t.order) if hand_ok else 0) + target
        down = (goal - pos) % n
        self.key("DOWN" if down <= n - down else "UP")

    def card(self, t, c, free=False):
        """Put the cursor on a card ``c`` (one not yet in a group when ``free``) and press A."""
        want = [i for i in range(len(t.order)) if t.order[i] == c and (not free or t.in_group[i] < 0)]
        if not want:
            raise DriverError("card " + str(c) + " not in the shown hand " + repr(t.order))
        for _ in range(64):
            if t.focus_hand and t.cur in want:
                self.key("A")
                return
            best = min(want, key=lambda i: min((i - t.cur) % len(t.order), (t.cur - i) % len(t.order)))
            self._press_towards(t, True, best)
        raise DriverError("cannot reach card " + str(c) + ":\n" + self.text())

    def row(self, t, action, choose=True):
        """Put the cursor on the action row ``(code, value)`` and press A."""
        if self.top is not t:
            raise DriverError("the turn screen is not on top:\n" + self.text())
        if action not in t.rows:
            raise DriverError("no row " + repr(action) + " in mode " + str(t.mode) + ": "
                              + repr(t.menu.items))
        r = t.rows.index(action)
        for _ in range(64):
            if not t.focus_hand and t.menu.index == r:
                if choose:
                    self.key("A")
                return
            self._press_towards(t, False, r)
        raise DriverError("cannot reach row " + repr(action) + ":\n" + self.text())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pybadge")
    ap.add_argument("--edition", default="classic", choices=EDITIONS)
    ap.add_argument("--phases", default="5", choices=PHASES)
    ap.add_argument("--progression", default="standard", choices=PROGRESSIONS)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    d = Driver(args.board, seed=args.seed)
    d.boot()
    d.new_game(args.edition, args.phases, args.progression, ["person"] + ["normal"] * (args.players - 1))
    print(d.play_to_end())
    print("person moves:", d.moves, "keys:", d.keys, "screens:", sorted(d.seen))
    d.close()


if __name__ == "__main__":
    main()
