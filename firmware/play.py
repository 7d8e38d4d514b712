"""The pending-decision loop of every game: people and computer players taking turns on screen.

A :class:`Session` holds a rules-core game (docs/protocol.md: ``pending``, ``apply(move)``,
``view(seat)``, ``describe(move, names)``, ``round_no``, ``over``, ``ranking()``), its registry
entry, the seats (kind and name each: a person, or a computer player easy / normal / hard) and
the game's ``Screens`` object from the screens module the entry names (docs/firmware-games.md),
which gives the person's decision screens, the texts between rounds and at the end, the status
line, the table and the sounds. Nothing here names a game.

On the device every die and shuffle comes from the board's hardware generator
(``firmware.hwrandom.Hardware``); the game's record is written on the drive when it can be
(``firmware.gamerec``).

The session (seats and the codec blob) is saved in ``app.store.game`` at the points of
:meth:`Session.checkpoint` (docs/firmware.md, Saving): when a hand or round ends, when a person
leaves the game, at its end (with the statistics, one write), and on boards whose NVM takes
writes without an erase also after every person's move. A power loss costs at most the hand in
progress. Before a person's decision, when the last hand shown was another person's, a cover
screen asks to pass the device. Computer moves are shown one line each at the speed of the
settings; A runs them at full speed (one move per pass of the main loop, so the screen keeps
answering) until a person's decision comes. When a computer's decision is due, the game may
show it on a screen of its own instead (``Screens.computer``: the board game's roll and move on
its board: ``Screens.computer(seat)`` gives a function that makes the decision and the screen),
which calls ``next`` when done.
"""

import gc

import supervisor

from boards import UP, DOWN, A, B, START
from firmware import saves, sound, ui
from firmware.found import playable
from firmware.saves import PERSON
from shared_rules import registry

DELAYS = (1500, 600, 150)  # ms a computer move stays on screen: slow, normal, fast
ENDED = 0x80  # in a saved game's number: the last move ended a hand (its summary is due)
LEVEL_NAMES = ("", "easy", "normal", "hard")  # seat kind -> the rules core's computer level
LEGACY_GID = ((0, 1),)  # saved game numbers of version 1 (menu positions) -> registry ids
KEEP = (__name__,)  # the module that starts a game is kept when the menus' modules are dropped


def ticks_due(now, at):
    return ((now - at) & 0x1FFFFFFF) < 0x10000000


def screens_class(entry):
    """The ``Screens`` class of a game's screens module (ImportError if it is not built)."""
    return registry.load(entry.screens).Screens


def hardware():
    from firmware.hwrandom import Hardware

    return Hardware()


def start(app):
    """A new game of the remembered set-up (called by the New game screen)."""
    from shared_rules.errors import RuleError

    s = app.settings
    try:
        entry = registry.by_id(s.game)
        if not playable(entry):
            raise RuleError("SETUP", entry.name + " is not on this device yet.", "not_built")
    except RuleError as e:
        app.notify(e.reason, "Cannot start")
        return
    opts = known_options(entry, s.options(entry.gid))
    players = s.players
    app.home(KEEP)  # the set-up's and the menus' modules are not kept during the game
    app.drop_menu()
    from firmware import gamerec

    try:
        state, record = gamerec.start(entry, players, opts, hardware())
    except RuleError as e:
        app.notify(e.reason, "Cannot start")
        return
    session = Session(app, entry, state, s.kinds[:players], s.names[:players], record)
    session.checkpoint("start")
    session.next()
    if session.save_failed:
        app.notify("This game is not saved: the board's memory has no room for it. Leaving it "
                   "ends it.")


def known_options(entry, given):
    """The game's variant values from the settings, each one the game still has (a value the
    game no longer offers falls back to its default)."""
    out = {}
    for key, _, values in entry.variants:
        v = given.get(key)
        out[key] = v if v in values else values[0]
    return out


