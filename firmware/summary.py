"""The summary of a hand or round, and of the game (``firmware.session``); the game's end
(``finish``: the statistics, the saved game removed, the last summary)."""

from micropython import const

import supervisor

from firmware import ui
from firmware.lang import t
from firmware.pages import TextPage

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_UP = const(0)  # boards.UP
_DOWN = const(1)  # boards.DOWN
_A = const(4)  # boards.A
_B = const(5)  # boards.B
_DELAYS = const((1500, 600, 150))  # firmware.settings.DELAYS
_WIN = const((1568, 300))  # firmware.sound.WIN


def finish(session):
    """The game is over (``Session.next``, once the screen it ended on is gone): the statistics
    counted and the saved game removed in one write; the last summary, returned."""
    app = session.app
    app.sound.play(_WIN, supervisor.ticks_ms())
    session.flush()
    places = session.state.ranking()
    # one write removes the saved game and counts the game: a power cut keeps both or
    # neither, so Continue never replays a counted game
    store = app.store
    store.hold()
    store.game.clear()
    try:
        from firmware import stats

        stats.record(app, session.entry.gid, session.kinds, session.names, places)
    except ValueError as e:
        session.log(t("log.no_stats").format(e))
    try:
        store.commit()
    except OSError as e:
        session.log(t("log.not_saved").format(e))
    title, text = session.game.ending_text()
    return Summary(session, title, text, True)


class Summary(TextPage):
    """The end of a hand (A goes on) or of the game (A goes back to the main menu)."""

    hints = ((_DOWN, "more"), (_UP, "prev"), (_A, "go on"))

    def __init__(self, session, title, text, final):
        super().__init__(session.app, title, text)
        self.session = session
        self.final = final
        self.wait_until = None
        self.fx = None
        if final:  # the win flourish (firmware.fx): cards rise up both sides, then leave
            from firmware import fx

            self.fx = fx.win(self.group, self.app.layout.width, self.app.layout.height)
        if not final and session.persons == 0:  # a game between computers goes on by itself
            delay = 4 * _DELAYS[session.app.settings.speed]
            self.wait_until = (supervisor.ticks_ms() + delay) & 0x1FFFFFFF

    def key(self, k):
        if k == _A and self.page + 1 >= self.pages:
            self._go_on()
        elif k == _B:
            self.app.home()
        else:
            super().key(k)

    def tick(self, now):
        if self.fx is not None and not self.fx.tick(now):
            self.fx = None
        if self.wait_until is not None and ui.ticks_due(now, self.wait_until):
            self.wait_until = None
            self._go_on()

    def _go_on(self):
        if self.final:
            self.app.home()
        else:
            # not saved again without the summary's mark now (an erase): a power cut before
            # the next save shows this summary once more; leaving the game saves it read
            s = self.session
            if s.ended_saved:
                s.unsaved = True
            s.next_later()
