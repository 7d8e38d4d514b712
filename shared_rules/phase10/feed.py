"""What a Phase 10 player can know of the next player (``shared_rules.phase10.seen``): what they
collect, passed up or are likely to take from the discard pile (``Feed``), and whether an
opponent who laid down is about to go out (``danger``)."""

from shared_rules.groups import fits
from shared_rules.phase10.game import events
from shared_rules.phase10.phases import CARD_PHASES

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_DRAW_DECK = const(0)  # shared_rules.phase10.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10.game.TAKE_DISCARD
_DISCARD = const(4)  # shared_rules.phase10.game.DISCARD
_SET = const(0)  # shared_rules.phases.SET
_RUN = const(1)  # shared_rules.phases.RUN
_COLOUR = const(2)  # shared_rules.phases.COLOUR
_WILD = const(0x40)  # shared_rules.cards.WILD
_SKIP = const(0x50)  # shared_rules.cards.SKIP

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


def next_seat(view):
    s = view.seat
    for _ in range(view.n):
        s = (s + 1) % view.n
        if view.active[s]:
            return s
    return view.seat


class Feed:
    """What the next player would like from the discard pile, from this hand's history: cards
    they took (they collect those), and cards they threw away or left lying (they did not
    want those then)."""

    def __init__(self, view):
        nxt = next_seat(view)
        self.laid = view.laid[nxt]
        self.table = view.table
        self.phase = None
        self.number = 0
        if not self.laid:
            p = view.phase_of(nxt)
            if p:
                self.phase = CARD_PHASES[p - 1]
                self.number = p
        taken = []
        passed = []
        offered = -1
        for seat, k, card in events(view.history):
            if seat == nxt:
                if k == _TAKE_DISCARD and card < 0x40:
                    taken.append(card)
                elif k == _DRAW_DECK and 0 <= offered < 0x40:
                    passed.append(offered)
                elif k == _DISCARD and card < 0x40:
                    passed.append(card)
            if k == _DISCARD:
                offered = card
            elif k == _TAKE_DISCARD:
                offered = -1
        self.taken = taken
        self.passed = passed

    def level(self, c):
        """-1: they passed it up; 0: nothing known; 1: they seem to collect it; 2: they can hit
        it, or it is a Wild."""
        if c == _SKIP:
            return 0
        if c == _WILD:
            return 2
        if self.laid:
            return 2 if fits(self.table, c) else 0
        if self.phase is None:
            return 0
        n = c & 15
        for t in self.taken:
            for kind, _ in self.phase:
                if kind == _SET and (t & 15) == n:
                    return 1
                if kind == _RUN and -2 <= (t & 15) - n <= 2 and (t & 15) != n:
                    return 1
                if kind == _COLOUR and (t >> 4) == (c >> 4):
                    return 1
        for t in self.passed:
            if self.phase[0][0] == _COLOUR:
                if (t >> 4) == (c >> 4):
                    return -1
            elif (t & 15) == n:
                return -1
        return 0

    def prob(self, c, seen):
        """The chance (/64) that the next player takes ``c`` from the discard pile (``seen``:
        the copies shown of every card, see ``seen_cards``)."""
        lv = self.level(c)
        if lv == 2:
            return 64
        if self.laid:
            return 0
        if self.phase is None:
            return 16
        if lv < 0:
            return 1
        p = self.number
        if p == 8:
            return 56 if lv == 1 else 24
        if p == 1 or p == 7 or p == 9 or p == 10:
            n = c & 15
            un = 0
            for col in range(4):
                k = seen[(col << 4) | n]
                if k < 2:
                    un += 2 - k
            v = FEED_P[(p - 1) * 12 + (un if un < 8 else 7)]
            if lv == 1 and v < 48:  # they took its twin: they collect it
                v = 48
            return v
        return FEED_P[(p - 1) * 12 + (c & 15) - 1]


def danger(view):
    """True when an opponent who laid down holds 3 cards or fewer."""
    for s in range(view.n):
        if s != view.seat and view.active[s] and view.laid[s] and view.hand_size(s) <= 3:
            return True
    return False
