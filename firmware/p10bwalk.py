"""The board game's board screen (``firmware.p10bboard.BoardScreen``) in time: the dice
tumbling, the computer's delay before its token moves, the token's walk space by space, and the
move made at its end. Methods of ``BoardScreen``, attached there: a module of its own so that
no part of the board screen is large to compile (docs/micropython.md)."""

from shared_rules import phase10board as B


# methods of BoardScreen
def tick(self, now):
    if self.walk:
        self._walk(now)
        return
    if self.auto and not self.spin:
        self._auto(now)
        return
    if not self.spin:
        return
    if self.spin_at is None:
        self.spin_at = now
    step = ((now - self.spin_at) & 0x1FFFFFFF) // self.SPIN_STEP
    if step * self.SPIN_STEP >= self.SPIN_MS or (self.auto and self.session.fast):
        self._settle()
        return
    if step != self.spin_step:
        self.spin_step = step
        if step:  # the dice rattle: a short click a step (the roll's tone starts them)
            self.app.sound.play((330 + 60 * (step & 3), 12), now)
        d = self.session.state.dice
        self._dice((d[0] + step * 2) % 6 + 1, (d[1] + step * 3 + 2) % 6 + 1)


def _settle(self):
    self.spin = False
    d = self.session.state.dice
    self._dice(d[0], d[1])
    if self.auto:  # the cursor frame shows the space the computer chose
        self.sel = self.targets.index(self.auto_move[1])
        self.auto_at = None
    self._show_sel()


def _auto(self, now):
    """The computer's token walks to the space it chose when the delay is over (at once at
    full speed)."""
    if self.auto_at is None:
        from firmware.turns import DELAYS

        self.auto_at = (now + DELAYS[self.app.settings.speed]) & 0x1FFFFFFF
    if self.session.fast or ((now - self.auto_at) & 0x1FFFFFFF) < 0x10000000:
        self._start_walk()


def _start_walk(self):
    """The token steps space by space to the chosen one (``WALK_STEP`` ms a space), then
    the move is made; a key during the walk makes it at once."""
    st = self.session.state
    sp = self.targets[self.sel]
    pos = st.tokens[self.seat]
    self.walk = []
    while pos != sp:
        pos = (pos + 1) % B.SPACES
        self.walk.append(pos)
    self.walk_at = None
    self.walk_i = -1
    for tg in self.reach:
        tg.hidden = True


def _walk(self, now):
    if self.walk_at is None:
        self.walk_at = now
    i = ((now - self.walk_at) & 0x1FFFFFFF) // self.WALK_STEP
    if i >= len(self.walk) or (self.auto and self.session.fast):
        self._end_walk()
        return
    if i != self.walk_i:
        self.walk_i = i
        x, y = self.cells[self.walk[i]]
        t = self.tokens[self.seat]
        t.x = x + self.p - 1 - 2 * self.tsz
        t.y = y if self.tsz == 3 else y + 1


def _end_walk(self):
    sp = self.walk[-1] if self.walk else self.targets[self.sel]
    self.walk = []
    self._do((B.M_GO, sp))


def _do(self, move):
    if self.auto:
        self.auto_move = None
        self.session.computer_apply(move)
        self.session.next()
        return
    err = self.submit(move)
    if err is not None:
        self._lines([self.refusal_text(err)])
