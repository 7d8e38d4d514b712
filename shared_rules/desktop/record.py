"""Game records read back (docs/records.md): parsing a record and replaying it, the chance
outcomes of its ``=`` lines handed out by :class:`Scripted`. Desktop only (the tools, the tests):
the device writes records (``shared_rules.record.Recorder``) and never reads one.
"""

from shared_rules.desktop import errors as E
from shared_rules import RuleError
from shared_rules.desktop.notation import small_int, seat_word, shown
from shared_rules import registry
from shared_rules.desktop.games import notation
from shared_rules.rng import Rng, Source

CHANCE = -1  # the seat of a chance line in parse()'s items


class Scripted(Source):
    """The chance outcomes of a record, in order. ``feed`` adds the values of one record line;
    drawing a value out of range, or more values than were fed, is a broken record."""

    def __init__(self):
        self.values = []
        self.pos = 0

    def feed(self, values):
        self.values.extend(values)

    def left(self):
        return len(self.values) - self.pos

    def _below(self, n):
        if self.pos >= len(self.values):
            raise RuleError(E.CHANCE_MISSING)
        v = self.values[self.pos]
        if not 0 <= v < n:
            raise RuleError(E.CHANCE_RANGE, str(v) + " is not below " + str(n))
        self.pos += 1
        return v


def _err(lineno, reason):
    return RuleError(E.RECORD, "line " + str(lineno) + ": " + reason)


class Parsed:
    """A record read: ``entry``, ``players``, ``options``, ``seed``, ``extra`` (key -> values of
    the game's own header keys) and ``items``: ``(lineno, seat, text)`` per move line, or
    ``(lineno, CHANCE, values)`` per chance line, in order."""

    def __init__(self):
        self.entry = None
        self.players = 0
        self.options = {}
        self.seed = 0
        self.extra = {}
        self.items = []
        self.chance = False


def parse(text):
    """A :class:`Parsed` record; a RuleError of rule RECORD naming the line of anything unreadable."""
    if text[:1] == "\ufeff":  # a byte-order mark some editors write
        text = text[1:]
    rec = Parsed()
    head = []
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        if line[0] == "=":
            values = []
            for w in line[1:].split():
                v = small_int(w, 5)
                if v < 0 or v >= 32768:
                    raise _err(lineno, "a chance line holds numbers 0..32767, not '" + shown(w) + "'")
                values.append(v)
            rec.items.append((lineno, CHANCE, values))
            rec.chance = True
            continue
        if line[0] == "p" and len(line) > 1 and line[1] not in ":" and ":" not in line.split(None, 1)[0]:
            parts = line.split(None, 1)
            seat = seat_word(parts[0])
            if seat < 0:
                raise _err(lineno, "expected a seat such as p1, not '" + shown(parts[0]) + "'")
            if len(parts) != 2:
                raise _err(lineno, "a move line is a seat and a move, such as 'p1 draw'")
            rec.items.append((lineno, seat, parts[1]))
            continue
        if rec.items:
            raise _err(lineno, "header lines come before the moves")
        kv = line.split(":", 1)
        if len(kv) != 2:
            raise _err(lineno, "cannot read '" + shown(line) + "'")
        head.append((lineno, kv[0].strip(), kv[1].strip()))
    game = None
    for lineno, key, value in head:
        if key == "game":
            game = value
    if game is None:
        raise RuleError(E.RECORD, "the record must say which game it is ('game: phase10')")
    try:
        entry = registry.by_key(game)
    except RuleError as e:
        raise RuleError(E.RECORD, E.reason(e))
    rec.entry = entry
    try:
        extra_keys = getattr(notation(entry), "HEADER_KEYS", ())
    except ImportError:
        extra_keys = ()
    variants = [k for k, _, _ in entry.variants]
    opts = {}
    for lineno, key, value in head:
        if key == "game":
            continue
        if key == "players" or key == "seed":
            v = small_int(value, 2 if key == "players" else 10)
            if v < 0:
                raise _err(lineno, "bad " + key + " '" + shown(value) + "'")
            if key == "players":
                rec.players = v
            else:
                rec.seed = v
        elif key in variants:
            opts[key] = value
        elif key in extra_keys:
            if key not in rec.extra:
                rec.extra[key] = []
            rec.extra[key].append(value)
        else:
            raise _err(lineno, "cannot read '" + shown(key + ": " + value) + "'")
    if not rec.players:
        raise RuleError(E.RECORD, "the record must say how many players")
    try:
        registry.check_players(entry, rec.players)
        rec.options = registry.options(entry, opts)
    except RuleError as e:
        raise RuleError(E.RECORD, "header: " + E.reason(e))
    return rec


def new_game(rec, source):
    """The game a parsed header describes, drawing from ``source``."""
    if rec.extra:
        return notation(rec.entry).from_header(rec.players, rec.options, source, rec.extra)
    return registry.module(rec.entry).new_game(rec.players, rec.options, source)


def replay(text):
    """Replay a record; returns the game. RuleError names the line of the first bad move."""
    rec = parse(text)
    mod = notation(rec.entry)
    source = Scripted() if rec.chance else Rng(rec.seed)
    game = None
    unplayed = None  # the line of chance outcomes that waits for its move
    for lineno, seat, what in rec.items:
        if seat == CHANCE:
            source.feed(what)
            if game is None:  # the first chance line is the set-up's (it may be empty)
                game = _start(rec, source, lineno)
            else:
                unplayed = lineno
            continue
        unplayed = None
        if game is None:
            game = _start(rec, source, lineno)
        where = "line " + str(lineno) + ": "
        pending = game.pending
        if pending is None:
            raise RuleError(E.RECORD, where + "the game is over, no more moves")
        if seat != pending[0]:
            raise RuleError(E.RECORD, where + "it is p" + str(pending[0] + 1) + "'s turn, not p" + str(seat + 1) + "'s")
        try:
            game.apply(mod.parse_move(what))
        except RuleError as e:
            raise RuleError(E.RECORD, where + E.text(e) + " ('" + shown(what) + "')")
        _all_used(source, lineno)
    if game is None:
        game = _start(rec, source, 0)
    if unplayed is not None:
        raise RuleError(E.RECORD, "line " + str(unplayed) + ": a chance line with no move after it")
    return game


def _start(rec, source, lineno):
    try:
        game = new_game(rec, source)
    except RuleError as e:
        raise RuleError(E.RECORD, "header: " + E.text(e))
    _all_used(source, lineno)
    return game


def _all_used(source, lineno):
    if isinstance(source, Scripted) and source.left():
        raise RuleError(E.RECORD, "line " + str(lineno) + ": the chance line before it holds "
                        + str(source.left()) + " outcome(s) the game did not draw")
