"""The base every game's decision screens share (docs/firmware-games.md): the input guard, the
pause key (the pause menu is ``firmware.pause``), the table key, the refusal text and tone. A
decision made by picking one row is ``firmware.choices``.

The input guard: keys that were pressed for what was on screen before a person's decision
appeared (fast-forwarding computer turns) must not act on it. A decision screen that appears
right after computer moves ignores keys for ``GUARD_MS`` (``guard()``, called by
``Session.next``).
"""

from micropython import const

import supervisor

from firmware import ui
from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_START = const(6)  # boards.START
_SELECT = const(7)  # boards.SELECT

_GUARD_MS = const(400)
_REFUSED = const((220, 120))  # the refusal tone (Hz, ms)
_YOUR_TURN = const((880, 70))  # a person's decision appears after computer moves


class Decision(ui.Screen):
    """Base of a person's decision screen. ``key(k)`` of a subclass starts with
    ``if super().key(k): return``."""

    hints = ((_DOWN, "next"), (_UP, "prev"), (_A, "ok"), (_B, "back"))

    def __init__(self, session, seat, title):
        super().__init__(session.app, title)
        self.session = session
        self.seat = seat
        self.open_at = None

    def guard(self):
        """Ignore keys for a moment: the decision has just appeared after computer moves,
        which the person may still be pressing keys for (``Session.next`` calls it). The
        "your turn" tone says so."""
        now = supervisor.ticks_ms()
        self.open_at = (now + _GUARD_MS) & 0x1FFFFFFF
        self.app.sound.play(_YOUR_TURN, now)

    def key(self, k):
        """True when the key was taken here (guarded, START: the pause menu, SELECT: the
        table, ``select``)."""
        if self.open_at is not None:
            if not ui.ticks_due(supervisor.ticks_ms(), self.open_at):
                return True
            self.open_at = None
        if k == _START:
            self.session.pause()
            return True
        if k == _SELECT:
            self.select()
            return True
        return False

    def select(self):
        """SELECT: the table (the board game's board screen shows its legend instead), over
        this screen or in its place (``Session.over``)."""
        s = self.session
        seat = self.seat
        s.over(lambda: _table(s, seat))

    def refusal_text(self, err):
        """The short text of a refusal (``err`` a RuleError), by its code."""
        short = self.session.game.refusal(err)
        return short if short else t("decide.not_allowed")

    def submit(self, move):
        """Make ``move`` for this seat: the game goes on (``session.next_later``), or the refusal
        sound plays and the RuleError is returned, for the screen to say why."""
        err = self.session.apply(move)
        if err is None:
            self.session.next_later()
        else:
            self.play_refusal()
        return err

    def play_refusal(self):
        self.app.sound.play(_REFUSED, supervisor.ticks_ms())


def _table(s, seat):
    from firmware import tableview  # (loaded when the table is shown)

    return tableview.screen(s, seat)


# The public names of the constants above, for the desktop's tools and the tests: a board's
# build (mpy-cross -O3, where __debug__ is False) compiles this block away (docs/rules-core.md).
if __debug__:
    GUARD_MS = _GUARD_MS
    REFUSED = _REFUSED
    YOUR_TURN = _YOUR_TURN