def saved_entry(data):
    """The registry entry of a saved game (RuleError if this version has no such game)."""
    gid = data[0] & ~ENDED
    for old, new in LEGACY_GID:
        if gid == old:
            gid = new
    return registry.by_id(gid)


def resume(app):
    """Continue the saved game; a save that cannot be read is reported and removed."""
    app.unload(KEEP)  # what the menus loaded is not kept during the game
    from shared_rules import codec
    from shared_rules.errors import RuleError
    from firmware import gamerec

    data = app.store.game.load()
    try:
        game_id, kinds, names, blob = saves.unpack_game(data)
        summed_up = not game_id & ENDED
        entry = saved_entry(data)
        if not playable(entry):
            raise ValueError(entry.name + " is not on this device")
        gid, state = codec.decode(blob, hardware())
        if gid != entry.gid:
            raise ValueError("the save's game does not match")
        if state.n != len(kinds):
            raise ValueError("the seats do not match the game")
        record = gamerec.resume(entry, state, saves.record_mark(data))
    except (ValueError, TypeError, AttributeError, RuleError) as e:
        if app.store.game is not None:
            app.store.game.clear()
        app.home()
        reason = e.reason if isinstance(e, RuleError) else str(e)
        app.notify("The saved game could not be read and has been removed (" + reason + ").")
        return
    app.home(None)
    app.drop_menu()
    session = Session(app, entry, state, kinds, names, record)
    if not summed_up:  # left before the summary of the hand that had just ended: show it now
        session.round -= 1
        session.ended_saved = True
    session.next()


