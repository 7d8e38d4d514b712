"""Phase 10, the board game (``shared_rules.phase10board.game``): the legal moves of the pending
decision, a move in the record notation and in a short line for people (English: records and
tools; the device's screens say it in the app's language). Loaded by ``Board.legal_moves``,
``move_text`` and ``describe`` when they are first asked for (on the device only the random
computer player and the record writer ask: code is RAM); the notation is read back by
``shared_rules.phase10board.desktop``."""

from shared_rules import RuleError
from shared_rules.groups import hit_ends
from shared_rules.phase10board.game import COLOUR_LETTERS, KIND_NAMES, TRACK
from shared_rules.phase10board.phases import BOARD_PHASES

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# constants of other modules, copied so that they compile away (tests/test_subset.py
# holds each to its source)
_LOW = const(1)  # shared_rules.groups.LOW
_ROLL = const(0)  # shared_rules.phase10board.game.ROLL
_GO = const(1)  # shared_rules.phase10board.game.GO
_PILE = const(2)  # shared_rules.phase10board.game.PILE
_SEARCH = const(3)  # shared_rules.phase10board.game.SEARCH
_SWAP = const(4)  # shared_rules.phase10board.game.SWAP
_ASK = const(5)  # shared_rules.phase10board.game.ASK
_FREE = const(6)  # shared_rules.phase10board.game.FREE
_PLAY = const(7)  # shared_rules.phase10board.game.PLAY
_KEEP = const(8)  # shared_rules.phase10board.game.KEEP
_DRAW_DECK = const(0)  # shared_rules.phase10board.game.DRAW_DECK
_TAKE_DISCARD = const(1)  # shared_rules.phase10board.game.TAKE_DISCARD
_LAY = const(2)  # shared_rules.phase10board.game.LAY
_HIT = const(3)  # shared_rules.phase10board.game.HIT
_DISCARD = const(4)  # shared_rules.phase10board.game.DISCARD
_M_ROLL = const(5)  # shared_rules.phase10board.game.M_ROLL
_M_GO = const(6)  # shared_rules.phase10board.game.M_GO
_PICK = const(7)  # shared_rules.phase10board.game.PICK
_M_SWAP = const(8)  # shared_rules.phase10board.game.M_SWAP
_M_ASK = const(9)  # shared_rules.phase10board.game.M_ASK
_M_FREE = const(10)  # shared_rules.phase10board.game.M_FREE
_M_KEEP = const(11)  # shared_rules.phase10board.game.M_KEEP
_DONE = const(12)  # shared_rules.phase10board.game.DONE
_CW = const(0)  # shared_rules.phase10board.game.CW
_CCW = const(1)  # shared_rules.phase10board.game.CCW
_K_DRAW = const(0)  # shared_rules.phase10board.game.K_DRAW
_K_SWAP = const(3)  # shared_rules.phase10board.game.K_SWAP
_K_FREE = const(7)  # shared_rules.phase10board.game.K_FREE
_KEEP_MAX = const(5)  # shared_rules.phase10board.game.KEEP_MAX
_JOKER_BIT = const(0x80)  # shared_rules.phase10board.game.JOKER_BIT

_E_BAD_MOVE = const(1)  # RuleError codes: words in shared_rules/desktop/errors.py


def space_name(space):
    """``+2``, ``SWAP3``, ``JOKER`` ..."""
    k = TRACK[space] >> 3
    if k == _K_DRAW:
        return "+" + str(TRACK[space] & 7)
    if k == _K_SWAP:
        return "SWAP" + str(TRACK[space] & 7)
    return KIND_NAMES[k].upper()


def card_text(c):
    """``R7``, ``P12``, a joker ``JG5``."""
    t = COLOUR_LETTERS[(c >> 4) & 3] + str(c & 15)
    return "J" + t if c & _JOKER_BIT else t


def cards_text(cards):
    return " ".join([card_text(c) for c in cards])


