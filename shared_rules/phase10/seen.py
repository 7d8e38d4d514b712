"""What a Phase 10 player can know of the cards it has not seen and of the next player, from its
seat's view and the hand's public history (``View.history``): the discard pile as everyone saw
it, the copies of every card still unseen, and (``shared_rules.phase10.feed``) what the next player
collects, passed up or is likely to take (``Feed``). What the hard player
(``shared_rules.phase10.hard``) knows."""

from shared_rules.phase10.game import events

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_HIT = const(3)  # shared_rules.phase10.game.HIT
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_COLOUR = const(2)  # shared_rules.phases.COLOUR
_WILD = const(0x40)  # shared_rules.cards.WILD
_SKIP = const(0x50)  # shared_rules.cards.SKIP


def phase_kind(phase):
    """0: numbers matter (sets, runs); 1: colours only; 2: both."""
    col = 0
    other = 0
    for kind, _ in phase:
        if kind == _COLOUR:
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
    for _, k, card in events(view.history):
        if k == _DISCARD:
            pile.append(card)
        elif k == _TAKE_DISCARD and pile:
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
    seen = bytearray(_SKIP + 1)
    for c in hand:
        if c <= _SKIP:
            seen[c] += 1
    for g in view.table:
        for c in g[4]:
            if c <= _SKIP:
                seen[c] += 1
    for c in discard_pile(view):
        if c <= _SKIP:
            seen[c] += 1
    # cards others took from the discard pile and have not shown again sit in their hands
    held = []
    for seat, k, card in events(view.history):
        if seat == view.seat or card < 0 or card > _SKIP:
            continue
        if k == _TAKE_DISCARD:
            held.append(seat * 256 + card)
        elif k == _DISCARD or k == _HIT:
            x = seat * 256 + card
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
    reps = [_WILD]
    w = 8 - seen[_WILD]
    weights = [w if w > 0 else 0]
    total = weights[0] + (4 - seen[_SKIP] if seen[_SKIP] < 4 else 0)
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