class Session:
    def __init__(self, app, entry, state, kinds, names, record=None):
        from shared_rules.rng import Rng

        self.app = app
        self.entry = entry
        self.state = state
        self.kinds = bytes(kinds)
        self.names = list(names)
        self.record = record  # firmware.gamerec.GameRecord, or None
        rng = Rng(app.seed())
        mod = registry.module(entry)
        self.bots = [None if k == PERSON else mod.bot(LEVEL_NAMES[k], rng) for k in self.kinds]
        self.persons = 0
        for k in self.kinds:
            if k == PERSON:
                self.persons += 1
        self.viewer = None  # the person whose hand was last on screen
        self.round = state.round_no
        self.lines = []  # the moves since the last person's decision, one line each
        self.screen = None  # this session's screen in the app's stack
        self.save_failed = False
        self.ended_saved = False  # the saved record still asks for the summary of a hand
        self.unsaved = False  # moves made since the last save
        self.fast = False  # A on the computers' moves: full speed until a person decides
        self.game = screens_class(entry)(self)

    # ------------------------------------------------------------------ moves

    def apply(self, move):
        """Apply a move of the pending seat: None, or the RuleError that refused it."""
        from shared_rules.errors import RuleError

        st = self.state
        person = self.kinds[st.pending[0]] == PERSON
        try:
            line = st.describe(move, self.names)
            more = getattr(self.game, "detail", None)  # the game may say more (which cards)
            if more is not None:
                line += more(move)
        except (IndexError, TypeError, ValueError, KeyError):
            line = ""
        try:
            if self.record is not None:
                self.record.play(move)
            else:
                st.apply(move)
        except RuleError as e:
            return e
        if person:
            self.lines = []  # the log: what happened since this person decided
        self.log(line)
        tone = self.game.tone(move)
        if tone is not None:
            self.app.sound.play(tone, supervisor.ticks_ms())
        self.unsaved = True
        if st.round_no != self.round:
            self.flush()
            self.checkpoint("hand")
        elif person:
            self.checkpoint("person")
        return None

    def computer_move(self):
        """Let the computer player whose decision is pending make it."""
        self.computer_apply(self.computer_choice())

    def computer_choice(self):
        """The move the computer player whose decision is pending chooses (not made yet: a
        screen may show it first)."""
        seat = self.state.pending[0]
        return self.bots[seat].choose(self.state.view(seat))

    def computer_apply(self, move):
        err = self.apply(move)
        if err is not None:  # the computer players only make legal moves: a bug to report
            raise RuntimeError("computer player: " + err.reason)

    def log(self, line):
        self.lines.append(line)
        if len(self.lines) > 40:
            self.lines.pop(0)

    def flush(self):
        """Write the record's new lines to the drive (round ends, saves, the end)."""
        if self.record is not None and not self.record.flush():
            self.record = None
            self.log("(the game record could not be written)")

    def checkpoint(self, reason):
        """Save the game if the save policy asks for it at this point (each save is a flash
        erase on most boards: docs/firmware.md, Saving):

        - ``"hand"`` a move ended a hand or round: always, so a finished hand is never lost;
        - ``"leave"`` a person leaves the game: when a move was made since the last save;
        - ``"start"`` a new game, ``"person"`` a person's move: only where the NVM takes a write
          without an erase (``store.append``), else a power cut loses them with the hand; but a
          new game that replaces a saved one is saved at once, so Continue never brings back
          the game that was given up.

        A computer's move alone is never saved: after a power cut the computer plays again.
        The end of the game is saved by ``_finish``, with the statistics, in one write."""
        store = self.app.store
        if (reason == "hand" or (reason == "leave" and self.unsaved) or store.append
                or (reason == "start" and store.game.newest is not None)):
            self.save()

    def save(self):
        from shared_rules import codec

        if self.state.over:
            return
        slots = self.app.store.game
        game = self.entry.gid
        self.ended_saved = self.state.round_no != self.round
        if self.ended_saved:  # saved before the summary is shown
            game |= ENDED
        self.flush()  # the record is never behind the save
        mark = self.record.mark() if self.record is not None else None
        blob = saves.pack_game(game, self.kinds, self.names, codec.encode(self.state, self.entry.gid), mark)
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
        r = st.round_no
        if r != self.round:
            self.round = r
            self.fast = False
            title, text = self.game.round_text()
            self.show(Summary(self, title, text, False))
            return
        seat = st.pending[0]
        top = self.app.top
        if self.kinds[seat] != PERSON:
            if top is not self.screen or not isinstance(top, ComputerTurns):
                top = None
                self.show_new(ComputerTurns, self)
            return
        self.fast = False
        if self.persons > 1 and self.viewer != seat:
            self.show(Cover(self, seat))
            return
        self.viewer = seat
        after_computers = isinstance(top, ComputerTurns) or getattr(top, "auto", False)
        if top is self.screen and getattr(top, "seat", -1) == seat and hasattr(top, "refresh"):
            top.refresh()
        else:
            self.show(self.game.decision(seat))
        if after_computers and hasattr(self.screen, "guard"):
            self.screen.guard()

    def show_new(self, make, arg):
        """``show(make(arg))``, the current screen dropped first: the new screen (and the
        decisions ``make`` takes) find the heap the old one leaves, not split by it (a computer
        game takes turns between two screens)."""
        app = self.app
        if self.screen is not None and app.top is self.screen:
            app.stack.pop().closed()
            root = app.root
            while len(root):
                root.pop()
            self.screen = None
            root = None
            gc.collect()
        self.show(make(arg))

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
        self.flush()
        places = self.state.ranking()
        # one write removes the saved game and counts the game: a power cut keeps both or
        # neither, so Continue never replays a counted game
        store = app.store
        store.hold()
        store.game.clear()
        try:
            from firmware import stats

            stats.record(app, self.entry.gid, self.kinds, self.names, places)
        except ValueError as e:
            self.log("(statistics not saved: " + str(e) + ")")
        try:
            store.commit()
        except OSError as e:
            self.log("(not saved: " + str(e) + ")")
        title, text = self.game.ending_text()
        self.show(Summary(self, title, text, True))

    def pause(self):
        """The pause menu over the current game screen (START, or B with nothing to go back to)."""
        from firmware.pause import PauseMenu

        self.app.push(PauseMenu(self))

    def leave(self):
        """Leave the game for the main menu (it is saved; Continue resumes it)."""
        self.checkpoint("leave")
        self.flush()
        self.app.home()


