"""Starting and continuing a game on the device: the set-up or the saved game becomes a
:class:`firmware.session.Session` (the pending-decision loop of every game), whose screens go
over the main menu. Nothing here names a game: it reads the registry.

On the device every die and shuffle comes from the board's hardware generator
(``firmware.hwrandom.Hardware``); the game's record is written on the drive when it can be
(``firmware.gamerec``). The session's module is imported only once the menus' screens and
modules are gone (code is RAM on a SAMD51, and compiling a ``.py`` needs several times the heap
its code keeps).
"""

from micropython import const

from firmware.lang import game_name, t
from firmware.found import playable
from shared_rules import registry

_E_PLAYERS = const(3)  # the rules core's RuleError codes (shared_rules/desktop/errors.py)
_E_UNKNOWN_GAME_NUMBER = const(5)
_E_NOT_BUILT = const(6)
_E_CORRUPT = const(12)
_E_TRUNCATED = const(13)
_E_NOT_A_SAVE = const(14)
_E_VERSION = const(15)
_E_SAVE_UNKNOWN_GAME = const(16)
_E_CHECKSUM = const(18)
_E_OUT_OF_RANGE = const(22)
_ENDED = const(0x80)  # firmware.saves.ENDED: the saved game's last move ended a hand

_LEGACY_GID = const(((0, 1),))  # saved game numbers of version 1 (menu positions) -> registry ids
KEEP = (__name__,)  # the module that starts a game is kept when the menus' modules are dropped


def hardware():
    from firmware.hwrandom import Hardware

    return Hardware()


def why(e):
    """A few words for a RuleError of a set-up or a save (the rules core has none)."""
    c = e.code
    if c == _E_VERSION:
        return t("play.version").format(e.value)
    if c == _E_UNKNOWN_GAME_NUMBER or c == _E_SAVE_UNKNOWN_GAME:
        return t("play.unknown").format(e.value)
    if c == _E_NOT_BUILT:
        return t("play.not_here").format(e.value)
    if c == _E_PLAYERS:
        return t("play.players").format(e.value)
    if c == _E_TRUNCATED:
        return t("play.truncated")
    if c == _E_NOT_A_SAVE:
        return t("play.not_save")
    if c == _E_CHECKSUM:
        return t("play.checksum")
    if _E_CORRUPT <= c <= _E_OUT_OF_RANGE:
        return t("play.corrupt")
    return t("play.error").format(c)


def start(app):
    """A new game of the remembered set-up (called by the New game screen)."""
    from shared_rules import RuleError

    s = app.settings
    try:
        entry = registry.by_id(s.game)
    except RuleError as e:
        app.notify(why(e) + ".", t("new.cannot"))
        return
    if not playable(entry):
        app.notify(t("new.missing").format(game_name(entry)), t("new.cannot"))
        return
    from firmware.settings import options

    opts = known_options(entry, options(s, entry.gid))
    players = s.players
    app.home(KEEP)  # the set-up's and the menus' modules are not kept during the game
    app.drop_menu()
    from firmware.session import Session

    try:
        root = drive_root()
        if root is None:  # nothing to record on (the record writer is not loaded: code is RAM)
            state, record = registry.new_game(entry, players, opts, hardware()), None
        else:
            from firmware import gamerec

            state, record = gamerec.start(entry, players, opts, hardware(), root)
    except RuleError as e:
        app.notify(why(e) + ".", t("new.cannot"))
        return
    session = Session(app, entry, state, s.kinds[:players], s.names[:players], record)
    session.checkpoint("start")
    _begun(app, session)


