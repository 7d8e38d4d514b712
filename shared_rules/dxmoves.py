"""Dice Express (``shared_rules.dice_express``): the moves of a decision listed, counted and
picked, their record notation both ways and their one-line description. Methods of
``DiceExpress`` (and ``parse_move``), attached there: a module of their own, because compiling
one large ``.py`` on a board needs several times the heap its code keeps (docs/micropython.md)."""

from shared_rules.dice_express import (BEFORE, REROLL, OVER, ROLL, KEEP, STOP, TAKE, STEAL, PASS,
                                       COLOURS, COLOUR_NAMES, piece, piece_text, parse_piece,
                                       _fail)
from shared_rules.errors import RuleError

def legal_moves(self):
    """Every legal move of the pending decision, in a fixed order."""
    if self.stage == OVER:
        return []
    seat = self.turn
    if self.stage == BEFORE:
        return [(ROLL, g) for g in range(max(1, len(self.roads[seat])))]
    if self.stage == REROLL:
        out = [(STOP,)]
        counts = self.counts()
        total = len(self.dice)
        # every sub-multiset: counter over (counts[c] + 1) choices per colour
        keep = [0, 0, 0, 0, 0, 0]
        while True:
            kept = 0
            for c in range(6):
                kept += keep[c]
            if kept < total:
                t = []
                for c in range(6):
                    t.extend([c] * keep[c])
                out.append((KEEP, tuple(t)))
            c = 0
            while c < 6:
                if keep[c] < counts[c]:
                    keep[c] += 1
                    break
                keep[c] = 0
                c += 1
            if c == 6:
                break
        return out
    colour = self.colour
    k = self.counts()[colour]
    out = []
    for length in self.take_lengths(colour, k):
        out.append((TAKE, piece(colour, length)))
    for v in self.steals(seat, colour, k):
        out.append((STEAL, v))
    out.append((PASS,))
    return out

def move_count(self):
    """How many moves ``legal_moves()`` would list, without building them."""
    if self.stage == REROLL:
        total = 1
        for k in self.counts():
            total *= k + 1
        return total  # STOP, and every keep but the one of all dice
    if self.stage == BEFORE:
        return max(1, len(self.roads[self.turn]))
    return len(self.legal_moves())

def move_at(self, i):
    """``legal_moves()[i]`` without building the list (uniform sampling of a large decision:
    ``move_at(source.below(move_count()))``)."""
    if self.stage == REROLL:
        if i == 0:
            return (STOP,)
        i -= 1
        t = []
        counts = self.counts()
        for c in range(6):
            k = i % (counts[c] + 1)
            i //= counts[c] + 1
            t.extend([c] * k)
        return (KEEP, tuple(t))
    if self.stage == BEFORE:
        return (ROLL, i)
    return self.legal_moves()[i]


def move_text(self, move):
    """The record notation of a move of the pending seat."""
    kind = move[0]
    if kind == ROLL:
        return "roll" if not move[1] else "give " + str(move[1]) + " roll"
    if kind == KEEP:
        t = ""
        for c in move[1]:
            t += COLOURS[c].lower()
        return ("keep " + t) if t else "keep"
    if kind == STOP:
        return "stop"
    if kind == TAKE:
        return "take " + piece_text(move[1])
    if kind == STEAL:
        return "steal p" + str(move[1] + 1)
    if kind == PASS:
        return "pass"
    raise _fail("MOVE", "unknown move", "bad_move")

def describe(self, move, names):
    """One short line for people, before the move is applied (``ANA takes R3``)."""
    who = names[self.turn]
    kind = move[0]
    if kind == ROLL:
        if move[1]:
            return who + " gives back " + str(move[1]) + ", rolls"
        return who + " rolls"
    if kind == KEEP:
        t = ""
        for c in move[1]:
            t += COLOURS[c]
        return who + " keeps " + (t or "none")
    if kind == STOP:
        return who + " stops"
    if kind == TAKE:
        return who + " takes " + piece_text(move[1])
    if kind == STEAL:
        v = move[1]
        p = self.roads[v][0] if 0 <= v < self.n and self.roads[v] else 0
        return who + " steals " + piece_text(p) + " of " + names[v]
    if kind == PASS:
        return who + " passes on " + COLOUR_NAMES[self.colour]
    return who + " moves"



def parse_move(text):
    """A move from its record notation; RuleError("RECORD") if malformed."""
    w = text.split()
    if not w:
        raise RuleError("RECORD", "empty move", "bad_move")
    v = w[0]
    if v == "roll" and len(w) == 1:
        return (ROLL, 0)
    if v == "give" and len(w) == 3 and w[1].isdigit() and w[2] == "roll":
        return (ROLL, int(w[1]))
    if v == "stop" and len(w) == 1:
        return (STOP,)
    if v == "pass" and len(w) == 1:
        return (PASS,)
    if v == "keep" and len(w) <= 2:
        kept = []
        if len(w) == 2:
            for ch in w[1].upper():
                if ch not in COLOURS:
                    raise RuleError("RECORD", "'" + w[1] + "' is not a list of die colours", "bad_move")
                kept.append(COLOURS.index(ch))
        kept.sort()
        return (KEEP, tuple(kept))
    if v == "take" and len(w) == 2:
        return (TAKE, parse_piece(w[1]))
    if v == "steal" and len(w) == 2 and w[1][:1] == "p" and w[1][1:].isdigit():
        return (STEAL, int(w[1][1:]) - 1)
    raise RuleError("RECORD", "cannot read the move '" + text.strip() + "'", "bad_move")
