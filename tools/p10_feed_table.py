"""Where the hard Phase 10 player feeds the next player: the table behind ``feed.FEED_P``.

    python -m tools.p10_feed_table [--edition classic|2020] [--games N] [--seed S] [--oracle]

Plays paired deals (``tools.tournament``: one hard player, three normal ones, every rotation)
and, at every discard of the hard player, asks for every card of its hand whether the next
player would take it from the discard pile (the normal player's rule, on its real hand: a Wild,
a card it can hit once laid down, a card that lowers its ``solver.missing``). It prints how often
they would, per phase of the next player and per what the hard player knows of the card (its
``Feed.level``; for a card they have shown nothing about, its number in phases with a run, the
copies of its number still unseen in sets phases), and the table in ``FEED_P``'s units (1/64,
shrunk toward 1/4 by five pseudo-cards).

``--oracle`` instead plays a tournament in which the hard player knows exactly what the next
player would take (a bound on what avoiding feeding is worth: 38.5% against 36.8% for the
player of the time, classic, 600 deals). Desktop only: it reads the game's hidden hands.
"""

import argparse
import sys

from shared_rules import cards as C
from shared_rules.phase10 import hard as H
from shared_rules.phase10 import seen as K
from shared_rules.phase10 import feed as F
from shared_rules import solver
from shared_rules.groups import hit_ends
from shared_rules.phase10.phases import CARD_PHASES
from tools import tournament as T

_GAME = {}


def _watch():
    """Let the hard player's helpers reach the game being played (desktop analysis only)."""
    orig = T.play_one

    def play_one(game, seats, options, seed, max_decisions=100000):
        new_game, bot, players = game

        def ng(*a):
            st = new_game(*a)
            _GAME["st"] = st
            return st

        return orig((ng, bot, players), seats, options, seed, max_decisions)

    T.play_one = play_one


def would_take(st, seat, c):
    """The normal player's take rule on its real hand."""
    if c == C.WILD:
        return True
    if c == C.SKIP:
        return False
    if st.laid[seat]:
        for g in st.table:
            if hit_ends(g[1], g[2], g[3], c):
                return True
        return False
    ph = st.open_phases(seat)
    if not ph:
        return False
    p = CARD_PHASES[ph[0] - 1]
    hand = st.hands[seat]
    return solver.missing(hand + [c], p) < solver.missing(hand, p)


def collect(edition, games, seed):
    rows = []
    orig = H.HardBot._discard

    def record(self, view, hand):
        st = _GAME["st"]
        nxt = F.next_seat(view)
        feed = F.Feed(view)
        seen = K.seen_cards(view, hand)
        done = []
        for c in hand:
            if c in done or c >= 0x40:
                continue
            done.append(c)
            n = c & 15
            un = 0
            for col in range(4):
                k = seen[(col << 4) | n]
                un += 2 - k if k < 2 else 0
            rows.append((view.laid[nxt], view.phase_of(nxt), feed.level(c), n, un,
                         would_take(st, nxt, c)))
        return orig(self, view, hand)

    H.HardBot._discard = record
    solver.CACHE_MAX = solver.DESKTOP_CACHE
    try:
        for i in range(games):
            T.play_deal(("phase10", ["hard", "normal", "normal", "normal"], {"edition": edition},
                         seed + i))
    finally:
        H.HardBot._discard = orig
    return rows


def table(rows):
    counts = {}
    for laid, p, lv, n, un, take in rows:
        if laid or lv != 0 or not p:
            continue
        key = (p, n) if p in (2, 3, 4, 5, 6) else (p, min(un, 7))
        rec = counts.setdefault(key, [0, 0])
        rec[0] += 1
        rec[1] += take
    out = []
    for p in range(1, 11):
        keys = range(1, 13) if p in (2, 3, 4, 5, 6) else range(0, 8)
        row = []
        for k in keys:
            n, t = counts.get((p, k), (0, 0))
            row.append(round(64 * (t + 5 * 0.25) / (n + 5)))
        out.append(row)
    return out


def report(rows):
    by = {}
    for laid, p, lv, n, un, take in rows:
        rec = by.setdefault((bool(laid), p if not laid else 0, lv), [0, 0])
        rec[0] += 1
        rec[1] += take
    print("next laid  phase  level   cards  taken")
    for k in sorted(by):
        n, t = by[k]
        if n >= 100:
            print("%-9s  %5d  %5d  %6d  %5.1f%%" % (k[0], k[1], k[2], n, 100.0 * t / n))
    print("FEED_P (1/64; runs by number 1..12, sets phases by unseen copies 0..7):")
    for p, row in zip(range(1, 11), table(rows)):
        print("%2d: %s" % (p, ", ".join(str(v) for v in row)))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.p10_feed_table",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--oracle", action="store_true")
    a = ap.parse_args(argv)
    _watch()
    if a.oracle:
        F.Feed.level = lambda self, c: 2 if would_take(_GAME["st"], self.nxt, c) else -1
        init = F.Feed.__init__

        def _init(self, view):
            init(self, view)
            self.nxt = F.next_seat(view)

        F.Feed.__init__ = _init
        T.main(["--game", "phase10", "--edition", a.edition, "--games", str(a.games),
                "--seed", str(a.seed)])
        return
    report(collect(a.edition, a.games, a.seed))


if __name__ == "__main__":
    sys.exit(main())
