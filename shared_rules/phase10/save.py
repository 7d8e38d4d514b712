"""The save payload of Phase 10, the card game (the envelope is ``shared_rules.save``).

Options, stage, turn, dealer, hand number, flags, the chance source's state, per seat progress /
laid phase / score / hand, the draw and discard piles, the laid groups, winners, the last hand's
summary, this hand's public history and any stacked decks still to come. A 6-player game
mid-hand is about 250 bytes plus two bytes per public event of the hand. ``decode`` reads it
back and accepts only a consistent position (every one of the 108 cards exactly once).
"""

from shared_rules.save import Reader, Writer, bad, bits, unbits

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_E_CARDS_MISSING = const(21)  # RuleError codes: words in shared_rules/desktop/errors.py

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_OVER = const(3)  # shared_rules.phase10.game.OVER
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_FREE = const(2)  # shared_rules.phase10.game.FREE


def encode(game):
    from shared_rules.phase10.phases import PHASE_LISTS

    w = Writer()
    n = game.n
    lists = [k for k, _ in PHASE_LISTS]
    w.u8(n)
    w.u8(game.edition)
    w.u8(game.progression)
    w.u8(lists.index(game.phase_list_name))
    w.u8(game.stage)
    w.u8(game.turn)
    w.u8(game.dealer)
    w.u16(game.hand_no)
    w.u8((1 if game.tiebreak else 0) | (2 if game.laid_this_turn else 0))
    w.u8(game.went_out + 1)
    w.u32(game.source.state)
    w.u8(bits(game.waiting))
    w.u8(bits(game.active))
    for s in range(n):
        w.u16(game.progress[s])
        w.u8(game.laid[s])
        w.u16(game.scores[s])
        w.cards(game.hands[s])
    w.cards(game.draw_pile)
    w.cards(game.discard)
    w.u8(len(game.table))
    for g in game.table:
        w.u8(g[0])
        w.u8(g[1])
        w.u8(g[2])
        w.u8(g[3])
        w.cards(g[4])
    w.cards(game.winners)
    if game.last_hand is None:
        w.u8(0)
    else:
        out, points, advanced = game.last_hand
        w.u8(out + 1)
        for s in range(n):
            w.u16(points[s])
        w.u8(bits(advanced))
    w.u8(len(game.decks))
    for d in game.decks:
        w.buf.extend(bytes(d))
    w.u16(len(game.history) // 2)
    w.buf.extend(game.history)  # as the game keeps it
    return bytes(w.buf)


def decode(data, source=None):
    """The game of a payload; a RuleError of rule SAVE for anything inconsistent. ``source`` None: the
    seeded generator with the saved state."""
    from shared_rules.phase10.game import (Phase10, checked_deck, EDITIONS, PROGRESSIONS,
                                           events)
    from shared_rules.phase10.phases import PHASE_LISTS
    from shared_rules import cards as C
    r = Reader(data)
    n = r.u8(6)
    if n < 2:
        raise bad()
    edition = r.u8(1)
    progression = r.u8(2)
    list_name = PHASE_LISTS[r.u8(len(PHASE_LISTS) - 1)][0]
    g = Phase10(n, edition=EDITIONS[edition], progression=PROGRESSIONS[progression],
                phases=list_name, dealer=0)  # dealt from a throwaway generator, then replaced
    g.stage = r.u8(_OVER)
    g.turn = r.u8(n - 1)
    g.dealer = r.u8(n - 1)
    g.hand_no = r.u16()
    flags = r.u8(3)
    g.tiebreak = bool(flags & 1)
    g.laid_this_turn = bool(flags & 2)
    g.went_out = r.u8(n) - 1
    state = r.u32() & 0x3FFFFFFF
    if source is None:
        g.source.state = state
    else:
        g.source = source
    g.waiting = unbits(r.u8(), n)
    g.active = unbits(r.u8(), n)
    for s in range(n):
        g.progress[s] = r.u16()
        g.laid[s] = r.u8(10)
        g.scores[s] = r.u16()
        g.hands[s] = r.cards()
    g.draw_pile = r.cards()
    g.discard = r.cards()
    g.table = []
    for _ in range(r.u8()):
        owner, kind, a, b = r.u8(n - 1), r.u8(2), r.u8(12), r.u8(12)
        g.table.append([owner, kind, a, b, r.cards()])
    g.winners = r.cards()
    out = r.u8(n) - 1
    g.last_hand = None
    if out >= 0:
        points = [r.u16() for _ in range(n)]
        g.last_hand = (out, points, unbits(r.u8(), n))
    g.decks = []
    for _ in range(r.u8()):
        g.decks.append(checked_deck(r.take(108)))
    g.history = bytearray(r.take(2 * r.u16()))
    for seat, kind, card in events(g.history):
        if seat >= n or kind > 5 or (card < 0) != (kind == _DRAW_DECK):
            raise bad()
    r.end()
    # consistency: every card in exactly one place (P10C-1), sane positions
    every = list(g.draw_pile) + list(g.discard)
    for s in range(n):
        every.extend(g.hands[s])
    for grp in g.table:
        every.extend(grp[4])
    if sorted(every) != sorted(C.new_deck()):
        raise bad(_E_CARDS_MISSING)
    limit = len(g.phase_numbers)
    for s in range(n):
        if g.progression == _FREE:
            if g.progress[s] >= (1 << limit):
                raise bad()
        elif g.progress[s] > limit:
            raise bad()
        if g.laid[s] and g.laid[s] not in g.phase_numbers:
            raise bad()
    for w in g.winners:
        if w >= n:
            raise bad()
    if not g.active[g.turn]:
        raise bad()
    if g.stage == _OVER and not g.winners:
        raise bad()
    return g