def drive_root():
    """The drive this firmware was loaded from (``/`` on a board, the folder given with
    ``--drive`` in the emulator), where a game's record is written (``firmware.gamerec``), or
    None where nothing can be recorded: the firmware does not live in a drive's ``lib/`` (the
    emulator running the source tree, a firmware with the app frozen in), or the board's drive
    is read-only to the firmware (CircuitPython's default while a computer may write it, unless
    a ``boot.py`` remounts it: docs/firmware-games.md)."""
    try:
        here = __file__
    except NameError:
        return None
    end = here.rfind("/firmware/")
    if end < 0:
        return None
    lib = here[:end]
    if lib == "/lib":
        root = ""
    elif lib.endswith("/lib"):
        root = lib[:-4]
    else:
        return None
    try:
        import storage

        readonly = storage.getmount(root or "/").readonly
    except (ImportError, AttributeError, OSError):
        readonly = False  # no mounts to ask (a stand-in without them): the first write tells
    return None if readonly else root


def _fields(data):
    """(game, kinds, names, codec blob, record mark) of a saved game; ValueError if it is
    malformed (``firmware.saves``)."""
    from firmware import saves

    return saves.unpack_game(data) + (saves.record_mark(data),)


def _decode(blob, source):
    """(registry id, state) of the codec's blob (``shared_rules.save.decode``)."""
    from shared_rules import save as codec

    return codec.decode(blob, source)


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
    gid = data[0] & ~_ENDED
    for old, new in _LEGACY_GID:
        if gid == old:
            gid = new
    return registry.by_id(gid)


def resume(app):
    """Continue the saved game; a save that cannot be read is reported and removed, one of
    another format version reported and kept (a new game replaces it)."""
    app.unload(KEEP)  # what the menus loaded is not kept during the game
    from shared_rules import RuleError

    data = app.store.game.load()
    try:
        loaded = app.mark()  # the save's modules are not kept once it is read (code is RAM)
        game_id, kinds, names, blob, mark = _fields(data)
        app.forget_since(loaded)
        summed_up = not game_id & _ENDED
        entry = saved_entry(data)
        if not playable(entry):
            raise ValueError(t("play.not_here").format(game_name(entry)))
        source = hardware()
        registry.module(entry)  # the rules core is kept
        loaded = app.mark()
        gid, state = _decode(blob, source)
        app.forget_since(loaded)
        if gid != entry.gid:
            raise ValueError(t("play.mismatch"))
        if state.n != len(kinds):
            raise ValueError(t("play.seats"))
        record = None
        root = drive_root()
        if mark is not None and root is not None:  # (the record writer is loaded only then)
            from firmware import gamerec

            record = gamerec.resume(entry, state, mark, root)
    except (ValueError, TypeError, AttributeError, RuleError) as e:
        app.home()
        if isinstance(e, RuleError) and e.code == _E_VERSION:  # perhaps good for another version
            app.notify(t("play.kept").format(why(e)), t("note.title"))
            return
        if app.store.game is not None:
            app.store.game.clear()
        reason = why(e) if isinstance(e, RuleError) else str(e)
        app.notify(t("play.removed").format(reason), t("note.title"))
        return
    app.home(None)
    app.drop_menu()
    from firmware.session import Session

    session = Session(app, entry, state, kinds, names, record)
    if not summed_up:  # left before the summary of the hand that had just ended: show it now
        session.round -= 1
        session.ended_saved = True
    _begun(app, session)


def _begun(app, session):
    """The game is set up: its first screen is made by the main loop (``Session.begin``), once
    this module, and what it alone uses, is gone (code is RAM; the main menu imports them
    again) and its functions have returned (what they used is no longer seen by the
    collector). The loop collects the garbage before it calls ``begin``. The record's module
    goes too: a game that is being recorded keeps it, through its record's class; and the
    saves' store, until the game's next save (``App.close_store``). So do the registry of
    games and the settings' module: the session keeps its entry and the app its settings,
    neither of which keeps its module, and what needs the registry in the game (the computer
    players as they are made) loads it for that moment."""
    app.close_store()
    app.forget([__name__, "firmware.found", "firmware.gamerec", "shared_rules.registry",
                "firmware.settings"], collect=False)
    app.later = session.begin
