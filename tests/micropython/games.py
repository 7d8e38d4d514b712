"""Checks of any registered game under MicroPython: seeded games give byte-identical records,
what a six-player game adds to the heap above its import baseline (issues 11 and 12: the live
heap a game adds on a board), and CPython's output of a probe for the parity tests."""

import contextlib
import io

SETUP = """
import gc
from shared_rules import registry
from shared_rules.rng import Rng
_e = registry.by_key({key!r})
_m = registry.module(_e)
{imports}
"""

GAME = """
g = registry.new_game(_e, 6, {{}}, Rng(77))
bots = [registry.player(_m, k, Rng(i)) for i, k in enumerate({levels!r})]
n = 0
"""

LEVELS = ("hard", "normal", "easy", "random", "hard", "normal")


def six_player_heap(mp, key, imports=""):
    """(baseline after the imports, the most a six-player game of every level adds above it)
    in bytes, in ``mp`` (a fresh ``Session``: nothing else in its heap). The WebAssembly build
    collects only between top-level calls, so each decision is one call with a collection
    before it; its objects are 32-bit, as on a board. ``imports``: the game's modules that a
    game loads as it goes (its players' helpers), imported before the baseline."""
    mp.run(SETUP.format(key=key, imports=imports))
    mp.run("gc.collect()")
    base = int(mp.run("print(gc.mem_alloc())"))
    mp.run(GAME.format(levels=LEVELS))
    peak = 0
    for _ in range(20000):
        mp.run("gc.collect()")
        live = int(mp.run("print(gc.mem_alloc())")) - base
        if live > peak:
            peak = live
        if mp.run("print(g.over)").strip() == "True":
            break
        mp.run("s = g.pending[0]\ng.apply(bots[s].choose(g.view(s)))\nn += 1")
    else:
        raise AssertionError("the game did not end")
    assert int(mp.run("print(n)")) > 100  # a whole game was played
    return base, peak


def cpython_output(code):
    """What ``code`` prints under CPython (the other side of a parity probe)."""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(code, {})
    return buf.getvalue()


def assert_records_identical(mp, game, games, check):
    """Each of ``games`` ((seed, players, levels), ...) played by ``selfplay.play_record`` gives
    the same record under CPython and in ``mp`` (which has imported ``play_record``); the
    records differ from one another, replay to their end and pass ``check(record)``."""
    from shared_rules.desktop.record import replay
    from shared_rules.desktop.selfplay import play_record
    from tests.test_micropython import assert_same

    seen = []
    for seed, players, bots in games:
        args = (seed, players, bots)
        cpython = play_record(*args, game=game)
        check(cpython)
        assert cpython not in seen
        seen.append(cpython)
        assert replay(cpython).over  # the record replays to the end
        micropython = mp.run("print(play_record(" + repr(seed) + ", " + repr(players) + ", "
                             + repr(bots) + ", game=" + repr(game) + "), end='')")
        assert_same(cpython, micropython, game + " game " + repr(args))
