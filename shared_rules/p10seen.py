"""What a Phase 10 player can know of the cards it has not seen and of the next player, from its
seat's view and the hand's public history (``View.history``): the discard pile as everyone saw
it, the copies of every card still unseen, and (``shared_rules.p10feed``) what the next player
collects, passed up or is likely to take (``Feed``). The hard player's knowledge
(``shared_rules.p10hard``), modules of their own so that none is large to compile on a board."""

from shared_rules import cards as C
from shared_rules.phases import COLOUR
from shared_rules.phase10 import TAKE_DISCARD, HIT, DISCARD

# Laid down: the chance (/64) that the next player, not laid down, takes a discard it has shown
# nothing about, per phase (rows of 12): with a run, by the card's number (1..12); sets only, by
# the copies of its number still unseen (0..7+). Counted on 300 paired deals against the normal
# player (tools/p10_feed_table.py); a card scores one point per 1/64 against discarding it.
FEED_P = bytes((4, 5, 6, 9, 10, 12, 16, 16, 16, 16, 16, 16,
                13, 16, 18, 20, 16, 17, 19, 16, 17, 13, 14, 11,
                13, 14, 18, 18, 16, 16, 16, 16, 18, 17, 13, 11,
                5, 12, 13, 14, 22, 28, 33, 22, 15, 12, 9, 7,
                6, 10, 13, 18, 31, 32, 30, 31, 18, 15, 10, 5,
                5, 11, 18, 28, 29, 29, 31, 30, 30, 17, 11, 7,
                2, 2, 3, 4, 9, 12, 15, 18, 18, 18, 18, 18,
                24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
                2, 2, 2, 3, 5, 9, 12, 15, 15, 15, 15, 15,
                2, 2, 3, 8, 8, 12, 14, 17, 17, 17, 17, 17))



def phase_kind(phase):
    """0: numbers matter (sets, runs); 1: colours only; 2: both."""
    col = 0
    other = 0
    for kind, _ in phase:
        if kind == COLOUR:
            col = 1
        else:
            other = 1
    if col and other:
        return 2
    return 1 if col else 0


def card_key(c, pk):
    """What the phase sees of a card: its number (pk 0), its colour (pk 1), all of it (pk 2)."""
    if c >= 0x40:
        return c
    if pk == 0:
        return c & 15
    if pk == 1:
        return 0x30 + (c >> 4)
    return c


def discard_pile(view):
    """The discard pile as far as the public history tells (the top card always)."""
    pile = []
    for ev in view.history:
        k = ev[1]
        if k == DISCARD:
            pile.append(ev[2])
        elif k == TAKE_DISCARD and pile:
            pile.pop()
    size = view.discard_size
    if len(pile) > size:
        pile = pile[len(pile) - size:]
    top = view.discard_top
    if size and top >= 0 and (not pile or pile[-1] != top):
        pile.append(top)
    return pile


def seen_cards(view, hand):
    """Copies of every card kind shown: in this hand, on the table, in the discard pile, and
    taken from the pile by another player who has not shown them since."""
    seen = bytearray(C.SKIP + 1)
    for c in hand:
        if c <= C.SKIP:
            seen[c] += 1
    for g in view.table:
        for c in g[4]:
            if c <= C.SKIP:
                seen[c] += 1
    for c in discard_pile(view):
        if c <= C.SKIP:
            seen[c] += 1
    # cards others took from the discard pile and have not shown again sit in their hands
    held = []
    for ev in view.history:
        if ev[0] == view.seat or ev[2] < 0 or ev[2] > C.SKIP:
            continue
        k = ev[1]
        if k == TAKE_DISCARD:
            held.append(ev[0] * 256 + ev[2])
        elif k == DISCARD or k == HIT:
            x = ev[0] * 256 + ev[2]
            if x in held:
                held.remove(x)
    for x in held:
        seen[x & 255] += 1
    return seen


def unseen_weights(view, hand, pk, seen=None):
    """``(reps, weights, total)``: one card per kind the phase tells apart, the copies of it
    nobody has shown, and all unseen cards."""
    if seen is None:
        seen = seen_cards(view, hand)
    reps = [C.WILD]
    w = 8 - seen[C.WILD]
    weights = [w if w > 0 else 0]
    total = weights[0] + (4 - seen[C.SKIP] if seen[C.SKIP] < 4 else 0)
    if pk == 1:
        for col in range(4):
            s = 0
            for n in range(1, 13):
                c = (col << 4) | n
                s += 2 - seen[c] if seen[c] < 2 else 0
            reps.append((col << 4) | 1)
            weights.append(s)
            total += s
    elif pk == 0:
        for n in range(1, 13):
            s = 0
            for col in range(4):
                c = (col << 4) | n
                s += 2 - seen[c] if seen[c] < 2 else 0
            reps.append(n)
            weights.append(s)
            total += s
    else:
        for col in range(4):
            for n in range(1, 13):
                c = (col << 4) | n
                s = 2 - seen[c] if seen[c] < 2 else 0
                reps.append(c)
                weights.append(s)
                total += s
    return reps, weights, total if total > 0 else 1


# What the next player would like (``Feed``, ``next_seat``) and ``danger`` are ``p10feed``'s, a
# module of its own (compiling one large .py on a board needs several times the heap its code
# keeps, docs/micropython.md); named here too, as before.
from shared_rules.p10feed import next_seat, Feed, danger  # noqa: E402,F401
