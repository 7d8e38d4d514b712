"""Game records: a text header, then chance outcomes and moves, one per line (docs/records.md).

::

    # Pocket game record
    game: phase10
    players: 4
    edition: classic
    seed: 7
    = 2 71 40 ...
    # round 1
    p2 draw
    p2 discard R7

Header keys: ``game``, ``players``, ``seed``, the game's variants (from the registry) and any
extra keys its module reads (``HEADER_KEYS``: Phase 10's ``dealer`` and ``deck``). A line
``= v v v`` lists the chance outcomes drawn by the move on the next line; the first one, always
written (``=`` alone when the set-up draws nothing), is the set-up's. A record with chance lines replays from them; one without replays from its
seed. Lines starting with ``#`` and blank lines are comments. A replay applies every move and
names the first illegal one by line number.
"""

from shared_rules.errors import RuleError
from shared_rules.notation import small_int, seat_word
from shared_rules import registry
from shared_rules.rng import Rng, Scripted

CHANCE = -1  # the seat of a chance line in parse()'s items
_MAX_SHOWN = 40


def shown(text):
    """``text`` cut to a few dozen characters with anything unprintable escaped, to quote a bad
    line in a message without flooding the screen."""
    out = []
    for ch in text[:_MAX_SHOWN]:
        o = ord(ch)
        if 32 <= o < 127:
            out.append(ch)
        else:
            out.append("\\x%02x" % o if o < 256 else "\\u%04x" % (o & 0xFFFF))
    if len(text) > _MAX_SHOWN:
        out.append("...")
    return "".join(out)


def _err(lineno, reason):
    return RuleError("RECORD", "line " + str(lineno) + ": " + reason, "bad_record")


def header(entry, players, options, seed=None, extra=None):
    """The header lines of a record."""
    lines = ["# Pocket game record", "game: " + entry.key, "players: " + str(players)]
    for key, _, _ in entry.variants:
        lines.append(key + ": " + options[key])
    if seed is not None:
        lines.append("seed: " + str(seed))
    for key, value in extra or ():
        lines.append(key + ": " + value)
    return lines


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
    """A :class:`Parsed` record; RuleError("RECORD") naming the line of anything unreadable."""
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
        raise RuleError("RECORD", "the record must say which game it is ('game: phase10')", "bad_record")
    try:
        entry = registry.by_key(game)
    except RuleError as e:
        raise RuleError("RECORD", e.reason, "bad_record")
    rec.entry = entry
    extra_keys = ()
    try:
        extra_keys = registry.module(entry).HEADER_KEYS
    except (RuleError, AttributeError):
        pass
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
        raise RuleError("RECORD", "the record must say how many players", "bad_record")
    try:
        registry.check_players(entry, rec.players)
        rec.options = registry.options(entry, opts)
    except RuleError as e:
        raise RuleError("RECORD", "header: " + e.reason, "bad_record")
    return rec


def new_game(rec, source):
    """The game a parsed header describes, drawing from ``source``."""
    mod = registry.module(rec.entry)
    if rec.extra:
        return mod.from_header(rec.players, rec.options, source, rec.extra)
    return mod.new_game(rec.players, rec.options, source)


def replay(text):
    """Replay a record; returns the game. RuleError names the line of the first bad move."""
    rec = parse(text)
    mod = registry.module(rec.entry)
    source = Scripted() if rec.chance else Rng(rec.seed)
    game = None
    for lineno, seat, what in rec.items:
        if seat == CHANCE:
            source.feed(what)
            if game is None:  # the first chance line is the set-up's (it may be empty)
                game = _start(rec, source, lineno)
            continue
        if game is None:
            game = _start(rec, source, lineno)
        where = "line " + str(lineno) + ": "
        pending = game.pending
        if pending is None:
            raise RuleError("RECORD", where + "the game is over, no more moves", "bad_record")
        if seat != pending[0]:
            raise RuleError("RECORD", where + "it is p" + str(pending[0] + 1) + "'s turn, not p" + str(seat + 1) + "'s",
                            "bad_record")
        try:
            game.apply(mod.parse_move(what))
        except RuleError as e:
            raise RuleError("RECORD", where + e.rule + ": " + e.reason + " ('" + shown(what) + "')", e.code)
        _all_used(source, lineno)
    if game is None:
        game = _start(rec, source, 0)
    return game


def _start(rec, source, lineno):
    try:
        game = new_game(rec, source)
    except RuleError as e:
        raise RuleError("RECORD", "header: " + str(e), e.code)
    _all_used(source, lineno)
    return game


def _all_used(source, lineno):
    if isinstance(source, Scripted) and source.left():
        raise RuleError("RECORD", "line " + str(lineno) + ": the chance line before it holds "
                        + str(source.left()) + " outcome(s) the game did not draw", "bad_record")


class Recorder:
    """Plays a game and writes its record as it goes: the header, the set-up's chance outcomes,
    then per move the outcomes it drew and the move. The recorder owns the log of the game's
    source; ``game`` may be replaced by an equal copy (a decoded save) between moves."""

    def __init__(self, entry, players, options, source, seed=None, extra=None, game=None):
        source.log = []
        if game is None:
            game = registry.new_game(entry, players, options, source)
        self.game = game
        self.lines = header(entry, players, registry.options(entry, options), seed, extra)
        self._chance(True)
        self._round = None

    def _chance(self, setup=False):
        """The outcomes drawn since the last line; the set-up's line is written even if empty,
        so that the first chance line of a record is always the set-up's."""
        src = self.game.source
        if src.log or setup:
            self.lines.append(" ".join(["="] + [str(v) for v in src.log]))
        src.log = []

    def play(self, move):
        """Apply ``move`` of the pending seat and record it (RuleError, nothing written, if it
        is illegal)."""
        game = self.game
        if game.source.log is None:
            game.source.log = []
        r = game.round_no
        if r != self._round:
            self._round = r
            self.lines.append("# round " + str(r))
        seat = game.pending[0]
        text = game.move_text(move)
        try:
            game.apply(move)
        except RuleError:
            game.source.log = []
            raise
        self._chance()
        self.lines.append("p" + str(seat + 1) + " " + text)

    def text(self):
        return "\n".join(self.lines) + "\n"
