"""The pending-decision loop of every game: people and computer players taking turns on screen.

A :class:`Session` holds a rules-core game (docs/protocol.md: ``pending``, ``apply(move)``,
``view(seat)``, ``describe(move, names)``, ``round_no``, ``over``, ``ranking()``), its registry
entry, the seats (kind and name each: a person, or a computer player easy / normal / hard) and
the game's ``Screens`` object from the screens module the entry names (docs/firmware-games.md),
which gives the person's decision screens, the texts between rounds and at the end, the status
line, the table and the sounds. Nothing here names a game. ``firmware.play`` starts or resumes
it; the screens every game shares are ``firmware.turns`` (the computers' moves),
``firmware.cover`` (the pass-and-play cover) and ``firmware.summary`` (the summaries), each
loaded when it is first shown.

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

Code is RAM on a board, and a person's decision screens and the computer players are never
needed at once: the players are made at the first computer decision after a person's, and
before a person's decision screen is made they are dropped with the modules loaded while they
played (theirs, their screens'); the modules that screen loaded are dropped in turn when the
computers take over or the device is passed to another person, and what the pause menu loaded
when the game resumes. (The desktop emulator keeps every module: ``app.boot_modules`` is None
there.)
"""

from micropython import const

import supervisor

from firmware.lang import t

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_PERSON = const(0)  # firmware.settings.PERSON
_ENDED = const(0x80)  # firmware.saves.ENDED

_LEVEL_NAMES = const(("", "easy", "normal", "hard"))  # seat kind -> the rules core's computer level


def _guard(screen):
    """A person's screen that has just replaced the computers' ignores keys for a moment."""
    guard = getattr(screen, "guard", None)
    if guard is not None:
        guard()
    return screen


