"""The pending-decision loop of every game: people and computer players taking turns on screen.

A :class:`Session` holds a rules-core game (``pending``, ``apply(move)``, ``view(seat)``,
``describe(move, names)``, ``over``, ``winners``), the seats (kind and name each: a person, or a
computer player easy / normal / hard) and the game's *rules module* (``firmware.p10`` for Phase
10), which supplies what is particular to one game::

    GAME_ID                     the game's number in saves (the set-up's game index)
    new(settings, seed)         a new game from the remembered set-up
    encode(state) / decode(b)   the rules core's save blob
    bot(level, rng)             a computer player (``choose(view)`` -> move)
    round_no(state)             which hand / round is being played
    decision(session, seat)     the screen where a person makes the pending decision
    round_text(session)         (title, text) after a hand or round ended
    ending_text(session)        (title, text) when the game is over
    ranking(state)              finishing place (1 = won) of every seat
    status(session)             one line about the game for the computer-turns screen
    tone(move)                  the sound a move makes, or None

The session (seats and the rules core's blob) is saved in ``app.store.game`` at the points of
:meth:`Session.checkpoint` (docs/firmware.md, Saving): when a hand or round ends, when a person
leaves the game, at its end (with the statistics, one write), and on boards whose NVM takes
writes without an erase also after every person's move. A power loss costs at most the hand in
progress. Before a person's decision, when the last hand shown
was another person's, a cover screen asks to pass the device. Computer moves are shown one line
each at the speed of the settings; A runs them at full speed (one move per pass of the main
loop, so the screen keeps answering).
"""

import supervisor

from boards import UP, DOWN, A, B
from firmware import saves, sound, ui
from firmware.saves import PERSON

CARD = (1046, 25)  # tones (Hz, ms): a card played, a phase laid down (sound.WIN: game won)
PHASE = (784, 180)
DELAYS = (1500, 600, 150)  # ms a computer move stays on screen: slow, normal, fast
RULES = ("firmware.p10",)  # rules module per game number; the others are still to come
ENDED = 0x80  # in a saved game's number: the last move ended a hand (its summary is due)


def ticks_due(now, at):
    return ((now - at) & 0x1FFFFFFF) < 0x10000000


def rules_module(game_id):
    """The rules module of a game number, or None if that game is not on the device yet."""
    if not 0 <= game_id < len(RULES):
        return None
    name = RULES[game_id]
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def start(app):
    """A new game of the remembered set-up (called by the New game screen)."""
    s = app.settings
    rules = rules_module(s.game)
    if rules is None:
        from firmware.menus import GAMES

        app.notify(GAMES[s.game] + " is not on this device yet: its rules are still being "
                   "written. Try Phase 10.", "Coming soon")
        return
    state = rules.new(s, app.seed())
    app.home()
    session = Session(app, rules, state, s.kinds[: s.players], s.names[: s.players])
    session.checkpoint("start")
    session.next()
    if session.save_failed:
        app.notify("This game is not saved: the board's memory has no room for it. Leaving it "
                   "ends it.")


def resume(app):
    """Continue the saved game; a save that cannot be read is reported and removed."""
    from shared_rules.errors import RuleError

    try:
        game_id, kinds, names, blob = saves.unpack_game(app.store.game.load())
        summed_up = not game_id & ENDED
        rules = rules_module(game_id & ~ENDED)
        if rules is None:
            raise ValueError("a game this version cannot play")
        state = rules.decode(blob)
        if state.n != len(kinds):
            raise ValueError("the seats do not match the game")
    except (ValueError, TypeError, AttributeError, RuleError) as e:
        if app.store.game is not None:
            app.store.game.clear()
        app.home()
        app.notify("The saved game could not be read and has been removed (" + str(e) + ").")
        return
    app.home()
    session = Session(app, rules, state, kinds, names)
    if not summed_up:  # left before the summary of the hand that had just ended: show it now
        session.round -= 1
        session.ended_saved = True
    session.next()