class ComputerTurns(ui.Screen):
    """Computer players' moves, one line each, at the speed of the settings; A: full speed."""

    hints = ((A, "faster"), (B, "pause"))

    def __init__(self, session):
        super().__init__(session.app, "Computer turns")
        self.session = session
        lay = self.app.layout
        # one person against computers: their own hand stays in view (the game draws it)
        watch = getattr(session.game, "watch", None) if session.persons == 1 else None
        keep = watch(self, None) if watch is not None else 0  # the height it needs
        n = (lay.body_h - keep) // lay.row_h
        if keep and n >= 3:
            watch(self, lay.body_top + n * lay.row_h + 1)
        else:
            n = lay.body_h // lay.row_h
        self.rows = []
        for r in range(n):
            lb = ui.label("", lay.margin, lay.body_top + r * lay.row_h + lay.scale, ui.TEXT, lay.scale)
            self.rows.append(lb)
            self.body.append(lb)
        self.next_at = None
        self._draw()

    def _draw(self):
        """The game's status, then as many of the last moves as fit (long lines wrapped)."""
        s = self.session
        cols = self.app.layout.cols
        seat = s.state.pending[0] if s.state.pending else 0
        self.set_title(s.names[seat] + " is playing")
        lines = ui.wrap(s.game.status(), cols)
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
        s = self.session
        if not s.fast and not ticks_due(now, self.next_at):
            return
        self.next_at = None
        own = getattr(s.game, "computer", None)  # the game may show this decision on its own
        make = own(s.state.pending[0]) if own is not None else None  # screen: make(session)
        if make is not None:
            s.show_new(make, s)
            return
        s.computer_move()
        self._draw()
        st = s.state
        if st.over or st.round_no != s.round or s.kinds[st.pending[0]] == PERSON:
            s.next()

    def key(self, k):
        if k == A:
            self.session.fast = True
        elif k == B or k == START:
            self.session.pause()


class Cover(ui.Screen):
    """Hides the hands between two people: "Pass to ANN", until they press A."""

    hints = ((A, "show my cards"), (B, "pause"))

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
        board = self.app.board
        how = board.HINTS[A if board.BUTTONS >= 4 else DOWN] or "A"  # a short press shows it
        lines = ui.wrap("Only " + name + " should look. " + name + ": press " + how + ".", lay.cols)
        for i in range(min(2, len(lines))):
            self.body.append(ui.label(lines[i], lay.margin, y + 14 * big + 2 + i * lay.row_h,
                                      ui.TEXT, lay.scale))
        if session.lines:
            self.body.append(ui.label(session.lines[-1][: lay.cols], lay.margin,
                                      lay.body_top + lay.body_h - lay.row_h, ui.DIM, lay.scale))

    def key(self, k):
        if k == A or k == DOWN:  # DOWN: a short press on the two-button boards
            s = self.session
            s.viewer = self.seat
            s.next()
        elif k == B or k == START:
            self.session.pause()


class Summary(ui.TextPage):
    """The end of a hand (A goes on) or of the game (A goes back to the main menu)."""

    hints = ((DOWN, "more"), (UP, "prev"), (A, "go on"))

    def __init__(self, session, title, text, final):
        super().__init__(session.app, title, text)
        self.session = session
        self.final = final
        if self.pages == 1:  # nothing more to read: the footer says only what A does
            ui.set_text(self.footer, self.app.hint_text(((A, "go on"),)))
        self.wait_until = None
        self.fx = None
        if final:  # the win flourish (firmware.fx): cards rise up both sides, then leave
            from firmware import fx

            self.fx = fx.win(self.group, self.app.layout.width, self.app.layout.height)
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
        if self.fx is not None and not self.fx.tick(now):
            self.fx = None
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