class Session:
    def __init__(self, app, entry, state, kinds, names, record=None):
        from shared_rules import registry
        from shared_rules.rng import Rng

        self.app = app
        self.entry = entry
        # the rules core, for the computer players and the saves: the registry is not kept
        # during a game (firmware.play, ``_begun``)
        self.rules = registry.module(entry)
        self.state = state
        self.kinds = bytes(kinds)
        self.names = list(names)
        self.record = record  # firmware.gamerec.GameRecord, or None
        self.rng = Rng(app.seed())  # the computer players' choices (one generator for all)
        self.computer_mark = None  # on a board, while the computers play: the modules loaded before
        self.screen_mark = None  # on a board, while a person decides (or a computer's own screen
        # shows): the modules loaded before
        self.pause_mark = None  # on a board, while the game is paused: the modules loaded before
        self.summary_mark = None  # on a board, while a hand's summary shows: the modules before
        self.persons = 0
        for k in self.kinds:
            if k == _PERSON:
                self.persons += 1
        self.viewer = None  # the person whose hand was last on screen
        self.round = state.round_no
        self.lines = []  # the moves since the last person's decision, one line each
        self.screen = None  # this session's screen in the app's stack
        self.save_failed = False
        self.ended_saved = False  # the saved record still asks for the summary of a hand
        self.unsaved = False  # moves made since the last save
        self.fast = False  # A on the computers' moves: full speed until a person decides
        self.game = registry.load(entry.screens).Screens(self)  # (ImportError: not built)

    # ------------------------------------------------------------------ moves

    def apply(self, move):
        """Apply a move of the pending seat: None, or the RuleError that refused it."""
        from shared_rules import RuleError

        st = self.state
        person = self.kinds[st.pending[0]] == _PERSON
        self.app.tidy()  # the move's line and the state it makes, low in the heap
        try:
            say = getattr(self.game, "describe", None)  # in the app's language
            line = say(move) if say is not None else st.describe(move, self.names)
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
        if person and st.round_no == self.round:
            self.checkpoint("person")
        return None  # a hand that has ended is saved by ``_hand_summary``

    def computer_move(self):
        """Let the computer player whose decision is pending make it."""
        self.computer_apply(self.computer_choice())

    def computer_choice(self):
        """The move the computer player whose decision is pending chooses (not made yet: a
        screen may show it first). The player is made for this decision and goes after it,
        with the modules it loaded (its level's, the solver's): on a board the screen that
        shows the move, and the next decision, find the heap they held (code is RAM). Players
        keep nothing between decisions that their choices depend on (the rules core's tests
        hold each level to that)."""
        seat = self.state.pending[0]
        mark = self.app.mark()
        from shared_rules import registry  # (not kept during a game: firmware.play)

        bot = registry.player(self.rules, _LEVEL_NAMES[self.kinds[seat]], self.rng)
        registry = None
        move = bot.choose(self.state.view(seat))
        bot = None  # (a value of this frame would keep its module alive)
        self.app.forget_since(mark)
        return move

    def drop_computers(self):
        """Release the modules loaded while the computers played (their screen's): called
        before a person's decision screen is made, so that the two never share a module, and
        before a computer's own screen (``Screens.computer``) once it has chosen (code is RAM
        on a board; the computers' next turn loads them again)."""
        self.app.forget_since(self.computer_mark)
        self.computer_mark = None

    def decision_screen(self, seat):
        """A person's decision screen (``Screens.decision``), made once the screen it follows
        has gone: on a board the modules that screen loaded go first (the computers', a
        cover's, another kind of decision screen's: the board game's board, its choice of
        cards, its turn), and the modules loaded from now on (by the new screen, by the
        screens it leads to, by what they load when asked) are released when the computer
        players take over or the device is passed (``drop_screen``)."""
        self.drop_computers()
        self.drop_screen()
        self.mark_screen()
        return self.game.decision(seat)

    def mark_screen(self):
        """The modules loaded from now on (by a person's decision screens, or a computer's
        screen of its own: ``Screens.computer``) go when the computers' screen takes over or
        a cover is shown (``drop_screen``)."""
        if self.screen_mark is None:
            self.screen_mark = self.app.mark()

    def drop_screen(self):
        """Release the modules loaded since ``mark_screen`` (code is RAM on a board; the next
        such screen loads them again)."""
        self.app.forget_since(self.screen_mark)
        self.screen_mark = None

    def _computers(self, _):
        """The computer players' screen; its module goes when a person's decision screen or a
        computer's own screen is made (``drop_computers``)."""
        from firmware.turns import ComputerTurns

        return ComputerTurns(self)

    def _cover(self, seat):
        self.drop_screen()
        self.mark_screen()  # the cover's module goes with it (``decision_screen``)
        from firmware.cover import Cover

        return Cover(self, seat)

    def _summary(self, title, text, final):
        from firmware.summary import Summary

        return Summary(self, title, text, final)

    def _end(self, _):
        """The game's end and its last summary (``firmware.summary.finish``), once the modules
        nothing uses once the game is over (the save's, the computers' screen's) are gone: code
        is RAM (what a screen still uses stays alive)."""
        self.app.unload()
        from firmware.summary import finish

        return finish(self)

    def _hand_summary(self, _):
        """The hand just ended is saved, then its summary made: once the screen it ended on is
        gone (the save loads its modules for the moment), and before ``round`` says the
        summary was shown (the save then asks for it after a power cut). The summary's texts'
        and screen's modules are loaded since ``summary_mark``, and go when it is read
        (``next``)."""
        if self.unsaved:
            self.checkpoint("hand")
        self.round = self.state.round_no
        title, text = self.game.round_text()
        return self._summary(title, text, False)

    def computer_apply(self, move):
        err = self.apply(move)
        if err is not None:  # the computer players only make legal moves: a bug to report
            raise RuntimeError("computer player: refused, code " + str(err.code))

    def log(self, line):
        self.lines.append(line)
        if len(self.lines) > 40:
            self.lines.pop(0)

    def flush(self):
        """Write the record's new lines to the drive (round ends, saves, the end)."""
        if self.record is not None and not self.record.flush():
            self.record = None
            self.log(t("log.no_record"))

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
        The end of the game is saved by ``firmware.summary.finish``, with the statistics, in one
        write. Between saves the store is let go (``App.close_store``: its code is RAM), but
        where every person's move is saved."""
        app = self.app
        if (reason == "hand" or (reason == "leave" and self.unsaved) or app.appends
                or (reason == "start" and app.store.game.newest is not None)):
            self.save()
        app.close_store()

    def save(self):
        if self.state.over:
            return
        self.flush()  # the record is never behind the save
        loaded = self.app.mark()
        blob = self._blob()
        self.app.forget_since(loaded)  # the save's modules are not kept (code is RAM)
        slots = self.app.store.game
        if slots is None or not slots.fits(len(blob)):
            if not self.save_failed:
                self.save_failed = True
                self.log(t("log.no_room"))
            return
        slots.save(blob)
        self.unsaved = False

    def _blob(self):
        """The saved game's bytes (``firmware.saves.pack_game`` around the codec's blob)."""
        from firmware import saves
        from shared_rules import save as codec

        game = self.entry.gid
        self.ended_saved = self.state.round_no != self.round
        if self.ended_saved:  # saved before the summary is shown
            game |= _ENDED
        mark = self.record.mark() if self.record is not None else None
        blob = codec.encode(self.state, self.entry.gid, self.rules)
        return saves.pack_game(game, self.kinds, self.names, blob, mark)

    # ------------------------------------------------------------------ what comes next

    def begin(self, app):
        """The game's first screen (``firmware.play`` starts or resumes the game), and a note
        if it could not be saved."""
        self.next()
        if self.save_failed:
            app.notify(t("play.no_room"), t("note.title"))

    def next_later(self):
        """Show what the game waits for next once the screen that asks has returned to the
        loop (``App.later``): its frames then keep neither it nor its modules alive while the
        next screen is made (a person's move, the computers' last one, a cover, a summary)."""
        self.app.later = self._next

    def _next(self, app):
        self.next()

    def next(self):
        """Show what the game waits for now."""
        st = self.state
        if st.over:
            self.show_new(self._end, None)  # the screen the game ended on goes first
            return
        if st.round_no != self.round:
            self.fast = False
            self.summary_mark = self.app.mark()
            self.show_new(self._hand_summary, None)  # the screen it follows goes first
            return
        if self.summary_mark is not None:  # the summary has been read: its modules go with it
            self.app.forget_since(self.summary_mark)
            self.summary_mark = None
        seat = st.pending[0]
        top = self.app.top
        if self.kinds[seat] != _PERSON:
            if top is not self.screen or not getattr(top, "computers", False):
                top = None
                self.drop_screen()  # gone with the person's (or a computer's own) screen, next
                if self.computer_mark is None:
                    self.computer_mark = self.app.mark()
                self.show_new(self._computers, None)
            return
        self.fast = False
        if self.persons > 1 and self.viewer != seat:
            top = None
            self.show_new(self._cover, seat)  # the last person's screen and modules go first
            return
        self.viewer = seat
        # keys pressed for the computers' moves do not act on the person's screen at once
        guard = getattr(top, "computers", False) or getattr(top, "auto", False)
        if top is self.screen and getattr(top, "seat", -1) == seat and hasattr(top, "refresh"):
            shows = getattr(self.game, "shows", None)  # a game whose person has several screens
            if shows is None or shows(top):
                top.refresh()
                if guard:
                    _guard(top)
                return
        # a new screen (or one of another kind: made here, not by the old one, so that none of
        # its frames is alive), once the screen it follows has gone
        top = None
        make = self.decision_screen
        self.show_new((lambda seat: _guard(make(seat))) if guard else make, seat)

    def show_new(self, make, arg):
        """``show(make(arg))``, the current screen taken off first: the new screen (and the
        decisions ``make`` takes) find the heap the old one leaves, not split by it (a computer
        game takes turns between two screens). The new one is made by the main loop
        (``App.later``) once the functions that saw the old one have returned: the collector
        scans the whole stack of a function still running, values it has used included, and
        such a value keeps the old screen and its modules alive (33 KB on a person's turn)."""
        app = self.app
        if self.screen is not None and app.top is self.screen:
            app.stack.pop().closed()
            app.clear()
            self.screen = None
            app.later = lambda app: self.show(make(arg))
        else:
            self.show(make(arg))

    def show(self, screen):
        """Put ``screen`` in place of this session's current screen."""
        if self.screen is not None and self.app.top is self.screen:
            self.screen = screen
            self.app.replace(screen)
        else:
            self.screen = screen
            self.app.push(screen)

    def over(self, make):
        """The screen ``make()`` makes (the pause menu, the table, the board game's legend) over
        the game. A person's decision screen that can be made again as it was left (``memo()``,
        not None, and ``restore(memo)``: the card games' turn, the board game's board) gives it
        its place: the decision screen, then its modules go before ``make()`` runs, and it is
        made again once that screen closes (``App.swap``), without what that screen loaded. Any
        other screen stays under it (code and pixels are RAM)."""
        app = self.app
        top = app.top
        memo = getattr(top, "memo", None) if top is self.screen else None
        if memo is not None:
            memo = memo()
        if memo is None:
            top = None
            app.push(make())
            return
        seat = top.seat
        top = None
        self.screen = None
        app.swap(lambda: self._in_place(make), lambda: self._again(seat, memo))

    def _in_place(self, make):
        self.drop_screen()  # the decision screen's modules: it is gone
        self.mark_screen()  # those of what takes its place go when it is made again
        return make()

    def _again(self, seat, memo):
        screen = self.decision_screen(seat)
        screen.restore(memo)
        self.screen = screen
        return screen

    def pause(self):
        """The pause menu over the game (START, or B with nothing to go back to: ``over``); on
        a board what it loads (its rules pages, settings, table) is released when the game
        resumes (``resumed``)."""
        self.over(self._pause_menu)

    def _pause_menu(self):
        self.pause_mark = self.app.mark()
        from firmware.pause import PauseMenu

        return PauseMenu(self)

    def resumed(self):
        """The pause menu has closed: the modules loaded since it opened go (code is RAM)."""
        self.app.forget_since(self.pause_mark)
        self.pause_mark = None

    def leave(self):
        """Leave the game for the main menu (it is saved; Continue resumes it)."""
        self.checkpoint("leave")
        self.flush()
        self.app.home()