class Session:
    def __init__(self, app, rules, state, kinds, names):
        from shared_rules.rng import Rng

        self.app = app
        self.rules = rules
        self.state = state
        self.kinds = bytes(kinds)
        self.names = list(names)
        rng = Rng(app.seed())
        self.bots = [None if k == PERSON else rules.bot(k, rng) for k in self.kinds]
        self.persons = 0
        for k in self.kinds:
            if k == PERSON:
                self.persons += 1
        self.viewer = None  # the person whose hand was last on screen
        self.round = rules.round_no(state)
        self.lines = []  # the last moves, one line each
        self.screen = None  # this session's screen in the app's stack
        self.save_failed = False
        self.ended_saved = False  # the saved record still asks for the summary of a hand
        self.unsaved = False  # moves made since the last save

    # ------------------------------------------------------------------ moves

    def apply(self, move):
        """Apply a move of the pending seat; the rule's reason (one line) if it is rejected."""
        from shared_rules.errors import RuleError

        st = self.state
        person = self.kinds[st.pending[0]] == PERSON
        try:
            line = st.describe(move, self.names)
        except (IndexError, TypeError, ValueError):
            line = ""
        try:
            st.apply(move)
        except RuleError as e:
            return e.reason
        self.log(line)
        tone = self.rules.tone(move)
        if tone is not None:
            self.app.sound.play(tone, supervisor.ticks_ms())
        self.unsaved = True
        if self.rules.round_no(st) != self.round:
            self.checkpoint("hand")
        elif person:
            self.checkpoint("person")
        return None

    def computer_move(self):
        """Let the computer player whose decision is pending make it."""
        st = self.state
        seat = st.pending[0]
        move = self.bots[seat].choose(st.view(seat))
        reason = self.apply(move)
        if reason is not None:  # the computer players only make legal moves: a bug to report
            raise RuntimeError("computer player: " + reason)

    def log(self, line):
        self.lines.append(line)
        if len(self.lines) > 8:
            self.lines.pop(0)

    def checkpoint(self, reason):
        """Save the game if the save policy asks for it at this point (each save is a flash
        erase on most boards: docs/firmware.md, Saving):

        - ``"hand"`` a move ended a hand or round: always, so a finished hand is never lost;
        - ``"leave"`` a person leaves the game: when a move was made since the last save;
        - ``"start"`` a new game, ``"person"`` a person's move: only where the NVM takes a write
          without an erase (``store.append``), else a power cut loses them with the hand.

        A computer's move alone is never saved: after a power cut the computer plays again.
        The end of the game is saved by ``_finish``, with the statistics, in one write."""
        if reason == "hand" or (reason == "leave" and self.unsaved) or self.app.store.append:
            self.save()

    def save(self):
        if self.state.over:
            return
        slots = self.app.store.game
        game = self.rules.GAME_ID
        self.ended_saved = self.rules.round_no(self.state) != self.round
        if self.ended_saved:  # saved before the summary is shown
            game |= ENDED
        blob = saves.pack_game(game, self.kinds, self.names, self.rules.encode(self.state))
        if slots is None or not slots.fits(len(blob)):
            if not self.save_failed:
                self.save_failed = True
                self.log("(no room to save this game)")
            return
        slots.save(blob)
        self.unsaved = False

    # ------------------------------------------------------------------ what comes next

    def next(self):
        """Show what the game waits for now."""
        st = self.state
        if st.over:
            self._finish()
            return
        r = self.rules.round_no(st)
        if r != self.round:
            self.round = r
            title, text = self.rules.round_text(self)
            self.show(Summary(self, title, text, False))
            return
        seat = st.pending[0]
        top = self.app.top
        if self.kinds[seat] != PERSON:
            if top is not self.screen or not isinstance(top, ComputerTurns):
                self.show(ComputerTurns(self))
            return
        if self.persons > 1 and self.viewer != seat:
            self.show(Cover(self, seat))
            return
        self.viewer = seat
        if top is self.screen and getattr(top, "seat", -1) == seat and hasattr(top, "refresh"):
            top.refresh()
        else:
            self.show(self.rules.decision(self, seat))

    def show(self, screen):
        """Put ``screen`` in place of this session's current screen."""
        if self.screen is not None and self.app.top is self.screen:
            self.screen = screen
            self.app.replace(screen)
        else:
            self.screen = screen
            self.app.push(screen)

    def _finish(self):
        app = self.app
        app.sound.play(sound.WIN, supervisor.ticks_ms())
        places = self.rules.ranking(self.state)
        # one write removes the saved game and counts the game: a power cut keeps both or
        # neither, so Continue never replays a counted game
        store = app.store
        store.hold()
        store.game.clear()
        try:
            from firmware import stats

            stats.record(app, self.kinds, self.names, places)
        except ValueError as e:
            self.log("(statistics not saved: " + str(e) + ")")
        try:
            store.commit()
        except OSError as e:
            self.log("(not saved: " + str(e) + ")")
        title, text = self.rules.ending_text(self)
        self.show(Summary(self, title, text, True))

    def leave(self):
        """B on a game screen: back to the main menu (the game is saved; Continue resumes it)."""
        self.checkpoint("leave")
        self.app.home()