def legal(st, hand, laid, marker, table, targets, pile, can_deck, can_discard, free, kept):
    """The legal moves of decision ``st`` from the facts the deciding seat can see."""
    if st == _ROLL:
        return [(_M_ROLL,)]
    if st == _GO:
        return [(_M_GO, t[0]) for t in targets]
    if st == _PILE:
        out = []
        if can_deck:
            out.append((_DRAW_DECK,))
        if can_discard:
            out.append((_TAKE_DISCARD,))
        return out
    if st == _SEARCH:
        return [(_PICK, c) for c in _distinct(pile)]
    if st == _SWAP:
        return [(_M_SWAP, c) for c in _distinct(hand)]
    if st == _ASK:
        out = []
        for num in range(1, 13):
            out.append((_M_ASK, num, _CW))
            out.append((_M_ASK, num, _CCW))
        return out
    if st == _FREE:
        return [(_M_FREE, k) for k in range(_K_FREE) if free[k] >= 0]
    if st == _KEEP:
        out = [(_DONE,)]
        if kept < _KEEP_MAX:
            for c in _distinct(hand):
                out.append((_M_KEEP, c))
        return out
    if st != _PLAY:
        return []
    out = []
    cs = _distinct(hand)
    if not laid:
        from shared_rules import solver
        m, groups = solver.solve(hand, BOARD_PHASES[marker])
        if m == 0:
            out.append((_LAY, marker + 1, groups))
    else:
        for c in cs:
            for gi in range(len(table)):
                g = table[gi]
                for e in hit_ends(g[1], g[2], g[3], c):
                    out.append((_HIT, c, gi, e))
    for c in cs:
        out.append((_DISCARD, c))
    return out


def _distinct(cards):
    out = []
    for c in cards:
        if c not in out:
            out.append(c)
    out.sort()
    return out


def move_text(move):
    """The record notation of a move: ``roll``, ``go 12``, ``draw``, ``take``, ``search R7``,
    ``swap JG5``, ``ask 7 cw``, ``free joker``, ``lay 3: R3 P3 JG9 | Y4 Y5 R6 G7``,
    ``hit R8 2 high``, ``discard R7``, ``keep P9``, ``done``."""
    k = move[0]
    if k == _M_ROLL:
        return "roll"
    if k == _M_GO:
        return "go " + str(move[1])
    if k == _DRAW_DECK:
        return "draw"
    if k == _TAKE_DISCARD:
        return "take"
    if k == _PICK:
        return "search " + card_text(move[1])
    if k == _M_SWAP:
        return "swap " + card_text(move[1])
    if k == _M_ASK:
        return "ask " + str(move[1]) + (" cw" if move[2] == _CW else " ccw")
    if k == _M_FREE:
        return "free " + KIND_NAMES[move[1]]
    if k == _M_KEEP:
        return "keep " + card_text(move[1])
    if k == _DONE:
        return "done"
    if k == _LAY:
        return "lay " + str(move[1]) + ": " + " | ".join([cards_text(g) for g in move[2]])
    if k == _HIT:
        end = move[3]
        return "hit " + card_text(move[1]) + " " + str(move[2] + 1) + ("" if not end else (" low" if end == _LOW else " high"))
    if k == _DISCARD:
        return "discard " + card_text(move[1])
    raise RuleError(_E_BAD_MOVE)


def describe(g, move, names):
    """One short line for people, before the move is applied (at most 25 characters with
    names of up to 3 letters)."""
    who = names[g.turn]
    k = move[0]
    if k == _M_ROLL:
        return who + " rolls the dice"
    if k == _M_GO:
        return who + " to " + str(move[1]) + " " + space_name(move[1])
    if k == _DRAW_DECK:
        return who + " draws a card"
    if k == _TAKE_DISCARD:
        return who + " takes " + card_text(g.discard[-1])
    if k == _PICK:
        return who + " searches a card"
    if k == _M_SWAP:
        return who + " gives up a card"
    if k == _M_ASK:
        return who + " asks " + str(move[1]) + (" cw" if move[2] == _CW else " ccw")
    if k == _M_FREE:
        return who + " frees to " + KIND_NAMES[move[1]].upper()
    if k == _M_KEEP:
        return who + " keeps a card"
    if k == _DONE:
        return who + " keeps " + str(len(g.kept[g.turn]))
    if k == _LAY:
        return who + " lays phase " + str(g.phase_of(g.turn))
    if k == _HIT:
        grp = g.table[move[2]]
        owner = "own" if grp[0] == g.turn else names[grp[0]] + "'s"
        return who + ": " + card_text(move[1]) + " on " + owner + " " + ("set", "run", "colour")[grp[1]]
    if k == _DISCARD:
        return who + " discards " + card_text(move[1])
    return who + " moves"
