"""The checked game of Phase 10, the board game, shared by the property tests
(tests/test_phase10board_properties.py) and the long run of the benchmark
(``python -m tools.bench_phase10board --properties N``).

``play_checked(seed, players, level, check_every)`` plays one seeded game with the computer level
``level`` (or ``random``: uniformly random legal moves) in every seat and checks:

- after every move, cheaply: the 96 cards are each in exactly one place, twice each number and
  colour, and no joker lies in a pile (P10B-1); no two tokens share a space once they have left
  the start (P10B-5); the phase markers never go back (P10B-18); ``apply`` refuses an illegal
  move, so every move made is legal;
- before every ``check_every``-th move (and at the first move of every round), the expensive
  round trips: the move is among the state's ``legal_moves()``, its notation parses back to it,
  and the save payload decodes to a state that encodes to the same bytes;
- at the end: one winner, at the finish, ranked first and alone.

A failed check raises ``AssertionError`` with what went wrong.
"""

from shared_rules.phase10board import game as B
from shared_rules import registry
from shared_rules.phase10board import desktop as BD
from shared_rules.phase10board import moves as BM
from shared_rules.rng import Rng

MAX_DECISIONS = 100000
FULL = sorted([col << 4 | num for col in range(4) for num in range(1, 13)] * 2)  # the 96 cards


def check_cards(g):
    """P10B-1: every card in exactly one place (hands, kept cards, piles, laid groups), the
    piles without jokers."""
    piles = g.draw + g.discard
    if piles and max(piles) >= 0x80:
        raise AssertionError("a joker in a pile")
    cards = list(piles)
    for h in g.hands:
        cards += h
    for k in g.kept:
        cards += k
    for grp in g.table:
        cards += grp[4]
    if sorted([c & 0x7F for c in cards]) != FULL:  # a joker counts as its card
        missing = [BM.card_text(c) for c in FULL if FULL.count(c) != [x & 0x7F for x in cards].count(c)]
        raise AssertionError("cards not each in one place: %d cards, wrong: %s" % (len(cards), missing))
    if len(g.dopen) != len(g.discard):
        raise AssertionError("the discard pile's open flags do not match it")


def check_tokens(g, left):
    """P10B-5: no two tokens on one space once they have left the start (``left[s]``: seat s's
    token has left the start; updated here)."""
    toks = g.tokens
    for s in range(g.n):
        if toks[s] != 0:
            left[s] = True
    if len(set(toks)) == g.n:
        return
    for s in range(g.n):
        if left[s]:
            for t in range(g.n):
                if t != s and toks[t] == toks[s]:
                    raise AssertionError("tokens share a space: %r" % (toks,))


def check_markers(g, markers):
    """P10B-18: no marker goes back (``markers``: the markers before; updated here)."""
    if g.markers != markers:
        for s in range(g.n):
            if g.markers[s] < markers[s]:
                raise AssertionError("a marker went back: %r -> %r" % (markers, g.markers))
        markers[:] = g.markers


def check_round_trips(g, move):
    legal = g.legal_moves()
    if move not in legal:
        raise AssertionError("a move not among legal_moves(): %r not in %r" % (move, legal))
    text = g.move_text(move)
    if BD.parse_move(text) != move:
        raise AssertionError("notation does not round-trip: %r -> %r" % (move, text))
    blob = B.encode(g)
    if B.encode(B.decode(blob, g.source)) != blob:
        raise AssertionError("the save payload does not round-trip")


def check_end(g):
    if not (len(g.winners) == 1 and g.markers[g.winners[0]] == B.FINISH):
        raise AssertionError("not one winner at the finish: %r %r" % (g.winners, g.markers))
    if g.markers.count(B.FINISH) != 1:
        raise AssertionError("more than one marker at the finish: %r" % (g.markers,))
    r = g.ranking()
    if not (r[g.winners[0]] == 1 and r.count(1) == 1):
        raise AssertionError("the winner is not ranked first alone: %r" % (r,))


def play_checked(seed, players, level, check_every=1):
    """One checked game (module doc); returns the finished state."""
    g = B.new_game(players, {}, Rng(seed))
    bots = [registry.player(B, level, Rng(seed * 7 + s + 1)) for s in range(players)]
    left = [False] * players
    markers = list(g.markers)
    decisions = 0
    rnd = -1
    check_cards(g)
    while not g.over:
        seat = g.pending[0]
        move = bots[seat].choose(g.view(seat))
        if decisions % check_every == 0 or g.round_no != rnd:
            rnd = g.round_no
            check_round_trips(g, move)
        g.apply(move)
        check_cards(g)
        check_tokens(g, left)
        check_markers(g, markers)
        decisions += 1
        if decisions >= MAX_DECISIONS:
            raise AssertionError("the game did not end in %d decisions" % MAX_DECISIONS)
    check_end(g)
    return g
