"""Pieces every game's screens share (docs/firmware-games.md): the base of a decision screen
with its input guard and pause key, a decision made by picking one row, the pause menu and the
table page.

The input guard: keys that were pressed for what was on screen before a person's decision
appeared (fast-forwarding computer turns) must not act on it. A decision screen that appears
right after computer moves ignores keys for ``GUARD_MS`` (``guard()``, called by
``Session.next``).
"""

import supervisor

from boards import UP, DOWN, A, B, START, SELECT
from firmware import ui

GUARD_MS = 400
REFUSED = (220, 120)  # the refusal tone (Hz, ms)
YOUR_TURN = (880, 70)  # a person's decision appears after computer moves


def _due(now, at):
    return ((now - at) & 0x1FFFFFFF) < 0x10000000


class Decision(ui.Screen):
    """Base of a person's decision screen. ``key(k)`` of a subclass starts with
    ``if super().key(k): return``."""

    hints = ((DOWN, "next"), (UP, "prev"), (A, "ok"), (B, "back"))

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
        self.open_at = (now + GUARD_MS) & 0x1FFFFFFF
        self.app.sound.play(YOUR_TURN, now)

    def key(self, k):
        """True when the key was taken here (guarded, START: the pause menu, SELECT: the
        table)."""
        if self.open_at is not None:
            if not _due(supervisor.ticks_ms(), self.open_at):
                return True
            self.open_at = None
        if k == START:
            self.session.pause()
            return True
        if k == SELECT:
            from firmware import tableview

            tableview.show(self.app, "Table", self.session.game.table(self.seat))
            return True
        return False

    def refusal_text(self, err):
        """The short text of a refusal (``err`` a RuleError), by its code."""
        short = self.session.game.refusal(err)
        return short if short else err.reason

    def play_refusal(self):
        self.app.sound.play(REFUSED, supervisor.ticks_ms())


class Choices(Decision):
    """A decision made by picking one row: ``rows`` is a list of ``(text, move)``, a move of
    None greys its row. A applies the move; a refusal shows its reason under the rows."""

    def __init__(self, session, seat, title, rows, prompt=""):
        super().__init__(session, seat, title)
        lay = self.app.layout
        self.info = ui.label(prompt[: lay.cols], lay.margin, lay.body_top + lay.scale, ui.DIM, lay.scale)
        self.body.append(self.info)
        self.menu = ui.Menu(self, [], top=lay.body_top + lay.row_h,
                            rows=max(1, lay.rows - 1))
        self.set_rows(rows)

    def set_rows(self, rows, prompt=None):
        self.moves = [m for _, m in rows]
        self.menu.set_items([t for t, _ in rows], 0, [m is None for _, m in rows])
        if prompt is not None:
            self.say(prompt)

    def say(self, text, warn=False):
        ui.set_text(self.info, text[: self.app.layout.cols])
        colour = ui.WARN if warn else ui.DIM
        if self.info.color != colour:
            self.info.color = colour

    def key(self, k):
        if super().key(k):
            return
        if k == UP or k == DOWN:
            self.menu.move(1 if k == DOWN else -1)
        elif k == A:
            move = self.moves[self.menu.index]
            if move is None:
                return
            err = self.session.apply(move)
            if err is not None:
                self.play_refusal()
                self.say(self.refusal_text(err), True)
            else:
                self.session.next()
        elif k == B:
            self.session.pause()


class PauseMenu(ui.ListScreen):
    """START during a game (or B where nothing is left to go back to): resume, the table, the
    log of every move since the person's last decision, the rules of this game, settings, leave
    (the game is saved; Continue resumes it)."""

    def __init__(self, session):
        self.session = session
        self.actions = ["resume", "table", "log"]
        items = ["Resume", "Table", "Log"]
        from firmware import texts

        if texts.topics(session.entry.key):
            self.actions.append("rules")
            items.append("Rules")
        self.actions += ["settings", "leave"]
        items += ["Settings", "Leave game"]
        super().__init__(session.app, "Paused: " + session.entry.name, items)

    def choose(self, i):
        act = self.actions[i]
        app = self.app
        s = self.session
        if act == "resume":
            app.pop()
        elif act == "table":
            from firmware import tableview

            seat = s.viewer if s.viewer is not None else 0
            tableview.show(app, "Table", s.game.table(seat))
        elif act == "log":
            lines = s.lines or ["Nothing has happened since your last move."]
            app.push(ui.TextPage(app, "Since your move", "\n".join(lines)))
        elif act == "rules":
            from firmware import texts

            topics = texts.topics(s.entry.key)
            if len(topics) == 1:
                app.push(ui.TextPage(app, topics[0][0], texts.text(topics[0][1])))
            else:
                app.push(texts.RulesMenu(app, s.entry.key))
        elif act == "settings":
            from firmware.setscreen import SettingsScreen

            app.push(SettingsScreen(app))
        else:
            s.leave()

    def key(self, k):
        if k == START:
            self.app.pop()
        else:
            super().key(k)

    def back(self):
        self.app.pop()
