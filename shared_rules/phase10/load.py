"""The save payload of Phase 10, the card game, read back (written by ``shared_rules.phase10.save``,
which describes it): a module of its own, imported for Continue only, so that the save every
hand writes does not load the reader (code is RAM)."""

from shared_rules.errors import RuleError
from shared_rules.payload import Reader, unbits


def decode(data, source=None, legacy=False):
    """The game of a payload; ``legacy``: a version-1 blob, written before the history was kept."""
    from shared_rules.phase10.game import (Phase10, _checked_deck, FREE, OVER, EDITIONS, PROGRESSIONS,
                                      DRAW_DECK)
    from shared_rules.phases import PHASE_LISTS
    from shared_rules import cards as C
    r = Reader(data)
    n = r.u8(6)
    if n < 2:
        raise RuleError("SAVE", "the save holds an impossible value", "corrupt")
    edition = r.u8(1)
    progression = r.u8(2)
    list_name = PHASE_LISTS[r.u8(len(PHASE_LISTS) - 1)][0]
    g = Phase10(n, edition=EDITIONS[edition], progression=PROGRESSIONS[progression],
                phases=list_name, dealer=0)  # dealt from a throwaway generator, then replaced
    g.stage = r.u8(OVER)
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
        g.decks.append(_checked_deck(r.take(108)))
    g.history = []
    if not legacy:
        for _ in range(r.u16()):
            sk = r.u8()
            card = r.u8()
            seat, kind = sk >> 4, sk & 15
            if seat >= n or kind > 5:
                raise RuleError("SAVE", "the save holds an impossible move", "corrupt")
            g.history.append((seat, kind, -1 if kind == DRAW_DECK else card))
    r.end()
    # consistency: every card in exactly one place (P10C-1), sane positions
    every = list(g.draw_pile) + list(g.discard)
    for s in range(n):
        every.extend(g.hands[s])
    for grp in g.table:
        every.extend(grp[4])
    if sorted(every) != sorted(C.new_deck()):
        raise RuleError("SAVE", "the save does not hold the 108 cards", "corrupt")
    limit = len(g.phase_numbers)
    for s in range(n):
        if g.progression == FREE:
            if g.progress[s] >= (1 << limit):
                raise RuleError("SAVE", "the save holds an impossible phase", "corrupt")
        elif g.progress[s] > limit:
            raise RuleError("SAVE", "the save holds an impossible phase", "corrupt")
        if g.laid[s] and g.laid[s] not in g.phase_numbers:
            raise RuleError("SAVE", "the save holds an impossible phase", "corrupt")
    for w in g.winners:
        if w >= n:
            raise RuleError("SAVE", "the save holds an impossible winner", "corrupt")
    if not g.active[g.turn]:
        raise RuleError("SAVE", "the save holds an impossible turn", "corrupt")
    if g.stage == OVER and not g.winners:
        raise RuleError("SAVE", "the save holds an impossible ending", "corrupt")
    return g