class ComputerTurns(ui.Screen):
    """Computer players' moves, one line each, at the speed of the settings; A: full speed."""

    hints = ((A, "faster"), (B, "menu"))

    def __init__(self, session):
        super().__init__(session.app, "Computer turns")
        self.session = session
        lay = self.app.layout
        self.rows = []
        for r in range(lay.body_h // lay.row_h):
            lb = ui.label("", lay.margin, lay.body_top + r * lay.row_h + lay.scale, ui.TEXT, lay.scale)
            self.rows.append(lb)
            self.body.append(lb)
        self.fast = False
        self.next_at = None
        self._draw()

    def _draw(self):
        """The game's status, then as many of the last moves as fit (long lines wrapped)."""
        s = self.session
        cols = self.app.layout.cols
        seat = s.state.pending[0] if s.state.pending else 0
        self.set_title(s.names[seat] + " is playing")
        lines = ui.wrap(s.rules.status(s), cols)
        head = len(lines)
        moves = []
        for i in range(len(s.lines) - 1, -1, -1):  # the newest moves that fit, whole
            rows = ui.wrap(s.lines[i], cols)
            if head + len(moves) + len(rows) > len(self.rows):
                break
            moves = rows + moves
        lines += moves
        for r in range(len(self.rows)):
            lb = self.rows[r]
            ui.set_text(lb, lines[r] if r < len(lines) else "")
            colour = ui.DIM if r < head else ui.TEXT
            if lb.color != colour:
                lb.color = colour

    def tick(self, now):
        if self.next_at is None:
            self.next_at = (now + DELAYS[self.app.settings.speed]) & 0x1FFFFFFF
            return
        if not self.fast and not ticks_due(now, self.next_at):
            return
        s = self.session
        s.computer_move()
        self.next_at = None
        self._draw()
        st = s.state
        if st.over or s.rules.round_no(st) != s.round or s.kinds[st.pending[0]] == PERSON:
            s.next()

    def key(self, k):
        if k == A:
            self.fast = True
        elif k == B:
            self.session.leave()


class Cover(ui.Screen):
    """Hides the hands between two people: "Pass to ANN", until they press A."""

    hints = ((A, "show my cards"), (B, "menu"))

    def __init__(self, session, seat):
        super().__init__(session.app, "Pass and play")
        self.session = session
        self.seat = seat
        lay = self.app.layout
        name = session.names[seat]
        text = "Pass to " + name
        big = min(4, (lay.width - 2 * lay.margin) // (len(text) * 6))
        x = (lay.width - len(text) * 6 * big) // 2
        y = lay.body_top + lay.body_h // 3 - 6 * big
        self.body.append(ui.label(text, x, y, ui.BAR, big))
        lines = ui.wrap("Only " + name + " should look. " + name + ": press A.", lay.cols)
        for i in range(min(2, len(lines))):
            self.body.append(ui.label(lines[i], lay.margin, y + 14 * big + 2 + i * lay.row_h,
                                      ui.TEXT, lay.scale))
        if session.lines:
            self.body.append(ui.label(session.lines[-1][: lay.cols], lay.margin,
                                      lay.body_top + lay.body_h - lay.row_h, ui.DIM, lay.scale))

    def key(self, k):
        if k == A:
            s = self.session
            s.viewer = self.seat
            s.next()
        elif k == B:
            self.session.leave()


class Summary(ui.TextPage):
    """The end of a hand (A goes on) or of the game (A goes back to the main menu)."""

    hints = ((DOWN, "more"), (UP, "prev"), (A, "go on"))

    def __init__(self, session, title, text, final):
        super().__init__(session.app, title, text)
        self.session = session
        self.final = final
        self.wait_until = None
        if not final and session.persons == 0:  # a game between computers goes on by itself
            self.wait_until = (supervisor.ticks_ms() + 4 * DELAYS[session.app.settings.speed]) & 0x1FFFFFFF

    def key(self, k):
        if k == A and self.page + 1 >= self.pages:
            self._go_on()
        elif k == B:
            self.app.home()
        else:
            super().key(k)

    def tick(self, now):
        if self.wait_until is not None and ticks_due(now, self.wait_until):
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
            s.next()
