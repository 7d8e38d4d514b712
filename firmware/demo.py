"""The placeholder game screen, until the real game screens exist: the rules core plays the game
between computer players (a person's seat too) to its end, one line per move. The game is saved
after every move, so Continue resumes it and a power loss costs at most one move."""

from boards import A, B
from firmware import saves, ui

DELAYS = (1200, 500, 120)  # ms between moves for computer speed slow, normal, fast
_BOTS = ("greedy", "random", "greedy", "greedy")  # per seat kind: person, easy, normal, hard
_GAME_PHASE10 = 0


def start(app):
    """Start the game of the remembered set-up."""
    s = app.settings
    if s.game != _GAME_PHASE10:
        from firmware.menus import GAMES

        app.notify(GAMES[s.game] + " is not on this device yet: its rules are still being "
                   "written. Try Phase 10.", "Coming soon")
        return
    from firmware.newgame import EDITIONS, PHASES, PROGRESSIONS
    from shared_rules.phase10 import Phase10

    state = Phase10(s.players, edition=EDITIONS[s.edition], phases=PHASES[s.phases],
                    progression=PROGRESSIONS[s.progression], seed=app.seed())
    app.home()
    app.push(Demo(app, state, s.kinds[: s.players], s.names[: s.players]))


def resume(app):
    """Continue the saved game; a save that cannot be read is reported and removed."""
    from shared_rules import codec
    from shared_rules.errors import RuleError

    try:
        _, kinds, names, blob = saves.unpack_game(app.store.game.load())
        state = codec.decode(blob)
        if state.n != len(kinds):
            raise ValueError("the seats do not match the game")
    except (ValueError, TypeError, RuleError) as e:
        app.store.game.clear()
        app.home()
        app.notify("The saved game could not be read and has been removed (" + str(e) + ").")
        return
    app.push(Demo(app, state, kinds, names))


class Demo(ui.Screen):
    hints = ((A, "next move"), (B, "menu"))

    def __init__(self, app, state, kinds, names):
        super().__init__(app, "Phase 10")
        from shared_rules.rng import Rng
        from shared_rules.selfplay import make_bot

        self.state = state
        self.save_failed = False
        self.kinds = bytes(kinds)
        self.names = list(names)
        rng = Rng(app.seed())
        self.bots = [make_bot(_BOTS[k], rng) for k in kinds]
        lay = app.layout
        self.status = ui.label("", lay.margin, lay.body_top + lay.scale, ui.DIM, lay.scale)
        self.body.append(self.status)
        self.lines = []
        for r in range(lay.body_h // lay.row_h - 1):
            lb = ui.label("", lay.margin, lay.body_top + (r + 1) * lay.row_h + lay.scale,
                          ui.TEXT, lay.scale)
            self.lines.append(lb)
            self.body.append(lb)
        self.next_at = None
        self._show_status()
        if state.pending is None:
            self._over()

    def _show_status(self):
        st = self.state
        parts = []
        for seat in range(st.n):
            phase = st.phase_of(seat)
            parts.append(self.names[seat] + (str(phase) if phase else "-"))
        if self.save_failed:
            self.set_title("Hand " + str(st.hand_no) + " - not saved")
        else:
            self.set_title("Phase 10 - hand " + str(st.hand_no))
        ui.set_text(self.status, " ".join(parts)[: self.app.layout.cols])

    def _log(self, text):
        cols = self.app.layout.cols
        n = len(self.lines)
        for r in range(n - 1):
            ui.set_text(self.lines[r], self.lines[r + 1].text)
        if n:
            ui.set_text(self.lines[n - 1], text[:cols])

    def step(self):
        st = self.state
        seat = st.pending[0]
        move = self.bots[seat].choose(st.view(seat))
        self._log(st.describe(move, self.names))
        st.apply(move)
        self._show_status()
        if st.pending is None:
            self._over()
        else:
            self._save()

    def _save(self):
        from shared_rules import codec

        slots = self.app.store.game
        blob = saves.pack_game(_GAME_PHASE10, self.kinds, self.names, codec.encode(self.state))
        if slots is None or not slots.fits(len(blob)):
            if not self.save_failed:
                self.save_failed = True
                self._log("No room to save this game")
                self._show_status()
            return
        slots.save(blob)

    def _over(self):
        st = self.state
        won = " and ".join([self.names[w] for w in st.winners])
        self._log("Game over: " + won + (" win" if len(st.winners) > 1 else " wins"))
        if self.app.store.game is not None:
            self.app.store.game.clear()
        self.set_title("Phase 10: game over")

    def tick(self, now):
        if self.state.pending is None:
            return
        if self.next_at is None or ((now - self.next_at) & 0x1FFFFFFF) < 0x10000000:
            if self.next_at is not None:
                self.step()
            self.next_at = (now + DELAYS[self.app.settings.speed]) & 0x1FFFFFFF

    def key(self, k):
        if k == A:
            if self.state.pending is None:
                self.app.home()
            else:
                self.step()
        elif k == B:
            self.app.home()
